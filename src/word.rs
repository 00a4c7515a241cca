//! A position's state words: the few values some variants carry beside the
//! seeds and the per-house layers ([`crate::layer`]), such as who captured
//! last (`last:S`), a feeding move owed (`feed`) or the quiet moves left
//! (`quiet:2`). Every word is declared here once, and everything a word
//! needs follows from its declaration:
//!
//! - its notation in positions: its name, and for a word that holds more
//!   than on or off, a colon and its value ([`Word::read`], [`Word::text`]);
//! - its part of the position key (`Word::key`);
//! - its check against the variant: [`crate::Rules::word_limit`] says which
//!   words a variant keeps and how far each may go, and the phase that
//!   makes a word checks anything more it needs;
//! - its line under a board diagram ([`Word::describe`]), and its field in
//!   `replay --json`, named by [`Word::name`].
//!
//! A position keeps each word as one byte, 0 where the word is absent; the
//! rules read and write it through a typed handle ([`Typed`], such as
//! [`QUIET`]), so `position.get(QUIET)` is a count and `position.get(LAST)`
//! a player or none.

use std::marker::PhantomData;

use crate::board::Direction;
use crate::diagnostic::excerpt;
use crate::position::{Label, Layout, Side};

/// How many state words there are.
pub(crate) const WORDS: usize = 13;

/// The bytes of a position's packed state: every word's code
/// ([`Word::slot`]) and the player to move.
pub(crate) const STATE_BYTES: usize = 6;

/// A state word of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Word {
    /// Who captured last, where an ending gives the last capturer the seeds
    /// left (`last:S`).
    Last,
    /// The side to move owes the feeding move that follows a grand slam
    /// (`feed`, R2).
    Feed,
    /// The game bears off from now on (`bear_off`, `[sowing] bear_off`).
    BearOff,
    /// The mover is on a capture's extra turn and a capture now gives no
    /// other (`again`, `[turn] extra_turn = "after_capture_once"`).
    Again,
    /// Moves left, from the start, that capture nothing (`quiet:2`,
    /// `[capture] quiet_moves`).
    Quiet,
    /// The house where the last move's single seed landed after crossing a
    /// row's end (`crossed:a`, `[play] no_return`).
    Crossed,
    /// Opening moves left (`opening:2`, `[play] opening_moves`).
    Opening,
    /// The ways South and North sow since the first move chose them
    /// (`ways:><`, `[sowing] direction_by = "first_move"`).
    Ways,
    /// Who started the round being played (`starter:S`, `[capture]
    /// last_seeds_to_round_starter`).
    Starter,
    /// The player who may neither capture nor make a child until a move
    /// captures or makes one (`waiting:S`, `[capture] starter_waits`).
    Waiting,
    /// No child is made in the round being played (`no_children`, `[rounds]
    /// children_need_houses`).
    NoChildren,
    /// Where each player stands with the way they sow, where each chooses
    /// it once on their own first or second move (`own_ways:>2`,
    /// `[sowing] direction_by = "own_second_move"` or `"own_first_move"`).
    OwnWays,
    /// Houses the player to move takes from the opponent's, of their
    /// choosing, instead of sowing: those a capture before could not take
    /// (`owed:2`, `[capture] chosen_left_to_opponent`).
    Owed,
}

/// What a word holds, which decides how it is written and read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// On or off: the word alone (`feed`).
    Flag,
    /// A player or none (`last:S`).
    Player,
    /// A count, 0 for none (`quiet:2`).
    Count,
    /// A house or none (`crossed:a`).
    House,
    /// South's way and North's, or none (`ways:><`).
    Ways,
    /// Each player's own way, or how far they are from choosing it
    /// (`own_ways:>2`).
    OwnWays,
}

impl Word {
    /// Every word, in the order positions write them.
    pub const ALL: [Word; WORDS] = [
        Word::Last,
        Word::Feed,
        Word::BearOff,
        Word::Again,
        Word::Quiet,
        Word::Crossed,
        Word::Opening,
        Word::Ways,
        Word::Starter,
        Word::Waiting,
        Word::NoChildren,
        Word::OwnWays,
        Word::Owed,
    ];

