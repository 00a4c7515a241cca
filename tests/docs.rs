//! The documentation a newcomer reads: the README stays short, and every
//! relative link in the project's Markdown reaches a file, and a heading
//! where it names one.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::common::{sow, test_path, text};

/// The README is what a newcomer reads first: what `sow` is, the two
/// commands, a first game, a first variant, the tour and a table of
/// contents; the rest lives in docs/.
#[test]
fn the_readme_is_short_and_keeps_its_two_commands() {
    let readme = std::fs::read_to_string(test_path("../README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines");
    for command in [
        "cargo run --release -- serve",
        "cargo test                           # run the tests",
    ] {
        assert!(readme.contains(command), "{command}");
    }
    assert!(
        !readme.contains("{{"),
        "a placeholder is left in the README"
    );
    for document in [
        "docs/notation.md",
        "variants/README.md",
        "docs/catalogue.md",
        "docs/solving.md",
        "docs/performance.md",
        "docs/robustness.md",
        "docs/playground.md",
        "docs/ARCHITECTURE.md",
    ] {
        assert!(readme.contains(&format!("]({document})")), "{document}");
    }
}

/// The Markdown files the project keeps: the README, docs/, and the
/// READMEs beside the code.
fn markdown_files() -> Vec<PathBuf> {
    let root = test_path("..");
    let mut files = vec![root.join("README.md"), root.join("variants/README.md")];
    for dir in ["docs", "tests/e2e", "python"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files
}

/// A heading's anchor as GitHub makes it: lowercase, punctuation dropped
/// but for hyphens and underscores, spaces made hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(path: &Path) -> HashSet<String> {
    let mut found = HashSet::new();
    let mut in_code = false;
    for line in std::fs::read_to_string(path).unwrap().lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            found.insert(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// Every `](target)` of a text, outside code blocks and spans.
fn links(markdown: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Code spans are dropped first: `[a](b)` in backticks is no link.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            found.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    found
}

#[test]
fn every_relative_link_reaches_its_file_and_heading() {
    let mut checked = 0;
    for file in markdown_files() {
        let markdown = std::fs::read_to_string(&file).unwrap();
        for link in links(&markdown) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (target, fragment) = link.split_once('#').unwrap_or((link.as_str(), ""));
            let target = if target.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(target)
            };
            assert!(
                target.exists(),
                "{}: the link {link} reaches no file",
                file.display()
            );
            if !fragment.is_empty() && target.extension().is_some_and(|e| e == "md") {
                assert!(
                    anchors(&target).contains(fragment),
                    "{}: the link {link} names no heading of {}",
                    file.display(),
                    target.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} links");
}

/// `--from`'s help says what a position looks like, for users who have
/// the binary and no docs beside it.
#[test]
fn help_texts_carry_what_they_refer_to() {
    for command in ["moves", "explain", "play", "perft", "solve"] {
        let help = text(&sow(&[command, "--help"], "").stdout);
        assert!(
            help.contains("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"),
            "{command}: {help}"
        );
        assert!(!help.contains("README"), "{command}: {help}");
    }
}
