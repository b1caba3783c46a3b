"""Faults (docs/limits.md), with real failures: a disk that fills up after N bytes (a fake
`os.write` in the log writer, no LD_PRELOAD), fsync and close that fail, stdout at
/dev/full, FIFOs and pipes under a timeout, SIGINT and SIGTERM sent at several moments
(readiness read from the process, not slept for), kill -9 mid-journey, and hypothesis-mutated logs.

What must always hold: no traceback, no hang, one line on stderr, the exit-code table
(0 / 1 only for a failed log / 2 bad input / 74 the environment / 130 / 143), no torn or empty
file under a final name, and a finished log never lost.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nightsim.cli import EPILOG, atomic, main
from nightsim.cli import replay as replay_cli
from nightsim.cli.common import (
    EXIT_BUSY,
    EXIT_IOERR,
    EXIT_OLDER_FORMAT,
    EXIT_SIGHUP,
    EXIT_SIGINT,
    EXIT_SIGTERM,
)
from nightsim.errors import Terminated
from nightsim.limits import MAX_LOG_DEPTH, MAX_LOG_LINE_BYTES
from nightsim.log.reader import log_lines
from nightsim.log.writer import GENESIS, canonical_json, line_hash
from tests.helpers.manual import manual_pages
from tests.helpers.processes import (
    ENV,
    NIGHTSIM,
    ROOT,
    TIMEOUT,
    children,
    gone,
    handles,
    linux_only,
    wait_until,
)
from tests.helpers.sweeps import sweep


def one_line(err: str, code: int, want: int) -> str:
    assert code == want, (code, err[-500:])
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture(scope="module")
def good_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("log") / "night.jsonl"
    assert main(["run", "--seed", "11", "--nights", "2", "--log", str(path), "--quiet"]) == 0
    return path


# --- a full disk: a fake os.write in the log writer ---------------------------------------


def failing_write(budget: int, code: int = errno.ENOSPC) -> Callable[[int, bytes], int]:
    """os.write that writes `budget` bytes in all (the last write short, as a real disk
    does), then fails with `code`."""
    left = [budget]

    def write(fd: int, data: bytes) -> int:
        if left[0] <= 0:
            raise OSError(code, os.strerror(code))
        n = os.write(fd, bytes(data[: left[0]]))
        left[0] -= n
        return n

    return write


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EDQUOT])
@pytest.mark.parametrize("budget", [0, 100, 5_000, 60_000])
def test_a_full_disk_mid_run_leaves_no_log_and_names_the_seed(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    budget: int,
    code: int,
) -> None:
    monkeypatch.setattr(atomic, "_write", failing_write(budget, code))
    log = tmp_path / "night.jsonl"
    rc = main(["run", "--seed", "3", "--nights", "20", "--log", str(log), "--format", "jsonl"])
    line = one_line(capsys.readouterr().err, rc, EXIT_IOERR)
    assert os.strerror(code) in line and "--seed 3 --nights 20" in line, line
    assert "no log written" in line
    assert files(tmp_path) == []  # no torn log, no partial file


def test_a_full_disk_with_log_dir_leaves_an_empty_folder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(atomic, "_write", failing_write(0))
    rc = main(["run", "--log-dir", str(tmp_path / "logs"), "--quiet"])
    err = capsys.readouterr().err
    assert rc == EXIT_IOERR and "Traceback" not in err
    seed_line, failure = err.splitlines()  # the fresh seed came first, before the night
    seed = re.match(r"seed: (\d+)  \(to tell this night again: --seed (\d+)\)", seed_line)
    assert seed is not None and seed[1] == seed[2], seed_line
    assert f"--seed {seed[1]}" in failure and "No space left on device" in failure
    assert files(tmp_path / "logs") == []


@pytest.mark.parametrize("call", ["_fsync", "_close"])
def test_fsync_or_close_failing_leaves_no_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, call: str
) -> None:
    """close() re-raising ENOSPC (NFS, quotas) used to escape the clean-up with a torn log."""
    real = getattr(atomic, call)
    calls = [0]

    def fails_once(fd: int) -> None:
        calls[0] += 1
        if calls[0] == 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(atomic, call, fails_once)
    rc = main(["run", "--seed", "4", "--log", str(tmp_path / "n.jsonl"), "--quiet"])
    line = one_line(capsys.readouterr().err, rc, EXIT_IOERR)
    assert "No space left on device" in line and "--seed 4" in line
    assert files(tmp_path) == []


def test_a_file_that_appears_meanwhile_is_never_overwritten(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "n.jsonl"
    real = atomic._fsync

    def someone_else_writes(fd: int) -> None:
        log.write_text("theirs\n")  # between the check at the start and the rename
        real(fd)

    monkeypatch.setattr(atomic, "_fsync", someone_else_writes)
    rc = main(["run", "--seed", "4", "--log", str(log), "--quiet"])
    line = one_line(capsys.readouterr().err, rc, EXIT_IOERR)
    assert "appeared" in line and "n.jsonl.partial" in line
    assert log.read_text() == "theirs\n"
    assert main(["verify", str(tmp_path / "n.jsonl.partial")]) == 0  # kept whole


def test_init_on_a_full_disk_writes_nothing_and_does_not_block_the_next(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "camp.toml"
    with monkeypatch.context() as m:
        m.setattr(atomic, "_write", failing_write(500))
        rc = main(["init", str(target)])
        line = one_line(capsys.readouterr().err, rc, EXIT_IOERR)
    assert "No space left on device" in line and "no file written" in line
    assert files(tmp_path) == []
    assert main(["init", str(target)]) == 0 and main(["check", str(target)]) == 0


def test_a_left_partial_file_is_named_and_never_reused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "n.jsonl.partial").write_text("")
    rc = main(["run", "--seed", "1", "--log", str(tmp_path / "n.jsonl")])
    assert "stopped before the end" in one_line(capsys.readouterr().err, rc, 2)
    assert files(tmp_path) == ["n.jsonl.partial"]


def test_log_naming_a_directory_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc = main(["run", "--seed", "1", "--log", str(tmp_path)])
    line = one_line(capsys.readouterr().err, rc, 2)
    assert "is a directory" in line and "already exists" not in line


def test_a_log_is_written_line_by_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each write is one whole line, straight to the file: a crash keeps every line before."""
    writes: list[bytes] = []

    def spy(fd: int, data: bytes) -> int:
        writes.append(bytes(data))
        return os.write(fd, data)

    monkeypatch.setattr(atomic, "_write", spy)
    assert main(["run", "--seed", "2", "--log", str(tmp_path / "n.jsonl"), "--quiet"]) == 0
    assert all(w.endswith(b"\n") and w.count(b"\n") == 1 for w in writes)
    assert b"".join(writes) == (tmp_path / "n.jsonl").read_bytes()


