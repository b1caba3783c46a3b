"""Paired differences (docs/odds.md, "--compare"): the statistics against exact values, and
on configs whose exact difference is known."""

from __future__ import annotations

import json
import math

import pytest

from nightsim.config import Config, default_config_path, load_config
from nightsim.stats.odds import Z95
from nightsim.stats.paired import Moments, difference, newcombe_paired, newcombe_unpaired
from nightsim.stats.tally import Layout, moments_of, tally_paired
from nightsim.stats.two_configs import compare_configs as compare


def cfg(*overrides: str) -> Config:
    return load_config(default_config_path(), list(overrides))


# --- Newcombe's intervals, against the papers' worked examples ---------------------------


@pytest.mark.parametrize(
    ("e", "f", "g", "h", "low", "high"),
    [
        # Newcombe (1998), "Improved confidence intervals for the difference between binomial
        # proportions based on paired data", Statistics in Medicine 17:2635, Table II,
        # method 10. e: yes both times; f: yes the first only; g: the second only; h: no.
        (36, 12, 2, 0, 0.0569, 0.3404),
        (18, 12, 2, 18, 0.0562, 0.3290),
        (53, 0, 0, 1, -0.0729, 0.0729),
        (0, 30, 0, 0, 0.8395, 1.0),
    ],
)
def test_newcombe_paired_matches_the_papers_examples(
    e: int, f: int, g: int, h: int, low: float, high: float
) -> None:
    # The paper's difference is p1 - p2 = (f - g)/n; ours is B - A, so B is its "first":
    # yes under B only (n01) is f, yes under A only (n10) is g.
    d = newcombe_paired(n11=e, n10=g, n01=f, n00=h)
    assert d["diff"] == pytest.approx((f - g) / (e + f + g + h))
    assert round(d["low"], 4) == low and round(d["high"], 4) == high


@pytest.mark.parametrize(
    ("ka", "na", "kb", "nb", "low", "high"),
    [
        # Newcombe (1998), "Interval estimation for the difference between independent
        # proportions", Statistics in Medicine 17:873, Table II, method 10: 56/70 - 48/80 and
        # 9/10 - 3/10 (B is the paper's first sample).
        (48, 80, 56, 70, 0.0524, 0.3339),
        (3, 10, 9, 10, 0.1705, 0.8090),
    ],
)
def test_newcombe_unpaired_matches_the_papers_examples(
    ka: int, na: int, kb: int, nb: int, low: float, high: float
) -> None:
    d = newcombe_unpaired(ka, na, kb, nb)
    assert round(d["low"], 4) == low and round(d["high"], 4) == high


def test_no_discordant_pairs_is_no_clear_difference() -> None:
    d = newcombe_paired(40, 0, 0, 60)
    assert d["diff"] == 0 and d["low"] < 0 < d["high"]


# --- the moments: exact sums, merged by addition -------------------------------------------


def test_fractions_get_the_normal_interval_of_the_per_unit_differences() -> None:
    # Four units, a party of 2 (M = 2): A's counts 1,2,0,1 and B's 2,2,1,1.
    # Per-unit differences of the shares: 0.5, 0, 0.5, 0; mean 0.25, sample variance
    # (4 x 0.25^2)/3 = 1/12; the interval is 0.25 +- z sqrt(1/12 / 4).
    m = Moments.of([[1, 2, 0, 1], [2, 2, 1, 1]], [[2] * 4, [2] * 4])
    d = difference(m, 0, 1)
    half = Z95 * math.sqrt(1 / 12 / 4)
    assert d["diff"] == pytest.approx(0.25)
    assert d["low"] == pytest.approx(0.25 - half) and d["high"] == pytest.approx(0.25 + half)
    assert d["paired"] and not d["clear"]
    # Unpaired: A's shares 0.5,1,0,0.5 (mean 0.5, spread sum 0.5), B's 1,1,0.5,0.5 (mean
    # 0.75, sum 0.25); the differences' spread sum 0.25: 4 x (0.5 + 0.25) / 0.25 = 12 units.
    assert d["unpaired_units"] == 12


