//! Endings: an ordered list of the ways a game ends, which [`crate::Game`]
//! walks after every move, and who takes the seeds left on the board.
//!
//! The list's order is fixed when the rules compile: first the endings that
//! read the position alone (majority, even split, few seeds left, an empty
//! row), then, after a player without seeds has passed, those that need the
//! game (repetition, no legal move, the ply limit). The first that fires
//! ends the game.

use crate::word::FEED;
use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::{CompileError, Rules, err, in_range};
use crate::position::{MAX_SEEDS, Position, Side};
use crate::trace::EndReason;

/// The most plies a variant's `ply_limit` may allow.
pub const MAX_PLY_LIMIT: i64 = 1_000_000;

/// Who takes the seeds left on the board when a game ends.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Collect {
    /// Each player takes the seeds in their own row into their store.
    EachOwn,
    /// Each player's seeds count for them, but stay where they are (as
    /// OpenSpiel's Kalah leaves them).
    EachOwnInPlace,
    /// The player who made the last capture takes them all (each their own if
    /// nobody has captured).
    LastCapturer,
    /// They stay on the board and count for nobody.
    Nobody,
    /// The player who made the last move takes them all.
    LastMover,
    /// They are taken off the board and count for nobody.
    Removed,
    /// They are shared out: half each, and an odd seed goes to the player
    /// with fewer seeds in store (North when the stores are level).
    Divided,
    /// The player who is not to move takes them all: after a
    /// [`Ending::CannotFeed`], the player left without seeds.
    Unfed,
}

impl Collect {
    fn in_words(self) -> &'static str {
        match self {
            Collect::EachOwn => "each player takes the seeds left in their own row",
            Collect::EachOwnInPlace => {
                "the seeds left in each row count for its owner, where they lie"
            }
            Collect::LastCapturer => "the player who captured last takes the seeds left",
            Collect::Nobody => "the seeds left stay on the board and count for nobody",
            Collect::LastMover => "the player who moved last takes the seeds left",
            Collect::Removed => "the seeds left are taken off the board and count for nobody",
            Collect::Divided => {
                "the seeds left are shared out, half each, an odd seed to the player with fewer in store (North when level)"
            }
            Collect::Unfed => "the player who has no seeds takes the seeds left",
        }
    }
}

/// What a player plays for.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// The most seeds at the end.
    #[default]
    MostSeeds,
    /// To empty one's own row first: after a move, a mover whose row is
    /// empty wins; else a player whose row is empty wins.
    Clear,
    /// To leave the opponent without seeds or without a move: after a move,
    /// a player whose row is empty loses (the mover's opponent first), and
    /// so does a player to move who has no legal move.
    Deprive,
    /// To leave the opponent without a move: a player to move who has no
    /// legal move loses; an empty row alone ends nothing (MancalaGames'
    /// `IMMOBILIZE`).
    Immobilize,
}

/// Whose row an ending watches, seen from the player who has just moved.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    /// The row of the player who has just moved.
    Mover,
    /// The row of that player's opponent.
    Opponent,
}

/// `[end.cleared_row]`: the game ends when one row is empty after a move.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a table `{ row = \"…\", taken_by = \"…\" }`")]
pub struct ClearedRowSection {
    /// Whose row.
    pub row: Whose,
    /// Who takes the seeds left.
    pub taken_by: Collect,
}

/// `[end.seeds_left]`: the game ends when few seeds are left.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a table `{ at_most = N, taken_by = \"…\" }`")]
pub struct SeedsLeftSection {
    /// The game ends when the board holds this many seeds or fewer.
    pub at_most: Spanned<i64>,
    /// Who takes them.
    pub taken_by: Collect,
    /// Whether it is judged before `majority` and `even_split_draw`, so
    /// that a move bringing both ends by the seeds left, taken first.
    #[serde(default)]
    pub before_majority: bool,
}

