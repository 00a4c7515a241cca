//! The packed engine: random playouts on a board held in byte lanes, for
//! the variants whose rules it models.
//!
//! A random playout asks less of the engine than a game does: no history, no
//! trace, no undo, no position key. Every count fits in a byte (a game holds
//! at most 255 seeds), so a board of up to 16 places (7 houses a row and two
//! stores) is 16 byte lanes, one 128-bit word, and a board of up to 15 houses
//! a row is 32. A handful is sown by adding a mask of ones taken from a table,
//! 16 lanes at a time (whole laps first, as a multiple of the lap's mask), with
//! no loop over the seeds and no unpredictable branch; no lane ever carries
//! into the next. A row is tested, summed or collected with a few word
//! operations.
//!
//! The rules compile to a [`Packed`] engine when the variant uses only what it
//! models: sowing in a fixed direction with or without relays (an endless
//! relay is refused, as R13 says, by playing every candidate out), captures
//! at the last seed by count (with chains) or across, every grand-slam policy
//! but one (a grand slam that leaves a house), the feeding obligation and
//! the feeding move owed after a grand slam, extra turns, passes, and every
//! ending. The others (boards of more than 15 houses a row, per-house state,
//! captures while sowing and the catalogue's rarer options) have
//! [`crate::Engine::packed`] `None`, [`crate::Engine::unpacked_because`] says
//! why, and their
//! playouts go through [`crate::Game`].
//!
//! The packed engine must play exactly the games [`crate::Game`] plays:
//! `tests/playouts.rs` checks game by game, for every shipped variant that
//! packs and for generated ones, that both give the same plies and scores
//! from the same random streams.

use crate::board::STORE;
use crate::moves::{MAX_RELAY_LIFTS, select_bit};
use crate::position::{Move, PLACES, Position, Side, nonzero_bytes};
use crate::rng::Rng;
use crate::rules::capture::{BeforeSowing, CaptureRule, Captures, Reach};
use crate::rules::ending::Whose;
use crate::rules::feeding::{Allow, Feeding, OpeningFrom, Playable};
use crate::rules::sowing::{
    Continuation, Laps, LoopKind, OpeningSowing, RelayFrom, Sowing, Turning,
};
use crate::rules::turn::{ExtraTurn, Pass, Turn};
use crate::rules::{Collect, CountSet, Ending, GrandSlam, Rules, ZoneMask};
use crate::walk::{Walk, WalkUser, mix};
use crate::word::{CROSSED, FEED, LAST, OPENING, QUIET, Word};

/// The most houses a row may have for the board to pack: two rows and two
/// stores in 32 byte lanes.
pub const MAX_PACKED_HOUSES: usize = 15;

/// The most byte lanes of a packed board: 16 for up to 7 houses a row, else
/// 32.
const MAX_LANES: usize = 32;

/// Where a lane is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lane {
    House(Side),
    Store,
}

/// How a handful lifted from one place goes, whatever its size.
#[derive(Debug, Clone)]
struct Handful<const L: usize> {
    /// The places a lap sows into.
    lap_len: u8,
    /// One seed in every place of a lap.
    lap: Lanes<L>,
    /// `run[r]`: one seed in each of the first `r` places after the origin
    /// (`r` from 1 to a lap).
    run: [Lanes<L>; MAX_LANES + 1],
    /// `last[r]`: the lane of the `r`-th place after the origin.
    last: [u8; MAX_LANES + 1],
    /// The fewest seeds that reach the opponent's row (more than any
    /// handful holds when a lap never reaches it).
    to_opponent: u16,
}

impl<const L: usize> Default for Handful<L> {
    fn default() -> Handful<L> {
        Handful {
            lap_len: 0,
            lap: [0; L],
            run: [[0; L]; MAX_LANES + 1],
            last: [0; MAX_LANES + 1],
            to_opponent: u16::MAX,
        }
    }
}

/// Relay sowing, on lanes (see [`Continuation::Relay`]).
#[derive(Debug, Clone, Copy)]
struct Relay {
    stops: CountSet,
    from: RelayFrom,
    rows: ZoneMask,
}

/// What a move came to.
#[derive(Debug, Clone, Copy)]
struct Played<const L: usize> {
    board: Lanes<L>,
    to_move: Side,
    captured: bool,
    grand_slam: bool,
    fed: bool,
    feed_pending: bool,
}

impl<const L: usize> Default for Played<L> {
    fn default() -> Played<L> {
        Played {
            board: [0; L],
            to_move: Side::South,
            captured: false,
            grand_slam: false,
            fed: false,
            feed_pending: false,
        }
    }
}

/// What each legal move of a judged position came to, by house.
type PlayedMoves<const L: usize> = [Played<L>; MAX_PACKED_HOUSES];

/// A capture at the last seed, on lanes.
#[derive(Debug, Clone, Copy)]
enum Capture {
    /// See [`CaptureRule::Count`].
    Count {
        counts: CountSet,
        zone: ZoneMask,
        chain: bool,
        limit: u8,
        chain_zone: ZoneMask,
    },
    /// See [`CaptureRule::Cross`].
    Cross {
        zone: ZoneMask,
        take_sowing_seed: bool,
    },
}

/// A board: one byte a lane.
type Lanes<const L: usize> = [u8; L];

/// A game being played out.
#[derive(Debug, Clone, Copy)]
struct Playout<const L: usize> {
    board: Lanes<L>,
    to_move: Side,
    plies: u32,
    last_mover: Option<Side>,
    last_capturer: Option<Side>,
    /// The player to move has captured every seed of the opponent and must
    /// now feed them (R2).
    feed_pending: bool,
}

/// What a playout keeps between games: the boards seen since the last
/// capture, for the repetition ending, by the side to move.
#[derive(Debug, Default)]
pub struct PlayoutMemory {
    narrow: Seen<16>,
    wide: Seen<32>,
}

/// The boards seen since the last capture, with the side to move: a list
/// scanned while it is short, as it mostly is, and indexed by a hash table
/// once it is long, so a game that goes long without a capture stays linear.
#[derive(Debug, Default)]
struct Seen<const L: usize> {
    /// The boards, by the side to move.
    boards: [Vec<Lanes<L>>; 2],
    /// For each side, once its list is long: open addressing, each slot the
    /// board's index plus one (0 is empty); its length a power of two.
    index: [Vec<u32>; 2],
}

impl<const L: usize> Seen<L> {
    /// Lists this long are scanned; longer ones are looked up by hash.
    const SCANNED: usize = 32;

    fn clear(&mut self) {
        for side in 0..2 {
            self.boards[side].clear();
            self.index[side].clear();
        }
    }

    #[inline(always)]
    fn contains_board(&self, board: &Lanes<L>, to_move: Side) -> bool {
        let boards = &self.boards[to_move.index()];
        if boards.len() <= Self::SCANNED {
            return boards.contains(board);
        }
        let index = &self.index[to_move.index()];
        let mask = index.len() - 1;
        let mut slot = Self::hash(board) & mask;
        while index[slot] != 0 {
            if boards[index[slot] as usize - 1] == *board {
                return true;
            }
            slot = (slot + 1) & mask;
        }
        false
    }

    #[inline(always)]
    fn push(&mut self, board: Lanes<L>, to_move: Side) {
        let side = to_move.index();
        self.boards[side].push(board);
        let count = self.boards[side].len();
        if count <= Self::SCANNED {
            return;
        }
        if 2 * count > self.index[side].len() {
            // At most half full: rebuilt for four times the boards.
            let index = &mut self.index[side];
            index.clear();
            index.resize((4 * count).next_power_of_two(), 0);
            for (at, board) in self.boards[side].iter().enumerate() {
                Self::insert(index, board, at);
            }
        } else {
            Self::insert(&mut self.index[side], &board, count - 1);
        }
    }

