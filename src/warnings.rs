//! What `sow check` warns about: values that compile, but no longer fit the
//! board, as when a file is copied from a bigger one (Oware's
//! `majority = 25` on a board of 24 seeds). A warning does not refuse the
//! file; the library returns warnings as data, located like errors, and the
//! command line prints them.

use std::ops::Range;
use std::path::Path;

use crate::diagnostic::Located;
use crate::engine::Engine;
use crate::game::Game;
use crate::players::play_randomly;
use crate::rng::Rng;
use crate::rules::{Rules, RulesError, VariantFile};
use crate::trace::EndReason;

/// A variant file that compiles, and its warnings.
#[derive(Debug)]
pub struct Checked {
    /// The compiled rules.
    pub rules: Rules,
    /// Values that compile but no longer fit the board, in file order.
    pub warnings: Vec<Located>,
}

/// The most positions the search for a game that ends before the ply
/// limit visits: a limit this search cannot settle draws no warning.
const SEARCH_BUDGET: u64 = 200_000;

/// The random games played before that search, each up to the ply limit:
/// one that ends otherwise settles the question.
const RANDOM_GAMES: u64 = 20;

/// Reads, compiles and checks the variant file at `path`.
pub fn check_path(path: &Path) -> Result<Checked, RulesError> {
    let source = Rules::read_source(path)?;
    check_toml(&source, &path.display().to_string())
}

/// Compiles and checks a variant file's text; `origin` names it in
/// messages.
pub fn check_toml(source: &str, origin: &str) -> Result<Checked, RulesError> {
    let rules = Rules::from_toml(source, origin)?;
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    // It compiled, so it parses.
    let file: VariantFile = toml::from_str(source).map_err(|e| RulesError::Io {
        path: origin.to_string(),
        message: e.to_string(),
    })?;
    let warnings = findings(&file, &rules)
        .into_iter()
        .map(|(span, message)| Located::new(origin, source, span, message, None))
        .collect();
    Ok(Checked { rules, warnings })
}

/// The warnings, each with the span of the value it is about.
fn findings(file: &VariantFile, rules: &Rules) -> Vec<(Range<usize>, String)> {
    let total = i64::from(rules.total_seeds());
    let end = file.end.get_ref();
    let mut found = Vec::new();
    if let Some(majority) = &end.majority {
        let value = *majority.get_ref();
        if value > total {
            found.push((
                majority.span(),
                format!(
                    "majority = {value} is above the {total} seeds in play: it never ends a game"
                ),
            ));
        } else if value == total {
            found.push((
                majority.span(),
                format!(
                    "majority = {value} is not below the {total} seeds in play: only a player holding every seed reaches it"
                ),
            ));
        } else if value * 2 <= total {
            found.push((
                majority.span(),
                format!(
                    "majority = {value} is not above half of the {total} seeds in play: both players can reach it"
                ),
            ));
        } else if value > total / 2 + 1 && rules.rounds.is_none() {
            // A match of rounds may set the bar higher on purpose: a round
            // ends when the opponent cannot fill the houses to play on.
            found.push((
                majority.span(),
                format!(
                    "majority = {value} is more than the {} that is more than half of the {total} seeds in play: a store of {} already decides the game (copied from a bigger board?)",
                    total / 2 + 1,
                    total / 2 + 1
                ),
            ));
        }
    }
    if let Some(rule) = &end.seeds_left {
        let value = *rule.at_most.get_ref();
        if value >= total {
            found.push((
                rule.at_most.span(),
                format!(
                    "seeds_left.at_most = {value} is not below the {total} seeds in play: every game is over before its first move"
                ),
            ));
        }
    }
    if let Some(limit) = &end.ply_limit {
        let plies = *limit.plies.get_ref();
        if plies > 0 && ends_otherwise(rules, plies as usize) == Some(false) {
            found.push((
                limit.plies.span(),
                format!(
                    "ply_limit.plies = {plies} ends every game: no game can end otherwise within {plies} plies"
                ),
            ));
        }
    }
    found
}

/// Whether some game of `rules` ends within `plies` plies otherwise than
/// by its ply limit (`None`: the search ran out of budget first).
fn ends_otherwise(rules: &Rules, plies: usize) -> Option<bool> {
    // Most games end by themselves well within their limit: a few random
    // games find one at once, where the search below, depth first, would
    // spend its whole budget deep in one line of play.
    let engine = Engine::new(rules.clone());
    let start = Game::new(&engine);
    for i in 0..RANDOM_GAMES {
        let mut game = start.playout_copy();
        play_randomly(&mut game, &mut Rng::for_game(0, i), plies);
        if game
            .outcome()
            .is_some_and(|outcome| outcome.reason != EndReason::PlyLimit)
        {
            return Some(true);
        }
    }
    let mut game = start;
    let mut budget = SEARCH_BUDGET;
    ends_within(&mut game, plies, &mut budget)
}

