//! A variant's rules in words, written from the compiled [`Rules`], so the
//! sheet `sow rules` prints can never drift from the file it came from. Each
//! rule part writes its own paragraph ([`crate::rules`]); this module only
//! puts the title first and the parts in order.

use std::fmt::Write as _;

use crate::Side;
use crate::diagnostic::escape_controls;
use crate::rules::{
    Rules, blocking, capture, children, ending, feeding, grand_slam, rounds, sowing, turn,
};
use crate::summary::counted;

/// A rule sheet taken apart, for tools (`sow rules --json`): the lines
/// under the title, then each section's heading and lines, as
/// [`rule_sheet`] prints them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SheetParts {
    /// The variant's name.
    pub name: String,
    /// Its other names.
    pub aliases: Vec<String>,
    /// The lines between the title and the first section (summary, origin,
    /// sources).
    pub about: Vec<String>,
    /// Each section: its heading and its lines, unindented.
    pub sections: Vec<SheetSection>,
}

/// One section of a rule sheet.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SheetSection {
    /// The heading, such as `Captures`.
    pub heading: String,
    /// Its lines, in order.
    pub lines: Vec<String>,
}

/// The rule sheet of `rules`, taken apart into its sections.
pub fn sheet_parts(rules: &Rules) -> SheetParts {
    let sheet = rule_sheet(rules);
    let mut about = Vec::new();
    let mut sections: Vec<SheetSection> = Vec::new();
    let mut after_blank = false;
    // The title and its underline come first.
    for line in sheet.lines().skip(2) {
        if line.is_empty() {
            after_blank = true;
            continue;
        }
        if after_blank && !line.starts_with(' ') {
            sections.push(SheetSection {
                heading: line.to_string(),
                lines: Vec::new(),
            });
        } else {
            let text = line.trim_start().to_string();
            match sections.last_mut() {
                Some(section) => section.lines.push(text),
                None => about.push(text),
            }
        }
        after_blank = false;
    }
    SheetParts {
        name: rules.meta.name.clone(),
        aliases: rules.meta.aliases.clone(),
        about,
        sections,
    }
}

