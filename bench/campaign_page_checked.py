"""What `campaign page` pays for re-simulating every night it shows: the page made checked
(the default: `campaign verify` first, in the same read transaction) and `--unchecked`, at
100 and 1,000 nights. A benchmark script (not a test).

    python bench/campaign_page_checked.py                  # 100, 1000
    python bench/campaign_page_checked.py --sizes 100      # quicker

Each size's campaign is built through the API (untimed; 100 nights a transaction), then the
page is made both ways with `campaign_shown.page_text`, as the CLI makes it (wall clock
and CPU time; the CPU time is the figure to compare on a machine busy with other work).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from nightsim.campaign import Campaign
from nightsim.campaign_shown import page_text
from nightsim.config import default_config_path, load_config


def _timed(c: Campaign, checked: bool) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    text = page_text(c, "en", checked=checked)
    return time.perf_counter() - wall, time.process_time() - cpu, len(text.encode())


def one(size: int, folder: Path) -> None:
    path = folder / f"c{size}.campaign"
    with Campaign.new(path, load_config(default_config_path()), name=f"bench {size}") as c:
        left = size
        while left:
            step = min(100, left)
            c.play_nights(step)
            left -= step
        unchecked = _timed(c, checked=False)
        checked = _timed(c, checked=True)
    for name, (wall, cpu, size_bytes) in (("unchecked", unchecked), ("checked", checked)):
        print(
            f"{size:>5} nights  {name:<9}  wall {wall:7.2f} s  cpu {cpu:7.2f} s"
            f"  ({cpu / size * 1000:5.1f} ms a night)  page {size_bytes / 2**20:5.1f} MiB",
            flush=True,
        )


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--sizes",
    "5",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100,1000")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for size in (int(s) for s in args.sizes.split(",")):
            one(size, Path(folder))


if __name__ == "__main__":
    main()
