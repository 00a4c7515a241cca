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
cargo build -q --bin sow
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
    target/debug/sow import "$game" > "variants/mancalagames/$stem.toml.new"
    mv "variants/mancalagames/$stem.toml.new" "variants/mancalagames/$stem.toml"
    echo "$stem"
done
