"""The config: a TOML file (plus `--set` items) read into frozen, validated models.

- `model`: the frozen pydantic models and what a config resolves to;
- `load`: a file or text (plus `--set` items) read into a `Config`; the bundled default;
- `overrides`: `--set` items and TOML text, within the input limits;
- `explain`: a validation error told as one line naming the field;
- `legacy`: a log header's config as this nightsim reads it (older readings, later keys);
- `checkup`: what `nightsim check` shows (pure). Everything a caller needs is re-exported here, so
`from nightsim.config import Config, load_config` is the one import to know.
"""

from __future__ import annotations

from nightsim.config.legacy import header_config, upgrade_legacy
from nightsim.config.load import (
    config_from_data,
    default_config_path,
    load_config,
    parse_config,
    with_overrides,
)
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
    resolved,
)
from nightsim.config.overrides import apply_override, check_overrides, parse_toml
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
