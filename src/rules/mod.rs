//! Validated, compiled rules.
//!
//! A [`VariantFile`] is what a person wrote;
//! [`Rules`] is what the engine runs. Compiling checks every value and every
//! combination once, and turns the options into flags, bit masks and sowing
//! rings, so the move loop never looks at a string or a map.
//!
//! `Rules` is a few typed parts, one module each. Every module owns its part
//! whole: the schema section it reads, the compile step with its errors, the
//! sentences it adds to the rule sheet, and the engine step it runs.
//!
//! | part | module | section |
//! | --- | --- | --- |
//! | the board and its rings | [`crate::board`] | `[board]`, `[sowing]` |
//! | sowing: laps, relays | [`sowing`] | `[sowing]` |
//! | which houses may be played, feeding | [`feeding`] | `[play]` |
//! | captures, an ordered list | [`capture`] | `[capture]` |
//! | the grand slam | [`grand_slam`] | `[capture] grand_slam` |
//! | the turn: extra turns, passes | [`turn`] | `[turn]`, `[play] pass_when_empty`, `pass_when_no_move` |
//! | endings, an ordered list | [`ending`] | `[end]` |

use std::fmt;
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::board::{Board, Sides};
use crate::diagnostic::{
    Located, ReadError, escape_controls, excerpt, is_hostile, read_file, without_bom,
};
use crate::layer::Layer;
use crate::position::{
    Layout, MAX_HOUSES_PER_SIDE, MAX_ROW_LETTERS, MAX_SEEDS, Position, PositionError, Side,
};
use crate::variant::{RandomStart, Start};
use crate::word::{OPENING, QUIET, STARTER, WAITING, Word};

pub mod blocking;
pub mod capture;
pub mod children;
pub mod ending;
pub mod feeding;
pub mod grand_slam;
pub mod names;
pub mod rounds;
pub mod sowing;
pub mod territory;
pub mod turn;

pub use blocking::Blocking;
pub use capture::{CaptureRule, Captures, Zone};
pub use children::Children;
pub use ending::{Collect, Ending};
pub use feeding::{Feeding, Playable};
pub use grand_slam::GrandSlam;
pub use sowing::{Continuation, Laps, Sowing};
pub use turn::{ExtraTurn, Pass, Turn};

/// A whole variant file: the frame's own tables ([`crate::variant`]) and
/// each rule part's section, as serde reads them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a variant file: the tables [variant], [board], [capture] and [end], and the others it needs"
)]
pub struct VariantFile {
    /// Names, origin and sources.
    pub variant: crate::variant::Metadata,
    /// The board and the seeds at the start.
    pub board: crate::variant::Board,
    /// How seeds are sown.
    #[serde(default)]
    pub sowing: sowing::Section,
    /// Which houses may be played.
    #[serde(default)]
    pub play: feeding::Section,
    /// When and where seeds are captured; none: nothing ever is.
    #[serde(default)]
    pub capture: capture::Section,
    /// Extra turns.
    #[serde(default)]
    pub turn: Option<turn::Section>,
    /// Houses that become a player's children.
    #[serde(default)]
    pub children: Option<toml::Spanned<children::Section>>,
    /// When the game ends and who takes the seeds left.
    pub end: Spanned<ending::Section>,
    /// Houses that a relay closes for the rest of the game.
    #[serde(default)]
    pub blocking: Option<Spanned<blocking::Section>>,
    /// The game is a match of rounds.
    #[serde(default)]
    pub rounds: Option<Spanned<rounds::Section>>,
}

/// The variant files that ship inside the library: `(file name, contents)`.
pub const BUILTIN: &[(&str, &str)] = &[
    ("ouri.toml", include_str!("../../variants/ouri.toml")),
    ("oware.toml", include_str!("../../variants/oware.toml")),
    ("wouri.toml", include_str!("../../variants/wouri.toml")),
    ("kalah.toml", include_str!("../../variants/kalah.toml")),
];

/// The MancalaGames catalogue's games (`variants/mancalagames/*.toml`), also
/// shipped: `(file name under variants/, contents)`, sorted by file name.
/// `build.rs` lists the directory, so adding a game is adding its file.
pub const CATALOGUE: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/mancalagames.rs"));

/// Ludii's games of three and four rows (`variants/ludii/*.toml`), each
/// checked against the games Ludii's own engine recorded: `(file name
/// under variants/, contents)`, sorted by file name.
pub const LUDII: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/ludii.rs"));

/// The groups `sow variants` lists the shipped variants in, by source:
/// `(heading, files)`.
pub const GROUPS: &[(&str, &[(&str, &str)])] = &[
    ("Rule documents (docs/rulings.md)", BUILTIN),
    (
        "The MancalaGames catalogue (StoneShark/MancalaGames, https://github.com/StoneShark/MancalaGames)",
        CATALOGUE,
    ),
    (
        "Ludii's games of three and four rows (https://ludii.games)",
        LUDII,
    ),
];

/// Every shipped variant file, `(file name, contents)`: the rule
/// documents', then the catalogues' ([`GROUPS`] in order).
pub fn shipped_files() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    GROUPS.iter().flat_map(|(_, files)| files.iter())
}

/// The longest variant file read, in bytes: the shipped files are under
/// 3 KiB, and a bound keeps a wrong path (a device, a log) from filling memory.
pub const MAX_VARIANT_BYTES: usize = 1 << 20;

/// The most aliases, and the most rulings, a variant may list: far more
/// than any game has (the shipped files list at most 4 and 10), few enough
/// that no file can grow its compiled rules by listing thousands.
pub const MAX_LISTED: usize = 64;

/// The most plies a variant's `ply_limit` may allow.
pub const MAX_PLY_LIMIT: i64 = ending::MAX_PLY_LIMIT;

/// Names and provenance of a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Metadata {
    /// The name used on the command line.
    pub name: String,
    /// The game's own name, as its players or its source write it.
    pub title: Option<String>,
    /// Other names.
    pub aliases: Vec<String>,
    /// Where it is played.
    pub region: Option<String>,
    /// The rule document followed.
    pub source: Option<String>,
    /// The rule book or web page behind the source.
    pub rule_book: Option<String>,
    /// How this variant differs from another shipped one of the same game.
    pub differs_from: Option<String>,
    /// The rulings followed.
    pub rulings: Vec<String>,
    /// One line that tells the game apart.
    pub summary: Option<String>,
}

impl Metadata {
    /// The bytes its texts hold on the heap.
    fn heap_bytes(&self) -> usize {
        let texts = [
            &self.title,
            &self.region,
            &self.source,
            &self.rule_book,
            &self.differs_from,
            &self.summary,
        ];
        let lists = [&self.aliases, &self.rulings];
        self.name.capacity()
            + texts
                .iter()
                .flat_map(|t| t.as_ref())
                .map(String::capacity)
                .sum::<usize>()
            + lists
                .iter()
                .map(|list| {
                    list.capacity() * std::mem::size_of::<String>()
                        + list.iter().map(String::capacity).sum::<usize>()
                })
                .sum::<usize>()
    }
}

/// Which rows a capture may happen in, as a two-bit mask over
/// "sower's own row" (bit 0) and "opponent's row" (bit 1); bit 2 reads
/// "own" as the houses the sower owns now rather than their row
/// (`[capture] zones_by = "owner"`, territory).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZoneMask(u8);

/// The bit of a zone read by who owns a house now.
const BY_OWNER: u8 = 4;

impl ZoneMask {
    pub(crate) fn from_zone(zone: Zone) -> ZoneMask {
        ZoneMask(match zone {
            Zone::None => 0,
            Zone::Own => 1,
            Zone::Opponent => 2,
            Zone::Either => 3,
        })
    }

    /// The same zone, read by who owns a house now (`by_owner`) or by its
    /// row.
    pub(crate) fn read_by_owner(self, by_owner: bool) -> ZoneMask {
        if by_owner {
            ZoneMask(self.0 | BY_OWNER)
        } else {
            ZoneMask(self.0 & !BY_OWNER)
        }
    }

    /// Whether the zone is read by who owns a house now.
    #[inline]
    pub fn by_owner(self) -> bool {
        self.0 & BY_OWNER != 0
    }

    /// Whether `house` lies in the zone, seen from `me`: by its row, or by
    /// who owns it now for a zone read by owner.
    #[inline]
    pub(crate) fn allows_house(
        self,
        board: &Board,
        pos: &Position,
        me: Side,
        house: usize,
    ) -> bool {
        let side = if self.by_owner() {
            pos.owner(house)
        } else {
            board.owner(house)
        };
        self.allows(side == me)
    }

    /// True when captures can happen somewhere.
    #[inline]
    pub fn any(self) -> bool {
        self.0 & !BY_OWNER != 0
    }

    /// Whether a capture may happen in a row owned by the sower (`own`) or not.
    #[inline]
    pub fn allows(self, own: bool) -> bool {
        self.0 & (1 << (!own) as u8) != 0
    }

    /// The zone this mask came from.
    pub fn zone(self) -> Zone {
        match self.0 & !BY_OWNER {
            0 => Zone::None,
            1 => Zone::Own,
            2 => Zone::Opponent,
            _ => Zone::Either,
        }
    }
}

/// A set of seed counts (0–255) as a bit mask, for one-instruction lookups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CountSet([u64; 4]);

impl CountSet {
    pub(crate) fn insert(&mut self, count: u8) {
        self.0[count as usize >> 6] |= 1 << (count & 63);
    }

    /// Whether `count` is in the set.
    #[inline]
    pub fn contains(&self, count: u8) -> bool {
        self.0[count as usize >> 6] >> (count & 63) & 1 != 0
    }

