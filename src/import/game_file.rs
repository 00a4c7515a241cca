//! MancalaGames' game files (`GameProps/<Game>.txt`), read as facts: a JSON
//! object (the game's class, its board in `game_constants`, its rule
//! parameters in `game_info`, and tags such as `rules` and `region`),
//! optionally followed by a text section from a line `<text_section>` on.
//!
//! MancalaGames writes each choice as a number; the table below gives each
//! parameter's kind, the names of its choices and its default, so that a
//! file reads as the parameters it sets, by name, in the file's order.
//! Parameters at their default are dropped: a file that spells a default
//! out is the same game as one that leaves it out.

use std::fmt;
use std::ops::Range;

use serde_json::Value as Json;

use super::ImportError;

/// The longest game file read: MancalaGames' own are a few kilobytes.
pub const MAX_GAME_FILE_BYTES: usize = 64 << 10;

/// The line that ends the JSON part of a game file.
const TEXT_SECTION: &str = "<text_section>";

/// What a parameter's value is.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// Text for people (the name, the about text): no rule.
    Text,
    /// `true` or `false`.
    Flag,
    /// An integer.
    Number,
    /// A list of integers.
    Counts,
    /// One of a set of named choices, written as its number.
    Choice(Choices),
}

/// The choices of a parameter: number and name.
pub type Choices = &'static [(i64, &'static str)];

/// One of MancalaGames' rule parameters.
#[derive(Debug)]
pub struct Parameter {
    /// Its name in the file's `game_info`.
    pub name: &'static str,
    /// What its value is.
    pub kind: Kind,
    /// Its value when the file leaves it out (a flag's as 0 or 1, a choice's
    /// by number; lists are empty).
    pub default: i64,
}

const fn param(name: &'static str, kind: Kind, default: i64) -> Parameter {
    Parameter {
        name,
        kind,
        default,
    }
}

