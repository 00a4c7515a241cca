//! Games between computer players: head-to-head matches and side-by-side
//! comparisons of variants. Runs use every core (rayon), and each game draws
//! its players' randomness from its own stream, so a seed gives the same
//! results whatever the thread count.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::engine::MoveEffect;
use crate::game::Game;
use crate::players::{self, Player};
use crate::position::{Move, Side};
use crate::record::{Record, record_of};
use crate::rng::Rng;
use crate::rules::Rules;
use crate::stats::{Elo, Proportion, mean, median, quantile};

/// One finished (or capped) game and what the reports need from it.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// The moves and what each did.
    pub moves: Vec<(Move, MoveEffect)>,
    /// The legal moves available before each move (for the branching factor).
    pub choices: Vec<u8>,
    /// The final stores.
    pub stores: [u8; 2],
    /// The winner, if any; `None` also for a game cut off unfinished.
    pub winner: Option<Side>,
    /// Why it ended (`None` if it hit the safety cap).
    pub reason: Option<String>,
    /// The record of the game.
    pub record: Record,
}

/// The most plies an arena game may last before it is stopped unfinished;
/// real games of the shipped variants last a few hundred at most.
pub const ARENA_PLY_CAP: usize = 5_000;

/// Plays one game between two players.
pub fn play_game(rules: &Rules, south: &mut dyn Player, north: &mut dyn Player) -> PlayedGame {
    let mut game = Game::new(rules);
    let mut moves = Vec::new();
    let mut choices = Vec::new();
    while !game.is_over() && moves.len() < ARENA_PLY_CAP {
        choices.push(game.legal_moves().len() as u8);
        let player: &mut dyn Player = match game.position().to_move() {
            Side::South => south,
            Side::North => north,
        };
        let mv = player.choose(&game);
        let effect = game.play(mv, &mut ()).expect("players choose legal moves");
        moves.push((mv, effect));
    }
    let tags = [
        ("Variant", rules.meta.name.clone()),
        ("South", south.name()),
        ("North", north.name()),
    ];
    let record = record_of(&game, &rules.start(), &moves, &tags);
    PlayedGame {
        stores: game.position().stores(),
        winner: game.outcome().and_then(|o| o.winner),
        reason: game.outcome().map(|o| o.reason.name()),
        moves,
        choices,
        record,
    }
}

/// The stream of randomness for one seat of one game.
fn seat_seed(seed: u64, game: u64, seat: u64) -> u64 {
    Rng::for_game(seed, game * 2 + seat).next_u64()
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
}

/// Plays `games` games, calling `each` after every one (for progress).
fn play_games(
    rules: &Rules,
    specs: [&str; 2],
    alternate: bool,
    games: u64,
    seed: u64,
    threads: usize,
    each: &(dyn Fn() + Sync),
) -> Result<Vec<PlayedGame>, String> {
    // Check the names once, up front, so a typo fails fast.
    for spec in specs {
        players::by_name(spec, 0)?;
    }
    let one = |i: u64| {
        let swap = alternate && i % 2 == 1;
        let (south_spec, north_spec) = if swap {
            (specs[1], specs[0])
        } else {
            (specs[0], specs[1])
        };
        let mut south = players::by_name(south_spec, seat_seed(seed, i, 0)).expect("checked above");
        let mut north = players::by_name(north_spec, seat_seed(seed, i, 1)).expect("checked above");
        let played = play_game(rules, south.as_mut(), north.as_mut());
        each();
        played
    };
    Ok(pool(threads).install(|| (0..games).into_par_iter().map(one).collect()))
}

/// The result of a head-to-head match, from the first player's side.
#[derive(Debug, Clone, Serialize)]
pub struct MatchReport {
    /// The variant.
    pub variant: String,
    /// The first player.
    pub player: String,
    /// The second player.
    pub opponent: String,
    /// Games played.
    pub games: u64,
    /// The first player's wins.
    pub wins: u64,
    /// Draws, and games cut off unfinished.
    pub draws: u64,
    /// The first player's losses.
    pub losses: u64,
    /// The first player's Elo advantage, with its 95% interval.
    pub elo: Elo,
    /// The records of the games, in order.
    #[serde(skip)]
    pub records: Vec<Record>,
}

