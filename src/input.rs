//! Lines typed by a person, read so that no input can exhaust memory or end
//! a game unsaved: a line is cut off at a length bound, and bytes that are
//! not UTF-8 are reported instead of failing the read.
//!
//! `BufRead::lines` would buffer an endless line (`sow play < /dev/zero`)
//! without bound and stops with an error on invalid UTF-8.

use std::io::{self, BufRead};

/// The longest line `sow play` accepts: commands and moves are a few bytes.
pub const MAX_LINE_BYTES: usize = 4096;

/// One line of input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line that is not UTF-8 text (it was read to its end and dropped).
    NotText,
    /// A line longer than the bound; reading stopped at the bound, so the
    /// rest of it is still unread.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of at most `limit` bytes (the line ending not counted).
pub fn read_line(reader: &mut impl BufRead, limit: usize) -> io::Result<Line> {
    let mut bytes: Vec<u8> = Vec::new();
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            if bytes.is_empty() {
                return Ok(Line::End);
            }
            break;
        }
        let (chunk, found_end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..at], true),
            None => (buffer, false),
        };
        if bytes.len() + chunk.len() > limit {
            let room = limit - bytes.len();
            reader.consume(room);
            return Ok(Line::TooLong);
        }
        bytes.extend_from_slice(chunk);
        let used = chunk.len() + usize::from(found_end);
        reader.consume(used);
        if found_end {
            break;
        }
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotText,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(8, input);
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut reader, limit).unwrap();
            let end = matches!(line, Line::End | Line::TooLong);
            out.push(line);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_are_split_and_endings_dropped() {
        assert_eq!(
            lines(b"C\r\nmoves\n\nlast", 100),
            [
                Line::Text("C".into()),
                Line::Text("moves".into()),
                Line::Text(String::new()),
                Line::Text("last".into()),
                Line::End
            ]
        );
    }

    #[test]
    fn bad_bytes_are_one_line_and_reading_goes_on() {
        assert_eq!(
            lines(b"\xff\xfe\nC\n", 100),
            [Line::NotText, Line::Text("C".into()), Line::End]
        );
    }

    #[test]
    fn an_endless_line_stops_at_the_bound() {
        let zeros = vec![0u8; 10_000];
        assert_eq!(lines(&zeros, 64), [Line::TooLong]);
        // Exactly at the bound is still a line.
        assert_eq!(lines(b"abcd\n", 4), [Line::Text("abcd".into()), Line::End]);
    }
}
