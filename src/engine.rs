//! Moves: the legal moves and why others are refused, and a move played
//! through the rule phases in order: sowing ([`crate::rules::sowing`]), the
//! capture at the last seed ([`crate::rules::capture`]) judged by the
//! grand-slam policy ([`crate::rules::grand_slam`]), then the turn
//! ([`crate::rules::turn`]).
//!
//! Each phase's logic lives in its module; this one only runs them in order.
//! The one sowing loop is specialised per variant when the rules compile, so
//! a variant pays only for the options it uses.

use crate::word::{AGAIN, BEAR_OFF, CROSSED, FEED, LAST, OPENING, QUIET, WAITING, WAYS};
use std::fmt;

use crate::board::Direction;
use crate::position::{MAX_HOUSES_PER_SIDE, Move, Position, Side};
use crate::rules::children::LastSeed;
use crate::rules::sowing::{LoopKind, SownEnd};
use crate::rules::{ExtraTurn, GrandSlam, Rules, grand_slam};
use crate::trace::{Event, SlamOutcome, Trace};

/// The legal moves of a position, kept as bit masks so building, copying
/// and searching it costs a few instructions: one mask over each row (bit
/// `i` is the house `i` places from its owner's left) for each way a move
/// may sow: the rules' way (a bare label), or a direction the mover chose
/// (`>` counter-clockwise, `<` clockwise).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MoveList {
    // `masks[side * 3 + way]`, `way` as `MOVE_WAYS`: one bit per house of a row,
    // so a row must fit a mask.
    masks: [u32; 6],
    // Whether the moves are drops of captured seeds (`c@`): then every
    // move of the list is one.
    drops: bool,
    // The store moves `*1` to `*store` (`[play] sow_from_store`); none at 0.
    store: u8,
}

const _: () = assert!(MAX_HOUSES_PER_SIDE <= u32::BITS as usize);

/// The ways a move may sow, in the order of a [`MoveList`]'s masks.
const MOVE_WAYS: [Option<Direction>; 3] = [
    None,
    Some(Direction::CounterClockwise),
    Some(Direction::Clockwise),
];

/// The index of a move's way in [`MOVE_WAYS`].
#[inline]
fn way(direction: Option<Direction>) -> usize {
    match direction {
        None => 0,
        Some(Direction::CounterClockwise) => 1,
        Some(Direction::Clockwise) => 2,
    }
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            masks: [0; 6],
            drops: false,
            store: 0,
        }
    }

    /// The moves of `side`'s houses in `row` (bit `i`: `i` places from the
    /// owner's left): one each way from the houses in `chosen`, where the
    /// mover chooses the direction, one sown the rules' way from the others.
    #[inline]
    pub(crate) fn of_row(side: Side, row: u32, chosen: u32) -> MoveList {
        let mut list = MoveList::new();
        list.add_row(side, row, chosen);
        list
    }

    /// Adds the moves of `side`'s houses in `row`, as [`MoveList::of_row`].
    #[inline]
    pub(crate) fn add_row(&mut self, side: Side, row: u32, chosen: u32) {
        self.masks[side.index() * 3] |= row & !chosen;
        self.masks[side.index() * 3 + 1] |= row & chosen;
        self.masks[side.index() * 3 + 2] |= row & chosen;
    }

    /// How many moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.masks
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum::<usize>()
            + self.store as usize
    }

    /// True when there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.masks.iter().all(|&m| m == 0) && self.store == 0
    }

    /// Whether `mv` is in the list.
    #[inline]
    pub fn contains(&self, mv: Move) -> bool {
        if let Some(seeds) = mv.store_seeds() {
            return seeds <= self.store;
        }
        mv.offset() < 32
            && mv.is_drop() == self.drops
            && self.masks[mv.side().index() * 3 + way(mv.direction())] >> mv.offset() & 1 != 0
    }

    /// The `index`-th move, in the list's order (as [`MoveList::iter`]).
    #[inline]
    pub fn get(&self, index: usize) -> Option<Move> {
        let [south, south_ccw, south_cw, north, north_ccw, north_cw] = self.masks;
        if south_ccw | south_cw | north_ccw | north_cw != 0 || self.drops || self.store > 0 {
            // Directions chosen, drops or store moves: rare, and walked in
            // order.
            return self.iter().nth(index);
        }
        let before = south.count_ones() as usize;
        if index < before {
            Some(Move::new(Side::South, select_bit(south, index as u32)))
        } else if index - before < north.count_ones() as usize {
            Some(Move::new(
                Side::North,
                select_bit(north, (index - before) as u32),
            ))
        } else {
            None
        }
    }

    /// The moves in house order, South's row before North's; from a house
    /// where the mover chooses the direction, `>` before `<`; then the store
    /// moves, fewest seeds first.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Move> + use<> {
        let masks = self.masks;
        let drops = self.drops;
        let store = (1..=self.store).map(Move::from_store);
        Side::BOTH
            .into_iter()
            .flat_map(move |side| {
                let ways = &masks[side.index() * 3..side.index() * 3 + 3];
                let ways = [ways[0], ways[1], ways[2]];
                let mut houses = ways[0] | ways[1] | ways[2];
                std::iter::from_fn(move || {
                    (houses != 0).then(|| {
                        let offset = houses.trailing_zeros();
                        houses &= houses - 1;
                        (0..3)
                            .filter(move |&w| ways[w] >> offset & 1 != 0)
                            .map(move |w| {
                                let mv = Move::new(side, offset as u8).sowing(MOVE_WAYS[w]);
                                if drops { mv.dropped() } else { mv }
                            })
                    })
                })
                .flatten()
            })
            .chain(store)
    }

    /// The moves in a vector.
    pub fn to_vec(&self) -> Vec<Move> {
        self.iter().collect()
    }

    #[inline]
    fn insert(&mut self, mv: Move) {
        if let Some(seeds) = mv.store_seeds() {
            self.store = self.store.max(seeds);
            return;
        }
        self.drops |= mv.is_drop();
        self.masks[mv.side().index() * 3 + way(mv.direction())] |= 1 << mv.offset();
    }

    /// Keeps only the moves of houses in `row` (a mask over `side`'s row).
    #[inline]
    fn retain_row(&mut self, side: Side, row: u32) {
        for m in &mut self.masks[side.index() * 3..side.index() * 3 + 3] {
            *m &= row;
        }
    }
}

