"""The log reader: streams a log line by line, checking everything a log promises.

Pure: it takes an iterable of lines (str or bytes, each with its `\\n`, as a file yields them)
and yields typed events one at a time, so a 1,000-night journey is read with flat memory. The
CLI opens the file; `read_log(path)` is the Python API's convenience (like `load_config`).

What each line must be (docs/log-format.md): UTF-8 canonical JSON (RFC
8785, JCS; `\\n`-terminated), a valid event of the union, `v` 2, `seq` = its position (0, 1, 2,
…), `night` the night it is in (0 for the header), its `hash` = SHA-256(previous hash + the
line without `hash`). Line 1 is `night.header`; each night is framed by `night.began` (night
k) … `night.summary` (night k); the log ends with the summary of the header's last night (a
log cut short is not a whole night).

A format-1 log (its header's `v` is 1: nightsim 0.1.0) is checked by its own rules (format 1's
canonical JSON and chain, nightsim/log/format1.py), and each line is then upgraded to the current
models, so that `replay` still tells it; `LogLine.version` says which format a line was in.

Two kinds of failure (README.md, "Exit codes"): `NotALog` — the input is not a nightsim log at
all (empty, line 1 not JSON, no header, a format version we cannot read): bad input, exit 2.
`BrokenLog` — a log whose promise is broken (edited, inserted, deleted, duplicated, reordered
or cut short): exit 1. Both carry the line number (counted from 1, as an editor shows it;
`seq` counts from 0, so line N holds seq N-1).

The checks run one by one, in the order below; a format-2 line after the header is first
tried at once (`vouched_line`: the line is its valid event's canonical text, its hash right),
and a line that is not goes through them all, so each fault is told the same way.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError

from nightsim.errors import (
    BrokenLog,
    ConfigError,
    EmptyLog,
    EnvironmentFailure,
    LogError,
    NotALog,
    open_stream,
)
from nightsim.events import (
    EVENT_ADAPTER,
    EVENT_TYPES,
    LOG_VERSION,
    Event,
    NightBegan,
    NightHeader,
    NightSummary,
    event_keys,
    parse_event,
    written,
)
from nightsim.limits import MAX_LOG_DEPTH, MAX_LOG_LINE_BYTES, MAX_PARTY, shown
from nightsim.log.writer import (
    GENESIS,
    canonical_json,
    canonical_text,
    dumps_sorted,
    float_free_jcs,
    json_fields,
)
from nightsim.told import Said, os_why

#: The log format versions this nightsim reads: its own, and format 1 (upgraded on reading).
READABLE_VERSIONS = (1, LOG_VERSION)

# An event type as nightsim names them (dotted, lower case: `watch.dozed`): a line of a type
# this nightsim does not know is a later release's, skipped; anything else in `type` is
# a damaged line.
_TYPE_NAME = re.compile(r"^[a-z][a-z_]*(\.[a-z][a-z_]*)+$")


@dataclass(frozen=True, slots=True)
class LogLine:
    """One checked line: its number (from 1), its text as in the file (no `\\n`), its event,
    and the log format the line was written in (1: its event is the upgrade of the line).
    `ignored`: what the line holds that this nightsim does not know, left out of `event` (a
    later release's fields; for the header, also its config keys, `config.rules.x`)."""

    number: int
    text: str
    event: Event
    version: int = LOG_VERSION
    ignored: tuple[str, ...] = ()

    @property
    def hash(self) -> str:
        assert self.event.hash is not None  # a read line always has its hash
        return self.event.hash


@dataclass(frozen=True, slots=True)
class Skipped:
    """A line of an event type this nightsim does not know (a later release's, within format
    2): its chain link, order and canonical form are checked, its content is not read."""

    number: int
    text: str
    type: str
    hash: str


def _what(err: Any) -> str:
    """What is wrong with a field's value: a config's words for the same mistakes; a value
    that misses its pattern (a clock) names the form it must have."""
    from nightsim.config.explain import problem

    if err["type"] == "string_pattern_mismatch":
        pattern = str((err.get("ctx") or {}).get("pattern", ""))
        want = (
            Said("fault.want_clock")  # the one pattern a line holds: a clock, HH:MM
            if ":[0-5]" in pattern
            else Said("fault.want_pattern", pattern=shown(pattern, quote=False))
        )
        return Said("config.got", problem=want, got=shown(err["input"]))
    return problem(err)


def _describe(exc: ValidationError, type_: object) -> Said:
    """The first pydantic error as `type: field: what is wrong` (the rest are usually echoes)."""
    err = exc.errors()[0]
    loc = [str(p) for p in err["loc"]]
    # The discriminated union puts the event type first in the location: drop it.
    if len(loc) > 1 and "." in loc[0]:
        loc = loc[1:]
    if err["type"] == "union_tag_invalid":
        tag = err.get("ctx", {}).get("tag", "?")
        return Said("fault.unknown_type", type=type_, tag=shown(tag))
    if err["type"] == "union_tag_not_found":
        return Said("fault.no_type", type=type_)
    where = ".".join(loc)
    if err["type"] == "missing" and where:
        return Said("fault.field_missing", type=type_, field=shown(where))
    if where:  # in nightsim's words, as a config's mistakes are (config/explain.py)
        return Said("fault.bad_field", type=type_, field=shown(where), msg=_what(err))
    return Said("fault.bad_line", type=type_, msg=err["msg"])


def _first_difference(a: dict[str, Any], b: dict[str, Any]) -> str | None:
    """The first top-level key whose JSON differs (None: same data, different text)."""
    for key in sorted(set(a) | set(b)):
        if (
            key not in a
            or key not in b
            or canonical_json({"k": a[key]}) != canonical_json({"k": b[key]})
        ):
            return key
    return None


# --- the checks, in the order a line meets them ---------------------------------------------
# Each takes the line's number (from 1) and what the checks before it produced, and raises
# NotALog / BrokenLog at its fault; line 1 decides whether the input is a log at all.


def decode(number: int, raw: str | bytes) -> tuple[str, bool]:
    """The line's text without its `\\n`, and whether it lacked one (only the last line may:
    the file was cut short, told at the end or by the JSON check)."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            if number == 1:
                raise NotALog(1, Said("fault.not_utf8")) from None
            raise BrokenLog(number, Said("fault.not_utf8_line")) from None
    if number == 1 and raw.startswith("\ufeff"):
        # "UTF-8 with BOM": an editor rewrote a log (like CR LF), not a file that never was one.
        raise BrokenLog(1, Said("fault.bom"))
    cut = not raw.endswith("\n")
    return (raw if cut else raw[:-1]), cut


def _not_json(number: int, text: str, cut: bool) -> LogError:
    if number == 1:
        what = "empty" if not text.strip() else "binary" if "\x00" in text else "not_json"
        return NotALog(1, Said(f"fault.first_{what}"))
    if cut:
        return BrokenLog(number, Said("fault.cut_mid_line"))
    if not text.strip():
        return BrokenLog(number, Said("fault.empty_line"))
    return BrokenLog(number, Said("fault.not_json"))


def parse_json(number: int, text: str, cut: bool) -> dict[str, Any]:
    """The line as a JSON object."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: absurdly nested brackets
        raise _not_json(number, text, cut) from None
    if not isinstance(data, dict):
        if number == 1:
            raise NotALog(1, Said("fault.first_not_object"))
        raise BrokenLog(number, Said("fault.not_object"))
    return data


def check_depth(number: int, data: dict[str, Any], text_brackets: int | None = None) -> None:
    """The line nests at most MAX_LOG_DEPTH deep: the header's config is a config (MAX_DEPTH),
    and pydantic, the hash and the narration recurse once per level. A loop, not recursion:
    the input is hostile."""
    if text_brackets is not None and text_brackets <= MAX_LOG_DEPTH:
        return  # fewer brackets in the whole line than the limit: it cannot nest deeper
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_LOG_DEPTH:
            raise BrokenLog(number, Said("fault.too_deep", most=MAX_LOG_DEPTH))
        children = node.values() if isinstance(node, dict) else node
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))


