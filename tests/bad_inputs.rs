//! The bad-input corpus: every file in `tests/bad_inputs/` must be refused
//! with a located, readable error, never a panic. One file, one snapshot of
//! the full error as a user sees it.

use std::path::Path;

use sow::Rules;
use sow::rules::RulesError;

use crate::common::{sow_in, test_path, text};

fn origin(path: &Path) -> String {
    format!("bad_inputs/{}", path.file_name().unwrap().to_string_lossy())
}

#[test]
fn bad_variant_files_are_refused_with_located_errors() {
    insta::glob!("bad_inputs/variant_*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let error =
            Rules::from_toml(&text, &origin(path)).expect_err("a bad variant must be refused");
        let RulesError::Invalid(located) = &error else {
            panic!("{}: expected a located error, got {error}", path.display());
        };
        let rendered = error.to_string();
        let head = format!("{}:{}:{}: ", origin(path), located.line, located.column);
        assert!(rendered.starts_with(&head), "{rendered}");
        assert!(!located.message.is_empty());
        insta::with_settings!({ description => text.lines().take(3).collect::<Vec<_>>().join("\n"), omit_expression => true }, {
            insta::assert_snapshot!(rendered);
        });
    });
}

/// The three faults the VM issue names, each at its exact place.
#[test]
fn named_faults_point_at_file_line_and_column() {
    let cases = [
        (
            "variant_misspelt_key.toml",
            31,
            1,
            "unknown field `chian`",
            Some("did you mean `chain`?"),
        ),
        (
            "variant_string_for_number.toml",
            13,
            1,
            "`houses_per_side` takes a whole number, found the string \"six\"",
            None,
        ),
        (
            "variant_zero_houses.toml",
            13,
            19,
            "houses_per_side must be between 1 and 26, found 0",
            None,
        ),
        (
            "variant_name_taken.toml",
            6,
            8,
            "`oware` is already the shipped variant oware's name or alias",
            Some(
                "rename it (say `oware-mine`), and drop or change aliases and summary copied from oware",
            ),
        ),
        (
            "variant_alias_taken.toml",
            7,
            26,
            "`AWARI` is already the shipped variant oware's name or alias",
            Some(
                "rename it (say `oware-mine`), and drop or change aliases and summary copied from oware",
            ),
        ),
        (
            "variant_extra_turn_without_store.toml",
            23,
            14,
            "an extra turn for a last seed in the sower's own store can never happen",
            Some("add into_stores = \"own\" to [sowing]"),
        ),
        (
            "variant_cross_zone_none.toml",
            33,
            18,
            "a cross capture needs a zone",
            None,
        ),
        (
            "variant_extra_turn_wrong_type.toml",
            23,
            1,
            "`extra_turn` takes one of `never`, `last_seed_in_own_store`, `last_seed_in_a_store`, `after_capture`, `after_capture_once`, in quotes, found `true`",
            None,
        ),
        (
            "variant_no_end_guarantee.toml",
            35,
            1,
            "nothing guarantees that a game ends",
            Some(
                "add repetition = \"each_own\" (a repeated position ends the game) or ply_limit = { plies = 1000, taken_by = \"each_own\" } to [end]",
            ),
        ),
        (
            "variant_even_split_unreachable.toml",
            37,
            19,
            "even_split_draw can never happen: a store reaching 25 ends the game before both hold 30",
            None,
        ),
    ];
    for (file, line, column, message, hint) in cases {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/bad_inputs")
            .join(file);
        let Err(RulesError::Invalid(located)) = Rules::from_path(&path) else {
            panic!("{file} must be refused with a located error");
        };
        assert_eq!((located.line, located.column), (line, column), "{file}");
        assert!(
            located.message.starts_with(message),
            "{file}: {}",
            located.message
        );
        assert_eq!(located.hint.as_deref(), hint, "{file}");
        assert!(located.origin.ends_with(file));
    }
}

/// Runs `args` in `tests/`, checks the exit code and the shape of the error,
/// and returns what a user sees: the exit code and standard error.
fn refused(args: &[&str], expected_code: i32) -> String {
    let output = sow_in(&test_path(""), args, "");
    let stderr = text(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(expected_code),
        "{args:?}: {stderr}"
    );
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    format!("exit {expected_code}\n{stderr}")
}

/// Faults in play exit 1; faults in the text exit 2.
const RULE_ERRORS: [&str; 8] = [
    "illegal_move",
    "result_unfinished",
    "wrong_side",
    "mark_mismatch",
    "move_after_end",
    "result_mismatch",
    "no_such_house",
    "second_game_bad",
];

#[test]
fn bad_records_are_refused_by_replay() {
    insta::glob!("bad_inputs/record_*.sow", |path| {
        let name = origin(path);
        let code = if RULE_ERRORS.iter().any(|r| name.contains(r)) {
            1
        } else {
            2
        };
        let shown = refused(&["replay", &name], code);
        let input = std::fs::read_to_string(path).unwrap();
        insta::with_settings!({ description => input, omit_expression => true }, {
            insta::assert_snapshot!(shown);
        });
    });
}

#[test]
fn bad_positions_are_refused() {
    insta::glob!("bad_inputs/position_*.txt", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let shown = refused(&["moves", "oware", "--from", &input], 2);
        assert!(shown.contains("--from"), "{shown}");
        insta::with_settings!({ description => input, omit_expression => true }, {
            insta::assert_snapshot!(shown);
        });
    });
}
