//! Hostile input, round two (issue 12): one test or more per class of fault.
//! The corpus files for the same classes are in `tests/bad_inputs/` with
//! their snapshots; these tests check what a snapshot cannot: that a file is
//! not read, that reading stops at a limit, that work grows linearly.

use std::io::Read;

use sow::arena::{Run, play_match};
use sow::diagnostic::{MAX_SHOWN_LINE, ReadError};
use sow::notation::{MAX_RECORD_BYTES, parse_position, parse_records, read_record_text};
use sow::players::{MAX_DEPTH, MAX_MILLIS, MAX_PLAYOUTS, PlayerSpec};
use sow::position::PositionError;
use sow::record::{ReplayError, VariantChoice, VariantError};
use sow::rules::RulesError;
use sow::word::Word;
use sow::{Engine, Rules};

use crate::common::{sow, sow_in, text};

fn records(text: &str) -> Vec<sow::record::Record> {
    parse_records(text, "t.sow").unwrap()
}

// ----------------------------------------------------------- class 1

#[test]
fn a_variant_tag_never_opens_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret.toml");
    std::fs::write(&secret, "API_TOKEN=hunter2\n").unwrap();
    let record = format!("[Variant \"{}\"]\n1. D d *\n", secret.display());
    let output = sow(&["replay", "-"], &record);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("API_TOKEN"), "{stderr}");
    assert!(stderr.contains("must name a shipped variant"), "{stderr}");
    assert!(stderr.contains("--variant FILE"), "{stderr}");

    // A FIFO in a tag would block an open forever; it is never opened.
    let fifo = dir.path().join("fifo");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        let record = format!("[Variant \"{}\"]\n1. D d *\n", fifo.display());
        let output = sow(&["replay", "-"], &record);
        assert_eq!(output.status.code(), Some(2));
    }

    // In the library: a tag is looked up among the shipped variants only.
    let choice = VariantChoice::new(None);
    let games = records(&format!("[Variant \"{}\"]\n*\n", secret.display()));
    assert!(matches!(
        choice.engine_for(&games[0]),
        Err(VariantError::NotShipped { .. })
    ));
}

#[test]
fn replay_variant_names_the_variant_for_untagged_records_or_overrides_tags() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.toml");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/variants/ouri.toml"),
        &file,
    )
    .unwrap();
    let file = file.to_string_lossy().into_owned();
    // No tag: the variant comes from the command line, as a file.
    let output = sow(&["replay", "--json", "--variant", &file, "-"], "1. D d *\n");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("\"variant\":\"ouri\""));
    // A tag is overridden.
    let output = sow(
        &["replay", "--json", "--variant", "wouri", "-"],
        "[Variant \"oware\"]\n1. D d *\n",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("\"variant\":\"wouri\""));
    // Neither: a clear usage error.
    let output = sow(&["replay", "-"], "1. D d *\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--variant NAME|FILE"));
}

// ----------------------------------------------------------- class 2

#[test]
fn shipped_variants_compile_once_per_replay_not_once_per_game() {
    let choice = VariantChoice::new(None);
    let games = records(&"[Variant \"oware\"]\n1. D d *\n\n".repeat(1000));
    let first = choice.engine_for(&games[0]).unwrap();
    for game in &games {
        assert!(std::ptr::eq(choice.engine_for(game).unwrap(), first));
    }
}

#[test]
fn a_long_record_on_one_line_is_located_move_by_move() {
    // 200,000 moves on one line: every move carries its own column. The
    // work per lookup is checked by `diagnostic::tests` (bytes scanned stay
    // within the text's length, whatever the number of moves).
    let moves = "A a ".repeat(100_000);
    let games = records(&format!("[Variant \"oware\"]\n{moves}*\n"));
    let last = games[0].moves.last().unwrap();
    assert_eq!((last.line, last.column), (2, 4 * 100_000 - 1));
    // Illegal at ply 9 (North moves on South's turn): the error names
    // ply 9, whatever follows.
    let engine = Engine::new(Rules::builtin("oware").unwrap());
    let bad = format!("[Variant \"oware\"]\n1. D d 2. E e 3. F f 4. A a 5... a {moves}*\n");
    let games = records(&bad);
    let error = games[0].replay(&engine).err().unwrap();
    assert!(
        matches!(error, ReplayError::Illegal { ply: 9, .. }),
        "{error}"
    );
}

// ----------------------------------------------------------- class 3

/// A reader of endless spaces that counts what it hands out.
struct Endless {
    given: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        buf.fill(b' ');
        self.given += buf.len();
        Ok(buf.len())
    }
}

