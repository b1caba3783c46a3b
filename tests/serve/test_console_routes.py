"""The referee's console: verify, whatif, odds jobs, a campaign between nights, and the
rules every console route keeps (the players' token 403, a form without CSRF 403)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from nightsim.log.writer import canonical_json
from tests.helpers.logs import rehash
from tests.serve.console_helpers import PLAYERS, Console, make_folder


@pytest.fixture
def console(tmp_path: Path) -> Console:
    return Console(make_folder(tmp_path))


def _said(html: str) -> list[str]:
    return re.findall(r'role="(?:status|alert)"[^>]*>\s*(?:<p><strong>)?(.*?)<', html)


def _upload(path: Path, name: str = "night.jsonl") -> dict[str, tuple[str, bytes]]:
    return {"log": (name, path.read_bytes())}


def _forged(root: Path) -> Path:
    """The night's log with a full rest given and every hash recomputed (a careful forger)."""
    lines = (root / "night.jsonl").read_text("utf-8").splitlines(keepends=True)
    k = next(
        i for i, s in enumerate(lines) if '"type":"rest.checked"' in s and '"full_rest":false' in s
    )
    data = json.loads(lines[k])
    data["full_rest"] = True
    lines[k] = canonical_json(data) + "\n"
    forged = root / "forged.jsonl"
    forged.write_text("".join(rehash(lines)), "utf-8")
    return forged


# --- verify ----------------------------------------------------------------------------------


def test_verify_a_genuine_upload(console: Console) -> None:
    head = json.loads((console.root / "night.jsonl").read_text().splitlines()[-1])["hash"]
    r = console.post("/verify", {"head": head[:12]}, files=_upload(console.root / "night.jsonl"))
    assert r.status_code == 200
    assert "Verified: this log is the night it claims to be." in r.text
    assert f"the log ends at the expected head {head[:12]}" in r.text


def test_verify_a_forged_log_is_not_genuine(console: Console) -> None:
    r = console.post("/verify", files=_upload(_forged(console.root), "forged.jsonl"))
    assert r.status_code == 200
    assert "NOT GENUINE" in r.text
    assert "the log says" in r.text and "but the dice say" in r.text
    r = console.post("/verify?lang=uk", files=_upload(_forged(console.root), "forged.jsonl"))
    assert "НЕСПРАВЖНІЙ" in r.text and "журнал каже" in r.text


def test_verify_says_what_the_command_says(console: Console) -> None:
    import html as html_
    import io
    from contextlib import redirect_stdout

    from nightsim.cli import main

    forged = _forged(console.root)
    wrong_head = "0" * 12
    r = console.post("/verify", {"head": wrong_head}, files=_upload(forged, "forged.jsonl"))
    page = [html_.unescape(li) for li in re.findall(r"<li>(.*?)</li>", r.text, re.S)]
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["verify", str(forged), "--head", wrong_head]) == 1
    told = [line[2:] for line in out.getvalue().splitlines() if line.startswith("- ")]
    assert len(told) >= 2 and page[: len(told)] == told


def test_verify_against_a_published_value(console: Console) -> None:
    r = console.post(
        "/verify", {"commitment": "0" * 64}, files=_upload(console.root / "night.jsonl")
    )
    assert r.status_code == 200 and "NOT GENUINE" in r.text
    assert "not to the published" in r.text


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ({"commitment": "abc"}, "commitment: expected the 64 hex digits"),
        ({"config_sha256": "xyz" * 30}, "config_sha256: expected the 64 hex digits"),
        ({"head": "12"}, "head: expected at least 12"),
        ({}, "give a log file or a campaign"),
    ],
)
def test_verify_bad_input_is_400_with_one_line(
    console: Console, data: dict[str, str], why: str
) -> None:
    files = _upload(console.root / "night.jsonl") if data else None
    r = console.post("/verify", data, files=files)
    assert r.status_code == 400
    assert any(why in line for line in _said(r.text)), _said(r.text)