# --- run --html FILE: checked before the night, written before the head -----------------


def head_of(log: Path) -> str:
    return str(json.loads(log.read_bytes().splitlines()[-1])["hash"])


def plant(path: Path, kind: str) -> None:
    if kind == "dangling symlink":
        path.symlink_to(path.parent / "nowhere")
    elif kind == "symlink":
        (path.parent / "target").write_text("theirs")
        path.symlink_to(path.parent / "target")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_text("")


@pytest.mark.parametrize("kind", ["dangling symlink", "symlink", "fifo", "empty file"])
def test_anything_at_the_page_name_is_refused_before_the_night(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    page = tmp_path / "n.html"
    plant(page, kind)
    before = files(tmp_path)
    rc = main(["run", "--seed", "9", "--log", str(tmp_path / "n.jsonl"), "--html", str(page)])
    line = one_line(capsys.readouterr().err, rc, 2)
    what = "a dangling symlink" if kind == "dangling symlink" else "something"
    said = f"{what} already exists at this name; a page is never written over another"
    assert line == f"nightsim: error: {page}: {said}"
    assert files(tmp_path) == before  # no log, nothing written through the link


def test_the_page_and_the_log_cannot_be_one_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    same = str(tmp_path / "n.jsonl")
    rc = main(["run", "--seed", "9", "--log", same, "--html", same])
    assert "the same file as --log" in one_line(capsys.readouterr().err, rc, 2)
    assert files(tmp_path) == []


def run_with_page(tmp_path: Path, *extra: str) -> int:
    log, page = tmp_path / "n.jsonl", tmp_path / "n.html"
    return main(["run", "--seed", "9", "--log", str(log), "--html", str(page), "--quiet", *extra])


def assert_head_then(err: str, log: Path, last: str) -> None:
    """The log committed and verified, `seed:`/`log:` and `head:` printed, then `last`."""
    head = head_of(log)
    assert "Traceback" not in err
    assert err.splitlines() == [f"seed: 9  log: {log}", f"head: {head}", last], err
    assert main(["verify", str(log), "--head", head]) == 0


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EROFS, errno.EDQUOT])
def test_a_page_that_cannot_be_written_keeps_the_log_and_shows_the_head(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, code: int
) -> None:
    from nightsim.cli import page as page_cli

    real = page_cli._write_whole

    def fails(fd: int, text: str) -> None:
        real(fd, text[:100])  # part of it, as a disk filling up does
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(page_cli, "_write_whole", fails)
    rc = run_with_page(tmp_path)
    log = tmp_path / "n.jsonl"
    assert rc == EXIT_IOERR
    assert_head_then(
        capsys.readouterr().err,
        log,
        f"nightsim: error: {tmp_path / 'n.html'}: cannot write the page: {os.strerror(code)};"
        f" the log is complete: {log}",
    )
    assert files(tmp_path) == ["n.jsonl"]  # no page, whole or torn; no temporary file


