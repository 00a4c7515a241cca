//! Solving a position: its exact value under perfect play, and every legal
//! move's.
//!
//! The value of a position is for the side to move: the seeds they end the
//! game with minus their opponent's, counted as the variant scores the end
//! ([`Game::score`]: seeds left on the board included where the variant
//! counts them). Positive is a win, zero a draw. Where a goal decides the
//! game ([`Rules::won_by_goal`]: clearing, immobilising), the value is 1
//! for a win, 0 for a draw and -1 for a loss.
//!
//! The search plays the variant's own [`Game`] (or the packed engine's walk
//! of the same games), so the rules stay in one place: the position's value
//! first, then each move's, by MTD(f) null-window searches over a fail-soft
//! alpha-beta with a transposition table of bounds (store-free where the
//! stores do not decide the rest of the game), moves ordered by what the
//! table and the end of the game tell one ply ahead near the root (which
//! also gives enhanced transposition cut-offs) and by the store difference
//! below, and the value kept within what the stores allow (neither side can
//! lose the seeds it holds). An optional oracle (an endgame database) gives
//! exact values of the positions it covers.
//!
//! Repetition follows the variant's rule: where a repeated position ends the
//! game, the table keys each position together with the positions since the
//! last capture, the ones it could repeat, so no value found under one
//! history is used under another. A ply limit is honoured the same way: an
//! entry whose search never came near the limit holds at any ply.

pub mod atlas;
mod search;
mod table;

use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use crate::game::Game;
use crate::game::with_walk;
use crate::position::{Move, Position};
use crate::rules::Rules;
use crate::walk::{EngineChoice, Walk, WalkUser};
use search::{Search, Shared};

/// An exact-value oracle (an endgame database): the value for the side to
/// move of the rest of the game from a position, as the solver counts it,
/// or `None` where it does not know.
#[derive(Clone, Copy)]
pub struct Oracle<'a> {
    /// It knows no position with more seeds than this on the board, so
    /// the search asks it of no such position.
    pub max_seeds: u32,
    /// The value, where it knows it (asked from every thread of a solve).
    pub value: &'a (dyn Fn(&Position) -> Option<i32> + Sync),
}

/// The default size the transposition table may grow to, in bytes: enough
/// to value every first move of Kalah(6,4) in a few minutes.
pub const DEFAULT_TABLE_BYTES: usize = 3 << 30;

/// The longest line the search follows, in plies, before it concludes that
/// the variant's games need not end. The search recurses once a ply, on
/// the caller's stack: a thousand plies fit the smallest thread stack.
pub const MAX_LINE_PLIES: usize = 1000;

/// How a solve runs.
#[derive(Clone, Copy)]
pub struct Options<'a> {
    /// The most the transposition table may grow to, in bytes: it starts
    /// small and doubles as it fills.
    pub table_bytes: usize,
    /// Exact values the search takes as given (endgame databases).
    pub oracle: Option<Oracle<'a>>,
    /// Set to stop the solve: it then reports the bounds proven so far.
    pub stop: Option<&'a AtomicBool>,
    /// Called now and then with how far the solve has got.
    pub progress: Option<&'a dyn Fn(&Progress)>,
    /// Which moves get an exact value.
    pub moves: MoveValues,
    /// Stop after about this many nodes (checked every 4,096), as the
    /// stop flag would: what is proven by then is the answer.
    pub max_nodes: Option<u64>,
    /// Stop at this time (checked every 4,096 nodes), as the stop flag
    /// would.
    pub deadline: Option<std::time::Instant>,
    /// Threads that search at once, sharing the table (at least 1): the
    /// values are the same at any count, and the nodes are all threads'.
    pub threads: usize,
}

