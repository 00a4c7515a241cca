//! Endgame databases (`sow::endgame`) checked against a brute force: a
//! plain minimax over [`Game`], the real rules with their repetition
//! ending and every pass, from each position as a fresh game. It shares
//! nothing with the database's retrograde analysis.
//!
//! A database value proven exact must equal the brute force; a value the
//! cycle convention decided must still lie within its proven bounds.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sow::endgame::{self, BuildOptions, EndgameError};
use sow::{Engine, Game, Position, Rules, Side};

use crate::common::one_option::edited;

/// The final store difference, South's minus North's, under perfect play
/// from the game's position, or `None` past `budget` nodes or when a line
/// cycles in a variant without a repetition ending (the value is then the
/// ply limit's, which a database does not model).
fn brute(
    game: &mut Game,
    line: &mut Vec<Position>,
    memo: &mut Option<HashMap<Position, i32>>,
    budget: &mut u64,
) -> Option<i32> {
    if let Some(outcome) = game.outcome() {
        return Some(outcome.score[0] as i32 - outcome.score[1] as i32);
    }
    let here = game.position().clone();
    if let Some(value) = memo.as_ref().and_then(|m| m.get(&here)) {
        return Some(*value);
    }
    if *budget == 0 || line.contains(&here) {
        return None;
    }
    *budget -= 1;
    line.push(here.clone());
    let south = here.to_move() == Side::South;
    let mut best: Option<i32> = None;
    for mv in game.legal_moves().iter().collect::<Vec<_>>() {
        game.play(mv, &mut ()).unwrap();
        let value = brute(game, line, memo, budget);
        game.undo();
        let value = value?;
        best = Some(match best {
            None => value,
            Some(b) if south => b.max(value),
            Some(b) => b.min(value),
        });
    }
    line.pop();
    let best = best.expect("a game not over has a move");
    if let Some(memo) = memo {
        memo.insert(here, best);
    }
    Some(best)
}

/// Every position of `rules` with up to `seeds` seeds on the board.
fn positions(rules: &Rules, seeds: u32) -> Vec<Position> {
    let houses = 2 * rules.houses_per_side();
    let total = rules.total_seeds();
    let mut out = Vec::new();
    let mut board = vec![0u8; houses];
    // Every board, by counting in base seeds + 1 and keeping small sums.
    loop {
        let on_board: u32 = board.iter().map(|&s| s as u32).sum();
        if on_board <= seeds {
            for south in 0..=total - on_board {
                for side in Side::BOTH {
                    let stores = [south as u8, (total - on_board - south) as u8];
                    out.push(Position::new(&board, stores, side).unwrap());
                }
            }
        }
        let Some(i) = board.iter().position(|&s| u32::from(s) < seeds) else {
            break;
        };
        board[i] += 1;
        board[..i].fill(0);
    }
    out
}

/// Builds the database of `rules` up to `seeds` and checks every position
/// of up to `seeds` seeds against the brute force; returns how many were
/// compared and how many of them the database proved exact.
fn check_against_brute_force(engine: &Arc<Engine>, seeds: u32) -> (usize, usize) {
    let rules = engine.rules();
    let dir = tempfile::tempdir().unwrap();
    let db = build_small(engine, dir.path(), seeds).unwrap_or_else(|e| panic!("{e}"));
    let repetition = rules
        .endings
        .iter()
        .any(|e| matches!(e, sow::rules::Ending::Repetition { .. }));
    let (mut compared, mut exact) = (0, 0);
    // Without a repetition ending a position's value is its own, whatever
    // came before it: one memo serves every start.
    let mut memo = (!repetition).then(HashMap::new);
    for position in positions(rules, seeds) {
        let Ok(mut game) = Game::from_position(engine, position.clone()) else {
            continue;
        };
        let mut budget = 20_000;
        let Some(truth) = brute(&mut game, &mut Vec::new(), &mut memo, &mut budget) else {
            continue;
        };
        let me = position.to_move();
        let truth = if me == Side::South { truth } else { -truth };
        let value = db.value(&position).expect("a position the database holds");
        compared += 1;
        assert!(
            value.low <= truth && truth <= value.high,
            "{position}: the brute force finds {truth}, the database proves {}..={}",
            value.low,
            value.high
        );
        if let Some(v) = value.exact() {
            assert_eq!(v, truth, "{position}");
            exact += 1;
        }
        assert!(value.low <= value.convention && value.convention <= value.high);
    }
    (compared, exact)
}