/// `SELECT[mask][k]`: the place of the `k`-th set bit of a byte.
const SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if mask >> bit & 1 == 1 {
                table[mask][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// The place of the `k`-th set bit of `mask` (which has more than `k`): one
/// table load for rows of up to 8 houses, else found by halving with
/// population counts; either way a random pick costs no mispredicted branch.
#[inline]
pub(crate) fn select_bit(mut mask: u32, mut k: u32) -> u8 {
    if mask < 256 {
        return SELECT[mask as usize][k as usize & 7];
    }
    let mut place = 0u32;
    for width in [16u32, 8, 4, 2, 1] {
        let low = mask & ((1u32 << width) - 1);
        let count = low.count_ones();
        let beyond = k >= count;
        place += if beyond { width } else { 0 };
        k -= if beyond { count } else { 0 };
        mask = if beyond { mask >> width } else { low };
    }
    place as u8
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

pub use crate::rules::sowing::MAX_RELAY_LIFTS;

/// Whether one house of the player to move may be played, and if not, why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// It may be played.
    Legal,
    /// It holds no seeds.
    Empty,
    /// It holds fewer seeds than the variant's `min_seeds`.
    TooFewSeeds {
        /// The seeds it holds.
        seeds: u8,
        /// The least a playable house holds.
        min: u8,
    },
    /// Its relay sowing would never end (R13).
    Endless,
    /// Its relay sowing goes on past [`MAX_RELAY_LIFTS`] lifts, the engine's
    /// limit; it is refused without being decided.
    RelayTooLong,
    /// It would capture every seed of the opponent, and the variant forbids that.
    GrandSlamForbidden,
    /// The opponent has no seeds and this move would not give them any (R1, R7).
    DoesNotFeed,
    /// It holds one seed while another playable house holds two or more (R1).
    SingleSeed,
    /// Its last seed would fall in an occupied house of the mover's own row
    /// (`allow = "ends_on_opponent_or_empty"`).
    EndsInOwnOccupied,
    /// It holds a single seed and the house after it holds seeds
    /// (`allow = "single_to_empty"`).
    SingleToOccupied,
    /// Its last seed would fall in an empty house (`allow =
    /// "ends_in_occupied"`).
    EndsInEmpty,
    /// The opponent has no seeds, and the house holds too few to share one
    /// (`share_one`).
    TooFewToShare,
    /// The house opposite holds a single seed (`allow =
    /// "opposite_not_single"`).
    OppositeSingle,
    /// It is a child: its seeds are kept for the child's owner.
    Child,
    /// It is blocked: closed for the rest of the game.
    Blocked,
    /// It is the opponent's this round (`[rounds.territory]`).
    NotOwned,
    /// It is in the opponent's half of the board (`[board] sides =
    /// "halves"`).
    OtherHalf,
    /// It is a ram (`[children] kind = "ram"`).
    Ram,
    /// It holds the single seed the last move sowed across the end of a
    /// row, which may not go straight back (`[play] no_return`).
    NoReturn,
    /// An opening move, and the house is not in the right half of the row
    /// (`opening_from = "right_half"`).
    NotInOpeningHalf,
    /// An opening move, and the house is not the rightmost of the row
    /// (`opening_from = "rightmost"`).
    NotOpeningRightmost,
    /// An opening move, and two houses that may be played lie to its right
    /// (`opening_from = "rightmost_two"`).
    NotOpeningRightmostTwo,
    /// It has been played before, and a house of the row has not
    /// (`allow = "each_house_once_first"`).
    PlayedBefore,
    /// It holds two seeds, and a playable house of the row does not
    /// (`allow = "two_only_if_all_two_rightmost"`).
    HoldsTwo,
    /// Every playable house of the row holds two, and this one is not the
    /// rightmost (`allow = "two_only_if_all_two_rightmost"`).
    NotRightmostTwo,
}

impl Verdict {
    /// Why the house is excluded, in words (empty for a legal move).
    pub fn describe(self) -> String {
        match self {
            Verdict::Legal => String::new(),
            Verdict::Empty => "the house is empty".into(),
            Verdict::TooFewSeeds { seeds, min } => {
                format!(
                    "the house holds {seeds} seed(s); a house needs at least {min} to be played"
                )
            }
            Verdict::Endless => "its relay sowing would never end (R13)".into(),
            Verdict::RelayTooLong => {
                format!("its relay sowing goes on past {MAX_RELAY_LIFTS} lifts, the engine's limit")
            }
            Verdict::GrandSlamForbidden => {
                "it would capture every seed of the opponent (grand slam)".into()
            }
            Verdict::DoesNotFeed => {
                "the opponent has no seeds and this move gives them none".into()
            }
            Verdict::SingleSeed => {
                "it holds a single seed while another house holds two or more".into()
            }
            Verdict::EndsInOwnOccupied => {
                "its last seed would fall in an occupied house of your own row".into()
            }
            Verdict::SingleToOccupied => {
                "it holds a single seed, and the house it would sow into is not empty".into()
            }
            Verdict::OppositeSingle => "the house opposite holds a single seed".into(),
            Verdict::EndsInEmpty => "its last seed would fall in an empty house".into(),
            Verdict::TooFewToShare => {
                "the opponent has no seeds, and a seed is shared from a house holding two or more"
                    .into()
            }
            Verdict::Child => "the house is a child, and a child is never played".into(),
            Verdict::Blocked => "the house is blocked (closed for the rest of the game)".into(),
            Verdict::NotOwned => "the house is the opponent's this round (territory)".into(),
            Verdict::OtherHalf => "the house is in the opponent's half of the board".into(),
            Verdict::Ram => {
                "the house is a ram (it holds seeds enough to sow round to its own row), and a ram is never played".into()
            }
            Verdict::NoReturn => {
                "it would sow straight back the single seed just sown across the end of a row"
                    .into()
            }
            Verdict::NotInOpeningHalf => {
                "an opening move is played from the right half of your row".into()
            }
            Verdict::NotOpeningRightmost => {
                "an opening move is played from the rightmost house of your row".into()
            }
            Verdict::NotOpeningRightmostTwo => {
                "an opening move is played from one of the two rightmost houses of your row that may be played".into()
            }
            Verdict::HoldsTwo => {
                "it holds two seeds, and another playable house of your row does not".into()
            }
            Verdict::NotRightmostTwo => {
                "every playable house of your row holds two, and only the rightmost may be played"
                    .into()
            }
            Verdict::PlayedBefore => {
                "it has been played before, and a house of your row has not been played yet".into()
            }
        }
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The label names a house beyond the board.
    #[error("there is no house {mv} on a board of {houses_per_side} houses per side")]
    NoSuchHouse {
        /// The move asked for.
        mv: Move,
        /// The board's row length.
        houses_per_side: usize,
    },
    /// The house belongs to the other player.
    #[error("{mv} is {owner}'s house, and it is {to_move}'s turn")]
    NotYourHouse {
        /// The move asked for.
        mv: Move,
        /// Whose house it is.
        owner: Side,
        /// Whose turn it is.
        to_move: Side,
    },
    /// The mover chooses the direction from this house, and the move does
    /// not say which.
    #[error(
        "{mv} sows either way in this variant: say which, {mv}> (counter-clockwise) or {mv}< (clockwise)"
    )]
    DirectionNeeded {
        /// The move asked for.
        mv: Move,
    },
    /// The move names a direction where the rules fix it.
    #[error(
        "{mv} names a direction, but the rules fix which way {} sows: write {} alone",
        mv.label(),
        mv.label()
    )]
    DirectionFixed {
        /// The move asked for.
        mv: Move,
    },
    /// The mover must drop the seeds just captured, and the move plays a
    /// house instead.
    #[error(
        "the seeds just captured must be dropped first, into a house of the opponent's side: write the house with `@`, such as {}@",
        mv.label()
    )]
    DropNeeded {
        /// The move asked for.
        mv: Move,
    },
    /// A drop where there are no captured seeds to drop.
    #[error(
        "{mv} drops captured seeds, but there are none to drop: only a move that captured, in a variant that gives the captured seeds to the opponent, is followed by a drop"
    )]
    NothingToDrop {
        /// The move asked for.
        mv: Move,
    },
    /// A drop into a house of the mover's own side.
    #[error(
        "{mv} drops the captured seeds on your own side: they go into a house of the opponent's side"
    )]
    DropOnOwnSide {
        /// The move asked for.
        mv: Move,
    },
    /// A store move (`*K`) in a variant whose moves all name a house.
    #[error(
        "{mv} sows from the store, but in this variant every move plays a house: only a variant with [play] sow_from_store has store moves"
    )]
    NoStoreMoves {
        /// The move asked for.
        mv: Move,
    },
    /// A store move (`*K`) that would sow more seeds than the store holds.
    #[error("{mv} sows more seeds than your store holds ({held})")]
    StoreHoldsTooFew {
        /// The move asked for.
        mv: Move,
        /// The seeds in the mover's store.
        held: u8,
    },
    /// The rules exclude the house.
    #[error("{mv} cannot be played: {}", verdict.describe())]
    Excluded {
        /// The move asked for.
        mv: Move,
        /// Why it is excluded.
        verdict: Verdict,
    },
}

