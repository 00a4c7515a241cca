//! Facts about the shipped variant files as a user meets them.

use sow::rules::builtin_rules;
use sow::sheet::rule_sheet;
use sow::{Engine, Rules};

#[test]
fn shipped_variants_compile_and_answer_to_aliases() {
    let names: Vec<String> = builtin_rules().into_iter().map(|r| r.meta.name).collect();
    assert_eq!(names[..4], ["ouri", "oware", "wouri", "kalah"]);
    // The catalogues' follow, each named apart from the rule documents'
    // own: MancalaGames' games, then Ludii's.
    let ludii = names
        .iter()
        .position(|n| n.starts_with("ludii-"))
        .expect("Ludii's games");
    assert!(
        names[4..ludii].iter().all(|n| n.starts_with("mg-")),
        "{names:?}"
    );
    assert!(
        names[ludii..].iter().all(|n| n.starts_with("ludii-")),
        "{names:?}"
    );
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "names are unique");
    assert_eq!(Rules::builtin("OWARE").unwrap().meta.name, "oware");
    assert_eq!(Rules::builtin("abapa").unwrap().meta.name, "oware");
    assert_eq!(Rules::builtin("ouril").unwrap().meta.name, "ouri");
    assert_eq!(Rules::builtin("Kalaha").unwrap().meta.name, "kalah");
    assert!(Rules::builtin("awele").is_none());
}

#[test]
fn shipped_files_cite_their_rulings() {
    let rulings = |name: &str| Rules::builtin(name).unwrap().meta.rulings;
    assert!(rulings("ouri").iter().any(|r| r == "R2"));
    assert!(rulings("oware").iter().any(|r| r == "R6"));
    assert!(rulings("wouri").iter().any(|r| r == "R13"));
}

#[test]
fn rule_sheets_follow_the_options() {
    let oware = rule_sheet(&Rules::builtin("oware").unwrap());
    assert!(oware.contains("captures nothing"), "{oware}");
    assert!(
        oware.contains("hold 2 or 3 in the opponent's row"),
        "{oware}"
    );
    assert!(!oware.contains("Relay"), "{oware}");
    let ouri = rule_sheet(&Rules::builtin("ouri").unwrap());
    assert!(ouri.contains("moves again at once and must feed"), "{ouri}");
    assert!(ouri.contains("single seed"), "{ouri}");
    let wouri = rule_sheet(&Rules::builtin("wouri").unwrap());
    assert!(wouri.contains("Relay sowing"), "{wouri}");
    assert!(wouri.contains("unless the house now holds 1"), "{wouri}");
    assert!(wouri.contains("With 4 or fewer seeds"), "{wouri}");
    assert!(wouri.contains("loses the turn"), "{wouri}");
    // One seed a house is no "1 seeds".
    let micro = rule_sheet(&Rules::builtin("mg-micro-wari").unwrap());
    assert!(
        micro.contains("Two rows of 2 houses, 1 seed in each: 4 seeds."),
        "{micro}"
    );
}

/// A sheet's sections: each heading (a line at the margin after a blank
/// line) with the lines under it.
fn sections(sheet: &str) -> Vec<(&str, Vec<&str>)> {
    let mut sections: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut previous_blank = false;
    for line in sheet.lines() {
        if previous_blank && !line.starts_with(' ') {
            sections.push((line, Vec::new()));
        } else if let Some((_, body)) = sections.last_mut()
            && !line.is_empty()
        {
            body.push(line);
        }
        previous_blank = line.is_empty();
    }
    sections
}

/// Every shipped variant's sheet speaks only of what its compiled rules do,
/// and each section holds only its own lines. The contradictions found by
/// a newcomer, in their general form: stores spoken of where "there are no
/// stores" (mg-qelat), the grand-slam line under "Children" (the Toguz and
/// Qelat sheets), the children's seeds counted "in the majority" or
/// "collected at the end" where no ending does so.
#[test]
fn rule_sheets_never_contradict_themselves() {
    for engine in builtin_rules().into_iter().map(Engine::new) {
        let rules = engine.rules();
        let name = &rules.meta.name;
        let sheet = rule_sheet(rules);
        let sections = sections(&sheet);
        let headings: Vec<&str> = sections.iter().map(|(h, _)| *h).collect();
        let mut unique = headings.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            headings.len(),
            "{name}: a heading twice: {headings:?}"
        );
        let under = |heading: &str| -> Vec<&str> {
            sections
                .iter()
                .filter(|(h, _)| *h == heading)
                .flat_map(|(_, body)| body.iter().copied())
                .collect()
        };
        for (heading, body) in &sections {
            for line in body {
                assert!(line.starts_with("  "), "{name}: `{line}` under {heading}");
                // A section holds only its own lines.
                let owner = if line.trim_start().starts_with("Grand slam") {
                    Some("Captures")
                } else if line.starts_with("  - ") || line.contains("the game ends") {
                    Some("The end")
                } else if line.contains("There are no stores") {
                    Some("Children")
                } else if line.contains("you move again") {
                    Some("The turn")
                } else {
                    None
                };
                if let Some(owner) = owner {
                    assert_eq!(*heading, owner, "{name}: `{line}`\n{sheet}");
                }
            }
        }
        let no_stores = rules.children.is_some_and(|c| c.child_is_store);
        assert_eq!(sheet.contains("There are no stores"), no_stores, "{name}");
        if no_stores {
            // The parts' lines (the file's own summary, above them, may
            // say that children are the stores).
            let parts = sections.iter().flat_map(|(_, body)| body.iter());
            for line in parts.filter(|l| !l.contains("There are no stores")) {
                assert!(!line.contains("store"), "{name}: no stores, yet `{line}`");
            }
        }
        let end = under("The end");
        let majority = end
            .iter()
            .any(|l| l.contains("or more") && l.contains("at once"));
        if sheet.contains("in the majority") {
            assert!(
                majority,
                "{name}: children counted in a majority no ending has"
            );
        }
        if sheet.contains("the seeds each player collects") {
            assert!(
                end.iter()
                    .any(|l| l.starts_with("  - ") && !l.contains("count for nobody")),
                "{name}: seeds collected where every ending leaves them to nobody"
            );
        }
    }
}
