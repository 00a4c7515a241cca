//! Sowing: lifting a house and dropping its seeds one by one along the
//! sower's ring, with laps that may pass over the origin, and relay sowing
//! that lifts the last hole and sows on.
//!
//! There is one sowing loop, `Rules::sow`. It is specialised when the rules
//! compile (`LoopKind`) by two const parameters, relay and captures while
//! sowing, so plain sowing (Oware, Kalah) runs a loop with neither test in it.
//! An opening move sown to the opponent's row, blocked houses and the
//! opponent taking what is sown are cases of it, looked at only by its relay
//! instances. The sowings that go along no ring or handful (from the store,
//! spread round the house, plus-one-minus-one openings) and bearing off, the
//! rare path of a game's end, stay beside it.

use crate::word::{OPENING, OWN_WAYS, OwnWay, QUIET, WAYS};
use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::{CompileError, CountSet, Rules, ZoneMask, count_set, err, flag_unless};
use crate::board::{Board, Cycle, Direction, STORE, StoreSowing};
use crate::moves::MAX_RELAY_LIFTS;
use crate::position::{Layout, Position, PositionError, Side};
use crate::rules::capture::Zone;
use crate::rules::capture::{BeforeSowing, Captures};
use crate::rules::children::OpponentSows;
use crate::trace::{Event, Trace};

/// The most seeds a house holds where moves spread their seeds round the
/// house played (`[sowing] diffuse`): one for each house around it. A seed
/// for a full house leaves play.
pub const DIFFUSE_FULL: u8 = 5;

/// `[sowing]`: how seeds are sown.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "the table [sowing]")]
pub struct Section {
    /// The way seeds travel.
    #[serde(default)]
    pub direction: Direction,
    /// Whether a lap passes over the house the seeds were lifted from.
    #[serde(default)]
    pub skip_origin: bool,
    /// Whether sowing goes on from the last hole: its seeds are lifted and sown
    /// on, until the last seed makes a count in `relay_stops_on` or captures.
    #[serde(default)]
    pub relay: bool,
    /// Counts in the last hole that end relay sowing (only with `relay`).
    #[serde(default)]
    pub relay_stops_on: Option<Spanned<Vec<i64>>>,
    /// The only counts in the last hole that let a relay go on (only with
    /// `relay`; the other way round from `relay_stops_on`).
    #[serde(default)]
    pub relay_continues_on: Option<Spanned<Vec<i64>>>,
    /// Where a relay lifts from (only with `relay`): `"last"`, the hole the
    /// last seed fell in (the default), or `"next"`, the place after it,
    /// whenever that place holds seeds (MancalaGames' `LAPPER_NEXT`).
    #[serde(default)]
    pub relay_from: Option<Spanned<RelayFrom>>,
    /// The row the last hole must be in for a relay to go on, seen from the
    /// sower (only with `relay`; MancalaGames' `mlap_cont = OWN_SIDE`,
    /// `OPP_SIDE`).
    #[serde(default)]
    pub relay_only_in: Option<Spanned<Zone>>,
    /// Which stores the sowing drops seeds into as it passes them.
    #[serde(default)]
    pub into_stores: Option<Spanned<StoreSowing>>,
    /// A direction for each move: by the half of the row the house is in,
    /// or by the parity of its seeds.
    #[serde(default)]
    pub direction_by: Option<Spanned<Turning>>,
    /// The houses, counted from their owner's left (1 is the first), from
    /// which the mover chooses the direction of each move (`C>` or `C<`).
    #[serde(default)]
    pub direction_chosen_in: Option<Spanned<Vec<i64>>>,
    /// Whether the first seed of a move goes back into the house played
    /// (the sowing starts there); a house with a single seed sows it into
    /// the next house.
    #[serde(default)]
    pub first_seed_in_origin: Option<Spanned<bool>>,
    /// With `first_seed_in_origin` and `relay`: whether every relay lift
    /// too puts its first seed back into the house lifted (Ludii's Kisolo
    /// Lali).
    #[serde(default)]
    pub relay_first_seed_in_origin: Option<Spanned<bool>>,
    /// How the opening moves (`[play] opening_moves`) sow.
    #[serde(default)]
    pub opening: Option<Spanned<OpeningSowing>>,
    /// The sowing passes over the opponent's houses holding this many seeds
    /// (MancalaGames' `sow_rule = NO_SOW_OPP_NS` with `sow_param`).
    #[serde(default)]
    pub skip_opponent_holding: Option<Spanned<i64>>,
    /// With `skip_opponent_holding`: whether an opponent's house is passed
    /// over is judged by what it held when the handful was lifted, so a
    /// handful longer than the ring may sow a house it passed over once it
    /// holds the count (Ludii's Selus).
    #[serde(default)]
    pub skip_as_lifted: Option<Spanned<bool>>,
    /// Counts that end a relay when the last seed makes them in a house of
    /// the opponent's (only with `relay`).
    #[serde(default)]
    pub relay_stops_in_opponent_on: Option<Spanned<Vec<i64>>>,
    /// Whether a relay stops after a lap that leaves either player's houses
    /// without seeds (only with `relay`; Ludii's Abalala'e).
    #[serde(default)]
    pub relay_stops_when_a_side_empties: Option<Spanned<bool>>,
    /// Whether a relay stops after a lap that captured while sowing (only
    /// with `relay` and `[capture] while_sowing`; Ludii's Rab'e).
    #[serde(default)]
    pub relay_stops_after_capture: Option<Spanned<bool>>,
    /// Whether a lap ending in the sower's front row ends the sowing,
    /// unless it captured there and sows on what it took (only with
    /// `relay`, on three and four rows; Ludii's Katra).
    #[serde(default)]
    pub relay_stops_in_front_row: Option<Spanned<bool>>,
    /// Whether the mover may stop a relay where a lap ends in an occupied
    /// house of theirs that they marked (`[play] marked`), instead of
    /// lifting it: the choice is part of the move (`B6/A1`). Only with
    /// `relay` (Ludii's Misoro and Musoro Tsoro).
    #[serde(default)]
    pub relay_may_stop_at_marked: Option<Spanned<bool>>,
    /// The sowing passes over every house, on either row, holding this many
    /// seeds or more (MancalaGames' `sow_rule = MAX_SOW` with `sow_param`).
    #[serde(default)]
    pub skip_holding_at_least: Option<Spanned<i64>>,
    /// Houses, named as South's (North's of the same names too), that a
    /// handful passes over unless it was lifted from one of them.
    #[serde(default)]
    pub passed_over: Option<Spanned<Vec<String>>>,
    /// Which houses each side's sowing goes round: both rows (the default),
    /// or the sower's own row (MancalaGames' class `NorthSouthCycle`).
    #[serde(default)]
    pub cycle: Option<Spanned<Cycle>>,
    /// Once no house holds more than one seed after a move, the game bears
    /// off: a sowing that would leave the sower's row puts the seeds left
    /// in the sower's store (MancalaGames' class `BearOff`).
    #[serde(default)]
    pub bear_off: Option<Spanned<bool>>,
    /// A move spreads its seeds round the house played, one into each house
    /// around it; a house holding five passes its seed out of play, and so
    /// do the places beyond a row's end (MancalaGames' class `Diffusion`).
    #[serde(default)]
    pub diffuse: Option<Spanned<bool>>,
    /// Whether each lap of a relay sows the other way from the lap before
    /// (MancalaGames' `sow_rule = CHANGE_DIR_LAP`).
    #[serde(default)]
    pub relay_reverses: Option<Spanned<bool>>,
    /// Whether a relay goes on from the first lap only where that lap sowed
    /// a seed into the opponent's row (MancalaGames' `mlap_cont =
    /// VISIT_OPP`; Bao).
    #[serde(default)]
    pub relay_needs_opponent_row: Option<Spanned<bool>>,
    /// On four rows, with `relay_from = "next"`: whether a relay that would
    /// lift a house of the mover's front row across from an occupied house
    /// takes across from it instead (one seed of the house facing it, and
    /// one of the house behind that, into the mover's house behind it, as
    /// `[capture] facing_take_at_turn_start` does), and goes on from the
    /// house after that one (Ludii's Kisolo).
    #[serde(default)]
    pub relay_takes_facing: Option<Spanned<bool>>,
    /// Houses, named as South's (North's of the same names too), from which
    /// a lap may be sown the other way by the mover's choice, when its last
    /// seed would then fall in the mover's front row facing what the cross
    /// capture takes: the move's first lap and each later lap lifted there
    /// (Ludii's Mweiso, Choro, Kubuguza).
    #[serde(default)]
    pub reverse_from: Option<Spanned<Vec<String>>>,
    /// With `reverse_from`: the way the move's first lap is sown holds for
    /// every later lap, which offers no choice of its own (Ludii's Mweso).
    #[serde(default)]
    pub reverse_whole_move: Option<Spanned<bool>>,
}

/// How the opening moves sow.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum OpeningSowing {
    /// As every move does.
    #[default]
    AsUsual,
    /// One handful, without relays, and a last seed that would fall
    /// outside the opponent's row goes on to the opponent's next house
    /// (MancalaGames' `prescribed = SOW1OPP`).
    LastSeedToOpponent,
    /// As usual, but without passing over the opponent's houses
    /// (`skip_opponent_holding` waits for the opening to end; MancalaGames'
    /// `prescribed = MLAPS_SOWER`).
    NoSkipping,
    /// In the board's direction, whichever way the mover chose (MancalaGames'
    /// `prescribed = NO_UDIR_FIRSTS`; only with `direction_chosen_in`).
    BoardDirection,
    /// The house played keeps its seeds; going round the board from it,
    /// every other house moves one seed on into the next, and the last of
    /// them, before the house played, sends its seed across to the house
    /// opposite the one played, where the move ends (MancalaGames'
    /// `prescribed = PLUS1MINUS1`; Gabata).
    PlusOneMinusOne,
    /// One handful, without relays (Ludii's Nsumbi).
    OneHandful,
}

/// What a lap does at the house the seeds came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Laps {
    /// A lap passes over it (Oware, Ouri).
    SkipOrigin,
    /// A lap sows into it like any other house (Wouri, R10).
    IncludeOrigin,
}

/// Where a relay lifts from.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum RelayFrom {
    /// The hole the last seed fell in.
    #[default]
    Last,
    /// The place after it, when that place holds seeds; the relay ends when
    /// it is empty.
    Next,
}

/// What happens when the last seed of a handful falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Continuation {
    /// The sowing ends.
    Stop,
    /// Relay sowing (R8): the last hole's seeds are lifted and sown on,
    /// unless the last seed captures, falls in a store, or leaves one of
    /// `stops` in its hole.
    Relay {
        /// Counts of the last hole that end the relay.
        stops: CountSet,
        /// Where the relay lifts from.
        from: RelayFrom,
        /// The rows the last hole may be in for the relay to go on.
        rows: ZoneMask,
    },
}

/// Compiled sowing: laps and relays. The direction and the stores sown
/// into are the board's, since they shape its rings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sowing {
    /// Laps and the origin.
    pub laps: Laps,
    /// Relays.
    pub continuation: Continuation,
    /// Whether a move's direction depends on the move.
    pub turning: Turning,
    /// Whether the first seed of a move goes back into the house played.
    pub first_in_origin: bool,
    /// Whether the first seed of every relay lift goes back into the house
    /// lifted too (`relay_first_seed_in_origin`).
    pub relay_first_in_origin: bool,
    /// How the opening moves sow.
    pub opening: OpeningSowing,
    /// The count of the opponent's houses the sowing passes over (0: none).
    pub skip_opponent: u8,
    /// The count from which a house, on either row, is passed over by the
    /// sowing (0: none).
    pub skip_full: u8,
    /// Whether `skip_opponent` reads what a house held when the handful was
    /// lifted (`skip_as_lifted`).
    pub skip_as_lifted: bool,
    /// The houses a handful passes over unless it was lifted from one of
    /// them (`passed_over`): a mask over the board's houses, both sides';
    /// 0 for none.
    pub passed_over: u64,
    /// Counts of the last hole that end a relay in the opponent's houses
    /// (`relay_stops_in_opponent_on`).
    pub stops_in_opponent: CountSet,
    /// Whether a relay stops once either player's houses hold no seeds
    /// (`relay_stops_when_a_side_empties`).
    pub stops_when_a_side_empties: bool,
    /// Whether a relay stops after a lap that captured while sowing
    /// (`relay_stops_after_capture`).
    pub stops_after_capture: bool,
    /// Whether a lap ending in the sower's front row ends the sowing but
    /// where it captured (`relay_stops_in_front_row`).
    pub stops_in_front_row: bool,
    /// Whether the players choose a way once and keep it, the position
    /// carrying it (`first_move`, `own_second_move`, `own_first_move`):
    /// one test for the others where each move's way is read.
    pub ways_kept: bool,
    /// For each mover, the houses a relay may go on from, as a mask over
    /// the board's: those of `relay_only_in`'s rows, less the front row
    /// with `relay_stops_in_front_row`. One test a lap for both.
    pub relays_from: [u64; 2],
    /// Whether the mover may stop a relay in a house they marked
    /// (`relay_may_stop_at_marked`).
    pub stop_at_marked: bool,
    /// The board's direction, which a chosen direction is measured against.
    pub direction: Direction,
    /// The houses from which the mover chooses the direction, as a mask
    /// over a row (bit `i`: `i` places from the owner's left).
    pub chosen_in: u32,
    /// Whether the game comes to bear off (`bear_off`).
    pub bear_off: bool,
    /// Whether a move spreads its seeds round the house played (`diffuse`).
    pub diffuse: bool,
    /// With [`Turning::ToCenter`], the houses that sow against the board's
    /// direction, as a mask over the houses: those whose next house that
    /// way lies nearer the board's centre line.
    pub toward_center: u64,
    /// Whether each relay lap sows the other way from the lap before
    /// (`relay_reverses`).
    pub relay_reverses: bool,
    /// Whether the first lap must sow into the opponent's row for a relay
    /// to go on (`relay_needs_opponent_row`).
    pub relay_needs_opponent_row: bool,
    /// Whether a relay from the next house takes across instead of lifting
    /// a front-row house facing seeds (`relay_takes_facing`).
    pub relay_takes_facing: bool,
    /// The houses from which a lap may be sown the other way by choice
    /// (`reverse_from`): a mask over the board's houses, both sides'; 0
    /// for none.
    pub reverse_from: u64,
    /// Whether the way the move's first lap is sown, by choice from a
    /// house of `reverse_from`, holds for every later lap
    /// (`reverse_whole_move`); the laps then never turn.
    pub reverse_whole_move: bool,
    /// Whether a relay lap's way may differ from the board's or the lap
    /// before's: `relay_reverses` or `reverse_from` (which exclude each
    /// other), tested once a lap.
    pub laps_turn: bool,
}

