"""The night hour by hour: each hour's watch, fire and sleepers, and what happened in it.

Reads `HourFacts` only: which rolls a line tells was decided in pass one (`facts.py`), so a
line here shows exactly the rolls it was given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

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
# A `Happened` line's style, by its event's type; any other type is told plain.
_HAPPENED_STYLE = {"monster.arrived": "bold red"}


def heading(t: Catalogue) -> RenderableType:
    return Text(t("night.hours_title"), style="bold underline")


def _rest(n: RestLine, t: Catalogue) -> str:
    text = t("night.rest_began", until=n.until)
    if not n.watched:
        text += " " + t("night.no_watch")
    elif n.unwatched_from:
        text += " " + t("night.unwatched_from", clock=n.unwatched_from)
    return text


def night_line(n: NightLine, t: Catalogue, names: Sequence[str]) -> Text:
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
            text = line(t("night." + n.what, actor=n.actor or ""), [], t, names)
            style = _HAPPENED_STYLE.get(n.what)
            return styled(text, style) if style else text
        case Settled():
            key = "night.settled" if n.on_watch else "night.settled_no_watch"
            return line(t(key, actor=n.on_watch or ""), [], t, names)
        case RunOn():
            return line(t("night.rest_extended", until=n.until), [], t, names)
        case _:
            assert_never(n)


def watch_words(h: HourFacts, t: Catalogue) -> str:
    """Who watched the hour: "on watch: Sir Aldric until 21:47, then nobody"."""
    turns = h.watch
    if len(turns) == 1:
        (only,) = turns
        return t("hour.on_watch", actor=only.actor) if only.actor else t("hour.nobody_watch")
    parts = [t("hour.turn_first", who=turns[0].actor or t("word.nobody"), until=turns[0].end)]
    for turn in turns[1:-1]:
        parts.append(t("hour.turn_then_until", who=turn.actor or t("word.nobody"), until=turn.end))
    parts.append(t("hour.turn_last", who=turns[-1].actor or t("word.nobody")))
    return t("hour.on_watch_turns", turns="".join(parts))


def fire_words(h: HourFacts, t: Catalogue) -> str:
    if h.fire_minutes == 0:
        return t("hour.fire_off")
    if h.fire_minutes == h.minutes:
        return t("hour.fire_on")
    return t("hour.fire_for", minutes=h.fire_minutes)


def _title(h: HourFacts, t: Catalogue, names: Sequence[str], width: int) -> RenderableType:
    label = Text(t("hour.title", start=h.start, end=h.end, hour=h.number), style="bold")
    watched = all(turn.actor for turn in h.watch)
    said = Text(watch_words(h, t), style="" if watched else "red")
    said.append(" \u00b7 " + fire_words(h, t))
    emphasise(said, names)
    # A title too long for the terminal gives the watch its own, indented line rather than
    # wrap it under the hour (a narrow one always does, rather than wrap a name in two).
    if width < STACK or label.cell_len + 2 + said.cell_len > width:
        return Group(label, indented(said))
    return label + Text("  ") + said


def who_parts(h: HourFacts) -> list[tuple[str, tuple[str, ...], str]]:
    """Who dozed, slept all the hour, was awake in it: (catalogue key, names, style) each.
    "спить: Moss", "сплять: Moss, Wren": the verb agrees with how many are listed. A watcher
    who dozed and was then woken in the same hour is told once, as such, not as both dozing
    and awake."""
    woken = tuple(n for n in h.dozed if n in h.awake)
    dozed = tuple(n for n in h.dozed if n not in woken)
    awake = tuple(n for n in h.awake if n not in woken)
    return [
        (key, listed, style)
        for key, listed, style in (
            ("hour.dozed", dozed, "red"),
            ("hour.dozed_woken", woken, "red"),
            ("hour.asleep_one" if len(h.asleep) == 1 else "hour.asleep", tuple(h.asleep), ""),
            (_awake_key(h, len(awake)), awake, ""),
        )
        if listed
    ]


def _awake_key(h: HourFacts, count: int) -> str:
    span = "_span" if h.awake_from or h.awake_until else ""
    return ("hour.awake_one" if count == 1 else "hour.awake") + span


def span_words(h: HourFacts, t: Catalogue) -> str:
    """When the hour's non-watchers were up, if not all of it: "01:09 to 01:39", "from 21:58"."""
    if h.awake_from and h.awake_until:
        return t("hour.span_between", start=h.awake_from, end=h.awake_until)
    if h.awake_from:
        return t("hour.span_from", clock=h.awake_from)
    return t("hour.span_until", clock=h.awake_until or h.end)


def who_text(h: HourFacts, t: Catalogue, key: str, listed: Sequence[str]) -> str:
    """One of `who_parts` in words (the awake list says when, if not all the hour)."""
    if key.endswith("_span"):
        return t(key, names=t.names(listed), span=span_words(h, t))
    return t(key, names=t.names(listed))


def _who(h: HourFacts, t: Catalogue, names: Sequence[str], width: int) -> RenderableType:
    """Who dozed, slept, was awake: one line, or a line each on a narrow terminal (where a
    wrapped list would leave a name alone on a line)."""
    parts = [
        Text(who_text(h, t, key, listed), style="dim " + style if style else "dim")
        for key, listed, style in who_parts(h)
    ]
    if width < STACK:
        return Group(*(indented(emphasise(p, names)) for p in parts))
    return indented(emphasise(Text("; ", style="dim").join(parts), names))


def render(h: HourFacts, names: Sequence[str], t: Catalogue) -> RenderableType:
    lines: list[RenderableType] = [Responsive(lambda width: _title(h, t, names, width))]
    if h.dozed or h.asleep or h.awake:
        lines.append(Responsive(lambda width: _who(h, t, names, width)))
    if h.lines:
        lines.append(indented(timed([(n.clock, night_line(n, t, names)) for n in h.lines])))
    return Group(*lines)
