//! The `sow` command line: argument parsing and printing only. Every piece
//! of game logic lives in the library; this module turns arguments into
//! library calls and results into text and exit codes.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use clap::{Parser, Subcommand};
use serde::Serialize;

use crate::arena::{self, MatchReport, Run, VariantReport, compare, play_match};
use crate::bench;
use crate::diagram::{draw, draw_from, status, steps_in};
use crate::engine::Verdict;
use crate::game::Game;
use crate::input::{Line, MAX_LINE_BYTES, read_line};
use crate::notation::{parse_move, parse_position_in, parse_records, read_record_text, records};
use crate::perft::{MAX_DEPTH, perft, perft_divide};
use crate::players::{self, AlphaBetaPlayer, Budget, Evaluation, Player, PlayerSpec};
use crate::plot::comparison_svg;
use crate::position::{Move, Position, Side};
use crate::record::{
    Record, RecordedMove, VariantChoice, append_record, full_move_numbers, move_number_dots,
    record_of,
};
use crate::rng::Rng;
use crate::rules::{Rules, builtin_groups, builtin_rules};
use crate::sheet::rule_sheet;
use crate::stats::Proportion;
use crate::summary::summarise;
use crate::trace::Event;

/// A generic sowing-game (mancala) engine: rules are TOML files.
#[derive(Parser, Debug)]
#[command(name = "sow", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

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
        /// Start from this position instead (see "Notation" in the README).
        #[arg(long, value_name = "POSITION")]
        from: Option<String>,
    },
    /// Play one move and show every step.
    Explain {
        /// A shipped variant's name or alias, or a path to a .toml file.
        variant: String,
        /// The move, such as `C` or `c`.
        #[arg(name = "MOVE")]
        mv: String,
        /// Start from this position instead.
        #[arg(long, value_name = "POSITION")]
        from: Option<String>,
    },
    /// Play a game in the terminal.
    Play {
        /// A shipped variant's name or alias, or a path to a .toml file.
        variant: String,
        /// Who plays South: human, random, greedy, alphabeta[:DEPTH|:MILLISms], mcts[:PLAYOUTS].
        #[arg(long, default_value = "human")]
        south: String,
        /// Who plays North (the same choices).
        #[arg(long, default_value = "random")]
        north: String,
        /// Start from this position instead.
        #[arg(long, value_name = "POSITION")]
        from: Option<String>,
        /// Seed for the computer players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
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
        /// Start from this position instead.
        #[arg(long, value_name = "POSITION")]
        from: Option<String>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
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
        /// The run's seed: the same seed gives the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads, 0 (all cores) to 256.
        #[arg(long, default_value_t = 0, value_parser = threads())]
        threads: usize,
        /// Write every game's record to this file (records are kept only then).
        #[arg(long, value_name = "FILE")]
        records: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
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
        /// The run's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads, 0 (all cores) to 256.
        #[arg(long, default_value_t = 0, value_parser = threads())]
        threads: usize,
        /// Write every game's record to this file (records are kept only then).
        #[arg(long, value_name = "FILE")]
        records: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
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
    },
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
#[derive(Debug, Clone, Copy)]
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

/// Why a command failed, and so its exit code.
#[derive(Debug)]
pub enum Failure {
    /// The input breaks the rules of play: an illegal move, a wrong mark (exit 1).
    Rule(String),
    /// The input cannot be read or parsed, or the command is misused (exit 2).
    Input(String),
    /// Standard output was closed (`sow replay | head`): not an error.
    BrokenPipe,
}