#[test]
fn reading_stops_at_the_record_limit() {
    let mut endless = Endless { given: 0 };
    let error = read_record_text(&mut endless, "<stdin>").unwrap_err();
    assert!(matches!(error, ReadError::TooLarge { .. }), "{error}");
    // `take` asks for at most one byte past the limit; a read may bring a
    // buffer's worth more at the very end, no more.
    assert!(
        endless.given <= MAX_RECORD_BYTES + 64 * 1024,
        "{}",
        endless.given
    );
    // A file past the limit (sparse: no disk is used) stops there.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.sow");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(MAX_RECORD_BYTES as u64 + 1)
        .unwrap();
    let output = sow(&["replay", &big.to_string_lossy()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("longer than 16777216 bytes"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn matches_keep_records_only_when_asked() {
    let engine = Engine::new(Rules::builtin("oware").unwrap());
    let mut run = Run {
        games: 20,
        seed: 1,
        threads: 1,
        keep_records: false,
    };
    let (greedy, random) = (PlayerSpec::Greedy, PlayerSpec::Random);
    let report = play_match(&engine, &greedy, &random, &run, &|| {});
    assert!(report.records.is_empty());
    assert_eq!(report.games, 20);
    run.keep_records = true;
    let kept = play_match(&engine, &greedy, &random, &run, &|| {});
    assert_eq!(kept.records.len(), 20);
    assert_eq!(
        (kept.wins, kept.draws, kept.losses),
        (report.wins, report.draws, report.losses)
    );
}

// ----------------------------------------------------------- class 4

#[test]
fn resource_arguments_have_limits_and_usage_errors() {
    let refused = [
        vec!["bench", "oware", "--games", "0"],
        vec!["bench", "oware", "--games", "18446744073709551615"],
        vec!["bench", "oware", "--games", "100000001"],
        vec!["bench", "oware", "--threads", "10000"],
        vec![
            "match", "oware", "--south", "greedy", "--north", "random", "--games", "0",
        ],
        vec![
            "match", "oware", "--south", "greedy", "--north", "random", "--games", "1000001",
        ],
        vec![
            "match",
            "oware",
            "--south",
            "alphabeta:64",
            "--north",
            "random",
        ],
        vec![
            "match",
            "oware",
            "--south",
            "alphabeta:999999999ms",
            "--north",
            "random",
        ],
        vec![
            "match",
            "oware",
            "--south",
            "mcts:4294967295",
            "--north",
            "random",
        ],
        vec!["compare", "oware", "--games", "0"],
        vec!["compare", "oware", "--players", "random,mcts:0"],
        vec!["compare", "oware", "--threads", "257"],
        vec!["perft", "oware", "21"],
        vec!["perft", "oware", "100000"],
    ];
    for args in refused {
        let output = sow(&args, "");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    let parse = |s: &str| s.parse::<PlayerSpec>();
    assert!(parse(&format!("alphabeta:{MAX_DEPTH}")).is_ok());
    assert!(parse(&format!("alphabeta:{}", MAX_DEPTH + 1)).is_err());
    assert!(parse(&format!("alphabeta:{MAX_MILLIS}ms")).is_ok());
    assert!(parse(&format!("alphabeta:{}ms", MAX_MILLIS + 1)).is_err());
    assert!(parse("alphabeta:0ms").is_err());
    assert!(parse(&format!("mcts:{MAX_PLAYOUTS}")).is_ok());
    assert!(parse(&format!("mcts:{}", MAX_PLAYOUTS + 1)).is_err());
    // A spec prints as it reads.
    for spec in [
        "random",
        "greedy",
        "alphabeta:6:rows",
        "alphabeta:250ms",
        "mcts:9",
    ] {
        assert_eq!(parse(spec).unwrap().to_string(), spec);
    }
}

// ----------------------------------------------------------- class 6

#[test]
fn state_words_must_belong_to_the_variant_and_appear_once() {
    let oware = Rules::builtin("oware").unwrap();
    let ouri = Rules::builtin("ouri").unwrap();
    let wouri = Rules::builtin("wouri").unwrap();
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let with = |state: &str| parse_position(&format!("{start} {state}")).unwrap();
    let unused = |word: Word| {
        Err(PositionError::WordUnused {
            word: word.quoted(),
            why: word.absent_because(),
        })
    };
    assert_eq!(oware.check_position(&with("feed")), unused(Word::Feed));
    assert_eq!(oware.check_position(&with("last:S")), unused(Word::Last));
    // Owed only to a player without seeds (the grand slam took them).
    let slam = parse_position("0,0,0,0,0,8/0,0,0,0,0,0 20-20 S feed").unwrap();
    assert_eq!(ouri.check_position(&slam), Ok(()));
    assert_eq!(ouri.check_position(&with("last:N")), unused(Word::Last));
    assert_eq!(wouri.check_position(&with("last:N")), Ok(()));
    assert_eq!(wouri.check_position(&with("feed")), unused(Word::Feed));
    for bad in [
        "last:S last:N",
        "last:S last:S",
        "feed feed",
        "last:S feed last:N",
    ] {
        assert!(
            parse_position(&format!("{start} {bad}")).is_err(),
            "{bad} must be refused"
        );
    }
}

#[test]
fn records_claim_only_what_is_true() {
    let engine = Engine::new(Rules::builtin("oware").unwrap());
    let unfinished = records("[Variant \"oware\"]\n1. D d 1-0\n");
    assert!(matches!(
        unfinished[0].replay(&engine),
        Err(ReplayError::ResultUnfinished { .. })
    ));
    assert!(
        records("[Variant \"oware\"]\n1. D d *\n")[0]
            .replay(&engine)
            .is_ok()
    );
    for bad in [
        "[Result \"1-0\"]\n1. D d 0-1\n",
        "[Result \"1-0\"]\n1. D d *\n",
        "[Variant \"oware\"]\n[Variant \"ouri\"]\n*\n",
        "[Date \"x\"]\n[Date \"x\"]\n*\n",
        "",
        "  \n\t\n",
    ] {
        assert!(parse_records(bad, "t.sow").is_err(), "{bad:?}");
    }
    // The same tag in two games is fine.
    assert_eq!(
        records("[Variant \"oware\"]\n*\n[Variant \"oware\"]\n*\n").len(),
        2
    );
}

// ----------------------------------------------------------- class 8

#[test]
fn a_variant_file_that_is_not_utf8_is_refused_at_its_first_bad_byte() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.toml");
    std::fs::write(&path, b"[variant]\nname = \"caf\xe9\"\n").unwrap();
    let Err(RulesError::Invalid(located)) = Rules::from_path(&path) else {
        panic!("a non-UTF-8 file must be refused with a place");
    };
    assert_eq!((located.line, located.column), (2, 12));
    assert!(located.message.contains("not UTF-8"), "{}", located.message);
    assert!(located.message.contains("0xe9"), "{}", located.message);
}

#[test]
fn a_byte_order_mark_is_skipped_in_variant_files_and_records() {
    let oware = include_str!("../variants/oware.toml");
    assert!(Rules::from_toml(&format!("\u{feff}{oware}"), "bom.toml").is_ok());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.toml");
    std::fs::write(&path, format!("\u{feff}{oware}")).unwrap();
    assert!(Rules::from_path(&path).is_ok());
    let games = records("\u{feff}[Variant \"oware\"]\n1. D d *\n");
    assert_eq!(games[0].moves.len(), 2);
    let output = sow(&["replay", "-"], "\u{feff}[Variant \"oware\"]\n1. D d *\n");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

#[test]
fn a_fault_on_a_huge_line_shows_a_window_not_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!("[Variant \"oware\"]\n{}? *\n", "D d ".repeat(400_000));
    std::fs::write(dir.path().join("huge.sow"), &line).unwrap();
    let output = sow_in(dir.path(), &["replay", "huge.sow"], "");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr.len() < 1000, "{} bytes of error", stderr.len());
    assert!(stderr.contains("huge.sow:2:1600001:"), "{stderr}");
    // The caret sits under the `?`.
    let lines: Vec<&str> = stderr.lines().collect();
    let source = lines.iter().position(|l| l.starts_with("2 | ")).unwrap();
    let at = lines[source].chars().position(|c| c == '?').unwrap();
    let caret = lines[source + 1].chars().position(|c| c == '^').unwrap();
    assert_eq!(at, caret, "{stderr}");
    assert!(lines[source].chars().count() <= MAX_SHOWN_LINE + 10);
}

#[test]
fn messages_quote_huge_input_in_part_only() {
    let huge = "b".repeat(1_000_000);
    let cases = [
        format!("[Variant \"oware\"]\nA{huge} *\n"),
        format!("[Variant \"{huge}\"]\n*\n"),
        format!(
            "[Variant \"oware\"]\n[Position \"4,{}/4 0-0 S\"]\n*\n",
            "9".repeat(1_000_000)
        ),
    ];
    for record in cases {
        let output = sow(&["replay", "-"], &record);
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stderr.len() < 1500, "{} bytes", output.stderr.len());
    }
    let oware = include_str!("../variants/oware.toml");
    let text = oware.replace(
        "houses_per_side = 6",
        &format!("houses_per_side = \"{huge}\""),
    );
    let error = Rules::from_toml(&text, "long.toml")
        .unwrap_err()
        .to_string();
    assert!(error.len() < 1500, "{} bytes", error.len());
}
