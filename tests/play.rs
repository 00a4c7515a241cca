//! `sow play` as a player meets it: a line after every move, `last`, `hint`,
//! seats, and records that are added to, resumed and always saved.

use sow::notation::parse_records;

use crate::common::{sow, sow_bytes_in, sow_in, text};

/// The record printed at the end of a game without `--record`.
fn printed_record(stdout: &str) -> sow::record::Record {
    let start = stdout.find("[Variant").expect("a record is printed");
    let mut records = parse_records(&stdout[start..], "<stdout>").expect("the record parses");
    assert_eq!(records.len(), 1);
    records.remove(0)
}

#[test]
fn every_capturing_move_gets_a_capture_line() {
    let output = sow(
        &["play", "oware", "--south", "greedy", "--north", "greedy"],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("South plays ") || l.starts_with("North plays "))
        .collect();
    let record = printed_record(&stdout);
    assert_eq!(lines.len(), record.moves.len(), "one line per move");
    let mut captures = 0;
    for (line, recorded) in lines.iter().zip(&record.moves) {
        assert!(
            line.contains(&format!(" plays {}: ", recorded.mv)),
            "{line} is about {}",
            recorded.mv
        );
        match recorded.captured {
            Some(seeds) => {
                captures += 1;
                assert!(line.contains("captures "), "{line}");
                // The total is the number in brackets, or the single capture.
                let clause = line.split("captures ").nth(1).unwrap();
                let clause = clause.split(';').next().unwrap();
                let total: u32 = match clause.rfind('(') {
                    Some(at) => clause[at + 1..clause.len() - 1].parse().unwrap(),
                    None => clause.split(' ').next().unwrap().parse().unwrap(),
                };
                assert_eq!(total, seeds, "{line}");
            }
            None => assert!(!line.contains("captures"), "{line}"),
        }
    }
    assert!(captures > 0, "greedy players capture");
}

#[test]
fn a_human_at_north_sees_the_board_from_north() {
    let output = sow(
        &[
            "play", "oware", "--south", "greedy", "--north", "human", "--seed", "1",
        ],
        "quit\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    // The first board: South's row on top read from North's seat, North's own
    // row at the bottom from its left, North's store at the right.
    assert_eq!(lines[1].trim(), "F   E   D   C   B   A");
    assert!(lines[4].trim_start().starts_with("S "), "{}", lines[4]);
    assert!(lines[4].trim_end().ends_with(" N"), "{}", lines[4]);
    assert_eq!(lines[7].trim(), "a   b   c   d   e   f");
    // After South's D, the four seeds landed in E, F (top, at the left) and
    // a, b (bottom, at the left).
    let after = stdout.find("South plays D").expect("greedy opens with D");
    let board: Vec<&str> = stdout[after..].lines().collect();
    assert_eq!(board[3].trim(), "| 5 | 5 | 0 | 4 | 4 | 4 |");
    assert_eq!(board[5].trim(), "| 5 | 5 | 4 | 4 | 4 | 4 |");

    let output = sow(
        &[
            "play", "oware", "--south", "greedy", "--north", "human", "--seat", "south",
        ],
        "quit\n",
    );
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[1].trim(),
        "f   e   d   c   b   a",
        "--seat south overrides"
    );
    assert_eq!(lines[7].trim(), "A   B   C   D   E   F");
}

#[test]
fn last_shows_the_steps_and_hint_a_scored_move() {
    let output = sow(
        &["play", "oware", "--south", "human", "--north", "greedy"],
        "last\nC\nlast\nhint\nquit\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("no move to show yet"), "{stdout}");
    let last = stdout.rfind("North plays").unwrap();
    let steps = &stdout[last..];
    // Greedy North plays at random among moves that capture nothing: a
    // house of 4, or `a`, which South's C made 5.
    assert!(
        steps.contains("  1. lift 4 from ") || steps.contains("  1. lift 5 from a"),
        "{steps}"
    );
    assert!(steps.contains("  5. drop in "), "{steps}");
    let hint = stdout
        .lines()
        .find_map(|l| l.split("hint: ").nth(1))
        .expect("a hint line");
    assert!(hint.contains("alpha-beta, depth 6"), "{hint}");
    assert!(hint.contains("seeds for South"), "{hint}");
    let mv = hint.chars().next().unwrap();
    assert!(('A'..='F').contains(&mv), "a South move: {hint}");
}

#[test]
fn an_even_split_ends_as_such() {
    let output = sow(
        &[
            "moves",
            "oware",
            "--from",
            "0,0,0,0,0,0/0,0,0,0,0,0 24-24 S",
        ],
        "",
    );
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("Game over (the stores split the seeds evenly): a draw, 24-24"),
        "{stdout}"
    );
    assert!(!stdout.contains("majority"), "{stdout}");
}

