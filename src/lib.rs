//! `sow`: a generic sowing-game (mancala) virtual machine.
//!
//! Rules are data: a TOML variant file ([`variant`]) compiles into [`Rules`]
//! ([`rules`]), which an [`Engine`] ([`engine`]) runs on a [`Position`]
//! ([`position`]).
//! A [`Game`] ([`game`]) adds what a whole game needs: endings, passes and
//! repetition. Nothing in the engine knows a variant's name.

#![deny(missing_docs)]

pub mod arena;
pub mod bench;
pub mod board;
pub mod diagnostic;
pub mod diagram;
pub mod encoding;
pub mod endgame;
pub mod engine;
pub mod fuzzing;
pub mod game;
pub mod import;
pub mod input;
pub mod layer;
pub mod moves;
pub mod notation;
pub mod packed;
pub mod perft;
pub mod players;
pub mod plot;
pub mod position;
pub mod record;
pub mod rng;
pub mod rules;
pub mod sheet;
pub mod solve;
pub mod stats;
pub mod summary;
pub mod trace;
pub mod variant;
pub mod walk;
pub mod warnings;
pub mod word;

pub use engine::Engine;
pub use game::{Game, Memory, Outcome, Ply};
pub use moves::{IllegalMove, MoveEffect, MoveList, Verdict};
pub use position::{Move, Position, Side};
pub use rules::{Rules, RulesError};
pub use trace::{EndReason, Event, Trace};
