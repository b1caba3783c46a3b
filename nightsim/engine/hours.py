"""The clock striking each hour of the rest period: `hour.passed`, the hour just passed told
whole (docs/rules.md §8, docs/log-format.md `hour.passed`): who was on watch in it from when
to when, the minutes nobody watched, who was awake at any minute of it, who slept all of it,
who dozed, the fire's minutes.

Only a recorded night has it: a strike describes the hour and decides nothing, so `odds`
(which records nothing) runs neither the strikes nor the trail they read. On a recorded night
the party is a `TracedSleepers`, which also keeps each character's trail of states since the
last strike; the fire keeps when it was lit and went out anyway. The facts thus come from
the actors as they changed, not from re-reading the log.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import NamedTuple

from simpy.events import URGENT, Event

from nightsim.engine._simpy import Driven, LeanEnvironment
from nightsim.engine.fire import Fire
from nightsim.engine.recorder import Recorder, Stamp
from nightsim.engine.sleepers import ASLEEP, AWAKE, DOZING, WATCH, Sleepers
from nightsim.events import HourPassed, WatchSpan

# One character's states since the last strike: (minute it began, state), minutes strictly
# increasing, no two neighbours alike; the first entry may begin before the hour does.
Trail = list[tuple[int, int]]


class TracedSleepers(Sleepers):
    """`Sleepers` that also keep each character's trail of states, for the strikes.

    Every change of state goes through `sleep`, `wake` or `lie_down` (the rota and the
    monster call no other way in), so these three are all there is to trace. A state that
    lasted no time (woken the minute they lay down) leaves no mark: it was never held for a
    minute of any hour.
    """

    __slots__ = ("trails",)

    def __init__(self, names: tuple[str, ...], woken_before_watch: bool = False) -> None:
        super().__init__(names, woken_before_watch)
        self.trails: list[Trail] = [[(0, AWAKE)] for _ in names]

    def _mark(self, i: int, now: int) -> None:
        trail, state = self.trails[i], self.state[i]
        if trail and trail[-1][0] == now:
            trail.pop()  # the state it replaces began this minute: it was never held
        if not trail or trail[-1][1] != state:
            trail.append((now, state))

    def sleep(self, i: int, now: int, state: int = ASLEEP) -> None:
        super().sleep(i, now, state)
        self._mark(i, now)

    def wake(self, i: int, now: int, state: int = AWAKE, began: int = 0) -> None:
        super().wake(i, now, state, began)
        self._mark(i, now)

    def lie_down(self, now: int, but: int | None) -> None:
        super().lie_down(now, but)
        for i in range(len(self.names)):
            self._mark(i, now)


class StruckHour(NamedTuple):
    """One hour of the rest period, `start` to `end` (minutes of the night), told whole.

    A named tuple, as the outcomes are (engine/outcome.py): a frozen dataclass sets each
    field through `object.__setattr__`, and a recorded night strikes eight or nine hours.
    Each strike makes its own lists, which its `hour.passed` event then holds."""

    number: int
    start: int
    end: int
    watch: list[tuple[int, int, str]]  # (from, to, watcher), in order
    unwatched_minutes: int
    awake: list[str]
    slept_through: list[str]
    dozed: list[str]
    fire_minutes: int


class HourStrikes:
    """The strikes, one per hour of the rest period until its end (`rest_end()`, asked
    anew each hour: the end of the rest period is the night's, not the config's)."""

    __slots__ = ("env", "fire", "rec", "rest_end", "sleepers")

    def __init__(
        self,
        env: LeanEnvironment,
        rec: Recorder,
        rest_end: Callable[[], int],
        actors: tuple[TracedSleepers, Fire],
    ) -> None:
        self.env, self.rec, self.rest_end = env, rec, rest_end
        self.sleepers, self.fire = actors

    def start(self) -> None:
        Driven(self.env, self._run())

    def _run(self) -> Generator[Event, None, None]:
        start, hour = self.env.minute, 1
        while start < self.rest_end():
            # URGENT: the strike of hour k describes the hour just passed, so it comes before
            # anything else due at that minute (docs/rules.md §8).
            yield Driven.fired(self.env, URGENT, min(60, self.rest_end() - start))
            end = self.env.minute
            self.rec.emit(hour_passed, self.hour(hour, start, end))
            start, hour = end, hour + 1

    def hour(self, number: int, start: int, end: int) -> StruckHour:
        """The hour [start, end) from the trails, which then keep only the state at `end`."""
        sleepers = self.sleepers
        watch: list[tuple[int, int, str]] = []
        awake: list[str] = []
        slept: list[str] = []
        dozed: list[str] = []
        unwatched = end - start
        for name, trail, state in zip(sleepers.names, sleepers.trails, sleepers.state, strict=True):
            assert trail[-1][1] == state, (name, trail, state)  # a change that was not traced
            was_awake = was_dozing = False
            # From the latest state back, each held from when it began (or the hour did) to
            # when the next began (or the hour ended); those before the first one begun by
            # `start` were held before the hour only.
            to = end
            for since, st in reversed(trail):
                fr = since if since > start else start
                if fr < to:
                    if st < ASLEEP:
                        was_awake = True
                        if st == WATCH:
                            watch.append((fr, to, name))
                            unwatched -= to - fr
                    elif st == DOZING:
                        was_dozing = True
                if since <= start:
                    break
                to = since
            (awake if was_awake else slept).append(name)
            if was_dozing:
                dozed.append(name)
            del trail[:-1]
        watch.sort(key=lambda span: span[0])
        fire = self._fire_minutes(start, end)
        return StruckHour(number, start, end, watch, unwatched, awake, slept, dozed, fire)

    def _fire_minutes(self, start: int, end: int) -> int:
        lit, out = self.fire.lit_at, self.fire.out_at
        if lit is None:
            return 0
        # A fire going out at the strike's minute goes out after it: still burning here.
        burnt = (end if out is None or out > end else out) - (lit if lit > start else start)
        return burnt if burnt > 0 else 0


def hour_passed(s: Stamp, h: StruckHour) -> HourPassed:
    return HourPassed.model_construct(
        **s.envelope,
        hour=h.number,
        watch=[
            WatchSpan.model_construct(actor=name, from_=s.clock(fr), to=s.clock(to))
            for fr, to, name in h.watch
        ],
        unwatched_minutes=h.unwatched_minutes,
        awake=h.awake,
        slept_through=h.slept_through,
        dozed=h.dozed,
        fire_minutes=h.fire_minutes,
    )
