"""`odds --format json` and `--format csv` describe themselves (docs/odds.md, "What produced
a report"): the JSON records the version, the config and its hash, the seed, the nights and
the command that prints it again; the CSV is the same numbers as one table a spreadsheet reads."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nightsim import __version__
from nightsim.cli import main
from nightsim.config import default_config_path, load_config
from nightsim.editions import CURRENT_EDITION
from nightsim.log.writer import canonical_json
from nightsim.measures import TABLES
from nightsim.narration.produced import COLUMNS as PRODUCED_COLUMNS
from tests.helpers.manual import manual_block, regen_tool

ROOT = Path(__file__).resolve().parents[2]


def odds_out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["odds", "--jobs", "1", *argv]) == 0
    return capsys.readouterr().out


def odds_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(odds_out(capsys, *argv, "--format", "json"))
    return result


def odds_csv(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(odds_out(capsys, *argv, "--format", "csv"))))


# --- json: what produced it ---------------------------------------------------------------


def test_the_json_records_version_config_hash_seed_and_nights(
    capsys: pytest.CaptureFixture[str],
) -> None:
    r = odds_json(capsys, "--nights", "120", "--seed", "7", "--set", "camp.season=winter")
    config = load_config(default_config_path(), ["camp.season=winter"])
    assert list(r)[:5] == ["nightsim", "command", "produced_by", "rng", "config_sha256"]
    assert r["produced_by"] == {
        "nightsim": __version__,
        "config": None,  # the bundled default
        "config_sha256": r["config_sha256"],
        "set": ["camp.season=winter"],
        "seed": 7,
        "nights": 120,
        "rng": "sha256-uniform-v2",
        "edition": CURRENT_EDITION,
    }
    assert list(r)[-1] == "config"
    assert r["nightsim"] == __version__
    # The dice: the same seed rolls other nights under other dice (docs/dice.md).
    assert r["rng"] == "sha256-uniform-v2"
    assert r["config"] == config.canonical()
    digest = hashlib.sha256(canonical_json(config.canonical()).encode()).hexdigest()
    assert r["config_sha256"] == digest
    assert (r["seed"], r["nights"], r["nights_per_journey"]) == (7, 120, 1)
    assert r["command"] == [
        "nightsim",
        "odds",
        "--set",
        "camp.season=winter",
        "--seed",
        "7",
        "--nights",
        "120",
        "--format",
        "json",
    ]


def test_another_config_has_another_hash(capsys: pytest.CaptureFixture[str]) -> None:
    plain = odds_json(capsys, "--nights", "50", "--seed", "7")
    winter = odds_json(capsys, "--nights", "50", "--seed", "7", "--set", "camp.season=winter")
    assert plain["config_sha256"] != winter["config_sha256"]
    assert len(plain["config_sha256"]) == 64


def rerun(command: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert command[:2] == ["nightsim", "odds"] and "--jobs" not in command
    assert main(command[1:]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        # A fresh seed, the default 10,000 nights: both recorded as used.
        pytest.param([], marks=pytest.mark.slow),
        ["--nights", "50", "--nights-per-journey", "3"],  # rounded up to 51: recorded
        ["--nights", "40", "--seed", "-a phrase/with slash"],
        ["--nights", "30", "--seed", "007", "--rank-rotas", "--watchers", "2", "--top", "4"],
        # --compare (docs/odds.md): the items that made config B, and several K.
        ["--nights", "30", "--seed", "2", "--compare", "camp.encounter_chance=4"],
        ["--nights", "20", "--seed", "1", "--rank-rotas", "--watchers", "1,2", "--top", "2"],
    ],
)
def test_the_recorded_command_prints_the_same_json(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Run odds, then the command it recorded: the same JSON, byte for byte (--jobs 2 on
    the first run: the command leaves it out, as it cannot change the result)."""
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "-camp.toml"  # a name that looks like an option
    config.write_text(default_config_path().read_text(encoding="utf-8"), encoding="utf-8")
    argv = ["--set", "party.Moss.con=4", *argv, "--format", "json"]
    assert main(["odds", "--jobs", "2", *argv, "--", "-camp.toml"]) == 0
    first = capsys.readouterr().out
    command = json.loads(first)["command"]
    assert command[2] == "./-camp.toml"
    assert rerun(command, capsys) == first


