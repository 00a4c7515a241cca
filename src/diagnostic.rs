//! Errors that point into a text: file:line:column, the line, a caret.
//!
//! Variant files, positions and records all report faults this way, so every
//! message a user sees has the same shape.

use std::fmt;
use std::ops::Range;

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
    /// The text of the line.
    pub source_line: String,
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
        Located {
            origin: origin.to_string(),
            line,
            column,
            message,
            source_line: source[line_start..line_end]
                .trim_end_matches('\r')
                .to_string(),
            width,
            hint,
        }
    }
}

/// Where each line of a text starts, so byte offsets turn into line and
/// column in logarithmic time: a record of many moves stays linear to read.
pub struct LineIndex<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> LineIndex<'t> {
    /// Indexes `text`.
    pub fn new(text: &'t str) -> LineIndex<'t> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { text, starts }
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&start| start <= offset);
        let start = self.starts[line - 1];
        let end = offset.min(self.text.len()).max(start);
        let column = self
            .text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count())
            + 1;
        (line, column)
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
            .take(self.column - 1)
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
}
