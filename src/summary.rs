//! What a move did, in one line: the line `sow play` prints after every
//! move, such as `North plays d: captures 2 from B and 3 from C (5)`.
//!
//! The line is built from the move's [`Event`]s and the position before it,
//! so it says only what the engine reported, never what a reader guesses.

use crate::game::Outcome;
use crate::position::{Move, Position};
use crate::trace::{EndReason, Event, SlamOutcome};
use crate::word::FEED;

/// One line saying what `mv`, played from `before`, did, from its `events`.
pub fn summarise(before: &Position, mv: Move, events: &[Event]) -> String {
    let layout = before.layout();
    let side = before.to_move();
    let label = |place: usize| crate::trace::place_label(place, layout);
    let mut parts: Vec<String> = Vec::new();
    // A feed is a seed sown into the opponent's empty row: said where the
    // events show one, never inferred from the position before.
    let opponent = side.opponent();
    let houses = 2 * layout.houses_per_side();
    let fed = events.iter().any(|event| {
        matches!(*event, Event::Drop { house, .. }
            if house < houses && before.row_of(house) == opponent)
    });
    if fed && before.get(FEED) {
        parts.push("feeds after the grand slam".into());
    } else if fed && before.row_is_empty(opponent) {
        parts.push(format!("feeds {opponent}"));
    }
    let origin = match mv.store_seeds() {
        Some(_) => crate::board::STORE[side.index()],
        None => layout.house(mv.label()).unwrap_or_default(),
    };
    // Laps: how often the first sowing comes back round to its own house.
    let mut laps = 0;
    let mut relays: Vec<String> = Vec::new();
    let mut captures: Vec<(usize, u8)> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    let mut out_of_play = 0u32;
    let mut spilt = 0u32;
    for (i, event) in events.iter().enumerate() {
        // A drop in the origin straight after the lift starts the sowing
        // there (`first_seed_in_origin`); it is no lap.
        let starts = i > 0 && matches!(events[i - 1], Event::Lift { .. });
        match *event {
            Event::SkipOrigin { house } if house == origin && relays.is_empty() => laps += 1,
            Event::Drop { house, .. } if house == origin && relays.is_empty() && !starts => {
                laps += 1
            }
            Event::Relay { house, seeds } => relays.push(format!("{seeds} from {}", label(house))),
            Event::Capture { house, seeds } => captures.push((house, seeds)),
            Event::GrandSlam { outcome } => others.push(
                match outcome {
                    SlamOutcome::Captured => "a grand slam: the capture stands",
                    SlamOutcome::NothingCaptured => "a grand slam: nothing is captured",
                    SlamOutcome::CaptureThenFeed => "a grand slam: it must now feed",
                    SlamOutcome::LeftRightmost => {
                        "a grand slam: the opponent's rightmost occupied house gets its seeds back"
                    }
                    SlamOutcome::OpponentTookRest => {
                        "a grand slam: the opponent takes the seeds left in its row"
                    }
                }
                .into(),
            ),
            Event::Child { house, side } => {
                others.push(format!("makes {} {side}'s child", label(house)))
            }
            Event::Ram { house, made } => others.push(format!(
                "{} {} a ram",
                label(house),
                if made { "becomes" } else { "is no longer" }
            )),
            Event::ExtraTurn { side } => others.push(format!("{side} moves again")),
            Event::Pass { side } => others.push(format!("{side} has no seeds and passes")),
            Event::Collect { side, seeds } => others.push(format!("{side} collects {seeds}")),
            Event::BearOff { side, seeds } => others.push(format!("{side} bears off {seeds}")),
            Event::BearingOff => others.push("the game bears off from now on".into()),
            Event::Close { house } => others.push(format!("closes {}", label(house))),
            Event::Mark { house } => others.push(format!("marks {}", label(house))),
            Event::Give { house, seeds, .. } => {
                others.push(format!("drops {seeds} into {}", label(house)))
            }
            Event::Place { house, .. } => others.push(format!("places a seed in {}", label(house))),
            Event::Share { from, to } => others.push(format!(
                "shares a seed of {} into {}",
                label(from),
                label(to)
            )),
            Event::OutOfPlay { .. } => out_of_play += 1,
            Event::Spill { .. } => spilt += 1,
            Event::RoundOver { reason, winner } => others.push(format!(
                "the round is over ({}): {}; the next round starts",
                reason.describe(),
                match winner {
                    Some(side) => format!("{side} wins it"),
                    None => "a draw".to_string(),
                }
            )),
            _ => {}
        }
    }
    match laps {
        0 => {}
        1 => parts.push("sows a full lap".into()),
        _ => parts.push(format!("sows {laps} full laps")),
    }
    if !relays.is_empty() {
        let times = if relays.len() == 1 {
            "once".to_string()
        } else {
            format!("{} times", relays.len())
        };
        parts.push(format!("relays {times} ({})", relays.join(", ")));
    }
    if !captures.is_empty() {
        captures.sort_by_key(|&(house, _)| house);
        let items: Vec<String> = captures
            .iter()
            .map(|&(house, seeds)| format!("{seeds} from {}", label(house)))
            .collect();
        let total: u32 = captures.iter().map(|&(_, seeds)| seeds as u32).sum();
        let mut text = format!("captures {}", and_list(&items));
        if items.len() > 1 {
            text.push_str(&format!(" ({total})"));
        }
        parts.push(text);
    }
    if out_of_play > 0 {
        parts.push(format!(
            "{out_of_play} seed{} leave{} play at blocked houses",
            if out_of_play == 1 { "" } else { "s" },
            if out_of_play == 1 { "s" } else { "" }
        ));
    }
    if spilt > 0 {
        parts.push(format!(
            "{spilt} seed{} leave{} play (full houses, the row's end)",
            if spilt == 1 { "" } else { "s" },
            if spilt == 1 { "s" } else { "" }
        ));
    }
    parts.extend(others);
    if parts.is_empty() {
        parts.push("no capture".into());
    }
    format!("{side} plays {mv}: {}", parts.join("; "))
}

