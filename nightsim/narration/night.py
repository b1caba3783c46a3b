"""The night told at the table: a pure function from typed events to rich renderables.

`narrate(events)` yields `Block`s in reading order, one night at a time (so a long journey
streams): the header, then per night its title, the evening, each hour of the rest period,
the encounter panel right after the hour it happened in, the timeline strip and the morning
table; after the last night of a journey, the journey's summary. Nothing is printed here:
the CLI prints the blocks to a console (and, with --step, waits between the hours).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from nightsim import events as ev
from nightsim.codes import Purpose
from nightsim.narration import strip
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.widgets import NARROW, Responsive, emphasise, plain_table, signed

Kind = Literal["header", "night", "evening", "hour", "encounter", "strip", "morning", "journey"]
MIN_SLEEP = 6 * 60  # rules.md 5: under 6 hours asleep, no full rest


@dataclass(frozen=True)
class Block:
    """One piece of the narration; `kind` lets the CLI pause between hours (--step)."""

    kind: Kind
    body: RenderableType


# --- small formatting helpers ---------------------------------------------------------------


def _target(target: str) -> str:
    if target.startswith(">= "):
        return "\u2265" + target[3:]
    if target.startswith("<= "):
        return "\u2264" + target[3:]
    return target


def roll_text(r: ev.Roll, t: Catalogue, *, purpose: bool = True, target: bool = True) -> str:
    """`WIS check 1d6 [3]+1 = 4 vs ≥4`: the die, its faces, the modifier, total and target."""
    faces = "+".join(str(f) for f in r.faces)
    body = f"{r.dice} [{faces}]"
    if r.mod:
        body += f"{signed(r.mod)} = {r.total}"
    if r.target and target:
        key = "roll.vs" if r.target[0] in "<>" else "roll.on"
        body += t(key, target=_target(r.target))
    if purpose and r.purpose:
        return f"{t.term('roll', r.purpose)} {body}"
    return body


def rolls_text(rolls: Sequence[ev.Roll], t: Catalogue) -> str:
    return "; ".join(roll_text(r, t) for r in rolls)


def _check_text(check: ev.MonsterChecked, t: Catalogue) -> str:
    """The monster check's die without its label (the sentence names it), then the minute."""
    first, *rest = check.rolls
    return "; ".join([roll_text(first, t, purpose=False), *(roll_text(r, t) for r in rest)])


def _line(text: str, rolls: Sequence[ev.Roll], t: Catalogue, names: Sequence[str]) -> Text:
    out = emphasise(Text(text), names)
    if rolls:
        out.append("  (" + rolls_text(rolls, t) + ")", style="dim")
    return out


def _styled(text: Text, style: str) -> Text:
    text.stylize(style)
    return text


def _path(values: Sequence[int], keep: int = 5) -> str:
    """7 → 8 → 9; a long journey keeps both ends: 7 → 8 → … → 10."""
    shown = [str(v) for v in values]
    if len(shown) > 2 * keep + 1:
        shown = [*shown[:keep], "\u2026", *shown[-keep:]]
    return "\u2192".join(shown)


# --- context carried across the log ---------------------------------------------------------


@dataclass
class _Journey:
    """What the journey summary needs, gathered night by night (small per night)."""

    nights: int = 0
    rested: dict[str, int] = field(default_factory=dict)
    hp: dict[str, list[int]] = field(default_factory=dict)
    exhaustion: dict[str, list[int]] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    surprised: dict[str, int] = field(default_factory=dict)
    attacked: list[int] = field(default_factory=list)


@dataclass
class _Context:
    t: Catalogue
    quiet: bool
    names: list[str] = field(default_factory=list)
    party: dict[str, dict[str, Any]] = field(default_factory=dict)
    exhaustion: dict[str, int] = field(default_factory=dict)
    total_nights: int = 1
    journey: _Journey = field(default_factory=_Journey)
    check: ev.MonsterChecked | None = None  # the night's wandering-monster check, once told
    # Each shift's dozing roll, held back until the shift is over (see _night_line).
    doze_rolls: dict[int, tuple[str, list[ev.Roll]]] = field(default_factory=dict)
    dozer: str | None = None  # who dozed off on watch tonight (they may miss their own shift)


