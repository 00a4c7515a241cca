//! What happens during a move, seed by seed.
//!
//! The engine reports each step to a [`Trace`]. Fast callers pass `&mut ()`,
//! which records nothing and compiles away; `sow explain` and the document
//! tests pass a `Vec<Event>`.

use std::fmt;

use crate::board::STORE;
use crate::position::{Layout, Side};

/// A place's name in prose: a house label (C2), or a store.
pub fn place_label(place: usize, layout: Layout) -> String {
    if place == STORE[0] {
        "South's store".into()
    } else if place == STORE[1] {
        "North's store".into()
    } else {
        layout.label(place).to_string()
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EndReason {
    /// A store reached the majority, or the stores split evenly (R5).
    Majority,
    /// The player to move had no legal move (R3).
    NoMove,
    /// After a grand slam, the capturer could not feed (R2).
    CannotFeedAfterSlam,
    /// The opponent had no seeds and the player to move could not feed them.
    CannotFeed,
    /// A position repeated since the last capture (R4, R14).
    Repetition,
    /// Few seeds were left on the board (R12); the number is the threshold.
    SeedsLeft(u8),
    /// The variant's ply limit was reached.
    PlyLimit,
    /// A row was empty (Kalah).
    EmptyRow,
    /// The row an ending watches (the mover's or the mover's opponent's) was
    /// empty; the seeds decide the winner.
    RowCleared,
    /// A player emptied their own row and won (the goal "clear").
    Cleared {
        /// Who won.
        winner: crate::Side,
    },
    /// A player was left without seeds or without a move and lost (the goal
    /// "deprive").
    Deprived {
        /// Who won.
        winner: crate::Side,
    },
}

impl EndReason {
    /// The name used in JSON and records: `majority`, `no_move`,
    /// `cannot_feed_after_slam`, `repetition`, `four_left` (for a threshold of
    /// four; `ten_left`, `13_left` likewise) or `ply_limit`.
    pub fn name(self) -> String {
        match self {
            EndReason::Majority => "majority".into(),
            EndReason::NoMove => "no_move".into(),
            EndReason::CannotFeedAfterSlam => "cannot_feed_after_slam".into(),
            EndReason::CannotFeed => "cannot_feed".into(),
            EndReason::Repetition => "repetition".into(),
            EndReason::SeedsLeft(n) => format!("{}_left", number_word(n)),
            EndReason::PlyLimit => "ply_limit".into(),
            EndReason::EmptyRow => "empty_row".into(),
            EndReason::RowCleared => "row_cleared".into(),
            EndReason::Cleared { .. } => "cleared".into(),
            EndReason::Deprived { .. } => "deprived".into(),
        }
    }

    /// The winner the ending names, where the goal decides it rather than
    /// the seeds.
    pub fn winner(self) -> Option<crate::Side> {
        match self {
            EndReason::Cleared { winner } | EndReason::Deprived { winner } => Some(winner),
            _ => None,
        }
    }

    /// A phrase for people.
    pub fn describe(self) -> String {
        match self {
            EndReason::Majority => "a store holds the majority".into(),
            EndReason::NoMove => "the player to move has no legal move".into(),
            EndReason::CannotFeedAfterSlam => "after a grand slam the capturer cannot feed".into(),
            EndReason::CannotFeed => "the opponent has no seeds and cannot be fed".into(),
            EndReason::Repetition => "a position repeated".into(),
            EndReason::SeedsLeft(n) => format!("{n} or fewer seeds are left on the board"),
            EndReason::PlyLimit => "the ply limit was reached".into(),
            EndReason::EmptyRow => "a row is empty".into(),
            EndReason::RowCleared => "the row the variant watches is empty".into(),
            EndReason::Cleared { winner } => format!("{winner} emptied their own row"),
            EndReason::Deprived { winner } => {
                format!("{}'s row is empty or they cannot move", winner.opponent())
            }
        }
    }
}

fn number_word(n: u8) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// One step of a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The mover lifts every seed from the house played.
    Lift {
        /// The house played.
        house: usize,
        /// The seeds lifted.
        seeds: u8,
    },
    /// A seed falls into a house, which now holds `now`.
    Drop {
        /// The house.
        house: usize,
        /// Its seeds after the drop.
        now: u8,
    },
    /// A lap passes over the house the seeds came from.
    SkipOrigin {
        /// The house passed over.
        house: usize,
    },
    /// Relay sowing: the last hole's seeds are lifted and sown on.
    Relay {
        /// The house lifted.
        house: usize,
        /// The seeds lifted.
        seeds: u8,
    },
    /// A relay lap ended in an occupied house the mover marked, where they
    /// may stop (`[sowing] relay_may_stop_at_marked`); the relay goes on
    /// unless the move stops there.
    StopOffered {
        /// The house.
        house: usize,
    },
    /// A lap about to be lifted from a house where the mover may sow it
    /// the other way (`[sowing] reverse_from`); it goes the board's way
    /// unless the move sends it the other.
    ReverseOffered {
        /// The house.
        house: usize,
    },
    /// Marks a house before the first sowing (`[play] marked`).
    Mark {
        /// The house marked.
        house: usize,
    },
    /// Seeds are captured into the mover's store.
    Capture {
        /// The house emptied.
        house: usize,
        /// The seeds taken.
        seeds: u8,
    },
    /// The last seed made its house a child of the mover: the house keeps
    /// its seeds for them from now on.
    Child {
        /// The house.
        house: usize,
        /// Whose child it is.
        side: Side,
    },
    /// The move would take every seed of the opponent (a grand slam).
    GrandSlam {
        /// What the variant does about it.
        outcome: SlamOutcome,
    },
    /// The same player moves again.
    ExtraTurn {
        /// Who moves again.
        side: Side,
    },
    /// A player with no seeds loses the turn (R11).
    Pass {
        /// Who passes.
        side: Side,
    },
    /// The game bears off (`[sowing] bear_off`): the seeds of a sowing
    /// that would leave the sower's row go to the sower's store.
    BearOff {
        /// The sower.
        side: Side,
        /// How many.
        seeds: u8,
    },
    /// Every house holds one seed or none: the game bears off from now on.
    BearingOff,
    /// At the end, seeds on the board go to a store.
    Collect {
        /// Whose store.
        side: Side,
        /// How many.
        seeds: u8,
    },
    /// The game is over.
    GameOver {
        /// Why.
        reason: EndReason,
    },
    /// A round of a match is over, and the next round starts.
    RoundOver {
        /// Why.
        reason: EndReason,
        /// Who won the round, or `None` for a draw.
        winner: Option<crate::position::Side>,
    },
    /// A relay closes a house of the opponent's row: it is blocked for the
    /// rest of the game (its seeds are sown on).
    Close {
        /// The house.
        house: usize,
    },
    /// Sowing passes over one of the sower's own blocked houses.
    SkipBlocked {
        /// The house passed over.
        house: usize,
    },
    /// A seed reaches one of the opponent's blocked houses and leaves play
    /// (kept in South's store).
    OutOfPlay {
        /// The blocked house.
        house: usize,
    },
    /// The seeds just captured are dropped into an opponent's house
    /// (`[capture] given_to_opponent`, `c@`).
    Give {
        /// The house.
        house: usize,
        /// How many.
        seeds: u8,
        /// The house's seeds after.
        now: u8,
    },
    /// One seed from the mover's hand is placed in their house (`[play]
    /// place_from_hand`, `B6@`).
    Place {
        /// The house.
        house: usize,
        /// The house's seeds after.
        now: u8,
    },
    /// One seed of `from` goes into the opponent's first house, `to`: the
    /// opponent had no seeds (`[play] share_one`).
    Share {
        /// The mover's house.
        from: usize,
        /// The opponent's first house.
        to: usize,
    },
    /// A move spreading its seeds round the house played (`[sowing]
    /// diffuse`) has a seed for a full house, or none past a row's end
    /// (`None`): it leaves play, kept in South's store.
    Spill {
        /// The full house, if any.
        house: Option<usize>,
    },
    /// A house became a ram, or stopped being one (`[children] kind = "ram"`).
    Ram {
        /// The house.
        house: usize,
        /// Whether it is a ram now.
        made: bool,
    },
    /// The sowing passes over a house (`skip_opponent_holding`,
    /// `skip_holding_at_least`).
    Skip {
        /// The house passed over.
        house: usize,
    },
}

/// What a grand slam came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlamOutcome {
    /// The capture stands.
    Captured,
    /// The capture was undone: nothing is taken (R6).
    NothingCaptured,
    /// The capture stands and the capturer must now feed (R2).
    CaptureThenFeed,
    /// The capture stands but for the opponent's rightmost occupied house.
    LeftRightmost,
    /// The capture stands, and the opponent takes the capturer's seeds left.
    OpponentTookRest,
}

