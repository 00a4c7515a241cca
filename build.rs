//! Embeds every shipped variant file of the catalogues
//! (`variants/mancalagames/*.toml`, `variants/ludii/*.toml`) in the
//! library: adding a game is adding its file. Each directory's list is
//! written to `$OUT_DIR/<directory>.rs` as `(file name, contents)` pairs,
//! sorted by name.

use std::path::Path;

fn embed(directory: &str) {
    let dir = Path::new("variants").join(directory);
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
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
            "    (\"{directory}/{name}\", include_str!({:?})),\n",
            absolute.display().to_string()
        ));
    }
    out.push_str("]\n");
    let target = Path::new(&std::env::var("OUT_DIR").unwrap()).join(format!("{directory}.rs"));
    std::fs::write(target, out).expect("OUT_DIR is writable");
}

fn main() {
    embed("mancalagames");
    embed("ludii");
}
