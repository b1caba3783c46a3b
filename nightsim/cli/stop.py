"""Signals as exceptions, from the entry point's first line to the exit.

SIGINT raises KeyboardInterrupt, SIGTERM raises Terminated and SIGHUP (a closed terminal or
SSH session) HungUp, a Terminated, in the main thread, so a `kill` or a hang-up takes
Ctrl-C's clean path: no partial log left, one line, 130, 143 or 129. Python
swallows an exception raised inside its own fork hooks (it prints "Exception ignored" and
goes on: `odds --jobs` forks), and a stop raised while the pool records a new worker would
leave that worker running: so a stop that lands while a worker is being started waits, and
every stop is raised again every half second (SIGALRM) until a handler takes it.

A stop can also be lost or disguised on its way (docs/limits.md, "Signals"):

- raised where Python ignores exceptions (a `__del__`, a weakref callback, a generator the
  collector closes): kept quiet here (`sys.unraisablehook`) and still pending, so SIGALRM
  raises it again, and if the process ends first `stopping()` hands it to the entry point;
- raised inside a library that wraps it (pydantic's SchemaError, a RuntimeError from
  `__set_name__`, an ImportError from C): `cause()` finds it in the chain, or takes any
  error that surfaces while a stop is still pending as that stop;
- raised while pydantic-core (Rust) imports `datetime` from C: the import fails and the
  extension panics with a multi-line message nobody can catch, so `datetime` is loaded
  here first, with the stops held.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from types import FrameType
from typing import Any

from nightsim.errors import HungUp, Terminated

# SIGHUP where the platform has it (not Windows): without a handler a closed terminal ended
# `run` silently, its `.partial` left behind to block the next `--log` of that name.
_HUP: tuple[int, ...] = (signal.SIGHUP,) if hasattr(signal, "SIGHUP") else ()
_STOPS = (signal.SIGINT, signal.SIGTERM, *_HUP)
_AGAIN_SECONDS = 0.5
_TERM_SECONDS = 5.0  # a child's time to end after SIGTERM, before SIGKILL (`end_children`)
# What stopped the command, by code (the catalogues' "stop.*"), told in its --lang.
_SAID: dict[int, str] = {
    signal.SIGINT: "stop.int",
    signal.SIGTERM: "stop.term",
    **{sig: "stop.hup" for sig in _HUP},
}


class _State:
    installed = False
    pending = 0  # the signal being delivered, until a handler takes it
    taken = False
    kept = ""  # once `run` has committed its log: "the log is complete: PATH; head: H"


def _exception(signum: int) -> BaseException:
    if signum == signal.SIGINT:
        return KeyboardInterrupt()
    return HungUp() if signum in _HUP else Terminated()


def _signal_of(exc: BaseException | None) -> int:
    """The stop `exc` is or wraps (its `__cause__` and `__context__` chain, suppressed or
    not: `raise … from None` still keeps the context), or 0."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, KeyboardInterrupt):
            return signal.SIGINT
        if isinstance(exc, HungUp):
            return _HUP[0]
        if isinstance(exc, Terminated):
            return signal.SIGTERM
        exc = exc.__cause__ or exc.__context__
    return 0


def cause(exc: BaseException) -> int:
    """The signal behind `exc` (SIGINT, SIGTERM, SIGHUP), or 0 for an error of its own. An
    error that surfaces while a stop is delivered but not yet taken is that stop's doing even
    when the chain lost it (an import from C replaces the exception it met)."""
    return _signal_of(exc) or (_State.pending if not _State.taken else 0)


def _in_flight() -> bool:
    """Whether a stop is already propagating or being handled (an except or finally on its
    way out): raising it again there would only cut that clean-up short."""
    return bool(_signal_of(sys.exc_info()[1]))


# Where a worker process is being started: multiprocessing's fork (and the hooks Python runs
# around it: an exception there is swallowed with an "Exception ignored" traceback), and the
# pool's books (a worker forked but not yet recorded would be left running at the stop).
_STARTING = {
    ("_launch", "multiprocessing/popen_fork.py"),
    ("start", "multiprocessing/process.py"),
    ("_spawn_process", "futures/process.py"),
    ("_launch_processes", "futures/process.py"),
    ("_adjust_process_count", "futures/process.py"),
}


def _starting_a_process(frame: FrameType | None) -> bool:
    """Whether the main thread is starting a worker process (`odds --jobs`): a stop waits
    there for the next SIGALRM, half a second later."""
    while frame is not None:
        code = frame.f_code
        where = "/".join(code.co_filename.replace("\\", "/").rsplit("/", 2)[-2:])
        if (code.co_name, where) in _STARTING:
            return True
        frame = frame.f_back
    return False


