"""The clock striking each hour of the rest period: `hour.passed`, who was awake, asleep,
dozing and on watch, and whether the fire burned (design.md).

Only a recorded night has it: a strike describes the hour just passed and decides nothing,
so `odds` (which records nothing) does not run it.
"""

from __future__ import annotations

from collections.abc import Generator

from simpy.events import URGENT, Event

from nightsim.events import HourPassed
from nightsim.night.driven import Driven, LeanEnvironment
from nightsim.night.fire import Fire
from nightsim.night.recorder import Recorder, Stamp
from nightsim.night.rota import Rota
from nightsim.night.sleepers import ASLEEP, DOZING, Sleepers


class HourStrikes:
    __slots__ = ("env", "fire", "hours", "rec", "rota", "sleepers")

    def __init__(
        self,
        env: LeanEnvironment,
        rec: Recorder,
        hours: int,
        actors: tuple[Sleepers, Fire, Rota],
    ) -> None:
        self.env, self.rec, self.hours = env, rec, hours
        self.sleepers, self.fire, self.rota = actors

    def start(self) -> None:
        Driven(self.env, self._run())

    def _run(self) -> Generator[Event, None, None]:
        for hour in range(1, self.hours + 1):
            # URGENT: the strike of hour k describes the hour just passed, so it comes before
            # anything else due at that minute (design.md).
            yield Driven.fired(self.env, URGENT, 60)
            w = self.rota.on_watch
            on_watch = self.rota.plan.slots[w].name if w is not None else None
            self.rec.emit(hour_passed, hour, self.sleepers, on_watch, self.fire.burning)


def hour_passed(
    s: Stamp, hour: int, sleepers: Sleepers, on_watch: str | None, fire: bool
) -> HourPassed:
    return HourPassed.model_construct(
        **s.envelope,
        hour=hour,
        awake=sleepers.names_where(lambda st: st < ASLEEP),
        asleep=sleepers.names_where(lambda st: st >= ASLEEP),
        dozing=sleepers.names_where(lambda st: st == DOZING),
        on_watch=on_watch,
        fire=fire,
    )