    fn insert(index: &mut [u32], board: &Lanes<L>, at: usize) {
        let mask = index.len() - 1;
        let mut slot = Self::hash(board) & mask;
        while index[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        index[slot] = at as u32 + 1;
    }

    #[inline(always)]
    fn hash(board: &Lanes<L>) -> usize {
        let mut hash = 0u64;
        for word in board.chunks_exact(8) {
            let word = u64::from_le_bytes(word.try_into().expect("8 lanes"));
            hash = (hash ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        (hash >> 32) as usize
    }
}

/// Boards a repetition may return to.
trait Boards<const L: usize> {
    /// Whether `board`, with `to_move` to play, is one of them.
    fn contains(&self, board: &Lanes<L>, to_move: Side) -> bool;
}

impl<const L: usize> Boards<L> for Seen<L> {
    #[inline(always)]
    fn contains(&self, board: &Lanes<L>, to_move: Side) -> bool {
        self.contains_board(board, to_move)
    }
}

/// A walk's boards since the last capture, oldest first: a line of play
/// is short between captures, so a scan serves.
impl<const L: usize> Boards<L> for [(Lanes<L>, Side)] {
    #[inline(always)]
    fn contains(&self, board: &Lanes<L>, to_move: Side) -> bool {
        self.iter()
            .any(|(seen, side)| *side == to_move && seen == board)
    }
}

/// The number of set bits of each mask of a row of up to 7 houses: a table,
/// since a population count instruction is not in every x86-64.
const MOVES_IN: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut mask = 0;
    while mask < 128 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// Empties lane `origin` and adds `lap` lane by lane `laps` times over, then
/// `run`, 16 lanes at a time: no lane ever reaches 256, so no carry crosses
/// lanes. The lane is emptied in the same word, not by a store of its own,
/// so the word's load never waits on a narrower store before it.
#[inline(always)]
fn lift_and_sow<const L: usize>(
    board: &mut Lanes<L>,
    origin: usize,
    lap: &Lanes<L>,
    laps: u8,
    run: &Lanes<L>,
) {
    let word = |bytes: &[u8]| u128::from_le_bytes(bytes.try_into().expect("16 lanes"));
    for (chunk, lanes) in board.chunks_exact_mut(16).enumerate() {
        let at = chunk * 16;
        let mut sum = word(lanes);
        if origin / 16 == chunk {
            sum &= !(0xFF_u128 << (8 * (origin % 16)));
        }
        sum = sum
            .wrapping_add(word(&lap[at..at + 16]).wrapping_mul(laps as u128))
            .wrapping_add(word(&run[at..at + 16]));
        lanes.copy_from_slice(&sum.to_le_bytes());
    }
}

/// The houses of a row word (its first house lowest) that hold seeds.
#[inline(always)]
fn nonzero_lanes(row: u128) -> u32 {
    nonzero_bytes(row as u64) | nonzero_bytes((row >> 64) as u64) << 8
}

/// How many moves a mask holds.
#[inline(always)]
fn moves_in(mask: u32) -> usize {
    if mask < 128 {
        MOVES_IN[mask as usize] as usize
    } else {
        mask.count_ones() as usize
    }
}

/// A variant's rules compiled for random playouts on a packed board.
#[derive(Debug, Clone)]
pub struct Packed {
    kernel: Width,
}

/// The packed engine for the board's size.
#[derive(Debug, Clone)]
enum Width {
    /// Up to 7 houses a row: 16 lanes.
    Narrow(Kernel<16>),
    /// Up to 15 houses a row: 32 lanes.
    Wide(Kernel<32>),
}

/// The packed engine on `L` lanes.
#[derive(Debug, Clone)]
struct Kernel<const L: usize> {
    houses_per_side: usize,
    start: Lanes<L>,
    first_to_move: Side,
    /// The first lane of each row (`[south, north]`).
    row_start: [usize; 2],
    /// The bytes of a row, in a word that starts at its first lane.
    row_bytes: u128,
    /// The lane of each store.
    store_lane: [usize; 2],
    /// The lane of each place of a [`Position`], by place.
    place_lane: [u8; PLACES],
    lanes: [Lane; L],
    opposite: [u8; L],
    back: [u8; L],
    /// `handful[side][lane]`: a handful of `side` lifted from `lane`.
    handful: [Vec<Handful<L>>; 2],
    /// `ring_next[side][lane]`: the lane after `lane` on `side`'s ring.
    ring_next: [[u8; L]; 2],
    relay: Option<Relay>,
    /// Whether each move is played out to judge it: relays (an endless one
    /// is refused) or a forbidden grand slam.
    judged: bool,
    forbid_slam: bool,
    captures: Vec<Capture>,
    slam_keeps_capture: bool,
    min_seeds: u8,
    single_seed_rule: bool,
    must_feed: bool,
    /// Which houses may be played.
    allow: Allow,
    /// A grand slam's capturer moves again and must feed (R2).
    feed_after_slam: bool,
    /// An ending gives the seeds left to the last capturer (R12).
    tracks_last_capturer: bool,
    extra_turn: bool,
    pass: Pass,
    endings: Vec<Ending>,
    endings_before_pass: usize,
    repetition: bool,
    watch: Watch,
    /// No move is judged and no rule of the turn is more than sowing and
    /// capturing: no feeding, allow or single-seed rule, no pass, no
    /// repetition, no feed owed after a grand slam, no last capturer kept.
    /// Random playouts of such a variant run with those checks compiled out.
    plain: bool,
}

/// What may end a game, read off the endings: a position that meets none
/// of these ends no game, and the endings themselves are walked only when
/// one is met.
#[derive(Debug, Clone, Copy)]
struct Watch {
    /// An ending looks for an empty row.
    rows: bool,
    /// A store holding this many may end the game (majority).
    store: u32,
    /// Both stores holding this many may end it (even split).
    each_store: u32,
    /// The stores holding this many together may end it (few seeds left).
    stores: u32,
    /// This many plies may end it.
    plies: u32,
    /// One of the three store thresholds is set: the stores are read.
    reads_stores: bool,
}

impl Watch {
    fn of(endings: &[Ending], total: u32) -> Watch {
        let mut watch = Watch {
            rows: false,
            store: u32::MAX,
            each_store: u32::MAX,
            stores: u32::MAX,
            plies: u32::MAX,
            reads_stores: false,
        };
        for ending in endings {
            match *ending {
                Ending::ClearedRow { .. }
                | Ending::Cleared
                | Ending::ClearedHalf { .. }
                | Ending::Deprived
                | Ending::BackRowEmpty
                | Ending::EitherRowEmpty { .. } => watch.rows = true,
                Ending::Majority { threshold } => watch.store = watch.store.min(threshold as u32),
                Ending::EvenSplit { half } => watch.each_store = watch.each_store.min(half as u32),
                // The board holds what the stores do not: seeds are never
                // taken off it in the variants that pack.
                Ending::SeedsLeft { at_most, .. } => {
                    watch.stores = watch.stores.min(total.saturating_sub(at_most as u32))
                }
                Ending::PlyLimit { plies, .. } => watch.plies = watch.plies.min(plies),
                // A player without a move is always looked at.
                Ending::Immobilized
                | Ending::CannotFeed { .. }
                | Ending::NoMove { .. }
                | Ending::Repetition { .. } => {}
            }
        }
        watch.reads_stores = [watch.store, watch.each_store, watch.stores]
            .iter()
            .any(|&t| t != u32::MAX);
        watch
    }
}

impl Packed {
    /// The bytes its tables hold on the heap, beyond the value itself.
    pub(crate) fn heap_bytes(&self) -> usize {
        match &self.kernel {
            Width::Narrow(kernel) => kernel.heap_bytes(),
            Width::Wide(kernel) => kernel.heap_bytes(),
        }
    }

    /// The rules compiled for the packed engine, or what the variant uses
    /// that it does not model, in a few words.
    pub(crate) fn compile(rules: &Rules) -> Result<Packed, &'static str> {
        if !rules.board.layout().single_row() {
            return Err("a board of more than two rows");
        }
        let kernel = if 2 * rules.board.houses_per_side() + 2 <= 16 {
            Width::Narrow(Kernel::compile(rules)?)
        } else {
            Width::Wide(Kernel::compile(rules)?)
        };
        Ok(Packed { kernel })
    }

    /// Plays one uniformly random game from the start with `rng`, drawing
    /// exactly as [`crate::Game::play_randomly`] does on a game;
    /// returns its plies and final score (as [`crate::game::Outcome::score`]).
    pub fn random_game(&self, memory: &mut PlayoutMemory, rng: &mut Rng) -> (u64, [u32; 2]) {
        match &self.kernel {
            Width::Narrow(kernel) if kernel.plain => {
                kernel.random_game::<true>(&mut memory.narrow, rng)
            }
            Width::Narrow(kernel) => kernel.random_game::<false>(&mut memory.narrow, rng),
            Width::Wide(kernel) if kernel.plain => {
                kernel.random_game::<true>(&mut memory.wide, rng)
            }
            Width::Wide(kernel) => kernel.random_game::<false>(&mut memory.wide, rng),
        }
    }
}

/// What a packed walk reads of the game it starts from ([`Packed::walk`]):
/// the position, the positions a repetition could return to, and the facts
/// of the game so far that the rest of it depends on.
#[derive(Debug, Clone)]
pub struct WalkStart<'g> {
    /// The position the walk starts from.
    pub position: &'g Position,
    /// The positions since the last capture that a repetition could return
    /// to, oldest first ([`crate::Game::repeatable`]).
    pub repeatable: Vec<&'g Position>,
    /// The legal moves, a mask over the mover's row.
    pub legal: u32,
    /// Plies played since the game began.
    pub plies: usize,
    /// Who played the last ply, if any.
    pub last_mover: Option<Side>,
    /// The final score, where the game is over.
    pub score: Option<[u32; 2]>,
}

impl Packed {
    /// Runs `user` on a walk of the packed engine from `start` (see
    /// [`crate::walk`]), which must follow the rules this engine was
    /// compiled from.
    pub fn walk<U: WalkUser>(&self, start: &WalkStart<'_>, user: U) -> U::Output {
        match &self.kernel {
            Width::Narrow(kernel) => user.run(kernel.walk_from(start)),
            Width::Wide(kernel) => user.run(kernel.walk_from(start)),
        }
    }
}

/// A walk node's score while the game goes on: no game holds so many seeds.
const NOT_OVER: [u32; 2] = [u32::MAX; 2];

/// A position of a walk, with what it came to.
#[derive(Debug, Clone, Copy)]
struct Node<const L: usize> {
    game: Playout<L>,
    /// The legal moves, a mask over the mover's row.
    legal: u32,
    /// The final score, once the game is over (`[u32::MAX; 2]` before):
    /// one plain word, so that writing it never stalls the copy of the
    /// node that follows, as an option's tag did.
    score: [u32; 2],
    /// Where the walk's boards since the last capture begin.
    since_capture: u32,
    /// The walk's boards before the move that led here, for the undo.
    seen_before: u32,
}

/// A walk on the packed engine: each move plays on a copy of the board, and
/// an undo drops it.
#[derive(Clone)]
pub struct PackedWalk<'k, const L: usize> {
    kernel: &'k Kernel<L>,
    /// The line being walked, its first position first.
    line: Vec<Node<L>>,
    /// The boards before each move, with the side to move, where a
    /// repetition can end the game.
    seen: Vec<(Lanes<L>, Side)>,
    /// Scratch for the moves the rules play out to judge.
    played: PlayedMoves<L>,
}

