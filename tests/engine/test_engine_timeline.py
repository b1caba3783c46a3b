"""The timeline readings of docs/rules.md and docs/log-format.md, scenario by scenario.

Each scenario is either forced by the config (encounter_chance = 6, dozing off, ...) or found
by searching a fixed range of seeds, so every test is deterministic.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

from nightsim.config import Config
from nightsim.engine.outcome import NightOutcome
from tests.helpers.nights import RawEvent, cfg, make, night, person

REST_START = 120
DAWN = REST_START + 480
NAMES = ["A", "B", "C", "D"]

Night = tuple[list[RawEvent], NightOutcome]


def four(**kw: object) -> Config:
    """Four watchers, 2 hours each, on an easy summer night (bedroll and tent for all)."""
    rules_ = kw.pop("rules", {})
    camp = kw.pop("camp", {})
    party = [person(n, bedroll=True, tent=True, **kw) for n in NAMES]
    return make(
        party,
        camp={"season": "summer", **camp},  # type: ignore[dict-item]
        watch={"rota": NAMES},
        rules=rules_,  # type: ignore[arg-type]
    )


def find_seed(c: Config, pred: Callable[[Night], bool], tag: str, tries: int = 4000) -> str:
    """The first seed `{tag}/{i}` whose night (of the current edition) passes `pred`."""
    for i in range(tries):
        if pred(night(c, f"{tag}/{i}")):
            return f"{tag}/{i}"
    raise AssertionError(f"no seed in {tag}/0..{tries - 1} gives the scenario")


def find(c: Config, pred: Callable[[Night], bool], tag: str, tries: int = 4000) -> Night:
    return night(c, find_seed(c, pred, tag, tries))


def of(evs: list[RawEvent], type_: str) -> list[tuple[int, dict]]:
    return [(t, f) for t, ty, f in evs if ty == type_]


def first(evs: list[RawEvent], type_: str) -> tuple[int, dict]:
    found = of(evs, type_)
    assert found, f"no {type_}"
    return found[0]


def has(type_: str) -> Callable[[Night], bool]:
    return lambda n: any(ty == type_ for _, ty, _ in n[0])


# --- the clock ------------------------------------------------------------------------------


def test_hour_passed_comes_first_at_its_minute() -> None:
    # Hand-overs fall on the hour; 2 hours of carried wood make the fire go out at 22:00 too.
    c = four(camp={"carried_firewood_hours": 2})
    for i in range(30):
        evs, _ = night(c, i)
        hours = of(evs, "hour.passed")
        assert [f["hour"] for _, f in hours] == list(range(1, 9))
        assert [t for t, _ in hours] == [REST_START + 60 * k for k in range(1, 9)]
        for t, _ in hours:
            at_t = [ty for tt, ty, _ in evs if tt == t]
            assert at_t[0] == "hour.passed", at_t
        t_out, _ = first(evs, "fire.out")
        assert t_out == REST_START + 60  # lit at 20:00, 2 hours


def watchers(f: dict) -> list[tuple[str, str, str]]:
    """An hour's watch spans as (actor, from, to)."""
    return [(w["actor"], w["from"], w["to"]) for w in f["watch"]]


def test_hour_passed_names_the_watcher_of_the_hour_just_passed() -> None:
    c = four(rules={"fall_asleep_on_watch": False})
    evs, _ = night(c, "hours")
    hours = of(evs, "hour.passed")
    # Each hand-over falls on a strike: every watcher keeps the whole of each hour.
    faces = [f"{h % 24:02d}:00" for h in range(21, 30)]
    assert [watchers(f) for _, f in hours] == [
        [(w, faces[k], faces[k + 1])] for k, w in enumerate("AABBCCDD")
    ]
    assert all(f["unwatched_minutes"] == 0 and f["dozed"] == [] for _, f in hours)
    fires = [f["fire_minutes"] for _, f in hours]
    assert fires == sorted(fires, reverse=True)  # once out, the fire stays out
    for _, f in hours:
        assert sorted(f["awake"] + f["slept_through"]) == sorted(NAMES)
        assert f["awake"] == [f["watch"][0]["actor"]]


def test_sleep_counts_only_inside_the_rest_period() -> None:
    # Nobody on watch, nothing happens: everyone sleeps exactly the rest period, no more.
    c = make([person("A"), person("B")], rules={"rest_hours": 6})
    _, out = night(c, 1)
    assert [ch.slept_minutes for ch in out.characters] == [360, 360]
    assert all(not ch.interrupted for ch in out.characters)


