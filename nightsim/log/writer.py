"""The log writer: a structlog pipeline that turns typed events into hash-chained JSON lines.

The engine builds each event as its model (nightsim/events.py), envelope included. Processors,
in order: `dump` takes the event's JSON form, every field the model defines (so the file, the
schema and `simulate()` agree on one form); `Chain` adds `hash` = SHA-256(previous hash +
canonical JSON of the line without `hash`); `render` writes the line in canonical JSON. The
"logger" at the end is any callable that takes a finished line.

Canonical JSON is RFC 8785, the JSON Canonicalization Scheme (log format 2, docs/log-format.md):
keys sorted by UTF-16 code units, no spaces, UTF-8, numbers in ECMAScript's shortest form. Any
language can reproduce it (in JavaScript, `JSON.stringify` with sorted keys), where format 1's
`json.dumps` wrote floats as only Python does (`4.0`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from typing import Any

import rfc8785

from nightsim.engine.outcome import NightOutcome
from nightsim.events import Event, EventBase, json_data, written

GENESIS = "0" * 64


def canonical_bytes(data: Mapping[str, Any]) -> bytes:
    """The JCS (RFC 8785) form of `data`, UTF-8. The maintained `rfc8785` package, not a
    canonicaliser of our own: number formatting and key order are where hand-written ones
    differ, and a log is only checkable in another language if they do not."""
    return rfc8785.dumps(data)


def canonical_json(data: Mapping[str, Any]) -> str:
    return canonical_bytes(data).decode("utf-8")


def line_hash(prev: str, line_without_hash: Mapping[str, Any]) -> str:
    return hashlib.sha256(prev.encode() + canonical_bytes(line_without_hash)).hexdigest()


def dump(_logger: Any, _name: str, ed: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    ev: EventBase = ed["_event"]
    out: dict[str, Any] = json_data(ev)
    del out["hash"]  # the chain adds it
    return written(ev, out)


class Chain:
    def __init__(self, prev: str = GENESIS) -> None:
        self.prev = prev

    def __call__(
        self, _logger: Any, _name: str, ed: MutableMapping[str, Any]
    ) -> MutableMapping[str, Any]:
        self.prev = ed["hash"] = line_hash(self.prev, ed)
        return ed


def render(_logger: Any, _name: str, ed: MutableMapping[str, Any]) -> str:
    return canonical_json(ed)


class LineSink:
    """structlog's "logger": hands each finished line to every output."""

    def __init__(self, outputs: Iterable[Callable[[str], None]]) -> None:
        self.outputs = list(outputs)

    def msg(self, line: str) -> None:
        for out in self.outputs:
            out(line)


def log_pipeline(outputs: Iterable[Callable[[str], None]]) -> Any:
    # Imported here: structlog (with structlog.dev) costs ~75 ms, and `import nightsim`
    # (every CLI start, the log reader, the schema) needs only the hash helpers above.
    import structlog

    return structlog.wrap_logger(
        LineSink(outputs),
        processors=[dump, Chain(), render],
        wrapper_class=structlog.BoundLogger,
        context_class=dict,
        cache_logger_on_first_use=False,
    )


def write_events(
    raw: Iterable[Event | NightOutcome],
    outputs: Iterable[Callable[[str], None]],
) -> list[NightOutcome]:
    """Send every event through the pipeline to the outputs; return the nights' outcomes."""
    log = log_pipeline(outputs)
    outcomes = []
    for item in raw:
        if isinstance(item, NightOutcome):
            outcomes.append(item)
            continue
        log.msg(item.type, _event=item)
    return outcomes


def iter_logged(raw: Iterable[Event | NightOutcome]) -> Iterator[tuple[Event, str]]:
    """The same pipeline pulled instead of pushed: each event with its finished line (no
    `\\n`) as it is made. `run` narrates the events and writes the lines."""
    pending: list[str] = []
    log = log_pipeline([pending.append])
    for item in raw:
        if isinstance(item, NightOutcome):
            continue
        log.msg(item.type, _event=item)
        for line in pending:
            yield item, line
        pending.clear()


def iter_log_lines(raw: Iterable[Event | NightOutcome]) -> Iterator[str]:
    """Each finished line (no `\\n`) as it is made.

    `verify` walks this beside the log being checked, so neither is held whole in memory.
    """
    for _, line in iter_logged(raw):
        yield line
