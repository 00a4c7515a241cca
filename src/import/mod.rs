//! `sow import`: a MancalaGames game file (`GameProps/<Game>.txt`, that
//! program's own JSON) as a `sow` variant file.
//!
//! MancalaGames (StoneShark/MancalaGames, GPL-3.0) describes a game as rule
//! parameters. [`game_file`] reads them, by name; `mapping` turns them
//! into `sow`'s keys, or refuses the game, naming the parameter `sow` cannot
//! express, so a game never imports as a different one. The variant file
//! that comes out lists the parameters it came from, and the rulings that
//! the catalogue's recorded games decided ([`rulings`]), as comments. The
//! catalogue's games that `sow` ships (`variants/mancalagames/`) are this
//! module's output for their game files (`tests/fixtures/mancalagames/`).

use std::ops::Range;
use std::path::Path;

use crate::diagnostic::Located;

pub mod game_file;
mod mapping;
pub mod rulings;
mod summary;

pub use game_file::{GameFile, MAX_GAME_FILE_BYTES};

/// MancalaGames, as the imported files name it.
const MANCALAGAMES: &str = "StoneShark/MancalaGames, https://github.com/StoneShark/MancalaGames";

/// The directory MancalaGames keeps its game files in.
const GAME_PROPS: &str = "GameProps";

/// Why a game file could not be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// The text is not a MancalaGames game file: not JSON, a value of the
    /// wrong type, a parameter MancalaGames does not have.
    Invalid(Box<Located>),
    /// The game is one `sow` cannot play: a parameter, a value or a
    /// combination its rule model does not express.
    Unsupported(Box<Located>),
}

impl ImportError {
    fn invalid(
        origin: &str,
        text: &str,
        span: Range<usize>,
        message: String,
        hint: Option<String>,
    ) -> ImportError {
        ImportError::Invalid(Box::new(Located::new(origin, text, span, message, hint)))
    }
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportError::Invalid(located) | ImportError::Unsupported(located) => located.fmt(f),
        }
    }
}

impl std::error::Error for ImportError {}

/// A rule `sow` cannot express: what, and the parameter to point at.
struct Unsupported {
    parameter: &'static str,
    message: String,
}

/// The variant file for the game file `text`; `origin`, its path, names it
/// in errors and in the variant (`mg-` and the file's stem). A file in a
/// `GameProps` directory is one of MancalaGames' own, named as MancalaGames
/// names it, with the catalogue's rulings for its game.
pub fn import(text: &str, origin: &str) -> Result<String, ImportError> {
    let game = GameFile::parse(text, origin)?;
    let unsupported = |span: Range<usize>, message: String| {
        ImportError::Unsupported(Box::new(Located::new(
            origin,
            text,
            span,
            format!("sow cannot express {message}"),
            Some("variants/README.md lists what a sow variant can say".into()),
        )))
    };
    if mapping::class_sowing(&game.game_class.0).is_none() {
        return Err(unsupported(
            game.game_class.1.clone(),
            format!(
                "game_class = {}: sow plays MancalaGames' classes Mancala (two rows, sown round), NorthSouthCycle (each side round its own row), ZigZag, BearOff, Diffusion, NSGratuitous, EWGratuitous and ShareOne",
                game.game_class.0
            ),
        ));
    }
    let (holes, (seeds, seeds_at)) = (game.holes, game.seeds.clone());
    // A random start deals nbr_start seeds in all; every other start puts
    // them in every house.
    let random =
        mapping::deals_at_random(game.setting("start_pattern").and_then(|s| match s.value {
            game_file::Value::Choice(choice) => Some(choice),
            _ => None,
        }));
    let total = if random {
        i128::from(seeds)
    } else {
        i128::from(seeds) * i128::from(2 * holes)
    };
    if total > i128::from(crate::position::MAX_SEEDS) {
        return Err(unsupported(
            seeds_at,
            format!(
                "nbr_start = {seeds}: 2 rows of {holes} houses of {seeds} seeds make {total} seeds, and a sow game holds at most {}",
                crate::position::MAX_SEEDS
            ),
        ));
    }
    let reading = mapping::Reading::new(&game);
    let at = |parameter: &str| game.setting(parameter).map_or(0..1, |s| s.span.clone());
    let sections =
        mapping::sections(&reading).map_err(|e| unsupported(at(e.parameter), e.message))?;
    let unread = reading.unread();
    if let Some(first) = unread.first() {
        let named: Vec<String> = unread
            .iter()
            .map(|name| format!("{name} = {}", value_text(&game, name)))
            .collect();
        return Err(unsupported(at(first), named.join(", ")));
    }
    let variant = write(&game, &reading, sections, &source_of(origin));
    // The refusal is of the variant written, whose lines are not the game
    // file's: it points at the game file's rules (`game_info`) and quotes
    // the variant's line.
    crate::rules::Rules::compile_unnamed(&variant, "the variant").map_err(|e| {
        let why = match &e {
            crate::rules::RulesError::Invalid(located) => format!(
                "{} (line {} of the variant written for it: `{}`)",
                located.message,
                located.line,
                located.source_line.trim()
            ),
            other => other.to_string(),
        };
        unsupported(
            game.info_at.clone(),
            format!("this game: its variant would be refused: {why}"),
        )
    })?;
    Ok(variant)
}

/// A parameter's value without a choice's quotes.
fn value_text(game: &GameFile, name: &str) -> String {
    game.setting(name)
        .map(|s| s.value.to_string().trim_matches('"').to_string())
        .unwrap_or_default()
}

