//! Captures: an ordered list of rules tried where the last seed falls, and
//! captures made while sowing.
//!
//! Each rule is a case of [`CaptureRule`]. After the sowing, the rules are
//! tried in order at the last seed's house; the first that captures is taken
//! (after the grand-slam policy has had its say, [`super::grand_slam`]).
//! Captures while sowing happen inside the sowing loop
//! ([`super::sowing`]), through `Captures::take_while_sowing`.

use crate::word::STARTER;
use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::{CompileError, CountSet, Rules, ZoneMask, count_set, err, flag_unless};
use crate::board::Board;
use crate::position::{MAX_HOUSES, Position, PositionError, Side};
use crate::rules::grand_slam::GrandSlam;
use crate::rules::sowing::Sown;
use crate::trace::{Event, Trace};

/// Which rows a capture may happen in, seen from the sower.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// Nowhere.
    #[default]
    None,
    /// The opponent's row.
    Opponent,
    /// The sower's own row.
    Own,
    /// Either row.
    Either,
}

/// `[capture]`: when and where seeds are captured.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "the table [capture]")]
pub struct Section {
    /// The counts a hole must reach to be captured, such as `[2, 3]`.
    #[serde(default)]
    pub counts: Option<Spanned<Vec<i64>>>,
    /// Where the last seed of a sowing captures by count.
    #[serde(default)]
    pub last_seed: Zone,
    /// Where the other seeds capture, at once, as they are sown.
    #[serde(default)]
    pub while_sowing: Zone,
    /// After a last-seed capture, whether the holes before it (against the
    /// sowing direction) are captured too while they hold a capturing count.
    #[serde(default)]
    pub chain: bool,
    /// The most houses one chain captures, the first included; none: no limit.
    #[serde(default)]
    pub chain_max: Option<Spanned<i64>>,
    /// Where the houses after the first of a chain may lie, seen from the
    /// sower; by default, where the first may (`last_seed`).
    #[serde(default)]
    pub chain_zone: Option<Spanned<Zone>>,
    /// Whether a move that lifts a single seed may capture (`false`: it
    /// never does).
    #[serde(default = "yes")]
    pub single_seed_captures: bool,
    /// What a grand slam does.
    #[serde(default)]
    pub grand_slam: GrandSlam,
    /// The first moves of the game, both players' counted together, in
    /// which nothing is captured (MancalaGames' `nocaptmoves`).
    #[serde(default)]
    pub quiet_moves: Option<Spanned<i64>>,
    /// The cross capture: a last seed in an empty house takes the house
    /// opposite.
    #[serde(default)]
    pub cross: Option<CrossSection>,
    /// The capture across the gap: the house after the last seed's is
    /// empty, and the one after that is captured (MancalaGames'
    /// `capt_type = TWO_OUT`).
    #[serde(default)]
    pub across_gap: Option<AcrossGapSection>,
    /// A capture made as the seeds are lifted, before they are sown
    /// (MancalaGames' `presowcapt`).
    #[serde(default)]
    pub before_sowing: BeforeSowing,
    /// Where a last seed falling in an empty house gives the mover's store
    /// to the opponent (MancalaGames' `capt_type = PASS_STORE_CAPT`).
    #[serde(default)]
    pub empty_gives_store: Option<Spanned<Zone>>,
    /// Where a last seed falling in an empty house pulls the seeds of the
    /// house opposite into that house (MancalaGames' `capt_type =
    /// PULL_ACROSS`).
    #[serde(default)]
    pub pull_across: Option<Spanned<Zone>>,
    /// Whether a last seed in the opponent's row or in the sower's last
    /// house (F for South) captures every house of the opponent's row
    /// holding one of `counts` (MancalaGames' `capt_type = CAPT_OPP_1CCW`
    /// with `pickextra = PICKOPPBASIC`).
    #[serde(default)]
    pub sweep: Option<Spanned<bool>>,
    /// Whether every house a count capture takes (the first, and each of
    /// its chain) takes the house opposite too (MancalaGames' `pickextra =
    /// PICKCROSSMULT`).
    #[serde(default)]
    pub count_takes_opposite: Option<Spanned<bool>>,
    /// Whether a count capture's chain goes on along the sowing, to the
    /// houses after the last seed's, instead of back (MancalaGames'
    /// `capt_dir = SOW` with `multicapt`).
    #[serde(default)]
    pub chain_along_sowing: Option<Spanned<bool>>,
    /// Whether a count capture takes only houses played from before in the
    /// game or round (MancalaGames' `moveunlock`): the position keeps the
    /// houses played (`played:`).
    #[serde(default)]
    pub from_played_only: Option<Spanned<bool>>,
    /// Whether the game's starter may neither capture nor make a child
    /// until a move captures or makes one (MancalaGames' `prescribed =
    /// ARNGE_LIMIT`, for a starter who keeps the seeds as dealt; Bao): the
    /// position keeps who waits (`waiting:`).
    #[serde(default)]
    pub starter_waits: Option<Spanned<bool>>,
    /// Where, after every move, each house holding a single seed is
    /// captured (MancalaGames' `capt_type = SINGLETONS`).
    #[serde(default)]
    pub singletons: Option<Spanned<Zone>>,
    /// Whether a last seed in the opponent's store takes that store's seeds
    /// into the sower's (MancalaGames' `capt_type = END_OPP_STORE_CAPT`;
    /// only with `[sowing] into_stores = "both"`).
    #[serde(default)]
    pub opponent_store: Option<Spanned<bool>>,
    /// Who takes a house captured while sowing: `"sower"` (the default) or
    /// `"owner"`, the house's owner (MancalaGames' `ENPAS_ALL_OWNER_SOW`).
    #[serde(default)]
    pub while_sowing_by: Option<Spanned<Taker>>,
    /// Whether the last seed of each handful captures while sowing too
    /// (MancalaGames' `ENPAS_ALL_OWNER_OWN`: with `while_sowing_by =
    /// "owner"`, the last hole goes to its owner).
    #[serde(default)]
    pub while_sowing_last: Option<Spanned<bool>>,
    /// Whether, with relay sowing, the last seed of every lap may capture,
    /// and the relay goes on after it (MancalaGames' `sow_rule = LAP_CAPT`).
    #[serde(default)]
    pub lap_captures: Option<Spanned<bool>>,
    /// With `lap_captures`, the seeds a lap captures join its last house,
    /// and the relay sows them on from there; the sowing stops once the
    /// opponent has no seeds (MancalaGames' `sow_rule = LAP_CAPT_SEEDS`).
    #[serde(default)]
    pub lap_captures_sow_on: Option<Spanned<bool>>,
    /// With `lap_captures_sow_on`, the house the seeds a lap captures are
    /// sown on from: the lap's last house, joining its seeds (the default),
    /// or as a handful of their own from the house the lap was lifted from,
    /// or from the house behind the last one (four rows).
    #[serde(default)]
    pub lap_captures_sown_from: Option<Spanned<SownFrom>>,
    /// With `lap_captures_sow_on` from the last house: the relay goes on
    /// after a capture that leaves the opponent without seeds, to its end,
    /// instead of stopping there (Ludii's Katra of the Boaoaka).
    #[serde(default)]
    pub lap_captures_past_empty_opponent: Option<Spanned<bool>>,
    /// With `lap_captures_sow_on` on four rows: in each player's opening
    /// moves (`[play] opening_moves`), until a lap has sown a seed into
    /// the mover's front row (that lap included), a lap ending in an
    /// occupied house of the mover's back row takes the opponent's
    /// back-row house of the same column instead, sown on as the laps'
    /// captures are; the cross capture waits (Ludii's Choro of the Acholi).
    #[serde(default)]
    pub opening_takes_back_row: Option<Spanned<bool>>,
    /// `{ at_most = N }`: while the board holds N seeds or fewer as a
    /// handful is lifted, the seeds it would drop in the opponent's row go
    /// to the opponent's store, but for a last seed that captures there
    /// (MancalaGames' `sow_rule = LAP_CAPT_OPP_GETS` with `sow_param`).
    #[serde(default)]
    pub opponent_takes_sown: Option<Spanned<AtMostSection>>,
    /// After a move, when the board holds between 1 and this many seeds,
    /// the mover takes them all (MancalaGames' `pickextra =
    /// PICKLASTSEEDS`).
    #[serde(default)]
    pub last_seeds_to_mover: Option<Spanned<i64>>,
    /// After a move, when the board holds between 1 and this many seeds,
    /// the player who started the round takes them all, whoever moved
    /// (MancalaGames' `pickextra = PICK2XLASTSEEDS`).
    #[serde(default)]
    pub last_seeds_to_round_starter: Option<Spanned<i64>>,
    /// After a capture where the last seed falls, every house of the
    /// opponent's row holding one of these counts is captured too
    /// (MancalaGames' `pickextra = PICKOPPBASIC`).
    #[serde(default)]
    pub sweep_after_capture: Option<Spanned<Vec<i64>>>,
    /// After a capture where the last seed falls, the capturer also takes
    /// the seeds of this many houses of the opponent's, of their choosing
    /// among those holding seeds (all of them where fewer hold any): a
    /// choice made inside the move, written after it (`B6+b3+a1`) (Ludii's
    /// Tsoro and Msuwa with additional captures).
    #[serde(default)]
    pub chosen_after: Option<Spanned<i64>>,
    /// With `chosen_after`, the houses are taken only after a capture that
    /// took the seeds of at least this many houses (1, the default: any
    /// capture) (Ludii's Msuwa: after taking both houses of a column).
    #[serde(default)]
    pub chosen_after_houses_taken: Option<Spanned<i64>>,
    /// With `chosen_after`, the houses their owner marked (`[play]
    /// marked`) are never taken by choice (Ludii's Misoro Tsoro with
    /// additional captures).
    #[serde(default)]
    pub chosen_spares_marked: Option<Spanned<bool>>,
    /// With `chosen_after`, the houses a capturer could not take by choice
    /// (too few held seeds) are left to the opponent, who on their next turn
    /// takes as many of the capturer's houses, of their choosing, instead
    /// of sowing (`+b3+b5`), leaving any they cannot take to the capturer
    /// in turn (Ludii's Misoro Tsoro with additional captures, ruling L3).
    #[serde(default)]
    pub chosen_left_to_opponent: Option<Spanned<bool>>,
    /// Where the seeds counted for `last_seeds_to_mover` lie, seen from
    /// the mover (MancalaGames counts only the houses it may capture from,
    /// `capt_side`); the mover then takes every seed on the board.
    #[serde(default)]
    pub last_seeds_counted_in: Option<Spanned<Zone>>,
    /// Which way a capture looks (a chain, `next`, `across_gap`) after a
    /// move whose direction the mover chose: along the move (the default)
    /// or along the board's direction whichever way the move went
    /// (MancalaGames, whose fixed `sow_direct` sets it).
    #[serde(default)]
    pub looks_along: Option<Spanned<LooksAlong>>,
    /// The seeds a move captures are given to the opponent: the capturer
    /// moves again at once, a drop (`c@`) of all of them into one house of
    /// the opponent's side (MancalaGames' classes `NSGratuitous`,
    /// `EWGratuitous`).
    #[serde(default)]
    pub given_to_opponent: Option<Spanned<bool>>,
    /// The seeds a capture at the last seed takes are sown on by the
    /// capturer instead of kept: one a house along the mover's way round,
    /// from the house after the last seed's, and the move ends there
    /// (Ludii's Tsoro with captures re-entered).
    #[serde(default)]
    pub captured_sown_on: Option<Spanned<bool>>,
    /// Where `captured_sown_on` starts sowing the seeds captured.
    #[serde(default)]
    pub captured_sown_from: Option<Spanned<CapturedSownFrom>>,
    /// The capture of the house after the last seed's: it is taken when it
    /// holds one of `counts` (MancalaGames' `capt_type = NEXT`).
    #[serde(default)]
    pub next: Option<NextSection>,
    /// Whether a last seed whose house then holds as many seeds as the
    /// house opposite captures both (MancalaGames' `capt_type = MATCH_OPP`).
    #[serde(default)]
    pub match_opposite: Option<Spanned<bool>>,
    /// With `match_opposite`, the pairs a capture may take in all: along
    /// the sowing from the last seed's house, as long as each house holds
    /// as many as the house opposite, then the other way from the house
    /// before it, one pair fewer (MancalaGames' `multicapt` with
    /// `capt_dir = BOTH`).
    #[serde(default)]
    pub match_opposite_both_ways: Option<Spanned<i64>>,
    /// Whether the capture zones (`last_seed`, `chain_zone`, `cross`, ...)
    /// read "own" and "opponent" by a house's row (the default) or by who
    /// owns it now (territory; MancalaGames' `capt_side = OPP_TERR`).
    #[serde(default)]
    pub zones_by: Option<Spanned<ZonesBy>>,
    /// On four rows: whether, as each turn starts, every house of the
    /// mover's front row holding seeds across from an occupied house of
    /// the opponent's front row takes one seed of it, and one of the
    /// opponent's back-row house behind it if that holds any, into the
    /// mover's back-row house behind it, as often as it can (Ludii's
    /// Kisolo).
    #[serde(default)]
    pub facing_take_at_turn_start: Option<Spanned<bool>>,
}

/// How the capture zones read whose a house is.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum ZonesBy {
    /// By the row it is on.
    #[default]
    Row,
    /// By who owns it now (`[rounds.territory]`).
    Owner,
}

/// No `[capture]` table: nothing is ever captured (every key's default).
impl Default for Section {
    fn default() -> Section {
        Section {
            counts: Default::default(),
            last_seed: Default::default(),
            while_sowing: Default::default(),
            chain: Default::default(),
            chain_max: Default::default(),
            chain_zone: Default::default(),
            single_seed_captures: yes(),
            grand_slam: Default::default(),
            quiet_moves: Default::default(),
            cross: Default::default(),
            across_gap: Default::default(),
            before_sowing: Default::default(),
            empty_gives_store: Default::default(),
            pull_across: Default::default(),
            sweep: Default::default(),
            singletons: Default::default(),
            count_takes_opposite: Default::default(),
            chain_along_sowing: Default::default(),
            from_played_only: Default::default(),
            starter_waits: Default::default(),
            opponent_store: Default::default(),
            while_sowing_by: Default::default(),
            while_sowing_last: Default::default(),
            lap_captures: Default::default(),
            lap_captures_sow_on: Default::default(),
            lap_captures_sown_from: Default::default(),
            lap_captures_past_empty_opponent: Default::default(),
            opening_takes_back_row: Default::default(),
            opponent_takes_sown: Default::default(),
            last_seeds_to_mover: Default::default(),
            last_seeds_to_round_starter: Default::default(),
            sweep_after_capture: Default::default(),
            chosen_after: Default::default(),
            chosen_after_houses_taken: Default::default(),
            chosen_spares_marked: Default::default(),
            chosen_left_to_opponent: Default::default(),
            last_seeds_counted_in: Default::default(),
            looks_along: Default::default(),
            given_to_opponent: Default::default(),
            captured_sown_on: Default::default(),
            captured_sown_from: Default::default(),
            match_opposite: Default::default(),
            match_opposite_both_ways: Default::default(),
            next: Default::default(),
            zones_by: Default::default(),
            facing_take_at_turn_start: Default::default(),
        }
    }
}

/// `{ at_most = N }`: a count of seeds on the board.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a table `{ at_most = N }`")]
pub struct AtMostSection {
    /// The most seeds on the board for the rule to apply.
    pub at_most: Spanned<i64>,
}

/// The house the seeds a lap captures are sown on from
/// (`lap_captures_sown_from`, with `lap_captures_sow_on`).
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum SownFrom {
    /// The lap's last house, where they join its seeds; the sowing stops
    /// once the opponent has no seeds (MancalaGames' `LAP_CAPT_SEEDS`).
    #[default]
    Last,
    /// The house the lap was lifted from, as a handful of their own: the
    /// house keeps what it holds, but a single seed, which goes with them
    /// (Ludii's Mweiso).
    LapStart,
    /// The house the lap was lifted from, as a handful sown apart, the
    /// board's way whatever way the lap went, that neither captures nor
    /// relays (the house keeps what it holds, but a single seed, which
    /// goes with them); the relay then goes on from the lap's last house
    /// (Ludii's Mweso).
    LapStartThenRelay,
    /// As [`SownFrom::LapStartThenRelay`], but the move ends once they are
    /// sown: no relay goes on (Ludii's Otep).
    LapStartThenStop,
    /// The house behind the lap's last one, in the sower's back row, on four
    /// rows, as a handful of their own, with a single seed the house holds
    /// (Ludii's Pereauni).
    BehindLast,
}

/// How the laps of a relay sowing capture (`lap_captures = true`), by the
/// variant's one capture rule at the last seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LapCaptures {
    /// A count capture at a lap's last house; the relay goes on from the
    /// house after it, and ends there when that house is empty.
    Count,
    /// A capture across the gap from a lap's last house, when the relay
    /// goes on from it (whether or not anything was taken).
    AcrossGap,
    /// The capture rule at a lap's last house; what it takes joins that
    /// house and is sown on with it, and the sowing stops once the
    /// opponent has no seeds (`lap_captures_sow_on`).
    SowOn,
    /// A cross capture where a lap's last seed falls in an empty house:
    /// when it captures, the relay goes on with that one seed; when it
    /// does not, the sowing ends there.
    Cross,
    /// A cross capture where a lap's last seed falls in a house that held
    /// seeds (`into_occupied`): when it captures, the sowing goes on from
    /// the house after it, and ends there unless it holds two or more; when
    /// it does not, the relay goes on as usual.
    Occupied,
}

/// `[capture.next]`: the house after the last seed's, along the sowing, is
/// captured when it holds one of `counts`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a table `{ zone = \"…\", chain = true or false }`")]
pub struct NextSection {
    /// The row the captured house must be in, seen from the sower.
    pub zone: Spanned<Zone>,
    /// Whether the capture goes on along the sowing, to the house after the
    /// one taken, while it holds one of `counts` in `zone`.
    #[serde(default)]
    pub chain: bool,
    /// Whether the rule is judged at the last seed's house instead: the
    /// last seed falls in an empty house of `zone`, and the house after it
    /// is taken whatever it holds (MancalaGames' `capt_type = NEXT` with
    /// relay sowing, where it tests the last hole). Without `counts`.
    #[serde(default)]
    pub from_empty: Option<Spanned<bool>>,
    /// With `from_empty`: whether the last seed is captured too
    /// (MancalaGames' `pickextra = PICKFINAL`).
    #[serde(default)]
    pub take_sowing_seed: Option<Spanned<bool>>,
}

/// Where the seeds a capture takes are sown on from (`captured_sown_from`,
/// with `captured_sown_on`; a lap's captures have [`SownFrom`]).
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum CapturedSownFrom {
    /// From the house after the last seed's.
    #[default]
    AfterLast,
    /// From the house the last handful was lifted from, that house first.
    LapStart,
    /// From the house after the one the last handful was lifted from.
    AfterLapStart,
}