impl Event {
    /// The event in words, with house labels for a board laid out as
    /// `layout` says.
    pub fn describe(&self, layout: Layout) -> String {
        let label = |place: usize| place_label(place, layout);
        match *self {
            Event::Lift { house, seeds } => format!("lift {seeds} from {}", label(house)),
            Event::Drop { house, now } => format!("drop in {} (now {now})", label(house)),
            Event::SkipOrigin { house } => format!("skip {} (the origin)", label(house)),
            Event::Relay { house, seeds } => format!("relay: lift {seeds} from {}", label(house)),
            Event::StopOffered { house } => format!("may stop in {}", label(house)),
            Event::ReverseOffered { house } => {
                format!("may sow from {} the other way", label(house))
            }
            Event::Mark { house } => format!("mark {}", label(house)),
            Event::Capture { house, seeds } => format!("capture {seeds} from {}", label(house)),
            Event::Child { house, side } => format!("{} becomes {side}'s child", label(house)),
            Event::Ram { house, made: true } => format!("{} becomes a ram", label(house)),
            Event::Ram { house, made: false } => format!("{} is a ram no more", label(house)),
            Event::GrandSlam { outcome } => match outcome {
                SlamOutcome::Captured => "grand slam: the capture stands".into(),
                SlamOutcome::NothingCaptured => "grand slam: nothing is captured".into(),
                SlamOutcome::CaptureThenFeed => {
                    "grand slam: the capture stands and the capturer must feed".into()
                }
                SlamOutcome::LeftRightmost => {
                    "grand slam: the opponent's rightmost occupied house gets its seeds back".into()
                }
                SlamOutcome::OpponentTookRest => {
                    "grand slam: the opponent takes the capturer's seeds left".into()
                }
            },
            Event::ExtraTurn { side } => format!("{side} moves again"),
            Event::Pass { side } => format!("{side} has no seeds and passes"),
            Event::Collect { side, seeds } => format!("{side} collects {seeds}"),
            Event::BearOff { side, seeds } => {
                format!("{side} bears off {seeds}: they leave the row for {side}'s store")
            }
            Event::BearingOff => {
                "no house holds more than one seed: from now on the game bears off".into()
            }
            Event::GameOver { reason } => format!("game over: {}", reason.describe()),
            Event::RoundOver { reason, winner } => format!(
                "round over: {}; {}; the next round starts",
                reason.describe(),
                match winner {
                    Some(side) => format!("{side} wins the round"),
                    None => "the round is drawn".to_string(),
                }
            ),
            Event::Close { house } => {
                format!("{} closes: blocked for the rest of the game", label(house))
            }
            Event::SkipBlocked { house } => format!("skip {} (blocked)", label(house)),
            Event::OutOfPlay { house } => format!(
                "a seed for {} (blocked) leaves play, into South's store",
                label(house)
            ),
            Event::Skip { house } => format!("pass over {}", label(house)),
            Event::Spill { house: Some(house) } => format!(
                "a seed for {} (full) leaves play, into South's store",
                label(house)
            ),
            Event::Give { house, seeds, now } => format!(
                "drop the {seeds} seed(s) captured into {} (now {now})",
                label(house)
            ),
            Event::Place { house, now } => {
                format!("place a seed from the hand in {} (now {now})", label(house))
            }
            Event::Share { from, to } => format!(
                "share one seed of {} with the opponent, into {}",
                label(from),
                label(to)
            ),
            Event::Spill { house: None } => {
                "a seed past the row's end leaves play, into South's store".to_string()
            }
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Receives the events of a move.
pub trait Trace {
    /// Whether events are kept. The engine takes shortcuts that skip
    /// single events (a whole lap sown at once) only when they are not.
    const RECORDS: bool = true;

    /// Records one event.
    fn record(&mut self, event: Event);
}

/// Records nothing; the engine's fast path.
impl Trace for () {
    const RECORDS: bool = false;

    #[inline(always)]
    fn record(&mut self, _: Event) {}
}

/// Records every event in order.
impl Trace for Vec<Event> {
    fn record(&mut self, event: Event) {
        self.push(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reason_names_match_the_fixtures() {
        assert_eq!(EndReason::SeedsLeft(4).name(), "four_left");
        assert_eq!(EndReason::SeedsLeft(20).name(), "20_left");
        assert_eq!(
            EndReason::CannotFeedAfterSlam.name(),
            "cannot_feed_after_slam"
        );
        assert_eq!(EndReason::NoMove.to_string(), "no_move");
    }

    #[test]
    fn events_use_house_labels() {
        assert_eq!(
            Event::Drop { house: 7, now: 3 }.describe(crate::position::Layout::two_rows(6)),
            "drop in b (now 3)"
        );
        assert_eq!(
            Event::Capture { house: 2, seeds: 4 }.describe(crate::position::Layout::two_rows(6)),
            "capture 4 from C"
        );
    }
}
