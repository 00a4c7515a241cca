//! Errors that point into a text: file:line:column, the line, a caret.
//!
//! Variant files, positions and records all report faults this way, so every
//! message a user sees has the same shape. Texts come in through
//! [`read_text`] (files through [`read_file`]), which bounds what it reads
//! and names the first byte that is not UTF-8. Whatever came from input is
//! shown through [`escape_controls`], so it can never drive the terminal.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::io::Read;
use std::ops::Range;
use std::path::Path;

/// The most characters of a source line an error shows: a longer line is cut
/// to a window around the fault, so a 5 MB line never floods the terminal.
pub const MAX_SHOWN_LINE: usize = 160;
/// The most characters of a message, which may quote the input.
const MAX_MESSAGE: usize = 400;
/// The most characters of input an [`excerpt`] quotes.
pub const MAX_EXCERPT: usize = 40;
/// Characters shown before the fault when a line is cut.
const SHOWN_BEFORE: usize = 60;

/// An error at a place in a text: where, what, and the line it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The file (or other origin) of the text.
    pub origin: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The text of the line, or of a window of at most [`MAX_SHOWN_LINE`]
    /// characters around the fault, marked with `…` where it is cut.
    pub source_line: String,
    /// Where the caret starts in `source_line`, in characters from 0.
    pub caret: usize,
    /// How many characters to underline.
    pub width: usize,
    /// A suggestion, if one helps.
    pub hint: Option<String>,
}

impl Located {
    /// Locates the byte span `span` of `source`.
    pub fn new(
        origin: &str,
        source: &str,
        span: Range<usize>,
        message: String,
        hint: Option<String>,
    ) -> Located {
        let start = span.start.min(source.len());
        let start = (0..=start)
            .rev()
            .find(|&i| source.is_char_boundary(i))
            .unwrap_or(0);
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        let line = source[..start].matches('\n').count() + 1;
        let column = source[line_start..start].chars().count() + 1;
        let end = span.end.clamp(start, line_end);
        let end = (end..=line_end)
            .find(|&i| source.is_char_boundary(i))
            .unwrap_or(line_end);
        let width = source[start..end].chars().count().max(1);
        let text = source[line_start..line_end].trim_end_matches('\r');
        let (source_line, caret, width) = window(text, column - 1, width);
        // Messages may quote the input (toml's do); a quote of a huge value
        // is cut like the line, and its control characters are shown.
        let message = match message.char_indices().nth(MAX_MESSAGE) {
            Some((cut, _)) => format!("{}…", &message[..cut]),
            None => message,
        };
        let message = escape_controls(&message).into_owned();
        Located {
            origin: escape_controls(origin).into_owned(),
            line,
            column,
            message,
            source_line,
            caret,
            width,
            hint: hint.map(|hint| escape_controls(&hint).into_owned()),
        }
    }
}

