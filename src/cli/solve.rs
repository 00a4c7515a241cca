//! `sow solve`: prints what [`sow::solve`] finds, with a progress bar on
//! standard error, and stops cleanly on Ctrl-C.

use std::cell::{Cell, RefCell};
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::*;
use sow::solve::{self, Bounds, Options, Progress as SolveProgress, Solution, Verdict, atlas};

/// `sow solve`'s arguments.
#[derive(clap::Args, Debug)]
pub(super) struct SolveArgs {
    /// A shipped variant's name or alias, or a path to a .toml file (with
    /// --atlas it may be left out: the atlas then covers every shipped
    /// variant).
    #[arg(required_unless_present = "atlas")]
    variant: Option<String>,
    #[arg(long, value_name = "POSITION", conflicts_with_all = ["houses", "seeds"], help = super::FROM_HELP)]
    from: Option<String>,
    /// The memory to use in MiB, 1 to 65536: the most the transposition
    /// table grows to as it fills (default 3072), or with --build-db the
    /// build's limit (default 3584).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=65536))]
    memory: Option<u64>,
    /// Build the endgame database of every position with up to SEEDS seeds
    /// on the board (1 to 100) into --db, then stop; layers already there
    /// are read, not built again.
    #[arg(long, value_name = "SEEDS", requires = "db", conflicts_with_all = ["from", "houses"],
          value_parser = clap::value_parser!(u32).range(1..=100))]
    build_db: Option<u32>,
    /// The endgame database's directory: read while solving (its proven
    /// values are taken as exact), or written with --build-db.
    #[arg(long, value_name = "DIR", conflicts_with = "houses")]
    db: Option<PathBuf>,
    /// Solve the variant on boards of these many houses a side (e.g.
    /// `2..5`), and print a table of values; with --seeds.
    #[arg(long, value_name = "A..B", value_parser = size_range, requires = "seeds")]
    houses: Option<RangeInclusive<usize>>,
    /// Seeds per house at the start for the table (e.g. `1..4`); with
    /// --houses.
    #[arg(long, value_name = "A..B", value_parser = size_range, requires = "houses")]
    seeds: Option<RangeInclusive<usize>>,
    /// Prove the position's value and one best move only: the other moves
    /// keep the bounds that proof gives (far faster than every move's
    /// exact value).
    #[arg(long, conflicts_with_all = ["build_db", "houses"])]
    best: bool,
    /// Stop after this many seconds (1 to 86400) and print what is proven
    /// by then, as Ctrl-C does, but exit 0: the value's bounds, and every
    /// move's.
    #[arg(long, value_name = "SECONDS", conflicts_with = "build_db",
          value_parser = clap::value_parser!(u64).range(1..=86400))]
    time: Option<u64>,
    /// The fairness atlas: every shipped variant (or the one named) solved
    /// from the start on boards of 2 to 4 houses a row and 1 to 3 seeds a
    /// house (or its own board, where it allows none of them), within
    /// --budget nodes a board: a Markdown table of each board's value for
    /// the first player and a best first move.
    #[arg(long, conflicts_with_all = ["from", "build_db", "db", "houses", "best"])]
    atlas: bool,
    /// The nodes each board of the atlas may take, 1000 to 10^12 (default
    /// 2000000); a board not solved by then shows the bounds proven.
    #[arg(long, value_name = "NODES", requires = "atlas",
          value_parser = clap::value_parser!(u64).range(1000..=1_000_000_000_000))]
    budget: Option<u64>,
    /// The seconds each board of the atlas may take, 1 to 86400 (default
    /// 10): a board of a variant whose relays run long costs milliseconds
    /// a node.
    #[arg(long, value_name = "SECONDS", requires = "atlas",
          value_parser = clap::value_parser!(u64).range(1..=86400))]
    board_seconds: Option<u64>,
    /// Threads, 0 (all cores, the default) to 256: they search at once,
    /// sharing the table, and the values do not depend on how many (with
    /// --atlas, the variants solved at once, one thread each).
    #[arg(long, value_name = "THREADS", conflicts_with = "build_db", value_parser = super::threads())]
    threads: Option<usize>,
    /// Print JSON: one object with the value, the result and every move's
    /// value (with --houses, one object a board size, JSON Lines; with
    /// --atlas, one object a variant).
    #[arg(long)]
    json: bool,
}

