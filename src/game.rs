//! A game in progress: the rules, the position, the history of every move,
//! and how the game ended.
//!
//! [`Rules`] knows single moves; a [`Game`] knows the end of the game. After
//! every move it walks the variant's endings in order ([`crate::rules::ending`]),
//! with a player who has no seeds passing between the endings that read the
//! position alone and the rest.
//!
//! The game keeps its own history, the one every caller reads: each move,
//! what it did, and the position after it. Repetition is found in O(1) per
//! ply: positions carry an incrementally kept key, and a small hash table
//! chains the positions with equal key buckets, newest first, so a lookup
//! walks only the positions since the last capture that share a bucket.

use std::sync::Arc;

use crate::engine::Engine;
use crate::moves::{IllegalMove, MoveEffect, MoveList};
use crate::packed::WalkStart;
use crate::position::{Move, Position, PositionError, Side};
use crate::rules::ending::GameFacts;
use crate::rules::rounds::{RoundEnd, RoundOver};
use crate::rules::{Collect, Pass, Rules};
use crate::trace::{EndReason, Event, Trace};
use crate::walk::{EngineChoice, Walk, WalkUser, mix};
use crate::word::{FEED, LAST, OPENING, STARTER};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Why it ended.
    pub reason: EndReason,
    /// The player with more seeds, or `None` for a draw.
    pub winner: Option<Side>,
    /// Each player's seeds, `[south, north]`: the stores, plus the seeds that
    /// count for their owner where they lie when the ending says so.
    pub score: [u32; 2],
}

impl Outcome {
    /// The record's result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_token(&self) -> &'static str {
        match self.winner {
            Some(Side::South) => "1-0",
            Some(Side::North) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// One move of a game's history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// The move played.
    pub mv: Move,
    /// Who played it (not always the house's owner: `[play]
    /// from_either_row`).
    pub mover: Side,
    /// What it did.
    pub effect: MoveEffect,
    /// The position after it, passes and endings included: where it ended
    /// a round, the next round's start.
    pub position: Position,
    /// Where it ended a round of a match ([`crate::rules::rounds`]): the
    /// board as the round ended, its seeds collected.
    pub round_end: Option<Position>,
    /// Each player's tally towards the match goal after it (rounds won,
    /// points or seeds: `[rounds] round_wins`, `points`, `seeds_won`,
    /// `extra_seeds`).
    pub tally: [u16; 2],
}

/// No entry: the end of a repetition chain.
const NONE: u32 = u32::MAX;

/// The positions of a game, by key, for the repetition check. Slot `i` is
/// the game's entry `base + i` (see [`Game`]). Buckets chain slots newest
/// first, so slots only ever join or leave at a chain's head, as plies are
/// played and undone.
#[derive(Clone, Default)]
struct Repetitions {
    /// The newest entry of each bucket.
    heads: Vec<u32>,
    /// For each entry, the next older entry in its bucket.
    older: Vec<u32>,
}

impl Repetitions {
    const FIRST_BUCKETS: usize = 64;

    fn bucket(&self, key: u64) -> usize {
        // The key's high bits are its best mixed.
        (key >> 40) as usize & (self.heads.len() - 1)
    }

    fn clear(&mut self) {
        self.heads.clear();
        self.heads.resize(Self::FIRST_BUCKETS, NONE);
        self.older.clear();
    }

    /// Adds entry `older.len()`, with `key`; `keys` gives every entry's key
    /// for when the table grows.
    fn push(&mut self, key: u64, keys: impl Fn(usize) -> u64) {
        if self.older.len() >= 2 * self.heads.len() {
            let buckets = 2 * self.heads.len();
            self.heads.clear();
            self.heads.resize(buckets, NONE);
            for i in 0..self.older.len() {
                let b = self.bucket(keys(i));
                self.older[i] = self.heads[b];
                self.heads[b] = i as u32;
            }
        }
        let b = self.bucket(key);
        self.older.push(self.heads[b]);
        self.heads[b] = (self.older.len() - 1) as u32;
    }

    /// Removes the newest entry, which had `key`.
    fn pop(&mut self, key: u64) {
        let b = self.bucket(key);
        let older = self.older.pop().expect("an entry to remove");
        self.heads[b] = older;
    }

    /// The entries at or after `since` whose key bucket matches `key`'s,
    /// newest first.
    fn candidates(&self, key: u64, since: usize) -> impl Iterator<Item = usize> + '_ {
        let mut i = self.heads[self.bucket(key)];
        std::iter::from_fn(move || {
            if i == NONE || (i as usize) < since {
                return None;
            }
            let here = i as usize;
            i = self.older[here];
            Some(here)
        })
    }
}

/// How much of its past a game keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memory {
    /// Every move, with what it did and the position after it: what records,
    /// undo, perft and searches need.
    Full,
    /// Only the positions since the last capture, which repetition needs:
    /// for random playouts, which never look back. Such a game cannot undo,
    /// and its [`Game::history`] is empty.
    Playout,
}

/// A game: the rules, the position, the history and the outcome.
#[derive(Clone)]
pub struct Game {
    /// Shared with every other game of the variant: a game owns its handle,
    /// so it can be kept, sent to another thread or held from Python.
    engine: Arc<Engine>,
    state: State,
}

/// Everything a game holds but its engine: the part its moves change,
/// kept apart so that a move reads the rules while it changes the game.
#[derive(Clone)]
struct State {
    memory: Memory,
    start: Position,
    position: Position,
    /// Every move ([`Memory::Full`] only).
    history: Vec<Ply>,
    /// For each move, the first entry since the last capture before it, for
    /// undo ([`Memory::Full`] only).
    since_capture_at: Vec<u32>,
    /// For each move, the legal moves before it, so undo need not find
    /// them again ([`Memory::Full`] only; unused where the rules play
    /// moves out to judge them, as those results are spent by the move).
    legal_before: Vec<MoveList>,
    plies: usize,
    /// The first entry since the last capture. Entry `i` is the position
    /// after `i` plies; 0 is the start.
    since_capture: usize,
    /// The positions from entry `since_capture` on ([`Memory::Playout`] with
    /// a repetition ending only; a full game reads its history).
    recent: Vec<Position>,
    /// The entry that the repetition table's slot 0 holds: 0 for a full
    /// game, `since_capture` for a playout.
    base: usize,
    /// Filled only when a repetition ending exists.
    repetitions: Repetitions,
    tracks_repetition: bool,
    legal: MoveList,
    /// What each legal move came to, where the rules had to play the moves
    /// out to judge them: `(offset, position after, effect)`.
    played: Vec<(Move, Position, MoveEffect)>,
    outcome: Option<Outcome>,
    /// Who made the last move, for an ending that gives them the seeds left.
    last_mover: Option<Side>,
    /// Where the last move ended a round: the board as the round ended.
    round_end: Option<Position>,
    /// Who started the round being played.
    round_starter: Side,
    /// Each player's tally towards the match goal so far.
    tally: [u16; 2],
    /// Set while random moves are played ([`Game::play_randomly`]).
    drawing: Option<Drawing>,
}