/// `[end.ply_limit]`: the game ends after a number of moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a table `{ plies = N, taken_by = \"…\" }`")]
pub struct PlyLimitSection {
    /// Moves played, by both players together.
    pub plies: Spanned<i64>,
    /// Who takes the seeds left.
    pub taken_by: Collect,
}

/// `[end]`: when the game ends and who takes the seeds left.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "the table [end]")]
pub struct Section {
    /// What the players play for.
    #[serde(default)]
    pub goal: Option<Spanned<Goal>>,
    /// The game ends when the watched row is empty after a move, checked
    /// before every other ending.
    #[serde(default)]
    pub cleared_row: Option<ClearedRowSection>,
    /// A store holding this many seeds ends the game at once; the seeds on the
    /// board stay where they are.
    #[serde(default)]
    pub majority: Option<Spanned<i64>>,
    /// Both stores holding exactly half the seeds ends the game as a draw.
    #[serde(default)]
    pub even_split_draw: Option<Spanned<bool>>,
    /// The game ends as soon as either row is empty, and who takes the seeds
    /// left in the other.
    #[serde(default)]
    pub either_row_empty: Option<Collect>,
    /// When the player to move has seeds, the opponent has none and no
    /// move feeds them, the game ends, and who takes the seeds left (before
    /// `no_move` is tried).
    #[serde(default)]
    pub cannot_feed: Option<Spanned<Collect>>,
    /// Who takes the seeds when the player to move has no legal move
    /// (required with the goal "most_seeds"; with "deprive" that player
    /// loses, and with "clear" the seeds decide as they lie).
    #[serde(default)]
    pub no_move: Option<Collect>,
    /// Whether a repeated position ends the game, and who takes the seeds.
    #[serde(default)]
    pub repetition: Option<Collect>,
    /// The game ends when this few seeds are left.
    #[serde(default)]
    pub seeds_left: Option<SeedsLeftSection>,
    /// The game ends after this many moves.
    #[serde(default)]
    pub ply_limit: Option<PlyLimitSection>,
    /// On three and four rows: after every move, a player whose back row
    /// is empty loses (Ludii's Kisolo).
    #[serde(default)]
    pub back_row_empty_loses: Option<Spanned<bool>>,
}

/// One way a game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The watched row is empty after a move.
    ClearedRow {
        /// Whose row.
        row: Whose,
        /// Who takes the seeds left.
        taken_by: Collect,
    },
    /// The goal "clear": a player whose row is empty wins, the mover first.
    Cleared,
    /// The goal "clear" where each player's houses are a half of the board
    /// (`[board] sides = "halves"`): a player whose half is empty wins, the
    /// mover first.
    ClearedHalf {
        /// Each side's houses, `[south, north]`, as masks over the houses.
        houses: [u64; 2],
    },
    /// The goal "deprive": a player whose row is empty loses, the mover's
    /// opponent first.
    Deprived,
    /// The goal "deprive": the player to move has no legal move and loses.
    Immobilized,
    /// A player whose back row is empty loses, the mover's opponent first
    /// (`back_row_empty_loses`, three and four rows).
    BackRowEmpty,
    /// A store holds `threshold` or more; the seeds on the board stay (R5).
    Majority {
        /// The winning count.
        threshold: u8,
    },
    /// Both stores hold half the seeds: a draw (R5).
    EvenSplit {
        /// Half the seeds.
        half: u8,
    },
    /// The board holds `at_most` seeds or fewer (R12).
    SeedsLeft {
        /// The threshold.
        at_most: u8,
        /// Who takes them.
        taken_by: Collect,
    },
    /// Either row is empty (Kalah).
    EitherRowEmpty {
        /// Who takes the seeds left.
        taken_by: Collect,
    },
    /// The position repeats one since the last capture (R4, R14).
    Repetition {
        /// Who takes the seeds left.
        taken_by: Collect,
    },
    /// The player to move has no legal move and the opponent's row is
    /// empty: the opponent cannot be fed.
    CannotFeed {
        /// Who takes the seeds left.
        taken_by: Collect,
    },
    /// The player to move has no legal move (R3).
    NoMove {
        /// Who takes the seeds left.
        taken_by: Collect,
    },
    /// The game has lasted `plies` moves.
    PlyLimit {
        /// The moves allowed.
        plies: u32,
        /// Who takes the seeds left.
        taken_by: Collect,
    },
}

