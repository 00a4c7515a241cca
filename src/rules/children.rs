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

use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::{CompileError, Rules, ZoneMask, err, in_range};
use crate::board::Board;
use crate::position::{PLACES, Position, Side};
use crate::rules::capture::Zone;
use crate::trace::{Event, Trace};

/// `[children]`: when the last seed makes its house the mover's child.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// The count the last seed must bring a house to for it to become a
    /// child of the mover (with `kind = "qur"`: the count of the house
    /// opposite). Required, but for `kind = "ram"`, where it is refused.
    #[serde(default)]
    pub made_at: Option<Spanned<i64>>,
    /// The row the house must be in, seen from the mover.
    #[serde(default = "either")]
    pub zone: Spanned<Zone>,
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
    /// What kind of children the houses become.
    #[serde(default)]
    pub kind: Option<Spanned<Kind>>,
}

/// What kind of children the houses become (MancalaGames' `child_type`).
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The house the last seed brings to `made_at` (`NORMAL`, `ONE_CHILD`).
    #[default]
    Normal,
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
    /// The count that makes a child.
    pub made_at: u8,
    /// Where, seen from the mover.
    pub zone: ZoneMask,
    /// At most one child each.
    pub one_each: bool,
    /// Houses (by house number) that never become children.
    pub never: u64,
    /// The `never_in` places as written, for the sheet.
    pub never_in: u32,
    /// No child beside another.
    pub apart: Option<Apart>,
    /// What kind of children.
    pub kind: Kind,
    /// With `kind = "ram"`: the seeds that make each house a ram.
    pub ram_at: [u8; PLACES],
}

/// Compiles `[children]` for a board of `houses_per_side`.
pub(crate) fn compile(
    section: Option<&Section>,
    houses_per_side: usize,
    total: u32,
) -> Result<Option<Children>, CompileError> {
    let Some(section) = section else {
        return Ok(None);
    };
    let kind = section.kind.as_ref().map_or(Kind::Normal, |k| *k.get_ref());
    let kind_span = section.kind.as_ref().map_or(0..0, |k| k.span());
    if kind == Kind::Ram {
        return compile_rams(section, kind_span);
    }
    let Some(made_at) = &section.made_at else {
        // Point at a key of the table, as there is none to point at.
        let span = [
            section.kind.as_ref().map(|k| k.span()),
            Some(section.zone.span()).filter(|s| !s.is_empty()),
            section.never_in.as_ref().map(|n| n.span()),
        ]
        .into_iter()
        .flatten()
        .next()
        .unwrap_or(0..0);
        return err(
            span,
            "[children] needs made_at: the count that makes a child",
        );
    };
    let made_at = in_range(made_at, 1, total as i64, "made_at")? as u8;
    if kind == Kind::Bull && made_at < 2 {
        return err(
            section.made_at.as_ref().map_or(0..0, |m| m.span()),
            "bulls pair made_at with made_at - 1 seeds: made_at must be 2 or more",
        );
    }
    let zone = ZoneMask::from_zone(*section.zone.get_ref());
    if !zone.any() {
        return err(
            section.zone.span(),
            "zone = \"none\" would never make a child: leave [children] out",
        );
    }
    let mut never = 0u64;
    let mut never_in = 0u32;
    if let Some(places) = &section.never_in {
        for &place in places.get_ref() {
            if place < 1 || place > houses_per_side as i64 {
                return err(
                    places.span(),
                    format!(
                        "never_in counts houses from their owner's left, 1 to {houses_per_side}; found {place}"
                    ),
                );
            }
            let offset = place as usize - 1;
            never_in |= 1 << offset;
            never |= 1 << offset | 1 << (houses_per_side + offset);
        }
        if never_in.count_ones() as usize == houses_per_side {
            return err(
                places.span(),
                "never_in names every house, so no child is ever made: leave [children] out",
            );
        }
    }
    Ok(Some(Children {
        made_at,
        zone,
        one_each: section.one_each,
        never,
        never_in,
        apart: section.apart,
        kind,
        ram_at: [0; PLACES],
    }))
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
    {
        return err(
            kind_span,
            "rams may stand in any house, for nobody: zone, one_each, never_in and apart do not apply to them",
        );
    }
    Ok(Some(Children {
        made_at: 0,
        zone: ZoneMask::from_zone(Zone::Either),
        one_each: false,
        never: 0,
        never_in: 0,
        apart: None,
        kind: Kind::Ram,
        ram_at: [0; PLACES],
    }))
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

    /// Makes the child, or children, that the last seed at `last` makes for
    /// `me`, if any; after a sowing against the board's direction when
    /// `reverse`. True when one was made (instead of any capture).
    #[inline]
    pub(crate) fn make<T: Trace>(
        &self,
        board: &Board,
        pos: &mut Position,
        me: Side,
        last: usize,
        reverse: bool,
        trace: &mut T,
    ) -> bool {
        let mut child = |pos: &mut Position, house: usize| {
            pos.set_child(house, Some(me));
            trace.record(Event::Child { house, side: me });
        };
        match self.kind {
            Kind::Normal | Kind::Bull | Kind::Qur => {
                if !self.made(board, pos, me, last, reverse) {
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

    /// Whether the last seed, at `last`, makes its house `me`'s child.
    #[inline]
    pub(crate) fn made(
        &self,
        board: &Board,
        pos: &Position,
        me: Side,
        last: usize,
        reverse: bool,
    ) -> bool {
        if !board.is_house(last) {
            return false;
        }
        let count_ok = match self.kind {
            Kind::Normal => pos.at(last) == self.made_at,
            Kind::Bull => {
                pos.at(last) == self.made_at || self.bull_pair(board, pos, last, reverse).is_some()
            }
            Kind::Qur => pos.at(last) == 1 && pos.at(board.opposite(last)) == self.made_at,
            Kind::Ram => return false,
        };
        if !count_ok
            || pos.child_houses() >> last & 1 != 0
            || self.never >> last & 1 != 0
            || !self.zone.allows(board.owner(last) == me)
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
    let row = match children.zone.zone() {
        Zone::Opponent => "in the opponent's row",
        Zone::Own => "in your own row",
        _ => "in either row",
    };
    let one_each = if children.one_each {
        ", if you have no child yet (one each)"
    } else {
        ""
    };
    if children.kind == Kind::Qur {
        let _ = writeln!(
            out,
            "  When your last seed falls in an empty house {row} and the house opposite holds {}, both houses become your children instead of any capture{one_each}.",
            children.made_at,
        );
    } else {
        let _ = writeln!(
            out,
            "  When your last seed makes a house {row} hold {}, that house becomes your child instead of any capture{one_each}.",
            children.made_at,
        );
    }
    if children.kind == Kind::Bull {
        let _ = writeln!(
            out,
            "  When the last house and the house before it hold {} and {} seeds, in either order, both become your children (bulls).",
            children.made_at - 1,
            children.made_at
        );
    }
    if children.never_in != 0 {
        let places: Vec<String> = (0..32)
            .filter(|b| children.never_in >> b & 1 == 1)
            .map(|b| ordinal(b + 1))
            .collect();
        let _ = writeln!(
            out,
            "  A row's {} house{} never become{} a child.",
            places.join(" and "),
            if places.len() == 1 { "" } else { "s" },
            if places.len() == 1 { "s" } else { "" }
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
    let _ = writeln!(
        out,
        "  A child is never played and never captured; the seeds sown into it count for its owner, in the majority and at the end."
    );
    if rules.sowing.relays() {
        let _ = writeln!(
            out,
            "  A relay stops where it would make a child, and never lifts a child."
        );
    }
}

pub(crate) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
