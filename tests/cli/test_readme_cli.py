"""The README's command table and `--help` say the same thing (no option left out of step)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from nightsim.cli import COMMANDS, build_parser, main
from tests.helpers.manual import manual_section

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _row(command: str) -> str:
    rows = [line for line in README.splitlines() if line.startswith(f"| `nightsim {command}")]
    assert rows, f"README's command table has no row for `nightsim {command}`"
    return rows[0]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_of_a_command_is_in_its_readme_row(command: str) -> None:
    row = _row(command)
    for action in _subparsers()[command]._actions:
        longs = [o for o in action.option_strings if o.startswith("--") and o != "--help"]
        for opt in longs:
            assert re.search(rf"{re.escape(opt)}\b", row), f"{opt} of `{command}` not in README"


def test_every_readme_row_is_a_command() -> None:
    named = re.findall(r"^\| `nightsim (\w+)", README, re.M)
    assert set(named) == set(COMMANDS)


def test_the_readme_api_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    section = manual_section("# The Python API")
    start = section.index("```python\n") + len("```python\n")
    code = section[start : section.index("```", start)]
    exec(compile(code, "docs/api.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "['Sir Aldric', 'Sister Ysolde', 'Moss', 'Wren']"
    # The watcher saw it coming; the sleepers were surprised (seed 14 before 0.3.0's dice).
    assert out[2] == "22:05 ['Sister Ysolde', 'Moss', 'Wren'] 180"


# The --help texts say what the README says.


def test_run_help_says_it_also_runs_journeys(capsys: pytest.CaptureFixture[str]) -> None:
    """`run --help` began "Simulate one night and narrate it", under a --nights N option and
    a README row that say it runs journeys."""
    assert main(["run", "--help"]) == 0
    description = capsys.readouterr().out.split("\n\n")[1]
    assert "journey" in description and "one night" not in description, description


def test_odds_format_has_a_help_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`odds --help` listed `--format {text,json}` with no word about it."""
    assert main(["odds", "--help"]) == 0
    after = capsys.readouterr().out.rsplit("--format {text,json,csv,html}", 1)[1].split()
    assert not after[0].startswith("--"), after[:3]
