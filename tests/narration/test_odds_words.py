# ruff: noqa: RUF001  (Ukrainian text, CLDR's no-break spaces and dashes are the point here)
"""The odds in Ukrainian: every text and page of `odds` with `--lang uk` (plain, journeys,
--compare, --rank-rotas), goldens at 80 columns, no English word of the catalogue left in
them, and numbers as CLDR's `uk` writes them. JSON and CSV stay machine formats.

Golden files live in tests/golden/; regenerate them with `python tools/regen.py --only
goldens` after a deliberate change and review the diff.
"""

from __future__ import annotations

import html
import io
import re
from typing import Any

import pytest

from nightsim.cli import main
from nightsim.config import default_config_path, load_config
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.catalogue_en import EN
from nightsim.narration.figures import count, number, percent, span, with_span
from nightsim.narration.paired import render_compare
from nightsim.narration.rank import render_rank
from nightsim.narration.safe import TextConsole
from nightsim.narration.widgets import plain_text
from nightsim.stats.odds import wilson
from tests.helpers.narration import check_golden

# Its goldens say "Produced by nightsim X": made as the release they were made with.
pytestmark = pytest.mark.usefixtures("golden_release")

NB = "\u00a0"
# Latin words a Ukrainian odds text or page may hold: the default party's names (a config's,
# told as given), the program's name, and what a referee types back (`run --seed "S/i"`,
# `--format json`, the config's hash in the page's footer, the Tab key, the dice's id
# `sha256-uniform-v2` and the `--set` option in the line that says what produced a report).
NAMES = {"Sir", "Aldric", "Sister", "Ysolde", "Moss", "Wren"}
# ... and the creatures of its encounter tables, told as the config gives them (what comes).
CREATURES = {
    w
    for table in ("night_fire", "night_no_fire")
    for e in getattr(load_config(default_config_path()).encounters, table)
    for w in re.findall(r"[A-Za-z]{2,}", e.creature)
}
# "HP" is the source's own abbreviation in Ukrainian too («хіт-пойнти (HP)», docs/glossary.md).
TYPED = {"nightsim", "run", "seed", "format", "json", "sha", "Tab", "uniform", "set", "HP"}


def english_words() -> set[str]:
    """Every word of three letters or more in the English catalogue's text."""
    words: set[str] = set()
    for entry in EN.values():
        for text in [entry] if isinstance(entry, str) else entry.values():
            plain = re.sub(r"\{[^}]*\}", " ", text)
            words |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", plain)}
    return words - {w.lower() for w in NAMES | TYPED}


def latin(text: str) -> set[str]:
    text = re.sub(r"[0-9a-f]{12,}", " ", text)  # a hash (a log's head, a config's digest)
    text = re.sub(r"[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}", " ", text)  # a short head
    return set(re.findall(r"[A-Za-z]{2,}", text)) - NAMES - CREATURES - TYPED


def assert_ukrainian(text: str) -> None:
    left = latin(text)
    assert not left, f"Latin words left: {sorted(left)}"
    assert not {w.lower() for w in latin(text)} & english_words()


def page_text(page: str) -> str:
    """What a reader of a page sees or hears: its text nodes and its labels."""
    body = re.sub(r"<(style|script)>.*?</\1>", "", page, flags=re.S)
    parts = re.findall(r">([^<]+)<", body)
    parts += re.findall(r'(?:aria-label|data-label)="([^"]*)"', body)
    return html.unescape("\n".join(parts))


def odds(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["odds", "--jobs", "1", "--seed", "1", *argv]) == 0
    return capsys.readouterr().out


