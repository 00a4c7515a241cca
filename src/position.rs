//! A position: the seeds in every house and store, the side to move, and the
//! little state some variants carry between moves.
//!
//! Houses are numbered as ruling C1 (`docs/rulings.md`) says: `0..n` is South's row from
//! South's left, `n..2n` is North's row from North's left, so the numbers run
//! counter-clockwise. Labels follow C2: `A`–`Z` for South, `a`–`z` for North.

use std::fmt;

use crate::board::Direction;
use crate::layer::{Layer, PLANES};
use crate::word::{STATE_BYTES, Typed, Value, Word};

/// The most houses a player may own: two rows of 15, or one row of 26
/// ([`MAX_ROW_LETTERS`]). Positions keep 64 places (houses and the two
/// stores): doubling them for 4×16 boards made the general engine 8% to
/// 20% slower on two-row games, measured, so 4×16 waits for the one
/// engine.
pub const MAX_HOUSES_PER_SIDE: usize = 31;
/// The most houses in the one row a player has on a two-row board: one
/// letter each, `A`–`Z`.
pub const MAX_ROW_LETTERS: usize = 26;
/// The most houses a board may have: two sides' full share.
pub const MAX_HOUSES: usize = 2 * MAX_HOUSES_PER_SIDE;
/// The most seeds a game may hold, on the board and in the stores together.
/// Counts are kept in bytes, so a house can never overflow.
pub const MAX_SEEDS: u32 = 255;

/// The size of a position's array of places: houses, then unused slots,
/// then the two stores at the very end ([`crate::board::STORE`]). A power of
/// two above [`MAX_HOUSES`] + 2, so the sowing loop can index it with
/// `place & (PLACES - 1)` and no bounds check, and whole 8-byte words can be
/// read for move generation.
pub const PLACES: usize = 64;
const _: () = assert!(PLACES >= MAX_HOUSES + 2 && PLACES.is_power_of_two());

/// The places of the stores, `[south, north]`.
const STORE: [usize; 2] = [PLACES - 2, PLACES - 1];

/// `N` numbers of the SplitMix64 stream seeded with `seed`: the key's
/// terms, each table its own stream.
const fn key_stream<const N: usize>(seed: u64) -> [u64; N] {
    let mut rng = crate::rng::Rng::new(seed);
    let mut table = [0u64; N];
    let mut i = 0;
    while i < N {
        table[i] = rng.next_u64();
        i += 1;
    }
    table
}

/// The multipliers of the position key, one per place: a position's key is
/// the sum of `count * KEY_PLACE[place]` plus a term for the side to move and
/// one for each piece of carried state, all added modulo 2^64, so a move
/// updates it with one addition per change. Odd, so no count is lost.
const KEY_PLACE: [u64; PLACES] = {
    let mut table = key_stream(0x2545_F491_4F6C_DD1D);
    let mut i = 0;
    while i < PLACES {
        table[i] |= 1;
        i += 1;
    }
    table
};
/// The key's multiplier for one seed at `place`.
#[inline(always)]
pub(crate) fn place_key(place: usize) -> u64 {
    KEY_PLACE[place & (PLACES - 1)]
}

const KEY_NORTH_TO_MOVE: u64 = 0x5851_F42D_4C95_7F2D;

