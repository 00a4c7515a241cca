//! Hostile input, round three (issue 21): one test or more per class. No
//! control character from input reaches the terminal raw, no record is
//! lost, every read stops at its limit, no name is too long to print, a
//! TOML type error says what the key takes, and a position holds only
//! state the rules could have made.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use sow::game::Game;
use sow::notation::parse_position;
use sow::position::PositionError;
use sow::rng::Rng;
use sow::rules::{BUILTIN, CATALOGUE, RulesError, builtin_rules};
use sow::{Engine, Rules};

use crate::common::{sow, sow_bytes_in, sow_in, text};

/// Control characters of every kind a terminal obeys: CSI (clear the
/// screen), OSC (retitle the window, ended by BEL), CR, and C1's CSI.
/// No NUL: an argument cannot hold one.
const HOSTILE: &str = "\u{1b}[2J\u{1b}]0;pwned\u{7}\r\u{9b}31m";

/// Fails when `bytes` holds a control character other than a line end or a
/// tab, C1 controls included (UTF-8 `c2 80` to `c2 9f`).
fn assert_no_raw_controls(what: &str, bytes: &[u8]) {
    let shown = String::from_utf8_lossy(bytes);
    let raw = shown
        .chars()
        .find(|&c| c.is_control() && c != '\n' && c != '\t');
    assert!(
        raw.is_none(),
        "{what}: raw {:?} in\n{}",
        raw,
        shown.escape_debug()
    );
}

/// Runs `sow args` with `stdin` in `dir`, and checks that neither output
/// holds a raw control character and that the input was shown escaped.
fn echoes_escaped(dir: &Path, args: &[&str], stdin: &[u8]) {
    let output = sow_bytes_in(dir, args, stdin);
    let what = format!("{:?}", args);
    assert_no_raw_controls(&what, &output.stdout);
    assert_no_raw_controls(&what, &output.stderr);
    let all = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert!(
        all.contains("\\u{1b}"),
        "{what}: the input is not shown\n{all}"
    );
    assert_ne!(output.status.code(), Some(101), "{what}: panicked\n{all}");
}

// ------------------------------------------- class 1: control characters

#[test]
fn every_command_that_echoes_an_argument_escapes_it() {
    let dir = tempfile::tempdir().unwrap();
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let from = format!("{start} {HOSTILE}");
    let missing = format!("{HOSTILE}.toml");
    let cases: Vec<Vec<&str>> = vec![
        vec!["rules", HOSTILE],
        vec!["check", &missing],
        vec!["moves", HOSTILE],
        vec!["moves", "oware", "--from", HOSTILE],
        vec!["moves", "oware", "--from", &from],
        vec!["explain", "mg-deka", HOSTILE],
        vec!["explain", "oware", "D", "--from", HOSTILE],
        vec!["perft", "oware", "1", "--from", &from],
        vec!["perft", HOSTILE, "1"],
        vec!["match", HOSTILE, "--south", "random", "--north", "random"],
        vec!["match", "oware", "--south", HOSTILE, "--north", "random"],
        vec!["compare", "oware", HOSTILE, "--games", "1"],
        vec!["compare", "oware", "--players", HOSTILE],
        vec!["compare", "oware", "--games", HOSTILE],
        vec!["bench", HOSTILE, "--games", "1"],
        vec!["replay", "--variant", HOSTILE, "-"],
        vec!["replay", &missing],
        vec!["play", HOSTILE],
        vec!["play", "oware", "--south", HOSTILE],
        vec!["play", "oware", "--resume", &missing],
    ];
    for args in cases {
        echoes_escaped(dir.path(), &args, b"quit\n");
    }
}