def test_verify_not_a_log_is_400(console: Console) -> None:
    r = console.post("/verify", files={"log": ("x.jsonl", b"hello\n")})
    assert r.status_code == 400
    assert "x.jsonl" in " ".join(_said(r.text))


def test_verify_a_campaign_night(console: Console) -> None:
    from nightsim import Campaign, load_config

    with Campaign.new(console.root / "wood.campaign", load_config(console.root / "wood.toml")) as c:
        night = c.play()
    r = console.post("/verify", {"campaign": "wood", "night": "1", "head": night.head})
    assert r.status_code == 200, r.text
    assert "Verified" in r.text
    r = console.post("/verify", {"campaign": "wood", "night": "2"})
    assert r.status_code == 400 and "1 to 1" in r.text
    r = console.post("/verify", {"campaign": "../wood", "night": "1"})
    assert r.status_code == 400


# --- whatif ----------------------------------------------------------------------------------


def test_whatif_gives_the_whatif_page(console: Console) -> None:
    r = console.post(
        "/whatif", {"sets": "camp.season=winter\n"}, files=_upload(console.root / "night.jsonl")
    )
    assert r.status_code == 200
    assert "<!DOCTYPE html>" in r.text and "camp.season=winter" in r.text
    # The page's own policy: its inline style and its script by hash, no request at all.
    assert r.headers["content-security-policy"].startswith("default-src 'none'")


@pytest.mark.parametrize(
    ("sets", "why"),
    [
        ("", "give the change"),
        ("party.Nobody.hp=3", "Nobody"),
        ("rules.rest_hours=99", "rest_hours"),
    ],
)
def test_whatif_bad_input_is_400(console: Console, sets: str, why: str) -> None:
    r = console.post("/whatif", {"sets": sets}, files=_upload(console.root / "night.jsonl"))
    assert r.status_code == 400
    assert why in " ".join(_said(r.text))


def test_whatif_refuses_a_forged_log(console: Console) -> None:
    r = console.post(
        "/whatif", {"sets": "camp.season=winter"}, files=_upload(_forged(console.root))
    )
    assert r.status_code == 400 and "but the dice say" in r.text


# --- odds ------------------------------------------------------------------------------------


def _job(console: Console, data: dict[str, str]) -> str:
    r = console.post("/odds", data, follow_redirects=False)
    assert r.status_code == 303, r.text
    location: str = r.headers["location"]
    return location


# A deadline, not a count of polls: a loaded machine runs a job slower, not differently.
JOB_SECONDS = 180.0


def _bars_until_done(console: Console, job: str, pause: float) -> list[str]:
    """The job's progress bar, polled until it links the report; every bar seen."""
    deadline = time.monotonic() + JOB_SECONDS
    bars = [console.get(f"{job}?part=bar").text]
    while "/report" not in bars[-1]:
        assert time.monotonic() < deadline, f"the job never finished: {bars[-1]}"
        time.sleep(pause)
        bars.append(console.get(f"{job}?part=bar").text)
    return bars


@pytest.mark.slow
def test_an_odds_job_runs_to_its_report_with_progress(console: Console) -> None:
    job = _job(console, {"camp": "wood.toml", "kind": "odds", "nights": "20000", "seed": "7"})
    bars = _bars_until_done(console, job, pause=0.05)
    seen = [int(re.search(r'<progress max="100" value="(\d+)"', b).group(1)) for b in bars]  # type: ignore[union-attr]
    assert all('hx-trigger="every 1s"' in b for b in bars[:-1])  # polled while it runs
    assert seen[-1] == 100 and seen == sorted(seen)
    assert any(0 < p < 100 for p in seen), seen  # progress observed on the way
    page = console.get(job).text
    assert "<noscript>" not in page  # done: the page no longer refreshes itself
    report = console.get(f"{job}/report")
    assert report.status_code == 200 and "20,000" in report.text


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["compare", "sweep", "grid", "rank"])
def test_every_kind_of_job_gives_its_report(console: Console, kind: str) -> None:
    data = {
        "camp": "wood.toml",
        "kind": kind,
        "nights": "50",
        "seed": "3",
        "sets": "camp.season=winter",
        "sweep": "rules.rest_hours=6,8",
        "grid": "camp.light_fire=true,false",
        "pin": "Wren=1",
        "shifts": "3,2,2,1",
    }
    job = _job(console, data)
    _bars_until_done(console, job, pause=0.02)
    r = console.get(f"{job}/report")
    assert r.status_code == 200 and ("<svg" in r.text or 'class="heat"' in r.text)
    if kind == "grid":
        assert r.text.count('<figure class="heat"') > 10 and "\u25bc" in r.text
    if kind == "rank":  # narrowed as the form asked
        assert "Only the rotas with Wren on watch 1." in r.text
        assert "Every rota keeps watches of 3, 2, 2, 1 hours" in r.text