/// A run of random moves ([`Game::play_randomly`]). Where the rules judge
/// each move alone by playing it out ([`Engine::judges_each_move_alone`]),
/// the legal moves are judged only as they are drawn: `legal` then holds
/// the candidates, and a move drawn that proves illegal is struck off and
/// another drawn, which keeps the choice uniform over the legal moves for
/// a fraction of the judging.
#[derive(Clone)]
struct Drawing {
    /// The generator the moves are drawn with, lent by the caller.
    rng: crate::rng::Rng,
    /// Whether candidates may stand in for the legal moves.
    lazily: bool,
    /// Whether `legal` holds candidates not all judged yet.
    unjudged: bool,
    /// The move drawn in the position, judged legal, with the generator
    /// as it is once the move is taken.
    drawn: Option<(Move, crate::rng::Rng)>,
}

impl State {
    /// The bytes its lists hold on the heap.
    fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.history.capacity() * size_of::<Ply>()
            + self.since_capture_at.capacity() * size_of::<u32>()
            + self.legal_before.capacity() * size_of::<MoveList>()
            + self
                .legal_before
                .iter()
                .map(MoveList::heap_bytes)
                .sum::<usize>()
            + self.legal.heap_bytes()
            + self.recent.capacity() * size_of::<Position>()
            + (self.repetitions.heads.capacity() + self.repetitions.older.capacity())
                * size_of::<u32>()
            + self.played.capacity() * size_of::<(Move, Position, MoveEffect)>()
    }
}

impl Game {
    /// A game from the variant's start position.
    pub fn new(engine: &Arc<Engine>) -> Game {
        Game::from_position(engine, engine.rules().start())
            .expect("the start position fits its own rules")
    }

    /// The bytes the game holds, its engine apart (shared by every game of
    /// the variant): what a server counts against its memory for a game.
    /// It grows with the moves played, a few hundred bytes each.
    pub fn footprint(&self) -> usize {
        std::mem::size_of::<Game>() + self.state.heap_bytes()
    }

    /// A game from the start that keeps only what its rules need
    /// ([`Memory::Playout`]): the fast way to play random games.
    pub fn for_playouts(engine: &Arc<Engine>) -> Game {
        let mut game = Game::new(engine);
        game.state.memory = Memory::Playout;
        game.restart();
        game
    }

    /// A game from `position`, which must fit the variant's board and seeds.
    /// A position that is already over (say, one store past the majority)
    /// gives a game that is over.
    pub fn from_position(engine: &Arc<Engine>, position: Position) -> Result<Game, PositionError> {
        let rules = engine.rules();
        rules.check_position(&position)?;
        let tracks_repetition = rules
            .endings
            .iter()
            .any(|e| matches!(e, crate::rules::Ending::Repetition { .. }));
        let mut game = Game {
            engine: Arc::clone(engine),
            state: State {
                memory: Memory::Full,
                start: position.clone(),
                position,
                history: Vec::with_capacity(128),
                since_capture_at: Vec::with_capacity(128),
                legal_before: Vec::with_capacity(128),
                plies: 0,
                since_capture: 0,
                recent: Vec::new(),
                base: 0,
                repetitions: Repetitions::default(),
                tracks_repetition,
                legal: MoveList::new(),
                played: Vec::new(),
                outcome: None,
                last_mover: None,
                round_end: None,
                round_starter: Side::South,
                tally: [0; 2],
                drawing: None,
            },
        };
        game.state.restart_from_current(&game.engine);
        Ok(game)
    }

    /// The same game from here on, keeping only what playouts need
    /// ([`Memory::Playout`]), so a search can play it out cheaply.
    pub fn playout_copy(&self) -> Game {
        let mut copy = State {
            memory: Memory::Playout,
            start: self.state.start.clone(),
            position: self.state.position.clone(),
            history: Vec::new(),
            since_capture_at: Vec::new(),
            legal_before: Vec::new(),
            plies: self.state.plies,
            since_capture: self.state.since_capture,
            recent: Vec::new(),
            base: self.state.since_capture,
            repetitions: Repetitions::default(),
            tracks_repetition: self.state.tracks_repetition,
            legal: self.state.legal.clone(),
            played: self.state.played.clone(),
            outcome: self.state.outcome,
            last_mover: self.state.last_mover,
            round_end: self.state.round_end.clone(),
            round_starter: self.state.round_starter,
            tally: self.state.tally,
            drawing: None,
        };
        if copy.tracks_repetition {
            copy.repetitions.clear();
            for entry in self.state.since_capture..=self.state.plies {
                copy.recent.push(self.state.entry(entry).clone());
                let recent = &copy.recent;
                copy.repetitions
                    .push(recent[recent.len() - 1].key(), |i| recent[i].key());
            }
        }
        Game {
            engine: Arc::clone(&self.engine),
            state: copy,
        }
    }

    /// Starts again from the variant's start position, keeping the memory
    /// already allocated: the fast way to play many games in a row.
    pub fn restart(&mut self) {
        self.state.position = self.engine.rules().start();
        self.state.restart_from_current(&self.engine);
    }

    /// Starts again from `position`, keeping the memory already allocated:
    /// the fast way to look at many positions one after another.
    pub fn restart_from(&mut self, position: Position) -> Result<(), PositionError> {
        self.engine.rules().check_position(&position)?;
        self.state.position = position;
        self.state.restart_from_current(&self.engine);
        Ok(())
    }

    /// Starts again from a start drawn with `rng` where the variant deals
    /// its start at random ([`Rules::start_drawn`]), else as [`Game::restart`].
    pub fn restart_drawn(&mut self, rng: &mut crate::rng::Rng) {
        self.state.position = self.engine.rules().start_drawn(rng);
        self.state.restart_from_current(&self.engine);
    }

    /// Plays random moves, each drawn as [`Game::random_move`] draws it,
    /// until the game ends or `max_plies` more have been played. Where the
    /// rules judge each move alone by playing it out, only the moves drawn
    /// are judged; the legal moves are whole again when this returns.
    pub fn play_randomly(&mut self, rng: &mut crate::rng::Rng, max_plies: usize) {
        let engine = &*self.engine;
        let state = &mut self.state;
        state.drawing = Some(Drawing {
            rng: rng.clone(),
            lazily: engine.judges_each_move_alone(),
            unjudged: false,
            drawn: None,
        });
        for _ in 0..max_plies {
            if state.outcome.is_some() {
                break;
            }
            let mv = state
                .take_drawn(engine)
                .expect("a game not over has a move");
            state
                .play(engine, mv, &mut ())
                .expect("drawn moves are legal");
        }
        let drawing = state.drawing.take().expect("set above");
        *rng = drawing.rng;
        if drawing.unjudged {
            state.judge_candidates(engine);
        }
    }