/// `1 move`, `2 moves`: a count and its noun, made plural by an `s`.
pub fn counted(count: impl Into<u64>, noun: &str) -> String {
    let count = count.into();
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Why a game ended, in words, telling a majority from an even split: both
/// are [`EndReason::Majority`] (R5), but a 24–24 draw is no majority.
pub fn ending(outcome: &Outcome) -> String {
    match (outcome.reason, outcome.winner) {
        (EndReason::Majority, None) => "the stores split the seeds evenly".into(),
        (reason, _) => reason.describe(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::position::Side;
    use crate::rules::shipped;

    fn line(variant: &str, position: Position, label: char) -> String {
        let engine = crate::Engine::new(shipped(variant));
        let mut game = Game::from_position(&engine, position).unwrap();
        let before = game.position().clone();
        let mv = Move::from_label(&label.to_string()).unwrap();
        let mut events = Vec::new();
        game.play(mv, &mut events).unwrap();
        summarise(&before, mv, &events)
    }

    #[test]
    fn a_quiet_move_says_so() {
        let engine = crate::Engine::new(shipped("oware.toml"));
        let rules = engine.rules();
        assert_eq!(
            line("oware.toml", rules.start(), 'C'),
            "South plays C: no capture"
        );
    }

    #[test]
    fn captures_are_listed_by_house_with_their_total() {
        // North's d (4 seeds) drops in e, f, A (1 -> 2) and B (2 -> 3); the
        // chain takes B, then A, and the line lists them in house order.
        let position =
            Position::new(&[1, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 9], [0, 0], Side::North).unwrap();
        assert_eq!(
            line("oware.toml", position, 'd'),
            "North plays d: captures 2 from A and 3 from B (5)"
        );
    }

    #[test]
    fn a_single_capture_has_no_total() {
        let position =
            Position::new(&[4, 4, 4, 4, 4, 1, 1, 4, 4, 4, 4, 3], [4, 3], Side::South).unwrap();
        assert_eq!(
            line("oware.toml", position, 'F'),
            "South plays F: captures 2 from a"
        );
    }

    #[test]
    fn laps_are_counted() {
        // 12 seeds from A: 11 houses, skip A, then B.
        let position =
            Position::new(&[12, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], [3, 0], Side::South).unwrap();
        assert!(
            line("oware.toml", position, 'A').starts_with("South plays A: sows a full lap"),
            "a lap past the origin is reported"
        );
    }

    #[test]
    fn feeding_an_empty_opponent_is_said() {
        let position =
            Position::new(&[0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0], [21, 21], Side::South).unwrap();
        let text = line("oware.toml", position, 'F');
        assert!(text.starts_with("South plays F: feeds North"), "{text}");
    }

    #[test]
    fn a_move_that_leaves_the_empty_opponent_unfed_says_no_feed() {
        // Dakon: E's one seed goes to F; North's row stays empty, and North
        // passes.
        let position =
            crate::notation::parse_position("0,0,0,0,1,0,0/0,0,0,0,0,0,0 59-38 S").unwrap();
        let text = line("mancalagames/dakon.toml", position, 'E');
        assert_eq!(text, "South plays E: North has no seeds and passes");
    }

    #[test]
    fn relays_are_listed() {
        // Wouri: F's 2 seeds end in b, which holds 2 more, so they are relayed.
        let position =
            Position::new(&[4, 4, 4, 4, 4, 2, 4, 2, 4, 4, 4, 4], [2, 2], Side::South).unwrap();
        let text = line("wouri.toml", position, 'F');
        assert!(text.contains("relays"), "{text}");
    }

    #[test]
    fn an_even_split_is_not_a_majority() {
        let draw = Outcome {
            reason: EndReason::Majority,
            winner: None,
            score: [24, 24],
        };
        let win = Outcome {
            reason: EndReason::Majority,
            winner: Some(Side::South),
            score: [25, 20],
        };
        assert_eq!(ending(&draw), "the stores split the seeds evenly");
        assert_eq!(counted(1u32, "move"), "1 move");
        assert_eq!(counted(0u32, "move"), "0 moves");
        assert_eq!(counted(2u8, "seed"), "2 seeds");
        assert_eq!(ending(&win), "a store holds the majority");
    }

    /// Every phrase of a move's line is borne out by the steps `sow
    /// explain` prints for it (the same events, each described alone), on
    /// random games of every shipped variant; a phrase this test does not
    /// know fails it, so a new phrase comes with its check.
    #[test]
    fn every_phrase_is_borne_out_by_the_steps() {
        let mut lines = 0;
        for rules in crate::rules::builtin_rules() {
            let engine = crate::Engine::new(rules);
            for seed in 0..2 {
                let mut rng = crate::rng::Rng::new(seed);
                let mut game = Game::new(&engine);
                for _ in 0..200 {
                    let Some(mv) = game.random_move(&mut rng) else {
                        break;
                    };
                    let before = game.position().clone();
                    let mut events = Vec::new();
                    game.play(mv, &mut events).unwrap();
                    let line = summarise(&before, mv, &events);
                    let steps = crate::diagram::steps(&events, before.layout());
                    check_phrases(&line, &steps, &before, mv, &engine.rules().meta.name);
                    lines += 1;
                }
            }
        }
        assert!(lines > 10_000, "{lines}");
    }

    fn check_phrases(line: &str, steps: &str, before: &Position, mv: Move, variant: &str) {
        let layout = before.layout();
        let says = |step: &str| steps.lines().any(|l| l.contains(step));
        let count = |step: &str| steps.lines().filter(|l| l.contains(step)).count();
        let (_, said) = line.split_once(": ").unwrap();
        let why = format!("{variant}: {line}\n{steps}");
        let opponent = before.to_move().opponent();
        for phrase in said.split("; ") {
            let words: Vec<&str> = phrase.split(' ').collect();
            match words[..] {
                ["no", "capture"] => assert!(!says("capture "), "{why}"),
                ["feeds", ..] => {
                    let fed = (0..2 * layout.houses_per_side())
                        .filter(|&h| before.row_of(h) == opponent)
                        .any(|h| says(&format!("drop in {} ", layout.label(h))));
                    assert!(fed, "{why}");
                }
                ["sows", ..] if mv.store_seeds().is_none() => {
                    let origin = mv.label();
                    assert!(
                        says(&format!("skip {origin} (the origin)"))
                            || count(&format!("drop in {origin} ")) > 0,
                        "{why}"
                    );
                }
                ["relays", ..] => {
                    let listed = phrase.split_once('(').unwrap().1.trim_end_matches(')');
                    for item in listed.split(", ") {
                        assert!(says(&format!("relay: lift {item}")), "{item}: {why}");
                    }
                }
                ["captures", ..] => {
                    let listed = phrase["captures ".len()..].split(" (").next().unwrap();
                    for item in listed.split(", ").flat_map(|i| i.split(" and ")) {
                        assert!(says(&format!("capture {item}")), "{item}: {why}");
                    }
                }
                ["makes", house, side, "child"] => {
                    assert!(says(&format!("{house} becomes {side} child")), "{why}")
                }
                [house, "becomes", "a", "ram"] => {
                    assert!(says(&format!("{house} becomes a ram")), "{why}")
                }
                [house, "is", "no", "longer", "a", "ram"] => {
                    assert!(says(&format!("{house} is a ram no more")), "{why}")
                }
                [_, "moves", "again"] | [_, "has", "no", "seeds", "and", "passes"] => {
                    assert!(says(phrase), "{why}")
                }
                [_, "collects", _] | [_, "bears", "off", _] => {
                    assert!(says(phrase), "{why}")
                }
                ["the", "game", "bears", "off", ..] => {
                    assert!(says("from now on the game bears off"), "{why}")
                }
                ["closes", house] => assert!(says(&format!("{house} closes")), "{why}"),
                ["marks", house] => assert!(says(&format!("mark {house}")), "{why}"),
                ["drops", seeds, "into", house] => assert!(
                    says(&format!("drop the {seeds} seed(s) captured into {house}")),
                    "{why}"
                ),
                ["places", "a", "seed", "in", house] => assert!(
                    says(&format!("place a seed from the hand in {house}")),
                    "{why}"
                ),
                ["shares", "a", "seed", "of", from, "into", to] => assert!(
                    says(&format!(
                        "share one seed of {from} with the opponent, into {to}"
                    )),
                    "{why}"
                ),
                [seeds, _, _, "play", "at", "blocked", "houses"] => {
                    assert_eq!(count("(blocked) leaves play").to_string(), seeds, "{why}")
                }
                [seeds, _, _, "play", "(full", ..] => assert_eq!(
                    (count("(full) leaves play") + count("past the row's end")).to_string(),
                    seeds,
                    "{why}"
                ),
                ["a", "grand", "slam:", ..] => assert!(says("grand slam: "), "{why}"),
                ["the", "round", "is", "over", ..] => assert!(says("round over: "), "{why}"),
                ["the", "next", "round", "starts"] => {
                    assert!(says("the next round starts"), "{why}")
                }
                _ => panic!("a phrase this test does not know: `{phrase}` in {why}"),
            }
        }
    }

    #[test]
    fn lists_read_as_english() {
        let items: Vec<String> = ["x", "y", "z"].iter().map(|s| s.to_string()).collect();
        assert_eq!(and_list(&items[..1]), "x");
        assert_eq!(and_list(&items[..2]), "x and y");
        assert_eq!(and_list(&items), "x, y and z");
    }
}
