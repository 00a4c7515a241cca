//! Which houses may be played: the seeds a house needs, Ouri's single-seed
//! rule, and the obligation to feed an opponent who has no seeds.

use crate::word::{CROSSED, FEED, OPENING};
use std::fmt::Write as _;

use serde::Deserialize;
use toml::Spanned;

use super::{CompileError, Rules, err, flag_unless, in_range};
use crate::board::Direction;
use crate::moves::{MoveEffect, Verdict};
use crate::position::{
    Label, Layout, Position, PositionError, Side, bytes_at_least, bytes_of_one, nonzero_bytes,
};

/// `[play]`: which houses may be played.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "the table [play]")]
pub struct Section {
    /// The fewest seeds a house must hold to be played.
    #[serde(default = "one")]
    pub min_seeds: Spanned<i64>,
    /// Houses, named as South's (each player's own by the same name), that
    /// need more seeds than `min_seeds` to be played.
    #[serde(default)]
    pub min_seeds_in: Option<Spanned<MinSeedsIn>>,
    /// Houses, named as South's (each player's own by the same name), that
    /// may be played only when no other house may.
    #[serde(default)]
    pub last_resort: Option<Spanned<Vec<String>>>,
    /// Ouri's rule: a house with one seed may be played only when no
    /// otherwise legal house holds two or more.
    #[serde(default)]
    pub single_seed_rule: bool,
    /// When the opponent's row is empty, only moves that sow into it are legal.
    #[serde(default)]
    pub must_feed: bool,
    /// With `must_feed` and a direction chosen by the mover: a house that
    /// feeds one way may be played either way (MancalaGames judges the
    /// house, not the way).
    #[serde(default)]
    pub feed_by_house: Option<Spanned<bool>>,
    /// With `must_feed`: what the player may do when no move feeds.
    #[serde(default)]
    pub when_none_feeds: Option<Spanned<WhenNoneFeeds>>,
    /// With `must_feed`: a move feeds only if the opponent's row holds
    /// seeds after it, its captures made.
    #[serde(default)]
    pub feeds_after_captures: Option<Spanned<bool>>,
    /// Which of the houses holding enough seeds may be played.
    #[serde(default)]
    pub allow: Allow,
    /// A player with no seeds loses the turn instead of the game ending
    /// (compiled into [`super::Turn`]).
    #[serde(default)]
    pub pass_when_empty: bool,
    /// A player with no legal move loses the turn while the other has one;
    /// the game ends when neither has (compiled into [`super::Turn`]).
    #[serde(default)]
    pub pass_when_no_move: Option<Spanned<bool>>,
    /// A single seed that the last move sowed across the end of a row (from
    /// a row's end house into the other row's end house beside it) may not
    /// be sown straight back on the next move (MancalaGames' rule for split
    /// sowing).
    #[serde(default)]
    pub no_return: bool,
    /// The first moves of the game, both players' counted together (an
    /// extra turn and a pass count as one each): the opening, which
    /// `opening_from` and `[sowing] opening` may treat apart.
    #[serde(default)]
    pub opening_moves: Option<Spanned<i64>>,
    /// Which houses an opening move may be played from, instead of `allow`.
    #[serde(default)]
    pub opening_from: Option<Spanned<OpeningFrom>>,
    /// The houses, named as South's (North's of the same names too), that
    /// an opening move may be played from, among those the other rules
    /// let be played (Ludii's Mweiso).
    #[serde(default)]
    pub opening_houses: Option<Spanned<Vec<String>>>,
    /// Where a move sown the board's way captures at the end of its first
    /// lap, only such moves may be played; laps sown the other way by
    /// choice (`[sowing] reverse_from`) stay open beside them (Ludii's
    /// Choro of the Lango).
    #[serde(default)]
    pub first_lap_must_capture: Option<Spanned<bool>>,
    /// Each opening move takes this many of the opponent's houses holding
    /// seeds, of the mover's choosing, into the mover's store, sowing
    /// nothing (`+b3+b5+a2`).
    #[serde(default)]
    pub opening_takes: Option<Spanned<i64>>,
    /// A player may play a house of either row (MancalaGames' `no_sides`):
    /// the mover sows it along their own ring, into their own store.
    #[serde(default)]
    pub from_either_row: Option<Spanned<bool>>,
    /// When the opponent has no seeds, the mover shares one: a seed from a
    /// house holding two or more goes into the opponent's first house, and
    /// the mover moves again (MancalaGames' class `ShareOne`).
    #[serde(default)]
    pub share_one: Option<Spanned<bool>>,
    /// A move may sow any number of the seeds in the mover's own store,
    /// round their own row from its first house (`*K`; MancalaGames'
    /// `play_locs = BRD_OWN_STR_CHS`).
    #[serde(default)]
    pub sow_from_store: Option<Spanned<bool>>,
    /// While a player's store (their hand) holds seeds, their move places
    /// one of them in a house of their own, any one, instead of sowing
    /// (`B6@`; Ludii's Mweso, whose seeds all start in hand).
    #[serde(default)]
    pub place_from_hand: Option<Spanned<bool>>,
    /// Houses their owners mark, where a relay may stop by the mover's
    /// choice (`[sowing] relay_may_stop_at_marked`): the houses marked at
    /// the start, named as South's (`["B1", "B8"]`, North's of the same
    /// names too), or `{ chosen = N }`: each player marks N houses of their
    /// back row, in turns from the first player, before the first sowing
    /// (`B6#`).
    #[serde(default)]
    pub marked: Option<Spanned<Marked>>,
}

/// `marked`: which houses are marked, and how.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
#[serde(expecting = "a list of houses such as [\"B1\", \"B8\"], or a table { chosen = N }")]
pub enum Marked {
    /// The houses marked at the start, by South's labels.
    Houses(Vec<String>),
    /// Each player marks this many houses of their back row.
    Chosen(ChosenMarks),
}

/// `marked = { chosen = N }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChosenMarks {
    /// The houses each player marks.
    pub chosen: i64,
}

