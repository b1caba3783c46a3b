# ruff: noqa: RUF001  (the Ukrainian verdict is Cyrillic)
"""A failed verification in words (narration/verdict.py): what the log claims, what the dice
say, at the file's line; each side cut like any echoed input."""

from __future__ import annotations

import json

import pytest

from nightsim.log.writer import canonical_json
from nightsim.narration.verdict import verdict_words
from tests.helpers.logs import log_lines


def _rest(lines: list[str]) -> tuple[int, str]:
    k = next(i for i, s in enumerate(lines) if '"type":"rest.checked"' in s)
    return k, lines[k].rstrip("\n")


def test_a_cut_log_and_a_log_that_runs_on() -> None:
    lines = log_lines(9)
    k, rest = _rest(lines)
    assert verdict_words(k + 1, None, rest, (), "en").startswith(
        f"line {k + 1}, 05:00: the log ends here, but the dice go on: \u201c05:00 "
    )
    assert verdict_words(k + 1, rest, None, (), "uk").startswith(
        f"рядок {k + 1}, 05:00: журнал іде далі, ніж ніч, яку дають кості: \u00ab05:00 "
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


@pytest.mark.slow
def test_a_megabyte_line_is_cut() -> None:
    lines = log_lines(9)
    k, rest = _rest(lines)
    data = json.loads(rest)
    data["actor"] = "M" * 1_000_000
    words = verdict_words(k + 1, canonical_json(data), rest, ("actor",), "en")
    assert len(words) < 500


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the log counts Sister Ysolde as awake; the dice do not"),
        ("uk", "за журналом Sister Ysolde серед тих, хто не спав; за кістками — ні"),
    ],
)
def test_i_was_on_watch_is_told_in_words(lang: str, said: str) -> None:
    """The dispute at the table: the monster came while Sister Ysolde slept on her watch
    (seed 2211, the README's night); a log forged to count her awake (every hash
    recomputed, so only the dice catch it) is told by the name, not by two identical
    sentences of the arrival."""
    lines = [s.rstrip("\n") for s in log_lines(2211)]
    k = next(i for i, s in enumerate(lines) if '"type":"monster.arrived"' in s)
    truth = json.loads(lines[k])
    assert truth["awake"] == []
    forged = canonical_json({**truth, "awake": ["Sister Ysolde"]})
    words = verdict_words(k + 1, forged, lines[k], ("awake",), lang)
    assert words.endswith(f"{k + 1}, {truth['clock']}: {said}"), words


def test_a_name_left_out_is_told_from_the_dice_side() -> None:
    lines = [s.rstrip("\n") for s in log_lines(2211)]
    k = next(i for i, s in enumerate(lines) if '"type":"monster.arrived"' in s)
    truth = json.loads(lines[k])
    surprised = [n for n in truth["surprised"] if n != "Moss"]
    assert surprised != truth["surprised"]
    forged = canonical_json({**truth, "surprised": surprised})
    words = verdict_words(k + 1, forged, lines[k], ("surprised",), "en")
    assert words.endswith("the dice count Moss as surprised; the log does not"), words


@pytest.mark.parametrize(
    ("lang", "where"),
    [
        (
            "en",
            "the log says it was Moss's watch; played again from its seed and config, it was"
            " Sister Ysolde's",
        ),
        (
            "uk",
            "за журналом на варті \u2014 Moss, а в ночі, зіграній знову з її зерна й"
            " конфігурації, \u2014 Sister Ysolde",
        ),
    ],
)
def test_whose_watch_it_was_is_told_on_each_side(lang: str, where: str) -> None:
    """A forged watch shows as two watchers: the log's and the re-simulation's."""
    lines = [s.rstrip("\n") for s in log_lines(2211)]
    k = next(i for i, s in enumerate(lines) if '"type":"monster.arrived"' in s)
    truth = json.loads(lines[k])
    forged = canonical_json({**truth, "awake": ["Moss"]})
    words = verdict_words(k + 1, forged, lines[k], ("awake",), lang, ("Moss", "Sister Ysolde"))
    assert words.startswith(
        f"{'line' if lang == 'en' else 'рядок'} {k + 1}, {truth['clock']}: {where}: "
    )
    same = verdict_words(k + 1, forged, lines[k], ("awake",), lang, ("Moss", "Moss"))
    assert ("on Moss's watch" if lang == "en" else "на варті \u2014 Moss") in same
    evening = verdict_words(k + 1, forged, lines[k], ("awake",), lang, (None, None))
    assert "Moss's watch" not in evening and "на варті" not in evening
