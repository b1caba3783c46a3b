"""The morning (docs/rules.md §5-6): the rest rules applied to what the night recorded.

Not a process: `morning(facts, dice)` is a pure function of a frozen value (`NightFacts`)
and the dice (whose faces depend only on the seed and the stream name), so it can be tested,
and read, without running a night. `morning_events` tells the same morning for the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from nightsim import rules
from nightsim.codes import Purpose, RestReason, Table
from nightsim.engine.dice import Dice
from nightsim.engine.outcome import CharacterOutcome, EncounterOutcome, NightOutcome
from nightsim.engine.plan import NightPlan, StreamNames
from nightsim.engine.recorder import Stamp, Stamps, roll
from nightsim.events import (
    CharacterSummary,
    CharacterWoke,
    EncounterSummary,
    Event,
    FireSummary,
    NightSummary,
    RestChecked,
    Roll,
    SpellLost,
    SpellPrepared,
    Target,
)


class NightRecord(NamedTuple):
    """What the night recorded, as the morning reads it; by character index where a tuple."""

    night: int
    season: rules.Season
    plan: NightPlan
    streams: StreamNames
    slept: tuple[int, ...]  # minutes asleep within the rest period
    stretches: tuple[int, ...]  # stretches of sleep: 2 or more is interrupted sleep
    woken_for_watch: tuple[bool, ...]  # woken from sleep to stand a watch
    surprised: tuple[bool, ...]
    hp: tuple[int, ...]
    exhaustion: tuple[int, ...]
    rest_end: int  # the rest period's end: later than the plan's after sleeping in
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


# The characters' mornings, from the night's facts, whether the fire warmed the night, and
# the dice: `characters_morning`, or a stand-in that keeps them (`shared.Mornings`).
CharactersMorning = Callable[[NightRecord, bool, Dice], tuple[CharacterOutcome, ...]]


def morning(
    facts: NightRecord, dice: Dice, characters: CharactersMorning | None = None
) -> NightOutcome:
    """The night's outcome. `characters`: where the characters' mornings come from
    (`characters_morning` unless given)."""
    plan = facts.plan
    lit_at, out_at = facts.fire_lit_at, facts.fire_out_at
    # docs/rules.md §5: the fire column applies if it burned `fire_warmth_hours` of the rest period.
    end = facts.rest_end
    warmed = lit_at is not None and fire_overlap(plan, lit_at, out_at, end) >= plan.warmth_minutes
    each = characters_morning if characters is None else characters
    return NightOutcome(
        facts.night,
        each(facts, warmed, dice),
        facts.encounter,
        facts.broken_at,
        lit_at is not None,
        out_at,
        lit_at is not None and (out_at is None or out_at >= end),
        warmed,
        facts.ingredients,
    )


def fire_overlap(plan: NightPlan, lit_at: int, out_at: int | None, end: int) -> int:
    """Minutes the fire burned within the rest period (which ends at `end`)."""
    out = out_at if out_at is not None else end
    return max(0, min(out, end) - max(lit_at, plan.rest_start))


def characters_morning(
    facts: NightRecord, warmed: bool, dice: Dice, which: Iterable[int] | None = None
) -> tuple[CharacterOutcome, ...]:
    """The mornings of the characters `which` (by index; the whole party unless given):
    each one's rest, HP, exhaustion and spells (docs/rules.md §5-6).

    One pass over them: what is the night's and not a character's (the party's quick
    option, whose sleep was broken) is read once, not once per character (`odds` works out
    millions of mornings: docs/design-notes.md, "The characters' mornings in one pass")."""
    plan, season = facts.plan, facts.season
    quick = quick_option(facts, warmed)
    broken = broken_sleep(facts)
    slept, surprised = facts.slept, facts.surprised
    hp_before, exhaustion = facts.hp, facts.exhaustion
    out = []
    for i in range(len(plan.chars)) if which is None else which:
        name, max_hp, spells = plan.chars[i]
        difficulty = plan.rest_rows[i][warmed][season]
        full = _rest(facts, i, name, difficulty, quick, dice)[0]
        hp, exh = rules.wake(hp_before[i], max_hp, exhaustion[i], full)
        interrupted = broken[i]
        # docs/rules.md §6.2: without a full rest, or after broken sleep, each spell may fail.
        if spells and (not full or interrupted):
            faces = dice.rolls(facts.streams.spells[i], *plan.spell_dice[i])
            prepared, lost = _prepare(spells, faces)
        else:
            prepared, lost = spells, ()
        # Positional, in field order: cheaper (odds makes millions).
        out.append(
            CharacterOutcome(
                name, full, slept[i], interrupted, surprised[i], difficulty, hp, exh, prepared, lost
            )
        )
    return tuple(out)


def broken_sleep(facts: NightRecord) -> tuple[bool, ...]:
    """docs/rules.md §6.2: by character, whether their sleep was broken, so that their spells
    are at risk even after a full rest. Edition 2: woken from sleep to stand a watch (the
    last watch too; an encounter alone does not break it). Edition 1: interrupted, asleep,
    awake, then asleep again (an encounter too; the last watch not)."""
    if facts.plan.spells_by_watch:
        return facts.woken_for_watch
    return tuple([n >= 2 for n in facts.stretches])


def quick_option(facts: NightRecord, warmed: bool) -> bool | None:
    """docs/rules.md §5.4, edition 2: whether the party takes the quick option tonight (its
    gear suits the season's weather); None in edition 1, which reads it per character.
    Edition 3: not on a night the rest table calls impossible for any character (`warmed`:
    the fire warmed the night, its column of the table)."""
    plan, season = facts.plan, facts.season
    quick_seasons = plan.quick_seasons
    if quick_seasons is None:
        return None
    return season in quick_seasons and (warmed, season) not in plan.quick_spoiled


def _prepare(spells: tuple[str, ...], faces: list[int]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """docs/rules.md §6: (prepared, lost), each spell lost on a 1 in 6."""
    prepared: list[str] = []
    lost: list[str] = []
    # By index (a face per spell, `plan.spell_dice`), not by `zip(..., strict=True)`: on
    # CPython 3.11 the keyword makes the zip cost more than the rest of this loop.
    for k, spell in enumerate(spells):
        (lost if rules.spell_lost(faces[k]) else prepared).append(spell)
    return tuple(prepared), tuple(lost)


def _rest(
    facts: NightRecord,
    i: int,
    name: str,
    difficulty: rules.Difficulty,
    quick: bool | None,
    dice: Dice,
) -> tuple[bool, RestReason, int | None, int]:
    """docs/rules.md §5: (full rest, why, the CON check's face or None, its modifier).
    `quick`: the party's quick option tonight (`quick_option`)."""
    slept_enough = facts.slept[i] >= rules.MIN_SLEEP_MINUTES
    if quick is None:  # edition 1: the quick option per character
        decided = rules.rest_decided(slept_enough, difficulty, facts.plan.quick_rest)
    else:  # edition 2: the party's decision (docs/rules.md §5.4)
        decided = rules.party_rest_decided(slept_enough, difficulty, quick)
    if decided is not None:
        return rules.DECIDED_FULL[decided], decided, None, 0
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


def morning_events(
    stamps: Stamps, facts: NightRecord, out: NightOutcome, dice: Dice
) -> Iterator[Event]:
    """The morning's events, for the log: each character's rest check, waking and spells,
    then the night's summary. The rolls are read again from the same dice streams (their
    faces depend only on the seed and the stream), so `morning` itself records nothing."""
    plan = facts.plan
    quick = quick_option(facts, out.fire_warmed)
    for i, c in enumerate(out.characters):
        spells = plan.chars[i][2]
        _, reason, face, mod = _rest(facts, i, c.name, c.difficulty, quick, dice)
        yield rest_checked(stamps(), c, reason, face, mod)
        yield CharacterWoke.model_construct(
            **stamps().envelope,
            actor=c.name,
            hp=c.hp,
            hp_before=facts.hp[i],
            exhaustion=c.exhaustion,
        )
        faces: list[int | None] = [None] * len(spells)
        if spells and (not c.full_rest or c.interrupted):
            faces = list(dice.rolls(facts.streams.spells[i], *plan.spell_dice[i]))
        for spell, f in zip(spells, faces, strict=True):
            if f is not None and rules.spell_lost(f):
                yield SpellLost.model_construct(
                    **stamps().envelope, actor=c.name, spell=spell, rolls=_spell_rolls(f)
                )
            else:
                yield SpellPrepared.model_construct(
                    **stamps().envelope, actor=c.name, spell=spell, rolls=_spell_rolls(f)
                )
    yield night_summary(stamps(), out)


def rest_checked(
    s: Stamp, c: CharacterOutcome, reason: RestReason, face: int | None, mod: int
) -> RestChecked:
    return RestChecked.model_construct(
        **s.envelope,
        actor=c.name,
        slept_minutes=c.slept_minutes,
        difficulty=c.difficulty,
        full_rest=c.full_rest,
        reason=reason,
        interrupted=c.interrupted,
        rolls=[]
        if face is None
        else [roll("1d6", [face], mod, Purpose.CON_CHECK, Target.at_least(4))],
    )


def _spell_rolls(face: int | None) -> list[Roll]:
    return (
        []
        if face is None
        else [roll("1d6", [face], purpose=Purpose.SPELL_FAILS, target=Target.exactly(1))]
    )


def night_summary(s: Stamp, out: NightOutcome) -> NightSummary:
    enc = out.encounter
    return NightSummary.model_construct(
        **s.envelope,
        characters=[
            CharacterSummary.model_construct(
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
        fire=FireSummary.model_construct(
            lit=out.fire_lit,
            out_at=None if out.fire_out_at is None else s.clock(out.fire_out_at),
            lasted=out.fire_lasted,
            warmed=out.fire_warmed,
        ),
    )


def _encounter_summary(s: Stamp, enc: EncounterOutcome) -> EncounterSummary:
    return EncounterSummary.model_construct(
        at=s.clock(enc.at),
        creature=enc.creature,
        table=Table(enc.table),
        distance_ft=enc.distance_ft,
        party_surprised=enc.party_surprised,
        monster_surprised=enc.monster_surprised,
        nobody_awake=enc.nobody_awake,
        surprised=list(enc.surprised),
    )
