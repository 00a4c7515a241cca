//! MancalaGames' rule parameters in `sow`'s keys: each parameter, or each
//! combination, becomes the keys of `variants/README.md` that play the same
//! game, or a refusal that names it. The rulings here were learned from
//! MancalaGames' recorded games (the catalogue's games that `sow` ships
//! replay them ply by ply); the comments say which.
//!
//! The walk goes phase by phase, as a variant file is laid out: the start,
//! sowing, which moves are allowed, captures, children and blocked houses,
//! the turn, the end. Each phase reads ([`Reading::take`]) the parameters it
//! understands; a parameter no phase read is refused at the end, so a game
//! never imports as a different one. To teach the importer a parameter, read
//! it in its phase.

use std::cell::RefCell;

use super::Unsupported;
use super::game_file::{GameFile, Value, number_list};

/// The parameters no rule of play reads here: `stores` only shows stores
/// (captures go to them either way, and it is read where children stand in
/// for them); `quitter` applies when a player concedes or MancalaGames
/// stops an endless sowing, neither of which `sow`'s games do (it is read
/// where an unfed player's ending borrows it).
const IGNORED: &[&str] = &["stores", "quitter"];

/// The capturing counts' parameters, read together.
const COUNT_KEYS: [&str; 4] = ["capt_on", "evens", "capt_min", "capt_max"];

/// The sections of a variant file, as lines, in the file's order.
#[derive(Debug, Default)]
pub(super) struct Sections {
    pub start: Option<Vec<i64>>,
    pub total: i64,
    /// `[board]` keys beyond the size and the seeds.
    pub board: Vec<String>,
    pub sowing: Vec<String>,
    pub play: Vec<String>,
    pub capture: Vec<String>,
    pub turn: Vec<String>,
    pub children: Vec<String>,
    pub blocking: Vec<String>,
    pub rounds: Vec<String>,
    pub end: Vec<String>,
    /// Rulings this game's parameters call for, written as comments.
    pub notes: Vec<String>,
}

/// A game file's parameters, with a record of which a phase has read.
pub(super) struct Reading<'g> {
    pub game: &'g GameFile,
    used: RefCell<Vec<&'static str>>,
}

impl<'g> Reading<'g> {
    pub fn new(game: &'g GameFile) -> Reading<'g> {
        Reading {
            game,
            used: RefCell::new(IGNORED.to_vec()),
        }
    }

    /// The value of `name`, when the file sets it, without reading it.
    pub(super) fn get(&self, name: &str) -> Option<&'g Value> {
        self.game.setting(name).map(|s| &s.value)
    }

    /// Reads `name`: a phase that takes a parameter answers for it.
    fn take(&self, name: &'static str) -> Option<&'g Value> {
        self.used.borrow_mut().push(name);
        self.get(name)
    }

    pub(super) fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    pub(super) fn choice(&self, name: &str) -> Option<&'static str> {
        match self.get(name) {
            Some(Value::Choice(choice)) => Some(choice),
            _ => None,
        }
    }

    fn take_choice(&self, name: &'static str) -> Option<&'static str> {
        self.take(name);
        self.choice(name)
    }

    /// A number, 0 when the file leaves it out (MancalaGames' default for
    /// every number but `min_move`).
    pub(super) fn number(&self, name: &str) -> i64 {
        match self.get(name) {
            Some(Value::Number(n)) => *n,
            _ => 0,
        }
    }

    fn take_number(&self, name: &'static str) -> i64 {
        self.take(name);
        self.number(name)
    }

    pub(super) fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::Flag(true)))
    }

    /// A list of numbers, empty when the file leaves it out.
    pub(super) fn list(&self, name: &str) -> &'g [i64] {
        match self.get(name) {
            Some(Value::Counts(list)) => list,
            _ => &[],
        }
    }

    fn take_flag(&self, name: &'static str) -> bool {
        self.take(name);
        self.flag(name)
    }

    /// The parameters the file sets that no phase read, in the file's order.
    pub fn unread(&self) -> Vec<&'g str> {
        let used = self.used.borrow();
        self.game
            .settings
            .iter()
            .map(|s| s.parameter.name)
            .filter(|name| !used.contains(name))
            .collect()
    }

    /// The capturing counts that `capt_on`, `evens`, `capt_min` and
    /// `capt_max` give together, or `None` when none is set.
    pub(super) fn counts(&self, total: i64) -> Option<Vec<i64>> {
        if !COUNT_KEYS.iter().any(|k| self.has(k)) {
            return None;
        }
        let mut counts: Vec<i64> = match self.get("capt_on") {
            Some(Value::Counts(on)) if !on.is_empty() => on.clone(),
            _ => (1..=total).collect(),
        };
        if self.flag("evens") {
            counts.retain(|c| c % 2 == 0);
        }
        if self.has("capt_min") {
            let min = self.number("capt_min");
            counts.retain(|&c| c >= min);
        }
        if self.has("capt_max") {
            let max = self.number("capt_max");
            counts.retain(|&c| c <= max);
        }
        counts.retain(|&c| (1..=total).contains(&c));
        Some(counts)
    }

    /// Whether the capturing counts leave something to capture.
    fn any_counts(&self, total: i64) -> bool {
        self.counts(total).is_some_and(|c| !c.is_empty())
    }

    fn unsupported(&self, parameter: &'static str, message: String) -> Unsupported {
        Unsupported { parameter, message }
    }

    /// `name = VALUE`, refused.
    fn refuse(&self, name: &'static str) -> Unsupported {
        let value = self
            .get(name)
            .map_or_else(|| "its default".to_string(), plain);
        self.unsupported(name, format!("{name} = {value}"))
    }
}

/// A value without the quotes of a choice: `SPLIT`, `4`, `[2, 3]`.
fn plain(value: &Value) -> String {
    value.to_string().trim_matches('"').to_string()
}

fn toml_bool(flag: bool) -> &'static str {
    if flag { "true" } else { "false" }
}

/// The seeds that end a most-seeds game at once: more than half.
fn majority(total: i64) -> i64 {
    total / 2 + total % 2 + 1
}

/// Who takes the seeds left on the board, for MancalaGames' choice `value`.
fn collect_of(
    reading: &Reading,
    name: &'static str,
    value: &str,
) -> Result<&'static str, Unsupported> {
    Ok(match value {
        "HOLE_OWNER" => "each_own",
        "LAST_MOVER" => "last_mover",
        "DONT_SCORE" => "removed",
        "DIVVIED" => "divided",
        _ => return Err(reading.unsupported(name, format!("{name} = {value}"))),
    })
}

/// Whether MancalaGames' `start_pattern` deals every game's start at
/// random (its nbr_start seeds in all).
pub(super) fn deals_at_random(pattern: Option<&str>) -> bool {
    matches!(pattern, Some("RANDOM" | "RANDOM_ZEROS"))
}

/// The start pattern's seeds per house in `sow`'s order, or `None` for the
/// same seeds in every house (or a start dealt at random).
fn start_pattern(
    reading: &Reading,
    holes: i64,
    seeds: i64,
) -> Result<Option<Vec<i64>>, Unsupported> {
    let Some(pattern) = reading.take_choice("start_pattern") else {
        return Ok(None);
    };
    let n = holes as usize;
    Ok(Some(match pattern {
        // RANDOM, RANDOM_ZEROS: each game deals its own start ([board]
        // start = { random }); MOVE_RIGHTMOST starts from the seeds
        // everywhere, its opening move the game's ([play] opening_from =
        // "rightmost").
        "RANDOM" | "RANDOM_ZEROS" | "MOVE_RIGHTMOST" => return Ok(None),
        "RIGHTMOST_PLUS_ONE" => {
            // The seeds everywhere, and one more in each row's last house.
            let mut row = vec![seeds; n];
            row[n - 1] += 1;
            [row.clone(), row].concat()
        }
        "CLIPPEDTRIPLES" => {
            // Repeating 0, seeds, seeds from each row's first house.
            let mut row = vec![0; n];
            for loc in (3..=n).step_by(3) {
                row[loc - 1] = seeds;
                row[loc - 2] = seeds;
            }
            [row.clone(), row].concat()
        }
        // North's second house from his left and, on even rows, South's
        // third from her right: rows of four houses at least, three if odd.
        "ALTS_WITH_1" if n + 3 - n % 2 < 2 * n => {
            // Every other house holds the seeds, from South's second; North's
            // second from his left holds one, and with rows of an even
            // length South's third from her right is emptied.
            let mut board = vec![0; 2 * n];
            for loc in (1..2 * n).step_by(2) {
                board[loc] = seeds;
            }
            board[n + 3 - n % 2] = 1;
            if n.is_multiple_of(2) {
                board[n - 3] = 0;
            }
            board
        }
        "ALTS_SPLIT" if n.is_multiple_of(2) => {
            // Every other house holds the seeds, from each row's second;
            // then a quarter of them (rounded down) leave North's last
            // house for South's first, across the board (MancalaGames'
            // layout for South, the first starter).
            let moved = seeds / 4;
            let mut board = vec![0; 2 * n];
            for loc in (1..2 * n).step_by(2) {
                board[loc] = seeds;
            }
            board[0] += moved;
            board[2 * n - 1] -= moved;
            board
        }
        "TWOEMPTY" => {
            // Every house holds the seeds but each row's last two.
            let mut row = vec![seeds; n.saturating_sub(2)];
            row.resize(n, 0);
            [row.clone(), row].concat()
        }
        "GAMACHA" => {
            // From the starter's third house, every other house holds the
            // seeds, then the house `dest` takes the seeds of the house
            // `source` across the board (MancalaGames' fill pattern; the
            // starter is South in every recorded game).
            let mut board = vec![0; 2 * n];
            for loc in (2..2 * n).step_by(2) {
                board[loc] = seeds;
            }
            let dest = 1 + 2 * ((n - 1) / 4);
            let source = 2 * n - dest - 1;
            board[dest] = board[source];
            board[source] = 0;
            board
        }
        "AZIGO" if (8..=20).contains(&n) => {
            // Each row's first houses hold the seeds, up to three short of
            // half the row, and the house after them one seed; the stores
            // hold twice the seeds each (`start_in_stores`).
            let mut row = vec![0; n];
            for seeds_here in row.iter_mut().take(n / 2 - 3) {
                *seeds_here = seeds;
            }
            row[n / 2 - 3] = 1;
            [row.clone(), row].concat()
        }
        _ => return Err(reading.refuse("start_pattern")),
    }))
}

