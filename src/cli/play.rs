//! `sow play`: a game at the terminal between people and computer players,
//! saved however it stops.

use super::replay::GameAt;
use super::*;
use std::sync::Arc;

/// One side of a game at the terminal.
enum Seat {
    Human,
    Computer(Box<dyn Player>),
}

const PLAY_HELP: &str = "Type a house label to play it (A-F for South, a-f for North), or:
  moves     list the legal moves and why the others are excluded
  board     draw the board again
  last      show the last move step by step, whoever made it
  rules     show the variant's rule sheet
  position  print the position in notation, as --from reads it
  hint      ask the alpha-beta player for a move and its evaluation
  undo      take back your last move (and the replies after it), saying which
  help      show this text
  quit      stop, and save the record";

/// The game so far as a record, kept up to date move by move (never rebuilt)
/// so that an interrupt can save it; `None` once it has been saved.
type SavedRecord = Arc<Mutex<Option<Record>>>;

/// Which board the players of `sow play` see.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SeatArg {
    /// South's seat: South's row at the bottom, `A B C D E F`.
    South,
    /// North's seat: North's row at the bottom, `a b c d e f`.
    North,
}

/// What `sow play` was asked to do, as parsed.
pub(super) struct PlayOptions<'a> {
    /// Who plays each seat, where given (`--south`, `--north`).
    pub(super) seats: [Option<&'a str>; 2],
    pub(super) from: Option<&'a str>,
    pub(super) seed: u64,
    pub(super) record: Option<PathBuf>,
    pub(super) resume: Option<PathBuf>,
    pub(super) seat: Option<SeatArg>,
    /// The endgame database `hint` reads.
    pub(super) database: Option<Arc<sow::endgame::Database>>,
}

/// A game at the terminal: the game, its record so far, and the last move's
/// steps for `last`.
struct Session<'r> {
    rules: &'r Rules,
    game: Game,
    tags: Vec<(String, String)>,
    players: Vec<Seat>,
    seat: Side,
    seed: u64,
    saved: SavedRecord,
    database: Option<Arc<sow::endgame::Database>>,
}

/// How a session's loop stopped, when it stopped early.
enum Stop {
    Quit,
    EndOfInput,
}

/// The most plies `sow play` shows before it stops a game between two
/// computer players that never ends (a variant with no ply limit).
const PLAY_PLY_CAP: usize = 1_000_000;

