"""Every `sow` variant as an OpenSpiel game.

One game, ``python_sow``, takes the variant as a parameter::

    import pyspiel, sow.openspiel
    sow.openspiel.register()
    game = pyspiel.load_game("python_sow", {"variant": "wouri"})
    # or: sow.openspiel.load("wouri")

One registration rather than one a variant because a variant is data: the
parameter also takes a path to a variant file of your own, the game string
(``python_sow(max_plies=5000,variant=wouri)``) names the variant, so a
serialised game and state load back as they were, and a new shipped
variant needs no new registration.

Parameters:

- ``variant``: a shipped name or alias, or a path to a ``.toml`` file
  (default ``oware``);
- ``max_plies``: a game still going after this many plies stops as a draw
  (default 5000, as ``sow compare`` caps its games; no shipped variant's
  random games come near it, but nothing bounds a game in general, and
  OpenSpiel needs a bound);
- ``deal``: where the variant deals its start at random, the seed of the
  deal (default 0): the game stays deterministic, one deal a game.

Actions are `sow`'s action ids (`Game.legal_actions`): one id a move, the
house and the choices inside it together, seen from the mover (action 0 is
the mover's first house, whichever side moves), so Oware has 6 and Kalah 6.
The observation tensor is `Game.observation(player)`: the seeds in every
house (the observer's first) and in each store, whose turn it is, and the
variant's per-house layers and state words. Returns are 1, -1 and 0 for a
win, a loss and a draw, as the variant decides the winner.
"""

import numpy as np
import pyspiel

import sow

SHORT_NAME = "python_sow"
DEFAULT_VARIANT = "oware"
DEFAULT_MAX_PLIES = 5000

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Sowing games (mancala), every variant of sow",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "variant": DEFAULT_VARIANT,
        "max_plies": DEFAULT_MAX_PLIES,
        "deal": 0,
    },
)


class SowGame(pyspiel.Game):
    """A `sow` variant as an OpenSpiel game."""

    def __init__(self, params=None):
        params = dict(params or {})
        name = params.get("variant", DEFAULT_VARIANT)
        self.max_plies = int(params.get("max_plies", DEFAULT_MAX_PLIES))
        if self.max_plies < 1:
            raise ValueError(f"max_plies {self.max_plies}: at least 1")
        self.deal = int(params.get("deal", 0))
        self.variant = sow.Variant.load(name)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.variant.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_plies,
        )
        super().__init__(
            _GAME_TYPE,
            info,
            {"variant": name, "max_plies": self.max_plies, "deal": self.deal},
        )

    def new_initial_state(self):
        return SowState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (
            iig_obs_type.public_info and not iig_obs_type.perfect_recall
        ):
            return SowObserver(self.variant, params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class SowState(pyspiel.State):
    """A position of a `sow` game, with its history."""

    def __init__(self, game):
        super().__init__(game)
        self._max_plies = game.max_plies
        self._game = sow.Game(game.variant, deal=game.deal)
        self._update()

    def _update(self):
        # OpenSpiel asks whose turn it is far more often than it moves:
        # worked out once a move.
        over = self._game.is_over() or self._game.plies() >= self._max_plies
        self._player = pyspiel.PlayerId.TERMINAL if over else self._game.to_move()

    def current_player(self):
        return self._player

    def _legal_actions(self, player):
        if player != self._player:
            return []
        return self._game.legal_actions()

    def _apply_action(self, action):
        self._game.play_action(action)
        self._update()

    def _action_to_string(self, player, action):
        return self._game.action_to_move(action, player)

    def is_terminal(self):
        return self._player == pyspiel.PlayerId.TERMINAL

    def returns(self):
        south, north = self._game.returns()
        return [south, north]

    def sow_game(self):
        """The `sow.Game` behind the state (a copy)."""
        return self._game.clone()

    def __str__(self):
        return self._game.position()


class SowObserver:
    """The observation tensor and string of a `sow` position."""

    def __init__(self, variant, params):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.tensor = np.zeros(variant.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state._game.observation(player)

    def string_from(self, state, player):
        del player
        return state._game.position()


class RolloutEvaluator:
    """An evaluator for OpenSpiel's MCTS (`mcts.MCTSBot`) whose random
    rollouts are played in Rust (`sow.Game.random_playout`): the same
    uniform random games as OpenSpiel's `RandomRolloutEvaluator`, without
    a crossing into Python per ply."""

    def __init__(self, n_rollouts=1, seed=0):
        self.n_rollouts = n_rollouts
        self._seed = seed

    def evaluate(self, state):
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            self._seed += 1
            total += state._game.random_playout(self._seed, state._max_plies)
        return total / self.n_rollouts

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


_registered = False


def register():
    """Registers ``python_sow`` with OpenSpiel (once; later calls do
    nothing)."""
    global _registered
    if not _registered:
        pyspiel.register_game(_GAME_TYPE, SowGame)
        _registered = True


def load(variant=DEFAULT_VARIANT, **params):
    """The OpenSpiel game of `variant` (registering ``python_sow`` first)."""
    register()
    return pyspiel.load_game(SHORT_NAME, {"variant": variant, **params})