/// What a game tells its endings: the position, the moves played, and the
/// facts that only the game can know.
pub(crate) trait GameFacts {
    /// The position now.
    fn position(&self) -> &Position;
    /// Moves played so far.
    fn plies(&self) -> usize;
    /// Whether the position repeats one since the last capture.
    fn repeats(&mut self) -> bool;
    /// Whether the player to move has no legal move.
    fn has_no_move(&mut self) -> bool;
    /// The player who made the last move, if any move was made.
    fn last_mover(&self) -> Option<Side>;
}

impl Ending {
    /// Who takes the seeds left when this ending fires.
    pub fn taken_by(&self) -> Option<Collect> {
        match *self {
            Ending::Majority { .. } | Ending::EvenSplit { .. } => Some(Collect::Nobody),
            Ending::Cleared
            | Ending::ClearedHalf { .. }
            | Ending::Deprived
            | Ending::BackRowEmpty
            | Ending::Immobilized => Some(Collect::Nobody),
            Ending::ClearedRow { taken_by, .. } => Some(taken_by),
            Ending::SeedsLeft { taken_by, .. }
            | Ending::EitherRowEmpty { taken_by }
            | Ending::Repetition { taken_by }
            | Ending::CannotFeed { taken_by }
            | Ending::NoMove { taken_by }
            | Ending::PlyLimit { taken_by, .. } => Some(taken_by),
        }
    }

    /// Whether the ending names the winner by a goal (clearing, depriving,
    /// immobilizing, an empty back row) rather than by the seeds each holds.
    pub fn is_goal(&self) -> bool {
        matches!(
            self,
            Ending::Cleared
                | Ending::ClearedHalf { .. }
                | Ending::Deprived
                | Ending::Immobilized
                | Ending::BackRowEmpty
        )
    }

    /// Whether the ending reads the position alone, and so is checked before
    /// a player without seeds passes.
    pub fn reads_position_only(&self) -> bool {
        matches!(
            self,
            Ending::ClearedRow { .. }
                | Ending::Cleared
                | Ending::ClearedHalf { .. }
                | Ending::Deprived
                | Ending::BackRowEmpty
                | Ending::Majority { .. }
                | Ending::EvenSplit { .. }
                | Ending::SeedsLeft { .. }
                | Ending::EitherRowEmpty { .. }
        )
    }

