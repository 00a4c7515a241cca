//! The imported variant's one-line `summary`, in `sow`'s words, from the
//! game file's parameters: the board, then each rule that departs from
//! plain sowing, in the order a turn meets them.

use super::mapping::Reading;

/// `6 houses a side, 4 seeds each: Captures 2 or 3 across, chained; must
/// feed.`
pub(super) fn summary(r: &Reading) -> String {
    let holes = r.game.holes;
    let seeds = r.game.seeds.0;
    // The counts as the parameters give them, before any start pattern.
    let total = 2 * holes * seeds;
    let mut parts: Vec<String> = Vec::new();
    let mut say = |part: &str| parts.push(part.to_string());
    let or_list = |numbers: &[i64]| {
        numbers
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let capt_on = r.list("capt_on");
    let sow_rule = r.choice("sow_rule");
    let sow_param = r.number("sow_param");
    let multicapt = r.number("multicapt") != 0;
    let chained = if multicapt { ", chained" } else { "" };

    if r.game.game_class.0 == "NorthSouthCycle" {
        say("each side sows round its own row");
    }
    if r.game.game_class.0 == "ZigZag" {
        say("sowing zigzags across the board");
    }
    if r.game.game_class.0 == "Diffusion" {
        say(
            "each player owns a half of the board; a move spreads its seeds round the house played, at most five a house",
        );
    }
    if r.game.game_class.0 == "EWGratuitous" {
        say("each player owns a half of the board and sows round it");
    }
    if matches!(
        r.game.game_class.0.as_str(),
        "NSGratuitous" | "EWGratuitous"
    ) {
        say("captured seeds are dropped into one house of the opponent's");
    }
    if r.game.game_class.0 == "BearOff" {
        say("once no house holds two seeds, seeds sown past your row are borne off");
    }
    match r.choice("sow_direct") {
        Some("CW") => say("sown clockwise"),
        Some("SPLIT") => say("each half of a row sows towards its own end"),
        Some("EVEN_ODD_DIR") => say("odd counts sow counter-clockwise, even clockwise"),
        Some("TOCENTER") => say("every house sows towards the centre line"),
        Some("PLAYALTDIR") => {
            say("the first move chooses its way, then South sows that way and North the other")
        }
        _ => {}
    }
    let udir = if r.choice("sow_direct") == Some("PLAYALTDIR") {
        &[]
    } else {
        r.list("udir_holes")
    };
    let holes = r.game.holes;
    if !udir.is_empty() && udir.len() as i64 == holes {
        say("every move sows either way, by choice");
    } else if let [middle] = udir
        && 2 * middle + 1 == holes
    {
        say("the middle house sows either way, by choice");
    } else if !udir.is_empty() {
        let houses: Vec<String> = udir.iter().map(|h| (h + 1).to_string()).collect();
        say(&format!(
            "the houses {} sow either way, by choice",
            houses.join(", ")
        ));
    }
    let mlap_param = r.number("mlap_param");
    match (r.choice("mlaps"), r.choice("mlap_cont")) {
        (Some("LAPPER"), Some("ON_PARAM")) => say(&format!(
            "relay sowing from a house now holding {mlap_param}"
        )),
        (Some("LAPPER"), Some("GREQ_PARAM")) => say(&format!(
            "relay sowing from a house now holding {mlap_param}+"
        )),
        (Some("LAPPER"), Some("OWN_SIDE")) => say("relay sowing in your own row"),
        (Some("LAPPER"), Some("OPP_SIDE")) => say("relay sowing in the opponent's row"),
        (Some("LAPPER"), _) => say("relay sowing"),
        (Some("LAPPER_NEXT"), _) => say("relay sowing from the house after the last"),
        _ => {}
    }
    if r.choice("sow_rule") == Some("CHANGE_DIR_LAP") {
        say("each relay lap turns back");
    }
    match r.choice("sow_stores") {
        Some("BOTH_NR_OPP") => say("sowing passes both stores, a last seed in yours moves again"),
        Some("BOTH") => say("sowing passes both stores, a last seed in either moves again"),
        Some("OWN") => say("sowing passes your store, a last seed there moves again"),
        _ => {}
    }
    if r.flag("sow_start") {
        say("the first seed stays in the house played");
    }
    if r.number("min_move") > 1 {
        say(&format!("houses of {}+ seeds move", r.number("min_move")));
    }
    let allow = r.choice("allow_rule");
    match allow {
        Some("SINGLE_TO_ZERO") => say("a single seed moves only into an empty house"),
        Some("OPP_OR_EMPTY") => say("a short sowing must end across or in an empty house"),
        Some("OCCUPIED") => say("a sowing must end in an occupied house"),
        Some("RIGHT_HALF_1ST_OPE") => say(
            "each player's first move from the right half of the row, then a short sowing must end across or in an empty house",
        ),
        _ => {}
    }
    if r.choice("prescribed") == Some("SOW1OPP") {
        say("an opening move's last seed goes on to the opponent's row");
    }
    if allow == Some("TWO_ONLY_ALL_RIGHT") {
        say("a house of 2 moves only when all hold 2, and then the rightmost");
    }
    if sow_rule == Some("MAX_SOW") {
        say(&format!(
            "sowing passes over houses holding {sow_param} or more"
        ));
    }
    if sow_rule == Some("NO_SOW_OPP_NS") {
        let first = if r.choice("prescribed") == Some("MLAPS_SOWER") {
            " (not in the first move)"
        } else {
            ""
        };
        say(&format!(
            "sowing passes over the opponent's houses holding {sow_param}{first}"
        ));
    }
    if allow == Some("MOVE_ALL_HOLES_FIRST") {
        say("every house played once before any twice");
    }
    let capt_type = r.choice("capt_type");
    if r.has("crosscapt") {
        let holds = if !capt_on.is_empty() {
            format!(" holding {}", or_list(capt_on))
        } else if r.choice("crosscapt") == Some("ONE_ANY") {
            // The capture counts (capt_max) are tested on the house taken.
            r.counts(total)
                .map_or(String::new(), |c| format!(" holding {}", or_list(&c)))
        } else {
            String::new()
        };
        let itself = match r.choice("xcpickown") {
            Some("PICK_ON_CAPT") => " and itself",
            Some("ALWAYS_PICK") => " and itself (itself alone when that house is empty)",
            _ => "",
        };
        let any = r.choice("crosscapt") == Some("ANY");
        let chain = if multicapt && r.choice("crosscapt") == Some("ONE_ANY") {
            ", chained across from every house after it"
        } else if multicapt && any {
            ", chained across from every house before it"
        } else if multicapt {
            ", chained along the empty houses after it"
        } else {
            ""
        };
        let house = if any { "any house" } else { "an empty house" };
        say(&format!(
            "a last seed in {house} takes the house opposite{holds}{itself}{chain}"
        ));
        if r.flag("xc_sown") {
            say("only after sowing across; a last seed alone at home without it moves again");
        }
        if r.choice("pickextra") == Some("PICKOPPBASIC") {
            say(&format!(
                "a capture takes every house across holding {} too",
                or_list(r.counts(total).as_deref().unwrap_or_default())
            ));
        }
    } else if let Some(counts) = r.counts(total).filter(|c| !c.is_empty())
        && !matches!(capt_type, Some("CAPT_OPP_1CCW" | "TWO_OUT" | "NEXT"))
    {
        let side = match r.choice("capt_side") {
            Some("OPP_SIDE" | "OPP_CONT") => " across",
            Some("OWN_SIDE") => " on your side",
            _ => "",
        };
        let what = if r.flag("evens") && counts.len() > 4 {
            "even counts".to_string()
        } else if r.has("capt_min") && counts.len() > 4 {
            format!("{}+ seeds", r.number("capt_min"))
        } else {
            or_list(&counts)
        };
        say(&format!("captures {what}{side}{chained}"));
        if multicapt && r.choice("capt_dir") == Some("SOW") {
            say("the chain runs on along the sowing");
        }
        if r.flag("moveunlock") {
            say("only houses played from before are captured");
        }
        if multicapt && r.choice("pickextra") == Some("PICKCROSSMULT") {
            say("each house captured takes the house across too");
        }
    }
    if sow_rule == Some("ENPAS_ALL_OWNER_OWN") {
        say("every seed sown to a capturing count, the last too, takes the house for its owner");
    }
    if r.choice("start_pattern") == Some("MOVE_RIGHTMOST") {
        say("the first move is the rightmost house");
    }
    if r.choice("allow_rule") == Some("RIGHT_2_1ST_THEN_ALL_TWO") {
        say("the first move is from one of the two rightmost houses");
    }
    if r.choice("prescribed") == Some("NO_UDIR_FIRSTS") {
        say(if r.choice("sow_direct") == Some("CW") {
            "each player's first move sows clockwise"
        } else {
            "each player's first move sows counter-clockwise"
        });
    }
    match sow_rule {
        Some("ENPAS_SOW_SOWER") => {
            say("a seed sown on the way to a capturing count in your row takes the house")
        }
        Some("ENPAS_ALL_OWNER_SOW") => {
            say("a seed sown on the way to a capturing count takes the house for its owner")
        }
        Some("ENPAS_ALL_SOWER") => {
            say("a seed sown on the way to a capturing count takes the house")
        }
        _ => {}
    }
    if sow_rule == Some("LAP_CAPT_SEEDS") {
        say("what a lap captures is sown on");
    }
    if matches!(sow_rule, Some("LAP_CAPT" | "LAP_CAPT_OPP_GETS")) {
        say("every lap of the relay may capture");
    }
    if sow_rule == Some("LAP_CAPT_OPP_GETS") {
        say(&format!(
            "with {sow_param} seeds or fewer left, seeds sown across go to the opponent"
        ));
    }
    if r.choice("pickextra") == Some("PICKLASTSEEDS") {
        say(&format!("the mover takes the last {seeds} seeds or fewer"));
    }
    if r.choice("pickextra") == Some("PICK2XLASTSEEDS") {
        say(&format!(
            "the round's starter takes the last {} seeds or fewer",
            2 * seeds
        ));
    }
    match r.choice("capt_rturn") {
        Some("ALWAYS") => say("a capture moves again"),
        Some("ONCE") => say("a capture moves again, once"),
        _ => {}
    }
    match r.choice("presowcapt") {
        Some("CAPT_ONE") => say("one seed of every handful goes to the store"),
        Some("DRAW_1_XCAPT") => say("a single seed played takes the house opposite"),
        _ => {}
    }
    if capt_type == Some("NEXT") && !r.has("capt_on") {
        let side = match r.choice("capt_side") {
            Some("OPP_SIDE") => " across",
            Some("OWN_SIDE") => " on your side",
            _ => "",
        };
        let itself = if r.choice("pickextra") == Some("PICKFINAL") {
            " and itself"
        } else {
            ""
        };
        say(&format!(
            "a last seed in an empty house{side} takes the house after it{itself}"
        ));
    } else if capt_type == Some("NEXT") {
        say(&format!(
            "the house after the last seed's is captured holding {}{chained}",
            or_list(capt_on)
        ));
    }
    let child_type = r.choice("child_type");
    match capt_type {
        Some("TWO_OUT") => say(&format!(
            "a last seed before an empty house takes the house after it{chained}{}",
            if r.choice("pickextra") == Some("PICKCROSS") {
                " and the house opposite that"
            } else {
                ""
            }
        )),
        Some("CAPT_OPP_1CCW") => say(&format!(
            "a last seed across or in your last house takes every house across holding {}",
            or_list(capt_on)
        )),
        Some("END_OPP_STORE_CAPT") => say("a last seed in the opponent's store takes it"),
        Some("PULL_ACROSS") => {
            say("a last seed in an empty house pulls the seeds opposite into it")
        }
        Some("MATCH_OPP") if r.choice("capt_dir") == Some("BOTH") => say(&format!(
            "a last seed making as many as the house opposite takes both, and matching pairs on either side, {} at most",
            r.number("multicapt")
        )),
        Some("MATCH_OPP") => say("a last seed making as many as the house opposite takes both"),
        Some("SINGLETONS") => say("every single seed is captured after each move"),
        Some("PASS_STORE_CAPT") => {
            say("a last seed in an empty house across gives your store to the opponent")
        }
        _ if !r.has("crosscapt")
            && !r.has("presowcapt")
            && child_type != Some("WEG")
            && capt_type != Some("NEXT")
            && r.counts(total).is_none() =>
        {
            say("no captures")
        }
        _ => {}
    }
    let cvt = r.number("child_cvt");
    let child_where = || match r.choice("child_rule") {
        Some("OPP_SIDE_ONLY") => " across",
        Some("OWN_SIDE_ONLY") => " on your side",
        _ => "",
    };
    if let Some(kind @ ("ONE_CHILD" | "NORMAL" | "WEG")) = child_type {
        let locs = r.choice("child_locs");
        let place = if locs.is_some_and(super::mapping::is_location_pattern) {
            " in set places"
        } else {
            child_where()
        };
        let one = if kind == "ONE_CHILD" {
            " (one each)"
        } else {
            ""
        };
        let what = if kind == "WEG" { "weg" } else { "child" };
        if locs == Some("FIXED_ONE_RIGHT") {
            say(&format!(
                "each player's rightmost house is their {what} from the start"
            ));
        } else {
            say(&format!(
                "a last seed making {cvt}{place} makes the house your {what}{one}"
            ));
        }
        if kind == "WEG" {
            say("a last seed in the opponent's weg takes it and one more");
        }
        match sow_rule {
            Some("NO_OPP_CHILD") => say("sowing passes over the opponent's children"),
            Some("OPP_CHILD_ONLY1") => say("only a last seed is sown into the opponent's child"),
            _ => {}
        }
        if !r.flag("stores") {
            say("children are the stores");
        }
    }
    let blocks = matches!(sow_rule, Some("SOW_BLKD_DIV" | "SOW_BLKD_DIV_NR"));
    if blocks {
        let last = if sow_rule == Some("SOW_BLKD_DIV_NR") {
            ", but for a row's last house"
        } else {
            ""
        };
        say(&format!(
            "a relay from an opponent's house of {sow_param} closes it for good{last}; seeds sown to a closed house across leave play"
        ));
    }
    match child_type {
        Some("BULL") => say(&format!(
            "a last seed making {cvt} makes the house your child, with the house before it when that holds {} (or the other way round)",
            cvt.saturating_sub(1)
        )),
        Some("QUR") => say(&format!(
            "a last seed in an empty house{} facing {cvt} makes both houses your children",
            child_where()
        )),
        Some("RAM") => say(
            "a house holding seeds enough to sow round to its own row is a ram: never played, captured, counted for nobody",
        ),
        _ => {}
    }
    let quiet = r.number("nocaptmoves");
    if quiet != 0 {
        if blocks {
            say(&if quiet == 1 {
                "the first move closes nothing".to_string()
            } else {
                format!("the first {quiet} moves close nothing")
            });
        } else {
            say(&if quiet == 1 {
                "the first move captures nothing".to_string()
            } else {
                format!("the first {quiet} moves capture nothing")
            });
        }
    }
    if r.flag("nosinglecapt") {
        say("a single seed captures nothing");
    }
    if r.choice("grandslam") == Some("NO_CAPT") {
        say("a grand slam captures nothing");
    }
    if r.choice("grandslam") == Some("OPP_GETS_REMAIN") {
        say("a grand slam gives the opponent your seeds left");
    }
    if r.flag("mustshare") {
        say("must feed");
    }
    if r.game.game_class.0 == "ShareOne" {
        say("an opponent without seeds is given one, and you move again");
    }
    if r.choice("play_locs") == Some("BRD_OWN_STR_CHS") {
        say("you may sow any number of your store's seeds instead of a house");
    }
    if r.flag("mustpass") {
        say("no move, pass");
    }
    match r.choice("goal") {
        Some("CLEAR") if matches!(r.game.game_class.0.as_str(), "Diffusion" | "EWGratuitous") => {
            say("first to empty their half wins")
        }
        Some("CLEAR") => say("first to empty their row wins"),
        Some("DEPRIVE") => say("leave the opponent without seeds or moves to win"),
        Some("IMMOBILIZE") => say("leave the opponent without a move to win"),
        Some("TERRITORY") => say(&format!(
            "rounds won hand houses to the winner; {} houses win",
            r.number("goal_param")
        )),
        Some("RND_POINTS") => say(&format!(
            "a round won scores a point, two with three quarters of the seeds; {} points win",
            r.number("goal_param")
        )),
        Some("RND_SEED_COUNT") => say(&format!(
            "the seeds won over the rounds add up; {} win",
            r.number("goal_param")
        )),
        _ => {}
    }
    if r.choice("round_fill") == Some("UMOVE") {
        say("rounds: the loser lays their seeds out evenly, the winner likewise");
    }
    if r.choice("end_cond") == Some("CLEARED_OWN") {
        say("ends when the mover's row is empty");
    }
    match r.choice("unclaimed") {
        Some("LAST_MOVER") => say("the last mover takes the seeds left"),
        Some("DONT_SCORE") => say("seeds left count for nobody"),
        Some("DIVVIED") => say("seeds left are shared"),
        Some("UNFED_PLAYER") => say("an unfeedable player takes the seeds left"),
        _ => {}
    }
    let text = parts.join("; ");
    let mut chars = text.chars();
    let text = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => "Plain sowing".to_string(),
    };
    if super::mapping::deals_at_random(r.choice("start_pattern")) {
        format!("{holes} houses a side, {seeds} seeds dealt at random: {text}.")
    } else {
        format!("{holes} houses a side, {seeds} seeds each: {text}.")
    }
}
