//! The text forms of moves, positions and game records, read with the pest
//! grammar in `grammar/notation.pest`, and the printers that write them back.
//!
//! A parse error is a [`Located`] error: origin, line, column, the line
//! itself, a caret under the fault, and what was expected in plain words.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};

use crate::board::Direction;
use crate::diagnostic::{LineIndex, Located, ReadError, excerpt, read_text, without_bom};
use crate::layer::Layer;
use crate::position::{Label, Layout, MAX_TAKEN, Move, Position, Side};
use crate::record::{Record, RecordedMove};
use crate::word::Word;

/// The generated parser; its `Rule` enum stays private to this module.
mod grammar {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/notation.pest"]
    pub struct NotationParser;
}

use grammar::{NotationParser, Rule};

/// A fault in a move, position or record text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(pub Box<Located>);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ParseError {}

impl ParseError {
    fn at(origin: &str, text: &str, span: std::ops::Range<usize>, message: String) -> ParseError {
        ParseError(Box::new(Located::new(origin, text, span, message, None)))
    }
}

/// The name of each grammar rule in messages. No catch-all arm: a new rule
/// does not compile until it has a name.
fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the input",
        Rule::WHITESPACE => "a space",
        Rule::house => "a house label (A-Z for South, a-z for North; A1 or b8 on more rows)",
        Rule::direction => "a direction: `>` (counter-clockwise) or `<` (clockwise)",
        Rule::drop_mark => "a drop mark `@`",
        Rule::mark_mark => "a marking `#`",
        Rule::stop_mark => "a relay stopped by choice, such as `/A1`",
        Rule::lap_ways => "the ways of later laps, such as `/><`",
        Rule::store_move => "a store move: `*` and the seeds sown from your store, such as `*4`",
        Rule::capture_mark => "a capture mark such as `x6`",
        Rule::taken_mark => "a house taken by choice after a capture, such as `+b3`",
        Rule::r#move => {
            "a move (a house label such as `C` or `c`, or `C>`, `C<`, or seeds from the store such as `*4`)"
        }
        Rule::move_text => "a move",
        Rule::count => "a seed count",
        Rule::row => "a row of seed counts separated by commas",
        Rule::board => "a board: South's row, `/`, North's row (on more rows: A/B/a/b)",
        Rule::stores => "the stores as south-north, such as `0-0`",
        Rule::side => "the side to move, `S` or `N`",
        Rule::state_name => {
            "variant state: a state word (`last:S`, `feed`, `quiet:2`, ...) or a layer (`children:...`, ...)"
        }
        Rule::state_value => "the state word's value after the colon",
        Rule::state => {
            "variant state (`last:S`, `feed`, `quiet:2`, `crossed:a`, ..., or a layer such as `blocked:.x..`)"
        }
        Rule::position => "a position",
        Rule::position_text => "a position",
        Rule::tag_name => "a tag name",
        Rule::tag_value => "a quoted tag value",
        Rule::tag_chars => "the text of a tag value",
        Rule::tag => "a tag such as `[Variant \"oware\"]`",
        Rule::move_number => "a move number such as `1.` or `1...`",
        Rule::comment => "a comment in braces",
        Rule::comment_text => "the text of a comment",
        Rule::result => "a result (`1-0`, `0-1`, `1/2-1/2` or `*`)",
        Rule::record_item => "a tag, a move or a result",
        Rule::movetext_item => "a move, a comment or a result",
    }
}

fn list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The one pair a single-item rule (a move, a position) yields.
fn first(mut pairs: Pairs<'_, Rule>) -> Pair<'_, Rule> {
    pairs.next().expect("a rule that matched yields a pair")
}

/// Parses `text` as `rule`, or explains where and why it does not parse.
fn parse<'t>(rule: Rule, text: &'t str, origin: &str) -> Result<Pairs<'t, Rule>, ParseError> {
    parse_at(rule, text, 0, origin)
}

