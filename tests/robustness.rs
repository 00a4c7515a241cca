//! The fuzz targets' proptest twins: random inputs through the same
//! harnesses (`sow::fuzzing`) on every `cargo test`, so CI tries new inputs
//! each run. The long runs are cargo-fuzz's (docs/robustness.md).

use proptest::prelude::*;
use sow::Engine;

/// Text made of the notation's own pieces, so random inputs get past the
/// first token often enough to reach deeper rules.
fn notation_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("[Variant \"oware\"]\n".to_string()),
        Just("[Variant \"wouri\"]\n".to_string()),
        Just("[Position \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\"]\n".to_string()),
        Just("1. ".to_string()),
        Just("1... ".to_string()),
        Just("{c} ".to_string()),
        Just("* ".to_string()),
        Just("1-0\n\n".to_string()),
        "[A-Fa-f](x[0-9]{1,3})? ".prop_map(|s| s),
        "[ -~\n]{0,6}".prop_map(|s| s),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
}

/// A shipped variant file with a few lines changed at random.
fn variant_text() -> impl Strategy<Value = String> {
    let file = prop_oneof![
        Just(include_str!("../variants/oware.toml")),
        Just(include_str!("../variants/ouri.toml")),
        Just(include_str!("../variants/wouri.toml")),
    ];
    let edit = (0usize..60, "[ -~]{0,12}");
    (file, prop::collection::vec(edit, 0..4)).prop_map(|(file, edits)| {
        let mut lines: Vec<String> = file.lines().map(str::to_string).collect();
        for (line, text) in edits {
            let i = line % lines.len();
            let key = lines[i].split('=').next().unwrap_or("").to_string();
            lines[i] = if key.trim().is_empty() || key.contains('[') {
                text
            } else {
                format!("{key}= {text}")
            };
        }
        lines.join("\n")
    })
}

/// A MancalaGames game file (Kalah's, or a small one of this project's)
/// with a few of its lines changed at random: keys and values of the
/// importer's own, and stray text.
fn game_file_text() -> impl Strategy<Value = String> {
    let file = prop_oneof![
        Just(include_str!("import/GameProps/Kalah.txt")),
        Just(include_str!("import/My_Sowing.txt")),
    ];
    let piece = prop_oneof![
        Just("\"capt_on\": [ 4 ],".to_string()),
        Just("\"holes\": 2,".to_string()),
        Just("\"start_pattern\": 3,".to_string()),
        Just("\"sow_direct\": -1,".to_string()),
        Just("\"capt_\\u006fn\": [ 2 ],".to_string()),
        Just("\"rounds\": 1,".to_string()),
        "[ -~]{0,12}".prop_map(|s| s),
    ];
    let edit = (0usize..60, piece);
    (file, prop::collection::vec(edit, 0..4)).prop_map(|(file, edits)| {
        let mut lines: Vec<String> = file.lines().map(str::to_string).collect();
        for (line, text) in edits {
            let i = line % lines.len();
            lines[i] = text;
        }
        lines.join("\n")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn notation_never_panics(text in notation_text()) {
        sow::fuzzing::notation(&text);
    }

    #[test]
    fn variant_files_never_panic(text in variant_text()) {
        sow::fuzzing::variant(&text);
    }

    #[test]
    fn game_files_import_without_panic(text in game_file_text()) {
        sow::fuzzing::import(&text);
    }

    #[test]
    fn generated_variants_play_without_panic(data in prop::collection::vec(any::<u8>(), 0..96)) {
        sow::fuzzing::vm(&data);
    }
}

#[test]
fn record_texts_over_the_limit_are_refused() {
    use sow::notation::{MAX_RECORD_BYTES, parse_records};
    let huge = " ".repeat(MAX_RECORD_BYTES + 1);
    let error = parse_records(&huge, "huge.sow").unwrap_err();
    assert!(
        error.0.message.contains("at most 16777216 bytes"),
        "{}",
        error.0.message
    );
    // A long record well inside the limits reads, every move located.
    let moves = "D d ".repeat(5_000);
    let records = parse_records(&format!("[Variant \"oware\"]\n{moves}\n*\n"), "long.sow").unwrap();
    assert_eq!(records[0].moves.len(), 10_000);
    assert_eq!(
        (records[0].moves[9_999].line, records[0].moves[9_999].column),
        (2, 19_999)
    );
}

#[test]
fn keep_going_reports_every_bad_game_and_replays_the_good_ones() {
    use crate::common::{sow, text};
    let records = "[Variant \"oware\"]\n1. D d *\n\n[Variant \"oware\"]\n1. D D *\n\n[Variant \"ouri\"]\n1. C *\n\n[Variant \"oware\"]\n1. a *\n";
    let stopped = sow(&["replay", "--json", "-"], records);
    assert_eq!(stopped.status.code(), Some(1));
    assert_eq!(
        text(&stopped.stdout).lines().count(),
        1,
        "without --keep-going, replay stops at game 2"
    );
    let output = sow(&["replay", "--json", "--keep-going", "-"], records);
    assert_eq!(
        output.status.code(),
        Some(1),
        "bad games still fail the run"
    );
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().count(), 2, "games 1 and 3 replay: {stdout}");
    assert!(
        stdout
            .lines()
            .nth(1)
            .unwrap()
            .contains("\"variant\":\"ouri\"")
    );
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("<stdin>:5:6: game 2: illegal move"),
        "{stderr}"
    );
    assert!(
        stderr.contains("<stdin>:11:4: game 4: illegal move"),
        "{stderr}"
    );
    assert!(stderr.contains("2 of 4 games failed"), "{stderr}");
}

