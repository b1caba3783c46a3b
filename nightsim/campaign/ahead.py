"""Night logs re-simulated ahead, in worker processes: `campaign verify --jobs J`.

`campaign verify` checks the nights one after another, in order (docs/campaign.md, "What
verify checks"); its costliest check, re-simulating a night's log line by line
(`verification.check_log`), needs nothing but that night's row. So with more than one job,
worker processes run it on the nights coming next while this process checks the chain.

What a worker finds is only ever a shortcut to the same answer:
- this process takes a worker's outcome only where the worker found the log whole (the
  same function, on the same bytes, gives the same outcome);
- anywhere else (a broken log, a damaged row, a worker that failed or died) it checks that
  night itself, as a verify of one job does, so every refusal is the one-job refusal, word
  for word, and at the night it names.
A worker reads the nights' logs from the snapshot `campaign verify` took (its own read-only
connection to that private copy), so only night numbers cross to it, a chunk of nights at a
time, and what comes back is an outcome with the SHA-256 of the log it was made from: taken
only where that is the log this process read. At most a few chunks per worker are in
flight, so memory stays flat whatever the campaign's length; a short campaign is not worth
the workers' start and runs in this process alone.
"""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
from collections import deque
from collections.abc import Generator, Iterable, Iterator, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

#: Below this many nights the workers' start costs more than they save.
MIN_NIGHTS = 64
#: Nights a worker takes at a time: few enough to share the nights out evenly, enough that
#: a task's own cost (its future, its answer's pickling) is small beside its nights'.
CHUNK = 8
#: Chunks in flight per worker: enough to keep it busy, few enough to keep memory flat.
PER_WORKER = 2

Row = Sequence[Any]
#: A worker's answer for one night: the SHA-256 of the log it re-simulated, and the outcome.
Found = tuple[bytes, Any]

_SNAPSHOT: sqlite3.Connection | None = None  # in a worker: its connection to the snapshot


def rows_ahead(
    rows: Iterable[Row], jobs: int, nights: int, snapshot: str
) -> Generator[tuple[Row, Any], None, None]:
    """Each row with what a worker found for it (an outcome, or None: check it here), in
    the rows' order; `snapshot`: the path of the copy the rows are read from. With one job,
    or a short campaign, every row comes with None."""
    if jobs <= 1 or nights < MIN_NIGHTS:
        for row in rows:
            yield row, None
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context(method),
        initializer=_init_worker,
        initargs=(os.getpid(), snapshot),
    )
    try:
        yield from _in_order(pool, iter(rows), jobs * PER_WORKER)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown(wait=True, cancel_futures=True)


def _in_order(pool: Any, rows: Iterator[Row], window: int) -> Iterator[tuple[Row, Any]]:
    flight: deque[tuple[list[Row], Future[dict[int, Found]] | None]] = deque()
    chunk: list[Row] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) < CHUNK:
            continue
        flight.append((chunk, _submitted(pool, chunk)))
        chunk = []
        if len(flight) >= window:
            yield from _taken(*flight.popleft())
    if chunk:
        flight.append((chunk, _submitted(pool, chunk)))
    while flight:
        yield from _taken(*flight.popleft())


def _submitted(pool: Any, chunk: list[Row]) -> Future[dict[int, Found]] | None:
    """The chunk's night numbers sent to a worker; a row whose columns are not what
    nightsim writes is left out (this process then reads it, and names what is wrong, in
    the night's turn)."""
    numbers = [row[0] for row in chunk if _sound(row)]
    if not numbers:
        return None
    future: Future[dict[int, Found]] = pool.submit(_check, numbers)
    return future


def _sound(row: Row) -> bool:
    return isinstance(row[0], int) and isinstance(row[1], str) and isinstance(row[9], bytes)


def _taken(chunk: list[Row], future: Future[dict[int, Found]] | None) -> Iterator[tuple[Row, Any]]:
    try:
        found = {} if future is None else future.result()
    except Exception:  # the worker's failure, not the nights': checked here instead
        found = {}
    for row in chunk:
        answer = found.get(row[0]) if _sound(row) else None
        if answer is not None and answer[0] == hashlib.sha256(row[9]).digest():
            yield row, answer[1]
        else:
            yield row, None


def _check(numbers: list[int]) -> dict[int, Found]:
    """In a worker: each night's outcome where its log (read from the snapshot) is whole."""
    from nightsim.campaign.verification import outcome_of
    from nightsim.config.once import once

    assert _SNAPSHOT is not None
    found: dict[int, Found] = {}
    sql = "SELECT number, head, log FROM nights WHERE number BETWEEN ? AND ?"
    # Within `once()`, as in this process: a night's header config validated once, not in
    # each check that reads it (config/once.py).
    with once():
        for number, head, log in _SNAPSHOT.execute(sql, (min(numbers), max(numbers))):
            if number not in numbers or not isinstance(head, str) or not isinstance(log, bytes):
                continue
            try:
                found[number] = (hashlib.sha256(log).digest(), outcome_of(number, log, head))
            except Exception:  # anything amiss is this process's to find, and name, again
                continue
    return found


def _init_worker(parent: int, snapshot: str) -> None:
    from nightsim.stats.orphans import end_with_parent

    global _SNAPSHOT
    end_with_parent(parent)  # a parent killed outright takes its workers with it
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    # Read-only, on the private copy: nothing writes it while `campaign verify` runs.
    # (a URI, its path percent-encoded: a temporary folder's name may hold "?" or "#").
    _SNAPSHOT = sqlite3.connect(Path(snapshot).as_uri() + "?mode=ro", uri=True)


def _stop(pool: Any) -> None:
    """Ctrl-C or an error: the workers ended at once, not left computing."""
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
