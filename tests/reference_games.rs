//! The reference games in `tests/fixtures/` replayed through the library:
//! every ply must give the same board, stores and end of game.

use sow::{Engine, Game, Move, Rules};

use crate::common::fixture_games;

fn replay_all(file: &str) {
    let games = fixture_games(file);
    assert!(!games.is_empty(), "{file} holds games");
    for (number, fixture) in games.iter().enumerate() {
        let engine = Engine::new(Rules::builtin(&fixture.variant).expect("shipped variant"));
        let mut game = Game::new(&engine);
        for (ply, expected) in fixture.plies.iter().enumerate() {
            let at = format!(
                "{file} game {} ply {} ({})",
                number + 1,
                ply + 1,
                expected.mv
            );
            let mv = Move::from_label(&expected.mv).unwrap();
            game.play(mv, &mut ())
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            let pos = game.position();
            assert_eq!(pos.houses(), &expected.board[..], "{at}: board");
            assert_eq!(pos.stores(), expected.stores, "{at}: stores");
            assert_eq!(game.is_over(), expected.over, "{at}: over");
        }
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{file} game {} is not over", number + 1));
        assert_eq!(
            outcome.reason.name(),
            fixture.expected_reason(),
            "{file} game {}: reason",
            number + 1
        );
        assert_eq!(
            outcome.result_token(),
            fixture.expected_result(),
            "{file} game {}: result",
            number + 1
        );
    }
}

#[test]
fn oware_games_match_openspiel() {
    replay_all("oware.jsonl");
}

#[test]
fn ouri_games_match_the_second_implementation() {
    replay_all("ouri.jsonl");
}

#[test]
fn wouri_games_match_the_second_implementation() {
    replay_all("wouri.jsonl");
}

#[test]
fn kalah_games_match_openspiel() {
    replay_all("kalah.jsonl");
}
