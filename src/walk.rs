//! Walking a game's tree: playing a legal move and taking it back, for the
//! searches that visit every line of play (perft, the solver).
//!
//! Two engines walk a game: the general one ([`crate::Game`], every rule) and the
//! packed one ([`crate::packed`], the variants it models, played by copying
//! a board of byte lanes). Both play exactly the same games, so a search is
//! written once over [`Walk`] and runs on the faster engine the variant
//! allows ([`crate::game::with_walk`]). This module holds what both walks
//! share, below both engines.

use crate::position::{Move, Position, Side};

/// A game that a search plays forward and back. Moves are named by their
/// index in the legal moves' order ([`crate::MoveList`]'s), which an undo
/// restores. A solve's threads each walk a copy.
pub trait Walk: Clone + Send {
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The final score, `[south, north]`, of a game that is over, as
    /// [`crate::Game::score`] counts it.
    fn score(&self) -> [u32; 2];
    /// The winner of a game that is over, `None` for a draw: the goal's
    /// where the variant has one (clearing, immobilising), else the
    /// player with more seeds.
    fn winner(&self) -> Option<Side>;
    /// The side to move.
    fn to_move(&self) -> Side;
    /// How many legal moves the side to move has (none once over).
    fn moves(&self) -> usize;
    /// The legal move `index`.
    fn move_at(&self, index: usize) -> Move;
    /// Plays the legal move `index`; returns whether it captured.
    fn play(&mut self, index: usize) -> bool;
    /// Takes back the last move played by [`Walk::play`].
    fn undo(&mut self);
    /// A 64-bit digest of everything the rest of the game depends on but
    /// the history: equal positions have equal keys, and the bits are well
    /// mixed (a table may index by any of them).
    fn key(&self) -> u64;
    /// [`Walk::key`] with the stores left out, as well mixed.
    fn key_without_stores(&self) -> u64;
    /// Plies played since the game began.
    fn plies(&self) -> usize;
    /// The seeds that count for `side` now: its store, and its children's
    /// seeds where the variant has children ([`Position::claimed`]).
    fn claimed(&self, side: Side) -> u32;
    /// The seeds in the game, stores included.
    fn total_seeds(&self) -> u32;
    /// The seeds in the houses.
    fn seeds_on_board(&self) -> u32;
    /// The position, for what reads a whole [`Position`] (an endgame
    /// database). Dearer than the rest: call it rarely.
    fn position(&self) -> Position;
}

/// What runs a search on whichever walk a variant allows: a generic
/// function, since the packed engine's walks differ in board width.
pub trait WalkUser {
    /// What the search returns.
    type Output;
    /// Runs the search on `walk`.
    fn run<W: Walk>(self, walk: W) -> Self::Output;
}

/// Which engine plays a game (perft, the solver, random playouts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EngineChoice {
    /// The packed engine where the variant allows it, else the general one.
    #[default]
    Fastest,
    /// The general engine, always.
    General,
}

/// A key spread over all 64 bits (splitmix64's finaliser), never 0 (which
/// a table may keep for an empty slot).
#[inline]
pub fn mix(key: u64) -> u64 {
    let mut z = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) | 1
}
