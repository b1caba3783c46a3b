"""How the night's actors run on SimPy: `Driven`, a process without simpy.Process's
bookkeeping, and `Driven.fired`, an event triggered in advance at a priority of our choosing.

SimPy internals, contained: `Driven` is the one class in nightsim that reaches past SimPy's
documented surface. It relies on, as SimPy 4 has them:
- `Event._ok` / `Event._value`: set to trigger an event without `succeed()` (as
  `Timeout.__init__` does), and read to refuse an event that carries a value;
- `Event.callbacks`: the list `Process` and `Condition` hook into (None once processed);
- `Environment.schedule(event, priority, delay)` of an event already triggered, and the
  processing order of `Environment.step` (time, then priority, then insertion);
- `Environment._now` / `_queue` / `_eid` / `_active_proc`: `LeanEnvironment.__init__` is
  `Environment.__init__` less its binding, and `run_until` is `Environment.step`'s loop,
  inlined.
pyproject pins `simpy>=4.1,<5` for that; tests/engine/test_driven.py holds `Driven` to
`simpy.Process`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from heapq import heappop
from itertools import count

import simpy
from simpy.events import URGENT, Event, EventPriority, Timeout


class LeanEnvironment(simpy.Environment):
    """simpy's Environment without its per-instance shortcuts, and with the clock as a
    plain int attribute (docs/design-notes.md has what each buys).

    simpy binds `env.timeout`, `env.event`, `env.process`, ... to every new Environment
    (`BoundClass.bind_early`, over the class's own attributes only); the actors make their
    events with the classes themselves (`Timeout(env, d)` is `env.timeout(d)`), and there
    is an environment per night (per rota and night, ranking rotas), so the binding was
    pure cost. `env.timeout` still works.

    `minute` is `now` as a plain int attribute, kept by `Driven.run_until` (the actors read
    the clock a dozen times a night; a property call and an `int()` each time).
    """

    minute: int = 0

    def __init__(self) -> None:
        # simpy.Environment.__init__ (SimPy 4.1), less the binding.
        self._now = 0
        self._queue = []
        self._eid = count()
        self._active_proc = None

    def begin_at(self, minute: int) -> None:
        """Set the clock of a fresh environment (nothing scheduled yet) to `minute`: a night
        that starts as its rest period begins (`shared.AtRest`) starts there."""
        assert not self._queue, "begin_at: events are already scheduled"
        self._now = minute
        self.minute = minute

    def advance_to(self, minute: int) -> None:
        """Set the clock forward to `minute`, as processing an event due then would: for a
        step taken off the timeline (`shared.rest_alone`), where nothing is
        due before it."""
        assert not self._queue or self._queue[0][0] >= minute, "advance_to: events are due"
        self._now = minute
        self.minute = minute


_new = object.__new__


class DrivenError(RuntimeError):
    """A driven process waited on an event with a value (or a failure) it cannot receive."""


class Driven:
    """A process run without a simpy.Process: the actors' generators, driven by callbacks.

    It waits on the same events, in the same order, and an interrupt reaches it the way a
    simpy.Interruption does (an URGENT event at the current minute that detaches it from
    the event it waits on and throws `simpy.Interrupt(cause)` into it). What it skips is
    the Initialize and end events and the Process bookkeeping, which carry no information
    here. It starts at once rather than at an Initialize event: the night starts one only
    where nothing else is scheduled before that event would run.

    The generator always receives None: the night's events carry no value. An event that
    does (or that failed) is refused with DrivenError rather than its value dropped.

    It keeps no bound method of its own: each wait hooks a fresh `self._on_event`, which an
    interrupt removes by equality. One kept on the process was a reference cycle, so every
    night's processes, their generators and the environment waited for the cyclic collector
    rather than going with the night (docs/design-notes.md).
    """

    __slots__ = ("_env", "_gen", "_target", "is_alive")

    def __init__(self, env: simpy.Environment, gen: Generator[Event, None, None]) -> None:
        self._env = env
        self._gen = gen
        self._target: Event | None = None
        self.is_alive = True
        self._advance(None)

    @staticmethod
    def fired(env: simpy.Environment, priority: EventPriority, delay: int = 0) -> Event:
        """An event that has already succeeded (value None), due `delay` minutes from now at
        `priority`: `Event.succeed()` with a delay and a priority of our choosing.

        The night needs two: the hour's strike, URGENT (it describes the hour just passed,
        so it comes before anything else due at that minute), and the monster's arrival,
        after every ordinary event of its minute (docs/architecture.md, "Paired nights,
        shared"). `succeed()` gives neither: it schedules now, at NORMAL priority.
        """
        ev: Event = _new(Event)
        ev.env = env
        ev.callbacks = []
        ev._ok = True
        ev._value = None
        env.schedule(ev, priority, delay)
        return ev

    @staticmethod
    def call_in(env: LeanEnvironment, delay: int, call: Callable[[], None]) -> None:
        """Call `call` `delay` minutes from now, as a process waiting on a timeout made now
        would resume (a timer: no generator for one wait)."""
        ev = Timeout(env, delay)
        assert ev.callbacks is not None
        ev.callbacks.append(lambda _ev: call())

    @staticmethod
    def run_until(env: LeanEnvironment, until: int) -> None:
        """Process every event due before `until`: `while env.peek() < until: env.step()`,
        inlined (perf: a night is a few dozen events, and `odds` runs millions of nights).
        A failed event goes to `env.step`, which raises it as SimPy does."""
        queue = env._queue
        while queue:
            t, _, _, event = queue[0]
            if t >= until:
                return
            if not event._ok:
                env.step()
                continue
            heappop(queue)
            env._now = t
            env.minute = t  # type: ignore[assignment]  # a night's delays are whole minutes
            callbacks, event.callbacks = event.callbacks, None  # type: ignore[assignment]
            for callback in callbacks:
                callback(event)

    def _on_event(self, event: Event) -> None:
        if event._value is not None:
            self._refuse(event)
        # The common case, inlined: the process waits on a fresh timeout.
        try:
            nxt = self._gen.send(None)
        except StopIteration:
            self.is_alive = False
            self._target = None
            return
        callbacks = nxt.callbacks
        if callbacks is not None:
            callbacks.append(self._on_event)
            self._target = nxt
        else:
            self._advance(None)  # ... or on one already processed: go on at once

    def _advance(self, interrupt: simpy.Interrupt | None) -> None:
        gen = self._gen
        while True:  # until the process waits on an event not yet processed, or ends
            try:
                event = gen.send(None) if interrupt is None else gen.throw(interrupt)
            except StopIteration:
                self.is_alive = False
                self._target = None
                return
            interrupt = None
            if event.callbacks is not None:
                event.callbacks.append(self._on_event)
                self._target = event
                return
            # Already processed: like simpy's Process, go on at once.
            if event._value is not None:
                self._refuse(event)

    def _refuse(self, event: Event) -> None:
        self.is_alive = False
        self._target = None
        self._gen.close()
        raise DrivenError(
            f"a driven process waited on {event!r}, which carries {event._value!r}:"
            " driven processes receive no values (use simpy.Process)"
        )

    def interrupt(self, cause: object) -> None:
        """Throw `simpy.Interrupt(cause)` into the process, now, before the ordinary events
        of this minute; nothing happens if the process has ended by then."""
        ev = Driven.fired(self._env, URGENT)
        assert ev.callbacks is not None
        ev.callbacks.append(lambda _ev: self._interrupted(cause))

    def _interrupted(self, cause: object) -> None:
        if not self.is_alive:
            return
        target = self._target
        assert target is not None and target.callbacks is not None
        target.callbacks.remove(self._on_event)
        self._advance(simpy.Interrupt(cause))