/// The key's term for each bit plane of the per-house layers
/// ([`crate::layer`]) at each house, so a change of mark changes the key by
/// one addition per plane. The children's planes (a child of South, of
/// North; both for a ram), blocked houses, houses played, owners changed,
/// marked houses.
///
/// The terms of houses 0 to 51 (every two-row board) are those of the
/// build before boards of more rows, so a position keys as it did and the
/// rounds dealt at random from a position's key deal as they did; the
/// houses past them (boards of three and four rows) take terms of a stream
/// of their own.
const KEY_LAYER: [[u64; MAX_HOUSES]; PLANES] = [
    key_terms(0x9E6C_63D0_676A_9A99, 0x243F_6A88_85A3_08D3),
    // Where the stream above leaves off, two-row boards' 52 houses on.
    key_terms(
        0x9E6C_63D0_676A_9A99u64.wrapping_add(52u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        0x1319_8A2E_0370_7344,
    ),
    key_terms(0x3C6E_F372_FE94_F82B, 0xA409_3822_299F_31D0),
    key_terms(0x5851_F42D_4C95_7F2D, 0x082E_FA98_EC4E_6C89),
    key_terms(0xBB67_AE85_84CA_A73B, 0x4528_21E6_38D0_1377),
    key_terms(0x6A09_E667_F3BC_C908, 0xB7E1_5162_8AED_2A6A),
];

/// A plane's key terms: houses 0 to 51 from `seed`'s stream, the rest from
/// `more`'s.
const fn key_terms(seed: u64, more: u64) -> [u64; MAX_HOUSES] {
    let first: [u64; MAX_HOUSES] = key_stream(seed);
    let rest: [u64; MAX_HOUSES] = key_stream(more);
    let mut table = first;
    let mut i = 52;
    while i < MAX_HOUSES {
        table[i] = rest[i];
        i += 1;
    }
    table
}

/// The planes of the children layer: a child of South, of North.
const CHILD: [usize; 2] = [0, 1];
/// The plane of blocked houses.
const BLOCKED: usize = 2;
/// The plane of houses played.
const PLAYED: usize = 3;
/// The plane of marked houses.
const MARKED: usize = 5;

/// One of the two players. South moves first and owns the bottom row (C1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player, owner of the bottom row `A`–`F`.
    South = 0,
    /// The second player, owner of the top row `a`–`f`.
    North = 1,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into store pairs.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name used in JSON and messages.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The name with a capital, for prose.
    pub fn title(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// How each player's houses lie on the board: how many a player owns, and
/// how many of them are in the row facing the opponent.
///
/// On a two-row board each player has one row (`front` is 0, and houses are
/// labelled by letters, C2). On three and four rows each player has a
/// *front* row, facing the opponent, and a *back* row behind it; a side's
/// houses are numbered front row first, each row from its owner's left. On
/// three rows the middle row is shared: each player's front row is the
/// right half of it as that player sees it (Selus, Gabata), so it starts at
/// the column where the back row's right half does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    houses_per_side: u8,
    /// Houses in each player's front row; 0 where each has a single row.
    front: u8,
}

impl Layout {
    /// Two rows of `columns` houses, one a player.
    pub const fn two_rows(columns: usize) -> Layout {
        Layout {
            houses_per_side: columns as u8,
            front: 0,
        }
    }

    /// A player's `front` houses facing the opponent and `back` houses
    /// behind them: four rows where the two are equal, three where the
    /// front row is half the back row (the middle row shared).
    pub const fn front_and_back(front: usize, back: usize) -> Layout {
        Layout {
            houses_per_side: (front + back) as u8,
            front: front as u8,
        }
    }

    /// The houses a player owns.
    #[inline(always)]
    pub fn houses_per_side(self) -> usize {
        self.houses_per_side as usize
    }

    /// Houses in each player's front row (0: each has a single row).
    #[inline]
    pub fn front(self) -> usize {
        self.front as usize
    }

    /// Whether each player has one row (a two-row board, letter labels).
    #[inline(always)]
    pub fn single_row(self) -> bool {
        self.front == 0
    }

    /// Rows on the board: 2, 3 (a middle row shared) or 4.
    pub fn rows(self) -> usize {
        match self.front as usize {
            0 => 2,
            f if 2 * f == self.houses_per_side as usize => 4,
            _ => 3,
        }
    }

    /// Houses in a full row of the board.
    pub fn columns(self) -> usize {
        if self.front == 0 {
            self.houses_per_side as usize
        } else {
            (self.houses_per_side - self.front) as usize
        }
    }

    /// The column (from the owner's left, from 0) where a player's front
    /// row starts: 0 on four rows, the back row's middle on three.
    #[inline]
    fn front_start(self) -> usize {
        self.columns() - self.front as usize
    }

    /// Where `offset` (0-based in its owner's houses) lies: the label of
    /// `side`'s house there.
    #[inline]
    pub fn label_at(self, side: Side, offset: usize) -> Label {
        let (row, column) = if self.front == 0 {
            (0, offset)
        } else if offset < self.front as usize {
            (1, self.front_start() + offset)
        } else {
            (2, offset - self.front as usize)
        };
        Label {
            side,
            row: row as u8,
            column: column as u8,
        }
    }

    /// The label of absolute house `house`.
    #[inline]
    pub fn label(self, house: usize) -> Label {
        let n = self.houses_per_side as usize;
        if house < n {
            self.label_at(Side::South, house)
        } else {
            self.label_at(Side::North, house - n)
        }
    }

    /// The place of `label` in its owner's houses; [`NO_OFFSET`] or more
    /// where the board has no such house (a letter on a board of more
    /// rows, a column past the row's end).
    #[inline]
    pub fn offset(self, label: Label) -> usize {
        let column = label.column as usize;
        match (self.front, label.row) {
            (0, 0) => column,
            (front, 1) if front > 0 => {
                let start = self.front_start();
                if (start..start + front as usize).contains(&column) {
                    column - start
                } else {
                    NO_OFFSET
                }
            }
            (front, 2) if front > 0 && column < self.columns() => front as usize + column,
            _ => NO_OFFSET,
        }
    }

    /// The absolute house `label` names, if the board has it.
    #[inline]
    pub fn house(self, label: Label) -> Option<usize> {
        let offset = self.offset(label);
        (offset < self.houses_per_side as usize)
            .then(|| label.side.index() * self.houses_per_side as usize + offset)
    }

    /// Where house `house` lies as South sees the board: its row (0 the
    /// bottom, South's back row; on two rows South's only row) and its
    /// column (0 South's left). North's houses are turned round.
    pub fn cell(self, house: usize) -> (usize, usize) {
        let n = self.houses_per_side();
        let side = if house < n { Side::South } else { Side::North };
        let offset = house - side.index() * n;
        let label = self.label_at(side, offset);
        // The row counted from the owner's back row.
        let own_row = usize::from(self.front != 0 && offset < self.front as usize);
        match side {
            Side::South => (own_row, label.column()),
            Side::North => (
                self.rows() - 1 - own_row,
                self.columns() - 1 - label.column(),
            ),
        }
    }

    /// The houses cell by cell as South sees the board: the rows from the
    /// bottom (South's back row) up, each from South's left.
    pub fn grid(self) -> Vec<Vec<usize>> {
        let mut grid = vec![vec![0; self.columns()]; self.rows()];
        for house in 0..2 * self.houses_per_side() {
            let (row, column) = self.cell(house);
            grid[row][column] = house;
        }
        grid
    }

    /// The move that plays `side`'s house `offset`, sown the rules' way.
    #[inline]
    pub fn move_at(self, side: Side, offset: usize) -> Move {
        Move::at(self.label_at(side, offset))
    }

    /// The move that plays absolute house `house`, sown the rules' way.
    #[inline]
    pub fn move_of(self, house: usize) -> Move {
        Move::at(self.label(house))
    }

    /// How a house of this board is written, for messages: "a letter, A-Z
    /// for South and a-z for North", or "a row and a column, as A1 or b8".
    pub fn label_form(self) -> String {
        if self.front == 0 {
            "a letter, A-Z for South and a-z for North".into()
        } else {
            let first = self.label_at(Side::South, 0);
            let back = self.label_at(Side::North, self.houses_per_side as usize - 1);
            format!(
                "a row and a column: South's front row A, back row B, North's a and b, each numbered from its owner's left ({first} to {back})"
            )
        }
    }
}

/// An offset past every side's houses: [`Layout::offset`] of a label the
/// board does not have.
pub const NO_OFFSET: usize = u8::MAX as usize;

/// A house's name, as the notation writes it (RULINGS C2): its owner, and on
/// a two-row board its place in the owner's row (`A`–`Z` for South,
/// `a`–`z` for North); on three and four rows its row, `A` (front) or `B`
/// (back), and its column from the owner's left, from 1 (`A1`, `b8`; lower
/// case for North). The row letters follow the notation of the Bao
/// literature, where South's front and back rows are A and B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label {
    side: Side,
    /// 0: the owner's only row (a letter label); 1: the front row; 2: the
    /// back row.
    row: u8,
    /// From the owner's left, from 0.
    column: u8,
}

impl Label {
    /// Reads a label: a letter (`C`, `c`) or a row letter and a column
    /// number (`A3`, `b12`). `None` for anything else.
    pub fn parse(text: &str) -> Option<Label> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        let side = match letter {
            'A'..='Z' => Side::South,
            'a'..='z' => Side::North,
            _ => return None,
        };
        let index = letter.to_ascii_uppercase() as u8 - b'A';
        let digits = chars.as_str();
        if digits.is_empty() {
            return Some(Label {
                side,
                row: 0,
                column: index,
            });
        }
        if index > 1 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let column = digits
            .parse::<u8>()
            .ok()
            .filter(|&c| (1..=64).contains(&c))?;
        Some(Label {
            side,
            row: 1 + index,
            column: column - 1,
        })
    }

    /// Whose house it names.
    #[inline]
    pub fn side(self) -> Side {
        self.side
    }

    /// Its column from the owner's left, from 0 (on two rows, its place in
    /// the owner's row).
    #[inline]
    pub fn column(self) -> usize {
        self.column as usize
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = match self.side {
            Side::South => b'A',
            Side::North => b'a',
        };
        if self.row == 0 {
            write!(f, "{}", (base + self.column) as char)
        } else {
            write!(f, "{}{}", (base + self.row - 1) as char, self.column + 1)
        }
    }
}

/// Labels written one after another (`ABCDEF`, `A1A2B1`), as a list of
/// moves' houses is shown.
impl FromIterator<Label> for String {
    fn from_iter<I: IntoIterator<Item = Label>>(labels: I) -> String {
        labels.into_iter().map(|label| label.to_string()).collect()
    }
}

/// A move: the house a player empties, named by its label (its owner, and
/// its place in the owner's rows), and the direction the mover chose,
/// where the variant lets them choose (`C>` counter-clockwise, `C<`
/// clockwise; a bare `C` sows the way the rules say). A *drop* (`c@`)
/// plays no house: it puts the seeds the mover has just captured into the
/// opponent's house `c` (`[capture] given_to_opponent`). A *store move*
/// (`*K`) plays no house either: the mover sows K seeds from their own
/// store (`[play] sow_from_store`); whose store it is follows from the
/// position, so such a move names no side.
///
/// A move may also carry choices the mover makes inside it: where a
/// capture lets the capturer take the seeds of opponent's houses of their
/// choosing (`[capture] chosen_after`), the houses chosen (`B6+b3+a1`),
/// kept in label order so one choice is one move whatever order it was
/// written in; where a relay lap ending in a house the mover marked lets
/// them stop there (`[sowing] relay_may_stop_at_marked`), the house where
/// they stop (`B6/A1`, or `B6/A1:2` the second time a lap ends there). A
/// *marking* (`B6#`) sows nothing: the mover marks their house `B6` before
/// the game's first sowing (`[play] marked`).
///
/// A move names its house as the notation does, so it prints and reads
/// without the board; the board's [`Layout`] says which house it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    house: Label,
    /// The direction chosen in the high bits ([`WAY_SHIFT`]): 0 none, 1
    /// counter-clockwise, 2 clockwise (the order of [`Direction`]'s
    /// options, and of the move lists' masks); what the move does with its
    /// house in the low bits: 0 sows it, [`DROP`] drops the seeds just
    /// captured into it, [`MARK`] marks it, [`TAKE`] only takes. One byte
    /// for both keeps a move 12 bytes: the engine copies moves on every ply.
    kind: u8,
    /// The seeds a store move sows; 0 for every other move.
    from_store: u8,
    /// Where the mover stops a relay by choice: the house's label code plus
    /// one in the high byte, and which time a lap ends there in the low
    /// byte; 0 where the move stops nowhere by choice.
    stop: u16,
    /// The later laps the mover sows the other way by choice (`[sowing]
    /// reverse_from`): bit `k` for the `k`-th lap, after the first, that
    /// offered the choice along the move; 0 where every such lap went the
    /// usual way.
    reversed: u8,
    /// The houses taken by the mover's choice after a capture, one 8-bit
    /// slot each from the top, in label order: the label's code plus one,
    /// 0 for an unused slot (so that unused slots come last and sort
    /// first). Four slots in one word keep a move small: the engine copies
    /// and compares moves on every ply.
    taken: u32,
}