/// Which houses an opening move may be played from.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum OpeningFrom {
    /// Any, with the `allow` rule applied as in every move.
    #[default]
    Any,
    /// Only the houses of the right half of the mover's row, seen from the
    /// mover (the middle house of an odd row in neither half); `allow` is
    /// not applied (MancalaGames' `RIGHT_HALF_1ST_OPE`, `RIGHT_HALF_FIRSTS`).
    RightHalf,
    /// Only the two rightmost houses of the mover's row, seen from the
    /// mover, among those the other rules let be played (MancalaGames'
    /// `RIGHT_2_1ST_THEN_ALL_TWO`, whose first move is one of them).
    RightmostTwo,
    /// Only the rightmost house of the mover's row, seen from the mover;
    /// `allow` is not applied (MancalaGames' `start_pattern =
    /// MOVE_RIGHTMOST`, whose first move it makes itself).
    Rightmost,
    /// On four rows: only the houses of the mover's front row, the one
    /// facing the opponent, among those the other rules let be played
    /// (Ludii's Muvalavala of the Luena).
    FrontRow,
    /// On four rows: only the houses of the mover's back row, among those
    /// the other rules let be played (Ludii's Omweso-like games: Mweiso,
    /// Choro, Pereauni).
    BackRow,
    /// Only houses holding exactly two seeds, among those the other rules
    /// let be played (Ludii's Njombwa, whose opening walks a pair of seeds
    /// round each player's rows).
    HoldingTwo,
}

impl Default for Section {
    fn default() -> Section {
        Section {
            min_seeds: one(),
            min_seeds_in: None,
            last_resort: None,
            single_seed_rule: false,
            must_feed: false,
            feed_by_house: None,
            when_none_feeds: None,
            feeds_after_captures: None,
            allow: Allow::Any,
            pass_when_empty: false,
            pass_when_no_move: None,
            no_return: false,
            opening_moves: None,
            opening_takes: None,
            opening_from: None,
            opening_houses: None,
            first_lap_must_capture: None,
            from_either_row: None,
            share_one: None,
            sow_from_store: None,
            place_from_hand: None,
            marked: None,
        }
    }
}

/// `min_seeds_in = { houses = ["B1", "B2"], seeds = 4 }`: houses that need
/// this many seeds to be played.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a table { houses = [\"B1\", …], seeds = N }")]
pub struct MinSeedsIn {
    /// The houses, by South's labels; North's of the same names too.
    pub houses: Vec<String>,
    /// The fewest seeds they must hold to be played.
    pub seeds: i64,
}

fn one() -> Spanned<i64> {
    Spanned::new(0..0, 1)
}

/// With `must_feed`, what a player may do when no move feeds.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum WhenNoneFeeds {
    /// Nothing: the player has no legal move.
    #[default]
    NoMove,
    /// Play any move, as if the opponent had seeds (MancalaGames'
    /// `mustshare` with `mustpass`).
    AnyMove,
}

/// Which houses holding enough seeds may be played.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Allow {
    /// Any of them.
    #[default]
    Any,
    /// A house whose seeds, sown once round, would end in a house of the
    /// mover's own row that already holds seeds may not be played; houses
    /// holding more seeds than a row has houses always may.
    EndsOnOpponentOrEmpty,
    /// A house holding a single seed may be played only when the house it
    /// sows into is empty (MancalaGames' `SINGLE_TO_ZERO`).
    SingleToEmpty,
    /// A house holding a single seed may be played only when no house of
    /// the mover's row holds two or more, before the feeding obligation is
    /// applied (MancalaGames' `SINGLE_ONLY_ALL`; Ouri's rule as its engine
    /// plays it).
    SingleOnlyIfAllSingle,
    /// While a house of the mover's row has not been played yet in the
    /// game, only such houses may be played: every house once before any
    /// twice (MancalaGames' `MOVE_ALL_HOLES_FIRST`). The position keeps the
    /// houses played.
    EachHouseOnceFirst,
    /// A house holding exactly two seeds may be played only when every
    /// playable house of the mover's row holds two, and then only the
    /// rightmost of them, seen from the mover (MancalaGames'
    /// `TWO_ONLY_ALL_RIGHT`).
    TwoOnlyIfAllTwoRightmost,
    /// A house holding exactly two seeds may be played only when every
    /// playable house of the mover's row holds two (MancalaGames'
    /// `TWO_ONLY_ALL`).
    TwoOnlyIfAllTwo,
    /// A house whose opposite house holds a single seed may not be played
    /// (MancalaGames' `NOT_XFROM_1S`).
    OppositeNotSingle,
    /// A house may be played only when its last seed, sown once round
    /// without relays, falls in a house that held seeds (MancalaGames'
    /// `OCCUPIED`).
    EndsInOccupied,
}

/// The feeding obligation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feeding {
    /// None: a player may leave the opponent without seeds.
    Free,
    /// When the opponent's row is empty, only moves that sow into it are
    /// legal, if there are any (R1, R7).
    MustFeed,
    /// As `MustFeed`, but when no move feeds every move is legal
    /// (`when_none_feeds = "any_move"`).
    MustFeedElseAny,
}

/// Which houses may be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playable {
    /// The fewest seeds a playable house holds.
    pub min_seeds: u8,
    /// Houses that need `more_seeds` to be played (`min_seeds_in`): a mask
    /// over a side's houses, bit `i` its house `i` (front row first), the
    /// same for both sides; 0 for none.
    pub more_seeds_in: u32,
    /// The fewest seeds the houses of `more_seeds_in` must hold.
    pub more_seeds: u8,
    /// The fewest seeds each house is played with (`min_seeds`, or
    /// `more_seeds` in the houses of `more_seeds_in`), a byte a house by its
    /// place in the row, eight to a word, as `Position::places_word`
    /// reads a row.
    pub least_seeds: [u64; ROW_WORDS],
    /// Houses played only when no other house may be (`last_resort`): a
    /// mask over a side's houses, bit `i` its house `i` (front row first),
    /// the same for both sides; 0 for none.
    pub last_resort: u32,
    /// Ouri's single-seed rule (R1).
    pub single_seed_rule: bool,
    /// The feeding obligation.
    pub feeding: Feeding,
    /// Whether a house that feeds one way may be played either way.
    pub feed_by_house: bool,
    /// Whether a move feeds only if the opponent's row holds seeds after
    /// it, its captures made (as with `MustFeedElseAny`).
    pub feeds_after_captures: bool,
    /// Which houses may be played.
    pub allow: Allow,
    /// A single seed just sown across the end of a row may not go straight
    /// back.
    pub no_return: bool,
    /// The opening moves at the start of a game (0: none).
    pub opening_moves: u8,
    /// Which houses an opening move may be played from.
    pub opening_from: OpeningFrom,
    /// The houses an opening move may be played from (`opening_houses`),
    /// as a mask over the board's houses, both sides'; 0 for any.
    pub opening_houses: u64,
    /// Whether a move that captures at the end of its first lap must be
    /// played where one can (`first_lap_must_capture`).
    pub first_lap_must_capture: bool,
    /// The opponent's houses each opening move takes instead of sowing
    /// (0: the opening moves sow).
    pub opening_takes: u8,
    /// Whether the legal moves must be judged house by house for the allow
    /// rule or the opening (`legal_moves` tests this one flag).
    pub judged: bool,
    /// Whether a player may play a house of either row.
    pub either_row: bool,
    /// Whether the houses change hands (`[rounds.territory]`): a player
    /// plays the houses they own, on either row. Set with the rounds.
    pub territory: bool,
    /// Whether each player plays the houses of their half of the board, on
    /// both rows (`[board] sides = "halves"` without `from_either_row`).
    /// Set with the board.
    pub halves: bool,
    /// Whether a player whose opponent has no seeds shares one with them
    /// instead of sowing (`share_one`).
    pub share_one: bool,
    /// Whether a move may sow seeds from the mover's own store (`*K`,
    /// `sow_from_store`).
    pub from_store: bool,
    /// Whether a player whose store holds seeds places one in a house of
    /// their own instead of sowing (`B6@`, `place_from_hand`).
    pub places_from_hand: bool,
    /// The houses marked at the start (`marked = [...]`): a mask over a
    /// side's houses, bit `i` its house `i` (front row first), the same for
    /// both sides; 0 for none.
    pub marked_at_start: u32,
    /// The houses of their back row each player marks before the first
    /// sowing (`marked = { chosen = N }`); 0 for none.
    pub marks_chosen: u8,
}

