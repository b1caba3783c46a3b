"""The evening (docs/rules.md §1-2): preparing the site, gathering firewood, fetching water,
lighting the fire, the meal and the entertainment, up to the start of the rest period.

What the morning reads from it: a tasty meal and who ate it, a lifted mood, who was
ridiculed, and whether the ingredients are still in the packs.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator

from simpy.events import Event, Timeout

from nightsim import rules
from nightsim.codes import Meal, Mood, NoMeal, Purpose
from nightsim.config import Config
from nightsim.config import Evening as EveningConfig
from nightsim.engine._simpy import LeanEnvironment
from nightsim.engine.dice import Dice
from nightsim.engine.fire import Fire
from nightsim.engine.plan import NightPlan, StreamNames
from nightsim.engine.recorder import Recorder, Stamp, Stamps, roll
from nightsim.events import (
    CampEntertained,
    FirewoodGathered,
    MealCooked,
    MealNotCooked,
    Roll,
    SitePrepared,
    Target,
    WaterFetched,
)
from nightsim.events import Event as LogEvent


class EveningChores:
    __slots__ = (
        "cfg",
        "dice",
        "eaters",
        "env",
        "fire",
        "ingredients",
        "lifted",
        "plan",
        "rec",
        "ridiculed",
        "streams",
        "tasty",
    )

    def __init__(
        self,
        env: LeanEnvironment,
        rec: Recorder,
        cfg: Config,
        plan: NightPlan,
        dice: Dice,
        *,
        streams: StreamNames,
        fire: Fire,
        ingredients: bool,
    ) -> None:
        self.env, self.rec, self.cfg, self.plan = env, rec, cfg, plan
        self.dice, self.streams, self.fire = dice, streams, fire
        self.ingredients = ingredients
        self.tasty = False
        self.lifted = False
        self.ridiculed: str | None = None
        self.eaters: tuple[str, ...] = ()

    def run(self, carried: float, then: Callable[[], None]) -> Generator[Event, None, None]:
        """The evening as a process; `then` begins the rest period."""
        env, plan, ev, rec = self.env, self.plan, self.cfg.evening, self.rec
        yield Timeout(env, plan.preparation_minutes)
        wood, faces = self._gather(carried)
        rec.emit_all(prepared, ev, plan, faces)
        half = plan.evening_half
        # The timeout is made before the fire starts burning down: at a tie the meal is
        # cooked before the fire goes out.
        cooking = Timeout(env, half)
        self.fire.light(wood, plan, self.dice, self.streams.fire)
        yield cooking
        if ev.cook is not None:
            self._cook(ev.cook)
        yield Timeout(env, plan.evening_minutes - half)
        if ev.entertain is not None:
            self._entertain(ev.entertain)
        then()

    def _gather(self, wood: float) -> tuple[float, list[int]]:
        """docs/rules.md §1: each gatherer's 1d6 + the weather modifier, floored at 0, added to
        the carried wood (in this order: the sum is a float). (wood, the faces)"""
        first, mod = self.dice.first, self.plan.wood_modifier
        faces = [first(stream, 6) for stream in self.streams.firewood]
        for face in faces:
            wood += rules.firewood_hours(face, mod)
        return wood, faces

    def _cook(self, cook: str) -> None:
        """docs/rules.md §2: a WIS check for a tasty meal; a natural 1 and a failed save vs Doom
        ruin it and lose its ingredients."""
        camp = self.cfg.camp
        reason = None
        if not self.fire.burning:
            reason = NoMeal.NO_FIRE
        elif not camp.cookware:
            reason = NoMeal.NO_COOKWARE
        elif not (camp.ingredients and self.ingredients):
            reason = NoMeal.NO_INGREDIENTS
        if reason is not None:
            self.rec.emit(meal_not_cooked, cook, reason)
            return
        assert self.plan.cook is not None
        mod, save_doom = self.plan.cook
        passed, mishap, face, sv = self._check(self.streams.cook, mod, save_doom)
        outcome = Meal.TASTY if passed else Meal.RUINED if mishap else Meal.PLAIN
        self.tasty = outcome is Meal.TASTY
        # docs/rules.md §2.2: a ruined meal loses its ingredients; edition 1 read that as the
        # packs for the rest of a journey, edition 2 as that meal's only.
        if outcome is Meal.RUINED and not self.plan.readings.ruined_meal_loses_its_own:
            self.ingredients = False
        ev = self.cfg.evening
        self.eaters = tuple(ev.eaters) if ev.eaters is not None else self.plan.names
        rolls = (Purpose.WIS_CHECK, face, mod, sv, save_doom)
        self.rec.emit(meal_cooked, cook, outcome, self.eaters, rolls)

    def _entertain(self, who: str) -> None:
        """docs/rules.md §2: a CHA check lifts the camp; a natural 1 and a failed save vs Doom
        bring ridicule on the entertainer."""
        assert self.plan.entertain is not None
        mod, save_doom = self.plan.entertain
        passed, mishap, face, sv = self._check(self.streams.entertain, mod, save_doom)
        outcome = Mood.LIFTED if passed else Mood.RIDICULED if mishap else Mood.FLAT
        self.lifted = passed
        if mishap:
            self.ridiculed = who
        rolls = (Purpose.CHA_CHECK, face, mod, sv, save_doom)
        self.rec.emit(camp_entertained, who, outcome, rolls)

    def _check(self, stream: bytes, mod: int, save_doom: int) -> tuple[bool, bool, int, int | None]:
        """The cook's and the entertainer's roll: an ability check; on a natural 1, a save
        vs Doom whose failure is the mishap. (passed, mishap, check face, save face)."""
        face = self.dice.first(stream, 6)
        if rules.ability_check(face, mod):
            return True, False, face, None
        if face != 1:
            return False, False, face, None
        sv = self.dice.second(stream, 6, 20)
        return False, not rules.save(sv, save_doom), face, sv


# (check purpose, check face, modifier, save face or None, save target)
CheckRolls = tuple[Purpose, int, int, int | None, int]


def _check_rolls(c: CheckRolls) -> list[Roll]:
    purpose, face, mod, sv, save_doom = c
    rolls = [roll("1d6", [face], mod, purpose, Target.at_least(4))]
    if sv is not None:
        rolls.append(
            roll("1d20", [sv], purpose=Purpose.SAVE_DOOM, target=Target.at_least(save_doom))
        )
    return rolls


def prepared(
    stamps: Stamps, ev: EveningConfig, plan: NightPlan, faces: list[int]
) -> Iterator[LogEvent]:
    """The site prepared, each gatherer's firewood, each fetcher's water (docs/rules.md §1)."""
    yield SitePrepared.model_construct(**stamps().envelope, actors=list(ev.site))
    mod = plan.wood_modifier
    for name, face in zip(plan.firewood, faces, strict=True):
        yield FirewoodGathered.model_construct(
            **stamps().envelope,
            actor=name,
            hours=rules.firewood_hours(face, mod),
            rolls=[roll("1d6", [face], mod, Purpose.FIREWOOD)],
        )
    for name in ev.water:
        yield WaterFetched.model_construct(**stamps().envelope, actor=name)


def meal_not_cooked(s: Stamp, actor: str, reason: NoMeal) -> MealNotCooked:
    return MealNotCooked.model_construct(**s.envelope, actor=actor, reason=reason)


def meal_cooked(
    s: Stamp, actor: str, outcome: Meal, eaters: tuple[str, ...], check: CheckRolls
) -> MealCooked:
    ruined = outcome is Meal.RUINED
    return MealCooked.model_construct(
        **s.envelope,
        actor=actor,
        outcome=outcome,
        eaters=[] if ruined else list(eaters),
        ingredients_lost=ruined,
        rolls=_check_rolls(check),
    )


def camp_entertained(s: Stamp, actor: str, outcome: Mood, check: CheckRolls) -> CampEntertained:
    return CampEntertained.model_construct(
        **s.envelope, actor=actor, outcome=outcome, rolls=_check_rolls(check)
    )