/// The seeds each store holds at the start under MancalaGames'
/// `start_pattern` (Azigo's: twice the seeds per house).
fn start_in_stores(pattern: Option<&str>, seeds: i64) -> i64 {
    if pattern == Some("AZIGO") {
        2 * seeds
    } else {
        0
    }
}

/// Every section of the variant file for the game `reading` holds.
pub(super) fn sections(r: &Reading) -> Result<Sections, Unsupported> {
    let game = r.game;
    let (n, seeds) = (game.holes, game.seeds.0);
    let mut out = Sections {
        start: start_pattern(r, n, seeds)?,
        total: 2 * n * seeds,
        ..Sections::default()
    };
    if let Some(pattern) = &out.start {
        out.total = pattern.iter().sum();
    }
    let stored = start_in_stores(r.choice("start_pattern"), seeds);
    if stored > 0 {
        out.board.push(format!(
            "start_in_stores = {stored}        # start_pattern = {}",
            r.choice("start_pattern").unwrap_or_default()
        ));
        out.total += 2 * stored;
    }
    if deals_at_random(r.choice("start_pattern")) {
        // MancalaGames' RANDOM deals its nbr_start seeds in all.
        out.total = seeds;
    }
    if matches!(game.game_class.0.as_str(), "Diffusion" | "EWGratuitous") {
        // The class splits the board east and west: each player's houses
        // are a half of both rows.
        out.board.push(format!(
            "sides = \"halves\"        # game_class {}",
            game.game_class.0
        ));
    }
    sowing(r, &mut out)?;
    play(r, &mut out)?;
    capture(r, &mut out)?;
    if matches!(game.game_class.0.as_str(), "NSGratuitous" | "EWGratuitous") {
        // The classes give the captured seeds to the opponent: the capturer
        // drops them into one of the opponent's houses.
        out.capture.push(format!(
            "given_to_opponent = true        # game_class {}",
            game.game_class.0
        ));
    }
    out.children = children(r, n)?;
    turn(r, &mut out)?;
    end(r, &mut out)?;
    Ok(out)
}

/// `min_move`: the fewest seeds a house may be played with (1 unless set).
fn min_move(r: &Reading) -> i64 {
    if r.has("min_move") {
        r.number("min_move")
    } else {
        1
    }
}

/// The `[sowing]` keys that play MancalaGames' game class `class` (none
/// for the plain two-row board, and for `ShareOne`, whose key is
/// `[play]`'s), or `None` for a class `sow` does not play.
pub(super) fn class_sowing(class: &str) -> Option<&'static str> {
    match class {
        "Mancala" | "ShareOne" => Some(""),
        "NorthSouthCycle" => Some("cycle = \"own_row\""),
        "ZigZag" => Some("cycle = \"zigzag\""),
        "BearOff" => Some("bear_off = true"),
        "Diffusion" => Some("diffuse = true"),
        "NSGratuitous" => Some("cycle = \"own_row\""),
        "EWGratuitous" => Some("cycle = \"own_half\""),
        _ => None,
    }
}

/// `[sowing]`: the direction, laps and relays, the stores sown.
fn sowing(r: &Reading, out: &mut Sections) -> Result<(), Unsupported> {
    let min_move = min_move(r);
    let notes = &mut out.notes;
    let mut direction = r.take_choice("sow_direct").unwrap_or("CCW");
    let direction_by = match direction {
        "SPLIT" => Some("half_row"),
        "EVEN_ODD_DIR" => Some("parity"),
        "PLAYALTDIR" => Some("first_move"),
        "TOCENTER" => Some("to_center"),
        _ => None,
    };
    if direction_by.is_some() {
        direction = "CCW";
    }
    if direction != "CW" && direction != "CCW" {
        return Err(r.refuse("sow_direct"));
    }
    let skip = r.take_flag("skip_start");
    let mlaps = r.take_choice("mlaps");
    let sow_stores = r.take_choice("sow_stores");
    if !matches!(sow_stores, None | Some("OWN" | "BOTH_NR_OPP" | "BOTH")) {
        return Err(r.refuse("sow_stores"));
    }
    let sowing = &mut out.sowing;
    sowing.push(format!(
        "direction = \"{}\"",
        if direction == "CW" {
            "clockwise"
        } else {
            "counter-clockwise"
        }
    ));
    sowing.push(format!("skip_origin = {}", toml_bool(skip)));
    if let Some(keys) = class_sowing(&r.game.game_class.0)
        && !keys.is_empty()
    {
        sowing.push(format!("{keys}        # game_class"));
    }
    if r.take_flag("sow_start") {
        let move_one = r.take_flag("move_one");
        if !move_one && min_move < 2 {
            return Err(r.unsupported(
                "sow_start",
                "sow_start without move_one, where a single seed may be played".into(),
            ));
        }
        sowing.push("first_seed_in_origin = true".into());
        if !move_one {
            notes.push("sow_start leaves a single seed where it is; no house of one seed is ever played here (min_move), so first_seed_in_origin says it all.".into());
        }
    }
    if let Some(by) = direction_by {
        sowing.push(format!("direction_by = \"{by}\""));
    }
    let chosen = chosen_holes(r)?;
    if !chosen.is_empty() {
        let places: Vec<i64> = chosen.iter().map(|h| h + 1).collect();
        sowing.push(format!(
            "direction_chosen_in = {}        # udir_holes, counted from 1",
            number_list(&places)
        ));
    }
    match sow_stores {
        Some("OWN") => sowing.push("into_stores = \"own\"".into()),
        Some("BOTH_NR_OPP" | "BOTH") => sowing.push("into_stores = \"both\"".into()),
        _ => {}
    }
    let mlap_cont = r.take_choice("mlap_cont");
    let mlap_param = r.take_number("mlap_param");
    match mlaps {
        Some("LAPPER") => {
            sowing.push("relay = true".into());
            match mlap_cont {
                None => sowing.push("relay_stops_on = [1]".into()),
                Some("ON_PARAM") => sowing.push(format!("relay_continues_on = [{mlap_param}]")),
                // A relay goes on from a count of at least mlap_param, which
                // the seeds of the game bound.
                Some("GREQ_PARAM") if mlap_param > out.total + 1 => {
                    return Err(r.refuse("mlap_param"));
                }
                Some("GREQ_PARAM") => sowing.push(format!(
                    "relay_stops_on = {}",
                    number_list(&(1..mlap_param).collect::<Vec<_>>())
                )),
                Some(side @ ("OWN_SIDE" | "OPP_SIDE")) => {
                    sowing.push("relay_stops_on = [1]".into());
                    sowing.push(format!(
                        "relay_only_in = \"{}\"",
                        if side == "OWN_SIDE" {
                            "own"
                        } else {
                            "opponent"
                        }
                    ));
                }
                Some("VISIT_OPP") => {
                    sowing.push("relay_stops_on = [1]".into());
                    sowing.push("relay_needs_opponent_row = true".into());
                }
                Some(_) => return Err(r.refuse("mlap_cont")),
            }
        }
        Some("LAPPER_NEXT") => {
            sowing.push("relay = true".into());
            sowing.push("relay_from = \"next\"".into());
            if !matches!(mlap_cont, None | Some("STOP_STORE")) {
                return Err(r.unsupported(
                    "mlap_cont",
                    format!(
                        "mlap_cont = {} with mlaps = LAPPER_NEXT",
                        mlap_cont.unwrap_or("")
                    ),
                ));
            }
        }
        Some(_) => return Err(r.refuse("mlaps")),
        None => {}
    }
    if r.choice("sow_rule") == Some("CHANGE_DIR_LAP") {
        if mlaps != Some("LAPPER") {
            return Err(r.unsupported(
                "sow_rule",
                format!(
                    "sow_rule = CHANGE_DIR_LAP with mlaps = {}",
                    mlaps.unwrap_or("OFF")
                ),
            ));
        }
        // Each relay lap sows the other way.
        r.take("sow_rule");
        sowing.push("relay_reverses = true".into());
    }
    if r.choice("sow_rule") == Some("NO_SOW_OPP_NS") {
        r.take("sow_rule");
        if skip {
            return Err(r.unsupported(
                "sow_rule",
                "sow_rule = NO_SOW_OPP_NS with skip_start".into(),
            ));
        }
        sowing.push(format!(
            "skip_opponent_holding = {}",
            r.take_number("sow_param")
        ));
    }
    if r.choice("sow_rule") == Some("MAX_SOW") {
        r.take("sow_rule");
        if !r.has("sow_param") {
            return Err(r.unsupported("sow_rule", "sow_rule = MAX_SOW without sow_param".into()));
        }
        if r.has("sow_stores") {
            return Err(r.unsupported("sow_rule", "sow_rule = MAX_SOW with sow_stores".into()));
        }
        sowing.push(format!(
            "skip_holding_at_least = {}",
            r.take_number("sow_param")
        ));
    }
    Ok(())
}

