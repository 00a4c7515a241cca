//! All integration tests, in one binary (one module per area).

mod bad_inputs;
mod catalogue;
mod catalogue_options;
mod cli;
mod common;
mod docs;
mod documents;
mod endgame;
mod footprint;
mod hostile;
mod hostile_four;
mod hostile_three;
mod import;
mod layering;
mod ludii;
mod ludii_games;
mod options;
mod perft;
mod play;
mod players;
mod playouts;
mod properties;
mod reference_games;
mod robustness;
mod shipped;
mod solve;
