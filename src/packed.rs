//! The packed engine: random playouts on a small board held in one 128-bit
//! word, for the variants whose rules it models.
//!
//! A random playout asks less of the engine than a game does: no history, no
//! trace, no undo, no position key. On a board of up to 16 places (7 houses a
//! side and two stores) every count fits in one byte lane of a `u128`, so a
//! handful is sown by adding a mask of ones taken from a table (whole laps
//! first, as a multiple of the lap's mask), with no loop over the seeds and
//! no unpredictable branch; a row is tested, summed or collected with a few
//! word operations. Every count stays below 256 (a game holds at most 255
//! seeds), so no lane ever carries into the next.
//!
//! The rules compile to a [`Packed`] engine when the variant uses only what it
//! models: one handful a move (no relay, no capture while sowing), captures
//! at the last seed by count (with chains) or across, a grand slam that stands
//! or captures nothing, the feeding obligation, extra turns, passes, and every
//! ending whose seeds stay in play. [`Rules::packed`] is `None` for the
//! others, and their playouts go through [`crate::Game`]. The packed engine
//! must play exactly the games [`crate::Game`] plays: `tests/playouts.rs`
//! checks game by game, for every shipped variant that packs, that both give
//! the same plies and scores from the same random streams.

use crate::board::STORE;
use crate::engine::select_bit;
use crate::position::{Side, nonzero_bytes};
use crate::rng::Rng;
use crate::rules::capture::{BeforeSowing, CaptureRule, Captures};
use crate::rules::ending::Whose;
use crate::rules::feeding::{Allow, Feeding, Playable};
use crate::rules::sowing::{
    Continuation, Laps, LoopKind, MAX_RELAY_LIFTS, RelayFrom, Sowing, Turning,
};
use crate::rules::turn::{ExtraTurn, Pass, Turn};
use crate::rules::{Collect, CountSet, Ending, GrandSlam, Rules, ZoneMask};

/// The most houses a row may have for the board to pack: two rows and two
/// stores in 16 byte lanes.
pub const MAX_PACKED_HOUSES: usize = 7;

/// Byte lanes of the packed board.
const LANES: usize = 16;

/// Where a lane is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lane {
    House(Side),
    Store,
}

