//! Harnesses for the fuzz targets in `fuzz/` and their proptest twins in
//! `tests/robustness.rs`: both feed arbitrary input through one layer with
//! these functions, so CI tries random inputs on every run and the fuzzers
//! check exactly the same things. Each function returns normally on any
//! input, and panics only when an invariant breaks.

use crate::engine::Engine;
use crate::game::Game;
use crate::notation::{parse_move, parse_position, parse_records};
use crate::rng::Rng;
use crate::rules::Rules;
use std::sync::Arc;

/// Plies played per game of a variant file before the harness stops: far
/// more than real games last.
const PLY_CAP: usize = 2_000;
/// Plies per game of a generated variant. Some generated relay variants
/// spend milliseconds a ply playing every candidate's relay out (R13), so
/// the fuzzer is kept exploring inputs rather than one long game.
const GENERATED_PLY_CAP: usize = 400;

/// Parses `text` as a move, a position and records; what parses must print
/// and parse back to the same thing, and records must replay without panic.
pub fn notation(text: &str) {
    let _ = parse_move(text);
    if let Ok(position) = parse_position(text) {
        let printed = position.to_string();
        assert_eq!(
            parse_position(&printed).as_ref(),
            Ok(&position),
            "{printed}"
        );
    }
    let Ok(records) = parse_records(text, "fuzz") else {
        return;
    };
    for record in records.iter().take(16) {
        let printed = record.to_string();
        let again = parse_records(&printed, "fuzz").expect("a printed record parses");
        assert_eq!(again.len(), 1, "{printed}");
        // The printer puts the standard tags first; order is not content.
        let sorted = |r: &crate::record::Record| {
            let mut tags = r.tags.clone();
            tags.sort();
            tags
        };
        assert_eq!(sorted(&again[0]), sorted(record), "{printed}");
        assert_eq!(again[0].result, record.result, "{printed}");
        let moves = |r: &crate::record::Record| {
            r.moves
                .iter()
                .map(|m| (m.mv, m.captured))
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(&again[0]), moves(record), "{printed}");
        if let Some(rules) = record.tag("Variant").and_then(Rules::builtin) {
            let _ = record.replay(&Engine::new(rules));
        }
    }
}

/// Compiles `text` as a variant file; a variant that compiles must play
/// whole games that conserve seeds.
pub fn variant(text: &str) {
    if let Ok(rules) = Rules::from_toml(text, "fuzz.toml") {
        play(&Engine::new(rules), &[0, 1, 2, 3, 5, 8, 13], PLY_CAP);
    }
}

/// Imports `text` as a MancalaGames game file: an error must be located
/// inside the text (its line and column exist), and a variant written for
/// it must compile and play whole games that conserve seeds.
pub fn import(text: &str) {
    match crate::import::import(text, "fuzz.txt") {
        Ok(variant) => {
            let rules = Rules::from_toml(&variant, "imported.toml")
                .unwrap_or_else(|e| panic!("an imported variant does not compile: {e}\n{variant}"));
            play(&Engine::new(rules), &[0, 1, 2, 3, 5, 8, 13], PLY_CAP);
        }
        Err(
            crate::import::ImportError::Invalid(located)
            | crate::import::ImportError::Unsupported(located),
        ) => {
            let line = text.split('\n').nth(located.line.wrapping_sub(1));
            let fits =
                line.is_some_and(|line| (1..=line.chars().count() + 1).contains(&located.column));
            assert!(
                fits,
                "{}:{} is not a place of the input: {located}",
                located.line, located.column
            );
        }
    }
}

/// Builds a variant within the documented limits from the first bytes of
/// `data`, then plays the moves the other bytes choose.
pub fn vm(data: &[u8]) {
    // Some combinations are refused by design (say, captures with no zone);
    // those must be refused cleanly, which compiling checks.
    if let Ok(rules) = Rules::from_toml(&generated_variant(data), "fuzz.toml") {
        let engine = Engine::new(rules);
        play(
            &engine,
            data.get(GENERATOR_BYTES..).unwrap_or(&[]),
            GENERATED_PLY_CAP,
        );
        packed_plays_as_game(&engine, data.len() as u64);
    }
}

/// Where the rules pack, the packed engine plays the random games a
/// [`crate::Game`] plays, ply count and score alike.
fn packed_plays_as_game(engine: &Arc<Engine>, seed: u64) {
    let Some(packed) = engine.packed() else {
        return;
    };
    let mut memory = crate::packed::PlayoutMemory::default();
    let mut game = Game::for_playouts(engine);
    for i in 0..3 {
        let general = crate::bench::random_game(&mut game, &mut Rng::for_game(seed, i));
        let fast = packed.random_game(&mut memory, &mut Rng::for_game(seed, i));
        assert_eq!(
            fast, general,
            "the packed engine strays from the general one in game {i} of seed {seed}"
        );
    }
}

