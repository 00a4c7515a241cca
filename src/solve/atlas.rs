//! The fairness atlas: each variant solved from the start on its small
//! boards, within a budget of nodes a board. Whether the first player wins,
//! by how much, and with which first move, side by side for every variant.
//!
//! The boards are [`HOUSES`] houses a row by [`SEEDS`] seeds a house, each
//! the variant with those two keys of its file changed and every other
//! rule kept ([`Rules::load_resized`]); where none of them is a board the
//! variant allows (a start laid out house by house, a board of fixed
//! size), its own board instead.

use std::ops::RangeInclusive;

use rayon::prelude::*;

use super::{Bounds, MoveValues, Options, SolveError, solve};
use crate::engine::Engine;
use crate::game::Game;
use crate::position::Move;
use crate::rules::Rules;

/// Houses a row on the atlas' boards.
pub const HOUSES: RangeInclusive<usize> = 2..=4;

/// Seeds a house at the start on the atlas' boards.
pub const SEEDS: RangeInclusive<usize> = 1..=3;

/// Nodes a board may take by default: most small boards need far fewer.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// Seconds a board may take by default: a variant whose relays run long
/// spends milliseconds a node.
pub const DEFAULT_SECONDS: f64 = 10.0;

/// The most the table of one board's solve grows to: the budget's nodes
/// fit in far less.
const TABLE_BYTES: usize = 64 << 20;

/// What the atlas found on one board, for the player who moves first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// The value of the start, and a first move that reaches it (`None`
    /// where the first player has no move, or the budget ran out before
    /// one was proven to).
    Solved {
        /// The value for the player who moves first.
        value: i32,
        /// A best first move.
        best: Option<Move>,
    },
    /// The budget (nodes or time) ran out first: what was proven by then.
    Unsolved(Bounds),
    /// A line went deeper than the solver follows ([`super::MAX_LINE_PLIES`]):
    /// the variant's games need not end, or its ply limit lies deeper.
    TooDeep,
    /// The solve could not run (the memory for its table was refused).
    Failed(String),
}

/// One board of a variant in the atlas.
#[derive(Debug, Clone)]
pub struct BoardFinding {
    /// Houses a row and seeds a house, or `None` for the variant's own
    /// board.
    pub size: Option<(usize, usize)>,
    /// What was found.
    pub finding: Finding,
    /// Nodes searched.
    pub nodes: u64,
}

/// A variant's line of the atlas.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The variant's name.
    pub variant: String,
    /// Whether a goal decides its games (values 1, 0, -1), not seeds.
    pub won_by_goal: bool,
    /// Why the solver does not solve it (a match of rounds), if it does not.
    pub refused: Option<String>,
    /// Each board it was solved on, in order: by houses, then seeds.
    pub boards: Vec<BoardFinding>,
}

/// How an atlas runs.
#[derive(Clone, Copy)]
pub struct AtlasOptions<'a> {
    /// Nodes a board may take.
    pub budget: u64,
    /// Seconds a board may take, if any limit: the atlas then depends on
    /// the machine's speed, where the node budget alone does not.
    pub seconds: Option<f64>,
    /// Variants solved at once.
    pub threads: usize,
    /// Set to stop: the boards not yet finished are reported unsolved.
    pub stop: Option<&'a std::sync::atomic::AtomicBool>,
    /// Called with each variant's line as it is done, from any thread.
    pub done: Option<&'a (dyn Fn(&Entry) + Sync)>,
}

/// The atlas of `variants`, in their order.
pub fn atlas(variants: &[Rules], options: &AtlasOptions<'_>) -> Vec<Entry> {
    let run = || {
        variants
            .par_iter()
            .map(|rules| {
                let entry = entry(rules, options);
                if let Some(done) = options.done {
                    done(&entry);
                }
                entry
            })
            .collect()
    };
    match rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(run),
        // No threads to be had: the caller's alone.
        Err(_) => run(),
    }
}

/// One variant's line of the atlas.
pub fn entry(rules: &Rules, options: &AtlasOptions<'_>) -> Entry {
    let mut entry = Entry {
        variant: rules.meta.name.clone(),
        won_by_goal: rules.won_by_goal(),
        refused: None,
        boards: Vec::new(),
    };
    if let Err(why) = super::check_solvable(rules) {
        entry.refused = Some(match why {
            SolveError::Unsupported(why) => why,
            other => other.to_string(),
        });
        return entry;
    }
    for houses in HOUSES {
        for seeds in SEEDS {
            if let Ok(sized) = Rules::load_resized(&rules.meta.name, houses, seeds) {
                entry
                    .boards
                    .push(solve_board(sized, Some((houses, seeds)), options));
            }
        }
    }
    if entry.boards.is_empty() {
        entry.boards.push(solve_board(rules.clone(), None, options));
    }
    entry
}

/// The start of `rules` solved within the budget.
fn solve_board(
    rules: Rules,
    size: Option<(usize, usize)>,
    options: &AtlasOptions<'_>,
) -> BoardFinding {
    let engine = Engine::new(rules);
    let game = Game::new(&engine);
    let solve_options = Options {
        table_bytes: TABLE_BYTES,
        stop: options.stop,
        moves: MoveValues::OneBest,
        max_nodes: Some(options.budget),
        deadline: options
            .seconds
            .map(|s| std::time::Instant::now() + std::time::Duration::from_secs_f64(s)),
        ..Options::default()
    };
    let (finding, nodes) = match solve(&game, &solve_options) {
        Ok(solution) => {
            // A value proven before the budget ran out is the value,
            // whether or not a best move was found by then.
            let finding = match solution.value.exact() {
                Some(value) => Finding::Solved {
                    value,
                    best: solution
                        .moves
                        .iter()
                        .find(|m| m.bounds.exact() == Some(value))
                        .map(|m| m.mv),
                },
                None => Finding::Unsolved(solution.value),
            };
            (finding, solution.nodes)
        }
        Err(SolveError::TooDeep { .. }) => (Finding::TooDeep, 0),
        Err(other) => (Finding::Failed(other.to_string()), 0),
    };
    BoardFinding {
        size,
        finding,
        nodes,
    }
}
