"""The what-if page: the logged night and the changed one side by side (docs/disputes.md,
"What if").

It draws the rows `narration/whatif.py` words for the terminal (`Told`), so the page and the
terminal say the same thing in the same words; the parting's lines keep their classes
(`segments.py`). Nothing here is HTML: `whatif.html.j2` draws it, autoescaped.
"""

from __future__ import annotations

from dataclasses import dataclass

from nightsim.narration.whatif import MARK, Told
from nightsim.page.segments import Segs, segs


@dataclass(frozen=True)
class Cell:
    text: str
    differs: bool


@dataclass(frozen=True)
class Side:
    heads: tuple[str, ...]  # the label columns' headings, then the two nights'
    rows: tuple[tuple[tuple[str, ...], str, Cell], ...]  # labels, logged, changed


@dataclass(frozen=True)
class WhatifNight:
    title: str
    parting_title: str
    parting: tuple[str, Segs, Segs] | None  # heading, logged, changed
    same: str
    encounter_title: str
    encounter: Side | None
    no_encounter: str
    dawn_title: str
    dawn: Side
    marked: str
    any_marked: bool  # the note about the mark only under a table that shows one


@dataclass(frozen=True)
class WhatifPage:
    lang: str
    title: str
    lines: tuple[tuple[str, str], ...]  # each with its class: the head in full scrolls
    logged: str
    changed: str
    journey_title: str
    journey_heads: tuple[str, ...]
    journey: tuple[tuple[str, ...], ...]
    journey_lines: tuple[str, ...]
    night: WhatifNight | None
    mark: str


def _side(rows: tuple[tuple[tuple[str, ...], str, str, bool], ...], heads: tuple[str, ...]) -> Side:
    return Side(heads, tuple((labels, a, Cell(b, d)) for labels, a, b, d in rows))


def page(told: Told) -> WhatifPage:
    t = told.t
    full = t("chain.full", hash="")
    night = None
    if (n := told.night) is not None:
        night = WhatifNight(
            title=n.title,
            parting_title=t("whatif.parting_title"),
            parting=(n.parting.heading, segs(n.parting.logged), segs(n.parting.changed))
            if n.parting
            else None,
            same=t("whatif.same"),
            encounter_title=t("whatif.encounter_title"),
            encounter=_side(n.encounter, ("",)) if n.encounter else None,
            no_encounter=t("whatif.no_encounter_either"),
            dawn_title=t("whatif.dawn_title"),
            dawn=_side(n.dawn, (t("col.character"), t("whatif.col.what"))),
            marked=t("whatif.marked"),
            any_marked=any(r.differs for r in (*n.encounter, *n.dawn)),
        )
    return WhatifPage(
        lang=t.lang,
        title=told.title,
        lines=tuple((line, "hashline" if line.startswith(full) else "") for line in told.lines),
        logged=told.logged,
        changed=told.changed,
        journey_title=t("whatif.journey_title"),
        journey_heads=told.journey_heads,
        journey=told.journey,
        journey_lines=told.journey_lines,
        night=night,
        mark=MARK,
    )
