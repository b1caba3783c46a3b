"""`odds --grid` as text: two settings at once, each cell against the first cell.

Pure: the report dict (`stats.grid.grid`) in, rich tables (a terminal) or plain lines (a
pipe) out, in the catalogue's language. A terminal gets a table per measure, rows the first
setting's values and columns the second's; a cell holds the chance and, where it differs
clearly from the first cell (its paired interval, as computed, on one side of 0), an arrow
up or down, so the mark is a sign and not a colour. A pipe gets a line per measure and cell
with the difference and its interval in the words of `--compare` (`narration/paired.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.figures import percent
from nightsim.narration.paired import (
    interval,
    measure_label,
    nights_text,
    places,
    verdict,
)

UP, DOWN = "\u25b2", "\u25bc"  # the marks of a clear difference from the first cell


def told(t: Catalogue, r: Mapping[str, Any]) -> dict[str, Any]:
    """The report with its rows' and columns' values as the language reads them
    (`Catalogue.setting`): what every line, table and page of the grid shows."""
    (a, b) = r["settings"]
    rows = [t.setting(a, v) for v in r["rows"]]
    return {**r, "rows": rows, "columns": [t.setting(b, w) for w in r["columns"]]}


def first_cell(r: dict[str, Any]) -> str:
    """The first cell, as its two settings: "rules.rest_hours = 6, camp.firewood = 4"."""
    (a, b), (v, w) = r["settings"], (r["rows"][0], r["columns"][0])
    return f"{a} = {v}, {b} = {w}"


def title(t: Catalogue, r: dict[str, Any]) -> str:
    nights = nights_text(t, r["nights"])
    if r["nights_per_journey"] > 1:
        nights = t("paired.journeys", nights=nights, per=r["nights_per_journey"])
    (a, b) = r["settings"]
    return t(
        "grid.title",
        rows=a,
        row_values=", ".join(r["rows"]),
        columns=b,
        column_values=", ".join(r["columns"]),
        nights=nights,
        first=first_cell(r),
        seed=r["seed"],
    )


def mark(vs: dict[str, Any] | None) -> str:
    """▲ or ▼ where a cell differs clearly from the first cell, else nothing."""
    if vs is None or not vs["clear"] or vs["identical"] or vs["diff"] is None:
        return ""
    return UP if vs["diff"] > 0 else DOWN


def against(t: Catalogue, vs: dict[str, Any], nights: int) -> str:
    """A cell's difference from the first cell, and the interval unless it is the same on
    every night."""
    said = verdict(t, vs, nights)
    return said if vs["identical"] or vs["diff"] is None else f"{said}, {interval(t, vs)}"


def digits(m: Mapping[str, Any]) -> int:
    """A measure's decimals, its cells read row by row (`paired.places`)."""
    return places(cell for row in m["cells"] for cell in row)


def cells(r: dict[str, Any], m: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """A measure's cells, row by row: (row value, column value, cell)."""
    for v, row in zip(r["rows"], m["cells"], strict=True):
        for w, cell in zip(r["columns"], row, strict=True):
            yield v, w, cell


def grid_lines(r: dict[str, Any], lang: str = "en") -> list[str]:
    """One line per measure and cell: "fire lasts · 8, 6: 9.0%, -19.0 points, 95% …"."""
    t = Catalogue(lang)
    r = told(t, r)
    out = [title(t, r)]
    for m in r["measures"]:
        shown = digits(m)
        for v, w, cell in cells(r, m):
            p = percent(t, cell["estimate"]["p"], digits=shown)
            vs = cell["vs_first"]
            rest = "" if vs is None else f", {against(t, vs, r['nights'])}"
            line = t("grid.line", measure=measure_label(t, m), row=v, column=w, p=p)
            out.append(line + rest)
    out.append(t("grid.note", first=first_cell(r)))
    return out


def measure_table(t: Catalogue, r: dict[str, Any], m: dict[str, Any]) -> Table:
    """One measure: rows the first setting, columns the second, marks where clear."""
    a, b = r["settings"]
    table = Table(title=measure_label(t, m), title_justify="left")
    table.add_column(f"{a} \\ {b}")
    for w in r["columns"]:
        table.add_column(w, justify="right")
    places = digits(m)
    for v, row in zip(r["rows"], m["cells"], strict=True):
        shown = []
        for cell in row:
            sign = mark(cell["vs_first"])
            text = Text(percent(t, cell["estimate"]["p"], digits=places))
            if sign:
                text.append(f" {sign}", style="bold")
            shown.append(text)
        table.add_row(v, *shown)
    return table


def grid_tables(r: dict[str, Any], lang: str = "en") -> RenderableType:
    """The same as `grid_lines`, as a table per measure with the marks explained."""
    t = Catalogue(lang)
    r = told(t, r)
    parts: list[RenderableType] = [Text(title(t, r), style="bold")]
    parts += [measure_table(t, r, m) for m in r["measures"]]
    parts.append(Text(t("grid.marks", up=UP, down=DOWN, first=first_cell(r))))
    return Group(*parts)


def render_grid(r: dict[str, Any], lang: str = "en", *, table: bool = True) -> RenderableType:
    """`odds --grid`'s text: tables at a terminal, lines otherwise."""
    if table:
        return grid_tables(r, lang)
    return Text("\n".join(grid_lines(r, lang)))