def test_chunks_merge_to_the_whole() -> None:
    values = [[1, 0, 1, 1, 0, 0, 1], [1, 1, 1, 0, 0, 1, 1], [0, 0, 1, 1, 1, 0, 0]]
    denoms = [[1] * 7] * 3
    whole = Moments.of(values, denoms)
    merged = Moments.empty(3)
    for a, b in ((0, 2), (2, 3), (3, 7)):
        merged.merge(Moments.of([v[a:b] for v in values], [d[a:b] for d in denoms]))
    assert merged == whole
    d = difference(whole, 0, 1)
    # A yes B no: night 4; A no B yes: nights 2 and 6; both: 1, 3, 7; neither: 5.
    assert d == difference(merged, 0, 1)
    assert d["diff"] == pytest.approx(newcombe_paired(3, 1, 2, 1)["diff"])
    assert d["low"] == newcombe_paired(3, 1, 2, 1)["low"]


def test_different_denominators_are_unpaired() -> None:
    m = Moments.of([[1, 0, 1], [1, 1, 0]], [[1, 1, 1], [1, 1, 0]])
    d = difference(m, 0, 1)
    assert not d["paired"] and d["unpaired_units"] is None
    assert d["diff"] == pytest.approx(2 / 2 - 2 / 3)  # B: 2 of its 2; A: 2 of 3


# --- configs whose exact difference is known ---------------------------------------------


def test_the_encounter_chance_2_in_6_against_1_in_6() -> None:
    """The monster check is a d6 face <= X on the same die: 2-in-6 meets the monster on
    every night 1-in-6 does, and on the nights the die shows 2. The paired difference is
    +1/6, each night's difference is 0 or 1 (SD sqrt(1/6 x 5/6 / n)), and A without B never
    happens."""
    a, b = cfg("camp.encounter_chance=1"), cfg("camp.encounter_chance=2")
    n = 3000
    tally = tally_paired([a, b], Layout.of("compare", [a, b]), "chance", n)
    m = moments_of(tally)[("encounter", None)]
    assert m.s[0] - m.cross(0, 1) == 0  # n10: A's monster on a night B had none
    d = difference(m, 0, 1)
    sd = math.sqrt(1 / 6 * 5 / 6 / n)
    assert abs(d["diff"] - 1 / 6) < 3.3 * sd
    assert d["clear"] and d["paired"]
    # The nights with an encounter differ, so "nobody awake, given one" is not paired.
    given = difference(moments_of(tally)[("nobody_awake_given_encounter", None)], 0, 1)
    assert not given["paired"]


def test_the_same_config_twice_is_no_difference_at_all() -> None:
    r = compare(cfg(), cfg(), "same", 400)
    for row in r["measures"]:
        assert row["diff"] == 0 and not row["clear"], row
        assert row["paired"] and row["unpaired_nights"] is None
        assert row["low"] <= 0 <= row["high"]
        if row["measure"] != "spell_lost" and row["a"]["p"] not in (None, 0, 1):
            # Yes/no: Newcombe's interval stays open with no discordant night; a share of
            # spells (a fraction) has the normal interval, [0, 0] when no night differs.
            assert row["low"] < 0 < row["high"]


def test_a_watch_change_keeps_the_encounter_nights_paired() -> None:
    r = compare(cfg(), cfg("party.Wren.con=18", "party.Moss.con=18"), 11, 1500)
    rows = {(m["measure"], m["character"]): m for m in r["measures"]}
    assert rows[("encounter", None)]["diff"] == 0  # the monster's dice are the world's
    assert rows[("nobody_awake_given_encounter", None)]["paired"]
    broken = rows[("rota_broken", None)]
    assert broken["clear"] and broken["diff"] < 0  # CON 18 dozes less
    assert broken["unpaired_nights"] > r["nights"]  # pairing saves nights


def test_jobs_do_not_change_a_byte() -> None:
    a, b = cfg(), cfg("camp.encounter_chance=4", "camp.light_fire=false")
    one = compare(a, b, "jobs", 700, jobs=1)
    two = compare(a, b, "jobs", 700, jobs=2)
    assert json.dumps(one) == json.dumps(two)
    # What comes, paired: without the fire every encounter is on the table without fire.
    rows = {(m["measure"], m["creature"]): m for m in one["measures"]}
    assert rows[("table_night_fire", None)]["b"]["k"] == 0
    assert rows[("table_night_no_fire", None)]["clear"]


def test_journeys_are_paired_per_journey() -> None:
    r = compare(cfg(), cfg("camp.encounter_chance=4"), 5, 90, per_journey=3)
    assert r["nights"] == 90 and r["journeys"] == 30
    rows = {(m["measure"], m["character"]): m for m in r["measures"]}
    assert rows[("encounter", None)]["paired"]
    assert rows[("encounter", None)]["a"]["n"] == 90
