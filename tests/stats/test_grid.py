"""`odds --grid` and `nightsim.grid`: two settings at once on the same nights, every cell
paired against the first cell; its text, JSON, CSV and heatmap page (the page in a real
browser is tests/page/test_page_browser.py's)."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from nightsim import ConfigError, compare, grid, load_config, sweep
from nightsim.cli import main
from nightsim.config import default_config_path
from nightsim.narration.produced import COLUMNS
from nightsim.stats.grid import MAX_GRID_CELLS, split_grid
from nightsim.stats.paired import Moments, difference

FIRE = ("camp.light_fire", ["true", "false"])
WOOD = ("camp.carried_firewood_hours", ["0", "4", "8"])


def _config(*items: str) -> Any:
    return load_config(default_config_path(), list(items))


def _out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["odds", "--jobs", "1", "--seed", "3", *argv]) == 0
    return capsys.readouterr().out


def _grid_argv() -> list[str]:
    return ["--grid", "camp.light_fire=true,false", "--grid", "camp.carried_firewood_hours=0,4,8"]


def test_the_first_row_is_the_sweep_and_each_cell_the_compare_of_the_first_and_it() -> None:
    report = grid(_config(), FIRE, WOOD, 5, 250)
    assert report["settings"] == ["camp.light_fire", "camp.carried_firewood_hours"]
    assert (report["rows"], report["columns"]) == (FIRE[1], WOOD[1])
    assert [(c["row"], c["column"]) for c in report["cells"]] == [
        (v, w) for v in FIRE[1] for w in WOOD[1]
    ]
    row = sweep(_config("camp.light_fire=true"), WOOD[0], WOOD[1], 5, 250)
    first = _config("camp.light_fire=true", "camp.carried_firewood_hours=0")
    other = _config("camp.light_fire=false", "camp.carried_firewood_hours=4")
    pair = compare(first, other, 5, 250)
    for m, s, c in zip(report["measures"], row["measures"], pair["measures"], strict=True):
        assert (m["measure"], m["character"]) == (s["measure"], s["character"])
        assert [cell["estimate"] for cell in m["cells"][0]] == [p["estimate"] for p in s["points"]]
        assert [cell["vs_first"] for cell in m["cells"][0]] == [p["vs_first"] for p in s["points"]]
        cell = m["cells"][1][1]
        vs = cell["vs_first"]
        assert vs is not None and cell["estimate"] == c["b"]
        assert {k: vs[k] for k in vs} == {k: c[k] for k in vs}  # type: ignore[literal-required]
    fire = next(m for m in report["measures"] if m["measure"] == "fire_lasts")
    assert fire["cells"][0][0]["vs_first"] is None
    marks = [[c["vs_first"] and c["vs_first"]["clear"] for c in row] for row in fire["cells"]]
    assert marks == [[None, True, True], [True, True, True]]  # wood helps; no fire never lasts
    assert [c["estimate"]["k"] for c in fire["cells"][1]] == [0, 0, 0]


def test_star_moments_give_every_difference_from_the_first_as_the_full_ones() -> None:
    """A grid or sweep counts only the cross products with config 0 (`Moments.of(star=True)`):
    every difference from config 0 is the full moments' one, yes/no and fractions alike."""
    rng = random.Random(35)
    for top in (1, 3):
        denoms = [[rng.randint(top, top) for _ in range(60)] for _ in range(5)]
        values = [[rng.randint(0, d) for d in col] for col in denoms]
        full, star = Moments.of(values, denoms), Moments.of(values, denoms, star=True)
        assert star.q != full.q  # what a ranking reads is left out
        for i in range(1, 5):
            assert difference(star, 0, i) == difference(full, 0, i)