/// Parses the text from byte `offset` on as `rule`, which may match a
/// prefix of it; the pairs' spans count from `offset`, and errors are placed
/// in the whole text.
fn parse_at<'t>(
    rule: Rule,
    text: &'t str,
    offset: usize,
    origin: &str,
) -> Result<Pairs<'t, Rule>, ParseError> {
    match NotationParser::parse(rule, &text[offset..]) {
        Ok(pairs) => Ok(pairs),
        Err(error) => {
            let span = match error.location {
                InputLocation::Pos(p) => offset + p..offset + p + 1,
                InputLocation::Span((a, b)) => offset + a..offset + b,
            };
            let message = match &error.variant {
                ErrorVariant::ParsingError {
                    positives,
                    negatives,
                } => {
                    let mut wanted: Vec<&str> = positives.iter().map(|&r| rule_name(r)).collect();
                    wanted.dedup();
                    let found = text[span.start.min(text.len())..].chars().next();
                    let found = match found {
                        Some('\n') | Some('\r') => "the end of the line".to_string(),
                        Some(c) => format!("`{c}`"),
                        None => "the end of the input".to_string(),
                    };
                    let at = span.start.min(text.len());
                    if !positives.is_empty()
                        && positives.iter().all(|r| {
                            matches!(
                                r,
                                Rule::capture_mark
                                    | Rule::direction
                                    | Rule::drop_mark
                                    | Rule::mark_mark
                                    | Rule::stop_mark
                                    | Rule::lap_ways
                                    | Rule::taken_mark
                            )
                        })
                    {
                        // A letter or digit right after a house label: the
                        // token is not one move.
                        // The word runs between the grammar's spaces (all
                        // ASCII), from no earlier than the item being read.
                        let space = [' ', '\t', '\r', '\n'];
                        let start = text[offset..at]
                            .rfind(space)
                            .map_or(offset, |i| offset + i + 1);
                        let end = text[at..].find(space).map_or(text.len(), |i| at + i);
                        let word = excerpt(&text[start..end]);
                        return Err(ParseError::at(
                            origin,
                            text,
                            start..end,
                            format!(
                                "`{word}` is not a move: a move is one house label (A-Z, a-z), then `>` or `<` where the mover chooses the direction, optionally a capture mark such as `x6`, then a space"
                            ),
                        ));
                    }
                    if text[at..].starts_with('{') && !text[at..].contains('}') {
                        return Err(ParseError::at(
                            origin,
                            text,
                            at..at + 1,
                            "this comment is never closed: expected `}`".into(),
                        ));
                    }
                    if wanted.is_empty() {
                        let unwanted: Vec<&str> = negatives.iter().map(|&r| rule_name(r)).collect();
                        format!("unexpected {}", list(&unwanted))
                    } else {
                        format!("expected {}, found {found}", list(&wanted))
                    }
                }
                ErrorVariant::CustomError { message } => message.clone(),
            };
            Err(ParseError::at(origin, text, span, message))
        }
    }
}

/// Reads one move, such as `C` or `Cx6`. Returns the move and its claimed capture.
pub fn parse_move(text: &str) -> Result<(Move, Option<u32>), ParseError> {
    let pair = first(parse(Rule::move_text, text.trim(), "move")?);
    read_move(pair, text.trim(), 0, "move")
}

/// Whether a move's capture mark (`Cx6`, as [`parse_move`] reads it) says
/// what the move captured; the reason to give when it does not.
pub fn check_capture_mark(mv: Move, claimed: Option<u32>, captured: u32) -> Result<(), String> {
    match claimed {
        Some(claimed) if claimed != captured => Err(format!(
            "the mark says {mv}x{claimed}, but {mv} captures {captured}"
        )),
        _ => Ok(()),
    }
}