    /// A legal move drawn uniformly with `rng` (`None` when the game is
    /// over). Where the rules judge each move alone by playing it out, the
    /// draw is among the moves that pass every test short of that, each
    /// that proves illegal struck off and another drawn: still uniform over
    /// the legal moves, and what lets a playout judge only the moves it
    /// draws. Every random player draws this way, so the same generator
    /// plays the same games on a playout and on a full game.
    pub fn random_move(&self, rng: &mut crate::rng::Rng) -> Option<Move> {
        random_move_of(&self.engine, &self.state.position, &self.state.legal, rng)
    }

    /// The rules being played.
    pub fn rules(&self) -> &Rules {
        self.engine.rules()
    }

    /// The engine playing the game.
    pub fn engine(&self) -> &Arc<Engine> {
        &self.engine
    }

    /// How much of its past the game keeps.
    pub fn memory(&self) -> Memory {
        self.state.memory
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.state.position
    }

    /// The position the game started from (after any pass it began with).
    pub fn start(&self) -> &Position {
        &self.state.start
    }

    /// Every move so far, with what it did and the position after it; empty
    /// for a game that keeps only what playouts need.
    pub fn history(&self) -> &[Ply] {
        &self.state.history
    }

    /// The legal moves now; empty once the game is over.
    pub fn legal_moves(&self) -> &MoveList {
        &self.state.legal
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Each player's score, `[south, north]`: once the game is over, the
    /// outcome's (what the variant credits each with at the end, seeds
    /// counted in place included); before, the seeds each holds now (store
    /// and children).
    pub fn score(&self) -> [u32; 2] {
        self.state.outcome.map_or(
            Side::BOTH.map(|side| self.state.position.claimed(side)),
            |o| o.score,
        )
    }

    /// Where the variant is a match of rounds, the round being played (or
    /// the last, once the match is over), counted from the game's start:
    /// 1 until a move ends a round. `None` for a game of one round, and
    /// for a game that keeps no history (playouts).
    pub fn round(&self) -> Option<usize> {
        self.rules().rounds.as_ref()?;
        if self.state.history.len() < self.state.plies {
            return None;
        }
        // A move that ends a round keeps its end; the match's last round
        // ends the game instead, with no next round.
        let ended = self.state.history.iter().filter(|p| p.round_end.is_some());
        Some(1 + ended.count())
    }

    /// Each player's tally towards the match goal so far, `[south, north]`
    /// (rounds won, points or seeds: [`crate::rules::rounds::MatchTo`]);
    /// zeros where the match has no goal of that kind.
    pub fn tally(&self) -> [u16; 2] {
        self.state.tally
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// Moves played so far.
    pub fn plies(&self) -> usize {
        self.state.plies
    }

    /// The positions a repetition could return to, oldest first: those
    /// from the last capture on, before the current one (none where the
    /// rules have no repetition ending).
    pub fn repeatable(&self) -> impl Iterator<Item = &Position> {
        let first = if self.state.tracks_repetition {
            self.state.since_capture
        } else {
            self.state.plies
        };
        (first..self.state.plies).map(|entry| self.state.entry(entry))
    }

    /// Plays `mv`, then settles the game: endings, passes, repetition.
    #[inline]
    pub fn play<T: Trace>(&mut self, mv: Move, trace: &mut T) -> Result<MoveEffect, IllegalMove> {
        self.state.play(&self.engine, mv, trace)
    }

    /// Takes back moves until it is a person's turn again, having taken
    /// back at least one move of a side `is_person` names: what `undo`
    /// means to a person playing a computer. Returns the moves taken back,
    /// the last played first; none when no such move was played.
    pub fn undo_turn(&mut self, is_person: impl Fn(Side) -> bool) -> Vec<Move> {
        let Some(last) = self
            .state
            .history
            .iter()
            .rposition(|ply| is_person(ply.mover))
        else {
            return Vec::new();
        };
        let mut taken = Vec::new();
        while self.plies() > last {
            taken.extend(self.state.history.last().map(|ply| ply.mv));
            if !self.undo() {
                break;
            }
        }
        taken
    }

    /// Takes back the last move. Returns `false` at the start, and always
    /// for a game that keeps only what playouts need.
    pub fn undo(&mut self) -> bool {
        self.state.undo(&self.engine)
    }

    /// Where the last move ended a round of a match: the board as the round
    /// ended, its seeds collected; the game's position is then the next
    /// round's start.
    pub fn round_end(&self) -> Option<&Position> {
        self.state.round_end.as_ref()
    }
}

impl State {
    fn restart_from_current(&mut self, engine: &Engine) {
        self.history.clear();
        self.since_capture_at.clear();
        self.legal_before.clear();
        self.recent.clear();
        self.plies = 0;
        self.since_capture = 0;
        self.base = 0;
        self.outcome = None;
        self.last_mover = None;
        self.round_end = None;
        if engine.rules().captures.last_seeds_to_starter && self.position.get(STARTER).is_none() {
            // A position that does not say who started the round is a
            // round's start.
            let to_move = self.position.to_move();
            self.position.set(STARTER, Some(to_move));
        }
        self.round_starter = self
            .position
            .get(STARTER)
            .unwrap_or(self.position.to_move());
        self.tally = [0; 2];
        if self.tracks_repetition {
            self.repetitions.clear();
        }
        self.settle(engine, 0, &mut ());
        self.start = self.position.clone();
        self.remember_position();
    }

    /// The position after `entry` plies (0 is the start); for a playout,
    /// only entries since the last capture are kept.
    fn entry(&self, entry: usize) -> &Position {
        match self.memory {
            Memory::Full if entry == 0 => &self.start,
            Memory::Full => &self.history[entry - 1].position,
            Memory::Playout => &self.recent[entry - self.base],
        }
    }

    /// Plays `mv`, then settles the game: endings, passes, repetition.
    #[inline]
    fn play<T: Trace>(
        &mut self,
        engine: &Engine,
        mv: Move,
        trace: &mut T,
    ) -> Result<MoveEffect, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if !self.legal.contains(mv) {
            return Err(engine.refusal(&self.position, mv));
        }
        let mover = self.position.to_move();
        // A move the rules had to play out to judge was played then; when
        // no one asks for its steps, that result is taken as it is.
        let played = if T::RECORDS || self.played.is_empty() {
            None
        } else {
            self.played.iter().position(|&(judged, _, _)| judged == mv)
        };
        let effect = match played {
            Some(i) => {
                let (_, after, effect) = self.played.swap_remove(i);
                self.position = after;
                effect
            }
            None => engine.apply_move(&mut self.position, mv, trace),
        };
        self.plies += 1;
        if self.memory == Memory::Full {
            self.since_capture_at.push(self.since_capture as u32);
            self.legal_before.push(self.legal.clone());
        }
        if effect.captured > 0 {
            self.since_capture = self.plies;
            if self.memory == Memory::Playout && self.tracks_repetition {
                // Nothing before a capture can repeat: start afresh.
                self.base = self.plies;
                self.recent.clear();
                self.repetitions.clear();
            }
        }
        self.last_mover = Some(mover);
        self.round_end = None;
        self.settle(engine, self.plies, trace);
        if self.round_end.is_some() {
            // A new round: nothing before it can repeat.
            self.since_capture = self.plies;
            if self.memory == Memory::Playout && self.tracks_repetition {
                self.base = self.plies;
                self.recent.clear();
                self.repetitions.clear();
            }
        }
        if self.memory == Memory::Full {
            self.history.push(Ply {
                mv,
                mover,
                effect,
                position: self.position.clone(),
                round_end: self.round_end.clone(),
                tally: self.tally,
            });
        }
        self.remember_position();
        Ok(effect)
    }

    /// Takes back the last move. Returns `false` at the start, and always
    /// for a game that keeps only what playouts need.
    fn undo(&mut self, engine: &Engine) -> bool {
        if self.memory == Memory::Playout {
            return false;
        }
        let Some(ply) = self.history.pop() else {
            return false;
        };
        if self.tracks_repetition {
            self.repetitions.pop(ply.position.key());
        }
        self.plies -= 1;
        self.since_capture = self.since_capture_at.pop().expect("one per ply") as usize;
        self.position = self.entry(self.plies).clone();
        self.outcome = None;
        self.last_mover = self.history.last().map(|p| p.mover);
        self.round_end = self.history.last().and_then(|p| p.round_end.clone());
        self.tally = self.history.last().map_or([0; 2], |p| p.tally);
        if ply.round_end.is_some() {
            // Back into the round that move ended: who started it.
            self.round_starter = self
                .history
                .iter()
                .rev()
                .find(|p| p.round_end.is_some())
                .map_or(self.start.to_move(), |p| p.position.to_move());
        }
        let legal = self.legal_before.pop().expect("one per ply");
        if engine.rules().simulate_to_judge {
            self.find_legal_moves(engine);
        } else {
            self.legal = legal;
        }
        true
    }

    /// Works out the legal moves of the position, keeping what each came
    /// to where the rules had to play them out.
    #[inline]
    fn find_legal_moves(&mut self, engine: &Engine) {
        if let Some(drawing) = &mut self.drawing {
            drawing.drawn = None;
            drawing.unjudged = false;
            if drawing.lazily
                && let Some(candidates) = engine.candidates(&self.position)
            {
                self.legal = candidates;
                self.played.clear();
                drawing.unjudged = true;
                return;
            }
        }
        self.legal = if engine.rules().simulate_to_judge {
            engine.legal_moves_played(&self.position, &mut self.played)
        } else {
            engine.legal_moves(&self.position)
        };
    }

    /// Whether the player to move has no legal move (`legal` is known).
    #[inline(always)]
    fn has_no_move(&mut self, engine: &Engine) -> bool {
        match &self.drawing {
            Some(drawing) if drawing.unjudged => self.draw(engine).is_none(),
            _ => self.legal.is_empty(),
        }
    }

    /// The random move of the position ([`Game::play_randomly`]), drawn once
    /// as [`Game::random_move`] draws it: `None` when there is no legal move.
    /// The draw is tentative: the generator moves on only when the move is
    /// taken ([`State::take_drawn`]), so a draw made to learn whether any
    /// move is legal (an ending, a pass) leaves the generator as it was.
    fn draw(&mut self, engine: &Engine) -> Option<Move> {
        let drawing = self.drawing.as_mut().expect("drawing moves");
        if drawing.drawn.is_none() {
            let mut rng = drawing.rng.clone();
            let drawn = if drawing.unjudged {
                // The candidates are the list: each drawn is judged, and one
                // that proves illegal is struck off it.
                let (position, played) = (&self.position, &mut self.played);
                let drawn = draw_among(&mut self.legal, &mut rng, |mv| {
                    judged_legal(played, mv) || engine.judge_candidate(position, mv, played)
                });
                if drawn.is_none() && engine.candidates_fall_to_single_seeds() {
                    // No house of two or more may be played: the legal
                    // moves, judged in full, and one drawn among them as
                    // `random_move_of` draws it.
                    drawing.unjudged = false;
                    self.legal = engine.legal_moves_played(&self.position, &mut self.played);
                    draw_from(&self.legal, &mut rng)
                } else {
                    drawn
                }
            } else {
                random_move_of(engine, &self.position, &self.legal, &mut rng)
            };
            drawing.drawn = drawn.map(|mv| (mv, rng));
        }
        drawing.drawn.as_ref().map(|&(mv, _)| mv)
    }

    /// The move [`State::draw`] drew, taken to be played: the generator
    /// moves on past its draw.
    #[inline(always)]
    fn take_drawn(&mut self, engine: &Engine) -> Option<Move> {
        let drawing = self.drawing.as_mut().expect("drawing moves");
        if !drawing.lazily {
            // The legal moves are known: the draw of `random_move_of`.
            return self.legal.get(drawing.rng.below(self.legal.len().max(1)));
        }
        self.draw(engine)?;
        let drawing = self.drawing.as_mut().expect("drawing moves");
        let (mv, rng) = drawing.drawn.take().expect("drawn just now");
        drawing.rng = rng;
        Some(mv)
    }

    /// Judges the candidates not judged yet, so that `legal` holds the legal
    /// moves again (the end of [`Game::play_randomly`]).
    fn judge_candidates(&mut self, engine: &Engine) {
        for mv in self.legal.clone().iter() {
            if !judged_legal(&self.played, mv)
                && !engine.judge_candidate(&self.position, mv, &mut self.played)
            {
                self.legal.remove(mv);
            }
        }
        if self.legal.is_empty() && engine.candidates_fall_to_single_seeds() {
            // Every house of two or more proved illegal, and no ending asked
            // for a move (which would have found this in `draw`): the single
            // seeds' moves, judged in full.
            self.legal = engine.legal_moves_played(&self.position, &mut self.played);
        }
    }

    /// After a move (or at the start): the endings in the rules' order, with
    /// a pass between those that read the position alone and the rest.
    #[inline]
    fn settle<T: Trace>(&mut self, engine: &Engine, plies: usize, trace: &mut T) {
        let rules = engine.rules();
        let (before_pass, after_pass) = rules.endings.split_at(rules.endings_before_pass);
        // `self.legal` still holds the last position's moves: the endings
        // read the new position's through `Facts`, which finds them once.
        let mut facts = Facts {
            engine,
            game: self,
            plies,
            legal_known: false,
        };
        let mut ending = before_pass.iter().find_map(|rule| rule.fires(&mut facts));
        if ending.is_none() {
            facts.legal_known = facts.game.pass(engine, facts.legal_known, trace);
            ending = after_pass.iter().find_map(|rule| rule.fires(&mut facts));
        }
        let legal_known = facts.legal_known;
        match ending {
            // `finish` leaves no moves, or the next round's.
            Some((reason, collect)) => self.finish(engine, reason, collect, trace),
            None if !legal_known => self.find_legal_moves(engine),
            None => {}
        }
    }

    /// Adds the newest entry (the current position) to the repetition
    /// table.
    #[inline]
    fn remember_position(&mut self) {
        if self.tracks_repetition {
            self.remember_repeatable();
        }
    }

    #[inline(never)]
    fn remember_repeatable(&mut self) {
        match self.memory {
            Memory::Full => {
                let history = &self.history;
                let start = &self.start;
                self.repetitions.push(self.position.key(), |i| {
                    if i == 0 {
                        start.key()
                    } else {
                        history[i - 1].position.key()
                    }
                });
            }
            Memory::Playout => {
                self.recent.push(self.position.clone());
                let recent = &self.recent;
                self.repetitions
                    .push(self.position.key(), |i| recent[i].key());
            }
        }
    }

    /// A player without seeds (R11), or without a legal move, loses the
    /// turn, when the rules say so. `legal_known` says whether `self.legal`
    /// holds the position's legal moves; so does the answer, after the pass.
    fn pass<T: Trace>(&mut self, engine: &Engine, legal_known: bool, trace: &mut T) -> bool {
        let rules = engine.rules();
        if self.position.get(FEED) {
            return legal_known;
        }
        let me = self.position.to_move();
        let (passes, legal_known) = match rules.turn.pass {
            Pass::Never => (false, legal_known),
            Pass::WhenEmpty => (
                self.position.row_is_empty(me) && !self.position.row_is_empty(me.opponent()),
                legal_known,
            ),
            // The mover's moves, then the opponent's, each found once and
            // kept: judging moves may mean playing each out.
            Pass::WhenNoMove => {
                if !legal_known {
                    self.find_legal_moves(engine);
                }
                if !self.has_no_move(engine) {
                    (false, true)
                } else {
                    self.position.set_to_move(me.opponent());
                    self.find_legal_moves(engine);
                    let none = self.has_no_move(engine);
                    self.position.set_to_move(me);
                    if none {
                        // Neither may move: the mover's (empty) moves again.
                        self.find_legal_moves(engine);
                        (false, true)
                    } else {
                        // The opponent's moves, unless the pass changes
                        // what the position allows (an opening move).
                        (true, self.position.get(OPENING) == 0)
                    }
                }
            }
        };
        if passes {
            let pos = &mut self.position;
            trace.record(Event::Pass { side: me });
            pos.set_to_move(me.opponent());
            if pos.get(OPENING) > 0 {
                // A pass is one of the opening moves.
                pos.set(OPENING, pos.get(OPENING) - 1);
            }
            return legal_known && rules.turn.pass == Pass::WhenNoMove;
        }
        legal_known
    }

    /// Whether the current position repeats one since the last capture.
    fn repeats(&self) -> bool {
        let key = self.position.key();
        self.repetitions
            .candidates(key, self.since_capture - self.base)
            .any(|slot| {
                let earlier = self.entry(slot + self.base);
                earlier.key() == key && *earlier == self.position
            })
    }

    fn finish<T: Trace>(
        &mut self,
        engine: &Engine,
        reason: EndReason,
        collect: Collect,
        trace: &mut T,
    ) {
        let pos = &mut self.position;
        let collector = match collect {
            Collect::EachOwn => None,
            Collect::LastCapturer => pos.get(LAST),
            // Nobody has moved in a game that is over at its start: each
            // takes their own.
            Collect::LastMover => self.last_mover,
            Collect::Unfed => Some(pos.to_move().opponent()),
            Collect::Removed => {
                for side in Side::BOTH {
                    pos.remove_row(side);
                }
                self.conclude(engine, reason, false, trace);
                return;
            }
            Collect::Divided => {
                // The seeds taken off the board: a child keeps its own.
                let left: u32 = Side::BOTH.map(|side| pos.remove_row(side)).iter().sum();
                let (half, odd) = ((left / 2) as u8, left % 2 == 1);
                let [south, north] = pos.stores();
                let to_south = half + (odd && north + half > south + half) as u8;
                pos.add(crate::board::STORE[0], to_south);
                pos.add(crate::board::STORE[1], left as u8 - to_south);
                for (side, seeds) in [
                    (Side::South, to_south),
                    (Side::North, left as u8 - to_south),
                ] {
                    if seeds > 0 {
                        trace.record(Event::Collect { side, seeds });
                    }
                }
                self.conclude(engine, reason, false, trace);
                if engine.rules().children.is_some_and(|c| c.child_is_store) {
                    Self::into_children(&mut self.position, [to_south, left as u8 - to_south]);
                }
                return;
            }
            Collect::Nobody | Collect::EachOwnInPlace => {
                self.conclude(engine, reason, collect == Collect::EachOwnInPlace, trace);
                return;
            }
        };
        let mut collected = [0u8; 2];
        for side in Side::BOTH {
            let into = collector.unwrap_or(side);
            collected[into.index()] += pos.collect_row(side, into);
        }
        for side in Side::BOTH {
            if collected[side.index()] > 0 {
                trace.record(Event::Collect {
                    side,
                    seeds: collected[side.index()],
                });
            }
        }
        self.conclude(engine, reason, false, trace);
        if engine.rules().children.is_some_and(|c| c.child_is_store) {
            // No stores: the outcome stands as counted, and the seeds
            // collected go into children.
            Self::into_children(&mut self.position, collected);
        }
    }

    /// Moves the seeds just collected into stores on to children, where a
    /// variant has no stores (`child_is_store`): each player's into their
    /// first child; all of them into the first child of the only player who
    /// has one; with no child at all, South's into South's first house and
    /// North's into North's last.
    fn into_children(pos: &mut Position, collected: [u8; 2]) {
        let firsts = Side::BOTH.map(|side| crate::rules::Children::first_child(pos, side));
        let last_house = 2 * pos.houses_per_side() - 1;
        let targets = match firsts {
            [Some(south), Some(north)] => [south, north],
            [Some(only), None] | [None, Some(only)] => [only, only],
            [None, None] => [0, last_house],
        };
        for side in Side::BOTH {
            let seeds = collected[side.index()];
            if seeds > 0 {
                let store = crate::board::STORE[side.index()];
                let stored = pos.take(store);
                pos.add(store, stored - seeds);
                pos.add(targets[side.index()], seeds);
            }
        }
    }

    fn conclude<T: Trace>(
        &mut self,
        engine: &Engine,
        reason: EndReason,
        count_in_place: bool,
        trace: &mut T,
    ) {
        let pos = &self.position;
        // With blocked houses the stores hold only the seeds out of play
        // (kept in South's store): they count for nobody, and the seeds in
        // each row count for its owner.
        let stores_count = engine.rules().blocking.is_none();
        let count_in_place = count_in_place || !stores_count;
        let score = Side::BOTH.map(|side| {
            pos.claimed(side)
                - if stores_count {
                    0
                } else {
                    pos.store(side) as u32
                }
                + if count_in_place {
                    pos.seeds_on_side(side)
                } else {
                    0
                }
        });
        let winner = match (reason.winner(), score[0].cmp(&score[1])) {
            (Some(side), _) => Some(side),
            (None, std::cmp::Ordering::Greater) => Some(Side::South),
            (None, std::cmp::Ordering::Less) => Some(Side::North),
            (None, std::cmp::Ordering::Equal) => None,
        };
        // A round's seeds still in a player's houses (an ending that leaves
        // the board as it is) are theirs for the next round, as MancalaGames
        // collects them; their children's are counted already.
        let won = if count_in_place {
            score
        } else {
            Side::BOTH.map(|side| score[side.index()] + pos.loose_seeds(side))
        };
        let mut winner = winner;
        let rules = engine.rules();
        if let Some(rounds) = &rules.rounds
            // One round end a move: a round that ends as it starts ends the match.
            && self.round_end.is_none()
        {
            let end = rounds.end_round(
                &rules.board,
                // A start dealt at random is dealt again for every round,
                // from the round's end, so a record replays the same match.
                &rules.start_drawn(&mut crate::rng::Rng::new(self.position.key())),
                &RoundOver {
                    position: &self.position,
                    scores: won,
                    counted: score,
                    winner,
                    started: self.round_starter,
                    last_mover: self.last_mover,
                },
                |pos| !engine.legal_moves(pos).is_empty(),
                &mut self.tally,
            );
            match end {
                RoundEnd::NextRound(next) => {
                    trace.record(Event::RoundOver { reason, winner });
                    self.round_starter = next.to_move();
                    self.round_end = Some(std::mem::replace(&mut self.position, next));
                    self.settle(engine, self.plies, trace);
                    return;
                }
                // A match goal may give the match to another than the
                // round's winner.
                RoundEnd::MatchOver(match_winner) => winner = match_winner,
            }
        }
        trace.record(Event::GameOver { reason });
        self.outcome = Some(Outcome {
            reason,
            winner,
            score,
        });
        self.legal = MoveList::new();
    }
}

/// A legal move of `legal` (the legal moves of `position`), drawn as
/// [`Game::random_move`] says.
fn random_move_of(
    engine: &Engine,
    position: &Position,
    legal: &MoveList,
    rng: &mut crate::rng::Rng,
) -> Option<Move> {
    if engine.judges_each_move_alone()
        && let Some(mut candidates) = engine.candidates(position)
    {
        let drawn = draw_among(&mut candidates, rng, |mv| legal.contains(mv));
        if drawn.is_some() || !engine.candidates_fall_to_single_seeds() {
            return drawn;
        }
        // No candidate is legal: the single seeds' moves are.
        return draw_from(legal, rng);
    }
    legal.get(rng.below(legal.len().max(1)))
}

/// A move of `legal` drawn uniformly, the generator left as it was when
/// there is none.
fn draw_from(legal: &MoveList, rng: &mut crate::rng::Rng) -> Option<Move> {
    if legal.is_empty() {
        return None;
    }
    legal.get(rng.below(legal.len()))
}

/// Whether `mv` was judged legal already: `played` holds what it came to.
fn judged_legal(played: &[(Move, Position, MoveEffect)], mv: Move) -> bool {
    played.iter().any(|&(judged, _, _)| judged == mv)
}

/// Draws uniformly among `moves` until one is legal, striking off each
/// that is not: each legal move is as likely as any other to be the first
/// drawn. `None` when none is.
fn draw_among(
    moves: &mut MoveList,
    rng: &mut crate::rng::Rng,
    mut is_legal: impl FnMut(Move) -> bool,
) -> Option<Move> {
    while !moves.is_empty() {
        let mv = moves.get(rng.below(moves.len()))?;
        if is_legal(mv) {
            return Some(mv);
        }
        moves.remove(mv);
    }
    None
}

/// What the endings ask of a game, answered lazily: the legal moves are
/// worked out only if an ending needs them, and then kept.
struct Facts<'g> {
    engine: &'g Engine,
    game: &'g mut State,
    /// Moves played, the one being settled included.
    plies: usize,
    /// Whether `game.legal` holds the legal moves of the position.
    legal_known: bool,
}

