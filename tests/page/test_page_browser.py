"""The pages in a real browser (docs/table.md): the system's headless Chromium, driven by
Playwright with `executable_path` (no browser is ever downloaded: `playwright install` is
never run).

Each page is loaded with `set_content` while every request is routed to a handler that
records and aborts it: the page must make none. Checked: no console error, one chart row
per character, the monster mark's label naming the creature and its rolls, no sideways
scrolling at 390 px, the print PDF's page count, a name that is an HTML tag shown as text
with no dialog, the keyboard tooltip, and the page without scripting.

Screenshots are kept in tests/artifacts/ (git-ignored); docs/night.png is made with
`NIGHTSIM_SCREENSHOT=1 python -m pytest tests/page/test_page_browser.py -k screenshot`.
Where /usr/bin/chromium is missing the tests skip, except in CI (CI=true), where they fail.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from nightsim import grid
from nightsim.config import config_from_data, default_config_path, load_config
from nightsim.engine.journey import simulate
from nightsim.log.reader import iter_log
from nightsim.page import night_html, odds_html
from nightsim.page.grid import grid_html
from nightsim.stats.odds import odds
from nightsim.stats.rank import rank_report, rank_rotas
from tests.helpers.axe import axe_violations
from tests.helpers.logs import log_text
from tests.helpers.narration import STORY

# Each over ~0.5 s (a browser page, a PDF, a screenshot): slow too, out of the quick loop.
pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHROMIUM = Path(os.environ.get("NIGHTSIM_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
ROOT = Path(__file__).resolve().parents[2]
EVIL = "<img src=x onerror=alert(1)>"


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
class Loaded:
    page: Any
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)


def load(browser: Any, html: str, width: int = 1000, **context: Any) -> Loaded:
    ctx = browser.new_context(viewport={"width": width, "height": 900}, **context)
    page = ctx.new_page()
    loaded = Loaded(page)

    def refuse(route: Any) -> None:
        loaded.requests.append(route.request.url)
        route.abort()

    page.route("**/*", refuse)
    page.on(
        "console",
        lambda m: loaded.errors.append(m.text) if m.type in ("error", "warning") else None,
    )
    page.on("pageerror", lambda exc: loaded.errors.append(str(exc)))

    def dialog(d: Any) -> None:
        loaded.dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", dialog)
    page.set_content(html, wait_until="load")
    return loaded


def shot(loaded: Loaded, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    loaded.page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def pdf_pages(loaded: Loaded) -> int:
    pdf: bytes = loaded.page.pdf(format="A4", print_background=True)
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def clean(loaded: Loaded) -> None:
    assert loaded.requests == [], "the page made a request"
    assert loaded.errors == [], "console errors"
    assert loaded.dialogs == []


def overflow(browser: Any, html: str) -> int:
    phone = load(browser, html, width=390)
    width: int = phone.page.evaluate("document.documentElement.scrollWidth")
    phone.page.context.close()
    return width


_CONFIG = load_config(default_config_path())


def night(seed: int, nights: int = 1, lang: str = "en", config: Any = None) -> str:
    return night_html(simulate(config or _CONFIG, seed, nights=nights).events, lang)


def test_a_single_night(browser: Any) -> None:
    loaded = load(browser, night(STORY))
    clean(loaded)
    page = loaded.page
    assert page.locator("svg.tl g.row").count() == 4
    label = page.locator("svg.tl .k-monster").get_attribute("aria-label")
    assert "pack of wolves" in label
    assert "check: 1d6 [1]" in label and "1d4 [1]" in label
    assert "(1d6 [2]; surprised on 1\u20132)" in label  # an en dash, as the words write it
    assert page.locator("svg.tl .k-monster title").text_content() == label
    shot(loaded, "night-story.png")
    assert pdf_pages(loaded) <= 2
    assert overflow(browser, night(STORY)) <= 390
    loaded.page.context.close()


def test_the_keyboard_reaches_each_mark_and_its_tooltip(browser: Any) -> None:
    loaded = load(browser, night(STORY))
    page = loaded.page
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused and focused.startswith("21:")  # the first mark of the night
    tip = page.locator("div.tip")
    assert tip.is_visible() and tip.text_content() == focused
    marks = page.locator("svg.tl [tabindex='0']").count()
    for _ in range(marks):
        page.keyboard.press("Tab")
        if "pack of wolves" in (tip.text_content() or ""):
            break
    assert "pack of wolves" in (tip.text_content() or "")
    shot(loaded, "night-story-focus.png")
    clean(loaded)
    page.context.close()


def test_without_scripting_the_page_still_tells_everything(browser: Any) -> None:
    loaded = load(browser, night(STORY), java_script_enabled=False)
    page = loaded.page
    assert page.locator("svg.tl g.row").count() == 4
    assert page.locator("aside.encounter h4").text_content() == "Encounter at 01:09"
    assert page.locator("aside.encounter").is_visible()
    assert page.locator("div.tip").count() == 0
    clean(loaded)
    page.context.close()


def test_a_journey(browser: Any) -> None:
    html = night(STORY, nights=3)
    loaded = load(browser, html)
    clean(loaded)
    page = loaded.page
    assert page.locator("section.night").count() == 3
    for i in range(3):
        assert page.locator("section.night").nth(i).locator("svg.tl g.row").count() == 4
    assert page.locator("figure.line").count() == 2
    assert page.locator("figure.line g.series").count() == 8
    shot(loaded, "journey-9x3.png")
    assert overflow(browser, html) <= 390
    page.context.close()


def test_a_ukrainian_night(browser: Any) -> None:
    html = night(STORY, lang="uk")
    loaded = load(browser, html)
    clean(loaded)
    page = loaded.page
    assert page.evaluate("document.documentElement.lang") == "uk"
    assert page.locator("svg.tl g.row").count() == 4
    label = page.locator("svg.tl .k-monster").get_attribute("aria-label")
    assert "Зустріч о 01:09" in label and "1d6 [1]" in label  # noqa: RUF001 (Ukrainian)
    shot(loaded, "night-story-uk.png")
    assert pdf_pages(loaded) <= 2
    assert overflow(browser, html) <= 390
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_odds_reports(browser: Any, lang: str) -> None:
    for name, report in (
        ("odds", odds(_CONFIG, 5, 800)),
        ("rank", rank_report(rank_rotas(_CONFIG, 5, 150), 5, 150, 10, _CONFIG)),
    ):
        html = odds_html(report, lang)
        loaded = load(browser, html)
        clean(loaded)
        assert loaded.page.evaluate("document.documentElement.lang") == lang
        if name == "odds":
            assert loaded.page.locator("svg.hist rect.bin").count() == 48
            assert loaded.page.locator("svg.ibar").count() >= 4 + 5
        else:
            assert loaded.page.locator("svg.scatter g.dot").count() == 10
        shot(loaded, f"{name}.png" if lang == "en" else f"{name}-{lang}.png")
        # Ukrainian's longer words ("повноцінний нічний відпочинок") fit a phone too.
        assert overflow(browser, html) <= 390
        loaded.page.context.close()


def test_the_grid_heatmaps_are_readable_without_colour(browser: Any) -> None:
    """The grid's page: a heatmap per measure whose clear cells carry a sign and a frame (not
    the colour alone), the dark text readable on every shade in either colour scheme (axe's
    contrast rule among the rest: English in the light scheme, Ukrainian in the dark), no
    sideways scroll on a phone."""
    report = grid(_CONFIG, ("camp.light_fire", ["true", "false"]),
                  ("camp.carried_firewood_hours", ["0", "4"]), 5, 120)  # fmt: skip
    for lang, scheme in (("en", "light"), ("uk", "dark")):
        loaded = load(browser, grid_html(report, lang), width=390, color_scheme=scheme)
        clean(loaded)
        page = loaded.page
        assert page.locator("figure.heat").count() == len(report["measures"])
        signs = page.locator("figure.heat td.clear").evaluate_all(
            "cells => cells.map(e => [e.innerText.slice(-1), getComputedStyle(e).outlineStyle])"
        )
        assert len(signs) >= 3
        assert all(sign in "\u25b2\u25bc" and frame == "solid" for sign, frame in signs), signs
        assert axe_violations(page) == [], scheme
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(loaded, f"grid-{lang}-{scheme}.png")
        page.context.close()


def test_a_name_that_is_html_is_text_and_runs_nothing(browser: Any) -> None:
    text = json.dumps(_CONFIG.canonical()).replace("Sir Aldric", EVIL)
    html = night(STORY, config=config_from_data(json.loads(text)))
    loaded = load(browser, html)
    page = loaded.page
    page.wait_for_timeout(200)  # an onerror would have fired by now
    clean(loaded)
    assert page.locator("img").count() == 0
    assert page.get_by_text(EVIL).first.is_visible()
    assert page.locator("svg.tl g.row text.name").first.text_content() == EVIL
    page.context.close()


@pytest.mark.skipif(os.environ.get("NIGHTSIM_SCREENSHOT") != "1", reason="docs/night.png")
def test_screenshot_for_the_readme(browser: Any) -> None:
    """The camp card and the chart of the README's night: the top of the page, as a referee
    opens it."""
    loaded = load(browser, night(STORY), width=900)
    box = loaded.page.locator("figure.timeline").bounding_box()
    loaded.page.screenshot(
        path=str(ROOT / "docs" / "night.png"),
        clip={"x": 0, "y": 0, "width": 900, "height": box["y"] + box["height"] + 12},
    )
    loaded.page.context.close()


def test_the_whatif_page(browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`whatif --format html`: the Wren question side by side, in English and Ukrainian;
    no request, no console error, the changed cells marked, no sideways scroll at 390 px."""
    from tests.helpers.logs import write_log
    from tests.helpers.narration import WREN_FIRST, WREN_SEED

    golden = ROOT / "tests" / "golden" / f"whatif-{WREN_SEED}-wren-first-en.txt"
    starred = sum(
        1 for line in golden.read_text(encoding="utf-8").splitlines() if line.endswith(" *")
    )

    from nightsim.cli import main

    log = write_log(tmp_path / "night.jsonl", WREN_SEED)
    for lang in ("en", "uk"):
        code = main(["whatif", str(log), "--set", WREN_FIRST, "--format", "html", "--lang", lang])
        html = capsys.readouterr().out
        assert code == 0
        loaded = load(browser, html)
        clean(loaded)
        page = loaded.page
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("section.night.whatif").count() == 1
        assert page.locator("div.pair div.card").count() == 2
        # Encounter and dawn tables: the rows that differ are marked, and they are visible.
        marked = page.locator("table.whatif tr.differs")
        assert marked.count() == starred  # as many as the terminal's text marks with `*`
        assert marked.first.is_visible()
        shot(loaded, f"whatif-{lang}.png")
        assert pdf_pages(loaded) <= 3
        assert overflow(browser, html) <= 390
        page.context.close()


