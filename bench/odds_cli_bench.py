"""`nightsim odds` from the command line against the bare SimPy floor: a benchmark script.

Side by side in one run, round after round (the median of the rounds is reported):
- nightsim: nights/s of `nightsim odds --nights N --jobs 1 --seed 1 --format json`, the
  whole process (wall clock: start, config, N nights, the report);
- floor: nights/s that ../shared/bench/bare_simpy_night.py prints for N nights, run as a
  script in its own process (a night's skeleton in bare SimPy, no rules).

    python bench/odds_cli_bench.py [--nights N] [--rounds R] [--floor PATH] [--cpu]

`--cpu` divides by each process's CPU time (user + system, the floor's whole process too)
rather than the wall clock: on a machine busy with other work the wall clock of two
processes minutes apart is mostly the other work's.

bench/odds_bench.py times the engine in-process (no start-up) against the same floor.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import default_floor, machine, nightsim_cmd, side_by_side, wall


def floor_rate(path: Path, nights: int) -> float:
    out = subprocess.run(
        [sys.executable, str(path), str(nights)], check=True, capture_output=True, text=True
    ).stdout
    return float(out.split()[0])


def cpu(cmd: list[str]) -> float:
    """Seconds of CPU (user + system) of one run of `cmd`, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "100",
    "--rounds",
    "1",
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--nights", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--floor", type=Path, default=default_floor())
    ap.add_argument("--cpu", action="store_true", help="nights per CPU second, not per wall second")
    args = ap.parse_args()
    if not args.floor.is_file():
        raise SystemExit(f"no floor at {args.floor}: give --floor PATH (bare_simpy_night.py)")
    n = args.nights
    cmd = [*nightsim_cmd(), "odds", "--nights", str(n), "--jobs", "1", "--seed", "1"]
    cmd += ["--format", "json"]
    print(machine())
    print(" ".join(cmd[1:]))
    floor_cmd = [sys.executable, str(args.floor), str(n)]
    side_by_side(
        "odds from the command line" + (", CPU time" if args.cpu else ""),
        args.rounds,
        {
            "floor (bare SimPy)": lambda: (
                n / cpu(floor_cmd) if args.cpu else floor_rate(args.floor, n)
            ),
            "nightsim odds (process)": lambda: n / (cpu(cmd) if args.cpu else wall(cmd)),
        },
        "nights/s",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
