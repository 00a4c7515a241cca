//! `sow import` (issue 22): MancalaGames game files as variant files.
//!
//! Every catalogue game `sow` ships has a game file in MancalaGames' format
//! (`tests/fixtures/mancalagames/GameProps/<Game>.txt`, its parameters
//! only); importing it gives the shipped file byte for byte, and the
//! imported variant replays the game's sample of MancalaGames' reference
//! games. Files that are not game files, and games `sow` cannot express,
//! are refused with a located error (`tests/import/`).

use std::path::{Path, PathBuf};

use sow::import::{ImportError, import};
use sow::{Engine, Rules};

use crate::catalogue::{read_games, replay};
use crate::common::{sow, test_path, text};

/// The catalogue's game files, by the shipped variant's stem (the game
/// file's stem in lower case).
fn game_files() -> Vec<(String, PathBuf)> {
    let dir = test_path("fixtures/mancalagames/GameProps");
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .expect("tests/fixtures/mancalagames/GameProps")
        .map(|e| e.expect("entry").path())
        .map(|p| (p.file_stem().unwrap().to_string_lossy().to_lowercase(), p))
        .collect();
    files.sort();
    files
}

fn shipped_path(stem: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("variants/mancalagames/{stem}.toml"))
}

/// The path as the importer is given it, relative to the repository.
fn origin(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

fn imported(path: &Path) -> Result<String, ImportError> {
    import(&std::fs::read_to_string(path).unwrap(), &origin(path))
}

#[test]
fn every_shipped_catalogue_game_has_a_game_file() {
    let files: Vec<String> = game_files().into_iter().map(|(stem, _)| stem).collect();
    let shipped =
        std::fs::read_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("variants/mancalagames"))
            .unwrap()
            .map(|e| {
                e.unwrap()
                    .path()
                    .file_stem()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            });
    let mut shipped: Vec<String> = shipped.collect();
    shipped.sort();
    assert_eq!(files, shipped);
    assert_eq!(files.len(), 141);
}

/// The shipped files are the importer's output: `scripts/catalogue_variants.sh`
/// writes them so, and this keeps them so.
#[test]
fn every_catalogue_game_file_imports_to_its_shipped_file() {
    let mut differ = Vec::new();
    for (stem, path) in game_files() {
        let variant = imported(&path).unwrap_or_else(|e| panic!("{stem}: {e}"));
        let shipped = std::fs::read_to_string(shipped_path(&stem)).unwrap();
        if variant != shipped {
            differ.push(stem);
        }
    }
    assert!(
        differ.is_empty(),
        "these import to other than their shipped file (run scripts/catalogue_variants.sh): {differ:?}"
    );
}

