//! The engine: a variant's compiled [`Rules`] made ready to play. It gives
//! the legal moves and why others are refused, and plays a move through the
//! rule phases in order: sowing ([`crate::rules::sowing`]), the capture at
//! the last seed ([`crate::rules::capture`]) judged by the grand-slam policy
//! ([`crate::rules::grand_slam`]), then the turn ([`crate::rules::turn`]).
//!
//! Each phase's logic lives in its module; this one only runs them in order.
//! The one sowing loop is specialised per variant when the rules compile, so
//! a variant pays only for the options it uses. The rules are data and know
//! nothing of the engine; the engine also holds the variant's packed engine
//! ([`crate::packed`]) for random playouts and searches.

use crate::word::{
    AGAIN, BEAR_OFF, CROSSED, FEED, LAST, OPENING, OWED, OWN_WAYS, OwnWay, QUIET, WAITING, WAYS,
};

use std::sync::Arc;

use crate::board::Direction;
use crate::moves::{IllegalMove, MoveEffect, MoveList, Verdict};
use crate::packed::Packed;
use crate::position::{
    Label, Layout, MAX_HOUSES_PER_SIDE, MAX_LAP_WAYS, MAX_TAKEN, Move, Position, Side,
};
use crate::rules::children::LastSeed;
use crate::rules::sowing::LapChoices;
use crate::rules::sowing::{LoopKind, Sown, SownEnd};
use crate::rules::{ExtraTurn, GrandSlam, Rules, grand_slam};
use crate::trace::{Event, SlamOutcome, Trace};

/// The choices a move makes inside it, as the sowing loop reads them:
/// the houses taken after a capture (`[capture] chosen_after`), as a mask,
/// and the laps' ([`LapChoices`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Choice {
    taken: u64,
    laps: LapChoices,
}

impl Choice {
    /// No choice: the plain move.
    const NONE: Choice = Choice {
        taken: 0,
        laps: LapChoices::NONE,
    };
}

/// A variant made ready to play: its compiled [`Rules`], which say what may
/// happen, and what runs them: the general step below, which every rule goes
/// through, and the packed engine where the variant fits it. Built once per
/// variant ([`Engine::new`]) and shared by every [`crate::Game`] of it.
#[derive(Debug, Clone)]
pub struct Engine {
    rules: Rules,
    /// The rules compiled for the packed engine, or why the variant does
    /// not fit it.
    packed: Result<Packed, &'static str>,
    /// [`Engine::judges_each_move_alone`], worked out once.
    judges_alone: bool,
}

impl Engine {
    /// The engine for `rules`, shared: every game of the variant holds it
    /// (a [`crate::Game`] owns its handle, so games outlive the code that
    /// made them and cross threads).
    pub fn new(rules: Rules) -> Arc<Engine> {
        let packed = Packed::compile(&rules);
        // The packed engine draws among the legal moves, and its games are
        // the general engine's.
        let judges_alone = packed.is_err()
            && rules.simulate_to_judge
            && !rules.choices_in_moves
            // The single-seed rule compares houses of the mover's row
            // only: its candidates come in two tiers (`candidates`).
            && !(rules.playable.single_seed_rule
                && (rules.playable.either_row || rules.playable.territory || rules.playable.halves))
            && rules.playable.last_resort == 0
            && !rules.playable.from_store;
        Arc::new(Engine {
            rules,
            packed,
            judges_alone,
        })
    }

    /// The rules this engine plays.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The packed engine, when the variant fits it.
    pub fn packed(&self) -> Option<&Packed> {
        self.packed.as_ref().ok()
    }

    /// The bytes the engine holds, shared by the games that hold it (what a
    /// server counts against its memory for an edited variant): the engine
    /// itself, the texts and lists of its rules and the packed tables.
    pub fn footprint(&self) -> usize {
        // The handle's two counts sit beside the engine.
        std::mem::size_of::<Engine>()
            + 2 * std::mem::size_of::<usize>()
            + self.rules.heap_bytes()
            + self.packed.as_ref().map_or(0, Packed::heap_bytes)
    }

    /// Why the variant does not fit the packed engine, in a few words
    /// (`None` when it does).
    pub fn unpacked_because(&self) -> Option<&'static str> {
        self.packed.as_ref().err().copied()
    }
}

impl Engine {
    /// The legal moves of the player to move.
    #[inline]
    pub fn legal_moves(&self, pos: &Position) -> MoveList {
        if self.rules.choices_in_moves {
            // The choices a move may make inside it follow from playing it.
            return self.legal_moves_played(pos, &mut Vec::new());
        }
        let mut list = self.house_moves(pos);
        if self.rules.playable.from_store {
            // `*1` to `*K`, K the seeds in the mover's store.
            list.store = pos.at(self.rules.board.store(pos.to_move()));
        }
        list
    }

    /// The legal moves of the player to move that name a house.
    #[inline(always)]
    fn house_moves(&self, pos: &Position) -> MoveList {
        if self.drop_pending(pos) {
            return self.drops(pos);
        }
        if self.rules.simulate_to_judge
            || self.rules.must_feed_now(pos)
            || self.rules.playable.judged
        {
            return self.judged_moves(pos);
        }
        let side = pos.to_move();
        let choosing = self
            .rules
            .sowing
            .choosing(pos, self.rules.board.houses_per_side());
        let mut list = MoveList::of_row(
            self.rules.board.layout(),
            side,
            self.rules.playable_mask(pos, side),
            choosing,
        );
        if self.rules.playable.either_row {
            let other = side.opponent();
            list.add_row(other, self.rules.playable_mask(pos, other), choosing);
        }
        list
    }

    /// Whether the player to move must drop seeds from their store instead
    /// of sowing: the seeds they have just captured (`[capture]
    /// given_to_opponent`), or one from their hand (`[play]
    /// place_from_hand`). Their store holds them.
    #[inline]
    pub(crate) fn drop_pending(&self, pos: &Position) -> bool {
        self.rules.hand_drops && pos.at(self.rules.board.store(pos.to_move())) > 0
    }

    /// The drops open to the player to move: one into each house of the
    /// opponent's side for captured seeds, of their own for a placement;
    /// empty or not.
    #[inline(never)]
    fn drops(&self, pos: &Position) -> MoveList {
        let layout = self.rules.board.layout();
        let mut list = MoveList::on(layout);
        let side = if self.rules.playable.places_from_hand {
            pos.to_move()
        } else {
            pos.to_move().opponent()
        };
        for house in 0..self.rules.board.houses() {
            if self.rules.board.owner(house) == side {
                list.insert(layout.move_of(house).dropped());
            }
        }
        list
    }

    /// Drops seeds from the mover's store into `house` and hands the turn
    /// over: all of them, the second step of a turn that captured where
    /// the captured seeds are given to the opponent, or one, a placement
    /// from the hand.
    #[inline(never)]
    fn drop_from_store<T: Trace>(
        &self,
        pos: &mut Position,
        house: usize,
        trace: &mut T,
    ) -> MoveEffect {
        let me = pos.to_move();
        let store = self.rules.board.store(me);
        if self.rules.playable.places_from_hand {
            pos.take_one(store);
            pos.add(house, 1);
            trace.record(Event::Place {
                house,
                now: pos.at(house),
            });
        } else {
            let seeds = pos.take(store);
            pos.add(house, seeds);
            trace.record(Event::Give {
                house,
                seeds,
                now: pos.at(house),
            });
        }
        pos.set_to_move(me.opponent());
        MoveEffect {
            last: house,
            ..MoveEffect::default()
        }
    }

    /// Shares one seed of `house` with the opponent, who has none: it goes
    /// into their first house, and the mover moves again (`[play]
    /// share_one`).
    #[inline(never)]
    fn share_one<T: Trace>(&self, pos: &mut Position, house: usize, trace: &mut T) -> MoveEffect {
        let me = pos.to_move();
        let to = self.rules.board.row_start(me.opponent());
        pos.take_one(house);
        pos.add(to, 1);
        trace.record(Event::Share { from: house, to });
        trace.record(Event::ExtraTurn { side: me });
        MoveEffect {
            fed: true,
            extra_turn: true,
            last: to,
            ..MoveEffect::default()
        }
    }

