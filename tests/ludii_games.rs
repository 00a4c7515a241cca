//! Replays reference games recorded from Ludii's own engine (the Digital
//! Ludeme Project's general game system, https://ludii.games) through `sow`,
//! and says where they differ. Shared by the integration tests
//! (`tests/ludii.rs`) and the checker `cargo run --example ludii_check`.
//!
//! A games file is JSON Lines, gzipped or not: a layout, then one game a
//! line. The layout names each site of Ludii's board by its row (0 the first
//! player's back row) and column (0 that player's left), and each hand by
//! its owner; `sow`'s board names each house's row and column the same way
//! as South sees it ([`sow::Board::cell`]), so the sites map to houses by
//! table, and a player's hand is their store.
//!
//! Ludii records each *decision*: a relay lap that Ludii asks the mover to
//! continue (its effects end in `Next P<mover>`) is a decision of its own,
//! where `sow` sows the whole move at once. The decisions of one move are
//! grouped: a decision that continues the mover's move has one legal
//! choice, the house where the last seed fell. After each move the mover,
//! the legal moves before it, and the seeds on every site and in hand are
//! compared; at the end, the winner. A pass (a decision from no site) is
//! `sow`'s to make within the turn, so the next decision's mover checks it.
//! Decisions past Ludii's 2,000-decision cap are not recorded, and a capped
//! game's result is not compared, nor a last move the cap cut short between
//! two of its laps. A move Ludii lists whose relay never ends, which `sow`
//! refuses (ruling R13), is left out of the legal moves compared.

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;
use sow::{Engine, Game, Position, Side};

/// The first line of a games file.
#[derive(Debug, Deserialize)]
pub struct LudiiLayout {
    pub game: String,
    #[serde(default)]
    pub ruleset: Option<String>,
    pub total_sites: usize,
    pub sites: Vec<LudiiSite>,
    #[serde(default)]
    pub start_mover: Option<u8>,
}

/// One site: a board house (row and column) or a hand (its owner).
#[derive(Debug, Deserialize)]
pub struct LudiiSite {
    pub site: usize,
    pub container: usize,
    #[serde(default)]
    pub row: Option<usize>,
    #[serde(default)]
    pub col: Option<usize>,
    #[serde(default)]
    pub owner: u8,
}

/// One recorded game.
#[derive(Debug, Deserialize)]
pub struct LudiiGame {
    pub seed: u32,
    pub start: LudiiStart,
    pub plies: Vec<LudiiPly>,
    pub result: LudiiResult,
}

/// Where a game starts.
#[derive(Debug, Deserialize)]
pub struct LudiiStart {
    pub mover: u8,
    pub counts: Vec<u32>,
}

/// One decision.
#[derive(Debug, Deserialize)]
pub struct LudiiPly {
    pub mover: u8,
    pub from: i64,
    pub to: i64,
    #[serde(default)]
    pub legal: Vec<serde_json::Value>,
    #[serde(default)]
    pub fx: String,
    pub counts: Vec<u32>,
}

/// How a game ended.
#[derive(Debug, Deserialize)]
pub struct LudiiResult {
    pub over: bool,
    #[serde(default)]
    pub capped: bool,
    #[serde(default)]
    pub winner: Option<u8>,
}

/// A games file: its layout and its games.
pub struct GamesFile {
    pub layout: LudiiLayout,
    pub games: Vec<LudiiGame>,
}

/// Reads a games file (`.jsonl` or `.jsonl.gz`).
pub fn read(path: &Path) -> Result<GamesFile, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = if path.extension().is_some_and(|x| x == "gz") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        text
    } else {
        String::from_utf8(bytes).map_err(|e| format!("{}: {e}", path.display()))?
    };
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let layout = lines.next().ok_or(format!("{}: empty", path.display()))?;
    let layout: LudiiLayout =
        serde_json::from_str(layout).map_err(|e| format!("{}: layout: {e}", path.display()))?;
    let games = lines
        .map(|l| serde_json::from_str(l).map_err(|e| format!("{}: {e}", path.display())))
        .collect::<Result<_, _>>()?;
    Ok(GamesFile { layout, games })
}

