"""How much does ranking rotas cost against one plain `odds` run? A benchmark (not a test).

In-process, one core, the same N nights (seeds "bench/1".."bench/N"):
- plain: `odds.count_many([config], seed, N)`, what `nightsim odds` counts on one job;
- rank: the rotas of `odds.rota_orders` (24 on the default config), their outcomes from
  `variants.paired_units` and counted as `odds` counts them (`Counts.add`), so that both
  sides pay for counting;
- floor: ../shared/bench/bare_simpy_night.py's night, N of them, run as bench/odds_bench.py
  runs it (one `random.Random(1)`, best of the rounds).
Rounds alternate floor / plain / rank so that a busy machine slows all alike; the best round
of each is compared (the least disturbed), and the median of each round's own ratio.
The bar (docs/design-notes.md): rank / plain <= 8.

    python bench/rank_bench.py [--nights N] [--rounds R] [--watchers K] [--floor PATH]
                               [--cli] [--unshared]

`--cli` also times `nightsim odds` and `nightsim odds --rank-rotas` as subprocesses (wall
clock, default jobs). `--unshared` times the rank side with sharing turned off as well.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from benchlib import default_floor  # noqa: E402
from odds_bench import floor_rate, load_floor  # noqa: E402

from nightsim.config import Config, default_config_path, load_config  # noqa: E402
from nightsim.measures import creatures_of  # noqa: E402
from nightsim.stats import variants  # noqa: E402
from nightsim.stats.odds import Counts, count_many, rota_config, rota_orders  # noqa: E402


def plain_s(config: Config, seed: str, nights: int) -> float:
    start = time.perf_counter()
    count_many([config], seed, nights)
    return time.perf_counter() - start


def rank_s(configs: list[Config], seed: str, nights: int, *, shared: bool) -> float:
    start = time.perf_counter()
    counts = [
        Counts.empty([c.name for c in cfg.party], cfg.rules.rest_hours, 1, creatures_of([cfg]))
        for cfg in configs
    ]
    rest_start = configs[0].rest_start
    adds = [c.add for c in counts]
    units = variants.paired_units(configs, seed, 1, nights + 1, share=shared)
    for unit in units:
        for add, (out,) in zip(adds, unit, strict=True):
            add(out, rest_start)
    return time.perf_counter() - start


def cli_s(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "nightsim", "odds", *args],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    return time.perf_counter() - start


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "50",
    "--rounds",
    "1",
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--nights", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--watchers", type=int, default=None, help="rotas of K watchers")
    ap.add_argument("--floor", type=Path, default=default_floor())
    ap.add_argument("--cli", action="store_true", help="time the CLI too (default jobs)")
    ap.add_argument("--unshared", action="store_true", help="time the rank without sharing too")
    args = ap.parse_args()

    floor = load_floor(args.floor)
    config = load_config(default_config_path())
    orders = rota_orders(config, args.watchers)
    configs = [rota_config(config, o, args.watchers) for o in orders]
    n, seed = args.nights, "bench"
    sides = ["floor", "plain", "rank"] + (["unshared"] if args.unshared else [])
    best = dict.fromkeys(sides, float("inf"))
    ratios: list[float] = []
    for r in range(args.rounds):
        took = {
            "floor": n / floor_rate(floor, n),
            "plain": plain_s(config, seed, n),
            "rank": rank_s(configs, seed, n, shared=True),
        }
        if args.unshared:
            took["unshared"] = rank_s(configs, seed, n, shared=False)
        best = {k: min(best[k], took[k]) for k in sides}
        ratios.append(took["rank"] / took["plain"])
        print(
            f"  round {r + 1}: "
            + "   ".join(f"{k} {v:.2f} s" for k, v in took.items())
            + f"   rank/plain {ratios[-1]:.2f}",
            flush=True,
        )
    f, p, k = best["floor"], best["plain"], best["rank"]
    print(f"{n} nights, {len(configs)} rotas, best of {args.rounds} rounds, one core:")
    print(f"  floor (bare SimPy, {n} nights)   {f:7.2f} s")
    print(f"  plain odds ({n} nights)          {p:7.2f} s   {p / f:6.2f}x the floor")
    print(
        f"  rank ({len(configs)} rotas x {n} nights)  {k:7.2f} s   {k / f:6.2f}x the floor"
        f"   rank/plain {k / p:.2f} (bar: 8; median of rounds {statistics.median(ratios):.2f})"
    )
    if args.unshared:
        u = best["unshared"]
        print(
            f"  unshared rank                    {u:7.2f} s   {u / f:6.2f}x the floor"
            f"   rank/plain {u / p:.2f}"
        )
    if args.cli:
        common = ["--nights", str(n), "--seed", seed]
        watchers = ["--watchers", str(args.watchers)] if args.watchers else []
        cp = cli_s(common)
        cr = cli_s([*common, "--rank-rotas", *watchers])
        print(
            f"CLI wall clock, default jobs: odds {cp:.2f} s, --rank-rotas {cr:.2f} s,"
            f" ratio {cr / cp:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
