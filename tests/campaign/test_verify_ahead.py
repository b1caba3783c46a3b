"""`campaign verify --jobs J` (campaign/ahead.py): worker processes re-simulate the nights'
logs ahead, and the verdict is the one-job verdict, word for word, on a sound campaign and
on every kind of damage (a log edited, a stored column edited, a night removed)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from nightsim import Campaign
from nightsim.campaign import ahead
from nightsim.cli import main
from nightsim.config import default_config_path, load_config

NIGHTS = 12


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ahead") / "c.campaign"
    with Campaign.new(path, load_config(default_config_path()), name="ahead") as c:
        c.play_nights(NIGHTS)
    return path


@pytest.fixture(autouse=True)
def few_nights_are_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    # A campaign of 12 nights, not the 64 that make the workers worth their start.
    monkeypatch.setattr(ahead, "MIN_NIGHTS", 2)


def _damaged(sound: Path, tmp_path: Path, sql: str) -> Path:
    path = tmp_path / "damaged.campaign"
    path.write_bytes(sound.read_bytes())
    with sqlite3.connect(path) as db:
        db.execute(sql)
    db.close()
    return path


DAMAGE = [
    None,
    # a log's byte edited mid-campaign: the re-simulation disagrees
    'UPDATE nights SET log = CAST(replace(CAST(log AS TEXT), \'"clock":"2\', \'"clock":"3\')'
    " AS BLOB) WHERE number = 7",
    # a stored column edited: the log is whole, the ledger is not
    "UPDATE nights SET state_after = replace(state_after, '\"hp\":', '\"hp\": ') WHERE number = 9",
    # a night removed: the chain breaks after it
    "DELETE FROM nights WHERE number = 5",
]


@pytest.mark.parametrize("sql", DAMAGE, ids=["sound", "log", "column", "removed"])
def test_the_verdict_is_the_one_job_verdict(sound: Path, tmp_path: Path, sql: str | None) -> None:
    path = sound if sql is None else _damaged(sound, tmp_path, sql)
    with Campaign.open(path) as c:
        one, two = c.verify(jobs=1), c.verify(jobs=2)
    assert two == one
    if sql is None:
        assert one.problem is None and one.nights == NIGHTS
    else:
        assert one.problem is not None and one.nights < NIGHTS


def test_the_workers_found_the_nights(sound: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a pool that is never used: with two jobs the nights' logs come re-simulated,
    and this process re-simulates none of them."""
    import os

    from nightsim.campaign import verification

    here, real = os.getpid(), verification._check_log

    def in_workers_only(*args: object) -> object:
        assert os.getpid() != here, "a night re-simulated in this process"
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(verification, "_check_log", in_workers_only)
    with Campaign.open(sound) as c:
        verdict = c.verify(jobs=2)
    assert verdict.problem is None and verdict.nights == NIGHTS


def test_the_command_takes_jobs(sound: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["campaign", "verify", str(sound), "--jobs", "2"]) == 0
    assert f"{NIGHTS} nights" in capsys.readouterr().out
    assert main(["campaign", "verify", str(sound), "--jobs", "0"]) == 2
    assert "--jobs: expected 1..256, got 0" in capsys.readouterr().err


def test_an_answer_about_other_bytes_is_not_taken(
    sound: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker's outcome counts only for the very log this process read (its SHA-256):
    where the worker read other bytes, this process re-simulates the night itself."""
    import os

    from nightsim.campaign import verification

    real_check, real_log, here = ahead._check, verification._check_log, os.getpid()
    resimulated_here: list[int] = []

    def other_bytes(numbers: list[int]) -> dict[int, tuple[bytes, object]]:
        return {n: (b"\0" * 32, found[1]) for n, found in real_check(numbers).items()}

    def counted(n: int, *args: object) -> object:
        if os.getpid() == here:
            resimulated_here.append(n)
        return real_log(n, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ahead, "_check", other_bytes)
    monkeypatch.setattr(verification, "_check_log", counted)
    with Campaign.open(sound) as c:
        verdict = c.verify(jobs=2)
    assert verdict.problem is None and resimulated_here == list(range(1, NIGHTS + 1))
