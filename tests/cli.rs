//! The `sow` binary, driven as a user or a script drives it.

use serde_json::Value;
use sow::Engine;

use crate::common::{fixture_games, sow, test_path, text};

/// Every reference game becomes a record; `sow replay --json` must give back
/// every ply: move, board, stores, whether the game is over, and the reason.
#[test]
fn replay_json_gives_back_every_reference_game() {
    for file in ["oware.jsonl", "ouri.jsonl", "wouri.jsonl", "kalah.jsonl"] {
        let games = fixture_games(file);
        let mut records = String::new();
        for game in &games {
            records.push_str(&format!("[Variant \"{}\"]\n\n", game.variant));
            for ply in &game.plies {
                records.push_str(&ply.mv);
                records.push(' ');
            }
            records.push_str("*\n\n");
        }
        let output = sow(&["replay", "--json", "-"], &records);
        assert!(output.status.success(), "{file}: {}", text(&output.stderr));
        let lines: Vec<Value> = text(&output.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON line"))
            .collect();
        assert_eq!(lines.len(), games.len(), "{file}: one line per game");
        for (number, (got, want)) in lines.iter().zip(&games).enumerate() {
            let at = format!("{file} game {}", number + 1);
            assert_eq!(got["variant"], want.variant.as_str(), "{at}");
            assert_eq!(
                got["reason"].as_str(),
                Some(want.expected_reason()),
                "{at}: reason"
            );
            let plies = got["plies"].as_array().unwrap();
            assert_eq!(plies.len(), want.plies.len(), "{at}: plies");
            for (i, (p, w)) in plies.iter().zip(&want.plies).enumerate() {
                assert_eq!(p["move"], w.mv.as_str(), "{at} ply {}", i + 1);
                assert_eq!(
                    p["board"],
                    serde_json::json!(w.board),
                    "{at} ply {}: board",
                    i + 1
                );
                assert_eq!(
                    p["stores"],
                    serde_json::json!(w.stores),
                    "{at} ply {}: stores",
                    i + 1
                );
                assert_eq!(p["over"], w.over, "{at} ply {}: over", i + 1);
                assert_eq!(
                    p["to_move"].is_null(),
                    w.over,
                    "{at} ply {}: to_move is null once over",
                    i + 1
                );
            }
            assert_eq!(got["result"], want.expected_result(), "{at}: result");
            if want.variant == "kalah" {
                // Kalah credits each player with the seeds left in their row.
                let last = want.plies.last().unwrap();
                let row = |side: usize| last.board[side * 6..side * 6 + 6].iter().sum::<u8>();
                let score = [0, 1].map(|side| u32::from(last.stores[side] + row(side)));
                assert_eq!(got["score"], serde_json::json!(score), "{at}: score");
            }
        }
    }
}

/// Game 17 of OpenSpiel's Kalah games ends when North's row empties, with
/// stores 19-22 and 7 seeds left in South's row: South wins 26-22, and the
/// status line, the JSON score and the result all say so.
#[test]
fn kalah_score_counts_the_seeds_left_in_place() {
    let game = &fixture_games("kalah.jsonl")[16];
    let last = game.plies.last().unwrap();
    assert_eq!(last.stores, [19, 22]);
    assert_eq!(last.board[..6].iter().sum::<u8>(), 7);
    let moves: Vec<&str> = game.plies.iter().map(|p| p.mv.as_str()).collect();
    let record = format!("[Variant \"kalah\"]\n\n{} 1-0\n", moves.join(" "));
    let output = sow(&["replay", "-"], &record);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let shown = text(&output.stdout);
    assert!(
        shown.contains("Game over (a row is empty): South wins, 26-22 (1-0)"),
        "{shown}"
    );
    let output = sow(&["replay", "--json", "-"], &record);
    let json: Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(json["score"], serde_json::json!([26, 22]));
    assert_eq!(json["result"], "1-0");
    assert_eq!(
        json["plies"].as_array().unwrap().last().unwrap()["stores"],
        serde_json::json!([19, 22])
    );
}

#[test]
fn perft_oware_9_last_line_is_the_count() {
    let output = sow(&["perft", "oware", "9"], "");
    assert!(output.status.success());
    assert_eq!(text(&output.stdout).lines().last(), Some("3592872"));
}

#[test]
fn play_explains_an_illegal_move_asks_again_and_quit_writes_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.sow");
    let record_arg = record.to_str().unwrap();
    // `a` is North's house; `Cx2` is C with a wrong capture mark; `C` is
    // legal; then quit.
    let output = sow(
        &[
            "play", "ouri", "--south", "human", "--north", "random", "--seed", "3", "--record",
            record_arg,
        ],
        "a\nCx2\nC\nquit\n",
    );
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        stdout.contains("illegal: a is North's house, and it is South's turn"),
        "{stdout}"
    );
    assert!(
        stdout.contains("illegal: the mark says Cx2, but C captures 0"),
        "{stdout}"
    );
    // Asked again: four prompts for South (after `a`, after `Cx2`, for `C`,
    // and for `quit`).
    assert_eq!(stdout.matches("South> ").count(), 4, "{stdout}");
    let saved = std::fs::read_to_string(&record).expect("record written on quit");
    assert!(saved.contains("[Variant \"ouri\"]"), "{saved}");
    assert!(saved.contains("1. C "), "{saved}");
    assert!(saved.trim_end().ends_with('*'), "{saved}");
    // The record replays.
    let replayed = sow(&["replay", record_arg], "");
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
}

