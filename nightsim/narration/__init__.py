"""Narration at the table: pure functions from events (or a checkup) to rich renderables.

Importing this package imports rich: only the commands that render import it (run and
replay in text format, check), so `run --format jsonl` starts without it.
"""

from __future__ import annotations

from nightsim.narration.catalogue import LANGS, Catalogue
from nightsim.narration.night import Block, narrate_blocks

__all__ = ["LANGS", "Block", "Catalogue", "narrate_blocks"]
