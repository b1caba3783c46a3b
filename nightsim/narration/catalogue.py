"""The text catalogues: every user-facing word of the narration and of `check`, per language.

The rendering code only names keys; `catalogue_en.py` and `catalogue_uk.py` hold the words
(the Ukrainian uses the source's own terms, rules.md glossary). A test pins that both
catalogues have the same keys and the same placeholders.

A machine-read string of the log (a `nightsim.codes` member: a roll's purpose, a reason, an
outcome, a table) is looked up by *member* through `CODE_KEYS`, never by its value: the log's
wording can change (the log-format issue) without touching a word of either language. The
keys themselves are names chosen once (some still read like the values they were first
derived from); a test pins that every member of every enum has a word in both catalogues.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

from nightsim.codes import Meal, Mood, NoFire, NoMeal, Purpose, RestReason, Table
from nightsim.narration.catalogue_en import EN
from nightsim.narration.catalogue_uk import UK

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "uk": UK}
LANGS: tuple[str, ...] = tuple(CATALOGUES)

PURPOSE_KEYS: Final[Mapping[Purpose, str]] = {
    Purpose.FIREWOOD: "roll.firewood",
    Purpose.LIGHT_FIRE: "roll.light the fire",
    Purpose.WIS_CHECK: "roll.WIS check",
    Purpose.CHA_CHECK: "roll.CHA check",
    Purpose.SAVE_DOOM: "roll.save vs Doom",
    Purpose.DOZE: "roll.falls asleep on watch",
    Purpose.DOZE_MINUTE: "roll.minute of dozing off",
    Purpose.MONSTER: "roll.wandering monster",
    Purpose.ARRIVAL_MINUTE: "roll.minute of arrival",
    Purpose.PARTY_SURPRISE: "roll.party surprise",
    Purpose.MONSTER_SURPRISE: "roll.monster surprise",
    Purpose.DISTANCE: "roll.distance x 30 ft",
    Purpose.CREATURE: "roll.creature",
    Purpose.CON_CHECK: "roll.CON check",
    Purpose.SPELL_FAILS: "roll.spell fails",
}
NO_FIRE_KEYS: Final[Mapping[NoFire, str]] = {
    NoFire.NO_FIRE_STARTER: "reason.no fire-starter",
    NoFire.NO_FIREWOOD: "reason.no firewood",
    NoFire.WOULD_NOT_CATCH: "reason.the fire would not catch",
    NoFire.DARK_CAMP: "reason.camped dark by choice",
    NoFire.NO_FIRE_STARTER_NOR_WOOD: "reason.no fire-starter nor wood",
}
NO_MEAL_KEYS: Final[Mapping[NoMeal, str]] = {
    NoMeal.NO_FIRE: "reason.no fire",
    NoMeal.NO_COOKWARE: "reason.no cookware",
    NoMeal.NO_INGREDIENTS: "reason.no ingredients",
}
MEAL_KEYS: Final[Mapping[Meal, str]] = {
    Meal.TASTY: "evening.meal_tasty",
    Meal.PLAIN: "evening.meal_plain",
    Meal.RUINED: "evening.meal_ruined",
}
MOOD_KEYS: Final[Mapping[Mood, str]] = {
    Mood.LIFTED: "evening.mood_lifted",
    Mood.FLAT: "evening.mood_flat",
    Mood.RIDICULED: "evening.mood_ridiculed",
}
TABLE_KEYS: Final[Mapping[Table, str]] = {
    Table.NIGHT_FIRE: "table.night_fire",
    Table.NIGHT_NO_FIRE: "table.night_no_fire",
}
# The morning table's verdict: one word per outcome, whatever the difficulty that led to it.
REST_KEYS: Final[Mapping[RestReason, str]] = {
    RestReason.SHORT_SLEEP: "rest.short",
    RestReason.QUICK_REST: "rest.quick",
    RestReason.QUICK_REST_BEDDING: "rest.quick",
    RestReason.EASY: "rest.easy",
    RestReason.IMPOSSIBLE: "rest.impossible",
    RestReason.MODERATE_PASSED: "rest.check_passed",
    RestReason.MODERATE_FAILED: "rest.check_failed",
    RestReason.HARD_PASSED: "rest.check_passed",
    RestReason.HARD_FAILED: "rest.check_failed",
}
# One table per enum, not one merged dict: StrEnum members hash as their values, so members
# of two enums that happened to share a value would collide.
CODE_KEYS: Final[Mapping[type[StrEnum], Mapping[Any, str]]] = {
    Purpose: PURPOSE_KEYS,
    NoFire: NO_FIRE_KEYS,
    NoMeal: NO_MEAL_KEYS,
    Meal: MEAL_KEYS,
    Mood: MOOD_KEYS,
    Table: TABLE_KEYS,
    RestReason: REST_KEYS,
}


def key_of(code: StrEnum) -> str:
    """The catalogue key of a log code, found by its member (a KeyError names a missing one)."""
    return CODE_KEYS[type(code)][code]


class Catalogue:
    """`t(key, **fields)` -> the text in one language."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in CATALOGUES:
            raise ValueError(f"unknown language {lang!r}; expected one of: {', '.join(LANGS)}")
        self.lang = lang
        self.table = CATALOGUES[lang]

    def __call__(self, key: str, **fields: Any) -> str:
        return self.table[key].format(**fields)

    def code(self, code: StrEnum, **fields: Any) -> str:
        """The words for a log code (a `nightsim.codes` member), looked up by member."""
        return self(key_of(code), **fields)

    def term(self, kind: str, value: str) -> str:
        """A word from a closed set of the config (season, terrain, weather, difficulty);
        unknown values as given."""
        return self.table.get(f"{kind}.{value}", value)

    def names(self, names: list[str] | tuple[str, ...]) -> str:
        return ", ".join(names) if names else self("word.nobody")

    def hm(self, minutes: int) -> str:
        return self("fmt.hm", h=minutes // 60, m=f"{minutes % 60:02d}")
