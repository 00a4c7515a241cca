//! Children: houses that a last seed turns into one player's own, as
//! Toguz Kumalak's tuzdyk. A child keeps the seeds sown into it for its
//! owner: it is never played and never captured, and its seeds count for
//! its owner (in the majority, and when the game ends). The state lives in
//! the position ([`crate::Position::child_of`]).
//!
//! The child is made in the capture phase: where the last seed falls, before
//! any capture rule is tried; a move that makes a child captures nothing.
//!
//! Other kinds (`kind`): bulls (the house before the last may become a
//! child with it), qurs (a pair across the board), and rams (houses holding
//! enough seeds to sow round to their own row again, nobody's child).

use crate::word::{NO_CHILDREN, WAITING};
use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::ending::{Collect, Ending};
use super::{CompileError, Rules, ZoneMask, err, in_range};
use crate::board::Board;
use crate::position::{PLACES, Position, PositionError, Side};
use crate::rules::capture::Zone;
use crate::trace::{Event, Trace};

/// `[children]`: when the last seed makes its house the mover's child.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "the table [children]")]
pub struct Section {
    /// The count the last seed must bring a house to for it to become a
    /// child of the mover (with `kind = "qur"`: the count of the house
    /// opposite). Left out when no child is made during the game, only the
    /// children it starts with (`at_start`); refused with `kind = "ram"`.
    #[serde(default)]
    pub made_at: Option<Spanned<i64>>,
    /// The row the house must be in, seen from the mover.
    #[serde(default = "either")]
    pub zone: Spanned<Zone>,
    /// What `zone` reads: the row a house lies in (`"row"`, the default),
    /// or who owns it now (`"owner"`, with `[rounds] territory`).
    #[serde(default)]
    pub zone_by: Option<Spanned<ZoneBy>>,
    /// Whether each player may have one child at most.
    #[serde(default)]
    pub one_each: bool,
    /// Houses, counted from their owner's left (1 is the first), that never
    /// become children.
    #[serde(default)]
    pub never_in: Option<Spanned<Vec<i64>>>,
    /// No child where the other row already has one: in the house at the
    /// same place from its owner's left (`"mirror"`), or in the house
    /// opposite (`"facing"`).
    #[serde(default)]
    pub apart: Option<Apart>,
    /// The only houses of the mover's own row, counted from their owner's
    /// left, where the mover may make a child (with `in_opponent_row`,
    /// instead of `zone` and `never_in`).
    #[serde(default)]
    pub in_own_row: Option<Spanned<Vec<i64>>>,
    /// The only houses of the opponent's row, counted from their owner's
    /// left, where the mover may make a child.
    #[serde(default)]
    pub in_opponent_row: Option<Spanned<Vec<i64>>>,
    /// Houses, counted from their owner's left, that are each player's own
    /// child at the start of the game.
    #[serde(default)]
    pub at_start: Option<Spanned<Vec<i64>>>,
    /// What kind of children the houses become.
    #[serde(default)]
    pub kind: Option<Spanned<Kind>>,
    /// Whether the opponent's sowing drops seeds into a child: `"always"`
    /// (the default), `"never"` (passed over), `"last_seed_only"` (passed
    /// over, except by the last seed of a handful).
    #[serde(default)]
    pub opponent_sows: Option<Spanned<OpponentSows>>,
    /// The players have no stores, only children: a capture is made only by
    /// a player who has a child, and goes into their first child; the seeds
    /// collected at the end go to children too.
    #[serde(default)]
    pub child_is_store: Option<Spanned<bool>>,
    /// Whether a handful of a single seed makes no child: the last lap's
    /// handful, where a relay sows on (MancalaGames' `child_rule =
    /// OPPS_ONLY_NOT_1ST`; Bao).
    #[serde(default)]
    pub not_by_single_seed: Option<Spanned<bool>>,
}

