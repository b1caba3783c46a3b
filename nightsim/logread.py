"""The log reader: streams a log line by line, checking everything a log promises.

Pure: it takes an iterable of lines (str or bytes, each with its `\\n`, as a file yields them)
and yields typed events one at a time, so a 1,000-night journey is read with flat memory. The
CLI opens the file; `read_log(path)` is the Python API's convenience (like `load_config`).

What each line must be (design.md, "The log"): UTF-8 canonical JSON (sorted keys, no spaces,
`\\n`-terminated), a valid event of the union, `v` 1, `seq` = its position (0, 1, 2, …), its
`hash` = SHA-256(previous hash + the line without `hash`). Line 1 is `night.header`; each night
is framed by `night.began` (night k) … `night.summary` (night k); the log ends with the
summary of the header's last night (a log cut short is not a whole night).

Two kinds of failure (design.md's exit codes): `NotALog` — the input is not a nightsim log at
all (empty, line 1 not JSON, no header, a format version we cannot read): bad input, exit 2.
`BrokenLog` — a log whose promise is broken (edited, inserted, deleted, duplicated, reordered
or cut short): exit 1. Both carry the line number (counted from 1, as an editor shows it;
`seq` counts from 0, so line N holds seq N-1).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from nightsim.events import (
    LOG_VERSION,
    Event,
    NightBegan,
    NightHeader,
    NightSummary,
    event_dict,
    parse_event,
)
from nightsim.log import GENESIS, canonical_json, line_hash


class LogError(Exception):
    """A log that cannot be accepted; `line` is the 1-based line number, or None."""

    exit_code = 1

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class NotALog(LogError):
    """Not a nightsim log at all: bad input (exit 2)."""

    exit_code = 2


class BrokenLog(LogError):
    """A log that fails its own checks: chain, order, form, or end (exit 1)."""

    exit_code = 1


@dataclass(frozen=True, slots=True)
class LogLine:
    """One checked line: its number (from 1), its text as in the file (no `\\n`), its event."""

    number: int
    text: str
    event: Event


def _describe(exc: ValidationError) -> str:
    """The first pydantic error as `field: what is wrong` (the rest are usually echoes)."""
    err = exc.errors()[0]
    loc = [str(p) for p in err["loc"]]
    # The discriminated union puts the event type first in the location: drop it.
    if len(loc) > 1 and "." in loc[0]:
        loc = loc[1:]
    if err["type"] == "union_tag_invalid":
        tag = err.get("ctx", {}).get("tag", "?")
        return f"unknown event type {tag!r}"
    if err["type"] == "union_tag_not_found":
        return "no 'type' field"
    where = ".".join(loc)
    return f"field {where!r}: {err['msg']}" if where else err["msg"]


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


def _check_header(header: NightHeader) -> None:
    """The header's `config` and `resolved` are plain JSON objects to the event model, but the
    narration reads them as nightsim wrote them (every key there): a rehashed header whose
    config lost a key, or whose `resolved` no longer follows from its config, is a forged
    line, refused here rather than crashing the narration. Resolving a config is not
    simulating: replay still runs no night."""
    from nightsim.config import ConfigError, config_from_data
    from nightsim.dice import check_seed
    from nightsim.simulate import resolved

    try:
        check_seed(header.seed)
    except ValueError as exc:
        raise BrokenLog(1, f"night.header: {exc}") from None
    try:
        config = config_from_data(header.config)
    except ConfigError as exc:
        raise BrokenLog(1, f"night.header: the config is not valid: {exc}") from None
    if canonical_json(config.canonical()) != canonical_json(header.config):
        raise BrokenLog(1, "night.header: field 'config' is not as nightsim writes it")
    if canonical_json(resolved(config)) != canonical_json(header.resolved):
        raise BrokenLog(1, "night.header: field 'resolved' does not follow from its config")


def iter_log(lines: Iterable[str | bytes]) -> Iterator[LogLine]:
    """Yield each line of a log as it is checked; raise NotALog / BrokenLog at the first fault.

    The end-of-log check (the last night's summary) runs after the last line is yielded, so a
    consumer that needs a whole, intact log must exhaust the iterator before trusting it.
    """
    prev_hash = GENESIS
    prev_text: str | None = None
    nights = 0  # the header's count
    night = 0  # the night now open (0: none / between nights)
    done = 0  # nights whose summary has been read
    last: Event | None = None
    number = 0
    cut = False
    for number, raw in enumerate(lines, start=1):
        seq = number - 1
        # --- the bytes of the line ------------------------------------------------------
        if isinstance(raw, bytes):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                if number == 1:
                    raise NotALog(1, "not UTF-8 text; a nightsim log is JSON Lines") from None
                raise BrokenLog(number, "not UTF-8 text: the line was damaged") from None
        else:
            text = raw
        if number == 1 and text.startswith("\ufeff"):
            # "UTF-8 with BOM": an editor rewrote a log (like CR LF), not a file that never
            # was one.
            raise BrokenLog(1, "starts with a byte-order mark (BOM): an editor rewrote the file")
        cut = not text.endswith("\n")  # only the last line can lack its newline
        text = text[:-1] if not cut else text
        # --- JSON --------------------------------------------------------------------------
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: absurdly nested brackets
            if number == 1:
                what = (
                    "empty line"
                    if not text.strip()
                    else "a binary file"
                    if "\x00" in text
                    else "not JSON"
                )
                raise NotALog(
                    1, f"{what}; a nightsim log starts with a JSON night.header"
                ) from None
            if cut:
                raise BrokenLog(number, "not JSON: the file was cut short mid-line") from None
            if not text.strip():
                raise BrokenLog(number, "an empty line: a line was added or blanked") from None
            raise BrokenLog(number, "not JSON") from None
        if not isinstance(data, dict):
            if number == 1:
                raise NotALog(1, "not a JSON object; a nightsim log starts with a night.header")
            raise BrokenLog(number, "not a JSON object")
        # --- the header decides whether this is a log at all ------------------------------
        if number == 1:
            if data.get("type") != "night.header":
                raise NotALog(
                    1, f"no night.header (type is {data.get('type')!r}): not a nightsim log"
                )
            if data.get("v") != LOG_VERSION:
                raise NotALog(
                    1,
                    f"log format version {data.get('v')!r}; this nightsim reads version"
                    f" {LOG_VERSION}",
                )
        elif data.get("v") != LOG_VERSION:
            raise BrokenLog(number, f"'v' is {data.get('v')!r}, expected {LOG_VERSION}")
        # --- order: seq is the line's position ------------------------------------------
        got = data.get("seq")
        if got != seq or isinstance(got, bool):
            if text == prev_text:
                raise BrokenLog(number, f"a copy of line {number - 1}: a line was duplicated")
            if got == 0 and data.get("type") == "night.header":
                raise BrokenLog(number, "a second night.header: another log was glued on here")
            if isinstance(got, int) and not isinstance(got, bool) and got > seq:
                raise BrokenLog(
                    number,
                    f"seq is {got}, expected {seq}: a line before it was deleted,"
                    " or lines were reordered",
                )
            if isinstance(got, int) and not isinstance(got, bool):
                raise BrokenLog(
                    number,
                    f"seq is {got}, expected {seq}: a line was inserted or duplicated,"
                    " or lines were reordered",
                )
            raise BrokenLog(number, f"'seq' is {got!r}, expected {seq}")
        # --- the chain ------------------------------------------------------------------
        claimed = data.get("hash")
        if not isinstance(claimed, str):
            raise BrokenLog(number, "no 'hash': every log line carries its chained hash")
        body = {k: v for k, v in data.items() if k != "hash"}
        if claimed != line_hash(prev_hash, body):
            raise BrokenLog(
                number,
                "hash does not match: the line was edited, or a line was inserted,"
                " deleted or reordered here",
            )
        # --- the event union ------------------------------------------------------------
        try:
            event = parse_event(data)
        except ValidationError as exc:
            raise BrokenLog(number, f"{data.get('type', '?')}: {_describe(exc)}") from None
        # The exact text nightsim writes for this event: every field present, in its JSON
        # type, canonical JSON. Lax validation alone would accept "5" for 5 or a missing
        # default, and the hash alone does not see spaces or key order.
        canon = event_dict(event)
        if canonical_json(canon) != text:
            field = _first_difference(canon, data)
            if field is not None:
                raise BrokenLog(
                    number, f"{event.type}: field {field!r} is not as nightsim writes it"
                )
            if text.endswith("\r"):
                raise BrokenLog(number, "ends in CR LF: the file's line endings were rewritten")
            raise BrokenLog(
                number, "not canonical JSON (sorted keys, no spaces): the line was rewritten"
            )
        # --- the shape of a log: header, then nights framed by began … summary ----------
        if nights and done == nights:
            raise BrokenLog(
                number,
                f"{event.type} after the summary of the last night ({nights}):"
                " the log ends there, this line was appended",
            )
        if isinstance(event, NightHeader):
            if number != 1:
                raise BrokenLog(number, "a second night.header")
            _check_header(event)
            nights = event.nights
        elif isinstance(event, NightBegan):
            if night != 0:
                raise BrokenLog(number, f"night {event.night} begins before night {night} ended")
            if event.night != done + 1:
                raise BrokenLog(
                    number,
                    f"night {event.night} begins, expected night {done + 1} of {nights}",
                )
            night = event.night
        elif isinstance(event, NightSummary):
            if event.night != night:
                raise BrokenLog(
                    number, f"summary of night {event.night}, but the open night is {night}"
                )
            done, night = night, 0
        elif night == 0:
            raise BrokenLog(number, f"{event.type} outside a night (no night.began before it)")
        prev_hash, prev_text, last = claimed, text, event
        yield LogLine(number, text, event)
    if number == 0:
        raise NotALog(None, "empty file: not a nightsim log")
    if night != 0 or done != nights:
        what = last.type if last is not None else "nothing"
        raise BrokenLog(
            number,
            f"the log was cut short: it ends with {what}, but a whole log ends with the"
            f" night.summary of night {nights}",
        )
    if cut:
        # Every line is intact (the chain says so) but the file stops without its final
        # newline: not the bytes nightsim wrote.
        raise BrokenLog(number, "no newline at the end: the file was cut short")


def read_log(path: str | Path) -> list[Event]:
    """The typed events of a log file, checked (Python API; the CLI streams with `iter_log`).

    Raises NotALog / BrokenLog (both LogError) with the line and what is wrong; a file that
    cannot be opened raises NotALog too.
    """
    p = Path(path)
    try:
        fh = p.open("rb")
    except FileNotFoundError:
        raise NotALog(None, f"{p}: no such file") from None
    except IsADirectoryError:
        raise NotALog(None, f"{p}: is a directory, expected a log file") from None
    except OSError as exc:
        raise NotALog(None, f"{p}: cannot read: {exc.strerror}") from None
    with fh:
        return [line.event for line in iter_log(fh)]
