"""`campaign verify` of N nights against `verify` of a journey log of as many nights.

    python bench/campaign_verify_bench.py                      # 1,000 nights, 5 rounds
    python bench/campaign_verify_bench.py --nights 20 --rounds 1 --small 5   # a smoke run

A campaign of N nights (built through the API, 100 nights a transaction) and a journey log of
N nights (`run --nights N`) are made once; then, round by round and alternately, each is
verified by the installed CLI in its own process, and that process's CPU time (user +
system, its worker processes included) and wall time are taken: the best of the rounds, and
the ratios campaign / journey, with one job (`--jobs 1`) and with the machine's cores (the
default: the nights' logs re-simulated ahead, campaign/ahead.py). The floor
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
import time
from pathlib import Path

from benchlib import default_floor, machine, nightsim_cmd

from nightsim.campaign import Campaign
from nightsim.config import default_config_path, load_config


def measured(cmd: list[str]) -> tuple[float, float, float]:
    """CPU seconds (user + system, the worker processes it waited for included), peak
    memory (MiB) and wall seconds of one run of `cmd`, which must succeed."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, wall


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
            "campaign verify": [*ns, "campaign", "verify", str(big), "--jobs", "1"],
            "campaign, cores": [*ns, "campaign", "verify", str(big)],
        }
        if args.floor.is_file():
            sides = {"floor": [sys.executable, str(args.floor), str(args.nights)], **sides}
        else:
            print(f"no floor at {args.floor}: timed without it (give --floor PATH)")
        cpu = {name: float("inf") for name in sides}
        wall = dict(cpu)
        for r in range(args.rounds):
            got = {name: measured(cmd) for name, cmd in sides.items()}
            cpu = {name: min(cpu[name], got[name][0]) for name in sides}
            wall = {name: min(wall[name], got[name][2]) for name in sides}
            print(f"  round {r + 1}: " + "   ".join(f"{n} {v[0]:.3f} s" for n, v in got.items()))
        print(f"{args.nights} nights, best of {args.rounds} rounds: CPU, wall (seconds)")
        for name in sides:
            print(f"  {name:16} {cpu[name]:8.3f} {wall[name]:8.3f}")
        journey = "journey verify"
        for name in ("campaign verify", "campaign, cores"):
            print(
                f"{name} / journey verify: CPU {cpu[name] / cpu[journey]:.2f}x, wall"
                f" {wall[name] / wall[journey]:.2f}x (the aim: at most 1.5x)"
            )
        small_rss = measured([*ns, "campaign", "verify", str(small), "--jobs", "1"])[1]
        big_rss = measured([*ns, "campaign", "verify", str(big), "--jobs", "1"])[1]
        print(
            f"peak memory of campaign verify: {args.small} nights {small_rss:.0f} MiB,"
            f" {args.nights} nights {big_rss:.0f} MiB ({big_rss / small_rss:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
