//! Helpers for the differential option tests (`tests/options.rs`,
//! `tests/catalogue_options.rs`): a base variant text whose keys a test sets,
//! and one move played from a position.

use sow::{Engine, Game, Move, MoveEffect, Position, Rules, Verdict};
use std::sync::Arc;

/// The variant `base` with some keys set. In `base`, optional keys are
/// written commented out (`# key = value`) and come alive when set; a key
/// set to `-` is removed. Leaked, so games borrowing the engine can outlive
/// the statement that made it.
pub fn variant(base: &str, edits: &[(&str, &str)]) -> &'static Arc<Engine> {
    let text = edited(base, edits);
    Box::leak(Box::new(Engine::new(
        Rules::from_toml(&text, "base.toml").unwrap_or_else(|e| panic!("{e}\n{text}")),
    )))
}

/// The text of the variant `base` with some keys set, as [`variant`] reads
/// it.
pub fn edited(base: &str, edits: &[(&str, &str)]) -> String {
    let mut text = String::new();
    for line in base.lines() {
        let key = line
            .trim_start_matches("# ")
            .split(" = ")
            .next()
            .unwrap_or("");
        match edits.iter().find(|(k, _)| *k == key) {
            Some((_, "-")) => {}
            Some((k, v)) => text.push_str(&format!("{k} = {v}\n")),
            None => text.push_str(&format!("{line}\n")),
        }
    }
    text
}

/// A position in the notation.
pub fn position(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The move of a house label.
pub fn mv(label: char) -> Move {
    Move::from_label(&label.to_string()).unwrap()
}

/// Plays one move on a bare position (no game endings).
pub fn sow(engine: &Arc<Engine>, from: &str, label: char) -> (Position, MoveEffect) {
    let mut p = position(from);
    let effect = engine
        .play(&mut p, mv(label), &mut ())
        .unwrap_or_else(|e| panic!("{e}"));
    (p, effect)
}

/// Plays one move in a game from `from`.
pub fn play(engine: &Arc<Engine>, from: &str, label: char) -> Game {
    let mut game = Game::from_position(engine, position(from)).unwrap();
    game.play(mv(label), &mut ())
        .unwrap_or_else(|e| panic!("{e}"));
    game
}

/// The legal moves' labels.
pub fn legal(engine: &Arc<Engine>, from: &str) -> String {
    engine
        .legal_moves(&position(from))
        .iter()
        .map(|m| m.label().to_string())
        .collect()
}

/// The verdict on one house.
pub fn verdict(engine: &Arc<Engine>, from: &str, label: char) -> Verdict {
    let p = position(from);
    engine.verdicts(&p)[mv(label).label().column()].1
}
