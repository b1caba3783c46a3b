"""The closed sets of machine-read strings in a log: defined once, read by member.

The engine writes these members, the event models type their fields with them (so the schema
lists each set as an `enum`), and the narration looks its words up by member, never by the
English text. The values are what format-1 logs carry; changing one changes the log format.
"""

from __future__ import annotations

from enum import StrEnum


class Purpose(StrEnum):
    """What a roll was for (`Roll.purpose`)."""

    FIREWOOD = "firewood"
    LIGHT_FIRE = "light the fire"
    WIS_CHECK = "WIS check"
    CHA_CHECK = "CHA check"
    SAVE_DOOM = "save vs Doom"
    DOZE = "falls asleep on watch"
    DOZE_MINUTE = "minute of dozing off"
    MONSTER = "wandering monster"
    ARRIVAL_MINUTE = "minute of arrival"
    PARTY_SURPRISE = "party surprise"
    MONSTER_SURPRISE = "monster surprise"
    DISTANCE = "distance x 30 ft"
    CREATURE = "creature"
    CON_CHECK = "CON check"
    SPELL_FAILS = "spell fails"


class NoFire(StrEnum):
    """Why the fire was not lit (`fire.not_lit.reason`)."""

    NO_FIRE_STARTER = "no fire-starter"
    NO_FIREWOOD = "no firewood"
    # rules.md 2, with neither, both are named: one code, so that `reason` stays a single
    # member of a closed set (a tool testing for "no firewood" tests for either).
    NO_FIRE_STARTER_NOR_WOOD = "no fire-starter and no firewood"
    WOULD_NOT_CATCH = "the fire would not catch"
    DARK_CAMP = "camped dark by choice"  # camp.light_fire = false (rules.md 2)


class NoMeal(StrEnum):
    """Why the cook could not cook (`meal.not_cooked.reason`)."""

    NO_FIRE = "no fire"
    NO_COOKWARE = "no cookware"
    NO_INGREDIENTS = "no ingredients"


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

    SHORT_SLEEP = "slept under 6 hours"
    # rules.md 5, quick option: gear suited to the night (easy or moderate by the table).
    QUICK_REST = "quick rest: gear suits the night"
    # What logs written before that reading carry (quick rest for anyone with bedding): read,
    # never written.
    QUICK_REST_BEDDING = "quick rest: has bedding"
    EASY = "easy night"
    IMPOSSIBLE = "impossible night"
    MODERATE_PASSED = "moderate night, CON check passed"
    MODERATE_FAILED = "moderate night, CON check failed"
    HARD_PASSED = "hard night, CON check passed"
    HARD_FAILED = "hard night, CON check failed"

    @classmethod
    def checked(cls, difficulty: str, passed: bool) -> RestReason:
        """The reason for a night decided by a CON check (moderate or hard)."""
        return cls(f"{difficulty} night, CON check {'passed' if passed else 'failed'}")
