//! Fixed-size numbers for a variant's moves and positions, for learning
//! programs (OpenSpiel, PettingZoo, a network's policy head): every move
//! of a variant has one action id below [`ActionSpace::len`], the same in
//! every position of every game of the variant, and a position is a vector
//! of [`Observation::len`] numbers seen from one player.
//!
//! Both are seen from the mover: house `0` of an action is the mover's
//! first house (their `A`, or `A1`), whichever side moves, so that one id
//! means the same play for both players, as OpenSpiel's own `oware` does.
//!
//! A move and the choices made inside it are one action: the house sown,
//! the direction chosen, and the houses taken by choice after a capture
//! (`B6+b3+a1`) or the marked house where a relay stops (`B6/A1:2`), and
//! the ways of later laps sown the other way (`B6/><`) are digits of one
//! mixed-radix number, each digit only as wide as the
//! variant needs, so Oware has 6 actions and Kalah 6. Drops (`c@`),
//! markings (`B6#`), store moves (`*K`) and moves that only take (`+b3+b5`)
//! follow the sowings, each in a range of its own.

use crate::board::Direction;
use crate::layer::Layer;
use crate::position::{Label, Layout, MAX_TAKEN, Move, Position, Side};
use crate::rules::Rules;
use crate::rules::sowing::Turning;
use crate::word::Word;

/// The most times a relay lap may end in the same marked house before the
/// mover stops it there (`B6/A1:4`) for the stop to have an action id.
/// Where a relay may stop in a marked house, each house of the mover's has
/// this many stop actions; a stop later than this has no action id
/// ([`ActionSpace::encode`] says `None`), and such a position is refused by
/// the learning environments rather than played wrongly. In 200 random
/// games of each shipped variant that stops so, no relay stopped later
/// than the second time.
pub const STOP_TIMES: usize = 4;

/// The later laps of a move whose ways an action id says (`[sowing]
/// reverse_from`, `B6/><`): where laps may be sown the other way, each
/// sowing has 2 to this power actions, one for each choice of the ways of
/// its first so many later laps that offer it. A move that sends a later
/// lap the other way past them has no action id, as a late stop has none.
/// In 200 random games of each shipped variant that reverses laps, no legal
/// move sent a lap past the fifth offer the other way.
pub const LAP_WAY_TIMES: u32 = 6;

/// The numbering of a variant's moves: a fixed range of action ids, each
/// one move, seen from the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionSpace {
    layout: Layout,
    /// Houses a side has.
    houses: usize,
    /// The houses a sowing may name: the mover's own (`houses`), or both
    /// sides' where a player may play the opponent's row too.
    sown: usize,
    /// 1, or 3 where the mover may choose the direction (none, `>`, `<`).
    ways: usize,
    /// The most houses a move takes by choice (0: none).
    takes: usize,
    /// The sets of at most `takes` of the opponent's houses.
    taken_sets: usize,
    /// 0, or `houses` × [`STOP_TIMES`] where a relay may stop in a marked
    /// house.
    stops: usize,
    /// 1, or 2 to the power [`LAP_WAY_TIMES`] where later laps may be sown
    /// the other way.
    lap_ways: usize,
    /// 0, or both sides' houses where captured seeds are dropped (`c@`).
    drops: usize,
    /// 0, or the mover's houses where houses are marked by choice (`B6#`).
    marks: usize,
    /// 0, or the most seeds a store move may sow (`*K`).
    store: usize,
    /// The most houses a move that only takes may take (0: none).
    only_takes: usize,
    /// 0, or the non-empty sets of at most `only_takes` of the opponent's
    /// houses, where a move may only take (`+b3+b5`).
    takes_only: usize,
}

/// How many ways to choose `k` of `n`.
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The sets of at most `k` of `n` things.
fn sets_of_at_most(n: usize, k: usize) -> usize {
    (0..=k).map(|j| binomial(n, j)).sum()
}

