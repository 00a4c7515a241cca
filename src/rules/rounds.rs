//! Matches of rounds: a game played as rounds, where what ends a game (the
//! variant's `[end]`) ends a round instead, and the next round is set up
//! from what each player won. Each player fills their own row's houses with
//! the start's seeds per house, from one end, as far as their seeds go; the
//! rest stay in their store, and a house left unfilled may be blocked for
//! the round. The match ends when a player cannot fill enough houses.
//!
//! A record is one match: round boundaries follow from the rules, so no
//! move is written for them.

use crate::word::{NO_CHILDREN, OPENING, QUIET, STARTER, WAITING};
use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::territory::{self, Territory};
use super::{CompileError, Rules, err, in_range};
use crate::board::Board;
use crate::layer::Layer;
use crate::position::{Position, Side};

/// `[rounds]`: the game is a match of rounds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// The end of each row the next round's houses are filled from
    /// (required, but with a match goal (`round_wins`, `points`,
    /// `seeds_won`, `extra_seeds`), and not with `territory`, which fills every house).
    #[serde(default)]
    pub fill_from: Option<Spanned<FillFrom>>,
    /// Whether a house left unfilled is blocked for the round (sowing
    /// passes over it and it is never played), or an ordinary empty house.
    #[serde(default)]
    pub unfilled_blocked: bool,
    /// Who starts the next round.
    #[serde(default)]
    pub starter: Starter,
    /// The houses a player must fill to play another round (at least 1);
    /// with fewer, the match is over.
    #[serde(default)]
    pub houses_to_play_on: Option<Spanned<i64>>,
    /// The houses change hands between rounds ([`super::territory`]).
    pub territory: Option<Spanned<territory::Section>>,
    /// Who refills their row for the next round.
    #[serde(default)]
    pub refill: Refill,
    /// The rounds a player must win to win the match: every round then
    /// starts from the game's start, whatever the last one left.
    #[serde(default)]
    pub round_wins: Option<Spanned<i64>>,
    /// The points a player must score to win the match: a round's winner
    /// scores a point, and one more for holding three quarters of the
    /// seeds or more. Every round starts from the game's start.
    #[serde(default)]
    pub points: Option<Spanned<i64>>,
    /// The seeds a player must win over the match's rounds, drawn rounds
    /// too, to win it. Every round starts from the game's start.
    #[serde(default)]
    pub seeds_won: Option<Spanned<i64>>,
    /// The seeds a player must win by, summed over the rounds they win, to
    /// win the match (MancalaGames' `goal = RND_EXTRA_SEEDS`). Every round
    /// starts from the game's start.
    #[serde(default)]
    pub extra_seeds: Option<Spanned<i64>>,
    /// With `fill_from = "shortened"`: a round whose rows are shortened to
    /// fewer houses than this is played without making children
    /// (MancalaGames' `SHORTEN_ALL` on rows of more than three houses: four).
    #[serde(default)]
    pub children_need_houses: Option<Spanned<i64>>,
}

/// What a match whose rounds all start from the game's start is played
/// to: the first player whose tally reaches the target wins it (MancalaGames'
/// round-tally goals).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchGoal {
    /// Rounds won (`RND_WIN_COUNT_*`); a drawn round counts for nobody.
    RoundWins,
    /// Points (`RND_POINTS`): a point for the round's winner, one more for
    /// holding at least `skunk` seeds.
    Points {
        /// Three quarters of the seeds: a round won with this many scores
        /// twice.
        skunk: u32,
    },
    /// Seeds won over the rounds (`RND_SEED_COUNT`).
    SeedsWon,
    /// The seeds each round was won by, for its winner
    /// (`RND_EXTRA_SEEDS`); a drawn round counts for nobody.
    ExtraSeeds,
}

/// A match goal and its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchTo {
    /// What is tallied.
    pub goal: MatchGoal,
    /// The tally that wins the match.
    pub target: u16,
}

impl MatchTo {
    /// Adds the round `over` to each player's `tally`.
    fn add(self, over: &RoundOver, tally: &mut [u16; 2]) {
        let counted = over.counted;
        match self.goal {
            MatchGoal::RoundWins => {
                if let Some(winner) = over.winner {
                    tally[winner.index()] += 1;
                }
            }
            MatchGoal::Points { skunk } => {
                // Only a won round scores; the point goes to the player
                // with more seeds, and a skunk is South's first.
                if over.winner.is_some() {
                    match counted[0].cmp(&counted[1]) {
                        std::cmp::Ordering::Greater => tally[0] += 1,
                        std::cmp::Ordering::Less => tally[1] += 1,
                        std::cmp::Ordering::Equal => {}
                    }
                    if let Some(side) = (0..2).find(|&s| counted[s] >= skunk) {
                        tally[side] += 1;
                    }
                }
            }
            MatchGoal::SeedsWon => {
                for side in 0..2 {
                    tally[side] = tally[side].saturating_add(counted[side] as u16);
                }
            }
            MatchGoal::ExtraSeeds => {
                if let Some(winner) = over.winner {
                    let [mine, theirs] =
                        [winner, winner.opponent()].map(|s| over.scores[s.index()]);
                    let by = mine.saturating_sub(theirs).min(u16::MAX as u32) as u16;
                    tally[winner.index()] = tally[winner.index()].saturating_add(by);
                }
            }
        }
    }

