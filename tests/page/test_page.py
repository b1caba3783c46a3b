"""The night you can show (docs/table.md): the HTML page of a night, a journey and the odds, read
as text (tests/page/test_page_browser.py opens the same pages in a real browser).

The golden page is regenerated with `NIGHTSIM_REGEN_GOLDEN=1 python -m pytest
tests/page/test_page.py` and reviewed like any golden file.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.config import Config, config_from_data, default_config_path, load_config
from nightsim.engine.journey import simulate
from nightsim.events import Event
from nightsim.heads import short_head
from nightsim.limits import escaped
from nightsim.narration.catalogue import Catalogue
from nightsim.page import night_html, odds_html
from nightsim.stats.odds import odds
from nightsim.stats.rank import rank_report, rank_rotas
from tests.helpers.logs import log_text
from tests.helpers.narration import STORY

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
REGEN = os.environ.get("NIGHTSIM_REGEN_GOLDEN") == "1"
EVIL = "<img src=x onerror=alert(1)>"


@cache
def default() -> Config:
    return load_config(default_config_path())


def evil_config() -> Config:
    """The default party with Sir Aldric renamed to an HTML tag, his spell and the bog
    corpse too: every name a config gives that the page prints."""
    text = json.dumps(default().canonical())
    text = text.replace("Sir Aldric", EVIL.replace('"', '\\"'))
    text = text.replace("Detect Evil", "<script>alert(2)</script>")
    return config_from_data(json.loads(text))


def events(seed: int | str = STORY, nights: int = 1, config: Config | None = None) -> list[Event]:
    return list(simulate(config or default(), seed, nights=nights).events)


# --- the page's content -------------------------------------------------------------------


def test_the_same_log_gives_the_same_bytes_and_the_golden_page() -> None:
    page = night_html(events(STORY))
    assert page == night_html(events(STORY))
    path = GOLDEN / f"night-{STORY}.html"
    if REGEN:
        path.write_text(page, encoding="utf-8", newline="\n")
    assert path.exists(), f"{path} is missing; regenerate with NIGHTSIM_REGEN_GOLDEN=1"
    assert page == path.read_text(encoding="utf-8"), f"{path.name} differs from its golden"


def test_a_page_requests_nothing() -> None:
    """Self-contained: no URL, no src, no link, no @import or url(); the policy forbids any."""
    for page in (night_html(events(9)), night_html(events(9, 3)), night_html(events(9), "uk")):
        assert not re.search(r"https?://|\bsrc=|<link|@import|url\(", page), "a request"
        assert "default-src 'none'" in page
        assert page.count("<script>") == 1


def test_every_name_spell_and_creature_is_escaped() -> None:
    page = night_html(events(9, config=evil_config()))
    assert EVIL not in page
    assert "<script>alert(2)" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in page
    # The party table, the chart's row, the hour text: the name is told, as text, everywhere.
    assert page.count("&lt;img src=x onerror=alert(1)&gt;") > 10


@pytest.mark.parametrize("name", ["\x1b[31mRed", "\u202eneroW", "\x9b31m", "Mo\u2028ss"])
def test_a_forged_name_s_controls_are_shown_as_escapes(name: str) -> None:
    """Only a forged log carries a control character in a name (the config refuses them):
    the page shows it as its escape, as the terminal does, never the character itself (ESC
    would reach a terminal the page is printed on; U+202E reverses the line in a browser)."""
    evs = events(9)
    forged = [
        e.model_copy(update={"actor": name}) if getattr(e, "actor", None) == "Moss" else e
        for e in evs
    ]
    page = night_html(forged)
    assert not any(c in page for c in name if not c.isprintable())
    assert escaped(name) in page


def test_one_chart_row_per_character_and_the_marks() -> None:
    page = night_html(events(STORY))
    assert page.count('<g class="row">') == 4
    # Wren's and Sister Ysolde's missed hand-overs, and the legend's
    assert page.count('class="mark k-missed"') == 2 + 1
    assert "k-broke" in page and "The rota broke at 21:50" in page
    (monster,) = re.findall(r'class="mark k-monster"[^>]*aria-label="([^"]*)"', page)
    assert "pack of wolves" in monster
    # the check's roll, revealed with the monster
    assert "monster check: 1d6 [1] vs \u22642; minute of arrival 1d480 [250]" in monster
    assert (
        "1d4 [1]" in monster and "surprised (1d6 [2]; surprised on 1\u20132)" in monster
    )  # distance, surprise


def test_the_monster_check_stays_behind_the_screen_on_the_chart() -> None:
    """The check's mark at 21:00 tells the chance, not the roll (as the terminal does)."""
    page = night_html(events(STORY))
    labels = re.findall(r'aria-label="(21:00 [^"]*)"', page)
    (check,) = [x for x in labels if "behind the screen" in x]
    assert "1d6" not in check
    # The rolls of Sir Aldric's shift are told when it ends (the doze), not when it begins.
    (began,) = [x for x in labels if "takes the watch" in x]
    assert "1d10" not in began


