//! The board's topology as data: which places exist, who owns each, which
//! house faces which, which lies behind which, and the track (ring) of places
//! each side's sowing visits.
//!
//! A board is two, three or four rows. Each player owns `n` houses
//! ([`Layout`]): one row on two rows; a front row facing the opponent and a
//! back row behind it on four; on three, the back row and half of the shared
//! middle row. Every place, house or store, is one index into one array of
//! seed counts ([`crate::Position`]). Houses are numbered as RULINGS C1 says:
//! `0..n` are South's, `n..2n` North's, each in label order (a row from its
//! owner's left; on more rows the front row, then the back row). On two
//! rows the numbers run counter-clockwise. The two stores sit at fixed places
//! past every house ([`STORE`]), so a position's layout never depends on the
//! board's size, and a drop into a store is an ordinary drop.
//!
//! Nothing outside this module assumes a shape: the engine asks the board's
//! tables. A track is computed once, when the rules compile, and the sowing
//! loop only follows it.

use crate::position::{Label, Layout, MAX_HOUSES_PER_SIDE, Move, PLACES, Side, place_key};

/// The places of the two stores, `[south, north]`: the last two of the array.
pub const STORE: [usize; 2] = [PLACES - 2, PLACES - 1];

/// The way seeds travel round the board.
#[derive(Debug, serde::Deserialize, Clone, Copy, PartialEq, Eq, Default, Hash, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// South's row left to right, then North's row (C1 order).
    #[default]
    #[serde(alias = "anticlockwise", alias = "anti-clockwise")]
    CounterClockwise,
    /// The reverse.
    Clockwise,
}

impl Direction {
    /// The mark a move carries when the mover chose this direction: `>`
    /// counter-clockwise (towards higher house numbers), `<` clockwise.
    pub fn mark(self) -> char {
        match self {
            Direction::CounterClockwise => '>',
            Direction::Clockwise => '<',
        }
    }

    /// The direction in words, as the rule sheets and the API say it:
    /// `counter-clockwise`, `clockwise` (the variant files' spelling).
    pub fn name(self) -> &'static str {
        match self {
            Direction::CounterClockwise => "counter-clockwise",
            Direction::Clockwise => "clockwise",
        }
    }

    /// The other direction.
    pub fn reversed(self) -> Direction {
        match self {
            Direction::CounterClockwise => Direction::Clockwise,
            Direction::Clockwise => Direction::CounterClockwise,
        }
    }

    /// The direction a move's mark names.
    pub fn from_mark(mark: char) -> Option<Direction> {
        match mark {
            '>' => Some(Direction::CounterClockwise),
            '<' => Some(Direction::Clockwise),
            _ => None,
        }
    }
}

/// Which stores a sowing drops seeds into as it passes them.
#[derive(Debug, serde::Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum StoreSowing {
    /// Neither: stores only receive captures (Oware).
    #[default]
    None,
    /// The sower's own store, between the sower's last house and the
    /// opponent's first; the opponent's store is passed over (Kalah).
    Own,
    /// Both stores, each where it lies on the way round.
    Both,
}

/// Which houses a side's sowing goes round.
#[derive(Debug, serde::Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Cycle {
    /// Both rows, one after the other (the usual two-row board). On three
    /// and four rows, each player's loop in turn: South's back row from her
    /// left, her front row back, then North's the same way (the one track
    /// of Selus and Gabata, round the middle row's halves).
    #[default]
    BothRows,
    /// The sower's own houses only (and the sower's store where sowing
    /// drops into stores): no seed ever reaches the opponent's row
    /// (MancalaGames' class `NorthSouthCycle`). On four rows, the sower's two
    /// rows as one loop, the default there: counter-clockwise along the
    /// back row from the owner's left, then back along the front row.
    #[serde(alias = "own_rows")]
    OwnRow,
    /// One cycle of every house that crosses the board at each step:
    /// counter-clockwise from South's first house to North's house above
    /// South's second, back down to South's third, and so on, turning at
    /// the right end and zigzagging back (MancalaGames' class `ZigZag`).
    /// No store lies on it.
    #[serde(rename = "zigzag")]
    ZigZag,
    /// The sower's own half of the board, both rows (`[board] sides =
    /// "halves"`): South's right half round counter-clockwise, her row's
    /// right end up to the North houses above it; North's left half the
    /// same way. No seed reaches the opponent's half, and no store lies on
    /// it (MancalaGames' east/west classes, such as `EWGratuitous`).
    OwnHalf,
    /// On three rows: each side's own track winding through every row, as a
    /// ploughman turns: the sower's back row from their left, the whole
    /// middle row back, the opponent's back row the way the sower's ran, and
    /// round again from the sower's first house. North's track is South's
    /// turned round, so the two run through the middle row opposite ways
    /// (Ludii's Abalala'e).
    Serpentine,
}

