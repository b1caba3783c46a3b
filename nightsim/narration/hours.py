"""The night hour by hour: each hour's watch, fire and sleepers, and what happened in it.

Reads `HourFacts` only: which rolls a line tells was decided in pass one (`facts.py`), so a
line here shows exactly the rolls it was given.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import (
    CheckLine,
    Happened,
    HourFacts,
    Missed,
    NightLine,
    RestLine,
    RunOn,
    Settled,
    ShiftOver,
    WatchLine,
)
from nightsim.narration.widgets import STACK, Responsive, emphasise, indented, line, styled, timed

_OVER_KEY = {
    "handed_over": "night.handed_over",
    "dozed": "night.dozed",
    "ended": "night.watch_ended",
}
_OVER_STYLE = {"handed_over": "", "dozed": "bold red", "ended": "yellow"}
_HAPPENED = {
    "fire_out": ("night.fire_out", ""),
    "arrived": ("night.arrived", "bold red"),
    "woke": ("night.woke", ""),
}


def heading(t: Catalogue) -> RenderableType:
    return Text(t("night.hours_title"), style="bold underline")


def _rest(n: RestLine, t: Catalogue) -> str:
    text = t("night.rest_began", until=n.until)
    if not n.watched:
        text += " " + t("night.no_watch")
    elif n.unwatched_from:
        text += " " + t("night.unwatched_from", clock=n.unwatched_from)
    return text


def _line(n: NightLine, t: Catalogue, names: Sequence[str]) -> Text:
    match n:
        case RestLine():
            return line(_rest(n, t), [], t, names)
        case WatchLine():
            key = "night.watch_resumed" if n.resumed else "night.watch_began"
            return line(t(key, actor=n.actor, until=n.until), n.told, t, names)
        case ShiftOver():
            text = line(t(_OVER_KEY[n.how], actor=n.actor, to=n.to), n.told, t, names)
            return styled(text, _OVER_STYLE[n.how]) if _OVER_STYLE[n.how] else text
        case Missed():
            key = "night.missed_self" if n.own_shift else "night.missed"
            return styled(line(t(key, actor=n.actor), [], t, names), "red")
        case CheckLine():
            return line(t("night.monster_check", chance=n.chance), [], t, names)
        case Happened():
            key, style = _HAPPENED[n.what]
            text = line(t(key), [], t, names)
            return styled(text, style) if style else text
        case Settled():
            key = "night.settled" if n.on_watch else "night.settled_no_watch"
            return line(t(key, actor=n.on_watch or ""), [], t, names)
        case RunOn():
            return line(t("night.rest_extended", until=n.until), [], t, names)


def _title(h: HourFacts, t: Catalogue, names: Sequence[str], width: int) -> Text:
    title = Text(t("hour.title", start=h.start, end=h.end, hour=h.number), style="bold")
    # A narrow terminal gives the watch its own line rather than wrap a name in two.
    title.append("\n  " if width < STACK else "  ")
    if h.on_watch:
        watch = t("hour.on_watch", actor=h.on_watch)
    elif h.dozing:
        watch = t("hour.nobody_watch_dozing", names=t.names(h.dozing))
    else:
        watch = t("hour.nobody_watch")
    title.append(watch, style="" if h.on_watch else "red")
    title.append(" \u00b7 " + (t("hour.fire_on") if h.fire else t("hour.fire_off")))
    return emphasise(title, names)


def render(h: HourFacts, names: Sequence[str], t: Catalogue) -> RenderableType:
    who = []
    if h.asleep:
        who.append(t("hour.asleep", names=t.names(h.asleep)))
    if h.awake:
        who.append(t("hour.awake", names=t.names(h.awake)))
    lines: list[RenderableType] = [Responsive(lambda width: _title(h, t, names, width))]
    if who:
        lines.append(indented(emphasise(Text("; ".join(who), style="dim"), names)))
    if h.lines:
        lines.append(indented(timed([(n.clock, _line(n, t, names)) for n in h.lines])))
    return Group(*lines)
