//! Per-house layers: the marks some variants keep on every house beside its
//! seeds (children, blocked houses, houses already played, who owns a
//! house). Every layer is declared here once, and everything a layer needs
//! follows from its declaration:
//!
//! - its notation in positions: the layer's word, a colon, and one mark a
//!   house in house order (`children:......S.....`), read and written by
//!   [`Position::set_layer_marks`] and [`Position::layer_marks`];
//! - its part of the position key: one key term per house and bit plane;
//! - its validity check against the variant ([`crate::Rules::check_layer`]);
//! - its lines under a board diagram ([`Layer::describe`]), and its field in
//!   `replay --json` (named by [`Layer::word`]).
//!
//! A layer's value at a house is a small number kept in one or two bit
//! planes of the position (a `u64` each, bit `h` for house `h`), so the
//! engine tests a mark with a shift and a mask, and a change updates the
//! key by one addition per plane.

use crate::position::{Position, Side};

/// The bit planes of every layer, in [`Position`]'s array of planes.
pub(crate) const PLANES: usize = 6;

/// A per-house layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layer {
    /// Children: houses that keep their seeds for one player (`S`, `N`), or
    /// rams, nobody's (`R`).
    Children,
    /// Blocked houses, closed for the rest of the game (`x`).
    Blocked,
    /// Houses already played, where each house must be played once before
    /// any is played again (`x`).
    Played,
    /// Who owns each house (`S`, `N`): a house's owner may change between
    /// rounds (territory). By default South owns `A`… and North `a`… (C1).
    Owner,
    /// Houses their owner has marked (`m`), where a relay lap that ends in
    /// one may stop by the mover's choice (`[sowing]
    /// relay_may_stop_at_marked`).
    Marked,
}

impl Layer {
    /// Every layer, in the order positions write them.
    pub const ALL: [Layer; 5] = [
        Layer::Children,
        Layer::Blocked,
        Layer::Played,
        Layer::Owner,
        Layer::Marked,
    ];

