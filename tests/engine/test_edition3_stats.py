"""Rules edition 3, reading by reading (docs/rules.md, "Editions"), against EXACT values.

As tests/engine/test_edition2_stats.py: each reading is one measure over fixed seeds, held
to the exact value of docs/rules.md within ~3.3 standard deviations (`assert_rate`), under
edition 3; the same measure under edition 2 misses that bound and gives edition 2's own
exact value, so every test here fails against the old reading.
"""

from __future__ import annotations

import pytest

from nightsim import rules
from nightsim.codes import RestReason
from nightsim.config import Config
from tests.helpers.nights import assert_rate, fails, make, night, outcome, person

pytestmark = pytest.mark.slow

Rate = tuple[int, int]  # hits out of trials


# --- a. woken by anything, then the caster's own watch: broken by the watch (§6.2) -------------

SPELLS = ["Light", "Sleep", "Charm", "Shield"]
# A watches 7 hours, then the caster D the last hour; a monster every night, on an easy
# summer night (bedroll and tent), nobody dozing, no sleeping in.
WOKEN = make(
    [person("A", bedroll=True, tent=True), person("D", bedroll=True, tent=True, spells=SPELLS)],
    camp={"season": "summer", "encounter_chance": 6},
    watch={"shifts": [{"name": "A", "hours": 7}, {"name": "D", "hours": 1}]},
    rules={"fall_asleep_on_watch": False},
)
D_WATCH = 7 * 60  # D's watch begins this many minutes into the rest period


def woken_before_watch(edition: int, n: int = 6000) -> tuple[Rate, int]:
    """Among the nights the monster wakes D in the `encounter_minutes` before D's watch (the
    camp settles as the watch begins, so D takes it up without lying down again, having
    slept over 6 hours: a full rest), (spells lost, spells prepared), and the nights."""
    start, minutes = WOKEN.rest_start, WOKEN.rules.encounter_minutes
    lost = tried = nights = 0
    for k in range(n):
        out = outcome(WOKEN, f"e3a/{k}", edition)
        assert out.encounter is not None
        at = out.encounter.at - start
        if not D_WATCH - minutes <= at < D_WATCH:
            continue
        d = out.characters[1]
        assert d.full_rest, (k, at)
        nights += 1
        tried += len(SPELLS)
        lost += len(d.spells_lost)
    return (lost, tried), nights


def test_a_woken_by_the_monster_then_the_watch_breaks_the_sleep() -> None:
    (lost, tried), nights = woken_before_watch(3)
    assert nights >= 300  # 30 of 480 arrival minutes, on 6000 nights: ~375
    assert_rate(lost, tried, 1 / 6, "edition 3: spells lost by a caster woken before the watch")


def test_a_edition_2_spared_the_caster_woken_by_the_monster() -> None:
    (lost, tried), nights = woken_before_watch(2, 3000)
    assert nights >= 150
    assert lost == 0 and fails(lost, tried, 1 / 6)


def test_a_a_caster_who_lay_down_again_is_broken_in_both_editions() -> None:
    """A monster long before the watch: D lies down again and is woken for the watch, broken
    in edition 2 as in 3; the nights differ only where the new reading says."""
    start = WOKEN.rest_start
    for k in range(300):
        a, b = outcome(WOKEN, f"e3a/{k}", 2), outcome(WOKEN, f"e3a/{k}", 3)
        assert a.encounter is not None
        at = a.encounter.at - start
        if D_WATCH - WOKEN.rules.encounter_minutes <= at < D_WATCH:
            assert b.characters[1].interrupted and not a.characters[1].interrupted
        else:
            assert a == b


# --- b. the quick option never turns an impossible night into a full rest (§5.4) ---------------

# Winter, a dark camp, tents but no bedroll: the gear suits the weather (everyone has bedding
# and a tent in winter), and the rest table calls the night impossible for everyone.
IMPOSSIBLE = make(
    [person("A", tent=True), person("B", tent=True)],
    camp={"season": "winter", "weather": "dry", "light_fire": False},
    rules={"quick_rest": True, "fall_asleep_on_watch": False},
)


