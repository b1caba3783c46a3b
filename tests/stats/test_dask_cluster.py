"""`odds --scheduler`: the nights counted on a real Dask cluster — a scheduler and two workers
started as processes on 127.0.0.1 — give the report `--jobs` gives, byte for byte, even when
a worker is killed mid-run (docs/odds.md, "On a cluster")."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from nightsim.cli import main
from tests.helpers.processes import ENV, NIGHTSIM

try:
    import distributed  # noqa: F401
except ImportError:
    # The test extra holds it; in CI (CI=true) a missing Dask fails rather than skips.
    if os.environ.get("CI") == "true":
        pytest.fail("distributed is missing in CI: the test extra installs it", pytrace=False)
    pytest.skip("Dask's distributed is not installed (nightsim[dask])", allow_module_level=True)

# The `dask` command the extra installs beside this Python: `dask scheduler`, `dask worker`.
DASK = [str(Path(sys.executable).parent / "dask"), "scheduler"]
WORKER = [str(Path(sys.executable).parent / "dask"), "worker"]


@dataclass
class Cluster:
    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]]


def _wait_for(path: Path, what: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not (path.exists() and path.stat().st_size > 0):
        assert time.monotonic() < end, f"never ready: {what}"
        time.sleep(0.05)


def _workers_seen(address: str, count: int) -> None:
    from distributed import Client

    with Client(address, timeout=30, set_as_default=False) as client:  # type: ignore[no-untyped-call]
        client.wait_for_workers(count, timeout=60)


def _busy(address: str, pid: int) -> None:
    """Wait until the worker of process `pid` is counting a chunk of nights."""
    from distributed import Client

    with Client(address, timeout=30, set_as_default=False) as client:  # type: ignore[no-untyped-call]
        (where,) = [a for a, p in client.run(os.getpid).items() if p == pid]
        end = time.monotonic() + 60
        while not client.processing().get(where):
            assert time.monotonic() < end, "the worker never got a chunk"
            time.sleep(0.02)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A scheduler on a free port of 127.0.0.1 and two workers of one thread each, no
    nanny (a worker killed stays dead), all with this checkout importable."""
    where = tmp_path_factory.mktemp("dask")
    file = where / "scheduler.json"
    env = dict(ENV, DASK_DISTRIBUTED__WORKER__DAEMON="False")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": where, "env": env}
    local = ["--host", "127.0.0.1", "--no-dashboard"]
    scheduler = subprocess.Popen(
        [*DASK, *local, "--port", "0", "--scheduler-file", str(file)], **quiet
    )  # type: ignore[call-overload]
    procs: list[subprocess.Popen[bytes]] = [scheduler]
    try:
        _wait_for(file, "the scheduler's file")
        address = json.loads(file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:"), address
        workers = [
            subprocess.Popen(  # type: ignore[call-overload]
                [*WORKER, address, *local, "--nthreads", "1", "--no-nanny"], **quiet
            )
            for _ in range(2)
        ]
        procs += workers
        _workers_seen(address, 2)
        yield Cluster(address, scheduler, workers)
    finally:  # a worker's graceful stop waits on its scheduler for many seconds: no need
        for proc in procs:
            proc.kill()
            proc.wait(timeout=20)


def report(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(["odds", "--seed", "dusk", "--format", "json", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


QUESTIONS = [
    ["--nights", "2000"],
    ["--nights", "300", "--nights-per-journey", "3"],
    ["--nights", "800", "--compare", "camp.light_fire=false"],
    ["--nights", "500", "--sweep", "camp.season=winter,summer,autumn"],
    ["--nights", "200", "--rank-rotas", "--top", "3"],
    [
        "--nights",
        "200",
        "--grid",
        "camp.light_fire=true,false",
        "--grid",
        "camp.season=winter,summer",
    ],
]


@pytest.mark.slow
def test_every_report_is_the_same_bytes_as_on_this_machine(
    cluster: Cluster, capsys: pytest.CaptureFixture[str]
) -> None:
    for question in QUESTIONS:
        here = report(capsys, *question, "--jobs", "2")
        there = report(capsys, *question, "--scheduler", cluster.address)
        assert there == here, question
        assert not any("scheduler" in arg for arg in json.loads(there)["command"])


@pytest.mark.slow
def test_a_worker_killed_mid_run_changes_no_number(
    cluster: Cluster, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One worker `kill -9`ed once the run is under way: its chunks run again on the
    other, and the report is the one --jobs gives; or the run fails with one line, exit 74
    (never a report with a chunk missing)."""
    question = ["--nights", "20000"]  # 16 chunks: most are still to come when the victim dies
    run = subprocess.Popen(
        [*NIGHTSIM, "odds", "--seed", "dusk", "--format", "json", *question,
         "--scheduler", cluster.address],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=tmp_path,
    )  # fmt: skip
    victim = cluster.workers[0]
    _busy(cluster.address, victim.pid)  # under way: the victim holds a chunk
    assert run.poll() is None, "the run ended before a worker could be killed"
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait(timeout=10)
    out, err = run.communicate(timeout=300)
    if run.returncode == 0:
        assert out.decode() == report(capsys, *question, "--jobs", "2")
    else:
        assert run.returncode == 74, err
        assert len(err.decode().strip().splitlines()) == 1, err
        assert out == b""


def test_no_scheduler_there_is_one_line_and_exit_74(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from nightsim.stats import cluster

    monkeypatch.setattr(cluster, "CONNECT_S", 0.5)
    code = main(["odds", "--seed", "1", "--nights", "10", "--scheduler", "tcp://127.0.0.1:9"])
    out, err = capsys.readouterr()
    assert code == 74 and out == ""
    (line,) = err.strip().splitlines()
    assert line.startswith("nightsim: error: --scheduler tcp://127.0.0.1:9: no Dask scheduler")
    assert "no report was made" in line


@pytest.mark.parametrize("address", ["localhost:8786", "http://127.0.0.1:8786", "tcp://"])
def test_not_an_address_is_bad_input(address: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--nights", "10", "--scheduler", address]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "expected a Dask scheduler's address, tcp://HOST:PORT" in line


def test_without_the_extra_the_line_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails as if not installed
    assert main(["odds", "--nights", "10", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.endswith("pip install 'nightsim[dask]'"), line
