"""What the events' own `model_construct` (nightsim/_construct.py) buys the log writer: a
benchmark script (not a timed test).

The writer's process, `nightsim run --seed 3 --nights 1000 --format jsonl --no-log --quiet`
(≈39,000 lines), in alternating pairs: as shipped, and with every model left to pydantic's
own `model_construct` (`_construct._constructor` made to return None, what the guards fall
back to). Each process's CPU time (user + system, from `wait4`), the median of the rounds
and their ratio. The same bytes either way (checked on the first pair).

    python bench/construct_bench.py [--nights N] [--rounds R]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import byte_compiled, machine

RUN = "import sys; from nightsim.cli import main; sys.exit(main({argv!r}))"
PYDANTICS = (
    "import sys, nightsim._construct as c; c._constructor = lambda cls, generic: None; "
    "from nightsim.cli import main; sys.exit(main({argv!r}))"
)


def cpu(code: str) -> tuple[float, bytes]:
    """The CPU seconds of one process running `code`, and its output."""
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    out = proc.stdout.read() if proc.stdout is not None else b""
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        raise SystemExit(f"construct_bench: the process failed ({status})")
    return usage.ru_utime + usage.ru_stime, out


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "5",
    "--rounds",
    "1",
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--nights", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args()
    byte_compiled()
    print(machine())
    argv = ["run", "--seed", "3", "--nights", str(args.nights)]
    argv += ["--format", "jsonl", "--no-log", "--quiet"]
    ours, theirs = [], []
    for r in range(args.rounds):
        (a, out_a), (b, out_b) = cpu(RUN.format(argv=argv)), cpu(PYDANTICS.format(argv=argv))
        if r == 0 and out_a != out_b:
            raise SystemExit("construct_bench: the two builds wrote different logs")
        ours.append(a)
        theirs.append(b)
        print(f"  round {r + 1}: own {a:.3f} s   pydantic's {b:.3f} s   ratio {b / a:.3f}")
    mine, pyd = statistics.median(ours), statistics.median(theirs)
    print(f"writer process CPU, median of {args.rounds} rounds (lower is better)")
    print(f"  own model_construct       {mine:.3f} s")
    print(f"  pydantic's model_construct {pyd:.3f} s   ratio {pyd / mine:.3f}")
    print(f"  the own constructor saves {100 * (pyd - mine) / pyd:.1f}% of the process's CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