/// What a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveEffect {
    /// Seeds captured, in all.
    pub captured: u8,
    /// Whether the move was a grand slam.
    pub grand_slam: bool,
    /// Whether any seed was sown into the opponent's row.
    pub fed: bool,
    /// Whether the mover moves again (an extra turn, or the feeding move
    /// after a grand slam).
    pub extra_turn: bool,
    /// Whether its relay sowing never ends; the position is then meaningless.
    pub endless: bool,
    /// Whether its relay sowing passed [`MAX_RELAY_LIFTS`]; the position is
    /// then meaningless.
    pub relay_too_long: bool,
    /// The place the last seed fell in.
    pub last: usize,
    /// Whether a capture was made where the last seed fell (captures while
    /// sowing, lap by lap or before sowing aside).
    pub last_seed_captured: bool,
    /// Whether the rules give the mover another move for what the sowing
    /// did, whatever `[turn]` says: a last seed alone in their own row
    /// after a move that did not sow into the opponent's (`cross.
    /// needs_opponent_sown`).
    pub moves_again: bool,
    /// Whether the move made a child.
    pub child_made: bool,
}

impl Rules {
    /// The legal moves of the player to move.
    #[inline]
    pub fn legal_moves(&self, pos: &Position) -> MoveList {
        let mut list = self.house_moves(pos);
        if self.playable.from_store {
            // `*1` to `*K`, K the seeds in the mover's store.
            list.store = pos.at(self.board.store(pos.to_move()));
        }
        list
    }

    /// The legal moves of the player to move that name a house.
    #[inline(always)]
    fn house_moves(&self, pos: &Position) -> MoveList {
        if self.drop_pending(pos) {
            return self.drops(pos);
        }
        if self.simulate_to_judge || self.must_feed_now(pos) || self.playable.judged {
            return self.judged_moves(pos);
        }
        let side = pos.to_move();
        let choosing = self.sowing.choosing(pos, self.board.houses_per_side());
        let mut list = MoveList::of_row(side, self.playable_mask(pos, side), choosing);
        if self.playable.either_row {
            let other = side.opponent();
            list.add_row(other, self.playable_mask(pos, other), choosing);
        }
        list
    }

    /// Whether the player to move must drop the seeds they have just
    /// captured (`[capture] given_to_opponent`): their store holds them.
    #[inline]
    pub(crate) fn drop_pending(&self, pos: &Position) -> bool {
        self.captures.given_away && pos.at(self.board.store(pos.to_move())) > 0
    }

    /// The drops open to the player to move: one into each house of the
    /// opponent's side, empty or not.
    #[inline(never)]
    fn drops(&self, pos: &Position) -> MoveList {
        let n = self.board.houses_per_side();
        let mut list = MoveList::new();
        for house in 0..self.board.houses() {
            if self.board.owner(house) != pos.to_move() {
                list.insert(Move::from_house(house, n).dropped());
            }
        }
        list
    }

