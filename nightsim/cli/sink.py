"""`--sink URL`: each event POSTed to a CloudEvents HTTP endpoint (docs/stream.md, "Sending
each event to a URL").

The bytes are `--format cloudevents`'s (nightsim.log.cloudevents): structured mode POSTs one
event as it is, binary mode the same event as `ce-*` headers and its `data` as the body
(the CloudEvents HTTP protocol binding), batch mode one night's array. The night never waits
for the sink: the main thread encodes and queues (a bounded queue; past its bound an event
is counted undelivered, not waited for), and one background thread POSTs, retrying what may
succeed later after fixed delays. At the end the queue gets a bounded time to drain, and one
line says what was delivered. A sink that fails costs neither the log nor the narration, nor
the exit code: a bot that is down must not fail the referee's night.
"""

from __future__ import annotations

import http.client
import json
import queue
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import SplitResult, urlsplit

from nightsim.cli import stop
from nightsim.cli.common import UsageError, status
from nightsim.limits import shown
from nightsim.log.cloudevents import Batcher, Wrapper
from nightsim.told import Said, in_lang, os_why

if TYPE_CHECKING:
    from nightsim.cli.page import Logged

# A log line, or what carries one (`run` tells the typed events beside their lines).
L = TypeVar("L", bound="str | Logged")

# Deterministic (no jitter: one nightsim, one sink) exponential backoff: after these waits an
# event is given up; 7.75 s in all.
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0)
MAX_QUEUED = 1000  # events (or nights' batches) waiting: some MiB at most
REQUEST_SECONDS = 5.0  # one POST's connect and answer
# Worth trying again (RFC 9110: a timeout, too many requests, the server's own trouble).
_RETRIED = frozenset({408, 429})
_CONTENT_TYPES = {
    "structured": "application/cloudevents+json",
    "batch": "application/cloudevents-batch+json",
}


def checked_url(text: str) -> SplitResult:
    """An http:// or https:// URL with a host (and a port that is a port)."""
    if not text.isprintable() or " " in text:
        raise UsageError(Said("use.sink_spaces"))
    url = urlsplit(text)
    try:
        url.port  # noqa: B018  (raises on a port that is not a number in 0..65535)
    except ValueError:
        raise UsageError(Said("use.sink_port", got=shown(text))) from None
    if url.scheme not in ("http", "https") or not url.hostname:
        raise UsageError(Said("use.sink_url", got=shown(text)))
    return url


def header_value(text: str) -> str:
    """An attribute as a `ce-*` header value: the CloudEvents HTTP binding (3.1.3.2)
    percent-encodes space, `"`, `%` and everything outside printable ASCII, as UTF-8 bytes
    (so a subject such as «Ярема» survives any HTTP stack)."""
    return "".join(
        c if "!" <= c <= "~" and c not in '"%' else "".join(f"%{b:02X}" for b in c.encode())
        for c in text
    )


@dataclass
class Post:
    body: bytes
    headers: dict[str, str]


def binary(line: str, event_json: str) -> Post:
    """One event in binary mode: the attributes of its structured form (Wrapper's) as
    headers, its `data` as the body: the log line itself, which `data` is."""
    event = json.loads(event_json)
    del event["data"]
    headers = {"Content-Type": event.pop("datacontenttype")}
    headers.update({f"ce-{name}": header_value(str(value)) for name, value in event.items()})
    return Post(line.encode("utf-8"), headers)


@dataclass
class _Tally:
    delivered: int = 0
    dropped: int = 0  # the queue was full
    queued: int = 0
    last_problem: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)


