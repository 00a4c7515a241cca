//! A variant's rules in words, written from the compiled [`Rules`], so the
//! sheet `sow rules` prints can never drift from the file it came from. Each
//! rule part writes its own paragraph ([`crate::rules`]); this module only
//! puts the title first and the parts in order.

use std::fmt::Write as _;

use crate::Side;
use crate::rules::{Rules, blocking, capture, children, ending, feeding, grand_slam, sowing, turn};

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
    if let Some(book) = &meta.rule_book {
        let _ = writeln!(out, "Rule book: {book}");
    }
    if let Some(differs) = &meta.differs_from {
        let _ = writeln!(out, "Differs from {differs}");
    }
    if !meta.rulings.is_empty() {
        let _ = writeln!(
            out,
            "Rulings followed (docs/rulings.md): {}",
            meta.rulings.join(", ")
        );
    }

    let start = rules.start();
    let n = rules.houses_per_side();
    if rules.random_start() {
        let _ = writeln!(
            out,
            "\nBoard\n  Two rows of {n} houses and {} seeds, dealt at random for every game: each house gets 2 seeds when there are at least 2 for every house (none otherwise), then each seed left goes into a house drawn at random. South owns the bottom row and moves first.",
            rules.total_seeds()
        );
    } else if (0..2 * n).all(|h| start.at(h) == rules.seeds_per_house()) {
        let _ = writeln!(
            out,
            "\nBoard\n  Two rows of {} houses, {} seeds in each: {} seeds. South owns the bottom row and moves first.",
            n,
            rules.seeds_per_house(),
            rules.total_seeds()
        );
    } else {
        let row = |side: Side| {
            start
                .row(side)
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            out,
            "\nBoard\n  Two rows of {n} houses, {} seeds in all, laid out at the start from each owner's left: South {}; North {}. South owns the bottom row and moves first.",
            rules.total_seeds(),
            row(Side::South),
            row(Side::North)
        );
    }
    sowing::describe(rules, &mut out);
    feeding::describe(rules, &mut out);
    capture::describe(rules, &mut out);
    children::describe(rules, &mut out);
    blocking::describe(rules, &mut out);
    grand_slam::describe(rules, &mut out);
    turn::describe(rules, &mut out);
    ending::describe(rules, &mut out);
    out
}