    /// The word's name in positions and in `replay --json`.
    pub fn name(self) -> &'static str {
        match self {
            Word::Last => "last",
            Word::Feed => "feed",
            Word::BearOff => "bear_off",
            Word::Again => "again",
            Word::Quiet => "quiet",
            Word::Crossed => "crossed",
            Word::Opening => "opening",
            Word::Ways => "ways",
            Word::Starter => "starter",
            Word::Waiting => "waiting",
            Word::NoChildren => "no_children",
            Word::OwnWays => "own_ways",
            Word::Owed => "owed",
        }
    }

    /// The word a name names.
    pub fn from_name(name: &str) -> Option<Word> {
        Word::ALL.into_iter().find(|w| w.name() == name)
    }

    /// Where a position keeps the word's code: a byte of its packed state
    /// ([`STATE_BYTES`]), and the shift and mask of the word's bits in it.
    /// Each word takes only the bits its codes need (a flag one, a player
    /// two, a house six, a count eight), so the words and the player to
    /// move fit six bytes and a position stays 128 bytes, which the
    /// compiler copies inline.
    #[inline(always)]
    pub(crate) const fn slot(self) -> (usize, u32, u8) {
        match self {
            // Byte 0: bit 0 is the player to move (`TO_MOVE_BIT`).
            Word::Feed => (0, 1, 1),
            Word::BearOff => (0, 2, 1),
            Word::Again => (0, 3, 1),
            Word::OwnWays => (0, 4, 0xF),
            Word::Last => (1, 0, 3),
            Word::Starter => (1, 2, 3),
            Word::Waiting => (1, 4, 3),
            Word::Ways => (1, 6, 3),
            Word::Quiet => (2, 0, 0xFF),
            Word::Opening => (3, 0, 0xFF),
            Word::Owed => (4, 0, 0xFF),
            // Houses are 0 to 61: a house plus one fits six bits.
            Word::Crossed => (5, 0, 0x3F),
            Word::NoChildren => (5, 6, 1),
        }
    }

    /// What the word holds.
    pub fn kind(self) -> Kind {
        match self {
            Word::Feed | Word::BearOff | Word::Again | Word::NoChildren => Kind::Flag,
            Word::Last | Word::Starter | Word::Waiting => Kind::Player,
            Word::Quiet | Word::Opening | Word::Owed => Kind::Count,
            Word::Crossed => Kind::House,
            Word::Ways => Kind::Ways,
            Word::OwnWays => Kind::OwnWays,
        }
    }

    /// The word as errors quote it: `feed`, or `last:` for a word with a
    /// value.
    pub fn quoted(self) -> String {
        match self.kind() {
            Kind::Flag => format!("`{}`", self.name()),
            _ => format!("`{}:`", self.name()),
        }
    }

    /// The word's form with an example, for errors: "`quiet:` and the
    /// quiet moves left, such as `quiet:2`".
    pub fn form(self) -> String {
        let example = match self {
            Word::Quiet => "the quiet moves left, such as `quiet:2`",
            Word::Opening => "the opening moves left, such as `opening:2`",
            Word::Owed => "the houses to take instead of sowing, such as `owed:2`",
            Word::Crossed => "a house, such as `crossed:a`",
            Word::Ways => "the ways South and North sow, `ways:><` or `ways:<>`",
            Word::OwnWays => {
                "South's way then North's, each `1` (first move to come), `2` (second move, which chooses, to come) or the way chosen, `>` or `<`, such as `own_ways:>2`"
            }
            _ => "",
        };
        match self.kind() {
            Kind::Flag => self.quoted(),
            Kind::Player => format!("`{0}:S` or `{0}:N`", self.name()),
            _ => format!("{} and {example}", self.quoted()),
        }
    }

    /// What a position has one of, when a word is given twice with two
    /// values: "one last capturer".
    pub(crate) fn one(self) -> &'static str {
        match self {
            Word::Last => "one last capturer",
            Word::Quiet => "one count of quiet moves",
            Word::Crossed => "one crossed house",
            Word::Opening => "one count of opening moves",
            Word::Ways | Word::OwnWays => "one pair of ways",
            Word::Starter => "one round starter",
            Word::Waiting => "one player waiting",
            Word::Owed => "one count of houses owed",
            Word::Feed | Word::BearOff | Word::Again | Word::NoChildren => "each word once",
        }
    }

    /// Why a position may not carry the word in a variant without it.
    pub fn absent_because(self) -> &'static str {
        match self {
            Word::Last => {
                "no ending gives seeds to the last capturer, so a position does not record who captured last"
            }
            Word::Feed => {
                "a feeding move is owed only after a grand slam under `grand_slam = \"capture_then_feed\"`"
            }
            Word::BearOff => "its sowing never bears off",
            Word::Again => {
                "only [turn] extra_turn = \"after_capture_once\" limits a capture's extra turns"
            }
            Word::Quiet => "every move may capture (`[capture] quiet_moves`)",
            Word::Crossed => {
                "it has no rule against sowing a single seed straight back (`[play] no_return`)"
            }
            Word::Opening => "it has no opening moves (`[play] opening_moves`)",
            Word::Ways => "its first move does not choose which way each player sows",
            Word::OwnWays => "its players do not each choose once the way they sow",
            Word::Starter => {
                "no rule asks who started the round (only `[capture] last_seeds_to_round_starter` does)"
            }
            Word::Waiting => {
                "nobody waits for a first capture or child (`[capture] starter_waits`)"
            }
            Word::NoChildren => {
                "no round is played without children (`[rounds] children_need_houses`)"
            }
            Word::Owed => {
                "no capture leaves the opponent houses to take (`[capture] chosen_left_to_opponent`)"
            }
        }
    }

    /// Why a count is more than the variant allows: "its first 2 move(s)
    /// capture nothing".
    pub(crate) fn over_limit(self, limit: u8) -> String {
        match self {
            Word::Quiet => format!("its first {limit} move(s) capture nothing"),
            Word::Opening => format!("it has {limit} opening move(s)"),
            _ => format!("it has at most {limit}"),
        }
    }

    /// The key's term for the word holding `code`: a count's multiple of the
    /// word's multiplier, or a player's own term, so a change moves the key
    /// by one subtraction and one addition.
    #[inline]
    pub(crate) fn key(self, code: u8) -> u64 {
        let [south, north, multiplier] = KEY_WORD[self as usize];
        match self.kind() {
            Kind::Player => [0, south, north][code as usize % 3],
            _ => (code as u64).wrapping_mul(multiplier),
        }
    }

    /// The code the word's value text stands for on a board of
    /// `houses_per_side` (`value` is what follows the colon, if any), or
    /// what was expected instead.
    pub fn read(self, value: Option<&str>, layout: Layout) -> Result<u8, String> {
        let Some(value) = value else {
            return match self.kind() {
                Kind::Flag => Ok(1),
                _ => Err(format!("expected {}", self.form())),
            };
        };
        let expected = || format!("expected {}, found `{}`", self.form(), excerpt(value));
        match self.kind() {
            Kind::Flag => Err(format!("{} takes no value", self.quoted())),
            Kind::Player => match value {
                "S" => Ok(Side::South.code()),
                "N" => Ok(Side::North.code()),
                _ => Err(expected()),
            },
            Kind::Count => match value.parse::<u8>() {
                Ok(count) => Ok(count),
                Err(_) if value.bytes().all(|b| b.is_ascii_digit()) => {
                    Err(format!("`{value}` is too many: at most {}", u8::MAX))
                }
                Err(_) => Err(expected()),
            },
            Kind::House => match Label::parse(value) {
                Some(label) => match layout.house(label) {
                    Some(house) => Ok(Some(house).code()),
                    None => Err(format!("`{value}` is not a house of this board")),
                },
                None => Err(expected()),
            },
            Kind::Ways => match value {
                "><" => Ok(Some(Direction::CounterClockwise).code()),
                "<>" => Ok(Some(Direction::Clockwise).code()),
                _ => Err(expected()),
            },
            Kind::OwnWays => {
                let marks: Vec<OwnWay> = value.chars().filter_map(OwnWay::from_mark).collect();
                match marks[..] {
                    [south, north] if value.chars().count() == 2 => {
                        Ok(OwnWays { south, north }.code())
                    }
                    _ => Err(expected()),
                }
            }
        }
    }

    /// The word's value as positions write it after the colon (`S`, `2`,
    /// `a`, `><`), or `None` where the word holds nothing (code 0) or is a
    /// flag.
    pub fn value_text(self, code: u8, layout: Layout) -> Option<String> {
        if code == 0 {
            return None;
        }
        match self.kind() {
            Kind::Flag => None,
            Kind::Player => Side::decode(code).map(|side| side_letter(side).to_string()),
            Kind::Count => Some(code.to_string()),
            Kind::House => Option::<usize>::decode(code).map(|h| layout.label(h).to_string()),
            Kind::Ways => Option::<Direction>::decode(code)
                .map(|south| format!("{}{}", south.mark(), south.reversed().mark())),
            Kind::OwnWays => {
                let ways = OwnWays::decode(code);
                Some(format!("{}{}", ways.south.mark(), ways.north.mark()))
            }
        }
    }

    /// The word as positions write it (`feed`, `quiet:2`), or `None` where
    /// it is absent.
    pub fn text(self, code: u8, layout: Layout) -> Option<String> {
        match (self.kind(), code) {
            (_, 0) => None,
            (Kind::Flag, _) => Some(self.name().to_string()),
            _ => Some(format!(
                "{}:{}",
                self.name(),
                self.value_text(code, layout)?
            )),
        }
    }

    /// The line a board diagram adds for the word holding `code`, or `None`
    /// where it is absent.
    pub fn describe(self, code: u8, layout: Layout) -> Option<String> {
        if code == 0 {
            return None;
        }
        let player = || Side::decode(code).map_or("", Side::title);
        Some(match self {
            Word::Last => format!("Captured last: {}", player()),
            Word::Feed => "Feed: the mover owes a move that gives the opponent seeds".into(),
            Word::BearOff => {
                "Bearing off: seeds sown past the mover's row go to the mover's store".into()
            }
            Word::Again => {
                "Again: the mover is on a capture's extra turn; a capture now gives no other".into()
            }
            Word::Quiet => format!("Quiet moves left: {code}"),
            Word::Crossed => format!(
                "Crossed: the single seed in {} came across the end of a row and may not go straight back",
                self.value_text(code, layout)?
            ),
            Word::Opening => format!("Opening moves left: {code}"),
            Word::Ways => {
                let south = Option::<Direction>::decode(code)?;
                let words = Direction::name;
                format!(
                    "South sows {}, North {}",
                    words(south),
                    words(south.reversed())
                )
            }
            Word::Starter => format!("Round started by: {}", player()),
            Word::Waiting => format!(
                "Waiting: {} neither captures nor makes a child until a move captures or makes one",
                player()
            ),
            Word::NoChildren => "No children: this round is played without making children".into(),
            Word::OwnWays => {
                let ways = OwnWays::decode(code);
                format!(
                    "Ways: South {}, North {}",
                    ways.south.words(),
                    ways.north.words()
                )
            }
            Word::Owed => format!(
                "Owed: the player to move takes {code} of the opponent's houses instead of sowing"
            ),
        })
    }
}