/// What kind of children the houses become (MancalaGames' `child_type`).
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The house the last seed brings to `made_at` (`NORMAL`, `ONE_CHILD`);
    /// an opponent's last seed falling in it does nothing more: it keeps
    /// the seed for its owner.
    #[default]
    Normal,
    /// As `normal`; and when an opponent's last seed falls in it, the sower
    /// takes that seed and one more (if it holds one), instead of any other
    /// capture (`WEG`).
    Weg,
    /// As `normal`; and when the last house and the house before it (against
    /// the sowing) hold `made_at` and `made_at - 1`, in either order, both
    /// become the mover's children (`BULL`).
    Bull,
    /// The last seed falls in an empty house and the house opposite holds
    /// `made_at`: both become the mover's children (`QUR`).
    Qur,
    /// After every move whose last seed falls in a house, each house holding
    /// enough seeds to sow round to its own row again is a ram, and any
    /// other is not: a ram is never played, may be captured, and its seeds
    /// count for nobody (`RAM`).
    Ram,
}

/// Whether the opponent's sowing drops seeds into a child.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum OpponentSows {
    /// Like any house.
    #[default]
    Always,
    /// Never: the opponent's sowing passes over it.
    Never,
    /// Only the last seed of a handful; the others pass over it.
    LastSeedOnly,
}

/// What a child's `zone` reads.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum ZoneBy {
    /// The row the house lies in.
    #[default]
    Row,
    /// Who owns the house now: in a territory game, a house of either row
    /// (MancalaGames' `OPP_OWNER_ONLY`, `OWN_OWNER_ONLY`).
    Owner,
}

fn either() -> Spanned<Zone> {
    Spanned::new(0..0, Zone::Either)
}

/// Where a child may not be made, beside another.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Apart {
    /// Not in the house at the same place from its owner's left as a child
    /// in the other row (Toguz Kumalak: the two tuzdyks never share a number).
    Mirror,
    /// Not in the house facing a child.
    Facing,
}

/// The compiled rule for making children.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Children {
    /// The count that makes a child; 0 when none is ever made.
    pub made_at: u8,
    /// Where, seen from the mover.
    pub zone: ZoneMask,
    /// Whether the zone reads who owns a house now, not its row; `allowed`
    /// then leaves the zone out, and `Children::made` asks the position.
    pub zone_by_owner: bool,
    /// At most one child each.
    pub one_each: bool,
    /// Houses (by house number) that never become children.
    pub never: u64,
    /// The `never_in` places as written, for the sheet.
    pub never_in: u32,
    /// No child beside another.
    pub apart: Option<Apart>,
    /// What kind of children: normal, wegs, bulls, qurs or rams.
    pub kind: Kind,
    /// With `kind = "ram"`: the seeds that make each house a ram.
    pub ram_at: [u8; PLACES],
    /// Where each side may make a child (`[South, North]`), as a mask over
    /// house numbers: the zone, `never_in` and the `in_*_row` lists together.
    pub allowed: [u64; 2],
    /// The `in_own_row` and `in_opponent_row` places as written (bit `k` for
    /// the house `k + 1` from its owner's left), for the sheet; `None` when
    /// the zone says where.
    pub places: Option<[u32; 2]>,
    /// Each player's children at the start, as places from the owner's left.
    pub at_start: u32,
    /// Whether the opponent's sowing drops seeds into a child.
    pub opponent_sows: OpponentSows,
    /// The players have no stores: captures and collected seeds go into a
    /// child.
    pub child_is_store: bool,
    /// A handful of a single seed makes no child (`not_by_single_seed`).
    pub not_by_single_seed: bool,
}