# --- the header -------------------------------------------------------------------------------


def _bedding(c: dict[str, Any], t: Catalogue) -> str:
    parts = [t("header.bedroll")] if c.get("bedroll") else []
    if c.get("tent"):
        parts.append(t("header.tent"))
    return " + ".join(parts) if parts else t("header.no_bedding")


def _header(h: ev.NightHeader, ctx: _Context) -> RenderableType:
    t, cfg, res = ctx.t, h.config, h.resolved
    camp = cfg.get("camp", {})
    party = cfg.get("party", [])
    lines: list[RenderableType] = []
    if "terrain" in camp:
        where = t(
            "header.terrain",
            terrain=t.term("terrain", camp["terrain"]),
            chance=res["encounter_chance"],
        )
    else:
        where = t("header.chance", chance=res["encounter_chance"])
    season = t.term("season", res["season"])
    when = (
        t("header.season_month", season=season, month=camp["month"])
        if "month" in camp
        else t("header.season", season=season)
    )
    weather = camp.get("weather")
    wood = t(
        "header.weather",
        weather=t.term("weather", weather) if weather else t("header.weather_custom"),
        mod=signed(res["firewood_modifier"]) or "0",
    )
    if not camp.get("fire_starter", True):
        fire = t("header.fire_no_starter")
    elif camp.get("fire_chance", 6) >= 6:
        fire = t("header.fire_auto")
    else:
        fire = t("header.fire_chance", chance=camp["fire_chance"])
    carried = camp.get("carried_firewood_hours", 0)
    if carried:
        fire += " " + t("header.carried", hours=f"{carried:g}")
    shifts = res.get("shifts", [])
    rota = (
        ", ".join(f"{s['actor']} {s['from']}\u2013{s['to']}" for s in shifts)
        if shifts
        else t("header.no_watch")
    )
    for text in (
        where,
        when + " \u00b7 " + wood,
        fire,
        t("header.rest", start=res["rest_from"], end=res["rest_to"], rota=rota),
    ):
        lines.append(emphasise(Text(text), ctx.names))

    def party_table(width: int) -> RenderableType:
        narrow = width < NARROW
        tab = plain_table()
        tab.add_column(t("col.character"), no_wrap=True, style="bold")
        tab.add_column(t("abbr.con"), justify="right")
        if not narrow:
            tab.add_column(t("abbr.wis"), justify="right")
            tab.add_column(t("abbr.cha"), justify="right")
        tab.add_column(t("col.hp"), justify="right")
        if not narrow:
            tab.add_column(t("col.save_doom"), justify="right")
        tab.add_column(t("col.bedding"), no_wrap=not narrow)
        tab.add_column(t("col.spells"))
        for c in party:
            row = [c["name"], str(c["con"])]
            if not narrow:
                row += [str(c["wis"]), str(c["cha"])]
            row.append(f"{c['hp']}/{c['max_hp']}")
            if not narrow:
                row.append(str(c["save_doom"]))
            row.append(_bedding(c, t))
            row.append(", ".join(c.get("spells", [])) or "\u2014")
            tab.add_row(*row)
        return tab

    title = t("header.title", seed=repr(h.seed) if isinstance(h.seed, str) else h.seed)
    if h.nights > 1:
        title += " \u00b7 " + t("header.journey", nights=h.nights)
    return Panel(
        Group(*lines, Responsive(party_table)),
        title=Text(title, style="bold"),
        title_align="left",
        box=box.ROUNDED,
    )


# --- the evening ----------------------------------------------------------------------------


