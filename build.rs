//! Embeds every catalogue variant file (`variants/mancalagames/*.toml`) in
//! the library: adding a game is adding its file. The list is written to
//! `$OUT_DIR/catalogue.rs` as `(file name, contents)` pairs, sorted by name.

use std::path::Path;

fn main() {
    let dir = Path::new("variants/mancalagames");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = String::from("&[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_name().unwrap().to_string_lossy();
        let absolute = std::fs::canonicalize(path).expect("a readable variant file");
        out.push_str(&format!(
            "    (\"mancalagames/{name}\", include_str!({:?})),\n",
            absolute.display().to_string()
        ));
    }
    out.push_str("]\n");
    let target = Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalogue.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
