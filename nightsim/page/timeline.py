"""The night's timeline as SVG geometry: one row per character, the fire, the marks.

Pure: `chart(night, t)` reads a night's facts (pass one of the narration) and returns where
each bar and mark goes, in the units of the SVG's viewBox; the template only draws them. The
states come from the facts' `sleep.Track` (the terminal strip's own data, so the two never
tell the night apart), the marks from the facts' lines: a mark tells exactly the line of the
hour-by-hour text it stands for, with the rolls that line reveals, so the chart keeps the
monster check behind the screen exactly as the narration does (its roll is told at the
monster's mark, or at dawn).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from nightsim.clock import DAY
from nightsim.narration import encounter, hours, morning
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import (
    CheckLine,
    EncounterFacts,
    Happened,
    Missed,
    NightFacts,
    NightLine,
    RestLine,
    RunOn,
    Settled,
    ShiftOver,
    WatchLine,
)
from nightsim.narration.sleep import Track
from nightsim.page.segments import plain

WIDTH = 800  # the viewBox's width; the SVG scales to the page
TOP = 26  # the clock labels above the rows
ROW = 46  # a character's row: its name above, its bar below
BAR_Y, BAR_H = 22, 16  # within a row
FIRE_ROW = 34
LANE_ROW = 40
DODGE = 12  # marks closer than this in one row are moved apart


@dataclass(frozen=True)
class Bar:
    x: float
    w: float
    state: str
    tip: str


@dataclass(frozen=True)
class TimelineRow:
    name: str
    y: float  # the row's top
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class Mark:
    """A focusable mark: its `tip` is its `<title>` and its accessible label."""

    x: float
    y: float
    kind: str  # watch, handover, missed, doze, ended, event, monster, awake, surprised, dawn, broke
    tip: str


@dataclass(frozen=True)
class Grid:
    x: float
    label: str
    odd: bool  # a label a phone leaves out when the hours are many


@dataclass(frozen=True)
class Chart:
    height: float
    label: str
    rows: tuple[TimelineRow, ...]
    fire_y: float
    fire: tuple[Bar, ...]
    lane_y: float
    grid: tuple[Grid, ...]
    marks: tuple[Mark, ...]
    broke_x: float | None
    arrival_x: float | None
    bottom: float  # where the gridlines end


def _minutes(clock: str) -> int:
    h, m = clock.split(":")
    return int(h) * 60 + int(m)


def _clock(first: str, offset: int) -> str:
    m = (_minutes(first) + offset) % DAY
    return f"{m // 60:02d}:{m % 60:02d}"


class _Scale:
    def __init__(self, track: Track) -> None:
        self.track = track

    def at(self, clock: str) -> int:
        """The minute of the rest period a clock face falls on (the period is under a day)."""
        offset = (_minutes(clock) - _minutes(self.track.first_hour)) % DAY
        return min(offset, self.track.minutes)

    def x(self, minute: int) -> float:
        return round(minute * WIDTH / self.track.minutes, 2)


def _runs(values: Sequence[str]) -> list[tuple[int, int, str]]:
    runs: list[tuple[int, int, str]] = []
    start = 0
    for i in range(1, len(values) + 1):
        if i == len(values) or values[i] != values[start]:
            runs.append((start, i, values[start]))
            start = i
    return runs


def _rows(track: Track, scale: _Scale, t: Catalogue) -> tuple[TimelineRow, ...]:
    rows = []
    for i, (name, states) in enumerate(track.rows):
        bars = tuple(
            Bar(
                scale.x(a),
                round(scale.x(b) - scale.x(a), 2),
                state,
                t(
                    "page.span",
                    actor=name,
                    state=t("strip." + state),
                    start=_clock(track.first_hour, a),
                    end=_clock(track.first_hour, b),
                ),
            )
            for a, b, state in _runs(states)
        )
        rows.append(TimelineRow(name, TOP + i * ROW, bars))
    return tuple(rows)


def _fire(track: Track, scale: _Scale, t: Catalogue) -> tuple[Bar, ...]:
    burning = ["on" if f else "" for f in track.fire]
    return tuple(
        Bar(
            scale.x(a),
            round(scale.x(b) - scale.x(a), 2),
            "fire",
            t("page.fire_span", start=_clock(track.first_hour, a), end=_clock(track.first_hour, b)),
        )
        for a, b, on in _runs(burning)
        if on
    )


def _grid(n: NightFacts, scale: _Scale) -> tuple[Grid, ...]:
    many = len(n.hours) > 8
    return tuple(
        Grid(scale.x(scale.at(h.start)), h.start, many and i % 2 == 1)
        for i, h in enumerate(n.hours)
    )


_KIND = {"handed_over": "handover", "dozed": "doze", "ended": "ended"}


def _line_mark(line: NightLine, row_y: dict[str, float], lane: float) -> tuple[str, float]:
    """The mark's kind and the row it sits in (its actor's, or the events lane)."""
    match line:
        case WatchLine():
            return "watch", row_y.get(line.actor, lane)
        case ShiftOver():
            return _KIND[line.how], row_y.get(line.actor, lane)
        case Missed():
            return "missed", row_y.get(line.actor, lane)
        case Settled():
            return "event", row_y.get(line.on_watch, lane) if line.on_watch else lane
        case Happened():
            return "event", row_y.get(line.actor, lane) if line.actor else lane
        case RestLine() | CheckLine() | RunOn():
            return "event", lane
        case _:
            assert_never(line)


def _encounter_marks(
    e: EncounterFacts, x: float, row_y: dict[str, float], lane: float, t: Catalogue
) -> list[Mark]:
    tip = t("enc.title", clock=e.clock) + ": " + " ".join(encounter.encounter_lines(e, t))
    marks = [Mark(x, lane, "monster", tip)]
    surprised = set(e.surprised)
    for name, y in row_y.items():
        if name in surprised:
            marks.append(Mark(x, y, "surprised", t("page.arrival_surprised", actor=name)))
        elif name in e.awake:
            marks.append(Mark(x, y, "awake", t("page.arrival_awake", actor=name)))
    return marks


def _dodge(marks: list[Mark]) -> tuple[Mark, ...]:
    """Marks of one row at (nearly) one minute side by side, in the order told; the
    encounter's marks first, so that the arrival stands on its minute (on the arrival's
    line) and the night's other marks of that minute make way."""
    first = sorted(range(len(marks)), key=lambda i: marks[i].kind not in _ON_THE_MINUTE)
    placed: dict[int, Mark] = {}
    for i in first:
        m, x = marks[i], marks[i].x
        while any(p.y == m.y and abs(p.x - x) < DODGE for p in placed.values()):
            x += DODGE
        placed[i] = Mark(round(x, 2), m.y, m.kind, m.tip)
    return tuple(placed[i] for i in range(len(marks)))


