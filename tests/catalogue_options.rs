//! The options the MancalaGames catalogue brought in (issue 11), each shown
//! to matter: two variants that differ in that option alone play the same
//! move from the same position, and the results differ as the option says.

use sow::layer::Layer;
use sow::word::{CROSSED, OPENING, QUIET, STARTER, WAITING};
use sow::{EndReason, Engine, Game, Rules, Side, Verdict};
use std::sync::Arc;

use crate::common::one_option::{edited, legal, mv, play, position, sow, variant, verdict};

/// A plain game; optional keys are commented out and come alive when a test
/// sets them.
const BASE: &str = r#"
[variant]
name = "base"
[board]
houses_per_side = 6
seeds_per_house = 4
# start = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]
# start_in_stores = 3
# sides = "halves"
[sowing]
skip_origin = true
relay = false
# relay_stops_on = [1]
# relay_continues_on = [6]
# relay_from = "next"
# relay_only_in = "own"
# direction_by = "half_row"
# direction_chosen_in = [2]
# first_seed_in_origin = true
# into_stores = "both"
# opening = "last_seed_to_opponent"
# skip_opponent_holding = 2
# skip_holding_at_least = 10
# cycle = "own_row"
# bear_off = true
# diffuse = true
# relay_reverses = true
# relay_needs_opponent_row = true
[play]
min_seeds = 1
must_feed = false
# single_seed_rule = true
# allow = "any"
# pass_when_no_move = false
# no_return = false
# feed_by_house = true
# when_none_feeds = "any_move"
# feeds_after_captures = true
# opening_moves = 2
# opening_from = "right_half"
# from_either_row = false
# share_one = true
# sow_from_store = true
[capture]
counts = [2, 3]
last_seed = "opponent"
chain = false
# chain_max = 2
# chain_zone = "either"
# single_seed_captures = true
# quiet_moves = 2
# across_gap = { zone = "either" }
# grand_slam = "capture"
# before_sowing = "one_seed"
# empty_gives_store = "opponent"
# pull_across = "own"
# sweep = true
# singletons = "either"
# count_takes_opposite = true
# chain_along_sowing = true
# from_played_only = true
# opponent_store = true
# while_sowing = "either"
# while_sowing_by = "owner"
# while_sowing_last = true
# cross = { zone = "own" }
# lap_captures = true
# lap_captures_sow_on = true
# opponent_takes_sown = { at_most = 8 }
# last_seeds_to_mover = 4
# last_seeds_to_round_starter = 4
# sweep_after_capture = [2]
# chosen_after = 2
# chosen_after_houses_taken = 2
# given_to_opponent = true
# next = { zone = "either" }
# match_opposite = true
# match_opposite_both_ways = 3
# looks_along = "board"
# zones_by = "owner"
# starter_waits = true
[end]
# goal = "most_seeds"
# cleared_row = { row = "mover", taken_by = "each_own" }
# cannot_feed = "unfed"
# majority = 25
# seeds_left = { at_most = 8, taken_by = "each_own" }
no_move = "each_own"
ply_limit = { plies = 1000, taken_by = "each_own" }
"#;

fn rules(edits: &[(&str, &str)]) -> &'static Arc<Engine> {
    variant(BASE, edits)
}

#[test]
fn chain_max() {
    // F's last seed makes c hold 2; b and a hold 2 as well.
    let from = "0,0,0,0,0,3/1,1,1,4,4,4 13-13 S";
    let chain = [("chain", "true")];
    let (_, all) = sow(rules(&chain), from, 'F');
    assert_eq!(all.captured, 6);
    let (after, two) = sow(rules(&[("chain", "true"), ("chain_max", "2")]), from, 'F');
    assert_eq!(two.captured, 4, "c and b only");
    assert_eq!(after.row(Side::North), &[2, 0, 0, 4, 4, 4]);
}

#[test]
fn chain_zone() {
    // D's last seed makes a hold 2 (opponent); F and E, before it, hold 2.
    let from = "0,0,0,3,1,1/1,4,4,4,4,3 11-12 S";
    let chain = [("chain", "true")];
    let (_, opponent_only) = sow(rules(&chain), from, 'D');
    assert_eq!(opponent_only.captured, 2);
    let (after, either) = sow(
        rules(&[("chain", "true"), ("chain_zone", "\"either\"")]),
        from,
        'D',
    );
    assert_eq!(either.captured, 6, "a, then F and E in the sower's own row");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 0]);
}

#[test]
fn when_none_feeds_any_move() {
    // North has no seeds; neither A nor E reaches North's row.
    let from = "1,0,0,0,1,0/0,0,0,0,0,0 23-23 S";
    let feed = [("must_feed", "true")];
    assert_eq!(legal(rules(&feed), from), "");
    let any = [("must_feed", "true"), ("when_none_feeds", "\"any_move\"")];
    assert_eq!(legal(rules(&any), from), "AE");
    // A move feeds when North holds seeds after it: D's and F's last seed
    // in North's row makes 1 there, captured; C's ends in b and leaves a 1.
    let from = "0,0,5,3,0,1/0,0,0,0,0,0 19-20 S";
    let capturing_ones = [("counts", "[1]")];
    let feed = [capturing_ones[0], feed[0]];
    assert_eq!(legal(rules(&feed), from), "CDF");
    let any = [capturing_ones[0], any[0], any[1]];
    assert_eq!(legal(rules(&any), from), "C");
}

#[test]
fn feeding_sees_houses_passed_over() {
    // North has no seeds. E's one seed passes over F (17 seeds: full) and
    // lands in a: E feeds North, as F does. Whether a move feeds is judged
    // by sowing it, not by counting the houses to North's row (Urim).
    let from = "0,0,0,0,1,17/0,0,0,0,0,0 15-15 S";
    let feed = [("must_feed", "true"), ("skip_holding_at_least", "17")];
    assert_eq!(legal(rules(&feed), from), "EF");
    // Without houses passed over, E's seed stays in F: it does not feed.
    assert_eq!(legal(rules(&feed[..1]), from), "F");
}

#[test]
fn cannot_feed_and_the_unfed_player() {
    // North's f feeds South's A (now 5) and leaves North empty; A's five
    // seeds cannot reach North's row.
    let from = "4,0,0,0,0,0/0,0,0,0,0,1 19-24 N";
    let plain = play(rules(&[("must_feed", "true")]), from, 'f');
    assert_eq!(plain.outcome().map(|o| o.reason), Some(EndReason::NoMove));
    assert_eq!(plain.position().stores(), [24, 24], "South takes its own");
    let unfed = play(
        rules(&[("must_feed", "true"), ("cannot_feed", "\"unfed\"")]),
        from,
        'f',
    );
    assert_eq!(
        unfed.outcome().map(|o| o.reason),
        Some(EndReason::CannotFeed)
    );
    assert_eq!(
        unfed.position().stores(),
        [19, 29],
        "North, unfed, takes all"
    );
}

#[test]
fn collect_last_mover_removed_and_divided() {
    // F's seed makes a hold 2, captured: North has no move, C's 3 are left.
    let from = "0,0,3,0,0,1/1,0,0,0,0,0 21-22 S";
    let stores = |collect: &str| {
        let limit = format!("{{ plies = 1000, taken_by = {collect} }}");
        let r = rules(&[("no_move", collect), ("ply_limit", &limit)]);
        let game = play(r, from, 'F');
        assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::NoMove));
        (game.position().stores(), game.position().seeds_on_board())
    };
    assert_eq!(stores("\"each_own\""), ([26, 22], 0));
    assert_eq!(stores("\"removed\""), ([23, 22], 0));
    // One each, and the odd seed to the player with fewer in store: North.
    assert_eq!(stores("\"divided\""), ([24, 24], 0));
}

#[test]
fn last_mover_is_not_the_owner() {
    // After one ply the limit ends the game with five seeds in North's a.
    let from = "0,0,0,0,0,1/4,0,0,0,0,0 20-23 S";
    let ends = |collect: &str| {
        let limit = format!("{{ plies = 1, taken_by = {collect} }}");
        let game = play(rules(&[("ply_limit", &limit)]), from, 'F');
        assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::PlyLimit));
        game.position().stores()
    };
    assert_eq!(ends("\"each_own\""), [20, 28]);
    assert_eq!(ends("\"last_mover\""), [25, 23], "South moved last");
}

#[test]
fn pass_when_no_move() {
    // With min_seeds 2, North holds single seeds only: no legal move.
    let from = "0,0,0,0,2,3/1,1,0,0,0,0 18-23 S";
    let r = [("min_seeds", "2")];
    let ends = play(rules(&r), from, 'E');
    assert_eq!(ends.outcome().map(|o| o.reason), Some(EndReason::NoMove));
    let passes = play(
        rules(&[("min_seeds", "2"), ("pass_when_no_move", "true")]),
        from,
        'E',
    );
    assert!(!passes.is_over());
    assert_eq!(passes.position().to_move(), Side::South, "North passed");
}

#[test]
fn goal_clear() {
    // F's last seed leaves South's row empty.
    let from = "0,0,0,0,0,1/4,4,4,4,4,3 12-12 S";
    let no_captures = [("counts", "[]"), ("last_seed", "\"none\"")];
    assert!(!play(rules(&no_captures), from, 'F').is_over());
    let clear = rules(&[
        ("counts", "[]"),
        ("last_seed", "\"none\""),
        ("goal", "\"clear\""),
        ("no_move", "-"),
    ]);
    let game = play(clear, from, 'F');
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome.reason,
        EndReason::Cleared {
            winner: Side::South
        }
    );
    assert_eq!(
        outcome.winner,
        Some(Side::South),
        "fewer seeds, but cleared"
    );
}

#[test]
fn goal_deprive() {
    // F's last seed captures North's last two seeds (a holds 2).
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 23-23 S";
    let most = play(rules(&[]), from, 'F');
    assert_eq!(most.outcome().map(|o| o.reason), Some(EndReason::NoMove));
    let deprive = rules(&[("goal", "\"deprive\""), ("no_move", "-")]);
    let game = play(deprive, from, 'F');
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome.reason,
        EndReason::Deprived {
            winner: Side::South
        }
    );
    assert_eq!(outcome.winner, Some(Side::South));
    // A player who cannot move loses as well.
    let stuck = rules(&[
        ("goal", "\"deprive\""),
        ("no_move", "-"),
        ("min_seeds", "2"),
    ]);
    let game = play(stuck, "0,0,0,0,2,2/1,1,0,0,0,0 20-22 S", 'E');
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::Deprived {
            winner: Side::South
        })
    );
}

#[test]
fn cleared_row() {
    // F empties South's row; North still has seeds, so the game goes on
    // without the rule.
    let from = "0,0,0,0,0,1/4,4,4,4,4,3 12-12 S";
    assert!(!play(rules(&[]), from, 'F').is_over());
    let watched = rules(&[(
        "cleared_row",
        "{ row = \"mover\", taken_by = \"last_mover\" }",
    )]);
    let game = play(watched, from, 'F');
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::RowCleared)
    );
    assert_eq!(game.position().stores(), [36, 12], "the mover takes all");
    let other = rules(&[(
        "cleared_row",
        "{ row = \"opponent\", taken_by = \"each_own\" }",
    )]);
    assert!(!play(other, from, 'F').is_over());
}

#[test]
fn allow_ends_on_opponent_or_empty() {
    // A's two seeds and B's one end in C, which holds seeds; C's four end
    // in b, D's three in a.
    let from = "2,1,4,3,0,0/4,4,4,4,4,4 10-10 S";
    assert_eq!(legal(rules(&[]), from), "ABCD");
    let r = rules(&[("allow", "\"ends_on_opponent_or_empty\"")]);
    assert_eq!(legal(r, from), "CD");
    assert_eq!(r.verdicts(&position(from))[0].1, Verdict::EndsInOwnOccupied);
}

#[test]
fn relay_continues_on() {
    // A's seed makes B hold 3. Stopping on 1 only, B's 3 are relayed and
    // end in the empty E; going on at 6 only, B's 3 stay.
    let from = "1,2,0,0,0,0/4,4,4,4,4,4 10-11 S";
    let stops_on_1 = rules(&[("relay", "true"), ("relay_stops_on", "[1]")]);
    let (relayed, _) = sow(stops_on_1, from, 'A');
    assert_eq!(relayed.row(Side::South), &[0, 0, 1, 1, 1, 0]);
    let only_6 = rules(&[("relay", "true"), ("relay_continues_on", "[6]")]);
    let (stopped, effect) = sow(only_6, from, 'A');
    assert_eq!(stopped.row(Side::South), &[0, 3, 0, 0, 0, 0]);
    assert_eq!(effect.last, 1);
}

#[test]
fn single_seed_captures() {
    let from = "0,0,0,0,0,1/2,4,4,4,4,4 12-13 S";
    let (_, captures) = sow(rules(&[]), from, 'F');
    assert_eq!(captures.captured, 3);
    let (_, none) = sow(rules(&[("single_seed_captures", "false")]), from, 'F');
    assert_eq!(none.captured, 0);
}

#[test]
fn direction_by() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let base = rules(&[]);
    let (fixed, _) = sow(base, start, 'B');
    assert_eq!(fixed.to_string(), "4,0,5,5,5,5/4,4,4,4,4,4 0-0 N");
    // B is in the left half of South's row: it sows clockwise, A then
    // round to North's f, e, d.
    let half_row = rules(&[("direction_by", "\"half_row\"")]);
    let (split, _) = sow(half_row, start, 'B');
    assert_eq!(split.to_string(), "5,0,4,4,4,4/4,4,4,5,5,5 0-0 N");
    let (right, _) = sow(half_row, start, 'E');
    assert_eq!(right.to_string(), "4,4,4,4,0,5/5,5,5,4,4,4 0-0 N");
    // By parity: four seeds (even) sow clockwise, five counter-clockwise.
    let parity = rules(&[("direction_by", "\"parity\"")]);
    let (even, _) = sow(parity, start, 'B');
    assert_eq!(even.to_string(), "5,0,4,4,4,4/4,4,4,5,5,5 0-0 N");
    let (odd, _) = sow(parity, "4,5,4,4,4,4/4,4,4,4,4,3 0-0 S", 'B');
    assert_eq!(odd.to_string(), "4,0,5,5,5,5/5,4,4,4,4,3 0-0 N");
    // A capture chain runs back against the move's own direction: A sows
    // clockwise into f and e (2 each); the chain goes on to f.
    let chain = rules(&[("direction_by", "\"half_row\""), ("chain", "true")]);
    let (after, effect) = sow(chain, "2,0,0,4,4,4/4,4,4,4,1,1 10-10 S", 'A');
    assert_eq!(effect.captured, 4);
    assert_eq!(after.row(Side::North), &[4, 4, 4, 4, 0, 0]);
}

/// The base variant with a `[children]` table, and any keys set.
fn with_children(children: &str, edits: &[(&str, &str)]) -> &'static Arc<Engine> {
    variant(&format!("{BASE}[children]\n{children}\n"), edits)
}

#[test]
fn first_seed_in_origin() {
    let from = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let (after, _) = sow(rules(&[]), from, 'A');
    assert_eq!(after.row(Side::South), &[0, 5, 5, 5, 5, 4]);
    let (after, _) = sow(
        rules(&[("skip_origin", "false"), ("first_seed_in_origin", "true")]),
        from,
        'A',
    );
    assert_eq!(after.row(Side::South), &[1, 5, 5, 5, 4, 4], "A keeps one");
    // A single seed moves on to the next house.
    let (after, _) = sow(
        rules(&[("skip_origin", "false"), ("first_seed_in_origin", "true")]),
        "1,0,4,4,4,4/4,4,4,4,4,4 3-0 S",
        'A',
    );
    assert_eq!(after.row(Side::South), &[0, 1, 4, 4, 4, 4]);
}

#[test]
fn children_are_made_instead_of_a_capture() {
    // F's one seed makes a hold 3.
    let from = "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S";
    let (after, plain) = sow(rules(&[]), from, 'F');
    assert_eq!(plain.captured, 3);
    assert_eq!(after.child_of(6), None);
    let children = with_children("made_at = 3\nzone = \"opponent\"", &[]);
    let (after, made) = sow(children, from, 'F');
    assert_eq!(made.captured, 0, "the child is made instead");
    assert_eq!(after.child_of(6), Some(Side::South));
    assert_eq!(
        after.to_string(),
        "0,0,0,0,0,0/3,4,4,4,4,4 13-12 N children:......S....."
    );
    // In the sower's own row only, a is no child.
    let own = with_children("made_at = 3\nzone = \"own\"", &[]);
    let (after, _) = sow(own, from, 'F');
    assert_eq!(after.child_of(6), None);
}

#[test]
fn children_one_each_never_in_and_apart() {
    let from = "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S children:...........N";
    let free = with_children("made_at = 3", &[]);
    assert_eq!(sow(free, from, 'F').0.child_of(6), Some(Side::South));
    // North's child does not stop South's first.
    let one = with_children("made_at = 3\none_each = true", &[]);
    assert_eq!(sow(one, from, 'F').0.child_of(6), Some(Side::South));
    let owned = "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S children:S...........";
    assert_eq!(sow(one, owned, 'F').0.child_of(6), None, "South has one");
    assert_eq!(sow(free, owned, 'F').0.child_of(6), Some(Side::South));
    // a is the first house of North's row.
    let never = with_children("made_at = 3\nnever_in = [1]", &[]);
    assert_eq!(sow(never, from, 'F').0.child_of(6), None);
    // A and a are first in their rows (mirrors); F and a face each other.
    let beside = "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S children:N...........";
    let facing = with_children("made_at = 3\napart = \"facing\"", &[]);
    assert_eq!(
        sow(facing, beside, 'F').0.child_of(6),
        Some(Side::South),
        "a faces F"
    );
    let mirror = with_children("made_at = 3\napart = \"mirror\"", &[]);
    assert_eq!(sow(mirror, beside, 'F').0.child_of(6), None, "A mirrors a");
    // E's two seeds fall in F (North's child) and a, which faces F.
    let across = "0,0,0,0,2,0/2,4,4,4,4,4 13-11 S children:.....N......";
    assert_eq!(sow(facing, across, 'E').0.child_of(6), None, "F faces a");
    assert_eq!(sow(mirror, across, 'E').0.child_of(6), Some(Side::South));
}

#[test]
fn children_are_never_played_nor_captured_and_count_for_their_owner() {
    let children = with_children("made_at = 3", &[]);
    // North's a is South's child: North may not play it.
    let from = "0,0,0,0,0,1/3,4,4,4,4,4 13-12 N children:......S.....";
    assert_eq!(legal(children, from), "bcdef");
    assert_eq!(
        children
            .check_move(&position(from), mv('a'))
            .unwrap_err()
            .to_string(),
        "a cannot be played: the house is a child, and a child is never played"
    );
    // F's seed makes a hold 2, a capturing count; a child is not captured.
    let (_, plain) = sow(rules(&[]), "0,0,0,0,0,1/1,4,4,4,4,4 13-13 S", 'F');
    assert_eq!(plain.captured, 2);
    let kept = "0,0,0,0,0,1/1,4,4,4,4,4 13-13 S children:......N.....";
    let (after, effect) = sow(children, kept, 'F');
    assert_eq!(effect.captured, 0);
    assert_eq!(after.at(6), 2, "a, a child, keeps its seeds");
    // North's only seeds are in b, South's child: North has no move, and
    // b's seeds count for South at the end.
    let game = play(
        children,
        "0,0,0,0,1,0/0,5,0,0,0,0 20-22 S children:.......S....",
        'E',
    );
    let outcome = game.outcome().expect("North cannot move");
    assert_eq!(outcome.reason, EndReason::NoMove);
    assert_eq!(game.position().stores(), [21, 22], "b stays where it is");
    assert_eq!(outcome.score, [26, 22]);
    assert_eq!(outcome.winner, Some(Side::South));
}

#[test]
fn quiet_moves() {
    // F's seed makes a hold 2: captured, except in the first moves.
    let from = "0,0,0,0,0,1/1,4,4,4,4,4 13-13 S";
    let (_, plain) = sow(rules(&[]), from, 'F');
    assert_eq!(plain.captured, 2);
    let quiet = rules(&[("quiet_moves", "2")]);
    assert_eq!(
        quiet.rules().start().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S quiet:2"
    );
    let (after, effect) = sow(quiet, &format!("{from} quiet:1"), 'F');
    assert_eq!(effect.captured, 0, "the last quiet move");
    assert_eq!(after.get(QUIET), 0);
    let (_, effect) = sow(quiet, from, 'F');
    assert_eq!(effect.captured, 2, "quiet moves over");
    // A position with more quiet moves than the variant has is refused.
    assert!(
        quiet
            .rules()
            .check_position(&position(&format!("{from} quiet:3")))
            .is_err()
    );
    assert!(
        rules(&[])
            .rules()
            .check_position(&position(&format!("{from} quiet:1")))
            .is_err()
    );
}

