//! `sow replay`: records read game by game, replayed and shown as boards or
//! JSON Lines.

use super::*;
use sow::word::Kind;

#[derive(Serialize)]
struct JsonPly {
    #[serde(rename = "move")]
    mv: String,
    /// The position after the move in the notation (`sow moves --from`
    /// reads it): on a ply that ends a round, the next round's start.
    position: String,
    board: Vec<u8>,
    /// On three and four rows: the seeds row by row, from South's back row
    /// (the bottom) up to North's (the top), each from South's left.
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<Vec<Vec<u8>>>,
    /// Each player's store: what they hold in hand or have captured.
    stores: [u8; 2],
    to_move: Option<&'static str>,
    over: bool,
    /// The variant's per-house layers, each by its word: one mark a house
    /// (`children`, `blocked`, `played`, `owner`).
    #[serde(flatten)]
    layers: std::collections::BTreeMap<&'static str, String>,
    /// The variant's state words, each by its name ([`json_words`]).
    #[serde(flatten)]
    words: std::collections::BTreeMap<&'static str, serde_json::Value>,
    /// In a match of rounds: the round the move was played in, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    round: Option<usize>,
    /// In a match played to a goal: each player's tally after the move,
    /// `[south, north]` (rounds won, points or seeds, as the variant's
    /// `[rounds]` counts them).
    #[serde(skip_serializing_if = "Option::is_none")]
    tally: Option<[u16; 2]>,
    /// On a ply that ends a round of a match: true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    round_over: bool,
    /// On a ply that ends a round: the position that starts the next.
    #[serde(skip_serializing_if = "Option::is_none")]
    next_round: Option<JsonRound>,
}

/// The start of a round, in `replay --json`.
#[derive(Serialize)]
struct JsonRound {
    board: Vec<u8>,
    stores: [u8; 2],
    to_move: &'static str,
    #[serde(flatten)]
    layers: std::collections::BTreeMap<&'static str, String>,
}

#[derive(Serialize)]
struct JsonGame<'a> {
    variant: &'a str,
    plies: Vec<JsonPly>,
    result: &'a str,
    reason: Option<String>,
    /// The final score, `[south, north]`, as the variant counts it (seeds
    /// left in place included where the ending credits them); null for an
    /// unfinished game.
    score: Option<[u32; 2]>,
}

/// The state words `rules` keeps, as `replay --json` writes them beside
/// the board: a flag as true or false, a count as a number, and a player,
/// a house or the ways as their text in positions (`"S"`, `"a"`, `"><"`),
/// or null while the word holds none.
fn json_words(
    rules: &Rules,
    position: &Position,
) -> std::collections::BTreeMap<&'static str, serde_json::Value> {
    rules
        .words()
        .map(|word| {
            let code = position.code(word);
            let value = match word.kind() {
                Kind::Flag => serde_json::Value::Bool(code != 0),
                Kind::Count => code.into(),
                Kind::Player | Kind::House | Kind::Ways | Kind::OwnWays => word
                    .value_text(code, position.layout())
                    .map_or(serde_json::Value::Null, serde_json::Value::String),
            };
            (word.name(), value)
        })
        .collect()
}