def check_format(number: int, data: dict[str, Any], version: int) -> int:
    """Line 1 is a night.header of a format version this nightsim reads (else: not a log it
    can read); every other line carries the header's version. Returns the log's version."""
    v = data.get("v")
    if number != 1:
        if v != version or isinstance(v, bool):
            raise BrokenLog(number, Said("fault.v", got=shown(v), version=version))
        return version
    if data.get("type") != "night.header":
        raise NotALog(1, Said("fault.no_header", type=shown(data.get("type"))))
    if v not in READABLE_VERSIONS or not isinstance(v, int) or isinstance(v, bool):
        raise NotALog(
            1,
            Said(
                "fault.format",
                got=shown(v),
                first=", ".join(map(str, READABLE_VERSIONS[:-1])),
                last=READABLE_VERSIONS[-1],
            ),
        )
    return v


def check_seq(number: int, data: dict[str, Any], text: str, prev_text: str | None) -> None:
    """`seq` is the line's position (line N holds seq N-1); a wrong one says what most likely
    happened to the file there."""
    seq, got = number - 1, data.get("seq")
    if got == seq and not isinstance(got, bool):
        return
    if text == prev_text:
        raise BrokenLog(number, Said("fault.duplicate", line=number - 1))
    if got == 0 and data.get("type") == "night.header":
        raise BrokenLog(number, Said("fault.glued"))
    if not isinstance(got, int) or isinstance(got, bool):
        raise BrokenLog(number, Said("fault.seq", got=shown(got), seq=seq))
    code = "fault.seq_ahead" if got > seq else "fault.seq_behind"
    raise BrokenLog(number, Said(code, got=got, seq=seq))