/// Where [`Move::kind`]'s direction starts; the place is below it.
const WAY_SHIFT: u8 = 2;
/// [`Move::kind`]'s bits for the place.
const PLACE: u8 = (1 << WAY_SHIFT) - 1;
/// [`Move::place`]: the move drops captured seeds into its house.
const DROP: u8 = 1;
/// [`Move::place`]: the move marks its house.
const MARK: u8 = 2;
/// [`Move::place`]: the move sows nothing and only takes houses by choice
/// (`+b3+b5`, `[capture] chosen_left_to_opponent`).
const TAKE: u8 = 3;

const SLOT_BITS: u32 = 8;
const _: () = assert!(SLOT_BITS * MAX_TAKEN as u32 == u32::BITS);

/// The most houses a move may take by the mover's choice after a capture
/// (`[capture] chosen_after`).
pub const MAX_TAKEN: usize = 4;

/// The most laps after the first whose way one move may choose (`[sowing]
/// reverse_from`): past them, a lap goes the board's way. A bound on the
/// moves listed, which double with each choice.
pub const MAX_LAP_WAYS: u32 = 8;

const _: () = assert!(MAX_LAP_WAYS <= u8::BITS);
const _: () = assert!(std::mem::size_of::<Move>() == 12);

impl Label {
    /// A house's label as 8 bits, in the order labels sort: the side, the
    /// row (0 to 2), the column (below 32, as every house of a board has).
    #[inline]
    fn code(self) -> Option<u32> {
        (self.column < 32)
            .then_some((self.side as u32) << 7 | (self.row as u32) << 5 | self.column as u32)
    }

    #[inline]
    fn from_code(code: u32) -> Label {
        Label {
            side: if code >> 7 & 1 == 0 {
                Side::South
            } else {
                Side::North
            },
            row: (code >> 5 & 3) as u8,
            column: (code & 31) as u8,
        }
    }
}

impl Move {
    /// The move that plays `side`'s house `offset` (0-based from its left)
    /// on a two-row board, sowing the way the rules say. On a board of more
    /// rows, [`Layout::move_at`].
    pub fn new(side: Side, offset: u8) -> Move {
        Move::at(Label {
            side,
            row: 0,
            column: offset,
        })
    }

    /// The move that plays the house `label` names, sowing the way the rules
    /// say.
    #[inline]
    pub fn at(label: Label) -> Move {
        Move {
            house: label,
            kind: 0,
            from_store: 0,
            stop: 0,
            reversed: 0,
            taken: 0,
        }
    }

    /// The move that sows `seeds` from the mover's own store (`*K`).
    #[inline]
    pub fn from_store(seeds: u8) -> Move {
        Move {
            from_store: seeds,
            ..Move::new(Side::South, 0)
        }
    }

    /// The seeds a store move (`*K`) sows from the mover's store; `None`
    /// for a move that names a house.
    #[inline]
    pub fn store_seeds(self) -> Option<u8> {
        (self.from_store > 0).then_some(self.from_store)
    }

    /// The drop of the seeds just captured into this house (`c@`).
    #[inline]
    pub fn dropped(self) -> Move {
        Move { kind: DROP, ..self }
    }

    /// The marking of this house (`B6#`, `[play] marked`).
    #[inline]
    pub fn marked(self) -> Move {
        Move { kind: MARK, ..self }
    }

    /// The move that only takes the houses `labels` names, sowing nothing
    /// (`+b3+b5`, `[capture] chosen_left_to_opponent`); `None` as for
    /// [`Move::taking`], or for no house.
    pub fn taking_only(labels: &[Label]) -> Option<Move> {
        let first = *labels.iter().min()?;
        Move {
            kind: TAKE,
            ..Move::at(first)
        }
        .taking(labels)
    }

    /// Whether the move only takes houses, sowing nothing (`+b3+b5`).
    #[inline]
    pub fn takes_only(self) -> bool {
        self.place() == TAKE
    }

    /// Whether the move marks its house (`B6#`) rather than playing it.
    #[inline]
    pub fn is_mark(self) -> bool {
        self.place() == MARK
    }

    /// The same move, stopping its relay by the mover's choice the `time`-th
    /// time (from 1) a lap ends in the marked house `at` (`B6/A1`,
    /// `B6/A1:2`); `None` for a time of 0.
    pub fn stopping(self, at: Label, time: u8) -> Option<Move> {
        let code = at.code()?;
        (time > 0).then_some(Move {
            stop: ((code + 1) as u16) << 8 | time as u16,
            ..self
        })
    }

    /// Where the move stops its relay by choice: the house, and which time
    /// a lap ends there (from 1).
    #[inline]
    pub fn stop(self) -> Option<(Label, u8)> {
        (self.stop != 0).then(|| {
            (
                Label::from_code((self.stop >> 8) as u32 - 1),
                (self.stop & 0xff) as u8,
            )
        })
    }

    /// The same move, sowing the later laps `reversed` names the other way
    /// (`[sowing] reverse_from`): bit `k` for the `k`-th lap after the
    /// first that offers the choice along the move (`B6/><`).
    #[inline]
    pub fn reversing(self, reversed: u8) -> Move {
        Move { reversed, ..self }
    }

    /// The later laps the move sows the other way by choice, as
    /// [`Move::reversing`] takes them.
    #[inline]
    pub fn reversed_laps(self) -> u8 {
        self.reversed
    }

    /// Whether the move is any but a house's plain sowing or drop: a store
    /// move, a marking, or a move carrying choices made inside it.
    #[inline]
    pub(crate) fn is_rare(self) -> bool {
        self.from_store != 0 || self.has_choices() || self.place() >= MARK
    }

    /// Whether the move carries a choice made inside it: houses taken, a
    /// relay stopped, or a later lap sown the other way.
    #[inline]
    pub fn has_choices(self) -> bool {
        self.taken != 0 || self.stop != 0 || self.reversed != 0
    }

    /// Whether the move drops captured seeds into the house (`c@`) rather
    /// than playing it.
    #[inline]
    pub fn is_drop(self) -> bool {
        self.place() == DROP
    }

    /// Reads a house label such as `C`, `c` (C2) or `A3`. Returns `None`
    /// for anything else.
    pub fn from_label(label: &str) -> Option<Move> {
        Label::parse(label).map(Move::at)
    }