pub(super) fn replay(
    out: &mut impl Write,
    file: Option<PathBuf>,
    json: bool,
    keep_going: bool,
    variant: Option<&str>,
) -> Outcome {
    // The variant first: a wrong name fails before a pipe is read.
    let choice = VariantChoice::new(variant.map(load_engine).transpose()?);
    let read = |origin: &str, reader: &mut dyn io::Read| {
        read_record_text(reader, origin).map_err(|e| Failure::Input(e.to_string()))
    };
    let (origin, text) = match file.as_deref() {
        Some(path) if path.as_os_str() != "-" => (
            path.display().to_string(),
            read_record_file(path).map_err(|e| Failure::Input(e.to_string()))?,
        ),
        _ => {
            if io::stdin().is_terminal() {
                eprintln!(
                    "reading game records from standard input; type or paste them, then Ctrl-D (Ctrl-Z, Enter on Windows)"
                );
            }
            (
                "<stdin>".to_string(),
                read("<stdin>", &mut io::stdin().lock())?,
            )
        }
    };
    // Game by game as each is read: a long record is never held whole, and
    // the games before a syntax error are replayed before it is reported.
    let mut bad: Vec<Failure> = Vec::new();
    let mut games = 0;
    for (index, record) in records(&text, &origin).enumerate() {
        let record = record.map_err(|e| Failure::Input(e.to_string()))?;
        games += 1;
        let game = GameAt {
            origin: &origin,
            number: index + 1,
        };
        match replay_one(out, &record, json, &choice, &game) {
            Ok(()) => {}
            Err(Failure::BrokenPipe) => return Err(Failure::BrokenPipe),
            Err(failure) if keep_going => bad.push(failure),
            Err(failure) => return Err(failure),
        }
    }
    if bad.is_empty() {
        return Ok(());
    }
    let code = bad.iter().map(Failure::exit_code).max().unwrap_or(1);
    let message = bad
        .iter()
        .map(|f| match f {
            Failure::Rule(m) | Failure::Input(m) => m.clone(),
            Failure::BrokenPipe | Failure::Interrupted => String::new(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let summary = format!("{message}\n{} of {games} games failed", bad.len());
    Err(if code == 2 {
        Failure::Input(summary)
    } else {
        Failure::Rule(summary)
    })
}

/// Which game of which file, for messages.
pub(crate) struct GameAt<'a> {
    pub(crate) origin: &'a str,
    pub(crate) number: usize,
}

impl GameAt<'_> {
    /// `file:line:column: game N: message` when the fault is at a place,
    /// like parse errors; `file: game N: message` otherwise.
    pub(crate) fn say(&self, at: Option<(usize, usize)>, message: impl fmt::Display) -> String {
        let GameAt { origin, number } = self;
        let origin = escape_controls(origin);
        match at {
            Some((line, column)) => format!("{origin}:{line}:{column}: game {number}: {message}"),
            None => format!("{origin}: game {number}: {message}"),
        }
    }
}

fn replay_one(
    out: &mut impl Write,
    record: &Record,
    json: bool,
    choice: &VariantChoice,
    game_at: &GameAt<'_>,
) -> Outcome {
    let engine = choice
        .engine_for(record)
        .map_err(|e| Failure::Input(game_at.say(None, e)))?;
    let rules = engine.rules();
    let replay = record.replay(engine).map_err(|e| {
        let message = game_at.say(e.location(), &e);
        if e.is_rule_error() {
            Failure::Rule(message)
        } else {
            Failure::Input(message)
        }
    })?;
    let result = replay.result(record);
    // The round each ply was played in, and the match's tally after it.
    let rounds = rules.rounds.as_ref();
    let mut round = 1;
    let round_of: Vec<Option<usize>> = replay
        .plies
        .iter()
        .map(|ply| {
            let this = round;
            round += usize::from(ply.round_end.is_some());
            rounds.map(|_| this)
        })
        .collect();
    let tally_of = |i: usize| -> Option<[u16; 2]> {
        rounds?.match_to?;
        replay.game.history().get(i).map(|ply| ply.tally)
    };
    if json {
        let game = JsonGame {
            variant: &rules.meta.name,
            plies: replay
                .plies
                .iter()
                .enumerate()
                .map(|(i, ply)| {
                    let layers = |position: &Position| {
                        rules
                            .layers()
                            .map(|layer| (layer.word(), position.layer_marks(layer)))
                            .collect()
                    };
                    // A ply that ends a round shows the board as the round
                    // ended; the next round's start comes beside it.
                    let shown = ply.round_end.as_ref().unwrap_or(&ply.position);
                    JsonPly {
                        mv: ply.mv.to_string(),
                        position: ply.position.to_string(),
                        board: shown.houses().to_vec(),
                        rows: (!shown.layout().single_row()).then(|| shown.rows_from_bottom()),
                        stores: shown.stores(),
                        to_move: ply.to_move().map(Side::name),
                        over: ply.over,
                        layers: layers(shown),
                        words: json_words(rules, shown),
                        round: round_of[i],
                        tally: tally_of(i),
                        round_over: ply.round_end.is_some(),
                        next_round: ply.round_end.as_ref().map(|_| JsonRound {
                            board: ply.position.houses().to_vec(),
                            stores: ply.position.stores(),
                            to_move: ply.position.to_move().name(),
                            layers: layers(&ply.position),
                        }),
                    }
                })
                .collect(),
            result,
            reason: replay.game.outcome().map(|o| o.reason.name()),
            score: replay.game.outcome().map(|o| o.score),
        };
        let line = serde_json::to_string(&game).map_err(|e| Failure::Input(e.to_string()))?;
        writeln!(out, "{line}")?;
        return Ok(());
    }
    for (name, value) in &record.tags {
        writeln!(out, "[{name} \"{}\"]", escape_controls(value))?;
    }
    write!(out, "{}", draw(&replay.start))?;
    let sides: Vec<Side> = replay.plies.iter().map(|p| p.mover).collect();
    writeln!(out, "  Position: {}", replay.start)?;
    let numbers = full_move_numbers(&sides);
    for (i, (ply, (number, _))) in replay.plies.iter().zip(numbers).enumerate() {
        let mark = if ply.effect.captured > 0 {
            format!("x{}", ply.effect.captured)
        } else {
            String::new()
        };
        // Each ply stands alone under its board: `13. Ax2`, then `13... fx6`.
        let dots = move_number_dots(ply.mover);
        writeln!(out, "\n{number}{dots} {}{mark}", ply.mv)?;
        if ply.round_end.is_some()
            && let Some(ended) = round_of[i]
        {
            let tally = rounds
                .and_then(|r| r.match_to)
                .zip(tally_of(i))
                .map_or(String::new(), |(to, tally)| {
                    format!("; {}", to.tally_words(tally))
                });
            writeln!(
                out,
                "Round {ended} is over{tally}. Round {} starts:",
                ended + 1
            )?;
        }
        write!(out, "{}", draw(&ply.position))?;
        writeln!(out, "  Position: {}", ply.position)?;
    }
    if let Some(line) = sow::diagram::match_line(&replay.game) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{}  {result}\n", status(&replay.game))?;
    Ok(())
}
