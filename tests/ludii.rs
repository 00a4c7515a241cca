//! Ludii's reference games (issue 31): every variant under `variants/ludii/`
//! replays the recorded games of its configuration
//! (`tests/fixtures/ludii/<Game>.jsonl.gz`, seeds 1..5 of each, from Ludii
//! 1.3.12's own engine) decision by decision, as `tests/ludii_games.rs`
//! compares them. `cargo run --example ludii_check -- variants/ludii
//! GAMES.jsonl.gz...` runs the same check on any games files.

use std::path::{Path, PathBuf};

use crate::ludii_games::{check, variant_stem};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ludii")
}

fn variants() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/ludii")
}

/// The games files of the sample, each with its variant shipped.
fn sample() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("tests/fixtures/ludii")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".jsonl.gz"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_ludii_variant_agrees_with_every_recorded_game() {
    let files = sample();
    assert!(!files.is_empty(), "the sample is in tests/fixtures/ludii");
    for file in &files {
        let stem = variant_stem(file);
        assert!(
            variants().join(format!("{stem}.toml")).exists(),
            "{stem}: a sample without its variant"
        );
    }
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let (agree, total, report) = check(&variants(), &paths);
    assert_eq!(total, 5 * files.len(), "five games a configuration");
    assert_eq!(
        agree,
        total,
        "{agree}/{total} games agree:\n{}",
        report.join("\n")
    );
}

#[test]
fn every_ludii_variant_has_its_games() {
    for entry in std::fs::read_dir(variants()).expect("variants/ludii") {
        let path = entry.expect("an entry").path();
        let stem = path
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let games = sample().into_iter().any(|f| variant_stem(&f) == stem);
        assert!(
            games,
            "variants/ludii/{stem}.toml has no games in tests/fixtures/ludii"
        );
    }
}

#[test]
fn a_game_that_differs_is_reported_with_its_first_difference() {
    // Tsoro's games replayed on a variant whose captures do not take the
    // house behind: the first capture of a back-row house differs.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let tsoro = std::fs::read_to_string(variants().join("tsoro.toml")).expect("tsoro.toml");
    std::fs::write(
        dir.path().join("tsoro.toml"),
        tsoro.replace("and_behind = true", "and_behind = false"),
    )
    .expect("written");
    let file = fixtures().join("Tsoro.jsonl.gz");
    let (agree, total, report) = check(dir.path(), &[file.as_path()]);
    assert_eq!(total, 5);
    assert!(agree < total, "{report:?}");
    assert!(
        report
            .iter()
            .any(|line| line.contains("holds") && line.contains("Ludii's")),
        "{report:?}"
    );
}
