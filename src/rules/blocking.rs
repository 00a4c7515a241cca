//! Blocked houses: houses of the opponent's row that a relay closes for the
//! rest of the game (MancalaGames' `blocks` with `sow_rule = SOW_BLKD_DIV`,
//! `SOW_BLKD_DIV_NR`: Nambayi, Deka, Embeli). The state lives in the
//! position ([`crate::Position::is_blocked`]).
//!
//! A house closes when a relay is about to lift it: the last seed of a
//! handful has brought that house of the opponent's row to `closes_at`. The
//! relay then lifts its seeds and sows on as usual, and the house, empty, is
//! blocked from then on. Sowing passes over the sower's own blocked houses;
//! a seed that reaches one of the opponent's leaves play. MancalaGames keeps
//! the seeds out of play in South's store, whoever sows them, and so does
//! this engine, so that positions read the same; the stores then decide
//! nothing (captures are refused beside blocking, and the goal must be
//! `deprive` or `immobilize`), the seeds in them count for nobody, and the
//! seeds in each row count for its owner where they lie (the only collect
//! allowed is `each_own_in_place`).
//!
//! The sowing is a case of the one sowing loop, `Rules::sow`: a variant
//! with blocked houses runs a relay instance of it (`LoopKind::of`), which
//! reads the rule once per move and compares the blocked houses in its
//! search for endless relays, so the plain instance never tests for them.

use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::sowing::{Continuation, Laps, OpeningSowing, RelayFrom, Sowing};
use super::{CompileError, Rules, err, in_range};
use crate::board::{Board, StoreSowing};
use crate::position::{Position, PositionError};
use crate::rules::capture::{BeforeSowing, Captures};
use crate::rules::{Children, Collect, Ending};

/// `[blocking]`: when a relay closes a house of the opponent's row.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "the table [blocking]")]
pub struct Section {
    /// The count the last seed of a handful must bring a house of the
    /// opponent's row to for that house to close, as the relay lifts it.
    pub closes_at: Spanned<i64>,
    /// Houses, counted from their owner's left (1 is the first), that never
    /// close (MancalaGames' `SOW_BLKD_DIV_NR`: each row's last house).
    #[serde(default)]
    pub never_in: Option<Spanned<Vec<i64>>>,
}

/// The compiled rule for blocked houses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocking {
    /// The count that closes a house.
    pub closes_at: u8,
    /// Houses (by house number) that never close.
    pub never: u64,
    /// The `never_in` places as written, for the sheet.
    pub never_in: u32,
}

/// What the other parts compiled to, for the combinations blocking refuses.
pub(crate) struct Context<'a> {
    pub sowing: &'a Sowing,
    pub board: &'a Board,
    pub captures: &'a Captures,
    pub children: Option<&'a Children>,
    pub endings: &'a [Ending],
    pub total: u32,
}

