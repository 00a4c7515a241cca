//! Game records: PGN-style tag pairs, moves and a result.
//!
//! [`crate::notation`] reads records; this module holds them, writes them and
//! replays them against the rules, checking every move, every capture mark
//! and the result.

use std::cell::OnceCell;
use std::fmt::{self, Write as _};
use std::fs::OpenOptions;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Arc;

use crate::diagnostic::excerpt;
use crate::engine::Engine;
use crate::game::Game;
use crate::moves::{IllegalMove, MoveEffect};
use crate::notation::{ParseError, parse_position_in};
use crate::position::{Move, Position, PositionError, Side};
use crate::rules::builtin_rules;

/// One game as written down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Tag pairs in file order, such as `("Date", "2026.11.22")`.
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves.
    pub moves: Vec<RecordedMove>,
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Where the game starts in its file (1-based), for messages.
    pub line: usize,
    /// The column where the game starts.
    pub column: usize,
    /// Where the `[Position]` tag's value starts in its file (line,
    /// column), for a record read from text.
    pub position_at: Option<(usize, usize)>,
}

impl Default for Record {
    fn default() -> Record {
        Record {
            tags: Vec::new(),
            comment: None,
            moves: Vec::new(),
            result: "*".into(),
            line: 1,
            column: 1,
            position_at: None,
        }
    }
}

/// One move as written down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedMove {
    /// The house played.
    pub mv: Move,
    /// Who played it, where known (a record made from a game); a record read
    /// from text leaves it to the label's case, which in a variant with
    /// `[play] from_either_row` names the house's owner, not the mover.
    pub mover: Option<Side>,
    /// The capture mark (`Cx6` claims 6), if any.
    pub captured: Option<u32>,
    /// A comment after the move.
    pub comment: Option<String>,
    /// Where the move is in its file.
    pub line: usize,
    /// Its column.
    pub column: usize,
}

impl RecordedMove {
    /// A move with no mark, comment or place.
    pub fn new(mv: Move) -> RecordedMove {
        RecordedMove {
            mv,
            mover: None,
            captured: None,
            comment: None,
            line: 0,
            column: 0,
        }
    }
}

/// The standard tags, in the order the printer writes them.
const TAG_ORDER: [&str; 6] = ["Variant", "South", "North", "Date", "Result", "Position"];

impl Record {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, replacing any earlier value.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// Replays the record on `engine`, checking every move and mark.
    pub fn replay(&self, engine: &Arc<Engine>) -> Result<Replay, ReplayError> {
        let rules = engine.rules();
        let start = match self.tag("Position") {
            Some(text) => {
                let position =
                    parse_position_in(text, "[Position] tag").map_err(ReplayError::BadPosition)?;
                rules
                    .check_position(&position)
                    .map_err(|error| ReplayError::PositionMismatch {
                        error,
                        at: self.position_at,
                    })?;
                position
            }
            None if rules.random_start() => {
                return Err(ReplayError::StartNeeded {
                    line: self.line,
                    column: self.column,
                });
            }
            None => rules.start(),
        };
        let mut game = Game::from_position(engine, start.clone()).map_err(|error| {
            ReplayError::PositionMismatch {
                error,
                at: self.position_at,
            }
        })?;
        let mut plies = Vec::with_capacity(self.moves.len());
        for (index, recorded) in self.moves.iter().enumerate() {
            let mover = game.position().to_move();
            let effect = game
                .play(recorded.mv, &mut ())
                .map_err(|error| ReplayError::Illegal {
                    ply: index + 1,
                    line: recorded.line,
                    column: recorded.column,
                    error,
                })?;
            if let Some(claimed) = recorded.captured
                && claimed != effect.captured as u32
            {
                return Err(ReplayError::MarkMismatch {
                    ply: index + 1,
                    line: recorded.line,
                    column: recorded.column,
                    mv: recorded.mv,
                    claimed,
                    actual: effect.captured as u32,
                });
            }
            plies.push(ReplayedPly {
                mv: recorded.mv,
                mover,
                effect,
                position: game.position().clone(),
                round_end: game.round_end().cloned(),
                over: game.is_over(),
            });
        }
        match game.outcome() {
            Some(outcome) => {
                let actual = outcome.result_token();
                if self.result != "*" && self.result != actual {
                    return Err(ReplayError::ResultMismatch {
                        claimed: self.result.clone(),
                        actual: actual.to_string(),
                        line: self.line,
                        column: self.column,
                    });
                }
            }
            // A result is a claim that the game ended; docs/notation.md promises
            // that replay checks it.
            None if self.result != "*" => {
                return Err(ReplayError::ResultUnfinished {
                    claimed: self.result.clone(),
                    line: self.line,
                    column: self.column,
                });
            }
            None => {}
        }
        Ok(Replay { start, plies, game })
    }
}