const GOAL: Choices = &[
    (0, "MAX_SEEDS"),
    (1, "DEPRIVE"),
    (2, "TERRITORY"),
    (3, "CLEAR"),
    (4, "RND_WIN_COUNT_MAX"),
    (5, "RND_SEED_COUNT"),
    (6, "RND_EXTRA_SEEDS"),
    (7, "RND_POINTS"),
    (8, "RND_WIN_COUNT_CLR"),
    (9, "RND_WIN_COUNT_DEP"),
    (10, "IMMOBILIZE"),
    (11, "RND_WIN_COUNT_IMB"),
];
const END_GAME_COND: Choices = &[
    (0, "NO_ADDTL"),
    (1, "CLEARED_OWN"),
    (2, "CLEARED_OPP"),
    (3, "SEEDS_LIMIT"),
    (4, "HOLE_SEED_LIMIT"),
];
const ROUNDS: Choices = &[
    (0, "NO_ROUNDS"),
    (1, "HALF_SEEDS"),
    (2, "NO_MOVES"),
    (3, "END_S_SEEDS"),
    (4, "END_2S_SEEDS"),
];
const ROUND_STARTER: Choices = &[
    (0, "ALTERNATE"),
    (1, "LOSER"),
    (2, "WINNER"),
    (3, "LAST_MOVER"),
];
const ROUND_FILL: Choices = &[
    (0, "NOT_APPLICABLE"),
    (1, "LEFT_FILL"),
    (2, "RIGHT_FILL"),
    (3, "OUTSIDE_FILL"),
    (4, "EVEN_FILL"),
    (5, "SHORTEN"),
    (6, "UCHOOSE"),
    (7, "UMOVE"),
    (8, "UCHOWN"),
    (9, "SHORTEN_ALL"),
    (10, "LOSER_ONLY"),
    (11, "TERR_EX_RANDOM"),
    (12, "TERR_EX_LOSER"),
    (13, "TERR_EX_EMPTY"),
];
const START_PATTERN: Choices = &[
    (0, "ALL_EQUAL"),
    (1, "GAMACHA"),
    (2, "ALTERNATES"),
    (3, "ALTS_WITH_1"),
    (4, "CLIPPEDTRIPLES"),
    (5, "TWOEMPTY"),
    (6, "RANDOM"),
    (7, "ALTS_SPLIT"),
    (8, "RIGHTMOST_PLUS_ONE"),
    (9, "MOVE_RIGHTMOST"),
    (10, "MOVE_RANDOM"),
    (11, "NO_REPEAT_SOW_OWN"),
    (12, "RANDOM_ZEROS"),
    (13, "AZIGO"),
];
const SOW_PRESCRIBED: Choices = &[
    (0, "NONE"),
    (1, "BASIC_SOWER"),
    (2, "MLAPS_SOWER"),
    (3, "SOW1OPP"),
    (4, "PLUS1MINUS1"),
    (5, "ARNGE_LIMIT"),
    (6, "NO_UDIR_FIRSTS"),
];
const END_GAME_SEEDS: Choices = &[
    (0, "HOLE_OWNER"),
    (1, "DONT_SCORE"),
    (2, "LAST_MOVER"),
    (3, "UNFED_PLAYER"),
    (4, "DIVVIED"),
];
const PLAY_LOCS: Choices = &[
    (0, "BOARD_ONLY"),
    (1, "BRD_OWN_STR_ALL"),
    (2, "BRD_OWN_STR_CHS"),
];
const ALLOW_RULE: Choices = &[
    (0, "NONE"),
    (1, "OPP_OR_EMPTY"),
    (2, "SINGLE_TO_ZERO"),
    (3, "SINGLE_ONLY_ALL"),
    (4, "SINGLE_ALL_TO_ZERO"),
    (5, "TWO_ONLY_ALL"),
    (6, "TWO_ONLY_ALL_RIGHT"),
    (7, "FIRST_TURN_ONLY_RIGHT_TWO"),
    (8, "RIGHT_2_1ST_THEN_ALL_TWO"),
    (9, "MOVE_ALL_HOLES_FIRST"),
    (10, "NOT_XFROM_1S"),
    (11, "OCCUPIED"),
    (12, "RIGHT_HALF_FIRSTS"),
    (13, "RIGHT_HALF_1ST_OPE"),
];
const DIRECT: Choices = &[
    (-1, "CW"),
    (0, "SPLIT"),
    (1, "CCW"),
    (2, "PLAYALTDIR"),
    (3, "EVEN_ODD_DIR"),
    (4, "TOCENTER"),
];
const SOW_STORES: Choices = &[
    (0, "NEITHER"),
    (1, "OWN"),
    (2, "BOTH"),
    (3, "OWN_NR"),
    (4, "BOTH_NR"),
    (5, "BOTH_NR_OWN"),
    (6, "BOTH_NR_OPP"),
];
const LAP_SOWER: Choices = &[(0, "OFF"), (1, "LAPPER"), (2, "LAPPER_NEXT")];
const SOW_LAP_CONT: Choices = &[
    (0, "NONE"),
    (1, "ON_PARAM"),
    (2, "GREQ_PARAM"),
    (3, "OWN_SIDE"),
    (4, "OPP_SIDE"),
    (5, "VISIT_OPP"),
    (6, "STOP_STORE"),
    (7, "NOT_FROM_STORE"),
];
const CHILD_TYPE: Choices = &[
    (0, "NOCHILD"),
    (1, "NORMAL"),
    (3, "ONE_CHILD"),
    (4, "WEG"),
    (5, "BULL"),
    (6, "QUR"),
    (7, "RAM"),
];
const CHILD_RULE: Choices = &[
    (0, "NONE"),
    (1, "OPP_SIDE_ONLY"),
    (2, "OWN_SIDE_ONLY"),
    (3, "OPPS_ONLY_NOT_1ST"),
    (4, "OPP_OWNER_ONLY"),
    (5, "OWN_OWNER_ONLY"),
    (6, "NOT_1ST_OPP"),
];
const CHILD_LOCS: Choices = &[
    (0, "ANYWHERE"),
    (1, "ENDS_ONLY"),
    (2, "NO_ENDS"),
    (3, "INV_ENDS_PLUS_MID"),
    (4, "ENDS_PLUS_ONE_OPP"),
    (5, "NO_OWN_RIGHT"),
    (6, "NO_OPP_RIGHT"),
    (7, "NO_OPP_LEFT"),
    (8, "NOT_SYM_OPP"),
    (9, "NOT_FACING"),
    (10, "ENDS_PLUS_ALL_OPP"),
    (11, "FIXED_ONE_RIGHT"),
];
const PRE_SOW_CAPT: Choices = &[
    (0, "NONE"),
    (1, "CAPT_ONE"),
    (2, "ALL_SINGLE_XCAPT"),
    (3, "DRAW_1_XCAPT"),
];
const SOW_RULE: Choices = &[
    (0, "NONE"),
    (1, "SOW_BLKD_DIV"),
    (2, "SOW_BLKD_DIV_NR"),
    (3, "ENPAS_ALL_OWNER_SOW"),
    (4, "ENPAS_ALL_OWNER_OWN"),
    (5, "NO_SOW_OPP_NS"),
    (6, "CHANGE_DIR_LAP"),
    (7, "MAX_SOW"),
    (8, "LAP_CAPT"),
    (9, "NO_OPP_CHILD"),
    (10, "LAP_CAPT_OPP_GETS"),
    (11, "OPP_CHILD_ONLY1"),
    (12, "LAP_CAPT_SEEDS"),
    (13, "NO_CHILDREN"),
    (14, "ENPAS_ALL_SOWER"),
    (15, "ENPAS_SOW_SOWER"),
    (16, "ENPAS_OPP_SOWER"),
];
const CAPT_DIR: Choices = &[(0, "OPP_SOW"), (1, "SOW"), (2, "BOTH")];
const CAPT_SIDE: Choices = &[
    (0, "BOTH"),
    (1, "OPP_SIDE"),
    (2, "OWN_SIDE"),
    (3, "OPP_CONT"),
    (4, "OWN_CONT"),
    (5, "OPP_TERR"),
    (6, "OWN_TERR"),
];
const CAPT_TYPE: Choices = &[
    (0, "NONE"),
    (1, "NEXT"),
    (2, "TWO_OUT"),
    (3, "MATCH_OPP"),
    (4, "SINGLETONS"),
    (5, "CAPT_OPP_1CCW"),
    (6, "PASS_STORE_CAPT"),
    (7, "PULL_ACROSS"),
    (8, "END_OPP_STORE_CAPT"),
    (9, "SANDWICH_CAPT"),
];
const X_CAPT_TYPE: Choices = &[(0, "NONE"), (1, "ONE_ZEROS"), (2, "ANY"), (3, "ONE_ANY")];
const CROSS_CAPT_OWN: Choices = &[(0, "LEAVE"), (1, "PICK_ON_CAPT"), (2, "ALWAYS_PICK")];
const CAPT_EXTRA_PICK: Choices = &[
    (0, "NONE"),
    (1, "PICKCROSS"),
    (2, "PICKOPPBASIC"),
    (3, "PICKLASTSEEDS"),
    (4, "PICK2XLASTSEEDS"),
    (5, "PICKFINAL"),
    (6, "PICKCROSSMULT"),
];
const GRAND_SLAM: Choices = &[
    (0, "LEGAL"),
    (1, "NOT_LEGAL"),
    (2, "NO_CAPT"),
    (3, "OPP_GETS_REMAIN"),
    (4, "LEAVE_LEFT"),
    (5, "LEAVE_RIGHT"),
    (6, "LEGAL_SHARE"),
];
const CAPT_R_TURN: Choices = &[(0, "NO_REPEAT"), (1, "ALWAYS"), (2, "ONCE")];