/// How a move's direction is chosen.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Turning {
    /// Every move sows in the board's direction.
    #[default]
    Fixed,
    /// Houses in the left half of their owner's row sow clockwise, those in
    /// the right half counter-clockwise (MancalaGames' `sow_direct = SPLIT`).
    HalfRow,
    /// A house holding an odd number of seeds sows counter-clockwise, an even
    /// number clockwise (MancalaGames' `sow_direct = EVEN_ODD_DIR`).
    Parity,
    /// The game's first move chooses its way (`C>` or `C<`); from then on
    /// South sows that way and North the other (MancalaGames' `sow_direct =
    /// PLAYALTDIR`). The position carries the ways (`ways:><`).
    FirstMove,
    /// Every house sows the way whose next house lies nearer the board's
    /// centre line, between its middle columns (MancalaGames' `sow_direct =
    /// TOCENTER`): on two rows sown round, the left half of a row
    /// counter-clockwise and the right half clockwise, the other way from
    /// `HalfRow`; on a zigzag cycle, each house as its next steps say.
    ToCenter,
    /// Each player's first move sows the board's direction; their second
    /// chooses its way from any house (`C>` or `C<`), the way they sow
    /// for the rest of the game (Ludii's Chisolo). The position carries
    /// both players' standing (`own_ways:>2`).
    OwnSecondMove,
    /// Each player's first move chooses its way from any house (`C>` or
    /// `C<`), the way they sow for the rest of the game (Ludii's Katra).
    /// The position carries both players' standing (`own_ways:1>`).
    OwnFirstMove,
}

impl Sowing {
    /// Whether sowing `house`, holding `seeds`, goes against the board's
    /// direction; `houses_per_side` places the house in its row.
    #[inline(always)]
    pub(crate) fn reverses(
        &self,
        house: usize,
        seeds: u8,
        houses_per_side: usize,
        chosen: Option<Direction>,
    ) -> bool {
        if let Some(direction) = chosen {
            return direction != self.direction;
        }
        match self.turning {
            // The engine gives every move of these its way.
            Turning::Fixed
            | Turning::FirstMove
            | Turning::OwnSecondMove
            | Turning::OwnFirstMove => false,
            Turning::HalfRow => house % houses_per_side < houses_per_side / 2,
            Turning::Parity => seeds.is_multiple_of(2),
            Turning::ToCenter => self.toward_center >> house & 1 != 0,
        }
    }
}

impl Sowing {
    /// The moves a house `offset` places from its owner's left gives: one
    /// sown the rules' way, or one each way where the mover chooses.
    #[inline]
    pub(crate) fn ways_from(
        choosing: u32,
        offset: usize,
    ) -> impl Iterator<Item = (usize, Option<Direction>)> + use<> {
        let ways: &'static [Option<Direction>] = if choosing >> offset & 1 != 0 {
            &[
                Some(Direction::CounterClockwise),
                Some(Direction::Clockwise),
            ]
        } else {
            &[None]
        };
        ways.iter().map(move |&way| (offset, way))
    }

    /// The houses from which the player to move in `pos` chooses the
    /// direction, as a mask over the row: `direction_chosen_in`, or every
    /// house in the game's first move where it chooses the ways.
    #[inline]
    pub fn choosing(&self, pos: &Position, houses_per_side: usize) -> u32 {
        if self.ways_kept && self.chooses_way_now(pos) {
            (1u32 << houses_per_side) - 1
        } else {
            self.chosen_in
        }
    }

    /// Where the players choose a way once and keep it: whether the
    /// player to move in `pos` chooses theirs on this move.
    #[cold]
    fn chooses_way_now(&self, pos: &Position) -> bool {
        let standing = pos.get(OWN_WAYS).of(pos.to_move());
        match self.turning {
            Turning::FirstMove => pos.get(WAYS).is_none(),
            Turning::OwnSecondMove => standing == OwnWay::Choosing,
            Turning::OwnFirstMove => !matches!(standing, OwnWay::Chosen(_)),
            _ => false,
        }
    }

    /// The way the player to move in `pos` sows a move written with
    /// `chosen` (none where the rules fix it): where the first move chose
    /// the ways, the mover's own.
    #[inline]
    pub(crate) fn way_of(&self, pos: &Position, chosen: Option<Direction>) -> Option<Direction> {
        if !self.ways_kept || chosen.is_some() {
            return chosen;
        }
        match (self.turning, chosen, pos.get(WAYS)) {
            (Turning::FirstMove, None, Some(south)) => Some(match pos.to_move() {
                crate::position::Side::South => south,
                crate::position::Side::North => south.reversed(),
            }),
            (Turning::OwnSecondMove | Turning::OwnFirstMove, None, _) => {
                match pos.get(OWN_WAYS).of(pos.to_move()) {
                    OwnWay::Chosen(way) => Some(way),
                    _ => None,
                }
            }
            _ => chosen,
        }
    }

    /// Whether sowing relays.
    pub fn relays(&self) -> bool {
        matches!(self.continuation, Continuation::Relay { .. })
    }
}

/// The instance of the sowing loop a variant runs, chosen once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LoopKind {
    /// One handful, no captures on the way: the fast path.
    Plain,
    /// Relay sowing.
    Relay,
    /// Captures while sowing.
    WhileSowing,
    /// Both.
    RelayWhileSowing,
}

impl LoopKind {
    /// `passes`: the sowing passes over houses or takes seeds out of play,
    /// seed by seed (some children, a round's blocked houses, `[blocking]`),
    /// which only the relay instances of the loop look at.
    pub(crate) fn of(sowing: &Sowing, captures: &Captures, passes: bool) -> LoopKind {
        // Houses passed over (children, blocked houses, the opponent's
        // houses holding a count), seeds that leave play or go to the
        // opponent, and an opening move's last seed sent on are the relay
        // loop's business, relay or not: the plain loop stays free of the
        // tests. A relay instance of a variant without relays sows one
        // handful, as the plain one does.
        let relay = sowing.relays()
            || passes
            || sowing.skip_opponent > 0
            || sowing.skip_full > 0
            || sowing.passed_over != 0
            || sowing.opening == OpeningSowing::LastSeedToOpponent
            || captures.opponent_takes_sown > 0;
        match (relay, captures.while_sowing.is_some()) {
            (false, false) => LoopKind::Plain,
            (true, false) => LoopKind::Relay,
            (false, true) => LoopKind::WhileSowing,
            (true, true) => LoopKind::RelayWhileSowing,
        }
    }
}

/// Compiles `[sowing]` for a board laid out as `layout` says; the board's
/// rings come from the direction, the cycle and the stores sown into.
pub(crate) fn compile(
    section: &Section,
    layout: Layout,
    total: u32,
) -> Result<(Sowing, Board), CompileError> {
    let houses_per_side = layout.houses_per_side();
    if !layout.single_row() {
        refuse_two_row_only(section, layout)?;
    }
    if let Some(cycle) = &section.cycle
        && *cycle.get_ref() == Cycle::Serpentine
        && layout.rows() != 3
    {
        return err(
            cycle.span(),
            format!(
                "cycle = \"serpentine\" winds through the three rows of a board with a shared middle row; this board has {}",
                layout.rows()
            ),
        );
    }
    let continuation = continuation(section, total)?;
    let stores = section
        .into_stores
        .as_ref()
        .map_or(StoreSowing::None, |s| *s.get_ref());
    let chosen_in = chosen_in(section, houses_per_side)?;
    let turning = turning(section, houses_per_side, chosen_in)?;
    let first_in_origin = flag_unless(
        &section.first_seed_in_origin,
        section.skip_origin,
        "first_seed_in_origin sows into the house played, and skip_origin = true passes over it: keep one",
    )?;
    let relay_first_in_origin = flag_unless(
        &section.relay_first_seed_in_origin,
        !section.relay || !first_in_origin,
        "relay_first_seed_in_origin sows every relay lift as first_seed_in_origin sows the house played: it needs relay = true and first_seed_in_origin = true",
    )?;
    let skip_opponent = match &section.skip_opponent_holding {
        Some(count) if section.skip_origin => {
            return err(
                count.span(),
                "skip_opponent_holding with skip_origin = true is not supported: keep one",
            );
        }
        Some(count) => {
            super::in_range(count, 1, total.min(255) as i64, "skip_opponent_holding")? as u8
        }
        None => 0,
    };
    let skip_full = skip_full(section, houses_per_side, total)?;
    let skip_as_lifted = flag_unless(
        &section.skip_as_lifted,
        skip_opponent == 0,
        "skip_as_lifted says how skip_opponent_holding reads a house: it only applies with skip_opponent_holding",
    )?;
    let stops_in_opponent = match &section.relay_stops_in_opponent_on {
        None => CountSet::default(),
        Some(stops) if !section.relay => {
            return err(
                stops.span(),
                "relay_stops_in_opponent_on only applies with relay = true",
            );
        }
        Some(stops) => count_set(
            stops,
            total,
            "relay_stops_in_opponent_on",
            "the last hole has just received a seed, so it never holds 0",
        )?,
    };
    let stops_when_a_side_empties = flag_unless(
        &section.relay_stops_when_a_side_empties,
        !section.relay,
        "relay_stops_when_a_side_empties says when a relay ends: it only applies with relay = true",
    )?;
    let stops_after_capture = flag_unless(
        &section.relay_stops_after_capture,
        !section.relay,
        "relay_stops_after_capture says when a relay ends: it only applies with relay = true",
    )?;
    let stops_in_front_row = flag_unless(
        &section.relay_stops_in_front_row,
        !section.relay || layout.single_row(),
        "relay_stops_in_front_row says where a relay ends: it needs relay = true and [board] rows = 3 or 4",
    )?;
    let relay_takes_facing = flag_unless(
        &section.relay_takes_facing,
        layout.rows() != 4
            || section
                .relay_from
                .as_ref()
                .is_none_or(|f| *f.get_ref() != RelayFrom::Next),
        "relay_takes_facing takes across from the front-row house a relay from the next house would lift, into the back-row house behind it: it needs [board] rows = 4 and relay_from = \"next\"",
    )?;
    let stop_at_marked = flag_unless(
        &section.relay_may_stop_at_marked,
        !section.relay,
        "relay_may_stop_at_marked lets the mover end a relay: it only applies with relay = true",
    )?;
    opening_combinations(section, skip_opponent, chosen_in, stores)?;
    let cycle = cycle_combinations(section, stores, layout)?;
    let bear_off = bear_off_combinations(section, cycle, stores)?;
    let diffuse = diffuse_combinations(section)?;
    let relay_reverses = relay_reverses(section, continuation, bear_off, skip_opponent, cycle)?;
    let relay_needs_opponent_row = relay_needs_opponent_row(section, cycle, bear_off)?;
    let board = Board::with_cycle(layout, section.direction, stores, cycle);
    let passed_over = passed_over(section, &board)?;
    let reverse_from = reverse_from(section, &board, chosen_in)?;
    let reverse_whole_move = flag_unless(
        &section.reverse_whole_move,
        reverse_from == 0,
        "reverse_whole_move says how far a lap sown the other way by choice reaches: it only applies with reverse_from",
    )?;
    let relays_from = relays_from(&board, continuation, stops_in_front_row);
    let sowing = Sowing {
        relays_from,
        passed_over,
        reverse_from,
        reverse_whole_move,
        laps_turn: relay_reverses || (reverse_from != 0 && !reverse_whole_move),
        relay_needs_opponent_row,
        relay_reverses,
        bear_off,
        diffuse,
        toward_center: if turning == Turning::ToCenter {
            toward_center(&board)
        } else {
            0
        },
        direction: section.direction,
        chosen_in,
        skip_opponent,
        skip_full,
        skip_as_lifted,
        stops_in_opponent,
        stops_when_a_side_empties,
        stops_after_capture,
        stops_in_front_row,
        stop_at_marked,
        relay_takes_facing,
        opening: section
            .opening
            .as_ref()
            .map_or(OpeningSowing::AsUsual, |o| *o.get_ref()),
        first_in_origin,
        relay_first_in_origin,
        laps: if section.skip_origin {
            Laps::SkipOrigin
        } else {
            Laps::IncludeOrigin
        },
        continuation,
        turning,
        ways_kept: matches!(
            turning,
            Turning::FirstMove | Turning::OwnSecondMove | Turning::OwnFirstMove
        ),
    };
    Ok((sowing, board))
}

