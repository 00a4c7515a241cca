#!/usr/bin/env python3
"""Prints docs/catalogue.md's table of shipped variants by source, one line each,
from `sow variants --format json` (run from the repository root)."""
import json
import subprocess

out = subprocess.run(["cargo", "run", "-q", "--", "variants", "--format", "json"],
                     capture_output=True, text=True, check=True).stdout
group = None
for v in json.loads(out):
    if v["group"] != group:
        group = v["group"]
        print(f"\n**{group}**\n")
        print("| variant | file | summary |")
        print("| --- | --- | --- |")
    name = v["name"]
    src = v.get("source") or ""
    if name.startswith("mg-"):
        stem = src.split("GameProps/")[1].split(".txt")[0].lower()
        path = f"variants/mancalagames/{stem}.toml"
    else:
        path = f"variants/{name}.toml"
    print(f"| `{name}` | [`{path}`]({path}) | {v.get('summary') or ''} |")