#[test]
fn text_typed_in_play_is_echoed_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let typed = format!("{HOSTILE}\0\u{7f}\nquit\n");
    echoes_escaped(dir.path(), &["play", "oware"], typed.as_bytes());
    let output = sow_bytes_in(dir.path(), &["play", "oware"], typed.as_bytes());
    assert!(
        text(&output.stdout)
            .contains("`\\u{1b}[2J\\u{1b}]0;pwned\\u{7}\\r\\u{9b}31m\\0\\u{7f}` is not a move"),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn records_are_echoed_escaped_tags_parse_errors_and_resumed_games() {
    let dir = tempfile::tempdir().unwrap();
    // A tag's value, printed back by replay.
    let tagged = format!("[Variant \"oware\"]\n[South \"{HOSTILE}\0\"]\n1. D d *\n");
    echoes_escaped(dir.path(), &["replay", "-"], tagged.as_bytes());
    // The quoted line under a parse error.
    let bad = format!("[Variant \"oware\"]\n1. D d {HOSTILE} *\n");
    echoes_escaped(dir.path(), &["replay", "-"], bad.as_bytes());
    // A tag that names no shipped variant.
    let unknown = format!("[Variant \"{HOSTILE}\"]\n1. D d *\n");
    echoes_escaped(dir.path(), &["replay", "-"], unknown.as_bytes());
    // A game to resume that is of another variant.
    std::fs::write(dir.path().join("other.sow"), &unknown).unwrap();
    echoes_escaped(dir.path(), &["play", "oware", "--resume", "other.sow"], b"");
    // A file whose name holds the characters.
    let name = format!("{HOSTILE}.sow");
    std::fs::write(dir.path().join(&name), &bad).unwrap();
    echoes_escaped(dir.path(), &["replay", &name], b"");
}

/// Oware's file under names of its own.
fn oware_mine() -> String {
    include_str!("../variants/oware.toml")
        .lines()
        .map(|line| match line {
            "name = \"oware\"" => "name = \"oware-mine\"",
            _ if line.starts_with("aliases = ") => "aliases = [\"x-mine\"]",
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn check_escapes_the_quoted_line_and_refuses_control_characters_in_names() {
    let dir = tempfile::tempdir().unwrap();
    // Not TOML at all: the line under the error is shown escaped.
    std::fs::write(
        dir.path().join("raw.toml"),
        format!("[variant]\n{HOSTILE}\n"),
    )
    .unwrap();
    echoes_escaped(dir.path(), &["check", "raw.toml"], b"");
    // Every string of [variant], written with TOML's escapes, is refused
    // at its place: `sow rules` and `sow variants` print them.
    let base = oware_mine();
    assert!(
        Rules::from_toml(&base, "mine.toml").is_ok(),
        "the base is valid"
    );
    for key in ["summary", "source", "region", "rule_book", "differs_from"] {
        let file = base.replace(
            "aliases = [",
            &format!("{key} = \"ok \\u001b[2J\"\naliases = ["),
        );
        // Oware's own line for the key goes: each key once.
        let file: Vec<&str> = file
            .lines()
            .filter(|l| !l.starts_with(&format!("{key} = \"")) || l.contains("\\u001b"))
            .collect();
        let file = file.join("\n");
        let line = file
            .lines()
            .position(|l| l.contains("\\u001b"))
            .expect("the line is there")
            + 1;
        let Err(RulesError::Invalid(located)) = Rules::from_toml(&file, "mine.toml") else {
            panic!("{key}: a control character must be refused");
        };
        assert_eq!(located.line, line, "{key}: {located}");
        assert_eq!(located.column, key.len() + 4, "{key}: {located}");
        assert!(
            located
                .message
                .starts_with(&format!("`{key}` holds the control character `\\u{{1b}}`")),
            "{key}: {located}"
        );
        std::fs::write(dir.path().join("mine.toml"), &file).unwrap();
        echoes_escaped(dir.path(), &["check", "mine.toml"], b"");
        let output = sow_in(dir.path(), &["rules", "mine.toml"], "");
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stdout).is_empty());
    }
    // An alias is a name: refused the same way, at the alias.
    let file = base.replace("aliases = [", "aliases = [\"x\\u009b\", ");
    assert_ne!(file, base);
    let Err(RulesError::Invalid(located)) = Rules::from_toml(&file, "mine.toml") else {
        panic!("a control character in an alias must be refused");
    };
    assert!(located.message.starts_with("`aliases` holds"), "{located}");
    assert!(located.source_line.contains("\"x\\u009b\""), "{located}");
}

#[test]
fn escape_controls_is_escape_debug_for_controls_and_leaves_text_alone() {
    use sow::diagnostic::{escape_controls, excerpt};
    assert_eq!(
        escape_controls("a\u{1b}[2J\r\n\0\u{7f}\u{9b}\u{202e}b"),
        "a\\u{1b}[2J\\r\\n\\0\\u{7f}\\u{9b}\\u{202e}b"
    );
    // Text sow writes itself, quotes, backslashes, tabs and letters of any
    // script are as they were, and borrowed.
    for plain in ["C:\\x \"q\" it's", "a\tb", "Ouri — çà Ωμέγα 𝄞", ""] {
        assert!(matches!(
            escape_controls(plain),
            std::borrow::Cow::Borrowed(p) if p == plain
        ));
    }
    assert_eq!(
        excerpt(&"\u{1b}".repeat(100)).matches("\\u{1b}").count(),
        40
    );
}

// ------------------------------------------------- class 2: records kept

/// `sow play oware ARGS` with `quit` typed: the output.
fn play_and_quit(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["play", "oware", "--south", "human", "--north", "random"];
    all.extend_from_slice(args);
    sow_bytes_in(dir, &all, b"quit\n")
}

#[test]
fn a_record_that_cannot_be_kept_is_refused_before_the_first_move() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("folder")).unwrap();
    std::os::unix::fs::symlink("loop-b", dir.path().join("loop-a")).unwrap();
    std::os::unix::fs::symlink("loop-a", dir.path().join("loop-b")).unwrap();
    std::fs::write(
        dir.path().join("game.sow"),
        "[Variant \"oware\"]\n1. D d *\n",
    )
    .unwrap();
    let places = [
        ("/dev/full", "not a regular file"),
        ("folder", "a folder"),
        ("missing/game.sow", "No such file or directory"),
        ("loop-a", "symbolic links"),
    ];
    for (place, why) in places {
        for resume in [false, true] {
            let mut args = vec!["--record", place];
            if resume {
                args.extend_from_slice(&["--resume", "game.sow"]);
            }
            let output = play_and_quit(dir.path(), &args);
            let stderr = text(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(
                stderr.starts_with(&format!("error: {place}: cannot keep the record there: ")),
                "{args:?}: {stderr}"
            );
            assert!(stderr.contains(why), "{args:?}: {stderr}");
            // Refused before the game: no board was drawn, no prompt shown.
            assert!(text(&output.stdout).is_empty(), "{args:?}");
        }
    }
    assert!(!dir.path().join("missing").exists());
    // The records and the chart of `match` and `compare` likewise, before
    // the games are played.
    for args in [
        &[
            "match",
            "oware",
            "--south",
            "random",
            "--north",
            "random",
            "--records",
            "folder",
        ][..],
        &["compare", "oware", "--records", "missing/r.sow"],
        &["compare", "oware", "--plot", "/dev/full"],
    ] {
        let output = sow_in(dir.path(), args, "");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("cannot write the "), "{args:?}: {stderr}");
        assert!(
            text(&output.stdout).is_empty(),
            "{args:?}: no game was played"
        );
    }
    // --resume alone adds to the file it reads: checked the same way.
    let output = play_and_quit(dir.path(), &["--resume", "folder"]);
    assert_eq!(output.status.code(), Some(2));
    // A file that does not exist yet is fine, and holds the game after.
    let output = play_and_quit(dir.path(), &["--record", "new.sow"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let kept = std::fs::read_to_string(dir.path().join("new.sow")).unwrap();
    assert!(kept.starts_with("[Variant \"oware\"]"), "{kept}");
}

#[test]
fn a_record_that_fails_to_write_at_the_end_is_printed_instead() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.sow");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sow"))
        .args([
            "play", "oware", "--south", "human", "--north", "random", "--record",
        ])
        .arg(&record)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // Wait for the first prompt: the record's file has been checked.
    let mut seen = Vec::new();
    while !String::from_utf8_lossy(&seen).contains("South> ") {
        let buffer = stdout.fill_buf().unwrap();
        assert!(!buffer.is_empty(), "play ended early");
        seen.extend_from_slice(buffer);
        let used = buffer.len();
        stdout.consume(used);
    }
    // The file is gone and a folder stands in its place: appending fails.
    std::fs::remove_file(&record).unwrap();
    std::fs::create_dir(&record).unwrap();
    stdin.write_all(b"D\nquit\n").unwrap();
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot write the record"), "{stderr}");
    assert!(
        stderr.contains("printed above, on standard output"),
        "{stderr}"
    );
    // The record is there, whole: it replays.
    let at = rest
        .find("[Variant \"oware\"]")
        .expect("the record is printed");
    let printed = &rest[at..];
    assert!(printed.contains("1. D "), "{printed}");
    let replay = sow(&["replay", "-"], printed);
    assert_eq!(replay.status.code(), Some(0), "{}", text(&replay.stderr));
}

