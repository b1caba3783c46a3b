"""`campaign verify`'s verdict (docs/campaign.md): GENUINE / NOT GENUINE first, a forged
night's differences in words as `verify` tells them, and what was published before night N
checked with --night N, as `verify` checks it (log.binding)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.config.fingerprint import data_sha256
from nightsim.editions import CURRENT_EDITION
from nightsim.log.writer import canonical_json
from tests.helpers.logs import rehash


def _log_of(path: Path, night: int) -> bytes:
    conn = sqlite3.connect(path)
    (log,) = conn.execute("SELECT log FROM nights WHERE number = ?", (night,)).fetchone()
    conn.close()
    return bytes(log)


@pytest.fixture
def wood(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    c = tmp_path / "wood.campaign"
    assert main(["campaign", "new", str(c), "--name", "Wood"]) == 0
    for _ in range(2):
        assert main(["campaign", "night", str(c), "--quiet"]) == 0
    capsys.readouterr()
    return c


def test_the_published_values_of_one_night(wood: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _log_of(wood, 2).decode("utf-8").splitlines()
    header, head = json.loads(lines[0]), json.loads(lines[-1])["hash"]
    seed_sha, config_sha = header["seed_sha256"], data_sha256(header["config"])
    night = ["campaign", "verify", str(wood), "--night", "2"]
    assert main([*night, "--commitment", seed_sha, "--config-sha256", config_sha]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"GENUINE: {wood}: every night checked is the one its seed and config play"
    assert main([*night, "--head", head[:12]]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"night 2 ends at the head read out, {head[:12]}"
    )
    # Another config's fingerprint, another edition: NOT GENUINE, each reason in words.
    assert main([*night, "--commitment", seed_sha, "--config-sha256", "0" * 64]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"NOT GENUINE: {wood}"
    assert out[1].startswith("- night 2 was played with another config: its fingerprint is ")
    assert main([*night, "--commitment", seed_sha, "--edition", "1"]) == 1
    assert (
        "- night 2 was played with another rules edition: its log says"
        f" {CURRENT_EDITION}, not the published 1" in (capsys.readouterr().out)
    )
    # A commitment binds the edition and the dice: a night of the older dice is refused
    # without --rng (campaign/publish.py calls log.binding.bound).
    from nightsim.campaign.publish import published_problem
    from nightsim.log.binding import Published

    old = {**header, "rng": "sha256-ctr-v1"}
    said = published_problem(2, old, Published(commitment=seed_sha))
    assert said is not None and "another dice" in said
    assert published_problem(2, old, Published(commitment=seed_sha, rng="sha256-ctr-v1")) is None
    # What was published is one night's: without --night it is refused as input.
    assert main(["campaign", "verify", str(wood), "--commitment", seed_sha]) == 2
    assert "give the night with --night N" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("lang", "first", "said"),
    [
        ("en", "NOT GENUINE", "- night 2: line {line}, 05:00, "),
        ("uk", "НЕСПРАВЖНЯ", "- ніч 2: рядок {line}, 05:00, "),
    ],
)
def test_a_forged_night_is_told_in_words(
    wood: Path, capsys: pytest.CaptureFixture[str], lang: str, first: str, said: str
) -> None:
    """A rest edited to full in night 2's stored log, every hash recomputed: the verdict
    names the night, the line, the minute and the watch, not "at line N"."""
    lines = _log_of(wood, 2).decode("utf-8").splitlines(keepends=True)
    k = next(i for i, s in enumerate(lines) if '"type":"rest.checked"' in s)
    data = json.loads(lines[k])
    data["full_rest"] = not data["full_rest"]
    lines[k] = canonical_json(data) + "\n"
    conn = sqlite3.connect(wood, isolation_level=None)
    forged = "".join(rehash(lines)).encode("utf-8")
    conn.execute("UPDATE nights SET log = ? WHERE number = 2", (forged,))
    conn.close()
    assert main(["campaign", "verify", str(wood), "--lang", lang]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{first}: {wood}"
    assert out[1].startswith(said.format(line=k + 1)), out
    assert main(["campaign", "verify", str(wood), "--details"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [s[:5] for s in out[-2:]] == ["log: ", "sim: "]
