//! The grand slam: a move that would capture every seed the opponent has.
//! Variants disagree on it, so it is a policy of its own, written in
//! `[capture] grand_slam` and applied by the engine once the sowing and the
//! capture plan are known.

use crate::word::FEED;
use std::fmt::Write as _;

use serde::Deserialize;

use super::Rules;
use crate::board::Board;
use crate::position::{Position, PositionError, Side};
use crate::trace::{Event, Trace};

/// What happens to a move that would capture every seed of the opponent.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum GrandSlam {
    /// The capture stands.
    #[default]
    Capture,
    /// The move is played but captures nothing (Oware Abapa, R6).
    NoCapture,
    /// The move is illegal.
    Forbidden,
    /// The capture stands and the capturer moves again at once, and that move
    /// must feed the opponent (Ouri, R2).
    CaptureThenFeed,
    /// The capture stands but for one house: the opponent's first house
    /// holding seeds, counted from the opponent's left (the rightmost seen
    /// from the capturer), keeps its seeds, unless it was the only one
    /// holding any (MancalaGames' `LEAVE_RIGHT`).
    LeaveRightmost,
    /// The capture stands, and the opponent, left without seeds, takes every
    /// seed left in the capturer's row; the board is then empty
    /// (MancalaGames' `OPP_GETS_REMAIN`).
    OpponentTakesRest,
}

impl GrandSlam {
    /// Whether a grand slam's captures are taken.
    #[inline]
    pub(crate) fn keeps_capture(self) -> bool {
        self != GrandSlam::NoCapture
    }
}

/// Whether the captures of a move make a grand slam: some came from the
/// opponent's row, and none is left there. `opponent_left` is what the
/// opponent's row holds once every capture of the move is taken.
#[inline]
pub(crate) fn is_grand_slam(from_opponent: u32, opponent_left: u32) -> bool {
    from_opponent > 0 && opponent_left == 0
}

/// With [`GrandSlam::LeaveRightmost`], the house that keeps its seeds in a
/// grand slam by `me`, read before the capture is taken, and its seeds:
/// the first occupied house of the opponent's row from the opponent's left,
/// when two or more are occupied.
pub(crate) fn rightmost_kept(board: &Board, pos: &Position, me: Side) -> Option<(usize, u8)> {
    let lo = board.row_start(me.opponent());
    let row = lo..lo + board.houses_per_side();
    let mut occupied = row.filter(|&h| pos.at(h) > 0);
    let keeper = occupied.next()?;
    occupied.next().map(|_| (keeper, pos.at(keeper)))
}

/// With [`GrandSlam::LeaveRightmost`], a grand slam's capture: every seed
/// of the opponent's row but the house `kept`'s goes to `me`'s store;
/// the seeds taken.
pub(crate) fn take_row_but<T: Trace>(
    board: &Board,
    pos: &mut Position,
    me: Side,
    kept: usize,
    trace: &mut T,
) -> u8 {
    let lo = board.row_start(me.opponent());
    let mut taken = 0;
    for house in (lo..lo + board.houses_per_side()).filter(|&h| h != kept) {
        let seeds = pos.take(house);
        if seeds > 0 {
            trace.record(Event::Capture { house, seeds });
            taken += seeds;
        }
    }
    pos.add(board.store(me), taken);
    taken
}

/// The sheet's line on the grand slam, when captures can make one.
pub(crate) fn describe(rules: &Rules, out: &mut String) {
    if rules.captures.rules.is_empty() && rules.captures.while_sowing.is_none() {
        return;
    }
    let slam = match rules.grand_slam {
        GrandSlam::Capture => "the capture stands",
        GrandSlam::NoCapture => "the move is played but captures nothing",
        GrandSlam::Forbidden => "the move may not be played",
        GrandSlam::CaptureThenFeed => {
            "the capture stands, and the capturer moves again at once and must feed"
        }
        GrandSlam::LeaveRightmost => {
            "the capture stands, but the opponent's occupied house furthest to your right keeps its seeds, unless it was their only occupied house"
        }
        GrandSlam::OpponentTakesRest => {
            "the capture stands, and the opponent takes every seed left in your row, which ends the game"
        }
    };
    let _ = writeln!(
        out,
        "  Grand slam (taking every seed the opponent has): {slam}."
    );
}

/// The `feed` word of a position: only when the side owed a feeding move
/// has no seed in its row, since the grand slam that made the debt took
/// them all (R2).
pub(crate) fn check_position(position: &Position) -> Result<(), PositionError> {
    if !position.get(FEED) {
        return Ok(());
    }
    let fed = position.to_move().opponent();
    match position.seeds_on_side(fed) {
        0 => Ok(()),
        seeds => Err(PositionError::FeedWithSeeds { fed, seeds }),
    }
}