    /// True when the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The counts in the set, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..=255u8).filter(|&c| self.contains(c))
    }
}
/// A variant, validated and compiled for the engine.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Names and provenance.
    pub meta: Metadata,
    /// The board: places, owners, opposites and sowing rings.
    pub board: Board,
    pub(crate) seeds_per_house: u8,
    /// Whether every game deals its start at random (`start = { random = N }`).
    pub(crate) random_start: bool,
    /// With a random start, the fewest seeds a house the deal fills holds
    /// (`empty_or_at_least`; 0 for the plain deal).
    pub(crate) deal_empty_or_at_least: u8,
    pub(crate) total_seeds: u32,
    /// The start position, made once.
    start: Position,
    /// Laps and relays.
    pub sowing: Sowing,
    /// Which houses may be played, and the feeding obligation.
    pub playable: Playable,
    /// The captures, in the order they are tried.
    pub captures: Captures,
    /// What a grand slam does.
    pub grand_slam: GrandSlam,
    /// Extra turns and passes.
    pub turn: Turn,
    /// Houses that become a player's children, if the variant has them.
    pub children: Option<Children>,
    /// The endings, in the order [`crate::Game`] walks them.
    pub endings: Vec<Ending>,
    /// How many of the endings come before a player without seeds passes:
    /// those that read the position alone.
    pub(crate) endings_before_pass: usize,
    /// True when an ending gives seeds to the last capturer, so positions
    /// must remember who that is (R12); other variants leave it unset.
    pub(crate) tracks_last_capturer: bool,
    /// True when a move's legality can only be known by playing it out:
    /// relay sowing (R13), captures while sowing, or a forbidden grand slam.
    pub(crate) simulate_to_judge: bool,
    /// True when a move must be played out to be judged even where the
    /// player need not feed: an endless relay (R13), a forbidden grand
    /// slam, choices made inside the move. The rest of
    /// [`Rules::simulate_to_judge`] is about feeding: without an obligation
    /// to feed, those moves are judged as they stand.
    pub(crate) simulate_unfed: bool,
    /// True when a move may carry choices made inside it, or the game
    /// starts with markings: houses taken after a capture (`[capture]
    /// chosen_after`), a relay stopped in a marked house (`[sowing]
    /// relay_may_stop_at_marked`), houses marked by choice (`[play]
    /// marked`). The legal moves are then listed one by one, each played
    /// out; other variants test this one flag.
    pub(crate) choices_in_moves: bool,
    /// True when something may stop a capture or take its place: the first
    /// quiet moves, captures that a single seed may not make, children. The
    /// engine then asks each; most variants skip them with this one flag.
    pub(crate) capture_gates: bool,
    /// True when a player whose store holds seeds drops them instead of
    /// sowing: the seeds just captured, given to the opponent (`[capture]
    /// given_to_opponent`), or one seed placed from the hand (`[play]
    /// place_from_hand`). One flag, read before every move.
    pub(crate) hand_drops: bool,
    /// Which instance of the one sowing loop the rules run.
    pub(crate) loop_kind: sowing::LoopKind,
    /// Houses that a relay closes, if the variant has them.
    pub blocking: Option<Blocking>,
    /// The match of rounds, if the game is played in rounds.
    pub rounds: Option<rounds::Rounds>,
}

impl Rules {
    /// The bytes the compiled rules hold on the heap, beyond the value
    /// itself: the texts of the variant's file and the lists of its rules
    /// (what a server counts against its memory for an edited variant).
    pub fn heap_bytes(&self) -> usize {
        self.meta.heap_bytes()
            + self.endings.capacity() * std::mem::size_of::<Ending>()
            + self.captures.rules.capacity()
                * std::mem::size_of::<crate::rules::capture::CaptureRule>()
    }

    /// A digest of the compiled rules: everything that decides a game, not
    /// the names. Files made for these rules (endgame databases) record it,
    /// so a file made for other rules is refused.
    pub fn digest(&self) -> u64 {
        let playing = format!(
            "{:?}",
            (
                &self.board,
                self.total_seeds,
                &self.sowing,
                &self.playable,
                &self.captures,
                &self.grand_slam,
                &self.turn,
                &self.children,
                &self.endings,
                &self.blocking,
                &self.rounds,
            )
        );
        crate::rng::stable_hash(playing.as_bytes())
    }

    /// Compiles the variant file text `source`; `origin` names it in errors.
    /// A leading byte-order mark is skipped.
    ///
    /// A variant's name and aliases must be its own: a file that answers to a
    /// shipped variant's name is refused, unless it is that shipped file.
    pub fn from_toml(source: &str, origin: &str) -> Result<Rules, RulesError> {
        let shipped = shipped_files().any(|(_, text)| *text == without_bom(source));
        Rules::compile_text(source, origin, !shipped)
    }

    /// Compiles `source` without asking whether its names are free: what
    /// `sow import` checks its output with, before anyone names it.
    pub(crate) fn compile_unnamed(source: &str, origin: &str) -> Result<Rules, RulesError> {
        Rules::compile_text(source, origin, false)
    }

    fn compile_text(source: &str, origin: &str, check_names: bool) -> Result<Rules, RulesError> {
        let source = without_bom(source);
        let file: VariantFile = toml::from_str(source).map_err(|e| {
            let (span, message) = toml_message(e.message(), source, e.span().unwrap_or(0..0));
            let hint = typo_hint(&message);
            RulesError::at(origin, source, span, message, hint)
        })?;
        // The rules first, so a file with a fault reports that fault.
        let names = check_names.then(|| {
            let meta = &file.variant;
            std::iter::once(&meta.name)
                .chain(&meta.aliases)
                .cloned()
                .collect::<Vec<_>>()
        });
        let rules = compile(file)
            .map_err(|(span, message, hint)| RulesError::at(origin, source, span, message, hint))?;
        if let Some(names) = names {
            names::names_are_free(&names).map_err(|(span, message, hint)| {
                RulesError::at(origin, source, span, message, hint)
            })?;
        }
        Ok(rules)
    }

    /// Reads and compiles the variant file at `path`: at most
    /// [`MAX_VARIANT_BYTES`], UTF-8.
    pub fn from_path(path: &Path) -> Result<Rules, RulesError> {
        let source = Rules::read_source(path)?;
        Rules::from_toml(&source, &path.display().to_string())
    }

    /// The text of the variant file at `path`: at most
    /// [`MAX_VARIANT_BYTES`], UTF-8.
    pub fn read_source(path: &Path) -> Result<String, RulesError> {
        let origin = path.display().to_string();
        let io = |message: String| RulesError::Io {
            path: origin.clone(),
            message,
        };
        let source = read_file(path, MAX_VARIANT_BYTES).map_err(|e| match e {
            ReadError::Io { message, .. } => io(message),
            ReadError::TooLarge { limit, .. } => io(format!(
                "longer than {limit} bytes, the most a variant file may hold"
            )),
            ReadError::NotUtf8(located) => RulesError::Invalid(located),
        })?;
        Ok(source)
    }

    /// A variant that ships with the library, by name or alias in any case,
    /// or by its game's title loosely spelled ([`names::find_shipped`]).
    pub fn builtin(name: &str) -> Option<Rules> {
        let (index, _) = names::find_shipped(name).ok()?;
        shipped_files().nth(index).map(compile_shipped)
    }

    /// A shipped variant by name or alias, or else a path to a `.toml` file.
    pub fn load(name_or_path: &str) -> Result<Rules, RulesError> {
        if let Some(rules) = Rules::builtin(name_or_path) {
            return Ok(rules);
        }
        let path = Path::new(name_or_path);
        if name_or_path.ends_with(".toml") || path.exists() {
            return Rules::from_path(path);
        }
        Err(RulesError::Unknown {
            name: name_or_path.to_string(),
            known: names_in_brief(&builtin_rules()),
            closest: names::find_shipped(name_or_path).err().flatten(),
        })
    }

    /// The variant `name_or_path` (as [`Rules::load`] finds it) on another
    /// board: `houses` a side and `seeds` in each house at the start,
    /// everything else as written. The copy is named after the original and
    /// its size, so that it is nobody's shipped variant.
    pub fn load_resized(
        name_or_path: &str,
        houses: usize,
        seeds: usize,
    ) -> Result<Rules, RulesError> {
        Rules::load_edited(
            name_or_path,
            &[
                ("houses_per_side".into(), (houses as i64).into()),
                ("seeds_per_house".into(), (seeds as i64).into()),
            ],
            &format!("{houses}x{seeds}"),
        )
    }

    /// The text of the variant file `name_or_path` names, as
    /// [`Rules::load`] finds it: a shipped variant's by name or alias, or
    /// else the file's, which must compile as it is.
    pub fn source_of(name_or_path: &str) -> Result<String, RulesError> {
        let shipped = names::find_shipped(name_or_path)
            .ok()
            .and_then(|(index, _)| shipped_files().nth(index));
        match shipped {
            Some((_, text)) => Ok(text.to_string()),
            None => {
                // A file: compiled as it is first, so its own faults are
                // reported against its own lines.
                Rules::load(name_or_path)?;
                Rules::read_source(Path::new(name_or_path))
            }
        }
    }

    /// The variant `name_or_path` with some keys of its file set to other
    /// values, everything else as written: each edit names a key as
    /// `table.key` (`board.seeds_per_house`, `rounds.territory.key`) or
    /// bare where one table has it (`seeds_per_house`). The copy is named
    /// after the original and `suffix`, so that it is nobody's shipped
    /// variant.
    pub fn load_edited(
        name_or_path: &str,
        edits: &[(String, toml::Value)],
        suffix: &str,
    ) -> Result<Rules, RulesError> {
        let source = Rules::source_of(name_or_path)?;
        Rules::edited(&source, name_or_path, edits, suffix)
    }

    /// [`Rules::load_edited`] on a variant file's text, `source`, which
    /// `origin` names in messages.
    pub fn edited(
        source: &str,
        origin: &str,
        edits: &[(String, toml::Value)],
        suffix: &str,
    ) -> Result<Rules, RulesError> {
        // The edits as lines of their own, `key = value`: a fault in an
        // edit is shown on its line.
        let lines: Vec<String> = edits
            .iter()
            .map(|(key, value)| format!("{key} = {value}"))
            .collect();
        let written = lines.join("\n");
        let origin = format!("{origin} with {}", lines.join(", "));
        let line_of = |i: usize| {
            let start: usize = lines[..i].iter().map(|l| l.len() + 1).sum();
            start..start + edits[i].0.len()
        };
        let fault = |message: String, hint: Option<String>| {
            RulesError::at(&origin, source, 0..0, message, hint)
        };
        let edit_fault = |i: usize, message: String, hint: Option<String>| {
            RulesError::at(&origin, &written, line_of(i), message, hint)
        };
        let mut table: toml::Table = toml::from_str(without_bom(source))
            .map_err(|e| fault(e.message().to_string(), None))?;
        for (i, (key, value)) in edits.iter().enumerate() {
            let (section, field) = match key.rsplit_once('.') {
                Some((section, field)) => (section.to_string(), field),
                None => match table_of_key(key) {
                    Some(section) => (section.to_string(), key.as_str()),
                    None => {
                        return Err(edit_fault(
                            i,
                            format!("no table of a variant file has a key `{}`", excerpt(key)),
                            Some("name it as `table.key`, as variants/README.md lists them".into()),
                        ));
                    }
                },
            };
            if section == "variant" {
                return Err(edit_fault(
                    i,
                    format!(
                        "`{}` names the variant: an edit changes its rules",
                        excerpt(key)
                    ),
                    None,
                ));
            }
            let mut at = &mut table;
            for part in section.split('.') {
                let entry = at
                    .entry(part.to_string())
                    .or_insert_with(|| toml::Value::Table(toml::Table::new()));
                at = entry.as_table_mut().ok_or_else(|| {
                    edit_fault(i, format!("`{}` is not a table", excerpt(&section)), None)
                })?;
            }
            at.insert(field.to_string(), value.clone());
        }
        if let Some(variant) = table.get_mut("variant").and_then(|v| v.as_table_mut()) {
            let name = variant
                .get("name")
                .and_then(|n| n.as_str())
                .unwrap_or("variant");
            let renamed = format!("{name}-{suffix}");
            variant.insert("name".into(), renamed.into());
            variant.remove("aliases");
        }
        let text = toml::to_string(&table).map_err(|e| fault(e.to_string(), None))?;
        Rules::compile_text(&text, &origin, false)
    }