# --- the campaign page --------------------------------------------------------------------

# Every word of the page's text on one line: a word is what lies between spaces, and a break
# after a hyphen or a dash ("1-in-", "21:00\u2013") is the line breaking, not a broken word. A
# head is a hash, not a word (64 hex digits are wider than a phone): it may break anywhere.
BROKEN_WORDS = """() => {
  const broken = [];
  const walk = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (node.parentElement.closest('code.head, .chain, details:not([open])')) continue;
    for (const m of node.data.matchAll(/[^\\s\\u2010-\\u2015-]+/g)) {
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].filter(x => x.width > 0)
        .map(x => Math.round(x.bottom)));
      // A hash (the head in full, a commitment) wraps on purpose: a soft wrap copies whole.
      if (lines.size > 1 && !/^[0-9a-f]{64}$/.test(m[0])) broken.push(m[0]);
    }
  }
  return broken;
}"""


@pytest.fixture(scope="module")
def campaign_20() -> tuple[Any, Any]:
    from tests.helpers.campaigns import campaign

    return campaign(20)


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("uk", 390)])
def test_the_campaign_page(browser: Any, campaign_20: Any, lang: str, width: int) -> None:
    """A 20-night campaign: no request, no console error, no sideways scroll, no word broken
    (the sections closed and open), every night's link lands on its night's section."""
    from nightsim.page.campaign import campaign_html

    logs, adjustments = campaign_20
    html = campaign_html("The Hag's <b>Road</b>", logs, adjustments, lang=lang)
    loaded = load(browser, html, width=width)
    clean(loaded)
    page = loaded.page
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("h1").text_content() == "The Hag's <b>Road</b>"
    assert page.locator("details.night").count() == 20
    assert page.locator("figure.campaign svg g.track").count() == 2 * 4
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(BROKEN_WORDS) == []
    # Each link clicked in turn (in one script: a fragment's navigation and its scroll are
    # done when click() returns), where it landed read at once.
    landings = page.evaluate(
        "() => Array.from(document.querySelectorAll('table.nights-table a')).map(a => {"
        " a.click(); const e = document.querySelector(location.hash);"
        " return [a.getAttribute('href'), e && location.hash, e && e.tagName,"
        " e && e.getBoundingClientRect().top]; })"
    )
    assert len(landings) == 20
    for href, landed, tag, top in landings:
        assert [landed, tag] == [href, "DETAILS"], href
        assert -1 <= top < 900, href  # scrolled to it: on screen
    page.locator("#night-3 > summary").click()
    assert page.locator("#night-3 svg.tl g.row").count() == 4
    shot(loaded, f"campaign-{lang}-{width}.png")
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true })")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(BROKEN_WORDS) == []
    clean(loaded)
    page.context.close()