/// Compiles `[children]` for a board of `houses_per_side`.
pub(crate) fn compile(
    section: Option<&Spanned<Section>>,
    houses_per_side: usize,
    total: u32,
) -> Result<Option<Children>, CompileError> {
    let Some(section) = section else {
        return Ok(None);
    };
    let table = section.span();
    let section = section.get_ref();
    let kind = section.kind.as_ref().map_or(Kind::Normal, |k| *k.get_ref());
    let kind_span = section.kind.as_ref().map_or(0..0, |k| k.span());
    if kind == Kind::Ram {
        return compile_rams(section, kind_span);
    }
    let at_start = match &section.at_start {
        Some(places) => super::row_places(places, houses_per_side, "at_start")?,
        None => 0,
    };
    let made_at = compile_made_at(section, kind, kind_span, at_start, table.clone(), total)?;
    let zone = ZoneMask::from_zone(*section.zone.get_ref());
    if !zone.any() {
        return err(
            section.zone.span(),
            "zone = \"none\" would never make a child: leave [children] out",
        );
    }
    let zone_by_owner = section
        .zone_by
        .as_ref()
        .is_some_and(|z| *z.get_ref() == ZoneBy::Owner);
    let (never, never_in) = compile_never_in(section, houses_per_side)?;
    let places = compile_places(section, houses_per_side, made_at)?;
    let allowed = allowed_houses(places, zone, zone_by_owner, never, houses_per_side, made_at);
    if made_at == 0 && (places.is_some() || section.one_each || section.apart.is_some()) {
        return err(
            section
                .at_start
                .as_ref()
                .map_or(table.clone(), |p| p.span()),
            "without made_at no child is made during the game: where and how children are made does not apply",
        );
    }
    let opponent_sows = section
        .opponent_sows
        .as_ref()
        .map_or(OpponentSows::Always, |o| *o.get_ref());
    let child_is_store = section
        .child_is_store
        .as_ref()
        .is_some_and(|c| *c.get_ref());
    let not_by_single_seed = compile_not_by_single_seed(section, kind, made_at)?;
    Ok(Some(Children {
        not_by_single_seed,
        made_at,
        zone,
        zone_by_owner,
        one_each: section.one_each,
        never,
        never_in,
        apart: section.apart,
        allowed,
        places,
        at_start,
        kind,
        ram_at: [0; PLACES],
        opponent_sows,
        child_is_store,
    }))
}

/// `made_at`: the count that makes a child, of `total` seeds at most; 0
/// where the children are only those the game starts with (`at_start`).
/// Bulls pair it with one seed fewer.
fn compile_made_at(
    section: &Section,
    kind: Kind,
    kind_span: std::ops::Range<usize>,
    at_start: u32,
    table: std::ops::Range<usize>,
    total: u32,
) -> Result<u8, CompileError> {
    let made_at = match &section.made_at {
        Some(made_at) => in_range(made_at, 1, total as i64, "made_at")? as u8,
        // Bulls and qurs are made by counts: they need made_at, start
        // children or not.
        None if matches!(kind, Kind::Bull | Kind::Qur) => {
            return err(
                kind_span,
                "[children] needs made_at: the count that makes a child",
            );
        }
        None if at_start != 0 => 0,
        None => {
            return err(
                table,
                "[children] needs made_at (the count that makes a child) or at_start (the children the game starts with)",
            );
        }
    };
    if kind == Kind::Bull && made_at < 2 {
        return err(
            section.made_at.as_ref().map_or(0..0, |m| m.span()),
            "bulls pair made_at with made_at - 1 seeds: made_at must be 2 or more",
        );
    }
    Ok(made_at)
}

/// `never_in`: the places of a row where no child is made, as a mask over
/// house numbers (both rows) and as a mask over a row's places.
fn compile_never_in(section: &Section, houses_per_side: usize) -> Result<(u64, u32), CompileError> {
    let mut never = 0u64;
    let mut never_in = 0u32;
    if let Some(places) = &section.never_in {
        never_in = super::row_places(places, houses_per_side, "never_in")?;
        never = never_in as u64 | (never_in as u64) << houses_per_side;
        if never_in.count_ones() as usize == houses_per_side {
            return err(
                places.span(),
                "never_in names every house, so no child is ever made: leave [children] out",
            );
        }
    }
    Ok((never, never_in))
}

/// `in_own_row` and `in_opponent_row` on rows of `n` houses: the places
/// of the mover's own row and of the opponent's where a child is made
/// (`[own, opponent]`); none where the zone says.
fn compile_places(
    section: &Section,
    n: usize,
    made_at: u8,
) -> Result<Option<[u32; 2]>, CompileError> {
    Ok(match (&section.in_own_row, &section.in_opponent_row) {
        (None, None) => None,
        (own, opponent) => {
            let span = own
                .as_ref()
                .or(opponent.as_ref())
                .map_or(0..0, |p| p.span());
            if section.zone.span() != (0..0)
                || section.never_in.is_some()
                || section.zone_by.is_some()
            {
                return err(
                    span,
                    "in_own_row and in_opponent_row say where children are made: leave zone, zone_by and never_in out",
                );
            }
            let own = match own {
                Some(p) => super::row_places(p, n, "in_own_row")?,
                None => 0,
            };
            let opponent = match opponent {
                Some(p) => super::row_places(p, n, "in_opponent_row")?,
                None => 0,
            };
            if own == 0 && opponent == 0 && made_at != 0 {
                return err(
                    span,
                    "no place is named, so no child is ever made: leave made_at out",
                );
            }
            Some([own, opponent])
        }
    })
}

