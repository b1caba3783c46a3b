"""`FILE.partial` (docs/limits.md, "No log is lost, none is torn"): the loser of a race for one
`--log FILE` is told that another nightsim is writing it (and never to remove it) while its
writer runs, and to replay or remove it once its writer is dead; an empty `.partial` (a
`kill -9` between create and header) is a log cut short before its first line (exit 1),
where an empty file of any other name is not a log (2). Two real processes each."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.cli.atomic import AtomicFile, partial_path, writer_of

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
TIMEOUT = 60
LONG = ["run", "--seed", "1", "--nights", "100000", "--format", "jsonl"]  # minutes: stopped


def start_writer(log: Path) -> subprocess.Popen[bytes]:
    """A long journey writing `log`, once its partial file holds a line."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "nightsim", *LONG, "--log", str(log)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=ENV,
    )
    partial = partial_path(log)
    deadline = time.monotonic() + TIMEOUT
    while not (partial.exists() and partial.stat().st_size > 0):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the writer never wrote its first line"
        time.sleep(0.05)
    return proc


def second_run(log: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nightsim", "run", "--seed", "2", "--quiet", "--log", str(log)],
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


@pytest.mark.slow
def test_the_loser_of_a_race_is_told_to_wait_not_to_remove(tmp_path: Path) -> None:
    log = tmp_path / "night.jsonl"
    writer = start_writer(log)
    try:
        loser = second_run(log)
        assert loser.returncode == 2 and loser.stdout == "", loser.stderr
        assert loser.stderr == (
            f"nightsim: error: {log}.partial: another nightsim is writing this log now; wait"
            " for it or choose another name\n"
        )
        assert "remove" not in loser.stderr
        assert writer.poll() is None and partial_path(log).stat().st_size > 0  # untouched
    finally:
        writer.send_signal(signal.SIGTERM)
        _, err = writer.communicate(timeout=TIMEOUT)
    assert writer.returncode == 143, err
    assert not partial_path(log).exists() and not log.exists()


@pytest.mark.slow
def test_a_partial_file_whose_writer_was_killed_is_a_leftover(tmp_path: Path) -> None:
    log = tmp_path / "night.jsonl"
    writer = start_writer(log)
    writer.kill()  # kill -9: the partial file stays, its lock goes with the process
    writer.communicate(timeout=TIMEOUT)
    loser = second_run(log)
    assert loser.returncode == 2, loser.stderr
    assert loser.stderr == (
        f"nightsim: error: {log}.partial: exists: a run writing {log} was stopped before the"
        " end; replay it or remove it\n"
    )
    assert main(["verify", str(partial_path(log))]) == 1  # a prefix: cut short


def test_writer_of_tells_live_left_and_gone(tmp_path: Path) -> None:
    final = tmp_path / "x.jsonl"
    partial = partial_path(final)
    assert writer_of(partial) == "gone"
    atomic = AtomicFile(final)
    atomic.write(b"{}\n")
    assert writer_of(partial) == "live"
    atomic.discard()
    assert writer_of(partial) == "gone"
    partial.write_bytes(b"")
    assert writer_of(partial) == "left"
    partial.unlink()
    atomic = AtomicFile(final)
    atomic.write(b"{}\n")
    assert atomic.commit() == final and writer_of(partial) == "gone"


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_an_empty_partial_file_is_cut_short(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    partial = tmp_path / "night.jsonl.partial"
    partial.write_bytes(b"")
    assert main([command, str(partial)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"nightsim: error: {partial}: the log was cut short before its first line: the run"
        " that created this .partial file was stopped before it wrote the night.header\n"
    )
    empty = tmp_path / "night.jsonl"
    empty.write_bytes(b"")
    assert main([command, str(empty)]) == 2
    assert "empty file: not a nightsim log" in capsys.readouterr().err


def test_a_kill_9_before_the_header_leaves_a_partial_file_read_as_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The real thing: a process that creates the partial file as `run` does and is killed
    before it writes a byte."""
    log = tmp_path / "night.jsonl"
    code = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from nightsim.cli.atomic import AtomicFile\n"
        f"AtomicFile(Path({str(log)!r}))\n"
        "print('created', flush=True)\n"
        "time.sleep(60)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, cwd=ROOT, env=ENV, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline() == "created\n"
    assert writer_of(partial_path(log)) == "live"
    proc.kill()
    proc.communicate(timeout=TIMEOUT)
    assert writer_of(partial_path(log)) == "left"
    assert main(["verify", str(partial_path(log))]) == 1
    assert "cut short before its first line" in capsys.readouterr().err