/// Which way a capture looks after a move whose direction was chosen.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum LooksAlong {
    /// Along the move: a chain runs back against the way it sowed.
    #[default]
    Move,
    /// Along the board's direction, whichever way the move sowed.
    Board,
}

/// Who takes a house captured while sowing.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Taker {
    /// The sower.
    #[default]
    Sower,
    /// The house's owner.
    Owner,
}

/// A capture made as seeds are lifted, before they are sown.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum BeforeSowing {
    /// None.
    #[default]
    None,
    /// One seed of every handful lifted, the house played's and each
    /// relay's, goes to the mover's store (MancalaGames' `CAPT_ONE`).
    OneSeed,
    /// A house played holding a single seed captures the house opposite
    /// before its seed is sown (MancalaGames' `DRAW_1_XCAPT`).
    SingleTakesOpposite,
    /// Before the house played is lifted, every house of the mover's row
    /// holding a single seed (the house played too) captures the house
    /// opposite (MancalaGames' `ALL_SINGLE_XCAPT`).
    SinglesTakeOpposite,
}

/// `[capture.across_gap]`: after the last seed's house comes an empty
/// house; the seeds of the house after it are captured.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a table `{ zone = \"…\", chain = true or false, take_opposite = true or false }`"
)]
pub struct AcrossGapSection {
    /// The row the captured house must be in, seen from the sower.
    pub zone: Spanned<Zone>,
    /// Whether the capture goes on along the sowing: from the house just
    /// captured, while the next house is empty and the one after holds
    /// seeds (only with relay sowing).
    #[serde(default)]
    pub chain: Option<Spanned<bool>>,
    /// Whether the house opposite the one captured is taken too, when it
    /// holds seeds in `zone` (MancalaGames' `pickextra = PICKCROSS`).
    #[serde(default)]
    pub take_opposite: Option<Spanned<bool>>,
}

fn yes() -> bool {
    true
}

/// `[capture.cross]`: the last seed falls in an empty house and captures the
/// seeds of the house opposite (Kalah).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a table `{ zone = \"…\", take_sowing_seed = true or false, chain = true or false, opposite_holds = [N, …], even_when_opposite_empty = true or false }`"
)]
pub struct CrossSection {
    /// The row the empty house must be in, seen from the sower.
    pub zone: Spanned<Zone>,
    /// Whether the sowing seed is captured with the opposite house's seeds.
    #[serde(default)]
    pub take_sowing_seed: bool,
    /// Whether the capture goes on along the sowing: from each next house
    /// of `zone` that is empty, across, while the house opposite holds
    /// seeds (MancalaGames' `crosscapt` with `multicapt`, `capt_dir = SOW`).
    #[serde(default)]
    pub chain: bool,
    /// The counts the house opposite must hold to be captured (MancalaGames'
    /// `capt_on` with `crosscapt`); none: any.
    #[serde(default)]
    pub opposite_holds: Option<Spanned<Vec<i64>>>,
    /// With `take_sowing_seed`: whether the sowing seed is taken when the
    /// house opposite is empty too, nothing captured across (MancalaGames'
    /// `xcpickown = ALWAYS_PICK`).
    #[serde(default)]
    pub even_when_opposite_empty: Option<Spanned<bool>>,
    /// Whether the chain goes on from each next house along the sowing
    /// whatever it holds, not only from empty ones (MancalaGames'
    /// `crosscapt = ONE_ANY` with `multicapt`, `capt_dir = SOW`).
    #[serde(default)]
    pub chain_from_any: Option<Spanned<bool>>,
    /// Where each house captured across must lie, seen from the sower (read
    /// by owner with `zones_by = "owner"`; MancalaGames' `capt_side` with
    /// `crosscapt = ONE_ANY`); only with `chain_from_any`.
    #[serde(default)]
    pub opposite_in: Option<Spanned<Zone>>,
    /// Whether the last seed's house may hold any number of seeds, not only
    /// the one just sown (MancalaGames' `crosscapt = ANY`); only with
    /// `chain_from_any`.
    #[serde(default)]
    pub whatever_last_holds: Option<Spanned<bool>>,
    /// Whether the chain runs back against the sowing rather than along it
    /// (MancalaGames' `capt_dir = OPP_SOW`, its default); only with
    /// `chain_from_any`.
    #[serde(default)]
    pub chain_against_sowing: Option<Spanned<bool>>,
    /// Whether the capture needs the move to have sown into the opponent's
    /// row: a last seed alone in a house of the mover's own row, after a
    /// move that left the opponent's row as it was, captures nothing and
    /// the mover moves again (MancalaGames' `xc_sown`).
    #[serde(default)]
    pub needs_opponent_sown: Option<Spanned<bool>>,
    /// On three and four rows: whether the empty house must be in the
    /// sower's front row, the one facing the opponent (Tsoro, Hus).
    #[serde(default)]
    pub from_front_row: Option<Spanned<bool>>,
    /// On four rows: whether the house behind the one opposite is taken
    /// with it, whatever it holds ("the opponent's two houses in that
    /// column"; Tsoro, Hus).
    #[serde(default)]
    pub and_behind: Option<Spanned<bool>>,
    /// On four rows: whether the capture reaches past an empty house
    /// opposite to the house behind it, and only so: the house opposite
    /// must be empty and the one behind it hold seeds (Sute).
    #[serde(default)]
    pub behind_when_opposite_empty: Option<Spanned<bool>>,
    /// Whether the last seed must fall in a house that already held seeds
    /// (it holds two or more), instead of an empty one (Ludii's Nsumbi).
    #[serde(default)]
    pub into_occupied: Option<Spanned<bool>>,
    /// On four rows: the house taken is the one opposite when it holds
    /// this many seeds or more, else the one behind it when that does;
    /// neither, no capture (Ludii's Katra).
    #[serde(default)]
    pub opposite_or_behind_holding: Option<Spanned<i64>>,
    /// With `and_behind`: whether both houses of the column must hold
    /// seeds for the capture (Ludii's Nsumbi).
    #[serde(default)]
    pub both_held: Option<Spanned<bool>>,
    /// On three and four rows: whether the capture takes every house of
    /// the opponent's in the last seed's column, when any of them holds
    /// seeds (Ludii's Abalala'e).
    #[serde(default)]
    pub whole_column: Option<Spanned<bool>>,
    /// With `whole_column`: whether the capture is made even when none of
    /// the opponent's houses in the column holds seeds, taking nothing,
    /// so that what follows a capture follows (Ludii's Spreta).
    #[serde(default)]
    pub even_when_column_empty: Option<Spanned<bool>>,
    /// With `whole_column` and `whatever_last_holds`: a last seed in a
    /// house that was empty does not take a column whose two houses hold
    /// one seed each (Ludii's Katra of the Boaoaka).
    #[serde(default)]
    pub from_empty_spares_singles: Option<Spanned<bool>>,
}

/// When a cross capture of the whole column is made (`whole_column`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnTaken {
    /// When any of the opponent's houses in the column holds seeds.
    WhenHeld,
    /// Always, even when the column holds nothing
    /// (`even_when_column_empty`).
    Always,
    /// When any holds seeds, but not from a house that was empty facing
    /// two houses of one seed each (`from_empty_spares_singles`).
    SparingSingles,
}

/// Which house of the opponent's column a cross capture takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The house opposite.
    Opposite,
    /// The house behind an empty house opposite, holding seeds; a house
    /// opposite that holds seeds captures nothing
    /// (`behind_when_opposite_empty`).
    PastEmpty,
    /// The house opposite when it holds this many seeds or more, else the
    /// house behind it when that does (`opposite_or_behind_holding`).
    OrBehind(u8),
}

/// One way of capturing where the last seed falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureRule {
    /// The last seed makes a count in `counts` in a house of `zone`: its
    /// seeds are taken, and with `chain` so are the houses before it while
    /// they hold such a count in such a row (Oware, Ouri, Wouri).
    Count {
        /// The capturing counts.
        counts: CountSet,
        /// Where the last seed captures.
        zone: ZoneMask,
        /// Whether the houses before are taken too.
        chain: bool,
        /// The most houses taken in all (the whole board when unlimited).
        chain_max: u8,
        /// Where the houses after the first may lie.
        chain_zone: ZoneMask,
        /// Whether each house taken takes the house opposite too.
        with_opposite: bool,
        /// Whether only houses played from before are taken.
        played_only: bool,
    },
    /// The last seed falls in an empty house of `zone`, and the house opposite
    /// holds seeds: those are taken, and with `take_sowing_seed` the sowing
    /// seed too (Kalah).
    Cross {
        /// Where the empty house must be.
        zone: ZoneMask,
        /// Whether the sowing seed goes with them.
        take_sowing_seed: bool,
        /// Whether the capture goes on from the next empty houses.
        chain: bool,
        /// Whether the house behind the one opposite goes with it
        /// (`and_behind`, four rows).
        behind: bool,
        /// Whether the empty house must be in the sower's front row
        /// (`from_front_row`, three and four rows).
        front_only: bool,
        /// Which house of the opponent's in the column is taken: the one
        /// opposite, or the one behind it (four rows).
        reach: Reach,
        /// Whether every house of the opponent's in the column is taken,
        /// when any holds seeds (`whole_column`, three and four rows).
        column: bool,
        /// With `column`: when the capture is made.
        column_taken: ColumnTaken,
        /// Whether the last seed's house may hold any number of seeds, not
        /// only the seed just sown (`whatever_last_holds`).
        last_any: bool,
        /// Whether the last seed's house must have held seeds before
        /// (`into_occupied`).
        last_occupied: bool,
        /// Whether the house behind the one opposite must hold seeds too
        /// (`both_held`, with `behind`).
        both_held: bool,
    },
    /// The house after the last seed's is empty and the one after it, in
    /// `zone`, holds seeds: they are taken; with `chain`, again from the
    /// house taken. Without relay sowing the last seed's house must have
    /// held seeds before (it holds 2 or more).
    AcrossGap {
        /// Where the captured house must be.
        zone: ZoneMask,
        /// Whether the capture goes on.
        chain: bool,
        /// Whether the last seed's house must hold 2 or more.
        occupied: bool,
        /// Whether the house opposite the one captured goes too.
        take_opposite: bool,
    },
    /// The last seed falls in an empty house of `zone` and the mover's store
    /// holds seeds: they all go to the opponent's store.
    GiveStore {
        /// Where the empty house must be.
        zone: ZoneMask,
    },
    /// The last seed falls in an empty house of `zone` and the house
    /// opposite holds seeds: they move into the last seed's house (no
    /// store takes them).
    PullAcross {
        /// Where the empty house must be.
        zone: ZoneMask,
    },
    /// The last seed falls in the opponent's row or in the sower's last
    /// house: every house of the opponent's row holding one of `counts` is
    /// captured.
    Sweep {
        /// The capturing counts.
        counts: CountSet,
    },
    /// After the sowing, whatever house it ends in, every house of `zone`
    /// holding a single seed is captured. It never stops a relay.
    Singletons {
        /// Where the single seeds are taken.
        zone: ZoneMask,
    },
    /// The last seed falls in the opponent's store: its seeds go to the
    /// sower's store.
    OpponentStore,
    /// The house after the last seed's, along the sowing, holds one of
    /// `counts` in `zone`: its seeds are taken, and with `chain` so are the
    /// houses after it while they do.
    Next {
        /// The capturing counts.
        counts: CountSet,
        /// Where the captured houses must be.
        zone: ZoneMask,
        /// Whether the houses after it are taken too.
        chain: bool,
    },
    /// The last seed falls in an empty house of `zone`, and the house after
    /// it, along the sowing, holds seeds: they are taken, and with
    /// `take_sowing_seed` the sowing seed too (`next` with `from_empty`).
    NextFromEmpty {
        /// Where the empty house must be.
        zone: ZoneMask,
        /// Whether the sowing seed goes with them.
        take_sowing_seed: bool,
    },
    /// The last seed's house then holds as many seeds as the house
    /// opposite: both are taken (`match_opposite`), and with `both_ways`
    /// above 1, the next pairs that match along the sowing, up to
    /// `both_ways` pairs, then those the other way, up to one fewer.
    MatchOpposite {
        /// The most pairs taken along the sowing (1: the last seed's only).
        both_ways: u8,
    },
    /// The last seed falls in an empty house of `zone`: the sowing seed is
    /// taken, whatever the house opposite holds (`cross` with
    /// `even_when_opposite_empty`, tried after the cross capture).
    SowingSeed {
        /// Where the empty house must be.
        zone: ZoneMask,
    },
    /// The cross capture when the house opposite must hold one of
    /// `counts` (`cross` with `opposite_holds`).
    CrossCounts {
        /// Where the empty house must be.
        zone: ZoneMask,
        /// Whether the sowing seed goes with them.
        take_sowing_seed: bool,
        /// The counts the house opposite must hold.
        counts: CountSet,
    },
    /// The last seed falls in an empty house of `zone` (in any house of it
    /// with `last_any`) and the house opposite, in `opposite`, holds one of
    /// `counts`: it is taken, then along the sowing (back against it with
    /// `back`) the house opposite each next house, whatever that house
    /// holds, while it lies in `opposite` and holds one of `counts` (`cross`
    /// with `chain_from_any`).
    CrossThenAny {
        /// Where the empty house must be.
        zone: ZoneMask,
        /// Whether the last seed's house may hold any number of seeds
        /// (`whatever_last_holds`).
        last_any: bool,
        /// Whether the chain runs back against the sowing
        /// (`chain_against_sowing`).
        back: bool,
        /// Where the houses taken must be.
        opposite: ZoneMask,
        /// The counts the houses taken must hold.
        counts: CountSet,
    },
}

/// Captures made while sowing: any seed but the last that makes a count in
/// `counts` in a house of `zone` takes that house at once (Wouri, R9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WhileSowing {
    /// The capturing counts.
    pub counts: CountSet,
    /// Where.
    pub zone: ZoneMask,
    /// Who takes the house.
    pub by: Taker,
    /// Whether the last seed of each handful captures this way too.
    pub last: bool,
}

/// Every capture rule of a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Captures {
    /// The rules tried at the last seed, in order.
    pub rules: Vec<CaptureRule>,
    /// Captures while sowing, if any.
    pub while_sowing: Option<WhileSowing>,
    /// Whether a move that lifts a single seed may capture.
    pub single_seed_captures: bool,
    /// The first moves of a game, both players' counted together, that
    /// capture nothing (nor make a child).
    pub quiet_moves: u8,
    /// The capture made before sowing.
    pub before_sowing: BeforeSowing,
    /// Whether a rule captures where the last seed falls in a store.
    pub store_capture: bool,
    /// Whether any rule but the singletons' is tried at the last seed: only
    /// then can a capture stop a relay (`Captures::last_seed_captures`,
    /// asked at the end of every lap).
    pub stops_relays: bool,
    /// Whether and how every lap of a relay sowing captures.
    pub lap_captures: Option<LapCaptures>,
    /// Where what a lap captures is sown on from (`LapCaptures::SowOn`).
    pub sown_from: SownFrom,
    /// Whether, sown on from the last house, the relay stops once the
    /// opponent has no seeds (not with `lap_captures_past_empty_opponent`).
    pub sow_on_stops_at_empty_opponent: bool,
    /// Whether the opening moves' laps take the opponent's back-row house
    /// until one reaches the mover's front row (`opening_takes_back_row`).
    pub opening_takes_back_row: bool,
    /// While the board holds this many seeds or fewer (0: never), the seeds
    /// a handful drops in the opponent's row go to the opponent's store.
    pub opponent_takes_sown: u8,
    /// When a move leaves between 1 and this many seeds on the board (0:
    /// never), the mover takes them (or the round's starter, with
    /// `last_seeds_to_starter`).
    pub last_seeds_to_mover: u8,
    /// Whether the seeds of `last_seeds_to_mover` go to the player who
    /// started the round instead of the mover.
    pub last_seeds_to_starter: bool,
    /// After a capture at the last seed, the counts whose houses of the
    /// opponent's row are captured too (empty: none).
    pub sweep_after_capture: CountSet,
    /// After a capture at the last seed, how many houses of the opponent's
    /// the capturer takes by choice (0: none), a choice each move carries
    /// (`chosen_after`).
    pub chosen_after: u8,
    /// The houses a capture must have taken for `chosen_after` to follow
    /// (`chosen_after_houses_taken`; 1: any capture).
    pub chosen_after_houses_taken: u8,
    /// Whether the houses taken by choice are never marked ones
    /// (`chosen_spares_marked`).
    pub chosen_spares_marked: bool,
    /// Whether the houses a capturer could not take by choice are left to
    /// the opponent (`chosen_left_to_opponent`).
    pub chosen_left_to_opponent: bool,
    /// Where the seeds counted for `last_seeds_to_mover` lie.
    pub last_seeds_counted_in: ZoneMask,
    /// Which way a capture looks after a move whose direction was chosen.
    pub looks_along: LooksAlong,
    /// Whether the zones read who owns a house now rather than its row
    /// (`zones_by = "owner"`).
    pub zones_by_owner: bool,
    /// Whether the seeds captured are given to the opponent by a drop
    /// (`given_to_opponent`): a player whose store holds seeds drops them.
    pub given_away: bool,
    /// Whether a cross capture needs the move to have sown into the
    /// opponent's row, and a move ending alone in the mover's own row
    /// without doing so moves again (`cross.needs_opponent_sown`).
    pub cross_needs_opponent_sown: bool,
    /// Whether a count capture's chain goes on along the sowing
    /// (`chain_along_sowing`).
    pub chain_along_sowing: bool,
    /// Whether count captures take only houses played from before, so the
    /// position keeps the houses played (`from_played_only`).
    pub from_played_only: bool,
    /// Whether the game's starter waits for a first capture or child before
    /// capturing or making one (`starter_waits`).
    pub starter_waits: bool,
    /// Whether the seeds a capture at the last seed takes are sown on from
    /// the house after the last seed's instead of kept
    /// (`captured_sown_on`).
    pub captured_sown_on: bool,
    /// Where they are sown on from (`captured_sown_from`).
    pub captured_sown_from: CapturedSownFrom,
    /// The houses a handful passes over unless lifted from one of them
    /// (`[sowing] passed_over`), which the seeds sown on pass over too.
    pub passed_over: u64,
    /// Whether each turn starts with the mover's front-row houses taking
    /// from the houses they face (`facing_take_at_turn_start`, four rows).
    pub facing_take_at_turn_start: bool,
    /// Whether those takes stop once a back row is empty, where that ends
    /// the game (`[end] back_row_empty_loses`, set with the endings).
    pub facing_take_stops_at_empty_back_row: bool,
}

impl Captures {
    /// Whether a capture takes seeds out of a store (the opponent's store
    /// captured, or the mover's given away): then the stores are part of
    /// the board.
    pub fn reads_stores(&self) -> bool {
        self.rules.iter().any(|r| {
            matches!(
                r,
                CaptureRule::OpponentStore | CaptureRule::GiveStore { .. }
            )
        })
    }
}