    /// Drops the seeds in the mover's store into `house` and hands the turn
    /// over: the second step of a turn that captured, where the captured
    /// seeds are given to the opponent.
    #[inline(never)]
    fn drop_captured<T: Trace>(
        &self,
        pos: &mut Position,
        house: usize,
        trace: &mut T,
    ) -> MoveEffect {
        let me = pos.to_move();
        let seeds = pos.take(self.board.store(me));
        pos.add(house, seeds);
        trace.record(Event::Give { house, seeds });
        pos.set_to_move(me.opponent());
        MoveEffect {
            last: house,
            ..MoveEffect::default()
        }
    }

    /// Shares one seed of `house` with the opponent, who has none: it goes
    /// into their first house, and the mover moves again (`[play]
    /// share_one`).
    #[inline(never)]
    fn share_one<T: Trace>(&self, pos: &mut Position, house: usize, trace: &mut T) -> MoveEffect {
        let me = pos.to_move();
        let to = self.board.row_start(me.opponent());
        let seeds = pos.take(house);
        pos.add(house, seeds - 1);
        pos.add(to, 1);
        trace.record(Event::Share { from: house, to });
        trace.record(Event::ExtraTurn { side: me });
        MoveEffect {
            fed: true,
            extra_turn: true,
            last: to,
            ..MoveEffect::default()
        }
    }

