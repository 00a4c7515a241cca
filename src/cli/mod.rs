//! The `sow` command line: argument parsing and printing only. Every piece
//! of game logic lives in the library; this module turns arguments into
//! library calls and results into text and exit codes.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use clap::{Parser, Subcommand};

mod endgame;
mod play;
mod replay;
mod report;
mod solve;

pub(crate) use play::today;
use play::{PlayOptions, SeatArg, play};
pub(crate) use replay::GameAt;
use replay::replay;
use report::{Progress, print_comparison, print_match};
use serde::Serialize;
use solve::{SolveArgs, solve_command};

use sow::arena::{self, MatchReport, Run, VariantReport, compare, play_match};
use sow::bench;
use sow::diagnostic::{escape_controls, excerpt, read_file, shown_path};
use sow::diagram::{draw, draw_from, last_move, status, steps_in};
use sow::game::Game;
use sow::import::{ImportError, MAX_GAME_FILE_BYTES};
use sow::input::{Line, MAX_LINE_BYTES, read_line};
use sow::notation::{
    check_capture_mark, parse_move, parse_position_in, parse_records, read_record_file,
    read_record_text, records,
};
use sow::perft::{MAX_DEPTH, perft, perft_divide};
use sow::players::{Player, PlayerSpec};
use sow::plot::comparison_svg;
use sow::position::{Move, Position, Side};
use sow::record::{
    Record, RecordedMove, VariantChoice, append_record, check_appendable, full_move_numbers,
    move_number_dots, record_of,
};
use sow::rng::Rng;
use sow::rules::{Rules, builtin_groups, builtin_rules};
use sow::sheet::rule_sheet;
use sow::stats::Proportion;
use sow::summary::{counted, summarise};
use sow::trace::Event;
use sow::{Engine, Verdict};

/// A generic sowing-game (mancala) engine: rules are TOML files.
#[derive(Parser, Debug)]
#[command(name = "sow", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What `--from` takes, said where it is asked for: `cargo install` users
/// have no docs/ beside the binary.
pub(crate) const FROM_HELP: &str = "Start from this position instead: South's houses from A, a slash, North's from a, the stores South-North and the side to move, as \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\" (`position` at the `sow play` prompt prints the position, `sow replay` each one; docs/notation.md has the rest: more rows, children, blocked houses)";