impl Failure {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Rule(_) => 1,
            Failure::Input(_) => 2,
            Failure::BrokenPipe => 0,
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

type Outcome = Result<(), Failure>;

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Outcome {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::Variants { format } => variants(&mut out, format),
        Command::Rules { variant } => Ok(write!(out, "{}", rule_sheet(&load(&variant)?))?),
        Command::Check { files } => check(&mut out, &files),
        Command::Moves { variant, from } => moves(&mut out, &load(&variant)?, from.as_deref()),
        Command::Explain { variant, mv, from } => {
            explain(&mut out, &load(&variant)?, from.as_deref(), &mv)
        }
        Command::Play {
            variant,
            south,
            north,
            from,
            seed,
            record,
            resume,
            seat,
        } => {
            drop(out);
            let rules = load(&variant)?;
            let options = PlayOptions {
                seats: [&south, &north],
                from: from.as_deref(),
                seed,
                record,
                resume,
                seat,
            };
            play(&rules, options)
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
        } => {
            let rules = load(&variant)?;
            let mut game = start(&rules, from.as_deref())?;
            if divide {
                let counts = perft_divide(&mut game, depth);
                for (mv, count) in &counts {
                    writeln!(out, "{mv}: {count}")?;
                }
                writeln!(out, "{}", counts.iter().map(|(_, c)| c).sum::<u64>())?;
            } else {
                writeln!(out, "{}", perft(&mut game, depth))?;
            }
            Ok(())
        }
        Command::Match {
            variant,
            south,
            north,
            games,
            seed,
            threads,
            records,
            format,
        } => {
            let rules = load(&variant)?;
            let progress = Progress::new(games);
            let run = Run {
                games,
                seed,
                threads,
                keep_records: records.is_some(),
            };
            let report = play_match(&rules, &south, &north, &run, &|| progress.tick());
            progress.finish();
            if let Some(path) = records {
                write_records(&path, &report.records)?;
            }
            print_match(&mut out, &report, format)
        }
        Command::Compare {
            variants,
            games,
            players: PlayerPair([south, north]),
            seed,
            threads,
            records,
            format,
            plot,
        } => {
            let rules: Vec<Rules> = variants.iter().map(|v| load(v)).collect::<Result<_, _>>()?;
            let progress = Progress::new(games * rules.len() as u64);
            let run = Run {
                games,
                seed,
                threads,
                keep_records: records.is_some(),
            };
            let (reports, kept): (Vec<VariantReport>, Vec<Vec<Record>>) =
                compare(&rules, [&south, &north], &run, &|| progress.tick())
                    .into_iter()
                    .unzip();
            progress.finish();
            if let Some(path) = records {
                write_records(&path, &kept.concat())?;
            }
            if let Some(path) = plot {
                let title =
                    format!("{south} (South) vs {north} (North), {games} games per variant");
                std::fs::write(&path, comparison_svg(&reports, &title)).map_err(|e| {
                    Failure::Input(format!("{}: cannot write the plot: {e}", path.display()))
                })?;
            }
            print_comparison(&mut out, &reports, format)
        }
        Command::Bench {
            variant,
            all,
            games,
            seed,
            threads,
        } => {
            if all {
                return bench_all(&mut out, games, seed, threads);
            }
            let rules = load(
                variant
                    .as_deref()
                    .expect("clap requires a variant or --all"),
            )?;
            let run = bench::timed_games(&rules, games, seed, threads);
            writeln!(
                out,
                "variant {} games {} plies {} seconds {:.3} games/s {:.0} plies/s {:.0} checksum {}",
                rules.meta.name,
                run.report.games,
                run.report.plies,
                run.seconds,
                run.games_per_second(),
                run.plies_per_second(),
                run.report.checksum
            )?;
            Ok(())
        }
    }
}

/// `sow bench --all`: every shipped variant, one line each.
fn bench_all(out: &mut impl Write, games: u64, seed: u64, threads: usize) -> Outcome {
    writeln!(
        out,
        "{:<28} {:>9} {:>11} {:>9} {:>12} {:>11} {:>9}",
        "variant", "games", "plies", "seconds", "games/s", "Mplies/s", "peak MiB"
    )?;
    for rules in builtin_rules() {
        let run = bench::timed_games(&rules, games, seed, threads);
        let peak = run.peak_bytes.map_or("n/a".to_string(), |b| {
            format!("{:.1}", b as f64 / (1 << 20) as f64)
        });
        writeln!(
            out,
            "{:<28} {:>9} {:>11} {:>9.3} {:>12.0} {:>11.2} {:>9}",
            rules.meta.name,
            run.report.games,
            run.report.plies,
            run.seconds,
            run.games_per_second(),
            run.plies_per_second() / 1e6,
            peak
        )?;
        out.flush()?;
    }
    Ok(())
}