def _evening_line(e: ev.Event, ctx: _Context) -> Text | None:
    t, names = ctx.t, ctx.names
    match e:
        case ev.SitePrepared():
            key = "evening.site_one" if len(e.actors) == 1 else "evening.site_many"
            return _line(t(key, actors=t.names(e.actors)), [], t, names)
        case ev.FirewoodGathered():
            return _line(t("evening.firewood", actor=e.actor, hours=e.hours), e.rolls, t, names)
        case ev.WaterFetched():
            return _line(t("evening.water", actor=e.actor), [], t, names)
        case ev.FireLit():
            return _line(
                t("evening.fire_lit", hours=f"{e.hours:g}", until=e.until), e.rolls, t, names
            )
        case ev.FireNotLit():
            return _line(
                t("evening.fire_not_lit", reason=t.term("reason", e.reason)), e.rolls, t, names
            )
        case ev.MealCooked():
            eaters = t("word.everyone") if set(e.eaters) >= set(names) else t.names(e.eaters)
            return _line(
                t(f"evening.meal_{e.outcome}", actor=e.actor, eaters=eaters), e.rolls, t, names
            )
        case ev.MealNotCooked():
            return _line(
                t("evening.meal_not_cooked", actor=e.actor, reason=t.term("reason", e.reason)),
                [],
                t,
                names,
            )
        case ev.CampEntertained():
            return _line(t(f"evening.mood_{e.outcome}", actor=e.actor), e.rolls, t, names)
        case _:
            return None


def _timed(rows: Sequence[tuple[str, Text]]) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    for clock, text in rows:
        grid.add_row(clock, text)
    return grid


# --- the night hour by hour -----------------------------------------------------------------


def _night_line(e: ev.Event, ctx: _Context) -> Text | None:
    t, names = ctx.t, ctx.names
    match e:
        case ev.RestBegan():
            text = t("night.rest_began", until=e.until)
            if not e.shifts:
                text += " " + t("night.no_watch")
            elif e.unwatched_from:
                text += " " + t("night.unwatched_from", clock=e.unwatched_from)
            return _line(text, [], t, names)
        case ev.WatchBegan():
            # A shift's dozing roll is told when the shift is over (hand-over, doze, end, or
            # dawn), not when it starts: a 1 told at 21:00 would give away the doze at 21:47.
            # A watcher standing two shifts in a row has no hand-over: the earlier shift's
            # roll is told here.
            earlier = [s for s in ctx.doze_rolls if s < e.shift]
            shown = [r for s in earlier for r in ctx.doze_rolls.pop(s)[1]]
            if e.rolls:
                ctx.doze_rolls[e.shift] = (e.actor, list(e.rolls))
            key = "night.watch_resumed" if e.resumed else "night.watch_began"
            return _line(t(key, actor=e.actor, until=e.until), shown, t, names)
        case ev.WatchHandedOver():
            rolls = ctx.doze_rolls.pop(e.shift, ("", []))[1]
            return _line(t("night.handed_over", actor=e.actor, to=e.to), rolls, t, names)
        case ev.WatchDozed():
            ctx.dozer = e.actor
            rolls = ctx.doze_rolls.pop(e.shift, ("", []))[1]
            return _styled(_line(t("night.dozed", actor=e.actor), rolls, t, names), "bold red")
        case ev.WatchMissed():
            key = "night.missed_self" if e.actor == ctx.dozer else "night.missed"
            return _styled(_line(t(key, actor=e.actor), [], t, names), "red")
        case ev.WatchEnded():
            rolls = ctx.doze_rolls.pop(e.shift, ("", []))[1]
            return _styled(_line(t("night.watch_ended", actor=e.actor), rolls, t, names), "yellow")
        case ev.FireOut():
            return _line(t("night.fire_out"), [], t, names)
        case ev.MonsterChecked():
            # The outcome stays behind the screen until the monster comes or dawn breaks:
            # told hour by hour (--step), the night keeps its suspense. The log has the roll.
            return _line(t("night.monster_check", chance=e.chance), [], t, names)
        case ev.MonsterArrived():
            return _styled(_line(t("night.arrived"), [], t, names), "bold red")
        case ev.CampWoke():
            return _line(t("night.woke"), [], t, names)
        case ev.CampSettled():
            key = "night.settled" if e.on_watch else "night.settled_no_watch"
            return _line(t(key, actor=e.on_watch or ""), [], t, names)
        case _:
            return None