/// The houses whose direction the mover chooses (`udir_holes`): none where
/// the first move chooses for the game (PLAYALTDIR, whose every house
/// MancalaGames makes a udir hole).
fn chosen_holes<'g>(r: &Reading<'g>) -> Result<&'g [i64], Unsupported> {
    r.take("udir_holes");
    let chosen = r.list("udir_holes");
    if r.choice("sow_direct") == Some("PLAYALTDIR") {
        if !chosen.is_empty() && chosen.len() as i64 != r.game.holes {
            return Err(r.unsupported(
                "sow_direct",
                "sow_direct = PLAYALTDIR without every house in udir_holes".into(),
            ));
        }
        return Ok(&[]);
    }
    Ok(chosen)
}

/// `[play]`: which houses may be played, openings, feeding and passing.
fn play(r: &Reading, out: &mut Sections) -> Result<(), Unsupported> {
    let min_move = min_move(r);
    let sow_stores = r.choice("sow_stores");
    let mlaps = r.choice("mlaps");
    let mlap_cont = r.choice("mlap_cont");
    let sowing = &mut out.sowing;
    let play = &mut out.play;
    r.take("min_move");
    play.push(format!("min_seeds = {min_move}"));
    if r.game.game_class.0 == "ShareOne" {
        // The class: a player whose opponent has no seeds shares one.
        play.push("share_one = true        # game_class ShareOne".into());
    }
    match r.take_choice("play_locs") {
        None | Some("BOARD_ONLY") => {}
        // Any number of the store's seeds, sown round the mover's row.
        Some("BRD_OWN_STR_CHS") => play.push("sow_from_store = true".into()),
        Some(_) => return Err(r.refuse("play_locs")),
    }
    match r.take_choice("allow_rule") {
        None => {}
        Some("OPP_OR_EMPTY") => play.push("allow = \"ends_on_opponent_or_empty\"".into()),
        Some("SINGLE_ONLY_ALL") => play.push("allow = \"single_only_if_all_single\"".into()),
        Some("SINGLE_TO_ZERO") => {
            if sow_stores.is_some() {
                return Err(r.unsupported("allow_rule", "allow_rule = SINGLE_TO_ZERO with sow_stores (MancalaGames then refuses any house before the store)".into()));
            }
            play.push("allow = \"single_to_empty\"".into());
        }
        Some("MOVE_ALL_HOLES_FIRST") => play.push("allow = \"each_house_once_first\"".into()),
        Some("RIGHT_HALF_1ST_OPE") => {
            // The first move of each player (MancalaGames counts movers < 2)
            // from the right half of the row, without OPP_OR_EMPTY; then it.
            play.push("allow = \"ends_on_opponent_or_empty\"".into());
            play.push("opening_moves = 2".into());
            play.push("opening_from = \"right_half\"".into());
        }
        Some("TWO_ONLY_ALL_RIGHT") => play.push("allow = \"two_only_if_all_two_rightmost\"".into()),
        Some("TWO_ONLY_ALL") => play.push("allow = \"two_only_if_all_two\"".into()),
        Some("NOT_XFROM_1S") => play.push("allow = \"opposite_not_single\"".into()),
        Some("OCCUPIED") => play.push("allow = \"ends_in_occupied\"".into()),
        Some("RIGHT_2_1ST_THEN_ALL_TWO") => {
            // The game's first move (MancalaGames counts movers, and each
            // round afresh) from the two rightmost houses that may be
            // played; then TWO_ONLY_ALL.
            play.push("allow = \"two_only_if_all_two\"".into());
            play.push("opening_moves = 1".into());
            play.push("opening_from = \"rightmost_two\"".into());
        }
        Some(_) => return Err(r.refuse("allow_rule")),
    }
    match r.take_choice("prescribed") {
        None => {}
        Some("SOW1OPP") => {
            // MancalaGames' prescribed sower for the first two movers.
            if !play.iter().any(|l| l == "opening_moves = 2") {
                play.push("opening_moves = 2".into());
            }
            sowing.push("opening = \"last_seed_to_opponent\"".into());
        }
        Some("MLAPS_SOWER")
            if r.choice("sow_rule") == Some("NO_SOW_OPP_NS")
                && mlaps == Some("LAPPER")
                && mlap_cont.is_none()
                && r.has("crosscapt")
                && !r.has("capt_type") =>
        {
            // MancalaGames' prescribed first move (the game's first move
            // only) is its plain relay sowing; the game's own differs from
            // it only in passing over the opponent's houses.
            if !play.iter().any(|l| l == "opening_moves = 1") {
                play.push("opening_moves = 1".into());
            }
            sowing.push("opening = \"no_skipping\"".into());
        }
        Some("NO_UDIR_FIRSTS")
            if !chosen_holes(r)?.is_empty() && !r.has("sow_stores") && !r.has("capt_rturn") =>
        {
            // MancalaGames' first two movers (its movers count, which an
            // extra turn does not advance; these games have none) sow the
            // board's way.
            play.push("opening_moves = 2".into());
            sowing.push("opening = \"board_direction\"".into());
        }
        Some("PLUS1MINUS1") if !r.has("sow_direct") && !r.has("sow_stores") => {
            // MancalaGames' prescribed sower for the first move (it counts
            // every move, extra turns too, and each round afresh).
            play.push("opening_moves = 1".into());
            sowing.push("opening = \"plus_one_minus_one\"".into());
        }
        Some("ARNGE_LIMIT") if !r.has("nocaptmoves") => {
            // The starter may lay out their row anew in MancalaGames' user
            // interface; one who keeps the seeds as dealt, as its recorded
            // games do, waits for a first capture or child.
            out.capture.push("starter_waits = true".into());
            out.notes.push("prescribed = ARNGE_LIMIT lets the starter lay out their row anew (the opponent's mirrors it) in MancalaGames' user interface; a starter who keeps the seeds as dealt, as in its recorded games, may neither capture nor make a child until a move captures or makes one: starter_waits.".into());
        }
        Some(_) => return Err(r.refuse("prescribed")),
    }
    if r.choice("start_pattern") == Some("MOVE_RIGHTMOST") {
        // MancalaGames makes the starter's first move itself, from the
        // rightmost house; the recorded games write it as the first ply.
        if play.iter().any(|l| l.starts_with("opening_moves")) {
            return Err(r.unsupported(
                "start_pattern",
                "start_pattern = MOVE_RIGHTMOST with another opening".into(),
            ));
        }
        play.push("opening_moves = 1".into());
        play.push("opening_from = \"rightmost\"".into());
        out.notes.push("MancalaGames makes the first move itself (start_pattern = MOVE_RIGHTMOST), from the starter's rightmost house; its recorded games write it as their first ply, so here it is the game's first move, the only legal one (opening_from = \"rightmost\").".into());
    }
    if r.take_flag("no_sides") {
        play.push("from_either_row = true".into());
    }
    let mustshare = r.take_flag("mustshare");
    if mustshare {
        play.push("must_feed = true".into());
        if !chosen_holes(r)?.is_empty() {
            // MancalaGames offers both ways of a house when either feeds.
            play.push("feed_by_house = true".into());
        }
        if r.flag("mustpass") {
            // With mustpass, MancalaGames lets every move be played when
            // none feeds, rather than leaving the player none.
            play.push("when_none_feeds = \"any_move\"".into());
        } else if r.choice("capt_side") != Some("OWN_SIDE")
            && r.counts(out.total).is_some_and(|c| c.contains(&1))
        {
            // MancalaGames judges a move by the opponent's row after it,
            // captures made: a seed sown into an empty house of theirs
            // that a capture of 1 takes back does not feed.
            play.push("feeds_after_captures = true".into());
        }
    }
    let mustpass = r.take_flag("mustpass");
    if mustpass {
        play.push("pass_when_no_move = true".into());
    }
    let chosen = chosen_holes(r)?;
    let n = r.game.holes;
    if r.choice("sow_direct") == Some("SPLIT")
        && min_move == 1
        && !chosen.contains(&0)
        && !chosen.contains(&(n - 1))
    {
        // MancalaGames adds a rule that a single seed may not be sown
        // straight back (no_return) to every split-sowing game where a
        // single seed may be played and neither end house chooses its
        // direction. With no_sides, the house the seed lies in is barred
        // to whoever moves next.
        play.push("no_return = true".into());
    } else if r.game.game_class.0 == "ZigZag" && min_move == 1 && chosen.is_empty() {
        // The ZigZag class adds the same rule for a single seed sown across
        // the middle of the board, where its cycle crosses the centre line.
        play.push("no_return = true".into());
    }
    Ok(())
}