/// Writes records to `path`, one after another, streamed rather than
/// gathered into one string first.
fn write_records(path: &std::path::Path, records: &[Record]) -> Outcome {
    let cannot =
        |e: io::Error| Failure::Input(format!("{}: cannot write records: {e}", path.display()));
    let mut file = io::BufWriter::new(std::fs::File::create(path).map_err(cannot)?);
    for record in records {
        writeln!(file, "{record}").map_err(cannot)?;
    }
    file.flush().map_err(cannot)
}

/// A progress bar on standard error, shown only when it is a terminal.
struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    fn new(total: u64) -> Progress {
        Progress(io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}",
            ) {
                bar.set_style(style);
            }
            bar
        }))
    }

    fn tick(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

fn percent(p: &Proportion) -> String {
    format!(
        "{:.1}% [{:.1}, {:.1}]",
        p.value * 100.0,
        p.low * 100.0,
        p.high * 100.0
    )
}

fn print_match(out: &mut impl Write, report: &MatchReport, format: Format) -> Outcome {
    let elo = &report.elo;
    match format {
        Format::Json => {
            let line = serde_json::to_string(report).map_err(|e| Failure::Input(e.to_string()))?;
            writeln!(out, "{line}")?;
        }
        Format::Csv => {
            writeln!(
                out,
                "variant,player,opponent,games,wins,draws,losses,elo,elo_low,elo_high"
            )?;
            writeln!(
                out,
                "{},{},{},{},{},{},{},{:.1},{:.1},{:.1}",
                report.variant,
                report.player,
                report.opponent,
                report.games,
                report.wins,
                report.draws,
                report.losses,
                elo.difference,
                elo.low,
                elo.high
            )?;
        }
        Format::Table => {
            writeln!(
                out,
                "{}: {} vs {}, {} games, sides alternating",
                report.variant, report.player, report.opponent, report.games
            )?;
            writeln!(
                out,
                "  {} wins {}, draws {}, losses {}",
                report.player, report.wins, report.draws, report.losses
            )?;
            let score = Proportion::wilson(2 * report.wins + report.draws, 2 * report.games);
            writeln!(out, "  score {}", percent(&score))?;
            writeln!(out, "  Elo difference {elo}")?;
        }
    }
    Ok(())
}

fn print_comparison(out: &mut impl Write, reports: &[VariantReport], format: Format) -> Outcome {
    let reasons: std::collections::BTreeSet<&String> =
        reports.iter().flat_map(|r| r.reasons.keys()).collect();
    match format {
        Format::Json => {
            let text =
                serde_json::to_string_pretty(reports).map_err(|e| Failure::Input(e.to_string()))?;
            writeln!(out, "{text}")?;
        }
        Format::Csv => {
            let mut header = String::from(
                "variant,games,south_wins,south_low,south_high,north_wins,north_low,north_high,draws,draws_low,draws_high,mean_length,median_length,captured_per_game,branching,first_capture_ply",
            );
            for reason in &reasons {
                header.push_str(&format!(",end_{reason}"));
            }
            writeln!(out, "{header}")?;
            for r in reports {
                let mut line = format!("{},{}", r.variant, r.games);
                for p in [&r.south_wins, &r.north_wins, &r.draws] {
                    line.push_str(&format!(",{:.4},{:.4},{:.4}", p.value, p.low, p.high));
                }
                line.push_str(&format!(
                    ",{:.2},{:.1},{:.2},{:.3},{:.2}",
                    r.mean_length,
                    r.median_length,
                    r.captured_per_game,
                    r.branching,
                    r.first_capture_ply
                ));
                for reason in &reasons {
                    line.push_str(&format!(
                        ",{:.4}",
                        r.reasons.get(*reason).copied().unwrap_or(0.0)
                    ));
                }
                writeln!(out, "{line}")?;
            }
        }
        Format::Table => {
            let row = |label: &str, cell: &dyn Fn(&VariantReport) -> String| {
                (
                    label.to_string(),
                    reports.iter().map(cell).collect::<Vec<String>>(),
                )
            };
            let mut rows = vec![
                row("games", &|r| r.games.to_string()),
                row("South wins (95%)", &|r| percent(&r.south_wins)),
                row("North wins (95%)", &|r| percent(&r.north_wins)),
                row("draws (95%)", &|r| percent(&r.draws)),
                row("mean length (plies)", &|r| format!("{:.1}", r.mean_length)),
                row("median length (plies)", &|r| {
                    format!("{:.1}", r.median_length)
                }),
                row("seeds captured / game", &|r| {
                    format!("{:.1}", r.captured_per_game)
                }),
                row("mean branching factor", &|r| format!("{:.2}", r.branching)),
                row("first capture (ply)", &|r| {
                    format!("{:.1}", r.first_capture_ply)
                }),
            ];
            for reason in &reasons {
                rows.push(row(&format!("ends by {reason}"), &|r| {
                    format!(
                        "{:.1}%",
                        r.reasons.get(*reason).copied().unwrap_or(0.0) * 100.0
                    )
                }));
            }
            let label_width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(0) + 2;
            let width = rows
                .iter()
                .flat_map(|(_, cells)| cells.iter().map(String::len))
                .chain(reports.iter().map(|r| r.variant.len()))
                .max()
                .unwrap_or(0)
                + 3;
            write!(out, "{:<label_width$}", "")?;
            for r in reports {
                write!(out, "{:>width$}", r.variant)?;
            }
            writeln!(out)?;
            for (label, cells) in rows {
                write!(out, "{label:<label_width$}")?;
                for cell in cells {
                    write!(out, "{cell:>width$}")?;
                }
                writeln!(out)?;
            }
        }
    }
    Ok(())
}

fn load(variant: &str) -> Result<Rules, Failure> {
    Rules::load(variant).map_err(|e| Failure::Input(e.to_string()))
}

fn position_arg(rules: &Rules, text: &str) -> Result<Position, Failure> {
    let position = parse_position_in(text, "--from").map_err(|e| Failure::Input(e.to_string()))?;
    rules
        .check_position(&position)
        .map_err(|e| Failure::Input(format!("--from: {e}")))?;
    Ok(position)
}

fn start<'r>(rules: &'r Rules, from: Option<&str>) -> Result<Game<'r>, Failure> {
    let position = match from {
        Some(text) => position_arg(rules, text)?,
        None => rules.start(),
    };
    Game::from_position(rules, position).map_err(|e| Failure::Input(e.to_string()))
}

