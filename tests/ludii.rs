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
        tsoro
            .replace("and_behind = true", "and_behind = false")
            .replace("name = \"ludii-tsoro\"", "name = \"tsoro-front-only\"")
            .replace("aliases = [\"tsoro\"]", ""),
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

#[test]
fn a_label_of_another_board_or_row_is_refused_naming_the_rule() {
    let engine = sow::Engine::new(sow::Rules::load("ludii-tsoro").expect("shipped"));
    let start = engine.rules().start();
    let refusal = |label: &str| {
        let mv = sow::Move::from_label(label).expect("a label");
        engine
            .check_move(&start, mv)
            .expect_err("refused")
            .to_string()
    };
    // A letter names no house on four rows, nor a column past the row.
    for label in ["C", "B9"] {
        let why = refusal(label);
        assert!(
            why.contains(&format!("there is no house {label} on this 4x8 board"))
                && why.contains("A1 to b8"),
            "{why}"
        );
    }
    assert_eq!(refusal("a1"), "a1 is North's house, and it is South's turn");
    assert_eq!(refusal("A1"), "A1 cannot be played: the house is empty");
    // And a row label names no house of a two-row board.
    let oware = sow::Engine::new(sow::Rules::load("oware").expect("shipped"));
    let why = oware
        .check_move(&oware.rules().start(), sow::Move::from_label("A1").unwrap())
        .unwrap_err()
        .to_string();
    assert_eq!(why, "there is no house A1 on a board of 6 houses per side");
}
