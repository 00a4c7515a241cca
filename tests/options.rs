//! Every variant option, shown to matter: two variants that differ in that
//! option alone play the same move from the same position, and the results
//! differ exactly as the option says they should.

use sow::{EndReason, Engine, Game, Rules, Side, Verdict};
use std::sync::Arc;

use crate::common::one_option::{legal, play, position, sow, variant, verdict};

/// A plain two-row game with every key present; optional keys are commented
/// out and come alive when a test sets them.
const BASE: &str = r#"
[variant]
name = "base"
[board]
houses_per_side = 6
seeds_per_house = 4
[sowing]
direction = "counter-clockwise"
skip_origin = true
relay = false
# relay_stops_on = [1]
# into_stores = "own"
[play]
min_seeds = 1
single_seed_rule = false
must_feed = false
pass_when_empty = false
[capture]
counts = [2, 3]
last_seed = "opponent"
while_sowing = "none"
chain = false
grand_slam = "capture"
# cross = { zone = "own", take_sowing_seed = true }
[turn]
extra_turn = "never"
[end]
# majority = 25
even_split_draw = false
no_move = "each_own"
# repetition = "each_own"
# seeds_left = { at_most = 4, taken_by = "last_capturer" }
# either_row_empty = "each_own_in_place"
ply_limit = { plies = 1000, taken_by = "each_own" }   # every variant states what ends its games
"#;

fn rules(edits: &[(&str, &str)]) -> &'static Arc<Engine> {
    variant(BASE, edits)
}

#[test]
fn board_size_and_seeds() {
    let small = rules(&[("houses_per_side", "4"), ("seeds_per_house", "3")]);
    assert_eq!(small.rules().start().houses(), &[3; 8]);
    assert_eq!(rules(&[]).rules().start().houses(), &[4; 12]);
}

#[test]
fn direction() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let (ccw, _) = sow(rules(&[]), start, 'C');
    assert_eq!(ccw.to_string(), "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N");
    let (cw, _) = sow(rules(&[("direction", "\"clockwise\"")]), start, 'C');
    assert_eq!(cw.to_string(), "5,5,0,4,4,4/4,4,4,4,5,5 0-0 N");
}

#[test]
fn skip_origin() {
    let from = "12,0,0,0,0,0/0,0,0,0,0,0 18-18 S";
    let (skip, effect) = sow(rules(&[]), from, 'A');
    assert_eq!(skip.houses(), &[0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(effect.last, 1);
    let (no_skip, effect) = sow(rules(&[("skip_origin", "false")]), from, 'A');
    assert_eq!(no_skip.houses(), &[1; 12]);
    assert_eq!(effect.last, 0);
}

#[test]
fn relay() {
    let from = "1,2,0,0,0,0/4,4,4,4,4,4 10-11 S";
    let (plain, _) = sow(rules(&[]), from, 'A');
    assert_eq!(plain.row(Side::South), &[0, 3, 0, 0, 0, 0]);
    // With relay, B's 3 are lifted and sown on; E was empty (now 1): stop.
    let relay = rules(&[("relay", "true"), ("relay_stops_on", "[1]")]);
    let (relayed, effect) = sow(relay, from, 'A');
    assert_eq!(relayed.row(Side::South), &[0, 0, 1, 1, 1, 0]);
    assert_eq!(effect.last, 4);
}

#[test]
fn relay_stops_on() {
    let from = "1,2,0,0,0,0/4,4,4,4,4,4 10-11 S";
    let stops_on_3 = rules(&[("relay", "true"), ("relay_stops_on", "[1, 3]")]);
    let (stopped, effect) = sow(stops_on_3, from, 'A');
    assert_eq!(stopped.row(Side::South), &[0, 3, 0, 0, 0, 0]);
    assert_eq!(effect.last, 1);
}

#[test]
fn min_seeds() {
    let from = "1,4,4,4,4,7/4,4,4,4,4,4 0-0 S";
    assert_eq!(legal(rules(&[]), from), "ABCDEF");
    let two = rules(&[("min_seeds", "2")]);
    assert_eq!(legal(two, from), "BCDEF");
    assert_eq!(
        verdict(two, from, 'A'),
        Verdict::TooFewSeeds { seeds: 1, min: 2 }
    );
}

#[test]
fn single_seed_rule() {
    let from = "1,4,4,4,4,7/4,4,4,4,4,4 0-0 S";
    let ouri_like = rules(&[("single_seed_rule", "true")]);
    assert_eq!(legal(ouri_like, from), "BCDEF");
    assert_eq!(verdict(ouri_like, from, 'A'), Verdict::SingleSeed);
    // Only single seeds left: they may move.
    assert_eq!(legal(ouri_like, "1,0,0,1,0,0/4,4,4,4,4,4 10-12 S"), "AD");
}

#[test]
fn must_feed() {
    let from = "0,0,0,0,1,3/0,0,0,0,0,0 22-22 S";
    assert_eq!(legal(rules(&[]), from), "EF");
    let feeding = rules(&[("must_feed", "true")]);
    assert_eq!(legal(feeding, from), "F");
    assert_eq!(verdict(feeding, from, 'E'), Verdict::DoesNotFeed);
}

#[test]
fn pass_when_empty() {
    // F takes North's last two seeds; South still has E.
    let from = "0,0,0,0,2,1/1,0,0,0,0,0 22-22 S";
    let ends = play(rules(&[]), from, 'F');
    assert_eq!(ends.outcome().map(|o| o.reason), Some(EndReason::NoMove));
    let passes = play(rules(&[("pass_when_empty", "true")]), from, 'F');
    assert!(!passes.is_over());
    assert_eq!(passes.position().to_move(), Side::South, "North passed");
}

#[test]
fn counts() {
    let from = "0,0,0,0,0,1/2,4,4,4,4,4 12-13 S";
    let (_, two_three) = sow(rules(&[]), from, 'F');
    assert_eq!(two_three.captured, 3);
    let (_, two_only) = sow(rules(&[("counts", "[2]")]), from, 'F');
    assert_eq!(two_only.captured, 0);
}

#[test]
fn last_seed_zone() {
    let from = "1,1,0,0,0,0/4,4,4,4,4,4 12-10 S";
    let (_, opponent) = sow(rules(&[]), from, 'A');
    assert_eq!(opponent.captured, 0, "B is South's own house");
    let (after, either) = sow(rules(&[("last_seed", "\"either\"")]), from, 'A');
    assert_eq!(either.captured, 2);
    assert_eq!(after.store(Side::South), 14);
    let (_, own) = sow(rules(&[("last_seed", "\"own\"")]), from, 'A');
    assert_eq!(own.captured, 2);
}

#[test]
fn while_sowing_zone() {
    // F's first seed makes a hold 2; the last falls in the empty b.
    let from = "0,0,0,0,0,2/1,0,4,4,4,4 14-15 S";
    let (_, none) = sow(rules(&[]), from, 'F');
    assert_eq!(none.captured, 0);
    let (after, opponent) = sow(rules(&[("while_sowing", "\"opponent\"")]), from, 'F');
    assert_eq!(opponent.captured, 2);
    assert_eq!(after.row(Side::North), &[0, 1, 4, 4, 4, 4]);
}

#[test]
fn chain() {
    let from = "0,0,0,0,0,2/1,1,4,4,4,4 14-14 S";
    let (_, single) = sow(rules(&[]), from, 'F');
    assert_eq!(single.captured, 2);
    let (after, chained) = sow(rules(&[("chain", "true")]), from, 'F');
    assert_eq!(chained.captured, 4);
    assert_eq!(after.row(Side::North), &[0, 0, 4, 4, 4, 4]);
}

#[test]
fn grand_slam_policies() {
    // F makes a hold 2: every seed North has. E's three seeds end in the
    // empty b and capture nothing.
    let from = "0,0,0,0,3,1/1,0,0,0,0,0 22-21 S";
    let (captured, effect) = sow(rules(&[]), from, 'F');
    assert!(effect.grand_slam);
    assert_eq!(
        (captured.stores(), captured.to_move()),
        ([24, 21], Side::North)
    );

    let (kept, effect) = sow(rules(&[("grand_slam", "\"no_capture\"")]), from, 'F');
    assert!(effect.grand_slam && effect.captured == 0);
    assert_eq!(kept.to_string(), "0,0,0,0,3,0/2,0,0,0,0,0 22-21 N");

    let forbidden = rules(&[("grand_slam", "\"forbidden\"")]);
    assert_eq!(verdict(forbidden, from, 'F'), Verdict::GrandSlamForbidden);
    assert_eq!(legal(forbidden, from), "E");

    let feed = rules(&[("grand_slam", "\"capture_then_feed\"")]);
    let game = play(feed, from, 'F');
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,3,0/0,0,0,0,0,0 24-21 S feed"
    );
    assert_eq!(
        game.legal_moves()
            .iter()
            .map(|m| m.label())
            .collect::<String>(),
        "E"
    );
    // With one seed in E, nothing can feed: the game ends (R2).
    let game = play(feed, "0,0,0,0,1,1/1,0,0,0,0,0 22-23 S", 'F');
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::CannotFeedAfterSlam)
    );
    assert_eq!(
        game.position().stores(),
        [25, 23],
        "the capturer takes their own row"
    );
}

#[test]
fn majority() {
    let from = "0,0,0,0,0,1/2,4,4,4,4,3 22-4 S";
    let open = play(rules(&[]), from, 'F');
    assert!(!open.is_over());
    let game = play(rules(&[("majority", "25")]), from, 'F');
    let outcome = game.outcome().expect("25 ends the game");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Majority, Some(Side::South))
    );
    assert_eq!(
        game.position().seeds_on_board(),
        19,
        "board seeds stay (R5)"
    );
}

#[test]
fn even_split_draw() {
    let from = "0,0,0,0,0,1/1,0,0,0,0,0 22-24 S";
    let no_move = play(rules(&[]), from, 'F');
    assert_eq!(no_move.outcome().map(|o| o.reason), Some(EndReason::NoMove));
    let split = play(rules(&[("even_split_draw", "true")]), from, 'F');
    let outcome = split.outcome().unwrap();
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Majority, None)
    );
}

#[test]
fn no_move_collection() {
    let from = "0,0,0,0,0,0/1,2,0,0,0,0 22-23 S";
    let each_own = Game::from_position(rules(&[]), position(from)).unwrap();
    assert_eq!(each_own.position().stores(), [22, 26]);
    let nobody_rules = rules(&[("no_move", "\"nobody\"")]);
    let nobody = Game::from_position(nobody_rules, position(from)).unwrap();
    assert_eq!(nobody.position().stores(), [22, 23]);
    assert_eq!(nobody.outcome().map(|o| o.reason), Some(EndReason::NoMove));
}

#[test]
fn repetition() {
    // One house a side, one seed each, no captures: A then a returns to the start.
    let tiny = [
        ("houses_per_side", "1"),
        ("seeds_per_house", "1"),
        ("skip_origin", "false"),
        ("counts", "[]"),
        ("last_seed", "\"none\""),
        ("ply_limit", "{ plies = 10, taken_by = \"each_own\" }"),
    ];
    let without = rules(&tiny);
    let mut with_edits = tiny.to_vec();
    with_edits.push(("repetition", "\"each_own\""));
    let with = rules(&with_edits);
    let run = |engine: &Arc<Engine>| {
        let mut game = Game::new(engine);
        while !game.is_over() {
            let next = game.legal_moves().get(0).unwrap();
            game.play(next, &mut ()).unwrap();
        }
        (game.outcome().unwrap().reason, game.plies())
    };
    assert_eq!(run(with), (EndReason::Repetition, 2));
    assert_eq!(run(without), (EndReason::PlyLimit, 10));
}

#[test]
fn seeds_left() {
    let from = "0,0,0,0,0,1/2,1,1,0,0,0 22-21 S";
    let open = play(rules(&[]), from, 'F');
    assert!(!open.is_over());
    let few = rules(&[(
        "seeds_left",
        "{ at_most = 4, taken_by = \"last_capturer\" }",
    )]);
    let game = play(few, from, 'F');
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::SeedsLeft(4))
    );
    assert_eq!(
        game.position().stores(),
        [27, 21],
        "South captured last and takes the 2 left"
    );
}

#[test]
fn ply_limit() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    assert!(!play(rules(&[]), start, 'A').is_over());
    let limited = rules(&[("ply_limit", "{ plies = 1, taken_by = \"each_own\" }")]);
    let game = play(limited, start, 'A');
    assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::PlyLimit));
    assert_eq!(
        game.position().stores(),
        [24, 24],
        "each side takes its own row"
    );
}

