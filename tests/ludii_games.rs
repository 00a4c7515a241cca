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
//! compared; at the end, the winner.
//!
//! Where a capture lets the capturer take the seeds of opponent's houses
//! of their choosing (`[capture] chosen_after`), Ludii asks for each house
//! taken as a decision of its own, which sows nothing (its effects remove
//! one house's seeds), after the move's last lap has handed the turn back
//! to the mover (`Next P<mover>`). `sow` makes the choice part of the move
//! (`B6+b3+a1`), so those decisions are grouped into the move too, and the
//! move played names every house taken. The legal moves are compared at
//! each decision: at the first, the houses sown (each of `sow`'s moves by
//! its house and direction, whatever it then takes); at each house taken,
//! the houses Ludii offers against those that `sow`'s legal moves of the
//! same house, taking every house chosen so far, would still take.
//! Houses taken instead of sowing (owed from a capture, or an opening
//! move's, where Ludii moves each house's seeds to the mover's hand) are
//! one decision each in Ludii and one move in `sow` (`+b1+a4+a6`).
//!
//! Where the mover chooses the way of a move, Ludii lists its house once
//! for each way; `sow` writes the way (`A3>`, `A3<`), and the move played
//! takes the way of Ludii's first seed out of the house. Seeds Ludii takes
//! off the board into no hand (a capture that removes them from play) are
//! counted in the mover's hand, where `sow` keeps them (Namudilakunze).
//!
//! A pass (a decision from no site) is
//! `sow`'s to make within the turn, so the next decision's mover checks it;
//! but a pass Ludii lists beside houses at the start of a turn, which ends
//! the game with the passer losing (Ngolo, ruling L5), is left out of the
//! legal moves, and the game is compared up to it. Where a variant starts
//! from the position a prescribed opening without a choice leaves, Ludii's
//! first decisions, each forced, are skipped up to that position (Njombwa
//! with one counter, ruling L6).
//! A decision from a hand to a house that starts a turn places a seed from
//! the hand (`[play] place_from_hand`): a move of its own in `sow`
//! (`B6@`), the houses offered compared with the legal moves (Mweso).
//! Between two rounds Ludii has the seeds laid out again from the hands, one
//! decision a house (a decision from a hand site to a board site); `sow`
//! sets the next round up as the move that ended the last one ends, without
//! a move, so those decisions are grouped into that move, and the seeds
//! are compared once they are all laid out (Rab'e).
//! Where each turn starts with takes across (`[capture]
//! facing_take_at_turn_start`, Kisolo), Ludii asks for each take as a
//! decision of the mover's, which sows nothing out of the house it names;
//! `sow` makes them as the move before ends, so they are grouped into that
//! move (after the pass Ludii records where a relay ends), and skipped where
//! they open the game, up to the variant's start (ruling L6). A game Ludii
//! ended between two takes is compared up to its takes, and by its winner
//! (ruling L7).
//! Decisions past Ludii's 2,000-decision cap are not recorded, and a capped
//! game's result is not compared, nor a last move the cap cut short between
//! two of its laps. A move Ludii lists whose relay never ends, which `sow`
//! refuses (ruling R13), is left out of the legal moves compared.

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use sow::board::Board;
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
    /// Named maps of player to site (Kalah's and Oware's stores).
    #[serde(default)]
    pub maps: Vec<LudiiMap>,
}

