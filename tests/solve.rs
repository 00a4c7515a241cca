//! `sow::solve` against an independent brute force: plain negamax over
//! [`Game`], with no table, no bounds and no ordering, on every reachable
//! position of small random variants.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use serde_json::Value;
use sow::fuzzing::generated_variant;
use sow::rng::Rng;
use sow::solve::{MoveValues, Options, Solution, atlas, solve, solve_on};
use sow::walk::EngineChoice;
use sow::{Engine, Game, Position, Rules};

use crate::common::{sow, text};

/// The solver's answer, with a small table.
fn solved(game: &Game) -> Solution {
    let options = Options {
        table_bytes: 1 << 20,
        ..Options::default()
    };
    solve(game, &options).expect("a solvable variant")
}

/// The brute force's value of the game's position for the side to move:
/// every line played out. `None` once `budget` nodes are spent. The seed
/// difference at the end, or where a goal decides the game, 1 for a win,
/// 0 for a draw and -1 for a loss.
fn negamax(game: &mut Game, budget: &mut u64) -> Option<i32> {
    let me = game.position().to_move();
    if let Some(outcome) = game.outcome() {
        if game.rules().won_by_goal() {
            return Some(match outcome.winner {
                Some(winner) if winner == me => 1,
                Some(_) => -1,
                None => 0,
            });
        }
        let score = game.score();
        return Some(score[me.index()] as i32 - score[me.opponent().index()] as i32);
    }
    *budget = budget.checked_sub(1)?;
    let mut best = i32::MIN;
    for mv in game.legal_moves().iter() {
        game.play(mv, &mut ()).expect("a listed move plays");
        let child = negamax(game, budget);
        let same_side = game.position().to_move() == me;
        game.undo();
        let child = child?;
        best = best.max(if same_side { child } else { -child });
    }
    Some(best)
}

/// The positions reachable from the start, at most `cap` of them, games
/// that are over aside.
fn reachable(engine: &Arc<Engine>, cap: usize) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let mut game = Game::new(engine);
    walk(&mut game, &mut seen, &mut found, cap);
    found
}

fn walk(game: &mut Game, seen: &mut HashSet<Position>, found: &mut Vec<Position>, cap: usize) {
    if game.is_over() || found.len() >= cap || !seen.insert(game.position().clone()) {
        return;
    }
    found.push(game.position().clone());
    for mv in game.legal_moves().iter() {
        game.play(mv, &mut ()).expect("a listed move plays");
        walk(game, seen, found, cap);
        game.undo();
    }
}

/// A random small variant from the fuzz generator: 2 or 3 houses a side, 1
/// or 2 seeds each, a short ply limit where it has one.
fn small_variant(rng: &mut Rng) -> String {
    let mut bytes: Vec<u8> = (0..48).map(|_| rng.next_u64() as u8).collect();
    bytes[0] = 1 + rng.below(2) as u8;
    bytes[1] = rng.below(2) as u8;
    bytes[31] = rng.below(12) as u8;
    generated_variant(&bytes)
}