/// The houses where each player's last seed may make a child, on rows of
/// `n` houses, as masks over house numbers (`[South, North]`): the
/// `places` named, or else the `zone` but the houses `never` made one;
/// none without `made_at`.
fn allowed_houses(
    places: Option<[u32; 2]>,
    zone: ZoneMask,
    zone_by_owner: bool,
    never: u64,
    n: usize,
    made_at: u8,
) -> [u64; 2] {
    let row_mask = |side: usize, places: u32| (places as u64) << (side * n);
    let allowed = [0usize, 1].map(|me| {
        let other = 1 - me;
        match places {
            Some([own, opponent]) => row_mask(me, own) | row_mask(other, opponent),
            None => {
                let full = (1u32 << n) - 1;
                let mut mask = 0;
                // By owner, the zone is asked of the position move by move.
                if zone_by_owner || zone.allows(true) {
                    mask |= row_mask(me, full);
                }
                if zone_by_owner || zone.allows(false) {
                    mask |= row_mask(other, full);
                }
                mask & !never
            }
        }
    });
    if made_at == 0 { [0, 0] } else { allowed }
}

/// `not_by_single_seed`: whether a handful of a single seed makes no
/// child; it needs `made_at`, and a qur is always made by a single seed.
fn compile_not_by_single_seed(
    section: &Section,
    kind: Kind,
    made_at: u8,
) -> Result<bool, CompileError> {
    Ok(match &section.not_by_single_seed {
        Some(flag) if *flag.get_ref() && made_at == 0 => {
            return err(
                flag.span(),
                "without made_at no child is made during the game: not_by_single_seed does not apply",
            );
        }
        Some(flag) if *flag.get_ref() && kind == Kind::Qur => {
            return err(
                flag.span(),
                "a qur is made by a last seed falling alone in an empty house: not_by_single_seed does not apply to kind = \"qur\"",
            );
        }
        Some(flag) => *flag.get_ref(),
        None => false,
    })
}

/// `[children] kind = "ram"`: no other key applies; the counts come from
/// the board ([`Children::count_rams`]).
fn compile_rams(
    section: &Section,
    kind_span: std::ops::Range<usize>,
) -> Result<Option<Children>, CompileError> {
    if let Some(made_at) = &section.made_at {
        return err(
            made_at.span(),
            "a ram is made by the seeds that sow round to its own row again: leave made_at out with kind = \"ram\"",
        );
    }
    if section.one_each
        || section.never_in.is_some()
        || section.apart.is_some()
        || *section.zone.get_ref() != Zone::Either
        || section.zone_by.is_some()
        || section.in_own_row.is_some()
        || section.in_opponent_row.is_some()
        || section.at_start.is_some()
        || section.opponent_sows.is_some()
        || section.child_is_store.is_some()
        || section.not_by_single_seed.is_some()
    {
        return err(
            kind_span,
            "rams may stand in any house, for nobody: zone, zone_by, one_each, never_in, apart, in_own_row, in_opponent_row, at_start, opponent_sows, child_is_store and not_by_single_seed do not apply to them",
        );
    }
    Ok(Some(Children {
        made_at: 0,
        zone: ZoneMask::from_zone(Zone::Either),
        zone_by_owner: false,
        one_each: false,
        never: 0,
        never_in: 0,
        apart: None,
        allowed: [0, 0],
        places: None,
        at_start: 0,
        kind: Kind::Ram,
        ram_at: [0; PLACES],
        opponent_sows: OpponentSows::Always,
        child_is_store: false,
        not_by_single_seed: false,
    }))
}

/// What the children's rules make of a move's last seed
/// ([`Children::at_last_seed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LastSeed {
    /// The last seed fell in a weg of the opponent's: it and one more, this
    /// many seeds, went to the sower, instead of any capture.
    WegTaken(u8),
    /// The last seed made a child, instead of any capture.
    ChildMade,
    /// No child: the captures follow if true; false for a player without a
    /// store who has no child yet, who captures nothing.
    Captures(bool),
}

