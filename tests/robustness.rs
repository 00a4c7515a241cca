//! The fuzz targets' proptest twins: random inputs through the same
//! harnesses (`sow::fuzzing`) on every `cargo test`, so CI tries new inputs
//! each run. The long runs are cargo-fuzz's (README, "Robustness").

use proptest::prelude::*;

/// Text made of the notation's own pieces, so random inputs get past the
/// first token often enough to reach deeper rules.
fn notation_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("[Variant \"oware\"]\n".to_string()),
        Just("[Variant \"wouri\"]\n".to_string()),
        Just("[Position \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\"]\n".to_string()),
        Just("1. ".to_string()),
        Just("1... ".to_string()),
        Just("{c} ".to_string()),
        Just("* ".to_string()),
        Just("1-0\n\n".to_string()),
        "[A-Fa-f](x[0-9]{1,3})? ".prop_map(|s| s),
        "[ -~\n]{0,6}".prop_map(|s| s),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
}

/// A shipped variant file with a few lines changed at random.
fn variant_text() -> impl Strategy<Value = String> {
    let file = prop_oneof![
        Just(include_str!("../variants/oware.toml")),
        Just(include_str!("../variants/ouri.toml")),
        Just(include_str!("../variants/wouri.toml")),
    ];
    let edit = (0usize..60, "[ -~]{0,12}");
    (file, prop::collection::vec(edit, 0..4)).prop_map(|(file, edits)| {
        let mut lines: Vec<String> = file.lines().map(str::to_string).collect();
        for (line, text) in edits {
            let i = line % lines.len();
            let key = lines[i].split('=').next().unwrap_or("").to_string();
            lines[i] = if key.trim().is_empty() || key.contains('[') {
                text
            } else {
                format!("{key}= {text}")
            };
        }
        lines.join("\n")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn notation_never_panics(text in notation_text()) {
        sow::fuzzing::notation(&text);
    }

    #[test]
    fn variant_files_never_panic(text in variant_text()) {
        sow::fuzzing::variant(&text);
    }

    #[test]
    fn generated_variants_play_without_panic(data in prop::collection::vec(any::<u8>(), 0..96)) {
        sow::fuzzing::vm(&data);
    }
}
