//! Games between computer players: head-to-head matches and side-by-side
//! comparisons of variants. Runs use every core (rayon), and each game draws
//! its players' randomness from its own stream, so a seed gives the same
//! results whatever the thread count.

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use crate::bench::pool;
use crate::engine::Engine;
use crate::game::Game;
use crate::players::{Player, PlayerSpec};
use crate::position::{Position, Side};
use crate::record::{Record, record_of};
use crate::rng::Rng;
use crate::rules::Rules;
use crate::stats::{Elo, Proportion, mean, median, quantile};
use crate::trace::EndReason;

/// What the reports keep of one finished (or capped) game: a few numbers,
/// so a run of a million games stays small. The record is kept only when
/// the run asks for it ([`Run::keep_records`]).
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// Plies played.
    pub plies: usize,
    /// Seeds captured, by both players.
    pub captured: u32,
    /// The legal moves available before each move, added up (for the
    /// branching factor).
    pub choices: u64,
    /// The ply of the first capture (from 1), if any.
    pub first_capture: Option<usize>,
    /// Each player's final score, `[south, north]`, as the variant counts it
    /// ([`crate::game::Outcome::score`]); the seeds each holds (store and
    /// children) for a game cut off unfinished.
    pub score: [u32; 2],
    /// The winner, if any; `None` also for a game cut off unfinished.
    pub winner: Option<Side>,
    /// Why it ended (`None` if it hit the safety cap).
    pub reason: Option<EndReason>,
    /// In a match of rounds, the rounds played (the last one counted).
    pub rounds: Option<usize>,
    /// The record of the game, when the run keeps records.
    pub record: Option<Record>,
}

/// The most plies an arena game may last before it is stopped unfinished;
/// real games of the shipped variants last a few hundred at most.
pub const ARENA_PLY_CAP: usize = 5_000;

/// The most games one `match` or `compare` run may play (per variant): a
/// run keeps a few numbers per game for the median, and records only when
/// asked, so a million games stay within tens of megabytes.
pub const MAX_GAMES: u64 = 1_000_000;

/// How many games a run plays, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// Games to play (per variant in a comparison), 1 to [`MAX_GAMES`].
    pub games: u64,
    /// The run's seed: the same seed gives the same games.
    pub seed: u64,
    /// Threads, 0 for all cores; at most [`crate::bench::MAX_THREADS`].
    pub threads: usize,
    /// Whether to keep every game's record.
    pub keep_records: bool,
}

/// Plays one game between two players from `start`; keeps its record if
/// `keep_record`, with `tags` after the variant's and the players'.
pub fn play_game(
    engine: &Arc<Engine>,
    start: Position,
    south: &mut dyn Player,
    north: &mut dyn Player,
    keep_record: bool,
    tags: &[(&str, String)],
) -> PlayedGame {
    let rules = engine.rules();
    let mut game = Game::from_position(engine, start).expect("a start of the variant's own");
    let mut choices = 0;
    let mut captured = 0;
    let mut first_capture = None;
    let mut plies = 0;
    while !game.is_over() && plies < ARENA_PLY_CAP {
        choices += game.legal_moves().len() as u64;
        let player: &mut dyn Player = match game.position().to_move() {
            Side::South => &mut *south,
            Side::North => &mut *north,
        };
        let mv = player.choose(&game);
        let effect = game.play(mv, &mut ()).expect("players choose legal moves");
        plies += 1;
        captured += effect.captured as u32;
        if effect.captured > 0 && first_capture.is_none() {
            first_capture = Some(plies);
        }
    }
    let record = keep_record.then(|| {
        let mut all = vec![
            ("Variant", rules.meta.name.clone()),
            ("South", south.name()),
            ("North", north.name()),
        ];
        all.extend_from_slice(tags);
        record_of(&game, &all)
    });
    PlayedGame {
        plies,
        captured,
        choices,
        first_capture,
        score: game.score(),
        winner: game.outcome().and_then(|o| o.winner),
        reason: game.outcome().map(|o| o.reason),
        rounds: game.round(),
        record,
    }
}

/// The stream of randomness for one seat of one game.
fn seat_seed(seed: u64, game: u64, seat: u64) -> u64 {
    Rng::for_game(seed, game * 2 + seat).next_u64()
}