pub(super) fn play(engine: &Arc<Engine>, options: PlayOptions<'_>) -> Outcome {
    let rules = engine.rules();
    let (game, tags, save_to) = match &options.resume {
        Some(path) => {
            let (game, tags) = resume(engine, path)?;
            let save_to = options.record.clone().unwrap_or_else(|| path.clone());
            (game, tags, Some(save_to))
        }
        None => {
            let game = match options.from {
                Some(_) => start(engine, options.from)?,
                // A start dealt at random, where the variant says so, from
                // the seed.
                None => Game::from_position(engine, rules.start_drawn(&mut Rng::new(options.seed)))
                    .map_err(|e| Failure::Input(e.to_string()))?,
            };
            (game, Vec::new(), options.record.clone())
        }
    };
    // Before the first move: a record that could not be kept is refused now,
    // not after the game.
    if let Some(path) = &save_to {
        check_appendable(path).map_err(|e| {
            Failure::Input(format!(
                "{}: cannot keep the record there: {e}",
                shown_path(path)
            ))
        })?;
    }
    // Resumed, a seat not given goes to the player the record names.
    let recorded = |tag: &str| {
        tags.iter()
            .find(|(name, _)| name == tag)
            .map(|(_, value)| value.as_str())
    };
    let mut names = [String::new(), String::new()];
    let mut players: Vec<Seat> = Vec::new();
    for (i, (given, tag, default)) in [
        (options.seats[0], "South", "human"),
        (options.seats[1], "North", "random"),
    ]
    .into_iter()
    .enumerate()
    {
        let spec = given.or_else(|| recorded(tag)).unwrap_or(default);
        if spec == "human" {
            names[i] = "human".into();
            players.push(Seat::Human);
        } else {
            let parsed: PlayerSpec = spec.parse().map_err(|e| match given {
                Some(_) => Failure::Input(e),
                None => Failure::Input(format!(
                    "the record's [{tag} \"{spec}\"] is not a player sow knows: {e}; give --{} to choose one",
                    tag.to_lowercase()
                )),
            })?;
            parsed.open_database(rules)?;
            // The full name (`alphabeta:6:rows`), so a resumed game gets
            // the same player back.
            names[i] = parsed.to_string();
            players.push(Seat::Computer(
                parsed.build(options.seed.wrapping_add(i as u64)),
            ));
        }
    }
    let tags = if options.resume.is_some() {
        // The record's tags stay as they were, its players' names included.
        tags
    } else {
        vec![
            ("Variant".to_string(), rules.meta.name.clone()),
            ("South".to_string(), names[0].clone()),
            ("North".to_string(), names[1].clone()),
            ("Date".to_string(), today()),
        ]
    };
    // The seed the computer players draw from, so the game can be played
    // again: resumed, the seed of this session's players.
    let mut tags = tags;
    if players.iter().any(|p| matches!(p, Seat::Computer(_))) {
        let seed = options.seed.to_string();
        match tags.iter_mut().find(|(name, _)| name == "Seed") {
            Some(slot) => slot.1 = seed,
            None => tags.push(("Seed".to_string(), seed)),
        }
    }
    let human = |i: usize| matches!(players[i], Seat::Human);
    // A human alone at North sits at North; `--seat` overrides.
    let seat = match options.seat {
        Some(SeatArg::South) => Side::South,
        Some(SeatArg::North) => Side::North,
        None if human(1) && !human(0) => Side::North,
        None => Side::South,
    };
    let tag_refs: Vec<(&str, String)> = tags.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
    let first = record_of(&game, &tag_refs);
    // Resumed, the game is saved again only once it has a new move: the
    // file already holds it as it was.
    let unchanged = options.resume.as_ref().map(|_| first.moves.len());
    let grown = move |record: &Record| unchanged.is_none_or(|moves| record.moves.len() > moves);
    let saved: SavedRecord = Arc::new(Mutex::new(Some(first)));
    {
        let saved = Arc::clone(&saved);
        let save_to = save_to.clone();
        // On Ctrl-C, the game so far is saved before the process ends.
        let _ = ctrlc::set_handler(move || {
            let record = saved.lock().ok().and_then(|mut r| r.take());
            if let Some(record) = record.filter(grown)
                && let Err(Failure::Input(message)) = deliver_record(save_to.as_deref(), &record)
            {
                eprintln!("error: {message}");
            }
            std::process::exit(130);
        });
    }
    let mut session = Session {
        rules,
        game,
        tags,
        players,
        seat,
        seed: options.seed,
        saved,
        database: options.database.clone(),
    };
    let outcome = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| session.run())) {
        Ok(outcome) => outcome,
        Err(panic) => {
            // A fault of sow's own (the panic's message is printed already):
            // the moves recorded so far are saved before the process ends.
            let record = session
                .saved
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take();
            if let Some(record) = record.filter(grown) {
                let moves = record.moves.len();
                match deliver_record(save_to.as_deref(), &record) {
                    Ok(()) => eprintln!(
                        "sow stopped on a fault of its own; the game so far ({}) is saved{}",
                        counted(moves as u64, "move"),
                        save_to
                            .as_deref()
                            .map_or(String::new(), |path| format!(" to {}", path.display()))
                    ),
                    Err(Failure::Input(message) | Failure::Rule(message)) => {
                        eprintln!("error: {message}")
                    }
                    Err(_) => {}
                }
            }
            std::panic::resume_unwind(panic)
        }
    };
    // Whatever stopped the game, the record is saved. The lock is held while
    // saving, so a Ctrl-C now waits, finds the record saved, and only exits.
    let tags: Vec<(&str, String)> = session
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.clone()))
        .collect();
    let saving = match session.saved.lock() {
        Ok(mut slot) => match slot.take() {
            Some(_) => {
                let record = record_of(&session.game, &tags);
                if grown(&record) {
                    deliver_record(save_to.as_deref(), &record)
                } else {
                    eprintln!("no new move: nothing added to the record");
                    Ok(())
                }
            }
            None => Ok(()),
        },
        Err(_) => Ok(()),
    };
    outcome.and(saving)
}

