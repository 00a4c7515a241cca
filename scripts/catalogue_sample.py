#!/usr/bin/env python3
"""Copies a fixed sample of MancalaGames' reference games into
tests/fixtures/catalogue/<stem>.jsonl, for every catalogue variant shipped
under variants/mancalagames/.

The reference games come from the MancalaGames catalogue
(StoneShark/MancalaGames, https://github.com/StoneShark/MancalaGames,
commit 2b1c596c), which is not part of the repository (see
docs/catalogue.md); the full set is read from the directory $SOW_CATALOGUE
names. The sample: every finished game (not capped, no lots drawn, no
endless sowing) when the file is small, else the first five finished games
by seed. Only the fields the tests read are kept.

Usage: SOW_CATALOGUE=/path/to/catalogue scripts/catalogue_sample.py [STEM ...]
       (default: every shipped one)
"""
import gzip
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

def catalogue():
    """The catalogue's directory, from $SOW_CATALOGUE: there is no default."""
    where = os.environ.get("SOW_CATALOGUE")
    if not where or not (Path(where) / "games").is_dir():
        sys.exit("error: set SOW_CATALOGUE to the catalogue's directory (the one holding games/);"
                 " it is not part of the repository: see docs/catalogue.md")
    return Path(where)

SMALL = 120_000  # bytes: below this, every finished game is kept
PLY_FIELDS = ("move", "board", "stores", "over", "auto", "blocked", "child", "unlocked", "owner", "round_over", "next_round")


def finished(game):
    # A game that drew lots for a contested house has a random outcome.
    return (not game.get("capped") and not str(game.get("reason", "")).startswith("ENDLESS_SOW")
            and not game.get("lottery"))


def stems(root):
    shipped = sorted(p.stem for p in (ROOT / "variants" / "mancalagames").glob("*.toml"))
    by_lower = {}
    for f in (root / "games").glob("*.jsonl*"):
        by_lower[f.name.split(".")[0].lower()] = f.name
    return [(s, by_lower[s]) for s in shipped if s in by_lower]


def main(args):
    root = catalogue()
    out_dir = ROOT / "tests" / "fixtures" / "catalogue"
    out_dir.mkdir(parents=True, exist_ok=True)
    for lower, stem in stems(root):
        if args and lower not in args:
            continue
        path = root / "games" / stem
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt") as f:
            games = [json.loads(line) for line in f if line.strip()]
        keep = [g for g in games if finished(g)]
        if path.stat().st_size > SMALL:
            keep = keep[:5]
        lines = []
        for g in keep:
            slim = {
                "game": g["game"],
                "file": g["file"],
                "seed": g["seed"],
                "start": g["start"],
                "plies": [{k: p[k] for k in PLY_FIELDS if k in p} for p in g["plies"]],
                "result": g["result"],
                "reason": g["reason"],
            }
            lines.append(json.dumps(slim, separators=(",", ":")))
        (out_dir / f"{lower}.jsonl").write_text("\n".join(lines) + "\n")
        print(f"{lower}: {len(keep)} games")


if __name__ == "__main__":
    main([a.lower() for a in sys.argv[1:]])