/// `[capture]`, and `[blocking]` where a relay closes houses.
fn capture(r: &Reading, out: &mut Sections) -> Result<(), Unsupported> {
    let (seeds, total) = (r.game.seeds.0, out.total);
    let mlaps = r.choice("mlaps");
    let sow_stores = r.choice("sow_stores");
    let crosscapt = r.take_choice("crosscapt");
    let counts = r.counts(total);
    for key in COUNT_KEYS {
        r.take(key);
    }
    let notes = &mut out.notes;
    let capture = &mut out.capture;
    let side = r.take_choice("capt_side").unwrap_or("BOTH");
    if !r.has("capt_side") && (r.any_counts(total) || r.has("crosscapt")) {
        notes.push("Without capt_side MancalaGames captures in either row (its default, BOTH); its games agree.".into());
    }
    // OPP_TERR and OWN_TERR read the houses each player owns now: only in
    // a territory game, where houses change hands.
    let territory = r.choice("goal") == Some("TERRITORY");
    let zone = match side {
        "BOTH" => "either",
        "OPP_SIDE" | "OPP_CONT" => "opponent",
        "OWN_SIDE" => "own",
        "OPP_TERR" if territory => "opponent",
        "OWN_TERR" if territory => "own",
        _ => return Err(r.refuse("capt_side")),
    };
    // The zone seen from the house the last seed falls in, for captures
    // that take the house across.
    let across = |zone: &str| match zone {
        "opponent" => "own",
        "own" => "opponent",
        _ => "either",
    };
    let multicapt = r.take_number("multicapt");
    if let Some(kind @ ("ONE_ANY" | "ANY")) = crosscapt {
        // ONE_ANY: the last seed in an empty house, anywhere; the chain
        // goes on along the sowing (capt_dir = SOW) from every next house,
        // whatever it holds, while the house opposite passes the capture
        // tests (capt_side, capt_max). ANY: the last seed in any house, and
        // the chain back against the sowing (the default capt_dir,
        // OPP_SOW) from every house before it.
        let any = kind == "ANY";
        let dir = r.choice("capt_dir").unwrap_or("OPP_SOW");
        if multicapt != -1 || dir != if any { "OPP_SOW" } else { "SOW" } {
            return Err(r.unsupported(
                "crosscapt",
                format!("crosscapt = {kind} with multicapt = {multicapt}, capt_dir = {dir}"),
            ));
        }
        if r.has("xcpickown") {
            return Err(r.unsupported("crosscapt", format!("crosscapt = {kind} with xcpickown")));
        }
        // The capture counts (capt_max, capt_on) are tested on the house
        // captured.
        let holds = counts.as_ref().map_or(String::new(), |c| {
            format!(", opposite_holds = {}", number_list(c))
        });
        let from_any = if any {
            ", whatever_last_holds = true, chain_against_sowing = true"
        } else {
            ""
        };
        capture.push(format!(
            "cross = {{ zone = \"either\", chain = true, chain_from_any = true{from_any}, opposite_in = \"{zone}\"{holds} }}"
        ));
    } else if let Some(cross) = crosscapt {
        if cross != "ONE_ZEROS" {
            return Err(r.refuse("crosscapt"));
        }
        if multicapt != 0 && (multicapt != -1 || r.choice("capt_dir") != Some("SOW")) {
            return Err(r.unsupported(
                "crosscapt",
                format!(
                    "crosscapt with multicapt = {multicapt}, capt_dir = {}",
                    r.choice("capt_dir").unwrap_or("OPP_SOW")
                ),
            ));
        }
        if multicapt != 0 && counts.is_some() {
            return Err(r.unsupported(
                "crosscapt",
                "crosscapt with multicapt and capture counts".into(),
            ));
        }
        let pick = r.take_choice("xcpickown").unwrap_or("LEAVE");
        if !matches!(pick, "LEAVE" | "PICK_ON_CAPT" | "ALWAYS_PICK") {
            return Err(r.refuse("xcpickown"));
        }
        if pick == "ALWAYS_PICK" && (multicapt != 0 || counts.is_some()) {
            return Err(r.unsupported(
                "xcpickown",
                "xcpickown = ALWAYS_PICK with multicapt or capture counts".into(),
            ));
        }
        let chain = if multicapt != 0 { ", chain = true" } else { "" };
        // With capture counts, the house opposite must hold one of them
        // (MancalaGames tests capt_on on the house captured).
        let holds = counts.as_ref().map_or(String::new(), |c| {
            format!(", opposite_holds = {}", number_list(c))
        });
        // ALWAYS_PICK takes the lone sowing seed whether or not anything
        // is captured across.
        let always = if pick == "ALWAYS_PICK" {
            ", even_when_opposite_empty = true"
        } else {
            ""
        };
        // xc_sown: only a move that sowed into the opponent's row
        // captures across; otherwise it moves again.
        let sown = if r.take_flag("xc_sown") {
            ", needs_opponent_sown = true"
        } else {
            ""
        };
        capture.push(format!(
            "cross = {{ zone = \"{}\", take_sowing_seed = {}{chain}{holds}{always}{sown} }}",
            across(zone),
            toml_bool(pick != "LEAVE")
        ));
    }
    let capt_type = r.take_choice("capt_type");
    let mut capt_dir = r.take_choice("capt_dir");
    if crosscapt.is_some() && multicapt != 0 {
        capt_dir = None; // the chain runs along the sowing: written above
    }
    let has_last_seed = |capture: &[String]| capture.iter().any(|c| c.starts_with("last_seed"));
    let has_across_gap = |capture: &[String]| capture.iter().any(|c| c.starts_with("across_gap"));
    match capt_type {
        Some("TWO_OUT") => {
            if crosscapt.is_some() {
                return Err(r.unsupported(
                    "capt_type",
                    "capt_type = TWO_OUT with other captures".into(),
                ));
            }
            if counts.is_some() && r.choice("sow_rule") == Some("ENPAS_ALL_OWNER_OWN") {
                notes.push("MancalaGames' capture across the gap does not look at the capture counts (capt_on): they are the counts the seeds capture while sowing (sow_rule = ENPAS_ALL_OWNER_OWN); the last hole is tried for them first, then the capture across the gap is made from it. Its games agree.".into());
            } else if counts.is_some() && r.choice("sow_rule") == Some("ENPAS_ALL_OWNER_SOW") {
                notes.push("MancalaGames' capture across the gap does not look at the capture counts (capt_on): they are the counts every seed but a handful's last captures while sowing (sow_rule = ENPAS_ALL_OWNER_SOW). Its games agree.".into());
            } else if counts.is_some() {
                // MancalaGames' capture across the gap asks only where the
                // house lies, never its count.
                let keys: Vec<&str> = COUNT_KEYS.into_iter().filter(|k| r.has(k)).collect();
                notes.push(format!("MancalaGames' capture across the gap does not look at the capture counts ({}): they only say when too few seeds are left to capture (seeds_left); its games agree.", keys.join(", ")));
            }
            if multicapt != 0 && multicapt != -1 {
                return Err(r.unsupported(
                    "multicapt",
                    format!("capt_type = TWO_OUT with multicapt = {multicapt}"),
                ));
            }
            if multicapt != 0 && (capt_dir != Some("SOW") || mlaps.is_none()) {
                return Err(r.unsupported(
                    "multicapt",
                    format!(
                        "capt_type = TWO_OUT with multicapt, capt_dir = {}, mlaps = {}",
                        capt_dir.unwrap_or("OPP_SOW"),
                        mlaps.unwrap_or("OFF")
                    ),
                ));
            }
            capture.push(format!(
                "across_gap = {{ zone = \"{zone}\", chain = {} }}",
                toml_bool(multicapt == -1)
            ));
        }
        Some("CAPT_OPP_1CCW")
            if r.choice("pickextra") == Some("PICKOPPBASIC")
                && counts.is_some()
                && crosscapt.is_none()
                && multicapt == 0
                && side == "OPP_SIDE"
                && capt_dir.is_none() =>
        {
            r.take("pickextra");
            capture.push(format!(
                "counts = {}",
                number_list(counts.as_deref().unwrap_or_default())
            ));
            capture.push("sweep = true".into());
        }
        Some("SINGLETONS")
            if counts.is_none() && crosscapt.is_none() && multicapt == 0 && capt_dir.is_none() =>
        {
            // Every single seed in the capture zone, after every move.
            capture.push(format!("singletons = \"{zone}\""));
        }
        Some("PULL_ACROSS") if counts.is_none() && crosscapt.is_none() && multicapt == 0 => {
            capture.push(format!("pull_across = \"{}\"", across(zone)));
        }
        Some("END_OPP_STORE_CAPT")
            if counts.is_none() && capt_dir.is_none() && sow_stores == Some("BOTH_NR_OPP") =>
        {
            capture.push("opponent_store = true".into());
        }
        Some("NEXT")
            if counts.is_some()
                && crosscapt.is_none()
                && capt_dir == Some("SOW")
                && (multicapt == 0 || multicapt == -1)
                && mlaps.is_none()
                && sow_stores.is_none() =>
        {
            // The house after the last seed's, along the sowing (capt_dir
            // SOW; MancalaGames' default OPP_SOW would look at the house
            // before).
            capture.push(format!(
                "counts = {}",
                number_list(counts.as_deref().unwrap_or_default())
            ));
            capture.push(format!(
                "next = {{ zone = \"{zone}\", chain = {} }}",
                toml_bool(multicapt == -1)
            ));
        }
        Some("NEXT")
            if counts.is_none()
                && crosscapt.is_none()
                && capt_dir == Some("SOW")
                && multicapt == 0
                && mlaps == Some("LAPPER")
                && !r.has("mlap_cont")
                && sow_stores.is_none() =>
        {
            // With relay sowing MancalaGames judges the last hole (it ends
            // holding its one seed) by capt_side, and takes the next house
            // when it holds seeds; PICKFINAL then takes the last seed too.
            let last = r.choice("pickextra") == Some("PICKFINAL");
            if last {
                r.take("pickextra");
            }
            capture.push(format!(
                "next = {{ zone = \"{zone}\", from_empty = true, take_sowing_seed = {} }}",
                toml_bool(last)
            ));
        }
        Some("MATCH_OPP")
            if counts.is_none()
                && crosscapt.is_none()
                && multicapt == 0
                && capt_dir.is_none()
                && side == "BOTH" =>
        {
            // The last hole and the hole opposite holding the same count.
            capture.push("match_opposite = true".into());
        }
        Some("MATCH_OPP")
            if counts.is_none()
                && crosscapt.is_none()
                && multicapt > 1
                && capt_dir == Some("BOTH")
                && side == "BOTH"
                && sow_stores.is_none() =>
        {
            // The pairs that match along the sowing, then the other way
            // from the house before the last one, one pair fewer.
            capture.push("match_opposite = true".into());
            capture.push(format!("match_opposite_both_ways = {multicapt}"));
        }
        Some("PASS_STORE_CAPT")
            if counts.is_none() && crosscapt.is_none() && capt_dir.is_none() =>
        {
            capture.push(format!("empty_gives_store = \"{zone}\""));
        }
        _ if capt_type.is_some()
            || (capt_dir.is_some()
                && !(capt_dir == Some("SOW")
                    && counts.is_some()
                    && crosscapt.is_none()
                    && multicapt != 0)) =>
        {
            let named: Vec<String> = ["capt_dir", "capt_type"]
                .into_iter()
                .filter_map(|k| r.get(k).map(|v| format!("{k} = {}", plain(v))))
                .collect();
            let first = if r.has("capt_dir") {
                "capt_dir"
            } else {
                "capt_type"
            };
            return Err(r.unsupported(first, named.join(", ")));
        }
        _ => {
            if let Some(counts) = counts.as_ref().filter(|_| crosscapt.is_none()) {
                capture.push(format!("counts = {}", number_list(counts)));
                capture.push(format!("last_seed = \"{zone}\""));
                if multicapt == -1 {
                    capture.push("chain = true".into());
                } else if multicapt > 1 {
                    capture.push("chain = true".into());
                    capture.push(format!("chain_max = {multicapt}"));
                }
                if side == "OPP_CONT" && multicapt != 0 {
                    capture.push("chain_zone = \"either\"".into());
                }
                if capt_dir == Some("SOW") {
                    // The chain goes on along the sowing, to the houses
                    // after the last seed's.
                    capture.push("chain_along_sowing = true".into());
                }
                if r.take_flag("moveunlock") {
                    // Houses are locked until played from.
                    capture.push("from_played_only = true".into());
                }
            }
        }
    }
    let sow_rule = r.take_choice("sow_rule");
    match sow_rule {
        Some(rule @ ("SOW_BLKD_DIV" | "SOW_BLKD_DIV_NR")) => {
            out.blocking = blocking(r, rule, notes)?;
        }
        Some("ENPAS_ALL_OWNER_SOW") if has_last_seed(capture) => {
            capture.push(format!("while_sowing = \"{zone}\""));
            capture.push("while_sowing_by = \"owner\"".into());
        }
        Some("ENPAS_ALL_SOWER") if has_last_seed(capture) => {
            // Every seed but a handful's last that makes a capturing count
            // takes the house for the sower.
            capture.push(format!("while_sowing = \"{zone}\""));
        }
        Some("ENPAS_SOW_SOWER") if has_last_seed(capture) => {
            // Every seed but a handful's last that makes a capturing count
            // in the sower's own row takes it for the sower.
            capture.push("while_sowing = \"own\"".into());
        }
        Some("ENPAS_ALL_OWNER_OWN") if has_last_seed(capture) && multicapt == 0 => {
            // Every seed, the last too, captures for the house's owner: the
            // last hole is emptied before the sower could capture it.
            capture.retain(|c| !c.starts_with("last_seed"));
            capture.push(format!("while_sowing = \"{zone}\""));
            capture.push("while_sowing_by = \"owner\"".into());
            capture.push("while_sowing_last = true".into());
        }
        Some("LAP_CAPT_SEEDS")
            if mlaps == Some("LAPPER")
                && !r.flag("stores")
                && (has_last_seed(capture) || capture.iter().any(|c| c.starts_with("cross ="))) =>
        {
            // The seeds a lap captures are sown on; without stores
            // MancalaGames stops the sowing once the opponent has no seeds.
            capture.push("lap_captures = true".into());
            capture.push("lap_captures_sow_on = true".into());
        }
        Some(rule @ ("ENPAS_ALL_OWNER_SOW" | "ENPAS_ALL_OWNER_OWN"))
            if has_across_gap(capture) && counts.is_some() =>
        {
            // The capture counts (capt_on) are the en passant captures';
            // the last seed's capture is the one across the gap, made from
            // the last hole (which ENPAS_ALL_OWNER_OWN tries first).
            capture.push(format!(
                "counts = {}",
                number_list(counts.as_deref().unwrap_or_default())
            ));
            capture.push(format!("while_sowing = \"{zone}\""));
            capture.push("while_sowing_by = \"owner\"".into());
            if rule == "ENPAS_ALL_OWNER_OWN" {
                capture.push("while_sowing_last = true".into());
            }
        }
        Some(rule @ ("LAP_CAPT" | "LAP_CAPT_OPP_GETS"))
            if mlaps == Some("LAPPER")
                && (has_last_seed(capture)
                    || capture.iter().any(|c| c.starts_with("across_gap"))
                    || capture.iter().any(|c| {
                        c.starts_with("cross =")
                            && c.contains("take_sowing_seed = false")
                            && !c.contains("chain")
                    })) =>
        {
            capture.push("lap_captures = true".into());
            if rule == "LAP_CAPT_OPP_GETS" {
                if !has_last_seed(capture) {
                    return Err(r.unsupported(
                        "sow_rule",
                        "sow_rule = LAP_CAPT_OPP_GETS without a count capture".into(),
                    ));
                }
                capture.push(format!(
                    "opponent_takes_sown = {{ at_most = {} }}",
                    r.take_number("sow_param")
                ));
            }
        }
        // Read with children, or with sowing above.
        None
        | Some(
            "NO_OPP_CHILD" | "OPP_CHILD_ONLY1" | "NO_SOW_OPP_NS" | "MAX_SOW" | "CHANGE_DIR_LAP",
        ) => {}
        Some(_) => return Err(r.refuse("sow_rule")),
    }
    match r.take_choice("grandslam") {
        None => {}
        Some("NO_CAPT") => capture.push("grand_slam = \"no_capture\"".into()),
        Some("NOT_LEGAL") => capture.push("grand_slam = \"forbidden\"".into()),
        Some("LEGAL_SHARE") => capture.push("grand_slam = \"capture_then_feed\"".into()),
        Some("LEAVE_RIGHT") => capture.push("grand_slam = \"leave_rightmost\"".into()),
        Some("OPP_GETS_REMAIN") => capture.push("grand_slam = \"opponent_takes_rest\"".into()),
        Some(_) => return Err(r.refuse("grandslam")),
    }
    match r.take_choice("presowcapt") {
        None => {}
        Some("CAPT_ONE") => capture.push("before_sowing = \"one_seed\"".into()),
        Some("DRAW_1_XCAPT") => {
            if r.take_flag("sow_start") {
                return Err(r.unsupported(
                    "presowcapt",
                    "presowcapt = DRAW_1_XCAPT with sow_start".into(),
                ));
            }
            capture.push("before_sowing = \"single_takes_opposite\"".into());
        }
        Some("ALL_SINGLE_XCAPT") if !r.has("mlaps") => {
            capture.push("before_sowing = \"singles_take_opposite\"".into())
        }
        Some(_) => return Err(r.refuse("presowcapt")),
    }
    let pickextra = r.take_choice("pickextra");
    match pickextra {
        None => {}
        Some(pick @ ("PICKLASTSEEDS" | "PICK2XLASTSEEDS")) => {
            // PICKLASTSEEDS gives a start's worth of seeds or fewer to the
            // mover; PICK2XLASTSEEDS twice that to the round's starter.
            capture.push(if pick == "PICKLASTSEEDS" {
                format!("last_seeds_to_mover = {seeds}")
            } else {
                format!("last_seeds_to_round_starter = {}", 2 * seeds)
            });
            // MancalaGames counts the seeds it may capture from (capt_side).
            match side {
                "OPP_SIDE" | "OPP_TERR" => {
                    capture.push("last_seeds_counted_in = \"opponent\"".into())
                }
                "OWN_SIDE" | "OWN_TERR" => capture.push("last_seeds_counted_in = \"own\"".into()),
                _ => {}
            }
        }
        Some("PICKOPPBASIC") if capture.iter().any(|c| c == "sweep = true") => {}
        Some("PICKOPPBASIC")
            if counts.is_some()
                && matches!(side, "OPP_SIDE" | "BOTH")
                && capture.iter().any(|c| c.starts_with("cross =")) =>
        {
            // After a capture, every house of the opponent's row holding
            // a capturing count (capt_on) goes too.
            capture.push(format!(
                "sweep_after_capture = {}",
                number_list(counts.as_deref().unwrap_or_default())
            ));
        }
        Some("PICKCROSS")
            if capture
                .iter()
                .any(|c| c.starts_with("across_gap") && c.contains("chain = false")) =>
        {
            // After a capture across the gap, MancalaGames takes the house
            // opposite the one captured too (capt_loc).
            for c in capture.iter_mut().filter(|c| c.starts_with("across_gap")) {
                *c = c.replacen(" }", ", take_opposite = true }", 1);
            }
        }
        Some("PICKFINAL")
            if capture
                .iter()
                .any(|c| c.starts_with("next =") && c.contains("take_sowing_seed = true")) => {}
        Some("PICKCROSSMULT")
            if multicapt != 0 && capture.iter().any(|c| c.starts_with("last_seed")) =>
        {
            // With multiple captures, each house a count capture takes
            // takes the house across too (MancalaGames' PickCross inside its
            // capture loop).
            capture.push("count_takes_opposite = true".into());
        }
        Some(_) => return Err(r.refuse("pickextra")),
    }
    if matches!(side, "OPP_TERR" | "OWN_TERR") {
        capture.push("zones_by = \"owner\"".into());
    }
    let quiet = r.take_number("nocaptmoves");
    if quiet != 0 {
        capture.push(format!("quiet_moves = {quiet}"));
    }
    if r.take_flag("nosinglecapt") {
        capture.push("single_seed_captures = false".into());
    }
    let looks = ["chain = true", "next =", "across_gap ="];
    if !chosen_holes(r)?.is_empty()
        && matches!(r.choice("sow_direct"), None | Some("CW" | "CCW"))
        && r.choice("capt_dir") != Some("SOW")
        && capture
            .iter()
            .any(|c| looks.iter().any(|l| c.starts_with(l)))
    {
        // MancalaGames turns a chain (and next, two out) against its fixed
        // sow_direct, whichever way the mover chose to sow.
        capture.push("looks_along = \"board\"".into());
    }
    if capture.is_empty() {
        capture.push(if r.choice("child_type") == Some("WEG") {
            "# nothing is captured here; a weg takes seeds ([children])".into()
        } else {
            "# nothing is ever captured".into()
        });
    }
    Ok(())
}

