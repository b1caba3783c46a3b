"""The camp rules as data tables and small pure functions (docs/rules.md, row for row).

No SimPy, no dice, no I/O here: each check takes the faces already rolled, so a reader can
check this module against docs/rules.md in one sitting and tests can feed it every face.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

from nightsim.codes import NoFire, RestReason

Season = Literal["winter", "spring", "summer", "autumn"]
Difficulty = Literal["easy", "moderate", "hard", "impossible"]

SEASONS: Final[tuple[Season, ...]] = ("winter", "spring", "summer", "autumn")

# docs/rules.md "Dice conventions": ability modifier by score, 3..18.
ABILITY_MIN: Final = 3
ABILITY_MAX: Final = 18


def ability_modifier(score: int) -> int:
    if not ABILITY_MIN <= score <= ABILITY_MAX:
        raise ValueError(f"ability score must be {ABILITY_MIN}..{ABILITY_MAX}, got {score}")
    if score == 3:
        return -3
    if score <= 5:
        return -2
    if score <= 8:
        return -1
    if score <= 12:
        return 0
    if score <= 15:
        return 1
    if score <= 17:
        return 2
    return 3


CHECK_TARGET: Final = 4


def ability_check(face: int, modifier: int) -> bool:
    """1d6 + modifier >= 4; a natural 1 always fails, a natural 6 always succeeds."""
    if face == 1:
        return False
    if face == 6:
        return True
    return face + modifier >= CHECK_TARGET


# docs/rules.md "Dice conventions": the camp's chances (wandering monsters, lighting a fire in
# adverse conditions) are X-in-6, rolled on this die.
CHANCE_DIE: Final = 6


def chance(face: int, x: int) -> bool:
    """An X-in-N chance roll: success on a face <= X; no natural-roll rules."""
    return face <= x


def save(face: int, target: int) -> bool:
    """A saving throw: 1d20 >= the character's target."""
    return face >= target


# docs/rules.md §1. Preparation: firewood.
WEATHER_MODIFIER: Final[dict[str, int]] = {"dry": 0, "damp": -1, "snow": -2, "heavy_rain": -4}


def firewood_hours(face: int, modifier: int) -> int:
    """Hours of fire one gatherer brings: 1d6 + weather, floored at 0 per gatherer."""
    return max(0, face + modifier)


# docs/rules.md "Table: terrain and the night encounter chance (X-in-6)".
TERRAIN_CHANCE: Final[dict[str, int]] = {
    "farmland": 1,
    "fungal forest": 1,
    "hills": 1,
    "meadow": 1,
    "open forest": 1,
    "bog": 2,
    "hilly forest": 2,
    "tangled forest": 2,
    "boggy forest": 3,
    "craggy forest": 3,
    "swamp": 3,
    "thorny forest": 3,
}