/// How a handful lifted from one place goes, whatever its size.
#[derive(Debug, Clone, Default)]
struct Handful {
    /// The places a lap sows into.
    lap_len: u8,
    /// One seed in every place of a lap.
    lap: u128,
    /// `run[r]`: one seed in each of the first `r` places after the origin
    /// (`r` from 1 to a lap).
    run: [u128; LANES + 1],
    /// `last[r]`: the lane of the `r`-th place after the origin.
    last: [u8; LANES + 1],
    /// The fewest seeds that reach the opponent's row.
    to_opponent: u8,
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
struct Played {
    board: Lanes,
    to_move: Side,
    captured: bool,
    grand_slam: bool,
    fed: bool,
}

impl Default for Played {
    fn default() -> Played {
        Played {
            board: [0; LANES],
            to_move: Side::South,
            captured: false,
            grand_slam: false,
            fed: false,
        }
    }
}

/// What each legal move of a judged position came to, by house.
type PlayedMoves = [Played; MAX_PACKED_HOUSES];

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

/// The board: one byte a lane.
type Lanes = [u8; LANES];

/// A game being played out.
struct Playout {
    board: Lanes,
    to_move: Side,
    plies: u32,
    last_mover: Option<Side>,
}

/// What a playout keeps between games: the positions since the last
/// capture, for the repetition ending.
#[derive(Debug, Default)]
pub struct PlayoutMemory {
    /// The boards seen with each side to move.
    seen: [Vec<u128>; 2],
}

/// The boards seen since the last capture, by the side to move.
type Seen = [Vec<u128>; 2];

/// Whether `board` with `to_move` to play has been seen.
#[inline(always)]
fn was_seen(seen: &Seen, board: &Lanes, to_move: Side) -> bool {
    let board = u128::from_le_bytes(*board);
    seen[to_move.index()].contains(&board)
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

/// Adds `seeds` lane by lane: no lane ever reaches 256, so no carry crosses
/// lanes.
#[inline(always)]
fn sow_into(board: &mut Lanes, seeds: u128) {
    *board = u128::from_le_bytes(*board)
        .wrapping_add(seeds)
        .to_le_bytes();
}

/// A variant's rules compiled for random playouts on a packed board.
#[derive(Debug, Clone)]
pub struct Packed {
    houses_per_side: usize,
    start: Lanes,
    first_to_move: Side,
    /// The first lane of each row (`[south, north]`).
    row_start: [usize; 2],
    /// The bytes of a row, in a word that starts at its first lane.
    row_bytes: u64,
    /// The lane of each store.
    store_lane: [usize; 2],
    lanes: [Lane; LANES],
    opposite: [u8; LANES],
    back: [u8; LANES],
    /// `handful[side][lane]`: a handful of `side` lifted from `lane`.
    handful: [Vec<Handful>; 2],
    /// The lanes of each row, as a mask.
    row_mask: [u128; 2],
    /// `ring_next[side][lane]`: the lane after `lane` on `side`'s ring.
    ring_next: [[u8; LANES]; 2],
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
    extra_turn: bool,
    pass: Pass,
    endings: Vec<Ending>,
    endings_before_pass: usize,
    repetition: bool,
    watch: Watch,
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
}

impl Watch {
    fn of(endings: &[Ending], total: u32) -> Watch {
        let mut watch = Watch {
            rows: false,
            store: u32::MAX,
            each_store: u32::MAX,
            stores: u32::MAX,
            plies: u32::MAX,
        };
        for ending in endings {
            match *ending {
                Ending::ClearedRow { .. }
                | Ending::Cleared
                | Ending::Deprived
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
        watch
    }
}

impl Packed {
    /// The rules compiled for the packed engine, or what the variant uses
    /// that it does not model, in a few words. Every part of the rules is taken
    /// apart field by field, so a new rule option cannot slip past unseen.
    pub(crate) fn compile(rules: &Rules) -> Result<Packed, &'static str> {
        let board = &rules.board;
        let n = board.houses_per_side();
        if n > MAX_PACKED_HOUSES {
            return Err("more than 7 houses a row");
        }
        if rules.children.is_some() {
            return Err("children");
        }
        if rules.blocking.is_some() {
            return Err("blocked houses");
        }
        if rules.tracks_last_capturer {
            return Err("the last capturer takes the seeds left");
        }
        if !matches!(rules.loop_kind, LoopKind::Plain | LoopKind::Relay) {
            return Err("captures while sowing");
        }
        let Sowing {
            laps,
            continuation,
            turning,
            first_in_origin,
        } = rules.sowing;
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
        let skip_origin = match laps {
            Laps::SkipOrigin => true,
            Laps::IncludeOrigin => false,
        };
        let Playable {
            min_seeds,
            single_seed_rule,
            feeding,
            allow,
            no_return,
        } = rules.playable;
        if allow != Allow::Any {
            return Err("an allow rule");
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
            lap_captures,
            opponent_takes_sown,
            last_seeds_to_mover,
        } = &rules.captures;
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
        if rules.capture_gates {
            // Set by every option that stops or replaces a capture; those
            // above are named, and this keeps a new one out until it is.
            return Err("a rule that stops or replaces a capture");
        }
        let mut captures = Vec::new();
        for rule in capture_rules {
            captures.push(match *rule {
                CaptureRule::Count {
                    counts,
                    zone,
                    chain,
                    chain_max,
                    chain_zone,
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
                CaptureRule::Cross {
                    zone,
                    take_sowing_seed,
                    chain: false,
                } => Capture::Cross {
                    zone,
                    take_sowing_seed,
                },
                CaptureRule::AcrossGap { .. } => return Err("captures across a gap"),
                CaptureRule::GiveStore { .. } => return Err("a store given away"),
                CaptureRule::PullAcross { .. } => return Err("seeds pulled across"),
                CaptureRule::Sweep { .. } => return Err("sweeping captures"),
                CaptureRule::OpponentStore => return Err("captures from a store"),
            });
        }
        let slam_keeps_capture = match rules.grand_slam {
            GrandSlam::Capture | GrandSlam::Forbidden => true,
            GrandSlam::NoCapture => false,
            GrandSlam::CaptureThenFeed => return Err("a grand slam followed by a feeding move"),
            GrandSlam::LeaveRightmost => return Err("a grand slam that leaves a house"),
        };
        let Turn { extra_turn, pass } = rules.turn;
        let extra_turn = match extra_turn {
            ExtraTurn::Never => false,
            ExtraTurn::LastSeedInOwnStore => true,
            ExtraTurn::AfterCapture => return Err("an extra turn after a capture"),
        };
        let must_feed = match feeding {
            Feeding::Free => false,
            Feeding::MustFeed => true,
        };
        for ending in &rules.endings {
            let collect = match *ending {
                Ending::ClearedRow { taken_by, .. }
                | Ending::SeedsLeft { taken_by, .. }
                | Ending::EitherRowEmpty { taken_by }
                | Ending::Repetition { taken_by }
                | Ending::CannotFeed { taken_by }
                | Ending::NoMove { taken_by }
                | Ending::PlyLimit { taken_by, .. } => taken_by,
                Ending::Cleared
                | Ending::Deprived
                | Ending::Immobilized
                | Ending::Majority { .. }
                | Ending::EvenSplit { .. } => Collect::Nobody,
            };
            match collect {
                Collect::EachOwn
                | Collect::EachOwnInPlace
                | Collect::Nobody
                | Collect::LastMover
                | Collect::Unfed => {}
                Collect::LastCapturer | Collect::Removed | Collect::Divided => {
                    return Err("seeds left taken off or shared out");
                }
            }
        }
        let start = rules.start();
        if start.feed_pending()
            || start.quiet() != 0
            || start.child_houses() != 0
            || start.blocked_houses() != 0
            || start.crossed().is_some()
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
        let mut lanes = [Lane::Store; LANES];
        let mut opposite = [0u8; LANES];
        let mut back = [0u8; LANES];
        let mut packed_start = [0u8; LANES];
        for place in (0..2 * n).chain(STORE) {
            let lane = lane_of(place);
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
            let mut by_lane = vec![Handful::default(); LANES];
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
                handful.to_opponent = ring.seeds_to_opponent(origin).min(255) as u8;
                for (r, &place) in sown.iter().enumerate() {
                    let lane = lane_of(place);
                    handful.run[r + 1] = handful.run[r] | 1 << (8 * lane);
                    handful.last[r + 1] = lane as u8;
                }
                handful.lap = handful.run[sown.len()];
            }
            by_lane
        });
        let ring_next = Side::BOTH.map(|side| {
            let ring = board.ring(side);
            let mut next = [0u8; LANES];
            for place in places
                .clone()
                .filter(|&place| ring.places().contains(&(place as u8)))
            {
                next[lane_of(place)] = lane_of(ring.next(place)) as u8;
            }
            next
        });
        let row_mask = Side::BOTH.map(|side| {
            (0..n).fold(0u128, |mask, offset| {
                mask | 0xFF << (8 * lane_of(board.row_start(side) + offset))
            })
        });
        Ok(Packed {
            houses_per_side: n,
            start: packed_start,
            first_to_move: start.to_move(),
            row_start: Side::BOTH.map(|side| lane_of(board.row_start(side))),
            row_bytes: u64::MAX >> (64 - 8 * n),
            store_lane: Side::BOTH.map(|side| lane_of(board.store(side))),
            lanes,
            opposite,
            back,
            handful,
            row_mask,
            ring_next,
            judged: relay.is_some() || rules.grand_slam == GrandSlam::Forbidden,
            forbid_slam: rules.grand_slam == GrandSlam::Forbidden,
            relay,
            captures,
            slam_keeps_capture,
            min_seeds,
            single_seed_rule,
            must_feed,
            extra_turn,
            pass,
            endings_before_pass: rules.endings_before_pass,
            repetition: rules
                .endings
                .iter()
                .any(|e| matches!(e, Ending::Repetition { .. })),
            watch: Watch::of(&rules.endings, rules.total_seeds()),
            endings: rules.endings.clone(),
        })
    }

    /// Plays one uniformly random game from the start with `rng`, drawing
    /// exactly as [`crate::players::play_randomly`] does on a [`crate::Game`];
    /// returns its plies and final score (as [`crate::game::Outcome::score`]).
    pub fn random_game(&self, memory: &mut PlayoutMemory, rng: &mut Rng) -> (u64, [u32; 2]) {
        let seen = &mut memory.seen;
        seen.iter_mut().for_each(Vec::clear);
        let mut game = Playout {
            board: self.start,
            to_move: self.first_to_move,
            plies: 0,
            last_mover: None,
        };
        let mut played = [Played::default(); MAX_PACKED_HOUSES];
        let mut legal = match self.settle(&mut game, seen, &mut played) {
            Ok(legal) => legal,
            Err(score) => return (0, score),
        };
        loop {
            if self.repetition {
                seen[game.to_move.index()].push(u128::from_le_bytes(game.board));
            }
            let pick = rng.below(MOVES_IN[legal as usize & 127] as usize) as u32;
            let offset = select_bit(legal, pick) as usize;
            let me = game.to_move;
            let captured = if self.judged {
                let result = played[offset.min(MAX_PACKED_HOUSES - 1)];
                game.board = result.board;
                game.to_move = result.to_move;
                result.captured
            } else {
                self.apply(&mut game, offset)
            };
            if captured {
                seen.iter_mut().for_each(Vec::clear);
            }
            game.plies += 1;
            game.last_mover = Some(me);
            legal = match self.settle(&mut game, seen, &mut played) {
                Ok(legal) => legal,
                Err(score) => return (game.plies as u64, score),
            };
        }
    }

    /// `side`'s row as the bytes of a word, its first house lowest.
    #[inline(always)]
    fn row_word(&self, board: &Lanes, side: Side) -> u64 {
        // A row starts at lane 8 at most, so its word fits the board.
        let start = self.row_start[side.index()].min(8);
        let word: [u8; 8] = board[start..start + 8].try_into().expect("8 lanes");
        u64::from_le_bytes(word) & self.row_bytes
    }

    #[inline(always)]
    fn row_is_empty(&self, board: &Lanes, side: Side) -> bool {
        self.row_word(board, side) == 0
    }

    /// The seeds in `side`'s row: fewer than 256, so one multiply adds the
    /// bytes up.
    #[inline(always)]
    fn row_seeds(&self, board: &Lanes, side: Side) -> u32 {
        (self
            .row_word(board, side)
            .wrapping_mul(0x0101_0101_0101_0101)
            >> 56) as u32
    }

    #[inline(always)]
    fn store(&self, board: &Lanes, side: Side) -> u32 {
        board[self.store_lane[side.index()] & (LANES - 1)] as u32
    }

    /// The legal moves of `side`, as a mask over its row.
    #[inline(always)]
    fn legal(&self, board: &Lanes, side: Side) -> u32 {
        let row = self.row_word(board, side);
        let mut playable = self.playable(row);
        if self.must_feed && self.row_is_empty(board, side.opponent()) {
            let handful = &self.handful[side.index()][self.row_start[side.index()]..];
            playable &= self.at_least(row, |offset| handful[offset].to_opponent);
        }
        if self.single_seed_rule {
            let multi = nonzero_bytes(row & 0xFEFE_FEFE_FEFE_FEFE);
            if playable & multi != 0 {
                playable &= multi;
            }
        }
        playable
    }

    /// The houses of a row word holding enough seeds to be played.
    #[inline(always)]
    fn playable(&self, row: u64) -> u32 {
        if self.min_seeds == 1 {
            nonzero_bytes(row)
        } else {
            self.at_least(row, |_| self.min_seeds)
        }
    }

    /// The houses of a row word holding at least `least(offset)` seeds.
    #[inline(always)]
    fn at_least(&self, row: u64, least: impl Fn(usize) -> u8) -> u32 {
        (0..self.houses_per_side).fold(0u32, |mask, offset| {
            mask | (((row >> (8 * offset)) as u8 >= least(offset)) as u32) << offset
        })
    }

    /// Plays `offset` of the player to move in place, in a variant whose
    /// moves are not judged; returns whether it captured.
    #[inline(always)]
    fn apply(&self, game: &mut Playout, offset: usize) -> bool {
        let me = game.to_move;
        let from = self.row_start[me.index()] + offset;
        let (last, _) = self
            .sow::<false>(&mut game.board, me, from)
            .expect("a handful without relays always ends");
        let (captured, _) = self.capture(&mut game.board, me, last);
        if !(self.extra_turn && last == self.store_lane[me.index()]) {
            game.to_move = me.opponent();
        }
        captured
    }

    /// Plays `offset` of `me` on a copy of `board`: sows (relaying where the
    /// rules say), captures, and hands the turn over. `None` for a relay
    /// that never ends or goes past [`MAX_RELAY_LIFTS`].
    #[inline(always)]
    fn play<const RELAY: bool>(&self, board: &Lanes, me: Side, offset: usize) -> Option<Played> {
        let mut board = *board;
        let from = self.row_start[me.index()] + offset;
        let (last, fed) = self.sow::<RELAY>(&mut board, me, from)?;
        let (captured, grand_slam) = self.capture(&mut board, me, last);
        let to_move = if self.extra_turn && last == self.store_lane[me.index()] {
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
        board: &mut Lanes,
        me: Side,
        from: usize,
    ) -> Option<(usize, bool)> {
        let handfuls = &self.handful[me.index()];
        let opponent_row = self.row_mask[me.opponent().index()];
        let mut origin = from & (LANES - 1);
        let mut fed = false;
        let mut saved = if RELAY {
            (u128::from_le_bytes(*board), origin)
        } else {
            (0, 0)
        };
        let (mut power, mut steps, mut lifts) = (1u32, 0u32, 0u32);
        loop {
            let handful = &handfuls[origin];
            let mut seeds = board[origin];
            board[origin] = 0;
            if seeds > handful.lap_len {
                let laps = (seeds - 1) / handful.lap_len;
                sow_into(board, laps as u128 * handful.lap);
                seeds -= laps * handful.lap_len;
                fed = true;
            }
            let seeds = (seeds as usize).min(LANES);
            sow_into(board, handful.run[seeds]);
            fed |= handful.run[seeds] & opponent_row != 0;
            let last = handful.last[seeds] as usize & (LANES - 1);
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
                    let next = self.ring_next[me.index()][last] as usize & (LANES - 1);
                    if board[next] == 0 {
                        return Some((last, fed));
                    }
                    next
                }
            };
            if saved == (u128::from_le_bytes(*board), lift) {
                return None;
            }
            lifts += 1;
            if lifts > MAX_RELAY_LIFTS {
                return None;
            }
            steps += 1;
            if steps == power {
                saved = (u128::from_le_bytes(*board), lift);
                power = power.saturating_mul(2);
                steps = 0;
            }
            origin = lift;
        }
    }

    /// The capture at the last seed, judged by the grand-slam policy:
    /// whether seeds were taken, and whether the move was a grand slam.
    #[inline(always)]
    fn capture(&self, board: &mut Lanes, me: Side, last: usize) -> (bool, bool) {
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
            board[self.store_lane[me.index()] & (LANES - 1)] += take as u8;
            return (true, grand_slam);
        }
        (false, false)
    }