/// Which of the root's moves a solve values exactly, once the position's
/// value is proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MoveValues {
    /// Every move: each its own search.
    #[default]
    Every,
    /// One move that reaches the position's value, found by a null-window
    /// test of each in turn; the moves tested before it get the upper
    /// bound their test proved, the rest the position's value as theirs.
    OneBest,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            table_bytes: DEFAULT_TABLE_BYTES,
            oracle: None,
            stop: None,
            progress: None,
            moves: MoveValues::Every,
            max_nodes: None,
            deadline: None,
            threads: 1,
        }
    }
}

/// Bounds on a value, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
}

impl Bounds {
    /// Both bounds at once.
    pub fn intersect(self, other: Bounds) -> Bounds {
        Bounds {
            lower: self.lower.max(other.lower),
            upper: self.upper.min(other.upper),
        }
    }

    /// The bounds of a value known exactly.
    pub fn exact_at(value: i32) -> Bounds {
        Bounds {
            lower: value,
            upper: value,
        }
    }

    /// The value, once the bounds meet.
    pub fn exact(self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// How far a solve has got, for a progress report.
#[derive(Debug, Clone, Default)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Seconds since the solve began.
    pub seconds: f64,
    /// The root move being solved, counted from 1; 0 while the position's
    /// own value is.
    pub move_number: usize,
    /// The root's legal moves.
    pub moves: usize,
    /// The move being solved, in notation.
    pub solving: String,
    /// The bounds proven so far on that move's value (for the player at
    /// the root).
    pub bounds: Bounds,
    /// Where the variant's repetition rule multiplies the positions to
    /// search by their histories so much that an exact solution may not
    /// finish: what the first nodes of the search met. Said early, so a
    /// user can stop, give a time limit, or solve a variant with a ply
    /// limit instead.
    pub histories: Option<Histories>,
}

/// What the first nodes of a search met where positions can repeat: each
/// position is searched once for every set of positions since the last
/// capture it can be reached with (a repeat of one ends the game).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Histories {
    /// The positions met.
    pub positions: usize,
    /// The states met: positions with their histories.
    pub states: usize,
}

/// The result of a solved game, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The side to move wins: ends with more seeds, or reaches the goal.
    Win,
    /// Neither wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Verdict {
    /// The result that `value` means.
    pub fn of(value: i32) -> Verdict {
        match value.cmp(&0) {
            std::cmp::Ordering::Greater => Verdict::Win,
            std::cmp::Ordering::Equal => Verdict::Draw,
            std::cmp::Ordering::Less => Verdict::Loss,
        }
    }

    /// The word for it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        }
    }
}

/// What is known of one root move: its value for the player at the root,
/// exact or bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Bounds on its value; equal once it is solved.
    pub bounds: Bounds,
}

/// A solve's result: exact where it finished, bounds where it was stopped.
#[derive(Debug, Clone)]
pub struct Solution {
    /// Bounds on the position's value for the side to move; equal once
    /// solved.
    pub value: Bounds,
    /// Every legal move, in the legal moves' order.
    pub moves: Vec<MoveValue>,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// The transposition table's size in bytes at the end (it grows as it
    /// fills).
    pub table_bytes: usize,
    /// Why the solve stopped before the end, if it did.
    pub stopped: Option<SolveError>,
}

impl Solution {
    /// The exact value, once solved.
    pub fn exact(&self) -> Option<i32> {
        if self.stopped.is_some() {
            return None;
        }
        self.value.exact()
    }
}

