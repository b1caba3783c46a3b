"""Signals at any moment of a real `nightsim` process (docs/limits.md, "Signals").

Each trial starts a real process, waits until its handlers are set (or until its log took
its final name), sleeps a delay drawn from a seeded generator and sends
SIGINT or SIGTERM. Whatever the delay, the outcome is one of two: the process finished before
the signal (0, its log whole and named with its head) or it was stopped (130 or 143, one last
line: either no log and how to tell the night again, or the log whole, where, and its head).
Never a traceback, never "Exception ignored", never a `.partial` or a page's temporary file
left behind, never a committed log that `verify` refuses.

A few trials run in the quick loop; the long loops are marked slow.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from nightsim.cli import main
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

pytestmark = linux_only

RUN = ["run", "--seed", "3", "--log", "n.jsonl", "--quiet"]
VARIANTS = {
    "text": RUN,
    "html": [*RUN, "--html", "n.html"],
    "jsonl": ["run", "--seed", "3", "--log", "n.jsonl", "--format", "jsonl"],
}


STOPPED = {
    signal.SIGINT: "nightsim: interrupted (SIGINT)",
    signal.SIGTERM: "nightsim: terminated",
    signal.SIGHUP: "nightsim: hung up (SIGHUP)",
}


@dataclass
class Trial:
    sig: int
    code: int
    err: str
    folder: Path


def start(folder: Path, args: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*NIGHTSIM, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=folder,
        env=ENV,
    )


def signal_at(
    folder: Path, args: list[str], sig: int, delay: float, *, after_commit: bool = False
) -> Trial:
    """`args` run in `folder`, `sig` sent `delay` s after its handlers are set (or after its
    log took its final name)."""
    import time

    proc = start(folder, args)
    pid = proc.pid
    if after_commit:
        log = folder / "n.jsonl"
        wait_until(lambda: proc.poll() is not None or log.exists(), "the commit")
    else:
        wait_until(lambda: proc.poll() is not None or handles(pid, signal.SIGTERM), "handlers")
    time.sleep(delay)
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError(f"hung after signal {sig} at {delay:.3f} s") from None
    return Trial(sig, proc.returncode, err.decode(), folder)


def head_of(log: Path) -> str:
    return str(json.loads(log.read_bytes().splitlines()[-1])["hash"])


def assert_whole(trial: Trial, *, log_name: str | None = "n.jsonl") -> None:
    """What holds for every delay (the module's docstring)."""
    what = f"signal {trial.sig}, exit {trial.code}:\n{trial.err}"
    assert trial.code in (0, 128 + trial.sig), what
    assert "Traceback" not in trial.err and "Exception ignored" not in trial.err, what
    left = sorted(p.name for p in trial.folder.iterdir())
    assert not [n for n in left if n.endswith((".partial", ".tmp"))], (left, what)
    last = trial.err.splitlines()[-1] if trial.err else ""
    if log_name is None:  # a command without a log: 0, or one line saying it stopped
        assert trial.code == 0 or (last.startswith("nightsim: ") and "stopped" in last), what
        return
    log = trial.folder / log_name
    if not log.exists():
        assert trial.code != 0, f"a finished night lost its log: {what}"
        # Stopped in the night, or before it (while the config loads): no log either way.
        assert last.startswith(
            (
                "nightsim: stopped before the end: no log written;",
                STOPPED[signal.Signals(trial.sig)],
            )
        ), what
        assert last.endswith((": stopped", "the night is --seed 3")), what
        return
    assert main(["verify", str(log)]) == 0, what
    head = head_of(log)
    if trial.code == 0:
        assert last == f"head: {head}", what
    else:
        assert last.endswith(f": stopped; the log is complete: {log_name}; head: {head}"), what


def trials(seed: int, n: int, lo: float, hi: float) -> list[tuple[int, float]]:
    """`n` (signal, delay) pairs from a seeded generator: the same every run."""
    rng = random.Random(seed)
    return [(rng.choice([signal.SIGINT, signal.SIGTERM]), rng.uniform(lo, hi)) for _ in range(n)]


def span(tmp_path: Path, args: list[str]) -> float:
    """How long `args` runs on this machine, now, from its handlers to its exit.

    The long loops draw their moments within it (and a fifth beyond it): a delay drawn past
    the end of the run sends its signal to a process that has already gone, so a fixed
    range wide enough for a loaded machine spent most trials of a quiet one on nothing.
    """
    import time

    folder = tmp_path / "span"
    folder.mkdir()
    proc = start(folder, args)
    wait_until(lambda: proc.poll() is not None or handles(proc.pid, signal.SIGTERM), "handlers")
    began = time.monotonic()
    proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0
    return (time.monotonic() - began) * 1.2


def fresh(tmp_path: Path, i: int) -> Path:
    folder = tmp_path / f"t{i}"
    folder.mkdir()
    return folder


# --- the quick sample ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["text", "html"])
def test_a_signal_mid_run(tmp_path: Path, variant: str) -> None:
    for i, (sig, delay) in enumerate(trials(1, 2, 0.0, 1.5)):
        trial = signal_at(fresh(tmp_path, i), VARIANTS[variant], sig, delay)
        assert_whole(trial)


@pytest.mark.slow
def test_a_signal_after_the_commit_names_the_log(tmp_path: Path) -> None:
    """The signal while the head is printed and the process ends: 0 with the head, or 143 /
    130 naming the whole log and its head; never swallowed (exit 0 after "Exception
    ignored")."""
    for i, (sig, delay) in enumerate(trials(2, 3, 0.0, 0.02)):
        trial = signal_at(fresh(tmp_path, i), VARIANTS["html"], sig, delay, after_commit=True)
        assert_whole(trial)


# --- the long loops ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["text", "html", "jsonl"])
def test_signals_at_many_moments_of_a_run(tmp_path: Path, variant: str) -> None:
    for i, (sig, delay) in enumerate(
        trials(10 + len(variant), 6, 0.0, span(tmp_path, VARIANTS[variant]))
    ):
        trial = signal_at(fresh(tmp_path, i), VARIANTS[variant], sig, delay)
        assert_whole(trial)


@pytest.mark.slow
def test_signals_at_many_moments_after_the_commit(tmp_path: Path) -> None:
    for i, (sig, delay) in enumerate(trials(20, 4, 0.0, 0.05)):
        trial = signal_at(fresh(tmp_path, i), VARIANTS["text"], sig, delay, after_commit=True)
        assert_whole(trial)


@pytest.mark.slow
def test_sigint_while_check_imports_and_builds_its_schemas(tmp_path: Path) -> None:
    """The first ~0.3 s: pydantic's imports and schema building, where a library once turned
    the stop into its own error (SchemaError, PanicException, RuntimeError) and a traceback."""
    for i, (_, delay) in enumerate(trials(30, 8, 0.0, 0.3)):
        trial = signal_at(fresh(tmp_path, i), ["check"], signal.SIGINT, delay)
        assert_whole(trial, log_name=None)


# --- each way a stop was lost, made to happen ----------------------------------------------


def probe(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    """`python -m probe` in `tmp_path`: the real entry point, its command replaced by
    `body` (the function `command(argv)`), so a stop lands exactly where it once was lost."""
    (tmp_path / "probe.py").write_text(
        "import os, signal, sys\n"
        "import nightsim.cli\n"
        f"{body}\n"
        "nightsim.cli.main = command\n"
        "from nightsim.__main__ import main\n"
        "raise SystemExit(main())\n"
    )
    env = dict(ENV, PYTHONPATH=f"{tmp_path}:{ROOT}")
    return subprocess.run(
        [sys.executable, "-m", "probe"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def test_a_stop_raised_where_python_ignores_exceptions_still_decides(tmp_path: Path) -> None:
    """SIGTERM handled inside a `__del__` (a generator closed at the end of `run` is the
    same): Python prints "Exception ignored" and goes on; the process used to exit 0."""
    done = probe(
        tmp_path,
        "class Dying:\n"
        "    def __del__(self):\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "        for _ in range(100000): pass\n"
        "def command(argv=None):\n"
        "    Dying()\n"
        "    return 0\n",
    )
    assert (done.returncode, done.stderr) == (143, "nightsim: terminated (SIGTERM): stopped\n")


def test_an_interrupt_ending_inside_a_string_exec_is_still_130(tmp_path: Path) -> None:
    """A KeyboardInterrupt that ends inside `exec` of a string (dataclasses, namedtuple and
    pydantic build code so) made `python -m nightsim` kill itself with SIGINT at exit."""
    done = probe(
        tmp_path,
        "def command(argv=None):\n"
        "    exec('import os, signal\\nos.kill(os.getpid(), signal.SIGINT)\\n"
        "for _ in range(100000): pass', {})\n"
        "    return 0\n",
    )
    assert (done.returncode, done.stderr) == (130, "nightsim: interrupted (SIGINT): stopped\n")


@pytest.mark.parametrize("wrapper", ["RuntimeError", "ImportError"])
def test_a_stop_a_library_wraps_is_that_stop(tmp_path: Path, wrapper: str) -> None:
    """pydantic's SchemaError and `__set_name__`'s RuntimeError keep the stop as their cause;
    an import from C replaces it (the chain lost): either is the stop, one line."""
    # The ImportError is raised after the stop was dropped: nothing of it in the chain.
    then = "raise RuntimeError('could not build') from exc" if wrapper == "RuntimeError" else "pass"
    done = probe(
        tmp_path,
        "def command(argv=None):\n"
        "    try:\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "        for _ in range(100000): pass\n"
        "    except BaseException as exc:\n"
        f"        {then}\n"
        "    raise ImportError('could not import')\n",
    )
    assert (done.returncode, done.stderr) == (143, "nightsim: terminated (SIGTERM): stopped\n")


# --- a closed terminal, a killed parent ----------------------------------------------------


def test_a_hangup_mid_run_removes_the_partial_log(tmp_path: Path) -> None:
    """SIGHUP (a closed SSH session) used to end `run` silently, its `.partial` left to block
    the next `--log` of that name."""
    proc = start(tmp_path, ["run", "--nights", "20000", "--seed", "4", "--log", "j.jsonl"])
    wait_until(lambda: (tmp_path / "j.jsonl.partial").exists(), "the partial log")
    proc.send_signal(signal.SIGHUP)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 129, err
    assert err.decode().splitlines()[-1] == (
        "nightsim: stopped before the end: no log written; the night is --seed 4 --nights 20000"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_a_hangup_after_the_commit_keeps_the_log_and_names_it(tmp_path: Path) -> None:
    for i, delay in enumerate((0.0, 0.005, 0.02)):
        trial = signal_at(fresh(tmp_path, i), RUN, signal.SIGHUP, delay, after_commit=True)
        assert_whole(trial)


def test_closing_the_terminal_mid_run_leaves_nothing_behind(tmp_path: Path) -> None:
    """The real thing: `run` on a terminal of its own (a pty it controls), the terminal's
    other end closed; the kernel sends the SIGHUP. Its last line has nowhere to go."""
    import fcntl
    import pty
    import termios

    leader, follower = pty.openpty()

    def own_terminal() -> None:
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    proc = subprocess.Popen(
        [*NIGHTSIM, "run", "--nights", "20000", "--seed", "4", "--log", "j.jsonl"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        cwd=tmp_path,
        env=ENV,
        preexec_fn=own_terminal,  # the terminal must be taken in the child, before exec
    )
    os.close(follower)
    try:
        os.read(leader, 1000)  # it has started telling the journey
        wait_until(lambda: (tmp_path / "j.jsonl.partial").exists(), "the partial log")
    finally:
        os.close(leader)
    assert proc.wait(timeout=TIMEOUT) == 129
    assert list(tmp_path.iterdir()) == []


def a_log(tmp_path: Path) -> Path:
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "3", "--log", str(log), "--quiet"]) == 0
    return log


PARALLEL: dict[str, Callable[[Path | None], list[str]]] = {
    "odds": lambda _: ["odds", "--nights", "5000000", "--jobs", "2", "--seed", "1"],
    "whatif": lambda log: [
        "whatif",
        str(log),
        "--set",
        "camp.season=winter",
        "--nights",
        "100000",
        "--jobs",
        "2",
    ],
}


LAST = {
    signal.SIGHUP: "nightsim: hung up (SIGHUP): stopped",
    signal.SIGTERM: "nightsim: terminated (SIGTERM): stopped",
}
ENDS = [
    pytest.param(command, sig, id=f"{command}-{sig.name}", marks=() if quick else pytest.mark.slow)
    for command in PARALLEL
    for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL)
    for quick in [(command, sig) == ("odds", signal.SIGKILL)]
]


@pytest.mark.parametrize(("command", "sig"), ENDS)
def test_workers_end_with_their_parent(tmp_path: Path, command: str, sig: signal.Signals) -> None:
    """`kill -9` of the parent used to leave both workers waiting on the task pipe for good
    (each holds its write end), and so did a SIGHUP; now they end with it, however it ends."""
    log = a_log(tmp_path) if command == "whatif" else None
    proc = subprocess.Popen(
        [*NIGHTSIM, *PARALLEL[command](log)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    try:
        wait_until(lambda: proc.poll() is not None or len(children(proc.pid)) >= 2, "workers")
        workers = children(proc.pid)
        assert len(workers) == 2, (proc.returncode, workers)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=TIMEOUT)
    finally:
        proc.kill()
    if sig != signal.SIGKILL:
        assert proc.returncode == 128 + sig, err
        assert err.decode().splitlines()[-1] == LAST[sig], err
    import time

    deadline = time.monotonic() + 5
    try:
        while not all(gone(pid) for pid in workers):
            assert time.monotonic() < deadline, [p for p in workers if not gone(p)]
            time.sleep(0.05)
    finally:
        for pid in (p for p in workers if not gone(p)):  # a failure leaves no orphan running
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
