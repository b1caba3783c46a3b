"""Echoes of huge input (docs/limits.md, "Limits"): `--nights`, `--jobs` and the like with
thousands of digits and seeds of 100,000 characters are shown cut to MAX_SHOWN in every
message of run, odds, whatif and verify; `odds` tells a fresh seed only once every usage
check has passed."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.limits import MAX_SHOWN

DIGITS = "9" * 3000  # under Python's 4,300-digit conversion limit: argparse takes it as an int
SEED = "x" * 100_000
# A message: a prefix, a few words and at most a couple of values of MAX_SHOWN characters.
LINE_MAX = 4 * MAX_SHOWN + 120


def short_lines(text: str) -> None:
    for line in text.splitlines():
        assert len(line) <= LINE_MAX, f"{len(line)} characters: {line[:120]}…"


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("echo") / "night.jsonl"
    assert main(["run", "--seed", "9", "--quiet", "--log", str(path)]) == 0
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--nights", DIGITS, "--no-log"],
        ["run", "--nights", "-" + DIGITS, "--no-log"],
        ["odds", "--nights", DIGITS],
        ["odds", "--jobs", DIGITS],
        ["odds", "--nights-per-journey", DIGITS],
        ["odds", "--rank-rotas", "--top", "-" + DIGITS],
        ["odds", "--rank-rotas", "--watchers", DIGITS],
        ["odds", "--rank-rotas", "--watchers", "9" * 5000],
    ],
)
def test_thousands_of_digits_are_echoed_cut(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    assert "…" in err and len(err) < LINE_MAX, err[:200]


@pytest.mark.parametrize(
    "extra",
    [
        ["--nights", DIGITS],
        ["--nights", "5", "--jobs", DIGITS],
        ["--night", DIGITS],
        ["--night", "-" + DIGITS],
    ],
)
def test_whatif_echoes_its_numbers_cut(
    extra: list[str], logged: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["whatif", str(logged), "--set", "camp.season=winter", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert "…" in err and len(err) < LINE_MAX, err[:200]


def test_a_long_seed_is_echoed_cut_by_run_verify_and_whatif(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "long.jsonl"
    assert main(["run", "--seed", SEED, "--quiet", "--log", str(log)]) == 0
    out, err = capsys.readouterr()
    short_lines(err)
    assert f"seed: {'x' * (MAX_SHOWN - 1)}…  log: " in err
    assert main(["verify", str(log)]) == 0
    out, err = capsys.readouterr()
    short_lines(out + err)
    assert main(["whatif", str(log), "--set", "camp.season=winter"]) == 0
    out, err = capsys.readouterr()
    short_lines(err)
    assert SEED not in out
    # A failing run says how to tell the night again: the flags cut like any echo.
    assert main(["run", "--seed", SEED, "--log", str(log)]) == 2
    short_lines(capsys.readouterr().err)


def test_a_long_seed_is_echoed_cut_by_odds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--seed", SEED, "--nights", "20", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    short_lines(err)
    assert f"seed: {'x' * (MAX_SHOWN - 1)}…  (repeat with --seed " in err
    assert main(["odds", "--seed", SEED, "--nights", "20", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert SEED in out  # the JSON's own command is data, whole: it gives the numbers again
    short_lines(err)


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "--compare", "party.Nobody.con=3"],
        ["odds", "--compare", "camp.season=spring", "--compare", "camp.season=monsoon"],
        ["odds", "--rank-rotas", "--watchers", "9"],
        ["odds", "--rank-rotas", "--set", 'watch.rota=["Moss","Wren","Moss","Wren"]', "--nights",
         "100000000"],
        ["odds", "--rank-rotas", "--nights", "5000000"],
    ],
)  # fmt: skip
def test_odds_prints_a_fresh_seed_only_after_its_usage_checks(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "seed:" not in err, err
    assert len(err.splitlines()) == 1 and err.startswith("nightsim: error: ")


@pytest.mark.parametrize(
    "extra",
    [
        [],
        ["--nights-per-journey", "7"],
        ["--compare", "camp.season=winter"],
        ["--sweep", "rules.rest_hours=7,8"],
        ["--rank-rotas", "--top", "1"],
    ],
)
def test_odds_tells_a_fresh_seed_once_before_the_nights(
    capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    """Before the nights (a stop still tells it), with the flags that repeat the report; the
    end does not say it again, as `run` does not."""
    assert main(["odds", "--nights", "20", "--jobs", "1", *extra]) == 0
    out, err = capsys.readouterr()
    said = [line for line in err.splitlines() if line.startswith("seed: ")]
    assert len(said) == 1 and err.count(said[0].split()[1]) == 2, err  # its line's two
    assert err.splitlines()[0] == said[0]
    seed = said[0].split()[1]
    nights = "21" if extra[:1] == ["--nights-per-journey"] else "20"
    assert f"(repeat with --seed {seed} --nights {nights}" in said[0]
    given = main(["odds", "--nights", "20", "--jobs", "1", "--seed", seed, *extra])
    assert given == 0
    again = capsys.readouterr()
    assert again.out == out  # the flags said give the same report
    assert again.err.splitlines()[-1] == said[0]


def test_run_says_a_fresh_seed_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Said before the night (to tell it again), the fresh seed is not said again after."""
    log = tmp_path / "n.jsonl"
    assert main(["run", "--quiet", "--log", str(log)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert sum(line.startswith("seed: ") for line in err) == 1
    assert err[-2:][0] == f"log: {log}" and err[-1].startswith("head: ")
