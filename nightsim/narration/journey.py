"""The journey's summary after its last night: rests, HP and exhaustion paths (facts only)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import JourneyFacts
from nightsim.narration.widgets import (
    Field,
    Responsive,
    fits_wrapped,
    min_words,
    plain_table,
    stacked,
)


def _path(values: Sequence[int], keep: int = 5) -> str:
    """7 → 8 → 9; a long journey keeps both ends: 7 → 8 → … → 10."""
    shown = [str(v) for v in values]
    if len(shown) > 2 * keep + 1:
        shown = [*shown[:keep], "\u2026", *shown[-keep:]]
    return "\u2192".join(shown)


def _nights_list(nights: Sequence[int], keep: int = 12) -> str:
    shown = [str(n) for n in nights[:keep]]
    if len(nights) > keep:
        shown.append("\u2026")
    return ", ".join(shown)


def _rows(j: JourneyFacts, keep: int, narrow: bool) -> list[list[str]]:
    return [
        [
            r.name,
            f"{r.rested}/{j.nights}",
            _path(r.hp, keep),
            _path(r.exhaustion, keep),
            str(r.lost),
            *([] if narrow else [str(r.surprised)]),
        ]
        for r in j.rows
    ]


def _stacked(j: JourneyFacts, t: Catalogue) -> RenderableType:
    blocks = []
    for r in j.rows:
        lines: list[list[Field]] = [
            [(t("col.rested"), f"{r.rested}/{j.nights}"), (t("col.lost"), str(r.lost))],
            [(t("col.hp_path"), _path(r.hp, 3))],
            [(t("col.exhaustion_path"), _path(r.exhaustion, 3))],
            [(t("col.surprised"), str(r.surprised))],
        ]
        blocks.append((r.name, lines))
    return stacked(blocks)


def _headings(t: Catalogue, narrow: bool) -> list[str]:
    return [
        t("col.character"),
        t("col.rested"),
        t("col.hp_path"),
        t("abbr.exhaustion") if narrow else t("col.exhaustion_path"),
        t("col.lost"),
        *([] if narrow else [t("col.surprised")]),
    ]


def _table(j: JourneyFacts, t: Catalogue, width: int) -> RenderableType:
    """The widest table that cuts nothing: a long journey's HP and exhaustion paths show
    fewer nights at each end (never fewer than two) until it fits, the last headings
    wrapping between words; then without the surprises column; else a block per
    character."""
    for narrow in (False, True):
        headers = _headings(t, narrow)
        wraps = [False] * 4 + [True] * (len(headers) - 4)
        for keep in (5, 4, 3, 2):
            rows = _rows(j, keep, narrow)
            if fits_wrapped([headers, *rows], width, wraps):
                return _build(headers, rows, wraps)
    return _stacked(j, t)


def _build(headers: list[str], rows: list[list[str]], wraps: list[bool]) -> RenderableType:
    tab = plain_table()
    for k, (h, wrap) in enumerate(zip(headers, wraps, strict=True)):
        tab.add_column(
            h,
            style="bold" if k == 0 else "",
            justify="right" if k in (1, 4, 5) else "left",
            no_wrap=not wrap,
            min_width=min_words([h, *(r[k] for r in rows)]) if wrap else None,
        )
    for row in rows:
        tab.add_row(*row)
    return tab


def attacked_text(j: JourneyFacts, t: Catalogue) -> str:
    """The nights with an encounter (the page's journey section too)."""
    if not j.attacked:
        return t("journey.never_attacked")
    return t("journey.attacked", count=len(j.attacked), nights=_nights_list(j.attacked))


def render(j: JourneyFacts, t: Catalogue) -> RenderableType:
    return Group(
        Rule(Text(t("journey.title", nights=j.nights), style="bold"), align="left"),
        Responsive(lambda width: _table(j, t, width)),
        Text(attacked_text(j, t)),
    )