/// Compiles `[blocking]` for a board of `houses_per_side`.
pub(crate) fn compile(
    section: Option<&Spanned<Section>>,
    houses_per_side: usize,
    context: &Context<'_>,
) -> Result<Option<Blocking>, CompileError> {
    let Some(spanned) = section else {
        return Ok(None);
    };
    let table = spanned.span();
    let section = spanned.get_ref();
    let closes_at = in_range(&section.closes_at, 1, context.total as i64, "closes_at")? as u8;
    let Continuation::Relay { stops, from, .. } = context.sowing.continuation else {
        return err(
            table,
            "a house closes as a relay lifts it: [blocking] needs [sowing] relay = true",
        );
    };
    if from != RelayFrom::Last {
        return err(
            table,
            "[blocking] closes the house a relay lifts, the last seed's: relay_from = \"next\" is not supported with it",
        );
    }
    if stops.contains(closes_at) {
        return err(
            section.closes_at.span(),
            format!(
                "a relay stops at a house holding {closes_at} (relay_stops_on), so no house would ever close"
            ),
        );
    }
    if context.sowing.laps == Laps::SkipOrigin || context.sowing.first_in_origin {
        return err(
            table,
            "[blocking] sows every lap through the house played: not with skip_origin or first_seed_in_origin",
        );
    }
    if context.sowing.skip_opponent > 0
        || context.sowing.skip_full > 0
        || context.sowing.opening != OpeningSowing::AsUsual
        || context.sowing.relay_reverses
        || context.sowing.relay_needs_opponent_row
    {
        return err(
            table,
            "[blocking] is modelled for relay sowing that neither passes over houses for what they hold, sows the opening moves apart nor turns its relays back: not with skip_opponent_holding, skip_holding_at_least, [sowing] opening, relay_reverses or relay_needs_opponent_row",
        );
    }
    if context.board.store_sowing() != StoreSowing::None {
        return err(
            table,
            "[blocking] keeps the seeds out of play in South's store: the sowing may not pass through the stores (into_stores = \"none\")",
        );
    }
    let captures = context.captures;
    if !captures.rules.is_empty()
        || captures.while_sowing.is_some()
        || captures.before_sowing != BeforeSowing::None
        || context.children.is_some()
    {
        return err(
            table,
            "with [blocking] closing houses is the only way seeds leave the board, and South's store holds the seeds out of play: leave out the captures and [children]",
        );
    }
    if !context.endings.contains(&Ending::Immobilized) {
        return err(
            table,
            "with [blocking] the stores hold only seeds out of play and decide nothing: the goal must be \"deprive\" or \"immobilize\"",
        );
    }
    if context.endings.iter().any(|e| {
        !matches!(e, Ending::Immobilized | Ending::Deprived)
            && e.taken_by() != Some(Collect::EachOwnInPlace)
    }) {
        return Err((
            table,
            "with [blocking] the seeds in each row count for its owner where they lie, and the stores for nobody: every ending's taken_by must be \"each_own_in_place\"".into(),
            Some("write taken_by = \"each_own_in_place\" in [end] (ply_limit, repetition)".into()),
        ));
    }
    let mut never = 0u64;
    let mut never_in = 0u32;
    if let Some(places) = &section.never_in {
        never_in = super::row_places(places, houses_per_side, "never_in")?;
        never = never_in as u64 | (never_in as u64) << houses_per_side;
        if never_in.count_ones() as usize == houses_per_side {
            return err(
                places.span(),
                "never_in names every house, so no house ever closes: leave [blocking] out",
            );
        }
    }
    Ok(Some(Blocking {
        closes_at,
        never,
        never_in,
    }))
}

/// The sheet's paragraph on blocked houses.
pub(crate) fn describe(rules: &Rules, out: &mut String) {
    let Some(blocking) = rules.blocking else {
        return;
    };
    let _ = writeln!(out, "\nBlocked houses");
    let _ = writeln!(
        out,
        "  When the last seed of a handful brings a house of the opponent's row to {} and the relay goes on from it, that house closes: its seeds are lifted and sown on, and it stays blocked for the rest of the game.",
        blocking.closes_at
    );
    if blocking.never_in != 0 {
        let _ = writeln!(
            out,
            "  A row's {} never close{}.",
            super::places_in_words(blocking.never_in, "and"),
            if blocking.never_in.count_ones() == 1 {
                "s"
            } else {
                ""
            }
        );
    }
    if rules.captures.quiet_moves > 0 {
        let moves = rules.captures.quiet_moves;
        let _ = writeln!(
            out,
            "  The first {} close{} nothing.",
            if moves == 1 {
                "move".to_string()
            } else {
                format!("{moves} moves")
            },
            if moves == 1 { "s" } else { "" }
        );
    }
    let _ = writeln!(
        out,
        "  Sowing passes over your own blocked houses; a seed that reaches one of the opponent's leaves play, and a last seed that does ends the sowing. The seeds out of play are kept in South's store (as MancalaGames keeps them) and count for nobody; the seeds in each row count for its owner."
    );
}

/// The `blocked:` layer of a position: only in a variant with `[blocking]`,
/// never in a house that holds seeds (sowing passes a blocked house), and
/// never in a house that `never_in` keeps open.
pub(crate) fn check_position(
    blocking: Option<&Blocking>,
    position: &Position,
) -> Result<(), PositionError> {
    let blocked = position.blocked_houses();
    let n = position.houses_per_side();
    let label = |house| position.layout().label(house);
    if let Some(house) = (0..2 * n).find(|&h| position.is_blocked(h) && position.at(h) > 0) {
        return Err(PositionError::BlockedHoldsSeeds {
            house: label(house),
            seeds: position.at(house),
        });
    }
    // A round's unfilled houses may be any; a relay closes only some.
    let Some(blocking) = blocking else {
        return Ok(());
    };
    let never = blocked & blocking.never;
    if never != 0 {
        return Err(PositionError::BlockedNeverCloses {
            house: label(never.trailing_zeros() as usize),
        });
    }
    Ok(())
}
