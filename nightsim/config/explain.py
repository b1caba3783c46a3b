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
from nightsim.told import Said


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
            return Said("config.listed_more", keys=", ".join(out), count=len(keys))
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
    """The first error as one line by code (nightsim/told.py): a command tells it in its
    language, the field's path and the values as they are."""
    errors = err.errors(include_url=False)
    # A misspelt key is both unknown and, under its right name, missing ("cons" for "con"):
    # the unknown key is the mistake to name, with the key it is nearest to.
    e = next((x for x in errors if x["type"] == "extra_forbidden"), errors[0])
    loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    kind = e["type"]
    if kind == "extra_forbidden":
        key = str(loc[-1])
        allowed = _allowed_keys(loc[:-1])
        return Said(
            "config.unknown_key",
            name=shown(key),
            where=_loc_text(loc[:-1], raw) or Said("config.top_level"),
            hint=suggest(key, allowed),
            allowed=_listed(allowed),
        )
    where = _loc_text(loc, raw)
    msg = problem(e)
    return Said("config.at", where=where, problem=msg) if where else msg


# pydantic's error types a config can meet, by code: (the message's code, the error
# context's fields it names), in nightsim's own words in both languages; any other type
# keeps pydantic's words (config.pydantic).
_TYPES: dict[str, tuple[str, tuple[str, ...]]] = {
    "missing": ("config.required", ()),
    "int_type": ("config.want_int", ()),
    "int_parsing": ("config.want_int_text", ()),
    "int_from_float": ("config.want_int_whole", ()),
    "bool_type": ("config.want_bool", ()),
    "bool_parsing": ("config.want_bool_text", ()),
    "string_type": ("config.want_text", ()),
    "float_type": ("config.want_number", ()),
    "float_parsing": ("config.want_number_text", ()),
    "list_type": ("config.want_list", ()),
    "tuple_type": ("config.want_tuple", ()),
    "dict_type": ("config.want_table", ()),
    "greater_than_equal": ("config.want_ge", ("ge",)),
    "greater_than": ("config.want_gt", ("gt",)),
    "less_than_equal": ("config.want_le", ("le",)),
    "less_than": ("config.want_lt", ("lt",)),
    "literal_error": ("config.want_one_of", ("expected",)),
    "enum": ("config.want_one_of", ("expected",)),
    "string_too_long": ("config.want_max_chars", ("max_length",)),
}


def _choices(expected: str) -> str:
    """pydantic's "'a', 'b' or 'c'" with its "or" by code (config.choices)."""
    first, sep, last = expected.rpartition(" or ")
    return Said("config.choices", first=first, last=last) if sep else expected


def problem(e: Any) -> str:
    """What is wrong with the value, by code where the type is one of _TYPES (and a
    validator's own message, when it raised one by code), with the value it got."""
    kind, ctx = e["type"], e.get("ctx") or {}
    if kind == "value_error":
        said = ctx.get("error")
        first = said.args[0] if isinstance(said, ValueError) and said.args else None
        return first if isinstance(first, Said) else str(e["msg"]).removeprefix("Value error, ")
    if kind == "string_pattern_mismatch":  # the one pattern: no control characters
        return Said("config.no_control", got=shown(e["input"]))
    code, names = _TYPES.get(kind, ("config.pydantic", ()))
    fields: dict[str, Any] = {n: ctx.get(n, "") for n in names}
    if "expected" in fields:
        fields["expected"] = _choices(str(fields["expected"]))
    if code == "config.pydantic":
        fields["msg"] = str(e["msg"])
    said = Said(code, **fields)
    if "input" in e and kind not in ("model_type", "missing"):
        return Said("config.got", problem=said, got=shown(e["input"]))
    return said
