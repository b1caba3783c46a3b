"""`odds --sweep` and `nightsim.sweep`: one setting over several values on the same nights,
each paired against the first; its page, and the pages of `--compare` and the ranking."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from nightsim import ConfigError, compare, load_config, sweep, write_log
from nightsim.cli import main
from nightsim.config import default_config_path
from nightsim.narration.produced import COLUMNS
from nightsim.stats.sweep import split_sweep


def _out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["odds", "--jobs", "1", "--seed", "3", *argv]) == 0
    return capsys.readouterr().out


def test_each_value_is_the_compare_of_the_first_and_it() -> None:
    """A sweep is --compare of the first value against each other, on the same nights."""
    base = load_config(default_config_path())
    report = sweep(base, "rules.rest_hours", ["6", "8", "10"], 3, 300)
    assert report["values"] == ["6", "8", "10"] and report["setting"] == "rules.rest_hours"
    six = load_config(default_config_path(), ["rules.rest_hours=6"])
    for i, value in ((1, "8"), (2, "10")):
        other = load_config(default_config_path(), [f"rules.rest_hours={value}"])
        pair = compare(six, other, 3, 300)
        for m, row in zip(report["measures"], pair["measures"], strict=True):
            assert (m["measure"], m["character"]) == (row["measure"], row["character"])
            first, point = m["points"][0], m["points"][i]
            assert first["vs_first"] is None and first["estimate"] == row["a"]
            assert point["estimate"] == row["b"] and point["value"] == value
            vs = point["vs_first"]
            assert vs is not None
            assert {k: vs[k] for k in vs} == {k: row[k] for k in vs}  # type: ignore[literal-required]
    fire = next(m for m in report["measures"] if m["measure"] == "fire_lasts")
    assert all(p["vs_first"]["clear"] for p in fire["points"][1:])  # type: ignore[index]


@pytest.mark.parametrize(
    ("item", "values"),
    [
        ("rules.rest_hours=6,7", ["6", "7"]),
        ("watch.rota=['Moss','Wren'], ['Wren','Moss']", ["['Moss','Wren']", "['Wren','Moss']"]),
        ('camp.terrain="a, b",open', ['"a, b"', "open"]),
    ],
)
def test_a_comma_in_brackets_or_quotes_belongs_to_the_value(item: str, values: list[str]) -> None:
    assert split_sweep(item) == (item.partition("=")[0], values)


@pytest.mark.parametrize(
    ("item", "said"),
    [
        ("rules.rest_hours", "expected KEY=V1,V2"),
        ("rules.rest_hours=6", "two or more values"),
        ("rules.rest_hours=6,,7", "two or more values"),
        ("rules.rest_hours=6,7,6", "'6' is given twice"),
        ("rules.rest_hours=8,+8", "'8' and '\\+8' are the same value"),
        ("camp.season=winter,'winter'", "'winter' and \"'winter'\" are the same value"),
        ('watch.rota=["Wren"],[ "Wren" ]', "are the same value"),
        ("party.Wren.con=[1,2", "a bracket or quote is not closed"),
        ('camp.terrain="bog,open', "a bracket or quote is not closed"),
        ("x=" + ",".join(map(str, range(13))), "at most 12"),
    ],
)
def test_a_bad_sweep_is_refused_naming_it(item: str, said: str) -> None:
    with pytest.raises(ConfigError, match=said):
        split_sweep(item)


def test_the_cli_refuses_a_value_that_makes_no_config(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--sweep", "rules.rest_hours=6,99"]) == 2
    err = capsys.readouterr().err
    assert "--sweep rules.rest_hours=99: " in err and "16" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--sweep", "rules.rest_hours=8,[1,,]"], "--sweep rules.rest_hours: '[1,,]' is not a"),
        (
            ["--grid", "rules.rest_hours=8,[1,,]", "--grid", "camp.light_fire=true,false"],
            "--grid rules.rest_hours: '[1,,]' is not a TOML",
        ),
        (["--sweep", "party.Nobody.con=3,4"], "--sweep party.Nobody.con: no party member"),
        (
            ["--sweep", "watch.rota=[Moss,Wren],[Wren,Moss]"],
            """--sweep 'watch.rota=["Moss", "Wren"],\u2026'""",
        ),
        (["--compare", "watch.rota=[Moss,Wren]"], """--compare 'watch.rota=["Moss", "Wren"]'"""),
    ],
)
def test_a_value_that_is_no_toml_is_blamed_on_its_own_option(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """An item of `--sweep`, `--grid` or `--compare` is a `--set` item, but the mistake is
    told as the option the referee typed, its example too."""
    assert main(["odds", "--nights", "10", *argv]) == 2
    (err,) = capsys.readouterr().err.splitlines()
    assert said in err and "--set" not in err
    if "[1,,]" in err:  # numbers gone wrong are no names to quote
        assert "quote each name" not in err


def test_the_same_compare_key_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--compare", "camp.encounter_chance=2", "--compare", "camp.encounter_chance=3"]
    assert main(["odds", *argv]) == 2
    err = capsys.readouterr().err
    assert "'camp.encounter_chance' is already set by --compare" in err


def test_text_json_csv_and_the_page_hold_the_same_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--nights", "200", "--sweep", "rules.rest_hours=6,8", "--set", "camp.season=winter"]
    r = json.loads(_out(capsys, *argv, "--format", "json"))
    assert list(r)[:3] == ["nightsim", "command", "produced_by"]
    assert r["produced_by"]["set"] == ["camp.season=winter"] and r["produced_by"]["nights"] == 200
    assert r["command"][-4:] == ["--sweep", "rules.rest_hours=6,8", "--format", "json"]
    rows = list(csv.DictReader(io.StringIO(_out(capsys, *argv, "--format", "csv"))))
    assert len(rows) == 2 * len(r["measures"])
    assert list(rows[0])[-len(COLUMNS) :] == list(COLUMNS)
    fire = [row for row in rows if row["measure"] == "fire_lasts"]
    (m,) = [m for m in r["measures"] if m["measure"] == "fire_lasts"]
    assert [float(row["p"]) for row in fire] == [p["estimate"]["p"] for p in m["points"]]
    assert fire[0]["diff"] == "" and float(fire[1]["diff"]) == m["points"][1]["vs_first"]["diff"]
    assert json.loads(fire[0]["set"]) == ["camp.season=winter"]
    text = _out(capsys, *argv)
    assert "rules.rest_hours at 6, 8 over the same 200 nights, each against 6" in text
    flat = " ".join(text.split())  # the last sentence wraps at the console's width
    assert "Produced by nightsim" in flat and "with --set camp.season=winter;" in flat
    page = _out(capsys, *argv, "--format", "html")
    assert page.count('<svg class="sweep"') == len(r["measures"])
    assert 'class="pt first"' in page and ('class="pt clear"' in page)
    assert "Produced by nightsim" in page


def test_the_compare_page_and_the_ranking_page_say_what_is_clear(
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = _out(
        capsys, "--nights", "300", "--compare", "camp.encounter_chance=4", "--format", "html"
    )
    assert "B against A" not in page or "camp.encounter_chance=4" in page
    assert 'class="pt clear"' in page and 'class="pt first"' in page
    rank = _out(capsys, "--nights", "300", "--rank-rotas", "--top", "6", "--format", "html")
    assert rank.count('<g class="dot best"') == 1
    assert "Rotas tied with the best" in rank or "No rota is tied" in rank
    assert '<tr class="best">' in rank


def test_write_log_is_the_run_log_and_never_overwrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = load_config(default_config_path())
    path = tmp_path / "night.jsonl"
    head = write_log(path, config, 9)
    assert (
        main(["run", "--seed", "9", "--log", str(tmp_path / "run.jsonl"), "--format", "jsonl"]) == 0
    )
    capsys.readouterr()
    assert path.read_bytes() == (tmp_path / "run.jsonl").read_bytes()
    assert json.loads(path.read_text().splitlines()[-1])["hash"] == head
    with pytest.raises(FileExistsError):
        write_log(path, config, 10)
    assert json.loads(path.read_text().splitlines()[0])["seed"] == 9
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.jsonl", "run.jsonl"]  # no temp
    with pytest.raises(ValueError, match="seed"):
        write_log(tmp_path / "x.jsonl", config, -1)
    assert not (tmp_path / "x.jsonl").exists()


def test_what_comes_in_a_sweep_is_the_same_bytes_whatever_the_jobs() -> None:
    # The fire's one effect on danger (the table rolled) shows as paired differences in what
    # comes, and the sums behind them do not depend on how the nights are split.
    config = load_config(default_config_path())
    one = sweep(config, "camp.light_fire", ["true", "false"], "comes", 400, jobs=1)
    two = sweep(config, "camp.light_fire", ["true", "false"], "comes", 400, jobs=2)
    assert json.dumps(one) == json.dumps(two)
    rows = {(m["measure"], m["creature"]): m["points"] for m in one["measures"]}
    fire = rows[("table_night_fire", None)][1]
    vs_first = fire["vs_first"]
    assert fire["estimate"]["k"] == 0 and vs_first is not None and vs_first["clear"]
    wolves = rows[("creature", "a pack of wolves")][1]["vs_first"]  # on both tables
    assert wolves is not None and wolves["identical"]


def test_every_line_s_chances_give_the_difference_it_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A value's chance and the first value's, as printed, give the difference printed
    beside (to its tenth): where one decimal would not, the measure's chances get two, as
    the grid words its cells (docs/odds.md, "How the numbers are worded")."""
    import re

    text = _out(capsys, "--nights", "2000", "--seed", "1", "--sweep", "rules.rest_hours=6,7,8,9")
    line = re.compile(r"^(.*) · ([^:]+): ([\d.]+)%(?:, ([+\u2212]?[\d.]+) points)?")
    first: dict[str, float] = {}
    two = checked = 0
    for found in filter(None, map(line.match, text.splitlines())):
        measure, p, diff = found[1], float(found[3]), found[4]
        two += len(found[3].split(".")[1]) == 2
        if measure not in first:
            first[measure] = p
        elif diff is not None:
            shown = float(diff.replace("\u2212", "-"))
            assert abs((p - first[measure]) - shown) <= 0.05 + 1e-9, found[0]
            checked += 1
    assert checked > 10 and two > 0  # the seed has measures that need two decimals