def test_a_quiet_night_reveals_the_check_at_dawn() -> None:
    quiet = next(s for s in range(1, 60) if not any(e.type == "monster.arrived" for e in events(s)))
    page = night_html(events(quiet))
    (dawn,) = re.findall(r'class="mark k-dawn"[^>]*aria-label="([^"]*)"', page)
    assert "No wandering monster came (1d6 [" in dawn


def test_a_journey_has_a_section_per_night_and_its_charts() -> None:
    page = night_html(events(9, 3))
    assert len(re.findall(r'<section class="night" id="night-\d"', page)) == 3
    assert page.count('<figure class="line">') == 2  # HP, exhaustion
    assert page.count('class="series ') == 2 * 4
    assert "Sir Aldric, after night 3: " in page


def test_the_ukrainian_page() -> None:
    page = night_html(events(9), "uk")
    assert '<html lang="uk">' in page
    assert "Огляд ночі" in page and "година" in page
    assert page.count('<g class="row">') == 4


# --- the odds -----------------------------------------------------------------------------


def test_odds_counts_arrivals_in_10_minute_bins() -> None:
    r = odds(default(), 5, 600)
    bins = r["arrival_10min"]
    assert list(bins) == [str(m) for m in range(0, 8 * 60, 10)]
    hours = [sum(bins[str(h * 60 + m)] for m in range(0, 60, 10)) for h in range(8)]
    assert hours == list(r["arrival_hour"].values())


def test_the_odds_page() -> None:
    r = odds(default(), 5, 600)
    page = odds_html(r)
    assert page == odds_html(r)
    assert page.count('class="bin"') == 48
    assert 'class="ibar"' in page and "Sister Ysolde" in page
    assert not re.search(r"https?://|\bsrc=|<link|url\(", page)


def test_the_rank_page_charts_safety_against_rests() -> None:
    results = rank_rotas(default(), 5, 100, watchers=2)
    page = odds_html(rank_report(results, 5, 100, 5, default()))
    assert page.count('<g class="dot ') == 5
    assert "full rests" in page


# --- the command line ---------------------------------------------------------------------


def test_run_and_replay_give_the_same_page(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    log = tmp_path / "n.jsonl"
    page = tmp_path / "n.html"
    assert main(["run", "--seed", str(STORY), "--log", str(log), "--html", str(page)]) == 0
    out = capsysbinary.readouterr().out.decode()
    assert "Encounter at 01:09" in out  # the terminal shows the narration meanwhile
    assert main(["replay", str(log), "--format", "html"]) == 0
    replayed = capsysbinary.readouterr().out
    assert main(["run", "--seed", str(STORY), "--no-log", "--format", "html"]) == 0
    ran = capsysbinary.readouterr().out
    assert page.read_bytes() == replayed == ran
    # simulate()'s night has no chain, so its page has no head: the rest is byte for byte.
    head = re.search(rb'<p class="head">.*?</p>\n', ran)
    last = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])["hash"]
    assert head is not None and f"Chain head: {short_head(last)}".encode() in head[0]
    assert ran.replace(head[0], b"") == night_html(events(STORY)).encode()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_run_html_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "n.html"
    page.write_text("mine")
    log = tmp_path / "n.jsonl"
    code = main(["run", "--seed", "9", "--log", str(log), "--html", str(page)])
    assert code == 2
    assert "already exists" in capsys.readouterr().err
    assert page.read_text() == "mine"
    assert not log.exists()  # checked before the log was created


