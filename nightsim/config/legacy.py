"""A log header's config as this nightsim reads it: one written before the second reading
of the rules upgraded, and every key added since filled with its default, so a log keeps
verifying after an upgrade (docs/log-format.md, "Editions")."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from pydantic import (
    BaseModel,
)
from pydantic_core import to_jsonable_python

from nightsim.config import once
from nightsim.config.explain import model_in
from nightsim.config.fingerprint import omit_added_defaults
from nightsim.config.model import Config


def upgrade_legacy(data: dict[str, Any]) -> dict[str, Any]:
    """A log header's config as nightsim writes it now, from one written before the second
    reading of docs/rules.md (no `camp.fire_conditions`: `fire_chance = 6` meant normal conditions
    and 1..5 adverse; no `light_fire`, no `sleep_in`). Anything else is returned as it is.

    Only for reading old logs (replay, verify): a config file with `fire_chance = 6` is an
    error that says what to write instead. An old 5-in-6 has no new equivalent and reads as
    4-in-6; the narration still tells the header's own number."""
    camp = data.get("camp")
    if not isinstance(camp, dict) or "fire_conditions" in camp:
        return data
    chance = camp.get("fire_chance", 6)
    adverse = isinstance(chance, int) and chance < 6
    new = copy.deepcopy(data)
    new["camp"] = {
        **camp,
        "light_fire": True,
        "fire_conditions": "adverse" if adverse else "normal",
        "fire_chance": min(chance, 4) if adverse else 4,
    }
    rules_ = new.get("rules")
    if isinstance(rules_, dict):
        rules_.setdefault("sleep_in", False)
    return new


def header_config(
    data: dict[str, Any], *, drop_unknown: bool = False
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A log header's config read as this nightsim reads a config: the legacy upgrade first
    (upgrade_legacy), then every key the header lacks that has a default filled in with it,
    as `Config.canonical()` writes it. A key added after the log was written carries a
    default that plays the night as before (docs/log-format.md, "Editions"), so the header
    reads as if it had it.

    With `drop_unknown`, keys this nightsim's model does not know (a later release's) are
    left out and named, dotted (`rules.doze_wakes`, `party.Wren.mood`); without it they stay,
    for `config_from_data` to refuse. Returns the config data and the keys left out."""
    k = once.key(f"header_config {drop_unknown}", data)
    kept: tuple[dict[str, Any], tuple[str, ...]] | None = once.found(k)
    if kept is not None:
        return kept
    dropped: list[str] = []
    filled = _filled(upgrade_legacy(data), Config, "", dropped if drop_unknown else None)
    # As `Config.canonical()` writes it: a key added after 0.4.0 is left out at its default.
    out = omit_added_defaults(filled), tuple(dropped)
    once.keep(k, out)
    return out


@cache
def _tables(model: type[BaseModel]) -> tuple[dict[str, Any], dict[str, type[BaseModel]]]:
    """`model`'s fields, and the table model inside each that holds one: looked up once per
    model, not once a night (`campaign verify` reads a header a night)."""
    fields = dict(model.model_fields)
    inners = {key: inner for key, f in fields.items() if (inner := model_in(f.annotation))}
    return fields, inners


def _filled(
    data: dict[str, Any], model: type[BaseModel], where: str, dropped: list[str] | None
) -> dict[str, Any]:
    """`data` (one table of `model`) with its defaults filled in, recursively; unknown keys
    appended to `dropped` and left out (when it is given)."""
    fields, inners = _tables(model)
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key not in fields and dropped is not None:
            dropped.append(f"{where}{key}")
            continue
        inner = inners.get(key)
        if inner is not None and isinstance(value, dict):
            value = _filled(value, inner, f"{where}{key}.", dropped)
        elif inner is not None and isinstance(value, list):
            value = [
                _filled(v, inner, f"{where}{key}.{_label(v, i)}.", dropped)
                if isinstance(v, dict)
                else v
                for i, v in enumerate(value)
            ]
        out[key] = value
    for key, field in fields.items():
        if key in out or field.is_required():
            continue
        default = field.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            out[key] = default.model_dump(mode="json", exclude_none=True)
        elif default is not None:  # canonical() leaves None out
            out[key] = to_jsonable_python(default)
    return out


def _label(item: dict[str, Any], index: int) -> str:
    """A list member's name in a dotted key, as `--set party.NAME.field` names it."""
    name = item.get("name")
    return name if isinstance(name, str) else str(index)