    /// The same house, sown in `direction` by the mover's choice (`None`:
    /// the way the rules say).
    #[inline]
    pub fn sowing(self, direction: Option<Direction>) -> Move {
        let way = match direction {
            None => 0,
            Some(Direction::CounterClockwise) => 1,
            Some(Direction::Clockwise) => 2,
        };
        Move {
            kind: way << WAY_SHIFT | self.place(),
            ..self
        }
    }

    /// What the move does with its house ([`Move::kind`]'s low bits).
    #[inline]
    fn place(self) -> u8 {
        self.kind & PLACE
    }

    /// The direction the mover chose, if the move carries one.
    #[inline]
    pub fn direction(self) -> Option<Direction> {
        match self.kind >> WAY_SHIFT {
            0 => None,
            1 => Some(Direction::CounterClockwise),
            _ => Some(Direction::Clockwise),
        }
    }

    /// The direction chosen as an index: 0 none, 1 counter-clockwise, 2
    /// clockwise.
    #[inline]
    pub(crate) fn way(self) -> usize {
        (self.kind >> WAY_SHIFT) as usize
    }

    /// Whose house this is.
    #[inline]
    pub fn side(self) -> Side {
        self.house.side
    }

    /// The house label, without the direction.
    #[inline]
    pub fn label(self) -> Label {
        self.house
    }

    /// The same move, also taking the houses `labels` names by the mover's
    /// choice after its capture (`B6+b3+a1`); `None` when a house is named
    /// twice or more than [`MAX_TAKEN`] are named.
    pub fn taking(self, labels: &[Label]) -> Option<Move> {
        if labels.len() > MAX_TAKEN {
            return None;
        }
        // Sorted on the stack: moves with choices are made on every ply.
        let mut sorted = [Label::from_code(0); MAX_TAKEN];
        let sorted = &mut sorted[..labels.len()];
        sorted.copy_from_slice(labels);
        sorted.sort_unstable();
        if sorted.windows(2).any(|pair| pair[0] == pair[1]) {
            return None;
        }
        // The first label in the highest slot, as the labels sort.
        let mut taken = 0;
        for (i, label) in sorted.iter().enumerate() {
            taken |= (label.code()? + 1) << (u32::BITS - SLOT_BITS * (i as u32 + 1));
        }
        Some(Move { taken, ..self })
    }

    /// The houses the move takes by the mover's choice, in label order.
    #[inline]
    pub fn taken(&self) -> impl Iterator<Item = Label> + use<> {
        let taken = self.taken;
        (1..=MAX_TAKEN as u32)
            .map(move |i| taken >> (u32::BITS - SLOT_BITS * i) & ((1 << SLOT_BITS) - 1))
            .take_while(|&slot| slot != 0)
            .map(|slot| Label::from_code(slot - 1))
    }

    /// Whether the move takes houses by the mover's choice.
    #[inline]
    pub fn takes_chosen(self) -> bool {
        self.taken != 0
    }

    /// The move without the choices made inside it (the houses it takes,
    /// where it stops): the house sown and its direction.
    #[inline]
    pub fn base(self) -> Move {
        Move {
            taken: 0,
            stop: 0,
            reversed: 0,
            ..self
        }
    }

    /// The move without the houses it takes by choice: its house, its
    /// direction and where it stops.
    #[inline]
    pub fn without_taken(self) -> Move {
        Move { taken: 0, ..self }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.direction() {
            None if let Some(seeds) = self.store_seeds() => write!(f, "*{seeds}"),
            None if self.is_drop() => write!(f, "{}@", self.label()),
            None if self.is_mark() => write!(f, "{}#", self.label()),
            None if self.takes_only() => Ok(()),
            None => write!(f, "{}", self.label()),
            Some(direction) => write!(f, "{}{}", self.label(), direction.mark()),
        }?;
        match self.stop() {
            Some((at, 1)) => write!(f, "/{at}")?,
            Some((at, time)) => write!(f, "/{at}:{time}")?,
            None => {}
        }
        if self.reversed != 0 {
            // The way of each later lap that offered a choice, in order,
            // up to the last sown the other way.
            f.write_str("/")?;
            for k in 0..u8::BITS - self.reversed.leading_zeros() {
                f.write_str(if self.reversed >> k & 1 == 1 {
                    "<"
                } else {
                    ">"
                })?;
            }
        }
        for label in self.taken() {
            write!(f, "+{label}")?;
        }
        Ok(())
    }
}

/// The seeds on a board, the stores and whose turn it is.
///
/// A `Position` is any arrangement of seeds; whether it can arise in a game is
/// not its concern. [`crate::Rules::check_position`] checks that it fits a variant.
/// Houses and stores are places in one array ([`crate::board`]).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    places: [u8; PLACES],
    /// Kept equal to [`Position::compute_key`] by every change.
    key: u64,
    layout: Layout,
    /// The player to move (bit 0 of byte 0) and the state words
    /// ([`crate::word`]), each in the bits [`Word::slot`] gives it, 0 where
    /// absent.
    state: [u8; STATE_BYTES],
    /// The per-house layers ([`crate::layer`]), one bit plane each bit of
    /// a layer's value: bit `h` of a plane is house `h`'s. All zero where
    /// the variant has no layer.
    layers: [u64; PLANES],
}

impl Position {
    /// A position with `houses` (in C1 order, two equal rows), `stores` as
    /// `[south, north]`, and `to_move` to play.
    ///
    /// Fails when the rows are empty, unequal or too long, or when the seeds
    /// exceed [`MAX_SEEDS`].
    pub fn new(houses: &[u8], stores: [u8; 2], to_move: Side) -> Result<Position, PositionError> {
        if houses.is_empty() || !houses.len().is_multiple_of(2) {
            return Err(PositionError::OddHouses(houses.len()));
        }
        let n = houses.len() / 2;
        if n > MAX_ROW_LETTERS {
            return Err(PositionError::TooManyHouses(n));
        }
        Position::laid_out(houses, stores, to_move, Layout::two_rows(n))
    }

    /// A position on a board laid out as `layout` says: `houses` in house
    /// order (South's, then North's, each in label order), `stores` as
    /// `[south, north]`, and `to_move` to play.
    ///
    /// Fails when the houses are not the layout's, or when the seeds exceed
    /// [`MAX_SEEDS`].
    pub fn laid_out(
        houses: &[u8],
        stores: [u8; 2],
        to_move: Side,
        layout: Layout,
    ) -> Result<Position, PositionError> {
        let n = layout.houses_per_side();
        if n == 0 || n > MAX_HOUSES_PER_SIDE {
            return Err(PositionError::TooManyHouses(n));
        }
        if houses.len() != 2 * n {
            return Err(PositionError::WrongBoard {
                expected: n,
                found: houses.len() / 2,
            });
        }
        let total: u32 =
            houses.iter().map(|&s| s as u32).sum::<u32>() + stores[0] as u32 + stores[1] as u32;
        if total > MAX_SEEDS {
            return Err(PositionError::TooManySeeds(total));
        }
        let mut places = [0u8; PLACES];
        places[..houses.len()].copy_from_slice(houses);
        places[STORE[0]] = stores[0];
        places[STORE[1]] = stores[1];
        let mut position = Position {
            places,
            key: 0,
            layout,
            state: [to_move as u8, 0, 0, 0, 0, 0],
            layers: [0; PLANES],
        };
        position.key = position.compute_key();
        Ok(position)
    }

    /// The houses in C1 order.
    #[inline]
    pub fn houses(&self) -> &[u8] {
        &self.places[..2 * self.layout.houses_per_side()]
    }

    /// Every place, houses and stores, by place number ([`crate::board`]).
    #[inline]
    pub fn places(&self) -> &[u8; PLACES] {
        &self.places
    }

    /// The seeds at `place`.
    #[inline(always)]
    pub fn at(&self, place: usize) -> u8 {
        self.places[place & (PLACES - 1)]
    }