def test_a_job_is_cancelled(console: Console) -> None:
    job = _job(console, {"camp": "wood.toml", "kind": "odds", "nights": "200000", "seed": "1"})
    running = console.get(job).text
    # Without a script the page refreshes itself while the job runs; with one, htmx polls.
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in running
    assert 'hx-trigger="every 1s"' in running
    r = console.post(f"{job}/cancel", follow_redirects=False)
    assert r.status_code == 303
    deadline = time.monotonic() + JOB_SECONDS
    while "Cancelled." not in console.get(job).text:
        assert time.monotonic() < deadline, "the job was not cancelled"
        time.sleep(0.02)
    # Its process is gone, not left computing.
    (cancelled,) = console.app.state.console_jobs._jobs.values()
    cancelled.process.join(5)
    assert not cancelled.process.is_alive()
    assert cancelled.done < 200_000


@pytest.mark.parametrize(
    ("data", "why", "status"),
    [
        ({"nights": "0"}, "nights: expected 1 to 200000", 400),
        ({"nights": "200001"}, "nights: expected 1 to 200000", 400),
        ({"kind": "compare"}, "compare: give the change", 400),
        ({"kind": "sweep", "sweep": "rules.rest_hours=6,99"}, "rest_hours", 400),
        ({"kind": "grid", "sweep": "rules.rest_hours=6,8"}, "two settings at once: give", 400),
        ({"kind": "rank", "pin": "Zed=1"}, "--pin &#39;Zed&#39;: none of the watchers", 400),
        ({"kind": "rank", "shifts": "5,5,5,5"}, "more than the rest period", 400),
        ({"camp": "../wood.toml"}, "a file name in the folder", 400),
        ({"camp": "none.toml"}, "no such file", 400),
    ],
)
def test_odds_bad_input_starts_no_job(
    console: Console, data: dict[str, str], why: str, status: int
) -> None:
    r = console.post("/odds", {"camp": "wood.toml", "kind": "odds", **data}, follow_redirects=False)
    assert r.status_code == status
    assert why in " ".join(_said(r.text)), _said(r.text)


@pytest.mark.slow
def test_jobs_at_once_are_bounded(console: Console) -> None:
    from nightsim.serve.jobs import MAX_RUNNING

    started = [
        _job(console, {"camp": "wood.toml", "nights": "200000", "seed": str(i)})
        for i in range(MAX_RUNNING)
    ]
    r = console.post("/odds", {"camp": "wood.toml", "nights": "10"}, follow_redirects=False)
    assert r.status_code == 429 and "jobs are running" in r.text
    for job in started:
        console.post(f"{job}/cancel")
    assert console.get("/odds/jobs/0123456789abcdef").status_code == 404
    assert console.get("/odds/jobs/..%2F..").status_code == 404


# --- a campaign between nights -----------------------------------------------------------------


