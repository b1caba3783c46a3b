"""How long does a command take from a cold start? A benchmark script (not a timed test).

The floor is the import of what `nightsim run` cannot do without:
`python -c "import simpy, rich.console, structlog; from pydantic import BaseModel"`.
Each command is a fresh process (wall clock, output to a file): `run` (the default config,
`--seed 9 --no-log`, text), `check`, `replay` and `verify` of that night's log, `schema`,
`init -`. Rounds alternate floor and commands, so that a busy machine slows them alike; the
median round of each is reported, with its ratio to the floor's median (issue 9: `run` within
1.3x of the floor).

    python bench/cold_start.py [--rounds R]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLOOR = "import simpy, rich.console, structlog; from pydantic import BaseModel"


def nightsim_cmd() -> list[str]:
    """The installed `nightsim` script beside this Python (as a user runs it), else `-m`."""
    script = Path(sys.executable).with_name("nightsim")
    if script.exists():
        return [str(script)]
    found = shutil.which("nightsim")
    return [found] if found is not None else [sys.executable, "-m", "nightsim"]


def timed(cmd: list[str], out: Path) -> float:
    with out.open("w") as fh:
        start = time.perf_counter()
        subprocess.run(cmd, stdout=fh, stderr=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()
    ns = nightsim_cmd()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        log = d / "night.jsonl"
        subprocess.run(
            [*ns, "run", "--seed", "9", "--log", str(log)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
        )
        cases: dict[str, list[str]] = {
            "floor": [sys.executable, "-c", FLOOR],
            "run": [*ns, "run", "--seed", "9", "--no-log"],
            "check": [*ns, "check"],
            "replay": [*ns, "replay", str(log)],
            "verify": [*ns, "verify", str(log)],
            "schema": [*ns, "schema"],
            "init": [*ns, "init", "-"],
        }
        times: dict[str, list[float]] = {name: [] for name in cases}
        for cmd in cases.values():  # warm the disk cache and .pyc files
            timed(cmd, d / "out.txt")
        for _ in range(args.rounds):
            for name, cmd in cases.items():
                times[name].append(timed(cmd, d / "out.txt"))
    floor = statistics.median(times["floor"])
    print(f"{'':8}{'median':>9}{'min':>9}{'ratio':>8}   ({args.rounds} rounds)")
    for name, ts in times.items():
        med = statistics.median(ts)
        print(f"{name:8}{med * 1000:7.0f}ms{min(ts) * 1000:7.0f}ms{med / floor:7.2f}x")


if __name__ == "__main__":
    main()