def test_a_second_sweep_is_refused_not_put_in_the_first_s_place(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["odds", "--sweep", "rules.rest_hours=6,7", "--sweep", "camp.light_fire=true,false"]
    assert main(argv) == 2
    (err,) = capsys.readouterr().err.splitlines()
    assert "--sweep: given twice; one setting at a time (two settings: --grid)" in err


def test_a_hint_s_command_keeps_the_shell_s_quotes_in_ukrainian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """«…» are for values told in a sentence; the example command is typed into a shell."""
    argv = ["odds", "--sweep", "watch.rota=[Moss,Wren],[Wren,Moss]", "--lang", "uk"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert """--sweep 'watch.rota=["Moss", "Wren"],\u2026'""" in err and "«[Moss,Wren]»" in err


@pytest.mark.parametrize(
    "value", ["9" * 5000, "[" * 3000 + "]" * 3000], ids=["past-the-digit-limit", "too-deep"]
)
def test_a_value_toml_cannot_read_is_refused_in_one_line(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Telling two spellings of one value apart reads each value as TOML: one that Python
    cannot hold still ends in a refusal naming the item, never a traceback."""
    argv = ["odds", "--sweep", f"party.Moss.con=12,{value}", "--nights", "5", "--jobs", "1"]
    assert main(argv) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("nightsim: error: --sweep"), line[:200]