def test_a_new_campaign_and_an_adjustment(console: Console) -> None:
    from nightsim import Campaign

    r = console.post("/campaigns/new", {"camp": "wood.toml", "name": "wood"})
    assert r.status_code == 200 and "Created wood.campaign" in r.text
    assert console.post("/campaigns/new", {"camp": "wood.toml", "name": "wood"}).status_code == 409
    form = {
        "set.0.member": "Wren",
        "set.0.field": "hp",
        "set.0.value": "2",
        "set.1.key": "camp.ingredients",
        "set.1.value": "false",
        "leave": "Moss",
        "join.name": "Bran",
        **{f"join.{k}": "10" for k in ("con", "wis", "cha", "hp", "max_hp", "save_doom")},
        "note": "an arrow; Moss stays at the abbey; Bran joins",
    }
    r = console.post("/campaigns/wood/adjust", form)
    assert r.status_code == 200, _said(r.text)
    assert "Adjustment 1 recorded after night 0" in r.text
    with Campaign.open(console.root / "wood.campaign") as c:
        (adj,) = list(c.adjustments())
        party = {m.name: m.hp for m in c.state.party}
    assert adj.items[0] == "leave Moss" and "party.Wren.hp=2" in adj.items
    assert party == {"Sir Aldric": 7, "Sister Ysolde": 6, "Wren": 2, "Bran": 10}


def test_a_refused_adjustment_records_nothing(console: Console) -> None:
    from nightsim import Campaign

    console.post("/campaigns/new", {"camp": "wood.toml", "name": "wood"})
    r = console.post(
        "/campaigns/wood/adjust?lang=uk",
        {"set.0.member": "Wren", "set.0.field": "hp", "set.0.value": "99"},
    )
    assert r.status_code == 400 and "Відхилено" in r.text and "max_hp" in r.text
    reason = " ".join(_said(r.text))
    assert "більше за max_hp" in reason, reason  # the reason in Ukrainian too
    r = console.post(
        "/campaigns/wood/adjust?lang=uk",
        {"set.0.member": "Wren", "set.0.field": "hp", "set.0.value": "3", "note": "x" * 600},
    )
    assert r.status_code == 400 and "щонайбільше 500" in " ".join(_said(r.text)), _said(r.text)
    assert console.post("/campaigns/wood/adjust", {"note": "x"}).status_code == 400
    with Campaign.open(console.root / "wood.campaign") as c:
        assert list(c.adjustments()) == []
    assert console.get("/campaigns/nothing/adjust").status_code == 404


# --- every console route: the referee's only, and every form with its CSRF token -------------

GETS = ["/camps/new", "/camps/wood/edit", "/verify", "/whatif", "/odds", "/campaigns/new"]
POSTS = ["/camps/form", "/verify", "/whatif", "/odds", "/campaigns/new"]


@pytest.mark.parametrize("path", GETS)
def test_the_players_token_is_refused(console: Console, path: str) -> None:
    assert console.get(path, token=PLAYERS).status_code == 403
    assert console.get(path).status_code == 200


@pytest.mark.parametrize("path", POSTS)
def test_a_post_needs_the_referee_and_the_csrf_token(console: Console, path: str) -> None:
    assert console.post(path, {"camp": "wood.toml"}, csrf=False).status_code == 403
    assert console.post(path, {"camp": "wood.toml"}, token=PLAYERS, csrf=False).status_code == 403
    assert console.post(path, {"camp": "wood.toml"}, token="", csrf=False).status_code == 401


@pytest.mark.parametrize("path", GETS)
def test_every_form_carries_the_csrf_token(console: Console, path: str) -> None:
    page = console.get(path).text
    forms = re.findall(r"<form\b.*?</form>", page, flags=re.S)
    assert forms
    for form in forms:
        if 'method="post"' in form:
            assert 'name="csrf"' in form


def test_an_uploads_name_is_shown_escaped(console: Console) -> None:
    r = console.post("/verify", files={"log": ("../evil\x1b[31m\u202e.jsonl", b"no log\n")})
    assert r.status_code == 400
    line = " ".join(_said(r.text))
    assert "evil\\x1b[31m\\u202e.jsonl" in line and "\x1b" not in r.text and ".." not in line


def test_the_home_page_links_the_console(console: Console) -> None:
    page = console.get("/").text
    for href in ("/camps/wood/edit", "/camps/new", "/verify", "/whatif", "/odds", "/campaigns/new"):
        assert f'href="{href}?lang=en"' in page, href
