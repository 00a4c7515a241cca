//! The database on disk: one file a layer, each with a header naming the
//! rules it was built for, and a checksum, so that a database of other
//! rules, a truncated file or a damaged one is refused, never read wrong.
//!
//! A layer file is: the magic `SOWENDGM`, the format version, the rules'
//! digest, the board (houses a side, seeds in play, whether entries are
//! by store), the layer (seeds on the board, stores a board, entries), the
//! entries (three signed bytes each), and an FNV-1a checksum of all that,
//! every number little-endian. It is written to a temporary name and
//! renamed, so a file under its own name is always whole.

use std::io::Write as _;
use std::path::Path;

use super::index::Compositions;
use super::{Database, EndgameError, Layer, fits, layer_path};
use crate::rng::stable_hash;
use crate::rules::Rules;

const MAGIC: &[u8; 8] = b"SOWENDGM";
const VERSION: u32 = 1;
/// Magic, version, digest, houses, seeds, by store, layer seeds, stores,
/// entries.
const HEADER: usize = 8 + 4 + 8 + 4 + 4 + 1 + 4 + 4 + 8;

/// Opens the database of `rules` in `dir`: every layer from 0 up, until
/// the first missing one.
pub fn open(rules: &Rules, dir: &Path) -> Result<Database, EndgameError> {
    let by_store = fits(rules)?;
    let mut db = Database {
        dir: dir.to_path_buf(),
        digest: rules.digest(),
        houses_per_side: rules.houses_per_side(),
        total_seeds: rules.total_seeds(),
        by_store,
        layers: Vec::new(),
        compositions: Compositions::new(2 * rules.houses_per_side(), 0),
    };
    let mut seeds = 0;
    loop {
        let path = layer_path(dir, seeds);
        if !path.exists() || seeds > rules.total_seeds() {
            break;
        }
        db.compositions = Compositions::new(2 * db.houses_per_side, seeds);
        let layer = read_layer(&path, &db, seeds, &rules.meta.name)?;
        db.layers.push(layer);
        seeds += 1;
    }
    if db.layers.is_empty() {
        return Err(EndgameError::Missing {
            path: dir.to_path_buf(),
        });
    }
    Ok(db)
}

/// Reads layer `seeds` from `path`, checking it belongs to `db`'s rules.
pub(crate) fn read_layer(
    path: &Path,
    db: &Database,
    seeds: u32,
    variant: &str,
) -> Result<Layer, EndgameError> {
    let io = |source| EndgameError::Io {
        path: path.to_path_buf(),
        source,
    };
    let corrupt = |why: &str| EndgameError::Corrupt {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    // A layer linked to a device or a FIFO would be read without end, or
    // block: only a regular file is read.
    crate::diagnostic::regular_file(path).map_err(io)?;
    let bytes = std::fs::read(path).map_err(io)?;
    if bytes.len() < HEADER + 8 || &bytes[..8] != MAGIC {
        return Err(corrupt("it does not start with a database header"));
    }
    let mut at = 8;
    let mut take = |n: usize| {
        let field = &bytes[at..at + n];
        at += n;
        let mut value = 0u64;
        for (i, &b) in field.iter().enumerate() {
            value |= u64::from(b) << (8 * i);
        }
        value
    };
    let version = take(4);
    let digest = take(8);
    let houses = take(4);
    let total = take(4);
    let by_store = take(1);
    let layer_seeds = take(4);
    let stores = take(4);
    let entries = take(8);
    if version != u64::from(VERSION) {
        return Err(corrupt(&format!(
            "format version {version}, this sow reads version {VERSION}"
        )));
    }
    if digest != db.digest
        || houses != db.houses_per_side as u64
        || total != u64::from(db.total_seeds)
        || (by_store == 1) != db.by_store
    {
        return Err(EndgameError::OtherRules {
            path: path.to_path_buf(),
            variant: variant.to_string(),
        });
    }
    let expected_stores = if db.by_store {
        db.total_seeds - seeds + 1
    } else {
        1
    };
    let expected = db.compositions.boards(seeds) * 2 * u64::from(expected_stores);
    if layer_seeds != u64::from(seeds)
        || stores != u64::from(expected_stores)
        || entries != expected
    {
        return Err(corrupt(&format!(
            "it should hold the {expected} positions of {seeds} seeds on the board"
        )));
    }
    let body = HEADER + 3 * entries as usize;
    if bytes.len() != body + 8 {
        return Err(corrupt(&format!(
            "{} bytes, a whole file has {} (truncated?)",
            bytes.len(),
            body + 8
        )));
    }
    let sum = u64::from_le_bytes(bytes[body..].try_into().expect("eight bytes"));
    if sum != stable_hash(&bytes[..body]) {
        return Err(corrupt("its checksum does not match: the file is damaged"));
    }
    let entries: Vec<[i8; 3]> = bytes[HEADER..body]
        .chunks_exact(3)
        .map(|e| [e[0] as i8, e[1] as i8, e[2] as i8])
        .collect();
    let bound = seeds as i8;
    if entries
        .iter()
        .any(|e| !(-bound <= e[0] && e[0] <= e[2] && e[2] <= e[1] && e[1] <= bound))
    {
        return Err(corrupt("a value lies outside what its seeds allow"));
    }
    Ok(Layer {
        seeds,
        stores: expected_stores,
        entries,
    })
}

/// Writes `layer` of `db` to `path`, whole or not at all.
pub(crate) fn write_layer(path: &Path, db: &Database, layer: &Layer) -> Result<(), EndgameError> {
    let mut bytes = Vec::with_capacity(HEADER + 3 * layer.entries.len() + 8);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&db.digest.to_le_bytes());
    bytes.extend_from_slice(&(db.houses_per_side as u32).to_le_bytes());
    bytes.extend_from_slice(&db.total_seeds.to_le_bytes());
    bytes.push(u8::from(db.by_store));
    bytes.extend_from_slice(&layer.seeds.to_le_bytes());
    bytes.extend_from_slice(&layer.stores.to_le_bytes());
    bytes.extend_from_slice(&(layer.entries.len() as u64).to_le_bytes());
    for entry in &layer.entries {
        bytes.extend(entry.iter().map(|&v| v as u8));
    }
    let sum = stable_hash(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    let partial = path.with_extension("sowdb.partial");
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |source| EndgameError::Io { path: p, source }
    };
    let written = std::fs::File::create(&partial)
        .and_then(|mut f| {
            f.write_all(&bytes)?;
            f.sync_all()
        })
        .map_err(io(&partial));
    if let Err(e) = written {
        // A full disk leaves no half file behind.
        let _ = std::fs::remove_file(&partial);
        return Err(e);
    }
    std::fs::rename(&partial, path).map_err(io(path))
}