impl Children {
    /// With `kind = "ram"`, fills in the seeds that make each house a ram:
    /// enough for a sowing from it, along its owner's ring, to come back to
    /// its owner's row after the opponent's (one more when the first seed
    /// stays in the house played).
    pub(crate) fn count_rams(&mut self, board: &Board, first_in_origin: bool) {
        if self.kind != Kind::Ram {
            return;
        }
        for house in 0..board.houses() {
            let owner = board.owner(house);
            let ring = board.ring(owner);
            let (mut place, mut seeds, mut away) = (house, 0u32, false);
            loop {
                place = ring.next(place);
                seeds += 1;
                if board.is_house_of(place, owner.opponent()) {
                    away = true;
                } else if away && board.is_house(place) {
                    break;
                }
            }
            self.ram_at[house] = (seeds + first_in_origin as u32).min(255) as u8;
        }
    }

    /// Makes the child, or children, that the last seed of `sown` makes for
    /// `me`, if any. True when one was made (instead of any capture).
    #[inline]
    pub(crate) fn make<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        sown: &crate::rules::sowing::Sown,
        trace: &mut T,
    ) -> bool {
        let (last, reverse) = (sown.last, sown.reverse);
        let mut child = |pos: &mut Position, house: usize| {
            pos.set_child(house, Some(me));
            trace.record(Event::Child { house, side: me });
        };
        match self.kind {
            Kind::Normal | Kind::Weg | Kind::Bull | Kind::Qur => {
                if !self.made(board, pos, me, last, reverse, sown.last_handful()) {
                    return false;
                }
                child(pos, last);
                if self.kind == Kind::Qur {
                    child(pos, board.opposite(last));
                } else if self.kind == Kind::Bull
                    && let Some(before) = self.bull_pair(board, pos, last, reverse)
                {
                    child(pos, before);
                }
                true
            }
            Kind::Ram => false,
        }
    }

    /// With bulls: the house before `last` when the two hold `made_at` and
    /// `made_at - 1`, in either order, and it is no child.
    #[inline]
    fn bull_pair(
        &self,
        board: &Board,
        pos: &Position,
        last: usize,
        reverse: bool,
    ) -> Option<usize> {
        let before = board.back_in(last, reverse);
        let (a, b) = (pos.at(last), pos.at(before));
        let pair = (a == self.made_at && b == self.made_at - 1)
            || (b == self.made_at && a == self.made_at - 1);
        (pair && before != last && pos.child_houses() >> before & 1 == 0).then_some(before)
    }

    /// The children's step at a move's last seed, before any capture: a
    /// weg of the opponent's gives up seeds, or a child is made, instead of
    /// the capture.
    #[inline(never)]
    pub(crate) fn at_last_seed<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        sown: &crate::rules::sowing::Sown,
        trace: &mut T,
    ) -> LastSeed {
        let last = sown.last;
        // Without stores, only a player who has a child captures.
        let storeless = self.child_is_store && pos.children_of(me) == 0;
        if self.kind == Kind::Weg && !storeless && pos.child_of(last) == Some(me.opponent()) {
            // The last seed and one more go to the sower.
            let held = pos.take(last);
            let seeds = held.min(2);
            pos.add(last, held - seeds);
            pos.add(board.store(me), seeds);
            trace.record(Event::Capture { house: last, seeds });
            return LastSeed::WegTaken(seeds);
        }
        if self.make(board, pos, me, sown, trace) {
            return LastSeed::ChildMade;
        }
        LastSeed::Captures(!storeless)
    }

    /// The children's step after the capture: rams are counted again after
    /// every move whose last seed falls in a house.
    #[inline(never)]
    pub(crate) fn after_capture<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        last: usize,
        trace: &mut T,
    ) {
        if self.kind == Kind::Ram && board.is_house(last) {
            self.update_rams(board, pos, trace);
        }
    }

    /// Where the players have no stores (`child_is_store`), the seeds a move
    /// captured go on from the store into the mover's first child.
    #[inline(never)]
    pub(crate) fn store_captured(&self, board: &Board, pos: &mut Position, me: Side, captured: u8) {
        if self.child_is_store
            && let Some(child) = Children::first_child(pos, me)
        {
            let store = board.store(me);
            let stored = pos.take(store);
            pos.add(store, stored - captured);
            pos.add(child, captured);
        }
    }

    /// With rams: after a move whose last seed fell in a house, every house
    /// holding its ram count or more is a ram, and every other is not.
    pub(crate) fn update_rams<T: Trace>(&self, board: &Board, pos: &mut Position, trace: &mut T) {
        let rams = pos.rams();
        for house in 0..board.houses() {
            let ram = pos.at(house) >= self.ram_at[house];
            if ram != (rams >> house & 1 != 0) {
                pos.set_ram(house, ram);
                trace.record(Event::Ram { house, made: ram });
            }
        }
    }

    /// Whether the last seed, at `last`, of a handful of `handful` seeds
    /// makes its house `me`'s child.
    #[inline]
    pub(crate) fn made(
        &self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
        handful: u8,
    ) -> bool {
        if !board.is_house(last)
            || (self.not_by_single_seed && handful == 1)
            || pos.get(WAITING) == Some(me)
            || pos.get(NO_CHILDREN)
        {
            return false;
        }
        let count_ok = match self.kind {
            Kind::Normal | Kind::Weg => pos.at(last) == self.made_at,
            Kind::Bull => {
                pos.at(last) == self.made_at || self.bull_pair(board, pos, last, reverse).is_some()
            }
            Kind::Qur => pos.at(last) == 1 && pos.at(board.opposite(last)) == self.made_at,
            Kind::Ram => return false,
        };
        if !count_ok
            || pos.child_houses() >> (last & 63) & 1 != 0
            || self.allowed[me.index()] >> (last & 63) & 1 == 0
            || (self.zone_by_owner && !self.zone.allows(pos.owner(last) == me))
            || (self.one_each && pos.children_of(me) != 0)
        {
            return false;
        }
        match self.apart {
            None => true,
            Some(Apart::Mirror) => {
                let n = board.houses_per_side();
                let mirror = if last < n { last + n } else { last - n };
                pos.child_houses() >> mirror & 1 == 0
            }
            Some(Apart::Facing) => pos.child_houses() >> board.opposite(last) & 1 == 0,
        }
    }
}

