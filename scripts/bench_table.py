#!/usr/bin/env python3
"""Prints docs/performance.md's table of every shipped variant's speed, from
`sow bench --all` (run from the repository root, after `cargo build
--release`), or from a file that holds its output (benches/bench-all.txt,
the figures kept for comparison).

Usage: scripts/bench_table.py [GAMES | FILE]   (default 20000 games)
"""
import os
import subprocess
import sys

arg = sys.argv[1] if len(sys.argv) > 1 else "20000"
if os.path.isfile(arg):
    with open(arg) as f:
        # Lines starting with '#' say where the figures come from.
        out = "".join(line for line in f if not line.startswith("#"))
else:
    out = subprocess.run(
        ["target/release/sow", "bench", "--all", "--games", arg, "--threads", "1"],
        capture_output=True, text=True, check=True).stdout
print("| variant | games/s | million plies/s | peak memory (MiB) | engine |")
print("| --- | ---: | ---: | ---: | --- |")
for line in out.splitlines()[1:]:
    fields = line.split()
    name, games_per_s, mplies, peak = fields[0], fields[4], fields[5], fields[6]
    engine = " ".join(fields[8:])  # fields[7] is the checksum
    print(f"| `{name}` | {int(games_per_s):,} | {mplies} | {peak} | {engine} |")