impl<const L: usize> Kernel<L> {
    /// A walk from `start`: its board, flags and the boards it could
    /// repeat.
    fn walk_from(&self, start: &WalkStart<'_>) -> PackedWalk<'_, L> {
        let lanes_of = |position: &Position| {
            let mut board = [0u8; L];
            for place in (0..2 * self.houses_per_side).chain(STORE) {
                board[self.place_lane[place] as usize & (L - 1)] = position.at(place);
            }
            board
        };
        let position = start.position;
        let seen: Vec<(Lanes<L>, Side)> = if self.repetition {
            start
                .repeatable
                .iter()
                .filter(|p| !p.get(FEED))
                .map(|p| (lanes_of(p), p.to_move()))
                .collect()
        } else {
            Vec::new()
        };
        let root = Node {
            game: Playout {
                board: lanes_of(position),
                to_move: position.to_move(),
                plies: start.plies as u32,
                last_mover: start.last_mover,
                last_capturer: position.get(LAST),
                feed_pending: position.get(FEED),
            },
            legal: start.legal,
            score: start.score.unwrap_or(NOT_OVER),
            since_capture: 0,
            seen_before: seen.len() as u32,
        };
        let mut line = Vec::with_capacity(256);
        line.push(root);
        PackedWalk {
            kernel: self,
            line,
            seen,
            played: [Played::default(); MAX_PACKED_HOUSES],
        }
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.handful
            .iter()
            .map(|side| side.capacity() * size_of::<Handful<L>>())
            .sum::<usize>()
            + self.captures.capacity() * size_of::<Capture>()
            + self.endings.capacity() * size_of::<Ending>()
    }

    /// The rules compiled for `L` lanes. Every part of the rules is taken
    /// apart field by field, so a new rule option cannot slip past unseen.
    fn compile(rules: &Rules) -> Result<Kernel<L>, &'static str> {
        let board = &rules.board;
        let n = board.houses_per_side();
        if n > MAX_PACKED_HOUSES {
            return Err("more than 15 houses a row");
        }
        match board.cycle() {
            crate::board::Cycle::BothRows => {}
            crate::board::Cycle::OwnRow => return Err("sowing round the own row"),
            crate::board::Cycle::ZigZag => return Err("a zigzag sowing"),
            crate::board::Cycle::OwnHalf => return Err("sowing round the own half"),
            crate::board::Cycle::Serpentine => return Err("a serpentine sowing"),
        }
        if rules.children.is_some() {
            return Err("children");
        }
        if rules.blocking.is_some() {
            return Err("blocked houses");
        }
        if rules.playable.territory {
            return Err("houses that change hands (territory)");
        }
        if rules.rounds.is_some() {
            return Err("a match of rounds");
        }
        if !matches!(rules.loop_kind, LoopKind::Plain | LoopKind::Relay) {
            return Err("captures while sowing");
        }
        let Sowing {
            laps,
            continuation,
            turning,
            first_in_origin,
            relay_first_in_origin,
            opening,
            skip_opponent,
            skip_full,
            skip_as_lifted: _,
            passed_over,
            stops_in_opponent,
            stops_when_a_side_empties,
            stops_after_capture,
            stop_at_marked,
            direction: _,
            chosen_in,
            toward_center: _,
            bear_off,
            diffuse,
            relay_reverses,
            relay_needs_opponent_row,
            // Three and four rows only, refused above.
            relay_takes_facing: _,
            stops_in_front_row: _,
            // Read with the continuation.
            relays_from: _,
            // Read with the turning, refused below.
            ways_kept: _,
            reverse_from: _,
            reverse_whole_move: _,
            laps_turn: _,
        } = rules.sowing;
        if relay_reverses {
            return Err("relays that turn back every lap");
        }
        if relay_needs_opponent_row {
            return Err("relays that must reach the opponent's row first");
        }
        if bear_off {
            return Err("bearing off");
        }
        if diffuse {
            return Err("seeds spread round the house played");
        }
        if rules
            .endings
            .iter()
            .any(|e| matches!(e, Ending::ClearedHalf { .. }))
        {
            return Err("a goal read on halves of the board");
        }
        if chosen_in != 0 {
            return Err("a direction chosen by the mover");
        }
        let relay = match continuation {
            Continuation::Stop => None,
            Continuation::Relay { stops, from, rows } => Some(Relay { stops, from, rows }),
        };
        if turning != Turning::Fixed {
            return Err("a direction for each move");
        }
        if first_in_origin {
            return Err("the first seed back in the house played");
        }
        match opening {
            OpeningSowing::AsUsual => {}
            OpeningSowing::LastSeedToOpponent
            | OpeningSowing::NoSkipping
            | OpeningSowing::BoardDirection
            | OpeningSowing::PlusOneMinusOne
            | OpeningSowing::OneHandful => {
                return Err("opening moves sown apart");
            }
        }
        if skip_opponent != 0 {
            return Err("the opponent's houses passed over");
        }
        if !stops_in_opponent.is_empty() {
            return Err("relays that stop on counts in the opponent's houses");
        }
        if stops_after_capture {
            return Err("relays that stop after a capture while sowing");
        }
        if relay_first_in_origin {
            return Err("relay lifts that sow into the house lifted");
        }
        if stops_when_a_side_empties {
            return Err("relays that stop once a side is empty");
        }
        if stop_at_marked {
            return Err("relays stopped by choice in marked houses");
        }
        if skip_full != 0 {
            return Err("houses passed over when full");
        }
        if passed_over != 0 {
            return Err("houses passed over by the handfuls lifted elsewhere");
        }
        let skip_origin = match laps {
            Laps::SkipOrigin => true,
            Laps::IncludeOrigin => false,
        };
        let Playable {
            min_seeds,
            more_seeds_in,
            more_seeds: _,
            // What min_seeds and more_seeds_in say, house by house.
            least_seeds: _,
            last_resort,
            single_seed_rule,
            feeding,
            feed_by_house,
            feeds_after_captures,
            allow,
            no_return,
            opening_moves,
            opening_from,
            // Only with opening moves, refused below.
            opening_takes: _,
            opening_houses: _,
            // Needs reversed laps, refused above (four rows).
            first_lap_must_capture: _,
            judged: _,
            either_row,
            // Refused above, with the rounds it needs.
            territory: _,
            halves,
            share_one,
            from_store,
            places_from_hand,
            // Read only by relays stopped in marked houses, refused above.
            marked_at_start: _,
            marks_chosen: _,
        } = rules.playable;
        if from_store {
            return Err("moves from the store");
        }
        if places_from_hand {
            return Err("seeds placed from the hand");
        }
        if more_seeds_in != 0 {
            return Err("houses that need more seeds to be played");
        }
        if last_resort != 0 {
            return Err("houses played only when no other may be");
        }
        if share_one {
            return Err("a seed shared with an opponent without seeds");
        }
        if halves {
            return Err("moves from a half of the board");
        }
        if either_row {
            return Err("moves from either row");
        }
        if feed_by_house {
            return Err("a house that feeds one way played either way");
        }
        if feeds_after_captures {
            return Err("a move that feeds judged after its captures");
        }
        match allow {
            Allow::Any
            | Allow::EndsOnOpponentOrEmpty
            | Allow::SingleToEmpty
            | Allow::SingleOnlyIfAllSingle => {}
            Allow::EachHouseOnceFirst => return Err("every house played once first"),
            Allow::OppositeNotSingle => return Err("no move opposite a single seed"),
            Allow::EndsInOccupied => return Err("a last seed that must fall in an occupied house"),
            Allow::TwoOnlyIfAllTwoRightmost | Allow::TwoOnlyIfAllTwo => {
                return Err("houses of two played last");
            }
        }
        if opening_moves != 0 {
            return Err("opening moves");
        }
        match opening_from {
            OpeningFrom::Any => {}
            OpeningFrom::RightHalf => return Err("opening moves from the right half"),
            OpeningFrom::Rightmost => return Err("an opening move from the rightmost house"),
            OpeningFrom::RightmostTwo => {
                return Err("an opening move from the two rightmost houses");
            }
            OpeningFrom::FrontRow | OpeningFrom::BackRow => {
                return Err("an opening move from one of a player's rows");
            }
            OpeningFrom::HoldingTwo => return Err("an opening move from a house of two"),
        }
        if no_return {
            return Err("a seed that may not go straight back");
        }
        let Captures {
            rules: capture_rules,
            while_sowing,
            single_seed_captures,
            quiet_moves,
            before_sowing,
            store_capture,
            // Read by relays, from the rules.
            stops_relays: _,
            lap_captures,
            sown_from,
            // Read with the lap captures, refused below.
            sow_on_stops_at_empty_opponent: _,
            // Four rows only, refused above.
            opening_takes_back_row: _,
            opponent_takes_sown,
            last_seeds_to_mover,
            // Refused with last_seeds_to_mover, whom it gives them to.
            last_seeds_to_starter: _,
            sweep_after_capture,
            chosen_after,
            // Refused with chosen_after, which they qualify.
            chosen_after_houses_taken: _,
            chosen_spares_marked: _,
            chosen_left_to_opponent: _,
            last_seeds_counted_in: _,
            looks_along: _,
            // The sowing's, refused above.
            passed_over: _,
            // Only with territory, refused above.
            zones_by_owner: _,
            given_away,
            cross_needs_opponent_sown,
            chain_along_sowing,
            from_played_only,
            starter_waits,
            captured_sown_on,
            captured_sown_from: _,
            facing_take_at_turn_start,
            // Only with the takes, refused here.
            facing_take_stops_at_empty_back_row: _,
        } = &rules.captures;
        if *facing_take_at_turn_start {
            return Err("takes across as each turn starts");
        }
        if *captured_sown_on {
            return Err("captured seeds sown on");
        }
        if *sown_from != crate::rules::capture::SownFrom::Last {
            return Err("a lap's captures sown on from another house");
        }
        if *chosen_after != 0 {
            return Err("houses taken by the capturer's choice");
        }
        if *starter_waits {
            return Err("a starter who waits for the first capture");
        }
        if *chain_along_sowing {
            return Err("capture chains along the sowing");
        }
        if *from_played_only {
            return Err("captures from houses played only");
        }
        if *cross_needs_opponent_sown {
            return Err("a cross capture that needs the opponent's row sown");
        }
        if *given_away {
            return Err("captured seeds dropped on the opponent");
        }
        if while_sowing.is_some() {
            return Err("captures while sowing");
        }
        if !single_seed_captures {
            return Err("single seeds that do not capture");
        }
        if *quiet_moves != 0 {
            return Err("opening moves without captures");
        }
        if *before_sowing != BeforeSowing::None {
            return Err("captures before sowing");
        }
        if *store_capture {
            return Err("captures from a store");
        }
        if lap_captures.is_some() || *opponent_takes_sown != 0 {
            return Err("captures at every lap");
        }
        if *last_seeds_to_mover != 0 {
            return Err("the last seeds taken by the mover");
        }
        if !sweep_after_capture.is_empty() {
            return Err("a sweep of the opponent's row after a capture");
        }
        if rules.capture_gates {
            // Set by every option that stops or replaces a capture; those
            // above are named, and this keeps a new one out until it is.
            return Err("a rule that stops or replaces a capture");
        }
        let mut captures = Vec::new();
        for rule in capture_rules {
            captures.push(match *rule {
                CaptureRule::Count {
                    with_opposite: true,
                    ..
                } => return Err("count captures that take the house opposite too"),
                CaptureRule::Count {
                    counts,
                    zone,
                    chain,
                    chain_max,
                    chain_zone,
                    with_opposite: false,
                    played_only: _,
                } => Capture::Count {
                    counts,
                    zone,
                    chain,
                    limit: board.houses().min(chain_max as usize) as u8,
                    chain_zone,
                },
                CaptureRule::Cross { chain: true, .. } => {
                    return Err("cross captures that go on");
                }
                CaptureRule::Cross { behind: true, .. } => {
                    return Err("cross captures of the house behind");
                }
                CaptureRule::Cross { last_any: true, .. }
                | CaptureRule::Cross {
                    last_occupied: true,
                    ..
                } => {
                    return Err("cross captures from a house holding seeds");
                }
                CaptureRule::Cross { column: true, .. } => {
                    return Err("cross captures of a whole column");
                }
                CaptureRule::Cross {
                    reach: Reach::PastEmpty,
                    ..
                } => {
                    return Err("cross captures past an empty house");
                }
                CaptureRule::Cross {
                    zone,
                    take_sowing_seed,
                    chain: false,
                    behind: false,
                    front_only: _,
                    // Four rows only, refused above (past an empty house
                    // just before).
                    reach: _,
                    column: false,
                    column_taken: _,
                    last_any: false,
                    last_occupied: false,
                    both_held: _,
                } => Capture::Cross {
                    zone,
                    take_sowing_seed,
                },
                CaptureRule::AcrossGap { .. } => return Err("captures across a gap"),
                CaptureRule::GiveStore { .. } => return Err("a store given away"),
                CaptureRule::PullAcross { .. } => return Err("seeds pulled across"),
                CaptureRule::Sweep { .. } => return Err("sweeping captures"),
                CaptureRule::Singletons { .. } => return Err("captures of single seeds"),
                CaptureRule::OpponentStore => return Err("captures from a store"),
                CaptureRule::SowingSeed { .. } => {
                    return Err("a sowing seed taken with nothing captured across");
                }
                CaptureRule::MatchOpposite { .. } => {
                    return Err("captures of a house matching the one opposite");
                }
                CaptureRule::Next { .. } | CaptureRule::NextFromEmpty { .. } => {
                    return Err("captures of the next house");
                }
                CaptureRule::CrossCounts { .. } | CaptureRule::CrossThenAny { .. } => {
                    return Err("cross captures of some counts only");
                }
            });
        }
        let slam_keeps_capture = match rules.grand_slam {
            GrandSlam::Capture | GrandSlam::Forbidden => true,
            GrandSlam::NoCapture => false,
            GrandSlam::CaptureThenFeed => true,
            GrandSlam::LeaveRightmost => return Err("a grand slam that leaves a house"),
            GrandSlam::OpponentTakesRest => {
                return Err("a grand slam that gives the opponent the seeds left");
            }
        };
        let Turn { extra_turn, pass } = rules.turn;
        let extra_turn = match extra_turn {
            ExtraTurn::Never => false,
            ExtraTurn::LastSeedInOwnStore => true,
            ExtraTurn::AfterCapture | ExtraTurn::AfterCaptureOnce => {
                return Err("an extra turn after a capture");
            }
            ExtraTurn::LastSeedInAStore => {
                return Err("an extra turn for a last seed in either store");
            }
        };
        let must_feed = match feeding {
            Feeding::Free => false,
            Feeding::MustFeed => true,
            Feeding::MustFeedElseAny => return Err("any move when none feeds"),
        };
        if rules.random_start() {
            return Err("a random start");
        }
        let start = rules.start();
        if start.get(FEED)
            || start.get(QUIET) != 0
            || start.child_houses() != 0
            || start.blocked_houses() != 0
            || start.get(CROSSED).is_some()
            || start.get(OPENING) != 0
            || start.played_houses() != 0
        {
            return Err("state carried from move to move");
        }

        // South's houses, South's store, North's houses, North's store.
        let lane_of = |place: usize| -> usize {
            if place == STORE[0] {
                n
            } else if place == STORE[1] {
                2 * n + 1
            } else if place < n {
                place
            } else {
                place + 1
            }
        };
        let mut lanes = [Lane::Store; L];
        let mut opposite = [0u8; L];
        let mut back = [0u8; L];
        let mut packed_start = [0u8; L];
        let mut place_lane = [0u8; PLACES];
        for place in (0..2 * n).chain(STORE) {
            let lane = lane_of(place);
            place_lane[place] = lane as u8;
            packed_start[lane] = start.at(place);
            if board.is_house(place) {
                lanes[lane] = Lane::House(board.owner(place));
                opposite[lane] = lane_of(board.opposite(place)) as u8;
                back[lane] = lane_of(board.back(place)) as u8;
            }
        }
        let places = (0..2 * n).chain(STORE);
        let handful = Side::BOTH.map(|side| {
            let ring = board.ring(side);
            let mut by_lane = vec![Handful::default(); L];
            for origin in places
                .clone()
                .filter(|&place| ring.places().contains(&(place as u8)))
            {
                let at = ring.index_of(origin);
                let sown: Vec<usize> = (1..=ring.len())
                    .map(|step| ring.at((at + step) % ring.len()))
                    .filter(|&place| !(skip_origin && place == origin))
                    .collect();
                let handful = &mut by_lane[lane_of(origin)];
                handful.lap_len = sown.len() as u8;
                let opponent = side.opponent();
                if let Some(r) = sown.iter().position(|&p| board.is_house_of(p, opponent)) {
                    handful.to_opponent = r as u16 + 1;
                }
                for (r, &place) in sown.iter().enumerate() {
                    let lane = lane_of(place);
                    let mut run = handful.run[r];
                    run[lane] = 1;
                    handful.run[r + 1] = run;
                    handful.last[r + 1] = lane as u8;
                }
                handful.lap = handful.run[sown.len()];
            }
            by_lane
        });
        let ring_next = Side::BOTH.map(|side| {
            let ring = board.ring(side);
            let mut next = [0u8; L];
            for place in places
                .clone()
                .filter(|&place| ring.places().contains(&(place as u8)))
            {
                next[lane_of(place)] = lane_of(ring.next(place)) as u8;
            }
            next
        });
        // The packed game keeps no per-house layer, and of the state words
        // only who captured last and a feed owed: a variant that keeps any
        // other state is refused even where no option above names it, so a
        // new stateful option is never played without its state.
        if rules.layers().next().is_some() {
            return Err("a per-house layer");
        }
        if rules
            .words()
            .any(|word| !matches!(word, Word::Last | Word::Feed))
        {
            return Err("state words beyond the last capturer and a feed owed");
        }
        let mut kernel = Kernel {
            houses_per_side: n,
            start: packed_start,
            first_to_move: start.to_move(),
            row_start: Side::BOTH.map(|side| lane_of(board.row_start(side))),
            row_bytes: u128::MAX >> (128 - 8 * n),
            store_lane: Side::BOTH.map(|side| lane_of(board.store(side))),
            place_lane,
            lanes,
            opposite,
            back,
            handful,
            ring_next,
            judged: relay.is_some() || rules.grand_slam == GrandSlam::Forbidden,
            forbid_slam: rules.grand_slam == GrandSlam::Forbidden,
            relay,
            captures,
            slam_keeps_capture,
            min_seeds,
            single_seed_rule,
            must_feed,
            allow,
            feed_after_slam: rules.grand_slam == GrandSlam::CaptureThenFeed,
            tracks_last_capturer: rules.tracks_last_capturer,
            extra_turn,
            pass,
            endings_before_pass: rules.endings_before_pass,
            repetition: rules
                .endings
                .iter()
                .any(|e| matches!(e, Ending::Repetition { .. })),
            // The seeds in play: the stores and the board hold them all.
            watch: Watch::of(
                &rules.endings,
                packed_start.iter().map(|&seeds| seeds as u32).sum(),
            ),
            endings: rules.endings.clone(),
            plain: false,
        };
        kernel.plain = !kernel.judged
            && !kernel.repetition
            && kernel.allow == Allow::Any
            && kernel.min_seeds == 1
            && !kernel.must_feed
            && !kernel.single_seed_rule
            && kernel.pass == Pass::Never
            && !kernel.feed_after_slam
            && !kernel.tracks_last_capturer;
        Ok(kernel)
    }

