//! Moves: which houses may be played, sowing, captures and grand slams.
//!
//! Everything here reads compiled [`Rules`]: flags, count masks and the sowing
//! table. Two sowing loops exist: a plain one for variants whose moves end
//! with their last seed (Ouri, Oware), and a general one for relay sowing and
//! captures while sowing (Wouri). [`Rules::apply`] picks between them with one
//! flag, so a variant pays only for the options it uses.

use std::fmt;

use crate::position::{HOUSE_STORAGE, MAX_HOUSES_PER_SIDE, Move, Position, Side, nonzero_bytes};
use crate::rules::Rules;
use crate::trace::{Event, SlamOutcome, Trace};
use crate::variant::GrandSlam;

/// The legal moves of a position: a set of houses of the player to move,
/// kept as a bit mask (bit `i` is the house `i` places from its owner's
/// left), so building, copying and searching it costs a few instructions.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MoveList {
    // One bit per house of a row: a row must fit the mask.
    side: Side,
    mask: u32,
}

const _: () = assert!(MAX_HOUSES_PER_SIDE <= u32::BITS as usize);

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            side: Side::South,
            mask: 0,
        }
    }

    /// How many moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.mask.count_ones() as usize
    }

    /// True when there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.mask == 0
    }

    /// Whether `mv` is in the list.
    #[inline]
    pub fn contains(&self, mv: Move) -> bool {
        mv.side() == self.side && mv.offset() < 32 && self.mask >> mv.offset() & 1 != 0
    }

    /// The `index`-th move in house order.
    #[inline]
    pub fn get(&self, index: usize) -> Option<Move> {
        let mut mask = self.mask;
        for _ in 0..index.min(32) {
            mask &= mask.wrapping_sub(1);
        }
        (mask != 0).then(|| Move::new(self.side, mask.trailing_zeros() as u8))
    }

    /// The moves in house order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Move> + use<> {
        let side = self.side;
        let mut mask = self.mask;
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let offset = mask.trailing_zeros();
                mask &= mask - 1;
                Move::new(side, offset as u8)
            })
        })
    }

    /// The moves in a vector.
    pub fn to_vec(&self) -> Vec<Move> {
        self.iter().collect()
    }

    #[inline]
    fn insert(&mut self, mv: Move) {
        self.side = mv.side();
        self.mask |= 1 << mv.offset();
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The most times one move may lift a hole for relay sowing. Endless relays
/// are found by repetition (R13); this limit is separate, a resource bound
/// so that every move is judged in milliseconds: in some variants a relay
/// wanders through millions of boards before it ends or repeats. Played
/// Wouri moves relay at most a few dozen times.
pub const MAX_RELAY_LIFTS: u32 = 100_000;

/// Whether one house of the player to move may be played, and if not, why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// It may be played.
    Legal,
    /// It holds no seeds.
    Empty,
    /// It holds fewer seeds than the variant's `min_seeds`.
    TooFewSeeds {
        /// The seeds it holds.
        seeds: u8,
        /// The least a playable house holds.
        min: u8,
    },
    /// Its relay sowing would never end (R13).
    Endless,
    /// Its relay sowing goes on past [`MAX_RELAY_LIFTS`] lifts, the engine's
    /// limit; it is refused without being decided.
    RelayTooLong,
    /// It would capture every seed of the opponent, and the variant forbids that.
    GrandSlamForbidden,
    /// The opponent has no seeds and this move would not give them any (R1, R7).
    DoesNotFeed,
    /// It holds one seed while another playable house holds two or more (R1).
    SingleSeed,
}

