"""QA: the command line as a referee at the table uses it (pipes, Ctrl-C)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_a_reader_that_goes_away_is_not_a_failure(tmp_path: Path, fmt: str) -> None:
    """`nightsim run | head`: the text narration exited 1 (rich's broken-pipe handler), the
    code for a log that failed verification, while jsonl exited 0; and the half-written log
    was removed without a word, so a night with a fresh seed could not be told again."""
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
    assert not log.exists()  # a log is whole or absent
    assert "no log" in err and "--seed 'full moon'" in err, err


def test_odds_into_a_reader_that_went_away_exits_0(tmp_path: Path) -> None:
    """`nightsim odds | head` exited 1 too (rich's broken-pipe exit)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "nightsim", "odds", "--nights", "200", "--seed", "1", "--jobs", "1"],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the tables are printed
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert "Traceback" not in err


def test_run_help_says_it_also_runs_journeys(capsys: pytest.CaptureFixture[str]) -> None:
    """`run --help` began "Simulate one night and narrate it", under a --nights N option and
    a README row that say it runs journeys."""
    from nightsim.cli import main

    assert main(["run", "--help"]) == 0
    description = capsys.readouterr().out.split("\n\n")[1]
    assert "journey" in description and "one night" not in description, description


def test_odds_format_has_a_help_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`odds --help` listed `--format {text,json}` with no word about it."""
    from nightsim.cli import main

    assert main(["odds", "--help"]) == 0
    after = capsys.readouterr().out.rsplit("--format {text,json}", 1)[1].split()
    assert not after[0].startswith("--"), after[:3]


@pytest.mark.parametrize("seed", ["full\nmoon", "\x1b[31mred", "tab\there"])
def test_a_seed_with_a_control_character_is_refused(
    seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A phrase seed with a newline or a terminal escape was taken as given: it split the
    "seed: …" status line and reached the terminal (and the CloudEvents ids) raw."""
    from nightsim.cli import main

    assert main(["run", "--seed", seed, "--no-log", "--format", "jsonl"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "--seed" in err and "\x1b" not in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--nights", "x"],
        ["run", "--bogus"],
        ["odds", "--format", "xml"],
        ["replay"],
        ["nope"],
        [],
    ],
)
def test_a_usage_error_is_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """README: bad input gets "one line naming the file and field". argparse printed its
    usage block (up to five lines) before the error."""
    from nightsim.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("nightsim") and "error:" in err and "--help" in err, err
