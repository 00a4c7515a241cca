//! What `sow check` warns about: values that compile, but no longer fit the
//! board, as when a file is copied from a bigger one (Oware's
//! `majority = 25` on a board of 24 seeds). A warning does not refuse the
//! file; the library returns warnings as data, located like errors, and the
//! command line prints them.

use std::ops::Range;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::diagnostic::Located;
use crate::engine::Engine;
use crate::game::Game;
use crate::players::random_move;
use crate::position::Move;
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

/// The most plies the question "can a game end before the ply limit?"
/// plays, the random games and the search together: a 12-line file may set
/// a limit of a million plies, and `check` (and the server's
/// `POST /api/check`) must answer in about a second whatever it says.
const PLY_BUDGET: u64 = 600_000;

/// The share of [`PLY_BUDGET`] (and half of [`TIME_BUDGET`]) the random
/// games may play before the search, which has the rest.
const RANDOM_PLIES: u64 = 300_000;

/// The most time the question may take, whatever the engine's speed.
const TIME_BUDGET: Duration = Duration::from_secs(2);

/// The random games played before the search, each up to the ply limit:
/// one that ends otherwise settles the question.
const RANDOM_GAMES: u64 = 20;

/// What a bounded question may still spend: plies, and time. Plies are
/// counted one by one and the clock read every 1,024 of them.
struct Budget {
    plies: u64,
    deadline: Instant,
}

impl Budget {
    /// Spends one ply; false once the plies or the time have run out.
    fn spend(&mut self) -> bool {
        if self.plies == 0 {
            return false;
        }
        self.plies -= 1;
        if self.plies.is_multiple_of(1024) && Instant::now() > self.deadline {
            self.plies = 0;
        }
        true
    }
}

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
        let ends = (plies > 0).then(|| ends_otherwise(rules, plies as usize));
        match ends {
            Some(Ends::Never) => found.push((
                limit.plies.span(),
                format!(
                    "ply_limit.plies = {plies} ends every game: no game can end otherwise within {plies} plies"
                ),
            )),
            Some(Ends::Unknown { played_to_limit: false }) => found.push((
                limit.plies.span(),
                format!(
                    "ply_limit.plies = {plies} is further than check looks: no random game reached it, or ended, within {RANDOM_PLIES} plies (at most {} s), so check cannot tell whether a game can end before it",
                    TIME_BUDGET.as_secs()
                ),
            )),
            // Games played to the limit, and a search that could not settle
            // the rest: a long limit, on purpose (Ludii's 2,000 decisions).
            _ => {}
        }
        // In a match the limit counts the whole match's plies, not a
        // round's: a limit fit for one round may end most matches.
        if rules.rounds.is_some()
            && plies > 0
            && let Some(cut) = matches_cut(rules, plies as usize)
            && 2 * cut.by_limit > cut.played
        {
            found.push((
                limit.plies.span(),
                format!(
                    "ply_limit.plies = {plies} counts the plies of the whole match, not of a round: {} of {} random matches reached it, in round {} on average, so it decides most matches",
                    cut.by_limit,
                    cut.played,
                    cut.rounds_reached.div_ceil(cut.by_limit.max(1) as usize)
                ),
            ));
        }
    }
    found
}

/// Plays random moves until the game ends, `plies` are played, or the
/// budget runs out.
fn play_randomly(game: &mut Game, rng: &mut Rng, plies: usize, budget: &mut Budget) {
    while !game.is_over() && game.plies() < plies && budget.spend() {
        let mv = random_move(game, rng);
        game.play(mv, &mut ()).expect("listed moves are legal");
    }
}

/// Random matches cut short by the ply limit.
struct MatchesCut {
    /// Matches played to their end within the budget.
    played: u64,
    /// Those the ply limit ended.
    by_limit: u64,
    /// The rounds those reached, added up.
    rounds_reached: usize,
}

/// Plays random matches of `rules` to their end, within a quarter of
/// [`TIME_BUDGET`]: how many the ply limit of `plies` ends. `None` where
/// fewer than half of [`RANDOM_GAMES`] finished in time.
fn matches_cut(rules: &Rules, plies: usize) -> Option<MatchesCut> {
    let engine = Engine::new(rules.clone());
    let mut budget = Budget {
        plies: RANDOM_PLIES,
        deadline: Instant::now() + TIME_BUDGET / 4,
    };
    let mut cut = MatchesCut {
        played: 0,
        by_limit: 0,
        rounds_reached: 0,
    };
    for i in 0..RANDOM_GAMES {
        let mut game = Game::new(&engine);
        // One ply past the limit, so that the limit ends the match.
        play_randomly(&mut game, &mut Rng::for_game(1, i), plies + 1, &mut budget);
        let Some(outcome) = game.outcome() else {
            break;
        };
        cut.played += 1;
        if outcome.reason == EndReason::PlyLimit {
            cut.by_limit += 1;
            cut.rounds_reached += game.round().unwrap_or(1);
        }
    }
    (2 * cut.played >= RANDOM_GAMES).then_some(cut)
}

