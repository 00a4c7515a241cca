//! The library's layering: which of its top-level modules import which.
//!
//! The rules are data and know nothing of what plays them: `variant` and
//! `rules` sit below `moves`, which sits below `engine`, `packed` and `game`.
//! A module that imported one above it would bring back the cycle that once
//! tied `engine`, `packed`, `rules`, `variant`, `game` and `walk` together, so
//! this test reads `src/` and fails on any cycle but the two small ones
//! named below.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module of the library (the binary's `cli` and `serve`
/// left out) and the top-level modules its code, tests aside, names with
/// `crate::`.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut dirs = vec![src.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let top_of = |path: &Path| -> String {
        let relative = path.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        first.to_string_lossy().trim_end_matches(".rs").to_string()
    };
    let modules: BTreeSet<String> = files.iter().map(|p| top_of(p)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &files {
        let top = top_of(path);
        if ["main", "lib", "cli", "serve"].contains(&top.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        // Unit tests may use anything; the layering is about the code.
        let code = text.split("#[cfg(test)]").next().unwrap();
        let edges = graph.entry(top.clone()).or_default();
        for line in code.lines() {
            let line = line.split("//").next().unwrap();
            for (i, _) in line.match_indices("crate::") {
                let name: String = line[i + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if name != top && modules.contains(&name) {
                    edges.insert(name);
                }
            }
        }
    }
    graph
}

/// The modules on a cycle through `from`: those it reaches that reach it.
fn cycle_through(graph: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let reach = |start: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.to_string()];
        while let Some(module) = stack.pop() {
            for next in graph.get(&module).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    reach(from)
        .into_iter()
        .filter(|m| m == from || reach(m).contains(from))
        .collect()
}

#[test]
fn the_rules_know_nothing_of_what_plays_them() {
    let graph = imports();
    for (lower, upper) in [
        ("rules", "engine"),
        ("rules", "packed"),
        ("rules", "game"),
        ("variant", "rules"),
        ("moves", "rules"),
        ("moves", "engine"),
        ("packed", "engine"),
        ("packed", "game"),
        ("walk", "game"),
        ("walk", "packed"),
    ] {
        assert!(
            !graph[lower].contains(upper),
            "`{lower}` imports `{upper}`, which sits above it"
        );
    }
    // And the engine does stand on the rules, as the game on the engine.
    assert!(graph["engine"].contains("rules"));
    assert!(graph["game"].contains("engine"));
}

#[test]
fn no_modules_import_each_other_but_the_base_vocabulary() {
    let graph = imports();
    // The position and its declared state (`layer`, `word`) and the board's
    // topology name each other's types, as the grammar's reader and the
    // record it returns do; every other import goes one way.
    let allowed: [BTreeSet<String>; 2] = [
        ["board", "layer", "position", "word"]
            .map(String::from)
            .into(),
        ["notation", "record"].map(String::from).into(),
    ];
    for module in graph.keys() {
        let cycle = cycle_through(&graph, module);
        if cycle.len() > 1 {
            assert!(
                allowed.contains(&cycle),
                "{module} is on an import cycle: {cycle:?}"
            );
        }
    }
}
