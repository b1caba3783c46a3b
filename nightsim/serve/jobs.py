"""Background jobs of the referee's console: odds, compare, sweep and rank over many nights.

A job runs in a thread of the server's process, with `jobs=1` (docs/limits.md, "The
referee's console"): forking worker processes from a server that runs threads is not safe, and the
machine a table runs on is a laptop. The computation reports the nights it has finished
through the planning API's `progress` callback; the same callback stops a cancelled job (it
raises `Cancelled` between two chunks of nights, so a cancel takes effect within a chunk).

Bounded: at most `MAX_RUNNING` jobs at once (another is refused, HTTP 429), at most
`MAX_JOB_NIGHTS` nights a job, and the `MAX_KEPT` newest finished jobs kept for their pages.
"""

from __future__ import annotations

import secrets
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MAX_RUNNING = 2  # jobs at once: the machine's cores
MAX_JOB_NIGHTS = (
    200_000  # nights a job simulates in all, every variant counted: ~100 s (docs/limits.md)
)
MAX_KEPT = 20  # finished jobs kept for their result pages

Progress = Callable[[int], None]
Work = Callable[[Progress], dict[str, Any]]


class Cancelled(Exception):
    """Raised inside a job's computation once its cancel was asked for."""


class Busy(Exception):
    """Too many jobs at once: `MAX_RUNNING` are running."""


@dataclass
class Job:
    """One job: what it computes, how far it is, and its report once done."""

    id: str
    kind: str  # odds, compare, sweep, rank
    total: int  # nights to simulate, every variant counted
    camp: str
    done: int = 0
    state: str = "running"  # running, done, failed, cancelled
    report: dict[str, Any] | None = None
    error: str = ""
    cancel_asked: threading.Event = field(default_factory=threading.Event)

    @property
    def percent(self) -> int:
        if self.state == "done":
            return 100
        return min(99, self.done * 100 // self.total) if self.total else 0

    @property
    def finished(self) -> bool:
        return self.state != "running"


class Jobs:
    """The console's jobs, shared by every request (kept in `app.state`)."""

    def __init__(self, max_running: int = MAX_RUNNING, max_kept: int = MAX_KEPT) -> None:
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self.max_running = max_running
        self.max_kept = max_kept

    def start(self, kind: str, camp: str, total: int, work: Work) -> Job:
        """Start `work` in a thread; Busy if `max_running` jobs are running."""
        with self._lock:
            if sum(not j.finished for j in self._jobs.values()) >= self.max_running:
                raise Busy
            job = Job(secrets.token_hex(8), kind, total, camp)
            self._jobs[job.id] = job
            self._forget_old()
        threading.Thread(target=self._run, args=(job, work), daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        job = self.get(job_id)
        if job is not None:
            job.cancel_asked.set()
        return job

    def _run(self, job: Job, work: Work) -> None:
        def progress(n: int) -> None:
            if job.cancel_asked.is_set():
                raise Cancelled
            job.done += n

        try:
            report = work(progress)
        except Cancelled:
            job.state = "cancelled"
        except (ValueError, TypeError) as exc:
            # A plan the checks before the start let through (a ConfigError is a ValueError):
            # its one line, as the command line prints it.
            job.error, job.state = str(exc), "failed"
        except Exception:
            # A bug, not bad input: its traceback on the server's stderr, the job failed.
            traceback.print_exc(file=sys.stderr)
            job.error, job.state = "", "failed"  # the page says "internal error"
        else:
            job.report, job.state = report, "done"

    def _forget_old(self) -> None:
        done = [j for j in self._jobs.values() if j.finished]
        for j in done[: max(0, len(done) - self.max_kept)]:
            del self._jobs[j.id]
