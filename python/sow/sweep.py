"""Sweeps over a family of variants, in one process or on Ray.

A family is a list of dicts of variant-file keys to change, each one
variant::

    from sow import sweep
    family = sweep.grid(houses_per_side=range(3, 9), seeds_per_house=range(2, 7))
    table = sweep.run("oware", family, games=1000, seed=1)               # here
    table = sweep.run("oware", family, games=1000, seed=1, backend="ray")  # on Ray

Each variant plays `games` games between `players` (random by default) in
Rust, as ``sow compare`` does, and, with ``solve_seconds``, is solved
exactly from its start where the solver finishes in that time: the value
for the first player with best play on both sides, the fairness of the
variant. The table has one row a variant: the keys changed, the variant's
name, South's and North's wins and the draws (shares, with 95% intervals),
South's advantage (her wins less North's), game lengths, captures and
branching, and the exact value where solved.

The same family, games and seed give the same table on any backend and any
number of workers: every variant's games are drawn from the seed alone. On
a Ray cluster, `ray.init(address="auto")` before `run(..., backend="ray")`
sends the tasks to the cluster; without it, `run` starts Ray on this
machine.
"""

import itertools

import sow

COLUMNS = [
    "variant",
    "games",
    "south_wins",
    "south_wins_low",
    "south_wins_high",
    "north_wins",
    "draws",
    "south_advantage",
    "mean_length",
    "median_length",
    "captured_per_game",
    "branching",
    "solved_value",
    "solve_nodes",
]


def grid(**keys):
    """Every combination of the values given for each key, as a family:
    ``grid(houses_per_side=[3, 4], seeds_per_house=[2, 3])`` is four
    variants."""
    names = list(keys)
    return [dict(zip(names, values)) for values in itertools.product(*keys.values())]


def one(variant, keys, games, seed, players=("random", "random"), solve_seconds=None):
    """The row of one variant of the family: `variant` with `keys` changed.
    A plain function of its arguments, so that any backend may run it."""
    base = sow.Variant.load(variant) if isinstance(variant, str) else variant
    edited = base.with_keys(dict(keys)) if keys else base
    report = sow.compare([edited], games=games, seed=seed, players=players)[0]
    south, north = report["south_wins"], report["north_wins"]
    row = dict(keys)
    row.update(
        variant=edited.name,
        games=report["games"],
        south_wins=south["value"],
        south_wins_low=south["low"],
        south_wins_high=south["high"],
        north_wins=north["value"],
        draws=report["draws"]["value"],
        south_advantage=south["value"] - north["value"],
        mean_length=report["mean_length"],
        median_length=report["median_length"],
        captured_per_game=report["captured_per_game"],
        branching=report["branching"],
        solved_value=None,
        solve_nodes=None,
    )
    if solve_seconds:
        try:
            solution = sow.solve(
                sow.Game(edited), seconds=solve_seconds, table_mb=256, moves="one_best"
            )
        except sow.RuleError:
            solution = None
        if solution is not None and solution["value"] is not None:
            row["solved_value"] = solution["value"]
            row["solve_nodes"] = solution["nodes"]
    return row


def run(
    variant,
    family,
    games=1000,
    seed=1,
    backend="local",
    players=("random", "random"),
    solve_seconds=None,
):
    """Runs every variant of `family` (dicts of keys to change in
    `variant`'s file) and returns one pandas DataFrame, a row a variant in
    the family's order. `backend` is ``"local"`` (this process) or
    ``"ray"`` (a Ray task a variant; Ray is started here if it is not
    running)."""
    import pandas as pd

    family = [dict(keys) for keys in family]
    players = tuple(players)
    # Load once here: a wrong name or key fails before any task starts.
    base = sow.Variant.load(variant)
    if family:
        base.with_keys(family[0])
    if backend == "local":
        rows = [one(variant, keys, games, seed, players, solve_seconds) for keys in family]
    elif backend == "ray":
        import ray

        if not ray.is_initialized():
            ray.init()
        task = ray.remote(one)
        rows = ray.get(
            [task.remote(variant, keys, games, seed, players, solve_seconds) for keys in family]
        )
    else:
        raise ValueError(f"backend {backend!r}: 'local' or 'ray'")
    keys = list(dict.fromkeys(k for member in family for k in member))
    return pd.DataFrame(rows, columns=keys + COLUMNS)


def plot(table, x, y="south_advantage", by=None, ax=None):
    """A line chart of `y` against `x`, one line for each value of `by`
    (matplotlib); returns the axes."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots()
    groups = table.groupby(by) if by else [(None, table)]
    for value, group in groups:
        label = None if by is None else f"{by} = {value if not isinstance(value, tuple) else value[0]}"
        ax.plot(group[x], group[y], marker="o", label=label)
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    if by:
        ax.legend()
    return ax
