"""Background jobs of the referee's console: odds, compare, sweep and rank over many nights.

A job runs in a process of its own (docs/limits.md, "The referee's console"): the server's
process keeps its core for the pages and the stream, a job's memory goes back to the system
when it ends, and a cancel ends it at once (the process is terminated). The process is
started with `spawn`, never `fork`: the server runs threads, and a forked child of a
threaded process may inherit a lock held by another thread. It runs at a lower priority
(nice 10), so the night being told at the table is never slowed by a planner's job, and
counts the nights it has finished in a shared counter the progress bar reads (the planning
API's `progress` callback, chunk by chunk).

Bounded: at most `MAX_RUNNING` jobs at once (another is refused, HTTP 429), at most
`MAX_JOB_NIGHTS` nights a job, and the `MAX_KEPT` newest finished jobs kept for their pages.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import secrets
import sys
import threading
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

MAX_RUNNING = 2  # jobs at once: the machine's cores
MAX_JOB_NIGHTS = 200_000  # nights a job simulates in all, every variant counted: ~100 s
MAX_KEPT = 20  # finished jobs kept for their result pages

Progress = Callable[[int], None]
Task = Mapping[str, Any]  # plain data, as the job's process receives it (pickled)


class Busy(Exception):
    """Too many jobs at once: `MAX_RUNNING` are running."""


@dataclass
class Job:
    """One job: what it computes, how far it is, and its report once done."""

    id: str
    kind: str  # odds, compare, sweep, rank
    total: int  # nights to simulate, every variant counted
    camp: str
    state: str = "running"  # running, done, failed, cancelled
    report: dict[str, Any] | None = None
    error: str = ""  # a failed job's one line ("": a bug, on the server's stderr)
    cancel_asked: threading.Event = field(default_factory=threading.Event)
    counter: Any = None  # the process's shared count of nights finished
    process: Any = None

    @property
    def done(self) -> int:
        return int(self.counter.value) if self.counter is not None else 0

    @property
    def percent(self) -> int:
        if self.state == "done":
            return 100
        return min(99, self.done * 100 // self.total) if self.total else 0

    @property
    def finished(self) -> bool:
        return self.state != "running"


def _child(task: Task, counter: Any, conn: Any) -> None:
    """The job's process: run the task, send ("done", report) or ("failed", line)."""
    with contextlib.suppress(OSError):
        os.nice(10)
    from nightsim.serve.odds_plan import run_task

    def progress(n: int) -> None:
        with counter.get_lock():
            counter.value += n

    try:
        conn.send(("done", run_task(task, progress)))
    except (ValueError, TypeError) as exc:
        # A plan the checks before the start let through (a ConfigError is a ValueError):
        # its one line, as the command line prints it.
        from nightsim.told import said_of

        conn.send(("failed", said_of(exc)))  # a message by code: told in the page's language
    except Exception:
        traceback.print_exc(file=sys.stderr)  # a bug: its traceback on the server's stderr
        conn.send(("failed", ""))
    finally:
        conn.close()


class Jobs:
    """The console's jobs, shared by every request (kept in `app.state`)."""

    def __init__(self, max_running: int = MAX_RUNNING, max_kept: int = MAX_KEPT) -> None:
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self.max_running = max_running
        self.max_kept = max_kept

    def start(self, kind: str, camp: str, total: int, task: Task) -> Job:
        """Start `task` in a process of its own; Busy if `max_running` jobs are running."""
        mp = multiprocessing.get_context("spawn")
        with self._lock:
            if sum(not j.finished for j in self._jobs.values()) >= self.max_running:
                raise Busy
            job = Job(secrets.token_hex(8), kind, total, camp, counter=mp.Value("q", 0))
            reader, writer = mp.Pipe(duplex=False)
            job.process = mp.Process(
                target=_child, args=(dict(task), job.counter, writer), daemon=True
            )
            job.process.start()
            writer.close()  # the child's end: the reader sees EOF when the child is gone
            self._jobs[job.id] = job
            self._forget_old()
        threading.Thread(target=self._watch, args=(job, reader), daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        job = self.get(job_id)
        if job is not None and not job.finished:
            job.cancel_asked.set()
            job.process.terminate()
        return job

    def _watch(self, job: Job, reader: Any) -> None:
        """Wait for the job's answer (or its end) and record it."""
        try:
            outcome, payload = reader.recv()
        except (EOFError, OSError):
            outcome, payload = "gone", None
        finally:
            reader.close()
            job.process.join()
        if job.cancel_asked.is_set():
            job.state = "cancelled"
        elif outcome == "done":
            job.report, job.state = payload, "done"
        else:
            # Failed in words, or the process died (killed from outside, out of memory).
            job.error, job.state = (payload or ""), "failed"

    def _forget_old(self) -> None:
        done = [j for j in self._jobs.values() if j.finished]
        for j in done[: max(0, len(done) - self.max_kept)]:
            del self._jobs[j.id]
