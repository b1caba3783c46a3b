"""The page's small charts as SVG geometry: a journey's HP and exhaustion per night, the odds'
interval bars, the arrival histogram, and the rotas' safety against their full rests.

Pure functions from facts or a report to numbers in a viewBox's units; the templates draw.
Every mark that stands for a number carries a `tip` (its `<title>` and accessible label).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import JourneyFacts
from nightsim.narration.figures import bound, count, percent, percent_bound, with_span
from nightsim.narration.paired import nights_text

PALETTE = 8  # series classes c0..c7, drawn by the stylesheet (light and dark)
FOCUSABLE_POINTS = 40  # beyond this many nights a journey's points are not each a tab stop


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    tip: str


@dataclass(frozen=True)
class Series:
    name: str
    cls: str
    path: str  # "x,y x,y ..." for a polyline
    points: tuple[Point, ...]
    # Lines drawn where their values are, never shifted: equal values lie on one another, so
    # each later series is drawn thinner, dashed and with smaller points over the earlier
    # ones, which show around it.
    width: float = 2.0
    dash: str = ""
    radius: float = 4.0
    top: float | None = None  # the y of the character's maximum (max HP), if drawn
    top_tip: str = ""


# Dash patterns by a series' place: solid first, then patterns a reader tells apart.
_DASHES = ("", "7 4", "2 3", "9 3 2 3")
_LAYERS = 4  # beyond this many, the widths and radii repeat


def _layer(i: int, n: int) -> tuple[float, str, float]:
    """Width, dash pattern and point radius of series `i` of `n`: the first widest."""
    depth = (n - 1 - i) % _LAYERS if n > 1 else 0
    return 1.5 + 1.5 * depth, _DASHES[i % len(_DASHES)], 3.0 + 1.5 * depth


@dataclass(frozen=True)
class Tick:
    at: float
    label: str


@dataclass(frozen=True)
class ChartFrame:
    """A plot area inside a viewBox of `width` x `height`."""

    width: float
    height: float
    left: float
    right: float
    top: float
    bottom: float

    def x(self, v: float, vmax: float) -> float:
        return round(self.left + (self.right - self.left) * (v / vmax if vmax else 0), 2)

    def y(self, v: float, vmax: float) -> float:
        return round(self.bottom - (self.bottom - self.top) * (v / vmax if vmax else 0), 2)


@dataclass(frozen=True)
class LineChart:
    title: str
    frame: ChartFrame
    series: tuple[Series, ...]
    xticks: tuple[Tick, ...]
    yticks: tuple[Tick, ...]
    focusable: bool


def _step(vmax: float, ticks: int) -> int:
    return max(1, math.ceil(vmax / ticks))


def journey_lines(
    j: JourneyFacts,
    what: str,
    title: str,
    t: Catalogue,
    max_hp: Mapping[str, int] | None = None,
) -> LineChart:
    """HP (`what` = "hp") or exhaustion per character, before the first night and after each;
    with `max_hp` (name -> max HP), the HP chart draws each character's maximum."""
    frame = ChartFrame(400, 210, 34, 390, 12, 182)
    values = [r.hp if what == "hp" else r.exhaustion for r in j.rows]
    tops = dict(max_hp or {}) if what == "hp" else {}
    vmax = max([1, *(v for vs in values for v in vs), *tops.values()])
    nights = max(1, j.nights)
    series = []
    for i, (r, vs) in enumerate(zip(j.rows, values, strict=True)):
        points = tuple(
            Point(
                frame.x(k, nights),
                frame.y(v, vmax),
                t(
                    "page.point",
                    actor=r.name,
                    when=t("page.start") if k == 0 else t("page.after_night", night=k),
                    value=v,
                ),
            )
            for k, v in enumerate(vs)
        )
        path = " ".join(f"{p.x},{p.y}" for p in points)
        width, dash, radius = _layer(i, len(j.rows))
        top = tops.get(r.name)
        series.append(
            Series(
                r.name,
                f"c{i % PALETTE}",
                path,
                points,
                width,
                dash,
                radius,
                frame.y(top, vmax) if top is not None else None,
                t("page.max_hp", actor=r.name, hp=top) if top is not None else "",
            )
        )
    xstep = _step(nights, 10)
    ystep = _step(vmax, 5)
    return LineChart(
        title=title,
        frame=frame,
        series=tuple(series),
        xticks=tuple(Tick(frame.x(k, nights), str(k)) for k in range(0, nights + 1, xstep)),
        yticks=tuple(Tick(frame.y(v, vmax), str(v)) for v in range(0, vmax + 1, ystep)),
        focusable=j.nights <= FOCUSABLE_POINTS,
    )