    /// The match's result once a tally reaches the target: the player
    /// whose tally is greater (`None` where they are equal), or nothing
    /// while the match goes on.
    fn decided(self, tally: [u16; 2]) -> Option<Option<Side>> {
        let reached = tally.map(|t| t >= self.target);
        match reached {
            [false, false] => None,
            [true, false] => Some(Some(Side::South)),
            [false, true] => Some(Some(Side::North)),
            [true, true] => Some(match tally[0].cmp(&tally[1]) {
                std::cmp::Ordering::Greater => Some(Side::South),
                std::cmp::Ordering::Less => Some(Side::North),
                std::cmp::Ordering::Equal => None,
            }),
        }
    }

    /// Each player's `tally` and the target in a few words: `rounds won:
    /// South 1, North 0 (2 win the match)`.
    pub fn tally_words(self, tally: [u16; 2]) -> String {
        let what = match self.goal {
            MatchGoal::RoundWins => "rounds won",
            MatchGoal::Points { .. } => "points",
            MatchGoal::SeedsWon => "seeds won",
            MatchGoal::ExtraSeeds => "seeds won by",
        };
        format!(
            "{what}: South {}, North {} ({} win the match)",
            tally[0], tally[1], self.target
        )
    }

    /// The target in words, for the sheet.
    fn words(self) -> String {
        let plural = if self.target == 1 { "" } else { "s" };
        match self.goal {
            MatchGoal::RoundWins => format!(
                "The first player to win {} round{plural} wins the match; a drawn round counts for nobody.",
                self.target
            ),
            MatchGoal::Points { skunk } => format!(
                "A round's winner scores a point, and one more for holding {skunk} seeds or more; the first player to score {} point{plural} wins the match.",
                self.target
            ),
            MatchGoal::ExtraSeeds => format!(
                "The winner of a round scores the seeds they won it by, and the first player to score {} in all wins the match; a drawn round counts for nobody.",
                self.target
            ),
            MatchGoal::SeedsWon => format!(
                "Each player adds the seeds they won in the round, drawn rounds too; the first player to reach {} seed{plural} wins the match (if both do at once, the one with more).",
                self.target
            ),
        }
    }
}

/// Who refills their row for the next round.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Refill {
    /// Both players, from what each won.
    #[default]
    Both,
    /// Only the round's loser, from the seeds in their store and row; the
    /// winner's row and store stay as the round left them, blocked houses
    /// too. A drawn round, or a winner left without a move, ends the match
    /// (MancalaGames' `LOSER_ONLY`).
    Loser,
}

/// The end of each row a round's houses are filled from.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum FillFrom {
    /// From the owner's left (MancalaGames' `LEFT_FILL`).
    Left,
    /// From the owner's right (`RIGHT_FILL`).
    Right,
    /// Every row from the end of the board at South's left: South's from
    /// her left, North's from his right (MancalaGames' `LOSER_ONLY` fill).
    SouthLeft,
    /// From both ends of the row inwards, alternately, starting at the end
    /// of the board at South's left (MancalaGames' default fill,
    /// `NOT_APPLICABLE`): South's first house is her left one, North's his
    /// right one.
    Outside,
    /// The round's loser spreads their seeds evenly over every house of
    /// their row, the rest in their store; where that leaves fewer than
    /// `min_seeds` a house, their first house (from the owner's left) takes
    /// the rest instead. The winner's row is laid out the same, the rest of
    /// their seeds in their store (MancalaGames' `UMOVE`, as its engine lays
    /// it out).
    LoserEvenly,
    /// Both rows are shortened to the houses the round's loser (on a draw,
    /// North) fills: the loser's row from their left, the winner's from the
    /// houses opposite, and the loser's seeds left over, fewer than a
    /// house's, go into the next house of each row. The loser's store is
    /// left empty, the winner keeps the rest in theirs (MancalaGames'
    /// `SHORTEN_ALL`).
    Shortened,
    /// The round's loser (the player with fewer seeds; on a draw, South)
    /// fills as many of their houses as their seeds fill, in the order
    /// their sowing passes them, from the first house it enters their side
    /// by; the winner fills as many of theirs the same way and keeps the
    /// rest in their store. Houses left unfilled are empty (Ludii's Rab'e,
    /// whose middle row is shared).
    AlongRing,
}

impl FillFrom {
    /// Where `side`'s house at `offset` (from the owner's left) comes in
    /// the fill order of a row of `n` houses: 0 is filled first.
    fn rank(self, side: Side, offset: usize, n: usize) -> usize {
        match self {
            // The shortened rows are ranked by the round's loser, apart.
            FillFrom::Left | FillFrom::LoserEvenly | FillFrom::Shortened | FillFrom::AlongRing => {
                offset
            }
            FillFrom::Right => n - 1 - offset,
            FillFrom::SouthLeft => match side {
                Side::South => offset,
                Side::North => n - 1 - offset,
            },
            FillFrom::Outside => {
                let from_start = match side {
                    Side::South => offset,
                    Side::North => n - 1 - offset,
                };
                let from_end = n - 1 - from_start;
                match from_start.cmp(&from_end) {
                    std::cmp::Ordering::Less => 2 * from_start,
                    std::cmp::Ordering::Equal => n - 1,
                    std::cmp::Ordering::Greater => 2 * from_end + 1,
                }
            }
        }
    }
}

