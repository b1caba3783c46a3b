"""Ranking many rotas: is a rota-night as cheap at 120 rotas as at 24? A benchmark script.

A party of five (the default config and a fifth member, Bryn), `--watchers 5`: its 120 rotas
(every order of the five) and the first 24 of them, each ranked as `odds --rank-rotas`
ranks them (`variants.paired_units`, counted with `Counts.add`), on the same N nights,
rounds alternating; µs per rota-night (CPU time of this process), the median of the rounds,
and 120 ÷ 24 (no cliff: about 1).

    python bench/rank_scaling_bench.py [--nights N] [--rounds R]
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
from nightsim.measures import creatures_of  # noqa: E402
from nightsim.stats import variants  # noqa: E402
from nightsim.stats.odds import Counts, rota_config, rota_orders  # noqa: E402

FIFTH = """
[[party]]
name = "Bryn"
con = 12
wis = 11
cha = 10
hp = 6
max_hp = 6
save_doom = 12
bedroll = true
tent = true
pronouns = "he"
"""


def party_of_five(tmp: Path) -> Config:
    path = tmp / "five.toml"
    path.write_text(default_config_path().read_text(encoding="utf-8") + FIFTH, encoding="utf-8")
    return load_config(path)


def us_per_rota_night(configs: list[Config], seed: str, nights: int) -> float:
    start = time.process_time()
    counts = [
        Counts.empty([c.name for c in cfg.party], cfg.rules.rest_hours, 1, creatures_of([cfg]))
        for cfg in configs
    ]
    rest_start = configs[0].rest_start
    adds = [c.add for c in counts]
    for unit in variants.paired_units(configs, seed, 1, nights + 1):
        for add, (out,) in zip(adds, unit, strict=True):
            add(out, rest_start)
    return (time.process_time() - start) / (nights * len(configs)) * 1e6


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "10",
    "--rounds",
    "1",
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--nights", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        config = party_of_five(Path(tmp))
    all_ = [rota_config(config, o, 5) for o in rota_orders(config, 5)]
    few = all_[:24]
    print(machine())
    print(f"a party of five, --watchers 5: {len(all_)} rotas and the first {len(few)}")
    # Each round its own seed: the same work, nothing kept from the round before.
    r = iter(range(10**6))
    med = side_by_side(
        "ranking, µs of CPU per rota-night",
        args.rounds,
        {
            f"{len(few)} rotas": lambda: us_per_rota_night(few, f"scale-{next(r)}", args.nights),
            f"{len(all_)} rotas": lambda: us_per_rota_night(all_, f"scale-{next(r)}", args.nights),
        },
        "µs",
        higher_is_better=False,
    )
    del med
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