/// Which rules each record of a replay runs under: the variant given for the
/// whole replay (from the command line, so it may be a file), or else each
/// record's `[Variant]` tag, which names a shipped variant only. A record is
/// data from anywhere; a tag that opened a path would let it read any file.
/// The shipped variants are compiled once, on first use, however many games
/// name them.
pub struct VariantChoice {
    given: Option<Arc<Engine>>,
    shipped: OnceCell<Vec<Arc<Engine>>>,
}

impl VariantChoice {
    /// Rules for the records: `given` for every one, or each one's tag.
    pub fn new(given: Option<Arc<Engine>>) -> VariantChoice {
        VariantChoice {
            given,
            shipped: OnceCell::new(),
        }
    }

    /// The engine of the rules `record` replays under.
    pub fn engine_for(&self, record: &Record) -> Result<&Arc<Engine>, VariantError> {
        if let Some(engine) = &self.given {
            return Ok(engine);
        }
        let name = record.tag("Variant").ok_or(VariantError::Missing)?;
        let shipped = self
            .shipped
            .get_or_init(|| builtin_rules().into_iter().map(Engine::new).collect());
        match crate::rules::names::find_shipped(name) {
            Ok((index, _)) => Ok(&shipped[index]),
            Err(closest) => Err(VariantError::NotShipped {
                name: excerpt(name),
                shipped: crate::rules::names_in_brief(shipped.iter().map(|engine| engine.rules())),
                closest,
            }),
        }
    }
}

/// Why a record has no rules to replay under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariantError {
    /// No `[Variant]` tag, and no variant given for the replay.
    Missing,
    /// The tag names no shipped variant.
    NotShipped {
        /// The tag's value, escaped and shortened for messages.
        name: String,
        /// The shipped variants' names.
        shipped: String,
        /// The shipped name nearest the tag's, if it looks like a slip.
        closest: Option<String>,
    },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Missing => write!(
                f,
                "no [Variant] tag: name the variant with `sow replay --variant NAME|FILE`"
            ),
            VariantError::NotShipped {
                name,
                shipped,
                closest: Some(closest),
            } => write!(
                f,
                "[Variant \"{name}\"]: the tag must name a shipped variant ({shipped}); did you mean {closest}?"
            ),
            VariantError::NotShipped { name, shipped, .. } => write!(
                f,
                "[Variant \"{name}\"]: the tag must name a shipped variant ({shipped}); to replay under a variant file, give it on the command line: `sow replay --variant FILE`"
            ),
        }
    }
}

impl std::error::Error for VariantError {}

/// A record played out.
pub struct Replay {
    /// The position before the first move.
    pub start: Position,
    /// Each ply with the position after it.
    pub plies: Vec<ReplayedPly>,
    /// The game at the end of the record.
    pub game: Game,
}

impl Replay {
    /// The result: the game's own if it is over, else the record's claim.
    pub fn result<'a>(&'a self, record: &'a Record) -> &'a str {
        self.game
            .outcome()
            .map_or(record.result.as_str(), |o| o.result_token())
    }
}

/// One ply of a replayed record.
#[derive(Debug, Clone)]
pub struct ReplayedPly {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub mover: Side,
    /// What it did.
    pub effect: MoveEffect,
    /// The position after it (and after any end-of-game collection): where
    /// it ended a round, the next round's start.
    pub position: Position,
    /// Where it ended a round of a match: the board as the round ended.
    pub round_end: Option<Position>,
    /// Whether this ply ended the game.
    pub over: bool,
}