#[test]
fn solve_agrees_with_brute_force_on_small_random_variants() {
    let mut rng = Rng::new(20);
    let (mut variants, mut positions, mut skipped) = (0, 0, 0);
    let mut features = [0usize; 5];
    while variants < 40 {
        let text = small_variant(&mut rng);
        let Ok(rules) = Rules::from_toml(&text, "generated") else {
            continue;
        };
        if sow::solve::check_solvable(&rules).is_err() {
            continue;
        }
        let engine = Engine::new(rules);
        variants += 1;
        for (i, word) in [
            "extra_turn = \"last",
            "relay = true",
            "into_stores = \"own\"",
            "grand_slam = \"no_capture\"",
            "repetition =",
        ]
        .iter()
        .enumerate()
        {
            features[i] += text.contains(word) as usize;
        }
        for position in reachable(&engine, 120) {
            let mut game = Game::from_position(&engine, position.clone()).unwrap();
            let mut budget = 200_000;
            let Some(want) = negamax(&mut game, &mut budget) else {
                skipped += 1;
                continue;
            };
            let options = Options {
                table_bytes: 1 << 16,
                ..Options::default()
            };
            let solution = solve(&game, &options).expect("a small variant solves");
            assert_eq!(
                solution.exact(),
                Some(want),
                "{position} in\n{text}\nmoves {:?}",
                solution.moves
            );
            // Each move's value, checked the same way.
            for (mv, solved) in game.legal_moves().iter().zip(&solution.moves) {
                assert_eq!(mv, solved.mv);
                let me = game.position().to_move();
                game.play(mv, &mut ()).unwrap();
                let same_side = game.position().to_move() == me;
                let mut budget = 200_000;
                let child = negamax(&mut game, &mut budget).expect("within the parent's budget");
                game.undo();
                let value = if same_side { child } else { -child };
                assert_eq!(
                    solved.bounds.exact(),
                    Some(value),
                    "{mv} at {position}\n{text}"
                );
            }
            positions += 1;
        }
    }
    assert!(positions > 800, "{positions} positions checked");
    assert!(skipped * 10 < positions, "{skipped} positions too big");
    assert!(
        features.iter().all(|&n| n >= 3),
        "each feature in a few variants: {features:?}"
    );
}

/// A weg gives up its seeds: the last seed that falls in the opponent's
/// weg takes it and one more. What a player holds in wegs is not theirs to
/// keep, so it bounds nothing: on this small board a bound that counted it
/// once valued the start 2 for South, where the brute force finds 3 (A,
/// which lets South take from North's weg), whatever the move order.
#[test]
fn the_seeds_in_wegs_bound_no_value() {
    let text = r#"
[variant]
name = "wegs-given-up"
[board]
houses_per_side = 2
seeds_per_house = 2
[sowing]
direction = "counter-clockwise"
skip_origin = false
relay = true
into_stores = "none"
relay_stops_on = [1, 4]
[play]
pass_when_empty = true
allow = "single_only_if_all_single"
[capture]
counts = [3, 4, 5]
last_seed = "own"
while_sowing = "opponent"
chain = true
grand_slam = "capture_then_feed"
chain_max = 2
quiet_moves = 3
[end]
no_move = "nobody"
majority = 5
either_row_empty = "each_own"
ply_limit = { plies = 19, taken_by = "each_own_in_place" }
[children]
made_at = 3
zone = "opponent"
apart = "mirror"
kind = "weg"
"#;
    let engine = Engine::new(Rules::from_toml(text, "wegs-given-up").unwrap());
    let mut checked = 0;
    for position in reachable(&engine, 200) {
        let mut game = Game::from_position(&engine, position.clone()).unwrap();
        let want = negamax(&mut game, &mut 1_000_000).expect("a small game");
        for threads in [1, 2] {
            let options = Options {
                table_bytes: 1 << 20,
                threads,
                ..Options::default()
            };
            let solution = solve(&game, &options).expect("a small variant solves");
            assert_eq!(
                solution.exact(),
                Some(want),
                "{position}, {threads} threads"
            );
            for (mv, solved) in game.legal_moves().iter().zip(&solution.moves) {
                let me = game.position().to_move();
                game.play(mv, &mut ()).unwrap();
                let same_side = game.position().to_move() == me;
                let child = negamax(&mut game, &mut 1_000_000).expect("a small game");
                game.undo();
                let value = if same_side { child } else { -child };
                assert_eq!(solved.bounds.exact(), Some(value), "{mv} at {position}");
            }
        }
        checked += 1;
    }
    let start = Game::new(&engine);
    assert_eq!(solved(&start).exact(), Some(3));
    assert!(checked >= 15, "{checked} positions checked");
}

