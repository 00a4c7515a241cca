//! The playground's games, kept in memory: at most a fixed number at once,
//! each forgotten after a spell without a request, so that memory stays
//! bounded whatever clients do.
//!
//! A game is kept as its rules, its start and its moves; each request plays
//! the moves again on a fresh [`Game`] (a few microseconds a ply), so no
//! game borrows from the store and a request never holds the lock while it
//! plays or thinks.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sow::game::Game;
use sow::players::{AlphaBetaPlayer, Budget, MctsPlayer, Player, PlayerSpec};
use sow::position::{Move, Side};
use sow::rng::Rng;

/// The most games the playground keeps at once.
pub const MAX_GAMES: usize = 10_000;
/// A game nobody has asked about for this long is forgotten.
pub const IDLE: Duration = Duration::from_secs(60 * 60);
/// The most bytes the games kept at once may hold, each counted by its
/// [footprint](Session::footprint): its moves (a few hundred bytes each),
/// and for an edited variant its own compiled rules (a shipped variant's
/// are shared), so that memory stays bounded whatever clients send: ten
/// thousand games of about 300 moves fill it.
pub const MAX_STORE_BYTES: usize = 1 << 30;
/// The most moves one playground game may hold: a variant without a ply
/// limit could otherwise grow a game without end.
pub const MAX_PLIES: usize = 10_000;

/// The deepest alpha-beta search the server runs for a computer player.
pub const MAX_SERVER_DEPTH: u32 = 8;
/// The longest time per move an alpha-beta player may ask for.
pub const MAX_SERVER_MILLIS: u64 = 2_000;
/// The most MCTS playouts per move the server runs.
pub const MAX_SERVER_PLAYOUTS: u32 = 20_000;
/// The longest a computer player (or a hint) thinks about one move on the
/// server, whatever its depth or playouts: alpha-beta plays the move of the
/// deepest search finished by then, MCTS the best of its playouts so far.
pub const MAX_THINKING: Duration = Duration::from_secs(3);

/// The computer player of `spec`, seeded with `seed`, its thinking limited
/// to [`MAX_THINKING`].
pub fn computer(spec: PlayerSpec, seed: u64) -> Box<dyn Player> {
    match spec {
        PlayerSpec::AlphaBeta(budget, evaluation, _) => {
            Box::new(AlphaBetaPlayer::new(budget, evaluation, Rng::new(seed)).within(MAX_THINKING))
        }
        PlayerSpec::Mcts(playouts) => {
            Box::new(MctsPlayer::new(playouts, Rng::new(seed)).within(MAX_THINKING))
        }
        other => other.build(seed),
    }
}

/// Who plays a side: a person at the page, or a computer player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    /// Moves come from the page.
    Person,
    /// Moves come from the server.
    Computer(PlayerSpec),
}

impl Seat {
    /// Reads a seat as the page names it (`human`, or a player's
    /// command-line name), refusing a player that could think longer than
    /// the server allows.
    pub fn parse(name: &str) -> Result<Seat, String> {
        if name == "human" {
            return Ok(Seat::Person);
        }
        let spec: PlayerSpec = name.parse()?;
        if let PlayerSpec::AlphaBeta(_, _, Some(_)) = spec {
            // No request names a file on the server.
            return Err("the playground's players read no endgame database (`db=`)".to_string());
        }
        let fits = match spec {
            PlayerSpec::Random | PlayerSpec::Greedy => true,
            PlayerSpec::AlphaBeta(Budget::Depth(depth), _, _) => depth <= MAX_SERVER_DEPTH,
            PlayerSpec::AlphaBeta(Budget::Time(time), _, _) => {
                time <= Duration::from_millis(MAX_SERVER_MILLIS)
            }
            PlayerSpec::Mcts(playouts) => playouts <= MAX_SERVER_PLAYOUTS,
        };
        if fits {
            Ok(Seat::Computer(spec))
        } else {
            Err(format!(
                "`{}` thinks too long for the playground: at most alphabeta:{MAX_SERVER_DEPTH}, alphabeta:{MAX_SERVER_MILLIS}ms or mcts:{MAX_SERVER_PLAYOUTS}",
                sow::diagnostic::excerpt(name)
            ))
        }
    }

    /// The seat's name, as [`Seat::parse`] reads it.
    pub fn name(&self) -> String {
        match self {
            Seat::Person => "human".to_string(),
            Seat::Computer(spec) => spec.to_string(),
        }
    }
}

/// One game of the playground.
#[derive(Clone)]
pub struct Session {
    /// The game, live: a request plays on it, or on a copy taken back to
    /// an earlier ply, and never replays its moves. Its engine is shared
    /// with every game of a shipped variant.
    pub game: Game,
    /// Whether the rules came from the editor rather than a shipped file
    /// (they are then the game's own, not shared).
    pub edited: bool,
    /// Who plays South and North.
    pub seats: [Seat; 2],
    /// The seed the computer players draw from.
    pub seed: u64,
}

impl Session {
    /// The bytes the game holds, counted against [`MAX_STORE_BYTES`]: the
    /// game, and the rules of an edited variant, which only it holds.
    pub fn footprint(&self) -> usize {
        let rules = if self.edited {
            self.game.engine().footprint()
        } else {
            0
        };
        self.game.footprint() + rules
    }

