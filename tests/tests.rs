//! All integration tests, in one binary (one module per area).

mod bad_inputs;
mod cli;
mod common;
mod reference_games;