def impossible_nights(c: Config, edition: int, n: int) -> tuple[Rate, set[str]]:
    """(full rests of B, who sleeps the whole night, out of n), and the rest reasons."""
    full, reasons = 0, set()
    for k in range(n):
        events, out = night(c, f"e3b/{k}", edition)
        b = out.characters[1]
        assert b.difficulty == "impossible" and b.slept_minutes >= rules.MIN_SLEEP_MINUTES
        full += b.full_rest
        reasons |= {f["reason"] for _, kind, f in events if kind == "rest.checked"}
    return (full, n), reasons


def test_b_an_impossible_night_is_adverse() -> None:
    (full, n), reasons = impossible_nights(IMPOSSIBLE, 3, 1000)
    assert_rate(full, n, 0.0, "edition 3: full rests on an impossible night")
    assert reasons == {RestReason.IMPOSSIBLE}


def test_b_edition_2_gave_the_impossible_night_a_full_rest() -> None:
    (full, n), reasons = impossible_nights(IMPOSSIBLE, 2, 300)
    assert fails(full, n, 0) and full == n
    assert reasons == {RestReason.QUICK_REST}


def test_b_a_warmed_night_keeps_the_quick_option() -> None:
    """The same party by a fire that warms the night: hard, not impossible, so the quick
    option still gives the full rest in edition 3 (only the impossible night is adverse)."""
    lit = make(
        [person("A", tent=True), person("B", tent=True)],
        camp={"season": "winter", "weather": "dry", "fire_starter": True},
        evening={"firewood": ["B"]},
        rules={"quick_rest": True, "fall_asleep_on_watch": False, "fire_warmth_hours": 0},
    )
    for k in range(200):
        out = outcome(lit, f"e3b/{k}", 3)
        b = out.characters[1]
        if out.fire_warmed:
            assert b.difficulty == "hard" and b.full_rest
        else:
            assert b.difficulty == "impossible" and not b.full_rest


# --- sleeping in never costs a caster spells (§4.6 with §6.2) ----------------------------------


def at_risk_only_when_sleeping_in(c: Config, edition: int, n: int) -> tuple[int, int]:
    """Over n paired nights, (caster-nights whose spells are at risk with `rules.sleep_in`
    but not without it, spells lost with it minus without)."""
    later = c.model_copy(update={"rules": c.rules.model_copy(update={"sleep_in": True})})
    worse = lost = 0
    for k in range(n):
        a, b = outcome(c, f"e3s/{k}", edition), outcome(later, f"e3s/{k}", edition)
        for x, y in zip(a.characters, b.characters, strict=True):
            risk = (not x.full_rest) or x.interrupted, (not y.full_rest) or y.interrupted
            worse += risk == (False, True)
            lost += len(y.spells_lost) - len(x.spells_lost)
    return worse, lost


def test_sleeping_in_never_puts_a_casters_spells_at_risk() -> None:
    """The monster every night on the 7 + 1 hour rota (and on the bundled camp's): edition
    3 puts no caster's spells at risk by sleeping in, where edition 2 did (the caster woken
    just before the watch was spared without it, and lay down and was woken for the watch
    with it)."""
    assert at_risk_only_when_sleeping_in(WOKEN, 3, 2000) == (0, 0)
    worse, lost = at_risk_only_when_sleeping_in(WOKEN, 2, 2000)
    assert worse > 50 and lost > 0
    bundled = make(
        [
            person("A", bedroll=True, tent=True, spells=["Light"]),
            person("B", bedroll=True, tent=True, spells=["Light"]),
            person("C", bedroll=True, tent=True, spells=["Light"]),
            person("D", bedroll=True, tent=True, spells=["Light"]),
        ],
        camp={"season": "summer", "encounter_chance": 6},
        watch={"rota": ["A", "B", "C", "D"]},
    )
    assert at_risk_only_when_sleeping_in(bundled, 3, 2000)[0] == 0