/// `A..B` (both included) or a single number, from 1 to 99.
fn size_range(text: &str) -> Result<RangeInclusive<usize>, String> {
    let number = |t: &str| -> Result<usize, String> {
        match t.trim().parse::<usize>() {
            Ok(n) if (1..=99).contains(&n) => Ok(n),
            _ => Err(format!("`{t}` is not a number from 1 to 99")),
        }
    };
    let (low, high) = match text.split_once("..") {
        Some((low, high)) => (number(low)?, number(high.trim_start_matches('='))?),
        None => (number(text)?, number(text)?),
    };
    if low > high {
        return Err(format!("`{text}`: the first number is above the second"));
    }
    Ok(low..=high)
}

/// A move's value in JSON.
#[derive(Serialize)]
struct JsonMove {
    #[serde(rename = "move")]
    mv: String,
    /// Exact once solved, else null.
    value: Option<i32>,
    lower: i32,
    upper: i32,
}

/// `sow solve --json`.
#[derive(Serialize)]
struct JsonSolution<'a> {
    variant: &'a str,
    position: String,
    /// Exact once solved, else null (see `lower`/`upper`).
    value: Option<i32>,
    result: Option<Verdict>,
    lower: i32,
    upper: i32,
    moves: Vec<JsonMove>,
    nodes: u64,
    seconds: f64,
    stopped: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    houses: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seeds: Option<usize>,
}

/// The progress bar: a spinner with the nodes searched and the bounds
/// proven on the move being solved. Where stderr is no terminal (a log, a
/// pipe), a line of the same every [`LINE_EVERY_SECONDS`] of a search
/// instead, so a long solve is never silent.
struct Spinner {
    bar: Option<indicatif::ProgressBar>,
    /// The board being solved, in a fairness table.
    board: RefCell<String>,
    /// Without a terminal: the search's second of the last line written.
    last_line: Cell<Option<f64>>,
    /// Whether the word on the repetition rule's histories has been said.
    said_histories: Cell<bool>,
}

/// How long a search goes on before the word on its histories is said.
const NOTE_AFTER_SECONDS: f64 = 5.0;

/// How often a solve writes a progress line where stderr is no terminal.
const LINE_EVERY_SECONDS: f64 = 10.0;

impl Spinner {
    fn new() -> Spinner {
        Spinner {
            bar: io::stderr().is_terminal().then(|| {
                let bar = indicatif::ProgressBar::new_spinner();
                bar.enable_steady_tick(Duration::from_millis(200));
                bar
            }),
            board: RefCell::new(String::new()),
            last_line: Cell::new(None),
            said_histories: Cell::new(false),
        }
    }

    /// Names the board the next searches solve (`3 houses of 2 seeds`).
    fn set_board(&self, board: String) {
        *self.board.borrow_mut() = board;
        self.last_line.set(None);
    }

