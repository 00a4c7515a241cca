//! Computer players and the arena, at settings small enough for `cargo test`
//! (the full strength figures are in docs/comparing.md).

use sow::arena::{MatchReport, Run, VariantReport, compare, play_match};
use sow::players::{PlayerSpec, by_name};
use sow::{Engine, Rules};
use std::sync::Arc;

use crate::common::{sow, text};

fn quiet() {}

/// A match between two named players, keeping the records.
fn duel(
    engine: &Arc<Engine>,
    a: &str,
    b: &str,
    games: u64,
    seed: u64,
    threads: usize,
) -> MatchReport {
    let run = Run {
        games,
        seed,
        threads,
        keep_records: true,
    };
    play_match(
        engine,
        &a.parse().unwrap(),
        &b.parse().unwrap(),
        &run,
        &quiet,
    )
}

/// Random against random in each variant.
fn comparison(
    variants: &[Arc<Engine>],
    games: u64,
    seed: u64,
    threads: usize,
) -> Vec<VariantReport> {
    let run = Run {
        games,
        seed,
        threads,
        keep_records: false,
    };
    let random = PlayerSpec::Random;
    compare(variants, [&random, &random], &run, &quiet)
        .into_iter()
        .map(|(report, records)| {
            assert!(records.is_empty(), "records only when asked");
            report
        })
        .collect()
}

#[test]
fn alphabeta_beats_random_and_greedy_in_every_variant() {
    for name in ["ouri", "oware", "wouri"] {
        let engine = Engine::new(Rules::builtin(name).unwrap());
        let report = duel(&engine, "alphabeta:3", "random", 12, 5, 0);
        assert!(
            report.wins >= 11,
            "{name}: alphabeta:3 vs random {report:?}"
        );
        let report = duel(&engine, "alphabeta:4", "greedy", 12, 5, 0);
        assert!(report.wins >= 9, "{name}: alphabeta:4 vs greedy {report:?}");
    }
}

#[test]
fn mcts_beats_random_in_every_variant() {
    for name in ["ouri", "oware", "wouri"] {
        let engine = Engine::new(Rules::builtin(name).unwrap());
        let report = duel(&engine, "mcts:150", "random", 10, 9, 0);
        assert!(report.wins >= 9, "{name}: mcts:150 vs random {report:?}");
    }
}

#[test]
fn greedy_beats_random() {
    let engine = Engine::new(Rules::builtin("oware").unwrap());
    let report = duel(&engine, "greedy", "random", 60, 2, 0);
    assert!(report.wins >= 45, "{report:?}");
    assert_eq!(report.wins + report.draws + report.losses, 60);
}

#[test]
fn results_are_the_same_for_a_seed_whatever_the_threads() {
    let engine = Engine::new(Rules::builtin("ouri").unwrap());
    let one = duel(&engine, "greedy", "mcts:20", 8, 3, 1);
    let two = duel(&engine, "greedy", "mcts:20", 8, 3, 2);
    assert_eq!(
        (one.wins, one.draws, one.losses),
        (two.wins, two.draws, two.losses)
    );
    let texts =
        |r: &sow::arena::MatchReport| r.records.iter().map(|r| r.to_string()).collect::<Vec<_>>();
    assert_eq!(texts(&one), texts(&two));
    let variants = [
        Engine::new(Rules::builtin("oware").unwrap()),
        Engine::new(Rules::builtin("wouri").unwrap()),
    ];
    let a = comparison(&variants, 200, 4, 1);
    let b = comparison(&variants, 200, 4, 2);
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
}

#[test]
fn player_names_are_checked() {
    assert!(by_name("alphabeta:8", 1).is_ok());
    assert!(by_name("alphabeta:250ms", 1).is_ok());
    assert!(by_name("alphabeta:6:rows", 1).is_ok());
    assert!(by_name("mcts:2000", 1).is_ok());
    for bad in [
        "alphabeta:0",
        "alphabeta:x",
        "mcts:0",
        "mcts:many",
        "clever",
        "random:3",
    ] {
        assert!(by_name(bad, 1).is_err(), "{bad}");
    }
}

#[test]
fn a_time_budget_still_picks_a_legal_move() {
    let engine = Engine::new(Rules::builtin("wouri").unwrap());
    let game = sow::Game::new(&engine);
    let mut player = by_name("alphabeta:30ms", 1).unwrap();
    let mv = player.choose(&game);
    assert!(game.legal_moves().contains(mv));
}

