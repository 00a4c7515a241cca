//! Endgame databases: the value of every position with few seeds on the
//! board, for any variant whose positions are just a board, two stores and
//! the side to move, found once by retrograde analysis and kept on disk.
//!
//! A database holds, for each position of up to `max_seeds` seeds on the
//! board, what the side to move can make of those seeds under perfect play:
//! the final store difference minus the store difference now. That part does
//! not depend on the stores unless an ending reads them (a majority, an even
//! split, a share by the stores), so such variants index the stores too.
//!
//! Layer `n` (the positions with `n` seeds on the board) is solved after the
//! layers below it, which every capture leads into. Inside a layer the
//! analysis narrows two bounds per position until nothing moves; a position
//! still open then can only be decided by a cycle, and is scored by the
//! convention Romein and Bal used for Awari: a cycle ends the game and each
//! side takes the seeds on its own row. Its proven bounds are kept beside
//! that value, so [`Value::exact`] never claims more than was proven.

mod build;
mod file;
mod index;

use crate::word::{CROSSED, FEED, OPENING, QUIET, WAYS};
use std::path::{Path, PathBuf};

pub use build::{BuildOptions, Progress, build};
pub use file::open;

use crate::position::{Position, Side};
use crate::rules::Rules;
use index::Compositions;

/// The value of a position for the side to move: the final store
/// difference, theirs minus the opponent's, under perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Value {
    /// The least it can be, proven.
    pub low: i32,
    /// The most it can be, proven.
    pub high: i32,
    /// The value under the cycle convention (a cycle ends the game, each
    /// side taking its own row); equal to `low` and `high` when they meet.
    pub convention: i32,
}

impl Value {
    /// The value, when it was proven whatever a cycle would decide.
    pub fn exact(&self) -> Option<i32> {
        (self.low == self.high).then_some(self.low)
    }
}

/// An endgame database for one variant's compiled rules.
#[derive(Debug)]
pub struct Database {
    /// Where its files are.
    dir: PathBuf,
    /// [`Rules::digest`] of the rules it was built for.
    digest: u64,
    houses_per_side: usize,
    total_seeds: u32,
    /// Whether entries are indexed by South's store too.
    by_store: bool,
    /// Layer `n`: the positions with `n` seeds on the board.
    layers: Vec<Layer>,
    compositions: Compositions,
}

/// The positions with one number of seeds on the board.
#[derive(Debug, Clone)]
pub(crate) struct Layer {
    seeds: u32,
    /// Entries per board and side to move: South's stores `0..=total -
    /// seeds` when the database is indexed by store, else 1.
    stores: u32,
    /// Three values an entry: low, high and the convention's, each relative
    /// to the store difference (what the board's seeds are worth).
    entries: Vec<[i8; 3]>,
}

/// What can go wrong with a database.
#[derive(Debug, thiserror::Error)]
pub enum EndgameError {
    /// The variant's positions hold more than a database can key.
    #[error("no endgame database for {variant}: {why}")]
    Unsupported {
        /// The variant's name.
        variant: String,
        /// What the database cannot hold.
        why: String,
    },
    /// A file built for other rules, or another board.
    #[error("{}: this database was built for other rules (not the compiled rules of {variant})", path.display())]
    OtherRules {
        /// The file.
        path: PathBuf,
        /// The variant asked for.
        variant: String,
    },
    /// A file that is not a whole database file.
    #[error("{}: not a valid endgame database file: {why}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// Reading or writing failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// The build would need more memory than allowed.
    #[error(
        "a database of up to {seeds} seeds needs about {} MiB, above the limit of {} MiB (raise it with --memory, or build fewer seeds)",
        needed / (1 << 20), limit / (1 << 20)
    )]
    Memory {
        /// Seeds on the board asked for.
        seeds: u32,
        /// Bytes needed.
        needed: u64,
        /// Bytes allowed.
        limit: u64,
    },
    /// The directory holds no layer at all.
    #[error("{}: no endgame database here (build one with `sow solve VARIANT --build-db SEEDS --db DIR`)", path.display())]
    Missing {
        /// The directory.
        path: PathBuf,
    },
    /// The build was stopped; the layers written are kept.
    #[error(
        "stopped: layers 0 to {done} are complete on disk, a new run of the same command goes on from there"
    )]
    Stopped {
        /// The last layer written, if any.
        done: i64,
    },
}

impl Database {
    /// The directory of its files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether the database was built for `rules`.
    pub fn is_for(&self, rules: &Rules) -> bool {
        self.digest == rules.digest()
            && self.houses_per_side == rules.houses_per_side()
            && self.total_seeds == rules.total_seeds()
    }

