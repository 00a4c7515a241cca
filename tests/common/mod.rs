//! Helpers shared by the integration tests.

use std::path::PathBuf;

use serde::Deserialize;

/// A path under `tests/`.
pub fn test_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(relative)
}

/// One reference game from `tests/fixtures/*.jsonl`.
#[derive(Debug, Deserialize)]
pub struct FixtureGame {
    pub variant: String,
    pub reason: Option<String>,
    pub plies: Vec<FixturePly>,
}

/// One ply of a reference game: the move and the position after it.
#[derive(Debug, Deserialize)]
pub struct FixturePly {
    #[serde(rename = "move")]
    pub mv: String,
    pub board: Vec<u8>,
    pub stores: [u8; 2],
    pub over: bool,
}

/// Every game in a fixture file.
pub fn fixture_games(file: &str) -> Vec<FixtureGame> {
    let text =
        std::fs::read_to_string(test_path(&format!("fixtures/{file}"))).expect("fixture exists");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("fixture line is JSON"))
        .collect()
}