    fn show(&self, progress: &SolveProgress) {
        // Said once a search has gone on for a while: a search that ends
        // sooner needs no word, whatever its histories.
        if let Some(histories) = progress.histories
            && progress.seconds >= NOTE_AFTER_SECONDS
            && !self.said_histories.replace(true)
        {
            let word = format!("sow solve: note: {}", histories_word(histories));
            match &self.bar {
                Some(bar) => bar.println(word),
                None => eprintln!("{word}"),
            }
        }
        let solving = if progress.move_number == 0 {
            progress.solving.clone()
        } else {
            format!(
                "move {}/{} ({})",
                progress.move_number, progress.moves, progress.solving
            )
        };
        let board = self.board.borrow();
        let message = format!(
            "{}{solving}: value in [{}, {}], {} nodes, {:.0} s",
            if board.is_empty() {
                String::new()
            } else {
                format!("{board}: ")
            },
            signed(progress.bounds.lower),
            signed(progress.bounds.upper),
            progress.nodes,
            progress.seconds
        );
        match &self.bar {
            Some(bar) => bar.set_message(message),
            None => {
                if line_due(self.last_line.get(), progress.seconds) {
                    eprintln!("sow solve: {message}");
                    self.last_line.set(Some(progress.seconds));
                }
            }
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Why a search whose positions repeat may not finish: what its first
/// nodes met.
fn histories_word(histories: sow::solve::Histories) -> String {
    format!(
        "a repeated position ends this variant's game, so the solver searches each position once for every \
         history since the last capture that reaches it: the first nodes met {} positions in {} states, {:.0} \
         times as many. An exact solution may not finish; `--time SECONDS` stops it with the bounds proven, \
         and a ply limit instead of the repetition rule keeps the states to the positions.",
        histories.positions,
        histories.states,
        histories.states as f64 / histories.positions.max(1) as f64
    )
}

/// Whether a progress line is due at a search's second `now`, the last
/// written at `last`: after the first [`LINE_EVERY_SECONDS`], then every
/// as many. A new search's clock starts again from 0, and so does the
/// count.
fn line_due(last: Option<f64>, now: f64) -> bool {
    match last {
        Some(last) if now >= last => now >= last + LINE_EVERY_SECONDS,
        _ => now >= LINE_EVERY_SECONDS,
    }
}

/// A value with its sign: `+8`, `-2`, and `0` for a draw.
fn signed(value: i32) -> String {
    if value == 0 {
        "0".to_string()
    } else {
        format!("{value:+}")
    }
}

fn bounds_text(bounds: Bounds) -> String {
    match bounds.exact() {
        Some(value) => signed(value),
        None => format!("[{}, {}]", signed(bounds.lower), signed(bounds.upper)),
    }
}

/// The threads `--threads` asks for: 0 (the default) for every core.
fn threads_of(args: &SolveArgs) -> usize {
    match args.threads.unwrap_or(0) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// The flag that stops a solve, set by Ctrl-C or once `time` seconds have
/// passed, and whether the time ran out.
fn stop_flags(time: Option<u64>) -> (Arc<AtomicBool>, Arc<AtomicBool>) {
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        // Ctrl-C asks the search (or the database build) to stop; it then
        // reports what it proved. A process has one handler: set it once.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed));
    }
    // The time limit asks the search to stop as Ctrl-C does; what it
    // proved by then is the answer asked for.
    let timed_out = Arc::new(AtomicBool::new(false));
    if let Some(seconds) = time {
        let (stop, timed_out) = (Arc::clone(&stop), Arc::clone(&timed_out));
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(seconds));
            timed_out.store(true, Ordering::Relaxed);
            stop.store(true, Ordering::Relaxed);
        });
    }
    (stop, timed_out)
}