impl Cycle {
    /// Whose cycle house `h` is on, for a cycle that keeps each side's
    /// seeds apart: its owner's, or its half's for [`Cycle::OwnHalf`].
    fn side_of(self, layout: Layout, h: usize) -> Side {
        let n = layout.houses_per_side();
        match self {
            Cycle::OwnHalf => {
                if Sides::Halves.houses(n, Side::South) >> h & 1 != 0 {
                    Side::South
                } else {
                    Side::North
                }
            }
            _ => {
                if h < n {
                    Side::South
                } else {
                    Side::North
                }
            }
        }
    }

    /// The houses of one player in the order a counter-clockwise sowing
    /// visits them: the row from the owner's left, or on more rows the back
    /// row from the owner's left and then the front row back.
    fn side_loop(layout: Layout, side: Side) -> impl Iterator<Item = usize> {
        let n = layout.houses_per_side();
        let front = layout.front();
        let base = side.index() * n;
        (front..n).chain((0..front).rev()).map(move |o| base + o)
    }

    /// The houses of a board in the order a counter-clockwise sowing visits
    /// them on this cycle, from `start`'s first (`OwnRow`: that side's
    /// only; `OwnHalf`: `start`'s half).
    fn houses(self, layout: Layout, start: Side) -> Vec<usize> {
        let n = layout.houses_per_side();
        // North's house above South's column `c` is `2n - 1 - c`.
        let above = |column: usize| 2 * n - 1 - column;
        match self {
            Cycle::BothRows => Cycle::side_loop(layout, Side::South)
                .chain(Cycle::side_loop(layout, Side::North))
                .collect(),
            Cycle::OwnRow => Cycle::side_loop(layout, start).collect(),
            Cycle::OwnHalf => {
                // Counter-clockwise from the half's first South house; the
                // houses of a half follow one another round the board.
                let half = n / 2;
                match start {
                    Side::South => (half..half + n).collect(),
                    Side::North => (half + n..2 * n).chain(0..half).collect(),
                }
            }
            Cycle::Serpentine => {
                // The grid as the sower sees it: their back row from their
                // left, the middle row back, the far row as the first.
                let grid = layout.grid();
                let rows = grid.len();
                let mut order = Vec::with_capacity(2 * n);
                for (k, row) in (0..rows).enumerate() {
                    let cells = &grid[match start {
                        Side::South => row,
                        Side::North => rows - 1 - row,
                    }];
                    // Left to right as the sower sees it on even rows.
                    let rightwards = (k % 2 == 0) == (start == Side::South);
                    if rightwards {
                        order.extend(cells.iter().copied());
                    } else {
                        order.extend(cells.iter().rev().copied());
                    }
                }
                order
            }
            Cycle::ZigZag => {
                // Rightwards, switching rows at every column: South's
                // first house, then up and down; then leftwards through
                // the houses skipped, back to the start.
                let mut order = Vec::with_capacity(2 * n);
                let mut south = true;
                for column in (0..n).chain((0..n).rev()) {
                    order.push(if south { column } else { above(column) });
                    south = !south;
                }
                order
            }
        }
    }
}

/// Which houses count as each player's own for the goal: the rows, or the
/// halves of the board (MancalaGames' east/west classes, such as
/// `Diffusion`). Moves are still named by the row a house is in.
#[derive(Debug, serde::Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Sides {
    /// Each player's own row.
    #[default]
    Rows,
    /// Each player's half of both rows: South's the right half of the board
    /// as South sees it, North's the left (an even row only).
    Halves,
}

impl Sides {
    /// The houses `side` owns on a board of `n` houses a row, as a mask
    /// (bit `h` for house `h`).
    pub fn houses(self, n: usize, side: Side) -> u64 {
        let row = |s: Side| ((1u64 << n) - 1) << (s.index() * n);
        match self {
            Sides::Rows => row(side),
            Sides::Halves => {
                // South's half: its row's right half and the houses above it.
                let half = n / 2;
                let south = ((1u64 << (2 * half)) - 1) << half;
                match side {
                    Side::South => south,
                    Side::North => (row(Side::South) | row(Side::North)) & !south,
                }
            }
        }
    }
}