/// Compiles `[play]` (all but `pass_when_empty`, which is the turn's).
pub(crate) fn compile(
    section: &Section,
    total: u32,
    layout: Layout,
) -> Result<Playable, CompileError> {
    let min_seeds = in_range(&section.min_seeds, 1, total as i64, "min_seeds")? as u8;
    let (more_seeds_in, more_seeds) = compile_min_seeds_in(section, min_seeds, total, layout)?;
    let last_resort = compile_last_resort(section, layout)?;
    let opening_moves = match &section.opening_moves {
        Some(moves) => super::in_range(moves, 1, 100, "opening_moves")? as u8,
        None => 0,
    };
    let opening_from = compile_opening_from(section, opening_moves, layout)?;
    let opening_houses = compile_opening_houses(section, opening_moves, layout)?;
    let first_lap_must_capture = section
        .first_lap_must_capture
        .as_ref()
        .is_some_and(|f| *f.get_ref());
    let either_row = compile_either_row(section, opening_moves)?;
    let feeding = compile_feeding(section)?;
    let share_one = compile_share_one(section, either_row)?;
    let feed_by_house = flag_unless(
        &section.feed_by_house,
        !section.must_feed,
        "feed_by_house says how must_feed judges a house: it only applies with must_feed = true",
    )?;
    let feeds_after_captures = flag_unless(
        &section.feeds_after_captures,
        !section.must_feed,
        "feeds_after_captures says how must_feed judges a move: it only applies with must_feed = true",
    )?;
    let from_store = compile_from_store(section, either_row, share_one, opening_moves)?;
    let places_from_hand = compile_place_from_hand(section, either_row, share_one, from_store)?;
    let opening_takes = compile_opening_takes(section, opening_moves)?;
    let (marked_at_start, marks_chosen) = compile_marked(section, layout)?;
    Ok(Playable {
        opening_takes,
        marked_at_start,
        marks_chosen,
        from_store,
        places_from_hand,
        either_row,
        territory: false,
        halves: false,
        feed_by_house,
        feeds_after_captures,
        opening_moves,
        opening_from,
        opening_houses,
        first_lap_must_capture,
        judged: section.allow != Allow::Any
            || opening_from != OpeningFrom::Any
            || opening_houses != 0
            || share_one,
        share_one,
        min_seeds,
        more_seeds_in,
        more_seeds,
        least_seeds: least_seeds(min_seeds, more_seeds_in, more_seeds, layout),
        last_resort,
        single_seed_rule: section.single_seed_rule,
        feeding,
        allow: section.allow,
        no_return: section.no_return,
    })
}

/// `min_seeds_in`: the houses that need more seeds than `min_seeds`, as a
/// mask over a row, and the seeds they need (none: `(0, 0)`).
fn compile_min_seeds_in(
    section: &Section,
    min_seeds: u8,
    total: u32,
    layout: Layout,
) -> Result<(u32, u8), CompileError> {
    Ok(match &section.min_seeds_in {
        None => (0, 0),
        Some(table) => {
            let MinSeedsIn { houses, seeds } = table.get_ref();
            let mask = south_houses(
                houses,
                layout,
                table.span(),
                "min_seeds_in",
                "North's houses of the same names (in lower case) follow",
            )?;
            if !(min_seeds as i64 + 1..=total as i64).contains(seeds) {
                return err(
                    table.span(),
                    format!(
                        "min_seeds_in's seeds must be more than min_seeds ({min_seeds}) and at most the {total} seeds in play; found {seeds}"
                    ),
                );
            }
            (mask, *seeds as u8)
        }
    })
}

/// `last_resort`: the houses played only when no other may be, as a mask
/// over a row (0 for none); some house must be left out.
fn compile_last_resort(section: &Section, layout: Layout) -> Result<u32, CompileError> {
    Ok(match &section.last_resort {
        None => 0,
        Some(houses) => {
            let mask = south_houses(
                houses.get_ref(),
                layout,
                houses.span(),
                "last_resort",
                "North's houses of the same names (in lower case) follow",
            )?;
            if mask == (1u32 << layout.houses_per_side()) - 1 {
                return err(
                    houses.span(),
                    "last_resort names every house of a side: then no house is played as a last resort; leave some out",
                );
            }
            mask
        }
    })
}

/// `opening_from`: where the `opening_moves` are played from, on the rows
/// `layout` has.
fn compile_opening_from(
    section: &Section,
    opening_moves: u8,
    layout: Layout,
) -> Result<OpeningFrom, CompileError> {
    Ok(match &section.opening_from {
        Some(from) if opening_moves == 0 => {
            return Err((
                from.span(),
                "opening_from applies to the opening moves, and there are none".into(),
                Some("give opening_moves, the number of opening moves".into()),
            ));
        }
        Some(from) => {
            let rows_only = matches!(from.get_ref(), OpeningFrom::FrontRow | OpeningFrom::BackRow);
            if rows_only && layout.rows() != 4 {
                return Err((
                    from.span(),
                    format!(
                        "opening_from = \"front_row\" or \"back_row\" reads a player's two rows, on a board of four; this board has {}",
                        layout.rows()
                    ),
                    Some(
                        "on fewer rows each player's houses are one row: leave opening_from out"
                            .into(),
                    ),
                ));
            }
            let any_rows = matches!(from.get_ref(), OpeningFrom::Any | OpeningFrom::HoldingTwo);
            if !rows_only && !any_rows && layout.rows() != 2 {
                return Err((
                    from.span(),
                    format!(
                        "this opening_from reads a single row a player; this board has {} rows",
                        layout.rows()
                    ),
                    Some("on four rows say \"front_row\" or \"back_row\"".into()),
                ));
            }
            *from.get_ref()
        }
        None => OpeningFrom::Any,
    })
}