    /// The word that names the layer in positions and in `replay --json`.
    pub fn word(self) -> &'static str {
        match self {
            Layer::Children => "children",
            Layer::Blocked => "blocked",
            Layer::Played => "played",
            Layer::Owner => "owner",
            Layer::Marked => "marked",
        }
    }

    /// The layer a word names.
    pub fn from_word(word: &str) -> Option<Layer> {
        Layer::ALL.into_iter().find(|l| l.word() == word)
    }

    /// The marks, by value: value 0 is the mark of a house the layer leaves
    /// alone.
    pub fn marks(self) -> &'static [u8] {
        match self {
            Layer::Children => b".SNR",
            Layer::Blocked | Layer::Played => b".x",
            // Value 0: the house's own row's owner; 1: the other player.
            Layer::Owner => b"SN",
            Layer::Marked => b".m",
        }
    }

    /// The marks in words: "`.`, `S`, `N` or `R`".
    pub fn marks_in_words(self) -> String {
        let marks: Vec<String> = self
            .marks()
            .iter()
            .map(|&m| format!("`{}`", m as char))
            .collect();
        match marks.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => marks.concat(),
        }
    }

    /// The planes that hold the layer's value, lowest bit first.
    pub(crate) fn planes(self) -> std::ops::Range<usize> {
        match self {
            Layer::Children => 0..2,
            Layer::Blocked => 2..3,
            Layer::Played => 3..4,
            Layer::Owner => 4..5,
            Layer::Marked => 5..6,
        }
    }

    /// Why a position may not carry the layer in a variant without it.
    pub(crate) fn absent_because(self) -> &'static str {
        match self {
            Layer::Children => "its houses never become children",
            Layer::Blocked => "its houses are never blocked",
            Layer::Played => "it does not remember which houses have been played",
            Layer::Owner => "its houses never change owner",
            Layer::Marked => "its houses are never marked",
        }
    }

    /// The mark of `house` in `position`.
    pub fn mark(self, position: &Position, house: usize) -> char {
        let value = position.layer_value(self, house);
        match self {
            // Stored as "owned by the other row's player", written as who.
            Layer::Owner => {
                let own_row = position.row_of(house);
                let owner = if value == 0 {
                    own_row
                } else {
                    own_row.opponent()
                };
                if owner == Side::South { 'S' } else { 'N' }
            }
            _ => self.marks()[value as usize] as char,
        }
    }

    /// The value a mark stands for at `house`, if it is one of the layer's.
    pub(crate) fn value_of(self, mark: u8, house: usize, houses_per_side: usize) -> Option<u8> {
        let value = self.marks().iter().position(|&m| m == mark)? as u8;
        Some(match self {
            // `S` on South's row is the default (0), on North's the change.
            Layer::Owner => value ^ u8::from(house >= houses_per_side),
            _ => value,
        })
    }

    /// The lines a board diagram adds for the layer (none while it is
    /// empty), such as `Blocked: B, e`.
    pub fn describe(self, position: &Position) -> Vec<String> {
        if position.layer_is_empty(self) {
            return Vec::new();
        }
        let layout = position.layout();
        let houses = 0..2 * layout.houses_per_side();
        let labels = |filter: &dyn Fn(usize) -> bool| -> Vec<String> {
            houses
                .clone()
                .filter(|&h| filter(h))
                .map(|h| layout.label(h).to_string())
                .collect()
        };
        let mut lines = Vec::new();
        match self {
            Layer::Children => {
                let children: Vec<String> = houses
                    .clone()
                    .filter_map(|house| {
                        position
                            .child_of(house)
                            .map(|owner| format!("{} is {owner}'s", layout.label(house)))
                    })
                    .collect();
                if !children.is_empty() {
                    lines.push(format!("Children: {}", children.join(", ")));
                }
                let rams = labels(&|h| position.rams() >> h & 1 != 0);
                if !rams.is_empty() {
                    lines.push(format!("Rams: {}", rams.join(", ")));
                }
            }
            Layer::Blocked => {
                lines.push(format!(
                    "Blocked: {}",
                    labels(&|h| position.is_blocked(h)).join(", ")
                ));
            }
            Layer::Played => {
                lines.push(format!(
                    "Played already: {}",
                    labels(&|h| position.played_houses() >> h & 1 != 0).join(", ")
                ));
            }
            Layer::Marked => {
                lines.push(format!(
                    "Marked: {}",
                    labels(&|h| position.layer_value(Layer::Marked, h) != 0).join(", ")
                ));
            }
            Layer::Owner => {
                for side in Side::BOTH {
                    let taken = labels(&|h| {
                        position.layer_value(Layer::Owner, h) != 0 && position.row_of(h) != side
                    });
                    if !taken.is_empty() {
                        lines.push(format!("{side} owns {}", taken.join(", ")));
                    }
                }
            }
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layer_has_its_own_planes_word_and_marks() {
        let mut planes = Vec::new();
        for layer in Layer::ALL {
            assert_eq!(Layer::from_word(layer.word()), Some(layer));
            assert_eq!(layer.marks().len(), 1 << layer.planes().len());
            planes.extend(layer.planes());
        }
        assert_eq!(planes, (0..PLANES).collect::<Vec<_>>());
        assert_eq!(Layer::Children.marks_in_words(), "`.`, `S`, `N` or `R`");
    }

    #[test]
    fn marks_round_trip_through_a_position() {
        let mut position = Position::new(&[1; 8], [0, 0], Side::South).unwrap();
        for layer in Layer::ALL {
            let marks: String = (0..8)
                .map(|h| layer.marks()[h % layer.marks().len()] as char)
                .collect();
            position.set_layer_marks(layer, &marks).unwrap();
            assert_eq!(position.layer_marks(layer), marks, "{layer:?}");
        }
        assert_eq!(position.key(), position.compute_key());
        // The default owners mark nothing.
        let fresh = Position::new(&[1; 8], [0, 0], Side::South).unwrap();
        assert_eq!(fresh.layer_marks(Layer::Owner), "SSSSNNNN");
        assert!(fresh.layer_is_empty(Layer::Owner));
    }
}