#[test]
fn a_record_file_is_added_to_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let earlier = "[Variant \"oware\"]\n[Result \"*\"]\n\n1. D d *\n";
    std::fs::write(dir.path().join("games.sow"), earlier).unwrap();
    let args = [
        "play",
        "oware",
        "--south",
        "greedy",
        "--north",
        "greedy",
        "--record",
        "games.sow",
        "--seed",
        "1",
    ];
    for _ in 0..2 {
        let output = sow_in(dir.path(), &args, "");
        assert!(output.status.success(), "{}", text(&output.stderr));
    }
    let file = std::fs::read_to_string(dir.path().join("games.sow")).unwrap();
    assert!(file.starts_with(earlier), "the earlier game stays first");
    let games = parse_records(&file, "games.sow").unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].moves.len(), 2);
    let moves =
        |i: usize| -> Vec<_> { games[i].moves.iter().map(|m| (m.mv, m.captured)).collect() };
    assert_eq!(moves(1), moves(2), "the same seed plays the same game");
    assert_ne!(games[1].result, "*", "the greedy game was played out");
}

#[test]
fn resume_continues_the_last_game_with_its_tags() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "play", "oware", "--south", "human", "--north", "greedy", "--record", "g.sow",
    ];
    let first = sow_in(dir.path(), &args, "C\nB\nquit\n");
    assert!(first.status.success(), "{}", text(&first.stderr));
    let file = std::fs::read_to_string(dir.path().join("g.sow")).unwrap();
    let stopped = parse_records(&file, "g.sow").unwrap().remove(0);
    assert_eq!(stopped.moves.len(), 4, "C, a reply, B, a reply");
    assert_eq!(stopped.result, "*");

    // Resumed without --record, the continued game goes back into g.sow.
    let resumed = sow_in(
        dir.path(),
        &[
            "play", "oware", "--resume", "g.sow", "--south", "greedy", "--north", "greedy",
        ],
        "",
    );
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stdout).contains("Resumed after 4 moves."));
    let file = std::fs::read_to_string(dir.path().join("g.sow")).unwrap();
    let games = parse_records(&file, "g.sow").unwrap();
    assert_eq!(
        games.len(),
        2,
        "the stopped game stays, the continued one follows"
    );
    let continued = &games[1];
    for (a, b) in stopped.moves.iter().zip(&continued.moves) {
        assert_eq!((a.mv, a.captured), (b.mv, b.captured), "the same opening");
    }
    assert!(continued.moves.len() > 4);
    assert_ne!(continued.result, "*", "played to the end");
    assert_eq!(
        continued.tag("South"),
        Some("human"),
        "the recorded tags stay"
    );
    assert_eq!(continued.tag("Date"), stopped.tag("Date"));

    // A finished game cannot be resumed; a game of another variant neither.
    let over = sow_in(dir.path(), &["play", "oware", "--resume", "g.sow"], "");
    assert_eq!(over.status.code(), Some(2));
    assert!(text(&over.stderr).contains("nothing to resume"));
    let other = sow_in(dir.path(), &["play", "ouri", "--resume", "g.sow"], "");
    assert_eq!(other.status.code(), Some(2));
}

