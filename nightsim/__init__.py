"""nightsim: a night in a Dolmenwood wilderness camp, as a SimPy timeline with a replayable log."""

from __future__ import annotations

__version__ = "0.1.0"

from nightsim.config import Config, ConfigError, load_config
from nightsim.logread import BrokenLog, LogError, NotALog, read_log
from nightsim.simulate import Night, iter_events, simulate

__all__ = [
    "BrokenLog",
    "Config",
    "ConfigError",
    "LogError",
    "Night",
    "NotALog",
    "__version__",
    "iter_events",
    "load_config",
    "read_log",
    "simulate",
]
