"""Signals as exceptions, from the entry point's first line to the exit (issue 10).

SIGINT raises KeyboardInterrupt and SIGTERM raises Terminated in the main thread, so a `kill`
takes Ctrl-C's clean path: no log under its final name, one line, 130 or 143. Python
swallows an exception raised inside its own fork hooks (it prints "Exception ignored" and
goes on: `odds --jobs` forks), and a stop raised while the pool records a new worker would
leave that worker running: so a stop that lands while a worker is being started waits, and
every stop is raised again every half second (SIGALRM) until a handler takes it.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

from nightsim.errors import Terminated

_STOPS = (signal.SIGINT, signal.SIGTERM)
_AGAIN_SECONDS = 0.5


class _State:
    installed = False
    pending = 0  # the signal being delivered, until a handler takes it
    taken = False


def _exception(signum: int) -> BaseException:
    return KeyboardInterrupt() if signum == signal.SIGINT else Terminated()


def _in_flight() -> bool:
    """Whether a stop is already propagating or being handled (an except or finally on its
    way out): raising it again there would only cut that clean-up short."""
    return isinstance(sys.exc_info()[1], KeyboardInterrupt | Terminated)


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
        if not _starting_a_process(frame):
            raise _exception(signum)

    def again(_signum: int, frame: FrameType | None) -> None:
        if not _State.pending or _State.taken:
            return
        signal.setitimer(signal.ITIMER_REAL, _AGAIN_SECONDS)
        if not _in_flight() and not _starting_a_process(frame):
            raise _exception(_State.pending)

    for sig in _STOPS:
        signal.signal(sig, on_signal)
    signal.signal(signal.SIGALRM, again)
    _State.installed = True


def stopping() -> None:
    """Where a stop is handled: from here the process only cleans up and exits, so a further
    signal (an impatient second Ctrl-C) is ignored rather than cut the clean-up short."""
    if not _State.installed:
        return  # the API or a test calling the CLI in-process: its signals are its own
    _State.taken = True
    signal.setitimer(signal.ITIMER_REAL, 0)
    for sig in _STOPS:
        signal.signal(sig, signal.SIG_IGN)