    /// The seeds of the eight places from `start` (at most 56) as the bytes
    /// of one word, `start`'s lowest: eight houses tested at once.
    #[inline(always)]
    pub(crate) fn places_word(&self, start: usize) -> u64 {
        let start = start.min(PLACES - 8);
        u64::from_le_bytes(
            self.places[start..start + 8]
                .try_into()
                .expect("8 places from a start at most 56"),
        )
    }

    /// Drops `seeds` more into `place`.
    #[inline(always)]
    pub(crate) fn add(&mut self, place: usize, seeds: u8) {
        let place = place & (PLACES - 1);
        self.places[place] += seeds;
        self.key = self
            .key
            .wrapping_add((seeds as u64).wrapping_mul(KEY_PLACE[place]));
    }

    /// Drops `seeds` more into `place` without touching the key: the caller
    /// brings the key up to date with [`Position::shift_key`] (the sowing
    /// loop adds a whole handful's share at once).
    #[inline(always)]
    pub(crate) fn add_unkeyed(&mut self, place: usize, seeds: u8) {
        self.places[place & (PLACES - 1)] += seeds;
    }

    /// Adds `delta` to the key, for changes made with
    /// [`Position::add_unkeyed`].
    #[inline(always)]
    pub(crate) fn shift_key(&mut self, delta: u64) {
        self.key = self.key.wrapping_add(delta);
    }

    /// Takes one seed from `place`, which holds at least one.
    #[inline(always)]
    pub(crate) fn take_one(&mut self, place: usize) {
        let held = self.take(place);
        self.add(place, held - 1);
    }

    /// Empties `place`; returns the seeds it held.
    #[inline(always)]
    pub(crate) fn take(&mut self, place: usize) -> u8 {
        let place = place & (PLACES - 1);
        let seeds = self.places[place];
        self.places[place] = 0;
        self.key = self
            .key
            .wrapping_sub((seeds as u64).wrapping_mul(KEY_PLACE[place]));
        seeds
    }

    /// The houses `side` owns, in label order: its row from its left, or
    /// on three and four rows its front row, then its back row.
    pub fn row(&self, side: Side) -> &[u8] {
        let n = self.houses_per_side();
        &self.places[side.index() * n..side.index() * n + n]
    }

    /// The houses each player owns.
    #[inline]
    pub fn houses_per_side(&self) -> usize {
        self.layout.houses_per_side()
    }

    /// How each player's houses lie in rows.
    #[inline]
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The seeds row by row as South sees the board: from the bottom row
    /// (South's back row) up to the top, each from South's left.
    pub fn rows_from_bottom(&self) -> Vec<Vec<u8>> {
        self.layout
            .grid()
            .into_iter()
            .map(|row| row.into_iter().map(|house| self.at(house)).collect())
            .collect()
    }

    /// The seeds in `side`'s store.
    #[inline]
    pub fn store(&self, side: Side) -> u8 {
        self.places[STORE[side.index()]]
    }

    /// Both stores, `[south, north]` (C4).
    #[inline]
    pub fn stores(&self) -> [u8; 2] {
        [self.places[STORE[0]], self.places[STORE[1]]]
    }

    /// Whose turn it is.
    #[inline]
    pub fn to_move(&self) -> Side {
        if self.state[0] & 1 == 0 {
            Side::South
        } else {
            Side::North
        }
    }

    #[inline]
    pub(crate) fn set_to_move(&mut self, side: Side) {
        if side != self.to_move() {
            self.key = match side {
                Side::North => self.key.wrapping_add(KEY_NORTH_TO_MOVE),
                Side::South => self.key.wrapping_sub(KEY_NORTH_TO_MOVE),
            };
            self.state[0] ^= 1;
        }
    }

    /// The value of a state word ([`crate::word`]): `get(QUIET)` is the
    /// quiet moves left, `get(LAST)` who captured last, if anyone has.
    #[inline]
    pub fn get<T: Value>(&self, word: Typed<T>) -> T {
        T::decode(self.code(word.word))
    }

    /// Sets a state word, keeping the key.
    #[inline]
    pub fn set<T: Value>(&mut self, word: Typed<T>, value: T) {
        self.set_code(word.word, value.code());
    }

    /// A state word as its code, 0 where the word is absent.
    #[inline]
    pub fn code(&self, word: Word) -> u8 {
        let (byte, shift, mask) = word.slot();
        self.state[byte] >> shift & mask
    }

    /// Sets a state word by its code ([`Word::read`]), keeping the key.
    #[inline]
    pub fn set_code(&mut self, word: Word, code: u8) {
        let (byte, shift, mask) = word.slot();
        debug_assert!(code <= mask, "{word:?}'s code {code} fits its bits");
        let code = code & mask;
        let old = self.state[byte] >> shift & mask;
        if old != code {
            self.state[byte] = self.state[byte] & !(mask << shift) | (code & mask) << shift;
            self.key = self
                .key
                .wrapping_sub(word.key(old))
                .wrapping_add(word.key(code));
        }
    }

    /// The value of `layer` at `house`: the index of its mark in
    /// [`Layer::marks`] (for owners: 1 where the house changed hands).
    #[inline]
    pub fn layer_value(&self, layer: Layer, house: usize) -> u8 {
        layer
            .planes()
            .enumerate()
            .map(|(bit, plane)| ((self.layers[plane] >> (house & 63) & 1) as u8) << bit)
            .sum()
    }

    /// Whether `layer` leaves every house alone.
    #[inline]
    pub fn layer_is_empty(&self, layer: Layer) -> bool {
        layer.planes().all(|plane| self.layers[plane] == 0)
    }

    /// Sets the value of `layer` at `house`, keeping the key.
    pub(crate) fn set_layer_value(&mut self, layer: Layer, house: usize, value: u8) {
        let house = house % MAX_HOUSES;
        for (bit, plane) in layer.planes().enumerate() {
            self.set_plane(plane, house, value >> bit & 1 != 0);
        }
    }

    #[inline]
    fn set_plane(&mut self, plane: usize, house: usize, on: bool) {
        let mask = 1u64 << house;
        if (self.layers[plane] & mask != 0) != on {
            self.layers[plane] ^= mask;
            self.key = if on {
                self.key.wrapping_add(KEY_LAYER[plane][house])
            } else {
                self.key.wrapping_sub(KEY_LAYER[plane][house])
            };
        }
    }

    /// `layer` as one mark a house in house order, as positions write it
    /// (`children:......S.....`).
    pub fn layer_marks(&self, layer: Layer) -> String {
        (0..self.houses().len())
            .map(|house| layer.mark(self, house))
            .collect()
    }

    /// Sets every house of `layer` from one mark a house in house order.
    pub fn set_layer_marks(&mut self, layer: Layer, marks: &str) -> Result<(), PositionError> {
        let houses = self.houses().len();
        if marks.len() != houses {
            return Err(PositionError::LayerLength {
                layer: layer.word(),
                marks: layer.marks_in_words(),
                expected: houses,
                found: marks.chars().count(),
            });
        }
        let n = self.houses_per_side();
        let mut values = Vec::with_capacity(houses);
        for (house, mark) in marks.bytes().enumerate() {
            values.push(layer.value_of(mark, house, n).ok_or_else(|| {
                PositionError::LayerMark {
                    layer: layer.word(),
                    marks: layer.marks_in_words(),
                    found: marks[house..].chars().next().unwrap_or('?'),
                }
            })?);
        }
        for (house, value) in values.into_iter().enumerate() {
            self.set_layer_value(layer, house, value);
        }
        Ok(())
    }