impl Verdict {
    /// Why the house is excluded, in words (empty for a legal move).
    pub fn describe(self) -> String {
        match self {
            Verdict::Legal => String::new(),
            Verdict::Empty => "the house is empty".into(),
            Verdict::TooFewSeeds { seeds, min } => {
                format!(
                    "the house holds {seeds} seed(s); a house needs at least {min} to be played"
                )
            }
            Verdict::Endless => "its relay sowing would never end (R13)".into(),
            Verdict::RelayTooLong => {
                format!("its relay sowing goes on past {MAX_RELAY_LIFTS} lifts, the engine's limit")
            }
            Verdict::GrandSlamForbidden => {
                "it would capture every seed of the opponent (grand slam)".into()
            }
            Verdict::DoesNotFeed => {
                "the opponent has no seeds and this move gives them none".into()
            }
            Verdict::SingleSeed => {
                "it holds a single seed while another house holds two or more".into()
            }
        }
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The label names a house beyond the board.
    #[error("there is no house {mv} on a board of {houses_per_side} houses per side")]
    NoSuchHouse {
        /// The move asked for.
        mv: Move,
        /// The board's row length.
        houses_per_side: usize,
    },
    /// The house belongs to the other player.
    #[error("{mv} is {owner}'s house, and it is {to_move}'s turn")]
    NotYourHouse {
        /// The move asked for.
        mv: Move,
        /// Whose house it is.
        owner: Side,
        /// Whose turn it is.
        to_move: Side,
    },
    /// The rules exclude the house.
    #[error("{mv} cannot be played: {}", verdict.describe())]
    Excluded {
        /// The move asked for.
        mv: Move,
        /// Why it is excluded.
        verdict: Verdict,
    },
}

/// What a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveEffect {
    /// Seeds captured, in all.
    pub captured: u8,
    /// Whether the move was a grand slam.
    pub grand_slam: bool,
    /// Whether any seed was sown into the opponent's row.
    pub fed: bool,
    /// Whether its relay sowing never ends; the position is then meaningless.
    pub endless: bool,
    /// Whether its relay sowing passed [`MAX_RELAY_LIFTS`]; the position is
    /// then meaningless.
    pub relay_too_long: bool,
    /// The hole the last seed fell in.
    pub last: usize,
}

impl Rules {
    /// The first house of `side`'s row.
    #[inline]
    fn row_start(&self, side: Side) -> usize {
        side.index() * self.houses_per_side
    }

    /// Whether the player to move must feed: the opponent's row is empty and
    /// the variant says so, or a grand slam left an extra feeding move (R2).
    #[inline]
    fn must_feed_now(&self, pos: &Position) -> bool {
        pos.feed_pending() || (self.must_feed && pos.row_is_empty(pos.to_move().opponent()))
    }

    /// The legal moves of the player to move.
    pub fn legal_moves(&self, pos: &Position) -> MoveList {
        let mut list = MoveList::new();
        if self.simulate_to_judge || self.must_feed_now(pos) {
            for (mv, verdict) in self.verdicts(pos) {
                if verdict == Verdict::Legal {
                    list.insert(mv);
                }
            }
            return list;
        }
        let side = pos.to_move();
        let (mut playable, multi) = if self.houses_per_side <= 8 && self.min_seeds <= 2 {
            // The whole row at once: houses holding 1+ seeds, and 2+ seeds.
            let word = pos.row_word(side);
            let multi = nonzero_bytes(word & 0xFEFE_FEFE_FEFE_FEFE);
            (
                if self.min_seeds == 1 {
                    nonzero_bytes(word)
                } else {
                    multi
                },
                multi,
            )
        } else {
            let lo = self.row_start(side);
            let row = &pos.houses()[lo..lo + self.houses_per_side];
            let mut playable = 0u32;
            let mut multi = 0u32;
            for (offset, &seeds) in row.iter().enumerate() {
                playable |= ((seeds >= self.min_seeds) as u32) << offset;
                multi |= ((seeds >= 2) as u32) << offset;
            }
            (playable, multi)
        };
        if self.single_seed_rule && playable & multi != 0 {
            playable &= multi;
        }
        list.side = side;
        list.mask = playable;
        list
    }

    /// Every house of the player to move with its verdict, in row order.
    pub fn verdicts(&self, pos: &Position) -> Vec<(Move, Verdict)> {
        let side = pos.to_move();
        let lo = self.row_start(side);
        let feeding = self.must_feed_now(pos);
        let mut out: Vec<(Move, Verdict)> = (0..self.houses_per_side)
            .map(|offset| {
                let mv = Move::new(side, offset as u8);
                (mv, self.judge(pos, lo + offset, feeding))
            })
            .collect();
        if self.single_seed_rule {
            let houses = pos.houses();
            let any_multi = out
                .iter()
                .any(|&(mv, v)| v == Verdict::Legal && houses[lo + mv.offset()] >= 2);
            if any_multi {
                for (mv, verdict) in &mut out {
                    if *verdict == Verdict::Legal && houses[lo + mv.offset()] == 1 {
                        *verdict = Verdict::SingleSeed;
                    }
                }
            }
        }
        out
    }

