"""A failed verification in words (narration/verdict.py): what the log claims, what the dice
say, at the file's line; each side cut like any echoed input."""

from __future__ import annotations

import json

import pytest

from nightsim.log.writer import canonical_json
from nightsim.narration.verdict import verdict_words
from tests.conftest import log_lines


def _rest(lines: list[str]) -> tuple[int, str]:
    k = next(i for i, s in enumerate(lines) if '"type":"rest.checked"' in s)
    return k, lines[k].rstrip("\n")


def test_a_cut_log_and_a_log_that_runs_on() -> None:
    lines = log_lines(9)
    k, rest = _rest(lines)
    assert verdict_words(k + 1, None, rest, (), "en").startswith(
        f"line {k + 1}: the log ends here, but the dice go on: \u201c05:00 "
    )
    assert verdict_words(k + 1, rest, None, (), "uk").startswith(
        f"рядок {k + 1}: журнал іде далі, ніж ніч, яку дають кості: \u00ab05:00 "
    )


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_same_words_name_the_fields(lang: str) -> None:
    """A difference the sentence does not tell (a roll's face) is named with both values."""
    lines = log_lines(9)
    k, rest = _rest(lines)
    data = json.loads(rest)
    data["t"] += 1
    words = verdict_words(k + 1, canonical_json(data), rest, ("t",), lang)
    assert f"t {data['t']} \u2260 {data['t'] - 1}" in words


def test_a_megabyte_line_is_cut() -> None:
    lines = log_lines(9)
    k, rest = _rest(lines)
    data = json.loads(rest)
    data["actor"] = "M" * 1_000_000
    words = verdict_words(k + 1, canonical_json(data), rest, ("actor",), "en")
    assert len(words) < 500
