"""What the figure benchmarks share: the floor's path, rounds side by side, medians.

Each figure script (log_bench.py, odds_cli_bench.py, cold_start.py, rank_scaling_bench.py,
sweep_scaling_bench.py, campaign_scaling_bench.py, jobs_bench.py) times nightsim and its floor
(or a small run against a large one) in the same run, round by round, alternating, so that a
busy machine slows both alike, and prints the median of the rounds with the ratio.
"""

from __future__ import annotations

import compileall
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def default_floor() -> Path:
    """../shared/bench/bare_simpy_night.py beside the repository, or beside an ancestor
    (a git worktree may sit deeper than the main checkout)."""
    for d in ROOT.parents:
        path = d / "shared" / "bench" / "bare_simpy_night.py"
        if path.is_file():
            return path
    return ROOT.parent / "shared" / "bench" / "bare_simpy_night.py"


def package_dir() -> Path:
    """Where the nightsim this Python imports lives."""
    spec = importlib.util.find_spec("nightsim")
    if spec is None or spec.origin is None:
        raise SystemExit("nightsim is not installed for this Python")
    return Path(spec.origin).parent


def byte_compiled() -> None:
    """nightsim's .pyc files written, as an installed package has them: with
    PYTHONDONTWRITEBYTECODE=1 (or a source just changed) every process timed would compile
    the changed modules again, a cost no user's start pays."""
    compileall.compile_dir(package_dir(), quiet=1)


def nightsim_cmd() -> list[str]:
    """The installed `nightsim` script beside this Python (as a user runs it), else `-m`;
    the package byte-compiled first (`byte_compiled`)."""
    byte_compiled()
    script = Path(sys.executable).with_name("nightsim")
    if script.exists():
        return [str(script)]
    found = shutil.which("nightsim")
    return [found] if found is not None else [sys.executable, "-m", "nightsim"]


def wall(cmd: list[str], stdout: Path | None = None) -> float:
    """Seconds of wall clock of one run of `cmd` (its output to `stdout` or discarded)."""
    start = time.perf_counter()
    if stdout is None:
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    else:
        with stdout.open("wb") as fh:
            subprocess.run(cmd, stdout=fh, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def machine() -> str:
    return f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()}"


def side_by_side(
    label: str,
    rounds: int,
    sides: dict[str, Callable[[], float]],
    unit: str,
    higher_is_better: bool = True,
) -> dict[str, float]:
    """Run each side once a round, in turn; print every round and the medians with each
    side's ratio to the first (the floor). Returns the medians."""
    got: dict[str, list[float]] = {name: [] for name in sides}
    for r in range(rounds):
        for name, side in sides.items():
            got[name].append(side())
        first = next(iter(got))
        print(
            f"  round {r + 1}: "
            + "   ".join(f"{n} {v[-1]:,.3f} {unit}" for n, v in got.items())
            + "".join(
                f"   {n}/{first} {v[-1] / got[first][-1]:.3f}" for n, v in got.items() if n != first
            ),
            flush=True,
        )
    med = {name: statistics.median(v) for name, v in got.items()}
    first = next(iter(med))
    better = "higher" if higher_is_better else "lower"
    print(f"{label}: median of {rounds} rounds ({better} is better)")
    for name, m in med.items():
        per_round = statistics.median(a / b for a, b in zip(got[name], got[first], strict=True))
        print(
            f"  {name:28} {m:12,.3f} {unit}   ratio of medians {m / med[first]:.3f}"
            f"   median of round ratios {per_round:.3f}"
        )
    return med
