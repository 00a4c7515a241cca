//! Helpers shared by the integration tests.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde::Deserialize;

pub mod one_option;

/// How many of a long check's cases to run: `quick` in `cargo test`,
/// `exhaustive` where `SOW_EXHAUSTIVE` is set (`.ci/run` sets it for a
/// second pass over the longest checks; docs/testing.md lists them). The
/// quick count still covers every shipped variant.
pub fn cases(quick: usize, exhaustive: usize) -> usize {
    if std::env::var_os("SOW_EXHAUSTIVE").is_some() {
        exhaustive
    } else {
        quick
    }
}

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
    /// The result, where the file gives it (OpenSpiel's Kalah counts the
    /// seeds left in each row for its owner, so the stores alone do not tell).
    pub result: Option<String>,
    pub plies: Vec<FixturePly>,
}

impl FixtureGame {
    /// Why the game ended, by `sow`'s name: OpenSpiel's Kalah games give no
    /// reason, and end only when a row is empty.
    pub fn expected_reason(&self) -> &str {
        self.reason.as_deref().unwrap_or("empty_row")
    }

    /// The result token: the file's, or else the higher store wins.
    pub fn expected_result(&self) -> String {
        if let Some(result) = &self.result {
            return result.clone();
        }
        let [south, north] = self.plies.last().expect("a game has plies").stores;
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => "1-0",
            std::cmp::Ordering::Less => "0-1",
            std::cmp::Ordering::Equal => "1/2-1/2",
        }
        .to_string()
    }
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

/// Runs the `sow` binary with `args`, feeding it `stdin`.
pub fn sow(args: &[&str], stdin: &str) -> Output {
    sow_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

/// Runs the `sow` binary in `dir`.
pub fn sow_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    sow_bytes_in(dir, args, stdin.as_bytes())
}

/// Runs the `sow` binary in `dir`, feeding it any bytes (from a thread, so a
/// long input and a long output cannot block each other).
pub fn sow_bytes_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sow"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sow runs");
    // The child may exit before reading its input; that is not a failure here.
    let mut pipe = child.stdin.take().expect("piped");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("sow finishes");
    let _ = writer.join();
    output
}

/// Bytes as text, for messages.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