/// Runs `sow solve`.
pub(super) fn solve_command(out: &mut impl Write, args: SolveArgs) -> Outcome {
    if args.atlas {
        let variants = match &args.variant {
            Some(variant) => vec![load_engine(variant)?.rules().clone()],
            None => sow::rules::builtin_rules(),
        };
        let (stop, timed_out) = stop_flags(args.time);
        return atlas_command(out, &args, &variants, &stop, &timed_out);
    }
    // The input first, so that an error is never drawn under a spinner.
    let variant = args.variant.as_deref().expect("clap requires a variant");
    let engine = load_engine(variant)?;
    let rules = engine.rules();
    solve::check_solvable(rules).map_err(|e| Failure::Rule(e.to_string()))?;
    let game = start(&engine, args.from.as_deref())?;
    let (stop, timed_out) = stop_flags(args.time);
    if let (Some(seeds), Some(dir)) = (args.build_db, &args.db) {
        let memory = args.memory.unwrap_or(super::endgame::DEFAULT_MEMORY_MIB);
        return super::endgame::build_database(out, &engine, seeds, dir, memory, args.json, &stop);
    }
    // The database is opened for the variant before the search starts.
    let database = match &args.db {
        Some(dir) => Some(sow::endgame::open(rules, dir)?),
        None => None,
    };
    let proven = |p: &Position| database.as_ref()?.value(p)?.exact();
    let spinner = Spinner::new();
    let show = |p: &SolveProgress| spinner.show(p);
    let options = Options {
        table_bytes: (args
            .memory
            .unwrap_or((solve::DEFAULT_TABLE_BYTES >> 20) as u64) as usize)
            << 20,
        oracle: database.as_ref().map(|database| solve::Oracle {
            max_seeds: database.max_seeds(),
            value: &proven,
        }),
        stop: Some(&stop),
        progress: Some(&show),
        moves: if args.best {
            solve::MoveValues::OneBest
        } else {
            solve::MoveValues::Every
        },
        max_nodes: None,
        deadline: None,
        threads: threads_of(&args),
    };
    if let (Some(houses), Some(seeds)) = (&args.houses, &args.seeds) {
        let result = fairness_table(
            out, variant, rules, &args, houses, seeds, &options, &spinner,
        );
        spinner.finish();
        return match result {
            Err(Failure::Interrupted) if timed_out.load(Ordering::Relaxed) => Ok(()),
            other => other,
        };
    }
    let solved = solve::solve(&game, &options);
    spinner.finish();
    let solution = solved.map_err(|e| match e {
        solve::SolveError::Memory(why) => Failure::Input(why),
        e => Failure::Rule(e.to_string()),
    })?;
    if args.json {
        print_json(out, &json_solution(rules, &game, &solution, None))?;
    } else {
        print_solution(out, rules, &game, &solution)?;
    }
    match solution.stopped {
        Some(solve::SolveError::Stopped) if !timed_out.load(Ordering::Relaxed) => {
            Err(Failure::Interrupted)
        }
        _ => Ok(()),
    }
}

fn json_solution<'a>(
    rules: &'a Rules,
    game: &Game,
    solution: &Solution,
    size: Option<(usize, usize)>,
) -> JsonSolution<'a> {
    let value = solution.exact();
    JsonSolution {
        variant: &rules.meta.name,
        position: game.position().to_string(),
        value,
        result: value.map(Verdict::of),
        lower: solution.value.lower,
        upper: solution.value.upper,
        moves: solution
            .moves
            .iter()
            .map(|m| JsonMove {
                mv: m.mv.to_string(),
                value: m.bounds.exact(),
                lower: m.bounds.lower,
                upper: m.bounds.upper,
            })
            .collect(),
        nodes: solution.nodes,
        seconds: solution.seconds,
        stopped: solution.stopped.is_some(),
        houses: size.map(|s| s.0),
        seeds: size.map(|s| s.1),
    }
}

fn print_solution(
    out: &mut impl Write,
    rules: &Rules,
    game: &Game,
    solution: &Solution,
) -> Outcome {
    let mover = game.position().to_move();
    writeln!(out, "{}: {}", rules.meta.name, game.position())?;
    if rules.won_by_goal() {
        writeln!(
            out,
            "a goal decides this variant, not the seeds: values are +1 for a win, 0 for a draw, -1 for a loss"
        )?;
    }
    match solution.exact() {
        Some(value) => writeln!(
            out,
            "value {} for {mover} to move: a {} under perfect play",
            signed(value),
            Verdict::of(value).word()
        )?,
        None => writeln!(
            out,
            "stopped: the value for {mover} to move is in {} (proven so far)",
            bounds_text(solution.value)
        )?,
    }
    if !solution.moves.is_empty() {
        writeln!(out, "moves (value for {mover}):")?;
        let best = solution.value.exact();
        for m in &solution.moves {
            let mark = if best.is_some() && m.bounds.exact() == best {
                "  best"
            } else {
                ""
            };
            writeln!(
                out,
                "  {:<4} {}{mark}",
                m.mv.to_string(),
                bounds_text(m.bounds)
            )?;
        }
    }
    writeln!(
        out,
        "{} nodes in {:.2} s ({:.2} M nodes/s), table {} MiB",
        solution.nodes,
        solution.seconds,
        solution.nodes as f64 / solution.seconds.max(1e-9) / 1e6,
        solution.table_bytes >> 20
    )?;
    Ok(())
}

