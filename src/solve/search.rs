//! The search: fail-soft alpha-beta with a transposition table, played on a
//! [`Game`], driven by MTD(f) null-window searches.
//!
//! Values are for the side to move: the seeds they end the game with, minus
//! their opponent's, as the variant counts the end. A move that leaves the
//! mover to play again (an extra turn, a pass) keeps the sign; any other
//! flips it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{PoisonError, RwLock, RwLockReadGuard};
use std::time::{Duration, Instant};

use super::table::{Entry, Table};
use super::{Bounds, Oracle, Progress, SolveError};
use crate::position::Side;
use crate::rules::{Ending, Rules};
use crate::walk::{Walk, mix};

/// How often, in nodes, the progress report is made.
const REPORT_EVERY: u64 = 1 << 16;

/// How often, in nodes, the stop flag, the node budget and the deadline are
/// looked at: a node of a variant whose relays run long can take
/// milliseconds.
const CHECK_EVERY: u64 = 1 << 12;

/// A key term for the set of positions a repetition could return to.
const KEY_HISTORY: u64 = 0x6a09_e667_f3bc_c908;

/// What a search of a node found: a fail-soft value, and the longest line
/// below it, in plies.
#[derive(Clone, Copy)]
struct Found {
    value: i32,
    reach: u16,
}

impl Found {
    /// Nothing: the search was stopped.
    const VOID: Found = Found { value: 0, reach: 0 };
}

/// Enhanced transposition cut-offs are looked for this many plies from the
/// root at most: deeper, a node's subtree is too small to repay a table
/// probe for every child (Kalah(5,3): 8 plies took 2.1 s, 24 plies 3.4 s,
/// none 2.3 s).
const ETC_PLIES: usize = 8;

/// A move of a node being searched, with what is known of it beforehand.
#[derive(Clone, Copy)]
struct Candidate {
    /// Its index in the legal moves.
    index: u8,
    /// Higher first.
    order: i32,
}

/// What the threads of one solve share: the table, and whether it waits
/// to grow.
pub(super) struct Shared {
    table: RwLock<Table>,
    growing: AtomicBool,
}

impl Shared {
    /// A table that grows to at most `bytes`.
    pub(super) fn with_bytes(bytes: usize) -> Result<Shared, SolveError> {
        let table = Table::with_bytes(bytes).map_err(|e| {
            SolveError::Memory(format!(
                "cannot have {} MiB for the transposition table: {e}",
                bytes >> 20
            ))
        })?;
        Ok(Shared {
            table: RwLock::new(table),
            growing: AtomicBool::new(false),
        })
    }
}

/// The table as one thread of a solve holds it: read (and written, its
/// words being atomic) by every thread at once, and let go of now and
/// then ([`CHECK_EVERY`] nodes) so that the first thread may grow it.
struct Held<'t> {
    shared: &'t Shared,
    table: Option<RwLockReadGuard<'t, Table>>,
    /// Slots this thread filled since it last counted them in the table.
    fills: usize,
    /// Whether this thread grows the table (the first; the others wait).
    grows: bool,
}