@pytest.fixture
def columns_80(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


# --- numbers ------------------------------------------------------------------------------


def test_numbers_as_cldr_uk_writes_them() -> None:
    uk, en = Catalogue("uk"), Catalogue("en")
    assert percent(uk, 0.123) == f"12,3{NB}%"
    assert percent(en, 0.123) == "12.3%"
    assert percent(uk, 0.09, 5) == f"  9,0{NB}%"  # padded like the English " 9.0%"
    assert span(uk, 0.31, 0.351) == f"31,0\u201335,1{NB}%"
    assert span(en, 0.31, 0.351) == "31.0-35.1%"
    assert with_span(uk, 0.27, 0.251, 0.29) == f"27,0{NB}% (25,1\u201329,0)"
    assert count(uk, 10_000) == f"10{NB}000" and count(en, 10_000) == "10,000"
    assert number(uk, -0.8) == "\u22120,8" and number(en, -0.8) == "\u22120.8"


def test_a_bound_that_rounds_to_0_or_100_is_told_to_its_first_digit_apart() -> None:
    """Nothing in 10,000 nights: Wilson's upper bound is 0.038%, told "0.04", not "0.0";
    a bound of exactly 0 or 100 stays "0.0" / "100.0" (docs/odds.md, "How the numbers are
    worded")."""
    en, uk = Catalogue("en"), Catalogue("uk")
    nothing, everything = wilson(0, 10_000), wilson(10_000, 10_000)
    assert with_span(en, 0.0, nothing["low"], nothing["high"]) == "0.0% (0.0-0.04)"
    assert with_span(uk, 0.0, nothing["low"], nothing["high"]) == f"0,0{NB}% (0,0\u20130,04)"
    assert span(en, everything["low"], everything["high"]) == "99.96-100.0%"
    assert span(en, 0.0004, 0.00004) == "0.04-0.004%"
    assert span(en, 0.3102, 0.351) == "31.0-35.1%"  # one decimal where it tells them apart


def test_a_terminal_keeps_the_no_break_spaces() -> None:
    # Ukrainian typography: a number never ends a line apart from its unit ("12,3 %"); the
    # safe console prints U+00A0 as it is (narration/safe.py), the goldens hold no "\x".
    t = Catalogue("uk")
    assert percent(t, 0.123) == "12,3\u00a0%" and count(t, 10_000) == "10\u00a0000"


# --- text: goldens at 80 columns ----------------------------------------------------------


def test_golden_odds_uk_80(capsys: pytest.CaptureFixture[str], columns_80: None) -> None:
    text = odds(capsys, "--nights", "300", "--lang", "uk")
    assert_ukrainian(text)
    assert "Шанси за 300\u00a0ночей (зерно 1)" in text and "\\x" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
    check_golden("odds-1-300-uk-80.txt", text)


def test_golden_odds_journeys_uk_80(capsys: pytest.CaptureFixture[str], columns_80: None) -> None:
    text = odds(capsys, "--nights", "300", "--nights-per-journey", "3", "--lang", "uk")
    assert_ukrainian(text)
    assert "мандрівок: 100, у кожній 3\u00a0ночі" in text
    assert "Повноцінний нічний відпочинок за ночами мандрівки" in text
    check_golden("odds-1-300x3-uk-80.txt", text)


def test_golden_compare_uk_80(capsys: pytest.CaptureFixture[str], columns_80: None) -> None:
    piped = odds(capsys, "--nights", "300", "--lang", "uk", "--compare", "party.Wren.con=14")
    assert_ukrainian(piped.replace("party.Wren.con=14", ""))  # the change, as typed
    assert "захоплено зненацька" in piped and "\u2212" in piped
    check_golden("compare-1-300-uk.txt", piped)
    check_golden("compare-1-300-uk-80.txt", _table(_compare_report(), render_compare))


def test_golden_rank_uk_80(capsys: pytest.CaptureFixture[str], columns_80: None) -> None:
    argv = ("--nights", "200", "--rank-rotas", "--watchers", "2,3", "--top", "3", "--lang", "uk")
    piped = odds(capsys, *argv)
    assert_ukrainian(piped)
    assert "послідовність варт" in piped.lower() and "черговість" not in piped
    check_golden("rank-1-200-uk.txt", piped)
    check_golden("rank-1-200-uk-80.txt", _table(_rank_report(), render_rank))


def _compare_report() -> dict[str, Any]:
    from nightsim.stats.two_configs import compare_configs as compare

    a = load_config(default_config_path())
    b = load_config(default_config_path(), ["party.Wren.con=14"])
    return compare(a, b, 1, 300, changes=["party.Wren.con=14"])


def _rank_report() -> dict[str, Any]:
    from nightsim.stats.rank import rank_many_report, rank_rotas

    cfg = load_config(default_config_path())
    pairs = [(k, rank_rotas(cfg, 1, 200, watchers=k)) for k in (2, 3)]
    return rank_many_report(pairs, 1, 200, 3, cfg)


def _table(report: dict[str, Any], render: Any) -> str:
    """The terminal's tables at 80 columns, through the console every renderer prints on."""
    con = TextConsole(file=io.StringIO(), width=80, force_terminal=False, color_system=None)
    text = plain_text(con, render(report, "uk", table=True)) + "\n"
    assert_ukrainian(text.replace("party.Wren.con=14", ""))
    assert max(len(line) for line in text.splitlines()) <= 80 and "\\x" not in text
    return text


# --- the pages ----------------------------------------------------------------------------


def test_golden_odds_page_uk(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    argv = ["odds", "--jobs", "1", "--seed", "1", "--nights", "300", "--format", "html"]
    assert main([*argv, "--lang", "uk"]) == 0
    page = capsysbinary.readouterr().out.decode()
    assert '<html lang="uk">' in page
    seen = page_text(page)
    assert_ukrainian(seen)
    assert "Шанс зустрічі: 2 з 6" in seen and f"{NB}%" in seen
    check_golden("odds-1-300-uk.html", page)
    assert main([*argv, "--lang", "en"]) == 0
    assert '<html lang="en">' in capsysbinary.readouterr().out.decode()


def test_the_rank_page_in_ukrainian(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    argv = ["--nights", "100", "--rank-rotas", "--top", "4", "--format", "html", "--lang", "uk"]
    assert main(["odds", "--jobs", "1", "--seed", "1", *argv]) == 0
    page = capsysbinary.readouterr().out.decode()
    assert '<html lang="uk">' in page
    assert page.count('<g class="dot ') == 4
    assert_ukrainian(page_text(page))
    assert "повноцінний нічний відпочинок" in page


def test_the_night_and_whatif_pages_fixed_words_are_ukrainian(
    tmp_path: Any, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    from nightsim.page.night import words

    assert not [w for w in words(Catalogue("uk")).values() if latin(w)]
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "9", "--nights", "2", "--log", str(log)]) == 0
    capsysbinary.readouterr()
    assert main(["replay", str(log), "--format", "html", "--lang", "uk"]) == 0
    assert '<html lang="uk">' in capsysbinary.readouterr().out.decode()
    change = 'watch.rota=["Wren","Sir Aldric","Sister Ysolde","Moss"]'
    assert main(["whatif", str(log), "--set", change, "--format", "html", "--lang", "uk"]) == 0
    page = capsysbinary.readouterr().out.decode()
    assert '<html lang="uk">' in page
    # The change as typed (a config key, the names) and the option it points to are Latin.
    seen = page_text(page).replace(change, "").replace("--night K", "")
    assert_ukrainian(seen)


# --- machine formats do not change with the language --------------------------------------


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_json_and_csv_are_the_same_in_every_language(
    capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    outs = [
        odds(capsys, "--nights", "60", "--format", fmt, "--lang", lang) for lang in ("en", "uk")
    ]
    assert outs[0] == outs[1]
