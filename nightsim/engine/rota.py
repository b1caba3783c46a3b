"""The watch rota (rules.md 3): each shift taken up, handed over or missed; a watcher may
doze; a monster interrupts the rota with an `Encounter`, and it resumes once the camp has
settled (rules.md 4, house reading).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import NamedTuple

import simpy
from simpy.events import Event

from nightsim.codes import Purpose
from nightsim.engine._simpy import Driven, LeanEnvironment
from nightsim.engine.dice import Dice
from nightsim.engine.plan import DAWN, SAME_WATCHER, UNWATCHED, NightPlan
from nightsim.engine.recorder import Recorder, Stamp, roll
from nightsim.engine.sleepers import DOZING, WATCH, Sleepers
from nightsim.events import (
    Target,
    WatchBegan,
    WatchDozed,
    WatchEnded,
    WatchHandedOver,
    WatchMissed,
)


class EncounterCause(NamedTuple):
    """The cause with which the monster interrupts the rota: when it came, when the camp
    settles again (None: not before dawn), and the event that fires then (None: the rota
    is worked without the timeline, `Rota.resume_now`)."""

    at: int
    settles_at: int | None
    settled: Event | None


class Rota:
    """The shifts of `plan.slots`, one after another, as one process."""

    __slots__ = (
        "alone_until",
        "broken",
        "broken_at",
        "dice",
        "doze_at",
        "doze_rolled",
        "env",
        "on_watch",
        "pending",
        "plan",
        "process",
        "rec",
        "run_on",
        "sleepers",
        "streams",
    )

    def __init__(
        self,
        env: LeanEnvironment,
        rec: Recorder,
        plan: NightPlan,
        dice: Dice,
        doze_streams: tuple[bytes, ...],
        sleepers: Sleepers,
    ) -> None:
        self.env, self.rec, self.plan, self.dice = env, rec, plan, dice
        self.streams = doze_streams
        self.sleepers = sleepers
        n = len(plan.slots)
        self.doze_rolled = [False] * n
        self.doze_at: list[int | None] = [None] * n
        self.on_watch: int | None = None  # the shift whose watcher is awake on it
        self.broken = False  # a watcher dozed: nobody wakes the next one (rules.md 3)
        self.broken_at: int | None = None
        self.process: Driven | None = None
        # rules.md 4, sleep_in: minutes the rest period, and with it a last shift that ends
        # at dawn, runs on after an encounter (the monster sets it as the camp wakes).
        self.run_on = 0
        self.alone_until = -1  # see `start`
        # Worked without the timeline (`start`): the step the rota waits for, or None.
        self.pending: tuple[int, int, int] | None = None

    def start(self, alone_until: int = -1) -> None:
        """Begin the first shift. `alone_until`: a minute up to which (its ordinary events
        included) nothing but the rota reads the rota or the sleepers, on a night that
        records nothing (perf, issue 13: a night started at rest knows its monster's
        arrival, which comes after that minute's ordinary events). The rota works its
        shifts up to it through at once, at the same minutes, instead of waiting for each
        on the timeline: with no reader in between, and no event to stamp, the night is
        the same. Such a night's monster works the encounter without the timeline too
        (`monster.Monster.arrives_alone`: `interrupt_now`, `resume_now`); once the camp has
        settled, nothing reads the watch again, and the rota works through to dawn. -1:
        every wait is on the timeline (a recorded night always)."""
        assert alone_until < 0 or not self.rec.recording, "a recorded night stamps each event"
        self.alone_until = alone_until
        if not self.plan.slots:
            return
        if alone_until < 0:
            self.process = Driven(self.env, self._run())
        else:
            self.pending = self._work(0, 0, False, self.env.minute, alone_until)

    def interrupt(self, encounter: EncounterCause) -> None:
        if self.process is not None and self.process.is_alive:
            self.process.interrupt(encounter)

    def interrupt_now(self, encounter: EncounterCause) -> bool:
        """`interrupt` on a rota worked without the timeline (`start`), as its URGENT event
        would reach it: whether the rota is to resume once the camp settles."""
        if self.pending is None:
            return False  # done with its shifts: as a process that has ended
        self.pending = None  # the step it waited for is cut short
        self._interrupted()
        return encounter.settles_at is not None

    def resume_now(self, now: int) -> None:
        """The camp has settled at `now` (`resume_now` follows an `interrupt_now` that
        answered True): the rota resumes, and nothing reads the watch again till dawn."""
        nxt = self._resumes(now)
        if nxt is not None:
            self.pending = self._work(nxt, 0, True, now, self.plan.rest_end + self.run_on)

    def end_of(self, i: int) -> int:
        """The minute shift `i` ends: as planned, or later for a last shift that runs on."""
        plan = self.plan
        if self.run_on and plan.slot_handover[i] == DAWN:
            return plan.slot_end[i] + self.run_on
        return plan.slot_end[i]

    def shift_at(self, t: int) -> int | None:
        """The shift covering minute `t` (it starts at or before `t`), or None."""
        plan = self.plan
        off = t - plan.rest_start
        for i, s in enumerate(plan.slots):
            if s.start <= off and t < (self.end_of(i) if self.run_on else plan.slot_end[i]):
                return i
        return None

    def watcher_at(self, t: int) -> str | None:
        i = self.shift_at(t)
        return self.plan.slots[i].name if i is not None else None

    def _run(self) -> Generator[Event, None, None]:
        """The rota on the timeline: each step after `alone_until` waited for."""
        env, alone = self.env, self.alone_until
        i, phase, resumed, now = 0, 0, False, env.minute
        while True:
            try:
                step = self._work(i, phase, resumed, now, alone)
                if step is None:
                    return
                i, phase, t = step
                resumed = False
                yield Driven.timeout(env, t - env.minute)  # delays run from the clock
                now = env.minute
            except simpy.Interrupt as intr:
                cause = intr.cause
                assert isinstance(cause, EncounterCause) and cause.settled is not None
                self._interrupted()
                if cause.settles_at is None:
                    return
                yield cause.settled
                now = env.minute
                if alone >= 0:  # the night's one monster has come and gone (rules.md 4)
                    alone = self.plan.rest_end + self.run_on
                nxt = self._resumes(now)
                if nxt is None:
                    return
                i, phase, resumed = nxt, 0, True

    def _work(
        self, i: int, phase: int, resumed: bool, now: int, until: int
    ) -> tuple[int, int, int] | None:
        """Shift `i` from `phase` (0: to be taken up or missed, 1: its watcher to doze at
        `doze_at[i]`, 2: to end) at `now`, and the shifts after it, each step at its minute,
        up to `until`: the first step after it, (shift, phase, minute), for the caller to
        wait for; None when the shifts are done. Entered at phase 1 or 2, that step has
        been waited for: it is due `now`."""
        slots, doze_at, n = self.plan.slots, self.doze_at, len(self.plan.slots)
        due = phase != 0
        while i < n:
            if phase == 0:
                if self.broken and not resumed:
                    # rules.md 3: a dozing watcher wakes nobody; this watcher sleeps on.
                    self.rec.emit(watch_missed, slots[i].name, i + 1)
                else:
                    self._take_up(i, resumed, now)
                    resumed = False
                    d = doze_at[i]
                    # A doze minute already past (fell while the camp was awake) is void.
                    if d is not None and d >= now:
                        phase = 1
            if phase == 1:
                d = doze_at[i]
                assert d is not None
                if not due:
                    if d > until:
                        return i, 1, d
                    now = d  # nobody reads the watch before then (`start`)
                self._doze(i, now)
                due = False
            # (Its end moves only with the monster, whose interrupt comes first.)
            if not due:
                end = self.end_of(i) if self.run_on else self.plan.slot_end[i]
                if end > until:
                    return i, 2, end
                now = end
            self._end_shift(i, now)
            due = False
            i += 1
            phase = 0
        return None

    def _interrupted(self) -> None:
        """The monster comes (rules.md 4): the watcher is on watch no more."""
        self.on_watch = None

    def _resumes(self, now: int) -> int | None:
        """rules.md 4 (house reading): the camp has settled; the rota resumes with the shift
        covering this minute (None: none does), mending a broken chain."""
        nxt = self.shift_at(now)
        if nxt is not None:
            self.broken = False
        return nxt

    def _take_up(self, i: int, resumed: bool, now: int) -> None:
        """Shift `i`'s watcher takes it up at `now`."""
        plan = self.plan
        w = plan.slot_watcher[i]
        self.sleepers.wake(w, now, WATCH)  # asleep or not: every change goes through Sleepers
        self.on_watch = i
        face = m = None
        end = self.end_of(i) if self.run_on else plan.slot_end[i]
        if plan.fall_asleep and not self.doze_rolled[i]:
            # House reading: one roll per shift, when its watcher takes it up; a resumed shift
            # is the same shift and is not rolled again (design.md).
            self.doze_rolled[i] = True
            die = plan.slot_doze_die[i]
            face = self.dice.first(self.streams[i], die)
            if face == 1:
                # rules.md 3: the minute is uniform within what is left of the shift.
                m = self.dice.second(self.streams[i], die, end - now)
                self.doze_at[i] = now + m - 1
        if self.rec.recording:  # (odds: not even the null recorder's call, twice a shift)
            self.rec.emit(watch_began, plan, i, resumed, now, end, face, m)

    def _doze(self, i: int, now: int) -> None:
        self.sleepers.sleep(self.plan.slot_watcher[i], now, DOZING)
        self.on_watch = None
        self.broken = True
        if self.broken_at is None:
            self.broken_at = now
        self.rec.emit(watch_dozed, self.plan.slots[i].name, i + 1)

    def _end_shift(self, i: int, now: int) -> None:
        if self.on_watch != i:
            return
        handover = self.plan.slot_handover[i]
        if handover == SAME_WATCHER:
            return  # the next shift is the same watcher's: they stay up
        self.on_watch = None
        if handover == DAWN:
            return  # the last shift ends with the rest period
        self.sleepers.sleep(self.plan.slot_watcher[i], now)
        if not self.rec.recording:
            return
        slots = self.plan.slots
        if handover == UNWATCHED:
            self.rec.emit(watch_ended, slots[i].name, i + 1)
        else:
            self.rec.emit(watch_handed_over, slots[i].name, slots[i + 1].name, i + 1)


def watch_began(
    s: Stamp,
    plan: NightPlan,
    i: int,
    resumed: bool,
    now: int,
    end: int,
    face: int | None,
    m: int | None,
) -> WatchBegan:
    slot = plan.slots[i]
    rolls = []
    if face is not None:
        die = plan.slot_doze_die[i]
        rolls.append(roll(f"1d{die}", [face], purpose=Purpose.DOZE, target=Target.exactly(1)))
        if m is not None:
            left = end - now
            rolls.append(roll(f"1d{left}", [m], -1, Purpose.DOZE_MINUTE))
    return WatchBegan.model_construct(
        **s.envelope,
        actor=slot.name,
        shift=i + 1,
        until=s.clock(end),
        resumed=resumed,
        rolls=rolls,
    )


def watch_missed(s: Stamp, actor: str, shift: int) -> WatchMissed:
    return WatchMissed.model_construct(**s.envelope, actor=actor, shift=shift)


def watch_dozed(s: Stamp, actor: str, shift: int) -> WatchDozed:
    return WatchDozed.model_construct(**s.envelope, actor=actor, shift=shift)


def watch_ended(s: Stamp, actor: str, shift: int) -> WatchEnded:
    return WatchEnded.model_construct(**s.envelope, actor=actor, shift=shift)


def watch_handed_over(s: Stamp, actor: str, to: str, shift: int) -> WatchHandedOver:
    return WatchHandedOver.model_construct(**s.envelope, actor=actor, to=to, shift=shift)