impl GameFacts for Facts<'_> {
    fn position(&self) -> &Position {
        &self.game.position
    }

    fn plies(&self) -> usize {
        self.plies
    }

    fn repeats(&mut self) -> bool {
        self.game.repeats()
    }

    fn last_mover(&self) -> Option<Side> {
        self.game.last_mover
    }

    // Always inlined into the endings' checks, as `MoveList::contains` is
    // into `Game::play` (0.7-1.5% fewer instructions, Oware and Kalah).
    #[inline(always)]
    fn has_no_move(&mut self) -> bool {
        if !self.legal_known {
            self.game.find_legal_moves(self.engine);
            self.legal_known = true;
        }
        self.game.has_no_move(self.engine)
    }
}

// Walking the game tree ([`crate::walk`]): a game is the general engine's
// walk, and picks the packed engine's where the variant allows.

/// Runs `user` on a walk from `game`'s position, its history included:
/// on the packed engine where `choice` and the variant allow, else on a copy
/// of `game`.
pub fn with_walk<U: WalkUser>(game: &Game, choice: EngineChoice, user: U) -> U::Output {
    if choice == EngineChoice::Fastest
        && let Some(packed) = game.engine().packed()
    {
        let start = WalkStart {
            position: game.position(),
            repeatable: game.repeatable().collect(),
            legal: game.legal_moves().iter().fold(0u32, |mask, mv| {
                mask | 1 << game.rules().board.offset_of(mv)
            }),
            plies: game.plies(),
            last_mover: game.history().last().map(|ply| ply.mover),
            score: game.is_over().then(|| game.score()),
        };
        return packed.walk(&start, user);
    }
    user.run(game.clone())
}

