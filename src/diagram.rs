//! Boards drawn as the rule documents draw them: North's row on top, read
//! from South's seat (`f e d c b a`), South's row below (`A B C D E F`),
//! North's store at the left end and South's at the right; or turned round
//! for a player sitting at North ([`draw_from`]).

use std::fmt::Write as _;

use crate::game::Game;
use crate::layer::Layer;
use crate::position::{Layout, Move, Position, Side};
use crate::summary::ending;
use crate::trace::Event;
use crate::word::{FEED, Word};

/// The position as a few lines of text from South's seat, ending with a
/// newline; the rule documents draw boards this way.
pub fn draw(position: &Position) -> String {
    draw_from(position, Side::South)
}

/// The position as seen by the player sitting at `seat`: their own row at
/// the bottom, read from their left (`A B C D E F` for South, `a b c d e f`
/// for North), the opponent's row on top reading the other way, their own
/// store at the right end and the opponent's at the left.
pub fn draw_from(position: &Position, seat: Side) -> String {
    let mut out = if position.layout().single_row() {
        two_rows(position, seat)
    } else {
        more_rows(position, seat)
    };
    for line in notes(position) {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// What the position keeps beside the seeds, in words, a line each:
/// children, rams, blocked houses, owners, marks (`Children: A is North's`)
/// and the state words (`South must feed North`). Empty where it keeps
/// nothing more.
pub fn notes(position: &Position) -> Vec<String> {
    let layout = position.layout();
    Layer::ALL
        .into_iter()
        .flat_map(|layer| layer.describe(position))
        .chain(
            Word::ALL
                .into_iter()
                .filter_map(|word| word.describe(position.code(word), layout)),
        )
        .collect()
}

/// A two-row board from `seat`: letters for labels.
fn two_rows(position: &Position, seat: Side) -> String {
    let n = position.houses_per_side();
    let margin = " ".repeat(8);
    let far = seat.opponent();
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
    let _ = writeln!(out, "{margin}{}", labels(far, true).trim_end());
    let _ = writeln!(out, "{margin}{border}");
    let _ = writeln!(out, "{margin}{}", cells(far, true));
    let _ = writeln!(out, "{}", store_line(position, seat, &border));
    let _ = writeln!(out, "{margin}{}", cells(seat, false));
    let _ = writeln!(out, "{margin}{border}");
    let _ = writeln!(out, "{margin}{}", labels(seat, false).trim_end());
    out
}

/// A board of three or four rows from `seat`: each row's letter at its
/// left, the columns numbered from each player's left (the far player's
/// along the top, the seat's along the bottom), so a house's label is its
/// row's letter and its owner's number (`A3`, `b8`); the stores (what each
/// player holds in hand) at the ends of the line between the players'
/// rows. On three rows the middle row is shared: its letter reads `a|A`,
/// the far player's half, then the seat's.
fn more_rows(position: &Position, seat: Side) -> String {
    let layout = position.layout();
    let (rows, columns) = (layout.rows(), layout.columns());
    let far = seat.opponent();
    // Display rows top to bottom and columns left to right, as `seat` sees
    // the board: South's view turned round for North.
    let turn = |(row, column): (usize, usize)| match seat {
        Side::South => (rows - 1 - row, column),
        Side::North => (row, columns - 1 - column),
    };
    let mut grid = vec![vec![None; columns]; rows];
    for (row, houses) in layout.grid().into_iter().enumerate() {
        for (column, house) in houses.into_iter().enumerate() {
            let (row, column) = turn((row, column));
            grid[row][column] = Some(house);
        }
    }
    let row_letters = |row: &[Option<usize>]| -> String {
        let mut letters: Vec<String> = Vec::new();
        for house in row.iter().flatten() {
            let letter = layout.label(*house).to_string()[..1].to_string();
            if !letters.contains(&letter) {
                letters.push(letter);
            }
        }
        letters.join("|")
    };
    let numbers = |side: Side| -> String {
        (0..columns)
            .map(|c| {
                let own = if side == seat { c + 1 } else { columns - c };
                format!("  {own:<2}")
            })
            .collect()
    };
    let border = format!("{}+", "+---".repeat(columns));
    let margin = " ".repeat(8);
    let mut out = String::new();
    let _ = writeln!(out, "{margin}{}", numbers(far).trim_end());
    let _ = writeln!(out, "{margin}{border}");
    // The line between the players' rows: after the far player's rows.
    let far_rows = grid
        .iter()
        .take_while(|row| row.iter().flatten().all(|&h| layout.label(h).side() == far))
        .count()
        .max(1);
    for (i, row) in grid.iter().enumerate() {
        if i == far_rows {
            let _ = writeln!(out, "{}", store_line(position, seat, &border));
        }
        let mut line: String = row
            .iter()
            .map(|h| h.map_or("|   ".to_string(), |h| format!("|{:^3}", position.at(h))))
            .collect();
        line.push('|');
        let _ = writeln!(out, "  {:<5} {line}", row_letters(row));
    }
    let _ = writeln!(out, "{margin}{border}");
    let _ = writeln!(out, "{margin}{}", numbers(seat).trim_end());
    out
}

/// The line between the players' rows: each store at its owner's end, the
/// far player's at the left, with the players' initials.
fn store_line(position: &Position, seat: Side, border: &str) -> String {
    let far = seat.opponent();
    let initial = |side: Side| side.name()[..1].to_uppercase();
    format!(
        "  {} {:>3} {border} {:<3} {}",
        initial(far),
        position.store(far),
        position.store(seat),
        initial(seat)
    )
}

/// A line that says whose turn it is, or how the game ended.
pub fn status(game: &Game) -> String {
    match game.outcome() {
        Some(outcome) => {
            let [south, north] = outcome.score;
            let verdict = match outcome.winner {
                Some(side) => format!("{side} wins"),
                None => "a draw".to_string(),
            };
            format!(
                "Game over ({}): {verdict}, {south}-{north} ({})",
                ending(&outcome),
                outcome.result_token()
            )
        }
        None => {
            let position = game.position();
            let mut line = format!("{} to move", position.to_move());
            if position.get(FEED) {
                line.push_str(" again, and must feed (grand slam)");
            }
            line
        }
    }
}

/// Where the variant is a match of rounds, the round and the match's
/// score: `Round 3 of the match; rounds won: South 1, North 1 (2 win the
/// match)`.
pub fn match_line(game: &Game) -> Option<String> {
    let round = game.round()?;
    let mut line = format!("Round {round} of the match");
    if let Some(match_to) = game.rules().rounds.as_ref().and_then(|r| r.match_to) {
        let _ = write!(line, "; {}", match_to.tally_words(game.tally()));
    }
    Some(line)
}

/// The steps of a move, one per line, numbered.
pub fn steps(events: &[Event], layout: Layout) -> String {
    let mut out = String::new();
    for (i, event) in events.iter().enumerate() {
        let _ = writeln!(out, "{:>3}. {}", i + 1, event.describe(layout));
    }
    out
}

/// The steps of the move that led to `game`, as [`steps`] gives them, but
/// with the game's real ending: an even split is not called a majority.
pub fn steps_in(events: &[Event], game: &Game) -> String {
    let layout = game.position().layout();
    let mut out = String::new();
    for (i, event) in events.iter().enumerate() {
        let text = match (event, game.outcome()) {
            (Event::GameOver { .. }, Some(outcome)) => format!("game over: {}", ending(&outcome)),
            _ => event.describe(layout),
        };
        let _ = writeln!(out, "{:>3}. {text}", i + 1);
    }
    out
}

/// The last move of `game`, whoever made it: the line saying what it did
/// ([`crate::summary::summarise`]) and its steps ([`steps_in`]), worked out
/// again by taking it back and playing it on a copy; `None` before the
/// first move.
pub fn last_move(game: &Game) -> Option<(String, String)> {
    let mv = game.history().last()?.mv;
    let mut again = game.clone();
    again.undo();
    let before = again.position().clone();
    let mut events: Vec<Event> = Vec::new();
    again.play(mv, &mut events).ok()?;
    Some((
        crate::summary::summarise(&before, mv, &events),
        steps_in(&events, &again),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_move_is_told_whoever_made_it() {
        let engine = crate::Engine::new(crate::rules::shipped("oware.toml"));
        let mut game = Game::new(&engine);
        assert_eq!(last_move(&game), None);
        for label in ['C', 'c'] {
            game.play(Move::from_label(&label.to_string()).unwrap(), &mut ())
                .unwrap();
        }
        let (line, steps) = last_move(&game).unwrap();
        assert_eq!(line, "North plays c: no capture");
        assert!(steps.starts_with("  1. lift 4 from c"), "{steps}");
        game.undo();
        let (line, _) = last_move(&game).unwrap();
        assert_eq!(line, "South plays C: no capture");
    }

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

    #[test]
    fn north_sees_its_own_row_at_the_bottom_from_its_left() {
        let position = Position::new(
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
            [0, 30],
            Side::South,
        )
        .unwrap();
        let expected = "          F   E   D   C   B   A
        +---+---+---+---+---+---+
        | 6 | 5 | 4 | 3 | 2 | 1 |
  S   0 +---+---+---+---+---+---+ 30  N
        | 7 | 8 | 9 |10 |11 |12 |
        +---+---+---+---+---+---+
          a   b   c   d   e   f
";
        assert_eq!(draw_from(&position, Side::North), expected);
        assert_eq!(draw_from(&position, Side::South), draw(&position));
    }
}