/// `[turn]`: extra turns.
fn turn(r: &Reading, out: &mut Sections) -> Result<(), Unsupported> {
    let sow_stores = r.choice("sow_stores");
    match sow_stores {
        Some("BOTH") => out
            .turn
            .push("extra_turn = \"last_seed_in_a_store\"".into()),
        Some(_) => out
            .turn
            .push("extra_turn = \"last_seed_in_own_store\"".into()),
        None => {}
    }
    match r.take_choice("capt_rturn") {
        None => {}
        Some("ALWAYS") if sow_stores.is_none() => {
            out.turn.push("extra_turn = \"after_capture\"".into())
        }
        Some("ONCE") if sow_stores.is_none() => {
            out.turn.push("extra_turn = \"after_capture_once\"".into())
        }
        Some(_) => return Err(r.refuse("capt_rturn")),
    }
    Ok(())
}

/// `[end]`, in MancalaGames' order: a store past half the seeds; an even
/// split; too few seeds left to change the outcome; a player who cannot
/// feed; no move.
fn end(r: &Reading, out: &mut Sections) -> Result<(), Unsupported> {
    let (seeds, total) = (r.game.seeds.0, out.total);
    let min_move = min_move(r);
    let sow_stores = r.choice("sow_stores");
    let mustshare = r.flag("mustshare");
    let mustpass = r.flag("mustpass");
    let crosscapt = r.choice("crosscapt");
    let counts = r.counts(total);
    let capt_type = r.choice("capt_type");
    let pickextra = r.choice("pickextra");
    let notes = &mut out.notes;
    let goal = r.take_choice("goal").unwrap_or("MAX_SEEDS");
    let end_cond = r.take_choice("end_cond");
    let unclaimed = r.take_choice("unclaimed").unwrap_or("HOLE_OWNER");
    // The round-tally goals: each round is played to the goal, starting
    // afresh, and the match goes to goal_param round wins, points, seeds,
    // or seeds won by (`match_goal`, the [rounds] key).
    let (goal, match_goal) = match goal {
        "RND_WIN_COUNT_CLR" => ("CLEAR", Some("round_wins")),
        "RND_WIN_COUNT_DEP" => ("DEPRIVE", Some("round_wins")),
        "RND_WIN_COUNT_IMB" => ("IMMOBILIZE", Some("round_wins")),
        "RND_WIN_COUNT_MAX" => ("MAX_SEEDS", Some("round_wins")),
        "RND_POINTS" => ("MAX_SEEDS", Some("points")),
        "RND_SEED_COUNT" => ("MAX_SEEDS", Some("seeds_won")),
        "RND_EXTRA_SEEDS" => ("MAX_SEEDS", Some("extra_seeds")),
        _ => (goal, None),
    };
    let round_wins = match_goal.is_some();
    if round_wins && !r.has("rounds") {
        return Err(r.unsupported("goal", format!("goal = {goal} without rounds")));
    }
    if matches!(goal, "CLEAR" | "DEPRIVE" | "IMMOBILIZE") {
        out.rounds = rounds(r, !out.blocking.is_empty(), match_goal)?;
        let end = &mut out.end;
        if end_cond.is_some() {
            return Err(r.unsupported(
                "end_cond",
                format!(
                    "goal = {goal} with end_cond = {}",
                    end_cond.unwrap_or_default()
                ),
            ));
        }
        // With blocked houses the stores hold the seeds out of play, and the
        // seeds in each row count for its owner where they lie.
        let left = if out.blocking.is_empty() {
            "nobody"
        } else {
            "each_own_in_place"
        };
        end.push(format!("goal = \"{}\"", goal.to_lowercase()));
        end.push(format!(
            "ply_limit = {{ plies = 2000, taken_by = \"{left}\" }}"
        ));
        return Ok(());
    }
    let territory = goal == "TERRITORY";
    if goal != "MAX_SEEDS" && !territory {
        return Err(r.refuse("goal"));
    }
    out.rounds = if territory {
        territory_rounds(r, total, notes)?
    } else {
        rounds(r, !out.blocking.is_empty(), match_goal)?
    };
    if r.choice("round_fill") == Some("UCHOOSE") {
        notes.push("round_fill = UCHOOSE lets a player choose which houses to fill in MancalaGames' user interface only; its engine, which played the recorded games, fills from both ends inwards as by default, and the records carry no choice: fill_from = \"outside\".".into());
    }
    // Where only the loser refills, MancalaGames collects nothing as a
    // round ends: each row counts for its owner where it lies.
    let loser_refills = out.rounds.iter().any(|l| l == "refill = \"loser\"");
    let collect = |name: &'static str, value: &str| {
        if loser_refills {
            Ok("each_own_in_place")
        } else {
            collect_of(r, name, value)
        }
    };
    // Whether seeds_left comes from MancalaGames' seeds-limit ender.
    let mut seeds_limit = false;
    let end = &mut out.end;
    match end_cond {
        None => {}
        Some(cond @ ("CLEARED_OWN" | "CLEARED_OPP")) => {
            let row = if cond == "CLEARED_OWN" {
                "mover"
            } else {
                "opponent"
            };
            end.push(format!(
                "cleared_row = {{ row = \"{row}\", taken_by = \"{}\" }}",
                collect("unclaimed", unclaimed)?
            ));
        }
        Some("SEEDS_LIMIT") => {
            // The game (or round) ends when end_param seeds or fewer are
            // left on the board.
            seeds_limit = true;
            end.push(format!(
                "seeds_left = {{ at_most = {}, taken_by = \"{}\" }}",
                r.take_number("end_param"),
                collect("unclaimed", unclaimed)?
            ));
        }
        Some(_) => return Err(r.refuse("end_cond")),
    }
    if territory {
        // MancalaGames plays a NO_MOVES territory round on until nobody can
        // move; other territory rounds end as soon as a player holds the
        // seeds that win the round's territory.
        if r.choice("rounds") != Some("NO_MOVES") {
            let (to_win, _) = territory_seeds(r, out.total);
            end.push(format!(
                "majority = {}        # the seeds that win the territory",
                to_win + 1
            ));
        }
        if r.choice("rounds") == Some("END_2S_SEEDS") && pickextra.is_none() {
            seeds_limit = true;
            end.push(format!(
                "seeds_left = {{ at_most = {}, taken_by = \"{}\" }}        # twice a start's worth",
                2 * seeds,
                collect("unclaimed", unclaimed)?
            ));
        }
    } else if round_wins && r.choice("rounds") == Some("NO_MOVES") {
        // MancalaGames ends such a round early only when one store holds
        // every seed, when the player to move has no move anyway: no
        // majority.
    } else if round_wins && r.choice("rounds") == Some("END_S_SEEDS") {
        // The round ends with a start's worth of seeds or fewer left, tried
        // before any other ending; no majority, as above.
        end.push(format!(
            "seeds_left = {{ at_most = {seeds}, taken_by = \"{}\" }}        # a start's worth",
            collect("unclaimed", unclaimed)?
        ));
    } else if out.rounds.is_empty() || r.choice("rounds") == Some("HALF_SEEDS") {
        // rounds = HALF_SEEDS ends a round as a single game ends.
        end.push(format!("majority = {}", majority(total)));
        if total % 2 == 0 {
            end.push("even_split_draw = true".into());
        }
    } else if r.choice("round_fill") == Some("UMOVE") {
        // MancalaGames plays such a round on until nobody can move (its
        // recorded games end so): no majority.
    } else {
        // MancalaGames ends a round as soon as one player holds so many
        // seeds that the other cannot fill the houses needed to play on.
        let houses = r.number("goal_param").max(1);
        let need = seeds * houses;
        end.push(format!(
            "majority = {}        # the opponent cannot fill {houses} house(s)",
            total - need + 1
        ));
        if 2 * (total - need) == total {
            end.push("even_split_draw = true".into());
        }
    }
    let end_collect = if unclaimed == "UNFED_PLAYER" {
        if !mustshare {
            return Err(r.unsupported(
                "unclaimed",
                "unclaimed = UNFED_PLAYER without mustshare".into(),
            ));
        }
        end.push("cannot_feed = \"unfed\"".into());
        notes.push("unclaimed = UNFED_PLAYER gives the seeds left to the player who cannot be fed (cannot_feed); other endings use the quitter's rule, as MancalaGames' engine does.".into());
        collect("quitter", r.choice("quitter").unwrap_or("DIVVIED"))?
    } else {
        collect("unclaimed", unclaimed)?
    };
    let end_collect = if r.flag("no_sides") && end_collect == "each_own" {
        // Without sides no house has an owner to take its seeds.
        notes.push("With no_sides, MancalaGames gives the seeds left in the houses to nobody at the end (HOLE_OWNER finds no owner); its recorded games agree: removed.".into());
        "removed"
    } else {
        end_collect
    };
    // Too few seeds for a capture: the smallest count that captures.
    if pickextra == Some("PICKLASTSEEDS") {
        notes.push(format!("pickextra = PICKLASTSEEDS: after every move, {seeds} seeds or fewer (but some) left on the board go to the mover as part of the move, before any ending is tried (last_seeds_to_mover); MancalaGames then has no ending for too few seeds left."));
    }
    if pickextra == Some("PICK2XLASTSEEDS") {
        notes.push(format!("pickextra = PICK2XLASTSEEDS: after every move, {} seeds or fewer (but some) left on the board go to the player who started the round, whoever moved, before any ending is tried (last_seeds_to_round_starter); MancalaGames then has no ending for too few seeds left.", 2 * seeds));
    }
    // MancalaGames has no such ending where children hold the seeds without
    // stores, nor where a weg's capture is the only capture.
    let has_children = !out.children.is_empty();
    let children_are_stores = has_children && !r.flag("stores");
    let weg_captures_alone = r.choice("child_type") == Some("WEG")
        && counts.is_none()
        && crosscapt.is_none()
        && capt_type.is_none();
    let must_feed_without_pass = mustshare && !mustpass;
    if !children_are_stores
        && !weg_captures_alone
        && sow_stores.is_none()
        && end_cond.is_none()
        && !must_feed_without_pass
        && !matches!(pickextra, Some("PICKLASTSEEDS" | "PICK2XLASTSEEDS"))
        // A round that ends on a start's worth (or twice it) left needs no
        // other ending for too few seeds.
        && !matches!(r.choice("rounds"), Some("END_S_SEEDS" | "END_2S_SEEDS"))
    {
        let mut need = if has_children {
            r.number("child_cvt")
        } else {
            total
        };
        if crosscapt.is_some() || r.flag("evens") || capt_type == Some("NEXT") {
            need = need.min(2);
        }
        if capt_type == Some("TWO_OUT") {
            need = need.min(if r.has("mlaps") { 2 } else { 3 });
        }
        if let Some(&least) = counts
            .as_ref()
            .filter(|_| r.has("capt_on"))
            .and_then(|c| c.iter().min())
        {
            need = need.min(least);
        }
        if r.has("capt_min") {
            let min = r.number("capt_min");
            need = if need == total { min } else { min.max(need) };
        }
        if min_move < need && need < total {
            notes.push(format!("MancalaGames' engine ends a game when the board holds fewer seeds than the smallest capture ({need}); its recorded games end there too: seeds_left.{}",
                if has_children { " It waits while a child stands, as seeds_left does." } else { "" }));
            end.push(format!(
                "seeds_left = {{ at_most = {}, taken_by = \"{end_collect}\" }}",
                need - 1
            ));
        }
    }
    // MancalaGames tries its seeds-limit ender (end_cond = SEEDS_LIMIT, or
    // a round ending with twice a start's worth left) before it judges the
    // stores, and gives the seeds left to their takers first; its other
    // end on few seeds (too few to capture) comes after the stores.
    if seeds_limit && end.iter().any(|l| l.starts_with("majority")) {
        for line in end.iter_mut().filter(|l| l.starts_with("seeds_left")) {
            *line = line.replacen("\" }", "\", before_majority = true }", 1);
        }
        notes.push("MancalaGames judges the seeds left before a store's majority: when one move brings both, the seeds left are taken first and the stores then decide: before_majority.".into());
    }
    end.push(format!("no_move = \"{end_collect}\""));
    end.push(format!(
        "ply_limit = {{ plies = 2000, taken_by = \"{end_collect}\" }}"
    ));
    Ok(())
}