    /// The verdict on one house, before the single-seed rule (which compares houses).
    fn judge(&self, pos: &Position, house: usize, feeding: bool) -> Verdict {
        let seeds = pos.houses()[house];
        if seeds == 0 {
            return Verdict::Empty;
        }
        if seeds < self.min_seeds {
            return Verdict::TooFewSeeds {
                seeds,
                min: self.min_seeds,
            };
        }
        if !self.simulate_to_judge {
            if feeding && !self.reaches_opponent(pos, house) {
                return Verdict::DoesNotFeed;
            }
            return Verdict::Legal;
        }
        let mut scratch = pos.clone();
        let effect = self.sow_relay(&mut scratch, house, true, &mut ());
        if effect.endless {
            Verdict::Endless
        } else if effect.relay_too_long {
            Verdict::RelayTooLong
        } else if effect.grand_slam && self.grand_slam == GrandSlam::Forbidden {
            Verdict::GrandSlamForbidden
        } else if feeding && !effect.fed {
            Verdict::DoesNotFeed
        } else {
            Verdict::Legal
        }
    }

    /// Whether a plain sowing from `house` puts a seed in the opponent's row.
    fn reaches_opponent(&self, pos: &Position, house: usize) -> bool {
        let me = pos.owner(house);
        let mut h = house;
        let mut distance = 0u32;
        while pos.owner(h) == me {
            h = self.next[h] as usize;
            distance += 1;
            if h == house {
                return false;
            }
        }
        pos.houses()[house] as u32 >= distance
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
        if mv.offset() >= self.houses_per_side {
            return IllegalMove::NoSuchHouse {
                mv,
                houses_per_side: self.houses_per_side,
            };
        }
        if mv.side() != pos.to_move() {
            return IllegalMove::NotYourHouse {
                mv,
                owner: mv.side(),
                to_move: pos.to_move(),
            };
        }
        // The verdicts and the move set agree (a property test checks it).
        let verdict = self.verdicts(pos)[mv.offset()].1;
        debug_assert_ne!(verdict, Verdict::Legal, "{mv} is legal at {pos}");
        IllegalMove::Excluded { mv, verdict }
    }

    /// Plays `mv` after checking it: sows, captures and hands the turn over
    /// (or keeps it, after Ouri's grand slam). Game endings and passes are the
    /// business of [`crate::Game`].
    pub fn play<T: Trace>(
        &self,
        pos: &mut Position,
        mv: Move,
        trace: &mut T,
    ) -> Result<MoveEffect, IllegalMove> {
        self.check_move(pos, mv)?;
        Ok(self.apply(pos, mv.house(self.houses_per_side), trace))
    }

