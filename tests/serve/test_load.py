"""Load on loopback (docs/serve.md, "Load"): 200 SSE clients follow one campaign night
played through the JSON API while 20 more connect and never read.

Every follower gets every message of the night, in order (the CloudEvent ids of the night
contiguous, the night's summary last); the stalled clients stall no one (all followers done
within the bound); the server's resident memory (VmRSS) after the night and four more
nights, with the stalled clients still connected, is within `RSS_BOUND_KIB` of what it was
with every client connected before the first. Bounded in time: every wait has a deadline.
bench/serve_load.py measures the same scene and prints its figures.
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from tests.serve.served import Served, play
from tests.serve.sse_load import END, Follower, follow, in_order, stalled

pytestmark = pytest.mark.slow

FOLLOWERS = 200
STALLED = 20
DEADLINE = 120.0  # seconds for the whole scene on a busy 2-core machine
RSS_BOUND_KIB = 64 * 1024  # the night's messages for 220 clients are well under 1 MiB each


async def scene(s: Served) -> tuple[list[Follower], int, int]:
    deadline = time.monotonic() + DEADLINE
    connected = [asyncio.Event() for _ in range(FOLLOWERS)]
    tasks = [asyncio.create_task(follow(s.port, s.referee, ev, 1, deadline)) for ev in connected]
    sockets = [stalled(s.port, s.referee) for _ in range(STALLED)]
    try:
        await asyncio.wait_for(asyncio.gather(*(ev.wait() for ev in connected)), DEADLINE / 4)
        await asyncio.sleep(0.5)
        rss_before = s.rss_kib()
        created = await asyncio.to_thread(play, s.client(), pace=0)
        assert created.status_code == 201, created.text
        followers = await asyncio.gather(*tasks)
        for _ in range(4):  # more nights with the stalled clients still there
            more = await asyncio.to_thread(play, s.client(), pace=0)
            assert more.status_code == 201, more.text
        await asyncio.sleep(1.0)
        rss_after = s.rss_kib()
    finally:
        for sock in sockets:
            sock.close()
    return followers, rss_before, rss_after


def test_200_followers_and_20_stalled(served: Served) -> None:
    followers, rss_before, rss_after = asyncio.run(scene(served))
    failed = [(i, f.status, f.error) for i, f in enumerate(followers) if f.error or f.status != 200]
    assert not failed, failed[:5]
    reference = in_order(followers[0])
    assert reference, "no message"
    sources = {source for source, _ in reference}
    assert len(sources) == 1, sources
    ids = [i for _, i in reference]
    assert ids == list(range(ids[0], ids[0] + len(ids))), ids
    assert (followers[0].got[-1].event or "").startswith(END)
    for i, f in enumerate(followers):
        assert in_order(f) == reference, f"follower {i} got another stream"
        assert [m.data for m in f.got] == [m.data for m in followers[0].got]
        assert all(json.loads(m.data)["specversion"] == "1.0" for m in f.got[:1])
    assert served.alive()
    assert rss_after - rss_before < RSS_BOUND_KIB, (rss_before, rss_after)
    assert served.stop() in (0, 143)


def test_a_kept_alive_connection_answers_without_waiting_for_an_ack(served: Served) -> None:
    """Each answer on one kept-alive connection comes whole at once: with Nagle's algorithm on
    the server's sockets, every answer after the first held its body back until the client's
    delayed ACK of its headers, ~40 ms a request on Linux, for a phone's every htmx request."""
    c = served.client()
    took = []
    for _ in range(21):
        start = time.perf_counter()
        assert c.get("/api/campaigns/no-such").status_code == 404
        took.append(time.perf_counter() - start)
    assert sorted(took)[10] < 0.02, [round(t * 1000, 1) for t in took]
