"""The log writer: a structlog pipeline that turns typed events into hash-chained JSON lines.

The engine builds each event as its model (nightsim/events.py), envelope included. The one
processor, `Chain`, writes the event's line: its JSON form (every field the model defines, so
the file, the schema and `simulate()` agree on one form) with `hash` = SHA-256(previous hash +
canonical JSON of the line without `hash`), in canonical JSON. The "logger" at the end is any
callable that takes a finished line.

Canonical JSON is RFC 8785, the JSON Canonicalization Scheme (log format 2, docs/log-format.md):
keys sorted by UTF-16 code units, no spaces, UTF-8, numbers in ECMAScript's shortest form. Any
language can reproduce it (in JavaScript, `JSON.stringify` with sorted keys), where format 1's
`json.dumps` wrote floats as only Python does (`4.0`). An event's line is written by orjson
straight from the model where that provably gives the same bytes (`event_line`); the header's
(its config may hold a float) by `json.dumps` where that provably gives the same text, by the
`rfc8785` package otherwise (`canonical_text`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from typing import Any

import orjson
import rfc8785
from pydantic import BaseModel

from nightsim.engine.outcome import NightOutcome
from nightsim.events import Event, EventBase, NightHeader, json_data, json_keys, written

GENESIS = "0" * 64


# Where a sorted, compact `json.dumps` (ensure_ascii=False) and RFC 8785 may write JSON data
# (dicts with str keys, lists, str, int, bool, None, float) differently, each seen in the
# dumped text: a float (Python's repr, a digit then `.` or `e`: JCS writes ECMAScript's
# shortest form, `4` for `4.0`); an integer of 16 digits or more (JCS refuses one beyond
# 2**53 - 1); a lone surrogate (JCS refuses it: not UTF-8); a character outside the BMP (JCS
# sorts keys by UTF-16 code units, Python by code points, which differ only there). Strings
# are escaped alike (`"`, `\`, and below U+0020: `\b \f \n \r \t`, else `\u00xx`), and
# null, booleans, lists and objects are written alike. Text in which none of these is seen
# is the JCS text; a match (also one inside a string: "2.5 ft") only sends the line to
# `rfc8785`. tests/log/test_canonical.py holds the two equal wherever this path is taken.
_MIGHT_DIFFER = re.compile(r"[0-9][.eE]|[0-9]{16}|[\ud800-\udfff\U00010000-\U0010ffff]")
# In ASCII text the two differ only in numbers, and in compact JSON every number outside a
# string starts right after `:`, `,` or `[` (unless it is the whole text): a float (a digit
# then `.` or `e`) or a long integer is seen there. Text inside a string (a release, "0.5.0")
# no longer sends a header to the slow path; a string that looks like one (":2.5") still
# does, which is only slower. One search, half the old pattern's time on an event's line.
_NUMBER_MIGHT_DIFFER = re.compile(r"[:,\[]-?[0-9]+[.eE]|[:,\[]-?[0-9]{16}")
#: `json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`, refusing
#: NaN and infinity (not JSON): the fast path's text, checked by `fast_text`.
dumps_sorted = json.JSONEncoder(
    ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":")
).encode


def fast_text(data: Any) -> str | None:
    """The JCS text of JSON data (str keys) by `json.dumps`, or None where the two might
    differ (then `rfc8785` decides, and refuses what JCS cannot write)."""
    try:
        text: str = dumps_sorted(data)
    except (TypeError, ValueError):  # not JSON data, or NaN / infinity
        return None
    if not text.isascii():
        return None if _MIGHT_DIFFER.search(text) else text
    if text[:1] in "-0123456789":  # a number alone
        return None if _MIGHT_DIFFER.search(text) else text
    return None if _NUMBER_MIGHT_DIFFER.search(text) else text


# orjson's sorted, compact output is `dumps_sorted`'s for every str (tests/log/test_canonical.py
# compares the two on all of U+0000..U+FFFF), and OPT_STRICT_INTEGER refuses exactly the
# integers JCS refuses (beyond 2**53 - 1). It writes NaN and infinity as `null`, so it is
# only ever given data that holds no float: an event's (format 2 writes none; tests/engine/
# test_events.py holds every event model to int, str, bool, None, enums and lists of them).
_ORJSON_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_STRICT_INTEGER
# The first byte of a 4-byte UTF-8 sequence: a character outside the BMP, where JCS (UTF-16
# code units) and orjson (code points) may sort keys differently.
_NON_BMP_UTF8 = re.compile(rb"[\xf0-\xf4]")


def float_free_jcs(data: Any, *, default: Callable[[Any], Any] | None = None) -> bytes | None:
    """The JCS (RFC 8785) bytes of JSON data that holds no float, by orjson, or None where
    the two might differ (a character outside the BMP) or JCS cannot write it (an integer
    beyond 2**53 - 1, a lone surrogate): then `canonical_text` decides. Never give it a
    float (orjson writes NaN as `null`). `default`: orjson's hook for a value it does not
    write itself (`json_fields`: a model as its fields)."""
    try:
        out: bytes = orjson.dumps(data, default=default, option=_ORJSON_SORTED)
    except (TypeError, orjson.JSONEncodeError):
        return None
    if not out.isascii() and _NON_BMP_UTF8.search(out):
        return None
    return out


# A private-use character: where a float goes in `floats_apart`'s text.
_FLOAT = "\ue000"


def _floats_apart(data: Any, floats: list[float]) -> Any:
    if isinstance(data, float):
        floats.append(data)
        return f"{_FLOAT}{len(floats) - 1}{_FLOAT}"
    if isinstance(data, dict):
        return {k: _floats_apart(v, floats) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_floats_apart(v, floats) for v in data]
    return data


def floats_apart(data: Mapping[str, Any]) -> str | None:
    """The JCS text of JSON data by orjson (`float_free_jcs`), each float (a header's config:
    shift hours, carried firewood) written by `rfc8785` alone and put in its place; None
    where orjson cannot vouch for the text (then `rfc8785` writes the whole). JCS writes a
    number the same wherever it stands and a float changes no key's order, so the text is
    `rfc8785.dumps(data)`'s (tests/log/test_canonical.py) at a fraction of its cost: a
    header also holds text `fast_text` steps aside for (the release, "0.4.0"), and a
    campaign's verify canonicalises every night's header several times."""
    floats: list[float] = []
    try:
        apart = _floats_apart(data, floats)
    except RecursionError:  # nested past reason: rfc8785 on the whole says how it refuses
        return None
    raw = float_free_jcs(apart)
    if raw is None:
        return None
    text = raw.decode("utf-8")
    if not floats:
        return text
    if text.count(_FLOAT) != 2 * len(floats):
        return None  # a string that holds the mark itself
    try:
        numbers = [rfc8785.dumps(f).decode("ascii") for f in floats]
    except ValueError:  # NaN, infinity: rfc8785 on the whole says how it refuses
        return None
    parts = text.split(_FLOAT)
    out = [parts[0][:-1]]  # each mark stands inside the quotes of a string
    for i in range(1, len(parts), 2):
        after = parts[i + 1][1:]
        out += [numbers[int(parts[i])], after[:-1] if i + 2 < len(parts) else after]
    return "".join(out)


def canonical_text(data: Mapping[str, Any]) -> tuple[str, bool]:
    """The JCS (RFC 8785) text of `data` (JSON data: str keys), and whether it was the fast
    path's (`fast_text`). Where the fast path cannot vouch for a text, the maintained
    `rfc8785` package writes it (data with floats: each float), not a canonicaliser of our
    own: number formatting and key order are where hand-written ones differ, and a log is
    only checkable in another language if they do not."""
    text = fast_text(data)
    if text is not None:
        return text, True
    text = floats_apart(data)
    if text is not None:
        return text, False
    return rfc8785.dumps(data).decode("utf-8"), False


def canonical_bytes(data: Mapping[str, Any]) -> bytes:
    """The JCS (RFC 8785) form of `data`, UTF-8 (raises ValueError where JCS cannot write it)."""
    return canonical_text(data)[0].encode("utf-8")


def canonical_json(data: Mapping[str, Any]) -> str:
    return canonical_text(data)[0]


def line_hash(prev: str, line_without_hash: Mapping[str, Any]) -> str:
    return hashlib.sha256(prev.encode() + canonical_bytes(line_without_hash)).hexdigest()


def with_hash(line_without_hash: dict[str, Any], fast: bool) -> str:
    """The canonical text of a line whose text without `hash` the fast path wrote (`fast`):
    a `hash` member (a str key, 64 hex digits) added to text the fast path vouched for keeps
    the two forms equal, so it is `json.dumps`'s again, unchecked (its hex digits would
    otherwise look like numbers to the check)."""
    return dumps_sorted(line_without_hash) if fast else canonical_json(line_without_hash)


def dump(ev: EventBase) -> dict[str, Any]:
    """The event's line without `hash` as JSON data (the chain adds it)."""
    out: dict[str, Any] = json_data(ev)
    del out["hash"]
    return written(ev, out)


