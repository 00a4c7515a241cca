//! The variant file: a TOML document, exactly as a person writes it.
//!
//! Nothing here is checked beyond its type; [`crate::rules`] compiles a
//! [`crate::rules::VariantFile`] into validated [`crate::Rules`]. Every table
//! denies unknown keys, so a misspelt key is an error, not a silent default.
//! Numbers are kept with their byte spans so range errors can point at the
//! value. `variants/README.md` documents every key.
//!
//! This module holds the tables that belong to no rule phase: the file's
//! names (`[variant]`) and its board (`[board]`). Each rule section belongs
//! to the rule part that reads it (`crate::rules::sowing`, `feeding`,
//! `capture`, `turn`, `ending`, ...), so a new option is added in one place;
//! [`crate::rules::VariantFile`] puts the sections together. This module
//! depends on no rule part.

use serde::Deserialize;
use toml::Spanned;

use crate::board::Sides;

/// `[variant]`: names, origin and sources.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "the table [variant]")]
pub struct Metadata {
    /// The name used on the command line, in lowercase.
    pub name: Spanned<String>,
    /// The game's own name, as its players or its source write it
    /// (`Toguz Kumalak`): lists show it, and the command line answers to it
    /// in any case and spelling (`toguz-kumalak`, `toguz_kumalak`).
    #[serde(default)]
    pub title: Option<Spanned<String>>,
    /// Other names the game goes by; they work on the command line too.
    #[serde(default)]
    pub aliases: Vec<Spanned<String>>,
    /// Where the game is played.
    #[serde(default)]
    pub region: Option<Spanned<String>>,
    /// The rule document the file follows.
    #[serde(default)]
    pub source: Option<Spanned<String>>,
    /// The rule book or web page behind the source, where the source is
    /// another engine's configuration (the MancalaGames catalogue cites one
    /// for every game).
    #[serde(default)]
    pub rule_book: Option<Spanned<String>>,
    /// How this reading of a game differs from another shipped variant of
    /// the same game, named first: `sow rules` prints it.
    #[serde(default)]
    pub differs_from: Option<Spanned<String>>,
    /// The rulings (`docs/rulings.md`) the file follows, such as `"R6"`.
    #[serde(default)]
    pub rulings: Vec<Spanned<String>>,
    /// One line that tells the game apart from the others.
    #[serde(default)]
    pub summary: Option<Spanned<String>>,
}

/// `[board]`: the board and the seeds at the start.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "the table [board]")]
pub struct Board {
    /// Rows on the board: 2 (the default), 3 or 4.
    #[serde(default)]
    pub rows: Option<Spanned<i64>>,
    /// Houses in each row: 1 to 26 on two rows, 1 to 16 on four, an even
    /// 2 to 20 on three (also written `houses_per_row`).
    #[serde(alias = "houses_per_row")]
    pub houses_per_side: Spanned<i64>,
    /// Seeds in every house at the start (required unless `start` says
    /// how the seeds are laid out).
    #[serde(default)]
    pub seeds_per_house: Option<Spanned<i64>>,
    /// A start pattern, or a random start, instead of `seeds_per_house` in
    /// every house.
    #[serde(default)]
    pub start: Option<Spanned<Start>>,
    /// Seeds in each store at the start, beside those on the board
    /// (MancalaGames' `start_pattern = AZIGO`).
    #[serde(default)]
    pub start_in_stores: Option<Spanned<i64>>,
    /// Which houses count as each player's own for the goal: `"rows"` (the
    /// default) or `"halves"`, each player's half of both rows.
    #[serde(default)]
    pub sides: Option<Spanned<Sides>>,
}

/// `[board] start`: how the seeds lie at the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The seeds in each house, South's row from its left, then North's
    /// from its left (C1 order).
    Pattern(Vec<i64>),
    /// `{ random = N }`: N seeds, dealt at random for every game.
    Random(RandomStart),
}

/// `[board] start = { random = N, empty_or_at_least = K }`: how a random
/// start is dealt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomStart {
    /// The seeds dealt.
    pub seeds: i64,
    /// Each house holds none or at least this many (MancalaGames'
    /// `RANDOM_ZEROS`); none for the plain deal.
    pub empty_or_at_least: Option<i64>,
}

impl<'de> Deserialize<'de> for Start {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Start, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Start;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(
                    "an array of seeds per house, or a table `{ random = N }` (with `empty_or_at_least = K`)",
                )
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Start, A::Error> {
                let mut houses = Vec::new();
                while let Some(seeds) = seq.next_element::<i64>()? {
                    houses.push(seeds);
                }
                Ok(Start::Pattern(houses))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Start, A::Error> {
                let mut random = None;
                let mut empty_or_at_least = None;
                while let Some(key) = map.next_key::<String>()? {
                    let slot = match key.as_str() {
                        "random" => &mut random,
                        "empty_or_at_least" => &mut empty_or_at_least,
                        _ => {
                            return Err(serde::de::Error::custom(format!(
                                "a random start is {{ random = N }}, N the seeds in play (and optionally empty_or_at_least = K); found `{key}`"
                            )));
                        }
                    };
                    if slot.is_some() {
                        return Err(serde::de::Error::custom(format!(
                            "`{key}` is given twice in the random start"
                        )));
                    }
                    *slot = Some(map.next_value::<i64>()?);
                }
                random
                    .map(|seeds| {
                        Start::Random(RandomStart {
                            seeds,
                            empty_or_at_least,
                        })
                    })
                    .ok_or_else(|| serde::de::Error::missing_field("random"))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}
