"""Every shipped variant as a PettingZoo AEC environment passes
PettingZoo's own API test."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import sow
from sow.pettingzoo import env


@pytest.mark.parametrize("name", sow.variants())
def test_api(name):
    api_test(env(name), num_cycles=200)


def test_a_whole_game_by_masks():
    e = env("wouri")
    e.reset(seed=1)
    plies = 0
    final = {}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            final[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        e.step(int(legal[plies % len(legal)]))
        plies += 1
    assert e._game.is_over()
    assert sorted(final) == ["player_0", "player_1"]
    south, north = e._game.returns()
    assert final == {"player_0": south, "player_1": north}
    assert south + north == 0


def test_only_the_player_to_move_sees_legal_actions():
    e = env("oware")
    e.reset()
    assert e.agent_selection == "player_0"
    assert list(e.observe("player_0")["action_mask"]) == [1] * 6
    assert list(e.observe("player_1")["action_mask"]) == [0] * 6
    e.step(2)
    assert e.agent_selection == "player_1"
    assert list(e.observe("player_1")["observation"][:12]) == [5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5]