/// One shipped variant as `sow variants --format json` lists it.
#[derive(Serialize)]
struct VariantLine<'a> {
    group: &'a str,
    name: &'a str,
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
            writeln!(out, "group,name,aliases,summary")?;
            for line in &lines {
                let field = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
                writeln!(
                    out,
                    "{},{},{},{}",
                    field(line.group),
                    field(line.name),
                    field(&line.aliases.join(" ")),
                    field(line.summary.unwrap_or(""))
                )?;
            }
        }
        Format::Table => {
            let width = lines.iter().map(|l| l.name.len()).max().unwrap_or(0);
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
                    writeln!(out, "  {:width$}  {summary}{aliases}", meta.name)?;
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
        match Rules::from_path(file) {
            Ok(rules) => writeln!(out, "ok: {} ({})", file.display(), rules.meta.name)?,
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

fn moves(out: &mut impl Write, rules: &Rules, from: Option<&str>) -> Outcome {
    let game = start(rules, from)?;
    write!(out, "{}", draw(game.position()))?;
    writeln!(out, "{}", status(&game))?;
    if game.is_over() {
        return Ok(());
    }
    let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    writeln!(out, "legal: {}", legal.join(" "))?;
    for (mv, verdict) in rules.verdicts(game.position()) {
        if verdict != Verdict::Legal {
            writeln!(out, "  {mv}: {}", verdict.describe())?;
        }
    }
    Ok(())
}

fn explain(out: &mut impl Write, rules: &Rules, from: Option<&str>, text: &str) -> Outcome {
    let mut game = start(rules, from)?;
    let (mv, claimed) = parse_move(text).map_err(|e| Failure::Input(e.to_string()))?;
    writeln!(out, "Before:")?;
    write!(out, "{}", draw(game.position()))?;
    writeln!(out, "{}\n", status(&game))?;
    let mut events: Vec<Event> = Vec::new();
    let effect = game
        .play(mv, &mut events)
        .map_err(|e| Failure::Rule(e.to_string()))?;
    writeln!(out, "{mv}:")?;
    write!(out, "{}", steps_in(&events, &game))?;
    writeln!(out, "\nAfter:")?;
    write!(out, "{}", draw(game.position()))?;
    writeln!(out, "{}", status(&game))?;
    if let Some(claimed) = claimed
        && claimed != effect.captured as u32
    {
        return Err(Failure::Rule(format!(
            "the mark says {mv}x{claimed}, but {mv} captures {}",
            effect.captured
        )));
    }
    Ok(())
}

#[derive(Serialize)]
struct JsonPly {
    #[serde(rename = "move")]
    mv: String,
    board: Vec<u8>,
    stores: [u8; 2],
    to_move: Option<&'static str>,
    over: bool,
    /// In a variant with children: one mark a house, `.`, `S` or `N`.
    #[serde(skip_serializing_if = "Option::is_none")]
    children: Option<String>,
}

#[derive(Serialize)]
struct JsonGame<'a> {
    variant: &'a str,
    plies: Vec<JsonPly>,
    result: &'a str,
    reason: Option<String>,
}

fn replay(
    out: &mut impl Write,
    file: Option<PathBuf>,
    json: bool,
    keep_going: bool,
    variant: Option<&str>,
) -> Outcome {
    // The variant first: a wrong name fails before a pipe is read.
    let choice = VariantChoice::new(variant.map(load).transpose()?);
    let read = |origin: &str, reader: &mut dyn io::Read| {
        read_record_text(reader, origin).map_err(|e| Failure::Input(e.to_string()))
    };
    let (origin, text) = match file.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            let origin = path.display().to_string();
            let mut file = std::fs::File::open(path)
                .map_err(|e| Failure::Input(format!("{origin}: cannot read: {e}")))?;
            let text = read(&origin, &mut file)?;
            (origin, text)
        }
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
            Failure::BrokenPipe => String::new(),
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
struct GameAt<'a> {
    origin: &'a str,
    number: usize,
}