/// Whether a game can end before its ply limit otherwise than by it.
#[derive(Debug, PartialEq, Eq)]
enum Ends {
    /// Some line of play does.
    Otherwise,
    /// None does: the limit ends every game.
    Never,
    /// The budget ran out first; `played_to_limit`: a random game reached
    /// the limit (so the limit is within reach, and games end by it).
    Unknown { played_to_limit: bool },
}

/// Whether some game of `rules` ends within `plies` plies otherwise than
/// by its ply limit.
fn ends_otherwise(rules: &Rules, plies: usize) -> Ends {
    // Most games end by themselves well within their limit: a few random
    // games find one at once, where the search below, depth first, would
    // spend its whole budget deep in one line of play.
    let engine = Engine::new(rules.clone());
    let start = Game::new(&engine);
    let started = Instant::now();
    let mut random = Budget {
        plies: RANDOM_PLIES,
        deadline: started + TIME_BUDGET / 2,
    };
    let mut played_to_limit = false;
    for i in 0..RANDOM_GAMES {
        let mut game = start.playout_copy();
        play_randomly(&mut game, &mut Rng::for_game(0, i), plies, &mut random);
        if game
            .outcome()
            .is_some_and(|outcome| outcome.reason != EndReason::PlyLimit)
        {
            return Ends::Otherwise;
        }
        played_to_limit |= game.is_over();
    }
    let mut game = start;
    let mut search = Budget {
        plies: PLY_BUDGET - RANDOM_PLIES + random.plies,
        deadline: started + TIME_BUDGET,
    };
    match ends_within(&mut game, plies, &mut search) {
        Some(true) => Ends::Otherwise,
        Some(false) => Ends::Never,
        None => Ends::Unknown { played_to_limit },
    }
}

/// What the search finds on entering a position.
enum Visit {
    /// The game is over otherwise than by the ply limit.
    Ends,
    /// Nothing to look at below: the game is over by the limit, or the
    /// depth is reached.
    Leaf,
    /// The budget ran out before the position's moves were listed.
    Unsettled,
    /// The moves to try from here.
    Moves(Vec<Move>),
}

fn visit(game: &Game, depth: usize, budget: &mut Budget) -> Visit {
    if let Some(outcome) = game.outcome() {
        return if outcome.reason == EndReason::PlyLimit {
            Visit::Leaf
        } else {
            Visit::Ends
        };
    }
    if depth == 0 {
        return Visit::Leaf;
    }
    if !budget.spend() {
        return Visit::Unsettled;
    }
    Visit::Moves(game.legal_moves().iter().collect())
}

/// Whether some line of play ends the game, otherwise than by the ply
/// limit, within `depth` more plies (`None`: the budget ran out first).
/// Depth first, with a stack of its own rather than the thread's: a limit
/// of thirty thousand plies is thirty thousand positions deep.
fn ends_within(game: &mut Game, depth: usize, budget: &mut Budget) -> Option<bool> {
    let mut stack: Vec<(Vec<Move>, usize)> = match visit(game, depth, budget) {
        Visit::Ends => return Some(true),
        Visit::Leaf => return Some(false),
        Visit::Unsettled => return None,
        Visit::Moves(moves) => vec![(moves, 0)],
    };
    while let Some((moves, next)) = stack.last_mut() {
        let Some(&mv) = moves.get(*next) else {
            stack.pop();
            if !stack.is_empty() {
                game.undo();
            }
            continue;
        };
        *next += 1;
        game.play(mv, &mut ()).expect("listed moves are legal");
        match visit(game, depth - stack.len(), budget) {
            Visit::Ends => return Some(true),
            Visit::Leaf => {
                game.undo();
            }
            // Out of budget: nothing below settles it, and trying the
            // siblings of every position on a deep line costs more than
            // the search did.
            Visit::Unsettled => return None,
            Visit::Moves(moves) => stack.push((moves, 0)),
        }
    }
    Some(false)
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

    /// The shipped matches whose sources' own ply limit (2000) ends most
    /// random matches, rounds and all: for them the warning is a finding
    /// about the source's rule, and is said (variants/README.md, `ply_limit`).
    const MATCHES_THE_LIMIT_ENDS: [&str; 4] =
        ["mg-ali-guli-mane", "mg-ohvulhu", "mg-urim", "ludii-rab-e"];

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
            let warnings = warnings_of(&copy);
            if MATCHES_THE_LIMIT_ENDS
                .iter()
                .any(|m| name.contains(&format!("\"{m}\"")))
            {
                assert_eq!(warnings.len(), 1, "{name}: {warnings:?}");
                assert!(
                    warnings[0].starts_with(
                        "ply_limit.plies = 2000 counts the plies of the whole match, not of a round: "
                    ),
                    "{name}: {warnings:?}"
                );
            } else {
                assert_eq!(warnings, Vec::<String>::new(), "{name}");
            }
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