#[derive(Subcommand, Debug)]
enum Command {
    /// List the shipped variants, grouped by source, one line each.
    Variants {
        /// `table` for people (the default), `json` for tools (the same list);
        /// `csv` gives one row a variant.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
    /// Print a variant's rules, written from its file.
    Rules {
        /// A shipped variant's name or alias, or a path to a .toml file.
        variant: String,
        /// Print the sheet as JSON: its sections, each with its lines.
        #[arg(long)]
        json: bool,
    },
    /// Write a MancalaGames game file (GameProps/<Game>.txt) as a sow
    /// variant file, to standard output.
    ///
    /// A parameter sow cannot express is refused, by name (exit 1).
    Import {
        /// The game file.
        file: PathBuf,
    },
    /// Check variant files.
    Check {
        /// Variant files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// List the legal moves, and why each other house is excluded.
    Moves {
        /// A shipped variant's name or alias, or a path to a .toml file.
        variant: String,
        #[arg(long, value_name = "POSITION", help = FROM_HELP)]
        from: Option<String>,
        /// Print JSON: the legal moves, and the reason each other is refused.
        #[arg(long)]
        json: bool,
    },
    /// Play one move and show every step.
    Explain {
        /// A shipped variant's name or alias, or a path to a .toml file.
        variant: String,
        /// The move: a house such as `C` or `c`; where the rules give a choice,
        /// `C>` or `C<` (the direction), `c@` (a drop) or `*4` (seeds from the
        /// store).
        #[arg(name = "MOVE")]
        mv: String,
        #[arg(long, value_name = "POSITION", help = FROM_HELP)]
        from: Option<String>,
        /// Print JSON: the positions before and after, the steps, the
        /// captures, and the result if the move ends the game.
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal.
    Play {
        /// A shipped variant's name or alias, or a path to a .toml file
        /// (with --resume, the record's [Variant] tag names it).
        #[arg(required_unless_present = "resume")]
        variant: Option<String>,
        /// Who plays South: human, random, greedy,
        /// alphabeta[:DEPTH|:MILLISms][:rows], mcts[:PLAYOUTS] (default:
        /// human, or the record's [South] tag with --resume).
        #[arg(long)]
        south: Option<String>,
        /// Who plays North, the same choices (default: random, or the
        /// record's [North] tag with --resume).
        #[arg(long)]
        north: Option<String>,
        #[arg(long, value_name = "POSITION", help = FROM_HELP)]
        from: Option<String>,
        /// Seed for the computer players, and for the start where the
        /// variant deals it at random (default: a fresh one each run,
        /// written in the record's [Seed] tag).
        #[arg(long)]
        seed: Option<u64>,
        /// Add the game to this record file when it ends or stops (the
        /// games already in the file are kept).
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// Continue the last game of this record file; the continued game is
        /// added to the file (or to --record) as one more game.
        #[arg(long, value_name = "FILE", conflicts_with = "from")]
        resume: Option<PathBuf>,
        /// Draw the board from this player's seat (default: North's when a
        /// human plays North against a computer, else South's).
        #[arg(long, value_enum)]
        seat: Option<SeatArg>,
        /// An endgame database for this variant (built with `sow solve
        /// VARIANT --build-db SEEDS --db DIR`), which `hint` reads.
        #[arg(long, value_name = "DIR")]
        db: Option<PathBuf>,
    },
    /// Replay game records, checking every move.
    ///
    /// A record's [Variant] tag names a shipped variant only; a variant file
    /// is given here, with --variant.
    Replay {
        /// The record file; `-` or nothing reads standard input.
        file: Option<PathBuf>,
        /// Print one JSON object per game (JSON Lines).
        #[arg(long)]
        json: bool,
        /// Report every bad game and replay the good ones.
        #[arg(long)]
        keep_going: bool,
        /// The variant for every game, overriding [Variant] tags: a shipped
        /// variant's name or alias, or a path to a .toml file.
        #[arg(long, value_name = "NAME|FILE")]
        variant: Option<String>,
    },
    /// Count the move sequences of exactly DEPTH plies.
    Perft {
        /// A shipped variant's name or alias, or a path to a .toml file.
        variant: String,
        /// Plies, 0 to 20 (`perft::MAX_DEPTH`): each ply multiplies the time.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
        depth: u32,
        #[arg(long, value_name = "POSITION", help = FROM_HELP)]
        from: Option<String>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
        /// Print JSON: the count (and, with --divide, each first move's),
        /// the seconds taken and the sequences counted a second.
        #[arg(long)]
        json: bool,
        /// The engine that walks the game: the packed one where the variant
        /// allows (`fastest`), or the general one (`general`). Both count
        /// alike.
        #[arg(long, value_enum, default_value_t = EngineArg::Fastest)]
        engine: EngineArg,
    },
    /// The exact value of a position under perfect play, and of every move.
    ///
    /// The value is for the side to move: the seeds they end with minus
    /// their opponent's, as the variant counts the end. Ctrl-C stops the
    /// search and prints the bounds proven so far.
    Solve(SolveArgs),
    /// Play two computer players against each other, sides alternating.
    Match {
        /// A shipped variant's name or alias, or a path to a .toml file.
        variant: String,
        /// The first player (South in the odd-numbered games): random,
        /// greedy, alphabeta[:DEPTH|:MILLISms][:rows], mcts[:PLAYOUTS].
        #[arg(long)]
        south: PlayerSpec,
        /// The second player.
        #[arg(long)]
        north: PlayerSpec,
        /// Games to play, 1 to 1000000.
        #[arg(long, default_value_t = 100, value_parser = arena_games())]
        games: u64,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Show variants side by side: results, lengths, captures, endings.
    Compare {
        /// Variants to compare (names, aliases or .toml paths).
        #[arg(required = true)]
        variants: Vec<String>,
        /// Games per variant, 1 to 1000000.
        #[arg(long, default_value_t = 1000, value_parser = arena_games())]
        games: u64,
        /// The two players, South then North.
        #[arg(long, default_value = "random,random", value_name = "P,P", value_parser = player_pair)]
        players: PlayerPair,
        #[command(flatten)]
        run: RunArgs,
        /// Also write the comparison as an SVG chart.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<PathBuf>,
    },
    /// Play random games as fast as possible.
    Bench {
        /// A shipped variant's name or alias, or a path to a .toml file.
        #[arg(required_unless_present = "all", conflicts_with = "all")]
        variant: Option<String>,
        /// Every shipped variant, one line each: games/s, plies/s and peak
        /// memory.
        #[arg(long)]
        all: bool,
        /// Games to play, 1 to 100000000.
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=bench::MAX_GAMES))]
        games: u64,
        /// The run's seed: the same seed gives the same checksum.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads, 0 (all cores) to 256.
        #[arg(long, default_value_t = 1, value_parser = threads())]
        threads: usize,
        /// `general` plays every game through the general engine, even
        /// where the variant packs (`fastest`: the packed engine then).
        #[arg(long, value_enum, default_value_t = EngineArg::Fastest)]
        engine: EngineArg,
        /// Print one JSON object a variant (JSON Lines).
        #[arg(long)]
        json: bool,
    },
    /// Serve the playground: a page to play, edit and check every variant
    /// in a browser, and its JSON API.
    ///
    /// The first line printed is the address, such as
    /// `http://127.0.0.1:8080/`. Nothing sent to the server is written to
    /// disk.
    Serve {
        /// The address to listen on (the loopback address by default: only
        /// this machine can connect).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The port; 0 picks a free one.
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
    /// Write a shell's completion script to standard output, e.g.
    /// `sow completions bash > ~/.local/share/bash-completion/completions/sow`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: ShellArg,
    },
    /// Write the manual page (roff) to standard output, e.g. `sow man > sow.1`.
    Man,
}

/// The shells `sow completions` writes for.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum ShellArg {
    Bash,
    Zsh,
    Fish,
}