# The fast line: an event's fields straight from its `__dict__`, nested models through
# orjson's `default` hook, the `hash` member written as a placeholder (a lone DEL, which
# orjson writes as itself) and then taken out for the hash and filled in for the line.
_PLACEHOLDER = "\x7f"
_HASH_MEMBER = b',"hash":"\x7f"'


def json_fields(value: Any) -> Any:
    """orjson's `default` hook for a model (an event, and the rolls, targets and shifts in
    it): its fields by JSON key, leaving orjson to write the values (str, int, bool, None,
    enums, tuples, nested models through this hook again). `__dict__` as it is where every
    field's key is its name and it holds every field; a dict renamed by `json_keys` (`from`
    for `from_`) otherwise. The writer's `event_line` and the reader's `vouched_line` use it;
    tests/log/test_canonical.py and tests/log/test_reader_fast.py hold the bytes to
    `rfc8785` and to pydantic's `model_dump` on every event type."""
    cls = type(value)
    n = _DIRECT.get(cls)
    if n is None:
        if not isinstance(value, BaseModel):
            raise TypeError(cls.__name__)  # not JSON data: orjson raises
        n = _direct(cls)
    fields = value.__dict__
    if len(fields) == n:
        return fields
    return {key: fields[name] for name, key in json_keys(cls)}


