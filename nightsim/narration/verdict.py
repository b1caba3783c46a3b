"""A failed verification told in words: what the log claims and what the dice say.

`verify` (and `whatif`, refusing a log) begins its failure with this one sentence, in the
narration's language, naming the file's 1-based line, the characters and the minute; the
details (the event type, the fields that differ, both lines whole) come after it. Each side
is told as the what-if tells an event alone (`narration.whatif.event_text`): the night is
over, so nothing is behind the screen.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from nightsim import events as ev
from nightsim.limits import said_line, shown
from nightsim.narration.catalogue import Catalogue

if TYPE_CHECKING:
    from nightsim.log.binding import Published
    from nightsim.log.verify import Verdict

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
        return ev.parse_event(_cut(data)), data
    except ValueError:  # a line the reader let through but no model holds: told by its fields
        return None, data if isinstance(data, dict) else {}


def _cut(value: Any) -> Any:
    """`value` with each string cut past what a side's sentence can show: a forged
    megabyte name would otherwise be told (and each name in it emphasised) whole, seconds
    of work for the 160 characters kept. The fields keep the line as it is."""
    if isinstance(value, str) and len(value) > _LIMIT:
        return value[:_LIMIT] + "…"
    if isinstance(value, dict):
        return {k: _cut(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_cut(v) for v in value]
    return value


def _told(e: ev.Event | None, data: dict[str, Any], t: Catalogue) -> str:
    from nightsim.narration.whatif import event_text

    if e is not None and e.type not in ("night.header", "hour.passed", "night.summary"):
        text = event_text(e, t, ()).plain.replace("  ", " ", 1)
    else:
        text = str(data.get("type", "?"))
        # The lines no sentence tells are named as a referee would (English keeps the log's
        # own type, which is what a programmer greps for); any other type as the log has it.
        if text in _NAMED:
            text = t(_NAMED[text])
    # nightsim's own sentence, a forged name's escapes in it, but its no-break spaces kept
    # ("на 3 години": Ukrainian typography), not shown as "\xa0".
    text = said_line(text)
    return text if len(text) <= _LIMIT else text[: _LIMIT - 1] + "\u2026"


_NAMED = {
    "night.header": "verdict.type.header",
    "hour.passed": "verdict.type.hour",
    "night.summary": "verdict.type.summary",
}


def _fields(fields: tuple[str, ...], log: dict[str, Any], sim: dict[str, Any]) -> str:
    def value(d: dict[str, Any], k: str) -> str:
        return shown(json.dumps(d.get(k), ensure_ascii=False), quote=False, limit=40)

    return ", ".join(f"{shown(k, quote=False)} {value(log, k)} ≠ {value(sim, k)}" for k in fields)


def verdict_words(
    line: int,
    log: str | None,
    sim: str | None,
    fields: tuple[str, ...],
    lang: str = "en",
    watches: tuple[str | None, str | None] = (None, None),
) -> str:
    """One difference in one sentence: at `line` (the file's 1-based line) the log has `log`
    where the re-simulation has `sim` (None: that side has no line there); `watches`: whose
    watch it was on the log's side and the re-simulation's (log.watches), told with it."""
    t = Catalogue(lang)
    le, ld = _event(log)
    se, sd = _event(sim)
    where = _where(line, ld or sd, watches, t)
    if log is None:
        return t("verdict.cut", where=where, sim=_told(se, sd, t))
    if sim is None:
        return t("verdict.extra", where=where, log=_told(le, ld, t))
    if ld.get("type") == sd.get("type") == "night.header":
        # The header is no event of the night: what differs is its fields.
        return t("verdict.header", where=where, fields=_fields(fields, ld, sd))
    said, truth = _told(le, ld, t), _told(se, sd, t)
    same_type = ld.get("type") == sd.get("type")
    counted = _counted(where, fields, ld, sd, t) if same_type else None
    if counted is not None and (said == truth or le is None or le.type == "hour.passed"):
        # Who was awake, surprised, dozing…: the dispute at the table is about a name in a
        # list, which the event's sentence may not tell; say it in words.
        return counted
    words = t("verdict.differs", where=where, log=said, sim=truth)
    if said == truth and fields:
        # The same sentence: what differs is not told by it (a roll, a field a reader
        # rarely sees); the fields say what.
        words = t("verdict.fields", text=words, fields=_fields(fields, ld, sd))
    return words


def _where(
    line: int, data: dict[str, Any], watches: tuple[str | None, str | None], t: Catalogue
) -> str:
    """The line, the minute and whose watch it was: the same on both sides, or each side's
    (a forged watch shows as two watchers). Before the rota starts no watch is named."""
    clock = data.get("clock") if data.get("type") != "night.header" else None
    at = (
        t("verdict.at", line=line)
        if clock is None
        else t("verdict.at_clock", line=line, clock=shown(str(clock), quote=False, limit=8))
    )
    said, played = watches
    if said is None and played is None:
        return at
    if said == played:
        assert said is not None
        if not said:
            return t("verdict.nobody_on_watch", at=at)
        return t("verdict.on_watch", at=at, name=_name(said))
    return t("verdict.watch_differs", at=at, log=_watcher(said, t), sim=_watcher(played, t))


def _name(name: str) -> str:
    return shown(name, quote=False, limit=_LIMIT)


def _watcher(name: str | None, t: Catalogue) -> str:
    return _name(name) if name else t("verdict.nobody")


# The fields that list characters (nightsim/involved.py's "many"), each told as a group:
# "the log counts Sister Ysolde as awake; the dice do not".
_GROUPS = ("awake", "surprised", "dozed", "woken", "slept_through", "actors", "eaters")


def _names(d: dict[str, Any], k: str) -> list[str]:
    value = d.get(k)
    return [str(v) for v in value] if isinstance(value, list) else []


def _counted(
    where: str, fields: tuple[str, ...], log: dict[str, Any], sim: dict[str, Any], t: Catalogue
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
        group = t(f"verdict.group.{k}")
        parts = []
        if only_log:
            parts.append(t("verdict.log_counts", names=_list(only_log), group=group))
        if only_sim:
            parts.append(t("verdict.dice_count", names=_list(only_sim), group=group))
        return t("verdict.counted", where=where, said="; ".join(parts))
    return None


def _list(names: list[str]) -> str:
    return shown(", ".join(names), quote=False, limit=_LIMIT)


def differences(verdict: Verdict, lang: str = "en") -> list[str]:
    """One sentence per differing event the verification kept (log.verify.SHOWN of them),
    then how many more differ: a forged field that cascades is counted, not told."""
    said = [
        verdict_words(m.seq + 1, m.log, m.sim, m.fields, lang, (m.log_watch, m.sim_watch))
        for m in verdict.differences or ((verdict.mismatch,) if verdict.mismatch else ())
    ]
    if verdict.more:
        said.append(Catalogue(lang)("verdict.more", n=verdict.more))
    return said


def reasons(
    verdict: Verdict,
    t: Catalogue,
    *,
    published: Published | None = None,
    head: str | None = None,
    resimulated: bool = True,
) -> list[str]:
    """Every reason the log is not the night (empty: it is), in the verdict's language:
    the head read out, what was published, the seed's own commitment, then each difference
    the re-simulation found (the night is re-simulated even when the head fails). The one
    answer of `verify`, `campaign verify`, `whatif` and the console (docs/disputes.md)."""
    from nightsim import heads
    from nightsim.log.binding import Published, unbound

    said: list[str] = []
    if head is not None and (verdict.head is None or not heads.matches(verdict.head, head)):
        said.append(t("verify.head_wrong", got=verdict.head, head=head))
    said += [t(u.key, **u.values) for u in unbound(verdict, published or Published())]
    if not resimulated:
        return said
    if not verdict.seed_matches:
        said.append(t("verify.seed_mismatch", seed=shown(verdict.seed), sha=verdict.seed_sha256))
    return said + differences(verdict, t.lang)