/// The `[rounds]` table for a match of rounds (MancalaGames' `rounds`),
/// empty for a single game; `blocking` says whether `blocks` is
/// `[blocking]`'s; `match_goal` is the key of a round-tally goal.
fn rounds(
    r: &Reading,
    blocking: bool,
    match_goal: Option<&str>,
) -> Result<Vec<String>, Unsupported> {
    let Some(rounds) = r.take_choice("rounds") else {
        return Ok(Vec::new());
    };
    // HALF_SEEDS differs from NO_MOVES only in when a round ends early
    // (the majority, see `end`).
    // END_S_SEEDS ends a round with a start's worth of seeds or fewer left
    // (seeds_left, see `end`): with a round-tally goal only, where no
    // round is refilled.
    let ends_on_seeds = rounds == "END_S_SEEDS" && match_goal.is_some();
    if rounds != "NO_MOVES" && rounds != "HALF_SEEDS" && !ends_on_seeds {
        return Err(r.refuse("rounds"));
    }
    if let Some(key) = match_goal {
        // A round-tally goal: every round starts afresh, and the match
        // goes to goal_param round wins, points, seeds or seeds won by.
        if r.has("round_fill") || r.flag("blocks") {
            return Err(r.refuse("round_fill"));
        }
        let mut out = vec![format!("{key} = {}", r.take_number("goal_param").max(1))];
        out.extend(starter(r)?);
        return Ok(out);
    }
    let fill = match r.take_choice("round_fill") {
        Some("LEFT_FILL") => "left",
        Some("RIGHT_FILL") => "right",
        // UCHOOSE lets a player choose their houses in MancalaGames' user
        // interface only; its engine fills as by default (see `end`).
        None | Some("NOT_APPLICABLE" | "OUTSIDE_FILL" | "UCHOOSE") => "outside",
        Some("LOSER_ONLY") => "south_left",
        // UMOVE lets the loser lay their seeds out in MancalaGames' user
        // interface; its engine lays them out evenly.
        Some("UMOVE") if !r.flag("blocks") && !r.has("goal_param") => "loser_evenly",
        Some("SHORTEN_ALL") => "shortened",
        _ => return Err(r.refuse("round_fill")),
    };
    let mut out = vec![format!("fill_from = \"{fill}\"")];
    if fill == "shortened" && r.game.holes > 3 && r.has("child_type") {
        // MancalaGames makes no child in a round shortened to three
        // houses or fewer, on rows of more than three.
        out.push("children_need_houses = 4".into());
    }
    if fill == "south_left" {
        out.push("refill = \"loser\"".into());
    }
    if r.flag("blocks") && !blocking {
        r.take("blocks");
        out.push("unfilled_blocked = true".into());
    }
    out.extend(starter(r)?);
    let houses = r.take_number("goal_param");
    if houses > 1 {
        out.push(format!("houses_to_play_on = {houses}"));
    }
    Ok(out)
}