@pytest.mark.parametrize(
    ("items", "said"),
    [
        (["rules.rest_hours=6,8"], "expected two, one per setting"),
        (["a=1,2", "b=1,2", "c=1,2"], "got 3"),
        (["rules.rest_hours=6,8", "rules.rest_hours=7,9"], "'rules.rest_hours' is both settings"),
        (["a=" + ",".join(map(str, range(9))), "b=" + ",".join(map(str, range(8)))], "at most 64"),
        (["rules.rest_hours=6", "camp.light_fire=true,false"], "--grid 'rules.rest_hours=6'"),
    ],
)
def test_a_bad_grid_is_refused_naming_it(items: list[str], said: str) -> None:
    with pytest.raises(ConfigError, match=said):
        split_grid(items)
    assert MAX_GRID_CELLS == 64


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--grid", "rules.rest_hours=6,99", "--grid", "camp.light_fire=true,false"],
         "--grid rules.rest_hours=99: "),
        (["--grid", "camp.light_fire=true,false"], "--grid: expected two"),
        (["--grid", "a=1,2", "--grid", "b=1,2", "--sweep", "c=1,2"],
         "--sweep, --grid: 2 questions"),
    ],
)  # fmt: skip
def test_the_cli_refuses_a_bad_grid_in_one_line_before_a_night(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", *argv]) == 2
    captured = capsys.readouterr()
    assert said in captured.err and "Traceback" not in captured.err, captured.err
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    assert main(["odds", *argv, "--lang", "uk"]) == 2
    assert "expected" not in capsys.readouterr().err  # told in Ukrainian


def test_text_json_csv_and_the_page_hold_the_same_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--nights", "150", *_grid_argv(), "--set", "camp.season=winter"]
    r = json.loads(_out(capsys, *argv, "--format", "json"))
    assert list(r)[:3] == ["nightsim", "command", "produced_by"]
    assert r["command"][-6:] == [*_grid_argv(), "--format", "json"]
    assert r["produced_by"]["set"] == ["camp.season=winter"]
    (fire,) = [m for m in r["measures"] if m["measure"] == "fire_lasts"]
    chances = [c["estimate"]["p"] for row in fire["cells"] for c in row]
    rows = list(csv.DictReader(io.StringIO(_out(capsys, *argv, "--format", "csv"))))
    assert len(rows) == 6 * len(r["measures"])
    assert list(rows[0])[-len(COLUMNS) :] == list(COLUMNS)
    csv_fire = [row for row in rows if row["measure"] == "fire_lasts"]
    assert [float(row["p"]) for row in csv_fire] == chances
    assert [(row["row_value"], row["column_value"]) for row in csv_fire][:2] == [
        ("true", "0"), ("true", "4")]  # fmt: skip
    assert csv_fire[0]["diff"] == "" and csv_fire[1]["clear"] == "True"
    text = _out(capsys, *argv)
    rows_by_columns = "at true, false (rows) \u00d7 camp.carried_firewood_hours at 0, 4, 8"
    assert "camp.light_fire " + rows_by_columns in text
    line = next(
        x for x in text.splitlines() if x.startswith("the fire lasts the rest period · false, 8")
    )
    assert "points, 95% interval" in line and line.split(": ")[1].startswith(("0.0%", "0.00%"))
    page = _out(capsys, *argv, "--format", "html")
    assert page.count('<figure class="heat"') == len(r["measures"])
    assert page.count('<td class="first"') == len(r["measures"])
    assert '<td class="clear"' in page and "\u25b2" in page and "\u25bc" in page
    assert "Produced by nightsim" in page


def test_every_line_s_chances_give_the_difference_it_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A cell's chance and the first cell's, as printed, give the difference printed beside
    (to its tenth): where one decimal would not, the measure's chances get two, as
    `--compare` words its sides (docs/odds.md, "How the numbers are worded")."""
    import re

    text = _out(capsys, "--nights", "2000", "--seed", "1", *_grid_argv())
    line = re.compile(r"^(.*) · ([^:]+): ([\d.]+)%(?:, ([+\u2212]?[\d.]+) points)?")
    first: dict[str, float] = {}
    two = 0
    for found in filter(None, map(line.match, text.splitlines())):
        measure, p, diff = found[1], float(found[3]), found[4]
        two += len(found[3].split(".")[1]) == 2
        if diff is None:
            first[measure] = p
            continue
        shown = float(diff.replace("\u2212", "-"))
        assert abs((p - first[measure]) - shown) <= 0.05 + 1e-9, found[0]
    assert len(first) > 10 and two > 0  # the seed has measures that need two decimals


def test_the_grid_is_the_same_bytes_whatever_the_jobs(capfd: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "--seed", "g", "--nights", "300", *_grid_argv(), "--format", "json"]
    outs = []
    for jobs in ("1", "2"):
        assert main([*argv, "--jobs", jobs]) == 0
        outs.append(capfd.readouterr().out)
    assert outs[0] == outs[1]


def test_odds_diff_refuses_a_grid_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "grid.json"
    saved.write_text(_out(capsys, "--nights", "20", *_grid_argv(), "--format", "json"))
    assert main(["odds", "diff", str(saved), str(saved)]) == 2
    assert "--grid" in capsys.readouterr().err


def test_the_api_refuses_what_is_no_axis() -> None:
    config = _config()
    with pytest.raises(TypeError, match="rows, columns"):
        grid(config, "camp.light_fire=true,false", WOOD, 1, 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="top-level comma"):
        grid(config, ("rules.rest_hours", ["6,7", "8"]), WOOD, 1, 10)
    with pytest.raises(ConfigError, match="both settings"):
        grid(config, WOOD, WOOD, 1, 10)
