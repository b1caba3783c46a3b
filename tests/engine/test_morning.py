"""The morning as a pure function: `morning(facts, dice)` from hand-made facts, no night run."""

from __future__ import annotations

from typing import Any

import pytest

from nightsim import rules
from nightsim.codes import Purpose, RestReason
from nightsim.config import Config
from nightsim.editions import CURRENT_EDITION, readings_for
from nightsim.engine.dice import Dice
from nightsim.engine.morning import NightRecord, morning, morning_events
from nightsim.engine.plan import plan_for, stream_names
from nightsim.engine.recorder import At, EventLog
from nightsim.events import CharacterWoke, NightSummary, RestChecked, SpellLost, SpellPrepared
from tests.helpers.nights import make, person

FULL_NIGHT = 480


def config(**camp: object) -> Config:
    party = [
        person("Ash", bedroll=True, tent=True, con=10, hp=5, max_hp=10, exhaustion=2),
        person("Bo", con=10, spells=["Sleep", "Light", "Charm"]),
    ]
    return make(party, camp={"season": "summer", **camp})


def facts(c: Config, edition: int = CURRENT_EDITION, **changes: Any) -> NightRecord:
    """A quiet night: everyone slept the whole rest period in one stretch, no fire."""
    readings = readings_for(edition)
    plan, _ = plan_for(c, readings=readings)
    n = len(plan.names)
    base = NightRecord(
        night=1,
        season=plan.season,
        plan=plan,
        streams=stream_names(c, 1, readings=readings),
        slept=(FULL_NIGHT,) * n,
        stretches=(1,) * n,
        woken_for_watch=(False,) * n,
        surprised=(False,) * n,
        hp=plan.hp,
        exhaustion=plan.exhaustion,
        rest_end=plan.rest_end,
        tasty=False,
        eaters=(),
        lifted=False,
        ridiculed=None,
        ingredients=True,
        encounter=None,
        broken_at=None,
        fire_lit_at=None,
        fire_out_at=None,
    )
    return base._replace(**changes)


def test_the_same_facts_and_dice_give_the_same_morning() -> None:
    c = config()
    f = facts(c, stretches=(1, 2), woken_for_watch=(False, True))
    assert morning(f, Dice("m")) == morning(f, Dice("m"))
    # the facts are a value: nothing changed
    assert f == facts(c, stretches=(1, 2), woken_for_watch=(False, True))


def test_under_six_hours_is_no_full_rest_whatever_else() -> None:
    f = facts(config(), slept=(rules.MIN_SLEEP_MINUTES - 1, FULL_NIGHT))
    ash = morning(f, Dice(1)).characters[0]
    assert not ash.full_rest and ash.difficulty == "easy"  # an easy night, but too short
    assert (ash.hp, ash.exhaustion) == (5, 3)  # rules.md 6: exhaustion grows, no HP back


def test_an_easy_night_is_a_full_rest_without_a_roll() -> None:
    out = morning(facts(config()), Dice(1))
    ash = out.characters[0]
    assert ash.full_rest and (ash.hp, ash.exhaustion) == (6, 0)
    events = list(morning_events(EventLog(0).stamp, facts(config()), out, Dice(1)))
    checked = [e for e in events if isinstance(e, RestChecked) and e.actor == "Ash"]
    assert checked[0].reason is RestReason.EASY and checked[0].rolls == []


def test_the_fire_warms_the_night_only_for_its_hours_in_the_rest_period() -> None:
    c = config()
    plan, _ = plan_for(c)
    start, end = plan.rest_start, plan.rest_end
    warm = morning(facts(c, fire_lit_at=start - 60, fire_out_at=start + 240), Dice(1))
    cold = morning(facts(c, fire_lit_at=start - 60, fire_out_at=start + 239), Dice(1))
    assert warm.fire_warmed and not cold.fire_warmed  # fire_warmth_hours = 4, inside the rest
    assert not warm.fire_lasted
    burning = morning(facts(c, fire_lit_at=start - 60, fire_out_at=None), Dice(1))
    assert burning.fire_lasted and burning.fire_warmed and burning.fire_out_at is None
    assert morning(facts(c, fire_lit_at=0, fire_out_at=end), Dice(1)).fire_lasted


