//! Building a database, layer by layer, by retrograde analysis.
//!
//! Each position's moves are played by the game itself ([`Game`]), so the
//! rules stay in one place: a move that ends the game gives its final
//! score, one that takes seeds off the board leads into a layer already
//! solved, and one that keeps them all is an edge inside the layer. The
//! layer is then solved by narrowing bounds (see the module above).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::index::Compositions;
use super::{Database, EndgameError, Layer, file, fits, layer_path, unkeyed};
use crate::engine::Engine;
use crate::game::Game;
use crate::position::{Position, Side};
use crate::rules::Rules;

/// The most seeds on the board a database may hold: values are kept in a
/// byte, and no board of more is small enough anyway.
pub const MAX_SEEDS: u32 = 100;

/// What to build.
#[derive(Debug, Clone, Copy)]
pub struct BuildOptions {
    /// Positions with up to this many seeds on the board.
    pub max_seeds: u32,
    /// The memory the build may use, in bytes.
    pub memory_limit: u64,
}

/// What a build reports as it goes.
#[derive(Debug, Clone)]
pub enum Progress {
    /// A layer is being solved.
    Solving {
        /// Seeds on the board.
        seeds: u32,
        /// Its positions.
        positions: u64,
    },
    /// A layer already on disk was read instead.
    Read {
        /// Seeds on the board.
        seeds: u32,
    },
    /// A layer was solved and written.
    Written {
        /// Seeds on the board.
        seeds: u32,
        /// Its file.
        path: PathBuf,
        /// Its positions.
        positions: u64,
        /// Those only the cycle convention decides.
        by_convention: u64,
    },
}

/// No exit from a position (every move stays in its layer).
const NO_EXIT: i8 = i8::MIN;
/// An edge's flag: the same player moves again after it.
const SAME_MOVER: u32 = 1 << 31;