    /// The position every game starts from.
    pub fn start(&self) -> Position {
        self.start.clone()
    }
    /// The houses each player owns (on two rows, the houses in a row).
    pub fn houses_per_side(&self) -> usize {
        self.board.houses_per_side()
    }

    /// Seeds in every house at the start.
    pub fn seeds_per_house(&self) -> u8 {
        self.seeds_per_house
    }

    /// Whether every game deals its start at random (`[board] start =
    /// { random = N }`); [`Rules::start`] is then seed 0's deal.
    pub fn random_start(&self) -> bool {
        self.random_start
    }

    /// A game's start: the variant's start, or where the start is random,
    /// one dealt with `rng` (which is not drawn from otherwise).
    pub fn start_drawn(&self, rng: &mut crate::rng::Rng) -> Position {
        let mut start = self.start();
        if self.random_start {
            let houses = deal(
                self.houses_per_side(),
                self.total_seeds,
                self.deal_empty_or_at_least,
                rng,
            );
            for (house, seeds) in houses.into_iter().enumerate() {
                start.take(house);
                start.add(house, seeds);
            }
        }
        start
    }

    /// Seeds in the game.
    pub fn total_seeds(&self) -> u32 {
        self.total_seeds
    }

    /// Whether some ending gives the seeds left to the last capturer, so a
    /// position carries who that is (the `last:` state word).
    pub fn tracks_last_capturer(&self) -> bool {
        self.tracks_last_capturer
    }

    /// Whether an ending takes the seeds left off the board for nobody, so a
    /// finished game may hold fewer seeds than it started with.
    pub fn removes_seeds(&self) -> bool {
        self.endings
            .iter()
            .any(|e| e.taken_by() == Some(Collect::Removed))
    }

    /// Whether a grand slam leaves the capturer owing a feeding move, so a
    /// position can carry that debt (the `feed` state word).
    pub fn has_feeding_debt(&self) -> bool {
        self.grand_slam == GrandSlam::CaptureThenFeed
    }

    /// Checks that `position` fits this variant's board and seeds, and
    /// carries only state the variant has (`last:`, `feed`, `children:`,
    /// …) and its rules could have made (no second child under `one_each`,
    /// no `feed` while the player to be fed has seeds, …): each part of the
    /// rules checks the state it keeps.
    pub fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        if position.houses_per_side() != self.houses_per_side() {
            return Err(PositionError::WrongBoard {
                expected: self.houses_per_side(),
                found: position.houses_per_side(),
            });
        }
        if position.layout() != self.board.layout() {
            return Err(PositionError::WrongRows {
                expected: self.board.rows(),
                found: position.layout().rows(),
            });
        }
        if position.total_seeds() != self.total_seeds {
            return Err(PositionError::WrongTotal {
                expected: self.total_seeds,
                found: position.total_seeds(),
            });
        }
        // First that the variant keeps each state word given, and no
        // further than its limit (so `feed` in Oware is refused rather than
        // explained with Ouri's rule); then each part of the rules checks
        // that it could have made the state it keeps; the per-house layers
        // are checked layer by layer.
        for word in Word::ALL {
            let code = position.code(word);
            let limit = self.word_limit(word);
            if code > limit {
                return Err(if limit == 0 {
                    PositionError::WordUnused {
                        word: word.quoted(),
                        why: word.absent_because(),
                    }
                } else {
                    PositionError::WordOverLimit {
                        text: word.text(code, position.layout()).unwrap_or_default(),
                        why: word.over_limit(limit),
                    }
                });
            }
        }
        grand_slam::check_position(position)?;
        capture::check_position(&self.captures, position)?;
        feeding::check_position(&self.board, position)?;
        sowing::check_position(&self.sowing, position)?;
        for layer in Layer::ALL {
            self.check_layer(layer, position)?;
        }
        Ok(())
    }

    /// How far state word `word` ([`crate::word`]) may go in this variant,
    /// as its code: 0 where the variant does not keep the word, the count
    /// it starts from for a count that only counts down, and `u8::MAX`
    /// where any value the word holds may arise.
    pub fn word_limit(&self, word: Word) -> u8 {
        let kept = |on: bool| if on { u8::MAX } else { 0 };
        match word {
            Word::Last => kept(self.tracks_last_capturer),
            Word::Feed => kept(self.grand_slam == GrandSlam::CaptureThenFeed),
            Word::BearOff => kept(self.sowing.bear_off),
            Word::Again => kept(self.turn.extra_turn == turn::ExtraTurn::AfterCaptureOnce),
            Word::Quiet => self.captures.quiet_moves,
            Word::Crossed => kept(self.playable.no_return),
            Word::Opening => self.playable.opening_moves,
            Word::Ways => kept(self.sowing.turning == sowing::Turning::FirstMove),
            Word::Starter => kept(self.captures.last_seeds_to_starter),
            Word::Waiting => kept(self.captures.starter_waits),
            Word::NoChildren => kept(self.rounds.is_some_and(|r| r.children_need_houses > 0)),
            Word::OwnWays => kept(matches!(
                self.sowing.turning,
                sowing::Turning::OwnSecondMove | sowing::Turning::OwnFirstMove
            )),
            Word::Owed if self.captures.chosen_left_to_opponent => self.captures.chosen_after,
            Word::Owed => 0,
        }
    }

    /// The state words this variant keeps ([`crate::word`]).
    pub fn words(&self) -> impl Iterator<Item = Word> + '_ {
        Word::ALL
            .into_iter()
            .filter(|&word| self.word_limit(word) > 0)
    }

    /// The per-house layers this variant keeps ([`crate::layer`]).
    pub fn layers(&self) -> impl Iterator<Item = Layer> + '_ {
        Layer::ALL.into_iter().filter(|&layer| match layer {
            Layer::Children => self.children.is_some(),
            Layer::Blocked => {
                self.blocking.is_some() || self.rounds.is_some_and(|r| r.unfilled_blocked)
            }
            Layer::Played => {
                self.playable.allow == feeding::Allow::EachHouseOnceFirst
                    || self.captures.from_played_only
            }
            Layer::Owner => self.playable.territory,
            Layer::Marked => self.sowing.stop_at_marked,
        })
    }

    /// Checks `position`'s `layer` against the rules: the layer is empty
    /// where the variant does not keep it, and its marks are ones the rules
    /// can make.
    pub fn check_layer(&self, layer: Layer, position: &Position) -> Result<(), PositionError> {
        if position.layer_is_empty(layer) {
            return Ok(());
        }
        if !self.layers().any(|kept| kept == layer) {
            return Err(PositionError::LayerUnused {
                layer: layer.word(),
                why: layer.absent_because(),
            });
        }
        match layer {
            Layer::Children => children::check_position(
                self.children
                    .as_ref()
                    .expect("a variant that keeps children"),
                position,
            ),
            Layer::Blocked => blocking::check_position(self.blocking.as_ref(), position),
            Layer::Owner => territory::check_position(position),
            Layer::Played | Layer::Marked => Ok(()),
        }
    }
}
/// A shipped variant by its file name, for unit tests.
#[cfg(test)]
pub(crate) fn shipped(file: &str) -> Rules {
    let (_, text) = BUILTIN
        .iter()
        .chain(CATALOGUE)
        .find(|(f, _)| *f == file)
        .expect("a shipped file");
    Rules::from_toml(text, file).expect("shipped variants are valid")
}

/// The shipped variants, compiled: the rule documents' first, then the
/// catalogues'.
pub fn builtin_rules() -> Vec<Rules> {
    shipped_files().map(compile_shipped).collect()
}

/// The shipped variants, compiled, in their groups (see [`GROUPS`]).
pub fn builtin_groups() -> Vec<(&'static str, Vec<Rules>)> {
    GROUPS
        .iter()
        .map(|(heading, files)| (*heading, files.iter().map(compile_shipped).collect()))
        .collect()
}

/// The names of the rule documents' variants, and how many more the
/// catalogue ships: a list short enough for a message.
pub fn names_in_brief<'a>(
    shipped: impl IntoIterator<Item = &'a Rules, IntoIter: ExactSizeIterator>,
) -> String {
    let shipped = shipped.into_iter();
    let count = shipped.len();
    let first: Vec<&str> = shipped
        .take(BUILTIN.len())
        .map(|r| r.meta.name.as_str())
        .collect();
    if count <= BUILTIN.len() {
        first.join(", ")
    } else {
        format!(
            "{}, and the catalogues' games: `sow variants` lists them all",
            first.join(", ")
        )
    }
}

fn compile_shipped((file, text): &(&str, &str)) -> Rules {
    Rules::compile_text(text, &format!("variants/{file}"), false)
        .expect("shipped variants are valid")
}

/// A compile error: the span it points at, the message, and a hint.
pub(crate) type CompileError = (Range<usize>, String, Option<String>);

/// The value of a boolean key, refused at the key with `message` where it
/// is set and `refused` holds (an option that needs another).
pub(crate) fn flag_unless(
    key: &Option<toml::Spanned<bool>>,
    refused: bool,
    message: &str,
) -> Result<bool, CompileError> {
    match key {
        Some(flag) if *flag.get_ref() && refused => err(flag.span(), message),
        Some(flag) => Ok(*flag.get_ref()),
        None => Ok(false),
    }
}

pub(crate) fn err<T>(span: Range<usize>, message: impl Into<String>) -> Result<T, CompileError> {
    Err((span, message.into(), None))
}

pub(crate) fn in_range(
    value: &toml::Spanned<i64>,
    lo: i64,
    hi: i64,
    what: &str,
) -> Result<i64, CompileError> {
    let v = *value.get_ref();
    if v < lo || v > hi {
        return err(
            value.span(),
            format!("{what} must be between {lo} and {hi}, found {v}"),
        );
    }
    Ok(v)
}

pub(crate) fn count_set(
    values: &toml::Spanned<Vec<i64>>,
    total: u32,
    what: &str,
    why_not_zero: &str,
) -> Result<CountSet, CompileError> {
    let mut set = CountSet::default();
    for &v in values.get_ref() {
        if v == 0 {
            return err(
                values.span(),
                format!("{what} cannot contain 0: {why_not_zero}"),
            );
        }
        if v < 0 || v > total as i64 {
            return err(
                values.span(),
                format!(
                    "{what} contains {v}, a count that can never occur with {total} seeds in play"
                ),
            );
        }
        set.insert(v as u8);
    }
    Ok(set)
}