fn read_move(
    pair: Pair<'_, Rule>,
    text: &str,
    offset: usize,
    origin: &str,
) -> Result<(Move, Option<u32>), ParseError> {
    let mut inner = pair.into_inner();
    let house = inner.next().expect("a move has a house");
    // A move that only takes houses (`+b3+b5`) starts with the first.
    let take_only = house.as_rule() == Rule::taken_mark;
    let mut mv = if take_only {
        Move::new(Side::South, 0)
    } else if house.as_rule() == Rule::store_move {
        let span = house.as_span();
        let seeds = house.as_str()[1..].parse::<u8>().ok().filter(|&k| k > 0);
        Move::from_store(seeds.ok_or_else(|| {
            ParseError::at(
                origin,
                text,
                offset + span.start()..offset + span.end(),
                "a store move sows from 1 to 255 seeds, such as `*4`".into(),
            )
        })?)
    } else {
        Move::from_label(house.as_str()).ok_or_else(|| {
            let span = house.as_span();
            ParseError::at(
                origin,
                text,
                offset + span.start()..offset + span.end(),
                format!(
                    "`{}` is not a move: a house label is a letter (A-Z for South, a-z for North), or on three and four rows a row, A or B (a or b for North), and a column from 1 (A1, b8)",
                    house.as_str()
                ),
            )
        })?
    };
    let mut next = if take_only { Some(house) } else { inner.next() };
    if let Some(direction) = next.as_ref().filter(|p| p.as_rule() == Rule::direction) {
        mv = mv.sowing(Direction::from_mark(
            direction.as_str().chars().next().expect("one mark"),
        ));
        next = inner.next();
    }
    if next
        .as_ref()
        .is_some_and(|p| p.as_rule() == Rule::drop_mark)
    {
        mv = mv.dropped();
        next = inner.next();
    }
    if next
        .as_ref()
        .is_some_and(|p| p.as_rule() == Rule::mark_mark)
    {
        mv = mv.marked();
        next = inner.next();
    }
    if let Some(mark) = next.as_ref().filter(|p| p.as_rule() == Rule::stop_mark) {
        let span = mark.as_span();
        let (at, time) = match mark.as_str()[1..].split_once(':') {
            Some((at, time)) => (at, time.parse::<u8>().ok()),
            None => (&mark.as_str()[1..], Some(1)),
        };
        mv = Label::parse(at)
            .zip(time)
            .and_then(|(at, time)| mv.stopping(at, time))
            .ok_or_else(|| {
                ParseError::at(
                    origin,
                    text,
                    offset + span.start()..offset + span.end(),
                    format!(
                        "`{}` is not a stop: a relay stopped by choice names the house, such as `/A1`, and the time a lap ends there from 1 to 255 past the first, such as `/A1:2`",
                        mark.as_str()
                    ),
                )
            })?;
        next = inner.next();
    }
    if let Some(mark) = next.as_ref().filter(|p| p.as_rule() == Rule::lap_ways) {
        let ways = &mark.as_str()[1..];
        if ways.len() > crate::position::MAX_LAP_WAYS as usize {
            let span = mark.as_span();
            return Err(ParseError::at(
                origin,
                text,
                offset + span.start()..offset + span.end(),
                format!(
                    "`{}` names the ways of {} laps: a move chooses the way of {} laps at most",
                    mark.as_str(),
                    ways.len(),
                    crate::position::MAX_LAP_WAYS
                ),
            ));
        }
        let reversed = ways
            .bytes()
            .enumerate()
            .fold(0u8, |bits, (k, way)| bits | ((way == b'<') as u8) << k);
        mv = mv.reversing(reversed);
        next = inner.next();
    }
    let mut taken = Vec::new();
    let mut taken_span = None::<std::ops::Range<usize>>;
    while let Some(mark) = next.as_ref().filter(|p| p.as_rule() == Rule::taken_mark) {
        let span = mark.as_span();
        let label = Label::parse(&mark.as_str()[1..]).ok_or_else(|| {
            ParseError::at(
                origin,
                text,
                offset + span.start()..offset + span.end(),
                format!(
                    "`{}` is not a house label: a house taken after a capture is named as a move's house, such as `+b3`",
                    &mark.as_str()[1..]
                ),
            )
        })?;
        taken.push(label);
        let start = taken_span.map_or(span.start(), |s| s.start);
        taken_span = Some(start..span.end());
        next = inner.next();
    }
    if let Some(span) = taken_span {
        let taking = if take_only {
            Move::taking_only(&taken)
        } else {
            mv.taking(&taken)
        };
        mv = taking.ok_or_else(|| {
            ParseError::at(
                origin,
                text,
                offset + span.start..offset + span.end,
                format!(
                    "a move takes each house at most once, and at most {MAX_TAKEN} houses by choice"
                ),
            )
        })?;
    }
    let captured = match next {
        Some(mark) => {
            let digits = &mark.as_str()[1..];
            let span = mark.as_span();
            Some(digits.parse::<u32>().map_err(|_| {
                ParseError::at(
                    origin,
                    text,
                    offset + span.start()..offset + span.end(),
                    "capture mark is too large".into(),
                )
            })?)
        }
        None => None,
    };
    Ok((mv, captured))
}

/// Reads a position in the one-line form `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`.
pub fn parse_position(text: &str) -> Result<Position, ParseError> {
    parse_position_in(text, "position")
}