/// The rules the last game of the record at `path` is played under, as
/// its [Variant] tag names them: `sow play --resume FILE` without a
/// variant.
pub(super) fn recorded_engine(path: &std::path::Path) -> Result<Arc<Engine>, Failure> {
    let (origin, number, record) = last_game(path)?;
    let at = GameAt {
        origin: &origin,
        number,
    };
    match record.tag("Variant") {
        Some(_) => sow::record::VariantChoice::new(None)
            .engine_for(&record)
            .cloned()
            .map_err(|e| {
                Failure::Input(at.say(
                    None,
                    format!("{e}; or name the variant: `sow play VARIANT --resume FILE`"),
                ))
            }),
        None => Err(Failure::Input(at.say(
            None,
            "the record has no [Variant] tag: name the variant, `sow play VARIANT --resume FILE`",
        ))),
    }
}

/// The last game of the record file at `path`, its number in the file,
/// and the name the file goes by in messages.
fn last_game(path: &std::path::Path) -> Result<(String, usize, sow::record::Record), Failure> {
    let origin = path.display().to_string();
    let text = read_record_file(path).map_err(|e| Failure::Input(e.to_string()))?;
    let mut records = parse_records(&text, &origin).map_err(|e| Failure::Input(e.to_string()))?;
    let number = records.len();
    let record = records.pop().ok_or_else(|| {
        Failure::Input(format!("{}: no game to resume", escape_controls(&origin)))
    })?;
    Ok((origin, number, record))
}

/// The last game of the record at `path`, replayed: the game (its history
/// holds the moves) and its tags.
fn resume(
    engine: &Arc<Engine>,
    path: &std::path::Path,
) -> Result<(Game, Vec<(String, String)>), Failure> {
    let rules = engine.rules();
    let (origin, number, record) = last_game(path)?;
    let at = GameAt {
        origin: &origin,
        number,
    };
    if let Some(name) = record.tag("Variant") {
        // A tag names a shipped variant, never a file to read.
        let recorded_name = Rules::builtin(name).map_or(name.to_string(), |r| r.meta.name);
        if recorded_name != rules.meta.name {
            return Err(Failure::Input(at.say(
                None,
                format!(
                    "the game is {}, not {} (leave the variant out: `sow play --resume FILE` plays on under the record's)",
                    sow::diagnostic::excerpt(&recorded_name),
                    rules.meta.name
                ),
            )));
        }
    }
    let replay = record.replay(engine).map_err(|e| {
        let message = at.say(e.location(), &e);
        if e.is_rule_error() {
            Failure::Rule(message)
        } else {
            Failure::Input(message)
        }
    })?;
    if let Some(outcome) = replay.game.outcome() {
        return Err(Failure::Input(at.say(
            None,
            format!(
                "the game is over ({}), nothing to resume",
                outcome.result_token()
            ),
        )));
    }
    let tags = record
        .tags
        .iter()
        .filter(|(name, _)| name != "Result")
        .cloned()
        .collect();
    Ok((replay.game, tags))
}

