"""Sweeps over a family of variants: the same numbers in one process and
on Ray's workers."""

import pandas as pd
import pytest

import sow
from sow import sweep


def oware_family():
    """Oware on every board from 2x3 to 2x12 with 1 to 10 seeds a house:
    100 variants, each won by a majority of its own seeds (Oware's 25 of
    48)."""
    return [
        {"houses_per_side": h, "seeds_per_house": s, "majority": h * s + 1}
        for h in range(3, 13)
        for s in range(1, 11)
    ]


def test_grid_is_every_combination():
    family = sweep.grid(houses_per_side=[3, 4], seeds_per_house=[2, 3, 4])
    assert len(family) == 6
    assert family[0] == {"houses_per_side": 3, "seeds_per_house": 2}
    assert family[-1] == {"houses_per_side": 4, "seeds_per_house": 4}


def test_small_boards_are_solved():
    family = sweep.grid(houses_per_side=[2, 3], seeds_per_house=[1, 2])
    table = sweep.run("kalah", family, games=50, seed=1, solve_seconds=60)
    assert list(table["houses_per_side"]) == [2, 2, 3, 3]
    assert table["solved_value"].notna().all()
    # The value agrees with the solver run on the variant alone.
    small = sow.Variant.load("kalah").with_keys({"houses_per_side": 3, "seeds_per_house": 2})
    assert table["solved_value"].iloc[3] == sow.solve(sow.Game(small))["value"]


def test_a_hundred_variants_on_ray_agree_with_one_process():
    ray = pytest.importorskip("ray")
    family = oware_family()
    assert len(family) == 100
    local = sweep.run("oware", family, games=100, seed=5)
    assert len(local) == 100
    assert (local["games"] == 100).all()
    shares = local["south_wins"] + local["north_wins"] + local["draws"]
    assert ((shares - 1).abs() < 1e-9).all()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        distributed = sweep.run("oware", family, games=100, seed=5, backend="ray")
    finally:
        ray.shutdown()
    pd.testing.assert_frame_equal(local, distributed)


def test_bad_sweeps_fail_before_any_task():
    with pytest.raises(sow.ParseError, match="no table of a variant file has a key"):
        sweep.run("oware", [{"houses": 4}], games=10)
    with pytest.raises(ValueError, match="backend"):
        sweep.run("oware", [{"seeds_per_house": 3}], games=10, backend="spark")