impl<'t> Held<'t> {
    fn new(shared: &'t Shared, grows: bool) -> Held<'t> {
        Held {
            shared,
            table: Some(Held::read(shared)),
            fills: 0,
            grows,
        }
    }

    fn read(shared: &'t Shared) -> RwLockReadGuard<'t, Table> {
        // A thread that panicked leaves the table as usable as before:
        // every word is written whole.
        shared.table.read().unwrap_or_else(PoisonError::into_inner)
    }

    #[inline]
    fn table(&self) -> &Table {
        self.table.as_deref().expect("held between check-ins")
    }

    /// Counts this thread's filled slots in the table, and grows it (the
    /// first thread) or lets go of it while it grows (the others).
    #[cold]
    fn check_in(&mut self) {
        let fills = std::mem::take(&mut self.fills);
        let table = self.table();
        if fills > 0 {
            table.add_filled(fills);
        }
        let shared = self.shared;
        if self.grows {
            if !table.wants_to_grow() {
                return;
            }
            // The others let go at their next check-in.
            shared.growing.store(true, Ordering::Release);
            self.table = None;
            shared
                .table
                .write()
                .unwrap_or_else(PoisonError::into_inner)
                .grow();
            shared.growing.store(false, Ordering::Release);
            self.table = Some(Held::read(shared));
        } else if shared.growing.load(Ordering::Acquire) {
            self.table = None;
            // Read again only once it has grown, so that the growing
            // thread's write lock is never kept waiting by this one.
            while shared.growing.load(Ordering::Acquire) {
                std::thread::sleep(Duration::from_micros(100));
            }
            self.table = Some(Held::read(shared));
        }
    }
}

/// One solve's state: the game being searched, the table, the counters.
pub(super) struct Search<'g, W> {
    pub(super) game: W,
    table: Held<'g>,
    /// 0 for the thread whose results are the solve's; the helpers that
    /// fill the table beside it count from 1, and each orders a few moves
    /// near the root otherwise, so that they search ahead of it, not in
    /// its steps.
    helper: usize,
    pub(super) nodes: u64,
    oracle: Option<Oracle<'g>>,
    stop: Option<&'g AtomicBool>,
    max_nodes: u64,
    deadline: Option<Instant>,
    progress: Option<&'g dyn Fn(&Progress)>,
    started: Instant,
    /// Set once the stop flag is seen: every value after it is void.
    pub(super) stopped: bool,
    /// The ply at which the search deepest allowed line ends.
    max_plies: usize,
    pub(super) too_deep: bool,
    /// The ply count at which the variant's ply limit ends the game.
    ply_limit: Option<usize>,
    /// Whether a repetition can end the game: positions are then keyed with
    /// the positions since the last capture.
    tracks_repetition: bool,
    /// Whether the stores bound the value (see [`Search::stores_bound`]).
    stores_bound: bool,
    /// Whether a goal decides the game (clearing, immobilising): values
    /// are then 1 for a win, 0 for a draw and -1 for a loss.
    goal: bool,
    /// Whether the rest of the game is the same whatever the stores hold:
    /// the table then keys positions without their stores and keeps values
    /// relative to the store difference, so one entry serves every store
    /// split of a board.
    store_free: bool,
    /// For each ply of the current line, a digest of the set of positions
    /// before it since the last capture.
    history: Vec<u64>,
    /// The moves of every node on the current line, in search order.
    candidates: Vec<Candidate>,
    /// What the progress report shows of the root.
    pub(super) report: Progress,
    /// 1 where the node [`Search::mtdf`] solves has the root's player to
    /// move, -1 where the other: the report's bounds are the root's.
    pub(super) report_sign: i32,
    /// 1 where the legal moves run towards the end of the row the sowing
    /// leaves by (counter-clockwise sowing), -1 where away from it.
    row_end_first: i32,
    /// The ply of the root of the search.
    root_plies: usize,
    /// While the first [`SAMPLED_NODES`] nodes of a search where positions
    /// can repeat are searched: the positions and the states (positions
    /// with their histories) met.
    sample: Option<Box<Sample>>,
}

/// The nodes whose positions and states are counted to judge whether the
/// histories a repetition rule keys positions by make the search too large.
const SAMPLED_NODES: u64 = 1 << 18;

/// How many states a position is searched under, on average over the first
/// [`SAMPLED_NODES`] nodes, above which the solver says early that the
/// repetition rule makes the state space too large to solve exactly.
const STATES_PER_POSITION: f64 = 4.0;

/// The positions and states the first nodes of a search met.
#[derive(Default)]
struct Sample {
    positions: std::collections::HashSet<u64>,
    states: std::collections::HashSet<u64>,
}

impl<'g, W: Walk> Search<'g, W> {
    pub(super) fn new(
        game: W,
        rules: &Rules,
        options: &super::Options<'g>,
        max_plies: usize,
        shared: &'g Shared,
        helper: usize,
    ) -> Search<'g, W> {
        let ply_limit = rules.endings.iter().find_map(|e| match e {
            Ending::PlyLimit { plies, .. } => Some(*plies as usize),
            _ => None,
        });
        let tracks_repetition = rules
            .endings
            .iter()
            .any(|e| matches!(e, Ending::Repetition { .. }));
        let goal = rules.won_by_goal();
        // What a player holds (store and children) is theirs to the end,
        // except where a weg gives up its seeds to the opponent's last seed,
        // a capture takes from a store, a store is given away or sown from.
        let holdings_kept = rules
            .children
            .as_ref()
            .is_none_or(|c| c.kind != crate::rules::children::Kind::Weg)
            && !rules.captures.reads_stores()
            && !rules.hand_drops
            && !rules.playable.from_store;
        let stores_bound =
            rules.blocking.is_none() && rules.rounds.is_none() && !goal && holdings_kept;
        let store_free =
            stores_bound && !tracks_repetition && matches!(crate::endgame::fits(rules), Ok(false));
        let game_plies = game.plies();
        let max_plies = game_plies + max_plies;
        Search {
            game,
            table: Held::new(shared, helper == 0),
            helper,
            nodes: 0,
            oracle: options.oracle,
            stop: options.stop,
            max_nodes: options.max_nodes.unwrap_or(u64::MAX),
            deadline: options.deadline,
            progress: options.progress,
            started: Instant::now(),
            stopped: false,
            max_plies,
            too_deep: false,
            ply_limit,
            tracks_repetition,
            stores_bound,
            goal,
            store_free,
            history: vec![0],
            candidates: Vec::with_capacity(1024),
            sample: (tracks_repetition && helper == 0).then(Box::default),
            report: Progress::default(),
            report_sign: 1,
            row_end_first: match rules.sowing.direction {
                crate::board::Direction::CounterClockwise => 1,
                crate::board::Direction::Clockwise => -1,
            },
            root_plies: game_plies,
        }
    }