impl Session<'_> {
    fn board(&self, out: &mut impl Write) -> Outcome {
        write!(out, "{}", draw_from(self.game.position(), self.seat))?;
        if let Some(line) = sow::diagram::match_line(&self.game) {
            writeln!(out, "{line}")?;
        }
        writeln!(out, "{}", status(&self.game))?;
        Ok(())
    }

    /// Plays until the game ends or the input stops.
    fn run(&mut self) -> Outcome {
        // Not locked for the whole game: the Ctrl-C handler prints the record
        // through standard output while this thread waits for input.
        let mut out = io::stdout();
        let stdin = io::stdin();
        let mut input = stdin.lock();
        writeln!(out, "{} — type `help` for commands.", self.rules.meta.name)?;
        if self.game.plies() > 0 {
            writeln!(
                out,
                "Resumed after {}.",
                counted(self.game.plies() as u64, "move")
            )?;
        }
        self.board(&mut out)?;
        let mut stop = None;
        while !self.game.is_over() && self.game.plies() < PLAY_PLY_CAP {
            let side = self.game.position().to_move();
            let mv = match &mut self.players[side.index()] {
                Seat::Computer(player) => player.choose(&self.game),
                Seat::Human => {
                    write!(out, "{side}> ")?;
                    out.flush()?;
                    let line = read_line(&mut input, MAX_LINE_BYTES)
                        .map_err(|e| Failure::Input(format!("<stdin>: {e}")))?;
                    let command = match line {
                        Line::Text(text) => text,
                        Line::End => {
                            writeln!(out)?;
                            stop = Some(Stop::EndOfInput);
                            break;
                        }
                        Line::NotText => {
                            writeln!(out, "that line is not UTF-8 text; ignored.")?;
                            continue;
                        }
                        Line::TooLong => {
                            return Err(Failure::Input(format!(
                                "<stdin>: a line longer than {MAX_LINE_BYTES} bytes is not a move or a command; stopping"
                            )));
                        }
                    };
                    match self.command(&mut out, command.trim())? {
                        Some(Ok(mv)) => mv,
                        Some(Err(s)) => {
                            stop = Some(s);
                            break;
                        }
                        None => continue,
                    }
                }
            };
            // A fault injected by the tests (debug builds only): the game
            // must still be saved (tests/play.rs).
            #[cfg(debug_assertions)]
            if sow::bench::injected_fault("SOW_TEST_PANIC_AT_PLY", self.game.plies() as u64) {
                panic!("SOW_TEST_PANIC_AT_PLY: a fault injected for a test");
            }
            let before = self.game.position().clone();
            let mut events: Vec<Event> = Vec::new();
            let effect = self
                .game
                .play(mv, &mut events)
                .map_err(|e| Failure::Rule(e.to_string()))?;
            if let Ok(mut slot) = self.saved.lock()
                && let Some(record) = slot.as_mut()
            {
                record.moves.push(RecordedMove {
                    mover: Some(before.to_move()),
                    captured: (effect.captured > 0).then_some(effect.captured as u32),
                    ..RecordedMove::new(mv)
                });
            }
            let line = summarise(&before, mv, &events);
            writeln!(out, "{line}")?;
            self.board(&mut out)?;
        }
        if let Some(Stop::Quit) = stop {
            writeln!(
                out,
                "Stopped after {}.",
                counted(self.game.plies() as u64, "move")
            )?;
        }
        Ok(())
    }

    /// Carries out a typed command: `Some(Ok(move))` to play, `Some(Err)`
    /// to stop, `None` when the command is done and the turn goes on.
    fn command(
        &mut self,
        out: &mut impl Write,
        command: &str,
    ) -> Result<Option<Result<Move, Stop>>, Failure> {
        match command {
            "" => {}
            "quit" | "exit" | "q" => return Ok(Some(Err(Stop::Quit))),
            "help" | "?" => writeln!(out, "{PLAY_HELP}")?,
            "board" => self.board(out)?,
            "moves" => {
                for (mv, verdict) in self.game.engine().verdicts(self.game.position()) {
                    match verdict {
                        Verdict::Legal => writeln!(out, "  {mv}: legal")?,
                        other => writeln!(out, "  {mv}: {}", other.describe())?,
                    }
                }
            }
            "last" => match last_move(&self.game) {
                Some((line, steps)) => write!(out, "{line}\n{steps}")?,
                None => writeln!(out, "no move to show yet")?,
            },
            "rules" => write!(out, "{}", rule_sheet(self.rules))?,
            "position" => {
                let position = self.game.position();
                writeln!(out, "{position}")?;
                writeln!(
                    out,
                    "(to start from it: sow moves {} --from \"{position}\"; solve, explain and play take --from too)",
                    self.rules.meta.name
                )?;
            }
            "hint" => {
                let mut player = sow::players::hint_player(self.seed);
                if let Some(db) = &self.database {
                    player = player.with_database(Arc::clone(db));
                }
                match player.analyse(&self.game) {
                    Some(analysis) => writeln!(
                        out,
                        "hint: {} (alpha-beta, depth {}: {} for {})",
                        analysis.mv,
                        analysis.depth,
                        analysis.describe(),
                        self.game.position().to_move()
                    )?,
                    None => writeln!(out, "no hint: the game is over")?,
                }
            }
            "undo" => {
                let taken = self.undo_to_human();
                if taken.is_empty() {
                    writeln!(out, "nothing to undo")?;
                } else {
                    let moves: Vec<String> = taken
                        .iter()
                        .map(|mv| match mv.store_seeds() {
                            // A store move names no side: its mover's store.
                            Some(_) => mv.to_string(),
                            None => format!("{} {mv}", mv.side()),
                        })
                        .collect();
                    writeln!(
                        out,
                        "took back {}: {}",
                        counted(moves.len() as u64, "move"),
                        moves.join(", ")
                    )?;
                    self.board(out)?;
                }
            }
            _ => match parse_move(command) {
                Ok((mv, claimed)) => {
                    match self.game.engine().check_move(self.game.position(), mv) {
                        // A capture mark (`Cx2`) is checked on a copy of the game.
                        Ok(()) => match claimed.map(|_| {
                            let mut trial = self.game.clone();
                            let effect = trial.play(mv, &mut ()).expect("a legal move");
                            check_capture_mark(mv, claimed, effect.captured as u32)
                        }) {
                            Some(Err(reason)) => writeln!(out, "illegal: {reason}. Try again.")?,
                            _ => return Ok(Some(Ok(mv))),
                        },
                        Err(error) => writeln!(
                            out,
                            "illegal: {error}. Try again (`moves` lists the legal ones)."
                        )?,
                    }
                }
                Err(_) => writeln!(
                    out,
                    "`{}` is not a move or a command; type `help`.",
                    excerpt(command)
                )?,
            },
        }
        Ok(None)
    }

    /// Takes back moves until it is a human's turn again, having undone at
    /// least one human move, and drops them from the saved record. Returns
    /// the moves taken back, the last played first.
    fn undo_to_human(&mut self) -> Vec<Move> {
        let players = &self.players;
        let taken = self
            .game
            .undo_turn(|side| matches!(players[side.index()], Seat::Human));
        if let Ok(mut slot) = self.saved.lock()
            && let Some(record) = slot.as_mut()
        {
            record.moves.truncate(self.game.plies());
        }
        taken
    }
}

