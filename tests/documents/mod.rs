//! The worked examples of the rule texts listed in `docs/rulings.md`, one test and
//! one snapshot each. The diagrams were lost from the texts, so where a text
//! does not fix a position, the test builds one that fits every fact the text
//! states, and lists those facts. Each fact is asserted in code; the snapshot
//! shows the whole move for a reviewer to read against the document.

mod ouri;
mod oware;
mod wouri;

use std::fmt::Write as _;
use std::sync::Arc;

use sow::diagram::{draw, status, steps};
use sow::{Engine, Event, Game, Move, MoveEffect, Rules};

/// The Ouri rules (documents 000, 001 and 003 of `docs/rulings.md`, three
/// copies of the same text), named by title as docs/rulings.md names them.
pub const OURI_DOCUMENTS: &str =
    "Jogo Ouri, rules of the Campeonato Nacional de Jogos Matemáticos (Associação Ludus, Portugal)";
/// Oware Abapa, in Dutch (document 002).
pub const OWARE_DOCUMENT: &str = "Spelregels oware, jijbent.nl (Dutch)";
/// Wouri, in Catalan (document 004).
pub const WOURI_DOCUMENT: &str = "Wouri, \"Regles resumides del joc\" (Catalan)";

/// A shipped variant's engine, leaked so examples can borrow it freely.
pub fn rules(name: &str) -> &'static Arc<Engine> {
    Box::leak(Box::new(Engine::new(
        Rules::builtin(name).expect("a shipped variant"),
    )))
}

/// A game from a position text.
pub fn game(engine: &'static Arc<Engine>, position: &str) -> Game {
    let position = position.parse().unwrap_or_else(|e| panic!("{e}"));
    Game::from_position(engine, position).unwrap_or_else(|e| panic!("{e}"))
}

/// The game after `moves` from `position`, checking it is not over before.
pub fn after_line(rules: &'static Arc<Engine>, position: &str, moves: &[&str]) -> Game {
    let mut g = game(rules, position);
    for mv in moves {
        assert!(!g.is_over(), "the game ended before {mv}");
        let mv = Move::from_label(mv).unwrap();
        g.play(mv, &mut ()).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert!(!g.is_over(), "the game ended during the line");
    g
}

/// One move of a document's example: the game before and after, and every step.
pub struct Example {
    pub before: Game,
    pub after: Game,
    pub mv: Move,
    pub events: Vec<Event>,
    pub effect: MoveEffect,
}

impl Example {
    /// Plays `mv` from `position`.
    pub fn play(rules: &'static Arc<Engine>, position: &str, mv: &str) -> Example {
        Example::play_in(game(rules, position), mv)
    }

    /// Plays `mv` in `before`.
    pub fn play_in(before: Game, mv: &str) -> Example {
        let mv = Move::from_label(mv).unwrap();
        let mut after = before.clone();
        let mut events = Vec::new();
        let effect = after
            .play(mv, &mut events)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
        Example {
            before,
            after,
            mv,
            events,
            effect,
        }
    }

    /// The houses that received a seed, in order, as labels.
    pub fn drops(&self) -> String {
        let layout = self.after.position().layout();
        self.events
            .iter()
            .filter_map(|e| match e {
                Event::Drop { house, .. } => Some(layout.label(*house)),
                _ => None,
            })
            .collect()
    }

    /// The captures, in order, as (label, seeds).
    pub fn captures(&self) -> Vec<(char, u8)> {
        // The documents' boards have two rows: a letter a house.
        let layout = self.after.position().layout();
        let letter = |house: usize| layout.label(house).to_string().remove(0);
        self.events
            .iter()
            .filter_map(|e| match e {
                Event::Capture { house, seeds } => Some((letter(*house), *seeds)),
                _ => None,
            })
            .collect()
    }

    /// The move as `sow explain` shows it.
    pub fn render(&self) -> String {
        let layout = self.after.position().layout();
        let mut out = String::new();
        let _ = writeln!(out, "Before ({}):", self.before.position());
        out.push_str(&draw(self.before.position()));
        let _ = writeln!(out, "{}\n", status(&self.before));
        let mark = if self.effect.captured > 0 {
            format!("x{}", self.effect.captured)
        } else {
            String::new()
        };
        let _ = writeln!(out, "Move: {}{mark}", self.mv);
        out.push_str(&steps(&self.events, layout));
        let _ = writeln!(out, "\nAfter ({}):", self.after.position());
        out.push_str(&draw(self.after.position()));
        let _ = writeln!(out, "{}", status(&self.after));
        out
    }
}

/// The legal moves and the verdict on every other house, as `sow moves` shows them.
pub fn render_moves(game: &Game) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Position ({}):", game.position());
    out.push_str(&draw(game.position()));
    let _ = writeln!(out, "{}", status(game));
    let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    let _ = writeln!(out, "legal: {}", legal.join(" "));
    for (mv, verdict) in game.engine().verdicts(game.position()) {
        if verdict != sow::Verdict::Legal {
            let _ = writeln!(out, "  {mv}: {}", verdict.describe());
        }
    }
    out
}

/// The legal moves as labels.
pub fn legal(game: &Game) -> String {
    game.legal_moves().iter().map(|m| m.label()).collect()
}

/// Snapshots `body` under `name`, headed by the document, its section and
/// the facts the test asserts; the description names the seed file(s).
pub fn snapshot(name: &str, documents: &str, section: &str, facts: &[&str], body: &str) {
    let mut text = format!("Document: {documents}\nSection: {section}\nFacts asserted:\n");
    for fact in facts {
        let _ = writeln!(text, "- {fact}");
    }
    text.push('\n');
    text.push_str(body);
    insta::with_settings!({
        description => format!("{documents} — {section}"),
        omit_expression => true,
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(name, text);
    });
}