def _hour(passed: ev.HourPassed, inside: Sequence[ev.Event], start: str, ctx: _Context) -> Group:
    t, names = ctx.t, ctx.names
    title = Text(t("hour.title", start=start, end=passed.clock, hour=passed.hour), style="bold")
    if passed.on_watch:
        watch = t("hour.on_watch", actor=passed.on_watch)
    elif passed.dozing:
        watch = t("hour.nobody_watch_dozing", names=t.names(passed.dozing))
    else:
        watch = t("hour.nobody_watch")
    title.append("  ")
    title.append(watch, style="" if passed.on_watch else "red")
    title.append(" \u00b7 " + (t("hour.fire_on") if passed.fire else t("hour.fire_off")))
    emphasise(title, names)
    who = []
    sleepers = [n for n in passed.asleep if n not in passed.dozing]
    if sleepers:
        who.append(t("hour.asleep", names=t.names(sleepers)))
    others = [n for n in passed.awake if n != passed.on_watch]
    if others:
        who.append(t("hour.awake", names=t.names(others)))
    lines: list[RenderableType] = [title]
    if who:
        lines.append(
            Padding(emphasise(Text("; ".join(who), style="dim"), names), (0, 0, 0, 2), expand=False)
        )
    rows = [(e.clock, line) for e in inside if (line := _night_line(e, ctx)) is not None]
    if rows:
        lines.append(Padding(_timed(rows), (0, 0, 0, 2), expand=False))
    return Group(*lines)


def _encounter(e: ev.MonsterArrived, ctx: _Context) -> Panel:
    t, names = ctx.t, ctx.names
    by_purpose = {r.purpose: r for r in e.rolls}
    table = t.term("table", e.table)
    lines = [
        *([t("enc.check", roll=_check_text(ctx.check, t))] if ctx.check else []),
        (
            t("enc.watch_of", actor=e.watch_of)
            if e.watch_of in e.awake
            else t("enc.watch_of_asleep", actor=e.watch_of)
        )
        if e.watch_of
        else t("enc.unwatched_hour"),
        t("enc.creature", creature=e.creature, table=table)
        if e.creature
        else t("enc.roll_table", table=table),
    ]
    dist = by_purpose.get(Purpose.DISTANCE)
    lines.append(
        t("enc.distance", ft=e.distance_ft, roll=roll_text(dist, t, purpose=False) if dist else "")
    )
    if e.awake:
        lines.append(t("enc.awake", names=t.names(e.awake)))
    else:
        lines.append(t("enc.nobody_awake"))
    lines.append(t("enc.surprised", names=t.names(e.surprised)))
    party = by_purpose.get(Purpose.PARTY_SURPRISE)
    if party is not None:
        key = "enc.party_surprised" if e.party_surprised else "enc.party_not_surprised"
        lines.append(t(key, roll=roll_text(party, t, purpose=False)))
    monster = by_purpose.get(Purpose.MONSTER_SURPRISE)
    key = "enc.monster_surprised" if e.monster_surprised else "enc.monster_not_surprised"
    lines.append(t(key, roll=roll_text(monster, t, purpose=False) if monster else ""))
    body = Table.grid(padding=(0, 1))
    body.add_column(no_wrap=True)
    body.add_column()
    for line in lines:
        body.add_row("\u2022", emphasise(Text(line), names))
    return Panel(
        body,
        title=Text(t("enc.title", clock=e.clock), style="bold red"),
        title_align="left",
        border_style="red",
        box=box.HEAVY,
    )


# --- the morning ----------------------------------------------------------------------------


@dataclass
class _Morning:
    rest: ev.RestChecked
    woke: ev.CharacterWoke | None = None
    spells: list[tuple[str, bool, list[ev.Roll]]] = field(default_factory=list)