impl Walk for Game {
    #[inline]
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn score(&self) -> [u32; 2] {
        Game::score(self)
    }

    fn winner(&self) -> Option<Side> {
        self.outcome().and_then(|o| o.winner)
    }

    #[inline]
    fn to_move(&self) -> Side {
        self.position().to_move()
    }

    #[inline]
    fn moves(&self) -> usize {
        self.legal_moves().len()
    }

    #[inline]
    fn move_at(&self, index: usize) -> Move {
        self.legal_moves().get(index).expect("a listed move")
    }

    #[inline]
    fn play(&mut self, index: usize) -> bool {
        let mv = self.move_at(index);
        let effect = Game::play(self, mv, &mut ()).expect("listed moves are legal");
        effect.captured > 0
    }

    #[inline]
    fn undo(&mut self) {
        Game::undo(self);
    }

    #[inline]
    fn key(&self) -> u64 {
        mix(self.position().key())
    }

    #[inline]
    fn key_without_stores(&self) -> u64 {
        mix(self.position().key_without_stores())
    }

    #[inline]
    fn plies(&self) -> usize {
        Game::plies(self)
    }

    #[inline]
    fn claimed(&self, side: Side) -> u32 {
        self.position().claimed(side)
    }

    #[inline]
    fn total_seeds(&self) -> u32 {
        self.position().total_seeds()
    }

