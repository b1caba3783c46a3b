"""The Hypothesis profiles and the one fixture every folder uses. Helpers the tests share are
in tests/helpers/ (a test file imports those, never another test file nor this one)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

# The README's test command runs the same examples every time: a property test whose outcome
# depends on the draw would fail a newcomer at random (tests/README.md, "Property"). Exploring
# with fresh draws is a profile of its own: HYPOTHESIS_PROFILE=explore.
settings.register_profile("derandomized", derandomize=True, database=None)
settings.register_profile("explore", max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "derandomized"))


@pytest.fixture
def golden_release(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The package as the release the goldens were made with (tests/golden_release.py):
    every `nightsim` module's `__version__` set to GOLDEN_RELEASE for the test, and put
    back after it, also in a module the test imported for the first time."""
    import nightsim
    from tests.golden_release import GOLDEN_RELEASE, versioned

    real = nightsim.__version__
    for module in versioned():
        monkeypatch.setattr(module, "__version__", GOLDEN_RELEASE)
    yield GOLDEN_RELEASE
    monkeypatch.undo()
    for module in versioned():
        module.__version__ = real  # type: ignore[attr-defined]
