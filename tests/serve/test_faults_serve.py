"""Nothing lost (docs/serve.md, "Nothing lost"): real `nightsim serve` processes, real
signals.

A paced campaign night played through the JSON API is cut by `kill -9` or SIGTERM at
moments drawn from a seeded generator: afterwards `nightsim campaign verify` passes and the
campaign holds the nights it had or one more, whole. A server restarted on the same folder
lets an SSE client resume with `Last-Event-ID`: no message lost, none twice, across the
restart and into the next night. Two referees playing the same campaign at once get one
night (201) and one 409.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.serve.served import (
    CAMPAIGN,
    Message,
    Served,
    messages,
    night_lines,
    nights_in,
    nightsim,
    play,
    start,
    wait_until,
)

pytestmark = pytest.mark.slow

PACE = 0.05  # seconds an hour of the night: a night of ~13 hours told in under a second
END = "nightsim.night.summary"


def verified(folder: Path) -> None:
    v = nightsim(folder, "campaign", "verify", f"{CAMPAIGN}.campaign")
    assert v.returncode == 0, v.stdout[-1000:] + v.stderr[-1000:]


def _post_in_background(s: Served, pace: float) -> threading.Thread:
    def post() -> None:
        # The server is killed under it: what the campaign holds is what is checked.
        with contextlib.suppress(httpx.HTTPError):
            play(s.client(), pace=pace)

    t = threading.Thread(target=post, daemon=True)
    t.start()
    return t


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_a_signal_mid_night_leaves_the_campaign_whole(folder: Path, sig: int) -> None:
    draw = random.Random(f"serve-{sig}")
    before = 0
    for trial in range(3):
        s = start(folder)
        try:
            poster = _post_in_background(s, PACE)
            time.sleep(draw.uniform(0.0, 0.6))
            code = s.stop(sig)
            poster.join(timeout=30)
        finally:
            s.kill()
        expected = {-signal.SIGKILL} if sig == signal.SIGKILL else {0, 143}
        assert code in expected, (trial, code, s.stderr()[-2000:])
        assert "Traceback" not in s.stderr(), s.stderr()[-3000:]
        verified(folder)
        now = nights_in(folder)
        assert now in (before, before + 1), (trial, before, now)
        if now > before:
            assert night_lines(folder, now) > 2, "a whole night, not a stub"
        before = now
        assert not list(folder.glob("*.partial")), "nothing half-written left behind"


def _collect(s: Served, last_id: str | None, until: int, out: list[Message]) -> None:
    """Messages of `/events` appended to `out` until `until` nights have ended (or the
    connection breaks: the server was killed)."""
    headers = {"Accept": "text/event-stream"}
    if last_id is not None:
        headers["Last-Event-ID"] = last_id
    ends = 0
    try:
        with s.client().stream("GET", "/events", headers=headers, timeout=30) as r:
            assert r.status_code == 200
            for m in messages(r.iter_lines()):
                out.append(m)
                ends += (m.event or "").startswith(END)
                if ends >= until:
                    return
    except (httpx.HTTPError, httpx.StreamError):
        return


def _keys(got: list[Message]) -> list[tuple[str, int]]:
    return [(json.loads(m.data)["source"], int(json.loads(m.data)["id"])) for m in got]


def _contiguous(keys: list[tuple[str, int]]) -> dict[str, list[int]]:
    by_night: dict[str, list[int]] = {}
    for source, ident in keys:
        by_night.setdefault(source, []).append(ident)
    for source, ids in by_night.items():
        assert ids == list(range(ids[0], ids[0] + len(ids))), (source, ids)
    return by_night


def test_a_client_resumes_across_a_restart(folder: Path) -> None:
    first = start(folder)
    got: list[Message] = []
    try:
        reader = threading.Thread(target=_collect, args=(first, None, 1, got), daemon=True)
        reader.start()
        time.sleep(0.5)  # the client is connected before the night is played
        created = play(first.client(), pace=0.2)
        assert created.status_code == 201, created.text
        wait_until(lambda: len(got) >= 3, "the first messages of night 1", timeout=30)
        first.stop(signal.SIGKILL)
        reader.join(timeout=30)
    finally:
        first.kill()
    assert got and all(m.id for m in got), got[:3]
    assert not any((m.event or "").startswith(END) for m in got), "killed mid-night"
    second = start(folder)
    rest: list[Message] = []
    try:
        reader = threading.Thread(target=_collect, args=(second, got[-1].id, 2, rest))
        reader.start()
        wait_until(lambda: any((m.event or "").startswith(END) for m in rest), "night 1's end")
        assert play(second.client(), pace=0).status_code == 201
        reader.join(timeout=60)
        assert second.stop() in (0, 143)
    finally:
        second.kill()
    keys = _keys(got + rest)
    assert len(set(keys)) == len(keys), "a message twice"
    ids = [m.id for m in got + rest]
    assert len(set(ids)) == len(ids), "an SSE id twice"
    by_night = _contiguous(keys)
    assert len(by_night) == 2, list(by_night)
    for n, ident in enumerate(by_night.values(), start=1):
        # Every line of the stored log, the header among them or not, and nothing else.
        assert len(ident) in (night_lines(folder, n), night_lines(folder, n) - 1), n
    verified(folder)


def test_two_referees_one_night_and_one_409(served: Served) -> None:
    barrier = threading.Barrier(2)
    codes: list[int] = []

    def referee() -> None:
        c = served.client()
        barrier.wait()
        codes.append(play(c, pace=PACE).status_code)

    tabs = [threading.Thread(target=referee) for _ in range(2)]
    for t in tabs:
        t.start()
    for t in tabs:
        t.join(timeout=60)
    assert sorted(codes) == [201, 409], codes
    assert served.stop() in (0, 143)
    assert nights_in(served.root) == 1
    verified(served.root)


def test_events_after_now_skip_the_history(served: Served) -> None:
    """`?after=now`: only what comes next (docs/serve.md, "The stream for tools")."""
    first = play(served.client()).json()
    got: list[Message] = []
    with served.client().stream("GET", "/events?after=now", timeout=30) as r:
        assert r.status_code == 200
        later = threading.Timer(0.5, lambda: play(served.client()))
        later.start()
        for m in messages(r.iter_lines()):
            got.append(m)
            break
    later.join()
    assert got[0].id == str(first["last_event_id"] + 1)
    assert (got[0].event or "").startswith("nightsim.night.header.")
