# ruff: noqa: RUF001  (Cyrillic letters are the point of this file)
"""`party.forms`: a name's cases for the Ukrainian narration, validated, left out of a log
that does not give them, and told by `run`, `replay` and `check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.config import ConfigError, parse_config
from nightsim.log.reader import read_log
from tests.helpers.nights import default_text

PARTY_UK = Path(__file__).resolve().parents[1] / "data" / "party-uk.toml"


@pytest.mark.parametrize(
    ("item", "said"),
    [
        ('party.Wren.forms={dav="Рен"}', "unknown key 'dav'"),
        ('party.Wren.forms={acc=""}', "forms.acc"),
        ("party.Wren.forms={acc=3}", "forms.acc"),
        ('party.Wren.forms="Рен"', "Wren"),
        ('party.Wren.forms={acc="Рен\\nx"}', "forms.acc"),
    ],
)
def test_bad_forms_are_one_line_naming_the_field(item: str, said: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(default_text(), [item])
    msg = str(info.value)
    assert said in msg and "\n" not in msg and "Traceback" not in msg


def test_bad_forms_exit_2_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "n.jsonl"
    code = main(["run", "--seed", "1", "--log", str(log), "--set", "party.Wren.forms={x='y'}"])
    assert code == 2 and not log.exists()
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "forms" in err


def test_a_config_without_forms_writes_no_forms_key() -> None:
    assert all("forms" not in c for c in parse_config(default_text()).canonical()["party"])


def test_forms_are_kept_in_the_log_and_told_by_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "n.jsonl"
    # Seed 2211: nobody wakes Wren at 23:00 (docs/table.md's night).
    argv = ["run", "--seed", "2211", "--log", str(log), "--lang", "uk"]
    assert main([*argv, "--set", 'party.Wren.forms={acc="Рен"}']) == 0
    live = capsys.readouterr().out
    assert "Ніхто не будить Рен: зміну варти пропущено, Wren спить далі." in live
    header = read_log(log)[0]
    assert header.config["party"][3]["forms"] == {"acc": "Рен"}  # type: ignore[union-attr]
    assert main(["replay", str(log), "--lang", "uk"]) == 0
    assert "Ніхто не будить Рен:" in capsys.readouterr().out
    assert main(["verify", str(log)]) == 0


def test_the_page_tells_the_forms_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The page's hours are the narration's lines: a config's forms win there as well."""
    log = tmp_path / "n.jsonl"
    argv = ["run", "--seed", "2211", "--log", str(log), "--lang", "uk", "--format", "html"]
    assert main([*argv, "--set", 'party.Wren.forms={acc="Рен"}']) == 0
    page = capsys.readouterr().out
    assert "Ніхто не будить Рен" in page and "Ніхто не будить Wren" not in page


def test_check_tells_the_caster_in_the_dative(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(PARTY_UK), "--lang", "uk"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Призначте Ірині першу варту або жодної." in out
    assert "1 з 6" in out and "-in-" not in out
