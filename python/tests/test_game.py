"""The Python API over the library: games, variants, errors, batch calls."""

import json
import pickle

import pytest

import sow


def test_every_shipped_variant_is_listed_and_loads():
    names = sow.variants()
    assert len(names) >= 198
    assert {"oware", "kalah", "ouri", "wouri"} <= set(names)
    for name in names:
        variant = sow.Variant.load(name)
        assert variant.name == name
        assert variant.num_actions >= 1
        assert variant.observation_size >= 2 * variant.houses_per_side + 3
        assert variant.title
    # A game answers to its own name in any spelling.
    toguz = sow.Variant.load("toguz kumalak")
    assert (toguz.name, toguz.title) == ("mg-toguz-kumalak", "Toguz Kumalak")
    assert sow.Variant.load("bao").name == "mg-bao"


def test_a_game_plays_by_notation_and_by_index():
    game = sow.Game("oware")
    assert game.legal_moves() == ["A", "B", "C", "D", "E", "F"]
    assert game.play("C") == "C"
    # North's moves, named by index in the legal moves.
    assert game.legal_moves()[0] == "a"
    assert game.play(0) == "a"
    assert game.history() == ["C", "a"]
    assert game.position() == "4,4,0,5,5,5/0,5,5,5,5,5 0-0 S"
    assert game.to_move() == 0
    assert game.undo() is True
    assert game.history() == ["C"]
    assert game.to_move() == 1


def test_the_trace_tells_what_the_last_move_did():
    game = sow.Game("oware")
    assert game.trace() == []
    game.play("C")
    trace = game.trace()
    assert trace[0] == "South plays C: no capture"
    assert "lift 4 from C" in trace
    assert len(trace) == 1 + 1 + 4  # the sentence, the lift, four seeds


def test_a_position_in_the_notation_starts_a_game():
    # Oware: South to move, sowing F's 2 seeds into a and b, which then
    # hold 2 and 3: both are captured (R1, R2).
    game = sow.Game("oware", "0,0,0,0,0,2/1,2,1,1,1,1 20-19 S")
    assert game.play("Fx5") == "F"
    assert game.score() == (25, 19)
    assert game.is_over()
    assert game.winner() == "south"
    assert game.returns() == (1.0, -1.0)


def test_a_game_to_the_end_keeps_its_result():
    game = sow.Game("kalah")
    seed = 0
    while not game.is_over():
        game.play(game.random_move(seed))
        seed += 1
    south, north = game.score()
    assert south + north == 48
    record = json.loads(game.to_json())
    assert record["over"] is True
    assert record["moves"] == game.history()
    assert record["outcome"]["score"] == [south, north]
    expected = None if south == north else ("south" if south > north else "north")
    assert game.winner() == expected
    assert "[Variant \"kalah\"]" in game.to_record()


def test_a_clone_and_a_pickle_are_independent_copies():
    game = sow.Game("wouri")
    game.play(0)
    copy = game.clone()
    copy.play(0)
    assert len(game.history()) == 1 and len(copy.history()) == 2
    loaded = pickle.loads(pickle.dumps(copy))
    assert loaded.history() == copy.history()
    assert loaded.position() == copy.position()


def test_bad_input_raises_clear_python_exceptions():
    with pytest.raises(ValueError, match="did you mean `oware`"):
        sow.Variant.load("owre")
    with pytest.raises(sow.ParseError) as fault:
        sow.Variant.load('[variant]\nname = "x"\n[board]\nhouses_per_side = "six"\n')
    assert (fault.value.line, fault.value.column) == (4, 1)
    assert "takes a whole number" in str(fault.value)
    assert fault.value.origin == "<text>"
    game = sow.Game("oware")
    with pytest.raises(sow.ParseError):
        game.play("C?!")
    with pytest.raises(sow.RuleError, match="North's house"):
        game.play("a")
    with pytest.raises(sow.RuleError, match="captures 0"):
        game.play("Cx2")
    assert game.history() == []  # a wrong mark changes nothing
    with pytest.raises(IndexError):
        game.play(6)
    with pytest.raises(TypeError):
        game.play(2.5)
    with pytest.raises(TypeError):
        game.play(True)
    with pytest.raises(TypeError):
        sow.Game(42)
    with pytest.raises(sow.ParseError):
        sow.Game("oware", "4,4,4/4,4")
    with pytest.raises(sow.RuleError, match="does not belong to this variant"):
        sow.Game("oware", "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S quiet:2")
    with pytest.raises(sow.RuleError, match="seeds"):
        sow.Game("oware", "5,4,4,4,4,4/4,4,4,4,4,4 0-0 S")
    over = sow.Game("oware", "0,0,0,0,0,2/1,2,1,1,1,1 20-19 S")
    over.play("F")
    with pytest.raises(sow.RuleError, match="over"):
        over.play(0)
    with pytest.raises(sow.RuleError, match="over"):
        sow.best_move(over)
    with pytest.raises(ValueError):
        game.observation(2)


