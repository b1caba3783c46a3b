"""The Hypothesis profiles and the one fixture every folder uses. Helpers the tests share are
in tests/helpers/ (a test file imports those, never another test file nor this one)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import settings

# Each module compiled once, kept in the __pycache__ Python keeps by default (ignored by git),
# even where the environment turns that off (PYTHONDONTWRITEBYTECODE): the suite starts
# hundreds of `nightsim` processes, and each would compile the package from source again
# (0.34 s a start instead of 0.27 s here), and each xdist worker would rewrite every test
# module's asserts again. What a test checks does not depend on it.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The test files with the most slow tests first, each file's tests kept in order.

    `--dist loadfile` hands a worker a whole file at a time, in this order (pyproject.toml's
    addopts turn off xdist's own reorder, which puts the files with the most tests first
    and so leaves a file of a few long tests, a browser's or a server's, to the last
    minute, one worker running it alone while the other waits). The `slow` mark (over
    ~0.5 s) is the cost known before the run: the long files start first and the many fast
    ones fill in the end on every worker.
    """
    slow: dict[str, int] = {}
    for item in items:
        slow.setdefault(item.nodeid.split("::")[0], 0)
        if item.get_closest_marker("slow") is not None:
            slow[item.nodeid.split("::")[0]] += 1
    items.sort(key=lambda item: -slow[item.nodeid.split("::")[0]])
