"""QA: `nightsim odds` as a campaign planner drives it from scripts."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ctrl_c_stops_a_parallel_run() -> None:
    """A second SIGINT during the pool's shutdown (`timeout -s INT` sends two; so does an
    impatient Ctrl-C Ctrl-C) left about one run in two hanging for ever: the main process,
    at exit, joined workers that waited on a work queue nobody would write to again."""
    for delay in (0.5, 0.6, 0.7, 0.8, 0.9, 1.0):  # the hang was racy: about one run in two
        _interrupt_after(delay)


def _interrupt_after(delay: float) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "nightsim",
            "odds",
            "--nights",
            "5000000",
            "--jobs",
            "2",
            "--seed",
            "1",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    time.sleep(delay)  # workers started and busy
    # As `timeout -s INT` does: the main process, then the whole group (so the main process
    # gets it twice, as from a referee pressing Ctrl-C twice).
    proc.send_signal(signal.SIGINT)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError(f"odds --jobs 2 hung after SIGINT at {delay} s") from None
    assert proc.returncode == 130
    assert b"Traceback" not in err


def test_the_repeat_hint_repeats_the_journeys(capsys: pytest.CaptureFixture[str]) -> None:
    """The hint on stderr said `--seed 7 --nights 14` for a run of 7-night journeys: those
    flags repeat a different run (14 single nights)."""
    from nightsim.cli import main

    args = ["odds", "--nights", "14", "--nights-per-journey", "7", "--seed", "7", "--jobs", "1"]
    assert main(args) == 0
    assert "--nights-per-journey 7" in capsys.readouterr().err
    assert main([*args, "--rank-rotas", "--top", "1"]) == 0
    assert "--nights-per-journey 7" in capsys.readouterr().err


@pytest.mark.parametrize("columns", ["100", "80"])
@pytest.mark.parametrize("rank", [False, True])
def test_the_tables_fit_a_plain_terminal_without_cutting_numbers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: str, rank: bool
) -> None:
    """Piped, odds prints at 80 columns: the per-character intervals were cut to
    "26.6% (23.4-…", the numbers the table is for."""
    from nightsim.cli import main

    monkeypatch.setenv("COLUMNS", columns)
    args = ["odds", "--nights", "200", "--seed", "7", "--jobs", "1"]
    args += ["--rank-rotas", "--top", "3"] if rank else ["--nights-per-journey", "2"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "\u2026" not in out, out
