"""No one in, over real HTTP (docs/serve.md, "Security"; docs/limits.md): a real
`nightsim serve` process on 127.0.0.1, driven with httpx.

Every route the app has (listed from the app itself) answers 401 without a token; the
referee's pages and actions answer 403 to the players' token; a foreign `Host` is refused
(DNS rebinding); a form post without its CSRF token is refused; the cookie a page sets is
`HttpOnly` and `SameSite=Strict`; names that reach outside the folder (`..`, its percent
encoding, absolute paths, NUL, a symlink out, a FIFO, a device) are a 4xx, never a 5xx, and
the server stays up; bodies over the limit are 413.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.routing import BaseRoute, Mount, Route

from nightsim.serve import create_app
from tests.serve.served import CAMPAIGN, Served

# Each test talks to a server process (the module's one): slow, out of the quick loop.
pytestmark = pytest.mark.slow

SAMPLE = {"name": CAMPAIGN, "n": "1", "path": "serve.css"}


def _flat(routes: list[BaseRoute], prefix: str = "") -> Iterator[tuple[str, str]]:
    for r in routes:
        if isinstance(r, Mount):
            yield from _flat(list(r.routes), prefix + r.path)
            if not r.routes:
                yield prefix + r.path + "/{path}", "GET"
        elif isinstance(r, Route):
            for method in sorted(r.methods or {"GET"}):
                if method != "HEAD":
                    yield prefix + r.path, method


def every_route() -> list[tuple[str, str]]:
    """(path, method) of every route of the app, path parameters filled with samples."""
    app = create_app(Path("."))
    out = []
    for path, method in _flat(list(app.routes)):
        filled = re.sub(r"\{(\w+)(:\w+)?\}", lambda m: SAMPLE.get(m[1], CAMPAIGN), path)
        out.append((filled, method))
    return sorted(set(out))


ROUTES = every_route()


def test_there_are_routes_to_check() -> None:
    paths = {p for p, _ in ROUTES}
    assert {"/", "/table", "/events", "/openapi.json"} <= paths, paths
    assert f"/api/campaigns/{CAMPAIGN}/nights" in paths


@pytest.mark.parametrize(("path", "method"), ROUTES)
def test_no_token_is_401(shared: Served, path: str, method: str) -> None:
    c = shared.client(None)
    r = c.request(method, path)
    assert r.status_code == 401, (method, path, r.status_code, r.text[:200])
    wrong = c.request(method, path, headers={"Authorization": f"Bearer {shared.referee}x"})
    assert wrong.status_code == 401, (method, path, wrong.status_code)
    assert c.request(method, path, params={"t": shared.players[:-1]}).status_code == 401


def test_the_players_token_plays_nothing(shared: Served) -> None:
    players = shared.client("players")
    for path in ("/", f"/api/campaigns/{CAMPAIGN}", "/api/campaigns", "/api/camps"):
        assert players.get(path).status_code == 403, path
    assert players.post(f"/api/campaigns/{CAMPAIGN}/nights").status_code == 403
    with players.stream("GET", "/events") as r:
        assert r.status_code == 403, "the players' token grants only the players' view"
    assert players.get("/table").status_code == 200
    with players.stream("GET", "/events", params={"view": "players"}) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:80", "127.0.0.1.evil.example", "[::1]:1"]
)
def test_a_foreign_host_is_refused(shared: Served, host: str) -> None:
    r = shared.client().get("/", headers={"Host": host})
    assert r.status_code in (400, 421), (host, r.status_code)
    assert shared.client().get("/", headers={"Host": shared.host}).status_code == 200


def test_the_cookie_is_httponly_and_strict(shared: Served) -> None:
    c = shared.client(None)
    r = c.get("/", params={"t": shared.referee})
    assert r.status_code == 200
    cookies = r.headers.get_list("set-cookie")
    assert cookies, "opening a page with ?t= sets the cookie"
    for cookie in cookies:
        attrs = {a.strip().split("=")[0].lower(): a for a in cookie.split(";")[1:]}
        assert "httponly" in attrs, cookie
        assert attrs.get("samesite", "").split("=")[-1].strip().lower() == "strict", cookie
    # The cookie alone is enough for the next page (httpx keeps it), and the token in it is
    # not shown in the page's own links to other pages.
    assert c.get("/").status_code == 200


def form_posts() -> list[str]:
    """The routes that take a form: every POST route that is not the JSON API."""
    return [p for p, m in ROUTES if m == "POST" and not p.startswith("/api/")]


def test_a_form_post_without_csrf_is_refused(shared: Served) -> None:
    posts = form_posts()
    assert posts, "the console has forms"
    c = shared.client(None)
    assert c.get("/", params={"t": shared.referee}).status_code == 200  # the cookie
    for path in posts:
        r = c.post(path, data={"pace": "0"})
        assert r.status_code == 403, (path, r.status_code, r.text[:200])
        r = c.post(path, data={"pace": "0", "csrf": "forged"})
        assert r.status_code == 403, (path, r.status_code)
    nights = shared.client().get(f"/api/campaigns/{CAMPAIGN}").json()
    assert not nights.get("nights"), "a refused form played a night"


EVIL_NAMES = [
    "..",
    "%2e%2e",
    "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    "..%2f..%2fetc%2fpasswd",
    "%2fetc%2fpasswd",
    "%252e%252e",
    "wood%00",
    "wood%00.campaign",
    "a%0ab",
    "CON",
    "NUL",
    "." * 300,
    "w" * 5000,
    "outside",
    "fifo",
    "device",
    "loop",
]


def lay_traps(root: Path) -> None:
    """The folder laid with traps: names that lead out, a FIFO, a loop, a device node."""
    outside = root.parent / "outside-secret"
    outside.mkdir(exist_ok=True)
    (outside / "x.campaign").write_bytes((root / f"{CAMPAIGN}.campaign").read_bytes())
    (outside / "x.toml").write_bytes((root / "camp.toml").read_bytes())
    for ext in ("campaign", "toml"):
        (root / f"outside.{ext}").symlink_to(outside / f"x.{ext}")
        os.mkfifo(root / f"fifo.{ext}")
        (root / f"loop.{ext}").symlink_to(root / f"loop.{ext}")
        try:
            os.mknod(root / f"device.{ext}", 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # null
        except PermissionError:
            (root / f"device.{ext}").symlink_to("/dev/zero")


@pytest.fixture(scope="module")
def traps(shared: Served) -> Served:
    lay_traps(shared.root)
    return shared


def named_routes() -> list[tuple[str, str]]:
    app = create_app(Path("."))
    return sorted({(p, m) for p, m in _flat(list(app.routes)) if "{name" in p})


@pytest.mark.parametrize(("template", "method"), named_routes())
def test_names_outside_the_folder_are_refused(traps: Served, template: str, method: str) -> None:
    refused_names(traps, template, method)


def refused_names(traps: Served, template: str, method: str) -> None:
    c = traps.client()
    for name in EVIL_NAMES:
        path = re.sub(r"\{name(:\w+)?\}", name, template)
        path = re.sub(r"\{(\w+)(:\w+)?\}", lambda m: SAMPLE.get(m[1], "1"), path)
        try:
            r = c.request(method, path, timeout=10)
        except httpx.ReadTimeout:
            raise AssertionError(f"{method} {path}: no answer (a FIFO opened?)") from None
        assert 400 <= r.status_code < 500, (method, path, r.status_code, r.text[:200])
        assert "Traceback" not in r.text
        assert "outside-secret" not in r.text
    assert traps.alive()
    assert c.get(f"/api/campaigns/{CAMPAIGN}").status_code == 200, "the server stays up"


@pytest.mark.parametrize("n", ["0", "-1", "2", "99999999999999999999999", "x", "1.0", "%00"])
def test_night_numbers_out_of_range_are_4xx(shared: Served, n: str) -> None:
    r = shared.client().get(f"/api/campaigns/{CAMPAIGN}/nights/{n}/log")
    assert 400 <= r.status_code < 500, (n, r.status_code)


def test_raw_path_tricks_never_reach_a_file(shared: Served) -> None:
    """Paths the client library would tidy up, sent as raw bytes on the socket."""
    import socket

    for raw in (
        "/static/../../../../etc/passwd",
        "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/static//etc/passwd",
        "/static/..%5c..%5cetc%5cpasswd",
        "/api/campaigns/../../etc/passwd",
        "//etc/passwd",
    ):
        with socket.create_connection(("127.0.0.1", shared.port), timeout=10) as s:
            s.sendall(
                f"GET {raw} HTTP/1.1\r\nHost: {shared.host}\r\n"
                f"Authorization: Bearer {shared.referee}\r\nConnection: close\r\n\r\n".encode()
            )
            answer = b""
            while chunk := s.recv(65536):
                answer += chunk
        status = int(answer.split(b" ", 2)[1])
        assert 400 <= status < 500, (raw, answer[:300])
        assert b"root:" not in answer


def test_oversized_bodies_are_413(shared: Served) -> None:
    c = shared.client()
    big = b"{" + b" " * (20 * 1024 * 1024) + b"}"
    posts = [p for p, m in ROUTES if m == "POST"]
    assert posts
    for path in posts:
        r = c.post(path, content=big, headers={"Content-Type": "application/json"})
        assert r.status_code == 413, (path, r.status_code)

        def chunks() -> Iterator[bytes]:  # no Content-Length: the server must count
            for _ in range(40):
                yield b" " * (512 * 1024)

        r = c.post(path, content=chunks(), headers={"Content-Type": "application/json"})
        assert r.status_code == 413, (path, "chunked", r.status_code)
    assert shared.alive()


def test_an_oversized_upload_is_413(shared: Served) -> None:
    uploads = [p for p, m in ROUTES if m == "POST" and "verify" in p]
    if not uploads:
        pytest.skip("no upload route (verify) in this app")
    c = shared.client(None)
    page = c.get("/", params={"t": shared.referee})
    csrf = re.search(r'name="csrf"\s+value="([^"]+)"', page.text)
    for path in uploads:
        files = {"log": ("big.jsonl", b"x" * (30 * 1024 * 1024), "application/x-ndjson")}
        data = {"csrf": csrf[1]} if csrf else {}
        r = c.post(path, files=files, data=data)
        assert r.status_code == 413, (path, r.status_code)
    assert shared.alive()


HIDDEN = ("wandering_monster", "doze", "doze_minute", "monster_surprise", "distance", "creature")


def test_the_players_stream_keeps_the_screen(served: Served) -> None:
    """`/events?view=players` with the players' token: the night without the rolls behind
    the screen (docs/table.md, "What the players see"), and no monster check."""
    import json

    from tests.serve.served import messages, play

    assert play(served.client(), pace=0).status_code == 201
    got = []
    with served.client("players").stream(
        "GET", "/events", params={"view": "players"}, headers={"Last-Event-ID": "0"}, timeout=30
    ) as r:
        assert r.status_code == 200
        for m in messages(r.iter_lines()):
            got.append(json.loads(m.data))
            if m.event and m.event.startswith("nightsim.night.summary"):
                break
    types = {e["type"] for e in got}
    assert "nightsim.monster.checked.v2" not in types, types
    purposes = {
        roll["purpose"] for e in got for roll in e["data"].get("rolls", []) if "purpose" in roll
    }
    assert not purposes & set(HIDDEN), purposes & set(HIDDEN)
    assert len(got) > 10


def _raw_post(s: Served, path: str, declared: int, sent: bytes) -> bytes:
    """A POST that declares `declared` bytes, sends `sent`, then closes its side."""
    import socket

    with socket.create_connection(("127.0.0.1", s.port), timeout=10) as sock:
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: {s.host}\r\nAuthorization: Bearer {s.referee}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {declared}\r\n\r\n".encode()
            + sent
        )
        sock.shutdown(socket.SHUT_WR)
        sock.settimeout(5)
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except TimeoutError:
            pass
    return answer


def test_a_body_cut_short_plays_nothing(served: Served) -> None:
    from tests.serve.served import nights_in, wait_until

    path = f"/api/campaigns/{CAMPAIGN}/nights"
    _raw_post(served, path, 50, b"{}")
    answer = _raw_post(served, path, 10**12, b"{}")
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]  # refused on its declared length
    time.sleep(1.0)
    assert nights_in(served.root) == 0
    assert served.client().post(path, json={}).status_code == 201  # the server plays on
    wait_until(lambda: nights_in(served.root) == 1, "the night")


def test_a_deeply_nested_body_is_400(shared: Served) -> None:
    body = b"[" * 100_000 + b"]" * 100_000
    r = shared.client().post(
        f"/api/campaigns/{CAMPAIGN}/nights",
        content=body,
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 400, r.text[:300]
    assert "Traceback" not in shared.stderr()
