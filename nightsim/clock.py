"""Minutes and clock faces: the one time module every layer may use (no SimPy here)."""

from __future__ import annotations

from typing import Final

DAY: Final = 24 * 60

# The day's 1,440 clock faces, made on first use (not at import: `nightsim` is imported by
# every command, and most never tell the time): a recorded night stamps each of its ~40
# events with one and names more (`until`, `from`, ...); docs/design-notes.md.
_FACES: list[str] = []


def clock(camp_minute: int, t: int) -> str:
    """The clock face `HH:MM` of minute `t` after the camp was made at `camp_minute`."""
    return (_FACES or faces())[(camp_minute + t) % DAY]


def faces() -> list[str]:
    """The clock face of every minute of the day, from 00:00 (index: minutes since
    midnight)."""
    if not _FACES:
        # Made whole, then put in at once: a thread racing this one sees none or all.
        _FACES[:] = [f"{m // 60:02d}:{m % 60:02d}" for m in range(DAY)]
    return _FACES
