//! `sow::solve` against an independent brute force: plain negamax over
//! [`Game`], with no table, no bounds and no ordering, on every reachable
//! position of small random variants.

use std::collections::HashSet;

use sow::fuzzing::generated_variant;
use sow::rng::Rng;
use sow::solve::{Options, solve};
use sow::{Game, Position, Rules};

/// The brute force's value of the game's position for the side to move:
/// every line played out. `None` once `budget` nodes are spent.
fn negamax(game: &mut Game<'_>, budget: &mut u64) -> Option<i32> {
    let me = game.position().to_move();
    if game.is_over() {
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
fn reachable(rules: &Rules, cap: usize) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let mut game = Game::new(rules);
    walk(&mut game, &mut seen, &mut found, cap);
    found
}

fn walk(game: &mut Game<'_>, seen: &mut HashSet<Position>, found: &mut Vec<Position>, cap: usize) {
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
    while variants < 60 {
        let text = small_variant(&mut rng);
        let Ok(rules) = Rules::from_toml(&text, "generated") else {
            continue;
        };
        if sow::solve::check_solvable(&rules).is_err() {
            continue;
        }
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
        for position in reachable(&rules, 150) {
            let mut game = Game::from_position(&rules, position.clone()).unwrap();
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
                assert_eq!(solved.bounds.exact(), Some(value), "{mv} at {position}\n{text}");
            }
            positions += 1;
        }
    }
    assert!(positions > 1000, "{positions} positions checked");
    assert!(skipped * 10 < positions, "{skipped} positions too big");
    assert!(
        features.iter().all(|&n| n >= 3),
        "each feature in a few variants: {features:?}"
    );
}

#[test]
fn a_tiny_table_gives_the_same_values() {
    let mut rng = Rng::new(7);
    let rules = std::iter::repeat_with(|| Rules::from_toml(&small_variant(&mut rng), "generated"))
        .find_map(Result::ok)
        .unwrap();
    let game = Game::new(&rules);
    let big = solve(
        &game,
        &Options {
            table_bytes: 1 << 20,
            ..Options::default()
        },
    )
    .unwrap();
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
