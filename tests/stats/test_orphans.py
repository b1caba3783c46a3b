"""A pool's worker ends with its parent (nightsim/stats/orphans.py): real processes, a real
`kill -9` of the parent, on Linux's death signal and on the portable watch alike."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

from tests.helpers.processes import ENV, TIMEOUT, gone, linux_only

PARENT = """
import os, sys, time
from nightsim.stats import orphans
if sys.argv[1] == "watch":
    orphans._death_signal = lambda: False  # as where prctl is missing
parent = os.getpid()
child = os.fork()
if child == 0:
    orphans.end_with_parent(parent)
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
time.sleep(60)
"""


@linux_only
@pytest.mark.parametrize("how", ["death-signal", pytest.param("watch", marks=pytest.mark.slow)])
def test_a_worker_ends_when_its_parent_is_killed(how: str) -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, how], stdout=subprocess.PIPE, text=True, env=ENV
    )
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    time.sleep(0.1)  # the child past end_with_parent
    assert not gone(child)
    parent.kill()
    parent.wait(timeout=TIMEOUT)
    deadline = time.monotonic() + 3
    try:
        while not gone(child):
            assert time.monotonic() < deadline, f"the child outlived its parent ({how})"
            time.sleep(0.02)
    finally:
        if not gone(child):
            os.kill(child, signal.SIGKILL)


def test_a_worker_whose_parent_is_already_gone_ends_at_once() -> None:
    """The race: the parent died between the fork and the death signal being set."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from nightsim.stats.orphans import end_with_parent\n"
            "end_with_parent(-1)\n"  # never anyone's parent pid
            "print('still here')",
        ],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=TIMEOUT,
        check=False,
    )
    assert (done.returncode, done.stdout) == (1, "")


def _deaf(ready: Any) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    ready.set()
    time.sleep(60)


@linux_only
def test_a_worker_deaf_to_sigterm_is_killed_at_a_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stop ends every child (`stop.end_children`): one that does not end after SIGTERM is
    killed, since the interpreter's exit would wait on it without a limit."""
    import multiprocessing

    from nightsim.cli import stop

    monkeypatch.setattr(stop, "_TERM_SECONDS", 0.3)
    mp = multiprocessing.get_context("fork")
    ready = mp.Event()
    child = mp.Process(target=_deaf, args=(ready,))
    child.start()
    assert ready.wait(TIMEOUT)  # its SIGTERM ignored before it is sent
    started = time.monotonic()
    stop.end_children()
    assert not child.is_alive() and child.exitcode == -signal.SIGKILL
    assert time.monotonic() - started < TIMEOUT