/// `--resume FILE` alone plays on under the variant the record names.
#[test]
fn resume_alone_takes_the_variant_from_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "play", "mg-bosh", "--south", "human", "--north", "greedy", "--record", "g.sow", "--seed",
        "1",
    ];
    let first = sow_in(dir.path(), &args, "A\nquit\n");
    assert!(first.status.success(), "{}", text(&first.stderr));
    let resumed = sow_in(dir.path(), &["play", "--resume", "g.sow"], "A\nquit\n");
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stdout).contains("Resumed after 2 moves."));
    // Bosh is a match of rounds: the round is shown under the board.
    assert!(text(&resumed.stdout).contains("\nRound 1 of the match\n"));
    let file = std::fs::read_to_string(dir.path().join("g.sow")).unwrap();
    let games = parse_records(&file, "g.sow").unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("Variant"), Some("mg-bosh"));
    assert_eq!(
        games[1].tag("South"),
        Some("human"),
        "the players from the tags"
    );
    assert!(games[1].moves.len() > 2, "{:?}", games[1].moves);

    // Named wrongly, the message says the variant may be left out.
    let other = sow_in(dir.path(), &["play", "oware", "--resume", "g.sow"], "");
    assert_eq!(other.status.code(), Some(2));
    let message = text(&other.stderr);
    assert!(
        message.contains("the game is mg-bosh, not oware"),
        "{message}"
    );
    assert!(message.contains("sow play --resume FILE"), "{message}");

    // A record that names no shipped variant needs the variant named.
    std::fs::write(dir.path().join("bare.sow"), "1. C *\n").unwrap();
    let bare = sow_in(dir.path(), &["play", "--resume", "bare.sow"], "");
    assert_eq!(bare.status.code(), Some(2));
    assert!(
        text(&bare.stderr).contains("no [Variant] tag"),
        "{}",
        text(&bare.stderr)
    );
    std::fs::write(
        dir.path().join("mine.sow"),
        "[Variant \"my-own\"]\n\n1. C *\n",
    )
    .unwrap();
    let mine = sow_in(dir.path(), &["play", "--resume", "mine.sow"], "");
    assert_eq!(mine.status.code(), Some(2));
    let message = text(&mine.stderr);
    assert!(
        message.contains("sow play VARIANT --resume FILE"),
        "{message}"
    );
    // Neither a variant nor a record: a usage error.
    let neither = sow_in(dir.path(), &["play"], "");
    assert_eq!(neither.status.code(), Some(2));
}

#[test]
fn bad_bytes_are_skipped_and_an_endless_line_stops_with_the_game_saved() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "play", "oware", "--south", "human", "--north", "greedy", "--record", "g.sow",
    ];
    let output = sow_bytes_in(dir.path(), &args, b"C\n\xff\xfe\xfd\nquit\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("not UTF-8"));
    let file = std::fs::read_to_string(dir.path().join("g.sow")).unwrap();
    assert_eq!(parse_records(&file, "g.sow").unwrap()[0].moves.len(), 2);

    // As from /dev/zero: no line end ever comes.
    let mut input = b"D\n".to_vec();
    input.extend(std::iter::repeat_n(0u8, 1 << 20));
    let output = sow_bytes_in(dir.path(), &args, &input);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("longer than 4096 bytes"));
    let file = std::fs::read_to_string(dir.path().join("g.sow")).unwrap();
    let games = parse_records(&file, "g.sow").unwrap();
    assert_eq!(games.len(), 2, "the stopped game is saved too");
    assert_eq!(games[1].moves.len(), 2);
}

#[test]
fn replay_numbers_full_moves() {
    let record = "[Variant \"oware\"]\n\n1. D d 2. E e *\n";
    let output = sow(&["replay", "-"], record);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let moves: Vec<String> = text(&output.stdout)
        .lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect();
    assert_eq!(moves, ["1. D", "1... d", "2. E", "2... e"]);
}