/// Whether `c` may not reach a terminal as it is: a control character (C0,
/// DEL, C1: ESC starts the sequences that clear a screen or retitle a
/// window, CR rewrites a line), a line or paragraph separator, or a mark
/// that reorders text (bidirectional overrides and isolates). A tab is
/// harmless, and source lines are indented with it: it is kept.
pub(crate) fn is_hostile(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(
            c,
            '\u{200e}' | '\u{200f}' | '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// Text that came from input, as it may be printed: each character of
/// `is_hostile` written visibly as Rust's `escape_debug` writes it
/// (`\u{1b}`, `\r`, `\n`, `\0`), every other character as it is, quotes and
/// backslashes included, so a path or a name reads as typed. The crate's one
/// escape: every message and listing that prints something from a file, an
/// argument, a tag or a typed line passes it through here, so no input can
/// clear the screen, retitle the window or rewrite the lines above it.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hostile) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_hostile(c) {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// A path as messages show it: its control characters escaped.
pub fn shown_path(path: &Path) -> String {
    escape_controls(&path.display().to_string()).into_owned()
}

/// A piece of input quoted in a message or a table cell: escaped, and cut at
/// [`MAX_EXCERPT`] characters (marked `…`), so a hostile value can neither
/// flood nor garble a terminal, nor widen a column without bound.
pub fn excerpt(value: &str) -> String {
    let mut text: String = value.chars().take(MAX_EXCERPT).collect();
    if value.chars().nth(MAX_EXCERPT).is_some() {
        text.push('…');
    }
    escape_controls(&text).into_owned()
}

/// Cuts `line` to at most [`MAX_SHOWN_LINE`] characters around the
/// character `at` and escapes its control characters; returns the text
/// shown, where the caret starts in it and the width to underline, both
/// counted in the escaped text.
fn window(line: &str, at: usize, width: usize) -> (String, usize, usize) {
    let (cut, at, width) = cut_window(line, at, width);
    // Characters a hostile one takes once escaped.
    let shown = |c: char| {
        if is_hostile(c) {
            c.escape_debug().count()
        } else {
            1
        }
    };
    let caret = cut.chars().take(at).map(shown).sum();
    let width = cut
        .chars()
        .skip(at)
        .take(width)
        .map(shown)
        .sum::<usize>()
        .max(1);
    (escape_controls(&cut).into_owned(), caret, width)
}

/// [`window`] before escaping: the line cut around `at`.
fn cut_window(line: &str, at: usize, width: usize) -> (String, usize, usize) {
    let length = line.chars().count();
    if length <= MAX_SHOWN_LINE {
        return (line.to_string(), at, width);
    }
    let first = at.saturating_sub(SHOWN_BEFORE).min(length - MAX_SHOWN_LINE);
    let last = first + MAX_SHOWN_LINE;
    let mut shown = String::new();
    if first > 0 {
        shown.push('…');
    }
    shown.extend(line.chars().skip(first).take(MAX_SHOWN_LINE));
    if last < length {
        shown.push('…');
    }
    let caret = at - first + usize::from(first > 0);
    let width = width.min(last.saturating_sub(at)).max(1);
    (shown, caret, width)
}

/// Why a text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The system refused: no such file, permission, a directory.
    Io {
        /// The file (or `<stdin>`).
        origin: String,
        /// The system's reason.
        message: String,
    },
    /// The text is longer than the limit; reading stopped there.
    TooLarge {
        /// The file (or `<stdin>`).
        origin: String,
        /// The most bytes read.
        limit: usize,
    },
    /// A byte that is not UTF-8, at its line and column.
    NotUtf8(Box<Located>),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { origin, message } => {
                write!(f, "{}: cannot read: {message}", escape_controls(origin))
            }
            ReadError::TooLarge { origin, limit } => write!(
                f,
                "{}: the text is longer than {limit} bytes ({}), the most that is read",
                escape_controls(origin),
                human_bytes(*limit)
            ),
            ReadError::NotUtf8(located) => located.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

/// `16 MiB` for 16 << 20.
fn human_bytes(bytes: usize) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads at most `limit` bytes of text from `reader`: never more, whatever
/// the source (`/dev/zero` stops at the limit, not at the memory's end).
/// The text must be UTF-8; a leading byte-order mark is dropped.
pub fn read_text(reader: impl Read, limit: usize, origin: &str) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io {
            origin: origin.to_string(),
            message: e.to_string(),
        })?;
    if bytes.len() > limit {
        return Err(ReadError::TooLarge {
            origin: origin.to_string(),
            limit,
        });
    }
    decode(bytes, origin)
}

/// Reads at most `limit` bytes of text from the file at `path`, as
/// [`read_text`] does: the one way `sow` reads a file, whether a variant
/// file, a record or a game to resume, so every read stops at its limit
/// (`/dev/zero` included) and names the file in its errors.
pub fn read_file(path: &Path, limit: usize) -> Result<String, ReadError> {
    let origin = path.display().to_string();
    regular_file(path).map_err(|e| ReadError::Io {
        origin: origin.clone(),
        message: e.to_string(),
    })?;
    let file = std::fs::File::open(path).map_err(|e| ReadError::Io {
        origin: origin.clone(),
        message: e.to_string(),
    })?;
    read_text(file, limit, &origin)
}

