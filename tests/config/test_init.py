"""`nightsim init`: a commented starter config that loads and checks cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightsim import load_config, simulate
from nightsim.cli import main
from nightsim.cli.init import starter_text
from nightsim.config.checkup import checkup


def test_init_writes_a_config_that_loads_and_checks_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init"]) == 0
    path = tmp_path / "camp.toml"
    assert path.read_text(encoding="utf-8") == starter_text()
    assert "camp.toml" in capsys.readouterr().err
    cfg = load_config(path)
    assert checkup(cfg).warnings == ()  # no likely mistakes in the example we hand out
    assert main(["check", str(path)]) == 0
    assert "No warnings." in capsys.readouterr().out
    assert simulate(cfg, 1).events[-1].type == "night.summary"


def test_init_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("# my own camp\n")
    assert main(["init", str(path)]) == 2
    assert path.read_text() == "# my own camp\n"
    assert "already exists" in capsys.readouterr().err


def test_init_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init", "-"]) == 0
    assert capsys.readouterr().out == starter_text()


def test_init_into_a_missing_folder_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path / "no" / "such" / "camp.toml")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_starter_explains_every_section() -> None:
    text = starter_text()
    for section in ("[camp]", "[rules]", "[[party]]", "[evening]", "[watch]", "[encounters]"):
        assert section in text
    # every key-value line in the template carries a comment or sits under one
    assert text.count("#") > 40


def test_starter_rota_does_not_leave_every_watcher_exactly_six_hours() -> None:
    # rules.md 5: three watches over 9 h (as 4 x 2 h over 8 h) trip `check`'s six-hour
    # warning; the starter rests 10 hours so each watcher sleeps 6h40 and an encounter need
    # not cost full rests. Its casters are woken for no watch (rules.md 6.2, edition 2).
    from nightsim.config import parse_config

    cfg = parse_config(starter_text())
    assert cfg.rules.rest_hours == 10
    slept = {c.name: c.sleep_max_minutes for c in checkup(cfg).characters}
    assert slept == {"Brother Anselm": 400, "Marta": 400, "Pip": 400, "Hollis": 600}
    nine = parse_config(starter_text(), ["rules.rest_hours=9"])
    assert [w.key for w in checkup(nine).warnings] == ["warn.six_hours"]


def test_init_in_ukrainian_writes_the_same_camp_told_in_ukrainian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`init --lang uk`: the starter's comments in Ukrainian, and its party, spells and
    creatures (the referee's own words) too; every setting the same as the English one's,
    so the docs' account of the starter holds for both."""
    import re
    import tomllib

    path = tmp_path / "camp.toml"
    assert main(["init", str(path), "--lang", "uk"]) == 0
    capsys.readouterr()
    text = path.read_text(encoding="utf-8")
    assert text == starter_text("uk") != starter_text()
    comments = " ".join(line.partition("#")[2] for line in text.splitlines() if "#" in line)
    english = set(re.findall(r"\b[a-z]{4,}\b", re.sub(r'"[^"]*"|\S*[=_.]\S*', " ", comments)))
    # what stays English: the terrains and seasons a key takes, and the commands
    assert english <= {"open", "forest", "farmland", "fungal", "hills", "meadow", "hilly",
                       "tangled", "boggy", "craggy", "swamp", "thorny", "winter", "spring",
                       "summer", "autumn", "nightsim", "check", "auto", "lang", "damp",
                       "snow", "heavy", "rain", "normal", "adverse", "shifts", "hours",
                       "name", "night", "fire", "they", "camp", "toml", "seed", "party",
                       "watch", "rules", "true", "false", "eaters"}, english  # fmt: skip
    uk, en = tomllib.loads(text), tomllib.loads(starter_text())
    assert uk["camp"] == en["camp"] and uk["rules"] == en["rules"]
    strings = {"name", "spells"}
    for a, b in zip(uk["party"], en["party"], strict=True):
        assert {k: v for k, v in a.items() if k not in strings} == {
            k: v for k, v in b.items() if k not in strings
        }
    cfg = load_config(path)
    assert checkup(cfg).warnings == ()
    assert main(["check", str(path), "--lang", "uk"]) == 0
    assert "Попереджень немає." in capsys.readouterr().out


def test_a_ready_camp_in_ukrainian_says_what_it_is_in_ukrainian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`init --from NAME --lang uk`: the first line as `--list` tells the camp; the camp made
    for a Ukrainian table is commented in Ukrainian throughout, another says its comments
    are English. The English file is the repository's, byte for byte."""
    import re

    from nightsim.cli.init import ready_camps

    for name in ("two-casters", "ukrainian-party"):
        path = tmp_path / f"{name}.toml"
        assert main(["init", "--from", name, str(path), "--lang", "uk"]) == 0
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# Готовий табір: ") and load_config(path)
        english = "(Коментарі нижче — англійською" in text
        assert english is (name != "ukrainian-party")
    comments = [line.partition("#")[2] for line in text.splitlines()[1:] if "#" in line]
    comments = [c for c in comments if not c.strip().startswith("nightsim ")]  # a command
    words = re.sub(r'"[^"]*"|`[^`]*`|\S*[/.=]\S*', " ", " ".join(comments))
    assert not re.findall(r"\b[A-Za-z]{4,}\b", words.replace("pronouns", ""))
    assert main(["init", "--from", "two-casters", str(tmp_path / "en.toml")]) == 0
    assert (tmp_path / "en.toml").read_text(encoding="utf-8") == ready_camps()["two-casters"]
    capsys.readouterr()