def test_evening_clock_times() -> None:
    c = cfg("camp.encounter_chance=0")
    evs, _ = night(c, 5)
    times = {ty: t for t, ty, _ in reversed(evs)}
    assert times["night.began"] == 0
    assert times["camp.site_prepared"] == 60 and times["fire.lit"] == 60
    assert times["meal.cooked"] == 90 and times["camp.entertained"] == 120
    assert times["rest.began"] == REST_START and times["rest.checked"] == DAWN


# --- the rota and dozing ----------------------------------------------------------------------


def test_hand_overs_in_order_and_no_dozing_when_off() -> None:
    evs, out = night(four(rules={"fall_asleep_on_watch": False}), 3)
    assert [(t, f["actor"], f["to"]) for t, f in of(evs, "watch.handed_over")] == [
        (240, "A", "B"),
        (360, "B", "C"),
        (480, "C", "D"),
    ]
    assert [f["rolls"] for _, f in of(evs, "watch.began")] == [[]] * 4
    assert out.rota_broken_at is None
    assert not of(evs, "watch.ended")  # the last shift ends at dawn


def test_doze_breaks_the_chain_every_later_shift_is_missed() -> None:
    c = four(con=3, camp={"encounter_chance": 0})
    evs, out = find(
        c, lambda n: any(f["actor"] == "A" for _, f in of(n[0], "watch.dozed")), "doze1"
    )
    t_doze, _ = first(evs, "watch.dozed")
    assert REST_START <= t_doze < 240
    assert out.rota_broken_at == t_doze
    missed = of(evs, "watch.missed")
    assert [(t, f["actor"], f["shift"]) for t, f in missed] == [
        (240, "B", 2),
        (360, "C", 3),
        (480, "D", 4),
    ]
    assert [f["actor"] for _, f in of(evs, "watch.began")] == ["A"]
    assert not of(evs, "watch.handed_over")
    # The hour of the doze: A watched up to it; from the doze on, nobody is on watch and the
    # dozer counts as asleep.
    for t, f in of(evs, "hour.passed"):
        if t - 60 <= t_doze < t:
            (span,) = f["watch"]
            assert (span["actor"], f["unwatched_minutes"]) == ("A", t - t_doze)
            assert f["dozed"] == ["A"] and "A" in f["awake"]
        elif t > t_doze:
            assert f["watch"] == [] and f["unwatched_minutes"] == 60 and f["awake"] == []
            assert f["dozed"] == ["A"] and "A" in f["slept_through"]
    # Dozing on watch is sleep (rules.md 5): A slept from the doze to dawn.
    a = out.characters[0]
    assert a.slept_minutes == DAWN - t_doze


def test_doze_roll_recorded_in_watch_began() -> None:
    c = four(con=3, camp={"encounter_chance": 0})
    evs, _ = find(c, has("watch.dozed"), "dozeroll")
    t_doze, dz = first(evs, "watch.dozed")
    began = [(t, f) for t, f in of(evs, "watch.began") if f["shift"] == dz["shift"]]
    (t_began, f) = began[0]
    doze_roll, minute_roll = f["rolls"]
    assert doze_roll["dice"] == "1d6" and doze_roll["faces"] == [1]  # CON 3: 1-in-6
    assert minute_roll["dice"] == "1d120" and minute_roll["mod"] == -1
    assert t_doze == t_began + minute_roll["total"]


# --- the wandering monster --------------------------------------------------------------------


