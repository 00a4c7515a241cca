//! Perft: the number of move sequences of exactly `depth` plies.
//!
//! A game that ends before `depth` plies counts for nothing, as in
//! `fixtures/perft.txt`. Repetition is part of the game, so perft walks a
//! [`Game`], not bare positions.

use crate::game::Game;
use crate::position::Move;

/// Counts the move sequences of exactly `depth` plies from the game's position.
pub fn perft(game: &mut Game<'_>, depth: u32) -> u64 {
    if depth == 0 {
        return if game.is_over() { 0 } else { 1 };
    }
    let moves = *game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves.iter() {
        game.play(mv, &mut ()).expect("listed moves are legal");
        nodes += perft(game, depth - 1);
        game.undo();
    }
    nodes
}

/// Perft below each legal move: `(move, sequences of depth plies starting
/// with it)`. The counts add up to [`perft`]; comparing them with another
/// engine's finds the first move where two engines disagree.
pub fn perft_divide(game: &mut Game<'_>, depth: u32) -> Vec<(Move, u64)> {
    let moves = *game.legal_moves();
    moves
        .iter()
        .map(|mv| {
            if depth == 0 {
                return (mv, 0);
            }
            game.play(mv, &mut ()).expect("listed moves are legal");
            let count = perft(game, depth - 1);
            game.undo();
            (mv, count)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_adds_up_to_perft() {
        let rules = crate::rules::shipped("oware.toml");
        let mut game = Game::new(&rules);
        let divided = perft_divide(&mut game, 5);
        assert_eq!(divided.len(), 6);
        assert_eq!(
            divided.iter().map(|(_, c)| c).sum::<u64>(),
            perft(&mut game, 5)
        );
        assert_eq!(perft(&mut game, 5), 5219);
    }
}
