//! What the catalogue's recorded games decided, game by game: rulings
//! written into the imported file as comments, and how a catalogue game
//! differs from the variant `sow` ships from a rule document of the same
//! game. They apply to the catalogue's own game files (`GameProps/<Game>.txt`),
//! by the file's stem.

/// Rulings the recorded games decided, by the game file's stem.
pub const RULINGS: &[(&str, &[&str])] = &[
    (
        "Ouri",
        &[
            "MancalaGames applies its single-seed rule (allow_rule = SINGLE_ONLY_ALL) before the obligation to feed: a single seed is refused while any house of the row holds two or more, even when only that single seed would feed; the player then cannot feed and the game ends. Its recorded games agree (seed 1, ply 120), so this file says allow = \"single_only_if_all_single\", not the single_seed_rule of R1.",
        ],
    ),
    (
        "CrossCapt_Six",
        &[
            "MancalaGames counts its rams again in its capture step, which it skips when the last seed falls in the store (an extra turn): rams stand as they were until a move ends in a house. Its recorded games agree (seed 7 ply 7: F holds 8, the count for a ram, and is none yet).",
            "The catalogue writes a ram (MancalaGames' ownerless child) as N in its child strings; sow writes R, and the catalogue tests read the one as the other for rams.",
        ],
    ),
    (
        "Enkeshui",
        &[
            "MancalaGames stops a relay where its last seed would make a child, and never lifts a child; its recorded games agree (the relay stops of [children] in variants/README.md).",
        ],
    ),
    (
        "Tap-Urdy",
        &[
            "Lap captures (sow_rule = LAP_CAPT) with the capture across the gap: at the end of every lap whose last house then holds 2 or more, the capture is tried from that house and the relay goes on from it whether or not anything was taken; a lap ending in an empty house ends the sowing and tries the capture there too. Its recorded games agree (lap_captures).",
        ],
    ),
    (
        "Meusueb",
        &[
            "The 8 seeds of LAP_CAPT_OPP_GETS are counted on the board as each handful is lifted, the handful itself not counted; a seed the opponent takes may leave the last hole empty, which ends the sowing. After a lap's capture the sowing goes on with the seeds of the house after the captured one, and ends there when that house is empty. Its recorded games agree (lap_captures, opponent_takes_sown).",
        ],
    ),
    (
        "Anywoli",
        &[
            "The game file's words give the last four seeds to the player who captures the second last group of 4; MancalaGames (PICKLASTSEEDS) gives them to whoever leaves 4 or fewer on the board after any move, and its recorded games agree (last_seeds_to_mover = 4). The extra turn (capt_rturn = ALWAYS) follows only the sower's capture at the last seed, not the owners' captures on the way (extra_turn = \"after_capture\").",
        ],
    ),
    (
        "Mbothe",
        &[
            "MancalaGames' description applies the rule on houses of two seeds only after the first move, but its engine applies it from the first: every house holds two, so the first move is the rightmost house, J, in all 20 recorded games. This file follows the engine (allow = \"two_only_if_all_two_rightmost\" from the start); the opening move differs only in not passing over the opponent's houses of two (opening = \"no_skipping\").",
        ],
    ),
    (
        "Mandoli",
        &[
            "In the first moves, which capture nothing (nocaptmoves), a count that would capture does not stop a relay either: the recorded games sow on (quiet_moves).",
        ],
    ),
    (
        "Qelat_II",
        &[
            "A weg is made in either row: MancalaGames' weg capturer describes converting only the opponent's house, but its code asks the child rule (here NONE, either row), and its recorded games make wegs in the mover's own row too (24 of 67).",
        ],
    ),
];

/// How a catalogue game differs from the shipped variant of the same game
/// (`differs_from`), by the game file's stem.
pub const DIFFERS: &[(&str, &str)] = &[
    (
        "Kalah",
        "kalah (OpenSpiel's Kalah): here a store holding 25 or more ends the game at once with the board as it is, and when the player to move has no move each player takes the seeds in their own row into store; OpenSpiel's ends only when a row is empty and counts the seeds left where they lie.",
    ),
    (
        "Oware",
        "oware (Abapa, jijbent.nl): here no rule ends a repeating game (MancalaGames has none), so a long ply limit stands in for the repetition rule.",
    ),
    (
        "Ouri",
        "ouri (R1, R2): here the single-seed rule and the grand slam follow MancalaGames' reading.",
    ),
];

/// The rulings for the game file `stem`.
pub fn rulings(stem: &str) -> &'static [&'static str] {
    RULINGS
        .iter()
        .find(|(s, _)| *s == stem)
        .map_or(&[], |(_, rulings)| rulings)
}

/// How the game file `stem` differs from the shipped variant of its game.
pub fn differs(stem: &str) -> Option<&'static str> {
    DIFFERS
        .iter()
        .find(|(s, _)| *s == stem)
        .map(|(_, text)| *text)
}
