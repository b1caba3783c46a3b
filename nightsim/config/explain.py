"""A pydantic validation error told as one line: the field's path in the file, what was
expected, and the nearest known key for a misspelt one."""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    ValidationError,
)

from nightsim.config.model import Config, suggest
from nightsim.limits import (
    shown,
)


def _allowed_keys(loc: tuple[int | str, ...]) -> list[str]:
    model: Any = Config
    for part in loc:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        if field is None:
            break
        ann = field.annotation
        inner = model_in(ann)
        if inner is None:
            return []
        model = inner
    return list(model.model_fields)


def model_in(ann: Any) -> type[BaseModel] | None:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann
    for arg in getattr(ann, "__args__", ()):
        found = model_in(arg)
        if found is not None:
            return found
    return None


def _loc_text(loc: tuple[int | str, ...], raw: Any) -> str:
    parts: list[str] = []
    node = raw
    for p in loc:
        if isinstance(p, int):
            label = f"[{p}]"
            if isinstance(node, list) and p < len(node):
                node = node[p]
                name = node.get("name") if isinstance(node, dict) else None
                if isinstance(name, str) and name.isprintable():
                    label = f"[{p}] ({shown(name, quote=False)})"
            parts.append(label)
        else:
            parts.append(("." if parts else "") + shown(p, quote=False))
            node = node.get(p) if isinstance(node, dict) else None
    return "".join(parts)


def _listed(keys: list[str], room: int = 120) -> str:
    """The keys a table takes, as many as fit in `room` characters: the error stays one
    short line (docs/limits.md) however many keys a release adds; the rest are counted."""
    out: list[str] = []
    for key in keys:
        if sum(len(k) + 2 for k in out) + len(key) > room:
            return f"{', '.join(out)}, … ({len(keys)} in all: docs/config.md)"
        out.append(key)
    return ", ".join(out)


def unknown_key(err: ValidationError, raw: Any) -> tuple[str, str] | None:
    """The key `explain` names as unknown and the table it is in, or None: the one mistake
    that may be a later release's key rather than the user's (errors.UnknownKey)."""
    e = next((x for x in err.errors(include_url=False) if x["type"] == "extra_forbidden"), None)
    if e is None:
        return None
    loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    return str(loc[-1]), _loc_text(loc[:-1], raw) or "the top level"


def explain(err: ValidationError, raw: Any) -> str:
    errors = err.errors(include_url=False)
    # A misspelt key is both unknown and, under its right name, missing ("cons" for "con"):
    # the unknown key is the mistake to name, with the key it is nearest to.
    e = next((x for x in errors if x["type"] == "extra_forbidden"), errors[0])
    loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    kind = e["type"]
    if kind == "extra_forbidden":
        key = str(loc[-1])
        where = _loc_text(loc[:-1], raw)
        allowed = _allowed_keys(loc[:-1])
        hint = suggest(key, allowed)
        return (
            f"unknown key {shown(key)} in {where or 'the top level'}{hint};"
            f" expected one of: {_listed(allowed)}"
        )
    where = _loc_text(loc, raw)
    msg = e["msg"]
    if kind == "value_error":
        msg = msg.removeprefix("Value error, ")
    elif kind == "missing":
        msg = "is required"
    elif kind == "string_pattern_mismatch":  # the one pattern: no control characters
        msg = f"no newlines, control characters or bidi overrides, got {shown(e['input'])}"
    elif "input" in e and kind not in ("model_type",):
        msg = f"{msg}, got {shown(e['input'])}"
    return f"{where}: {msg}" if where else msg