/// Where a game file comes from.
struct Source {
    /// Its name as the variant shows it: `GameProps/Kalah.txt`, or the
    /// file's own name.
    file: String,
    /// Its stem: `Kalah`.
    stem: String,
    /// Whether it is one of MancalaGames' own (in `GameProps`).
    catalogue: bool,
}

fn source_of(origin: &str) -> Source {
    let path = Path::new(origin);
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    let file = name(path).unwrap_or_else(|| origin.to_string());
    let stem = path
        .file_stem()
        .map_or_else(|| file.clone(), |s| s.to_string_lossy().into_owned());
    let catalogue = path.parent().and_then(name).as_deref() == Some(GAME_PROPS);
    Source {
        file: if catalogue {
            format!("{GAME_PROPS}/{file}")
        } else {
            file
        },
        stem,
        catalogue,
    }
}

/// `mg-` and the stem in lower case, other than letters and digits as `-`.
fn variant_name(stem: &str) -> String {
    let word: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    format!("mg-{word}")
}

/// A TOML string: JSON's escapes are TOML's.
fn toml_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// The variant file: comments first (where it comes from, its parameters,
/// the rulings), then the tables.
fn write(
    game: &GameFile,
    reading: &mapping::Reading,
    sections: mapping::Sections,
    source: &Source,
) -> String {
    let name = &game.name;
    let file = &source.file;
    let mut lines = if source.catalogue {
        vec![
            format!("# {name}, as the MancalaGames catalogue configures it"),
            format!("# ({file} in {MANCALAGAMES})."),
        ]
    } else {
        vec![format!(
            "# {name}, as the MancalaGames game file {file} configures it."
        )]
    };
    let cited_by = if source.catalogue {
        "the catalogue"
    } else {
        "the game file"
    };
    lines.push(format!(
        "# Rules after: {}",
        game.rules
            .clone()
            .unwrap_or_else(|| format!("MancalaGames itself ({cited_by} cites no rule book)"))
    ));
    let whose = if source.catalogue {
        "the catalogue's"
    } else {
        "the game file's"
    };
    lines.push(format!(
        "# Every key is documented in variants/README.md; {whose}"
    ));
    lines.push("# parameters, in MancalaGames' own names, were:".into());
    for setting in &game.settings {
        lines.push(format!(
            "#   {} = {}",
            setting.parameter.name, setting.value
        ));
    }
    let mut notes = sections.notes;
    if sections.end.iter().any(|l| l.starts_with("majority")) {
        notes.push("MancalaGames ends a most-seeds game as soon as a store holds more than half the seeds, and leaves the board as it is: majority.".into());
    }
    let rulings: &[&str] = if source.catalogue {
        rulings::rulings(&source.stem)
    } else {
        &[]
    };
    for ruling in rulings
        .iter()
        .copied()
        .chain(notes.iter().map(String::as_str))
    {
        lines.push(format!("# Ruling: {ruling}"));
    }
    lines.push(String::new());
    lines.push("[variant]".into());
    lines.push(format!(
        "name = {}",
        toml_string(&variant_name(&source.stem))
    ));
    lines.push(format!("title = {}", toml_string(name)));
    if let Some(region) = &game.region {
        lines.push(format!("region = {}", toml_string(region)));
    }
    let from = if source.catalogue {
        format!("MancalaGames game file {file} ({MANCALAGAMES})")
    } else {
        format!("MancalaGames game file {file}")
    };
    lines.push(format!("source = {}", toml_string(&from)));
    if let Some(rules) = &game.rules {
        lines.push(format!("rule_book = {}", toml_string(rules)));
    }
    if let Some(differs) = rulings::differs(&source.stem).filter(|_| source.catalogue) {
        lines.push(format!("differs_from = {}", toml_string(differs)));
    }
    lines.push(format!(
        "summary = {}",
        toml_string(&summary::summary(reading))
    ));
    lines.push(String::new());
    lines.push("[board]".into());
    lines.push(format!("houses_per_side = {}", game.holes));
    let seeds = game.seeds.0;
    let total = sections.total;
    match &sections.start {
        Some(start) => {
            lines.push(format!(
                "seeds_per_house = {seeds}        # the pattern's seeds per house; {total} seeds in all"
            ));
            lines.push(format!(
                "start = {}        # start_pattern = {}",
                game_file::number_list(start),
                value_text(game, "start_pattern")
            ));
        }
        None if reading.choice("start_pattern") == Some("RANDOM") => lines.push(format!(
            "start = {{ random = {total} }}        # start_pattern = RANDOM: each game deals its own start"
        )),
        // Every house the deal fills holds 4 seeds or more.
        None if reading.choice("start_pattern") == Some("RANDOM_ZEROS") => lines.push(format!(
            "start = {{ random = {total}, empty_or_at_least = 4 }}        # start_pattern = RANDOM_ZEROS: each game deals its own start"
        )),
        None => lines.push(format!("seeds_per_house = {seeds}        # {total} seeds")),
    }
    lines.extend(sections.board.iter().cloned());
    let mut table = |title: &str, body: Vec<String>| {
        if !body.is_empty() {
            lines.push(String::new());
            lines.push(format!("[{title}]"));
            lines.extend(body);
        }
    };
    table("sowing", sections.sowing);
    table("play", sections.play);
    table("capture", sections.capture);
    table("turn", sections.turn);
    table("children", sections.children);
    table("blocking", sections.blocking);
    table("rounds", sections.rounds);
    let mut end = vec![
        "# MancalaGames has no rule that ends a repeating game; a ply limit".to_string(),
        "# above every game it finished (they stop at 2000 plies) stands in.".to_string(),
    ];
    end.extend(sections.end);
    table("end", end);
    lines.join("\n") + "\n"
}