/// Plays `run.games` games, calling `each` after every one (for progress).
fn play_games(
    engine: &Arc<Engine>,
    specs: [&PlayerSpec; 2],
    alternate: bool,
    run: &Run,
    each: &(dyn Fn() + Sync),
) -> Vec<PlayedGame> {
    let rules = engine.rules();
    let one = |i: u64| {
        let swap = alternate && i % 2 == 1;
        let (south, north) = if swap {
            (specs[1], specs[0])
        } else {
            (specs[0], specs[1])
        };
        let mut south = south.build(seat_seed(run.seed, i, 0));
        let mut north = north.build(seat_seed(run.seed, i, 1));
        // The run's seed and the game's number replay the game:
        // `--seed SEED --games ROUND` plays it last.
        let tags = [
            ("Seed", run.seed.to_string()),
            ("Round", (i + 1).to_string()),
        ];
        // A start dealt at random (where the variant says so) from a stream
        // of its own.
        let start = rules.start_drawn(&mut Rng::for_game(!run.seed, i));
        let played = play_game(
            engine,
            start,
            south.as_mut(),
            north.as_mut(),
            run.keep_records,
            &tags,
        );
        each();
        played
    };
    let games = run.games.min(MAX_GAMES);
    pool(run.threads).install(|| (0..games).into_par_iter().map(one).collect())
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
    /// The run's seed: the same seed plays the same games.
    pub seed: u64,
    /// The records of the games, in order.
    #[serde(skip)]
    pub records: Vec<Record>,
}

/// Plays `first` against `second` for `run.games` games, sides alternating
/// (`first` is South in the even-numbered games).
pub fn play_match(
    engine: &Arc<Engine>,
    first: &PlayerSpec,
    second: &PlayerSpec,
    run: &Run,
    each: &(dyn Fn() + Sync),
) -> MatchReport {
    let rules = engine.rules();
    let played = play_games(engine, [first, second], true, run, each);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for (i, game) in played.iter().enumerate() {
        let first_side = if i % 2 == 0 { Side::South } else { Side::North };
        match game.winner {
            Some(side) if side == first_side => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    MatchReport {
        variant: rules.meta.name.clone(),
        player: first.to_string(),
        opponent: second.to_string(),
        games: played.len() as u64,
        wins,
        draws,
        losses,
        elo: Elo::from_results(wins, draws, losses),
        seed: run.seed,
        records: played.into_iter().filter_map(|g| g.record).collect(),
    }
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
    /// In a match of rounds, the mean rounds a match lasts (a game is a
    /// match: its plies and captures above are the whole match's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds_per_match: Option<f64>,
    /// The run's seed: the same seed plays the same games.
    pub seed: u64,
}

/// The points of [`VariantReport::length_quantiles`].
pub const LENGTH_QUANTILES: [f64; 5] = [0.05, 0.25, 0.5, 0.75, 0.95];

/// Plays `run.games` games of each variant between `players` (South,
/// North) and reports how each variant plays, with the records of the games
/// when the run keeps them.
pub fn compare(
    variants: &[Arc<Engine>],
    players: [&PlayerSpec; 2],
    run: &Run,
    each: &(dyn Fn() + Sync),
) -> Vec<(VariantReport, Vec<Record>)> {
    variants
        .iter()
        .map(|engine| {
            let played = play_games(engine, players, false, run, each);
            let report = report(engine.rules(), &played, run.seed);
            (
                report,
                played.into_iter().filter_map(|g| g.record).collect(),
            )
        })
        .collect()
}

fn report(rules: &Rules, played: &[PlayedGame], seed: u64) -> VariantReport {
    let games = played.len() as u64;
    let count = |side: Option<Side>| played.iter().filter(|g| g.winner == side).count() as u64;
    let lengths: Vec<f64> = played.iter().map(|g| g.plies as f64).collect();
    let captured: Vec<f64> = played.iter().map(|g| g.captured as f64).collect();
    let mut reasons = BTreeMap::new();
    for game in played {
        let reason = game
            .reason
            .map_or_else(|| "unfinished".into(), |r| r.name());
        *reasons.entry(reason).or_insert(0.0) += 1.0 / games.max(1) as f64;
    }
    let moves: usize = played.iter().map(|g| g.plies).sum();
    let choices: u64 = played.iter().map(|g| g.choices).sum();
    let first_captures: Vec<f64> = played
        .iter()
        .filter_map(|g| g.first_capture.map(|p| p as f64))
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
        branching: if moves == 0 {
            0.0
        } else {
            choices as f64 / moves as f64
        },
        first_capture_ply: mean(&first_captures),
        rounds_per_match: rules.rounds.as_ref().map(|_| {
            let rounds: Vec<f64> = played
                .iter()
                .map(|g| g.rounds.unwrap_or(1) as f64)
                .collect();
            mean(&rounds)
        }),
        seed,
    }
}
