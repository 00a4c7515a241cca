//! Facts about the shipped variant files as a user meets them.

use sow::Rules;
use sow::rules::builtin_rules;
use sow::sheet::rule_sheet;

#[test]
fn shipped_variants_compile_and_answer_to_aliases() {
    let names: Vec<String> = builtin_rules().into_iter().map(|r| r.meta.name).collect();
    assert_eq!(names[..4], ["ouri", "oware", "wouri", "kalah"]);
    // The catalogue's follow, each named apart from the rule documents' own.
    assert!(names[4..].iter().all(|n| n.starts_with("mg-")), "{names:?}");
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
}
