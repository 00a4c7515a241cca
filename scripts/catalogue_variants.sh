#!/bin/sh
# Writes variants/mancalagames/<stem>.toml, the catalogue games sow ships,
# with `sow import` from their MancalaGames game files
# (tests/fixtures/mancalagames/GameProps/<Game>.txt), and fails on a game
# file it cannot import. The importer (src/import/) holds the mapping and
# the rulings; the tests check that every shipped file is its output.
#
# Usage: scripts/catalogue_variants.sh [STEM ...]   (default: every game file)
set -eu
cd "$(dirname "$0")/.."
# Built once: each file written would make `cargo run` rebuild (build.rs
# embeds the directory).
cargo build -q --bin sow
sow="${CARGO_TARGET_DIR:-target}/debug/sow"
new=$(mktemp)
trap 'rm -f "$new"' EXIT
mkdir -p variants/mancalagames
if [ "$#" -eq 0 ]; then
    set -- tests/fixtures/mancalagames/GameProps/*.txt
else
    for stem in "$@"; do
        shift
        set -- "$@" "tests/fixtures/mancalagames/GameProps/$stem.txt"
    done
fi
for game in "$@"; do
    stem=$(basename "$game" .txt | tr '[:upper:]' '[:lower:]')
    "$sow" import "$game" > "$new"
    # Unchanged files keep their time stamp, so nothing rebuilds for them.
    cmp -s "$new" "variants/mancalagames/$stem.toml" || cp "$new" "variants/mancalagames/$stem.toml"
    echo "$stem"
done