/// Where a goal decides the game (clearing, immobilising), the solver
/// values positions 1, 0 or -1, as a brute force over who wins does: from
/// every position reachable on small boards of shipped variants of each
/// goal.
#[test]
fn variants_won_by_a_goal_solve_as_the_brute_force_does() {
    let mut checked = 0;
    let mut values = HashSet::new();
    for (variant, houses, seeds) in [
        ("mg-sadeqa-iv", 2, 1),
        ("mg-waurie", 3, 2),
        ("mg-ohojichi", 2, 2),
        ("mg-diffusion", 2, 1),
        ("mg-depouiller", 3, 1),
        ("mg-goempty-one", 3, 1),
        ("mg-nambayi", 2, 3),
    ] {
        let rules = Rules::load_resized(variant, houses, seeds).expect("resizes");
        assert!(rules.won_by_goal(), "{variant}");
        let engine = Engine::new(rules);
        for position in reachable(&engine, 60) {
            let mut game = Game::from_position(&engine, position.clone()).unwrap();
            let mut budget = 300_000;
            let Some(want) = negamax(&mut game, &mut budget) else {
                continue;
            };
            assert_eq!(solved(&game).exact(), Some(want), "{variant}: {position}");
            values.insert(want);
            checked += 1;
        }
    }
    assert!(checked >= 100, "{checked} positions checked");
    assert!(values.len() >= 2, "wins and losses both met: {values:?}");
}

/// The packed engine's walk solves as the brute force does: every shipped
/// variant it plays, on a small board, from the positions reachable there.
#[test]
fn the_packed_walk_solves_shipped_variants_as_the_brute_force_does() {
    // Lines of a catalogue game's ply limit (2,000 plies) go deep.
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(packed_walk_check)
        .unwrap()
        .join()
        .unwrap();
}

fn packed_walk_check() {
    let (mut variants, mut positions) = (0, 0);
    for engine in sow::rules::builtin_rules().into_iter().map(Engine::new) {
        let rules = engine.rules();
        if engine.packed().is_none() || sow::solve::check_solvable(rules).is_err() {
            continue;
        }
        let (houses, seeds) = (2, 1 + variants % 2);
        let Ok(small) = Rules::load_resized(&rules.meta.name, houses, seeds) else {
            continue;
        };
        let small = Engine::new(small);
        if small.packed().is_none() {
            continue;
        }
        variants += 1;
        for position in reachable(&small, 30) {
            let mut game = Game::from_position(&small, position.clone()).unwrap();
            let mut budget = 200_000;
            let Some(want) = negamax(&mut game, &mut budget) else {
                continue;
            };
            let options = Options {
                table_bytes: 1 << 16,
                ..Options::default()
            };
            let Ok(packed) = solve_on(&game, &options, EngineChoice::Fastest) else {
                continue;
            };
            let general = solve_on(&game, &options, EngineChoice::General).expect("it solves");
            let name = &small.rules().meta.name;
            assert_eq!(packed.exact(), Some(want), "{name} at {position}");
            assert_eq!(packed.moves, general.moves, "{name} at {position}");
            positions += 1;
        }
    }
    assert!(
        variants >= 20,
        "{variants} shipped variants on small boards"
    );
    assert!(positions >= 300, "{positions} positions");
}

