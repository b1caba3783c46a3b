# ruff: noqa: RUF001, RUF002, RUF003  (Cyrillic letters are the point of this file)
"""The Ukrainian narration a native editor reads: goldens for a party with Ukrainian names
(tests/data/party-uk.toml: Ярема, Ірина, Остап, Мар'яна, whose names take their cases) and
for the default party with English names, at 40, 80 and 100 columns. Regenerate with
`python tools/regen.py --only goldens` and read the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightsim import load_config, simulate
from nightsim.config import Config, default_config_path
from tests.helpers.narration import STORY, check_golden, render

PARTY_UK = Path(__file__).resolve().parents[1] / "data" / "party-uk.toml"
# Seed 21 of the Ukrainian party: Мар'яна dozes off, nobody wakes Остапа, the monster finds
# the whole camp asleep in Мар'яна's watch, a tasty meal; every case the night needs.
UK_SEED = 21
WIDTHS = (40, 80, 100)


@pytest.fixture(scope="module")
def party_uk() -> Config:
    return load_config(PARTY_UK)


@pytest.mark.parametrize("width", WIDTHS)
def test_golden_ukrainian_names(party_uk: Config, width: int) -> None:
    text = render(simulate(party_uk, UK_SEED).events, "uk", width)
    check_golden(f"uk-names-{UK_SEED}-{width}.txt", text)


@pytest.mark.parametrize("width", WIDTHS)
def test_golden_english_names_in_ukrainian(width: int) -> None:
    cfg = load_config(default_config_path())
    text = render(simulate(cfg, STORY).events, "uk", width)
    check_golden(f"uk-english-names-{STORY}-{width}.txt", text)


def test_the_ukrainian_party_is_told_in_its_cases(party_uk: Config) -> None:
    text = render(simulate(party_uk, UK_SEED).events, "uk", 100)
    for said in (
        "Ярема будить Мар'яну й передає варту.",
        "Ніхто не будить Остапа: зміну варти пропущено, Остап спить далі.",
        "На варті Мар'яна, але вона спить.",
        "Сон на варті",
    ):
        assert said.lower() in text.lower(), said
    for wrong in ("будить Мар'яна ", "будить Остап:", "-in-", ":30 год"):
        assert wrong not in text, wrong