impl ActionSpace {
    /// The action space of `rules`.
    pub fn of(rules: &Rules) -> ActionSpace {
        let layout = rules.board.layout();
        let houses = layout.houses_per_side();
        let playable = &rules.playable;
        let sown = if playable.either_row || playable.territory || playable.halves {
            2 * houses
        } else {
            houses
        };
        let chosen = rules.sowing.chosen_in != 0
            || rules.sowing.reverse_from != 0
            || matches!(
                rules.sowing.turning,
                Turning::FirstMove | Turning::OwnSecondMove | Turning::OwnFirstMove
            );
        let takes = (rules.captures.chosen_after as usize).min(MAX_TAKEN);
        // Houses left to the opponent to take (`chosen_left_to_opponent`),
        // and the houses each player takes before the first sowing
        // (`opening_takes`).
        let only_takes = if rules.captures.chosen_left_to_opponent {
            takes.max(playable.opening_takes as usize)
        } else {
            playable.opening_takes as usize
        }
        .min(MAX_TAKEN);
        let store = if playable.from_store {
            rules.total_seeds().min(u8::MAX as u32) as usize
        } else {
            0
        };
        ActionSpace {
            layout,
            houses,
            sown,
            ways: if chosen { 3 } else { 1 },
            takes,
            taken_sets: sets_of_at_most(houses, takes),
            stops: if rules.sowing.stop_at_marked {
                houses * STOP_TIMES
            } else {
                0
            },
            lap_ways: if rules.sowing.reverse_from != 0 {
                1 << LAP_WAY_TIMES
            } else {
                1
            },
            drops: if rules.hand_drops { 2 * houses } else { 0 },
            marks: if playable.marks_chosen > 0 { houses } else { 0 },
            store,
            only_takes,
            takes_only: sets_of_at_most(houses, only_takes) - 1,
        }
    }

    /// How many action ids there are: every id is below this.
    pub fn len(&self) -> usize {
        self.sowings() + self.drops + self.marks + self.store + self.takes_only
    }

    /// Whether the space has no action (never, for a variant that compiles).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn sowings(&self) -> usize {
        self.sown * self.ways * self.choices() * self.lap_ways
    }

    /// The choices a sowing may carry: none, a set of houses taken, or a
    /// stop.
    fn choices(&self) -> usize {
        self.taken_sets + self.stops
    }

    /// The house `label` names, counted from the mover's first house: the
    /// mover's own below `houses`, the opponent's after.
    fn relative(&self, label: Label, mover: Side) -> Option<usize> {
        let offset = self.layout.offset(label);
        if offset >= self.houses {
            return None;
        }
        Some(if label.side() == mover {
            offset
        } else {
            self.houses + offset
        })
    }

    /// The label of the house [`ActionSpace::relative`] numbers `house`.
    fn label(&self, house: usize, mover: Side) -> Label {
        if house < self.houses {
            self.layout.label_at(mover, house)
        } else {
            self.layout.label_at(mover.opponent(), house - self.houses)
        }
    }

    /// The rank of a set of the opponent's houses among the sets of at
    /// most `most`: the smaller sets first, then by the combinatorial
    /// number system.
    fn rank_taken(
        &self,
        labels: impl Iterator<Item = Label>,
        most: usize,
        mover: Side,
    ) -> Option<usize> {
        let mut offsets = Vec::with_capacity(MAX_TAKEN);
        for label in labels {
            let house = self.relative(label, mover)?;
            offsets.push(house.checked_sub(self.houses)?);
        }
        if offsets.len() > most {
            return None;
        }
        offsets.sort_unstable();
        let before =
            sets_of_at_most(self.houses, offsets.len()) - binomial(self.houses, offsets.len());
        let within: usize = offsets
            .iter()
            .enumerate()
            .map(|(i, &offset)| binomial(offset, i + 1))
            .sum();
        Some(before + within)
    }

    /// The set of the opponent's houses [`ActionSpace::rank_taken`] ranks
    /// `rank`.
    fn unrank_taken(&self, mut rank: usize, mover: Side) -> Vec<Label> {
        let mut size = 0;
        while size < self.houses && rank >= binomial(self.houses, size) {
            rank -= binomial(self.houses, size);
            size += 1;
        }
        let mut offsets = vec![0; size];
        let mut top = self.houses;
        for i in (0..size).rev() {
            // The largest offset whose count of sets below fits the rank.
            let mut offset = top - 1;
            while binomial(offset, i + 1) > rank {
                offset -= 1;
            }
            rank -= binomial(offset, i + 1);
            offsets[i] = offset;
            top = offset;
        }
        offsets
            .into_iter()
            .map(|offset| self.layout.label_at(mover.opponent(), offset))
            .collect()
    }

    /// The action id of `mv` played by `mover`; `None` for a move that has
    /// none in this variant (a move the rules never offer, or a relay
    /// stopped later than [`STOP_TIMES`]).
    pub fn encode(&self, mv: Move, mover: Side) -> Option<usize> {
        if let Some(seeds) = mv.store_seeds() {
            let seeds = seeds as usize;
            return (seeds <= self.store)
                .then(|| self.sowings() + self.drops + self.marks + seeds - 1);
        }
        if mv.takes_only() {
            let rank = self.rank_taken(mv.taken(), self.only_takes, mover)?;
            return (self.takes_only > 0 && rank > 0)
                .then(|| self.sowings() + self.drops + self.marks + self.store + rank - 1);
        }
        let house = self.relative(mv.label(), mover)?;
        if mv.is_drop() {
            return (house < self.drops).then(|| self.sowings() + house);
        }
        if mv.is_mark() {
            return (house < self.marks).then(|| self.sowings() + self.drops + house);
        }
        if house >= self.sown {
            return None;
        }
        let way = match mv.direction() {
            None => 0,
            Some(_) if self.ways == 3 => mv.way(),
            Some(_) => return None,
        };
        // A relay stopped by choice captures nothing, so a move takes
        // houses by choice or stops, never both: one digit says which.
        let choice = match mv.stop() {
            None => self.rank_taken(mv.taken(), self.takes, mover)?,
            Some(_) if mv.takes_chosen() => return None,
            Some((at, time)) => {
                let house = self.relative(at, mover)?;
                let time = time as usize;
                if self.stops == 0 || house >= self.houses || time > STOP_TIMES {
                    return None;
                }
                self.taken_sets + house * STOP_TIMES + time - 1
            }
        };
        let reversed = mv.reversed_laps() as usize;
        if reversed >= self.lap_ways {
            return None;
        }
        Some(((house * self.ways + way) * self.choices() + choice) * self.lap_ways + reversed)
    }

    /// The move action `id` names when `mover` plays it; `None` past
    /// [`ActionSpace::len`]. Whether it is legal is the position's to say.
    pub fn decode(&self, id: usize, mover: Side) -> Option<Move> {
        let mut rest = id;
        if rest < self.sowings() {
            let reversed = rest % self.lap_ways;
            rest /= self.lap_ways;
            let choice = rest % self.choices();
            rest /= self.choices();
            let way = rest % self.ways;
            let house = rest / self.ways;
            let mut mv = Move::at(self.label(house, mover)).sowing(match way {
                0 => None,
                1 => Some(Direction::CounterClockwise),
                _ => Some(Direction::Clockwise),
            });
            if choice >= self.taken_sets {
                let stop = choice - self.taken_sets;
                let (house, time) = (stop / STOP_TIMES, stop % STOP_TIMES + 1);
                mv = mv.stopping(self.label(house, mover), time as u8)?;
            } else if choice > 0 {
                mv = mv.taking(&self.unrank_taken(choice, mover))?;
            }
            return Some(mv.reversing(reversed as u8));
        }
        rest -= self.sowings();
        if rest < self.drops {
            return Some(Move::at(self.label(rest, mover)).dropped());
        }
        rest -= self.drops;
        if rest < self.marks {
            return Some(Move::at(self.label(rest, mover)).marked());
        }
        rest -= self.marks;
        if rest < self.store {
            return Some(Move::from_store(rest as u8 + 1));
        }
        rest -= self.store;
        if rest < self.takes_only {
            return Move::taking_only(&self.unrank_taken(rest + 1, mover));
        }
        None
    }

    /// The action ids of `moves` played by `mover`, in increasing order;
    /// `Err` with the first move that has none.
    pub fn encode_all(
        &self,
        moves: impl IntoIterator<Item = Move>,
        mover: Side,
    ) -> Result<Vec<usize>, Move> {
        let mut ids = moves
            .into_iter()
            .map(|mv| self.encode(mv, mover).ok_or(mv))
            .collect::<Result<Vec<_>, _>>()?;
        ids.sort_unstable();
        Ok(ids)
    }
}