/// `[rounds] starter`, where the round starter is not the default.
fn starter(r: &Reading) -> Result<Option<String>, Unsupported> {
    Ok(match r.take_choice("round_starter") {
        None | Some("ALTERNATE") => None,
        Some("LOSER") => Some("starter = \"loser\"".into()),
        Some("WINNER") => Some("starter = \"winner\"".into()),
        Some("LAST_MOVER") => Some("starter = \"last_mover\"".into()),
        Some(_) => return Err(r.refuse("round_starter")),
    })
}

/// The `[rounds]` table of a territory game (`goal = TERRITORY`): the
/// houses change hands between rounds, and `goal_param` houses win.
fn territory_rounds(
    r: &Reading,
    total: i64,
    notes: &mut Vec<String>,
) -> Result<Vec<String>, Unsupported> {
    match r.take_choice("rounds") {
        Some("NO_MOVES") => {}
        // The round ends with a start's worth of seeds or fewer left, and
        // the mover takes them as part of the move (PICKLASTSEEDS, which
        // MancalaGames pairs with it): the board is then empty, and the
        // next player has no move.
        Some("END_S_SEEDS") if r.choice("pickextra") == Some("PICKLASTSEEDS") => {}
        // The same with twice a start's worth, taken by the round's
        // starter (PICK2XLASTSEEDS).
        Some("END_2S_SEEDS") if r.choice("pickextra") == Some("PICK2XLASTSEEDS") => {}
        // Without a pick, the round ends with twice a start's worth or
        // fewer left, which go to their houses' owners (seeds_left, [end]).
        Some("END_2S_SEEDS") if !r.has("pickextra") => {}
        _ => return Err(r.refuse("rounds")),
    }
    let (to_win, part) = territory_seeds(r, total);
    let contested = match r.take_choice("round_fill") {
        None => "over_half",
        Some("TERR_EX_LOSER") => "loser",
        Some("TERR_EX_EMPTY") => "emptied",
        Some("UCHOWN") => {
            notes.push("round_fill = UCHOWN lets the round's winner choose their houses in MancalaGames' user interface only; its engine, which played the recorded games, hands them out as by default (the owners of its recorded next rounds agree): contested_house = \"over_half\".".into());
            "over_half"
        }
        Some("TERR_EX_RANDOM") if r.game.seeds.0 % 2 == 0 => {
            notes.push("round_fill = TERR_EX_RANDOM: where the winner's seeds fill exactly half of a house, MancalaGames draws lots for it; sow draws no lots and gives it to the loser, as where they fill less (contested_house = \"over_half\"). The catalogue's games that drew lots are not matched; the others agree.".into());
            "over_half"
        }
        Some(_) => return Err(r.refuse("round_fill")),
    };
    let mut out: Vec<String> = starter(r)?.into_iter().collect();
    let houses = r.take_number("goal_param");
    out.push(format!(
        "territory = {{ contested_house = \"{contested}\", seeds_to_play_on = {} }}        # {houses} houses win",
        total - to_win + part
    ));
    Ok(out)
}

/// MancalaGames' seeds that win a round's territory (`goal_param` houses),
/// and the part of a house a player needs beyond the rest of the seeds to
/// play on: half a house, or one seed where the contested house is the
/// loser's (`TERR_EX_LOSER`, `TERR_EX_EMPTY`). A house's worth is the
/// game's `total` seeds over its houses (`nbr_start`, unless a start
/// pattern says otherwise).
fn territory_seeds(r: &Reading, total: i64) -> (i64, i64) {
    let (seeds, houses) = (total / (2 * r.game.holes), r.number("goal_param"));
    if matches!(
        r.choice("round_fill"),
        Some("TERR_EX_LOSER" | "TERR_EX_EMPTY")
    ) {
        (houses * seeds, 1)
    } else {
        ((houses - 1) * seeds + seeds / 2 + 1, seeds / 2)
    }
}