// ------------------------------------------------- class 3: bounded reads

#[test]
fn every_file_read_stops_at_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    // Files past each limit, sparse (no disk is used): 16 MiB and one
    // byte for records and games to resume, 1 MiB and one for variants.
    let sparse = |name: &str, len: u64| {
        let path = dir.path().join(name);
        std::fs::File::create(&path).unwrap().set_len(len).unwrap();
        path.to_string_lossy().into_owned()
    };
    let record = sparse("big.sow", (16 << 20) + 1);
    let variant = sparse("big.toml", (1 << 20) + 1);
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["play", "mg-deka", "--resume", &record],
            "16 MiB",
            "big.sow",
        ),
        (&["replay", &record], "16 MiB", "big.sow"),
        (
            &["replay", "--variant", &variant, "-"],
            "1048576 bytes",
            "big.toml",
        ),
        (&["check", &variant], "1048576 bytes", "big.toml"),
    ];
    for (args, limit, file) in cases {
        let output = sow_in(dir.path(), args, "quit\n");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(file), "{args:?}: {stderr}");
        assert!(stderr.contains(limit), "{args:?}: {stderr}");
    }
    // The reader itself: never a byte past the limit and one more.
    let error = sow::diagnostic::read_text(std::io::repeat(b' '), 1000, "<endless>").unwrap_err();
    assert!(matches!(
        error,
        sow::diagnostic::ReadError::TooLarge { limit: 1000, .. }
    ));
}

