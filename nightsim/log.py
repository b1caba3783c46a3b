"""The log writer: a structlog pipeline that turns raw events into hash-chained JSON lines.

Processors, in order: `Stamp` adds `v`, `seq`, `t`, `clock` and `type`; `Canonicalize` checks
the line against the event union and fills every field the model defines (so the file, the
schema and `simulate()` agree on one form); `Chain` adds `hash` = SHA-256(previous hash +
canonical JSON of the line without `hash`); `render` writes canonical JSON (sorted keys, no
spaces, UTF-8). The "logger" at the end is any callable that takes a finished line.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any

from nightsim.clock import clock
from nightsim.events import LOG_VERSION, event_dict, parse_event
from nightsim.outcome import NightOutcome

if TYPE_CHECKING:
    # The writer takes what the engine makes, but the reader shares this module (the hash
    # chain): importing the engine here would load SimPy into `replay` and `schema`.
    from nightsim.engine import RawEvent

GENESIS = "0" * 64


def canonical_json(data: Mapping[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def line_hash(prev: str, line_without_hash: Mapping[str, Any]) -> str:
    return hashlib.sha256((prev + canonical_json(line_without_hash)).encode()).hexdigest()


class Stamp:
    def __init__(self, camp_minute: int) -> None:
        self.camp_minute = camp_minute
        self.seq = 0

    def __call__(
        self, _logger: Any, _name: str, ed: MutableMapping[str, Any]
    ) -> MutableMapping[str, Any]:
        t = ed.pop("_t")
        ed["type"] = ed.pop("event")
        ed.update(v=LOG_VERSION, seq=self.seq, t=t, clock=clock(self.camp_minute, t))
        self.seq += 1
        return ed


def canonicalize(
    _logger: Any, _name: str, ed: MutableMapping[str, Any]
) -> MutableMapping[str, Any]:
    return event_dict(parse_event(dict(ed)))


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


def log_pipeline(camp_minute: int, outputs: Iterable[Callable[[str], None]]) -> Any:
    # Imported here: structlog (with structlog.dev) costs ~75 ms, and `import nightsim`
    # (every CLI start, the log reader, the schema) needs only the hash helpers above.
    import structlog

    return structlog.wrap_logger(
        LineSink(outputs),
        processors=[Stamp(camp_minute), canonicalize, Chain(), render],
        wrapper_class=structlog.BoundLogger,
        context_class=dict,
        cache_logger_on_first_use=False,
    )


def write_events(
    raw: Iterable[RawEvent | NightOutcome],
    camp_minute: int,
    outputs: Iterable[Callable[[str], None]],
) -> list[NightOutcome]:
    """Send every raw event through the pipeline to the outputs; return the nights' outcomes."""
    log = log_pipeline(camp_minute, outputs)
    outcomes = []
    for item in raw:
        if isinstance(item, NightOutcome):
            outcomes.append(item)
            continue
        t, type_, fields = item
        log.msg(type_, _t=t, **fields)
    return outcomes


def iter_log_lines(raw: Iterable[RawEvent | NightOutcome], camp_minute: int) -> Iterator[str]:
    """The same pipeline pulled instead of pushed: each finished line (no `\\n`) as it is made.

    `verify` walks this beside the log being checked, so neither is held whole in memory.
    """
    pending: list[str] = []
    log = log_pipeline(camp_minute, [pending.append])
    for item in raw:
        if isinstance(item, NightOutcome):
            continue
        t, type_, fields = item
        log.msg(type_, _t=t, **fields)
        yield from pending
        pending.clear()