impl ReplayedPly {
    /// Who moves next, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Side> {
        (!self.over).then(|| self.position.to_move())
    }
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The `[Position]` tag does not parse.
    BadPosition(ParseError),
    /// The start position does not fit the variant.
    PositionMismatch {
        /// What does not fit.
        error: PositionError,
        /// Where the tag's value is in its file, if it was read from one.
        at: Option<(usize, usize)>,
    },
    /// A move is illegal.
    Illegal {
        /// The ply number, from 1.
        ply: usize,
        /// Where the move is written.
        line: usize,
        /// Its column.
        column: usize,
        /// Why it is illegal.
        error: IllegalMove,
    },
    /// A capture mark claims a different capture.
    MarkMismatch {
        /// The ply number, from 1.
        ply: usize,
        /// Where the move is written.
        line: usize,
        /// Its column.
        column: usize,
        /// The move.
        mv: Move,
        /// The seeds the mark claims.
        claimed: u32,
        /// The seeds actually captured.
        actual: u32,
    },
    /// The result token disagrees with the game's end.
    ResultMismatch {
        /// The record's token.
        claimed: String,
        /// The game's.
        actual: String,
        /// Where the game starts.
        line: usize,
        /// Its column.
        column: usize,
    },
    /// The variant deals its start at random, and the record has no
    /// `[Position]` tag to say which start the game had.
    StartNeeded {
        /// Where the game starts.
        line: usize,
        /// Its column.
        column: usize,
    },
    /// The record claims a result, but the game is not over after its moves.
    ResultUnfinished {
        /// The record's token.
        claimed: String,
        /// Where the game starts.
        line: usize,
        /// Its column.
        column: usize,
    },
}

impl ReplayError {
    /// Where in the record the fault is, as line and column, when it is at one move.
    pub fn location(&self) -> Option<(usize, usize)> {
        match *self {
            ReplayError::Illegal { line, column, .. }
            | ReplayError::MarkMismatch { line, column, .. }
            | ReplayError::ResultMismatch { line, column, .. }
            | ReplayError::ResultUnfinished { line, column, .. }
            | ReplayError::StartNeeded { line, column } => Some((line, column)),
            ReplayError::PositionMismatch { at, .. } => at,
            ReplayError::BadPosition(_) => None,
        }
    }