/// Every parameter of a game file's `game_info`, with its kind and default.
pub static PARAMETERS: &[Parameter] = &[
    param("name", Kind::Text, 0),
    param("help_file", Kind::Text, 0),
    param("about", Kind::Text, 0),
    param("goal", Kind::Choice(GOAL), 0),
    param("end_cond", Kind::Choice(END_GAME_COND), 0),
    param("end_param", Kind::Number, 0),
    param("mustpass", Kind::Flag, 0),
    param("rounds", Kind::Choice(ROUNDS), 0),
    param("round_starter", Kind::Choice(ROUND_STARTER), 0),
    param("round_fill", Kind::Choice(ROUND_FILL), 0),
    param("no_sides", Kind::Flag, 0),
    param("stores", Kind::Flag, 0),
    param("start_pattern", Kind::Choice(START_PATTERN), 0),
    param("prescribed", Kind::Choice(SOW_PRESCRIBED), 0),
    param("unclaimed", Kind::Choice(END_GAME_SEEDS), 0),
    param("quitter", Kind::Choice(END_GAME_SEEDS), 4),
    param("play_locs", Kind::Choice(PLAY_LOCS), 0),
    param("min_move", Kind::Number, 1),
    param("allow_rule", Kind::Choice(ALLOW_RULE), 0),
    param("mustshare", Kind::Flag, 0),
    param("sow_direct", Kind::Choice(DIRECT), 1),
    param("sow_start", Kind::Flag, 0),
    param("move_one", Kind::Flag, 0),
    param("skip_start", Kind::Flag, 0),
    param("sow_stores", Kind::Choice(SOW_STORES), 0),
    param("blocks", Kind::Flag, 0),
    param("mlaps", Kind::Choice(LAP_SOWER), 0),
    param("mlap_cont", Kind::Choice(SOW_LAP_CONT), 0),
    param("mlap_param", Kind::Number, 0),
    param("child_cvt", Kind::Number, 0),
    param("child_type", Kind::Choice(CHILD_TYPE), 0),
    param("child_rule", Kind::Choice(CHILD_RULE), 0),
    param("child_locs", Kind::Choice(CHILD_LOCS), 0),
    param("goal_param", Kind::Number, 0),
    param("presowcapt", Kind::Choice(PRE_SOW_CAPT), 0),
    param("sow_rule", Kind::Choice(SOW_RULE), 0),
    param("sow_param", Kind::Number, 0),
    param("udir_holes", Kind::Counts, 0),
    param("capt_dir", Kind::Choice(CAPT_DIR), 0),
    param("capt_side", Kind::Choice(CAPT_SIDE), 0),
    param("moveunlock", Kind::Flag, 0),
    param("evens", Kind::Flag, 0),
    param("capt_min", Kind::Number, 0),
    param("capt_max", Kind::Number, 0),
    param("nosinglecapt", Kind::Flag, 0),
    param("nocaptmoves", Kind::Number, 0),
    param("capt_type", Kind::Choice(CAPT_TYPE), 0),
    param("crosscapt", Kind::Choice(X_CAPT_TYPE), 0),
    param("xc_sown", Kind::Flag, 0),
    param("xcpickown", Kind::Choice(CROSS_CAPT_OWN), 0),
    param("pickextra", Kind::Choice(CAPT_EXTRA_PICK), 0),
    param("multicapt", Kind::Number, 0),
    param("grandslam", Kind::Choice(GRAND_SLAM), 0),
    param("capt_rturn", Kind::Choice(CAPT_R_TURN), 0),
    param("capt_on", Kind::Counts, 0),
];

