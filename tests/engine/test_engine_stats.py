"""Statistics of many nights against the EXACT probabilities of rules.md.

Fixed seeds (so a run is reproducible), bounds of ~3.3 standard deviations around the
exact value. Each sample size is chosen so the bound excludes the nearest wrong die
(e.g. 1-in-10 vs 1-in-20 for dozing, 2-in-6 vs 3-in-6 for surprise).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from nightsim import rules, simulate
from nightsim.engine.dice import Dice
from nightsim.engine.outcome import NightOutcome, PartyState
from nightsim.engine.sim import NightSim
from tests.helpers.nights import assert_rate, events, make, night, outcome, person

# Every test here counts thousands of nights against the rules' exact odds: 15-26 s in all.
pytestmark = pytest.mark.slow

REST = 8 * 60
REST_START = 120  # preparation 60 min + evening 60 min after camp is made


def check_odds(mod: int) -> Fraction:
    """The exact chance of an ability check with this modifier, naturals included."""
    return Fraction(sum(rules.ability_check(f, mod) for f in range(1, 7)), 6)


# --- dozing on watch (rules.md 3) -------------------------------------------------------


@pytest.mark.parametrize(
    ("con", "p", "nights"),
    [(15, 1 / 20, 5000), (18, 1 / 20, 1500), (14, 1 / 10, 3000), (7, 1 / 10, 1500),
     (10, 1 / 10, 1500), (6, 1 / 6, 3000), (3, 1 / 6, 1500)],
)  # fmt: skip
def test_dozing_odds_per_shift(con: int, p: float, nights: int) -> None:
    # One watcher, one shift over the whole night, nothing else happening: the rota breaks
    # exactly when the watcher dozes.
    c = make([person("W", con=con), person("S")], watch={"rota": ["W"]})
    dozed = sum(outcome(c, f"doze/{con}/{i}").rota_broken_at is not None for i in range(nights))
    assert_rate(dozed, nights, p, f"CON {con}")


def test_no_dozing_when_the_optional_rule_is_off() -> None:
    c = make(
        [person("W", con=3), person("S")],
        watch={"rota": ["W"]},
        rules={"fall_asleep_on_watch": False},
    )
    assert all(outcome(c, i).rota_broken_at is None for i in range(300))


def test_doze_minute_uniform_within_the_shift() -> None:
    # House reading: if they doze, the minute is uniform within the shift (here 120 minutes).
    c = make([person("W", con=3), person("S")], watch={"shifts": [{"name": "W", "hours": 2}]})
    minutes = []
    for i in range(6000):
        o = outcome(c, f"dozemin/{i}")
        if o.rota_broken_at is not None:
            minutes.append(o.rota_broken_at - REST_START)
    assert min(minutes) >= 0 and max(minutes) <= 119
    n = len(minutes)
    assert_rate(n, 6000, 1 / 6, "dozed")
    for q in range(4):  # each half hour of the shift
        assert_rate(sum(30 * q <= m < 30 * (q + 1) for m in minutes), n, 1 / 4, f"quarter {q}")


@pytest.mark.parametrize(
    ("cons", "nights"), [((14, 15, 10, 6), 3000), ((10, 10, 10), 3000), ((15, 15), 3000)]
)
def test_rota_breaks_with_probability_one_minus_product(cons: tuple[int, ...], nights: int) -> None:
    names = [f"W{k}" for k in range(len(cons))]
    party = [person(n, con=con) for n, con in zip(names, cons, strict=True)]
    c = make(party, watch={"rota": names})
    p = 1 - math.prod(1 - 1 / rules.doze_die(con) for con in cons)
    broken = sum(outcome(c, f"rota/{cons}/{i}").rota_broken_at is not None for i in range(nights))
    assert_rate(broken, nights, p, f"rota {cons}")


# --- wandering monsters (rules.md 4) ----------------------------------------------------


@pytest.mark.parametrize(
    ("where", "x"),
    [({"terrain": "meadow"}, 1), ({"terrain": "bog"}, 2), ({"terrain": "swamp"}, 3),
     ({"encounter_chance": 5}, 5)],
)  # fmt: skip
def test_encounter_rate_x_in_6(where: dict[str, object], x: int) -> None:
    c = make([person("A")], camp=where, rules={"fall_asleep_on_watch": False})
    assert c.camp.chance == x
    n = 2400
    hits = sum(outcome(c, f"enc/{x}/{i}").encounter is not None for i in range(n))
    assert_rate(hits, n, x / 6, f"{where}")


def test_encounter_chance_0_never_and_6_always() -> None:
    never = make([person("A")], camp={"encounter_chance": 0})
    always = make([person("A")], camp={"encounter_chance": 6})
    assert all(outcome(never, i).encounter is None for i in range(300))
    assert all(outcome(always, i).encounter is not None for i in range(300))


def four_watch(**rules_: object) -> tuple[list[str], object]:
    names = ["A", "B", "C", "D"]
    return names, make(
        [person(n) for n in names],
        camp={"encounter_chance": 6},
        watch={"rota": names},
        rules={"fall_asleep_on_watch": False, **rules_},
    )


@pytest.fixture(scope="module")
def watched_encounters() -> list[object]:
    """Encounters on a watched night (a 4 x 2 h rota, nobody dozes): someone is always awake."""
    _, c = four_watch()
    return [outcome(c, f"watched/{i}").encounter for i in range(4800)]  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def unwatched_encounters() -> list[object]:
    """Encounters on a night without a rota: everyone asleep."""
    c = make([person("A"), person("B")], camp={"encounter_chance": 6})
    return [outcome(c, f"unwatched/{i}").encounter for i in range(3000)]


def test_arrival_minute_uniform_over_the_rest_period(watched_encounters: list) -> None:
    mins = [e.at - REST_START for e in watched_encounters]
    n = len(mins)
    assert min(mins) == 0 and max(mins) == REST - 1  # both ends reachable, nothing outside
    # Mean of a uniform 0..479 is 239.5, sd sqrt((480^2 - 1) / 12).
    sd = math.sqrt((REST**2 - 1) / 12) / math.sqrt(n)
    assert abs(sum(mins) / n - 239.5) < 3.3 * sd
    per_hour = Counter(m // 60 for m in mins)
    for h in range(8):
        assert_rate(per_hour[h], n, 1 / 8, f"hour {h + 1}")


def test_party_surprise_2_in_6_when_someone_is_awake(watched_encounters: list) -> None:
    assert all(not e.nobody_awake for e in watched_encounters)
    hits = sum(e.party_surprised for e in watched_encounters)
    assert_rate(hits, len(watched_encounters), 2 / 6, "party surprised")


def test_monster_surprise_2_in_6(watched_encounters: list, unwatched_encounters: list) -> None:
    for sample in (watched_encounters, unwatched_encounters):
        hits = sum(e.monster_surprised for e in sample)
        assert_rate(hits, len(sample), 2 / 6, "monster surprised")


def test_party_side_surprised_when_nobody_is_awake(unwatched_encounters: list) -> None:
    assert all(e.nobody_awake and e.party_surprised for e in unwatched_encounters)
    assert all(e.surprised == ("A", "B") for e in unwatched_encounters)


def test_distance_2d6_x_30_unless_both_surprised(watched_encounters: list) -> None:
    ds = [
        e.distance_ft for e in watched_encounters if not (e.party_surprised and e.monster_surprised)
    ]
    n = len(ds)
    assert_rate(n, len(watched_encounters), 1 - 1 / 9, "not both surprised")
    assert set(ds) == set(range(60, 361, 30))
    # 2d6 x 30: mean 210, sd 30 * sqrt(35 / 6).
    assert abs(sum(ds) / n - 210) < 3.3 * 30 * math.sqrt(35 / 6) / math.sqrt(n)
    counts = Counter(d // 30 for d in ds)
    for total in range(2, 13):
        p = (6 - abs(total - 7)) / 36
        assert_rate(counts[total], n, p, f"2d6 = {total}")


def test_distance_1d4_x_30_when_both_surprised(unwatched_encounters: list) -> None:
    both = [e.distance_ft for e in unwatched_encounters if e.monster_surprised]
    others = [e.distance_ft for e in unwatched_encounters if not e.monster_surprised]
    counts = Counter(both)
    assert set(counts) == {30, 60, 90, 120}
    for d in (30, 60, 90, 120):
        assert_rate(counts[d], len(both), 1 / 4, f"1d4 x 30 = {d}")
    assert min(others) >= 60 and max(others) <= 360


def test_creature_table_weights() -> None:
    c = make(
        [person("A")],
        camp={"encounter_chance": 6},
        encounters={
            "night_no_fire": [{"creature": "wolves", "weight": 3}, {"creature": "pedlar"}],
            "night_fire": [{"creature": "moth"}],
        },
    )

    def creature_of(out: NightOutcome) -> str | None:
        assert out.encounter is not None  # the chance is 6: a monster every night
        return out.encounter.creature

    got = Counter(creature_of(outcome(c, f"creature/{i}")) for i in range(2000))
    assert set(got) == {"wolves", "pedlar"}  # no fire on this night: the no-fire column
    assert_rate(got["wolves"], 2000, 3 / 4, "wolves")


# --- preparation (rules.md 1) -------------------------------------------------------------

FIREWOOD_MEAN = {  # E[max(0, 1d6 + mod)]
    "dry": Fraction(21, 6),
    "damp": Fraction(15, 6),
    "snow": Fraction(10, 6),
    "heavy_rain": Fraction(3, 6),
}


@pytest.mark.parametrize("weather", list(FIREWOOD_MEAN))
def test_firewood_1d6_plus_weather_floored_at_zero(weather: str) -> None:
    mod = rules.WEATHER_MODIFIER[weather]
    c = make(
        [person("A"), person("B"), person("C")],
        camp={"weather": weather},
        evening={"firewood": ["B", "C"]},
    )
    hours: list[int] = []
    for i in range(1200):
        for _, type_, f in events(c, f"wood/{weather}/{i}"):
            if type_ == "firewood.gathered":
                (roll,) = f["rolls"]
                assert roll["mod"] == mod and f["hours"] == max(0, roll["faces"][0] + mod)
                hours.append(f["hours"])
    n = len(hours)
    assert n == 2400
    values = [max(0, face + mod) for face in range(1, 7)]
    mean = sum(values) / 6
    assert Fraction(sum(values), 6) == FIREWOOD_MEAN[weather]
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 6) / math.sqrt(n)
    assert abs(sum(hours) / n - mean) < 3.3 * sd
    assert min(hours) == max(0, 1 + mod) and max(hours) == 6 + mod


def test_fire_burns_the_gathered_hours_plus_carried() -> None:
    c = make(
        [person("A"), person("B")],
        camp={"carried_firewood_hours": 1.5},
        evening={"firewood": ["B"]},
    )
    for i in range(50):
        evs, out = night(c, f"burn/{i}")
        (wood,) = [f["hours"] for _, t, f in evs if t == "firewood.gathered"]
        assert out.fire_lit
        lit_at = 60
        expect_out = lit_at + round((wood + 1.5) * 60)
        assert out.fire_out_at == (expect_out if expect_out <= REST_START + REST else None)


# --- rest checks (rules.md 5) -------------------------------------------------------------


def test_con_check_odds_moderate_and_hard_with_and_without_the_evening() -> None:
    # No fire warmth (1 hour of carried wood burns out as the rest period begins, but the cook
    # still has a fire), nobody on watch, no monster: every check is the table plus the
    # evening. Each night's modifier is recomputed here from the meal and the mood, and the
    # full-rest rate of each (difficulty, modifier) bucket must match the exact odds.
    party = [
        person("Cook", con=10, wis=16, bedroll=True),
        person("Bard", con=13, cha=9, save_doom=20, bedroll=True),  # often ridiculed
        person("Bare", con=10),  # no bedding: hard in autumn
        person("Hardy", con=16),  # hard, +2
        person("Frail", con=4, tent=True),  # moderate, -2
    ]
    c = make(
        party,
        camp={"carried_firewood_hours": 1},
        evening={"cook": "Cook", "entertain": "Bard", "eaters": ["Cook", "Bard", "Bare", "Frail"]},
    )
    by_bucket: dict[tuple[str, int], list[bool]] = {}
    mods_seen: set[int] = set()
    for i in range(2500):
        evs, out = night(c, f"con/{i}")
        meal = next(f for _, t, f in evs if t == "meal.cooked")["outcome"]
        mood = next(f for _, t, f in evs if t == "camp.entertained")["outcome"]
        assert not out.fire_warmed
        for _, t, f in evs:
            if t != "rest.checked":
                continue
            who = c.character(f["actor"])
            diff = rules.rest_difficulty(False, who.bedroll, who.tent, "autumn")
            assert f["difficulty"] == diff and f["slept_minutes"] == REST
            mod = (
                rules.ability_modifier(who.con)
                + rules.DIFFICULTY_MODIFIER[diff]
                + (meal == "tasty" and who.name != "Hardy")
                + (mood == "lifted")
                - (mood == "ridiculed" and who.name == "Bard")
            )
            (roll,) = f["rolls"]
            assert roll["mod"] == mod, (f, meal, mood)
            assert f["full_rest"] is rules.ability_check(roll["faces"][0], mod)
            by_bucket.setdefault((diff, mod), []).append(f["full_rest"])
            mods_seen.add(mod)
    checked = 0
    for (bucket, mod), results in sorted(by_bucket.items()):
        if len(results) >= 150:
            assert_rate(sum(results), len(results), float(check_odds(mod)), f"{bucket} {mod:+d}")
            checked += 1
    # Moderate and hard, plain and with each bonus and the ridicule penalty, were all seen.
    assert {("moderate", 0), ("moderate", 1), ("moderate", 2), ("moderate", -1)} <= set(by_bucket)
    assert {("hard", -2), ("hard", -1), ("hard", 0), ("hard", 1)} <= set(by_bucket)
    assert checked >= 8


@pytest.mark.parametrize(
    ("mod", "p"), [(-5, Fraction(1, 6)), (-2, Fraction(1, 6)), (-1, Fraction(2, 6)),
                   (0, Fraction(3, 6)), (1, Fraction(4, 6)), (2, Fraction(5, 6)),
                   (3, Fraction(5, 6)), (9, Fraction(5, 6))],
)  # fmt: skip
def test_exact_check_odds_include_the_naturals(mod: int, p: Fraction) -> None:
    assert check_odds(mod) == p


def test_easy_night_always_rests_and_impossible_never() -> None:
    easy = make([person("A", bedroll=True)], camp={"season": "summer"})
    impossible = make([person("A")], camp={"season": "winter"})
    for i in range(200):
        assert outcome(easy, i).characters[0].full_rest
        assert not outcome(impossible, i).characters[0].full_rest


def test_six_hour_rule_three_watchers_over_eight_hours_never_rest() -> None:
    # An easy night (summer, bedroll and tent) for all; three watchers stand 160 minutes each.
    names = ["A", "B", "C"]
    party = [person(n, bedroll=True, tent=True) for n in [*names, "D"]]
    c = make(
        party,
        camp={"season": "summer"},
        watch={"rota": names},
        rules={"fall_asleep_on_watch": False},
    )
    for i in range(100):
        out = outcome(c, f"six/{i}")
        for ch in out.characters[:3]:
            assert ch.slept_minutes == REST - 160 and not ch.full_rest
        assert out.characters[3].slept_minutes == REST and out.characters[3].full_rest


def test_four_two_hour_watches_each_sleep_exactly_six_hours() -> None:
    names = ["A", "B", "C", "D"]
    party = [person(n, bedroll=True, tent=True) for n in names]
    c = make(
        party,
        camp={"season": "summer"},
        watch={"rota": names},
        rules={"fall_asleep_on_watch": False},
    )
    for i in range(50):
        out = outcome(c, f"four/{i}")
        assert [ch.slept_minutes for ch in out.characters] == [360] * 4
        assert all(ch.full_rest for ch in out.characters)  # 6 hours is enough


def test_quick_rest_only_where_the_gear_suits_the_night_and_the_six_hour_rule_stays() -> None:
    # Rules edition 1 (edition 2 made the quick option the party's decision: rules.md 5.4,
    # test_edition2_stats.py). rules.md 5, the quick option as read again: a full rest without a
    # check only for a character whose night, by the table with their bedding and the night's fire,
    # is easy or moderate; hard or impossible takes the full procedure. Autumn without fire: bedroll
    # alone is moderate (quick: always rests, no roll), no bedding is hard (a CON check -2: CON 10
    # passes on a 6 only, 1/6); the 3-hour watcher is under 6 hours whatever the night. (The rule
    # before: anyone with bedding rested, so winter bedroll nights all rested.)
    party = [person("Bed", bedroll=True), person("Bare"), person("Watch", tent=True)]
    c = make(
        party,
        rules={"quick_rest": True, "fall_asleep_on_watch": False},
        watch={"shifts": [{"name": "Watch", "hours": 3}]},
    )
    n, bare_rested = 1200, 0
    for i in range(n):
        evs, out = night(c, f"quick/{i}", edition=1)
        bed, bare, watch = out.characters
        assert (bed.difficulty, bare.difficulty) == ("moderate", "hard")
        assert bed.full_rest and not watch.full_rest
        reasons = {f["actor"]: f for _, t, f in evs if t == "rest.checked"}
        assert reasons["Bed"]["reason"] == "quick_rest"
        assert reasons["Bed"]["rolls"] == [] and len(reasons["Bare"]["rolls"]) == 1
        assert reasons["Watch"]["reason"] == "slept_under_6h"
        bare_rested += bare.full_rest
    assert_rate(bare_rested, n, float(check_odds(-2)), "hard night under the quick option")
    # Winter without fire: bedroll alone is impossible, bedroll and tent hard; quick rest
    # helps neither. An easy night reads as easy (the option changed nothing there).
    winter = make(
        [person("Roll", bedroll=True), person("Both", bedroll=True, tent=True)],
        camp={"season": "winter"},
        rules={"quick_rest": True},
    )
    summer = make(
        [person("Roll", bedroll=True)], camp={"season": "summer"}, rules={"quick_rest": True}
    )
    both_rested = 0
    for i in range(n):
        roll, both = outcome(winter, f"winter-quick/{i}", edition=1).characters
        assert (roll.difficulty, both.difficulty) == ("impossible", "hard")
        assert not roll.full_rest
        both_rested += both.full_rest
    assert_rate(both_rested, n, float(check_odds(-2)), "winter, bedroll and tent, quick option")
    for edition in (1, 2):
        evs, out = night(summer, 1, edition)
        assert out.characters[0].full_rest
        assert next(f for _, t, f in evs if t == "rest.checked")["reason"] == "easy_night"


# --- the morning (rules.md 6) -------------------------------------------------------------


def spells_lost_rate(c: object, caster: str, nights: int, tag: str) -> tuple[int, int]:
    lost = total = 0
    for i in range(nights):
        out = outcome(c, f"{tag}/{i}")  # type: ignore[arg-type]
        ch = next(x for x in out.characters if x.name == caster)
        lost += len(ch.spells_lost)
        total += len(ch.spells_lost) + len(ch.spells_prepared)
    return lost, total


SPELLS = ["Light", "Sleep", "Shield"]


def test_spells_lost_1_in_6_for_an_interrupted_caster() -> None:
    # Middle watch on an easy night: full rest (6 hours) but interrupted sleep.
    names = ["A", "Caster", "C", "D"]
    party = [person(n, bedroll=True, tent=True) for n in names]
    party[1]["spells"] = SPELLS
    c = make(
        party,
        camp={"season": "summer"},
        watch={"rota": names},
        rules={"fall_asleep_on_watch": False},
    )
    out = outcome(c, 0)
    assert out.characters[1].full_rest and out.characters[1].interrupted
    lost, total = spells_lost_rate(c, "Caster", 1500, "interrupted")
    assert total == 4500
    assert_rate(lost, total, 1 / 6, "interrupted caster")


def test_spells_lost_1_in_6_for_an_unrested_caster() -> None:
    c = make([person("Caster", spells=SPELLS)], camp={"season": "winter"})
    out = outcome(c, 0)
    assert not out.characters[0].full_rest and not out.characters[0].interrupted
    lost, total = spells_lost_rate(c, "Caster", 1500, "unrested")
    assert_rate(lost, total, 1 / 6, "unrested caster")


@pytest.mark.parametrize(
    ("slot", "edition"),
    [(0, 2), (0, 1), (3, 1)],
    ids=["first watch", "first watch, edition 1", "last watch, edition 1"],
)
def test_no_spells_lost_for_a_rested_first_or_last_watch_caster(slot: int, edition: int) -> None:
    # rules.md 6.2: edition 2 breaks the last watcher's sleep too (test_edition2_stats.py).
    names = ["A", "B", "C", "D"]
    names[slot] = "Caster"
    party = [person(n, bedroll=True, tent=True) for n in names]
    party[slot]["spells"] = SPELLS
    c = make(
        party,
        camp={"season": "summer"},
        watch={"rota": names},
        rules={"fall_asleep_on_watch": False},
    )
    for i in range(300):
        ch = outcome(c, f"rested/{slot}/{i}", edition).characters[slot]
        assert ch.full_rest and not ch.interrupted
        assert ch.spells_prepared == tuple(SPELLS) and ch.spells_lost == ()


def test_hp_heals_one_on_full_rest_and_never_above_max() -> None:
    party = [
        person("Low", hp=3, max_hp=10, bedroll=True),
        person("Full", hp=10, max_hp=10, bedroll=True),
        person("Zero", hp=0, max_hp=1, bedroll=True),
    ]
    c = make(party, camp={"season": "summer"})
    for i in range(50):
        low, full, zero = outcome(c, i).characters
        assert (low.hp, full.hp, zero.hp) == (4, 10, 1)
    journey = simulate(c, "hp", nights=12)
    for out in journey.outcomes:
        for ch, p in zip(out.characters, party, strict=True):
            assert ch.hp <= int(p["max_hp"])  # type: ignore[call-overload]
    assert [o.characters[0].hp for o in journey.outcomes] == [
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
        10,
        10,
    ]


def test_exhaustion_piles_up_over_a_journey_and_hp_stays() -> None:
    c = make([person("A", hp=4), person("B", hp=4, exhaustion=2)], camp={"season": "winter"})
    journey = simulate(c, 3, nights=3)
    assert [o.characters[0].exhaustion for o in journey.outcomes] == [1, 2, 3]
    assert [o.characters[1].exhaustion for o in journey.outcomes] == [3, 4, 5]
    assert all(o.characters[0].hp == 4 for o in journey.outcomes)
    last = journey.summary.characters[0]
    assert last.exhaustion == 3


def test_exhaustion_clears_after_a_full_rest() -> None:
    winter = make([person("A", bedroll=True, tent=True)], camp={"season": "winter"})
    summer = make([person("A", bedroll=True, tent=True)], camp={"season": "summer"})
    # Winter with bedroll and tent but no fire is hard: find nights without a full rest,
    # carry the state into an easy summer night.
    state = PartyState(exhaustion={"A": 0}, hp={"A": 5})
    for k in range(1, 4):
        sim = NightSim(
            make([person("A")], camp={"season": "winter"}), Dice(k), night=k, state=state
        )
        out = sim.run()
        state = PartyState(exhaustion={"A": out.characters[0].exhaustion}, hp={"A": 5})
        assert out.characters[0].exhaustion == k
    out = NightSim(summer, Dice("clear"), night=4, state=state).run()
    assert out.characters[0].full_rest
    assert out.characters[0].exhaustion == 0 and out.characters[0].hp == 6
    assert winter.party[0].exhaustion == 0


# --- camp activities (rules.md 2) -----------------------------------------------------------


@pytest.mark.parametrize(
    "camp",
    [
        {"fire_conditions": "adverse", "fire_chance": 1},
        {"fire_conditions": "adverse", "fire_chance": 2},
        {"fire_conditions": "adverse", "fire_chance": 3},
        {"fire_conditions": "adverse"},  # 4 by default
        {"weather": "snow"},  # auto: adverse in snow...
        {"weather": "heavy_rain", "fire_chance": 3},  # ... and in heavy rain
        {"firewood_modifier": -2, "fire_conditions": "adverse", "fire_chance": 2},
    ],
    ids=["adverse1", "adverse2", "adverse3", "adverse-default4", "snow-auto", "rain-auto3", "mod"],
)
def test_fire_chance_x_in_6_or_less_under_adverse_conditions(camp: dict[str, object]) -> None:
    # rules.md 2: adverse conditions light the fire on "X-in-6 or less", X 1..4 (4 by
    # default); snow and heavy rain are adverse unless the config says otherwise. 1200
    # nights: 3.3 sd is under 0.05, a third of the gap to the next X. (Before, snow and heavy
    # rain lit without a roll unless fire_chance was set.)
    x = int(camp.get("fire_chance", 4))  # type: ignore[call-overload]
    c = make([person("A")], camp={**camp, "carried_firewood_hours": 3})
    n = 1200
    lit = 0
    for i in range(n):
        evs, out = night(c, f"fire/{i}")
        lit += out.fire_lit
        (f,) = [f for _, t, f in evs if t in ("fire.lit", "fire.not_lit")]
        (r,) = f["rolls"]
        assert r["target"] == {"op": "<=", "value": x} and (r["faces"][0] <= x) == out.fire_lit
        if not out.fire_lit:
            assert f["reason"] == "would_not_catch"
    assert_rate(lit, n, x / 6, f"fire lit {x}-in-6")


@pytest.mark.parametrize(
    "camp",
    [
        {},  # dry
        {"weather": "damp"},
        {"weather": "snow", "fire_conditions": "normal"},
        {"weather": "heavy_rain", "fire_conditions": "normal", "carried_firewood_hours": 5},
        {"firewood_modifier": -4},  # auto without a weather: normal (the referee says)
    ],
    ids=["dry", "damp", "snow-normal", "rain-normal", "modifier-auto"],
)
def test_fire_lights_without_a_roll_in_normal_conditions(camp: dict[str, object]) -> None:
    c = make([person("A")], camp={"carried_firewood_hours": 3, **camp})
    for i in range(40):
        evs, out = night(c, f"normal/{i}")
        assert out.fire_lit
        assert next(f for _, t, f in evs if t == "fire.lit")["rolls"] == []


def test_a_dark_camp_by_choice_uses_the_night_without_fire() -> None:
    # rules.md 2: light_fire = false camps dark on purpose: no fire whatever the camp has, no
    # roll, the reason is the choice, and the no-fire column of both tables applies (the
    # rest table: autumn, bedroll and tent are moderate without fire, easy with it; the
    # encounter table: night_no_fire). The meal needs a fire.
    party = [person("A", bedroll=True, tent=True), person("B", bedroll=True, tent=True)]
    tables = {"night_fire": [{"creature": "moth"}], "night_no_fire": [{"creature": "wolf"}]}
    lit = make(
        party,
        camp={"carried_firewood_hours": 12, "weather": "snow", "fire_conditions": "normal",
              "encounter_chance": 6},
        evening={"firewood": ["B"], "cook": "A"},
        encounters=tables,
    )  # fmt: skip
    dark = make(
        party,
        camp={"carried_firewood_hours": 12, "encounter_chance": 6, "light_fire": False},
        evening={"firewood": ["B"], "cook": "A"},
        encounters=tables,
    )
    rested = 0
    n = 600
    for i in range(n):
        evs, out = night(dark, f"dark/{i}")
        (f,) = [f for _, t, f in evs if t in ("fire.lit", "fire.not_lit")]
        assert f["reason"] == "dark_camp" and f["rolls"] == []
        assert not out.fire_lit and out.encounter is not None
        assert out.encounter.creature == "wolf"
        assert next(f for _, t, f in evs if t == "meal.not_cooked")["reason"] == "no_fire"
        assert {c.difficulty for c in out.characters} == {"moderate"}
        assert all(c.slept_minutes >= 450 for c in out.characters)  # at most 30 min awake
        rested += sum(c.full_rest for c in out.characters)
    # A moderate night: a CON check with CON 10 and no evening bonus (no meal), 1/2.
    assert_rate(rested, 2 * n, float(check_odds(0)), "dark camp, moderate night")
    lit_out = outcome(lit, "dark/0")
    assert lit_out.fire_lit and lit_out.encounter is not None
    assert lit_out.encounter.creature == "moth"
    assert {c.difficulty for c in lit_out.characters} == {"easy"}


def test_fire_normal_conditions_no_roll_and_the_reasons_for_no_fire() -> None:
    normal = make([person("A")], camp={"carried_firewood_hours": 1})
    for i in range(20):
        evs, out = night(normal, i)
        assert out.fire_lit
        assert next(f for _, t, f in evs if t == "fire.lit")["rolls"] == []
    no_starter = make([person("A")], camp={"carried_firewood_hours": 3, "fire_starter": False})
    no_wood = make([person("A")])
    # rules.md (a confirmed reading): with neither a fire-starter nor wood, both are named.
    neither = make([person("A")], camp={"fire_starter": False})
    dark = make([person("A")], camp={"fire_starter": False, "light_fire": False})
    for c, reason in (
        (no_starter, "no_fire_starter"),
        (no_wood, "no_firewood"),
        (neither, "no_fire_starter_nor_firewood"),
        (dark, "dark_camp"),
    ):
        evs, out = night(c, 1)
        assert not out.fire_lit
        assert next(f for _, t, f in evs if t == "fire.not_lit")["reason"] == reason


@pytest.mark.parametrize(
    ("job", "score", "good", "bad"),
    [("cook", "wis", "tasty", "ruined"), ("entertain", "cha", "lifted", "ridiculed")],
)
def test_cook_and_entertainer_odds(job: str, score: str, good: str, bad: str) -> None:
    # Score 10 (mod 0): success 3/6. Natural 1 (1/6) then a failed save vs 12 (11/20): the bad
    # outcome, 11/120. Everything else is plain/flat.
    c = make(
        [person("A", **{score: 10, "save_doom": 12})],
        camp={"carried_firewood_hours": 2},
        evening={job: "A"},
    )
    n = 3600
    outcomes: Counter[object] = Counter()
    event = "meal.cooked" if job == "cook" else "camp.entertained"
    for i in range(n):
        evs, _ = night(c, f"{job}/{i}")
        (f,) = [f for _, t, f in evs if t == event]
        outcomes[f["outcome"]] += 1
        face = f["rolls"][0]["faces"][0]
        assert (f["outcome"] == good) is rules.ability_check(face, 0)
        assert (len(f["rolls"]) == 2) is (face == 1)  # the save only on a natural 1
    assert_rate(outcomes[good], n, 1 / 2, good)
    assert_rate(outcomes[bad], n, 11 / 120, bad)


def test_no_meal_without_fire_cookware_or_ingredients() -> None:
    for camp, reason in (
        ({}, "no_fire"),
        ({"carried_firewood_hours": 2, "cookware": False}, "no_cookware"),
        ({"carried_firewood_hours": 2, "ingredients": False}, "no_ingredients"),
    ):
        evs, _ = night(make([person("A")], camp=camp, evening={"cook": "A"}), 1)
        assert next(f for _, t, f in evs if t == "meal.not_cooked")["reason"] == reason


def test_evening_checks_use_the_doers_own_ability_and_save() -> None:
    # rules.md 2: the cook makes a WIS check, the entertainer a CHA check, and each saves vs
    # Doom with their own target on a natural 1. Every score and target differs here, and
    # neither doer is the first party member, so a check that read the wrong ability or the
    # wrong character's save shows in the recorded rolls.
    party = [
        person("First", con=10, wis=3, cha=3, save_doom=2),
        person("Cook", con=4, wis=16, cha=7, save_doom=15),
        person("Bard", con=13, wis=6, cha=18, save_doom=9),
    ]
    c = make(
        party, camp={"carried_firewood_hours": 2}, evening={"cook": "Cook", "entertain": "Bard"}
    )
    saves = {"meal.cooked": 0, "camp.entertained": 0}
    for i in range(400):
        for _, t, f in events(c, f"own/{i}"):
            if t not in saves:
                continue
            who = c.character(f["actor"])
            mod = rules.ability_modifier(who.wis if t == "meal.cooked" else who.cha)
            check = f["rolls"][0]
            assert check["mod"] == mod and check["target"] == {"op": ">=", "value": 4}, f
            if len(f["rolls"]) == 2:
                save = f["rolls"][1]
                assert save["target"] == {"op": ">=", "value": who.save_doom}, f
                bad = "ruined" if t == "meal.cooked" else "ridiculed"
                assert (f["outcome"] == bad) is not rules.save(save["faces"][0], who.save_doom)
                saves[t] += 1
    assert min(saves.values()) >= 20  # naturals 1 seen for both doers


def test_a_tasty_meal_feeds_everyone_unless_eaters_are_listed() -> None:
    # rules.md 2: +1 to the rest checks of those who eat it, "all present by default".
    party = [person("Cook", wis=18, bedroll=True), person("B", bedroll=True), person("C")]
    for eaters, fed in ((None, {"Cook", "B", "C"}), (["B"], {"B"})):
        evening: dict[str, object] = {"cook": "Cook"}
        if eaters is not None:
            evening["eaters"] = eaters
        c = make(party, camp={"carried_firewood_hours": 1}, evening=evening)
        tasty = 0
        for i in range(40):
            evs = events(c, f"eaters/{i}")
            meal = next(f for _, t, f in evs if t == "meal.cooked")
            tasty += meal["outcome"] == "tasty"
            for _, t, f in evs:
                if t == "rest.checked":
                    who = c.character(f["actor"])
                    base = (
                        rules.ability_modifier(who.con) + rules.DIFFICULTY_MODIFIER[f["difficulty"]]
                    )
                    ate = meal["outcome"] == "tasty" and who.name in fed
                    assert f["rolls"][0]["mod"] == base + ate, (eaters, f)
        assert tasty >= 20


def test_a_meal_is_cooked_as_the_fire_dies_at_that_minute() -> None:
    # Timeline house reading: cooking happens at 20:30. Half an hour of carried wood burns
    # 20:00-20:30: the fire still counts as lit for the meal (engine: the meal comes first
    # at a tie), and it is out before the rest period begins, so it warms nobody.
    c = make([person("A")], camp={"carried_firewood_hours": 0.5}, evening={"cook": "A"})
    for i in range(20):
        evs, out = night(c, f"tie/{i}")
        assert any(t == "meal.cooked" for _, t, _ in evs)
        assert out.fire_out_at == 90 and not out.fire_warmed
        # The fast path (`odds`) schedules its processes differently: hold it to the same
        # tie (the eaters are set only when a meal was cooked).
        fast = NightSim(c, Dice(f"tie/{i}"), record=False)
        fast.run()
        assert fast.evening is not None and fast.evening.eaters == ("A",)
    c = make([person("A")], camp={"carried_firewood_hours": 0.45}, evening={"cook": "A"})
    evs, _ = night(c, 1)
    assert next(f for _, t, f in evs if t == "meal.not_cooked")["reason"] == "no_fire"


@pytest.mark.parametrize(("carried", "warmed"), [(5, True), (4.95, False)])
def test_fire_warms_if_it_burns_fire_warmth_hours_of_the_rest_period(
    carried: float, warmed: bool
) -> None:
    # Lit at 20:00; the rest period starts at 21:00: 5 hours of wood burn 4 hours of it.
    c = make([person("A", bedroll=True)], camp={"carried_firewood_hours": carried})
    out = outcome(c, 1)
    assert out.fire_warmed is warmed
    assert out.characters[0].difficulty == ("easy" if warmed else "moderate")  # autumn, bedroll


# --- carried firewood on a journey (rules.md, a confirmed reading) ---------------------------


def test_carried_firewood_is_kept_until_a_night_whose_fire_is_lit() -> None:
    # 3 hours carried, nobody gathers, adverse conditions 1-in-6: each night before the first
    # lit one fails to catch with the same 3 hours in hand; after it there is no wood. So
    # the first lit night is geometric, P(night k) = (5/6)^(k-1) / 6, and P(lit by night 4) =
    # 1 - (5/6)^4. (Before: the wood was spent on the first night, lit or not, and night 2
    # on never had any: "lit by night 4" was 1/6.)
    c = make([person("A")], camp={"fire_conditions": "adverse", "fire_chance": 1,
                                  "carried_firewood_hours": 3})  # fmt: skip
    n, lit_by_4 = 1200, 0
    for i in range(n):
        journey = simulate(c, f"carried/{i}", nights=4)
        fires = [e for e in journey.events if e.type in ("fire.lit", "fire.not_lit")]
        lit = [e.type == "fire.lit" for e in fires]
        first = lit.index(True) if True in lit else len(lit)
        for k, e in enumerate(fires):
            if k < first:
                assert e.reason == "would_not_catch" and e.wood_minutes == 180  # type: ignore[union-attr]
            elif k == first:
                assert e.minutes == 180  # type: ignore[union-attr]
            else:
                assert e.reason == "no_firewood" and e.wood_minutes == 0  # type: ignore[union-attr]
        lit_by_4 += first < 4
    assert_rate(lit_by_4, n, 1 - (5 / 6) ** 4, "lit by the fourth night")


def test_a_dark_camp_keeps_its_carried_wood_every_night() -> None:
    for camp in ({"light_fire": False}, {"fire_starter": False}):
        c = make([person("A")], camp={**camp, "carried_firewood_hours": 2.5})
        journey = simulate(c, "dark-journey", nights=3)
        fires = [e for e in journey.events if e.type == "fire.not_lit"]
        assert [f.wood_minutes for f in fires] == [150] * 3


# --- sleeping in (rules.md 4, optional house rule) ---------------------------------------------


def test_sleeping_in_runs_the_rest_period_on_by_the_encounter() -> None:
    # Rules edition 1 (edition 2 moves every later hand-over: rules.md 4.6, test_edition2_stats.py,
    # and the fifth sleeper's case below holds in both). A 4 x 2 h rota over 8 hours and a fifth
    # sleeper who stands no watch; an encounter every night keeps the camp up 45 minutes. With
    # sleep_in the rest period ends 45 minutes later: the fifth sleeper always sleeps exactly 8
    # hours, the first three watchers always keep at least 6, and the last watcher (whose shift runs
    # on) rests only when the monster came in their own shift: arrival uniform over 480 minutes, the
    # last 120 of them, 1/4. (Without sleep_in the fifth sleeper has 7h15 and a watcher rests only
    # if the encounter fell in their own shift or, for the first, ended in it.)
    names = ["A", "B", "C", "D"]
    party = [person(n, bedroll=True, tent=True) for n in [*names, "E"]]
    c = make(
        party,
        camp={"season": "summer", "encounter_chance": 6},
        watch={"rota": names},
        rules={"fall_asleep_on_watch": False, "sleep_in": True, "encounter_minutes": 45},
    )
    n, last_rested = 1200, 0
    for i in range(n):
        out = outcome(c, f"sleep-in/{i}", edition=1)
        a, b, c_, d, e = out.characters
        two = outcome(c, f"sleep-in/{i}").characters[4]
        assert (two.slept_minutes, two.full_rest) == (e.slept_minutes, e.full_rest)
        assert e.slept_minutes == REST and e.full_rest
        assert all(x.slept_minutes >= 360 and x.full_rest for x in (a, b, c_))
        own_shift = out.encounter is not None and out.encounter.at - REST_START >= 360
        assert d.full_rest is own_shift and (d.slept_minutes == 360) is own_shift
        last_rested += d.full_rest
    assert_rate(last_rested, n, 1 / 4, "the last watcher rests")


def test_sleeping_in_moves_the_morning_the_strikes_and_the_last_shift() -> None:
    names = ["A", "B", "C", "D"]
    c = make(
        [person(n) for n in names],
        camp={"encounter_chance": 3, "carried_firewood_hours": 9},  # burns to 05:00 exactly
        watch={"rota": names},
        rules={"fall_asleep_on_watch": False, "sleep_in": True, "encounter_minutes": 45},
    )
    n, late = 600, 0
    for i in range(n):
        evs, out = night(c, f"late/{i}")
        end = REST_START + REST + (45 if out.encounter else 0)
        assert {t for t, ty, _ in evs if ty in ("rest.checked", "night.summary")} == {end}
        strikes = [(t, f["hour"]) for t, ty, f in evs if ty == "hour.passed"]
        assert strikes[-1] == (end, 9 if out.encounter else 8)
        assert [t for t, _ in strikes[:8]] == [REST_START + 60 * h for h in range(1, 9)]
        (last,) = [f for _, ty, f in evs if ty == "watch.began" and f["shift"] == 4][-1:]
        assert last["until"] == ("05:45" if out.encounter else "05:00")
        extended = [f for _, ty, f in evs if ty == "rest.extended"]
        assert extended == ([{"until": "05:45", "minutes": 45}] if out.encounter else [])
        # The fire burns to the planned dawn: it lasts only if the night did not run on.
        assert out.fire_lasted is (out.encounter is None) and out.fire_warmed
        late += out.encounter is not None
    assert_rate(late, n, 3 / 6, "mornings after a sleep-in")


def test_without_sleeping_in_an_encounter_costs_the_default_rota_three_full_rests() -> None:
    # With the default rota (4 x 2 h, every watcher exactly 6 h of sleep) every
    # night with an encounter leaves at least three of the four under 6 hours; with sleep_in
    # none is (edition 2, rules.md 4.6), or at most the last watcher (edition 1).
    names = ["A", "B", "C", "D"]
    base = {"fall_asleep_on_watch": False}
    for sleep_in, most, edition in ((False, 4, 2), (True, 0, 2), (True, 1, 1)):
        c = make(
            [person(x) for x in names],
            camp={"encounter_chance": 6},
            watch={"rota": names},
            rules={**base, "sleep_in": sleep_in},
        )
        short = [
            sum(ch.slept_minutes < 360 for ch in outcome(c, f"cost/{i}", edition).characters)
            for i in range(300)
        ]
        assert max(short) == most
        assert min(short) == (3 if not sleep_in else 0)