/// The numbers a position is seen as by one player, for a learning
/// program: a fixed length per variant, the observer's things first.
///
/// In order: the seeds in each house, the observer's houses first (from
/// their first), then the opponent's; the seeds in the observer's store,
/// then the opponent's; 1 where the observer is to move, else 0; for each
/// per-house layer the variant keeps ([`crate::layer`]), its value at each
/// house in the same order; for each state word it keeps
/// ([`crate::word`]), its code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Observation {
    houses: usize,
    layers: Vec<Layer>,
    words: Vec<Word>,
}

impl Observation {
    /// The observation of `rules`' positions.
    pub fn of(rules: &Rules) -> Observation {
        Observation {
            houses: rules.board.layout().houses_per_side(),
            layers: rules.layers().collect(),
            words: rules.words().collect(),
        }
    }

    /// How many numbers an observation holds.
    pub fn len(&self) -> usize {
        (2 * self.houses + 2 + 1) + self.layers.len() * 2 * self.houses + self.words.len()
    }

    /// Whether an observation holds no number (never).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The absolute houses in the observer's order.
    fn order(&self, observer: Side) -> impl Iterator<Item = usize> + use<> {
        let houses = self.houses;
        let own = observer.index() * houses;
        let other = observer.opponent().index() * houses;
        (own..own + houses).chain(other..other + houses)
    }

