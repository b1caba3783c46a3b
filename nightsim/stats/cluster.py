"""Where the nights are counted: on a Dask cluster (`--scheduler ADDRESS`; docs/odds.md, "On
a cluster") instead of this machine's worker processes (`--jobs`).

Every report (odds, compare, sweep, rank) fans its chunks of nights out through one door,
`stats.odds.in_pool`; with a scheduler chosen (`on_cluster`, a context variable: where the
work runs is the shell's choice, not part of the question) that door sends the same calls to
the cluster. A chunk is a pure function of its arguments and the counts are sums, so the
report is byte-identical to one made with `--jobs`, however the chunks are spread, retried
on another worker when one dies, or finished in any order (docs/odds.md). Dask is an
optional extra (`nightsim[dask]`): imported only here, and only when a scheduler is chosen.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from nightsim.errors import EnvironmentFailure
from nightsim.told import Said

if TYPE_CHECKING:
    from nightsim.config import Config

R = TypeVar("R")

_SCHEDULER: ContextVar[str | None] = ContextVar("nightsim_scheduler", default=None)
ADDRESS = re.compile(r"^(tcp|tls|inproc)://[^\s/]+$")
CONNECT_S = 10.0  # how long to wait for the scheduler, and for its first worker
PATIENCE_S = 60.0  # how long a run waits with no worker at all before it gives up
EXTRA = "pip install 'nightsim[dask]'"


class ClusterUnavailable(ValueError):
    """The extra is not installed or the address is not one: bad input (exit 2)."""


def check_address(address: str) -> str:
    """The scheduler's address as Dask takes it (`tcp://HOST:PORT`), or ClusterUnavailable."""
    if not ADDRESS.match(address):
        raise ClusterUnavailable(Said("use.scheduler_address", address=repr(address)))
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterUnavailable(Said("use.scheduler_extra", extra=EXTRA)) from None
    return address


def scheduler() -> str | None:
    """The scheduler chosen for the reports made now (None: this machine)."""
    return _SCHEDULER.get()


@contextmanager
def on_cluster(address: str | None) -> Iterator[None]:
    """Reports made inside count their nights on the cluster at `address` (None: here)."""
    token = _SCHEDULER.set(None if address is None else check_address(address))
    try:
        yield
    finally:
        _SCHEDULER.reset(token)


# --- on the worker --------------------------------------------------------------------------

# A worker may run several threads and serve several runs: the configs a call reads
# (stats.odds._WORKER_CONFIGS) are rebuilt for its run and held for the call's whole length.
_WORKER_LOCK = threading.Lock()
_WORKER_KEY: list[str] = [""]


def _on_worker(key: str, configs: list[dict[str, Any]], fn: Callable[..., R], args: Any) -> R:
    from nightsim.config import config_from_data
    from nightsim.stats.odds import _WORKER_CONFIGS

    with _WORKER_LOCK:
        if _WORKER_KEY[0] != key:
            _WORKER_CONFIGS.clear()
            for i, data in enumerate(configs):
                _WORKER_CONFIGS[i] = config_from_data(data)
            _WORKER_KEY[0] = key
        return fn(*args)


# --- on this machine ------------------------------------------------------------------------


def _lost(address: str, what: str) -> EnvironmentFailure:
    return EnvironmentFailure(f"--scheduler {address}: {what}; no report was made")


def _connect(address: str) -> Any:
    import distributed

    make: Any = distributed.Client  # untyped: everything of Dask's is Any here
    try:
        client = make(address, timeout=CONNECT_S, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise _lost(address, f"no Dask scheduler answered within {CONNECT_S:g} s ({exc})") from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_S)
    except (OSError, TimeoutError):
        client.close()
        raise _lost(address, f"the scheduler has no worker after {CONNECT_S:g} s") from None
    return client


def threads(address: str) -> int:
    """How many calls the cluster runs at once (its workers' threads), for the chunk size."""
    client = _connect(address)
    try:
        return max(1, int(sum(client.nthreads().values())))
    finally:
        client.close()


def in_cluster(
    address: str,
    configs: Sequence[Config],
    calls: Iterable[tuple[Callable[..., R], tuple[Any, ...]]],
    done: Callable[[R], None],
) -> None:
    """`stats.odds.in_pool` on the cluster: every call submitted with the run's configs,
    a few in flight per worker thread (memory flat), each result handed to `done` as it
    comes. A worker that dies mid-call has the call run again elsewhere (Dask's own
    retry); a call that kills workers again and again, or a cluster with no worker left
    for PATIENCE_S, ends the run with EnvironmentFailure: never a report with a chunk
    missing."""
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker

    from nightsim.log.writer import canonical_json

    canon = [cfg.canonical() for cfg in configs]
    key = hashlib.sha256(canonical_json({"configs": canon}).encode("utf-8")).hexdigest()
    client = _connect(address)
    pending: set[Any] = set()
    try:
        with client.as_current():  # Dask's `wait` finds the client it waits with here
            room = _room(client)
            for fn, args in calls:
                pending.add(client.submit(_on_worker, key, canon, fn, args, pure=False))
                pending = _collect(client, address, pending, done, until=room)
            _collect(client, address, pending, done, until=0)
    except (FutureCancelledError, KilledWorker) as exc:
        raise _lost(address, f"a chunk of nights failed on the cluster ({exc})") from None
    except OSError as exc:
        raise _lost(address, f"the scheduler was lost ({exc})") from None
    finally:
        for fut in pending:
            fut.cancel()
        client.close()


def _room(client: Any) -> int:
    """How many calls stay in flight: two per worker thread."""
    return 2 * max(1, int(sum(client.nthreads().values())))


def _collect(
    client: Any, address: str, pending: set[Any], done: Callable[[Any], None], until: int
) -> set[Any]:
    """Hand finished results to `done` until fewer than `until` calls are in flight (0:
    all of them); the calls still in flight."""
    import distributed

    wait: Any = distributed.wait
    alone_since: float | None = None
    while pending and len(pending) >= max(until, 1):
        try:
            finished, pending = wait(pending, timeout=5, return_when="FIRST_COMPLETED")
        except TimeoutError:
            alone_since = _check_workers(client, address, alone_since)
            continue
        alone_since = None
        for fut in finished:
            done(fut.result())
    return pending


def _check_workers(client: Any, address: str, alone_since: float | None) -> float | None:
    """While nothing finishes: None if the cluster still has workers, else since when it
    has had none; EnvironmentFailure once that is PATIENCE_S."""
    if client.nthreads():
        return None
    now = time.monotonic()
    if alone_since is not None and now - alone_since > PATIENCE_S:
        raise _lost(address, f"the cluster has had no worker for {PATIENCE_S:g} s")
    return now if alone_since is None else alone_since
