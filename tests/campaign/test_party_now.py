"""The campaign page's party table and `campaign show` read one state: an adjustment after
the last night shows on both (docs/campaign.md, "The page")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nightsim.cli import main


@pytest.mark.slow
def test_the_page_shows_the_party_as_show_does_after_an_adjustment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = tmp_path / "wood.campaign"
    assert main(["campaign", "new", str(c)]) == 0
    assert main(["campaign", "night", str(c), "--quiet"]) == 0
    sets = ["party.Wren.hp=2", "party.Moss.exhaustion=4"]
    assert main(["campaign", "adjust", str(c), "--set", sets[0], "--set", sets[1]]) == 0
    capsys.readouterr()
    assert main(["campaign", "show", str(c)]) == 0
    shown = capsys.readouterr().out
    assert re.search(r"Wren\s+2/5", shown), shown
    page = tmp_path / "wood.html"
    assert main(["campaign", "page", str(c), "--out", str(page), "--unchecked"]) == 0
    cells = re.sub(r"<[^>]+>", "|", page.read_text(encoding="utf-8"))
    cells = re.sub(r"\|\s*\|+", "|", cells)
    assert re.search(r"\|Wren\|2/5\|\d+\|1\|", cells), "Wren 2/5 on the page"
    assert re.search(r"\|Moss\|\d+/4\|4\|1\|", cells), "Moss's exhaustion 4 on the page"
    assert "each night without a full rest adds a level" in cells
