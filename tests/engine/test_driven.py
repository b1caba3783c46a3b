"""`Driven`, the night's process runner, held to what simpy.Process does for the same
generator, and to its own contract: values refused loudly, interrupts like SimPy's."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Generator
from functools import partial
from typing import Any

import pytest
import simpy
from simpy.events import NORMAL, URGENT, Event, Timeout

from nightsim.engine._simpy import Driven, DrivenError, LeanEnvironment

Log = list[tuple[int, str]]


def sleeper(env: simpy.Environment, log: Log) -> Generator[Event, Any, None]:
    """Waits 10, then 20; an interrupt is logged with its cause and the wait goes on 5."""
    for d in (10, 20):
        try:
            yield Timeout(env, d)
            log.append((int(env.now), f"woke after {d}"))
        except simpy.Interrupt as intr:
            log.append((int(env.now), f"interrupted: {intr.cause}"))
            yield Timeout(env, 5)
            log.append((int(env.now), "back"))


def run(spawn: Callable[[simpy.Environment, Generator[Event, Any, None]], Any], at: int) -> Log:
    env = LeanEnvironment()
    log: Log = []
    proc = spawn(env, sleeper(env, log))

    def poke() -> Generator[Event, Any, None]:
        yield Timeout(env, at)
        log.append((int(env.now), "poke"))
        if proc.is_alive:
            proc.interrupt("a noise")

    simpy.Process(env, poke())
    Driven.run_until(env, 100)
    return log


@pytest.mark.parametrize("at", [0, 3, 10, 12, 30, 31])
def test_interrupt_while_waiting_matches_simpy_process(at: int) -> None:
    assert run(Driven, at) == run(simpy.Process, at)


def test_interrupt_while_waiting_throws_the_cause_into_the_generator() -> None:
    log = run(Driven, 3)
    assert log[:3] == [(3, "poke"), (3, "interrupted: a noise"), (8, "back")]


def test_interrupt_of_a_finished_process_has_no_effect() -> None:
    env = LeanEnvironment()
    log: Log = []
    proc = Driven(env, sleeper(env, log))
    Driven.run_until(env, 100)
    assert not proc.is_alive and log == [(10, "woke after 10"), (30, "woke after 20")]
    proc.interrupt("too late")
    Driven.run_until(env, 200)
    assert log == [(10, "woke after 10"), (30, "woke after 20")]


def test_an_uncaught_interrupt_is_loud() -> None:
    # As with simpy.Process (whose failure nobody defuses): the run stops with it.
    env = LeanEnvironment()

    def short() -> Generator[Event, Any, None]:
        yield Timeout(env, 1)

    Driven(env, short()).interrupt("unhandled")
    with pytest.raises(simpy.Interrupt):
        Driven.run_until(env, 10)


def test_a_value_carrying_event_is_refused_loudly() -> None:
    env = LeanEnvironment()

    def greedy() -> Generator[Event, Any, None]:
        got = yield Timeout(env, 5, value="a value")
        raise AssertionError(f"the value {got!r} must not be delivered, nor dropped silently")

    proc = Driven(env, greedy())
    with pytest.raises(DrivenError, match="a value"):
        Driven.run_until(env, 10)
    assert not proc.is_alive


def test_a_value_on_an_event_already_processed_is_refused_too() -> None:
    env = LeanEnvironment()
    ev = Event(env)
    ev.succeed(42)
    Driven.run_until(env, 1)  # processed: its callbacks are gone

    def late() -> Generator[Event, Any, None]:
        yield ev

    with pytest.raises(DrivenError, match="42"):
        Driven(env, late())


def test_fired_events_keep_their_priority_and_delay() -> None:
    env = LeanEnvironment()
    order: list[str] = []
    for name, prio in (("normal", NORMAL), ("urgent", URGENT)):
        ev = Driven.fired(env, prio, 5)
        assert ev.callbacks is not None
        ev.callbacks.append(lambda _e, n=name: order.append(n))  # type: ignore[misc]
    timeout = Timeout(env, 5)
    assert timeout.callbacks is not None
    timeout.callbacks.append(lambda _e: order.append("timeout"))
    Driven.run_until(env, 10)
    assert order == ["urgent", "normal", "timeout"] and env.minute == 5


def test_run_until_stops_before_until_and_keeps_the_minute() -> None:
    env = LeanEnvironment()
    seen: list[int] = []
    for d in (1, 4, 9, 10):
        Driven.call_in(env, d, partial(seen.append, d))
    Driven.run_until(env, 10)
    assert seen == [1, 4, 9] and env.minute == 9 and env.now == 9


def test_a_driven_night_is_no_reference_cycle() -> None:
    """A `Driven` process keeps no bound method of its own (it hooks a fresh one on each wait
    and an interrupt removes it by equality): a process that held its own callback was a
    reference cycle, so every night's processes and environment waited for the cyclic
    collector instead of going with the night (docs/design-notes.md)."""
    gc.collect()
    gc.disable()
    try:
        log: Log = []
        assert run(Driven, 12) == run(simpy.Process, 12)  # an interrupt: the hook removed
        env = LeanEnvironment()
        process = Driven(env, sleeper(env, log))
        Driven.run_until(env, 100)
        # Gone when the last name goes, the collector off: held by nothing but a cycle, they
        # would stay. (Not `gc.collect() == 0`: another thread of the test process, a
        # server's or a cluster's, makes garbage of its own meanwhile.)
        kept = weakref.ref(env)
        del env, process
        assert kept() is None
        assert not any(isinstance(o, Driven) for o in gc.get_objects())
    finally:
        gc.enable()