/// `opening_houses`: the houses the `opening_moves` are played from, as a
/// mask over both sides' houses (South's named, North's of the same names).
fn compile_opening_houses(
    section: &Section,
    opening_moves: u8,
    layout: Layout,
) -> Result<u64, CompileError> {
    let Some(houses) = &section.opening_houses else {
        return Ok(0);
    };
    if opening_moves == 0 {
        return Err((
            houses.span(),
            "opening_houses says where the opening moves are played from, and there are none"
                .into(),
            Some("give opening_moves, the number of opening moves".into()),
        ));
    }
    if section.opening_from.is_some() {
        return err(
            houses.span(),
            "opening_houses names where the opening moves are played from: not with opening_from, which says it too",
        );
    }
    let row = south_houses(
        houses.get_ref(),
        layout,
        houses.span(),
        "opening_houses",
        "North's houses of the same names (in lower case) are his opening houses",
    )?;
    let n = layout.houses_per_side();
    Ok(row as u64 | (row as u64) << n)
}

/// `from_either_row`: whether a player may play the opponent's houses too,
/// refused with the keys that read the mover's own row.
fn compile_either_row(section: &Section, opening_moves: u8) -> Result<bool, CompileError> {
    Ok(match &section.from_either_row {
        Some(flag) if *flag.get_ref() => {
            let clash = [
                (section.must_feed, "must_feed"),
                (section.single_seed_rule, "single_seed_rule"),
                (section.last_resort.is_some(), "last_resort"),
                (section.allow != Allow::Any, "allow"),
                (opening_moves > 0, "opening_moves"),
                (section.pass_when_empty, "pass_when_empty"),
                (
                    section
                        .pass_when_no_move
                        .as_ref()
                        .is_some_and(|p| *p.get_ref()),
                    "pass_when_no_move",
                ),
            ];
            if let Some((_, key)) = clash.iter().find(|(set, _)| *set) {
                return Err((
                    flag.span(),
                    format!(
                        "from_either_row lets a player play the opponent's houses too: not with {key}, which reads the mover's own row"
                    ),
                    None,
                ));
            }
            true
        }
        _ => false,
    })
}

/// `must_feed` and `when_none_feeds`: the obligation to feed an opponent
/// without seeds.
fn compile_feeding(section: &Section) -> Result<Feeding, CompileError> {
    Ok(match (&section.when_none_feeds, section.must_feed) {
        (Some(when), false) => {
            return err(
                when.span(),
                "when_none_feeds says what must_feed allows when no move feeds: it only applies with must_feed = true",
            );
        }
        (Some(when), true) if *when.get_ref() == WhenNoneFeeds::AnyMove => Feeding::MustFeedElseAny,
        (_, true) => Feeding::MustFeed,
        (None, false) => Feeding::Free,
    })
}

/// `share_one`: whether a player feeds an opponent without seeds by
/// sharing one, refused with the other ways of feeding.
fn compile_share_one(section: &Section, either_row: bool) -> Result<bool, CompileError> {
    Ok(match &section.share_one {
        Some(flag) if *flag.get_ref() => {
            let clash = [
                (section.must_feed, "must_feed"),
                (either_row, "from_either_row"),
                (section.pass_when_empty, "pass_when_empty"),
            ];
            if let Some((_, key)) = clash.iter().find(|(set, _)| *set) {
                return err(
                    flag.span(),
                    format!(
                        "share_one is how a player feeds an opponent without seeds: not with {key}"
                    ),
                );
            }
            true
        }
        _ => false,
    })
}

/// `sow_from_store`: whether a move may sow seeds from the mover's store,
/// refused with the keys that say otherwise which houses may be played.
fn compile_from_store(
    section: &Section,
    either_row: bool,
    share_one: bool,
    opening_moves: u8,
) -> Result<bool, CompileError> {
    Ok(match &section.sow_from_store {
        Some(flag) if *flag.get_ref() => {
            let clash = [
                (section.must_feed, "must_feed"),
                (either_row, "from_either_row"),
                (share_one, "share_one"),
                (opening_moves > 0, "opening_moves"),
                (section.no_return, "no_return"),
                (section.allow != Allow::Any, "allow"),
                (section.pass_when_empty, "pass_when_empty"),
            ];
            if let Some((_, key)) = clash.iter().find(|(set, _)| *set) {
                return err(
                    flag.span(),
                    format!(
                        "sow_from_store adds moves from the store to the houses a player may play: not with {key}"
                    ),
                );
            }
            true
        }
        _ => false,
    })
}

/// `place_from_hand`: whether a player whose store holds seeds places one
/// in a house of their own instead of sowing, refused with the keys that
/// give a move from the store another meaning.
fn compile_place_from_hand(
    section: &Section,
    either_row: bool,
    share_one: bool,
    from_store: bool,
) -> Result<bool, CompileError> {
    Ok(match &section.place_from_hand {
        Some(flag) if *flag.get_ref() => {
            let clash = [
                (from_store, "sow_from_store"),
                (either_row, "from_either_row"),
                (share_one, "share_one"),
                (section.must_feed, "must_feed"),
                (section.pass_when_empty, "pass_when_empty"),
            ];
            if let Some((_, key)) = clash.iter().find(|(set, _)| *set) {
                return err(
                    flag.span(),
                    format!(
                        "place_from_hand makes a player whose store holds seeds place one of them instead of sowing: not with {key}"
                    ),
                );
            }
            true
        }
        _ => false,
    })
}