#[test]
fn relay_from() {
    // E's two seeds end in North's a, which now holds 1; b holds 5.
    let from = "0,0,0,0,2,0/0,5,1,1,1,1 19-19 S";
    let relay = [("skip_origin", "false"), ("relay", "true")];
    // From the last hole: a's single seed is lifted, then b's six, and the
    // relay wanders on until c's 3 is captured.
    let (_, last) = sow(rules(&relay), from, 'E');
    assert_eq!(last.captured, 3);
    // From the next place: b's five are lifted; they end in A, and B, after
    // it, is empty: the sowing ends there, in the sower's own row.
    let next = [
        ("skip_origin", "false"),
        ("relay", "true"),
        ("relay_from", "\"next\""),
    ];
    let (after, effect) = sow(rules(&next), from, 'E');
    assert_eq!(effect.captured, 0);
    assert_eq!(after.row(Side::South), &[1, 0, 0, 0, 0, 1]);
    assert_eq!(after.row(Side::North), &[1, 0, 2, 2, 2, 2]);
}

#[test]
fn across_gap() {
    // F's last seed makes North's b hold 4; c after it is empty, d holds 4.
    let from = "0,0,0,0,0,2/0,3,0,4,4,4 16-15 S";
    let (_, plain) = sow(rules(&[]), from, 'F');
    assert_eq!(plain.captured, 0);
    let gap = rules(&[("across_gap", "{ zone = \"either\" }")]);
    let (after, effect) = sow(gap, from, 'F');
    assert_eq!(effect.captured, 4, "d, across the empty c");
    assert_eq!(after.row(Side::North), &[1, 4, 0, 0, 4, 4]);
    assert_eq!(after.stores(), [20, 15]);
    // Only in its zone: d is in the opponent's row.
    let own = rules(&[("across_gap", "{ zone = \"own\" }")]);
    assert_eq!(sow(own, from, 'F').1.captured, 0);
    // Without relay sowing the last house must have held seeds before.
    let (_, empty_before) = sow(gap, "0,0,0,0,0,2/0,0,0,4,4,4 17-17 S", 'F');
    assert_eq!(empty_before.captured, 0);
}

#[test]
fn across_gap_take_opposite() {
    // F's last seed makes North's b hold 4; c after it is empty, d holds 4,
    // and C, opposite d, holds 3.
    let from = "0,0,3,0,0,2/0,3,0,4,4,4 13-15 S";
    let gap = rules(&[("across_gap", "{ zone = \"either\" }")]);
    let (_, plain) = sow(gap, from, 'F');
    assert_eq!(plain.captured, 4, "d only");
    let opposite = rules(&[("across_gap", "{ zone = \"either\", take_opposite = true }")]);
    let (after, effect) = sow(opposite, from, 'F');
    assert_eq!(effect.captured, 7, "d, then C opposite it");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 0]);
    assert_eq!(after.row(Side::North), &[1, 4, 0, 0, 4, 4]);
    assert_eq!(after.stores(), [20, 15]);
    // Only in the zone: C is in the sower's own row.
    let opponent = rules(&[(
        "across_gap",
        "{ zone = \"opponent\", take_opposite = true }",
    )]);
    assert_eq!(sow(opponent, from, 'F').1.captured, 4);
}

#[test]
fn sweep_after_capture() {
    // D's seed falls in the empty E, across from b (3): a cross capture.
    // North's a and d hold 2.
    let from = "0,0,0,1,0,0/2,3,1,2,4,0 15-20 S";
    let cross = [
        ("counts", "-"),
        ("last_seed", "\"none\""),
        ("chain", "-"),
        ("cross", "{ zone = \"own\" }"),
    ];
    let (_, alone) = sow(rules(&cross), from, 'D');
    assert_eq!(alone.captured, 3, "b only");
    let mut sweeping = cross.to_vec();
    sweeping.push(("sweep_after_capture", "[2]"));
    let sweeping = rules(&sweeping);
    let (after, effect) = sow(sweeping, from, 'D');
    assert_eq!(effect.captured, 7, "b, then a and d holding 2");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 1, 0]);
    assert_eq!(after.row(Side::North), &[0, 0, 1, 0, 4, 0]);
    assert_eq!(after.stores(), [22, 20]);
    // No capture, no sweep: b is empty.
    let (_, none) = sow(sweeping, "0,0,0,1,0,0/2,0,1,2,4,0 18-20 S", 'D');
    assert_eq!(none.captured, 0);
}

#[test]
fn chosen_after() {
    // D's seed falls in the empty E, across from b (3): a cross capture.
    // North's a, c, d and e hold seeds after it.
    let from = "0,0,0,1,0,1/2,3,1,2,4,0 14-20 S";
    let cross = [
        ("counts", "-"),
        ("last_seed", "\"none\""),
        ("chain", "-"),
        ("cross", "{ zone = \"own\" }"),
    ];
    let moves = |engine: &Arc<Engine>, from: &str| -> Vec<String> {
        engine
            .legal_moves(&position(from))
            .iter()
            .map(|m| m.to_string())
            .collect()
    };
    assert_eq!(moves(rules(&cross), from), ["D", "F"]);
    let mut choosing = cross.to_vec();
    choosing.push(("chosen_after", "2"));
    let choosing = rules(&choosing);
    // The capturing move is one move a choice of two of a, c, d, e; F
    // captures nothing and stays bare.
    assert_eq!(
        moves(choosing, from),
        ["D+a+c", "D+a+d", "D+a+e", "D+c+d", "D+c+e", "D+d+e", "F"]
    );
    let mut game = Game::from_position(choosing, position(from)).unwrap();
    // Written in any order, it is the same move.
    let (taking, _) = sow::notation::parse_move("D+e+ax9").unwrap();
    assert_eq!(taking.to_string(), "D+a+e");
    let effect = game.play(taking, &mut ()).unwrap();
    assert_eq!(effect.captured, 9, "b's 3, a's 2 and e's 4");
    assert_eq!(game.position().row(Side::North), &[0, 0, 1, 2, 0, 0]);
    assert_eq!(game.position().stores(), [23, 20]);
    // The bare move, or a choice of the wrong size, is refused, naming a
    // legal one; so is a choice after a move that captures nothing.
    let game = Game::from_position(choosing, position(from)).unwrap();
    let refusal = |text: &str| {
        let (mv, _) = sow::notation::parse_move(text).unwrap();
        game.clone().play(mv, &mut ()).unwrap_err().to_string()
    };
    assert!(refusal("D").contains("such as D+a+c"), "{}", refusal("D"));
    assert!(refusal("D+a").contains("such as D+a+c"));
    assert!(refusal("D+a+b").contains("such as D+a+c"), "b is emptied");
    assert_eq!(
        refusal("F+a"),
        "F+a takes houses by choice, but F makes no capture to take them after: write F"
    );
    // Fewer houses holding seeds than the choice: every one is taken.
    let few = "0,0,0,1,0,1/0,3,0,0,4,0 19-20 S";
    assert_eq!(moves(choosing, few), ["D+e", "F"]);
    // Only after a capture of two houses or more
    // (`chosen_after_houses_taken`): b alone is not enough.
    let mut two = cross.to_vec();
    two.extend([("chosen_after", "2"), ("chosen_after_houses_taken", "2")]);
    assert_eq!(moves(rules(&two), from), ["D", "F"]);
}

#[test]
fn across_gap_along_the_way_the_first_move_fixed() {
    // South sows clockwise (ways:<>): C's seed falls in B, which held one;
    // A after it is empty, and North's f after that holds 3.
    let gap = rules(&[
        ("direction_by", "\"first_move\""),
        ("counts", "-"),
        ("last_seed", "\"none\""),
        ("chain", "-"),
        ("across_gap", "{ zone = \"either\" }"),
    ]);
    let (after, effect) = sow(gap, "0,1,1,0,0,0/0,0,0,0,0,3 21-22 S ways:<>", 'C');
    assert_eq!(effect.captured, 3, "f, across the empty A");
    assert_eq!(after.row(Side::South), &[0, 2, 0, 0, 0, 0]);
    assert_eq!(after.stores(), [24, 22]);
    // Counter-clockwise (ways:><) the seed falls in the empty D.
    let (_, other_way) = sow(gap, "0,1,1,0,0,0/0,0,0,0,0,3 21-22 S ways:><", 'C');
    assert_eq!(other_way.captured, 0);
}

#[test]
fn allow_opposite_not_single() {
    // f, opposite A, and c, opposite D, hold a single seed.
    let from = "1,3,1,2,4,4/4,4,1,4,4,1 8-7 S";
    assert_eq!(legal(rules(&[]), from), "ABCDEF");
    let r = rules(&[("allow", "\"opposite_not_single\"")]);
    assert_eq!(legal(r, from), "BCEF");
    assert_eq!(
        r.check_move(&position(from), mv('D'))
            .unwrap_err()
            .to_string(),
        "D cannot be played: the house opposite holds a single seed"
    );
}

#[test]
fn singles_take_opposite_before_sowing() {
    // Before B is lifted, A and C hold a single seed each: they take f and
    // d, opposite them. B then sows C, D and E.
    let from = "1,3,1,0,4,4/4,4,4,4,4,4 6-5 S";
    let r = rules(&[("before_sowing", "\"singles_take_opposite\"")]);
    assert_eq!(
        sow_written(r, from, "B").unwrap(),
        "1,0,2,1,5,4/4,4,4,0,4,0 14-5 N"
    );
    // A single seed played takes the house opposite it too.
    assert_eq!(
        sow_written(r, from, "A").unwrap(),
        "0,4,1,0,4,4/4,4,4,0,4,0 14-5 N"
    );
}

#[test]
fn feeds_after_captures() {
    // North's row is empty. D's last seed falls in a and is captured there
    // (a capture of 1): it sows into North's row but leaves it empty. F
    // sows a and b, and only b is captured.
    let from = "0,0,0,3,0,2/0,0,0,0,0,0 18-25 S";
    let feed = [("must_feed", "true"), ("counts", "[1, 3]")];
    assert_eq!(legal(rules(&feed), from), "DF");
    let mut after = feed.to_vec();
    after.push(("feeds_after_captures", "true"));
    assert_eq!(legal(rules(&after), from), "F");
}

#[test]
fn allow_single_to_empty() {
    // A's single seed would fall in B, which holds seeds; C's in the empty D.
    let from = "1,3,1,0,4,4/4,4,4,4,4,4 6-5 S";
    assert_eq!(legal(rules(&[]), from), "ABCEF");
    let r = rules(&[("allow", "\"single_to_empty\"")]);
    assert_eq!(legal(r, from), "BCEF");
    assert_eq!(r.verdicts(&position(from))[0].1, Verdict::SingleToOccupied);
    assert_eq!(
        r.check_move(&position(from), mv('A'))
            .unwrap_err()
            .to_string(),
        "A cannot be played: it holds a single seed, and the house it would sow into is not empty"
    );
}

#[test]
fn allow_single_only_if_all_single() {
    // North is empty; only F's single seed would feed, and A holds two.
    let from = "2,0,0,0,0,1/0,0,0,0,0,0 23-22 S";
    let feed = [("must_feed", "true")];
    assert_eq!(legal(rules(&feed), from), "F");
    let r = rules(&[
        ("must_feed", "true"),
        ("allow", "\"single_only_if_all_single\""),
    ]);
    // The single seed is refused before feeding is asked: no move is left.
    assert_eq!(legal(r, from), "");
    assert_eq!(r.verdicts(&position(from))[5].1, Verdict::SingleSeed);
    // Ouri's rule as R1 words it compares only the houses that feed.
    let r1 = rules(&[("must_feed", "true"), ("single_seed_rule", "true")]);
    assert_eq!(legal(r1, from), "F");
}

#[test]
fn grand_slam_leave_rightmost() {
    // F's last seed makes b hold 3 and a holds 2: the chain takes North's
    // every seed.
    let from = "0,0,0,0,0,2/1,2,0,0,0,0 22-21 S";
    let chain = [("chain", "true")];
    let (after, all) = sow(rules(&chain), from, 'F');
    assert_eq!(all.captured, 5);
    assert!(all.grand_slam);
    assert_eq!(after.row(Side::North), &[0; 6]);
    let leave = rules(&[("chain", "true"), ("grand_slam", "\"leave_rightmost\"")]);
    let (after, kept) = sow(leave, from, 'F');
    assert_eq!(
        kept.captured, 3,
        "a, North's first house, the rightmost seen from South, keeps 2"
    );
    assert_eq!(after.row(Side::North), &[2, 0, 0, 0, 0, 0]);
    assert_eq!(after.stores(), [25, 21]);
    // A slam on North's only occupied house takes it all.
    let (after, single) = sow(leave, "0,0,0,0,0,1/2,0,0,0,0,0 23-22 S", 'F');
    assert!(single.grand_slam);
    assert_eq!(single.captured, 3);
    assert_eq!(after.row(Side::North), &[0; 6]);
}

#[test]
fn before_sowing() {
    // D's three seeds: E, F, and North's a, which then holds 5.
    let from = "0,0,0,3,0,0/4,4,4,4,4,4 11-10 S";
    let (after, plain) = sow(rules(&[]), from, 'D');
    assert_eq!(plain.captured, 0);
    assert_eq!(after.row(Side::North), &[5, 4, 4, 4, 4, 4]);
    // One seed of the handful goes to the store first; two are sown.
    let one = rules(&[("before_sowing", "\"one_seed\"")]);
    let (after, effect) = sow(one, from, 'D');
    assert_eq!(effect.captured, 1);
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 1, 1]);
    assert_eq!(after.row(Side::North), &[4, 4, 4, 4, 4, 4]);
    assert_eq!(after.stores(), [12, 10]);
    // A single seed played takes the house opposite (North's c), then sows.
    let single = "0,0,0,1,0,0/4,4,4,4,4,4 12-11 S";
    assert_eq!(sow(rules(&[]), single, 'D').1.captured, 0);
    let opposite = rules(&[("before_sowing", "\"single_takes_opposite\"")]);
    let (after, effect) = sow(opposite, single, 'D');
    assert_eq!(effect.captured, 4);
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 1, 0]);
    assert_eq!(after.row(Side::North), &[4, 4, 0, 4, 4, 4]);
    assert_eq!(after.stores(), [16, 11]);
    // A house of more seeds does not.
    assert_eq!(sow(opposite, from, 'D').1.captured, 0);
}

#[test]
fn start_pattern() {
    assert_eq!(
        rules(&[]).rules().start().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"
    );
    let pattern = rules(&[("start", "[0, 0, 4, 0, 4, 4, 4, 0, 4, 0, 0, 0]")]);
    assert_eq!(
        pattern.rules().start().to_string(),
        "0,0,4,0,4,4/4,0,4,0,0,0 0-0 S"
    );
    assert_eq!(pattern.rules().total_seeds(), 20);
    // An empty house of the pattern cannot be played.
    assert_eq!(legal(pattern, "0,0,4,0,4,4/4,0,4,0,0,0 0-0 S"), "CEF");
}

#[test]
fn relay_only_in() {
    // E's last seed makes North's a hold 4.
    let from = "0,0,0,0,2,1/3,4,4,4,4,4 11-11 S";
    let relay = [("relay", "true"), ("relay_stops_on", "[1]")];
    let (after, _) = sow(rules(&relay), from, 'E');
    assert_eq!(after.at(6), 0, "a's four are relayed");
    let own = rules(&[
        ("relay", "true"),
        ("relay_stops_on", "[1]"),
        ("relay_only_in", "\"own\""),
    ]);
    let (after, _) = sow(own, from, 'E');
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 2]);
    assert_eq!(after.row(Side::North), &[4, 4, 4, 4, 4, 4]);
}

#[test]
fn empty_gives_store() {
    // F's seed falls in North's empty a.
    let from = "0,0,0,0,0,1/0,4,4,4,4,4 10-17 S";
    let (after, _) = sow(rules(&[]), from, 'F');
    assert_eq!(after.stores(), [10, 17]);
    let gives = rules(&[("empty_gives_store", "\"opponent\"")]);
    let (after, _) = sow(gives, from, 'F');
    assert_eq!(after.stores(), [0, 27], "South's store goes to North");
    assert_eq!(after.at(6), 1);
    // Only in its zone.
    let own = rules(&[("empty_gives_store", "\"own\"")]);
    assert_eq!(sow(own, from, 'F').0.stores(), [10, 17]);
}

#[test]
fn pull_across() {
    // E's seed falls in the empty F; North's a, opposite, holds 4.
    let from = "0,0,0,0,1,0/4,4,4,4,4,4 12-11 S";
    let (after, _) = sow(rules(&[]), from, 'E');
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 1]);
    let pull = rules(&[("pull_across", "\"own\"")]);
    let (after, effect) = sow(pull, from, 'E');
    assert_eq!(effect.captured, 0, "no store takes them");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 5]);
    assert_eq!(after.row(Side::North), &[0, 4, 4, 4, 4, 4]);
    assert_eq!(after.stores(), [12, 11]);
}

#[test]
fn sweep() {
    // D's two seeds end in F, the last house of South's row; North's b
    // and d hold 2 and 3.
    let from = "0,0,0,2,0,0/1,2,1,3,5,4 15-15 S";
    let plain = rules(&[]);
    assert_eq!(sow(plain, from, 'D').1.captured, 0);
    // The sweep is the variant's only count capture, so last_seed goes.
    let sweep = rules(&[("last_seed", "\"none\""), ("sweep", "true")]);
    let (after, effect) = sow(sweep, from, 'D');
    assert_eq!(effect.captured, 5, "b's 2 and d's 3");
    assert_eq!(after.row(Side::North), &[1, 0, 1, 0, 5, 4]);
    // A last seed elsewhere in the sower's row takes nothing.
    let (_, effect) = sow(sweep, "0,0,2,0,0,0/1,2,1,3,5,4 15-15 S", 'C');
    assert_eq!(effect.captured, 0);
}

#[test]
fn opponent_store() {
    // F's eight seeds pass South's store and North's row, and the last
    // falls in North's store.
    let from = "0,0,0,0,0,8/4,4,4,4,4,4 8-8 S";
    let both = [("into_stores", "\"both\"")];
    let (after, _) = sow(rules(&both), from, 'F');
    assert_eq!(after.stores(), [9, 9]);
    let take = rules(&[("into_stores", "\"both\""), ("opponent_store", "true")]);
    let (after, effect) = sow(take, from, 'F');
    assert_eq!(effect.captured, 9);
    assert_eq!(after.stores(), [18, 0], "North's store goes to South's");
    assert_eq!(after.row(Side::North), &[5, 5, 5, 5, 5, 5]);
}

#[test]
fn while_sowing_by() {
    // D's four seeds: E, F, North's a (now 2, taken on the way), b.
    let from = "0,0,0,4,0,0/1,4,4,4,4,4 12-11 S";
    let sower = rules(&[("while_sowing", "\"either\"")]);
    let (after, effect) = sow(sower, from, 'D');
    assert_eq!(effect.captured, 2);
    assert_eq!(after.stores(), [14, 11]);
    let owner = rules(&[
        ("while_sowing", "\"either\""),
        ("while_sowing_by", "\"owner\""),
    ]);
    let (after, effect) = sow(owner, from, 'D');
    assert_eq!(effect.captured, 0, "North takes its own house");
    assert_eq!(after.stores(), [12, 13]);
    assert_eq!(after.row(Side::North), &[0, 5, 4, 4, 4, 4]);
}

#[test]
fn while_sowing_last() {
    // D's two seeds: E, then F, which then holds 2, a capturing count.
    let from = "0,0,0,2,0,1/4,4,4,4,4,4 11-10 S";
    let base = [
        ("last_seed", "\"none\""),
        ("while_sowing", "\"either\""),
        ("while_sowing_by", "\"owner\""),
    ];
    let (_, effect) = sow(rules(&base), from, 'D');
    assert_eq!(effect.captured, 0, "the last seed is not sown on the way");
    let last = rules(&[
        ("last_seed", "\"none\""),
        ("while_sowing", "\"either\""),
        ("while_sowing_by", "\"owner\""),
        ("while_sowing_last", "true"),
    ]);
    let (after, effect) = sow(last, from, 'D');
    assert_eq!(effect.captured, 2, "F, South's own, goes to South");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 1, 0]);
    assert_eq!(after.stores(), [13, 10]);
}

#[test]
fn while_sowing_last_then_across_gap() {
    // D's three seeds: E (now 4, taken on the way by its owner, South), F,
    // then North's a (now 2), before the empty b and c holding 4.
    let from = "0,0,0,3,3,0/1,0,4,4,4,4 12-13 S";
    let owner = [
        ("counts", "[4]"),
        ("last_seed", "\"none\""),
        ("while_sowing", "\"either\""),
        ("while_sowing_by", "\"owner\""),
        ("while_sowing_last", "true"),
    ];
    let (_, alone) = sow(rules(&owner), from, 'D');
    assert_eq!(alone.captured, 4, "E only");
    let mut gap = owner.to_vec();
    gap.push(("across_gap", "{ zone = \"either\" }"));
    let (after, effect) = sow(rules(&gap), from, 'D');
    assert_eq!(effect.captured, 8, "E on the way, then c across the gap");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 1]);
    assert_eq!(after.row(Side::North), &[2, 0, 0, 4, 4, 4]);
    assert_eq!(after.stores(), [20, 13]);
}

