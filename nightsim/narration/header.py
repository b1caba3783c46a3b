"""The header panel: the camp as configured and the party (reads `HeaderFacts` only)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import HeaderFacts, Member
from nightsim.narration.widgets import (
    Field,
    Responsive,
    bedding,
    emphasise,
    fits_wrapped,
    min_words,
    plain_table,
    signed,
    stacked,
)
from nightsim.view import PLAYERS


def camp_lines(h: HeaderFacts, t: Catalogue) -> list[str]:
    if h.terrain is not None:
        where = t("header.terrain", terrain=t.term("terrain", h.terrain), chance=h.chance)
    else:
        where = t("header.chance", chance=h.chance)
    season = t.term("season", h.season)
    when = (
        t("header.season_month", season=season, month=t.month(h.month))
        if h.month is not None
        else t("header.season", season=season)
    )
    wood = t(
        "header.weather",
        weather=t.term("weather", h.weather) if h.weather else t("header.weather_custom"),
        mod=signed(h.firewood_modifier) or "0",
    )
    if h.weather_by_night and h.nights > 1:
        # Each night's weather, and its own firewood modifier (docs/config.md, "Weather night
        # by night"); the night titles tell it again.
        wood = t(
            "header.weather_by_night",
            weathers=", ".join(t.term("weather", w) for w in h.weather_by_night),
        )
    if h.fire == "dark":
        fire = t("header.fire_dark")
    elif h.fire == "no_starter":
        fire = t("header.fire_no_starter")
    elif h.fire == "auto":
        fire = t("header.fire_auto")
    elif h.fire == "by_weather":
        fire = t("header.fire_by_weather", chance=h.fire_chance)
    else:
        fire = t("header.fire_chance", chance=h.fire_chance)
    if h.carried_hours:
        fire += " " + t("header.carried", hours=h.carried_hours)
    rota = (
        ", ".join(f"{s.actor} {s.start}\u2013{s.end}" for s in h.shifts)
        if h.shifts
        else t("header.no_watch")
    )
    rest = t("header.rest", start=h.rest_from, end=h.rest_to, rota=rota)
    lines = [where, when + " \u00b7 " + wood, fire, rest]
    if t.view == PLAYERS:
        # The seed's commitment, never the seed (nightsim/view.py): the players check it
        # against what the referee published, and cannot re-play the night from it.
        lines.insert(0, t("header.commitment", sha=h.commitment))
    return lines


def _stacked(h: HeaderFacts, t: Catalogue) -> RenderableType:
    blocks = []
    for c in h.party:
        lines: list[list[Field]] = [
            [(t("abbr.con"), str(c.con)), (t("abbr.wis"), str(c.wis)), (t("abbr.cha"), str(c.cha))],
            [(t("col.hp"), f"{c.hp}/{c.max_hp}"), (t("col.save_doom"), str(c.save_doom))],
            [(t("col.bedding"), bedding(c.bedroll, c.tent, t))],
        ]
        if c.spells:
            lines.append([(t("col.spells"), ", ".join(map(t.spell, c.spells)))])
        blocks.append((c.name, lines))
    return stacked(blocks)


def _headings(t: Catalogue, narrow: bool) -> list[str]:
    wide = [] if narrow else [t("abbr.wis"), t("abbr.cha")]
    doom = [] if narrow else [t("col.save_doom_wrapped")]
    return [
        t("col.character"),
        t("abbr.con"),
        *wide,
        t("col.hp"),
        *doom,
        t("col.bedding"),
        t("col.spells"),
    ]


def _row(c: Member, t: Catalogue, narrow: bool) -> list[str]:
    row = [c.name, str(c.con)]
    if not narrow:
        row += [str(c.wis), str(c.cha)]
    row.append(f"{c.hp}/{c.max_hp}")
    if not narrow:
        row.append(str(c.save_doom))
    return [*row, bedding(c.bedroll, c.tent, t), ", ".join(map(t.spell, c.spells)) or "\u2014"]


def _party(h: HeaderFacts, t: Catalogue, width: int) -> RenderableType:
    """The party as the widest table that fits with no word cut: every column whole, or the
    bedding and spells wrapping between words; then without WIS, CHA and the save; else a
    block per character."""
    for narrow in (False, True):
        rows = [_headings(t, narrow), *(_row(c, t, narrow) for c in h.party)]
        n = len(rows[0])
        for wrap in (False, True):
            wraps = [False] * (n - 2) + [wrap, True]
            if fits_wrapped(rows, width, wraps):
                return _table(rows, wraps)
    return _stacked(h, t)


def _table(rows: list[list[str]], wraps: list[bool]) -> RenderableType:
    tab = plain_table()
    for k, (heading, wrap) in enumerate(zip(rows[0], wraps, strict=True)):
        numeric = 0 < k < len(rows[0]) - 2
        tab.add_column(
            heading,
            justify="right" if numeric else "left",
            no_wrap=not wrap,
            style="bold" if k == 0 else "",
            min_width=min_words([r[k] for r in rows]) if wrap else None,
        )
    for row in rows[1:]:
        tab.add_row(*row)
    return tab


def render(h: HeaderFacts, t: Catalogue) -> RenderableType:
    # A text seed in the language's quotes ('ash' / «ash»), a number bare.
    seed = t("fmt.quoted", text=h.seed) if isinstance(h.seed, str) else h.seed
    title = t("header.title", seed=seed, sha=h.commitment)
    if h.nights > 1:
        title += " \u00b7 " + t("header.journey", nights=h.nights)

    def build(width: int) -> RenderableType:
        lines = [emphasise(Text(line), h.names) for line in camp_lines(h, t)]
        heading: Text | None = Text(title, style="bold")
        if len(title) > width - 6:
            # A title the border would cut (a long seed on a phone) goes inside, wrapped
            # whole: the seed is read out at the table and must be there to the last letter.
            lines.insert(0, Text(title, style="bold"))
            heading = None
        return Panel(
            Group(*lines, Responsive(lambda inner: _party(h, t, inner))),
            title=heading,
            title_align="left",
            box=box.ROUNDED,
        )

    return Responsive(build)
