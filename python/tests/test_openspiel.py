"""Every shipped variant as an OpenSpiel game passes OpenSpiel's own
conformance test, with serialisation, and OpenSpiel's MCTS bot plays it."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import sow
import sow.openspiel

sow.openspiel.register()


@pytest.mark.parametrize("name", sow.variants())
def test_random_simulations_with_serialisation(name):
    game = sow.openspiel.load(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sow.variants())
def test_mcts_bot_plays_a_whole_game(name):
    game = sow.openspiel.load(name)
    rng = np.random.RandomState(1)
    evaluator = sow.openspiel.RolloutEvaluator(n_rollouts=1, seed=1)
    bots = [mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert sum(returns) == 0
    assert set(returns) <= {-1.0, 0.0, 1.0}


def test_mcts_with_openspiels_own_rollouts_plays_oware():
    game = sow.openspiel.load("oware")
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == 0


def test_actions_are_the_variants_moves_seen_from_the_mover():
    game = sow.openspiel.load("oware")
    assert game.num_distinct_actions() == 6
    state = game.new_initial_state()
    state.apply_action(2)  # South's C
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert state.action_to_string(1, 0) == "a"  # North's first house
    state.apply_action(0)
    assert state.history() == [2, 0]
    assert str(state) == "4,4,0,5,5,5/0,5,5,5,5,5 0-0 S"


def test_the_observation_is_seen_from_each_player():
    game = sow.openspiel.load("kalah")
    state = game.new_initial_state()
    state.apply_action(2)  # South's C: 4 seeds to D, E, F and her store
    south = np.array(state.observation_tensor(0))
    north = np.array(state.observation_tensor(1))
    assert list(south[:14]) == [4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4, 1, 0]
    assert list(north[:14]) == [4, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5, 0, 1]
    # South moves again (her last seed fell in her store).
    assert (south[14], north[14]) == (1, 0)
    assert game.observation_tensor_size() == len(south)


def test_returns_follow_the_variants_winner():
    game = sow.openspiel.load("oware")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    sow_game = state.sow_game()
    winner = sow_game.winner()
    expected = {"south": [1.0, -1.0], "north": [-1.0, 1.0], None: [0.0, 0.0]}[winner]
    assert state.returns() == expected


def test_a_variant_file_of_ones_own_loads_by_path(tmp_path):
    text = sow.Variant.load("oware").toml.replace('name = "oware"', 'name = "my-oware"')
    text = text.replace('aliases = ["abapa", "oware-abapa", "awale", "awari"]', "")
    path = tmp_path / "my_oware.toml"
    path.write_text(text)
    game = sow.openspiel.load(str(path))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_bad_parameters_raise():
    with pytest.raises(ValueError, match="did you mean"):
        sow.openspiel.load("owre")
    with pytest.raises(ValueError, match="max_plies"):
        sow.openspiel.load("oware", max_plies=0)
