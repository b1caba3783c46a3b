"""The morning (rules.md 5-6): the rest rules applied to what the night recorded.

Not a process: `morning(facts, dice)` is a function of a frozen value (`NightFacts`) and the
dice (whose faces depend only on the seed and the stream name), so it can be tested, and
read, without running a night. The recorder, if given, hears its events; it decides nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from nightsim import rules
from nightsim.codes import Purpose, RestReason, Table
from nightsim.dice import Dice
from nightsim.events import (
    CharacterSummary,
    CharacterWoke,
    EncounterSummary,
    FireSummary,
    NightSummary,
    RestChecked,
    Roll,
    SpellLost,
    SpellPrepared,
)
from nightsim.night.recorder import NO_RECORD, Recorder, Stamp, roll
from nightsim.outcome import CharacterOutcome, EncounterOutcome, NightOutcome
from nightsim.plan import NightPlan, StreamNames


class NightFacts(NamedTuple):
    """What the night recorded, as the morning reads it; by character index where a tuple."""

    night: int
    season: rules.Season
    plan: NightPlan
    streams: StreamNames
    slept: tuple[int, ...]  # minutes asleep within the rest period
    stretches: tuple[int, ...]  # stretches of sleep: 2 or more is interrupted sleep
    surprised: tuple[bool, ...]
    hp: tuple[int, ...]
    exhaustion: tuple[int, ...]
    tasty: bool
    eaters: tuple[str, ...]
    lifted: bool
    ridiculed: str | None
    ingredients: bool
    encounter: EncounterOutcome | None
    broken_at: int | None
    fire_lit_at: int | None
    fire_out_at: int | None  # None: unlit, or still burning at dawn


# rest.checked's reason for a night decided by a CON check, looked up rather than built.
_CHECKED = {
    (d, passed): RestReason.checked(d, passed)
    for d in ("moderate", "hard")
    for passed in (False, True)
}


def morning(facts: NightFacts, dice: Dice, rec: Recorder = NO_RECORD) -> NightOutcome:
    plan = facts.plan
    lit_at, out_at = facts.fire_lit_at, facts.fire_out_at
    # rules.md 5: the fire column applies if it burned `fire_warmth_hours` of the rest period.
    warmed = lit_at is not None and fire_overlap(plan, lit_at, out_at) >= plan.warmth_minutes
    chars = tuple([_character(facts, i, warmed, dice, rec) for i in range(len(plan.chars))])
    out = NightOutcome(
        facts.night,
        chars,
        facts.encounter,
        facts.broken_at,
        lit_at is not None,
        out_at,
        lit_at is not None and (out_at is None or out_at >= plan.rest_end),
        warmed,
        facts.ingredients,
    )
    rec.emit(night_summary, out)
    return out


def fire_overlap(plan: NightPlan, lit_at: int, out_at: int | None) -> int:
    """Minutes the fire burned within the rest period."""
    out = out_at if out_at is not None else plan.rest_end
    return max(0, min(out, plan.rest_end) - max(lit_at, plan.rest_start))


def _character(
    facts: NightFacts, i: int, warmed: bool, dice: Dice, rec: Recorder
) -> CharacterOutcome:
    name, bedded, max_hp, spells = facts.plan.chars[i]
    slept = facts.slept[i]
    interrupted = facts.stretches[i] >= 2  # rules.md 6: asleep, awake, asleep again
    difficulty = facts.plan.rest_rows[i][warmed][facts.season]
    full, reason, face, mod = _rest(facts, i, name, bedded, difficulty, dice)
    hp_before = facts.hp[i]
    hp, exh = rules.wake(hp_before, max_hp, facts.exhaustion[i], full)
    rec.emit(rest_checked, name, slept, difficulty, full, reason, interrupted, face, mod)
    rec.emit(character_woke, name, hp, hp_before, exh)
    # rules.md 6: without a full rest, or after interrupted sleep, each spell may fail.
    prepared, lost = _spells(facts, i, name, spells, not full or interrupted, dice, rec)
    # Positional, in field order: cheaper (odds makes millions).
    return CharacterOutcome(
        name, full, slept, interrupted, facts.surprised[i], difficulty, hp, exh, prepared, lost
    )


def _rest(
    facts: NightFacts, i: int, name: str, bedded: bool, difficulty: rules.Difficulty, dice: Dice
) -> tuple[bool, RestReason, int | None, int]:
    """rules.md 5: (full rest, why, the CON check's face or None, its modifier)."""
    if facts.slept[i] < rules.MIN_SLEEP_MINUTES:
        return False, RestReason.SHORT_SLEEP, None, 0
    if facts.plan.quick_rest and bedded:
        return True, RestReason.QUICK_REST, None, 0
    if difficulty == "easy":
        return True, RestReason.EASY, None, 0
    if difficulty == "impossible":
        return False, RestReason.IMPOSSIBLE, None, 0
    mod = (
        facts.plan.con_mod[i]
        + rules.DIFFICULTY_MODIFIER[difficulty]
        + rules.rest_modifier(
            facts.tasty and name in facts.eaters, facts.lifted, facts.ridiculed == name
        )
    )
    face = dice.first(facts.streams.rest[i], 6)
    full = rules.ability_check(face, mod)
    return full, _CHECKED[difficulty, full], face, mod


def _spells(
    facts: NightFacts,
    i: int,
    name: str,
    spells: tuple[str, ...],
    risky: bool,
    dice: Dice,
    rec: Recorder,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """rules.md 6: (prepared, lost); when risky, each spell is lost on a 1 in 6."""
    if not risky or not spells:
        for spell in spells:
            rec.emit(spell_prepared, name, spell, None)
        return spells, ()
    prepared, lost = [], []
    faces = dice.rolls(facts.streams.spells[i], *(6 for _ in spells))
    for spell, face in zip(spells, faces, strict=True):
        if rules.spell_lost(face):
            lost.append(spell)
            rec.emit(spell_lost, name, spell, face)
        else:
            prepared.append(spell)
            rec.emit(spell_prepared, name, spell, face)
    return tuple(prepared), tuple(lost)


def rest_checked(
    s: Stamp,
    actor: str,
    slept: int,
    difficulty: rules.Difficulty,
    full: bool,
    reason: RestReason,
    interrupted: bool,
    face: int | None,
    mod: int,
) -> RestChecked:
    return RestChecked(
        **s.envelope,
        actor=actor,
        slept_minutes=slept,
        difficulty=difficulty,
        full_rest=full,
        reason=reason,
        interrupted=interrupted,
        rolls=[] if face is None else [roll("1d6", [face], mod, Purpose.CON_CHECK, ">= 4")],
    )


def character_woke(s: Stamp, actor: str, hp: int, hp_before: int, exh: int) -> CharacterWoke:
    return CharacterWoke(**s.envelope, actor=actor, hp=hp, hp_before=hp_before, exhaustion=exh)


def _spell_rolls(face: int | None) -> list[Roll]:
    return [] if face is None else [roll("1d6", [face], purpose=Purpose.SPELL_FAILS, target="1")]


def spell_prepared(s: Stamp, actor: str, spell: str, face: int | None) -> SpellPrepared:
    return SpellPrepared(**s.envelope, actor=actor, spell=spell, rolls=_spell_rolls(face))


def spell_lost(s: Stamp, actor: str, spell: str, face: int) -> SpellLost:
    return SpellLost(**s.envelope, actor=actor, spell=spell, rolls=_spell_rolls(face))


def night_summary(s: Stamp, out: NightOutcome) -> NightSummary:
    enc = out.encounter
    return NightSummary(
        **s.envelope,
        night=out.night,
        characters=[
            CharacterSummary(
                name=c.name,
                full_rest=c.full_rest,
                slept_minutes=c.slept_minutes,
                interrupted=c.interrupted,
                surprised=c.surprised,
                difficulty=c.difficulty,
                hp=c.hp,
                exhaustion=c.exhaustion,
                spells_prepared=list(c.spells_prepared),
                spells_lost=list(c.spells_lost),
            )
            for c in out.characters
        ],
        encounter=None if enc is None else _encounter_summary(s, enc),
        rota_broken_at=None if out.rota_broken_at is None else s.clock(out.rota_broken_at),
        fire=FireSummary(
            lit=out.fire_lit,
            out_at=None if out.fire_out_at is None else s.clock(out.fire_out_at),
            lasted=out.fire_lasted,
            warmed=out.fire_warmed,
        ),
    )


def _encounter_summary(s: Stamp, enc: EncounterOutcome) -> EncounterSummary:
    return EncounterSummary(
        at=s.clock(enc.at),
        creature=enc.creature,
        table=Table(enc.table),
        distance_ft=enc.distance_ft,
        party_surprised=enc.party_surprised,
        monster_surprised=enc.monster_surprised,
        nobody_awake=enc.nobody_awake,
        surprised=list(enc.surprised),
    )
