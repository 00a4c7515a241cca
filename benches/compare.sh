#!/usr/bin/env bash
# Speed against the hand-written C references, alternated in one run:
#   benches/compare.sh [RUNS] [GAMES]
# Builds sow (release) and the C engines in benches/reference/, then plays
# GAMES random games per engine and variant, RUNS times, alternating sow and
# C so that both see the same machine. Prints each run's CPU seconds (user
# time, which another process on the machine disturbs least) and the ratio
# C / sow: above 1, sow is faster.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
games=${2:-200000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cargo build --release --quiet
cc -O2 -march=native benches/reference/oware.c -o "$out/oware-ref"
cc -O2 -march=native benches/reference/kalah.c -o "$out/kalah-ref"

TIMEFORMAT=%U
cpu() { { time "$@" >/dev/null; } 2>&1; }

for variant in oware kalah; do
  ratios=()
  for run in $(seq 1 "$runs"); do
    s=$(cpu target/release/sow bench "$variant" --games "$games" --seed "$run" --threads 1)
    c=$(cpu "$out/$variant-ref" bench "$games" "$run")
    ratio=$(awk -v c="$c" -v s="$s" 'BEGIN { printf "%.2f", c / s }')
    ratios+=("$ratio")
    echo "$variant run $run: sow ${s}s, C ${c}s, ratio $ratio"
  done
  sorted=$(printf '%s\n' "${ratios[@]}" | sort -n | tr '\n' ' ')
  median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  echo "$variant: ratios $sorted(median $median)"
done
