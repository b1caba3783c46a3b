"""How long does a command take from a cold start? A benchmark script (not a timed test).

The floor is the import of what `nightsim run` cannot do without:
`python -c "import simpy, rich.console, structlog; from pydantic import BaseModel"`; and a
second floor, `floor+`: the same, then one pydantic model defined and validated and one rich
table printed (what any use of that stack costs once; the last line gives `run` against it).
Each command is a fresh process (wall clock, output to a file): `run` (the default config,
`--seed 9 --no-log`, text), `check`, `replay` and `verify` of that night's log, `schema`,
`init -`. Rounds alternate floor and commands, so that a busy machine slows them alike; the
median round of each is reported, with its ratio to the floor's median
(docs/design-notes.md: `run` within 1.3x of the floor), and the same for CPU time (user +
system), which a machine busy with other work disturbs far less than the wall clock.

The package is byte-compiled first (`benchlib.byte_compiled`), as an installed one is:
without .pyc files (PYTHONDONTWRITEBYTECODE=1, a fresh checkout) every start would also
compile nightsim's sources, which the floor (installed packages) never pays.

    python bench/cold_start.py [--rounds R]

It times the `nightsim` installed beside the Python that runs it: to compare two checkouts,
install each into its own venv (`pip install .`) and run this script with each venv's Python.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import nightsim_cmd, package_dir

FLOOR = "import simpy, rich.console, structlog; from pydantic import BaseModel"
# The same imports, then what any use of them costs once: one pydantic model defined and
# validated, one rich table printed. The floor above builds no model and renders nothing,
# so that cost (~65 ms of CPU here) counts against `run` alone; against this one, `run` is
# measured for what it adds (docs/design-notes.md, "The cold `run`").
FLOOR_USED = (
    FLOOR
    + "\nclass M(BaseModel):\n    x: int\nM(x=1)"
    + "\nfrom rich.table import Table\nt = Table('a', 'b')\nt.add_row('1', '2')"
    + "\nrich.console.Console(width=80).print(t)"
)


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], out: Path, env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one run of `cmd`."""
    with out.open("w") as fh:
        cpu, start = cpu_of_children(), time.perf_counter()
        subprocess.run(cmd, stdout=fh, stderr=subprocess.DEVNULL, check=True, env=env)
        return time.perf_counter() - start, cpu_of_children() - cpu


def report(label: str, times: dict[str, list[float]], rounds: int) -> None:
    floor = statistics.median(times["floor"])
    print(f"{label:8}{'median':>9}{'min':>9}{'ratio':>8}   ({rounds} rounds)")
    for name, ts in times.items():
        med = statistics.median(ts)
        print(f"{name:8}{med * 1000:7.0f}ms{min(ts) * 1000:7.0f}ms{med / floor:7.2f}x")
    used = statistics.median(times["floor+"])
    print(f"run / floor+ (a model and a table used): {statistics.median(times['run']) / used:.2f}x")


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = ("--rounds", "1", "--no-warm")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument(
        "--no-warm", action="store_true", help="no first run of each command to warm the disk cache"
    )
    args = ap.parse_args()
    env = dict(os.environ)
    ns = nightsim_cmd()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        log = d / "night.jsonl"
        subprocess.run(
            [*ns, "run", "--seed", "9", "--log", str(log)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
            env=env,
        )
        cases: dict[str, list[str]] = {
            "floor": [sys.executable, "-c", FLOOR],
            "floor+": [sys.executable, "-c", FLOOR_USED],
            "run": [*ns, "run", "--seed", "9", "--no-log"],
            "check": [*ns, "check"],
            "replay": [*ns, "replay", str(log)],
            "verify": [*ns, "verify", str(log)],
            "schema": [*ns, "schema"],
            "init": [*ns, "init", "-"],
        }
        wall: dict[str, list[float]] = {name: [] for name in cases}
        cpu: dict[str, list[float]] = {name: [] for name in cases}
        for cmd in () if args.no_warm else cases.values():  # warm the disk cache
            timed(cmd, d / "out.txt", env)
        for _ in range(args.rounds):
            for name, cmd in cases.items():
                w, c = timed(cmd, d / "out.txt", env)
                wall[name].append(w)
                cpu[name].append(c)
    print(f"nightsim: {ns[-1]} ({package_dir()})")
    report("wall", wall, args.rounds)
    report("cpu", cpu, args.rounds)


if __name__ == "__main__":
    main()
