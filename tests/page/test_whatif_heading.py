"""The what-if page says its heading once: a one-night log's section is the page's subject."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightsim.cli import main


@pytest.mark.parametrize("view", ["referee", "players"])
def test_the_whatif_pages_heading_is_there_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], view: str
) -> None:
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "44", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    argv = ["whatif", str(log), "--set", "camp.weather=dry", "--format", "html", "--view", view]
    assert main(argv) == 0
    page = capsys.readouterr().out
    title = (
        "What if \u00b7 seed 44" if view == "referee" else "What if \u00b7 the players\u2019 view"
    )
    assert page.count(f">{title}</h") == 1  # the h1; <title> is the tab's
    assert 'aria-labelledby="page-title"' in page and '<h1 id="page-title">' in page