    /// The legal moves of `side` found by playing each house out, with
    /// what each came to in `played`.
    #[inline(always)]
    fn judged_moves(&self, board: &Lanes, side: Side, played: &mut PlayedMoves) -> u32 {
        let row = self.row_word(board, side);
        let feeding = self.must_feed && self.row_is_empty(board, side.opponent());
        let mut candidates = self.playable(row);
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
    fn moves(&self, board: &Lanes, side: Side, played: &mut PlayedMoves) -> u32 {
        if self.judged {
            self.judged_moves(board, side, played)
        } else {
            self.legal(board, side)
        }
    }

    /// Whether `rule` captures at the last seed, in a house of the mover's
    /// row when `own`.
    #[inline(always)]
    fn applies(&self, board: &Lanes, last: usize, own: bool, rule: &Capture) -> bool {
        match *rule {
            Capture::Count { counts, zone, .. } => zone.allows(own) && counts.contains(board[last]),
            Capture::Cross { zone, .. } => {
                zone.allows(own)
                    && board[last] == 1
                    && board[self.opposite[last] as usize & (LANES - 1)] > 0
            }
        }
    }

    /// The capture `rule`, which applies, makes at the last seed: the
    /// seeds taken, the part from the opponent's row, and the houses emptied.
    #[inline(always)]
    fn plan(&self, board: &Lanes, me: Side, last: usize, rule: &Capture) -> (u32, u32, u8) {
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
                    lane = self.back[lane] as usize & (LANES - 1);
                }
                (take, from_opponent, holes)
            }
            Capture::Cross {
                take_sowing_seed, ..
            } => {
                let opposite = self.opposite[last] as usize & (LANES - 1);
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
    fn take(&self, board: &mut Lanes, last: usize, rule: &Capture, holes: u8) {
        match *rule {
            Capture::Count { .. } => {
                let mut lane = last;
                for _ in 0..holes {
                    board[lane] = 0;
                    lane = self.back[lane] as usize & (LANES - 1);
                }
            }
            Capture::Cross {
                take_sowing_seed, ..
            } => {
                board[self.opposite[last] as usize & (LANES - 1)] = 0;
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
    fn settle(
        &self,
        game: &mut Playout,
        seen: &Seen,
        played: &mut PlayedMoves,
    ) -> Result<u32, [u32; 2]> {
        let board = &game.board;
        let me = game.to_move;
        let (to_move, legal) = self.after_pass(board, me, played);
        let watch = self.watch;
        let [south, north] = Side::BOTH.map(|side| self.store(board, side));
        let may_end = legal == 0
            || (watch.rows
                && (self.row_is_empty(board, me) || self.row_is_empty(board, me.opponent())))
            || south.max(north) >= watch.store
            || south.min(north) >= watch.each_store
            || south + north >= watch.stores
            || game.plies >= watch.plies
            || (self.repetition && was_seen(seen, board, to_move));
        if may_end {
            return self.settle_in_order(game, seen, played);
        }
        game.to_move = to_move;
        Ok(legal)
    }

    /// Who is to move after a pass the rules make, and their legal moves.
    #[inline(always)]
    fn after_pass(&self, board: &Lanes, me: Side, played: &mut PlayedMoves) -> (Side, u32) {
        let legal = self.moves(board, me, played);
        let passes = match self.pass {
            Pass::Never => false,
            Pass::WhenEmpty => {
                self.row_is_empty(board, me) && !self.row_is_empty(board, me.opponent())
            }
            Pass::WhenNoMove => legal == 0 && self.moves(board, me.opponent(), played) != 0,
        };
        if passes {
            (me.opponent(), self.moves(board, me.opponent(), played))
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
        game: &mut Playout,
        seen: &Seen,
        played: &mut PlayedMoves,
    ) -> Result<u32, [u32; 2]> {
        let (before_pass, after_pass) = self.endings.split_at(self.endings_before_pass);
        for ending in before_pass {
            if let Some(collect) = self.fires(ending, game, 0, seen) {
                return Err(self.finish(game, collect));
            }
        }
        let (to_move, legal) = self.after_pass(&game.board, game.to_move, played);
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
    fn fires(&self, ending: &Ending, game: &Playout, legal: u32, seen: &Seen) -> Option<Collect> {
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
                return was_seen(seen, board, game.to_move).then_some(taken_by);
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
    fn finish(&self, game: &mut Playout, collect: Collect) -> [u32; 2] {
        let board = &mut game.board;
        let mut score = Side::BOTH.map(|side| self.store(board, side));
        let collector = match collect {
            Collect::EachOwn => None,
            Collect::LastMover => game.last_mover,
            Collect::Unfed => Some(game.to_move.opponent()),
            Collect::EachOwnInPlace => {
                for side in Side::BOTH {
                    score[side.index()] += self.row_seeds(board, side);
                }
                return score;
            }
            Collect::Nobody | Collect::LastCapturer | Collect::Removed | Collect::Divided => {
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

impl Rules {
    /// These rules compiled for the packed engine, when the variant fits it.
    pub fn packed(&self) -> Option<&Packed> {
        self.packed.as_ref().ok()
    }

    /// Why the variant does not fit the packed engine, in a few words
    /// (`None` when it does).
    pub fn unpacked_because(&self) -> Option<&'static str> {
        self.packed.as_ref().err().copied()
    }
}