    /// [`Packed::random_game`] on `L` lanes; `PLAIN` only for a
    /// [`Kernel::plain`] variant.
    fn random_game<const PLAIN: bool>(&self, seen: &mut Seen<L>, rng: &mut Rng) -> (u64, [u32; 2]) {
        seen.clear();
        let mut game = Playout {
            board: self.start,
            to_move: self.first_to_move,
            plies: 0,
            last_mover: None,
            last_capturer: None,
            feed_pending: false,
        };
        let mut played = [Played::default(); MAX_PACKED_HOUSES];
        let mut legal = match self.settle::<PLAIN>(&mut game, seen, &mut played) {
            Ok(legal) => legal,
            Err(score) => return (0, score),
        };
        loop {
            // A position where the capturer must feed follows a capture, so
            // no later position, which owes no feeding, can repeat it.
            if !PLAIN && self.repetition && !game.feed_pending {
                seen.push(game.board, game.to_move);
            }
            let pick = rng.below(moves_in(legal)) as u32;
            let offset = select_bit(legal, pick) as usize;
            let me = game.to_move;
            let captured = if !PLAIN && self.judged {
                let result = played[offset.min(MAX_PACKED_HOUSES - 1)];
                game.board = result.board;
                game.to_move = result.to_move;
                game.feed_pending = result.feed_pending;
                result.captured
            } else {
                self.apply::<PLAIN>(&mut game, offset)
            };
            if captured {
                if !PLAIN {
                    seen.clear();
                }
                if !PLAIN && self.tracks_last_capturer {
                    game.last_capturer = Some(me);
                }
            }
            game.plies += 1;
            game.last_mover = Some(me);
            legal = match self.settle::<PLAIN>(&mut game, seen, &mut played) {
                Ok(legal) => legal,
                Err(score) => return (game.plies as u64, score),
            };
        }
    }