/// `opening_takes`: the opponent's houses each of the `opening_moves`
/// takes instead of sowing (0: they sow).
fn compile_opening_takes(section: &Section, opening_moves: u8) -> Result<u8, CompileError> {
    Ok(match &section.opening_takes {
        None => 0,
        Some(n) if opening_moves == 0 => {
            return Err((
                n.span(),
                "opening_takes says what the opening moves do, and there are none".into(),
                Some("give opening_moves, the number of opening moves".into()),
            ));
        }
        Some(n) if section.opening_from.is_some() => {
            return err(
                n.span(),
                "opening_takes makes the opening moves take houses, sowing none: not with opening_from, which says where they are sown from",
            );
        }
        Some(n) => super::in_range(n, 1, crate::position::MAX_TAKEN as i64, "opening_takes")? as u8,
    })
}

/// The words of eight houses a row may need.
pub(crate) const ROW_WORDS: usize = crate::position::MAX_HOUSES_PER_SIDE.div_ceil(8);

/// [`Playable::least_seeds`].
fn least_seeds(min: u8, more_in: u32, more: u8, layout: Layout) -> [u64; ROW_WORDS] {
    let mut words = [0; ROW_WORDS];
    for offset in 0..layout.houses_per_side() {
        let least = if more_in >> offset & 1 == 1 {
            more
        } else {
            min
        };
        words[offset / 8] |= u64::from(least) << (8 * (offset % 8));
    }
    words
}

/// `marked`: the houses marked at the start, as a mask over a side's
/// houses, and the houses each player marks by choice.
fn compile_marked(section: &Section, layout: Layout) -> Result<(u32, u8), CompileError> {
    let Some(marked) = &section.marked else {
        return Ok((0, 0));
    };
    let back = layout.houses_per_side() - layout.front();
    match marked.get_ref() {
        Marked::Chosen(ChosenMarks { chosen }) => {
            if !(1..=back as i64).contains(chosen) {
                return err(
                    marked.span(),
                    format!(
                        "marked = {{ chosen = N }}: each player marks from 1 to the {back} houses of their back row; found {chosen}"
                    ),
                );
            }
            Ok((0, *chosen as u8))
        }
        Marked::Houses(houses) => {
            let mask = south_houses(
                houses,
                layout,
                marked.span(),
                "marked",
                "North's houses of the same names (in lower case) are marked too",
            )?;
            Ok((mask, 0))
        }
    }
}

/// The houses `names` names as South's (`A1`, `C`), as a mask over a
/// row (North's houses of the same names are meant too), for the key `key`
/// at `span`: an error names a house the board has not, or no house at all.
pub(crate) fn south_houses(
    names: &[String],
    layout: Layout,
    span: std::ops::Range<usize>,
    key: &str,
    north_too: &str,
) -> Result<u32, CompileError> {
    let mut mask = 0u32;
    for name in names {
        let offset = Label::parse(name)
            .filter(|label| label.side() == Side::South)
            .map(|label| layout.offset(label))
            .filter(|&offset| offset < layout.houses_per_side());
        let Some(offset) = offset else {
            return Err((
                span,
                format!(
                    "{key} names houses as South's, each {}: this board has no house \"{name}\"",
                    layout.label_form()
                ),
                Some(north_too.into()),
            ));
        };
        mask |= 1 << offset;
    }
    if mask == 0 {
        return err(span, format!("{key} names no house: give houses"));
    }
    Ok(mask)
}

/// The sheet's paragraph on which houses may be played.
pub(crate) fn describe(rules: &Rules, out: &mut String) {
    let playable = rules.playable;
    let _ = writeln!(out, "\nWhich houses may be played");
    describe_houses(rules, out);
    describe_feeding(&playable, out);
    if playable.from_store {
        let _ = writeln!(
            out,
            "  A move may also sow seeds from your own store, as many as you choose (written `*4` for four): they are sown round your row as one handful, from the house your sowing enters it by (your first house counter-clockwise, your last clockwise), and may capture where the last of them falls."
        );
    }
    if playable.places_from_hand {
        let _ = writeln!(
            out,
            "  While your hand (your store) holds seeds, your move places one of them in a house of yours, any one, empty or not, instead of a sowing (written with `@`: `B6@`); you sow once your hand is empty."
        );
    }
    if playable.share_one {
        let _ = writeln!(
            out,
            "  When the opponent has no seeds as your turn starts, your move is a share: one seed from a house of yours holding two or more goes into the opponent's first house (a for South, A for North), instead of a sowing (see The turn)."
        );
    }
    describe_allow(&playable, out);
    if playable.single_seed_rule {
        let _ = writeln!(
            out,
            "  A house with a single seed may be played only when no other playable house holds two or more."
        );
    }
    describe_opening(&playable, rules.board.layout(), out);
    if playable.no_return {
        let _ = writeln!(
            out,
            "  When a move sows a single seed across the end of a row (from one row's end house into the other row's end house beside it) and it still lies alone there, it may not be sown straight back: that house may not be played next. (After a pass the rule stays, and bars the house facing it in the row of the player to move, as MancalaGames does.){}",
            if playable.either_row {
                " Since either row may be played, the house barred is the one the seed lies in, whoever moves."
            } else {
                ""
            }
        );
    }
}

/// The sheet's sentences on the houses a player may play: whose, holding
/// how many seeds, which only as a last resort, and how an opponent's
/// house is sown.
fn describe_houses(rules: &Rules, out: &mut String) {
    let playable = rules.playable;
    let _ = writeln!(
        out,
        "  Any of {} holding at least {} seed{}.",
        if playable.either_row {
            "the houses, in either row,"
        } else if playable.territory {
            "the houses you own (in either row)"
        } else {
            "your houses"
        },
        playable.min_seeds,
        if playable.min_seeds == 1 { "" } else { "s" }
    );
    if playable.more_seeds_in != 0 {
        let layout = rules.board.layout();
        let names: Vec<String> = (0..layout.houses_per_side())
            .filter(|&i| playable.more_seeds_in >> i & 1 == 1)
            .map(|i| layout.label_at(Side::South, i).to_string())
            .collect();
        let _ = writeln!(
            out,
            "  Houses {} (South's; North's of the same names) need at least {} seeds to be played.",
            names.join(", "),
            playable.more_seeds
        );
    }
    if playable.last_resort != 0 {
        let layout = rules.board.layout();
        let names: Vec<String> = (0..layout.houses_per_side())
            .filter(|&i| playable.last_resort >> i & 1 == 1)
            .map(|i| layout.label_at(Side::South, i).to_string())
            .collect();
        let _ = writeln!(
            out,
            "  Houses {} (South's; North's of the same names) are played only when no other house may be.",
            names.join(", "),
        );
    }
    if playable.either_row && rules.sowing.diffuse {
        let _ = writeln!(
            out,
            "  A house of the opponent's row is spread round as your own would be."
        );
    } else if playable.either_row {
        let _ = writeln!(
            out,
            "  A house of the opponent's row is sown as your own would be: along your way round the board, into your store."
        );
    }
}