/// The variant file that plays a games file: `VARIANTS_DIR/<stem>.toml`,
/// the file's name lower-cased without `.jsonl.gz` (`Tsoro.jsonl.gz` is
/// `tsoro.toml`).
pub fn variant_stem(path: &Path) -> String {
    let name = path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    name.trim_end_matches(".gz")
        .trim_end_matches(".jsonl")
        .to_lowercase()
}

/// Where each Ludii site is in `sow`: a house, or a player's store (their
/// hand); `None` for a site `sow` has no place for.
fn site_places(layout: &LudiiLayout, engine: &Engine) -> Result<Vec<Option<usize>>, String> {
    let board = &engine.rules().board;
    let mut places = vec![None; layout.total_sites];
    for site in &layout.sites {
        places[site.site] = match (site.row, site.col) {
            (Some(row), Some(col)) => Some(
                (0..board.houses())
                    .find(|&h| board.cell(h) == (row, col))
                    .ok_or(format!(
                        "Ludii's site {} (row {row}, column {col}) is no house of the variant's {}x{} board",
                        site.site,
                        board.rows(),
                        board.columns()
                    ))?,
            ),
            _ => match site.owner {
                1 => Some(board.store(Side::South)),
                2 => Some(board.store(Side::North)),
                _ => None,
            },
        };
    }
    Ok(places)
}

fn side(mover: u8) -> Side {
    if mover == 1 { Side::South } else { Side::North }
}

/// Whether a decision continues the move before it: Ludii handed the turn
/// back to the same mover, who has one choice.
fn continues(previous: &LudiiPly, ply: &LudiiPly) -> bool {
    let distinct: BTreeSet<String> = ply.legal.iter().map(|v| v.to_string()).collect();
    previous.mover == ply.mover
        && previous.fx.contains(&format!("Next P{}", ply.mover))
        && distinct.len() == 1
        && ply.from == ply.to
}

/// The seeds on every site `sow` has a place for, as Ludii counts them,
/// compared with `position`; the first site that differs.
fn compare_counts(
    places: &[Option<usize>],
    counts: &[u32],
    position: &Position,
    engine: &Engine,
) -> Result<(), String> {
    for (site, place) in places.iter().enumerate() {
        let Some(place) = *place else { continue };
        let want = counts.get(site).copied().unwrap_or(0);
        let got = position.at(place) as u32;
        if want != got {
            let name = engine.rules().board.label(place);
            return Err(format!(
                "{name} (Ludii's site {site}) holds {got}, Ludii's {want}; position {position}"
            ));
        }
    }
    Ok(())
}

