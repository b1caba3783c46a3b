"""`campaign night --view players` ends its narration with what the players note down: the
campaign's name, the night's number, its head and the next night's commitment — never the
seed (docs/campaign.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightsim.cli import main


@pytest.mark.parametrize(("lang", "night"), [("en", "night 1"), ("uk", "ніч 1")])
def test_the_players_narration_names_the_campaign_night_head_and_commitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, night: str
) -> None:
    c = str(tmp_path / "w.campaign")
    assert main(["campaign", "new", c, "--name", "The Wood"]) == 0
    capsys.readouterr()
    assert main(["campaign", "night", c, "--view", "players", "--lang", lang]) == 0
    out, err = capsys.readouterr()
    assert main(["campaign", "log", c, "1"]) == 0
    header = json.loads(capsys.readouterr().out.splitlines()[0])
    assert main(["campaign", "show", c, "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    lines = out.splitlines()
    assert f"The Wood · {night}" in lines
    assert shown["nights"][0]["head"] in lines  # whole, on a line of its own
    assert shown["next_seed_sha256"] in lines
    assert header["seed"] not in out + err