def _rest_reason(r: ev.RestChecked) -> str:
    # Derived from the fields, not from the English `reason`, so each language says it its way.
    if r.slept_minutes < MIN_SLEEP:
        return "short"
    if r.rolls:
        return "check_passed" if r.full_rest else "check_failed"
    if r.full_rest:
        return "easy" if r.difficulty == "easy" else "quick"
    return "impossible"


def _morning(
    rows: Sequence[_Morning], summary: ev.NightSummary | None, ctx: _Context
) -> RenderableType:
    t, names = ctx.t, ctx.names
    before = dict(ctx.exhaustion)

    def table(width: int) -> RenderableType:
        narrow = width < NARROW
        tab = plain_table()
        tab.add_column(t("col.character"), style="bold", no_wrap=not narrow)
        tab.add_column(t("col.slept"), justify="right", no_wrap=True)
        tab.add_column(t("col.night"), no_wrap=True)
        if not narrow:
            tab.add_column(t("col.check"), no_wrap=True)
        tab.add_column(t("abbr.rest") if narrow else t("col.rest"), no_wrap=not narrow)
        tab.add_column(t("col.hp"), justify="right", no_wrap=True)
        tab.add_column(
            t("abbr.exhaustion") if narrow else t("col.exhaustion"), justify="right", no_wrap=True
        )
        for m in rows:
            r = m.rest
            check = roll_text(r.rolls[0], t, purpose=False) if r.rolls else "\u2014"
            mark = "\u2713 " if r.full_rest else "\u2717 "
            reason = _rest_reason(r)
            if narrow and r.rolls:
                roll = r.rolls[0]
                faces = "+".join(str(f) for f in roll.faces)
                verdict = f"[{faces}]{signed(roll.mod)}={roll.total}"
            elif narrow and reason == "short":
                verdict = t("rest.short_abbr")
            else:
                verdict = t("rest." + reason)
            rest = Text(mark + verdict, style="green" if r.full_rest else "red")
            hp = f"{m.woke.hp_before} \u2192 {m.woke.hp}" if m.woke else "?"
            exh_after = m.woke.exhaustion if m.woke else 0
            exh_before = before.get(r.actor)
            exh = (
                f"{exh_before} \u2192 {exh_after}"
                if exh_before is not None and exh_before != exh_after
                else str(exh_after)
            )
            cells: list[RenderableType] = [
                r.actor,
                t.hm(r.slept_minutes),
                t.term("difficulty", r.difficulty),
            ]
            if not narrow:
                cells.append(check)
            cells += [rest, hp, exh]
            tab.add_row(*cells)
        return tab

    parts: list[RenderableType] = [Responsive(table)]
    notes: list[Text] = []
    for m in rows:
        if not m.spells:
            continue
        text = Text(t("morning.spells", actor=m.rest.actor) + " ")
        for i, (spell, ok, rolls) in enumerate(m.spells):
            if i:
                text.append(", ")
            text.append(
                ("\u2713 " if ok else "\u2717 ") + spell, style="green" if ok else "bold red"
            )
            if rolls:
                text.append(
                    " (" + roll_text(rolls[0], t, purpose=False, target=False) + ")", style="dim"
                )
        if m.rest.interrupted or not m.rest.full_rest:
            why = "interrupted" if m.rest.full_rest else "unrested"
            text.append("  " + t("morning.spell_risk_" + why), style="dim")
        notes.append(emphasise(text, names))
    for actor, rolls in ctx.doze_rolls.values():  # shifts that ran to dawn awake
        notes.append(Text(t("morning.watch_held", actor=actor, roll=rolls_text(rolls, t))))
    ctx.doze_rolls = {}
    ctx.dozer = None
    if summary is not None:
        fire = summary.fire
        if not fire.lit:
            notes.append(Text(t("morning.fire_unlit")))
        elif fire.lasted:
            notes.append(Text(t("morning.fire_lasted")))
        else:
            key = "morning.fire_out_warm" if fire.warmed else "morning.fire_out_cold"
            notes.append(Text(t(key, clock=fire.out_at)))
        if summary.rota_broken_at:
            notes.append(Text(t("morning.rota_broken", clock=summary.rota_broken_at), style="red"))
        if summary.encounter is None:
            roll = _check_text(ctx.check, t) if ctx.check is not None else ""
            notes.append(Text(t("morning.no_encounter", roll=roll)))
    return Group(*parts, *notes)