/// Who starts the next round.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Starter {
    /// The player who did not start the round before (`ALTERNATE`).
    #[default]
    Alternate,
    /// The player who lost the round; on a draw, the player not to move
    /// when it ended (`LOSER`).
    Loser,
    /// The player who won the round; on a draw, the player to move when it
    /// ended: after a move that gave another turn, its last mover (`WINNER`).
    Winner,
    /// The player who made the round's last move (`LAST_MOVER`).
    LastMover,
}

/// Compiled `[rounds]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rounds {
    /// The end each row is filled from.
    pub fill_from: FillFrom,
    /// Whether unfilled houses are blocked for the round.
    pub unfilled_blocked: bool,
    /// Who starts the next round.
    pub starter: Starter,
    /// The houses a player must fill to play another round.
    pub houses_to_play_on: u8,
    /// Seeds per filled house: the start's (in a territory game, the seeds
    /// over the houses, what a house is worth).
    pub seeds_per_house: u8,
    /// The fewest seeds a house is played with (`[play] min_seeds`): a row
    /// laid out evenly must hold a house of so many.
    pub min_seeds: u8,
    /// Whether the houses change hands between rounds, and how.
    pub territory: Option<Territory>,
    /// Who refills their row.
    pub refill: Refill,
    /// What the match is played to, where every round starts from the
    /// game's start (then `fill_from`, `unfilled_blocked`,
    /// `houses_to_play_on` and `refill` play no part).
    pub match_to: Option<MatchTo>,
    /// The houses a shortened round's rows must fill for children to be
    /// made in it (0: children are made in every round).
    pub children_need_houses: u8,
}

/// How a round ended.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RoundOver<'p> {
    /// The position as the round ended.
    pub position: &'p Position,
    /// Each player's seeds as the round ended: their store, the seeds that
    /// count for them, and the seeds left in their row.
    pub scores: [u32; 2],
    /// The seeds that counted for each player in deciding the round.
    pub counted: [u32; 2],
    /// The round's winner; none on a draw.
    pub winner: Option<Side>,
    /// Who started the round.
    pub started: Side,
    /// Who made its last move.
    pub last_mover: Option<Side>,
}

/// What the end of a round comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundEnd {
    /// Both players can fill enough houses: the next round starts here.
    NextRound(Position),
    /// A player cannot, or a match goal is reached: the match is over,
    /// won by the player given (`None`: drawn).
    MatchOver(Option<Side>),
}

/// Compiles `[rounds]` for a board of `houses_per_side` that starts with
/// `seeds_per_house` in every house (`uniform_start`).
pub(crate) fn compile(
    section: Option<&Spanned<Section>>,
    houses_per_side: usize,
    seeds_per_house: u8,
    uniform_start: bool,
    total: u32,
    min_seeds: u8,
) -> Result<Option<Rounds>, CompileError> {
    let Some(section) = section else {
        return Ok(None);
    };
    let span = section.span();
    let section = section.get_ref();
    if let Some(rounds) = compile_match_goal(section, seeds_per_house, total, min_seeds)? {
        return Ok(Some(rounds));
    }
    let territory = territory::compile(section.territory.as_ref(), total)?;
    if !uniform_start && territory.is_none() {
        return err(
            span,
            "[rounds] refills every house with the start's seeds per house: not with a [board] start pattern (but in a territory game, where every round starts from it)",
        );
    }
    let fill_from = compile_fill_from(section, span.clone())?;
    check_territory_fill(section, span, territory)?;
    check_fill_from(section, fill_from)?;
    let children_need_houses = match &section.children_need_houses {
        Some(houses) if fill_from != FillFrom::Shortened => {
            return err(
                houses.span(),
                "children_need_houses counts the houses of a shortened round: it needs fill_from = \"shortened\"",
            );
        }
        Some(houses) => in_range(houses, 1, houses_per_side as i64, "children_need_houses")? as u8,
        None => 0,
    };
    let houses_to_play_on = match &section.houses_to_play_on {
        Some(houses) => in_range(houses, 1, houses_per_side as i64, "houses_to_play_on")? as u8,
        None => 1,
    };
    // A territory's house is worth the seeds over the houses, whatever
    // pattern they start in (MancalaGames' `seed_equiv`).
    let seeds_per_house = match territory {
        Some(_) => (total / (2 * houses_per_side as u32)) as u8,
        None => seeds_per_house,
    };
    Ok(Some(Rounds {
        fill_from,
        unfilled_blocked: section.unfilled_blocked,
        starter: section.starter,
        houses_to_play_on,
        seeds_per_house,
        min_seeds,
        territory,
        refill: section.refill,
        match_to: None,
        children_need_houses,
    }))
}