fn side_letter(side: Side) -> char {
    if side == Side::South { 'S' } else { 'N' }
}

/// The key's terms per word: South's and North's terms for a word that
/// names a player, a multiplier for the others (their code times it).
const KEY_WORD: [[u64; 3]; WORDS] = [
    [0x2127_599B_F432_5C37, 0x8A5C_D789_635D_2DFF, 0],
    [0, 0, 0x1405_7B7E_F767_814F],
    [0, 0, 0x5C1D_93E7_2B8A_64F3],
    [0, 0, 0x3B9E_06C5_D14F_A827],
    [0, 0, 0x6C8E_9CF5_7093_2BD5],
    [0, 0, 0x3A5B_D1E2_90C7_4F1B],
    [0, 0, 0xA54F_F53A_5F1D_36F1],
    [0, 0, 0x1F83_D9AB_FB41_BD6B],
    [0x7A3D_0C9E_51B4_E26B, 0xD2F4_8E1A_6C09_B537, 0],
    [0x4B1E_87D3_29F6_C05D, 0xE60A_5C3F_B7D2_1948, 0],
    [0, 0, 0x91C7_3E5A_D04B_F86E],
    [0, 0, 0x2D6B_A7F1_4C93_E85B],
    [0, 0, 0x2E8B_6F14_C3A9_D75B],
];