# Every word of the page's text (words split at blanks, hyphens, dashes and slashes, where a
# line may break) whose boxes lie on more than one line: a word or a number broken.
_BROKEN = r"""() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    const el = n.parentElement;
    if (!el || el.closest('svg, script, style, title')) continue;
    const re = /[^\s\-\u2013\u2014\/]+/g;
    let m;
    while ((m = re.exec(n.textContent))) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const lines = new Set(Array.from(r.getClientRects()).filter(x => x.width > 0)
        .map(x => Math.round(x.bottom)));
      // A hash (the head in full, a commitment) wraps on purpose: a soft wrap copies whole.
      if (lines.size > 1 && !/^[0-9a-f]{64}$/.test(m[0])) broken.push(m[0]);
    }
  }
  return broken;
}"""


@pytest.fixture(scope="module")
def ukrainian_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The Ukrainian pages, made once for every width (the same bytes each time)."""
    import contextlib
    import io

    from nightsim.cli import main
    from tests.helpers.narration import five

    log = tmp_path_factory.mktemp("uk") / "n.jsonl"
    assert main(["run", "--seed", "495", "--quiet", "--log", str(log)]) == 0
    rota = 'watch.rota=["Wren","Sir Aldric","Sister Ysolde","Moss"]'
    whatif = io.StringIO()
    with contextlib.redirect_stdout(whatif):
        assert main(["whatif", str(log), "--set", rota, "--format", "html", "--lang", "uk"]) == 0
    return {
        "night": night(STORY, lang="uk"),
        "journey": night(9, nights=3, lang="uk"),
        "long names": night_html(simulate(five(), 137, nights=2).events, "uk"),
        "players": night_html(simulate(_CONFIG, STORY).events, "uk", view="players"),
        "whatif": whatif.getvalue(),
    }


UK_WIDTHS = (390, 600, 768, 1024, 1280)


@pytest.mark.parametrize("name", ["night", "journey", "long names", "players", "whatif"])
def test_no_word_or_number_is_broken_in_the_ukrainian_pages(
    browser: Any, ukrainian_pages: dict[str, str], name: str
) -> None:
    """ "11/1" + "1", "Загибел/ь", "Ста/т": a table squeezed by `overflow-wrap: anywhere`
    broke words and numbers at 1280 px. A cell now breaks between words only, a table wider
    than the page scrolls in its own box; only a hash (the head in full, a commitment) wraps
    anywhere, as a soft wrap that copies whole. Each page is loaded once and laid out again
    at each width, as a window resized is (its media queries apply anew)."""
    loaded = load(browser, ukrainian_pages[name], width=UK_WIDTHS[0])
    for width in UK_WIDTHS:
        loaded.page.set_viewport_size({"width": width, "height": 900})
        assert loaded.page.evaluate("window.innerWidth") == width
        broken = loaded.page.evaluate(_BROKEN)
        scroll = loaded.page.evaluate("document.documentElement.scrollWidth")
        assert broken == [], (name, width)
        assert scroll <= width, (name, width)
    loaded.page.context.close()


def test_on_a_phone_the_head_wraps_and_names_clear_their_bars(browser: Any) -> None:
    logged = [line.event for line in iter_log(log_text(STORY).splitlines(keepends=True))]
    phone = load(browser, night_html(logged), width=390)
    page = phone.page
    full = page.locator(".head .full").first
    box, top = full.bounding_box(), page.locator(".head strong").first.bounding_box()
    assert box is not None and top is not None
    assert box["x"] + box["width"] <= 390 and box["height"] > top["height"]  # wrapped, whole
    assert page.evaluate("(e) => e.scrollWidth <= e.clientWidth", full.element_handle())
    assert re.fullmatch(r"in full: [0-9a-f]{64}", full.text_content() or "")  # copied whole
    for row in range(page.locator("svg.tl g.row").count()):
        name = page.locator("svg.tl g.row").nth(row).locator("text.name").bounding_box()
        bar = page.locator("svg.tl g.row").nth(row).locator("rect").first.bounding_box()
        assert name is not None and bar is not None
        assert name["y"] + name["height"] <= bar["y"] + 1, f"row {row}: the name sits on its bar"
    shot(phone, "night-390.png")
    page.context.close()


def test_on_a_420px_phone_the_odds_charts_words_are_readable(browser: Any) -> None:
    # Every word drawn in the histogram and the rotas' chart renders at 11 px or more, and
    # no two rotas' numbered discs overlap.
    for report in (
        odds(_CONFIG, 5, 800),
        rank_report(rank_rotas(_CONFIG, 5, 150), 5, 150, 24, _CONFIG),
    ):
        loaded = load(browser, odds_html(report, "en"), width=420)
        clean(loaded)
        smallest = loaded.page.evaluate(
            """() => Math.min(...[...document.querySelectorAll('svg.hist, svg.scatter')]
                .flatMap(svg => {
                  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                  return [...svg.querySelectorAll('text')]
                    .filter(t => getComputedStyle(t).display !== 'none')
                    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
                }))"""
        )
        assert smallest >= 10.9, smallest
        overlaps = loaded.page.evaluate(
            """() => {
                const r = [...document.querySelectorAll('svg.scatter g.dot circle:not(.at)')]
                  .map(c => c.getBoundingClientRect());
                let n = 0;
                for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
                  const a = r[i], b = r[j];
                  const dx = (a.x + a.width / 2) - (b.x + b.width / 2);
                  const dy = (a.y + a.height / 2) - (b.y + b.height / 2);
                  if (Math.hypot(dx, dy) < (a.width + b.width) / 2 - 0.5) n++;
                }
                return n;
            }"""
        )
        assert overlaps == 0
        shot(loaded, "odds-420.png" if "probabilities" in report else "rank-420.png")
        loaded.page.context.close()
