//! The bad-input corpus: every file in `tests/bad_inputs/` must be refused
//! with a located, readable error, never a panic. One file, one snapshot of
//! the full error as a user sees it.

use std::path::Path;

use sow::Rules;
use sow::rules::RulesError;

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
            19,
            "invalid type: string \"six\", expected an integer",
            None,
        ),
        (
            "variant_zero_houses.toml",
            13,
            19,
            "houses_per_side must be between 1 and 26, found 0",
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