/// Why a variant or a solve could not be finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The variant is played in rounds: one game's value does not say who
    /// wins the match.
    Unsupported(String),
    /// Stopped on request.
    Stopped,
    /// A line went `plies` deep, the most the search follows.
    TooDeep {
        /// The plies the line went.
        plies: usize,
        /// The variant's ply limit, where it has one (above `plies`).
        ply_limit: Option<usize>,
        /// Whether the variant ends a game that repeats a position.
        repetition: bool,
    },
    /// The system would not give the memory asked for.
    Memory(String),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Unsupported(why) => write!(f, "cannot solve this variant: {why}"),
            SolveError::Stopped => write!(f, "stopped before the end"),
            SolveError::TooDeep {
                plies,
                ply_limit: Some(limit),
                ..
            } => write!(
                f,
                "a line of play reached {plies} plies, the most the solver follows, and \
                 this variant's games may last until its ply limit of {limit}: give it a \
                 ply limit of at most {plies} (`[end] ply_limit`) to solve it"
            ),
            SolveError::TooDeep {
                plies,
                repetition: true,
                ..
            } => write!(
                f,
                "a line of play reached {plies} plies without repeating a position, the \
                 most the solver follows: this variant's games may last longer than it \
                 can search (give it a ply limit of at most {plies})"
            ),
            SolveError::TooDeep { plies, .. } => write!(
                f,
                "a line of play reached {plies} plies: this variant's games need not end \
                 (give it a repetition rule or a ply limit)"
            ),
            SolveError::Memory(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Whether `rules` can be solved: a game of one round (a match of rounds
/// is won over several games, each starting from what the last left).
pub fn check_solvable(rules: &Rules) -> Result<(), SolveError> {
    if rules.rounds.is_some() {
        return Err(SolveError::Unsupported(
            "it is played as a match of rounds, and the solver solves one game".into(),
        ));
    }
    Ok(())
}

/// Solves the game's position: the exact value of every legal move and of
/// the position, or, when stopped, the bounds proven so far. The game's
/// history counts (a repetition of an earlier position ends the game where
/// the variant says so).
pub fn solve(game: &Game, options: &Options<'_>) -> Result<Solution, SolveError> {
    solve_on(game, options, EngineChoice::Fastest)
}

/// [`solve`] on the engine named: both engines give the same values.
pub fn solve_on(
    game: &Game,
    options: &Options<'_>,
    engine: EngineChoice,
) -> Result<Solution, SolveError> {
    let rules = game.rules();
    check_solvable(rules)?;
    // The packed walk keeps the score, not who reached a goal.
    let engine = if rules.won_by_goal() {
        EngineChoice::General
    } else {
        engine
    };
    with_walk(game, engine, Solver { rules, options })
}

/// A solve, run on whichever walk the variant allows.
struct Solver<'a, 'g> {
    rules: &'a Rules,
    options: &'a Options<'g>,
}

impl WalkUser for Solver<'_, '_> {
    type Output = Result<Solution, SolveError>;

    fn run<W: Walk>(self, walk: W) -> Self::Output {
        solve_walk(walk, self.rules, self.options)
    }
}

/// Solves the walk's position with `options.threads` threads sharing the
/// table: the first gives the solution, the others (helpers) search the
/// same root in a different order, filling the table ahead of it, until
/// it is done. The values are the first thread's, as with one thread: the
/// table only ever holds proven bounds, whoever found them.
fn solve_walk<W: Walk>(
    walk: W,
    rules: &Rules,
    options: &Options<'_>,
) -> Result<Solution, SolveError> {
    let shared = Shared::with_bytes(options.table_bytes)?;
    let helpers_stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..options.threads.max(1))
            .map(|helper| {
                let walk = walk.clone();
                let (shared, helpers_stop) = (&shared, &helpers_stop);
                let (oracle, moves) = (options.oracle, options.moves);
                scope.spawn(move || {
                    let options = Options {
                        oracle,
                        stop: Some(helpers_stop),
                        progress: None,
                        moves,
                        ..Options::default()
                    };
                    let mut search =
                        Search::new(walk, rules, &options, MAX_LINE_PLIES, shared, helper);
                    // What a helper finds is in the table; its answer is
                    // the first thread's.
                    let _ = solve_root(&mut search, &options);
                    search.nodes
                })
            })
            .collect();
        // The helpers stop once the first thread is done, or if it panics.
        let _stop_helpers = StopOnDrop(&helpers_stop);
        let mut search = Search::new(walk, rules, options, MAX_LINE_PLIES, &shared, 0);
        let solution = solve_root(&mut search, options);
        drop(search);
        helpers_stop.store(true, Ordering::Relaxed);
        let mut helper_nodes = 0;
        for helper in helpers {
            match helper.join() {
                Ok(nodes) => helper_nodes += nodes,
                // A fault of sow's own in a helper is not hidden.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        solution.map(|mut solution| {
            solution.nodes += helper_nodes;
            solution
        })
    })
}

