"""SimPy without its bookkeeping, for the `record=False` path of the engine (what `odds`
runs): the same generators wait on the same events in the same order; only the Process
objects, whose Initialize and end events carry no information, are left out."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import simpy
from simpy.events import URGENT, Event


class LeanEnvironment(simpy.Environment):
    """simpy's Environment without its per-instance shortcuts.

    simpy binds `env.timeout`, `env.event`, `env.process`, ... to every new Environment
    (`BoundClass.bind_early`, over the class's own attributes only); the engine makes its
    events with the classes themselves (`Timeout(env, d)` is `env.timeout(d)`), and makes
    an environment per night, so the binding was pure cost. `env.timeout` still works.
    """


class Driven:
    """A process of the `record=False` path, run without a simpy.Process.

    It waits on the same events, in the same order, and an interrupt reaches it the way a
    simpy.Interruption does (an URGENT event at the current minute that detaches it from
    the event it waits on and throws `simpy.Interrupt(cause)` into it). What it skips is
    the Initialize and end events and the Process bookkeeping, which carry no information
    when nothing is recorded. It starts at once rather than at an Initialize event: the
    engine starts one only where nothing else is scheduled before that event would run.
    """

    __slots__ = ("_env", "_gen", "_resume", "_target", "is_alive")

    def __init__(self, env: simpy.Environment, gen: Generator[Event, Any, None]) -> None:
        self._env = env
        self._gen = gen
        self._target: Event | None = None
        self.is_alive = True
        self._resume = self._on_event  # one bound method, so that it can be removed again
        self._advance(None)

    def _on_event(self, _event: Event) -> None:
        # The common case, inlined: the process waits on a fresh timeout.
        try:
            event = self._gen.send(None)
        except StopIteration:
            self.is_alive = False
            self._target = None
            return
        callbacks = event.callbacks
        if callbacks is not None:
            callbacks.append(self._resume)
            self._target = event
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

    def interrupt(self, cause: object) -> None:
        ev = Event(self._env)
        ev._ok = True
        ev._value = None
        assert ev.callbacks is not None
        ev.callbacks.append(lambda _: self._interrupted(cause))
        self._env.schedule(ev, URGENT)

    def _interrupted(self, cause: object) -> None:
        if not self.is_alive:
            return
        assert self._target is not None and self._target.callbacks is not None
        self._target.callbacks.remove(self._resume)
        self._advance(simpy.Interrupt(cause))