/// A capture found at the last seed, not yet taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Plan {
    rule: CaptureRule,
    /// Houses emptied: for a count rule, walking back from the last seed.
    holes: usize,
    /// Seeds taken in all.
    pub take: u8,
    /// The part of them from the opponent's row.
    pub from_opponent: u32,
    /// Whether the sowing went against the board's direction, so a chain
    /// runs back the other way.
    reverse: bool,
}

/// The seeds a plan takes, and the part of them from the opponent's houses.
#[derive(Debug, Clone, Copy, Default)]
struct Haul {
    take: u8,
    from_opponent: u32,
}

impl Haul {
    /// Counts `seeds` taken from `house`.
    #[inline(always)]
    fn add(&mut self, board: &Board, me: Side, house: usize, seeds: u8) {
        self.take += seeds;
        if board.owner(house) != me {
            self.from_opponent += seeds as u32;
        }
    }
}

/// Compiles `[capture]`; the grand-slam policy is compiled with it, since
/// it is written there.
pub(crate) fn compile(
    section: &Section,
    total: u32,
    sowing: &super::sowing::Sowing,
    stores: crate::board::StoreSowing,
    layout: crate::position::Layout,
) -> Result<(Captures, GrandSlam), CompileError> {
    let cx = Compiling::new(section, total, sowing, stores, layout)?;
    cx.check_counts()?;
    let mut rules = Vec::new();
    let (chain_along_sowing, from_played_only) = cx.count_capture(&mut rules)?;
    let starter_waits = flag_unless(
        &section.starter_waits,
        section.quiet_moves.is_some(),
        "starter_waits and quiet_moves both hold the first captures back: keep one",
    )?;
    let facing_take_at_turn_start = flag_unless(
        &section.facing_take_at_turn_start,
        layout.rows() != 4,
        "facing_take_at_turn_start takes from the opponent's front row and the house behind it into the mover's back row: it needs [board] rows = 4",
    )?;
    let cross_needs_opponent_sown = section
        .cross
        .as_ref()
        .and_then(|c| c.needs_opponent_sown.as_ref())
        .is_some_and(|flag| *flag.get_ref());
    if let Some(cross) = &section.cross {
        cx.cross(cross, &mut rules)?;
    }
    if let Some(gap) = &section.across_gap {
        cx.across_gap(gap, &mut rules)?;
    }
    cx.match_opposite(&mut rules)?;
    cx.one_key_rules(&mut rules)?;
    if let Some(next) = section.next.as_ref() {
        cx.next_house(next, &mut rules)?;
    }
    let store_capture = rules.contains(&CaptureRule::OpponentStore);
    let stops_relays = rules
        .iter()
        .any(|rule| !matches!(rule, CaptureRule::Singletons { .. }));
    let while_sowing = cx.while_sowing()?;
    let lap_captures = cx.lap_captures(&rules)?;
    let sown_from = cx.lap_captures_sown_from(lap_captures)?;
    let past_empty_opponent = flag_unless(
        &section.lap_captures_past_empty_opponent,
        lap_captures != Some(LapCaptures::SowOn) || sown_from != SownFrom::Last,
        "lap_captures_past_empty_opponent says when a relay that sows its captures on from the last house stops: it needs lap_captures_sow_on = true, sown on from the last house",
    )?;
    let opening_takes_back_row = flag_unless(
        &section.opening_takes_back_row,
        layout.rows() != 4 || lap_captures != Some(LapCaptures::SowOn),
        "opening_takes_back_row takes the opponent's back-row house and sows it on as the laps' captures are: it needs [board] rows = 4, lap_captures = true and lap_captures_sow_on = true",
    )?;
    let opponent_takes_sown = cx.opponent_takes_sown(lap_captures)?;
    let sweep_after_capture = cx.sweep_after_capture(lap_captures)?;
    let (last_seeds_to_mover, last_seeds_to_starter, last_seeds_counted_in) = cx.last_seeds()?;
    let looks_along = cx.looks_along()?;
    let given_away = cx.given_to_opponent(&rules, while_sowing, last_seeds_to_mover)?;
    let (captured_sown_on, captured_sown_from) =
        cx.captured_sown_on(&rules, lap_captures, given_away, sweep_after_capture)?;
    let (chosen_after, chosen_after_houses_taken, chosen_spares_marked, chosen_left_to_opponent) =
        cx.chosen_after(&rules, lap_captures, given_away, captured_sown_on)?;
    Ok((
        Captures {
            rules,
            while_sowing,
            single_seed_captures: section.single_seed_captures,
            quiet_moves: match &section.quiet_moves {
                Some(moves) => super::in_range(moves, 1, 100, "quiet_moves")? as u8,
                None => 0,
            },
            before_sowing: section.before_sowing,
            store_capture,
            stops_relays,
            lap_captures,
            sown_from,
            sow_on_stops_at_empty_opponent: !past_empty_opponent,
            opening_takes_back_row,
            opponent_takes_sown,
            last_seeds_to_mover,
            last_seeds_to_starter,
            sweep_after_capture,
            chosen_after,
            chosen_after_houses_taken,
            chosen_spares_marked,
            chosen_left_to_opponent,
            last_seeds_counted_in,
            looks_along,
            zones_by_owner: cx.by_owner,
            given_away,
            cross_needs_opponent_sown,
            chain_along_sowing,
            from_played_only,
            starter_waits,
            captured_sown_on,
            captured_sown_from,
            passed_over: sowing.passed_over,
            facing_take_at_turn_start,
            facing_take_stops_at_empty_back_row: false,
        },
        section.grand_slam,
    ))
}

/// `[capture]` as it is compiled: the section, what its checks read of the
/// board and the sowing, and the capturing counts, which many rules read.
struct Compiling<'a> {
    /// The section.
    section: &'a Section,
    /// The seeds in play.
    total: u32,
    /// The sowing, compiled.
    sowing: &'a super::sowing::Sowing,
    /// The board's rows and columns.
    layout: crate::position::Layout,
    /// Whether the sowing passes through a store.
    into_stores: bool,
    /// Whether it passes through both stores.
    both_stores: bool,
    /// Whether the zones read who owns a house now (`zones_by = "owner"`).
    by_owner: bool,
    /// Where `counts` is written (0..0 when it is not).
    counts_span: std::ops::Range<usize>,
    /// The capturing counts (`counts`).
    counts: CountSet,
}

impl<'a> Compiling<'a> {
    /// Reads the board's store sowing, `counts` (checked at once) and
    /// `zones_by`.
    fn new(
        section: &'a Section,
        total: u32,
        sowing: &'a super::sowing::Sowing,
        stores: crate::board::StoreSowing,
        layout: crate::position::Layout,
    ) -> Result<Self, CompileError> {
        let into_stores = stores != crate::board::StoreSowing::None;
        let both_stores = stores == crate::board::StoreSowing::Both;
        let counts_span = section.counts.as_ref().map_or(0..0, |c| c.span());
        let counts = match &section.counts {
            Some(counts) => count_set(
                counts,
                total,
                "counts",
                "an empty hole cannot be captured, and a hole that has just received a seed is never empty",
            )?,
            None => CountSet::default(),
        };
        let by_owner = section
            .zones_by
            .as_ref()
            .is_some_and(|z| *z.get_ref() == ZonesBy::Owner);
        Ok(Compiling {
            section,
            total,
            sowing,
            layout,
            into_stores,
            both_stores,
            by_owner,
            counts_span,
            counts,
        })
    }

    /// A zone of the section, read by row or by who owns a house now
    /// (`zones_by`).
    fn zone_of(&self, zone: Zone) -> ZoneMask {
        ZoneMask::from_zone(zone).read_by_owner(self.by_owner)
    }

    /// Where the last seed captures by count (`last_seed`).
    fn last_seed(&self) -> ZoneMask {
        self.zone_of(self.section.last_seed)
    }

    /// Where the other seeds capture by count as they are sown
    /// (`while_sowing`).
    fn while_sowing_zone(&self) -> ZoneMask {
        self.zone_of(self.section.while_sowing)
    }

    /// Whether `sweep = true`.
    fn sweep(&self) -> bool {
        self.section.sweep.as_ref().is_some_and(|s| *s.get_ref())
    }

    /// Whether the capture of the next house is judged at the last seed's
    /// empty house (`[capture.next] from_empty = true`).
    fn next_from_empty(&self) -> bool {
        self.section
            .next
            .as_ref()
            .and_then(|n| n.from_empty.as_ref())
            .is_some_and(|f| *f.get_ref())
    }

    /// Checks `counts` against the rules that read it (`sweep`,
    /// `last_seed`, `while_sowing`, `[capture.next]`): none without it, and
    /// not it without one.
    fn check_counts(&self) -> Result<(), CompileError> {
        let section = self.section;
        let (counts, counts_span) = (self.counts, self.counts_span.clone());
        let (last_seed, while_sowing) = (self.last_seed(), self.while_sowing_zone());
        let sweep = self.sweep();
        if let Some(flag) = &section.sweep
            && sweep
            && (counts.is_empty() || last_seed.any() || while_sowing.any())
        {
            return err(
                flag.span(),
                "sweep = true takes the houses holding `counts` and is the only count capture: give counts, and leave last_seed and while_sowing out",
            );
        }
        if counts.is_empty() && (last_seed.any() || while_sowing.any()) {
            return err(
                counts_span,
                "counts is empty or missing, so last_seed and while_sowing can never capture",
            );
        }
        let next = section.next.as_ref();
        let next_from_empty = self.next_from_empty();
        if let Some(next) = next
            && counts.is_empty()
            && !next_from_empty
        {
            return err(
                next.zone.span(),
                "the capture of the next house takes it when it holds one of `counts`: give counts",
            );
        }
        if !counts.is_empty()
            && !last_seed.any()
            && !while_sowing.any()
            && !sweep
            && (next.is_none() || next_from_empty)
        {
            return Err((
                counts_span,
                "counts are given but last_seed and while_sowing are both \"none\", so nothing is ever captured".into(),
                Some("set last_seed = \"opponent\" to capture with the last seed".into()),
            ));
        }
        Ok(())
    }

    /// The count capture at the last seed (`counts` with `last_seed`, and
    /// `chain`, `chain_max`, `chain_zone`, `count_takes_opposite`,
    /// `chain_along_sowing`, `from_played_only`), pushed onto `rules`;
    /// returns whether its chain goes along the sowing and whether it takes
    /// only houses played from before.
    fn count_capture(&self, rules: &mut Vec<CaptureRule>) -> Result<(bool, bool), CompileError> {
        let section = self.section;
        let (counts, counts_span) = (self.counts, self.counts_span.clone());
        let last_seed = self.last_seed();
        if section.chain && !last_seed.any() {
            return err(
                counts_span,
                "chain = true needs last_seed captures to start a chain",
            );
        }
        let chain_max = match &section.chain_max {
            Some(max) if !section.chain => {
                return err(max.span(), "chain_max only applies with chain = true");
            }
            Some(max) => super::in_range(max, 2, MAX_HOUSES as i64, "chain_max")? as u8,
            None => MAX_HOUSES as u8,
        };
        let chain_zone = match &section.chain_zone {
            Some(zone) if !section.chain => {
                return err(zone.span(), "chain_zone only applies with chain = true");
            }
            Some(zone) if *zone.get_ref() == Zone::None => {
                return err(
                    zone.span(),
                    "chain_zone = \"none\" would stop every chain at its first house: write chain = false",
                );
            }
            Some(zone) => self.zone_of(*zone.get_ref()),
            None => last_seed,
        };
        let with_opposite = flag_unless(
            &section.count_takes_opposite,
            !last_seed.any(),
            "count_takes_opposite adds to the count capture at the last seed: give counts and last_seed",
        )? && flag_unless(
            &section.count_takes_opposite,
            section.lap_captures.is_some(),
            "count_takes_opposite adds to the capture that ends a move: not with lap_captures",
        )?;
        let chain_along_sowing = flag_unless(
            &section.chain_along_sowing,
            !section.chain,
            "chain_along_sowing only applies with chain = true",
        )?;
        let from_played_only = flag_unless(
            &section.from_played_only,
            !last_seed.any() || section.cross.is_some(),
            "from_played_only limits the count capture at the last seed: give counts and last_seed, and no cross capture",
        )?;
        if last_seed.any() {
            rules.push(CaptureRule::Count {
                counts,
                zone: last_seed,
                chain: section.chain,
                chain_max,
                chain_zone,
                with_opposite,
                played_only: from_played_only,
            });
        }
        Ok((chain_along_sowing, from_played_only))
    }

    /// The cross capture (`[capture.cross]`): its rules, pushed onto
    /// `rules` in the order they are tried.
    fn cross(
        &self,
        cross: &CrossSection,
        rules: &mut Vec<CaptureRule>,
    ) -> Result<(), CompileError> {
        self.check_cross_rows(cross)?;
        check_cross_exclusive(cross)?;
        let zone = self.zone_of(*cross.zone.get_ref());
        if !zone.any() {
            return err(
                cross.zone.span(),
                "a cross capture needs a zone where the last seed may fall: \"own\", \"opponent\" or \"either\"",
            );
        }
        let from_any = cross.chain_from_any.as_ref().is_some_and(|f| *f.get_ref());
        check_cross_chain_from_any(cross, from_any)?;
        self.cross_rule(cross, zone, from_any, rules)?;
        if let Some(flag) = &cross.even_when_opposite_empty
            && *flag.get_ref()
        {
            if !cross.take_sowing_seed || cross.chain || cross.opposite_holds.is_some() {
                return err(
                    flag.span(),
                    "even_when_opposite_empty takes the sowing seed of a plain cross capture whatever is opposite: it needs take_sowing_seed = true, and neither chain nor opposite_holds",
                );
            }
            rules.push(CaptureRule::SowingSeed { zone });
        }
        Ok(())
    }

    /// Checks the keys of `[capture.cross]` that read a player's front and
    /// back rows against the board's rows (`behind_when_opposite_empty`
    /// with the keys it excludes, too).
    fn check_cross_rows(&self, cross: &CrossSection) -> Result<(), CompileError> {
        let layout = self.layout;
        for (flag, key) in [
            (&cross.from_front_row, "from_front_row"),
            (&cross.and_behind, "and_behind"),
            (&cross.whole_column, "whole_column"),
        ] {
            if let Some(flag) = flag
                && *flag.get_ref()
                && layout.single_row()
            {
                return err(
                    flag.span(),
                    format!(
                        "{key} reads a player's front and back rows: it needs [board] rows = 3 or 4"
                    ),
                );
            }
        }
        if let Some(flag) = &cross.behind_when_opposite_empty
            && *flag.get_ref()
        {
            if layout.rows() != 4 {
                return err(
                    flag.span(),
                    "behind_when_opposite_empty reads the house behind the one opposite: it needs [board] rows = 4",
                );
            }
            if cross.chain
                || cross.take_sowing_seed
                || cross.opposite_holds.is_some()
                || cross.and_behind.as_ref().is_some_and(|f| *f.get_ref())
                || cross.chain_from_any.as_ref().is_some_and(|f| *f.get_ref())
                || cross
                    .even_when_opposite_empty
                    .as_ref()
                    .is_some_and(|f| *f.get_ref())
            {
                return err(
                    flag.span(),
                    "behind_when_opposite_empty takes one house behind an empty one: not with chain, chain_from_any, opposite_holds, take_sowing_seed, even_when_opposite_empty or and_behind",
                );
            }
        }
        if cross.chain && layout.rows() == 3 {
            // Along the shared middle row two houses of a chain may face
            // the same house, which would be counted twice.
            return err(
                cross.zone.span(),
                "a chained cross capture (chain = true) on three rows is not supported: which house a chain takes across the shared middle row is not settled",
            );
        }
        Ok(())
    }

    /// The seeds the house opposite, else the one behind it, must hold to
    /// be taken (`opposite_or_behind_holding`); 0 where the key is absent.
    fn opposite_or_behind(&self, cross: &CrossSection) -> Result<u8, CompileError> {
        let Some(least) = &cross.opposite_or_behind_holding else {
            return Ok(0);
        };
        let on = |flag: &Option<Spanned<bool>>| flag.as_ref().is_some_and(|f| *f.get_ref());
        if self.layout.rows() != 4 {
            return err(
                least.span(),
                "opposite_or_behind_holding reads the house behind the one opposite: it needs [board] rows = 4",
            );
        }
        if cross.chain
            || cross.take_sowing_seed
            || cross.opposite_holds.is_some()
            || on(&cross.and_behind)
            || on(&cross.chain_from_any)
            || on(&cross.even_when_opposite_empty)
            || on(&cross.behind_when_opposite_empty)
            || on(&cross.whole_column)
        {
            return err(
                least.span(),
                "opposite_or_behind_holding takes one house of the column: not with chain, chain_from_any, opposite_holds, take_sowing_seed, even_when_opposite_empty, and_behind, behind_when_opposite_empty or whole_column",
            );
        }
        Ok(super::in_range(
            least,
            1,
            self.total.min(255) as i64,
            "opposite_or_behind_holding",
        )? as u8)
    }

    /// The rule of the cross capture proper, pushed onto `rules`: a chain
    /// from any house (`chain_from_any`), the plain one, or one whose house
    /// opposite must hold one of `opposite_holds`.
    fn cross_rule(
        &self,
        cross: &CrossSection,
        zone: ZoneMask,
        from_any: bool,
        rules: &mut Vec<CaptureRule>,
    ) -> Result<(), CompileError> {
        let total = self.total;
        let flag_on = |flag: &Option<Spanned<bool>>| flag.as_ref().is_some_and(|f| *f.get_ref());
        match &cross.opposite_holds {
            _ if from_any => {
                let opposite = cross
                    .opposite_in
                    .as_ref()
                    .map_or(ZoneMask::from_zone(Zone::Either), |z| {
                        self.zone_of(*z.get_ref())
                    });
                let counts = match &cross.opposite_holds {
                    Some(holds) => count_set(
                        holds,
                        total,
                        "opposite_holds",
                        "an empty house opposite has nothing to capture",
                    )?,
                    None => {
                        let mut any = CountSet::default();
                        for count in 1..=total.min(255) as u8 {
                            any.insert(count);
                        }
                        any
                    }
                };
                rules.push(CaptureRule::CrossThenAny {
                    zone,
                    last_any: flag_on(&cross.whatever_last_holds),
                    back: flag_on(&cross.chain_against_sowing),
                    opposite,
                    counts,
                });
            }
            None => rules.push(CaptureRule::Cross {
                zone,
                take_sowing_seed: cross.take_sowing_seed,
                chain: cross.chain,
                behind: flag_on(&cross.and_behind),
                front_only: flag_on(&cross.from_front_row),
                reach: match self.opposite_or_behind(cross)? {
                    _ if flag_on(&cross.behind_when_opposite_empty) => Reach::PastEmpty,
                    0 => Reach::Opposite,
                    least => Reach::OrBehind(least),
                },
                column: flag_on(&cross.whole_column),
                column_taken: if flag_on(&cross.even_when_column_empty) {
                    ColumnTaken::Always
                } else if flag_on(&cross.from_empty_spares_singles) {
                    ColumnTaken::SparingSingles
                } else {
                    ColumnTaken::WhenHeld
                },
                last_any: flag_on(&cross.whatever_last_holds),
                last_occupied: flag_on(&cross.into_occupied),
                both_held: flag_on(&cross.both_held),
            }),
            Some(holds) if cross.chain => {
                return err(
                    holds.span(),
                    "a chained cross capture takes any house opposite that holds seeds: opposite_holds does not apply to it",
                );
            }
            Some(holds) => rules.push(CaptureRule::CrossCounts {
                zone,
                take_sowing_seed: cross.take_sowing_seed,
                counts: count_set(
                    holds,
                    total,
                    "opposite_holds",
                    "an empty house opposite has nothing to capture",
                )?,
            }),
        }
        Ok(())
    }