impl GameAt<'_> {
    /// `file:line:column: game N: message` when the fault is at a place,
    /// like parse errors; `file: game N: message` otherwise.
    fn say(&self, at: Option<(usize, usize)>, message: impl fmt::Display) -> String {
        let GameAt { origin, number } = self;
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
    let rules = choice
        .rules_for(record)
        .map_err(|e| Failure::Input(game_at.say(None, e)))?;
    let replay = record.replay(rules).map_err(|e| {
        let message = game_at.say(e.location(), &e);
        if e.is_rule_error() {
            Failure::Rule(message)
        } else {
            Failure::Input(message)
        }
    })?;
    let result = replay.result(record);
    if json {
        let game = JsonGame {
            variant: &rules.meta.name,
            plies: replay
                .plies
                .iter()
                .map(|ply| JsonPly {
                    mv: ply.mv.to_string(),
                    board: ply.position.houses().to_vec(),
                    stores: ply.position.stores(),
                    to_move: ply.to_move().map(Side::name),
                    over: ply.over,
                    children: rules.children.is_some().then(|| ply.position.child_marks()),
                })
                .collect(),
            result,
            reason: replay.game.outcome().map(|o| o.reason.name()),
        };
        let line = serde_json::to_string(&game).map_err(|e| Failure::Input(e.to_string()))?;
        writeln!(out, "{line}")?;
        return Ok(());
    }
    for (name, value) in &record.tags {
        writeln!(out, "[{name} \"{value}\"]")?;
    }
    write!(out, "{}", draw(&replay.start))?;
    let sides: Vec<Side> = replay.plies.iter().map(|p| p.mv.side()).collect();
    for (ply, (number, _)) in replay.plies.iter().zip(full_move_numbers(&sides)) {
        let mark = if ply.effect.captured > 0 {
            format!("x{}", ply.effect.captured)
        } else {
            String::new()
        };
        // Each ply stands alone under its board: `13. Ax2`, then `13... fx6`.
        let dots = move_number_dots(ply.mv.side());
        writeln!(out, "\n{number}{dots} {}{mark}", ply.mv)?;
        write!(out, "{}", draw(&ply.position))?;
    }
    writeln!(out, "{}  {result}\n", status(&replay.game))?;
    Ok(())
}

