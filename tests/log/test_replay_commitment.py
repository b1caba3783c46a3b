"""`replay` of a log whose header's seed does not hash to its own commitment: the chain holds
(a forger rehashed it), so the night is told, but a note on stderr says it is not the night
the commitment promised, as `verify` fails it; the seed itself is not shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightsim.cli import main
from tests.helpers.logs import log_lines, rehash


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(x if x.endswith("\n") else x + "\n" for x in lines))
    return path


def test_replay_notes_a_seed_that_breaks_its_commitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [x.rstrip("\n") for x in log_lines(11)]
    header = json.loads(lines[0])
    header["seed"] = 12  # the night of seed 11, told as seed 12's
    forged = _write(tmp_path / "forged.jsonl", rehash([json.dumps(header), *lines[1:]]))
    assert main(["replay", str(forged)]) == 0
    err = capsys.readouterr().err
    assert "note: line 1: the header's seed does not hash to its commitment" in err
    assert header["seed_sha256"] in err and "12" not in err.replace(header["seed_sha256"], "")
    assert main(["replay", str(forged), "--view", "players", "--format", "jsonl"]) == 0
    assert "does not hash to its commitment" in capsys.readouterr().err
    assert main(["verify", str(forged)]) == 1


def test_replay_of_a_genuine_log_says_nothing_of_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    genuine = _write(tmp_path / "genuine.jsonl", log_lines(11))
    assert main(["replay", str(genuine)]) == 0
    assert "commitment" not in capsys.readouterr().err