/// What a child process writes to `from` until `enough` holds of it; the
/// child ending first fails the test.
fn read_until(from: &mut impl std::io::Read, enough: impl Fn(&str) -> bool) -> Vec<u8> {
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    while !enough(&String::from_utf8_lossy(&seen)) {
        let read = from.read(&mut buffer).unwrap();
        assert!(
            read > 0,
            "the process ended early: {}",
            String::from_utf8_lossy(&seen)
        );
        seen.extend_from_slice(&buffer[..read]);
    }
    seen
}

/// Starts `sow play oware`, plays D, waits for North's reply, presses Ctrl-C,
/// and returns the exit code and standard output.
fn interrupt_play(extra: &[&str]) -> (Option<i32>, String) {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(["play", "oware", "--north", "random"])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"D\n").unwrap();
    // Wait until South is asked for a second move: D and North's reply are played.
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = read_until(&mut stdout, |text| text.matches("South> ").count() >= 2);
    let pid = child.id().to_string();
    let status = Command::new("kill").args(["-INT", &pid]).status().unwrap();
    assert!(status.success());
    // A watchdog: if Ctrl-C left it stuck, kill it so the test fails, not hangs.
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(20));
        let _ = Command::new("kill").args(["-KILL", &pid]).status();
    });
    // Read to the end: the process must exit by itself, input still open.
    stdout.read_to_end(&mut seen).unwrap();
    let status = child.wait().unwrap();
    drop(stdin);
    (status.code(), String::from_utf8_lossy(&seen).into_owned())
}

#[test]
fn ctrl_c_in_play_saves_the_game_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("interrupted.sow");
    let (code, _) = interrupt_play(&["--record", record.to_str().unwrap()]);
    assert_eq!(code, Some(130), "interrupted");
    let saved = std::fs::read_to_string(&record).expect("the record is written on Ctrl-C");
    assert!(saved.starts_with("[Variant \"oware\"]"), "{saved}");
    assert!(saved.contains("1. D "), "{saved}");
    assert!(saved.trim_end().ends_with('*'), "{saved}");
}

#[test]
fn ctrl_c_without_a_record_file_prints_the_game() {
    let (code, stdout) = interrupt_play(&[]);
    assert_eq!(code, Some(130), "interrupted, not stuck");
    assert!(
        stdout.contains("[Variant \"oware\"]") && stdout.contains("1. D "),
        "{stdout}"
    );
}

/// Found by the `vm` fuzzer: in this variant a relay can wander through
/// millions of boards, and judging one move took 37 seconds. Past
/// `MAX_RELAY_LIFTS` a move is refused with its own verdict instead.
#[test]
fn a_relay_past_the_lift_limit_is_refused_not_waited_for() {
    use sow::Verdict;
    let variant = r#"
[variant]
name = "long-relay"
[board]
houses_per_side = 7
seeds_per_house = 8
[sowing]
direction = "clockwise"
relay = true
relay_stops_on = [1]
[play]
min_seeds = 2
single_seed_rule = true
must_feed = true
[capture]
counts = [1]
last_seed = "opponent"
chain = true
grand_slam = "forbidden"
[end]
no_move = "last_capturer"
repetition = "each_own"
"#;
    let engine = Engine::new(sow::Rules::from_toml(variant, "long-relay.toml").unwrap());
    let position: sow::Position = "1,12,0,1,5,1,4/15,10,8,2,0,6,5 21-21 N last:N"
        .parse()
        .unwrap();
    let verdicts = engine.verdicts(&position);
    assert_eq!(verdicts[1].1, Verdict::RelayTooLong, "{verdicts:?}");
    assert!(verdicts[1].1.describe().contains("100000 lifts"));
    assert!(
        !engine
            .legal_moves(&position)
            .contains(sow::Move::from_label("b").unwrap())
    );
}

/// Found by the notation fuzzer: a fault right after a house label, with a
/// two-byte whitespace character (U+0085) earlier in the text, cut the text
/// inside that character.
#[test]
fn a_fault_after_a_two_byte_space_is_reported_not_a_panic() {
    let text = "{\0[\u{85}\u{10}\0V`}*J7\0";
    sow::fuzzing::notation(text);
    let error = sow::notation::parse_records(text, "fuzz.sow").unwrap_err();
    assert!(error.0.message.starts_with("`J7"), "{error}");
    assert!(error.0.message.contains("is not a move"), "{error}");
    assert_eq!((error.0.line, error.0.column), (1, 11), "{error}");
}

