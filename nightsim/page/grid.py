"""The page of `odds --grid`: a heatmap per measure, from the report its JSON prints.

Each measure is a table, rows the first setting's values and columns the second's, each cell
printing its chance; the cell's shade grows with the chance (within the measure: its lowest
cell is the lightest), and a cell that differs clearly from the first cell (its paired
interval, as computed, on one side of 0) carries ▲ or ▼ and a solid frame, the first cell a
dashed one: the mark is a sign and a frame, never the colour alone. The shades are light
enough for the dark text printed on them in either colour scheme. Under each map, the cells'
differences and intervals in words (`narration/grid.py`), and the page ends with what
produced it. Every word is the catalogue's (`grid.*`, `gridpage.*`); the same report gives
the same page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.figures import percent
from nightsim.narration.grid import DOWN, UP, against, digits, first_cell, mark, title, told
from nightsim.narration.paired import measure_label
from nightsim.narration.produced import produced_by

# The lightest and the darkest shade (sRGB): a pale paper and a mid blue, both dark-text
# readable (contrast with #1f1d1a: 16.6 and 7.9).
LIGHT, DARK = (0xFF, 0xFF, 0xFF), (0x8F, 0xB8, 0xDE)


@dataclass(frozen=True)
class HeatCell:
    text: str  # the chance, as printed
    sign: str  # ▲, ▼ or ""
    kind: str  # "first", "clear" or "same"
    shade: str  # the background, #rrggbb
    tip: str  # the cell in words: its settings, chance, interval and difference


@dataclass(frozen=True)
class HeatRow:
    label: str
    cells: tuple[HeatCell, ...]


@dataclass(frozen=True)
class HeatMap:
    title: str
    slug: str
    row_key: tuple[str, ...]  # the setting's key in parts, each ending at a dot or "_"
    column_key: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[HeatRow, ...]
    scale: str  # "from 2.1% (lightest) to 41.0% (darkest)"
    lines: tuple[str, ...]  # each cell in words


@dataclass(frozen=True)
class GridPage:
    lang: str
    title: str
    note: str
    words: dict[str, str]
    maps: tuple[HeatMap, ...]
    footer: str


def shade(p: float | None, low: float, high: float) -> str:
    """The cell's background: `p`'s place between the measure's lowest and highest chance."""
    if p is None:
        return "#{:02x}{:02x}{:02x}".format(*LIGHT)
    x = 0.0 if high <= low else (p - low) / (high - low)
    r, g, b = (round(a + (z - a) * x) for a, z in zip(LIGHT, DARK, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


def _tip(
    t: Catalogue, r: Mapping[str, Any], v: str, w: str, cell: Mapping[str, Any], places: int
) -> str:
    est, vs = cell["estimate"], cell["vs_first"]
    (a, b) = r["settings"]
    tip = t(
        "gridpage.tip",
        cell=f"{a} = {v}, {b} = {w}",
        p=percent(t, est["p"], digits=places),
        low=percent(t, est["low"]),
        high=percent(t, est["high"]),
    )
    if vs is None:
        return t("gridpage.tip_first", tip=tip)
    return t("gridpage.tip_vs", tip=tip, diff=against(t, dict(vs), r["nights"]))


def heat_map(t: Catalogue, r: Mapping[str, Any], m: Mapping[str, Any], i: int) -> HeatMap:
    chances = [c["estimate"]["p"] for row in m["cells"] for c in row]
    known = [p for p in chances if p is not None]
    low, high = (min(known), max(known)) if known else (0.0, 0.0)
    places = digits(m)
    rows = []
    for v, row in zip(r["rows"], m["cells"], strict=True):
        drawn = []
        for w, cell in zip(r["columns"], row, strict=True):
            vs = cell["vs_first"]
            sign = mark(vs)
            kind = "first" if vs is None else ("clear" if sign else "same")
            p = cell["estimate"]["p"]
            tip = _tip(t, r, v, w, cell, places)
            drawn.append(
                HeatCell(percent(t, p, digits=places), sign, kind, shade(p, low, high), tip)
            )
        rows.append(HeatRow(v, tuple(drawn)))
    (a, b) = r["settings"]
    return HeatMap(
        title=measure_label(t, dict(m)),
        slug=f"m{i}",
        row_key=_parts(a),
        column_key=_parts(b),
        columns=tuple(r["columns"]),
        rows=tuple(rows),
        scale=(
            t("gridpage.flat", p=percent(t, low))
            if low == high
            else t("gridpage.scale", low=percent(t, low), high=percent(t, high))
        ),
        lines=tuple(_lines(t, r, m)),
    )


def _parts(key: str) -> tuple[str, ...]:
    """A key cut after each dot and underscore: where a narrow heading may break it."""
    return tuple(p for p in re.split(r"(?<=[._])", key) if p)


def _lines(t: Catalogue, r: Mapping[str, Any], m: Mapping[str, Any]) -> list[str]:
    out, places = [], digits(m)
    for v, row in zip(r["rows"], m["cells"], strict=True):
        for w, cell in zip(r["columns"], row, strict=True):
            out.append(_tip(t, r, v, w, cell, places))
    return out


def grid_page(r: Mapping[str, Any], lang: str = "en") -> GridPage:
    t = Catalogue(lang)
    r = told(t, r)
    first = first_cell(dict(r))
    return GridPage(
        lang=t.lang,
        title=title(t, dict(r)),
        note=t("gridpage.note", up=UP, down=DOWN, first=first),
        words={k: t(f"gridpage.{k}") for k in ("maps", "words")},
        maps=tuple(heat_map(t, r, m, i) for i, m in enumerate(r["measures"])),
        footer=produced_by(t, r["produced_by"]) if "produced_by" in r else "",
    )


def grid_html(report: Mapping[str, Any], lang: str = "en") -> str:
    """The page of an `odds --grid` report, in `lang`."""
    from nightsim.page.render import render

    view = grid_page(report, lang)
    return render("grid.html.j2", page=view, lang=view.lang)
