//! Random playouts from the start, for speed and for statistics.

use rayon::prelude::*;
use std::sync::Arc;

use crate::engine::Engine;
use crate::game::Game;
use crate::packed::PlayoutMemory;
use crate::rng::Rng;
use crate::walk::EngineChoice;

/// What a run of random games produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BenchReport {
    /// Games played.
    pub games: u64,
    /// Plies played, over all games.
    pub plies: u64,
    /// A digest of every game's final stores: the same seed always gives the
    /// same checksum, whatever the thread count.
    pub checksum: u64,
}

/// Plays one uniformly random game from the start with `rng`, on `game`
/// (restarted first, so one game's memory serves many); returns its plies
/// and final score (stores, plus seeds counted in place where the ending
/// says so).
pub fn random_game(game: &mut Game, rng: &mut Rng) -> (u64, [u32; 2]) {
    game.restart_drawn(rng);
    game.play_randomly(rng, usize::MAX);
    (game.plies() as u64, game.score())
}

/// The most games one `bench` run may play: at a million games a second,
/// about two minutes.
pub const MAX_GAMES: u64 = 100_000_000;

/// The most threads a run may use (`--threads`); more than the cores only
/// adds switching, and each thread costs a stack.
pub const MAX_THREADS: usize = 256;

/// A pool of `threads` threads (0: all cores), at most [`MAX_THREADS`].
pub(crate) fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.min(MAX_THREADS))
        .build()
        .expect("a thread pool")
}

/// The engine a run chosen by `choice` plays on: `packed` or `general`.
pub fn engine_name(choice: EngineChoice, engine: &Engine) -> &'static str {
    match (choice, engine.packed()) {
        (EngineChoice::Fastest, Some(_)) => "packed",
        _ => "general",
    }
}

/// One worker's means of playing random games, kept from game to game.
enum Player<'r> {
    Packed(&'r crate::packed::Packed, PlayoutMemory),
    General(Box<Game>),
}

impl<'r> Player<'r> {
    fn new(engine: &'r Arc<Engine>, choice: EngineChoice) -> Player<'r> {
        match (choice, engine.packed()) {
            (EngineChoice::Fastest, Some(packed)) => {
                Player::Packed(packed, PlayoutMemory::default())
            }
            _ => Player::General(Box::new(Game::for_playouts(engine))),
        }
    }

    fn play(&mut self, rng: &mut Rng) -> (u64, [u32; 2]) {
        match self {
            Player::Packed(packed, memory) => packed.random_game(memory, rng),
            Player::General(game) => random_game(game, rng),
        }
    }
}

/// Plays `games` random games (at most [`MAX_GAMES`]) seeded by `seed`,
/// spread over `threads` threads (0: all cores, at most [`MAX_THREADS`]).
/// Game `i` always uses the stream `Rng::for_game(seed, i)`.
pub fn random_games(engine: &Arc<Engine>, games: u64, seed: u64, threads: usize) -> BenchReport {
    random_games_on(EngineChoice::Fastest, engine, games, seed, threads)
}

/// [`random_games`] on the engine chosen.
pub fn random_games_on(
    choice: EngineChoice,
    engine: &Arc<Engine>,
    games: u64,
    seed: u64,
    threads: usize,
) -> BenchReport {
    let games = games.min(MAX_GAMES);
    let weight = engine.rules().total_seeds() as u64 + 1;
    let one = |player: &mut Player<'_>, i: u64| {
        // A game that stops on a fault of sow's own is named, so that the
        // caller can replay it ([`replay_faulty`]) and show its moves.
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            #[cfg(debug_assertions)]
            if injected_fault("SOW_TEST_PANIC_IN_GAME", i) {
                panic!("SOW_TEST_PANIC_IN_GAME: a fault injected for a test");
            }
            player.play(&mut Rng::for_game(seed, i))
        }));
        let (plies, [south, north]) = played
            .unwrap_or_else(|_| std::panic::resume_unwind(Box::new(GameFault { game: i, seed })));
        BenchReport {
            games: 1,
            plies,
            checksum: south as u64 * weight + north as u64,
        }
    };
    let add = |a: BenchReport, b: BenchReport| BenchReport {
        games: a.games + b.games,
        plies: a.plies + b.plies,
        checksum: a.checksum.wrapping_add(b.checksum),
    };
    if threads == 1 {
        let mut player = Player::new(engine, choice);
        return (0..games)
            .map(|i| one(&mut player, i))
            .fold(BenchReport::default(), add);
    }
    pool(threads).install(|| {
        // Games take microseconds: hand them out in batches, not one by one,
        // each worker reusing one player.
        (0..games as usize)
            .into_par_iter()
            .with_min_len(1024)
            .map_init(
                || Player::new(engine, choice),
                |player, i| one(player, i as u64),
            )
            .reduce(BenchReport::default, add)
    })
}

/// The game of a run of [`random_games`] that stopped on a fault of sow's
/// own (a panic, whose message the panic hook has printed): the payload
/// the run unwinds with, so that the caller can [replay](replay_faulty) it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameFault {
    /// The game's number in the run (its stream is `Rng::for_game(seed, game)`).
    pub game: u64,
    /// The run's seed.
    pub seed: u64,
}

/// The game `fault` names, played again on a game that keeps its history,
/// as far as it goes: to its end, or to the move before the fault.
pub fn replay_faulty(engine: &Arc<Engine>, fault: GameFault) -> Game {
    let mut game = Game::new(engine);
    let mut rng = Rng::for_game(fault.seed, fault.game);
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        game.restart_drawn(&mut rng);
        game.play_randomly(&mut rng, usize::MAX);
    }));
    game
}

/// Whether the tests ask, through the environment variable `name`, for a
/// fault at `at` (debug builds only: how the tests check that a fault of
/// sow's own never loses a game).
#[cfg(debug_assertions)]
pub fn injected_fault(name: &str, at: u64) -> bool {
    std::env::var(name).ok() == Some(at.to_string())
}

/// A timed run of random games, for `sow bench`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timed {
    /// What the games produced.
    pub report: BenchReport,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The most memory the process held during the run, in bytes, where the
    /// system tells (Linux); the high-water mark is reset before the run.
    pub peak_bytes: Option<u64>,
}

impl Timed {
    /// Games per second.
    pub fn games_per_second(&self) -> f64 {
        self.report.games as f64 / self.seconds.max(1e-9)
    }

    /// Plies per second.
    pub fn plies_per_second(&self) -> f64 {
        self.report.plies as f64 / self.seconds.max(1e-9)
    }
}

/// Plays [`random_games_on`] and times it, with the peak memory of the run.
pub fn timed_games(
    choice: EngineChoice,
    engine: &Arc<Engine>,
    games: u64,
    seed: u64,
    threads: usize,
) -> Timed {
    reset_peak_memory();
    let clock = std::time::Instant::now();
    let report = random_games_on(choice, engine, games, seed, threads);
    let seconds = clock.elapsed().as_secs_f64();
    Timed {
        report,
        seconds,
        peak_bytes: peak_memory(),
    }
}

/// Resets the process's memory high-water mark (Linux: writing 5 to
/// `/proc/self/clear_refs`), so each run reports its own peak.
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's memory high-water mark (Linux's `VmHWM`), in bytes.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