def test_encounter_wakes_everyone_and_camp_settles_and_rota_resumes() -> None:
    c = four(rules={"fall_asleep_on_watch": False}, camp={"encounter_chance": 6})
    evs, out = find(c, lambda n: 250 <= first(n[0], "monster.arrived")[0] < 330, "settle")
    t_arr, arr = first(evs, "monster.arrived")
    assert arr["awake"] == ["B"] and arr["watch_of"] == "B"
    assert set(arr["surprised"]) >= {"A", "C", "D"}
    t_woke, woke = first(evs, "camp.woke")
    assert t_woke == t_arr and sorted(woke["woken"]) == ["A", "C", "D"]
    t_set, settled = first(evs, "camp.settled")
    assert t_set == t_arr + 30 and settled["on_watch"] == "B"
    resumed = [(t, f) for t, f in of(evs, "watch.began") if f["resumed"]]
    assert resumed == [(t_set, resumed[0][1])]
    assert resumed[0][1]["actor"] == "B" and resumed[0][1]["rolls"] == []
    # Between the arrival and the settling, everyone is awake.
    for t, f in of(evs, "hour.passed"):
        if t_arr < t <= t_set:
            assert sorted(f["awake"]) == NAMES
    # Every sleeper lost the half hour and slept again. B (on watch) lost nothing.
    assert [ch.slept_minutes for ch in out.characters] == [330, 360, 330, 330]
    # Edition 2 (rules.md 6.2): sleep broken by a watch, the last one too (D), not by the
    # monster (A stood the first watch, then slept through but for the encounter).
    assert [ch.interrupted for ch in out.characters] == [False, True, True, True]


def test_edition_1_counts_the_encounter_as_interrupted_sleep() -> None:
    """Edition 1 (asleep, awake, asleep again): the encounter interrupts every sleeper, the
    first watcher too; the middle watch does; on a quiet night the last watch does not."""
    c = four(rules={"fall_asleep_on_watch": False}, camp={"encounter_chance": 6})
    seed = find_seed(c, lambda n: 250 <= first(n[0], "monster.arrived")[0] < 330, "settle")
    _, out = night(c, seed, edition=1)
    assert [ch.interrupted for ch in out.characters] == [True, True, True, True]
    _, quiet = night(four(rules={"fall_asleep_on_watch": False}), 1, edition=1)
    assert [ch.interrupted for ch in quiet.characters] == [False, True, True, False]


@pytest.mark.parametrize("minutes", [0, 90])
def test_encounter_minutes_sets_when_the_camp_settles(minutes: int) -> None:
    # rules.md 4 (house reading): after `encounter_minutes` the party lies down again and the
    # rota resumes with the shift that covers that minute.
    c = four(
        rules={"fall_asleep_on_watch": False, "encounter_minutes": minutes},
        camp={"encounter_chance": 6},
    )
    # The monster comes and the camp settles within B's watch (23:00-01:00).
    evs, out = find(
        c, lambda n: 250 <= first(n[0], "monster.arrived")[0] < 360 - minutes, f"em{minutes}"
    )
    t_arr, _ = first(evs, "monster.arrived")
    t_set, settled = first(evs, "camp.settled")
    assert t_set == t_arr + minutes
    assert settled["on_watch"] == "B"
    assert [f["actor"] for _, f in of(evs, "watch.began") if f["resumed"]] == ["B"]
    # A, C, D were asleep and lose the encounter's minutes; B was on watch anyway.
    lost = 360 - minutes
    assert [ch.slept_minutes for ch in out.characters] == [lost, 360, lost, lost]


def arrives_at(minute: int, n: Night) -> bool:
    return first(n[0], "monster.arrived")[0] == minute


def test_monster_at_a_hand_over_minute_meets_the_incoming_watcher() -> None:
    c = four(rules={"fall_asleep_on_watch": False}, camp={"encounter_chance": 6})
    for start, watcher in ((240, "B"), (360, "C"), (480, "D")):
        evs, _ = find(c, functools.partial(arrives_at, start), f"ho{start}")
        _, arr = first(evs, "monster.arrived")
        assert arr["awake"] == [watcher] and arr["watch_of"] == watcher


def test_watch_of_is_awake_when_nobody_dozes() -> None:
    c = four(rules={"fall_asleep_on_watch": False}, camp={"encounter_chance": 6})
    for i in range(300):
        evs, _ = night(c, f"awake/{i}")
        _, arr = first(evs, "monster.arrived")
        assert arr["awake"] == [arr["watch_of"]]
        assert sorted(arr["surprised"]) == sorted(
            [n for n in NAMES if n != arr["watch_of"]]
            + ([arr["watch_of"]] if arr["party_surprised"] else [])
        )