#[test]
fn into_stores() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let (plain, _) = sow(rules(&[]), start, 'F');
    assert_eq!(plain.row(Side::North), &[5, 5, 5, 5, 4, 4]);
    assert_eq!(plain.stores(), [0, 0]);
    let (own, _) = sow(rules(&[("into_stores", "\"own\"")]), start, 'F');
    assert_eq!(own.row(Side::North), &[5, 5, 5, 4, 4, 4]);
    assert_eq!(own.stores(), [1, 0], "South's store takes the first seed");
    // North's sowing passes over South's store, which it does not own.
    let from = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N";
    let (north, _) = sow(rules(&[("into_stores", "\"own\"")]), from, 'f');
    assert_eq!(north.stores(), [0, 1]);
    assert_eq!(north.row(Side::South), &[5, 5, 5, 4, 4, 4]);
    let (both, _) = sow(
        rules(&[("into_stores", "\"both\"")]),
        "0,0,0,0,0,0/0,0,0,0,0,9 20-19 N",
        'f',
    );
    assert_eq!(
        both.stores(),
        [21, 20],
        "North's store, then South's row, then South's store"
    );
    assert_eq!(both.row(Side::South), &[1, 1, 1, 1, 1, 1]);
    assert_eq!(both.row(Side::North)[0], 1);
}

#[test]
fn extra_turn() {
    let stores = ("into_stores", "\"own\"");
    // Four seeds from C: D, E, F, and the last in South's store.
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    let (once, effect) = sow(rules(&[stores]), start, 'C');
    assert_eq!((once.to_move(), effect.extra_turn), (Side::North, false));
    let again = rules(&[stores, ("extra_turn", "\"last_seed_in_own_store\"")]);
    let (twice, effect) = sow(again, start, 'C');
    assert_eq!((twice.to_move(), effect.extra_turn), (Side::South, true));
    assert_eq!(twice.stores(), [1, 0]);
    // A last seed anywhere else hands the turn over.
    let (other, _) = sow(again, start, 'D');
    assert_eq!(other.to_move(), Side::North);
}

#[test]
fn cross_capture() {
    // A's one seed falls in B, empty; e, opposite B, holds 4.
    let from = "1,0,4,4,4,4/4,4,4,4,4,3 0-0 S";
    let (plain, effect) = sow(rules(&[]), from, 'A');
    assert_eq!((plain.at(1), plain.at(10), effect.captured), (1, 4, 0));
    let (both, effect) = sow(
        rules(&[("cross", "{ zone = \"own\", take_sowing_seed = true }")]),
        from,
        'A',
    );
    assert_eq!((both.at(1), both.at(10), effect.captured), (0, 0, 5));
    assert_eq!(both.stores(), [5, 0]);
    let (opposite_only, effect) = sow(
        rules(&[("cross", "{ zone = \"own\", take_sowing_seed = false }")]),
        from,
        'A',
    );
    assert_eq!(
        (opposite_only.at(1), opposite_only.at(10), effect.captured),
        (1, 0, 4)
    );
    // An empty house opposite captures nothing.
    let (nothing, effect) = sow(
        rules(&[("cross", "{ zone = \"own\", take_sowing_seed = true }")]),
        "1,0,4,4,4,4/4,4,4,4,0,7 0-0 S",
        'A',
    );
    assert_eq!((nothing.at(1), effect.captured), (1, 0));
}

#[test]
fn either_row_empty_and_counting_in_place() {
    // North's last seed leaves North's row empty.
    let from = "4,0,0,0,0,0/0,0,0,0,0,1 20-23 N";
    assert!(!play(rules(&[]), from, 'f').is_over());
    let in_place = play(
        rules(&[("either_row_empty", "\"each_own_in_place\"")]),
        from,
        'f',
    );
    let outcome = in_place.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::EmptyRow);
    assert_eq!(
        in_place.position().stores(),
        [20, 23],
        "the seeds stay on the board"
    );
    assert_eq!(in_place.position().row(Side::South), &[5, 0, 0, 0, 0, 0]);
    assert_eq!(
        (outcome.score, outcome.winner),
        ([25, 23], Some(Side::South))
    );
    let collected = play(rules(&[("either_row_empty", "\"each_own\"")]), from, 'f');
    assert_eq!(
        collected.position().stores(),
        [25, 23],
        "each takes their own row"
    );
    assert_eq!(collected.outcome().unwrap().winner, Some(Side::South));
}

/// A variant that captures nothing may leave out `[capture]`: the file
/// compiles to the same rules as with an empty table, and plays the same.
#[test]
fn a_variant_without_a_capture_table_captures_nothing() {
    let with = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/mancalagames/nocapt.toml"),
    )
    .unwrap()
    .replace("name = \"mg-nocapt\"", "name = \"nocapt-copy\"");
    assert!(with.contains("[capture]\n"));
    let without = with.replace("[capture]\n", "");
    let with = Rules::from_toml(&with, "with.toml").unwrap();
    let without = Rules::from_toml(&without, "without.toml").expect("[capture] is optional");
    assert_eq!(
        sow::sheet::rule_sheet(&with),
        sow::sheet::rule_sheet(&without)
    );
    assert!(sow::sheet::rule_sheet(&without).contains("Nothing is ever captured."));
    let (with, without) = (Engine::new(with), Engine::new(without));
    let (mut one, mut two) = (Game::new(&with), Game::new(&without));
    let mut rng = sow::rng::Rng::new(7);
    while !one.is_over() {
        let mv = sow::players::random_move(&one, &mut rng);
        let first = one.play(mv, &mut ()).unwrap();
        assert_eq!(first.captured, 0);
        assert_eq!(first, two.play(mv, &mut ()).unwrap());
        assert_eq!(one.position(), two.position());
    }
    assert!(two.is_over());
}