class Sink:
    """The events of one command, POSTed in order from one background thread."""

    def __init__(self, url: SplitResult, mode: str, drain_seconds: float, lang: str = "en") -> None:
        self.url, self.mode, self.drain_seconds = url, mode, drain_seconds
        self.lang = lang  # the command's: its closing line is told in it
        self.tally = _Tally()
        self._queue: queue.Queue[Post | None] = queue.Queue(MAX_QUEUED)
        self._abandoned = threading.Event()
        self._thread = threading.Thread(target=self._deliver_all, name="sink", daemon=True)
        self._wrap = Wrapper()
        self._batcher = Batcher()
        self._conn: http.client.HTTPConnection | None = None
        self._started = False

    def _start(self) -> None:
        # Started with the stops blocked, the thread keeps them blocked (a new thread
        # inherits its creator's mask): the kernel then always hands SIGINT, SIGTERM and
        # SIGHUP to the main thread, and `stop.held()` there still holds them.
        with stop.held():
            self._thread.start()

    # --- the main thread ------------------------------------------------------------------

    def tee(self, items: Iterable[L]) -> Iterator[L]:
        """`items` as they are, each sent on as it passes."""
        for item in items:
            self.send(item)
            yield item

    def send(self, item: str | Logged) -> None:
        line = item if isinstance(item, str) else item.line
        if self.mode == "batch":
            done = self._batcher.add(line)
            if done is not None:
                self._put(Post(done.encode("utf-8"), {}))
            return
        event = self._wrap(line)
        assert event is not None  # the referee's view (the sink's) shows every line
        post = binary(line, event) if self.mode == "binary" else Post(event.encode("utf-8"), {})
        self._put(post)

    def end_log(self) -> None:
        """One log is over (a campaign sends one per night): its last batch goes, and the
        next log's events get a fresh source from its own header."""
        if self.mode == "batch":
            done = self._batcher.end()
            if done is not None:
                self._put(Post(done.encode("utf-8"), {}))
        self._wrap, self._batcher = Wrapper(), Batcher()

    def _put(self, post: Post) -> None:
        if not self._started:  # with the first event: a command refused before has none
            self._started = True
            self._start()
        if self.mode != "binary":
            post.headers["Content-Type"] = _CONTENT_TYPES[self.mode]
        try:
            self._queue.put_nowait(post)
            self.tally.queued += 1
        except queue.Full:  # the night does not wait for a sink that cannot keep up
            with self.tally.lock:
                self.tally.dropped += 1
                self.tally.last_problem = f"more than {MAX_QUEUED} waiting"

    def close(self) -> None:
        """The last batch sent, a bounded wait for the queue to drain, then one line on
        stderr: how many were delivered, and why the rest were not."""
        self.end_log()
        deadline = time.monotonic() + self.drain_seconds
        while self._thread.is_alive() and time.monotonic() < deadline:
            try:
                self._queue.put(None, timeout=max(0.0, deadline - time.monotonic()))
                break
            except queue.Full:
                continue
        self._thread.join(max(0.0, deadline - time.monotonic()))
        self._abandoned.set()
        status(self.said())

    def said(self) -> str:
        from nightsim.narration.catalogue import Catalogue

        tally = self.tally
        total = tally.queued + tally.dropped
        with tally.lock:
            delivered, problem = tally.delivered, tally.last_problem
        # Without a password or a query: a webhook's secret token stays out of the logs.
        host = self.url.hostname or ""
        host = f"[{host}]" if ":" in host else host  # an IPv6 address, as a URL writes it
        port = f":{self.url.port}" if self.url.port is not None else ""
        where = shown(f"{self.url.scheme}://{host}{port}{self.url.path}")
        t = Catalogue(self.lang)
        count = t(f"sink.count_{'batch' if self.mode == 'batch' else 'event'}", n=delivered)
        if delivered == total:
            return t("sink.done", where=where, count=count)
        why = t("sink.last", problem=in_lang(problem, self.lang)) if problem else t("sink.queued")
        return t("sink.warn", where=where, count=count, left=total - delivered, why=why)

    # --- the background thread ------------------------------------------------------------

    def _deliver_all(self) -> None:
        while not self._abandoned.is_set():
            post = self._queue.get()
            if post is None:
                return
            self._deliver(post)

    def _deliver(self, post: Post) -> None:
        for delay in (*RETRY_DELAYS, None):
            if self._abandoned.is_set():
                return
            answer = self._post(post)
            if isinstance(answer, int) and 200 <= answer < 300:
                with self.tally.lock:
                    self.tally.delivered += 1
                return
            retried = not isinstance(answer, int) or answer in _RETRIED or answer >= 500
            problem = answer if isinstance(answer, str) else f"HTTP {answer}"
            with self.tally.lock:
                self.tally.last_problem = problem
            if not retried or delay is None or self._abandoned.wait(delay):
                return  # given up: counted undelivered at the end

    def _post(self, post: Post) -> int | str:
        """One POST: the answer's status, or what went wrong on the way (retried)."""
        try:
            if self._conn is None:
                cls = (
                    http.client.HTTPSConnection
                    if self.url.scheme == "https"
                    else http.client.HTTPConnection
                )
                self._conn = cls(self.url.hostname or "", self.url.port, timeout=REQUEST_SECONDS)
            path = self.url.path or "/"
            if self.url.query:
                path += "?" + self.url.query
            self._conn.request("POST", path, body=post.body, headers=post.headers)
            answer = self._conn.getresponse()
            answer.read()
            if answer.will_close:
                self._close()
            return answer.status
        except (OSError, http.client.HTTPException) as exc:
            self._close()
            # (shown: a bad status line quotes what the server sent, escapes and all)
            why = os_why(exc)  # a common reason by code, told in the command's language
            return why if isinstance(why, Said) else shown(why, quote=False)

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
