"""Who was in which state when, across the rest period: derived once, from the night's
events alone (so a replayed log tells the same), in `facts.night_facts`; the terminal strip
(`strip.py`) and the page's timeline (`page/timeline.py`) both draw this `Track`.

The rest period starts with everyone asleep; `watch.began` puts a watcher on watch, a
hand-over or `watch.ended` puts them back to sleep, `watch.dozed` makes them doze (dozing is
sleep, rules.md 5, but it is shown apart: it is where the rota breaks), the monster's
arrival wakes everyone (house reading, rules.md 4) and `camp.settled` lies them down again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
    state = dict.fromkeys(names, ASLEEP)
    rows = {n: [ASLEEP] * minutes for n in names}
    fire_now = False
    fire = [False] * minutes
    arrival: int | None = None
    cursor = 0

    def fill(upto: int) -> None:
        nonlocal cursor
        upto = max(0, min(upto, minutes))
        for n in names:
            rows[n][cursor:upto] = [state[n]] * (upto - cursor)
        fire[cursor:upto] = [fire_now] * (upto - cursor)
        cursor = max(cursor, upto)

    for e in night:
        if e.t >= start:
            fill(e.t - start)
        match e:
            case ev.FireLit():
                fire_now = True
            case ev.FireOut():
                fire_now = False
            case ev.WatchBegan() if e.actor in state:
                state[e.actor] = WATCH
            case ev.WatchHandedOver() | ev.WatchEnded() if e.actor in state:
                state[e.actor] = ASLEEP
            case ev.WatchDozed() if e.actor in state:
                state[e.actor] = DOZING
            case ev.MonsterArrived():
                arrival = e.t - start
                state = dict.fromkeys(names, AWAKE)
            case ev.CampSettled():
                state = {n: AWAKE if n == e.on_watch else ASLEEP for n in names}
            case _:
                pass
    fill(minutes)
    return Track(
        start=start,
        minutes=minutes,
        first_hour=began.clock,
        rows=tuple((n, tuple(rows[n])) for n in names),
        fire=tuple(fire),
        arrival=arrival,
    )
