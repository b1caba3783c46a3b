"""A config read from a file or text (plus `--set` items) into a validated `Config`; the
bundled default."""

from __future__ import annotations

import copy
from collections.abc import Callable
from os import PathLike
from pathlib import Path
from typing import Any

from pydantic import (
    ValidationError,
)

from nightsim.config import once
from nightsim.config.explain import explain, unknown_key
from nightsim.config.model import Config
from nightsim.config.names import name_problem
from nightsim.config.overrides import (
    apply_override,
    blame,
    check_limits,
    check_overrides,
    parse_toml,
)
from nightsim.errors import ConfigError, UnknownKey, read_input
from nightsim.limits import (
    MAX_CONFIG_BYTES,
    shown,
)
from nightsim.told import Said, said_of


def parse_config(text: str, overrides: list[str] | tuple[str, ...] = ()) -> Config:
    """TOML text (+ `--set` overrides) -> a validated Config; raises ConfigError (no file name:
    a message names the field; `load_config` tells the file's mistakes from the items')."""
    if not isinstance(text, str):
        raise TypeError(f"text: expected TOML text (a str), got {type(text).__name__}")
    check_overrides(overrides)
    raw = parse_toml(text)
    for item in overrides:
        apply_override(raw, item)
    config = config_from_data(raw)
    problem = name_problem(config)  # typed by a referee: look-alike names refused
    if problem is not None:
        raise ConfigError(problem)
    return config


def config_from_data(raw: dict[str, Any]) -> Config:
    """Plain data (a log header's `config`, `Config.canonical()`) -> a validated Config;
    raises ConfigError naming the field."""
    if not isinstance(raw, dict):
        raise TypeError(f"raw: expected a dict of config data, got {type(raw).__name__}")
    k = once.key("config", raw)
    config: Config | None = once.found(k)
    if config is None:
        config = _validated(raw)
        once.keep(k, config)
    return config


def _validated(raw: dict[str, Any]) -> Config:
    check_limits(raw, depth=1)
    try:
        return Config.model_validate(raw)
    except ValidationError as exc:
        unknown = unknown_key(exc, raw)
        if unknown is not None:
            raise UnknownKey(explain(exc, raw), *unknown) from None
        raise ConfigError(explain(exc, raw)) from None


def _resolve(
    raw: dict[str, Any],
    overrides: list[str] | tuple[str, ...],
    source: str,
    check: Callable[[Config], str | None] = name_problem,
) -> Config:
    """Apply the `--set` items to data read from `source` (a shown path) and validate (with
    `check`: the names a referee typed, config/names.py); a mistake is blamed on the `--set`
    item that made it, else on the source."""
    base = copy.deepcopy(raw) if overrides else raw
    for item in overrides:
        apply_override(raw, item)  # a malformed item is that item's error, never the file's
    try:
        config = Config.model_validate(raw)
    except ValidationError as exc:
        msg = explain(exc, raw)
    else:
        problem = check(config)
        if problem is None:
            return config
        msg = problem
    culprit = blame(base, overrides, msg, check)
    if culprit is None:
        raise ConfigError(Said("config.at", where=source, problem=msg))
    key = culprit.partition("=")[0].strip()
    # The item names the key: the message's own "KEY: " before what is wrong goes.
    if isinstance(msg, Said) and msg.code == "config.at" and msg.fields.get("where") == key:
        msg = msg.fields["problem"]
    elif not isinstance(msg, Said):
        msg = msg.removeprefix(f"{key}: ")
    raise ConfigError(
        Said("config.set_at", option="--set", item=shown(culprit, quote=False), problem=msg)
    )


def with_overrides(
    raw: dict[str, Any], overrides: list[str] | tuple[str, ...], source: str
) -> Config:
    """Plain config data (a log header's `config`) with `--set` items applied, validated;
    raises ConfigError blaming the item that made a mistake (`nightsim whatif`), or
    `source` if the data had it already. `raw` is not changed."""
    check_overrides(overrides)
    check_limits(raw, depth=1)
    # The log's names are the log's: a 0.3.0 party of look-alikes is still asked "what if".
    return _resolve(copy.deepcopy(raw), overrides, source=source, check=lambda config: None)


def load_config(path: str | Path, overrides: list[str] | tuple[str, ...] = ()) -> Config:
    """Read a TOML config file, apply `overrides` (the CLI's `--set` items, in order) and
    return the validated, frozen `Config`.

    `nightsim.config.default_config_path()` is the bundled default; `parse_config(text)`
    and `config_from_data(dict)` do the same without a file.

    >>> from nightsim import load_config
    >>> from nightsim.config import default_config_path
    >>> config = load_config(default_config_path(), ["camp.season=winter", "party.Moss.con=3"])
    >>> config.camp.season, config.character("Moss").con
    ('winter', 3)
    >>> [c.name for c in config.party]
    ['Sir Aldric', 'Sister Ysolde', 'Moss', 'Wren']

    Raises ConfigError naming the file (or the `--set` item) and the field for a file that
    cannot be read or a config that is not valid; TypeError if `path` is not a str or a
    path, or `overrides` is not a list or tuple of strings (a bare string included).
    """
    if not isinstance(path, str | PathLike):
        raise TypeError(f"path: expected a str or a path, got {type(path).__name__}")
    check_overrides(overrides)
    p = Path(path)
    where = shown(p)
    text = _read_config(p, where)
    try:
        raw = parse_toml(text)
    except ConfigError as exc:
        raise ConfigError(Said("config.at", where=where, problem=said_of(exc))) from None
    return _resolve(raw, overrides, source=where)


def _read_config(p: Path, where: str) -> str:
    """The text of a config file: a regular file (read_input) of at most MAX_CONFIG_BYTES."""
    data = read_input(p, "a TOML config file", ConfigError, limit=MAX_CONFIG_BYTES, where=where)
    if b"\x00" in data:
        raise ConfigError(Said("config.binary", where=where))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(Said("config.not_utf8", where=where, byte=exc.start)) from None
    if not text.strip():
        raise ConfigError(Said("config.empty", where=where))
    return text


def default_config_path() -> Path:
    return Path(__file__).parent.parent / "data" / "default.toml"