    /// Whose child house `house` is, if it is one (a ram is nobody's).
    #[inline]
    pub fn child_of(&self, house: usize) -> Option<Side> {
        let bit = 1u64 << (house & 63);
        let [south, north] = [self.layers[CHILD[0]], self.layers[CHILD[1]]];
        if south & north & bit != 0 {
            None
        } else if south & bit != 0 {
            Some(Side::South)
        } else if north & bit != 0 {
            Some(Side::North)
        } else {
            None
        }
    }

    /// The houses that are `side`'s children, as a mask over house numbers.
    #[inline]
    pub fn children_of(&self, side: Side) -> u64 {
        self.layers[CHILD[side.index()]] & !self.layers[CHILD[side.opponent().index()]]
    }

    /// The houses that are anyone's child, or rams, as a mask over house
    /// numbers: the houses never played.
    #[inline]
    pub fn child_houses(&self) -> u64 {
        self.layers[CHILD[0]] | self.layers[CHILD[1]]
    }

    /// The houses that are one player's child, rams left out, as a mask over
    /// house numbers: the houses never captured.
    #[inline]
    pub fn kept_houses(&self) -> u64 {
        self.layers[CHILD[0]] ^ self.layers[CHILD[1]]
    }

    /// The rams (`[children] kind = "ram"`), as a mask over house numbers:
    /// houses nobody may play, whose seeds count for nobody.
    #[inline]
    pub fn rams(&self) -> u64 {
        self.layers[CHILD[0]] & self.layers[CHILD[1]]
    }

    /// Makes `house` a ram, or an ordinary house again.
    pub fn set_ram(&mut self, house: usize, ram: bool) {
        self.set_layer_value(Layer::Children, house, if ram { 3 } else { 0 });
    }

    /// Makes `house` a child of `side`, or an ordinary house again (`None`).
    pub fn set_child(&mut self, house: usize, side: Option<Side>) {
        let value = side.map_or(0, |s| 1 + s.index() as u8);
        self.set_layer_value(Layer::Children, house, value);
    }

    /// The houses already played, as a mask over house numbers
    /// (`[play] allow = "each_house_once_first"`).
    #[inline]
    pub fn played_houses(&self) -> u64 {
        self.layers[PLAYED]
    }

    /// Marks `house` as played.
    pub fn set_played(&mut self, house: usize) {
        self.set_plane(PLAYED, house % MAX_HOUSES, true);
    }

    /// The houses their owners have marked, as a mask over house numbers
    /// (`[play] marked`).
    #[inline]
    pub fn marked_houses(&self) -> u64 {
        self.layers[MARKED]
    }

    /// Marks `house` (`[play] marked`).
    pub fn set_marked(&mut self, house: usize) {
        self.set_plane(MARKED, house % MAX_HOUSES, true);
    }

    /// Whether house `house` is blocked: closed for the rest of the game.
    #[inline]
    pub fn is_blocked(&self, house: usize) -> bool {
        self.layers[BLOCKED] >> (house & 63) & 1 != 0
    }

    /// The blocked houses, as a mask over house numbers.
    #[inline]
    pub fn blocked_houses(&self) -> u64 {
        self.layers[BLOCKED]
    }

    /// Blocks `house` (closes it for the rest of the game), or opens it.
    pub fn set_blocked(&mut self, house: usize, blocked: bool) {
        self.set_plane(BLOCKED, house % MAX_HOUSES, blocked);
    }

    /// The seeds that count for `side` now: its store and its children.
    #[inline]
    pub fn claimed(&self, side: Side) -> u32 {
        let mut seeds = self.store(side) as u32;
        let mut children = self.children_of(side);
        while children != 0 {
            seeds += self.places[children.trailing_zeros() as usize] as u32;
            children &= children - 1;
        }
        seeds
    }

    /// The seeds in `side`'s row.
    #[inline]
    pub fn seeds_on_side(&self, side: Side) -> u32 {
        self.row(side).iter().map(|&s| s as u32).sum()
    }

    /// The seeds in the houses `side` owns (its row, unless the houses
    /// changed hands) outside children and rams: the seeds that are theirs
    /// when a round ends with the board left as it is.
    pub fn loose_seeds(&self, side: Side) -> u32 {
        let mut seeds = 0;
        let mut houses = self.owned_houses(side) & !self.child_houses();
        while houses != 0 {
            seeds += self.places[houses.trailing_zeros() as usize] as u32;
            houses &= houses - 1;
        }
        seeds
    }

    /// The seeds on the board, stores not counted.
    #[inline]
    pub fn seeds_on_board(&self) -> u32 {
        self.houses().iter().map(|&s| s as u32).sum()
    }

    /// Every seed in the game: board and stores.
    pub fn total_seeds(&self) -> u32 {
        let [south, north] = self.stores();
        self.seeds_on_board() + south as u32 + north as u32
    }

    /// Whether `side`'s row holds no seed.
    #[inline]
    pub fn row_is_empty(&self, side: Side) -> bool {
        if self.houses_per_side() <= 8 {
            self.row_word(side) == 0
        } else {
            self.row(side).iter().all(|&s| s == 0)
        }
    }

    /// Whether the houses `side` owns (its row, unless the houses changed
    /// hands) hold no seed outside children and rams.
    pub fn row_is_empty_but_children(&self, side: Side) -> bool {
        let mut houses = self.owned_houses(side) & !self.child_houses();
        while houses != 0 {
            if self.places[houses.trailing_zeros() as usize] != 0 {
                return false;
            }
            houses &= houses - 1;
        }
        true
    }

    /// A row of at most 8 houses as the bytes of one word, house 0 lowest,
    /// the bytes past the row zero. Lets a whole row be tested at once.
    #[inline]
    pub(crate) fn row_word(&self, side: Side) -> u64 {
        let n = self.houses_per_side();
        debug_assert!(n <= 8, "row_word needs a row of at most 8 houses");
        let lo = side.index() * n;
        let bytes: [u8; 8] = self.places[lo..lo + 8].try_into().expect("8 bytes");
        // n is 1 to 8: keep its n low bytes.
        u64::from_le_bytes(bytes) & (u64::MAX >> (64 - 8 * n))
    }

    /// Which row house `house` is in.
    #[inline]
    pub fn row_of(&self, house: usize) -> Side {
        if house < self.houses_per_side() {
            Side::South
        } else {
            Side::North
        }
    }

    /// Who owns house `house` now: its row's player, unless the `owner`
    /// layer says it changed hands (territory).
    #[inline]
    pub fn owner(&self, house: usize) -> Side {
        let row = self.row_of(house);
        if self.layer_value(Layer::Owner, house) == 0 {
            row
        } else {
            row.opponent()
        }
    }

    /// The houses `side` owns now, as a mask over the houses (bit `h` for
    /// house `h`).
    pub fn owned_houses(&self, side: Side) -> u64 {
        let n = self.houses_per_side();
        let row = ((1u64 << n) - 1) << (side.index() * n);
        let changed = Layer::Owner.planes().fold(0, |m, p| m | self.layers[p]);
        // A house of the row that changed hands is the other's, and the
        // other row's that changed hands is this side's.
        row ^ changed
    }

    /// Takes every seed off `side`'s row, into no store; returns how many.
    pub(crate) fn remove_row(&mut self, side: Side) -> u32 {
        let n = self.houses_per_side();
        let start = side.index() * n;
        let children = self.child_houses();
        (start..start + n)
            .filter(|&h| children >> h & 1 == 0)
            .map(|h| self.take(h) as u32)
            .sum()
    }

    /// Moves every seed in the houses `side` owns (its row, unless the
    /// houses changed hands) into `into`'s store; returns how many.
    pub(crate) fn collect_row(&mut self, side: Side, into: Side) -> u8 {
        let mut seeds = 0u8;
        let mut houses = self.owned_houses(side) & !self.child_houses();
        while houses != 0 {
            seeds += self.take(houses.trailing_zeros() as usize);
            houses &= houses - 1;
        }
        self.add(STORE[into.index()], seeds);
        seeds
    }