def test_dozing_watcher_is_asleep_and_surprised_and_rota_is_mended() -> None:
    c = four(con=3, camp={"encounter_chance": 6})

    def scenario(n: Night) -> bool:
        dz = of(n[0], "watch.dozed")
        t_arr = first(n[0], "monster.arrived")[0]
        return bool(dz) and dz[0][1]["actor"] == "A" and dz[0][0] < t_arr < 330

    evs, _ = find(c, scenario, "dozesurprise")
    t_arr, arr = first(evs, "monster.arrived")
    assert arr["awake"] == [] and arr["party_surprised"]
    assert sorted(arr["surprised"]) == NAMES
    assert "A" in first(evs, "camp.woke")[1]["woken"]
    t_set, settled = first(evs, "camp.settled")
    covering = NAMES[(t_set - REST_START) // 120]
    assert settled["on_watch"] == covering
    resumed = [f for _, f in of(evs, "watch.began") if f["resumed"]]
    assert [f["actor"] for f in resumed] == [covering]
    if covering == "A":
        assert resumed[0]["rolls"] == []  # the dozer's own shift: no second dozing roll
    else:
        assert resumed[0]["rolls"]  # a missed shift was never rolled: its first roll
    # Shifts missed before the encounter stay missed; later ones are taken up again.
    later = [f["shift"] for t, f in of(evs, "watch.began") if t > t_set]
    assert later == list(range(NAMES.index(covering) + 2, 5))[: len(later)]  # unless dozing again
    for t, _ in of(evs, "watch.missed"):
        assert t < t_arr


def test_no_watch_taken_after_a_doze_until_the_camp_is_woken() -> None:
    c = four(con=3, camp={"encounter_chance": 3})
    seen = 0
    for i in range(600):
        evs, _ = night(c, f"nowatch/{i}")
        broken = False
        for _, ty, f in evs:
            if ty == "watch.dozed":
                broken = True
                seen += 1
            elif ty == "camp.settled":
                broken = False
            elif ty == "watch.began" and not f["resumed"]:
                assert not broken, (i, f)
    assert seen > 100


def test_no_camp_settled_at_or_after_dawn() -> None:
    c = four(rules={"fall_asleep_on_watch": False}, camp={"encounter_chance": 6})
    # Arrival 30 minutes before dawn: it would settle exactly at dawn.
    evs, out = find(c, lambda n: first(n[0], "monster.arrived")[0] == DAWN - 30, "dawn")
    assert not of(evs, "camp.settled")
    assert not [f for _, f in of(evs, "watch.began") if f["resumed"]]
    # A, B, C lose the last half hour; D was on the last watch anyway.
    assert [ch.slept_minutes for ch in out.characters] == [330, 330, 330, 360]
    # One minute earlier, it settles at 04:59.
    evs, _ = find(c, lambda n: first(n[0], "monster.arrived")[0] == DAWN - 31, "dawn31")
    ((t_set, settled),) = of(evs, "camp.settled")
    assert t_set == DAWN - 1 and settled["on_watch"] == "D"


def test_long_encounter_nobody_sleeps_again() -> None:
    c = make(
        [person("A"), person("B")],
        camp={"encounter_chance": 6},
        rules={"encounter_minutes": 480},
    )
    for i in range(50):
        evs, out = night(c, f"long/{i}")
        t_arr, _ = first(evs, "monster.arrived")
        assert not of(evs, "camp.settled")
        for ch in out.characters:
            assert ch.slept_minutes == t_arr - REST_START
            assert not ch.interrupted  # woken, never asleep again


def test_doze_minute_falling_while_the_camp_is_awake_is_void() -> None:
    c = four(con=3, camp={"encounter_chance": 6})

    def scenario(n: Night) -> bool:
        t_arr = first(n[0], "monster.arrived")[0]
        for t, f in of(n[0], "watch.began"):
            if len(f["rolls"]) == 2:
                doze_at = t + f["rolls"][1]["total"]
                if t_arr < doze_at < t_arr + 30:
                    return True
        return False

    evs, _ = find(c, scenario, "void")
    t_arr, _ = first(evs, "monster.arrived")
    assert not [t for t, _ in of(evs, "watch.dozed") if t > t_arr]


def _doze_minute(f: dict) -> int | None:
    """The minute a `watch.began` roll says its watcher dozes off, if they do."""
    return None if len(f["rolls"]) < 2 else f["rolls"][1]["total"]


def test_doze_minute_at_the_settling_minute_is_kept() -> None:
    # docs/rules.md §3: a doze minute that falls while the camp is awake is void. The camp lies down
    # again at the settling minute, so a doze due exactly then is not void: the resumed watcher
    # dozes off as the camp settles.
    c = four(con=3, camp={"encounter_chance": 6})

    def scenario(n: Night) -> bool:
        t_set = [t for t, _ in of(n[0], "camp.settled")]
        return bool(t_set) and any(
            (m := _doze_minute(f)) is not None and t + m == t_set[0]
            for t, f in of(n[0], "watch.began")
        )

    evs, out = find(c, scenario, "dozeatsettle", tries=800)
    t_set, settled = first(evs, "camp.settled")
    dozed = [(t, f["actor"]) for t, f in of(evs, "watch.dozed") if t >= t_set]
    assert dozed[0] == (t_set, settled["on_watch"])
    assert out.rota_broken_at is not None and out.rota_broken_at <= t_set


def test_doze_at_the_arrival_minute_comes_before_the_monster() -> None:
    # Ties at one minute: the watcher nods off at the minute the monster comes; the doze comes
    # first, so the dozer is asleep (rules.md 4: a dozing watcher is asleep) and surprised,
    # and with nobody awake the party side is surprised.
    c = four(con=3, camp={"encounter_chance": 6})

    def scenario(n: Night) -> bool:
        t_arr = first(n[0], "monster.arrived")[0]
        return any(t == t_arr for t, _ in of(n[0], "watch.dozed"))

    evs, out = find(c, scenario, "dozeatarrival", tries=8000)
    t_arr, arr = first(evs, "monster.arrived")
    ((t_doze, dz),) = [(t, f) for t, f in of(evs, "watch.dozed") if t == t_arr]
    types = [ty for t, ty, _ in evs if t == t_arr]
    assert types.index("watch.dozed") < types.index("monster.arrived")
    assert arr["awake"] == [] and arr["party_surprised"]
    assert dz["actor"] in arr["surprised"] and sorted(arr["surprised"]) == NAMES
    assert out.rota_broken_at == t_doze


def test_arrival_table_follows_the_fire_at_that_minute() -> None:
    c = make(
        [person("A"), person("B")],
        camp={"encounter_chance": 6, "carried_firewood_hours": 5},  # burns 20:00-01:00
        encounters={"night_fire": [{"creature": "moth"}], "night_no_fire": [{"creature": "owl"}]},
    )
    for i in range(100):
        evs, _ = night(c, f"table/{i}")
        t_arr, arr = first(evs, "monster.arrived")
        burning = t_arr < 60 + 300
        assert arr["table"] == ("night_fire" if burning else "night_no_fire")
        assert arr["creature"] == ("moth" if burning else "owl")


def test_no_tables_no_creature() -> None:
    c = make([person("A")], camp={"encounter_chance": 6})
    evs, _ = night(c, 1)
    assert first(evs, "monster.arrived")[1]["creature"] is None


# --- an unwatched end, interrupted sleep ------------------------------------------------------


def test_unwatched_end_emits_watch_ended() -> None:
    c = make(
        [person("A"), person("B")],
        watch={"shifts": [{"name": "A", "hours": 2}, {"name": "B", "hours": 1.5}]},
        rules={"fall_asleep_on_watch": False},
    )
    evs, out = night(c, 1)
    _, began = first(evs, "rest.began")
    assert began["unwatched_from"] == "00:30"
    ((t_end, ended),) = of(evs, "watch.ended")
    assert t_end == REST_START + 210 and ended["actor"] == "B"
    hours = [(watchers(f), f["unwatched_minutes"]) for _, f in of(evs, "hour.passed")]
    # B's shift ends at 00:30, half-way through the fourth hour; nobody watches after it.
    assert hours == [
        ([("A", "21:00", "22:00")], 0),
        ([("A", "22:00", "23:00")], 0),
        ([("B", "23:00", "00:00")], 0),
        ([("B", "00:00", "00:30")], 30),
        *[([], 60)] * 4,
    ]
    a, b = out.characters
    assert (a.slept_minutes, b.slept_minutes) == (360, 480 - 90)
    assert b.interrupted and not a.interrupted


def test_broken_sleep_every_watch_but_the_first() -> None:
    # rules.md 6.2 (edition 2): the last watcher is woken for the last watch: broken too.
    _, out = night(four(rules={"fall_asleep_on_watch": False}), 1)
    assert [ch.interrupted for ch in out.characters] == [False, True, True, True]
    _, out = night(four(rules={"fall_asleep_on_watch": False}), 1, edition=1)
    assert [ch.interrupted for ch in out.characters] == [False, True, True, False]


def test_an_encounter_as_they_lie_down_does_not_interrupt_sleep() -> None:
    # rules.md 6.2, edition 1: interrupted = asleep, then awake, then asleep again ("an
    # encounter after which they slept AGAIN"). A character who lies down at the very minute
    # the monster comes has not slept yet: the encounter does not interrupt them. Here the
    # monster comes at a hand-over minute: the outgoing watcher, who stood the first watch,
    # slept only after it.
    c = four(rules={"fall_asleep_on_watch": False}, camp={"encounter_chance": 6})
    seed = find_seed(c, lambda n: first(n[0], "monster.arrived")[0] == 240, "liedown240")
    _, out = night(c, seed, edition=1)
    a, b, c_, d = out.characters
    assert a.slept_minutes == 480 - 120 - 30 and not a.interrupted  # first watch, then the fight
    assert b.interrupted and c_.interrupted and d.interrupted  # slept before and after
    # Edition 2: B is woken for the watch as A hands over (the monster comes after), C and D
    # for theirs later; A, who lies down as the monster comes, is woken by it alone.
    _, out = night(c, seed)
    assert [ch.interrupted for ch in out.characters] == [False, True, True, True]
    # At the first minute of the rest period nobody has slept yet.
    seed = find_seed(c, lambda n: first(n[0], "monster.arrived")[0] == REST_START, "liedown0")
    _, out = night(c, seed, edition=1)
    assert [ch.interrupted for ch in out.characters] == [False, True, True, False]
    _, out = night(c, seed)
    assert [ch.interrupted for ch in out.characters] == [False, True, True, True]


def test_two_shifts_in_a_row_for_one_watcher() -> None:
    c = make(
        [person("A"), person("B")],
        watch={"rota": ["A", "A", "B", "B"]},
        rules={"fall_asleep_on_watch": False},
    )
    evs, out = night(c, 1)
    assert [(f["actor"], f["to"]) for _, f in of(evs, "watch.handed_over")] == [("A", "B")]
    assert [ch.slept_minutes for ch in out.characters] == [240, 240]
    # Edition 2: B is woken for the last watch (rules.md 6.2); one watch each (3.2).
    assert [ch.interrupted for ch in out.characters] == [False, True]
    assert [f["shift"] for _, f in of(evs, "watch.began")] == [1, 2]
    evs, out = night(c, 1, edition=1)
    assert [(f["actor"], f["to"]) for _, f in of(evs, "watch.handed_over")] == [("A", "B")]
    assert not any(ch.interrupted for ch in out.characters)
    assert [f["shift"] for _, f in of(evs, "watch.began")] == [1, 2, 3, 4]


def test_empty_rota_everyone_sleeps() -> None:
    c = make([person("A"), person("B")])
    evs, _ = night(c, 1)
    assert not of(evs, "watch.began")
    for _, f in of(evs, "hour.passed"):
        assert f["watch"] == [] and f["unwatched_minutes"] == 60 and f["awake"] == []


@pytest.mark.parametrize("seed", [0, 1, "x", 2**40])
def test_same_seed_same_events(seed: int | str) -> None:
    c = cfg()
    assert night(c, seed)[0] == night(c, seed)[0]


def test_resumed_shift_is_not_rolled_again() -> None:
    # Dozing on: any shift taken up before the encounter and resumed after it keeps its roll.
    c = four(con=3, camp={"encounter_chance": 6})
    seen_own_doze = seen_plain = 0
    for i in range(400):
        evs, _ = night(c, f"resume/{i}")
        began = of(evs, "watch.began")
        rolled = {f["shift"] for _, f in began if not f["resumed"]}
        for _, f in began:
            if f["resumed"]:
                if f["shift"] in rolled:
                    assert f["rolls"] == [], f
                    dozed = any(d["shift"] == f["shift"] for _, d in of(evs, "watch.dozed"))
                    seen_own_doze += dozed
                    seen_plain += not dozed
                else:
                    assert f["rolls"], "a shift first taken up on resuming rolls once"
        for shift in {f["shift"] for _, f in began}:
            assert sum(bool(f["rolls"]) for _, f in began if f["shift"] == shift) == 1
    assert seen_own_doze > 5 and seen_plain > 5