/// A parameter's value, its choices by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A flag.
    Flag(bool),
    /// A number.
    Number(i64),
    /// A list of numbers.
    Counts(Vec<i64>),
    /// A choice, by its name.
    Choice(&'static str),
}

/// As JSON would write it, choices as their names in quotes: how the
/// generated variant file lists the parameters it came from.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Flag(flag) => write!(f, "{flag}"),
            Value::Number(number) => write!(f, "{number}"),
            Value::Counts(counts) => write!(f, "{}", number_list(counts)),
            Value::Choice(name) => write!(f, "\"{name}\""),
        }
    }
}

/// `[2, 3]`: a list of numbers as the variant files write one.
pub fn number_list(numbers: &[i64]) -> String {
    let items: Vec<String> = numbers.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// A parameter the file sets to other than its default.
#[derive(Debug, Clone)]
pub struct Setting {
    /// The parameter.
    pub parameter: &'static Parameter,
    /// Its value.
    pub value: Value,
    /// Where the file names it (the key), in bytes.
    pub span: Range<usize>,
}

/// A game file, read.
#[derive(Debug, Clone)]
pub struct GameFile {
    /// `game_info.name`: the game's name.
    pub name: String,
    /// `game_class`: MancalaGames' class of game (`Mancala` for two rows
    /// sown round), and where the file names it.
    pub game_class: (String, Range<usize>),
    /// `game_constants.holes`: houses in each row.
    pub holes: i64,
    /// `game_constants.nbr_start`: seeds in each house at the start, and
    /// where the file gives it.
    pub seeds: (i64, Range<usize>),
    /// The parameters set to other than their default, in the file's order.
    pub settings: Vec<Setting>,
    /// Where the file's `game_info` object is named: what a refusal of the
    /// rules as a whole points at.
    pub info_at: Range<usize>,
    /// The top-level tag `rules`: the rule book or page the game follows.
    pub rules: Option<String>,
    /// The top-level tag `region`.
    pub region: Option<String>,
}

impl GameFile {
    /// Reads the game file `text`; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<GameFile, ImportError> {
        let json = json_part(text);
        let invalid = |span: Range<usize>, message: String, hint: Option<String>| {
            ImportError::invalid(origin, text, span, message, hint)
        };
        let top: Json = serde_json::from_str(json).map_err(|e| {
            let offset = offset_of(json, e.line(), e.column());
            let message = e.to_string();
            // serde_json ends its message with the place, which the error
            // gives already.
            let message = match message.rfind(" at line ") {
                Some(cut) => message[..cut].to_string(),
                None => message,
            };
            invalid(
                offset..offset + 1,
                format!("not valid JSON: {message}"),
                None,
            )
        })?;
        let keys = object_keys(json);
        let Json::Object(top) = top else {
            return Err(invalid(
                0..1,
                "a MancalaGames game file is a JSON object `{ ... }`".into(),
                None,
            ));
        };
        if let Some((key, span)) = keys.repeated() {
            return Err(invalid(span, format!("`{key}` is given twice"), None));
        }
        let at = |parent: Option<&str>, key: &str| keys.span(parent, key).unwrap_or(0..1);
        let section = |name: &str| match top.get(name) {
            Some(Json::Object(map)) => Ok(map),
            Some(_) => Err(invalid(
                at(None, name),
                format!("`{name}` must be a JSON object `{{ ... }}`"),
                None,
            )),
            None => Err(invalid(
                0..1,
                format!("a MancalaGames game file has `{name}`, and this one has none"),
                None,
            )),
        };
        let constants = section("game_constants")?;
        let info = section("game_info")?;
        let constant = |key: &str| match constants.get(key) {
            Some(json) => match json.as_i64() {
                Some(number) => Ok((number, at(Some("game_constants"), key))),
                // An integer past i64: the same refusal as any other out of
                // range, not "must be an integer".
                None if json.is_u64() => Err(invalid(
                    at(Some("game_constants"), key),
                    format!("game_constants.{key} is {json}: far more than any board holds"),
                    None,
                )),
                None => Err(invalid(
                    at(Some("game_constants"), key),
                    format!("game_constants.{key} must be an integer, not {json}"),
                    None,
                )),
            },
            None => Err(invalid(
                at(None, "game_constants"),
                format!("game_constants has no `{key}`"),
                None,
            )),
        };
        let (holes, holes_at) = constant("holes")?;
        if !(2..=21).contains(&holes) {
            return Err(invalid(
                holes_at,
                format!("game_constants.holes is {holes}: MancalaGames has 2 to 21 houses a row"),
                None,
            ));
        }
        let seeds = constant("nbr_start")?;
        if seeds.0 < 1 {
            return Err(invalid(
                seeds.1,
                format!(
                    "game_constants.nbr_start is {}: it must be 1 or more",
                    seeds.0
                ),
                None,
            ));
        }
        let game_class = match top.get("game_class") {
            None => ("Mancala".to_string(), 0..1),
            Some(Json::String(class)) => (class.clone(), at(None, "game_class")),
            Some(_) => {
                return Err(invalid(
                    at(None, "game_class"),
                    "game_class must be a string, such as \"Mancala\"".into(),
                    None,
                ));
            }
        };
        let mut name = "Mancala".to_string();
        let mut settings = Vec::new();
        for (key, span) in keys.under(Some("game_info")) {
            let Some(json) = info.get(key) else {
                // Scanned from the same text, so never missed; but a key the
                // scan and serde_json read differently is no reason to panic.
                continue;
            };
            let Some(parameter) = PARAMETERS.iter().find(|p| p.name == key) else {
                let best = PARAMETERS
                    .iter()
                    .map(|p| (crate::rules::edit_distance(key, p.name), p.name))
                    .min()
                    .filter(|(distance, _)| *distance <= 2.max(key.len() / 3));
                return Err(invalid(
                    span,
                    format!("`{key}` is not a MancalaGames game parameter"),
                    best.map(|(_, name)| format!("did you mean `{name}`?")),
                ));
            };
            let value = value_of(parameter, json).map_err(|expected| {
                invalid(
                    span.clone(),
                    format!("game_info.{key} must be {expected}, not {json}"),
                    choice_hint(parameter, json),
                )
            })?;
            match value {
                None if key == "name" => name = json.as_str().unwrap_or_default().to_string(),
                None => {}
                Some(value) if !is_default(parameter, &value) => settings.push(Setting {
                    parameter,
                    value,
                    span: span.clone(),
                }),
                Some(_) => {}
            }
        }
        let tag = |key: &str| match top.get(key) {
            Some(Json::String(value)) if value == TEXT_SECTION => text_section_tag(text, key),
            Some(Json::String(value)) => Some(value.clone()),
            _ => None,
        };
        Ok(GameFile {
            name,
            game_class,
            holes,
            seeds,
            settings,
            info_at: at(None, "game_info"),
            rules: tag("rules"),
            region: tag("region"),
        })
    }

    /// The setting of the parameter named `name`, if the file sets it.
    pub fn setting(&self, name: &str) -> Option<&Setting> {
        self.settings.iter().find(|s| s.parameter.name == name)
    }
}