/// A 20,000-ply computer game: the record is kept move by move, not rebuilt
/// after every ply (which took 40 seconds for such a game), and every ply is
/// reported.
#[test]
fn a_long_game_is_played_and_recorded_whole() {
    let dir = tempfile::tempdir().unwrap();
    let oware = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/oware.toml"),
    )
    .unwrap();
    // No captures and no repetition ending: only the ply limit ends a game.
    let endless: String = oware
        .lines()
        .map(|line| match line.split(' ').next().unwrap_or("") {
            "name" => "name = \"endless\"".to_string(),
            "aliases" => "aliases = []".to_string(),
            "counts" => "counts = []".to_string(),
            "last_seed" => "last_seed = \"none\"".to_string(),
            "chain" => "chain = false".to_string(),
            "repetition" => "ply_limit = { plies = 20000, taken_by = \"each_own\" }".to_string(),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(dir.path().join("endless.toml"), endless).unwrap();
    let output = sow_in(
        dir.path(),
        &[
            "play",
            "endless.toml",
            "--south",
            "random",
            "--north",
            "random",
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert_eq!(printed_record(&stdout).moves.len(), 20_000);
    assert_eq!(stdout.matches(" plays ").count(), 20_000);
    assert!(stdout.contains("the ply limit was reached"));
}

/// Resumed without `--south` or `--north`, the players are the record's:
/// `[North "greedy"]` plays North again, not the default random player.
/// Resuming and stopping before a new move adds nothing to the file.
#[test]
fn resume_takes_the_recorded_players_and_adds_nothing_without_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "play", "oware", "--south", "human", "--north", "greedy", "--record", "g.sow",
    ];
    let first = sow_in(dir.path(), &args, "C\nquit\n");
    assert!(first.status.success(), "{}", text(&first.stderr));
    let before = std::fs::read_to_string(dir.path().join("g.sow")).unwrap();
    assert_eq!(parse_records(&before, "g.sow").unwrap().len(), 1);

    // Quit at once: the file is left as it was.
    let quit = sow_in(
        dir.path(),
        &["play", "oware", "--resume", "g.sow"],
        "quit\n",
    );
    assert!(quit.status.success(), "{}", text(&quit.stderr));
    assert!(text(&quit.stderr).contains("no new move: nothing added"));
    let after = std::fs::read_to_string(dir.path().join("g.sow")).unwrap();
    assert_eq!(after, before, "nothing was appended");

    // A record whose players are both computers: resumed with no seat
    // given, they play the game out (a human South would stop at the end of
    // input), and North plays as `--north greedy` does with the same seed,
    // not as the default random player.
    let computers = "[Variant \"oware\"]\n[South \"random\"]\n[North \"greedy\"]\n\n1. C *\n";
    let continued = |extra: &[&str]| {
        std::fs::write(dir.path().join("c.sow"), computers).unwrap();
        let mut args = vec!["play", "oware", "--resume", "c.sow", "--seed", "5"];
        args.extend_from_slice(extra);
        let output = sow_in(dir.path(), &args, "");
        assert!(output.status.success(), "{}", text(&output.stderr));
        let file = std::fs::read_to_string(dir.path().join("c.sow")).unwrap();
        let mut games = parse_records(&file, "c.sow").unwrap();
        assert_eq!(games.len(), 2);
        games.remove(1)
    };
    let recorded = continued(&[]);
    assert_ne!(recorded.result, "*", "the recorded computers played it out");
    let moves = |r: &sow::record::Record| -> Vec<String> {
        r.moves.iter().map(|m| m.mv.to_string()).collect()
    };
    assert_eq!(moves(&recorded), moves(&continued(&["--north", "greedy"])));
    assert_ne!(moves(&recorded), moves(&continued(&["--north", "random"])));
    let human = continued(&["--south", "human"]);
    assert_eq!(human.result, "*", "a human South stops at the end of input");

    // A recorded player sow does not know is refused, naming the tag.
    let odd = before.replace("[North \"greedy\"]", "[North \"Ada\"]");
    std::fs::write(dir.path().join("odd.sow"), odd).unwrap();
    let refused = sow_in(dir.path(), &["play", "oware", "--resume", "odd.sow"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("[North \"Ada\"]"),
        "{}",
        text(&refused.stderr)
    );
    assert!(text(&refused.stderr).contains("--north"));
}

/// `undo` says which moves it took back; `last` then shows the move still
/// last on the board, whoever made it (South's opening, for a human North);
/// `rules` shows the rule sheet.
#[test]
fn undo_names_what_it_took_back_and_last_and_rules_follow_the_board() {
    // A computer South opens; the human North plays c, then undoes it.
    let output = sow(
        &[
            "play", "oware", "--south", "greedy", "--north", "human", "--seed", "4",
        ],
        "c\nundo\nlast\nrules\nquit\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let opening = stdout
        .lines()
        .find_map(|l| l.strip_prefix("South plays "))
        .and_then(|rest| rest.chars().next())
        .expect("South opened");
    // South's reply to c is taken back with c, the last played first.
    let took = stdout
        .lines()
        .find_map(|l| l.find("took back").map(|at| &l[at..]))
        .expect("undo says what it took back");
    assert!(
        took.starts_with("took back 2 moves: South ") && took.ends_with(", North c"),
        "{took}"
    );
    let after_undo = &stdout[stdout.find("took back").unwrap()..];
    assert!(
        after_undo.contains(&format!("South plays {opening}:")),
        "last shows South's opening, still on the board: {after_undo}"
    );
    assert!(!after_undo.contains("no move to show yet"));
    assert!(
        after_undo.contains("Which houses may be played"),
        "{after_undo}"
    );
}

/// Kalah's extra turns do not take new move numbers: a player's moves in a
/// row stay under one number, so a record South opens never writes `N...`.
/// The record replays, and so does one numbered the old way (numbers are
/// read, never checked against the turns).
#[test]
fn extra_turns_stay_under_one_move_number() {
    let output = sow(
        &[
            "play", "kalah", "--south", "greedy", "--north", "greedy", "--seed", "3",
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let record = printed_record(&stdout);
    let sides: Vec<_> = record.moves.iter().map(|m| m.mv.side()).collect();
    assert!(
        sides.windows(2).any(|w| w[0] == w[1]),
        "the game has an extra turn"
    );
    let movetext = &stdout[stdout.rfind("]\n").unwrap()..];
    assert!(!movetext.contains("..."), "{movetext}");
    let turns = sides.windows(2).filter(|w| w[0] != w[1]).count();
    let last_number = movetext
        .split_whitespace()
        .filter_map(|t| t.strip_suffix('.'))
        .filter_map(|n| n.parse::<usize>().ok())
        .max()
        .unwrap();
    // One number for each South turn and the North turn after it.
    assert_eq!(last_number, turns / 2 + 1, "{movetext}");
    let replayed = sow(&["replay", "-"], &record.to_string());
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    // The old numbering: a North move that answers no South move took a
    // number of its own (`3... f 4... a`).
    let mut old = String::from("[Variant \"kalah\"]\n\n");
    let mut number = 0;
    for (i, m) in record.moves.iter().enumerate() {
        let answers = i > 0 && sides[i - 1] == sow::Side::South && sides[i] == sow::Side::North;
        if !answers {
            number += 1;
            let dots = if sides[i] == sow::Side::South {
                "."
            } else {
                "..."
            };
            old.push_str(&format!("{number}{dots} "));
        }
        old.push_str(&format!("{} ", m.mv));
    }
    old.push_str(&record.result);
    assert!(old.contains("... "), "{old}");
    let old_style = sow(&["replay", "-"], &old);
    assert!(old_style.status.success(), "{}", text(&old_style.stderr));
}

/// A record names each computer player in full, so that a resumed game
/// gets the same player back: `alphabeta:2:rows`, not `alphabeta:2`.
#[test]
fn records_name_the_players_in_full() {
    let output = sow(
        &[
            "play",
            "oware",
            "--south",
            "human",
            "--north",
            "alphabeta:2:rows",
            "--seed",
            "1",
        ],
        "quit\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let record = printed_record(&text(&output.stdout));
    assert_eq!(record.tag("North"), Some("alphabeta:2:rows"));
    assert_eq!(record.tag("South"), Some("human"));
}

#[test]
fn a_fault_of_sows_own_still_saves_the_game() {
    // The binary panics before the fifth move where the tests ask it to
    // (debug builds only, as the tests' builds are).
    if !cfg!(debug_assertions) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .current_dir(dir.path())
        .args(["play", "oware", "--south", "greedy", "--north", "greedy"])
        .args(["--record", "games.sow", "--seed", "3"])
        .env("SOW_TEST_PANIC_AT_PLY", "4")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(101), "{stderr}");
    assert!(stderr.contains("a fault injected for a test"), "{stderr}");
    assert!(
        stderr.contains("the game so far (4 moves) is saved to games.sow"),
        "{stderr}"
    );
    let file = std::fs::read_to_string(dir.path().join("games.sow")).unwrap();
    let games = parse_records(&file, "games.sow").unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves.len(), 4, "{file}");
    assert_eq!(games[0].result, "*", "the game was not over");
    // It plays on from there.
    let again = sow_in(
        dir.path(),
        &[
            "play",
            "--resume",
            "games.sow",
            "--south",
            "greedy",
            "--north",
            "greedy",
        ],
        "",
    );
    assert!(again.status.success(), "{}", text(&again.stderr));
}
