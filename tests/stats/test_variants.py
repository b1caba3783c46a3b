"""paired_units: what configs that differ only in their watch share (the evening, the dice,
the characters' mornings) must give exactly the outcomes each config gives on its own."""

from __future__ import annotations

import pytest

from nightsim.config import Config
from nightsim.engine import evening
from nightsim.engine.dice import Dice
from nightsim.engine.shared import MemoDice
from nightsim.engine.sim import NightSim
from nightsim.stats import variants
from nightsim.stats.odds import rota_config, rota_orders
from tests.helpers.nights import cfg
from tests.helpers.sweeps import sweep

# (name, --set overrides, --watchers K or None): every rota of each.
CASES: list[tuple[str, list[str], int | None]] = [
    ("default", [], None),
    ("default_encounter5", ["camp.encounter_chance=5"], None),
    ("watchers2", ["camp.encounter_chance=4"], 2),
    ("sleep_in", ["rules.sleep_in=true", "camp.encounter_chance=4"], None),
    ("no_fire", ["camp.fire_starter=false", "camp.encounter_chance=3"], None),
    (
        "adverse_fire",
        ["camp.weather=heavy_rain", "camp.fire_chance=2", "camp.encounter_chance=4"],
        None,
    ),
    (
        "unequal_shifts",
        [
            'watch.shifts=[{name="Moss",hours=2.5},{name="Wren",hours=1.75},'
            '{name="Sister Ysolde",hours=1},{name="Sir Aldric",hours=2}]',
            "camp.encounter_chance=4",
        ],
        None,
    ),
    (
        "two_shifts_one_watcher",
        [
            "camp.season=winter",
            'watch.rota=["Moss","Moss","Wren","Sister Ysolde"]',
            "camp.encounter_chance=5",
            "rules.encounter_minutes=90",
        ],
        None,
    ),
    ("quick_rest", ["rules.quick_rest=true", "camp.season=winter"], None),
    # The fire dies the minute the rest period begins; an encounter that settles at once.
    (
        "tie_fire_rest",
        [
            "camp.weather=heavy_rain",
            "camp.fire_conditions=normal",
            "camp.carried_firewood_hours=1",
            "camp.encounter_chance=6",
            "rules.encounter_minutes=0",
        ],
        None,
    ),
    # A fire burning on past dawn and one going out in the night, in the same run.
    ("long_fire", ["camp.carried_firewood_hours=6", "camp.encounter_chance=4"], None),
]


def rotas(overrides: list[str], watchers: int | None) -> list[Config]:
    base = cfg(*overrides)
    return [rota_config(base, o, watchers) for o in rota_orders(base, watchers)]


def assert_same(configs: list[Config], seed: str, nights: int, per_journey: int = 1) -> None:
    assert variants.only_watch_differs(configs)  # else the shared path is not under test
    shared = variants.paired_units(configs, seed, 1, nights + 1, per_journey)
    alone = variants.paired_units(configs, seed, 1, nights + 1, per_journey, share=False)
    for i, (a, b) in enumerate(zip(shared, alone, strict=True), 1):
        assert a == b, f"unit {seed}/{i}"


# Each case's rotas, shared and alone, unit by unit: the sweeps look for a unit where sharing
# changes an outcome; the rare kinds such a sweep found (something at the very minute of the
# arrival or the settling) are pinned by name further down (TIES, SETTLE_TIES), so the
# README's command runs a sixth of the nights and a third of the journeys
# (tests/helpers/sweeps.py), HYPOTHESIS_PROFILE=explore all of them.
MANY_NIGHTS = sweep(500, 3000)
MANY_JOURNEYS = sweep(100, 300)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "overrides", "watchers"), CASES, ids=[c[0] for c in CASES])
def test_shared_equals_unshared_many(name: str, overrides: list[str], watchers: int | None) -> None:
    assert_same(rotas(overrides, watchers), f"share-many-{name}", MANY_NIGHTS)


