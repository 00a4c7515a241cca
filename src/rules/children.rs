//! Children: houses that a last seed turns into one player's own, as
//! Toguz Kumalak's tuzdyk. A child keeps the seeds sown into it for its
//! owner: it is never played and never captured, and its seeds count for
//! its owner (in the majority, and when the game ends). The state lives in
//! the position ([`crate::Position::child_of`]).
//!
//! The child is made in the capture phase: where the last seed falls, before
//! any capture rule is tried; a move that makes a child captures nothing.

use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::{CompileError, Rules, ZoneMask, err, in_range};
use crate::board::Board;
use crate::position::{Position, Side};
use crate::rules::capture::Zone;

/// `[children]`: when the last seed makes its house the mover's child.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// The count the last seed must bring a house to for it to become a
    /// child of the mover.
    pub made_at: Spanned<i64>,
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
    let made_at = in_range(&section.made_at, 1, total as i64, "made_at")? as u8;
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
    }))
}

impl Children {
    /// Whether the last seed, at `last`, makes its house `me`'s child.
    #[inline]
    pub(crate) fn made(&self, board: &Board, pos: &Position, me: Side, last: usize) -> bool {
        if !board.is_house(last)
            || pos.at(last) != self.made_at
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
    let row = match children.zone.zone() {
        Zone::Opponent => "in the opponent's row",
        Zone::Own => "in your own row",
        _ => "in either row",
    };
    let _ = writeln!(
        out,
        "  When your last seed makes a house {row} hold {}, that house becomes your child instead of any capture{}.",
        children.made_at,
        if children.one_each {
            ", if you have no child yet (one each)"
        } else {
            ""
        }
    );
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