/// A match of rounds played to a goal (`round_wins`, `points`, `seeds_won`
/// or `extra_seeds`), every round from the game's start: its rounds, or
/// none where no goal is given.
fn compile_match_goal(
    section: &Section,
    seeds_per_house: u8,
    total: u32,
    min_seeds: u8,
) -> Result<Option<Rounds>, CompileError> {
    let goals = [
        (&section.round_wins, "round_wins", MatchGoal::RoundWins),
        (
            &section.points,
            "points",
            MatchGoal::Points {
                skunk: total * 3 / 4,
            },
        ),
        (&section.seeds_won, "seeds_won", MatchGoal::SeedsWon),
        (&section.extra_seeds, "extra_seeds", MatchGoal::ExtraSeeds),
    ];
    let mut given = goals
        .iter()
        .filter_map(|(value, key, goal)| value.as_ref().map(|v| (v, *key, *goal)));
    let Some((value, key, goal)) = given.next() else {
        return Ok(None);
    };
    if let Some((other, second, _)) = given.next() {
        return err(
            other.span(),
            format!("a match has one goal: give {key} or {second}, not both"),
        );
    }
    // Seeds won by can be no more than the seeds in play; a match of
    // rounds is won within 255 of them.
    let most = match goal {
        MatchGoal::ExtraSeeds => i64::from(total).min(65535),
        MatchGoal::RoundWins => 255,
        _ => 65535,
    };
    let target = in_range(value, 1, most, key)? as u16;
    if let Some(fill) = &section.fill_from {
        return err(
            fill.span(),
            format!("{key} starts every round from the game's start: leave fill_from out"),
        );
    }
    if let Some(houses) = &section.houses_to_play_on {
        return err(
            houses.span(),
            format!("{key} starts every round from the game's start: leave houses_to_play_on out"),
        );
    }
    if section.unfilled_blocked || section.refill != Refill::Both || section.territory.is_some() {
        return err(
            value.span(),
            format!(
                "{key} starts every round from the game's start: not with unfilled_blocked, refill or territory"
            ),
        );
    }
    Ok(Some(Rounds {
        // Unused: no round is filled.
        fill_from: FillFrom::Left,
        unfilled_blocked: false,
        starter: section.starter,
        houses_to_play_on: 1,
        seeds_per_house,
        min_seeds,
        refill: Refill::Both,
        match_to: Some(MatchTo { goal, target }),
        territory: None,
        children_need_houses: 0,
    }))
}

/// `fill_from`: the end of each row a round's houses are filled from,
/// required but in a territory game (`[rounds]` at `span`), which fills
/// every house.
fn compile_fill_from(
    section: &Section,
    span: std::ops::Range<usize>,
) -> Result<FillFrom, CompileError> {
    Ok(match (&section.fill_from, &section.territory) {
        (Some(fill), None) => *fill.get_ref(),
        (None, Some(_)) => FillFrom::Left,
        (Some(fill), Some(_)) => {
            return err(
                fill.span(),
                "[rounds.territory] fills every house: fill_from does not apply",
            );
        }
        (None, None) => {
            return Err((
                span,
                "[rounds] needs fill_from, the end of each row a round's houses are filled from"
                    .into(),
                Some(
                    "fill_from = \"left\", \"right\", \"south_left\", \"outside\", \"loser_evenly\", \"shortened\" or \"along_ring\"; or round_wins, points, seeds_won or extra_seeds; or a [rounds.territory] table"
                        .into(),
                ),
            ));
        }
    })
}

/// A territory game's rounds (`[rounds]` at `span`) fill every house of
/// both rows, and end by `seeds_to_play_on`: the keys that say otherwise
/// do not apply.
fn check_territory_fill(
    section: &Section,
    span: std::ops::Range<usize>,
    territory: Option<Territory>,
) -> Result<(), CompileError> {
    if territory.is_some() && section.unfilled_blocked {
        return err(
            span,
            "[rounds.territory] fills every house: no house is left unfilled to block (unfilled_blocked)",
        );
    }
    if let (Some(houses), Some(_)) = (&section.houses_to_play_on, &territory) {
        return err(
            houses.span(),
            "[rounds.territory] ends the match by seeds_to_play_on: houses_to_play_on does not apply",
        );
    }
    if territory.is_some() && section.refill != Refill::Both {
        return err(
            span,
            "[rounds.territory] refills both rows: refill does not apply",
        );
    }
    Ok(())
}