#[test]
fn goal_immobilize() {
    // F's single seed leaves South's row empty; North can still move.
    let from = "0,0,0,0,0,1/4,4,4,4,4,4 12-11 S";
    let deprive = rules(&[
        ("goal", "\"deprive\""),
        ("no_move", "-"),
        ("ply_limit", "{ plies = 1000, taken_by = \"nobody\" }"),
    ]);
    let game = play(deprive, from, 'F');
    assert_eq!(
        game.outcome().expect("South's row is empty").winner,
        Some(Side::North)
    );
    let immobilize = rules(&[
        ("goal", "\"immobilize\""),
        ("no_move", "-"),
        ("ply_limit", "{ plies = 1000, taken_by = \"nobody\" }"),
    ]);
    let game = play(immobilize, from, 'F');
    assert!(
        !game.is_over(),
        "North has moves, and South's empty row ends nothing"
    );
    // A player to move with no legal move loses, as with "deprive" (the
    // same ending, Immobilized).
}

/// A game of relay sowing without captures, played to leave the opponent
/// without a move: what `[blocking]` needs. `blocking` is the table's keys,
/// or `None` for no table.
fn blocking_game(blocking: Option<&str>, edits: &[(&str, &str)]) -> &'static Arc<Engine> {
    let mut text = String::from(
        r#"
[variant]
name = "base-blocking"
[board]
houses_per_side = 6
seeds_per_house = 2
[sowing]
relay = true
relay_stops_on = [1]
[play]
min_seeds = 1
[capture]
# quiet_moves = 1
[end]
goal = "immobilize"
ply_limit = { plies = 1000, taken_by = "each_own_in_place" }
"#,
    );
    if let Some(keys) = blocking {
        text.push_str(&format!("[blocking]\n{keys}\n"));
    }
    variant(&text, edits)
}

#[test]
fn blocking_closes_a_house_that_a_relay_lifts() {
    // E's two seeds end in North's a, which now holds 3: the relay lifts
    // them and sows b, c, d, ending on a single seed.
    let from = "4,4,4,0,2,0/2,0,0,0,0,8 0-0 S";
    let (after, effect) = sow(blocking_game(None, &[]), from, 'E');
    assert_eq!(after.to_string(), "4,4,4,0,0,1/0,1,1,1,0,8 0-0 N");
    let blocking = blocking_game(Some("closes_at = 3"), &[]);
    let (closed, closing) = sow(blocking, from, 'E');
    assert_eq!(
        closed.to_string(),
        "4,4,4,0,0,1/0,1,1,1,0,8 0-0 N blocked:......x.....",
        "a is closed, its seeds sown on"
    );
    assert_eq!((effect.captured, closing.captured), (0, 0));
    // At another count, or in a row's first house under never_in = [1], or
    // in the first, quiet move, nothing closes.
    let four = blocking_game(Some("closes_at = 4"), &[]);
    assert_eq!(sow(four, from, 'E').0, after);
    let never = blocking_game(Some("closes_at = 3\nnever_in = [1]"), &[]);
    assert_eq!(sow(never, from, 'E').0, after);
    let quiet = blocking_game(Some("closes_at = 3"), &[("quiet_moves", "1")]);
    let (calm, _) = sow(quiet, &format!("{from} quiet:1"), 'E');
    assert_eq!(calm.blocked_houses(), 0, "the quiet move closes nothing");
}

#[test]
fn blocked_houses_are_passed_over_or_take_seeds_out_of_play() {
    let blocking = blocking_game(Some("closes_at = 3"), &[]);
    // North's e sows two seeds: North's own f is blocked and passed over;
    // South's A is blocked, and the seed for it leaves play, kept in South's
    // store; the last seed falls in B.
    let from = "0,0,4,4,4,4/2,2,0,0,2,0 2-0 N blocked:x..........x";
    let (after, effect) = sow(blocking, from, 'e');
    assert_eq!(
        after.to_string(),
        "0,1,4,4,4,4/2,2,0,0,0,0 3-0 S blocked:x..........x"
    );
    assert_eq!(effect.captured, 0, "seeds out of play are no capture");
    // A last seed that leaves play ends the sowing.
    let (after, _) = sow(
        blocking,
        "0,0,4,4,4,4/2,2,0,0,0,1 3-0 N blocked:x...........",
        'f',
    );
    assert_eq!(
        after.to_string(),
        "0,0,4,4,4,4/2,2,0,0,0,0 4-0 S blocked:x..........."
    );
    // A blocked house is never played, and holds no seeds.
    assert_eq!(
        verdict(
            blocking,
            "0,0,4,4,4,4/2,2,0,0,2,0 2-0 S blocked:x..........x",
            'A'
        ),
        Verdict::Blocked
    );
    assert!(
        blocking
            .rules()
            .check_position(&position("0,0,4,4,4,4/2,2,0,0,2,0 2-0 S"))
            .is_ok()
    );
    let holding = position("1,0,4,4,4,4/2,2,0,0,2,0 1-0 S blocked:x...........");
    assert_eq!(
        blocking
            .rules()
            .check_position(&holding)
            .unwrap_err()
            .to_string(),
        "house A is blocked but holds 1 seed(s): a blocked house is always empty"
    );
    // Without [blocking] a position may not carry blocked houses.
    assert!(
        blocking_game(None, &[])
            .rules()
            .check_position(&position(from))
            .is_err()
    );
}

#[test]
fn blocking_keeps_the_stores_out_of_the_score() {
    // The ply limit ends the game after one move: the seeds out of play in
    // South's store count for nobody, and the seeds in each row for its
    // owner, so North wins.
    let limit = [(
        "ply_limit",
        "{ plies = 1, taken_by = \"each_own_in_place\" }",
    )];
    let blocking = blocking_game(Some("closes_at = 3"), &limit);
    let game = play(
        blocking,
        "0,0,0,0,0,2/4,4,2,0,2,0 10-0 N blocked:x..........x",
        'e',
    );
    let outcome = game.outcome().expect("the ply limit");
    assert_eq!(outcome.reason, EndReason::PlyLimit);
    assert_eq!(game.position().stores(), [11, 0]);
    assert_eq!(outcome.score, [3, 10]);
    assert_eq!(outcome.winner, Some(Side::North));
    // Without blocked houses the stores count: South wins.
    let plain = blocking_game(None, &limit);
    let game = play(plain, "0,0,0,0,0,2/4,4,2,0,2,0 10-0 N", 'e');
    assert_eq!(game.outcome().unwrap().score, [13, 11]);
    assert_eq!(game.outcome().unwrap().winner, Some(Side::South));
}

#[test]
fn children_kind_bull() {
    // F's two seeds make a hold 3 and b hold 4.
    let from = "0,0,0,0,0,2/2,3,4,4,4,4 13-12 S";
    let normal = with_children("made_at = 4", &[]);
    let (after, _) = sow(normal, from, 'F');
    assert_eq!(
        after.layer_marks(Layer::Children),
        ".......S....",
        "b alone"
    );
    let bull = with_children("made_at = 4\nkind = \"bull\"", &[]);
    let (after, effect) = sow(bull, from, 'F');
    assert_eq!(
        after.layer_marks(Layer::Children),
        "......SS....",
        "a and b, a pair"
    );
    assert_eq!(effect.captured, 0, "no capture");
    // The pair the other way round: a holds 4, b 3 (no child alone).
    let (after, _) = sow(bull, "0,0,0,0,0,2/3,2,4,4,4,4 13-12 S", 'F');
    assert_eq!(after.layer_marks(Layer::Children), "......SS....");
    let (after, _) = sow(normal, "0,0,0,0,0,2/3,2,4,4,4,4 13-12 S", 'F');
    assert_eq!(after.layer_marks(Layer::Children), "............");
}

#[test]
fn children_kind_qur() {
    // E's seed falls in the empty F; a, opposite, holds 3.
    let from = "0,0,0,0,1,0/3,4,4,4,4,4 12-12 S";
    let normal = with_children("made_at = 3\nzone = \"own\"", &[]);
    let (after, _) = sow(normal, from, 'E');
    assert_eq!(after.layer_marks(Layer::Children), "............");
    let qur = with_children("made_at = 3\nzone = \"own\"\nkind = \"qur\"", &[]);
    let (after, _) = sow(qur, from, 'E');
    assert_eq!(
        after.layer_marks(Layer::Children),
        ".....SS.....",
        "F and a, a pair across"
    );
    // a holding 4 makes no qur.
    let (after, _) = sow(qur, "0,0,0,0,1,0/4,3,4,4,4,4 12-12 S", 'E');
    assert_eq!(after.layer_marks(Layer::Children), "............");
}

#[test]
fn children_kind_ram() {
    // A's four seeds end in E; F then holds 7, enough to sow round (its
    // six houses across, then A) on this board without stores.
    let from = "4,0,0,0,0,7/4,4,4,4,4,4 7-6 S";
    let plain = rules(&[]);
    let (after, _) = sow(plain, from, 'A');
    assert_eq!(after.layer_marks(Layer::Children), "............");
    let rams = with_children("kind = \"ram\"", &[]);
    let (after, _) = sow(rams, from, 'A');
    assert_eq!(
        after.to_string(),
        "0,1,1,1,1,7/4,4,4,4,4,4 7-6 N children:.....R......"
    );
    // A ram is never played.
    let south = "0,1,1,1,1,7/4,4,4,4,4,4 7-6 S children:.....R......";
    assert_eq!(legal(rams, south), "BCDE");
    assert_eq!(legal(plain, "0,1,1,1,1,7/4,4,4,4,4,4 7-6 S"), "BCDEF");
    // A ram is captured, and is a ram no more.
    let cross = [
        ("counts", "-"),
        ("last_seed", "-"),
        ("chain", "-"),
        ("cross", "{ zone = \"own\", take_sowing_seed = true }"),
    ];
    let rams = with_children("kind = \"ram\"", &cross);
    let (after, effect) = sow(
        rams,
        "0,0,0,1,0,0/4,11,4,4,4,4 8-8 S children:.......R....",
        'D',
    );
    assert_eq!(effect.captured, 12);
    assert_eq!(after.to_string(), "0,0,0,0,0,0/4,0,4,4,4,4 20-8 N");
    // A child of a player's is not captured.
    let kept = with_children("made_at = 11", &cross);
    let (_, effect) = sow(
        kept,
        "0,0,0,1,0,0/4,11,4,4,4,4 8-8 S children:.......N....",
        'D',
    );
    assert_eq!(effect.captured, 0);
    // A ram's seeds count for nobody; a row holding only a ram is cleared.
    let cleared = with_children(
        "kind = \"ram\"",
        &[(
            "cleared_row",
            "{ row = \"opponent\", taken_by = \"each_own\" }",
        )],
    );
    let game = play(
        cleared,
        "1,0,0,0,0,0/0,11,0,0,0,0 18-18 S children:.......R....",
        'A',
    );
    let outcome = game.outcome().expect("North's row is cleared");
    assert_eq!(outcome.reason, EndReason::RowCleared);
    assert_eq!(outcome.score, [19, 18], "b's 11 count for nobody");
    // Rams and players' children do not mix.
    let error = with_children("made_at = 3", &[])
        .rules()
        .check_position(&position(
            "4,0,0,0,0,7/4,4,4,4,4,4 7-6 S children:.....R......",
        ))
        .unwrap_err();
    assert!(error.to_string().contains("ram"), "{error}");
}

#[test]
fn cross_even_when_opposite_empty() {
    // D's seed falls in the empty E; b, opposite it, is empty.
    let from = "0,0,0,1,0,0/4,0,4,4,4,4 12-15 S";
    let no_count = [("counts", "-"), ("last_seed", "\"none\""), ("chain", "-")];
    let mut cross = no_count.to_vec();
    cross.push(("cross", "{ zone = \"own\", take_sowing_seed = true }"));
    let (_, plain) = sow(rules(&cross), from, 'D');
    assert_eq!(plain.captured, 0, "nothing across, nothing taken");
    let mut always = no_count.to_vec();
    always.push((
        "cross",
        "{ zone = \"own\", take_sowing_seed = true, even_when_opposite_empty = true }",
    ));
    let always = rules(&always);
    let (after, effect) = sow(always, from, 'D');
    assert_eq!(effect.captured, 1, "the sowing seed alone");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 0]);
    assert_eq!(after.stores(), [13, 15]);
    // With seeds across, the cross capture is made as before.
    let (_, both) = sow(always, "0,0,0,1,0,0/4,3,4,4,4,4 9-15 S", 'D');
    assert_eq!(both.captured, 4);
    // A last seed in an occupied house takes nothing.
    let (_, occupied) = sow(always, "0,0,0,1,1,0/4,0,4,4,4,4 11-15 S", 'D');
    assert_eq!(occupied.captured, 0);
}

#[test]
fn cross_chain() {
    // D's seed falls in the empty E: b, across, is taken, then a, across
    // the empty F that comes next.
    let from = "0,0,0,1,0,0/4,4,4,4,4,4 12-11 S";
    let cross = |chain: &str| {
        rules(&[
            ("counts", "-"),
            ("last_seed", "-"),
            ("chain", "-"),
            (
                "cross",
                &*format!("{{ zone = \"own\", take_sowing_seed = true, chain = {chain} }}"),
            ),
        ])
    };
    let (after, effect) = sow(cross("false"), from, 'D');
    assert_eq!(effect.captured, 5);
    assert_eq!(after.to_string(), "0,0,0,0,0,0/4,0,4,4,4,4 17-11 N");
    let (after, effect) = sow(cross("true"), from, 'D');
    assert_eq!(effect.captured, 9);
    assert_eq!(after.to_string(), "0,0,0,0,0,0/0,0,4,4,4,4 21-11 N");
}

#[test]
fn relay_stops_at_children() {
    let relay = [
        ("skip_origin", "false"),
        ("relay", "true"),
        ("relay_stops_on", "[1]"),
    ];
    // E's two seeds make a hold 4: the relay lifts it, unless a child is
    // made there.
    let from = "0,0,0,0,2,0/3,0,0,0,0,0 22-21 S";
    let (after, _) = sow(rules(&relay), from, 'E');
    assert_eq!(after.to_string(), "0,0,0,0,0,1/0,1,1,1,1,0 22-21 N");
    let children = with_children("made_at = 4", &relay);
    let (after, _) = sow(children, from, 'E');
    assert_eq!(
        after.to_string(),
        "0,0,0,0,0,1/4,0,0,0,0,0 22-21 N children:......S....."
    );
    // A relay never lifts a child: a, North's child, takes the last seed.
    let (after, _) = sow(
        children,
        "0,0,0,0,2,0/5,0,0,0,0,0 21-20 S children:......N.....",
        'E',
    );
    assert_eq!(
        after.to_string(),
        "0,0,0,0,0,1/6,0,0,0,0,0 21-20 N children:......N....."
    );
}

/// Relay sowing, captures of 4 in either row: the base of the lap tests.
const RELAY_FOURS: [(&str, &str); 5] = [
    ("skip_origin", "false"),
    ("relay", "true"),
    ("relay_stops_on", "[1]"),
    ("counts", "[4]"),
    ("last_seed", "\"either\""),
];

fn with(
    base: &[(&'static str, &'static str)],
    more: &[(&'static str, &'static str)],
) -> &'static Arc<Engine> {
    let edits: Vec<(&str, &str)> = base.iter().chain(more).copied().collect();
    rules(&edits)
}

#[test]
fn children_kinds_and_keys_that_do_not_mix() {
    // Why the base variant with this `[children]` table and these keys does
    // not compile.
    let refused = |children: &str, edits: &[(&str, &str)]| {
        let text = edited(&format!("{BASE}[children]\n{children}\n"), edits);
        match Rules::from_toml(&text, "base.toml") {
            Ok(_) => panic!("compiled:\n{text}"),
            Err(e) => e.to_string(),
        }
    };
    // Rams are nobody's: no start children, no stores in children, and the
    // opponent's sowing is not theirs to skip.
    for keys in [
        "at_start = [6]",
        "child_is_store = true",
        "opponent_sows = \"never\"",
        "in_own_row = [1]",
    ] {
        let error = refused(&format!("kind = \"ram\"\n{keys}"), &[]);
        assert!(error.contains("rams may stand in any house"), "{error}");
    }
    // Bulls and qurs are made by counts, start children or not.
    for kind in ["bull", "qur"] {
        let error = refused(&format!("kind = \"{kind}\"\nat_start = [6]"), &[]);
        assert!(error.contains("needs made_at"), "{error}");
    }
    // The seeds the opponent takes go to their store one by one: not past
    // children, nor where there are no stores.
    let takes = [
        RELAY_FOURS.as_slice(),
        &[
            ("lap_captures", "true"),
            ("opponent_takes_sown", "{ at_most = 8 }"),
        ],
    ]
    .concat();
    for keys in ["opponent_sows = \"never\"", "child_is_store = true"] {
        let error = refused(&format!("made_at = 9\n{keys}"), &takes);
        assert!(error.contains("opponent_takes_sown"), "{error}");
    }
    // A weg may be all a variant starts with.
    let wegs = with_children("at_start = [6]\nkind = \"weg\"", &[]);
    assert_eq!(wegs.rules().start().child_of(5), Some(Side::South));
}

#[test]
fn lap_captures_with_counts() {
    // C's seed makes D hold 4; E, after it, holds 2.
    let from = "0,0,1,3,2,0/0,0,0,0,0,4 19-19 S";
    let (after, effect) = sow(with(&RELAY_FOURS, &[]), from, 'C');
    assert_eq!(effect.captured, 4, "the capture ends the relay");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 2, 0]);
    let laps = with(&RELAY_FOURS, &[("lap_captures", "true")]);
    let (after, effect) = sow(laps, from, 'C');
    assert_eq!(effect.captured, 4);
    // The sowing goes on with E's two seeds: F, then North's a.
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 1]);
    assert_eq!(after.row(Side::North), &[1, 0, 0, 0, 0, 4]);
    assert_eq!(after.stores(), [23, 19]);
    // When the house after the one captured is empty, the sowing ends there.
    let (after, effect) = sow(laps, "0,0,1,3,0,2/0,0,0,0,0,4 19-19 S", 'C');
    assert_eq!(effect.captured, 4);
    assert_eq!(effect.last, 4, "E");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 2]);
}

#[test]
fn lap_captures_across_the_gap() {
    // C's seed makes D hold 2; E is empty and F holds 3.
    let from = "0,0,1,1,0,3/1,0,0,0,0,0 21-21 S";
    let gap = [
        ("skip_origin", "false"),
        ("relay", "true"),
        ("relay_stops_on", "[1]"),
        ("counts", "-"),
        ("last_seed", "\"none\""),
        ("across_gap", "{ zone = \"either\" }"),
    ];
    let (after, effect) = sow(with(&gap, &[]), from, 'C');
    assert_eq!(effect.captured, 3, "the capture ends the relay");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 2, 0, 0]);
    let (after, effect) = sow(with(&gap, &[("lap_captures", "true")]), from, 'C');
    assert_eq!(effect.captured, 3);
    // The relay goes on from D: E, F; F then held none, so it ends there.
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 1, 1]);
    assert_eq!(after.stores(), [24, 21]);
}

#[test]
fn lap_captures_across() {
    // C's seeds: D, then the empty E, across from b (3).
    let from = "0,0,2,0,0,0/2,3,0,0,0,0 20-21 S";
    let cross = [
        ("skip_origin", "false"),
        ("relay", "true"),
        ("relay_stops_on", "[1]"),
        ("counts", "-"),
        ("last_seed", "\"none\""),
        ("cross", "{ zone = \"own\" }"),
    ];
    let (after, effect) = sow(with(&cross, &[]), from, 'C');
    assert_eq!(effect.captured, 3, "the sowing ends in E, which takes b");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 1, 1, 0]);
    let (after, effect) = sow(with(&cross, &[("lap_captures", "true")]), from, 'C');
    // E's seed goes on to the empty F, which takes a; F's seed then falls
    // in the emptied a, in North's row: no capture, and the sowing ends.
    assert_eq!(effect.captured, 5);
    assert_eq!(after.row(Side::South), &[0, 0, 0, 1, 0, 0]);
    assert_eq!(after.row(Side::North), &[1, 0, 0, 0, 0, 0]);
    assert_eq!(after.stores(), [25, 21]);
}

