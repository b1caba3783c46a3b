"""The watch rota (docs/rules.md §3): each shift taken up, handed over or missed; a watcher may
doze; a monster interrupts the rota with an `Encounter`, and it resumes once the camp has
settled (docs/rules.md §4, house reading).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import NamedTuple

import simpy
from simpy.events import Event, Timeout

from nightsim.codes import Purpose
from nightsim.engine._simpy import Driven, LeanEnvironment
from nightsim.engine.dice import Dice
from nightsim.engine.plan import DAWN, SAME_WATCHER, UNWATCHED, NightPlan, StreamNames
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
    settles again (None: not before dawn), and the event that fires then (None: the night
    is worked off the timeline, `shared.rest_alone`)."""

    at: int
    settles_at: int | None
    settled: Event | None


class Rota:
    """The shifts of `plan.slots`, one after another (docs/rules.md §3): `watch` is the whole
    rota, read top to bottom; `_on_timeline` waits for each of its minutes on the night's
    timeline, where the monster's `Encounter` interrupts it (docs/rules.md §4)."""

    __slots__ = (
        "broken",
        "broken_at",
        "dice",
        "doze_at",
        "doze_rolled",
        "env",
        "moved_after",
        "on_watch",
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
        *,
        streams: StreamNames,
        sleepers: Sleepers,
    ) -> None:
        self.env, self.rec, self.plan, self.dice = env, rec, plan, dice
        self.streams = streams.doze  # the watchers' dozing dice, one stream a shift
        self.sleepers = sleepers
        n = len(plan.slots)
        self.doze_rolled = [False] * n
        self.doze_at: list[int | None] = [None] * n
        self.on_watch: int | None = None  # the shift whose watcher is awake on it
        self.broken = False  # a watcher dozed: nobody wakes the next one (docs/rules.md §3)
        self.broken_at: int | None = None
        self.process: Driven | None = None
        # docs/rules.md §4.6, sleep_in: minutes the rest period runs on after an encounter (the
        # monster sets it as the camp wakes), and with it a last shift that ends at dawn
        # (edition 1) or every hand-over after the minute the monster came (edition 2).
        self.run_on = 0
        self.moved_after = plan.rest_end  # nothing moves until a monster comes

    def start(self) -> None:
        """Begin the first shift, on the timeline."""
        if self.plan.slots:
            self.process = Driven(self.env, self._on_timeline())

    def watch(self, first: int, now: int, resumed: bool = False) -> Iterator[int]:
        """The shifts from `first` on, the first taken up at `now` (docs/rules.md §3): each taken
        up or missed, dozed through, handed over. It yields each minute it waits for (a
        doze, a shift's end) and takes that step when resumed, at that minute: the timeline
        resumes it after a timeout (`_on_timeline`), a night at rest at once
        (`shared.rest_alone`). `resumed`: the first shift goes on after an encounter."""
        slots = self.plan.slots
        for i in range(first, len(slots)):
            if self.broken and not resumed:
                # docs/rules.md §3: a dozing watcher wakes nobody; this watcher sleeps on.
                self.rec.emit(watch_missed, slots[i].name, i + 1)
            else:
                self._take_up(i, resumed, now)
                doze = self.doze_at[i]
                # A doze minute already past (it fell while the camp was awake) is void.
                if doze is not None and doze >= now:
                    yield doze
                    self._doze(i, doze)
            resumed = False
            # (Its end moves only with the monster, whose interrupt comes first.)
            now = self.end_of(i)
            yield now
            self._end_shift(i, now)

    def _on_timeline(self) -> Generator[Event, None, None]:
        """`watch` on the timeline: a timeout for each minute it waits for. The monster's
        interrupt cuts the step it waits for short; once the camp has settled, the watch
        resumes (`interrupted`, `resumed`)."""
        env = self.env
        watch: Iterator[int] | None = self.watch(0, env.minute)
        while watch is not None:
            try:
                for t in watch:
                    yield Timeout(env, t - env.minute)  # delays run from the clock
                return
            except simpy.Interrupt as intr:
                encounter = intr.cause
                assert isinstance(encounter, EncounterCause) and encounter.settled is not None
                if not self.interrupted(encounter):
                    return
                yield encounter.settled
                watch = self.resumed(env.minute)

    def interrupt(self, encounter: EncounterCause) -> None:
        if self.process is not None and self.process.is_alive:
            self.process.interrupt(encounter)

    def interrupted(self, encounter: EncounterCause) -> bool:
        """The monster comes (docs/rules.md §4): the watcher is on watch no more, and the step the
        watch waited for will not come (its driver drops the watch). Whether the rota
        resumes: the camp settles before dawn."""
        self.on_watch = None
        return encounter.settles_at is not None

    def resumed(self, now: int) -> Iterator[int] | None:
        """docs/rules.md §4 (house reading): the camp has settled at `now`; the watch resumes with
        the shift covering this minute (None: none does), mending a broken chain."""
        i = self.shift_at(now)
        if i is None:
            return None
        self.broken = False
        return self.watch(i, now, resumed=True)

    def sleep_in(self, now: int, minutes: int) -> None:
        """docs/rules.md §4.6: the camp, up since `now`, sleeps in by `minutes`."""
        self.run_on, self.moved_after = minutes, now

    def end_of(self, i: int) -> int:
        """The minute shift `i` ends: as planned, or later after sleeping in (a last shift
        that ends at dawn in edition 1, every hand-over still to come in edition 2)."""
        plan = self.plan
        end = plan.slot_end[i]
        if self.run_on:
            if plan.sleep_in_moves:
                return end + self.run_on if end > self.moved_after else end
            if plan.slot_handover[i] == DAWN:
                return end + self.run_on
        return end

    def start_of(self, i: int) -> int:
        """The minute shift `i` begins: as planned, or later after sleeping in (edition 2
        moves every hand-over still to come, docs/rules.md §4.6)."""
        plan = self.plan
        start = plan.rest_start + plan.slots[i].start
        if self.run_on and plan.sleep_in_moves and start > self.moved_after:
            return start + self.run_on
        return start

    def shift_at(self, t: int) -> int | None:
        """The shift covering minute `t` (it starts at or before `t`), or None."""
        plan = self.plan
        off = t - plan.rest_start
        moves = self.run_on and plan.sleep_in_moves
        for i, s in enumerate(plan.slots):
            start = s.start
            if moves and plan.rest_start + start > self.moved_after:
                start += self.run_on  # edition 2: its hand-over moved later (§4.6)
            if start <= off and t < (self.end_of(i) if self.run_on else plan.slot_end[i]):
                return i
        return None

    def watcher_at(self, t: int) -> str | None:
        i = self.shift_at(t)
        return self.plan.slots[i].name if i is not None else None

    def _take_up(self, i: int, resumed: bool, now: int) -> None:
        """Shift `i`'s watcher takes it up at `now`."""
        plan = self.plan
        w = plan.slot_watcher[i]
        # Asleep or not: every change goes through Sleepers (with the minute the watch began,
        # for edition 3's sleep broken by a watch, docs/rules.md §6.2).
        self.sleepers.wake(w, now, WATCH, self.start_of(i))
        self.on_watch = i
        face = m = None
        end = self.end_of(i) if self.run_on else plan.slot_end[i]
        if plan.fall_asleep and not self.doze_rolled[i]:
            # docs/rules.md §3.2: one roll per shift, when its watcher takes it up (in edition 2
            # the plan's shifts are the watches); a resumed shift is the same shift and is not
            # rolled again.
            self.doze_rolled[i] = True
            die = plan.slot_doze_die[i]
            face = self.dice.first(self.streams[i], die)
            if face == 1:
                # docs/rules.md §3: the minute is uniform within what is left of the shift.
                m = self.dice.second(self.streams[i], die, end - now)
                self.doze_at[i] = now + m - 1
        if self.rec.recording:  # (not even the null recorder's call: docs/design-notes.md)
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