/// A value a word holds, as a position keeps it: one byte, 0 where the word
/// is absent.
pub trait Value: Copy {
    /// The byte that stands for the value.
    fn code(self) -> u8;
    /// The value a byte stands for.
    fn decode(code: u8) -> Self;
}

impl Value for bool {
    fn code(self) -> u8 {
        u8::from(self)
    }
    fn decode(code: u8) -> bool {
        code != 0
    }
}

impl Value for u8 {
    fn code(self) -> u8 {
        self
    }
    fn decode(code: u8) -> u8 {
        code
    }
}

impl Value for Option<Side> {
    fn code(self) -> u8 {
        self.map_or(0, Side::code)
    }
    fn decode(code: u8) -> Option<Side> {
        Side::decode(code)
    }
}

impl Side {
    fn code(self) -> u8 {
        self as u8 + 1
    }
    fn decode(code: u8) -> Option<Side> {
        match code {
            1 => Some(Side::South),
            2 => Some(Side::North),
            _ => None,
        }
    }
}

/// A house, kept as its number plus one.
impl Value for Option<usize> {
    fn code(self) -> u8 {
        self.map_or(0, |house| house as u8 + 1)
    }
    fn decode(code: u8) -> Option<usize> {
        code.checked_sub(1).map(usize::from)
    }
}

