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
fn ludii_kalah_agrees_with_the_shipped_kalah() {
    // Ludii's Kalah keeps its stores on the board (the houses' columns
    // counted from 1 between them) and gives the mover another turn when
    // the last seed falls in their store: a move of its own. It plays on
    // once a row is empty, which ends the game in the documented rules
    // (ruling L11): seed 5 is compared up to there.
    let kalah = fixtures().join("two_rows/Kalah.jsonl.gz");
    let (agree, total, report) = check(&variants(), &[kalah.as_path()]);
    assert_eq!((agree, total), (5, 5), "{}", report.join("\n"));
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

#[test]
fn a_relay_may_stop_in_a_marked_house_by_the_movers_choice() {
    // Musoro Tsoro: B8 and b8 are marked and hold three. B6's two seeds
    // end in B8, occupied and South's mark: South may stop there (B6/B8) or
    // go on from it (B6).
    let engine = sow::Engine::new(sow::Rules::load("ludii-musoro-tsoro").expect("shipped"));
    let start = engine.rules().start();
    assert_eq!(
        start.to_string(),
        "0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,3/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,3 0-0 S marked:...............m...............m"
    );
    let legal: Vec<String> = engine
        .legal_moves(&start)
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert!(legal.contains(&"B6".to_string()) && legal.contains(&"B6/B8".to_string()));
    // B7's two seeds end in the front row: no stop is offered.
    assert!(!legal.iter().any(|m| m.starts_with("B7/")), "{legal:?}");
    let play = |text: &str| {
        let (mv, _) = sow::notation::parse_move(text).unwrap();
        let mut game = sow::Game::new(&engine);
        game.play(mv, &mut ()).unwrap();
        game.position().to_string()
    };
    assert_eq!(
        play("B6/B8"),
        "0,0,0,0,0,0,0,0/2,2,2,2,2,0,3,4/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,3 0-0 N marked:...............m...............m"
    );
    assert_ne!(play("B6"), play("B6/B8"));
    // A stop where no lap ends in a marked house is refused, naming one.
    let (wrong, _) = sow::notation::parse_move("B6/B1").unwrap();
    let why = engine.check_move(&start, wrong).unwrap_err().to_string();
    assert!(why.contains("stops its relay where it may not"), "{why}");
    // The notation reads and writes the time a lap ends there.
    let (second, _) = sow::notation::parse_move("B6/B8:2").unwrap();
    assert_eq!(second.to_string(), "B6/B8:2");
    assert_eq!(second.base().to_string(), "B6");
}

#[test]
fn houses_are_marked_in_turns_before_the_first_sowing() {
    // Misoro Tsoro: each player marks two houses of their back row, South
    // first, one a turn (`B6#`); then the sowing starts.
    let engine = sow::Engine::new(sow::Rules::load("ludii-misoro-tsoro").expect("shipped"));
    let mut game = sow::Game::new(&engine);
    let legal = |game: &sow::Game| -> Vec<String> {
        game.legal_moves().iter().map(|m| m.to_string()).collect()
    };
    assert_eq!(
        legal(&game),
        ["B1#", "B2#", "B3#", "B4#", "B5#", "B6#", "B7#", "B8#"]
    );
    let refusal = sow::Move::from_label("B6").unwrap();
    let why = engine
        .check_move(game.position(), refusal)
        .unwrap_err()
        .to_string();
    assert!(why.contains("the houses are marked first"), "{why}");
    for text in ["B6#", "b1#", "B2#"] {
        let (mv, _) = sow::notation::parse_move(text).unwrap();
        game.play(mv, &mut ()).unwrap();
    }
    // North's second mark: b1 is taken already.
    assert_eq!(
        legal(&game),
        ["b2#", "b3#", "b4#", "b5#", "b6#", "b7#", "b8#"]
    );
    let (mv, _) = sow::notation::parse_move("b8#").unwrap();
    game.play(mv, &mut ()).unwrap();
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2 0-0 S marked:.........m...m..........m......m"
    );
    // Then South sows; B4's seeds end in B6, marked: a stop is offered.
    let legal = legal(&game);
    assert!(legal.contains(&"B4/B6".to_string()), "{legal:?}");
    assert!(!legal.iter().any(|m| m.ends_with('#')));
}

#[test]
fn takes_a_capturer_could_not_make_are_a_move_of_the_opponents() {
    // Misoro Tsoro with additional captures (ruling L4): a move that only
    // takes houses names them alone, in label order.
    let (mv, _) = sow::notation::parse_move("+b5+b3").unwrap();
    assert!(mv.takes_only());
    assert_eq!(mv.to_string(), "+b3+b5");
    let rules = sow::Rules::load("ludii-misoro-tsoro-additional-capture").expect("shipped");
    let sheet = sow::Engine::new(rules);
    // The houses marked are spared; the takes left over are owed.
    let from = sow::notation::parse_position(
        "0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0/0,0,1,1,1,0,0,1/0,0,0,0,0,0,0,0 12-15 S marked:............mm................mm owed:3",
    )
    .unwrap();
    let legal: Vec<String> = sheet
        .legal_moves(&from)
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(legal, ["+a3+a4+a5", "+a3+a4+a8", "+a3+a5+a8", "+a4+a5+a8"]);
}