    /// Whether the game ends here, and if so why and who takes the seeds.
    #[inline(always)]
    pub(crate) fn fires(&self, game: &mut impl GameFacts) -> Option<(EndReason, Collect)> {
        let pos = game.position();
        // The player who has just moved; before any move, the one not to move.
        let mover = game.last_mover().unwrap_or(pos.to_move().opponent());
        let empty = |side: Side| pos.row_is_empty(side);
        let (reason, taken_by) = match *self {
            Ending::ClearedRow { row, taken_by } => {
                let side = match row {
                    Whose::Mover => mover,
                    Whose::Opponent => mover.opponent(),
                };
                // Seeds in children (and rams) leave a row cleared.
                if !empty(side) && !pos.row_is_empty_but_children(side) {
                    return None;
                }
                (EndReason::RowCleared, taken_by)
            }
            Ending::Cleared => {
                let winner = [mover, mover.opponent()].into_iter().find(|&s| empty(s))?;
                (EndReason::Cleared { winner }, Collect::Nobody)
            }
            Ending::ClearedHalf { houses } => {
                let half_empty = |side: Side| {
                    let mut mask = houses[side.index()];
                    while mask != 0 {
                        if pos.at(mask.trailing_zeros() as usize) != 0 {
                            return false;
                        }
                        mask &= mask - 1;
                    }
                    true
                };
                let winner = [mover, mover.opponent()]
                    .into_iter()
                    .find(|&s| half_empty(s))?;
                (EndReason::Cleared { winner }, Collect::Nobody)
            }
            Ending::Deprived => {
                let loser = [mover.opponent(), mover].into_iter().find(|&s| empty(s))?;
                let winner = loser.opponent();
                (EndReason::Deprived { winner }, Collect::Nobody)
            }
            Ending::BackRowEmpty => {
                let front = pos.layout().front();
                let loser = [mover.opponent(), mover]
                    .into_iter()
                    .find(|&s| pos.row(s)[front..].iter().all(|&seeds| seeds == 0))?;
                let winner = loser.opponent();
                (EndReason::Deprived { winner }, Collect::Nobody)
            }
            Ending::Immobilized => {
                let loser = pos.to_move();
                if !game.has_no_move() {
                    return None;
                }
                (
                    EndReason::Deprived {
                        winner: loser.opponent(),
                    },
                    Collect::Nobody,
                )
            }
            Ending::Majority { threshold } => {
                // The seeds a player has: the store, and any children.
                let [south, north] = if pos.child_houses() == 0 {
                    pos.stores().map(u32::from)
                } else {
                    Side::BOTH.map(|side| pos.claimed(side))
                };
                if south.max(north) < threshold as u32 {
                    return None;
                }
                (EndReason::Majority, Collect::Nobody)
            }
            Ending::EvenSplit { half } => {
                if Side::BOTH.map(|side| pos.claimed(side)) != [half as u32; 2] {
                    return None;
                }
                (EndReason::Majority, Collect::Nobody)
            }
            Ending::SeedsLeft { at_most, taken_by } => {
                // While a child stands, sowing into it can still change the
                // outcome: the ending waits.
                if pos.seeds_on_board() > at_most as u32 || pos.child_houses() != 0 {
                    return None;
                }
                (EndReason::SeedsLeft(at_most), taken_by)
            }
            Ending::EitherRowEmpty { taken_by } => {
                if !pos.row_is_empty(Side::South) && !pos.row_is_empty(Side::North) {
                    return None;
                }
                (EndReason::EmptyRow, taken_by)
            }
            Ending::Repetition { taken_by } => {
                if !game.repeats() {
                    return None;
                }
                (EndReason::Repetition, taken_by)
            }
            Ending::CannotFeed { taken_by } => {
                let opponent = pos.to_move().opponent();
                if !(pos.row_is_empty(opponent)
                    && !pos.row_is_empty(opponent.opponent())
                    && game.has_no_move())
                {
                    return None;
                }
                (EndReason::CannotFeed, taken_by)
            }
            Ending::NoMove { taken_by } => {
                if !game.has_no_move() {
                    return None;
                }
                if game.position().get(FEED) {
                    (EndReason::CannotFeedAfterSlam, taken_by)
                } else {
                    (EndReason::NoMove, taken_by)
                }
            }
            Ending::PlyLimit { plies, taken_by } => {
                if (game.plies() as u64) < plies as u64 {
                    return None;
                }
                (EndReason::PlyLimit, taken_by)
            }
        };
        Some((reason, taken_by))
    }
}

/// Compiles `[end]` into the ordered list of endings.
pub(crate) fn compile(
    section: &Spanned<Section>,
    total: u32,
    board: &crate::board::Board,
) -> Result<Vec<Ending>, CompileError> {
    let table = section.span();
    let section = section.get_ref();
    let mut endings = Vec::new();
    let goal = section
        .goal
        .as_ref()
        .map_or(Goal::MostSeeds, |g| *g.get_ref());
    goal_endings(section, goal, board, &mut endings)?;
    check_goal_decides(section, table.clone(), goal)?;
    position_endings(section, total, &mut endings)?;
    game_endings(section, table.clone(), goal, &mut endings)?;
    if endings
        .iter()
        .any(|e| e.taken_by() == Some(Collect::Unfed) && !matches!(e, Ending::CannotFeed { .. }))
    {
        return err(
            table,
            "\"unfed\" names the player left without seeds, known only when a player cannot feed: only cannot_feed may use it",
        );
    }
    if section.repetition.is_none() && section.ply_limit.is_none() {
        return Err((
            table,
            "nothing guarantees that a game ends: without a repetition rule or a ply limit, two players can sow round and round for ever".into(),
            Some("add repetition = \"each_own\" (a repeated position ends the game) or ply_limit = { plies = 1000, taken_by = \"each_own\" } to [end]".into()),
        ));
    }
    Ok(endings)
}

