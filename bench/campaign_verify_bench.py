"""`campaign verify` of N nights against `verify` of a journey log of as many nights.

    python bench/campaign_verify_bench.py                      # 1,000 nights, 5 rounds
    python bench/campaign_verify_bench.py --nights 20 --rounds 1 --small 5   # a smoke run

A campaign of N nights (built through the API, 100 nights a transaction) and a journey log of
N nights (`run --nights N`) are made once; then, round by round and alternately, each is
verified by the installed CLI in its own process, and that process's CPU time (user +
system) is taken: the best of the rounds, and the ratio campaign / journey. The floor
(bare_simpy_night.py, N nights; `--floor PATH`, skipped when not there) is timed the same
way in each round, so each figure is quoted with it. Then the peak memory (ru_maxrss) of
`campaign verify` on a campaign of `--small` nights against N nights: flat means nights
stream."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import default_floor, machine, nightsim_cmd

from nightsim.campaign import Campaign
from nightsim.config import default_config_path, load_config


def measured(cmd: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and peak memory (MiB) of one run of `cmd`, which must
    succeed."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def campaign_of(path: Path, nights: int) -> Path:
    with Campaign.new(path, load_config(default_config_path()), name=f"bench {nights}") as c:
        left = nights
        while left:
            step = min(100, left)
            c.play_nights(step)
            left -= step
    return path


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "10",
    "--small",
    "3",
    "--rounds",
    "1",
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nights", type=int, default=1000)
    ap.add_argument("--small", type=int, default=100, help="the smaller campaign's nights")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--floor", type=Path, default=default_floor())
    args = ap.parse_args()
    ns = nightsim_cmd()
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        big = campaign_of(folder / "big.campaign", args.nights)
        small = campaign_of(folder / "small.campaign", args.small)
        log = folder / "journey.jsonl"
        subprocess.run(
            [*ns, "run", "--seed", "3", "--nights", str(args.nights), "--quiet", "--log", str(log)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
        )
        sides = {
            "journey verify": [*ns, "verify", str(log)],
            "campaign verify": [*ns, "campaign", "verify", str(big)],
        }
        if args.floor.is_file():
            sides = {"floor": [sys.executable, str(args.floor), str(args.nights)], **sides}
        else:
            print(f"no floor at {args.floor}: timed without it (give --floor PATH)")
        best = {name: float("inf") for name in sides}
        for r in range(args.rounds):
            got = {name: measured(cmd)[0] for name, cmd in sides.items()}
            best = {name: min(best[name], got[name]) for name in sides}
            print(f"  round {r + 1}: " + "   ".join(f"{n} {v:.3f} s" for n, v in got.items()))
        print(f"CPU seconds, {args.nights} nights, best of {args.rounds} rounds:")
        for name, b in best.items():
            print(f"  {name:16} {b:8.3f} s")
        ratio = best["campaign verify"] / best["journey verify"]
        print(f"campaign verify / journey verify: {ratio:.2f}x (the aim: at most 1.5x)")
        small_rss = measured([*ns, "campaign", "verify", str(small)])[1]
        big_rss = measured([*ns, "campaign", "verify", str(big)])[1]
        print(
            f"peak memory of campaign verify: {args.small} nights {small_rss:.0f} MiB,"
            f" {args.nights} nights {big_rss:.0f} MiB ({big_rss / small_rss:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
