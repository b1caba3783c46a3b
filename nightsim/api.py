"""`nightsim.api`: the public API under a second name, for code that imports it from here.
The names are `nightsim`'s (`nightsim.__all__`, the one list; its docstring is the manual),
each the same object, loaded on first use as there."""

from __future__ import annotations

from typing import Any

import nightsim

__all__ = nightsim.__all__  # the same list, not a copy


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(nightsim, name)
    raise AttributeError(f"module 'nightsim.api' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