    /// The capture across the gap (`[capture.across_gap]`), pushed onto
    /// `rules`.
    fn across_gap(
        &self,
        gap: &AcrossGapSection,
        rules: &mut Vec<CaptureRule>,
    ) -> Result<(), CompileError> {
        let (sowing, into_stores) = (self.sowing, self.into_stores);
        let zone = self.zone_of(*gap.zone.get_ref());
        if !zone.any() {
            return err(
                gap.zone.span(),
                "a capture across the gap needs a zone where the captured house may lie: \"own\", \"opponent\" or \"either\"",
            );
        }
        if into_stores {
            return err(
                gap.zone.span(),
                "a capture across the gap counts houses along the rows: not with sowing into stores",
            );
        }
        // It looks along the move's way; only the board's direction and the
        // ways the first move fixes are known from games (Olinda).
        if !matches!(
            sowing.turning,
            super::sowing::Turning::Fixed | super::sowing::Turning::FirstMove
        ) {
            return err(
                gap.zone.span(),
                "a capture across the gap is made along the board's direction or the ways the first move fixed: not with direction_by = \"half_row\" or \"parity\", which no game combines with it",
            );
        }
        let relays = sowing.relays();
        let chain = gap.chain.as_ref().is_some_and(|c| *c.get_ref());
        if let Some(flag) = &gap.chain
            && chain
            && !relays
        {
            return err(
                flag.span(),
                "chain = true across the gap needs relay sowing: without it the last house must hold 2 or more, and a captured house holds none",
            );
        }
        let take_opposite = gap.take_opposite.as_ref().is_some_and(|t| *t.get_ref());
        if let Some(flag) = &gap.take_opposite
            && take_opposite
            && chain
        {
            return err(
                flag.span(),
                "take_opposite = true takes the house opposite the one house captured across the gap: not with chain = true",
            );
        }
        rules.push(CaptureRule::AcrossGap {
            zone,
            chain,
            occupied: !relays,
            take_opposite,
        });
        Ok(())
    }

    /// The capture of a house matching the one opposite (`match_opposite`,
    /// `match_opposite_both_ways`), pushed onto `rules`.
    fn match_opposite(&self, rules: &mut Vec<CaptureRule>) -> Result<(), CompileError> {
        let (section, into_stores) = (self.section, self.into_stores);
        let match_opposite = section
            .match_opposite
            .as_ref()
            .is_some_and(|m| *m.get_ref());
        let both_ways = match &section.match_opposite_both_ways {
            Some(pairs) if !match_opposite => {
                return err(
                    pairs.span(),
                    "match_opposite_both_ways chains the captures of match_opposite: set match_opposite = true",
                );
            }
            Some(pairs) if into_stores => {
                return err(
                    pairs.span(),
                    "match_opposite_both_ways walks the houses round the board: with into_stores, whether the chain goes past a store is not settled",
                );
            }
            Some(pairs) => super::in_range(pairs, 2, 64, "match_opposite_both_ways")? as u8,
            None => 1,
        };
        if match_opposite {
            rules.push(CaptureRule::MatchOpposite { both_ways });
        }
        Ok(())
    }

    /// The rules a single key makes (`empty_gives_store`, `pull_across`,
    /// `sweep`, `singletons`, `opponent_store`), pushed onto `rules` in
    /// that order.
    fn one_key_rules(&self, rules: &mut Vec<CaptureRule>) -> Result<(), CompileError> {
        let (section, counts, sweep) = (self.section, self.counts, self.sweep());
        let both_stores = self.both_stores;
        if let Some(zone) = &section.empty_gives_store {
            let mask = self.zone_of(*zone.get_ref());
            if !mask.any() {
                return err(
                    zone.span(),
                    "empty_gives_store = \"none\" never applies: leave it out",
                );
            }
            rules.push(CaptureRule::GiveStore { zone: mask });
        }
        if let Some(zone) = &section.pull_across {
            let mask = self.zone_of(*zone.get_ref());
            if !mask.any() {
                return err(
                    zone.span(),
                    "pull_across = \"none\" never applies: leave it out",
                );
            }
            rules.push(CaptureRule::PullAcross { zone: mask });
        }
        if sweep {
            rules.push(CaptureRule::Sweep { counts });
        }
        if let Some(zone) = &section.singletons {
            let mask = self.zone_of(*zone.get_ref());
            if !mask.any() {
                return err(
                    zone.span(),
                    "singletons = \"none\" never applies: leave it out",
                );
            }
            if section.lap_captures.as_ref().is_some_and(|l| *l.get_ref()) {
                return err(
                    zone.span(),
                    "singletons are taken once the sowing ends: not with lap_captures",
                );
            }
            rules.push(CaptureRule::Singletons { zone: mask });
        }
        if let Some(flag) = &section.opponent_store
            && *flag.get_ref()
        {
            if !both_stores {
                return err(
                    flag.span(),
                    "opponent_store = true needs a sowing that passes the opponent's store: [sowing] into_stores = \"both\"",
                );
            }
            rules.push(CaptureRule::OpponentStore);
        }
        Ok(())
    }

    /// The capture of the next house (`[capture.next]`), pushed onto
    /// `rules`.
    fn next_house(
        &self,
        next: &NextSection,
        rules: &mut Vec<CaptureRule>,
    ) -> Result<(), CompileError> {
        let (counts, sowing, into_stores) = (self.counts, self.sowing, self.into_stores);
        let next_from_empty = self.next_from_empty();
        let zone = self.zone_of(*next.zone.get_ref());
        if !zone.any() {
            return err(
                next.zone.span(),
                "a capture of the next house needs a zone where it may lie: \"own\", \"opponent\" or \"either\"",
            );
        }
        if into_stores {
            return err(
                next.zone.span(),
                "the capture of the next house looks along the rows: not with sowing into stores",
            );
        }
        if sowing.turning != super::sowing::Turning::Fixed {
            return err(
                next.zone.span(),
                "the capture of the next house looks along the board's direction: not with direction_by",
            );
        }
        if let Some(flag) = &next.take_sowing_seed
            && *flag.get_ref()
            && !next_from_empty
        {
            return err(
                flag.span(),
                "take_sowing_seed of the next house's capture only applies with from_empty = true: the last seed's house is judged there",
            );
        }
        if next_from_empty {
            if next.chain {
                return err(
                    next.zone.span(),
                    "a capture of the next house from an empty house takes one house: not with chain = true",
                );
            }
            rules.push(CaptureRule::NextFromEmpty {
                zone,
                take_sowing_seed: next.take_sowing_seed.as_ref().is_some_and(|t| *t.get_ref()),
            });
        } else {
            if sowing.relays() {
                return err(
                    next.zone.span(),
                    "the capture of the next house is not supported with relay sowing (MancalaGames judges the last hole there): write from_empty = true",
                );
            }
            rules.push(CaptureRule::Next {
                counts,
                zone,
                chain: next.chain,
            });
        }
        Ok(())
    }

    /// The captures while sowing (`while_sowing`, `while_sowing_by`,
    /// `while_sowing_last`).
    fn while_sowing(&self) -> Result<Option<WhileSowing>, CompileError> {
        let (section, counts) = (self.section, self.counts);
        let (last_seed, while_sowing) = (self.last_seed(), self.while_sowing_zone());
        let by = match &section.while_sowing_by {
            Some(by) if !while_sowing.any() => {
                return err(
                    by.span(),
                    "while_sowing_by only applies with while_sowing captures",
                );
            }
            Some(by) => *by.get_ref(),
            None => Taker::Sower,
        };
        let last = flag_unless(
            &section.while_sowing_last,
            !while_sowing.any(),
            "while_sowing_last only applies with while_sowing captures",
        )? && flag_unless(
            &section.while_sowing_last,
            last_seed.any(),
            "while_sowing_last = true takes the last hole while sowing, so last_seed captures never see it: leave last_seed out",
        )?;
        Ok(while_sowing.any().then_some(WhileSowing {
            counts,
            zone: while_sowing,
            by,
            last,
        }))
    }

    /// Whether and how every lap of a relay sowing captures
    /// (`lap_captures`, `lap_captures_sow_on`).
    fn lap_captures(&self, rules: &[CaptureRule]) -> Result<Option<LapCaptures>, CompileError> {
        let (section, sowing, into_stores) = (self.section, self.sowing, self.into_stores);
        Ok(match &section.lap_captures {
            Some(flag) if *flag.get_ref() => {
                let span = flag.span();
                match sowing.continuation {
                    super::sowing::Continuation::Relay {
                        from: super::sowing::RelayFrom::Last,
                        ..
                    } => {}
                    super::sowing::Continuation::Relay { .. } => {
                        return err(
                            span,
                            "lap_captures sows on from the last house of each lap: not with relay_from = \"next\"",
                        );
                    }
                    super::sowing::Continuation::Stop => {
                        return Err((
                            span,
                            "lap_captures = true needs relay sowing: without it a sowing has one lap"
                                .into(),
                            Some("set relay = true in [sowing]".into()),
                        ));
                    }
                }
                if into_stores {
                    return err(
                        span,
                        "lap_captures sows on along the houses: not with sowing into stores",
                    );
                }
                if section.grand_slam != GrandSlam::Capture {
                    return err(
                        span,
                        "lap_captures takes seeds lap by lap, before a grand slam could be judged: leave grand_slam out (\"capture\")",
                    );
                }
                self.lap_captures_by_rule(rules, span)?
            }
            _ => None,
        })
    }

    /// How the laps capture, by the one capture rule at the last seed
    /// (`span`: `lap_captures`'s).
    fn lap_captures_by_rule(
        &self,
        rules: &[CaptureRule],
        span: std::ops::Range<usize>,
    ) -> Result<Option<LapCaptures>, CompileError> {
        let section = self.section;
        let sow_on = section
            .lap_captures_sow_on
            .as_ref()
            .is_some_and(|f| *f.get_ref());
        Ok(match rules {
            [CaptureRule::Count { .. } | CaptureRule::Cross { .. }] if sow_on => {
                Some(LapCaptures::SowOn)
            }
            _ if sow_on => {
                return err(
                    section
                        .lap_captures_sow_on
                        .as_ref()
                        .expect("just tested")
                        .span(),
                    "lap_captures_sow_on needs exactly one capture at the last seed: counts with last_seed, or cross",
                );
            }
            [CaptureRule::Count { .. }] => Some(LapCaptures::Count),
            [
                CaptureRule::Cross {
                    last_occupied: true,
                    ..
                },
            ] => Some(LapCaptures::Occupied),
            [
                CaptureRule::AcrossGap {
                    take_opposite: false,
                    ..
                },
            ] => Some(LapCaptures::AcrossGap),
            [
                CaptureRule::Cross {
                    take_sowing_seed: false,
                    chain: false,
                    ..
                },
            ] => Some(LapCaptures::Cross),
            _ => {
                return err(
                    span,
                    "lap_captures needs exactly one capture at the last seed: counts with last_seed, across_gap (without take_opposite), or cross (without take_sowing_seed or chain)",
                );
            }
        })
    }

    /// Where the seeds a lap captures are sown on from
    /// (`lap_captures_sown_from`), with the check that
    /// `lap_captures_sow_on` has lap captures to act on.
    fn lap_captures_sown_from(
        &self,
        lap_captures: Option<LapCaptures>,
    ) -> Result<SownFrom, CompileError> {
        let (section, layout) = (self.section, self.layout);
        let sown_from = match &section.lap_captures_sown_from {
            None => SownFrom::Last,
            Some(from) if lap_captures != Some(LapCaptures::SowOn) => {
                return err(
                    from.span(),
                    "lap_captures_sown_from says where the seeds a lap captures are sown on from: it needs lap_captures_sow_on = true",
                );
            }
            Some(from) => {
                let front_only = section
                    .cross
                    .as_ref()
                    .and_then(|c| c.from_front_row.as_ref())
                    .is_some_and(|f| *f.get_ref());
                if *from.get_ref() == SownFrom::BehindLast && (layout.rows() != 4 || !front_only) {
                    return err(
                        from.span(),
                        "lap_captures_sown_from = \"behind_last\" sows from the back-row house behind the front-row house a lap ended in: it needs [board] rows = 4 and a cross capture with from_front_row = true",
                    );
                }
                *from.get_ref()
            }
        };
        if let Some(flag) = &section.lap_captures_sow_on
            && *flag.get_ref()
            && lap_captures.is_none()
        {
            return err(
                flag.span(),
                "lap_captures_sow_on says what the lap captures do: it needs lap_captures = true",
            );
        }
        Ok(sown_from)
    }

    /// The seeds sown in the opponent's row that go to the opponent's store
    /// at the end (`opponent_takes_sown`, with lap captures by count).
    fn opponent_takes_sown(&self, lap_captures: Option<LapCaptures>) -> Result<u8, CompileError> {
        let (section, total) = (self.section, self.total);
        Ok(match &section.opponent_takes_sown {
            None => 0,
            Some(rule) => {
                if lap_captures != Some(LapCaptures::Count) {
                    return err(
                        rule.span(),
                        "opponent_takes_sown works with lap_captures = true and a count capture (counts with last_seed)",
                    );
                }
                super::in_range(
                    &rule.get_ref().at_most,
                    1,
                    total as i64 - 1,
                    "opponent_takes_sown.at_most",
                )? as u8
            }
        })
    }

    /// The houses of the opponent's captured after a capture at the last
    /// seed (`sweep_after_capture`).
    fn sweep_after_capture(
        &self,
        lap_captures: Option<LapCaptures>,
    ) -> Result<CountSet, CompileError> {
        let (section, total) = (self.section, self.total);
        Ok(match &section.sweep_after_capture {
            None => CountSet::default(),
            Some(counts) => {
                if counts.get_ref().is_empty() {
                    return err(
                        counts.span(),
                        "sweep_after_capture = [] would take nothing: give the counts, or leave it out",
                    );
                }
                if lap_captures.is_some() {
                    return err(
                        counts.span(),
                        "sweep_after_capture follows the capture that ends a move: not with lap_captures",
                    );
                }
                count_set(
                    counts,
                    total,
                    "sweep_after_capture",
                    "an empty house has nothing to capture",
                )?
            }
        })
    }

    /// The last seeds at the end of a move (`last_seeds_to_mover`,
    /// `last_seeds_to_round_starter`, `last_seeds_counted_in`): how many at
    /// most, whether the round's starter takes them, and where they are
    /// counted.
    fn last_seeds(&self) -> Result<(u8, bool, ZoneMask), CompileError> {
        let (section, total) = (self.section, self.total);
        let (last_seeds_to_mover, last_seeds_to_starter) = match (
            &section.last_seeds_to_mover,
            &section.last_seeds_to_round_starter,
        ) {
            (None, None) => (0, false),
            (Some(n), None) => (
                super::in_range(n, 1, total as i64 - 1, "last_seeds_to_mover")? as u8,
                false,
            ),
            (None, Some(n)) => (
                super::in_range(n, 1, total as i64 - 1, "last_seeds_to_round_starter")? as u8,
                true,
            ),
            (Some(_), Some(n)) => {
                return err(
                    n.span(),
                    "the last seeds go to one player: last_seeds_to_mover or last_seeds_to_round_starter, not both",
                );
            }
        };
        let last_seeds_counted_in = match &section.last_seeds_counted_in {
            None => self.zone_of(Zone::Either),
            Some(zone) if last_seeds_to_mover == 0 => {
                return err(
                    zone.span(),
                    "last_seeds_counted_in says where last_seeds_to_mover (or last_seeds_to_round_starter) counts, and there is neither",
                );
            }
            Some(zone) if *zone.get_ref() == Zone::None => {
                return err(
                    zone.span(),
                    "last_seeds_counted_in = \"none\" would count nothing: leave out last_seeds_to_mover",
                );
            }
            Some(zone) => self.zone_of(*zone.get_ref()),
        };
        Ok((
            last_seeds_to_mover,
            last_seeds_to_starter,
            last_seeds_counted_in,
        ))
    }

    /// Which way a capture looks after a move whose direction was chosen
    /// (`looks_along`).
    fn looks_along(&self) -> Result<LooksAlong, CompileError> {
        let (section, sowing) = (self.section, self.sowing);
        Ok(match &section.looks_along {
            None => LooksAlong::Move,
            Some(along) if *along.get_ref() == LooksAlong::Board => {
                if sowing.chosen_in == 0 || sowing.turning != super::sowing::Turning::Fixed {
                    return err(
                        along.span(),
                        "looks_along = \"board\" only applies where the mover chooses the direction ([sowing] direction_chosen_in) and the board's direction holds for every other move (no direction_by)",
                    );
                }
                LooksAlong::Board
            }
            Some(along) => *along.get_ref(),
        })
    }

    /// Whether the seeds captured are given to the opponent by a drop
    /// (`given_to_opponent`), checked against what it cannot go with.
    fn given_to_opponent(
        &self,
        rules: &[CaptureRule],
        while_sowing: Option<WhileSowing>,
        last_seeds_to_mover: u8,
    ) -> Result<bool, CompileError> {
        let (section, into_stores) = (self.section, self.into_stores);
        Ok(match &section.given_to_opponent {
            Some(flag) if *flag.get_ref() => {
                let clash = [
                    (rules.is_empty(), "no capture at the last seed"),
                    (while_sowing.is_some(), "while_sowing"),
                    (into_stores, "[sowing] into_stores"),
                    (section.quiet_moves.is_some(), "quiet_moves"),
                    (section.before_sowing != BeforeSowing::None, "before_sowing"),
                    (last_seeds_to_mover > 0, "last_seeds_to_mover"),
                    (section.grand_slam != GrandSlam::Capture, "grand_slam"),
                ];
                if let Some((_, what)) = clash.iter().find(|(set, _)| *set) {
                    return err(
                        flag.span(),
                        format!(
                            "given_to_opponent drops the seeds a capture at the last seed puts in the store: not with {what}"
                        ),
                    );
                }
                true
            }
            _ => false,
        })
    }

