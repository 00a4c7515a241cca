//! The turn: who moves next. Normally the opponent; a variant may give
//! another turn when the last seed falls in the sower's own store (Kalah),
//! and may make a player without seeds pass (Wouri, R11). The grand slam's
//! extra feeding move (R2) is the grand-slam policy's own.

use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::{CompileError, Rules, feeding};
use crate::board::{Board, StoreSowing};
use crate::position::Side;

/// `[turn]`: extra turns.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// When the sower moves again.
    pub extra_turn: Spanned<ExtraTurn>,
}

/// When the sower moves again at once.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum ExtraTurn {
    /// Never: the turn passes to the opponent.
    #[default]
    Never,
    /// When the last seed falls in the sower's own store (Kalah).
    LastSeedInOwnStore,
}

/// Compiled turn rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// When the sower moves again.
    pub extra_turn: ExtraTurn,
    /// Whether a player with no seeds passes instead of the game ending
    /// (written `[play] pass_when_empty`).
    pub pass_when_empty: bool,
}

/// Compiles `[turn]` and `[play] pass_when_empty` for `board`.
pub(crate) fn compile(
    section: Option<&Section>,
    play: &feeding::Section,
    board: &Board,
) -> Result<Turn, CompileError> {
    let extra_turn = section.map_or(ExtraTurn::Never, |s| *s.extra_turn.get_ref());
    if extra_turn == ExtraTurn::LastSeedInOwnStore && board.store_sowing() == StoreSowing::None {
        return Err((
            section.map_or(0..0, |s| s.extra_turn.span()),
            "an extra turn for a last seed in the sower's own store can never happen: no store is sown into".into(),
            Some("add into_stores = \"own\" to [sowing]".into()),
        ));
    }
    Ok(Turn {
        extra_turn,
        pass_when_empty: play.pass_when_empty,
    })
}

impl Turn {
    /// Whether the sower, `me`, moves again after a sowing that ended at
    /// `last`.
    #[inline]
    pub(crate) fn moves_again(&self, board: &Board, me: Side, last: usize) -> bool {
        self.extra_turn == ExtraTurn::LastSeedInOwnStore && last == board.store(me)
    }
}

/// The sheet's lines on the turn.
pub(crate) fn describe(rules: &Rules, out: &mut String) {
    let turn = rules.turn;
    if turn.extra_turn == ExtraTurn::Never && !turn.pass_when_empty {
        return;
    }
    let _ = writeln!(out, "\nThe turn");
    if turn.extra_turn == ExtraTurn::LastSeedInOwnStore {
        let _ = writeln!(
            out,
            "  When the last seed falls in your own store, you move again."
        );
    }
    if turn.pass_when_empty {
        let _ = writeln!(
            out,
            "  A player with no seeds loses the turn; the other moves again, as often as needed."
        );
    }
}