def test_broken_sleep_is_woken_for_a_watch_in_edition_2_and_interrupted_in_edition_1() -> None:
    """rules.md 6.2: what puts a rested caster's spells at risk, by edition."""
    c = config()
    for edition, risky, safe in (
        (2, {"woken_for_watch": (False, True)}, {"stretches": (1, 2)}),
        (1, {"stretches": (1, 2)}, {"woken_for_watch": (False, True)}),
    ):
        assert morning(facts(c, edition, **risky), Dice(1)).characters[1].interrupted
        bo = morning(facts(c, edition, **safe), Dice(1)).characters[1]
        assert not bo.interrupted and bo.spells_lost == ()


@pytest.mark.parametrize(
    ("edition", "broken"),
    [(2, {"woken_for_watch": (False, True)}), (1, {"stretches": (1, 2)})],
)
def test_broken_sleep_puts_each_spell_at_risk_on_its_own_stream(
    edition: int, broken: dict[str, Any]
) -> None:
    c = config()
    f = facts(c, edition, **broken)
    for k in range(200):
        dice = Dice(f"spells/{k}")
        bo = morning(f, dice).characters[1]
        stream = dice.stream("n1:Bo:spells")  # a person's own dice (plan.StreamNames)
        faces = tuple(stream.die(6) for _ in range(3))
        lost = tuple(s for s, x in zip(("Sleep", "Light", "Charm"), faces, strict=True) if x == 1)
        assert bo.interrupted and bo.spells_lost == lost, k
        assert sorted(bo.spells_prepared + bo.spells_lost) == ["Charm", "Light", "Sleep"]
        if lost:
            return
    raise AssertionError("no seed lost a spell")


def test_a_whole_rested_sleep_prepares_every_spell_without_a_roll() -> None:
    out = morning(facts(config()), Dice(3))
    bo = out.characters[1]
    assert bo.spells_prepared == ("Sleep", "Light", "Charm") and bo.spells_lost == ()
    events = list(morning_events(EventLog(0).stamp, facts(config()), out, Dice(3)))
    assert [e.rolls for e in events if isinstance(e, SpellPrepared)] == [[], [], []]


def test_a_tasty_meal_and_the_mood_add_to_the_con_check() -> None:
    # Bo (no bedding, no fire) in autumn: a hard night, so a CON check -2 (rules.md 5).
    c = config(season="autumn")

    def mod(**changes: Any) -> int:
        f = facts(c, **changes)
        events = morning_events(EventLog(0).stamp, f, morning(f, Dice(5)), Dice(5))
        bo = next(e for e in events if isinstance(e, RestChecked) and e.actor == "Bo")
        assert bo.difficulty == "hard" and bo.rolls[0].purpose is Purpose.CON_CHECK
        return bo.rolls[0].mod

    assert mod() == -2
    assert mod(tasty=True, eaters=("Bo",)) == -1
    assert mod(tasty=True, eaters=("Ash",)) == -2  # only those who ate it
    assert mod(lifted=True) == -1
    assert mod(ridiculed="Bo") == -3


def test_the_events_tell_the_outcome_in_order() -> None:
    c = config()
    f = facts(c, stretches=(2, 2), woken_for_watch=(True, True), slept=(400, 300))
    out = morning(f, Dice("ev"))
    log = EventLog(c.camp.camp_minute, seq=7)
    log.timed(At(f.plan.rest_end), 0, 1)
    log.emit_all(morning_events, f, out, Dice("ev"))
    types = [e.type for e in log.events]
    assert types[:2] == ["rest.checked", "character.woke"] and types[-1] == "night.summary"
    assert [e.seq for e in log.events] == list(range(7, 7 + len(types)))
    assert {e.t for e in log.events} == {f.plan.rest_end}
    checked = [e for e in log.events if isinstance(e, RestChecked)]
    assert [e.full_rest for e in checked] == [ch.full_rest for ch in out.characters]
    woke = [e for e in log.events if isinstance(e, CharacterWoke)]
    assert [(e.hp, e.hp_before) for e in woke] == [
        (ch.hp, h) for ch, h in zip(out.characters, f.hp, strict=True)
    ]
    lost = [e.spell for e in log.events if isinstance(e, SpellLost)]
    assert tuple(lost) == out.characters[1].spells_lost
    summary = log.events[-1]
    assert isinstance(summary, NightSummary) and summary.characters[1].slept_minutes == 300