/// The ways of filling that fill both rows (`fill_from = "loser_evenly"`,
/// `"shortened"`, `"along_ring"`): the keys that would leave a row
/// unfilled or refill one row alone do not apply.
fn check_fill_from(section: &Section, fill_from: FillFrom) -> Result<(), CompileError> {
    if fill_from == FillFrom::LoserEvenly
        && let Some(fill) = &section.fill_from
        && (section.unfilled_blocked
            || section.refill != Refill::Both
            || section.houses_to_play_on.is_some())
    {
        return err(
            fill.span(),
            "fill_from = \"loser_evenly\" fills every house of both rows, and the match ends when the loser cannot lay out a playable row: not with unfilled_blocked, refill or houses_to_play_on",
        );
    }
    if fill_from == FillFrom::Shortened
        && let Some(fill) = &section.fill_from
        && section.refill != Refill::Both
    {
        return err(
            fill.span(),
            "fill_from = \"shortened\" refills both rows to the loser's length: not with refill = \"loser\"",
        );
    }
    if fill_from == FillFrom::AlongRing
        && let Some(fill) = &section.fill_from
        && (section.unfilled_blocked || section.refill != Refill::Both)
    {
        return err(
            fill.span(),
            "fill_from = \"along_ring\" fills as many houses of each side as the loser fills, and leaves the rest empty: not with unfilled_blocked or refill = \"loser\"",
        );
    }
    Ok(())
}

impl Rounds {
    /// What the end of a round, `over`, comes to: `start` is the game's
    /// start (or a new deal of it), `can_move` whether the player to move
    /// in a position has a move, and `tally` each player's count towards
    /// the match goal so far. A
    /// round counts its moves afresh, as the game's `start` does: its quiet
    /// and opening moves come again (MancalaGames counts moves from each
    /// round's start).
    pub(crate) fn end_round(
        &self,
        board: &Board,
        start: &Position,
        over: &RoundOver,
        can_move: impl Fn(&Position) -> bool,
        tally: &mut [u16; 2],
    ) -> RoundEnd {
        let RoundOver {
            scores,
            winner,
            started,
            ..
        } = *over;
        if let Some(match_to) = self.match_to {
            match_to.add(over, tally);
            if let Some(result) = match_to.decided(*tally) {
                return RoundEnd::MatchOver(result);
            }
            // MancalaGames lays a start pattern out for the player who did
            // not start the last round, whoever starts this one.
            let mut next = match started {
                Side::South => rows_swapped(start),
                Side::North => start.clone(),
            };
            next.set_to_move(self.next_starter(over));
            next.set(STARTER, start.get(STARTER).map(|_| next.to_move()));
            // Only the game's starter waits (`starter_waits`).
            next.set(WAITING, None);
            return RoundEnd::NextRound(next);
        }
        if self.refill == Refill::Loser {
            return self.refill_loser(start, over, can_move);
        }
        if self.fill_from == FillFrom::LoserEvenly {
            return self.fill_loser_evenly(start, over);
        }
        let per_house = self.seeds_per_house as u32;
        let needed = per_house * self.houses_to_play_on as u32;
        let plays_on = match &self.territory {
            Some(territory) => territory.plays_on(scores),
            None => scores.iter().all(|&s| s >= needed),
        };
        if !plays_on {
            return RoundEnd::MatchOver(winner);
        }
        let to_move = self.next_starter(over);
        if self.fill_from == FillFrom::Shortened {
            return RoundEnd::NextRound(self.fill_shortened(start, over, to_move));
        }
        if self.fill_from == FillFrom::AlongRing {
            return self.fill_along_ring(board, start, over);
        }
        if let Some(territory) = &self.territory {
            // Every house is filled again as the game started: a start
            // pattern is laid out for the player who does not start the
            // round (the game's start is South's, who starts), as
            // MancalaGames lays it out.
            let mut next = match to_move {
                Side::South => rows_swapped(start),
                Side::North => start.clone(),
            };
            next.set_to_move(to_move);
            next.set(STARTER, start.get(STARTER).map(|_| to_move));
            next.set(WAITING, None);
            territory.set_up_round(board, &mut next, scores, per_house);
            return RoundEnd::NextRound(next);
        }
        let n = board.houses_per_side();
        let mut houses = vec![0u8; 2 * n];
        let mut stores = [0u8; 2];
        let mut unfilled = Vec::new();
        for side in Side::BOTH {
            let filled = (scores[side.index()] / per_house).min(n as u32) as usize;
            stores[side.index()] = (scores[side.index()] - filled as u32 * per_house) as u8;
            let start = side.index() * n;
            for offset in 0..n {
                if self.fill_from.rank(side, offset, n) < filled {
                    houses[start + offset] = self.seeds_per_house;
                } else {
                    unfilled.push(start + offset);
                }
            }
        }
        let mut next = round_start(start, &houses, stores, to_move);
        if self.unfilled_blocked {
            for house in unfilled {
                next.set_layer_value(Layer::Blocked, house, 1);
            }
        }
        RoundEnd::NextRound(next)
    }

    /// Who starts the next round.
    fn next_starter(&self, over: &RoundOver) -> Side {
        match (self.starter, over.winner, over.last_mover) {
            (Starter::Loser, Some(winner), _) => winner.opponent(),
            // On a draw MancalaGames hands the start to the player after
            // the one to move: the round's last mover, unless their last
            // move gave them another turn.
            (Starter::Loser, None, Some(_)) => over.position.to_move().opponent(),
            (Starter::Winner, Some(winner), _) => winner,
            // On a draw MancalaGames leaves the start to the player to
            // move: the one after the round's last mover, or the last
            // mover themselves after a move that gave another turn (Giuthi).
            (Starter::Winner, None, Some(_)) => over.position.to_move(),
            (Starter::LastMover, _, Some(mover)) => mover,
            _ => over.started.opponent(),
        }
    }