/// `sow solve VARIANT --houses A..B --seeds C..D`: the value of the start
/// for every board size, South to move.
#[allow(clippy::too_many_arguments)]
fn fairness_table(
    out: &mut impl Write,
    variant: &str,
    rules: &Rules,
    args: &SolveArgs,
    houses: &RangeInclusive<usize>,
    seeds: &RangeInclusive<usize>,
    options: &Options<'_>,
    spinner: &Spinner,
) -> Outcome {
    let mut notes = Vec::new();
    let mut rows = Vec::new();
    let mut stopped = false;
    for h in houses.clone() {
        let mut row = Vec::new();
        for s in seeds.clone() {
            if stopped {
                row.push("stopped".to_string());
                continue;
            }
            let cell = match Rules::load_resized(variant, h, s) {
                Err(e) => {
                    notes.push(format!("{h} houses of {s}: {e}"));
                    "-".to_string()
                }
                Ok(sized) => {
                    spinner.set_board(format!("{h} houses of {s} seeds"));
                    let sized = Engine::new(sized);
                    let game = Game::new(&sized);
                    let solution =
                        solve::solve(&game, options).map_err(|e| Failure::Rule(e.to_string()))?;
                    if args.json {
                        let line = json_solution(sized.rules(), &game, &solution, Some((h, s)));
                        print_json(out, &line)?;
                    }
                    stopped = solution.stopped.is_some();
                    match solution.exact() {
                        Some(v) => signed(v),
                        None => bounds_text(solution.value),
                    }
                }
            };
            row.push(cell);
        }
        rows.push((h, row));
    }
    if !args.json {
        writeln!(
            out,
            "{}: the value of the start for South (who moves first), by board",
            rules.meta.name
        )?;
        // Bounds ("[-4, +6]", after a stop) are wider than values.
        let width = rows
            .iter()
            .flat_map(|(_, row)| row.iter().map(|cell| cell.len() + 2))
            .max()
            .unwrap_or(0)
            .max(10);
        write!(out, "{:>8}", "houses")?;
        for s in seeds.clone() {
            write!(out, "{:>width$}", format!("{s} seeds"))?;
        }
        writeln!(out)?;
        for (h, row) in &rows {
            write!(out, "{h:>8}")?;
            for cell in row {
                write!(out, "{cell:>width$}")?;
            }
            writeln!(out)?;
        }
        for note in &notes {
            writeln!(out, "- {note}")?;
        }
    }
    if stopped {
        return Err(Failure::Interrupted);
    }
    Ok(())
}

/// `sow solve --atlas --json`: one variant's line.
#[derive(Serialize)]
struct JsonAtlasEntry<'a> {
    variant: &'a str,
    /// Values are 1, 0 or -1 (a goal decides), not seed differences.
    won_by_goal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<&'a str>,
    boards: Vec<JsonAtlasBoard>,
}

/// One board of an atlas line in JSON; `houses` and `seeds` are null for
/// the variant's own board.
#[derive(Serialize)]
struct JsonAtlasBoard {
    houses: Option<usize>,
    seeds: Option<usize>,
    /// Exact once solved, else null (see `lower`/`upper`).
    value: Option<i32>,
    #[serde(rename = "move")]
    best: Option<String>,
    lower: Option<i32>,
    upper: Option<i32>,
    /// `solved`, `unsolved` (the budget ran out), `too_deep` (a line went
    /// past the plies the solver follows) or `failed`.
    finding: &'static str,
    nodes: u64,
}