/// Plays `games` random games of `rules` and, at every position after the
/// first move with up to `seeds` seeds on the board, compares the brute
/// force (within `budget` nodes, the game's own history included) with the
/// database: the value within the proven bounds, equal to a proven value.
/// Returns the positions compared and how many of them were proven.
fn check_random_games(
    engine: &Arc<Engine>,
    db: &endgame::Database,
    games: u32,
    seeds: u32,
    budget: u64,
    seed: u64,
) -> (usize, usize) {
    let mut rng = sow::rng::Rng::new(seed);
    let (mut compared, mut exact) = (0, 0);
    for _ in 0..games {
        let mut game = Game::new(engine);
        while !game.is_over() {
            let position = game.position().clone();
            if position.seeds_on_board() <= seeds && game.plies() > 0 {
                let mut left = budget;
                if let Some(truth) = brute(&mut game, &mut Vec::new(), &mut None, &mut left) {
                    let truth = if position.to_move() == Side::South {
                        truth
                    } else {
                        -truth
                    };
                    let value = db.value(&position).unwrap();
                    assert!(
                        value.low <= truth && truth <= value.high,
                        "{position} after {} plies: the brute force finds {truth}, the database proves {}..={}",
                        game.plies(),
                        value.low,
                        value.high
                    );
                    if let Some(v) = value.exact() {
                        assert_eq!(v, truth, "{position}");
                        exact += 1;
                    }
                    compared += 1;
                }
            }
            let mv = sow::players::random_move(&game, &mut rng);
            game.play(mv, &mut ()).unwrap();
        }
    }
    (compared, exact)
}

/// The database of `rules` up to `seeds` seeds, built in `dir`.
fn build_small(
    engine: &Arc<Engine>,
    dir: &std::path::Path,
    seeds: u32,
) -> Result<endgame::Database, EndgameError> {
    let options = BuildOptions {
        max_seeds: seeds,
        memory_limit: 1 << 30,
    };
    endgame::build(engine, dir, &options, &AtomicBool::new(false), &|_| {})
}

fn small(base: &str, houses: u32, seeds: u32, extra: &[(&str, &str)]) -> Arc<Engine> {
    let name = format!("\"small-{houses}x{seeds}\"");
    let (h, s) = (houses.to_string(), seeds.to_string());
    let mut edits = vec![
        ("name", name.as_str()),
        ("aliases", "-"),
        ("houses_per_side", h.as_str()),
        ("seeds_per_house", s.as_str()),
    ];
    edits.extend_from_slice(extra);
    let text = edited(base, &edits);
    Engine::new(Rules::from_toml(&text, "small.toml").unwrap_or_else(|e| panic!("{e}\n{text}")))
}

const KALAH: &str = include_str!("../variants/kalah.toml");
const OWARE: &str = include_str!("../variants/oware.toml");

#[test]
fn a_kalah_database_is_exact_everywhere_and_agrees_with_the_brute_force() {
    let engine = small(KALAH, 3, 2, &[]);
    let (compared, exact) = check_against_brute_force(&engine, 7);
    // Every board of up to 7 seeds on 6 houses, both sides to move (Kalah's
    // stores are not indexed: the count is the boards times two, per split).
    assert!(compared > 10_000, "{compared}");
    assert_eq!(exact, compared, "Kalah cannot cycle: every value is proven");
}

#[test]
fn an_oware_database_keys_the_stores_and_agrees_with_the_brute_force() {
    // 12 seeds: a majority of 7 and a 6-6 draw read the stores.
    let engine = small(OWARE, 3, 2, &[("majority", "7")]);
    let (compared, exact) = check_against_brute_force(&engine, 3);
    assert!(compared > 1_500, "{compared}");
    // Few seeds chase each other round the board: many values are left to
    // the cycle convention, but most are proven whatever a cycle decides.
    assert!(exact * 3 > compared * 2, "{exact} of {compared} proven");
}

/// The proven bounds hold whatever moves led to a position, not only from
/// a fresh start: the repetition ending may fire on a position seen before
/// the database was entered, and the bounds allow for it.
#[test]
fn proven_values_hold_in_the_middle_of_a_game() {
    let engine = small(OWARE, 3, 2, &[("majority", "7")]);
    let dir = tempfile::tempdir().unwrap();
    let db = build_small(&engine, dir.path(), 4).unwrap();
    let (checked, _) = check_random_games(&engine, &db, 40, 4, 5_000, 7);
    assert!(checked > 40, "{checked}");
}