# --- the journey ----------------------------------------------------------------------------


def _gather(j: _Journey, s: ev.NightSummary, ctx: _Context, hp_before: dict[str, int]) -> None:
    j.nights += 1
    if s.encounter is not None:
        j.attacked.append(s.night)
    for c in s.characters:
        if c.name not in j.hp:
            j.hp[c.name] = [hp_before.get(c.name, c.hp)]
            j.exhaustion[c.name] = [ctx.exhaustion.get(c.name, 0)]
        j.hp[c.name].append(c.hp)
        j.exhaustion[c.name].append(c.exhaustion)
        j.rested[c.name] = j.rested.get(c.name, 0) + int(c.full_rest)
        j.lost[c.name] = j.lost.get(c.name, 0) + len(c.spells_lost)
        j.surprised[c.name] = j.surprised.get(c.name, 0) + int(c.surprised)


def _journey(j: _Journey, ctx: _Context) -> RenderableType:
    t = ctx.t

    def table(width: int) -> RenderableType:
        narrow = width < NARROW
        headers = [
            t("col.character"),
            t("col.rested"),
            t("col.hp_path"),
            t("abbr.exhaustion") if narrow else t("col.exhaustion_path"),
            t("col.lost"),
            *([] if narrow else [t("col.surprised")]),
        ]

        def rows(keep: int) -> list[list[str]]:
            return [
                [
                    name,
                    f"{j.rested[name]}/{j.nights}",
                    _path(j.hp[name], keep),
                    _path(j.exhaustion[name], keep),
                    str(j.lost[name]),
                    *([] if narrow else [str(j.surprised[name])]),
                ]
                for name in j.hp
            ]

        def needed(body: list[list[str]]) -> int:
            cols = zip(headers, *body, strict=False)
            return sum(max(cell_len(c) for c in col) + 1 for col in cols)

        # A long journey's HP and exhaustion paths show fewer nights at each end until the
        # table fits, so names and headers are never squeezed into "Charact…".
        keep = 4
        while keep > 1 and needed(rows(keep)) > width:
            keep -= 1
        tab = plain_table()
        tab.add_column(headers[0], style="bold", no_wrap=True)
        tab.add_column(headers[1], justify="right", no_wrap=True)
        tab.add_column(headers[2], no_wrap=True)
        tab.add_column(headers[3], no_wrap=True)
        for h in headers[4:]:
            tab.add_column(h, justify="right")
        for row in rows(keep):
            tab.add_row(*row)
        return tab

    attacked = (
        t("journey.attacked", count=len(j.attacked), nights=_nights_list(j.attacked))
        if j.attacked
        else t("journey.never_attacked")
    )
    return Group(
        Rule(Text(t("journey.title", nights=j.nights), style="bold"), align="left"),
        Responsive(table),
        Text(attacked),
    )


def _nights_list(nights: Sequence[int], keep: int = 12) -> str:
    shown = [str(n) for n in nights[:keep]]
    if len(nights) > keep:
        shown.append("\u2026")
    return ", ".join(shown)


def _strip(tr: strip.Track, t: Catalogue, width: int) -> RenderableType:
    return strip.render(tr, width, t)


# --- one night ------------------------------------------------------------------------------