/// South's way (North sows the other).
impl Value for Option<Direction> {
    fn code(self) -> u8 {
        match self {
            None => 0,
            Some(Direction::CounterClockwise) => 1,
            Some(Direction::Clockwise) => 2,
        }
    }
    fn decode(code: u8) -> Option<Direction> {
        match code {
            1 => Some(Direction::CounterClockwise),
            2 => Some(Direction::Clockwise),
            _ => None,
        }
    }
}

/// Where one player stands with the way they sow, where each chooses it
/// once, on their own second move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnWay {
    /// Their first move is to come, sown the board's way (`1`).
    First,
    /// Their second move, which chooses the way, is to come (`2`).
    Choosing,
    /// The way they chose (`>` or `<`).
    Chosen(Direction),
}

impl OwnWay {
    fn mark(self) -> char {
        match self {
            OwnWay::First => '1',
            OwnWay::Choosing => '2',
            OwnWay::Chosen(way) => way.mark(),
        }
    }

    fn from_mark(mark: char) -> Option<OwnWay> {
        match mark {
            '1' => Some(OwnWay::First),
            '2' => Some(OwnWay::Choosing),
            _ => Direction::from_mark(mark).map(OwnWay::Chosen),
        }
    }

    fn words(self) -> &'static str {
        match self {
            OwnWay::First => "first move to come",
            OwnWay::Choosing => "chooses the way on the next move",
            OwnWay::Chosen(way) => way.name(),
        }
    }

    fn code(self) -> u8 {
        match self {
            OwnWay::First => 0,
            OwnWay::Choosing => 1,
            OwnWay::Chosen(Direction::CounterClockwise) => 2,
            OwnWay::Chosen(Direction::Clockwise) => 3,
        }
    }

    fn decode(code: u8) -> OwnWay {
        match code & 3 {
            0 => OwnWay::First,
            1 => OwnWay::Choosing,
            2 => OwnWay::Chosen(Direction::CounterClockwise),
            _ => OwnWay::Chosen(Direction::Clockwise),
        }
    }

    /// Where the player stands after sowing a move the way `way` (none:
    /// the board's way).
    pub fn after(self, way: Option<Direction>) -> OwnWay {
        match (self, way) {
            (OwnWay::First, _) => OwnWay::Choosing,
            (OwnWay::Choosing, Some(way)) => OwnWay::Chosen(way),
            (standing, _) => standing,
        }
    }
}