#[test]
fn a_tiny_table_gives_the_same_values() {
    let mut rng = Rng::new(7);
    let engine = Engine::new(
        std::iter::repeat_with(|| Rules::from_toml(&small_variant(&mut rng), "generated"))
            .find_map(Result::ok)
            .unwrap(),
    );
    let game = Game::new(&engine);
    let big = solved(&game);
    let tiny = solve(
        &game,
        &Options {
            table_bytes: 0,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(big.value, tiny.value);
    assert_eq!(big.moves, tiny.moves);
}

/// Kalah's value by plain negamax, remembering each position's value: in
/// Kalah no position can repeat and the ply limit is never reached, so a
/// position's value is its own.
fn kalah_negamax(game: &mut Game, memo: &mut HashMap<Position, i32>) -> i32 {
    let me = game.position().to_move();
    if game.is_over() {
        let score = game.score();
        return score[me.index()] as i32 - score[me.opponent().index()] as i32;
    }
    if let Some(&value) = memo.get(game.position()) {
        return value;
    }
    let mut best = i32::MIN;
    for mv in game.legal_moves().iter() {
        game.play(mv, &mut ()).expect("a listed move plays");
        let child = kalah_negamax(game, memo);
        let same_side = game.position().to_move() == me;
        game.undo();
        best = best.max(if same_side { child } else { -child });
    }
    memo.insert(game.position().clone(), best);
    best
}

#[test]
fn small_kalah_boards_solve_as_the_brute_force_does() {
    for (houses, seeds) in [(1, 1), (1, 4), (2, 2), (2, 4), (3, 1), (3, 3), (4, 2)] {
        let engine = Engine::new(Rules::load_resized("kalah", houses, seeds).unwrap());
        let mut game = Game::new(&engine);
        let want = kalah_negamax(&mut game, &mut HashMap::new());
        let solution = solved(&game);
        assert_eq!(solution.exact(), Some(want), "Kalah({houses},{seeds})");
    }
}

/// `--best` proves the same value with one best move: that move's value is
/// the position's, and every other move's bounds hold its exact value.
#[test]
fn one_best_move_gives_the_value_and_bounds_that_hold() {
    for (houses, seeds) in [(3, 3), (4, 2), (4, 3), (5, 2)] {
        let engine = Engine::new(Rules::load_resized("kalah", houses, seeds).unwrap());
        let game = Game::new(&engine);
        let every = solved(&game);
        let options = Options {
            moves: MoveValues::OneBest,
            ..Options::default()
        };
        let best = solve(&game, &options).unwrap();
        let value = every.exact().unwrap();
        assert_eq!(best.exact(), Some(value), "Kalah({houses},{seeds})");
        let exact: Vec<_> = best
            .moves
            .iter()
            .filter(|m| m.bounds.exact().is_some())
            .collect();
        assert_eq!(exact.len(), 1, "Kalah({houses},{seeds}): one move valued");
        assert_eq!(exact[0].bounds.exact(), Some(value));
        for (one, all) in best.moves.iter().zip(&every.moves) {
            let truth = all.bounds.exact().unwrap();
            assert!(
                one.bounds.lower <= truth && truth <= one.bounds.upper,
                "Kalah({houses},{seeds}) {}: {truth} outside {:?}",
                one.mv,
                one.bounds
            );
        }
        assert!(
            best.nodes < every.nodes,
            "Kalah({houses},{seeds}): fewer nodes"
        );
    }
}

#[test]
fn a_resized_variant_keeps_its_rules_on_the_new_board() {
    let engine = Engine::new(Rules::load_resized("kalah", 3, 2).unwrap());
    let rules = engine.rules();
    assert_eq!(rules.houses_per_side(), 3);
    assert_eq!(rules.seeds_per_house(), 2);
    assert_eq!(rules.meta.name, "kalah-3x2");
    let kalah = Rules::load("kalah").unwrap();
    assert_eq!(rules.endings, kalah.endings);
    assert_eq!(rules.turn, kalah.turn);
}

#[test]
fn solve_json_gives_the_value_the_result_and_every_move() {
    let output = sow(
        &["solve", "kalah", "--houses", "3", "--seeds", "2", "--json"],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let json: Value = serde_json::from_str(&text(&output.stdout)).unwrap();
    let value = json["value"].as_i64().unwrap();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3, "{json}");
    // The value is the best move's, and the result follows from its sign.
    let best = moves.iter().map(|m| m["value"].as_i64().unwrap()).max();
    assert_eq!(best, Some(value));
    let result = match value.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    assert_eq!(json["result"], result);
    assert_eq!(json["stopped"], false);

    // The same board given as a position: the same value.
    let position = json["position"].as_str().unwrap();
    let engine = Engine::new(Rules::load_resized("kalah", 3, 2).unwrap());
    let game = Game::new(&engine);
    assert_eq!(solved(&game).exact(), Some(value as i32));
    assert_eq!(position, game.position().to_string());
}

#[test]
fn solve_prints_the_value_and_each_move() {
    // A Kalah ending: South takes the last house's seeds into the store
    // (an extra turn) or sows them round.
    let output = sow(
        &[
            "solve",
            "kalah",
            "--from",
            "0,0,0,0,0,2/1,0,0,0,0,0 20-25 S",
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let shown = text(&output.stdout);
    assert!(shown.contains("value "), "{shown}");
    assert!(shown.contains("moves (value for South)"), "{shown}");
    assert!(shown.contains("nodes in"), "{shown}");
}

#[test]
fn solve_refuses_bad_input_clearly() {
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["solve", "kalah", "--from", "4,4,4,1,1,1/1,1,1,4,4,4 0-0 S"],
            2,
            "48 seeds",
        ),
        (&["solve", "kalah", "--from", "4,4"], 2, "--from"),
        (&["solve", "no-such-variant"], 2, "no variant named"),
        // A variant with a ply limit past the deepest line is told so, not
        // to add one.
        (
            &["solve", "mg-wari"],
            1,
            "its ply limit of 2000: give it a ply limit of at most 1000",
        ),
        (&["solve", "mg-dakon"], 1, "match of rounds"),
        (&["solve", "kalah", "--houses", "2..3"], 2, "--seeds"),
        (
            &["solve", "kalah", "--houses", "3..2", "--seeds", "1"],
            2,
            "above the second",
        ),
        (&["solve", "kalah", "--memory", "0"], 2, "--memory"),
        (&["solve", "kalah", "--time", "0"], 2, "--time"),
        (
            &[
                "solve",
                "kalah",
                "--time",
                "1",
                "--build-db",
                "4",
                "--db",
                "x",
            ],
            2,
            "--time",
        ),
    ];
    for (args, code, message) in cases {
        let output = sow(args, "");
        assert_eq!(
            output.status.code(),
            Some(*code),
            "{args:?}: {}",
            text(&output.stderr)
        );
        assert!(
            text(&output.stderr).contains(message),
            "{args:?}: {}",
            text(&output.stderr)
        );
    }
}

#[test]
fn the_fairness_table_has_a_value_for_every_board() {
    let output = sow(
        &["solve", "kalah", "--houses", "2..3", "--seeds", "1..2"],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let shown = text(&output.stdout);
    let rows: Vec<&str> = shown.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{shown}");
    for (houses, row) in [2, 3].iter().zip(&rows) {
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[0], houses.to_string());
        for (seeds, cell) in [1, 2].iter().zip(&cells[1..]) {
            let engine = Engine::new(Rules::load_resized("kalah", *houses, *seeds).unwrap());
            let game = Game::new(&engine);
            assert_eq!(cell.parse::<i32>().ok(), solved(&game).exact(), "{shown}");
        }
    }
}

#[test]
fn a_time_limit_stops_the_search_with_its_bounds() {
    // Oware from the start is far beyond a second's search.
    let started = std::time::Instant::now();
    let output = sow(&["solve", "oware", "--time", "1", "--memory", "64"], "");
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        stdout.contains("stopped: the value for South to move is in ["),
        "{stdout}"
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    // JSON says the same: bounds, not a value.
    let output = sow(
        &["solve", "oware", "--time", "1", "--memory", "64", "--json"],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(answer["value"].is_null(), "{answer}");
}

/// What the first nodes of a solve of `variant` on `houses` × `seeds` say
/// of its histories: the search is stopped once they have spoken, or after
/// 2 M nodes.
fn histories_of(variant: &str, houses: usize, seeds: usize) -> Option<sow::solve::Histories> {
    use std::cell::Cell;
    use std::sync::atomic::{AtomicBool, Ordering};
    let rules = sow::Rules::load_resized(variant, houses, seeds).unwrap();
    let engine = sow::Engine::new(rules);
    let game = Game::new(&engine);
    let stop = AtomicBool::new(false);
    let said = Cell::new(None);
    let progress = |p: &sow::solve::Progress| {
        if p.histories.is_some() || p.nodes >= 2_000_000 {
            said.set(p.histories);
            stop.store(true, Ordering::Relaxed);
        }
    };
    let options = Options {
        table_bytes: 1 << 24,
        stop: Some(&stop),
        progress: Some(&progress),
        ..Options::default()
    };
    let _ = solve(&game, &options);
    said.get()
}

#[test]
fn a_repetition_rule_that_multiplies_the_states_is_said_early() {
    // Oware 4×3: the first 262,144 nodes meet each position under dozens
    // of histories since the last capture.
    let histories = histories_of("oware", 4, 3).expect("said");
    assert!(histories.positions > 0);
    assert!(histories.states >= 4 * histories.positions, "{histories:?}");
    // Kalah ends no game on a repeat: its states are its positions.
    assert_eq!(histories_of("kalah", 6, 4), None);
}

fn atlas_options(budget: u64, threads: usize) -> atlas::AtlasOptions<'static> {
    atlas::AtlasOptions {
        budget,
        seconds: None,
        threads,
        stop: None,
        done: None,
    }
}

/// The atlas' line of Kalah: a board for each size, each value the brute
/// force's, and each best first move one that reaches it.
#[test]
fn the_atlas_values_every_small_board_and_a_best_first_move() {
    let kalah = Rules::builtin("kalah").unwrap();
    let entry = atlas::entry(&kalah, &atlas_options(atlas::DEFAULT_BUDGET, 1));
    assert_eq!(entry.refused, None);
    assert!(!entry.won_by_goal);
    let sizes: Vec<_> = entry.boards.iter().map(|b| b.size).collect();
    let want: Vec<_> = atlas::HOUSES
        .flat_map(|h| atlas::SEEDS.map(move |s| Some((h, s))))
        .collect();
    assert_eq!(sizes, want);
    for board in &entry.boards {
        let (houses, seeds) = board.size.unwrap();
        let engine = Engine::new(Rules::load_resized("kalah", houses, seeds).unwrap());
        let mut game = Game::new(&engine);
        let value = kalah_negamax(&mut game, &mut HashMap::new());
        let atlas::Finding::Solved { value: found, best } = board.finding else {
            panic!("{houses}×{seeds}: {:?}", board.finding);
        };
        assert_eq!(found, value, "{houses}×{seeds}");
        // The best move reaches the value: the position after it is worth
        // as much to South.
        let best = best.expect("South has a move");
        game.play(best, &mut ()).unwrap();
        let after = kalah_negamax(&mut game, &mut HashMap::new());
        let after = if game.position().to_move() == sow::Side::South {
            after
        } else {
            -after
        };
        assert_eq!(after, value, "{houses}×{seeds}: {best}");
    }
}

/// What the atlas cannot solve it says so: a match of rounds is refused,
/// a board past the budget keeps the bounds proven (which hold), a variant
/// whose start is laid out house by house is solved on its own board, and
/// the thread count changes nothing.
#[test]
fn the_atlas_says_what_it_could_not_solve() {
    let rounds = Rules::builtin("mg-dakon").unwrap();
    let entry = atlas::entry(&rounds, &atlas_options(10_000, 1));
    assert!(entry.refused.unwrap().contains("match of rounds"));
    assert!(entry.boards.is_empty());

    // Oware 4×3 takes far more than the smallest budget.
    let oware = Rules::builtin("oware").unwrap();
    let tight = atlas::entry(&oware, &atlas_options(1_000, 1));
    let full = atlas::entry(&oware, &atlas_options(atlas::DEFAULT_BUDGET, 1));
    let mut unsolved = 0;
    for (tight, full) in tight.boards.iter().zip(&full.boards) {
        if let (atlas::Finding::Unsolved(bounds), atlas::Finding::Solved { value, .. }) =
            (&tight.finding, &full.finding)
        {
            unsolved += 1;
            assert!(bounds.lower <= *value && *value <= bounds.upper);
            assert!(bounds.lower < bounds.upper);
            assert!(tight.nodes <= 4_096 + 1_000, "{}", tight.nodes);
        }
    }
    assert!(unsolved >= 1, "{:?}", tight.boards);

    let laid_out = Rules::builtin("mg-boola").unwrap();
    let entry = atlas::entry(&laid_out, &atlas_options(10_000, 1));
    assert!(entry.won_by_goal);
    assert_eq!(entry.boards.len(), 1);
    assert_eq!(entry.boards[0].size, None);

    let variants: Vec<Rules> = ["kalah", "mg-dakon", "mg-diffusion", "oware"]
        .iter()
        .map(|name| Rules::builtin(name).unwrap())
        .collect();
    let one = atlas::atlas(&variants, &atlas_options(200_000, 1));
    let two = atlas::atlas(&variants, &atlas_options(200_000, 2));
    assert_eq!(one.len(), 4);
    for (one, two) in one.iter().zip(&two) {
        assert_eq!(one.variant, two.variant);
        let findings = |e: &atlas::Entry| -> Vec<_> {
            e.boards
                .iter()
                .map(|b| (b.size, b.finding.clone(), b.nodes))
                .collect()
        };
        assert_eq!(findings(one), findings(two));
    }
}

#[test]
fn the_atlas_prints_a_table_and_json() {
    let output = sow(&["solve", "kalah", "--atlas", "--json"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let line: Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(line["variant"], "kalah");
    let boards = line["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 9);
    let output = sow(&["solve", "kalah", "--atlas"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let shown = text(&output.stdout);
    assert!(shown.starts_with("| variant | 2×1 | 2×2 |"), "{shown}");
    // Each cell is the JSON's value and move.
    let row = shown.lines().nth(2).unwrap();
    for board in boards {
        let value = board["value"].as_i64().unwrap();
        let cell = format!(
            " {}{value} {} |",
            if value > 0 { "+" } else { "" },
            board["move"].as_str().unwrap()
        );
        assert!(row.contains(&cell), "{cell} in {row}");
    }
    assert!(
        shown.contains("1 variants (0 not solvable); 9 of 9 boards solved"),
        "{shown}"
    );
    let output = sow(&["solve", "--atlas", "--budget", "10"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--budget"));
    let output = sow(&["solve", "kalah", "--budget", "10000"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("--atlas"),
        "{}",
        text(&output.stderr)
    );
}

/// Every value and every move's bounds are the same with 1, 2 and 3
/// threads sharing the table: on the starts and some reachable positions
/// of small random variants, and on small boards of shipped variants with
/// extra turns, repetition and goals.
#[test]
fn the_values_do_not_depend_on_the_threads() {
    let solve_with = |game: &Game, threads: usize| {
        let options = Options {
            table_bytes: 1 << 20,
            threads,
            ..Options::default()
        };
        solve(game, &options).expect("a small variant solves")
    };
    let mut games = Vec::new();
    let mut rng = Rng::new(36);
    while games.len() < 40 {
        let Ok(rules) = Rules::from_toml(&small_variant(&mut rng), "generated") else {
            continue;
        };
        if sow::solve::check_solvable(&rules).is_err() {
            continue;
        }
        let engine = Engine::new(rules);
        for position in reachable(&engine, 30).into_iter().step_by(10) {
            games.push(Game::from_position(&engine, position).unwrap());
        }
    }
    for (variant, houses, seeds) in [
        ("kalah", 4, 3),
        ("oware", 3, 1),
        ("oware", 2, 2),
        ("mg-goempty-one", 3, 2),
    ] {
        let engine = Engine::new(Rules::load_resized(variant, houses, seeds).unwrap());
        games.push(Game::new(&engine));
    }
    let mut solved = 0;
    for game in &games {
        let one = solve_with(game, 1);
        for threads in [2, 3] {
            let more = solve_with(game, threads);
            assert_eq!(more.value, one.value, "{} with {threads}", game.position());
            assert_eq!(more.moves, one.moves, "{} with {threads}", game.position());
        }
        solved += one.exact().is_some() as usize;
    }
    assert_eq!(solved, games.len());
}

/// Two threads on a solve large enough for the table to grow while both
/// use it (from 16 MiB): Kalah(6,3) is a win by 2, E the one winning
/// first move.
#[test]
fn two_threads_solve_kalah_6_3_as_its_table_grows() {
    let engine = Engine::new(Rules::load_resized("kalah", 6, 3).unwrap());
    let game = Game::new(&engine);
    let solution = solve(
        &game,
        &Options {
            threads: 2,
            moves: MoveValues::OneBest,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(solution.exact(), Some(2));
    assert!(solution.table_bytes > 16 << 20, "{}", solution.table_bytes);
    let best: Vec<String> = solution
        .moves
        .iter()
        .filter(|m| m.bounds.exact() == Some(2))
        .map(|m| m.mv.to_string())
        .collect();
    assert_eq!(best, ["E"]);
}
