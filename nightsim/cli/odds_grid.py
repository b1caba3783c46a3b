"""`nightsim odds --grid KEY=V1,… --grid KEY=W1,…`: two settings at once on the same nights,
each cell against the first cell (docs/odds.md, "Two settings at once")."""

from __future__ import annotations

import argparse
from typing import Any

from nightsim.told import Said

Row = list[object]
Axis = tuple[str, list[str]]


def grid_plan(args: argparse.Namespace, config: Any) -> tuple[Axis, Axis]:
    """The two axes of --grid, every cell's config made (and refused, naming the item)
    before a night runs."""
    from nightsim.cli.odds import planned
    from nightsim.stats.grid import grid_configs, split_grid

    def make() -> tuple[Axis, Axis]:
        rows, columns = split_grid(args.grid)
        grid_configs(config, rows, columns)
        return rows, columns

    return planned("--grid", make)


def run_grid(
    args: argparse.Namespace,
    config: Any,
    seed: int | str,
    jobs: int,
    per: int,
    axes: tuple[Axis, Axis],
) -> int:
    from nightsim import reports
    from nightsim.cli.odds import (
        DEFAULT_NIGHTS,
        ReportOutputs,
        _progress,
        rendered,
        tell_report,
        with_produced,
    )
    from nightsim.cli.page import print_grid_page
    from nightsim.stats import odds as odds_mod

    rows, columns = axes
    cells = len(rows[1]) * len(columns[1])
    nights = args.nights if args.nights is not None else DEFAULT_NIGHTS
    units = odds_mod.journeys_for(nights, per)
    label = Said("progress.cells", count=cells)
    with _progress(units * per * cells, label, args.lang) as progress:
        typed = reports.grid(
            config,
            rows,
            columns,
            seed,
            nights,
            nights_per_journey=per,
            jobs=jobs,
            progress=progress,
        )
    report = with_produced(dict(typed), args, config, seed)
    text = rendered("nightsim.narration.grid", "render_grid")
    return tell_report(args, report, seed, per, ReportOutputs(grid_table, print_grid_page, text))


def grid_table(r: dict[str, Any]) -> tuple[list[str], list[Row]]:
    """`odds --grid --format csv`: a row per measure (and character) and cell, row by row:
    both settings and their values, the estimate with its bounds and counts, then the
    difference from the first cell with its bounds and `clear`, `paired`, `identical`
    (empty on the first cell's rows)."""
    header = ["measure", "character", "creature", "row_setting", "row_value"]
    header += ["column_setting", "column_value", "p", "low", "high", "k", "n"]
    header += ["diff", "diff_low", "diff_high", "clear", "paired", "identical"]
    from nightsim.cli.odds import against_first_row

    a, b = r["settings"]
    out: list[Row] = []
    for m in r["measures"]:
        for v, row in zip(r["rows"], m["cells"], strict=True):
            for w, cell in zip(r["columns"], row, strict=True):
                out.append(against_first_row(m, [a, v, b, w], cell))
    return header, out
