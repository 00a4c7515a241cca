#!/usr/bin/env bash
# The guard against slowing down: times two builds of sow on every variant
# the older one ships, alternating them so that both see the same machine.
#
#   benches/compare_builds.sh OLD_SOW NEW_SOW [GAMES] [RUNS] [ENGINE]
#
# For each variant, RUNS times: OLD then NEW play GAMES random games
# (`sow bench VARIANT --games GAMES --seed RUN --threads 1 --engine
# ENGINE`, ENGINE `fastest` by default, or `general`). Prints each variant's
# median plies/s for both and their ratio (NEW / OLD: below 1, NEW is
# slower), marks those more than 10% slower, and fails when a checksum
# differs: the same seed must play the same games on both builds.
#
# With COUNT=instructions in the environment, each build's work is counted
# instead of timed: the instructions valgrind counts for the bench
# (`valgrind --tool=cachegrind`), less those of a one-game bench, so that
# loading the variants does not count. Counts do not change with the
# machine's load, so one run suffices and other work may run beside it;
# the ratio is OLD / NEW instructions (below 1, NEW does more work). The
# start-up varies by a thousand or two instructions from run to run: give
# short games (Kalah's) GAMES of 5 or more, so that the games outweigh it.
# VARIANTS="oware kalah" in the environment times those variants only.
# Build the older one from a worktree of its commit, for example:
#   git worktree add /tmp/old <commit> && (cd /tmp/old && cargo build --release)
set -euo pipefail
old=${1:?usage: compare_builds.sh OLD_SOW NEW_SOW [GAMES] [RUNS] [ENGINE]}
new=${2:?usage: compare_builds.sh OLD_SOW NEW_SOW [GAMES] [RUNS] [ENGINE]}
games=${3:-500}
runs=${4:-3}
engine=${5:-fastest}

# The second column of `sow variants --format csv` is the name, the second
# quoted field (the unquoted `rows` column follows it).
# VARIANTS in the environment (names, space-separated) times those only.
variants=${VARIANTS:-$("$old" variants --format csv | tail -n +2 | awk -F'"' '{ print $4 }')}
count=${COUNT:-time}
bench() { "$1" bench "$2" --games "$games" --seed "$3" --threads 1 --engine "$engine" | awk 'NR == 2 { print $6, $8 }'; }
# The instructions of `sow bench` with these arguments, as valgrind counts.
instructions() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    awk '/I +refs/ { gsub(",", "", $NF); print $NF }'
}
if [ "$count" = instructions ]; then
  command -v valgrind >/dev/null || { echo "COUNT=instructions needs valgrind" >&2; exit 2; }
  # Millions of instructions per game played, the start-up's left out;
  # reported in place of plies/s, so that above 1 NEW does less work.
  bench() {
    local all one
    all=$(instructions "$1" bench "$2" --games "$games" --seed "$3" --threads 1 --engine "$engine")
    one=$(instructions "$1" bench "$2" --games 1 --seed "$3" --threads 1 --engine "$engine")
    local checksum
    checksum=$("$1" bench "$2" --games "$games" --seed "$3" --threads 1 --engine "$engine" | awk 'NR == 2 { print $8 }')
    [ -n "$all" ] && [ -n "$one" ] && [ -n "$checksum" ] || return 0
    # Games per million instructions: larger is faster, as plies/s is.
    awk -v a="$all" -v o="$one" -v g="$games" -v c="$checksum" 'BEGIN { printf "%.6f %s\n", (g - 1) / ((a - o) / 1e6), c }'
  }
fi
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

slower=0
mismatch=0
ratios=()
if [ "$count" = instructions ]; then unit=games/Minstr; else unit=Mplies/s; fi
printf '%-32s %12s %12s %7s\n' variant "old_$unit" "new_$unit" ratio
for variant in $variants; do
  olds=()
  news=()
  for run in $(seq 1 "$runs"); do
    read -r o oc <<<"$(bench "$old" "$variant" "$run")"
    read -r n nc <<<"$(bench "$new" "$variant" "$run")"
    if [ -z "$o" ] || [ -z "$n" ]; then
      # A bench that failed is no ratio of 1.00: stop and say so.
      echo "$variant: sow bench failed on a build" >&2
      exit 1
    fi
    olds+=("$o")
    news+=("$n")
    if [ "$oc" != "$nc" ]; then
      echo "$variant seed $run: checksum $oc on the old build, $nc on the new" >&2
      mismatch=$((mismatch + 1))
    fi
  done
  o=$(printf '%s\n' "${olds[@]}" | median)
  n=$(printf '%s\n' "${news[@]}" | median)
  ratio=$(awk -v o="$o" -v n="$n" 'BEGIN { printf "%.2f", (o > 0 ? n / o : 1) }')
  ratios+=("$ratio")
  mark=""
  if awk -v r="$ratio" 'BEGIN { exit !(r < 0.9) }'; then
    mark="  slower"
    slower=$((slower + 1))
  fi
  printf '%-32s %12s %12s %7s%s\n' "$variant" "$o" "$n" "$ratio" "$mark"
done
echo "median ratio $(printf '%s\n' "${ratios[@]}" | median) over ${#ratios[@]} variants; $slower more than 10% slower; $mismatch checksums differ"
[ "$mismatch" -eq 0 ]
