"""Two settings at once on the same nights: `odds --grid KEY=V1,… --grid KEY=W1,…`.

Every cell (a value of the first setting, a row; a value of the second, a column) is the
config with both `KEY=value` items on top, and all the cells run on the same night seeds by
`tally.tally_paired` (night i of seed S is `run --seed "S/i"` under each), so each cell after
the first is paired against the first cell (V1, W1), as a sweep's values are against its
first (`sweep.py`). Pure computation: no printing (the words are `narration/grid.py`, the
page `page/grid.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nightsim.config import Config, ConfigError
from nightsim.limits import shown
from nightsim.stats.odds import Progress, config_sha256
from nightsim.stats.sweep import against_first, head, set_items, split_sweep
from nightsim.told import Said

#: Cells in one grid: each is another config's nights, and the page shows a heatmap per
#: measure that is still read at a glance at 8 x 8.
MAX_GRID_CELLS = 64

Axis = tuple[str, list[str]]


def split_grid(items: Sequence[str]) -> tuple[Axis, Axis]:
    """The two `--grid KEY=V1,V2,…` items -> their keys and values (each as `--sweep`
    takes one). Raises ConfigError naming the item: not two, a key twice, too many cells."""
    if len(items) != 2:
        raise ConfigError(Said("grid.two", count=len(items)))
    first, second = (split_sweep(item, "--grid") for item in items)
    if first[0] == second[0]:
        raise ConfigError(Said("grid.same_key", setting=shown(first[0])))
    cells = len(first[1]) * len(second[1])
    if cells > MAX_GRID_CELLS:
        raise ConfigError(Said("grid.cells", cells=cells, most=MAX_GRID_CELLS))
    return first, second


def grid_configs(config: Config, rows: Axis, columns: Axis) -> list[Config]:
    """The config of every cell, row by row (`KEY=value` of both settings on top)."""
    return [
        set_items(config, [(rows[0], v), (columns[0], w)], "--grid")
        for v in rows[1]
        for w in columns[1]
    ]


def grid(
    config: Config,
    rows: Axis,
    columns: Axis,
    seed: int | str,
    nights: int = 10_000,
    *,
    per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Every cell of `rows` x `columns` over the same `nights` (whole journeys).

    The JSON shape of `odds --grid … --format json`: provenance, `nights`, `seed`,
    `nights_per_journey`, `journeys`, `settings` (the two keys: rows, then columns),
    `rows` and `columns` (the values as given), `cells` (each cell's values and
    `config_sha256`, row by row), `measures`: a list of {measure, character, cells}, where
    `cells[r][c]` is {estimate, vs_first}: the Wilson estimate ({p, low, high, k, n}) and,
    but for the first cell, its paired difference from the first cell ({diff, low, high,
    clear, paired, identical}); then the base config.
    """
    configs = grid_configs(config, rows, columns)
    n, found = against_first(configs, seed, nights, per_journey, jobs, progress)
    width = len(columns[1])
    measures = [
        row | {"cells": [cells[r : r + width] for r in range(0, len(cells), width)]}
        for row, cells in found
    ]
    return head(config, n, seed, per_journey) | {
        "settings": [rows[0], columns[0]],
        "rows": list(rows[1]),
        "columns": list(columns[1]),
        "cells": [
            {"row": v, "column": w, "config_sha256": config_sha256(c)}
            for (v, w), c in zip(
                ((v, w) for v in rows[1] for w in columns[1]), configs, strict=True
            )
        ],
        "measures": measures,
        "config": config.canonical(),
    }