    /// The end of a round whose loser lays their seeds out evenly, the
    /// winner's row mirroring it ([`FillFrom::LoserEvenly`]); on a draw
    /// both hold the same seeds.
    fn fill_loser_evenly(&self, start: &Position, over: &RoundOver) -> RoundEnd {
        let n = start.houses_per_side();
        let loser = over.winner.map_or(Side::South, Side::opponent);
        let seeds = over.scores[loser.index()];
        let each = seeds / n as u32;
        let min = self.min_seeds.max(1) as u32;
        // Too few to fill the row playably, the rest in the first house.
        let first = if each >= min {
            each
        } else {
            seeds - (n as u32 - 1) * each
        };
        if each == 0 || first < min {
            return RoundEnd::MatchOver(over.winner);
        }
        let laid = first + (n as u32 - 1) * each;
        let mut houses = vec![each as u8; 2 * n];
        let mut stores = [0u8; 2];
        for side in Side::BOTH {
            houses[side.index() * n] = first as u8;
            stores[side.index()] = (over.scores[side.index()] - laid) as u8;
        }
        RoundEnd::NextRound(round_start(start, &houses, stores, self.next_starter(over)))
    }

    /// The next round's start where both rows are shortened to the round's
    /// loser's ([`FillFrom::Shortened`]).
    fn fill_shortened(&self, start: &Position, over: &RoundOver, to_move: Side) -> Position {
        let n = start.houses_per_side();
        let per_house = self.seeds_per_house as u32;
        let loser = if over.scores[0] < over.scores[1] {
            Side::South
        } else {
            Side::North
        };
        let winner = loser.opponent();
        let lost = over.scores[loser.index()];
        let filled = (lost / per_house).min(n as u32) as usize;
        let left_over = (lost - filled as u32 * per_house) as u8;
        let mut houses = vec![0u8; 2 * n];
        let mut stores = [0u8; 2];
        stores[winner.index()] =
            (over.scores[winner.index()] - filled as u32 * per_house - left_over as u32) as u8;
        let mut unfilled = Vec::new();
        for k in 0..n {
            // The loser's k-th house from their left, and the winner's
            // house opposite it.
            for house in [loser.index() * n + k, winner.index() * n + n - 1 - k] {
                if k < filled {
                    houses[house] = self.seeds_per_house;
                } else if k == filled && left_over > 0 {
                    houses[house] = left_over;
                } else {
                    unfilled.push(house);
                }
            }
        }
        let mut next = round_start(start, &houses, stores, to_move);
        if self.unfilled_blocked {
            for house in unfilled {
                next.set_layer_value(Layer::Blocked, house, 1);
            }
        }
        next.set(NO_CHILDREN, filled < self.children_need_houses as usize);
        next
    }

    /// The end of a round whose loser fills their houses along their ring,
    /// the winner as many of theirs ([`FillFrom::AlongRing`]).
    fn fill_along_ring(&self, board: &Board, start: &Position, over: &RoundOver) -> RoundEnd {
        let per_house = self.seeds_per_house as u32;
        let loser = if over.scores[0] <= over.scores[1] {
            Side::South
        } else {
            Side::North
        };
        let winner = loser.opponent();
        let lost = over.scores[loser.index()];
        if lost < per_house * self.houses_to_play_on as u32 {
            return RoundEnd::MatchOver(Some(winner));
        }
        let n = board.houses_per_side();
        let filled = (lost / per_house).min(n as u32) as usize;
        let mut houses = vec![0u8; 2 * n];
        let mut stores = [0u8; 2];
        for side in Side::BOTH {
            for &house in own_houses_along_ring(board, side).iter().take(filled) {
                houses[house] = self.seeds_per_house;
            }
            stores[side.index()] = (over.scores[side.index()] - filled as u32 * per_house) as u8;
        }
        // The loser of a drawn round is South's: who starts follows from it.
        let decided = RoundOver {
            winner: Some(winner),
            ..*over
        };
        RoundEnd::NextRound(round_start(
            start,
            &houses,
            stores,
            self.next_starter(&decided),
        ))
    }

