//! Wouri: document 004 (Catalan). Its holes `1B`-`6B` are `A`-`F` and
//! `1A`-`6A` are `a`-`f` (ruling C3, docs/rulings.md); player B is South.

use sow::{EndReason, Event, IllegalMove, Side, Verdict};

use super::{Example, WOURI_DOCUMENT, game, legal, render_moves, rules, snapshot};

#[test]
fn wouri_example_1_relay_and_captures_of_four() {
    let ex = Example::play(rules("wouri"), "2,3,2,3,4,7/1,0,2,3,5,0 8-8 S", "F");
    // B plays 6B (F) with 7 seeds: 1A-6A, and the last falls in 1B (A), now 3.
    assert_eq!(ex.before.position().row(Side::South)[5], 7);
    assert_eq!(&ex.drops()[..7], "abcdefA");
    assert!(
        ex.events.contains(&Event::Drop { house: 0, now: 3 }),
        "1B now holds 3"
    );
    assert!(
        ex.events.contains(&Event::Relay { house: 0, seeds: 3 }),
        "the turn goes on: relay from 1B"
    );
    // 4A (d) reaches 4 during the sowing and is captured at once.
    assert!(ex.events.contains(&Event::Drop { house: 9, now: 4 }));
    assert!(ex.events.contains(&Event::Capture { house: 9, seeds: 4 }));
    // 2B (B) reaches 4 but stays: it is B's own side.
    assert!(ex.events.contains(&Event::Drop { house: 1, now: 4 }));
    assert!(
        !ex.events
            .iter()
            .any(|e| matches!(e, Event::Capture { house: 1, .. }))
    );
    assert_eq!(ex.after.position().row(Side::South)[1], 4);
    // The turn ends with the capture of 4B (D) by the last seed, on B's own side.
    assert_eq!(
        ex.events.last(),
        Some(&Event::Capture { house: 3, seeds: 4 })
    );
    assert_eq!(ex.effect.last, 3);
    assert_eq!(ex.effect.captured, 8);
    assert_eq!(
        ex.after.position().to_move(),
        Side::North,
        "the turn is over"
    );
    snapshot(
        "wouri_example_1_relay_and_captures_of_four",
        WOURI_DOCUMENT,
        "Example 1 (Fig. 01-02b): B plays 6B with 7 seeds",
        &[
            "B (South) plays 6B (F) with 7 seeds; the last falls in 1B (A), which now holds 3",
            "the relay goes on from 1B",
            "4A (d) reaches 4 during the sowing and is captured",
            "2B (B) reaches 4 but stays: it is B's own side",
            "the turn ends with the capture at 4B (D) by the last seed",
        ],
        &ex.render(),
    );
}

#[test]
fn wouri_example_2_capture_then_the_last_four() {
    let ex = Example::play(rules("wouri"), "1,0,0,0,1,3/2,0,1,0,0,0 20-20 S", "E");
    assert_eq!(
        ex.before.position().row(Side::South)[4],
        1,
        "a single seed in 5B (E)"
    );
    assert_eq!(
        ex.captures(),
        [('F', 4)],
        "the next hole (6B) now holds 4: captured"
    );
    let outcome = ex.after.outcome().expect("4 seeds are left: the game ends");
    assert_eq!(outcome.reason, EndReason::SeedsLeft(4));
    assert_eq!(outcome.reason.name(), "four_left");
    assert!(
        ex.events.contains(&Event::Collect {
            side: Side::South,
            seeds: 4
        }),
        "B takes the last 4"
    );
    assert_eq!(ex.after.position().stores(), [28, 20]);
    assert_eq!(outcome.winner, Some(Side::South));
    snapshot(
        "wouri_example_2_capture_then_the_last_four",
        WOURI_DOCUMENT,
        "Example 2 (Fig. 03-03c): B plays the single seed in 5B",
        &[
            "B plays the single seed in 5B (E) into 6B, which then holds 4",
            "B captures those 4",
            "4 seeds are left on the board: B, the last to capture, takes them and the game ends (R12)",
        ],
        &ex.render(),
    );
}

#[test]
fn wouri_laps_do_not_skip_the_origin() {
    let ex = Example::play(rules("wouri"), "12,0,0,0,0,0/2,2,0,2,2,0 16-12 S", "A");
    assert!(
        !ex.events
            .iter()
            .any(|e| matches!(e, Event::SkipOrigin { .. })),
        "no skip (R10)"
    );
    assert_eq!(
        ex.drops(),
        "BCDEFabcdefA",
        "the 12th seed falls back into 1B (A)"
    );
    assert_eq!(
        ex.after.position().row(Side::South)[0],
        1,
        "A now holds 1: the turn ends (R8)"
    );
    snapshot(
        "wouri_laps_do_not_skip_the_origin",
        WOURI_DOCUMENT,
        "Sowing 12 or more seeds: the starting hole is not skipped (R10)",
        &[
            "12 seeds from 1B (A) make a full lap and the last falls back into A",
            "A, empty before, now holds 1, which ends the turn",
        ],
        &ex.render(),
    );
}

#[test]
fn wouri_a_player_without_seeds_passes() {
    let ex = Example::play(rules("wouri"), "5,2,1,0,0,1/3,0,0,0,0,0 16-20 S", "F");
    assert_eq!(
        ex.captures(),
        [('a', 4)],
        "B's last seed makes 4 in 1A: captured"
    );
    assert_eq!(
        ex.after.position().seeds_on_side(Side::North),
        0,
        "A has no seeds left"
    );
    assert!(
        ex.events.contains(&Event::Pass { side: Side::North }),
        "A loses the turn (R11)"
    );
    assert_eq!(ex.after.position().to_move(), Side::South, "B moves again");
    assert_eq!(legal(&ex.after), "ABC");
    snapshot(
        "wouri_a_player_without_seeds_passes",
        WOURI_DOCUMENT,
        "A capture that leaves the opponent without seeds: the opponent loses the turn (R11)",
        &[
            "B's capture leaves A without seeds",
            "A loses the turn",
            "B moves again",
        ],
        &ex.render(),
    );
}

#[test]
fn wouri_endless_sowing_is_refused() {
    let g = game(rules("wouri"), "2,1,0,2,1,0/2,1,0,1,2,0 16-20 N");
    let verdicts = rules("wouri").verdicts(g.position());
    assert_eq!(
        verdicts[4].1,
        Verdict::Endless,
        "North's e would relay forever (R13)"
    );
    assert_eq!(legal(&g), "abd");
    let mut played = g.clone();
    let refused = played.play(sow::Move::from_label("e").unwrap(), &mut ());
    assert!(matches!(
        refused,
        Err(IllegalMove::Excluded {
            verdict: Verdict::Endless,
            ..
        })
    ));
    snapshot(
        "wouri_endless_sowing_is_refused",
        WOURI_DOCUMENT,
        "Relay sowing that never ends (R13, beyond the source; the position RULINGS.md gives)",
        &[
            "North's e would lift the same board from the same hole again: it never ends",
            "so e may not be played",
        ],
        &render_moves(&g),
    );
}
