"""Each report's page is printed by a function handed to `tell_report`
(`cli.odds.ReportOutputs.page`), not found by its name: `odds --format html` prints the page
of the very report `--format json` prints, for plain odds, `--rank-rotas`, `--compare`,
`--sweep` and `--grid`."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from nightsim.cli import main
from nightsim.page import odds_html, rank_html
from nightsim.page.grid import grid_html
from nightsim.page.sweep import compare_html, sweep_html

Page = Callable[[Mapping[str, Any], str], str]
CASES: list[tuple[list[str], Page]] = [
    ([], odds_html),
    (["--rank-rotas", "--top", "3"], rank_html),
    (["--compare", "camp.encounter_chance=4"], compare_html),
    (["--sweep", "rules.rest_hours=7,8"], sweep_html),
    (["--grid", "rules.rest_hours=7,8", "--grid", "camp.light_fire=true,false"], grid_html),
]


@pytest.mark.parametrize(("argv", "page"), CASES, ids=["odds", "rank", "compare", "sweep", "grid"])
def test_the_html_is_the_page_of_the_json_report(
    argv: list[str], page: Page, capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    base = ["odds", "--nights", "12", "--seed", "1", "--jobs", "1", "--lang", "uk", *argv]
    assert main([*base, "--format", "json"]) == 0
    report = json.loads(capfdbinary.readouterr().out)
    report.pop("command", None)  # the command that prints the JSON again is the JSON's own
    assert main([*base, "--format", "html"]) == 0
    assert capfdbinary.readouterr().out.decode() == page(report, "uk")


def test_the_rank_page_is_the_odds_pages_reading_of_a_rank_report(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    """`odds_html` still takes a `--rank-rotas` report (the server hands it either)."""
    assert main(["odds", "--nights", "12", "--seed", "1", "--jobs", "1", "--rank-rotas",
                 "--top", "3", "--format", "json"]) == 0  # fmt: skip
    report = json.loads(capfdbinary.readouterr().out)
    assert rank_html(report) == odds_html(report)