/// The sheet's paragraph on children.
pub(crate) fn describe(rules: &Rules, out: &mut String) {
    let Some(children) = rules.children else {
        return;
    };
    let _ = writeln!(out, "\nChildren");
    if children.kind == Kind::Ram {
        let _ = writeln!(
            out,
            "  After every move whose last seed falls in a house, each house holding seeds enough to sow round to its own row again is a ram, and each other house is not."
        );
        let _ = writeln!(
            out,
            "  A ram is never played, but may be captured; its seeds count for nobody, and stay on the board at the end."
        );
        return;
    }
    if children.at_start != 0 {
        let places = super::places_in_words(children.at_start, "and");
        let _ = writeln!(
            out,
            "  Each player starts with {} in the {places} of their own row, counted from their left.",
            if children.at_start.count_ones() == 1 {
                "a child"
            } else {
                "children"
            }
        );
    }
    describe_making(&children, out);
    describe_where_never(&children, out);
    describe_in_play(rules, &children, out);
}

/// The sheet's sentences on how a child is made: where, by which count,
/// and what a bull or a qur adds.
fn describe_making(children: &Children, out: &mut String) {
    let row = match (children.zone.zone(), children.zone_by_owner) {
        (Zone::Opponent, false) => "in the opponent's row",
        (Zone::Own, false) => "in your own row",
        (Zone::Opponent, true) => "that the opponent owns (in either row)",
        (Zone::Own, true) => "that you own (in either row)",
        _ => "in either row",
    };
    let one_each = if children.one_each {
        ", if you have no child yet (one each)"
    } else {
        ""
    };
    let one_each = if children.not_by_single_seed {
        format!("{one_each}, unless that seed came in a handful of one")
    } else {
        one_each.to_string()
    };
    let places = places_in_rows(children);
    match (places, children.kind) {
        _ if children.made_at == 0 => {
            let _ = writeln!(out, "  No other child is ever made.");
        }
        (Some(places), Kind::Qur) => {
            let _ = writeln!(
                out,
                "  When your last seed falls in an empty house among these, and the house opposite holds {}, both houses become your children instead of any capture{one_each}: {places}.",
                children.made_at,
            );
        }
        (None, Kind::Qur) => {
            let _ = writeln!(
                out,
                "  When your last seed falls in an empty house {row} and the house opposite holds {}, both houses become your children instead of any capture{one_each}.",
                children.made_at,
            );
        }
        (Some(places), _) => {
            let _ = writeln!(
                out,
                "  When your last seed makes one of these houses hold {}, it becomes your child instead of any capture{one_each}: {places}.",
                children.made_at,
            );
        }
        (None, _) => {
            let _ = writeln!(
                out,
                "  When your last seed makes a house {row} hold {}, that house becomes your child instead of any capture{one_each}.",
                children.made_at,
            );
        }
    }
    if children.kind == Kind::Bull {
        let _ = writeln!(
            out,
            "  When the last house and the house before it hold {} and {} seeds, in either order, both become your children (bulls).",
            children.made_at - 1,
            children.made_at
        );
    }
}

