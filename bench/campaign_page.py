"""How big is the campaign page, and how long does it take? A benchmark script (not a test).

A campaign of N nights is made as the ledger makes one: one `nightsim run` log a night (the
default config, seed "bench/i"), each night begun from the last morning's HP and exhaustion
and the next day of the calendar, an adjustment (Wren's HP) every tenth night. The logs are
made first, untimed; then `campaign_html` is timed (reading and checking every log, the
facts, the views, the template) and the page's size reported, with the nights' sections
full or compact (`COMPACT_NIGHTS`; `--full`: full however many). The CPU time is the
figure to compare on a machine busy with other work; the wall clock is what a referee
waits. Run the sizes one at a time for a fair peak RSS (it is the process's, logs
included).

    python bench/campaign_page.py [--nights 10 100 1000] [--lang en] [--full]
"""

from __future__ import annotations

import argparse
import copy
import json
import resource
import time
from typing import Any

from nightsim import rules
from nightsim.config import config_from_data, default_config_path, load_config
from nightsim.engine.journey import iter_raw
from nightsim.log.writer import iter_log_lines
from nightsim.page import campaign as module
from nightsim.page.campaign import AdjustmentView, campaign_html


def campaign(nights: int) -> tuple[list[list[str]], list[AdjustmentView]]:
    data: dict[str, Any] = copy.deepcopy(load_config(default_config_path()).canonical())
    data["camp"]["day"] = 1
    logs: list[list[str]] = []
    adjustments: list[AdjustmentView] = []
    for night in range(1, nights + 1):
        config = config_from_data(data)
        lines = list(iter_log_lines(iter_raw(config, f"bench/{night}", 1)))
        logs.append(lines)
        morning = {c["name"]: c for c in json.loads(lines[-1])["characters"]}
        for c in data["party"]:
            c["hp"], c["exhaustion"] = morning[c["name"]]["hp"], morning[c["name"]]["exhaustion"]
        camp = data["camp"]
        camp["month"], camp["day"] = rules.next_day(camp["month"], camp["day"])
        if night % 10 == 0 and night < nights:
            wren = next(c for c in data["party"] if c["name"] == "Wren")
            wren["hp"] = 2
            adjustments.append(AdjustmentView(night, ("party.Wren.hp=2",), "a fight"))
    return logs, adjustments


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "5",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nights", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--full", action="store_true", help="no compact sections, however many")
    args = parser.parse_args()
    if args.full:
        module.COMPACT_NIGHTS = 10**9
    print(f"sections compact beyond {module.COMPACT_NIGHTS} nights")
    for n in args.nights:
        logs, adjustments = campaign(n)
        log_bytes = sum(len(line) + 1 for lines in logs for line in lines)
        start, cpu = time.perf_counter(), time.process_time()
        page = campaign_html(f"{n} nights", logs, adjustments, lang=args.lang)
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3  # Linux: kB
        size = len(page.encode("utf-8"))
        print(
            f"{n:5d} nights: page {size / 1e6:7.2f} MB ({size / n / 1e3:5.1f} kB a night),"
            f" logs {log_bytes / 1e6:6.2f} MB, render {took:6.2f} s (CPU {cpu:6.2f} s)"
            f" ({took / n * 1e3:5.1f} ms a night), process peak RSS {peak:6.0f} MB"
        )


if __name__ == "__main__":
    main()
