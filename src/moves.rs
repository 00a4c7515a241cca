//! The moves of a position as the engine gives them: the legal-move list
//! ([`MoveList`]), why a house may not be played ([`Verdict`]), why a move
//! is illegal ([`IllegalMove`]) and what a move did ([`MoveEffect`]).
//!
//! This is the vocabulary the rule phases ([`crate::rules`]) and the
//! [`crate::engine`] share: it sits below both, so neither imports the other
//! for it.

use std::fmt;

use crate::board::Direction;
use crate::position::{Layout, MAX_HOUSES_PER_SIDE, Move, Side};

/// The most times one move may lift a hole for relay sowing. Endless relays
/// are found by repetition (R13); this limit is separate, a resource bound
/// so that every move is judged in milliseconds: in some variants a relay
/// wanders through millions of boards before it ends or repeats. Played
/// Wouri moves relay at most a few dozen times.
pub const MAX_RELAY_LIFTS: u32 = 100_000;

/// The legal moves of a position, kept as bit masks so building, copying
/// and searching it costs a few instructions: one mask over each row (bit
/// `i` is the house `i` places from its owner's left) for each way a move
/// may sow: the rules' way (a bare label), or a direction the mover chose
/// (`>` counter-clockwise, `<` clockwise).
///
/// Where moves carry choices made inside them (the houses taken after a
/// capture, `[capture] chosen_after`), a house's moves are too many for a
/// bit, and the list holds every move one by one instead (`listed`).
#[derive(Clone, PartialEq, Eq)]
pub struct MoveList {
    // `masks[side * 3 + way]`, `way` as `MOVE_WAYS`: one bit per house of a row,
    // so a row must fit a mask.
    masks: [u32; 6],
    // Whether the moves are drops of captured seeds (`c@`): then every
    // move of the list is one.
    pub(crate) drops: bool,
    // The store moves `*1` to `*store` (`[play] sow_from_store`); none at 0.
    pub(crate) store: u8,
    // How the houses lie, which names a bit's house.
    layout: Layout,
    // Every move, in the list's order, where some carry choices (then the
    // masks and `store` are empty); shared, so a copy costs a count, and
    // behind one thin pointer, so that the lists of masks stay small.
    listed: Option<std::sync::Arc<Vec<Move>>>,
}

const _: () = assert!(MAX_HOUSES_PER_SIDE <= u32::BITS as usize);

/// The ways a move may sow, in the order of a [`MoveList`]'s masks.
const MOVE_WAYS: [Option<Direction>; 3] = [
    None,
    Some(Direction::CounterClockwise),
    Some(Direction::Clockwise),
];

