//! Perft as data: each line of `tests/fixtures/perft.txt` is a variant, a
//! depth and the expected count, worked out with OpenSpiel (Oware and Kalah). Lines past
//! `MAX_NODES` are left to `sow perft` so the suite stays fast.

use sow::perft::{perft, perft_divide};
use sow::rng::Rng;
use sow::rules::builtin_rules;
use sow::{Engine, Game, Rules};
use std::collections::HashMap;

use sow::game::with_walk;
use sow::walk::{EngineChoice, Walk, WalkUser};

use crate::common::test_path;

const MAX_NODES: u64 = 1_000_000;

#[test]
fn perft_matches_the_fixture() {
    let text = std::fs::read_to_string(test_path("fixtures/perft.txt")).unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [variant, depth, expected] = fields[..] else {
            panic!("bad perft line: {line}");
        };
        let (depth, expected): (u32, u64) = (depth.parse().unwrap(), expected.parse().unwrap());
        if expected > MAX_NODES {
            continue;
        }
        let engine = Engine::new(Rules::builtin(variant).unwrap());
        let game = Game::new(&engine);
        for engine in [EngineChoice::Fastest, EngineChoice::General] {
            assert_eq!(
                perft(&game, depth, engine),
                expected,
                "{variant} depth {depth} {engine:?}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 15, "oware perft checked to depth 8, kalah to 7");
}

/// The packed engine walks every game the general one walks: for every
/// shipped variant it models, the same counts below each move, from the
/// start and from positions deep in random games, where the history since
/// the last capture decides repetitions.
#[test]
fn both_engines_count_alike() {
    let mut packed = 0;
    for engine in builtin_rules().into_iter().map(Engine::new) {
        let rules = engine.rules();
        if engine.packed().is_none() {
            continue;
        }
        packed += 1;
        let name = &rules.meta.name;
        let mut rng = Rng::for_game(11, packed);
        let mut game = Game::new(&engine);
        for _ in 0..4 {
            let depth = if rules.houses_per_side() > 8 { 3 } else { 4 };
            let fast = perft_divide(&game, depth, EngineChoice::Fastest);
            let general = perft_divide(&game, depth, EngineChoice::General);
            assert_eq!(fast, general, "{name} at ply {}", game.plies());
            // On to a later position, as a random game goes.
            for _ in 0..15 {
                if game.is_over() {
                    break;
                }
                let legal = game.legal_moves();
                let mv = legal.get(rng.below(legal.len())).unwrap();
                game.play(mv, &mut ()).unwrap();
            }
            if game.is_over() {
                game = Game::new(&engine);
            }
        }
    }
    assert!(
        packed >= 30,
        "a third of the shipped variants pack: {packed}"
    );
}

/// Sparse boards play long without a capture, so lines there end by
/// repetition or by the rules of an empty row: both engines end them alike.
#[test]
fn both_engines_end_sparse_games_alike() {
    let engine = Engine::new(Rules::builtin("oware").unwrap());
    for from in [
        "1,0,0,0,0,0/1,0,0,0,0,0 23-23 S",
        "0,0,0,0,0,1/0,0,0,0,2,0 22-23 N",
        "1,1,0,0,0,0/0,0,0,1,0,0 22-23 S",
    ] {
        let game = Game::from_position(&engine, from.parse().unwrap()).unwrap();
        for depth in 1..=16 {
            assert_eq!(
                perft(&game, depth, EngineChoice::Fastest),
                perft(&game, depth, EngineChoice::General),
                "{from} depth {depth}"
            );
        }
    }
}

/// Every position a walk reaches, keyed: equal keys only for equal
/// positions, and equal store-free keys only for positions that differ in
/// their stores alone. (The packed walk once mixed the side to move into its
/// first lanes, so a seed in South's first house keyed like North to move.)
#[test]
fn walk_keys_tell_positions_apart() {
    struct Keys;
    impl WalkUser for Keys {
        type Output = usize;
        fn run<W: Walk>(self, mut walk: W) -> usize {
            let mut keys = HashMap::new();
            let mut boards = HashMap::new();
            visit(&mut walk, 7, &mut keys, &mut boards);
            keys.len()
        }
    }
    fn visit<W: Walk>(
        walk: &mut W,
        depth: u32,
        keys: &mut HashMap<u64, String>,
        boards: &mut HashMap<u64, String>,
    ) {
        let position = walk.position();
        let whole = position.to_string();
        let old = keys.entry(walk.key()).or_insert_with(|| whole.clone());
        assert_eq!(*old, whole, "one key, two positions");
        let board = format!("{:?} {:?}", position.houses(), position.to_move());
        let old = boards
            .entry(walk.key_without_stores())
            .or_insert_with(|| board.clone());
        assert_eq!(*old, board, "one store-free key, two boards");
        if depth == 0 || walk.is_over() {
            return;
        }
        for index in 0..walk.moves() {
            walk.play(index);
            visit(walk, depth - 1, keys, boards);
            walk.undo();
        }
    }
    for (variant, from) in [
        ("kalah", "1,2,0,3,0,1/2,1,3,0,1,0 12-22 S"),
        ("oware", "1,0,2,0,0,3/0,1,1,0,2,0 20-18 N"),
        ("kalah", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"),
    ] {
        let engine = Engine::new(Rules::builtin(variant).unwrap());
        let game = Game::from_position(&engine, from.parse().unwrap()).unwrap();
        let fast = with_walk(&game, EngineChoice::Fastest, Keys);
        let general = with_walk(&game, EngineChoice::General, Keys);
        assert_eq!(fast, general, "{variant} from {from}: as many positions");
        assert!(fast > 100, "{variant} from {from}: {fast} positions");
    }
}