/// Reads a position, naming `origin` in errors.
pub fn parse_position_in(text: &str, origin: &str) -> Result<Position, ParseError> {
    let pair = first(parse(Rule::position_text, text, origin)?);
    let fail = |span: pest::Span<'_>, message: String| {
        ParseError::at(origin, text, span.start()..span.end(), message)
    };
    let count = |pair: Pair<'_, Rule>| -> Result<u8, ParseError> {
        pair.as_str().parse::<u8>().map_err(|_| {
            fail(
                pair.as_span(),
                format!(
                    "a count must be at most 255, found {}",
                    excerpt(pair.as_str())
                ),
            )
        })
    };
    let mut inner = pair.into_inner();
    let board = inner.next().expect("position has a board");
    let board_span = board.as_span();
    let rows = board.into_inner();
    let read_row = |row: Pair<'_, Rule>| -> Result<Vec<u8>, ParseError> {
        row.into_inner().map(count).collect()
    };
    let fields = rows.map(read_row).collect::<Result<Vec<_>, _>>()?;
    let (houses, layout) = match fields.as_slice() {
        [south, north] => {
            if south.len() != north.len() {
                return Err(fail(
                    board_span,
                    format!(
                        "South's row has {} houses but North's has {}",
                        south.len(),
                        north.len()
                    ),
                ));
            }
            (fields.concat(), None)
        }
        [south_front, south_back, north_front, north_back] => {
            let (front, back) = (south_front.len(), south_back.len());
            if north_front.len() != front || north_back.len() != back {
                return Err(fail(
                    board_span,
                    format!(
                        "South's rows have {front} and {back} houses but North's {} and {}: the players' rows match",
                        north_front.len(),
                        north_back.len()
                    ),
                ));
            }
            if front != back && 2 * front != back {
                return Err(fail(
                    board_span,
                    format!(
                        "South's front row has {front} houses and her back row {back}: on four rows the two are equal, on three the front row is half the back row"
                    ),
                ));
            }
            (fields.concat(), Some(Layout::front_and_back(front, back)))
        }
        _ => unreachable!("the grammar reads two rows or four"),
    };
    let stores = inner.next().expect("position has stores");
    let stores_span = stores.as_span();
    let mut store_counts = stores.into_inner();
    let stores = [
        count(store_counts.next().expect("two stores"))?,
        count(store_counts.next().expect("two stores"))?,
    ];
    let side = read_side(inner.next().expect("position has a side"));
    let position = match layout {
        None => Position::new(&houses, stores, side),
        Some(layout) => Position::laid_out(&houses, stores, side, layout),
    };
    let mut position = position.map_err(|e| {
        fail(
            board_span.start_pos().span(&stores_span.end_pos()),
            e.to_string(),
        )
    })?;
    // Each state word once: `last:S last:N` contradicts itself, and a
    // repeated word is a slip that should not pass unseen.
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for state in inner {
        let text = state.as_str();
        let mut parts = state.clone().into_inner();
        let name = parts.next().expect("a state name");
        let value = parts.next();
        let (word, layer) = (
            Word::from_name(name.as_str()),
            Layer::from_word(name.as_str()),
        );
        if word.is_none() && layer.is_none() {
            return Err(fail(
                name.as_span(),
                format!(
                    "`{}` is not a state word: expected {}",
                    excerpt(name.as_str()),
                    state_names()
                ),
            ));
        }
        if let Some(&(_, before)) = seen.iter().find(|(n, _)| *n == name.as_str()) {
            let message = if before == text {
                format!("`{text}` is given twice: each state word may appear once")
            } else {
                let one = match (word, layer) {
                    (Some(word), _) => word.one().to_string(),
                    (_, Some(layer)) => format!("one `{}:` layer", layer.word()),
                    _ => unreachable!("a word or a layer"),
                };
                format!("`{text}` contradicts `{before}` before it: a position has {one}")
            };
            return Err(fail(state.as_span(), message));
        }
        seen.push((name.as_str(), text));
        match (word, layer) {
            (Some(word), _) => {
                let code = word
                    .read(value.as_ref().map(Pair::as_str), position.layout())
                    .map_err(|message| {
                        fail(value.map_or(state.as_span(), |v| v.as_span()), message)
                    })?;
                position.set_code(word, code);
            }
            (_, Some(layer)) => {
                let marks = value.ok_or_else(|| {
                    fail(
                        state.as_span(),
                        format!("expected `{}:` and one mark a house", layer.word()),
                    )
                })?;
                position
                    .set_layer_marks(layer, marks.as_str())
                    .map_err(|e| fail(marks.as_span(), e.to_string()))?;
            }
            _ => unreachable!("a word or a layer"),
        }
    }
    Ok(position)
}