def check_chain(number: int, data: dict[str, Any], prev_hash: str, version: int) -> str:
    """The line's `hash` is SHA-256(previous hash + the line without `hash`, in the canonical
    form of the log's format version); returns it."""
    return _chain(number, data, prev_hash, version)[0]


def _chain(number: int, data: dict[str, Any], prev_hash: str, version: int) -> tuple[str, bool]:
    """check_chain, and whether the line without `hash` was the writer's fast path's text
    (then the line's own canonical text is `json.dumps`'s: writer.with_hash)."""
    from nightsim.log.format1 import line_hash_v1

    claimed = data.get("hash")
    if not isinstance(claimed, str):
        if data.get("view") == "players":
            # `--view players --format jsonl`: a view proves nothing and carries no chain
            # (docs/stream.md, "The players' view is not the log"): not a log at all.
            raise NotALog(number, Said("fault.players_view"))
        raise BrokenLog(number, Said("fault.no_hash"))
    body = {k: v for k, v in data.items() if k != "hash"}
    fast = False
    try:
        if version == LOG_VERSION:
            text, fast = canonical_text(body)
            expected = hashlib.sha256((prev_hash + text).encode()).hexdigest()
        else:
            expected = line_hash_v1(prev_hash, body)
    except ValueError as exc:  # rfc8785: a number or a string that JCS cannot write
        raise BrokenLog(number, Said("fault.not_jcs", why=str(exc))) from None
    if claimed != expected:
        raise BrokenLog(
            number,
            Said("fault.hash"),
        )
    return claimed, fast


def check_event(number: int, data: dict[str, Any]) -> Event:
    """The line as a valid event of the union."""
    try:
        return parse_event(data)
    except ValidationError as exc:
        raise BrokenLog(number, _describe(exc, data.get("type", "?"))) from None


def _validated_dict(event: Event) -> dict[str, Any]:
    """events.event_dict of an event the reader validated, by pydantic's serializer (built
    with its validator, and 4x faster than `json_data`'s walk; tests/engine/test_events.py
    holds the two to the same output on every event type)."""
    out: dict[str, Any] = event.model_dump(mode="json", by_alias=True)
    if event.hash is None:
        del out["hash"]
    return written(event, out)


def _dumps_or_none(data: dict[str, Any]) -> str | None:
    try:
        return dumps_sorted(data)
    except ValueError:  # NaN or infinity: then canonical_json tells
        return None