    #[inline]
    fn seeds_on_board(&self) -> u32 {
        self.position().seeds_on_board()
    }

    fn position(&self) -> Position {
        Game::position(self).clone()
    }
}

#[cfg(test)]
mod drawing_tests {
    use super::*;
    use crate::rng::Rng;

    fn engine(name: &str) -> Arc<Engine> {
        Engine::new(Rules::builtin(name).expect("a shipped variant"))
    }

    /// The first position of random games of `name` where some move that
    /// passes every test short of being played out proves illegal, with at
    /// least two legal moves left.
    fn position_with_illegal_candidates(engine: &Arc<Engine>) -> Game {
        for seed in 0..200 {
            let mut rng = Rng::for_game(7, seed);
            let mut game = Game::new(engine);
            while !game.is_over() {
                if let Some(candidates) = engine.candidates(game.position())
                    && candidates.len() > game.legal_moves().len()
                    && game.legal_moves().len() >= 2
                {
                    return game;
                }
                let moves = game.legal_moves();
                let mv = moves.get(rng.below(moves.len())).expect("a move");
                game.play(mv, &mut ()).expect("a legal move");
            }
        }
        panic!("no position with an illegal candidate");
    }

    #[test]
    fn moves_drawn_lazily_are_legal_and_uniform() {
        // Long night game: a relay must end in an occupied house, which
        // only playing the move out tells.
        let engine = engine("mg-long-night-game");
        assert!(engine.judges_each_move_alone());
        let game = position_with_illegal_candidates(&engine);
        let legal: Vec<Move> = game.legal_moves().iter().collect();
        // Where each legal move leads, the endings settled.
        let after: Vec<Position> = legal
            .iter()
            .map(|&mv| {
                let mut next = game.clone();
                next.play(mv, &mut ()).expect("a legal move");
                next.position().clone()
            })
            .collect();
        for (i, pos) in after.iter().enumerate() {
            assert!(!after[..i].contains(pos), "two moves lead to one position");
        }
        let draws = 6000;
        let mut counts = vec![0u32; legal.len()];
        for i in 0..draws {
            let mut copy = game.playout_copy();
            copy.play_randomly(&mut Rng::for_game(11, i), 1);
            let index = after
                .iter()
                .position(|pos| pos == copy.position())
                .expect("every move drawn is a legal move");
            counts[index] += 1;
        }
        // Each legal move is drawn about draws / n times: within five
        // standard deviations of the binomial count.
        let n = legal.len() as f64;
        let mean = draws as f64 / n;
        let sd = (draws as f64 * (1.0 / n) * (1.0 - 1.0 / n)).sqrt();
        for (mv, &count) in legal.iter().zip(&counts) {
            assert!(
                (count as f64 - mean).abs() < 5.0 * sd,
                "{mv:?} drawn {count} times of {draws}, expected about {mean:.0}"
            );
        }
    }