/// `sow solve --atlas`: the atlas of `variants`, a Markdown table (or JSON
/// Lines), with a line on stderr as each variant is done.
fn atlas_command(
    out: &mut impl Write,
    args: &SolveArgs,
    variants: &[Rules],
    stop: &AtomicBool,
    timed_out: &AtomicBool,
) -> Outcome {
    let bar = indicatif::ProgressBar::new(variants.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{pos}/{len} variants {wide_msg}")
            .expect("a valid template"),
    );
    let started = std::time::Instant::now();
    // Where standard error is no terminal, a line now and then instead:
    // the atlas of every variant takes many minutes.
    let terminal = io::stderr().is_terminal();
    let last_line = std::sync::Mutex::new(None);
    let done = |entry: &atlas::Entry| {
        bar.inc(1);
        bar.set_message(entry.variant.clone());
        let now = started.elapsed().as_secs_f64();
        let mut last = last_line.lock().unwrap_or_else(|e| e.into_inner());
        if !terminal && line_due(*last, now) {
            *last = Some(now);
            eprintln!(
                "sow solve --atlas: {} of {} variants done ({}), {now:.0} s",
                bar.position(),
                variants.len(),
                entry.variant
            );
        }
    };
    let budget = args.budget.unwrap_or(atlas::DEFAULT_BUDGET);
    let threads = threads_of(args);
    let entries = atlas::atlas(
        variants,
        &atlas::AtlasOptions {
            budget,
            seconds: Some(
                args.board_seconds
                    .map_or(atlas::DEFAULT_SECONDS, |s| s as f64),
            ),
            threads,
            stop: Some(stop),
            done: Some(&done),
        },
    );
    bar.finish_and_clear();
    if args.json {
        for entry in &entries {
            print_json(out, &json_atlas_entry(entry))?;
        }
    } else {
        let board_seconds = args
            .board_seconds
            .map_or(atlas::DEFAULT_SECONDS, |s| s as f64);
        write_atlas(
            out,
            &entries,
            budget,
            board_seconds,
            started.elapsed().as_secs_f64(),
        )?;
    }
    if stop.load(Ordering::Relaxed) && !timed_out.load(Ordering::Relaxed) {
        return Err(Failure::Interrupted);
    }
    Ok(())
}

fn json_atlas_entry(entry: &atlas::Entry) -> JsonAtlasEntry<'_> {
    JsonAtlasEntry {
        variant: &entry.variant,
        won_by_goal: entry.won_by_goal,
        refused: entry.refused.as_deref(),
        boards: entry
            .boards
            .iter()
            .map(|board| {
                let (value, best, bounds, finding) = match &board.finding {
                    atlas::Finding::Solved { value, best } => (
                        Some(*value),
                        best.map(|mv| mv.to_string()),
                        Some(Bounds::exact_at(*value)),
                        "solved",
                    ),
                    atlas::Finding::Unsolved(bounds) => (None, None, Some(*bounds), "unsolved"),
                    atlas::Finding::TooDeep => (None, None, None, "too_deep"),
                    atlas::Finding::Failed(_) => (None, None, None, "failed"),
                };
                JsonAtlasBoard {
                    houses: board.size.map(|s| s.0),
                    seeds: board.size.map(|s| s.1),
                    value,
                    best,
                    lower: bounds.map(|b| b.lower),
                    upper: bounds.map(|b| b.upper),
                    finding,
                    nodes: board.nodes,
                }
            })
            .collect(),
    }
}

