"""The config: a TOML file (plus `--set` items) read into frozen, validated models.

The models and their resolution live in `nightsim.config.model`; `nightsim.config.checkup`
is what `nightsim check` shows. Everything a caller needs is re-exported here, so
`from nightsim.config import Config, load_config` is the one import to know.
"""

from __future__ import annotations

from nightsim.config.model import (
    ADVERSE_WEATHER,
    Camp,
    Character,
    Config,
    Encounters,
    Entry,
    Evening,
    Rules,
    Shift,
    ShiftSlot,
    Watch,
    apply_override,
    check_overrides,
    config_from_data,
    default_config_path,
    header_config,
    load_config,
    parse_config,
    parse_toml,
    resolved,
    upgrade_legacy,
    with_overrides,
)
from nightsim.errors import ConfigError

__all__ = [
    "ADVERSE_WEATHER",
    "Camp",
    "Character",
    "Config",
    "ConfigError",
    "Encounters",
    "Entry",
    "Evening",
    "Rules",
    "Shift",
    "ShiftSlot",
    "Watch",
    "apply_override",
    "check_overrides",
    "config_from_data",
    "default_config_path",
    "header_config",
    "load_config",
    "parse_config",
    "parse_toml",
    "resolved",
    "upgrade_legacy",
    "with_overrides",
]
