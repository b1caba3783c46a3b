"""A long campaign: does a night cost as much at 300 nights as at 10? A benchmark script.

Three figures, each as ms of CPU (this process) per night, 10 nights against N (300 by
default: a round of 1,000 takes several minutes on a busy 2-core machine; `--big 1000`
for the issue's figure), rounds alternating, the median of the rounds and N ÷ 10 (no cliff:
about 1):

- `night`: a new campaign of the default config (through the API `campaign night
  --nights N` calls: `Campaign.play_nights`, one transaction), N nights played;
- `verify`: `Campaign.verify()` of that campaign (every night re-simulated, the chain of
  nights and adjustments checked);
- `show`: `campaign show`'s text (`show_text`, the summary columns, no log read).

`verify` and `show` read a campaign built once per size, before the rounds (and verified once,
untimed: the first verify in a process also loads what every later one reuses); `night`
builds a new one each round. The commit's fsync is wall time, not CPU: one per `play_nights`.

    python bench/campaign_scaling_bench.py [--big N] [--rounds R]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from itertools import count
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from benchlib import machine, side_by_side  # noqa: E402

from nightsim.campaign import Campaign  # noqa: E402
from nightsim.campaign_shown import show_text  # noqa: E402
from nightsim.config import Config, default_config_path, load_config  # noqa: E402
from nightsim.narration.catalogue import Catalogue  # noqa: E402

SMALL = 10


def built(path: Path, config: Config, nights: int) -> float:
    """ms of CPU per night to create a campaign at `path` and play `nights` nights."""
    start = time.process_time()
    with Campaign.new(path, config, name=f"bench {nights}") as c:
        c.play_nights(nights)
    return (time.process_time() - start) / nights * 1000


def verified(path: Path, nights: int) -> float:
    start = time.process_time()
    with Campaign.open(path) as c:
        verdict = c.verify()
    assert verdict.ok, verdict
    return (time.process_time() - start) / nights * 1000


def shown(path: Path, nights: int) -> float:
    start = time.process_time()
    with Campaign.open(path) as c, contextlib.redirect_stdout(io.StringIO()):
        show_text(c, Catalogue("en"), 80, io.StringIO())
    return (time.process_time() - start) / nights * 1000


def sides(sizes: tuple[int, int], fn: Callable[[int], float]) -> dict[str, Callable[[], float]]:
    return {f"{n} nights": partial(fn, n) for n in sizes}


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--big",
    "10",
    "--rounds",
    "1",
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--big", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    config = load_config(default_config_path())
    sizes = (SMALL, args.big)
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fresh = count()
        kept = {n: folder / f"kept-{n}.campaign" for n in sizes}
        for n, path in kept.items():
            built(path, config, n)
        verified(kept[SMALL], SMALL)  # the first verify's imports and schemas: not a night's
        side_by_side(
            "campaign night, ms of CPU per night played",
            args.rounds,
            sides(sizes, lambda n: built(folder / f"c{next(fresh)}.campaign", config, n)),
            "ms",
            higher_is_better=False,
        )
        side_by_side(
            "campaign verify, ms of CPU per night",
            args.rounds,
            sides(sizes, lambda n: verified(kept[n], n)),
            "ms",
            higher_is_better=False,
        )
        side_by_side(
            "campaign show, ms of CPU per night",
            args.rounds,
            sides(sizes, lambda n: shown(kept[n], n)),
            "ms",
            higher_is_better=False,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
