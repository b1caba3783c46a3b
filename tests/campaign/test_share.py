"""`campaign share`: the players' copy verifies like the referee's file and holds no seed of
the night to come (docs/campaign.md, "The players' copy")."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from nightsim.cli import main


def _campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    c = tmp_path / "wood.campaign"
    assert main(["campaign", "new", str(c)]) == 0
    for _ in range(2):
        assert main(["campaign", "night", str(c), "--quiet"]) == 0
    capsys.readouterr()
    return c


def test_the_players_copy_verifies_and_foretells_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = _campaign(tmp_path, capsys)
    (seed,) = sqlite3.connect(c).execute("SELECT seed FROM pending").fetchone()
    copy = tmp_path / "players.campaign"
    assert main(["campaign", "share", str(c), str(copy)]) == 0
    assert "no seed for night 3" in capsys.readouterr().err
    assert seed.encode() not in copy.read_bytes()  # vacuumed: not left in a free page
    assert main(["campaign", "verify", str(copy)]) == 0
    assert capsys.readouterr().out.startswith("GENUINE: ")
    assert main(["campaign", "night", str(copy)]) == 2
    assert "a players' copy" in capsys.readouterr().err
    assert main(["campaign", "show", str(copy)]) == 0


def test_a_copy_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = _campaign(tmp_path, capsys)
    taken = tmp_path / "taken.campaign"
    taken.write_text("mine")
    assert main(["campaign", "share", str(c), str(taken)]) == 2
    assert "exists" in capsys.readouterr().err and taken.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken.campaign", "wood.campaign"]


def test_a_forged_players_copy_is_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Blanking the seed excuses only the seed: the copy's nights are checked as ever."""
    c = _campaign(tmp_path, capsys)
    copy = tmp_path / "players.campaign"
    assert main(["campaign", "share", str(c), str(copy)]) == 0
    with sqlite3.connect(copy) as db:
        db.execute("UPDATE pending SET commitment = ?", ("0" * 64,))
    capsys.readouterr()
    assert main(["campaign", "verify", str(copy)]) == 1
