//! Perft: the number of move sequences of exactly `depth` plies.
//!
//! A game that ends before `depth` plies counts for nothing, as in
//! `fixtures/perft.txt`. Repetition is part of the game, so perft walks a
//! [`Game`], not bare positions.

use crate::engine::MoveList;
use crate::game::Game;
use crate::position::Move;

/// The deepest perft the command line accepts. Each ply multiplies the time
/// by the branching factor (Oware: depth 10 in 0.2 s, about 4.5 times longer
/// a ply), so depth 20 is out of reach on a 2x6 board but fine on tiny ones.
/// The walk keeps its own stack, so no depth can overflow the call stack.
pub const MAX_DEPTH: u32 = 20;

/// Counts the move sequences of exactly `depth` plies from the game's
/// position. The walk is a loop over an explicit stack of move lists, one
/// per ply, so its memory is a few bytes a ply and never the call stack's.
pub fn perft(game: &mut Game<'_>, depth: u32) -> u64 {
    if depth == 0 {
        return if game.is_over() { 0 } else { 1 };
    }
    let depth = depth as usize;
    let mut nodes = 0;
    // One frame per ply played: the moves there, and the next to try.
    let mut stack: Vec<(MoveList, usize)> = Vec::with_capacity(depth.min(1 << 16));
    stack.push((*game.legal_moves(), 0));
    loop {
        let last_ply = stack.len() == depth;
        let Some((moves, next)) = stack.last_mut() else {
            break;
        };
        // The last ply's moves are counted, not played.
        let mv = if last_ply {
            nodes += moves.len() as u64;
            None
        } else {
            let mv = moves.get(*next);
            *next += 1;
            mv
        };
        match mv {
            Some(mv) => {
                game.play(mv, &mut ()).expect("listed moves are legal");
                stack.push((*game.legal_moves(), 0));
            }
            None => {
                stack.pop();
                if !stack.is_empty() {
                    game.undo();
                }
            }
        }
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