/// Compiles a parsed variant file into [`Rules`], in phases: the
/// `[variant]` names; the board and the seeds it starts with; each rule part
/// in turn, checked against the parts before it ([`Parts::compile`]); the
/// checks that need the rounds or every part; last, the rules built from
/// the parts. The first check that fails is the error.
fn compile(file: VariantFile) -> Result<Rules, CompileError> {
    let (name, rulings) = name_and_rulings(&file.variant)?;
    let setup = Setup::compile(&file.board)?;
    let mut parts = Parts::compile(&file, setup)?;
    parts.settle_houses_played(file.children.as_ref(), &file.capture)?;
    parts.check_marks(&file.play, &file.sowing, &file.capture)?;
    parts.check_reversals(&file.sowing, &file.play)?;
    parts.check_opening_back_row(&file.capture)?;
    let loop_kind = parts.loop_kind();
    parts.check_sow_from_store(&file.play, loop_kind)?;
    parts.check_place_from_hand(&file.play, &file.board)?;
    parts.check_opening_sowing(&file.sowing)?;
    let meta = metadata(file.variant, name, rulings);
    Ok(parts.into_rules(meta, loop_kind))
}

/// `[variant]` checked ([`check_variant_texts`]): the variant's name, a
/// word that can be typed on a command line, and its rulings, each `R` or
/// `C` and a number.
fn name_and_rulings(
    meta: &crate::variant::Metadata,
) -> Result<(String, Vec<String>), CompileError> {
    check_variant_texts(meta)?;
    let name = meta.name.get_ref().trim().to_string();
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return err(
            meta.name.span(),
            "name must be a non-empty word of letters, digits, `-` or `_`, so it can be typed on a command line",
        );
    }
    let mut rulings = Vec::new();
    for ruling in &meta.rulings {
        let r = ruling.get_ref();
        let ok =
            r.len() > 1 && r.starts_with(['R', 'C']) && r[1..].chars().all(|c| c.is_ascii_digit());
        if !ok {
            return err(
                ruling.span(),
                format!("a ruling is `R` or `C` and a number, such as \"R6\", found \"{r}\""),
            );
        }
        rulings.push(r.clone());
    }
    Ok((name, rulings))
}

/// The texts of `[variant]`: its lists (aliases, rulings) at most
/// [`MAX_LISTED`] long and without repeats, and every string printable
/// ([`plain_text`]).
fn check_variant_texts(meta: &crate::variant::Metadata) -> Result<(), CompileError> {
    // Every string of `[variant]` is printed by `sow rules` and `sow
    // variants`: none may hold a character that would drive the terminal.
    let texts = [
        ("name", Some(&meta.name)),
        ("title", meta.title.as_ref()),
        ("region", meta.region.as_ref()),
        ("source", meta.source.as_ref()),
        ("rule_book", meta.rule_book.as_ref()),
        ("differs_from", meta.differs_from.as_ref()),
        ("summary", meta.summary.as_ref()),
    ];
    let lists = [("aliases", &meta.aliases), ("rulings", &meta.rulings)];
    for (key, list) in lists {
        if let Some(over) = list.get(MAX_LISTED) {
            return err(
                over.span(),
                format!("{key} may list at most {MAX_LISTED} names"),
            );
        }
        for (i, item) in list.iter().enumerate() {
            if list[..i]
                .iter()
                .any(|earlier| earlier.get_ref() == item.get_ref())
            {
                return err(
                    item.span(),
                    format!("{key} lists \"{}\" twice", item.get_ref()),
                );
            }
        }
    }
    let all = texts
        .into_iter()
        .flat_map(|(key, text)| text.map(|t| (key, t)))
        .chain(
            lists
                .into_iter()
                .flat_map(|(key, list)| list.iter().map(move |t| (key, t))),
        );
    for (key, text) in all {
        plain_text(key, text)?;
    }
    Ok(())
}

/// The compiled [`Metadata`] of `[variant]`, with its name and rulings as
/// [`name_and_rulings`] checked them.
fn metadata(meta: crate::variant::Metadata, name: String, rulings: Vec<String>) -> Metadata {
    Metadata {
        name,
        title: meta.title.map(toml::Spanned::into_inner),
        aliases: meta.aliases.into_iter().map(|a| a.into_inner()).collect(),
        region: meta.region.map(toml::Spanned::into_inner),
        source: meta.source.map(toml::Spanned::into_inner),
        rule_book: meta.rule_book.map(toml::Spanned::into_inner),
        differs_from: meta.differs_from.map(toml::Spanned::into_inner),
        rulings,
        summary: meta.summary.map(toml::Spanned::into_inner),
    }
}

/// The seeds a start gives: the seeds per house, each house's seeds, the
/// seeds in all, and, where the start is dealt at random, the fewest seeds
/// a house the deal fills holds.
type StartSeeds = (u8, Vec<u8>, u32, Option<u8>);

/// The board as `[board]` sets it up: its layout, the seeds each house and
/// store holds at the start, and whose side a house is on.
struct Setup {
    /// Rows and houses.
    layout: Layout,
    /// Seeds per house: `seeds_per_house`, or the start's seeds shared
    /// out over its houses.
    seeds: u8,
    /// Each house's seeds at the start.
    houses: Vec<u8>,
    /// Seeds each store holds at the start.
    stored: u8,
    /// The seeds in play, the stores' with them.
    total: u32,
    /// With a random start, the fewest seeds a house the deal fills holds.
    random_deal: Option<u8>,
    /// Whether every house starts with `seeds_per_house` and the stores
    /// empty.
    uniform_start: bool,
    /// Which houses are each player's side.
    sides: Sides,
}

impl Setup {
    /// `[board]` compiled: its layout, then the seeds in its houses and its
    /// stores, then its sides.
    fn compile(board: &crate::variant::Board) -> Result<Setup, CompileError> {
        let layout = board_layout(board)?;
        let n = layout.houses_per_side();
        // The fewest seeds a house the random deal fills holds, where the start
        // is dealt at random.
        let (seeds, houses, total, random_deal) = start_seeds(board, n)?;
        let (stored, total) = start_in_stores(board, total, random_deal)?;
        let uniform_start = board.start.is_none() && stored == 0;
        let sides = board_sides(board, n)?;
        Ok(Setup {
            layout,
            seeds,
            houses,
            stored,
            total,
            random_deal,
            uniform_start,
            sides,
        })
    }
}

/// The seeds `[board]` starts with on `n` houses a side: `seeds_per_house`
/// in every house, a start pattern, or a random start.
fn start_seeds(board: &crate::variant::Board, n: usize) -> Result<StartSeeds, CompileError> {
    match (&board.seeds_per_house, &board.start) {
        (Some(seeds), Some(start)) if matches!(start.get_ref(), Start::Random(_)) => err(
            seeds.span(),
            "seeds_per_house and start = { random = N } both say how many seeds there are: keep the random start's",
        ),
        // Every seed starts in the stores (`start_in_stores`).
        (None, None) if board.start_in_stores.is_some() => Ok((0, vec![0; 2 * n], 0, None)),
        (None, None) => Err((
            board.houses_per_side.span(),
            "[board] needs seeds_per_house, the seeds in every house at the start".into(),
            Some("or give start, a pattern of seeds per house or { random = N }".into()),
        )),
        (Some(seeds), start) => seeds_per_house_start(seeds, start, n),
        (None, Some(start)) => match start.get_ref() {
            Start::Pattern(pattern) => {
                let (houses, total) = start_pattern(pattern, start.span(), n)?;
                Ok(((total as usize / (2 * n)) as u8, houses, total, None))
            }
            Start::Random(random) => random_start(random, start.span(), n),
        },
    }
}

/// `seeds_per_house` on `n` houses a side, and the start it makes: that
/// many seeds in every house, unless a start pattern lays them out.
fn seeds_per_house_start(
    seeds: &toml::Spanned<i64>,
    start: &Option<toml::Spanned<Start>>,
    n: usize,
) -> Result<StartSeeds, CompileError> {
    if *seeds.get_ref() == 0 {
        return err(
            seeds.span(),
            "the board starts with no seeds: seeds_per_house must be at least 1",
        );
    }
    let per = in_range(seeds, 1, MAX_SEEDS as i64, "seeds_per_house")?;
    let total = 2 * n as i64 * per;
    if total > MAX_SEEDS as i64 {
        return err(
            seeds.span(),
            format!(
                "{} houses of {per} seeds make {total} seeds; a game may hold at most {MAX_SEEDS}",
                2 * n
            ),
        );
    }
    Ok(match start.as_ref().map(|s| (s.span(), s.get_ref())) {
        Some((span, Start::Pattern(pattern))) => {
            let (houses, total) = start_pattern(pattern, span, n)?;
            (per as u8, houses, total, None)
        }
        _ => (per as u8, vec![per as u8; 2 * n], total as u32, None),
    })
}

/// A random start (`start = { random = N }`, written at `span`) on `n`
/// houses a side: its seeds and `empty_or_at_least` checked, and seed 0's
/// deal.
fn random_start(
    random: &RandomStart,
    span: Range<usize>,
    n: usize,
) -> Result<StartSeeds, CompileError> {
    let RandomStart {
        seeds,
        empty_or_at_least,
    } = random;
    if !(1..=MAX_SEEDS as i64).contains(seeds) {
        return err(
            span,
            format!("a random start deals between 1 and {MAX_SEEDS} seeds; found {seeds}"),
        );
    }
    let total = *seeds as u32;
    let fewest = match empty_or_at_least {
        Some(fewest) if !(1..=total as i64).contains(fewest) => {
            return err(
                span,
                format!(
                    "empty_or_at_least is the fewest seeds a house the deal fills holds: between 1 and the {total} seeds dealt; found {fewest}"
                ),
            );
        }
        Some(fewest) => *fewest as u8,
        None => 0,
    };
    // The start a command without a seed plays from: seed 0's deal.
    let houses = deal(n, total, fewest, &mut crate::rng::Rng::new(0));
    Ok((
        (total as usize / (2 * n)) as u8,
        houses,
        total,
        Some(fewest),
    ))
}

/// `start_in_stores` beside the `total` seeds on the board: the seeds each
/// store holds at the start, and the seeds in play with them.
fn start_in_stores(
    board: &crate::variant::Board,
    total: u32,
    random_deal: Option<u8>,
) -> Result<(u8, u32), CompileError> {
    // Seeds each store holds at the start, counted in the seeds in play.
    Ok(match &board.start_in_stores {
        None => (0, total),
        Some(stored) => {
            let each = in_range(stored, 0, MAX_SEEDS as i64, "start_in_stores")?;
            if total == 0 && each == 0 {
                return err(
                    stored.span(),
                    "the board starts empty and so do the stores: give start_in_stores at least 1",
                );
            }
            if total as i64 + 2 * each > MAX_SEEDS as i64 {
                return err(
                    stored.span(),
                    format!(
                        "the board's {total} seeds and {each} in each store make {}; a game may hold at most {MAX_SEEDS}",
                        total as i64 + 2 * each
                    ),
                );
            }
            if random_deal.is_some() {
                return err(
                    stored.span(),
                    "start_in_stores adds to a start pattern or seeds_per_house: not with a random start",
                );
            }
            (each as u8, total + 2 * each as u32)
        }
    })
}

