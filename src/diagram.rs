//! Boards drawn as the rule documents draw them: North's row on top, read
//! from South's seat (`f e d c b a`), South's row below (`A B C D E F`),
//! North's store at the left end and South's at the right.

use std::fmt::Write as _;

use crate::game::Game;
use crate::position::{Move, Position, Side};
use crate::trace::Event;

/// The position as a few lines of text, ending with a newline.
pub fn draw(position: &Position) -> String {
    let n = position.houses_per_side();
    let margin = " ".repeat(8);
    let labels = |side: Side, reversed: bool| -> String {
        let mut offsets: Vec<usize> = (0..n).collect();
        if reversed {
            offsets.reverse();
        }
        offsets
            .iter()
            .map(|&o| format!("  {} ", Move::new(side, o as u8).label()))
            .collect()
    };
    let cells = |side: Side, reversed: bool| -> String {
        let row = position.row(side);
        let mut counts: Vec<u8> = row.to_vec();
        if reversed {
            counts.reverse();
        }
        let mut line: String = counts.iter().map(|c| format!("|{c:^3}")).collect();
        line.push('|');
        line
    };
    let border = format!("{}+", "+---".repeat(n));
    let mut out = String::new();
    let _ = writeln!(out, "{margin}{}", labels(Side::North, true).trim_end());
    let _ = writeln!(out, "{margin}{border}");
    let _ = writeln!(out, "{margin}{}", cells(Side::North, true));
    let _ = writeln!(
        out,
        "  N {:>3} {border} {:<3} S",
        position.store(Side::North),
        position.store(Side::South)
    );
    let _ = writeln!(out, "{margin}{}", cells(Side::South, false));
    let _ = writeln!(out, "{margin}{border}");
    let _ = writeln!(out, "{margin}{}", labels(Side::South, false).trim_end());
    out
}

/// A line that says whose turn it is, or how the game ended.
pub fn status(game: &Game<'_>) -> String {
    match game.outcome() {
        Some(outcome) => {
            let [south, north] = game.position().stores();
            let verdict = match outcome.winner {
                Some(side) => format!("{side} wins"),
                None => "a draw".to_string(),
            };
            format!(
                "Game over ({}): {verdict}, {south}-{north} ({})",
                outcome.reason.describe(),
                outcome.result_token()
            )
        }
        None => {
            let position = game.position();
            let mut line = format!("{} to move", position.to_move());
            if position.feed_pending() {
                line.push_str(" again, and must feed (grand slam)");
            }
            line
        }
    }
}

/// The steps of a move, one per line, numbered.
pub fn steps(events: &[Event], houses_per_side: usize) -> String {
    let mut out = String::new();
    for (i, event) in events.iter().enumerate() {
        let _ = writeln!(out, "{:>3}. {}", i + 1, event.describe(houses_per_side));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_drawn_with_north_on_top() {
        let position = Position::new(
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
            [0, 30],
            Side::South,
        )
        .unwrap();
        let expected = "          f   e   d   c   b   a
        +---+---+---+---+---+---+
        |12 |11 |10 | 9 | 8 | 7 |
  N  30 +---+---+---+---+---+---+ 0   S
        | 1 | 2 | 3 | 4 | 5 | 6 |
        +---+---+---+---+---+---+
          A   B   C   D   E   F
";
        assert_eq!(draw(&position), expected);
    }
}