/// The endings a goal makes, first in the list: a cleared row
/// (`cleared_row`), the goal's own on `board`, and an empty back row
/// (`back_row_empty_loses`, which needs a back row and a goal).
fn goal_endings(
    section: &Section,
    goal: Goal,
    board: &crate::board::Board,
    endings: &mut Vec<Ending>,
) -> Result<(), CompileError> {
    if let Some(rule) = &section.cleared_row {
        endings.push(Ending::ClearedRow {
            row: rule.row,
            taken_by: rule.taken_by,
        });
    }
    match goal {
        Goal::MostSeeds => {}
        Goal::Clear if board.sides() == crate::board::Sides::Halves => {
            endings.push(Ending::ClearedHalf {
                houses: Side::BOTH.map(|side| board.side_houses(side)),
            });
        }
        Goal::Clear => endings.push(Ending::Cleared),
        Goal::Deprive => endings.push(Ending::Deprived),
        Goal::Immobilize => {}
    }
    if let Some(flag) = section
        .back_row_empty_loses
        .as_ref()
        .filter(|f| *f.get_ref())
    {
        if board.rows() < 3 {
            return err(
                flag.span(),
                "back_row_empty_loses reads each player's back row: it needs [board] rows = 3 or 4",
            );
        }
        if goal == Goal::MostSeeds {
            return err(
                flag.span(),
                "back_row_empty_loses makes the player whose back row is empty lose, and the goal \"most_seeds\" counts seeds: give goal = \"immobilize\" or \"deprive\"",
            );
        }
        endings.push(Ending::BackRowEmpty);
    }
    Ok(())
}

/// With a goal other than "most_seeds" the seeds do not decide the game:
/// the keys that count them do not apply, nor, where a player without a
/// move loses, `no_move` (`[end]` at `table`).
fn check_goal_decides(
    section: &Section,
    table: std::ops::Range<usize>,
    goal: Goal,
) -> Result<(), CompileError> {
    if goal != Goal::MostSeeds {
        let span = section.goal.as_ref().map_or(table.clone(), |g| g.span());
        if section.majority.is_some()
            || section
                .even_split_draw
                .as_ref()
                .is_some_and(|s| *s.get_ref())
            || section.seeds_left.is_some()
            || section.either_row_empty.is_some()
        {
            return err(
                span,
                "with this goal the seeds do not decide the game: majority, even_split_draw, seeds_left and either_row_empty do not apply",
            );
        }
        if matches!(goal, Goal::Deprive | Goal::Immobilize) && section.no_move.is_some() {
            return err(
                span,
                "with the goals \"deprive\" and \"immobilize\" a player without a move loses: no_move does not apply",
            );
        }
    }
    Ok(())
}

/// `seeds_left`: the ending by few seeds left, and whether it is judged
/// before the majority.
fn compile_seeds_left(section: &Section) -> Result<Option<(Ending, bool)>, CompileError> {
    Ok(match &section.seeds_left {
        Some(rule) => {
            // At or above the seeds in play every game is over at once:
            // `sow check` warns of that; a count no position can hold is
            // refused.
            let v = *rule.at_most.get_ref();
            if !(0..=MAX_SEEDS as i64).contains(&v) {
                return err(
                    rule.at_most.span(),
                    format!("seeds_left.at_most must be between 0 and {MAX_SEEDS}, found {v}"),
                );
            }
            Some((
                Ending::SeedsLeft {
                    at_most: v as u8,
                    taken_by: rule.taken_by,
                },
                rule.before_majority,
            ))
        }
        None => None,
    })
}