/// Whether `path` names a regular file (links followed), checked before
/// it is opened: opening a FIFO blocks until something writes to it, and a
/// device (`/dev/zero`, `/dev/urandom`) is read to a limit for nothing. A
/// file is what every command reads by path; standard input is `-`.
pub fn regular_file(path: &Path) -> std::io::Result<()> {
    let metadata = std::fs::metadata(path)?;
    if metadata.is_dir() {
        return Err(std::io::Error::other("it is a folder, not a file"));
    }
    if !metadata.is_file() {
        return Err(std::io::Error::other(
            "it is not a regular file, but a device, a pipe or a socket",
        ));
    }
    Ok(())
}

/// `bytes` as text, or the line and column of the first byte that is not
/// UTF-8. A leading byte-order mark is dropped: editors on some systems
/// write one, and it is no part of the text.
pub fn decode(bytes: Vec<u8>, origin: &str) -> Result<String, ReadError> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        }),
        Err(error) => {
            let bad = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            // Everything before `bad` is valid, so the lossy text has the
            // same offsets up to the fault.
            let lossy = String::from_utf8_lossy(&bytes);
            Err(ReadError::NotUtf8(Box::new(Located::new(
                origin,
                &lossy,
                bad..bad + 1,
                format!(
                    "this is not UTF-8 text: byte 0x{:02x} cannot be read as a character",
                    bytes[bad]
                ),
                Some("save the file as UTF-8".into()),
            ))))
        }
    }
}

/// Drops a leading byte-order mark from a text that did not come through
/// [`read_text`].
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Where each line of a text starts, so byte offsets turn into line and
/// column in logarithmic time. Lookups in increasing order (a parser's)
/// count characters only from the previous lookup on the same line, so a
/// record of a million moves on one line stays linear to read.
pub struct LineIndex<'t> {
    text: &'t str,
    starts: Vec<usize>,
    /// The last lookup: byte offset, line, column.
    last: Cell<(usize, usize, usize)>,
    /// Bytes scanned to count columns, over all lookups.
    scanned: Cell<usize>,
}