impl MoveList {
    /// The bytes the list holds on the heap (a list of moves with choices;
    /// one shared by several lists is counted in each).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.listed.as_ref().map_or(0, |listed| {
            // The shared handle's two counts, the vector and its moves.
            2 * std::mem::size_of::<usize>()
                + std::mem::size_of::<Vec<Move>>()
                + listed.capacity() * std::mem::size_of::<Move>()
        })
    }

    /// An empty list of moves on a two-row board.
    pub fn new() -> MoveList {
        MoveList::on(Layout::two_rows(0))
    }

    /// An empty list of moves on a board laid out as `layout` says.
    #[inline]
    pub fn on(layout: Layout) -> MoveList {
        MoveList {
            masks: [0; 6],
            drops: false,
            store: 0,
            layout,
            listed: None,
        }
    }

    /// A list of the moves `moves`, in that order, some carrying choices
    /// made inside the move.
    pub(crate) fn listed(layout: Layout, moves: Vec<Move>) -> MoveList {
        MoveList {
            listed: Some(std::sync::Arc::new(moves)),
            ..MoveList::on(layout)
        }
    }

    /// The moves of `side`'s houses in `row` (bit `i`: the house `i` places
    /// into its owner's houses) on a board laid out as `layout` says: one
    /// each way from the houses in `chosen`, where the mover chooses the
    /// direction, one sown the rules' way from the others.
    #[inline]
    pub(crate) fn of_row(layout: Layout, side: Side, row: u32, chosen: u32) -> MoveList {
        let mut list = MoveList::on(layout);
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
        if let Some(listed) = &self.listed {
            return listed_len(listed);
        }
        self.masks
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum::<usize>()
            + self.store as usize
    }

    /// True when there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        if let Some(listed) = &self.listed {
            return listed_len(listed) == 0;
        }
        self.masks.iter().all(|&m| m == 0) && self.store == 0
    }

    /// Whether `mv` is in the list.
    // Always inlined: left to itself the compiler calls it out of line from
    // `Game::play`, 1.5% more instructions on Kalah's general path.
    #[inline(always)]
    pub fn contains(&self, mv: Move) -> bool {
        if let Some(listed) = &self.listed {
            return listed_contains(listed, mv);
        }
        if mv.takes_chosen() {
            return false;
        }
        if let Some(seeds) = mv.store_seeds() {
            return seeds <= self.store;
        }
        let offset = self.layout.offset(mv.label());
        offset < 32
            && mv.is_drop() == self.drops
            && self.masks[mv.side().index() * 3 + mv.way()] >> offset & 1 != 0
    }

    /// The `index`-th move, in the list's order (as [`MoveList::iter`]).
    #[inline]
    pub fn get(&self, index: usize) -> Option<Move> {
        if let Some(listed) = &self.listed {
            return listed_get(listed, index);
        }
        let [south, south_ccw, south_cw, north, north_ccw, north_cw] = self.masks;
        if south_ccw | south_cw | north_ccw | north_cw != 0 || self.drops || self.store > 0 {
            // Directions chosen, drops or store moves: rare, and walked in
            // order.
            return self.iter().nth(index);
        }
        let before = south.count_ones() as usize;
        if index < before {
            Some(
                self.layout
                    .move_at(Side::South, select_bit(south, index as u32) as usize),
            )
        } else if index - before < north.count_ones() as usize {
            Some(self.layout.move_at(
                Side::North,
                select_bit(north, (index - before) as u32) as usize,
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
        let listed = self.listed.clone();
        let masks = self.masks;
        let drops = self.drops;
        let layout = self.layout;
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
                                let mv = layout.move_at(side, offset as usize).sowing(MOVE_WAYS[w]);
                                if drops { mv.dropped() } else { mv }
                            })
                    })
                })
                .flatten()
            })
            .chain(store)
            .chain(
                listed
                    .into_iter()
                    .flat_map(|listed| (0..listed.len()).map(move |i| listed[i])),
            )
    }

    /// The moves in a vector.
    pub fn to_vec(&self) -> Vec<Move> {
        self.iter().collect()
    }

    /// Adds the sowing of the house `offset` places into `side`'s houses
    /// (as [`Layout::move_at`] numbers them) the way `way`: what
    /// [`MoveList::insert`] does with that move, without going through its
    /// label.
    #[inline(always)]
    pub(crate) fn insert_house(&mut self, side: Side, offset: usize, way: Option<Direction>) {
        debug_assert_eq!(
            self.layout
                .offset(self.layout.move_at(side, offset).label()),
            offset
        );
        let way = match way {
            None => 0,
            Some(Direction::CounterClockwise) => 1,
            Some(Direction::Clockwise) => 2,
        };
        self.masks[side.index() * 3 + way] |= 1 << (offset & 31);
    }

    #[inline]
    pub(crate) fn insert(&mut self, mv: Move) {
        if let Some(seeds) = mv.store_seeds() {
            self.store = self.store.max(seeds);
            return;
        }
        self.drops |= mv.is_drop();
        let offset = self.layout.offset(mv.label());
        debug_assert!(offset < 32, "a move of the board");
        self.masks[mv.side().index() * 3 + mv.way()] |= 1 << (offset & 31);
    }

    /// Strikes the house move `mv` off a list of houses (not one listed
    /// move by move).
    #[inline]
    pub(crate) fn remove(&mut self, mv: Move) {
        debug_assert!(self.listed.is_none() && mv.store_seeds().is_none());
        let offset = self.layout.offset(mv.label());
        self.masks[mv.side().index() * 3 + mv.way()] &= !(1 << (offset & 31));
    }

    /// Keeps only the moves of houses in `row` (a mask over `side`'s row).
    #[inline]
    pub(crate) fn retain_row(&mut self, side: Side, row: u32) {
        if let Some(listed) = &self.listed {
            let layout = self.layout;
            let kept: Vec<Move> = listed
                .iter()
                .copied()
                .filter(|mv| {
                    mv.store_seeds().is_some()
                        || mv.side() != side
                        || row >> layout.offset(mv.label()) & 1 != 0
                })
                .collect();
            self.listed = Some(std::sync::Arc::new(kept));
        }
        for m in &mut self.masks[side.index() * 3..side.index() * 3 + 3] {
            *m &= row;
        }
    }
}

impl MoveList {
    /// Keeps, of `side`'s moves sown the rules' way (bare labels, a list of
    /// masks), those of the houses in `row`; the moves of a chosen way stay.
    pub(crate) fn retain_bare(&mut self, side: Side, row: u32) {
        debug_assert!(self.listed.is_none(), "a list of masks");
        self.masks[side.index() * 3] &= row;
    }
}

// The moves of a list that names them one by one (choices inside moves),
// out of line: the lists of masks are the hot ones.
#[cold]
#[inline(never)]
fn listed_len(listed: &[Move]) -> usize {
    listed.len()
}

#[cold]
#[inline(never)]
fn listed_contains(listed: &[Move], mv: Move) -> bool {
    listed.contains(&mv)
}

