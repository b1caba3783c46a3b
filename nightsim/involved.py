"""Everyone an event involves: the characters its own fields name, in the order they name them.

`involves(event)` is a pure function of a typed event; `involves_of(data)` is the same function
of a log line as JSON (a line of an event type this nightsim does not know included, read by
the same field names), which the CloudEvents wrapper uses so that `run` and `replay` give the
same bytes. Neither changes a log line: `involves` is derived, never written
(docs/log-format.md, "Who an event involves").

Which fields name characters is one table, `NAME_FIELDS`, keyed by field name: the actor, the
site's preparers, the next watcher (`to` of `watch.handed_over`), the meal's eaters, those awake,
asleep, dozing, woken, surprised, the watch's spans and shifts, and each character of the
night's summary. tests/log/test_involves.py holds every text field of every event model to be
either in it or in `NOT_NAMES`, so a new field is classified when it is added.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

#: field -> how it names characters: "one" (a name or null), "many" (a list of names), or
#: the field of each nested object that holds the name (a list of objects, or one object).
NAME_FIELDS: Mapping[str, str] = {
    "actor": "one",
    "actors": "many",
    "to": "one",
    "eaters": "many",
    "shifts": "actor",
    "watch": "actor",
    "awake": "many",
    "slept_through": "many",
    "dozed": "many",
    "surprised": "many",
    "watch_of": "one",
    "woken": "many",
    "on_watch": "one",
    "characters": "name",
    "encounter": "surprised",
}

#: Text fields that name no character (a spell, a creature, a clock, a code, a config).
NOT_NAMES: frozenset[str] = frozenset(
    {
        "type",
        "clock",
        "hash",
        "seed",
        "seed_sha256",
        "config",
        "resolved",
        "campaign",
        "nightsim",
        "rng",
        "season",
        "month",
        "until",
        "reason",
        "outcome",
        "unwatched_from",
        "table",
        "creature",
        "difficulty",
        "spell",
        "rota_broken_at",
        "rolls",
        "fire",
    }
)


def _get(obj: object, name: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name)
    return getattr(obj, name, None)


def _names(value: Any, how: str) -> Iterable[str]:
    if value is None:
        return ()
    if how == "one":
        return (value,) if isinstance(value, str) else ()
    items = value if isinstance(value, list) else [value]
    if how == "many":
        return (v for v in items if isinstance(v, str))
    found: list[str] = []
    for item in items:
        found += _names(_get(item, how), "one" if how in ("actor", "name") else "many")
    return found


def _involves(obj: object, fields: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}  # ordered, no repeats
    for field in fields:
        how = NAME_FIELDS.get(field)
        if how is not None:
            seen.update(dict.fromkeys(_names(_get(obj, field), how)))
    return tuple(seen)


def involves(event: BaseModel) -> tuple[str, ...]:
    """Every character the event names, each once, in the order of the event's fields (the
    header names none: its config is the setting, not something that happens to anyone)."""
    return _involves(event, type(event).model_fields)


def involves_of(data: Mapping[str, Any]) -> tuple[str, ...]:
    """`involves` of a log line as JSON: the same names, in the same order, for a line of a
    known type (its keys are its model's fields); a later release's line by the same names."""
    order = _MODEL_ORDER.get(str(data.get("type")))
    return _involves(data, order if order is not None else sorted(data))


def _model_order() -> dict[str, tuple[str, ...]]:
    from nightsim.events import EventBase

    return {
        m.model_fields["type"].default: tuple(m.model_fields) for m in EventBase.__subclasses__()
    }


_MODEL_ORDER = _model_order()