def test_replay_refuses_a_broken_log_for_a_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = log_text().splitlines(keepends=True)
    data = json.loads(lines[5])
    data["t"] += 1  # an edit the hash chain catches
    lines[5] = json.dumps(data) + "\n"
    log = tmp_path / "broken.jsonl"
    log.write_text("".join(lines))
    assert main(["replay", str(log), "--format", "html"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "line 6" in captured.err


def test_odds_format_html(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["odds", "--nights", "300", "--seed", "1", "--jobs", "1", "--format", "html"]) == 0
    page = capsysbinary.readouterr().out.decode()
    assert page.startswith("<!DOCTYPE html>") and "When the monster comes" in page


def test_the_page_loads_no_engine() -> None:
    """Downstream of the log like the narration: making a page loads neither SimPy nor the
    engine's simulation (the outcome's plain records and the dice are leaves it may read)."""
    import subprocess
    import sys

    probe = (
        "import sys, nightsim.page.night, nightsim.page.render, nightsim.page.odds\n"
        "import nightsim.page.campaign\n"
        "leaves = {'nightsim.engine', 'nightsim.engine.outcome', 'nightsim.engine.dice'}\n"
        "print(sorted(m for m in sys.modules if m == 'simpy'"
        " or (m.startswith('nightsim.engine') and m not in leaves)))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_odds_and_rank_pages_show_what_comes() -> None:
    # What comes (docs/odds.md): each table and each creature of the config, named as the
    # config names it, with its interval; a ranking's page too.
    config = default()
    creatures = [e.creature for e in config.encounters.night_fire] + [
        e.creature for e in config.encounters.night_no_fire
    ]
    for lang, word in (("en", "What comes"), ("uk", "Хто приходить")):
        page = odds_html(odds(config, "comes", 200), lang)
        section = page.split('id="comes"', 1)[1].split("</section>", 1)[0]
        assert word in page
        for name in dict.fromkeys(creatures):  # as the page's language names it
            told = Catalogue(lang).creature(name)
            assert escaped(told) in section or told in section, told
        assert section.count("95") >= len(set(creatures)) + 2  # an interval on every row
    rows = rank_rotas(config, "comes", 60, watchers=1)
    rank = odds_html(rank_report(rows, "comes", 60, 5, config, 1), "en")
    assert 'id="comes"' in rank and "a redcap" in rank


def test_journeys_by_night_carry_intervals_in_text_and_page() -> None:
    # The by-night table of a journey: in the text each full rest with its interval, and on
    # the page a table of its own, a row per night, an interval bar in every cell.
    from rich.console import Console

    from nightsim.narration.figures import with_span
    from nightsim.narration.odds import render_odds

    r = odds(default(), "by-night", 30, per_journey=3)
    console = Console(width=200, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    for table in render_odds(r, "en"):
        console.print(table)
    text = console.export_text()
    by_night = text.split("Full rest, by night of the journey", 1)[1]
    first = r["by_night_of_journey"][0]["full_rest"]["Moss"]
    assert with_span(Catalogue("en"), first["p"], first["low"], first["high"]) in by_night
    page = odds_html(r, "en")
    section = page.split('id="by-night"', 1)[1].split("</section>", 1)[0]
    assert section.count('<tr><th scope="row">') == 3
    assert section.count('class="ibar"') == 3 * len(r["probabilities"]["full_rest"])
    assert odds_html(odds(default(), "by-night", 10), "en").count('id="by-night"') == 0


def test_odds_charts_read_well() -> None:
    # The plain page prints each interval; the histogram has axis labels and its top tick at
    # or above the tallest bar; a ranking's discs never overlap and its chart says its
    # whiskers are unpaired; on a phone no chart word is drawn below 11 px.
    from nightsim.page import chart
    from nightsim.page.odds import odds_page, rank_page
    from nightsim.page.render import environment

    r = odds(default(), "charts", 300)
    page = odds_html(r, "en")
    enc = r["probabilities"]["encounter"]
    low, high = (f"{enc[k] * 100:.1f}" for k in ("low", "high"))
    assert f'<span class="pct">{enc["p"] * 100:.1f}% ({low}-{high})</span>' in page
    hist = odds_page(r).arrivals
    assert hist is not None
    assert min(t.at for t in hist.yticks) <= min(b.y for b in hist.bins)  # y grows downward
    assert "encounters (nights) per 10 minutes" in page and "clock time" in page
    config = default()
    ranked = rank_report(rank_rotas(config, "charts", 80), "charts", 80, 24, config)
    scatter = rank_page(ranked).scatter
    assert scatter is not None and len(scatter.dots) > 10
    discs = [(d.lx, d.ly) for d in scatter.dots]
    for i, a in enumerate(discs):
        for b in discs[i + 1 :]:
            assert (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= (2 * chart.PHONE_DISC) ** 2
    assert any(d.moved for d in scatter.dots)  # some rotas share their figures
    assert "unpaired" in odds_html(ranked, "en")
    css = environment().get_template("style.css").render()
    phone = css.split("@media (max-width: 40rem)", 1)[1].split("\n}", 1)[0]
    sizes = re.findall(r"(\.hist[^{]*|\.scatter[^{]*)\{[^}]*font-size: (\d+)px", phone)
    assert sizes and all(int(px) * 390 / 800 >= 10.7 for _, px in sizes)