/// How many bytes of a [`vm`] input choose the variant.
const GENERATOR_BYTES: usize = 48;

/// The variant file text that the first bytes of `data` choose: every key
/// within its documented range, each optional one present or not.
pub fn generated_variant(data: &[u8]) -> String {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let houses = 1 + byte(0) as usize % 8;
    let seeds = 1 + byte(1) as usize % (255 / (2 * houses)).min(8);
    let pick = |i: usize, options: &[&'static str]| options[byte(i) as usize % options.len()];
    let zones = ["\"none\"", "\"opponent\"", "\"own\"", "\"either\""];
    let bools = ["false", "true"];
    let collects = [
        "\"each_own\"",
        "\"last_capturer\"",
        "\"nobody\"",
        "\"each_own_in_place\"",
        "\"last_mover\"",
        "\"removed\"",
        "\"divided\"",
    ];
    let counts = ["[2, 3]", "[4]", "[1]", "[2]", "[3, 4, 5]"];
    let relay = pick(6, &bools);
    let last_seed = pick(8, &zones);
    let stores = pick(25, &["\"none\"", "\"own\"", "\"both\""]);
    // The catalogue's options, each present or not by one byte: some
    // combinations are refused, and those must be refused cleanly.
    let mut sowing_extra = String::new();
    if byte(34) % 3 == 1 {
        sowing_extra += &format!(
            "direction_by = {}\n",
            pick(35, &["\"half_row\"", "\"parity\""])
        );
    }
    if byte(36) % 4 == 1 {
        sowing_extra += "first_seed_in_origin = true\n";
    }
    // The higher parts of some bytes choose the later options.
    if (byte(36) / 4) % 3 == 1 {
        sowing_extra += &format!("skip_opponent_holding = {}\n", 1 + (byte(36) / 12) % 3);
    }
    let opening = (byte(38) / 3) % 3 == 1;
    if opening && (byte(38) / 9) % 3 == 1 {
        sowing_extra += &format!(
            "opening = {}\n",
            ["\"last_seed_to_opponent\"", "\"no_skipping\""][(byte(38) / 27) as usize % 2]
        );
    }
    let mut play_extra = String::new();
    if byte(37) % 3 == 1 {
        play_extra += &format!(
            "allow = {}\n",
            [
                "\"ends_on_opponent_or_empty\"",
                "\"single_to_empty\"",
                "\"single_only_if_all_single\"",
                "\"each_house_once_first\"",
                "\"two_only_if_all_two_rightmost\"",
            ][(byte(37) / 3) as usize % 5]
        );
    }
    if byte(38) % 3 == 1 {
        play_extra += "pass_when_no_move = true\n";
    }
    if opening {
        play_extra += &format!("opening_moves = {}\n", 1 + (byte(38) / 54) % 3);
        if (byte(37) / 15) % 2 == 1 {
            play_extra += "opening_from = \"right_half\"\n";
        }
    }
    let mut capture_extra = String::new();
    if byte(39) % 3 == 1 {
        capture_extra += &format!("chain_max = {}\n", 2 + byte(40) % 3);
    }
    if byte(41) % 4 == 1 {
        capture_extra += "single_seed_captures = false\n";
    }
    if byte(42) % 4 == 1 {
        capture_extra += &format!("quiet_moves = {}\n", 1 + byte(43) % 6);
    }
    if (byte(41) / 4) % 3 == 1 {
        capture_extra += &format!(
            "next = {{ zone = {}, chain = {} }}\n",
            pick(42, &zones),
            ["false", "true"][(byte(41) / 12) as usize % 2]
        );
    }
    let mut text = format!(
        "[variant]\nname = \"fuzz\"\n[board]\nhouses_per_side = {houses}\nseeds_per_house = {seeds}\n\
         [sowing]\ndirection = {}\nskip_origin = {}\nrelay = {relay}\ninto_stores = {stores}\n{sowing_extra}{}\
         [play]\nmin_seeds = {}\nsingle_seed_rule = {}\nmust_feed = {}\npass_when_empty = {}\n{play_extra}\
         [capture]\ncounts = {}\nlast_seed = {last_seed}\nwhile_sowing = {}\nchain = {}\ngrand_slam = {}\n{capture_extra}\
         [end]\nno_move = {}\neven_split_draw = {}\n",
        pick(4, &["\"counter-clockwise\"", "\"clockwise\""]),
        pick(5, &bools),
        if relay == "true" {
            format!("relay_stops_on = {}\n", pick(7, &["[1]", "[1, 4]", "[]"]))
        } else {
            String::new()
        },
        1 + byte(9) % 2,
        pick(10, &bools),
        pick(11, &bools),
        pick(12, &bools),
        pick(13, &counts),
        pick(14, &zones),
        if last_seed == "\"none\"" {
            "false"
        } else {
            pick(15, &bools)
        },
        pick(
            16,
            &[
                "\"capture\"",
                "\"no_capture\"",
                "\"forbidden\"",
                "\"capture_then_feed\""
            ]
        ),
        pick(17, &collects),
        pick(18, &bools),
    );
    let repetition = byte(19) % 2 == 1;
    if repetition {
        text.push_str(&format!("repetition = {}\n", pick(20, &collects)));
    }
    if byte(21) % 2 == 1 {
        text.push_str(&format!("majority = {}\n", 1 + (2 * houses * seeds) / 2));
    }
    if byte(22) % 2 == 1 {
        text.push_str(&format!(
            "seeds_left = {{ at_most = {}, taken_by = {} }}\n",
            byte(23) % 5,
            pick(24, &collects)
        ));
    }
    if byte(28) % 2 == 1 {
        text.push_str(&format!("either_row_empty = {}\n", pick(29, &collects)));
    }
    if !repetition || byte(30) % 2 == 1 {
        // Every variant states what ends its games.
        text.push_str(&format!(
            "ply_limit = {{ plies = {}, taken_by = {} }}\n",
            1 + byte(31) as usize * 2,
            pick(32, &collects)
        ));
    }
    if byte(26) % 3 != 0 {
        // Tables after every key of [end]: [capture.cross] and [turn].
        text.push_str(&format!(
            "[capture.cross]\nzone = {}\ntake_sowing_seed = {}\n{}",
            pick(26, &zones),
            pick(27, &bools),
            if (byte(27) / 2) % 2 == 1 {
                "opposite_holds = [2]\n"
            } else {
                ""
            }
        ));
    }
    if stores != "\"none\"" && byte(33) % 2 == 1 {
        text.push_str("[turn]\nextra_turn = \"last_seed_in_own_store\"\n");
    } else if (byte(33) / 2) % 3 == 1 {
        text.push_str("[turn]\nextra_turn = \"after_capture\"\n");
    }
    if byte(44) % 4 == 1 {
        text.push_str(&format!(
            "[children]\nmade_at = {}\nzone = {}\none_each = {}\n",
            1 + byte(45) % 4,
            pick(46, &zones),
            pick(47, &bools)
        ));
        // The rest of byte 44: where children may not be made, and their
        // kind (a position's checks must accept every child they make).
        let more = byte(44) / 4;
        match more % 3 {
            1 => text.push_str("apart = \"mirror\"\n"),
            2 => text.push_str("apart = \"facing\"\n"),
            _ => {}
        }
        if (more / 3) % 2 == 1 {
            text.push_str(&format!("never_in = [{houses}]\n"));
        }
        text.push_str(
            [
                "",
                "kind = \"weg\"\n",
                "kind = \"bull\"\n",
                "kind = \"qur\"\n",
            ][(more / 6) as usize % 4],
        );
    }
    text
}

/// Plays a game choosing moves by `choices` (cycled; empty means the first
/// move each time), checking every ply.
fn play(engine: &Arc<Engine>, choices: &[u8], ply_cap: usize) {
    let rules = engine.rules();
    let mut game = Game::new(engine);
    let total = rules.total_seeds();
    for ply in 0..ply_cap {
        if game.is_over() {
            assert!(game.legal_moves().is_empty());
            return;
        }
        let legal = game.legal_moves();
        assert!(!legal.is_empty(), "a game not over has a move");
        let choice = choices
            .get(ply % choices.len().max(1))
            .copied()
            .unwrap_or(0) as usize;
        let mv = legal
            .get(choice % legal.len())
            .expect("index below the length");
        let verdict = engine.check_move(game.position(), mv);
        assert_eq!(
            verdict,
            Ok(()),
            "listed move {mv} must be legal at {}",
            game.position()
        );
        game.play(mv, &mut ()).expect("a listed move plays");
        if game.is_over() {
            // An ending may take the seeds left off the board (`removed`).
            assert!(game.position().total_seeds() <= total, "no seed is made");
        } else {
            assert_eq!(game.position().total_seeds(), total, "seeds are conserved");
            // The rules' checks of a position refuse only what they never make.
            assert_eq!(
                rules.check_position(game.position()),
                Ok(()),
                "{}",
                game.position()
            );
        }
    }
}