    /// The end of a round where only its loser refills their row
    /// ([`Refill::Loser`]).
    fn refill_loser(
        &self,
        start: &Position,
        over: &RoundOver,
        can_move: impl Fn(&Position) -> bool,
    ) -> RoundEnd {
        let ended = over.position;
        let Some(winner) = over.winner else {
            return RoundEnd::MatchOver(None);
        };
        let loser = winner.opponent();
        let per_house = self.seeds_per_house as u32;
        let seeds = over.scores[loser.index()];
        if seeds < per_house * self.houses_to_play_on as u32 {
            return RoundEnd::MatchOver(Some(winner));
        }
        let n = ended.houses_per_side();
        let filled = (seeds / per_house).min(n as u32) as usize;
        let mut houses = ended.houses().to_vec();
        let mut stores = ended.stores();
        stores[loser.index()] = (seeds - filled as u32 * per_house) as u8;
        let row = loser.index() * n;
        let mut unfilled = Vec::new();
        for offset in 0..n {
            if self.fill_from.rank(loser, offset, n) < filled {
                houses[row + offset] = self.seeds_per_house;
            } else {
                houses[row + offset] = 0;
                unfilled.push(row + offset);
            }
        }
        let mut next = round_start(start, &houses, stores, self.next_starter(over));
        let winner_row = winner.index() * n;
        for house in winner_row..winner_row + n {
            next.set_layer_value(
                Layer::Blocked,
                house,
                ended.layer_value(Layer::Blocked, house),
            );
        }
        if self.unfilled_blocked {
            for house in unfilled {
                next.set_layer_value(Layer::Blocked, house, 1);
            }
        }
        // The winner's row is as the round left it: a winner who cannot
        // move from it ends the match.
        let mut winner_to_move = next.clone();
        winner_to_move.set_to_move(winner);
        if !can_move(&winner_to_move) {
            return RoundEnd::MatchOver(Some(winner));
        }
        RoundEnd::NextRound(next)
    }
}

/// The sheet's paragraph on rounds.
pub(crate) fn describe(rules: &Rules, out: &mut String) {
    let Some(rounds) = &rules.rounds else {
        return;
    };
    let _ = writeln!(out, "\nRounds");
    let _ = writeln!(
        out,
        "  The game is a match of rounds: what ends a game above ends a round."
    );
    if let Some(territory) = &rounds.territory {
        let start = rules.start();
        let pattern = start.houses().iter().any(|&h| h != start.houses()[0]);
        territory::describe(territory, rounds.seeds_per_house, pattern, out);
    } else if let Some(match_to) = rounds.match_to {
        let _ = writeln!(
            out,
            "  Every round starts {}. {}",
            if rules.random_start() {
                "from a new deal, drawn from the position that ended the last round"
            } else {
                "from the game's start, laid out for the player who did not start the last round"
            },
            match_to.words()
        );
    } else if rounds.fill_from == FillFrom::LoserEvenly {
        let _ = writeln!(
            out,
            "  Each player then takes the seeds that count for them. The round's loser (on a draw, either) lays theirs out evenly, the same number in every house of their row, the rest in their store; where that would leave no house holding {} or more, their first house (from their left) takes the rest instead. The winner's row is laid out the same, the rest of their seeds in their store. When the loser cannot lay out a row so, the match ends with that round, and the player with more seeds wins it.",
            rounds.min_seeds.max(1)
        );
    } else if rounds.fill_from == FillFrom::AlongRing {
        let _ = writeln!(
            out,
            "  Each player then takes the seeds that count for them. The round's loser (on a draw, South) fills as many of their houses with {} seeds each as their seeds fill, in the order their sowing passes them, from the first house it enters their side by; the winner fills as many of theirs the same way and keeps the rest in their store.",
            rounds.seeds_per_house,
        );
    } else if rounds.fill_from == FillFrom::Shortened {
        let _ = writeln!(
            out,
            "  Each player then takes the seeds that count for them. Both rows are shortened to the houses the round's loser (on a draw, North) can fill with {} seeds each: the loser's row from their left, the winner's from the houses opposite. The loser's seeds left over go into the next house of each row; the loser's store is left empty, and the winner keeps the rest of their seeds in theirs.",
            rounds.seeds_per_house,
        );
        if rounds.children_need_houses > 0 {
            let _ = writeln!(
                out,
                "  A round whose rows are shortened to fewer than {} houses is played without making children.",
                rounds.children_need_houses
            );
        }
    } else if rounds.refill == Refill::Loser {
        let _ = writeln!(
            out,
            "  Only the round's loser then takes the seeds in their store and row and fills their own houses with {} each, {}, as far as the seeds go; the rest stay in the store. The winner's row and store stay as they are. A drawn round, or a winner without a move, ends the match.",
            rounds.seeds_per_house,
            fill_words(rounds.fill_from),
        );
    } else {
        let _ = writeln!(
            out,
            "  Each player then takes the seeds that count for them and fills their own houses with {} each, {}, as far as the seeds go; the rest stay in the store.",
            rounds.seeds_per_house,
            fill_words(rounds.fill_from),
        );
    }
    if rounds.unfilled_blocked {
        let _ = writeln!(
            out,
            "  A house left unfilled is blocked for the round: never played, and sowing passes over it."
        );
    }
    let start = rules.start();
    if start.get(QUIET) > 0 || start.get(OPENING) > 0 {
        let _ = writeln!(
            out,
            "  Each round counts its moves afresh: its first moves are played as the game's first moves are."
        );
    }
    let _ = writeln!(
        out,
        "  {} starts the next round.",
        match rounds.starter {
            Starter::Alternate => "The player who did not start the last round",
            Starter::Loser =>
                "The loser of the last round (on a draw, the player not to move when it ended)",
            Starter::Winner =>
                "The winner of the last round (on a draw, the player to move when it ended)",
            Starter::LastMover => "The player who made the last move",
        }
    );
    if rounds.territory.is_some() || rounds.match_to.is_some() {
        return;
    }
    let _ = writeln!(
        out,
        "  When a player cannot fill {}, the match ends with that round, and the player with more seeds wins it.",
        if rounds.houses_to_play_on == 1 {
            "a house".to_string()
        } else {
            format!("{} houses", rounds.houses_to_play_on)
        }
    );
}