/// Where the seeds of `house` go when a move spreads them round it
/// (`[sowing] diffuse`), one a place, on a board of `n` houses a row:
/// counter-clockwise round the house, from the next house of its row, the
/// house facing that, the house facing it, the house facing the one before
/// it, to the one before it. At a row's end the two places beyond it are
/// out of play (`None`), where the path meets the end.
pub fn around(n: usize, house: usize) -> [Option<usize>; 5] {
    let row_start = if house < n { 0 } else { n };
    let facing = |h: usize| 2 * n - 1 - h;
    let next = (house + 1 < row_start + n).then_some(house + 1);
    let before = (house > row_start).then(|| house - 1);
    [
        next,
        next.map(facing),
        Some(facing(house)),
        before.map(facing),
        before,
    ]
}

/// A sowing path: `next[place]` is the place a seed goes after `place`.
/// Sized to the whole place array so the sowing loop indexes it without a
/// bounds check (see [`PLACES`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ring {
    next: [u8; PLACES],
    /// The places in sowing order, starting from South's first house, then
    /// padding; `order[i]` for `i < len`.
    order: [u8; PLACES],
    len: u8,
    /// `index[place]`: where `place` sits in `order`.
    index: [u8; PLACES],
    /// `key_prefix[j]`: the key of one seed in each of the first `j` places
    /// of the order taken twice round, so a run of drops updates a
    /// position's key with one subtraction.
    key_prefix: [u64; 2 * PLACES + 1],
    /// How far each house is, along the ring, from the first house of the
    /// opponent of the ring's side (0 for the opponent's own houses): a
    /// sowing of at least that many seeds feeds the opponent. [`NEVER`]
    /// where the ring never reaches the opponent's row.
    to_opponent: [u16; PLACES],
    /// Whether the ring reaches the opponent's row.
    crosses: bool,
}

/// The distance to the opponent's row of a ring that never reaches it: more
/// seeds than a game holds.
const NEVER: u16 = u16::MAX;

impl Ring {
    /// The place after `place`.
    #[inline(always)]
    pub fn next(&self, place: usize) -> usize {
        self.next[place & (PLACES - 1)] as usize
    }

    /// The places of the ring in sowing order.
    pub fn places(&self) -> &[u8] {
        &self.order[..self.len as usize]
    }

    /// How many places a sowing visits on one lap.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Never true: a ring holds at least the two houses of a 1×2 board.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where `place` sits in the ring's order.
    #[inline(always)]
    pub fn index_of(&self, place: usize) -> usize {
        self.index[place & (PLACES - 1)] as usize
    }

    /// The place at `index` in the ring's order (`index < len`).
    #[inline(always)]
    pub fn at(&self, index: usize) -> usize {
        self.order[index & (PLACES - 1)] as usize
    }

    /// The key of one seed in each of the `count` places after index
    /// `index` (`count <= len`).
    #[inline(always)]
    pub fn run_key(&self, index: usize, count: usize) -> u64 {
        let from = index + 1;
        self.key_prefix[from + count].wrapping_sub(self.key_prefix[from])
    }

    /// The key of one seed in each place of a whole lap from `origin`,
    /// which the lap leaves out when `skip_origin`.
    #[inline]
    pub fn lap_key(&self, origin: usize, skip_origin: bool) -> u64 {
        let all = self.key_prefix[self.len as usize];
        if skip_origin {
            all.wrapping_sub(place_key(origin))
        } else {
            all
        }
    }

    /// Seeds needed, sown from `house`, to reach the opponent's row (more
    /// than a game holds where the ring never reaches it).
    #[inline]
    pub fn seeds_to_opponent(&self, house: usize) -> u32 {
        self.to_opponent[house & (PLACES - 1)] as u32
    }

    /// Whether the ring reaches the opponent's row at all.
    #[inline(always)]
    pub fn crosses(&self) -> bool {
        self.crosses
    }
}

/// A board of two, three or four rows: each player's houses laid out as a
/// [`Layout`] says, two stores, and the sowing tracks of each side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    layout: Layout,
    /// `owner[place]`: South (0) or North (1), for houses and stores alike.
    owner: [u8; PLACES],
    /// `opposite[house]`: the opponent's house facing it across the middle
    /// of the board (front row to front row on four rows).
    opposite: [u8; PLACES],
    /// `behind[house]`: the house of the same owner behind it, in the same
    /// column of the back row; [`NOWHERE`] for a house with none (a back row
    /// house, or any house of a two-row board).
    behind: [u8; PLACES],
    /// `cell[house]`: its row (0 the bottom, South's back row) and column
    /// (0 South's left), as South sees the board.
    cell: [(u8, u8); PLACES],
    /// `back[house]`: the house before it in the sowing direction, stores
    /// passed over (capture chains walk it).
    back: [u8; PLACES],
    /// `back` for a sowing the other way round.
    back_reverse: [u8; PLACES],
    /// Each side's ring, `[south, north]`.
    rings: [Ring; 2],
    /// Each side's ring the other way round, for variants whose moves may
    /// sow against `direction` (see [`crate::rules::sowing::Turning`]).
    rings_reverse: [Ring; 2],
    direction: Direction,
    stores: StoreSowing,
    cycle: Cycle,
    /// Which houses count as each player's own for the goal.
    sides: Sides,
}