def check_canonical(
    number: int,
    event: Event,
    data: dict[str, Any],
    text: str,
    ignored: tuple[str, ...] = (),
    *,
    fast: bool = False,
) -> None:
    """The line is the exact text nightsim writes for its event: every field present, in its
    JSON type, canonical JSON. Lax validation alone would accept "5" for 5 or a missing
    default, and the hash alone does not see spaces or key order. The `ignored` fields (a
    later release's) are held to the canonical form too, as they are in the line.

    `fast`: the chain found the line without `hash` to be the writer's fast path's text
    (`_chain`). Then `json.dumps` of the event's data equal to the line is its canonical
    text too: the two texts less their (same) `hash` are equal, so the event's is the one
    the fast path vouched for."""
    canon = _validated_dict(event)
    canon.update((key, data[key]) for key in ignored)
    if fast and _dumps_or_none(canon) == text:
        return
    if canonical_json(canon) == text:
        return
    field = _first_difference(canon, data)
    if field is not None:
        raise BrokenLog(number, Said("fault.field", type=event.type, field=shown(field)))
    if text.endswith("\r"):
        raise BrokenLog(number, Said("fault.crlf"))
    raise BrokenLog(number, Said("fault.not_canonical"))


def unknown_type(data: dict[str, Any]) -> str | None:
    """The line's `type` if it names an event type this nightsim does not know (a later
    release's, within format 2), else None."""
    type_ = data.get("type")
    if isinstance(type_, str) and type_ not in EVENT_TYPES and _TYPE_NAME.match(type_):
        return type_
    return None


def check_skipped(number: int, data: dict[str, Any], text: str, type_: str) -> None:
    """A line of an unknown type is not read, but it is a log line like any other: written
    in canonical JSON, in a night (or after the header's nights, where a later release may
    sum a journey up); its chain link and order are checked before."""
    night = data.get("night")
    if number == 1 or not isinstance(night, int) or isinstance(night, bool) or night < 0:
        raise BrokenLog(
            number, Said("fault.skipped_night", type=shown(type_, quote=False), got=shown(night))
        )
    if canonical_json(data) != text:
        raise BrokenLog(number, Said("fault.not_canonical"))


def check_line(
    number: int,
    data: dict[str, Any],
    text: str,
    version: int,
    frame: LogFrame,
    *,
    fast: bool = False,
) -> tuple[Event, tuple[str, ...]]:
    """The line's event and the fields it ignored: checked as format 2 writes it (a field
    this nightsim does not know, a later release's, left out of the event), or a format-1
    line checked as format 1 wrote it and upgraded (nightsim/log/format1.py) to the current
    models."""
    if version == LOG_VERSION:
        type_ = data.get("type")
        keys = event_keys(type_) if isinstance(type_, str) else frozenset()
        ignored = tuple(sorted(k for k in data if k not in keys)) if keys else ()
        known = {k: v for k, v in data.items() if k not in ignored} if ignored else data
        event = check_event(number, known)
        check_canonical(number, event, data, text, ignored, fast=fast)
        return event, ignored
    from nightsim.log.format1 import canonical_json_v1, upgrade_v1

    if canonical_json_v1(data) != text:
        if text.endswith("\r"):
            raise BrokenLog(number, Said("fault.crlf"))
        raise BrokenLog(number, Said("fault.not_canonical_v1"))
    # The night a format-1 line is in: the open one (a line outside any night is told so by
    # check_frame, so it is given a valid number here).
    return check_event(number, upgrade_v1(data, frame.night or max(frame.done, 1))), ()


# The `resolved` keys every release has written, which the narration reads: a header must
# have them. Any other (`fire_adverse`, since 0.2.0; one a later release adds) a header
# written before it may lack.
_RESOLVED_ALWAYS = frozenset(
    {"encounter_chance", "season", "firewood_modifier", "rest_from", "rest_to", "shifts"}
)


def foreign(header: NightHeader) -> bool:
    """Whether the header is a later release's, or names a rules edition this nightsim does
    not play: what it writes may go beyond what this nightsim knows (config keys, `resolved`
    keys), which is then left out rather than called forged."""
    from nightsim.editions import is_later, plays

    return is_later(header.nightsim) or not plays(header.edition)