/// The sheet's sentences on the obligation to feed an opponent without
/// seeds.
fn describe_feeding(playable: &Playable, out: &mut String) {
    if playable.feeding != Feeding::Free {
        let _ = writeln!(
            out,
            "  When the opponent has no seeds, you must sow into their row if you can{}.",
            if playable.feeding == Feeding::MustFeedElseAny {
                "; if no move does, any move may be played"
            } else {
                ""
            }
        );
        if playable.feeds_after_captures {
            let _ = writeln!(
                out,
                "  A move feeds only if the opponent's row holds seeds after it, its captures made."
            );
        }
        if playable.feed_by_house {
            let _ = writeln!(
                out,
                "  A house that feeds sown one way may then be played either way."
            );
        }
    }
}

/// The sheet's sentence on the allow rule: which of the houses holding
/// enough seeds may be played.
fn describe_allow(playable: &Playable, out: &mut String) {
    if playable.allow == Allow::EndsOnOpponentOrEmpty {
        let _ = writeln!(
            out,
            "  A house holding no more seeds than a row has houses may be played only if its last seed would fall in the opponent's row or in an empty house."
        );
    }
    if playable.allow == Allow::SingleToEmpty {
        let _ = writeln!(
            out,
            "  A house holding a single seed may be played only if the house it would sow into is empty."
        );
    }
    if playable.allow == Allow::SingleOnlyIfAllSingle {
        let _ = writeln!(
            out,
            "  A house with a single seed may be played only when none of your houses holds two or more (whether or not that house could be played); this is judged before the obligation to feed, so a single seed that alone would feed may still be refused."
        );
    }
    if playable.allow == Allow::EachHouseOnceFirst {
        let _ = writeln!(
            out,
            "  Every house of your row must be played once before any is played twice: while one of your houses has not been played yet in the game, only such a house may be played (if none of them can be, you have no move)."
        );
    }
    if playable.allow == Allow::TwoOnlyIfAllTwo {
        let _ = writeln!(
            out,
            "  A house holding exactly two seeds may be played only when every playable house of your row holds two."
        );
    }
    if playable.allow == Allow::OppositeNotSingle {
        let _ = writeln!(
            out,
            "  A house may not be played while the house opposite holds a single seed."
        );
    }
    if playable.allow == Allow::EndsInOccupied {
        let _ = writeln!(
            out,
            "  A house may be played only if its last seed, sown once round without relays, would fall in a house that holds seeds."
        );
    }
    if playable.allow == Allow::TwoOnlyIfAllTwoRightmost {
        let _ = writeln!(
            out,
            "  A house holding exactly two seeds may be played only when every playable house of your row holds two, and then only the rightmost of them (seen from you)."
        );
    }
}

/// The sheet's sentence on the opening moves: how many, and where they
/// are played from or what they take.
fn describe_opening(playable: &Playable, layout: Layout, out: &mut String) {
    if playable.first_lap_must_capture {
        let _ = writeln!(
            out,
            "  Where a move sown the board's way captures at the end of its first lap, only such moves may be played; a first lap sown the other way by choice may be played beside them."
        );
    }
    if playable.opening_moves > 0 {
        let moves = playable.opening_moves;
        if moves == 1 {
            let _ = write!(out, "  The first move of the game is the opening");
        } else {
            let _ = write!(
                out,
                "  The first {moves} moves of the game (both players' counted together, a pass as one) are the opening"
            );
        }
        match playable.opening_from {
            OpeningFrom::Any if playable.opening_takes > 0 => {
                let takes = playable.opening_takes;
                let _ = writeln!(
                    out,
                    ": instead of sowing, an opening move takes the seeds of {takes} of the opponent's houses holding seeds (every one, where fewer hold seeds), of your choosing, into your store, each written after a `+` (`+b3+b5`)."
                );
            }
            OpeningFrom::Any if playable.opening_houses != 0 => {
                let names: Vec<String> = (0..layout.houses_per_side())
                    .filter(|&i| playable.opening_houses >> i & 1 == 1)
                    .map(|i| layout.label_at(Side::South, i).to_string())
                    .collect();
                let _ = writeln!(
                    out,
                    ": an opening move is played from one of the houses {} (South's; North's of the same names), among those the rules above let be played.",
                    names.join(", ")
                );
            }
            OpeningFrom::Any => {
                let _ = writeln!(out, ".");
            }
            OpeningFrom::RightHalf => {
                let _ = writeln!(
                    out,
                    ": an opening move is played from a house in the right half of your row (seen from you), and the rules above on which of your houses may be played do not apply to it, but for the seeds it must hold."
                );
            }
            OpeningFrom::Rightmost => {
                let _ = writeln!(
                    out,
                    ": an opening move is played from the rightmost house of your row (seen from you), and the rules above on which of your houses may be played do not apply to it, but for the seeds it must hold."
                );
            }
            OpeningFrom::RightmostTwo => {
                let _ = writeln!(
                    out,
                    ": an opening move is played from one of the two rightmost houses of your row (seen from you) that the rules above let be played."
                );
            }
            OpeningFrom::FrontRow => {
                let _ = writeln!(
                    out,
                    ": an opening move is played from a house of your front row, the one facing the opponent, that the rules above let be played."
                );
            }
            OpeningFrom::BackRow => {
                let _ = writeln!(
                    out,
                    ": an opening move is played from a house of your back row that the rules above let be played."
                );
            }
            OpeningFrom::HoldingTwo => {
                let _ = writeln!(
                    out,
                    ": an opening move is played from a house holding exactly two seeds that the rules above let be played."
                );
            }
        }
    }
}

impl Rules {
    /// The fewest seeds `house` must hold to be played (`min_seeds`, or
    /// `min_seeds_in`'s for its houses).
    #[inline]
    pub(crate) fn min_seeds_at(&self, house: usize) -> u8 {
        if self.playable.more_seeds_in == 0 {
            // Most variants: no house needs more, and no division.
            return self.playable.min_seeds;
        }
        // The house's byte of the least seeds compiled for the row.
        let offset = house % self.board.houses_per_side();
        (self.playable.least_seeds[offset / 8] >> (8 * (offset % 8))) as u8
    }

