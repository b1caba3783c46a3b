from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nightsim import load_config, simulate
from nightsim.cli import main
from nightsim.config import default_config_path

ROOT = Path(__file__).resolve().parents[2]


def test_default_night_runs_and_ends_with_summary() -> None:
    night = simulate(load_config(default_config_path()), 7)
    assert night.events[0].type == "night.header"
    assert night.events[-1].type == "night.summary"
    assert [e.seq for e in night.events] == list(range(len(night.events)))


def test_run_jsonl_matches_log_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "11", "--format", "jsonl", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert out == log.read_text(encoding="utf-8")
    first = json.loads(out.splitlines()[0])
    assert first["seed"] == 11 and first["type"] == "night.header"


def test_existing_log_is_never_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "n.jsonl"
    log.write_text("keep me")
    assert main(["run", "--seed", "1", "--log", str(log)]) == 2
    assert log.read_text() == "keep me"
    assert "already exists" in capsys.readouterr().err


def test_run_warns_about_an_unwatched_end(capsys: pytest.CaptureFixture[str]) -> None:
    shifts = 'watch.shifts=[{name="Wren",hours=3}]'
    assert main(["run", "--seed", "1", "--no-log", "--format", "jsonl", "--set", shifts]) == 0
    err = capsys.readouterr().err
    assert "warning: the rota covers 3 of the 8 hours of rest; from 00:00 nobody keeps watch" in err


def test_run_does_not_warn_about_a_full_rota(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--seed", "1", "--no-log", "--format", "jsonl"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_piped_narration_has_no_trailing_blanks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--seed", "9", "--no-log"]) == 0
    out = capsys.readouterr().out
    assert "Who slept when" in out
    assert [line for line in out.splitlines() if line != line.rstrip()] == []


# `nightsim run | head`: a reader that goes away.


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_a_reader_that_goes_away_is_not_a_failure(tmp_path: Path, fmt: str) -> None:
    """`nightsim run | head`: the text narration exited 1 (rich's broken-pipe handler), the
    code for a log that failed verification, while jsonl exited 0; and the half-written log
    was removed without a word. The reader chose to stop reading, not the referee to lose
    the night: it is finished into its log, which is named with its head (exit 0)."""
    log = tmp_path / "night.jsonl"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "nightsim",
            "run",
            "--seed",
            "full moon",
            "--nights",
            "60",
            "--format",
            fmt,
            "--log",
            str(log),
        ],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert "Traceback" not in err
    assert "stdout closed by the reader; the log is complete" in err and "head: " in err, err
    assert main(["verify", str(log)]) == 0  # whole
