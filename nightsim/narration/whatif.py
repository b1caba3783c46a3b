"""What if, told: the logged night and the changed one side by side (reads a `Comparison`).

`words(comparison, t)` puts the comparison in one language as plain rows (`Told`), which
both the terminal (`render`, rich) and the page (`nightsim.page.whatif`) draw, so the two
say the same thing in the same words. A cell that differs from the log is marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, assert_never

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from nightsim import events as ev
from nightsim.log.whatif import CharacterRow, Comparison, NightComparison, Parting
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.evening import evening_line, title_text
from nightsim.narration.facts import EncounterFacts, EveningEvent, NightTitle, line_of
from nightsim.narration.hours import night_line
from nightsim.narration.night import head_lines
from nightsim.narration.widgets import (
    NARROW,
    Responsive,
    emphasise,
    indented,
    line,
    plain_table,
    roll_text,
)

# The mark of a cell that differs from the log (the legend says so, in either language).
MARK = "*"


class ToldRow(NamedTuple):
    """One line of a side-by-side table: its label(s), then the logged and changed cells."""

    labels: tuple[str, ...]
    logged: str
    changed: str
    differs: bool


class PartingTold(NamedTuple):
    """The first parting, told: its heading, then what happened in each night."""

    heading: str
    logged: Text
    changed: Text


class NightTold(NamedTuple):
    title: str
    parting: PartingTold | None  # None: `same` says the nights do not differ
    encounter: tuple[ToldRow, ...]  # empty: no monster in either night
    dawn: tuple[ToldRow, ...]


class Told(NamedTuple):
    title: str
    lines: tuple[str, ...]  # the verified log, the change
    logged: str  # the two columns' headings
    changed: str
    journey: tuple[tuple[str, ...], ...]  # a journey's rows (night, differs, …); () for a night
    journey_heads: tuple[str, ...]
    journey_lines: tuple[str, ...]
    night: NightTold | None
    names: tuple[str, ...]
    t: Catalogue


# --- an event in a sentence -------------------------------------------------------------------


def _watchers(e: ev.HourPassed, t: Catalogue) -> str:
    return t.listing([w.actor for w in e.watch]) if e.watch else t("word.nobody")


# The events the night's hour lines do not tell on their own (the rest are evening lines or
# the hour's lines, `facts.line_of`).
Sentenced = (
    ev.MonsterArrived
    | ev.HourPassed
    | ev.RestChecked
    | ev.CharacterWoke
    | ev.SpellPrepared
    | ev.SpellLost
    | ev.NightBegan
    | ev.NightSummary
)


def _sentence(e: Sentenced, t: Catalogue) -> str:
    match e:
        case ev.MonsterArrived():
            if e.creature:
                return t("whatif.ev.arrived", creature=t.creature(e.creature), ft=e.distance_ft)
            return t("whatif.ev.arrived_unknown", ft=e.distance_ft)
        case ev.HourPassed():
            return t("whatif.ev.hour", hour=e.hour, watch=_watchers(e, t))
        case ev.RestChecked():
            key = "whatif.ev.rest_full" if e.full_rest else "whatif.ev.rest_not"
            return t(key, actor=e.actor, slept=t.hm(e.slept_minutes))
        case ev.CharacterWoke():
            return t("whatif.ev.woke", actor=e.actor, hp=e.hp, exhaustion=e.exhaustion)
        case ev.SpellPrepared():
            return t("whatif.ev.spell_prepared", actor=e.actor, spell=t.spell(e.spell))
        case ev.SpellLost():
            return t("whatif.ev.spell_lost", actor=e.actor, spell=t.spell(e.spell))
        case ev.NightBegan():
            return title_text(NightTitle(e.night, e.season, e.month, e.day), t)
        case ev.NightSummary():
            return t("whatif.ev.summary")
        case _:
            assert_never(e)


def event_text(e: ev.Event | None, t: Catalogue, names: Sequence[str]) -> Text:
    """What happened, in a sentence with its clock and its rolls (all told: the night is
    over, nothing is behind the screen any more)."""
    if e is None:
        return Text(t("whatif.nothing"), style="dim")
    if isinstance(e, EveningEvent):
        body = evening_line(e, t, names)
    elif isinstance(e, Sentenced):
        body = line(_sentence(e, t), getattr(e, "rolls", ()), t, names)
    elif (told := line_of(e)) is not None:
        body = night_line(told, t, names)
        rolls = getattr(e, "rolls", ())
        if rolls:
            body.append_text(line("", rolls, t, ()))
    else:  # pragma: no cover - every event type is told above
        body = Text(e.type)
    return Text(f"{e.clock}  ", style="cyan") + body


def said(p: Parting, t: Catalogue, names: Sequence[str]) -> PartingTold:
    return PartingTold(
        t("whatif.parting", clock=p.clock),
        event_text(p.logged, t, names),
        event_text(p.changed, t, names),
    )


# --- the tables -------------------------------------------------------------------------------


def _watch(e: EncounterFacts, t: Catalogue) -> str:
    if not e.watch_of:
        return t("whatif.watch_none")
    key = "whatif.watch_awake" if e.watcher_awake else "whatif.watch_asleep"
    return t(key, actor=e.watch_of)


def _surprise_roll(roll: ev.Roll | None, surprised: bool, t: Catalogue) -> str:
    if roll is None:
        return t("whatif.roll_nobody")
    key = "whatif.roll_surprised" if surprised else "whatif.roll_not_surprised"
    # The cell says the outcome after the die: no target beside it ("1d6 [6]: not surprised").
    return t(key, roll=roll_text(roll, t, purpose=False, target=False))


def _surprised(e: EncounterFacts, t: Catalogue) -> str:
    """Who was surprised; those awake among them by the party's roll, which is said, so that
    "awake" beside "surprised" is not a contradiction (docs/rules.md §4)."""
    if not e.surprised:
        return t("whatif.none")
    awake = [n for n in e.surprised if n in e.awake]
    if not awake:
        return t.names(e.surprised)
    return t("whatif.surprised_awake", names=t.names(e.surprised), awake=t.names(awake))


def _encounter_cells(e: EncounterFacts | None, t: Catalogue) -> tuple[str, ...]:
    if e is None:
        return (t("whatif.no_monster"), *[t("whatif.none")] * (len(_ENCOUNTER_ROWS) - 1))
    return (
        e.clock,
        t.creature(e.creature) if e.creature else t.code(e.table),
        _watch(e, t),
        t.names(e.awake),
        _surprised(e, t),
        _surprise_roll(e.party_roll, e.party_surprised, t),
        _surprise_roll(e.monster_roll, e.monster_surprised, t),
        t.count("foot", e.distance_ft),
    )


_ENCOUNTER_ROWS = (
    "clock",
    "creature",
    "watch",
    "awake",
    "surprised",
    "party_roll",
    "monster_roll",
    "distance",
)


def encounter_rows(n: NightComparison, t: Catalogue) -> tuple[ToldRow, ...]:
    if n.logged is None and n.changed is None:
        return ()
    a, b = _encounter_cells(n.logged, t), _encounter_cells(n.changed, t)
    return tuple(
        ToldRow((t("whatif.row." + key),), x, y, x != y)
        for key, x, y in zip(_ENCOUNTER_ROWS, a, b, strict=True)
    )


def _spells(c: ev.CharacterSummary, t: Catalogue) -> str:
    shown = [
        *map(t.spell, c.spells_prepared),
        *(t("whatif.spell_lost", spell=t.spell(s)) for s in c.spells_lost),
    ]
    return ", ".join(shown) if shown else t("whatif.none")


def _measure(c: ev.CharacterSummary | None, measure: str, t: Catalogue) -> str:
    if c is None:
        return t("whatif.none")
    if measure == "spells":
        return _spells(c, t)
    value = getattr(c, measure)
    if isinstance(value, bool):
        return t("word.yes") if value else t("word.no")
    return t.hm(value) if measure == "slept_minutes" else str(value)


def _character(r: CharacterRow, t: Catalogue, encounter: bool) -> list[ToldRow]:
    measures = ["full_rest", "slept_minutes", "hp", "exhaustion"]
    if encounter:
        measures.append("surprised")
    sides = [c for c in (r.logged, r.changed) if c is not None]
    if any(c.spells_prepared or c.spells_lost for c in sides):
        measures.append("spells")
    rows = []
    for k, m in enumerate(measures):
        differs = m in r.differs or (
            m == "spells" and bool({"spells_prepared", "spells_lost"} & set(r.differs))
        )
        name = r.name if k == 0 else ""
        a, b = _measure(r.logged, m, t), _measure(r.changed, m, t)
        rows.append(ToldRow((name, t("whatif.m." + m)), a, b, differs))
    return rows


def dawn_rows(n: NightComparison, t: Catalogue) -> tuple[ToldRow, ...]:
    encounter = n.logged is not None or n.changed is not None
    return tuple(row for r in n.characters for row in _character(r, t, encounter))


def _enc_cell(e: EncounterFacts | None, t: Catalogue) -> str:
    if e is None:
        return t("whatif.none")
    return t("whatif.enc_cell", clock=e.clock, count=len(e.surprised))


def journey_rows(c: Comparison, t: Catalogue) -> tuple[tuple[str, ...], ...]:
    of = len(c.by_night[0].characters) if c.by_night else 0
    return tuple(
        (
            str(n.night),
            t("word.yes") if n.differs else t("word.no"),
            _enc_cell(n.logged, t),
            _enc_cell(n.changed, t),
            f"{n.full_rests('logged')}/{of}",
            f"{n.full_rests('changed')}/{of}",
        )
        for n in c.by_night
    )


def _journey_lines(c: Comparison, t: Catalogue) -> tuple[str, ...]:
    if c.parting is None:
        return (t("whatif.journey_same"),)
    differ = ", ".join(str(n.night) for n in c.by_night if n.differs)
    parts = t("whatif.journey_parts", night=c.parting.night, clock=c.parting.clock, nights=differ)
    return (parts, t("whatif.journey_hint", nights=c.nights))


def words(c: Comparison, t: Catalogue) -> Told:
    """The comparison in one language, as rows both the terminal and the page draw."""
    t = t.with_pronouns(dict(c.pronouns), {name: dict(f) for name, f in c.forms})
    first = c.by_night[0] if c.by_night else None
    names = tuple(r.name for r in first.characters) if first else ()
    journey = c.nights > 1
    night: NightTold | None = None
    if (n := c.detail) is not None:
        night = NightTold(
            title=t("whatif.night", night=n.night, nights=c.nights) if journey else "",
            parting=said(n.parting, t, names) if n.parting else None,
            encounter=encounter_rows(n, t),
            dawn=dawn_rows(n, t),
        )
    head = head_lines(c.head, t) if c.head else (t("chain.head", short=t("whatif.none")),)
    lines = (
        t("whatif.verified", nights=c.nights),
        *head,
        t("whatif.change", items="; ".join(c.sets)),
    )
    return Told(
        title=t("whatif.title", seed=c.seed),
        lines=lines,
        logged=t("whatif.logged"),
        changed=t("whatif.changed"),
        journey=journey_rows(c, t) if journey and c.night is None else (),
        journey_heads=tuple(
            t(k)
            for k in (
                "col.night",
                "whatif.col.differs",
                "whatif.col.enc_logged",
                "whatif.col.enc_changed",
                "whatif.col.rests_logged",
                "whatif.col.rests_changed",
            )
        ),
        journey_lines=_journey_lines(c, t) if journey and c.night is None else (),
        night=night,
        names=names,
        t=t,
    )


# --- the terminal -----------------------------------------------------------------------------


def _side_table(rows: Sequence[ToldRow], heads: Sequence[str], told: Told) -> Table:
    tab = plain_table()
    for h in heads:
        tab.add_column(h, style="bold", no_wrap=True)
    tab.add_column(told.logged)
    tab.add_column(told.changed)
    for r in rows:
        changed = Text(r.changed, style="bold yellow" if r.differs else "")
        if r.differs:
            changed.append(" " + MARK, style="bold yellow")
        tab.add_row(*r.labels, emphasise(Text(r.logged), told.names), changed)
    return tab


def _section(title: str) -> Group:
    return Group(Text(""), Text(title, style="bold underline"))


def _night(n: NightTold, told: Told) -> list[RenderableType]:
    t = told.t
    parts: list[RenderableType] = []
    if n.title:
        parts.append(Rule(Text(n.title, style="bold")))
    parts.append(_section(t("whatif.parting_title")))
    if n.parting is None:
        parts.append(indented(Text(t("whatif.same"))))
    else:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        grid.add_row(told.logged + ":", n.parting.logged)
        grid.add_row(told.changed + ":", n.parting.changed)
        parts.extend([indented(Text(n.parting.heading)), indented(grid)])
    parts.append(_section(t("whatif.encounter_title")))
    if n.encounter:
        parts.append(indented(_side_table(n.encounter, [""], told)))
    else:
        parts.append(indented(Text(t("whatif.no_encounter_either"))))
    parts.append(_section(t("whatif.dawn_title")))
    heads = [t("col.character"), t("whatif.col.what")]
    parts.append(indented(_side_table(n.dawn, heads, told)))
    if any(r.differs for r in (*(n.encounter or ()), *n.dawn)):  # a note about no mark: none
        parts.append(Text(t("whatif.marked"), style="dim"))
    return parts


def _journey_table(told: Told, width: int) -> Table:
    tab = plain_table()
    for k, h in enumerate(told.journey_heads):
        # A wide terminal keeps each encounter on one line; a narrow one wraps it instead
        # of cutting it short.
        wide = k < 4 if width >= NARROW else k < 2
        if k in (0, 4, 5):
            tab.add_column(h, justify="right", no_wrap=wide, overflow="fold")
        else:
            tab.add_column(h, no_wrap=wide, overflow="fold")
    for row in told.journey:
        tab.add_row(*row)
    return tab


def _journey(told: Told) -> list[RenderableType]:
    return [
        _section(told.t("whatif.journey_title")),
        indented(Responsive(lambda width: _journey_table(told, width))),
        *(Text(s) for s in told.journey_lines),
    ]


def render(told: Told) -> RenderableType:
    parts: list[RenderableType] = [
        Rule(Text(told.title, style="bold")),
        *(Text(s) for s in told.lines),
    ]
    if told.journey:
        parts.extend(_journey(told))
    if told.night is not None:
        parts.extend(_night(told.night, told))
    return Group(*parts)
