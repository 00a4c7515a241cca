//! Replays Ludii's recorded games through `sow` and says where they differ
//! (issue 31): for each games file `<Game>.jsonl.gz`, the variant
//! `VARIANTS_DIR/<game>.toml` (the file's name in lower case) plays every
//! game; each game's first difference is printed, then `N/M games agree`.
//! The comparison is `tests/ludii_games.rs`, which `cargo test` runs on the
//! sample in `tests/fixtures/ludii/`.
//!
//! Usage: `cargo run --release --example ludii_check -- VARIANTS_DIR GAMES.jsonl.gz...`
//! (`scripts/ludii_check.py` runs it). Exit code 0 when every game agrees,
//! 1 when one differs, 2 for a usage error.

#[path = "../tests/ludii_games.rs"]
mod ludii_games;

use std::path::{Path, PathBuf};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(variants) = args.next() else {
        eprintln!("usage: ludii_check VARIANTS_DIR GAMES.jsonl.gz...");
        std::process::exit(2);
    };
    let files: Vec<PathBuf> = args.map(PathBuf::from).collect();
    if files.is_empty() {
        eprintln!("usage: ludii_check VARIANTS_DIR GAMES.jsonl.gz...");
        std::process::exit(2);
    }
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let (agree, total, report) = ludii_games::check(Path::new(&variants), &paths);
    for line in &report {
        println!("{line}");
    }
    println!("{agree}/{total} games agree");
    std::process::exit(if agree == total { 0 } else { 1 });
}
