#!/usr/bin/env python3
"""Prints docs/ludii.md's table of Ludii's games that `sow` ships: one row a
file of variants/ludii/, with its name, region and board (rows x houses a
row), from the files themselves.

Usage: python3 scripts/ludii_table.py [VARIANTS_DIR]   (default variants/ludii)
"""
import pathlib
import sys
import tomllib

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "variants/ludii")
print("| variant | Ludii's game (ruleset) | region | board |")
print("| --- | --- | --- | --- |")
for path in sorted(root.glob("*.toml")):
    data = tomllib.loads(path.read_text())
    variant, board = data["variant"], data["board"]
    rows = board.get("rows", 2)
    columns = board.get("houses_per_row", board.get("houses_per_side"))
    source = variant.get("source", "")
    game = source.split(", ", 1)[1].split(":")[0] if ", " in source else path.stem
    print(f"| `{variant['name']}` | {game} | {variant.get('region') or '—'} | {rows}×{columns} |")