#[test]
fn compare_prints_tables_csv_json_and_a_plot() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("compare.svg");
    let output = sow(
        &[
            "compare",
            "ouri",
            "oware",
            "wouri",
            "--games",
            "300",
            "--plot",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let table = text(&output.stdout);
    for line in [
        "South wins (95%)",
        "mean length (plies)",
        "mean branching factor",
        "first capture (ply)",
        "ends by four_left",
    ] {
        assert!(table.contains(line), "{line}: {table}");
    }
    let plot = std::fs::read_to_string(&svg).unwrap();
    assert!(
        plot.starts_with("<svg")
            && plot.contains("wouri (300 games)")
            && plot.trim_end().ends_with("</svg>")
    );
    for series in ["South wins", "North wins", "Draws"] {
        assert_eq!(
            plot.matches(&format!("<title>{series}: ")).count(),
            3,
            "a {series} bar per variant"
        );
    }
    assert_eq!(
        plot.matches("<title>5%: ").count(),
        3,
        "a length box per variant"
    );
    assert!(
        plot.contains("<title>four_left: "),
        "wouri's ending has its segment"
    );

    let csv = text(
        &sow(
            &["compare", "oware", "--games", "50", "--format", "csv"],
            "",
        )
        .stdout,
    );
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].split(',').count(), lines[1].split(',').count());

    let json = text(
        &sow(
            &["compare", "oware", "--games", "50", "--format", "json"],
            "",
        )
        .stdout,
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value[0]["games"], 50);
    assert!(
        value[0]["south_wins"]["low"].as_f64().unwrap()
            <= value[0]["south_wins"]["value"].as_f64().unwrap()
    );
}

#[test]
fn match_reports_elo_and_saves_records_that_replay() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("match.sow");
    let output = sow(
        &[
            "match",
            "oware",
            "--south",
            "greedy",
            "--north",
            "random",
            "--games",
            "6",
            "--records",
            records.to_str().unwrap(),
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report = text(&output.stdout);
    assert!(report.contains("Elo difference"), "{report}");
    let replay = sow(&["replay", "--json", records.to_str().unwrap()], "");
    assert!(replay.status.success(), "{}", text(&replay.stderr));
    assert_eq!(text(&replay.stdout).lines().count(), 6);
    let json = text(
        &sow(
            &[
                "match", "ouri", "--south", "greedy", "--north", "random", "--games", "4",
                "--format", "json",
            ],
            "",
        )
        .stdout,
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["games"], 4);
    assert!(value["elo"]["difference"].is_number() || value["elo"]["difference"].is_null());
}

/// Without `--seed`, each run plays other games, and says which seed it
/// drew; given that seed, a run plays its games again exactly. A match's
/// records carry the seed and the game's number (`[Seed]`, `[Round]`), and
/// replay accepts them.
#[test]
fn runs_without_a_seed_differ_and_print_the_seed_that_replays_them() {
    let dir = tempfile::tempdir().unwrap();
    let run = |seed: Option<&str>, records: &str| {
        let path = dir.path().join(records);
        let mut args = vec![
            "match",
            "oware",
            "--south",
            "random",
            "--north",
            "random",
            "--games",
            "4",
            "--format",
            "json",
            "--records",
        ];
        args.push(path.to_str().unwrap());
        if let Some(seed) = seed {
            args.extend(["--seed", seed]);
        }
        let output = sow(&args, "");
        assert!(output.status.success(), "{}", text(&output.stderr));
        let report: serde_json::Value = serde_json::from_str(&text(&output.stdout)).unwrap();
        let file = std::fs::read_to_string(&path).unwrap();
        (report["seed"].as_u64().expect("the seed is reported"), file)
    };
    let (first_seed, first) = run(None, "a.sow");
    let (second_seed, second) = run(None, "b.sow");
    assert_ne!(first_seed, second_seed);
    assert_ne!(first, second, "two unseeded runs play other games");
    let (again_seed, again) = run(Some(&first_seed.to_string()), "c.sow");
    assert_eq!(again_seed, first_seed);
    assert_eq!(again, first, "the printed seed plays the same games");
    let games = sow::notation::parse_records(&first, "a.sow").unwrap();
    assert_eq!(games[0].tag("Seed"), Some(first_seed.to_string().as_str()));
    assert_eq!(games[3].tag("Round"), Some("4"));
    let replay = sow(&["replay", dir.path().join("a.sow").to_str().unwrap()], "");
    assert!(replay.status.success(), "{}", text(&replay.stderr));

    let table = text(&sow(&["compare", "oware", "--games", "5", "--seed", "77"], "").stdout);
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("seed") && l.trim_end().ends_with("77")),
        "{table}"
    );
}

/// `sow play` between computers, without `--seed`: two runs play other
/// games; the record's `[Seed]` plays the same game again.
#[test]
fn play_without_a_seed_records_the_seed_it_drew() {
    let play = |seed: Option<&str>| {
        let mut args = vec!["play", "oware", "--south", "random", "--north", "random"];
        if let Some(seed) = seed {
            args.extend(["--seed", seed]);
        }
        let output = sow(&args, "");
        assert!(output.status.success(), "{}", text(&output.stderr));
        let stdout = text(&output.stdout);
        let start = stdout.find("[Variant").expect("the record is printed");
        sow::notation::parse_records(&stdout[start..], "<stdout>")
            .unwrap()
            .remove(0)
    };
    let moves = |r: &sow::record::Record| -> Vec<String> {
        r.moves.iter().map(|m| m.mv.to_string()).collect()
    };
    let (one, two) = (play(None), play(None));
    assert_ne!(moves(&one), moves(&two));
    let seed = one
        .tag("Seed")
        .expect("the record names its seed")
        .to_string();
    assert_eq!(moves(&play(Some(&seed))), moves(&one));
}
