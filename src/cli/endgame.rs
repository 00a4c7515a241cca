//! `sow solve VARIANT --build-db SEEDS --db DIR`: an endgame database
//! built layer by layer, each layer's file written whole as soon as it is
//! solved; Ctrl-C stops the build between steps and keeps what is written.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use serde::Serialize;
use sow::Engine;
use sow::endgame::{self, BuildOptions, EndgameError, Progress};
use sow::summary::counted;

use super::{Failure, Outcome};

/// The memory a build may use unless told otherwise, in MiB: under 4 GiB.
pub(super) const DEFAULT_MEMORY_MIB: u64 = 3584;

/// What `--json` prints of a build.
#[derive(Serialize)]
struct Built<'a> {
    variant: &'a str,
    dir: String,
    max_seeds: u32,
    positions: u64,
    by_convention: u64,
    seconds: f64,
}

/// Builds (or completes) the database of `rules` up to `seeds` seeds on
/// the board in `dir`.
pub(super) fn build_database(
    out: &mut impl Write,
    engine: &Arc<Engine>,
    seeds: u32,
    dir: &Path,
    memory_mib: u64,
    json: bool,
    stop: &AtomicBool,
) -> Outcome {
    let rules = engine.rules();
    let options = BuildOptions {
        max_seeds: seeds,
        memory_limit: memory_mib.saturating_mul(1 << 20),
    };
    let started = Instant::now();
    let spinner = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar
    });
    let report = |progress: Progress| {
        let line = match progress {
            Progress::Solving { seeds, positions } => {
                format!("solving layer {seeds}: {}", counted(positions, "position"))
            }
            Progress::Read { seeds } => format!("layer {seeds}: already built, read"),
            Progress::Written {
                seeds,
                path,
                positions,
                by_convention,
            } => format!(
                "layer {seeds}: {}, {by_convention} decided by the cycle convention, written to {} ({:.1} s)",
                counted(positions, "position"),
                path.display(),
                started.elapsed().as_secs_f64()
            ),
        };
        match &spinner {
            Some(bar) => bar.set_message(line),
            None => eprintln!("{line}"),
        }
    };
    let built = endgame::build(engine, dir, &options, stop, &report);
    if let Some(bar) = &spinner {
        bar.finish_and_clear();
    }
    let db = built.map_err(|error| match error {
        EndgameError::Stopped { .. } => {
            eprintln!("{error}");
            Failure::Interrupted
        }
        other => Failure::from(other),
    })?;
    let summary = Built {
        variant: &rules.meta.name,
        dir: dir.display().to_string(),
        max_seeds: db.max_seeds(),
        positions: db.positions(),
        by_convention: db.by_convention(),
        seconds: started.elapsed().as_secs_f64(),
    };
    if json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&summary).expect("plain data")
        )?;
    } else {
        writeln!(
            out,
            "endgame database of {}: up to {} on the board, {} ({} decided by the cycle convention), in {} ({:.1} s)",
            summary.variant,
            counted(u64::from(summary.max_seeds), "seed"),
            counted(summary.positions, "position"),
            summary.by_convention,
            summary.dir,
            summary.seconds
        )?;
    }
    Ok(())
}