    /// The rows whose houses the player to move may play: their own, or
    /// both (`[play] from_either_row`).
    #[inline]
    pub(crate) fn rows_played(&self, pos: &Position) -> &'static [Side] {
        match (
            self.rules.playable.either_row
                || self.rules.playable.territory
                || self.rules.playable.halves,
            pos.to_move(),
        ) {
            (false, Side::South) => &[Side::South],
            (false, Side::North) => &[Side::North],
            (true, _) => &Side::BOTH,
        }
    }

    /// The legal moves, each house judged in full: the slow path, kept out
    /// of line so the fast one stays small. The moves are listed as they
    /// are judged ([`Engine::legal_moves_judged`]), with no verdicts kept;
    /// only moves that sow no house of the mover's, and the rules that
    /// compare houses of two rows, are read from the [verdicts](Engine::verdicts).
    #[inline(never)]
    fn judged_moves(&self, pos: &Position) -> MoveList {
        let playable = &self.rules.playable;
        let compares_rows = self.rows_played(pos).len() > 1
            && (playable.single_seed_rule || playable.last_resort != 0);
        if compares_rows || self.markings_or_takes(pos).is_some() {
            let mut list = MoveList::on(self.rules.board.layout());
            for (mv, verdict) in self.verdicts(pos) {
                if verdict == Verdict::Legal {
                    list.insert(mv);
                }
            }
            return list;
        }
        // What the moves played out came to is not kept: the vector stays
        // empty, and unallocated, unless a move must be played to be judged.
        let mut played = Vec::new();
        let feeding = self.rules.must_feed_now(pos);
        let list = self.legal_moves_judged(pos, feeding, &mut played);
        if list.is_empty() && feeding && self.rules.feeding_falls_when_none_feeds(pos) {
            return self.legal_moves_judged(pos, false, &mut played);
        }
        list
    }

    /// Every house of the player to move with its verdict, in row order,
    /// then the moves from the store (`[play] sow_from_store`), all legal.
    pub fn verdicts(&self, pos: &Position) -> Vec<(Move, Verdict)> {
        let mut out = self.house_verdicts(pos);
        if self.rules.playable.from_store {
            let seeds = pos.at(self.rules.board.store(pos.to_move()));
            out.extend((1..=seeds).map(|k| (Move::from_store(k), Verdict::Legal)));
        }
        out
    }

    /// Every house of the player to move with its verdict, in row order.
    fn house_verdicts(&self, pos: &Position) -> Vec<(Move, Verdict)> {
        // Moves that sow no house of the mover's (drops, markings, owed
        // takes) are judged as a list: each is legal, and nothing else is.
        // Owed takes of several houses share their first house's label:
        // that house gets one verdict, as a house sown several ways does.
        let unsown = if self.drop_pending(pos) {
            Some(self.drops(pos))
        } else {
            self.markings_or_takes(pos)
        };
        if let Some(list) = unsown {
            let mut out: Vec<(Move, Verdict)> = Vec::new();
            for mv in list.iter() {
                if out.iter().all(|(seen, _)| seen.label() != mv.label()) {
                    out.push((mv, Verdict::Legal));
                }
            }
            return out;
        }
        let side = pos.to_move();
        let board = &self.rules.board;
        let lo = board.row_start(side);
        let judge = |feeding: bool| -> Vec<(Move, Verdict)> {
            // What the moves came to is not kept here.
            let mut played = Vec::new();
            let mut out = Vec::new();
            for &row in self.rows_played(pos) {
                for offset in 0..self.rules.board.houses_per_side() {
                    out.extend(
                        self.judge_ways(pos, row, offset, feeding, &mut played)
                            .into_iter()
                            .flatten(),
                    );
                    played.clear();
                }
            }
            out
        };
        let feeding = self.rules.must_feed_now(pos);
        let mut out = judge(feeding);
        if feeding
            && self.rules.feeding_falls_when_none_feeds(pos)
            && out.iter().all(|&(_, v)| v != Verdict::Legal)
        {
            out = judge(false);
        }
        if self.rules.playable.single_seed_rule {
            let any_multi = out
                .iter()
                .any(|&(mv, v)| v == Verdict::Legal && pos.at(lo + board.offset_of(mv)) >= 2);
            if any_multi {
                for (mv, verdict) in &mut out {
                    if *verdict == Verdict::Legal && pos.at(lo + board.offset_of(*mv)) == 1 {
                        *verdict = Verdict::SingleSeed;
                    }
                }
            }
        }
        if self.rules.playable.first_lap_must_capture {
            // The moves sown the board's way that the capture owed at the
            // first lap leaves out.
            let mut list = MoveList::on(board.layout());
            for &(mv, verdict) in &out {
                if verdict == Verdict::Legal {
                    list.insert(mv);
                }
            }
            self.keep_first_lap_captures(pos, &mut list);
            for (mv, verdict) in &mut out {
                if *verdict == Verdict::Legal && !list.contains(*mv) {
                    *verdict = Verdict::FirstLapCaptureOwed;
                }
            }
        }
        let last_resort = self.rules.playable.last_resort;
        if last_resort != 0 {
            let resort = |mv: Move| last_resort >> board.offset_of(mv) & 1 == 1;
            if out
                .iter()
                .any(|&(mv, v)| v == Verdict::Legal && !resort(mv))
            {
                for (mv, verdict) in &mut out {
                    if *verdict == Verdict::Legal && resort(*mv) {
                        *verdict = Verdict::LastResort;
                    }
                }
            }
        }
        out
    }

    /// The verdicts on the moves from the house `offset` places from the
    /// mover's left, one a way (before the single-seed rule, which compares
    /// houses). Each legal move that was played out to be judged leaves
    /// what it came to at the end of `played`. With `feed_by_house`, a way
    /// that does not feed is legal when the other way of the house feeds.
    #[inline(always)]
    fn judge_ways(
        &self,
        pos: &Position,
        side: Side,
        offset: usize,
        feeding: bool,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> [Option<(Move, Verdict)>; 2] {
        let house = self.rules.board.row_start(side) + offset;
        let mut ways = [None, None];
        let choosing = self
            .rules
            .sowing
            .choosing(pos, self.rules.board.houses_per_side());
        for (slot, (_, chosen)) in ways
            .iter_mut()
            .zip(crate::rules::Sowing::ways_from(choosing, offset))
        {
            let mv = self
                .rules
                .board
                .layout()
                .move_at(side, offset)
                .sowing(chosen);
            *slot = Some((mv, self.judge_played(pos, mv, house, feeding, played)));
        }
        if self.rules.sowing.reverse_from != 0
            && ways[1].is_none()
            && self.rules.offers_reversal(pos, house, pos.at(house))
        {
            // The first lap may go the other way too (`[sowing]
            // reverse_from`), against the board's counter-clockwise way.
            let mv = self
                .rules
                .board
                .layout()
                .move_at(side, offset)
                .sowing(Some(Direction::Clockwise));
            ways[1] = Some((mv, self.judge_played(pos, mv, house, feeding, played)));
        }
        if feeding
            && self.rules.playable.feed_by_house
            && ways.iter().flatten().any(|&(_, v)| v == Verdict::Legal)
        {
            for (mv, verdict) in ways.iter_mut().flatten() {
                if *verdict == Verdict::DoesNotFeed {
                    *verdict = self.judge_played(pos, *mv, house, false, played);
                }
            }
        }
        ways
    }

    /// The legal moves, and for a variant that must play its moves out to
    /// judge them (relays, captures while sowing, a forbidden grand slam),
    /// what each legal move came to: `(offset, position after, effect)`.
    /// Playing a legal move is then a lookup ([`crate::Game`] does it).
    pub(crate) fn legal_moves_played(
        &self,
        pos: &Position,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> MoveList {
        played.clear();
        if self.drop_pending(pos) {
            return self.drops(pos);
        }
        if let Some(list) = self.markings_or_takes(pos) {
            return list;
        }
        if !self.rules.simulate_to_judge {
            return self.legal_moves(pos);
        }
        let feeding = self.rules.must_feed_now(pos);
        let list = self.legal_moves_judged(pos, feeding, played);
        if list.is_empty() && feeding && self.rules.feeding_falls_when_none_feeds(pos) {
            return self.legal_moves_judged(pos, false, played);
        }
        list
    }

    /// The legal moves, judged with or without the feeding obligation, and
    /// what each came to ([`Rules::legal_moves_played`]).
    fn legal_moves_judged(
        &self,
        pos: &Position,
        feeding: bool,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> MoveList {
        played.clear();
        let side = pos.to_move();
        let mut list = MoveList::on(self.rules.board.layout());
        let mut multi = 0u32;
        // The mover's houses found legal (for `last_resort`).
        let mut houses = 0u32;
        for &row in self.rows_played(pos) {
            let lo = self.rules.board.row_start(row);
            for offset in 0..self.rules.board.houses_per_side() {
                for (mv, verdict) in self
                    .judge_ways(pos, row, offset, feeding, played)
                    .into_iter()
                    .flatten()
                {
                    if verdict != Verdict::Legal {
                        continue;
                    }
                    list.insert(mv);
                    if row == side {
                        multi |= ((pos.at(lo + offset) >= 2) as u32) << offset;
                        houses |= 1 << offset;
                    }
                }
            }
        }
        // Ouri's single-seed rule, as `verdicts` applies it.
        if self.rules.playable.single_seed_rule && multi != 0 {
            list.retain_row(side, multi);
            houses &= multi;
        }
        // Houses played only when no other may be (judged after the
        // single-seed rule, as `verdicts` judges them).
        let last_resort = self.rules.playable.last_resort;
        if last_resort != 0 && houses & !last_resort != 0 {
            list.retain_row(side, !last_resort);
        }
        if self.rules.playable.first_lap_must_capture {
            self.keep_first_lap_captures(pos, &mut list);
        }
        if self.rules.choices_in_moves {
            return self.with_choices(pos, list, played);
        }
        list
    }

    /// Whether the rules judge each move on its own, by playing it out, and
    /// nothing compares one move with another (the single-seed rule, houses
    /// played as a last resort, choices inside a move, moves from the
    /// store), and no packed engine plays it: a random move is then drawn
    /// among the [candidates](Engine::candidates), each that proves illegal
    /// struck off, and a playout judges only the moves it draws.
    #[inline]
    pub(crate) fn judges_each_move_alone(&self) -> bool {
        self.judges_alone
    }

    /// The moves of the player to move that pass every test short of being
    /// played out, or `None` where the moves must be judged together (a
    /// feeding obligation in force, drops, shares, markings, owed takes).
    /// Each is judged with [`Engine::judge_candidate`]; the legal moves are
    /// those it finds legal. Only for rules that
    /// [judge each move alone](Engine::judges_each_move_alone).
    ///
    /// Under the single-seed rule the candidates are the houses of two or
    /// more seeds while there are any, else the houses of one: where every
    /// candidate of two or more proves illegal, the legal moves are the
    /// single seeds', which the caller then judges in full
    /// ([`Engine::candidates_fall_to_single_seeds`]).
    pub(crate) fn candidates(&self, pos: &Position) -> Option<MoveList> {
        debug_assert!(self.judges_each_move_alone());
        if !self.sows_unowed(pos) {
            return None;
        }
        let board = &self.rules.board;
        let mut list = MoveList::on(board.layout());
        let mut singles = MoveList::on(board.layout());
        let choosing = self.rules.sowing.choosing(pos, board.houses_per_side());
        let allow_may_refuse = self.rules.allow_may_refuse(pos);
        for &side in self.rows_played(pos) {
            let (more, single) = self.unrefused_houses(pos, side);
            if !allow_may_refuse {
                list.add_row(side, more, choosing);
                singles.add_row(side, single, choosing);
                continue;
            }
            let start = board.row_start(side);
            for (tier, mut houses) in [(&mut list, more), (&mut singles, single)] {
                while houses != 0 {
                    let offset = houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    for (_, way) in crate::rules::Sowing::ways_from(choosing, offset) {
                        let chosen = self.rules.sowing.way_of(pos, way);
                        if self
                            .rules
                            .allow_refuses(pos, start + offset, chosen)
                            .is_none()
                        {
                            tier.insert_house(side, offset, way);
                        }
                    }
                }
            }
        }
        Some(if list.is_empty() { singles } else { list })
    }

    /// Whether the player to move sows a house owing nothing first: no drop,
    /// share, feeding or choice of houses pending. Only then does a move
    /// have [candidates](Engine::candidates).
    #[inline]
    fn sows_unowed(&self, pos: &Position) -> bool {
        !(self.drop_pending(pos)
            || self.rules.share_pending(pos)
            || self.rules.must_feed_now(pos)
            || self.markings_or_takes(pos).is_some())
    }

    /// The houses of `side`'s row that every test of [`Engine::judge_unplayed`]
    /// short of the allow rule lets be played in `pos`, as masks over the
    /// row (bit `i`: the house `i` places into it): the houses of two seeds
    /// or more, and the houses of one, kept apart under the single-seed rule
    /// (else in the first mask). The tests read the board's masks, with no
    /// branch per house.
    #[inline(always)]
    fn unrefused_houses(&self, pos: &Position, side: Side) -> (u32, u32) {
        let board = &self.rules.board;
        let playable = &self.rules.playable;
        let n = board.houses_per_side();
        let start = board.row_start(side);
        let (stocked, single) = self.rules.stocked_houses(pos, side);
        let mut open = stocked;
        if playable.territory {
            open &= (pos.owned_houses(pos.to_move()) >> start) as u32;
        }
        if playable.halves {
            for offset in 0..n {
                if board.owner(start + offset) != pos.to_move() {
                    open &= !(1 << offset);
                }
            }
        }
        if playable.no_return
            && let Some(barred) = self.rules.barred_by_no_return(pos)
            && (start..start + n).contains(&barred)
        {
            open &= !(1 << (barred - start));
        }
        (open & !single, open & single)
    }

    /// [`Engine::candidates`] found house by house, each judged by
    /// [`Engine::judge_unplayed`]: what the masks must agree with.
    #[cfg(test)]
    pub(crate) fn candidates_house_by_house(&self, pos: &Position) -> Option<MoveList> {
        if !self.sows_unowed(pos) {
            return None;
        }
        let board = &self.rules.board;
        let mut list = MoveList::on(board.layout());
        let mut singles = MoveList::on(board.layout());
        let choosing = self.rules.sowing.choosing(pos, board.houses_per_side());
        for &side in self.rows_played(pos) {
            for offset in 0..board.houses_per_side() {
                let house = board.row_start(side) + offset;
                let tier = if self.rules.playable.single_seed_rule && pos.at(house) == 1 {
                    &mut singles
                } else {
                    &mut list
                };
                for (_, way) in crate::rules::Sowing::ways_from(choosing, offset) {
                    let chosen = self.rules.sowing.way_of(pos, way);
                    // A move legal as it stands is a candidate too: judging
                    // it plays it, and the play is kept.
                    if let None | Some(Verdict::Legal) =
                        self.judge_unplayed(pos, house, chosen, false)
                    {
                        tier.insert_house(side, offset, way);
                    }
                }
            }
        }
        Some(if list.is_empty() { singles } else { list })
    }

    /// Whether, when no [candidate](Engine::candidates) proves legal, some
    /// other move may still be: under the single-seed rule, the houses of
    /// one seed left out while houses of more were candidates.
    #[inline]
    pub(crate) fn candidates_fall_to_single_seeds(&self) -> bool {
        self.rules.playable.single_seed_rule
    }

    /// Whether `mv`, one of [`Engine::candidates`], is legal: it is played
    /// out, and a legal one leaves what it came to at the end of `played`.
    pub(crate) fn judge_candidate(
        &self,
        pos: &Position,
        mv: Move,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> bool {
        let house = self.rules.board.house_of(mv);
        let chosen = self.rules.sowing.way_of(pos, mv.direction());
        self.judge_by_playing(pos, mv, house, chosen, false, played) == Verdict::Legal
    }

    /// The moves of `list` made into one move for each choice the mover
    /// may make inside it: where to stop a relay (`[sowing]
    /// relay_may_stop_at_marked`), then which houses to take after a
    /// capture (`[capture] chosen_after`).
    #[inline(never)]
    fn with_choices(
        &self,
        pos: &Position,
        list: MoveList,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> MoveList {
        // One vector of moves, made and remade in place: the lists are
        // made on every ply.
        let mut moves = if self.rules.sowing.stop_at_marked {
            self.with_stops(pos, &list, played)
        } else if self.rules.sowing.reverse_from != 0 {
            self.with_reversals(pos, &list, played)
        } else if self.rules.captures.chosen_after > 0 {
            list.iter().collect()
        } else {
            return list;
        };
        if self.rules.captures.chosen_after > 0 {
            self.with_chosen(pos, &mut moves, played);
        }
        MoveList::listed(self.rules.board.layout(), moves)
    }

    /// The moves of `list`, each whose relay ends a lap in an occupied
    /// house the mover marked made into one move more for each such lap,
    /// stopping there (`[sowing] relay_may_stop_at_marked`): `B6/A1`, or
    /// `B6/A1:2` the second time a lap ends in A1. Each is played out, and
    /// `played` holds what each came to.
    fn with_stops(
        &self,
        pos: &Position,
        list: &MoveList,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> Vec<Move> {
        let board = &self.rules.board;
        let layout = board.layout();
        let mut moves = Vec::new();
        for mv in list.iter() {
            moves.push(mv);
            // Where the relay goes on every time, the laps that may stop.
            let mut offers = OfferedStops::default();
            let house = board.house_of(mv);
            self.apply_gated(
                &mut pos.clone(),
                house,
                mv.direction(),
                Choice::NONE,
                &mut offers,
            );
            for i in 0..offers.len() {
                let at = offers.get(i);
                let time = (0..=i).filter(|&j| offers.get(j) == at).count();
                let Some(stopping) = u8::try_from(time)
                    .ok()
                    .and_then(|time| mv.stopping(layout.label(at), time))
                else {
                    continue;
                };
                let mut after = pos.clone();
                let effect = self.apply_gated(
                    &mut after,
                    house,
                    mv.direction(),
                    self.choice_of(stopping),
                    &mut (),
                );
                moves.push(stopping);
                played.push((stopping, after, effect));
            }
        }
        moves
    }

    /// Where a move of `list` sown the board's way captures at the end of
    /// its first lap, those moves only, and every first lap sown the other
    /// way by choice beside them (`[play] first_lap_must_capture`).
    #[cold]
    #[inline(never)]
    fn keep_first_lap_captures(&self, pos: &Position, list: &mut MoveList) {
        let side = pos.to_move();
        let board = &self.rules.board;
        let mut capturing = 0u32;
        for mv in list.iter().filter(|mv| mv.direction().is_none()) {
            let mut first = FirstLapCaptures::default();
            self.apply_gated(
                &mut pos.clone(),
                board.house_of(mv),
                None,
                Choice::NONE,
                &mut first,
            );
            if first.captured {
                capturing |= 1 << board.offset_of(mv);
            }
        }
        if capturing != 0 {
            list.retain_bare(side, capturing);
        }
    }

    /// The moves of `list` (a first lap sown the other way among them,
    /// `B1<`), each made into one move more for each choice of the ways of
    /// its later laps that offer it (`[sowing] reverse_from`, `B6/><`).
    /// Each is played out, and `played` holds what each came to.
    fn with_reversals(
        &self,
        pos: &Position,
        list: &MoveList,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> Vec<Move> {
        // Room for a few choices beside the moves: one allocation a ply.
        let mut moves = Vec::with_capacity(list.len() + 8);
        for mv in list.iter() {
            moves.push(mv);
            let offers = self.laps_offering_reversal(pos, mv);
            self.with_later_laps_reversed(pos, mv, offers, 0, &mut moves, played);
        }
        moves
    }

    /// Adds to `moves` `mv` with each choice of the ways of its later laps
    /// from the `from`-th offer on (`offers` of them along `mv`'s own
    /// path), each legal one played out into `played`: the `k`-th lap sent
    /// the other way, then, along that new path, each later offer.
    fn with_later_laps_reversed(
        &self,
        pos: &Position,
        mv: Move,
        offers: u32,
        from: u32,
        moves: &mut Vec<Move>,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) {
        for k in from..offers.min(MAX_LAP_WAYS) {
            let reversed = mv.reversing(mv.reversed_laps() | 1 << k);
            if let Some(offers) = self.played_with_choices(pos, reversed, played) {
                moves.push(reversed);
                self.with_later_laps_reversed(pos, reversed, offers, k + 1, moves, played);
            }
        }
    }

    /// The laps after the first that offer to be sown the other way along
    /// `mv` (`[sowing] reverse_from`).
    fn laps_offering_reversal(&self, pos: &Position, mv: Move) -> u32 {
        let mut offers = ReversalsOffered(0);
        self.apply_gated(
            &mut pos.clone(),
            self.rules.board.house_of(mv),
            mv.direction(),
            self.choice_of(mv),
            &mut offers,
        );
        offers.0
    }

    /// Plays `mv`, with the choices it carries, to judge it as
    /// [`Engine::judge_by_playing`] does: a legal one leaves what it came
    /// to at the end of `played`, and gives the laps after the first along
    /// it that offered to be sown the other way; `None` for an illegal one.
    fn played_with_choices(
        &self,
        pos: &Position,
        mv: Move,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> Option<u32> {
        let mut offers = ReversalsOffered(0);
        let mut after = pos.clone();
        let effect = self.apply_gated(
            &mut after,
            self.rules.board.house_of(mv),
            mv.direction(),
            self.choice_of(mv),
            &mut offers,
        );
        if effect.endless
            || effect.relay_too_long
            || (effect.grand_slam && self.rules.grand_slam == GrandSlam::Forbidden)
        {
            return None;
        }
        played.push((mv, after, effect));
        Some(offers.0)
    }

    /// Whether the capture `mv` makes took the seeds of as many houses as
    /// `[capture] chosen_after_houses_taken` asks before houses are taken
    /// by choice: the move is played again, its captures counted.
    fn takes_enough(&self, pos: &Position, mv: Move) -> bool {
        let need = self.rules.captures.chosen_after_houses_taken as usize;
        if need <= 1 {
            return true;
        }
        let mut taken = CapturedHouses(0);
        self.apply_gated(
            &mut pos.clone(),
            self.rules.board.house_of(mv),
            mv.direction(),
            self.choice_of(mv),
            &mut taken,
        );
        taken.0.count_ones() as usize >= need
    }

    /// The moves of `moves`, each that captures at its last seed made into
    /// one move for each choice of the opponent's houses it then takes
    /// (`[capture] chosen_after`): as many as the rules say among those
    /// holding seeds after the capture, or every one where fewer do. Each
    /// choice is played out, and `played` holds what each came to.
    #[inline(never)]
    fn with_chosen(
        &self,
        pos: &Position,
        moves: &mut Vec<Move>,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) {
        let board = &self.rules.board;
        let layout = board.layout();
        let opponent = pos.to_move().opponent();
        // The moves before their choices, and what they came to, stay at
        // the front of `moves` and `played` until every move is made, then
        // go: the buffers are kept.
        let (unchosen, bases) = (moves.len(), played.len());
        for j in 0..unchosen {
            let mv = moves[j];
            let Some(i) = played[..bases]
                .iter()
                .position(|&(judged, _, _)| judged == mv)
            else {
                moves.push(mv);
                continue;
            };
            let effect = played[i].2;
            let held = self.choosable(&played[i].1, opponent);
            let k = (self.rules.captures.chosen_after as usize).min(held.count_ones() as usize);
            if !effect.last_seed_captured || k == 0 || !self.takes_enough(pos, mv) {
                moves.push(mv);
                let after = played[i].1.clone();
                played.push((mv, after, effect));
                continue;
            }
            for_each_choice(held, k, &mut |houses| {
                let (labels, n) = labels_of(layout, houses);
                let chosen = mv
                    .taking(&labels[..n])
                    .expect("distinct houses, few enough");
                let mut scratch = pos.clone();
                let effect = self.apply_gated(
                    &mut scratch,
                    board.house_of(mv),
                    mv.direction(),
                    Choice {
                        taken: houses,
                        ..self.choice_of(mv)
                    },
                    &mut (),
                );
                moves.push(chosen);
                played.push((chosen, scratch, effect));
            });
        }
        moves.drain(..unchosen);
        played.drain(..bases);
    }

    /// The verdict on the move `mv` from `house`. A legal move that had to
    /// be played out to be judged leaves what it came to at the end of
    /// `played`, where it was played: no position is copied but the one
    /// played on.
    #[inline(always)]
    fn judge_played(
        &self,
        pos: &Position,
        mv: Move,
        house: usize,
        feeding: bool,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> Verdict {
        let chosen = self.rules.sowing.way_of(pos, mv.direction());
        match self.judge_unplayed(pos, house, chosen, feeding) {
            Some(verdict) => verdict,
            None => self.judge_by_playing(pos, mv, house, chosen, feeding, played),
        }
    }

    /// The verdict on sowing `house` the way `chosen` that the position
    /// gives without playing the move out, or `None` where it must be
    /// played out to be judged.
    #[inline(always)]
    fn judge_unplayed(
        &self,
        pos: &Position,
        house: usize,
        chosen: Option<Direction>,
        feeding: bool,
    ) -> Option<Verdict> {
        let seeds = pos.at(house);
        if pos.child_houses() >> house & 1 != 0 {
            return Some(if pos.child_of(house).is_some() {
                Verdict::Child
            } else {
                Verdict::Ram
            });
        }
        if pos.is_blocked(house) {
            return Some(Verdict::Blocked);
        }
        if self.rules.playable.territory && pos.owner(house) != pos.to_move() {
            return Some(Verdict::NotOwned);
        }
        if self.rules.playable.halves && self.rules.board.owner(house) != pos.to_move() {
            return Some(Verdict::OtherHalf);
        }
        if seeds == 0 {
            return Some(Verdict::Empty);
        }
        if self.rules.share_pending(pos) {
            // A share, not a sowing: no other rule on houses applies.
            return Some(if seeds >= 2 {
                Verdict::Legal
            } else {
                Verdict::TooFewToShare
            });
        }
        let min = self.rules.min_seeds_at(house);
        if seeds < min {
            return Some(Verdict::TooFewSeeds { seeds, min });
        }
        if self.rules.playable.no_return && self.rules.returns(pos, house) {
            return Some(Verdict::NoReturn);
        }
        if let Some(refusal) = self.rules.allow_refuses(pos, house, chosen) {
            return Some(refusal);
        }
        // The count of houses to the opponent's row says whether a move
        // feeds only where a sowing drops a seed in every house it passes:
        // with houses passed over, seeds leaving play or an opening's seed
        // sent on (every loop but the plain one), the move is sown to know
        // (Urim).
        // Where the player need not feed, only an endless relay, a
        // forbidden grand slam or a choice inside the move needs playing out.
        let played_out = if feeding {
            self.rules.simulate_to_judge
                || self.rules.loop_kind != crate::rules::sowing::LoopKind::Plain
        } else {
            self.rules.simulate_unfed
        };
        if played_out {
            return None;
        }
        if feeding && !self.rules.reaches_opponent(pos, house, chosen) {
            return Some(Verdict::DoesNotFeed);
        }
        Some(Verdict::Legal)
    }

    /// The verdict on the move `mv` from `house`, played out: a legal one
    /// leaves what it came to at the end of `played`.
    #[inline(always)]
    fn judge_by_playing(
        &self,
        pos: &Position,
        mv: Move,
        house: usize,
        chosen: Option<Direction>,
        feeding: bool,
        played: &mut Vec<(Move, Position, MoveEffect)>,
    ) -> Verdict {
        played.push((mv, pos.clone(), MoveEffect::default()));
        let (_, after, effect) = played.last_mut().expect("pushed just now");
        *effect = self.apply(after, house, chosen, &mut ());
        let verdict = if effect.endless {
            Verdict::Endless
        } else if effect.relay_too_long {
            Verdict::RelayTooLong
        } else if effect.grand_slam && self.rules.grand_slam == GrandSlam::Forbidden {
            Verdict::GrandSlamForbidden
        } else if feeding && !self.rules.fed(after, pos.to_move().opponent(), effect) {
            Verdict::DoesNotFeed
        } else {
            Verdict::Legal
        };
        if verdict != Verdict::Legal {
            played.pop();
        }
        verdict
    }

    /// Checks that `mv` is legal for the player to move.
    pub fn check_move(&self, pos: &Position, mv: Move) -> Result<(), IllegalMove> {
        if self.legal_moves(pos).contains(mv) {
            Ok(())
        } else {
            Err(self.refusal(pos, mv))
        }
    }

    /// Why `mv`, which is not among the legal moves of `pos`, is refused.
    pub(crate) fn refusal(&self, pos: &Position, mv: Move) -> IllegalMove {
        if self.rules.choices_in_moves
            && (mv.is_mark()
                || self.marking_pending(pos)
                || mv.takes_only()
                || pos.get(OWED) > 0
                || self.opening_taking(pos))
            && let Some(example) = self.legal_moves(pos).iter().next()
        {
            return IllegalMove::WrongChoice { mv, example };
        }
        if mv.store_seeds().is_some() {
            return if self.rules.playable.from_store {
                IllegalMove::StoreHoldsTooFew {
                    mv,
                    held: pos.at(self.rules.board.store(pos.to_move())),
                }
            } else {
                IllegalMove::NoStoreMoves { mv }
            };
        }
        let houses_per_side = self.rules.board.houses_per_side();
        if self.rules.board.offset_of(mv) >= houses_per_side {
            return IllegalMove::NoSuchHouse {
                mv,
                layout: self.rules.board.layout(),
            };
        }
        let placing = self.rules.playable.places_from_hand;
        match (self.drop_pending(pos), mv.is_drop()) {
            (true, false) if placing => return IllegalMove::PlacementNeeded { mv },
            (true, false) => return IllegalMove::DropNeeded { mv },
            (false, true) if placing => return IllegalMove::NothingToPlace { mv },
            (false, true) => return IllegalMove::NothingToDrop { mv },
            (true, true) if placing => return IllegalMove::PlacementOnOpponentSide { mv },
            (true, true) => return IllegalMove::DropOnOwnSide { mv },
            (false, false) => {}
        }
        if mv.side() != pos.to_move()
            && !self.rules.playable.either_row
            && !self.rules.playable.territory
            && !self.rules.playable.halves
        {
            return IllegalMove::NotYourHouse {
                mv,
                owner: mv.side(),
                to_move: pos.to_move(),
            };
        }
        let choosing = self.rules.sowing.choosing(pos, houses_per_side);
        match (
            choosing >> self.rules.board.offset_of(mv) & 1 != 0,
            mv.direction(),
        ) {
            (true, None) => return IllegalMove::DirectionNeeded { mv },
            (false, Some(_)) => return IllegalMove::DirectionFixed { mv },
            _ => {}
        }
        if self.rules.choices_in_moves
            && let Some(example) = self.legal_moves(pos).iter().find(|m| m.base() == mv.base())
        {
            // The house may be played: the houses it takes are wrong.
            return IllegalMove::WrongChoice { mv, example };
        }
        // The verdicts and the move set agree (a property test checks it).
        let verdict = self
            .verdicts(pos)
            .into_iter()
            .find(|&(judged, _)| judged == mv.base())
            .map_or(Verdict::Legal, |(_, verdict)| verdict);
        debug_assert_ne!(verdict, Verdict::Legal, "{mv} is legal at {pos}");
        IllegalMove::Excluded { mv, verdict }
    }

    /// Plays `mv` after checking it: sows, captures and hands the turn over
    /// (or keeps it, for an extra turn). Game endings and passes are the
    /// business of [`crate::Game`].
    pub fn play<T: Trace>(
        &self,
        pos: &mut Position,
        mv: Move,
        trace: &mut T,
    ) -> Result<MoveEffect, IllegalMove> {
        self.check_move(pos, mv)?;
        Ok(self.apply_move(pos, mv, trace))
    }

    /// Plays the legal move `mv` without checking it: a house, or seeds
    /// from the mover's store.
    #[inline]
    pub(crate) fn apply_move<T: Trace>(
        &self,
        pos: &mut Position,
        mv: Move,
        trace: &mut T,
    ) -> MoveEffect {
        if !mv.is_rare() {
            return self.apply(pos, self.rules.board.house_of(mv), mv.direction(), trace);
        }
        self.apply_rare_move(pos, mv, trace)
    }

    /// A store move, a marking, or a move carrying choices made inside it:
    /// out of line, so that a house's move stays small where it is inlined.
    #[cold]
    #[inline(never)]
    fn apply_rare_move<T: Trace>(&self, pos: &mut Position, mv: Move, trace: &mut T) -> MoveEffect {
        match mv.store_seeds() {
            Some(seeds) => self.apply_from_store(pos, seeds, trace),
            None if mv.is_mark() => self.mark(pos, self.rules.board.house_of(mv), trace),
            None if mv.takes_only() => self.take_owed(pos, mv, trace),
            None => self.apply_gated(
                pos,
                self.rules.board.house_of(mv),
                mv.direction(),
                self.choice_of(mv),
                trace,
            ),
        }
    }

    /// Marks `house` for its owner, who moves, and hands the turn over
    /// (`[play] marked = { chosen = N }`).
    fn mark<T: Trace>(&self, pos: &mut Position, house: usize, trace: &mut T) -> MoveEffect {
        pos.set_marked(house);
        trace.record(Event::Mark { house });
        pos.set_to_move(pos.to_move().opponent());
        MoveEffect {
            last: house,
            ..MoveEffect::default()
        }
    }

    /// The houses of `owner`'s that may be taken by choice, as a mask (`[capture]
    /// chosen_after`): those holding seeds, less the marked ones where the
    /// rules spare them (`chosen_spares_marked`).
    fn choosable(&self, pos: &Position, owner: Side) -> u64 {
        let board = &self.rules.board;
        let lo = board.row_start(owner);
        let spared = if self.rules.captures.chosen_spares_marked {
            pos.marked_houses()
        } else {
            0
        };
        (lo..lo + board.houses_per_side())
            .filter(|&house| pos.at(house) > 0 && spared >> house & 1 == 0)
            .fold(0, |mask, house| mask | 1 << house)
    }

    /// The moves of a player who takes `count` of the opponent's houses
    /// instead of sowing (owed from a capture, `[capture]
    /// chosen_left_to_opponent`, or an opening move, `[play]
    /// opening_takes`): one for each choice of as many of the opponent's
    /// houses (every one, where fewer may be taken); none for a player
    /// without seeds of their own.
    fn takes(&self, pos: &Position, count: u8) -> MoveList {
        let layout = self.rules.board.layout();
        let held = self.choosable(pos, pos.to_move().opponent());
        let k = (count as usize).min(held.count_ones() as usize);
        let mut moves = Vec::new();
        // A player without seeds has no move, owed takes or not (L3).
        if k > 0 && pos.seeds_on_side(pos.to_move()) > 0 {
            for_each_choice(held, k, &mut |houses| {
                let (labels, n) = labels_of(layout, houses);
                moves.extend(Move::taking_only(&labels[..n]));
            });
        }
        MoveList::listed(layout, moves)
    }

    /// Whether the player to move takes houses as an opening move (`[play]
    /// opening_takes`).
    #[inline]
    fn opening_taking(&self, pos: &Position) -> bool {
        self.rules.playable.opening_takes > 0 && pos.get(OPENING) > 0
    }

    /// Takes the houses `mv` names, sowing nothing, and hands the turn over:
    /// an opening move (`[play] opening_takes`), or takes owed, with those
    /// still owed, if any, left to the opponent (`[capture]
    /// chosen_left_to_opponent`).
    fn take_owed<T: Trace>(&self, pos: &mut Position, mv: Move, trace: &mut T) -> MoveEffect {
        let me = pos.to_move();
        let taken = self.taken_houses(mv);
        let opening = self.opening_taking(pos);
        let captured = self
            .rules
            .captures
            .take_chosen(&self.rules.board, pos, me, taken, trace);
        if opening {
            pos.set(OPENING, pos.get(OPENING) - 1);
        } else {
            let owed = pos.get(OWED);
            pos.set(OWED, owed.saturating_sub(taken.count_ones() as u8));
        }
        pos.set_to_move(me.opponent());
        MoveEffect {
            captured,
            last: self.rules.board.house_of(mv),
            ..MoveEffect::default()
        }
    }

    /// The moves of a player who marks a house before the first sowing, or
    /// takes houses as an opening move or owed from a capture, instead of
    /// sowing; `None` for a player who sows.
    #[inline]
    fn markings_or_takes(&self, pos: &Position) -> Option<MoveList> {
        if !self.rules.choices_in_moves {
            None
        } else if self.marking_pending(pos) {
            Some(self.markings(pos))
        } else if self.opening_taking(pos) {
            Some(self.takes(pos, self.rules.playable.opening_takes))
        } else if pos.get(OWED) > 0 {
            Some(self.takes(pos, pos.get(OWED)))
        } else {
            None
        }
    }

    /// Whether the player to move still marks a house before the first
    /// sowing (`[play] marked = { chosen = N }`).
    pub(crate) fn marking_pending(&self, pos: &Position) -> bool {
        let side = pos.to_move();
        let lo = self.rules.board.row_start(side);
        let own = ((1u64 << self.rules.board.houses_per_side()) - 1) << lo;
        ((pos.marked_houses() & own).count_ones() as u8) < self.rules.playable.marks_chosen
    }

    /// The markings open to the player to move: each house of their back
    /// row not yet marked.
    fn markings(&self, pos: &Position) -> MoveList {
        let board = &self.rules.board;
        let layout = board.layout();
        let side = pos.to_move();
        let lo = board.row_start(side);
        let moves = (layout.front()..board.houses_per_side())
            .map(|offset| lo + offset)
            .filter(|&house| pos.marked_houses() >> house & 1 == 0)
            .map(|house| layout.move_of(house).marked())
            .collect();
        MoveList::listed(layout, moves)
    }

    /// The choices `mv` makes inside it, as the sowing loop reads them.
    fn choice_of(&self, mv: Move) -> Choice {
        let layout = self.rules.board.layout();
        Choice {
            taken: self.taken_houses(mv),
            laps: LapChoices {
                stop: mv.stop().map_or(0, |(at, time)| {
                    let house = at.side().index() * layout.houses_per_side() + layout.offset(at);
                    ((house as u16 + 1) << 8) | time as u16
                }),
                reversed: mv.reversed_laps(),
            },
        }
    }

    /// The houses a move takes by the mover's choice after its capture, as
    /// a mask of houses (`[capture] chosen_after`).
    fn taken_houses(&self, mv: Move) -> u64 {
        let layout = self.rules.board.layout();
        mv.taken()
            .map(|label| label.side().index() * layout.houses_per_side() + layout.offset(label))
            .filter(|&house| house < self.rules.board.houses())
            .fold(0, |mask, house| mask | 1 << house)
    }

    /// Sows `seeds` from the mover's store (`[play] sow_from_store`), then
    /// the captures and the turn as for any move.
    #[inline(never)]
    fn apply_from_store<T: Trace>(
        &self,
        pos: &mut Position,
        seeds: u8,
        trace: &mut T,
    ) -> MoveEffect {
        let store = self.rules.board.store(pos.to_move());
        // The plain loop is the only one compiled with store moves.
        self.apply_with::<false, false, true, T>(pos, store, None, seeds, Choice::NONE, trace)
    }

    /// Plays the house `from` without checking that it is legal: the rule
    /// phases in order, through the instance of the sowing loop the rules
    /// compiled to.
    #[inline]
    pub(crate) fn apply<T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        trace: &mut T,
    ) -> MoveEffect {
        match self.rules.loop_kind {
            LoopKind::Plain if !self.rules.capture_gates => {
                self.apply_with::<false, false, false, T>(pos, from, chosen, 0, Choice::NONE, trace)
            }
            _ => self.apply_gated(pos, from, chosen, Choice::NONE, trace),
        }
    }

    /// The instances of the sowing loop with relays, captures while sowing
    /// or the gated rules, out of line: the plain path (Oware, Kalah) keeps
    /// a small function of its own. `taken` is the mask of the houses the
    /// mover takes by choice after a capture (`[capture] chosen_after`).
    #[inline(never)]
    fn apply_gated<T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        choice: Choice,
        trace: &mut T,
    ) -> MoveEffect {
        if self.drop_pending(pos) {
            return self.drop_from_store(pos, from, trace);
        }
        if self.rules.share_pending(pos) {
            return self.share_one(pos, from, trace);
        }
        match self.rules.loop_kind {
            LoopKind::Plain => {
                self.apply_with::<false, false, true, T>(pos, from, chosen, 0, choice, trace)
            }
            LoopKind::Relay => {
                self.apply_with::<true, false, true, T>(pos, from, chosen, 0, choice, trace)
            }
            LoopKind::WhileSowing => {
                self.apply_with::<false, true, true, T>(pos, from, chosen, 0, choice, trace)
            }
            LoopKind::RelayWhileSowing => {
                self.apply_with::<true, true, true, T>(pos, from, chosen, 0, choice, trace)
            }
        }
    }

    /// A move through one instance of the sowing loop; `from_store` above
    /// 0 sows that many seeds from the mover's store (`from`) instead of a
    /// house; `taken`, the houses taken by choice after a capture.
    #[inline(always)]
    fn apply_with<const RELAY: bool, const WHILE_SOWING: bool, const GATES: bool, T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        from_store: u8,
        choice: Choice,
        trace: &mut T,
    ) -> MoveEffect {
        let me = pos.to_move();
        if WHILE_SOWING && !self.rules.grand_slam.keeps_capture() {
            // A slam can build up from captures made along the way, and all
            // of them must be undone: play on a copy first.
            let mut trial = pos.clone();
            let effect = self.sow_and_capture::<RELAY, WHILE_SOWING, GATES, ()>(
                &mut trial,
                from,
                chosen,
                from_store,
                choice,
                true,
                &mut (),
            );
            if effect.grand_slam {
                trace.record(Event::GrandSlam {
                    outcome: SlamOutcome::NothingCaptured,
                });
                let mut effect = self.sow_and_capture::<RELAY, WHILE_SOWING, GATES, T>(
                    pos, from, chosen, from_store, choice, false, trace,
                );
                effect.grand_slam = true;
                return self.end_turn::<GATES, T>(pos, me, effect, trace);
            }
        }
        let effect = self.sow_and_capture::<RELAY, WHILE_SOWING, GATES, T>(
            pos, from, chosen, from_store, choice, true, trace,
        );
        if GATES
            && self.rules.capture_gates
            && effect.captured > 0
            && let Some(children) = &self.rules.children
        {
            children.store_captured(&self.rules.board, pos, me, effect.captured);
        }
        self.end_turn::<GATES, T>(pos, me, effect, trace)
    }

    /// Sowing, then the capture at the last seed, with the grand slam judged
    /// before anything is taken.
    // The move's inputs passed one by one, as `apply_with` has them (the
    // houses taken by choice made them eight).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn sow_and_capture<const RELAY: bool, const WHILE_SOWING: bool, const GATES: bool, T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        from_store: u8,
        choice: Choice,
        captures: bool,
        trace: &mut T,
    ) -> MoveEffect {
        let me = pos.to_move();
        // The first moves of a game may capture nothing (`quiet_moves`).
        // Only the plain loop is specialised without the gates; the others
        // read the flag.
        let gated = GATES && self.rules.capture_gates;
        let captures = captures
            && (!gated
                || ((self.rules.captures.quiet_moves == 0 || pos.get(QUIET) == 0)
                    && pos.get(WAITING) != Some(me)));
        let (before, opponent_row, chosen) = if gated {
            self.before_sowing(pos, me, from, chosen, trace)
        } else {
            ((0, 0), None, chosen)
        };
        let mut sown = self.sow_phase::<RELAY, WHILE_SOWING, T>(
            pos, from, chosen, from_store, choice, gated, captures, trace,
        );
        if gated && self.rules.playable.no_return {
            pos.set(
                CROSSED,
                self.rules.crossing(from, sown.first_lift, sown.last),
            );
        }
        sown.captured += before.0;
        sown.captured_from_opponent += before.1;
        let mut effect = MoveEffect {
            captured: sown.captured,
            fed: sown.fed,
            last: sown.last,
            endless: sown.end == SownEnd::Endless,
            relay_too_long: sown.end == SownEnd::TooLong,
            ..MoveEffect::default()
        };
        if sown.end != SownEnd::Done {
            return effect;
        }
        let board = &self.rules.board;
        if let Some(before) = opponent_row
            && board.is_house_of(sown.last, me)
            && pos.at(sown.last) == 1
            && pos.row(me.opponent()) == &before[..pos.houses_per_side()]
        {
            // Alone in the mover's row without sowing across: no capture,
            // and the mover moves again.
            effect.moves_again = true;
            return effect;
        }
        // Most variants have none of the gates on captures: one flag says so.
        let may_capture = captures
            && (!gated
                || (self.rules.captures.single_seed_captures || sown.first_lift != 1)
                    && (self.rules.captures.quiet_moves == 0 || pos.get(QUIET) == 0));
        let mut may_capture = may_capture;
        if gated
            && may_capture
            && let Some(children) = &self.rules.children
        {
            match children.at_last_seed(board, pos, me, &sown, trace) {
                LastSeed::Captures(may) => may_capture = may,
                made => return self.made_at_last_seed(made, pos, me, effect, trace),
            }
        }
        self.capture_at_last_seed(
            pos,
            me,
            &sown,
            may_capture,
            choice,
            gated,
            &mut effect,
            trace,
        );
        self.after_capture(pos, me, &sown, may_capture, gated, &mut effect, trace);
        effect
    }

    /// What the gated rules do before the seeds are sown: a capture before
    /// sowing (`[capture] before_sowing`), the house marked as played, the
    /// opponent's row kept where a cross capture needs it sown into, and
    /// the way the move sows (a way fixed by a first move, an opening sown
    /// the board's way). Returns the seeds taken before sowing (all, and
    /// the opponent's), the opponent's row as it was, and the way.
    #[allow(clippy::type_complexity)]
    #[inline(always)]
    fn before_sowing<T: Trace>(
        &self,
        pos: &mut Position,
        me: Side,
        from: usize,
        chosen: Option<Direction>,
        trace: &mut T,
    ) -> (
        (u8, u32),
        Option<[u8; MAX_HOUSES_PER_SIDE]>,
        Option<Direction>,
    ) {
        let rules = &self.rules;
        let before = rules
            .captures
            .take_before_sowing(&rules.board, pos, me, from, trace);
        if rules.playable.allow == crate::rules::feeding::Allow::EachHouseOnceFirst
            || rules.captures.from_played_only
        {
            pos.set_played(from);
        }
        // The opponent's row before the move, where a cross capture needs
        // the move to have sown into it: copied on the stack, as every move
        // of such a variant copies it.
        let opponent_row = rules.captures.cross_needs_opponent_sown.then(|| {
            let mut row = [0; MAX_HOUSES_PER_SIDE];
            let now = pos.row(me.opponent());
            row[..now.len()].copy_from_slice(now);
            row
        });
        // The game's first move may choose the ways for the rest of it.
        let chosen = match rules.sowing.turning {
            crate::rules::sowing::Turning::FirstMove => {
                if pos.get(WAYS).is_none()
                    && let Some(way) = chosen
                {
                    pos.set(
                        WAYS,
                        Some(match me {
                            Side::South => way,
                            Side::North => way.reversed(),
                        }),
                    );
                }
                rules.sowing.way_of(pos, chosen)
            }
            crate::rules::sowing::Turning::OwnSecondMove => {
                // Each player's first move leads to their choosing move,
                // which fixes their way for the rest of the game.
                let ways = pos.get(OWN_WAYS);
                let way = rules.sowing.way_of(pos, chosen);
                pos.set(OWN_WAYS, ways.with(me, ways.of(me).after(way)));
                way
            }
            crate::rules::sowing::Turning::OwnFirstMove => {
                // Each player's first move chooses the way they sow for the
                // rest of the game.
                let ways = pos.get(OWN_WAYS);
                let way = rules.sowing.way_of(pos, chosen);
                if let Some(way) = way
                    && !matches!(ways.of(me), OwnWay::Chosen(_))
                {
                    pos.set(OWN_WAYS, ways.with(me, OwnWay::Chosen(way)));
                }
                way
            }
            _ => chosen,
        };
        // An opening move may sow the board's way, whatever was chosen.
        let chosen = if rules.sowing.opening == crate::rules::sowing::OpeningSowing::BoardDirection
            && pos.get(OPENING) > 0
        {
            None
        } else {
            chosen
        };
        (before, opponent_row, chosen)
    }

    /// The sowing phase. The sowings that are not along a ring, or only at
    /// the end of a game, are kept apart from the one sowing loop, behind
    /// the gates.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn sow_phase<const RELAY: bool, const WHILE_SOWING: bool, T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        chosen: Option<Direction>,
        from_store: u8,
        choice: Choice,
        gated: bool,
        captures: bool,
        trace: &mut T,
    ) -> Sown {
        if gated && from_store > 0 {
            // Seeds sown from the store.
            self.rules.sow_from_store(pos, from_store, trace)
        } else if gated && pos.get(BEAR_OFF) {
            self.rules.sow_bearing_off(pos, from, chosen, trace)
        } else if gated && self.rules.sowing.diffuse {
            // Seeds spread round the house played.
            self.rules.sow_diffusing(pos, from, trace)
        } else if gated
            && self.rules.sowing.opening == crate::rules::sowing::OpeningSowing::PlusOneMinusOne
            && pos.get(OPENING) > 0
        {
            self.rules.sow_plus_one_minus_one(pos, from, trace)
        } else {
            // Everything else, an opening move sown to the opponent's row
            // and blocked houses too.
            self.rules.sow::<RELAY, WHILE_SOWING, T>(
                pos,
                from,
                chosen,
                captures,
                choice.laps,
                trace,
            )
        }
    }

    /// A child made or a weg's seeds taken at the last seed, instead of any
    /// capture; the last few seeds still go to the mover.
    #[inline(never)]
    fn made_at_last_seed<T: Trace>(
        &self,
        made: LastSeed,
        pos: &mut Position,
        me: Side,
        mut effect: MoveEffect,
        trace: &mut T,
    ) -> MoveEffect {
        match made {
            LastSeed::WegTaken(seeds) => {
                effect.captured += seeds;
                effect.last_seed_captured = true;
            }
            _ => effect.child_made = true,
        }
        if self.rules.captures.last_seeds_to_mover > 0 {
            effect.captured +=
                self.rules
                    .captures
                    .take_last_seeds(&self.rules.board, pos, me, trace);
        }
        effect
    }

    /// The capture at the last seed, the grand slam judged before anything
    /// is taken, then the sweeps and the houses taken by choice.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn capture_at_last_seed<T: Trace>(
        &self,
        pos: &mut Position,
        me: Side,
        sown: &Sown,
        may_capture: bool,
        choice: Choice,
        gated: bool,
        effect: &mut MoveEffect,
        trace: &mut T,
    ) {
        let board = &self.rules.board;
        // Laps whose captures are sown on from elsewhere capture only as
        // the relay would go on: a sowing's end captures nothing.
        let plan = if may_capture
            && self.rules.captures.sown_from == crate::rules::capture::SownFrom::Last
        {
            let reverse = sown.reverse
                && self.rules.captures.looks_along == crate::rules::capture::LooksAlong::Move;
            self.rules.captures.plan(board, pos, me, sown.last, reverse)
        } else {
            None
        };
        let from_opponent = sown.captured_from_opponent + plan.map_or(0, |p| p.from_opponent);
        if from_opponent > 0 {
            let left = pos.seeds_on_side(me.opponent()) - plan.map_or(0, |p| p.from_opponent);
            effect.grand_slam = grand_slam::is_grand_slam(from_opponent, left);
        }
        if let Some(plan) = plan {
            if effect.grand_slam && !self.rules.grand_slam.keeps_capture() {
                trace.record(Event::GrandSlam {
                    outcome: SlamOutcome::NothingCaptured,
                });
            } else {
                let keep =
                    if effect.grand_slam && self.rules.grand_slam == GrandSlam::LeaveRightmost {
                        grand_slam::rightmost_kept(board, pos, me)
                    } else {
                        None
                    };
                if let Some((kept, _)) = keep {
                    // MancalaGames undoes the capture and takes instead
                    // every seed of the opponent's row but the house kept,
                    // whatever the capture took elsewhere.
                    effect.captured += grand_slam::take_row_but(board, pos, me, kept, trace);
                } else {
                    self.rules.captures.take(
                        board,
                        pos,
                        me,
                        sown.last,
                        sown.lap_start,
                        plan,
                        trace,
                    );
                    effect.captured += plan.take;
                }
                effect.last_seed_captured = true;
                if !self.rules.captures.sweep_after_capture.is_empty() {
                    effect.captured += self
                        .rules
                        .captures
                        .sweep_after_capture(board, pos, me, trace);
                }
                if gated && choice.taken != 0 {
                    effect.captured +=
                        self.rules
                            .captures
                            .take_chosen(board, pos, me, choice.taken, trace);
                }
                if gated && self.rules.captures.chosen_left_to_opponent {
                    // What the choice could not take, the opponent takes.
                    let took = choice.taken.count_ones() as u8;
                    pos.set(OWED, self.rules.captures.chosen_after.saturating_sub(took));
                }
                if keep.is_some() {
                    trace.record(Event::GrandSlam {
                        outcome: SlamOutcome::LeftRightmost,
                    });
                }
            }
        }
    }

    /// What follows the capture: the opponent left without seeds taking
    /// the rest, the last few seeds to the mover, children, bearing off,
    /// and a crossing freed by a capture.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn after_capture<T: Trace>(
        &self,
        pos: &mut Position,
        me: Side,
        sown: &Sown,
        may_capture: bool,
        gated: bool,
        effect: &mut MoveEffect,
        trace: &mut T,
    ) {
        let board = &self.rules.board;
        if effect.grand_slam && self.rules.grand_slam == GrandSlam::OpponentTakesRest {
            // The opponent, left without seeds, takes the capturer's.
            let seeds = pos.collect_row(me, me.opponent());
            trace.record(Event::GrandSlam {
                outcome: SlamOutcome::OpponentTookRest,
            });
            trace.record(Event::Collect {
                side: me.opponent(),
                seeds,
            });
        }
        if gated && may_capture && self.rules.captures.last_seeds_to_mover > 0 {
            // The last few seeds go to the mover.
            effect.captured += self.rules.captures.take_last_seeds(board, pos, me, trace);
        }
        if gated && let Some(children) = &self.rules.children {
            children.after_capture(board, pos, sown.last, trace);
        }
        if gated
            && self.rules.sowing.bear_off
            && !pos.get(BEAR_OFF)
            && pos.houses().iter().all(|&seeds| seeds <= 1)
        {
            pos.set(BEAR_OFF, true);
            trace.record(Event::BearingOff);
        }
        if gated && effect.captured > 0 && board.capture_frees_crossing() {
            // A seed that crossed and captured may go straight back.
            pos.set(CROSSED, None);
        }
    }

    /// The turn phase: who moves next, and what the position remembers.
    #[inline(always)]
    fn end_turn<const GATES: bool, T: Trace>(
        &self,
        pos: &mut Position,
        me: Side,
        mut effect: MoveEffect,
        trace: &mut T,
    ) -> MoveEffect {
        if effect.captured > 0 && self.rules.tracks_last_capturer {
            pos.set(LAST, Some(me));
        }
        let extra_feed = effect.grand_slam
            && effect.captured > 0
            && self.rules.grand_slam == GrandSlam::CaptureThenFeed;
        pos.set(FEED, extra_feed);
        if extra_feed {
            trace.record(Event::GrandSlam {
                outcome: SlamOutcome::CaptureThenFeed,
            });
            trace.record(Event::ExtraTurn { side: me });
            effect.extra_turn = true;
            return effect;
        }
        if effect.grand_slam
            && effect.captured > 0
            && !matches!(
                self.rules.grand_slam,
                GrandSlam::LeaveRightmost | GrandSlam::OpponentTakesRest
            )
        {
            trace.record(Event::GrandSlam {
                outcome: SlamOutcome::Captured,
            });
        }
        if GATES
            && self.rules.capture_gates
            && pos.get(WAITING).is_some()
            && (effect.captured > 0 || effect.child_made)
        {
            // The first capture or child ends the wait (`starter_waits`).
            pos.set(WAITING, None);
        }
        if GATES && self.rules.capture_gates && pos.get(OPENING) > 0 {
            // One of the opening moves is played (an extra turn counts).
            pos.set(OPENING, pos.get(OPENING) - 1);
        }
        // An extra turn after a capture is a rare rule, behind the gates.
        let again = if GATES && self.rules.capture_gates {
            match self.rules.turn.extra_turn {
                _ if effect.moves_again => true,
                ExtraTurn::AfterCapture => effect.last_seed_captured,
                ExtraTurn::AfterCaptureOnce => {
                    // One extra turn, then the turn passes, whatever it captures.
                    let again = effect.last_seed_captured && !pos.get(AGAIN);
                    pos.set(AGAIN, again);
                    again
                }
                // The capturer drops the seeds next.
                _ if self.rules.captures.given_away => effect.captured > 0,
                _ => self
                    .rules
                    .turn
                    .moves_again(&self.rules.board, me, effect.last),
            }
        } else {
            self.rules
                .turn
                .moves_again(&self.rules.board, me, effect.last)
        };
        if again {
            trace.record(Event::ExtraTurn { side: me });
            effect.extra_turn = true;
        } else {
            pos.set_to_move(me.opponent());
            if GATES
                && self.rules.capture_gates
                && self.rules.captures.quiet_moves > 0
                && pos.get(QUIET) > 0
            {
                // One of the first moves, which capture nothing, is played.
                pos.set(QUIET, pos.get(QUIET) - 1);
            }
        }
        if GATES && self.rules.capture_gates && self.rules.captures.facing_take_at_turn_start {
            // The turn starts with the takes across of the player to move.
            crate::rules::capture::Captures::take_facing_at_turn_start(
                &self.rules.board,
                pos,
                pos.to_move(),
                self.rules.captures.facing_take_stops_at_empty_back_row,
                trace,
            );
        }
        effect
    }
}

/// The houses where a relay offered to stop ([`Event::StopOffered`]), in
/// order. Nothing else is kept, so the sowing keeps its fast path (laps
/// sown at once), which offers the same stops. The first few are kept on
/// the stack, as the moves are listed on every ply; a relay seldom offers
/// more.
#[derive(Default)]
struct OfferedStops {
    first: [u8; 16],
    len: usize,
    more: Vec<usize>,
}

impl OfferedStops {
    fn len(&self) -> usize {
        self.len
    }

    fn get(&self, i: usize) -> usize {
        match self.first.get(i) {
            Some(&house) => house as usize,
            None => self.more[i - self.first.len()],
        }
    }
}

impl Trace for OfferedStops {
    const RECORDS: bool = false;

    #[inline(always)]
    fn record(&mut self, event: Event) {
        if let Event::StopOffered { house } = event {
            match self.first.get_mut(self.len) {
                // A house's index fits a byte: a board has fewer than 64.
                Some(slot) => *slot = house as u8,
                None => self.more.push(house),
            }
            self.len += 1;
        }
    }
}

/// Whether a move captured at the end of its first lap: a capture
/// ([`Event::Capture`] of some seeds) before any relay lift.
#[derive(Default)]
struct FirstLapCaptures {
    lifted_again: bool,
    captured: bool,
}

impl Trace for FirstLapCaptures {
    const RECORDS: bool = false;

    #[inline(always)]
    fn record(&mut self, event: Event) {
        match event {
            Event::Relay { .. } => self.lifted_again = true,
            Event::Capture { seeds, .. } if seeds > 0 && !self.lifted_again => {
                self.captured = true;
            }
            _ => {}
        }
    }
}

/// The laps of a move that offered to be sown the other way
/// ([`Event::ReverseOffered`]), counted; nothing else is kept, as
/// [`OfferedStops`].
struct ReversalsOffered(u32);

impl Trace for ReversalsOffered {
    const RECORDS: bool = false;

    #[inline(always)]
    fn record(&mut self, event: Event) {
        if let Event::ReverseOffered { .. } = event {
            self.0 += 1;
        }
    }
}

/// The houses whose seeds a move captured ([`Event::Capture`] of some
/// seeds), as a mask; nothing else is kept, as [`OfferedStops`].
struct CapturedHouses(u64);

impl Trace for CapturedHouses {
    const RECORDS: bool = false;

    #[inline(always)]
    fn record(&mut self, event: Event) {
        if let Event::Capture { house, seeds } = event
            && seeds > 0
        {
            self.0 |= 1 << (house & 63);
        }
    }
}

/// Calls `each` with every choice of `k` of the houses of the mask
/// `houses`, as a mask, in order (the lowest houses first): a choice is
/// made on every ply of the variants whose moves carry one, so nothing is
/// allocated.
fn for_each_choice(houses: u64, k: usize, each: &mut impl FnMut(u64)) {
    fn go(rest: u64, k: usize, chosen: u64, each: &mut impl FnMut(u64)) {
        if k == 0 {
            each(chosen);
            return;
        }
        let mut rest = rest;
        while rest.count_ones() as usize >= k {
            let lowest = rest & rest.wrapping_neg();
            rest ^= lowest;
            go(rest, k - 1, chosen | lowest, each);
        }
    }
    go(houses, k, 0, each);
}

/// The labels of the houses of the mask `houses` (at most [`MAX_TAKEN`]
/// of them: a move takes no more), on the stack, and how many there are.
fn labels_of(layout: Layout, houses: u64) -> ([Label; MAX_TAKEN], usize) {
    let mut labels = [layout.move_of(0).label(); MAX_TAKEN];
    let mut n = 0;
    let mut rest = houses;
    while rest != 0 && n < MAX_TAKEN {
        labels[n] = layout.move_of(rest.trailing_zeros() as usize).label();
        rest &= rest - 1;
        n += 1;
    }
    (labels, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_is_made_once() {
        let mask = |houses: &[usize]| houses.iter().fold(0u64, |m, &h| m | 1 << h);
        let mut seen = Vec::new();
        for_each_choice(mask(&[1, 4, 6, 9]), 2, &mut |c| seen.push(c));
        assert_eq!(
            seen,
            [[1, 4], [1, 6], [1, 9], [4, 6], [4, 9], [6, 9]].map(|c| mask(&c))
        );
        let mut all = 0;
        for_each_choice(0xffff << 40, 3, &mut |c| {
            assert_eq!(c.count_ones(), 3);
            assert_eq!(c & !(0xffff << 40), 0);
            all += 1;
        });
        assert_eq!(all, 560);
        let mut none = 0;
        for_each_choice(mask(&[2, 3]), 3, &mut |_| none += 1);
        assert_eq!(none, 0, "no choice of three among two");
    }

    #[test]
    fn offered_stops_past_the_stack_are_kept_in_order() {
        let mut offers = OfferedStops::default();
        let houses: Vec<usize> = (0..40).map(|i| i * 7 % 61).collect();
        for &house in &houses {
            offers.record(Event::StopOffered { house });
        }
        assert_eq!(offers.len(), houses.len());
        assert_eq!(
            (0..offers.len()).map(|i| offers.get(i)).collect::<Vec<_>>(),
            houses
        );
    }

    fn oware() -> Arc<Engine> {
        Engine::new(crate::rules::shipped("oware.toml"))
    }

    fn pos(houses: &[u8], stores: [u8; 2], to_move: Side) -> Position {
        Position::new(houses, stores, to_move).unwrap()
    }

    #[test]
    fn laps_sown_at_once_match_laps_sown_seed_by_seed() {
        for file in ["oware.toml", "wouri.toml", "kalah.toml", "ouri.toml"] {
            let engine = Engine::new(crate::rules::shipped(file));
            for seeds in [11u8, 12, 13, 14, 25, 26, 27, 40] {
                let mut houses = [0u8; 12];
                houses[2] = seeds;
                houses[7] = 48 - seeds;
                let start = pos(&houses, [0, 0], Side::South);
                let (mut fast, mut slow) = (start.clone(), start.clone());
                let quick = engine.apply(&mut fast, 2, None, &mut ());
                let mut events: Vec<Event> = Vec::new();
                let traced = engine.apply(&mut slow, 2, None, &mut events);
                assert_eq!(fast, slow, "{file}: {seeds} seeds");
                assert_eq!(quick, traced, "{file}: {seeds} seeds");
                assert_eq!(fast.key(), fast.compute_key(), "{file}: {seeds} seeds");
            }
        }
    }

    #[test]
    fn oware_opening_moves() {
        let engine = oware();
        let start = engine.rules().start();
        let moves: String = engine
            .legal_moves(&start)
            .iter()
            .map(|m| m.label().to_string())
            .collect();
        assert_eq!(moves, "ABCDEF");
        let mut p = start.clone();
        let effect = engine
            .play(&mut p, Move::from_label("D").unwrap(), &mut ())
            .unwrap();
        assert_eq!(p.houses(), &[4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
        assert_eq!(effect.last, 7);
        assert_eq!(p.to_move(), Side::North);
    }

    #[test]
    fn wrong_side_and_empty_houses_are_refused() {
        let engine = oware();
        let mut p = engine.rules().start();
        assert!(matches!(
            engine.play(&mut p, Move::from_label("a").unwrap(), &mut ()),
            Err(IllegalMove::NotYourHouse { .. })
        ));
        assert!(matches!(
            engine.play(&mut p, Move::from_label("G").unwrap(), &mut ()),
            Err(IllegalMove::NoSuchHouse { .. })
        ));
        let mut q = pos(&[0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 8], [0, 0], Side::South);
        assert_eq!(
            engine.play(&mut q, Move::from_label("A").unwrap(), &mut ()),
            Err(IllegalMove::Excluded {
                mv: Move::from_label("A").unwrap(),
                verdict: Verdict::Empty
            })
        );
    }

    /// The single-seed rule comes before houses played as a last resort:
    /// where it strikes out the only house that is not a last resort, the
    /// last resort may be played. Every way of listing the moves agrees,
    /// the moves played out to be judged (a forbidden grand slam) too.
    #[test]
    fn the_last_resort_is_judged_after_the_single_seed_rule() {
        let rules = crate::rules::Rules::compile_unnamed(
            r#"
[variant]
name = "last-resort"
[board]
houses_per_side = 6
seeds_per_house = 4
[sowing]
skip_origin = true
[play]
single_seed_rule = true
last_resort = ["F"]
must_feed = true
[capture]
counts = [2, 3]
last_seed = "opponent"
chain = true
grand_slam = "forbidden"
[end]
majority = 25
no_move = "each_own"
repetition = "each_own"
"#,
            "test",
        )
        .expect("the variant compiles");
        let engine = Engine::new(rules);
        // South: A holds one seed, F (the last resort) two; North is fed
        // either way.
        let p = pos(&[1, 0, 0, 0, 0, 2, 3, 3, 3, 3, 3, 3], [14, 14], Side::South);
        let judged = legal_by_verdicts(&engine, &p);
        let labels: String = judged.iter().map(|m| m.label().to_string()).collect();
        assert_eq!(labels, "F");
        assert_eq!(engine.legal_moves(&p).to_vec(), judged);
        assert_eq!(
            engine.legal_moves_played(&p, &mut Vec::new()).to_vec(),
            judged
        );
    }

    /// The moves `Engine::verdicts` calls legal, in its order.
    fn legal_by_verdicts(engine: &Engine, p: &Position) -> Vec<Move> {
        engine
            .verdicts(p)
            .into_iter()
            .filter(|&(_, v)| v == Verdict::Legal)
            .map(|(m, _)| m)
            .collect()
    }

    #[test]
    fn fast_and_judged_move_lists_agree() {
        let engine = oware();
        let p = pos(
            &[1, 0, 4, 0, 0, 12, 0, 0, 0, 0, 0, 0],
            [16, 16],
            Side::South,
        );
        let judged = legal_by_verdicts(&engine, &p);
        assert_eq!(engine.legal_moves(&p).to_vec(), judged);
        // The opponent is empty: only C (4 seeds reach a) and F feed; A does not.
        let labels: String = judged.iter().map(|m| m.label().to_string()).collect();
        assert_eq!(labels, "CF");
    }
}