/// One side of a game at the terminal.
enum Seat {
    Human,
    Computer(Box<dyn Player>),
}

const PLAY_HELP: &str = "Type a house label to play it (A-F for South, a-f for North), or:
  moves   list the legal moves and why the others are excluded
  board   draw the board again
  last    show the last move step by step
  hint    ask the alpha-beta player for a move and its evaluation
  undo    take back your last move (and the replies after it)
  help    show this text
  quit    stop, and save the record";

/// The game so far as a record, kept up to date move by move (never rebuilt)
/// so that an interrupt can save it; `None` once it has been saved.
type SavedRecord = Arc<Mutex<Option<Record>>>;

/// Which board the players of `sow play` see.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum SeatArg {
    /// South's seat: South's row at the bottom, `A B C D E F`.
    South,
    /// North's seat: North's row at the bottom, `a b c d e f`.
    North,
}

/// What `sow play` was asked to do, as parsed.
struct PlayOptions<'a> {
    seats: [&'a str; 2],
    from: Option<&'a str>,
    seed: u64,
    record: Option<PathBuf>,
    resume: Option<PathBuf>,
    seat: Option<SeatArg>,
}

/// A game at the terminal: the game, its record so far, and the last move's
/// steps for `last`.
struct Session<'r> {
    rules: &'r Rules,
    game: Game<'r>,
    tags: Vec<(String, String)>,
    players: Vec<Seat>,
    seat: Side,
    seed: u64,
    /// The last move's line and steps, while it is the last move.
    last: Option<(String, String)>,
    saved: SavedRecord,
}

/// How a session's loop stopped, when it stopped early.
enum Stop {
    Quit,
    EndOfInput,
}

/// The most plies `sow play` shows before it stops a game between two
/// computer players that never ends (a variant with no ply limit).
const PLAY_PLY_CAP: usize = 1_000_000;

fn play(rules: &Rules, options: PlayOptions<'_>) -> Outcome {
    let mut names = [String::new(), String::new()];
    let mut players: Vec<Seat> = Vec::new();
    for (i, spec) in options.seats.iter().enumerate() {
        if *spec == "human" {
            names[i] = "human".into();
            players.push(Seat::Human);
        } else {
            let player = players::by_name(spec, options.seed.wrapping_add(i as u64))
                .map_err(Failure::Input)?;
            names[i] = player.name();
            players.push(Seat::Computer(player));
        }
    }
    let (game, tags, save_to) = match &options.resume {
        Some(path) => {
            let (game, tags) = resume(rules, path)?;
            let save_to = options.record.clone().unwrap_or_else(|| path.clone());
            (game, tags, Some(save_to))
        }
        None => {
            let game = start(rules, options.from)?;
            let tags = vec![
                ("Variant".to_string(), rules.meta.name.clone()),
                ("South".to_string(), names[0].clone()),
                ("North".to_string(), names[1].clone()),
                ("Date".to_string(), today()),
            ];
            (game, tags, options.record.clone())
        }
    };
    let human = |i: usize| matches!(players[i], Seat::Human);
    // A human alone at North sits at North; `--seat` overrides.
    let seat = match options.seat {
        Some(SeatArg::South) => Side::South,
        Some(SeatArg::North) => Side::North,
        None if human(1) && !human(0) => Side::North,
        None => Side::South,
    };
    let tag_refs: Vec<(&str, String)> = tags.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
    let saved: SavedRecord = Arc::new(Mutex::new(Some(record_of(&game, &tag_refs))));
    {
        let saved = Arc::clone(&saved);
        let save_to = save_to.clone();
        // On Ctrl-C, the game so far is saved before the process ends.
        let _ = ctrlc::set_handler(move || {
            let record = saved.lock().ok().and_then(|mut r| r.take());
            if let Some(record) = record {
                let _ = deliver_record(save_to.as_deref(), &record);
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
        last: None,
        saved,
    };
    let outcome = session.run();
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
                deliver_record(save_to.as_deref(), &record)
            }
            None => Ok(()),
        },
        Err(_) => Ok(()),
    };
    outcome.and(saving)
}