/// One cell of the atlas table.
fn atlas_cell(finding: &atlas::Finding, won_by_goal: bool) -> String {
    match finding {
        atlas::Finding::Solved { value, best } => {
            let value = if won_by_goal {
                Verdict::of(*value).word().to_string()
            } else {
                signed(*value)
            };
            match best {
                Some(mv) => format!("{value} {mv}"),
                None => value,
            }
        }
        atlas::Finding::Unsolved(bounds) => format!("{}?", bounds_text(*bounds)),
        atlas::Finding::TooDeep => format!("> {} plies", solve::MAX_LINE_PLIES),
        atlas::Finding::Failed(why) => format!("failed: {why}"),
    }
}

/// The atlas as a Markdown table: a line a variant, a column a board,
/// then what the table shows in numbers.
fn write_atlas(
    out: &mut impl Write,
    entries: &[atlas::Entry],
    budget: u64,
    board_seconds: f64,
    seconds: f64,
) -> Outcome {
    let sizes: Vec<(usize, usize)> = atlas::HOUSES
        .flat_map(|h| atlas::SEEDS.map(move |s| (h, s)))
        .collect();
    write!(out, "| variant |")?;
    for (h, s) in &sizes {
        write!(out, " {h}×{s} |")?;
    }
    writeln!(out, " own board |")?;
    write!(out, "| --- |")?;
    for _ in &sizes {
        write!(out, " --- |")?;
    }
    writeln!(out, " --- |")?;
    let (mut boards, mut solved, mut first_wins, mut draws) = (0, 0, 0, 0);
    for entry in entries {
        write!(out, "| `{}` |", entry.variant)?;
        if let Some(why) = &entry.refused {
            writeln!(out, " not solved: {why} |")?;
            continue;
        }
        let cell = |size: Option<(usize, usize)>| {
            entry
                .boards
                .iter()
                .find(|b| b.size == size)
                .map_or("·".to_string(), |b| {
                    atlas_cell(&b.finding, entry.won_by_goal)
                })
        };
        for &size in &sizes {
            write!(out, " {} |", cell(Some(size)))?;
        }
        writeln!(out, " {} |", cell(None))?;
        for board in &entry.boards {
            boards += 1;
            if let atlas::Finding::Solved { value, .. } = board.finding {
                solved += 1;
                first_wins += (value > 0) as usize;
                draws += (value == 0) as usize;
            }
        }
    }
    let refused = entries.iter().filter(|e| e.refused.is_some()).count();
    writeln!(out)?;
    writeln!(
        out,
        "{} variants ({refused} not solvable); {solved} of {boards} boards solved within \
         {budget} nodes and {board_seconds} s each, in {seconds:.0} s: the first player wins {first_wins}, \
         draws {draws} and loses {} of them.",
        entries.len(),
        solved - first_wins - draws
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_on_histories_waits_for_a_long_search() {
        let spinner = Spinner::new();
        let mut progress = SolveProgress {
            histories: Some(sow::solve::Histories {
                positions: 10,
                states: 600,
            }),
            seconds: 1.0,
            ..SolveProgress::default()
        };
        spinner.show(&progress);
        assert!(!spinner.said_histories.get(), "a search of a second");
        progress.seconds = NOTE_AFTER_SECONDS;
        spinner.show(&progress);
        assert!(spinner.said_histories.get());
        let word = histories_word(progress.histories.unwrap());
        assert!(
            word.contains("10 positions in 600 states, 60 times as many"),
            "{word}"
        );
    }

    #[test]
    fn progress_lines_come_every_ten_seconds_of_a_search() {
        // A quick search writes nothing.
        assert!(!line_due(None, 0.5));
        assert!(!line_due(None, 9.9));
        assert!(line_due(None, 10.0));
        assert!(!line_due(Some(10.0), 19.0));
        assert!(line_due(Some(10.0), 20.5));
        // The next board's search starts its clock again: a quick one
        // writes nothing.
        assert!(!line_due(Some(30.0), 0.2));
        assert!(line_due(Some(30.0), 10.5));
    }
}