/// `[board] sides` on rows of `n` houses: each player's row, or their half
/// of both rows.
fn board_sides(board: &crate::variant::Board, n: usize) -> Result<Sides, CompileError> {
    Ok(match &board.sides {
        Some(sides) if *sides.get_ref() == Sides::Halves && n % 2 == 1 => {
            return err(
                sides.span(),
                format!(
                    "sides = \"halves\" splits each row in two halves: a row of {n} houses has no halves"
                ),
            );
        }
        Some(sides) => *sides.get_ref(),
        None => Sides::Rows,
    })
}

/// Sowing and the board's sides: a cycle round each player's half needs a
/// board of halves.
fn check_own_half_cycle(sowing: &sowing::Section, sides: Sides) -> Result<(), CompileError> {
    if let Some(cycle) = &sowing.cycle
        && *cycle.get_ref() == crate::board::Cycle::OwnHalf
        && sides != Sides::Halves
    {
        return Err((
            cycle.span(),
            "cycle = \"own_half\" sows round each player's half of the board: the board has no halves".into(),
            Some("give [board] sides = \"halves\"".into()),
        ));
    }
    Ok(())
}

/// Sowing and play: houses passed over move a last seed that some allow
/// rules reckon without them, and a house judged by how it feeds either
/// way needs a direction chosen by the mover.
fn check_play_with_sowing(
    play: &feeding::Section,
    playable: &Playable,
    sowing: &sowing::Section,
    compiled_sowing: &Sowing,
) -> Result<(), CompileError> {
    if compiled_sowing.passed_over != 0
        && matches!(
            playable.allow,
            feeding::Allow::EndsOnOpponentOrEmpty
                | feeding::Allow::SingleToEmpty
                | feeding::Allow::EndsInOccupied
        )
    {
        return err(
            sowing.passed_over.as_ref().map_or(0..0, |p| p.span()),
            "passed_over changes where a handful's last seed falls, which this allow rule reckons without it: not with allow = \"ends_on_opponent_or_empty\", \"single_to_empty\" or \"ends_in_occupied\"",
        );
    }
    if let Some(flag) = &play.feed_by_house
        && playable.feed_by_house
        && compiled_sowing.chosen_in == 0
    {
        return err(
            flag.span(),
            "feed_by_house lets a house that feeds one way be played the other way: it needs [sowing] direction_chosen_in",
        );
    }
    Ok(())
}

/// Sowing and captures: a relay that stops after capturing needs captures
/// while sowing, and a diffusing sowing captures nothing.
fn check_sowing_with_captures(
    sowing: &sowing::Section,
    compiled_sowing: &Sowing,
    captures: &Captures,
) -> Result<(), CompileError> {
    if let Some(flag) = &sowing.relay_stops_after_capture
        && compiled_sowing.stops_after_capture
        && captures.while_sowing.is_none()
    {
        return err(
            flag.span(),
            "relay_stops_after_capture stops a relay after a lap that captured while sowing: it needs [capture] while_sowing",
        );
    }
    if compiled_sowing.diffuse && !captures.rules.is_empty() {
        return err(
            sowing.diffuse.as_ref().map_or(0..0, |d| d.span()),
            "diffuse = true spreads a move's seeds round the house played and captures nothing: leave [capture] out",
        );
    }
    Ok(())
}

/// Sowing and the board's start: with a diffusing sowing, no house may
/// start fuller than a full house.
fn check_diffuse_start(
    board: &crate::variant::Board,
    compiled_sowing: &Sowing,
    houses: &[u8],
) -> Result<(), CompileError> {
    let board_span = board
        .seeds_per_house
        .as_ref()
        .map_or(board.houses_per_side.span(), |s| s.span());
    if compiled_sowing.diffuse && houses.iter().any(|&s| s > sowing::DIFFUSE_FULL) {
        return err(
            board_span,
            format!(
                "with [sowing] diffuse, a house holds at most {} seeds (a seed for a full house leaves play): the start holds more",
                sowing::DIFFUSE_FULL
            ),
        );
    }
    Ok(())
}

/// The board's sides and the endings: sides of halves are read by the goal
/// "clear" alone.
fn check_halves_goal(
    board: &crate::variant::Board,
    endings: &[Ending],
) -> Result<(), CompileError> {
    if let Some(sides) = &board.sides
        && *sides.get_ref() == Sides::Halves
        && !endings
            .iter()
            .any(|e| matches!(e, ending::Ending::ClearedHalf { .. }))
    {
        return err(
            sides.span(),
            "sides = \"halves\" says whose houses the goal \"clear\" reads: [end] goal = \"clear\" is missing",
        );
    }
    Ok(())
}

/// `[children]` compiled for `n` houses a side, checked against the
/// captures, with its rams counted on the board.
fn compile_children(
    section: Option<&toml::Spanned<children::Section>>,
    n: usize,
    total: u32,
    captures: &Captures,
    board: &Board,
    compiled_sowing: &Sowing,
) -> Result<Option<Children>, CompileError> {
    let children_table = section.map_or(0..0, |c| c.span());
    let mut children = children::compile(section, n, total)?;
    if captures.opponent_takes_sown > 0
        && children
            .as_ref()
            .is_some_and(|c| c.opponent_sows != children::OpponentSows::Always || c.child_is_store)
    {
        return err(
            children_table,
            "opponent_takes_sown sows into the opponent's store, seed by seed: not with [children] opponent_sows or child_is_store",
        );
    }
    if let Some(children) = &mut children {
        children.count_rams(board, compiled_sowing.first_in_origin);
    }
    Ok(children)
}

/// `[turn]` compiled, knowing whether a last seed can capture, and checked
/// against the captures: a capture given to the opponent is a move of its
/// own.
fn compile_turn(
    section: Option<&turn::Section>,
    play: &feeding::Section,
    board: &Board,
    capture: &capture::Section,
    captures: &Captures,
    children: Option<&Children>,
) -> Result<Turn, CompileError> {
    // A last seed in the opponent's weg captures too.
    let wegs = children.is_some_and(|c| c.kind == children::Kind::Weg);
    let turn = turn::compile(section, play, board, !captures.rules.is_empty() || wegs)?;
    if captures.given_away && turn.extra_turn != ExtraTurn::Never {
        return err(
            capture
                .given_to_opponent
                .as_ref()
                .map_or(0..0, |g| g.span()),
            "given_to_opponent gives the capturer a move of its own, the drop: not with [turn] extra_turn",
        );
    }
    Ok(turn)
}

/// Every rule part of a variant, compiled: what the checks that need them
/// all read, and what the rules are built from.
struct Parts {
    /// The board as `[board]` sets it up.
    setup: Setup,
    /// The board and its rings.
    board: Board,
    /// Laps and relays.
    sowing: Sowing,
    /// Which houses may be played.
    playable: Playable,
    /// The captures.
    captures: Captures,
    /// What a grand slam does.
    grand_slam: GrandSlam,
    /// The endings, in order.
    endings: Vec<Ending>,
    /// The children, if any.
    children: Option<Children>,
    /// Extra turns and passes.
    turn: Turn,
    /// Houses a relay closes, if any.
    blocking: Option<Blocking>,
    /// The match of rounds, if any.
    rounds: Option<rounds::Rounds>,
}

impl Parts {
    /// Each rule part of `file` compiled in turn on the board `setup` sets
    /// up (sowing, play, captures, endings, children, the turn, blocking,
    /// rounds), each checked against the parts before it.
    fn compile(file: &VariantFile, setup: Setup) -> Result<Parts, CompileError> {
        let (layout, total) = (setup.layout, setup.total);
        let n = layout.houses_per_side();
        let (compiled_sowing, board) = sowing::compile(&file.sowing, layout, total)?;
        check_own_half_cycle(&file.sowing, setup.sides)?;
        let board = board.with_sides(setup.sides);
        let playable = feeding::compile(&file.play, total, layout)?;
        check_play_with_sowing(&file.play, &playable, &file.sowing, &compiled_sowing)?;
        let (mut captures, grand_slam) = capture::compile(
            &file.capture,
            total,
            &compiled_sowing,
            board.store_sowing(),
            board.layout(),
        )?;
        check_sowing_with_captures(&file.sowing, &compiled_sowing, &captures)?;
        check_diffuse_start(&file.board, &compiled_sowing, &setup.houses)?;
        let endings = ending::compile(&file.end, total, &board)?;
        // A back row left empty ends the game before the next turn's takes.
        captures.facing_take_stops_at_empty_back_row =
            captures.facing_take_at_turn_start && endings.contains(&ending::Ending::BackRowEmpty);
        check_halves_goal(&file.board, &endings)?;
        let children = compile_children(
            file.children.as_ref(),
            n,
            total,
            &captures,
            &board,
            &compiled_sowing,
        )?;
        let turn = compile_turn(
            file.turn.as_ref(),
            &file.play,
            &board,
            &file.capture,
            &captures,
            children.as_ref(),
        )?;
        let blocking = blocking::compile(
            file.blocking.as_ref(),
            n,
            &blocking::Context {
                sowing: &compiled_sowing,
                board: &board,
                captures: &captures,
                children: children.as_ref(),
                endings: &endings,
                total,
            },
        )?;
        let rounds = rounds::compile(
            file.rounds.as_ref(),
            n,
            setup.seeds,
            setup.uniform_start,
            total,
            playable.min_seeds,
        )?;
        Ok(Parts {
            setup,
            board,
            sowing: compiled_sowing,
            playable,
            captures,
            grand_slam,
            endings,
            children,
            turn,
            blocking,
            rounds,
        })
    }

    /// Which houses a player plays, once the rounds say whether houses
    /// change hands (territory) and the board whether sides are halves;
    /// zones read by who owns a house (`[children]`'s and `[capture]`'s)
    /// need territory.
    fn settle_houses_played(
        &mut self,
        children: Option<&toml::Spanned<children::Section>>,
        capture: &capture::Section,
    ) -> Result<(), CompileError> {
        let zone_by_owner = children
            .and_then(|c| c.get_ref().zone_by.as_ref())
            .filter(|z| *z.get_ref() == children::ZoneBy::Owner)
            .map(|z| z.span());
        let Parts {
            setup,
            playable,
            captures,
            rounds,
            ..
        } = self;
        if let Some(span) = zone_by_owner
            && rounds.is_none_or(|r| r.territory.is_none())
        {
            return err(
                span,
                "zone_by = \"owner\" reads who owns a house, which changes only in a territory game ([rounds.territory]): use zone alone",
            );
        }
        // A player plays the houses they own: with territory, on either row.
        playable.territory = rounds.is_some_and(|r| r.territory.is_some());
        if let Some(by) = &capture.zones_by
            && captures.zones_by_owner
            && !playable.territory
        {
            return err(
                by.span(),
                "zones_by = \"owner\" reads who owns a house now: only with [rounds.territory], where houses change hands",
            );
        }
        // A player plays their half of the board, unless any house.
        playable.halves = setup.sides == Sides::Halves && !playable.either_row;
        // Whose a house is, is read house by house: off the fast path.
        playable.judged |= playable.territory || playable.halves;
        Ok(())
    }

