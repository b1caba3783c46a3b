"""The ready camps (`configs/`, one copy in `nightsim/data/configs/`): each loads, `check`s
with no warning its own comments do not explain, plays a night, runs from the repository's
root as `nightsim run configs/X.toml`; `init --list` names them and `init --from` copies one."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

from nightsim import load_config, narrate, simulate
from nightsim.cli import main
from nightsim.cli.init import ready_camps, summary
from nightsim.config.checkup import checkup

ROOT = Path(__file__).resolve().parents[2]
PACKAGED = ROOT / "nightsim" / "data" / "configs"
CAMPS = sorted(p.stem for p in PACKAGED.glob("*.toml"))
# A warning a camp keeps on purpose is explained in its comments as "# - warn.KEY: why".
_EXPLAINED = re.compile(r"^# - (warn\.[a-z_]+):", re.MULTILINE)


def test_the_camps_the_manual_promises_are_there() -> None:
    assert CAMPS == [
        "bog-in-heavy-rain",
        "changing-weather-journey",
        "party-of-six",
        "summer-meadow-quick",
        "two-casters",
        "ukrainian-party",
        "winter-hill-fire",
    ]


def test_configs_is_the_packaged_copy() -> None:
    """One copy: the repository's configs/ is a link to the package's, which the wheel ships
    (pyproject.toml's package-data; `pip wheel . --no-deps` lists them)."""
    top = ROOT / "configs"
    assert top.is_symlink()
    assert top.resolve() == PACKAGED.resolve()
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = data["tool"]["setuptools"]["package-data"]["nightsim"]
    for camp in PACKAGED.glob("*.toml"):
        inside = camp.relative_to(ROOT / "nightsim").as_posix()
        assert any(fnmatch.fnmatch(inside, g) for g in globs), inside


@pytest.mark.parametrize("name", CAMPS)
def test_each_camp_checks_with_only_the_warnings_it_explains(name: str) -> None:
    path = PACKAGED / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    warned = {w.key for w in checkup(load_config(path)).warnings}
    assert warned == set(_EXPLAINED.findall(text)), name
    assert text.startswith("# Ready camp: ")


@pytest.mark.parametrize("name", CAMPS)
def test_each_camp_plays_a_night_and_is_told(name: str) -> None:
    config = load_config(PACKAGED / f"{name}.toml")
    nights = len(config.camp.weather_by_night or ()) or 1
    night = simulate(config, 1, nights=nights)
    assert night.events[-1].type == "night.summary"
    assert len(night.outcomes) == nights
    lang = "uk" if name.startswith("ukrainian") else "en"
    assert narrate(night.events, lang=lang, width=80)


@pytest.mark.parametrize("name", CAMPS)
def test_run_from_the_repository_root(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["run", f"configs/{name}.toml", "--seed", "1", "--no-log", "--quiet"]) == 0
    assert "Morning" in capsys.readouterr().out or name.startswith("ukrainian")


def test_the_ukrainian_party_is_told_in_ukrainian(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    argv = ["run", "configs/ukrainian-party.toml", "--seed", "1", "--no-log", "--lang", "uk"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Ніч 1" in out and "Остап" in out


def test_the_journey_camp_names_each_nights_weather(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    argv = ["run", "configs/changing-weather-journey.toml", "--nights", "7", "--seed", "1"]
    assert main([*argv, "--no-log"]) == 0
    titles = [line for line in capsys.readouterr().out.splitlines() if "─ Night " in line]
    weathers = ("dry", "damp", "damp", "heavy rain", "heavy rain", "damp", "snow")
    assert [t.strip("─ ").rsplit(" \u00b7 ", 1)[1] for t in titles] == list(weathers)


def test_init_list_names_every_camp_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    camps = ready_camps()
    assert list(camps) == CAMPS
    for name, line in zip(CAMPS, lines, strict=False):
        assert line.split()[0] == name
        assert line.endswith(summary(camps[name]))
        assert "\n" not in summary(camps[name]) and summary(camps[name])
    assert lines[-1] == "write one with: nightsim init --from NAME [PATH]"


def test_init_from_copies_a_camp_and_never_overwrites(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "--from", "two-casters"]) == 0
    written = tmp_path / "two-casters.toml"
    assert written.read_text(encoding="utf-8") == (PACKAGED / "two-casters.toml").read_text(
        encoding="utf-8"
    )
    assert main(["init", "--from", "party-of-six.toml", "six.toml"]) == 0
    assert (tmp_path / "six.toml").read_bytes() == (PACKAGED / "party-of-six.toml").read_bytes()
    capsys.readouterr()
    written.write_text("# mine\n")
    assert main(["init", "--from", "two-casters"]) == 2
    assert written.read_text() == "# mine\n"
    assert "already exists" in capsys.readouterr().err


def test_init_from_an_unknown_camp_names_the_known_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "--from", "moor"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "'moor'" in err and all(name in err for name in CAMPS)
    assert list(tmp_path.iterdir()) == []


def test_init_list_takes_no_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init", "--list", "x.toml"]) == 2
    assert "--list" in capsys.readouterr().err


def test_init_list_in_ukrainian_tells_every_camp_in_ukrainian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each ready camp has its Ukrainian line in the catalogue (a new camp without one fails
    here), and nothing of the English lines is left."""
    from nightsim.narration.catalogue_en import EN
    from nightsim.narration.catalogue_uk import UK

    assert main(["init", "--list", "--lang", "uk"]) == 0
    lines = capsys.readouterr().out.splitlines()
    camps = ready_camps()
    for name, line in zip(CAMPS, lines, strict=False):
        assert EN[f"camp.{name}"] == summary(camps[name])  # the English is the file's line
        assert line == f"{name:<{max(map(len, camps))}}  {UK[f'camp.{name}']}"
        assert not re.search(
            r"\b(the|party|with|a)\b", line.split(None, 1)[1].replace("--lang uk", "")
        )
    assert lines[-1] == UK["init.write_one"]