/// How a sowing goes on once its last seed falls (`relay` and the
/// `relay_*` keys that say when and where a relay goes on).
fn continuation(section: &Section, total: u32) -> Result<Continuation, CompileError> {
    let goes_on_only = if let Some(goes_on) = &section.relay_continues_on {
        if !section.relay {
            return err(
                goes_on.span(),
                "relay_continues_on only applies with relay = true",
            );
        }
        if section.relay_stops_on.is_some() {
            return err(
                goes_on.span(),
                "relay_continues_on and relay_stops_on say the same thing two ways: keep one",
            );
        }
        let goes_on = count_set(
            goes_on,
            total,
            "relay_continues_on",
            "the last hole has just received a seed, so it never holds 0",
        )?;
        let mut stops = CountSet::default();
        for count in 1..=total.min(255) as u8 {
            if !goes_on.contains(count) {
                stops.insert(count);
            }
        }
        Some(Continuation::Relay {
            stops,
            from: RelayFrom::Last,
            rows: ZoneMask::from_zone(Zone::Either),
        })
    } else {
        None
    };
    let continuation = match (&section.relay_stops_on, section.relay) {
        _ if goes_on_only.is_some() => goes_on_only.expect("just tested"),
        (Some(stops), false) => {
            return err(
                stops.span(),
                "relay_stops_on only applies with relay = true",
            );
        }
        (Some(stops), true) => Continuation::Relay {
            stops: count_set(
                stops,
                total,
                "relay_stops_on",
                "the last hole has just received a seed, so it never holds 0",
            )?,
            from: RelayFrom::Last,
            rows: ZoneMask::from_zone(Zone::Either),
        },
        (None, true) => Continuation::Relay {
            stops: CountSet::default(),
            from: RelayFrom::Last,
            rows: ZoneMask::from_zone(Zone::Either),
        },
        (None, false) => Continuation::Stop,
    };
    let continuation = match (&section.relay_from, continuation) {
        (None, continuation) => continuation,
        (Some(from), Continuation::Stop) => {
            return err(from.span(), "relay_from only applies with relay = true");
        }
        (Some(from), Continuation::Relay { stops, rows, .. }) => {
            if *from.get_ref() == RelayFrom::Next && section.skip_origin {
                return err(
                    from.span(),
                    "relay_from = \"next\" with skip_origin = true is not supported: which house is next after the origin is not settled",
                );
            }
            Continuation::Relay {
                stops,
                from: *from.get_ref(),
                rows,
            }
        }
    };
    let continuation = match (&section.relay_only_in, continuation) {
        (None, continuation) => continuation,
        (Some(only), Continuation::Stop) => {
            return err(only.span(), "relay_only_in only applies with relay = true");
        }
        (Some(only), Continuation::Relay { stops, from, .. }) => {
            let rows = ZoneMask::from_zone(*only.get_ref());
            if !rows.any() {
                return err(
                    only.span(),
                    "relay_only_in = \"none\" would stop every relay: write relay = false",
                );
            }
            Continuation::Relay { stops, from, rows }
        }
    };
    Ok(continuation)
}

/// For each mover, the houses a relay may go on from
/// ([`Sowing::relays_from`]).
fn relays_from(board: &Board, continuation: Continuation, stops_in_front_row: bool) -> [u64; 2] {
    let Continuation::Relay { rows, .. } = continuation else {
        return [0; 2];
    };
    [Side::South, Side::North].map(|me| {
        (0..board.houses())
            .filter(|&h| rows.allows(board.owner(h) == me))
            .filter(|&h| !(stops_in_front_row && board.is_front(h)))
            .fold(0u64, |mask, h| mask | 1 << h)
    })
}

/// The houses whose moves choose their direction (`direction_chosen_in`),
/// as a mask over the row's offsets.
fn chosen_in(section: &Section, houses_per_side: usize) -> Result<u32, CompileError> {
    Ok(match &section.direction_chosen_in {
        None => 0,
        Some(places) => {
            let mask = super::row_places(places, houses_per_side, "direction_chosen_in")?;
            if mask == 0 {
                return err(
                    places.span(),
                    "direction_chosen_in names no house: leave it out if no move chooses its direction",
                );
            }
            mask
        }
    })
}

/// How each move's direction is found (`direction_by`).
fn turning(
    section: &Section,
    houses_per_side: usize,
    chosen_in: u32,
) -> Result<Turning, CompileError> {
    Ok(match &section.direction_by {
        None => Turning::Fixed,
        Some(by) => {
            if section.direction != Direction::CounterClockwise
                && *by.get_ref() != Turning::OwnSecondMove
            {
                return err(
                    by.span(),
                    "direction_by gives every move its own direction: leave direction out (or counter-clockwise)",
                );
            }
            match *by.get_ref() {
                Turning::OwnSecondMove if chosen_in != 0 => {
                    return err(
                        by.span(),
                        "direction_by = \"own_second_move\" lets each player's second move choose from every house, and fixes every later move: leave direction_chosen_in out",
                    );
                }
                Turning::OwnFirstMove if chosen_in != 0 => {
                    return err(
                        by.span(),
                        "direction_by = \"own_first_move\" lets each player's first move choose from every house, and fixes every later move: leave direction_chosen_in out",
                    );
                }
                Turning::FirstMove if chosen_in != 0 => {
                    return err(
                        by.span(),
                        "direction_by = \"first_move\" lets the first move choose from every house, and fixes every later move: leave direction_chosen_in out",
                    );
                }
                Turning::HalfRow | Turning::ToCenter
                    if houses_per_side % 2 == 1 && chosen_in >> (houses_per_side / 2) & 1 == 0 =>
                {
                    return err(
                        by.span(),
                        format!(
                            "direction_by = \"{}\" needs an even row, or the middle house in direction_chosen_in: the middle house of {houses_per_side} has no half",
                            if *by.get_ref() == Turning::HalfRow {
                                "half_row"
                            } else {
                                "to_center"
                            }
                        ),
                    );
                }
                turning => turning,
            }
        }
    })
}

/// Refuses an `opening` sowing that the rest of `[sowing]` gives nothing
/// to do, or that it cannot sow.
fn opening_combinations(
    section: &Section,
    skip_opponent: u8,
    chosen_in: u32,
    stores: StoreSowing,
) -> Result<(), CompileError> {
    if let Some(opening) = &section.opening
        && *opening.get_ref() == OpeningSowing::NoSkipping
        && skip_opponent == 0
    {
        return err(
            opening.span(),
            "opening = \"no_skipping\" lifts skip_opponent_holding in the opening, and there is none",
        );
    }
    if let Some(opening) = &section.opening
        && *opening.get_ref() == OpeningSowing::OneHandful
        && !section.relay
    {
        return err(
            opening.span(),
            "opening = \"one_handful\" sows the opening moves without relays, and no move relays: give relay = true",
        );
    }
    if let Some(opening) = &section.opening
        && *opening.get_ref() == OpeningSowing::BoardDirection
        && chosen_in == 0
    {
        return err(
            opening.span(),
            "opening = \"board_direction\" overrides the direction the mover chose, and no move chooses one: give direction_chosen_in",
        );
    }
    if let Some(opening) = &section.opening
        && *opening.get_ref() == OpeningSowing::PlusOneMinusOne
        && (stores != StoreSowing::None || chosen_in != 0 || section.direction_by.is_some())
    {
        return err(
            opening.span(),
            "opening = \"plus_one_minus_one\" moves seeds round the houses in the board's direction: not with into_stores, direction_chosen_in or direction_by",
        );
    }
    Ok(())
}

/// Whether the game bears off (`bear_off`), refused beside the sowings
/// where its seeds would go is not settled.
fn bear_off_combinations(
    section: &Section,
    cycle: Cycle,
    stores: StoreSowing,
) -> Result<bool, CompileError> {
    Ok(match &section.bear_off {
        Some(flag) if *flag.get_ref() => {
            let clash = [
                (cycle != Cycle::BothRows, "a cycle other than both_rows"),
                (stores != StoreSowing::None, "into_stores"),
                (
                    section
                        .first_seed_in_origin
                        .as_ref()
                        .is_some_and(|f| *f.get_ref()),
                    "first_seed_in_origin",
                ),
                (
                    section.skip_opponent_holding.is_some(),
                    "skip_opponent_holding",
                ),
                (section.opening.is_some(), "opening"),
                (
                    section
                        .relay_from
                        .as_ref()
                        .is_some_and(|f| *f.get_ref() == RelayFrom::Next),
                    "relay_from = \"next\"",
                ),
            ];
            if let Some((_, what)) = clash.iter().find(|(set, _)| *set) {
                return err(
                    flag.span(),
                    format!(
                        "bear_off with {what} is not supported: where its seeds would go when bearing off is not settled"
                    ),
                );
            }
            true
        }
        _ => false,
    })
}

/// Whether each relay lap sows the other way from the lap before
/// (`relay_reverses`): plain relays round both rows only.
fn relay_reverses(
    section: &Section,
    continuation: Continuation,
    bear_off: bool,
    skip_opponent: u8,
    cycle: Cycle,
) -> Result<bool, CompileError> {
    Ok(match &section.relay_reverses {
        Some(flag) if *flag.get_ref() => {
            if !matches!(
                continuation,
                Continuation::Relay {
                    from: RelayFrom::Last,
                    ..
                }
            ) {
                return err(
                    flag.span(),
                    "relay_reverses turns each relay lap back: it needs relay = true, lifting from the last hole",
                );
            }
            if bear_off
                || section.opening.is_some()
                || skip_opponent > 0
                || cycle != Cycle::BothRows
            {
                return err(
                    flag.span(),
                    "relay_reverses is supported for plain relays round both rows: not with bear_off, opening, skip_opponent_holding or cycle",
                );
            }
            true
        }
        _ => false,
    })
}

/// Whether a relay goes on only once the first lap reached the
/// opponent's row (`relay_needs_opponent_row`).
fn relay_needs_opponent_row(
    section: &Section,
    cycle: Cycle,
    bear_off: bool,
) -> Result<bool, CompileError> {
    Ok(match &section.relay_needs_opponent_row {
        Some(flag) if *flag.get_ref() => {
            if !section.relay {
                return err(
                    flag.span(),
                    "relay_needs_opponent_row says when a relay goes on: it needs relay = true",
                );
            }
            if cycle != Cycle::BothRows || bear_off {
                return err(
                    flag.span(),
                    "relay_needs_opponent_row asks whether the first lap reached the opponent's row: not with a cycle that never goes there, or bear_off",
                );
            }
            true
        }
        _ => false,
    })
}

/// The houses from which a lap may be sown the other way by choice
/// (`reverse_from`), as a mask over the board's houses: South's named, and
/// North's of the same names. The sowing phase's own checks; those that
/// read the captures are [`crate::Rules`]'s.
fn reverse_from(section: &Section, board: &Board, chosen_in: u32) -> Result<u64, CompileError> {
    let Some(houses) = &section.reverse_from else {
        return Ok(0);
    };
    let layout = board.layout();
    let row = super::feeding::south_houses(
        houses.get_ref(),
        layout,
        houses.span(),
        "reverse_from",
        "North's houses of the same names (in lower case) may sow the other way too",
    )?;
    if layout.single_row() {
        return err(
            houses.span(),
            "reverse_from reverses laps that reach the mover's front row: it needs [board] rows = 3 or 4",
        );
    }
    if section.direction != Direction::CounterClockwise {
        return err(
            houses.span(),
            "reverse_from sows laps clockwise, against a counter-clockwise board (`<` in a move): it needs direction = \"counter-clockwise\"",
        );
    }
    let clash = [
        (chosen_in != 0, "direction_chosen_in"),
        (section.direction_by.is_some(), "direction_by"),
        (section.relay_reverses.is_some(), "relay_reverses"),
        (
            section
                .relay_may_stop_at_marked
                .as_ref()
                .is_some_and(|f| *f.get_ref()),
            "relay_may_stop_at_marked",
        ),
        (section.skip_origin, "skip_origin"),
        (
            section.first_seed_in_origin.is_some(),
            "first_seed_in_origin",
        ),
        (
            section.relay_first_seed_in_origin.is_some(),
            "relay_first_seed_in_origin",
        ),
        (section.passed_over.is_some(), "passed_over"),
        (
            section.skip_opponent_holding.is_some(),
            "skip_opponent_holding",
        ),
        (
            section.skip_holding_at_least.is_some(),
            "skip_holding_at_least",
        ),
        (section.relay_from.is_some(), "relay_from"),
        (section.cycle.is_some(), "cycle"),
        (section.bear_off.is_some(), "bear_off"),
        (section.diffuse.is_some(), "diffuse"),
        (section.into_stores.is_some(), "into_stores"),
    ];
    if let Some((_, key)) = clash.iter().find(|(set, _)| *set) {
        return err(
            houses.span(),
            format!(
                "reverse_from is modelled for laps sown round the mover's own rows, each seed into the next house, in the board's direction unless reversed by choice: not with {key}"
            ),
        );
    }
    Ok([Side::South, Side::North]
        .into_iter()
        .fold(0u64, |mask, side| {
            mask | (row as u64) << board.row_start(side)
        }))
}