    /// The rows whose houses the player to move may play: their own, or
    /// both (`[play] from_either_row`).
    #[inline]
    pub(crate) fn rows_played(&self, pos: &Position) -> &'static [Side] {
        match (
            self.playable.either_row || self.playable.territory || self.playable.halves,
            pos.to_move(),
        ) {
            (false, Side::South) => &[Side::South],
            (false, Side::North) => &[Side::North],
            (true, _) => &Side::BOTH,
        }
    }

    /// The legal moves, each house judged in full: the slow path, kept out
    /// of line so the fast one stays small.
    #[inline(never)]
    fn judged_moves(&self, pos: &Position) -> MoveList {
        let mut list = MoveList::new();
        for (mv, verdict) in self.verdicts(pos) {
            if verdict == Verdict::Legal {
                list.insert(mv);
            }
        }
        list
    }

    /// Every house of the player to move with its verdict, in row order,
    /// then the moves from the store (`[play] sow_from_store`), all legal.
    pub fn verdicts(&self, pos: &Position) -> Vec<(Move, Verdict)> {
        let mut out = self.house_verdicts(pos);
        if self.playable.from_store {
            let seeds = pos.at(self.board.store(pos.to_move()));
            out.extend((1..=seeds).map(|k| (Move::from_store(k), Verdict::Legal)));
        }
        out
    }

    /// Every house of the player to move with its verdict, in row order.
    fn house_verdicts(&self, pos: &Position) -> Vec<(Move, Verdict)> {
        if self.drop_pending(pos) {
            return self
                .drops(pos)
                .iter()
                .map(|mv| (mv, Verdict::Legal))
                .collect();
        }
        let side = pos.to_move();
        let lo = self.board.row_start(side);
        let judge = |feeding: bool| -> Vec<(Move, Verdict)> {
            self.rows_played(pos)
                .iter()
                .flat_map(|&row| {
                    (0..self.board.houses_per_side())
                        .flat_map(move |offset| self.judge_ways(pos, row, offset, feeding))
                })
                .map(|(mv, (verdict, _))| (mv, verdict))
                .collect()
        };
        let feeding = self.must_feed_now(pos);
        let mut out = judge(feeding);
        if feeding
            && self.feeding_falls_when_none_feeds(pos)
            && out.iter().all(|&(_, v)| v != Verdict::Legal)
        {
            out = judge(false);
        }
        if self.playable.single_seed_rule {
            let any_multi = out
                .iter()
                .any(|&(mv, v)| v == Verdict::Legal && pos.at(lo + mv.offset()) >= 2);
            if any_multi {
                for (mv, verdict) in &mut out {
                    if *verdict == Verdict::Legal && pos.at(lo + mv.offset()) == 1 {
                        *verdict = Verdict::SingleSeed;
                    }
                }
            }
        }
        out
    }

    /// The verdicts on the moves from the house `offset` places from the
    /// mover's left, one a way (before the single-seed rule, which compares
    /// houses), with what each came to when it was played out. With
    /// `feed_by_house`, a way that does not feed is legal when the other
    /// way of the house feeds.
    #[allow(clippy::type_complexity)]
    fn judge_ways(
        &self,
        pos: &Position,
        side: Side,
        offset: usize,
        feeding: bool,
    ) -> impl Iterator<Item = (Move, (Verdict, Option<(Position, MoveEffect)>))> + use<> {
        let house = self.board.row_start(side) + offset;
        let mut ways = [None, None];
        let choosing = self.sowing.choosing(pos, self.board.houses_per_side());
        for (slot, (_, chosen)) in ways
            .iter_mut()
            .zip(crate::rules::Sowing::ways_from(choosing, offset))
        {
            let mv = Move::new(side, offset as u8).sowing(chosen);
            *slot = Some((mv, self.judge_played(pos, house, chosen, feeding)));
        }
        if feeding
            && self.playable.feed_by_house
            && ways
                .iter()
                .flatten()
                .any(|(_, (v, _))| *v == Verdict::Legal)
        {
            for (mv, judged) in ways.iter_mut().flatten() {
                if judged.0 == Verdict::DoesNotFeed {
                    *judged = self.judge_played(pos, house, mv.direction(), false);
                }
            }
        }
        ways.into_iter().flatten()
    }

    /// The legal moves, and for a variant that must play its moves out to
    /// judge them (relays, captures while sowing, a forbidden grand slam),
    /// what each legal move came to: `(offset, position after, effect)`.
    /// Playing a legal move is then a lookup ([`crate::Game`] does it).
    pub(crate) fn legal_moves_played(
        &self,
        pos: &Position,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> MoveList {
        played.clear();
        if !self.simulate_to_judge {
            return self.legal_moves(pos);
        }
        let feeding = self.must_feed_now(pos);
        let list = self.legal_moves_judged(pos, feeding, played);
        if list.is_empty() && feeding && self.feeding_falls_when_none_feeds(pos) {
            return self.legal_moves_judged(pos, false, played);
        }
        list
    }

    /// The legal moves, judged with or without the feeding obligation, and
    /// what each came to ([`Rules::legal_moves_played`]).
    fn legal_moves_judged(
        &self,
        pos: &Position,
        feeding: bool,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> MoveList {
        played.clear();
        let side = pos.to_move();
        let mut list = MoveList::new();
        let mut multi = 0u32;
        for &row in self.rows_played(pos) {
            let lo = self.board.row_start(row);
            for (mv, (verdict, result)) in (0..self.board.houses_per_side())
                .flat_map(|offset| self.judge_ways(pos, row, offset, feeding))
            {
                if verdict != Verdict::Legal {
                    continue;
                }
                let offset = mv.offset();
                list.insert(mv);
                if row == side {
                    multi |= ((pos.at(lo + offset) >= 2) as u32) << offset;
                }
                if let Some((after, effect)) = result {
                    played.push((mv, after, effect));
                }
            }
        }
        // Ouri's single-seed rule, as `verdicts` applies it.
        if self.playable.single_seed_rule && multi != 0 {
            list.retain_row(side, multi);
        }
        list
    }

    /// The verdict on one house, and what playing it came to when the
    /// verdict needed it played out.
    fn judge_played(
        &self,
        pos: &Position,
        house: usize,
        chosen: Option<Direction>,
        feeding: bool,
    ) -> (Verdict, Option<(Position, MoveEffect)>) {
        let verdict = |v: Verdict| (v, None);
        let chosen = self.sowing.way_of(pos, chosen);
        let seeds = pos.at(house);
        if pos.child_houses() >> house & 1 != 0 {
            return verdict(if pos.child_of(house).is_some() {
                Verdict::Child
            } else {
                Verdict::Ram
            });
        }
        if pos.is_blocked(house) {
            return verdict(Verdict::Blocked);
        }
        if self.playable.territory && pos.owner(house) != pos.to_move() {
            return verdict(Verdict::NotOwned);
        }
        if self.playable.halves && self.board.owner(house) != pos.to_move() {
            return verdict(Verdict::OtherHalf);
        }
        if seeds == 0 {
            return verdict(Verdict::Empty);
        }
        if self.share_pending(pos) {
            // A share, not a sowing: no other rule on houses applies.
            return verdict(if seeds >= 2 {
                Verdict::Legal
            } else {
                Verdict::TooFewToShare
            });
        }
        let min = self.playable.min_seeds;
        if seeds < min {
            return verdict(Verdict::TooFewSeeds { seeds, min });
        }
        if self.playable.no_return && self.returns(pos, house) {
            return verdict(Verdict::NoReturn);
        }
        if let Some(refusal) = self.allow_refuses(pos, house, chosen) {
            return verdict(refusal);
        }
        if !self.simulate_to_judge {
            if feeding && !self.reaches_opponent(pos, house, chosen) {
                return verdict(Verdict::DoesNotFeed);
            }
            return verdict(Verdict::Legal);
        }
        let mut scratch = pos.clone();
        let effect = self.apply(&mut scratch, house, chosen, &mut ());
        if effect.endless {
            verdict(Verdict::Endless)
        } else if effect.relay_too_long {
            verdict(Verdict::RelayTooLong)
        } else if effect.grand_slam && self.grand_slam == GrandSlam::Forbidden {
            verdict(Verdict::GrandSlamForbidden)
        } else if feeding && !self.fed(&scratch, pos.to_move().opponent(), &effect) {
            verdict(Verdict::DoesNotFeed)
        } else {
            (Verdict::Legal, Some((scratch, effect)))
        }
    }

    /// Checks that `mv` is legal for the player to move.
    pub fn check_move(&self, pos: &Position, mv: Move) -> Result<(), IllegalMove> {
        if self.legal_moves(pos).contains(mv) {
            Ok(())
        } else {
            Err(self.refusal(pos, mv))
        }
    }

    /// Why `mv`, which is not among the legal moves of `pos`, is refused.
    pub(crate) fn refusal(&self, pos: &Position, mv: Move) -> IllegalMove {
        if mv.store_seeds().is_some() {
            return if self.playable.from_store {
                IllegalMove::StoreHoldsTooFew {
                    mv,
                    held: pos.at(self.board.store(pos.to_move())),
                }
            } else {
                IllegalMove::NoStoreMoves { mv }
            };
        }
        let houses_per_side = self.board.houses_per_side();
        if mv.offset() >= houses_per_side {
            return IllegalMove::NoSuchHouse {
                mv,
                houses_per_side,
            };
        }
        match (self.drop_pending(pos), mv.is_drop()) {
            (true, false) => return IllegalMove::DropNeeded { mv },
            (false, true) => return IllegalMove::NothingToDrop { mv },
            (true, true) => return IllegalMove::DropOnOwnSide { mv },
            (false, false) => {}
        }
        if mv.side() != pos.to_move()
            && !self.playable.either_row
            && !self.playable.territory
            && !self.playable.halves
        {
            return IllegalMove::NotYourHouse {
                mv,
                owner: mv.side(),
                to_move: pos.to_move(),
            };
        }
        let choosing = self.sowing.choosing(pos, houses_per_side);
        match (choosing >> mv.offset() & 1 != 0, mv.direction()) {
            (true, None) => return IllegalMove::DirectionNeeded { mv },
            (false, Some(_)) => return IllegalMove::DirectionFixed { mv },
            _ => {}
        }
        // The verdicts and the move set agree (a property test checks it).
        let verdict = self
            .verdicts(pos)
            .into_iter()
            .find(|&(judged, _)| judged == mv)
            .map_or(Verdict::Legal, |(_, verdict)| verdict);
        debug_assert_ne!(verdict, Verdict::Legal, "{mv} is legal at {pos}");
        IllegalMove::Excluded { mv, verdict }
    }

    /// Plays `mv` after checking it: sows, captures and hands the turn over
    /// (or keeps it, for an extra turn). Game endings and passes are the
    /// business of [`crate::Game`].
    pub fn play<T: Trace>(
        &self,
        pos: &mut Position,
        mv: Move,
        trace: &mut T,
    ) -> Result<MoveEffect, IllegalMove> {
        self.check_move(pos, mv)?;
        Ok(self.apply_move(pos, mv, trace))
    }

    /// Plays the legal move `mv` without checking it: a house, or seeds
    /// from the mover's store.
    #[inline]
    pub(crate) fn apply_move<T: Trace>(
        &self,
        pos: &mut Position,
        mv: Move,
        trace: &mut T,
    ) -> MoveEffect {
        match mv.store_seeds() {
            Some(seeds) => self.apply_from_store(pos, seeds, trace),
            None => self.apply(pos, self.board.house_of(mv), mv.direction(), trace),
        }
    }

    /// Sows `seeds` from the mover's store (`[play] sow_from_store`), then
    /// the captures and the turn as for any move.
    #[inline(never)]
    fn apply_from_store<T: Trace>(
        &self,
        pos: &mut Position,
        seeds: u8,
        trace: &mut T,
    ) -> MoveEffect {
        let store = self.board.store(pos.to_move());
        // The plain loop is the only one compiled with store moves.
        self.apply_with::<false, false, true, T>(pos, store, None, seeds, trace)
    }

    /// Plays the house `from` without checking that it is legal: the rule
    /// phases in order, through the instance of the sowing loop the rules
    /// compiled to.
    #[inline]
    pub(crate) fn apply<T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        trace: &mut T,
    ) -> MoveEffect {
        match self.loop_kind {
            LoopKind::Plain if !self.capture_gates => {
                self.apply_with::<false, false, false, T>(pos, from, chosen, 0, trace)
            }
            _ => self.apply_gated(pos, from, chosen, trace),
        }
    }

    /// The instances of the sowing loop with relays, captures while sowing
    /// or the gated rules, out of line: the plain path (Oware, Kalah) keeps
    /// a small function of its own.
    #[inline(never)]
    fn apply_gated<T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        trace: &mut T,
    ) -> MoveEffect {
        if self.drop_pending(pos) {
            return self.drop_captured(pos, from, trace);
        }
        if self.share_pending(pos) {
            return self.share_one(pos, from, trace);
        }
        match self.loop_kind {
            LoopKind::Plain => {
                self.apply_with::<false, false, true, T>(pos, from, chosen, 0, trace)
            }
            LoopKind::Relay => self.apply_with::<true, false, true, T>(pos, from, chosen, 0, trace),
            LoopKind::WhileSowing => {
                self.apply_with::<false, true, true, T>(pos, from, chosen, 0, trace)
            }
            LoopKind::RelayWhileSowing => {
                self.apply_with::<true, true, true, T>(pos, from, chosen, 0, trace)
            }
        }
    }

    /// A move through one instance of the sowing loop; `from_store` above
    /// 0 sows that many seeds from the mover's store (`from`) instead of a
    /// house.
    #[inline(always)]
    fn apply_with<const RELAY: bool, const WHILE_SOWING: bool, const GATES: bool, T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        from_store: u8,
        trace: &mut T,
    ) -> MoveEffect {
        let me = pos.to_move();
        if WHILE_SOWING && !self.grand_slam.keeps_capture() {
            // A slam can build up from captures made along the way, and all
            // of them must be undone: play on a copy first.
            let mut trial = pos.clone();
            let effect = self.sow_and_capture::<RELAY, WHILE_SOWING, GATES, ()>(
                &mut trial,
                from,
                chosen,
                from_store,
                true,
                &mut (),
            );
            if effect.grand_slam {
                trace.record(Event::GrandSlam {
                    outcome: SlamOutcome::NothingCaptured,
                });
                let mut effect = self.sow_and_capture::<RELAY, WHILE_SOWING, GATES, T>(
                    pos, from, chosen, from_store, false, trace,
                );
                effect.grand_slam = true;
                return self.end_turn::<GATES, T>(pos, me, effect, trace);
            }
        }
        let effect = self.sow_and_capture::<RELAY, WHILE_SOWING, GATES, T>(
            pos, from, chosen, from_store, true, trace,
        );
        if GATES
            && self.capture_gates
            && effect.captured > 0
            && let Some(children) = &self.children
        {
            children.store_captured(&self.board, pos, me, effect.captured);
        }
        self.end_turn::<GATES, T>(pos, me, effect, trace)
    }

    /// Sowing, then the capture at the last seed, with the grand slam judged
    /// before anything is taken.
    #[inline(always)]
    fn sow_and_capture<const RELAY: bool, const WHILE_SOWING: bool, const GATES: bool, T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        from_store: u8,
        captures: bool,
        trace: &mut T,
    ) -> MoveEffect {
        let me = pos.to_move();
        // The first moves of a game may capture nothing (`quiet_moves`).
        // Only the plain loop is specialised without the gates; the others
        // read the flag.
        let gated = GATES && self.capture_gates;
        let captures = captures
            && (!gated
                || ((self.captures.quiet_moves == 0 || pos.get(QUIET) == 0)
                    && pos.get(WAITING) != Some(me)));
        let before = if gated {
            self.captures
                .take_before_sowing(&self.board, pos, me, from, trace)
        } else {
            (0, 0)
        };
        if gated
            && (self.playable.allow == crate::rules::feeding::Allow::EachHouseOnceFirst
                || self.captures.from_played_only)
        {
            pos.set_played(from);
        }
        // The opponent's row before the move, where a cross capture needs
        // the move to have sown into it.
        let opponent_row = if gated && self.captures.cross_needs_opponent_sown {
            Some(pos.row(me.opponent()).to_vec())
        } else {
            None
        };
        // The game's first move may choose the ways for the rest of it.
        let chosen = if gated && self.sowing.turning == crate::rules::sowing::Turning::FirstMove {
            if pos.get(WAYS).is_none()
                && let Some(way) = chosen
            {
                pos.set(
                    WAYS,
                    Some(match me {
                        Side::South => way,
                        Side::North => way.reversed(),
                    }),
                );
            }
            self.sowing.way_of(pos, chosen)
        } else {
            chosen
        };
        // An opening move may sow the board's way, whatever was chosen.
        let chosen = if gated
            && self.sowing.opening == crate::rules::sowing::OpeningSowing::BoardDirection
            && pos.get(OPENING) > 0
        {
            None
        } else {
            chosen
        };
        // The sowings that are not along a ring, or only at the end of a
        // game, are kept apart from the one sowing loop, behind the gates.
        let mut sown = if gated && from_store > 0 {
            // Seeds sown from the store.
            self.sow_from_store(pos, from_store, trace)
        } else if gated && pos.get(BEAR_OFF) {
            self.sow_bearing_off(pos, from, chosen, trace)
        } else if gated && self.sowing.diffuse {
            // Seeds spread round the house played.
            self.sow_diffusing(pos, from, trace)
        } else if gated
            && self.sowing.opening == crate::rules::sowing::OpeningSowing::PlusOneMinusOne
            && pos.get(OPENING) > 0
        {
            self.sow_plus_one_minus_one(pos, from, trace)
        } else {
            // Everything else, an opening move sown to the opponent's row
            // and blocked houses too.
            self.sow::<RELAY, WHILE_SOWING, T>(pos, from, chosen, captures, trace)
        };
        if gated && self.playable.no_return {
            pos.set(CROSSED, self.crossing(from, sown.first_lift, sown.last));
        }
        sown.captured += before.0;
        sown.captured_from_opponent += before.1;
        let mut effect = MoveEffect {
            captured: sown.captured,
            fed: sown.fed,
            last: sown.last,
            endless: sown.end == SownEnd::Endless,
            relay_too_long: sown.end == SownEnd::TooLong,
            ..MoveEffect::default()
        };
        if sown.end != SownEnd::Done {
            return effect;
        }
        let board = &self.board;
        if let Some(before) = opponent_row
            && board.is_house_of(sown.last, me)
            && pos.at(sown.last) == 1
            && pos.row(me.opponent()) == before.as_slice()
        {
            // Alone in the mover's row without sowing across: no capture,
            // and the mover moves again.
            effect.moves_again = true;
            return effect;
        }
        // Most variants have none of the gates on captures: one flag says so.
        let may_capture = captures
            && (!gated
                || (self.captures.single_seed_captures || sown.first_lift != 1)
                    && (self.captures.quiet_moves == 0 || pos.get(QUIET) == 0));
        let mut may_capture = may_capture;
        if gated
            && may_capture
            && let Some(children) = &self.children
        {
            match children.at_last_seed(board, pos, me, &sown, trace) {
                LastSeed::Captures(may) => may_capture = may,
                made => {
                    // A child made or a weg's seeds taken, instead of any
                    // capture; the last few seeds still go to the mover.
                    match made {
                        LastSeed::WegTaken(seeds) => {
                            effect.captured += seeds;
                            effect.last_seed_captured = true;
                        }
                        _ => effect.child_made = true,
                    }
                    if self.captures.last_seeds_to_mover > 0 {
                        effect.captured += self.captures.take_last_seeds(board, pos, me, trace);
                    }
                    return effect;
                }
            }
        }
        let plan = if may_capture {
            let reverse = sown.reverse
                && self.captures.looks_along == crate::rules::capture::LooksAlong::Move;
            self.captures.plan(board, pos, me, sown.last, reverse)
        } else {
            None
        };
        let from_opponent = sown.captured_from_opponent + plan.map_or(0, |p| p.from_opponent);
        if from_opponent > 0 {
            let left = pos.seeds_on_side(me.opponent()) - plan.map_or(0, |p| p.from_opponent);
            effect.grand_slam = grand_slam::is_grand_slam(from_opponent, left);
        }
        if let Some(plan) = plan {
            if effect.grand_slam && !self.grand_slam.keeps_capture() {
                trace.record(Event::GrandSlam {
                    outcome: SlamOutcome::NothingCaptured,
                });
            } else {
                let keep = if effect.grand_slam && self.grand_slam == GrandSlam::LeaveRightmost {
                    grand_slam::rightmost_kept(board, pos, me)
                } else {
                    None
                };
                if let Some((kept, _)) = keep {
                    // MancalaGames undoes the capture and takes instead
                    // every seed of the opponent's row but the house kept,
                    // whatever the capture took elsewhere.
                    effect.captured += grand_slam::take_row_but(board, pos, me, kept, trace);
                } else {
                    self.captures.take(board, pos, me, sown.last, plan, trace);
                    effect.captured += plan.take;
                }
                effect.last_seed_captured = true;
                if !self.captures.sweep_after_capture.is_empty() {
                    effect.captured += self.captures.sweep_after_capture(board, pos, me, trace);
                }
                if keep.is_some() {
                    trace.record(Event::GrandSlam {
                        outcome: SlamOutcome::LeftRightmost,
                    });
                }
            }
        }
        if effect.grand_slam && self.grand_slam == GrandSlam::OpponentTakesRest {
            // The opponent, left without seeds, takes the capturer's.
            let seeds = pos.collect_row(me, me.opponent());
            trace.record(Event::GrandSlam {
                outcome: SlamOutcome::OpponentTookRest,
            });
            trace.record(Event::Collect {
                side: me.opponent(),
                seeds,
            });
        }
        if gated && may_capture && self.captures.last_seeds_to_mover > 0 {
            // The last few seeds go to the mover.
            effect.captured += self.captures.take_last_seeds(board, pos, me, trace);
        }
        if gated && let Some(children) = &self.children {
            children.after_capture(board, pos, sown.last, trace);
        }
        if gated
            && self.sowing.bear_off
            && !pos.get(BEAR_OFF)
            && pos.houses().iter().all(|&seeds| seeds <= 1)
        {
            pos.set(BEAR_OFF, true);
            trace.record(Event::BearingOff);
        }
        if gated && effect.captured > 0 && board.capture_frees_crossing() {
            // A seed that crossed and captured may go straight back.
            pos.set(CROSSED, None);
        }
        effect
    }

    /// The turn phase: who moves next, and what the position remembers.
    #[inline(always)]
    fn end_turn<const GATES: bool, T: Trace>(
        &self,
        pos: &mut Position,
        me: Side,
        mut effect: MoveEffect,
        trace: &mut T,
    ) -> MoveEffect {
        if effect.captured > 0 && self.tracks_last_capturer {
            pos.set(LAST, Some(me));
        }
        let extra_feed = effect.grand_slam
            && effect.captured > 0
            && self.grand_slam == GrandSlam::CaptureThenFeed;
        pos.set(FEED, extra_feed);
        if extra_feed {
            trace.record(Event::GrandSlam {
                outcome: SlamOutcome::CaptureThenFeed,
            });
            trace.record(Event::ExtraTurn { side: me });
            effect.extra_turn = true;
            return effect;
        }
        if effect.grand_slam
            && effect.captured > 0
            && !matches!(
                self.grand_slam,
                GrandSlam::LeaveRightmost | GrandSlam::OpponentTakesRest
            )
        {
            trace.record(Event::GrandSlam {
                outcome: SlamOutcome::Captured,
            });
        }
        if GATES
            && self.capture_gates
            && pos.get(WAITING).is_some()
            && (effect.captured > 0 || effect.child_made)
        {
            // The first capture or child ends the wait (`starter_waits`).
            pos.set(WAITING, None);
        }
        if GATES && self.capture_gates && pos.get(OPENING) > 0 {
            // One of the opening moves is played (an extra turn counts).
            pos.set(OPENING, pos.get(OPENING) - 1);
        }
        // An extra turn after a capture is a rare rule, behind the gates.
        let again = if GATES && self.capture_gates {
            match self.turn.extra_turn {
                _ if effect.moves_again => true,
                ExtraTurn::AfterCapture => effect.last_seed_captured,
                ExtraTurn::AfterCaptureOnce => {
                    // One extra turn, then the turn passes, whatever it captures.
                    let again = effect.last_seed_captured && !pos.get(AGAIN);
                    pos.set(AGAIN, again);
                    again
                }
                // The capturer drops the seeds next.
                _ if self.captures.given_away => effect.captured > 0,
                _ => self.turn.moves_again(&self.board, me, effect.last),
            }
        } else {
            self.turn.moves_again(&self.board, me, effect.last)
        };
        if again {
            trace.record(Event::ExtraTurn { side: me });
            effect.extra_turn = true;
        } else {
            pos.set_to_move(me.opponent());
            if GATES && self.capture_gates && self.captures.quiet_moves > 0 && pos.get(QUIET) > 0 {
                // One of the first moves, which capture nothing, is played.
                pos.set(QUIET, pos.get(QUIET) - 1);
            }
        }
        effect
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn oware() -> Rules {
        crate::rules::shipped("oware.toml")
    }

    fn pos(houses: &[u8], stores: [u8; 2], to_move: Side) -> Position {
        Position::new(houses, stores, to_move).unwrap()
    }

    #[test]
    fn laps_sown_at_once_match_laps_sown_seed_by_seed() {
        for file in ["oware.toml", "wouri.toml", "kalah.toml", "ouri.toml"] {
            let rules = crate::rules::shipped(file);
            for seeds in [11u8, 12, 13, 14, 25, 26, 27, 40] {
                let mut houses = [0u8; 12];
                houses[2] = seeds;
                houses[7] = 48 - seeds;
                let start = pos(&houses, [0, 0], Side::South);
                let (mut fast, mut slow) = (start.clone(), start.clone());
                let quick = rules.apply(&mut fast, 2, None, &mut ());
                let mut events: Vec<Event> = Vec::new();
                let traced = rules.apply(&mut slow, 2, None, &mut events);
                assert_eq!(fast, slow, "{file}: {seeds} seeds");
                assert_eq!(quick, traced, "{file}: {seeds} seeds");
                assert_eq!(fast.key(), fast.compute_key(), "{file}: {seeds} seeds");
            }
        }
    }

    #[test]
    fn select_bit_finds_each_set_bit() {
        for mask in [1u32, 0b1011_0110, 0x8000_0001, 0x03FF_FFFF, u32::MAX] {
            let places: Vec<u8> = (0..32).filter(|&b| mask >> b & 1 == 1).collect();
            for (k, &place) in places.iter().enumerate() {
                assert_eq!(select_bit(mask, k as u32), place, "{mask:b} {k}");
            }
        }
    }

    #[test]
    fn oware_opening_moves() {
        let rules = oware();
        let start = rules.start();
        let moves: String = rules
            .legal_moves(&start)
            .iter()
            .map(|m| m.label())
            .collect();
        assert_eq!(moves, "ABCDEF");
        let mut p = start.clone();
        let effect = rules
            .play(&mut p, Move::from_label('D').unwrap(), &mut ())
            .unwrap();
        assert_eq!(p.houses(), &[4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
        assert_eq!(effect.last, 7);
        assert_eq!(p.to_move(), Side::North);
    }

    #[test]
    fn wrong_side_and_empty_houses_are_refused() {
        let rules = oware();
        let mut p = rules.start();
        assert!(matches!(
            rules.play(&mut p, Move::from_label('a').unwrap(), &mut ()),
            Err(IllegalMove::NotYourHouse { .. })
        ));
        assert!(matches!(
            rules.play(&mut p, Move::from_label('G').unwrap(), &mut ()),
            Err(IllegalMove::NoSuchHouse { .. })
        ));
        let mut q = pos(&[0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 8], [0, 0], Side::South);
        assert_eq!(
            rules.play(&mut q, Move::from_label('A').unwrap(), &mut ()),
            Err(IllegalMove::Excluded {
                mv: Move::from_label('A').unwrap(),
                verdict: Verdict::Empty
            })
        );
    }

    #[test]
    fn fast_and_judged_move_lists_agree() {
        let rules = oware();
        let p = pos(
            &[1, 0, 4, 0, 0, 12, 0, 0, 0, 0, 0, 0],
            [16, 16],
            Side::South,
        );
        let judged: Vec<Move> = rules
            .verdicts(&p)
            .into_iter()
            .filter(|&(_, v)| v == Verdict::Legal)
            .map(|(m, _)| m)
            .collect();
        assert_eq!(rules.legal_moves(&p).to_vec(), judged);
        // The opponent is empty: only C (4 seeds reach a) and F feed; A does not.
        let labels: String = judged.iter().map(|m| m.label()).collect();
        assert_eq!(labels, "CF");
    }
}
