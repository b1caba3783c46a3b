"""The release every golden file, pinned digest and manual example was made with, and the
package made to say it (CONTRIBUTING.md, "Releasing").

A log's header names the release that wrote it (`nightsim`), so a version bump would move
every chain head after it and every "Produced by nightsim X" line. The tests that compare
with those (the `golden_release` fixture, tests/conftest.py) and `tools/regen.py` (its
`nightsim` for the manual's examples) run as GOLDEN_RELEASE instead: nothing is regenerated
for a bump. Standard library only: `tools/regen.py` imports it in every command it runs.
"""

from __future__ import annotations

import sys
from types import ModuleType

GOLDEN_RELEASE = "0.5.0"


def versioned() -> list[ModuleType]:
    """Every loaded `nightsim` module that holds a `__version__` (each bound its own at
    import; one imported later binds the package's, as it is then)."""
    return [
        module
        for name, module in list(sys.modules.items())
        if (name == "nightsim" or name.startswith("nightsim."))
        and getattr(module, "__version__", None) is not None
    ]


def pin(version: str = GOLDEN_RELEASE) -> None:
    """The loaded package says `version` from now on (a process of its own: the shim)."""
    for module in versioned():
        module.__version__ = version  # type: ignore[attr-defined]
