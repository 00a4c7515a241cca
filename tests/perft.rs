//! Perft as data: each line of `tests/fixtures/perft.txt` is a variant, a
//! depth and the expected count, worked out with OpenSpiel (Oware and Kalah). Lines past
//! `MAX_NODES` are left to `sow perft` so the suite stays fast.

use sow::perft::perft;
use sow::{Game, Rules};

use crate::common::test_path;

const MAX_NODES: u64 = 1_000_000;

#[test]
fn perft_matches_the_fixture() {
    let text = std::fs::read_to_string(test_path("fixtures/perft.txt")).unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [variant, depth, expected] = fields[..] else {
            panic!("bad perft line: {line}");
        };
        let (depth, expected): (u32, u64) = (depth.parse().unwrap(), expected.parse().unwrap());
        if expected > MAX_NODES {
            continue;
        }
        let rules = Rules::builtin(variant).unwrap();
        let mut game = Game::new(&rules);
        assert_eq!(perft(&mut game, depth), expected, "{variant} depth {depth}");
        checked += 1;
    }
    assert!(checked >= 15, "oware perft checked to depth 8, kalah to 7");
}
