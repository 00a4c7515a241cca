//! Perft: the number of move sequences of exactly `depth` plies.
//!
//! A game that ends before `depth` plies counts for nothing, as in
//! `fixtures/perft.txt`. Repetition is part of the game, so perft walks a
//! [`Game`], not bare positions.

use crate::game::Game;

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
