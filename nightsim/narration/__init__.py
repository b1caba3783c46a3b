"""Narration at the table: pure functions from events (or a checkup) to rich renderables.

Its names load on first use, each from its module: importing the package, or a module of
it that renders nothing (`produced`, the block `odds --format json` prints), loads neither
rich nor the catalogues; only the commands that render do (run and replay in text format,
check), so `run --format jsonl` and `odds --format json` start without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nightsim.lazy import attribute

if TYPE_CHECKING:
    from nightsim.narration.catalogue import LANGS, Catalogue
    from nightsim.narration.night import Block, narrate_blocks

__all__ = ["LANGS", "Block", "Catalogue", "narrate_blocks"]

_FROM = {
    "LANGS": "nightsim.narration.catalogue",
    "Catalogue": "nightsim.narration.catalogue",
    "Block": "nightsim.narration.night",
    "narrate_blocks": "nightsim.narration.night",
}


def __getattr__(name: str) -> Any:
    value = attribute(__name__, _FROM, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