/// Every state word and layer name, for errors: "`last:`, `feed`, ... or
/// `owner:`".
fn state_names() -> String {
    let names: Vec<String> = Word::ALL
        .into_iter()
        .map(Word::quoted)
        .chain(Layer::ALL.into_iter().map(|l| format!("`{}:`", l.word())))
        .collect();
    let (last, rest) = names.split_last().expect("words");
    format!("{} or {last}", rest.join(", "))
}

fn read_side(pair: Pair<'_, Rule>) -> Side {
    if pair.as_str() == "S" {
        Side::South
    } else {
        Side::North
    }
}

impl fmt::Display for Position {
    /// The one-line form that [`parse_position`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |houses: &[u8]| {
            houses
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        // One field a row: a row a player on two rows, else the front row
        // and then the back row of each.
        let front = self.layout().front();
        let fields: Vec<String> = Side::BOTH
            .into_iter()
            .flat_map(|side| {
                let houses = self.row(side);
                if front == 0 {
                    vec![row(houses)]
                } else {
                    vec![row(&houses[..front]), row(&houses[front..])]
                }
            })
            .collect();
        let [south, north] = self.stores();
        let side = if self.to_move() == Side::South {
            'S'
        } else {
            'N'
        };
        write!(f, "{} {south}-{north} {side}", fields.join("/"))?;
        for word in Word::ALL {
            if let Some(text) = word.text(self.code(word), self.layout()) {
                write!(f, " {text}")?;
            }
        }
        for layer in Layer::ALL {
            if !self.layer_is_empty(layer) {
                write!(f, " {}:{}", layer.word(), self.layer_marks(layer))?;
            }
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Position, ParseError> {
        parse_position(text)
    }
}

/// The longest record text read, in bytes: far beyond any real collection of
/// games, and small enough that parsing stays within memory.
pub const MAX_RECORD_BYTES: usize = 16 << 20;
/// The most moves one game record may hold, as many as the longest ply limit
/// a variant may set.
pub const MAX_RECORD_MOVES: usize = crate::rules::MAX_PLY_LIMIT as usize;

/// Reads a record text from `reader`: at most [`MAX_RECORD_BYTES`], so
/// `/dev/zero` or an endless pipe fails at the limit instead of filling
/// memory; UTF-8, with a leading byte-order mark dropped.
pub fn read_record_text(reader: impl std::io::Read, origin: &str) -> Result<String, ReadError> {
    read_text(reader, MAX_RECORD_BYTES, origin)
}

/// Reads the record file at `path`, as [`read_record_text`] reads a text:
/// at most [`MAX_RECORD_BYTES`], reading stops there.
pub fn read_record_file(path: &std::path::Path) -> Result<String, ReadError> {
    crate::diagnostic::read_file(path, MAX_RECORD_BYTES)
}

/// Reads every game in a record text; `origin` (a file name) names it in
/// errors. A text without a game is refused: an empty file is more likely a
/// mistake than a collection of nothing. Each tag may appear once per game,
/// and a `[Result]` tag must agree with the result token.
pub fn parse_records(text: &str, origin: &str) -> Result<Vec<Record>, ParseError> {
    records(text, origin).collect()
}

/// The games of a record text, one at a time: the reader holds one game,
/// and parses one token (a tag, a move, a comment) at a time, so memory
/// follows the longest game, at most [`MAX_RECORD_MOVES`] moves, whatever
/// the text's length. After an error it yields nothing more.
pub fn records<'t>(text: &'t str, origin: &'t str) -> Records<'t> {
    let text = without_bom(text);
    Records {
        text,
        origin,
        lines: LineIndex::new(text),
        offset: 0,
        games: 0,
        done: false,
    }
}

/// The games of a record text: see [`records`].
pub struct Records<'t> {
    text: &'t str,
    origin: &'t str,
    lines: LineIndex<'t>,
    /// Where reading goes on.
    offset: usize,
    games: usize,
    done: bool,
}

