"""The night's title and its evening, before the rest period (reads `NightFacts` only)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from nightsim import events as ev
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import EveningEvent, NightTitle
from nightsim.narration.widgets import indented, line, timed


def title(n: NightTitle, t: Catalogue) -> RenderableType:
    return Rule(Text(title_text(n, t), style="bold"))


def title_text(n: NightTitle, t: Catalogue) -> str:
    """ "Night 1 · 1 Reedwryme, autumn" (the page's night heading too); a journey whose
    weather changes night by night adds each night's: "Night 2 · 2 Reedwryme, autumn · snow"."""
    text = t("night.title", night=n.number, when=when_text(n, t))
    if n.weather is not None:
        text = t("night.title_weather", title=text, weather=t.term("weather", n.weather))
    return text


def when_text(n: NightTitle, t: Catalogue) -> str:
    """ "1 Reedwryme, autumn": the night's date, as far as the log gives it (the campaign
    page's date column too)."""
    season = t.term("season", n.season)
    if n.month and n.day:
        return t("night.date", day=n.day, month=t.month_in_date(n.month), season=season)
    if n.month:
        return t("night.month", month=t.month(n.month), season=season)
    return season


def evening_line(e: EveningEvent, t: Catalogue, names: Sequence[str]) -> Text:
    match e:
        case ev.SitePrepared():
            key = "evening.site_one" if len(e.actors) == 1 else "evening.site_many"
            return line(t(key, actors=t.listing(e.actors)), [], t, names)
        case ev.FirewoodGathered():
            key = "evening.firewood" if e.hours else "evening.firewood_none"
            return line(t(key, actor=e.actor, hours=e.hours), e.rolls, t, names)
        case ev.WaterFetched():
            return line(t("evening.water", actor=e.actor), [], t, names)
        case ev.FireLit():
            # The log counts minutes (format 2); the sentence tells hours, as the rules do.
            text = t("evening.fire_lit", hours=e.minutes / 60, until=e.until)
            return line(text, e.rolls, t, names)
        case ev.FireNotLit():
            return line(t("evening.fire_not_lit", reason=t.code(e.reason)), e.rolls, t, names)
        case ev.MealCooked():
            # A list is told as a listing, each name in the case the line asks for.
            eaters = t("word.everyone") if set(e.eaters) >= set(names) else tuple(e.eaters)
            return line(t.code(e.outcome, actor=e.actor, eaters=eaters), e.rolls, t, names)
        case ev.MealNotCooked():
            text = t("evening.meal_not_cooked", actor=e.actor, reason=t.code(e.reason))
            return line(text, [], t, names)
        case ev.CampEntertained():
            return line(t.code(e.outcome, actor=e.actor), e.rolls, t, names)
        case _:
            assert_never(e)


def render(evening: Sequence[EveningEvent], names: Sequence[str], t: Catalogue) -> RenderableType:
    rows = [(e.clock, evening_line(e, t, names)) for e in evening]
    return Group(Text(t("evening.title"), style="bold underline"), indented(timed(rows)))
