"""Reading log format 1 (nightsim 0.1.0): its canonical form, its chain and its upgrade.

A format-1 line is Python's `json.dumps(sort_keys=True, separators=(",", ":"),
ensure_ascii=False)` of the event, and its `hash` is SHA-256(previous hash + that text). The
reader checks a format-1 log by those rules (log/reader.py), then hands each line on as an event
of the current models: `upgrade_v1` turns its English phrases into codes, its fractional
hours into whole minutes, gives it its night, and rebuilds an old `hour.passed` from the state
at its strike. What is approximate there is said in `_hour_passed` (and docs/log-format.md).

Nothing here writes format 1: a format-1 log is re-simulated by the nightsim that wrote it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from nightsim.codes import NoFire, NoMeal, Purpose, RestReason

VERSION = 1


def canonical_json_v1(data: Mapping[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def line_hash_v1(prev: str, line_without_hash: Mapping[str, Any]) -> str:
    return hashlib.sha256((prev + canonical_json_v1(line_without_hash)).encode()).hexdigest()


# The phrases format 1 wrote (nightsim 0.1.0 and main until format 2), by the code they are now.
# Written out, not derived from nightsim.codes: these are a record of what old logs hold.
PURPOSES: Mapping[str, Purpose] = {
    "firewood": Purpose.FIREWOOD,
    "light the fire": Purpose.LIGHT_FIRE,
    "WIS check": Purpose.WIS_CHECK,
    "CHA check": Purpose.CHA_CHECK,
    "save vs Doom": Purpose.SAVE_DOOM,
    "falls asleep on watch": Purpose.DOZE,
    "minute of dozing off": Purpose.DOZE_MINUTE,
    "wandering monster": Purpose.MONSTER,
    "minute of arrival": Purpose.ARRIVAL_MINUTE,
    "party surprise": Purpose.PARTY_SURPRISE,
    "monster surprise": Purpose.MONSTER_SURPRISE,
    "distance x 30 ft": Purpose.DISTANCE,
    "creature": Purpose.CREATURE,
    "CON check": Purpose.CON_CHECK,
    "spell fails": Purpose.SPELL_FAILS,
}
NO_FIRE: Mapping[str, NoFire] = {
    "no fire-starter": NoFire.NO_FIRE_STARTER,
    "no firewood": NoFire.NO_FIREWOOD,
    "no fire-starter and no firewood": NoFire.NO_FIRE_STARTER_NOR_WOOD,
    "the fire would not catch": NoFire.WOULD_NOT_CATCH,
    "camped dark by choice": NoFire.DARK_CAMP,
}
NO_MEAL: Mapping[str, NoMeal] = {
    "no fire": NoMeal.NO_FIRE,
    "no cookware": NoMeal.NO_COOKWARE,
    "no ingredients": NoMeal.NO_INGREDIENTS,
}
REST: Mapping[str, RestReason] = {
    "slept under 6 hours": RestReason.SHORT_SLEEP,
    "quick rest: gear suits the night": RestReason.QUICK_REST,
    "quick rest: has bedding": RestReason.QUICK_REST_BEDDING,
    "easy night": RestReason.EASY,
    "impossible night": RestReason.IMPOSSIBLE,
    "moderate night, CON check passed": RestReason.MODERATE_PASSED,
    "moderate night, CON check failed": RestReason.MODERATE_FAILED,
    "hard night, CON check passed": RestReason.HARD_PASSED,
    "hard night, CON check failed": RestReason.HARD_FAILED,
}
_REASONS: Mapping[str, Mapping[str, str]] = {
    "fire.not_lit": NO_FIRE,
    "meal.not_cooked": NO_MEAL,
    "rest.checked": REST,
}
# Format 1's compact targets: `<= 2`, `>= 12`, and a bare `1` (a 1 on the die).
_OPS = ("<= ", ">= ")


def _code(table: Mapping[str, str], value: Any) -> Any:
    # An unknown phrase is left as it is: the event model then refuses it, naming the field.
    return table.get(value, value) if isinstance(value, str) else value


def _target(target: Any) -> Any:
    if not isinstance(target, str):
        return target
    op, value = ("==", target)
    for prefix in _OPS:
        if target.startswith(prefix):
            op, value = prefix.strip(), target[len(prefix) :]
    return {"op": op, "value": int(value)} if value.isdecimal() else target


def _roll(roll: Any) -> Any:
    if not isinstance(roll, dict):
        return roll
    out = dict(roll)
    if "purpose" in out:
        out["purpose"] = _code(PURPOSES, out["purpose"])
    if "target" in out:
        out["target"] = _target(out["target"])
    return out


def _minutes(hours: Any) -> Any:
    # The fire burned round(hours * 60) minutes in format 1 too (engine/fire.py).
    ok = isinstance(hours, int | float) and not isinstance(hours, bool)
    return round(hours * 60) if ok else hours


def _clock_before(clock: str, minutes: int) -> str:
    hh, mm = clock.split(":")
    t = (int(hh) * 60 + int(mm) - minutes) % (24 * 60)
    return f"{t // 60:02d}:{t % 60:02d}"


def _hour_passed(data: dict[str, Any]) -> None:
    """Format 1's `hour.passed` gave the state at the strike; format 2 tells the whole hour.
    From the old line alone, approximately: the watcher at the strike (`on_watch`) is taken to
    have watched the whole hour (one span from the hour before), nobody then means 60
    unwatched minutes; `awake` is who was awake at the strike, `slept_through` who was asleep
    then (`asleep`), `dozed` who was dozing then (`dozing`); `fire_minutes` is 60 if the fire
    burned at the strike, else 0. A line already in the new shape is kept as it is."""
    if "watch" in data or "on_watch" not in data:
        return
    watcher = data.pop("on_watch")
    clock = data.get("clock")
    frm = _clock_before(clock, 60) if isinstance(clock, str) and len(clock) == 5 else clock
    data["watch"] = [] if watcher is None else [{"actor": watcher, "from": frm, "to": clock}]
    data["unwatched_minutes"] = 60 if watcher is None else 0
    data["slept_through"] = data.pop("asleep", [])
    data["dozed"] = data.pop("dozing", [])
    data["fire_minutes"] = 60 if data.pop("fire", False) is True else 0


def upgrade_v1(data: Mapping[str, Any], night: int) -> dict[str, Any]:
    """A format-1 line (already checked by format 1's rules) as the current models read it:
    `v` 2, `night` (0 for the header, else the night the line is in: the reader knows it from
    the log's `night.began` lines), codes for phrases, structured roll targets, whole minutes
    for the fire's hours, and `hour.passed` in its new shape. The header's config is upgraded
    where it is read (config.upgrade_legacy). `hash` stays the line's own format-1 hash."""
    out = dict(data)
    out["v"] = 2
    out["night"] = 0 if out.get("type") == "night.header" else out.get("night", night)
    kind = out.get("type")
    if isinstance(out.get("rolls"), list):
        out["rolls"] = [_roll(r) for r in out["rolls"]]
    if isinstance(kind, str) and kind in _REASONS and "reason" in out:
        out["reason"] = _code(_REASONS[kind], out["reason"])
    if kind == "fire.lit" and "hours" in out:
        out["minutes"] = _minutes(out.pop("hours"))
    elif kind == "fire.not_lit" and "wood_hours" in out:
        out["wood_minutes"] = _minutes(out.pop("wood_hours"))
    elif kind == "hour.passed":
        _hour_passed(out)
    return out