/// The houses a handful passes over unless lifted from one of them
/// (`passed_over`), as a mask over the board's houses: South's named, and
/// North's of the same names.
fn passed_over(section: &Section, board: &Board) -> Result<u64, CompileError> {
    let Some(houses) = &section.passed_over else {
        return Ok(0);
    };
    let layout = board.layout();
    let row = super::feeding::south_houses(
        houses.get_ref(),
        layout,
        houses.span(),
        "passed_over",
        "North's houses of the same names (in lower case) are passed over too",
    )?;
    let clash = [
        (section.into_stores.is_some(), "into_stores"),
        (section.skip_origin, "skip_origin"),
        (section.relay_from.is_some(), "relay_from"),
        (section.bear_off.is_some(), "bear_off"),
        (section.diffuse.is_some(), "diffuse"),
        (section.opening.is_some(), "opening"),
        (section.relay_reverses.is_some(), "relay_reverses"),
    ];
    if let Some((_, key)) = clash.iter().find(|(set, _)| *set) {
        return err(
            houses.span(),
            format!(
                "passed_over is modelled for a plain sowing round a ring of houses: not with {key}"
            ),
        );
    }
    let n = layout.houses_per_side();
    if row.count_ones() as usize + 2 > n {
        return err(
            houses.span(),
            format!(
                "passed_over names {} of a side's {n} houses: a handful lifted elsewhere must find at least two houses to sow into",
                row.count_ones()
            ),
        );
    }
    Ok([Side::South, Side::North]
        .into_iter()
        .fold(0u64, |mask, side| {
            mask | (row as u64) << board.row_start(side)
        }))
}

/// The count from which the sowing passes over a house
/// (`skip_holding_at_least`; 0: none). A sowing must always find a house to
/// sow into: so few houses may hold the count that at least two of the
/// fewest houses a sowing goes round stay open (one may be the house
/// played, passed over by `skip_origin`).
fn skip_full(section: &Section, houses_per_side: usize, total: u32) -> Result<u8, CompileError> {
    let Some(count) = &section.skip_holding_at_least else {
        return Ok(0);
    };
    let at_least = super::in_range(count, 1, total.min(255) as i64, "skip_holding_at_least")?;
    if section.into_stores.is_some() {
        return err(
            count.span(),
            "skip_holding_at_least passes over houses: with into_stores, whether a store holding the count is passed over too is not settled",
        );
    }
    let full = total as i64 / at_least;
    if full + 2 > houses_per_side as i64 {
        return err(
            count.span(),
            format!(
                "skip_holding_at_least = {at_least}: {full} houses could hold that many, and a sowing round {houses_per_side} houses might find no house to sow into: give {} or more",
                total as i64 / (houses_per_side as i64 - 1).max(1) + 1
            ),
        );
    }
    Ok(at_least as u8)
}

/// Whether a move spreads its seeds round the house played, refusing every
/// other way of sowing beside it: the seeds go round the house, not along a
/// ring.
fn diffuse_combinations(section: &Section) -> Result<bool, CompileError> {
    let Some(flag) = section.diffuse.as_ref().filter(|f| *f.get_ref()) else {
        return Ok(false);
    };
    let clash = [
        (
            section.direction != Direction::CounterClockwise,
            "direction",
        ),
        (section.skip_origin, "skip_origin"),
        (section.relay, "relay"),
        (section.into_stores.is_some(), "into_stores"),
        (section.direction_by.is_some(), "direction_by"),
        (section.direction_chosen_in.is_some(), "direction_chosen_in"),
        (
            section.first_seed_in_origin.is_some(),
            "first_seed_in_origin",
        ),
        (section.opening.is_some(), "opening"),
        (
            section.skip_opponent_holding.is_some(),
            "skip_opponent_holding",
        ),
        (section.cycle.is_some(), "cycle"),
        (section.bear_off.is_some(), "bear_off"),
    ];
    if let Some((_, key)) = clash.iter().find(|(set, _)| *set) {
        return Err((
            flag.span(),
            format!(
                "diffuse = true spreads a move's seeds round the house played, one a house: not with {key}, which says how seeds go along a ring"
            ),
            Some(format!("leave {key} out of [sowing]")),
        ));
    }
    Ok(true)
}

/// The houses whose next house clockwise lies nearer the board's centre
/// line than their next house counter-clockwise, along their owner's rings
/// (a store counts as furthest).
fn toward_center(board: &Board) -> u64 {
    let n = board.houses_per_side();
    // Twice the distance from the centre line, in columns.
    let distance = |place: usize| {
        if !board.is_house(place) {
            return usize::MAX;
        }
        let column = if place < n { place } else { 2 * n - 1 - place };
        (2 * column).abs_diff(n - 1)
    };
    let mut mask = 0u64;
    for house in 0..2 * n {
        let owner = board.owner(house);
        let ahead = distance(board.ring_in(owner, false).next(house));
        let back = distance(board.ring_in(owner, true).next(house));
        if back < ahead {
            mask |= 1 << house;
        }
    }
    mask
}

/// Refuses the `[sowing]` keys whose reading is set for a two-row board
/// only: they say where the rows meet, where a row's halves are, or where
/// the stores lie on the way round.
fn refuse_two_row_only(section: &Section, layout: Layout) -> Result<(), CompileError> {
    let rows = layout.rows();
    let keys = [
        (
            section.into_stores.as_ref().map(|s| s.span()),
            "into_stores",
        ),
        (
            section
                .direction_by
                .as_ref()
                .filter(|by| {
                    !matches!(
                        *by.get_ref(),
                        Turning::OwnSecondMove | Turning::OwnFirstMove
                    )
                })
                .map(|s| s.span()),
            "direction_by",
        ),
        (section.diffuse.as_ref().map(|s| s.span()), "diffuse"),
        (section.bear_off.as_ref().map(|s| s.span()), "bear_off"),
        (
            section
                .opening
                .as_ref()
                .filter(|o| *o.get_ref() != OpeningSowing::OneHandful)
                .map(|s| s.span()),
            "opening",
        ),
        (
            section.relay_needs_opponent_row.as_ref().map(|s| s.span()),
            "relay_needs_opponent_row",
        ),
        (
            section.relay_reverses.as_ref().map(|s| s.span()),
            "relay_reverses",
        ),
    ];
    if let Some((span, key)) = keys.into_iter().find_map(|(s, k)| s.map(|s| (s, k))) {
        return err(
            span,
            format!("{key} is read on a board of two rows; this board has {rows}"),
        );
    }
    if let Some(cycle) = &section.cycle
        && matches!(cycle.get_ref(), Cycle::ZigZag | Cycle::OwnHalf)
    {
        return err(
            cycle.span(),
            format!(
                "on {rows} rows a cycle is \"own_row\" (each player's own rows), \"both_rows\" (one track round every house) or, on three, \"serpentine\""
            ),
        );
    }
    Ok(())
}

/// The cycle each side sows round, refusing what a sowing that never leaves
/// the sower's row, or zigzags without stores, cannot do.
fn cycle_combinations(
    section: &Section,
    stores: StoreSowing,
    layout: Layout,
) -> Result<Cycle, CompileError> {
    let Some(cycle) = &section.cycle else {
        // On four rows each player sows round their own two rows; on three,
        // one track runs round both players' houses.
        return Ok(if layout.rows() == 4 {
            Cycle::OwnRow
        } else {
            Cycle::BothRows
        });
    };
    if *cycle.get_ref() == Cycle::ZigZag && stores != StoreSowing::None {
        return err(
            cycle.span(),
            "cycle = \"zigzag\" has no store on it: leave into_stores out",
        );
    }
    if *cycle.get_ref() == Cycle::OwnHalf && layout.houses_per_side() % 2 == 1 {
        return err(
            cycle.span(),
            format!(
                "cycle = \"own_half\" sows round each player's half of the board: a row of {} houses has no halves",
                layout.houses_per_side()
            ),
        );
    }
    if *cycle.get_ref() == Cycle::OwnHalf {
        let clash = [
            (stores != StoreSowing::None, "into_stores"),
            (
                section.skip_opponent_holding.is_some(),
                "skip_opponent_holding",
            ),
            (section.opening.is_some(), "opening"),
            (section.relay_only_in.is_some(), "relay_only_in"),
            (section.direction_by.is_some(), "direction_by"),
            (section.direction_chosen_in.is_some(), "direction_chosen_in"),
        ];
        if let Some((_, key)) = clash.iter().find(|(set, _)| *set) {
            return err(
                cycle.span(),
                format!(
                    "cycle = \"own_half\" keeps each side's seeds in its own half, with no store on it: {key} is not supported with it"
                ),
            );
        }
    }
    if *cycle.get_ref() == Cycle::OwnRow {
        if stores == StoreSowing::Both {
            return err(
                cycle.span(),
                "cycle = \"own_row\" with into_stores = \"both\" is not supported: where the opponent's store lies on a row's cycle is not settled",
            );
        }
        if section.skip_opponent_holding.is_some() {
            return err(
                cycle.span(),
                "cycle = \"own_row\" never sows into the opponent's houses: leave skip_opponent_holding out",
            );
        }
        if section
            .opening
            .as_ref()
            .is_some_and(|o| *o.get_ref() == OpeningSowing::LastSeedToOpponent)
        {
            return err(
                cycle.span(),
                "cycle = \"own_row\" never reaches the opponent's row, where opening = \"last_seed_to_opponent\" sends the last seed",
            );
        }
        if section
            .relay_only_in
            .as_ref()
            .is_some_and(|z| *z.get_ref() != Zone::Own)
        {
            return err(
                cycle.span(),
                "cycle = \"own_row\" only sows the sower's row: relay_only_in can only be \"own\" (or left out)",
            );
        }
    }
    Ok(*cycle.get_ref())
}

/// Checks a position against the sowing: an opening that moves a seed out
/// of every house starts from a full board, and diffusion never fills a
/// house past its most.
pub(crate) fn check_position(sowing: &Sowing, position: &Position) -> Result<(), PositionError> {
    if sowing.opening == OpeningSowing::PlusOneMinusOne
        && position.get(OPENING) > 0
        && let Some(house) = position.houses().iter().position(|&seeds| seeds == 0)
    {
        return Err(PositionError::OpeningFromEmpty {
            house: position.layout().label(house),
        });
    }
    if sowing.diffuse
        && let Some(house) =
            (0..2 * position.houses_per_side()).find(|&h| position.at(h) > DIFFUSE_FULL)
    {
        return Err(PositionError::OverFull {
            house,
            most: DIFFUSE_FULL,
        });
    }
    Ok(())
}

/// The sheet's paragraph on sowing.
pub(crate) fn describe(rules: &Rules, out: &mut String) {
    let _ = writeln!(out, "\nSowing");
    let direction = direction_in_words(rules);
    if rules.sowing.diffuse {
        // Spread round the house played: no way round the board, no laps.
        let _ = writeln!(
            out,
            "  Lift every seed of one of your houses and spread them round it, one a house: into the houses around it, counter-clockwise from the next house of its row, through the three houses facing, to the one before it. A house holds at most {DIFFUSE_FULL}: a seed for a full house leaves play, and so do the two a house at a row's end has no place for (both kept in South's store, which decides nothing)."
        );
    } else {
        let _ = writeln!(
            out,
            "  Lift every seed of one of your houses and sow them one by one, {direction}."
        );
    }
    if rules.sowing.chosen_in != 0 {
        let n = rules.board.houses_per_side();
        let every = rules.sowing.chosen_in == (1u32 << n) - 1;
        let _ = writeln!(
            out,
            "  From {} you choose which way each move sows: `C>` counter-clockwise, `C<` clockwise.",
            if every {
                "every house".to_string()
            } else {
                format!(
                    "your {}",
                    super::places_in_words(rules.sowing.chosen_in, "and")
                )
            }
        );
    }
    describe_track(rules, out);
    describe_laps(rules, out);
    describe_opening(rules, out);
    describe_relay(rules, out);
}