/// The value of `json` for `parameter`: `Ok(None)` for text, which no rule
/// reads; `Err` says what was expected. MancalaGames reads a choice or a
/// flag written as `true` or `false` as 1 or 0, and so does this.
fn value_of(parameter: &Parameter, json: &Json) -> Result<Option<Value>, &'static str> {
    let number = || match json {
        Json::Bool(flag) => Some(i64::from(*flag)),
        _ => json.as_i64(),
    };
    Ok(Some(match parameter.kind {
        Kind::Text => {
            return match json {
                Json::String(_) => Ok(None),
                _ => Err("a string"),
            };
        }
        Kind::Flag => match number() {
            Some(0) => Value::Flag(false),
            Some(1) => Value::Flag(true),
            _ => return Err("true or false"),
        },
        Kind::Number => match json.as_i64() {
            Some(number) => Value::Number(number),
            None => return Err("an integer"),
        },
        Kind::Counts => match json {
            Json::Array(items) => Value::Counts(
                items
                    .iter()
                    .map(Json::as_i64)
                    .collect::<Option<Vec<i64>>>()
                    .ok_or("a list of integers")?,
            ),
            _ => return Err("a list of integers"),
        },
        Kind::Choice(choices) => match number().and_then(|n| choices.iter().find(|c| c.0 == n)) {
            Some((_, name)) => Value::Choice(name),
            None => return Err("one of the parameter's choices, by number"),
        },
    }))
}