    /// Play, sowing and captures on marked houses: the marks `[play]` makes
    /// must be read by a relay that may stop there, and a relay or a
    /// capture that reads marks needs houses marked.
    fn check_marks(
        &self,
        play: &feeding::Section,
        sowing: &sowing::Section,
        capture: &capture::Section,
    ) -> Result<(), CompileError> {
        let compiled_sowing = &self.sowing;
        match (&play.marked, &sowing.relay_may_stop_at_marked) {
            (Some(marked), _) if !compiled_sowing.stop_at_marked => {
                return Err((
                    marked.span(),
                    "marked names houses that no rule reads".into(),
                    Some("give [sowing] relay_may_stop_at_marked = true".into()),
                ));
            }
            (None, Some(flag)) if compiled_sowing.stop_at_marked => {
                return Err((
                    flag.span(),
                    "relay_may_stop_at_marked stops a relay in a marked house, and no house is marked"
                        .into(),
                    Some("give [play] marked, the houses marked at the start or { chosen = N }".into()),
                ));
            }
            _ => {}
        }
        if let Some(flag) = &capture.chosen_spares_marked
            && self.captures.chosen_spares_marked
            && !compiled_sowing.stop_at_marked
        {
            return Err((
                flag.span(),
                "chosen_spares_marked spares the marked houses, and no house is marked".into(),
                Some("give [play] marked and [sowing] relay_may_stop_at_marked".into()),
            ));
        }
        Ok(())
    }

    /// Laps sown the other way by choice (`[sowing] reverse_from`) are
    /// offered where they reach what the cross capture takes: there must
    /// be one; the capture owed at the first lap is modelled beside them.
    fn check_reversals(
        &self,
        sowing: &sowing::Section,
        play: &feeding::Section,
    ) -> Result<(), CompileError> {
        if let Some(flag) = &play.first_lap_must_capture
            && self.playable.first_lap_must_capture
            && self.sowing.reverse_from == 0
        {
            return Err((
                flag.span(),
                "first_lap_must_capture is modelled beside laps sown the other way by choice, which it leaves open, and no lap is".into(),
                Some("give [sowing] reverse_from".into()),
            ));
        }
        if let Some(houses) = &sowing.reverse_from
            && !self
                .captures
                .rules
                .iter()
                .any(|rule| matches!(rule, capture::CaptureRule::Cross { .. }))
        {
            return Err((
                houses.span(),
                "reverse_from offers a lap the other way where its last seed would face what the cross capture takes, and there is no cross capture".into(),
                Some("give [capture] cross, as { zone = \"own\", from_front_row = true, and_behind = true }".into()),
            ));
        }
        Ok(())
    }

    /// `opening_takes_back_row` reads whether a lap reached the mover's
    /// front row from its handful, one seed into each house after its
    /// first: nothing may pass a house over or sow elsewhere, and there
    /// must be opening moves for it to act in.
    fn check_opening_back_row(&self, capture: &capture::Section) -> Result<(), CompileError> {
        let Some(flag) = &capture.opening_takes_back_row else {
            return Ok(());
        };
        let sowing = &self.sowing;
        if *flag.get_ref() && self.playable.opening_moves == 0 {
            return Err((
                flag.span(),
                "opening_takes_back_row acts in the opening moves, and there are none".into(),
                Some("give [play] opening_moves".into()),
            ));
        }
        let clash = [
            (
                sowing.first_in_origin || sowing.relay_first_in_origin,
                "first_seed_in_origin",
            ),
            (
                sowing.skip_opponent > 0 || sowing.skip_full > 0 || sowing.passed_over != 0,
                "houses passed over",
            ),
            (sowing.bear_off || sowing.diffuse, "bear_off or diffuse"),
            (self.blocking.is_some(), "[blocking]"),
            (self.children.is_some(), "[children]"),
        ];
        match clash.iter().find(|(set, _)| *set && *flag.get_ref()) {
            Some((_, key)) => err(
                flag.span(),
                format!(
                    "opening_takes_back_row is modelled for laps sown one seed into each house after the first: not with {key}"
                ),
            ),
            None => Ok(()),
        }
    }

    /// Which instance of the one sowing loop the rules run.
    fn loop_kind(&self) -> sowing::LoopKind {
        // Houses a sowing passes over (some children, blocked houses) are the
        // relay instances' business.
        sowing::LoopKind::of(
            &self.sowing,
            &self.captures,
            self.children
                .as_ref()
                .is_some_and(|c| c.opponent_sows != children::OpponentSows::Always)
                || self.rounds.is_some_and(|r| r.unfilled_blocked)
                || self.blocking.is_some(),
        )
    }

    /// Play from the store and every other part: a store move is sown
    /// plainly round the mover's own row, so nothing may carry it
    /// elsewhere.
    fn check_sow_from_store(
        &self,
        play: &feeding::Section,
        loop_kind: sowing::LoopKind,
    ) -> Result<(), CompileError> {
        let Parts {
            board,
            sowing: compiled_sowing,
            playable,
            captures,
            children,
            blocking,
            ..
        } = self;
        if let Some(flag) = play.sow_from_store.as_ref().filter(|_| playable.from_store) {
            // A store move sows one handful round the mover's own row: the
            // rules that would carry it elsewhere, or lift and pass houses on
            // the way, are not modelled with it.
            let clash = [
                (
                    board.cycle() != crate::board::Cycle::OwnRow,
                    "a [sowing] cycle other than \"own_row\"",
                ),
                (
                    board.store_sowing() != crate::board::StoreSowing::None,
                    "[sowing] into_stores",
                ),
                (
                    loop_kind != sowing::LoopKind::Plain,
                    "relay sowing, houses passed over or captures while sowing",
                ),
                (
                    compiled_sowing.turning != sowing::Turning::Fixed
                        || compiled_sowing.chosen_in != 0,
                    "[sowing] direction_by or direction_chosen_in",
                ),
                (
                    compiled_sowing.bear_off || compiled_sowing.diffuse,
                    "[sowing] bear_off or diffuse",
                ),
                (blocking.is_some(), "[blocking]"),
                (children.is_some(), "[children]"),
                (
                    captures.before_sowing != capture::BeforeSowing::None,
                    "[capture] before_sowing",
                ),
                (captures.given_away, "[capture] given_to_opponent"),
                (captures.from_played_only, "[capture] from_played_only"),
            ];
            if let Some((_, what)) = clash.iter().find(|(set, _)| *set) {
                return Err((
                    flag.span(),
                    format!(
                        "sow_from_store sows a handful from the store round the mover's own row: not with {what}"
                    ),
                    Some("give [sowing] cycle = \"own_row\" and sow plainly".into()),
                ));
            }
        }
        Ok(())
    }

    /// Placement from the hand and the parts that fill a store: the seeds
    /// in hand are the seeds to place, so nothing else may put seeds there
    /// while the game goes on, and a board that starts empty needs them.
    fn check_place_from_hand(
        &self,
        play: &feeding::Section,
        board_section: &crate::variant::Board,
    ) -> Result<(), CompileError> {
        let Parts {
            setup,
            board,
            playable,
            captures,
            rounds,
            ..
        } = self;
        let Some(flag) = play
            .place_from_hand
            .as_ref()
            .filter(|_| playable.places_from_hand)
        else {
            return match &board_section.start_in_stores {
                Some(stored) if setup.houses.iter().all(|&s| s == 0) && !playable.from_store => Err((
                    stored.span(),
                    "the board starts empty, with every seed in the stores: nothing takes them out".into(),
                    Some("give [play] place_from_hand = true or sow_from_store = true".into()),
                )),
                _ => Ok(()),
            };
        };
        // Captured seeds sown on never reach a store; any others do.
        let captures_stored = (!captures.rules.is_empty()
            || captures.while_sowing.is_some()
            || captures.before_sowing != capture::BeforeSowing::None)
            && !captures.captured_sown_on
            && captures.lap_captures != Some(capture::LapCaptures::SowOn);
        let clash = [
            (captures.given_away, "[capture] given_to_opponent"),
            (captures_stored, "captures kept in the store"),
            (
                captures.last_seeds_to_mover > 0,
                "[capture] last_seeds_to_mover",
            ),
            (rounds.is_some(), "[rounds]"),
            (setup.stored == 0, "a start without seeds in the stores"),
            // Seeds sown into a store would fill the hand again mid-game.
            // (`opponent_takes_sown` needs captures kept in the store.)
            (
                board.store_sowing() != crate::board::StoreSowing::None,
                "[sowing] into_stores",
            ),
        ];
        if let Some((_, what)) = clash.iter().find(|(set, _)| *set) {
            return Err((
                flag.span(),
                format!(
                    "place_from_hand places the seeds in each player's store (their hand) one a turn: not with {what}"
                ),
                Some(
                    "give [board] start_in_stores, the seeds in hand, and sow captured seeds on"
                        .into(),
                ),
            ));
        }
        Ok(())
    }

    /// `[sowing] opening` and the opening moves of `[play]`, the start and
    /// the rounds: a special opening sowing needs opening moves that sow,
    /// and "plus_one_minus_one" seeds in every house it takes from.
    fn check_opening_sowing(&self, sowing: &sowing::Section) -> Result<(), CompileError> {
        let Parts {
            setup,
            playable,
            rounds,
            ..
        } = self;
        let houses = &setup.houses;
        if let Some(opening) = &sowing.opening
            && *opening.get_ref() != sowing::OpeningSowing::AsUsual
            && playable.opening_moves == 0
        {
            return Err((
                opening.span(),
                "[sowing] opening says how the opening moves sow, and there are none".into(),
                Some("give [play] opening_moves, the number of opening moves".into()),
            ));
        }
        if let Some(opening) = &sowing.opening
            && *opening.get_ref() != sowing::OpeningSowing::AsUsual
            && playable.opening_takes > 0
        {
            return err(
                opening.span(),
                "[sowing] opening says how the opening moves sow, and [play] opening_takes makes them take houses, sowing none",
            );
        }

        if let Some(opening) = &sowing.opening
            && *opening.get_ref() == sowing::OpeningSowing::PlusOneMinusOne
            && houses.contains(&0)
        {
            return err(
                opening.span(),
                "opening = \"plus_one_minus_one\" moves a seed out of every other house: the start must have seeds in every house",
            );
        }
        if let Some(opening) = &sowing.opening
            && *opening.get_ref() == sowing::OpeningSowing::PlusOneMinusOne
            && rounds.is_some_and(|r| r.territory.is_none() && r.match_to.is_none())
        {
            // A round whose rows are refilled from what each player won may
            // leave houses empty or blocked, and the opening would move a seed
            // that is not there: seeds made from nothing.
            return err(
                opening.span(),
                "opening = \"plus_one_minus_one\" moves a seed out of every other house, and a round refilled from what each player won ([rounds] fill_from) may leave houses empty or blocked: use it with [rounds.territory] or a match of rounds from the start",
            );
        }
        Ok(())
    }