    /// A 64-bit digest of everything that decides the game from here. Equal
    /// positions have equal keys; the repetition check confirms a key match
    /// by comparing positions, so collisions cost time, not correctness.
    /// Kept up to date as the position changes, so reading it is free.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// [`Position::key`] with the stores left out: the key of what decides
    /// the rest of the game where the stores do not (the solver's table
    /// then shares one entry among positions that differ in the stores
    /// alone).
    #[inline]
    pub fn key_without_stores(&self) -> u64 {
        STORE.iter().fold(self.key, |key, &place| {
            key.wrapping_sub((self.places[place] as u64).wrapping_mul(KEY_PLACE[place]))
        })
    }

    /// The key worked out from scratch, as [`Position::key`] keeps it.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0u64;
        for (place, &seeds) in self.places.iter().enumerate() {
            key = key.wrapping_add((seeds as u64).wrapping_mul(KEY_PLACE[place]));
        }
        if self.to_move() == Side::North {
            key = key.wrapping_add(KEY_NORTH_TO_MOVE);
        }
        for word in Word::ALL {
            key = key.wrapping_add(word.key(self.code(word)));
        }
        for (plane, &bits) in self.layers.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                key = key.wrapping_add(KEY_LAYER[plane][bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
        }
        key
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("houses", &self.houses())
            .field("stores", &self.stores())
            .field("to_move", &self.to_move())
            .field("words", &self.to_string())
            .field("layers", &self.layers)
            .finish()
    }
}