def _night(night: Sequence[ev.Event], ctx: _Context) -> Iterator[Block]:
    t, quiet = ctx.t, ctx.quiet
    began = next((e for e in night if isinstance(e, ev.NightBegan)), None)
    summary = next((e for e in night if isinstance(e, ev.NightSummary)), None)
    if not ctx.names:
        ctx.names = [e.actor for e in night if isinstance(e, ev.RestChecked)]
    number = began.night if began else 1
    ctx.check = next((e for e in night if isinstance(e, ev.MonsterChecked)), None)
    ctx.doze_rolls = {}
    if began is not None and not quiet:
        season = t.term("season", began.season)
        if began.month and began.day:
            when = t("night.date", day=began.day, month=began.month, season=season)
        elif began.month:
            when = t("night.month", month=began.month, season=season)
        else:
            when = season
        yield Block("night", Rule(Text(t("night.title", night=number, when=when), style="bold")))
    # Split the night: evening (before rest), hours (split on each strike), morning.
    evening: list[ev.Event] = []
    hours: list[tuple[ev.HourPassed, list[ev.Event]]] = []
    pending: list[ev.Event] = []
    morning: list[_Morning] = []
    resting = False
    for e in night:
        if isinstance(e, ev.RestBegan):
            resting = True
        if isinstance(e, ev.RestChecked):
            morning.append(_Morning(e))
        elif isinstance(e, ev.CharacterWoke) and morning:
            morning[-1].woke = e
        elif isinstance(e, ev.SpellPrepared | ev.SpellLost) and morning:
            morning[-1].spells.append((e.spell, isinstance(e, ev.SpellPrepared), e.rolls))
        elif isinstance(e, ev.HourPassed):
            hours.append((e, pending))
            pending = []
        elif not resting:
            evening.append(e)
        elif not morning and not isinstance(e, ev.NightSummary):
            pending.append(e)
    if pending and hours:  # what happened at dawn, after the last strike, joins the last hour
        hours[-1][1].extend(pending)
    if not quiet:
        rows = [(e.clock, line) for e in evening if (line := _evening_line(e, ctx)) is not None]
        yield Block(
            "evening",
            Group(
                Text(t("evening.title"), style="bold underline"),
                Padding(_timed(rows), (0, 0, 0, 2), expand=False),
            ),
        )
        yield Block("hour", Text(t("night.hours_title"), style="bold underline"))
    start = next((e.clock for e in night if isinstance(e, ev.RestBegan)), "")
    for passed, inside in hours:
        if not quiet:
            yield Block("hour", _hour(passed, inside, start, ctx))
        start = passed.clock
        for e in inside:
            if isinstance(e, ev.MonsterArrived):
                yield Block("encounter", _encounter(e, ctx))
    if not quiet:
        tr = strip.track(night, ctx.names)
        if tr is not None:
            yield Block(
                "strip",
                Group(
                    Text(t("strip.title"), style="bold underline"),
                    Responsive(functools.partial(_strip, tr, t)),
                ),
            )
    title = t("morning.title", night=number, clock=morning[0].rest.clock if morning else "")
    yield Block(
        "morning",
        Group(Text(title, style="bold underline"), _morning(morning, summary, ctx)),
    )
    hp_before = {m.rest.actor: m.woke.hp_before for m in morning if m.woke}
    if summary is not None:
        _gather(ctx.journey, summary, ctx, hp_before)
        ctx.exhaustion = {c.name: c.exhaustion for c in summary.characters}


def narrate(
    events: Iterable[ev.Event], *, lang: str = "en", quiet: bool = False
) -> Iterator[Block]:
    """The narration of a log's events, block by block; one night is held at a time."""
    ctx = _Context(Catalogue(lang), quiet)
    night: list[ev.Event] = []
    for e in events:
        if isinstance(e, ev.NightHeader):
            ctx.party = {c["name"]: c for c in e.config.get("party", [])}
            ctx.names = list(ctx.party)
            ctx.exhaustion = {n: int(c.get("exhaustion", 0)) for n, c in ctx.party.items()}
            ctx.total_nights = e.nights
            if not quiet:
                yield Block("header", _header(e, ctx))
            continue
        night.append(e)
        if isinstance(e, ev.NightSummary):
            yield from _night(night, ctx)
            night = []
    if night:  # a log cut short: tell what there is
        yield from _night(night, ctx)
    if ctx.journey.nights > 1:
        yield Block("journey", _journey(ctx.journey, ctx))
