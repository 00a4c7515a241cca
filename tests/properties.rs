//! Properties over random games of every shipped variant, and round-trips of
//! the notation.

use proptest::prelude::*;
use sow::word::{FEED, LAST, QUIET};
use sow::{Engine, Game, Move, Position, Verdict};
use std::sync::Arc;

use sow::notation::{parse_position, parse_records};
use sow::record::record_of;
use sow::rules::builtin_rules;

/// A cap far beyond any real game; reaching it means a game did not end.
const PLY_CAP: usize = 5_000;

/// Plays a game choosing moves by `choices` (cycled), checking `each` after
/// every ply. The game's history holds its moves.
fn random_game(engine: &Arc<Engine>, choices: &[usize], mut each: impl FnMut(&Game)) -> Game {
    let mut game = Game::new(engine);
    let mut i = 0;
    while !game.is_over() && game.plies() < PLY_CAP {
        let legal = game.legal_moves();
        let mv = legal.get(choices[i % choices.len()] % legal.len()).unwrap();
        i += 1;
        game.play(mv, &mut ()).expect("a listed move is legal");
        each(&game);
    }
    game
}

proptest! {
    // Each case plays a game of every shipped variant.
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(6, 64) as u32))]

    #[test]
    fn seeds_are_conserved_and_games_end(choices in prop::collection::vec(0usize..1000, 1..64)) {
        for engine in builtin_rules().into_iter().map(Engine::new) {
            let rules = engine.rules();
            let total = rules.total_seeds();
            let game = random_game(&engine, &choices, |game| {
                let seeds = game.position().total_seeds();
                // An ending may take the seeds left off the board for nobody.
                if game.is_over() && rules.removes_seeds() {
                    assert!(seeds <= total, "{}", rules.meta.name);
                } else {
                    assert_eq!(seeds, total, "{}", rules.meta.name);
                }
            });
            prop_assert!(game.is_over(), "{}: no end after {} plies", rules.meta.name, game.plies());
        }
    }

    #[test]
    fn every_listed_move_applies_and_lists_agree(choices in prop::collection::vec(0usize..1000, 1..64)) {
        for engine in builtin_rules().into_iter().map(Engine::new) {
            let rules = engine.rules();
            random_game(&engine, &choices, |game| {
                let position = game.position();
                // Verdicts come house by house, the move list way by way:
                // the same moves, in another order where moves choose ways.
                let by_house = |m: Move| {
                    (
                        m.label(),
                        m.direction().map(|d| d.mark()),
                        m.store_seeds(),
                    )
                };
                let mut judged: Vec<_> = engine
                    .verdicts(position)
                    .into_iter()
                    .filter(|&(_, v)| v == Verdict::Legal)
                    .map(|(m, _)| by_house(m))
                    .collect();
                judged.sort();
                if !game.is_over() {
                    // A move with choices inside it (houses taken after a
                    // capture, a relay stopped in a marked house, a house
                    // marked before the first sowing) is listed once a
                    // choice; its house has one verdict.
                    let mut listed: Vec<_> = game.legal_moves().iter().map(by_house).collect();
                    listed.sort();
                    listed.dedup();
                    assert_eq!(listed, judged, "{}: {position}", rules.meta.name);
                }
                for mv in game.legal_moves().iter() {
                    let mut copy = game.clone();
                    assert!(copy.play(mv, &mut ()).is_ok(), "{}: {mv} at {position}", rules.meta.name);
                }
            });
        }
    }

    #[test]
    fn records_print_and_parse_back(choices in prop::collection::vec(0usize..1000, 1..32), cut in 0usize..200) {
        for engine in builtin_rules().into_iter().map(Engine::new) {
            let rules = engine.rules();
            let mut game = random_game(&engine, &choices, |_| {});
            // Take moves back to a prefix of the game.
            while game.plies() > cut {
                game.undo();
            }
            let tags = [("Variant", rules.meta.name.clone()), ("South", "random \"one\"".to_string())];
            let mut record = record_of(&game, &tags);
            record.comment = Some("start".into());
            if let Some(first) = record.moves.first_mut() {
                first.comment = Some("a comment".into());
            }
            let text = record.to_string();
            let parsed = parse_records(&text, "round-trip").unwrap();
            prop_assert_eq!(parsed.len(), 1);
            let back = &parsed[0];
            prop_assert_eq!(&back.tags, &record.tags);
            prop_assert_eq!(&back.result, &record.result);
            prop_assert_eq!(&back.comment, &record.comment);
            let strip = |r: &sow::record::Record| r.moves.iter().map(|m| (m.mv, m.captured, m.comment.clone())).collect::<Vec<_>>();
            prop_assert_eq!(strip(back), strip(&record));
            // And the parsed record replays to the same position.
            let replay = back.replay(&engine).unwrap();
            prop_assert_eq!(replay.game.position(), game.position());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn positions_print_and_parse_back(
        south in prop::collection::vec(0u8..12, 1..=8),
        stores in (0u8..30, 0u8..30),
        north_moves in any::<bool>(),
        last in prop::option::of(any::<bool>()),
        feed in any::<bool>(),
        children in prop::collection::vec(0u8..3, 16),
        quiet in 0u8..4,
        blocked in prop::collection::vec(any::<bool>(), 16),
    ) {
        let houses: Vec<u8> = south.iter().chain(south.iter().rev()).copied().collect();
        let side = if north_moves { sow::Side::North } else { sow::Side::South };
        let mut position = Position::new(&houses, [stores.0, stores.1], side).unwrap();
        position.set(LAST, last.map(|n| if n { sow::Side::North } else { sow::Side::South }));
        position.set(FEED, feed);
        // Per-house state: each house none, South's child or North's.
        for (house, &mark) in children.iter().enumerate().take(houses.len()) {
            let owner = match mark {
                1 => Some(sow::Side::South),
                2 => Some(sow::Side::North),
                _ => None,
            };
            position.set_child(house, owner);
        }
        position.set(QUIET, quiet);
        // Per-house state: each house blocked or open.
        for (house, &closed) in blocked.iter().enumerate().take(houses.len()) {
            position.set_blocked(house, closed);
        }
        prop_assert_eq!(position.key(), position.compute_key());
        let text = position.to_string();
        let back = parse_position(&text).unwrap();
        prop_assert_eq!(back.key(), position.key());
        prop_assert_eq!(back, position, "{}", text);
    }
}
