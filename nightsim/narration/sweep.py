"""`odds --sweep` as text: one setting over several values, each against the first.

Pure: the report dict (`stats.sweep.sweep`) in, a rich table (a terminal) or plain lines (a
pipe) out, in the catalogue's language, with the words and numbers of `--compare`
(`narration/paired.py`): a difference in points where its interval, as computed, lies on one
side of 0, "the same on every night" (and no interval) where nothing moved.
"""

from __future__ import annotations

from collections.abc import Mapping
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


def told(t: Catalogue, r: Mapping[str, Any]) -> dict[str, Any]:
    """The report with its values as the language reads them (`Catalogue.setting`): what
    every line, table and page of the sweep shows."""
    key = r["setting"]
    return {
        **r,
        "values": [t.setting(key, v) for v in r["values"]],
        "measures": [
            {**m, "points": [{**p, "value": t.setting(key, p["value"])} for p in m["points"]]}
            for m in r["measures"]
        ],
    }


def title(t: Catalogue, r: dict[str, Any]) -> str:
    nights = nights_text(t, r["nights"])
    if r["nights_per_journey"] > 1:
        nights = t("paired.journeys", nights=nights, per=r["nights_per_journey"])
    return t(
        "sweep.title",
        setting=r["setting"],
        values=", ".join(r["values"]),
        nights=nights,
        first=r["values"][0],
        seed=r["seed"],
    )


def _against(t: Catalogue, point: dict[str, Any], nights: int) -> str:
    """After the first value: its difference from the first, and the interval unless the
    measure came out the same on every night."""
    vs = point["vs_first"]
    said = verdict(t, vs, nights)
    return said if vs["identical"] or vs["diff"] is None else f"{said}, {interval(t, vs)}"


def digits(m: Mapping[str, Any]) -> int:
    """A measure's decimals over its values (`paired.places`)."""
    return places(m["points"])


def sweep_lines(r: dict[str, Any], lang: str = "en") -> list[str]:
    """One line per measure and value: "fire lasts · 8: 9.0%, -19.0 points, 95% CI …"."""
    t = Catalogue(lang)
    r = told(t, r)
    out = [title(t, r)]
    for m in r["measures"]:
        places = digits(m)
        for point in m["points"]:
            p = percent(t, point["estimate"]["p"], digits=places)
            rest = "" if point["vs_first"] is None else f", {_against(t, point, r['nights'])}"
            out.append(
                t("sweep.line", measure=measure_label(t, m), value=point["value"], p=p) + rest
            )
    out.append(t("sweep.note", first=r["values"][0]))
    return out


def sweep_table(r: dict[str, Any], lang: str = "en") -> RenderableType:
    """The same as `sweep_lines`, as a table: a row per measure, a column per value."""
    t = Catalogue(lang)
    r = told(t, r)
    table = Table(title=title(t, r))
    table.add_column(t("paired.col_measure"))
    for value in r["values"]:
        table.add_column(f"{r['setting']} = {value}", justify="right")
    for m in r["measures"]:
        cells: list[Text] = []
        places = digits(m)
        for point in m["points"]:
            cell = Text(percent(t, point["estimate"]["p"], digits=places))
            vs = point["vs_first"]
            if vs is not None:
                style = "bold" if vs["clear"] and not vs["identical"] else "dim"
                cell.append("\n" + _against(t, point, r["nights"]), style=style)
            cells.append(cell)
        table.add_row(measure_label(t, m), *cells)
    return Group(table, Text(t("sweep.note", first=r["values"][0])))


def render_sweep(r: dict[str, Any], lang: str = "en", *, table: bool = True) -> RenderableType:
    """`odds --sweep`'s text: a table at a terminal, lines otherwise."""
    if table:
        return sweep_table(r, lang)
    return Text("\n".join(sweep_lines(r, lang)))
