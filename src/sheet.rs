//! A variant's rules in words, written from the compiled [`Rules`], so the
//! sheet `sow rules` prints can never drift from the file it came from.

use std::fmt::Write as _;

use crate::rules::{CountSet, Rules};
use crate::variant::{Collect, Direction, GrandSlam, Zone};

fn counts(set: CountSet) -> String {
    let values: Vec<String> = set.iter().map(|c| c.to_string()).collect();
    match values.as_slice() {
        [] => "no count".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn zone(zone: Zone) -> &'static str {
    match zone {
        Zone::None => "nowhere",
        Zone::Opponent => "in the opponent's row",
        Zone::Own => "in the sower's own row",
        Zone::Either => "in either row",
    }
}

fn collect(collect: Collect) -> &'static str {
    match collect {
        Collect::EachOwn => "each player takes the seeds left in their own row",
        Collect::LastCapturer => "the player who captured last takes the seeds left",
        Collect::Nobody => "the seeds left stay on the board",
    }
}

/// The rule sheet: a title, then one paragraph per part of the rules.
pub fn rule_sheet(rules: &Rules) -> String {
    let meta = &rules.meta;
    let mut out = String::new();
    let mut title = meta.name.clone();
    if !meta.aliases.is_empty() {
        let _ = write!(title, " (also {})", meta.aliases.join(", "));
    }
    let _ = writeln!(out, "{title}\n{}", "=".repeat(title.chars().count()));
    if let Some(summary) = &meta.summary {
        let _ = writeln!(out, "{summary}");
    }
    if let Some(region) = &meta.region {
        let _ = writeln!(out, "Played in: {region}");
    }
    if let Some(source) = &meta.source {
        let _ = writeln!(out, "Source: {source}");
    }
    if !meta.rulings.is_empty() {
        let _ = writeln!(
            out,
            "Rulings followed (RULINGS.md): {}",
            meta.rulings.join(", ")
        );
    }

    let n = rules.houses_per_side();
    let _ = writeln!(
        out,
        "\nBoard\n  Two rows of {n} houses, {} seeds in each: {} seeds. South owns the bottom row and moves first.",
        rules.seeds_per_house(),
        rules.total_seeds()
    );

    let _ = writeln!(out, "\nSowing");
    let direction = match rules.direction() {
        Direction::CounterClockwise => {
            "counter-clockwise (South's row left to right, then North's)"
        }
        Direction::Clockwise => "clockwise",
    };
    let _ = writeln!(
        out,
        "  Lift every seed of one of your houses and sow them one by one, {direction}."
    );
    if rules.skip_origin() {
        let _ = writeln!(out, "  A lap passes over the house the seeds came from.");
    } else {
        let _ = writeln!(
            out,
            "  A lap sows into the house the seeds came from as well."
        );
    }
    if rules.relay() {
        let stops = rules.relay_stops();
        let _ = writeln!(
            out,
            "  Relay sowing: when the last seed falls, its hole's seeds are lifted and sown on{}.",
            if stops.is_empty() {
                String::new()
            } else {
                format!(", unless the hole now holds {}", counts(stops))
            }
        );
        let _ = writeln!(
            out,
            "  A move whose relay would never end may not be played."
        );
    }

    let _ = writeln!(out, "\nWhich houses may be played");
    let _ = writeln!(
        out,
        "  Any of your houses holding at least {} seed(s).",
        rules.min_seeds()
    );
    if rules.must_feed() {
        let _ = writeln!(
            out,
            "  When the opponent has no seeds, you must sow into their row if you can."
        );
    }
    if rules.single_seed_rule() {
        let _ = writeln!(
            out,
            "  A house with a single seed may be played only when no other playable house holds two or more."
        );
    }
    if rules.pass_when_empty() {
        let _ = writeln!(
            out,
            "  A player with no seeds loses the turn; the other moves again, as often as needed."
        );
    }

    let _ = writeln!(out, "\nCaptures");
    let capture_counts = counts(rules.capture_counts());
    if rules.last_seed_zone() != Zone::None {
        let _ = writeln!(
            out,
            "  When the last seed makes a hole hold {capture_counts} {}, its seeds are captured{}.",
            zone(rules.last_seed_zone()),
            if rules.relay() {
                " and the turn ends"
            } else {
                ""
            }
        );
    }
    if rules.chain() {
        let _ = writeln!(
            out,
            "  Then the holes before it are captured too, going back, while they hold {capture_counts} {}.",
            zone(rules.last_seed_zone())
        );
    }
    if rules.while_sowing_zone() != Zone::None {
        let _ = writeln!(
            out,
            "  While sowing, any other seed that makes a hole hold {capture_counts} {} captures it at once.",
            zone(rules.while_sowing_zone())
        );
    }
    let slam = match rules.grand_slam() {
        GrandSlam::Capture => "the capture stands",
        GrandSlam::NoCapture => "the move is played but captures nothing",
        GrandSlam::Forbidden => "the move may not be played",
        GrandSlam::CaptureThenFeed => {
            "the capture stands, and the capturer moves again at once and must feed"
        }
    };
    let _ = writeln!(
        out,
        "  Grand slam (taking every seed the opponent has): {slam}."
    );

    let _ = writeln!(out, "\nThe end");
    if let Some(majority) = rules.majority() {
        let _ = writeln!(
            out,
            "  A store holding {majority} or more ends the game at once; the seeds on the board stay."
        );
    }
    if rules.even_split_draw() {
        let _ = writeln!(
            out,
            "  Both stores holding {} ends the game as a draw.",
            rules.total_seeds() / 2
        );
    }
    if let Some(rule) = rules.seeds_left() {
        let _ = writeln!(
            out,
            "  With {} or fewer seeds on the board the game ends: {}.",
            rule.at_most,
            collect(rule.taken_by)
        );
    }
    let _ = writeln!(
        out,
        "  When the player to move has no legal move the game ends: {}.",
        collect(rules.no_move())
    );
    if let Some(rule) = rules.repetition() {
        let _ = writeln!(
            out,
            "  When a position repeats since the last capture the game ends: {}.",
            collect(rule)
        );
    }
    if let Some(rule) = rules.ply_limit() {
        let _ = writeln!(
            out,
            "  After {} moves the game ends: {}.",
            rule.plies,
            collect(rule.taken_by)
        );
    }
    let _ = writeln!(
        out,
        "  The player with more seeds in store wins; equal stores are a draw."
    );
    out
}