/// No house: [`Board::behind`] of a house with nothing behind it.
pub const NOWHERE: u8 = u8::MAX;

impl Board {
    /// A board of two rows of `houses_per_side` houses, sown in `direction`
    /// round both rows, with stores sown into as `stores` says.
    pub fn new(houses_per_side: usize, direction: Direction, stores: StoreSowing) -> Board {
        Board::with_cycle(
            Layout::two_rows(houses_per_side),
            direction,
            stores,
            Cycle::BothRows,
        )
    }

    /// A board laid out as `layout` says whose sowings go round `cycle`.
    /// With [`Cycle::OwnRow`], `stores` is never [`StoreSowing::Both`]
    /// (refused when the rules compile: where the opponent's store would lie
    /// on one row's cycle is not settled); on more than two rows, stores are
    /// never sown into, and the cycle is `BothRows` or `OwnRow` (refused
    /// when the rules compile).
    pub fn with_cycle(
        layout: Layout,
        direction: Direction,
        stores: StoreSowing,
        cycle: Cycle,
    ) -> Board {
        let n = layout.houses_per_side();
        assert!(
            (1..=MAX_HOUSES_PER_SIDE).contains(&n),
            "checked when the rules compile"
        );
        let mut owner = [0u8; PLACES];
        let mut cell = [(0u8, 0u8); PLACES];
        let mut behind = [NOWHERE; PLACES];
        for (h, at) in cell.iter_mut().enumerate().take(2 * n) {
            owner[h] = (h >= n) as u8;
            let offset = h % n;
            if offset < layout.front() {
                // The back row's house in the front house's column.
                let column = layout.label(h).column();
                behind[h] = (h - offset + layout.front() + column) as u8;
            }
            let (row, column) = layout.cell(h);
            *at = (row as u8, column as u8);
        }
        owner[STORE[1]] = 1;
        // Opposite: the opponent's house in the same column nearest the
        // middle of the board (on two rows, the one house facing it).
        let mut opposite = [0u8; PLACES];
        for h in 0..2 * n {
            let (row, column) = cell[h];
            opposite[h] = (0..2 * n)
                .filter(|&x| owner[x] != owner[h] && cell[x].1 == column)
                .min_by_key(|&x| (cell[x].0 as i32 - row as i32).abs())
                .expect("every column has houses of both players") as u8;
        }
        let rings = [
            Board::build_ring(layout, direction, stores, cycle, Side::South),
            Board::build_ring(layout, direction, stores, cycle, Side::North),
        ];
        // Counter-clockwise, the house before h is h - 1; clockwise, h + 1.
        let reverse = direction.reversed();
        let rings_reverse = [
            Board::build_ring(layout, reverse, stores, cycle, Side::South),
            Board::build_ring(layout, reverse, stores, cycle, Side::North),
        ];
        // The house before h along its owner's cycle.
        let before = |h: usize, direction: Direction| {
            let houses = cycle.houses(layout, cycle.side_of(layout, h));
            let len = houses.len();
            let at = houses.iter().position(|&x| x == h).expect("on its cycle");
            houses[match direction {
                Direction::CounterClockwise => (at + len - 1) % len,
                Direction::Clockwise => (at + 1) % len,
            }]
        };
        let mut back_reverse = [0u8; PLACES];
        for (h, place) in back_reverse.iter_mut().enumerate().take(2 * n) {
            *place = before(h, reverse) as u8;
        }
        let mut back = [0u8; PLACES];
        for (h, place) in back.iter_mut().enumerate().take(2 * n) {
            *place = before(h, direction) as u8;
        }
        Board {
            layout,
            owner,
            opposite,
            behind,
            cell,
            back,
            back_reverse,
            rings,
            rings_reverse,
            direction,
            stores,
            cycle,
            sides: Sides::Rows,
        }
    }