/// Bit `i` set when byte `i` of `word` is not zero: eight houses tested in a
/// handful of instructions (the high bit of each byte is set by carrying out
/// of its low seven bits, then the eight high bits are gathered by a multiply).
#[inline]
pub(crate) fn nonzero_bytes(word: u64) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let high = (((word & LOW7) + LOW7) | word) & !LOW7;
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Bit `i` set when byte `i` of `word` is at least byte `i` of `least`, as
/// unsigned bytes: eight houses compared with their least seeds at once.
#[inline]
pub(crate) fn bytes_at_least(word: u64, least: u64) -> u32 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The low seven bits of each byte compared, with no borrow between
    // bytes: the high bit of (x | 0x80) - (y & 0x7f) is set when x's low
    // seven bits are at least y's.
    let low = ((word | HIGH) - (least & !HIGH)) & HIGH;
    // Where the high bits differ they decide; where they agree, the low ones.
    let at_least = ((word & !least) | (!(word ^ least) & low)) & HIGH;
    ((at_least >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Bit `i` set when byte `i` of `word` is one: the houses of a single seed.
#[inline]
pub(crate) fn bytes_of_one(word: u64) -> u32 {
    !nonzero_bytes(word ^ 0x0101_0101_0101_0101) & 0xFF
}

/// Why a set of counts is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The houses do not split into two equal, non-empty rows.
    #[error("a board needs two equal rows of houses, found {0} houses")]
    OddHouses(usize),
    /// A row is longer than the alphabet of labels, or a side owns more
    /// houses than a board may give it.
    #[error(
        "a row of letters may have at most {MAX_ROW_LETTERS} houses, and a player at most {MAX_HOUSES_PER_SIDE} on three or four rows; found {0}"
    )]
    TooManyHouses(usize),
    /// More seeds than a position can hold.
    #[error("a position may hold at most {MAX_SEEDS} seeds, found {0}")]
    TooManySeeds(u32),
    /// The rows do not match the variant's board.
    #[error("this variant has {expected} houses per side, the position has {found}")]
    WrongBoard {
        /// The variant's houses per side.
        expected: usize,
        /// The position's houses per side.
        found: usize,
    },
    /// The rows do not match the variant's board.
    #[error("this variant's board has {expected} rows, the position has {found}")]
    WrongRows {
        /// The variant's rows.
        expected: usize,
        /// The position's rows.
        found: usize,
    },
    /// The seeds do not add up to the variant's total.
    #[error("this variant plays with {expected} seeds, the position holds {found}")]
    WrongTotal {
        /// The variant's seeds.
        expected: u32,
        /// The position's seeds.
        found: u32,
    },
    /// An opening move that moves a seed out of every other house is owed,
    /// and a house is empty.
    #[error(
        "house {house} is empty, and an opening move is owed that moves a seed out of every other house ([sowing] opening = \"plus_one_minus_one\"): a round's opening starts from a full board"
    )]
    OpeningFromEmpty {
        /// The empty house's label.
        house: Label,
    },
    /// Seeds in the store of the player not to move, where captured seeds
    /// are given away: they would have been dropped by that player's move.
    #[error(
        "{side}'s store holds seeds, but it is not {side}'s turn: in this variant captured seeds stay in the store only until the capturer drops them, at once"
    )]
    DropMissed {
        /// Whose store.
        side: Side,
    },
    /// A house holding more seeds than the variant lets a house hold.
    #[error(
        "house {house} holds more than {most} seeds: in this variant a seed for a full house leaves play, so no house holds more"
    )]
    OverFull {
        /// The house, as an index in C1 order.
        house: usize,
        /// The most a house holds.
        most: u8,
    },
    /// A state word in a variant that does not keep it.
    #[error("{word} does not belong to this variant: {why}")]
    WordUnused {
        /// The word, quoted (`feed`, `last:`).
        word: String,
        /// What the variant does instead.
        why: &'static str,
    },
    /// A count larger than the variant lets it be.
    #[error("`{text}` does not fit this variant: {why}")]
    WordOverLimit {
        /// The word as given (`quiet:3`).
        text: String,
        /// The variant's limit, in words.
        why: String,
    },
    /// A layer's word in a variant that does not keep the layer.
    #[error("`{layer}:` does not belong to this variant: {why}")]
    LayerUnused {
        /// The layer's word.
        layer: &'static str,
        /// What the variant does instead.
        why: &'static str,
    },
    /// A layer's word with a word of the wrong length.
    #[error("`{layer}:` needs one mark ({marks}) per house, {expected} in all, found {found}")]
    LayerLength {
        /// The layer's word.
        layer: &'static str,
        /// Its marks, in words.
        marks: String,
        /// Houses on the board.
        expected: usize,
        /// Marks given.
        found: usize,
    },
    /// A layer's word with a mark the layer does not have.
    #[error("`{layer}:` marks each house with {marks}; `{found}` is not one of them")]
    LayerMark {
        /// The layer's word.
        layer: &'static str,
        /// Its marks, in words.
        marks: String,
        /// The mark found.
        found: char,
    },
    /// Owners that no round's end makes (territory).
    #[error(
        "`owner:` gives away {taken}, but a round's winner owns their whole row and a run of the opponent's from its first house on, and the loser the rest ([rounds.territory])"
    )]
    OwnersScattered {
        /// The houses owned by the other row's player, by label.
        taken: String,
    },
    /// A blocked house that holds seeds: sowing never drops a seed into one.
    #[error("house {house} is blocked but holds {seeds} seed(s): a blocked house is always empty")]
    BlockedHoldsSeeds {
        /// The house's label.
        house: Label,
        /// The seeds it holds.
        seeds: u8,
    },
    /// `feed` while the side to be fed has seeds: the grand slam that made
    /// the debt took every seed of that row.
    #[error(
        "`feed` says {fed} is owed a feeding move after a grand slam, but {fed}'s row holds {seeds} seed(s): a grand slam takes every seed of it, so none is left to feed ([capture] grand_slam = \"capture_then_feed\", R2)"
    )]
    FeedWithSeeds {
        /// The side owed the feeding move.
        fed: Side,
        /// The seeds in its row.
        seeds: u32,
    },
    /// `crossed:` at a house that is not at the end of a row.
    #[error(
        "`crossed:{house}` names a house inside a row, but a single seed crosses only from one row's end into the other's ([play] no_return)"
    )]
    CrossedInside {
        /// The house's label.
        house: Label,
    },
    /// A blocked house that `never_in` keeps open.
    #[error("house {house} is blocked, but [blocking] never_in says it never closes")]
    BlockedNeverCloses {
        /// The house's label.
        house: Label,
    },
    /// More children for one player than `one_each` allows.
    #[error(
        "`children:` gives {side} {found} children, but a player has at most {most} ([children] one_each)"
    )]
    TooManyChildren {
        /// Whose children.
        side: Side,
        /// How many the position gives.
        found: u32,
        /// The most the rules make.
        most: u32,
    },
    /// A child where the rules never make one.
    #[error("house {house} is {side}'s child, but {rule}")]
    ChildOutOfPlace {
        /// The house's label.
        house: Label,
        /// Whose child it is.
        side: Side,
        /// The rule it breaks, named by its key.
        rule: &'static str,
    },
    /// Two children that `apart` keeps apart.
    #[error(
        "houses {} and {} are both children, but [children] apart = \"{apart}\" never makes a child there beside another",
        houses[0],
        houses[1]
    )]
    ChildrenApart {
        /// The two houses' labels.
        houses: [Label; 2],
        /// The `apart` word.
        apart: &'static str,
    },
    /// `children:` marking a kind of house the variant never makes: a ram
    /// (`R`) where houses become players' children, or a player's child
    /// where they become rams.
    #[error("`children:` marks {found}, but this variant's houses only become {kind}")]
    ChildrenKind {
        /// What the marks hold.
        found: &'static str,
        /// What the variant makes.
        kind: &'static str,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_c2() {
        let six = Layout::two_rows(6);
        let label = |h| six.label(h).to_string();
        assert_eq!(
            [label(0), label(5), label(6), label(11)],
            ["A", "F", "a", "f"]
        );
        assert_eq!(six.house(Label::parse("c").unwrap()), Some(8));
        assert_eq!(six.house(Label::parse("C").unwrap()), Some(2));
        assert_eq!(six.house(Label::parse("G").unwrap()), None);
        assert_eq!(Move::from_label("1"), None);
    }

    #[test]
    fn houses_taken_by_choice_are_kept_in_label_order_each_once() {
        let labels = |text: &str| -> Vec<Label> {
            text.split(' ').map(|l| Label::parse(l).unwrap()).collect()
        };
        let mv = Move::from_label("B").unwrap();
        let taken = mv.taking(&labels("e b d")).unwrap();
        assert_eq!(taken.taken().collect::<Vec<_>>(), labels("b d e"));
        assert_eq!(taken, mv.taking(&labels("d e b")).unwrap());
        assert!(taken.has_choices());
        assert_eq!(mv.taking(&labels("a b c d")).unwrap().taken().count(), 4);
        // A house named twice, or more than four, is no move.
        assert_eq!(mv.taking(&labels("b d b")), None);
        assert_eq!(mv.taking(&labels("a b c d e")), None);
        assert_eq!(mv.taking(&[]), Some(mv));
    }

    #[test]
    fn four_row_labels_name_the_row_and_the_column() {
        // Two rows of 8 a player: front row A1..A8, back row B1..B8.
        let bao = Layout::front_and_back(8, 8);
        assert_eq!(bao.rows(), 4);
        assert_eq!(bao.columns(), 8);
        let label = |h| bao.label(h).to_string();
        assert_eq!(
            [
                label(0),
                label(7),
                label(8),
                label(15),
                label(16),
                label(31)
            ],
            ["A1", "A8", "B1", "B8", "a1", "b8"]
        );
        for house in 0..32 {
            assert_eq!(bao.house(bao.label(house)), Some(house));
            assert_eq!(bao.house(Label::parse(&label(house)).unwrap()), Some(house));
        }
        // A letter names no house there, nor a column past the row's end,
        // nor a letter past B.
        assert_eq!(bao.house(Label::parse("C").unwrap()), None);
        assert_eq!(bao.house(Label::parse("A9").unwrap()), None);
        assert_eq!(Label::parse("C1"), None);
        assert_eq!(Label::parse("A0"), None);
        assert_eq!(Label::parse("A01"), None);
        // And a two-row board has no A1.
        assert_eq!(Layout::two_rows(6).house(Label::parse("A1").unwrap()), None);
    }

    #[test]
    fn three_row_front_rows_are_halves_of_the_middle_row() {
        // Selus: 3 x 6, each player's front row the right half of the
        // middle row as that player sees it.
        let selus = Layout::front_and_back(3, 6);
        assert_eq!(selus.rows(), 3);
        assert_eq!(selus.columns(), 6);
        let label = |h| selus.label(h).to_string();
        assert_eq!(
            [label(0), label(2), label(3), label(8), label(9)],
            ["A4", "A6", "B1", "B6", "a4"]
        );
        assert_eq!(selus.house(Label::parse("A1").unwrap()), None);
        assert_eq!(selus.house(Label::parse("a5").unwrap()), Some(10));
    }

    #[test]
    fn rejects_bad_boards() {
        assert_eq!(
            Position::new(&[1, 2, 3], [0, 0], Side::South),
            Err(PositionError::OddHouses(3))
        );
        assert_eq!(
            Position::new(&[200, 100], [0, 0], Side::South),
            Err(PositionError::TooManySeeds(300))
        );
        assert!(Position::new(&[0; 54], [0, 0], Side::South).is_err());
    }

    #[test]
    fn bytes_at_least_compares_every_pair_of_bytes() {
        for x in 0..=255u8 {
            for y in 0..=255u8 {
                // Each pair in every lane, beside lanes that hold other pairs.
                let word = u64::from_le_bytes([x, y, 255 - x, x, 0, 255, y, x ^ y]);
                let least = u64::from_le_bytes([y, x, y, x, 255, 0, 255 - y, y]);
                let expected = (0..8).fold(0, |mask, lane| {
                    let (a, b) = (word.to_le_bytes()[lane], least.to_le_bytes()[lane]);
                    mask | (u32::from(a >= b) << lane)
                });
                assert_eq!(bytes_at_least(word, least), expected, "{x} {y}");
            }
        }
        assert_eq!(
            bytes_of_one(u64::from_le_bytes([1, 0, 255, 1, 2, 0x81, 1, 17])),
            0b0100_1001
        );
    }

    #[test]
    fn nonzero_bytes_marks_every_nonzero_house() {
        assert_eq!(nonzero_bytes(0), 0);
        assert_eq!(
            nonzero_bytes(u64::from_le_bytes([1, 0, 255, 128, 0, 0, 0, 7])),
            0b1000_1101
        );
        let p = Position::new(&[0, 3, 0, 1, 0, 0, 0, 0], [0, 0], Side::South).unwrap();
        assert_eq!(nonzero_bytes(p.row_word(Side::South)), 0b1010);
        assert!(p.row_is_empty(Side::North) && !p.row_is_empty(Side::South));
    }

    #[test]
    fn key_tells_sides_and_boards_apart() {
        let a = Position::new(&[4; 12], [0, 0], Side::South).unwrap();
        let mut b = a.clone();
        b.set_to_move(Side::North);
        assert_ne!(a.key(), b.key());
        let c = Position::new(&[4, 4, 4, 4, 4, 5, 3, 4, 4, 4, 4, 4], [0, 0], Side::South).unwrap();
        assert_ne!(a.key(), c.key());
    }
}