    /// Where the single seed of a move from `from` landed, at `last`, when
    /// it crossed the end of a row (`[play] no_return`).
    pub(crate) fn crossing(&self, from: usize, first_lift: u8, last: usize) -> Option<usize> {
        let pair = (from.min(last), from.max(last));
        (first_lift == 1 && self.board.is_house(last) && self.board.crossings().contains(&pair))
            .then_some(last)
    }

    /// Whether `[play] no_return` bars `house` now: the single seed the last
    /// move sowed across the end of a row still lies alone, and `house` is
    /// the one it would go back from (the house it lies in, or the house
    /// facing it when that is the other row's and moves come from the
    /// mover's row only).
    pub(crate) fn returns(&self, pos: &Position, house: usize) -> bool {
        self.barred_by_no_return(pos) == Some(house)
    }

    /// The house `[play] no_return` bars now, as [`Rules::returns`] says.
    pub(crate) fn barred_by_no_return(&self, pos: &Position) -> Option<usize> {
        let crossed = pos.get(CROSSED)?;
        if pos.at(crossed) != 1 {
            return None;
        }
        // From either row, the seed's own house is the one it would go
        // back from, whoever moves.
        Some(
            if self.playable.either_row || self.board.owner(crossed) == pos.to_move() {
                crossed
            } else {
                self.board.opposite(crossed)
            },
        )
    }
}

impl Rules {
    /// Whether the allow rule refuses `house`, and why: with
    /// `ends_on_opponent_or_empty`, its seeds, sown once round without
    /// relays, would end in an occupied house of the mover's row; with
    /// `single_to_empty`, its single seed would fall in a house holding
    /// seeds.
    pub(crate) fn allow_refuses(
        &self,
        pos: &Position,
        house: usize,
        chosen: Option<Direction>,
    ) -> Option<Verdict> {
        let opening = pos.get(OPENING) > 0;
        if opening
            && self.playable.opening_houses != 0
            && self.playable.opening_houses >> (house & 63) & 1 == 0
        {
            return Some(Verdict::NotAnOpeningHouse);
        }
        let opening_from = if opening {
            self.playable.opening_from
        } else {
            OpeningFrom::Any
        };
        let n = self.board.houses_per_side();
        // Only opening moves, always from the mover's own row, read it.
        let offset = || house - self.board.row_start(pos.to_move());
        match opening_from {
            OpeningFrom::Any => self.allow_rule_refuses(pos, house, chosen),
            // An opening move: only the right half of the row, or its
            // rightmost house, and no allow rule.
            OpeningFrom::Rightmost => (offset() + 1 < n).then_some(Verdict::NotOpeningRightmost),
            OpeningFrom::RightHalf => {
                (offset() < n.div_ceil(2)).then_some(Verdict::NotInOpeningHalf)
            }
            // On four rows: one of the mover's two rows, and the other rules.
            OpeningFrom::HoldingTwo => {
                if pos.at(house) != 2 {
                    Some(Verdict::NotOpeningTwo)
                } else {
                    self.allow_rule_refuses(pos, house, chosen)
                }
            }
            OpeningFrom::FrontRow | OpeningFrom::BackRow => {
                let front = opening_from == OpeningFrom::FrontRow;
                if self.board.is_front(house) != front {
                    Some(Verdict::NotInOpeningRow)
                } else {
                    self.allow_rule_refuses(pos, house, chosen)
                }
            }
            OpeningFrom::RightmostTwo => {
                self.allow_rule_refuses(pos, house, chosen).or_else(|| {
                    // Two houses to its right that could be played leave it out.
                    let lo = self.board.row_start(pos.to_move());
                    let kept = pos.child_houses() | pos.blocked_houses();
                    let right = (house + 1..lo + n)
                        .filter(|&h| {
                            pos.at(h) >= self.playable.min_seeds.max(1)
                                && kept >> (h & 63) & 1 == 0
                                && self.allow_rule_refuses(pos, h, None).is_none()
                        })
                        .count();
                    (right >= 2).then_some(Verdict::NotOpeningRightmostTwo)
                })
            }
        }
    }

    /// Whether the allow rule, or the houses an opening move is played
    /// from, may refuse a house of `pos` ([`Rules::allow_refuses`]).
    #[inline]
    pub(crate) fn allow_may_refuse(&self, pos: &Position) -> bool {
        self.playable.allow != Allow::Any
            || (self.playable.opening_from != OpeningFrom::Any && pos.get(OPENING) > 0)
    }

    /// The house the allow rule (`allow`) refuses, and why.
    fn allow_rule_refuses(
        &self,
        pos: &Position,
        house: usize,
        chosen: Option<Direction>,
    ) -> Option<Verdict> {
        if self.playable.allow == Allow::Any {
            return None;
        }
        let seeds = pos.at(house) as usize;
        let reverse =
            self.sowing
                .reverses(house, pos.at(house), self.board.houses_per_side(), chosen);
        let ring = self.board.ring_in(pos.to_move(), reverse);
        match self.playable.allow {
            Allow::Any => None,
            Allow::EndsOnOpponentOrEmpty => {
                if seeds > self.board.houses_per_side() {
                    return None;
                }
                let mut place = house;
                for _ in 0..seeds {
                    place = ring.next(place);
                }
                (self.board.is_house_of(place, pos.to_move()) && pos.at(place) > 0)
                    .then_some(Verdict::EndsInOwnOccupied)
            }
            Allow::SingleOnlyIfAllSingle => {
                if seeds != 1 {
                    return None;
                }
                let side = pos.to_move();
                let lo = self.board.row_start(side);
                let children = pos.child_houses();
                (lo..lo + self.board.houses_per_side())
                    .any(|h| pos.at(h) >= 2 && children >> (h & 63) & 1 == 0)
                    .then_some(Verdict::SingleSeed)
            }
            Allow::SingleToEmpty => {
                let next = ring.next(house);
                (seeds == 1 && self.board.is_house(next) && pos.at(next) > 0)
                    .then_some(Verdict::SingleToOccupied)
            }
            Allow::TwoOnlyIfAllTwoRightmost | Allow::TwoOnlyIfAllTwo => {
                if seeds != 2 {
                    return None;
                }
                // The houses that could be played, this rule aside.
                let side = pos.to_move();
                let lo = self.board.row_start(side);
                let n = self.board.houses_per_side();
                let children = pos.child_houses();
                let playable = |h: usize| {
                    pos.at(h) >= self.playable.min_seeds.max(1) && children >> (h & 63) & 1 == 0
                };
                if (lo..lo + n).any(|h| playable(h) && pos.at(h) != 2) {
                    return Some(Verdict::HoldsTwo);
                }
                if self.playable.allow == Allow::TwoOnlyIfAllTwo {
                    return None;
                }
                (house + 1..lo + n)
                    .any(playable)
                    .then_some(Verdict::NotRightmostTwo)
            }
            Allow::OppositeNotSingle => {
                (pos.at(self.board.opposite(house)) == 1).then_some(Verdict::OppositeSingle)
            }
            Allow::EndsInOccupied => {
                // A handful longer than a lap drops at least two seeds in
                // its last house.
                let skip_origin = self.sowing.laps == super::sowing::Laps::SkipOrigin;
                if seeds > ring.len() - skip_origin as usize {
                    return None;
                }
                let mut place = house;
                for _ in 0..seeds {
                    place = ring.next(place);
                    if skip_origin && place == house {
                        place = ring.next(place);
                    }
                }
                // The house played is empty once lifted; a store refuses nothing.
                (self.board.is_house(place) && (place == house || pos.at(place) == 0))
                    .then_some(Verdict::EndsInEmpty)
            }
            Allow::EachHouseOnceFirst => {
                let n = self.board.houses_per_side();
                let row = ((1u64 << n) - 1) << self.board.row_start(pos.to_move());
                let played = pos.played_houses();
                (row & !played != 0 && played >> house & 1 != 0).then_some(Verdict::PlayedBefore)
            }
        }
    }

