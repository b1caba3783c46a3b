"""Every rule and table of rules.md, checked face by face against nightsim.rules."""

from __future__ import annotations

import pytest

from nightsim import rules

# rules.md "Dice conventions": 3 -> -3; 4-5 -> -2; 6-8 -> -1; 9-12 -> 0; 13-15 -> +1;
# 16-17 -> +2; 18 -> +3.
MODIFIER_BY_SCORE = {
    3: -3, 4: -2, 5: -2, 6: -1, 7: -1, 8: -1, 9: 0, 10: 0, 11: 0, 12: 0,
    13: 1, 14: 1, 15: 1, 16: 2, 17: 2, 18: 3,
}  # fmt: skip


@pytest.mark.parametrize(("score", "mod"), sorted(MODIFIER_BY_SCORE.items()))
def test_ability_modifier_every_score(score: int, mod: int) -> None:
    assert rules.ability_modifier(score) == mod


@pytest.mark.parametrize("score", [-1, 0, 1, 2, 19, 20, 100])
def test_ability_modifier_rejects_scores_outside_3_to_18(score: int) -> None:
    with pytest.raises(ValueError, match=r"3\.\.18"):
        rules.ability_modifier(score)


@pytest.mark.parametrize("mod", range(-8, 9))
@pytest.mark.parametrize("face", range(1, 7))
def test_ability_check_every_face_and_modifier(face: int, mod: int) -> None:
    # 1d6 + mod >= 4 succeeds; natural 1 always fails, natural 6 always succeeds.
    expected = False if face == 1 else True if face == 6 else face + mod >= 4
    assert rules.ability_check(face, mod) is expected


def test_ability_check_naturals_beat_any_modifier() -> None:
    assert rules.ability_check(1, +10) is False
    assert rules.ability_check(6, -10) is True
    # Without the natural rule these would flip: the naturals really matter here.
    assert 1 + 10 >= 4 and 6 - 10 < 4


@pytest.mark.parametrize("x", range(0, 7))
def test_chance_x_in_6_every_face(x: int) -> None:
    wins = [f for f in range(1, 7) if rules.chance(f, x)]
    assert wins == list(range(1, x + 1))  # no natural-roll rules: 0-in-6 never, 6-in-6 always


def test_chance_other_die_sizes() -> None:
    assert [f for f in range(1, 11) if rules.chance(f, 1)] == [1]
    assert [f for f in range(1, 21) if rules.chance(f, 3)] == [1, 2, 3]


@pytest.mark.parametrize("target", range(2, 21))
def test_save_every_face_and_target(target: int) -> None:
    wins = [f for f in range(1, 21) if rules.save(f, target)]
    assert wins == list(range(target, 21))  # success on a result >= the target


@pytest.mark.parametrize(
    ("weather", "mod"), [("dry", 0), ("damp", -1), ("snow", -2), ("heavy_rain", -4)]
)
def test_weather_modifiers(weather: str, mod: int) -> None:
    assert rules.WEATHER_MODIFIER[weather] == mod


def test_weather_table_has_exactly_the_four_weathers() -> None:
    assert set(rules.WEATHER_MODIFIER) == {"dry", "damp", "snow", "heavy_rain"}


@pytest.mark.parametrize("mod", [*rules.WEATHER_MODIFIER.values(), -6, -7, 3])
@pytest.mark.parametrize("face", range(1, 7))
def test_firewood_floor_at_zero_per_gatherer(face: int, mod: int) -> None:
    hours = rules.firewood_hours(face, mod)
    assert hours == max(0, face + mod)
    assert hours >= 0


def test_firewood_heavy_rain_faces() -> None:
    assert [rules.firewood_hours(f, -4) for f in range(1, 7)] == [0, 0, 0, 0, 1, 2]