def check_header(header: NightHeader) -> tuple[str, ...]:
    """The header's `config` and `resolved` are plain JSON objects to the event model, but the
    narration reads them as nightsim wrote them (every key there): a rehashed header whose
    config lost a key, or whose `resolved` no longer follows from its config, is a forged
    line, refused here rather than crashing the narration. Resolving a config is not
    simulating: replay still runs no night.

    A key added after the log was written reads as its default (config.header_config), and
    `resolved` is compared on the keys the header has. A foreign header's (foreign()) config
    keys this nightsim does not know are left out and returned, dotted (`config.rules.x`);
    for an edition it does not play, `resolved` is only checked to have every key the
    narration reads (that edition may resolve otherwise)."""
    from nightsim.config import config_from_data, header_config, resolved
    from nightsim.editions import plays
    from nightsim.engine.dice import check_seed

    try:
        check_seed(header.seed)
    except ValueError as exc:
        raise BrokenLog(1, Said("fault.header_seed", why=str(exc))) from None
    party = header.config.get("party")
    if isinstance(party, list) and len(party) > MAX_PARTY:
        # No run writes such a header (the config refuses the party): a limit, bad input
        # (docs/limits.md), refused before its config is read or a night re-simulated.
        raise NotALog(1, Said("fault.party_size", party=len(party), most=MAX_PARTY))
    later = foreign(header)
    data, dropped = header_config(header.config, drop_unknown=later)
    try:
        config = config_from_data(data)
    except ConfigError as exc:
        raise BrokenLog(1, Said("fault.header_invalid", why=str(exc))) from None
    if canonical_json(config.canonical()) != canonical_json(data):
        raise BrokenLog(1, Said("fault.header_config"))
    if not _resolved_follows(header.resolved, resolved(config), later, plays(header.edition)):
        raise BrokenLog(1, Said("fault.header_resolved"))
    return tuple(f"config.{key}" for key in dropped)


def _resolved_follows(
    written: dict[str, Any], ours: dict[str, Any], later: bool, played: bool
) -> bool:
    """`written` (the header's `resolved`) has the keys every release writes, no key `ours`
    lacks unless the header is `later` (foreign(): a later release's may add some), and
    (for an edition this nightsim plays) the same value for each key both have."""
    if not _RESOLVED_ALWAYS.issubset(written):
        return False
    if not later and not set(written) <= set(ours):
        return False
    if not played:
        return True
    return all(
        canonical_json({"k": written[k]}) == canonical_json({"k": ours[k]})
        for k in written
        if k in ours
    )


@dataclass(frozen=True, slots=True)
class LogFrame:
    """Where a log is in its shape: the header's count of nights, the night now open (0:
    none, between nights) and how many nights' summaries have been read."""

    nights: int = 0
    night: int = 0
    done: int = 0


def check_frame(number: int, event: Event, frame: LogFrame) -> LogFrame:
    """The shape of a log: the header, then nights framed by night.began (night k) …
    night.summary (night k), and nothing after the last night's summary."""
    if frame.nights and frame.done == frame.nights:
        raise BrokenLog(number, Said("fault.appended", type=event.type, nights=frame.nights))
    if isinstance(event, NightHeader):
        if number != 1:
            raise BrokenLog(number, Said("fault.second_header"))
        return LogFrame(nights=event.nights)  # its content: check_header
    if isinstance(event, NightBegan):
        return _began(number, event, frame)
    if isinstance(event, NightSummary):
        if event.night != frame.night:
            raise BrokenLog(
                number, Said("fault.summary_other", night=event.night, open=frame.night)
            )
        return LogFrame(frame.nights, night=0, done=frame.night)
    if frame.night == 0:
        raise BrokenLog(number, Said("fault.outside", type=event.type))
    if event.night != frame.night:
        raise BrokenLog(
            number, Said("fault.other_night", type=event.type, night=event.night, open=frame.night)
        )
    return frame


