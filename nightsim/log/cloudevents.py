"""CloudEvents 1.0 structured JSON for each log line (docs/stream.md, `--format cloudevents`).

One event per log line, its attributes chosen by the CloudEvents 1.0 core spec:

- `source` = `urn:nightsim:log:<hash of the log's header line>`. The spec's MUST is that
  `source` + `id` never repeat; the header line commits to the resolved config, the seed and
  the number of nights (and the version), so two logs differ in source as soon as any of those
  differ: the same seed under an autumn and a winter config gives two sources, and a night
  re-run under the same config and seed gives the same source and the same events (exactly
  the events the spec lets a consumer treat as duplicates). The spec RECOMMENDS an absolute
  URI; a URN is one (RFC 3986 4.3: a scheme, no fragment), a name that is never fetched, as
  the schema's `$id` is not. `nightsim` is not a registered URN namespace (RFC 8141): the
  spec's own examples use such application URNs, a `tag:` URI (RFC 4151) would need a domain
  nightsim owns, and `urn:uuid:` would hide the hash a consumer can check against the log.
- One source per *log*, not per night of a journey: a journey is one chain under one header
  (its nights share the config, the seed and the party's carried state), the header line and
  the journey's summary belong to no single night, and `data.night` already says which night
  an event is in. Every night is in exactly one source, and no two logs share one.
- `id` = the line's `seq` as a string: unique within the log, so within its source, and in
  the log's order.
- `subject` = the event's `actor` (the one character it is about), absent when it has none;
  the spec's use: a consumer filters one character's events without reading `data`.
- `involves` (an extension attribute) = everyone the event names (`nightsim.involves`):
  the actor, the next watcher, those woken, surprised, awake, asleep… as the canonical JSON
  text of a list of names (`["Moss","Wren"]`, `[]` for none). CloudEvents attributes are
  strings, integers, booleans or URIs, never lists; names may hold any character but a
  control, so a JSON array in a string is the one unambiguous way to carry them. Derived
  from the line by its field names (`involves_of`), so a stored log's events are the live
  ones byte for byte; the log line itself (`data`) is unchanged.
- `type` = `nightsim.<event type>.v<format version>`, `dataschema` = the `$id` of that format
  version's JSON Schema (nightsim.log.schema.schema_id), both from the line's own `v`: a new
  format version is a new type and a new schema URI, as the spec asks of incompatible changes.
- `datacontenttype` `application/json`; `data` = the log line as a JSON object, `hash` and
  all. No `time`: the log carries no wall clock by design (a night is the same bytes on every
  run); the in-game `clock` is in `data`.

- A players' stream (`--view players`, nightsim/view.py) is a view, not the log: its `data` is
  the event as the players may know it (no `hash`, `"view": "players"`), an event the
  players do not learn of is not sent, and each event carries the extension attribute
  `nightsimview` = `players`. `source` and `id` stay the log's, so a players' event is
  matched to its log line when the log is published.
The wrapper is a small stateful object because only the header line carries what the
source is made of; the lines after it get it from there.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

import rfc8785

from nightsim.events import EVENT_ADAPTER
from nightsim.involved import involves_of
from nightsim.log.schema import schema_id
from nightsim.log.writer import canonical_json
from nightsim.view import PLAYERS, REFEREE, VIEW_ATTRIBUTE, check_view, viewed_data

SPECVERSION = "1.0"
SOURCE_PREFIX = "urn:nightsim:log:"


def source_of(header_hash: str) -> str:
    """The CloudEvents `source` of every event of the log whose header line has this hash."""
    return SOURCE_PREFIX + header_hash


def event_type(line_type: str, version: int) -> str:
    return f"nightsim.{line_type}.v{version}"


class Wrapper:
    """Wraps the lines of one log, in order (the header first)."""

    def __init__(self, view: str = REFEREE) -> None:
        check_view(view)
        self.view = view
        self.source: str | None = None
        self.night: object = None  # the last line's `night`, for `batches`

    def __call__(self, line: str) -> str | None:
        """The line's CloudEvent (None: the players' view does not show it)."""
        data: dict[str, Any] = json.loads(line)
        self.night = data.get("night")
        if data["type"] == "night.header":
            self.source = source_of(data["hash"])
        if self.source is None:
            raise ValueError("a CloudEvents stream starts with the log's night.header")
        if self.view == PLAYERS:
            shown = viewed_data(EVENT_ADAPTER.validate_python(data))
            if shown is None:
                return None
            data = shown
        event: dict[str, Any] = {
            "specversion": SPECVERSION,
            "id": str(data["seq"]),
            "source": self.source,
            "type": event_type(data["type"], data["v"]),
            "dataschema": schema_id(data["v"]),
            "datacontenttype": "application/json",
            "data": data,
            "involves": rfc8785.dumps(list(involves_of(data))).decode("utf-8"),
        }
        if self.view == PLAYERS:
            event[VIEW_ATTRIBUTE] = PLAYERS
        actor = data.get("actor")
        if isinstance(actor, str) and actor:
            event["subject"] = actor
        return canonical_json(event)


class Batcher:
    """The CloudEvents JSON batch format (`application/cloudevents-batch+json`), one night at
    a time: each event as `Wrapper` writes it, one JSON array per night. The header (night 0,
    the whole log's) opens the first night's batch, so a one-night log is one array. `add`
    returns a night's batch as soon as the next night's first line comes (a journey
    streams); `end` the last one."""

    def __init__(self, view: str = REFEREE) -> None:
        self.wrap = Wrapper(view)
        self.batch: list[str] = []
        self.night = 0

    def add(self, line: str) -> str | None:
        event = self.wrap(line)
        if event is None:
            return None
        this = self.wrap.night
        done = None
        if isinstance(this, int) and this > 0 and this != self.night:
            if self.night:
                done = self.end()
            self.night = this
        self.batch.append(event)
        return done

    def end(self) -> str | None:
        done = "[" + ",".join(self.batch) + "]" if self.batch else None
        self.batch = []
        return done


def batches(lines: Iterable[str], view: str = REFEREE) -> Iterator[str]:
    """Each night's batch of a log's lines (`Batcher`)."""
    batcher = Batcher(view)
    for line in lines:
        done = batcher.add(line)
        if done is not None:
            yield done
    done = batcher.end()
    if done is not None:
        yield done


def cloudevents_out(lines: Iterable[str], *, batch: bool, view: str = REFEREE) -> Iterator[str]:
    """What `--format cloudevents` (one event a line) or `cloudevents-batch` (one array a
    night) prints for a log's lines: `run` and `replay` both print this, so a stored log
    converts to the bytes the live night printed. `view`: whose (nightsim/view.py)."""
    if batch:
        yield from batches(lines, view)
        return
    wrap = Wrapper(view)
    for line in lines:
        out = wrap(line)
        if out is not None:
            yield out
