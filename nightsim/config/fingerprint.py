"""A config's fingerprint: the SHA-256 of its resolved form, as a log's header commits to it.

The resolved form is `Config.canonical()` (what a log's header holds as `config`) in RFC 8785
canonical JSON, the log writer's own form (docs/log-format.md), so `check`, a header and the
reports' `config_sha256` agree on one value for one config. Here, not in the writer, so that
`check` loads no engine.

A key added to the config after 0.4.0 is marked `added` in its field (`Field(default,
json_schema_extra={"added": "0.5.0"})`), and the resolved form leaves it out while it is at its
default (`omit_added_defaults`). So a release that only adds keys at their defaults writes the
same header `config`, and the same fingerprint, as the release before it for the same camp,
and an earlier release reads its campaign's state and re-simulates its nights
(docs/log-format.md, "A key added later"). Every key 0.4.0 knows stays written out in full:
no header, log or published fingerprint of 0.4.0 or before changes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import rfc8785
from pydantic import BaseModel
from pydantic_core import to_jsonable_python

if TYPE_CHECKING:
    from nightsim.config.model import Config

#: The field metadata (`json_schema_extra`) that marks a key added after 0.4.0: the release
#: that added it.
ADDED = "added"


def data_sha256(data: Mapping[str, Any]) -> str:
    """The SHA-256 of a config's canonical data (a header's `config`)."""
    return hashlib.sha256(rfc8785.dumps(data)).hexdigest()


def config_sha256(config: Config) -> str:
    """The fingerprint `check` prints and `verify --config-sha256` compares."""
    return data_sha256(config.canonical())


def added_in(model: type[BaseModel], key: str) -> str | None:
    """The release that added `model`'s field `key`, or None for a key 0.4.0 knows."""
    extra = model.model_fields[key].json_schema_extra
    value = extra.get(ADDED) if isinstance(extra, dict) else None
    return value if isinstance(value, str) else None


@cache
def _marks(model: type[BaseModel]) -> bool:
    """Whether `model` or a table inside it has a field marked `added` (none has yet: then
    the resolved form is the model's dump as it is, at no cost)."""
    from nightsim.config.explain import model_in

    for key, field in model.model_fields.items():
        if added_in(model, key) is not None:
            return True
        inner = model_in(field.annotation)
        if inner is not None and inner is not model and _marks(inner):
            return True
    return False


@cache
def _plan(model: type[BaseModel]) -> dict[str, tuple[bool, Any, type[BaseModel] | None]]:
    """Per field of `model`: whether it is left out at its default (a key marked `added`
    that has one), that default as JSON data (only compared, never handed out), and the
    table model inside it. Made once per model: `campaign verify` reads a config a night."""
    from nightsim.config.explain import model_in

    plan: dict[str, tuple[bool, Any, type[BaseModel] | None]] = {}
    for key, field in model.model_fields.items():
        omitted = added_in(model, key) is not None and not field.is_required()
        default = None
        if omitted:
            default = field.get_default(call_default_factory=True)
            if isinstance(default, BaseModel):
                default = default.model_dump(mode="json", exclude_none=True)
            default = to_jsonable_python(default)
        plan[key] = (omitted, default, model_in(field.annotation))
    return plan


def omit_added_defaults(
    data: dict[str, Any], model: type[BaseModel] | None = None
) -> dict[str, Any]:
    """`data` (a config's plain data, every key explicit) without the keys marked `added`
    that hold their default, at any depth (a table, a party member). `model`: the table's
    model (the whole Config by default)."""
    if model is None:
        from nightsim.config.model import Config

        model = Config
    if not _marks(model):
        return data
    plan = _plan(model)
    out: dict[str, Any] = {}
    for key, value in data.items():
        step = plan.get(key)
        if step is None:
            out[key] = value
            continue
        omitted, default, inner = step
        if omitted and value == default:
            continue
        if inner is not None and isinstance(value, dict):
            value = omit_added_defaults(value, inner)
        elif inner is not None and isinstance(value, list):
            value = [omit_added_defaults(v, inner) if isinstance(v, dict) else v for v in value]
        out[key] = value
    return out