    /// Whether the seeds a capture at the last seed takes are sown on, and
    /// from where (`captured_sown_on`, `captured_sown_from`).
    fn captured_sown_on(
        &self,
        rules: &[CaptureRule],
        lap_captures: Option<LapCaptures>,
        given_away: bool,
        sweep_after_capture: CountSet,
    ) -> Result<(bool, CapturedSownFrom), CompileError> {
        let (section, into_stores) = (self.section, self.into_stores);
        let captured_sown_on = match &section.captured_sown_on {
            Some(flag) if *flag.get_ref() => {
                let clash = [
                    (rules.is_empty(), "no capture at the last seed"),
                    (into_stores, "[sowing] into_stores"),
                    (lap_captures.is_some(), "lap_captures"),
                    (given_away, "given_to_opponent"),
                    (section.grand_slam != GrandSlam::Capture, "grand_slam"),
                    (!sweep_after_capture.is_empty(), "sweep_after_capture"),
                ];
                if let Some((_, what)) = clash.iter().find(|(set, _)| *set) {
                    return err(
                        flag.span(),
                        format!(
                            "captured_sown_on sows on the seeds a capture at the last seed takes: not with {what}"
                        ),
                    );
                }
                true
            }
            _ => false,
        };
        let captured_sown_from = match &section.captured_sown_from {
            Some(from) if !captured_sown_on => {
                return err(
                    from.span(),
                    "captured_sown_from says where captured_sown_on sows the seeds taken: set captured_sown_on = true",
                );
            }
            Some(from) => *from.get_ref(),
            None => CapturedSownFrom::AfterLast,
        };
        Ok((captured_sown_on, captured_sown_from))
    }

    /// The houses taken by choice after a capture at the last seed
    /// (`chosen_after`, `chosen_after_houses_taken`, `chosen_spares_marked`,
    /// `chosen_left_to_opponent`): how many, after a capture of how many
    /// houses, whether marked houses are spared, and whether those not
    /// taken are left to the opponent.
    fn chosen_after(
        &self,
        rules: &[CaptureRule],
        lap_captures: Option<LapCaptures>,
        given_away: bool,
        captured_sown_on: bool,
    ) -> Result<(u8, u8, bool, bool), CompileError> {
        let section = self.section;
        let chosen_after = match &section.chosen_after {
            None => 0,
            Some(n) => {
                let clash = [
                    (rules.is_empty(), "no capture at the last seed"),
                    (lap_captures.is_some(), "lap_captures"),
                    (given_away, "given_to_opponent"),
                    (captured_sown_on, "captured_sown_on"),
                    (section.grand_slam != GrandSlam::Capture, "grand_slam"),
                ];
                if let Some((_, what)) = clash.iter().find(|(set, _)| *set) {
                    return err(
                        n.span(),
                        format!(
                            "chosen_after follows the capture that ends a move, which keeps its seeds: not with {what}"
                        ),
                    );
                }
                super::in_range(n, 1, crate::position::MAX_TAKEN as i64, "chosen_after")? as u8
            }
        };
        let chosen_after_houses_taken = match &section.chosen_after_houses_taken {
            None => 1,
            Some(n) if chosen_after == 0 => {
                return err(
                    n.span(),
                    "chosen_after_houses_taken says which captures chosen_after follows, and there is no chosen_after",
                );
            }
            Some(n) => super::in_range(n, 1, 62, "chosen_after_houses_taken")? as u8,
        };
        let chosen_spares_marked = super::flag_unless(
            &section.chosen_spares_marked,
            chosen_after == 0,
            "chosen_spares_marked says which houses chosen_after may take, and there is no chosen_after",
        )?;
        let chosen_left_to_opponent = super::flag_unless(
            &section.chosen_left_to_opponent,
            chosen_after == 0,
            "chosen_left_to_opponent says who takes what chosen_after could not, and there is no chosen_after",
        )?;
        Ok((
            chosen_after,
            chosen_after_houses_taken,
            chosen_spares_marked,
            chosen_left_to_opponent,
        ))
    }
}

/// Checks the keys of `[capture.cross]` that exclude one another
/// (`whole_column`, `even_when_column_empty`, `and_behind`, `both_held`,
/// `into_occupied`).
fn check_cross_exclusive(cross: &CrossSection) -> Result<(), CompileError> {
    if let Some(flag) = &cross.whole_column
        && *flag.get_ref()
        && (cross.chain
            || cross.take_sowing_seed
            || cross.opposite_holds.is_some()
            || cross.and_behind.as_ref().is_some_and(|f| *f.get_ref())
            || cross
                .behind_when_opposite_empty
                .as_ref()
                .is_some_and(|f| *f.get_ref())
            || cross.chain_from_any.as_ref().is_some_and(|f| *f.get_ref())
            || cross
                .even_when_opposite_empty
                .as_ref()
                .is_some_and(|f| *f.get_ref()))
    {
        return err(
            flag.span(),
            "whole_column takes the opponent's houses of one column: not with chain, chain_from_any, opposite_holds, take_sowing_seed, even_when_opposite_empty, and_behind or behind_when_opposite_empty",
        );
    }
    if let Some(flag) = &cross.even_when_column_empty
        && *flag.get_ref()
        && !cross.whole_column.as_ref().is_some_and(|f| *f.get_ref())
    {
        return err(
            flag.span(),
            "even_when_column_empty says when a capture of the whole column is made: it needs whole_column = true",
        );
    }
    if let Some(flag) = &cross.from_empty_spares_singles
        && *flag.get_ref()
        && (!cross.whole_column.as_ref().is_some_and(|f| *f.get_ref())
            || !cross
                .whatever_last_holds
                .as_ref()
                .is_some_and(|f| *f.get_ref())
            || cross
                .even_when_column_empty
                .as_ref()
                .is_some_and(|f| *f.get_ref()))
    {
        return err(
            flag.span(),
            "from_empty_spares_singles says when a capture of the whole column from an empty house is made: it needs whole_column = true and whatever_last_holds = true, and not even_when_column_empty",
        );
    }
    if let Some(flag) = &cross.and_behind
        && *flag.get_ref()
        && (cross.chain
            || cross.opposite_holds.is_some()
            || cross.chain_from_any.as_ref().is_some_and(|f| *f.get_ref()))
    {
        return err(
            flag.span(),
            "and_behind takes the two houses of one column: not with chain, chain_from_any or opposite_holds",
        );
    }
    if let Some(flag) = &cross.both_held
        && *flag.get_ref()
        && !cross.and_behind.as_ref().is_some_and(|f| *f.get_ref())
    {
        return err(
            flag.span(),
            "both_held asks that both houses of the column taken hold seeds: it needs and_behind = true",
        );
    }
    if let Some(flag) = &cross.into_occupied
        && *flag.get_ref()
        && (cross.chain
            || cross.opposite_holds.is_some()
            || [
                &cross.whatever_last_holds,
                &cross.chain_from_any,
                &cross.even_when_opposite_empty,
                &cross.behind_when_opposite_empty,
            ]
            .iter()
            .any(|f| f.as_ref().is_some_and(|f| *f.get_ref())))
    {
        return err(
            flag.span(),
            "into_occupied captures from a house that already held seeds: not with chain, chain_from_any, opposite_holds, even_when_opposite_empty, behind_when_opposite_empty or whatever_last_holds",
        );
    }
    Ok(())
}

/// Checks the keys of `[capture.cross]` that belong to a chain from any
/// house (`whatever_last_holds`, `chain_against_sowing`, `opposite_in`,
/// `chain_from_any` itself).
fn check_cross_chain_from_any(cross: &CrossSection, from_any: bool) -> Result<(), CompileError> {
    if let Some(flag) = &cross.whatever_last_holds
        && *flag.get_ref()
        && !from_any
        && (cross.chain || cross.take_sowing_seed || cross.opposite_holds.is_some())
    {
        return err(
            flag.span(),
            "whatever_last_holds lets the last seed's house hold any number of seeds: with a chain, only with chain_from_any = true, and not with take_sowing_seed or opposite_holds",
        );
    }
    for (flag, name) in [(&cross.chain_against_sowing, "chain_against_sowing")] {
        if let Some(flag) = flag
            && *flag.get_ref()
            && !from_any
        {
            return err(
                flag.span(),
                format!(
                    "{name} belongs to a chain that goes on from any house: set chain_from_any = true"
                ),
            );
        }
    }
    if let Some(zone) = &cross.opposite_in
        && !from_any
    {
        return err(
            zone.span(),
            "opposite_in applies to a chain that goes on from any house: set chain_from_any = true",
        );
    }
    if let Some(flag) = &cross.chain_from_any
        && from_any
        && (!cross.chain || cross.take_sowing_seed || cross.even_when_opposite_empty.is_some())
    {
        return err(
            flag.span(),
            "chain_from_any goes on with a chain: it needs chain = true, and neither take_sowing_seed nor even_when_opposite_empty",
        );
    }
    Ok(())
}

/// Whether `side`'s back row (four rows: the houses behind their front
/// row) holds no seeds.
pub(crate) fn back_row_empty(board: &Board, pos: &Position, side: Side) -> bool {
    pos.row(side)[board.layout().front()..]
        .iter()
        .all(|&seeds| seeds == 0)
}