/// The places named where a child is made (`in_own_row`,
/// `in_opponent_row`), in words; none where the zone says.
fn places_in_rows(children: &Children) -> Option<String> {
    children.places.map(|[own, opponent]| {
        let mut parts = Vec::new();
        if own != 0 {
            parts.push(format!(
                "the {} of your own row (from your left)",
                super::places_in_words(own, "or")
            ));
        }
        if opponent != 0 {
            parts.push(format!(
                "the {} of the opponent's row (from their left)",
                super::places_in_words(opponent, "or")
            ));
        }
        parts.join("; ")
    })
}

/// The sheet's sentences on where no child is made: the places of
/// `never_in`, and beside or facing another child.
fn describe_where_never(children: &Children, out: &mut String) {
    if children.never_in != 0 {
        let _ = writeln!(
            out,
            "  A row's {} never become{} a child.",
            super::places_in_words(children.never_in, "and"),
            if children.never_in.count_ones() == 1 {
                "s"
            } else {
                ""
            }
        );
    }
    match children.apart {
        None => {}
        Some(Apart::Mirror) => {
            let _ = writeln!(
                out,
                "  No child is made in the house at the same place, from its owner's left, as a child in the other row."
            );
        }
        Some(Apart::Facing) => {
            let _ = writeln!(out, "  No child is made facing another child.");
        }
    }
}

/// The sheet's sentences on a child in play: whose its seeds are, how
/// relays and the opponent's sowing meet it, wegs, and children that
/// are the stores.
fn describe_in_play(rules: &Rules, children: &Children, out: &mut String) {
    let majority = rules
        .endings
        .iter()
        .any(|e| matches!(e, Ending::Majority { .. }));
    let _ = writeln!(
        out,
        "  A child is never played and never captured; the seeds sown into it count for its owner{}.",
        if majority {
            ", in the majority and at the end"
        } else {
            " at the end"
        }
    );
    if rules.sowing.relays() {
        let _ = writeln!(
            out,
            "  A relay stops where {}, and never lifts a child.",
            if children.made_at == 0 {
                "its last seed falls in a child"
            } else {
                "it would make a child or its last seed falls in one"
            }
        );
    }
    match children.opponent_sows {
        OpponentSows::Always => {}
        OpponentSows::Never => {
            let _ = writeln!(out, "  Your sowing passes over the opponent's children.");
        }
        OpponentSows::LastSeedOnly => {
            let _ = writeln!(
                out,
                "  Your sowing passes over the opponent's children, except with the last seed of a handful."
            );
        }
    }
    if children.kind == Kind::Weg {
        let _ = writeln!(
            out,
            "  A weg: when your last seed falls in the opponent's child, you take that seed and one more (if there is one), instead of any other capture."
        );
    }
    if children.child_is_store {
        // Only an ending that gives the seeds left to a player collects any.
        let collects = rules.endings.iter().any(|e| {
            e.taken_by()
                .is_some_and(|c| !matches!(c, Collect::Nobody | Collect::Removed))
        });
        let _ = writeln!(
            out,
            "  There are no stores: your last seed captures only while you have a child, and what a move of yours captures goes into your first child (the lowest house number, South's row from its left, then North's){}.",
            if collects {
                "; at the end, the seeds each player collects go there too (all of them to the only player with a child; with no child at all, South's to South's first house and North's to North's last)"
            } else {
                ""
            }
        );
    }
}