# A model's number of fields where every field's JSON key is its name, -1 where one is not
# (`ShiftTimes`: `from`): its `__dict__` holding that many is its JSON object as it is.
_DIRECT: dict[type, int] = {}


def _direct(cls: type[BaseModel]) -> int:
    keys = json_keys(cls)
    n = _DIRECT[cls] = len(keys) if all(name == key for name, key in keys) else -1
    return n


def event_line(prev: str, ev: EventBase) -> tuple[str, str] | None:
    """The chained line of an event and its hash, by orjson (`float_free_jcs`'s reasoning:
    an event holds no float), or None where orjson cannot vouch for the JCS text (a
    character outside the BMP, an integer beyond 2**53 - 1, a lone surrogate), or where the
    event's `__dict__` is not its line (an aliased field, a field missing, the header:
    `written` drops fields of it). The text with the `hash` member is JCS's without it
    once the member is taken out: JCS joins an object's members, sorted, with commas, and a
    line's `clock` sorts before `hash`, so the member always has a comma before it; a text
    holding any other DEL is left to the slow path, so the placeholder is the member's."""
    fields, cls = ev.__dict__, type(ev)
    n = _DIRECT.get(cls)
    if n is None:
        n = _direct(cls)
    if cls is NightHeader or len(fields) != n:
        return None
    data = fields.copy()
    data["hash"] = _PLACEHOLDER
    out = float_free_jcs(data, default=json_fields)
    if out is None or out.count(b"\x7f") != 1:
        return None
    body = out.replace(_HASH_MEMBER, b"", 1)
    if len(body) != len(out) - len(_HASH_MEMBER):
        return None  # not a line with `clock` before `hash`
    digest = hashlib.sha256(prev.encode() + body).hexdigest()
    return out.replace(b"\x7f", digest.encode(), 1).decode(), digest


class Chain:
    """The pipeline's processor: the event's line with its `hash`, the link after `prev`.
    Every event but the header is written by `event_line`; the header (its config may hold a
    float) and anything `event_line` declines by `canonical_text`."""

    def __init__(self, prev: str = GENESIS) -> None:
        self.prev = prev

    def __call__(self, _logger: Any, _name: str, ed: MutableMapping[str, Any]) -> str:
        ev: EventBase = ed["_event"]
        done = event_line(self.prev, ev)
        if done is not None:
            line, self.prev = done
            return line
        body = dump(ev)
        text, fast = canonical_text(body)
        self.prev = body["hash"] = hashlib.sha256((self.prev + text).encode()).hexdigest()
        return with_hash(body, fast)


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

    chain = Chain()
    # Bound once: `wrap_logger` gives a lazy proxy, which builds a new bound logger (its
    # processors, its context) for every message it is sent.
    return structlog.wrap_logger(
        LineSink(outputs),
        processors=[chain],
        wrapper_class=structlog.BoundLogger,
        context_class=dict,
        cache_logger_on_first_use=False,
    ).bind()


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