/// The way the sheet says a move sows.
fn direction_in_words(rules: &Rules) -> &'static str {
    let more_rows = !rules.board.layout().single_row();
    let direction = match rules.board.direction() {
        Direction::CounterClockwise if more_rows => {
            "counter-clockwise (along your back row from your left, then back along your front row)"
        }
        Direction::CounterClockwise => {
            "counter-clockwise (South's row left to right, then North's)"
        }
        Direction::Clockwise => "clockwise",
    };
    match rules.sowing.turning {
        Turning::Fixed => direction,
        Turning::HalfRow => {
            "clockwise from the left half of your row and counter-clockwise from the right half"
        }
        Turning::Parity => {
            "counter-clockwise when the house holds an odd number, clockwise when even"
        }
        Turning::ToCenter => {
            "each house the way whose next house lies nearer the board's centre line"
        }
        Turning::FirstMove => {
            "the way the game's first move chose: that move is written `C>` (counter-clockwise) or `C<` (clockwise), and from then on South sows that way and North the other"
        }
        Turning::OwnFirstMove => {
            "the way your first sowing chose: that move chooses its way from any house, written `A3>` (counter-clockwise) or `A3<` (clockwise), and you sow that way for the rest of the game, relays included"
        }
        Turning::OwnSecondMove => match rules.board.direction() {
            Direction::CounterClockwise => {
                "counter-clockwise on your first sowing; your second sowing chooses its way from any house, written `A3>` (counter-clockwise) or `A3<` (clockwise), and you sow that way for the rest of the game"
            }
            Direction::Clockwise => {
                "clockwise on your first sowing; your second sowing chooses its way from any house, written `A3>` (counter-clockwise) or `A3<` (clockwise), and you sow that way for the rest of the game"
            }
        },
    }
}

/// The sheet's lines on the track a sowing follows: its cycle round the
/// board, the stores it passes through, bearing off and the houses it
/// passes over.
fn describe_track(rules: &Rules, out: &mut String) {
    let more_rows = !rules.board.layout().single_row();
    if rules.board.cycle() == Cycle::ZigZag {
        let _ = writeln!(
            out,
            "  The sowing zigzags across the board: counter-clockwise, from South's first house up to North's house above South's second, down to South's third, and so on to the right end, then back through the houses skipped."
        );
    }
    if rules.board.cycle() == Cycle::Serpentine {
        let _ = writeln!(
            out,
            "  Each side sows its own track winding through the three rows: its back row from its left, the whole middle row back, the opponent's back row, and round again; North's track is South's turned round."
        );
    }
    if rules.board.cycle() == Cycle::OwnHalf {
        let _ = writeln!(
            out,
            "  Each side sows round its own half of the board only, both rows: after the last house of your half in one row the sowing goes on in the other; no seed is ever sown into the opponent's half."
        );
    }
    if rules.board.cycle() == Cycle::OwnRow && more_rows {
        let _ = writeln!(
            out,
            "  Each side sows round its own two rows only, as one loop: no seed is ever sown into the opponent's rows."
        );
    } else if rules.board.cycle() == Cycle::BothRows && more_rows {
        let _ = writeln!(
            out,
            "  One track runs round every house: South's back row from her left, her front row back, then North's back row from his left and his front row back."
        );
    } else if rules.board.cycle() == Cycle::OwnRow {
        let _ = writeln!(
            out,
            "  Each side sows round its own row only: after your last house the sowing goes on from your first{}; no seed is ever sown into the opponent's row.",
            if rules.board.store_sowing() == StoreSowing::Own {
                ", through your store"
            } else {
                ""
            }
        );
    }
    match rules.board.store_sowing() {
        StoreSowing::None => {}
        StoreSowing::Own => {
            let _ = writeln!(
                out,
                "  Sowing passes through your own store, which takes a seed like a house; the opponent's store is passed over."
            );
        }
        StoreSowing::Both => {
            let _ = writeln!(
                out,
                "  Sowing passes through both stores, and each takes a seed like a house."
            );
        }
    }
    if rules.sowing.bear_off {
        let _ = writeln!(
            out,
            "  Once no house holds more than one seed after a move, the game bears off for the rest of it: a sowing that would leave your row puts the seeds left in your store, and ends at the last house it sowed (the position says `bear_off`)."
        );
    }
    if rules.sowing.reverse_from != 0 {
        let layout = rules.board.layout();
        let names: Vec<String> = (0..layout.houses_per_side())
            .filter(|&i| rules.sowing.reverse_from >> i & 1 == 1)
            .map(|i| layout.label_at(Side::South, i).to_string())
            .collect();
        let reach = if rules.sowing.reverse_whole_move {
            "This goes for the move's first lap (`B1<`), and every later lap of the move then goes the way the first went."
        } else {
            "This goes for the move's first lap (`B1<`) and for each later lap lifted there, whose ways the move writes in order after a `/`, `>` the board's way and `<` the other (`B6/><`). Every other lap goes the board's way."
        };
        let _ = writeln!(
            out,
            "  A lap lifted from {} (South's; North's of the same names) may be sown the other way, clockwise, by the mover's choice, where its last seed would then fall in the mover's front row facing what the cross capture takes there, whatever that house holds; the opening moves aside. {reach}",
            names.join(", ")
        );
    }
    if rules.sowing.passed_over != 0 {
        let layout = rules.board.layout();
        let names: Vec<String> = (0..layout.houses_per_side())
            .filter(|&i| rules.sowing.passed_over >> i & 1 == 1)
            .map(|i| layout.label_at(Side::South, i).to_string())
            .collect();
        let _ = writeln!(
            out,
            "  A handful passes over houses {} (South's; North's of the same names), unless it was lifted from one of them; the seeds a capture sows on pass over them as the last handful did.",
            names.join(", ")
        );
    }
}

/// The sheet's lines on where a lap's seeds go: the house played, the
/// origin, and the houses passed over for what they hold.
fn describe_laps(rules: &Rules, out: &mut String) {
    if rules.sowing.first_in_origin {
        let _ = writeln!(
            out,
            "  The first seed goes back into the house played; a house holding a single seed sows it into the next house."
        );
    }
    if rules.sowing.relay_first_in_origin {
        let _ = writeln!(
            out,
            "  Every relay lift too puts its first seed back into the house lifted."
        );
    }
    match rules.sowing.laps {
        _ if rules.sowing.diffuse => {}
        Laps::SkipOrigin => {
            let _ = writeln!(out, "  A lap passes over the house the seeds came from.");
        }
        Laps::IncludeOrigin => {
            let _ = writeln!(
                out,
                "  A lap sows into the house the seeds came from as well."
            );
        }
    }
    if rules.sowing.skip_full > 0 {
        let _ = writeln!(
            out,
            "  The sowing passes over every house holding {} seeds or more.",
            rules.sowing.skip_full
        );
    }
    if rules.sowing.stops_after_capture {
        let _ = writeln!(
            out,
            "  A relay stops after a lap that captured while sowing."
        );
    }
    if rules.sowing.stops_in_front_row {
        let _ = writeln!(
            out,
            "  A lap ending in your front row ends the sowing, unless it captured there: a relay goes on from your back row, or from a capture."
        );
    }
    if rules.sowing.stops_when_a_side_empties {
        let _ = writeln!(
            out,
            "  A relay stops once either player's houses hold no seeds."
        );
    }
    if rules.sowing.stop_at_marked {
        let _ = writeln!(
            out,
            "  Where a lap ends in an occupied house the mover marked, the mover may stop the relay there."
        );
    }
    if !rules.sowing.stops_in_opponent.is_empty() {
        let counts: Vec<String> = rules
            .sowing
            .stops_in_opponent
            .iter()
            .map(|c| c.to_string())
            .collect();
        let _ = writeln!(
            out,
            "  A relay also ends when the last seed makes {} in a house of the opponent's.",
            counts.join(" or ")
        );
    }
    if rules.sowing.skip_opponent > 0 {
        let _ = writeln!(
            out,
            "  The sowing passes over the opponent's houses holding {} seed{}{}.",
            rules.sowing.skip_opponent,
            if rules.sowing.skip_opponent == 1 {
                ""
            } else {
                "s"
            },
            if rules.sowing.opening == OpeningSowing::NoSkipping {
                ", except in an opening move"
            } else {
                ""
            }
        );
        if rules.sowing.skip_as_lifted {
            let _ = writeln!(
                out,
                "  Whether a house is passed over is judged by what it held when the handful was lifted: a handful that goes round the board may sow into a house it passed over."
            );
        }
    }
}

/// The sheet's lines on how opening moves sow.
fn describe_opening(rules: &Rules, out: &mut String) {
    if rules.sowing.opening == OpeningSowing::BoardDirection {
        let _ = writeln!(
            out,
            "  An opening move sows {}, whichever way the mover chose.",
            rules.board.direction().name()
        );
    }
    if rules.sowing.opening == OpeningSowing::PlusOneMinusOne {
        let _ = writeln!(
            out,
            "  An opening move keeps the seeds of the house played: going round the board from it, every other house, from the next one on, moves one seed on into the house after it; the last of them, just before the house played, sends its seed across to the house opposite the one played, where the move ends."
        );
    }
    if rules.sowing.opening == OpeningSowing::OneHandful {
        let _ = writeln!(out, "  An opening move sows one handful, without relays.");
    }
    if rules.sowing.opening == OpeningSowing::LastSeedToOpponent {
        let _ = writeln!(
            out,
            "  An opening move sows one handful{}, and a last seed that would fall in your own row goes on to the opponent's next house.",
            if rules.sowing.relays() {
                ", without relays"
            } else {
                ""
            }
        );
    }
}

/// The sheet's lines on relay sowing.
fn describe_relay(rules: &Rules, out: &mut String) {
    if let Continuation::Relay { stops, from, rows } = rules.sowing.continuation {
        let _ = writeln!(
            out,
            "  Relay sowing: {}{}.",
            match from {
                RelayFrom::Last =>
                    "when the last seed falls in a house, that house's seeds are lifted and sown on",
                RelayFrom::Next =>
                    "when the last seed falls in a house and the place after it (house or store) holds seeds, those seeds are lifted and sown on; the sowing ends when that place is empty",
            },
            if stops.is_empty() {
                String::new()
            } else if stops.iter().count() * 2 > rules.total_seeds() as usize {
                let mut goes_on = CountSet::default();
                for count in 1..=rules.total_seeds().min(255) as u8 {
                    if !stops.contains(count) {
                        goes_on.insert(count);
                    }
                }
                format!(
                    ", but only when the house now holds {}",
                    super::capture::counts_in_words(goes_on)
                )
            } else {
                format!(
                    ", unless the house now holds {}",
                    super::capture::counts_in_words(stops)
                )
            }
        );
        if rows.zone() != Zone::Either {
            let _ = writeln!(
                out,
                "  A relay goes on only from a house {}.",
                super::capture::zone_in_words(rows)
            );
        }
        if rules.sowing.relay_reverses {
            let _ = writeln!(
                out,
                "  Each lap of a relay sows the other way from the lap before; a capture looks along the last lap."
            );
        }
        if rules.sowing.relay_takes_facing {
            let _ = writeln!(
                out,
                "  A relay that would lift a house of your front row across from an occupied house takes across from it instead: one seed of the house facing it, and one of the house behind that if it holds any, go into your back-row house behind it; the relay goes on from the house after that one, and ends where that is empty."
            );
        }
        if rules.sowing.relay_needs_opponent_row {
            let _ = writeln!(
                out,
                "  A relay goes on from the first lap only if that lap sowed into the opponent's row."
            );
        }
        let _ = writeln!(
            out,
            "  A move whose relay would never end may not be played."
        );
    }
}

impl Sown {
    /// The seeds of the handful whose last seed ended the sowing: the last
    /// relay lift's, or the house played's.
    pub fn last_handful(&self) -> u8 {
        if self.last_lift > 0 {
            self.last_lift
        } else {
            self.first_lift
        }
    }
}

/// How a sowing ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum SownEnd {
    /// The last seed fell and the sowing stopped.
    #[default]
    Done,
    /// The relay would never end (R13); the position is meaningless.
    Endless,
    /// The relay went past [`MAX_RELAY_LIFTS`]; the position is meaningless.
    TooLong,
}

/// What the sowing did, for the phases after it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sown {
    /// The place the last seed fell in.
    pub last: usize,
    /// Whether a seed fell in the opponent's row.
    pub fed: bool,
    /// Seeds captured while sowing, already in the sower's store.
    pub captured: u8,
    /// The part of those taken from the opponent's row.
    pub captured_from_opponent: u32,
    /// How it ended.
    pub end: SownEnd,
    /// The seeds of the first lift: the house played.
    pub first_lift: u8,
    /// The seeds of the last relay lift; 0 where the first lift was the
    /// only one ([`Sown::last_handful`]).
    pub last_lift: u8,
    /// Whether the move sowed against the board's direction.
    pub reverse: bool,
    /// The house the last handful was lifted from: the house played, or
    /// the last relay's (`captured_sown_from = "lap_start"`).
    pub lap_start: usize,
    /// Whether the laps are still an opening move's that take the
    /// opponent's back-row house (`opening_takes_back_row`): no lap has
    /// sown into the mover's front row yet.
    pub opening_laps: bool,
    /// The seeds a lap captured, in hand, that the relay sows on from the
    /// house it lifts next instead of that house's seeds
    /// (`lap_captures_sown_from`).
    pub handful: Option<u8>,
}

