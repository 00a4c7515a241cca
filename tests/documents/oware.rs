//! Oware Abapa: document 002 (Dutch, jijbent.nl).

use sow::{EndReason, Side, Verdict};

use super::{Example, OWARE_DOCUMENT, after_line, game, legal, render_moves, rules, snapshot};

const START: &str = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";

#[test]
fn oware_start_and_a_first_sowing_of_four() {
    let start = game(rules("oware"), START);
    assert!(
        start.position().houses().iter().all(|&s| s == 4),
        "6 houses each, 4 seeds in every house"
    );
    assert_eq!(start.position().total_seeds(), 48);
    let ex = Example::play(rules("oware"), START, "D");
    assert_eq!(
        ex.drops(),
        "EFab",
        "the 4 seeds go counter-clockwise, one by one, into the next houses"
    );
    assert_eq!(
        ex.after.position().row(Side::South)[3],
        0,
        "the house sown from is now empty"
    );
    snapshot(
        "oware_start_and_a_first_sowing_of_four",
        OWARE_DOCUMENT,
        "Startopstelling; Zaaien (the first move sows 4 seeds)",
        &[
            "each player has 6 houses with 4 seeds: 48 in all",
            "a first move sows 4 seeds from a now-empty house, counter-clockwise",
        ],
        &format!("{}\n{}", render_moves(&start), ex.render()),
    );
}

#[test]
fn oware_more_than_eleven_seeds_skip_the_origin() {
    let ex = Example::play(rules("oware"), "12,0,0,0,0,0/6,6,6,6,6,6 0-0 S", "A");
    assert!(
        ex.events
            .iter()
            .any(|e| matches!(e, sow::Event::SkipOrigin { house: 0 }))
    );
    assert_eq!(
        ex.drops(),
        "BCDEFabcdefB",
        "after a full lap the 12th seed passes over A"
    );
    assert_eq!(ex.after.position().row(Side::South)[0], 0);
    snapshot(
        "oware_more_than_eleven_seeds_skip_the_origin",
        OWARE_DOCUMENT,
        "Zaaien: more than 11 seeds",
        &[
            "A holds 12 seeds",
            "the house they came from is passed over",
            "A is empty after the move",
        ],
        &ex.render(),
    );
}

#[test]
fn oware_harvest_of_twos_and_threes_with_its_chain() {
    let ex = Example::play(rules("oware"), "4,4,4,4,4,4/1,2,1,2,3,4 5-6 S", "E");
    assert_eq!(ex.drops(), "Fabc");
    assert_eq!(
        ex.captures(),
        [('c', 2), ('b', 3), ('a', 2)],
        "c, then the houses before it while they hold 2 or 3"
    );
    assert_eq!(ex.effect.captured, 7);
    assert_eq!(ex.after.position().store(Side::South), 12);
    snapshot(
        "oware_harvest_of_twos_and_threes_with_its_chain",
        OWARE_DOCUMENT,
        "Oogsten: 2 or 3 in the opponent's house, and the houses before it",
        &[
            "the last seed makes 2 in the opponent's house c: harvested",
            "b before it holds 3 and a before that holds 2: harvested too",
            "the chain ends at the opponent's row",
        ],
        &ex.render(),
    );
}

#[test]
fn oware_four_seeds_at_the_top_left_take_two_single_seeds() {
    // North is the player on top; its house f is the top left as the
    // diagram is drawn. Its 4 seeds go to A, B, C, D.
    let ex = Example::play(rules("oware"), "4,3,1,1,5,4/4,4,4,4,4,4 3-3 N", "f");
    assert_eq!(ex.drops(), "ABCD");
    assert_eq!(
        ex.captures(),
        [('D', 2), ('C', 2)],
        "the two single seeds, now 2 each, are harvested"
    );
    assert!(
        !ex.effect.grand_slam,
        "South keeps other seeds: not a grand slam"
    );
    assert_eq!(
        ex.after.position().row(Side::South),
        &[5, 4, 0, 0, 5, 4],
        "B (now 4) ends the chain"
    );
    snapshot(
        "oware_four_seeds_at_the_top_left_take_two_single_seeds",
        OWARE_DOCUMENT,
        "Oogsten: the player on top sows the 4 seeds at the top left",
        &[
            "the top player sows the 4 seeds of its top-left house (f)",
            "the opponent's two single seeds (C, D) become 2 and are harvested",
            "the opponent keeps its other seeds",
        ],
        &ex.render(),
    );
}