/// Builds the database of `rules` up to `options.max_seeds` seeds on the
/// board into `dir`, one file a layer, each written whole as soon as it is
/// solved. Layers already in `dir` for the same rules are read, not built
/// again, so a stopped build goes on where it stopped. `stop` is checked
/// often; when it is set, the build ends with [`EndgameError::Stopped`].
pub fn build(
    engine: &Arc<Engine>,
    dir: &Path,
    options: &BuildOptions,
    stop: &AtomicBool,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Database, EndgameError> {
    let rules = engine.rules();
    let by_store = fits(rules)?;
    let houses_per_side = rules.houses_per_side();
    let total = rules.total_seeds();
    let max_seeds = options.max_seeds.min(total).min(MAX_SEEDS);
    let compositions = Compositions::new(2 * houses_per_side, max_seeds);
    let needed = memory_needed(&compositions, houses_per_side, total, max_seeds, by_store);
    // Entries are numbered in 31 bits inside a layer.
    let largest = (0..=max_seeds)
        .map(|s| compositions.boards(s) * 2 * u64::from(if by_store { total - s + 1 } else { 1 }))
        .max()
        .unwrap_or(0);
    if needed > options.memory_limit || largest >= 1 << 31 {
        return Err(EndgameError::Memory {
            seeds: max_seeds,
            needed,
            limit: options.memory_limit,
        });
    }
    std::fs::create_dir_all(dir).map_err(|source| EndgameError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut db = Database {
        dir: dir.to_path_buf(),
        digest: rules.digest(),
        houses_per_side,
        total_seeds: total,
        by_store,
        layers: Vec::new(),
        compositions,
    };
    for seeds in 0..=max_seeds {
        let path = layer_path(dir, seeds);
        if path.exists() {
            let layer = file::read_layer(&path, &db, seeds, &rules.meta.name)?;
            db.layers.push(layer);
            progress(Progress::Read { seeds });
            continue;
        }
        let stores = if by_store { total - seeds + 1 } else { 1 };
        let positions = db.compositions.boards(seeds) * 2 * u64::from(stores);
        progress(Progress::Solving { seeds, positions });
        let layer = solve_layer(engine, &db, seeds, stores, stop)?;
        file::write_layer(&path, &db, &layer)?;
        let by_convention = layer.entries.iter().filter(|e| e[0] != e[1]).count() as u64;
        db.layers.push(layer);
        progress(Progress::Written {
            seeds,
            path,
            positions,
            by_convention,
        });
    }
    Ok(db)
}

/// About the bytes a build of up to `max_seeds` needs: every layer's
/// entries, kept, and the largest layer's work: per entry its exits, where
/// its edges start, two sets of bounds and its place in the open list, and
/// the edges inside the layer, counted as half its moves (captures, ends
/// and passes leave the layer).
fn memory_needed(
    compositions: &Compositions,
    houses_per_side: usize,
    total: u32,
    max_seeds: u32,
    by_store: bool,
) -> u64 {
    let entries = |seeds: u32| {
        let stores = if by_store { total - seeds + 1 } else { 1 };
        compositions.boards(seeds) * 2 * u64::from(stores)
    };
    let kept: u64 = (0..=max_seeds).map(|s| entries(s) * 3).sum();
    let work = (0..=max_seeds)
        .map(|s| entries(s) * (3 + 4 + 2 * 2 + 4 + 2 * houses_per_side as u64))
        .max()
        .unwrap_or(0);
    kept + work
}

/// The position of entry `entry` of a layer.
fn position_of(db: &Database, seeds: u32, stores: u32, entry: u64, board: &mut [u8]) -> Position {
    let store = (entry % u64::from(stores)) as u32;
    let side = if (entry / u64::from(stores)).is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    db.compositions
        .unrank(entry / u64::from(stores) / 2, seeds, board);
    let in_stores = db.total_seeds - seeds;
    let south = if db.by_store { store } else { in_stores / 2 };
    let stores = [south as u8, (in_stores - south) as u8];
    Position::new(board, stores, side).expect("a board of the database's size")
}

/// Entries a chunk: the first pass hands out chunks to threads.
const CHUNK: u64 = 1 << 14;

/// One chunk of a layer's entries, as the first pass finds them.
struct Chunk {
    /// Per entry: the best of the moves that leave the layer, as bounds
    /// (low, high) and the convention's value; [`NO_EXIT`] if none.
    exits: Vec<[i8; 3]>,
    /// Per entry, where its edges start in `edges` (one more at the end).
    starts: Vec<u32>,
    /// The edges: the child's entry in the layer, with [`SAME_MOVER`].
    edges: Vec<u32>,
    /// Per entry, what the variant's repetition ending would give its
    /// mover if the game came back to it ([`ANY`] when the ending's share
    /// depends on more than the position).
    repeat: Vec<i8>,
}

/// A repetition ending whose share the position alone does not decide.
const ANY: i8 = i8::MIN;

/// Solves layer `seeds`, the layers below being in `db`.
fn solve_layer(
    engine: &Arc<Engine>,
    db: &Database,
    seeds: u32,
    stores: u32,
    stop: &AtomicBool,
) -> Result<Layer, EndgameError> {
    let rules = engine.rules();
    let count = db.compositions.boards(seeds) * 2 * u64::from(stores);
    let chunks: Vec<u64> = (0..count.div_ceil(CHUNK)).collect();
    let chunks: Vec<Chunk> = chunks
        .par_iter()
        .map_init(
            || Game::new(engine),
            |game, &c| {
                if stop.load(Ordering::Relaxed) {
                    return Err(EndgameError::Stopped {
                        done: seeds as i64 - 1,
                    });
                }
                let range = c * CHUNK..((c + 1) * CHUNK).min(count);
                first_pass(game, db, seeds, stores, range)
            },
        )
        .collect::<Result<_, _>>()?;
    let bound = seeds as i8;
    // Bounds, then the convention's values, each by narrowing.
    let repetition = rules
        .endings
        .iter()
        .any(|e| matches!(e, crate::rules::Ending::Repetition { .. }));
    let exact = narrow(&chunks, bound, 0, repetition, stop, seeds)?;
    let convention = narrow(&chunks, bound, 2, false, stop, seeds)?;
    let mut board = vec![0u8; 2 * db.houses_per_side];
    let mut entries = Vec::with_capacity(count as usize);
    for entry in 0..count as usize {
        let (low, high) = exact[entry];
        let (c_low, c_high) = convention[entry];
        let value = if c_low == c_high {
            c_low
        } else {
            // Decided only by a cycle: each side takes its own row.
            let position = position_of(db, seeds, stores, entry as u64, &mut board);
            let me = position.to_move();
            let own =
                position.seeds_on_side(me) as i8 - position.seeds_on_side(me.opponent()) as i8;
            own.clamp(c_low, c_high)
        };
        entries.push([low, high, value.clamp(low, high)]);
    }
    Ok(Layer {
        seeds,
        stores,
        entries,
    })
}

/// The first pass over entries `range` of layer `seeds`: each position's
/// moves, played.
fn first_pass(
    game: &mut Game,
    db: &Database,
    seeds: u32,
    stores: u32,
    range: std::ops::Range<u64>,
) -> Result<Chunk, EndgameError> {
    // The rules, held apart from the game the pass plays on.
    let engine = Arc::clone(game.engine());
    let rules = engine.rules();
    let unsupported = |why: String| EndgameError::Unsupported {
        variant: rules.meta.name.clone(),
        why,
    };
    let mut chunk = Chunk {
        exits: Vec::with_capacity((range.end - range.start) as usize),
        repeat: Vec::with_capacity((range.end - range.start) as usize),
        starts: Vec::with_capacity((range.end - range.start) as usize + 1),
        edges: Vec::new(),
    };
    let mut board = vec![0u8; 2 * db.houses_per_side];
    // Each position's moves (or `None` for what the start settles), one
    // list for the whole chunk.
    let mut outcomes = Vec::new();
    for entry in range {
        chunk.starts.push(chunk.edges.len() as u32);
        let position = position_of(db, seeds, stores, entry, &mut board);
        let me = position.to_move();
        let now = diff(&position, me);
        game.restart_from(position.clone())
            .map_err(|e| unsupported(format!("a position of {seeds} seeds is refused: {e}")))?;
        let mut best = [NO_EXIT; 3];
        let mut exit = |value: [i8; 3]| {
            for k in 0..3 {
                best[k] = best[k].max(value[k]);
            }
        };
        // Where the game is over at once, or passes before the mover moves.
        outcomes.clear();
        if game.is_over() || *game.position() != position {
            outcomes.push(None);
        } else {
            outcomes.extend(game.legal_moves().iter().map(Some));
        }
        for &mv in &outcomes {
            if let Some(mv) = mv {
                game.play(mv, &mut ()).expect("listed moves are legal");
            }
            let after = game.position();
            if let Some(outcome) = game.outcome() {
                let score = outcome.score;
                let value =
                    (score[me.index()] as i32 - score[me.opponent().index()] as i32 - now) as i8;
                exit([value; 3]);
            } else {
                if let Some(state) = unkeyed(after) {
                    return Err(unsupported(format!(
                        "its positions carry {state}, which a database does not key (after {} in {})",
                        mv.map_or("the start".to_string(), |m| m.to_string()),
                        position
                    )));
                }
                let gain = diff(after, me) - now;
                let sign = if after.to_move() == me { 1 } else { -1 };
                let left = after.seeds_on_board();
                if left < seeds {
                    let value = db.value(after).expect("the layers below are solved");
                    // The child's value is for whoever moves there.
                    let relative = |v: i32| (sign * v - now) as i8;
                    let (low, high) = if sign > 0 {
                        (relative(value.low), relative(value.high))
                    } else {
                        (relative(value.high), relative(value.low))
                    };
                    exit([low, high, relative(value.convention)]);
                } else if left == seeds && gain == 0 {
                    let stores = u64::from(stores);
                    let store = if db.by_store {
                        u64::from(after.store(Side::South))
                    } else {
                        0
                    };
                    let board = db.compositions.rank(after.houses(), seeds);
                    let child = (board * 2 + after.to_move().index() as u64) * stores + store;
                    let flag = if sign > 0 { SAME_MOVER } else { 0 };
                    chunk.edges.push(child as u32 | flag);
                } else {
                    return Err(unsupported(format!(
                        "a move puts seeds back on the board or between the stores (after {} in {})",
                        mv.map_or("the start".to_string(), |m| m.to_string()),
                        position
                    )));
                }
            }
            if mv.is_some() {
                game.undo();
            }
        }
        chunk.exits.push(best);
        chunk.repeat.push(repetition_share(rules, &position));
    }
    chunk.starts.push(chunk.edges.len() as u32);
    Ok(chunk)
}

/// What the variant's repetition ending would give the side to move of
/// `position`, beyond the stores, if the game came back to it: only read
/// where the variant has one (see [`narrow`]).
fn repetition_share(rules: &Rules, position: &Position) -> i8 {
    use crate::rules::{Collect, Ending};
    let me = position.to_move();
    let own = position.seeds_on_side(me) as i8 - position.seeds_on_side(me.opponent()) as i8;
    rules
        .endings
        .iter()
        .find_map(|e| match e {
            Ending::Repetition { taken_by } => Some(match taken_by {
                Collect::EachOwn | Collect::EachOwnInPlace => own,
                Collect::Nobody | Collect::Removed => 0,
                _ => ANY,
            }),
            _ => None,
        })
        .unwrap_or(ANY)
}

/// The store difference of `position` for `side`.
fn diff(position: &Position, side: Side) -> i32 {
    i32::from(position.store(side)) - i32::from(position.store(side.opponent()))
}

/// Narrows each entry's bounds from `[-bound, bound]` until nothing moves,
/// with the exits' values `k` (0: the proven bounds, whose high is at 1;
/// 2: the convention's values). Entries whose bounds still differ can only
/// be decided by a cycle.
///
/// With `any_history`, a child's bounds also take in what the repetition
/// ending would give if the child had been seen before: the bounds then
/// hold whatever moves led to a position, not only from a fresh start, so
/// a search may read them anywhere.
fn narrow(
    chunks: &[Chunk],
    bound: i8,
    k: usize,
    any_history: bool,
    stop: &AtomicBool,
    seeds: u32,
) -> Result<Vec<(i8, i8)>, EndgameError> {
    let high_k = if k == 0 { 1 } else { k };
    let mut bounds: Vec<(i8, i8)> = Vec::new();
    // Entries without edges are known from their exits.
    // The entries still open, by number (chunk `entry / CHUNK`).
    let mut open: Vec<u32> = Vec::new();
    for chunk in chunks {
        for (i, exit) in chunk.exits.iter().enumerate() {
            let entry = bounds.len();
            if chunk.starts[i] == chunk.starts[i + 1] {
                bounds.push((exit[k], exit[high_k]));
            } else {
                bounds.push((exit[k].max(-bound), bound));
                open.push(entry as u32);
            }
        }
    }
    loop {
        if stop.load(Ordering::Relaxed) {
            return Err(EndgameError::Stopped {
                done: seeds as i64 - 1,
            });
        }
        let mut changed = false;
        open.retain(|&entry| {
            let entry = entry as usize;
            let (chunk, i) = (&chunks[entry / CHUNK as usize], entry % CHUNK as usize);
            let exit = chunk.exits[i];
            let (mut low, mut high) = (exit[k], exit[high_k]);
            for &edge in &chunk.edges[chunk.starts[i] as usize..chunk.starts[i + 1] as usize] {
                let child = (edge & !SAME_MOVER) as usize;
                let (mut l, mut h) = bounds[child];
                if any_history {
                    match chunks[child / CHUNK as usize].repeat[child % CHUNK as usize] {
                        ANY => (l, h) = (-bound, bound),
                        share => (l, h) = (l.min(share), h.max(share)),
                    }
                }
                let (l, h) = if edge & SAME_MOVER != 0 {
                    (l, h)
                } else {
                    (-h, -l)
                };
                low = low.max(l);
                high = high.max(h);
            }
            let (old_low, old_high) = bounds[entry];
            let (low, high) = (low.max(old_low), high.min(old_high));
            if (low, high) != (old_low, old_high) {
                bounds[entry] = (low, high);
                changed = true;
            }
            low < high
        });
        if !changed {
            break;
        }
    }
    Ok(bounds)
}