#[cold]
#[inline(never)]
fn listed_get(listed: &[Move], index: usize) -> Option<Move> {
    listed.get(index).copied()
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
    /// It is played only when no other house may be, and another may
    /// (`[play] last_resort`).
    LastResort,
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
    /// An opening move, and the house is not in the row the opening is
    /// played from (`opening_from = "front_row"` or `"back_row"`).
    NotInOpeningRow,
    /// An opening move, and the house does not hold exactly two seeds
    /// (`opening_from = "holding_two"`).
    NotOpeningTwo,
    /// An opening move, and the house is not one of those the opening is
    /// played from (`opening_houses`).
    NotAnOpeningHouse,
    /// Another move captures at the end of its first lap, and this one,
    /// sown the board's way, does not (`first_lap_must_capture`).
    FirstLapCaptureOwed,
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
            Verdict::LastResort => {
                "it is played only when no other house may be, and another may".into()
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
            Verdict::NotInOpeningRow => {
                "an opening move is played from your other row (front or back) only".into()
            }
            Verdict::NotOpeningTwo => {
                "an opening move is played from a house holding exactly two seeds".into()
            }
            Verdict::NotAnOpeningHouse => {
                "an opening move is played from one of the opening houses only".into()
            }
            Verdict::FirstLapCaptureOwed => {
                "another move captures at the end of its first lap, and a capture there must be made".into()
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

/// A board in words for a refusal: "a board of 6 houses per side", or on
/// more rows its shape and how its houses are named.
fn board_in_words(layout: Layout) -> String {
    if layout.single_row() {
        format!("a board of {} houses per side", layout.houses_per_side())
    } else {
        format!(
            "this {}x{} board: a house is named by {}",
            layout.rows(),
            layout.columns(),
            layout.label_form()
        )
    }
}

/// Why `mv` takes the wrong houses by choice, `example` being a legal move
/// of its house.
fn wrong_choice(mv: Move, example: Move) -> String {
    if example.is_mark() && mv.is_mark() {
        return format!(
            "{mv} cannot be marked: a player marks a house of their own back row not marked yet, such as {example}"
        );
    }
    if example.is_mark() {
        return format!(
            "{mv} sows, but the houses are marked first: each player marks houses of their back row, one a turn, each written with `#`, such as {example}"
        );
    }
    if mv.is_mark() {
        return format!("{mv} marks a house, but no house is marked now: write {example}");
    }
    if example.takes_only() {
        return format!(
            "{mv} sows, but houses are taken first, sowing nothing (an opening move, or the houses a capture left): name as many of the opponent's houses as are owed, each after a `+`, such as {example}"
        );
    }
    if mv.takes_only() {
        return format!("{mv} takes houses, but none are owed: write {example}");
    }
    if mv.stop().is_some() && mv.stop() != example.stop() && mv.taken().eq(example.taken()) {
        return format!(
            "{mv} stops its relay where it may not: a relay stops by choice only where a lap ends in an occupied house the mover marked, named after a `/` (the time a lap ends there after a `:`), such as {example}"
        );
    }
    if example.takes_chosen() {
        format!(
            "{mv} does not take the houses it may: after its capture, the capturer takes as many of the opponent's houses holding seeds as the rules say (every one, where fewer hold any), each named after a `+`, such as {example}"
        )
    } else {
        format!(
            "{mv} takes houses by choice, but {} makes no capture to take them after: write {example}",
            mv.base()
        )
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The label names a house beyond the board.
    #[error("there is no house {mv} on {}", board_in_words(*layout))]
    NoSuchHouse {
        /// The move asked for.
        mv: Move,
        /// How the board's houses lie.
        layout: Layout,
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
    /// The mover must place a seed from their hand, and the move plays a
    /// house instead (`[play] place_from_hand`).
    #[error(
        "your hand holds seeds: place one first, in a house of your own, written with `@`, such as {}@",
        mv.label()
    )]
    PlacementNeeded {
        /// The move asked for.
        mv: Move,
    },
    /// A placement from the hand when the hand is empty.
    #[error(
        "{mv} places a seed from your hand, but your hand is empty: once it is, every move sows a house"
    )]
    NothingToPlace {
        /// The move asked for.
        mv: Move,
    },
    /// A placement into a house of the opponent's.
    #[error(
        "{mv} places a seed on the opponent's side: a seed in hand goes into a house of your own"
    )]
    PlacementOnOpponentSide {
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
    /// The house may be played, but the move takes other houses by choice
    /// than the rules allow after its capture (`[capture] chosen_after`).
    #[error("{}", wrong_choice(*mv, *example))]
    WrongChoice {
        /// The move asked for.
        mv: Move,
        /// A legal move of the same house.
        example: Move,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_bit_finds_each_set_bit() {
        for mask in [1u32, 0b1011_0110, 0x8000_0001, 0x03FF_FFFF, u32::MAX] {
            let places: Vec<u8> = (0..32).filter(|&b| mask >> b & 1 == 1).collect();
            for (k, &place) in places.iter().enumerate() {
                assert_eq!(select_bit(mask, k as u32), place, "{mask:b} {k}");
            }
        }
    }
}