#[test]
fn imported_catalogue_games_replay_the_reference_games() {
    let mut failures = Vec::new();
    let mut games = 0;
    for (stem, path) in game_files() {
        let variant = imported(&path).unwrap_or_else(|e| panic!("{stem}: {e}"));
        // Renamed, so that the imported rules are replayed even where they
        // differ from the shipped file of the same name.
        let variant = variant.replacen("name = \"mg-", "name = \"imported-mg-", 1);
        let engine = Engine::new(
            Rules::from_toml(&variant, &origin(&path)).unwrap_or_else(|e| panic!("{e}")),
        );
        for game in read_games(&test_path(&format!("fixtures/catalogue/{stem}.jsonl"))) {
            games += 1;
            if let Err(e) = replay(&engine, &game) {
                failures.push(format!("{stem}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(games >= 5 * 70, "at least 5 games a variant, found {games}");
}

#[test]
fn the_command_line_prints_the_variant_file() {
    let output = sow(
        &["import", "tests/fixtures/mancalagames/GameProps/Oware.txt"],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        std::fs::read_to_string(shipped_path("oware")).unwrap()
    );
    assert!(output.stderr.is_empty());
}

/// A game file as MancalaGames writes one: the about text in a text
/// section, a tag pointing into it, the computer player's settings, named
/// variants, the parameters' ranges, defaults spelt out, a choice written
/// as `true`. None of it changes the game: it imports to the shipped Kalah.
#[test]
fn a_game_file_in_mancalagames_full_layout_imports_as_its_game() {
    let variant = imported(&test_path("import/GameProps/Kalah.txt")).unwrap();
    assert_eq!(
        variant,
        std::fs::read_to_string(shipped_path("kalah")).unwrap()
    );
}

/// A game file of a player's own, outside MancalaGames' `GameProps`: named
/// by its file, with no catalogue ruling, and a variant `sow` loads.
#[test]
fn a_players_own_game_file_imports_to_a_variant_that_loads() {
    let variant = imported(&test_path("import/My_Sowing.txt")).unwrap();
    let engine =
        Engine::new(Rules::from_toml(&variant, "My_Sowing.toml").unwrap_or_else(|e| panic!("{e}")));
    let rules = engine.rules();
    assert_eq!(rules.meta.name, "mg-my-sowing");
    assert_eq!((rules.houses_per_side(), rules.seeds_per_house()), (5, 3));
    assert!(
        variant.starts_with(
            "# My Sowing, as the MancalaGames game file My_Sowing.txt configures it.\n"
        )
    );
    assert!(variant.contains("source = \"MancalaGames game file My_Sowing.txt\"\n"));
    assert!(variant.contains("counts = [2, 3]\nlast_seed = \"opponent\"\nchain = true\n"));
    assert!(variant.contains("must_feed = true"));
    insta::assert_snapshot!(variant);
}

/// Every file of `tests/import/` but the good ones is refused: `bad_*` as
/// no game file (exit 2), `unsupported_*` as a game `sow` cannot express
/// (exit 1). One file, one snapshot of the error as a user sees it.
#[test]
fn bad_game_files_are_refused_with_located_errors() {
    insta::glob!("import/*_*.txt", |path| {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name == "My_Sowing.txt" {
            return;
        }
        let error = imported(path).expect_err("a bad game file must be refused");
        let (ImportError::Invalid(located) | ImportError::Unsupported(located)) = &error;
        match &error {
            ImportError::Invalid(_) => assert!(name.starts_with("bad_"), "{name}: {error}"),
            ImportError::Unsupported(_) => {
                assert!(name.starts_with("unsupported_"), "{name}: {error}")
            }
        }
        let rendered = error.to_string();
        let head = format!("{}:{}:{}: ", origin(path), located.line, located.column);
        assert!(rendered.starts_with(&head), "{rendered}");
        insta::with_settings!({ omit_expression => true }, {
            insta::assert_snapshot!(rendered);
        });
    });
}

/// The faults named in the issue, each at its place, naming the parameter
/// and the value, with the exit code the command line gives.
#[test]
fn named_faults_point_at_the_parameter_with_their_exit_code() {
    let cases = [
        (
            "bad_json_missing_comma.txt",
            10,
            7,
            "not valid JSON: expected `,` or `}`",
            2,
        ),
        (
            "bad_unknown_parameter.txt",
            9,
            7,
            "`capt_onn` is not a MancalaGames game parameter",
            2,
        ),
        (
            "bad_choice_out_of_range.txt",
            9,
            7,
            "game_info.sow_direct must be one of the parameter's choices, by number, not 7",
            2,
        ),
        (
            "bad_flag_not_true_or_false.txt",
            9,
            7,
            "game_info.mustshare must be true or false, not \"yes\"",
            2,
        ),
        (
            "bad_holes_not_a_number.txt",
            4,
            7,
            "game_constants.holes must be an integer, not \"six\"",
            2,
        ),
        (
            "unsupported_value.txt",
            10,
            7,
            "sow cannot express sow_rule = LAP_CAPT_OPP_GETS",
            1,
        ),
        (
            "unsupported_parameters.txt",
            10,
            7,
            "sow cannot express rounds = END_S_SEEDS",
            1,
        ),
        (
            "unsupported_real_looking.txt",
            17,
            7,
            "sow cannot express rounds = HALF_SEEDS",
            1,
        ),
    ];
    for (file, line, column, message, exit) in cases {
        let relative = format!("tests/import/{file}");
        let output = sow(&["import", &relative], "");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(exit), "{file}: {stderr}");
        assert!(output.stdout.is_empty(), "{file}: nothing is printed");
        assert!(
            stderr.starts_with(&format!("error: {relative}:{line}:{column}: {message}\n")),
            "{file}: {stderr}"
        );
    }
    let hint = text(&sow(&["import", "tests/import/bad_unknown_parameter.txt"], "").stderr);
    assert!(hint.contains("help: did you mean `capt_on`?"), "{hint}");
    let by_name = text(&sow(&["import", "tests/import/bad_choice_by_name.txt"], "").stderr);
    assert!(
        by_name.contains("help: MancalaGames writes choices as numbers: ONE_ZEROS is 1"),
        "{by_name}"
    );
}

/// Read through the bounded reader: a file past 64 KiB stops there, and a
/// device (`/dev/zero`, endless) is not read at all.
#[test]
#[cfg(unix)]
fn an_endless_file_is_refused_at_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("Big.txt");
    std::fs::File::create(&big).unwrap().set_len(65537).unwrap();
    let output = sow(&["import", &big.to_string_lossy()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("longer than 65536 bytes"),
        "{}",
        text(&output.stderr)
    );
    let output = sow(&["import", "/dev/zero"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("/dev/zero: cannot read: it is not a regular file"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn a_file_that_cannot_be_read_is_refused_with_exit_2() {
    let output = sow(&["import", "tests/import/no_such_file.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).starts_with("error: tests/import/no_such_file.txt: cannot read:"),
        "{}",
        text(&output.stderr)
    );
}
