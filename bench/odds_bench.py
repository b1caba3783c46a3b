"""How fast is `nightsim odds`? A benchmark script (not a timed test).

1. One core, side by side in this run: the bare SimPy floor (shared/bench/bare_simpy_night.py,
   a night's skeleton with no rules) and nightsim's engine as `odds` runs it (the same
   NightSim as `run`, record=False, counted). Rounds alternate floor / nightsim so that a
   busy machine slows both alike; the best round of each is compared (the least disturbed).
2. Two jobs against one: wall-clock of `odds` over the same nights.
3. Peak memory (max RSS of a fresh process) for 20,000 and 200,000 nights on one job.

    python bench/odds_bench.py [--nights N] [--rounds R] [--floor PATH] [--skip-memory]

The floor defaults to shared/bench/bare_simpy_night.py beside the repository root (or beside
an ancestor: a git worktree may sit deeper than the main checkout).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from benchlib import default_floor  # noqa: E402

from nightsim.config import default_config_path, load_config  # noqa: E402
from nightsim.stats.odds import _count, odds  # noqa: E402


def load_floor(path: Path) -> Any:
    if not path.is_file():
        raise SystemExit(f"no floor at {path}: give --floor PATH (bare_simpy_night.py)")
    spec = importlib.util.spec_from_file_location("bare_simpy_night", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the floor from {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def floor_rate(mod: Any, nights: int) -> float:
    import random

    rng = random.Random(1)
    night = mod.night
    start = time.perf_counter()
    for _ in range(nights):
        night(rng)
    return nights / (time.perf_counter() - start)


def ours_rate(nights: int, round_: int) -> float:
    config = load_config(default_config_path())
    start = time.perf_counter()
    # Each round its own seed: the same work, not the same cached anything.
    _count(config, f"bench-{round_}", 1, nights + 1, 1)
    return nights / (time.perf_counter() - start)


def jobs_wall(nights: int, jobs: int) -> float:
    config = load_config(default_config_path())
    start = time.perf_counter()
    odds(config, "bench-jobs", nights, jobs=jobs)
    return time.perf_counter() - start


_MEMORY_CHILD = """
import resource, sys
sys.path.insert(0, {root!r})
from nightsim.config import default_config_path, load_config
from nightsim.stats.odds import odds
odds(load_config(default_config_path()), "bench-memory", {nights}, jobs=1)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_rss_kib(nights: int) -> int:
    code = _MEMORY_CHILD.format(root=str(ROOT), nights=nights)
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    return int(out.split()[-1])


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "100",
    "--rounds",
    "1",
    "--jobs-nights",
    "200",
    "--skip-memory",
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--nights", type=int, default=20_000, help="nights per round (one core)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs-nights", type=int, default=60_000)
    ap.add_argument("--floor", type=Path, default=default_floor())
    ap.add_argument("--skip-memory", action="store_true")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = ap.parse_args()

    floor = load_floor(args.floor)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()}")
    floor_rates, our_rates = [], []
    for r in range(args.rounds):
        floor_rates.append(floor_rate(floor, args.nights))
        our_rates.append(ours_rate(args.nights, r))
        print(
            f"  round {r + 1}: floor {floor_rates[-1]:8.0f} nights/s"
            f"   nightsim {our_rates[-1]:8.0f} nights/s"
            f"   ratio {our_rates[-1] / floor_rates[-1]:.3f}",
            flush=True,
        )
    best_floor, best_ours = max(floor_rates), max(our_rates)
    figures: dict[str, Any] = {
        "floor_nights_per_s": round(best_floor),
        "nightsim_nights_per_s": round(best_ours),
        "ratio_best": round(best_ours / best_floor, 3),
        "ratio_median": round(statistics.median(our_rates) / statistics.median(floor_rates), 3),
    }
    print(
        f"one core (best of {args.rounds}): floor {best_floor:.0f} nights/s,"
        f" nightsim {best_ours:.0f} nights/s, ratio {best_ours / best_floor:.3f}"
        f" (median ratio {figures['ratio_median']:.3f}; target >= 0.35)",
        flush=True,
    )

    one = jobs_wall(args.jobs_nights, 1)
    two = jobs_wall(args.jobs_nights, 2)
    figures |= {"jobs1_s": round(one, 2), "jobs2_s": round(two, 2), "speedup": round(one / two, 2)}
    print(
        f"{args.jobs_nights} nights: 1 job {one:.2f} s, 2 jobs {two:.2f} s,"
        f" speedup {one / two:.2f}x (target >= 1.7x)",
        flush=True,
    )

    if not args.skip_memory:
        small, big = peak_rss_kib(20_000), peak_rss_kib(200_000)
        figures |= {"rss_20k_kib": small, "rss_200k_kib": big, "rss_growth": round(big / small, 3)}
        print(
            f"peak RSS: 20,000 nights {small / 1024:.1f} MiB, 200,000 nights {big / 1024:.1f} MiB"
            f" ({(big / small - 1) * 100:+.1f}%, target within 10%)"
        )
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
