"""Fixtures of the process-level tests of `nightsim serve` (tests/serve/served.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.served import Served, seeded, start


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A served folder laid as a referee would: `camp.toml` and `wood.campaign`."""
    return seeded(tmp_path / "table")


@pytest.fixture
def served(folder: Path) -> Iterator[Served]:
    """`nightsim serve` on `folder`, its own process for this test; killed at the end."""
    s = start(folder)
    try:
        yield s
    finally:
        s.kill()


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One `nightsim serve` for a module's tests that change nothing a neighbour reads."""
    s = start(seeded(tmp_path_factory.mktemp("shared") / "table"))
    try:
        yield s
    finally:
        s.kill()
        assert "Traceback" not in s.stderr(), s.stderr()[-3000:]
