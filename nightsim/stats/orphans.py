"""A worker process ends with the process that started it, whatever ends that one.

A pool's worker waits on the task pipe, and it holds that pipe's write end itself (a fork
copies every descriptor): when the parent dies without ending it (`kill -9`, an out-of-memory
kill, a hang-up the parent could not handle) no end-of-file ever comes and the worker waits
for good, holding its memory. So each worker, as it starts:

- on Linux asks the kernel for SIGKILL when its parent dies (`prctl(PR_SET_PDEATHSIG)`): at
  once, and whatever the parent died of;
- elsewhere (or where prctl fails) watches its parent from a thread: an orphan is adopted by
  another process, so `getppid()` changes, and the worker then ends within a poll;
- then checks `getppid()` once more, for a parent that died before either was in place.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_POLL_SECONDS = 0.5


def end_with_parent(parent: int) -> None:
    """In a worker process started by `parent` (its pid): end when `parent` ends."""
    if not _death_signal():
        threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    # The death signal only covers deaths from now on: a parent gone between the fork and
    # here has already handed this process to another.
    if os.getppid() != parent:
        os._exit(1)


def _death_signal() -> bool:
    """Whether the kernel will SIGKILL this process when its parent dies (Linux). The
    signal comes when the parent's *thread* that forked this process ends: the pool is
    started from the thread that waits for its results, which lives as long as the pool."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):  # no libc of that name, no prctl in it
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_POLL_SECONDS)
    os._exit(1)
