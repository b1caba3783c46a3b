"""The pages of `odds --sweep` and `odds --compare`, from the reports their JSON prints.

Sweep: a small chart per measure, the chance at each value of the setting with its 95%
interval drawn as a whisker; a point that differs clearly from the first value (its paired
interval, as computed, on one side of 0) is filled, one that does not is hollow, and a dashed
line marks the first value's chance. Compare: each measure's difference B - A with its
interval around a zero line (filled where clear). Both end with the table of numbers and what
produced the report. Every word is the catalogue's (`sweeppage.*`, `paired.*`); the same
report gives the same page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.figures import percent
from nightsim.narration.paired import interval, measure_label, verdict
from nightsim.narration.produced import produced_by
from nightsim.narration.sweep import digits, told
from nightsim.narration.sweep import title as sweep_title

W, H, LEFT, RIGHT, TOP, BOTTOM = 320, 190, 44, 12, 14, 34


@dataclass(frozen=True)
class SweepDot:
    x: float
    y: float
    y_low: float
    y_high: float
    label: str
    kind: str  # "first", "clear" or "same" (no clear difference)
    tip: str


@dataclass(frozen=True)
class SweepTick:
    at: float
    label: str


@dataclass(frozen=True)
class SmallChart:
    title: str
    points: tuple[SweepDot, ...]
    yticks: tuple[SweepTick, ...]
    base_y: float


@dataclass(frozen=True)
class Row:
    label: str
    cells: tuple[tuple[str, str, str], ...]  # (chance, difference, css class)


@dataclass(frozen=True)
class SweepPage:
    lang: str
    title: str
    note: str
    words: dict[str, str]
    frame: dict[str, int]
    charts: tuple[SmallChart, ...]
    heads: tuple[str, ...]
    rows: tuple[Row, ...]
    footer: str


def _top(high: float) -> float:
    """The y axis' top: the next 10% step above the highest bound (at least 10%)."""
    return max(0.1, min(1.0, (int(high * 10 + 1e-9) + 1) / 10))


def _chart(
    t: Catalogue, r: Mapping[str, Any], m: Mapping[str, Any], heads: tuple[str, ...]
) -> SmallChart:
    points = m["points"]
    top = _top(max((p["estimate"]["high"] or 0.0) for p in points))
    span_x = (W - LEFT - RIGHT) / max(1, len(points) - 1)

    def y(v: float) -> float:
        return round(TOP + (H - TOP - BOTTOM) * (1 - v / top), 1)

    label = measure_label(t, dict(m))
    drawn = []
    first = heads[0]
    places = digits(m)
    for i, point in enumerate(points):
        est, vs = point["estimate"], point["vs_first"]
        if est["p"] is None:
            continue
        tip = t(
            "sweeppage.tip",
            measure=label,
            value=heads[i],
            p=percent(t, est["p"], digits=places),
            low=percent(t, est["low"]),
            high=percent(t, est["high"]),
        )
        kind = "first"
        if vs is not None:
            kind = "clear" if vs["clear"] and not vs["identical"] else "same"
            tip = t("sweeppage.tip_vs", tip=tip, first=first, diff=_diff(t, vs, r["nights"]))
        x = round(LEFT + (span_x * i if len(points) > 1 else (W - LEFT - RIGHT) / 2), 1)
        drawn.append(
            SweepDot(x, y(est["p"]), y(est["low"]), y(est["high"]), point["value"], kind, tip)
        )
    ticks = tuple(SweepTick(y(top * k / 4), percent(t, top * k / 4)) for k in range(5))
    base = points[0]["estimate"]["p"]
    return SmallChart(label, tuple(drawn), ticks, y(base) if base is not None else -1.0)


def _diff(t: Catalogue, vs: Mapping[str, Any], nights: int) -> str:
    said = verdict(t, dict(vs), nights)
    return said if vs["identical"] or vs["diff"] is None else f"{said}, {interval(t, dict(vs))}"


def _frame() -> dict[str, int]:
    return {"width": W, "height": H, "left": LEFT, "right": W - RIGHT, "bottom": H - BOTTOM}


def sweep_page(
    r: Mapping[str, Any], lang: str = "en", heads: tuple[str, ...] | None = None
) -> SweepPage:
    """The page's view; `heads`: what each value is called (a comparison's "A: camp.toml",
    "B: with …"), else "SETTING = value"."""
    t = Catalogue(lang)
    r = told(t, r)
    if heads is None:
        heads = tuple(f"{r['setting']} = {v}" for v in r["values"])
    rows = []
    for m in r["measures"]:
        cells = []
        places = digits(m)
        for point in m["points"]:
            vs = point["vs_first"]
            diff = "" if vs is None else _diff(t, vs, r["nights"])
            kind = "first" if vs is None else ("clear" if vs["clear"] else "same")
            cells.append((percent(t, point["estimate"]["p"], digits=places), diff, kind))
        rows.append(Row(measure_label(t, m), tuple(cells)))
    return SweepPage(
        lang=t.lang,
        title=sweep_title(t, dict(r)),
        note=t("sweeppage.chart_note"),
        words={k: t(f"sweeppage.{k}") for k in ("charts", "table")},
        frame=_frame(),
        charts=tuple(_chart(t, r, m, heads) for m in r["measures"]),
        heads=heads,
        rows=tuple(rows),
        footer=produced_by(t, r["produced_by"]) if "produced_by" in r else "",
    )


def sweep_html(report: Mapping[str, Any], lang: str = "en") -> str:
    """The page of an `odds --sweep` report, in `lang`."""
    from nightsim.page.render import render

    view = sweep_page(report, lang)
    return render("sweep.html.j2", page=view, lang=view.lang)


def compare_html(report: Mapping[str, Any], lang: str = "en") -> str:
    """The page of an `odds --compare` report: the report as a two-value sweep (A, B), so
    the same charts and table say which differences are clear."""
    rows: list[dict[str, Any]] = []
    for row in report["measures"]:
        vs = {k: row[k] for k in ("diff", "low", "high", "clear", "paired", "identical")}
        rows.append(
            {
                "measure": row["measure"],
                "character": row["character"],
                "creature": row.get("creature"),
                "points": [
                    {"value": "A", "estimate": row["a"], "vs_first": None},
                    {"value": "B", "estimate": row["b"], "vs_first": vs},
                ],
            }
        )
    as_sweep = dict(report) | {
        "setting": ", ".join(report["changes"]) or "B",
        "values": ["A", "B"],
        "measures": rows,
    }
    from dataclasses import replace

    from nightsim.narration.paired import compare_title, same_config
    from nightsim.page.render import render

    t = Catalogue(lang)
    # Titled as the comparison it is (the text's title), not as a sweep of two values; a B
    # that is A is said first. A is the camp as given, B the camp with the change: each
    # column and point says which.
    config = report.get("produced_by", {}).get("config") or t("comparepage.default")
    heads = (
        t("comparepage.a", config=config),
        t("comparepage.b", changes=as_sweep["setting"]),
    )
    view = sweep_page(as_sweep, lang, heads)
    note = " ".join([*same_config(t, dict(report)), t("comparepage.chart_note")])
    words = view.words | {"charts": t("comparepage.charts")}
    view = replace(view, title=compare_title(t, dict(report)), note=note, words=words)
    return render("sweep.html.j2", page=view, lang=view.lang)
