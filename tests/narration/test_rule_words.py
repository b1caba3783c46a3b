"""The rules' numbers in the words come from the rules: a catalogue line names a rule's number
as `{rule.NAME}` and the catalogue fills it from `rules.told_numbers()` when it is said, so a
changed rule changes its words in both languages, and no line writes the number itself."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from nightsim import rules
from nightsim.narration.catalogue import CATALOGUES, Catalogue
from nightsim.narration.plain import narrate
from tests.helpers.every_event import every_event_nights


def _texts() -> Iterator[tuple[str, str, str]]:
    """(language, key, text) of every line of both catalogues, each form of a gendered one."""
    for lang, table in CATALOGUES.items():
        for key, entry in table.items():
            for text in entry.values() if not isinstance(entry, str) else [entry]:
                yield lang, key, text


def test_every_rule_placeholder_names_a_rules_number() -> None:
    told = rules.told_numbers()
    named = {
        name.removeprefix("rule.")
        for _, _, text in _texts()
        for _, name, _, _ in string.Formatter().parse(text)
        if name and name.startswith("rule.")
    }
    assert named and named <= set(told), sorted(named - set(told))
    assert all(isinstance(v, int) for v in told.values())


# A rule's number written in a line rather than named: the catalogues' way of writing each
# (English, Ukrainian) of rules.told_numbers()'s numbers as they stand today.
WRITTEN = re.compile(
    r"-in-6|-із-6| з 6\b|\b6 h\b|<6|\b6 hours|\b6 год|\u00d7 30|[+\u2212]1 (to|до)\b|\b3 (to|до) 18"
)


def test_no_line_writes_a_rules_number_itself() -> None:
    written = [(lang, key, m[0]) for lang, key, text in _texts() if (m := WRITTEN.search(text))]
    assert not written, f"name the rule's number as {{rule.NAME}} (rules.told_numbers): {written}"


@pytest.fixture
def changed_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    every_event_nights()  # the nights as the rules play them; only their words change below
    monkeypatch.setattr(rules, "MIN_SLEEP_MINUTES", 7 * 60)
    monkeypatch.setattr(rules, "CHANCE_DIE", 8)
    monkeypatch.setattr(rules, "SPELL_DIE", 12)
    monkeypatch.setattr(rules, "DISTANCE_FEET", 40)
    monkeypatch.setattr(rules, "TASTY_MEAL_BONUS", 2)
    monkeypatch.setattr(rules, "LIFTED_MOOD_BONUS", 3)
    monkeypatch.setattr(rules, "RIDICULE_PENALTY", 4)
    monkeypatch.setattr(rules, "ABILITY_MAX", 20)


@pytest.mark.usefixtures("changed_rules")
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            [
                "({chance}-in-8)",
                "1-in-12",
                "under 7 h",
                "\u00d7 40 ft",
                "+2 to",
                "+3 to",
                "\u22124 to",
            ],
        ),
        (
            "uk",
            [
                "({chance} з 8)",
                "1 з 12",
                "менше 7 год",
                "\u00d7 40\u2032",
                "+2 до",
                "+3 до",
                "\u22124 до",
            ],
        ),
    ],
)
def test_a_changed_rule_changes_its_words(lang: str, said: list[str]) -> None:
    text = "\n".join(narrate(events, lang, 100) for _, events in every_event_nights())
    for words in said:
        assert words.replace("{chance}", "3") in text or words.replace("{chance}", "1") in text, (
            words
        )
    t = Catalogue(lang)
    assert "7" in t("warn.six_hours") and "18" not in t("console.key.party.con")
    assert "20" in t("console.key.party.con")