# --- odds ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """An estimate as a bar 0..100 wide: the interval's band and the point estimate."""

    text: str
    tip: str
    low: float | None
    width: float
    p: float | None


def interval(label: str, est: Mapping[str, Any] | None, t: Catalogue, digits: int = 1) -> Interval:
    if est is None or est["p"] is None:
        return Interval("\u2014", t("oddspage.tip_none", label=label), None, 0, None)
    low, high, p = est["low"], est["high"], est["p"]
    # The interval printed beside the chance, not only drawn: a page printed in grey, or read
    # aloud, still says how sure the chance is.
    text = with_span(t, p, low, high, digits)
    tip = t(
        "oddspage.tip",
        label=label,
        p=percent(t, p, digits=digits),  # the chance alone: the tip tells its interval
        low=percent_bound(t, low),
        high=percent_bound(t, high),
        k=count(t, est["k"]),
        n=count(t, est["n"]),
    )
    return Interval(text, tip, round(low * 100, 2), round((high - low) * 100, 2), round(p * 100, 2))


@dataclass(frozen=True)
class Bin:
    x: float
    y: float
    w: float
    h: float
    tip: str


@dataclass(frozen=True)
class Histogram:
    frame: ChartFrame
    bins: tuple[Bin, ...]
    xticks: tuple[Tick, ...]
    yticks: tuple[Tick, ...]
    total: int


def _clock(minute: int) -> str:
    m = minute % (24 * 60)
    return f"{m // 60:02d}:{m % 60:02d}"


def arrivals(counts: Mapping[str, int], rest_start: int, t: Catalogue) -> Histogram:
    """Encounters per 10 minutes of the rest period; `rest_start` its clock in minutes."""
    # Above the bars: the y axis's label; below: the clock ticks and the x axis's label.
    frame = ChartFrame(800, 290, 44, 790, 40, 228)
    items = [(int(k), v) for k, v in counts.items()]
    total = sum(v for _, v in items)
    step = _step(max([1, *(v for _, v in items)]), 4)
    # The axis' top is a tick at or above the tallest bin: no bar rises past the last label.
    vmax = step * math.ceil(max([1, *(v for _, v in items)]) / step)
    n = max(1, len(items))
    width = (frame.right - frame.left) / n
    bins = []
    for i, (minute, v) in enumerate(items):
        share = percent(t, v / total) if total else t("fmt.percent", value=0)
        a, b = _clock(rest_start + minute), _clock(rest_start + minute + 10)
        y = frame.y(v, vmax)
        bins.append(
            Bin(
                round(frame.left + i * width, 2),
                y,
                round(width - 1, 2),
                round(frame.bottom - y, 2),
                t("oddspage.bin_tip", start=a, end=b, nights=nights_text(t, v), share=share),
            )
        )
    xticks = tuple(
        Tick(round(frame.left + i * width, 2), _clock(rest_start + minute))
        for i, (minute, _) in enumerate(items)
        if minute % 60 == 0
    )
    yticks = tuple(Tick(frame.y(v, vmax), count(t, v)) for v in range(0, vmax + 1, step))
    return Histogram(frame, tuple(bins), xticks, yticks, total)


@dataclass(frozen=True)
class RotaDot:
    x: float
    y: float
    x_low: float
    x_high: float
    y_low: float
    y_high: float
    label: str
    tip: str
    kind: str = "other"  # "best", "tied" (with the best on safety) or "other"
    # Where its numbered disc is drawn: on the point, or moved clear of another rota's
    # disc (a leader line joins it to its point, drawn as a small dot).
    lx: float = 0.0
    ly: float = 0.0

    @property
    def moved(self) -> bool:
        return (self.lx, self.ly) != (self.x, self.y)


@dataclass(frozen=True)
class Scatter:
    frame: ChartFrame
    dots: tuple[RotaDot, ...]
    xticks: tuple[Tick, ...]
    yticks: tuple[Tick, ...]
    x_range: tuple[float, float]
    y_range: tuple[float, float]


def _range(values: Sequence[float]) -> tuple[float, float]:
    """A span of whole percents around the values, at least 5 wide, within 0..1."""
    lo = math.floor(min(values) * 100) / 100
    hi = math.ceil(max(values) * 100) / 100
    if hi - lo < 0.05:
        mid = (hi + lo) / 2
        lo, hi = max(0.0, mid - 0.025), min(1.0, mid + 0.025)
    return lo, hi


