//! Hostile input, round four (issue 34): what a hostile user found in the
//! server, the solver's files, the importer and the newest keys. Each test
//! names the class of the issue it closes.

use std::process::{Command, Stdio};

/// Class 4: a failed write is an error (exit 2, "cannot write"), never a
/// panic, for every command that writes to standard output, the
/// completion scripts included (their generator panics when its writer
/// fails, so they are written to memory first).
#[test]
fn a_full_disk_is_a_write_error_for_every_command_that_prints() {
    for args in [
        &["completions", "bash"][..],
        &["completions", "zsh"],
        &["completions", "fish"],
        &["man"],
        &["variants"],
        &["rules", "oware"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens");
        let output = Command::new(env!("CARGO_BIN_EXE_sow"))
            .args(args)
            .stdout(Stdio::from(full))
            .stderr(Stdio::piped())
            .output()
            .expect("sow runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write: No space left on device"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// Class 4: a closed pipe (`sow completions bash | head -1`) ends the
/// command quietly, as for every other command.
#[test]
fn a_closed_pipe_ends_the_completions_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(["completions", "bash"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sow runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("sow finishes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

/// One house a side, nothing captured: every game runs to its limit.
const ONE_HOUSE: &str = r#"[variant]
name = "one-house"
[board]
houses_per_side = 1
seeds_per_house = 4
[sowing]
direction = "counter-clockwise"
[end]
no_move = "each_own"
ply_limit = { plies = 30000, taken_by = "each_own" }
"#;

/// Class 1: `sow check` answered "can a game end before the ply limit?"
/// with a recursion a ply deep, and a 12-line file of thirty thousand
/// plies overflowed the stack (and, sent to `POST /api/check`, killed the
/// server). The search keeps its own stack now.
#[test]
fn a_ply_limit_thirty_thousand_plies_deep_is_checked_without_overflowing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("one.toml");
    std::fs::write(&path, ONE_HOUSE).expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_sow"))
        .arg("check")
        .arg(&path)
        .output()
        .expect("sow runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "one.toml:10:23: ply_limit.plies = 30000 ends every game: no game can end otherwise within 30000 plies"
        ),
        "{stderr}"
    );
}

/// Class 1: a limit of a million plies that no random game reaches is not
/// searched to the end (that took minutes): the check says it cannot tell,
/// within its budget. (A limit random games reach, and end by, draws no
/// warning: Ludii's games all end at 2,000 decisions, on purpose.)
#[test]
fn a_ply_limit_too_far_to_settle_says_the_check_cannot_tell() {
    let text = ONE_HOUSE.replace("plies = 30000", "plies = 1000000");
    let checked = sow::warnings::check_toml(&text, "million.toml").expect("compiles");
    let warnings: Vec<String> = checked.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("ply_limit.plies = 1000000 is further than check looks: no random game reached it, or ended, within 300000 plies (at most 2 s), so check cannot tell whether a game can end before it"),
        "{warnings:?}"
    );
}

/// Class 2: seeds made from nothing. The opening that moves a seed out of
/// every other house met, in a later round, a row refilled from what its
/// player won, with houses left blocked (a blocked house holds no seed to
/// move), and `bench` and `play` panicked with more seeds than the game
/// has. Such rules are refused when the file is read, naming the rule.
#[test]
fn an_opening_that_needs_every_house_seeded_is_refused_with_rows_refilled_by_rounds() {
    let text = r#"[variant]
name = "pm-rounds"
[board]
houses_per_side = 6
seeds_per_house = 4
[sowing]
direction = "counter-clockwise"
opening = "plus_one_minus_one"
[play]
opening_moves = 1
[capture]
last_seed = "opponent"
counts = [2, 3]
[rounds]
fill_from = "left"
unfilled_blocked = true
[end]
no_move = "each_own"
ply_limit = { plies = 2000, taken_by = "each_own" }
"#;
    let error = sow::warnings::check_toml(text, "pm.toml")
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("pm.toml:8:11: opening = \"plus_one_minus_one\" moves a seed out of every other house, and a round refilled from what each player won ([rounds] fill_from) may leave houses empty or blocked"),
        "{error}"
    );
    // The shipped game that has both plays its rounds on territory, where
    // every house is filled: it still loads.
    assert!(sow::Rules::load("mg-gabata").is_ok());
}

/// A MancalaGames game file of six houses a row with `extra` in its
/// `game_info`.
fn game_file(holes: &str, extra: &str) -> String {
    format!(
        "{{\n  \"game_class\": \"Mancala\",\n  \"game_constants\": {{ \"holes\": {holes}, \"nbr_start\": 4 }},\n  \"game_info\": {{\n    \"name\": \"Hostile\"{extra}\n  }}\n}}\n"
    )
}

/// Class 3: the importer read each key's text as written, so a key with a
/// JSON escape (`"capt\u005fon"`, which is `capt_on`) was not found in the
/// map JSON made of it, and the import panicked. Keys are decoded as JSON
/// decodes them.
#[test]
fn an_escaped_key_is_read_as_json_reads_it() {
    let text = game_file("6", ",\n    \"capt\\u005fon\": [2, 3]");
    let variant = sow::import::import(&text, "Escaped.txt").expect("imports");
    assert!(variant.contains("counts = [2, 3]"), "{variant}");
}

/// Class 3: a start pattern whose layout needs more houses than a row has
/// (MancalaGames' ALTS_WITH_1 on rows of two) panicked; it is refused,
/// pointing at the parameter. And an integer past 64 bits is named as the
/// integer it is.
#[test]
fn a_start_pattern_too_big_for_the_board_and_a_huge_integer_are_refused() {
    let text = game_file("2", ",\n    \"start_pattern\": 3");
    let error = sow::import::import(&text, "Tiny.txt")
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("Tiny.txt:6:5: sow cannot express start_pattern = ALTS_WITH_1"),
        "{error}"
    );
    let text = game_file("18446744073709551615", "");
    let error = sow::import::import(&text, "Huge.txt")
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains(
            "Huge.txt:3:23: game_constants.holes is 18446744073709551615: far more than any board holds"
        ),
        "{error}"
    );
}

/// Class 3: a game file whose variant `sow` refuses was located at a line
/// of the variant written (`Deka.txt:38:1` for a 14-line file); now at
/// the game file's `game_info`, quoting the variant's line.
#[test]
fn a_refused_variant_points_at_the_game_files_rules() {
    let text = game_file(
        "6",
        ",\n    \"blocks\": true, \"goal\": 10, \"mlaps\": 1, \"sow_rule\": 2, \"sow_param\": 3,\n    \"capt_on\": [1, 2, 3]",
    );
    let error = sow::import::import(&text, "Deka.txt")
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("Deka.txt:4:3: sow cannot express this game: its variant would be refused: with [blocking] closing houses is the only way seeds leave the board"),
        "{error}"
    );
    assert!(
        error.contains("of the variant written for it: `[blocking]`)"),
        "{error}"
    );
}

/// Class 4: a FIFO given as a file blocked `sow import` (and a database
/// layer) for ever, and a device was read up to the limit for nothing.
/// The one reader refuses both before opening them.
#[test]
#[cfg(unix)]
fn a_fifo_or_a_device_given_as_a_file_is_refused_at_once() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let fifo = dir.path().join("fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let fifo = fifo.to_string_lossy().into_owned();
    let mut cases = vec![
        vec!["import", "/dev/zero"],
        vec!["check", "/dev/urandom"],
        vec!["replay", "/dev/zero"],
    ];
    if made {
        cases.push(vec!["import", &fifo]);
        cases.push(vec!["check", &fifo]);
        cases.push(vec!["replay", &fifo]);
    }
    for args in cases {
        let output = Command::new(env!("CARGO_BIN_EXE_sow"))
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .expect("sow runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("{}: cannot read", args[1]))
                && stderr.contains("it is not a regular file, but a device, a pipe or a socket"),
            "{args:?}: {stderr}"
        );
    }
}
