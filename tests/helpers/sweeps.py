"""How far a sweep goes: the README's test command, or the exploration profile.

A sweep over many generated inputs (Hypothesis examples, seeds of nights) finds what no
hand-picked case thought of; once found, a case is pinned by name in its test file. The
README's command runs each sweep at the size that keeps the suite under 3 minutes on 2 cores;
`HYPOTHESIS_PROFILE=explore` (tests/conftest.py) runs them at their full size, as it draws
fresh Hypothesis examples.
"""

from __future__ import annotations

import os

EXPLORING = os.environ.get("HYPOTHESIS_PROFILE") == "explore"


def sweep(usual: int, exploring: int) -> int:
    """`usual` in the README's command, `exploring` under HYPOTHESIS_PROFILE=explore."""
    return exploring if EXPLORING else usual
