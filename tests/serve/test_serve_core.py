"""nightsim serve in-process (Starlette's TestClient): who may ask what, the stream's bytes
and cursors, playing a campaign night, the players' view. The process-level tests (a real
uvicorn, signals, load, the browser) are beside this file."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from nightsim.cli import main
from nightsim.config import default_config_path
from nightsim.log.cloudevents import cloudevents_out
from nightsim.serve import create_app

REFEREE, PLAYERS = "referee-token-core", "players-token-core"
HOST = "testserver"


def _folder(tmp_path: Path) -> Path:
    """A campaign made as a referee makes one (`nightsim campaign new`), in this process: a
    process of its own would add nothing the server's tests look at."""
    shutil.copy(default_config_path(), tmp_path / "wood.toml")
    argv = ["campaign", "new", str(tmp_path / "wood.campaign"), str(tmp_path / "wood.toml")]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main([*argv, "--name", "The Wood"]) == 0
    return tmp_path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return _folder(tmp_path)


def client(folder: Path, token: str | None = REFEREE) -> TestClient:
    app = create_app(
        folder, referee_token=REFEREE, players_token=PLAYERS, allowed_hosts=frozenset({HOST})
    )
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return TestClient(app, headers=headers)


def sse(text: str) -> Iterator[dict[str, str]]:
    for chunk in text.split("\n\n"):
        fields: dict[str, str] = {}
        for line in chunk.splitlines():
            if line and not line.startswith(":") and ":" in line:
                k, _, v = line.partition(":")
                fields[k] = v[1:] if v.startswith(" ") else v
        if "data" in fields:
            yield fields


def stream(c: TestClient, url: str, n: int, **headers: str) -> list[dict[str, str]]:
    """The first n messages of an SSE response."""
    got: list[dict[str, str]] = []
    with c.stream("GET", url, headers=headers) as r:
        assert r.status_code == 200
        buf = ""
        for piece in r.iter_text():
            buf += piece
            *whole, buf = buf.split("\n\n")
            got += list(sse("\n\n".join(whole) + "\n\n"))
            if len(got) >= n:
                return got[:n]
    return got


def test_every_route_wants_a_token(folder: Path) -> None:
    c = client(folder, token=None)
    for path in ("/", "/table", "/events", "/api/campaigns", "/api/campaigns/wood", "/watch"):
        r = c.get(path)
        assert r.status_code == 401, path
    assert c.post("/api/campaigns/wood/nights").status_code == 401
    assert c.get("/", params={"t": "not-the-token"}).status_code == 401


def test_a_token_in_the_url_sets_a_strict_cookie(folder: Path) -> None:
    c = client(folder, token=None)
    r = c.get("/", params={"t": REFEREE})
    assert r.status_code == 200
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert c.get("/").status_code == 200  # the cookie now carries it
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["referrer-policy"] == "no-referrer"


def test_the_players_url_in_the_referees_browser_keeps_the_console(folder: Path) -> None:
    """A referee who opens the players' screen in the same browser (for the TV): one cookie
    per role, the referee's wins."""
    c = client(folder, token=None)
    assert c.get("/", params={"t": REFEREE}).status_code == 200
    assert c.get("/table", params={"t": PLAYERS}).status_code == 200
    assert c.get("/").status_code == 200  # still the referee
    players = client(folder, token=None)
    assert players.get("/table", params={"t": PLAYERS}).status_code == 200
    assert players.get("/").status_code == 403  # a players' cookie alone is the players'


def test_the_players_token_gets_only_the_players_view(folder: Path) -> None:
    c = client(folder, token=PLAYERS)
    assert c.get("/table").status_code == 200
    for path in ("/", "/api/campaigns", "/api/campaigns/wood", "/events", "/watch"):
        assert c.get(path).status_code == 403, path
    assert c.post("/api/campaigns/wood/nights", json={}).status_code == 403


def test_a_foreign_host_is_refused(folder: Path) -> None:
    c = client(folder)
    assert c.get("/", headers={"Host": "evil.example:8765"}).status_code == 421


