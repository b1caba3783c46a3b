"""Who was in which state when, across the rest period: derived once, from the night's
events alone (so a replayed log tells the same), in `facts.night_facts`; the terminal strip
(`strip.py`) and the page's timeline (`page/timeline.py`) both draw this `Track`.

The rest period starts with everyone asleep; `watch.began` puts a watcher on watch, a
hand-over or `watch.ended` puts them back to sleep, `watch.dozed` makes them doze (dozing is
sleep, docs/rules.md §5, but it is shown apart: it is where the rota breaks), the monster's
arrival wakes everyone (house reading, docs/rules.md §4) and `camp.settled` lies them down again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from nightsim import events as ev

ASLEEP, WATCH, AWAKE, DOZING = "asleep", "watch", "awake", "dozing"
STATES = (WATCH, ASLEEP, DOZING, AWAKE)  # in the order the legends name them


@dataclass(frozen=True)
class Track:
    """Who was in which state when, in minutes from the start of the rest period."""

    start: int  # `t` of the rest period's start
    minutes: int
    first_hour: str  # clock at the start, "HH:MM"
    rows: tuple[tuple[str, tuple[str, ...]], ...]  # name -> state per minute
    fire: tuple[bool, ...]  # burning per minute
    arrival: int | None  # minute of the monster's arrival


def track(night: Sequence[ev.Event], names: Sequence[str]) -> Track | None:
    """The strip's data from one night's events, or None if the night never reached rest."""
    began = next((e for e in night if isinstance(e, ev.RestBegan)), None)
    if began is None:
        return None
    start = began.t
    end = next(
        (e.t for e in night if isinstance(e, ev.RestChecked | ev.NightSummary)),
        max(e.t for e in night),
    )
    minutes = max(1, end - start)
    now = _Now(dict.fromkeys(names, ASLEEP), fire=False, arrival=None)
    rows = {n: [ASLEEP] * minutes for n in names}
    fire = [False] * minutes
    cursor = 0

    def fill(upto: int) -> None:
        nonlocal cursor
        upto = max(0, min(upto, minutes))
        for n in names:
            rows[n][cursor:upto] = [now.state[n]] * (upto - cursor)
        fire[cursor:upto] = [now.fire] * (upto - cursor)
        cursor = max(cursor, upto)

    for e in night:
        if e.t >= start:
            fill(e.t - start)
        now.change(e, start, names)
    fill(minutes)
    return Track(
        start=start,
        minutes=minutes,
        first_hour=began.clock,
        rows=tuple((n, tuple(rows[n])) for n in names),
        fire=tuple(fire),
        arrival=now.arrival,
    )


@dataclass
class _Now:
    """Each character's state and the fire's at the minute `track` has reached."""

    state: dict[str, str]
    fire: bool
    arrival: int | None  # minute of the monster's arrival

    def change(self, e: ev.Event, start: int, names: Sequence[str]) -> None:
        """What an event changes; every type says, so a new one is a mypy error here."""
        match e:
            case ev.FireLit():
                self.fire = True
            case ev.FireOut():
                self.fire = False
            case ev.WatchBegan():
                self._set(e.actor, WATCH)
            case ev.WatchHandedOver() | ev.WatchEnded():
                self._set(e.actor, ASLEEP)
            case ev.WatchDozed():
                self._set(e.actor, DOZING)
            case ev.MonsterArrived():
                self.arrival = e.t - start
                self.state = dict.fromkeys(names, AWAKE)
            case ev.CampSettled():
                self.state = {n: AWAKE if n == e.on_watch else ASLEEP for n in names}
            # No one's state changes: the missed watcher sleeps on, the woken camp is
            # already up (the arrival woke it), the rest period's bounds are `track`'s.
            case (
                ev.NightHeader()
                | ev.NightBegan()
                | ev.SitePrepared()
                | ev.FirewoodGathered()
                | ev.WaterFetched()
                | ev.FireNotLit()
                | ev.MealCooked()
                | ev.MealNotCooked()
                | ev.CampEntertained()
                | ev.RestBegan()
                | ev.WatchMissed()
                | ev.HourPassed()
                | ev.MonsterChecked()
                | ev.CampWoke()
                | ev.RestExtended()
                | ev.RestChecked()
                | ev.CharacterWoke()
                | ev.SpellPrepared()
                | ev.SpellLost()
                | ev.NightSummary()
            ):
                pass
            case _:
                assert_never(e)

    def _set(self, actor: str, state: str) -> None:
        if actor in self.state:
            self.state[actor] = state