    /// Calls `visit` with each position, before its move, of three random
    /// games (300 plies at most, drawn from `stream`) of every shipped
    /// variant judged as drawn, and the seed of its game.
    fn each_drawn_position(stream: u64, mut visit: impl FnMut(&Engine, u64, &Game)) {
        for rules in crate::rules::builtin_rules() {
            let engine = Engine::new(rules);
            if !engine.judges_each_move_alone() {
                continue;
            }
            for seed in 0..3 {
                let mut rng = Rng::for_game(stream, seed);
                let mut game = Game::new(&engine);
                while !game.is_over() && game.plies() < 300 {
                    visit(&engine, seed, &game);
                    let mv = game.random_move(&mut rng).expect("a move");
                    game.play(mv, &mut ()).expect("a legal move");
                }
            }
        }
    }

    #[test]
    fn every_legal_move_is_a_candidate() {
        let mut checked = 0;
        let mut tiered = 0;
        each_drawn_position(5, |engine, _, game| {
            let name = &engine.rules().meta.name;
            let Some(candidates) = engine.candidates(game.position()) else {
                return;
            };
            let legal = game.legal_moves();
            let seeds = |mv: Move| game.position().at(engine.rules().board.house_of(mv));
            let fell = engine.candidates_fall_to_single_seeds()
                && !candidates.iter().any(|mv| legal.contains(mv));
            for mv in legal.iter() {
                // Where every house of two or more proved illegal, the
                // single seeds' moves are the legal ones, and they were no
                // candidates.
                assert!(
                    candidates.contains(mv) || fell && seeds(mv) == 1,
                    "{name}: {mv} is legal and not a candidate"
                );
            }
            if engine.candidates_fall_to_single_seeds() {
                tiered += 1;
                // Houses of one seed are candidates only when no house of
                // more is.
                let many = candidates.iter().filter(|&mv| seeds(mv) >= 2).count();
                assert!(
                    many == 0 || many == candidates.len(),
                    "{name}: candidates of both tiers"
                );
            }
            checked += 1;
        });
        assert!(checked > 1000, "{checked} positions checked");
        assert!(
            tiered > 100,
            "{tiered} positions under the single-seed rule"
        );
    }

