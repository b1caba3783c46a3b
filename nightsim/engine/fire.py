"""The camp fire: lit (or not) in the evening, burning down on its wood (docs/rules.md §2).

Whether it burns matters three times: for the cook (a meal needs a lit fire), for the monster
(whether it burns at the arrival minute picks the table, docs/rules.md §4) and for the morning (it
warms the night if it burned for `fire_warmth_hours` of the rest period, docs/rules.md §5).
"""

from __future__ import annotations

from nightsim import rules
from nightsim.codes import NoFire, Purpose
from nightsim.engine._simpy import Driven, LeanEnvironment
from nightsim.engine.dice import Dice
from nightsim.engine.plan import NightPlan
from nightsim.engine.recorder import Recorder, Stamp, roll
from nightsim.events import FireLit, FireNotLit, FireOut, Roll, Target


class Fire:
    __slots__ = ("burning", "env", "lit_at", "out_at", "out_due", "rec")

    def __init__(self, env: LeanEnvironment, rec: Recorder) -> None:
        self.env = env
        self.rec = rec
        self.burning = False
        self.lit_at: int | None = None
        self.out_at: int | None = None
        self.out_due: int | None = None  # the minute a fire burning now will go out

    def light(self, wood: float, plan: NightPlan, dice: Dice, stream: bytes) -> None:
        """docs/rules.md §2: the players may camp dark; a fire needs a fire-starter and wood (with
        neither, both reasons are named); in adverse conditions an X-in-6 chance roll, in
        normal conditions no roll."""
        light_fire, starter, adverse, chance = plan.fire
        face: int | None = None
        reason = rules.fire_blocked(light_fire, starter, wood)
        if reason is None and adverse:
            face = dice.first(stream, rules.CHANCE_DIE)
            if not rules.chance(face, chance):
                reason = NoFire.WOULD_NOT_CATCH
        if reason is not None:
            self.rec.emit(fire_not_lit, reason, wood, face, chance)
            return
        burn = round(wood * 60)
        now = self.env.minute
        self.burning = True
        self.lit_at = now
        self.out_due = now + burn
        self.rec.emit(fire_lit, burn, now + burn, face, chance)
        Driven.call_in(self.env, burn, self._out)

    def resume(self, lit_at: int | None, out_at: int | None, out_due: int | None) -> None:
        """The fire as another night's evening left it on the same dice (`shared.AtRest`):
        lit or not, out already, or burning until `out_due`, its going out scheduled as
        `light` schedules it."""
        self.lit_at, self.out_at = lit_at, out_at
        if out_due is not None:
            self.burning = True
            self.out_due = out_due
            Driven.call_in(self.env, out_due - self.env.minute, self._out)

    def _out(self) -> None:
        self.burning = False
        self.out_due = None
        self.out_at = self.env.minute
        self.rec.emit(fire_out)


def _rolls(face: int | None, chance: int) -> list[Roll]:
    if face is None:
        return []
    return [roll("1d6", [face], purpose=Purpose.LIGHT_FIRE, target=Target.at_most(chance))]


def fire_lit(s: Stamp, burn: int, until: int, face: int | None, chance: int) -> FireLit:
    return FireLit.model_construct(
        **s.envelope, minutes=burn, until=s.clock(until), rolls=_rolls(face, chance)
    )


def fire_not_lit(
    s: Stamp, reason: NoFire, wood: float, face: int | None, chance: int
) -> FireNotLit:
    # Whole minutes, as the fire would burn them (`light`): log format 2 writes no fraction.
    minutes = round(wood * 60)
    return FireNotLit.model_construct(
        **s.envelope, reason=reason, wood_minutes=minutes, rolls=_rolls(face, chance)
    )


def fire_out(s: Stamp) -> FireOut:
    return FireOut.model_construct(**s.envelope)