impl Children {
    /// `side`'s first child: the lowest house number, if it has one.
    #[inline]
    pub(crate) fn first_child(pos: &Position, side: Side) -> Option<usize> {
        let mask = pos.children_of(side);
        (mask != 0).then(|| mask.trailing_zeros() as usize)
    }

    /// The children each player has at the start, as masks over house
    /// numbers (`[South, North]`).
    pub(crate) fn start_masks(&self, houses_per_side: usize) -> [u64; 2] {
        [0, 1].map(|side| (self.at_start as u64) << (side * houses_per_side))
    }
}

/// The `children:` layer of a position: only in a variant with children,
/// of the kind it makes (rams, or players' children), and, where a child is
/// made only at its last seed's house, only as the rules make them: no
/// more than `one_each` allows, only where `zone`, `never_in` or the
/// `in_*_row` lists allow (or where the game starts with one), and never
/// beside another where `apart` forbids it.
pub(crate) fn check_position(
    children: &Children,
    position: &Position,
) -> Result<(), PositionError> {
    let rams = children.kind == Kind::Ram;
    if rams && position.kept_houses() != 0 {
        return Err(PositionError::ChildrenKind {
            found: "a player's child",
            kind: "rams",
        });
    }
    if !rams && position.rams() != 0 {
        return Err(PositionError::ChildrenKind {
            found: "a ram (`R`)",
            kind: "players' children",
        });
    }
    if rams {
        return Ok(());
    }
    let n = position.houses_per_side();
    let label = |house: u64| position.layout().label(house.trailing_zeros() as usize);
    let start = children.start_masks(n);
    // Bulls and qurs make a second child beside the first, where the rules
    // of place are not asked: only one child a move is checked house by house.
    let one_a_move = matches!(children.kind, Kind::Normal | Kind::Weg);
    for side in Side::BOTH {
        let own = position.children_of(side);
        if children.one_each {
            let most = (if one_a_move { 1 } else { 2 }).max(children.at_start.count_ones());
            if own.count_ones() > most {
                return Err(PositionError::TooManyChildren {
                    side,
                    found: own.count_ones(),
                    most,
                });
            }
        }
        if !one_a_move {
            continue;
        }
        let mut misplaced = own & !children.allowed[side.index()] & !start[side.index()];
        if children.zone_by_owner {
            // A round's owners hold for the whole round, children with them.
            let owned = position.owned_houses(side);
            let zone = (if children.zone.allows(true) { owned } else { 0 })
                | (if children.zone.allows(false) {
                    !owned
                } else {
                    0
                });
            misplaced |= own & !zone & !start[side.index()];
        }
        if misplaced != 0 {
            let house = misplaced & misplaced.wrapping_neg();
            let rule = if children.made_at == 0 {
                "no child is made during the game, and the game starts with none there ([children] at_start)"
            } else if house & children.never != 0 {
                "no house there ever becomes a child ([children] never_in)"
            } else if children.zone_by_owner && house & children.allowed[side.index()] != 0 {
                "a player makes children only in houses of the owner that [children] zone names (zone_by = \"owner\")"
            } else if children.places.is_some() {
                "a player makes children only in the houses that [children] in_own_row and in_opponent_row name"
            } else {
                "a player makes children only in the row that [children] zone names"
            };
            return Err(PositionError::ChildOutOfPlace {
                house: label(house),
                side,
                rule,
            });
        }
    }
    if let Some(apart) = children.apart
        && one_a_move
        && children.at_start == 0
    {
        let all = position.kept_houses();
        for house in (0..2 * n).filter(|&h| all >> (h & 63) & 1 == 1) {
            let other = match apart {
                Apart::Mirror => (house + n) % (2 * n),
                Apart::Facing => 2 * n - 1 - house,
            };
            if all >> other & 1 == 1 {
                return Err(PositionError::ChildrenApart {
                    houses: [label(1 << house), label(1 << other)],
                    apart: match apart {
                        Apart::Mirror => "mirror",
                        Apart::Facing => "facing",
                    },
                });
            }
        }
    }
    Ok(())
}
