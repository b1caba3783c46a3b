"""Minutes and clock faces: the one time module every layer may use (no SimPy here)."""

from __future__ import annotations

from typing import Final

DAY: Final = 24 * 60


def clock(camp_minute: int, t: int) -> str:
    """The clock face `HH:MM` of minute `t` after the camp was made at `camp_minute`."""
    m = (camp_minute + t) % DAY
    return f"{m // 60:02d}:{m % 60:02d}"
