//! The engine's hot paths, for every shipped variant: generating legal moves,
//! applying a move, a whole random game, and perft to depth 7.
//!
//! `cargo bench` runs them; `sow bench` measures whole playouts against the
//! C reference (docs/performance.md).

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sow::bench::random_game;
use sow::packed::PlayoutMemory;
use sow::perft::perft;
use sow::rng::Rng;
use sow::rules::builtin_groups;
use sow::walk::EngineChoice;
use sow::{Engine, Game, Position, Rules};

/// Positions from the middle of random games: a fair mix of what the hot
/// loop meets.
fn midgame_positions(engine: &Arc<Engine>) -> Vec<Position> {
    let mut positions = Vec::new();
    for seed in 0..64 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(engine);
        for _ in 0..20 {
            if game.is_over() {
                break;
            }
            let moves = game.legal_moves();
            let mv = moves.get(rng.below(moves.len())).expect("not over");
            game.play(mv, &mut ()).expect("legal");
        }
        if !game.is_over() {
            positions.push(game.position().clone());
        }
    }
    positions
}

fn hot_paths(c: &mut Criterion) {
    // The rule documents' variants, and one catalogue game for each engine
    // path the catalogue adds: plain sowing, relay sowing (on a big board,
    // general engine, and on a small one, packed), sowing into stores, and
    // per-house state. Every catalogue game would multiply the run time for
    // paths already covered. Variants that pack time their random games on
    // both engines (`random_game`, `random_game_packed`).
    let (_, documents) = builtin_groups().swap_remove(0);
    let catalogue = [
        "mg-wari",
        "mg-ot-tjin",
        "mg-ayoayo",
        "mg-waurie",
        "mg-toguz-kumalak",
    ]
    .into_iter()
    .filter_map(Rules::builtin);
    for engine in documents.into_iter().chain(catalogue).map(Engine::new) {
        let name = engine.rules().meta.name.clone();
        let positions = midgame_positions(&engine);
        let mut group = c.benchmark_group(name.as_str());

        group.bench_function("legal_moves", |b| {
            b.iter(|| {
                let mut count = 0;
                for position in &positions {
                    count += engine.legal_moves(black_box(position)).len();
                }
                count
            })
        });

        let first_moves: Vec<_> = positions
            .iter()
            .map(|p| {
                engine
                    .legal_moves(p)
                    .get(0)
                    .expect("positions are not over")
            })
            .collect();
        group.bench_function("apply_move", |b| {
            b.iter(|| {
                let mut captured = 0u32;
                for (position, &mv) in positions.iter().zip(&first_moves) {
                    let mut after = position.clone();
                    let effect = engine
                        .play(black_box(&mut after), mv, &mut ())
                        .expect("legal");
                    captured += effect.captured as u32;
                }
                captured
            })
        });

        let mut seed = 0;
        let mut game = Game::for_playouts(&engine);
        group.bench_function("random_game", |b| {
            b.iter(|| {
                seed += 1;
                random_game(&mut game, &mut Rng::for_game(1, seed))
            })
        });

        if let Some(packed) = engine.packed() {
            let mut seed = 0;
            let mut memory = PlayoutMemory::default();
            group.bench_function("random_game_packed", |b| {
                b.iter(|| {
                    seed += 1;
                    packed.random_game(&mut memory, &mut Rng::for_game(1, seed))
                })
            });
        }

        group.sample_size(10);
        for (name, choice) in [
            ("perft_7", EngineChoice::Fastest),
            ("perft_7_general", EngineChoice::General),
        ] {
            group.bench_function(name, |b| {
                b.iter(|| perft(&Game::new(&engine), black_box(7), choice))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, hot_paths);
criterion_main!(benches);
