# ruff: noqa: RUF001  (Ukrainian lines hold Cyrillic letters that look Latin)
"""`nightsim odds diff A.json B.json`: two saved reports side by side, unpaired
(nightsim/stats/report_diff.py; docs/odds.md, "Two saved reports")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.stats.odds import wilson
from nightsim.stats.report_diff import report_diff


def test_the_interval_is_newcombes_hybrid_score() -> None:
    """Newcombe (1998), Statistics in Medicine 17:873, table II, example (a): 56/70 against
    48/80, method 10 gives 0.0524 to 0.3339 around 0.2000."""
    a = {"nightsim": "x", "probabilities": {"m": wilson(48, 80)}}
    b = {"nightsim": "x", "probabilities": {"m": wilson(56, 70)}}
    (row,) = report_diff(a, b, ("a", "b"))["rows"]
    d = row["difference"]
    assert (round(d["d"], 4), round(d["low"], 4), round(d["high"], 4)) == (0.2, 0.0524, 0.3339)
    assert row["clear"]


def _report(tmp: Path, name: str, *more: str) -> str:
    path = tmp / name
    argv = ["odds", "--nights", "300", "--seed", "1", "--jobs", "1", "--format", "json", *more]
    with path.open("w", encoding="utf-8") as fh:
        import contextlib

        with contextlib.redirect_stdout(fh):
            assert main(argv) == 0
    return str(path)


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    tmp = tmp_path_factory.mktemp("diff")
    return {
        "a": _report(tmp, "a.json"),
        "no_fire": _report(tmp, "b.json", "--set", "camp.light_fire=false"),
        "seven": _report(tmp, "c.json", "--set", "rules.rest_hours=7"),
        "no_spells": _report(tmp, "f.json", "--set", "party.Moss.spells=[]"),
        "journeys": _report(tmp, "g.json", "--nights-per-journey", "3"),
        "compare": _report(tmp, "d.json", "--compare", "rules.sleep_in=true"),
        "not_json": str(tmp / "a.json").replace("a.json", "e.json"),
    }


def diff(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["odds", "diff", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_report_beside_itself_is_the_same_run(
    reports: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = diff(capsys, reports["a"], reports["a"], "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["same_nights"] and data["same_seed"] and not data["paired"]
    assert data["rows"] and all(r["difference"]["d"] == 0 for r in data["rows"])
    assert all(r["difference"]["low"] == r["difference"]["high"] == 0 for r in data["rows"])
    assert not any(r["clear"] for r in data["rows"])
    code, text, _ = diff(capsys, reports["a"], reports["a"])
    assert text.startswith("Two saved odds reports of one run, B against A\n")
    assert "interval" not in text and "independent" not in text  # no interval to tell


def test_without_a_fire_the_table_with_fire_is_clearly_gone(
    reports: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = diff(capsys, reports["a"], reports["no_fire"], "--format", "json")
    rows = {(r["measure"], r["character"] or r["creature"]): r for r in json.loads(out)["rows"]}
    assert code == 0
    assert json.loads(out)["same_seed"] and not json.loads(out)["same_nights"]
    fire = rows[("table_night_fire", None)]
    assert fire["b"]["p"] == 0 and fire["clear"] and fire["difference"]["high"] < 0
    code, text, _ = diff(capsys, reports["a"], reports["no_fire"], "--lang", "uk")
    assert code == 0 and "статистично значуща різниця" in text and "%" in text
    # one seed, two configs: the same dice, which an unpaired interval cannot use
    assert "A і B мають спільне зерно 1: їхні ночі кидали ті самі кості" in text
    code, text, _ = diff(capsys, reports["a"], reports["no_fire"])
    assert "(unpaired: a report keeps its chances, not its nights)" in text
    assert "A and B share the seed 1" in text and "independent" not in text


def test_reports_of_other_questions_are_refused_unless_forced(
    reports: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = diff(capsys, reports["a"], reports["seven"])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "(rest periods of 8 and 7 hours)" in err and "--force" in err
    code, out, _ = diff(capsys, reports["a"], reports["seven"], "--force", "--format", "json")
    assert code == 0 and json.loads(out)["rows"]


def test_forced_what_makes_them_other_questions_is_said(
    reports: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = diff(capsys, reports["a"], reports["journeys"], "--lang", "uk")
    assert code == 2 and "(мандрівки по 1 і 3\u00a0ночі)" in err
    code, out, _ = diff(capsys, reports["a"], reports["journeys"], "--force", "--format", "json")
    data = json.loads(out)
    assert data["differ"] == [{"setting": "nights_per_journey", "a": 1, "b": 3}]
    assert data["not_compared"] == ["by_night_of_journey"] and data["rows"]
    code, text, _ = diff(capsys, reports["a"], reports["journeys"], "--force")
    assert "--force: they answer different questions (journeys of 1 and 3 nights)" in text
    assert "The chances by night of the journey are not compared" in text
    code, text, _ = diff(capsys, reports["a"], reports["no_fire"])
    assert code == 0 and "--force:" not in text and "not compared" not in text


def test_a_difference_told_to_its_first_digit_has_sides_of_two_decimals() -> None:
    from nightsim.narration.report_diff import render_diff

    run = {"nightsim": "x", "nights": 10_000, "seed": 1, "config_sha256": "0" * 64}
    a = run | {"probabilities": {"encounter": wilson(1000, 10_000)}}
    b = run | {"seed": 2, "probabilities": {"encounter": wilson(1003, 10_000)}}
    text = render_diff(report_diff(a, b, ("a", "b")), "en")
    assert "10.00%  10.03%  +0.03" in text, text


def test_forced_the_measures_left_out_are_named(
    reports: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = diff(capsys, reports["a"], reports["no_spells"])
    assert code == 2 and "(1 measure only one of them holds)" in err
    code, out, _ = diff(capsys, reports["a"], reports["no_spells"], "--force", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["only_in_a"] == ["spell_lost:Moss"] and data["only_in_b"] == []
    code, text, _ = diff(capsys, reports["no_spells"], reports["a"], "--force")
    assert "Only in B, so not compared: Moss: a spell lost" in text
    assert "Only in A" not in text and "Moss: a spell lost " not in text  # no row of it
    code, text, _ = diff(capsys, reports["a"], reports["no_spells"], "--force", "--lang", "uk")
    assert "Лише в A, тож не порівняно: Moss: закляття втрачено" in text


@pytest.mark.parametrize("which", ["compare", "not_json", "missing"])
def test_what_is_not_a_saved_report_is_one_line(
    reports: dict[str, str], capsys: pytest.CaptureFixture[str], which: str, tmp_path: Path
) -> None:
    path = str(tmp_path / "nope.json") if which == "missing" else reports[which]
    if which == "not_json":
        Path(path).write_text("not json\n", encoding="utf-8")
    code, out, err = diff(capsys, reports["a"], path, "--lang", "uk")
    assert code == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert line.startswith("nightsim: помилка: ")


def test_every_line_s_chances_give_the_difference_it_shows(
    reports: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Both sides, as printed, give the difference printed beside them (to its tenth): where
    one decimal would not, that line's sides get two (docs/odds.md, "How the numbers are
    worded")."""
    import re

    code, text, _ = diff(capsys, reports["a"], reports["seven"], "--force")
    line = re.compile(r"([\d.]+)%\s+([\d.]+)%\s+([+\u2212]?[\d.]+)\s")
    found = [m for m in map(line.search, text.splitlines()) if m]
    for m in found:
        shown = float(m[3].replace("\u2212", "-"))
        assert abs((float(m[2]) - float(m[1])) - shown) <= 0.05 + 1e-9, m.string
    assert code == 0 and len(found) > 10
    assert any(len(m[1].split(".")[1]) == 2 for m in found)  # the seed needs two somewhere
