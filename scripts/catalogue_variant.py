#!/usr/bin/env python3
"""Writes variants/mancalagames/<stem>.toml for MancalaGames catalogue games
whose parameters sow's rule model expresses, and lists the others with the
parameters it lacks.

It reads the catalogue's parameter table ($SOW_CATALOGUE/catalogue.json, by
default /work/shared/catalogue), not MancalaGames' code: each parameter is
mapped to sow's own keys, documented in variants/README.md. The files it
writes are ordinary variant files; they are committed, and the tests replay
them against MancalaGames' recorded games. Rulings that the recorded games
decided are kept in RULINGS below and written into each file as comments.

Usage: scripts/catalogue_variant.py [--write] [STEM ...]
"""
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = Path(os.environ.get("SOW_CATALOGUE", "/work/shared/catalogue"))
MG = "StoneShark/MancalaGames, https://github.com/StoneShark/MancalaGames"

# Parameters that change nothing in play here: `stores` only shows stores
# (captures go to them either way); `quitter` applies when a player concedes
# or MancalaGames stops an endless sowing, neither of which sow's games do.
IGNORED = {"stores", "quitter"}

# Shipped variants of the same games, and how the catalogue's reading differs.
DIFFERS = {
    "Kalah": "kalah (OpenSpiel's Kalah): here a store holding 25 or more ends the game at once with the board as it is, and when the player to move has no move each player takes the seeds in their own row into store; OpenSpiel's ends only when a row is empty and counts the seeds left where they lie.",
    "Oware": "oware (Abapa, jijbent.nl): here no rule ends a repeating game (MancalaGames has none), so a long ply limit stands in for the repetition rule.",
    "Ouri": "ouri (R1, R2): here the single-seed rule and the grand slam follow MancalaGames' reading.",
}

# Rulings the recorded games decided, by stem: written into the file.
RULINGS = {
    "Ouri": ["MancalaGames applies its single-seed rule (allow_rule = SINGLE_ONLY_ALL) before the obligation to feed: a single seed is refused while any house of the row holds two or more, even when only that single seed would feed; the player then cannot feed and the game ends. Its recorded games agree (seed 1, ply 120), so this file says allow = \"single_only_if_all_single\", not the single_seed_rule of R1."],
    "CrossCapt_Six": [
        "MancalaGames counts its rams again in its capture step, which it skips when the last seed falls in the store (an extra turn): rams stand as they were until a move ends in a house. Its recorded games agree (seed 7 ply 7: F holds 8, the count for a ram, and is none yet).",
        "The catalogue writes a ram (MancalaGames' ownerless child) as N in its child strings; sow writes R, and the catalogue tests read the one as the other for rams.",
    ],
    "Enkeshui": ["MancalaGames stops a relay where its last seed would make a child, and never lifts a child; its recorded games agree (the relay stops of [children] in variants/README.md)."],
    "Tap-Urdy": ["Lap captures (sow_rule = LAP_CAPT) with the capture across the gap: at the end of every lap whose last house then holds 2 or more, the capture is tried from that house and the relay goes on from it whether or not anything was taken; a lap ending in an empty house ends the sowing and tries the capture there too. Its recorded games agree (lap_captures)."],
    "Meusueb": ["The 8 seeds of LAP_CAPT_OPP_GETS are counted on the board as each handful is lifted, the handful itself not counted; a seed the opponent takes may leave the last hole empty, which ends the sowing. After a lap's capture the sowing goes on with the seeds of the house after the captured one, and ends there when that house is empty. Its recorded games agree (lap_captures, opponent_takes_sown)."],
    "Anywoli": ["The game file's words give the last four seeds to the player who captures the second last group of 4; MancalaGames (PICKLASTSEEDS) gives them to whoever leaves 4 or fewer on the board after any move, and its recorded games agree (last_seeds_to_mover = 4). The extra turn (capt_rturn = ALWAYS) follows only the sower's capture at the last seed, not the owners' captures on the way (extra_turn = \"after_capture\")."],
    "Mbothe": ["MancalaGames' description applies the rule on houses of two seeds only after the first move, but its engine applies it from the first: every house holds two, so the first move is the rightmost house, J, in all 20 recorded games. This file follows the engine (allow = \"two_only_if_all_two_rightmost\" from the start); the opening move differs only in not passing over the opponent's houses of two (opening = \"no_skipping\")."],
    "Mandoli": ["In the first moves, which capture nothing (nocaptmoves), a count that would capture does not stop a relay either: the recorded games sow on (quiet_moves)."],
    "Qelat_II": ["A weg is made in either row: MancalaGames' weg capturer describes converting only the opponent's house, but its code asks the child rule (here NONE, either row), and its recorded games make wegs in the mover's own row too (24 of 67)."],
}


class Unsupported(Exception):
    pass


def toml_str(s):
    return json.dumps(s, ensure_ascii=False)


def majority(total):
    half, rem = divmod(total, 2)
    return half + rem + 1


def counts_of(p, total):
    """The capturing counts: capt_on, evens, capt_min and capt_max together."""
    keys = [k for k in ("capt_on", "evens", "capt_min", "capt_max") if k in p]
    if not keys:
        return None
    counts = p.get("capt_on") or list(range(1, total + 1))
    if p.get("evens"):
        counts = [c for c in counts if c % 2 == 0]
    if "capt_min" in p:
        counts = [c for c in counts if c >= p["capt_min"]]
    if "capt_max" in p:
        counts = [c for c in counts if c <= p["capt_max"]]
    return [c for c in counts if 1 <= c <= total]


def collect_of(value):
    return {
        "HOLE_OWNER": "each_own",
        "LAST_MOVER": "last_mover",
        "DONT_SCORE": "removed",
        "DIVVIED": "divided",
    }[value]


NOTES = []