/// A set of counts in words: `2 or 3`.
pub(crate) fn counts_in_words(set: CountSet) -> String {
    let counts: Vec<u8> = set.iter().collect();
    // A long run of every other count reads as what it is: an even (or odd)
    // number, not eighty numbers.
    if counts.len() > 5 && counts.windows(2).all(|w| w[1] == w[0] + 2) {
        let (first, last) = (counts[0], counts[counts.len() - 1]);
        let parity = if first % 2 == 0 { "even" } else { "odd" };
        return format!("an {parity} number of seeds ({first} to {last})");
    }
    let values: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
    match values.as_slice() {
        [] => "no count".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

pub(crate) fn zone_in_words(zone: ZoneMask) -> &'static str {
    match zone.zone() {
        Zone::None => "nowhere",
        Zone::Opponent => "in the opponent's row",
        Zone::Own => "in the sower's own row",
        Zone::Either => "in either row",
    }
}

/// The sheet's paragraph on captures (the grand slam adds its own line).
pub(crate) fn describe(rules: &Rules, out: &mut String) {
    let _ = writeln!(out, "\nCaptures");
    let captures = &rules.captures;
    describe_opening(captures, out);
    for rule in &captures.rules {
        describe_rule(rules, *rule, out);
    }
    describe_before_sowing(captures, out);
    describe_held_back(captures, out);
    if let Some(rule) = captures.while_sowing {
        let _ = writeln!(
            out,
            "  While sowing, any {}seed that makes a house hold {} {} captures it at once{}.",
            if rule.last { "" } else { "other " },
            counts_in_words(rule.counts),
            zone_in_words(rule.zone),
            match rule.by {
                Taker::Sower => "",
                Taker::Owner => ", for the house's owner",
            }
        );
    }
    describe_laps(captures, out);
}

/// The sheet's first lines on captures: whether anything is captured, how
/// the zones read, where the seeds captured go, and that the rules at the
/// last seed are tried in order.
fn describe_opening(captures: &Captures, out: &mut String) {
    if captures.rules.is_empty()
        && captures.while_sowing.is_none()
        && captures.before_sowing == BeforeSowing::None
    {
        let _ = writeln!(
            out,
            "  Nothing is ever captured{}.",
            if captures.facing_take_at_turn_start {
                " into a store: the takes below stay on the board"
            } else {
                ""
            }
        );
    }
    if captures.zones_by_owner {
        let _ = writeln!(
            out,
            "  A player's row and the opponent's row below mean the houses each owns now, wherever they lie."
        );
    }
    if captures.given_away {
        let _ = writeln!(
            out,
            "  The seeds a move captures are not kept: the capturer moves again at once, and drops all of them into one house of the opponent's side, empty or not (written with `@`: `c@`)."
        );
    }
    if captures.captured_sown_on {
        let _ = writeln!(
            out,
            "  The seeds a capture where the last seed falls takes are not kept: the capturer sows them on, one a house, from {}, and the move ends where the last of them falls.",
            match captures.captured_sown_from {
                CapturedSownFrom::AfterLast => "the house after the last seed's",
                CapturedSownFrom::LapStart =>
                    "the house the last handful was lifted from, that house first",
                CapturedSownFrom::AfterLapStart =>
                    "the house after the one the last handful was lifted from",
            }
        );
    }
    if captures.rules.len() > 1 {
        let _ = writeln!(
            out,
            "  Where the last seed falls, these are tried in order; the first that applies is taken:"
        );
    }
}

/// The sheet's lines on one rule tried where the last seed falls, by its
/// kind.
fn describe_rule(rules: &Rules, rule: CaptureRule, out: &mut String) {
    match rule {
        CaptureRule::Count { .. } => describe_count(rules, rule, out),
        CaptureRule::Cross { .. } => describe_cross(&rules.captures, rule, out),
        CaptureRule::SowingSeed { .. }
        | CaptureRule::CrossThenAny { .. }
        | CaptureRule::CrossCounts { .. } => describe_cross_kin(rule, out),
        CaptureRule::Next { .. }
        | CaptureRule::NextFromEmpty { .. }
        | CaptureRule::AcrossGap { .. } => describe_past_last(rule, out),
        CaptureRule::MatchOpposite { .. }
        | CaptureRule::OpponentStore
        | CaptureRule::Sweep { .. }
        | CaptureRule::Singletons { .. }
        | CaptureRule::PullAcross { .. }
        | CaptureRule::GiveStore { .. } => describe_one_key(rule, out),
    }
}

/// The sheet's lines on the count capture at the last seed: the house, the
/// chain, and what limits or adds to them (any other rule: nothing).
fn describe_count(rules: &Rules, rule: CaptureRule, out: &mut String) {
    let captures = &rules.captures;
    let CaptureRule::Count {
        counts,
        zone,
        chain,
        chain_max,
        chain_zone,
        with_opposite,
        played_only,
    } = rule
    else {
        return;
    };
    let counts = counts_in_words(counts);
    let _ = writeln!(
        out,
        "  When the last seed makes a house hold {counts} {}, its seeds are captured{}.",
        zone_in_words(zone),
        if rules.sowing.relays()
            && captures.lap_captures.is_none()
            && rules.turn.extra_turn == super::ExtraTurn::AfterCapture
        {
            " and the sowing ends"
        } else if rules.sowing.relays() && captures.lap_captures.is_none() {
            " and the turn ends"
        } else {
            ""
        }
    );
    if chain {
        let _ = writeln!(
            out,
            "  Then the houses {} it are captured too, going {}{}, while they hold {counts} {}{}.",
            if captures.chain_along_sowing {
                "after"
            } else {
                "before"
            },
            if captures.chain_along_sowing {
                "on along the sowing"
            } else {
                "back"
            },
            if captures.looks_along == LooksAlong::Board {
                " against the board's direction whichever way the move sowed"
            } else {
                ""
            },
            zone_in_words(chain_zone),
            if (chain_max as usize) < MAX_HOUSES {
                format!(", {chain_max} houses at most in all")
            } else {
                String::new()
            }
        );
    }
    if played_only {
        let _ = writeln!(
            out,
            "  Only a house played from before, by either player, in the game or round, is captured so; a chain stops at a house never played."
        );
    }
    if with_opposite {
        let _ = writeln!(
            out,
            "  Each house so captured takes the seeds of the house opposite too, when it holds seeds {}; a chain stops at a house taken so.",
            zone_in_words(zone)
        );
    }
}

/// The sheet's lines on the cross capture proper (any other rule:
/// nothing).
fn describe_cross(captures: &Captures, rule: CaptureRule, out: &mut String) {
    let CaptureRule::Cross {
        zone,
        take_sowing_seed,
        chain,
        behind,
        front_only,
        reach,
        column,
        column_taken,
        last_any,
        last_occupied,
        both_held,
    } = rule
    else {
        return;
    };
    let place = if front_only {
        "of the sower's front row".to_string()
    } else {
        zone_in_words(zone).to_string()
    };
    let house = if last_occupied {
        "a house that held seeds"
    } else if last_any {
        "any house"
    } else {
        "an empty house"
    };
    if column && column_taken == ColumnTaken::Always {
        let _ = writeln!(
            out,
            "  When the last seed falls in {house} {place}, the opponent's houses in its column are captured, whatever they hold: the capture is made even when they are empty.",
        );
    } else if column {
        let spared = if column_taken == ColumnTaken::SparingSingles {
            " But a last seed in a house that was empty does not capture two houses holding one seed each."
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  When the last seed falls in {house} {place}, and any of the opponent's houses in its column holds seeds, they are all captured.{spared}",
        );
    } else if reach == Reach::PastEmpty {
        let _ = writeln!(
            out,
            "  When the last seed falls in {house} {place}, the house opposite is empty and the house behind it holds seeds, those seeds are captured; a house opposite that holds seeds captures nothing.",
        );
    } else if let Reach::OrBehind(least) = reach {
        let _ = writeln!(
            out,
            "  When the last seed falls in {house} {place}, the seeds of the house opposite are captured when it holds {least} or more; otherwise those of the house behind it, when that holds {least} or more; otherwise nothing is captured.",
        );
    } else {
        let _ = writeln!(
            out,
            "  When the last seed falls in {house} {place}, and the house opposite holds seeds, {} captured{}.",
            if take_sowing_seed && last_occupied {
                "those seeds and all the seeds of the last seed's house are"
            } else if take_sowing_seed {
                "those seeds and the sowing seed are"
            } else {
                "those seeds are"
            },
            if behind && both_held {
                ", with the seeds of the house behind it, which must hold seeds too"
            } else if behind {
                ", with the seeds of the house behind it"
            } else {
                ""
            }
        );
    }
    if chain {
        let _ = writeln!(
            out,
            "  Then, going on along the sowing, while the next house is an empty one {} and the house opposite holds seeds, those are captured too.",
            zone_in_words(zone)
        );
    }
    if captures.cross_needs_opponent_sown {
        let _ = writeln!(
            out,
            "  Only a move that has sown into the opponent's row captures so (see The turn)."
        );
    }
}

/// The sheet's lines on the other rules of the cross capture: the sowing
/// seed taken with an empty house opposite, the chain from any house, the
/// counts the house opposite must hold (any other rule: nothing).
fn describe_cross_kin(rule: CaptureRule, out: &mut String) {
    match rule {
        CaptureRule::SowingSeed { zone } => {
            let _ = writeln!(
                out,
                "  When the last seed falls in an empty house {} and the house opposite is empty, the sowing seed is captured all the same.",
                zone_in_words(zone)
            );
        }
        CaptureRule::CrossThenAny {
            zone,
            last_any,
            back,
            opposite,
            counts,
        } => {
            let _ = writeln!(
                out,
                "  When the last seed falls in {} house {}, and the house opposite, {}, holds {}, those seeds are captured.",
                if last_any { "any" } else { "an empty" },
                zone_in_words(zone),
                zone_in_words(opposite),
                counts_in_words(counts),
            );
            let _ = writeln!(
                out,
                "  Then, going on {}, whatever the next house holds, the house opposite it is captured too while it lies there and holds such a count.",
                if back {
                    "back against the sowing"
                } else {
                    "along the sowing"
                }
            );
        }
        CaptureRule::CrossCounts {
            zone,
            take_sowing_seed,
            counts,
        } => {
            let _ = writeln!(
                out,
                "  When the last seed falls in an empty house {}, and the house opposite holds {}, {} captured.",
                zone_in_words(zone),
                counts_in_words(counts),
                if take_sowing_seed {
                    "those seeds and the sowing seed are"
                } else {
                    "those seeds are"
                }
            );
        }
        _ => {}
    }
}

/// The sheet's lines on the captures of the houses after the last seed's:
/// the next house, from an empty house, across the gap (any other rule:
/// nothing).
fn describe_past_last(rule: CaptureRule, out: &mut String) {
    match rule {
        CaptureRule::Next {
            counts,
            zone,
            chain,
        } => {
            let counts = counts_in_words(counts);
            let _ = writeln!(
                out,
                "  When the house after the last seed's (along the sowing), {}, holds {counts}, its seeds are captured{}.",
                zone_in_words(zone),
                if chain {
                    "; then the houses after it, going on along the sowing, while they hold such a count there"
                } else {
                    ""
                }
            );
        }
        CaptureRule::NextFromEmpty {
            zone,
            take_sowing_seed,
        } => {
            let _ = writeln!(
                out,
                "  When the last seed falls in an empty house {} and the house after it (along the sowing) holds seeds, those are captured{}.",
                zone_in_words(zone),
                if take_sowing_seed {
                    ", with the sowing seed"
                } else {
                    ""
                }
            );
        }
        CaptureRule::AcrossGap {
            zone,
            chain,
            occupied,
            take_opposite,
        } => {
            let _ = writeln!(
                out,
                "  When the house after the last seed's{} is empty, the seeds of the house after that one, {}, are captured{}.",
                if occupied {
                    " (which held seeds before the move)"
                } else {
                    ""
                },
                zone_in_words(zone),
                if chain {
                    "; then again from the house captured, along the sowing, while the next house is empty and the one after holds seeds there"
                } else if take_opposite {
                    ", and so are those of the house opposite it, when it holds seeds there"
                } else {
                    ""
                }
            );
        }
        _ => {}
    }
}

/// The sheet's lines on the rules a single key makes: the house matching
/// the one opposite, the opponent's store, the sweep, the singletons, the
/// seeds pulled across, the store given (any other rule: nothing).
fn describe_one_key(rule: CaptureRule, out: &mut String) {
    match rule {
        CaptureRule::MatchOpposite { both_ways } => {
            let _ = writeln!(
                out,
                "  When the last seed falls in a house that then holds as many seeds as the house opposite, both houses are captured."
            );
            if both_ways > 1 {
                let _ = writeln!(
                    out,
                    "  Then the next houses along the sowing are captured too, each with the house opposite, while they hold as many seeds as it ({both_ways} pairs at most in all); then, from the house before the last seed's, the other way, {} pair{} at most.",
                    both_ways - 1,
                    if both_ways == 2 { "" } else { "s" }
                );
            }
        }
        CaptureRule::OpponentStore => {
            let _ = writeln!(
                out,
                "  When the last seed falls in the opponent's store, its seeds all go to your store."
            );
        }
        CaptureRule::Sweep { counts } => {
            let _ = writeln!(
                out,
                "  When the last seed falls in the opponent's row or in the last house of your own row, every house of the opponent's row holding {} is captured.",
                counts_in_words(counts)
            );
        }
        CaptureRule::Singletons { zone } => {
            let _ = writeln!(
                out,
                "  After every move, wherever its last seed falls, each house {} holding a single seed is captured.",
                zone_in_words(zone)
            );
        }
        CaptureRule::PullAcross { zone } => {
            let _ = writeln!(
                out,
                "  When the last seed falls in an empty house {}, the seeds of the house opposite are pulled into it (they stay on the board).",
                zone_in_words(zone)
            );
        }
        CaptureRule::GiveStore { zone } => {
            let _ = writeln!(
                out,
                "  When the last seed falls in an empty house {}, the seeds in the mover's store all go to the opponent's store.",
                zone_in_words(zone)
            );
        }
        _ => {}
    }
}

/// The sheet's lines on the capture made as seeds are lifted, before they
/// are sown.
fn describe_before_sowing(captures: &Captures, out: &mut String) {
    match captures.before_sowing {
        BeforeSowing::None => {}
        BeforeSowing::OneSeed => {
            let _ = writeln!(
                out,
                "  Before each handful is sown (the house played's and every relay's), one of its seeds goes to the mover's store."
            );
        }
        BeforeSowing::SingleTakesOpposite => {
            let _ = writeln!(
                out,
                "  A house played holding a single seed first captures the seeds of the house opposite, then sows its seed."
            );
        }
        BeforeSowing::SinglesTakeOpposite => {
            let _ = writeln!(
                out,
                "  Before the house played is lifted, every house of the mover's row holding a single seed captures the seeds of the house opposite."
            );
        }
    }
}

/// The sheet's lines on the moves that capture nothing (the game's first,
/// the waiting starter's, a single seed's), and on the takes made as a
/// turn starts.
fn describe_held_back(captures: &Captures, out: &mut String) {
    match captures.quiet_moves {
        0 => {}
        1 => {
            let _ = writeln!(out, "  The first move of the game captures nothing.");
        }
        moves => {
            let _ = writeln!(
                out,
                "  The first {moves} moves of the game (both players' counted together) capture nothing."
            );
        }
    }
    if captures.facing_take_at_turn_start {
        let _ = writeln!(
            out,
            "  As your turn starts, each house of your front row holding seeds across from an occupied house of the opponent's front row takes one seed of it, and one of the opponent's house behind it if that holds any, into your back-row house behind it; it takes again while it can, house by house from your left, until none can (the house taking keeps its own seeds)."
        );
        if captures.facing_take_stops_at_empty_back_row {
            let _ = writeln!(
                out,
                "  No take is made once a back row is empty: the game is over."
            );
        }
    }
    if captures.starter_waits {
        let _ = writeln!(
            out,
            "  The game's starter neither captures nor makes a child until a move captures or makes one."
        );
    }
    if !captures.single_seed_captures {
        let _ = writeln!(out, "  A move that lifts a single seed captures nothing.");
    }
}

/// The sheet's lines on the options that act lap by lap or after the
/// captures: lap captures, the opponent taking what is sown, the last seeds.
fn describe_laps(captures: &Captures, out: &mut String) {
    match captures.lap_captures {
        None => {}
        Some(LapCaptures::Count) => {
            let _ = writeln!(
                out,
                "  Every lap of the relay may capture: when a lap's last seed makes a capturing count, that house is captured and the sowing goes on with the seeds of the house after it (it ends there when that house is empty)."
            );
        }
        Some(LapCaptures::SowOn) => match captures.sown_from {
            SownFrom::Last => {
                let _ = writeln!(
                    out,
                    "  Every lap of the relay may capture: what a lap's last seed captures joins that house, and the sowing goes on with all of it; without a capture the relay goes on as usual. {}",
                    if captures.sow_on_stops_at_empty_opponent {
                        "The sowing stops once the opponent has no seeds."
                    } else {
                        "The sowing goes on to its end even once the opponent has no seeds."
                    }
                );
            }
            SownFrom::LapStart => {
                let _ = writeln!(
                    out,
                    "  Every lap of the relay may capture: what a lap's last seed captures is sown on at once, as a handful of its own, from the house that lap was lifted from (which keeps what it holds, but for a single seed, which goes with them); without a capture the relay goes on as usual."
                );
            }
            SownFrom::LapStartThenRelay => {
                let _ = writeln!(
                    out,
                    "  Every lap of the relay may capture: what a lap's last seed captures is sown at once from the house that lap was lifted from (which keeps what it holds, but for a single seed, which goes with them), the board's way whichever way the lap went, a seed into each house after it, and does nothing more; the relay then goes on from the lap's last house. Without a capture the relay goes on as usual."
                );
            }
            SownFrom::LapStartThenStop => {
                let _ = writeln!(
                    out,
                    "  Every lap of the relay may capture: what a lap's last seed captures is sown at once from the house that lap was lifted from (which keeps what it holds, but for a single seed, which goes with them), the board's way whichever way the lap went, a seed into each house after it, and the move ends there. Without a capture the relay goes on as usual."
                );
            }
            SownFrom::BehindLast => {
                let _ = writeln!(
                    out,
                    "  Every lap of the relay may capture: what a lap's last seed captures is sown on at once, as a handful of its own, from your back-row house behind the one it fell in (which keeps what it holds, but for a single seed, which goes with them); without a capture the relay goes on as usual."
                );
            }
        },
        Some(LapCaptures::Cross) => {
            let _ = writeln!(
                out,
                "  Every lap of the relay may capture: when a lap's last seed falls in an empty house and makes the cross capture, the relay goes on with that one seed; when it makes none, the sowing ends there."
            );
        }
        Some(LapCaptures::Occupied) => {
            let _ = writeln!(
                out,
                "  Every lap of the relay may capture: when a lap's last seed falls in a house that held seeds and makes the cross capture, the sowing goes on with the seeds of the house after it when it holds two or more (else it ends there); otherwise the relay goes on as usual."
            );
        }
        Some(LapCaptures::AcrossGap) => {
            let _ = writeln!(
                out,
                "  Every lap of the relay may capture: when the relay goes on from a lap's last house, the capture across the gap is first made from it, and the relay goes on whether or not anything was taken."
            );
        }
    }
    if captures.opening_takes_back_row {
        let _ = writeln!(
            out,
            "  In the opening moves, until a lap has sown a seed into the mover's front row (that lap included), a lap ending in a house of the mover's back row that held seeds takes instead the opponent's back-row house of the same column, where that holds seeds, and sows it on as the laps' captures are; the front-row capture waits until then."
        );
    }
    if captures.opponent_takes_sown > 0 {
        let _ = writeln!(
            out,
            "  While the board holds {} seeds or fewer as a handful is lifted, each seed it would drop in the opponent's row goes to the opponent's store instead; a last seed that makes a capturing count there stays, and is captured.",
            captures.opponent_takes_sown
        );
    }
    if !captures.sweep_after_capture.is_empty() {
        let _ = writeln!(
            out,
            "  After a capture where the last seed falls, every house of the opponent's row holding {} is captured too.",
            counts_in_words(captures.sweep_after_capture)
        );
    }
    if captures.chosen_after > 0 {
        let _ = writeln!(
            out,
            "  After a capture where the last seed falls{}, the capturer also takes the seeds of {} of the opponent's houses, of their choosing among those holding seeds (every one, where fewer hold any); the move names them after its house: `B6+b3+a1`.",
            match captures.chosen_after_houses_taken {
                1 => String::new(),
                n => format!(" that takes the seeds of {n} houses or more"),
            },
            match captures.chosen_after {
                1 => "one".to_string(),
                n => n.to_string(),
            }
        );
        if captures.chosen_spares_marked {
            let _ = writeln!(out, "  A house its owner marked is never taken by choice.");
        }
    }
    if captures.last_seeds_to_mover > 0 {
        let _ = writeln!(
            out,
            "  When a move leaves between 1 and {} seeds {} (children aside), {} takes {}.",
            captures.last_seeds_to_mover,
            if captures.last_seeds_counted_in.zone() == Zone::Either {
                "on the board"
            } else {
                zone_in_words(captures.last_seeds_counted_in)
            },
            if captures.last_seeds_to_starter {
                "the player who started the round, whoever moved,"
            } else {
                "the mover"
            },
            if captures.last_seeds_counted_in.zone() == Zone::Either {
                "them all"
            } else {
                "every seed on the board"
            }
        );
    }
}

impl Captures {
    /// The take across from `front`, a house of its owner's front row on
    /// four rows (`facing_take_at_turn_start`, and `[sowing]
    /// relay_takes_facing`): when `front` and the house facing it both hold
    /// seeds, one seed of the house facing it, and one of the house behind
    /// that if it holds any, go into the house behind `front`, which is
    /// returned; `front` keeps its seeds. `None`: nothing is taken.
    #[inline]
    pub(crate) fn take_facing<T: Trace>(
        board: &Board,
        pos: &mut Position,
        front: usize,
        trace: &mut T,
    ) -> Option<usize> {
        let opposite = board.opposite(front);
        if pos.at(front) == 0 || pos.at(opposite) == 0 {
            return None;
        }
        let into = board.behind(front)?;
        let mut taken = 1;
        pos.take_one(opposite);
        trace.record(Event::Capture {
            house: opposite,
            seeds: 1,
        });
        if let Some(behind) = board.behind(opposite)
            && pos.at(behind) > 0
        {
            pos.take_one(behind);
            trace.record(Event::Capture {
                house: behind,
                seeds: 1,
            });
            taken += 1;
        }
        pos.add(into, taken);
        trace.record(Event::Drop {
            house: into,
            now: pos.at(into),
        });
        Some(into)
    }

    /// The takes that start `me`'s turn (`facing_take_at_turn_start`): each
    /// house of `me`'s front row, from their left, takes across
    /// ([`Captures::take_facing`]) as long as it can. A take never lets a
    /// house that could not take do so (it only empties the opponent's
    /// houses), so one pass makes them all. With `stop_at_empty_back_row`
    /// (where an empty back row loses the game), no take is made once a
    /// back row is empty: the game is over.
    pub(crate) fn take_facing_at_turn_start<T: Trace>(
        board: &Board,
        pos: &mut Position,
        me: Side,
        stop_at_empty_back_row: bool,
        trace: &mut T,
    ) {
        let start = board.row_start(me);
        let over = |pos: &Position| {
            stop_at_empty_back_row
                && Side::BOTH
                    .into_iter()
                    .any(|side| back_row_empty(board, pos, side))
        };
        for front in start..start + board.layout().front() {
            while !over(pos) && Self::take_facing(board, pos, front, trace).is_some() {}
        }
    }
    /// Whether a capture rule applies at the last seed's house `last`: relay
    /// sowing stops there.
    #[inline(always)]
    pub(crate) fn last_seed_captures(
        &self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
    ) -> bool {
        // Asked at every lap's end: where no rule can answer yes, not even
        // a call.
        self.stops_relays && self.a_rule_applies_at_last(board, pos, me, last, reverse)
    }

    #[inline(never)]
    fn a_rule_applies_at_last(
        &self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
    ) -> bool {
        let reverse = reverse && self.looks_along == LooksAlong::Move;
        // The singletons are taken wherever the sowing ends.
        self.rules.iter().any(|rule| {
            !matches!(rule, CaptureRule::Singletons { .. })
                && rule.applies(board, pos, me, last, reverse)
        })
    }

    /// The capture the first applying rule would make at `last`, after a
    /// sowing that went against the board's direction when `reverse`.
    #[inline(always)]
    pub(crate) fn plan(
        &self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
    ) -> Option<Plan> {
        if !board.is_house(last) && !self.store_capture {
            return None;
        }
        // A plain loop: an iterator adaptor here was left out of line by
        // the compiler once the move's code grew, at a cost on every move.
        // By reference: a rule is copied only when it applies.
        for rule in &self.rules {
            if rule.applies(board, pos, me, last, reverse) {
                // A chain along the sowing walks the other way from one
                // that goes back.
                let reverse = reverse
                    ^ (self.chain_along_sowing && matches!(rule, CaptureRule::Count { .. }));
                return Some((*rule).plan(board, pos, me, last, reverse));
            }
        }
        None
    }

    /// Takes a planned capture into `me`'s store, or sows it on
    /// (`captured_sown_on`) from after `last` or from `lap_start`, the
    /// house the last handful was lifted from.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn take<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        last: usize,
        lap_start: usize,
        plan: Plan,
        trace: &mut T,
    ) {
        plan.empty_houses(board, pos, me, last, trace);
        if self.captured_sown_on {
            self.sow_captured_on(board, pos, me, last, lap_start, plan, trace);
        } else {
            pos.add(board.store(me), plan.take);
        }
    }

    /// Sows a capture's `plan.take` seeds on, one a house (`captured_sown_on`):
    /// from the house after the last seed's, or from the house the last
    /// handful was lifted from, that house first or the one after it.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn sow_captured_on<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        last: usize,
        lap_start: usize,
        plan: Plan,
        trace: &mut T,
    ) {
        let ring = board.ring_in(me, plan.reverse);
        let (mut house, mut first) = match self.captured_sown_from {
            CapturedSownFrom::AfterLast => (last, false),
            CapturedSownFrom::LapStart => (lap_start, true),
            CapturedSownFrom::AfterLapStart => (lap_start, false),
        };
        // Houses passed over, as the last handful passed them.
        let passed = if self.passed_over >> (lap_start & 63) & 1 == 0 {
            self.passed_over
        } else {
            0
        };
        for _ in 0..plan.take {
            if !std::mem::take(&mut first) {
                house = ring.next(house);
                while passed >> (house & 63) & 1 == 1 {
                    house = ring.next(house);
                }
            }
            pos.add(house, 1);
            trace.record(Event::Drop {
                house,
                now: pos.at(house),
            });
        }
    }

    /// A lap of a relay sowing with `lap_captures` has ended at `last`:
    /// takes the lap's capture (when `may_capture`), and gives the house
    /// the relay lifts next, or `None` when the sowing ends, `sown.last`
    /// then being where it ended. `goes_on` says whether the relay would go
    /// on from `last` by the sowing's own rules.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(crate) fn lap_capture<T: Trace>(
        &self,
        mode: LapCaptures,
        board: &Board,
        pos: &mut Position,
        me: Side,
        origin: usize,
        last: usize,
        goes_on: bool,
        may_capture: bool,
        reverse: bool,
        sown: &mut Sown,
        trace: &mut T,
    ) -> Option<usize> {
        if mode == LapCaptures::AcrossGap && !goes_on {
            return None;
        }
        if mode == LapCaptures::SowOn
            && self.sown_from == SownFrom::Last
            && self.sow_on_stops_at_empty_opponent
            && pos.seeds_on_side(me.opponent()) == 0
        {
            return None;
        }
        if mode == LapCaptures::Cross {
            if !board.is_house(last) || pos.at(last) != 1 {
                return goes_on.then_some(last);
            }
            // An empty house: the relay goes on with the seed sown only
            // when the cross capture is made.
            let plan = may_capture.then(|| self.plan(board, pos, me, last, reverse))??;
            self.take(board, pos, me, last, last, plan, trace);
            sown.captured += plan.take;
            sown.captured_from_opponent += plan.from_opponent;
            return Some(last);
        }
        // Sown on from elsewhere, a lap captures only where it would relay.
        let elsewhere = mode == LapCaptures::SowOn && self.sown_from != SownFrom::Last;
        let plan = if may_capture && (goes_on || !elsewhere) {
            self.plan(board, pos, me, last, reverse)
        } else {
            None
        };
        if let Some(plan) = plan {
            self.take(board, pos, me, last, last, plan, trace);
            if mode == LapCaptures::SowOn {
                // What was taken is sown on, not kept.
                let store = board.store(me);
                let stored = pos.take(store);
                pos.add(store, stored - plan.take);
                return self.sown_on(board, pos, origin, last, plan.take, sown, trace);
            }
            sown.captured += plan.take;
            sown.captured_from_opponent += plan.from_opponent;
            if matches!(mode, LapCaptures::Count | LapCaptures::Occupied) {
                // The sowing goes on from the house after the one captured
                // (after a cross capture, only from one of two or more).
                let next = board.ring_in(me, reverse).next(last);
                sown.last = next;
                let least = if mode == LapCaptures::Occupied { 2 } else { 1 };
                return (pos.at(next) >= least).then_some(next);
            }
        }
        goes_on.then_some(last)
    }

    /// Where the `seeds` a lap took (`LapCaptures::SowOn`), in hand, are
    /// sown on from: they join the lap's last house, or go as a handful of
    /// their own from the house the lap was lifted from or from the
    /// back-row house behind the last, which keeps what it holds. The house
    /// the relay lifts next, or `None` where the move ends with them.
    // The lap's houses passed one by one, as `lap_capture` has them.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn sown_on<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        origin: usize,
        last: usize,
        seeds: u8,
        sown: &mut Sown,
        trace: &mut T,
    ) -> Option<usize> {
        let into = match self.sown_from {
            SownFrom::Last => last,
            SownFrom::LapStart | SownFrom::LapStartThenRelay | SownFrom::LapStartThenStop => origin,
            SownFrom::BehindLast => board.behind(last).unwrap_or(last),
        };
        let apart = self.sown_from == SownFrom::LapStartThenRelay;
        if apart || self.sown_from == SownFrom::LapStartThenStop {
            // Sown apart, round the sower's own rows the board's way; the
            // relay goes on from the lap's last house, or the move ends.
            let single = if pos.at(into) == 1 { pos.take(into) } else { 0 };
            let ring = board.ring_in(board.owner(origin), false);
            let mut house = into;
            trace.record(Event::Relay {
                house: into,
                seeds: seeds + single,
            });
            for _ in 0..seeds + single {
                house = ring.next(house);
                pos.add(house, 1);
                trace.record(Event::Drop {
                    house,
                    now: pos.at(house),
                });
            }
            return apart.then_some(last);
        }
        if self.sown_from == SownFrom::Last {
            pos.add(into, seeds);
            trace.record(Event::Drop {
                house: into,
                now: pos.at(into),
            });
        } else {
            // A single seed there goes with them (as Ludii sows).
            let single = if pos.at(into) == 1 { pos.take(into) } else { 0 };
            sown.handful = Some(seeds + single);
        }
        Some(into)
    }

    /// A lap of an opening move before any lap has sown into the mover's
    /// front row (`opening_takes_back_row`): ending in an occupied house
    /// of the mover's back row, it takes the opponent's back-row house of
    /// that column, where that holds seeds, to be sown on as the laps'
    /// captures are; anywhere else, or facing nothing, it relays as a lap
    /// that captures nothing. The house the relay lifts next, if any.
    // The lap's ending passed as `lap_capture` has it.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    pub(crate) fn opening_lap_capture<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        origin: usize,
        last: usize,
        goes_on: bool,
        may_capture: bool,
        sown: &mut Sown,
        trace: &mut T,
    ) -> Option<usize> {
        if goes_on
            && may_capture
            && board.is_house_of(last, me)
            && !board.is_front(last)
            && let Some(far) = board.behind(board.opposite(last))
            && pos.at(far) > 0
        {
            let seeds = pos.take(far);
            trace.record(Event::Capture { house: far, seeds });
            return self.sown_on(board, pos, origin, last, seeds, sown, trace);
        }
        goes_on.then_some(last)
    }

    /// Whether the last seed of a handful, sown into the opponent's `house`
    /// while the opponent takes what is sown in their row
    /// (`opponent_takes_sown`), stays there: it makes a count that captures.
    #[inline(never)]
    pub(crate) fn last_sown_stays(&self, pos: &Position, house: usize) -> bool {
        self.rules.iter().any(|rule| match *rule {
            CaptureRule::Count { counts, zone, .. } => {
                zone.allows(false)
                    && counts.contains(pos.at(house) + 1)
                    && pos.child_of(house).is_none()
            }
            _ => false,
        })
    }

    /// After a capture where the last seed fell: every house of the
    /// opponent's row holding one of `sweep_after_capture` (children's
    /// aside) goes to the mover. Gives the seeds taken.
    #[inline(never)]
    pub(crate) fn sweep_after_capture<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        trace: &mut T,
    ) -> u8 {
        let lo = board.row_start(me.opponent());
        let kept = pos.kept_houses();
        let mut taken = 0;
        for house in lo..lo + board.houses_per_side() {
            if self.sweep_after_capture.contains(pos.at(house)) && kept >> house & 1 == 0 {
                let seeds = capture_house(pos, house, trace);
                taken += seeds;
            }
        }
        pos.add(board.store(me), taken);
        taken
    }

    /// After a capture where the last seed fell: the houses `taken` (a mask
    /// of houses), chosen by the mover among the opponent's
    /// (`chosen_after`), go to the mover. Gives the seeds taken.
    #[inline(never)]
    pub(crate) fn take_chosen<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        taken: u64,
        trace: &mut T,
    ) -> u8 {
        let mut seeds_taken = 0;
        let mut houses = taken;
        while houses != 0 {
            let house = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            let seeds = capture_house(pos, house, trace);
            seeds_taken += seeds;
        }
        pos.add(board.store(me), seeds_taken);
        seeds_taken
    }

    /// After a move's captures: when the board holds between 1 and
    /// `last_seeds_to_mover` seeds (children's aside), the mover takes them,
    /// or the round's starter (`last_seeds_to_starter`). Gives the seeds the
    /// mover took.
    #[inline(never)]
    pub(crate) fn take_last_seeds<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        trace: &mut T,
    ) -> u8 {
        let children = pos.child_houses();
        let free = |house: usize| children >> house & 1 == 0;
        let zone = self.last_seeds_counted_in;
        let counted: u32 = (0..board.houses())
            .filter(|&h| free(h) && zone.allows_house(board, pos, me, h))
            .map(|h| pos.at(h) as u32)
            .sum();
        if counted == 0 || counted > self.last_seeds_to_mover as u32 {
            return 0;
        }
        let left: u32 = (0..board.houses())
            .filter(|&h| free(h))
            .map(|h| pos.at(h) as u32)
            .sum();
        for house in (0..board.houses()).filter(|&h| free(h)) {
            if pos.at(house) > 0 {
                capture_house(pos, house, trace);
            }
        }
        // A position that does not say who started the round is taken as
        // a round's start, as a game takes it.
        let taker = if self.last_seeds_to_starter {
            pos.get(STARTER).unwrap_or(me)
        } else {
            me
        };
        pos.add(board.store(taker), left as u8);
        if taker == me { left as u8 } else { 0 }
    }

    /// The capture before the house played, `from`, is sown: the seeds
    /// taken and the part of them from the opponent's row.
    #[inline]
    pub(crate) fn take_before_sowing<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        from: usize,
        trace: &mut T,
    ) -> (u8, u32) {
        let (house, seeds) = match self.before_sowing {
            BeforeSowing::None => return (0, 0),
            // One seed is taken from the house before it is lifted: the
            // same as taking it from the handful.
            BeforeSowing::OneSeed => {
                let held = pos.take(from);
                if held == 0 {
                    return (0, 0);
                }
                pos.add(from, held - 1);
                (from, 1)
            }
            BeforeSowing::SingleTakesOpposite => {
                let opposite = board.opposite(from);
                if pos.at(from) != 1 || pos.at(opposite) == 0 || pos.child_of(opposite).is_some() {
                    return (0, 0);
                }
                (opposite, pos.take(opposite))
            }
            BeforeSowing::SinglesTakeOpposite => {
                let n = board.houses_per_side();
                let (mut seeds, mut from_opponent) = (0u8, 0u32);
                for house in me.index() * n..(me.index() + 1) * n {
                    let opposite = board.opposite(house);
                    if pos.at(house) != 1
                        || pos.at(opposite) == 0
                        || pos.child_of(opposite).is_some()
                    {
                        continue;
                    }
                    let taken = pos.take(opposite);
                    trace.record(Event::Capture {
                        house: opposite,
                        seeds: taken,
                    });
                    pos.add(board.store(me), taken);
                    seeds += taken;
                    if board.owner(opposite) != me {
                        from_opponent += taken as u32;
                    }
                }
                return (seeds, from_opponent);
            }
        };
        trace.record(Event::Capture { house, seeds });
        pos.add(board.store(me), seeds);
        let from_opponent = if board.owner(house) == me {
            0
        } else {
            seeds as u32
        };
        (seeds, from_opponent)
    }

    /// The capture while sowing at `house`, which a seed (not the last) has
    /// just reached.
    #[inline]
    pub(crate) fn take_while_sowing<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        house: usize,
        sown: &mut Sown,
        trace: &mut T,
    ) {
        let Some(rule) = self.while_sowing else {
            return;
        };
        if !board.is_house(house) {
            return;
        }
        // Whose the house is now: territory moves houses between players.
        let own = pos.owner(house) == me;
        if !rule.zone.allows(own) || !rule.counts.contains(pos.at(house)) {
            return;
        }
        let seeds = capture_house(pos, house, trace);
        if rule.by == Taker::Owner && !own {
            // The opponent takes their own house: no capture of the mover's.
            pos.add(board.store(me.opponent()), seeds);
            return;
        }
        pos.add(board.store(me), seeds);
        sown.captured += seeds;
        if !own {
            sown.captured_from_opponent += seeds as u32;
        }
    }
}