/// The rule sheet: a title, then one paragraph per part of the rules.
pub fn rule_sheet(rules: &Rules) -> String {
    let meta = &rules.meta;
    let mut out = String::new();
    // `check` refuses control characters in these strings; they are
    // escaped here all the same, as everything from a file is.
    let shown = |text: &str| escape_controls(text).into_owned();
    // The game's own name first, where the file gives one, then the names
    // the command line takes.
    let also =
        (!meta.aliases.is_empty()).then(|| format!("also {}", shown(&meta.aliases.join(", "))));
    let title = match (&meta.title, also) {
        (Some(title), Some(also)) => format!("{} ({}, {also})", shown(title), shown(&meta.name)),
        (Some(title), None) => format!("{} ({})", shown(title), shown(&meta.name)),
        (None, Some(also)) => format!("{} ({also})", shown(&meta.name)),
        (None, None) => shown(&meta.name),
    };
    let _ = writeln!(out, "{title}\n{}", "=".repeat(title.chars().count()));
    if let Some(summary) = &meta.summary {
        let _ = writeln!(out, "{}", shown(summary));
    }
    if let Some(region) = &meta.region {
        let _ = writeln!(out, "Played in: {}", shown(region));
    }
    if let Some(source) = &meta.source {
        let _ = writeln!(out, "Source: {}", shown(source));
    }
    if let Some(book) = &meta.rule_book {
        let _ = writeln!(out, "Rule book: {}", shown(book));
    }
    if let Some(differs) = &meta.differs_from {
        let _ = writeln!(out, "Differs from {}", shown(differs));
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
    let layout = rules.board.layout();
    if !layout.single_row() {
        board_of_more_rows(rules, &mut out);
    } else if rules.random_start() && rules.deal_empty_or_at_least > 0 {
        let _ = writeln!(
            out,
            "\nBoard\n  Two rows of {n} houses and {} seeds, dealt at random for every game: each seed goes into a house drawn at random; then, in house order, a house holding fewer than {} passes its seeds on to the next (the last house's go to the last house that holds seeds), so every house holds none or at least {}. South owns the bottom row and moves first.",
            rules.total_seeds(),
            rules.deal_empty_or_at_least,
            rules.deal_empty_or_at_least
        );
    } else if rules.random_start() {
        let _ = writeln!(
            out,
            "\nBoard\n  Two rows of {n} houses and {} seeds, dealt at random for every game: each house gets 2 seeds when there are at least 2 for every house (none otherwise), then each seed left goes into a house drawn at random. South owns the bottom row and moves first.",
            rules.total_seeds()
        );
    } else if (0..2 * n).all(|h| start.at(h) == 0) {
        let _ = writeln!(
            out,
            "\nBoard\n  Two rows of {}, empty at the start: the {} are all in the stores. South owns the bottom row and moves first.",
            counted(n as u64, "house"),
            counted(rules.total_seeds(), "seed")
        );
    } else if (0..2 * n).all(|h| start.at(h) == rules.seeds_per_house()) {
        let _ = writeln!(
            out,
            "\nBoard\n  Two rows of {}, {} in each: {}. South owns the bottom row and moves first.",
            counted(n as u64, "house"),
            counted(rules.seeds_per_house(), "seed"),
            counted(rules.total_seeds(), "seed")
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
            "\nBoard\n  Two rows of {}, {} in all, laid out at the start from each owner's left: South {}; North {}. South owns the bottom row and moves first.",
            counted(n as u64, "house"),
            counted(rules.total_seeds(), "seed"),
            row(Side::South),
            row(Side::North)
        );
    }
    let stored = start.store(Side::South);
    if stored > 0 {
        let _ = writeln!(
            out,
            "  Each store holds {} at the start.",
            counted(stored, "seed")
        );
    }
    let halves = rules.board.sides() == crate::board::Sides::Halves;
    if halves {
        let _ = writeln!(
            out,
            "  Each player's side is a half of the board, both rows: South's the right half as she sees it (her row's right half and the North houses above it), North's the left. Houses are still named by their row."
        );
    }
    sowing::describe(rules, &mut out);
    feeding::describe(rules, &mut out);
    // The grand slam is a capture's fate: its line goes under Captures.
    let captures_from = out.len();
    capture::describe(rules, &mut out);
    if halves {
        // The capture zones are the players' sides: here, their halves.
        let part = out
            .split_off(captures_from)
            .replace("own row", "own half")
            .replace("opponent's row", "opponent's half");
        out.push_str(&part);
    }
    grand_slam::describe(rules, &mut out);
    children::describe(rules, &mut out);
    blocking::describe(rules, &mut out);
    turn::describe(rules, &mut out);
    ending::describe(rules, &mut out);
    rounds::describe(rules, &mut out);
    out
}

/// The board paragraph of a board of three or four rows: its shape, whose
/// rows are whose, how houses are named, and the start, row by row.
fn board_of_more_rows(rules: &Rules, out: &mut String) {
    let layout = rules.board.layout();
    let start = rules.start();
    let shape = if layout.rows() == 4 {
        format!(
            "Four rows of {}: each player owns the two rows on their side, a front row facing the opponent and a back row behind it.",
            counted(layout.columns() as u64, "house")
        )
    } else {
        format!(
            "Three rows of {}: each player owns the back row on their side and the right half, as they see it, of the middle row, their front row.",
            counted(layout.columns() as u64, "house")
        )
    };
    let rows = |side: Side| {
        let houses = start.row(side);
        let (front, back) = houses.split_at(layout.front());
        let list = |h: &[u8]| {
            h.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!("front row {}; back row {}", list(front), list(back))
    };
    let naming = "A house is named by its row, A (front) or B (back) for South and a or b for North, and its column counted from its owner's left: A1, b8.";
    if (0..rules.board.houses()).all(|h| start.at(h) == 0) {
        let _ = writeln!(
            out,
            "\nBoard\n  {shape} {naming} The board is empty at the start: the {} are all in the stores. South owns the bottom rows and moves first.",
            counted(rules.total_seeds(), "seed"),
        );
        return;
    }
    let _ = writeln!(
        out,
        "\nBoard\n  {shape} {naming} {} in all, laid out at the start from each owner's left: South {}; North {}. South owns the bottom rows and moves first.",
        counted(rules.total_seeds(), "seed"),
        rows(Side::South),
        rows(Side::North)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Diffusion's seeds are spread round the house played: its sheet says
    /// so, and says nothing of a way round the board or of laps.
    #[test]
    fn a_spreading_sowing_is_not_said_to_go_round_the_board() {
        let sheet = rule_sheet(&crate::rules::shipped("mancalagames/diffusion.toml"));
        assert!(sheet.starts_with("Diffusion (mg-diffusion)\n"), "{sheet}");
        assert!(
            sheet.contains("spread them round it, one a house"),
            "{sheet}"
        );
        for wrong in [
            "one by one",
            "counter-clockwise (",
            "A lap",
            "along your way",
        ] {
            assert!(!sheet.contains(wrong), "{wrong}: {sheet}");
        }
    }

    #[test]
    fn the_parts_hold_every_line_of_the_sheet() {
        for rules in crate::rules::builtin_rules() {
            let parts = sheet_parts(&rules);
            let sheet = rule_sheet(&rules);
            let lines = sheet.lines().filter(|l| !l.is_empty()).count();
            let held = 2
                + parts.about.len()
                + parts
                    .sections
                    .iter()
                    .map(|s| 1 + s.lines.len())
                    .sum::<usize>();
            assert_eq!(held, lines, "{}", rules.meta.name);
            assert_eq!(parts.sections[0].heading, "Board");
            // A match of rounds says last how the endings end a round.
            let last = if rules.rounds.is_some() {
                "Rounds"
            } else {
                "The end"
            };
            assert_eq!(parts.sections.last().unwrap().heading, last);
        }
    }
}
