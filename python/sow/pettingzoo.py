"""Every `sow` variant as a PettingZoo AEC environment, with action masks::

    from sow.pettingzoo import env
    e = env("oware")
    e.reset(seed=42)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(np.flatnonzero(mask)[0])
        e.step(action)

Agents are ``player_0`` (South, who moves first) and ``player_1``
(North). A player may move twice in a row where the variant gives an extra
turn: `agent_selection` always names the player to move. An observation is
a dict: ``observation``, the numbers `sow.Game.observation` gives for that
agent (their own houses first), and ``action_mask``, 1 for each legal
action of the agent to move (all 0 for the other). Rewards are 1, -1 and 0
for a win, a loss and a draw, given when the game ends; a game still going
after `max_plies` plies is truncated with no reward. Where the variant
deals its start at random, `reset(seed=...)` draws the deal.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import sow

DEFAULT_MAX_PLIES = 5000


def env(variant="oware", render_mode=None, max_plies=DEFAULT_MAX_PLIES):
    """The AEC environment of `variant` (a name, a path, or a
    `sow.Variant`)."""
    return SowEnv(variant, render_mode=render_mode, max_plies=max_plies)


class SowEnv(AECEnv):
    """A `sow` variant as a two-player AEC environment."""

    metadata = {
        "name": "sow_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, variant="oware", render_mode=None, max_plies=DEFAULT_MAX_PLIES):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        if not isinstance(variant, sow.Variant):
            variant = sow.Variant.load(variant)
        self.variant = variant
        self.render_mode = render_mode
        self.max_plies = int(max_plies)
        self.possible_agents = ["player_0", "player_1"]
        self.agents = list(self.possible_agents)
        actions = variant.num_actions
        self._action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    # Seeds, layer values and word codes all fit a byte.
                    "observation": spaces.Box(
                        0.0, 255.0, (variant.observation_size,), np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._game = None

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def _agent(self, player):
        return self.possible_agents[player]

    def reset(self, seed=None, options=None):
        self._game = sow.Game(self.variant, deal=seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self._game.to_move())

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        mask = np.zeros(self.variant.num_actions, np.int8)
        if agent == self.agent_selection and not self._game.is_over():
            mask[self._game.legal_actions()] = 1
        return {
            "observation": np.asarray(self._game.observation(player), np.float32),
            "action_mask": mask,
        }

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self._game.play_action(int(action))
        self.rewards = {a: 0 for a in self.agents}
        if self._game.is_over():
            south, north = self._game.returns()
            self.rewards = {"player_0": south, "player_1": north}
            self.terminations = {a: True for a in self.agents}
        elif self._game.plies() >= self.max_plies:
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = self._agent(self._game.to_move())
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self._game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