/// Both players' ways, where each chooses theirs once: absent (code 0)
/// while neither has moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnWays {
    /// South's.
    pub south: OwnWay,
    /// North's.
    pub north: OwnWay,
}

impl OwnWays {
    /// `side`'s.
    pub fn of(self, side: Side) -> OwnWay {
        match side {
            Side::South => self.south,
            Side::North => self.north,
        }
    }

    /// With `side`'s replaced by `way`.
    pub fn with(mut self, side: Side, way: OwnWay) -> OwnWays {
        match side {
            Side::South => self.south = way,
            Side::North => self.north = way,
        }
        self
    }
}

impl Value for OwnWays {
    fn code(self) -> u8 {
        self.south.code() | self.north.code() << 2
    }
    fn decode(code: u8) -> OwnWays {
        OwnWays {
            south: OwnWay::decode(code),
            north: OwnWay::decode(code >> 2),
        }
    }
}

/// A word with the type of its value, the handle the rules use:
/// `position.get(QUIET)` is a `u8`, `position.set(LAST, Some(side))`.
pub struct Typed<T> {
    /// The word.
    pub word: Word,
    value: PhantomData<fn() -> T>,
}

impl<T> Clone for Typed<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Typed<T> {}

impl<T> Typed<T> {
    const fn new(word: Word) -> Typed<T> {
        Typed {
            word,
            value: PhantomData,
        }
    }
}

