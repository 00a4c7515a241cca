//! Perft: the number of move sequences of exactly `depth` plies.
//!
//! A game that ends before `depth` plies counts for nothing, as in
//! `fixtures/perft.txt`. Repetition is part of the game, so perft walks a
//! game with its history ([`crate::walk`]), not bare positions: on the
//! packed engine where the variant packs, else on the general one.

use crate::game::Game;
use crate::game::with_walk;
use crate::position::Move;
use crate::walk::{EngineChoice, Walk, WalkUser};

/// The deepest perft the command line accepts. Each ply multiplies the time
/// by the branching factor (Oware: depth 10 in 0.2 s, about 4.5 times longer
/// a ply), so depth 20 is out of reach on a 2x6 board but fine on tiny ones.
/// The walk keeps its own stack, so no depth can overflow the call stack.
pub const MAX_DEPTH: u32 = 20;

/// Counts the move sequences of exactly `depth` plies from the game's
/// position, walked by `engine` (both engines count alike).
pub fn perft(game: &Game, depth: u32, engine: EngineChoice) -> u64 {
    with_walk(game, engine, Count { depth })
}

/// Perft below each legal move: `(move, sequences of depth plies starting
/// with it)`. The counts add up to [`perft`]; comparing them with another
/// engine's finds the first move where two engines disagree.
pub fn perft_divide(game: &Game, depth: u32, engine: EngineChoice) -> Vec<(Move, u64)> {
    with_walk(game, engine, Divide { depth })
}

/// [`perft`] as a search over a walk.
struct Count {
    depth: u32,
}

impl WalkUser for Count {
    type Output = u64;

    fn run<W: Walk>(self, mut walk: W) -> u64 {
        count(&mut walk, self.depth)
    }
}

/// [`perft_divide`] as a search over a walk.
struct Divide {
    depth: u32,
}

impl WalkUser for Divide {
    type Output = Vec<(Move, u64)>;

    fn run<W: Walk>(self, mut walk: W) -> Vec<(Move, u64)> {
        (0..walk.moves())
            .map(|index| {
                let mv = walk.move_at(index);
                if self.depth == 0 {
                    return (mv, 0);
                }
                walk.play(index);
                let count = count(&mut walk, self.depth - 1);
                walk.undo();
                (mv, count)
            })
            .collect()
    }
}

/// The move sequences of exactly `depth` plies from the walk's position. The
/// walk is a loop over an explicit stack, one frame per ply (the moves there
/// and the next to try), so its memory is a few bytes a ply and never the
/// call stack's. A game that ends before `depth` plies counts for nothing.
fn count<W: Walk>(walk: &mut W, depth: u32) -> u64 {
    if depth == 0 {
        return if walk.is_over() { 0 } else { 1 };
    }
    let depth = depth as usize;
    let mut nodes = 0;
    let mut stack: Vec<(usize, usize)> = Vec::with_capacity(depth.min(1 << 16));
    stack.push((walk.moves(), 0));
    loop {
        let last_ply = stack.len() == depth;
        let Some((moves, next)) = stack.last_mut() else {
            break;
        };
        // The last ply's moves are counted, not played.
        if last_ply {
            nodes += *moves as u64;
        } else if *next < *moves {
            walk.play(*next);
            *next += 1;
            stack.push((walk.moves(), 0));
            continue;
        }
        stack.pop();
        if !stack.is_empty() {
            walk.undo();
        }
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_adds_up_to_perft() {
        let engine = crate::Engine::new(crate::rules::shipped("oware.toml"));
        let game = Game::new(&engine);
        let divided = perft_divide(&game, 5, EngineChoice::Fastest);
        assert_eq!(divided.len(), 6);
        assert_eq!(
            divided.iter().map(|(_, c)| c).sum::<u64>(),
            perft(&game, 5, EngineChoice::Fastest)
        );
        for engine in [EngineChoice::Fastest, EngineChoice::General] {
            assert_eq!(perft(&game, 5, engine), 5219, "{engine:?}");
        }
    }
}