/// Whether `value` is `parameter`'s default.
fn is_default(parameter: &Parameter, value: &Value) -> bool {
    match (parameter.kind, value) {
        (_, Value::Flag(flag)) => i64::from(*flag) == parameter.default,
        (_, Value::Number(number)) => *number == parameter.default,
        (_, Value::Counts(counts)) => counts.is_empty(),
        (Kind::Choice(choices), Value::Choice(name)) => choices
            .iter()
            .any(|(number, choice)| choice == name && *number == parameter.default),
        (_, Value::Choice(_)) => false,
    }
}

/// For a choice given by name, or by a number it does not have: the
/// choices by number.
fn choice_hint(parameter: &Parameter, json: &Json) -> Option<String> {
    let Kind::Choice(choices) = parameter.kind else {
        return None;
    };
    let listed: Vec<String> = choices
        .iter()
        .map(|(n, name)| format!("{n} {name}"))
        .collect();
    let named = json
        .as_str()
        .and_then(|s| choices.iter().find(|(_, name)| *name == s));
    Some(match named {
        Some((number, name)) => {
            format!("MancalaGames writes choices as numbers: {name} is {number}")
        }
        None => format!("the choices are {}", listed.join(", ")),
    })
}

/// The JSON part of a game file: everything before its text section.
fn json_part(text: &str) -> &str {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == TEXT_SECTION {
            return &text[..offset];
        }
        offset += line.len();
    }
    text
}

/// A top-level tag given as `"<text_section>"`: its text, between `<key>`
/// and `</key>` lines in the text section, its lines joined by spaces.
fn text_section_tag(text: &str, key: &str) -> Option<String> {
    let section = &text[json_part(text).len()..];
    let open = format!("<{key}>");
    let close = format!("</{key}>");
    let mut lines = section.lines().skip_while(|l| l.trim() != open).skip(1);
    let mut words = Vec::new();
    for line in lines.by_ref() {
        if line.trim() == close {
            return Some(words.join(" "));
        }
        words.extend(line.split_whitespace().map(str::to_string));
    }
    None
}