    /// The same board with each player's own houses as `sides` says: whose
    /// side a house is on ([`Board::owner`]) follows.
    pub fn with_sides(mut self, sides: Sides) -> Board {
        self.sides = sides;
        let south = sides.houses(self.houses_per_side(), Side::South);
        for h in 0..self.houses() {
            self.owner[h] = (south >> h & 1 == 0) as u8;
        }
        self
    }

    /// Which houses count as each player's own for the goal.
    pub fn sides(&self) -> Sides {
        self.sides
    }

    /// The houses `side` counts as its own for the goal (its row, or its
    /// half of the board), as a mask (bit `h` for house `h`).
    pub fn side_houses(&self, side: Side) -> u64 {
        self.sides.houses(self.houses_per_side(), side)
    }

    /// The ring a sowing by `side` follows. Counter-clockwise it runs South's
    /// houses, South's store, North's houses, North's store; clockwise, the
    /// reverse. Stores the rules do not sow into are left out. Round its own
    /// row, a side's ring is that row and its store.
    fn build_ring(
        layout: Layout,
        direction: Direction,
        stores: StoreSowing,
        cycle: Cycle,
        side: Side,
    ) -> Ring {
        let n = layout.houses_per_side();
        let includes = |store_side: Side| match stores {
            StoreSowing::None => false,
            StoreSowing::Own => store_side == side,
            StoreSowing::Both => true,
        };
        let mut order: Vec<u8> = Vec::with_capacity(2 * n + 2);
        for house in cycle.houses(layout, side) {
            order.push(house as u8);
            // A store lies after the last house of its row (never on a
            // zigzag, which refuses stores sown into, nor on more than two
            // rows, where stores hold what is in hand).
            let row = if house < n { Side::South } else { Side::North };
            if house == row.index() * n + n - 1
                && includes(row)
                && layout.single_row()
                && !matches!(cycle, Cycle::ZigZag | Cycle::OwnHalf)
            {
                order.push(STORE[row.index()] as u8);
            }
        }
        if direction == Direction::Clockwise {
            // Reversed, a store must still sit between the two rows it
            // joins: clockwise, South's store lies before South's first house.
            order.reverse();
        }
        let mut next = [0u8; PLACES];
        let mut index = [0u8; PLACES];
        let mut padded = [0u8; PLACES];
        for (i, &place) in order.iter().enumerate() {
            next[place as usize] = order[(i + 1) % order.len()];
            index[place as usize] = i as u8;
            padded[i] = place;
        }
        let opponent = side.opponent();
        let mut to_opponent = [0u16; PLACES];
        for (h, distance) in to_opponent.iter_mut().enumerate().take(2 * n) {
            if matches!(cycle, Cycle::OwnRow | Cycle::OwnHalf) {
                *distance = NEVER;
                continue;
            }
            let mut place = h;
            while !(place < 2 * n && (place >= n) == (opponent == Side::North)) {
                place = next[place] as usize;
                *distance += 1;
            }
        }
        let mut key_prefix = [0u64; 2 * PLACES + 1];
        for j in 0..2 * order.len() {
            key_prefix[j + 1] =
                key_prefix[j].wrapping_add(place_key(order[j % order.len()] as usize));
        }
        Ring {
            next,
            key_prefix,
            order: padded,
            len: order.len() as u8,
            index,
            to_opponent,
            crosses: !matches!(cycle, Cycle::OwnRow | Cycle::OwnHalf),
        }
    }

    /// Houses in each row.
    #[inline]
    pub fn houses_per_side(&self) -> usize {
        self.layout.houses_per_side()
    }

    /// How each player's houses lie in rows.
    #[inline]
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Rows on the board: 2, 3 or 4.
    pub fn rows(&self) -> usize {
        self.layout.rows()
    }

    /// Houses in a full row.
    pub fn columns(&self) -> usize {
        self.layout.columns()
    }

    /// Where `house` lies as South sees the board: its row (0 the bottom,
    /// South's back row) and column (0 South's left).
    #[inline]
    pub fn cell(&self, house: usize) -> (usize, usize) {
        let (row, column) = self.cell[house & (PLACES - 1)];
        (row as usize, column as usize)
    }

    /// The house of the same owner behind `house` in its column (front row
    /// to back row), if it has one: "the house opposite, and the one behind
    /// it" is a lookup here and one in [`Board::opposite`].
    #[inline]
    pub fn behind(&self, house: usize) -> Option<usize> {
        let b = self.behind[house & (PLACES - 1)];
        (b != NOWHERE).then_some(b as usize)
    }

    /// Whether `house` is in its owner's front row, facing the opponent
    /// (every house of a two-row board is).
    #[inline]
    pub fn is_front(&self, house: usize) -> bool {
        let n = self.houses_per_side();
        self.layout.single_row() || house % n < self.layout.front()
    }