    /// The most seeds on the board a position may have to be found here.
    pub fn max_seeds(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// Positions held, over all layers.
    pub fn positions(&self) -> u64 {
        self.layers.iter().map(|l| l.entries.len() as u64).sum()
    }

    /// Positions whose value only the cycle convention decides.
    pub fn by_convention(&self) -> u64 {
        self.layers
            .iter()
            .flat_map(|l| &l.entries)
            .filter(|e| e[0] != e[1])
            .count() as u64
    }

    /// The value of `position` for the side to move, or `None` when it has
    /// more seeds on the board than the database holds, or is not a
    /// position of these rules (another board, seeds missing, per-house
    /// state).
    pub fn value(&self, position: &Position) -> Option<Value> {
        if position.houses_per_side() != self.houses_per_side
            || position.total_seeds() != self.total_seeds
            || !plain(position)
        {
            return None;
        }
        let seeds = position.seeds_on_board();
        let layer = self.layers.get(seeds as usize)?;
        let entry = layer.entries[self.entry_of(layer, position)];
        let me = position.to_move();
        let now = i32::from(position.store(me)) - i32::from(position.store(me.opponent()));
        Some(Value {
            low: now + i32::from(entry[0]),
            high: now + i32::from(entry[1]),
            convention: now + i32::from(entry[2]),
        })
    }

    /// The index of `position` in its layer.
    fn entry_of(&self, layer: &Layer, position: &Position) -> usize {
        let board = self.compositions.rank(position.houses(), layer.seeds);
        let side = position.to_move().index() as u64;
        let store = if self.by_store {
            u64::from(position.store(Side::South))
        } else {
            0
        };
        ((board * 2 + side) * u64::from(layer.stores) + store) as usize
    }
}

/// Whether a position holds nothing a database cannot key.
pub(crate) fn plain(position: &Position) -> bool {
    unkeyed(position).is_none()
}

/// What a position holds that a database does not key, if anything: a
/// per-house layer, a pending feed, a count of quiet or opening moves, a
/// crossing, a chosen way of sowing.
pub(crate) fn unkeyed(position: &Position) -> Option<&'static str> {
    if position.get(FEED) {
        Some("a feed owed by the player who took every seed")
    } else if position.get(QUIET) != 0 {
        Some("a count of moves that may not capture")
    } else if position.get(OPENING) != 0 {
        Some("a count of opening moves")
    } else if position.get(CROSSED).is_some() {
        Some("a seed that crossed the row's end")
    } else if position.get(WAYS).is_some() {
        Some("the ways of sowing the first move chose")
    } else {
        crate::layer::Layer::ALL
            .iter()
            .find(|&&layer| !position.layer_is_empty(layer))
            .map(|_| "marks on its houses (children, blocked or played houses, owners)")
    }
}

/// The file of layer `seeds` in `dir`.
fn layer_path(dir: &Path, seeds: u32) -> PathBuf {
    dir.join(format!("layer-{seeds:03}.sowdb"))
}

/// What of a variant's rules stops a database, if anything; and whether
/// its entries must be indexed by the stores.
pub(crate) fn fits(rules: &Rules) -> Result<bool, EndgameError> {
    let unsupported = |why: &str| EndgameError::Unsupported {
        variant: rules.meta.name.clone(),
        why: why.to_string(),
    };
    if rules.rounds.is_some() {
        return Err(unsupported(
            "a match of rounds refills the board, and its score is the match's",
        ));
    }
    if rules.board.rows() > 2 {
        return Err(unsupported(
            "its board has more than two rows, which a database does not index yet",
        ));
    }
    if rules.children.is_some() || rules.blocking.is_some() {
        return Err(unsupported(
            "its houses carry state (children or blocked houses) that a database does not key",
        ));
    }
    if rules.random_start {
        return Err(unsupported("its start is dealt at random"));
    }
    if rules.captures.reads_stores() {
        return Err(unsupported(
            "its captures take seeds out of a store, so the stores are part of the board",
        ));
    }
    use crate::rules::Ending;
    let mut by_store = false;
    for ending in &rules.endings {
        match ending {
            Ending::Cleared | Ending::Deprived | Ending::Immobilized | Ending::BackRowEmpty => {
                return Err(unsupported(
                    "its goal is not the seeds, so a position has no value in seeds",
                ));
            }
            Ending::Majority { .. } | Ending::EvenSplit { .. } => by_store = true,
            _ => {}
        }
        if ending.taken_by() == Some(crate::rules::Collect::Divided) {
            by_store = true;
        }
        if ending.taken_by() == Some(crate::rules::Collect::LastCapturer) {
            return Err(unsupported(
                "the seeds left go to the last capturer, whom a database does not key",
            ));
        }
    }
    Ok(by_store)
}