/// The order houses are filled in, in words.
fn fill_words(fill_from: FillFrom) -> &'static str {
    match fill_from {
        FillFrom::Left => "from the left of their row",
        FillFrom::Right => "from the right of their row",
        FillFrom::SouthLeft => "from the end of the board at South's left",
        FillFrom::Outside => {
            "from both ends of their row inwards, alternately, starting at the end at South's left"
        }
        FillFrom::LoserEvenly => "evenly, as the round's loser lays out their row",
        FillFrom::Shortened => "as far as the round's loser's seeds go, from the loser's left",
        FillFrom::AlongRing => "along their sowing, as many as the round's loser fills",
    }
}

/// `side`'s houses in the order `side`'s ring passes them, from the first
/// one it enters their side by (from their first house, where the ring
/// never leaves their side).
fn own_houses_along_ring(board: &Board, side: Side) -> Vec<usize> {
    let places: Vec<usize> = board
        .ring(side)
        .places()
        .iter()
        .map(|&p| p as usize)
        .collect();
    let own = |p: usize| board.is_house_of(p, side);
    let len = places.len();
    let entry = (0..len)
        .find(|&i| own(places[i]) && !own(places[(i + len - 1) % len]))
        .or_else(|| places.iter().position(|&p| p == board.row_start(side)))
        .unwrap_or(0);
    (0..len)
        .map(|i| places[(entry + i) % len])
        .filter(|&p| own(p))
        .collect()
}

/// A round's first position: `houses` and `stores`, `to_move` to move, and
/// the moves a round counts afresh (quiet and opening moves) as the game's
/// `start` has them.
fn round_start(start: &Position, houses: &[u8], stores: [u8; 2], to_move: Side) -> Position {
    let mut next = Position::laid_out(houses, stores, to_move, start.layout())
        .expect("a round holds the match's seeds on the match's board");
    next.set(QUIET, start.get(QUIET));
    next.set(OPENING, start.get(OPENING));
    // Where the rules ask who started the round, the position says.
    next.set(STARTER, start.get(STARTER).map(|_| to_move));
    next
}

/// `start` laid out for North: each row's seeds in the other's houses, and
/// the stores swapped.
fn rows_swapped(start: &Position) -> Position {
    let n = start.houses_per_side();
    let houses = [&start.houses()[n..], &start.houses()[..n]].concat();
    let [south, north] = start.stores();
    let mut swapped = Position::laid_out(&houses, [north, south], start.to_move(), start.layout())
        .expect("the same seeds on the same board");
    swapped.set(QUIET, start.get(QUIET));
    swapped.set(OPENING, start.get(OPENING));
    swapped.set(STARTER, start.get(STARTER));
    swapped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seeds_won_match_goes_to_the_greater_tally_not_the_round_winner() {
        let to = MatchTo {
            goal: MatchGoal::SeedsWon,
            target: 100,
        };
        // North won the last round, 26 to 22, but South's tally is greater.
        let mut tally = [88, 78];
        let position = Position::new(&[0; 12], [22, 26], Side::South).unwrap();
        let over = RoundOver {
            position: &position,
            scores: [22, 26],
            counted: [22, 26],
            winner: Some(Side::North),
            started: Side::South,
            last_mover: Some(Side::South),
        };
        to.add(&over, &mut tally);
        assert_eq!(tally, [110, 104]);
        assert_eq!(to.decided(tally), Some(Some(Side::South)));
        assert_eq!(to.decided([99, 99]), None, "neither reached the target");
        assert_eq!(to.decided([100, 100]), Some(None), "a drawn match");
    }

    #[test]
    fn a_drawn_round_is_started_by_the_player_to_move() {
        let giuthi = crate::rules::shipped("mancalagames/giuthi.toml")
            .rounds
            .expect("Giuthi is played in rounds");
        let rounds = |starter| Rounds { starter, ..giuthi };
        // South's last move gave South another turn: South is to move.
        let position = Position::new(&[0; 12], [24, 24], Side::South).unwrap();
        let over = RoundOver {
            position: &position,
            scores: [24, 24],
            counted: [24, 24],
            winner: None,
            started: Side::North,
            last_mover: Some(Side::South),
        };
        assert_eq!(rounds(Starter::Winner).next_starter(&over), Side::South);
        assert_eq!(rounds(Starter::Loser).next_starter(&over), Side::North);
        // Without another turn, North is to move after South.
        let position = Position::new(&[0; 12], [24, 24], Side::North).unwrap();
        let over = RoundOver {
            position: &position,
            ..over
        };
        assert_eq!(rounds(Starter::Winner).next_starter(&over), Side::North);
        assert_eq!(rounds(Starter::Loser).next_starter(&over), Side::South);
    }
}