@pytest.mark.slow
def test_the_recorded_command_runs_as_a_process(tmp_path: Path) -> None:
    """The argv as a tool runs it (no shell): `python -m nightsim` for `nightsim`."""
    argv = [sys.executable, "-m", "nightsim", "odds", "--nights", "60", "--format", "json"]
    first = subprocess.run(argv, capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    command = json.loads(first)["command"]
    again = subprocess.run(
        [sys.executable, "-m", *command], capture_output=True, text=True, check=True, cwd=tmp_path
    ).stdout
    assert again == first


def test_a_changed_config_file_shows_in_the_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command names the file; the hash beside it tells whether it still holds the
    config that gave the result."""
    path = tmp_path / "camp.toml"
    path.write_text(default_config_path().read_text(encoding="utf-8"), encoding="utf-8")
    first = odds_json(capsys, str(path), "--nights", "30", "--seed", "1")
    path.write_text(
        path.read_text(encoding="utf-8").replace('month = "Reedwryme"', 'month = "Chysting"'),
        encoding="utf-8",
    )
    assert main(first["command"][1:]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["command"] == first["command"]
    assert again["config_sha256"] != first["config_sha256"]


# --- csv: the same numbers, one table -----------------------------------------------------

PARTY = ["encounter", "rota_broken", "fire_lasts", "nobody_awake", "nobody_awake_given_encounter"]
CHARACTER = ["surprised", "full_rest", "exhausted", "spell_lost"]


def cell(est: dict[str, Any] | None, key: str) -> str:
    """What the CSV holds for an estimate's p/low/high: the JSON's number, or nothing."""
    if est is None or est[key] is None:
        return ""
    return repr(est[key])


def bounds(measure: str) -> list[tuple[str, str]]:
    return [(measure, "p"), (f"{measure}_low", "low"), (f"{measure}_high", "high")]


def check_row(row: dict[str, str], ests: dict[str, Any], measures: list[str]) -> None:
    for m in measures:
        for column, key in bounds(m):
            assert row[column] == cell(ests.get(m), key), (column, row)
            if row[column]:
                assert float(row[column]) == ests[m][key]


@pytest.mark.parametrize(
    "argv",
    [
        ["--nights", "300", "--seed", "7"],
        ["--nights", "60", "--seed", "3", "--nights-per-journey", "4"],
        ["--nights", "40", "--seed", "3", "--set", "camp.encounter_chance=0"],  # no cases
    ],
)
def test_the_csv_is_the_jsons_numbers(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    r = odds_json(capsys, *argv)
    rows = odds_csv(capsys, *argv)
    pr = r["probabilities"]
    names = list(pr["surprised"])
    comes = [("table", t) for t in TABLES] + [("creature", c) for c in pr["creature"]]
    assert [(row["level"], row["name"]) for row in rows] == [("party", "")] + [
        ("character", name) for name in names
    ] + comes
    party, *characters = rows[: 1 + len(names)]
    # What comes: each table's and creature's chance a night, in the `comes` columns.
    for row, (level, name) in zip(rows[1 + len(names) :], comes, strict=True):
        est = pr[f"table_{name}"] if level == "table" else pr["creature"][name]
        assert [row["comes"], row["comes_low"], row["comes_high"]] == [
            str(est[k]) for k in ("p", "low", "high")
        ]
        assert row["encounter"] == row["surprised"] == ""
    assert party["comes"] == characters[0]["comes"] == ""
    check_row(party, pr, PARTY)
    check_row(party, {}, CHARACTER)  # empty: not the party's measures
    for row, name in zip(characters, names, strict=True):
        check_row(row, {m: pr[m].get(name) for m in CHARACTER if name in pr[m]}, CHARACTER)
        check_row(row, {}, PARTY)
    assert characters[0]["spell_lost"] == ""  # Sir Aldric casts no spells
    assert characters[1]["spell_lost"] != ""  # Sister Ysolde does
    assert "%" not in odds_out(capsys, *argv, "--format", "csv")


def test_no_cases_is_an_empty_cell(capsys: pytest.CaptureFixture[str]) -> None:
    (party, *_) = odds_csv(
        capsys, "--nights", "20", "--seed", "3", "--set", "camp.encounter_chance=0"
    )
    assert party["encounter"] == "0.0"
    assert party["nobody_awake_given_encounter"] == ""
    assert party["nobody_awake_given_encounter_low"] == ""


def test_names_that_need_quoting_survive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name with a comma, a quote or non-ASCII letters reads back as it was."""
    name = 'Ярослав "the Bold", 🐺'
    path = tmp_path / "camp.toml"
    text = default_config_path().read_text(encoding="utf-8")
    path.write_text(text.replace('"Wren"', json.dumps(name, ensure_ascii=False)), encoding="utf-8")
    rows = odds_csv(capsys, str(path), "--nights", "20", "--seed", "3")
    assert [r["name"] for r in rows if r["level"] == "character"][-1] == name


def test_the_rank_csv_is_the_rank_jsons_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--rank-rotas", "--watchers", "2", "--nights", "40", "--seed", "5", "--top", "5"]
    r = odds_json(capsys, *argv)
    rows = odds_csv(capsys, *argv)
    assert list(rows[0]) == [
        "rank",
        "watch_1",
        "watch_2",
        *(c for m in ROTA for c, _ in bounds(m)),
        # --rank-rotas (docs/odds.md): the paired difference from the best, then the tie and K.
        *(c for m in VS_BEST for c, _ in bounds(f"vs_best_{m}")),
        "tied_with_best",
        "watchers",
        # What comes on the ranking's nights: each table's, each creature's chance a night.
        *(c for t in TABLES for c, _ in bounds(f"table_{t}")),
        *(c for n in r["comes"]["creature"] for c, _ in bounds(f"creature:{n}")),
        "comes_same",
        *PRODUCED_COLUMNS,
    ]
    assert len(rows) == len(r["top"]) == 5
    for row in rows:
        for t in TABLES:
            assert row[f"table_{t}"] == repr(r["comes"][f"table_{t}"]["p"])
        for n, est in r["comes"]["creature"].items():
            assert row[f"creature:{n}_high"] == repr(est["high"])
        assert row["comes_same"] == str(r["comes_same"])
    for row, top in zip(rows, r["top"], strict=True):
        assert int(row["rank"]) == top["rank"]
        assert [row["watch_1"], row["watch_2"]] == top["rota"]
        check_row(row, top, ROTA)
        vs = top["vs_best"] or {}
        for m in VS_BEST:
            d = vs.get(m)
            columns = [column for column, _ in bounds(f"vs_best_{m}")]
            for column, key in zip(columns, ("diff", "low", "high"), strict=True):
                assert row[column] == ("" if d is None else repr(d[key])), (column, row)
        tied = top["tied_with_best"]
        assert row["tied_with_best"] == str(tied)  # True for the best itself
        assert row["watchers"] == "2"
    assert rows[0]["vs_best_full_rest"] == ""  # the best: no difference from itself
    assert rows[1]["vs_best_full_rest"] != ""


ROTA = ["someone_awake_given_encounter", "full_rest", "spells_kept", "rota_broken"]
VS_BEST = ["someone_awake_given_encounter", "full_rest"]


# --- the manual shows real output ---------------------------------------------------------


def readme_block(command: str) -> list[str]:
    return manual_block(command).splitlines()


# The one matcher of an elided block ("…" stands for any run of lines): the regenerator's,
# which rewrites these blocks, so the test and the tool agree on what a block shows.
matches = regen_tool().matches


@pytest.mark.usefixtures("golden_release")
@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_the_readme_examples_are_real_runs(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Regenerate with the command shown (its output is deterministic) when a change of the
    config's canonical form, the version or the engine changes it on purpose."""
    command = f"nightsim odds --nights 1000 --seed 7 --format {fmt}"
    real = odds_out(capsys, *command.split()[2:]).splitlines()
    assert matches(readme_block(command), real), "\n".join(real[:40])


def test_the_readme_matcher_is_strict() -> None:
    real = ["{", "  a", "  b", "  c", "}"]
    assert matches(["{", "  a", "  …", "}"], real)
    assert matches(["{", "…", "  c", "…", "}"], real)
    assert not matches(["{", "  b", "…", "}"], real)
    assert not matches(["{", "…", "  x", "…", "}"], real)
    assert not matches(["{", "  a"], real)