def test_a_page_name_taken_meanwhile_is_never_overwritten(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Free when the run started, taken by another program while the night ran: 74 like the
    log's own race (the environment changed; the input was good), the head still shown."""
    from nightsim.cli.page import PageFile

    page = tmp_path / "n.html"
    real = PageFile.prepare

    def someone_else_writes(self: PageFile) -> str | None:
        page.write_text("theirs")
        return real(self)

    monkeypatch.setattr(PageFile, "prepare", someone_else_writes)
    rc = run_with_page(tmp_path)
    assert rc == EXIT_IOERR
    assert_head_then(
        capsys.readouterr().err,
        tmp_path / "n.jsonl",
        f"nightsim: error: {page}: appeared while the night ran; a page is never overwritten"
        f" (replay the log with --format html for it); the log is complete: {tmp_path / 'n.jsonl'}",
    )
    assert page.read_text() == "theirs" and files(tmp_path) == ["n.html", "n.jsonl"]


def test_a_page_that_fails_to_render_keeps_the_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A fault of nightsim's page, rendered before the commit: the night is not lost for it."""
    import nightsim.page

    def broken(*_: object, **__: object) -> str:
        raise ValueError("a bug")

    monkeypatch.setattr(nightsim.page, "night_html", broken)
    with pytest.raises(ValueError, match="a bug"):
        run_with_page(tmp_path)
    log = tmp_path / "n.jsonl"
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"nightsim: error: the page failed (ValueError); the log is complete: {log}; head:"
        f" {head_of(log)}; the night is --seed 9"
    )
    assert main(["verify", str(log)]) == 0 and files(tmp_path) == ["n.jsonl"]


@pytest.fixture
def tiny_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A real 16 KiB file system (a night's page is 33 KiB): mounting needs root."""
    folder = tmp_path / "tiny"
    folder.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(folder)]
    if os.geteuid() != 0 or subprocess.run(mount, capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


@pytest.mark.slow
def test_a_page_on_a_really_full_disk(tiny_tmpfs: Path, tmp_path: Path) -> None:
    done = nightsim(
        "run", "--seed", "9", "--log", "n.jsonl", "--html", "tiny/n.html", "--quiet", cwd=tmp_path
    )
    log = tmp_path / "n.jsonl"
    assert done.returncode == EXIT_IOERR
    head = head_of(log)
    assert done.stderr.splitlines() == [
        "seed: 9  log: n.jsonl",
        f"head: {head}",
        "nightsim: error: tiny/n.html: cannot write the page: No space left on device; the log"
        " is complete: n.jsonl",
    ], done.stderr
    assert main(["verify", str(log), "--head", head]) == 0
    assert files(tiny_tmpfs) == []


def test_a_page_on_a_read_only_file_system_is_refused_before_the_night(
    tiny_tmpfs: Path, tmp_path: Path
) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_tmpfs)], check=True)
    done = nightsim(
        "run", "--seed", "9", "--log", "n.jsonl", "--html", "tiny/n.html", "--quiet", cwd=tmp_path
    )
    line = one_line(done.stderr, done.returncode, 2)
    assert line == "nightsim: error: tiny/n.html: cannot write the page: Read-only file system"
    assert files(tmp_path) == ["tiny"]  # no log