def _ticks(lo: float, hi: float, place: Any, t: Catalogue) -> tuple[Tick, ...]:
    step = max(1, math.ceil((hi - lo) * 100 / 5))
    start = math.ceil(lo * 100)
    return tuple(
        Tick(place(v / 100), t("fmt.percent", value=v))
        for v in range(start, int(hi * 100) + 1, step)
    )


def rotas(top: Sequence[Mapping[str, Any]], t: Catalogue) -> Scatter | None:
    """Each rota's chance that someone is awake when a monster comes (y) against its share
    of full rests (x), with both intervals; None when no rota had an encounter to count."""
    shown = [r for r in top if r["someone_awake_given_encounter"]["p"] is not None]
    if not shown:
        return None
    frame = ChartFrame(800, 380, 56, 780, 16, 340)
    xs = [v for r in shown for v in (r["full_rest"]["low"], r["full_rest"]["high"])]
    ys = [
        v
        for r in shown
        for v in (
            r["someone_awake_given_encounter"]["low"],
            r["someone_awake_given_encounter"]["high"],
        )
    ]
    (x0, x1), (y0, y1) = _range(xs), _range(ys)

    def px(v: float) -> float:
        return frame.x(v - x0, x1 - x0)

    def py(v: float) -> float:
        return frame.y(v - y0, y1 - y0)

    dots = []
    for r in shown:
        fr, aw = r["full_rest"], r["someone_awake_given_encounter"]
        tip = t(
            "oddspage.dot_tip",
            rank=r["rank"],
            rota=", ".join(r["rota"]),
            awake=_p_range(t, aw),
            rest=_p_range(t, fr),
        )
        dots.append(
            RotaDot(
                px(fr["p"]),
                py(aw["p"]),
                px(fr["low"]),
                px(fr["high"]),
                py(aw["low"]),
                py(aw["high"]),
                str(r["rank"]),
                tip,
                _kind(r),
            )
        )
    # Drawn last on top: the best, then the rotas tied with it (a reader finds them first).
    order = {"other": 0, "tied": 1, "best": 2}
    dots = _laid_out(dots, frame)
    dots.sort(key=lambda d: order[d.kind])
    xticks, yticks = _ticks(x0, x1, px, t), _ticks(y0, y1, py, t)
    return Scatter(frame, tuple(dots), xticks, yticks, (x0, x1), (y0, y1))


DISC = 11  # a rota's numbered disc's radius, in the viewBox's units
# Its radius on a phone (style.css draws it larger there, so its number reads at 11 px or
# more): discs are laid out clear at this size, so they stay clear on every screen.
PHONE_DISC = 20


def _laid_out(dots: list[RotaDot], frame: ChartFrame) -> list[RotaDot]:
    """Each dot's disc placed clear of the discs placed before it (best rank first): rotas
    with the same figures lie on one point, and their numbers would print over each other.
    A disc that must move tries the spots on rings around its point, nearest first."""
    placed: list[tuple[float, float]] = []
    out = []
    gap = 2 * PHONE_DISC + 2
    for d in sorted(dots, key=lambda d: int(d.label)):
        spot = (d.x, d.y)
        for ring in range(0, 12):
            tries = [(d.x, d.y)] if ring == 0 else _ring(d.x, d.y, ring * gap)
            free = [
                (x, y)
                for x, y in tries
                if frame.left + DISC <= x <= frame.right - DISC
                and frame.top + DISC <= y <= frame.bottom - DISC
                and all(math.hypot(x - px, y - py) >= gap for px, py in placed)
            ]
            if free:
                spot = free[0]
                break
        placed.append(spot)
        out.append(_at(d, spot))
    return out


def _ring(x: float, y: float, r: float) -> list[tuple[float, float]]:
    n = max(6, int(2 * math.pi * r / (2 * PHONE_DISC + 2)))
    return [
        (
            round(x + r * math.cos(2 * math.pi * k / n), 2),
            round(y - r * math.sin(2 * math.pi * k / n), 2),
        )
        for k in range(n)
    ]


def _at(d: RotaDot, spot: tuple[float, float]) -> RotaDot:
    from dataclasses import replace

    return replace(d, lx=spot[0], ly=spot[1])


def _kind(row: Mapping[str, Any]) -> str:
    if row["vs_best"] is None:
        return "best"
    return "tied" if row["tied_with_best"] else "other"


def _p_range(t: Catalogue, est: Mapping[str, Any]) -> str:
    """A chance and its interval, as the catalogue writes them (`fmt.p_range`)."""
    low, high = (bound(t, est[k]) for k in ("low", "high"))
    return t("fmt.p_range", p=percent(t, est["p"]), low=low, high=high)