/// Variants drawn at random, as the fuzz targets draw them, steered to
/// small boards: each builds a database that agrees with the brute force,
/// or is refused with the reason.
#[test]
fn databases_of_generated_variants_agree_with_the_brute_force() {
    let mut rng = sow::rng::Rng::new(20);
    let (mut built, mut refused, mut compared) = (0, 0, 0);
    for _ in 0..400 {
        let mut data: Vec<u8> = (0..64).map(|_| rng.below(256) as u8).collect();
        // Two or three houses a side, one or two seeds a house.
        data[0] = 1 + rng.below(2) as u8;
        data[1] = rng.below(2) as u8;
        // A repetition ending and no ply limit: a ply limit makes a value
        // depend on the moves played before, which no database keys.
        data[19] |= 1;
        data[30] &= !1;
        let text = sow::fuzzing::generated_variant(&data);
        let Ok(rules) = Rules::from_toml(&text, "generated.toml") else {
            continue;
        };
        let engine = Engine::new(rules);
        let rules = engine.rules();
        assert!(
            !rules
                .endings
                .iter()
                .any(|e| matches!(e, sow::rules::Ending::PlyLimit { .. }))
        );
        let dir = tempfile::tempdir().unwrap();
        match build_small(&engine, dir.path(), 3) {
            Ok(_) => {
                built += 1;
                compared += check_against_brute_force(&engine, 3).0;
            }
            Err(EndgameError::Unsupported { why, .. }) => {
                assert!(!why.is_empty());
                refused += 1;
            }
            Err(e) => panic!("{e}\n{text}"),
        }
    }
    assert!(built >= 10, "{built} built, {refused} refused");
    assert!(compared > 5_000, "{compared}");
}

#[test]
fn a_database_of_other_rules_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let kalah = small(KALAH, 3, 2, &[]);
    build_small(&kalah, dir.path(), 3).unwrap();
    let other = small(KALAH, 3, 2, &[("extra_turn", "\"never\"")]);
    let err = endgame::open(other.rules(), dir.path()).unwrap_err();
    assert!(matches!(err, EndgameError::OtherRules { .. }), "{err}");
    assert!(err.to_string().contains("built for other rules"), "{err}");
}

#[test]
fn a_truncated_or_damaged_layer_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let kalah = small(KALAH, 3, 2, &[]);
    build_small(&kalah, dir.path(), 4).unwrap();
    let layer = dir.path().join("layer-004.sowdb");
    let bytes = std::fs::read(&layer).unwrap();
    std::fs::write(&layer, &bytes[..bytes.len() - 5]).unwrap();
    let err = endgame::open(kalah.rules(), dir.path()).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
    let mut damaged = bytes.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 1;
    std::fs::write(&layer, &damaged).unwrap();
    let err = endgame::open(kalah.rules(), dir.path()).unwrap_err();
    assert!(err.to_string().contains("checksum"), "{err}");
    std::fs::write(&layer, &bytes).unwrap();
    assert_eq!(
        endgame::open(kalah.rules(), dir.path())
            .unwrap()
            .max_seeds(),
        4
    );
}

#[test]
fn a_build_beyond_the_memory_limit_is_refused_before_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let engine = Engine::new(Rules::from_toml(OWARE, "oware.toml").unwrap());
    let err = build_small(&engine, dir.path(), 30).unwrap_err();
    assert!(matches!(err, EndgameError::Memory { .. }), "{err}");
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