impl Rules {
    /// A sowing once the game bears off (`[sowing] bear_off`). Seeds are
    /// sown along the ring until the next place would be the opponent's;
    /// the seeds left go to the sower's store, and the sowing ends at the
    /// last place sown. A relay goes on from there, but never from the
    /// house it was lifted from, never stopped by a capture and bounded by
    /// [`MAX_RELAY_LIFTS`] alone. It is kept apart from the one sowing loop,
    /// as the rare path of a game's last moves: those differences would be
    /// tests on every lap of every relay.
    #[inline(never)]
    pub(crate) fn sow_bearing_off<T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        trace: &mut T,
    ) -> Sown {
        let me = pos.to_move();
        let board = &self.board;
        let reverse = self
            .sowing
            .reverses(from, pos.at(from), board.houses_per_side(), chosen);
        let ring = board.ring_in(me, reverse);
        let mut sown = Sown {
            reverse,
            ..Sown::default()
        };
        let mut origin = from;
        let mut seeds = pos.take(origin);
        sown.first_lift = seeds;
        trace.record(Event::Lift {
            house: origin,
            seeds,
        });
        let mut lifts = 0;
        loop {
            let mut h = origin;
            while seeds > 0 {
                let next = ring.next(h);
                if board.is_house_of(next, me.opponent()) {
                    pos.add(board.store(me), seeds);
                    trace.record(Event::BearOff { side: me, seeds });
                    break;
                }
                h = next;
                pos.add(h, 1);
                seeds -= 1;
                trace.record(Event::Drop {
                    house: h,
                    now: pos.at(h),
                });
            }
            sown.last = h;
            sown.lap_start = origin;
            let Continuation::Relay { stops, rows, .. } = self.sowing.continuation else {
                return sown;
            };
            let goes_on = board.is_house(h)
                && h != origin
                && pos.at(h) > 0
                && !stops.contains(pos.at(h))
                && rows.allows(board.owner(h) == me);
            if !goes_on {
                return sown;
            }
            lifts += 1;
            if lifts > MAX_RELAY_LIFTS {
                sown.end = SownEnd::TooLong;
                return sown;
            }
            origin = h;
            seeds = pos.take(origin);
            sown.last_lift = seeds;
            trace.record(Event::Relay {
                house: origin,
                seeds,
            });
        }
    }

    /// A move that sows `seeds` from the mover's store (`[play]
    /// sow_from_store`): one handful, round the mover's own row from the
    /// house the ring enters it by (the row's first house counter-clockwise,
    /// its last clockwise), where every house, on every lap, takes a seed.
    /// It is kept apart from the one sowing loop, since it is no sowing of
    /// a house along the ring: nothing is lifted from a house, and the
    /// first seed falls in the row's first house, not after an origin.
    #[inline(never)]
    pub(crate) fn sow_from_store<T: Trace>(
        &self,
        pos: &mut Position,
        seeds: u8,
        trace: &mut T,
    ) -> Sown {
        let me = pos.to_move();
        let board = &self.board;
        let store = board.store(me);
        let held = pos.take(store);
        pos.add(store, held - seeds);
        trace.record(Event::Lift {
            house: store,
            seeds,
        });
        let ring = board.ring_in(me, false);
        let first = board.row_start(me);
        let last = first + board.houses_per_side() - 1;
        let mut house = if ring.next(last) == first {
            first
        } else {
            last
        };
        for sown in 0..seeds {
            if sown > 0 {
                house = ring.next(house);
            }
            pos.add(house, 1);
            trace.record(Event::Drop {
                house,
                now: pos.at(house),
            });
        }
        Sown {
            last: house,
            lap_start: house,
            first_lift: seeds,
            end: SownEnd::Done,
            ..Sown::default()
        }
    }

    /// A move that spreads its seeds round the house played (`[sowing]
    /// diffuse`), kept apart from the one sowing loop since it is no
    /// sowing along a ring: the seeds go round the house, one into each
    /// house around it. A seed with no place, or for a full house, leaves
    /// play into South's store.
    #[inline(never)]
    pub(crate) fn sow_diffusing<T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        trace: &mut T,
    ) -> Sown {
        let seeds = pos.take(from);
        trace.record(Event::Lift { house: from, seeds });
        let mut sown = Sown {
            first_lift: seeds,
            last: from,
            lap_start: from,
            ..Sown::default()
        };
        let out_of_play = crate::board::STORE[crate::position::Side::South.index()];
        let places = crate::board::around(self.board.houses_per_side(), from);
        for place in places.into_iter().take(seeds as usize) {
            match place {
                Some(h) if pos.at(h) < DIFFUSE_FULL => {
                    pos.add(h, 1);
                    sown.last = h;
                    trace.record(Event::Drop {
                        house: h,
                        now: pos.at(h),
                    });
                }
                _ => {
                    pos.add(out_of_play, 1);
                    trace.record(Event::Spill { house: place });
                }
            }
        }
        sown.end = SownEnd::Done;
        sown
    }

    /// An opening move of `[sowing] opening = "plus_one_minus_one"`: the
    /// house played keeps its seeds; from the house after it round to the
    /// house before it, every other house (the first, the third, ...) moves
    /// one seed on into the next, the last of them across, into the house
    /// opposite the one played, where the move ends. Every house holds a
    /// seed in an opening position (`check_position`). It is kept apart
    /// from the one sowing loop since it sows no handful: it moves one seed
    /// out of every other house.
    #[inline(never)]
    pub(crate) fn sow_plus_one_minus_one<T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        trace: &mut T,
    ) -> Sown {
        let me = pos.to_move();
        let board = &self.board;
        let ring = board.ring_in(me, false);
        let mut sown = Sown {
            first_lift: pos.at(from),
            lap_start: from,
            ..Sown::default()
        };
        let mut h = ring.next(from);
        while h != from {
            pos.take_one(h);
            trace.record(Event::Lift { house: h, seeds: 1 });
            let next = ring.next(h);
            let to = if next == from {
                board.opposite(from)
            } else {
                next
            };
            pos.add(to, 1);
            sown.fed |= board.is_house_of(to, me.opponent());
            trace.record(Event::Drop {
                house: to,
                now: pos.at(to),
            });
            sown.last = to;
            h = if next == from { from } else { ring.next(next) };
        }
        sown.end = SownEnd::Done;
        sown
    }

    /// Whether a lap lifted from `house` with `seeds` may be sown the other
    /// way by the mover's choice (`reverse_from`): `house` is one of those
    /// named, no opening move is being played, and sown the other way its
    /// last seed would fall in the mover's front row, facing what the
    /// cross capture takes ([`Captures::faces_cross_capture`]), whatever
    /// that house holds (Ludii offers it so).
    pub(crate) fn offers_reversal(&self, pos: &Position, house: usize, seeds: u8) -> bool {
        let me = pos.to_move();
        if self.sowing.reverse_from >> (house & 63) & 1 == 0 || seeds == 0 || pos.get(OPENING) > 0 {
            return false;
        }
        // Each seed into the next house, the origin included (the sowing
        // checks refuse the rest).
        let ring = self.board.ring_in(me, true);
        let last = ring.at((ring.index_of(house) + seeds as usize) % ring.len());
        self.board.owner(last) == me
            && self.board.is_front(last)
            && self
                .captures
                .faces_cross_capture(&self.board, pos, me, last)
    }

    /// The way of the lap about to be lifted from `lift` (`reverse_from`):
    /// the other way where it is offered and the move chose it, as the
    /// offers so far (`lap.offers`, counted here) say, else the board's
    /// way. Past [`crate::position::MAX_LAP_WAYS`] offers, none. Out of
    /// the sowing loop, which only the variants that reverse laps call it
    /// from.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn choose_lap_way<'r, T: Trace>(
        &'r self,
        pos: &Position,
        lift: usize,
        lap: &mut Lap<'r>,
        sown: &mut Sown,
        cycle: &mut RelayCycle,
        choices: LapChoices,
        trace: &mut T,
    ) {
        if choices.reversed as u32 >> lap.offers != 0 {
            // A lift where, or after which, the mover still chooses a
            // lap's way repeats no earlier lift: what follows differs.
            cycle.forget();
        }
        let seeds = sown.handful.unwrap_or_else(|| pos.at(lift));
        let offered =
            lap.offers < crate::position::MAX_LAP_WAYS && self.offers_reversal(pos, lift, seeds);
        let reverse = offered && choices.reversed >> lap.offers & 1 == 1;
        if offered {
            trace.record(Event::ReverseOffered { house: lift });
            lap.offers += 1;
        }
        lap.reverse = reverse;
        lap.ring = self.board.ring_in(pos.to_move(), reverse);
        sown.reverse = reverse;
    }

    /// A relay lap has ended in `house`, occupied and marked by the mover
    /// (`relay_may_stop_at_marked`), where the mover may stop: whether
    /// they stop, as `stop` (the move's choice: the house plus one in the
    /// high byte, the time a lap ends there in the low byte) says.
    /// `stopped_at` counts the laps that ended in the chosen house.
    #[cold]
    #[inline(never)]
    fn stops_here<T: Trace>(
        &self,
        house: usize,
        stop: u16,
        stopped_at: &mut u8,
        trace: &mut T,
    ) -> bool {
        trace.record(Event::StopOffered { house });
        if stop >> 8 != house as u16 + 1 {
            return false;
        }
        *stopped_at += 1;
        *stopped_at == stop as u8
    }

    /// The one sowing loop. Lifts `from`, sows along the mover's ring, takes
    /// captures while sowing (when `WHILE_SOWING` and `captures`), and relays
    /// (when `RELAY`) until the last seed stops: it captures, falls in a
    /// store, leaves play, or leaves a stopping count. Endless relays are
    /// found as R13 says: a lift with the same board, blocked houses and hole
    /// as an earlier lift of the move ([`RelayCycle`]).
    ///
    /// The rarer sowings are cases of this loop, read once per move
    /// ([`SowingSetup`]) and looked at only by the relay instances
    /// (`LoopKind::of` sends their variants there), so that the plain
    /// instance never tests for them: an opening move whose last seed goes
    /// on to the opponent's row (`opening = "last_seed_to_opponent"`: one
    /// handful, no relay), blocked houses (`[blocking]`: the sower's own are
    /// passed over, a seed reaching one of the opponent's leaves play, and a
    /// relay closes the house it lifts at `closes_at`), and the opponent
    /// taking what is sown in their row once few seeds are left
    /// (`opponent_takes_sown`).
    ///
    /// A move reads as the game does: the setup, the first lift, then laps
    /// ([`Rules::sow_lap`]), each followed, in a relay, by the judgement of
    /// whether and where the sowing goes on ([`Rules::relay_lift`]) and the
    /// next lift ([`Rules::lift_relay`]).
    #[inline(always)]
    pub(crate) fn sow<const RELAY: bool, const WHILE_SOWING: bool, T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        captures: bool,
        choices: LapChoices,
        trace: &mut T,
    ) -> Sown {
        let me = pos.to_move();
        let board = &self.board;
        let reverse = self
            .sowing
            .reverses(from, pos.at(from), board.houses_per_side(), chosen);
        let setup = self.sowing_setup::<RELAY, WHILE_SOWING>(pos, captures);
        let mut sown = Sown {
            reverse,
            // Only relays have laps after the first (a const test).
            opening_laps: RELAY && self.captures.opening_takes_back_row && pos.get(OPENING) > 0,
            ..Sown::default()
        };
        let mut cycle = RelayCycle::new(RELAY, pos, from, reverse);
        let mut lap = Lap {
            ring: board.ring_in(me, reverse),
            reverse,
            origin: from,
            seeds: pos.take(from),
            closed: setup.closed,
            // What the houses held as the handful was lifted, where the
            // houses passed over are judged by it (`skip_as_lifted`).
            as_lifted: (setup.skip > 0 && self.sowing.skip_as_lifted).then(|| *pos.places()),
            stopped_at: 0,
            offers: 0,
        };
        sown.first_lift = lap.seeds;
        trace.record(Event::Lift {
            house: from,
            seeds: lap.seeds,
        });
        if self.sowing.first_in_origin {
            // The sowing starts in the house played.
            lap.first_seed_in_origin(pos, trace);
        }
        if !RELAY && !WHILE_SOWING {
            // One handful: it feeds exactly when it is long enough.
            sown.fed = lap.seeds as u32 >= lap.ring.seeds_to_opponent(from);
        }
        loop {
            // What was captured before this lap (`relay_stops_after_capture`).
            let captured_before_lap = sown.captured;
            let h = self.sow_lap::<RELAY, WHILE_SOWING, T>(
                pos, &setup, &mut lap, captures, &mut sown, trace,
            );
            sown.last = h;
            sown.lap_start = lap.origin;
            if !RELAY
                || setup.opening
                || (self.sowing.opening == OpeningSowing::OneHandful && pos.get(OPENING) > 0)
            {
                // An opening move sown to the opponent's row, or sown in
                // one handful, never relays.
                return sown;
            }
            let Some(lift) = self.relay_lift(
                pos,
                &setup,
                &mut lap,
                RelayLap {
                    last: h,
                    captures,
                    stop: choices.stop,
                    captured_before: captured_before_lap,
                    first: cycle.lifts == 0,
                },
                &mut sown,
                trace,
            ) else {
                return sown;
            };
            // One test a lap for both rules that turn laps: relays are long.
            if self.sowing.laps_turn {
                if self.sowing.relay_reverses {
                    // Each lap sows the other way from the lap before.
                    lap.reverse = !lap.reverse;
                    lap.ring = board.ring_in(me, lap.reverse);
                    sown.reverse = lap.reverse;
                } else {
                    // Each lap goes the board's way, unless lifted where the
                    // mover may send it the other way and does.
                    self.choose_lap_way(pos, lift, &mut lap, &mut sown, &mut cycle, choices, trace);
                }
            }
            if let Some(blocking) = setup.closing
                && board.owner(lift) == setup.opponent
                && pos.at(lift) == blocking.closes_at
                && blocking.never >> lift & 1 == 0
            {
                // The relay lifts a house of the opponent's row that its last
                // seed brought to `closes_at`: the house closes, and a seed
                // reaching it from now on leaves play.
                pos.set_blocked(lift, true);
                lap.closed |= 1 << lift;
                trace.record(Event::Close { house: lift });
            }
            if let Some(end) = cycle.lift(pos, lift, lap.reverse) {
                sown.end = end;
                return sown;
            }
            self.lift_relay(pos, &mut lap, lift, &mut sown, trace);
        }
    }

    /// What a move's sowing reads from the rules once, before its first
    /// lap. Only the relay instances read the passings and stops beyond
    /// plain sowing, so that the plain instance's are constants.
    #[inline(always)]
    fn sowing_setup<const RELAY: bool, const WHILE_SOWING: bool>(
        &self,
        pos: &Position,
        captures: bool,
    ) -> SowingSetup<'_> {
        let me = pos.to_move();
        let board = &self.board;
        // An opening move sown to the opponent's row (relay instances only):
        // one handful, which passes over no children and no house for what
        // it holds, and captures nothing on the way, as MancalaGames'
        // prescribed opening sows (blocked houses it passes over).
        let opening = RELAY
            && self.sowing.opening == OpeningSowing::LastSeedToOpponent
            && pos.get(OPENING) > 0;
        // Children of the opponent's that this sowing passes over, seed by
        // seed; only the relay instances of the loop look (`LoopKind::of`).
        let skips = if RELAY && !opening {
            self.children
                .as_ref()
                .map_or(OpponentSows::Always, |c| c.opponent_sows)
        } else {
            OpponentSows::Always
        };
        // The opponent's houses holding this many are passed over (relay
        // instances only; an opening move may lift the rule).
        let skip = if RELAY
            && !opening
            && self.sowing.skip_opponent > 0
            && !(self.sowing.opening == OpeningSowing::NoSkipping && pos.get(OPENING) > 0)
        {
            self.sowing.skip_opponent
        } else {
            0
        };
        // Houses holding this many or more are passed over (relay
        // instances only).
        let full = if RELAY && !opening {
            self.sowing.skip_full
        } else {
            0
        };
        // Houses that close for good (`[blocking]`, relay instances only).
        let blocking = if RELAY { self.blocking.as_ref() } else { None };
        // Blocked houses passed over: a round's, or with `[blocking]` the
        // sower's own (each passing told). The opponent's, with `[blocking]`,
        // take the seeds that reach them out of play; a relay adds to them.
        let (blocked, closed) = match blocking {
            Some(_) => {
                let mine = (0..board.houses())
                    .filter(|&h| board.owner(h) == me)
                    .fold(0u64, |mask, h| mask | 1 << h);
                (pos.blocked_houses() & mine, pos.blocked_houses() & !mine)
            }
            None if RELAY && self.rounds.is_some_and(|r| r.unfilled_blocked) => {
                (pos.blocked_houses(), 0)
            }
            None => (0, 0),
        };
        // Houses passed over unless the handful was lifted from one of
        // them (`passed_over`, relay instances only).
        let passed_over = if RELAY { self.sowing.passed_over } else { 0 };
        SowingSetup {
            me,
            opponent: me.opponent(),
            skip_origin: self.sowing.laps == Laps::SkipOrigin,
            capture_last: WHILE_SOWING && self.captures.while_sowing.is_some_and(|w| w.last),
            opening,
            skips,
            // Children, read once: they may stop a relay.
            children: if RELAY && self.capture_gates {
                self.children.as_ref()
            } else {
                None
            },
            skip,
            full,
            blocking,
            // A move that may capture nothing closes nothing either.
            closing: if captures { blocking } else { None },
            blocked,
            closed,
            // The board's seeds at or below which the opponent takes what
            // is sown in their row (`opponent_takes_sown`, relay instances
            // only).
            takes_at: if RELAY {
                self.captures.opponent_takes_sown as u32
            } else {
                0
            },
            passed_over,
            // Whether a seed may be passed on or land apart from its place:
            // the fast path then gives way to the loop seed by seed.
            passes: skip > 0
                || full > 0
                || blocked != 0
                || blocking.is_some()
                || opening
                || passed_over != 0,
        }
    }

    /// Sows the seeds in hand from `lap.origin`, taking captures while
    /// sowing, and returns the place the last seed fell in. Plain laps
    /// (nothing passed over, nothing captured on the way, nothing traced)
    /// take the fast path, [`Rules::sow_plain_lap`]; the others go seed by
    /// seed.
    #[inline(always)]
    fn sow_lap<const RELAY: bool, const WHILE_SOWING: bool, T: Trace>(
        &self,
        pos: &mut Position,
        setup: &SowingSetup,
        lap: &mut Lap,
        captures: bool,
        sown: &mut Sown,
        trace: &mut T,
    ) -> usize {
        let board = &self.board;
        let (ring, origin, skip_origin, opponent) =
            (lap.ring, lap.origin, setup.skip_origin, setup.opponent);
        // Few seeds left on the board, the handful lifted not counted:
        // the opponent takes what is sown in their row, and no house is
        // passed over for what it holds (no children are passed over
        // with this rule: `opponent_sows` is refused beside it).
        let takes = setup.takes_at > 0 && pos.seeds_on_board() <= setup.takes_at;
        let (skip, full) = if takes {
            (0, 0)
        } else {
            (setup.skip, setup.full)
        };
        let passes = setup.passes || takes;
        if !T::RECORDS && !WHILE_SOWING && setup.skips == OpponentSows::Always && !passes {
            return self.sow_plain_lap::<RELAY>(pos, setup, lap, sown);
        }
        // Captures while sowing, which neither an opening move sown to the
        // opponent's row nor a handful the opponent takes from makes.
        let capture_sown = WHILE_SOWING && captures && !setup.opening && !takes;
        // This lap's houses passed over: none when it was lifted from one.
        let lap_passed = if setup.passed_over >> (origin & 63) & 1 == 0 {
            setup.passed_over
        } else {
            0
        };
        // Walk the ring by index: the next place is an add away, so the
        // loop's chain of dependencies never waits on a table load.
        let len = ring.len();
        let mut i = ring.index_of(origin);
        let mut h = origin;
        let mut seeds = lap.seeds;
        // The place after index `i`, passing over the origin when laps
        // skip it (`skip_opponent_holding` is refused with skip_origin).
        let next = |i: &mut usize, trace: &mut T| {
            let mut step = || {
                *i += 1;
                if *i == len {
                    *i = 0;
                }
                ring.at(*i)
            };
            let h = step();
            if skip_origin && h == origin {
                trace.record(Event::SkipOrigin { house: h });
                return step();
            }
            h
        };
        while seeds > 0 {
            h = next(&mut i, trace);
            let pass_children = setup.skips != OpponentSows::Always
                && (seeds > 1 || setup.skips == OpponentSows::Never);
            if pass_children || passes {
                // Pass over the opponent's children (the origin is never
                // one: a child is never played), the opponent's houses
                // holding `skip`, houses holding `full` or more, blocked
                // houses and, for an opening move's last seed, the places
                // outside the opponent's row, until a place is none of
                // them.
                let theirs = if pass_children {
                    pos.children_of(opponent)
                } else {
                    0
                } | setup.blocked
                    | lap_passed;
                loop {
                    if theirs >> (h & 63) & 1 == 1 {
                        if setup.blocking.is_some() && setup.blocked >> (h & 63) & 1 == 1 {
                            trace.record(Event::SkipBlocked { house: h });
                        } else if lap_passed >> (h & 63) & 1 == 1 {
                            trace.record(Event::Skip { house: h });
                        }
                        h = next(&mut i, trace);
                    } else if (skip > 0
                        && lap.as_lifted.as_ref().map_or(pos.at(h), |held| held[h]) == skip
                        && board.is_house_of(h, opponent))
                        || (full > 0 && pos.at(h) >= full)
                    {
                        trace.record(Event::Skip { house: h });
                        h = next(&mut i, trace);
                    } else if setup.opening && seeds == 1 && !board.is_house_of(h, opponent) {
                        h = next(&mut i, trace);
                    } else {
                        break;
                    }
                }
                if lap.closed >> (h & 63) & 1 == 1 {
                    // The opponent's blocked house: the seed leaves play,
                    // kept in South's store as MancalaGames keeps it.
                    pos.add(STORE[Side::South.index()], 1);
                    seeds -= 1;
                    trace.record(Event::OutOfPlay { house: h });
                    continue;
                }
                if takes
                    && board.is_house_of(h, opponent)
                    && !(seeds == 1 && self.captures.last_sown_stays(pos, h))
                {
                    // The opponent takes it, unless it is the last seed
                    // and makes a count that captures.
                    let store = board.store(opponent);
                    pos.add(store, 1);
                    seeds -= 1;
                    trace.record(Event::Drop {
                        house: store,
                        now: pos.at(store),
                    });
                    continue;
                }
            }
            pos.add(h, 1);
            seeds -= 1;
            if RELAY || WHILE_SOWING {
                sown.fed |= board.is_house_of(h, opponent);
            }
            trace.record(Event::Drop {
                house: h,
                now: pos.at(h),
            });
            if capture_sown && (seeds > 0 || setup.capture_last) {
                self.captures
                    .take_while_sowing(board, pos, setup.me, h, sown, trace);
            }
        }
        h
    }

    /// The fast path of a lap that passes nothing over and captures
    /// nothing on the way: whole laps first, where every place of the lap
    /// (less the origin, when laps skip it) takes one seed per lap, then at
    /// most a lap, which never comes back to the origin: a plain run of
    /// drops, its key added at once. Returns the place the last seed fell
    /// in.
    #[inline(always)]
    fn sow_plain_lap<const RELAY: bool>(
        &self,
        pos: &mut Position,
        setup: &SowingSetup,
        lap: &mut Lap,
        sown: &mut Sown,
    ) -> usize {
        let (ring, origin, skip_origin) = (lap.ring, lap.origin, setup.skip_origin);
        // Walk the ring by index: the next place is an add away, so the
        // loop's chain of dependencies never waits on a table load.
        let len = ring.len();
        let mut i = ring.index_of(origin);
        let mut h = origin;
        let places = len - skip_origin as usize;
        let mut key = 0u64;
        let mut seeds = lap.seeds;
        // Most handfuls are shorter than a lap: no division then.
        if seeds as usize > places {
            let laps = (seeds as usize - 1) / places;
            for j in 0..len {
                let place = ring.at(j);
                if !(skip_origin && place == origin) {
                    pos.add_unkeyed(place, laps as u8);
                }
            }
            key = (laps as u64).wrapping_mul(ring.lap_key(origin, skip_origin));
            seeds -= (laps * places) as u8;
            sown.fed |= RELAY && ring.crosses();
        }
        key = key.wrapping_add(ring.run_key(i, seeds as usize));
        for _ in 0..seeds {
            i += 1;
            if i == len {
                i = 0;
            }
            h = ring.at(i);
            pos.add_unkeyed(h, 1);
            if RELAY {
                sown.fed |= self.board.is_house_of(h, setup.opponent);
            }
        }
        pos.shift_key(key);
        h
    }

    /// Whether a relay goes on after the lap that has just ended in
    /// `lap_end.last`, and the house it lifts next: `None` where the sowing
    /// ends (the last seed stops, captures, leaves play, or would make or
    /// lift a child).
    #[inline(always)]
    fn relay_lift<T: Trace>(
        &self,
        pos: &mut Position,
        setup: &SowingSetup,
        lap: &mut Lap,
        lap_end: RelayLap,
        sown: &mut Sown,
        trace: &mut T,
    ) -> Option<usize> {
        let board = &self.board;
        let (me, opponent, h) = (setup.me, setup.opponent, lap_end.last);
        let Continuation::Relay { stops, from, .. } = self.sowing.continuation else {
            return None;
        };
        // Whether a relay may go on from a house, by its row.
        let relays_from = self.sowing.relays_from[me.index()];
        // In the first moves that capture nothing (`quiet_moves`), no
        // capture stops a relay either.
        let quiet = self.captures.quiet_moves > 0 && pos.get(QUIET) > 0;
        // A first lap that never reached the opponent's row ends the
        // sowing (`relay_needs_opponent_row`).
        let unvisited = self.sowing.relay_needs_opponent_row && lap_end.first && !sown.fed;
        let lapped = match self.captures.lap_captures {
            Some(mode) => {
                // Every lap may capture, and the relay goes on after it.
                // (A last hole is empty when its seed went to the opponent.)
                let goes_on = board.is_house(h)
                    && pos.at(h) > 0
                    && !stops.contains(pos.at(h))
                    && relays_from >> (h & 63) & 1 == 1
                    && !unvisited;
                let may_capture = lap_end.captures && !quiet;
                Some(if sown.opening_laps {
                    self.opening_lap(pos, lap, h, goes_on, may_capture, sown, trace)
                } else {
                    self.captures.lap_capture(
                        mode,
                        board,
                        pos,
                        me,
                        lap.origin,
                        h,
                        goes_on,
                        may_capture,
                        lap.reverse,
                        sown,
                        trace,
                    )
                }?)
            }
            None => None,
        };
        if self.sowing.stops_when_a_side_empties
            && (pos.seeds_on_side(me) == 0 || pos.seeds_on_side(opponent) == 0)
        {
            // A side left without seeds ends the sowing, whatever the
            // last hole holds.
            return None;
        }
        if self.sowing.stops_after_capture && sown.captured > lap_end.captured_before {
            // A lap that captured while sowing ends the sowing.
            return None;
        }
        // A last seed that left play (into an opponent's blocked house)
        // ends the sowing.
        if lapped.is_none()
            && (!board.is_house(h)
                || lap.closed >> (h & 63) & 1 == 1
                || unvisited
                || stops.contains(pos.at(h))
                || (board.owner(h) == opponent
                    && self.sowing.stops_in_opponent.contains(pos.at(h)))
                || relays_from >> (h & 63) & 1 == 0
                || (!quiet
                    && self
                        .captures
                        .last_seed_captures(board, pos, me, h, lap.reverse)))
        {
            return None;
        }
        if self.sowing.stop_at_marked
            && board.owner(h) == me
            && pos.marked_houses() >> (h & 63) & 1 != 0
            && self.stops_here(h, lap_end.stop, &mut lap.stopped_at, trace)
        {
            // The mover stops the relay in a house they marked.
            return None;
        }
        let lift = match from {
            _ if let Some(lift) = lapped => lift,
            RelayFrom::Last => h,
            RelayFrom::Next => self.relay_from_next(pos, setup, lap, h, trace)?,
        };
        if let Some(children) = setup.children
            && ((!quiet && children.made(board, pos, me, h, lap.reverse, sown.last_handful()))
                || (children.kind != super::children::Kind::Ram
                    && (pos.child_houses() >> lift & 1 != 0
                        || pos.child_houses() >> (h & 63) & 1 != 0)))
        {
            // A relay stops where it would make a child, ends in a
            // child, and never lifts a child.
            return None;
        }
        Some(lift)
    }

    /// The house a relay lifts next with `relay_from = "next"`: the place
    /// after the last one sown (`last`), store or house, passing over
    /// blocked houses; `None` where it is empty and the sowing ends.
    #[inline(always)]
    fn relay_from_next<T: Trace>(
        &self,
        pos: &mut Position,
        setup: &SowingSetup,
        lap: &Lap,
        last: usize,
        trace: &mut T,
    ) -> Option<usize> {
        let ring = lap.ring;
        let len = ring.len();
        let mut i = ring.index_of(last);
        let next = loop {
            i += 1;
            if i == len {
                i = 0;
            }
            if setup.blocked >> (ring.at(i) & 63) & 1 == 0 {
                break ring.at(i);
            }
        };
        if pos.at(next) == 0 {
            return None;
        }
        if self.sowing.relay_takes_facing
            && self.board.owner(next) == setup.me
            && self.board.is_front(next)
            && let Some(into) = super::capture::Captures::take_facing(&self.board, pos, next, trace)
        {
            // A front-row house facing seeds takes across instead of being
            // lifted; the relay goes on from the house after the one the
            // seeds went into, and ends where that is empty.
            let after = ring.next(into);
            if pos.at(after) == 0 {
                return None;
            }
            Some(after)
        } else {
            Some(next)
        }
    }

    /// A lap of an opening move while none has reached the mover's front
    /// row (`opening_takes_back_row`), ending in `last`: its capture, and
    /// whether the laps after it are still the opening's (not once this
    /// one has sown into the front row). The house the relay lifts next,
    /// if any.
    // The lap's ending passed as `lap_capture` has it.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    fn opening_lap<T: Trace>(
        &self,
        pos: &mut Position,
        lap: &Lap,
        last: usize,
        goes_on: bool,
        may_capture: bool,
        sown: &mut Sown,
        trace: &mut T,
    ) -> Option<usize> {
        let board = &self.board;
        // The lap's handful went into the houses after its first, one each
        // (the sowing keys that would pass houses over are refused).
        let (ring, seeds) = (lap.ring, lap.seeds as usize);
        let start = ring.index_of(lap.origin);
        sown.opening_laps =
            !(1..=seeds.min(ring.len())).any(|k| board.is_front(ring.at((start + k) % ring.len())));
        self.captures.opening_lap_capture(
            board,
            pos,
            pos.to_move(),
            lap.origin,
            last,
            goes_on,
            may_capture,
            sown,
            trace,
        )
    }

    /// Lifts `lift` for the relay's next lap: its seeds, or the seeds a lap
    /// captured, in hand (`lap_captures_sown_from`), less what goes first
    /// to the house lifted or the store.
    #[inline(always)]
    fn lift_relay<T: Trace>(
        &self,
        pos: &mut Position,
        lap: &mut Lap,
        lift: usize,
        sown: &mut Sown,
        trace: &mut T,
    ) {
        lap.seeds = match sown.handful.take() {
            // The seeds a lap captured, sown on from `lift`, which keeps
            // its own.
            Some(captured) => captured,
            None => pos.take(lift),
        };
        if let Some(held) = &mut lap.as_lifted {
            *held = *pos.places();
        }
        sown.last_lift = lap.seeds;
        lap.origin = lift;
        trace.record(Event::Relay {
            house: lift,
            seeds: lap.seeds,
        });
        if self.sowing.relay_first_in_origin {
            // The lap starts in the house lifted, as the move did.
            lap.first_seed_in_origin(pos, trace);
        }
        if self.captures.before_sowing == BeforeSowing::OneSeed && lap.seeds > 0 {
            // One seed of every handful goes to the store first.
            lap.seeds -= 1;
            pos.add(self.board.store(pos.to_move()), 1);
            sown.captured += 1;
            trace.record(Event::Capture {
                house: lift,
                seeds: 1,
            });
        }
    }
}