def test_keys_edit_a_variant():
    small = sow.Variant.load("oware").with_keys({"houses_per_side": 3, "seeds_per_house": 2})
    assert small.houses_per_side == 3
    assert small.total_seeds == 12
    assert small.name == "oware-houses_per_side_3-seeds_per_house_2"
    assert pickle.loads(pickle.dumps(small)).total_seeds == 12
    with pytest.raises(sow.ParseError, match="no table of a variant file has a key") as fault:
        sow.Variant.load("oware").with_keys({"seeds_per_house": 3, "nonsense": 1})
    # The fault is shown on the edit's own line, `nonsense = 1`.
    assert (fault.value.line, fault.value.column) == (2, 1)
    assert fault.value.origin == "oware with seeds_per_house = 3, nonsense = 1"
    with pytest.raises(sow.ParseError, match="houses_per_side"):
        sow.Variant.load("oware").with_keys({"houses_per_side": 0})


def test_players_and_the_solver():
    game = sow.Game("kalah")
    assert sow.best_move(game, "alphabeta:4") in game.legal_moves()
    small = sow.Variant.load("kalah").with_keys({"houses_per_side": 3, "seeds_per_house": 2})
    solution = sow.solve(sow.Game(small))
    assert solution["value"] is not None
    assert solution["bounds"] == [solution["value"]] * 2
    assert max(m["value"] for m in solution["moves"]) == solution["value"]
    # Two threads find the same values; a node budget stops it with bounds
    # that hold.
    both = sow.solve(sow.Game(small), threads=2)
    assert both["value"] == solution["value"]
    assert [m["value"] for m in both["moves"]] == [m["value"] for m in solution["moves"]]
    cut = sow.solve(sow.Game("kalah"), max_nodes=1000)
    assert cut["stopped"] is not None
    assert cut["bounds"][0] <= cut["bounds"][1]
    assert cut["value"] is None
    with pytest.raises(ValueError):
        sow.best_move(game, "grandmaster")


def test_batch_calls_are_repeatable():
    first = sow.bench("oware", games=200, seed=7)
    again = sow.bench("oware", games=200, seed=7, threads=2)
    assert first["games"] == 200
    assert (first["plies"], first["checksum"]) == (again["plies"], again["checksum"])
    reports = sow.compare(["oware", "wouri"], games=100, seed=3)
    assert [r["variant"] for r in reports] == ["oware", "wouri"]
    for report in reports:
        shares = report["south_wins"]["value"] + report["north_wins"]["value"] + report["draws"]["value"]
        assert shares == pytest.approx(1.0)
    assert reports == sow.compare(["oware", "wouri"], games=100, seed=3)
    with pytest.raises(ValueError, match="games 0"):
        sow.bench("oware", games=0)
    with pytest.raises(ValueError, match="games 0"):
        sow.compare(["oware"], games=0)
    with pytest.raises(ValueError, match="player"):
        sow.compare(["oware"], games=10, players=("random", "nobody"))


def test_a_written_variant_and_an_edited_one_edit_again():
    text = sow.Variant.load("kalah").toml.replace('name = "kalah"', 'name = "my-kalah"')
    text = "\n".join(line for line in text.splitlines() if not line.startswith("aliases"))
    mine = sow.Variant.load(text)
    three = mine.with_keys({"houses_per_side": 3})
    assert (three.name, three.houses_per_side) == ("my-kalah-houses_per_side_3", 3)
    again = three.with_keys({"seeds_per_house": 2})
    assert again.name == "my-kalah-houses_per_side_3-seeds_per_house_2"
    assert again.total_seeds == 12
    assert pickle.loads(pickle.dumps(again)).total_seeds == 12
    assert three.with_keys({"houses_per_side": 4}).houses_per_side == 4