/// The last game of the record at `path`, replayed: the game (its history
/// holds the moves) and its tags.
fn resume<'r>(
    rules: &'r Rules,
    path: &std::path::Path,
) -> Result<(Game<'r>, Vec<(String, String)>), Failure> {
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Input(format!("{origin}: cannot read: {e}")))?;
    let records = parse_records(&text, &origin).map_err(|e| Failure::Input(e.to_string()))?;
    let number = records.len();
    let Some(record) = records.last() else {
        return Err(Failure::Input(format!("{origin}: no game to resume")));
    };
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
                    "the game is {}, not {}",
                    crate::diagnostic::excerpt(&recorded_name),
                    rules.meta.name
                ),
            )));
        }
    }
    let replay = record.replay(rules).map_err(|e| {
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
            writeln!(out, "Resumed after {} moves.", self.game.plies())?;
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
                    captured: (effect.captured > 0).then_some(effect.captured as u32),
                    ..RecordedMove::new(mv)
                });
            }
            let line = summarise(&before, mv, &events);
            writeln!(out, "{line}")?;
            self.last = Some((line, steps_in(&events, &self.game)));
            self.board(&mut out)?;
        }
        if let Some(Stop::Quit) = stop {
            writeln!(out, "Stopped after {} moves.", self.game.plies())?;
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
                for (mv, verdict) in self.rules.verdicts(self.game.position()) {
                    match verdict {
                        Verdict::Legal => writeln!(out, "  {mv}: legal")?,
                        other => writeln!(out, "  {mv}: {}", other.describe())?,
                    }
                }
            }
            "last" => match &self.last {
                Some((line, steps)) => write!(out, "{line}\n{steps}")?,
                None => writeln!(out, "no move to show yet")?,
            },
            "hint" => {
                let mut player = AlphaBetaPlayer::new(
                    Budget::Depth(HINT_DEPTH),
                    Evaluation::Stores,
                    Rng::new(self.seed),
                );
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
                if self.undo_to_human() {
                    self.last = None;
                    self.board(out)?;
                } else {
                    writeln!(out, "nothing to undo")?;
                }
            }
            _ => match parse_move(command) {
                Ok((mv, _)) => match self.rules.check_move(self.game.position(), mv) {
                    Ok(()) => return Ok(Some(Ok(mv))),
                    Err(error) => writeln!(
                        out,
                        "illegal: {error}. Try again (`moves` lists the legal ones)."
                    )?,
                },
                Err(_) => writeln!(out, "`{command}` is not a move or a command; type `help`.")?,
            },
        }
        Ok(None)
    }

    /// Takes back moves until it is a human's turn again, having undone at
    /// least one human move. Returns false when there is none to undo.
    fn undo_to_human(&mut self) -> bool {
        let players = &self.players;
        let is_human = |side: Side| matches!(players[side.index()], Seat::Human);
        let Some(last_human) = self
            .game
            .history()
            .iter()
            .rposition(|ply| is_human(ply.mv.side()))
        else {
            return false;
        };
        while self.game.plies() > last_human {
            self.game.undo();
            if let Ok(mut slot) = self.saved.lock()
                && let Some(record) = slot.as_mut()
            {
                record.moves.pop();
            }
        }
        true
    }
}

/// How deep the `hint` command searches.
const HINT_DEPTH: u32 = 6;

/// Appends the record to `path` as one more game, or prints it when there
/// is no path.
fn deliver_record(path: Option<&std::path::Path>, record: &Record) -> Outcome {
    match path {
        Some(path) => {
            append_record(path, record).map_err(|e| {
                Failure::Input(format!("{}: cannot write record: {e}", path.display()))
            })?;
            eprintln!("record added to {}", path.display());
            Ok(())
        }
        None => {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            writeln!(out, "\n{record}")?;
            Ok(())
        }
    }
}

/// Today's date as `YYYY.MM.DD` (UTC), the PGN form.
fn today() -> String {
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