impl Records<'_> {
    fn error(&self, span: std::ops::Range<usize>, message: String) -> ParseError {
        ParseError::at(self.origin, self.text, span, message)
    }

    /// Reads a `[Position]` tag's value, which starts at `start` in the
    /// text; a fault is located in the file, where the value's own
    /// (escaped) text has it.
    fn check_position_tag(&self, value: &str, start: usize) -> Result<(), ParseError> {
        let Err(ParseError(fault)) = parse_position_in(value, "[Position] tag") else {
            return Ok(());
        };
        // The tag's value is one line; a column counts characters.
        let byte = |column: usize| {
            value
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(value.len(), |(i, _)| i)
        };
        let from = byte(fault.column);
        let to = byte(fault.column + fault.width).max(from);
        Err(ParseError(Box::new(Located::new(
            self.origin,
            self.text,
            start + from..start + to,
            format!("in the [Position] tag: {}", fault.message),
            fault.hint,
        ))))
    }

    /// Skips spaces and line ends; false at the end of the text.
    fn skip_space(&mut self) -> bool {
        let rest = &self.text[self.offset..];
        let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\n']);
        self.offset += rest.len() - trimmed.len();
        !trimmed.is_empty()
    }

    /// The next game, which starts at the next token.
    fn game(&mut self) -> Result<Record, ParseError> {
        let text = self.text;
        let origin = self.origin;
        let (line, column) = self.lines.line_col(self.offset);
        let mut record = Record {
            line,
            column,
            ..Record::default()
        };
        // Where each tag starts, to name a repeated one.
        let mut tag_places: HashMap<&str, usize> = HashMap::new();
        let mut in_movetext = false;
        loop {
            if !self.skip_space() {
                // The grammar's own words for a game cut short.
                let rule = if in_movetext {
                    Rule::movetext_item
                } else {
                    Rule::record_item
                };
                return Err(parse_at(rule, text, self.offset, origin)
                    .err()
                    .unwrap_or_else(|| {
                        self.error(
                            self.offset..self.offset,
                            "a game ends with a result such as `*`".into(),
                        )
                    }));
            }
            let at = self.offset;
            let rule = if in_movetext {
                Rule::movetext_item
            } else {
                Rule::record_item
            };
            let item = first(parse_at(rule, text, at, origin)?);
            let span = at + item.as_span().start()..at + item.as_span().end();
            self.offset = span.end;
            match item.as_rule() {
                Rule::tag => {
                    let mut parts = item.into_inner();
                    let name = parts.next().expect("tag name").as_str();
                    let value_pair = parts
                        .next()
                        .expect("tag value")
                        .into_inner()
                        .next()
                        .expect("tag text");
                    let value = value_pair.as_str();
                    let value_start = at + value_pair.as_span().start();
                    if let Some(&first) = tag_places.get(name) {
                        let (line, _) = self.lines.line_col(first);
                        return Err(self.error(
                            span,
                            format!(
                                "a second [{name}] tag in this game (the first is on line {line}): each tag may appear once"
                            ),
                        ));
                    }
                    tag_places.insert(name, span.start);
                    if name == "Position" {
                        // A start that does not read is a fault in the
                        // record's text, shown where it is in the file.
                        self.check_position_tag(value, value_start)?;
                        record.position_at = Some(self.lines.line_col(value_start));
                    }
                    record.tags.push((
                        name.to_string(),
                        value.replace("\\\"", "\"").replace("\\\\", "\\"),
                    ));
                }
                Rule::move_number => in_movetext = true,
                Rule::r#move => {
                    in_movetext = true;
                    if record.moves.len() == MAX_RECORD_MOVES {
                        return Err(self.error(
                            span,
                            format!("a game record may hold at most {MAX_RECORD_MOVES} moves"),
                        ));
                    }
                    let (line, column) = self.lines.line_col(span.start);
                    let (mv, captured) = read_move(item, text, at, origin)?;
                    record.moves.push(RecordedMove {
                        mv,
                        mover: None,
                        captured,
                        comment: None,
                        line,
                        column,
                    });
                }
                Rule::comment => {
                    in_movetext = true;
                    let body = item
                        .into_inner()
                        .next()
                        .expect("comment text")
                        .as_str()
                        .trim()
                        .to_string();
                    let slot = match record.moves.last_mut() {
                        Some(last) => &mut last.comment,
                        None => &mut record.comment,
                    };
                    *slot = Some(match slot.take() {
                        Some(before) => format!("{before} {body}"),
                        None => body,
                    });
                }
                Rule::result => {
                    let token = item.as_str();
                    if let Some(tag) = record.tag("Result")
                        && tag != token
                    {
                        return Err(self.error(
                            span,
                            format!("the result `{token}` contradicts the [Result \"{tag}\"] tag"),
                        ));
                    }
                    record.result = token.to_string();
                    return Ok(record);
                }
                other => unreachable!("grammar gives no {other:?} in a game"),
            }
        }
    }
}