# docs/rules.md: season by Dolmenwood month, in calendar order (journeys walk this list).
MONTHS: Final[tuple[str, ...]] = (
    "Grimvold", "Lymewald", "Haggryme",
    "Symswald", "Harchment", "Iggwyld",
    "Chysting", "Lillipythe", "Haelhold",
    "Reedwryme", "Obthryme", "Braghold",
)  # fmt: skip
MONTH_SEASON: Final[dict[str, Season]] = {month: SEASONS[i // 3] for i, month in enumerate(MONTHS)}
# House reading (journeys): the days of each month of the Dolmenwood calendar, wysendays
# included (a 352-day year). The source prints none; docs/rules.md §7.1 lists them.
MONTH_DAYS: Final[dict[str, int]] = dict(
    zip(MONTHS, (30, 28, 30, 29, 29, 30, 31, 29, 28, 30, 28, 30), strict=True)
)


def next_day(month: str, day: int) -> tuple[str, int]:
    """The calendar date after (month, day)."""
    if day < MONTH_DAYS[month]:
        return month, day + 1
    return MONTHS[(MONTHS.index(month) + 1) % len(MONTHS)], 1


# docs/rules.md §3. Optional rule: falling asleep on watch, one roll per watch (edition 1: per
# rota entry).
def doze_die(con: int) -> int:
    """The die whose 1 means the watcher dozes: 1-in-10; 1-in-20 (CON >= 15); 1-in-6 (CON <= 6)."""
    if con >= 15:
        return 20
    if con <= 6:
        return 6
    return 10


# docs/rules.md §4. Wandering monsters: surprise 1-2 on 1d6 for either side.
def surprised(face: int) -> bool:
    return face <= 2


DISTANCE_FEET: Final = 30  # feet per pip of the encounter distance's dice


def distance_ft(faces: list[int]) -> int:
    """2d6 x 30 ft, or 1d4 x 30 ft when both sides are surprised (the caller picks the dice)."""
    return sum(faces) * DISTANCE_FEET


# docs/rules.md "Table: difficulty of a night's rest": (fire, bedding) -> season -> difficulty.
# bedding: 0 none, 1 bedroll or tent, 2 bedroll and tent.
_E: Difficulty = "easy"
_M: Difficulty = "moderate"
_H: Difficulty = "hard"
_I: Difficulty = "impossible"
REST_TABLE: Final[dict[tuple[bool, int], dict[Season, Difficulty]]] = {
    (False, 0): {"winter": _I, "spring": _H, "summer": _M, "autumn": _H},
    (False, 1): {"winter": _I, "spring": _M, "summer": _E, "autumn": _M},
    (False, 2): {"winter": _H, "spring": _M, "summer": _E, "autumn": _M},
    (True, 0): {"winter": _I, "spring": _H, "summer": _M, "autumn": _H},
    (True, 1): {"winter": _H, "spring": _E, "summer": _E, "autumn": _E},
    (True, 2): {"winter": _M, "spring": _E, "summer": _E, "autumn": _E},
}


def bedding(bedroll: bool, tent: bool) -> int:
    return int(bedroll) + int(tent)


def rest_difficulty(fire_warmed: bool, bedroll: bool, tent: bool, season: Season) -> Difficulty:
    return REST_TABLE[(fire_warmed, bedding(bedroll, tent))][season]


# docs/rules.md §5. Sleep.
MIN_SLEEP_MINUTES: Final = 6 * 60
DIFFICULTY_MODIFIER: Final[dict[Difficulty, int]] = {"moderate": 0, "hard": -2}
# docs/rules.md §2: what the evening does to the rest checks.
TASTY_MEAL_BONUS: Final = 1
LIFTED_MOOD_BONUS: Final = 1
RIDICULE_PENALTY: Final = 1


def rest_modifier(tasty_meal: bool, lifted: bool, ridiculed: bool) -> int:
    """The rest check's situational modifier from the evening (+1 meal, +1 mood, -1 ridicule)."""
    return TASTY_MEAL_BONUS * tasty_meal + LIFTED_MOOD_BONUS * lifted - RIDICULE_PENALTY * ridiculed


# docs/rules.md §6. Waking.
def wake(hp: int, max_hp: int, exhaustion: int, full_rest: bool) -> tuple[int, int]:
    """(hp, exhaustion) after the night: a full rest heals 1 (to max at most), ends exhaustion."""
    if full_rest:
        return min(hp + 1, max_hp), 0
    return hp, exhaustion + 1


SPELL_DIE: Final = 6  # docs/rules.md §6.2: a spell at risk is lost on a 1 of this die


def spell_lost(face: int) -> bool:
    """A spell of an unrested caster, or one whose sleep was broken (docs/rules.md §6.2),
    fails on 1-in-6 (`SPELL_DIE`)."""
    return face == 1


def weighted_pick(weights: list[int], face: int) -> int:
    """Index of the entry a face 1..sum(weights) lands on."""
    for i, w in enumerate(weights):
        face -= w
        if face <= 0:
            return i
    raise ValueError("face beyond the total weight")


def fire_blocked(light_fire: bool, starter: bool, wood: float | None) -> NoFire | None:
    """Why no fire is lit before any roll (docs/rules.md §2), or None: a dark camp by choice (then
    nothing else is asked of the camp), no fire-starter (naming the wood too when there is
    none), no wood. `wood` None: not known yet (a config before its evening), so only the
    config's own reasons are told. The engine, `check` and the narration's header all ask
    this one function."""
    if not light_fire:
        return NoFire.DARK_CAMP
    if not starter:
        return (
            NoFire.NO_FIRE_STARTER_NOR_WOOD
            if wood is not None and wood <= 0
            else (NoFire.NO_FIRE_STARTER)
        )
    if wood is not None and wood <= 0:
        return NoFire.NO_FIREWOOD
    return None


# What a rest decided without a CON check gives (docs/rules.md §5): a full rest or not.
DECIDED_FULL: Final[dict[RestReason, bool]] = {
    RestReason.SHORT_SLEEP: False,
    RestReason.QUICK_REST: True,
    RestReason.EASY: True,
    RestReason.IMPOSSIBLE: False,
}


def quick_gear_suits(gear: Iterable[tuple[bool, bool]], wet: bool, season: Season) -> bool:
    """docs/rules.md §5.4 (edition 2): whether the party's camping gear suits the weather.
    `gear`: each character's (bedroll, tent). Every character has bedding, and when it
    rains or snows (`wet`) or it is winter, every character also sleeps under a tent."""
    gear = list(gear)
    if not all(bedroll or tent for bedroll, tent in gear):
        return False
    return not (wet or season == "winter") or all(tent for _, tent in gear)


def party_rest_decided(
    slept_enough: bool, difficulty: Difficulty, quick: bool
) -> RestReason | None:
    """docs/rules.md §5.4 (edition 2): the rest decided without a CON check when the quick
    option is the party's decision. `quick`: the party took it (its gear suits the weather
    and the night is not adverse), so every character who slept 6 hours has a full rest
    without a check; an easy night reads as easy, as without the option. Otherwise the full
    procedure, as `rest_decided` without the option."""
    if not slept_enough:
        return RestReason.SHORT_SLEEP
    if difficulty == "easy":
        return RestReason.EASY
    if quick:
        return RestReason.QUICK_REST
    if difficulty == "impossible":
        return RestReason.IMPOSSIBLE
    return None


def rest_decided(slept_enough: bool, difficulty: Difficulty, quick: bool) -> RestReason | None:
    """docs/rules.md §5 (edition 1's quick option; edition 2's is `party_rest_decided`): the
    rest decided without a CON check, or None when the check decides. Under 6 hours
    asleep: no full rest, whatever else. The quick option spares a moderate night its check
    (an easy night needed none anyway, a hard one takes the full procedure). The morning
    and `check`'s odds both ask this one function."""
    if not slept_enough:
        return RestReason.SHORT_SLEEP
    if difficulty == "moderate" and quick:
        return RestReason.QUICK_REST
    if difficulty == "easy":
        return RestReason.EASY
    if difficulty == "impossible":
        return RestReason.IMPOSSIBLE
    return None


# The rule numbers the words tell. A catalogue line that states one names it as a placeholder,
# `{rule.NAME}` ("under {rule.min_sleep_hours} h"), which narration/catalogue.py fills from here
# each time the line is said: a rule changed here changes its words in both languages
# (tests/narration/test_rule_words.py changes each and reads the words).
def told_numbers() -> dict[str, int]:
    """The rule numbers by the name the catalogues' `{rule.NAME}` placeholders give them."""
    return {
        "min_sleep_hours": MIN_SLEEP_MINUTES // 60,
        "chance_die": CHANCE_DIE,
        "spell_die": SPELL_DIE,
        "distance_feet": DISTANCE_FEET,
        "tasty_meal_bonus": TASTY_MEAL_BONUS,
        "lifted_mood_bonus": LIFTED_MOOD_BONUS,
        "ridicule_penalty": RIDICULE_PENALTY,
        "ability_min": ABILITY_MIN,
        "ability_max": ABILITY_MAX,
    }
