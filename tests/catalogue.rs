//! The MancalaGames catalogue (issue 11): every shipped variant under
//! `variants/mancalagames/` replays its sample of MancalaGames' reference
//! games (`tests/fixtures/catalogue/<stem>.jsonl`) ply by ply: the move, the
//! board and stores after every ply, the ply that ends the game, and the
//! result. Passes in the reference games are skipped; `sow` passes inside a
//! ply. The games come from MancalaGames' own engine
//! (StoneShark/MancalaGames, https://github.com/StoneShark/MancalaGames).
//!
//! `full_catalogue_check` (ignored by default) replays all 20 games of every
//! shipped catalogue variant from the full set, when it is at hand:
//! `SOW_CATALOGUE=/path/to/catalogue cargo test full_catalogue -- --ignored --nocapture`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use serde_json::Value;
use sow::layer::Layer;
use sow::{Engine, Game, Position, Rules};

use crate::common::{sow, test_path, text};

/// One reference game, as `scripts/catalogue_sample.py` keeps it.
#[derive(Debug, Deserialize)]
pub struct CatalogueGame {
    pub seed: u32,
    /// The position the game started from (random starts differ game by
    /// game).
    #[serde(default)]
    pub start: Option<CatalogueStart>,
    pub plies: Vec<CataloguePly>,
    pub result: String,
    pub reason: String,
    #[serde(default)]
    pub capped: bool,
    /// Rounds whose contested house MancalaGames drew by lot.
    #[serde(default)]
    pub lottery: u32,
}

/// A reference game's start.
#[derive(Debug, Deserialize)]
pub struct CatalogueStart {
    pub board: Vec<u8>,
    pub stores: [u8; 2],
    pub to_move: String,
}

/// One ply: the move and the position after it.
#[derive(Debug, Deserialize)]
pub struct CataloguePly {
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after the move (as the round ended, where it ended one).
    #[serde(flatten)]
    pub state: CatalogueState,
    pub over: bool,
    /// Where the ply ends a round: the position that starts the next.
    #[serde(default)]
    pub next_round: Option<CatalogueState>,
}

/// A position as the catalogue writes it: houses, stores, and the
/// per-house layers the game has.
#[derive(Debug, Deserialize)]
pub struct CatalogueState {
    pub board: Vec<u8>,
    pub stores: [u8; 2],
    /// Per-house state, where the game has children: one mark a house.
    #[serde(default)]
    pub child: Option<String>,
    /// Per-house state, where the game has blocked houses: `x` blocked,
    /// `.` open.
    #[serde(default)]
    pub blocked: Option<String>,
    /// The houses played already (`u`) and not yet (`l`), in games with
    /// MancalaGames' locks.
    #[serde(default)]
    pub unlocked: Option<String>,
    /// Who owns each house (`S`, `N`), in territory games.
    #[serde(default)]
    pub owner: Option<String>,
}

impl CatalogueGame {
    /// Whether MancalaGames finished the game by its rules (not stopped by
    /// its engine's limits), and without drawing lots (a random outcome).
    pub fn finished(&self) -> bool {
        !self.capped && !self.reason.starts_with("ENDLESS_SOW") && self.lottery == 0
    }
}

/// The games of a `.jsonl` file, or of a gzipped one (`.jsonl.gz`).
pub fn read_games(path: &Path) -> Vec<CatalogueGame> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = if path.extension().is_some_and(|x| x == "gz") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        text
    } else {
        String::from_utf8(bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

/// The non-pass plies of a game.
fn moves(game: &CatalogueGame) -> impl Iterator<Item = &CataloguePly> {
    game.plies.iter().filter(|p| p.mv != "pass")
}

/// Whether only a game's first round can be matched: its start is dealt at
/// random again for every round (the catalogue's README), so `sow`'s deal
/// differs from the next round on.
fn first_round_only(rules: &Rules) -> bool {
    rules.random_start() && rules.rounds.is_some()
}

/// The plies of `game` that are matched: every move, or in a game whose
/// rounds are dealt at random, the moves up to the end of its first round.
fn matched<'g>(rules: &Rules, game: &'g CatalogueGame) -> Vec<&'g CataloguePly> {
    let mut plies = Vec::new();
    for ply in moves(game) {
        plies.push(ply);
        if ply.next_round.is_some() && first_round_only(rules) {
            break;
        }
    }
    plies
}