    /// Whether the player to move shares a seed instead of sowing (`[play]
    /// share_one`): the opponent's row is empty.
    #[inline]
    pub(crate) fn share_pending(&self, pos: &Position) -> bool {
        self.playable.share_one && pos.row_is_empty(pos.to_move().opponent())
    }

    /// Whether the player to move must feed: the opponent's row is empty and
    /// the variant says so, or a grand slam left an extra feeding move (R2).
    #[inline]
    pub(crate) fn must_feed_now(&self, pos: &Position) -> bool {
        pos.get(FEED)
            || (self.playable.feeding != Feeding::Free && {
                let opponent = pos.to_move().opponent();
                // With territory, the houses the opponent owns now.
                if self.playable.territory {
                    pos.row_is_empty_but_children(opponent)
                } else {
                    pos.row_is_empty(opponent)
                }
            })
    }

    /// Whether a move that came to `after` fed the opponent: it sowed into
    /// their row, or, with `when_none_feeds = "any_move"`, their row holds
    /// seeds after it, captures and all (children aside), as MancalaGames
    /// judges it.
    #[inline]
    pub(crate) fn fed(&self, after: &Position, opponent: Side, effect: &MoveEffect) -> bool {
        // With territory, whether the houses the opponent owns hold seeds
        // after the move, as MancalaGames judges it.
        if self.playable.feeding == Feeding::MustFeedElseAny
            || self.playable.territory
            || self.playable.feeds_after_captures
        {
            !after.row_is_empty_but_children(opponent)
        } else {
            effect.fed
        }
    }

    /// Whether, where no move feeds, the obligation falls and every move is
    /// judged as if the opponent had seeds (`when_none_feeds = "any_move"`;
    /// never for the feeding move a grand slam left).
    #[inline]
    pub(crate) fn feeding_falls_when_none_feeds(&self, pos: &Position) -> bool {
        self.playable.feeding == Feeding::MustFeedElseAny && !pos.get(FEED)
    }

    /// Whether sowing `house` (without relays) puts a seed in the opponent's row.
    #[inline]
    pub(crate) fn reaches_opponent(
        &self,
        pos: &Position,
        house: usize,
        chosen: Option<Direction>,
    ) -> bool {
        let reverse =
            self.sowing
                .reverses(house, pos.at(house), self.board.houses_per_side(), chosen);
        pos.at(house) as u32
            >= self
                .board
                .ring_in(pos.to_move(), reverse)
                .seeds_to_opponent(house)
    }

    /// The houses of `side`'s row that hold seeds enough to be played and
    /// are neither a child nor blocked, as a mask over the row (bit `i` is
    /// the house `i` places from its owner's left), and those of them that
    /// hold a single seed (only under the single-seed rule, else none). The
    /// row is read eight houses to a word.
    #[inline(always)]
    pub(crate) fn stocked_houses(&self, pos: &Position, side: Side) -> (u32, u32) {
        let n = self.board.houses_per_side();
        let start = self.board.row_start(side);
        let any_seed_plays = self.playable.min_seeds == 1 && self.playable.more_seeds_in == 0;
        // The houses of word `word` of the row with enough seeds, and with one.
        let masks = |word: usize| {
            let seeds = pos.places_word(start + 8 * word);
            let enough = if any_seed_plays {
                nonzero_bytes(seeds)
            } else {
                bytes_at_least(seeds, self.playable.least_seeds[word])
            };
            let one = if self.playable.single_seed_rule {
                bytes_of_one(seeds)
            } else {
                0
            };
            (enough, one)
        };
        let (mut stocked, mut single) = masks(0);
        // Most rows fit one word.
        for word in 1..n.div_ceil(8) {
            let (enough, one) = masks(word);
            stocked |= enough << (8 * word);
            single |= one << (8 * word);
        }
        // The bytes past the row are other places.
        let closed = (pos.child_houses() | pos.blocked_houses()) >> start;
        let open = ((1u64 << n) - 1) as u32 & !(closed as u32);
        (stocked & open, single & stocked & open)
    }

    /// The houses of `side` that may be played where no rule on houses
    /// needs judging them one by one: [`Rules::stocked_houses`] with the
    /// single-seed rule applied (no single seed while a house holds more),
    /// and the houses played only as a last resort left out while others
    /// may be.
    #[inline]
    pub(crate) fn playable_mask(&self, pos: &Position, side: Side) -> u32 {
        let (mut playable, single) = self.stocked_houses(pos, side);
        if playable & !single != 0 {
            playable &= !single;
        }
        let last_resort = self.playable.last_resort;
        if playable & !last_resort != 0 {
            playable &= !last_resort;
        }
        playable
    }
}

/// The `crossed:` word of a position: only at the end of a row, since a
/// single seed crosses from one row's end into the other's.
pub(crate) fn check_position(
    board: &crate::board::Board,
    position: &Position,
) -> Result<(), PositionError> {
    if let Some(house) = position.get(CROSSED)
        && !board
            .crossings()
            .iter()
            .any(|&(a, b)| a == house || b == house)
    {
        return Err(PositionError::CrossedInside {
            house: position.layout().label(house),
        });
    }
    Ok(())
}
