"""`nightsim serve` under load on loopback: N SSE clients follow one campaign night.

A real server process on a fresh folder (a camp and a campaign), N followers connected to
`/events` (asyncio and raw sockets on 127.0.0.1, tests/serve/sse_load.py) and S clients that
connect and never read; then one night played at once through `POST
/api/campaigns/wood/nights`. Prints, across the followers, the p50/p95/max of the time from
"night committed" to the last message of the night received, "night committed" taken two
ways: the API's 201 response arriving at the script, and the first message of the night
arriving at any client; and the server's VmRSS with every client connected before the night,
and after it and `--more` further nights (the stalled clients still there).
A figure from the 201 below 0 means the 201 reached the script after the last message
reached every client: the server tells the night before it answers the request.

    python bench/serve_load.py [--clients 200] [--stalled 20] [--more 4] [--rounds 3]

Bounded: every wait has a deadline (`--deadline`, seconds), and the server is stopped at
the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchlib import machine  # noqa: E402

from tests.serve.served import Served, play, seeded, start  # noqa: E402
from tests.serve.sse_load import follow, percentile, stalled  # noqa: E402


def timed_play(s: Served) -> tuple[Any, float]:
    """The night played at once, and when its 201 arrived (time.monotonic())."""
    created = play(s.client(), pace=0)
    return created, time.monotonic()


async def one_round(
    s: Served, clients: int, stuck: int, more: int, deadline: float
) -> dict[str, float]:
    until = time.monotonic() + deadline
    connected = [asyncio.Event() for _ in range(clients)]
    tasks = [asyncio.create_task(follow(s.port, s.referee, ev, 1, until)) for ev in connected]
    sockets = [stalled(s.port, s.referee) for _ in range(stuck)]
    try:
        await asyncio.wait_for(asyncio.gather(*(ev.wait() for ev in connected)), deadline / 4)
        await asyncio.sleep(0.5)
        rss_before = s.rss_kib()
        # The 201's arrival is timed in the thread that gets it: the event loop, busy with
        # the followers, would see it late.
        created, committed = await asyncio.to_thread(timed_play, s)
        if created.status_code != 201:
            raise SystemExit(f"the night was not played: {created.status_code} {created.text}")
        followers = await asyncio.gather(*tasks)
        for _ in range(more):
            await asyncio.to_thread(play, s.client(), pace=0)
        await asyncio.sleep(1.0)
        rss_after = s.rss_kib()
    finally:
        for sock in sockets:
            sock.close()
    bad = [f for f in followers if f.error or not f.at]
    if bad:
        raise SystemExit(f"{len(bad)} clients failed: {bad[0].error or 'no message'}")
    first = min(f.at[0] for f in followers)
    from_201 = [f.at[-1] - committed for f in followers]
    from_first = [f.at[-1] - first for f in followers]
    return {
        "messages": float(len(followers[0].got)),
        "p50_201": percentile(from_201, 50),
        "p95_201": percentile(from_201, 95),
        "max_201": max(from_201),
        "p50_first": percentile(from_first, 50),
        "p95_first": percentile(from_first, 95),
        "max_first": max(from_first),
        "rss_before": rss_before / 1024,
        "rss_after": rss_after / 1024,
    }


# Its small mode: one quick run, so that tests/test_benches_run.py keeps it working.
QUICK = (
    "--clients",
    "4",
    "--stalled",
    "1",
    "--more",
    "1",
    "--rounds",
    "1",
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--stalled", type=int, default=20)
    ap.add_argument("--more", type=int, default=4, help="nights played after the measured one")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--deadline", type=float, default=120.0)
    args = ap.parse_args()
    print(machine())
    print(f"{args.clients} followers, {args.stalled} stalled clients, loopback")
    with tempfile.TemporaryDirectory() as tmp:
        folder = seeded(Path(tmp) / "table")
        for r in range(args.rounds):
            s = start(folder, logs=Path(tmp))
            try:
                got = asyncio.run(
                    one_round(s, args.clients, args.stalled, args.more, args.deadline)
                )
            finally:
                s.kill()
            print(
                f"round {r + 1}: {got['messages']:.0f} messages a client; "
                f"from the 201: p50 {got['p50_201'] * 1000:.0f} ms, "
                f"p95 {got['p95_201'] * 1000:.0f} ms, max {got['max_201'] * 1000:.0f} ms; "
                f"from the first message: p50 {got['p50_first'] * 1000:.0f} ms, "
                f"p95 {got['p95_first'] * 1000:.0f} ms; "
                f"VmRSS {got['rss_before']:.1f} MiB before, {got['rss_after']:.1f} MiB after "
                f"{1 + args.more} nights"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