#[test]
fn a_player_given_a_missing_or_foreign_database_is_refused_before_the_games() {
    let missing = crate::common::sow(
        &[
            "match",
            "oware",
            "--south",
            "alphabeta:2:db=/nonexistent/db",
            "--north",
            "random",
            "--games",
            "1",
        ],
        "",
    );
    assert_eq!(missing.status.code(), Some(2));
    let err = crate::common::text(&missing.stderr);
    assert!(err.contains("no endgame database here"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let kalah = Engine::new(Rules::from_toml(KALAH, "kalah.toml").unwrap());
    build_small(&kalah, dir.path(), 2).unwrap();
    let spec = format!("alphabeta:2:db={}", dir.path().display());
    let foreign = crate::common::sow(
        &[
            "match", "oware", "--south", &spec, "--north", "random", "--games", "1",
        ],
        "",
    );
    assert_eq!(foreign.status.code(), Some(2));
    let err = crate::common::text(&foreign.stderr);
    assert!(err.contains("built for other rules"), "{err}");
    // The same database plays Kalah.
    let kalah_match = crate::common::sow(
        &[
            "match", "kalah", "--south", &spec, "--north", "random", "--games", "2",
        ],
        "",
    );
    assert_eq!(
        kalah_match.status.code(),
        Some(0),
        "{}",
        crate::common::text(&kalah_match.stderr)
    );
}

#[test]
fn sow_solve_builds_a_database_and_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let variant = dir.path().join("small.toml");
    std::fs::write(
        &variant,
        edited(
            KALAH,
            &[
                ("name", "\"small-3x2\""),
                ("aliases", "-"),
                ("houses_per_side", "3"),
                ("seeds_per_house", "2"),
            ],
        ),
    )
    .unwrap();
    let variant = variant.to_str().unwrap();
    let db = dir.path().join("db");
    let db = db.to_str().unwrap();
    let built = crate::common::sow(&["solve", variant, "--build-db", "12", "--db", db], "");
    let said = crate::common::text(&built.stdout);
    assert_eq!(
        built.status.code(),
        Some(0),
        "{}",
        crate::common::text(&built.stderr)
    );
    assert!(
        said.starts_with("endgame database of small-3x2: up to 12 seeds on the board"),
        "{said}"
    );
    assert!(std::path::Path::new(db).join("layer-012.sowdb").is_file());

    let value = |args: &[&str]| {
        let out = crate::common::sow(args, "");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            crate::common::text(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            json["value"].as_i64().unwrap(),
            json["nodes"].as_u64().unwrap(),
        )
    };
    let (searched, nodes) = value(&["solve", variant, "--json"]);
    let (read, read_nodes) = value(&["solve", variant, "--json", "--db", db]);
    assert_eq!(read, searched);
    assert!(
        read_nodes < nodes,
        "{read_nodes} nodes with the database, {nodes} without"
    );
}

#[test]
fn sow_solve_refuses_a_build_it_cannot_do() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().to_str().unwrap();
    let no_dir = crate::common::sow(&["solve", "oware", "--build-db", "3"], "");
    assert_eq!(no_dir.status.code(), Some(2));
    let too_big = crate::common::sow(
        &[
            "solve",
            "oware",
            "--build-db",
            "40",
            "--db",
            db,
            "--memory",
            "64",
        ],
        "",
    );
    assert_eq!(too_big.status.code(), Some(2));
    let err = crate::common::text(&too_big.stderr);
    assert!(err.contains("above the limit of 64 MiB"), "{err}");
    // A variant whose positions carry more than a database keys: exit 1.
    let children = crate::common::sow(&["solve", "ouri", "--build-db", "3", "--db", db], "");
    let err = crate::common::text(&children.stderr);
    assert_eq!(children.status.code(), Some(1), "{err}");
    assert!(err.contains("no endgame database for ouri"), "{err}");
}

/// The Oware database to 12 seeds (docs/solving.md, "Endgame databases") against
/// the brute force, on positions of up to 4 seeds on the board reached in
/// random games (the brute force follows the repetition ending with the
/// game's own history): every proven value equals it, every other one's
/// bounds hold it. Slow (the database takes minutes to build): run with
/// `SOW_ENDGAME_DB=DIR cargo test --release --test integration
/// the_oware_database -- --ignored --nocapture`, DIR holding the
/// database or empty (it is built there).
#[test]
#[ignore = "needs the Oware database built (minutes): SOW_ENDGAME_DB=DIR"]
fn the_oware_database_agrees_with_the_brute_force() {
    let dir = std::env::var_os("SOW_ENDGAME_DB").expect("set SOW_ENDGAME_DB to a directory");
    let engine = Engine::new(Rules::from_toml(OWARE, "oware.toml").unwrap());
    let options = BuildOptions {
        max_seeds: 12,
        memory_limit: 3584 << 20,
    };
    let db = endgame::build(
        &engine,
        dir.as_ref(),
        &options,
        &AtomicBool::new(false),
        &|_| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(db.max_seeds(), 12);
    let games = 300;
    let (compared, exact) = check_random_games(&engine, &db, games, 4, 200_000, 12);
    eprintln!(
        "{compared} positions of up to 4 seeds compared in {games} games, {exact} proven values equal"
    );
    assert!(compared > 200, "{compared}");
}
