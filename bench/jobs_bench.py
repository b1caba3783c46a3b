"""`nightsim odds` on 2 jobs against 1: a benchmark script (not a timed test).

The wall clock of `nightsim odds --nights N --seed 1 --format json` with `--jobs 1` and
`--jobs 2`, the whole process, round after round alternating; the median of the rounds and
the speed-up (1 job's time ÷ 2 jobs'). Needs two idle cores to mean anything.

    python bench/jobs_bench.py [--nights N] [--rounds R]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import machine, nightsim_cmd, side_by_side, wall

# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "200",
    "--rounds",
    "1",
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--nights", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    cmd = [*nightsim_cmd(), "odds", "--nights", str(args.nights), "--seed", "1"]
    cmd += ["--format", "json"]
    print(machine())
    med = side_by_side(
        "odds wall clock",
        args.rounds,
        {
            "2 jobs": lambda: wall([*cmd, "--jobs", "2"]),
            "1 job": lambda: wall([*cmd, "--jobs", "1"]),
        },
        "s",
        higher_is_better=False,
    )
    print(f"speed-up (1 job ÷ 2 jobs): {med['1 job'] / med['2 jobs']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