#[test]
fn opponent_takes_sown() {
    // Four seeds on the board: D's three go to E, F and North's a.
    let from = "0,0,0,3,0,0/0,0,0,0,1,0 22-22 S";
    let laps = [("lap_captures", "true")];
    let (after, _) = sow(with(&RELAY_FOURS, &laps), from, 'D');
    assert_eq!(after.row(Side::North), &[1, 0, 0, 0, 1, 0]);
    assert_eq!(after.stores(), [22, 22]);
    let takes = with(
        &RELAY_FOURS,
        &[
            ("lap_captures", "true"),
            ("opponent_takes_sown", "{ at_most = 8 }"),
        ],
    );
    let (after, effect) = sow(takes, from, 'D');
    assert_eq!(effect.captured, 0);
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 1, 1]);
    assert_eq!(
        after.row(Side::North),
        &[0, 0, 0, 0, 1, 0],
        "a's seed went to North's store"
    );
    assert_eq!(after.stores(), [22, 23]);
    // A last seed that makes a capturing count there stays, and is captured.
    let (after, effect) = sow(takes, "0,0,0,3,0,0/3,0,0,0,0,0 21-21 S", 'D');
    assert_eq!(effect.captured, 4);
    assert_eq!(after.row(Side::North), &[0, 0, 0, 0, 0, 0]);
    assert_eq!(after.stores(), [25, 21]);
}

#[test]
fn last_seeds_to_mover() {
    // F's seed goes to North's a, leaving three seeds on the board.
    let from = "0,0,0,0,0,1/0,0,0,2,0,0 22-23 S";
    let (after, _) = sow(rules(&[]), from, 'F');
    assert_eq!(after.stores(), [22, 23]);
    let (after, effect) = sow(rules(&[("last_seeds_to_mover", "4")]), from, 'F');
    assert_eq!(effect.captured, 3);
    assert_eq!(after.houses(), &[0; 12]);
    assert_eq!(after.stores(), [25, 23]);
}

#[test]
fn last_seeds_to_round_starter() {
    // F's seed goes to North's a, leaving three seeds on the board: they go
    // to whoever started the round, not to the mover.
    let rules = rules(&[("last_seeds_to_round_starter", "4")]);
    let (after, effect) = sow(rules, "0,0,0,0,0,1/0,0,0,2,0,0 22-23 S starter:N", 'F');
    assert_eq!(after.houses(), &[0; 12]);
    assert_eq!(after.stores(), [22, 26]);
    assert_eq!(effect.captured, 0);
    let (after, effect) = sow(rules, "0,0,0,0,0,1/0,0,0,2,0,0 22-23 S starter:S", 'F');
    assert_eq!(after.stores(), [25, 23]);
    assert_eq!(effect.captured, 3);
    // A game from a position that does not say takes it as a round's start.
    let game = Game::from_position(rules, position("0,0,0,0,0,1/0,0,0,2,0,0 22-23 N")).unwrap();
    assert_eq!(game.position().get(STARTER), Some(Side::North));
    assert_eq!(rules.rules().start().get(STARTER), Some(Side::South));
    // Only these rules ask who started the round.
    assert!(
        self::rules(&[])
            .rules()
            .check_position(&position("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S starter:S"))
            .is_err()
    );
    // The next round's start says who starts it: here its loser, North.
    let rounds = variant(
        &format!("{BASE}[rounds]\nfill_from = \"left\"\nstarter = \"loser\"\n"),
        &[("last_seeds_to_round_starter", "4")],
    );
    let game = play(rounds, "0,0,0,0,0,1/1,0,0,0,0,0 29-17 S starter:S", 'F');
    assert!(game.round_end().is_some());
    assert_eq!(
        game.position().to_string(),
        "4,4,4,4,4,4/4,4,4,4,0,0 7-1 N starter:N"
    );
}

#[test]
fn opening_from() {
    // The first two moves (one each) come from the right half of the row.
    let plain = rules(&[("opening_moves", "2")]);
    let right = rules(&[("opening_moves", "2"), ("opening_from", "\"right_half\"")]);
    assert_eq!(
        right.rules().start().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S opening:2"
    );
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S opening:2";
    assert_eq!(legal(plain, start), "ABCDEF");
    assert_eq!(legal(right, start), "DEF");
    assert_eq!(
        right
            .check_move(&position(start), mv('A'))
            .unwrap_err()
            .to_string(),
        "A cannot be played: an opening move is played from the right half of your row"
    );
    // North's right half, seen from North, is d, e, f too.
    let game = play(right, start, 'D');
    assert_eq!(game.position().get(OPENING), 1);
    assert_eq!(legal(right, &game.position().to_string()), "def");
    let game = play(right, &game.position().to_string(), 'e');
    assert_eq!(game.position().get(OPENING), 0);
    // D, emptied by the first move, aside.
    assert_eq!(legal(right, &game.position().to_string()), "ABCEF");
    // The allow rule waits for the opening to end: A's four seeds end in
    // E, which holds seeds; D's in North's row.
    let allow = rules(&[
        ("opening_moves", "2"),
        ("opening_from", "\"right_half\""),
        ("allow", "\"ends_on_opponent_or_empty\""),
    ]);
    assert_eq!(legal(allow, start), "DEF");
    assert_eq!(legal(allow, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"), "CDEF");
    // A position with more opening moves than the variant has is refused.
    assert!(
        right
            .rules()
            .check_position(&position("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S opening:3"))
            .is_err()
    );
    assert!(rules(&[]).rules().check_position(&position(start)).is_err());
}

#[test]
fn opening_sowing() {
    // D's two seeds end in F, in South's own row.
    let from = "0,0,0,2,0,0/4,4,4,4,4,4 11-11 S opening:1";
    let usual = rules(&[("opening_moves", "2")]);
    let (after, _) = sow(usual, from, 'D');
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 1, 1]);
    // In an opening move the last seed goes on to North's first house.
    let opp = rules(&[
        ("opening_moves", "2"),
        ("opening", "\"last_seed_to_opponent\""),
    ]);
    let (after, effect) = sow(opp, from, 'D');
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 1, 0]);
    assert_eq!(after.row(Side::North), &[5, 4, 4, 4, 4, 4]);
    assert!(effect.fed);
    assert_eq!(after.get(OPENING), 0);
    // Once the opening is over, the sowing is as usual.
    let (after, _) = sow(opp, "0,0,0,2,0,0/4,4,4,4,4,4 11-11 S", 'D');
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 1, 1]);
}

#[test]
fn allow_each_house_once_first() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let once = rules(&[("allow", "\"each_house_once_first\"")]);
    // South plays C, North a: C is South's only house played so far.
    let game = play(once, start, 'C');
    assert_eq!(
        game.position().to_string(),
        "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N played:..x........."
    );
    let after = play(once, &game.position().to_string(), 'f');
    let after = after.position().to_string();
    assert_eq!(after, "5,5,1,6,5,5/5,4,4,4,4,0 0-0 S played:..x........x");
    assert_eq!(legal(once, &after), "ABDEF");
    assert_eq!(
        once.check_move(&position(&after), mv('C'))
            .unwrap_err()
            .to_string(),
        "C cannot be played: it has been played before, and a house of your row has not been played yet"
    );
    // Without the rule, C may be played again.
    let free = rules(&[]);
    assert_eq!(legal(free, "5,5,1,6,5,5/5,4,4,4,4,0 0-0 S"), "ABCDEF");
    // Once every house of the row has been played, any may be again.
    assert_eq!(
        legal(once, "5,5,1,6,5,5/5,4,4,4,4,0 0-0 S played:xxxxxx......"),
        "ABCDEF"
    );
    // Only a variant with the rule remembers the houses played.
    assert!(free.rules().check_position(&position(&after)).is_err());
}

#[test]
fn capture_next() {
    // F's seed makes North's a hold 1 (no capturing count); b holds 2 and
    // c 3 after it.
    let from = "0,0,0,0,0,1/0,2,3,4,0,0 19-19 S";
    let (_, plain) = sow(rules(&[]), from, 'F');
    assert_eq!(plain.captured, 0);
    let next = rules(&[("next", "{ zone = \"opponent\" }")]);
    let (after, effect) = sow(next, from, 'F');
    assert_eq!(effect.captured, 2, "b, after the last seed's a");
    assert_eq!(after.row(Side::North), &[1, 0, 3, 4, 0, 0]);
    let chain = rules(&[("next", "{ zone = \"opponent\", chain = true }")]);
    let (after, effect) = sow(chain, from, 'F');
    assert_eq!(effect.captured, 5, "b and c; d's 4 stops the chain");
    assert_eq!(after.row(Side::North), &[1, 0, 0, 4, 0, 0]);
    assert_eq!(after.stores(), [24, 19]);
    // Only in its zone.
    let own = rules(&[("next", "{ zone = \"own\" }")]);
    assert_eq!(sow(own, from, 'F').1.captured, 0);
}

#[test]
fn allow_two_only_if_all_two_rightmost() {
    let two = rules(&[("allow", "\"two_only_if_all_two_rightmost\"")]);
    // C holds three: the houses of two wait.
    let from = "2,2,3,0,2,0/2,2,2,2,2,2 10-10 S";
    assert_eq!(legal(rules(&[]), from), "ABCE");
    assert_eq!(legal(two, from), "C");
    assert_eq!(
        two.check_move(&position(from), mv('A'))
            .unwrap_err()
            .to_string(),
        "A cannot be played: it holds two seeds, and another playable house of your row does not"
    );
    // Every playable house holds two: the rightmost only, seen from the mover.
    assert_eq!(legal(two, "2,2,0,2,2,0/2,2,2,2,2,2 12-12 S"), "E");
    assert_eq!(legal(two, "2,2,2,2,2,2/2,2,2,0,0,0 12-12 N"), "c");
    assert_eq!(
        two.verdicts(&position("2,2,0,2,2,0/2,2,2,2,2,2 12-12 S"))[0].1,
        Verdict::NotRightmostTwo
    );
}

#[test]
fn skip_holding_at_least_passes_over_full_houses_on_either_row() {
    // F's three seeds: North's c holds 10.
    let from = "0,0,0,0,0,3/2,0,10,4,0,0 14-15 S";
    let plain = rules(&[("skip_origin", "false")]);
    let (after, _) = sow(plain, from, 'F');
    assert_eq!(after.row(Side::North), &[3, 1, 11, 4, 0, 0]);
    let full = rules(&[("skip_origin", "false"), ("skip_holding_at_least", "10")]);
    let (after, _) = sow(full, from, 'F');
    assert_eq!(
        after.row(Side::North),
        &[3, 1, 10, 5, 0, 0],
        "c passed over"
    );
    // The sower's own houses too: E's two seeds pass over F's 10.
    let own = "0,0,0,0,2,10/2,0,0,4,0,0 15-15 S";
    let (after, _) = sow(full, own, 'E');
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 10]);
    assert_eq!(after.row(Side::North), &[3, 1, 0, 4, 0, 0]);
    // Eleven or more only: F's 10 takes a seed.
    let eleven = rules(&[("skip_origin", "false"), ("skip_holding_at_least", "11")]);
    let (after, _) = sow(eleven, own, 'E');
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 11]);
}

#[test]
fn skip_opponent_holding() {
    // F's three seeds: North's a holds 2.
    let from = "0,0,0,0,0,3/2,0,3,4,4,4 14-14 S";
    let plain = rules(&[("skip_origin", "false")]);
    let (after, _) = sow(plain, from, 'F');
    assert_eq!(after.row(Side::North), &[3, 1, 4, 4, 4, 4]);
    let skip = rules(&[("skip_origin", "false"), ("skip_opponent_holding", "2")]);
    let (after, _) = sow(skip, from, 'F');
    assert_eq!(after.row(Side::North), &[2, 1, 4, 5, 4, 4], "a passed over");
    // An opening move may lift the rule.
    let opening = [
        ("skip_origin", "false"),
        ("skip_opponent_holding", "2"),
        ("opening_moves", "1"),
    ];
    let (after, _) = sow(rules(&opening), &format!("{from} opening:1"), 'F');
    assert_eq!(after.row(Side::North), &[2, 1, 4, 5, 4, 4]);
    let mut lifted = opening.to_vec();
    lifted.push(("opening", "\"no_skipping\""));
    let (after, _) = sow(rules(&lifted), &format!("{from} opening:1"), 'F');
    assert_eq!(
        after.row(Side::North),
        &[3, 1, 4, 4, 4, 4],
        "not in the opening"
    );
    let (after, _) = sow(rules(&lifted), from, 'F');
    assert_eq!(after.row(Side::North), &[2, 1, 4, 5, 4, 4], "after it");
}

#[test]
fn cross_opposite_holds() {
    // A's seed falls in the empty B; North's e, opposite, holds 3.
    let from = "1,0,0,0,0,0/4,4,4,4,3,4 12-12 S";
    let cross = rules(&[
        ("last_seed", "\"none\""),
        ("counts", "-"),
        ("cross", "{ zone = \"own\" }"),
    ]);
    assert_eq!(sow(cross, from, 'A').1.captured, 3);
    let holds = rules(&[
        ("last_seed", "\"none\""),
        ("counts", "-"),
        ("cross", "{ zone = \"own\", opposite_holds = [2] }"),
    ]);
    assert_eq!(sow(holds, from, 'A').1.captured, 0, "e holds 3, not 2");
    let (_, effect) = sow(holds, "1,0,0,0,0,0/4,4,4,4,2,4 13-12 S", 'A');
    assert_eq!(effect.captured, 2);
}

#[test]
fn extra_turn_after_capture() {
    // F's seed makes North's a hold 2, a capture.
    let from = "0,0,0,0,0,1/1,4,4,4,4,4 13-13 S";
    let (after, effect) = sow(rules(&[]), from, 'F');
    assert_eq!(effect.captured, 2);
    assert_eq!(after.to_move(), Side::North);
    let again = variant(
        &format!("{BASE}[turn]\nextra_turn = \"after_capture\"\n"),
        &[],
    );
    let (after, effect) = sow(again, from, 'F');
    assert!(effect.extra_turn);
    assert_eq!(
        after.to_move(),
        Side::South,
        "South captured and moves again"
    );
    // No capture, no extra turn.
    let (after, _) = sow(again, "0,0,0,0,0,1/0,4,4,4,4,4 14-13 S", 'F');
    assert_eq!(after.to_move(), Side::North);
}

#[test]
fn children_in_set_places() {
    // F's one seed makes a hold 3: a is the first house of North's row.
    let from = "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S";
    let first = with_children("made_at = 3\nin_opponent_row = [1]", &[]);
    let (after, made) = sow(first, from, 'F');
    assert_eq!(after.child_of(6), Some(Side::South));
    assert_eq!(made.captured, 0);
    let second = with_children("made_at = 3\nin_opponent_row = [2]\nin_own_row = [1]", &[]);
    let (after, plain) = sow(second, from, 'F');
    assert_eq!(after.child_of(6), None, "only b across, and A at home");
    assert_eq!(plain.captured, 3, "so a is captured");
}

#[test]
fn children_at_start() {
    let none = with_children("made_at = 3", &[]);
    assert_eq!(none.rules().start().child_houses(), 0);
    let rightmost = with_children("at_start = [6]", &[]);
    let start = rightmost.rules().start();
    assert_eq!(start.child_of(5), Some(Side::South));
    assert_eq!(start.child_of(11), Some(Side::North));
    assert_eq!(legal(rightmost, &start.to_string()), "ABCDE");
    // Without made_at no child is made: F's seed makes a hold 3, a capture.
    let from = "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S children:......N.....";
    let from = from.replace("......N.....", "............");
    let (after, effect) = sow(rightmost, &from, 'F');
    assert_eq!((effect.captured, after.child_of(6)), (3, None));
    let made = with_children("made_at = 3\nat_start = [6]", &[]);
    let (after, effect) = sow(made, &from, 'F');
    assert_eq!((effect.captured, after.child_of(6)), (0, Some(Side::South)));
}

#[test]
fn children_of_the_weg_kind() {
    // F's one seed falls in a, North's child, making 3.
    let from = "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S children:......N.....";
    let normal = with_children("made_at = 5", &[]);
    let (after, kept) = sow(normal, from, 'F');
    assert_eq!(
        (kept.captured, after.at(6)),
        (0, 3),
        "a child keeps its seeds"
    );
    let weg = with_children("made_at = 5\nkind = \"weg\"", &[]);
    let (after, taken) = sow(weg, from, 'F');
    assert_eq!(
        (taken.captured, after.at(6)),
        (2, 1),
        "the seed and one more"
    );
    assert_eq!(after.stores(), [15, 12]);
    assert_eq!(after.child_of(6), Some(Side::North), "the weg stays");
}

#[test]
fn children_the_opponent_sows() {
    // E's seeds pass F, then a, North's child.
    let two = "0,0,0,0,2,0/4,4,4,4,4,4 11-11 S children:......N.....";
    let three = "0,0,0,0,3,0/4,4,4,4,4,4 11-10 S children:......N.....";
    let always = with_children("made_at = 9", &[]);
    let never = with_children("made_at = 9\nopponent_sows = \"never\"", &[]);
    let last = with_children("made_at = 9\nopponent_sows = \"last_seed_only\"", &[]);
    assert_eq!(
        sow(always, two, 'E').0.row(Side::North),
        &[5, 4, 4, 4, 4, 4]
    );
    assert_eq!(sow(never, two, 'E').0.row(Side::North), &[4, 5, 4, 4, 4, 4]);
    assert_eq!(
        sow(last, two, 'E').0.row(Side::North),
        &[5, 4, 4, 4, 4, 4],
        "the last seed is sown into a"
    );
    assert_eq!(
        sow(last, three, 'E').0.row(Side::North),
        &[4, 5, 5, 4, 4, 4],
        "a seed before the last passes a"
    );
    // The mover's own children are sown.
    let own = "0,0,0,0,2,0/4,4,4,4,4,4 11-11 S children:......S.....";
    assert_eq!(sow(never, own, 'E').0.row(Side::North), &[5, 4, 4, 4, 4, 4]);
}

#[test]
fn children_in_place_of_stores() {
    // F's seed makes a hold 2, a capture.
    let from = "0,0,0,0,0,1/1,4,4,4,4,4 13-13 S";
    let stores = with_children("made_at = 5", &[]);
    let (after, effect) = sow(stores, from, 'F');
    assert_eq!((effect.captured, after.stores()), (2, [15, 13]));
    let storeless = with_children("made_at = 5\nchild_is_store = true", &[]);
    let (after, effect) = sow(storeless, from, 'F');
    assert_eq!(effect.captured, 0, "South has no child, so no capture");
    assert_eq!(after.at(6), 2);
    let (after, effect) = sow(
        storeless,
        "0,0,0,0,0,1/1,4,4,4,4,4 13-13 S children:.S..........",
        'F',
    );
    assert_eq!(effect.captured, 2);
    assert_eq!(after.stores(), [13, 13], "the store keeps nothing");
    assert_eq!(after.at(1), 2, "B, South's first child, takes them");
    // North cannot move (b is South's child): each takes their own row,
    // South's into b.
    let end = "0,0,0,0,1,0/0,5,0,0,0,0 20-22 S children:.......S....";
    let game = play(stores, end, 'E');
    assert_eq!(game.position().stores(), [21, 22]);
    let game = play(storeless, end, 'E');
    assert_eq!(game.outcome().unwrap().reason, EndReason::NoMove);
    assert_eq!(game.position().stores(), [20, 22]);
    assert_eq!(game.position().at(7), 6, "F's seed went into b");
    assert_eq!(game.outcome().unwrap().score, [26, 22]);
}

#[test]
fn no_return() {
    // F (the right half sows counter-clockwise) sends its one seed across
    // the row's end into a, which (the left half) would sow it back.
    let from = "0,4,0,0,0,1/0,4,4,4,4,4 11-12 S";
    let split = [("skip_origin", "false"), ("direction_by", "\"half_row\"")];
    let free = rules(&split);
    let (after, _) = sow(free, from, 'F');
    assert_eq!(after.get(CROSSED), None);
    assert_eq!(legal(free, &after.to_string()), "abcdef");
    let barred = rules(&[split[0], split[1], ("no_return", "true")]);
    let (after, _) = sow(barred, from, 'F');
    assert_eq!(
        after.to_string(),
        "0,4,0,0,0,0/1,4,4,4,4,4 11-12 N crossed:a"
    );
    assert_eq!(legal(barred, &after.to_string()), "bcdef");
    assert_eq!(verdict(barred, &after.to_string(), 'a'), Verdict::NoReturn);
    // B's four seeds (left half, clockwise) cross too, but not alone.
    let (after, _) = sow(barred, from, 'B');
    assert_eq!(after.get(CROSSED), None);
}

#[test]
fn opening_and_played_state_round_trip() {
    let text = "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N opening:1 played:..x.........";
    let p = position(text);
    assert_eq!(p.to_string(), text);
    assert_eq!(p.get(OPENING), 1);
    assert_eq!(p.played_houses(), 0b100);
    assert_eq!(p.key(), p.compute_key());
    // The state is part of the position's identity, for repetition.
    assert_ne!(p.key(), position("4,4,0,5,5,5/5,4,4,4,4,4 0-0 N").key());
    assert_ne!(
        p.key(),
        position("4,4,0,5,5,5/5,4,4,4,4,4 0-0 N opening:1").key()
    );
}

/// Plays a move written in the notation (`B>`, `B<`, `B`) on a bare position.
fn sow_written(engine: &Arc<Engine>, from: &str, written: &str) -> Result<String, String> {
    let (mv, _) = sow::notation::parse_move(written).map_err(|e| e.to_string())?;
    let mut p = position(from);
    engine
        .play(&mut p, mv, &mut ())
        .map(|_| p.to_string())
        .map_err(|e| e.to_string())
}