    /// Houses on the board, both sides.
    #[inline]
    pub fn houses(&self) -> usize {
        2 * self.houses_per_side()
    }

    /// Houses on one side's cycle: both rows, or a row or a half of the
    /// board where each side sows round its own.
    #[inline]
    pub fn houses_on_cycle(&self) -> usize {
        match self.cycle {
            Cycle::OwnRow | Cycle::OwnHalf => self.houses_per_side(),
            Cycle::BothRows | Cycle::ZigZag | Cycle::Serpentine => self.houses(),
        }
    }

    /// The way seeds travel.
    pub fn direction(&self) -> Direction {
        self.direction
    }

    /// Which stores sowing drops seeds into.
    pub fn store_sowing(&self) -> StoreSowing {
        self.stores
    }

    /// Which houses a side's sowing goes round.
    pub fn cycle(&self) -> Cycle {
        self.cycle
    }

    /// Whether a move that captured leaves its single seed free to go
    /// straight back (`[play] no_return`): on a zigzag cycle, as
    /// MancalaGames' class `ZigZag` plays it.
    #[inline]
    pub fn capture_frees_crossing(&self) -> bool {
        self.cycle == Cycle::ZigZag
    }

    /// The two pairs of houses, side by side on the cycle, where a sowing
    /// crosses from one row to the other as the board's rows meet: the ends
    /// of the rows, or on a zigzag the two steps across the middle columns
    /// (`[play] no_return` bars a single seed going straight back over one).
    pub fn crossings(&self) -> [(usize, usize); 2] {
        let n = self.houses_per_side();
        match self.cycle {
            Cycle::BothRows | Cycle::OwnRow | Cycle::OwnHalf | Cycle::Serpentine => {
                [(0, 2 * n - 1), (n - 1, n)]
            }
            Cycle::ZigZag => {
                let half = n / 2;
                [(half - 1, n + half - 1), (half, n + half)]
            }
        }
    }

    /// The ring a sowing by `side` follows.
    #[inline]
    pub fn ring(&self, side: Side) -> &Ring {
        &self.rings[side.index()]
    }

    /// Whether `place` is a house (not a store).
    #[inline]
    pub fn is_house(&self, place: usize) -> bool {
        place < self.houses()
    }

    /// Whose side `place` is on: its row's player, or with `[board] sides =
    /// "halves"` its half's (capture zones read it). Moves are named by the
    /// row ([`Layout::move_of`]).
    #[inline]
    pub fn owner(&self, place: usize) -> Side {
        if self.owner[place & (PLACES - 1)] == 0 {
            Side::South
        } else {
            Side::North
        }
    }

    /// Whether `place` is a house in `side`'s row.
    #[inline]
    pub fn is_house_of(&self, place: usize, side: Side) -> bool {
        self.is_house(place) && self.owner[place & (PLACES - 1)] == side as u8
    }

    /// The house facing `house` across the board.
    #[inline]
    pub fn opposite(&self, house: usize) -> usize {
        self.opposite[house & (PLACES - 1)] as usize
    }

    /// The ring a sowing by `side` follows, the other way round when
    /// `reverse`.
    #[inline]
    pub fn ring_in(&self, side: Side, reverse: bool) -> &Ring {
        if reverse {
            &self.rings_reverse[side.index()]
        } else {
            &self.rings[side.index()]
        }
    }

    /// The house before `house` for a sowing the other way round when
    /// `reverse`.
    #[inline]
    pub fn back_in(&self, house: usize, reverse: bool) -> usize {
        if reverse {
            self.back_reverse[house & (PLACES - 1)] as usize
        } else {
            self.back[house & (PLACES - 1)] as usize
        }
    }

    /// The house before `house` in the sowing direction.
    #[inline]
    pub fn back(&self, house: usize) -> usize {
        self.back[house & (PLACES - 1)] as usize
    }

    /// The first house of `side`'s.
    #[inline]
    pub fn row_start(&self, side: Side) -> usize {
        side.index() * self.houses_per_side()
    }

    /// The place of `side`'s store.
    #[inline]
    pub fn store(&self, side: Side) -> usize {
        STORE[side.index()]
    }

    /// The house a move plays (a move's house is checked against the
    /// board before it is played: [`Board::offset_of`]).
    #[inline]
    pub fn house_of(&self, mv: Move) -> usize {
        mv.side().index() * self.houses_per_side() + self.layout.offset(mv.label())
    }

