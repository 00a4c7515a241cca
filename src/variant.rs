//! The variant file: a TOML document, exactly as a person writes it.
//!
//! Nothing here is checked beyond its type; [`crate::rules`] compiles a
//! `VariantFile` into validated [`crate::Rules`]. Every table denies unknown
//! keys, so a misspelt key is an error, not a silent default. Numbers are kept
//! with their byte spans so range errors can point at the value.
//! `variants/README.md` documents every key.

use serde::Deserialize;
use toml::Spanned;

/// A whole variant file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// Names, origin and sources.
    pub variant: Metadata,
    /// The board and the seeds at the start.
    pub board: Board,
    /// How seeds are sown.
    #[serde(default)]
    pub sowing: Sowing,
    /// Which houses may be played.
    #[serde(default)]
    pub play: Play,
    /// When and where seeds are captured.
    pub capture: Capture,
    /// When the game ends and who takes the seeds left.
    pub end: End,
}

/// `[variant]`: names, origin and sources.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Metadata {
    /// The name used on the command line, in lowercase.
    pub name: Spanned<String>,
    /// Other names the game goes by; they work on the command line too.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Where the game is played.
    #[serde(default)]
    pub region: Option<String>,
    /// The rule document the file follows.
    #[serde(default)]
    pub source: Option<String>,
    /// The rulings (`docs/rulings.md`) the file follows, such as `"R6"`.
    #[serde(default)]
    pub rulings: Vec<Spanned<String>>,
    /// One line that tells the game apart from the others.
    #[serde(default)]
    pub summary: Option<String>,
}

/// `[board]`: the board and the seeds at the start.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Houses in each of the two rows, 1 to 26.
    pub houses_per_side: Spanned<i64>,
    /// Seeds in every house at the start.
    pub seeds_per_house: Spanned<i64>,
}

/// The way seeds travel round the board.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// South's row left to right, then North's row (C1 order).
    #[default]
    #[serde(alias = "anticlockwise", alias = "anti-clockwise")]
    CounterClockwise,
    /// The reverse.
    Clockwise,
}

/// `[sowing]`: how seeds are sown.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Sowing {
    /// The way seeds travel.
    #[serde(default)]
    pub direction: Direction,
    /// Whether a lap passes over the house the seeds were lifted from.
    #[serde(default)]
    pub skip_origin: bool,
    /// Whether sowing goes on from the last hole: its seeds are lifted and sown
    /// on, until the last seed makes a count in `relay_stops_on` or captures.
    #[serde(default)]
    pub relay: bool,
    /// Counts in the last hole that end relay sowing (only with `relay`).
    #[serde(default)]
    pub relay_stops_on: Option<Spanned<Vec<i64>>>,
}

/// `[play]`: which houses may be played.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Play {
    /// The fewest seeds a house must hold to be played.
    #[serde(default = "one")]
    pub min_seeds: Spanned<i64>,
    /// Ouri's rule: a house with one seed may be played only when no
    /// otherwise legal house holds two or more.
    #[serde(default)]
    pub single_seed_rule: bool,
    /// When the opponent's row is empty, only moves that sow into it are legal.
    #[serde(default)]
    pub must_feed: bool,
    /// A player with no seeds loses the turn instead of the game ending.
    #[serde(default)]
    pub pass_when_empty: bool,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            min_seeds: one(),
            single_seed_rule: false,
            must_feed: false,
            pass_when_empty: false,
        }
    }
}

fn one() -> Spanned<i64> {
    Spanned::new(0..0, 1)
}

/// Which rows a capture may happen in, seen from the sower.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// Nowhere.
    #[default]
    None,
    /// The opponent's row.
    Opponent,
    /// The sower's own row.
    Own,
    /// Either row.
    Either,
}

/// What happens to a move that would capture every seed of the opponent.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum GrandSlam {
    /// The capture stands.
    #[default]
    Capture,
    /// The move is played but captures nothing (Oware Abapa, R6).
    NoCapture,
    /// The move is illegal.
    Forbidden,
    /// The capture stands and the capturer moves again at once, and that move
    /// must feed the opponent (Ouri, R2).
    CaptureThenFeed,
}

/// `[capture]`: when and where seeds are captured.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Capture {
    /// The counts a hole must reach to be captured, such as `[2, 3]`.
    pub counts: Spanned<Vec<i64>>,
    /// Where the last seed of a sowing captures.
    #[serde(default)]
    pub last_seed: Zone,
    /// Where the other seeds capture, at once, as they are sown.
    #[serde(default)]
    pub while_sowing: Zone,
    /// After a last-seed capture, whether the holes before it (against the
    /// sowing direction) are captured too while they hold a capturing count.
    #[serde(default)]
    pub chain: bool,
    /// What a grand slam does.
    #[serde(default)]
    pub grand_slam: GrandSlam,
}

/// Who takes the seeds left on the board when a game ends.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Collect {
    /// Each player takes the seeds in their own row.
    EachOwn,
    /// The player who made the last capture takes them all (each their own if
    /// nobody has captured).
    LastCapturer,
    /// They stay on the board and count for nobody.
    Nobody,
}

/// `[end.seeds_left]`: the game ends when few seeds are left.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedsLeft {
    /// The game ends when the board holds this many seeds or fewer.
    pub at_most: Spanned<i64>,
    /// Who takes them.
    pub taken_by: Collect,
}

/// `[end.ply_limit]`: the game ends after a number of moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlyLimit {
    /// Moves played, by both players together.
    pub plies: Spanned<i64>,
    /// Who takes the seeds left.
    pub taken_by: Collect,
}

/// `[end]`: when the game ends and who takes the seeds left.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct End {
    /// A store holding this many seeds ends the game at once; the seeds on the
    /// board stay where they are.
    #[serde(default)]
    pub majority: Option<Spanned<i64>>,
    /// Both stores holding exactly half the seeds ends the game as a draw.
    #[serde(default)]
    pub even_split_draw: bool,
    /// Who takes the seeds when the player to move has no legal move.
    pub no_move: Collect,
    /// Whether a repeated position ends the game, and who takes the seeds.
    #[serde(default)]
    pub repetition: Option<Collect>,
    /// The game ends when this few seeds are left.
    #[serde(default)]
    pub seeds_left: Option<SeedsLeft>,
    /// The game ends after this many moves.
    #[serde(default)]
    pub ply_limit: Option<PlyLimit>,
}