# rules.md "Table: difficulty of a night's rest", row for row:
# (fire, bedding) -> winter, spring, summer, autumn.
REST_ROWS = [
    (False, "none", "impossible", "hard", "moderate", "hard"),
    (False, "bedroll or tent", "impossible", "moderate", "easy", "moderate"),
    (False, "bedroll and tent", "hard", "moderate", "easy", "moderate"),
    (True, "none", "impossible", "hard", "moderate", "hard"),
    (True, "bedroll or tent", "hard", "easy", "easy", "easy"),
    (True, "bedroll and tent", "moderate", "easy", "easy", "easy"),
]
BEDDING = {
    "none": [(False, False)],
    "bedroll or tent": [(True, False), (False, True)],
    "bedroll and tent": [(True, True)],
}


@pytest.mark.parametrize("row", REST_ROWS, ids=lambda r: f"fire={r[0]}-{r[1]}")
def test_rest_table_row_for_row(row: tuple[bool, str, str, str, str, str]) -> None:
    fire, bed, *by_season = row
    for bedroll, tent in BEDDING[bed]:
        for season, want in zip(rules.SEASONS, by_season, strict=True):
            assert rules.rest_difficulty(fire, bedroll, tent, season) == want, (fire, bed, season)


def test_rest_table_covers_exactly_six_rows_and_four_seasons() -> None:
    assert len(rules.REST_TABLE) == 6
    assert rules.SEASONS == ("winter", "spring", "summer", "autumn")
    for row in rules.REST_TABLE.values():
        assert set(row) == set(rules.SEASONS)


def test_fire_does_not_help_without_bedding() -> None:
    assert rules.REST_TABLE[(False, 0)] == rules.REST_TABLE[(True, 0)]


def test_bedding_levels() -> None:
    assert rules.bedding(False, False) == 0
    assert rules.bedding(True, False) == rules.bedding(False, True) == 1
    assert rules.bedding(True, True) == 2


def test_difficulty_modifiers() -> None:
    # Moderate: CON check; hard: CON check -2. Easy and impossible roll nothing.
    assert rules.DIFFICULTY_MODIFIER == {"moderate": 0, "hard": -2}
    assert rules.MIN_SLEEP_MINUTES == 360


@pytest.mark.parametrize("tasty", [False, True])
@pytest.mark.parametrize("lifted", [False, True])
@pytest.mark.parametrize("ridiculed", [False, True])
def test_rest_modifier(tasty: bool, lifted: bool, ridiculed: bool) -> None:
    assert rules.rest_modifier(tasty, lifted, ridiculed) == tasty + lifted - ridiculed


TERRAINS = {
    "farmland": 1, "fungal forest": 1, "hills": 1, "meadow": 1, "open forest": 1,
    "bog": 2, "hilly forest": 2, "tangled forest": 2,
    "boggy forest": 3, "craggy forest": 3, "swamp": 3, "thorny forest": 3,
}  # fmt: skip


def test_terrain_chances_exactly_as_rules_md() -> None:
    assert rules.TERRAIN_CHANCE == TERRAINS


SEASON_MONTHS = {
    "winter": ["Grimvold", "Lymewald", "Haggryme"],
    "spring": ["Symswald", "Harchment", "Iggwyld"],
    "summer": ["Chysting", "Lillipythe", "Haelhold"],
    "autumn": ["Reedwryme", "Obthryme", "Braghold"],
}


@pytest.mark.parametrize("season", list(SEASON_MONTHS))
def test_months_to_seasons(season: str) -> None:
    for month in SEASON_MONTHS[season]:
        assert rules.MONTH_SEASON[month] == season
    assert len(rules.MONTH_SEASON) == 12


def test_months_in_calendar_order() -> None:
    assert list(rules.MONTHS) == [m for ms in SEASON_MONTHS.values() for m in ms]


def test_next_day_rolls_over_month_and_year() -> None:
    assert rules.next_day("Reedwryme", 1) == ("Reedwryme", 2)
    last = rules.MONTH_DAYS["Reedwryme"]
    assert rules.next_day("Reedwryme", last) == ("Obthryme", 1)
    assert rules.next_day("Braghold", rules.MONTH_DAYS["Braghold"]) == ("Grimvold", 1)


