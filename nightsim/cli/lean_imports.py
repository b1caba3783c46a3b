"""What the command line's process leaves out of its imports (bench/cold_start.py).

structlog imports rich's traceback and pretty-printer for its development renderers when
rich is installed (`structlog.dev`, `structlog.tracebacks`), each in a `try: … except
ImportError`. nightsim's log pipeline uses neither renderer, and the two modules cost
~45 ms of every `nightsim run`'s ~300 ms start. In the CLI's own process (never for a
program that imports nightsim as a library: its structlog keeps its renderers) an import of
either from a structlog module is refused, so structlog takes the path it takes when rich
is absent. Any other importer, nightsim's own code included, gets them as usual.
"""

from __future__ import annotations

import importlib.abc
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

_LEFT_OUT = frozenset({"rich.traceback", "rich.pretty"})


class _NotForStructlog(importlib.abc.MetaPathFinder):
    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name in _LEFT_OUT and _importer().startswith("structlog"):
            raise ImportError(f"{name}: left out of structlog in the nightsim command")
        return None


def _importer() -> str:
    """The module whose import statement is running: the first frame outside importlib."""
    frame = sys._getframe(2)
    while frame is not None:
        name = str(frame.f_globals.get("__name__", ""))
        if not name.startswith(("importlib", "_frozen_importlib")):
            return name
        frame = frame.f_back  # type: ignore[assignment]
    return ""


def install() -> None:
    """Once, before anything imports structlog (nightsim/__main__.py)."""
    if not any(isinstance(f, _NotForStructlog) for f in sys.meta_path):
        sys.meta_path.insert(0, _NotForStructlog())