/// `sow bench --engine`, `sow perft --engine`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum EngineArg {
    /// The packed engine where the variant fits it, else the general one.
    Fastest,
    /// The general engine.
    General,
}

impl From<EngineArg> for sow::walk::EngineChoice {
    fn from(engine: EngineArg) -> sow::walk::EngineChoice {
        match engine {
            EngineArg::Fastest => sow::walk::EngineChoice::Fastest,
            EngineArg::General => sow::walk::EngineChoice::General,
        }
    }
}

/// What `match` and `compare` share: the seed, the threads, where the
/// records go and how the report is printed.
#[derive(clap::Args, Debug)]
struct RunArgs {
    /// The run's seed: the same seed gives the same games (default: a
    /// fresh one each run, printed with the results).
    #[arg(long)]
    seed: Option<u64>,
    /// Threads, 0 (all cores) to 256.
    #[arg(long, default_value_t = 0, value_parser = threads())]
    threads: usize,
    /// Write every game's record to this file (records are kept only then).
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

impl RunArgs {
    /// The library's run of `games` games.
    fn run(&self, games: u64) -> Run {
        Run {
            games,
            seed: self.seed.unwrap_or_else(sow::rng::fresh_seed),
            threads: self.threads,
            keep_records: self.records.is_some(),
        }
    }
}

/// `--games` for `match` and `compare`: 1 to [`arena::MAX_GAMES`].
fn arena_games() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..=arena::MAX_GAMES)
}

/// `--threads`: 0 (all cores) to [`bench::MAX_THREADS`].
fn threads() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(0..=bench::MAX_THREADS as u64)
}

/// `--players South,North`.
#[derive(Debug, Clone)]
struct PlayerPair([PlayerSpec; 2]);

fn player_pair(text: &str) -> Result<PlayerPair, String> {
    let pair: Vec<&str> = text.split(',').map(str::trim).collect();
    let [south, north] = pair[..] else {
        return Err(format!("two players are needed, South,North: `{text}`"));
    };
    Ok(PlayerPair([south.parse()?, north.parse()?]))
}

/// How `match` and `compare` print their results.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// Aligned columns for people.
    Table,
    /// Comma-separated values.
    Csv,
    /// JSON.
    Json,
}

/// Ends the process on a command line that does not parse, as clap would,
/// except that clap quotes the arguments as they are: when one holds a
/// control character, the message is made again from the arguments with
/// their control characters escaped, so a usage error cannot drive the
/// terminal either.
pub fn usage_error(error: clap::Error) -> ! {
    let args: Vec<String> = std::env::args_os()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    let shown: Vec<String> = args
        .iter()
        .map(|arg| escape_controls(arg).into_owned())
        .collect();
    if shown != args
        && let Err(escaped) = Cli::try_parse_from(shown)
    {
        escaped.exit()
    }
    error.exit()
}