/// The start of `game` in the notation, where it is not the variant's own
/// (a random start): the record's `[Position]` tag.
fn start_tag(rules: &Rules, game: &CatalogueGame) -> Option<String> {
    let start = game.start.as_ref()?;
    if rules.start().houses() == &start.board[..] && !rules.random_start() {
        return None;
    }
    let n = start.board.len() / 2;
    let row = |r: &[u8]| {
        r.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    Some(format!(
        "{}/{} {}-{} {}",
        row(&start.board[..n]),
        row(&start.board[n..]),
        start.stores[0],
        start.stores[1],
        start.to_move
    ))
}

/// Replays `game` with `rules` through the library; the first disagreement.
pub fn replay(engine: &Arc<Engine>, game: &CatalogueGame) -> Result<(), String> {
    let rules = engine.rules();
    let mut g = match start_tag(rules, game) {
        Some(tag) => {
            let position: sow::Position = tag.parse().map_err(|e| format!("{tag}: {e}"))?;
            Game::from_position(engine, position).map_err(|e| format!("{tag}: {e}"))?
        }
        None => Game::new(engine),
    };
    let first_round_only = first_round_only(rules);
    for (i, want) in matched(rules, game).into_iter().enumerate() {
        let at = format!("seed {} ply {} ({})", game.seed, i + 1, want.mv);
        let (mv, _) =
            sow::notation::parse_move(&want.mv).map_err(|e| format!("{at}: not a move: {e}"))?;
        g.play(mv, &mut ()).map_err(|e| format!("{at}: {e}"))?;
        // A ply that ends a round is checked twice: the board as the round
        // ended, then the next round's start.
        let mut checks = vec![(g.round_end().unwrap_or(g.position()), &want.state, "")];
        match (&want.next_round, g.round_end()) {
            // The next round is dealt afresh: only the first is matched.
            (Some(_), Some(_)) if first_round_only => {}
            (Some(next), Some(_)) => checks.push((g.position(), next, " (next round)")),
            (None, None) => {}
            (Some(_), None) => return Err(format!("{at}: the round goes on, expected its end")),
            (None, Some(_)) => return Err(format!("{at}: the round ends, expected it to go on")),
        }
        for (pos, want, which) in checks {
            check_state(rules, pos, want).map_err(|e| format!("{at}{which}: {e}"))?;
        }
        if g.is_over() != want.over {
            return Err(format!(
                "{at}: over is {}, expected {} ({:?})",
                g.is_over(),
                want.over,
                g.outcome().map(|o| o.reason.name())
            ));
        }
    }
    if first_round_only && !g.is_over() {
        return Ok(());
    }
    let outcome = g
        .outcome()
        .ok_or(format!("seed {}: not over at the end", game.seed))?;
    if outcome.result_token() != game.result {
        return Err(format!(
            "seed {}: result {}, expected {}",
            game.seed,
            outcome.result_token(),
            game.result
        ));
    }
    Ok(())
}

/// The first difference between `pos` and the catalogue's `want`: houses,
/// stores, and each per-house layer the catalogue records, in sow's marks.
fn check_state(rules: &Rules, pos: &Position, want: &CatalogueState) -> Result<(), String> {
    if pos.houses() != &want.board[..] || pos.stores() != want.stores {
        return Err(format!(
            "board {:?} {:?}, expected {:?} {:?}",
            pos.houses(),
            pos.stores(),
            want.board,
            want.stores
        ));
    }
    let layers = catalogue_layers(rules, want);
    for (layer, expected) in layers {
        if let Some(expected) = expected
            && pos.layer_marks(layer) != expected
        {
            return Err(format!(
                "{} {}, expected {expected}",
                layer.word(),
                pos.layer_marks(layer)
            ));
        }
    }
    Ok(())
}

/// The first difference between a position in `replay --json` and the
/// catalogue's `want`, as [`check_state`] compares them.
fn check_json_state(rules: &Rules, got: &Value, want: &CatalogueState) -> Result<(), String> {
    if got["board"] != serde_json::json!(want.board)
        || got["stores"] != serde_json::json!(want.stores)
    {
        return Err(format!(
            "board {} {}, expected {:?} {:?}",
            got["board"], got["stores"], want.board, want.stores
        ));
    }
    for (layer, expected) in catalogue_layers(rules, want) {
        if let Some(expected) = expected
            && got[layer.word()] != expected.as_str()
        {
            return Err(format!(
                "{} {}, expected {expected}",
                layer.word(),
                got[layer.word()]
            ));
        }
    }
    Ok(())
}

/// Each per-house layer the catalogue records for `want`, in sow's marks.
fn catalogue_layers(rules: &Rules, want: &CatalogueState) -> [(Layer, Option<String>); 4] {
    [
        (
            Layer::Children,
            want.child.as_ref().map(|c| catalogue_marks(rules, c)),
        ),
        (Layer::Blocked, want.blocked.clone()),
        (
            Layer::Played,
            want.unlocked.as_ref().map(|u| {
                u.chars()
                    .map(|c| if c == 'u' { 'x' } else { '.' })
                    .collect()
            }),
        ),
        (Layer::Owner, want.owner.clone()),
    ]
}

/// The catalogue's child marks as `sow` writes them: the catalogue writes
/// MancalaGames' ownerless child, a ram (`[children] kind = "ram"`), as `N`;
/// `sow` as `R`.
fn catalogue_marks(rules: &Rules, marks: &str) -> String {
    if rules
        .children
        .is_some_and(|c| c.kind == sow::rules::children::Kind::Ram)
    {
        marks.replace('N', "R")
    } else {
        marks.to_string()
    }
}

/// The shipped catalogue variant files, by stem.
fn catalogue_files() -> Vec<(String, PathBuf)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("variants/mancalagames");
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .expect("variants/mancalagames")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    files.sort();
    files
}

