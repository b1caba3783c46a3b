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
At most a few nights per worker are in flight, so memory stays flat whatever the campaign's
length; a short campaign is not worth the workers' start and runs in this process alone.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Generator, Iterable, Iterator, Sequence
from concurrent.futures import Future
from typing import Any

#: Below this many nights the workers' start costs more than they save.
MIN_NIGHTS = 64
#: Nights in flight per worker: enough to keep it busy, few enough to keep memory flat.
PER_WORKER = 4

Row = Sequence[Any]


def rows_ahead(
    rows: Iterable[Row], jobs: int, nights: int
) -> Generator[tuple[Row, Any], None, None]:
    """Each row with what a worker found for it (an outcome, or None: check it here), in
    the rows' order. With one job, or a short campaign, every row comes with None."""
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
        initargs=(os.getpid(),),
    )
    try:
        yield from _in_order(pool, iter(rows), jobs * PER_WORKER)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown(wait=True, cancel_futures=True)


def _in_order(pool: Any, rows: Iterator[Row], window: int) -> Iterator[tuple[Row, Any]]:
    flight: deque[tuple[Row, Future[Any] | None]] = deque()
    for row in rows:
        flight.append((row, _submitted(pool, row)))
        if len(flight) >= window:
            yield _taken(*flight.popleft())
    while flight:
        yield _taken(*flight.popleft())


def _submitted(pool: Any, row: Row) -> Future[Any] | None:
    """The row's log sent to a worker; None where its columns are not what nightsim writes
    (this process then reads them, and names what is wrong, in the night's turn)."""
    number, head, log = row[0], row[1], row[9]
    if not isinstance(number, int) or not isinstance(head, str) or not isinstance(log, bytes):
        return None
    future: Future[Any] = pool.submit(_check, number, log, head)
    return future


def _taken(row: Row, future: Future[Any] | None) -> tuple[Row, Any]:
    if future is None:
        return row, None
    try:
        return row, future.result()
    except Exception:  # the worker's failure, not the night's: checked here instead
        return row, None


def _check(number: int, log: bytes, head: str) -> Any:
    """In a worker: the night's outcome if its log is whole, else None."""
    from nightsim.campaign.verification import outcome_of

    try:
        return outcome_of(number, log, head)
    except Exception:  # anything amiss is this process's to find, and to name, again
        return None


def _init_worker(parent: int) -> None:
    from nightsim.stats.orphans import end_with_parent

    end_with_parent(parent)  # a parent killed outright takes its workers with it
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def _stop(pool: Any) -> None:
    """Ctrl-C or an error: the workers ended at once, not left computing."""
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