/// Replays one game; the first difference.
pub fn replay(layout: &LudiiLayout, engine: &Engine, game: &LudiiGame) -> Result<(), String> {
    let places = site_places(layout, engine)?;
    let rules = engine.rules();
    // The start: the variant's own, checked against Ludii's.
    let mut g = Game::new(engine);
    compare_counts(&places, &game.start.counts, g.position(), engine)
        .map_err(|e| format!("start: {e}"))?;
    if g.position().to_move() != side(game.start.mover) {
        return Err("start: the other player moves first".into());
    }
    let label = |site: i64| -> Result<String, String> {
        let place = usize::try_from(site)
            .ok()
            .and_then(|s| places.get(s).copied().flatten())
            .ok_or(format!("Ludii's site {site} is no house"))?;
        Ok(rules.board.label(place))
    };
    let mut i = 0;
    while i < game.plies.len() {
        let first = &game.plies[i];
        if first.from < 0 {
            // A pass: `sow` passes within the turn's logic, so the next
            // decision's mover is checked instead.
            i += 1;
            continue;
        }
        let mut last = i;
        while last + 1 < game.plies.len() && continues(&game.plies[last], &game.plies[last + 1]) {
            last += 1;
        }
        if game.result.capped
            && last + 1 == game.plies.len()
            && game.plies[last]
                .fx
                .contains(&format!("Next P{}", game.plies[last].mover))
        {
            // Ludii's cap cut this move short, between two of its laps:
            // there is no position after it to compare.
            break;
        }
        let at = format!(
            "seed {} decision {} ({})",
            game.seed,
            i + 1,
            label(first.from)?
        );
        if g.is_over() {
            return Err(format!("{at}: sow's game is over, Ludii's goes on"));
        }
        let mover = side(first.mover);
        if g.position().to_move() != mover {
            return Err(format!(
                "{at}: {mover} moves in Ludii, {} in sow",
                g.position().to_move()
            ));
        }
        let want: BTreeSet<String> = first
            .legal
            .iter()
            .filter_map(|v| v.as_i64())
            .map(label)
            .collect::<Result<_, _>>()?;
        let got: BTreeSet<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
        // Ludii lists a move whose relay never ends, which `sow` refuses
        // (ruling R13): such a move is left out of Ludii's list (were it
        // played, the move would differ below).
        let endless: BTreeSet<String> = engine
            .verdicts(g.position())
            .into_iter()
            .filter(|(_, v)| matches!(v, sow::Verdict::Endless | sow::Verdict::RelayTooLong))
            .map(|(m, _)| m.to_string())
            .collect();
        let want: BTreeSet<String> = want.difference(&endless).cloned().collect();
        if want != got {
            return Err(format!(
                "{at}: legal moves {got:?} in sow, {want:?} in Ludii; position {}",
                g.position()
            ));
        }
        let mv = sow::notation::parse_move(&label(first.from)?)
            .map_err(|e| format!("{at}: {e}"))?
            .0;
        g.play(mv, &mut ()).map_err(|e| format!("{at}: {e}"))?;
        compare_counts(&places, &game.plies[last].counts, g.position(), engine)
            .map_err(|e| format!("{at}: after the move, {e}"))?;
        i = last + 1;
    }
    if game.result.capped || !game.result.over {
        return Ok(());
    }
    let Some(outcome) = g.outcome() else {
        return Err(format!(
            "seed {}: Ludii's game is over, sow's goes on",
            game.seed
        ));
    };
    // Ludii writes a draw as winner 0; sow as no winner.
    let winner = outcome
        .winner
        .map_or(0, |s| if s == Side::South { 1 } else { 2 });
    if winner != game.result.winner.unwrap_or(0) {
        return Err(format!(
            "seed {}: the winner is {:?} in sow, {:?} in Ludii",
            game.seed, winner, game.result.winner
        ));
    }
    Ok(())
}

/// Checks every game of the games files against the variants of
/// `variants_dir`: for each file, one line per game that differs, and the
/// count of games that agree.
pub fn check(variants_dir: &Path, files: &[&Path]) -> (usize, usize, Vec<String>) {
    let (mut agree, mut total, mut report) = (0, 0, Vec::new());
    for path in files {
        let stem = variant_stem(path);
        let variant = variants_dir.join(format!("{stem}.toml"));
        let file = match read(path) {
            Ok(file) => file,
            Err(e) => {
                report.push(e);
                continue;
            }
        };
        total += file.games.len();
        let rules = match sow::Rules::load(&variant.to_string_lossy()) {
            Ok(rules) => rules,
            Err(e) => {
                report.push(format!("{stem}: {}: {e}", variant.display()));
                continue;
            }
        };
        let engine = Engine::new(rules);
        for game in &file.games {
            match replay(&file.layout, &engine, game) {
                Ok(()) => agree += 1,
                Err(e) => report.push(format!("{stem}: {e}")),
            }
        }
    }
    (agree, total, report)
}