    /// `side`'s row as the bytes of a word, its first house lowest.
    #[inline(always)]
    fn row(&self, board: &Lanes<L>, side: Side) -> u128 {
        // A row starts at lane 8 at most on 16 lanes (16 at most on 32), so
        // its word fits the board.
        let start = self.row_start[side.index()].min(L / 2);
        let word = if L == 16 {
            u64::from_le_bytes(board[start..start + 8].try_into().expect("8 lanes")) as u128
        } else {
            u128::from_le_bytes(board[start..start + 16].try_into().expect("16 lanes"))
        };
        word & self.row_bytes
    }

    #[inline(always)]
    fn row_is_empty(&self, board: &Lanes<L>, side: Side) -> bool {
        self.row(board, side) == 0
    }

    /// The seeds in `side`'s row: fewer than 256, so a multiply adds up
    /// each half's bytes.
    #[inline(always)]
    fn row_seeds(&self, board: &Lanes<L>, side: Side) -> u32 {
        let row = self.row(board, side);
        let sum = |half: u64| (half.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
        sum(row as u64) + sum((row >> 64) as u64)
    }

    #[inline(always)]
    fn store(&self, board: &Lanes<L>, side: Side) -> u32 {
        board[self.store_lane[side.index()] & (L - 1)] as u32
    }

    /// The legal moves of `side`, as a mask over its row.
    #[inline(always)]
    fn legal<const PLAIN: bool>(&self, board: &Lanes<L>, side: Side, feed_pending: bool) -> u32 {
        let row = self.row(board, side);
        if PLAIN {
            return nonzero_lanes(row);
        }
        let mut playable = self.playable(row);
        if self.allow != Allow::Any {
            playable = self.allowed(board, side, row, playable);
        }
        if feed_pending || self.must_feed && self.row_is_empty(board, side.opponent()) {
            let handful = &self.handful[side.index()][self.row_start[side.index()]..];
            playable &= self.at_least(row, |offset| handful[offset].to_opponent);
        }
        if self.single_seed_rule {
            let multi = nonzero_lanes(row & 0xFEFE_FEFE_FEFE_FEFE_FEFE_FEFE_FEFE_FEFE);
            if playable & multi != 0 {
                playable &= multi;
            }
        }
        playable
    }

    /// The houses of `playable` that the allow rule lets `side` play.
    #[inline(never)]
    fn allowed(&self, board: &Lanes<L>, side: Side, row: u128, playable: u32) -> u32 {
        let seeds = |offset: usize| (row >> (8 * offset)) as u8;
        let handfuls = &self.handful[side.index()][self.row_start[side.index()]..];
        let refused = |offset: usize| match self.allow {
            Allow::Any | Allow::SingleOnlyIfAllSingle => false,
            Allow::EndsOnOpponentOrEmpty => {
                let seeds = seeds(offset) as usize;
                let last = handfuls[offset].last[seeds.min(MAX_LANES)] as usize & (L - 1);
                seeds <= self.houses_per_side
                    && self.lanes[last] == Lane::House(side)
                    && board[last] > 0
            }
            Allow::SingleToEmpty => {
                // A store there never refuses it, as in the general engine.
                let next = handfuls[offset].last[1] as usize & (L - 1);
                seeds(offset) == 1 && self.lanes[next] != Lane::Store && board[next] > 0
            }
            Allow::EachHouseOnceFirst
            | Allow::OppositeNotSingle
            | Allow::EndsInOccupied
            | Allow::TwoOnlyIfAllTwoRightmost
            | Allow::TwoOnlyIfAllTwo => {
                unreachable!("refused by Kernel::compile")
            }
        };
        if self.allow == Allow::SingleOnlyIfAllSingle {
            let multi = nonzero_lanes(row & 0xFEFE_FEFE_FEFE_FEFE_FEFE_FEFE_FEFE_FEFE);
            return if multi != 0 {
                playable & multi
            } else {
                playable
            };
        }
        (0..self.houses_per_side)
            .filter(|&offset| playable >> offset & 1 == 1 && !refused(offset))
            .fold(0, |mask, offset| mask | 1 << offset)
    }

    /// The houses of a row word holding enough seeds to be played.
    #[inline(always)]
    fn playable(&self, row: u128) -> u32 {
        if self.min_seeds == 1 {
            nonzero_lanes(row)
        } else {
            self.at_least(row, |_| self.min_seeds as u16)
        }
    }

    /// The houses of a row word holding at least `least(offset)` seeds.
    #[inline(always)]
    fn at_least(&self, row: u128, least: impl Fn(usize) -> u16) -> u32 {
        (0..self.houses_per_side).fold(0u32, |mask, offset| {
            mask | (((row >> (8 * offset)) as u8 as u16 >= least(offset)) as u32) << offset
        })
    }

    /// Plays `offset` of the player to move in place, in a variant whose
    /// moves are not judged; returns whether it captured.
    #[inline(always)]
    fn apply<const PLAIN: bool>(&self, game: &mut Playout<L>, offset: usize) -> bool {
        let me = game.to_move;
        let from = self.row_start[me.index()] + offset;
        let (last, _) = self
            .sow::<false>(&mut game.board, me, from)
            .expect("a handful without relays always ends");
        let (captured, grand_slam) = self.capture(&mut game.board, me, last);
        game.feed_pending = !PLAIN && self.feed_after_slam && grand_slam && captured;
        if !(game.feed_pending || self.extra_turn && last == self.store_lane[me.index()]) {
            game.to_move = me.opponent();
        }
        captured
    }

    /// Plays `offset` of `me` on a copy of `board`: sows (relaying where the
    /// rules say), captures, and hands the turn over. `None` for a relay
    /// that never ends or goes past [`MAX_RELAY_LIFTS`].
    #[inline(always)]
    fn play<const RELAY: bool>(
        &self,
        board: &Lanes<L>,
        me: Side,
        offset: usize,
    ) -> Option<Played<L>> {
        let mut board = *board;
        let from = self.row_start[me.index()] + offset;
        let (last, fed) = self.sow::<RELAY>(&mut board, me, from)?;
        let (captured, grand_slam) = self.capture(&mut board, me, last);
        let feed_pending = self.feed_after_slam && grand_slam && captured;
        let to_move = if feed_pending || self.extra_turn && last == self.store_lane[me.index()] {
            me
        } else {
            me.opponent()
        };
        Some(Played {
            board,
            to_move,
            captured,
            grand_slam,
            fed,
            feed_pending,
        })
    }

    /// Sows the seeds of `from` along `me`'s ring, and relays while the
    /// rules say so; returns the last lane and whether a seed fell in the
    /// opponent's row. An endless relay is found as the general engine finds
    /// it (R13): Brent's search for a lift with the board and hole of an
    /// earlier lift.
    #[inline(always)]
    fn sow<const RELAY: bool>(
        &self,
        board: &mut Lanes<L>,
        me: Side,
        from: usize,
    ) -> Option<(usize, bool)> {
        let handfuls = &self.handful[me.index()];
        let mut origin = from & (L - 1);
        let mut fed = false;
        let mut saved = if RELAY { (*board, origin) } else { ([0; L], 0) };
        let (mut power, mut steps, mut lifts) = (1u32, 0u32, 0u32);
        loop {
            let handful = &handfuls[origin];
            let mut seeds = board[origin];
            fed |= seeds as u16 >= handful.to_opponent;
            let mut laps = 0;
            if seeds > handful.lap_len {
                laps = (seeds - 1) / handful.lap_len;
                seeds -= laps * handful.lap_len;
            }
            let seeds = (seeds as usize).min(MAX_LANES);
            lift_and_sow(board, origin, &handful.lap, laps, &handful.run[seeds]);
            let last = handful.last[seeds] as usize & (L - 1);
            let Some(relay) = self.relay.filter(|_| RELAY) else {
                return Some((last, fed));
            };
            let Lane::House(owner) = self.lanes[last] else {
                return Some((last, fed));
            };
            let own = owner == me;
            if relay.stops.contains(board[last])
                || !relay.rows.allows(own)
                || self
                    .captures
                    .iter()
                    .any(|rule| self.applies(board, last, own, rule))
            {
                return Some((last, fed));
            }
            let lift = match relay.from {
                RelayFrom::Last => last,
                RelayFrom::Next => {
                    let next = self.ring_next[me.index()][last] as usize & (L - 1);
                    if board[next] == 0 {
                        return Some((last, fed));
                    }
                    next
                }
            };
            if saved == (*board, lift) {
                return None;
            }
            lifts += 1;
            if lifts > MAX_RELAY_LIFTS {
                return None;
            }
            steps += 1;
            if steps == power {
                saved = (*board, lift);
                power = power.saturating_mul(2);
                steps = 0;
            }
            origin = lift;
        }
    }

    /// The capture at the last seed, judged by the grand-slam policy:
    /// whether seeds were taken, and whether the move was a grand slam.
    #[inline(always)]
    fn capture(&self, board: &mut Lanes<L>, me: Side, last: usize) -> (bool, bool) {
        let Lane::House(owner) = self.lanes[last] else {
            return (false, false);
        };
        let own = owner == me;
        for rule in &self.captures {
            if !self.applies(board, last, own, rule) {
                continue;
            }
            let (take, from_opponent, holes) = self.plan(board, me, last, rule);
            let left = self.row_seeds(board, me.opponent()) - from_opponent;
            let grand_slam = from_opponent > 0 && left == 0;
            if grand_slam && !self.slam_keeps_capture {
                return (false, true);
            }
            self.take(board, last, rule, holes);
            board[self.store_lane[me.index()] & (L - 1)] += take as u8;
            return (true, grand_slam);
        }
        (false, false)
    }

    /// The legal moves of `side` found by playing each house out, with
    /// what each came to in `played`.
    #[inline(always)]
    fn judged_moves(
        &self,
        board: &Lanes<L>,
        side: Side,
        feed_pending: bool,
        played: &mut PlayedMoves<L>,
    ) -> u32 {
        let row = self.row(board, side);
        let feeding = feed_pending || self.must_feed && self.row_is_empty(board, side.opponent());
        let mut candidates = self.playable(row);
        if self.allow != Allow::Any {
            candidates = self.allowed(board, side, row, candidates);
        }
        let (mut legal, mut multi) = (0u32, 0u32);
        while candidates != 0 {
            let offset = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let result = if self.relay.is_some() {
                self.play::<true>(board, side, offset)
            } else {
                self.play::<false>(board, side, offset)
            };
            let Some(result) = result else {
                continue;
            };
            if (result.grand_slam && self.forbid_slam) || (feeding && !result.fed) {
                continue;
            }
            legal |= 1 << offset;
            multi |= (((row >> (8 * offset)) as u8 >= 2) as u32) << offset;
            played[offset.min(MAX_PACKED_HOUSES - 1)] = result;
        }
        if self.single_seed_rule && legal & multi != 0 {
            legal &= multi;
        }
        legal
    }

    /// The legal moves of `side`, played out when the rules judge them so.
    #[inline(always)]
    fn moves<const PLAIN: bool>(
        &self,
        board: &Lanes<L>,
        side: Side,
        feed_pending: bool,
        played: &mut PlayedMoves<L>,
    ) -> u32 {
        if !PLAIN && self.judged {
            self.judged_moves(board, side, feed_pending, played)
        } else {
            self.legal::<PLAIN>(board, side, feed_pending)
        }
    }

    /// Whether `rule` captures at the last seed, in a house of the mover's
    /// row when `own`.
    #[inline(always)]
    fn applies(&self, board: &Lanes<L>, last: usize, own: bool, rule: &Capture) -> bool {
        match *rule {
            Capture::Count { counts, zone, .. } => zone.allows(own) && counts.contains(board[last]),
            Capture::Cross { zone, .. } => {
                zone.allows(own)
                    && board[last] == 1
                    && board[self.opposite[last] as usize & (L - 1)] > 0
            }
        }
    }

    /// The capture `rule`, which applies, makes at the last seed: the
    /// seeds taken, the part from the opponent's row, and the houses emptied.
    #[inline(always)]
    fn plan(&self, board: &Lanes<L>, me: Side, last: usize, rule: &Capture) -> (u32, u32, u8) {
        match *rule {
            Capture::Count {
                counts,
                zone,
                chain,
                limit,
                chain_zone,
            } => {
                let (mut take, mut from_opponent, mut holes) = (0u32, 0u32, 0u8);
                let (mut lane, mut allowed) = (last, zone);
                loop {
                    let seeds = board[lane];
                    let own = self.lanes[lane] == Lane::House(me);
                    if !allowed.allows(own) || !counts.contains(seeds) {
                        break;
                    }
                    take += seeds as u32;
                    if !own {
                        from_opponent += seeds as u32;
                    }
                    holes += 1;
                    if !chain || holes == limit {
                        break;
                    }
                    allowed = chain_zone;
                    lane = self.back[lane] as usize & (L - 1);
                }
                (take, from_opponent, holes)
            }
            Capture::Cross {
                take_sowing_seed, ..
            } => {
                let opposite = self.opposite[last] as usize & (L - 1);
                let seeds = board[opposite] as u32;
                let own = self.lanes[last] == Lane::House(me);
                let opposite_own = self.lanes[opposite] == Lane::House(me);
                let mut from_opponent = if opposite_own { 0 } else { seeds };
                let mut take = seeds;
                if take_sowing_seed {
                    take += 1;
                    from_opponent += !own as u32;
                }
                (take, from_opponent, 1 + take_sowing_seed as u8)
            }
        }
    }

    /// Empties the houses a planned capture takes.
    #[inline(always)]
    fn take(&self, board: &mut Lanes<L>, last: usize, rule: &Capture, holes: u8) {
        match *rule {
            Capture::Count { .. } => {
                let mut lane = last;
                for _ in 0..holes {
                    board[lane] = 0;
                    lane = self.back[lane] as usize & (L - 1);
                }
            }
            Capture::Cross {
                take_sowing_seed, ..
            } => {
                board[self.opposite[last] as usize & (L - 1)] = 0;
                if take_sowing_seed {
                    board[last] = 0;
                }
            }
        }
    }

    /// After a move (or at the start): a pass where the rules make one, and
    /// the endings, walked in order only when one may fire. Returns the
    /// legal moves, or the final score.
    #[inline(always)]
    fn settle<const PLAIN: bool>(
        &self,
        game: &mut Playout<L>,
        seen: &(impl Boards<L> + ?Sized),
        played: &mut PlayedMoves<L>,
    ) -> Result<u32, [u32; 2]> {
        let board = &game.board;
        let me = game.to_move;
        let (to_move, legal) = self.after_pass::<PLAIN>(board, me, game.feed_pending, played);
        let watch = self.watch;
        let may_end = legal == 0
            || (watch.rows
                && (self.row_is_empty(board, me) || self.row_is_empty(board, me.opponent())))
            || (watch.reads_stores && {
                let [south, north] = Side::BOTH.map(|side| self.store(board, side));
                south.max(north) >= watch.store
                    || south.min(north) >= watch.each_store
                    || south + north >= watch.stores
            })
            || game.plies >= watch.plies
            || (!PLAIN && self.repetition && seen.contains(board, to_move));
        if may_end {
            return self.settle_in_order(game, seen, played);
        }
        game.to_move = to_move;
        Ok(legal)
    }

    /// Who is to move after a pass the rules make, and their legal moves.
    #[inline(always)]
    fn after_pass<const PLAIN: bool>(
        &self,
        board: &Lanes<L>,
        me: Side,
        feed_pending: bool,
        played: &mut PlayedMoves<L>,
    ) -> (Side, u32) {
        let legal = self.moves::<PLAIN>(board, me, feed_pending, played);
        // A capturer who owes the feeding move never passes.
        let passes = !PLAIN
            && !feed_pending
            && match self.pass {
                Pass::Never => false,
                Pass::WhenEmpty => {
                    self.row_is_empty(board, me) && !self.row_is_empty(board, me.opponent())
                }
                Pass::WhenNoMove => {
                    legal == 0 && self.moves::<PLAIN>(board, me.opponent(), false, played) != 0
                }
            };
        if passes {
            (
                me.opponent(),
                self.moves::<PLAIN>(board, me.opponent(), false, played),
            )
        } else {
            (me, legal)
        }
    }

    /// The endings in the rules' order, with the pass between those that
    /// read the position alone and the rest, as [`crate::Game`] settles.
    #[cold]
    #[inline(never)]
    fn settle_in_order(
        &self,
        game: &mut Playout<L>,
        seen: &(impl Boards<L> + ?Sized),
        played: &mut PlayedMoves<L>,
    ) -> Result<u32, [u32; 2]> {
        let (before_pass, after_pass) = self.endings.split_at(self.endings_before_pass);
        for ending in before_pass {
            if let Some(collect) = self.fires(ending, game, 0, seen) {
                return Err(self.finish(game, collect));
            }
        }
        let (to_move, legal) =
            self.after_pass::<false>(&game.board, game.to_move, game.feed_pending, played);
        game.to_move = to_move;
        for ending in after_pass {
            if let Some(collect) = self.fires(ending, game, legal, seen) {
                return Err(self.finish(game, collect));
            }
        }
        Ok(legal)
    }

    /// Whether `ending` ends the game, and who then takes the seeds left;
    /// `legal` holds the legal moves for the endings after the pass.
    fn fires(
        &self,
        ending: &Ending,
        game: &Playout<L>,
        legal: u32,
        seen: &(impl Boards<L> + ?Sized),
    ) -> Option<Collect> {
        let board = &game.board;
        let mover = game.last_mover.unwrap_or(game.to_move.opponent());
        let empty = |side: Side| self.row_is_empty(board, side);
        let fires = match *ending {
            Ending::ClearedRow { row, taken_by } => {
                let side = match row {
                    Whose::Mover => mover,
                    Whose::Opponent => mover.opponent(),
                };
                return empty(side).then_some(taken_by);
            }
            Ending::Cleared | Ending::Deprived => empty(mover) || empty(mover.opponent()),
            // Refused when the packed rules compile.
            Ending::ClearedHalf { .. } | Ending::BackRowEmpty => false,
            Ending::Immobilized => legal == 0,
            Ending::Majority { threshold } => {
                self.store(board, Side::South)
                    .max(self.store(board, Side::North))
                    >= threshold as u32
            }
            Ending::EvenSplit { half } => {
                Side::BOTH.map(|side| self.store(board, side)) == [half as u32; 2]
            }
            Ending::SeedsLeft { at_most, taken_by } => {
                let left = self.row_seeds(board, Side::South) + self.row_seeds(board, Side::North);
                return (left <= at_most as u32).then_some(taken_by);
            }
            Ending::EitherRowEmpty { taken_by } => {
                return (empty(Side::South) || empty(Side::North)).then_some(taken_by);
            }
            Ending::Repetition { taken_by } => {
                return seen.contains(board, game.to_move).then_some(taken_by);
            }
            Ending::CannotFeed { taken_by } => {
                let opponent = game.to_move.opponent();
                return (empty(opponent) && !empty(game.to_move) && legal == 0).then_some(taken_by);
            }
            Ending::NoMove { taken_by } => return (legal == 0).then_some(taken_by),
            Ending::PlyLimit { plies, taken_by } => {
                return (game.plies >= plies).then_some(taken_by);
            }
        };
        fires.then_some(Collect::Nobody)
    }

    /// Ends the game: the seeds left go where `collect` says; returns the
    /// score.
    fn finish(&self, game: &mut Playout<L>, collect: Collect) -> [u32; 2] {
        let board = &mut game.board;
        let mut score = Side::BOTH.map(|side| self.store(board, side));
        let collector = match collect {
            Collect::EachOwn => None,
            Collect::LastCapturer => game.last_capturer,
            Collect::LastMover => game.last_mover,
            Collect::Unfed => Some(game.to_move.opponent()),
            Collect::EachOwnInPlace => {
                for side in Side::BOTH {
                    score[side.index()] += self.row_seeds(board, side);
                }
                return score;
            }
            Collect::Nobody => return score,
            Collect::Removed | Collect::Divided => {
                let left = self.row_seeds(board, Side::South) + self.row_seeds(board, Side::North);
                for side in Side::BOTH {
                    let start = self.row_start[side.index()];
                    board[start..start + self.houses_per_side].fill(0);
                }
                if collect == Collect::Divided {
                    // Half each; an odd seed to the player with fewer seeds
                    // in store, North when they are level.
                    let [south, north] = score;
                    let half = left / 2;
                    let to_south = half + (left % 2 == 1 && north + half > south + half) as u32;
                    score = [south + to_south, north + left - to_south];
                }
                return score;
            }
        };
        for side in Side::BOTH {
            score[collector.unwrap_or(side).index()] += self.row_seeds(board, side);
            let start = self.row_start[side.index()];
            board[start..start + self.houses_per_side].fill(0);
        }
        score
    }
}

impl<const L: usize> PackedWalk<'_, L> {
    /// The key of the current node with `board` for its board.
    #[inline]
    fn key_of(&self, board: &Lanes<L>) -> u64 {
        let game = &self.node().game;
        let capturer = match game.last_capturer {
            None => 0,
            Some(side) => 1 + side.index() as u64,
        };
        // The flags are mixed before the board is: xored straight into
        // the first word they would collide with its first lanes.
        let flags = game.to_move.index() as u64 | (game.feed_pending as u64) << 1 | capturer << 2;
        let mut key = mix(flags);
        for word in board.chunks_exact(8) {
            key = mix(key ^ u64::from_le_bytes(word.try_into().expect("8 lanes")));
        }
        key
    }

