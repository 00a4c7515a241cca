//! Writes a MancalaGames game file, in that program's own format, for every
//! catalogue game `sow` ships (`variants/mancalagames/<stem>.toml`), or for
//! the games named, from
//! the parameters the MancalaGames catalogue lists for it
//! (`catalogue.json`): `tests/fixtures/mancalagames/GameProps/<Game>.txt`.
//! `scripts/catalogue_variants.sh` imports them into the shipped variant
//! files, and the tests check that each imports to its shipped file.
//!
//! The files hold the game's parameters and tags only (name, board, rule
//! parameters, rule book, origin, region), none of MancalaGames' texts; each
//! choice is written as MancalaGames' number for it, from the importer's own
//! table (`sow::import::game_file::PARAMETERS`).
//!
//! The catalogue is not in the repository (see docs/catalogue.md): give its
//! directory or its `catalogue.json`.
//!
//! Usage: `cargo run --example catalogue_game_files -- /path/to/catalogue [STEM ...]`

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;
use sow::import::game_file::{Kind, PARAMETERS};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(catalogue) = args.next() else {
        eprintln!("usage: catalogue_game_files /path/to/catalogue [STEM ...]");
        std::process::exit(2);
    };
    let only: Vec<String> = args.map(|a| a.to_lowercase()).collect();
    if let Err(message) = run(Path::new(&catalogue), &only) {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}

/// The catalogue, as far as a game file needs it.
#[derive(Deserialize)]
struct Catalogue {
    games: Vec<Game>,
}

#[derive(Deserialize)]
struct Game {
    stem: String,
    file: String,
    name: String,
    game_class: String,
    holes_per_side: i64,
    seeds_per_hole: i64,
    non_default_params: Ordered,
    rules_ref: Option<String>,
    origin: Option<String>,
    region: Option<String>,
}

/// A JSON object's entries in the text's order (`serde_json`'s maps sort
/// them): the catalogue lists the parameters in the game file's order, and
/// the imported variant lists them so.
struct Ordered(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Ordered {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Ordered, D::Error> {
        struct Entries;
        impl<'de> serde::de::Visitor<'de> for Entries {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Ordered, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Ordered(entries))
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

fn run(catalogue: &Path, only: &[String]) -> Result<(), String> {
    let json = if catalogue.is_dir() {
        catalogue.join("catalogue.json")
    } else {
        catalogue.to_path_buf()
    };
    let text = std::fs::read_to_string(&json).map_err(|e| format!("{}: {e}", json.display()))?;
    let catalogue: Catalogue =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", json.display()))?;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shipped: Vec<String> = std::fs::read_dir(root.join("variants/mancalagames"))
        .map_err(|e| e.to_string())?
        .filter_map(|e| {
            e.ok()?
                .path()
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .collect();
    let out = root.join("tests/fixtures/mancalagames/GameProps");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let mut written = 0;
    for game in &catalogue.games {
        let lower = game.stem.to_lowercase();
        let wanted = if only.is_empty() {
            shipped.contains(&lower)
        } else {
            only.contains(&lower)
        };
        if !wanted {
            continue;
        }
        std::fs::write(out.join(&game.file), game_file(game)?).map_err(|e| e.to_string())?;
        written += 1;
    }
    println!("{written} game files in {}", out.display());
    Ok(())
}

/// The game file for one catalogue entry.
fn game_file(game: &Game) -> Result<String, String> {
    let text = |v: &str| serde_json::to_string(v).unwrap_or_default();
    let mut info = vec![format!("      \"name\": {}", text(&game.name))];
    for (name, value) in &game.non_default_params.0 {
        info.push(format!("      \"{name}\": {}", file_value(name, value)?));
    }
    let mut tags = vec!["   }".to_string()];
    for (tag, value) in [
        ("rules", &game.rules_ref),
        ("origin", &game.origin),
        ("region", &game.region),
    ] {
        if let Some(value) = value.as_deref().filter(|v| !v.is_empty()) {
            tags.push(format!("   \"{tag}\": {}", text(value)));
        }
    }
    let lines = [
        "{".to_string(),
        format!("   \"game_class\": {},", text(&game.game_class)),
        "   \"game_constants\": {".into(),
        format!("      \"holes\": {},", game.holes_per_side),
        format!("      \"nbr_start\": {}", game.seeds_per_hole),
        "   },".into(),
        "   \"game_info\": {".into(),
        info.join(",\n"),
        tags.join(",\n"),
        "}".into(),
    ];
    Ok(lines.join("\n") + "\n")
}

/// A parameter's value as MancalaGames writes it: a choice as its number.
fn file_value(name: &str, value: &Value) -> Result<String, String> {
    let parameter = PARAMETERS
        .iter()
        .find(|p| p.name == name)
        .ok_or(format!("{name} is not a MancalaGames parameter"))?;
    Ok(match (parameter.kind, value) {
        (Kind::Choice(choices), Value::String(choice)) => choices
            .iter()
            .find(|(_, c)| c == choice)
            .map(|(number, _)| number.to_string())
            .ok_or(format!("{name} has no choice {choice}"))?,
        (Kind::Counts, Value::Array(items)) => format!(
            "[ {} ]",
            items
                .iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => value.to_string(),
    })
}