#[test]
fn end_of_input_in_play_still_prints_the_record() {
    let output = sow(&["play", "oware"], "D\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("[Variant \"oware\"]") && stdout.contains("1. D "),
        "{stdout}"
    );
}

#[test]
fn exit_codes_follow_the_kind_of_fault() {
    // An illegal move is a rule error: 1.
    let output = sow(&["replay", "-"], "[Variant \"oware\"]\n1. a *\n");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).starts_with("error: <stdin>:2:4: game 1: illegal move at ply 1"),
        "{}",
        text(&output.stderr)
    );
    // A wrong capture mark is a rule error too.
    let output = sow(&["replay", "-"], "[Variant \"oware\"]\n1. Dx2 *\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("capture mark does not match"),
        "{}",
        text(&output.stderr)
    );
    // So is `explain`'s, as the playground's API refuses it.
    let output = sow(&["explain", "oware", "Dx2"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("the mark says Dx2, but D captures 0"),
        "{}",
        text(&output.stderr)
    );
    // A parse error is 2, with line:column and a caret.
    let output = sow(&["replay", "-"], "[Variant \"oware\"]\n1. D 7 *\n");
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("<stdin>:2:6:") && stderr.contains('^'),
        "{stderr}"
    );
    // A bad variant file is 2, with file:line:col.
    let output = sow(
        &["check", test_path("fixtures/README.md").to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    // Usage errors are 2.
    let output = sow(&["perft", "oware"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn play_help_moves_and_undo_work() {
    // D, North replies; `undo` takes back both; then `moves`, `help`, garbage, quit.
    let output = sow(
        &["play", "oware", "--north", "greedy", "--seed", "2"],
        "D\nundo\nmoves\nhelp\n!!\nquit\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("undo      take back your last move"),
        "help is shown: {stdout}"
    );
    assert!(
        stdout.contains("  A: legal"),
        "moves lists verdicts: {stdout}"
    );
    assert!(
        stdout.contains("`!!` is not a move or a command"),
        "{stdout}"
    );
    // After the undo the game is back at the start, so the record has no moves.
    let record = stdout.rsplit("[Variant").next().unwrap();
    assert!(
        !record.contains("1. D"),
        "the undone move is not in the record: {record}"
    );
    assert!(stdout.contains("Stopped after 0 moves."), "{stdout}");
}

/// With several files, every error starts its own `error:` line, and the
/// good files are still reported.
#[test]
fn check_starts_every_error_with_error() {
    let output = sow(
        &[
            "check",
            "variants/oware.toml",
            "tests/bad_inputs/variant_string_for_number.toml",
            "tests/bad_inputs/variant_zero_houses.toml",
            "no-such-file.toml",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stdout).contains("ok: variants/oware.toml (oware)"));
    let stderr = text(&output.stderr);
    let firsts: Vec<&str> = stderr
        .split("\n\n")
        .map(|block| block.lines().next().unwrap_or(""))
        .collect();
    assert_eq!(firsts.len(), 3, "{stderr}");
    for (first, file) in firsts.iter().zip([
        "variant_string_for_number.toml",
        "variant_zero_houses.toml",
        "no-such-file.toml",
    ]) {
        assert!(first.starts_with("error: "), "{first}");
        assert!(first.contains(file), "{first}");
    }
}

#[test]
fn bench_all_prints_a_line_per_shipped_variant() {
    let output = sow(&["bench", "--all", "--games", "20"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let shipped = sow::rules::builtin_rules();
    assert_eq!(
        lines.len(),
        shipped.len() + 1,
        "a header, then one line each"
    );
    for (line, rules) in lines[1..].iter().zip(&shipped) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], rules.meta.name);
        assert_eq!(fields[1], "20", "{line}: games");
        // Plies and games per second, not the rounded millions (a slow
        // relay game on a busy machine rounds to 0.00).
        assert!(fields[2].parse::<u64>().unwrap() >= 20, "{line}: plies");
        assert!(fields[4].parse::<f64>().unwrap() > 0.0, "{line}: games/s");
        assert!(fields[7].parse::<u64>().is_ok(), "{line}: checksum");
        let engine = fields[8];
        assert!(engine == "packed" || engine == "general", "{line}: engine");
    }
    let usage = sow(&["bench"], "");
    assert_eq!(usage.status.code(), Some(2), "a variant or --all");
}

/// `sow bench VARIANT` labels its figures: the same header as `--all`.
/// With `--json`, one object a variant, the checksum the text's.
#[test]
fn bench_labels_its_figures_and_speaks_json() {
    let output = sow(&["bench", "oware", "--games", "50"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "variant", "games", "plies", "seconds", "games/s", "Mplies/s", "peak", "MiB",
            "checksum", "engine"
        ]
    );
    let fields: Vec<&str> = lines[1].split_whitespace().collect();
    let json = text(&sow(&["bench", "oware", "--games", "50", "--json"], "").stdout);
    let value: Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(value["variant"], "oware");
    assert_eq!(value["games"], 50);
    assert_eq!(value["checksum"].to_string(), fields[7], "the same games");
    assert_eq!(value["plies"].to_string(), fields[2]);
    assert_eq!(value["engine"], fields[8]);
}

/// `--json` on moves, explain, rules and perft: the text commands' facts,
/// for scripts.
#[test]
fn moves_explain_rules_and_perft_speak_json() {
    let json = |args: &[&str]| -> Value {
        let output = sow(args, "");
        assert!(
            output.status.success(),
            "{args:?}: {}",
            text(&output.stderr)
        );
        serde_json::from_str(text(&output.stdout).trim()).expect("one JSON value")
    };
    let moves = json(&[
        "moves",
        "ouri",
        "--from",
        "1,0,2,0,0,1/0,0,0,0,0,0 20-24 S",
        "--json",
    ]);
    assert_eq!(moves["to_move"], "south");
    assert_eq!(moves["position"], "1,0,2,0,0,1/0,0,0,0,0,0 20-24 S");
    let legal: Vec<&str> = moves["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let refused = moves["refused"].as_array().unwrap();
    assert_eq!(
        legal.len() + refused.len(),
        6,
        "every house is accounted for"
    );
    assert!(
        refused
            .iter()
            .all(|r| !r["reason"].as_str().unwrap().is_empty())
    );

    let explain = json(&[
        "explain",
        "kalah",
        "F",
        "--from",
        "0,0,0,0,0,1/0,0,0,0,0,3 20-24 S",
        "--json",
    ]);
    assert_eq!(explain["after"], "0,0,0,0,0,0/0,0,0,0,0,3 21-24 S");
    assert_eq!(explain["steps"][0], "lift 1 from F");
    assert_eq!(explain["over"], true);
    assert_eq!(explain["result"], "0-1");
    assert_eq!(explain["score"], serde_json::json!([21, 27]));

    let rules = json(&["rules", "oware", "--json"]);
    assert_eq!(rules["name"], "oware");
    let headings: Vec<&str> = rules["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["heading"].as_str().unwrap())
        .collect();
    assert_eq!(headings.first(), Some(&"Board"));
    assert_eq!(headings.last(), Some(&"The end"));
    assert!(headings.contains(&"Captures"));

    let perft = json(&["perft", "oware", "4", "--divide", "--json"]);
    assert_eq!(perft["count"], 1014, "tests/fixtures/perft.txt");
    let divided: u64 = perft["divide"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(divided, 1014);
}

/// Oware copied to a smaller board under a name of its own, with `edits`
/// (text replaced) made: its directory (kept while it is used), path and text.
fn small_oware(edits: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let oware = std::fs::read_to_string(test_path("../variants/oware.toml")).unwrap();
    let mut copy = oware
        .replace("name = \"oware\"", "name = \"small-oware\"")
        .replace(
            "aliases = [\"abapa\", \"oware-abapa\", \"awale\", \"awari\"]",
            "",
        );
    for (from, to) in edits {
        copy = copy.replace(from, to);
    }
    let path = dir.path().join("small.toml");
    std::fs::write(&path, &copy).unwrap();
    (dir, path, copy)
}

/// The newcomer's Oware on 5 houses of 3 seeds keeps `majority = 25`, which
/// its 30 seeds make meaningless: a store of 16 already decides the game.
#[test]
fn check_warns_of_a_majority_above_what_decides_the_game() {
    let (_dir, path, _) = small_oware(&[
        ("houses_per_side = 6", "houses_per_side = 5"),
        ("seeds_per_house = 4", "seeds_per_house = 3"),
    ]);
    let output = sow(&["check", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "majority = 25 is more than the 16 that is more than half of the 30 seeds in play"
        ),
        "{stderr}"
    );
    // The shipped files draw no warning.
    let shipped = sow(&["check", "variants/oware.toml", "variants/kalah.toml"], "");
    assert!(
        text(&shipped.stderr).is_empty(),
        "{}",
        text(&shipped.stderr)
    );
}

/// An ending count at or above the seeds in play ends every game at once:
/// warned of, not refused.
#[test]
fn check_warns_of_an_ending_count_above_the_seeds() {
    let file = "tests/fixtures/warnings/seeds_left_at_start.toml";
    let output = sow(&["check", file], "");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with(&format!(
            "warning: {file}:38:26: seeds_left.at_most = 48 is not below the 48 seeds in play: every game is over before its first move"
        )),
        "{stderr}"
    );
}

/// A threshold that no longer fits the board is warned of, not refused:
/// `check` succeeds, and standard error says `warning:` with the place.
#[test]
fn check_warns_of_a_majority_copied_from_a_bigger_board() {
    let (_dir, path, copy) = small_oware(&[
        ("seeds_per_house = 4", "seeds_per_house = 2"),
        ("even_split_draw = true", "even_split_draw = false"),
    ]);
    let output = sow(&["check", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).starts_with("ok: "));
    let line = copy
        .lines()
        .position(|l| l.starts_with("majority = 25"))
        .unwrap()
        + 1;
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with(&format!(
            "warning: {}:{line}:12: majority = 25 is above the 24 seeds in play: it never ends a game",
            path.display()
        )),
        "{stderr}"
    );
}

/// In a match of rounds the ply limit counts the whole match: a limit that
/// ends most random matches is warned of, with what it counts. The
/// catalogue's own limit (2000 plies) is not.
#[test]
fn check_warns_of_a_ply_limit_that_ends_most_matches() {
    let dir = tempfile::tempdir().unwrap();
    let dakon = std::fs::read_to_string(test_path("../variants/mancalagames/dakon.toml")).unwrap();
    let copy = dakon
        .replace("name = \"mg-dakon\"", "name = \"short-dakon\"")
        .replace("plies = 2000", "plies = 60");
    let path = dir.path().join("short.toml");
    std::fs::write(&path, &copy).unwrap();
    let output = sow(&["check", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    let line = copy
        .lines()
        .position(|l| l.starts_with("ply_limit"))
        .unwrap()
        + 1;
    assert!(
        stderr.contains(&format!(
            "warning: {}:{line}:23: ply_limit.plies = 60 counts the plies of the whole match, not of a round: ",
            path.display()
        )),
        "{stderr}"
    );
    assert!(stderr.contains("so it decides most matches"), "{stderr}");
    let shipped = sow(&["check", "variants/mancalagames/dakon.toml"], "");
    assert!(
        !text(&shipped.stderr).contains("whole match"),
        "{}",
        text(&shipped.stderr)
    );
}

/// `compare` says how many rounds a match lasts, for a variant played as
/// a match (in the table, the JSON and the CSV), and nothing for the others.
#[test]
fn compare_reports_rounds_per_match() {
    let args = [
        "compare", "mg-dakon", "oware", "--games", "6", "--seed", "3",
    ];
    let json = sow(&[&args[..], &["--format", "json"]].concat(), "");
    assert!(json.status.success(), "{}", text(&json.stderr));
    let reports: Value = serde_json::from_str(&text(&json.stdout)).unwrap();
    let rounds = reports[0]["rounds_per_match"].as_f64().unwrap();
    assert!(rounds >= 1.0, "{rounds}");
    assert!(reports[1].get("rounds_per_match").is_none());
    let table = text(&sow(&args, "").stdout);
    let line = table
        .lines()
        .find(|l| l.starts_with("rounds per match"))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(
        line.contains(&format!("{rounds:.1}")) && line.trim_end().ends_with('-'),
        "{line}"
    );
    let csv = text(&sow(&[&args[..], &["--format", "csv"]].concat(), "").stdout);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let column = header
        .iter()
        .position(|h| *h == "rounds_per_match")
        .unwrap();
    let cells: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(cells[0][column], format!("{rounds:.2}"));
    assert_eq!(cells[1][column], "");
}

/// Every view gives the position in the notation `--from` reads: the
/// `position` command of `sow play`, a `Position:` line under each board of
/// `sow replay`, and a `position` field in `replay --json`.
#[test]
fn every_view_gives_the_position() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let played = sow(&["play", "oware", "--seed", "2"], "position\nquit\n");
    assert!(played.status.success(), "{}", text(&played.stderr));
    let stdout = text(&played.stdout);
    assert!(stdout.contains(&format!("South> {start}\n")), "{stdout}");
    assert!(
        stdout.contains(&format!("sow moves oware --from \"{start}\"")),
        "{stdout}"
    );
    let after_c = "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N";
    let replayed = text(&sow(&["replay", "--variant", "oware", "-"], "C *\n").stdout);
    assert!(
        replayed.contains(&format!("  Position: {start}\n")),
        "{replayed}"
    );
    assert!(
        replayed.contains(&format!("  Position: {after_c}\n")),
        "{replayed}"
    );
    let json = text(&sow(&["replay", "--json", "--variant", "oware", "-"], "C *\n").stdout);
    let game: Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(game["plies"][0]["position"], after_c);
    // What a view gives, --from takes.
    let moves = sow(&["moves", "oware", "--from", after_c], "");
    assert!(moves.status.success(), "{}", text(&moves.stderr));
}

/// A match of rounds shows its round and the match's score: under the
/// boards of `sow replay`, and as `round` and `tally` in its JSON.
#[test]
fn a_match_shows_its_rounds_and_score() {
    // Centering: the seeds won over the rounds add up, and 100 win.
    let engine = sow::Engine::new(sow::Rules::builtin("mg-centering").unwrap());
    let mut game = sow::Game::new(&engine);
    let mut rng = sow::rng::Rng::new(5);
    let ended = |game: &sow::Game| game.history().iter().any(|p| p.round_end.is_some());
    while !ended(&game) || game.history().last().unwrap().round_end.is_some() {
        let mv = game.random_move(&mut rng).expect("the first round ends");
        game.play(mv, &mut ()).unwrap();
    }
    assert_eq!(game.round(), Some(2));
    let record = sow::record::record_of(&game, &[("Variant", "mg-centering".to_string())]);
    let json = sow(&["replay", "--json", "-"], &record.to_string());
    assert!(json.status.success(), "{}", text(&json.stderr));
    let replayed: Value = serde_json::from_str(text(&json.stdout).trim()).unwrap();
    let plies = replayed["plies"].as_array().unwrap();
    let end = plies.iter().position(|p| p["round_over"] == true).unwrap();
    assert_eq!(plies[end]["round"], 1);
    assert_eq!(plies[end + 1]["round"], 2);
    let tally = game.tally();
    assert_eq!(plies.last().unwrap()["tally"], serde_json::json!(tally));
    assert!(
        tally.iter().any(|&t| t > 0),
        "the first round's seeds are counted"
    );
    let board = text(&sow(&["replay", "-"], &record.to_string()).stdout);
    let said = format!(
        "Round 1 is over; seeds won: South {}, North {} (100 win the match). Round 2 starts:",
        tally[0], tally[1]
    );
    assert!(board.contains(&said), "{board}");
    assert!(
        board.contains(&format!(
            "Round 2 of the match; seeds won: South {}, North {} (100 win the match)",
            tally[0], tally[1]
        )),
        "{board}"
    );
}

/// Shell completions for bash, zsh and fish, and a man page, each naming
/// the subcommands and their options.
#[test]
fn completions_and_man_page_name_the_commands() {
    for shell in ["bash", "zsh", "fish"] {
        let output = sow(&["completions", shell], "");
        assert!(output.status.success(), "{shell}: {}", text(&output.stderr));
        let script = text(&output.stdout);
        for word in ["replay", "compare", "resume", "json"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
    assert_eq!(sow(&["completions", "tcsh"], "").status.code(), Some(2));
    let man = text(&sow(&["man"], "").stdout);
    assert!(man.contains(".TH sow 1"), "{man}");
    assert!(man.contains("replay"), "{man}");
}

/// The size that opens a catalogue summary says what it counts (`6 houses
/// a side, 4 seeds each`, `4 rows of 8`), and is the board's.
#[test]
fn variants_summaries_say_what_their_sizes_count() {
    let output = sow(&["variants"], "");
    let listing = text(&output.stdout);
    assert!(
        listing.contains("6 houses a side, 4 seeds each: "),
        "{listing}"
    );
    assert!(!listing.contains("6x4"), "{listing}");
    let number = |text: &str| text.parse::<usize>().ok();
    let mut sized = 0;
    for engine in sow::rules::builtin_rules().into_iter().map(Engine::new) {
        let rules = engine.rules();
        let summary = rules.meta.summary.clone().unwrap_or_default();
        let name = &rules.meta.name;
        let words: Vec<&str> = summary
            .split([' ', ':', ','])
            .filter(|w| !w.is_empty())
            .collect();
        match words[..] {
            [rows, "rows", "of", columns, ..] => {
                assert_eq!(number(rows), Some(rules.board.rows()), "{name}");
                assert_eq!(number(columns), Some(rules.board.columns()), "{name}");
            }
            [houses, "houses", "a", "side", seeds, "seeds", how, ..] => {
                assert_eq!(number(houses), Some(rules.houses_per_side()), "{name}");
                let seeds = number(seeds).unwrap();
                let start = rules.start();
                if how == "dealt" {
                    let total: usize = start.houses().iter().map(|&s| s as usize).sum();
                    assert_eq!(seeds, total, "{name}");
                } else {
                    // The seeds in most houses: a start pattern may empty
                    // some houses or give one more to a few.
                    let mut tally = std::collections::BTreeMap::new();
                    for h in (0..2 * rules.houses_per_side()).filter(|&h| start.at(h) > 0) {
                        *tally.entry(start.at(h) as usize).or_insert(0) += 1;
                    }
                    let usual = tally.iter().max_by_key(|&(_, n)| *n).map(|(&s, _)| s);
                    assert_eq!(Some(seeds), usual, "{name}");
                }
            }
            _ => {
                assert!(!summary.contains(" houses a side, "), "{name}: {summary}");
                continue;
            }
        }
        sized += 1;
    }
    // Every catalogue game and every Ludii game opens with its size.
    assert!(sized > 170, "{sized}");
}

#[test]
fn replay_json_gives_the_ways_the_first_move_fixed() {
    // SowOpDirs: South's first move sows counter-clockwise, so North sows
    // clockwise for the rest of the game.
    let output = sow(
        &["replay", "--json", "--variant", "mg-sowopdirs", "-"],
        "A> b *\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let game: Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    let plies = game["plies"].as_array().unwrap();
    assert_eq!(plies[0]["ways"], "><");
    assert_eq!(plies[1]["ways"], "><");
    // In a variant without the rule there is no such field.
    let oware = sow(&["replay", "--json", "--variant", "oware", "-"], "C *\n");
    let game: Value = serde_json::from_str(text(&oware.stdout).trim()).unwrap();
    assert!(game["plies"][0].get("ways").is_none());
}