#[test]
fn oware_grand_slam_captures_nothing() {
    let ex = Example::play(rules("oware"), "0,0,0,3,0,2/1,2,0,0,0,0 16-24 S", "F");
    assert!(
        ex.effect.grand_slam,
        "the move would take every seed North has"
    );
    assert_eq!(ex.effect.captured, 0, "so nothing is harvested (R6)");
    assert_eq!(
        ex.after.position().row(Side::North),
        &[2, 3, 0, 0, 0, 0],
        "the seeds stay on the board"
    );
    assert_eq!(ex.after.position().to_move(), Side::North);
    snapshot(
        "oware_grand_slam_captures_nothing",
        OWARE_DOCUMENT,
        "Oogsten: a move that would harvest every seed of the opponent (R6)",
        &[
            "the last seed would make b and a hold 3 and 2: every seed North has",
            "nothing is harvested; the seeds stay",
        ],
        &ex.render(),
    );
}

#[test]
fn oware_an_empty_opponent_must_be_fed() {
    let g = game(rules("oware"), "0,0,4,0,1,2/0,0,0,0,0,0 20-21 S");
    assert_eq!(legal(&g), "CF", "only moves that put a seed in North's row");
    assert_eq!(
        rules("oware").verdicts(g.position())[4].1,
        Verdict::DoesNotFeed,
        "E's one seed stays home"
    );
    snapshot(
        "oware_an_empty_opponent_must_be_fed",
        OWARE_DOCUMENT,
        "Uitzondering: when the opponent's houses are all empty",
        &[
            "North has no seeds",
            "South must play a move that puts at least one seed in North's row",
        ],
        &render_moves(&g),
    );
}

#[test]
fn oware_end_at_25() {
    let ex = Example::play(rules("oware"), "0,0,0,0,0,1/2,1,0,0,0,0 22-22 S", "F");
    let outcome = ex.after.outcome().expect("the game ends");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Majority, Some(Side::South))
    );
    assert_eq!(ex.after.position().store(Side::South), 25);
    snapshot(
        "oware_end_at_25",
        OWARE_DOCUMENT,
        "Het einde van het spel: more than half the seeds (25 or more)",
        &[
            "South's store reaches 25",
            "the game is over: North can no longer win",
        ],
        &ex.render(),
    );
}

#[test]
fn oware_end_when_no_move_is_possible() {
    let ex = Example::play(rules("oware"), "0,1,0,0,0,0/0,0,0,0,0,1 22-24 N", "f");
    let outcome = ex.after.outcome().expect("the game ends");
    assert_eq!(outcome.reason, EndReason::NoMove);
    assert_eq!(
        ex.after.position().stores(),
        [24, 24],
        "South adds the seeds in its own houses"
    );
    assert_eq!(outcome.winner, None);
    snapshot(
        "oware_end_when_no_move_is_possible",
        OWARE_DOCUMENT,
        "Het einde van het spel: after a move the other player cannot move",
        &[
            "North sows its last seed; North's row is empty",
            "South cannot give North a seed, so South has no move",
            "South adds the seeds in its own houses to its score",
        ],
        &ex.render(),
    );
}

#[test]
fn oware_end_on_a_repeated_position() {
    let line = ["E", "e", "F", "f", "A", "a", "B", "b", "C", "c", "D"];
    let g = after_line(rules("oware"), "0,0,0,0,1,0/0,0,0,0,1,0 23-23 S", &line);
    let ex = Example::play_in(g, "d");
    let outcome = ex.after.outcome().expect("the position repeats");
    assert_eq!(outcome.reason, EndReason::Repetition);
    assert_eq!(
        ex.after.position().stores(),
        [24, 24],
        "each player gets the seeds in their own houses"
    );
    snapshot(
        "oware_end_on_a_repeated_position",
        OWARE_DOCUMENT,
        "Het einde van het spel: an endless cycle (the same position again)",
        &[
            "both players keep at least one seed on their side",
            "after E e F f A a B b C c D d the first position is back",
            "the remaining seeds go to the owner of each house",
        ],
        &ex.render(),
    );
}