#[test]
fn cross_capture_behind_an_empty_house_opposite() {
    // Four rows of four: South's B4 sows its one seed into A4, her front
    // row's right end, empty; across it lies North's a1, behind it b1.
    let text = |cross: &str| {
        format!(
            "[variant]\nname = \"four\"\n[board]\nrows = 4\nhouses_per_row = 4\nseeds_per_house = 2\n\
             [sowing]\ndirection = \"counter-clockwise\"\n[capture]\ncross = {cross}\n\
             [end]\ngoal = \"immobilize\"\nply_limit = {{ plies = 100, taken_by = \"each_own\" }}\n"
        )
    };
    let engine = |cross: &str| {
        Engine::new(Rules::from_toml(&text(cross), "four.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let past =
        engine("{ zone = \"own\", from_front_row = true, behind_when_opposite_empty = true }");
    let plain = engine("{ zone = \"own\", from_front_row = true }");
    let b4 = sow::notation::parse_move("B4").expect("a move").0;
    let after = |engine: &Arc<Engine>, from: &str| {
        let mut p = position(from);
        let effect = engine
            .play(&mut p, b4, &mut ())
            .unwrap_or_else(|e| panic!("{e}"));
        (p.to_string(), effect.captured)
    };
    // a1 empty, b1 holding 3: taken past the empty house; the plain cross
    // capture finds a1 empty and takes nothing.
    let empty_opposite = "0,0,0,0/0,0,0,1/0,2,2,2/3,2,2,2 0-0 S";
    assert_eq!(
        after(&past, empty_opposite),
        ("0,0,0,1/0,0,0,0/0,2,2,2/0,2,2,2 3-0 N".to_string(), 3)
    );
    assert_eq!(after(&plain, empty_opposite).1, 0);
    // a1 holding seeds: nothing is taken past it (the plain capture takes a1).
    let held_opposite = "0,0,0,0/0,0,0,1/2,2,2,2/3,2,2,2 0-0 S";
    assert_eq!(after(&past, held_opposite).1, 0);
    assert_eq!(after(&plain, held_opposite).1, 2);
    // Two rows have no house behind: refused where it is written.
    let two_rows = text("{ zone = \"own\", behind_when_opposite_empty = true }")
        .replace("rows = 4\n", "")
        .replace("houses_per_row = 4", "houses_per_side = 4");
    let error = Rules::from_toml(&two_rows, "two.toml")
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("behind_when_opposite_empty") && error.contains("rows = 4"),
        "{error}"
    );
}

/// A game's legal moves, as the notation writes them.
fn game_moves(game: &Game) -> Vec<String> {
    game.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// Plays the move written `mv`; the position after it.
fn play_written(game: &mut Game, mv: &str) -> Result<String, sow::IllegalMove> {
    let mv = sow::notation::parse_move(mv).expect("a move").0;
    game.play(mv, &mut ()).map(|_| game.position().to_string())
}

#[test]
fn direction_by_own_second_move() {
    // Four rows of four, two seeds a house, sown clockwise until each
    // player chooses their own way on their second move.
    let text = |by: &str| {
        format!(
            "[variant]\nname = \"four\"\n[board]\nrows = 4\nhouses_per_row = 4\nseeds_per_house = 2\n\
             [sowing]\ndirection = \"clockwise\"\n{by}\
             [end]\ngoal = \"immobilize\"\nply_limit = {{ plies = 100, taken_by = \"each_own\" }}\n"
        )
    };
    let engine = Engine::new(
        Rules::from_toml(&text("direction_by = \"own_second_move\"\n"), "four.toml")
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut game = Game::new(&engine);
    let moves = game_moves;
    let play = |game: &mut Game, mv: &str| play_written(game, mv).unwrap_or_else(|e| panic!("{e}"));
    // Each player's first move: every house, the board's way, clockwise
    // (South's B1 into her A1 and A2).
    assert_eq!(moves(&game).len(), 8);
    assert!(moves(&game).iter().all(|m| !m.ends_with(['<', '>'])));
    assert_eq!(
        play(&mut game, "B1"),
        "3,3,2,2/0,2,2,2/2,2,2,2/2,2,2,2 0-0 N own_ways:21"
    );
    assert!(moves(&game).iter().all(|m| !m.ends_with(['<', '>'])));
    assert_eq!(
        play(&mut game, "b1"),
        "3,3,2,2/0,2,2,2/3,3,2,2/0,2,2,2 0-0 S own_ways:22"
    );
    // South's second move chooses its way from any house; a bare label is
    // refused.
    assert_eq!(moves(&game).len(), 14);
    assert!(moves(&game).contains(&"B2>".to_string()) && moves(&game).contains(&"B2<".to_string()));
    let bare = sow::notation::parse_move("B2").expect("a move").0;
    assert!(!game.legal_moves().contains(bare));
    // Counter-clockwise from B2: B3 and B4.
    assert_eq!(
        play(&mut game, "B2>"),
        "3,3,2,2/0,0,3,3/3,3,2,2/0,2,2,2 0-0 N own_ways:>2"
    );
    // North chooses clockwise (b2 into b1 and a1); from then on each sows
    // their own way, with bare labels: South's B3 counter-clockwise into
    // B4, A4 and A3.
    play(&mut game, "b2<");
    assert!(game.position().to_string().ends_with("own_ways:><"));
    assert!(moves(&game).iter().all(|m| !m.ends_with(['<', '>'])));
    assert_eq!(
        play(&mut game, "B3"),
        "3,3,3,3/0,0,0,4/4,3,2,2/1,0,2,2 0-0 N own_ways:><"
    );
    // Refused beside direction_chosen_in, and on its own it needs no
    // counter-clockwise board.
    let both = text("direction_by = \"own_second_move\"\ndirection_chosen_in = [1]\n");
    let error = Rules::from_toml(&both, "both.toml")
        .expect_err("refused")
        .to_string();
    assert!(error.contains("direction_chosen_in"), "{error}");
}

#[test]
fn direction_by_own_first_move() {
    // Four rows of four, two seeds a house: each player's first move
    // chooses its way from any house, the way they sow from then on.
    let text = |by: &str| {
        format!(
            "[variant]\nname = \"four\"\n[board]\nrows = 4\nhouses_per_row = 4\nseeds_per_house = 2\n\
             [sowing]\n{by}\
             [end]\ngoal = \"immobilize\"\nply_limit = {{ plies = 100, taken_by = \"each_own\" }}\n"
        )
    };
    let engine = Engine::new(
        Rules::from_toml(&text("direction_by = \"own_first_move\"\n"), "four.toml")
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut game = Game::new(&engine);
    let moves = game_moves;
    let play = |game: &mut Game, mv: &str| play_written(game, mv).unwrap_or_else(|e| panic!("{e}"));
    // Every house, each way; a bare label is refused.
    assert_eq!(moves(&game).len(), 16);
    assert!(moves(&game).iter().all(|m| m.ends_with(['<', '>'])));
    let bare = sow::notation::parse_move("B1").expect("a move").0;
    assert!(!game.legal_moves().contains(bare));
    // South's B1 counter-clockwise into B2 and B3; North's b1 clockwise
    // into a1 and a2.
    assert_eq!(
        play(&mut game, "B1>"),
        "2,2,2,2/0,3,3,2/2,2,2,2/2,2,2,2 0-0 N own_ways:>1"
    );
    assert_eq!(moves(&game).len(), 16);
    assert_eq!(
        play(&mut game, "b1<"),
        "2,2,2,2/0,3,3,2/3,3,2,2/0,2,2,2 0-0 S own_ways:><"
    );
    // From then on each sows their own way, with bare labels: South's B2
    // counter-clockwise into B3, B4 and A4.
    assert!(moves(&game).iter().all(|m| !m.ends_with(['<', '>'])));
    assert_eq!(
        play(&mut game, "B2"),
        "2,2,2,3/0,0,4,3/3,3,2,2/0,2,2,2 0-0 N own_ways:><"
    );
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(sheet.contains("the way your first sowing chose"), "{sheet}");
    // Refused beside direction_chosen_in.
    let both = text("direction_by = \"own_first_move\"\ndirection_chosen_in = [1]\n");
    let error = Rules::from_toml(&both, "both.toml")
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("own_first_move") && error.contains("direction_chosen_in"),
        "{error}"
    );
}

#[test]
fn opening_takes() {
    // Four rows of four, two seeds a house: the two opening moves each
    // take three of the opponent's houses, of the mover's choosing, into
    // the mover's store, sowing nothing.
    let text = |play: &str| {
        format!(
            "[variant]\nname = \"four\"\n[board]\nrows = 4\nhouses_per_row = 4\nseeds_per_house = 2\n\
             [play]\n{play}[sowing]\nrelay = true\n[capture]\n\
             cross = {{ zone = \"own\", from_front_row = true, and_behind = true }}\n\
             [end]\ngoal = \"immobilize\"\nply_limit = {{ plies = 100, taken_by = \"each_own\" }}\n"
        )
    };
    let engine = Engine::new(
        Rules::from_toml(&text("opening_moves = 2\nopening_takes = 3\n"), "four.toml")
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut game = Game::new(&engine);
    let moves = game_moves;
    let play = play_written;
    // South takes any three of North's eight houses: 56 moves, none sows.
    assert_eq!(
        game.position().to_string(),
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 0-0 S opening:2"
    );
    assert_eq!(moves(&game).len(), 56);
    assert!(
        moves(&game)
            .iter()
            .all(|m| m.starts_with('+') && m.matches('+').count() == 3)
    );
    let error = play(&mut game, "B1")
        .expect_err("a sowing is refused")
        .to_string();
    assert!(error.contains("taken first"), "{error}");
    assert_eq!(
        play(&mut game, "+a1+a2+b4").expect("legal"),
        "2,2,2,2/2,2,2,2/0,0,2,2/2,2,2,0 6-0 N opening:1"
    );
    // North takes from South's houses, then the game sows.
    assert!(
        moves(&game)
            .iter()
            .all(|m| m.chars().nth(1).is_some_and(|c| c.is_ascii_uppercase()))
    );
    assert_eq!(
        play(&mut game, "+A1+B1+B2").expect("legal"),
        "0,2,2,2/0,0,2,2/0,0,2,2/2,2,2,0 6-6 S"
    );
    assert!(moves(&game).iter().all(|m| !m.contains('+')));
    // Where fewer houses hold seeds, every one is taken.
    let mut p = position("0,0,0,0/0,0,0,1/0,0,0,0/3,0,0,4 0-0 S opening:2");
    let listed: Vec<String> = engine
        .legal_moves(&p)
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(listed, ["+b1+b4"]);
    let mv = sow::notation::parse_move("+b1+b4").expect("a move").0;
    engine
        .play(&mut p, mv, &mut ())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        p.to_string(),
        "0,0,0,0/0,0,0,1/0,0,0,0/0,0,0,0 7-0 N opening:1"
    );
    // Refused without opening moves, and beside opening_from.
    for (play, key) in [
        ("opening_takes = 3\n", "opening_takes"),
        (
            "opening_moves = 2\nopening_takes = 3\nopening_from = \"front_row\"\n",
            "opening_from",
        ),
        ("opening_moves = 2\nopening_takes = 5\n", "opening_takes"),
    ] {
        let error = Rules::from_toml(&text(play), "four.toml")
            .expect_err("refused")
            .to_string();
        assert!(error.contains(key), "{error}");
    }
}

#[test]
fn captured_seeds_sown_on() {
    // Four rows of four: South's B4 sows its one seed into A4, empty; the
    // capture takes a1 and b1 behind it, three seeds, which South sows on
    // from A3 (the next house of her way round) instead of keeping them.
    let text = |extra: &str| {
        format!(
            "[variant]\nname = \"four\"\n[board]\nrows = 4\nhouses_per_row = 4\nseeds_per_house = 2\n\
             [sowing]\ndirection = \"counter-clockwise\"\n[capture]\n\
             cross = {{ zone = \"own\", from_front_row = true, and_behind = true }}\n{extra}\
             [end]\ngoal = \"immobilize\"\nply_limit = {{ plies = 100, taken_by = \"each_own\" }}\n"
        )
    };
    let engine = |extra: &str| {
        Engine::new(Rules::from_toml(&text(extra), "four.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let b4 = sow::notation::parse_move("B4").expect("a move").0;
    let after = |engine: &Arc<Engine>| {
        let mut p = position("0,0,0,0/0,0,0,1/2,1,0,0/1,0,0,0 0-0 S");
        engine
            .play(&mut p, b4, &mut ())
            .unwrap_or_else(|e| panic!("{e}"));
        p.to_string()
    };
    assert_eq!(after(&engine("")), "0,0,0,1/0,0,0,0/0,1,0,0/0,0,0,0 3-0 N");
    assert_eq!(
        after(&engine("captured_sown_on = true\n")),
        "1,1,1,1/0,0,0,0/0,1,0,0/0,0,0,0 0-0 N"
    );
    // Not without a capture at the last seed, whose seeds it sows.
    let error = Rules::from_toml(
        &text("captured_sown_on = true\n").replace(
            "cross = { zone = \"own\", from_front_row = true, and_behind = true }\n",
            "",
        ),
        "four.toml",
    )
    .expect_err("refused")
    .to_string();
    assert!(error.contains("captured_sown_on"), "{error}");
}

/// A three-row board (3x6, the middle row shared, Selus' track) for the
/// options read on boards of more rows.
const THREE_ROWS: &str = r#"
[variant]
name = "three-rows"
[board]
rows = 3
houses_per_row = 6
seeds_per_house = 3
[sowing]
relay = true
relay_stops_on = [1]
# skip_opponent_holding = 3
# skip_as_lifted = true
# relay_stops_in_opponent_on = [4]
# relay_stops_when_a_side_empties = true
# relay_stops_after_capture = true
# cycle = "serpentine"
# first_seed_in_origin = true
# relay_first_seed_in_origin = true
[play]
# min_seeds_in = { houses = ["B1", "B2", "B3"], seeds = 4 }
[capture]
# cross = { zone = "own", whole_column = true }
# counts = [4]
# while_sowing = "either"
# lap_captures = true
[end]
goal = "immobilize"
ply_limit = { plies = 2000, taken_by = "each_own" }
"#;

/// Plays `label` (a label of more than one character) on a bare position.
fn sow_at(engine: &Arc<Engine>, from: &str, label: &str) -> sow::Position {
    let mut p = position(from);
    let mv = sow::Move::from_label(label).unwrap();
    engine
        .play(&mut p, mv, &mut ())
        .unwrap_or_else(|e| panic!("{e}"));
    p
}

#[test]
fn min_seeds_in() {
    let from = "3,3,3/3,3,3,3,3,5/3,3,3/3,3,3,3,3,3 0-0 S";
    let plain = variant(THREE_ROWS, &[]);
    assert_eq!(legal(plain, from), "A4A5A6B1B2B3B4B5B6");
    let more = variant(
        THREE_ROWS,
        &[(
            "min_seeds_in",
            r#"{ houses = ["B1", "B2", "B3", "B6"], seeds = 4 }"#,
        )],
    );
    assert_eq!(legal(more, from), "A4A5A6B4B5B6");
    let verdicts = more.verdicts(&position(from));
    let (_, b1) = verdicts
        .iter()
        .find(|(m, _)| m.to_string() == "B1")
        .unwrap();
    assert_eq!(*b1, Verdict::TooFewSeeds { seeds: 3, min: 4 });
    assert!(sow::sheet::rule_sheet(more.rules()).contains("Houses B1, B2, B3, B6"));
    // North's houses of the same names.
    let north = "3,3,3/3,3,3,3,3,3/3,3,3/4,3,3,3,3,3 0-0 N";
    assert_eq!(legal(more, north), "a4a5a6b1b4b5");
    // A house the board lacks is refused where it is written.
    let e = Rules::from_toml(
        &sow_edited(&[("min_seeds_in", r#"{ houses = ["A1"], seeds = 4 }"#)]),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("no house \"A1\""), "{e}");
}

fn sow_edited(edits: &[(&str, &str)]) -> String {
    crate::common::one_option::edited(THREE_ROWS, edits)
}

#[test]
fn skip_as_lifted() {
    // South's B1 holds 27: its handful goes round the board (18 houses)
    // and reaches North's b1 twice; b1 holds 2 as the handful is lifted,
    // and 3 when the handful comes round again.
    let from = "0,0,0/27,0,0,0,0,0/0,0,0/2,0,0,0,0,0 0-0 S";
    let skips = variant(THREE_ROWS, &[("skip_opponent_holding", "3")]);
    let after = sow_at(skips, from, "B1");
    assert_eq!(after.row(Side::North)[3], 3, "{after}");
    let lifted = variant(
        THREE_ROWS,
        &[
            ("skip_opponent_holding", "3"),
            ("skip_as_lifted", "true"),
            ("relay_stops_in_opponent_on", "[4]"),
        ],
    );
    let after = sow_at(lifted, from, "B1");
    assert_eq!(after.row(Side::North)[3], 4, "{after}");
    assert!(
        Rules::from_toml(&sow_edited(&[("skip_as_lifted", "true")]), "t.toml")
            .unwrap_err()
            .to_string()
            .contains("only applies with skip_opponent_holding")
    );
}

#[test]
fn relay_stops_in_opponent_on() {
    // South's A4 sows its seed into North's b1, making 4.
    let from = "1,0,0/0,0,0,0,0,0/0,0,0/3,0,0,0,0,0 0-0 S";
    let relays = variant(THREE_ROWS, &[]);
    let after = sow_at(relays, from, "A4");
    assert_eq!(after.row(Side::North)[3..], [0, 1, 1, 1, 1, 0], "{after}");
    let stops = variant(THREE_ROWS, &[("relay_stops_in_opponent_on", "[4]")]);
    let after = sow_at(stops, from, "A4");
    assert_eq!(after.row(Side::North)[3..], [4, 0, 0, 0, 0, 0], "{after}");
    // A 4 in the mover's own house relays on.
    let own = "0,0,3/0,0,0,0,0,1/0,0,0/0,0,0,0,0,0 0-0 S";
    let after = sow_at(stops, own, "B6");
    assert_eq!(after.row(Side::South)[2], 0, "{after}");
    assert!(sow::sheet::rule_sheet(stops.rules()).contains("makes 4 in a house of the opponent's"));
}

#[test]
fn serpentine_cycle() {
    // South's B6 sows its 7 seeds back along the whole middle row (A6, A5,
    // A4, then North's a4, a5, a6) and up into North's b6, the house above
    // a6, where Selus' track turns from A4 to North's b1.
    let from = "0,0,0/0,0,0,0,0,7/0,0,0/0,0,0,0,0,0 0-0 S";
    let plain = variant(THREE_ROWS, &[("relay", "false"), ("relay_stops_on", "-")]);
    let after = sow_at(plain, from, "B6");
    assert_eq!(
        after.row(Side::North),
        [0, 0, 0, 1, 1, 1, 1, 0, 0],
        "{after}"
    );
    let winds = variant(
        THREE_ROWS,
        &[
            ("relay", "false"),
            ("relay_stops_on", "-"),
            ("cycle", "\"serpentine\""),
        ],
    );
    let after = sow_at(winds, from, "B6");
    assert_eq!(
        after.row(Side::South),
        [1, 1, 1, 0, 0, 0, 0, 0, 0],
        "{after}"
    );
    assert_eq!(
        after.row(Side::North),
        [1, 1, 1, 0, 0, 0, 0, 0, 1],
        "{after}"
    );
    let north = "0,0,0/0,0,0,0,0,0/0,0,0/0,0,0,0,0,4 0-0 N";
    let after = sow_at(winds, north, "b6");
    // b6 sows a6, a5, a4, then South's A4 (the middle row from North's right).
    assert_eq!(
        after.row(Side::North),
        [1, 1, 1, 0, 0, 0, 0, 0, 0],
        "{after}"
    );
    assert_eq!(after.row(Side::South)[0], 1, "{after}");
    assert!(sow::sheet::rule_sheet(winds.rules()).contains("winding through the three rows"));
    // Only on three rows.
    let two = r#"
[variant]
name = "two"
[board]
houses_per_side = 6
seeds_per_house = 4
[sowing]
cycle = "serpentine"
[end]
ply_limit = { plies = 200, taken_by = "each_own" }
"#;
    let e = Rules::from_toml(two, "t.toml").unwrap_err().to_string();
    assert!(e.contains("winds through the three rows"), "{e}");
}

#[test]
fn whole_column_cross_capture() {
    // South's B1 sows its seed into her empty B2; North's a5 and b5 are
    // the houses of that column.
    let column = variant(
        THREE_ROWS,
        &[
            ("relay", "false"),
            ("relay_stops_on", "-"),
            ("cross", "{ zone = \"own\", whole_column = true }"),
        ],
    );
    let both = "0,0,0/1,0,0,0,0,0/0,3,0/0,0,0,0,2,0 0-0 S";
    let after = sow_at(column, both, "B1");
    assert_eq!(after.stores(), [5, 0], "{after}");
    // The house opposite empty, the one behind it holds seeds: taken.
    let behind = "0,0,0/1,0,0,0,0,0/0,0,0/0,0,0,0,2,0 0-0 S";
    let after = sow_at(column, behind, "B1");
    assert_eq!(after.stores(), [2, 0], "{after}");
    // In a column whose middle house is South's own, only North's back
    // house is taken.
    let own_middle = "0,5,0/0,0,0,1,0,0/0,0,0/0,4,0,0,0,0 0-0 S";
    let after = sow_at(column, own_middle, "B4");
    assert_eq!(after.stores(), [4, 0], "{after}");
    assert_eq!(after.row(Side::South)[1], 5, "{after}");
    assert!(sow::sheet::rule_sheet(column.rules()).contains("in its column holds seeds"));
    let e = Rules::from_toml(
        &sow_edited(&[(
            "cross",
            "{ zone = \"own\", whole_column = true, and_behind = true }",
        )]),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("whole_column takes"), "{e}");
}

#[test]
fn relay_stops_when_a_side_empties() {
    // South's B6 sows into her A6, which holds 1: the relay would go on,
    // but North has no seeds.
    let from = "0,0,1/0,0,0,0,0,1/0,0,0/0,0,0,0,0,0 0-0 S";
    let relays = variant(THREE_ROWS, &[]);
    let after = sow_at(relays, from, "B6");
    assert_eq!(after.row(Side::South)[..3], [1, 1, 0], "{after}");
    let stops = variant(THREE_ROWS, &[("relay_stops_when_a_side_empties", "true")]);
    let after = sow_at(stops, from, "B6");
    assert_eq!(after.row(Side::South)[..3], [0, 0, 2], "{after}");
    assert!(sow::sheet::rule_sheet(stops.rules()).contains("either player's houses hold no seeds"));
    let e = Rules::from_toml(
        &sow_edited(&[
            ("relay", "false"),
            ("relay_stops_on", "-"),
            ("relay_stops_when_a_side_empties", "true"),
        ]),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("only applies with relay = true"), "{e}");
}

#[test]
fn relay_first_seed_in_origin() {
    // South's B1 (3 seeds) keeps its first seed and sows B2 and B3, which
    // held 2: the relay lifts B3's 3.
    let from = "0,0,0/3,0,2,0,0,0/1,1,1/1,1,1,1,1,1 0-0 S";
    let origin = [("first_seed_in_origin", "true")];
    let plain = variant(THREE_ROWS, &origin);
    // Lifted whole, B3's 3 go to B4, B5 and B6.
    let after = sow_at(plain, from, "B1");
    assert_eq!(after.row(Side::South)[3..], [1, 1, 0, 1, 1, 1], "{after}");
    let mut edits = origin.to_vec();
    edits.push(("relay_first_seed_in_origin", "true"));
    let every = variant(THREE_ROWS, &edits);
    // B3 keeps the first of them, and the relay sows B4 and B5.
    let after = sow_at(every, from, "B1");
    assert_eq!(after.row(Side::South)[3..], [1, 1, 1, 1, 1, 0], "{after}");
    assert!(
        sow::sheet::rule_sheet(every.rules())
            .contains("Every relay lift too puts its first seed back")
    );
    // Not without first_seed_in_origin, nor without relays.
    let e = Rules::from_toml(
        &sow_edited(&[("relay_first_seed_in_origin", "true")]),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("it needs relay = true and first_seed_in_origin = true"),
        "{e}"
    );
    let e = Rules::from_toml(
        &sow_edited(&[
            ("relay", "false"),
            ("relay_stops_on", "-"),
            ("first_seed_in_origin", "true"),
            ("relay_first_seed_in_origin", "true"),
        ]),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("relay_first_seed_in_origin"), "{e}");
}

#[test]
fn relay_stops_after_capture() {
    // South's B1 sows into B2, making 4 (taken while sowing), and into B3,
    // making 2: the relay would lift B3 and sow B4 and B5.
    let from = "0,0,0/2,3,1,0,0,0/1,1,1/1,1,1,1,1,1 0-0 S";
    let takes = [("counts", "[4]"), ("while_sowing", "\"either\"")];
    let relays = variant(THREE_ROWS, &takes);
    let after = sow_at(relays, from, "B1");
    assert_eq!(after.row(Side::South)[3..], [0, 0, 0, 1, 1, 0], "{after}");
    assert_eq!(after.stores(), [4, 0], "{after}");
    let mut edits = takes.to_vec();
    edits.push(("relay_stops_after_capture", "true"));
    let stops = variant(THREE_ROWS, &edits);
    let after = sow_at(stops, from, "B1");
    assert_eq!(after.row(Side::South)[3..], [0, 0, 2, 0, 0, 0], "{after}");
    assert_eq!(after.stores(), [4, 0], "{after}");
    assert!(
        sow::sheet::rule_sheet(stops.rules()).contains("after a lap that captured while sowing")
    );
    // A lap that captures nothing relays on.
    let none = "0,0,0/2,2,1,0,0,0/1,1,1/1,1,1,1,1,1 0-0 S";
    let after = sow_at(stops, none, "B1");
    assert_eq!(after.row(Side::South)[3..], [0, 3, 0, 1, 1, 0], "{after}");
    let e = Rules::from_toml(
        &sow_edited(&[("relay_stops_after_capture", "true")]),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("it needs [capture] while_sowing"), "{e}");
}

#[test]
fn whatever_last_holds_on_a_cross_capture() {
    // A 4x4 board: South's A4 sows one seed into A3 (her front row is
    // sown from her right), which holds 2; North's a2 (opposite A3) holds
    // 3 and b2 behind it 1.
    let base = r#"
[variant]
name = "four-rows"
[board]
rows = 4
houses_per_row = 4
seeds_per_house = 2
[capture]
cross = { zone = "own", from_front_row = true, and_behind = true }
[end]
goal = "immobilize"
ply_limit = { plies = 200, taken_by = "each_own" }
"#;
    let from = "0,0,2,1/2,2,2,2/0,3,0,0/0,1,0,0 0-0 S";
    let empty_only = Engine::new(Rules::from_toml(base, "t.toml").unwrap());
    let after = sow_at(&empty_only, from, "A4");
    assert_eq!(after.stores(), [0, 0], "{after}");
    let any = base.replace(
        "and_behind = true }",
        "and_behind = true, whatever_last_holds = true }",
    );
    let any = Engine::new(Rules::from_toml(&any, "t.toml").unwrap());
    let after = sow_at(&any, from, "A4");
    assert_eq!(after.stores(), [4, 0], "{after}");
    assert_eq!(after.row(Side::South)[2], 3, "{after}");
    assert!(sow::sheet::rule_sheet(any.rules()).contains("falls in any house"));
    // With a chain it still needs chain_from_any.
    let chained = base.replace(
        "and_behind = true }",
        "chain = true, whatever_last_holds = true }",
    );
    assert!(
        Rules::from_toml(&chained, "t.toml")
            .unwrap_err()
            .to_string()
            .contains("only with chain_from_any")
    );
}

/// A 4x4 board with a cross capture of the column's two houses, for the
/// keys that narrow or redirect it (Ludii's Nsumbi).
const FOUR_BY_FOUR_CROSS: &str = r#"
[variant]
name = "four-rows"
[board]
rows = 4
houses_per_row = 4
seeds_per_house = 2
[capture]
cross = { zone = "own", from_front_row = true, and_behind = true }
[end]
goal = "immobilize"
ply_limit = { plies = 200, taken_by = "each_own" }
"#;

/// The legal moves from `from`, as the notation writes them.
fn legal_labels(engine: &Arc<Engine>, from: &str) -> Vec<String> {
    engine
        .legal_moves(&position(from))
        .iter()
        .map(|m| m.to_string())
        .collect()
}

fn four_by_four(cross_extra: &str, extra: &str) -> Arc<Engine> {
    let text = FOUR_BY_FOUR_CROSS
        .replace(
            "and_behind = true }",
            &format!("and_behind = true{cross_extra} }}"),
        )
        .replace("[end]", &format!("{extra}[end]"));
    Engine::new(Rules::from_toml(&text, "t.toml").unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn a_cross_capture_takes_the_house_opposite_or_the_one_behind() {
    // South's A4 sows one seed into A3, which held 2; North's a2 is
    // opposite A3 and b2 behind it. The house opposite is taken when it
    // holds two or more, else the one behind when that does (Ludii's
    // Katra).
    let text = FOUR_BY_FOUR_CROSS.replace(
        "and_behind = true }",
        "into_occupied = true, opposite_or_behind_holding = 2 }",
    );
    let engine = Engine::new(Rules::from_toml(&text, "t.toml").unwrap_or_else(|e| panic!("{e}")));
    let stores =
        |north: &str| sow_at(&engine, &format!("0,0,2,1/2,2,2,2/{north} 0-0 S"), "A4").stores();
    assert_eq!(stores("0,3,0,0/0,1,0,0"), [3, 0]);
    assert_eq!(stores("0,2,0,0/0,5,0,0"), [2, 0]);
    assert_eq!(stores("0,1,0,0/0,2,0,0"), [2, 0]);
    assert_eq!(stores("0,0,0,0/0,5,0,0"), [5, 0]);
    assert_eq!(stores("0,1,0,0/0,1,0,0"), [0, 0]);
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(
        sheet.contains("otherwise those of the house behind it"),
        "{sheet}"
    );
    // One house of the column: not with and_behind; four rows only.
    let refused = |text: &str, why: &str| {
        let e = Rules::from_toml(text, "t.toml").unwrap_err().to_string();
        assert!(
            e.contains("opposite_or_behind_holding") && e.contains(why),
            "{e}"
        );
    };
    refused(
        &FOUR_BY_FOUR_CROSS.replace(
            "and_behind = true }",
            "and_behind = true, opposite_or_behind_holding = 2 }",
        ),
        "and_behind",
    );
    refused(
        &FOUR_BY_FOUR_CROSS
            .replace("rows = 4\n", "")
            .replace("houses_per_row = 4", "houses_per_side = 4")
            .replace(
                ", from_front_row = true, and_behind = true }",
                ", opposite_or_behind_holding = 2 }",
            ),
        "rows = 4",
    );
}

#[test]
fn a_relay_stops_in_the_front_row_but_after_a_capture() {
    // Katra's laps on four rows of four: a lap ending in an occupied
    // front-row house takes the house opposite, or the one behind, holding
    // two or more, into it, and relays with them all; without a capture
    // it ends the move there.
    let text = |flag: &str| {
        FOUR_BY_FOUR_CROSS
            .replace(
                "and_behind = true }",
                "into_occupied = true, opposite_or_behind_holding = 2 }\nlap_captures = true\nlap_captures_sow_on = true",
            )
            .replace(
                "[capture]",
                &format!("[sowing]\nrelay = true\nrelay_stops_on = [1]\n{flag}[capture]"),
            )
    };
    let load = |text: &str| {
        Engine::new(Rules::from_toml(text, "t.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let stopping = load(&text("relay_stops_in_front_row = true\n"));
    // A4's seed makes A3 three, facing a2 and b2 holding one each: the
    // move ends there.
    let short = "0,0,2,1/2,2,2,2/0,1,0,0/0,1,0,0 0-0 S";
    assert_eq!(
        sow_at(&stopping, short, "A4").to_string(),
        "0,0,3,0/2,2,2,2/0,1,0,0/0,1,0,0 0-0 N"
    );
    // Without the rule A3 relays: A2, A1, B1; B1, three, relays: B2, B3,
    // B4; B4 relays: A4, A3, A2; A2 faces nothing and relays: A1, B1,
    // empty.
    assert_eq!(
        sow_at(&load(&text("")), short, "A4").to_string(),
        "2,0,1,1/1,3,3,0/0,1,0,0/0,1,0,0 0-0 N"
    );
    // a2 holding two is taken into A3, which relays its five: A2, A1, B1,
    // B2, B3; B3 relays from the back row: B4, A4, A3, empty.
    let held = "0,0,2,1/2,2,2,2/0,2,0,0/0,1,0,0 0-0 S";
    assert_eq!(
        sow_at(&stopping, held, "A4").to_string(),
        "1,1,1,1/3,3,0,3/0,0,0,0/0,1,0,0 0-0 N"
    );
    let sheet = sow::sheet::rule_sheet(stopping.rules());
    assert!(
        sheet.contains("A lap ending in your front row ends the sowing"),
        "{sheet}"
    );
    // A relay's rule: refused without one.
    let e = Rules::from_toml(
        &text("relay_stops_in_front_row = true\n")
            .replace("relay = true\nrelay_stops_on = [1]\n", ""),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("relay_stops_in_front_row"), "{e}");
}

#[test]
fn into_occupied_and_both_held_on_a_cross_capture() {
    // South's A4 sows one seed into A3, which held 2; North's a2 (opposite
    // A3) holds 3 and b2 behind it 1.
    let from = "0,0,2,1/2,2,2,2/0,3,0,0/0,1,0,0 0-0 S";
    let occupied = four_by_four(", into_occupied = true, both_held = true", "");
    let after = sow_at(&occupied, from, "A4");
    assert_eq!(after.stores(), [4, 0], "{after}");
    assert!(sow::sheet::rule_sheet(occupied.rules()).contains("a house that held seeds"));
    // An empty A3 captures nothing with into_occupied (the plain capture
    // takes both houses).
    let into_empty = "0,0,0,1/2,2,2,2/0,3,0,0/0,1,0,0 0-0 S";
    assert_eq!(sow_at(&occupied, into_empty, "A4").stores(), [0, 0]);
    assert_eq!(
        sow_at(&four_by_four("", ""), into_empty, "A4").stores(),
        [4, 0]
    );
    // b2 empty: both_held takes nothing; into_occupied alone takes a2.
    let behind_empty = "0,0,2,1/2,2,2,2/0,3,0,0/0,0,0,0 0-0 S";
    assert_eq!(sow_at(&occupied, behind_empty, "A4").stores(), [0, 0]);
    let alone = four_by_four(", into_occupied = true", "");
    assert_eq!(sow_at(&alone, behind_empty, "A4").stores(), [3, 0]);
    // both_held reads the house behind: it needs and_behind; into_occupied
    // is refused beside whatever_last_holds.
    let refused = |text: String, key: &str| {
        let e = Rules::from_toml(&text, "t.toml").unwrap_err().to_string();
        assert!(e.contains(key), "{e}");
    };
    refused(
        FOUR_BY_FOUR_CROSS.replace("and_behind = true }", "both_held = true }"),
        "both_held",
    );
    refused(
        FOUR_BY_FOUR_CROSS.replace(
            "and_behind = true }",
            "and_behind = true, into_occupied = true, whatever_last_holds = true }",
        ),
        "into_occupied",
    );
}

#[test]
fn an_empty_column_still_captures_and_takes_by_choice() {
    // South's A4 sows its seed into her empty A3; North's a2 and b2, the
    // houses of that column, are empty, and North's seeds are in a1 and
    // b4 (Ludii's Spreta and Tshuba).
    let text = |flag: &str| {
        FOUR_BY_FOUR_CROSS.replace(
            "and_behind = true }",
            &format!("whole_column = true{flag} }}\nchosen_after = 1"),
        )
    };
    let load = |flag: &str| {
        Engine::new(Rules::from_toml(&text(flag), "t.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let from = "0,0,0,1/0,0,0,0/3,0,0,0/0,0,0,2 0-0 S";
    let even_empty = load(", even_when_column_empty = true");
    // The capture is made, taking nothing from the column, so the house of
    // choice follows it: a1 or b4.
    assert_eq!(legal_labels(&even_empty, from), ["A4+a1", "A4+b4"]);
    let (chosen, _) = sow::notation::parse_move("A4+b4").expect("a move");
    let mut after = position(from);
    even_empty
        .play(&mut after, chosen, &mut ())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(after.stores(), [2, 0], "{after}");
    assert!(sow::sheet::rule_sheet(even_empty.rules()).contains("even when they are empty"));
    // Without it an empty column captures nothing, and nothing follows.
    let plain = load("");
    assert_eq!(legal_labels(&plain, from), ["A4"]);
    assert_eq!(sow_at(&plain, from, "A4").stores(), [0, 0]);
    // It says when a capture of the whole column is made: it needs one.
    let e = Rules::from_toml(
        &FOUR_BY_FOUR_CROSS.replace(
            "and_behind = true }",
            "and_behind = true, even_when_column_empty = true }",
        ),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("even_when_column_empty") && e.contains("whole_column"),
        "{e}"
    );
}

/// A 4×4 board on Mweiso's rules (Ludii's), laps sown the other way by
/// choice from South's B1 and North's b1.
const FOUR_BY_FOUR_REVERSIBLE: &str = r#"
[variant]
name = "four-rows-reversible"
[board]
rows = 4
houses_per_row = 4
seeds_per_house = 2
[sowing]
relay = true
relay_stops_on = [1]
reverse_from = ["B1"]
[play]
min_seeds = 2
[capture]
cross = { zone = "own", from_front_row = true, and_behind = true, both_held = true, whatever_last_holds = true }
lap_captures = true
lap_captures_sow_on = true
lap_captures_sown_from = "lap_start"
[end]
goal = "immobilize"
ply_limit = { plies = 200, taken_by = "each_own" }
"#;

#[test]
fn laps_sown_the_other_way_by_choice() {
    let engine = Engine::new(
        Rules::from_toml(FOUR_BY_FOUR_REVERSIBLE, "t.toml").unwrap_or_else(|e| panic!("{e}")),
    );
    let play = |from: &str, text: &str| {
        let (mv, _) = sow::notation::parse_move(text).expect("a move");
        let mut p = position(from);
        engine
            .play(&mut p, mv, &mut ())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        p.to_string()
    };
    // South's B1 sown clockwise ends in A2, which holds a seed, facing
    // North's a3 and b3, both holding seeds: the first lap may go either
    // way. Sown the other way it takes them into B1, and sows them on the
    // board's way: B2, B3.
    let first = "0,1,0,0/2,0,0,0/0,0,1,0/2,0,1,0 0-0 S";
    assert_eq!(legal_labels(&engine, first), ["B1", "B1<"]);
    assert_eq!(play(first, "B1<"), "1,2,0,0/0,1,1,0/0,0,0,0/2,0,0,0 0-0 N");
    assert_eq!(play(first, "B1"), "0,1,0,0/0,1,1,0/0,0,1,0/2,0,1,0 0-0 N");
    // A2's lap ends in B1, which relays: that lap may go either way too,
    // written after a `/`. Sown the other way it ends in the empty A2 and
    // captures nothing (Ludii offers it so).
    let later = "0,2,0,0/1,0,0,0/0,0,1,0/2,0,1,0 0-0 S";
    assert_eq!(legal_labels(&engine, later), ["A2", "A2/<"]);
    assert_eq!(play(later, "A2/<"), "2,1,0,0/0,0,0,0/0,0,1,0/2,0,1,0 0-0 N");
    assert_eq!(play(later, "A2"), "1,0,0,0/0,1,1,0/0,0,1,0/2,0,1,0 0-0 N");
    // Facing an empty house, no lap is offered the other way.
    let facing_empty = "0,1,0,0/2,0,0,0/0,0,1,0/2,0,0,0 0-0 S";
    assert_eq!(legal_labels(&engine, facing_empty), ["B1"]);
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(sheet.contains("the other way"), "{sheet}");
    // Refused: a clockwise board, no cross capture, a direction chosen
    // for the whole move.
    let refused = |from: &str, to: &str, key: &str| {
        let text = FOUR_BY_FOUR_REVERSIBLE.replace(from, to);
        let e = Rules::from_toml(&text, "t.toml").unwrap_err().to_string();
        assert!(e.contains(key), "{e}");
    };
    refused(
        "relay = true\n",
        "relay = true\ndirection = \"clockwise\"\n",
        "counter-clockwise",
    );
    refused(
        "cross = { zone = \"own\", from_front_row = true, and_behind = true, both_held = true, whatever_last_holds = true }\nlap_captures = true\nlap_captures_sow_on = true\nlap_captures_sown_from = \"lap_start\"\n",
        "",
        "no cross capture",
    );
    refused(
        "relay = true\n",
        "relay = true\ndirection_chosen_in = [\"B2\"]\n",
        "direction_chosen_in",
    );
}

#[test]
fn a_first_lap_that_captures_must_be_played() {
    // South's B3 ends its first lap in A4, which held a seed, facing a1 and
    // b1: it captures. B1's first lap ends in B3 and does not; sown the
    // other way it would end in A2, facing a3 and b3, and is offered.
    let from = "0,0,0,1/2,0,2,0/2,0,1,0/2,0,1,0 0-0 S";
    let load = |text: &str| {
        Engine::new(Rules::from_toml(text, "t.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    assert_eq!(
        legal_labels(&load(FOUR_BY_FOUR_REVERSIBLE), from),
        ["B1", "B1<", "B3"]
    );
    let owed = FOUR_BY_FOUR_REVERSIBLE.replace(
        "min_seeds = 2\n",
        "min_seeds = 2\nfirst_lap_must_capture = true\n",
    );
    // The capture is owed; the lap sown the other way stays open beside it
    // (Ludii's Choro of the Lango).
    let engine = load(&owed);
    assert_eq!(legal_labels(&engine, from), ["B1<", "B3"]);
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(sheet.contains("first lap"), "{sheet}");
    // Where no first lap captures, every move stays.
    let none = "0,0,0,1/2,0,2,0/0,0,1,0/0,0,1,0 0-0 S";
    assert_eq!(legal_labels(&engine, none), ["B1", "B1<", "B3"]);
    // Modelled beside laps sown the other way only.
    let alone = owed.replace("reverse_from = [\"B1\"]\n", "");
    let e = Rules::from_toml(&alone, "t.toml").unwrap_err().to_string();
    assert!(e.contains("first_lap_must_capture"), "{e}");
}

#[test]
fn opening_laps_take_the_opponents_back_row() {
    // South's B2 ends its first lap in B4, which held a seed; in the
    // opening, before any lap has sown into her front row, that takes
    // North's back-row house of the column, b1 (its two seeds), into B2,
    // the lap's first house, and sows them on: B3, B4. That lap ends in
    // B4 again, facing an empty b1: it relays, A4, A3, A2. This lap has
    // reached the front row, and is still the opening's: A2, now two,
    // facing a3 and b3 (both held) does not capture but relays, A1, B1,
    // into an empty house (Ludii's Choro of the Acholi).
    let text = FOUR_BY_FOUR_REVERSIBLE
        .replace("reverse_from = [\"B1\"]\n", "")
        .replace("min_seeds = 2\n", "min_seeds = 2\nopening_moves = 2\n");
    let taking = text.replace(
        "lap_captures_sown_from = \"lap_start\"\n",
        "lap_captures_sown_from = \"lap_start\"\nopening_takes_back_row = true\n",
    );
    let load = |text: &str| {
        Engine::new(Rules::from_toml(text, "t.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let engine = load(&taking);
    let from = "0,1,0,0/0,2,0,1/1,1,1,1/2,1,1,1 0-0 S opening:2";
    assert_eq!(
        sow_at(&engine, from, "B2").to_string(),
        "1,0,1,1/1,0,2,0/1,1,1,1/0,1,1,1 0-0 N opening:1"
    );
    // Once the opening moves are over, the laps capture as usual: B4
    // relays, A4, A3, and A3 was empty.
    let later = "0,1,0,0/0,2,0,1/1,1,1,1/2,1,1,1 0-0 S";
    assert_eq!(
        sow_at(&engine, later, "B2").to_string(),
        "0,1,1,1/0,0,1,0/1,1,1,1/2,1,1,1 0-0 N"
    );
    // Without the rule the opening moves do the same.
    assert_eq!(
        sow_at(&load(&text), from, "B2").to_string(),
        "0,1,1,1/0,0,1,0/1,1,1,1/2,1,1,1 0-0 N opening:1"
    );
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(sheet.contains("back-row house"), "{sheet}");
    // It needs opening moves to act in, and laps sown one seed a house.
    let refused = |text: &str, why: &str| {
        let e = Rules::from_toml(text, "t.toml").unwrap_err().to_string();
        assert!(
            e.contains("opening_takes_back_row") && e.contains(why),
            "{e}"
        );
    };
    refused(&taking.replace("opening_moves = 2\n", ""), "opening_moves");
    refused(
        &taking.replace(
            "relay = true\n",
            "relay = true\nfirst_seed_in_origin = true\n",
        ),
        "first_seed_in_origin",
    );
    refused(
        &taking.replace(
            "lap_captures_sow_on = true\nlap_captures_sown_from = \"lap_start\"\n",
            "",
        ),
        "lap_captures_sow_on",
    );
}

#[test]
fn opening_moves_from_named_houses() {
    let text = FOUR_BY_FOUR_REVERSIBLE.replace(
        "min_seeds = 2\n",
        "min_seeds = 2\nopening_moves = 2\nopening_houses = [\"B2\", \"B4\"]\n",
    );
    let engine = Engine::new(Rules::from_toml(&text, "t.toml").unwrap_or_else(|e| panic!("{e}")));
    let mut g = sow::Game::new(&engine);
    let labels =
        |g: &sow::Game| -> Vec<String> { g.legal_moves().iter().map(|m| m.to_string()).collect() };
    assert_eq!(labels(&g), ["B2", "B4"]);
    g.play(sow::Move::from_label("B2").expect("a label"), &mut ())
        .expect("legal");
    // South's relay took North's a3, a4, b3 and b4: of his opening houses
    // only b2 holds seeds, and his a1, a2 and b1 may not open.
    assert_eq!(labels(&g), ["b2"]);
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(sheet.contains("B2, B4"), "{sheet}");
    // No opening moves: nothing to play from the houses named.
    let none = FOUR_BY_FOUR_REVERSIBLE.replace(
        "min_seeds = 2\n",
        "min_seeds = 2\nopening_houses = [\"B2\"]\n",
    );
    let e = Rules::from_toml(&none, "t.toml").unwrap_err().to_string();
    assert!(e.contains("opening_houses"), "{e}");
}

#[test]
fn into_occupied_takes_the_last_house_and_sows_on_lap_by_lap() {
    // A4's seed into A3, which held 2: take_sowing_seed takes A3's three
    // seeds with a2's three and b2's one.
    let from = "0,0,2,1/2,2,2,2/0,3,0,0/0,1,0,0 0-0 S";
    let whole = four_by_four(", into_occupied = true, take_sowing_seed = true", "");
    let after = sow_at(&whole, from, "A4");
    assert_eq!(after.stores(), [7, 0], "{after}");
    assert!(
        after
            .to_string()
            .starts_with("0,0,0,0/2,2,2,2/0,0,0,0/0,0,0,0"),
        "{after}"
    );
    // With relay sowing and lap_captures: after the capture the sowing goes
    // on from A2, which holds two, to A1 and B1, where it ends.
    let relay = "lap_captures = true\n[sowing]\nrelay = true\nrelay_stops_on = [1]\n";
    let laps = four_by_four(", into_occupied = true, take_sowing_seed = true", relay);
    let two = "0,2,2,1/0,0,0,0/0,3,0,0/0,1,0,0 0-0 S";
    let after = sow_at(&laps, two, "A4");
    assert_eq!(after.stores(), [7, 0], "{after}");
    assert!(after.to_string().starts_with("1,0,0,0/1,0,0,0/"), "{after}");
    // A2 holding one seed: the sowing ends after the capture.
    let one = "0,1,2,1/0,0,0,0/0,3,0,0/0,1,0,0 0-0 S";
    let after = sow_at(&laps, one, "A4");
    assert_eq!(after.stores(), [7, 0], "{after}");
    assert!(after.to_string().starts_with("0,1,0,0/0,0,0,0/"), "{after}");
    assert!(sow::sheet::rule_sheet(laps.rules()).contains("holds two or more"));
}

#[test]
fn captured_sown_from_the_lap_start() {
    // As above: A4's seed into A3 takes a2 and b2, four seeds, which are
    // sown on from A4, the house the handful came from, A4 first.
    let from = "0,0,2,1/2,2,2,2/0,3,0,0/0,1,0,0 0-0 S";
    let lap_start = four_by_four(
        ", into_occupied = true",
        "captured_sown_on = true\ncaptured_sown_from = \"lap_start\"\n",
    );
    let after = sow_at(&lap_start, from, "A4");
    assert_eq!(after.to_string(), "1,1,4,1/2,2,2,2/0,0,0,0/0,0,0,0 0-0 N");
    // From the house after the last seed's, as captured_sown_on says alone.
    let after_last = four_by_four(", into_occupied = true", "captured_sown_on = true\n");
    let after = sow_at(&after_last, from, "A4");
    assert_eq!(after.to_string(), "1,1,3,0/3,3,2,2/0,0,0,0/0,0,0,0 0-0 N");
    let e = Rules::from_toml(
        &FOUR_BY_FOUR_CROSS.replace("[end]", "captured_sown_from = \"lap_start\"\n[end]"),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("set captured_sown_on = true"), "{e}");
}

#[test]
fn captured_sown_from_after_the_lap_start() {
    // As above: A4's seed into A3 takes a2 and b2, four seeds, sown on from
    // the house after A4: A3, A2, A1 and B1.
    let from = "0,0,2,1/2,2,2,2/0,3,0,0/0,1,0,0 0-0 S";
    let after_start = four_by_four(
        ", into_occupied = true",
        "captured_sown_on = true\ncaptured_sown_from = \"after_lap_start\"\n",
    );
    let after = sow_at(&after_start, from, "A4");
    assert_eq!(after.to_string(), "1,1,4,0/3,2,2,2/0,0,0,0/0,0,0,0 0-0 N");
    assert!(
        sow::sheet::rule_sheet(after_start.rules())
            .contains("the house after the one the last handful was lifted from")
    );
}

#[test]
fn passed_over_unless_lifted_from_one() {
    let passing = |houses: &str| four_by_four("", &format!("[sowing]\npassed_over = [{houses}]\n"));
    let corners = passing("\"A1\", \"B1\"");
    // A2's two seeds pass over A1 and B1 (and North's a1 and b1 are
    // passed over by North's sowing alike).
    let from = "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 0-0 S";
    assert_eq!(
        sow_at(&corners, from, "A2").to_string(),
        "2,0,2,2/2,3,3,2/2,2,2,2/2,2,2,2 0-0 N"
    );
    assert_eq!(
        sow_at(&four_by_four("", ""), from, "A2").to_string(),
        "3,0,2,2/3,2,2,2/2,2,2,2/2,2,2,2 0-0 N"
    );
    // A handful lifted from A1 sows into B1 as into any house.
    let from_corner = "3,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 0-0 S";
    assert_eq!(
        sow_at(&corners, from_corner, "A1").to_string(),
        "0,2,2,2/3,3,3,2/2,2,2,2/2,2,2,2 0-0 N"
    );
    // The seeds a capture sows on pass over them too: A2's seed into A1
    // would be passed over, so B2's two seeds end in A4 and A3 instead.
    let sown_on = four_by_four(
        ", into_occupied = true",
        "captured_sown_on = true\n[sowing]\npassed_over = [\"B1\"]\n",
    );
    let from = "1,2,0,1/0,2,0,0/0,0,2,0/0,0,1,0 0-0 S";
    // B2 sows B3 and B4, the back row: nothing to take.
    assert_eq!(
        sow_at(&sown_on, from, "B2").to_string(),
        "1,2,0,1/0,0,1,1/0,0,2,0/0,0,1,0 0-0 N"
    );
    let from = "0,0,2,1/2,2,2,2/0,3,0,0/0,1,0,0 0-0 S";
    // A4's seed into A3 takes a2 and b2, sown on from after A3: A2, A1,
    // then B2, B3 (B1 passed over).
    assert_eq!(
        sow_at(&sown_on, from, "A4").to_string(),
        "1,1,3,0/2,3,3,2/0,0,0,0/0,0,0,0 0-0 N"
    );
    assert!(sow::sheet::rule_sheet(corners.rules()).contains("pass"));
    // Every house but one passed over leaves a handful nowhere to go, and
    // the key reads a plain ring.
    let refused = |text: String, key: &str| {
        let e = Rules::from_toml(&text, "t.toml").unwrap_err().to_string();
        assert!(e.contains(key), "{e}");
    };
    refused(
        FOUR_BY_FOUR_CROSS.replace(
            "[capture]",
            "[sowing]\npassed_over = [\"A1\", \"A2\", \"A3\", \"A4\", \"B1\", \"B2\", \"B3\"]\n[capture]",
        ),
        "at least two houses",
    );
    refused(
        FOUR_BY_FOUR_CROSS.replace(
            "[capture]",
            "[sowing]\nskip_origin = true\npassed_over = [\"A1\"]\n[capture]",
        ),
        "skip_origin",
    );
    refused(
        FOUR_BY_FOUR_CROSS.replace(
            "[capture]",
            "[sowing]\npassed_over = [\"A1\"]\n[play]\nallow = \"single_to_empty\"\n[capture]",
        ),
        "single_to_empty",
    );
}

#[test]
fn opening_from_houses_holding_two() {
    let engine = four_by_four(
        "",
        "[play]\nopening_moves = 2\nopening_from = \"holding_two\"\n",
    );
    let legal = |from: &str| legal_labels(&engine, from);
    // In the opening only A2 and A4, which hold two, may be played.
    let from = "3,2,1,2/0,0,0,0/2,2,2,2/2,2,2,2 0-0 S opening:2";
    assert_eq!(legal(from), ["A2", "A4"]);
    assert_eq!(
        engine.verdicts(&position(from))[0].1,
        Verdict::NotOpeningTwo
    );
    // After it, any house.
    assert_eq!(
        legal("3,2,1,2/0,0,0,0/2,2,2,2/2,2,2,2 0-0 S"),
        ["A1", "A2", "A3", "A4"]
    );
    assert!(sow::sheet::rule_sheet(engine.rules()).contains("exactly two seeds"));
}

#[test]
fn last_resort_houses() {
    let engine = four_by_four(
        "",
        "[play]\nmin_seeds = 2\nlast_resort = [\"A1\", \"A4\"]\n",
    );
    let legal = |from: &str| legal_labels(&engine, from);
    // A2 and A3 may be played: A1 and A4 wait.
    let from = "2,2,2,2/0,0,0,0/2,2,2,2/2,2,2,2 0-0 S";
    assert_eq!(legal(from), ["A2", "A3"]);
    let verdicts = engine.verdicts(&position(from));
    assert_eq!(verdicts[0].1, Verdict::LastResort);
    assert_eq!(verdicts[1].1, Verdict::Legal);
    // No other house holds two: A1 and A4 may be played.
    assert_eq!(legal("2,1,1,2/0,0,0,0/2,2,2,2/2,2,2,2 0-0 S"), ["A1", "A4"]);
    assert!(sow::sheet::rule_sheet(engine.rules()).contains("only when no other house may be"));
    // A list of every house of a side is refused.
    let e = Rules::from_toml(
        &FOUR_BY_FOUR_CROSS.replace(
            "[capture]",
            "[play]\nlast_resort = [\"A1\", \"A2\", \"A3\", \"A4\", \"B1\", \"B2\", \"B3\", \"B4\"]\n[capture]",
        ),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("every house"), "{e}");
}

#[test]
fn opening_sown_in_one_handful() {
    // 4x4, two seeds a house, relays: South's first move A4 sows A3 and A2,
    // which hold 3 each; in the opening it relays no further.
    let text = |opening: &str| {
        format!(
            "[variant]\nname = \"four\"\n[board]\nrows = 4\nhouses_per_row = 4\nseeds_per_house = 2\n\
             [sowing]\ndirection = \"counter-clockwise\"\nrelay = true\nrelay_stops_on = [1]\n{opening}\
             [play]\nopening_moves = 1\n\
             [end]\ngoal = \"immobilize\"\nply_limit = {{ plies = 100, taken_by = \"each_own\" }}\n"
        )
    };
    let first = |text: String| {
        let engine =
            Engine::new(Rules::from_toml(&text, "t.toml").unwrap_or_else(|e| panic!("{e}")));
        let mut g = Game::new(&engine);
        g.play(sow::notation::parse_move("A4").unwrap().0, &mut ())
            .unwrap_or_else(|e| panic!("{e}"));
        g.position().row(Side::South)[..4].to_vec()
    };
    assert_eq!(first(text("opening = \"one_handful\"\n")), [2, 3, 3, 0]);
    assert_ne!(first(text("")), [2, 3, 3, 0]);
    // Without relays there is nothing to leave out.
    let e = Rules::from_toml(
        &text("opening = \"one_handful\"\n").replace("relay = true\nrelay_stops_on = [1]\n", ""),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("one_handful"), "{e}");
}

#[test]
fn opening_from_one_of_four_rows() {
    // A 4x4 board of two seeds a house; each player's first move is the
    // opening, from their front row (or back row).
    let text = |from: &str| {
        format!(
            "[variant]\nname = \"four\"\n[board]\nrows = 4\nhouses_per_row = 4\nseeds_per_house = 2\n\
             [play]\nopening_moves = 2\nopening_from = \"{from}\"\n\
             [end]\ngoal = \"immobilize\"\nply_limit = {{ plies = 100, taken_by = \"each_own\" }}\n"
        )
    };
    let engine = |from: &str| {
        Engine::new(Rules::from_toml(&text(from), "four.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let labels = |game: &Game| {
        game.legal_moves()
            .iter()
            .map(|m| m.label().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let front = engine("front_row");
    let mut game = Game::new(&front);
    assert_eq!(labels(&game), "A1 A2 A3 A4");
    let a1 = sow::Move::from_label("A1").unwrap();
    game.play(a1, &mut ()).unwrap();
    assert_eq!(labels(&game), "a1 a2 a3 a4");
    let b = sow::Move::from_label("a1").unwrap();
    game.play(b, &mut ()).unwrap();
    // The opening over, both rows may be played.
    assert!(labels(&game).contains('B'), "{}", labels(&game));
    let back = engine("back_row");
    let game = Game::new(&back);
    assert_eq!(labels(&game), "B1 B2 B3 B4");
    let verdicts = back.verdicts(game.position());
    assert!(verdicts.contains(&(
        sow::Move::from_label("A2").unwrap(),
        Verdict::NotInOpeningRow
    )));
    assert!(sow::sheet::rule_sheet(back.rules()).contains("from a house of your back row"));
    // Two rows have one row a player: refused where it is written.
    let two = text("front_row")
        .replace("rows = 4\n", "")
        .replace("houses_per_row = 4", "houses_per_side = 4");
    let error = Rules::from_toml(&two, "two.toml")
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("opening_from") && error.contains("four"),
        "{error}"
    );
}

#[test]
fn lap_captures_sown_from_elsewhere() {
    // A 4x4 board: South's B3 sows its two seeds into B4 (empty) and A4,
    // which holds one; A4 now holds two, and North's a1 across it two,
    // b1 behind that one: the lap takes the three.
    let text = |from: &str| {
        format!(
            "[variant]\nname = \"four\"\n[board]\nrows = 4\nhouses_per_row = 4\nseeds_per_house = 2\n\
             [sowing]\nrelay = true\nrelay_stops_on = [1]\n[capture]\n\
             cross = {{ zone = \"own\", from_front_row = true, and_behind = true, whatever_last_holds = true }}\n\
             lap_captures = true\nlap_captures_sow_on = true\n{from}\
             [end]\ngoal = \"immobilize\"\nply_limit = {{ plies = 100, taken_by = \"each_own\" }}\n"
        )
    };
    let engine = |from: &str| {
        Engine::new(Rules::from_toml(&text(from), "four.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let from = "0,0,0,1/0,0,2,0/2,1,1,1/1,1,1,1 0-0 S";
    // Joined to A4 (five seeds), sown on to B2.
    assert_eq!(
        sow_at(&engine(""), from, "B3").to_string(),
        "1,1,1,0/1,1,0,1/0,1,1,1/0,1,1,1 0-0 N"
    );
    // Sown from B3, where the lap was lifted: B4, A4, A3 (empty).
    let start = engine("lap_captures_sown_from = \"lap_start\"\n");
    assert_eq!(
        sow_at(&start, from, "B3").to_string(),
        "0,0,1,3/0,0,0,2/0,1,1,1/0,1,1,1 0-0 N"
    );
    // Sown from B4, behind A4, whose single seed goes with them: four
    // seeds, A4 to A1 (empty).
    let behind = engine("lap_captures_sown_from = \"behind_last\"\n");
    assert_eq!(
        sow_at(&behind, from, "B3").to_string(),
        "1,1,1,3/0,0,0,0/0,1,1,1/0,1,1,1 0-0 N"
    );
    assert!(sow::sheet::rule_sheet(behind.rules()).contains("back-row house behind"));
    // Not without lap_captures_sow_on, and behind_last needs the front row.
    let error = Rules::from_toml(
        &text("lap_captures_sown_from = \"lap_start\"\n")
            .replace("lap_captures_sow_on = true\n", ""),
        "four.toml",
    )
    .expect_err("refused")
    .to_string();
    assert!(error.contains("lap_captures_sow_on"), "{error}");
    let error = Rules::from_toml(
        &text("lap_captures_sown_from = \"behind_last\"\n").replace("from_front_row = true, ", ""),
        "four.toml",
    )
    .expect_err("refused")
    .to_string();
    assert!(error.contains("behind_last"), "{error}");
}

/// Rab'e's rules (Ludii's): a round ends when a side is empty, and the
/// next is laid out along each side's ring.
const ALONG_RING: &str = r#"
[variant]
name = "along-ring"
[board]
rows = 3
houses_per_row = 6
seeds_per_house = 4
[sowing]
relay = true
relay_stops_on = [1]
relay_stops_after_capture = true
[capture]
counts = [4]
while_sowing = "either"
last_seed = "either"
[end]
either_row_empty = "each_own"
no_move = "each_own"
ply_limit = { plies = 2000, taken_by = "each_own" }
[rounds]
fill_from = "along_ring"
starter = "winner"
# unfilled_blocked = true
"#;

#[test]
fn rounds_fill_from_along_ring() {
    let rab_e = variant(ALONG_RING, &[]);
    // South's A4 sows into b1, the first house of North's ring, making 4:
    // taken, North's houses are empty and the round ends, South 56, North
    // 16. North fills his first four houses along his ring, South hers
    // (the back row from B1), keeping 40; the winner starts.
    let from = "1,0,0/4,4,4,0,0,0/0,0,0/3,0,0,0,0,0 40-16 S";
    let game = play_label(rab_e, from, "A4");
    assert!(
        game.round_end().is_some(),
        "the round ends: {}",
        game.position()
    );
    assert_eq!(
        game.position().to_string(),
        "0,0,0/4,4,4,4,0,0/0,0,0/4,4,4,4,0,0 40-0 S"
    );
    // A drawn round: South is the loser, fills all nine houses, the back
    // row and then her part of the middle row, and North starts.
    let game = play_label(rab_e, "1,0,0/4,4,4,0,0,0/0,0,0/3,0,0,0,0,0 20-36 S", "A4");
    assert_eq!(
        game.position().to_string(),
        "4,4,4/4,4,4,4,4,4/4,4,4/4,4,4,4,4,4 0-0 N"
    );
    // A loser who cannot fill a house loses the match.
    let game = play_label(rab_e, "1,0,0/4,4,4,0,0,0/0,0,0/3,0,0,0,0,0 56-0 S", "A4");
    assert!(game.is_over());
    assert_eq!(game.outcome().unwrap().winner, Some(Side::South));
    let sheet = sow::sheet::rule_sheet(rab_e.rules());
    assert!(
        sheet.contains("in the order their sowing passes them"),
        "{sheet}"
    );
    let e = Rules::from_toml(
        &crate::common::one_option::edited(ALONG_RING, &[("unfilled_blocked", "true")]),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("not with unfilled_blocked"), "{e}");
}

/// Plays `label` (a label of more than one character) in a game from a bare
/// position.
fn play_label(engine: &Arc<Engine>, from: &str, label: &str) -> Game {
    let mut game = Game::from_position(engine, position(from)).unwrap();
    game.play(sow::Move::from_label(label).unwrap(), &mut ())
        .unwrap_or_else(|e| panic!("{e}"));
    game
}

/// A 4x4 board whose relays lift the house after the last seed's, for the
/// takes across of Ludii's Kisolo.
const FOUR_BY_FOUR_FACING: &str = r#"
[variant]
name = "four-rows-facing"
[board]
rows = 4
houses_per_row = 4
seeds_per_house = 2
# start = []
[sowing]
relay = true
relay_from = "next"
# relay_takes_facing = true
[capture]
# facing_take_at_turn_start = true
[end]
goal = "immobilize"
# back_row_empty_loses = true
ply_limit = { plies = 200, taken_by = "each_own" }
"#;

#[test]
fn facing_take_at_turn_start() {
    // North's a3 sows its seed into a2, and the relay ends at the empty a1.
    // South's turn starts: A1 faces a4 (2 seeds), with b4 (1) behind it.
    let from = "2,0,0,0/1,1,1,1/0,0,1,2/0,0,0,1 0-0 N";
    let plain = variant(FOUR_BY_FOUR_FACING, &[]);
    assert_eq!(
        sow_at(plain, from, "a3").to_string(),
        "2,0,0,0/1,1,1,1/0,1,0,2/0,0,0,1 0-0 S"
    );
    // A1 keeps its seeds and takes one of a4's and b4's into B1, then
    // again, a4's last alone.
    let takes = variant(
        FOUR_BY_FOUR_FACING,
        &[("facing_take_at_turn_start", "true")],
    );
    assert_eq!(
        sow_at(takes, from, "a3").to_string(),
        "2,0,0,0/4,1,1,1/0,1,0,0/0,0,0,0 0-0 S"
    );
    assert!(
        sow::sheet::rule_sheet(takes.rules())
            .contains("As your turn starts, each house of your front row")
    );
    // With the loss of an empty back row, the first take empties North's:
    // the game is over, and no more is taken.
    let loses = variant(
        FOUR_BY_FOUR_FACING,
        &[
            ("facing_take_at_turn_start", "true"),
            ("back_row_empty_loses", "true"),
            ("seeds_per_house", "-"),
            ("start", "[2, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 2, 0, 0, 0, 1]"),
        ],
    );
    let mut game = Game::from_position(loses, position(from)).unwrap();
    game.play(sow::Move::from_label("a3").unwrap(), &mut ())
        .unwrap();
    assert_eq!(
        game.position().to_string(),
        "2,0,0,0/3,1,1,1/0,1,0,1/0,0,0,0 0-0 S"
    );
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Side::South));
    assert!(
        sow::sheet::rule_sheet(loses.rules()).contains("A player whose back row is empty loses")
    );
    // Four rows only; the loss needs a goal that is not the seeds.
    let e = Rules::from_toml(
        &sow_edited(&[("cross", "{ zone = \"own\" }"), ("lap_captures", "-")])
            .replace("[capture]", "[capture]\nfacing_take_at_turn_start = true"),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("it needs [board] rows = 4"), "{e}");
    let e = Rules::from_toml(
        &crate::common::one_option::edited(
            FOUR_BY_FOUR_FACING,
            &[("back_row_empty_loses", "true"), ("goal", "\"most_seeds\"")],
        )
        .replace("[end]", "[end]\nno_move = \"each_own\""),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("back_row_empty_loses"), "{e}");
}

#[test]
fn relay_takes_facing() {
    // South's B4 sows its seed into A4; the relay would lift A3, which
    // faces a2 (1 seed, with b2's behind it).
    let from = "0,0,1,0/0,0,0,1/0,1,0,0/0,1,0,0 0-0 S";
    let plain = variant(FOUR_BY_FOUR_FACING, &[]);
    // Lifted, A3's seed goes into A2, and the relay ends at the empty A1.
    assert_eq!(
        sow_at(plain, from, "B4").to_string(),
        "0,1,0,1/0,0,0,0/0,1,0,0/0,1,0,0 0-0 N"
    );
    // A3 takes across instead, into B3; the relay would go on from B4,
    // which is empty: it ends.
    let takes = variant(FOUR_BY_FOUR_FACING, &[("relay_takes_facing", "true")]);
    assert_eq!(
        sow_at(takes, from, "B4").to_string(),
        "0,0,1,1/0,0,2,0/0,0,0,0/0,0,0,0 0-0 N"
    );
    assert!(sow::sheet::rule_sheet(takes.rules()).contains("takes across from it instead"));
    // Only with relay_from = "next".
    let e = Rules::from_toml(
        &crate::common::one_option::edited(
            FOUR_BY_FOUR_FACING,
            &[("relay_takes_facing", "true"), ("relay_from", "-")],
        ),
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("relay_from = \"next\""), "{e}");
}

#[test]
fn a_lap_capture_sown_apart_can_end_the_move() {
    // South's B1 sown clockwise ends in A2, which held a seed, facing a3
    // and b3: it takes them, two seeds, sown from B1 into B2 and B3
    // (Ludii's Otep).
    let first = "0,1,0,0/2,0,1,0/0,0,1,0/2,0,1,0 0-0 S";
    let from = |sown_from: &str| {
        let text = FOUR_BY_FOUR_REVERSIBLE.replace(
            "lap_captures_sown_from = \"lap_start\"\n",
            &format!("lap_captures_sown_from = \"{sown_from}\"\n"),
        );
        Engine::new(Rules::from_toml(&text, "t.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let play = |engine: &Arc<Engine>| {
        let (mv, _) = sow::notation::parse_move("B1<").expect("a move");
        let mut p = position(first);
        engine
            .play(&mut p, mv, &mut ())
            .unwrap_or_else(|e| panic!("B1<: {e}"));
        p.to_string()
    };
    // The move ends once they are sown, though B3 now holds two.
    let stop = from("lap_start_then_stop");
    assert_eq!(play(&stop), "1,2,0,0/0,1,2,0/0,0,0,0/2,0,0,0 0-0 N");
    // Sown as a lap of their own, B3's two seeds relay into B4 and A4,
    // which was empty.
    assert_eq!(
        play(&from("lap_start")),
        "1,2,0,1/0,1,0,1/0,0,0,0/2,0,0,0 0-0 N"
    );
    // Sown apart with the relay going on, A2's two seeds go into A1 and
    // B1, which was empty.
    assert_eq!(
        play(&from("lap_start_then_relay")),
        "2,0,0,0/1,1,2,0/0,0,0,0/2,0,0,0 0-0 N"
    );
    let sheet = sow::sheet::rule_sheet(stop.rules());
    assert!(sheet.contains("and the move ends there"), "{sheet}");
    // On four rows a player left without seeds loses (Ludii's Ryakati,
    // where a player who only cannot move passes).
    let ryakati = FOUR_BY_FOUR_REVERSIBLE
        .replace(
            "seeds_per_house = 2\n",
            "start = [0, 1, 0, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0]\n",
        )
        .replace(
            "min_seeds = 2\n",
            "min_seeds = 2\npass_when_no_move = true\n",
        )
        .replace("goal = \"immobilize\"", "goal = \"deprive\"");
    let engine =
        Engine::new(Rules::from_toml(&ryakati, "t.toml").unwrap_or_else(|e| panic!("{e}")));
    let mut game = Game::new(&engine);
    let (mv, _) = sow::notation::parse_move("B1<").expect("a move");
    game.play(mv, &mut ()).expect("B1< is legal");
    let outcome = game.outcome().expect("North has no seeds left");
    assert_eq!(
        outcome.reason,
        EndReason::Deprived {
            winner: Side::South
        }
    );
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(
        sheet.contains("A player whose houses are all empty loses"),
        "{sheet}"
    );
}

#[test]
fn a_move_sown_the_other_way_sows_every_lap_so_and_its_captures_apart() {
    // South's B1 sown clockwise ends in A2, which held a seed, facing a3
    // and b3: it takes them, two seeds (Ludii's Mweso).
    let first = "0,1,0,0/2,0,0,0/0,0,1,0/2,0,1,0 0-0 S";
    let apart = FOUR_BY_FOUR_REVERSIBLE.replace(
        "lap_captures_sown_from = \"lap_start\"\n",
        "lap_captures_sown_from = \"lap_start_then_relay\"\n",
    );
    let whole = apart.replace(
        "reverse_from = [\"B1\"]\n",
        "reverse_from = [\"B1\"]\nreverse_whole_move = true\n",
    );
    let load = |text: &str| {
        Engine::new(Rules::from_toml(text, "t.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let play = |engine: &Arc<Engine>, from: &str, text: &str| {
        let (mv, _) = sow::notation::parse_move(text).expect("a move");
        let mut p = position(from);
        engine
            .play(&mut p, mv, &mut ())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        p.to_string()
    };
    // Sown apart, the two seeds go from B1 the board's way, into B2 and
    // B3, and the relay goes on from A2 with its two seeds: clockwise, as
    // the move's first lap went, into A3 and A4, which was empty.
    let engine = load(&whole);
    assert_eq!(
        play(&engine, first, "B1<"),
        "1,0,1,1/0,1,1,0/0,0,0,0/2,0,0,0 0-0 N"
    );
    // Without reverse_whole_move the relay from A2 goes the board's way,
    // into A1 and B1, which was empty.
    assert_eq!(
        play(&load(&apart), first, "B1<"),
        "2,0,0,0/1,1,1,0/0,0,0,0/2,0,0,0 0-0 N"
    );
    // Sown on from B1 as a lap of their own, the two seeds end in B3,
    // empty, and A2 keeps its two.
    assert_eq!(
        play(&load(FOUR_BY_FOUR_REVERSIBLE), first, "B1<"),
        "1,2,0,0/0,1,1,0/0,0,0,0/2,0,0,0 0-0 N"
    );
    // A later lap lifted from B1 offers no way of its own: A2's move goes
    // the board's way to the end.
    let later = "0,2,0,0/1,0,0,0/0,0,1,0/2,0,1,0 0-0 S";
    assert_eq!(legal_labels(&load(&apart), later), ["A2", "A2/<"]);
    assert_eq!(legal_labels(&engine, later), ["A2"]);
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(
        sheet.contains("every later lap of the move then goes the way the first went"),
        "{sheet}"
    );
    assert!(sheet.contains("does nothing more"), "{sheet}");
    // Only with laps sown the other way by choice.
    let alone = whole.replace("reverse_from = [\"B1\"]\n", "");
    let e = Rules::from_toml(&alone, "t.toml").unwrap_err().to_string();
    assert!(e.contains("reverse_whole_move"), "{e}");
}

/// Two rows of four, every seed in hand: each player lays them out before
/// any sowing.
const FOUR_IN_HAND: &str = r#"
[variant]
name = "four-in-hand"
[board]
houses_per_side = 4
start_in_stores = 2
[play]
place_from_hand = true
[end]
goal = "immobilize"
ply_limit = { plies = 200, taken_by = "each_own" }
"#;

#[test]
fn seeds_in_hand_are_placed_one_a_turn_before_sowing() {
    let engine =
        Engine::new(Rules::from_toml(FOUR_IN_HAND, "t.toml").unwrap_or_else(|e| panic!("{e}")));
    let mut game = Game::new(&engine);
    assert_eq!(game.position().to_string(), "0,0,0,0/0,0,0,0 2-2 S");
    // While a hand holds seeds, its owner places one in any house of
    // theirs, empty or not.
    let moves =
        |game: &Game| -> Vec<String> { game.legal_moves().iter().map(|m| m.to_string()).collect() };
    assert_eq!(moves(&game), ["A@", "B@", "C@", "D@"]);
    let refused = |game: &mut Game, text: &str, why: &str| {
        let (mv, _) = sow::notation::parse_move(text).expect("a move");
        let e = game.play(mv, &mut ()).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    };
    refused(&mut game, "A", "place one first");
    refused(&mut game, "a@", "opponent's side");
    let play = |game: &mut Game, text: &str| {
        let (mv, _) = sow::notation::parse_move(text).expect("a move");
        game.play(mv, &mut ())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.position().to_string()
    };
    assert_eq!(play(&mut game, "A@"), "1,0,0,0/0,0,0,0 1-2 N");
    assert_eq!(moves(&game), ["a@", "b@", "c@", "d@"]);
    assert_eq!(play(&mut game, "d@"), "1,0,0,0/0,0,0,1 1-1 S");
    // The placement says what the house holds after it (the playground
    // draws that).
    let mut events: Vec<sow::trace::Event> = Vec::new();
    let (mv, _) = sow::notation::parse_move("A@").expect("a move");
    game.play(mv, &mut events).expect("A@ is legal");
    assert_eq!(events, [sow::trace::Event::Place { house: 0, now: 2 }]);
    assert_eq!(game.position().to_string(), "2,0,0,0/0,0,0,1 0-1 N");
    assert_eq!(play(&mut game, "a@"), "2,0,0,0/1,0,0,1 0-0 S");
    // Both hands empty, the sowing starts; a placement is refused.
    assert_eq!(moves(&game), ["A"]);
    refused(&mut game, "B@", "your hand is empty");
    assert_eq!(play(&mut game, "A"), "0,1,1,0/1,0,0,1 0-0 N");
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(
        sheet.contains("While your hand (your store) holds seeds"),
        "{sheet}"
    );
    // The seeds in hand are only the ones to place: nothing else may put
    // seeds there, and a hand must hold some.
    let refused_rules = |text: &str, why: &str| {
        let e = Rules::from_toml(text, "t.toml").unwrap_err().to_string();
        assert!(e.contains(why), "{e}");
    };
    refused_rules(
        &FOUR_IN_HAND.replace(
            "[end]\n",
            "[capture]\ncounts = [2, 3]\nlast_seed = \"opponent\"\n[end]\n",
        ),
        "captures kept in the store",
    );
    refused_rules(
        &FOUR_IN_HAND.replace("start_in_stores = 2\n", "seeds_per_house = 2\n"),
        "a start without seeds in the stores",
    );
    refused_rules(
        &FOUR_IN_HAND.replace(
            "place_from_hand = true\n",
            "place_from_hand = true\nsow_from_store = true\n",
        ),
        "sow_from_store",
    );
    // Nor may sowing refill a hand mid-game.
    refused_rules(
        &FOUR_IN_HAND.replace("[play]\n", "[sowing]\ninto_stores = \"own\"\n[play]\n"),
        "[sowing] into_stores",
    );
    // A board that starts empty needs a way to take the seeds out of hand.
    refused_rules(
        &FOUR_IN_HAND.replace("place_from_hand = true\n", ""),
        "nothing takes them out",
    );
}

#[test]
fn a_column_of_two_single_seeds_is_spared_from_an_empty_house() {
    // South's A4 sows its seed into A3, facing North's a2 with b2 behind
    // it (Ludii's Katra of the Boaoaka).
    let whole = ", from_front_row = true, whole_column = true, whatever_last_holds = true";
    let load = |cross: &str| {
        let text = FOUR_BY_FOUR_CROSS.replace(
            "from_front_row = true, and_behind = true }",
            &format!("{}{cross} }}", &whole[2..]),
        );
        Engine::new(Rules::from_toml(&text, "t.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let sparing = load(", from_empty_spares_singles = true");
    let plain = load("");
    // A3 was empty, and a2 and b2 hold one seed each: spared.
    let singles = "0,0,0,1/1,0,0,0/0,1,0,0/0,1,0,0 0-0 S";
    assert_eq!(
        sow_at(&sparing, singles, "A4").to_string(),
        "0,0,1,0/1,0,0,0/0,1,0,0/0,1,0,0 0-0 N"
    );
    assert_eq!(
        sow_at(&plain, singles, "A4").to_string(),
        "0,0,1,0/1,0,0,0/0,0,0,0/0,0,0,0 2-0 N"
    );
    // Any other column is taken from an empty house.
    let more = "0,0,0,1/1,0,0,0/0,1,0,0/0,2,0,0 0-0 S";
    assert_eq!(
        sow_at(&sparing, more, "A4").to_string(),
        "0,0,1,0/1,0,0,0/0,0,0,0/0,0,0,0 3-0 N"
    );
    // From a house that held seeds, two single seeds are taken too.
    let occupied = "0,0,1,1/1,0,0,0/0,1,0,0/0,1,0,0 0-0 S";
    assert_eq!(
        sow_at(&sparing, occupied, "A4").to_string(),
        "0,0,2,0/1,0,0,0/0,0,0,0/0,0,0,0 2-0 N"
    );
    let sheet = sow::sheet::rule_sheet(sparing.rules());
    assert!(
        sheet.contains("two houses holding one seed each"),
        "{sheet}"
    );
    // Only where a whole column is taken from any house.
    let text = FOUR_BY_FOUR_CROSS.replace(
        "and_behind = true }",
        "and_behind = true, from_empty_spares_singles = true }",
    );
    let e = Rules::from_toml(&text, "t.toml").unwrap_err().to_string();
    assert!(e.contains("from_empty_spares_singles"), "{e}");
}

#[test]
fn a_relay_goes_on_past_an_opponent_left_without_seeds() {
    // South's A4 sows its seed into A3, which held one, facing North's
    // last seed in a2: the lap takes it, and A3 relays with the three
    // seeds, into A2, A1 and B1, which held one (Ludii's Katra of the
    // Boaoaka).
    let text = FOUR_BY_FOUR_CROSS
        .replace(
            "from_front_row = true, and_behind = true }",
            "from_front_row = true, whole_column = true, whatever_last_holds = true }\nlap_captures = true\nlap_captures_sow_on = true",
        )
        .replace("[capture]", "[sowing]\nrelay = true\nrelay_stops_on = [1]\n[capture]");
    let past = text.replace(
        "lap_captures_sow_on = true",
        "lap_captures_sow_on = true\nlap_captures_past_empty_opponent = true",
    );
    let load = |text: &str| {
        Engine::new(Rules::from_toml(text, "t.toml").unwrap_or_else(|e| panic!("{e}")))
    };
    let from = "0,0,1,1/1,0,0,0/0,1,0,0/0,0,0,0 0-0 S";
    // The opponent has no seeds left: the sowing stops in B1.
    assert_eq!(
        sow_at(&load(&text), from, "A4").to_string(),
        "1,1,0,0/2,0,0,0/0,0,0,0/0,0,0,0 0-0 N"
    );
    // Past it, B1 relays on, into B2 and B3, which was empty.
    let engine = load(&past);
    assert_eq!(
        sow_at(&engine, from, "A4").to_string(),
        "1,1,0,0/0,1,1,0/0,0,0,0/0,0,0,0 0-0 N"
    );
    let sheet = sow::sheet::rule_sheet(engine.rules());
    assert!(
        sheet.contains("even once the opponent has no seeds"),
        "{sheet}"
    );
    // Only where the captures join the last house.
    let elsewhere = past.replace(
        "lap_captures_past_empty_opponent = true",
        "lap_captures_past_empty_opponent = true\nlap_captures_sown_from = \"lap_start\"",
    );
    let e = Rules::from_toml(&elsewhere, "t.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("lap_captures_past_empty_opponent"), "{e}");
}