/// Why a command failed, and so its exit code.
#[derive(Debug)]
pub enum Failure {
    /// The input breaks the rules of play: an illegal move, a wrong mark (exit 1).
    Rule(String),
    /// The input cannot be read or parsed, or the command is misused (exit 2).
    Input(String),
    /// Standard output was closed (`sow replay | head`): not an error.
    BrokenPipe,
    /// Stopped by Ctrl-C after printing how far it got (exit 130).
    Interrupted,
}

impl Failure {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Rule(_) => 1,
            Failure::Input(_) => 2,
            Failure::BrokenPipe => 0,
            Failure::Interrupted => 130,
        }
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Input(format!("cannot write: {error}"))
        }
    }
}

impl From<sow::endgame::EndgameError> for Failure {
    fn from(error: sow::endgame::EndgameError) -> Failure {
        match error {
            // The variant's rules are what a database cannot hold.
            sow::endgame::EndgameError::Unsupported { .. } => Failure::Rule(error.to_string()),
            _ => Failure::Input(error.to_string()),
        }
    }
}

type Outcome = Result<(), Failure>;

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Outcome {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::Variants { format } => variants(&mut out, format),
        Command::Import { file } => Ok(write!(out, "{}", import(&file)?)?),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let shell = match shell {
                ShellArg::Bash => clap_complete::Shell::Bash,
                ShellArg::Zsh => clap_complete::Shell::Zsh,
                ShellArg::Fish => clap_complete::Shell::Fish,
            };
            // clap_complete panics when its writer fails (`> /dev/full`, a
            // closed pipe): write to memory, then report a failed write.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "sow", &mut script);
            out.write_all(&script)?;
            Ok(out.flush()?)
        }
        Command::Man => {
            use clap::CommandFactory;
            clap_mangen::Man::new(Cli::command()).render(&mut out)?;
            Ok(out.flush()?)
        }
        Command::Serve { host, port } => {
            drop(out);
            crate::serve::serve(&host, port).map_err(Failure::Input)
        }
        Command::Rules { variant, json } => {
            let rules = load(&variant)?;
            if json {
                print_json(&mut out, &sow::sheet::sheet_parts(&rules))
            } else {
                Ok(write!(out, "{}", rule_sheet(&rules))?)
            }
        }
        Command::Check { files } => check(&mut out, &files),
        Command::Moves {
            variant,
            from,
            json,
        } => moves(&mut out, &load_engine(&variant)?, from.as_deref(), json),
        Command::Explain {
            variant,
            mv,
            from,
            json,
        } => explain(
            &mut out,
            &load_engine(&variant)?,
            from.as_deref(),
            &mv,
            json,
        ),
        Command::Play {
            variant,
            south,
            north,
            from,
            seed,
            record,
            resume,
            seat,
            db,
        } => {
            drop(out);
            let engine = match (&variant, &resume) {
                (Some(variant), _) => load_engine(variant)?,
                (None, Some(record)) => play::recorded_engine(record)?,
                (None, None) => {
                    return Err(Failure::Input(
                        "name the variant to play, or a record to --resume".into(),
                    ));
                }
            };
            let options = PlayOptions {
                seats: [south.as_deref(), north.as_deref()],
                from: from.as_deref(),
                seed: seed.unwrap_or_else(sow::rng::fresh_seed),
                record,
                resume,
                seat,
                database: db
                    .map(|dir| sow::endgame::open(engine.rules(), &dir).map(std::sync::Arc::new))
                    .transpose()?,
            };
            play(&engine, options)
        }
        Command::Replay {
            file,
            json,
            keep_going,
            variant,
        } => replay(&mut out, file, json, keep_going, variant.as_deref()),
        Command::Perft {
            variant,
            depth,
            from,
            divide,
            json,
            engine: choice,
        } => {
            let engine = load_engine(&variant)?;
            let rules = engine.rules();
            let game = start(&engine, from.as_deref())?;
            let choice = choice.into();
            if json {
                let started = std::time::Instant::now();
                let divided = divide.then(|| perft_divide(&game, depth, choice));
                let count = match &divided {
                    Some(counts) => counts.iter().map(|(_, c)| c).sum(),
                    None => perft(&game, depth, choice),
                };
                let seconds = started.elapsed().as_secs_f64();
                let report = JsonPerft {
                    variant: &rules.meta.name,
                    depth,
                    count,
                    seconds,
                    per_second: (count as f64 / seconds.max(1e-9)).round(),
                    divide: divided.map(|counts| {
                        counts
                            .iter()
                            .map(|(mv, count)| (mv.to_string(), *count))
                            .collect()
                    }),
                };
                return print_json(&mut out, &report);
            }
            if divide {
                let counts = perft_divide(&game, depth, choice);
                for (mv, count) in &counts {
                    writeln!(out, "{mv}: {count}")?;
                }
                writeln!(out, "{}", counts.iter().map(|(_, c)| c).sum::<u64>())?;
            } else {
                writeln!(out, "{}", perft(&game, depth, choice))?;
            }
            Ok(())
        }
        Command::Solve(args) => solve_command(&mut out, args),
        Command::Match {
            variant,
            south,
            north,
            games,
            run: options,
        } => {
            let engine = load_engine(&variant)?;
            south.open_database(engine.rules())?;
            north.open_database(engine.rules())?;
            // Before the games: a file that could not take their records.
            writable(options.records.as_deref(), "records")?;
            let progress = Progress::new(games);
            let run = options.run(games);
            let report = play_match(&engine, &south, &north, &run, &|| progress.tick());
            progress.finish();
            print_match(&mut out, &report, options.format)?;
            match &options.records {
                Some(path) => write_records(&mut out, path, &report.records),
                None => Ok(()),
            }
        }
        Command::Compare {
            variants,
            games,
            players: PlayerPair([south, north]),
            run: options,
            plot,
        } => {
            let engines: Vec<Arc<Engine>> = variants
                .iter()
                .map(|v| load_engine(v))
                .collect::<Result<_, _>>()?;
            for engine in &engines {
                south.open_database(engine.rules())?;
                north.open_database(engine.rules())?;
            }
            // Before the games: files that could not take what they make.
            writable(options.records.as_deref(), "records")?;
            writable(plot.as_deref(), "chart")?;
            let progress = Progress::new(games * engines.len() as u64);
            let run = options.run(games);
            let (reports, kept): (Vec<VariantReport>, Vec<Vec<Record>>) =
                compare(&engines, [&south, &north], &run, &|| progress.tick())
                    .into_iter()
                    .unzip();
            progress.finish();
            // The table first: whatever fails to be written after it, the
            // results are shown.
            print_comparison(&mut out, &reports, options.format)?;
            if let Some(path) = plot {
                let title =
                    format!("{south} (South) vs {north} (North), {games} games per variant");
                std::fs::write(&path, comparison_svg(&reports, &title)).map_err(|e| {
                    Failure::Input(format!("{}: cannot write the plot: {e}", shown_path(&path)))
                })?;
            }
            match &options.records {
                Some(path) => write_records(&mut out, path, &kept.concat()),
                None => Ok(()),
            }
        }
        Command::Bench {
            variant,
            all,
            games,
            seed,
            threads,
            engine: choice,
            json,
        } => {
            let variants = if all {
                builtin_rules().into_iter().map(Engine::new).collect()
            } else {
                vec![load_engine(
                    variant
                        .as_deref()
                        .expect("clap requires a variant or --all"),
                )?]
            };
            bench_variants(
                &mut out,
                &variants,
                choice.into(),
                games,
                seed,
                threads,
                json,
            )
        }
    }
}

