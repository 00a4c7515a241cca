//! Territory: a match of rounds in which the houses change hands. At the
//! end of a round every house is filled again with the start's seeds, and
//! the round's winner owns as many houses as their seeds fill, from the
//! first house of their own row on, in house order (counter-clockwise),
//! running on into the opponent's row; the loser owns the rest. A player
//! plays only the houses they own, on whichever row they lie. The match
//! ends when a player has too few seeds to play on.
//!
//! Ownership is the `owner` layer ([`crate::layer::Layer::Owner`]): it is
//! empty at the start and after a drawn round, and a position read from
//! text must give it a shape a round's end can make (`check_position`).

use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::{CompileError, in_range};
use crate::board::Board;
use crate::layer::Layer;
use crate::position::{Position, PositionError, Side};

/// `[rounds.territory]`: the houses change hands between rounds.
#[derive(Debug, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a table `{ contested_house = \"…\", seeds_to_play_on = N }`"
)]
pub struct Section {
    /// Who owns the house the winner's seeds fill only in part.
    pub contested_house: ContestedHouse,
    /// The fewest seeds a player must hold at a round's end to play
    /// another round; with fewer, the match is over.
    pub seeds_to_play_on: Spanned<i64>,
}

/// Who owns the house that the round winner's seeds fill only in part.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum ContestedHouse {
    /// The winner, if their seeds fill more than half of it (MancalaGames'
    /// territory default).
    OverHalf,
    /// Always the loser (`TERR_EX_LOSER`).
    Loser,
    /// The loser's, left empty: each player keeps the seeds beyond their
    /// whole houses in their store for the round (`TERR_EX_EMPTY`).
    Emptied,
}

/// Compiled `[rounds.territory]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Territory {
    /// Who owns a house the winner fills in part.
    pub contested_house: ContestedHouse,
    /// The fewest seeds that play on.
    pub seeds_to_play_on: u32,
}

/// Compiles `[rounds.territory]` for a game of `total` seeds.
pub(crate) fn compile(
    section: Option<&Spanned<Section>>,
    total: u32,
) -> Result<Option<Territory>, CompileError> {
    let Some(section) = section else {
        return Ok(None);
    };
    let section = section.get_ref();
    Ok(Some(Territory {
        contested_house: section.contested_house,
        seeds_to_play_on: in_range(
            &section.seeds_to_play_on,
            1,
            (total / 2) as i64,
            "seeds_to_play_on",
        )? as u32,
    }))
}

impl Territory {
    /// Whether both players hold enough seeds to play another round.
    pub(crate) fn plays_on(&self, scores: [u32; 2]) -> bool {
        scores.iter().all(|&s| s >= self.seeds_to_play_on)
    }

    /// Sets up `next`, a fresh round's position with every house filled,
    /// from the seeds each player held as the round ended: the owners, and
    /// with [`ContestedHouse::Emptied`] the contested house emptied into
    /// the stores of the seeds left over.
    pub(crate) fn set_up_round(
        &self,
        board: &Board,
        next: &mut Position,
        scores: [u32; 2],
        per_house: u32,
    ) {
        self.set_owners(next, scores, per_house);
        let Some(winner) = winner(scores) else {
            return;
        };
        let part = scores[winner.index()] % per_house;
        if self.contested_house == ContestedHouse::Emptied && part > 0 {
            // The house after the winner's last: the loser's first.
            let n = next.houses_per_side();
            let whole = (scores[winner.index()] / per_house) as usize;
            next.take((winner.index() * n + whole) % (2 * n));
            for side in Side::BOTH {
                next.add(board.store(side), (scores[side.index()] % per_house) as u8);
            }
        }
    }

    /// Sets the owners of `next`, a fresh round's position, from the seeds
    /// each player held as the round ended: on a draw each owns their row.
    pub(crate) fn set_owners(&self, next: &mut Position, scores: [u32; 2], per_house: u32) {
        let Some(winner) = winner(scores) else {
            return;
        };
        let seeds = scores[winner.index()];
        let n = next.houses_per_side();
        let (mut houses, part) = ((seeds / per_house) as usize, seeds % per_house);
        if self.contested_house == ContestedHouse::OverHalf && part > per_house / 2 {
            houses += 1;
        }
        let first = winner.index() * n;
        for k in 0..2 * n {
            let house = (first + k) % (2 * n);
            let owner = if k < houses {
                winner
            } else {
                winner.opponent()
            };
            next.set_layer_value(Layer::Owner, house, u8::from(owner != next.row_of(house)));
        }
    }
}

/// The player with more seeds; none on a draw.
fn winner(scores: [u32; 2]) -> Option<Side> {
    match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
    }
}