/// Appends the record to `path` as one more game, or prints it when there
/// is no path. When the file cannot be written (a full disk, a file removed
/// during the game), the record is printed instead and the error says so:
/// a game is never lost.
fn deliver_record(path: Option<&std::path::Path>, record: &Record) -> Outcome {
    let print = || -> Outcome {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        if stdout.is_terminal() {
            // A resumed game keeps its tags, which may hold anything but a
            // line break: on a terminal they are shown escaped. Redirected,
            // the record is kept as it is.
            writeln!(out)?;
            for line in record.to_string().lines() {
                writeln!(out, "{}", escape_controls(line))?;
            }
        } else {
            writeln!(out, "\n{record}")?;
        }
        Ok(out.flush()?)
    };
    let Some(path) = path else {
        return print();
    };
    match append_record(path, record) {
        Ok(()) => {
            eprintln!("record added to {}", shown_path(path));
            Ok(())
        }
        Err(error) => {
            print()?;
            Err(Failure::Input(format!(
                "{}: cannot write the record: {error}; it is printed above, on standard output, so the game is not lost",
                shown_path(path)
            )))
        }
    }
}

/// Today's date as `YYYY.MM.DD` (UTC), the PGN form.
pub(crate) fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    format!("{year:04}.{month:02}.{day:02}")
}