/// `sow bench --all`: every shipped variant, one line each.
fn bench_variants(
    out: &mut impl Write,
    variants: &[Arc<Engine>],
    choice: sow::walk::EngineChoice,
    games: u64,
    seed: u64,
    threads: usize,
    json: bool,
) -> Outcome {
    if !json {
        writeln!(
            out,
            "{:<28} {:>9} {:>11} {:>9} {:>12} {:>11} {:>9} {:>20}  engine",
            "variant", "games", "plies", "seconds", "games/s", "Mplies/s", "peak MiB", "checksum"
        )?;
    }
    for engine in variants {
        let rules = engine.rules();
        let run = std::panic::catch_unwind(|| {
            bench::timed_games(choice, engine, games, seed, threads)
        })
        .unwrap_or_else(|panic| {
            // A fault of sow's own: the game it stopped is shown before the
            // process ends, as far as it went.
            if let Some(&fault) = panic.downcast_ref::<bench::GameFault>() {
                let game = bench::replay_faulty(engine, fault);
                let tags = [
                    ("Variant", rules.meta.name.clone()),
                    ("Event", format!("sow bench, seed {}, game {}", fault.seed, fault.game)),
                ];
                eprintln!(
                    "sow stopped on a fault of its own in game {} of seed {}; the game, as far as it went:\n\n{}",
                    fault.game,
                    fault.seed,
                    sow::record::record_of(&game, &tags)
                );
            }
            std::panic::resume_unwind(panic)
        });
        let unpacked = match engine.unpacked_because() {
            Some(why) if choice == sow::walk::EngineChoice::Fastest => Some(why),
            _ => None,
        };
        if json {
            let line = JsonBench {
                variant: &rules.meta.name,
                engine: bench::engine_name(choice, engine),
                unpacked_because: unpacked,
                games: run.report.games,
                plies: run.report.plies,
                seconds: run.seconds,
                games_per_second: run.games_per_second(),
                plies_per_second: run.plies_per_second(),
                peak_bytes: run.peak_bytes,
                checksum: run.report.checksum,
                seed,
            };
            let text = serde_json::to_string(&line).map_err(|e| Failure::Input(e.to_string()))?;
            writeln!(out, "{text}")?;
        } else {
            let peak = run.peak_bytes.map_or("n/a".to_string(), |b| {
                format!("{:.1}", b as f64 / (1 << 20) as f64)
            });
            writeln!(
                out,
                "{:<28} {:>9} {:>11} {:>9.3} {:>12.0} {:>11.2} {:>9} {:>20}  {}{}",
                rules.meta.name,
                run.report.games,
                run.report.plies,
                run.seconds,
                run.games_per_second(),
                run.plies_per_second() / 1e6,
                peak,
                run.report.checksum,
                bench::engine_name(choice, engine),
                unpacked.map_or(String::new(), |why| format!(" ({why})"))
            )?;
        }
        out.flush()?;
    }
    Ok(())
}