/// Who captured last.
pub const LAST: Typed<Option<Side>> = Typed::new(Word::Last);
/// A feeding move owed.
pub const FEED: Typed<bool> = Typed::new(Word::Feed);
/// The game bears off.
pub const BEAR_OFF: Typed<bool> = Typed::new(Word::BearOff);
/// A capture's extra turn already taken.
pub const AGAIN: Typed<bool> = Typed::new(Word::Again);
/// Quiet moves left.
pub const QUIET: Typed<u8> = Typed::new(Word::Quiet);
/// The house a single seed crossed into.
pub const CROSSED: Typed<Option<usize>> = Typed::new(Word::Crossed);
/// Opening moves left.
pub const OPENING: Typed<u8> = Typed::new(Word::Opening);
/// South's way of sowing, chosen by the first move.
pub const WAYS: Typed<Option<Direction>> = Typed::new(Word::Ways);
/// Who started the round.
pub const STARTER: Typed<Option<Side>> = Typed::new(Word::Starter);
/// Who waits for the first capture or child.
pub const WAITING: Typed<Option<Side>> = Typed::new(Word::Waiting);
/// A round without children.
pub const NO_CHILDREN: Typed<bool> = Typed::new(Word::NoChildren);
/// Each player's own way, chosen once.
pub const OWN_WAYS: Typed<OwnWays> = Typed::new(Word::OwnWays);
/// Houses the player to move takes instead of sowing.
pub const OWED: Typed<u8> = Typed::new(Word::Owed);

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest code a word of each kind takes.
    fn largest_code(word: Word) -> u8 {
        match word.kind() {
            Kind::Flag => 1,
            Kind::Player | Kind::Ways => 2,
            Kind::Count => u8::MAX,
            Kind::House => crate::position::MAX_HOUSES as u8,
            Kind::OwnWays => 0xF,
        }
    }

    #[test]
    fn every_word_has_bits_of_its_own_that_hold_its_codes() {
        // Bit 0 of byte 0 is the player to move.
        let mut taken = [0u8; STATE_BYTES];
        taken[0] = 1;
        for word in Word::ALL {
            let (byte, shift, mask) = word.slot();
            assert!(largest_code(word) <= mask, "{word:?}");
            let bits = mask << shift;
            assert_eq!(bits >> shift, mask, "{word:?} runs past its byte");
            assert_eq!(taken[byte] & bits, 0, "{word:?} shares bits");
            taken[byte] |= bits;
        }
    }

    #[test]
    fn a_position_is_128_bytes_so_copies_stay_inline() {
        assert_eq!(std::mem::size_of::<crate::Position>(), 128);
    }
    use crate::position::Position;

    #[test]
    fn every_word_has_its_own_name_and_key() {
        let mut keys = Vec::new();
        for (index, word) in Word::ALL.into_iter().enumerate() {
            assert_eq!(word as usize, index, "ALL is in declaration order");
            assert_eq!(Word::from_name(word.name()), Some(word));
            keys.push(word.key(1));
            keys.push(word.key(2));
        }
        assert_eq!(Word::key(Word::Quiet, 0), 0);
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(
            keys.len(),
            2 * WORDS,
            "every word and value moves the key its own way"
        );
    }

    #[test]
    fn every_word_round_trips_through_its_text() {
        let n = Layout::two_rows(6);
        for word in Word::ALL {
            let code = match word.kind() {
                Kind::Flag => 1,
                Kind::Player | Kind::Ways | Kind::OwnWays => 2,
                Kind::Count => 17,
                Kind::House => 8,
            };
            let text = word.text(code, n).unwrap();
            let value = text.split_once(':').map(|(_, v)| v);
            assert_eq!(word.read(value, n), Ok(code), "{text}");
            assert!(word.describe(code, n).is_some(), "{text}");
            assert_eq!(word.text(0, n), None);
        }
        assert_eq!(Word::Crossed.text(7, n).as_deref(), Some("crossed:a"));
        assert_eq!(Word::Ways.text(1, n).as_deref(), Some("ways:><"));
        assert_eq!(
            Word::OwnWays.text(2 | 1 << 2, n).as_deref(),
            Some("own_ways:>2")
        );
        assert_eq!(Word::OwnWays.read(Some("1<"), n), Ok(3 << 2));
        assert!(Word::OwnWays.read(Some("2"), n).is_err());
        assert!(Word::OwnWays.read(Some("23"), n).is_err());
    }

    #[test]
    fn a_bad_value_says_what_was_expected() {
        assert_eq!(
            Word::Last.read(Some("X"), Layout::two_rows(6)),
            Err("expected `last:S` or `last:N`, found `X`".into())
        );
        assert_eq!(
            Word::Feed.read(Some("S"), Layout::two_rows(6)),
            Err("`feed` takes no value".into())
        );
        assert_eq!(
            Word::Crossed.read(Some("h"), Layout::two_rows(6)),
            Err("`h` is not a house of this board".into())
        );
        assert_eq!(
            Word::Quiet.read(Some("300"), Layout::two_rows(6)),
            Err("`300` is too many: at most 255".into())
        );
        assert_eq!(
            Word::Quiet.read(None, Layout::two_rows(6)),
            Err("expected `quiet:` and the quiet moves left, such as `quiet:2`".into())
        );
    }

    #[test]
    fn setting_a_word_keeps_the_key() {
        let mut position = Position::new(&[4; 12], [0, 0], Side::South).unwrap();
        let plain = position.key();
        position.set(WAITING, Some(Side::North));
        position.set(QUIET, 3);
        position.set(WAYS, Some(Direction::Clockwise));
        assert_ne!(position.key(), plain);
        assert_eq!(position.key(), position.compute_key());
        assert_eq!(position.get(WAITING), Some(Side::North));
        assert_eq!(position.get(QUIET), 3);
        position.set(WAITING, None);
        position.set(QUIET, 0);
        position.set(WAYS, None);
        assert_eq!(position.key(), plain);
    }
}
