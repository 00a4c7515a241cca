#!/usr/bin/env python3
"""A match between sow's MCTS player and OpenSpiel's, sides alternating.

OpenSpiel (`pip install open_spiel`) plays its own implementation of the
game (`mancala` is Kalah, `oware` is Oware) with
`open_spiel.python.algorithms.mcts.MCTSBot` and a `RandomRolloutEvaluator`;
sow plays through its command line only: each of its turns is
`sow play VARIANT --resume GAME --SIDE mcts:N --OTHER human`, told `quit`
as soon as the human is to move, and the moves it made are read back with
`sow replay --json`. Every move of either side is checked legal in both
implementations, and every game's board and result must agree in both, so a
difference in the rules stops the match instead of skewing it.

Moves: sow labels South's houses A-F and North's a-f, each row from its
owner's left (tests/fixtures/kalah.jsonl holds OpenSpiel games in that
notation). OpenSpiel's Kalah numbers its 14 pits counter-clockwise from
North's store (0): South plays 1-6 (A-F), North 8-13 (a-f). Its Oware
numbers the mover's own houses 0-5 from the mover's left.

    python3 scripts/vs_openspiel.py kalah --games 40 --playouts 1000
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

OPENSPIEL_NAME = {"kalah": "mancala", "oware": "oware"}


def action_of(variant, label):
    """OpenSpiel's action for a sow move label."""
    south = label.isupper()
    index = ord(label.lower()) - ord("a")
    if variant == "kalah":
        return 1 + index if south else 8 + index
    return index


def label_of(variant, action, player):
    """The sow label of an OpenSpiel action by `player` (0 South, 1 North)."""
    index = action - (1 if player == 0 else 8) if variant == "kalah" else action
    label = chr(ord("a") + index)
    return label.upper() if player == 0 else label


def record_text(variant, moves, sow_side, playouts):
    south, north = ("sow", "openspiel") if sow_side == 0 else ("openspiel", "sow")
    return (
        f'[Variant "{variant}"]\n[South "{south}"]\n[North "{north}"]\n\n'
        + " ".join(moves)
        + " *\n"
    )


def sow_moves(sow, variant, moves, sow_side, playouts, seed, workdir):
    """The moves sow's MCTS makes from the game so far, until the opponent is
    to move or the game ends, and the replayed game as sow's JSON."""
    game = os.path.join(workdir, "game.sow")
    out = os.path.join(workdir, "out.sow")
    with open(game, "w") as f:
        f.write(record_text(variant, moves, sow_side, playouts))
    if os.path.exists(out):
        os.remove(out)
    me, other = ("--south", "--north") if sow_side == 0 else ("--north", "--south")
    command = [sow, "play", variant, "--resume", game, me, f"mcts:{playouts}",
               other, "human", "--record", out, "--seed", str(seed)]
    subprocess.run(command, input="quit\n", text=True, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    replayed = subprocess.run([sow, "replay", "--json", out], text=True,
                              check=True, capture_output=True).stdout
    last = json.loads(replayed.strip().splitlines()[-1])
    played = [ply["move"] for ply in last["plies"]]
    assert played[: len(moves)] == moves, "sow changed the game so far"
    return played[len(moves):]


def play_game(args, number, sow_side, workdir):
    game = pyspiel.load_game(OPENSPIEL_NAME[args.variant])
    state = game.new_initial_state()
    rng = np.random.RandomState(args.seed * 1000 + number)
    bot = mcts.MCTSBot(
        game,
        uct_c=args.uct_c,
        max_simulations=args.playouts,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
        solve=True,
    )
    moves = []
    while not state.is_terminal():
        player = state.current_player()
        if player == sow_side:
            seed = args.seed * 1_000_000 + number * 1000 + len(moves)
            new = sow_moves(args.sow, args.variant, moves, sow_side,
                            args.playouts, seed, workdir)
            assert new, "sow made no move"
            for label in new:
                assert not state.is_terminal(), "sow played on after the end"
                action = action_of(args.variant, label)
                assert action in state.legal_actions(), f"{label}: illegal in OpenSpiel"
                state.apply_action(action)
                moves.append(label)
                if state.is_terminal() or state.current_player() != sow_side:
                    break
        else:
            action = bot.step(state)
            moves.append(label_of(args.variant, action, player))
            state.apply_action(action)
    returns = state.returns()
    # sow's own verdict on the same moves must agree.
    path = os.path.join(workdir, "final.sow")
    with open(path, "w") as f:
        f.write(record_text(args.variant, moves, sow_side, args.playouts))
    replayed = subprocess.run([args.sow, "replay", "--json", path], text=True,
                              check=True, capture_output=True).stdout
    sow_game = json.loads(replayed)
    expected = {1: "1-0", -1: "0-1", 0: "1/2-1/2"}[int(np.sign(returns[0]))]
    assert sow_game["result"] == expected, (moves, sow_game["result"], returns)
    return returns[sow_side], moves, sow_game["score"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", choices=sorted(OPENSPIEL_NAME))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--uct-c", type=float, default=2.0,
                        help="OpenSpiel's exploration constant (results in [-1, 1])")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sow", default="target/release/sow")
    parser.add_argument("--records", help="write every game's record here")
    args = parser.parse_args()
    wins = draws = losses = 0
    records = []
    with tempfile.TemporaryDirectory() as workdir:
        for number in range(args.games):
            sow_side = number % 2
            result, moves, score = play_game(args, number, sow_side, workdir)
            wins += result > 0
            draws += result == 0
            losses += result < 0
            side = "South" if sow_side == 0 else "North"
            print(f"game {number + 1}: sow {side}, "
                  f"{'win' if result > 0 else 'loss' if result < 0 else 'draw'}"
                  f" {score[0]}-{score[1]}, {len(moves)} plies", flush=True)
            records.append(record_text(args.variant, moves, sow_side, args.playouts)
                           .replace(" *\n", " " + {1: "1-0", -1: "0-1", 0: "1/2-1/2"}[
                               int(np.sign(result if sow_side == 0 else -result))] + "\n"))
    if args.records:
        with open(args.records, "w") as f:
            f.write("\n".join(records))
    games = wins + draws + losses
    print(f"{args.variant}: sow mcts:{args.playouts} vs OpenSpiel MCTSBot"
          f" (uct_c {args.uct_c}, {args.playouts} simulations, random rollouts),"
          f" {games} games, sides alternating:"
          f" sow wins {wins}, draws {draws}, losses {losses},"
          f" score {100 * (wins + draws / 2) / games:.1f}%")


if __name__ == "__main__":
    sys.exit(main())
