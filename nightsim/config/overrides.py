"""`--set KEY=VALUE` items and TOML text: parsed within the input limits
(nightsim/limits.py), applied to a config's raw data, and blamed by name when they break it."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from typing import Any

from pydantic import (
    ValidationError,
)

from nightsim.config.explain import explain
from nightsim.config.model import Config, suggest
from nightsim.config.toml_words import toml_fault
from nightsim.errors import ConfigError
from nightsim.limits import (
    MAX_CONFIG_BYTES,
    MAX_DEPTH,
    MAX_INT_DIGITS,
    shown,
)
from nightsim.told import Said, said_of

_TOO_DEEP = Said("config.too_deep", limit=MAX_DEPTH)


_TOO_LONG = Said("config.too_long", limit=MAX_INT_DIGITS)


_INT_BOUND = 10**MAX_INT_DIGITS


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text -> plain data within the limits of nightsim/limits.py; ConfigError if not."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_CONFIG_BYTES:
        raise ConfigError(Said("config.too_big", size=size, limit=MAX_CONFIG_BYTES))
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(toml_fault(str(exc))) from None
    except RecursionError:
        raise ConfigError(_TOO_DEEP) from None
    except ValueError:
        # int() refused a number past Python's own digit limit (640 or more), which is
        # well past ours.
        raise ConfigError(_TOO_LONG) from None
    check_limits(raw, depth=1)
    return raw


def check_limits(value: Any, depth: int) -> None:
    """`value`, found `depth` tables/arrays deep, nests at most MAX_DEPTH deep and holds no
    integer of more than MAX_INT_DIGITS digits. A loop, not recursion: the input is hostile."""
    stack = [(value, depth)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, dict | list):
            if d > MAX_DEPTH:
                raise ConfigError(_TOO_DEEP)
            stack.extend((v, d + 1) for v in (node.values() if isinstance(node, dict) else node))
        elif isinstance(node, int) and not -_INT_BOUND < node < _INT_BOUND:
            raise ConfigError(_TOO_LONG)


def check_overrides(overrides: object) -> None:
    """The `--set` items of the API: a list or tuple of "key=value" strings. A bare string
    is refused, not walked character by character as items "c", "a", "m", …"""
    if isinstance(overrides, str | bytes) or not isinstance(overrides, list | tuple):
        hint = f" (one item: [{shown(overrides)}])" if isinstance(overrides, str) else ""
        raise TypeError(
            f"overrides: expected a list or tuple of KEY=VALUE strings, got"
            f" {type(overrides).__name__}{hint}"
        )
    for i, item in enumerate(overrides):
        if not isinstance(item, str):
            raise TypeError(
                f"overrides[{i}]: expected a KEY=VALUE string, got {type(item).__name__}"
            )


def blame(
    base: dict[str, Any],
    overrides: list[str] | tuple[str, ...],
    msg: str,
    check: Callable[[Config], str | None] = lambda config: None,
) -> str | None:
    """The `--set` item after which the error `msg` (of all the items applied) last began, or
    None if the file alone has it. A cross-field error (two characters named 'Moss') has no
    key to match against an item, so the items are replayed in order, latest first. `check`
    is what a valid config is refused for besides its model (its names)."""

    def error_after(k: int) -> str | None:
        raw = copy.deepcopy(base)
        for item in overrides[:k]:
            apply_override(raw, item)
        try:
            return check(Config.model_validate(raw))
        except ValidationError as exc:
            return explain(exc, raw)

    for k in range(len(overrides), 0, -1):
        if error_after(k - 1) != msg:
            return overrides[k - 1]
    return None


# --set of one half of an either/or pair replaces the other half (docs/config.md).
# The weather is one of three: `weather`, `firewood_modifier` or `weather_by_night`.
_PAIRS: dict[str, tuple[str, ...]] = {
    "terrain": ("encounter_chance",),
    "encounter_chance": ("terrain",),
    "season": ("month",),
    "month": ("season",),
    "weather": ("firewood_modifier", "weather_by_night"),
    "firewood_modifier": ("weather", "weather_by_night"),
    "weather_by_night": ("weather", "firewood_modifier"),
    "rota": ("shifts",),
    "shifts": ("rota",),
}


def _hint(key: str, text: str) -> str:
    """For a list of bare words (`[Ash, Ярема]`): how to write it, since TOML quotes each
    string and the shell needs the whole item quoted."""
    body = text.strip()
    if not (body.startswith("[") and body.endswith("]")) or '"' in body or "'" in body:
        return ""
    words = [w.strip() for w in body[1:-1].split(",") if w.strip()]
    if not words or not all(w[0].isalpha() for w in words):
        return ""  # not a list of bare names ([1,,] is a number list gone wrong)
    quoted = ", ".join(f'"{shown(w, quote=False, limit=20)}"' for w in words[:3])
    more = ", …" if len(words) > 3 else ""
    return Said(
        "config.set_quote_names", option="--set", dotted=key, names=f"{quoted}{more}", more=""
    )


def blamed_on(said: Said, option: str) -> Said:
    """A `--set` item's mistake told as `option`'s (`--compare`, `--sweep`, `--grid`: their
    items are `--set` items too), its hint's example included; a sweep's example shows
    that more values follow."""
    fields = {k: blamed_on(v, option) if isinstance(v, Said) else v for k, v in said.fields.items()}
    if fields.get("option") == "--set":
        fields["option"] = option
    if said.code == "config.set_quote_names" and option in ("--sweep", "--grid"):
        fields["more"] = ",\u2026"
    return Said(said.code, **fields)


def _toml_value(key: str, text: str, depth: int) -> Any:
    """`text` as a TOML value set `depth` tables deep, within the limits."""
    item = shown(key, quote=False)
    if depth > MAX_DEPTH:  # the dotted key alone nests too deep
        raise ConfigError(Said("config.set_at", option="--set", item=item, problem=_TOO_DEEP))
    try:
        value = tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        # A bare word (`camp.season=winter`) is taken as a string, as a referee would type it.
        if text and "\n" not in text and not text.lstrip().startswith(("[", "{", '"', "'")):
            return text
        hint = _hint(shown(key, quote=False), text)
        raise ConfigError(
            Said("config.set_not_toml", option="--set", item=item, value=shown(text), hint=hint)
        ) from None
    except RecursionError:
        raise ConfigError(
            Said("config.set_at", option="--set", item=item, problem=_TOO_DEEP)
        ) from None
    except ValueError:  # int() refused a number past Python's digit limit
        raise ConfigError(
            Said("config.set_at", option="--set", item=item, problem=_TOO_LONG)
        ) from None
    try:
        check_limits(value, depth)
    except ConfigError as exc:
        raise ConfigError(
            Said("config.set_at", option="--set", item=item, problem=said_of(exc))
        ) from None
    return value


def _member(node: list[Any], parts: list[str], i: int, key: str) -> tuple[Any, str]:
    """The member of a table array that parts[i:] names, and its name; `parts` is joined in
    place where the name holds dots."""
    part = parts[i]
    # A name may hold dots ("St. Wren"): take the longest run of parts that names a
    # member, leaving at least the field after it.
    for j in range(len(parts) - 1, i + 1, -1):
        joined = ".".join(parts[i:j])
        if any(isinstance(x, dict) and x.get("name") == joined for x in node):
            parts[i:j] = [joined]
            part = joined
            break
    found = [x for x in node if isinstance(x, dict) and x.get("name") == part]
    if not found:
        names = [x.get("name") for x in node if isinstance(x, dict)]
        hint = suggest(part, [n for n in names if isinstance(n, str)])
        raise ConfigError(
            Said(
                "config.set_no_member",
                option="--set",
                item=shown(key, quote=False),
                table=".".join(parts[:i]),
                name=shown(part),
                hint=hint,
            )
        )
    return found[0], part


def apply_override(raw: dict[str, Any], item: str) -> None:
    """Apply one `KEY=VALUE` (dotted path, TOML value; `party.NAME.field`) to raw TOML data."""
    key, sep, value = item.partition("=")
    key = key.strip()
    if not key.isprintable():
        # A key with a newline or control character would split the one-line error message.
        raise ConfigError(Said("config.set_control", option="--set", item=shown(item)))
    if not sep or not key:
        raise ConfigError(Said("config.set_form", option="--set", item=shown(item)))
    parts = key.split(".")
    if any(not p for p in parts):
        raise ConfigError(
            Said("config.set_not_dotted", option="--set", item=shown(item), dotted=shown(key))
        )
    # The value sits under the top level and a table per dotted part before the last.
    val = _toml_value(key, value.strip(), depth=len(parts))
    node: Any = raw
    i = 0
    while i < len(parts) - 1:
        part = parts[i]
        if isinstance(node, list):
            node, part = _member(node, parts, i, key)
        elif isinstance(node, dict):
            nxt = node.get(part)
            if nxt is None:
                nxt = node[part] = {}
            if not isinstance(nxt, dict | list):
                table = shown(".".join(parts[: i + 1]), quote=False)
                raise ConfigError(
                    Said(
                        "config.set_not_table",
                        option="--set",
                        item=shown(key, quote=False),
                        dotted=table,
                    )
                )
            node = nxt
        i += 1
    if not isinstance(node, dict):
        table = shown(".".join(parts[:-1]), quote=False)
        raise ConfigError(
            Said("config.set_not_table", option="--set", item=shown(key, quote=False), dotted=table)
        )
    last = parts[-1]
    for other in _PAIRS.get(last, ()):
        node.pop(other, None)
    node[last] = val
