//! The names a shipped variant answers to: its name and aliases in any
//! case, and, spelled loosely, its game's own title (`toguz kumalak`,
//! `Toguz_Kumalak` and `toguz-kumalak` all find `mg-toguz-kumalak`, whose
//! title is `Toguz Kumalak`). A loose spelling that fits two variants finds
//! neither, and the message lists both.

use std::sync::OnceLock;

use super::{CompileError, builtin_rules, edit_distance};

/// `text` as names are compared loosely: lowercase, common accents dropped,
/// each run of other characters one hyphen, none at either end (`Sàn Yáo`
/// and `san_yao` are both `san-yao`).
pub fn loose_name(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut gap = false;
    for c in text.chars().flat_map(char::to_lowercase).map(unaccented) {
        if c.is_ascii_alphanumeric() {
            if gap && !out.is_empty() {
                out.push('-');
            }
            gap = false;
            out.push(c);
        } else {
            gap = true;
        }
    }
    out
}

/// The letter under a Latin accent, as the catalogue's titles write them
/// (`Dépouiller`, `Kâra`, `Meusuëb`).
fn unaccented(c: char) -> char {
    const FOLDS: [(&str, char); 8] = [
        ("àáâãäå", 'a'),
        ("çć", 'c'),
        ("èéêë", 'e'),
        ("ìíîï", 'i'),
        ("ñ", 'n'),
        ("òóôõöø", 'o'),
        ("ùúûü", 'u'),
        ("ýÿ", 'y'),
    ];
    FOLDS
        .iter()
        .find(|(accented, _)| accented.contains(c))
        .map_or(c, |&(_, plain)| plain)
}

/// One shipped variant's names: its name, its names and aliases
/// lowercased (exact matches), and every name, alias and title loosely
/// spelled.
struct Entry {
    name: String,
    exact: Vec<String>,
    loose: Vec<String>,
}

/// The shipped variants' names, made once, in the shipped files' order.
fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        builtin_rules()
            .into_iter()
            .map(|rules| {
                let meta = rules.meta;
                let exact: Vec<String> = std::iter::once(&meta.name)
                    .chain(&meta.aliases)
                    .map(|n| n.to_ascii_lowercase())
                    .collect();
                let loose = std::iter::once(&meta.name)
                    .chain(&meta.aliases)
                    .chain(&meta.title)
                    .map(|n| loose_name(n))
                    .collect();
                Entry {
                    name: meta.name,
                    exact,
                    loose,
                }
            })
            .collect()
    })
}

/// The shipped variant `name` stands for, as `(index among the shipped
/// files, its name)`: the one whose name or alias it is, in any case, or
/// else the only one whose name, alias or title it spells loosely. Where
/// none is found, what to suggest instead (``` `mg-bao` ```, or ``` `a` or
/// `b` ``` where a loose name fits several), if anything is close.
pub fn find_shipped(name: &str) -> Result<(usize, &'static str), Option<String>> {
    let entries = entries();
    let lower = name.trim().to_ascii_lowercase();
    if let Some(index) = entries.iter().position(|e| e.exact.contains(&lower)) {
        return Ok((index, &entries[index].name));
    }
    let loose = loose_name(name);
    if loose.is_empty() {
        return Err(None);
    }
    let fits: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].loose.contains(&loose))
        .collect();
    if let [index] = fits[..] {
        return Ok((index, &entries[index].name));
    }
    if !fits.is_empty() {
        return Err(Some(either(fits.iter().map(|&i| &entries[i]))));
    }
    // The first words of titles (`hus` for `Hus (Damara)`), if few.
    let word = format!("{loose}-");
    let begun: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.loose.iter().any(|l| l.starts_with(&word)))
        .collect();
    if (1..=4).contains(&begun.len()) {
        return Err(Some(either(begun)));
    }
    // A slip of a letter or two (`kalh` for `kalah`).
    let loose = loose.as_str();
    let (distance, closest) = entries
        .iter()
        .flat_map(|e| e.loose.iter().map(move |l| (edit_distance(loose, l), e)))
        .min_by_key(|&(distance, _)| distance)
        .expect("variants are shipped");
    let near = distance <= 2.min(loose.chars().count() / 2).max(1);
    Err(near.then(|| format!("`{}`", closest.name)))
}

/// ``` `a` ```, ``` `a` or `b` ```, ``` `a`, `b` or `c` ```.
fn either<'e>(entries: impl IntoIterator<Item = &'e Entry>) -> String {
    let names: Vec<String> = entries
        .into_iter()
        .map(|e| format!("`{}`", e.name))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// Refuses a name or alias that a shipped variant answers to exactly: the
/// command line could not tell the two apart, and a comparison would show
/// two columns of one name. (A title may be shared: `Kalah` is the title
/// of `kalah` and of the catalogue's `mg-kalah`.)
pub(super) fn names_are_free(words: &[toml::Spanned<String>]) -> Result<(), CompileError> {
    for word in words {
        let lower = word.get_ref().trim().to_ascii_lowercase();
        if let Some(owner) = entries().iter().find(|e| e.exact.contains(&lower)) {
            let owner = &owner.name;
            return Err((
                word.span(),
                format!(
                    "`{}` is already the shipped variant {owner}'s name or alias; a variant of your own needs names of its own",
                    word.get_ref().trim()
                ),
                Some(format!(
                    "rename it (say `{owner}-mine`), and drop or change aliases and summary copied from {owner}"
                )),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loose_names_ignore_case_accents_and_separators() {
        assert_eq!(loose_name("Toguz Kumalak"), "toguz-kumalak");
        assert_eq!(loose_name("toguz_kumalak"), "toguz-kumalak");
        assert_eq!(loose_name("  Sàn Yáo "), "san-yao");
        assert_eq!(loose_name("J'Odu"), "j-odu");
        assert_eq!(loose_name("Leab El-ákil"), "leab-el-akil");
        assert_eq!(loose_name("--"), "");
    }

    #[test]
    fn games_answer_to_their_own_names() {
        let found = |name: &str| find_shipped(name).map(|(_, n)| n);
        assert_eq!(found("bao"), Ok("mg-bao"));
        assert_eq!(found("toguz-kumalak"), Ok("mg-toguz-kumalak"));
        assert_eq!(found("Toguz Kumalak"), Ok("mg-toguz-kumalak"));
        assert_eq!(found("depouiller"), Ok("mg-depouiller"));
        assert_eq!(found("Kisolo (Lali)"), Ok("ludii-kisolo-lali"));
        assert_eq!(found("tsoro"), Ok("ludii-tsoro"));
        // A name beats a title it shares: the rule documents' Kalah and
        // Ouri, not the catalogue's.
        assert_eq!(found("Kalah"), Ok("kalah"));
        assert_eq!(found("ouri"), Ok("ouri"));
        assert_eq!(found("Oware Abapa"), Ok("oware"));
    }

    #[test]
    fn what_is_not_found_gets_a_suggestion() {
        assert_eq!(find_shipped("kalh"), Err(Some("`kalah`".into())));
        assert_eq!(
            find_shipped("toguz"),
            Err(Some("`mg-toguz-kumalak` or `mg-toguz-xorgol`".into()))
        );
        assert_eq!(
            find_shipped("hus"),
            Err(Some(
                "`ludii-hus-damara` or `ludii-hus-damara--wagner-observed`".into()
            ))
        );
        assert_eq!(find_shipped("chess"), Err(None));
        assert_eq!(find_shipped("  "), Err(None));
    }
}