impl Plan {
    /// Empties the houses the plan takes, as its planning found them; the
    /// seeds are then the caller's to put away.
    #[inline(always)]
    fn empty_houses<T: Trace>(
        self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        last: usize,
        trace: &mut T,
    ) {
        match self.rule {
            CaptureRule::Count { .. } => self.empty_count(board, pos, me, last, trace),
            CaptureRule::Cross { .. } | CaptureRule::CrossCounts { .. } => {
                self.empty_cross(board, pos, me, last, trace)
            }
            CaptureRule::OpponentStore => {
                capture_house(pos, board.store(me.opponent()), trace);
            }
            CaptureRule::CrossThenAny { .. } | CaptureRule::MatchOpposite { .. } => {
                let mut taken = self.rule.houses_taken(board, pos, me, last, self.reverse);
                while taken != 0 {
                    capture_house(pos, taken.trailing_zeros() as usize, trace);
                    taken &= taken - 1;
                }
            }
            CaptureRule::SowingSeed { .. } => {
                capture_house(pos, last, trace);
            }
            CaptureRule::Sweep { counts } => {
                let lo = board.row_start(me.opponent());
                let children = pos.kept_houses();
                for house in lo..lo + board.houses_per_side() {
                    if counts.contains(pos.at(house)) && children >> house & 1 == 0 {
                        capture_house(pos, house, trace);
                    }
                }
            }
            CaptureRule::Singletons { zone } => {
                let kept = pos.kept_houses();
                for house in 0..board.houses() {
                    if pos.at(house) == 1
                        && kept >> house & 1 == 0
                        && zone.allows_house(board, pos, me, house)
                    {
                        capture_house(pos, house, trace);
                    }
                }
            }
            CaptureRule::PullAcross { .. } => {
                let opposite = board.opposite(last);
                let seeds = capture_house(pos, opposite, trace);
                pos.add(last, seeds);
            }
            CaptureRule::GiveStore { .. } => {
                let seeds = pos.take(board.store(me));
                pos.add(board.store(me.opponent()), seeds);
            }
            CaptureRule::AcrossGap {
                zone,
                take_opposite,
                ..
            } => {
                let ring = board.ring_in(me, self.reverse);
                let mut house = last;
                for _ in 0..self.holes {
                    house = open_after(ring, pos, open_after(ring, pos, house));
                    capture_house(pos, house, trace);
                }
                if take_opposite
                    && self.holes > 0
                    && let Some(opposite) = opposite_taken(board, pos, me, house, zone)
                {
                    capture_house(pos, opposite, trace);
                }
            }
            CaptureRule::Next { .. } => {
                let ring = board.ring_in(me, self.reverse);
                let mut house = last;
                for _ in 0..self.holes {
                    house = open_after(ring, pos, house);
                    capture_house(pos, house, trace);
                }
            }
            CaptureRule::NextFromEmpty {
                take_sowing_seed, ..
            } => {
                capture_house(pos, board.ring_in(me, self.reverse).next(last), trace);
                if take_sowing_seed {
                    capture_house(pos, last, trace);
                }
            }
        }
    }

    /// Empties a count capture's houses, walking back from `last`, each
    /// with the house across where `with_opposite`.
    #[inline(always)]
    fn empty_count<T: Trace>(
        self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        last: usize,
        trace: &mut T,
    ) {
        let CaptureRule::Count {
            zone,
            with_opposite,
            ..
        } = self.rule
        else {
            unreachable!("a count rule")
        };
        let mut house = last;
        let kept = pos.kept_houses();
        for _ in 0..self.holes {
            capture_house(pos, house, trace);
            let opposite = board.opposite(house);
            if with_opposite
                && pos.at(opposite) > 0
                && kept >> (opposite & 63) & 1 == 0
                && zone.allows_house(board, pos, me, opposite)
            {
                capture_house(pos, opposite, trace);
            }
            house = open_before(board, pos, house, self.reverse);
        }
    }

    /// Empties a cross capture's houses: across from `last` (or behind
    /// it, or the whole column), behind too where the rule says so, the
    /// sowing seed's house where it is taken, then a chain's.
    #[inline(always)]
    fn empty_cross<T: Trace>(
        self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        last: usize,
        trace: &mut T,
    ) {
        let (CaptureRule::Cross {
            take_sowing_seed, ..
        }
        | CaptureRule::CrossCounts {
            take_sowing_seed, ..
        }) = self.rule
        else {
            unreachable!("a cross rule")
        };
        let opposite = cross_target_of(self.rule, board, pos, last);
        if let CaptureRule::Cross { column: true, .. } = self.rule {
            // Every house of the opponent's in the column that holds seeds.
            for house in [Some(opposite), board.behind(opposite)]
                .into_iter()
                .flatten()
            {
                if pos.at(house) > 0 {
                    capture_house(pos, house, trace);
                }
            }
        } else {
            capture_house(pos, opposite, trace);
        }
        if let CaptureRule::Cross { behind: true, .. } = self.rule
            && let Some(behind) = board.behind(opposite)
        {
            capture_house(pos, behind, trace);
        }
        if take_sowing_seed {
            capture_house(pos, last, trace);
        }
        if matches!(self.rule, CaptureRule::Cross { chain: true, .. }) {
            let ring = board.ring_in(me, self.reverse);
            let mut house = last;
            for _ in 1..self.holes {
                house = ring.next(house);
                capture_house(pos, board.opposite(house), trace);
            }
        }
    }
}

/// Empties `house` as a capture, recording it; returns the seeds taken.
#[inline(always)]
fn capture_house<T: Trace>(pos: &mut Position, house: usize, trace: &mut T) -> u8 {
    let seeds = pos.take(house);
    trace.record(Event::Capture { house, seeds });
    seeds
}

impl CaptureRule {
    #[inline(always)]
    fn applies(&self, board: &Board, pos: &Position, me: Side, last: usize, reverse: bool) -> bool {
        if !board.is_house(last) {
            return *self == CaptureRule::OpponentStore
                && last == board.store(me.opponent())
                && pos.at(last) > 0;
        }
        let own = board.owner(last) == me;
        // Whether the last seed's house is in `zone` (by row, or by owner).
        let here = |zone: ZoneMask| zone.allows_house(board, pos, me, last);
        match *self {
            CaptureRule::Count {
                counts,
                zone,
                played_only,
                ..
            } => {
                // A child is never captured, nor a house not played yet
                // where only those played are.
                here(zone)
                    && counts.contains(pos.at(last))
                    && pos.kept_houses() >> (last & 63) & 1 == 0
                    && (!played_only || pos.played_houses() >> (last & 63) & 1 != 0)
            }
            CaptureRule::Cross {
                zone,
                front_only,
                column: true,
                column_taken,
                last_any,
                ..
            } => {
                // Any house of the opponent's in the column that holds
                // seeds and is no child, or none where an empty column
                // captures too.
                let across = board.opposite(last);
                let behind = board.behind(across);
                let kept = pos.kept_houses();
                let held = || {
                    [Some(across), behind]
                        .into_iter()
                        .flatten()
                        .any(|h| pos.at(h) > 0 && kept >> (h & 63) & 1 == 0)
                };
                here(zone)
                    && (!front_only || board.is_front(last))
                    && (last_any || pos.at(last) == 1)
                    && match column_taken {
                        ColumnTaken::Always => true,
                        ColumnTaken::WhenHeld => held(),
                        // From a house that was empty, not two single seeds.
                        ColumnTaken::SparingSingles => {
                            held()
                                && !(pos.at(last) == 1
                                    && pos.at(across) == 1
                                    && behind.is_some_and(|b| pos.at(b) == 1))
                        }
                    }
            }
            CaptureRule::Cross {
                zone,
                front_only,
                reach,
                last_any,
                last_occupied,
                both_held,
                ..
            } => {
                // A child is never captured (a ram may be).
                let Some(target) = cross_target(reach, board, pos, last) else {
                    return false;
                };
                let last_holds = if last_occupied {
                    pos.at(last) > 1
                } else {
                    last_any || pos.at(last) == 1
                };
                here(zone)
                    && (!front_only || board.is_front(last))
                    && last_holds
                    && pos.at(target) > 0
                    && pos.kept_houses() >> (target & 63) & 1 == 0
                    && (!both_held || board.behind(target).is_some_and(|b| pos.at(b) > 0))
            }
            CaptureRule::CrossThenAny {
                zone,
                last_any,
                opposite,
                counts,
                ..
            } => {
                let across = board.opposite(last);
                here(zone)
                    && (last_any || pos.at(last) == 1)
                    && counts.contains(pos.at(across))
                    && opposite.allows_house(board, pos, me, across)
                    && pos.kept_houses() >> across & 1 == 0
            }
            CaptureRule::CrossCounts { zone, counts, .. } => {
                here(zone)
                    && pos.at(last) == 1
                    && counts.contains(pos.at(board.opposite(last)))
                    && pos.kept_houses() >> board.opposite(last) & 1 == 0
            }
            CaptureRule::GiveStore { zone } => {
                here(zone) && pos.at(last) == 1 && pos.at(board.store(me)) > 0
            }
            CaptureRule::PullAcross { zone } => {
                here(zone) && pos.at(last) == 1 && pos.at(board.opposite(last)) > 0
            }
            // A capture with nothing to take still counts as one
            // (MancalaGames flags it).
            CaptureRule::OpponentStore => false,
            CaptureRule::Sweep { .. } => {
                !own || last == board.row_start(me) + board.houses_per_side() - 1
            }
            CaptureRule::Singletons { zone } => {
                let kept = pos.kept_houses();
                (0..board.houses()).any(|house| {
                    pos.at(house) == 1
                        && kept >> house & 1 == 0
                        && zone.allows_house(board, pos, me, house)
                })
            }
            CaptureRule::SowingSeed { zone } => {
                // A child is never captured.
                here(zone) && pos.at(last) == 1 && pos.kept_houses() >> (last & 63) & 1 == 0
            }
            CaptureRule::MatchOpposite { .. } => {
                let opposite = board.opposite(last);
                // A child is never captured.
                pos.at(last) == pos.at(opposite)
                    && (pos.kept_houses() >> (last & 63) | pos.kept_houses() >> opposite) & 1 == 0
            }
            CaptureRule::NextFromEmpty { zone, .. } => {
                let next = board.ring_in(me, reverse).next(last);
                // A child is never captured.
                here(zone)
                    && pos.at(last) == 1
                    && board.is_house(next)
                    && pos.at(next) > 0
                    && pos.child_houses() >> (next & 63) & 1 == 0
            }
            CaptureRule::Next { counts, zone, .. } => {
                // Along the move (direction_by is refused with it).
                let next = board.ring_in(me, reverse).next(last);
                next_capturable(board, pos, me, next, counts, zone)
            }
            CaptureRule::AcrossGap { zone, occupied, .. } => {
                // Along the move (direction_by is refused with it).
                (!occupied || pos.at(last) > 1)
                    && across_gap(board, board.ring_in(me, reverse), pos, me, last, zone, 0)
                        .is_some()
            }
        }
    }