impl Iterator for Records<'_> {
    type Item = Result<Record, ParseError>;

    fn next(&mut self) -> Option<Result<Record, ParseError>> {
        if self.done {
            return None;
        }
        if self.text.len() > MAX_RECORD_BYTES {
            self.done = true;
            return Some(Err(self.error(
                0..0,
                format!(
                    "the record text is {} bytes; at most {MAX_RECORD_BYTES} bytes (16 MiB) are read at once",
                    self.text.len()
                ),
            )));
        }
        if !self.skip_space() {
            self.done = true;
            return (self.games == 0).then(|| {
                Err(self.error(
                    0..0,
                    "the record text holds no games: a game is tags and moves ending in a result such as `*`".into(),
                ))
            });
        }
        let game = self.game();
        self.games += 1;
        self.done = game.is_err();
        Some(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::word::CROSSED;

    #[test]
    fn moves_with_and_without_marks() {
        assert_eq!(
            parse_move("C").unwrap(),
            (Move::from_label("C").unwrap(), None)
        );
        assert_eq!(
            parse_move("fx12").unwrap(),
            (Move::from_label("f").unwrap(), Some(12))
        );
        let error = parse_move("3").unwrap_err();
        assert_eq!(error.0.column, 1);
        assert!(
            error
                .0
                .message
                .starts_with("expected a move (a house label"),
            "{}",
            error.0.message
        );
    }

    #[test]
    fn later_laps_sown_the_other_way_are_written_in_order() {
        let (mv, captured) = parse_move("B6/><x4").unwrap();
        assert_eq!(
            (mv.base(), mv.reversed_laps(), captured),
            (Move::from_label("B6").unwrap(), 0b10, Some(4))
        );
        assert_eq!(mv.to_string(), "B6/><");
        // The first lap's way, then the later laps'.
        assert_eq!(parse_move("B1</<").unwrap().0.to_string(), "B1</<");
        // Laps that go the board's way after the last sent the other way
        // are not written.
        assert_eq!(parse_move("B6/<>>").unwrap().0.to_string(), "B6/<");
        assert_eq!(
            parse_move("B6/>").unwrap().0,
            Move::from_label("B6").unwrap()
        );
        let error = parse_move("B6/>>>>>>>><").unwrap_err();
        assert!(
            error.0.message.contains("8 laps at most"),
            "{}",
            error.0.message
        );
    }

    #[test]
    fn store_moves_name_the_seeds_sown() {
        let (four, captured) = parse_move("*4x3").unwrap();
        assert_eq!((four.store_seeds(), captured), (Some(4), Some(3)));
        assert_eq!(four.to_string(), "*4");
        assert_eq!(parse_move("C").unwrap().0.store_seeds(), None);
        for none in ["*0", "*256"] {
            let error = parse_move(none).unwrap_err();
            assert!(
                error.0.message.contains("from 1 to 255 seeds"),
                "{}",
                error.0.message
            );
        }
    }

    #[test]
    fn crossed_round_trips() {
        let text = "0,1,0,0,1,0/1,21,0,0,0,24 0-0 N crossed:a children:.......N...S";
        let position = parse_position(text).unwrap();
        assert_eq!(position.get(CROSSED), Some(6));
        assert_eq!(position.to_string(), text);
        assert_eq!(position.key(), position.compute_key());
        assert!(
            parse_position("4,4/4,4 0-0 S crossed:c").is_err(),
            "no such house"
        );
        assert!(parse_position("4,4/4,4 0-0 S crossed:a crossed:b").is_err());
    }

    #[test]
    fn positions_print_and_parse() {
        let text = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
        let position = parse_position(text).unwrap();
        assert_eq!(position.houses(), &[4; 12]);
        assert_eq!(position.to_string(), text);
        let with_state = "0,0,1,0,0,0/0,2,0,0,0,1 20-24 N last:S feed";
        assert_eq!(parse_position(with_state).unwrap().to_string(), with_state);
        let with_children = "0,0,1,0,0,0/0,2,0,0,0,1 20-24 N children:..N....S....";
        let position = parse_position(with_children).unwrap();
        assert_eq!(position.child_of(2), Some(Side::North));
        assert_eq!(position.child_of(7), Some(Side::South));
        assert_eq!(position.to_string(), with_children);
        let plain = parse_position("0,0,1,0,0,0/0,2,0,0,0,1 20-24 N").unwrap();
        assert_ne!(position, plain);
        assert_ne!(position.key(), plain.key());
        let with_blocked = "0,0,1,0,0,0/0,2,0,0,0,1 20-24 N blocked:.x.........x";
        let position = parse_position(with_blocked).unwrap();
        assert!(position.is_blocked(1) && position.is_blocked(11));
        assert!(!position.is_blocked(0));
        assert_eq!(position.layer_marks(Layer::Blocked), ".x.........x");
        assert_eq!(position.to_string(), with_blocked);
        assert_ne!(position, plain);
        assert_ne!(position.key(), plain.key());
        assert_eq!(position.key(), position.compute_key());
    }

    #[test]
    fn four_row_positions_and_moves_print_and_parse() {
        let text = "0,0,0,0,0,0,0,1/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,1 0-0 N";
        let position = parse_position(text).unwrap();
        assert_eq!(position.layout(), Layout::front_and_back(8, 8));
        assert_eq!(position.at(7), 1, "A8 is South's front row's last house");
        assert_eq!(position.at(31), 1, "b8 is North's back row's last house");
        assert_eq!(position.to_string(), text);
        // Three rows: the players' front rows are halves of the middle row.
        let selus = "1,2,3/4,4,4,4,4,4/5,6,7/4,4,4,4,4,4 0-0 S";
        let position = parse_position(selus).unwrap();
        assert_eq!(position.layout().rows(), 3);
        assert_eq!(position.to_string(), selus);
        assert_eq!(parse_move("b12x3").unwrap().0.to_string(), "b12");
        assert_eq!(parse_move("A1>").unwrap().0.to_string(), "A1>");
        let unequal = parse_position("1,2/1,2,3/1,2/1,2,3 0-0 S").unwrap_err();
        assert!(
            unequal
                .to_string()
                .contains("the front row is half the back row"),
            "{unequal}"
        );
        let three = parse_position("1,2/1,2/1,2 0-0 S").unwrap_err();
        assert!(three.to_string().contains("expected"), "{three}");
        let column0 = parse_move("A0").unwrap_err();
        assert!(
            column0.to_string().contains("is not a move: a house label"),
            "{column0}"
        );
    }

    #[test]
    fn position_errors_point_at_the_fault() {
        let error = parse_position("4,4,4/4,4 0-0 S").unwrap_err();
        assert_eq!(
            error.0.message,
            "South's row has 3 houses but North's has 2"
        );
        let error = parse_position("4,4,4/4,4,4 0-0 X").unwrap_err();
        assert_eq!(error.0.column, 17);
        assert!(
            error.0.message.contains("the side to move"),
            "{}",
            error.0.message
        );
        let error = parse_position("4,999/4,4 0-0 S").unwrap_err();
        assert_eq!(error.0.message, "a count must be at most 255, found 999");
    }

    #[test]
    fn records_read_tags_moves_comments_and_results() {
        let text = "[Variant \"oware\"]\n[South \"a \\\"b\\\"\"]\n\n1. C {good} b 2. Cx2 *\n\n[Variant \"ouri\"]\n1... a 1-0\n";
        let records = parse_records(text, "t.sow").unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(
            records[0].tags[1],
            ("South".to_string(), "a \"b\"".to_string())
        );
        assert_eq!(records[0].moves.len(), 3);
        assert_eq!(records[0].moves[0].comment.as_deref(), Some("good"));
        assert_eq!(records[0].moves[2].captured, Some(2));
        assert_eq!(
            (records[0].moves[2].line, records[0].moves[2].column),
            (4, 18)
        );
        assert_eq!(records[1].result, "1-0");
        let error = parse_records("[Variant \"oware\"]\n1. C b", "t.sow").unwrap_err();
        assert_eq!(error.0.line, 2);
        assert!(error.0.message.contains("a result"), "{}", error.0.message);
    }
}
