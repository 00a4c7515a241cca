"""Random games of Oware from Python: OpenSpiel's own C++ `oware`, the same
game as `python_sow`, `sow.Game` driven from Python, and `sow.bench` (the
games in Rust). The four are timed in turn, round after round, so that a
noisy machine slows each alike; the medians and the ratios to OpenSpiel's
C++ game are printed.

    python python/benchmarks/random_games.py [--rounds 7] [--games 300]
"""

import argparse
import random
import statistics
import time

import pyspiel

import sow
import sow.openspiel


def spiel_games(game, games, rng):
    plies = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return plies


def sow_games(variant, games, rng):
    plies = 0
    for _ in range(games):
        game = sow.Game(variant)
        while not game.is_over():
            game.play_action(rng.choice(game.legal_actions()))
            plies += 1
    return plies


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    cpp = pyspiel.load_game("oware")
    python_sow = sow.openspiel.load("oware")
    variant = sow.Variant.load("oware")
    runs = {
        "OpenSpiel oware (C++), from Python": lambda rng: spiel_games(cpp, args.games, rng),
        "python_sow oware, from Python": lambda rng: spiel_games(python_sow, args.games, rng),
        "sow.Game, from Python": lambda rng: sow_games(variant, args.games, rng),
        "sow.bench (games in Rust)": lambda rng: sow.bench(
            variant, games=args.games * 100, seed=rng.randrange(1 << 30)
        )["plies"],
    }
    rates = {name: [] for name in runs}
    for round_ in range(args.rounds):
        for name, run in runs.items():
            rng = random.Random(round_)
            start = time.perf_counter()
            plies = run(rng)
            rates[name].append(plies / (time.perf_counter() - start))
    base = statistics.median(rates["OpenSpiel oware (C++), from Python"])
    print(f"{'':40} {'plies/s':>12} {'× OpenSpiel':>12}")
    for name, values in rates.items():
        median = statistics.median(values)
        print(f"{name:40} {median:12,.0f} {median / base:12.2f}")


if __name__ == "__main__":
    main()
