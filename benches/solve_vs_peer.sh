#!/usr/bin/env bash
# sow's solver against a peer solver of Kalah, alternated in one run:
#   PEER_BIN=/path/to/Mancala benches/solve_vs_peer.sh [RUNS] [SEEDS...]
# The peer is CMancala (https://github.com/LifesLight/CMancala, MIT), built
# by hand from its public source outside this repository; this script only
# runs it, through its headless API (`Mancala --api`: `ROOT n` gives the
# start of n seeds a house, `SOLVE code` its value and best move).
# PEER_ARGS (default `--cache 28`) sets its table: 2^28 entries.
#
# For each board Kalah(6,n), n in SEEDS (default 2 3 4), RUNS times
# (default 1), it times `sow solve --best` (the start's value and one best
# move, on a copy of variants/kalah.toml with n seeds a house) and the peer's
# SOLVE of the same start, one after the other, and checks that the values
# agree. Each line gives both wall and CPU (user) seconds; the last line is
#   kalah(6,N): sow/peer wall R
# for the largest N: R is sow's wall time over the peer's (the median of
# the runs); below 1, sow is faster.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${PEER_BIN:-}" || ! -x "$PEER_BIN" ]]; then
  echo "solve_vs_peer.sh: set PEER_BIN to the peer solver's binary (CMancala's Mancala)" >&2
  exit 2
fi
runs=${1:-1}
shift || true
seeds=("$@")
[[ ${#seeds[@]} -gt 0 ]] || seeds=(2 3 4)
peer_args=${PEER_ARGS:---cache 28}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cargo build --release --quiet --bin sow

# `wall user` seconds of a command whose output goes to "$out/last" (its
# progress lines to "$out/err", shown where it fails).
timed() {
  /usr/bin/time -f "%e %U" -o "$out/time" "$@" >"$out/last" 2>"$out/err" || { cat "$out/err" >&2; exit 1; }
  cat "$out/time"
}

for n in "${seeds[@]}"; do
  # A user's variant may not take a shipped variant's name or aliases.
  sed -e "s/^seeds_per_house = 4/seeds_per_house = $n/" \
      -e "s/^name = \"kalah\"/name = \"kalah-6-$n\"/" \
      -e '/^aliases/d' variants/kalah.toml >"$out/kalah-6-$n.toml"
  code=$(printf 'ROOT %s\nQUIT\n' "$n" | "$PEER_BIN" --api | awk '$1 == "OK" { print $3 }')
  ratios=()
  for run in $(seq 1 "$runs"); do
    read -r sow_wall sow_cpu < <(timed target/release/sow solve "$out/kalah-6-$n.toml" --best --json)
    sow_value=$(grep -o '"value":-\?[0-9]*' "$out/last" | head -1 | cut -d: -f2)
    # shellcheck disable=SC2086 # PEER_ARGS is a list of arguments
    read -r peer_wall peer_cpu < <(printf 'SOLVE %s\nQUIT\n' "$code" | timed "$PEER_BIN" --api $peer_args)
    peer_value=$(awk '$1 == "OK" && $2 == "EVAL" { print $3 }' "$out/last")
    if [[ "$sow_value" != "$peer_value" ]]; then
      echo "kalah(6,$n): the values differ: sow $sow_value, peer $peer_value" >&2
      exit 1
    fi
    ratio=$(awk -v s="$sow_wall" -v p="$peer_wall" 'BEGIN { printf "%.2f", s / p }')
    ratios+=("$ratio")
    echo "kalah(6,$n) run $run: value $sow_value; sow ${sow_wall}s wall ${sow_cpu}s CPU, peer ${peer_wall}s wall ${peer_cpu}s CPU; sow/peer wall $ratio"
  done
  median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  echo "kalah(6,$n): sow/peer wall $median"
done