    #[inline(always)]
    fn node(&self) -> &Node<L> {
        self.line.last().expect("a walk keeps its first position")
    }
}

impl<const L: usize> Walk for PackedWalk<'_, L> {
    #[inline]
    fn is_over(&self) -> bool {
        self.node().score != NOT_OVER
    }

    fn score(&self) -> [u32; 2] {
        debug_assert!(self.is_over(), "the game is over");
        self.node().score
    }

    /// The player with more seeds: the packed walk keeps the score, not
    /// why the game ended, so the solver walks a variant with a goal
    /// (clearing, immobilising) on the general engine.
    fn winner(&self) -> Option<Side> {
        let [south, north] = self.score();
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }

    #[inline]
    fn to_move(&self) -> Side {
        self.node().game.to_move
    }

    #[inline]
    fn moves(&self) -> usize {
        moves_in(self.node().legal)
    }

    #[inline]
    fn move_at(&self, index: usize) -> Move {
        let node = self.node();
        Move::new(node.game.to_move, select_bit(node.legal, index as u32))
    }

    #[inline]
    fn play(&mut self, index: usize) -> bool {
        let kernel = self.kernel;
        let parent = *self.node();
        debug_assert!(index < moves_in(parent.legal), "a listed move");
        let offset = select_bit(parent.legal, index as u32) as usize;
        let me = parent.game.to_move;
        let seen_before = self.seen.len() as u32;
        // As a playout remembers boards: before each move, but not one
        // that owes a feeding, which no later board can repeat.
        if kernel.repetition && !parent.game.feed_pending {
            self.seen.push((parent.game.board, me));
        }
        // The child is made where it stays, so that nothing reads it back
        // wholesale right after its fields are written one by one.
        self.line.push(parent);
        let node = self.line.last_mut().expect("just pushed");
        let game = &mut node.game;
        let captured = if kernel.judged {
            let result = if kernel.relay.is_some() {
                kernel.play::<true>(&game.board, me, offset)
            } else {
                kernel.play::<false>(&game.board, me, offset)
            }
            .expect("a legal move's sowing ends");
            game.board = result.board;
            game.to_move = result.to_move;
            game.feed_pending = result.feed_pending;
            result.captured
        } else {
            kernel.apply::<false>(game, offset)
        };
        if captured {
            if kernel.tracks_last_capturer {
                game.last_capturer = Some(me);
            }
            node.since_capture = self.seen.len() as u32;
        }
        let game = &mut node.game;
        game.plies += 1;
        game.last_mover = Some(me);
        let seen = &self.seen[node.since_capture as usize..];
        (node.legal, node.score) = match kernel.settle::<false>(game, seen, &mut self.played) {
            Ok(legal) => (legal, NOT_OVER),
            Err(score) => (0, score),
        };
        node.seen_before = seen_before;
        captured
    }

    #[inline]
    fn undo(&mut self) {
        debug_assert!(self.line.len() > 1, "a move to take back");
        let node = self.line.pop().expect("a move to take back");
        self.seen.truncate(node.seen_before as usize);
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key_of(&self.node().game.board)
    }

    #[inline]
    fn key_without_stores(&self) -> u64 {
        let mut board = self.node().game.board;
        for lane in self.kernel.store_lane {
            board[lane & (L - 1)] = 0;
        }
        self.key_of(&board)
    }

    #[inline]
    fn plies(&self) -> usize {
        self.node().game.plies as usize
    }

    #[inline]
    fn claimed(&self, side: Side) -> u32 {
        self.kernel.store(&self.node().game.board, side)
    }

    #[inline]
    fn total_seeds(&self) -> u32 {
        let board = &self.node().game.board;
        self.seeds_on_board()
            + self.kernel.store(board, Side::South)
            + self.kernel.store(board, Side::North)
    }

    #[inline]
    fn seeds_on_board(&self) -> u32 {
        let board = &self.node().game.board;
        self.kernel.row_seeds(board, Side::South) + self.kernel.row_seeds(board, Side::North)
    }

    fn position(&self) -> Position {
        let kernel = self.kernel;
        let game = &self.node().game;
        let n = kernel.houses_per_side;
        let houses: Vec<u8> = (0..2 * n)
            .map(|place| game.board[kernel.place_lane[place] as usize & (L - 1)])
            .collect();
        let stores = Side::BOTH.map(|side| kernel.store(&game.board, side) as u8);
        let mut position =
            Position::new(&houses, stores, game.to_move).expect("a packed board is a position");
        position.set(LAST, game.last_capturer);
        position.set(FEED, game.feed_pending);
        position
    }
}