    /// Whether a move may carry choices made inside it, or the game starts
    /// with markings (`Rules::choices_in_moves`).
    fn choices_in_moves(&self) -> bool {
        let Parts {
            sowing: compiled_sowing,
            playable,
            captures,
            ..
        } = self;
        captures.chosen_after > 0
            || compiled_sowing.stop_at_marked
            || compiled_sowing.reverse_from != 0
            || playable.marks_chosen > 0
            || playable.opening_takes > 0
    }

    /// Whether a move's legality can only be known by playing it out
    /// (`Rules::simulate_to_judge`), given whether moves carry choices.
    fn simulate_to_judge(&self, choices_in_moves: bool) -> bool {
        let Parts {
            sowing: compiled_sowing,
            playable,
            captures,
            grand_slam,
            ..
        } = self;
        choices_in_moves
            || compiled_sowing.relays()
            || playable.no_return
            || captures.while_sowing.is_some()
            || *grand_slam == GrandSlam::Forbidden
            // A move feeds when the opponent has seeds after it.
            || playable.feeding == feeding::Feeding::MustFeedElseAny
            // With territory a move feeds when the opponent's houses hold
            // seeds after it.
            || (playable.territory && playable.feeding != feeding::Feeding::Free)
            || playable.feeds_after_captures
            // Which houses a move may take by choice follows from its capture.
            || captures.chosen_after > 0
    }

    /// Whether a move must be played out to be judged even where the player
    /// need not feed (`Rules::simulate_unfed`), given whether moves carry
    /// choices.
    fn simulate_unfed(&self, choices_in_moves: bool) -> bool {
        choices_in_moves || self.sowing.relays() || self.grand_slam == GrandSlam::Forbidden
    }

    /// Whether something may stop a capture or take its place, so the
    /// engine asks each (`Rules::capture_gates`).
    fn capture_gates(&self) -> bool {
        let Parts {
            sowing: compiled_sowing,
            playable,
            captures,
            children,
            turn,
            blocking,
            ..
        } = self;
        captures.quiet_moves > 0
            || !captures.single_seed_captures
            || children.is_some()
            || playable.no_return
            || captures.before_sowing != capture::BeforeSowing::None
            || blocking.is_some()
            || captures.last_seeds_to_mover > 0
            || playable.opening_moves > 0
            || playable.allow == feeding::Allow::EachHouseOnceFirst
            || matches!(
                turn.extra_turn,
                ExtraTurn::AfterCapture | ExtraTurn::AfterCaptureOnce
            )
            || matches!(
                compiled_sowing.turning,
                sowing::Turning::FirstMove
                    | sowing::Turning::OwnSecondMove
                    | sowing::Turning::OwnFirstMove
            )
            || compiled_sowing.bear_off
            || compiled_sowing.diffuse
            || captures.given_away
            || captures.chosen_after > 0
            || captures.cross_needs_opponent_sown
            || captures.from_played_only
            || captures.starter_waits
            || captures.facing_take_at_turn_start
            || playable.share_one
            || playable.from_store
            || playable.places_from_hand
    }

    /// The position every game starts from: the start's seeds, and the
    /// state the rules start with (quiet and opening moves, the starter,
    /// marked houses, children).
    fn start_position(&self) -> Position {
        let Parts {
            setup,
            board,
            playable,
            captures,
            children,
            ..
        } = self;
        let n = setup.layout.houses_per_side();
        let mut start = Position::laid_out(
            &setup.houses,
            [setup.stored, setup.stored],
            Side::South,
            setup.layout,
        )
        .expect("checked above: at most MAX_SEEDS");
        start.set(QUIET, captures.quiet_moves);
        start.set(OPENING, playable.opening_moves);
        if captures.last_seeds_to_starter {
            start.set(STARTER, Some(start.to_move()));
        }
        if captures.starter_waits {
            start.set(WAITING, Some(start.to_move()));
        }
        for side in Side::BOTH {
            for offset in (0..n).filter(|&i| playable.marked_at_start >> i & 1 == 1) {
                start.set_marked(board.row_start(side) + offset);
            }
        }
        if let Some(children) = children {
            for (side, mask) in Side::BOTH.into_iter().zip(children.start_masks(n)) {
                for house in (0..2 * n).filter(|&h| mask >> h & 1 == 1) {
                    start.set_child(house, Some(side));
                }
            }
        }
        start
    }

    /// The rules built from the parts, with the names `meta`, the sowing
    /// loop `loop_kind`, the flags the engine reads and the start position.
    fn into_rules(self, meta: Metadata, loop_kind: sowing::LoopKind) -> Rules {
        let choices_in_moves = self.choices_in_moves();
        let simulate_to_judge = self.simulate_to_judge(choices_in_moves);
        let simulate_unfed = self.simulate_unfed(choices_in_moves);
        let capture_gates = self.capture_gates();
        let hand_drops = self.captures.given_away || self.playable.places_from_hand;
        let start = self.start_position();
        let Parts {
            setup,
            board,
            sowing: compiled_sowing,
            playable,
            captures,
            grand_slam,
            endings,
            children,
            turn,
            blocking,
            rounds,
        } = self;
        let tracks_last_capturer = endings
            .iter()
            .any(|e| e.taken_by() == Some(Collect::LastCapturer));
        Rules {
            start,
            meta,
            board,
            seeds_per_house: setup.seeds,
            random_start: setup.random_deal.is_some(),
            deal_empty_or_at_least: setup.random_deal.unwrap_or(0),
            total_seeds: setup.total,
            sowing: compiled_sowing,
            playable,
            captures,
            grand_slam,
            turn,
            children,
            endings_before_pass: endings
                .iter()
                .position(|e| !e.reads_position_only())
                .unwrap_or(endings.len()),
            endings,
            tracks_last_capturer,
            simulate_to_judge,
            simulate_unfed,
            choices_in_moves,
            capture_gates,
            hand_drops,
            loop_kind,
            blocking,
            rounds,
        }
    }
}

/// Refuses a `[variant]` string that holds a control character (or another
/// character that [`escape_controls`] shows escaped): names and descriptions are
/// printed as they are, so they must be text a terminal only displays.
fn plain_text(key: &str, text: &toml::Spanned<String>) -> Result<(), CompileError> {
    let Some(c) = text.get_ref().chars().find(|&c| is_hostile(c)) else {
        return Ok(());
    };
    Err((
        text.span(),
        format!(
            "`{key}` holds the control character `{}`: names and descriptions are printed as they are, so they may hold only text that a terminal displays",
            c.escape_debug()
        ),
        Some("remove it, or write the text on one line without escapes such as \\u001b".into()),
    ))
}

/// A start pattern's houses and seeds in all, checked against a board of
/// `n` houses a side.
fn start_pattern(
    pattern: &[i64],
    span: std::ops::Range<usize>,
    n: usize,
) -> Result<(Vec<u8>, u32), CompileError> {
    if pattern.len() != 2 * n {
        return err(
            span,
            format!(
                "start lists {} houses; the board has {} ({n} a side)",
                pattern.len(),
                2 * n
            ),
        );
    }
    let sum: i64 = pattern.iter().sum();
    if pattern.iter().any(|&s| s < 0) || sum < 1 || sum > MAX_SEEDS as i64 {
        return err(
            span,
            format!(
                "start must give every house 0 seeds or more, at least 1 and at most {MAX_SEEDS} in all"
            ),
        );
    }
    Ok((pattern.iter().map(|&s| s as u8).collect(), sum as u32))
}

/// A random start (`start = { random = N }`) on `n` houses a side: every
/// house gets 2 seeds when there are at least 2 for each (none otherwise),
/// then each seed left goes into a house drawn uniformly at random. With
/// `empty_or_at_least` (above 0) every seed is drawn so, and then, in house
/// order, a house holding fewer passes its seeds on to the next, the last
/// house's to the last house that holds seeds.
pub(crate) fn deal(
    n: usize,
    total: u32,
    empty_or_at_least: u8,
    rng: &mut crate::rng::Rng,
) -> Vec<u8> {
    let count = 2 * n;
    let base = if empty_or_at_least == 0 && total as usize >= 2 * count {
        2
    } else {
        0
    };
    let mut houses = vec![base as u8; count];
    for _ in 0..total as usize - base * count {
        houses[rng.below(count)] += 1;
    }
    if empty_or_at_least > 0 {
        let mut carried = 0u8;
        let mut last_filled = None;
        for (house, seeds) in houses.iter_mut().enumerate() {
            carried += std::mem::take(seeds);
            if carried >= empty_or_at_least {
                *seeds = std::mem::take(&mut carried);
                last_filled = Some(house);
            }
        }
        // `empty_or_at_least` is at most the seeds dealt: some house is filled.
        houses[last_filled.unwrap_or(count - 1)] += carried;
    }
    houses
}

/// How the `[board]`'s rows and houses lay out each player's houses: one
/// row each on two rows, a front and a back row each on four, and on three
/// a back row each and half of the shared middle row.
fn board_layout(board: &crate::variant::Board) -> Result<Layout, CompileError> {
    let rows = match &board.rows {
        Some(rows) => {
            let r = *rows.get_ref();
            if !(2..=4).contains(&r) {
                return err(rows.span(), format!("a board has 2, 3 or 4 rows, not {r}"));
            }
            r as usize
        }
        None => 2,
    };
    let (most, per_side): (usize, fn(usize) -> Layout) = match rows {
        2 => (MAX_ROW_LETTERS, Layout::two_rows),
        4 => (MAX_HOUSES_PER_SIDE / 2, |c| Layout::front_and_back(c, c)),
        _ => (20, |c| Layout::front_and_back(c / 2, c)),
    };
    let key = if rows == 2 {
        "houses_per_side"
    } else {
        "houses_per_row"
    };
    let columns = in_range(&board.houses_per_side, 1, most as i64, key)? as usize;
    if rows == 3 && columns % 2 == 1 {
        return err(
            board.houses_per_side.span(),
            format!(
                "on three rows each player owns half of the middle row: a row of {columns} houses has no halves"
            ),
        );
    }
    Ok(per_side(columns))
}

/// Houses of a row counted from their owner's left (1 is the first), as a
/// mask with bit `k` for house `k + 1`.
pub(crate) fn row_places(
    places: &toml::Spanned<Vec<i64>>,
    houses_per_side: usize,
    what: &str,
) -> Result<u32, CompileError> {
    let mut mask = 0u32;
    for &place in places.get_ref() {
        if place < 1 || place > houses_per_side as i64 {
            return err(
                places.span(),
                format!(
                    "{what} counts houses from their owner's left, 1 to {houses_per_side}; found {place}"
                ),
            );
        }
        mask |= 1 << (place - 1);
    }
    Ok(mask)
}

/// Places from a row owner's left, such as "1st or 6th houses".
pub(crate) fn places_in_words(places: u32, joined_by: &str) -> String {
    let words: Vec<String> = (0..32)
        .filter(|b| places >> b & 1 == 1)
        .map(|b| ordinal(b + 1))
        .collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} {joined_by} {last} houses", rest.join(", "))
        }
        _ => format!("{} house", words.join("")),
    }
}

