"""Real processes for the fault tests: how to start `nightsim` (its environment, a timeout
for a loaded machine) and how to watch one through /proc (its signal handlers, its children,
whether it is gone)."""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
NIGHTSIM = [sys.executable, "-m", "nightsim"]
TIMEOUT = 60  # generous for a loaded 2-core machine; a hang is minutes, not seconds
linux_only = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")


def handles(pid: int, sig: int) -> bool:
    """Whether the process has a handler for `sig` (Linux's SigCgt mask): nightsim's entry
    sets its handlers before it imports anything heavy."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = re.search(r"^SigCgt:\s*([0-9a-f]+)", status, re.M)
    return mask is not None and bool(int(mask[1], 16) >> (sig - 1) & 1)


def wait_until(ready: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not ready():
        assert time.monotonic() < deadline, f"never ready: {what}"
        time.sleep(0.001)


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(c) for c in text.split()]


def gone(pid: int) -> bool:
    try:
        return "State:\tZ" in Path(f"/proc/{pid}/status").read_text()  # a zombie: it ended
    except OSError:
        return True