# The encounter's marks: drawn on the arrival's minute, the others moved aside.
_ON_THE_MINUTE = frozenset({"monster", "surprised", "awake"})


def _marks(
    n: NightFacts, scale: _Scale, row_y: dict[str, float], lane: float, t: Catalogue
) -> list[Mark]:
    names = n.names
    marks: list[Mark] = []
    for h in n.hours:
        for line in h.lines:
            if isinstance(line, Happened) and line.what == "monster.arrived":
                continue  # the encounter's own mark tells it, with its rolls
            kind, y = _line_mark(line, row_y, lane)
            tip = plain(hours.night_line(line, t, names))
            marks.append(Mark(scale.x(scale.at(line.clock)), y, kind, f"{line.clock} {tip}"))
        for e in h.encounters:
            marks += _encounter_marks(e, scale.x(scale.at(e.clock)), row_y, lane, t)
    dawn = [plain(x) for x in morning.dawn_notes(n.morning, t)]
    if dawn:
        tip = t("page.dawn") + ": " + " ".join(dawn)
        marks.append(Mark(float(WIDTH), lane, "dawn", tip))
    return marks


def chart(n: NightFacts, t: Catalogue) -> Chart | None:
    """The night's chart, or None when the night never reached its rest period."""
    track = n.track
    if track is None:
        return None
    scale = _Scale(track)
    rows = _rows(track, scale, t)
    row_y = {r.name: r.y + BAR_Y + BAR_H / 2 for r in rows}
    fire_y = TOP + len(rows) * ROW
    lane_y = fire_y + FIRE_ROW
    lane = lane_y + BAR_Y + 4
    marks = _marks(n, scale, row_y, lane, t)
    broke = n.morning.rota_broken_at
    if broke:
        marks.append(Mark(scale.x(scale.at(broke)), TOP - 6, "broke", t("page.broke", clock=broke)))
    arrival = track.arrival
    end = _clock(track.first_hour, track.minutes)
    return Chart(
        height=lane_y + LANE_ROW,
        label=t("page.chart_label", start=track.first_hour, end=end),
        rows=rows,
        fire_y=fire_y,
        fire=_fire(track, scale, t),
        lane_y=lane_y,
        grid=_grid(n, scale),
        marks=_dodge(marks),
        broke_x=scale.x(scale.at(broke)) if broke else None,
        arrival_x=scale.x(arrival) if arrival is not None else None,
        bottom=lane_y + LANE_ROW - 4,
    )
