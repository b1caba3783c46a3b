"""The campaign page's charts: each character's HP or exhaustion over every night, as SVG
geometry (chart.py's approach: pure numbers in a viewBox's units; the template draws).

Unlike a journey's small chart, nothing is moved off its value: two characters with the
same HP draw the same line, told apart by their dashes and their marks (each series its own
shape, and its marks at other nights than the others'). A character is drawn only on the
nights they were in the party (a gap, not a line to zero), and an adjustment between nights
is a vertical step at the nights' edge: the value after night k, then the value night k+1
began with. It stays legible at a thousand nights: at most `MARKS` marks a series, at most
about ten labels on the night axis, and straight runs of one value drawn as one segment.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from nightsim.page.chart import PALETTE, ChartFrame, Tick

SHAPES = ("circle", "square", "triangle", "diamond", "down", "plus", "cross", "bar")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "5 5", "1 4", "14 4", "6 2 1 2")
MARKS = 24  # marks a series at most: each is a point of the line, with its exact value


@dataclass(frozen=True)
class Sample:
    """One value of a character's line: at `x` (0: before night 1; k: after night k)."""

    x: int
    value: int
    tip: str


@dataclass(frozen=True)
class CampaignMark:
    x: float
    y: float
    tip: str


@dataclass(frozen=True)
class Line:
    name: str
    label: str  # the legend's words: the name and its max HP
    cls: str  # the colour class, c0..c7
    dash: str  # stroke-dasharray, "" for a solid line
    shape: str
    path: str  # "M x,y L x,y ..." one M per stretch the character was in the party
    marks: tuple[CampaignMark, ...]


@dataclass(frozen=True)
class CampaignChart:
    title: str
    axis: str
    frame: ChartFrame
    top: int  # the value at the top of the axis
    lines: tuple[Line, ...]
    xticks: tuple[Tick, ...]
    yticks: tuple[Tick, ...]


@dataclass(frozen=True)
class CampaignSeries:
    """A character's samples, stretch by stretch (a new stretch after a gap)."""

    name: str
    label: str
    stretches: tuple[tuple[Sample, ...], ...]


def nice_step(span: int, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50… that labels `span` with at most `most` steps."""
    step = 1
    while span / step > most:
        for factor in (2, 5 / 2, 2):
            step = round(step * factor)
            if span / step <= most:
                break
    return step


def _straight(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points less the middle of any three at one height: the same line, fewer bytes."""
    kept: list[tuple[float, float]] = []
    for p in points:
        if len(kept) >= 2 and kept[-1][1] == p[1] == kept[-2][1]:
            kept[-1] = p
        else:
            kept.append(p)
    return kept


def _path(stretches: Sequence[Sequence[tuple[float, float]]]) -> str:
    parts = []
    for stretch in stretches:
        pts = _straight(stretch)
        parts.append("M" + " L".join(f"{x:g},{y:g}" for x, y in pts))
    return " ".join(parts)


def _marks(
    s: CampaignSeries, i: int, n: int, nights: int, place: ChartFrame, vmax: int
) -> list[CampaignMark]:
    """Every point when the nights are few; else one in `step` nights, each series at other
    nights than the others' (so a line hidden under another still shows its marks)."""
    step = max(1, math.ceil((nights + 1) / MARKS))
    offset = (i * step) // max(1, n)
    marks: list[CampaignMark] = []
    seen: set[int] = set()
    for stretch in s.stretches:
        for p in stretch:
            if step > 1 and ((p.x - offset) % step or p.x in seen):
                continue
            seen.add(p.x)
            marks.append(CampaignMark(place.x(p.x, nights), place.y(p.value, vmax), p.tip))
    return marks


def campaign_lines(
    title: str, axis: str, series: Sequence[CampaignSeries], nights: int, vmax: int
) -> CampaignChart:
    """One chart of the campaign: a line per character, `vmax` the top of the value axis."""
    frame = ChartFrame(640, 230, 34, 628, 12, 196)
    top = max(1, vmax)
    span = max(1, nights)
    lines = []
    for i, s in enumerate(series):
        stretches = [
            [(frame.x(p.x, span), frame.y(p.value, top)) for p in st] for st in s.stretches
        ]
        lines.append(
            Line(
                name=s.name,
                label=s.label,
                cls=f"c{i % PALETTE}",
                dash=DASHES[i % len(DASHES)],
                shape=SHAPES[(i + i // len(SHAPES)) % len(SHAPES)],
                path=_path(stretches),
                marks=tuple(_marks(s, i, len(series), span, frame, top)),
            )
        )
    xstep = nice_step(span, 10)
    ystep = nice_step(top, 6)
    return CampaignChart(
        title=title,
        axis=axis,
        frame=frame,
        top=top,
        lines=tuple(lines),
        xticks=tuple(Tick(frame.x(k, span), str(k)) for k in range(0, span + 1, xstep)),
        yticks=tuple(Tick(frame.y(v, top), str(v)) for v in range(0, top + 1, ystep)),
    )