    /// The place of a move's house among its owner's houses;
    /// [`crate::position::NO_OFFSET`] or more where the board has no such
    /// house.
    #[inline]
    pub fn offset_of(&self, mv: Move) -> usize {
        self.layout.offset(mv.label())
    }

    /// The label of house `house`.
    #[inline]
    pub fn house_label(&self, house: usize) -> Label {
        self.layout.label(house)
    }

    /// The label of a place: a house label (C2), or `S`/`N` store words.
    pub fn label(&self, place: usize) -> String {
        if self.is_house(place) {
            self.layout.label(place).to_string()
        } else {
            format!("{}'s store", self.owner(place))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(ring: &Ring, from: usize, steps: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut p = from;
        for _ in 0..steps {
            p = ring.next(p);
            out.push(p);
        }
        out
    }

    #[test]
    fn oware_rings_skip_both_stores() {
        let board = Board::new(6, Direction::CounterClockwise, StoreSowing::None);
        assert_eq!(walk(board.ring(Side::South), 10, 4), vec![11, 0, 1, 2]);
        assert_eq!(board.ring(Side::North).len(), 12);
        assert_eq!(board.opposite(0), 11);
        assert_eq!(board.opposite(8), 3);
        assert_eq!(board.back(0), 11);
        // From F one seed reaches North; from A it takes six.
        assert_eq!(board.ring(Side::South).seeds_to_opponent(5), 1);
        assert_eq!(board.ring(Side::South).seeds_to_opponent(0), 6);
    }

    #[test]
    fn kalah_rings_pass_through_the_own_store_only() {
        let board = Board::new(6, Direction::CounterClockwise, StoreSowing::Own);
        let south = board.ring(Side::South);
        assert_eq!(walk(south, 4, 3), vec![5, STORE[0], 6]);
        assert_eq!(walk(south, 10, 3), vec![11, 0, 1]);
        let north = board.ring(Side::North);
        assert_eq!(walk(north, 4, 3), vec![5, 6, 7]);
        assert_eq!(walk(north, 10, 3), vec![11, STORE[1], 0]);
        assert_eq!(south.len(), 13);
        // From F the store comes first: two seeds to reach North's row.
        assert_eq!(south.seeds_to_opponent(5), 2);
        assert_eq!(board.owner(STORE[1]), Side::North);
        assert!(!board.is_house(STORE[0]));
    }

    #[test]
    fn own_row_rings_never_leave_the_sowers_row() {
        let board = Board::with_cycle(
            Layout::two_rows(4),
            Direction::CounterClockwise,
            StoreSowing::Own,
            Cycle::OwnRow,
        );
        let south = board.ring(Side::South);
        assert_eq!(walk(south, 2, 4), vec![3, STORE[0], 0, 1]);
        let north = board.ring(Side::North);
        assert_eq!(walk(north, 6, 4), vec![7, STORE[1], 4, 5]);
        assert_eq!(
            walk(board.ring_in(Side::North, true), 5, 3),
            vec![4, STORE[1], 7]
        );
        assert!(!south.crosses());
        assert!(south.seeds_to_opponent(3) > crate::position::MAX_SEEDS);
        assert_eq!(board.back(0), 3);
        assert_eq!(board.back(4), 7);
        assert_eq!(board.opposite(0), 7);
    }

    #[test]
    fn zigzag_rings_cross_the_board_at_every_step() {
        let board = Board::with_cycle(
            Layout::two_rows(6),
            Direction::CounterClockwise,
            StoreSowing::None,
            Cycle::ZigZag,
        );
        // A, then North's e above B, C, c above D, E, a above F; back
        // along the houses skipped: F, b, D, d, B, f, and A again.
        let south = board.ring(Side::South);
        assert_eq!(
            walk(south, 0, 12),
            vec![10, 2, 8, 4, 6, 5, 7, 3, 9, 1, 11, 0]
        );
        assert_eq!(board.ring(Side::North).places(), south.places());
        assert_eq!(walk(board.ring_in(Side::South, true), 0, 2), vec![11, 1]);
        assert_eq!(board.back(10), 0);
        assert_eq!(board.back(0), 11);
        assert_eq!(south.seeds_to_opponent(0), 1);
        assert!(south.crosses());
        // Five a row: at the right end the cycle goes straight up, E to a.
        let odd = Board::with_cycle(
            Layout::two_rows(5),
            Direction::CounterClockwise,
            StoreSowing::None,
            Cycle::ZigZag,
        );
        assert_eq!(
            walk(odd.ring(Side::South), 0, 10),
            vec![8, 2, 6, 4, 5, 3, 7, 1, 9, 0]
        );
    }

    #[test]
    fn clockwise_rings_keep_stores_between_rows() {
        let board = Board::new(3, Direction::Clockwise, StoreSowing::Both);
        let south = board.ring(Side::South);
        // Clockwise from A: South's store, then North's last house.
        assert_eq!(walk(south, 0, 3), vec![STORE[1], 5, 4]);
        assert_eq!(walk(south, 3, 2), vec![STORE[0], 2]);
        assert_eq!(board.back(5), 0);
    }
    /// Ludii's site of a house: row by row from South's back row, each
    /// from South's left (its reference games number the board so).
    fn site(board: &Board, house: usize) -> usize {
        let (row, column) = board.cell(house);
        row * board.columns() + column
    }

    #[test]
    fn four_row_tracks_loop_round_each_players_two_rows() {
        let board = Board::with_cycle(
            Layout::front_and_back(8, 8),
            Direction::CounterClockwise,
            StoreSowing::None,
            Cycle::OwnRow,
        );
        assert_eq!((board.rows(), board.columns()), (4, 8));
        // South's track from B1 (house 8, Ludii's site 0), as Ludii lists
        // it: her back row left to right, then her front row back.
        let b1 = 8;
        let mut track = vec![site(&board, b1)];
        track.extend(
            walk(board.ring(Side::South), b1, 15)
                .iter()
                .map(|&h| site(&board, h)),
        );
        assert_eq!(
            track,
            [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8]
        );
        // North's the same way round his rows: b1 is Ludii's site 31.
        let north_b1 = 24;
        assert_eq!(site(&board, north_b1), 31);
        let north: Vec<usize> = walk(board.ring(Side::North), north_b1, 8)
            .iter()
            .map(|&h| site(&board, h))
            .collect();
        assert_eq!(north, [30, 29, 28, 27, 26, 25, 24, 16]);
        assert!(!board.ring(Side::South).crosses());
        // A3 faces a6 across the middle, and b6 is behind a6.
        assert_eq!(board.house_label(board.opposite(2)).to_string(), "a6");
        let behind = board.behind(board.opposite(2)).unwrap();
        assert_eq!(board.house_label(behind).to_string(), "b6");
        assert_eq!(board.behind(behind), None, "nothing is behind a back row");
        assert!(board.is_front(2) && !board.is_front(behind));
    }

    #[test]
    fn three_row_track_runs_round_every_house_as_selus_does() {
        let board = Board::with_cycle(
            Layout::front_and_back(3, 6),
            Direction::CounterClockwise,
            StoreSowing::None,
            Cycle::BothRows,
        );
        assert_eq!((board.rows(), board.columns()), (3, 6));
        // From B1 (house 3, Ludii's site 0) round the 18 houses: Ludii's
        // one track of Selus and Gabata.
        let mut track = vec![site(&board, 3)];
        track.extend(
            walk(board.ring(Side::South), 3, 17)
                .iter()
                .map(|&h| site(&board, h)),
        );
        assert_eq!(
            track,
            [0, 1, 2, 3, 4, 5, 11, 10, 9, 17, 16, 15, 14, 13, 12, 6, 7, 8]
        );
        assert!(board.ring(Side::South).crosses());
        // South's front row is the middle row's right half.
        assert_eq!(board.cell(0), (1, 3));
        assert_eq!(board.house_label(0).to_string(), "A4");
    }

    #[test]
    fn serpentine_tracks_wind_through_the_rows_as_abalala_e_does() {
        let board = Board::with_cycle(
            Layout::front_and_back(3, 6),
            Direction::CounterClockwise,
            StoreSowing::None,
            Cycle::Serpentine,
        );
        // From B1 (house 3, Ludii's site 0): South's back row, the whole
        // middle row back, North's back row from South's left (Ludii's
        // Abalala'e, South's track).
        let mut south = vec![site(&board, 3)];
        south.extend(
            walk(board.ring(Side::South), 3, 17)
                .iter()
                .map(|&h| site(&board, h)),
        );
        assert_eq!(
            south,
            [0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6, 12, 13, 14, 15, 16, 17]
        );
        // From b1 (house 12, Ludii's site 17): North's the same, turned round.
        let mut north = vec![site(&board, 12)];
        north.extend(
            walk(board.ring(Side::North), 12, 17)
                .iter()
                .map(|&h| site(&board, h)),
        );
        assert_eq!(
            north,
            [17, 16, 15, 14, 13, 12, 6, 7, 8, 9, 10, 11, 5, 4, 3, 2, 1, 0]
        );
        assert_eq!(board.houses_on_cycle(), 18);
    }
}