/// Records are read a token at a time: a game longer than the move limit is
/// refused at the first move past it, without reading the rest.
#[test]
fn a_game_past_the_move_limit_is_refused_at_the_limit() {
    use sow::notation::{MAX_RECORD_MOVES, records};
    let text = format!(
        "[Variant \"oware\"]\n{}*\n",
        "D ".repeat(MAX_RECORD_MOVES + 5)
    );
    let mut games = records(&text, "long.sow");
    let error = games.next().unwrap().unwrap_err();
    assert!(
        error
            .to_string()
            .contains(&format!("at most {MAX_RECORD_MOVES} moves")),
        "{error}"
    );
    assert_eq!(
        error.0.column,
        2 * MAX_RECORD_MOVES + 1,
        "the first move past the limit"
    );
    assert!(games.next().is_none(), "nothing after an error");
}

/// Games come one at a time, each as soon as it is read.
#[test]
fn records_yield_one_game_at_a_time() {
    let text = "[Variant \"oware\"]\n1. D d *\n\n[Variant \"kalah\"]\nC *\n\n1. ?";
    let mut games = sow::notation::records(text, "three.sow");
    assert_eq!(games.next().unwrap().unwrap().moves.len(), 2);
    assert_eq!(games.next().unwrap().unwrap().tag("Variant"), Some("kalah"));
    let third = games.next().unwrap().unwrap_err();
    assert_eq!((third.0.line, third.0.column), (7, 4), "{third}");
    assert!(games.next().is_none());
}

/// Found by the vm fuzzer: a game ending with the seeds left divided, while
/// a child held seeds, divided the child's seeds too and left them in the
/// child as well, making seeds.
#[test]
fn dividing_the_seeds_left_leaves_a_childs_seeds_alone() {
    let data: [u8; 54] = [
        217, 1, 1, 1, 10, 0, 34, 0, 0, 58, 210, 35, 2, 48, 1, 10, 0, 34, 0, 0, 210, 35, 115, 111,
        119, 105, 110, 103, 2, 48, 1, 2, 48, 1, 10, 0, 34, 0, 0, 210, 35, 115, 111, 119, 105, 110,
        103, 2, 48, 1, 0, 0, 0, 91,
    ];
    sow::fuzzing::vm(&data);
}

#[test]
fn ctrl_c_stops_a_database_build_and_names_the_layers_kept() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kalah-db");
    // Kalah's layers up to 16 seeds take far longer than the test waits.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(["solve", "kalah", "--build-db", "16", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the first layer is written (stderr is not a terminal:
    // progress comes a line at a time).
    let mut stderr = child.stderr.take().unwrap();
    let mut seen = read_until(&mut stderr, |text| text.contains("written to"));
    let pid = child.id().to_string();
    let started = std::time::Instant::now();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    // A watchdog: a build that ignores Ctrl-C is killed, and the test fails.
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(30));
        let _ = Command::new("kill").args(["-KILL", &pid]).status();
    });
    stderr.read_to_end(&mut seen).unwrap();
    let status = child.wait().unwrap();
    let stderr = String::from_utf8_lossy(&seen);
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "{stderr}"
    );
    // The message names what was kept, and those layers are on disk.
    let last = stderr.lines().last().unwrap_or_default();
    assert!(last.contains("stopped"), "{stderr}");
    let kept = std::fs::read_dir(&db).unwrap().count();
    assert!(kept >= 1, "{stderr}");
}

#[test]
fn the_import_twins_files_import_unchanged() {
    // The proptest twin edits these; unedited, both import and play, so
    // the harness's success path is reached too.
    for text in [
        include_str!("import/GameProps/Kalah.txt"),
        include_str!("import/My_Sowing.txt"),
    ] {
        let variant = sow::import::import(text, "fuzz.txt").expect("imports");
        assert!(variant.contains("[sowing]"), "{variant}");
        sow::fuzzing::import(text);
    }
}

#[test]
fn a_fault_of_sows_own_in_bench_shows_the_game() {
    // The binary panics in game 2 where the tests ask it to (debug builds
    // only, as the tests' builds are).
    if !cfg!(debug_assertions) {
        return;
    }
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(["bench", "kalah", "--games", "10", "--seed", "5"])
        .env("SOW_TEST_PANIC_IN_GAME", "2")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(101), "{stderr}");
    assert!(stderr.contains("a fault injected for a test"), "{stderr}");
    let start = stderr.find("[Variant").expect("the game is shown");
    let records = sow::notation::parse_records(&stderr[start..], "<stderr>").unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].tag("Event"), Some("sow bench, seed 5, game 2"));
    // It is game 2 of seed 5, move for move.
    let engine = Engine::new(sow::Rules::builtin("kalah").unwrap());
    let mut game = sow::Game::new(&engine);
    let mut rng = sow::rng::Rng::for_game(5, 2);
    game.restart_drawn(&mut rng);
    game.play_randomly(&mut rng, usize::MAX);
    let played: Vec<_> = game.history().iter().map(|ply| ply.mv).collect();
    let shown: Vec<_> = records[0].moves.iter().map(|m| m.mv).collect();
    assert_eq!(shown, played);
    assert!(!shown.is_empty());
}