/// The byte offset of serde_json's 1-based line and column in `text`.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// The keys of a JSON text's top-level object and of the objects directly
/// under it, in the text's order, with their spans: serde_json's maps are
/// sorted, and its values carry no place.
struct Keys(Vec<(Option<String>, String, Range<usize>)>);

impl Keys {
    fn span(&self, parent: Option<&str>, key: &str) -> Option<Range<usize>> {
        self.0
            .iter()
            .find(|(p, k, _)| p.as_deref() == parent && k == key)
            .map(|(_, _, span)| span.clone())
    }

    fn under<'k>(
        &'k self,
        parent: Option<&'k str>,
    ) -> impl Iterator<Item = (&'k str, Range<usize>)> {
        self.0
            .iter()
            .filter(move |(p, _, _)| p.as_deref() == parent)
            .map(|(_, k, span)| (k.as_str(), span.clone()))
    }

    /// A key given twice in one object (JSON would keep the last silently).
    fn repeated(&self) -> Option<(String, Range<usize>)> {
        self.0.iter().enumerate().find_map(|(i, (p, k, span))| {
            self.0[..i]
                .iter()
                .any(|(q, l, _)| q == p && l == k)
                .then(|| (k.clone(), span.clone()))
        })
    }
}

/// Scans `json`, valid JSON, for the keys [`Keys`] holds.
fn object_keys(json: &str) -> Keys {
    let mut scan = Scan {
        bytes: json.as_bytes(),
        at: 0,
        keys: Vec::new(),
    };
    scan.value(0, None);
    Keys(scan.keys)
}

struct Scan<'j> {
    bytes: &'j [u8],
    at: usize,
    keys: Vec<(Option<String>, String, Range<usize>)>,
}

impl Scan<'_> {
    fn skip_space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// A string from its opening quote; its span, quotes included.
    fn string(&mut self) -> Range<usize> {
        let start = self.at;
        self.at += 1;
        while let Some(&b) = self.bytes.get(self.at) {
            self.at += if b == b'\\' { 2 } else { 1 };
            if b == b'"' {
                break;
            }
        }
        start..self.at.min(self.bytes.len())
    }

    /// One value; `depth` 0 is the top level, whose object's keys are kept
    /// with no parent, and whose objects' keys are kept under `parent`.
    fn value(&mut self, depth: usize, parent: Option<&str>) {
        self.skip_space();
        match self.bytes.get(self.at) {
            Some(b'{') => {
                self.at += 1;
                loop {
                    self.skip_space();
                    match self.bytes.get(self.at) {
                        Some(b'"') => {
                            let span = self.string();
                            // The key as JSON reads it, escapes decoded
                            // (`"capt\u005fon"` is `capt_on`), so that it
                            // names the entry serde_json's map has.
                            let key = serde_json::from_slice::<String>(&self.bytes[span.clone()])
                                .unwrap_or_else(|_| {
                                    String::from_utf8_lossy(
                                        &self.bytes[span.start + 1..span.end.saturating_sub(1)],
                                    )
                                    .into_owned()
                                });
                            if depth < 2 {
                                self.keys
                                    .push((parent.map(str::to_string), key.clone(), span));
                            }
                            self.skip_space();
                            self.at += 1; // the colon
                            let inner = (depth == 0).then_some(key);
                            self.value(depth + 1, inner.as_deref());
                        }
                        Some(b',') => self.at += 1,
                        Some(b'}') | None => {
                            self.at += 1;
                            return;
                        }
                        Some(_) => self.at += 1,
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                loop {
                    self.skip_space();
                    match self.bytes.get(self.at) {
                        Some(b']') | None => {
                            self.at += 1;
                            return;
                        }
                        Some(b',') => self.at += 1,
                        Some(_) => self.value(depth + 1, None),
                    }
                }
            }
            Some(b'"') => {
                self.string();
            }
            Some(_) => {
                while self
                    .bytes
                    .get(self.at)
                    .is_some_and(|b| !matches!(b, b',' | b'}' | b']') && !b.is_ascii_whitespace())
                {
                    self.at += 1;
                }
            }
            None => {}
        }
    }
}