@pytest.mark.parametrize("stop", [KeyboardInterrupt, Terminated], ids=["INT", "TERM"])
@pytest.mark.parametrize("where", ["prepare", "place", "head"])
def test_a_stop_around_the_commit(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    stop: type[BaseException],
    where: str,
) -> None:
    """Before the commit (the page being written) no log is kept; after it (the page put
    under its name, the head printed) the log is whole, and the last line says where."""
    from nightsim.cli import run as run_cli
    from nightsim.cli.page import PageFile

    def stopped(*_: object) -> None:
        raise stop()

    if where == "head":
        real = run_cli.status  # type: ignore[attr-defined]  # the name run.py calls

        def status(message: str) -> None:
            if message.startswith("head:"):
                raise stop()
            real(message)

        monkeypatch.setattr(run_cli, "status", status)
    else:
        monkeypatch.setattr(PageFile, where, stopped)
    rc = run_with_page(tmp_path)
    err = capsys.readouterr().err
    code, said = (
        (EXIT_SIGINT, "interrupted (SIGINT)")
        if stop is KeyboardInterrupt
        else (EXIT_SIGTERM, "terminated (SIGTERM)")
    )
    assert rc == code and "Traceback" not in err, err
    log = tmp_path / "n.jsonl"
    if where == "prepare":
        assert err.splitlines() == [
            "nightsim: stopped before the end: no log written; the night is --seed 9"
        ]
        assert files(tmp_path) == []  # no partial log, no page, no temporary file
        return
    head = head_of(log)
    assert err.splitlines()[-1] == (
        f"nightsim: {said}: stopped; the log is complete: {log}; head: {head}"
    )
    assert main(["verify", str(log), "--head", head]) == 0
    assert [n for n in files(tmp_path) if n.endswith((".tmp", ".partial"))] == []


# --- stdout failing: /dev/full -------------------------------------------------------------


def nightsim(
    *args: str,
    stdout: int | IO[Any] = subprocess.PIPE,
    cwd: Path = ROOT,
    stdin: IO[Any] | None = None,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*NIGHTSIM, *args],
        stdout=stdout,
        stdin=stdin,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env=ENV,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


FULL_COMMANDS = [
    ["schema"],
    ["check"],
    ["odds", "--nights", "200", "--seed", "1", "--jobs", "1"],
    ["odds", "--nights", "200", "--seed", "1", "--jobs", "1", "--format", "json"],
    ["init", "-"],
    ["--help"],
    ["--version"],
    ["run", "--help"],
    ["run", "--seed", "1", "--no-log"],
    ["run", "--seed", "1", "--no-log", "--format", "jsonl"],
    ["run", "--seed", "1", "--no-log", "--format", "cloudevents"],
]