def _began(number: int, event: NightBegan, frame: LogFrame) -> LogFrame:
    if frame.night != 0:
        raise BrokenLog(number, Said("fault.begins_early", night=event.night, open=frame.night))
    if event.night != frame.done + 1:
        raise BrokenLog(
            number,
            Said("fault.night_order", night=event.night, expected=frame.done + 1, of=frame.nights),
        )
    return LogFrame(frame.nights, night=event.night, done=frame.done)


def check_end(number: int, frame: LogFrame, last: Event | None, cut: bool) -> None:
    """After the last line (`number` of them): a log ends with the summary of the header's
    last night, and with a newline."""
    if number == 0:
        raise EmptyLog(None, Said("fault.empty_file"))
    if frame.night != 0 or frame.done != frame.nights:
        what = last.type if last is not None else "nothing"
        raise BrokenLog(number, Said("fault.cut_short", last=what, nights=frame.nights))
    if cut:
        # Every line is intact (the chain says so) but the file stops without its final
        # newline: not the bytes nightsim wrote.
        raise BrokenLog(number, Said("fault.no_newline"))


# --- the fast path ----------------------------------------------------------------------
# Every line of a log nightsim wrote is the canonical text of a valid event: `vouched_line`
# checks exactly that, in one validation and one comparison of bytes, instead of the
# checks above one by one (docs/design-notes.md, "The reader's fast path").

_HASH_KEY = b'"hash":'
_HASH_MEMBER = len(_HASH_KEY) + 66  # `"hash":` and a quoted 64-hex-digit SHA-256


def vouched_line(number: int, raw: str | bytes, prev_hash: str) -> tuple[str, Event] | None:
    """A format-2 line after the header (`number` > 1) as its text without `\\n` and its
    event, if it passes every check before check_frame; None if it might not: then the
    checks above, one by one, decide and tell the fault (so a fault's message and its order
    never depend on this path). Validated into an event (pydantic, as check_event), the
    event's JCS bytes (float_free_jcs: an event after the header holds no float) equal to
    the line's bytes prove the line is the canonical text of a valid event, every field
    present in its JSON type (no "5" for 5, no missing default, no unknown field, no space,
    no reordered or duplicate key), with seq and v right. The hash covers that text less its
    `hash` member: one `"hash":` in the line (a key nowhere else) cut out with its comma
    ("clock" sorts before it) is JCS's text of the line without `hash`, as _chain hashes."""
    try:
        if isinstance(raw, bytes):
            body, text, ended = raw[:-1], raw[:-1].decode("utf-8"), raw.endswith(b"\n")
        else:
            body, text, ended = raw[:-1].encode("utf-8"), raw[:-1], raw.endswith("\n")
    except UnicodeError:  # not UTF-8, or a lone surrogate
        return None
    if not ended or body.count(b"{") + body.count(b"[") > MAX_LOG_DEPTH:
        return None
    try:
        event = EVENT_ADAPTER.validate_json(body)
    except ValueError:  # ValidationError: not JSON, not a valid event, a later release's
        return None
    if event.seq != number - 1 or event.hash is None or isinstance(event, NightHeader):
        return None
    if float_free_jcs(event, default=json_fields) != body:
        return None
    at = body.find(_HASH_KEY)
    if at < 1 or body[at - 1] != 0x2C or body.find(_HASH_KEY, at + 1) != -1:
        return None
    chained = body[: at - 1] + body[at + _HASH_MEMBER :]
    if hashlib.sha256(prev_hash.encode() + chained).hexdigest() != event.hash:
        return None
    return text, event


# --- the framing loop -------------------------------------------------------------------