    #[test]
    fn the_candidates_are_the_houses_no_test_short_of_playing_refuses() {
        // The masks of `candidates` against each house judged alone, on
        // random games of every variant judged as drawn: children, houses
        // blocked, territory, the single-seed rule, no return and the allow
        // rules all come up.
        let (mut checked, mut with_children, mut with_blocked, mut with_territory) = (0, 0, 0, 0);
        each_drawn_position(11, |engine, seed, game| {
            let name = &engine.rules().meta.name;
            let pos = game.position();
            let candidates = engine.candidates(pos);
            assert_eq!(
                candidates,
                engine.candidates_house_by_house(pos),
                "{name}: candidates of {pos}"
            );
            checked += 1;
            // Blocked houses are empty in play: block one that is not, so
            // that the masks' test of them is checked.
            let row = engine.rules().board.row_start(pos.to_move());
            if let Some(house) =
                (row..row + pos.houses_per_side()).find(|&h| pos.at(h) > 0 && seed == 0)
            {
                let mut blocked = pos.clone();
                blocked.set_blocked(house, true);
                assert_eq!(
                    engine.candidates(&blocked),
                    engine.candidates_house_by_house(&blocked),
                    "{name}: candidates of {blocked} with {house} blocked"
                );
                with_blocked += 1;
            }
            if candidates.is_some() {
                with_children += usize::from(pos.child_houses() != 0);
                with_territory += usize::from(
                    engine.rules().playable.territory
                        && pos.owned_houses(Side::South).count_ones()
                            != engine.rules().board.houses_per_side() as u32,
                );
            }
        });
        assert!(checked > 10_000, "{checked} positions checked");
        assert!(with_children > 1000, "{with_children} with children");
        assert!(with_blocked > 1000, "{with_blocked} with blocked houses");
        assert!(
            with_territory > 100,
            "{with_territory} with houses that changed hands"
        );
    }

    #[test]
    fn a_playout_draws_the_moves_a_full_game_draws() {
        let mut plies = 0;
        for rules in crate::rules::builtin_rules() {
            let engine = Engine::new(rules);
            if !engine.judges_each_move_alone() {
                continue;
            }
            let name = &engine.rules().meta.name;
            let mut full = Game::new(&engine);
            let mut playout = Game::for_playouts(&engine);
            let (mut a, mut b) = (Rng::for_game(9, 1), Rng::for_game(9, 1));
            while !full.is_over() && full.plies() < 200 {
                let mv = full
                    .random_move(&mut a)
                    .expect("a game not over has a move");
                full.play(mv, &mut ()).expect("a legal move");
                playout.play_randomly(&mut b, 1);
                assert_eq!(
                    full.position(),
                    playout.position(),
                    "{name}: ply {} drawn otherwise",
                    full.plies()
                );
                plies += 1;
            }
            assert_eq!(full.is_over(), playout.is_over(), "{name}: the end");
        }
        assert!(plies > 2000, "{plies} plies compared");
    }

    /// Modiar's rules with the single-seed rule: a grand slam is
    /// forbidden, which only playing a move out tells.
    fn single_seeds_and_no_grand_slam() -> Arc<Engine> {
        let text = include_str!("../variants/mancalagames/modiar.toml")
            .replace("name = \"mg-modiar\"", "name = \"single-seeds\"")
            .replace("min_seeds = 2", "min_seeds = 1\nsingle_seed_rule = true")
            .replace("must_feed = true", "");
        Engine::new(Rules::from_toml(&text, "single-seeds.toml").expect("valid rules"))
    }

    #[test]
    fn where_no_house_of_more_seeds_may_move_a_single_seed_does() {
        let engine = single_seeds_and_no_grand_slam();
        assert!(engine.judges_each_move_alone());
        let layout = engine.rules().board.layout();
        let seeds = |pos: &Position, mv: Move| pos.at(engine.rules().board.house_of(mv));
        // Whether only single seeds may move, every house of more having
        // been a candidate that proved illegal.
        let falls = |game: &Game| {
            let Some(candidates) = engine.candidates(game.position()) else {
                return false;
            };
            let legal = game.legal_moves();
            !legal.is_empty()
                && candidates.iter().all(|mv| seeds(game.position(), mv) >= 2)
                && !candidates.iter().any(|mv| legal.contains(mv))
        };
        let mut rng = Rng::new(1);
        let mut found = 0;
        for i in 0..100_000 {
            let mut houses = [0u8; 6];
            for _ in 0..3 + rng.below(6) {
                houses[rng.below(6)] += 1;
            }
            // The seeds off the board lie in the stores, short of a majority.
            let off = 42 - houses.iter().sum::<u8>();
            let stores = [off / 2, off - off / 2];
            let side = [Side::South, Side::North][i % 2];
            let Ok(game) = Position::laid_out(&houses, stores, side, layout)
                .map_err(|_| ())
                .and_then(|pos| Game::from_position(&engine, pos).map_err(|_| ()))
            else {
                continue;
            };
            // The same generator draws the same moves on a full game and on
            // a playout, which judges the candidates only as it draws them.
            let mut full = game.clone();
            let mut playout = game.playout_copy();
            let (mut a, mut b) = (Rng::for_game(4, i as u64), Rng::for_game(4, i as u64));
            for _ in 0..4 {
                if full.is_over() {
                    break;
                }
                if full.plies() > 0 && falls(&full) {
                    found += 1;
                    assert!(
                        full.legal_moves()
                            .iter()
                            .all(|mv| seeds(full.position(), mv) == 1)
                    );
                }
                let mv = full
                    .random_move(&mut a)
                    .expect("a game not over has a move");
                full.play(mv, &mut ()).expect("a legal move");
                playout.play_randomly(&mut b, 1);
                assert_eq!(full.position(), playout.position(), "{houses:?}");
                assert_eq!(full.legal_moves(), playout.legal_moves(), "{houses:?}");
            }
        }
        assert!(
            found >= 10,
            "{found} positions where only single seeds may move"
        );
    }

    #[test]
    fn a_playout_leaves_its_legal_moves_whole() {
        for name in [
            "mg-long-night-game",
            "wouri",
            "ludii-kisolo",
            "mg-adi",
            "ludii-tsoro",
            "ludii-msuwa-wa-kunja",
        ] {
            let engine = engine(name);
            let mut game = Game::for_playouts(&engine);
            let mut rng = Rng::for_game(3, 0);
            for _ in 0..40 {
                game.play_randomly(&mut rng, 3);
                if game.is_over() {
                    break;
                }
                // The same position's moves, every one judged.
                let mut fresh = game.clone();
                fresh.state.find_legal_moves(&engine);
                assert_eq!(
                    game.legal_moves().iter().collect::<Vec<_>>(),
                    fresh.legal_moves().iter().collect::<Vec<_>>(),
                    "{name}: the legal moves after a playout"
                );
            }
        }
    }
}