@pytest.mark.parametrize("args", FULL_COMMANDS, ids=" ".join)
def test_every_command_with_stdout_at_dev_full(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = nightsim(*args, stdout=full)
    line = one_line(done.stderr, done.returncode, EXIT_IOERR)
    assert line.startswith("nightsim: error: stdout: cannot write: No space left on device")


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_reading_a_log_with_stdout_at_dev_full_is_not_a_failed_log(
    good_log: Path, command: str
) -> None:
    with open("/dev/full", "w") as full:
        done = nightsim(command, str(good_log), stdout=full)
    assert "stdout" in one_line(done.stderr, done.returncode, EXIT_IOERR)  # 74, never 1


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_a_failing_stdout_never_deletes_the_finished_log(tmp_path: Path, fmt: str) -> None:
    with open("/dev/full", "w") as full:
        done = nightsim(
            "run", "--nights", "3", "--format", fmt, "--log-dir", "logs", stdout=full, cwd=tmp_path
        )
    assert done.returncode == EXIT_IOERR and "Traceback" not in done.stderr
    seed_line, failure = done.stderr.splitlines()
    seed = seed_line.split()[1]
    assert seed_line.endswith(f"--seed {seed} --nights 3)")
    (log,) = (tmp_path / "logs").iterdir()
    assert log.suffix == ".jsonl" and f"the log is complete: logs/{log.name}" in failure
    assert main(["verify", str(log)]) == 0


def read_one_line_and_close(tmp_path: Path, args: list[str]) -> tuple[int, str]:
    """`nightsim ARGS | head -1`: one line read, then the reader goes away. The pipe holds
    one page of memory (4 KiB, Linux), so a night of any format fills it."""
    import fcntl

    proc = subprocess.Popen(
        [*NIGHTSIM, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=ENV
    )
    assert proc.stdout is not None
    fcntl.fcntl(proc.stdout.fileno(), fcntl.F_SETPIPE_SZ, 4096)  # before nightsim writes
    proc.stdout.readline()
    proc.stdout.close()
    _, err = proc.communicate(timeout=TIMEOUT)
    return proc.returncode, err.decode()


@linux_only
@pytest.mark.parametrize("fmt", ["text", "jsonl", "cloudevents", "html"])
def test_a_closed_pipe_still_finishes_and_keeps_the_log(tmp_path: Path, fmt: str) -> None:
    """`run | head -1` used to discard the log (exit 0, "stopped before the end"): the night
    is finished into its log, and stderr says where it is and its head."""
    args = ["run", "--seed", "5", "--nights", "3", "--log", "n.jsonl", "--format", fmt]
    code, err = read_one_line_and_close(tmp_path, args)
    log = tmp_path / "n.jsonl"
    head = head_of(log)
    assert (code, err) == (
        0,
        f"nightsim: stdout closed by the reader; the log is complete: n.jsonl; head: {head}\n",
    )
    assert main(["verify", str(log), "--head", head]) == 0
    assert files(tmp_path) == ["n.jsonl"]


def test_a_closed_pipe_stays_exit_0(tmp_path: Path) -> None:
    for args in (["run", "--nights", "200", "--format", "jsonl", "--no-log"], ["schema"]):
        proc = subprocess.Popen(
            [*NIGHTSIM, *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
            env=ENV,
        )
        assert proc.stdout is not None
        proc.stdout.readline()
        proc.stdout.close()  # `| head -1`
        _, err = proc.communicate(timeout=TIMEOUT)
        assert proc.returncode == 0 and b"Traceback" not in err, err
        # Nothing kept, nothing to say (--no-log): only the fresh seed, before the night.
        assert [line[:6] for line in err.splitlines()] in ([], [b"seed: "]), err


# --- logs in: devices, FIFOs, pipes, long lines, deep headers ------------------------------


@pytest.mark.parametrize("command", ["replay", "verify", "check"])
def test_dev_zero_is_refused_at_once(command: str) -> None:
    done = nightsim(command, "/dev/zero")
    assert "not a regular file" in one_line(done.stderr, done.returncode, 2)


@pytest.mark.parametrize("command", ["replay", "verify", "check", "run"])
def test_a_fifo_with_no_writer_never_hangs(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    done = (
        nightsim(command, str(fifo), "--no-log")
        if command == "run"
        else nightsim(command, str(fifo))
    )
    line = one_line(done.stderr, done.returncode, 2)
    assert "FIFO" in line or "not a regular file" in line, line


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_log_through_a_pipe(good_log: Path, command: str) -> None:
    with good_log.open("rb") as fh:
        done = nightsim(command, "/dev/stdin", stdin=fh)
    assert done.returncode == 0, done.stderr


def feed(fd: int, chunk: bytes, total: int | None) -> threading.Thread:
    """A writer thread: `chunk` over and over into the pipe `fd` (`total` bytes, or until the
    reader goes away), then closes it."""

    def run() -> None:
        sent = 0
        try:
            while total is None or sent < total:
                sent += os.write(fd, chunk)
        except OSError:
            pass
        finally:
            os.close(fd)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


# nightsim as a process that reports its own peak memory on stderr as it exits. The peak is
# /proc/self/status's VmHWM, the high-water mark of the process's own memory since exec:
# ru_maxrss (wait4, getrusage) also counts the parent's size at fork, and pytest itself is
# ~300 MB late in a full run, which made every child look that large.
MEASURED = [
    sys.executable,
    "-c",
    "import atexit, re, sys\n"
    "def peak():\n"
    "    kb = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)\n"
    "    sys.stderr.write(f'peak-kb: {kb}\\n')\n"
    "atexit.register(peak)\n"
    "from nightsim.__main__ import main\n"
    "sys.exit(main())",
]


def max_rss_mb(proc: subprocess.Popen[bytes], err: str) -> float:
    proc.wait(TIMEOUT)
    (kb,) = re.findall(r"^peak-kb: (\d+)$", err, re.M)
    return int(kb) / 1024


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_an_endless_pipe_of_zeros_stops_at_the_line_limit(command: str) -> None:
    """`cat /dev/zero | nightsim verify /dev/stdin` grew by ~400 MB/s."""
    r, w = os.pipe()
    proc = subprocess.Popen(
        [*MEASURED, command, "/dev/stdin"],
        stdin=r,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        env=ENV,
    )
    os.close(r)
    writer = feed(w, bytes(1 << 16), None if command == "verify" else 8 << 20)
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    rss = max_rss_mb(proc, err)
    writer.join(TIMEOUT)
    assert proc.returncode == 2 and "Traceback" not in err, err
    assert f"longer than {MAX_LOG_LINE_BYTES >> 20} MiB" in err
    assert rss < 200, f"{rss:.0f} MB"


def test_replaying_a_pipe_spools_at_most_the_cap(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(replay_cli, "MAX_SPOOL_BYTES", 1 << 20)
    r, w = os.pipe()
    writer = feed(w, b"\n" * 4096, 3 << 20)
    try:
        rc = main(["replay", f"/dev/fd/{r}"])
    finally:
        os.close(r)
        writer.join(TIMEOUT)
    assert "a pipe of more than 1 MiB" in one_line(capsys.readouterr().err, rc, 2)


@pytest.mark.slow
def test_a_long_line_is_refused_in_bounded_memory(tmp_path: Path, good_log: Path) -> None:
    first = good_log.read_bytes().split(b"\n", 1)[0] + b"\n"
    for name, data, code, where in (
        ("line1.jsonl", b"{" + b"x" * (MAX_LOG_LINE_BYTES + 10), 2, "line 1"),
        ("line2.jsonl", first + b"[" * (MAX_LOG_LINE_BYTES + 10) + b"\n", 1, "line 2"),
    ):
        (tmp_path / name).write_bytes(data)
        proc = subprocess.Popen(
            [*MEASURED, "verify", str(tmp_path / name)],
            env=ENV,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        assert proc.stderr is not None
        err = proc.stderr.read().decode()
        rss = max_rss_mb(proc, err)
        assert proc.returncode == code and "Traceback" not in err, err
        assert f"{where}: longer than" in err and rss < 200, (err, rss)


def test_the_line_limit_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    import nightsim.log.reader as logread
    from nightsim.errors import BrokenLog

    monkeypatch.setattr(logread, "MAX_LOG_LINE_BYTES", 10)
    ok = b"a" * 10 + b"\n"
    assert list(log_lines(io.BytesIO(ok + ok + b"b" * 10))) == [ok, ok, b"b" * 10]
    with pytest.raises(BrokenLog, match="line 2: longer than"):
        list(log_lines(io.BytesIO(ok + b"a" * 11 + b"\n")))


def forged_header(log: Path, depth: int) -> bytes:
    """The log's header with a config value nested `depth` deep, its hash recomputed."""
    lines = log.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    value: object = 1
    for _ in range(depth):
        value = [value]
    header["config"]["encounters"] = {"night_fire": value}
    del header["hash"]
    header["hash"] = line_hash(GENESIS, header)
    return b"\n".join([canonical_json(header).encode(), *lines[1:]])


@pytest.mark.parametrize("depth", [MAX_LOG_DEPTH, 260, 600])
@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_deeply_nested_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, good_log: Path, depth: int, command: str
) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_bytes(forged_header(good_log, depth))
    rc = main([command, str(path)])
    line = one_line(capsys.readouterr().err, rc, 1)
    assert f"nested more than {MAX_LOG_DEPTH} deep" in line or "config is not valid" in line


@pytest.mark.slow
def test_the_largest_config_makes_a_log_that_can_be_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The line limit is above the longest header: a config just under its size limit."""
    from nightsim.config import default_config_path
    from nightsim.limits import MAX_CONFIG_BYTES

    text = default_config_path().read_text(encoding="utf-8").split("[encounters]")[0]
    entry = '{creature="c%06d' + "x" * 60 + '",weight=1}'
    count = (MAX_CONFIG_BYTES - len(text.encode()) - 200) // (len(entry % 0) + 1)
    table = ",".join(entry % i for i in range(count))
    text += f"[encounters]\nnight_fire=[{table}]\nnight_no_fire=[{{creature='w',weight=1}}]\n"
    assert MAX_CONFIG_BYTES - 4000 < len(text.encode()) <= MAX_CONFIG_BYTES
    (tmp_path / "big.toml").write_text(text)
    log = tmp_path / "big.jsonl"
    assert main(["run", str(tmp_path / "big.toml"), "--seed", "1", "--log", str(log)]) == 0
    assert len(log.read_bytes().split(b"\n", 1)[0]) > MAX_CONFIG_BYTES  # past the old 1 MiB
    assert main(["replay", str(log), "--quiet"]) == 0


# --- signals ---------------------------------------------------------------------------------


def stopped_by(proc: subprocess.Popen[bytes], sig: int) -> str:
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        # Where it waits: a process started with -X faulthandler prints every thread's
        # stack on SIGABRT, which the failure then shows.
        proc.send_signal(signal.SIGABRT)
        try:
            _, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
        raise AssertionError(f"hung after signal {sig}:\n{err.decode(errors='replace')}") from None
    code = {signal.SIGINT: EXIT_SIGINT, signal.SIGTERM: EXIT_SIGTERM}[signal.Signals(sig)]
    assert proc.returncode == code, (proc.returncode, err)
    assert b"Traceback" not in err, err.decode()
    return err.decode()


SIGNALS = [signal.SIGINT, signal.SIGTERM]
ODDS_ARGS = ["odds", "--nights", "5000000", "--jobs", "2", "--seed", "1"]


@linux_only
@pytest.mark.parametrize("sig", SIGNALS, ids=["INT", "TERM"])
@pytest.mark.parametrize(
    "args",
    [
        ["run", "--nights", "20000", "--no-log"],
        ["verify", "LOG"],
        ["odds", "--jobs", "2"],
        ["check"],
        ["schema"],
    ],
    ids=lambda a: a[0],
)
def test_a_signal_while_the_modules_import(good_log: Path, sig: int, args: list[str]) -> None:
    """The signal as soon as nightsim's handlers are set, while it still imports (its first
    ~0.3 s): SIGINT there used to end in a KeyboardInterrupt traceback."""
    args = [str(good_log) if a == "LOG" else a for a in args]
    for _ in range(5):  # a fast command may, rarely, finish before the signal lands: again
        proc = subprocess.Popen(
            [*NIGHTSIM, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV
        )
        pid = proc.pid
        wait_until(lambda: handles(pid, signal.SIGTERM), "signal handlers")  # noqa: B023
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=TIMEOUT)
        if proc.returncode == 0 and args[0] in ("check", "schema"):
            continue
        assert proc.returncode == 128 + sig, (proc.returncode, err)
        assert b"Traceback" not in err and len(err.splitlines()) == 1, err
        assert b"stopped" in err, err
        return
    pytest.skip("the command always finished before the signal")


def start_journey(tmp_path: Path, *extra: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*NIGHTSIM, "run", "--nights", "20000", "--format", "jsonl", "--log", "j.jsonl", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=ENV,
    )


@pytest.mark.parametrize("sig", SIGNALS, ids=["INT", "TERM"])
def test_a_signal_mid_journey_leaves_no_log_and_says_how_to_rerun(tmp_path: Path, sig: int) -> None:
    proc = start_journey(tmp_path)
    assert proc.stdout is not None and proc.stderr is not None
    seed_line = proc.stderr.readline().decode()  # printed before the night starts
    assert re.match(
        r"seed: \d+  \(to tell this journey again: --seed \d+ --nights 20000\)", seed_line
    ), seed_line
    for _ in range(100):
        proc.stdout.readline()
    err = stopped_by(proc, sig)
    seed = seed_line.split()[1]
    assert err.strip() == (
        f"nightsim: stopped before the end: no log written; the night is --seed {seed}"
        " --nights 20000"
    )
    assert files(tmp_path) == []


def test_kill_9_mid_journey_leaves_a_readable_partial_that_is_cut_short(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    proc = start_journey(tmp_path, "--seed", "8")
    assert proc.stdout is not None
    for _ in range(200):
        proc.stdout.readline()
    proc.kill()
    proc.communicate(timeout=TIMEOUT)
    assert files(tmp_path) == ["j.jsonl.partial"]  # never the final name
    partial = tmp_path / "j.jsonl.partial"
    assert len(partial.read_bytes().splitlines()) >= 200
    for command in ("replay", "verify"):
        code = main([command, str(partial)])
        line = one_line(capsys.readouterr().err, code, 1)
        assert "cut short" in line and ".partial file" in line, line


@linux_only
@pytest.mark.parametrize("sig", SIGNALS, ids=["INT", "TERM"])
def test_a_signal_at_the_step_prompt(tmp_path: Path, sig: int) -> None:
    """--step waits for Enter at a terminal: a pty on stdin, the signal while it waits."""
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [*NIGHTSIM, "run", "--step", "--seed", "5", "--log", "s.jsonl"],
        stdin=follower,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=ENV,
    )
    os.close(follower)
    try:
        assert proc.stderr is not None
        assert proc.stderr.read(8) == b"[Enter: "  # the prompt: it is waiting
        err = stopped_by(proc, sig)
    finally:
        os.close(leader)
    assert "no log written; the night is --seed 5" in err and files(tmp_path) == []


@pytest.mark.slow
@linux_only
@pytest.mark.parametrize("sig", SIGNALS, ids=["INT", "TERM"])
def test_a_signal_during_a_parallel_odds_run(sig: int) -> None:
    proc = subprocess.Popen(
        [NIGHTSIM[0], "-X", "faulthandler", *NIGHTSIM[1:], *ODDS_ARGS],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    wait_until(lambda: len(children(proc.pid)) >= 2, "two workers")
    workers = children(proc.pid)
    err = stopped_by(proc, sig)
    assert len(err.splitlines()) == 1, err
    for pid in workers:
        wait_until(functools.partial(gone, pid), f"worker {pid} gone")


# --- mutated logs: never a traceback, never a hang ----------------------------------------


def mutations(lines: list[bytes]) -> st.SearchStrategy[bytes]:
    n = len(lines)
    whole = b"".join(lines)
    index = st.integers(0, n - 1)
    return st.one_of(
        st.integers(0, len(whole)).map(lambda k: whole[:k]),
        st.tuples(st.integers(0, len(whole) - 1), st.integers(1, 255)).map(
            lambda kb: whole[: kb[0]] + bytes([whole[kb[0]] ^ kb[1]]) + whole[kb[0] + 1 :]
        ),
        index.map(lambda i: b"".join(lines[: i + 1] + lines[i:])),
        index.map(lambda i: b"".join(lines[:i] + lines[i + 1 :])),
        st.tuples(index, index).map(lambda ij: b"".join(_swapped(lines, *ij))),
        st.binary(max_size=200).map(lambda junk: whole + junk),
        st.integers(1, 3000).map(lambda d: _deep(lines, d)),
    )


def _swapped(lines: list[bytes], i: int, j: int) -> list[bytes]:
    out = list(lines)
    out[i], out[j] = out[j], out[i]
    return out


def _deep(lines: list[bytes], depth: int) -> bytes:
    """The header with its config's `camp` nested `depth` deep and its hash recomputed, made
    as text: building it as data would recurse in this test."""
    header = json.loads(lines[0])
    header["config"]["camp"] = "DEEP"
    del header["hash"]
    brackets = "[" * depth + "]" * depth
    body = canonical_json(header).replace('"DEEP"', brackets)
    digest = hashlib.sha256((GENESIS + body).encode()).hexdigest()
    text = canonical_json({**header, "hash": "H"}).replace('"DEEP"', brackets)
    return (text.replace('"hash":"H"', f'"hash":"{digest}"') + "\n").encode() + b"".join(lines[1:])


@pytest.fixture(scope="module")
def one_night(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    path = tmp_path_factory.mktemp("m") / "n.jsonl"
    assert main(["run", "--seed", "21", "--log", str(path), "--quiet"]) == 0
    return path.read_bytes().splitlines(keepends=True)


@pytest.mark.slow
@settings(  # a sweep (tests/helpers/sweeps.py): a third of it in the README's command
    max_examples=sweep(100, 300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_mutated_logs_exit_0_1_or_2_and_never_crash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, one_night: list[bytes], data: st.DataObject
) -> None:
    mutated = data.draw(mutations(one_night))
    path = tmp_path / "m.jsonl"
    path.write_bytes(mutated)
    for command in ("replay", "verify"):
        code = main([command, str(path)])
        out, err = capsys.readouterr()
        assert code in (0, 1, 2), (command, code, err)
        assert "Traceback" not in err + out
        if code == 0:
            assert mutated == b"".join(one_night)
            continue
        assert len(err.splitlines()) == 1, err
        if command == "verify" and code == 1:
            # A broken log is a verdict (docs/disputes.md): NOT GENUINE on stdout with the
            # line, the reader's own words on stderr.
            assert out.startswith("NOT GENUINE: ") and "- line " in out, out
        else:
            assert err.startswith("nightsim: error: "), err


# --- the table --------------------------------------------------------------------------------


def test_the_exit_code_table_is_in_the_readme_and_the_help() -> None:
    """README.md and docs/limits.md both hold the table: each is checked."""
    pages = {
        p.name: p.read_text(encoding="utf-8")
        for p in manual_pages()
        if "\n## Exit codes\n" in p.read_text(encoding="utf-8")
    }
    assert set(pages) == {"README.md", "limits.md", "campaign.md"}
    every = [
        0,
        1,
        2,
        EXIT_OLDER_FORMAT,
        EXIT_IOERR,
        EXIT_BUSY,
        EXIT_SIGHUP,
        EXIT_SIGINT,
        EXIT_SIGTERM,
    ]
    for name, text in pages.items():
        table = text.split("\n## Exit codes", 1)[1].split("\n\n", 2)[1]
        if name == "campaign.md":
            # The campaign's own table: the codes its commands give, each one of the README's.
            cells = re.findall(r"^\| ([\d, ]+) \|", table, re.M)
            codes = [int(c) for cell in cells for c in cell.split(",")]
            assert codes == [0, 1, 2, EXIT_OLDER_FORMAT, EXIT_IOERR, EXIT_BUSY, *every[-3:]]
            continue
        codes = [int(c) for c in re.findall(r"^\| \*\*(\d+)\*\*", table, re.M)]
        assert codes == every
    for code in codes:
        assert re.search(rf"^  {code} ", EPILOG, re.M) or f"; {code} " in EPILOG, code
