//! The turn: who moves next. Normally the opponent; a variant may give
//! another turn when the last seed falls in the sower's own store (Kalah),
//! and may make a player without seeds pass (Wouri, R11). The grand slam's
//! extra feeding move (R2) is the grand-slam policy's own.

use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::{CompileError, Rules, err, feeding};
use crate::board::{Board, StoreSowing};
use crate::position::Side;

/// `[turn]`: extra turns.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "the table [turn]")]
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
    /// When the last seed falls in either store (MancalaGames'
    /// `sow_stores = BOTH`; only with `into_stores = "both"`).
    LastSeedInAStore,
    /// When a capture is made where the last seed falls (MancalaGames'
    /// `capt_rturn = ALWAYS`).
    AfterCapture,
    /// As `AfterCapture`, but not on an extra turn a capture gave: a capture
    /// made on it passes the turn (MancalaGames' `capt_rturn = ONCE`). The
    /// position carries it (`again`).
    AfterCaptureOnce,
}

/// Compiled turn rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// When the sower moves again.
    pub extra_turn: ExtraTurn,
    /// When a player loses the turn instead of the game ending (written
    /// `[play] pass_when_empty` or `pass_when_no_move`).
    pub pass: Pass,
}

/// When the player to move passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pass {
    /// Never: a player who cannot move ends the game.
    Never,
    /// A player with no seeds while the opponent has some (Wouri, R11).
    WhenEmpty,
    /// A player with no legal move while the opponent has one (MancalaGames'
    /// `mustpass`).
    WhenNoMove,
}

/// Compiles `[turn]` and `[play] pass_when_empty`, `pass_when_no_move` for `board`.
pub(crate) fn compile(
    section: Option<&Section>,
    play: &feeding::Section,
    board: &Board,
    captures_at_last_seed: bool,
) -> Result<Turn, CompileError> {
    let extra_turn = section.map_or(ExtraTurn::Never, |s| *s.extra_turn.get_ref());
    if matches!(
        extra_turn,
        ExtraTurn::AfterCapture | ExtraTurn::AfterCaptureOnce
    ) && !captures_at_last_seed
    {
        return Err((
            section.map_or(0..0, |s| s.extra_turn.span()),
            "an extra turn after a capture where the last seed falls can never happen: no capture is made there".into(),
            Some("give [capture] a capture at the last seed, such as counts with last_seed, or make the children wegs".into()),
        ));
    }
    if extra_turn == ExtraTurn::LastSeedInOwnStore && board.store_sowing() == StoreSowing::None {
        return Err((
            section.map_or(0..0, |s| s.extra_turn.span()),
            "an extra turn for a last seed in the sower's own store can never happen: no store is sown into".into(),
            Some("add into_stores = \"own\" to [sowing]".into()),
        ));
    }
    if extra_turn == ExtraTurn::LastSeedInAStore && board.store_sowing() != StoreSowing::Both {
        return Err((
            section.map_or(0..0, |s| s.extra_turn.span()),
            "an extra turn for a last seed in either store needs a sowing that passes both stores"
                .into(),
            Some("add into_stores = \"both\" to [sowing], or say last_seed_in_own_store".into()),
        ));
    }
    let no_move = play.pass_when_no_move.as_ref().filter(|p| *p.get_ref());
    let pass = match (play.pass_when_empty, no_move) {
        (true, Some(p)) => {
            return err(
                p.span(),
                "pass_when_empty and pass_when_no_move are two answers to one question: keep one",
            );
        }
        (true, None) => Pass::WhenEmpty,
        (false, Some(_)) => Pass::WhenNoMove,
        (false, None) => Pass::Never,
    };
    Ok(Turn { extra_turn, pass })
}

impl Turn {
    /// Whether the sower, `me`, moves again after a sowing that ended at
    /// `last`. (An extra turn after a capture is the engine's to give: it
    /// is behind `Rules::capture_gates`.)
    #[inline]
    pub(crate) fn moves_again(&self, board: &Board, me: Side, last: usize) -> bool {
        match self.extra_turn {
            ExtraTurn::LastSeedInOwnStore => last == board.store(me),
            ExtraTurn::LastSeedInAStore => !board.is_house(last),
            ExtraTurn::Never | ExtraTurn::AfterCapture | ExtraTurn::AfterCaptureOnce => false,
        }
    }
}

/// The sheet's lines on the turn.
pub(crate) fn describe(rules: &Rules, out: &mut String) {
    let turn = rules.turn;
    let share = rules.playable.share_one;
    let unsown = rules.captures.cross_needs_opponent_sown;
    if turn.extra_turn == ExtraTurn::Never && turn.pass == Pass::Never && !share && !unsown {
        return;
    }
    let _ = writeln!(out, "\nThe turn");
    if share {
        let _ = writeln!(
            out,
            "  After sharing a seed with an opponent who had none, you move again."
        );
    }
    if unsown {
        let _ = writeln!(
            out,
            "  When your last seed falls alone in a house of your own row and the move has not sown into the opponent's row, you capture nothing and move again."
        );
    }
    if turn.extra_turn == ExtraTurn::LastSeedInOwnStore {
        let _ = writeln!(
            out,
            "  When the last seed falls in your own store, you move again."
        );
    }
    if turn.extra_turn == ExtraTurn::LastSeedInAStore {
        let _ = writeln!(
            out,
            "  When the last seed falls in either store, yours or the opponent's, you move again."
        );
    }
    if turn.extra_turn == ExtraTurn::AfterCapture {
        let _ = writeln!(
            out,
            "  When you capture where your last seed falls, you move again."
        );
    }
    if turn.extra_turn == ExtraTurn::AfterCaptureOnce {
        let _ = writeln!(
            out,
            "  When you capture where your last seed falls, you move again, but only once: a capture on that extra turn passes the turn."
        );
    }
    match turn.pass {
        Pass::Never => {}
        Pass::WhenEmpty => {
            let _ = writeln!(
                out,
                "  A player with no seeds loses the turn; the other moves again, as often as needed."
            );
        }
        Pass::WhenNoMove => {
            let _ = writeln!(
                out,
                "  A player with no legal move loses the turn while the other has one; the other moves again, as often as needed."
            );
        }
    }
}