    /// The game after its first `plies` moves (all of them when `None`):
    /// a copy of the live game, its later moves taken back.
    pub fn game_at(&self, plies: Option<usize>) -> Game {
        let mut game = self.game.clone();
        if let Some(plies) = plies {
            while game.plies() > plies && game.undo() {}
        }
        game
    }

    /// The moves played, in order.
    pub fn moves(&self) -> Vec<Move> {
        Session::moves_of(&self.game)
    }

    /// The moves of `game`, played from its start.
    pub fn moves_of(game: &Game) -> Vec<Move> {
        game.history().iter().map(|ply| ply.mv).collect()
    }

    /// Whether a person plays `side`.
    pub fn is_person(&self, side: Side) -> bool {
        self.seats[side.index()] == Seat::Person
    }
}

/// A game that could not be found or changed.
#[derive(Debug, PartialEq, Eq)]
pub enum StoreError {
    /// No game has that id (it never existed, or was forgotten).
    Unknown,
    /// Every place is taken by a game still in use.
    Full,
    /// Another request changed the game first.
    Changed,
}

struct Kept {
    session: Session,
    touched: Instant,
    /// Its [footprint](Session::footprint) when it was kept.
    bytes: usize,
}

/// The games kept, and the bytes they hold together.
#[derive(Default)]
struct Store {
    games: HashMap<u64, Kept>,
    bytes: usize,
}

impl Store {
    fn remove(&mut self, id: u64) {
        if let Some(kept) = self.games.remove(&id) {
            self.bytes -= kept.bytes;
        }
    }

    /// Forgets the games unused for `idle`.
    fn forget_idle(&mut self, now: Instant, idle: Duration) {
        let bytes = &mut self.bytes;
        self.games.retain(|_, k| {
            let keep = now.duration_since(k.touched) < idle;
            if !keep {
                *bytes -= k.bytes;
            }
            keep
        });
    }
}

/// The games in play, by id.
pub struct Games {
    kept: Mutex<Store>,
    cap: usize,
    idle: Duration,
    /// The most bytes the games kept may hold together.
    budget: usize,
}

impl Games {
    /// A store of at most `cap` games, each forgotten after `idle`, holding
    /// at most [`MAX_STORE_BYTES`] together.
    pub fn new(cap: usize, idle: Duration) -> Games {
        Games {
            kept: Mutex::new(Store::default()),
            cap,
            idle,
            budget: MAX_STORE_BYTES,
        }
    }

    /// The same store, holding at most `bytes` together.
    #[cfg(test)]
    pub fn with_budget(self, bytes: usize) -> Games {
        Games {
            budget: bytes,
            ..self
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Store> {
        // A panic while holding the lock leaves the store whole: every
        // change to it is one insert or remove, with its count of bytes.
        self.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Keeps `session` as a new game and returns its id. Games idle for
    /// too long are forgotten first; if the store is still full, the
    /// game is refused.
    pub fn add(&self, session: Session) -> Result<u64, StoreError> {
        let bytes = session.footprint();
        let mut kept = self.lock();
        let now = Instant::now();
        let full = |kept: &Store| kept.games.len() >= self.cap || kept.bytes + bytes > self.budget;
        if full(&kept) {
            kept.forget_idle(now, self.idle);
        }
        if full(&kept) {
            return Err(StoreError::Full);
        }
        // Ids are drawn at random, so one client cannot guess another's.
        let id = loop {
            let id = sow::rng::fresh_seed();
            if !kept.games.contains_key(&id) {
                break id;
            }
        };
        kept.bytes += bytes;
        kept.games.insert(
            id,
            Kept {
                session,
                touched: now,
                bytes,
            },
        );
        Ok(id)
    }

    /// A copy of game `id`, to play on without holding the store.
    pub fn get(&self, id: u64) -> Result<Session, StoreError> {
        let mut kept = self.lock();
        let now = Instant::now();
        match kept.games.get_mut(&id) {
            Some(k) if now.duration_since(k.touched) < self.idle => {
                k.touched = now;
                Ok(k.session.clone())
            }
            Some(_) => {
                kept.remove(id);
                Err(StoreError::Unknown)
            }
            None => Err(StoreError::Unknown),
        }
    }

    /// Replaces game `id` by `session`, if its moves are still the
    /// `before` ones the change was worked out from.
    pub fn update(&self, id: u64, before: &[Move], session: Session) -> Result<(), StoreError> {
        let bytes = session.footprint();
        let mut kept = self.lock();
        let now = Instant::now();
        let unchanged = |k: &Kept| {
            k.session.game.history().len() == before.len()
                && (k.session.game.history().iter())
                    .map(|ply| ply.mv)
                    .eq(before.iter().copied())
        };
        let held = match kept.games.get(&id) {
            Some(k) if unchanged(k) => k.bytes,
            Some(_) => return Err(StoreError::Changed),
            None => return Err(StoreError::Unknown),
        };
        // A game that grows past what the store may hold: idle games make
        // room first, else the change is refused and the game stays.
        if kept.bytes - held + bytes > self.budget {
            kept.forget_idle(now, self.idle);
            if !kept.games.contains_key(&id) {
                return Err(StoreError::Unknown);
            }
            if kept.bytes - held + bytes > self.budget {
                return Err(StoreError::Full);
            }
        }
        kept.bytes = kept.bytes - held + bytes;
        let k = kept.games.get_mut(&id).expect("checked above");
        k.session = session;
        k.touched = now;
        k.bytes = bytes;
        Ok(())
    }

    /// How many games are kept.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().games.len()
    }

    /// The bytes the games kept hold together.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }
}