    /// The table's size in bytes.
    pub(super) fn table_bytes(&self) -> usize {
        self.table.table().bytes()
    }

    /// Seconds since the solve began.
    pub(super) fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// The bounds the seeds already won set on the value for the side to
    /// move: neither side can lose what it holds, nor win more than the
    /// seeds still in play. Every value the seeds allow where the variant's
    /// scoring does not work that way (blocked houses, whose stores count
    /// for nobody) or what a player holds may still be lost (wegs, captures
    /// from a store, a store given away or sown from).
    pub(super) fn stores_bound(&self) -> Bounds {
        let pos = &self.game;
        if self.game.is_over() {
            let value = self.terminal_value();
            return Bounds::exact_at(value);
        }
        if self.goal {
            return Bounds {
                lower: -1,
                upper: 1,
            };
        }
        let total = pos.total_seeds() as i32;
        if !self.stores_bound {
            return Bounds {
                lower: -total,
                upper: total,
            };
        }
        let me = pos.to_move();
        let mine = pos.claimed(me) as i32;
        let theirs = pos.claimed(me.opponent()) as i32;
        let left = total - mine - theirs;
        Bounds {
            lower: mine - theirs - left,
            upper: mine - theirs + left,
        }
    }

    /// The value of a finished game for the side the position names.
    fn terminal_value(&self) -> i32 {
        let me = self.game.to_move();
        if self.goal {
            return match self.game.winner() {
                Some(winner) if winner == me => 1,
                Some(_) => -1,
                None => 0,
            };
        }
        let score = self.game.score();
        score[me.index()] as i32 - score[me.opponent().index()] as i32
    }

    /// What the table's bounds of the current node are relative to: the
    /// store difference for the side to move where the table is store-free
    /// (see [`Search::key`]), else nothing.
    fn table_offset(&self) -> i32 {
        if self.store_free {
            let me = self.game.to_move();
            self.game.claimed(me) as i32 - self.game.claimed(me.opponent()) as i32
        } else {
            0
        }
    }

    fn plies_left(&self) -> u16 {
        self.ply_limit.map_or(u16::MAX, |limit| {
            limit
                .saturating_sub(self.game.plies())
                .min(u16::MAX as usize - 1) as u16
        })
    }

    /// The key of the current node: the position, and, where positions can
    /// repeat, the positions it could repeat; without the stores where
    /// they do not matter.
    fn key(&self) -> u64 {
        if self.store_free {
            return self.game.key_without_stores();
        }
        let key = self.game.key();
        if self.tracks_repetition {
            mix(key ^ mix(self.history[self.history.len() - 1] ^ KEY_HISTORY))
        } else {
            key
        }
    }

