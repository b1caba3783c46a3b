"""How the night's actors run on SimPy: `Driven`, a process without simpy.Process's
bookkeeping, and `Fired`, an event triggered in advance at a priority of our choosing.

SimPy internals, contained: `Fired` is the one place that sets an event's private state
(`_ok`, `_value`, as `Event.succeed` and `Timeout.__init__` do) and schedules an event
already triggered. `Driven` uses only SimPy's documented surface: `Event.callbacks` (the
list `Process` and `Condition` hook into), `Event.value`, `Environment.schedule`, and the
processing order of `Environment.step` (priority, then time, then insertion). pyproject pins
`simpy>=4.1,<5` for that; tests/test_driven.py holds `Driven` to `simpy.Process`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

import simpy
from simpy.events import URGENT, Event, EventPriority


class LeanEnvironment(simpy.Environment):
    """simpy's Environment without its per-instance shortcuts.

    simpy binds `env.timeout`, `env.event`, `env.process`, ... to every new Environment
    (`BoundClass.bind_early`, over the class's own attributes only); the actors make their
    events with the classes themselves (`Timeout(env, d)` is `env.timeout(d)`), and there
    is an environment per night, so the binding was pure cost. `env.timeout` still works.
    """


class Fired(Event):
    """An event that has already succeeded (value None), due `delay` minutes from now at
    `priority`: `Event.succeed()` with a delay and a priority of our choosing.

    The night needs two of them: the hour's strike, URGENT (it describes the hour just
    passed, so it comes before anything else due at that minute), and the monster's
    arrival, after every ordinary event of its minute (design.md). `succeed()` can give
    neither: it schedules now, at NORMAL priority.
    """

    def __init__(self, env: simpy.Environment, priority: EventPriority, delay: int = 0) -> None:
        super().__init__(env)
        self._ok = True
        self._value = None
        env.schedule(self, priority, delay)

    @staticmethod
    def then(env: simpy.Environment, call: Callable[[], None]) -> None:
        """Call `call` at the current minute, before any ordinary event due at it (how
        simpy.Process delivers an interrupt: an URGENT event now)."""
        ev = Fired(env, URGENT)
        assert ev.callbacks is not None
        ev.callbacks.append(lambda _ev: call())


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
    """

    __slots__ = ("_env", "_gen", "_resume", "_target", "is_alive")

    def __init__(self, env: simpy.Environment, gen: Generator[Event, None, None]) -> None:
        self._env = env
        self._gen = gen
        self._target: Event | None = None
        self.is_alive = True
        self._resume = self._on_event  # one bound method, so that it can be removed again
        self._advance(None)

    def _on_event(self, event: Event) -> None:
        if event.value is not None:
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
            callbacks.append(self._resume)
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
                event.callbacks.append(self._resume)
                self._target = event
                return
            # Already processed: like simpy's Process, go on at once.
            if event.value is not None:
                self._refuse(event)

    def _refuse(self, event: Event) -> None:
        self.is_alive = False
        self._target = None
        self._gen.close()
        raise DrivenError(
            f"a driven process waited on {event!r}, which carries {event.value!r}:"
            " driven processes receive no values (use simpy.Process)"
        )

    def interrupt(self, cause: object) -> None:
        """Throw `simpy.Interrupt(cause)` into the process, now, before the ordinary events
        of this minute; nothing happens if the process has ended by then."""
        Fired.then(self._env, lambda: self._interrupted(cause))

    def _interrupted(self, cause: object) -> None:
        if not self.is_alive:
            return
        target = self._target
        assert target is not None and target.callbacks is not None
        target.callbacks.remove(self._resume)
        self._advance(simpy.Interrupt(cause))
