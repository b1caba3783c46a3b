"""Special files as input (docs/limits.md, "Limits"), with real processes and real files: a
character device, a kernel file of /proc or /sys, a missing controlling terminal, a folder
and a FIFO, as a log for replay/verify/whatif and as a config for check/run. Each is one
line and exit 2 within seconds, never a traceback or a hang; a FIFO's writer that is slow
to write is waited for (O_NONBLOCK is cleared before the first read)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.errors import kernel_filesystem

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
TIMEOUT = 30  # a refusal takes well under a second; a hang is for ever
LOG_COMMANDS = [["replay"], ["verify"], ["whatif", "--set", "camp.season=winter"]]
CONFIG_COMMANDS = [["check"], ["run", "--no-log", "--seed", "1"]]
linux_only = pytest.mark.skipif(not Path("/proc/self/mountinfo").exists(), reason="needs /proc")


def nightsim(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    done: subprocess.CompletedProcess[str] = subprocess.run(
        [sys.executable, "-m", "nightsim", *args],
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        text=True,
        timeout=TIMEOUT,
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )
    return done


# A file whose read never ends (the hang a refusal must prevent) is read by a real process,
# so that a regression fails on the timeout instead of hanging the suite; any other special
# file is refused in this process by the same `main(argv)` (a process would add only its start).
ENDLESS = {"/proc/kmsg", "/dev/zero", "/dev/urandom"}


def nightsim_or_here(
    capsys: pytest.CaptureFixture[str], *args: str
) -> subprocess.CompletedProcess[str]:
    if ENDLESS.intersection(args):
        return nightsim(*args)
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(args, code, out, err)


def refused(done: subprocess.CompletedProcess[str]) -> str:
    """Exit 2 and one line on stderr, nothing on stdout: the line."""
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def command(kind: list[str], path: str) -> list[str]:
    return [kind[0], path, *kind[1:]]


def readable(path: str) -> bool:
    return os.access(path, os.R_OK)


KERNEL_FILES = [
    "/proc/kmsg",  # a read waits for the kernel's next message: the hang of the report
    "/proc/self/mem",  # a read at offset 0 fails (EIO)
    "/proc/version",
    "/sys/kernel/mm/transparent_hugepage/enabled",
]


@linux_only
@pytest.mark.parametrize("path", KERNEL_FILES)
@pytest.mark.parametrize("kind", LOG_COMMANDS + CONFIG_COMMANDS, ids=lambda k: k[0])
def test_a_kernel_file_is_refused_unread(
    kind: list[str], path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if not readable(path):
        pytest.skip(f"{path} is not readable here")
    started = time.monotonic()
    line = refused(nightsim_or_here(capsys, *command(kind, path)))
    assert time.monotonic() - started < TIMEOUT
    assert f"{path}: is a kernel file (" in line, line


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom", "/dev/null"])
@pytest.mark.parametrize("kind", LOG_COMMANDS + CONFIG_COMMANDS, ids=lambda k: k[0])
def test_a_device_is_refused(
    kind: list[str], path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if not readable(path):
        pytest.skip(f"no {path}")
    line = refused(nightsim_or_here(capsys, *command(kind, path)))
    assert "device" in line, line


@pytest.mark.parametrize("kind", LOG_COMMANDS + CONFIG_COMMANDS, ids=lambda k: k[0])
def test_dev_tty_without_a_terminal_is_one_line(kind: list[str]) -> None:
    # A new session has no controlling terminal: opening /dev/tty fails (ENXIO).
    done = nightsim(*command(kind, "/dev/tty"), start_new_session=True, stdin=subprocess.DEVNULL)
    assert "/dev/tty: cannot read" in refused(done)


@pytest.mark.parametrize("kind", LOG_COMMANDS + CONFIG_COMMANDS, ids=lambda k: k[0])
def test_a_folder_is_refused(
    kind: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "is a directory" in refused(nightsim_or_here(capsys, *command(kind, str(tmp_path))))


@pytest.mark.parametrize("kind", LOG_COMMANDS, ids=lambda k: k[0])
def test_a_fifo_with_no_writer_reads_as_empty(kind: list[str], tmp_path: Path) -> None:
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    assert "nothing was written to it" in refused(nightsim(*command(kind, str(fifo))))


def test_a_fifo_is_no_config(tmp_path: Path) -> None:
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    assert "not a regular file" in refused(nightsim("check", str(fifo)))


def opened(pid: int, path: Path) -> bool:
    """Whether process `pid` has `path` open (its /proc/PID/fd links)."""
    try:
        fds = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(fd) == str(path):
                return True
        except OSError:
            continue
    return False


@pytest.mark.slow
@linux_only
@pytest.mark.parametrize("kind", LOG_COMMANDS, ids=lambda k: k[0])
def test_a_fifo_whose_writer_is_slow_is_read_to_its_end(kind: list[str], tmp_path: Path) -> None:
    """The writer holds the FIFO open but writes only once the reader has it open, after a
    pause and in two pieces: a descriptor left non-blocking would read nothing (the
    TypeError of /proc/kmsg); a blocking one waits for the writer's end."""
    log = tmp_path / "night.jsonl"
    assert main(["run", "--seed", "9", "--quiet", "--format", "jsonl", "--log", str(log)]) == 0
    data = log.read_bytes()
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR)  # a writer from the start (O_RDWR does not wait)
    proc = subprocess.Popen(
        [sys.executable, "-m", "nightsim", *command(kind, str(fifo))],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=ENV,
        text=True,
    )
    try:
        deadline = time.monotonic() + TIMEOUT
        while not opened(proc.pid, fifo) and proc.poll() is None:
            assert time.monotonic() < deadline, "nightsim never opened the FIFO"
            time.sleep(0.02)
        # Pauses long enough for a non-blocking read to have found nothing (it would not
        # wait at all: EAGAIN at once) and for the reader to block on the second piece.
        time.sleep(0.1)
        half = len(data) // 2
        os.write(writer, data[:half])
        time.sleep(0.1)
        os.write(writer, data[half:])
    finally:
        os.close(writer)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0, err
    assert "Traceback" not in err


@linux_only
def test_the_kernel_filesystems_are_told_from_real_ones(tmp_path: Path) -> None:
    assert kernel_filesystem(os.stat("/proc/version")) == "proc"
    assert kernel_filesystem(os.stat(tmp_path)) is None
    assert kernel_filesystem(os.stat(__file__)) is None