    /// True for faults in play (illegal moves, wrong marks or results),
    /// false for faults in the text itself.
    pub fn is_rule_error(&self) -> bool {
        !matches!(
            self,
            ReplayError::BadPosition(_)
                | ReplayError::PositionMismatch { .. }
                | ReplayError::StartNeeded { .. }
        )
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::BadPosition(error) => error.fmt(f),
            ReplayError::PositionMismatch { error, .. } => {
                write!(f, "the [Position] tag does not fit the variant: {error}")
            }
            ReplayError::StartNeeded { .. } => write!(
                f,
                "the variant deals its start at random: the record needs a [Position] tag with the game's start"
            ),
            ReplayError::Illegal { ply, error, .. } => {
                write!(f, "illegal move at ply {ply}: {error}")
            }
            ReplayError::MarkMismatch {
                ply,
                mv,
                claimed,
                actual,
                ..
            } => write!(
                f,
                "capture mark does not match at ply {ply}: {mv}x{claimed} claims {claimed}, but {mv} captures {actual}"
            ),
            ReplayError::ResultMismatch {
                claimed, actual, ..
            } => {
                write!(f, "the record says {claimed}, but the game ends {actual}")
            }
            ReplayError::ResultUnfinished { claimed, .. } => write!(
                f,
                "the record says {claimed}, but the game is not over after its last move (`*` marks an unfinished game)"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Comments are printed in braces, so a closing brace inside one is dropped.
fn comment_text(text: &str) -> String {
    text.replace('}', ")")
}

impl fmt::Display for Record {
    /// The record as [`crate::notation::parse_records`] reads it: tags in the
    /// standard order, then movetext wrapped at 80 columns, then the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut tags: Vec<&(String, String)> = self.tags.iter().collect();
        tags.sort_by_key(|(name, _)| {
            TAG_ORDER
                .iter()
                .position(|t| t == name)
                .unwrap_or(TAG_ORDER.len())
        });
        for (name, value) in tags {
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        // Units never broken across lines: a leading comment, each full move
        // (`13. Ax2 fx6`, comments included), and the result.
        let mut units: Vec<String> = Vec::new();
        if let Some(comment) = &self.comment {
            units.push(format!("{{{}}}", comment_text(comment)));
        }
        let sides: Vec<Side> = self
            .moves
            .iter()
            .map(|m| m.mover.unwrap_or(m.mv.side()))
            .collect();
        for (recorded, (number, begins)) in self.moves.iter().zip(full_move_numbers(&sides)) {
            let mut text = recorded.mv.to_string();
            if let Some(captured) = recorded.captured {
                let _ = write!(text, "x{captured}");
            }
            if let Some(comment) = &recorded.comment {
                let _ = write!(text, " {{{}}}", comment_text(comment));
            }
            match (begins, units.last_mut()) {
                (false, Some(unit)) => {
                    unit.push(' ');
                    unit.push_str(&text);
                }
                _ => units.push(format!(
                    "{}{} {text}",
                    number,
                    move_number_dots(recorded.mover.unwrap_or(recorded.mv.side()))
                )),
            }
        }
        units.push(self.result.clone());
        let mut width = 0;
        for (i, unit) in units.iter().enumerate() {
            if i > 0 {
                if width + 1 + unit.len() > 80 {
                    writeln!(f)?;
                    width = 0;
                } else {
                    f.write_str(" ")?;
                    width += 1;
                }
            }
            f.write_str(unit)?;
            width += unit.len();
        }
        writeln!(f)
    }
}

/// Full-move numbers, as in PGN, for moves by `sides` in order: each move's
/// number, and whether it begins that number. A number is one turn of each
/// player, South's first: a South move after a North move begins the next
/// number, and every other move shares the number before it, so a North
/// answer (`13. Ax2 fx6`) and a player's moves in a row after an extra
/// turn (`5. A B d`, `7. C f a`) stand under one number. A game North opens
/// begins `1... f`.
pub fn full_move_numbers(sides: &[Side]) -> Vec<(u32, bool)> {
    let mut number = 1;
    let mut previous: Option<Side> = None;
    sides
        .iter()
        .map(|&side| {
            let begins = match previous {
                None => true,
                Some(before) => side == Side::South && before == Side::North,
            };
            if begins && previous.is_some() {
                number += 1;
            }
            previous = Some(side);
            (number, begins)
        })
        .collect()
}

/// What follows a move number for a move by `side` written alone or first:
/// `13.` for South, `13...` for North.
pub fn move_number_dots(side: Side) -> &'static str {
    match side {
        Side::South => ".",
        Side::North => "...",
    }
}

/// Appends `record` to the file at `path` as one more game, separated from
/// the games already there by a blank line. The file is created if missing;
/// what it holds is never rewritten.
pub fn append_record(path: &Path, record: &Record) -> io::Result<()> {
    let mut file = OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(path)?;
    let length = file.metadata()?.len();
    let mut tail = Vec::new();
    if length > 0 {
        file.seek(SeekFrom::Start(length.saturating_sub(2)))?;
        file.read_to_end(&mut tail)?;
    }
    let separator = if tail.is_empty() || tail.ends_with(b"\n\n") {
        ""
    } else if tail.ends_with(b"\n") {
        "\n"
    } else {
        "\n\n"
    };
    // Appending writes at the end whatever the read position.
    file.write_all(format!("{separator}{record}").as_bytes())?;
    file.flush()
}

/// Checks, before a game starts, that a record can be added to `path`
/// later, so that no game is played only to find that its record cannot be
/// kept. The path must be a regular file or not exist yet (a device such as
/// `/dev/full`, a pipe, which would block, or a folder is refused); the file
/// is created, empty, if it is missing, and opened for appending. A disk
/// that fills up during the game can only be found when the record is
/// written.
pub fn check_appendable(path: &Path) -> io::Result<()> {
    match crate::diagnostic::regular_file(path) {
        Ok(()) => {}
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        Err(error) => return Err(error),
    }
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(drop)
}

/// The record of `game` so far, read from its history, with `tags`; a
/// game that did not start from the variant's start gets a `Position` tag.
pub fn record_of(game: &Game, tags: &[(&str, String)]) -> Record {
    let mut record = Record::default();
    for (name, value) in tags {
        record.set_tag(name, value.clone());
    }
    record.moves = game
        .history()
        .iter()
        .map(|ply| RecordedMove {
            mover: Some(ply.mover),
            captured: (ply.effect.captured > 0).then_some(ply.effect.captured as u32),
            ..RecordedMove::new(ply.mv)
        })
        .collect();
    let result = game.outcome().map_or("*", |o| o.result_token()).to_string();
    record.set_tag("Result", result.clone());
    // After the result, in the order the record prints its tags.
    if game.rules().random_start() || *game.start() != game.rules().start() {
        record.set_tag("Position", game.start().to_string());
    }
    record.result = result;
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(labels: &str) -> Vec<RecordedMove> {
        labels
            .chars()
            .map(|c| RecordedMove::new(Move::from_label(&c.to_string()).unwrap()))
            .collect()
    }

    /// A `[Position]` tag that reads but does not fit the variant is
    /// located at its value in the file; one that does not read is a fault
    /// of the text, located in the tag.
    #[test]
    fn position_tag_faults_are_located_in_the_file() {
        let engine = Engine::new(crate::Rules::builtin("oware").unwrap());
        let text =
            "[Variant \"oware\"]\n  [Position \"4,4,4,4,4,4/4,4,4,4,4,3 0-0 S\"]\n\n1. A *\n";
        let record = &crate::notation::parse_records(text, "r.sow").unwrap()[0];
        assert_eq!(record.position_at, Some((2, 14)));
        let Err(fault) = record.replay(&engine) else {
            panic!("a position of 47 seeds replays in a 48-seed variant")
        };
        assert!(matches!(fault, ReplayError::PositionMismatch { .. }));
        assert_eq!(fault.location(), Some((2, 14)));
        let text = "[Variant \"oware\"]\n[Position \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 Q\"]\n*\n";
        let fault = crate::notation::parse_records(text, "r.sow").unwrap_err();
        assert_eq!((fault.0.line, fault.0.column), (2, 40)); // the Q
        assert!(
            fault.0.message.starts_with("in the [Position] tag: "),
            "{}",
            fault.0.message
        );
    }

    #[test]
    fn numbers_count_full_moves() {
        use Side::{North, South};
        assert_eq!(
            full_move_numbers(&[South, North, South, North]),
            [(1, true), (1, false), (2, true), (2, false)]
        );
        // North opens; later North moves twice running (an extra turn), and
        // then South: each player's moves in a row stay under one number.
        assert_eq!(
            full_move_numbers(&[North, South, North, North, South, South, North]),
            [
                (1, true),
                (2, true),
                (2, false),
                (2, false),
                (3, true),
                (3, false),
                (3, false)
            ]
        );
    }

    #[test]
    fn printed_moves_pair_up_under_one_number() {
        let record = Record {
            moves: moves("Dbafa"),
            ..Record::default()
        };
        // North's extra turns keep the number of North's turn.
        assert_eq!(record.to_string(), "1. D b a f a *\n");
        let record = Record {
            moves: moves("DEbAc"),
            ..Record::default()
        };
        assert_eq!(record.to_string(), "1. D E b 2. A c *\n");
        let record = Record {
            moves: moves("aDb"),
            ..Record::default()
        };
        assert_eq!(record.to_string(), "1... a 2. D b *\n");
    }

    #[test]
    fn a_move_pair_is_never_broken_across_lines() {
        let record = Record {
            moves: moves(&"AfBeCd".repeat(30)),
            ..Record::default()
        };
        let text = record.to_string();
        for line in text.lines() {
            assert!(line.len() <= 80, "{line}");
            let first = line.split(' ').next().unwrap();
            assert!(
                first.ends_with('.') || first == "*",
                "a line starts with a move number: {line}"
            );
            // Every number on the line is followed by a South and a North move.
            let tokens: Vec<&str> = line.split(' ').collect();
            for (i, token) in tokens.iter().enumerate() {
                if token.ends_with('.') {
                    assert!(tokens.len() > i + 2, "a pair is cut: {line}");
                }
            }
        }
        assert!(text.contains("\n"), "the record wraps");
    }

    #[test]
    fn appending_keeps_the_games_already_there() {
        let dir = std::env::temp_dir().join(format!("sow-append-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sow");
        std::fs::write(&path, "[Variant \"oware\"]\n\n1. D *").unwrap();
        let record = Record {
            moves: moves("C"),
            ..Record::default()
        };
        append_record(&path, &record).unwrap();
        append_record(&path, &record).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, "[Variant \"oware\"]\n\n1. D *\n\n1. C *\n\n1. C *\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
