"""How the campaign grows: `show`, the next `night` and `verify` at 10, 100 and 1,000 nights.

    python bench/campaign_bench.py                 # 10, 100, 1000
    python bench/campaign_bench.py --sizes 10,100  # quicker

Each size's campaign is built through the API (100 nights a transaction), then timed:
`show` as the CLI prints it (summary columns only, to /dev/null), the next night played
(one transaction, fsync'd: synchronous=FULL), and `verify` (every night re-simulated).
Peak memory (ru_maxrss) is printed after each verify: flat means nights stream."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

from nightsim.campaign import Campaign
from nightsim.campaign_shown import show_text
from nightsim.config import default_config_path, load_config
from nightsim.narration.catalogue import Catalogue


def _timed(fn: object) -> float:
    start = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - start


def one(size: int, folder: Path) -> None:
    path = folder / f"c{size}.campaign"
    config = load_config(default_config_path())
    built = time.perf_counter()
    with Campaign.new(path, config, name=f"bench {size}") as c:
        left = size
        while left:
            step = min(100, left)
            c.play_nights(step)
            left -= step
    built = time.perf_counter() - built
    with Campaign.open(path) as c:
        with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
            show = _timed(lambda: show_text(c, Catalogue("en"), 80, io.StringIO()))
        night = _timed(c.play)
        verify = _timed(lambda: c.verify())
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    size_mb = path.stat().st_size / 2**20
    print(
        f"{size:>5} nights  file {size_mb:6.1f} MiB  build {built:6.1f} s"
        f"  show {show * 1000:6.1f} ms"
        f"  night #{size + 1} {night * 1000:6.1f} ms  verify {verify:6.2f} s"
        f" ({verify / (size + 1) * 1000:.1f} ms/night)  peak RSS {rss:.0f} MiB",
        flush=True,
    )


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--sizes",
    "5",
)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="10,100,1000")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for size in (int(s) for s in args.sizes.split(",")):
            one(size, Path(folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