    /// Plays the house `from` without checking that it is legal.
    pub(crate) fn apply<T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        trace: &mut T,
    ) -> MoveEffect {
        let me = pos.to_move();
        let effect = if !self.simulate_to_judge {
            self.sow_plain(pos, from, trace)
        } else if self.grand_slam == GrandSlam::NoCapture && self.while_sowing_zone.any() {
            // A slam can build up from captures made along the way, and all of
            // them must be undone, so play on a copy first.
            let mut trial = pos.clone();
            let effect = self.sow_relay(&mut trial, from, true, &mut ());
            if effect.grand_slam {
                trace.record(Event::GrandSlam {
                    outcome: SlamOutcome::NothingCaptured,
                });
                let mut effect = self.sow_relay(pos, from, false, trace);
                effect.grand_slam = true;
                effect
            } else {
                self.sow_relay(pos, from, true, trace)
            }
        } else {
            self.sow_relay(pos, from, true, trace)
        };
        if effect.captured > 0 && self.tracks_last_capturer {
            pos.set_last_capturer(Some(me));
        }
        let extra_feed = effect.grand_slam
            && effect.captured > 0
            && self.grand_slam == GrandSlam::CaptureThenFeed;
        pos.set_feed_pending(extra_feed);
        if extra_feed {
            trace.record(Event::GrandSlam {
                outcome: SlamOutcome::CaptureThenFeed,
            });
            trace.record(Event::ExtraTurn { side: me });
        } else {
            if effect.grand_slam && effect.captured > 0 {
                trace.record(Event::GrandSlam {
                    outcome: SlamOutcome::Captured,
                });
            }
            pos.set_to_move(me.opponent());
        }
        effect
    }

    /// Sowing that ends with the last seed: laps, then last-seed captures
    /// with their chain, with the grand slam judged before anything is taken.
    #[inline]
    fn sow_plain<T: Trace>(&self, pos: &mut Position, from: usize, trace: &mut T) -> MoveEffect {
        const MASK: usize = HOUSE_STORAGE - 1;
        let me = pos.to_move();
        let houses = pos.storage_mut();
        let mut seeds = houses[from & MASK];
        houses[from & MASK] = 0;
        trace.record(Event::Lift { house: from, seeds });
        let mut h = from;
        while seeds > 0 {
            h = self.next[h & MASK] as usize;
            if h == from && self.skip_origin {
                trace.record(Event::SkipOrigin { house: h });
                h = self.next[h & MASK] as usize;
            }
            houses[h & MASK] += 1;
            seeds -= 1;
            trace.record(Event::Drop {
                house: h,
                now: houses[h & MASK],
            });
        }
        let houses = pos.houses_mut();
        let mut effect = MoveEffect {
            last: h,
            ..MoveEffect::default()
        };
        if !self.last_seed_zone.allows(self.is_own(h, me))
            || !self.capture_counts.contains(houses[h])
        {
            return effect;
        }
        let (holes, take, take_from_opponent) = self.capture_chain(houses, h, me);
        let opponent_seeds = pos.seeds_on_side(me.opponent());
        effect.grand_slam = take_from_opponent > 0 && take_from_opponent == opponent_seeds;
        if effect.grand_slam && self.grand_slam == GrandSlam::NoCapture {
            trace.record(Event::GrandSlam {
                outcome: SlamOutcome::NothingCaptured,
            });
            return effect;
        }
        self.take_chain(pos.houses_mut(), h, holes, trace);
        pos.add_to_store(me, take);
        effect.captured = take;
        effect
    }

    /// Whether `house` lies in `me`'s own row.
    #[inline]
    fn is_own(&self, house: usize, me: Side) -> bool {
        (house >= self.houses_per_side) == (me == Side::North)
    }

    /// Empties the `holes` holes of a capture chain, walking back from `last`.
    #[inline]
    fn take_chain<T: Trace>(&self, houses: &mut [u8], last: usize, holes: usize, trace: &mut T) {
        let mut j = last;
        for _ in 0..holes {
            trace.record(Event::Capture {
                house: j,
                seeds: houses[j],
            });
            houses[j] = 0;
            j = self.prev[j] as usize;
        }
    }

    /// The holes a last-seed capture at `last` takes: how many (walking back
    /// from `last`), their seeds, and the part of those in the opponent's row.
    #[inline]
    fn capture_chain(&self, houses: &[u8], last: usize, me: Side) -> (usize, u8, u32) {
        let mut j = last;
        let mut holes = 0;
        let mut take = 0u8;
        let mut from_opponent = 0u32;
        loop {
            let seeds = houses[j];
            let own = self.is_own(j, me);
            if !self.last_seed_zone.allows(own) || !self.capture_counts.contains(seeds) {
                break;
            }
            take += seeds;
            if !own {
                from_opponent += seeds as u32;
            }
            holes += 1;
            if !self.chain || holes == self.houses {
                break;
            }
            j = self.prev[j] as usize;
        }
        (holes, take, from_opponent)
    }

    /// The general sowing loop: captures while sowing, last-seed captures and
    /// relay sowing, with endless relays detected as R13 says: a lift with the
    /// same board and hole as an earlier lift in the move. Brent's cycle
    /// search finds such a repeat while keeping only one earlier lift.
    fn sow_relay<T: Trace>(
        &self,
        pos: &mut Position,
        from: usize,
        captures: bool,
        trace: &mut T,
    ) -> MoveEffect {
        let me = pos.to_move();
        let is_own = |h: usize| self.is_own(h, me);
        let mut effect = MoveEffect::default();
        let mut captured_from_opponent = 0u32;
        let mut origin = from;
        let mut saved_board = pos.clone();
        let mut saved_hole = origin;
        let mut seeds = pos.houses()[origin];
        pos.houses_mut()[origin] = 0;
        trace.record(Event::Lift {
            house: origin,
            seeds,
        });

        let mut power = 1u32;
        let mut steps = 0u32;
        let mut lifts = 0u32;

        loop {
            let houses = pos.houses_mut();
            let mut h = origin;
            while seeds > 0 {
                h = self.next[h] as usize;
                if h == origin && self.skip_origin {
                    trace.record(Event::SkipOrigin { house: h });
                    h = self.next[h] as usize;
                }
                houses[h] += 1;
                seeds -= 1;
                let own = is_own(h);
                effect.fed |= !own;
                trace.record(Event::Drop {
                    house: h,
                    now: houses[h],
                });
                if seeds > 0
                    && captures
                    && self.while_sowing_zone.allows(own)
                    && self.capture_counts.contains(houses[h])
                {
                    let take = houses[h];
                    trace.record(Event::Capture {
                        house: h,
                        seeds: take,
                    });
                    houses[h] = 0;
                    effect.captured += take;
                    if !own {
                        captured_from_opponent += take as u32;
                    }
                }
            }
            effect.last = h;
            let count = houses[h];
            if captures
                && self.last_seed_zone.allows(is_own(h))
                && self.capture_counts.contains(count)
            {
                let (holes, take, from_opponent) = self.capture_chain(houses, h, me);
                self.take_chain(houses, h, holes, trace);
                effect.captured += take;
                captured_from_opponent += from_opponent;
                break;
            }
            if !self.relay || self.relay_stops.contains(count) {
                break;
            }
            if pos.houses() == saved_board.houses() && h == saved_hole {
                effect.endless = true;
                return effect;
            }
            lifts += 1;
            if lifts > MAX_RELAY_LIFTS {
                effect.relay_too_long = true;
                return effect;
            }
            steps += 1;
            if steps == power {
                saved_board.clone_from(pos);
                saved_hole = h;
                power = power.saturating_mul(2);
                steps = 0;
            }
            let houses = pos.houses_mut();
            seeds = houses[h];
            houses[h] = 0;
            origin = h;
            trace.record(Event::Relay { house: h, seeds });
        }
        pos.add_to_store(me, effect.captured);
        effect.grand_slam = captured_from_opponent > 0 && pos.row_is_empty(me.opponent());
        effect
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn oware() -> Rules {
        crate::rules::shipped("oware.toml")
    }

    fn pos(houses: &[u8], stores: [u8; 2], to_move: Side) -> Position {
        Position::new(houses, stores, to_move).unwrap()
    }

    #[test]
    fn oware_opening_moves() {
        let rules = oware();
        let start = rules.start();
        let moves: String = rules
            .legal_moves(&start)
            .iter()
            .map(|m| m.label())
            .collect();
        assert_eq!(moves, "ABCDEF");
        let mut p = start.clone();
        let effect = rules
            .play(&mut p, Move::from_label('D').unwrap(), &mut ())
            .unwrap();
        assert_eq!(p.houses(), &[4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
        assert_eq!(effect.last, 7);
        assert_eq!(p.to_move(), Side::North);
    }

    #[test]
    fn wrong_side_and_empty_houses_are_refused() {
        let rules = oware();
        let mut p = rules.start();
        assert!(matches!(
            rules.play(&mut p, Move::from_label('a').unwrap(), &mut ()),
            Err(IllegalMove::NotYourHouse { .. })
        ));
        assert!(matches!(
            rules.play(&mut p, Move::from_label('G').unwrap(), &mut ()),
            Err(IllegalMove::NoSuchHouse { .. })
        ));
        let mut q = pos(&[0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 8], [0, 0], Side::South);
        assert_eq!(
            rules.play(&mut q, Move::from_label('A').unwrap(), &mut ()),
            Err(IllegalMove::Excluded {
                mv: Move::from_label('A').unwrap(),
                verdict: Verdict::Empty
            })
        );
    }

    #[test]
    fn fast_and_judged_move_lists_agree() {
        let rules = oware();
        let p = pos(
            &[1, 0, 4, 0, 0, 12, 0, 0, 0, 0, 0, 0],
            [16, 16],
            Side::South,
        );
        let judged: Vec<Move> = rules
            .verdicts(&p)
            .into_iter()
            .filter(|&(_, v)| v == Verdict::Legal)
            .map(|(m, _)| m)
            .collect();
        assert_eq!(rules.legal_moves(&p).to_vec(), judged);
        // The opponent is empty: only C (4 seeds reach a) and F feed; A does not.
        let labels: String = judged.iter().map(|m| m.label()).collect();
        assert_eq!(labels, "CF");
    }
}
