"""The closed sets of machine-read strings in a log: defined once, read by member.

The engine writes these members, the event models type their fields with them (so the schema
lists each set as an `enum`), and the narration looks its words up by member, never by the
English text. The values are short snake_case codes (log format 2; format-1 logs carried
English phrases, which nightsim/log/format1.py maps to these members); changing one changes the
log format.
"""

from __future__ import annotations

from enum import StrEnum


class Purpose(StrEnum):
    """What a roll was for (`Roll.purpose`)."""

    FIREWOOD = "firewood"
    LIGHT_FIRE = "light_fire"
    WIS_CHECK = "wis_check"
    CHA_CHECK = "cha_check"
    SAVE_DOOM = "save_vs_doom"
    DOZE = "doze"
    DOZE_MINUTE = "doze_minute"
    MONSTER = "wandering_monster"
    ARRIVAL_MINUTE = "arrival_minute"
    PARTY_SURPRISE = "party_surprise"
    MONSTER_SURPRISE = "monster_surprise"
    DISTANCE = "distance"
    CREATURE = "creature"
    CON_CHECK = "con_check"
    SPELL_FAILS = "spell_fails"


class NoFire(StrEnum):
    """Why the fire was not lit (`fire.not_lit.reason`)."""

    NO_FIRE_STARTER = "no_fire_starter"
    NO_FIREWOOD = "no_firewood"
    # docs/rules.md §2, with neither, both are named: one code, so that `reason` stays a single
    # member of a closed set (a tool testing for either tests for this one too).
    NO_FIRE_STARTER_NOR_WOOD = "no_fire_starter_nor_firewood"
    WOULD_NOT_CATCH = "would_not_catch"
    DARK_CAMP = "dark_camp"  # camp.light_fire = false (docs/rules.md §2)


class NoMeal(StrEnum):
    """Why the cook could not cook (`meal.not_cooked.reason`)."""

    NO_FIRE = "no_fire"
    NO_COOKWARE = "no_cookware"
    NO_INGREDIENTS = "no_ingredients"


class Meal(StrEnum):
    """How the meal came out (`meal.cooked.outcome`)."""

    TASTY = "tasty"
    PLAIN = "plain"
    RUINED = "ruined"


class Mood(StrEnum):
    """How the entertainment went (`camp.entertained.outcome`)."""

    LIFTED = "lifted"
    FLAT = "flat"
    RIDICULED = "ridiculed"


class Table(StrEnum):
    """Which encounter table the arrival used: whether the fire burned then."""

    NIGHT_FIRE = "night_fire"
    NIGHT_NO_FIRE = "night_no_fire"


class RestReason(StrEnum):
    """Why a character did or did not get a full rest (`rest.checked.reason`)."""

    SHORT_SLEEP = "slept_under_6h"
    # docs/rules.md §5, quick option: gear suited to the night (easy or moderate by the table).
    QUICK_REST = "quick_rest"
    # What logs written before that reading carry (quick rest for anyone with bedding): read
    # in a format-1 log (upgraded to this member), never written.
    QUICK_REST_BEDDING = "quick_rest_bedding"
    EASY = "easy_night"
    IMPOSSIBLE = "impossible_night"
    MODERATE_PASSED = "moderate_con_passed"
    MODERATE_FAILED = "moderate_con_failed"
    HARD_PASSED = "hard_con_passed"
    HARD_FAILED = "hard_con_failed"

    @classmethod
    def checked(cls, difficulty: str, passed: bool) -> RestReason:
        """The reason for a night decided by a CON check (moderate or hard)."""
        return cls(f"{difficulty}_con_{'passed' if passed else 'failed'}")