/// Checks a position's owners: a round's end gives one player their whole
/// row and a run of the other's from its first house, so any other shape
/// is refused.
pub(crate) fn check_position(position: &Position) -> Result<(), PositionError> {
    let n = position.houses_per_side();
    let makes = |winner: Side| {
        let first = winner.index() * n;
        let houses = (0..2 * n)
            .take_while(|k| position.owner((first + k) % (2 * n)) == winner)
            .count();
        (houses..2 * n).all(|k| position.owner((first + k) % (2 * n)) != winner) && houses >= n
    };
    if makes(Side::South) || makes(Side::North) {
        return Ok(());
    }
    let taken: Vec<String> = (0..2 * n)
        .filter(|&h| position.owner(h) != position.row_of(h))
        .map(|h| position.layout().label(h).to_string())
        .collect();
    Err(PositionError::OwnersScattered {
        taken: taken.join(", "),
    })
}

/// The sheet's lines on territory.
pub(crate) fn describe(
    territory: &Territory,
    seeds_per_house: u8,
    pattern: bool,
    out: &mut String,
) {
    let fill = if pattern {
        "the board is laid out again as the game started, for the player who does not start the next round (the game's start is South's)".to_string()
    } else {
        format!("every house is filled again with {seeds_per_house} seeds")
    };
    let _ = writeln!(
        out,
        "  Territory: the houses change hands. At the end of a round {fill}; the round's winner owns a house for each {seeds_per_house} seeds they hold, {}, from the first house of their own row on, counter-clockwise into the opponent's row; the loser owns the rest. On a drawn round each owns their own row.",
        match territory.contested_house {
            ContestedHouse::OverHalf =>
                "and one more if the seeds left over fill more than half of it",
            ContestedHouse::Loser => "and a house the seeds fill only in part is the loser's",
            ContestedHouse::Emptied =>
                "and a house the seeds fill only in part is the loser's and starts the round empty, each player keeping the seeds beyond their whole houses in their store",
        }
    );
    let _ = writeln!(
        out,
        "  A player plays only the houses they own, in either row. When a player holds fewer than {} seeds at the end of a round, the match ends with that round, and the player with more seeds wins it.",
        territory.seeds_to_play_on
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(n: usize) -> Position {
        Position::new(&vec![4; 2 * n], [0, 0], Side::South).unwrap()
    }

    #[test]
    fn the_winner_takes_houses_from_their_first_house_on() {
        let over_half = Territory {
            contested_house: ContestedHouse::OverHalf,
            seeds_to_play_on: 15,
        };
        // Motiq's first round: South ends with 36 of 56 seeds.
        let mut next = fresh(7);
        over_half.set_owners(&mut next, [36, 20], 4);
        assert_eq!(next.layer_marks(Layer::Owner), "SSSSSSSSSNNNNN");
        // North with 42: ten houses and two seeds, not more than half of one.
        let mut next = fresh(7);
        over_half.set_owners(&mut next, [14, 42], 4);
        assert_eq!(next.layer_marks(Layer::Owner), "NNNSSSSNNNNNNN");
        assert_eq!(next.owned_houses(Side::North).count_ones(), 10);
        // Three left over: the contested house is the winner's.
        let mut next = fresh(7);
        over_half.set_owners(&mut next, [13, 43], 4);
        assert_eq!(next.owned_houses(Side::North).count_ones(), 11);
        assert_eq!(next.owner(3), Side::North);
        let loser = Territory {
            contested_house: ContestedHouse::Loser,
            ..over_half
        };
        let mut next = fresh(7);
        loser.set_owners(&mut next, [13, 43], 4);
        assert_eq!(next.owned_houses(Side::North).count_ones(), 10);
        // A draw leaves every row to its player.
        let mut next = fresh(7);
        over_half.set_owners(&mut next, [28, 28], 4);
        assert!(next.layer_is_empty(Layer::Owner));
        assert!(over_half.plays_on([15, 41]));
        assert!(!over_half.plays_on([14, 42]));
    }

    #[test]
    fn owners_must_be_a_shape_a_round_makes() {
        let mut position = fresh(4);
        for good in ["SSSSNNNN", "SSSSSSNN", "NNSSNNNN", "NNNNNNNN"] {
            position.set_layer_marks(Layer::Owner, good).unwrap();
            assert_eq!(check_position(&position), Ok(()), "{good}");
        }
        for bad in ["SNSSNNNN", "SSSSNSNN", "SSNNNNNN"] {
            position.set_layer_marks(Layer::Owner, bad).unwrap();
            assert!(
                matches!(
                    check_position(&position),
                    Err(PositionError::OwnersScattered { .. })
                ),
                "{bad}"
            );
        }
    }
}