/// Plays `first` against `second` for `games` games, sides alternating
/// (`first` is South in the even-numbered games).
pub fn play_match(
    rules: &Rules,
    first: &str,
    second: &str,
    games: u64,
    seed: u64,
    threads: usize,
    each: &(dyn Fn() + Sync),
) -> Result<MatchReport, String> {
    let played = play_games(rules, [first, second], true, games, seed, threads, each)?;
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for (i, game) in played.iter().enumerate() {
        let first_side = if i % 2 == 0 { Side::South } else { Side::North };
        match game.winner {
            Some(side) if side == first_side => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    Ok(MatchReport {
        variant: rules.meta.name.clone(),
        player: first.to_string(),
        opponent: second.to_string(),
        games,
        wins,
        draws,
        losses,
        elo: Elo::from_results(wins, draws, losses),
        records: played.into_iter().map(|g| g.record).collect(),
    })
}

/// How one variant plays, over many games between the same two players.
#[derive(Debug, Clone, Serialize)]
pub struct VariantReport {
    /// The variant.
    pub variant: String,
    /// Games played.
    pub games: u64,
    /// South's share of wins, with its 95% interval.
    pub south_wins: Proportion,
    /// North's share of wins.
    pub north_wins: Proportion,
    /// The share of draws.
    pub draws: Proportion,
    /// Mean plies per game.
    pub mean_length: f64,
    /// Median plies per game.
    pub median_length: f64,
    /// How long games last: plies at the 5%, 25%, 50%, 75% and 95% points.
    pub length_quantiles: [f64; 5],
    /// Mean seeds captured per game (by both players).
    pub captured_per_game: f64,
    /// The share of games ending for each reason (`unfinished` for capped games).
    pub reasons: BTreeMap<String, f64>,
    /// Mean number of legal moves when a move is chosen.
    pub branching: f64,
    /// Mean ply of the first capture, over the games that had one.
    pub first_capture_ply: f64,
}

/// The points of [`VariantReport::length_quantiles`].
pub const LENGTH_QUANTILES: [f64; 5] = [0.05, 0.25, 0.5, 0.75, 0.95];

/// Plays `games` games of each variant between `players` (South, North) and
/// reports how each variant plays.
pub fn compare(
    variants: &[Rules],
    players: [&str; 2],
    games: u64,
    seed: u64,
    threads: usize,
    each: &(dyn Fn() + Sync),
) -> Result<Vec<VariantReport>, String> {
    variants
        .iter()
        .map(|rules| {
            let played = play_games(rules, players, false, games, seed, threads, each)?;
            Ok(report(rules, &played))
        })
        .collect()
}

fn report(rules: &Rules, played: &[PlayedGame]) -> VariantReport {
    let games = played.len() as u64;
    let count = |side: Option<Side>| played.iter().filter(|g| g.winner == side).count() as u64;
    let lengths: Vec<f64> = played.iter().map(|g| g.moves.len() as f64).collect();
    let captured: Vec<f64> = played
        .iter()
        .map(|g| g.moves.iter().map(|(_, e)| e.captured as f64).sum())
        .collect();
    let mut reasons = BTreeMap::new();
    for game in played {
        let reason = game.reason.clone().unwrap_or_else(|| "unfinished".into());
        *reasons.entry(reason).or_insert(0.0) += 1.0 / games.max(1) as f64;
    }
    let choices: Vec<f64> = played
        .iter()
        .flat_map(|g| g.choices.iter().map(|&c| c as f64))
        .collect();
    let first_captures: Vec<f64> = played
        .iter()
        .filter_map(|g| {
            g.moves
                .iter()
                .position(|(_, e)| e.captured > 0)
                .map(|p| p as f64 + 1.0)
        })
        .collect();
    VariantReport {
        variant: rules.meta.name.clone(),
        games,
        south_wins: Proportion::wilson(count(Some(Side::South)), games),
        north_wins: Proportion::wilson(count(Some(Side::North)), games),
        draws: Proportion::wilson(count(None), games),
        mean_length: mean(&lengths),
        median_length: median(&lengths),
        length_quantiles: LENGTH_QUANTILES.map(|q| quantile(&lengths, q)),
        captured_per_game: mean(&captured),
        reasons,
        branching: mean(&choices),
        first_capture_ply: mean(&first_captures),
    }
}