/// One line of `sow bench --json`.
#[derive(Serialize)]
struct JsonBench<'a> {
    variant: &'a str,
    engine: &'static str,
    /// Why the packed engine cannot play the variant, where it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    unpacked_because: Option<&'a str>,
    games: u64,
    plies: u64,
    seconds: f64,
    games_per_second: f64,
    plies_per_second: f64,
    peak_bytes: Option<u64>,
    checksum: u64,
    seed: u64,
}

/// `sow perft --json`.
#[derive(Serialize)]
struct JsonPerft<'a> {
    variant: &'a str,
    depth: u32,
    count: u64,
    seconds: f64,
    /// Sequences counted a second.
    per_second: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<std::collections::BTreeMap<String, u64>>,
}

/// Prints `value` as one line of JSON.
fn print_json(out: &mut impl Write, value: &impl Serialize) -> Outcome {
    let text = serde_json::to_string(value).map_err(|e| Failure::Input(e.to_string()))?;
    writeln!(out, "{text}")?;
    Ok(())
}

/// Refuses, before a run, a file the run could not write (`what` names it):
/// a missing folder, a folder, a device, a pipe ([`check_appendable`]).
fn writable(path: Option<&std::path::Path>, what: &str) -> Outcome {
    match path {
        Some(path) => check_appendable(path).map_err(|e| {
            Failure::Input(format!(
                "{}: cannot write the {what} there: {e}",
                shown_path(path)
            ))
        }),
        None => Ok(()),
    }
}

/// Writes records to `path`, one after another, streamed rather than
/// gathered into one string first. When the file cannot be written, the
/// records are printed on `out` instead, and the error says so.
fn write_records(out: &mut impl Write, path: &std::path::Path, records: &[Record]) -> Outcome {
    let written = (|| -> io::Result<()> {
        let mut file = io::BufWriter::new(std::fs::File::create(path)?);
        for record in records {
            writeln!(file, "{record}")?;
        }
        file.flush()
    })();
    let Err(error) = written else {
        return Ok(());
    };
    for record in records {
        writeln!(out, "\n{record}")?;
    }
    Err(Failure::Input(format!(
        "{}: cannot write records: {error}; they are printed above, on standard output, so no game is lost",
        shown_path(path)
    )))
}