def install() -> None:
    main_pid = os.getpid()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != main_pid:
            # A forked worker (`odds --jobs`) inherits this handler: its parent ends it, and
            # it ends as the signal says, quietly.
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        _State.pending = signum
        signal.setitimer(signal.ITIMER_REAL, _AGAIN_SECONDS)
        # A second stop while the first is being handled (an impatient second Ctrl-C)
        # would only cut that clean-up short.
        if not _in_flight() and not _starting_a_process(frame):
            raise _exception(signum)

    def again(_signum: int, frame: FrameType | None) -> None:
        if not _State.pending or _State.taken:
            return
        signal.setitimer(signal.ITIMER_REAL, _AGAIN_SECONDS)
        if not _in_flight() and not _starting_a_process(frame):
            raise _exception(_State.pending)

    _install_unraisable_hook()
    _State.installed = True
    for sig in _STOPS:
        signal.signal(sig, on_signal)
    signal.signal(signal.SIGALRM, again)
    with held():
        import datetime  # noqa: F401  (see the module's docstring: before pydantic-core)


def _install_unraisable_hook() -> None:
    """A stop raised where Python ignores exceptions is not printed ("Exception ignored …
    Terminated" and a traceback): it stays pending, raised again or decided at the end."""
    previous = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        if _signal_of(unraisable.exc_value):
            return
        previous(unraisable)

    sys.unraisablehook = hook


@contextlib.contextmanager
def held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait (blocked by the kernel) until the block ends, then arrive as
    usual: a few steps that must not be cut in two, such as a log taking its final name and
    the record that it did."""
    if not _State.installed:
        yield
        return
    # SIGALRM too: a stop swallowed earlier must not be raised again in the middle either.
    before = signal.pthread_sigmask(signal.SIG_BLOCK, (*_STOPS, signal.SIGALRM))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def kept(what: str) -> None:
    """What a stop from now on no longer loses, for its last line: `run` committed its log
    (cli.main clears it at the start of each command)."""
    _State.kept = what


def said(signum: int, lang: str = "en") -> str:
    """The last line of a stopped command, in `lang`: what stopped it, and its log if that
    is whole."""
    from nightsim.narration.catalogue import Catalogue
    from nightsim.told import in_lang

    t = Catalogue(lang)
    line = t("stop.line", what=t(_SAID.get(signum, "stop.other")))
    return f"{line}; {in_lang(_State.kept, lang)}" if _State.kept else line


def stopping() -> int:
    """Where a stop is handled: from here the process only cleans up and exits, so a further
    signal (an impatient second Ctrl-C) is ignored rather than cut the clean-up short.

    Returns a stop that was delivered but that no handler took (raised where Python ignores
    exceptions, and the process ended before SIGALRM raised it again), or 0: the entry point
    exits as that stop asks."""
    if not _State.installed:
        return 0  # the API or a test calling the CLI in-process: its signals are its own
    # Blocked first: a signal from here on stays with the kernel and goes with the process,
    # never half-handled (Python would report it "ignored due to race condition").
    signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    missed = 0 if _State.taken else _State.pending
    _State.taken = True
    signal.setitimer(signal.ITIMER_REAL, 0)
    for sig in _STOPS:
        signal.signal(sig, signal.SIG_IGN)
    return missed


def forget_interrupt() -> None:
    """A KeyboardInterrupt that ended inside code run from a string (`exec`: dataclasses,
    namedtuple and pydantic build functions so) sets a CPython flag that outlives the catch;
    under `python -m nightsim` the interpreter then kills itself with SIGINT at exit (-2,
    not 130) after this process has said what happened. A string exec clears the flag."""
    exec("None", {})


def end_children() -> None:
    """A signal mid `odds --jobs`: the pool's own clean-up ends the workers it knows, but one
    forked at the moment the signal came is not yet in its books, and Python's exit would
    wait for it for ever. Whatever child is still running ends here (a console job under
    `serve` too)."""
    mp = sys.modules.get("multiprocessing")
    if mp is None:
        return
    children = mp.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join(timeout=_TERM_SECONDS)
    # One still running after SIGTERM (a machine that is very busy) would hold the exit,
    # which joins every child without a limit: it is killed.
    for child in children:
        if child.is_alive():
            child.kill()
            child.join(timeout=_TERM_SECONDS)
