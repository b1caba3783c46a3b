"""The Hypothesis profiles. Helpers the tests share are in tests/helpers/ (a test file
imports those, never another test file nor this one)."""

from __future__ import annotations

import os

from hypothesis import settings

# The README's test command runs the same examples every time: a property test whose outcome
# depends on the draw would fail a newcomer at random (tests/README.md, "Property"). Exploring
# with fresh draws is a profile of its own: HYPOTHESIS_PROFILE=explore.
settings.register_profile("derandomized", derandomize=True, database=None)
settings.register_profile("explore", max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "derandomized"))