/// Whether some line of play ends the game, otherwise than by the ply
/// limit, within `depth` more plies (`None`: the budget ran out first).
fn ends_within(game: &mut Game<'_>, depth: usize, budget: &mut u64) -> Option<bool> {
    if let Some(outcome) = game.outcome() {
        return Some(outcome.reason != EndReason::PlyLimit);
    }
    if depth == 0 {
        return Some(false);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let moves: Vec<_> = game.legal_moves().iter().collect();
    let mut settled = true;
    for mv in moves {
        game.play(mv, &mut ()).expect("listed moves are legal");
        let ends = ends_within(game, depth - 1, budget);
        game.undo();
        match ends {
            Some(true) => return Some(true),
            Some(false) => {}
            None => settled = false,
        }
    }
    settled.then_some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warnings_of(text: &str) -> Vec<String> {
        check_toml(text, "test.toml")
            .expect("compiles")
            .warnings
            .into_iter()
            .map(|w| w.message)
            .collect()
    }

    #[test]
    fn a_shipped_file_draws_no_warning() {
        for (_, text) in crate::rules::shipped_files() {
            let name = text.lines().find(|l| l.starts_with("name")).unwrap_or("");
            // A shipped file answers to its own name: check a renamed copy.
            let copy = text.replace(name, "name = \"copy\"");
            let copy = copy
                .lines()
                .filter(|l| !l.starts_with("aliases"))
                .collect::<Vec<_>>()
                .join("\n");
            assert_eq!(warnings_of(&copy), Vec::<String>::new(), "{name}");
        }
    }

    /// Oware's file with `[end]` replaced.
    fn oware_ending(board: &str, end: &str) -> String {
        let text = crate::rules::BUILTIN
            .iter()
            .find(|(file, _)| *file == "oware.toml")
            .unwrap()
            .1;
        let head = &text[..text.find("[end]").unwrap()];
        head.replace("name = \"oware\"", "name = \"copy\"")
            .replace(
                "aliases = [\"abapa\", \"oware-abapa\", \"awale\", \"awari\"]",
                "",
            )
            .replace("seeds_per_house = 4", board)
            + "[end]\nno_move = \"each_own\"\nrepetition = \"each_own\"\n"
            + end
    }

    #[test]
    fn a_majority_that_every_seed_or_half_of_them_reach_is_warned_of() {
        // 2 seeds a house: 24 in play.
        let all = warnings_of(&oware_ending("seeds_per_house = 2", "majority = 24\n"));
        assert_eq!(
            all,
            [
                "majority = 24 is not below the 24 seeds in play: only a player holding every seed reaches it"
            ]
        );
        let half = warnings_of(&oware_ending("seeds_per_house = 4", "majority = 24\n"));
        assert_eq!(
            half,
            ["majority = 24 is not above half of the 48 seeds in play: both players can reach it"]
        );
        let above = warnings_of(&oware_ending("seeds_per_house = 2", "majority = 25\n"));
        assert_eq!(
            above,
            ["majority = 25 is above the 24 seeds in play: it never ends a game"]
        );
        assert!(warnings_of(&oware_ending("seeds_per_house = 4", "majority = 25\n")).is_empty());
    }

    #[test]
    fn a_ply_limit_shorter_than_any_game_is_warned_of() {
        let limit = |plies: u32| {
            warnings_of(&oware_ending(
                "seeds_per_house = 4",
                &format!("ply_limit = {{ plies = {plies}, taken_by = \"each_own\" }}\n"),
            ))
        };
        // No Oware game ends within 3 plies: a player must hold 25, or
        // have no move, or a position repeat.
        assert_eq!(
            limit(3),
            ["ply_limit.plies = 3 ends every game: no game can end otherwise within 3 plies"]
        );
        assert!(limit(2000).is_empty());
    }

    #[test]
    fn warnings_point_at_the_value() {
        let text = oware_ending("seeds_per_house = 4", "majority = 24\n");
        let checked = check_toml(&text, "copy.toml").unwrap();
        let warning = &checked.warnings[0];
        let line = text.lines().position(|l| l == "majority = 24").unwrap() + 1;
        assert_eq!((warning.line, warning.column), (line, 12));
        assert_eq!(warning.origin, "copy.toml");
    }
}