// ------------------------------------------------- class 4: long names

#[test]
fn a_name_of_100000_letters_is_cut_in_tables_and_charts() {
    let dir = tempfile::tempdir().unwrap();
    let name = "a".repeat(100_000);
    let file = include_str!("../variants/oware.toml")
        .replace("name = \"oware\"", &format!("name = \"{name}\""))
        .lines()
        .filter(|l| !l.starts_with("aliases"))
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(dir.path().join("long.toml"), file).unwrap();
    for format in ["table", "csv", "json"] {
        let output = sow_in(
            dir.path(),
            &[
                "compare",
                "long.toml",
                "mg-deka",
                "--games",
                "2",
                "--format",
                format,
                "--plot",
                "chart.svg",
            ],
            "",
        );
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        if format == "table" {
            // The column holds 40 letters and a mark that the name goes on.
            let header = stdout.lines().next().unwrap();
            assert!(header.contains(&format!("{}…", "a".repeat(40))), "{header}");
            assert!(header.chars().count() < 200, "{header}");
            assert!(header.trim_end().ends_with("mg-deka"), "{header}");
        } else {
            // Data formats keep the whole name.
            assert!(stdout.contains(&name));
        }
        let chart = std::fs::read_to_string(dir.path().join("chart.svg")).unwrap();
        assert!(!chart.contains(&"a".repeat(41)), "the chart's label is cut");
    }
    let output = sow_in(
        dir.path(),
        &[
            "match",
            "long.toml",
            "--south",
            "random",
            "--north",
            "greedy",
            "--games",
            "2",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

// ------------------------------------------ class 5: TOML type errors

/// What a wrong value is replaced with, by the kind of the value written,
/// and the words the error must use for what the key takes.
fn wrong_value(value: &str) -> Option<(&'static str, &'static str)> {
    Some(match value.chars().next()? {
        't' | 'f' if value == "true" || value == "false" => ("1", "takes `true` or `false`"),
        '0'..='9' | '-' => ("\"x\"", "takes a whole number"),
        '"' => ("1", "takes "),
        '[' => ("true", "takes an array"),
        '{' => ("1", "takes a table `{"),
        _ => return None,
    })
}

/// Words of Rust, not of TOML, that no message may use.
const RUST_WORDS: [&str; 11] = [
    "struct",
    "Section",
    "enum",
    "i64",
    "u8",
    "Spanned",
    "sequence",
    "map",
    "invalid type",
    "out of range",
    "i128",
];

#[test]
fn every_key_of_every_shipped_file_gets_a_type_error_in_toml_words() {
    let mut checked = std::collections::BTreeSet::new();
    for (file, source) in BUILTIN.iter().chain(CATALOGUE) {
        for (index, line) in source.lines().enumerate() {
            let Some((key, rest)) = line.split_once('=') else {
                continue;
            };
            let key = key.trim();
            let value = rest.split(" #").next().unwrap().trim();
            if key.is_empty()
                || key.starts_with('#')
                || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                || value.matches('[').count() != value.matches(']').count()
                || value.matches('{').count() != value.matches('}').count()
            {
                continue;
            }
            let Some((wrong, takes)) = wrong_value(value) else {
                continue;
            };
            // One case of each key and kind is enough.
            if !checked.insert((key.to_string(), wrong)) {
                continue;
            }
            let bad_line = format!("{key} = {wrong}");
            let text: Vec<&str> = source
                .lines()
                .enumerate()
                .map(|(i, l)| if i == index { bad_line.as_str() } else { l })
                .collect();
            let Err(RulesError::Invalid(located)) = Rules::from_toml(&text.join("\n"), file) else {
                panic!("{file}: `{bad_line}` must be refused");
            };
            let place = format!("{file}:{}: `{bad_line}`: {located}", index + 1);
            assert_eq!((located.line, located.column), (index + 1, 1), "{place}");
            // `start` takes either of two shapes, and its message names both.
            let both = "`start` takes an array of seeds per house, or a table `{ random = N }`";
            assert!(
                located.message.starts_with(&format!("`{key}` {takes}"))
                    || (key == "start" && located.message.starts_with(both)),
                "{place}"
            );
            assert!(located.message.contains(", found "), "{place}");
            for word in RUST_WORDS {
                assert!(!located.message.contains(word), "{place}");
            }
        }
    }
    // Every kind was met: words, numbers, booleans, arrays, inline tables.
    for kind in ["1", "\"x\"", "true"] {
        assert!(
            checked.iter().any(|(_, w)| *w == kind),
            "{kind}: {checked:?}"
        );
    }
    assert!(checked.len() > 60, "{} keys", checked.len());
}

#[test]
fn type_errors_inside_tables_and_arrays_name_the_key_and_what_it_takes() {
    let kalah =
        include_str!("../variants/kalah.toml").replace("name = \"kalah\"", "name = \"k-mine\"");
    let kalah: String = kalah
        .lines()
        .filter(|l| !l.starts_with("aliases"))
        .collect::<Vec<_>>()
        .join("\n");
    let cases = [
        (
            "relay = false",
            "relay = 1",
            "`relay` takes `true` or `false`, found 1",
        ),
        (
            "ply_limit = { plies = 10000, taken_by = \"each_own_in_place\" }",
            "ply_limit = 2000",
            "`ply_limit` takes a table `{ plies = N, taken_by = \"…\" }`, found 2000",
        ),
        (
            "ply_limit = { plies = 10000, taken_by = \"each_own_in_place\" }",
            "ply_limit = { plies = \"many\", taken_by = \"each_own_in_place\" }",
            "`plies` takes a whole number, found the string \"many\"",
        ),
        (
            "cross = { zone = \"own\", take_sowing_seed = true }",
            "cross = 1",
            "`cross` takes a table `{ zone = \"…\", take_sowing_seed = true or false",
        ),
        (
            "cross = { zone = \"own\", take_sowing_seed = true }",
            "cross = { zone = 1, take_sowing_seed = true }",
            "`zone` takes one of `none`, `opponent`, `own`, `either`, in quotes, found `1`",
        ),
        (
            "cross = { zone = \"own\", take_sowing_seed = true }",
            "cross = []",
            "`cross` takes a table `{ zone = \"…\"",
        ),
        (
            "[end]",
            "[end]\ncleared_row = \"mover\"",
            "`cleared_row` takes a table `{ row = \"…\", taken_by = \"…\" }`, found the string \"mover\"",
        ),
        (
            "houses_per_side = 6",
            "houses_per_side = 6.5",
            "`houses_per_side` takes a whole number, found 6.5",
        ),
        (
            "[board]",
            "rulings = [\"R1\", 2]\n[board]",
            "each item of `rulings` is a string in quotes, found 2",
        ),
        (
            "[board]",
            "rulings = \"R1\"\n[board]",
            "`rulings` takes an array in brackets, `[…]`, found the string \"R1\"",
        ),
    ];
    for (from, to, expected) in cases {
        assert!(kalah.contains(from), "{from}");
        let file = kalah.replacen(from, to, 1);
        let Err(RulesError::Invalid(located)) = Rules::from_toml(&file, "k.toml") else {
            panic!("`{to}` must be refused");
        };
        assert!(located.message.starts_with(expected), "{to}: {located}");
        // The error starts at the key.
        let key = expected.split('`').nth(1).unwrap();
        let key_line = to
            .lines()
            .find(|l| l.contains(&format!("{key} =")))
            .unwrap();
        assert_eq!(located.source_line, key_line, "{to}: {located}");
        assert_eq!(
            located.column,
            key_line.find(key).unwrap() + 1,
            "{to}: {located}"
        );
        for word in RUST_WORDS {
            assert!(!located.message.contains(word), "{to}: {located}");
        }
    }
    // Whole tables given a value: what the table is.
    let oware = oware_mine();
    for (line, expected) in [
        ("turn = 1", "`turn` takes the table [turn], found 1"),
        (
            "children = \"yes\"",
            "`children` takes the table [children], found the string \"yes\"",
        ),
    ] {
        let Err(RulesError::Invalid(located)) =
            Rules::from_toml(&format!("{line}\n{oware}"), "o.toml")
        else {
            panic!("`{line}` must be refused");
        };
        assert_eq!((located.line, located.column), (1, 1), "{located}");
        assert_eq!(located.message, expected);
    }
    // A number past any key's range is a range error, not a type error.
    let file = kalah.replacen(
        "houses_per_side = 6",
        "houses_per_side = 99999999999999999999",
        1,
    );
    let error = Rules::from_toml(&file, "k.toml").unwrap_err().to_string();
    assert!(error.contains("is out of range"), "{error}");
}

// ------------------------------------------- class 6: impossible states

#[test]
fn positions_the_rules_cannot_make_are_refused_with_the_rule_named() {
    let toguz = Rules::builtin("mg-toguz-kumalak").unwrap();
    let deka = Rules::builtin("mg-deka").unwrap();
    let ouri = Rules::builtin("ouri").unwrap();
    let andot = Rules::builtin("mg-andot").unwrap();
    let nines = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0-0 S";
    let check = |rules: &Rules, text: &str| {
        rules
            .check_position(&parse_position(text).unwrap())
            .map_err(|e| e.to_string())
    };
    let refused = |rules: &Rules, text: &str, words: &str| {
        let error = check(rules, text).expect_err(text);
        assert!(error.contains(words), "{text}: {error}");
    };
    // Toguz Kumalak: one child each, in the opponent's row, never in its
    // ninth house, never at the same place as the other player's.
    assert_eq!(
        check(&toguz, &format!("{nines} children:..........S.......")),
        Ok(())
    );
    refused(
        &toguz,
        &format!("{nines} children:.........SS......."),
        "gives South 2 children, but a player has at most 1 ([children] one_each)",
    );
    refused(
        &toguz,
        &format!("{nines} children:.................S"),
        "house i is South's child, but no house there ever becomes a child ([children] never_in)",
    );
    refused(
        &toguz,
        &format!("{nines} children:..S..............."),
        "house C is South's child, but a player makes children only in the row that [children] zone names",
    );
    refused(
        &toguz,
        &format!("{nines} children:.N........S......."),
        "houses B and b are both children, but [children] apart = \"mirror\"",
    );
    // Andot: children only in the houses its lists name.
    refused(
        &andot,
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S children:S...........",
        "in_own_row and in_opponent_row",
    );
    // Deka: the last house of each row never closes.
    assert_eq!(
        check(&deka, "2,2,2,2,2,2/0,2,2,2,2,2 2-0 S blocked:......x....."),
        Ok(())
    );
    refused(
        &deka,
        "2,2,2,2,2,2/2,2,2,2,2,0 2-0 S blocked:...........x",
        "house f is blocked, but [blocking] never_in says it never closes",
    );
    // Ouri: a feeding move is owed only to a player left without seeds.
    assert_eq!(check(&ouri, "0,0,0,0,0,8/0,0,0,0,0,0 20-20 S feed"), Ok(()));
    refused(
        &ouri,
        "0,0,0,0,0,7/0,0,0,0,0,1 20-20 S feed",
        "North's row holds 1 seed(s)",
    );
    refused(
        &ouri,
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N feed",
        "South's row holds 24 seed(s)",
    );
    // Andot: a single seed crosses only at a row's end.
    assert_eq!(
        check(&andot, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S crossed:a"),
        Ok(())
    );
    refused(
        &andot,
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S crossed:c",
        "`crossed:c` names a house inside a row",
    );
    // The same refusals reach the command line, with the rule named.
    let output = sow(
        &[
            "moves",
            "ouri",
            "--from",
            "0,0,0,0,0,7/0,0,0,0,0,1 20-20 S feed",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("capture_then_feed"));
    // Errors are values of their own, not only words.
    assert!(matches!(
        toguz.check_position(
            &parse_position(&format!("{nines} children:.........SS.......")).unwrap()
        ),
        Err(PositionError::TooManyChildren {
            found: 2,
            most: 1,
            ..
        })
    ));
}

#[test]
fn every_position_of_random_games_passes_the_checks() {
    // The checks must refuse only what the rules never make: every position
    // of random games of every shipped variant passes them.
    for engine in builtin_rules().into_iter().map(Engine::new) {
        let rules = engine.rules();
        let mut rng = Rng::new(21);
        for _ in 0..8 {
            let mut game = Game::new(&engine);
            let mut plies = 0;
            while !game.is_over() && plies < 600 {
                let moves = game.legal_moves().to_vec();
                let mv = moves[rng.below(moves.len())];
                game.play(mv, &mut ()).unwrap();
                plies += 1;
                if game.is_over() {
                    // An ending may take the seeds left off the board.
                    break;
                }
                let position = game.position();
                assert_eq!(
                    rules.check_position(position),
                    Ok(()),
                    "{}: {position}",
                    rules.meta.name
                );
            }
        }
    }
}