    /// `position` seen by `observer`, written into `out` (cleared first).
    pub fn write(&self, position: &Position, observer: Side, out: &mut Vec<f32>) {
        out.clear();
        let seeds = position.houses();
        out.extend(self.order(observer).map(|h| seeds[h] as f32));
        out.push(position.store(observer) as f32);
        out.push(position.store(observer.opponent()) as f32);
        out.push(if position.to_move() == observer {
            1.0
        } else {
            0.0
        });
        for &layer in &self.layers {
            out.extend(
                self.order(observer)
                    .map(|h| position.layer_value(layer, h) as f32),
            );
        }
        out.extend(self.words.iter().map(|&word| position.code(word) as f32));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::rng::Rng;
    use std::collections::HashMap;
    use std::sync::Arc;

    #[test]
    fn oware_and_kalah_have_one_action_a_house() {
        for name in ["oware", "kalah", "wouri", "ouri"] {
            let rules = Rules::builtin(name).unwrap();
            assert_eq!(ActionSpace::of(&rules).len(), 6, "{name}");
        }
        let oware = ActionSpace::of(&Rules::builtin("oware").unwrap());
        // North's first house is action 0 when North moves, as South's is.
        assert_eq!(
            oware.encode(Move::from_label("a").unwrap(), Side::North),
            Some(0)
        );
        assert_eq!(
            oware.encode(Move::from_label("F").unwrap(), Side::South),
            Some(5)
        );
        assert_eq!(
            oware.encode(Move::from_label("a").unwrap(), Side::South),
            None
        );
        assert_eq!(oware.decode(2, Side::North), Move::from_label("c"));
        assert_eq!(oware.decode(6, Side::South), None);
    }

    #[test]
    fn sets_taken_rank_in_order_and_back() {
        let rules = Rules::builtin("ludii-misoro-tsoro-additional-capture").unwrap();
        let space = ActionSpace::of(&rules);
        assert_eq!(space.takes, 3);
        // 1 + 16 + 120 + 560 sets of at most three of 16 houses.
        assert_eq!(space.taken_sets, 697);
        // Each of the mover's 16 houses sown with no choice, one of the
        // other 696 sets taken, or a stop in one of 16 houses the first to
        // fourth time; then 16 markings, and the 696 moves that only take
        // what a capturer could not (`chosen_left_to_opponent`).
        assert_eq!(space.len(), 16 * (697 + 16 * STOP_TIMES) + 16 + 696);
        for rank in 0..space.taken_sets {
            for mover in Side::BOTH {
                let labels = space.unrank_taken(rank, mover);
                assert!(labels.iter().all(|l| l.side() == mover.opponent()));
                assert_eq!(space.rank_taken(labels.into_iter(), 3, mover), Some(rank));
            }
        }
    }

    /// Every id of every shipped variant names one move, which encodes back
    /// to it, for either mover: the numbering is a bijection, not only on
    /// the moves random games meet.
    #[test]
    fn every_action_id_decodes_to_a_move_that_encodes_back() {
        for rules in crate::rules::builtin_rules() {
            let space = ActionSpace::of(&rules);
            for mover in Side::BOTH {
                for id in 0..space.len() {
                    let mv = space.decode(id, mover);
                    let back = mv.and_then(|mv| space.encode(mv, mover));
                    assert_eq!(back, Some(id), "{}: {id} → {mv:?}", rules.meta.name);
                }
                assert_eq!(space.decode(space.len(), mover), None);
            }
        }
    }

    /// Every legal move met in random games of every shipped variant has an
    /// action id, ids of different moves differ, and every id decodes to its
    /// move.
    #[test]
    fn every_legal_move_of_every_variant_has_an_action() {
        for rules in crate::rules::builtin_rules() {
            let name = rules.meta.name.clone();
            let space = ActionSpace::of(&rules);
            let observation = Observation::of(&rules);
            let engine = Arc::new(crate::Engine::new(rules));
            let mut game = Game::new(&engine);
            let mut out = Vec::new();
            for seed in 0..4 {
                let mut rng = Rng::for_game(7, seed);
                game.restart_drawn(&mut rng);
                while !game.is_over() && game.plies() < 400 {
                    let mover = game.position().to_move();
                    let mut seen = HashMap::new();
                    for mv in game.legal_moves().iter() {
                        let id = space
                            .encode(mv, mover)
                            .unwrap_or_else(|| panic!("{name}: {mv} has no action id"));
                        assert!(id < space.len(), "{name}: {mv} → {id}");
                        assert_eq!(space.decode(id, mover), Some(mv), "{name}: {id}");
                        assert_eq!(seen.insert(id, mv), None, "{name}: {mv} shares {id}");
                    }
                    observation.write(game.position(), mover, &mut out);
                    assert_eq!(out.len(), observation.len(), "{name}");
                    let mv = game.random_move(&mut rng).unwrap();
                    game.play(mv, &mut ()).unwrap();
                }
            }
        }
    }
}
