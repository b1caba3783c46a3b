"""The log writer and reader against their floor: a benchmark script (not a timed test).

The journey: `nightsim run --seed 3 --nights 1000 --format jsonl --no-log --quiet` (≈39,000
lines). Side by side in one run, round after round (the median of the rounds is reported):

- writer: lines/s of that command, the whole process (wall clock), against lines/s of the
  floor over the same lines, in this process: `json.dumps(line without hash,
  sort_keys=True, separators=(",", ":"), ensure_ascii=False)` and the SHA-256 chain
  (previous hash + that text);
- reader: lines/s of `nightsim.iter_log` over the journey's lines (bytes, as a file opened
  in binary yields them) against lines/s of `json.loads` + SHA-256 over the same lines.

    python bench/log_bench.py [--nights N] [--rounds R] [--only writer|reader]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import machine, nightsim_cmd, side_by_side, wall


def journey_cmd(nights: int) -> list[str]:
    return [*nightsim_cmd(), "run", "--seed", "3", "--nights", str(nights)]


def write_floor(bodies: list[dict[str, Any]]) -> float:
    """lines/s: the canonical-enough text and the chain, nothing else."""
    dumps, sha = json.dumps, hashlib.sha256
    start = time.perf_counter()
    prev = "0" * 64
    for body in bodies:
        text = dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        prev = sha((prev + text).encode()).hexdigest()
    return len(bodies) / (time.perf_counter() - start)


def read_floor(lines: list[bytes]) -> float:
    loads, sha = json.loads, hashlib.sha256
    start = time.perf_counter()
    prev = "0" * 64
    for raw in lines:
        loads(raw)
        prev = sha(prev.encode() + raw).hexdigest()
    return len(lines) / (time.perf_counter() - start)


def read_ours(lines: list[bytes]) -> float:
    from nightsim import iter_log

    start = time.perf_counter()
    for _ in iter_log(lines):
        pass
    return len(lines) / (time.perf_counter() - start)


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--nights",
    "5",
    "--rounds",
    "1",
)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--nights", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", choices=("writer", "reader"))
    args = ap.parse_args()
    print(machine())
    cmd = [*journey_cmd(args.nights), "--format", "jsonl", "--no-log", "--quiet"]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "journey.jsonl"
        wall(cmd, out)  # warm: byte-compiled, disk cache
        lines = out.read_bytes().splitlines(keepends=True)
        n = len(lines)
        bodies = [{k: v for k, v in json.loads(line).items() if k != "hash"} for line in lines]
        print(f"{' '.join(cmd[1:])}: {n} lines")
        if args.only != "reader":
            side_by_side(
                "writer",
                args.rounds,
                {
                    "floor (dumps + sha256)": lambda: write_floor(bodies),
                    "nightsim run (process)": lambda: n / wall(cmd, out),
                },
                "lines/s",
            )
        if args.only != "writer":
            side_by_side(
                "reader",
                args.rounds,
                {
                    "floor (loads + sha256)": lambda: read_floor(lines),
                    "nightsim.iter_log": lambda: read_ours(lines),
                },
                "lines/s",
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