    /// The capture this rule makes at `last`, which it applies to
    /// ([`CaptureRule::applies`]): one method per kind of rule.
    #[inline(always)]
    fn plan(self, board: &Board, pos: &Position, me: Side, last: usize, reverse: bool) -> Plan {
        let (holes, haul) = match self {
            CaptureRule::Count { .. } => self.plan_count(board, pos, me, last, reverse),
            CaptureRule::Cross { .. } | CaptureRule::CrossCounts { .. } => {
                self.plan_cross(board, pos, me, last, reverse)
            }
            CaptureRule::Sweep { counts } => {
                let lo = board.row_start(me.opponent());
                let children = pos.kept_houses();
                let mut haul = Haul::default();
                let mut holes = 0;
                for house in lo..lo + board.houses_per_side() {
                    if counts.contains(pos.at(house)) && children >> house & 1 == 0 {
                        haul.add(board, me, house, pos.at(house));
                        holes += 1;
                    }
                }
                (holes, haul)
            }
            CaptureRule::Singletons { zone } => {
                let kept = pos.kept_houses();
                let mut haul = Haul::default();
                for house in 0..board.houses() {
                    if pos.at(house) == 1
                        && kept >> house & 1 == 0
                        && zone.allows_house(board, pos, me, house)
                    {
                        haul.add(board, me, house, 1);
                    }
                }
                (haul.take as usize, haul)
            }
            CaptureRule::SowingSeed { .. } => {
                let mut haul = Haul::default();
                haul.add(board, me, last, 1);
                (1, haul)
            }
            CaptureRule::CrossThenAny { .. } | CaptureRule::MatchOpposite { .. } => {
                let taken = self.houses_taken(board, pos, me, last, reverse);
                let mut take = 0u32;
                let mut from_opponent = 0u32;
                for house in (0..u64::BITS as usize).filter(|&h| taken >> (h & 63) & 1 == 1) {
                    take += pos.at(house) as u32;
                    if board.owner(house) != me {
                        from_opponent += pos.at(house) as u32;
                    }
                }
                let haul = Haul {
                    take: take as u8,
                    from_opponent,
                };
                (taken.count_ones() as usize, haul)
            }
            CaptureRule::OpponentStore => {
                // Seeds from a store are no seeds of the opponent's row.
                let haul = Haul {
                    take: pos.at(board.store(me.opponent())),
                    from_opponent: 0,
                };
                (1, haul)
            }
            CaptureRule::GiveStore { .. } | CaptureRule::PullAcross { .. } => (0, Haul::default()),
            CaptureRule::Next { .. } => self.plan_next(board, pos, me, last, reverse),
            CaptureRule::NextFromEmpty {
                take_sowing_seed, ..
            } => {
                let next = board.ring_in(me, reverse).next(last);
                let mut haul = Haul::default();
                haul.add(board, me, next, pos.at(next));
                if take_sowing_seed {
                    haul.add(board, me, last, 1);
                }
                (1, haul)
            }
            CaptureRule::AcrossGap { .. } => self.plan_across_gap(board, pos, me, last, reverse),
        };
        Plan {
            rule: self,
            holes,
            take: haul.take,
            from_opponent: haul.from_opponent,
            reverse,
        }
    }

    /// A count capture's houses, walking back from `last` while the chain
    /// goes on, each with the house across where `with_opposite`.
    #[inline(always)]
    fn plan_count(
        self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
    ) -> (usize, Haul) {
        let CaptureRule::Count {
            counts,
            zone,
            chain,
            chain_max,
            chain_zone,
            with_opposite,
            played_only,
        } = self
        else {
            unreachable!("a count rule")
        };
        let mut house = last;
        let mut holes = 0;
        let mut haul = Haul::default();
        // A chain never comes round to a house it has taken.
        let limit = board.houses_on_cycle().min(chain_max as usize);
        let mut allowed = zone;
        // Children are never taken, nor houses not played yet where only
        // those played are.
        let children = pos.kept_houses() | if played_only { !pos.played_houses() } else { 0 };
        // Houses taken so far: the chain stops at one taken across, and
        // none is taken twice.
        let mut taken = 0u64;
        loop {
            let seeds = pos.at(house);
            if !allowed.allows_house(board, pos, me, house)
                || !counts.contains(seeds)
                || (children | taken) >> house & 1 != 0
            {
                break;
            }
            taken |= 1 << house;
            haul.add(board, me, house, seeds);
            let opposite = board.opposite(house);
            if with_opposite
                && pos.at(opposite) > 0
                && (children | taken) >> (opposite & 63) & 1 == 0
                && zone.allows_house(board, pos, me, opposite)
            {
                haul.add(board, me, opposite, pos.at(opposite));
                taken |= 1 << opposite;
            }
            holes += 1;
            if !chain || holes == limit {
                break;
            }
            allowed = chain_zone;
            house = open_before(board, pos, house, reverse);
        }
        (holes, haul)
    }

    /// A cross capture's houses: across from `last` (or behind it, or the
    /// whole column), the sowing seed where it is taken too, then a chain's
    /// houses across from the empty houses after `last`.
    #[inline(always)]
    fn plan_cross(
        self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
    ) -> (usize, Haul) {
        let (CaptureRule::Cross {
            zone,
            take_sowing_seed,
            ..
        }
        | CaptureRule::CrossCounts {
            zone,
            take_sowing_seed,
            ..
        }) = self
        else {
            unreachable!("a cross rule")
        };
        let opposite = cross_target_of(self, board, pos, last);
        let behind = match self {
            CaptureRule::Cross { behind: true, .. } | CaptureRule::Cross { column: true, .. } => {
                board.behind(opposite)
            }
            _ => None,
        };
        let seeds = pos.at(opposite) + behind.map_or(0, |b| pos.at(b));
        let mut haul = Haul::default();
        haul.add(board, me, opposite, seeds);
        if take_sowing_seed {
            // The whole house (one seed, unless `into_occupied`).
            haul.add(board, me, last, pos.at(last));
        }
        // Houses across taken: the first, then the chain's.
        let mut holes = 1;
        if matches!(self, CaptureRule::Cross { chain: true, .. }) {
            let ring = board.ring_in(me, reverse);
            let kept = pos.kept_houses();
            let mut house = last;
            while holes < board.houses_per_side() {
                house = ring.next(house);
                let across = board.opposite(house);
                if !board.is_house(house)
                    || house == last
                    || pos.at(house) != 0
                    || !zone.allows_house(board, pos, me, house)
                    || pos.at(across) == 0
                    || kept >> across & 1 != 0
                {
                    break;
                }
                haul.add(board, me, across, pos.at(across));
                holes += 1;
            }
        }
        (holes, haul)
    }

    /// A next-house capture's houses: the open house after `last`, and
    /// after each taken while the chain goes on.
    #[inline(always)]
    fn plan_next(
        self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
    ) -> (usize, Haul) {
        let CaptureRule::Next {
            counts,
            zone,
            chain,
        } = self
        else {
            unreachable!("a next-house rule")
        };
        let ring = board.ring_in(me, reverse);
        let mut house = last;
        let mut holes = 0;
        let mut haul = Haul::default();
        while holes < board.houses() {
            let next = open_after(ring, pos, house);
            if !next_capturable(board, pos, me, next, counts, zone) {
                break;
            }
            haul.add(board, me, next, pos.at(next));
            holes += 1;
            house = next;
            if !chain {
                break;
            }
        }
        (holes, haul)
    }

    /// A capture across a gap: the house past each empty house after
    /// `last` while the chain goes on, then the house across from the last
    /// taken where `take_opposite`.
    #[inline(always)]
    fn plan_across_gap(
        self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
    ) -> (usize, Haul) {
        let CaptureRule::AcrossGap {
            zone,
            chain,
            take_opposite,
            ..
        } = self
        else {
            unreachable!("a capture across a gap")
        };
        let ring = board.ring_in(me, reverse);
        let mut house = last;
        let mut holes = 0;
        let mut haul = Haul::default();
        let children = pos.kept_houses();
        // The houses already taken count as empty.
        let mut taken = 0u64;
        while holes < board.houses()
            && let Some(target) = across_gap(board, ring, pos, me, house, zone, taken)
            && children >> target & 1 == 0
        {
            taken |= 1 << target;
            haul.add(board, me, target, pos.at(target));
            holes += 1;
            house = target;
            if !chain {
                break;
            }
        }
        if take_opposite
            && holes > 0
            && let Some(opposite) = opposite_taken(board, pos, me, house, zone)
        {
            haul.add(board, me, opposite, pos.at(opposite));
        }
        (holes, haul)
    }
}

/// Whether the house `next` may be captured by [`CaptureRule::Next`]: a
/// house of `zone`, not a child, holding one of `counts`.
#[inline]
fn next_capturable(
    board: &Board,
    pos: &Position,
    me: Side,
    next: usize,
    counts: CountSet,
    zone: ZoneMask,
) -> bool {
    board.is_house(next)
        && zone.allows_house(board, pos, me, next)
        && counts.contains(pos.at(next))
        && pos.child_houses() >> (next & 63) & 1 == 0
}

/// The place after `place` along `ring`, passing over blocked houses
/// (a round's unfilled houses): the house a capture looks at next.
#[inline]
fn open_after(ring: &crate::board::Ring, pos: &Position, place: usize) -> usize {
    let mut next = ring.next(place);
    while pos.is_blocked(next) {
        next = ring.next(next);
    }
    next
}

/// The house before `house` along a capture chain, passing over blocked
/// houses (a round's unfilled houses), as MancalaGames' chains do.
#[inline]
fn open_before(board: &Board, pos: &Position, house: usize, reverse: bool) -> usize {
    let mut before = board.back_in(house, reverse);
    while pos.is_blocked(before) && before != house {
        before = board.back_in(before, reverse);
    }
    before
}

/// The house opposite `captured` when a capture across the gap takes it
/// too (`take_opposite`): a house of `zone` holding seeds, not a child.
#[inline]
fn opposite_taken(
    board: &Board,
    pos: &Position,
    me: Side,
    captured: usize,
    zone: ZoneMask,
) -> Option<usize> {
    let opposite = board.opposite(captured);
    (pos.at(opposite) > 0
        && zone.allows_house(board, pos, me, opposite)
        && pos.kept_houses() >> (opposite & 63) & 1 == 0)
        .then_some(opposite)
}

/// The house two places after `from` along `ring`, when the one between
/// is an empty house and it is a house of `zone` holding seeds; the houses
/// in `taken` (a bit each) count as empty. Blocked houses are passed over.
#[inline]
fn across_gap(
    board: &Board,
    ring: &crate::board::Ring,
    pos: &Position,
    me: Side,
    from: usize,
    zone: ZoneMask,
    taken: u64,
) -> Option<usize> {
    let gap = open_after(ring, pos, from);
    let target = open_after(ring, pos, gap);
    (board.is_house(gap)
        && (pos.at(gap) == 0 || taken >> gap & 1 != 0)
        && board.is_house(target)
        && taken >> target & 1 == 0
        && pos.at(target) > 0
        && zone.allows_house(board, pos, me, target))
    .then_some(target)
}

/// Checks the stores against the captures: seeds given away wait in the
/// capturer's store only until that player's next move.
pub(crate) fn check_position(
    captures: &Captures,
    position: &Position,
) -> Result<(), PositionError> {
    let waiting = crate::board::STORE[position.to_move().opponent().index()];
    if captures.given_away && position.at(waiting) > 0 {
        return Err(PositionError::DropMissed {
            side: position.to_move().opponent(),
        });
    }
    Ok(())
}

impl Captures {
    /// Whether a last seed in `last` would face what the cross capture
    /// takes there, whatever `last` itself holds: `last` lies where the
    /// rule looks (the sower's front row, with `from_front_row`), and the
    /// opponent's houses across hold seeds as the rule asks (the house
    /// opposite; both of the column with `both_held`; any of it with
    /// `whole_column`; the one behind an empty house opposite with
    /// `behind_when_opposite_empty`). Where a lap may be sown the other
    /// way by choice (`[sowing] reverse_from`), this is where it is
    /// offered. False without a cross capture.
    pub(crate) fn faces_cross_capture(
        &self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
    ) -> bool {
        let Some(&CaptureRule::Cross {
            zone,
            front_only,
            reach,
            column,
            column_taken,
            both_held,
            ..
        }) = self
            .rules
            .iter()
            .find(|rule| matches!(rule, CaptureRule::Cross { .. }))
        else {
            return false;
        };
        if !board.is_house(last)
            || !zone.allows_house(board, pos, me, last)
            || (front_only && !board.is_front(last))
        {
            return false;
        }
        let kept = pos.kept_houses();
        let holds = |house: usize| pos.at(house) > 0 && kept >> (house & 63) & 1 == 0;
        let across = board.opposite(last);
        let behind = board.behind(across);
        if column {
            column_taken == ColumnTaken::Always || holds(across) || behind.is_some_and(holds)
        } else {
            match cross_target(reach, board, pos, last) {
                Some(target) => {
                    holds(target) && (!both_held || board.behind(target).is_some_and(holds))
                }
                None => false,
            }
        }
    }
}

impl CaptureRule {
    /// The houses a capture that takes a set of houses takes at `last`, as
    /// a mask (`CrossThenAny`, `MatchOpposite`; none for the others).
    fn houses_taken(
        &self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
    ) -> u64 {
        match *self {
            CaptureRule::CrossThenAny {
                opposite,
                counts,
                back,
                ..
            } => cross_then_any(board, pos, me, last, reverse != back, opposite, counts),
            CaptureRule::MatchOpposite { both_ways } => {
                matching_pairs(board, pos, me, last, reverse, both_ways)
            }
            _ => 0,
        }
    }
}

/// The houses a cross capture that goes on from any house takes
/// ([`CaptureRule::CrossThenAny`]), as a mask: the house opposite the last
/// seed's, then along `reverse`'s ring the house opposite each next house
/// while it lies in `opposite` and holds one of `counts` (a house taken
/// already holds none).
fn cross_then_any(
    board: &Board,
    pos: &Position,
    me: Side,
    last: usize,
    reverse: bool,
    opposite: ZoneMask,
    counts: CountSet,
) -> u64 {
    let kept = pos.kept_houses();
    let ring = board.ring_in(me, reverse);
    let mut taken = 1u64 << board.opposite(last);
    let mut house = last;
    loop {
        house = ring.next(house);
        if !board.is_house(house) || house == last {
            return taken;
        }
        let across = board.opposite(house);
        let seeds = if taken >> across & 1 == 1 {
            0
        } else {
            pos.at(across)
        };
        if !counts.contains(seeds)
            || !opposite.allows_house(board, pos, me, across)
            || kept >> across & 1 != 0
        {
            return taken;
        }
        taken |= 1u64 << across;
    }
}

/// The houses a capture of matching pairs takes (`match_opposite`), as a
/// mask: the last seed's house and the house opposite, then, with
/// `both_ways` above 1, the next houses along the sowing and the other way
/// from the house before the last seed's, each with the house opposite,
/// while they hold as many seeds as it (a house taken already holds none).
fn matching_pairs(
    board: &Board,
    pos: &Position,
    me: Side,
    last: usize,
    reverse: bool,
    both_ways: u8,
) -> u64 {
    let kept = pos.kept_houses();
    let pair = |house: usize| 1u64 << house | 1u64 << board.opposite(house);
    let matches = |house: usize, taken: u64| {
        if !board.is_house(house) {
            return false;
        }
        let opposite = board.opposite(house);
        let at = |h: usize| {
            if taken >> (h & 63) & 1 == 1 {
                0
            } else {
                pos.at(h)
            }
        };
        at(house) != 0 && at(house) == at(opposite) && kept & pair(house) == 0
    };
    let mut taken = pair(last);
    if both_ways < 2 {
        return taken;
    }
    let along = board.ring_in(me, reverse);
    let mut house = last;
    for _ in 1..both_ways {
        if !matches(along.next(house), taken) {
            break;
        }
        house = along.next(house);
        taken |= pair(house);
    }
    // Where the chain along the sowing stopped: the house after its last.
    let stopped = along.next(house);
    // The other way, from the house before the last seed's. MancalaGames'
    // engine counts a first house there that does not match as one of the
    // captures, and tries the next where the chain along the sowing
    // stopped; its recorded games agree.
    let back = board.ring_in(me, !reverse);
    let mut house = back.next(last);
    let mut first = true;
    for _ in 1..both_ways {
        if matches(house, taken) {
            taken |= pair(house);
            house = back.next(house);
        } else if first {
            house = stopped;
        } else {
            break;
        }
        first = false;
    }
    taken
}

/// The opponent's house a cross capture from `last` takes first, where it
/// reaches one ([`Reach`]).
#[inline(always)]
fn cross_target(reach: Reach, board: &Board, pos: &Position, last: usize) -> Option<usize> {
    let across = board.opposite(last);
    match reach {
        Reach::Opposite => Some(across),
        Reach::PastEmpty => board.behind(across).filter(|_| pos.at(across) == 0),
        Reach::OrBehind(least) if pos.at(across) < least => {
            board.behind(across).filter(|&b| pos.at(b) >= least)
        }
        Reach::OrBehind(_) => Some(across),
    }
}

/// [`cross_target`] of a cross rule found to capture: the house opposite
/// for the rules that never reach past it.
#[inline(always)]
fn cross_target_of(rule: CaptureRule, board: &Board, pos: &Position, last: usize) -> usize {
    match rule {
        CaptureRule::Cross { reach, .. } if reach != Reach::Opposite => {
            cross_target(reach, board, pos, last)
        }
        _ => None,
    }
    .unwrap_or_else(|| board.opposite(last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_runs_of_even_counts_read_as_even() {
        let mut evens = CountSet::default();
        for c in (2..=162).step_by(2) {
            evens.insert(c);
        }
        assert_eq!(counts_in_words(evens), "an even number of seeds (2 to 162)");
        let mut few = CountSet::default();
        for c in [2, 4, 6] {
            few.insert(c);
        }
        assert_eq!(counts_in_words(few), "2, 4 or 6");
    }
}