def iter_log(lines: Iterable[str | bytes]) -> Iterator[LogLine]:
    """Yield each line of a log as it is checked; raise NotALog / BrokenLog at the first fault.

    The streaming reader: `lines` as a file yields them (str or bytes, each with its
    `\\n`; open the file in binary to see a rewritten line ending). One line is held at a
    time, so a 1,000-night journey is read in flat memory. Each `LogLine` has its `number`
    (from 1), its `text` as in the file and its typed `event`. The end-of-log check (the last
    night's summary) runs after the last line is yielded, so a consumer that needs a whole,
    intact log must exhaust the iterator before trusting it.

    >>> from nightsim import iter_events, iter_log, load_config
    >>> from nightsim.config import default_config_path
    >>> from nightsim.log.writer import iter_log_lines
    >>> config = load_config(default_config_path())
    >>> lines = [text + "\\n" for text in iter_log_lines(iter_events(config, 9))]
    >>> for line in iter_log(lines):
    ...     if line.event.type == "monster.arrived":
    ...         print(line.number, line.event.clock, line.event.creature)
    27 04:37 a giant centipede
    >>> list(iter_log(lines[:-1]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    nightsim.errors.BrokenLog: line ...: the log was cut short: ...

    With a file: `with open(path, "rb") as fh: for line in iter_log(fh): ...`. Raises
    TypeError (when called) if `lines` is a str, bytes or a path rather than the lines
    themselves, and when it meets an item that is not a str or bytes.

    A line of an event type this nightsim does not know (a later release's) is checked as a
    line of the chain and skipped; `iter_entries` yields it too, as `Skipped`.
    """
    return (e for e in iter_entries(lines) if isinstance(e, LogLine))


def iter_entries(lines: Iterable[str | bytes]) -> Iterator[LogLine | Skipped]:
    """`iter_log`, with the lines of event types this nightsim does not know among them, as
    `Skipped` (what `verify` and replay's notes need: every link of the chain)."""
    if isinstance(lines, str | bytes | PathLike) or not isinstance(lines, Iterable):
        path = isinstance(lines, str | PathLike)
        hint = "; to read a file by its path, use read_log(path)" if path else ""
        raise TypeError(
            f"lines: expected an iterable of log lines (an open file, a list of str or"
            f" bytes), got {type(lines).__name__}{hint}"
        )
    return _iter_log(_checked(lines))


def _checked(lines: Iterable[object]) -> Iterator[str | bytes]:
    for number, raw in enumerate(lines, start=1):
        if not isinstance(raw, str | bytes):
            raise TypeError(f"lines: line {number} is a {type(raw).__name__}, not str or bytes")
        yield raw


def _iter_log(lines: Iterable[str | bytes]) -> Iterator[LogLine | Skipped]:
    """iter_log's loop: every check, line by line, then the end of the log. A format-2 line
    after the header is tried by `vouched_line` first; any line it does not vouch for meets
    every check below, in their order, so a fault is told as it always was."""
    prev_hash, prev_text, last = GENESIS, None, None
    frame, number, cut, version = LogFrame(), 0, False, LOG_VERSION
    for number, raw in enumerate(lines, start=1):
        if number > 1 and version == LOG_VERSION:
            checked = vouched_line(number, raw, prev_hash)
            if checked is not None:
                line = LogLine(number, *checked)
                frame = check_frame(number, line.event, frame)
                prev_hash, prev_text, cut, last = line.hash, line.text, False, line.event
                yield line
                continue
        text, cut = decode(number, raw)
        data = parse_json(number, text, cut)
        version = check_format(number, data, version)
        check_depth(number, data, text.count("{") + text.count("["))
        check_seq(number, data, text, prev_text)
        prev_hash, fast = _chain(number, data, prev_hash, version)
        prev_text = text
        type_ = unknown_type(data) if version == LOG_VERSION and number > 1 else None
        if type_ is not None:
            check_skipped(number, data, text, type_)
            yield Skipped(number, text, type_, prev_hash)
            continue
        event, ignored = check_line(number, data, text, version, frame, fast=fast)
        frame = check_frame(number, event, frame)
        if isinstance(event, NightHeader):
            ignored += check_header(event)
        last = event
        yield LogLine(number, text, event, version, ignored)
    check_end(number, frame, last, cut)