/// A map of Ludii's: pairs of a player (or site) and a site.
#[derive(Debug, Deserialize)]
pub struct LudiiMap {
    pub pairs: Vec<[i64; 2]>,
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
///
/// A two-row board with stores on it (Ludii's Kalah, Oware) has them as
/// sites of no owner at either end of the bottom row, the houses' columns
/// counted from 1 between them; a map of Ludii's pairs each player with
/// their store (South's is at the right in Kalah, where sowing passes
/// through it, and at the left in Oware).
fn site_places(layout: &LudiiLayout, engine: &Arc<Engine>) -> Result<Vec<Option<usize>>, String> {
    let board = &engine.rules().board;
    let mut places = vec![None; layout.total_sites];
    let stores_on_board =
        board.rows() == 2 && layout.sites.iter().any(|s| s.owner == 0 && s.row.is_some());
    for site in &layout.sites {
        places[site.site] = match (site.row, site.col) {
            (Some(_), Some(_)) if stores_on_board && site.owner == 0 => {
                let player = layout
                    .maps
                    .iter()
                    .flat_map(|m| &m.pairs)
                    .find(|&&[player, at]| (1..=2).contains(&player) && at == site.site as i64)
                    .map(|&[player, _]| player)
                    .ok_or(format!(
                        "Ludii's site {} is a store no map gives a player",
                        site.site
                    ))?;
                Some(board.store(side(player as u8)))
            }
            (Some(row), Some(col)) if stores_on_board => {
                let col = col.checked_sub(1).ok_or(format!(
                    "Ludii's site {} (row {row}, column 0) is no house of the variant's board",
                    site.site
                ))?;
                Some(
                    (0..board.houses())
                        .find(|&h| board.cell(h) == (row, col))
                        .ok_or(format!(
                            "Ludii's site {} (row {row}, column {}) is no house of the variant's 2x{} board",
                            site.site,
                            col + 1,
                            board.columns()
                        ))?,
                )
            }
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
/// back to the same mover, who has one choice, and not because the last
/// seed fell in their store (Kalah's extra turn, a move of its own).
fn continues(previous: &LudiiPly, ply: &LudiiPly, places: &[Option<usize>], board: &Board) -> bool {
    let last_drop = previous
        .fx
        .split(';')
        .filter_map(|step| step.split_once('-'))
        .filter_map(|(_, to)| to.parse::<usize>().ok())
        .next_back();
    if last_drop
        .and_then(|site| places.get(site).copied().flatten())
        .is_some_and(|place| !board.is_house(place))
    {
        return false;
    }
    // A lap that may stop (`[sowing] relay_may_stop_at_marked`) offers a
    // pass too: the choice to go on is the house.
    let distinct: BTreeSet<String> = ply
        .legal
        .iter()
        .filter(|v| v.as_i64() != Some(-1))
        .map(|v| v.to_string())
        .collect();
    previous.mover == ply.mover
        && previous.fx.contains(&format!("Next P{}", ply.mover))
        && distinct.len() == 1
        && ply.from == ply.to
}

/// The house where a decision offers the mover to stop their relay
/// (`[sowing] relay_may_stop_at_marked`): Ludii handed the turn back to
/// the same mover, whose choices are a pass (stop) and that house (go on).
fn stop_offered(previous: &LudiiPly, ply: &LudiiPly) -> Option<i64> {
    let houses: Vec<i64> = ply
        .legal
        .iter()
        .filter_map(|v| v.as_i64())
        .filter(|&s| s >= 0)
        .collect();
    (previous.mover == ply.mover
        && previous.fx.contains(&format!("Next P{}", ply.mover))
        && ply.legal.iter().any(|v| v.as_i64() == Some(-1))
        && houses.len() == 1)
        .then(|| houses[0])
}

/// Whether a decision marks a house before the first sowing (`[play]
/// marked = { chosen = N }`): it names a house and only sets site states
/// (`5=1`).
fn marks(ply: &LudiiPly) -> bool {
    ply.from >= 0
        && ply.from == ply.to
        && !ply.fx.is_empty()
        && ply.fx.split(';').all(|effect| {
            effect.split_once('=').is_some_and(|(site, state)| {
                !site.is_empty()
                    && !state.is_empty()
                    && site.bytes().all(|b| b.is_ascii_digit())
                    && state.bytes().all(|b| b.is_ascii_digit())
            })
        })
}

/// Whether a decision sows seeds (its effects move a seed from one site
/// to another, `4-5`), rather than only removing some (`16-`).
fn sows(ply: &LudiiPly) -> bool {
    ply.fx.split(';').any(|effect| {
        let mut parts = effect.splitn(2, '-');
        let from = parts.next().unwrap_or("");
        let to = parts.next().unwrap_or("");
        !from.is_empty()
            && from.bytes().all(|b| b.is_ascii_digit())
            && to.bytes().next().is_some_and(|b| b.is_ascii_digit())
    })
}

/// Whether a decision takes across at the start of the mover's turn
/// (`[capture] facing_take_at_turn_start`): it names a house of the mover's
/// and moves seeds from other sites into another (`16-2`), none out of the
/// house it names.
fn takes_facing(ply: &LudiiPly) -> bool {
    let from = format!("{}-", ply.from);
    ply.from >= 0
        && ply.from == ply.to
        && sows(ply)
        && !ply.fx.split(';').any(|e| e.starts_with(&from))
}

/// Whether a decision takes a house by the mover's choice after the
/// move's capture: Ludii handed the turn back to the same mover, and the
/// decision names a house, or a house and the hand its seeds go to, and
/// sows nothing.
fn takes_chosen(layout: &LudiiLayout, previous: &LudiiPly, ply: &LudiiPly) -> bool {
    previous.mover == ply.mover
        && previous.fx.contains(&format!("Next P{}", ply.mover))
        && ply.from >= 0
        && (ply.from == ply.to || in_hand(layout, ply.to))
        && !sows(ply)
}

/// Whether a site is a hand's.
fn in_hand(layout: &LudiiLayout, site: i64) -> bool {
    usize::try_from(site)
        .ok()
        .and_then(|s| layout.sites.iter().find(|x| x.site == s))
        .is_some_and(|x| x.container != 0)
}

/// The house a legal decision names: the site itself, or the first of a
/// (from, to) pair.
fn decision_site(value: &serde_json::Value) -> Option<i64> {
    value
        .as_i64()
        .or_else(|| value.as_array()?.first()?.as_i64())
}

/// The way a decision's first lap sows, as a move writes it (`>`
/// counter-clockwise, `<` clockwise): from its first seed's step out of the
/// house played, along the mover's ring one way or the other.
fn first_way(ply: &LudiiPly, places: &[Option<usize>], rules: &sow::Rules) -> Option<char> {
    let place = |site: &str| {
        site.parse::<usize>()
            .ok()
            .and_then(|s| places.get(s).copied().flatten())
    };
    let (from, to) = ply.fx.split(';').find_map(|effect| {
        let (from, to) = effect.split_once('-')?;
        let (from, to) = (place(from)?, place(to.split('x').next()?)?);
        Some((from, to))
    })?;
    let board = &rules.board;
    let owner = board.owner(from);
    let way = if board.ring_in(owner, false).next(from) == to {
        board.direction()
    } else if board.ring_in(owner, true).next(from) == to {
        board.direction().reversed()
    } else {
        return None;
    };
    Some(way.mark())
}

/// Whether a decision lays seeds out from a hand onto the board (between
/// rounds).
fn lays_out(layout: &LudiiLayout, ply: &LudiiPly) -> bool {
    let container = |site: i64| {
        usize::try_from(site)
            .ok()
            .and_then(|s| layout.sites.iter().find(|x| x.site == s))
            .map(|x| x.container)
    };
    matches!(container(ply.from), Some(c) if c != 0) && container(ply.to) == Some(0)
}

/// The seeds on every site `sow` has a place for, as Ludii counts them,
/// compared with `position`; the first site that differs.
fn compare_counts(
    places: &[Option<usize>],
    counts: &[u32],
    position: &Position,
    engine: &Arc<Engine>,
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
pub fn replay(layout: &LudiiLayout, engine: &Arc<Engine>, game: &LudiiGame) -> Result<(), String> {
    let places = site_places(layout, engine)?;
    let rules = engine.rules();
    // The start: the variant's own, checked against Ludii's, or against
    // the position Ludii's first decisions lead to where each of them is
    // forced, a prescribed opening without a choice (ruling L6).
    let g = Game::new(engine);
    let opening = forced_opening(&places, engine, game, &g);
    let (mut g, first) = match opening {
        Some(first) => (g, first),
        None => {
            compare_counts(&places, &game.start.counts, g.position(), engine)
                .map_err(|e| format!("start: {e}"))?;
            if g.position().to_move() != side(game.start.mover) {
                return Err("start: the other player moves first".into());
            }
            (g, 0)
        }
    };
    let label = |site: i64| -> Result<String, String> {
        let place = usize::try_from(site)
            .ok()
            .and_then(|s| places.get(s).copied().flatten())
            .ok_or(format!("Ludii's site {site} is no house"))?;
        Ok(rules.board.label(place))
    };
    // The houses Ludii lists as a decision's legal sites.
    let legal_labels = |ply: &LudiiPly| -> Result<Vec<String>, String> {
        ply.legal
            .iter()
            .filter_map(|v| v.as_i64())
            .map(label)
            .collect()
    };
    // The houses a decision lists beside a pass that resigns (ruling L5).
    let houses_beside_pass = |ply: &LudiiPly| -> Result<BTreeSet<String>, String> {
        ply.legal
            .iter()
            .filter_map(|v| v.as_i64())
            .filter(|&site| site >= 0)
            .map(label)
            .collect()
    };
    // Ludii offers a pass beside the houses at the start of every turn,
    // and a pass ends the game, lost (ruling L5).
    let resigning = !game.plies.is_empty() && resigns(game, game.plies.len() - 1);
    // Seeds Ludii takes off the board into no hand (a capture that
    // removes them from play), per player: `sow` keeps them in the
    // capturer's store, so they are counted in that player's hand.
    let mut removed = [0u32; 2];
    let mut total: u32 = match first {
        0 => game.start.counts.iter().sum(),
        k => game.plies[k - 1].counts.iter().sum(),
    };
    let mut i = first;
    while i < game.plies.len() {
        if g.outcome()
            .is_some_and(|o| o.reason == sow::EndReason::EmptyRow)
            && game.result.over
        {
            // Ruling L11: Ludii's Kalah plays on once a row is empty, which
            // ends the game in the documented rules; the winner is
            // compared below.
            break;
        }
        if g.is_over() && plays_past_the_end(game, i) {
            // Ruling L8: the game is over in `sow` where Ludii has the
            // player left without seeds pass, and the other make one more
            // decision; the winner is compared below.
            break;
        }
        let first = &game.plies[i];
        if first.from < 0 {
            if resigns(game, i) {
                // Ruling L5: a pass offered beside houses ends the game,
                // the passer losing; `sow` offers none. The houses are
                // compared, and the game stops here.
                let at = format!("seed {} decision {} (a pass)", game.seed, i + 1);
                if g.is_over() {
                    return Err(format!("{at}: sow's game is over, Ludii's goes on"));
                }
                let want = houses_beside_pass(first)?;
                let got: BTreeSet<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
                if want != got {
                    return Err(format!(
                        "{at}: legal moves {got:?} in sow, {want:?} in Ludii; position {}",
                        g.position()
                    ));
                }
                let winner = if first.mover == 1 { 2 } else { 1 };
                if game.result.winner != Some(winner) {
                    return Err(format!(
                        "{at}: Ludii's game goes on after a pass offered beside houses"
                    ));
                }
                return Ok(());
            }
            // A pass: `sow` passes within the turn's logic, so the next
            // decision's mover is checked instead.
            i += 1;
            continue;
        }
        // A decision that is a move of its own, its house marked: a seed
        // placed from the hand (`[play] place_from_hand`, `B6@`), the
        // houses offered being each legal decision's site on the board, or
        // a marking (`B6#`).
        let single = if in_hand(layout, first.from) && !in_hand(layout, first.to) {
            let offered = first
                .legal
                .iter()
                .map(|v| match v.as_array().map(Vec::as_slice) {
                    Some([_, to]) => to
                        .as_i64()
                        .ok_or(format!("a placement's site {to} is no number")),
                    _ => Err(format!("a placement's legal decision {v} names no site to")),
                })
                .map(|to| label(to?))
                .collect::<Result<Vec<_>, String>>()?;
            Some(('@', first.to, offered))
        } else if marks(first) {
            Some(('#', first.from, legal_labels(first)?))
        } else {
            None
        };
        if let Some((mark, house, offered)) = single {
            let text = format!("{}{mark}", label(house)?);
            let at = format!("seed {} decision {} ({text})", game.seed, i + 1);
            let want: BTreeSet<String> =
                offered.into_iter().map(|l| format!("{l}{mark}")).collect();
            let got: BTreeSet<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
            if want != got {
                return Err(format!(
                    "{at}: legal moves {got:?} in sow, {want:?} in Ludii; position {}",
                    g.position()
                ));
            }
            let mv = sow::notation::parse_move(&text)
                .map_err(|e| format!("{at}: {e}"))?
                .0;
            g.play(mv, &mut ()).map_err(|e| format!("{at}: {e}"))?;
            compare_counts(&places, &first.counts, g.position(), engine)
                .map_err(|e| format!("{at}: after the move, {e}"))?;
            i += 1;
            continue;
        }
        if !sows(first)
            && (first.fx.split(';').any(|e| e.ends_with('-'))
                || (!in_hand(layout, first.from) && in_hand(layout, first.to)))
        {
            // Houses taken instead of sowing, that a capture before could
            // not take (`[capture] chosen_left_to_opponent`), or as an
            // opening move (`[play] opening_takes`, a decision that moves a
            // house's seeds to the mover's hand), one decision each: one
            // move in sow (`+b3+b5`).
            let at = format!(
                "seed {} decision {} ({})",
                game.seed,
                i + 1,
                label(first.from)?
            );
            let mut last = i;
            while last + 1 < game.plies.len()
                && takes_chosen(layout, &game.plies[last], &game.plies[last + 1])
            {
                last += 1;
            }
            let want: BTreeSet<String> = first
                .legal
                .iter()
                .filter_map(decision_site)
                .map(label)
                .collect::<Result<_, _>>()?;
            let got: BTreeSet<String> = g
                .legal_moves()
                .iter()
                .flat_map(|m| m.taken().map(|l| l.to_string()).collect::<Vec<_>>())
                .collect();
            if want != got {
                return Err(format!(
                    "{at}: the houses taken instead of sowing are {got:?} in sow, {want:?} in Ludii; position {}",
                    g.position()
                ));
            }
            let mut text = String::new();
            for ply in &game.plies[i..=last] {
                text.push('+');
                text.push_str(&label(ply.from)?);
            }
            let mv = sow::notation::parse_move(&text)
                .map_err(|e| format!("{at}: {e}"))?
                .0;
            g.play(mv, &mut ()).map_err(|e| format!("{at}: {e}"))?;
            compare_counts(&places, &game.plies[last].counts, g.position(), engine)
                .map_err(|e| format!("{at}: after the move, {e}"))?;
            i = last + 1;
            continue;
        }
        let mut last = i;
        // The laps that offered a stop, by house, and where the move
        // stopped (`[sowing] relay_may_stop_at_marked`).
        let mut offers: Vec<i64> = Vec::new();
        let mut stopped: Option<(i64, usize)> = None;
        // The laps after the first whose way Ludii let the mover choose
        // (`[sowing] reverse_from`): each a decision listing its house
        // twice, one for each way.
        let mut lap_ways: Vec<usize> = Vec::new();
        while last + 1 < game.plies.len()
            && (continues(
                &game.plies[last],
                &game.plies[last + 1],
                &places,
                &engine.rules().board,
            ) || takes_chosen(layout, &game.plies[last], &game.plies[last + 1])
                || stop_offered(&game.plies[last], &game.plies[last + 1]).is_some())
        {
            let next = &game.plies[last + 1];
            last += 1;
            if next.legal.len() == 2 && next.legal[0] == next.legal[1] && sows(next) {
                lap_ways.push(last);
            }
            if let Some(house) = stop_offered(&game.plies[last - 1], next) {
                offers.push(house);
                if next.from < 0 {
                    stopped = Some((house, offers.iter().filter(|&&h| h == house).count()));
                    break;
                }
            }
        }
        // The decisions that take houses by choice, each after the last.
        let choices: Vec<&LudiiPly> = game.plies[i + 1..=last]
            .iter()
            .filter(|ply| ply.from >= 0 && !sows(ply))
            .collect();
        // The lay-out of the next round's seeds, which `sow` makes as the
        // move ends.
        while last + 1 < game.plies.len() && lays_out(layout, &game.plies[last + 1]) {
            last += 1;
        }
        // The takes across that start the next turn, which `sow` makes as
        // the move ends, one decision each in Ludii (after the pass that
        // ends a relay, where Ludii records one).
        loop {
            let at = |k: usize| game.plies.get(k).filter(|p| takes_facing(p));
            if at(last + 1).is_some() {
                last += 1;
            } else if game
                .plies
                .get(last + 1)
                .is_some_and(|p| p.from < 0 && p.mover == game.plies[last].mover)
                && at(last + 2).is_some()
            {
                last += 2;
            } else {
                break;
            }
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
        let listed = if resigning {
            // The pass beside the houses resigns (ruling L5).
            houses_beside_pass(first)?.into_iter().collect()
        } else {
            legal_labels(first)?
        };
        // A move is compared by its house and direction: the houses it
        // takes by choice are compared at Ludii's decisions that take them.
        let mut got: BTreeSet<String> = g
            .legal_moves()
            .iter()
            .map(|m| m.base().to_string())
            .collect();
        let reversible = rules.sowing.reverse_from != 0;
        // The moves `sow` has as they are written, their first lap's way
        // among them (`B1<`, `[sowing] reverse_from`).
        let written = got.clone();
        if reversible {
            // Ludii lists a house once for each way its first lap may go,
            // and a house it lists once may be sown either way: compared
            // by house, listed once or twice.
            got = got
                .iter()
                .map(|m| m.trim_end_matches('<').to_string())
                .flat_map(|house| {
                    if written.contains(&house) && written.contains(&format!("{house}<")) {
                        vec![house.clone(), format!("{house}<")]
                    } else {
                        vec![house]
                    }
                })
                .collect();
        }
        // Where the mover chooses the way, Ludii lists the house once for
        // each way, and `sow` writes the way (`A3>`, `A3<`), or, where only
        // a lap sown the other way is chosen (`[sowing] reverse_from`), that
        // one (`B1`, `B1<`).
        let ways_chosen = g.legal_moves().iter().any(|m| m.direction().is_some());
        let want: BTreeSet<String> = listed
            .iter()
            .flat_map(|house| {
                let both = ways_chosen && listed.iter().filter(|h| *h == house).count() == 2;
                if both && reversible {
                    vec![house.clone(), format!("{house}<")]
                } else if both {
                    vec![format!("{house}>"), format!("{house}<")]
                } else {
                    vec![house.clone()]
                }
            })
            .collect();
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
        let mut text = label(first.from)?;
        if got.contains(&format!("{text}>")) && got.contains(&format!("{text}<")) {
            // The way Ludii sowed: its first seed's step from the house.
            text.push(first_way(first, &places, rules).ok_or(format!(
                "{at}: Ludii's first seed from {text} goes to no next house"
            ))?);
        } else if reversible
            && written.contains(&format!("{text}<"))
            && first_way(first, &places, rules) == Some('<')
        {
            // The first lap sown the other way (`[sowing] reverse_from`).
            text.push('<');
        }
        // The laps where sow's move of that house may stop, against those
        // where Ludii offered a stop: the same, up to where the move stopped.
        let sown = sow::notation::parse_move(&text)
            .map_err(|e| format!("{at}: {e}"))?
            .0;
        let may_stop: BTreeSet<String> = g
            .legal_moves()
            .iter()
            .filter(|m| m.base() == sown)
            .filter_map(|m| m.stop())
            .map(|(at, time)| format!("{at}:{time}"))
            .collect();
        let mut offered: BTreeSet<String> = BTreeSet::new();
        for (k, &house) in offers.iter().enumerate() {
            let time = offers[..=k].iter().filter(|&&h| h == house).count();
            offered.insert(format!("{}:{time}", label(house)?));
        }
        if (stopped.is_none() && offered != may_stop) || !offered.is_subset(&may_stop) {
            return Err(format!(
                "{at}: the laps where {text} may stop are {may_stop:?} in sow, {offered:?} in Ludii; position {}",
                g.position()
            ));
        }
        if let Some((house, time)) = stopped {
            text.push('/');
            text.push_str(&label(house)?);
            if time > 1 {
                text.push_str(&format!(":{time}"));
            }
        }
        // The ways Ludii chose for the later laps that offered a choice,
        // up to the last sown the other way (`B6/><`).
        let mut ways = String::new();
        for &k in &lap_ways {
            let way = first_way(&game.plies[k], &places, rules).ok_or(format!(
                "{at}: Ludii's lap from {} goes to no next house",
                label(game.plies[k].from)?
            ))?;
            ways.push(way);
        }
        let ways = ways.trim_end_matches('>');
        if !ways.is_empty() {
            text.push('/');
            text.push_str(ways);
        }
        let reversals_offered = lap_ways.len();
        let mut taken: Vec<String> = Vec::new();
        let base = sow::notation::parse_move(&text)
            .map_err(|e| format!("{at}: {e}"))?
            .0;
        for choice in &choices {
            let want: BTreeSet<String> = choice
                .legal
                .iter()
                .filter_map(decision_site)
                .map(label)
                .collect::<Result<_, _>>()?;
            let got: BTreeSet<String> = g
                .legal_moves()
                .iter()
                .filter(|m| m.without_taken() == base)
                .map(|m| m.taken().map(|l| l.to_string()).collect::<Vec<_>>())
                .filter(|t| taken.iter().all(|h| t.contains(h)))
                .flat_map(|t| t.into_iter().filter(|h| !taken.contains(h)))
                .collect();
            if want != got {
                return Err(format!(
                    "{at}: after {text}{}, the houses it may take by choice are {got:?} in sow, {want:?} in Ludii; position {}",
                    taken.iter().map(|h| format!("+{h}")).collect::<String>(),
                    g.position()
                ));
            }
            taken.push(label(choice.from)?);
        }
        for house in &taken {
            text.push('+');
            text.push_str(house);
        }
        let mv = sow::notation::parse_move(&text)
            .map_err(|e| format!("{at}: {e}"))?
            .0;
        let before = g.position().clone();
        let mut events: Vec<sow::Event> = Vec::new();
        g.play(mv, &mut events).map_err(|e| format!("{at}: {e}"))?;
        // The laps that offered to be sown the other way, against Ludii's.
        let offered_here = events
            .iter()
            .filter(|e| matches!(e, sow::Event::ReverseOffered { .. }))
            .count();
        if reversible && offered_here != reversals_offered {
            return Err(format!(
                "{at}: {text} offers {offered_here} later laps the other way in sow, {reversals_offered} in Ludii; position {before}"
            ));
        }
        for ply in &game.plies[i..=last] {
            let now: u32 = ply.counts.iter().sum();
            if now < total && (1..=2).contains(&ply.mover) {
                removed[ply.mover as usize - 1] += total - now;
            }
            total = now;
        }
        let mut counts = game.plies[last].counts.clone();
        for site in &layout.sites {
            if site.container != 0 && (1..=2).contains(&site.owner) {
                counts[site.site] += removed[site.owner as usize - 1];
            }
        }
        let compared = compare_counts(&places, &counts, g.position(), engine)
            .map_err(|e| format!("{at}: after the move, {e}"));
        if compared.is_err() && ends_between_takes(game, last) && g.is_over() {
            // Ruling L7: Ludii's game ended between two takes across, made
            // in the order Ludii chose; `sow` makes them in its own order
            // until a back row is empty. The move is compared up to its
            // takes, and the game by its winner.
            break;
        }
        compared?;
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
    // Ruling L3: where a capture leaves the opponent no house to take by
    // choice, Ludii still asks the capturer for one, finds none, and has
    // the capturer lose; in `sow` the opponent, left without seeds, loses.
    let expected = match stranded_capturer(game) {
        Some(capturer) => capturer,
        None => game.result.winner.unwrap_or(0),
    };
    if winner != expected {
        return Err(format!(
            "seed {}: the winner is {:?} in sow, {:?} in Ludii",
            game.seed, winner, game.result.winner
        ));
    }
    Ok(())
}

/// Where the variant's start is the position after Ludii's first
/// decisions, each forced (one legal choice) and none handing the turn back
/// within a move, the first decision after them (ruling L6): a prescribed
/// opening without a choice, which `sow` takes as the start. `None` where
/// Ludii's own start is the variant's, or no forced run leads to it.
fn forced_opening(
    places: &[Option<usize>],
    engine: &Arc<Engine>,
    game: &LudiiGame,
    g: &Game,
) -> Option<usize> {
    if compare_counts(places, &game.start.counts, g.position(), engine).is_ok() {
        return None;
    }
    for (k, ply) in game.plies.iter().enumerate() {
        // Takes across at the start of a turn (`[capture]
        // facing_take_at_turn_start`) are the engine's to make: in whatever
        // order Ludii asks for them, they lead to one position.
        let take = takes_facing(ply);
        if ply.from < 0 || (ply.legal.len() != 1 && !take) {
            return None;
        }
        let next = game.plies.get(k + 1)?;
        if (!ply.fx.contains("Next P") || take)
            && side(next.mover) == g.position().to_move()
            && compare_counts(places, &ply.counts, g.position(), engine).is_ok()
        {
            return Some(k + 1);
        }
    }
    None
}

/// Whether Ludii's game ended at decision `last`, a take across at the
/// start of a turn, with more takes the position would have allowed
/// (ruling L7): the game's last decision, a take, whose fx hands the turn
/// back to the taker.
fn ends_between_takes(game: &LudiiGame, last: usize) -> bool {
    let ply = &game.plies[last];
    last + 1 == game.plies.len()
        && game.result.over
        && takes_facing(ply)
        && ply.fx.contains(&format!("Next P{}", ply.mover))
}

/// Whether Ludii's game goes on from decision `i` only to end one decision
/// later (ruling L8, Katra of the Boaoaka): its last two decisions are a
/// pass and a decision of the other player's, who wins.
fn plays_past_the_end(game: &LudiiGame, i: usize) -> bool {
    match &game.plies[i..] {
        [pass, last] => {
            pass.from < 0
                && last.from >= 0
                && pass.mover != last.mover
                && game.result.over
                && game.result.winner == Some(last.mover)
        }
        _ => false,
    }
}

/// Whether decision `i` is a pass that resigns (ruling L5, Ngolo): the game's
/// last decision, a pass at the start of the passer's turn (no lap handed
/// the turn back to them) offered beside houses, and the passer lost.
fn resigns(game: &LudiiGame, i: usize) -> bool {
    let ply = &game.plies[i];
    let before = i.checked_sub(1).map(|b| &game.plies[b]);
    i + 1 == game.plies.len()
        && ply.from < 0
        && ply.legal.iter().any(|v| v.as_i64().is_some_and(|s| s >= 0))
        && before.is_none_or(|b| !b.fx.contains(&format!("Next P{}", ply.mover)))
        && game.result.over
        && game.result.winner == Some(if ply.mover == 1 { 2 } else { 1 })
}

/// The capturer Ludii's game ends on, asked to take a house by choice
/// after a capture that left the opponent none (ruling L3): its last
/// decision is a pass by the player whose move handed the turn back to
/// them (`Next P<mover>`) after capturing.
fn stranded_capturer(game: &LudiiGame) -> Option<u8> {
    let [.., before, pass] = &game.plies[..] else {
        return None;
    };
    (pass.from < 0
        && before.mover == pass.mover
        && before.fx.contains(&format!("Next P{}", pass.mover))
        && before.fx.contains("CaptureOther=1"))
    .then_some(pass.mover)
}

/// Ludii's two-row games (the files' stems) and the shipped variants that
/// play them as Ludii reads them.
/// Ludii's Oware, Awari and Bohnenspiel are not here: docs/ludii.md says
/// where they part from the rules `sow` ships.
const SHIPPED: [(&str, &str); 1] = [("kalah", "kalah")];

/// Checks every game of the games files against the variants of
/// `variants_dir`: for each file, one line per game that differs, and the
/// count of games that agree.
pub fn check(variants_dir: &Path, files: &[&Path]) -> (usize, usize, Vec<String>) {
    let (mut agree, mut total, mut report) = (0, 0, Vec::new());
    for path in files {
        let stem = variant_stem(path);
        let file_of_its_own = variants_dir.join(format!("{stem}.toml"));
        // Ludii's two-row games, played where Ludii's reading is the
        // documented one by the variants `sow` ships for them.
        let variant = match SHIPPED.iter().find(|(ludii, _)| *ludii == stem) {
            Some((_, shipped)) if !file_of_its_own.exists() => PathBuf::from(shipped),
            _ => file_of_its_own,
        };
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