#[test]
fn direction_chosen_in() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    // The mover chooses the direction from the 2nd house only.
    let chosen = rules(&[("direction_chosen_in", "[2]")]);
    assert_eq!(
        sow_written(chosen, start, "B>").unwrap(),
        "4,0,5,5,5,5/4,4,4,4,4,4 0-0 N"
    );
    assert_eq!(
        sow_written(chosen, start, "B<").unwrap(),
        "5,0,4,4,4,4/4,4,4,5,5,5 0-0 N"
    );
    // A bare label is refused where a direction is chosen, a direction
    // where it is not, each with the rule named.
    let bare = sow_written(chosen, start, "B").unwrap_err();
    assert!(
        bare.contains("sows either way") && bare.contains("B>"),
        "{bare}"
    );
    let needless = sow_written(chosen, start, "C<").unwrap_err();
    assert!(
        needless.contains("the rules fix which way C sows"),
        "{needless}"
    );
    assert_eq!(
        sow_written(chosen, start, "C").unwrap(),
        "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N"
    );
    // The move list holds both ways from B and one move from every other house.
    let moves: Vec<String> = chosen
        .legal_moves(&position(start))
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["A", "B>", "B<", "C", "D", "E", "F"]);
    // Without the option, a direction is refused everywhere.
    let err = sow_written(rules(&[]), start, "B>").unwrap_err();
    assert!(err.contains("write B alone"), "{err}");
}

#[test]
fn looks_along_the_board() {
    // South plays A clockwise: into f and e, which then hold 2 each, and e
    // is taken. Along the move, the chain runs back to f and takes it too;
    // along the board (back against counter-clockwise), it goes from e to
    // d, which holds 2, and leaves f.
    let from = "2,0,0,4,4,4/4,4,4,2,1,1 10-10 S";
    let by_move = rules(&[("direction_chosen_in", "[1]"), ("chain", "true")]);
    assert_eq!(
        sow_written(by_move, from, "A<").unwrap(),
        "0,0,0,4,4,4/4,4,4,2,0,0 14-10 N"
    );
    let by_board = rules(&[
        ("direction_chosen_in", "[1]"),
        ("chain", "true"),
        ("looks_along", "\"board\""),
    ]);
    assert_eq!(
        sow_written(by_board, from, "A<").unwrap(),
        "0,0,0,4,4,4/4,4,4,0,0,2 14-10 N"
    );
}

/// The base variant played as a match of rounds, with `[rounds]` keys.
fn with_rounds(rounds: &str) -> &'static Arc<Engine> {
    variant(&format!("{BASE}[rounds]\n{rounds}\n"), &[])
}