def test_the_evening_runs_once_a_night(monkeypatch: pytest.MonkeyPatch) -> None:
    configs = rotas([], None)
    assert len(configs) == 24
    runs = []
    real = evening.EveningChores.run

    def counted(self: evening.EveningChores, *args: object, **kw: object) -> object:
        runs.append(1)
        return real(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(evening.EveningChores, "run", counted)
    units = list(variants.paired_units(configs, "once", 1, 11))
    assert len(units) == 10 and all(len(u) == 24 for u in units)
    assert len(runs) == 10
    runs.clear()
    list(variants.paired_units(configs, "once", 1, 11, share=False))
    assert len(runs) == 240


def test_configs_differing_in_more_than_the_watch_run_alone() -> None:
    a, b = cfg(), cfg("camp.encounter_chance=5", 'watch.rota=["Wren","Moss"]')
    assert not variants.only_watch_differs([a, b])
    assert variants.only_watch_differs([a, cfg('watch.rota=["Wren","Moss"]')])
    shared = list(variants.paired_units([a, b], "more", 1, 101))
    alone = list(variants.paired_units([a, b], "more", 1, 101, share=False))
    assert shared == alone


JOURNEYS = [
    ["camp.encounter_chance=4", "camp.day=27"],
    # Carried wood spent on the first night the fire catches; a ruined meal's lost
    # ingredients carry on; sleeping in after an encounter.
    [
        "camp.weather=heavy_rain",
        "camp.fire_chance=2",
        "camp.carried_firewood_hours=3",
        "rules.sleep_in=true",
        "camp.encounter_chance=4",
    ],
]


@pytest.mark.parametrize("overrides", JOURNEYS)
def test_journeys_of_rotas(overrides: list[str]) -> None:
    assert_same(rotas(overrides, None), "journey", 12, 4)


@pytest.mark.slow
@pytest.mark.parametrize("overrides", JOURNEYS)
def test_journeys_of_rotas_many(overrides: list[str]) -> None:
    assert_same(rotas(overrides, None), "journey-many", MANY_JOURNEYS, 5)


def test_memo_dice_answers_as_its_dice() -> None:
    # Dice of 2**31 + 1 faces reject nearly half the words: the memo must not hide that.
    names = [f"s{i}\x00".encode() for i in range(200)]
    for seed in ("a", "b"):
        plain, kept = Dice(seed), MemoDice(Dice(seed))
        for _ in range(2):  # asked twice: the second answer comes from the memo
            for name in names:
                for n in (6, 20, 2**31 + 1):
                    assert kept.first(name, n) == plain.first(name, n)
                    assert kept.second(name, n, 6) == plain.second(name, n, 6)
                    assert kept.rolls(name, n, 6, n) == plain.rolls(name, n, 6, n)
        assert kept.stream("x").die(7) == plain.stream("x").die(7)
        assert kept.stream_bytes(names[0]).die(9) == plain.stream_bytes(names[0]).die(9)
        out = kept.rolls(names[0], 6, 6)
        out.append(0)  # a caller's list is its own
        assert kept.rolls(names[0], 6, 6) == plain.rolls(names[0], 6, 6)


def test_memo_dice_refuses_other_dice() -> None:
    """A memo names its streams by its own generator (v2): wrapping the older dice would
    read v2's stream names with v1's faces, a night neither generator rolls."""
    from nightsim.engine.dice import CounterDice

    with pytest.raises(ValueError, match="sha256-ctr-v1"):
        MemoDice(CounterDice("a"))


# Units of seed "tie" where something else happens at the very minute the monster comes:
# a watcher's doze, a hand-over (the arrival on a shift boundary), the fire going out. An
# at-rest night works the watch and the fire up to that minute without the timeline
# (`Rota.start`, `Fire.resume`): the arrival still comes after them, as it does on it.
TIES = {"doze": (591, 733, 1448), "end": (206, 260, 386), "fire": (242, 411, 1654)}


def assert_tie_shared(
    configs: list[Config], name: str, units: tuple[int, ...], kind: str, after: int
) -> None:
    """On each unit of seed `name`, something of `kind` (the fire going out, a hand-over, a
    doze) falls `after` minutes after the monster's arrival minute; shared == unshared."""
    for i in units:
        seed = f"{name}/{i}"
        kept = MemoDice(Dice(seed))
        at_rest = NightSim(configs[0], kept, record=False).evening_only()
        assert at_rest.arrival is not None
        plan = NightSim(configs[0], kept, record=False, at_rest=at_rest).plan
        t = plan.rest_start + at_rest.arrival - 1 + after
        assert t < plan.rest_end
        if kind == "fire":  # the tie is there, or the test would prove nothing
            assert at_rest.fire_out_due == t
        elif kind == "end":
            assert any(plan.rest_start + s.end == t for s in plan.slots[:-1])
        else:
            dozes = []
            for c in configs:
                sim = NightSim(c, kept, record=False, at_rest=at_rest)
                sim.run()
                dozes += sim.rota.doze_at
            assert t in dozes
        shared = next(variants.paired_units(configs, name, i, i + 1))
        alone = next(variants.paired_units(configs, name, i, i + 1, share=False))
        assert shared == alone, f"unit {seed}"


@pytest.mark.parametrize("kind", sorted(TIES))
def test_shared_equals_unshared_at_ties_with_the_arrival(kind: str) -> None:
    configs = rotas(["camp.encounter_chance=6", "camp.carried_firewood_hours=2"], None)
    assert_tie_shared(configs, "tie", TIES[kind], kind, 0)


# Units of seed "settle" where something else happens at the very minute the camp settles
# (30 minutes after the monster): the fire going out, a hand-over, a watcher's doze. An
# at-rest night works the encounter off the timeline too (`shared.rest_alone`):
# what is due by the settling minute still runs first, and the rota resumes after it.
SETTLE_TIES = {"fire": (6, 17, 852), "end": (6, 17, 190), "doze": (147, 806, 904)}


@pytest.mark.parametrize("sleep_in", [False, True])
@pytest.mark.parametrize("kind", sorted(SETTLE_TIES))
def test_shared_equals_unshared_at_ties_with_the_settling(kind: str, sleep_in: bool) -> None:
    overrides = ["camp.encounter_chance=6", "camp.carried_firewood_hours=2"]
    overrides += ["rules.encounter_minutes=30", f"rules.sleep_in={str(sleep_in).lower()}"]
    # The camp settles 30 minutes after the monster, before dawn.
    assert_tie_shared(rotas(overrides, None), "settle", SETTLE_TIES[kind], kind, 30)
