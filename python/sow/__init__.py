"""`sow`: every sowing game (mancala) as data, from Python.

A variant is a TOML file of rules; `sow` ships 198 of them (Oware, Kalah,
Ouri, Wouri, MancalaGames' 141, Ludii's Bao family on four rows and more)::

    import sow
    game = sow.Game("oware")
    game.play("C")                  # a move in the notation,
    game.play(0)                    # or its index in game.legal_moves()
    print(game)                     # the board
    print(sow.best_move(game, "alphabeta:8"))

`sow.openspiel` registers every variant as an OpenSpiel game,
`sow.pettingzoo` makes AEC environments, `sow.sweep` runs a family of
variants (locally or on Ray). Everything runs in the Rust library; a
batch call (`bench`, `compare`) never crosses into Python per ply.
"""

import json as _json

from sow._sow import STOP_TIMES, Game, Variant
from sow._sow import bench as _bench
from sow._sow import best_move
from sow._sow import compare as _compare
from sow._sow import solve as _solve
from sow._sow import variants
from sow.errors import ParseError, RuleError, SowError

__all__ = [
    "Game",
    "Variant",
    "SowError",
    "ParseError",
    "RuleError",
    "variants",
    "best_move",
    "solve",
    "bench",
    "compare",
    "STOP_TIMES",
]


def solve(game, seconds=None, table_mb=512, moves="every", threads=1, max_nodes=None):
    """Solves `game`'s position exactly.

    Returns a dict: ``value``, the final seed difference for the side to
    move with best play on both sides (``None`` until proven); ``bounds``,
    the bounds proven; ``moves``, each legal move's value and bounds
    (``moves="one_best"`` values one best move only, which is quicker);
    ``nodes``, ``seconds``, and ``stopped``, why it stopped early if it did.
    `seconds` stops the solve early, and so does `max_nodes` after about
    that many nodes. `threads` search at once, sharing one table: the
    values are the same at any count. Raises `RuleError` for a variant the
    solver does not take (rounds, a random start).
    """
    return _json.loads(_solve(game, seconds, table_mb, moves, threads, max_nodes))


def bench(variant, games=1000, seed=1, threads=1):
    """Plays `games` uniformly random games in Rust; returns a dict of
    games, plies, seconds and the checksum (``sow bench``'s: the same seed
    gives the same checksum whatever the thread count)."""
    return _json.loads(_bench(variant, games, seed, threads))


def compare(variants, games=1000, seed=1, players=("random", "random"), threads=1):
    """Plays `games` games of each variant between two players (South,
    North: ``"random"``, ``"greedy"``, ``"alphabeta:6"``, ``"mcts:1000"``)
    as ``sow compare`` does; returns one dict a variant: each side's wins
    with their 95% interval, draws, game lengths, captures, endings and
    branching."""
    if isinstance(variants, (str, Variant)):
        variants = [variants]
    return _json.loads(_compare(list(variants), games, seed, tuple(players), threads))