    /// Plays the legal move `index`; returns the sign that turns the
    /// child's value into the mover's.
    #[inline]
    fn play(&mut self, index: u8, mover: Side) -> i32 {
        // The key before the move is read only by the repetition rule.
        let before = if self.tracks_repetition {
            self.game.key()
        } else {
            0
        };
        let captured = self.game.play(index as usize);
        if self.tracks_repetition {
            let seen = if captured {
                0
            } else {
                self.history[self.history.len() - 1].wrapping_add(before)
            };
            self.history.push(seen);
        }
        if self.game.to_move() == mover { 1 } else { -1 }
    }

    fn undo(&mut self) {
        self.game.undo();
        if self.tracks_repetition {
            self.history.pop();
        }
    }

    /// Plays root move `index` (see [`Search::play`]).
    pub(super) fn play_root(&mut self, index: u8, mover: Side) -> i32 {
        self.play(index, mover)
    }

    /// Takes back a root move.
    pub(super) fn undo_root(&mut self) {
        self.undo();
    }

    /// Notes a node; looks at the stop flag and reports progress now and
    /// then.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.sample.is_some() {
            self.sample_node();
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.check_in();
        }
    }

    /// Every [`CHECK_EVERY`] nodes: whether to stop (the flag, the node
    /// budget, the deadline), and every [`REPORT_EVERY`] the progress
    /// report.
    #[cold]
    fn check_in(&mut self) {
        self.table.check_in();
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.nodes >= self.max_nodes
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(REPORT_EVERY)
            && let Some(progress) = self.progress
        {
            self.report.nodes = self.nodes;
            self.report.seconds = self.seconds();
            progress(&self.report);
        }
    }

    /// Counts the node's position and state among the first nodes, and
    /// once they are counted, says in the report whether the histories
    /// multiply the positions too much.
    #[cold]
    fn sample_node(&mut self) {
        let (position, state) = (self.game.key(), self.key());
        let sample = self.sample.as_mut().expect("sampling");
        sample.positions.insert(position);
        sample.states.insert(state);
        if self.nodes >= SAMPLED_NODES {
            let (positions, states) = (sample.positions.len(), sample.states.len());
            self.sample = None;
            if states as f64 >= STATES_PER_POSITION * positions as f64 {
                self.report.histories = Some(super::Histories { positions, states });
            }
        }
    }

    /// The exact value of the current position, by MTD(f) from `guess`,
    /// within `bounds` already known; on a stop, the bounds proven so far.
    ///
    /// Every null-window search follows each line to the end of the game.
    /// (Iterative deepening, with cut lines scored by the store difference,
    /// searched more nodes once moves were ordered well: Kalah(6,3) 35.6 M
    /// in steps of 2 plies, 16.0 M in steps of 8, 13.1 M without.)
    pub(super) fn mtdf(&mut self, guess: i32, bounds: Bounds) -> Result<i32, (Bounds, SolveError)> {
        let mut proven = bounds.intersect(self.stores_bound());
        let mut guess = guess.clamp(proven.lower, proven.upper);
        while proven.lower < proven.upper {
            let beta = if guess <= proven.lower {
                proven.lower + 1
            } else {
                guess.min(proven.upper)
            };
            self.report.bounds = seen_by(self.report_sign, proven);
            let found = self.alpha_beta(beta - 1, beta);
            if self.stopped {
                return Err((proven, SolveError::Stopped));
            }
            if self.too_deep {
                return Err((proven, self.too_deep_error()));
            }
            guess = found.value;
            if found.value < beta {
                proven.upper = found.value;
            } else {
                proven.lower = found.value;
            }
        }
        Ok(proven.lower)
    }

    /// Why a line too deep stopped the search, with what the variant has
    /// that could end its games.
    fn too_deep_error(&self) -> SolveError {
        SolveError::TooDeep {
            plies: super::MAX_LINE_PLIES,
            ply_limit: self
                .ply_limit
                .filter(|&limit| limit > super::MAX_LINE_PLIES),
            repetition: self.tracks_repetition,
        }
    }

    /// One null-window search of the current position: a fail-soft value
    /// that is a lower bound where it reaches `beta`, an upper bound where
    /// it does not.
    pub(super) fn null_window(&mut self, beta: i32) -> Result<i32, SolveError> {
        let found = self.alpha_beta(beta - 1, beta);
        if self.stopped {
            return Err(SolveError::Stopped);
        }
        if self.too_deep {
            return Err(self.too_deep_error());
        }
        Ok(found.value)
    }

    /// Fail-soft alpha-beta: the value if it lies strictly between `alpha`
    /// and `beta`, else a bound on the same side of the window.
    fn alpha_beta(&mut self, mut alpha: i32, mut beta: i32) -> Found {
        self.count_node();
        if self.stopped || self.too_deep {
            return Found::VOID;
        }
        if self.game.is_over() {
            return Found {
                value: self.terminal_value(),
                reach: 0,
            };
        }
        if let Some(oracle) = self.oracle
            && self.game.seeds_on_board() <= oracle.max_seeds
            && let Some(value) = (oracle.value)(&self.game.position())
        {
            return Found { value, reach: 0 };
        }
        if self.game.plies() >= self.max_plies {
            self.too_deep = true;
            return Found::VOID;
        }
        let range = self.stores_bound();
        if range.upper <= alpha {
            return Found {
                value: range.upper,
                reach: 0,
            };
        }
        if range.lower >= beta {
            return Found {
                value: range.lower,
                reach: 0,
            };
        }
        let key = self.key();
        let plies_left = self.plies_left();
        let mut known = range;
        let mut tt_best = None;
        if let Some(entry) = self.table.table().probe(key)
            && entry.holds_at(plies_left)
        {
            tt_best = Some(entry.best);
            let offset = self.table_offset();
            known = known.intersect(Bounds {
                lower: entry.lower as i32 + offset,
                upper: entry.upper as i32 + offset,
            });
            let found = |value| Found {
                value,
                reach: entry.reach,
            };
            if known.lower >= beta {
                return found(known.lower);
            }
            if known.upper <= alpha {
                return found(known.upper);
            }
            if known.lower == known.upper {
                return found(known.lower);
            }
        }
        alpha = alpha.max(known.lower);
        beta = beta.min(known.upper);
        // Results are read against the window searched, narrowed as it is.
        let (alpha0, beta0) = (alpha, beta);
        let nodes_before = self.nodes;
        let mover = self.game.to_move();
        let moves = self.game.moves();

        let mut best = Found {
            value: i32::MIN,
            reach: 0,
        };
        let mut best_index = 0u8;
        let mut reach = 0u16;
        // The table's best move first, before the others are ordered: it
        // cuts off most nodes it is known at, and ordering the rest costs a
        // play and an undo each.
        let tt_best = tt_best.filter(|&i| (i as usize) < moves);
        if let Some(index) = tt_best {
            let found = self.child(index, mover, alpha, beta);
            if self.stopped || self.too_deep {
                return Found::VOID;
            }
            reach = found.reach.saturating_add(1);
            best = Found { reach, ..found };
            best_index = index;
            if found.value >= beta {
                self.store(key, best, alpha0, beta0, index, nodes_before, plies_left);
                return best;
            }
            alpha = alpha.max(best.value);
        }

        let first = self.candidates.len();
        let look_ahead = self.game.plies() - self.root_plies < ETC_PLIES;
        for index in (0..moves as u8).filter(|&i| Some(i) != tt_best) {
            let order = if look_ahead {
                // One ply ahead of every move: for a cut-off the table or
                // the end of the game already proves (enhanced
                // transposition cut-off), and to order the moves.
                let sign = self.play(index, mover);
                let (child_bounds, child_reach) = self.child_bounds();
                self.undo();
                let mine = seen_by(sign, child_bounds);
                if mine.lower >= beta {
                    self.candidates.truncate(first);
                    let found = Found {
                        value: mine.lower,
                        reach: reach.max(child_reach.saturating_add(1)),
                    };
                    self.store(key, found, alpha0, beta0, index, nodes_before, plies_left);
                    return found;
                }
                // The middle of what is known: the store difference after
                // the move where nothing more is; another turn first.
                (mine.lower + mine.upper) + if sign == 1 { 1000 } else { 0 }
            } else {
                // The store difference after the move alone: a play and
                // an undo cost less than a probe.
                let sign = self.play(index, mover);
                let mine = seen_by(sign, self.stores_bound());
                // The child's entry is read when it is searched: asked for
                // now, it is on its way while the other moves are ordered
                // (Kalah(6,3), every move valued: 0.89 times the CPU).
                self.table.table().prefetch(self.key());
                self.undo();
                (mine.lower + mine.upper) + if sign == 1 { 1000 } else { 0 }
            };
            // Ties go to the house nearer the end of the row, where the
            // sowing leaves it: its few seeds reach the store or a
            // capture soonest (Kalah(5,3): 6.1 M nodes in board order,
            // 1.7 M so).
            let order = order * 64 + self.row_end_first * index as i32;
            self.candidates.push(Candidate { index, order });
        }
        let last = self.candidates.len();
        self.candidates[first..].sort_by_key(|c| std::cmp::Reverse(c.order));
        if self.helper > 0 && look_ahead && last - first >= 2 {
            // A helper tries the second move first at every other ply near
            // the root (which plies, by its number): it fills the table
            // where the first thread is not yet.
            let ply = self.game.plies() - self.root_plies;
            if (ply + self.helper) % 2 == 1 {
                self.candidates.swap(first, first + 1);
            }
        }

        for i in first..last {
            let index = self.candidates[i].index;
            let found = self.child(index, mover, alpha, beta);
            if self.stopped || self.too_deep {
                self.candidates.truncate(first);
                return Found::VOID;
            }
            reach = reach.max(found.reach.saturating_add(1));
            if found.value >= beta {
                // A cut-off holds as far as the move that made it.
                best = Found { reach, ..found };
                best_index = index;
                break;
            }
            if found.value > best.value {
                best.value = found.value;
                best_index = index;
            }
            alpha = alpha.max(best.value);
        }
        best.reach = reach;
        self.candidates.truncate(first);
        self.store(
            key,
            best,
            alpha0,
            beta0,
            best_index,
            nodes_before,
            plies_left,
        );
        best
    }

    /// Searches legal move `index` of the current node within the window,
    /// the value seen by the mover.
    #[inline]
    fn child(&mut self, index: u8, mover: Side, alpha: i32, beta: i32) -> Found {
        let sign = self.play(index, mover);
        let found = if sign == 1 {
            self.alpha_beta(alpha, beta)
        } else {
            let f = self.alpha_beta(-beta, -alpha);
            Found {
                value: -f.value,
                ..f
            }
        };
        self.undo();
        found
    }

    /// What is proven of the current node without searching it: its value
    /// if the game is over, else the table's proven bounds within the
    /// stores' bounds.
    fn child_bounds(&self) -> (Bounds, u16) {
        if self.game.is_over() {
            let value = self.terminal_value();
            return (Bounds::exact_at(value), 0);
        }
        let range = self.stores_bound();
        if let Some(entry) = self.table.table().probe(self.key())
            && entry.holds_at(self.plies_left())
        {
            let offset = self.table_offset();
            let known = range.intersect(Bounds {
                lower: entry.lower as i32 + offset,
                upper: entry.upper as i32 + offset,
            });
            return (known, entry.reach);
        }
        (range, 0)
    }

    /// Records a fail-soft result found with the window `(alpha, beta)`,
    /// keeping what the table knew of the node.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: u64,
        found: Found,
        alpha: i32,
        beta: i32,
        best: u8,
        nodes_before: u64,
        plies_left: u16,
    ) {
        let value = found.value;
        let mut bounds = self.stores_bound();
        if value <= alpha {
            bounds.upper = bounds.upper.min(value);
        } else if value >= beta {
            bounds.lower = bounds.lower.max(value);
        } else {
            bounds = Bounds::exact_at(value);
        }
        let offset = self.table_offset();
        if let Some(entry) = self.table.table().probe(key)
            && entry.plies_left == plies_left
        {
            bounds = bounds.intersect(Bounds {
                lower: entry.lower as i32 + offset,
                upper: entry.upper as i32 + offset,
            });
        }
        let filled = self.table.table().store(
            key,
            Entry {
                lower: (bounds.lower - offset) as i16,
                upper: (bounds.upper - offset) as i16,
                plies_left,
                reach: found.reach,
                best,
            },
            self.nodes - nodes_before + 1,
        );
        self.table.fills += filled as usize;
    }
}

/// Bounds on a child's value seen from the mover: `sign` 1 where the mover
/// moves again, -1 where the opponent moves.
pub(super) fn seen_by(sign: i32, bounds: Bounds) -> Bounds {
    if sign == 1 {
        bounds
    } else {
        Bounds {
            lower: -bounds.upper,
            upper: -bounds.lower,
        }
    }
}