impl<'t> LineIndex<'t> {
    /// Indexes `text`.
    pub fn new(text: &'t str) -> LineIndex<'t> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex {
            text,
            starts,
            last: Cell::new((0, 1, 1)),
            scanned: Cell::new(0),
        }
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&start| start <= offset);
        let start = self.starts[line - 1];
        let end = offset.min(self.text.len()).max(start);
        let (last_offset, last_line, last_column) = self.last.get();
        // Count on from the previous lookup when it is earlier on this line.
        let (from, base) = if last_line == line && last_offset <= end {
            (last_offset, last_column)
        } else {
            (start, 1)
        };
        let column = self
            .text
            .get(from..end)
            .map_or(end - from, |s| s.chars().count())
            + base;
        self.scanned.set(self.scanned.get() + (end - from));
        self.last.set((end, line, column));
        (line, column)
    }

    /// Bytes scanned to count columns so far: about the text's length for
    /// lookups in order, whatever the number of lookups.
    pub fn scanned(&self) -> usize {
        self.scanned.get()
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: {}",
            self.origin, self.line, self.column, self.message
        )?;
        let gutter = self.line.to_string().len();
        writeln!(f, "{:gutter$} |", "")?;
        writeln!(f, "{} | {}", self.line, self.source_line)?;
        let pad: String = self
            .source_line
            .chars()
            .take(self.caret)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{:gutter$} | {pad}{}", "", "^".repeat(self.width))?;
        if let Some(hint) = &self.hint {
            write!(f, "\n{:gutter$} = help: {hint}", "")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_index_agrees_with_counting() {
        let text = "ab\nçd\n\nxyz";
        let index = LineIndex::new(text);
        for (offset, _) in text.char_indices() {
            let line = text[..offset].matches('\n').count() + 1;
            let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
            let column = text[start..offset].chars().count() + 1;
            assert_eq!(index.line_col(offset), (line, column), "offset {offset}");
        }
    }

    #[test]
    fn locates_spans_by_line_and_column() {
        let src = "a = 1\nbb = 22\n";
        let loc = Located::new("f.toml", src, 11..13, "bad".into(), None);
        assert_eq!((loc.line, loc.column, loc.width), (2, 6, 2));
        assert_eq!(loc.source_line, "bb = 22");
        assert_eq!(
            loc.to_string(),
            "f.toml:2:6: bad\n  |\n2 | bb = 22\n  |      ^^"
        );
    }

    #[test]
    fn long_lines_are_cut_to_a_window_with_the_caret_in_place() {
        let line = format!("{}FAULT{}", "a".repeat(5_000_000), "b".repeat(5_000_000));
        let loc = Located::new("big", &line, 5_000_000..5_000_005, "bad".into(), None);
        assert_eq!(loc.column, 5_000_001);
        assert!(loc.source_line.chars().count() <= MAX_SHOWN_LINE + 2);
        let shown = loc.to_string();
        assert!(shown.len() < 600, "{shown}");
        let lines: Vec<&str> = shown.lines().collect();
        let caret = lines[3].find('^').unwrap();
        let fault = lines[2].find("FAULT").unwrap();
        // The caret row and the source row share the gutter; `…` is one
        // character but three bytes.
        let source_chars = lines[2][..fault].chars().count();
        assert_eq!(lines[3][..caret].chars().count(), source_chars, "{shown}");
        assert_eq!(loc.width, 5);
        // Near the start of a long line: no leading cut.
        let loc = Located::new("big", &line, 3..4, "bad".into(), None);
        assert!(loc.source_line.starts_with("aaa") && loc.source_line.ends_with('…'));
        assert_eq!(loc.caret, 3);
        // At the very end.
        let loc = Located::new("big", &line, line.len()..line.len(), "bad".into(), None);
        assert!(loc.source_line.starts_with('…') && loc.source_line.ends_with('b'));
        assert_eq!(loc.caret, MAX_SHOWN_LINE + 1);
    }

    #[test]
    fn control_characters_are_shown_escaped_with_the_caret_still_in_place() {
        let source = "x = \"\u{1b}[2J\" \r? \u{9b}";
        let fault = source.find('?').unwrap();
        let loc = Located::new(
            "bad\u{7}.toml",
            source,
            fault..fault + 1,
            "found `\u{1b}`".into(),
            None,
        );
        assert_eq!(loc.source_line, "x = \"\\u{1b}[2J\" \\r? \\u{9b}");
        assert_eq!(loc.origin, "bad\\u{7}.toml");
        assert_eq!(loc.message, "found `\\u{1b}`");
        // The column counts the characters of the file; the caret those shown.
        assert_eq!(loc.column, 13);
        let shown = loc.to_string();
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[2].find('?'), lines[3].find('^'), "{shown}");
        assert!(
            !shown.chars().any(|c| c.is_control() && c != '\n'),
            "{shown}"
        );
    }

    #[test]
    fn line_index_counts_each_byte_once_for_lookups_in_order() {
        let text = "D d ".repeat(250_000);
        let index = LineIndex::new(&text);
        for offset in (0..text.len()).step_by(2) {
            assert_eq!(index.line_col(offset), (1, offset + 1));
        }
        assert!(index.scanned() <= text.len(), "{}", index.scanned());
        // Out of order still answers correctly.
        assert_eq!(index.line_col(4), (1, 5));
    }

    #[test]
    fn reads_are_bounded_and_name_bad_bytes() {
        let error = read_text(std::io::repeat(0), 1000, "/dev/zero").unwrap_err();
        assert_eq!(
            error.to_string(),
            "/dev/zero: the text is longer than 1000 bytes (1000 bytes), the most that is read"
        );
        let error = read_text(&b"ok\nab\xffc"[..], 1000, "f.toml").unwrap_err();
        let ReadError::NotUtf8(located) = &error else {
            panic!("{error}")
        };
        assert_eq!((located.line, located.column), (2, 3));
        assert!(located.message.contains("0xff"), "{}", located.message);
        assert_eq!(
            read_text(&b"\xef\xbb\xbfx = 1"[..], 100, "f").unwrap(),
            "x = 1"
        );
    }
}
