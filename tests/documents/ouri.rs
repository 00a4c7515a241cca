//! Ouri: documents 000, 001 and 003 (three copies of the same rules).

use sow::word::FEED;
use sow::{EndReason, Side, Verdict};

use super::{Example, OURI_DOCUMENTS, after_line, game, legal, render_moves, rules, snapshot};

const START: &str = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";

#[test]
fn ouri_start_position() {
    let g = game(rules("ouri"), START);
    let p = g.position();
    assert_eq!(p.houses().len(), 12, "12 houses, two rows of six");
    assert!(p.houses().iter().all(|&s| s == 4), "4 seeds in each house");
    assert_eq!(p.total_seeds(), 48, "48 seeds");
    assert_eq!(p.stores(), [0, 0]);
    assert_eq!(
        p.to_move(),
        Side::South,
        "the first player owns the lower row"
    );
    snapshot(
        "ouri_start_position",
        OURI_DOCUMENTS,
        "1. Material; 3. Regras, Movimentos (the board at the start)",
        &[
            "12 houses in two rows of 6, 2 stores",
            "4 seeds in each house, 48 in all",
            "the first player (South) owns the lower row",
        ],
        &render_moves(&g),
    );
}

#[test]
fn ouri_first_move_from_the_second_house() {
    let ex = Example::play(rules("ouri"), START, "B");
    assert_eq!(
        ex.drops(),
        "CDEF",
        "sowing starts at the house to the right, counter-clockwise"
    );
    assert_eq!(
        ex.after.position().to_string(),
        "4,0,5,5,5,5/4,4,4,4,4,4 0-0 N"
    );
    assert_eq!(ex.effect.captured, 0);
    snapshot(
        "ouri_first_move_from_the_second_house",
        OURI_DOCUMENTS,
        "3. Regras, Movimentos: the first player chooses the 2nd house from the left",
        &[
            "B is emptied",
            "its 4 seeds go one by one to C, D, E, F",
            "nothing is captured",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_first_move_from_the_fifth_house() {
    let ex = Example::play(rules("ouri"), START, "E");
    assert_eq!(
        ex.drops(),
        "Fabc",
        "from the right end the seeds go on into the opponent's row"
    );
    assert_eq!(
        ex.after.position().to_string(),
        "4,4,4,4,0,5/5,5,5,4,4,4 0-0 N"
    );
    assert_eq!(
        ex.effect.captured, 0,
        "5s in the opponent's row are not captured"
    );
    snapshot(
        "ouri_first_move_from_the_fifth_house",
        OURI_DOCUMENTS,
        "3. Regras, Movimentos: the first player chooses the 5th house from the left",
        &[
            "E is emptied",
            "its seeds go to F, then a, b, c in the opponent's row",
            "nothing is captured",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_thirteen_seeds_skip_the_origin() {
    let ex = Example::play(rules("ouri"), "2,3,13,2,2,2/4,4,4,4,4,4 0-0 S", "C");
    assert!(
        ex.events
            .iter()
            .any(|e| matches!(e, sow::Event::SkipOrigin { house: 2 })),
        "the lap passes over C"
    );
    assert_eq!(
        ex.drops(),
        "DEFabcdefABDE",
        "13 seeds: a full lap of 11 houses, skipping C, then D and E"
    );
    assert_eq!(
        ex.after.position().row(Side::South),
        &[3, 4, 0, 4, 4, 3],
        "C stays empty"
    );
    snapshot(
        "ouri_thirteen_seeds_skip_the_origin",
        OURI_DOCUMENTS,
        "3. Regras, Movimentos: a house with 12 or more seeds; sowing 13 seeds",
        &[
            "the first player sows 13 seeds from C",
            "a full lap is made, skipping the house sown from",
            "C is empty after the move",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_single_seed_restriction() {
    let board = "1,2,1,0,2,1/1,1,0,1,0,1";
    let south = game(rules("ouri"), &format!("{board} 19-18 S"));
    assert_eq!(
        legal(&south),
        "BE",
        "the first player may only choose one of the two 2-seed houses"
    );
    for single in ['A', 'C', 'F'] {
        let offset = (single as u8 - b'A') as usize;
        assert_eq!(
            rules("ouri").verdicts(south.position())[offset].1,
            Verdict::SingleSeed
        );
    }
    let north = game(rules("ouri"), &format!("{board} 19-18 N"));
    assert_eq!(
        legal(&north),
        "abdf",
        "the second player has only single seeds and must play one"
    );
    snapshot(
        "ouri_single_seed_restriction",
        OURI_DOCUMENTS,
        "3. Regras, Movimentos: houses with a single seed",
        &[
            "South may only play one of its two houses with 2 seeds (B, E)",
            "South's single seeds (A, C, F) are excluded",
            "North, with nothing but single seeds, must play one of them",
        ],
        &format!("{}\n{}", render_moves(&south), render_moves(&north)),
    );
}

#[test]
fn ouri_capture_rules_a_and_b() {
    // F's 3 seeds end in c; c and b become 2 and 3, a becomes 4.
    let ex = Example::play(rules("ouri"), "4,4,4,4,4,3/3,2,1,4,4,4 4-3 S", "F");
    assert_eq!(
        ex.captures(),
        [('c', 2), ('b', 3)],
        "rule a) takes c, rule b) takes b before it"
    );
    assert_eq!(ex.effect.captured, 5);
    assert_eq!(
        ex.after.position().row(Side::North)[0],
        4,
        "the chain stops at a, which holds 4"
    );
    assert_eq!(ex.after.position().store(Side::South), 9);
    snapshot(
        "ouri_capture_rules_a_and_b",
        OURI_DOCUMENTS,
        "3. Regras, Capturas a) and b)",
        &[
            "a) the last seed makes 2 in the opponent's house c: captured",
            "b) the house before, b, holds 3: captured too",
            "the capture stops at a, which does not hold 2 or 3",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_nine_seed_capture_from_the_third_house() {
    let ex = Example::play(rules("ouri"), "4,4,6,4,4,4/2,2,2,4,4,4 2-2 S", "C");
    assert_eq!(ex.mv.label().column(), 2, "the third house from the left");
    assert_eq!(ex.effect.captured, 9, "9 seeds are captured");
    assert_eq!(ex.captures(), [('c', 3), ('b', 3), ('a', 3)]);
    snapshot(
        "ouri_nine_seed_capture_from_the_third_house",
        OURI_DOCUMENTS,
        "3. Regras, Capturas: the first player sows the third house from the left and captures 9",
        &[
            "South plays the third house from the left (C)",
            "9 seeds are captured, from three houses in a chain",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_note_a_four_or_more_is_not_captured() {
    let ex = Example::play(rules("ouri"), "4,4,4,4,2,0/3,4,4,4,4,4 4-3 S", "E");
    assert_eq!(ex.drops(), "Fa");
    assert_eq!(
        ex.after.position().row(Side::North)[0],
        4,
        "the last house reaches 4"
    );
    assert_eq!(ex.effect.captured, 0, "4 or more is not captured");
    snapshot(
        "ouri_note_a_four_or_more_is_not_captured",
        OURI_DOCUMENTS,
        "3. Regras, Notas a): four or more seeds",
        &[
            "the last seed makes 4 in the opponent's house a",
            "nothing is captured",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_note_a_one_is_not_captured() {
    let ex = Example::play(rules("ouri"), "4,4,4,4,2,0/0,4,4,4,4,4 5-5 S", "E");
    assert_eq!(ex.drops(), "Fa");
    assert_eq!(
        ex.after.position().row(Side::North)[0],
        1,
        "the empty house now holds 1"
    );
    assert_eq!(
        ex.effect.captured, 0,
        "a house that was empty and now holds 1 is not captured"
    );
    snapshot(
        "ouri_note_a_one_is_not_captured",
        OURI_DOCUMENTS,
        "3. Regras, Notas a): an empty house that receives the last seed",
        &[
            "the last seed falls into the empty house a, which now holds 1",
            "nothing is captured",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_note_b_no_capture_in_your_own_row() {
    let ex = Example::play(rules("ouri"), "2,4,1,4,4,4/4,4,4,4,4,4 2-3 S", "A");
    assert_eq!(ex.drops(), "BC");
    assert_eq!(
        ex.after.position().row(Side::South)[2],
        2,
        "C, in South's own row, now holds 2"
    );
    assert_eq!(ex.effect.captured, 0, "no capture in the sower's own row");
    snapshot(
        "ouri_note_b_no_capture_in_your_own_row",
        OURI_DOCUMENTS,
        "3. Regras, Notas b): sowing that ends in the player's own row",
        &[
            "the last seed makes 2 in C, South's own house",
            "nothing is captured",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_4a_the_third_house_is_the_only_feeding_move() {
    let g = game(rules("ouri"), "1,1,4,1,1,0/0,0,0,0,0,0 20-20 S");
    assert_eq!(
        legal(&g),
        "C",
        "only the third house from the left reaches the opponent"
    );
    for house in ['A', 'B', 'D', 'E'] {
        let offset = (house as u8 - b'A') as usize;
        assert_eq!(
            rules("ouri").verdicts(g.position())[offset].1,
            Verdict::DoesNotFeed,
            "{house}"
        );
    }
    let ex = Example::play_in(g.clone(), "C");
    assert_eq!(
        ex.after.position().seeds_on_side(Side::North),
        1,
        "North has a seed again"
    );
    snapshot(
        "ouri_4a_the_third_house_is_the_only_feeding_move",
        OURI_DOCUMENTS,
        "4. Regras Suplementares a): feeding an opponent without seeds",
        &[
            "North has no seeds",
            "South must play so as to put seeds in North's row",
            "the third house from the left (C) is the only such move",
        ],
        &format!("{}\n{}", render_moves(&g), ex.render()),
    );
}

#[test]
fn ouri_4b_grand_slam_then_the_extra_feeding_move() {
    let slam = Example::play(rules("ouri"), "0,0,0,3,0,2/1,2,0,0,0,0 16-24 S", "F");
    assert_eq!(slam.effect.captured, 5, "b and a, every seed North has");
    assert!(slam.effect.grand_slam);
    assert_eq!(slam.after.position().seeds_on_side(Side::North), 0);
    assert_eq!(
        slam.after.position().to_move(),
        Side::South,
        "the capturer plays again (R2)"
    );
    assert!(slam.after.position().get(FEED));
    assert_eq!(legal(&slam.after), "D", "and that move must feed North");
    let feed = Example::play_in(slam.after.clone(), "D");
    assert_eq!(feed.after.position().seeds_on_side(Side::North), 1);
    assert_eq!(feed.after.position().to_move(), Side::North);
    snapshot(
        "ouri_4b_grand_slam_then_the_extra_feeding_move",
        OURI_DOCUMENTS,
        "4. Regras Suplementares b): a capture that leaves the opponent without seeds (R2)",
        &[
            "South's capture takes every seed North has",
            "the capture stands",
            "South plays again at once, and must put seeds in North's row",
        ],
        &format!("{}\n{}", slam.render(), feed.render()),
    );
}

#[test]
fn ouri_end_at_25_seeds() {
    let ex = Example::play(rules("ouri"), "0,0,0,0,0,1/2,1,0,0,0,0 22-22 S", "F");
    let outcome = ex.after.outcome().expect("the game ends");
    assert_eq!(outcome.reason, EndReason::Majority);
    assert_eq!(outcome.winner, Some(Side::South));
    assert_eq!(ex.after.position().store(Side::South), 25);
    assert_eq!(
        ex.after.position().seeds_on_board(),
        1,
        "the seed on the board stays (R5)"
    );
    snapshot(
        "ouri_end_at_25_seeds",
        OURI_DOCUMENTS,
        "5. Fim da Partida: 25 or more seeds",
        &[
            "South's capture brings its store to 25",
            "the game ends at once and South wins",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_end_when_the_opponent_cannot_be_fed() {
    // North plays its last seed; South's single seeds cannot reach North (R3).
    let ex = Example::play(rules("ouri"), "0,1,1,0,0,0/0,0,0,0,0,1 22-23 N", "f");
    let outcome = ex.after.outcome().expect("the game ends");
    assert_eq!(outcome.reason, EndReason::NoMove);
    assert_eq!(
        ex.after.position().stores(),
        [25, 23],
        "South collects the 3 seeds in its houses"
    );
    assert_eq!(outcome.winner, Some(Side::South));
    snapshot(
        "ouri_end_when_the_opponent_cannot_be_fed",
        OURI_DOCUMENTS,
        "5. Fim da Partida: a player without seeds who cannot be fed (R3)",
        &[
            "North is left without seeds",
            "South cannot put a seed in North's row",
            "the game ends and South collects the seeds in its own houses",
        ],
        &ex.render(),
    );
}

#[test]
fn ouri_end_on_a_cycle() {
    let line = ["E", "e", "F", "f", "A", "a", "B", "b", "C", "c", "D"];
    let g = after_line(rules("ouri"), "0,0,0,0,1,0/0,0,0,0,1,0 23-23 S", &line);
    let ex = Example::play_in(g, "d");
    let outcome = ex.after.outcome().expect("the start position is back");
    assert_eq!(outcome.reason, EndReason::Repetition);
    assert_eq!(
        ex.after.position().stores(),
        [24, 24],
        "each player takes the seed in their own row (R4)"
    );
    assert_eq!(outcome.winner, None);
    snapshot(
        "ouri_end_on_a_cycle",
        OURI_DOCUMENTS,
        "5. Fim da Partida: few seeds and a position that repeats (R4)",
        &[
            "after E e F f A a B b C c D d the first position is back",
            "the game ends; each player puts the seeds in their own houses into their store",
        ],
        &ex.render(),
    );
}