/// What a move's sowing reads from the rules once, before its first lap
/// ([`Rules::sowing_setup`]). The passings beyond plain sowing are read
/// by the relay instances of the loop only, so that the plain instance's
/// are constants and its tests fold away.
struct SowingSetup<'r> {
    me: Side,
    opponent: Side,
    /// Whether laps pass over the house they were lifted from.
    skip_origin: bool,
    /// Whether the last seed of a handful captures while sowing too.
    capture_last: bool,
    /// An opening move sown to the opponent's row: one handful.
    opening: bool,
    /// Which children of the opponent's the sowing passes over.
    skips: OpponentSows,
    /// Children, which may stop a relay.
    children: Option<&'r super::children::Children>,
    /// The opponent's houses holding this many are passed over (0: none).
    skip: u8,
    /// Houses holding this many or more are passed over (0: none).
    full: u8,
    /// Houses that close for good (`[blocking]`).
    blocking: Option<&'r super::blocking::Blocking>,
    /// The same, where the move may capture.
    closing: Option<&'r super::blocking::Blocking>,
    /// Blocked houses passed over.
    blocked: u64,
    /// The opponent's blocked houses as the move starts, where a seed
    /// leaves play.
    closed: u64,
    /// The board's seeds at or below which the opponent takes what is sown
    /// in their row (0: never).
    takes_at: u32,
    /// Houses passed over unless the handful was lifted from one of them.
    passed_over: u64,
    /// Whether a seed may be passed on or land apart from its place.
    passes: bool,
}