/// The endings that read the position alone, in the order they are
/// judged: few seeds left (before the stores' counts or after), the
/// majority of `total` seeds, an even split, an empty row.
fn position_endings(
    section: &Section,
    total: u32,
    endings: &mut Vec<Ending>,
) -> Result<(), CompileError> {
    // Few seeds left, judged before the stores' counts where the rules say
    // so (MancalaGames' seeds-limit ender: Adji Kui II's 40-8, not 40-0).
    let seeds_left = compile_seeds_left(section)?;
    if let Some((ending, true)) = seeds_left {
        endings.push(ending);
    }
    let majority = match &section.majority {
        Some(m) => {
            let v = *m.get_ref();
            if v < 1 {
                return err(m.span(), format!("majority must be at least 1, found {v}"));
            }
            // Above the seeds in play it can never end a game: `sow check`
            // warns of it (crate::warnings), and the rules leave it out.
            if v <= total as i64 {
                endings.push(Ending::Majority { threshold: v as u8 });
            }
            Some((v, m.span()))
        }
        None => None,
    };
    if let Some(split) = section.even_split_draw.as_ref().filter(|s| *s.get_ref()) {
        let span = split.span();
        if total % 2 == 1 {
            return err(
                span,
                format!("even_split_draw can never happen: {total} seeds do not split evenly"),
            );
        }
        let half = total / 2;
        if let Some((threshold, _)) = majority
            && threshold <= half as i64
        {
            return err(
                span,
                format!(
                    "even_split_draw can never happen: a store reaching {threshold} ends the game before both hold {half}"
                ),
            );
        }
        endings.push(Ending::EvenSplit { half: half as u8 });
    }
    if let Some((ending, false)) = seeds_left {
        endings.push(ending);
    }
    if let Some(taken_by) = section.either_row_empty {
        endings.push(Ending::EitherRowEmpty { taken_by });
    }
    Ok(())
}

/// The endings judged after those that read the position alone: a
/// repeated position, a player who cannot feed, no legal move (as the
/// goal or `no_move` says), the ply limit (`[end]` at `table`).
fn game_endings(
    section: &Section,
    table: std::ops::Range<usize>,
    goal: Goal,
    endings: &mut Vec<Ending>,
) -> Result<(), CompileError> {
    if let Some(taken_by) = section.repetition {
        endings.push(Ending::Repetition { taken_by });
    }
    if let Some(cannot_feed) = &section.cannot_feed {
        endings.push(Ending::CannotFeed {
            taken_by: *cannot_feed.get_ref(),
        });
    }
    match (goal, section.no_move) {
        (Goal::Deprive | Goal::Immobilize, _) => endings.push(Ending::Immobilized),
        (Goal::Clear, taken_by) => endings.push(Ending::NoMove {
            taken_by: taken_by.unwrap_or(Collect::Nobody),
        }),
        (Goal::MostSeeds, Some(taken_by)) => endings.push(Ending::NoMove { taken_by }),
        (Goal::MostSeeds, None) => {
            return err(
                table,
                "missing field `no_move`: say who takes the seeds left when the player to move has no legal move",
            );
        }
    }
    if let Some(rule) = &section.ply_limit {
        endings.push(Ending::PlyLimit {
            plies: in_range(&rule.plies, 1, MAX_PLY_LIMIT, "ply_limit.plies")? as u32,
            taken_by: rule.taken_by,
        });
    }
    Ok(())
}

/// Where the sheet says a player's seeds are kept: the store, unless the
/// children are the stores, or count beside it (rams count for nobody).
fn kept_in(rules: &Rules) -> &'static str {
    match rules.children {
        Some(children) if children.child_is_store => "in their children",
        Some(children) if children.kind != super::children::Kind::Ram => "in store and in children",
        _ => "in store",
    }
}