def test_a_form_without_its_csrf_token_is_refused(folder: Path) -> None:
    c = client(folder, token=None)
    c.get("/", params={"t": REFEREE})  # the browser's cookie
    r = c.post("/campaigns/wood/play", data={"pace": "0"})
    assert r.status_code == 403
    page = c.get("/").text
    csrf = page.split('name="csrf" value="', 1)[1].split('"', 1)[0]
    r = c.post("/campaigns/wood/play", data={"pace": "0", "csrf": csrf}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/watch?from=1")
    told = c.get(r.headers["location"]).text
    assert "Night 1" in told


def test_a_body_past_its_limit_is_413(folder: Path) -> None:
    c = client(folder)
    r = c.post("/api/campaigns/wood/nights", content=b"x" * (8 * 1024 * 1024 + 1))
    assert r.status_code == 413


@pytest.mark.parametrize("name", ["..", "../wood", "%2e%2e", "/etc/passwd", "wo%00od", "nope"])
def test_names_outside_the_folder_are_refused(folder: Path, name: str) -> None:
    c = client(folder)
    r = c.get(f"/api/campaigns/{name}")
    assert 400 <= r.status_code < 500
    assert "\n" not in r.json()["error"]


def test_a_symlink_out_of_the_folder_is_refused(
    folder: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    other = _folder(tmp_path_factory.mktemp("other"))
    (folder / "elsewhere.campaign").symlink_to(other / "wood.campaign")
    assert client(folder).get("/api/campaigns/elsewhere").status_code == 400


def test_a_night_by_the_api_is_the_stream_and_the_log(folder: Path) -> None:
    c = client(folder)
    r = c.post("/api/campaigns/wood/nights", json={"pace": 0})
    assert r.status_code == 201
    played = r.json()
    assert played["number"] == 1 and played["first_event_id"] == 1
    log = c.get("/api/campaigns/wood/nights/1/log")
    assert log.status_code == 200
    lines = log.text.splitlines()
    assert json.loads(lines[-1])["hash"] == played["head"]
    expected = list(cloudevents_out(lines, batch=False))
    got = stream(c, "/events", len(expected))
    assert [m["data"] for m in got] == expected
    assert [int(m["id"]) for m in got] == list(range(1, len(expected) + 1))
    assert got[0]["event"] == "nightsim.night.header.v2"
    shown = c.get("/api/campaigns/wood").json()
    assert shown["nights_played"] == 1 and shown["head"] == played["head"]


def test_last_event_id_resumes_across_nights_and_restarts(folder: Path) -> None:
    c = client(folder)
    first = c.post("/api/campaigns/wood/nights", json={}).json()
    whole = stream(c, "/events", first["last_event_id"])
    c2 = client(folder)  # a restarted server on the same folder
    second = c2.post("/api/campaigns/wood/nights", json={}).json()
    assert second["first_event_id"] == first["last_event_id"] + 1
    cut = 7
    rest = stream(c2, "/events", second["last_event_id"] - cut, **{"Last-Event-ID": str(cut)})
    ids = [int(m["id"]) for m in rest]
    assert ids == list(range(cut + 1, second["last_event_id"] + 1))  # no gap, no duplicate
    assert [m["data"] for m in rest[: len(whole) - cut]] == [m["data"] for m in whole[cut:]]


def test_the_players_stream_is_a_view_without_the_seed_or_hidden_rolls(folder: Path) -> None:
    c = client(folder)
    r = c.post("/api/campaigns/wood/nights", json={"sets": ["camp.encounter_chance=6"]})
    assert r.status_code == 201
    log = c.get("/api/campaigns/wood/nights/1/log").text
    seed = json.loads(log.splitlines()[0])["seed"]
    players = client(folder, token=PLAYERS)
    got = stream(players, "/events?view=players", 10)
    for m in got:
        event = json.loads(m["data"])
        assert event["nightsimview"] == "players"
        assert event["data"]["view"] == "players" and "hash" not in event["data"]
        assert "monster.checked" not in m["event"]
    assert all(str(seed) not in m["data"] for m in got)


def test_two_tabs_one_night_one_409(folder: Path) -> None:
    import threading

    results: list[int] = []
    c = client(folder)

    def play() -> None:
        results.append(c.post("/api/campaigns/wood/nights", json={}).status_code)

    threads = [threading.Thread(target=play) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) in ([201, 201], [201, 409])
    nights = c.get("/api/campaigns/wood").json()["nights_played"]
    assert nights == results.count(201)


def test_the_openapi_description_names_every_api_route(folder: Path) -> None:
    c = client(folder)
    described = c.get("/openapi.json").json()["paths"]
    routes = {getattr(r, "path", "") for r in c.app.routes}  # type: ignore[attr-defined]
    api = {p for p in routes if p.startswith("/api/")}
    assert api == set(described)


def test_bad_api_input_is_a_4xx_with_one_line(folder: Path) -> None:
    c = client(folder)
    for body in (b"[", b"[]", b'{"pace": -1}', b'{"pace": "x"}', b'{"sets": "x"}'):
        r = c.post("/api/campaigns/wood/nights", content=body)
        assert r.status_code == 400, body
        assert "\n" not in r.json()["error"]
    r = c.post("/api/campaigns/wood/nights", json={"sets": ["camp.nope=1"]})
    assert r.status_code == 400 and "nope" in r.json()["error"]
    assert c.get("/api/campaigns/wood/nights/99999999999999999999/log").status_code == 400
    assert c.get("/api/campaigns/wood/nights/3/log").status_code == 404


def test_api_refusals_are_told_in_the_asked_language(folder: Path) -> None:
    """Each reason by code: `?lang=uk` gets it in Ukrainian, with only the names it quotes
    (a JSON field, an HTTP header) in Latin letters."""
    import re

    c = client(folder)
    asked = [
        c.post("/api/campaigns/wood/nights?lang=uk", content=b"["),
        c.post("/api/campaigns/wood/nights?lang=uk", content=b"[]"),
        c.post("/api/campaigns/wood/nights?lang=uk", content=b'{"pace": -1}'),
        c.post("/api/campaigns/wood/nights?lang=uk", content=b'{"sets": "x"}'),
        c.get("/api/campaigns/wood/nights/0/log?lang=uk"),
        c.get("/api/campaigns/wood/nights/3/log?lang=uk"),
        c.get("/api/campaigns/nowhere?lang=uk"),
        c.get("/events?after=x&lang=uk"),
        c.post("/api/campaigns/wood/nights?lang=uk", json={"sets": ["camp.fire_chance=6"]}),
    ]
    names = {"pace", "sets", "key", "value", "json", "n", "last", "event", "id", "after", "now"}
    names |= {"camp", "fire", "chance", "conditions", "normal"}  # a refused item, as typed
    for r in asked:
        said = r.json()["error"]
        assert 400 <= r.status_code < 500 and re.search(
            "[\u0430-\u044f\u0456\u0457\u0454\u0491]", said
        ), said
        latin = [w for w in re.findall(r"[A-Za-z]{2,}", said) if w.lower() not in names]
        assert latin in ([], ["nowhere"]), said
    english = c.get("/api/campaigns/wood/nights/3/log").json()["error"]
    assert english == "no night 3 in this campaign" or "no night 3" in english


def test_the_players_screen_tells_the_night_in_both_languages(folder: Path) -> None:
    c = client(folder)
    assert c.post("/api/campaigns/wood/nights", json={}).status_code == 201
    players = client(folder, token=PLAYERS)
    en = players.get("/table").text
    uk = players.get("/table", params={"lang": "uk"}).text
    assert "Night 1" in en and "Ніч 1" in uk
    assert 'src="/static/live.js"' in en


def test_the_campaign_between_nights_as_pages(folder: Path) -> None:
    c = client(folder)
    assert c.post("/api/campaigns/wood/nights", json={}).status_code == 201
    shown = c.get("/campaigns/wood/show")
    assert shown.status_code == 200 and "The Wood" in shown.text
    page = c.get("/campaigns/wood/page")
    assert page.status_code == 200 and "<!DOCTYPE html>" in page.text
    log = c.get("/api/campaigns/wood/nights/1/log").text
    seed = json.loads(log.splitlines()[0])["seed"]
    players = c.get("/campaigns/wood/page", params={"view": "players"})
    assert players.status_code == 200 and seed not in players.text
    assert client(folder, token=PLAYERS).get("/campaigns/wood/show").status_code == 403
    home = c.get("/").text
    for link in ("/campaigns/wood/show", "/campaigns/wood/adjust", "/camps/wood/edit", "/verify"):
        assert link in home


def test_a_forged_campaign_page_is_refused(folder: Path) -> None:
    import sqlite3

    c = client(folder)
    assert c.post("/api/campaigns/wood/nights", json={}).status_code == 201
    conn = sqlite3.connect(folder / "wood.campaign")
    conn.execute("UPDATE nights SET encounter = '\"a dragon\"'")
    conn.commit()
    conn.close()
    r = c.get("/campaigns/wood/page")
    assert r.status_code in (400, 409)
    assert "edited" in r.text  # a refusal naming the forged column, never the page


def _night_events(*sets: str) -> list[Any]:
    """A night's events as `run --format jsonl` prints them (in-process: the process adds
    nothing here)."""
    from nightsim import events as ev
    from nightsim.cli import main

    argv = ["run", "--seed", "7", "--format", "jsonl", "--no-log"]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(argv + [a for s in sets for a in ("--set", s)]) == 0
    out = printed.getvalue()
    return [ev.parse_event(json.loads(line)) for line in out.splitlines()]


@pytest.mark.parametrize("view", ["referee", "players"])
def test_each_part_of_the_night_is_told_with_the_event_that_ends_it(view: str) -> None:
    from nightsim.serve.told import blocks

    events = _night_events("camp.encounter_chance=6")
    told = blocks(events, lang="en", view=view)
    at = [i for i, _ in told]
    assert at == sorted(at)
    kinds = {text.partition("\n")[0]: events[i].type for i, text in told}
    assert kinds["Evening"] == "rest.began"
    hours = [(i, text) for i, text in told if re.match(r"\d\d:\d\d\u2013\d\d:\d\d hour \d", text)]
    strikes = [i for i, e in enumerate(events) if e.type == "hour.passed"]
    assert [i for i, _ in hours] == strikes  # hour n with the n-th strike: told live
    encounter = next(i for i, text in told if "Encounter at" in text)
    arrived = next(i for i, e in enumerate(events) if e.type == "monster.arrived")
    assert events[encounter].type == "hour.passed" and encounter > arrived
    assert not any(events[i].type == "hour.passed" for i in range(arrived + 1, encounter))
    morning = next(i for i, text in told if text.startswith("Morning after"))
    assert events[morning].type == "night.summary"


def test_a_screen_drawn_mid_night_shows_only_what_was_released(tmp_path: Path) -> None:
    import asyncio

    from nightsim.serve.hub import EventHub
    from nightsim.serve.views import Message

    hub = EventHub(tmp_path)
    night = [Message("nightsim.night.header.v2", "{}", None)] + [
        Message("nightsim.hour.passed.v1", "{}", None) for _ in range(5)
    ]
    stored = hub.reserve(night)
    assert hub.night_of(stored[0].id) == [] and hub.last_night_first() == 0
    assert hub.telling(stored[0].id)
    asyncio.run(hub.release(stored[:3]))
    assert hub.night_of(stored[0].id) == stored[:3]
    assert hub.last_night_first() == stored[0].id
    assert hub.telling(stored[0].id)
    asyncio.run(hub.release(stored[3:]))
    assert not hub.telling(stored[0].id)


def test_the_referee_screen_without_script_is_redrawn_while_told(folder: Path) -> None:
    c = client(folder)
    assert c.post("/api/campaigns/wood/nights", json={}).status_code == 201
    told = c.get("/watch", params={"from": "1"}).text
    assert "Morning after" in told and 'http-equiv="refresh"' not in told


def test_every_page_names_an_icon_the_server_has(folder: Path) -> None:
    c = client(folder)
    home = c.get("/")
    icon = re.search(r'<link rel="icon" href="([^"]+)"', home.text)
    assert icon, "no icon: the browser asks /favicon.ico and logs a 404"
    got = c.get(icon.group(1))
    assert got.status_code == 200 and got.headers["content-type"].startswith("image/svg")


def test_a_short_seed_for_a_camp_night_is_refused(folder: Path) -> None:
    c = client(folder)
    csrf = re.search(r'name="csrf" value="([^"]+)"', c.get("/").text)
    assert csrf
    r = c.post("/camps/wood/play", data={"csrf": csrf[1], "seed": "1", "pace": "0"})
    assert r.status_code == 400 and "can be found from its commitment" in r.text
    long_seed = {"csrf": csrf[1], "seed": "the mill at moonrise", "pace": "0"}
    assert c.post("/camps/wood/play", data=long_seed, follow_redirects=False).status_code == 303