@pytest.mark.parametrize(
    ("con", "die"),
    [(3, 6), (5, 6), (6, 6), (7, 10), (10, 10), (14, 10), (15, 20), (16, 20), (18, 20)],
)
def test_doze_die_thresholds(con: int, die: int) -> None:
    # 1-in-10; 1-in-20 with CON >= 15; 1-in-6 with CON <= 6.
    assert rules.doze_die(con) == die


@pytest.mark.parametrize("face", range(1, 7))
def test_surprise_on_1_or_2(face: int) -> None:
    assert rules.surprised(face) is (face <= 2)


def test_distance_is_faces_times_30() -> None:
    assert rules.distance_ft([1, 1]) == 60
    assert rules.distance_ft([6, 6]) == 360
    assert rules.distance_ft([1]) == 30
    assert rules.distance_ft([4]) == 120


@pytest.mark.parametrize("max_hp", [1, 5, 10])
@pytest.mark.parametrize("hp", range(0, 11))
def test_wake_full_rest_heals_one_capped_and_clears_exhaustion(hp: int, max_hp: int) -> None:
    if hp > max_hp:
        return
    assert rules.wake(hp, max_hp, 3, True) == (min(hp + 1, max_hp), 0)


def test_wake_without_full_rest_piles_exhaustion_and_keeps_hp() -> None:
    hp, exh = 4, 0
    for night in range(1, 6):
        hp, exh = rules.wake(hp, 10, exh, False)
        assert (hp, exh) == (4, night)
    assert rules.wake(hp, 10, exh, True) == (5, 0)


def test_wake_at_max_hp_stays_at_max() -> None:
    assert rules.wake(10, 10, 0, True) == (10, 0)


@pytest.mark.parametrize("face", range(1, 7))
def test_spell_lost_on_1_in_6(face: int) -> None:
    assert rules.spell_lost(face) is (face == 1)


def test_weighted_pick_every_face() -> None:
    weights = [2, 1, 3]
    picks = [rules.weighted_pick(weights, f) for f in range(1, 7)]
    assert picks == [0, 0, 1, 2, 2, 2]


def test_weighted_pick_single_entry_and_beyond_total() -> None:
    assert rules.weighted_pick([5], 5) == 0
    with pytest.raises(ValueError):
        rules.weighted_pick([2, 1], 4)


def test_why_no_fire_is_one_decision() -> None:
    """rules.md 2: a dark camp is a choice (nothing else asked); no fire-starter names the
    wood too when there is none; no wood; otherwise the fire may be lit (or rolled for).
    The engine, `check` and the narration's header all ask rules.fire_blocked."""
    from nightsim.codes import NoFire

    assert rules.fire_blocked(False, False, 0) is NoFire.DARK_CAMP
    assert rules.fire_blocked(True, False, 2.0) is NoFire.NO_FIRE_STARTER
    assert rules.fire_blocked(True, False, 0) is NoFire.NO_FIRE_STARTER_NOR_WOOD
    assert rules.fire_blocked(True, False, None) is NoFire.NO_FIRE_STARTER
    assert rules.fire_blocked(True, True, 0) is NoFire.NO_FIREWOOD
    assert rules.fire_blocked(True, True, None) is None
    assert rules.fire_blocked(True, True, 0.5) is None


def test_the_rest_decided_without_a_check_is_one_decision() -> None:
    """rules.md 5: under 6 hours asleep, no full rest whatever else; the quick option spares
    a moderate night its check, not a hard one; easy is a full rest, impossible none; else
    the CON check decides. The morning and `check`'s odds both ask rules.rest_decided."""
    from nightsim.codes import RestReason

    assert rules.rest_decided(False, "easy", True) is RestReason.SHORT_SLEEP
    assert rules.rest_decided(True, "moderate", True) is RestReason.QUICK_REST
    assert rules.rest_decided(True, "moderate", False) is None
    assert rules.rest_decided(True, "hard", True) is None
    assert rules.rest_decided(True, "easy", False) is RestReason.EASY
    assert rules.rest_decided(True, "impossible", True) is RestReason.IMPOSSIBLE
    assert [rules.DECIDED_FULL[r] for r in rules.DECIDED_FULL] == [False, True, True, False]
