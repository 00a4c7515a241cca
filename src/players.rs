//! Computer players. Every player works for any variant: it sees only the
//! [`Game`] and the moves the rules allow.

use crate::game::Game;
use crate::position::Move;
use crate::rng::Rng;

/// Something that picks moves.
pub trait Player: Send {
    /// A short name for records and tables, such as `random` or `greedy`.
    fn name(&self) -> String;
    /// Picks one of the game's legal moves; the game is not over.
    fn choose(&mut self, game: &Game<'_>) -> Move;
}

/// Picks uniformly among the legal moves.
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player drawing from `rng`.
    pub fn new(rng: Rng) -> RandomPlayer {
        RandomPlayer { rng }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Game<'_>) -> Move {
        let moves = game.legal_moves();
        moves
            .get(self.rng.below(moves.len()))
            .expect("the game is not over")
    }
}

/// Takes the largest immediate capture, breaking ties at random.
pub struct GreedyPlayer {
    rng: Rng,
}

impl GreedyPlayer {
    /// A greedy player breaking ties with `rng`.
    pub fn new(rng: Rng) -> GreedyPlayer {
        GreedyPlayer { rng }
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &Game<'_>) -> Move {
        let rules = game.rules();
        let mut best = Vec::new();
        let mut most = -1i32;
        for mv in game.legal_moves().iter() {
            let mut position = game.position().clone();
            let captured = rules
                .play(&mut position, mv, &mut ())
                .map_or(0, |e| e.captured as i32);
            if captured > most {
                most = captured;
                best.clear();
            }
            if captured == most {
                best.push(mv);
            }
        }
        best[self.rng.below(best.len())]
    }
}

/// A player by its command-line name (`random`, `greedy`), seeded with `seed`.
pub fn by_name(name: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    let rng = Rng::new(seed);
    match name {
        "random" => Ok(Box::new(RandomPlayer::new(rng))),
        "greedy" => Ok(Box::new(GreedyPlayer::new(rng))),
        other => Err(format!(
            "unknown player `{other}` (known: human, random, greedy)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{Position, Side};

    #[test]
    fn greedy_takes_the_biggest_capture() {
        let rules = crate::rules::shipped("oware.toml");
        // D, E and F end in a (1 -> 2) and capture 2; C's five seeds end in
        // b (1 -> 2) with a (1 -> 2) before it, and capture 4. A and B stay home.
        let position =
            Position::new(&[4, 4, 5, 3, 2, 1, 1, 1, 2, 4, 4, 5], [6, 6], Side::South).unwrap();
        let game = Game::from_position(&rules, position).unwrap();
        let mut greedy = GreedyPlayer::new(Rng::new(1));
        assert_eq!(greedy.choose(&game), Move::from_label('C').unwrap());
    }
}
