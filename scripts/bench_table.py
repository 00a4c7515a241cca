#!/usr/bin/env python3
"""Prints docs/performance.md's table of every shipped variant's speed, from
`sow bench --all` (run from the repository root, after `cargo build
--release`).

Usage: scripts/bench_table.py [GAMES]   (default 20000)
"""
import subprocess
import sys

games = sys.argv[1] if len(sys.argv) > 1 else "20000"
out = subprocess.run(
    ["target/release/sow", "bench", "--all", "--games", games, "--threads", "1"],
    capture_output=True, text=True, check=True).stdout
print("| variant | games/s | million plies/s | peak memory (MiB) | engine |")
print("| --- | ---: | ---: | ---: | --- |")
for line in out.splitlines()[1:]:
    fields = line.split()
    name, games_per_s, mplies, peak = fields[0], fields[4], fields[5], fields[6]
    engine = " ".join(fields[8:])  # fields[7] is the checksum
    print(f"| `{name}` | {int(games_per_s):,} | {mplies} | {peak} | {engine} |")