fn rules_of(path: &Path) -> Rules {
    Rules::from_path(path).unwrap_or_else(|e| panic!("{e}"))
}

/// Games of which MancalaGames finished fewer than five of its 20
/// reference games (the others end in an endless sowing), with how many it
/// finished: their fixtures hold every finished one.
const FEW_FINISHED: &[(&str, usize)] = &[("mikro_tsoro", 2)];

#[test]
fn every_catalogue_variant_is_shipped_and_has_games() {
    for (stem, path) in catalogue_files() {
        let engine = Engine::new(rules_of(&path));
        let rules = engine.rules();
        let shipped = Rules::builtin(&rules.meta.name)
            .unwrap_or_else(|| panic!("{stem}: {} is not shipped", rules.meta.name));
        assert_eq!(shipped.meta.name, rules.meta.name);
        let games = read_games(&test_path(&format!("fixtures/catalogue/{stem}.jsonl")));
        let least = FEW_FINISHED
            .iter()
            .find(|(few, _)| *few == stem)
            .map_or(5, |&(_, finished)| finished);
        assert!(
            games.len() >= least,
            "{stem}: at least {least} reference games"
        );
    }
}

#[test]
fn catalogue_games_replay_through_the_library() {
    let mut failures = Vec::new();
    for (stem, path) in catalogue_files() {
        let engine = Engine::new(rules_of(&path));
        for game in read_games(&test_path(&format!("fixtures/catalogue/{stem}.jsonl"))) {
            if let Err(e) = replay(&engine, &game) {
                failures.push(format!("{stem}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn catalogue_games_replay_through_the_command_line() {
    for (stem, path) in catalogue_files() {
        let games = read_games(&test_path(&format!("fixtures/catalogue/{stem}.jsonl")));
        let engine = Engine::new(rules_of(&path));
        let rules = engine.rules();
        let mut records = String::new();
        for game in &games {
            if let Some(tag) = start_tag(rules, game) {
                records.push_str(&format!("[Position \"{tag}\"]\n"));
            }
            for ply in matched(rules, game) {
                records.push_str(&ply.mv);
                records.push(' ');
            }
            records.push_str("*\n\n");
        }
        let file = path.to_string_lossy();
        let output = sow(&["replay", "--json", "--variant", &file, "-"], &records);
        assert!(output.status.success(), "{stem}: {}", text(&output.stderr));
        let lines: Vec<Value> = text(&output.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON line"))
            .collect();
        assert_eq!(lines.len(), games.len(), "{stem}: one line per game");
        for (got, want) in lines.iter().zip(&games) {
            let at = format!("{stem} seed {}", want.seed);
            let plies = got["plies"].as_array().unwrap();
            let expected = matched(rules, want);
            assert_eq!(plies.len(), expected.len(), "{at}: plies");
            for (i, (p, w)) in plies.iter().zip(&expected).enumerate() {
                assert_eq!(p["move"], w.mv.as_str(), "{at} ply {}", i + 1);
                assert_eq!(p["over"], w.over, "{at} ply {}: over", i + 1);
                check_json_state(rules, p, &w.state)
                    .unwrap_or_else(|e| panic!("{at} ply {}: {e}", i + 1));
                assert_eq!(
                    p["round_over"].as_bool().unwrap_or(false),
                    w.next_round.is_some(),
                    "{at} ply {}: round_over",
                    i + 1
                );
                if let Some(next) = w.next_round.as_ref().filter(|_| !first_round_only(rules)) {
                    check_json_state(rules, &p["next_round"], next)
                        .unwrap_or_else(|e| panic!("{at} ply {} (next round): {e}", i + 1));
                }
            }
            if expected.len() == moves(want).count() {
                assert_eq!(got["result"], want.result.as_str(), "{at}: result");
            }
        }
    }
}

/// Replays every finished game of the full catalogue set for each shipped
/// catalogue variant, and prints a line per variant.
#[test]
#[ignore = "needs the full MancalaGames catalogue: set SOW_CATALOGUE"]
fn full_catalogue_check() {
    // The catalogue is not in the repository: no default path.
    let Some(root) = std::env::var_os("SOW_CATALOGUE").map(PathBuf::from) else {
        panic!("set SOW_CATALOGUE to the catalogue's directory (see docs/catalogue.md)");
    };
    let dir = root.join("games");
    assert!(
        dir.is_dir(),
        "{} is absent: nothing to check",
        dir.display()
    );
    let mut by_lower = std::collections::HashMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        // `<Stem>.jsonl`, or `<Stem>.jsonl.gz` for the long round games.
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if let Some(stem) = name
            .strip_suffix(".jsonl")
            .or_else(|| name.strip_suffix(".jsonl.gz"))
        {
            by_lower.insert(stem.to_lowercase(), path);
        }
    }
    let only = std::env::var("SOW_ONLY").ok();
    let (mut passing, mut failing) = (0, 0);
    for (stem, path) in catalogue_files() {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|s| s == stem))
        {
            continue;
        }
        let Some(games_path) = by_lower.get(&stem) else {
            println!("{stem}: no reference games");
            continue;
        };
        let engine = Engine::new(rules_of(&path));
        let rules = engine.rules();
        let games = read_games(games_path);
        let finished: Vec<&CatalogueGame> = games.iter().filter(|g| g.finished()).collect();
        let errors: Vec<String> = finished
            .iter()
            .filter_map(|g| replay(&engine, g).err())
            .collect();
        if errors.is_empty() {
            passing += 1;
            println!(
                "PASS {stem}: {}/{} finished games{}",
                finished.len(),
                games.len(),
                if first_round_only(rules) {
                    " (their first rounds: every round is dealt at random)"
                } else {
                    ""
                }
            );
        } else {
            failing += 1;
            println!(
                "FAIL {stem}: {} of {} finished games disagree; first: {}",
                errors.len(),
                finished.len(),
                errors[0]
            );
        }
    }
    println!("{passing} variants pass, {failing} fail");
}