/// `sow import FILE`: the variant file's text.
fn import(path: &std::path::Path) -> Result<String, Failure> {
    let origin = path.display().to_string();
    let text = read_file(path, MAX_GAME_FILE_BYTES).map_err(|e| Failure::Input(e.to_string()))?;
    sow::import::import(&text, &origin).map_err(|e| match e {
        ImportError::Unsupported(_) => Failure::Rule(e.to_string()),
        ImportError::Invalid(_) => Failure::Input(e.to_string()),
    })
}

fn load(variant: &str) -> Result<Rules, Failure> {
    Rules::load(variant).map_err(|e| Failure::Input(e.to_string()))
}

/// The engine of a shipped variant or a variant file, for the commands that
/// play.
fn load_engine(variant: &str) -> Result<Arc<Engine>, Failure> {
    load(variant).map(Engine::new)
}

fn position_arg(rules: &Rules, text: &str) -> Result<Position, Failure> {
    let position = parse_position_in(text, "--from").map_err(|e| Failure::Input(e.to_string()))?;
    rules
        .check_position(&position)
        .map_err(|e| Failure::Input(format!("--from: {e}")))?;
    Ok(position)
}

fn start(engine: &Arc<Engine>, from: Option<&str>) -> Result<Game, Failure> {
    let rules = engine.rules();
    let position = match from {
        Some(text) => position_arg(rules, text)?,
        None => rules.start(),
    };
    Game::from_position(engine, position).map_err(|e| Failure::Input(e.to_string()))
}

/// One shipped variant as `sow variants --format json` lists it.
#[derive(Serialize)]
struct VariantLine<'a> {
    group: &'a str,
    name: &'a str,
    /// The game's own name, where the file gives one.
    title: Option<&'a str>,
    /// Rows on the board: 2, 3 or 4.
    rows: usize,
    aliases: &'a [String],
    summary: Option<&'a str>,
    source: Option<&'a str>,
}

fn variants(out: &mut impl Write, format: Format) -> Outcome {
    let groups = builtin_groups();
    let lines: Vec<VariantLine<'_>> = groups
        .iter()
        .flat_map(|(group, variants)| {
            variants.iter().map(|rules| VariantLine {
                group,
                name: &rules.meta.name,
                title: rules.meta.title.as_deref(),
                rows: rules.board.rows(),
                aliases: &rules.meta.aliases,
                summary: rules.meta.summary.as_deref(),
                source: rules.meta.source.as_deref(),
            })
        })
        .collect();
    match format {
        Format::Json => {
            let text =
                serde_json::to_string_pretty(&lines).map_err(|e| Failure::Input(e.to_string()))?;
            writeln!(out, "{text}")?;
        }
        Format::Csv => {
            writeln!(out, "group,name,title,rows,aliases,summary")?;
            for line in &lines {
                let field = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
                writeln!(
                    out,
                    "{},{},{},{},{},{}",
                    field(line.group),
                    field(line.name),
                    field(line.title.unwrap_or("")),
                    line.rows,
                    field(&line.aliases.join(" ")),
                    field(line.summary.unwrap_or(""))
                )?;
            }
        }
        Format::Table => {
            // A longer name runs into its line rather than widening every line.
            let width = lines
                .iter()
                .map(|l| l.name.len())
                .max()
                .unwrap_or(0)
                .min(20);
            for (group, variants) in &groups {
                writeln!(out, "{group}")?;
                for rules in variants {
                    let meta = &rules.meta;
                    let aliases = if meta.aliases.is_empty() {
                        String::new()
                    } else {
                        format!(" (also {})", meta.aliases.join(", "))
                    };
                    let summary = meta.summary.as_deref().unwrap_or("");
                    let title = meta
                        .title
                        .as_deref()
                        .map_or(String::new(), |t| format!("{t} — "));
                    writeln!(out, "  {:width$}  {title}{summary}{aliases}", meta.name)?;
                }
                writeln!(out)?;
            }
        }
    }
    Ok(())
}

