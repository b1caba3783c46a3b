"""`nightsim serve` as a real process, for the process-level tests of the server.

`start(folder)` runs `python -m nightsim serve FOLDER --port 0` (so a free port; the server
binds 127.0.0.1 and every request these tests make goes there), reads the two URLs it prints
on stdout within a bounded wait, and returns a `Served`: the base URL, both tokens, the
process, and `stop` (a signal, then the exit code). `seeded(folder)` lays a folder as a
referee would: a camp (a copy of the bundled default) and a campaign made by
`nightsim campaign new` (in this process). The SSE parsing here is the plain text format (the
HTML standard's "server-sent events"): `id:`, `event:`, `data:` lines, a blank line ending
each message.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from nightsim.cli import main
from nightsim.config import default_config_path

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
NIGHTSIM = [sys.executable, "-m", "nightsim"]
TIMEOUT = 60.0  # generous for a loaded 2-core machine: a hang is minutes, not seconds
CAMP = "camp"
CAMPAIGN = "wood"
URL = re.compile(r"^(http://127\.0\.0\.1:(\d+))(/\S*)\?t=([A-Za-z0-9_\-]+)$")


def wait_until(ready: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"never ready: {what}")
        time.sleep(0.02)


def nightsim(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A `nightsim` command run in `folder`, its output kept."""
    return subprocess.run(
        [*NIGHTSIM, *args],
        cwd=folder,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def seeded(folder: Path) -> Path:
    """`folder` with a camp `camp.toml` and a campaign `wood.campaign` played from it."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(default_config_path(), folder / f"{CAMP}.toml")
    # In this process: the server under test is the process; making its campaign in one
    # more would add nothing but a start.
    argv = ["campaign", "new", str(folder / f"{CAMPAIGN}.campaign"), str(folder / f"{CAMP}.toml")]
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        assert main(argv) == 0, err.getvalue()
    return folder


@dataclass
class Served:
    """A running `nightsim serve`: where it answers and with which tokens."""

    proc: subprocess.Popen[bytes]
    root: Path
    base: str  # http://127.0.0.1:PORT
    port: int
    referee: str
    players: str
    out: Path
    err: Path
    clients: list[httpx.Client] = field(default_factory=list)

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    def auth(self, role: str | None = "referee") -> dict[str, str]:
        """The `Authorization` header of `role` ("referee", "players", or None: none)."""
        if role is None:
            return {}
        token = self.referee if role == "referee" else self.players
        return {"Authorization": f"Bearer {token}"}

    def client(self, role: str | None = "referee", **kwargs: Any) -> httpx.Client:
        """An httpx client on the server, with `role`'s token (closed on `close`)."""
        c = httpx.Client(
            base_url=self.base, headers=self.auth(role), timeout=TIMEOUT, trust_env=False, **kwargs
        )
        self.clients.append(c)
        return c

    def alive(self) -> bool:
        return self.proc.poll() is None

    def rss_kib(self) -> int:
        """The server's resident memory now (`VmRSS` in /proc/PID/status), in KiB."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        found = re.search(r"^VmRSS:\s*(\d+) kB", status, re.M)
        assert found, status
        return int(found[1])

    def stderr(self) -> str:
        return self.err.read_text(errors="replace")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = TIMEOUT) -> int:
        """Send `sig` and return the exit code (killed if it does not end within `timeout`)."""
        if self.alive():
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(
                f"still running {timeout} s after signal {sig}: {self.stderr()[-1500:]}"
            ) from None

    def kill(self) -> None:
        for c in self.clients:
            c.close()
        self.clients.clear()
        if self.alive():
            self.proc.kill()
        self.proc.wait(timeout=TIMEOUT)


def _urls(proc: subprocess.Popen[bytes], out: Path, err: Path) -> list[re.Match[str]]:
    """The two URL lines of stdout, waited for until they are whole or the process ends."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        lines = out.read_text(errors="replace").split("\n")
        if len(lines) >= 3:  # two whole lines, then what follows the second newline
            break
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            raise AssertionError(
                f"nightsim serve printed no URLs (exit {proc.returncode}): "
                f"stdout {out.read_text()!r}, stderr {err.read_text()[-2000:]!r}"
            )
        time.sleep(0.02)
    found = [URL.match(line) for line in lines[:2]]
    assert all(found), f"not two URLs on 127.0.0.1: {lines[:2]!r}"
    return [m for m in found if m]


def start(folder: Path, *args: str, logs: Path | None = None) -> Served:
    """`nightsim serve folder --port 0 ARGS…` running, with both its URLs read."""
    logs = logs or folder.parent
    n = len(list(logs.glob("serve-*.out")))
    out, err = logs / f"serve-{n}.out", logs / f"serve-{n}.err"
    with out.open("wb") as o, err.open("wb") as e:
        proc = subprocess.Popen(
            [*NIGHTSIM, "serve", str(folder), "--port", "0", *args],
            stdout=o,
            stderr=e,
            stdin=subprocess.DEVNULL,
            env=ENV,
        )
    try:
        referee, players = _urls(proc, out, err)
    except BaseException:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        raise
    assert referee[1] == players[1], (referee[0], players[0])
    assert (referee[3], players[3]) == ("/", "/table"), (referee[0], players[0])
    assert referee[4] != players[4]
    served = Served(proc, folder, referee[1], int(referee[2]), referee[4], players[4], out, err)
    return served


def stop_all(serveds: Iterable[Served]) -> None:
    for s in serveds:
        s.kill()


# --- server-sent events ---------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    """One SSE message: its `id:`, `event:` and `data:` (data lines joined by newlines)."""

    id: str | None
    event: str | None
    data: str


def messages(lines: Iterable[str]) -> Iterator[Message]:
    """The messages of an event stream given line by line (comments, `retry:` skipped)."""
    ident: str | None = None
    event: str | None = None
    data: list[str] = []
    for line in lines:
        if line == "":
            if data:
                yield Message(ident, event, "\n".join(data))
            ident, event, data = None, None, []
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "id":
            ident = value
        elif name == "event":
            event = value
        elif name == "data":
            data.append(value)


# --- playing and reading a campaign ------------------------------------------------------


def play(c: httpx.Client, name: str = CAMPAIGN, pace: float = 0.0) -> httpx.Response:
    """`POST /api/campaigns/{name}/nights`: the next night, told at `pace` seconds an hour."""
    return c.post(f"/api/campaigns/{name}/nights", json={"pace": pace})


def nights_in(folder: Path, name: str = CAMPAIGN) -> int:
    """How many nights the campaign file holds, as `campaign show --format json` says."""
    import json

    shown = nightsim(folder, "campaign", "show", f"{name}.campaign", "--format", "json")
    assert shown.returncode == 0, shown.stderr
    return int(json.loads(shown.stdout)["nights_played"])


def night_lines(folder: Path, n: int, name: str = CAMPAIGN) -> int:
    """How many lines night `n`'s stored log has (`campaign log`)."""
    log = nightsim(folder, "campaign", "log", f"{name}.campaign", str(n))
    assert log.returncode == 0, log.stderr
    return len(log.stdout.splitlines())
