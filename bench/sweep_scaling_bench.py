"""Sweeping many values: is a value-night as cheap at 30 values as at 3? A benchmark script.

`odds --sweep` runs every value's config on the same nights (`stats.sweep.sweep`, what the
command and the planning API's `sweep` call). Here the default config is swept over
`rules.encounter_minutes` (how long the camp is up after an encounter: every value a night
of the same work), 3 values against 30, each on the same N nights, rounds alternating; µs of
CPU (this process) per value-night, the median of the rounds, and 30 ÷ 3 (no cliff: about
1). The command takes at most 12 values (`MAX_SWEEP_VALUES`, a limit on what a chart shows,
not on the work): 30 goes straight to the function the command calls, past that check.

    python bench/sweep_scaling_bench.py [--nights N] [--rounds R] [--many M]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from benchlib import machine, side_by_side  # noqa: E402

from nightsim.config import Config, default_config_path, load_config  # noqa: E402
from nightsim.stats import sweep  # noqa: E402

KEY = "rules.encounter_minutes"


def us_per_value_night(config: Config, values: list[str], seed: str, nights: int) -> float:
    start = time.process_time()
    report = sweep.sweep(config, KEY, values, seed, nights)
    assert report["nights"] == nights
    return (time.process_time() - start) / (nights * len(values)) * 1e6


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "10",
    "--rounds",
    "1",
    "--few",
    "2",
    "--many",
    "3",
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--nights", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--few", type=int, default=3)
    ap.add_argument("--many", type=int, default=30)
    args = ap.parse_args()
    config = load_config(default_config_path())
    few = [str(30 + i) for i in range(args.few)]
    many = [str(30 + i) for i in range(args.many)]
    print(machine())
    print(f"the default config, --sweep {KEY}: {len(few)} values and {len(many)}")
    # Each round its own seed: the same work, nothing kept from the round before.
    r = iter(range(10**6))
    side_by_side(
        "sweep, µs of CPU per value-night",
        args.rounds,
        {
            f"{len(few)} values": lambda: us_per_value_night(
                config, few, f"sweep-{next(r)}", args.nights
            ),
            f"{len(many)} values": lambda: us_per_value_night(
                config, many, f"sweep-{next(r)}", args.nights
            ),
        },
        "µs",
        higher_is_better=False,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