/// `n` as an ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st.
pub(crate) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// toml's message in words of TOML, not of the Rust types behind it, and
/// where it points: a value of the wrong type is reported from its key on,
/// saying what the key takes (`relay` takes `true` or `false`), so the
/// line and column are the key's.
fn toml_message(message: &str, source: &str, span: Range<usize>) -> (Range<usize>, String) {
    let message = message.trim_end();
    let found = source.get(span.clone()).unwrap_or("");
    if message.starts_with("invalid type:")
        && let Some(name) = found
            .strip_prefix("[[")
            .and_then(|rest| rest.split("]]").next())
    {
        let name = name.trim();
        return (
            span,
            format!(
                "`[[{name}]]` is an array of tables, but `{name}` is one table: write `[{name}]`"
            ),
        );
    }
    let wrong = if let Some(rest) = message.strip_prefix("invalid type: ") {
        let (was, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        if let Some(number) = was
            .strip_prefix("integer `")
            .and_then(|n| n.strip_suffix("` as i128"))
        {
            // toml reads a number past i64 as a wider one, which no key takes.
            return (
                span,
                format!(
                    "{number} is out of range: a whole number here must lie between {} and {}",
                    i64::MIN,
                    i64::MAX
                ),
            );
        }
        Some((toml_expected(expected), toml_found(was)))
    } else if let Some(rest) = message.strip_prefix("invalid length ") {
        // A table written as an array: serde counts the array's items.
        let expected = rest.split_once(", expected ").map_or("", |(_, e)| e);
        let expected = expected.split(" with ").next().unwrap_or(expected);
        Some((toml_expected(expected), "an array".to_string()))
    } else if message == "wanted string or table" {
        // What toml says of a non-word where a choice of words belongs.
        let words = enum_words(source, &span).map_or(
            "one of its words in quotes (variants/README.md lists them)".to_string(),
            |words| format!("one of {words}, in quotes"),
        );
        Some((words, toml_value(found)))
    } else {
        None
    };
    let Some((expected, found_words)) = wrong else {
        // serde names Rust types; a person writing TOML thinks in TOML's.
        let message = message
            .replace("expected i64", "expected a whole number")
            .replace("a sequence", "an array");
        return (span, message);
    };
    match key_before(source, span.start) {
        Some((key, in_array)) => {
            let name = &source[key.clone()];
            let message = if in_array {
                format!("each item of `{name}` is {expected}, found {found_words}")
            } else {
                format!("`{name}` takes {expected}, found {found_words}")
            };
            (key.start..span.end.max(key.end), message)
        }
        None => (span, format!("expected {expected}, found {found_words}")),
    }
}

/// What serde says a key expects, in TOML's words.
fn toml_expected(expected: &str) -> String {
    match expected {
        "a boolean" => "`true` or `false`".into(),
        "i64" | "u8" | "u32" | "u64" | "usize" | "an integer" => "a whole number".into(),
        "a string" => "a string in quotes".into(),
        "a sequence" => "an array in brackets, `[…]`".into(),
        // A struct without its own words (each section has them): say what
        // kind of value, never the type's name.
        other if other.starts_with("struct ") => "a table".into(),
        other => other.to_string(),
    }
}

/// What serde says it found, in TOML's words.
fn toml_found(found: &str) -> String {
    let quoted = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix('`'))
    };
    if let Some(value) = quoted("integer `")
        .or_else(|| quoted("floating point `"))
        .or_else(|| quoted("boolean `"))
    {
        return value.to_string();
    }
    if let Some(text) = found
        .strip_prefix("string \"")
        .and_then(|rest| rest.strip_suffix('"'))
    {
        return format!("the string \"{}\"", excerpt(text));
    }
    match found {
        "sequence" => "an array".into(),
        "map" => "a table".into(),
        other => other.to_string(),
    }
}

/// The value `text` as a person wrote it, named by its kind.
fn toml_value(text: &str) -> String {
    let text = text.trim();
    match text.chars().next() {
        Some('[') => "an array".into(),
        Some('{') => "a table".into(),
        _ => format!("`{}`", excerpt(text)),
    }
}

/// The words an enum key takes, as toml lists them: the file is read again
/// with a word no key takes in place of the value at `span`, and the
/// "unknown variant" error names the words.
fn enum_words(source: &str, span: &Range<usize>) -> Option<String> {
    let probe = format!(
        "{}\"?\"{}",
        source.get(..span.start)?,
        source.get(span.end..)?
    );
    let error = toml::from_str::<VariantFile>(&probe).err()?;
    let rest = error
        .message()
        .strip_prefix("unknown variant `?`, expected ")?
        .trim_end();
    let words = rest.strip_prefix("one of ").unwrap_or(rest).to_string();
    (!words.is_empty()).then_some(words)
}

/// The key whose value starts at byte `at`, when it is written on the same
/// line (`relay = 1`, or `plies = "x"` inside an inline table): its span, and
/// whether the value is an item of an array (`rulings = ["R1", 2]`).
fn key_before(source: &str, at: usize) -> Option<(Range<usize>, bool)> {
    let before = source.get(..at)?;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = &before[line_start..];
    let equals = line.rfind('=')?;
    let in_array = line[equals + 1..].contains('[');
    let key_text = line[..equals].trim_end();
    let is_key = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '"');
    let start = key_text.rfind(|c: char| !is_key(c)).map_or(0, |i| i + 1);
    (start < key_text.len()).then(|| (line_start + start..line_start + key_text.len(), in_array))
}

/// Turns toml's "unknown field `x`, expected one of `a`, `b`" into a
/// "did you mean" hint when one of the expected names is close.
fn typo_hint(message: &str) -> Option<String> {
    let rest = message
        .strip_prefix("unknown field `")
        .or_else(|| message.strip_prefix("unknown variant `"))?;
    let (typed, expected) = rest.split_once('`')?;
    // A key of another table: say which.
    if message.starts_with("unknown field")
        && let Some(table) = table_of_key(typed)
    {
        return Some(format!("`{typed}` belongs in [{table}]"));
    }
    let best = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|candidate| (edit_distance(typed, candidate), candidate))
        .min()?;
    (best.0 <= 2.max(typed.len() / 3)).then(|| format!("did you mean `{}`?", best.1))
}

/// The table of the variant file whose key `key` is, if any.
fn table_of_key(key: &str) -> Option<&'static str> {
    use crate::variant::{Board, Metadata};
    let tables: [(&str, &[&str]); 11] = [
        ("variant", fields_of::<Metadata>()),
        ("board", fields_of::<Board>()),
        ("sowing", fields_of::<sowing::Section>()),
        ("play", fields_of::<feeding::Section>()),
        ("capture", fields_of::<capture::Section>()),
        ("turn", fields_of::<turn::Section>()),
        ("children", fields_of::<children::Section>()),
        ("end", fields_of::<ending::Section>()),
        ("blocking", fields_of::<blocking::Section>()),
        ("rounds", fields_of::<rounds::Section>()),
        ("rounds.territory", fields_of::<territory::Section>()),
    ];
    tables
        .into_iter()
        .find(|(_, fields)| fields.contains(&key))
        .map(|(table, _)| table)
}

/// The keys of a table's struct, as serde knows them: a deserializer that
/// only asks for them.
fn fields_of<'de, T: serde::Deserialize<'de>>() -> &'static [&'static str] {
    struct Fields(std::cell::Cell<&'static [&'static str]>);
    impl<'de> serde::Deserializer<'de> for &Fields {
        type Error = serde::de::value::Error;
        fn deserialize_any<V: serde::de::Visitor<'de>>(
            self,
            _: V,
        ) -> Result<V::Value, Self::Error> {
            Err(serde::de::Error::custom("fields only"))
        }
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            self.0.set(fields);
            Err(serde::de::Error::custom("fields only"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map enum identifier ignored_any
        }
    }
    let fields = Fields(std::cell::Cell::new(&[]));
    let _ = T::deserialize(&fields);
    fields.0.get()
}

/// How many single-character edits turn `a` into `b` (Levenshtein).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + (ca != cb) as usize);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Why a variant could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// The file could not be read.
    Io {
        /// The path as given.
        path: String,
        /// The system's reason.
        message: String,
    },
    /// No shipped variant has that name, and it is not a file.
    Unknown {
        /// The name asked for.
        name: String,
        /// The shipped names.
        known: String,
        /// The shipped name or alias nearest the one asked for, if one is
        /// near enough to be a slip.
        closest: Option<String>,
    },
    /// The file is not a valid variant, at a place in it.
    Invalid(Box<Located>),
}

impl RulesError {
    fn at(
        origin: &str,
        source: &str,
        span: Range<usize>,
        message: String,
        hint: Option<String>,
    ) -> RulesError {
        RulesError::Invalid(Box::new(Located::new(origin, source, span, message, hint)))
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Io { path, message } => {
                write!(
                    f,
                    "{}: cannot read variant file: {message}",
                    escape_controls(path)
                )
            }
            RulesError::Unknown {
                name,
                known,
                closest,
            } => {
                write!(
                    f,
                    "no variant named `{}` (shipped: {known}), and no such .toml file",
                    excerpt(name)
                )?;
                match closest {
                    Some(closest) => write!(f, "; did you mean {closest}?"),
                    None => Ok(()),
                }
            }
            RulesError::Invalid(located) => located.fmt(f),
        }
    }
}

impl std::error::Error for RulesError {}

#[cfg(test)]
mod tests {
    #[test]
    fn a_key_is_found_in_its_table() {
        assert_eq!(super::table_of_key("extra_turn"), Some("turn"));
        assert_eq!(super::table_of_key("majority"), Some("end"));
        assert_eq!(super::table_of_key("chain"), Some("capture"));
        assert_eq!(super::table_of_key("houses_per_side"), Some("board"));
        assert_eq!(super::table_of_key("chian"), None);
    }

    #[test]
    fn a_slip_in_a_variant_name_finds_the_name() {
        let error = super::Rules::load("kalh").unwrap_err().to_string();
        assert!(error.ends_with("; did you mean `kalah`?"), "{error}");
        let error = super::Rules::load("Owre").unwrap_err().to_string();
        assert!(error.ends_with("; did you mean `oware`?"), "{error}");
        let error = super::Rules::load("mg-kalh").unwrap_err().to_string();
        assert!(error.ends_with("; did you mean `mg-kalah`?"), "{error}");
        let error = super::Rules::load("chess").unwrap_err().to_string();
        assert!(!error.contains("did you mean"), "{error}");
        assert_eq!(super::Rules::load("bao").unwrap().meta.name, "mg-bao");
    }

    use super::*;

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("captur", "capture"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn zone_masks_read_the_sower_view() {
        let own = ZoneMask::from_zone(Zone::Own);
        assert!(own.allows(true) && !own.allows(false));
        let opp = ZoneMask::from_zone(Zone::Opponent);
        assert!(!opp.allows(true) && opp.allows(false));
        assert!(ZoneMask::from_zone(Zone::Either).allows(true));
        assert!(!ZoneMask::from_zone(Zone::None).any());
    }
}