/// The lap being sown, and what a relay carries from lap to lap.
struct Lap<'r> {
    /// The ring the lap sows along.
    ring: &'r crate::board::Ring,
    /// Whether it sows against the board's direction.
    reverse: bool,
    /// The house its handful was lifted from.
    origin: usize,
    /// The seeds in hand as the lap starts, once those sown before it
    /// (`first_seed_in_origin`) are down: the lap's handful.
    seeds: u8,
    /// The opponent's blocked houses, where a seed leaves play; a relay
    /// closes more.
    closed: u64,
    /// What the houses held as the handful was lifted (`skip_as_lifted`).
    as_lifted: Option<[u8; crate::position::PLACES]>,
    /// The laps so far that ended in the house where the mover chose to
    /// stop (`relay_may_stop_at_marked`).
    stopped_at: u8,
    /// The laps after the first so far that offered to be sown the other
    /// way (`reverse_from`).
    offers: u32,
}

impl Lap<'_> {
    /// Sows the handful's first seed back into the house it was lifted
    /// from (`first_seed_in_origin`, `relay_first_seed_in_origin`); a
    /// single seed goes on as usual.
    #[inline(always)]
    fn first_seed_in_origin<T: Trace>(&mut self, pos: &mut Position, trace: &mut T) {
        if self.seeds > 1 {
            pos.add(self.origin, 1);
            self.seeds -= 1;
            trace.record(Event::Drop {
                house: self.origin,
                now: pos.at(self.origin),
            });
        }
    }
}

/// How a relay lap ended, for [`Rules::relay_lift`].
#[derive(Clone, Copy)]
struct RelayLap {
    /// The place its last seed fell in.
    last: usize,
    /// Whether the move may capture.
    captures: bool,
    /// The mover's choice of where to stop (`relay_may_stop_at_marked`).
    stop: u16,
    /// What the move had captured before the lap.
    captured_before: u8,
    /// Whether it was the move's first lap.
    first: bool,
}

/// The choices a move makes at its laps, as the sowing loop reads them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct LapChoices {
    /// Where a relay stops (`relay_may_stop_at_marked`): the house plus
    /// one in the high byte, the time a lap ends there in the low byte; 0
    /// for nowhere.
    pub(crate) stop: u16,
    /// The later laps sown the other way (`reverse_from`): bit `k` for the
    /// `k`-th that offered it ([`crate::Move::reversed_laps`]).
    pub(crate) reversed: u8,
}

impl LapChoices {
    /// No choice at any lap.
    pub(crate) const NONE: LapChoices = LapChoices {
        stop: 0,
        reversed: 0,
    };
}

/// Brent's search for an endless relay (R13): a lift with the same board,
/// blocked houses, hole and way as an earlier lift of the move. It keeps a
/// single earlier lift, replaced at powers of two, and counts the lifts up
/// to [`MAX_RELAY_LIFTS`].
struct RelayCycle {
    /// The saved lift: board, key, hole, way, blocked houses.
    saved: Option<([u8; crate::position::PLACES], u64, usize, bool, u64)>,
    power: u32,
    steps: u32,
    /// The relay lifts so far.
    lifts: u32,
}

impl RelayCycle {
    /// The search from the move's first lift, of `from`; nothing is saved
    /// where the sowing never relays.
    #[inline(always)]
    fn new(relay: bool, pos: &Position, from: usize, reverse: bool) -> Self {
        RelayCycle {
            saved: relay.then(|| {
                (
                    *pos.places(),
                    pos.key(),
                    from,
                    reverse,
                    pos.blocked_houses(),
                )
            }),
            power: 1,
            steps: 0,
            lifts: 0,
        }
    }

    /// Forgets the lifts so far, which the next can repeat without the
    /// relay being endless: the move still chooses the way of a lap at or
    /// after it (`reverse_from`). The search starts again from the next
    /// lift; the lifts are still counted.
    #[cold]
    fn forget(&mut self) {
        self.saved = None;
        self.power = 1;
        self.steps = 0;
    }

    /// Counts a relay lift of `lift`, sown the way `reverse` says: how
    /// the sowing ends where it repeats the saved lift or goes on too long.
    #[inline(always)]
    fn lift(&mut self, pos: &Position, lift: usize, reverse: bool) -> Option<SownEnd> {
        if let Some((places, key, hole, way, blocked_then)) = &self.saved
            && pos.key() == *key
            && lift == *hole
            && reverse == *way
            && pos.places() == places
            && pos.blocked_houses() == *blocked_then
        {
            return Some(SownEnd::Endless);
        }
        self.lifts += 1;
        if self.lifts > MAX_RELAY_LIFTS {
            return Some(SownEnd::TooLong);
        }
        self.steps += 1;
        if self.steps == self.power {
            self.saved = Some((
                *pos.places(),
                pos.key(),
                lift,
                reverse,
                pos.blocked_houses(),
            ));
            self.power = self.power.saturating_mul(2);
            self.steps = 0;
        }
        None
    }
}