class Unread:
    """What a reader left out of a log, a later release's (an event type, a field, a config
    key this nightsim does not know), gathered into one note each: `replay` says what it
    skipped rather than tell a night with a silent hole. And a header whose seed does not
    hash to its own commitment: the chain holds, but the night told is not the one the seed
    commitment published (docs/log-format.md, "The seed commitment"), as `verify` says."""

    def __init__(self) -> None:
        self.types: dict[str, list[int]] = {}
        self.fields: dict[tuple[str, str], list[int]] = {}
        self.edition: int | None = None  # a rules edition this nightsim does not play
        self.uncommitted: str | None = None  # the commitment the header's seed breaks

    def add(self, entry: LogLine | Skipped) -> None:
        from nightsim.editions import plays

        if isinstance(entry, Skipped):
            self.types.setdefault(entry.type, []).append(entry.number)
            return
        if isinstance(entry.event, NightHeader):
            from nightsim.engine.dice import seed_sha256

            header = entry.event
            if not plays(header.edition):
                self.edition = header.edition
            if seed_sha256(header.seed) != header.seed_sha256:
                self.uncommitted = header.seed_sha256
        for name in entry.ignored:
            self.fields.setdefault((entry.event.type, name), []).append(entry.number)

    def notes(self) -> list[str]:
        """One sentence for each event type skipped and each field ignored, sorted (messages
        by code, told in the command's language)."""
        out: list[str] = (
            [Said("unread.edition", edition=self.edition)] if self.edition is not None else []
        )
        if self.uncommitted is not None:
            # The seed itself is not shown: the players' view keeps it behind the screen.
            out.append(Said("unread.uncommitted", sha=self.uncommitted))
        out += [
            Said("unread.type", lines=_lines(numbers), type=shown(type_))
            for type_, numbers in sorted(self.types.items())
        ]
        out += [
            Said(
                "unread.field",
                name=shown(name),
                type=shown(type_, quote=False),
                lines=_lines(numbers),
            )
            for (type_, name), numbers in sorted(self.fields.items())
        ]
        return out


def _lines(numbers: list[int], most: int = 5) -> Said:
    shown_ = ", ".join(map(str, numbers[:most])) + (", …" if len(numbers) > most else "")
    if len(numbers) == 1:
        return Said("unread.line", line=shown_)
    return Said("unread.lines", count=len(numbers), lines=shown_)


def log_lines(fh: IO[bytes], where: str = "the log") -> Iterator[bytes]:
    """The lines of an open log, each with its `\\n`, never more than MAX_LOG_LINE_BYTES and
    its newline in memory: a longer line (a file of zeros, a pipe that never ends a line) is
    refused at the limit instead of read whole. A read error (EIO) is the machine's, not the
    log's: EnvironmentFailure naming `where`."""
    limit = MAX_LOG_LINE_BYTES
    number = 0
    while True:
        try:
            raw = fh.readline(limit + 1)
        except OSError as exc:
            said = Said("file.unreadable", path=where, why=os_why(exc))
            raise EnvironmentFailure(said) from None
        if not raw:
            return
        number += 1
        if len(raw) > limit and not raw.endswith(b"\n"):
            what = Said("fault.too_long", mib=limit // 2**20)
            raise NotALog(1, what) if number == 1 else BrokenLog(number, what)
        yield raw


def read_log(path: str | Path) -> list[Event]:
    """The typed events of a log file, after every check `nightsim replay` makes (Python
    API; `iter_log` streams the same checks a line at a time).

    >>> import tempfile
    >>> from pathlib import Path
    >>> from nightsim import iter_events, load_config, read_log
    >>> from nightsim.config import default_config_path
    >>> from nightsim.log.writer import iter_log_lines
    >>> config = load_config(default_config_path())
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = Path(tmp) / "night.jsonl"
    ...     lines = iter_log_lines(iter_events(config, 9))
    ...     _ = path.write_text("".join(t + "\\n" for t in lines), encoding="utf-8")
    ...     events = read_log(path)
    >>> events[0].type, events[0].seed, events[-1].type
    ('night.header', 9, 'night.summary')

    Raises NotALog / BrokenLog (both LogError) with the line and what is wrong; a file that
    cannot be opened raises NotALog too; TypeError if `path` is not a str or a path.
    """
    if not isinstance(path, str | PathLike):
        raise TypeError(f"path: expected a str or a path, got {type(path).__name__}")
    p = Path(path)
    with open_stream(p, "a log file", lambda message: NotALog(None, message)) as fh:
        return [line.event for line in iter_log(log_lines(fh, str(p)))]
