"""nightsim: a night in a Dolmenwood wilderness camp, as a SimPy timeline with a replayable log.

The public Python API is `nightsim.api`'s (its docstring, and docs/api.md, list it); every
name there is re-exported here, and loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nightsim import api
from nightsim.errors import BrokenLog, ConfigError, LogError, NotALog

# The one place the version is written (pyproject.toml reads it). Between releases main is
# the next release's development version (`X.Y.Z.dev0`, PEP 440): later than every release
# before it, earlier than X.Y.Z itself (CONTRIBUTING.md, "Releasing").
__version__ = "0.4.0.dev0"

# `help(nightsim)` and the doctests read the API's own manual.
__doc__ = api.__doc__

if TYPE_CHECKING:
    from nightsim.campaign import Campaign
    from nightsim.config import Config, load_config
    from nightsim.engine.journey import Night, iter_events, simulate
    from nightsim.involved import involves
    from nightsim.log.reader import iter_log, read_log
    from nightsim.narration.plain import narrate
    from nightsim.planning import (
        CompareReport,
        Estimate,
        OddsReport,
        RankReport,
        SweepReport,
        compare,
        odds,
        rank_rotas,
        sweep,
        write_log,
    )
    from nightsim.view import for_view

# The same names as nightsim.api.__all__ (tests/test_api.py holds them equal), written out so
# that type checkers and linters see the re-exports.
__all__ = [
    "BrokenLog",
    "Campaign",
    "CompareReport",
    "Config",
    "ConfigError",
    "Estimate",
    "LogError",
    "Night",
    "NotALog",
    "OddsReport",
    "RankReport",
    "SweepReport",
    "__version__",
    "compare",
    "for_view",
    "involves",
    "iter_events",
    "iter_log",
    "load_config",
    "narrate",
    "odds",
    "rank_rotas",
    "read_log",
    "simulate",
    "sweep",
    "write_log",
]


def __getattr__(name: str) -> Any:
    value = api.load(name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
