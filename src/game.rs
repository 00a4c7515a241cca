//! A game in progress: a position plus what the rules need to remember
//! (positions since the last capture, the ply count) and how it ended.
//!
//! [`Rules`] knows single moves; a [`Game`] knows the end of the game:
//! majority, few seeds left, passes, repetition, no legal move and the ply
//! limit, checked in that order after every move.

use crate::engine::{IllegalMove, MoveEffect, MoveList};
use crate::position::{Move, Position, PositionError, Side};
use crate::rules::Rules;
use crate::trace::{EndReason, Event, Trace};
use crate::variant::Collect;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Why it ended.
    pub reason: EndReason,
    /// The player with more seeds in store, or `None` for a draw.
    pub winner: Option<Side>,
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

/// One ply of history, kept so it can be undone and so repetitions can be seen.
#[derive(Clone)]
struct Ply {
    /// The position reached, as compared for repetition.
    position: Position,
    key: u64,
    /// Where the positions since the last capture begin, before this ply.
    since_capture_before: usize,
}

/// A game: the rules, the position, the history and the outcome.
#[derive(Clone)]
pub struct Game<'r> {
    rules: &'r Rules,
    position: Position,
    /// The start position, then one entry per ply.
    line: Vec<Ply>,
    /// Index into `line` of the first position since the last capture.
    since_capture: usize,
    legal: MoveList,
    outcome: Option<Outcome>,
}

impl<'r> Game<'r> {
    /// A game from the variant's start position.
    pub fn new(rules: &'r Rules) -> Game<'r> {
        Game::from_position(rules, rules.start()).expect("the start position fits its own rules")
    }

    /// A game from `position`, which must fit the variant's board and seeds.
    /// A position that is already over (say, one store past the majority)
    /// gives a game that is over.
    pub fn from_position(rules: &'r Rules, position: Position) -> Result<Game<'r>, PositionError> {
        rules.check_position(&position)?;
        let mut game = Game {
            rules,
            position,
            line: Vec::with_capacity(256),
            since_capture: 0,
            legal: MoveList::new(),
            outcome: None,
        };
        game.settle(false, &mut ());
        Ok(game)
    }

    /// The rules being played.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The legal moves now; empty once the game is over.
    pub fn legal_moves(&self) -> &MoveList {
        &self.legal
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Moves played so far.
    pub fn plies(&self) -> usize {
        self.line.len() - 1
    }

    /// Plays `mv`, then settles the game: endings, passes, repetition.
    pub fn play<T: Trace>(&mut self, mv: Move, trace: &mut T) -> Result<MoveEffect, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.legal.contains(mv) {
            return Err(self.rules.refusal(&self.position, mv));
        }
        let effect = self.rules.apply(
            &mut self.position,
            mv.house(self.rules.houses_per_side),
            trace,
        );
        self.settle(effect.captured > 0, trace);
        Ok(effect)
    }

    /// Takes back the last move. Returns `false` at the start.
    pub fn undo(&mut self) -> bool {
        if self.line.len() < 2 {
            return false;
        }
        let ply = self.line.pop().expect("checked above");
        self.since_capture = ply.since_capture_before;
        self.position = self.line.last().expect("the start stays").position.clone();
        self.outcome = None;
        self.legal = self.rules.legal_moves(&self.position);
        true
    }

    /// After a move (or at the start): the endings, passes and repetition, in
    /// the order the module documentation gives; then the position joins the
    /// history.
    fn settle<T: Trace>(&mut self, captured: bool, trace: &mut T) {
        let rules = self.rules;
        let since_capture_before = self.since_capture;
        if captured {
            self.since_capture = self.line.len();
        }
        // Positions recorded so far, the start included, equal the plies played.
        let plies = self.line.len();
        let mut ending = self.position_ending(trace);
        let key = self.position.key();
        if ending.is_none()
            && let Some(collect) = rules.repetition
        {
            let repeated = self.line[self.since_capture..]
                .iter()
                .any(|p| p.key == key && p.position == self.position);
            if repeated {
                ending = Some((EndReason::Repetition, collect));
            }
        }
        if ending.is_none() {
            self.legal = rules.legal_moves(&self.position);
            if self.legal.is_empty() {
                let reason = if self.position.feed_pending() {
                    EndReason::CannotFeedAfterSlam
                } else {
                    EndReason::NoMove
                };
                ending = Some((reason, rules.no_move));
            }
        }
        if ending.is_none()
            && let Some(limit) = rules.ply_limit
            && plies as u64 >= limit.plies as u64
        {
            ending = Some((EndReason::PlyLimit, limit.taken_by));
        }
        let key = match ending {
            Some((reason, collect)) => {
                self.finish(reason, collect, trace);
                self.position.key()
            }
            None => key,
        };
        self.line.push(Ply {
            key,
            position: self.position.clone(),
            since_capture_before,
        });
    }

    /// The endings that depend on the position alone, and passes.
    fn position_ending<T: Trace>(&mut self, trace: &mut T) -> Option<(EndReason, Collect)> {
        let rules = self.rules;
        let pos = &mut self.position;
        let [south, north] = pos.stores();
        let reached = |store: u8| rules.majority.is_some_and(|m| store >= m);
        let split =
            rules.even_split_draw && south == north && south as u32 * 2 == rules.total_seeds;
        if reached(south) || reached(north) || split {
            return Some((EndReason::Majority, Collect::Nobody));
        }
        if let Some(rule) = rules.seeds_left
            && pos.seeds_on_board() <= rule.at_most as u32
        {
            return Some((EndReason::SeedsLeft(rule.at_most), rule.taken_by));
        }
        if rules.pass_when_empty && !pos.feed_pending() {
            let me = pos.to_move();
            if pos.row_is_empty(me) && !pos.row_is_empty(me.opponent()) {
                trace.record(Event::Pass { side: me });
                pos.set_to_move(me.opponent());
            }
        }
        None
    }

    fn finish<T: Trace>(&mut self, reason: EndReason, collect: Collect, trace: &mut T) {
        let pos = &mut self.position;
        let collector = match collect {
            Collect::EachOwn => None,
            Collect::LastCapturer => pos.last_capturer(),
            Collect::Nobody => {
                trace.record(Event::GameOver { reason });
                self.conclude(reason);
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
        trace.record(Event::GameOver { reason });
        self.conclude(reason);
    }

    fn conclude(&mut self, reason: EndReason) {
        let [south, north] = self.position.stores();
        let winner = match south.cmp(&north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        self.outcome = Some(Outcome { reason, winner });
        self.legal = MoveList::new();
    }
}
