"""A failed verification told in words: what the log claims and what the dice say.

`verify` (and `whatif`, refusing a log) begins its failure with this one sentence, in the
narration's language, naming the file's 1-based line, the characters and the minute; the
details (the event type, the fields that differ, both lines whole) come after it. Each side
is told as the what-if tells an event alone (`narration.whatif.event_text`): the night is
over, so nothing is behind the screen.
"""

from __future__ import annotations

import json
from typing import Any

from nightsim import events as ev
from nightsim.limits import shown
from nightsim.narration.catalogue import Catalogue

# A forged line can be megabytes: each side's sentence is cut like any echoed input.
_LIMIT = 160


def _event(line: str | None) -> tuple[ev.Event | None, dict[str, Any]]:
    if line is None:
        return None, {}
    try:
        data = json.loads(line)
    except ValueError:
        return None, {}
    try:
        return ev.parse_event(data), data
    except ValueError:  # a line the reader let through but no model holds: told by its fields
        return None, data if isinstance(data, dict) else {}


def _told(e: ev.Event | None, data: dict[str, Any], t: Catalogue) -> str:
    from nightsim.narration.whatif import event_text

    if e is not None and e.type not in ("night.header", "hour.passed", "night.summary"):
        text = event_text(e, t, ()).plain.replace("  ", " ", 1)
    else:
        text = str(data.get("type", "?"))
    return shown(text, quote=False, limit=_LIMIT)


def _fields(fields: tuple[str, ...], log: dict[str, Any], sim: dict[str, Any]) -> str:
    def value(d: dict[str, Any], k: str) -> str:
        return shown(json.dumps(d.get(k), ensure_ascii=False), quote=False, limit=40)

    return ", ".join(f"{shown(k, quote=False)} {value(log, k)} ≠ {value(sim, k)}" for k in fields)


def verdict_words(
    line: int, log: str | None, sim: str | None, fields: tuple[str, ...], lang: str = "en"
) -> str:
    """The first line of a failed verification: at `line` (the file's 1-based line) the log
    has `log` where the re-simulation has `sim` (None: that side has no line there)."""
    t = Catalogue(lang)
    le, ld = _event(log)
    se, sd = _event(sim)
    if log is None:
        return t("verdict.cut", line=line, sim=_told(se, sd, t))
    if sim is None:
        return t("verdict.extra", line=line, log=_told(le, ld, t))
    if ld.get("type") == sd.get("type") == "night.header":
        # The header is no event of the night: what differs is its fields.
        return t("verdict.header", line=line, fields=_fields(fields, ld, sd))
    said, truth = _told(le, ld, t), _told(se, sd, t)
    same_type = ld.get("type") == sd.get("type")
    counted = _counted(line, fields, ld, sd, t) if same_type else None
    if counted is not None and (said == truth or le is None or le.type == "hour.passed"):
        # Who was awake, surprised, dozing…: the dispute at the table is about a name in a
        # list, which the event's sentence may not tell; say it in words.
        return counted
    words = t("verdict.differs", line=line, log=said, sim=truth)
    if said == truth and fields:
        # The same sentence: what differs is not told by it (a roll, a field a reader
        # rarely sees); the fields say what.
        words = t("verdict.fields", text=words, fields=_fields(fields, ld, sd))
    return words


# The fields that list characters (nightsim/involved.py's "many"), each told as a group:
# "the log counts Sister Ysolde as awake; the dice do not".
_GROUPS = ("awake", "surprised", "dozed", "woken", "slept_through", "actors", "eaters")


def _names(d: dict[str, Any], k: str) -> list[str]:
    value = d.get(k)
    return [str(v) for v in value] if isinstance(value, list) else []


def _counted(
    line: int, fields: tuple[str, ...], log: dict[str, Any], sim: dict[str, Any], t: Catalogue
) -> str | None:
    """The first list of characters that differs, told as who the log counts in it and the
    dice do not (or the other way round); None when no such list differs."""
    for k in fields:
        if k not in _GROUPS:
            continue
        said, truth = _names(log, k), _names(sim, k)
        only_log = [n for n in said if n not in truth]
        only_sim = [n for n in truth if n not in said]
        if not only_log and not only_sim:
            continue
        clock = shown(str(log.get("clock", "?")), quote=False, limit=8)
        group = t(f"verdict.group.{k}")
        parts = []
        if only_log:
            parts.append(t("verdict.log_counts", names=_list(only_log), group=group))
        if only_sim:
            parts.append(t("verdict.dice_count", names=_list(only_sim), group=group))
        return t("verdict.counted", line=line, clock=clock, said="; ".join(parts))
    return None


def _list(names: list[str]) -> str:
    return shown(", ".join(names), quote=False, limit=_LIMIT)
