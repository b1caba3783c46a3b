"""The served app in the real Chromium (docs/serve.md): a referee plays a campaign night
from the console's form while the players' screen, open in a second browser context, follows
it live without a reload.

At a 390 px phone and a 1920 px TV: no console error, no request to anywhere but the
server (every request is routed: one off 127.0.0.1:PORT is recorded and aborted), no
sideways scroll (`scrollWidth <= clientWidth`), nothing of the referee's on the players'
screen (the seed, the hidden rolls' words and codes, the creature table), and axe-core (its
own `axe.min.js`, shipped by the PyPI package axe-playwright-python) run in both pages finds
no serious or critical violation. Chromium is /usr/bin/chromium, launched by path: no
browser is ever downloaded. Screenshots go to tests/artifacts/ (git-ignored).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.helpers.axe import axe_violations
from tests.serve.served import CAMPAIGN, Served, nightsim

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHROMIUM = Path(os.environ.get("NIGHTSIM_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
# What the referee's view tells and the players' never does (docs/table.md, "What the
# players see"): the monster check, the dozing rolls, the creature table, and their codes.
REFEREE_ONLY = re.compile(
    r"wandering monsters \d-in-6|behind the screen|dozing 1d|\(table:|"
    r"wandering_monster|doze_minute|monster_surprise|night_fire|night_no_fire",
    re.I,
)
WAIT_MS = 60_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message + ": CI runs the browser tests")
        pytest.skip(message)
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@dataclass
class Watched:
    """A page of the server and what it did: requests off the server, console errors,
    loads of its main frame."""

    page: Any
    offsite: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    loads: list[str] = field(default_factory=list)

    def clean(self) -> None:
        assert self.offsite == [], "a request off the server"
        assert self.errors == [], "console errors"

    def no_sideways_scroll(self) -> None:
        scroll = self.page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert scroll[0] <= scroll[1], scroll

    def text(self) -> str:
        return str(self.page.evaluate("document.body.innerText"))


def open_page(browser: Any, s: Served, url: str, width: int, **context: Any) -> Watched:
    ctx = browser.new_context(viewport={"width": width, "height": 900}, **context)
    page = ctx.new_page()
    w = Watched(page)

    def route(r: Any) -> None:
        parts = urlsplit(r.request.url)
        if parts.scheme == "http" and parts.netloc == s.host:
            r.continue_()
        else:
            w.offsite.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("console", lambda m: w.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: w.errors.append(str(exc)))
    page.on("framenavigated", lambda f: w.loads.append(f.url) if f == page.main_frame else None)
    page.goto(url, wait_until="load")
    return w


def axe(w: Watched) -> list[str]:
    """axe-core run in the page: its serious and critical violations, one line each."""
    return axe_violations(w.page)


def shot(w: Watched, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    w.page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def secrets_of(folder: Path, n: int) -> list[str]:
    """What night `n` of the campaign holds that the players must not see: its seed and the
    creatures of its tables that did not come."""
    log = nightsim(folder, "campaign", "log", f"{CAMPAIGN}.campaign", str(n))
    assert log.returncode == 0, log.stderr
    lines = [json.loads(line) for line in log.stdout.splitlines()]
    header = lines[0]
    met = {e.get("creature") for e in lines if e.get("type") == "monster.arrived"}
    tables = header["config"]["encounters"]
    creatures = {c["creature"] for table in tables.values() for c in table} - met
    seed = str(header.get("seed", ""))
    return sorted(creatures) + ([seed] if seed and seed != "committed" else [])


WIDTHS = (320, 390, 1920)


def play_form(w: Watched) -> Any:
    """The console's form that plays the campaign's next night, its pace set to brisk, made
    five times as brisk (0.1 s an event, the server takes any pace in its bounds): the night
    is still told as it is played (seconds between its first hour and its morning, checked
    below on every screen), in a fifth of the wait."""
    form = w.page.locator(f"form[action^='/campaigns/{CAMPAIGN}/play']")
    form.locator("select[name=pace] option[value='0.5']").evaluate("o => { o.value = '0.1'; }")
    form.locator("select[name=pace]").select_option("0.1")
    return form.locator("button[type=submit]")


def test_a_referee_plays_and_the_players_follow(browser: Any, served: Served) -> None:
    """One paced night watched at every width at once (a paced night is ~6 s of waiting:
    one night, not one per width): the referee at the narrowest plays it from the form,
    whose button is checked actionable (visible, enabled, not covered) at every width."""
    players = {
        w: open_page(browser, served, f"{served.base}/table?t={served.players}", w) for w in WIDTHS
    }
    referees = {
        w: open_page(browser, served, f"{served.base}/?t={served.referee}", w) for w in WIDTHS
    }
    for w in players.values():
        assert len(w.loads) == 1, w.loads
    for width in WIDTHS[1:]:
        play_form(referees[width]).click(trial=True)
    first = referees[WIDTHS[0]]
    with first.page.expect_navigation():
        play_form(first).click()
    first.page.wait_for_url("**/watch?*", timeout=WAIT_MS)  # hx-boost: the URL follows the swap
    for width in WIDTHS[1:]:
        referees[width].page.goto(first.page.url, wait_until="load")
    # Told as it is played: both screens show the first hour while the morning is to come.
    mid_night = (
        "() => { const e = document.getElementById('told'); const t = e ? e.innerText : '';"
        " return /hour 1\\b/.test(t) && !t.includes('Morning after'); }"
    )
    for w in (*referees.values(), *players.values()):
        w.page.wait_for_function(mid_night, timeout=WAIT_MS, polling=100)
    head = ""

    def played() -> bool:
        nonlocal head
        shown = served.client().get(f"/api/campaigns/{CAMPAIGN}").json()
        head = shown.get("head") or ""
        return int(shown["nights_played"]) == 1

    from tests.serve.served import wait_until

    wait_until(played, "the night committed")
    secrets = secrets_of(served.root, 1)
    for width in WIDTHS:
        seen = players[width]
        # The players' screen shows the night's head once it has been told: live, no reload.
        seen.page.wait_for_function(
            "h => document.body.innerText.includes(h)", arg=head[:16], timeout=WAIT_MS
        )
        assert len(seen.loads) == 1, f"the players' screen reloaded: {seen.loads}"
        text, html = seen.text(), seen.page.content()
        assert not REFEREE_ONLY.search(html), REFEREE_ONLY.search(html)
        for secret in secrets:
            assert secret not in html, secret
        for w, name in ((seen, "players"), (referees[width], "referee")):
            w.clean()
            w.no_sideways_scroll()
            assert axe(w) == [], (name, width)
            shot(w, f"serve-{name}-{width}.png")
        assert text.strip()
    for w in (*players.values(), *referees.values()):
        w.page.context.close()


def test_the_players_screen_never_shows_the_seed(browser: Any, served: Served) -> None:
    from tests.serve.served import play

    assert play(served.client(), pace=0).status_code == 201
    players = open_page(browser, served, f"{served.base}/table?t={served.players}", 1920)
    log = nightsim(served.root, "campaign", "log", f"{CAMPAIGN}.campaign", "1")
    seed = str(json.loads(log.stdout.splitlines()[0])["seed"])
    players.page.wait_for_function("() => !document.getElementById('waiting')", timeout=WAIT_MS)
    html = players.page.content()
    assert seed[:8] not in html, f"the seed {seed[:8]}… is on the players' screen"
    players.page.context.close()