#[test]
fn rounds_refill_from_what_each_player_won() {
    // South's F captures a's 2; North then has no move, which ends the
    // round: South holds 22, North 26.
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S";
    let left = play(with_rounds("fill_from = \"left\""), from, 'F');
    let end = left.round_end().expect("the round ends");
    assert_eq!(end.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 22-26 N");
    assert!(!left.is_over(), "a round ends, not the match");
    // Five houses of 4 for South (2 left in store), six for North; the
    // player who did not start the round starts the next.
    assert_eq!(left.position().to_string(), "4,4,4,4,4,0/4,4,4,4,4,4 2-2 N");
    let blocked = play(
        with_rounds("fill_from = \"left\"\nunfilled_blocked = true"),
        from,
        'F',
    );
    assert_eq!(
        blocked.position().to_string(),
        "4,4,4,4,4,0/4,4,4,4,4,4 2-2 N blocked:.....x......"
    );
    let right = play(
        with_rounds("fill_from = \"right\"\nunfilled_blocked = true"),
        from,
        'F',
    );
    assert_eq!(
        right.position().to_string(),
        "0,4,4,4,4,4/4,4,4,4,4,4 2-2 N blocked:x..........."
    );
    // The round's loser (South) starts the next.
    let loser = play(
        with_rounds("fill_from = \"left\"\nstarter = \"loser\""),
        from,
        'F',
    );
    assert_eq!(loser.position().to_move(), Side::South);
    // Six houses needed to play on: South cannot fill them, and the match
    // ends with that round, North ahead.
    let over = play(
        with_rounds("fill_from = \"left\"\nhouses_to_play_on = 6"),
        from,
        'F',
    );
    assert!(over.round_end().is_none() && over.is_over());
    assert_eq!(over.outcome().unwrap().winner, Some(Side::North));
}

#[test]
fn rounds_fill_from_both_ends_inwards() {
    let outside = with_rounds("fill_from = \"outside\"\nunfilled_blocked = true");
    // South holds 22 as the round ends: five houses, A, F, B, E and C in
    // that order, and D stays empty.
    let south_short = play(outside, "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S", 'F');
    assert_eq!(
        south_short.position().to_string(),
        "4,4,4,0,4,4/4,4,4,4,4,4 2-2 N blocked:...x........"
    );
    // North holds 16: four houses, from his right (f, a, e, b), so c and
    // d stay empty.
    let north_short = play(outside, "0,0,0,0,0,1/1,0,0,0,0,0 30-16 S", 'F');
    assert_eq!(
        north_short.position().to_string(),
        "4,4,4,4,4,4/4,4,0,0,4,4 8-0 N blocked:........xx.."
    );
}

#[test]
fn only_the_loser_refills() {
    // Rounds end when the mover clears their own row, each row counting
    // where it lies; only the loser refills.
    let text = BASE.replace(
        "no_move = \"each_own\"\nply_limit = { plies = 1000, taken_by = \"each_own\" }",
        "cleared_row = { row = \"mover\", taken_by = \"each_own_in_place\" }\nno_move = \"each_own_in_place\"\nply_limit = { plies = 1000, taken_by = \"each_own_in_place\" }",
    );
    let rules = variant(
        &format!(
            "{text}[rounds]\nfill_from = \"south_left\"\nrefill = \"loser\"\nunfilled_blocked = true\n"
        ),
        &[],
    );
    // F captures a's 2 and clears South's row: South holds 22, North 26
    // (23 and b's 3). South fills A to E; North's row and store stay.
    let game = play(rules, "0,0,0,0,0,1/1,3,0,0,0,0 20-23 S", 'F');
    assert_eq!(
        game.round_end().expect("the round ends").to_string(),
        "0,0,0,0,0,0/0,3,0,0,0,0 22-23 N"
    );
    assert_eq!(
        game.position().to_string(),
        "4,4,4,4,4,0/0,3,0,0,0,0 2-23 N blocked:.....x......"
    );
    // North's f captures A's 2 and clears his row: he holds 19, South 29.
    // North fills from his right, the end of the board at South's left.
    let game = play(rules, "1,3,0,0,0,0/0,0,0,0,0,1 26-17 N", 'f');
    assert_eq!(
        game.position().to_string(),
        "0,3,0,0,0,0/0,0,4,4,4,4 26-3 S blocked:......xx...."
    );
    // A drawn round (24 each) ends the match.
    let drawn = play(rules, "0,0,0,0,0,1/1,3,0,0,0,0 22-21 S", 'F');
    assert!(drawn.round_end().is_none() && drawn.is_over());
    assert_eq!(drawn.outcome().unwrap().winner, None);
    // So does a winner left without a move: North's row is empty.
    let stuck = play(rules, "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S", 'F');
    assert!(stuck.round_end().is_none() && stuck.is_over());
    assert_eq!(stuck.outcome().unwrap().winner, Some(Side::North));
}

#[test]
fn a_match_to_points_scores_the_round_winner_and_a_skunk() {
    // F captures a's 2 and leaves North without a move: North wins the
    // round, 26 to 22, and scores a point.
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S";
    let two = play(with_rounds("points = 2"), from, 'F');
    assert!(two.round_end().is_some() && !two.is_over());
    assert_eq!(two.history().last().unwrap().tally, [0, 1]);
    assert_eq!(
        two.position().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N",
        "every round starts from the game's start"
    );
    // 36 of the 48 seeds are a skunk: two points, and the match.
    let skunk = play(
        with_rounds("points = 2"),
        "0,0,0,0,0,1/1,0,0,0,0,0 10-36 S",
        'F',
    );
    assert!(skunk.is_over());
    assert_eq!(skunk.history().last().unwrap().tally, [0, 2]);
    assert_eq!(skunk.outcome().unwrap().winner, Some(Side::North));
    // A drawn round scores nothing.
    let drawn = play(
        with_rounds("points = 1"),
        "0,0,0,0,0,1/1,0,0,0,0,0 22-24 S",
        'F',
    );
    assert!(!drawn.is_over());
    assert_eq!(drawn.history().last().unwrap().tally, [0, 0]);
}

#[test]
fn a_match_to_seeds_won_adds_every_rounds_seeds() {
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S";
    // Each player adds what counted for them: 22 and 26.
    let on = play(with_rounds("seeds_won = 30"), from, 'F');
    assert!(on.round_end().is_some() && !on.is_over());
    assert_eq!(on.history().last().unwrap().tally, [22, 26]);
    // Both reach 22: the one with more wins the match.
    let both = play(with_rounds("seeds_won = 22"), from, 'F');
    assert!(both.is_over());
    assert_eq!(both.outcome().unwrap().winner, Some(Side::North));
    // A drawn round counts too: 24 each reach 24 together, a drawn match.
    let drawn = play(
        with_rounds("seeds_won = 24"),
        "0,0,0,0,0,1/1,0,0,0,0,0 22-24 S",
        'F',
    );
    assert!(drawn.is_over());
    assert_eq!(drawn.outcome().unwrap().winner, None);
    // One goal a match.
    let error = Rules::from_toml(
        &format!("{BASE}[rounds]\nround_wins = 3\npoints = 5\n"),
        "base.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("a match has one goal"), "{error}");
}

#[test]
fn a_match_to_round_wins_starts_every_round_afresh() {
    // F captures a's 2 and leaves North without a move: North wins the
    // round, 26 to 22.
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S";
    let two = play(with_rounds("round_wins = 2"), from, 'F');
    assert!(two.round_end().is_some() && !two.is_over());
    assert_eq!(
        two.position().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N",
        "the game's start, the other player to move"
    );
    assert_eq!(two.history().last().unwrap().tally, [0, 1]);
    // A match to one round win is over with it.
    let one = play(with_rounds("round_wins = 1"), from, 'F');
    assert!(one.round_end().is_none() && one.is_over());
    assert_eq!(one.outcome().unwrap().winner, Some(Side::North));
    // A drawn round (24 each) counts for nobody: the match goes on.
    let drawn = play(
        with_rounds("round_wins = 1"),
        "0,0,0,0,0,1/1,0,0,0,0,0 22-24 S",
        'F',
    );
    assert!(drawn.round_end().is_some() && !drawn.is_over());
    assert_eq!(drawn.history().last().unwrap().tally, [0, 0]);
    // A start pattern is laid out for the player who did not start the
    // last round: South started it, so North's row gets South's seeds.
    let pattern = variant(
        &format!("{BASE}[rounds]\nround_wins = 2\n"),
        &[("start", "[0, 8, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]")],
    );
    let swapped = play(pattern, from, 'F');
    assert_eq!(
        swapped.position().to_string(),
        "4,4,4,4,4,4/0,8,4,4,4,4 0-0 N"
    );
    // A start dealt at random is dealt again for every round: all 48 seeds
    // on the board, and the same deal for the same round end, so a record
    // replays the same match.
    let random = variant(
        &format!("{BASE}[rounds]\nround_wins = 3\n"),
        &[("seeds_per_house", "-"), ("start", "{ random = 48 }")],
    );
    let dealt = play(random, from, 'F');
    assert_eq!(dealt.position().seeds_on_board(), 48);
    assert_eq!(dealt.position().stores(), [0, 0]);
    assert_eq!(dealt.position().to_move(), Side::North);
    assert_eq!(play(random, from, 'F').position(), dealt.position());
    // Nothing is refilled in such a match.
    let error = Rules::from_toml(
        &format!("{BASE}[rounds]\nround_wins = 3\nfill_from = \"left\"\n"),
        "base.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("leave fill_from out"), "{error}");
    let error = Rules::from_toml(
        &format!("{BASE}[rounds]\nstarter = \"loser\"\n"),
        "base.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("needs fill_from"), "{error}");
}

#[test]
fn a_round_refills_from_the_seeds_left_in_each_row_too() {
    // F captures a's 2: South's store reaches the majority, 25, which ends
    // the round and leaves A's 4 where they are. They are South's for the
    // next round: 29 seeds, six houses and 5 in store.
    let text = BASE.replace("[end]\n", "[end]\nmajority = 25\n");
    let rules = variant(&format!("{text}[rounds]\nfill_from = \"left\"\n"), &[]);
    let game = play(rules, "4,0,0,0,0,1/1,0,0,0,0,0 23-19 S", 'F');
    assert_eq!(
        game.round_end().expect("the round ends").to_string(),
        "4,0,0,0,0,0/0,0,0,0,0,0 25-19 N"
    );
    assert_eq!(game.position().to_string(), "4,4,4,4,4,4/4,4,4,4,0,0 5-3 N");
}

#[test]
fn a_capture_chain_passes_over_blocked_houses() {
    // F's three seeds pass over the blocked c: a, b, d, each now 2. The
    // chain runs back from d over c to b and a.
    let rules = variant(
        &format!("{BASE}[rounds]\nfill_from = \"left\"\nunfilled_blocked = true\n"),
        &[("chain", "true")],
    );
    let (after, effect) = sow(
        rules,
        "4,4,4,4,4,3/1,1,0,1,4,4 8-6 S blocked:........x...",
        'F',
    );
    assert_eq!(effect.captured, 6);
    assert_eq!(
        after.to_string(),
        "4,4,4,4,4,0/0,0,0,0,4,4 14-6 N blocked:........x..."
    );
}

#[test]
fn a_round_counts_its_moves_afresh() {
    // The round ends as in the test above; the next round starts with the
    // game's quiet moves again.
    let rules = variant(
        &format!("{BASE}[rounds]\nfill_from = \"left\"\n"),
        &[("quiet_moves", "1")],
    );
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S";
    let game = play(rules, from, 'F');
    assert!(game.round_end().is_some());
    assert_eq!(game.position().get(QUIET), 1);
    assert_eq!(game.position().get(QUIET), rules.rules().start().get(QUIET));
}

#[test]
fn a_drawn_round_is_started_by_its_last_mover_where_the_loser_starts() {
    // F captures a's 2: 24 each, a draw. South made the last move.
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 22-24 S";
    let loser = play(
        with_rounds("fill_from = \"left\"\nstarter = \"loser\""),
        from,
        'F',
    );
    assert!(loser.round_end().is_some());
    assert_eq!(loser.position().to_move(), Side::South);
    let alternate = play(with_rounds("fill_from = \"left\""), from, 'F');
    assert_eq!(alternate.position().to_move(), Side::North);
}

#[test]
fn a_round_s_blocked_houses_are_passed_over_and_never_played() {
    let rules = with_rounds("fill_from = \"left\"\nunfilled_blocked = true");
    let from = "4,4,4,4,4,0/4,4,4,4,4,4 2-2 S blocked:.....x......";
    // E's four seeds pass over the blocked F: a, b, c, d.
    let (after, _) = sow(rules, from, 'E');
    assert_eq!(
        after.to_string(),
        "4,4,4,4,0,0/5,5,5,5,4,4 2-2 N blocked:.....x......"
    );
    assert_eq!(verdict(rules, from, 'F'), Verdict::Blocked);
    // A blocked house holding seeds is no position of this game.
    assert!(
        rules
            .rules()
            .check_position(&position(
                "4,4,4,4,4,1/4,4,4,4,4,3 2-2 S blocked:.....x......"
            ))
            .is_err()
    );
}

#[test]
fn an_opening_move_and_the_opponent_s_takings_pass_over_a_round_s_blocked_houses() {
    // Both sowed in loops of their own, which went into a round's blocked
    // houses; as cases of the one sowing loop they pass over them.
    let rounds = format!("{BASE}[rounds]\nfill_from = \"left\"\nunfilled_blocked = true\n");
    let opening = variant(
        &rounds,
        &[
            ("opening_moves", "2"),
            ("opening", "\"last_seed_to_opponent\""),
        ],
    );
    // D's last seed would fall in South's own F: it goes on, past North's
    // blocked a, to b.
    let (after, _) = sow(
        opening,
        "0,0,0,2,0,0/0,4,4,4,4,4 13-13 S opening:1 blocked:......x.....",
        'D',
    );
    assert_eq!(
        after.to_string(),
        "0,0,0,0,1,0/0,5,4,4,4,4 13-13 N blocked:......x....."
    );
    // C's seeds fall in D, pass over the blocked E, fall in F, and North
    // takes the last, for a.
    let takes = variant(
        &rounds,
        &[
            RELAY_FOURS.as_slice(),
            &[
                ("lap_captures", "true"),
                ("opponent_takes_sown", "{ at_most = 8 }"),
            ],
        ]
        .concat(),
    );
    let (after, _) = sow(
        takes,
        "0,0,3,0,0,0/0,0,0,0,1,0 22-22 S blocked:....x.......",
        'C',
    );
    assert_eq!(
        after.to_string(),
        "0,0,0,1,0,1/0,0,0,0,1,0 22-23 N blocked:....x......."
    );
}

#[test]
fn next_from_empty() {
    // F's one seed falls in the empty a; b, after it along the sowing,
    // holds 3.
    let from = "4,4,4,4,4,1/0,3,4,4,4,4 2-2 S";
    let none = [("counts", "-"), ("last_seed", "\"none\""), ("chain", "-")];
    let plain = rules(&none);
    assert_eq!(
        sow_written(plain, from, "F").unwrap(),
        "4,4,4,4,4,0/1,3,4,4,4,4 2-2 N"
    );
    let next = |extra: &'static str| {
        let mut edits = none.to_vec();
        edits.push(("next", extra));
        rules(&edits)
    };
    let from_empty = next("{ zone = \"opponent\", from_empty = true }");
    assert_eq!(
        sow_written(from_empty, from, "F").unwrap(),
        "4,4,4,4,4,0/1,0,4,4,4,4 5-2 N"
    );
    // The sowing seed goes with them.
    let with_seed = next("{ zone = \"opponent\", from_empty = true, take_sowing_seed = true }");
    assert_eq!(
        sow_written(with_seed, from, "F").unwrap(),
        "4,4,4,4,4,0/0,0,4,4,4,4 6-2 N"
    );
    // A last seed in a house that held seeds, or in the mover's own row,
    // takes nothing.
    assert_eq!(
        sow_written(with_seed, "4,4,4,4,4,1/1,3,4,4,4,3 2-2 S", "F").unwrap(),
        "4,4,4,4,4,0/2,3,4,4,4,3 2-2 N"
    );
    assert_eq!(
        sow_written(with_seed, "4,4,4,0,1,4/4,4,4,4,4,4 2-2 S", "E").unwrap(),
        "4,4,4,0,0,5/4,4,4,4,4,4 2-2 N"
    );
    // The house after is the one along the move, whichever way it went:
    // A sown clockwise ends in f, and e is taken, not A's neighbour B.
    let mut edits = none.to_vec();
    edits.push(("next", "{ zone = \"opponent\", from_empty = true }"));
    edits.push(("direction_chosen_in", "[1]"));
    let chosen = rules(&edits);
    assert_eq!(
        sow_written(chosen, "1,4,4,4,4,4/4,4,4,4,3,0 4-4 S", "A<").unwrap(),
        "0,4,4,4,4,4/4,4,4,4,0,1 7-4 N"
    );
}

#[test]
fn feed_by_house() {
    // North has no seeds: A feeds sown clockwise (into f), not
    // counter-clockwise (into B); F feeds either way round.
    let from = "1,0,0,0,0,0/0,0,0,0,0,0 24-23 S";
    let moves = |engine: &Arc<Engine>| -> Vec<String> {
        engine
            .legal_moves(&position(from))
            .iter()
            .map(|m| m.to_string())
            .collect()
    };
    let chosen = [
        ("must_feed", "true"),
        ("direction_chosen_in", "[1, 2, 3, 4, 5, 6]"),
    ];
    assert_eq!(moves(rules(&chosen)), ["A<"]);
    let mut by_house = chosen.to_vec();
    by_house.push(("feed_by_house", "true"));
    assert_eq!(moves(rules(&by_house)), ["A>", "A<"]);
    // A house that feeds neither way stays refused.
    let two = "1,0,1,0,0,0/0,0,0,0,0,0 24-22 S";
    let legal: Vec<String> = rules(&by_house)
        .legal_moves(&position(two))
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(legal, ["A>", "A<"]);
}

#[test]
fn extra_turn_last_seed_in_a_store() {
    // F's eight seeds pass South's store and North's row, and the last
    // falls in North's store.
    let from = "0,0,0,0,0,8/4,4,4,4,4,4 8-8 S";
    let turn = |extra: &str| {
        variant(
            &format!("{BASE}[turn]\nextra_turn = \"{extra}\"\n"),
            &[("into_stores", "\"both\"")],
        )
    };
    let (after, effect) = sow(turn("last_seed_in_own_store"), from, 'F');
    assert!(!effect.extra_turn);
    assert_eq!(after.to_string(), "0,0,0,0,0,0/5,5,5,5,5,5 9-9 N");
    let (after, effect) = sow(turn("last_seed_in_a_store"), from, 'F');
    assert!(effect.extra_turn, "the opponent's store gives a turn too");
    assert_eq!(after.to_string(), "0,0,0,0,0,0/5,5,5,5,5,5 9-9 S");
    // A last seed in the sower's own store, as with last_seed_in_own_store.
    let (after, _) = sow(
        turn("last_seed_in_a_store"),
        "0,0,0,0,0,1/4,4,4,4,4,4 11-12 S",
        'F',
    );
    assert_eq!(after.to_move(), Side::South);
    // A last seed in a house ends the turn.
    let (after, _) = sow(
        turn("last_seed_in_a_store"),
        "0,0,0,2,0,0/4,4,4,4,4,4 11-11 S",
        'D',
    );
    assert_eq!(after.to_move(), Side::North);
}

#[test]
fn opening_board_direction() {
    // South chooses to sow B clockwise, in the first of two opening moves.
    let from = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S opening:2";
    let chosen = [
        ("direction_chosen_in", "[1, 2, 3, 4, 5, 6]"),
        ("opening_moves", "2"),
    ];
    assert_eq!(
        sow_written(rules(&chosen), from, "B<").unwrap(),
        "5,0,4,4,4,4/4,4,4,5,5,5 0-0 N opening:1"
    );
    let mut fixed = chosen.to_vec();
    fixed.push(("opening", "\"board_direction\""));
    let fixed = rules(&fixed);
    // The opening move sows counter-clockwise, whichever way was chosen.
    assert_eq!(
        sow_written(fixed, from, "B<").unwrap(),
        "4,0,5,5,5,5/4,4,4,4,4,4 0-0 N opening:1"
    );
    assert_eq!(
        sow_written(fixed, from, "B>").unwrap(),
        "4,0,5,5,5,5/4,4,4,4,4,4 0-0 N opening:1"
    );
    // Once the opening is over, the choice holds.
    assert_eq!(
        sow_written(fixed, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "B<").unwrap(),
        "5,0,4,4,4,4/4,4,4,5,5,5 0-0 N"
    );
}

#[test]
fn from_either_row() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let either = rules(&[("from_either_row", "true")]);
    // South plays North's c: its seeds go on round, d, e, f, then A.
    let written = |engine: &Arc<Engine>, mv: &str| sow_written(engine, start, mv);
    assert_eq!(
        written(either, "c").unwrap(),
        "5,4,4,4,4,4/4,4,0,5,5,5 0-0 N"
    );
    let moves = either.legal_moves(&position(start));
    assert_eq!(moves.len(), 12, "every house of both rows");
    // Without the option, the opponent's house is refused with the rule named.
    let refused = written(rules(&[]), "c").unwrap_err();
    assert!(refused.contains("c is North's house"), "{refused}");
    // The mover, not the house's owner, is who moved: a record made from
    // the game numbers South's move from North's row as South's.
    let mut game = sow::Game::new(either);
    game.play(mv('c'), &mut ()).unwrap();
    assert_eq!(game.history()[0].mover, Side::South);
    let record = sow::record::record_of(&game, &[]);
    assert!(record.to_string().contains("1. c"), "{record}");
}

#[test]
fn across_gap_looks_along_a_chosen_direction() {
    // A sown clockwise ends in f, which held a seed; along the move e is
    // empty and d holds 4, which are taken. (Along the board's direction,
    // A and B after f are empty: nothing there.)
    let from = "1,0,4,4,4,4/4,4,4,4,0,1 7-7 S";
    let base = [
        ("counts", "-"),
        ("last_seed", "\"none\""),
        ("chain", "-"),
        ("direction_chosen_in", "[1]"),
    ];
    assert_eq!(
        sow_written(rules(&base), from, "A<").unwrap(),
        "0,0,4,4,4,4/4,4,4,4,0,2 7-7 N"
    );
    let mut gap = base.to_vec();
    gap.push(("across_gap", "{ zone = \"either\" }"));
    assert_eq!(
        sow_written(rules(&gap), from, "A<").unwrap(),
        "0,0,4,4,4,4/4,4,4,0,0,2 11-7 N"
    );
}

#[test]
fn opening_from_rightmost_two() {
    let opening = [
        ("opening_moves", "1"),
        ("opening_from", "\"rightmost_two\""),
    ];
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S opening:1";
    assert_eq!(legal(rules(&opening), start), "EF");
    assert_eq!(
        verdict(rules(&opening), start, 'D'),
        Verdict::NotOpeningRightmostTwo
    );
    // The two rightmost that may be played: F is empty, so D and E.
    assert_eq!(
        legal(rules(&opening), "4,4,4,4,4,0/4,4,4,4,4,4 4-0 S opening:1"),
        "DE"
    );
    // With the allow rule applied first: E's and F's two seeds wait while
    // C holds three, so B and C.
    let mut two = opening.to_vec();
    two.push(("allow", "\"two_only_if_all_two\""));
    assert_eq!(
        legal(rules(&two), "0,4,3,0,2,2/4,4,4,4,4,4 13-0 S opening:1"),
        "BC"
    );
    // After the opening, every house the rules allow.
    assert_eq!(
        legal(rules(&opening), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"),
        "ABCDEF"
    );
}

#[test]
fn opening_from_rightmost() {
    let from = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S opening:1";
    let moves = |engine: &Arc<Engine>, at: &str| -> Vec<String> {
        engine
            .legal_moves(&position(at))
            .iter()
            .map(|m| m.to_string())
            .collect()
    };
    let opening = [("opening_moves", "1")];
    assert_eq!(moves(rules(&opening), from), ["A", "B", "C", "D", "E", "F"]);
    let mut rightmost = opening.to_vec();
    rightmost.push(("opening_from", "\"rightmost\""));
    let rightmost = rules(&rightmost);
    assert_eq!(moves(rightmost, from), ["F"]);
    assert_eq!(verdict(rightmost, from, 'A'), Verdict::NotOpeningRightmost);
    // After it, any house.
    let after = sow_written(rightmost, from, "F").unwrap();
    assert_eq!(after, "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N");
    assert_eq!(moves(rightmost, &after), ["a", "b", "c", "d", "e", "f"]);
}

#[test]
fn random_start() {
    let pattern = rules(&[
        ("seeds_per_house", "-"),
        ("start", "[4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]"),
    ]);
    let random = rules(&[("seeds_per_house", "-"), ("start", "{ random = 48 }")]);
    assert!(!pattern.rules().random_start());
    assert!(random.rules().random_start());
    // A fixed start is the start whatever the seed, and draws nothing.
    let mut rng = sow::rng::Rng::new(5);
    assert_eq!(
        pattern.rules().start_drawn(&mut rng),
        pattern.rules().start()
    );
    assert_eq!(rng.next_u64(), sow::rng::Rng::new(5).next_u64());
    // A random one deals 48 seeds, at least 2 a house, seed by seed.
    let deals: Vec<_> = (0..20u64)
        .map(|seed| random.rules().start_drawn(&mut sow::rng::Rng::new(seed)))
        .collect();
    for deal in &deals {
        assert_eq!(deal.houses().iter().map(|&s| s as u32).sum::<u32>(), 48);
        assert!(deal.houses().iter().all(|&s| s >= 2), "{deal}");
        assert_eq!(deal.stores(), [0, 0]);
        assert_eq!(deal.to_move(), Side::South);
    }
    assert!(
        deals.windows(2).any(|w| w[0] != w[1]),
        "the seed changes the deal"
    );
    assert_eq!(
        deals[3],
        random.rules().start_drawn(&mut sow::rng::Rng::new(3)),
        "the same seed deals the same start"
    );
    // Without a seed: seed 0's deal.
    assert_eq!(random.rules().start(), deals[0]);
    // Too few seeds for 2 a house: none is promised.
    let few = rules(&[("seeds_per_house", "-"), ("start", "{ random = 20 }")]);
    let deal = few.rules().start_drawn(&mut sow::rng::Rng::new(1));
    assert_eq!(deal.houses().iter().map(|&s| s as u32).sum::<u32>(), 20);
}

#[test]
fn match_opposite() {
    // D's seed falls in E, which now holds 3, as b opposite it does.
    let from = "0,0,0,1,2,4/4,3,4,4,4,4 9-9 S";
    let none = [("counts", "-"), ("last_seed", "\"none\""), ("chain", "-")];
    assert_eq!(
        sow_written(rules(&none), from, "D").unwrap(),
        "0,0,0,0,3,4/4,3,4,4,4,4 9-9 N"
    );
    let mut matching = none.to_vec();
    matching.push(("match_opposite", "true"));
    let matching = rules(&matching);
    assert_eq!(
        sow_written(matching, from, "D").unwrap(),
        "0,0,0,0,0,4/4,0,4,4,4,4 15-9 N"
    );
    // Counts that differ take nothing.
    assert_eq!(
        sow_written(matching, "0,0,0,1,1,4/4,3,4,4,4,4 9-10 S", "D").unwrap(),
        "0,0,0,0,2,4/4,3,4,4,4,4 9-10 N"
    );
}

#[test]
fn match_opposite_both_ways_chains_along_the_sowing_then_back() {
    let none = [("counts", "-"), ("last_seed", "\"none\""), ("chain", "-")];
    let mut single = none.to_vec();
    single.push(("match_opposite", "true"));
    let mut three = single.clone();
    three.push(("match_opposite_both_ways", "3"));
    // A's seed makes B 2, as e; along the sowing C and d hold 3, D and c
    // 1, E and b 2.
    let from = "1,1,3,1,2,4/0,2,1,3,2,4 12-12 S";
    assert_eq!(
        sow_written(rules(&single), from, "A").unwrap(),
        "0,0,3,1,2,4/0,2,1,3,0,4 16-12 N",
        "the last seed's pair only"
    );
    // Three pairs along the sowing (B, C, D); back from A, which is empty,
    // the one capture left is tried at E, where the chain stopped.
    assert_eq!(
        sow_written(rules(&three), from, "A").unwrap(),
        "0,0,0,0,0,4/0,0,0,0,0,4 28-12 N"
    );
    // The other way from the house before the last seed's: A's two seeds
    // make B and C 2, as e and d; D is empty, so the chain goes back to B.
    assert_eq!(
        sow_written(rules(&three), "2,1,1,0,0,4/0,0,0,2,2,4 16-16 S", "A").unwrap(),
        "0,0,0,0,0,4/0,0,0,0,0,4 24-16 N"
    );
    let error = Rules::from_toml(
        &edited(BASE, &[("match_opposite_both_ways", "3")]),
        "base.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("set match_opposite = true"), "{error}");
}

#[test]
fn cross_chain_from_any_goes_on_past_full_houses() {
    let none = [("counts", "-"), ("last_seed", "\"none\""), ("chain", "-")];
    let with = |cross: &str| {
        let mut edits = none.to_vec();
        edits.push(("cross", cross));
        rules(&edits)
    };
    // B's seed falls in the empty C; d opposite holds 2, and past D (5
    // seeds) c holds 1; past E, b holds 3.
    let from = "0,1,0,5,0,4/0,3,1,2,0,0 16-16 S";
    let any = with(
        r#"{ zone = "either", chain = true, chain_from_any = true, opposite_in = "opponent", opposite_holds = [1, 2] }"#,
    );
    assert_eq!(
        sow_written(any, from, "B").unwrap(),
        "0,0,1,5,0,4/0,3,0,0,0,0 19-16 N",
        "d, then c past D; b holds 3"
    );
    let one = with(r#"{ zone = "either", opposite_holds = [1, 2] }"#);
    assert_eq!(
        sow_written(one, from, "B").unwrap(),
        "0,0,1,5,0,4/0,3,1,0,0,0 18-16 N"
    );
    // The houses taken must lie in opposite_in: d is not South's own.
    let own =
        with(r#"{ zone = "either", chain = true, chain_from_any = true, opposite_in = "own" }"#);
    assert_eq!(
        sow_written(own, from, "B").unwrap(),
        "0,0,1,5,0,4/0,3,1,2,0,0 16-16 N"
    );
    let error = Rules::from_toml(
        &edited(
            BASE,
            &[("cross", r#"{ zone = "either", opposite_in = "own" }"#)],
        ),
        "base.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("set chain_from_any = true"), "{error}");
}

#[test]
fn a_grand_slam_leaving_the_rightmost_takes_the_opponents_row_only() {
    let none = [("counts", "-"), ("last_seed", "\"none\""), ("chain", "-")];
    let cross = (
        "cross",
        r#"{ zone = "either", chain = true, chain_from_any = true, opposite_in = "either" }"#,
    );
    // A's three seeds end in the empty D; the chain goes on round the board
    // and takes every house but A, North's whole row among them.
    let from = "3,0,0,0,2,1/1,1,2,0,0,0 19-19 S";
    let mut stands = none.to_vec();
    stands.push(cross);
    assert_eq!(
        sow_written(rules(&stands), from, "A").unwrap(),
        "0,0,0,0,0,0/0,0,0,0,0,0 29-19 N"
    );
    // Leaving the rightmost, a (North's first occupied house from his left)
    // keeps its seed, and of the capture only the rest of North's row is
    // taken: South's own houses keep theirs.
    let mut leave = stands.clone();
    leave.push(("grand_slam", "\"leave_rightmost\""));
    assert_eq!(
        sow_written(rules(&leave), from, "A").unwrap(),
        "0,1,1,1,2,1/1,0,0,0,0,0 22-19 N"
    );
}

#[test]
fn direction_by_first_move() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let moves = |engine: &Arc<Engine>, at: &str| -> Vec<String> {
        engine
            .legal_moves(&position(at))
            .iter()
            .map(|m| m.to_string())
            .collect()
    };
    let first = rules(&[("direction_by", "\"first_move\"")]);
    // The first move chooses its way from any house.
    assert_eq!(moves(first, start).len(), 12);
    let after = sow_written(first, start, "B<").unwrap();
    assert_eq!(after, "5,0,4,4,4,4/4,4,4,5,5,5 0-0 N ways:<>");
    // Then North sows the other way, counter-clockwise, with bare labels.
    assert_eq!(moves(first, &after), ["a", "b", "c", "d", "e", "f"]);
    let err = sow_written(first, &after, "a<").unwrap_err();
    assert!(err.contains("write a alone"), "{err}");
    let after = sow_written(first, &after, "a").unwrap();
    assert_eq!(after, "5,0,4,4,4,4/0,5,5,6,6,5 0-0 S ways:<>");
    // And South clockwise, as chosen.
    assert_eq!(
        sow_written(first, &after, "C").unwrap(),
        "6,1,0,4,4,4/0,5,5,6,7,6 0-0 N ways:<>"
    );
    // Without the option, the board's direction, and no choice.
    assert_eq!(
        sow_written(rules(&[]), start, "B").unwrap(),
        "4,0,5,5,5,5/4,4,4,4,4,4 0-0 N"
    );
    assert!(sow_written(rules(&[]), start, "B<").is_err());
    // The ways are part of the position: same board, other ways, other key.
    assert_ne!(
        position("5,0,4,4,4,4/4,4,4,5,5,5 0-0 N ways:<>").key(),
        position("5,0,4,4,4,4/4,4,4,5,5,5 0-0 N ways:><").key()
    );
}

#[test]
fn allow_two_only_if_all_two() {
    let two = rules(&[("allow", "\"two_only_if_all_two\"")]);
    // C holds three: the houses of two wait.
    let from = "2,2,3,0,2,0/2,2,2,2,2,2 10-10 S";
    assert_eq!(legal(rules(&[]), from), "ABCE");
    assert_eq!(legal(two, from), "C");
    assert_eq!(verdict(two, from, 'A'), Verdict::HoldsTwo);
    // Every playable house holds two: any of them, unlike
    // two_only_if_all_two_rightmost.
    assert_eq!(legal(two, "2,2,0,2,2,0/2,2,2,2,2,2 12-12 S"), "ABDE");
    assert_eq!(
        legal(
            rules(&[("allow", "\"two_only_if_all_two_rightmost\"")]),
            "2,2,0,2,2,0/2,2,2,2,2,2 12-12 S"
        ),
        "E"
    );
}

#[test]
fn cycle_own_row() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let own_row = rules(&[("cycle", "\"own_row\"")]);
    // From E, South's four seeds go F, then round South's own row: A, B, C.
    assert_eq!(
        sow_written(own_row, start, "E").unwrap(),
        "5,5,5,4,0,5/4,4,4,4,4,4 0-0 N"
    );
    // Round both rows, the same move feeds North's a, b, c.
    assert_eq!(
        sow_written(rules(&[]), start, "E").unwrap(),
        "4,4,4,4,0,5/5,5,5,4,4,4 0-0 N"
    );
    // North sows round North's row; a lap passes over the origin.
    assert_eq!(
        sow_written(own_row, "4,4,4,4,4,4/0,0,0,0,9,3 0-0 N", "e").unwrap(),
        "4,4,4,4,4,4/2,2,2,1,0,5 0-0 S"
    );
    // With the sower's store in the cycle, it lies after the last house.
    let with_store = rules(&[("cycle", "\"own_row\""), ("into_stores", "\"own\"")]);
    assert_eq!(
        sow_written(with_store, start, "E").unwrap(),
        "5,5,4,4,0,5/4,4,4,4,4,4 1-0 N"
    );
}

#[test]
fn grand_slam_opponent_takes_rest() {
    // South's D drops its seed in the empty E, which takes North's b, the
    // only seeds North has: a grand slam.
    let from = "0,0,0,1,0,2/0,3,0,0,0,0 20-22 S";
    let cross = [("cross", "{ zone = \"own\" }")];
    let (after, slam) = sow(rules(&cross), from, 'D');
    assert!(slam.grand_slam);
    assert_eq!(after.to_string(), "0,0,0,0,1,2/0,0,0,0,0,0 23-22 N");
    // North, left without seeds, takes South's seeds left in E and F.
    let rest = rules(&[cross[0], ("grand_slam", "\"opponent_takes_rest\"")]);
    let (after, slam) = sow(rest, from, 'D');
    assert!(slam.grand_slam);
    assert_eq!(slam.captured, 3);
    assert_eq!(after.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 23-25 N");
    // A capture that leaves North seeds is no slam: South keeps its own.
    let (after, _) = sow(rest, "0,0,0,1,0,2/0,3,1,0,0,0 20-21 S", 'D');
    assert_eq!(after.to_string(), "0,0,0,0,1,2/0,0,1,0,0,0 23-21 N");
}

#[test]
fn no_return_from_either_row() {
    // North plays South's A (the left half sows clockwise): its one seed
    // crosses the row's end into North's own f.
    let from = "1,4,0,0,0,0/0,4,4,4,4,0 13-14 N";
    let barred = rules(&[
        ("skip_origin", "false"),
        ("direction_by", "\"half_row\""),
        ("no_return", "true"),
        ("from_either_row", "true"),
    ]);
    let (after, _) = sow(barred, from, 'A');
    assert_eq!(
        after.to_string(),
        "0,4,0,0,0,0/0,4,4,4,4,1 13-14 S crossed:f"
    );
    // South may play either row, but not f, the house the seed would go
    // back from (from one's own row only, it would be the house facing it).
    assert_eq!(legal(barred, &after.to_string()), "Bbcde");
}

#[test]
fn direction_by_to_center() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let center = rules(&[("direction_by", "\"to_center\"")]);
    // The left half of a row sows counter-clockwise, the right half
    // clockwise: towards the middle either way.
    assert_eq!(
        sow_written(center, start, "A").unwrap(),
        "0,5,5,5,5,4/4,4,4,4,4,4 0-0 N"
    );
    assert_eq!(
        sow_written(center, start, "F").unwrap(),
        "4,5,5,5,5,0/4,4,4,4,4,4 0-0 N"
    );
    // North's a lies on the board's right: it sows on along North's row.
    assert_eq!(
        sow_written(center, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", "a").unwrap(),
        "4,4,4,4,4,4/0,5,5,5,5,4 0-0 S"
    );
    // Without the option, F feeds North.
    assert_eq!(
        sow_written(rules(&[]), start, "F").unwrap(),
        "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N"
    );
}

#[test]
fn cycle_zigzag() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let zigzag = [("cycle", "\"zigzag\""), ("direction_by", "\"to_center\"")];
    let r = rules(&zigzag);
    // From A the seeds cross the board at every step: e, C, c, E.
    assert_eq!(
        sow_written(r, start, "A").unwrap(),
        "0,4,5,4,5,4/4,4,5,4,5,4 0-0 N"
    );
    // B's way to the centre is the other way round the zigzag: d, D, b, F.
    assert_eq!(
        sow_written(r, start, "B").unwrap(),
        "4,0,4,5,4,5/4,5,4,5,4,4 0-0 N"
    );
    // A single seed across the middle, C to c, may not go straight back...
    let barred = rules(&[zigzag[0], zigzag[1], ("no_return", "true")]);
    let from = "4,4,1,4,4,4/4,4,0,4,4,4 3-4 S";
    let after = sow_written(barred, from, "C").unwrap();
    assert_eq!(after, "4,4,0,4,4,4/4,4,1,4,4,4 3-4 N crossed:c");
    assert_eq!(legal(barred, &after), "abdef");
    // ... unless it captured: then it may.
    let capturing = rules(&[
        zigzag[0],
        zigzag[1],
        ("no_return", "true"),
        ("cross", "{ zone = \"opponent\" }"),
    ]);
    let after = sow_written(capturing, from, "C").unwrap();
    assert_eq!(after, "4,4,0,0,4,4/4,4,1,4,4,4 7-4 N");
    assert_eq!(legal(capturing, &after), "abcdef");
}

#[test]
fn bear_off() {
    let off = rules(&[("bear_off", "true")]);
    // Bearing off, F's seed would leave South's row: it goes to South's
    // store instead.
    let from = "0,0,0,1,1,1/1,0,1,0,0,0 20-23 S bear_off";
    assert_eq!(
        sow_written(off, from, "F").unwrap(),
        "0,0,0,1,1,0/1,0,1,0,0,0 21-23 N bear_off"
    );
    // A move that leaves no house holding two seeds starts the bearing
    // off: E's seeds reach a, which makes 2 and is captured.
    assert_eq!(
        sow_written(off, "0,0,0,0,2,0/1,0,1,0,0,0 21-23 S", "E").unwrap(),
        "0,0,0,0,0,1/0,0,1,0,0,0 23-23 N bear_off"
    );
    // A relay goes on within the row; its last seeds are borne off.
    let relay = rules(&[
        ("bear_off", "true"),
        ("relay", "true"),
        ("relay_stops_on", "[1]"),
    ]);
    assert_eq!(
        sow_written(relay, "0,0,0,1,1,0/1,0,1,0,0,0 21-23 S bear_off", "D").unwrap(),
        "0,0,0,0,0,1/1,0,1,0,0,0 22-23 N bear_off"
    );
    // Without the option, nothing is borne off, and the word is refused.
    assert!(rules(&[]).rules().check_position(&position(from)).is_err());
    assert_eq!(
        sow_written(rules(&[]), "0,0,0,1,1,1/1,0,1,0,0,0 20-23 S", "F").unwrap(),
        "0,0,0,1,1,0/0,0,1,0,0,0 22-23 N"
    );
}

/// Seeds spread round the house played, from either row, nothing
/// captured, the goal to clear one's houses.
const DIFFUSE: [(&str, &str); 7] = [
    ("skip_origin", "false"),
    ("diffuse", "true"),
    ("from_either_row", "true"),
    ("counts", "[]"),
    ("last_seed", "\"none\""),
    ("goal", "\"clear\""),
    ("no_move", "-"),
];

/// Diffusion's rules: [`DIFFUSE`], each player's houses a half of the
/// board.
fn diffusion() -> &'static Arc<Engine> {
    rules(&[&DIFFUSE[..], &[("sides", "\"halves\"")]].concat())
}

#[test]
fn diffuse() {
    let diffusion = diffusion();
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    // B's four seeds go round it counter-clockwise: C, then the North
    // houses facing C, B and A (d, e, f); A, the fifth place, gets none.
    assert_eq!(
        sow_written(diffusion, start, "B").unwrap(),
        "4,0,5,4,4,4/4,4,4,5,5,5 0-0 N"
    );
    // F is at its row's end: the first two places are past it, and their
    // seeds leave play into South's store; then a and b, facing F and E.
    assert_eq!(
        sow_written(diffusion, start, "F").unwrap(),
        "4,4,4,4,4,0/5,5,4,4,4,4 2-0 N"
    );
    // A seed for a full house (C holds five) leaves play too.
    assert_eq!(
        sow_written(diffusion, "4,2,5,4,4,4/4,4,4,4,4,4 0-0 S", "B").unwrap(),
        "4,0,5,4,4,4/4,4,4,5,4,4 1-0 N"
    );
    // North may play South's row as well (the label is the house's own).
    assert_eq!(
        sow_written(diffusion, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N", "B").unwrap(),
        "4,0,5,4,4,4/4,4,4,5,5,5 0-0 S"
    );
    // No house ever holds more than five.
    assert!(
        diffusion
            .rules()
            .check_position(&position("6,4,4,4,4,2/4,4,4,4,4,4 0-0 S"))
            .is_err()
    );
}

#[test]
fn sides_halves() {
    // F's last seed leaves play: South's half (D, E, F and the North houses
    // above them) is empty, so South wins, with a seed still in A.
    let from = "1,0,0,0,0,1/0,0,0,0,0,1 45-0 S";
    let game = play(diffusion(), from, 'F');
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome.reason,
        EndReason::Cleared {
            winner: Side::South
        }
    );
    // On rows, South's row still holds A's seed: the game goes on.
    assert!(!play(rules(&DIFFUSE), from, 'F').is_over());
}

/// Each side sows round its half of the board and captures 4 on its side,
/// chained; the goal is to clear one's half.
const OWN_HALF: [(&str, &str); 8] = [
    ("sides", "\"halves\""),
    ("skip_origin", "false"),
    ("cycle", "\"own_half\""),
    ("counts", "[4]"),
    ("last_seed", "\"own\""),
    ("chain", "true"),
    ("goal", "\"clear\""),
    ("no_move", "-"),
];

/// Ohojichi's rules: [`OWN_HALF`], and the captured seeds given away by a
/// drop.
fn gratuitous_halves() -> &'static Arc<Engine> {
    rules(&[&OWN_HALF[..], &[("given_to_opponent", "true")]].concat())
}

#[test]
fn cycle_own_half() {
    let halves = gratuitous_halves();
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    // F's seeds go round South's half: up to a, b and c, above her, and
    // back down to D.
    assert_eq!(
        sow_written(halves, start, "F").unwrap(),
        "4,4,4,5,4,0/5,5,5,4,4,4 0-0 N"
    );
    // South plays the houses of her half, on both rows, and no other.
    assert_eq!(legal(halves, start), "DEFabc");
    assert_eq!(verdict(halves, start, 'A'), sow::Verdict::OtherHalf);
}

#[test]
fn given_to_opponent() {
    let halves = gratuitous_halves();
    // E's seed makes F 4: South captures it, and moves again at once to
    // drop the 4 into a house of North's half.
    let from = "1,1,1,0,1,3/0,0,0,1,1,1 0-0 S";
    let captured = sow_written(halves, from, "E").unwrap();
    assert_eq!(captured, "1,1,1,0,0,0/0,0,0,1,1,1 4-0 S");
    let drops: Vec<String> = halves
        .legal_moves(&position(&captured))
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(drops, ["A@", "B@", "C@", "d@", "e@", "f@"]);
    assert_eq!(
        sow_written(halves, &captured, "d@").unwrap(),
        "1,1,1,0,0,0/0,0,0,5,1,1 0-0 N"
    );
    // A house instead of a drop, a drop on one's own side, and a drop with
    // nothing captured are refused, each saying why.
    let house = sow_written(halves, &captured, "a").unwrap_err();
    assert!(house.contains("must be dropped first"), "{house}");
    let own = sow_written(halves, &captured, "a@").unwrap_err();
    assert!(own.contains("your own side"), "{own}");
    let nothing = sow_written(halves, from, "d@").unwrap_err();
    assert!(nothing.contains("none to drop"), "{nothing}");
    // Seeds left in the store of the player who is not to move are
    // refused: they would have been dropped.
    assert!(
        halves
            .rules()
            .check_position(&position("1,1,1,0,0,0/0,0,0,1,1,1 4-0 N"))
            .is_err()
    );
    // Without the option, the capture stays in South's store and North
    // moves.
    assert_eq!(
        sow_written(rules(&OWN_HALF), from, "E").unwrap(),
        "1,1,1,0,0,0/0,0,0,1,1,1 4-0 N"
    );
}

/// Azigo's kind of game: each side sows round its own row, and may sow
/// seeds of its store instead of a house; a last seed making 2 or 3 in the
/// mover's own row captures.
fn from_store() -> &'static Arc<Engine> {
    rules(&[
        ("skip_origin", "false"),
        ("cycle", "\"own_row\""),
        ("sow_from_store", "true"),
        ("last_seed", "\"own\""),
    ])
}

#[test]
fn sow_from_store() {
    let store = from_store();
    let from = "1,0,0,0,0,1/1,0,1,0,0,0 8-4 S";
    // Besides F and A, South may sow any number of her store's 8 seeds.
    let moves: Vec<String> = store
        .legal_moves(&position(from))
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        moves,
        ["A", "F", "*1", "*2", "*3", "*4", "*5", "*6", "*7", "*8"]
    );
    // *3 sows A, B and C from her row's first house on; C's 1 captures
    // nothing.
    assert_eq!(
        sow_written(store, from, "*3").unwrap(),
        "2,1,1,0,0,1/1,0,1,0,0,0 5-4 N"
    );
    // *8 goes round her row and on to A and B: B's 2 is captured where the
    // last seed falls.
    assert_eq!(
        sow_written(store, from, "*8").unwrap(),
        "3,0,1,1,1,2/1,0,1,0,0,0 2-4 N"
    );
    // North's store moves sow his row from a, his first house.
    assert_eq!(
        sow_written(store, "1,0,0,0,0,1/1,1,1,0,0,0 8-4 N", "*2").unwrap(),
        "1,0,0,0,0,1/2,0,1,0,0,0 8-4 S",
        "b's 2 is captured, a's 2 is not: no chain"
    );
    // More seeds than the store holds, and a store move where the rules
    // have none, are refused, each saying why.
    let past = sow_written(store, from, "*9").unwrap_err();
    assert!(
        past.contains("more seeds than your store holds (8)"),
        "{past}"
    );
    let plain = rules(&[("skip_origin", "false"), ("cycle", "\"own_row\"")]);
    let none = sow_written(plain, from, "*1").unwrap_err();
    assert!(
        none.contains("only a variant with [play] sow_from_store"),
        "{none}"
    );
    // A row without seeds still has moves while the store holds some.
    let bare = "0,0,0,0,0,0/1,0,1,0,0,3 5-3 S";
    assert_eq!(store.legal_moves(&position(bare)).len(), 5);
    assert!(plain.legal_moves(&position(bare)).is_empty());
}

#[test]
fn start_in_stores() {
    let stored = rules(&[("start_in_stores", "3")]);
    assert_eq!(
        stored.rules().start().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 3-3 S"
    );
    assert_eq!(stored.rules().total_seeds(), 54);
    assert_eq!(rules(&[]).rules().total_seeds(), 48);
}

#[test]
fn cross_whatever_last_holds_chain_against_sowing() {
    let cross = |keys: &str| {
        rules(&[
            ("skip_origin", "false"),
            ("cycle", "\"own_row\""),
            ("counts", "-"),
            ("last_seed", "-"),
            ("chain", "-"),
            (
                "cross",
                &*format!(
                    "{{ zone = \"either\", chain = true, chain_from_any = true, opposite_in = \"opponent\", opposite_holds = [1, 3, 5]{keys} }}"
                ),
            ),
        ])
    };
    // D's seeds go to E, F and round to A, which held 2: f across holds 1,
    // then back against the sowing a, across F, holds 3; b, across E,
    // holds 2, and the chain stops.
    let from = "2,0,0,3,0,0/3,2,5,0,0,1 0-0 S";
    let any_back = cross(", whatever_last_holds = true, chain_against_sowing = true");
    assert_eq!(
        sow_written(any_back, from, "D").unwrap(),
        "3,0,0,0,1,1/0,2,5,0,0,0 4-0 N"
    );
    // Along the sowing, the chain stops at B: e across is empty.
    assert_eq!(
        sow_written(cross(", whatever_last_holds = true"), from, "D").unwrap(),
        "3,0,0,0,1,1/3,2,5,0,0,0 1-0 N"
    );
    // Only a last seed in an empty house captures without it.
    assert_eq!(
        sow_written(cross(", chain_against_sowing = true"), from, "D").unwrap(),
        "3,0,0,0,1,1/3,2,5,0,0,1 0-0 N"
    );
}

#[test]
fn chain_never_comes_round_to_a_house_it_took() {
    // A's 12 seeds go twice round South's own row, the last into A: A's 2
    // and the five 3s before it are taken once each, 17 in all.
    let own_row = rules(&[
        ("skip_origin", "false"),
        ("cycle", "\"own_row\""),
        ("counts", "[2, 3]"),
        ("last_seed", "\"own\""),
        ("chain", "true"),
    ]);
    assert_eq!(
        sow_written(own_row, "12,1,1,1,1,1/4,4,4,4,4,4 0-0 S", "A").unwrap(),
        "0,0,0,0,0,0/4,4,4,4,4,4 17-0 N"
    );
}

#[test]
fn lap_captures_sow_on() {
    // E's two seeds go round South's own row: F, then A, empty, which takes
    // North's f across.
    let from = "0,0,0,0,2,0/0,0,0,0,0,5 20-21 S";
    let base = [
        ("skip_origin", "false"),
        ("cycle", "\"own_row\""),
        ("relay", "true"),
        ("relay_stops_on", "[1]"),
        ("counts", "-"),
        ("last_seed", "-"),
        ("chain", "-"),
        ("cross", "{ zone = \"own\" }"),
    ];
    let plain = rules(&base);
    assert_eq!(
        sow_written(plain, from, "E").unwrap(),
        "1,0,0,0,0,1/0,0,0,0,0,0 25-21 N"
    );
    // Sown on: the five taken join A's seed, and the six go round again,
    // B to A; then North has no seeds, and the sowing stops.
    let mut edits = base.to_vec();
    edits.push(("lap_captures", "true"));
    edits.push(("lap_captures_sow_on", "true"));
    let sown_on = rules(&edits);
    assert_eq!(
        sow_written(sown_on, from, "E").unwrap(),
        "1,1,1,1,1,2/0,0,0,0,0,0 20-21 N"
    );
}

/// The base variant played as a territory match.
fn with_territory(contested: &str, play_on: u32) -> &'static Arc<Engine> {
    with_rounds(&format!(
        "territory = {{ contested_house = \"{contested}\", seeds_to_play_on = {play_on} }}"
    ))
}

#[test]
fn territory_hands_houses_to_the_round_s_winner() {
    // South's F captures a's 2; North then has no move, which ends the
    // round: South holds 31 seeds, seven houses' worth and 3 over, North 17.
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 29-17 S";
    let over_half = play(with_territory("over_half", 10), from, 'F');
    let end = over_half.round_end().expect("the round ends");
    assert_eq!(end.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 31-17 N");
    // Every house is filled again; 3 seeds fill more than half of an
    // eighth house, so South owns its row and North's a and b.
    assert_eq!(
        over_half.position().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N owner:SSSSSSSSNNNN"
    );
    assert_eq!(over_half.position().owner(7), Side::South);
    // Where the contested house is the loser's, South owns seven.
    let loser = play(with_territory("loser", 10), from, 'F');
    assert_eq!(loser.position().layer_marks(Layer::Owner), "SSSSSSSNNNNN");
    // With 18 seeds needed to play on, North's 17 end the match.
    let over = play(with_territory("over_half", 18), from, 'F');
    assert!(over.round_end().is_none() && over.is_over());
    assert_eq!(over.outcome().unwrap().winner, Some(Side::South));
}

#[test]
fn territory_players_play_the_houses_they_own_on_either_row() {
    let engine = with_territory("over_half", 10);
    let north = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N owner:SSSSSSSSNNNN";
    assert_eq!(legal(engine, north), "cdef");
    let verdict_on = |from: &str, label: char| {
        engine
            .verdicts(&position(from))
            .into_iter()
            .find(|(m, _)| *m == mv(label))
            .map(|(_, v)| v)
    };
    assert_eq!(verdict_on(north, 'a'), Some(Verdict::NotOwned));
    let south = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S owner:SSSSSSSSNNNN";
    assert_eq!(legal(engine, south), "ABCDEFab");
    // South's a is sown along South's way: b, c, d, e.
    let (after, _) = sow(engine, south, 'a');
    assert_eq!(
        after.to_string(),
        "4,4,4,4,4,4/0,5,5,5,5,4 0-0 N owner:SSSSSSSSNNNN"
    );
    // The seeds left at a round's end go to the houses' owners.
    let game = play(
        engine,
        "0,0,0,0,0,1/1,3,0,0,0,0 26-17 S owner:SSSSSSSSNNNN",
        'F',
    );
    let end = game.round_end().expect("the round ends");
    // F's seed makes a 2, South's capture; North, who owns no seed, has no
    // move, and b's 3 are South's own.
    assert_eq!(end.stores(), [31, 17]);
}

#[test]
fn territory_contested_house_emptied() {
    // South's F captures a's 2 and the round ends: South holds 31 seeds,
    // seven houses' worth and 3 over, North 17.
    let game = play(
        with_territory("emptied", 10),
        "0,0,0,0,0,1/1,0,0,0,0,0 29-17 S",
        'F',
    );
    assert!(game.round_end().is_some());
    // South owns seven houses; the eighth, North's b, is North's and
    // starts empty, and each keeps their seeds over whole houses in store.
    assert_eq!(
        game.position().to_string(),
        "4,4,4,4,4,4/4,0,4,4,4,4 3-1 N owner:SSSSSSSNNNNN"
    );
}

#[test]
fn territory_zones_by_owner() {
    let territory = format!(
        "{BASE}[rounds]\nterritory = {{ contested_house = \"over_half\", seeds_to_play_on = 10 }}\n"
    );
    let by_row = variant(&territory, &[]);
    let by_owner = variant(&territory, &[("zones_by", "\"owner\"")]);
    // F's seed makes a 2 in North's a, which South owns.
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 29-17 S owner:SSSSSSSSNNNN";
    let (after, _) = sow(by_row, from, 'F');
    assert_eq!(after.stores(), [31, 17]);
    let (after, effect) = sow(by_owner, from, 'F');
    assert_eq!(effect.captured, 0);
    assert_eq!(after.houses()[6], 2);
    // North's f makes a 2 in South's A, which North owns.
    let from = "1,0,0,0,0,0/0,0,0,0,0,1 29-17 N owner:NNSSSSNNNNNN";
    let (after, _) = sow(by_row, from, 'f');
    assert_eq!(after.stores(), [29, 19]);
    let (after, _) = sow(by_owner, from, 'f');
    assert_eq!(after.stores(), [29, 17]);
    // Where no house changes hands, zones by owner mean nothing.
    let refused = Rules::from_toml(&edited(BASE, &[("zones_by", "\"owner\"")]), "zones.toml")
        .unwrap_err()
        .to_string();
    assert!(refused.contains("[rounds.territory]"), "{refused}");
}

#[test]
fn territory_owners_are_a_shape_a_round_makes() {
    let rules = with_territory("over_half", 10);
    for good in ["SSSSSSNNNNNN", "SSSSSSSSSNNN", "NNSSSSNNNNNN"] {
        let text = format!("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S owner:{good}");
        assert_eq!(
            rules.rules().check_position(&position(&text)),
            Ok(()),
            "{good}"
        );
    }
    // Houses scattered between the players: no round's end makes them.
    let scattered = position("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S owner:SNSSSSNNNNNN");
    let refusal = rules
        .rules()
        .check_position(&scattered)
        .unwrap_err()
        .to_string();
    assert!(refusal.contains("gives away B"), "{refusal}");
    assert!(refusal.contains("[rounds.territory]"), "{refusal}");
    // A variant whose houses never change hands refuses any owner mark.
    let fixed = with_rounds("fill_from = \"left\"");
    let moved = position("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S owner:SSSSSSSNNNNN");
    assert!(fixed.rules().check_position(&moved).is_err());
}

/// The base variant as a territory match with children made at 4 in the
/// opponent's houses, by `zone_by`.
fn territory_children(zone_by: &str) -> &'static Arc<Engine> {
    variant(
        &format!(
            "{BASE}[children]\nmade_at = 4\nzone = \"opponent\"\nzone_by = \"{zone_by}\"\n[rounds]\nterritory = {{ contested_house = \"over_half\", seeds_to_play_on = 10 }}\n"
        ),
        &[],
    )
}

#[test]
fn children_zone_by_owner_reads_who_owns_the_house() {
    let (by_owner, by_row) = (territory_children("owner"), territory_children("row"));
    // North owns A and B; South's F sows a to f, A and B, where the last
    // seed makes 4 in a house of South's row that North owns.
    let from = "0,3,0,0,0,8/1,1,1,1,1,1 16-15 S owner:NNSSSSNNNNNN";
    let (after, _) = sow(by_owner, from, 'F');
    assert_eq!(after.child_of(1), Some(Side::South));
    let (after, _) = sow(by_row, from, 'F');
    assert_eq!(after.child_of(1), None, "by row, B is South's own");
    // South owns a: F's one seed makes 4 there, a house of North's row.
    let from = "0,0,0,0,0,1/3,4,4,4,4,4 12-12 S owner:SSSSSSSSNNNN";
    let (after, _) = sow(by_owner, from, 'F');
    assert_eq!(after.child_of(6), None, "by owner, a is South's own");
    let (after, _) = sow(by_row, from, 'F');
    assert_eq!(after.child_of(6), Some(Side::South));
    // A position read from text keeps children to the houses the rules
    // allow: South's in a house North owns, not in one South owns.
    let allowed =
        position("0,4,0,0,0,0/1,1,1,1,1,1 23-15 S owner:NNSSSSNNNNNN children:.S..........");
    assert_eq!(by_owner.rules().check_position(&allowed), Ok(()));
    let misplaced =
        position("0,0,0,0,0,0/4,1,1,1,1,1 24-15 S owner:SSSSSSSSNNNN children:......S.....");
    let refusal = by_owner
        .rules()
        .check_position(&misplaced)
        .unwrap_err()
        .to_string();
    assert!(refusal.contains("zone_by"), "{refusal}");
}

#[test]
fn territory_lays_a_start_pattern_out_for_the_player_who_does_not_start_the_round() {
    let rules = variant(
        &format!(
            "{BASE}[rounds]\nterritory = {{ contested_house = \"over_half\", seeds_to_play_on = 10 }}\n"
        ),
        &[("start", "[8, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]")],
    );
    // South's F captures a's 2 and ends the round; North starts the next,
    // from the start as it is (South's layout), South owning a and b.
    let game = play(rules, "0,0,0,0,0,1/1,0,0,0,0,0 29-17 S", 'F');
    assert_eq!(
        game.position().to_string(),
        "8,0,4,4,4,4/4,4,4,4,4,4 0-0 N owner:SSSSSSSSNNNN"
    );
    // North's f captures A's 2 and ends the round; South starts the next,
    // from the start laid out for North: the rows swapped.
    let game = play(rules, "1,0,0,0,0,0/0,0,0,0,0,1 17-29 N", 'f');
    assert_eq!(
        game.position().to_string(),
        "4,4,4,4,4,4/8,0,4,4,4,4 0-0 S owner:NNSSSSNNNNNN"
    );
}

#[test]
fn opening_plus_one_minus_one_moves_every_other_seed_on_and_the_last_across() {
    let rules = rules(&[
        ("opening", "\"plus_one_minus_one\""),
        ("opening_moves", "1"),
    ]);
    let from = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S opening:1";
    // B keeps its 4; C, E, a, c, e and A each move a seed on (A's goes
    // across, to e, opposite B), and the move ends in e.
    let (after, effect) = sow(rules, from, 'B');
    assert_eq!(after.to_string(), "3,4,3,5,3,5/3,5,3,5,4,5 0-0 N");
    assert_eq!(effect.last, 10);
    // Once the opening is played, B is sown as usual.
    let (after, _) = sow(rules, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", 'B');
    assert_eq!(after.to_string(), "4,0,5,5,5,5/4,4,4,4,4,4 0-0 N");
    // An opening owed on a board with an empty house is refused.
    let empty = position("4,0,4,4,4,4/4,4,4,4,4,8 0-0 S opening:1");
    let refusal = rules
        .rules()
        .check_position(&empty)
        .unwrap_err()
        .to_string();
    assert!(refusal.contains("plus_one_minus_one"), "{refusal}");
}

#[test]
fn after_capture_once_gives_one_extra_turn_and_no_more() {
    let with_turn =
        |extra: &str| variant(&format!("{BASE}[turn]\nextra_turn = \"{extra}\"\n"), &[]);
    let (once, always) = (with_turn("after_capture_once"), with_turn("after_capture"));
    // F's seed makes a 2 and takes it: South moves again, once.
    let (after, _) = sow(once, "0,0,0,0,3,1/1,1,4,4,4,4 12-14 S", 'F');
    assert_eq!(after.to_string(), "0,0,0,0,3,0/0,1,4,4,4,4 14-14 S again");
    // E's last seed makes b 2 and takes it on the extra turn: the turn
    // passes, where an unlimited extra turn would come again.
    let (after, effect) = sow(once, "0,0,0,0,3,0/0,1,4,4,4,4 14-14 S again", 'E');
    assert_eq!(effect.captured, 2);
    assert_eq!(after.to_string(), "0,0,0,0,0,1/1,0,4,4,4,4 16-14 N");
    let (after, _) = sow(always, "0,0,0,0,3,0/0,1,4,4,4,4 14-14 S", 'E');
    assert_eq!(after.to_move(), Side::South);
    // `again` belongs only to a variant that limits the extra turns.
    let again = position("0,0,0,0,3,0/0,1,4,4,4,4 14-14 S again");
    assert_eq!(once.rules().check_position(&again), Ok(()));
    assert!(always.rules().check_position(&again).is_err());
}

#[test]
fn allow_ends_in_occupied() {
    // A's two seeds end in C and B's three in E, which hold seeds; C's one
    // falls in the empty D; F's seven go round the board into A.
    let from = "2,3,1,0,1,7/4,4,4,4,4,4 6-4 S";
    assert_eq!(legal(rules(&[]), from), "ABCEF");
    let r = rules(&[("allow", "\"ends_in_occupied\"")]);
    assert_eq!(legal(r, from), "ABEF");
    assert_eq!(verdict(r, from, 'C'), Verdict::EndsInEmpty);
    assert_eq!(
        r.check_move(&position(from), mv('C'))
            .unwrap_err()
            .to_string(),
        "C cannot be played: its last seed would fall in an empty house"
    );
}

#[test]
fn singletons() {
    // C's last seed falls in the empty E, in the sower's own row: nothing
    // is captured there, but the single seeds in A, E and North's b are
    // taken after the move.
    let from = "1,0,2,1,0,4/4,1,4,4,4,4 10-9 S";
    let plain = rules(&[("counts", "[4]")]);
    assert_eq!(sow(plain, from, 'C').1.captured, 0);
    let single = rules(&[
        ("last_seed", "\"none\""),
        ("counts", "-"),
        ("singletons", "\"either\""),
    ]);
    let (after, effect) = sow(single, from, 'C');
    assert_eq!(effect.captured, 3, "A, E and b");
    assert_eq!(after.row(Side::South), &[0, 0, 0, 2, 0, 4]);
    assert_eq!(after.row(Side::North), &[4, 0, 4, 4, 4, 4]);
    // Only in its zone: the sower's own row.
    let own = rules(&[
        ("last_seed", "\"none\""),
        ("counts", "-"),
        ("singletons", "\"own\""),
    ]);
    assert_eq!(sow(own, from, 'C').1.captured, 2);
}

#[test]
fn random_start_empty_or_at_least() {
    let random = rules(&[
        ("seeds_per_house", "-"),
        ("start", "{ random = 48, empty_or_at_least = 4 }"),
    ]);
    assert!(random.rules().random_start());
    // Every deal holds the 48 seeds, each house none or 4 and more.
    let deals: Vec<_> = (0..20u64)
        .map(|seed| random.rules().start_drawn(&mut sow::rng::Rng::new(seed)))
        .collect();
    for deal in &deals {
        assert_eq!(deal.houses().iter().map(|&s| s as u32).sum::<u32>(), 48);
        assert!(deal.houses().iter().all(|&s| s == 0 || s >= 4), "{deal}");
    }
    assert!(
        deals.iter().any(|d| d.houses().contains(&0)),
        "some house is left empty"
    );
    assert!(deals.windows(2).any(|w| w[0] != w[1]));
}

#[test]
fn share_one() {
    // North's row is empty: South's move is a share, one seed of a house
    // holding two or more into North's first house, and South moves again.
    let from = "1,3,0,0,0,2/0,0,0,0,0,0 20-22 S";
    let r = rules(&[("share_one", "true")]);
    assert_eq!(legal(rules(&[]), from), "ABF");
    assert_eq!(legal(r, from), "BF");
    assert_eq!(verdict(r, from, 'A'), Verdict::TooFewToShare);
    let (after, effect) = sow(r, from, 'B');
    assert_eq!(after.to_string(), "1,2,0,0,0,2/1,0,0,0,0,0 20-22 S");
    assert!(effect.extra_turn);
    // With seeds across, a move sows as usual.
    let (after, effect) = sow(r, "1,3,0,0,0,2/1,0,0,0,0,0 20-21 S", 'B');
    assert_eq!(after.to_string(), "1,0,1,1,1,2/1,0,0,0,0,0 20-21 N");
    assert!(!effect.extra_turn);
}

#[test]
fn count_takes_opposite() {
    // F's two seeds make a and b hold 2: the chain takes b, then a. Each
    // house taken takes the house across (E across b, F across a) too.
    let from = "0,0,0,0,3,2/1,1,4,4,4,4 10-15 S";
    let chain = [("chain", "true")];
    let (_, plain) = sow(rules(&chain), from, 'F');
    assert_eq!(plain.captured, 4, "b and a");
    let (after, across) = sow(
        rules(&[
            ("chain", "true"),
            ("last_seed", "\"either\""),
            ("count_takes_opposite", "true"),
        ]),
        from,
        'F',
    );
    assert_eq!(
        across.captured, 7,
        "b, a and E across b (F, across a, is empty)"
    );
    assert_eq!(after.row(Side::South), &[0, 0, 0, 0, 0, 0]);
    assert_eq!(after.row(Side::North), &[0, 0, 4, 4, 4, 4]);
}

#[test]
fn a_match_to_extra_seeds_adds_up_the_seeds_each_round_is_won_by() {
    // F captures a's 2 and leaves North without a move: North wins the
    // round, 26 to 22, by 4 seeds.
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S";
    let five = play(with_rounds("extra_seeds = 5"), from, 'F');
    assert!(five.round_end().is_some() && !five.is_over());
    assert_eq!(five.history().last().unwrap().tally, [0, 4]);
    assert_eq!(five.position().to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N");
    // Four seeds are enough to win a match to 4.
    let four = play(with_rounds("extra_seeds = 4"), from, 'F');
    assert!(four.is_over());
    assert_eq!(four.outcome().unwrap().winner, Some(Side::North));
}

#[test]
fn relay_reverses() {
    // B's two seeds end in D, which then holds 2: the relay lifts them.
    let from = "0,2,0,1,0,0/4,4,4,4,4,4 10-11 S";
    let relay = [
        ("relay", "true"),
        ("relay_stops_on", "[1]"),
        ("last_seed", "\"none\""),
        ("counts", "-"),
    ];
    // On round: E and F, where the relay stops in the empty F.
    let (after, _) = sow(rules(&relay), from, 'B');
    assert_eq!(after.to_string(), "0,0,1,0,1,1/4,4,4,4,4,4 10-11 N");
    // Turned back: C and B, where it stops in B, emptied by the move.
    let mut back = relay.to_vec();
    back.push(("relay_reverses", "true"));
    let (after, _) = sow(rules(&back), from, 'B');
    assert_eq!(after.to_string(), "0,1,2,0,0,0/4,4,4,4,4,4 10-11 N");
}

#[test]
fn cross_needs_opponent_sown() {
    let cross = |sown: &str| {
        rules(&[
            ("last_seed", "\"none\""),
            ("counts", "-"),
            (
                "cross",
                &*format!(
                    "{{ zone = \"own\", take_sowing_seed = true, needs_opponent_sown = {sown} }}"
                ),
            ),
        ])
    };
    // A's seed falls alone in B; North's row is as it was.
    let from = "1,0,0,0,0,8/4,4,4,4,4,4 5-10 S";
    let (after, effect) = sow(cross("false"), from, 'A');
    assert_eq!(effect.captured, 5, "e across B, and the sowing seed");
    assert_eq!(after.to_move(), Side::North);
    let (after, effect) = sow(cross("true"), from, 'A');
    assert_eq!(effect.captured, 0);
    assert!(effect.moves_again);
    assert_eq!(after.to_string(), "0,1,0,0,0,8/4,4,4,4,4,4 5-10 S");
    // F's eight seeds sow North's row on their way to B: the capture stands.
    let (after, effect) = sow(cross("true"), from, 'F');
    assert_eq!(effect.captured, 6, "e's 5 and the sowing seed");
    assert_eq!(after.to_string(), "2,0,0,0,0,0/5,5,5,5,0,5 11-10 N");
}

#[test]
fn rounds_laid_out_evenly_by_the_loser() {
    // F captures a's 2 and leaves North without a move: South loses the
    // round with 22 seeds, North wins it with 26.
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S";
    let evenly = |min: &str| {
        variant(
            &format!("{BASE}[rounds]\nfill_from = \"loser_evenly\"\n"),
            &[("min_seeds", min)],
        )
    };
    // 3 in each of South's six houses, 4 left; North's row the same.
    let game = play(evenly("1"), from, 'F');
    assert_eq!(game.position().to_string(), "3,3,3,3,3,3/3,3,3,3,3,3 4-8 N");
    // Houses of 4 to move: F's four seeds leave North without a move, and
    // South loses with 22, too few for 4 in each house: South's first
    // house takes the rest instead.
    let game = play(evenly("4"), "0,0,0,0,0,4/0,0,0,0,0,0 22-22 S", 'F');
    assert_eq!(game.position().to_string(), "7,3,3,3,3,3/7,3,3,3,3,3 0-4 N");
    // A loser with fewer seeds than houses cannot lay a row out.
    let game = play(evenly("1"), "0,0,0,0,0,1/1,0,0,0,0,0 2-44 S", 'F');
    assert!(game.is_over());
    assert_eq!(game.outcome().unwrap().winner, Some(Side::North));
}

#[test]
fn chain_along_sowing() {
    // F's seed makes a hold 2; after a, along the sowing, b and c hold 2
    // and 3, and d 4.
    let from = "0,0,0,0,0,1/1,2,3,4,4,4 15-14 S";
    let (_, back) = sow(rules(&[("chain", "true")]), from, 'F');
    assert_eq!(back.captured, 2, "a alone: F, before it, is South's");
    let along = rules(&[("chain", "true"), ("chain_along_sowing", "true")]);
    let (after, effect) = sow(along, from, 'F');
    assert_eq!(effect.captured, 7, "a, b and c");
    assert_eq!(after.row(Side::North), &[0, 0, 0, 4, 4, 4]);
}

#[test]
fn from_played_only() {
    let r = rules(&[
        ("chain", "true"),
        ("chain_along_sowing", "true"),
        ("from_played_only", "true"),
    ]);
    // a has never been played from: nothing is captured, and F is played.
    let (after, effect) = sow(r, "0,0,0,0,0,1/1,2,3,4,4,4 15-14 S", 'F');
    assert_eq!(effect.captured, 0);
    assert_eq!(after.played_houses(), 1 << 5);
    // a and b have: the chain stops at c, never played.
    let (_, effect) = sow(
        r,
        "0,0,0,0,0,1/1,2,3,4,4,4 15-14 S played:......xx....",
        'F',
    );
    assert_eq!(effect.captured, 4, "a and b");
}

#[test]
fn relay_needs_opponent_row() {
    let relay = [("relay", "true"), ("relay_stops_on", "[1]")];
    let visit = [
        ("relay", "true"),
        ("relay_stops_on", "[1]"),
        ("relay_needs_opponent_row", "true"),
    ];
    // A's two seeds stay in South's row, the last making C hold 4.
    let from = "2,0,3,0,0,0/4,4,4,4,4,4 19-0 S";
    let (relayed, _) = sow(rules(&relay), from, 'A');
    assert_ne!(relayed.row(Side::North), &[4; 6], "C's four are relayed on");
    let (after, _) = sow(rules(&visit), from, 'A');
    assert_eq!(after.to_string(), "0,1,4,0,0,0/4,4,4,4,4,4 19-0 N");
    // E's three reach North's row: the relay goes on from b's five, and
    // ends at A's single seed.
    let (after, _) = sow(rules(&visit), "0,0,0,0,3,0/3,4,4,4,4,4 22-0 S", 'E');
    assert_eq!(after.to_string(), "1,0,0,0,0,1/4,0,5,5,5,5 22-0 N");
}

#[test]
fn children_not_by_single_seed() {
    let single = "made_at = 3\nzone = \"opponent\"\nnot_by_single_seed = true";
    // F's one seed makes a hold 3: no child, and a's three are captured.
    let (after, effect) = sow(
        with_children(single, &[]),
        "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S",
        'F',
    );
    assert_eq!(after.child_of(6), None);
    assert_eq!(effect.captured, 3);
    // E's two seeds make it.
    let (after, _) = sow(
        with_children(single, &[]),
        "0,0,0,0,2,0/2,4,4,4,4,4 13-11 S",
        'E',
    );
    assert_eq!(after.child_of(6), Some(Side::South));
    // The last lap's handful counts: D's single seed makes E hold 2, whose
    // two seeds, relayed, make a hold 3.
    let relay = [("relay", "true"), ("relay_stops_on", "[1]")];
    let (after, _) = sow(
        with_children(single, &relay),
        "0,0,0,1,1,0/2,4,4,4,4,4 13-11 S",
        'D',
    );
    assert_eq!(after.child_of(6), Some(Side::South));
}

#[test]
fn starter_waits() {
    let waits = rules(&[("starter_waits", "true")]);
    assert_eq!(
        waits.rules().start().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S waiting:S"
    );
    // F's seed makes a hold 3, but South waits: nothing is captured.
    let from = "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S";
    let (after, effect) = sow(waits, &format!("{from} waiting:S"), 'F');
    assert_eq!(effect.captured, 0);
    assert_eq!(
        after.to_string(),
        "0,0,0,0,0,0/3,4,4,4,4,4 13-12 N waiting:S"
    );
    // Without the wait it captures.
    assert_eq!(sow(waits, from, 'F').1.captured, 3);
    // North's capture ends South's wait.
    let (after, effect) = sow(waits, "2,4,4,4,4,4/0,0,0,0,0,1 12-13 N waiting:S", 'f');
    assert_eq!(effect.captured, 3);
    assert_eq!(after.get(WAITING), None);
    // Only these rules keep anyone waiting.
    assert!(
        rules(&[])
            .rules()
            .check_position(&position("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S waiting:S"))
            .is_err()
    );
}

#[test]
fn rounds_shortened_to_the_losers_row() {
    let shortened =
        with_rounds("fill_from = \"shortened\"\nunfilled_blocked = true\nchildren_need_houses = 5");
    // South loses the round with 22: five houses of 4 from her left, the
    // 2 left over in F; North's row the same from the houses opposite,
    // and North's 26 less 22 in his store.
    let game = play(shortened, "0,0,0,0,0,1/1,0,0,0,0,0 20-26 S", 'F');
    assert_eq!(game.position().to_string(), "4,4,4,4,4,2/2,4,4,4,4,4 0-4 N");
    // North loses with 16: four houses from his left, South's opposite
    // them; the round is shortened to fewer than five houses, so no child
    // is made in it.
    let game = play(shortened, "0,0,0,0,0,1/1,0,0,0,0,0 30-16 S", 'F');
    assert_eq!(
        game.position().to_string(),
        "0,0,4,4,4,4/4,4,4,4,0,0 16-0 N no_children blocked:xx........xx"
    );
    let children = variant(
        &format!(
            "{BASE}[children]\nmade_at = 3\nzone = \"opponent\"\n[rounds]\nfill_from = \"shortened\"\nchildren_need_houses = 4\n"
        ),
        &[],
    );
    let (after, effect) = sow(children, "0,0,0,0,0,1/2,4,4,4,4,4 13-12 S no_children", 'F');
    assert_eq!(after.child_of(6), None);
    assert_eq!(effect.captured, 3, "a is captured instead");
    assert!(
        rules(&[])
            .rules()
            .check_position(&position("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S no_children"))
            .is_err()
    );
}

#[test]
fn seeds_left_before_majority() {
    // F's seed makes a hold 2, captured: South's store reaches 25 of 48
    // and the board keeps 7 seeds, all North's.
    let from = "0,0,0,0,0,1/1,3,2,2,0,0 23-16 S";
    let majority = play(rules(&[("majority", "25")]), from, 'F');
    assert_eq!(
        majority.outcome().map(|o| o.reason),
        Some(EndReason::Majority)
    );
    assert_eq!(
        majority.position().stores(),
        [25, 16],
        "the board keeps its seeds"
    );
    let both = play(
        rules(&[
            ("majority", "25"),
            (
                "seeds_left",
                "{ at_most = 8, taken_by = \"each_own\", before_majority = true }",
            ),
        ]),
        from,
        'F',
    );
    assert_eq!(
        both.outcome().map(|o| o.reason),
        Some(EndReason::SeedsLeft(8))
    );
    assert_eq!(
        both.position().stores(),
        [25, 23],
        "North takes its own seven"
    );
    assert_eq!(both.outcome().and_then(|o| o.winner), Some(Side::South));
    // By default the majority is judged first.
    let after = play(
        rules(&[
            ("majority", "25"),
            ("seeds_left", "{ at_most = 8, taken_by = \"each_own\" }"),
        ]),
        from,
        'F',
    );
    assert_eq!(after.outcome().map(|o| o.reason), Some(EndReason::Majority));
    assert_eq!(after.position().stores(), [25, 16]);
}