def start_pattern(game):
    """The start pattern's seeds per house in C1 order, or None for
    seeds_per_hole everywhere. GAMACHA: from the starter's third house,
    every other house holds the seeds, then the house `dest` takes the
    seeds of the house `source` across the board (MancalaGames'
    fill_patterns; the starter is South in every recorded game)."""
    pattern = game["non_default_params"].get("start_pattern")
    if pattern in (None, "MOVE_RIGHTMOST", "RANDOM"):
        # RANDOM: see seeds_in_play; each game's start is its own.
        # MOVE_RIGHTMOST starts from seeds_per_hole everywhere: its opening
        # move is the game's ([play] opening_from = "rightmost").
        return None
    n = game["holes_per_side"]
    seeds = game["seeds_per_hole"]
    if pattern == "CLIPPEDTRIPLES":
        # Repeating 0, seeds, seeds from each row's first house.
        row = [0] * n
        for loc in range(3, n + 1, 3):
            row[loc - 1] = seeds
            row[loc - 2] = seeds
        return row + row
    if pattern == "TWOEMPTY":
        # Every house holds the seeds but each row's last two.
        row = [seeds] * (n - 2) + [0, 0]
        return row + row
    if pattern == "RIGHTMOST_PLUS_ONE":
        # The seeds everywhere, and one more in each row's last house.
        row = [seeds] * (n - 1) + [seeds + 1]
        return row + row
    if pattern != "GAMACHA":
        raise Unsupported(f"start_pattern={pattern}")
    board = [0] * (2 * n)
    for loc in range(2, 2 * n, 2):
        board[loc] = seeds
    dest = 1 + 2 * ((n - 1) // 4)
    source = 2 * n - dest - 1
    board[dest] = board[source]
    board[source] = 0
    return board


def seeds_in_play(game):
    """The seeds in play: MancalaGames' RANDOM start deals seeds_per_hole
    seeds in all (its nbr_start), a pattern its sum, else every house's."""
    if game["non_default_params"].get("start_pattern") == "RANDOM":
        return game["seeds_per_hole"]
    pattern = start_pattern(game)
    if pattern:
        return sum(pattern)
    return 2 * game["holes_per_side"] * game["seeds_per_hole"]


def build(game):
    NOTES.clear()
    p = dict(game["non_default_params"])
    n = game["holes_per_side"]
    seeds = game["seeds_per_hole"]
    total = seeds_in_play(game)
    used = set(IGNORED) | {"start_pattern"}
    notes = []

    def take(key, default=None):
        used.add(key)
        return p.get(key, default)

    direction = take("sow_direct", "CCW")
    direction_by = {"SPLIT": "half_row", "EVEN_ODD_DIR": "parity", "PLAYALTDIR": "first_move"}.get(direction)
    if direction_by:
        direction = "CCW"
    if direction not in ("CW", "CCW"):
        raise Unsupported(f"sow_direct={direction}")
    chosen = take("udir_holes", [])
    if direction_by == "first_move":
        # The first move chooses from every house (MancalaGames makes every
        # house a udir hole for PLAYALTDIR), and fixes the ways after it.
        if chosen and len(chosen) != n:
            raise Unsupported("sow_direct=PLAYALTDIR without every house in udir_holes")
        chosen = []
    skip = take("skip_start", False)
    mlaps = take("mlaps", None)
    sow_stores = take("sow_stores", None)
    if sow_stores not in (None, "OWN", "BOTH_NR_OPP", "BOTH"):
        raise Unsupported(f"sow_stores={sow_stores}")

    sowing = [f'direction = "{"clockwise" if direction == "CW" else "counter-clockwise"}"',
              f"skip_origin = {str(bool(skip)).lower()}"]
    if take("sow_start", False):
        if not take("move_one", False) and p.get("min_move", 1) < 2:
            raise Unsupported("sow_start without move_one, where a single seed may be played")
        sowing.append("first_seed_in_origin = true")
        if not p.get("move_one"):
            NOTES.append("sow_start leaves a single seed where it is; no house of one seed is ever played here (min_move), so first_seed_in_origin says it all.")
    if direction_by:
        sowing.append(f'direction_by = "{direction_by}"')
    if chosen:
        sowing.append(f"direction_chosen_in = {[h + 1 for h in chosen]}        # udir_holes, counted from 1")
    if sow_stores == "OWN":
        sowing.append('into_stores = "own"')
    elif sow_stores in ("BOTH_NR_OPP", "BOTH"):
        sowing.append('into_stores = "both"')
    crosscapt = take("crosscapt", None)
    counts = counts_of(p, total)
    for k in ("capt_on", "evens", "capt_min", "capt_max"):
        used.add(k)
    mlap_cont = take("mlap_cont", None)
    mlap_param = take("mlap_param", None)
    if mlaps == "LAPPER":
        sowing.append("relay = true")
        if mlap_cont is None:
            sowing.append("relay_stops_on = [1]")
        elif mlap_cont == "ON_PARAM":
            sowing.append(f"relay_continues_on = [{mlap_param}]")
        elif mlap_cont == "GREQ_PARAM":
            sowing.append(f"relay_stops_on = {list(range(1, mlap_param))}")
        elif mlap_cont in ("OWN_SIDE", "OPP_SIDE"):
            sowing.append("relay_stops_on = [1]")
            sowing.append(f'relay_only_in = "{"own" if mlap_cont == "OWN_SIDE" else "opponent"}"')
        else:
            raise Unsupported(f"mlap_cont={mlap_cont}")
    elif mlaps == "LAPPER_NEXT":
        sowing.append("relay = true")
        sowing.append('relay_from = "next"')
        if mlap_cont not in (None, "STOP_STORE"):
            raise Unsupported(f"mlap_cont={mlap_cont} with LAPPER_NEXT")
    elif mlaps is not None:
        raise Unsupported(f"mlaps={mlaps}")

    if p.get("sow_rule") == "NO_SOW_OPP_NS":
        take("sow_rule")
        if skip:
            raise Unsupported("sow_rule=NO_SOW_OPP_NS with skip_start")
        sowing.append(f"skip_opponent_holding = {take('sow_param')}")

    play = []
    min_move = take("min_move", 1)
    play.append(f"min_seeds = {min_move}")
    allow = take("allow_rule", None)
    if allow == "OPP_OR_EMPTY":
        play.append('allow = "ends_on_opponent_or_empty"')
    elif allow == "SINGLE_ONLY_ALL":
        play.append('allow = "single_only_if_all_single"')
    elif allow == "SINGLE_TO_ZERO":
        if sow_stores is not None:
            raise Unsupported("allow_rule=SINGLE_TO_ZERO with sow_stores (MancalaGames then refuses any house before the store)")
        play.append('allow = "single_to_empty"')
    elif allow == "MOVE_ALL_HOLES_FIRST":
        play.append('allow = "each_house_once_first"')
    elif allow == "RIGHT_HALF_1ST_OPE":
        # The first move of each player (MancalaGames counts movers < 2)
        # from the right half of the row, without OPP_OR_EMPTY; then it.
        play.append('allow = "ends_on_opponent_or_empty"')
        play.append("opening_moves = 2")
        play.append('opening_from = "right_half"')
    elif allow == "TWO_ONLY_ALL_RIGHT":
        play.append('allow = "two_only_if_all_two_rightmost"')
    elif allow == "TWO_ONLY_ALL":
        play.append('allow = "two_only_if_all_two"')
    elif allow is not None:
        raise Unsupported(f"allow_rule={allow}")
    prescribed = take("prescribed", None)
    if prescribed == "SOW1OPP":
        # MancalaGames' prescribed sower for the first two movers.
        if "opening_moves = 2" not in play:
            play.append("opening_moves = 2")
        sowing.append('opening = "last_seed_to_opponent"')
    elif (prescribed == "MLAPS_SOWER" and p.get("sow_rule") == "NO_SOW_OPP_NS" and mlaps == "LAPPER"
          and mlap_cont is None and p.get("crosscapt") and not p.get("capt_type")):
        # MancalaGames' prescribed first move (mcount 1: the game's first
        # move only) is its plain relay sowing; the game's own differs from
        # it only in passing over the opponent's houses.
        play.append("opening_moves = 1")
        sowing.append('opening = "no_skipping"')
    elif prescribed == "NO_UDIR_FIRSTS" and chosen and not p.get("sow_stores") and not p.get("capt_rturn"):
        # MancalaGames' first two movers (its movers count, which an extra
        # turn does not advance; these games have none) sow the board's way.
        play.append("opening_moves = 2")
        sowing.append('opening = "board_direction"')
    elif prescribed is not None:
        raise Unsupported(f"prescribed={prescribed}")
    if p.get("start_pattern") == "MOVE_RIGHTMOST":
        # MancalaGames makes the starter's first move itself, from the
        # rightmost house; the recorded games write it as the first ply.
        if any(line.startswith("opening_moves") for line in play):
            raise Unsupported("start_pattern=MOVE_RIGHTMOST with another opening")
        play.append("opening_moves = 1")
        play.append('opening_from = "rightmost"')
        NOTES.append("MancalaGames makes the first move itself (start_pattern = MOVE_RIGHTMOST), from the starter's rightmost house; its recorded games write it as their first ply, so here it is the game's first move, the only legal one (opening_from = \"rightmost\").")
    mustshare = take("mustshare", False)
    if mustshare:
        play.append("must_feed = true")
        if chosen:
            # MancalaGames offers both ways of a house when either feeds.
            play.append("feed_by_house = true")
    mustpass = take("mustpass", False)
    if mustpass:
        play.append("pass_when_no_move = true")
    if direction_by == "half_row" and min_move == 1 and 0 not in chosen and n - 1 not in chosen:
        # MancalaGames' DontUndoMoveOne, which it adds to every split-sowing
        # game where a single seed may be played.
        play.append("no_return = true")

    capture = []
    side = take("capt_side", "BOTH")
    if "capt_side" not in p and (counts_of(p, total) or p.get("crosscapt")):
        NOTES.append("Without capt_side MancalaGames captures in either row (its default, BOTH); its games agree.")
    zone = {"BOTH": "either", "OPP_SIDE": "opponent", "OWN_SIDE": "own", "OPP_CONT": "opponent"}.get(side)
    if zone is None:
        raise Unsupported(f"capt_side={side}")
    multicapt = take("multicapt", 0)
    if crosscapt:
        if crosscapt != "ONE_ZEROS":
            raise Unsupported(f"crosscapt={crosscapt}")
        if multicapt and (multicapt != -1 or p.get("capt_dir") != "SOW"):
            raise Unsupported(f"crosscapt with multicapt={multicapt}, capt_dir={p.get('capt_dir')}")
        if multicapt and counts is not None:
            raise Unsupported("crosscapt with multicapt and capture counts")
        xzone = {"either": "either", "opponent": "own", "own": "opponent"}[zone]
        pick = take("xcpickown", "LEAVE")
        if pick not in ("LEAVE", "PICK_ON_CAPT"):
            raise Unsupported(f"xcpickown={pick}")
        chain = ", chain = true" if multicapt else ""
        # With capture counts, the house opposite must hold one of them
        # (MancalaGames tests capt_on on the house captured).
        holds = f", opposite_holds = {counts}" if counts is not None else ""
        capture.append(f'cross = {{ zone = "{xzone}", take_sowing_seed = {str(pick == "PICK_ON_CAPT").lower()}{chain}{holds} }}')
    capt_type = take("capt_type", None)
    capt_dir = take("capt_dir", None)
    if crosscapt and multicapt:
        capt_dir = None  # the chain runs along the sowing: written above
    if capt_type == "TWO_OUT":
        if crosscapt:
            raise Unsupported("capt_type=TWO_OUT with other captures")
        if counts is not None:
            # MancalaGames' capture across the gap asks only where the
            # house lies (capt_check), never its count.
            NOTES.append("MancalaGames' capture across the gap does not look at the capture counts (" + ", ".join(k for k in ("capt_on", "evens", "capt_min", "capt_max") if k in p) + "): they only say when too few seeds are left to capture (seeds_left); its games agree.")
        if multicapt not in (0, -1):
            raise Unsupported(f"capt_type=TWO_OUT with multicapt={multicapt}")
        if multicapt and (capt_dir != "SOW" or mlaps is None):
            raise Unsupported(f"capt_type=TWO_OUT with multicapt, capt_dir={capt_dir}, mlaps={mlaps}")
        capture.append(f'across_gap = {{ zone = "{zone}", chain = {str(multicapt == -1).lower()} }}')
    elif capt_type == "CAPT_OPP_1CCW" and p.get("pickextra") == "PICKOPPBASIC" and counts is not None and not crosscapt and not multicapt and side == "OPP_SIDE" and capt_dir is None:
        take("pickextra")
        capture.append(f"counts = {counts}")
        capture.append("sweep = true")
    elif capt_type == "PULL_ACROSS" and counts is None and not crosscapt and not multicapt:
        pzone = {"either": "either", "opponent": "own", "own": "opponent"}[zone]
        capture.append(f'pull_across = "{pzone}"')
    elif capt_type == "END_OPP_STORE_CAPT" and counts is None and capt_dir is None and sow_stores == "BOTH_NR_OPP":
        capture.append("opponent_store = true")
    elif capt_type == "NEXT" and counts is not None and not crosscapt and capt_dir == "SOW" and multicapt in (0, -1) and mlaps is None and sow_stores is None:
        # The house after the last seed's, along the sowing (capt_dir SOW;
        # MancalaGames' default OPP_SOW would look at the house before).
        capture.append(f"counts = {counts}")
        capture.append(f'next = {{ zone = "{zone}", chain = {str(multicapt == -1).lower()} }}')
    elif capt_type == "NEXT" and counts is None and not crosscapt and capt_dir == "SOW" and not multicapt and mlaps == "LAPPER" and p.get("mlap_cont") is None and sow_stores is None:
        # With relay sowing MancalaGames judges the last hole (it ends
        # holding its one seed) by capt_side, and takes the next house when
        # it holds seeds; PICKFINAL then takes the last seed as well.
        final = p.get("pickextra") == "PICKFINAL"
        if final:
            take("pickextra")
        capture.append(f'next = {{ zone = "{zone}", from_empty = true, take_sowing_seed = {str(final).lower()} }}')
    elif capt_type == "MATCH_OPP" and counts is None and not crosscapt and not multicapt and capt_dir is None and side == "BOTH":
        # The last hole and the hole opposite holding the same count.
        capture.append("match_opposite = true")
    elif capt_type == "PASS_STORE_CAPT" and counts is None and not crosscapt and capt_dir is None:
        capture.append(f'empty_gives_store = "{zone}"')
    elif capt_type is not None or capt_dir is not None:
        raise Unsupported(", ".join(f"{k}={p[k]}" for k in ("capt_dir", "capt_type") if k in p))
    elif counts is not None and not crosscapt:
        capture.append(f"counts = {counts}")
        capture.append(f'last_seed = "{zone}"')
        if multicapt == -1:
            capture.append("chain = true")
        elif multicapt > 1:
            capture.append("chain = true")
            capture.append(f"chain_max = {multicapt}")
        if side == "OPP_CONT" and multicapt:
            capture.append('chain_zone = "either"')
    sow_rule = take("sow_rule", None)
    blocking = []
    if sow_rule in ("SOW_BLKD_DIV", "SOW_BLKD_DIV_NR"):
        blocking = blocking_of(p, n, take, sow_rule)
    elif sow_rule == "ENPAS_ALL_OWNER_SOW" and any(c.startswith("last_seed") for c in capture):
        capture.append(f'while_sowing = "{zone}"')
        capture.append('while_sowing_by = "owner"')
    elif sow_rule == "ENPAS_SOW_SOWER" and any(c.startswith("last_seed") for c in capture):
        # Every seed but a handful's last that makes a capturing count in
        # the sower's own row takes it for the sower.
        capture.append('while_sowing = "own"')
    elif sow_rule == "ENPAS_ALL_OWNER_OWN" and any(c.startswith("last_seed") for c in capture) and not multicapt:
        # Every seed, the last too, captures for the house's owner: the
        # last hole is emptied before the sower could capture it.
        capture[:] = [c for c in capture if not c.startswith("last_seed")]
        capture.append(f'while_sowing = "{zone}"')
        capture.append('while_sowing_by = "owner"')
        capture.append("while_sowing_last = true")
    elif sow_rule in ("LAP_CAPT", "LAP_CAPT_OPP_GETS") and mlaps == "LAPPER" and (
            any(c.startswith("last_seed") for c in capture) or any(c.startswith("across_gap") for c in capture)):
        capture.append("lap_captures = true")
        if sow_rule == "LAP_CAPT_OPP_GETS":
            if not any(c.startswith("last_seed") for c in capture):
                raise Unsupported("sow_rule=LAP_CAPT_OPP_GETS without a count capture")
            capture.append(f"opponent_takes_sown = {{ at_most = {take('sow_param')} }}")
    elif sow_rule is not None and sow_rule not in ("NO_OPP_CHILD", "OPP_CHILD_ONLY1", "NO_SOW_OPP_NS"):
        raise Unsupported(f"sow_rule={sow_rule}")
    grandslam = take("grandslam", "LEGAL")
    gs = {"LEGAL": None, "NO_CAPT": "no_capture", "NOT_LEGAL": "forbidden", "LEGAL_SHARE": "capture_then_feed", "LEAVE_RIGHT": "leave_rightmost"}
    if grandslam not in gs:
        raise Unsupported(f"grandslam={grandslam}")
    if gs[grandslam]:
        capture.append(f'grand_slam = "{gs[grandslam]}"')
    presow = take("presowcapt", None)
    if presow == "CAPT_ONE":
        capture.append('before_sowing = "one_seed"')
    elif presow == "DRAW_1_XCAPT":
        if take("sow_start", False):
            raise Unsupported("presowcapt=DRAW_1_XCAPT with sow_start")
        capture.append('before_sowing = "single_takes_opposite"')
    elif presow is not None:
        raise Unsupported(f"presowcapt={presow}")
    pickextra = take("pickextra", None)
    if pickextra == "PICKLASTSEEDS":
        capture.append(f"last_seeds_to_mover = {seeds}")
    elif pickextra is not None and not (pickextra == "PICKOPPBASIC" and "sweep = true" in capture) and not (
            pickextra == "PICKFINAL" and any("take_sowing_seed = true" in c and c.startswith("next =") for c in capture)):
        raise Unsupported(f"pickextra={pickextra}")
    quiet = take("nocaptmoves", 0)
    if quiet:
        capture.append(f"quiet_moves = {quiet}")
    if take("nosinglecapt", False):
        capture.append("single_seed_captures = false")
    if chosen and not direction_by and capt_dir != "SOW" and any(
            c.startswith(("chain = true", "next =", "across_gap =")) for c in capture):
        # MancalaGames turns a chain (and next, two out) against its fixed
        # sow_direct, whichever way the mover chose to sow.
        capture.append('looks_along = "board"')
    if not capture:
        if p.get("child_type") == "WEG":
            capture.append("# nothing is captured here; a weg takes seeds ([children])")
        else:
            capture.append("# nothing is ever captured")

    children = children_of(p, n, take)

    turn = []
    if sow_stores in ("OWN", "BOTH_NR_OPP"):
        turn.append('extra_turn = "last_seed_in_own_store"')
    elif sow_stores == "BOTH":
        turn.append('extra_turn = "last_seed_in_a_store"')
    rturn = take("capt_rturn", None)
    if rturn == "ALWAYS" and not sow_stores:
        turn.append('extra_turn = "after_capture"')
    elif rturn is not None:
        raise Unsupported(f"capt_rturn={rturn}")

    # The end, in MancalaGames' order: a store past half the seeds; an even
    # split; too few seeds left to change the outcome; a player who cannot
    # feed; no move.
    goal = take("goal", "MAX_SEEDS")
    end_cond = take("end_cond", None)
    unclaimed = take("unclaimed", "HOLE_OWNER")
    if goal in ("CLEAR", "DEPRIVE", "IMMOBILIZE"):
        if end_cond is not None:
            raise Unsupported(f"goal={goal} with end_cond")
        # With blocked houses the stores hold the seeds out of play, and the
        # seeds in each row count for its owner where they lie.
        left = "each_own_in_place" if blocking else "nobody"
        end = [f'goal = "{goal.lower()}"',
               f'ply_limit = {{ plies = 2000, taken_by = "{left}" }}']
        return finish(game, p, used, sowing, play, capture, turn, end, children, blocking)
    if goal != "MAX_SEEDS":
        raise Unsupported(f"goal={goal}")
    end = []
    if end_cond in ("CLEARED_OWN", "CLEARED_OPP"):
        row = "mover" if end_cond == "CLEARED_OWN" else "opponent"
        end.append(f'cleared_row = {{ row = "{row}", taken_by = "{collect_of(unclaimed)}" }}')
    elif end_cond is not None:
        raise Unsupported(f"end_cond={end_cond}")
    end.append(f"majority = {majority(total)}")
    if total % 2 == 0:
        end.append("even_split_draw = true")
    if unclaimed == "UNFED_PLAYER":
        if not mustshare:
            raise Unsupported("UNFED_PLAYER without mustshare")
        end_collect = collect_of(p.get("quitter", "DIVVIED"))
        end.append('cannot_feed = "unfed"')
        NOTES.append("unclaimed = UNFED_PLAYER gives the seeds left to the player who cannot be fed (cannot_feed); other endings use the quitter's rule, as MancalaGames' engine does.")
    else:
        end_collect = collect_of(unclaimed)
    # Too few seeds for a capture: the smallest count that captures.
    if pickextra == "PICKLASTSEEDS":
        NOTES.append(f"pickextra = PICKLASTSEEDS: after every move, {seeds} seeds or fewer (but some) left on the board go to the mover as part of the move, before any ending is tried (last_seeds_to_mover); MancalaGames then has no ending for too few seeds left.")
    # MancalaGames has no such ending where children hold the seeds without
    # stores, nor where a weg's capture is the only capture.
    no_change = not (children and not p.get("stores")) and not (
        p.get("child_type") == "WEG" and counts is None and not crosscapt and not capt_type)
    if no_change and not sow_stores and not end_cond and not (mustshare and not mustpass) and pickextra != "PICKLASTSEEDS":
        need = p["child_cvt"] if children else total
        if crosscapt or p.get("evens"):
            need = min(2, need)
        if counts is not None and "capt_on" in p:
            need = min(need, min(counts)) if not p.get("evens") else min([c for c in counts] + [need])
        if "capt_min" in p:
            need = p["capt_min"] if need == total else max(p["capt_min"], need)
        if min_move < need < total:
            NOTES.append(f"MancalaGames' engine ends a game when the board holds fewer seeds than the smallest capture ({need}); its recorded games end there too: seeds_left."
                         + (" It waits while a child stands, as seeds_left does." if children else ""))
            end.append(f'seeds_left = {{ at_most = {need - 1}, taken_by = "{end_collect}" }}')
    end.append(f'no_move = "{end_collect}"')
    end.append(f'ply_limit = {{ plies = 2000, taken_by = "{end_collect}" }}')
    return finish(game, p, used, sowing, play, capture, turn, end, children)


def blocking_of(p, n, take, sow_rule):
    """The [blocking] table for blocks with sow_rule = SOW_BLKD_DIV(_NR)."""
    take("blocks")
    closes_at = take("sow_param")
    if not p.get("blocks") or closes_at is None:
        raise Unsupported(f"sow_rule={sow_rule} without blocks and sow_param")
    if p.get("mlaps") != "LAPPER" or p.get("mlap_cont") is not None:
        # Without relay sowing MancalaGames takes the closed house's seeds
        # out of play at once; no catalogue game does that.
        raise Unsupported(f"sow_rule={sow_rule} without plain relay sowing (mlaps = LAPPER)")
    NOTES.append(
        "A house closes (blocked) as a relay lifts it: MancalaGames tests a lap's last hole between laps, and a lap whose last seed brings a house of the opponent's row to sow_param "
        "goes on from it, so that house's seeds are sown on and it stays blocked, empty, for the rest of the game ([blocking] closes_at). Its recorded games agree, ply by ply, with the blocked marks they record.")
    NOTES.append(
        "MancalaGames keeps the seeds that reach one of the opponent's blocked houses in South's store, whoever sows them (the catalogue's games show North's store always empty); sow keeps them there too, and they count for nobody. "
        "A last seed that leaves play ends the sowing. The sower's own blocked houses are passed over. "
        "The ply limit, which MancalaGames lacks, counts the seeds in each row for its owner where they lie (each_own_in_place); it never fires in the recorded games.")
    if p.get("nocaptmoves"):
        NOTES.append("nocaptmoves stops closing too: the first moves close nothing (quiet_moves).")
    out = [f"closes_at = {closes_at}"]
    if sow_rule == "SOW_BLKD_DIV_NR":
        out.append(f"never_in = [{n}]        # each row's last house never closes (SOW_BLKD_DIV_NR)")
    return out


def children_of(p, n, take):
    """The [children] table for child_type, child_cvt, child_rule, child_locs."""
    kind = take("child_type", None)
    cvt = take("child_cvt", None)
    rule = take("child_rule", "NONE")
    locs = take("child_locs", "ANYWHERE")
    sow_rule = p.get("sow_rule")
    if kind is None:
        return []
    if kind not in ("ONE_CHILD", "NORMAL", "WEG", "BULL", "QUR", "RAM"):
        raise Unsupported(f"child_type={kind}")
    if kind == "RAM":
        if cvt is not None or rule != "NONE" or locs != "ANYWHERE":
            raise Unsupported("child_type=RAM with child_cvt, child_rule or child_locs")
        if p.get("sow_direct", "CCW") not in ("CW", "CCW"):
            raise Unsupported("child_type=RAM with sow_direct other than CW or CCW")
        if not p.get("stores"):
            raise Unsupported("child_type=RAM without stores")
        if sow_rule in ("NO_OPP_CHILD", "OPP_CHILD_ONLY1"):
            raise Unsupported(f"child_type=RAM with sow_rule={sow_rule}")
        return ['kind = "ram"']
    zone = {"NONE": "either", "OPP_SIDE_ONLY": "opponent", "OWN_SIDE_ONLY": "own"}.get(rule)
    if zone is None:
        raise Unsupported(f"child_rule={rule}")
    extra = []
    if kind == "WEG":
        extra.append('kind = "weg"')
    if sow_rule == "NO_OPP_CHILD":
        take("sow_rule")
        extra.append('opponent_sows = "never"')
    elif sow_rule == "OPP_CHILD_ONLY1":
        take("sow_rule")
        extra.append('opponent_sows = "last_seed_only"')
    if not p.get("stores"):
        # MancalaGames without stores: captures (when the mover has a
        # child) and the seeds collected at the end go into a child.
        extra.append("child_is_store = true")
    if locs == "FIXED_ONE_RIGHT":
        # Each player starts with a child in their rightmost house, and no
        # other is ever made (MancalaGames ignores child_cvt then).
        if cvt is not None or rule != "NONE" or kind in ("ONE_CHILD", "BULL", "QUR"):
            raise Unsupported(f"FIXED_ONE_RIGHT with child_cvt, child_rule or {kind}")
        return [f"at_start = [{n}]"] + extra
    if locs in LOC_PATTERNS:
        own, opp = pattern_places(locs, n)
        if zone == "opponent":
            own = []
        elif zone == "own":
            opp = []
        out = [f"made_at = {cvt}", f"in_own_row = {own}", f"in_opponent_row = {opp}"]
        if kind in ("BULL", "QUR"):
            out.append(f'kind = "{kind.lower()}"')
        if kind == "ONE_CHILD":
            out.append("one_each = true")
        return out + extra
    out = [f"made_at = {cvt}", f'zone = "{zone}"']
    if kind in ("BULL", "QUR"):
        out.append(f'kind = "{kind.lower()}"')
    if kind == "ONE_CHILD":
        out.append("one_each = true")
    out += extra
    if locs == "NOT_SYM_OPP" and zone == "opponent":
        # MancalaGames adds the location pattern NO_OPP_LEFT: no child of the
        # opponent's in a row's last house.
        out += [f"never_in = [{n}]", 'apart = "mirror"']
    elif locs == "NOT_FACING" and zone == "opponent":
        # With the pattern NO_OPP_RIGHT: none in a row's first house.
        out += ["never_in = [1]", 'apart = "facing"']
    elif locs != "ANYWHERE":
        raise Unsupported(f"child_locs={locs}")
    return out


# MancalaGames' child location patterns (make_child.ChildLocOk): each row is
# cut into five parts, first house, second, the middle, second to last, last
# (from the owner's left), and each part names who may make a child there
# (S South, N North). Rows: South's own, then North's (both from their
# owner's left).
LOC_PATTERNS = {
    "INV_ENDS_PLUS_MID": (["N", "S", "S", "S", "N"], ["S", "N", "N", "N", "S"]),
    "ENDS_PLUS_ONE_OPP": (["SN", "N", "", "N", "SN"], ["SN", "S", "", "S", "SN"]),
    "ENDS_PLUS_ALL_OPP": (["SN", "N", "N", "N", "SN"], ["SN", "S", "S", "S", "SN"]),
    "ENDS_ONLY": (["SN", "", "", "", "SN"], ["SN", "", "", "", "SN"]),
    "NO_ENDS": (["", "SN", "SN", "SN", ""], ["", "SN", "SN", "SN", ""]),
}


def pattern_places(locs, n):
    """The in_own_row and in_opponent_row places of a location pattern."""
    short = {2: [0, 4], 3: [0, 2, 4], 4: [0, 1, 3, 4]}
    parts = short.get(n) or [0, 1] + [2] * (n - 4) + [3, 4]
    south_row, north_row = LOC_PATTERNS[locs]
    lists = {}
    for me, own_row, opp_row in (("S", south_row, north_row), ("N", north_row, south_row)):
        own = [k + 1 for k in range(n) if me in own_row[parts[k]]]
        opp = [k + 1 for k in range(n) if me in opp_row[parts[k]]]
        lists[me] = (own, opp)
    if lists["S"] != lists["N"]:
        raise Unsupported(f"child_locs={locs} is not the same for both players")
    return lists["S"]


def finish(game, p, used, sowing, play, capture, turn, end, children=(), blocking=()):
    n = game["holes_per_side"]
    seeds = game["seeds_per_hole"]
    total = seeds_in_play(game)
    pattern = start_pattern(game)
    unknown = set(p) - used
    if unknown:
        raise Unsupported(", ".join(f"{k}={p[k]}" for k in sorted(unknown)))

    stem = game["stem"]
    name = "mg-" + stem.lower().replace("_", "-")
    lines = [
        f"# {game['name']}, as the MancalaGames catalogue configures it",
        f"# (GameProps/{game['file']} in {MG}, commit 2b1c596c).",
        f"# Rules after: {game['rules_ref'] or 'MancalaGames itself (the catalogue cites no rule book)'}",
        "# Every key is documented in variants/README.md; the catalogue's",
        "# parameters, in MancalaGames' own names, were:",
    ]
    for k, v in game["non_default_params"].items():
        lines.append(f"#   {k} = {json.dumps(v)}")
    if goal_is_seeds(p):
        NOTES.append("MancalaGames ends a most-seeds game as soon as a store holds more than half the seeds, and leaves the board as it is: majority.")
    for r in RULINGS.get(stem, []) + NOTES:
        lines.append(f"# Ruling: {r}")
    lines += [
        "",
        "[variant]",
        f"name = {toml_str(name)}",
    ]
    if game.get("region"):
        lines.append(f"region = {toml_str(game['region'])}")
    lines.append(f"source = {toml_str('MancalaGames game file GameProps/' + game['file'] + ' (' + MG + ')')}")
    if game["rules_ref"]:
        lines.append(f"rule_book = {toml_str(game['rules_ref'])}")
    if stem in DIFFERS:
        lines.append(f"differs_from = {toml_str(DIFFERS[stem])}")
    lines.append(f"summary = {toml_str(summary(game))}")
    if p.get("start_pattern") == "RANDOM":
        lines += ["", "[board]", f"houses_per_side = {n}",
                  f"start = {{ random = {total} }}        # start_pattern = RANDOM: each game deals its own start"]
    elif pattern:
        lines += ["", "[board]", f"houses_per_side = {n}", f"seeds_per_house = {seeds}        # the pattern's seeds per house; {total} seeds in all"]
    else:
        lines += ["", "[board]", f"houses_per_side = {n}", f"seeds_per_house = {seeds}        # {total} seeds"]
    if pattern:
        lines.append(f"start = {pattern}        # start_pattern = {p['start_pattern']}")
    lines += ["", "[sowing]"] + sowing
    lines += ["", "[play]"] + play
    lines += ["", "[capture]"] + capture
    if turn:
        lines += ["", "[turn]"] + turn
    if children:
        lines += ["", "[children]"] + list(children)
    if blocking:
        lines += ["", "[blocking]"] + list(blocking)
    lines += ["", "[end]",
              "# MancalaGames has no rule that ends a repeating game; a ply limit",
              "# above every game it finished (they stop at 2000 plies) stands in."] + end
    return "\n".join(lines) + "\n"


def goal_is_seeds(p):
    return p.get("goal", "MAX_SEEDS") == "MAX_SEEDS"


def summary(game):
    """One line in sow's words, from the catalogue's parameters."""
    p = game["non_default_params"]
    parts = []
    direct = p.get("sow_direct")
    if direct == "CW":
        parts.append("sown clockwise")
    elif direct == "SPLIT":
        parts.append("each half of a row sows towards its own end")
    elif direct == "EVEN_ODD_DIR":
        parts.append("odd counts sow counter-clockwise, even clockwise")
    elif direct == "PLAYALTDIR":
        parts.append("the first move chooses its way, then South sows that way and North the other")
    udir = p.get("udir_holes", []) if direct != "PLAYALTDIR" else []
    if udir and len(udir) == game["holes_per_side"]:
        parts.append("every move sows either way, by choice")
    elif udir:
        parts.append("the " + ("middle house sows" if len(udir) == 1 and 2 * udir[0] + 1 == game["holes_per_side"] else "houses " + ", ".join(str(h + 1) for h in udir) + " sow") + " either way, by choice")
    if p.get("mlaps") == "LAPPER":
        if p.get("mlap_cont") == "ON_PARAM":
            parts.append(f"relay sowing from a house now holding {p['mlap_param']}")
        elif p.get("mlap_cont") == "GREQ_PARAM":
            parts.append(f"relay sowing from a house now holding {p['mlap_param']}+")
        elif p.get("mlap_cont") == "OWN_SIDE":
            parts.append("relay sowing in your own row")
        elif p.get("mlap_cont") == "OPP_SIDE":
            parts.append("relay sowing in the opponent's row")
        else:
            parts.append("relay sowing")
    if p.get("mlaps") == "LAPPER_NEXT":
        parts.append("relay sowing from the house after the last")
    if p.get("sow_stores") == "BOTH_NR_OPP":
        parts.append("sowing passes both stores, a last seed in yours moves again")
    if p.get("sow_stores") == "BOTH":
        parts.append("sowing passes both stores, a last seed in either moves again")
    if p.get("sow_stores") == "OWN":
        parts.append("sowing passes your store, a last seed there moves again")
    if p.get("sow_start"):
        parts.append("the first seed stays in the house played")
    if p.get("min_move", 1) > 1:
        parts.append(f"houses of {p['min_move']}+ seeds move")
    if p.get("allow_rule") == "SINGLE_TO_ZERO":
        parts.append("a single seed moves only into an empty house")
    if p.get("allow_rule") == "OPP_OR_EMPTY":
        parts.append("a short sowing must end across or in an empty house")
    if p.get("allow_rule") == "RIGHT_HALF_1ST_OPE":
        parts.append("each player's first move from the right half of the row, then a short sowing must end across or in an empty house")
    if p.get("prescribed") == "SOW1OPP":
        parts.append("an opening move's last seed goes on to the opponent's row")
    if p.get("allow_rule") == "TWO_ONLY_ALL_RIGHT":
        parts.append("a house of 2 moves only when all hold 2, and then the rightmost")
    if p.get("sow_rule") == "NO_SOW_OPP_NS":
        parts.append(f"sowing passes over the opponent's houses holding {p['sow_param']}" + (" (not in the first move)" if p.get("prescribed") == "MLAPS_SOWER" else ""))
    if p.get("allow_rule") == "MOVE_ALL_HOLES_FIRST":
        parts.append("every house played once before any twice")
    if p.get("crosscapt"):
        holds = " holding " + " or ".join(str(c) for c in p["capt_on"]) if p.get("capt_on") else ""
        parts.append("a last seed in an empty house takes the house opposite" + holds
                     + (" and itself" if p.get("xcpickown") == "PICK_ON_CAPT" else "")
                     + (", chained along the empty houses after it" if p.get("multicapt") else ""))
    else:
        counts = counts_of(p, 2 * game["holes_per_side"] * game["seeds_per_hole"])
        if counts and p.get("capt_type") not in ("CAPT_OPP_1CCW", "TWO_OUT", "NEXT"):
            side = {"OPP_SIDE": " across", "OWN_SIDE": " on your side", "OPP_CONT": " across"}.get(p.get("capt_side"), "")
            if p.get("evens") and len(counts) > 4:
                what = "even counts"
            elif "capt_min" in p and len(counts) > 4:
                what = f"{p['capt_min']}+ seeds"
            else:
                what = " or ".join(str(c) for c in counts)
            chain = ", chained" if p.get("multicapt") else ""
            parts.append(f"captures {what}{side}{chain}")
    if p.get("sow_rule") == "ENPAS_ALL_OWNER_OWN":
        parts.append("every seed sown to a capturing count, the last too, takes the house for its owner")
    if p.get("start_pattern") == "MOVE_RIGHTMOST":
        parts.append("the first move is the rightmost house")
    if p.get("prescribed") == "NO_UDIR_FIRSTS":
        parts.append("each player's first move sows " + ("clockwise" if p.get("sow_direct") == "CW" else "counter-clockwise"))
    if p.get("sow_rule") == "ENPAS_SOW_SOWER":
        parts.append("a seed sown on the way to a capturing count in your row takes the house")
    if p.get("sow_rule") == "ENPAS_ALL_OWNER_SOW":
        parts.append("a seed sown on the way to a capturing count takes the house for its owner")
    if p.get("sow_rule") in ("LAP_CAPT", "LAP_CAPT_OPP_GETS"):
        parts.append("every lap of the relay may capture")
    if p.get("sow_rule") == "LAP_CAPT_OPP_GETS":
        parts.append(f"with {p['sow_param']} seeds or fewer left, seeds sown across go to the opponent")
    if p.get("pickextra") == "PICKLASTSEEDS":
        parts.append(f"the mover takes the last {game['seeds_per_hole']} seeds or fewer")
    if p.get("capt_rturn") == "ALWAYS":
        parts.append("a capture moves again")
    if p.get("presowcapt") == "CAPT_ONE":
        parts.append("one seed of every handful goes to the store")
    if p.get("presowcapt") == "DRAW_1_XCAPT":
        parts.append("a single seed played takes the house opposite")
    if p.get("capt_type") == "NEXT" and "capt_on" not in p:
        side = {"OPP_SIDE": " across", "OWN_SIDE": " on your side"}.get(p.get("capt_side"), "")
        parts.append(f"a last seed in an empty house{side} takes the house after it" + (" and itself" if p.get("pickextra") == "PICKFINAL" else ""))
    elif p.get("capt_type") == "NEXT":
        parts.append("the house after the last seed's is captured holding " + " or ".join(str(c) for c in p.get("capt_on", [])) + (", chained" if p.get("multicapt") else ""))
    if p.get("capt_type") == "TWO_OUT":
        parts.append("a last seed before an empty house takes the house after it" + (", chained" if p.get("multicapt") else ""))
    elif p.get("capt_type") == "CAPT_OPP_1CCW":
        parts.append("a last seed across or in your last house takes every house across holding " + " or ".join(str(c) for c in p.get("capt_on", [])))
    elif p.get("capt_type") == "END_OPP_STORE_CAPT":
        parts.append("a last seed in the opponent's store takes it")
    elif p.get("capt_type") == "PULL_ACROSS":
        parts.append("a last seed in an empty house pulls the seeds opposite into it")
    elif p.get("capt_type") == "MATCH_OPP":
        parts.append("a last seed making as many as the house opposite takes both")
    elif p.get("capt_type") == "PASS_STORE_CAPT":
        parts.append("a last seed in an empty house across gives your store to the opponent")
    elif not p.get("crosscapt") and not p.get("presowcapt") and p.get("child_type") != "WEG" and p.get("capt_type") != "NEXT" and counts_of(p, 2 * game["holes_per_side"] * game["seeds_per_hole"]) is None:
        parts.append("no captures")
    if p.get("child_type") in ("ONE_CHILD", "NORMAL", "WEG"):
        where = {"OPP_SIDE_ONLY": " across", "OWN_SIDE_ONLY": " on your side"}.get(p.get("child_rule"), "")
        if p.get("child_locs") in LOC_PATTERNS:
            where = " in set places"
        one = " (one each)" if p["child_type"] == "ONE_CHILD" else ""
        what = "weg" if p["child_type"] == "WEG" else "child"
        if p.get("child_locs") == "FIXED_ONE_RIGHT":
            parts.append(f"each player's rightmost house is their {what} from the start")
        else:
            parts.append(f"a last seed making {p['child_cvt']}{where} makes the house your {what}{one}")
        if p["child_type"] == "WEG":
            parts.append("a last seed in the opponent's weg takes it and one more")
        if p.get("sow_rule") == "NO_OPP_CHILD":
            parts.append("sowing passes over the opponent's children")
        elif p.get("sow_rule") == "OPP_CHILD_ONLY1":
            parts.append("only a last seed is sown into the opponent's child")
        if not p.get("stores"):
            parts.append("children are the stores")
    if p.get("sow_rule") in ("SOW_BLKD_DIV", "SOW_BLKD_DIV_NR"):
        last = ", but for a row's last house" if p["sow_rule"] == "SOW_BLKD_DIV_NR" else ""
        parts.append(f"a relay from an opponent's house of {p['sow_param']} closes it for good{last}; seeds sown to a closed house across leave play")
    if p.get("child_type") == "BULL":
        parts.append(f"a last seed making {p['child_cvt']} makes the house your child, with the house before it when that holds {p['child_cvt'] - 1} (or the other way round)")
    if p.get("child_type") == "QUR":
        where = {"OPP_SIDE_ONLY": " across", "OWN_SIDE_ONLY": " on your side"}.get(p.get("child_rule"), "")
        parts.append(f"a last seed in an empty house{where} facing {p['child_cvt']} makes both houses your children")
    if p.get("child_type") == "RAM":
        parts.append("a house holding seeds enough to sow round to its own row is a ram: never played, captured, counted for nobody")
    if p.get("nocaptmoves"):
        n = p["nocaptmoves"]
        if p.get("sow_rule") in ("SOW_BLKD_DIV", "SOW_BLKD_DIV_NR"):
            parts.append("the first move closes nothing" if n == 1 else f"the first {n} moves close nothing")
        else:
            parts.append(f"the first {n} move{'s' if n > 1 else ''} capture nothing")
    if p.get("nosinglecapt"):
        parts.append("a single seed captures nothing")
    if p.get("grandslam") == "NO_CAPT":
        parts.append("a grand slam captures nothing")
    if p.get("mustshare"):
        parts.append("must feed")
    if p.get("mustpass"):
        parts.append("no move, pass")
    goal = p.get("goal")
    if goal == "CLEAR":
        parts.append("first to empty their row wins")
    elif goal == "DEPRIVE":
        parts.append("leave the opponent without seeds or moves to win")
    elif goal == "IMMOBILIZE":
        parts.append("leave the opponent without a move to win")
    if p.get("end_cond") == "CLEARED_OWN":
        parts.append("ends when the mover's row is empty")
    unclaimed = p.get("unclaimed")
    if unclaimed == "LAST_MOVER":
        parts.append("the last mover takes the seeds left")
    elif unclaimed == "DONT_SCORE":
        parts.append("seeds left count for nobody")
    elif unclaimed == "DIVVIED":
        parts.append("seeds left are shared")
    elif unclaimed == "UNFED_PLAYER":
        parts.append("an unfeedable player takes the seeds left")
    text = "; ".join(parts)
    size = f"{game['holes_per_side']}x{game['seeds_per_hole']}"
    if p.get("start_pattern") == "RANDOM":
        size = f"{game['holes_per_side']} a side, {game['seeds_per_hole']} seeds dealt at random"
    return f"{size}: {text[0].upper() + text[1:] if text else 'Plain sowing'}."


def main(argv):
    write = "--write" in argv
    only = {a.lower() for a in argv if not a.startswith("--")}
    cat = json.loads((CATALOGUE / "catalogue.json").read_text())
    out = ROOT / "variants" / "mancalagames"
    out.mkdir(parents=True, exist_ok=True)
    ok = 0
    for game in cat["games"]:
        if game["game_class"] != "Mancala":
            continue
        stem = game["stem"]
        if only and stem.lower() not in only:
            continue
        try:
            text = build(game)
        except Unsupported as e:
            print(f"skip {stem}: {e}")
            continue
        ok += 1
        print(f"ok   {stem}")
        if write:
            (out / f"{stem.lower()}.toml").write_text(text)
    print(f"{ok} expressible")


if __name__ == "__main__":
    main(sys.argv[1:])
