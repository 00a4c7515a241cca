//! How `match` and `compare` print their reports: tables, CSV and JSON, and
//! the progress bar shown while they run.

use super::*;

/// A progress bar on standard error, shown only when it is a terminal.
pub(super) struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    pub(super) fn new(total: u64) -> Progress {
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

    pub(super) fn tick(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    pub(super) fn finish(&self) {
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

pub(super) fn print_match(out: &mut impl Write, report: &MatchReport, format: Format) -> Outcome {
    let elo = &report.elo;
    match format {
        Format::Json => {
            let line = serde_json::to_string(report).map_err(|e| Failure::Input(e.to_string()))?;
            writeln!(out, "{line}")?;
        }
        Format::Csv => {
            writeln!(
                out,
                "variant,player,opponent,games,wins,draws,losses,elo,elo_low,elo_high,seed"
            )?;
            writeln!(
                out,
                "{},{},{},{},{},{},{},{:.1},{:.1},{:.1},{}",
                report.variant,
                report.player,
                report.opponent,
                report.games,
                report.wins,
                report.draws,
                report.losses,
                elo.difference,
                elo.low,
                elo.high,
                report.seed
            )?;
        }
        Format::Table => {
            writeln!(
                out,
                "{}: {} vs {}, {} games, sides alternating, seed {}",
                report.variant, report.player, report.opponent, report.games, report.seed
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

pub(super) fn print_comparison(
    out: &mut impl Write,
    reports: &[VariantReport],
    format: Format,
) -> Outcome {
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
                "variant,games,seed,south_wins,south_low,south_high,north_wins,north_low,north_high,draws,draws_low,draws_high,mean_length,median_length,captured_per_game,branching,first_capture_ply",
            );
            header.push_str(",rounds_per_match");
            for reason in &reasons {
                header.push_str(&format!(",end_{reason}"));
            }
            writeln!(out, "{header}")?;
            for r in reports {
                let mut line = format!("{},{},{}", r.variant, r.games, r.seed);
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
                // Empty for a game of one round.
                line.push(',');
                if let Some(rounds) = r.rounds_per_match {
                    line.push_str(&format!("{rounds:.2}"));
                }
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
                row("seed", &|r| r.seed.to_string()),
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
            if reports.iter().any(|r| r.rounds_per_match.is_some()) {
                rows.push(row("rounds per match", &|r| {
                    r.rounds_per_match
                        .map_or("-".into(), |rounds| format!("{rounds:.1}"))
                }));
            }
            for reason in &reasons {
                rows.push(row(&format!("ends by {reason}"), &|r| {
                    format!(
                        "{:.1}%",
                        r.reasons.get(*reason).copied().unwrap_or(0.0) * 100.0
                    )
                }));
            }
            // A name as long as a file allows would make a column wider than
            // any screen (and than `format!` can pad): names are cut.
            let names: Vec<String> = reports.iter().map(|r| excerpt(&r.variant)).collect();
            let label_width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(0) + 2;
            let width = rows
                .iter()
                .flat_map(|(_, cells)| cells.iter().map(String::len))
                .chain(names.iter().map(|name| name.chars().count()))
                .max()
                .unwrap_or(0)
                + 3;
            write!(out, "{:<label_width$}", "")?;
            for name in &names {
                write!(out, "{name:>width$}")?;
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
