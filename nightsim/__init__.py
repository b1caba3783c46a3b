"""nightsim: a night in a Dolmenwood wilderness camp, as a SimPy timeline with a replayable log.

The API's names load on first use (PEP 562): `import nightsim` (which every `nightsim.x`
submodule import runs first) stays cheap, and the log reader, the narration and the schema
never load SimPy or the engine through it (issue 9: a command loads only what it uses).
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from nightsim.errors import BrokenLog, ConfigError, LogError, NotALog

__version__ = "0.1.0"

if TYPE_CHECKING:
    from nightsim.config import Config, load_config
    from nightsim.logread import read_log
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

_LAZY = {
    "Config": "nightsim.config",
    "load_config": "nightsim.config",
    "read_log": "nightsim.logread",
    "Night": "nightsim.simulate",
    "iter_events": "nightsim.simulate",
    "simulate": "nightsim.simulate",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(ModuleType):
    def __setattr__(self, name: str, value: object) -> None:
        # Importing a submodule binds it on its package: the first `import nightsim.simulate`
        # would make `nightsim.simulate` the module, hiding the API function of that name.
        # The module stays in sys.modules; the package's name stays the function.
        if isinstance(value, ModuleType) and name in _LAZY:
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