/// The `[blocking]` table for blocks with `sow_rule = SOW_BLKD_DIV(_NR)`.
fn blocking(r: &Reading, rule: &str, notes: &mut Vec<String>) -> Result<Vec<String>, Unsupported> {
    let blocks = r.take_flag("blocks");
    let closes_at = r.take_number("sow_param");
    if !blocks || closes_at == 0 {
        return Err(r.unsupported(
            "sow_rule",
            format!("sow_rule = {rule} without blocks and sow_param"),
        ));
    }
    if r.choice("mlaps") != Some("LAPPER") || r.has("mlap_cont") {
        // Without relay sowing MancalaGames takes the closed house's seeds
        // out of play at once; no catalogue game does that.
        return Err(r.unsupported(
            "sow_rule",
            format!("sow_rule = {rule} without plain relay sowing (mlaps = LAPPER)"),
        ));
    }
    notes.push("A house closes (blocked) as a relay lifts it: MancalaGames tests a lap's last hole between laps, and a lap whose last seed brings a house of the opponent's row to sow_param goes on from it, so that house's seeds are sown on and it stays blocked, empty, for the rest of the game ([blocking] closes_at). Its recorded games agree, ply by ply, with the blocked marks they record.".into());
    notes.push("MancalaGames keeps the seeds that reach one of the opponent's blocked houses in South's store, whoever sows them (the catalogue's games show North's store always empty); sow keeps them there too, and they count for nobody. A last seed that leaves play ends the sowing. The sower's own blocked houses are passed over. The ply limit, which MancalaGames lacks, counts the seeds in each row for its owner where they lie (each_own_in_place); it never fires in the recorded games.".into());
    if r.has("nocaptmoves") {
        notes.push(
            "nocaptmoves stops closing too: the first moves close nothing (quiet_moves).".into(),
        );
    }
    let mut out = vec![format!("closes_at = {closes_at}")];
    if rule == "SOW_BLKD_DIV_NR" {
        out.push(format!(
            "never_in = [{}]        # each row's last house never closes (SOW_BLKD_DIV_NR)",
            r.game.holes
        ));
    }
    Ok(out)
}

/// MancalaGames' child location patterns: each row is cut into five parts,
/// first house, second, the middle, second to last, last (from the owner's
/// left), and each part names who may make a child there (S South, N
/// North). Rows: South's own, then North's (both from their owner's left).
const LOCATION_PATTERNS: &[(&str, [&str; 5], [&str; 5])] = &[
    (
        "INV_ENDS_PLUS_MID",
        ["N", "S", "S", "S", "N"],
        ["S", "N", "N", "N", "S"],
    ),
    (
        "ENDS_PLUS_ONE_OPP",
        ["SN", "N", "", "N", "SN"],
        ["SN", "S", "", "S", "SN"],
    ),
    (
        "ENDS_PLUS_ALL_OPP",
        ["SN", "N", "N", "N", "SN"],
        ["SN", "S", "S", "S", "SN"],
    ),
    (
        "ENDS_ONLY",
        ["SN", "", "", "", "SN"],
        ["SN", "", "", "", "SN"],
    ),
    (
        "NO_ENDS",
        ["", "SN", "SN", "SN", ""],
        ["", "SN", "SN", "SN", ""],
    ),
];

/// Whether `locs` is one of the location patterns above.
pub(super) fn is_location_pattern(locs: &str) -> bool {
    LOCATION_PATTERNS.iter().any(|p| p.0 == locs)
}

/// The `in_own_row` and `in_opponent_row` places of a location pattern.
fn pattern_places(
    r: &Reading,
    pattern: &(&str, [&str; 5], [&str; 5]),
    n: i64,
) -> Result<(Vec<i64>, Vec<i64>), Unsupported> {
    let n = n as usize;
    let parts: Vec<usize> = match n {
        2 => vec![0, 4],
        3 => vec![0, 2, 4],
        4 => vec![0, 1, 3, 4],
        _ => [vec![0, 1], vec![2; n - 4], vec![3, 4]].concat(),
    };
    let (locs, south_row, north_row) = pattern;
    let places = |me: char, own_row: &[&str; 5], opp_row: &[&str; 5]| {
        let own: Vec<i64> = (0..n)
            .filter(|&k| own_row[parts[k]].contains(me))
            .map(|k| k as i64 + 1)
            .collect();
        let opp: Vec<i64> = (0..n)
            .filter(|&k| opp_row[parts[k]].contains(me))
            .map(|k| k as i64 + 1)
            .collect();
        (own, opp)
    };
    let south = places('S', south_row, north_row);
    let north = places('N', north_row, south_row);
    if south != north {
        return Err(r.unsupported(
            "child_locs",
            format!("child_locs = {locs} is not the same for both players"),
        ));
    }
    Ok(south)
}

/// The `[children]` table for `child_type`, `child_cvt`, `child_rule` and
/// `child_locs`.
fn children(r: &Reading, n: i64) -> Result<Vec<String>, Unsupported> {
    let kind = r.take_choice("child_type");
    let cvt = r.take_number("child_cvt");
    let rule = r.take_choice("child_rule").unwrap_or("NONE");
    let locs = r.take_choice("child_locs").unwrap_or("ANYWHERE");
    let sow_rule = r.choice("sow_rule");
    let Some(kind) = kind else {
        return Ok(Vec::new());
    };
    if !matches!(
        kind,
        "ONE_CHILD" | "NORMAL" | "WEG" | "BULL" | "QUR" | "RAM"
    ) {
        return Err(r.refuse("child_type"));
    }
    if kind == "RAM" {
        if r.has("child_cvt") || rule != "NONE" || locs != "ANYWHERE" {
            return Err(r.unsupported(
                "child_type",
                "child_type = RAM with child_cvt, child_rule or child_locs".into(),
            ));
        }
        if !matches!(r.choice("sow_direct"), None | Some("CW")) {
            return Err(r.unsupported(
                "child_type",
                "child_type = RAM with sow_direct other than CW or CCW".into(),
            ));
        }
        if !r.flag("stores") {
            return Err(r.unsupported("child_type", "child_type = RAM without stores".into()));
        }
        if let Some(rule @ ("NO_OPP_CHILD" | "OPP_CHILD_ONLY1")) = sow_rule {
            return Err(r.unsupported(
                "child_type",
                format!("child_type = RAM with sow_rule = {rule}"),
            ));
        }
        return Ok(vec!["kind = \"ram\"".into()]);
    }
    // MancalaGames reads the owner rules only in a territory game.
    let territory = r.choice("goal") == Some("TERRITORY");
    let (zone, by_owner) = match rule {
        "NONE" => ("either", false),
        "OPP_SIDE_ONLY" | "OPPS_ONLY_NOT_1ST" => ("opponent", false),
        "OWN_SIDE_ONLY" => ("own", false),
        "OPP_OWNER_ONLY" if territory => ("opponent", true),
        "OWN_OWNER_ONLY" if territory => ("own", true),
        _ => return Err(r.refuse("child_rule")),
    };
    let mut extra = Vec::new();
    if rule == "OPPS_ONLY_NOT_1ST" {
        // MancalaGames reads the handful of the last lap.
        extra.push("not_by_single_seed = true".to_string());
    }
    if by_owner {
        extra.push("zone_by = \"owner\"".to_string());
    }
    if kind == "WEG" {
        extra.push("kind = \"weg\"".to_string());
    }
    match sow_rule {
        Some("NO_OPP_CHILD") => {
            r.take("sow_rule");
            extra.push("opponent_sows = \"never\"".into());
        }
        Some("OPP_CHILD_ONLY1") => {
            r.take("sow_rule");
            extra.push("opponent_sows = \"last_seed_only\"".into());
        }
        _ => {}
    }
    if !r.flag("stores") {
        // MancalaGames without stores: captures (when the mover has a
        // child) and the seeds collected at the end go into a child.
        extra.push("child_is_store = true".into());
    }
    if locs == "FIXED_ONE_RIGHT" {
        // Each player starts with a child in their rightmost house, and no
        // other is ever made (MancalaGames ignores child_cvt then).
        if r.has("child_cvt") || rule != "NONE" || matches!(kind, "ONE_CHILD" | "BULL" | "QUR") {
            return Err(r.unsupported(
                "child_locs",
                format!("FIXED_ONE_RIGHT with child_cvt, child_rule or {kind}"),
            ));
        }
        return Ok([vec![format!("at_start = [{n}]")], extra].concat());
    }
    let kind_line =
        matches!(kind, "BULL" | "QUR").then(|| format!("kind = \"{}\"", kind.to_lowercase()));
    let one_each = (kind == "ONE_CHILD").then(|| "one_each = true".to_string());
    if let Some(pattern) = LOCATION_PATTERNS.iter().find(|p| p.0 == locs) {
        let (mut own, mut opp) = pattern_places(r, pattern, n)?;
        if zone == "opponent" {
            own.clear();
        } else if zone == "own" {
            opp.clear();
        }
        let mut out = vec![
            format!("made_at = {cvt}"),
            format!("in_own_row = {}", number_list(&own)),
            format!("in_opponent_row = {}", number_list(&opp)),
        ];
        out.extend(kind_line);
        out.extend(one_each);
        out.extend(extra);
        return Ok(out);
    }
    let mut out = vec![format!("made_at = {cvt}"), format!("zone = \"{zone}\"")];
    out.extend(kind_line);
    out.extend(one_each);
    out.extend(extra);
    match locs {
        "NOT_SYM_OPP" if zone == "opponent" => {
            // MancalaGames adds the location pattern NO_OPP_LEFT: no child
            // of the opponent's in a row's last house.
            out.push(format!("never_in = [{n}]"));
            out.push("apart = \"mirror\"".into());
        }
        "NOT_FACING" if zone == "opponent" => {
            // With the pattern NO_OPP_RIGHT: none in a row's first house.
            out.push("never_in = [1]".into());
            out.push("apart = \"facing\"".into());
        }
        "ANYWHERE" => {}
        _ => return Err(r.refuse("child_locs")),
    }
    Ok(out)
}