/// Sets its flag when dropped.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The position's value, then its moves', on `search`'s walk.
fn solve_root<W: Walk>(
    search: &mut Search<'_, W>,
    options: &Options<'_>,
) -> Result<Solution, SolveError> {
    let legal: Vec<Move> = (0..search.game.moves())
        .map(|i| search.game.move_at(i))
        .collect();
    let mover = search.game.to_move();
    let root_bounds = search.stores_bound();
    let mut moves: Vec<MoveValue> = legal
        .iter()
        .map(|&mv| MoveValue {
            mv,
            bounds: root_bounds,
        })
        .collect();
    search.report.moves = legal.len();
    let mut stopped = None;
    // The position's value first: one search that may cut off every move
    // but the best. Each move's exact value then costs far less, its
    // bounds narrowed by the position's and the table warm.
    search.report.solving = "the position".to_string();
    let value = match search.mtdf(0, root_bounds) {
        Ok(value) => Bounds::exact_at(value),
        Err((bounds, why)) => {
            stopped = Some(why);
            bounds
        }
    };
    let one_best = options.moves == MoveValues::OneBest && stopped.is_none();
    let mut best_found = false;
    for (index, &mv) in legal.iter().enumerate() {
        if stopped.is_some() || best_found {
            moves[index].bounds = moves[index].bounds.intersect(Bounds {
                lower: root_bounds.lower,
                upper: value.upper,
            });
            continue;
        }
        search.report.move_number = index + 1;
        search.report.solving = mv.to_string();
        let sign = search.play_root(index as u8, mover);
        search.report_sign = sign;
        // No move is worth more than the position.
        let at_most = Bounds {
            lower: root_bounds.lower,
            upper: value.upper,
        };
        let child_bounds = search
            .stores_bound()
            .intersect(search::seen_by(sign, at_most));
        if one_best {
            // Does this move reach the position's value? One null-window
            // search: the child's value at least the value (another turn),
            // or at most its negation.
            let beta = if sign == 1 {
                value.lower
            } else {
                1 - value.lower
            };
            let tested = search.null_window(beta);
            search.undo_root();
            match tested {
                Ok(found) if (found >= beta) == (sign == 1) => {
                    moves[index].bounds = value;
                    best_found = true;
                }
                Ok(found) => {
                    let seen = search::seen_by(sign, Bounds::exact_at(found));
                    moves[index].bounds.upper = seen.upper.min(value.upper);
                }
                Err(why) => stopped = Some(why),
            }
            continue;
        }
        let result = search.mtdf(sign * value.lower, child_bounds);
        search.undo_root();
        match result {
            Ok(value) => {
                let value = sign * value;
                moves[index].bounds = Bounds::exact_at(value);
            }
            Err((bounds, why)) => {
                moves[index].bounds = search::seen_by(sign, bounds);
                stopped = Some(why);
            }
        }
    }
    if let Some(SolveError::TooDeep { .. }) = stopped {
        return Err(stopped.expect("just matched"));
    }
    let value = if moves.is_empty() {
        root_bounds
    } else {
        // What the moves' bounds prove, within what the position's search did.
        value.intersect(Bounds {
            lower: moves.iter().map(|m| m.bounds.lower).max().expect("a move"),
            upper: moves.iter().map(|m| m.bounds.upper).max().expect("a move"),
        })
    };
    Ok(Solution {
        value,
        moves,
        nodes: search.nodes,
        seconds: search.seconds(),
        table_bytes: search.table_bytes(),
        stopped,
    })
}