fn check(out: &mut impl Write, files: &[PathBuf]) -> Outcome {
    let mut failures = Vec::new();
    for file in files {
        match sow::warnings::check_path(file) {
            Ok(checked) => {
                for warning in &checked.warnings {
                    eprint!("warning: {warning}");
                }
                writeln!(
                    out,
                    "ok: {} ({})",
                    shown_path(file),
                    checked.rules.meta.name
                )?
            }
            Err(error) => failures.push(error.to_string()),
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        // `main` writes `error: ` before the message; every later error gets
        // its own, so each stands out as the first one does.
        Err(Failure::Input(failures.join("\n\nerror: ")))
    }
}

fn moves(out: &mut impl Write, engine: &Arc<Engine>, from: Option<&str>, json: bool) -> Outcome {
    let rules = engine.rules();
    let game = start(engine, from)?;
    if json {
        let over = game.is_over();
        let verdicts = if over {
            Vec::new()
        } else {
            engine.verdicts(game.position())
        };
        let report = JsonMoves {
            variant: &rules.meta.name,
            position: game.position().to_string(),
            to_move: (!over).then(|| game.position().to_move().name()),
            over,
            legal: game.legal_moves().iter().map(|m| m.to_string()).collect(),
            refused: verdicts
                .iter()
                .filter(|(_, verdict)| *verdict != Verdict::Legal)
                .map(|(mv, verdict)| JsonRefusal {
                    mv: mv.to_string(),
                    reason: verdict.describe(),
                })
                .collect(),
        };
        return print_json(out, &report);
    }
    write!(out, "{}", draw(game.position()))?;
    writeln!(out, "{}", status(&game))?;
    if game.is_over() {
        return Ok(());
    }
    let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    writeln!(out, "legal: {}", legal.join(" "))?;
    for (mv, verdict) in engine.verdicts(game.position()) {
        if verdict != Verdict::Legal {
            writeln!(out, "  {mv}: {}", verdict.describe())?;
        }
    }
    Ok(())
}

/// `sow moves --json`.
#[derive(Serialize)]
struct JsonMoves<'a> {
    variant: &'a str,
    /// The position, in the notation `--from` reads.
    position: String,
    /// `south` or `north`; null once the game is over.
    to_move: Option<&'static str>,
    over: bool,
    legal: Vec<String>,
    /// Each other house of the mover's row, and why it may not be played.
    refused: Vec<JsonRefusal>,
}

#[derive(Serialize)]
struct JsonRefusal {
    #[serde(rename = "move")]
    mv: String,
    reason: String,
}

/// `sow explain --json`.
#[derive(Serialize)]
struct JsonExplain<'a> {
    variant: &'a str,
    #[serde(rename = "move")]
    mv: String,
    /// The positions before and after, in the notation `--from` reads.
    before: String,
    after: String,
    /// What the move did, in one line, as `sow play` says it.
    summary: String,
    /// Each step, in words.
    steps: Vec<String>,
    captured: u32,
    over: bool,
    /// The result token and the final score, once the game is over.
    result: Option<&'static str>,
    score: Option<[u32; 2]>,
}

fn explain(
    out: &mut impl Write,
    engine: &Arc<Engine>,
    from: Option<&str>,
    text: &str,
    json: bool,
) -> Outcome {
    let rules = engine.rules();
    let mut game = start(engine, from)?;
    let (mv, claimed) = parse_move(text).map_err(|e| Failure::Input(e.to_string()))?;
    let before = game.position().clone();
    if !json {
        writeln!(out, "Before:")?;
        write!(out, "{}", draw(&before))?;
        writeln!(out, "{}\n", status(&game))?;
    }
    let mut events: Vec<Event> = Vec::new();
    let effect = game
        .play(mv, &mut events)
        .map_err(|e| Failure::Rule(e.to_string()))?;
    if json {
        let outcome = game.outcome();
        let report = JsonExplain {
            variant: &rules.meta.name,
            mv: mv.to_string(),
            before: before.to_string(),
            after: game.position().to_string(),
            summary: summarise(&before, mv, &events),
            steps: steps_in(&events, &game)
                .lines()
                .map(|l| {
                    l.trim_start()
                        .split_once(". ")
                        .map_or(l, |(_, step)| step)
                        .to_string()
                })
                .collect(),
            captured: effect.captured as u32,
            over: outcome.is_some(),
            result: outcome.map(|o| o.result_token()),
            score: outcome.map(|o| o.score),
        };
        print_json(out, &report)?;
    } else {
        writeln!(out, "{mv}:")?;
        write!(out, "{}", steps_in(&events, &game))?;
        writeln!(out, "\nAfter:")?;
        write!(out, "{}", draw(game.position()))?;
        writeln!(out, "{}", status(&game))?;
    }
    check_capture_mark(mv, claimed, effect.captured as u32).map_err(Failure::Rule)
}