/// The sheet's paragraph on the end of the game.
impl Rules {
    /// Whether a goal (clearing, depriving, immobilising, an empty back
    /// row) can decide a game, not the seeds alone: the solver then values
    /// a position by who wins, not by how many seeds.
    pub fn won_by_goal(&self) -> bool {
        self.endings.iter().any(Ending::is_goal)
    }
}

pub(crate) fn describe(rules: &Rules, out: &mut String) {
    let _ = writeln!(out, "\nThe end");
    let kept = kept_in(rules);
    let _ = writeln!(out, "  After every move, in this order:");
    let in_place = rules
        .endings
        .iter()
        .any(|e| e.taken_by() == Some(Collect::EachOwnInPlace));
    for ending in &rules.endings {
        let line = match *ending {
            Ending::ClearedRow { row, taken_by } => format!(
                "When the row of {} is empty{} the game ends: {}.",
                match row {
                    Whose::Mover => "the player who has just moved",
                    Whose::Opponent => "the opponent of the player who has just moved",
                },
                if rules.children.is_some() {
                    " (seeds in children and rams aside)"
                } else {
                    ""
                },
                taken_by.in_words()
            ),
            Ending::Cleared if rules.board.rows() > 2 => "A player whose houses are all empty wins; if both players' are, the player who has just moved wins.".to_string(),
            Ending::Cleared => "A player whose row is empty wins; if both rows are, the player who has just moved wins.".to_string(),
            Ending::ClearedHalf { .. } => "Each player's houses are their half of the board, both rows: South's the right half, North's the left. A player whose half is empty wins; if both are, the player who has just moved wins.".to_string(),
            Ending::Deprived if rules.board.rows() > 2 => "A player whose houses are all empty loses; if both players' are, the player who has just moved wins.".to_string(),
            Ending::Deprived => "A player whose row is empty loses; if both rows are, the player who has just moved wins.".to_string(),
            Ending::Immobilized => "A player who has no legal move loses.".to_string(),
            Ending::BackRowEmpty => "A player whose back row is empty loses; if both are, the player who has just moved wins.".to_string(),
            Ending::Majority { threshold } if kept == "in store" => format!(
                "A store holding {threshold} or more ends the game at once; the seeds on the board stay."
            ),
            Ending::Majority { threshold } => format!(
                "A player holding {threshold} or more {kept} ends the game at once; the seeds on the board stay."
            ),
            Ending::EvenSplit { half } if kept == "in store" => {
                format!("Both stores holding {half} ends the game as a draw.")
            }
            Ending::EvenSplit { half } => {
                format!("When both players hold {half} {kept}, the game ends as a draw.")
            }
            Ending::SeedsLeft { at_most, taken_by } => format!(
                "With {at_most} or fewer seeds on the board the game ends: {}.",
                taken_by.in_words()
            ),
            Ending::EitherRowEmpty { taken_by } => format!(
                "When either row is empty the game ends: {}.",
                taken_by.in_words()
            ),
            Ending::Repetition { taken_by } => format!(
                "When a position repeats since the last capture the game ends: {}.",
                taken_by.in_words()
            ),
            Ending::CannotFeed { taken_by } => format!(
                "When the opponent has no seeds and no move of the player to move gives them any, the game ends: {}.",
                taken_by.in_words()
            ),
            Ending::NoMove { taken_by } => format!(
                "When the player to move has no legal move the game ends: {}.",
                taken_by.in_words()
            ),
            Ending::PlyLimit { plies, taken_by } => format!(
                "After {plies} moves the game ends: {}.",
                taken_by.in_words()
            ),
        };
        let _ = writeln!(out, "  - {line}");
    }
    if rules.won_by_goal() {
        let _ = writeln!(
            out,
            "  Otherwise the player with more seeds {} wins; equal counts are a draw.",
            if rules.blocking.is_some() {
                "in their row (the stores, holding seeds out of play, count for nobody)"
            } else {
                kept
            }
        );
        return;
    }
    let _ = writeln!(
        out,
        "  The player with more seeds {} wins; equal counts are a draw.",
        if in_place {
            format!("{kept} and counted in place")
        } else {
            kept.to_string()
        }
    );
}
