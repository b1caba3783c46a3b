"""The config: TOML keys of docs/config.md, resolution, `--set` overrides, and bad input."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pytest

from nightsim import rules
from nightsim.config import (
    ConfigError,
    apply_override,
    config_from_data,
    default_config_path,
    load_config,
    parse_config,
    resolved,
)
from tests.helpers.nights import cfg, default_text

REPO = Path(__file__).resolve().parents[2]


def edited(*pairs: str) -> str:
    """The default config text with (old, new) replacements."""
    text = default_text()
    for old, new in zip(pairs[::2], pairs[1::2], strict=True):
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def bad(text: str, *overrides: str) -> str:
    with pytest.raises(ConfigError) as info:
        parse_config(text, list(overrides))
    msg = str(info.value)
    assert "\n" not in msg and "Traceback" not in msg
    return msg


# --- the shipped default ----------------------------------------------------------------------


def test_packaged_default_is_the_only_default() -> None:
    # One default config, inside the package (tests/test_single_sources.py: no copy).
    assert default_config_path() == REPO / "nightsim" / "data" / "default.toml"
    assert not (REPO / "configs" / "default.toml").exists()


def test_default_party_of_the_bundled_config() -> None:
    c = load_config(default_config_path())
    text = default_config_path().read_text(encoding="utf-8")
    for role in ("fighter", "cleric", "magician", "thief"):
        assert role in text
    assert 4 <= len(c.party) <= 5
    casters = [ch for ch in c.party if ch.spells]
    assert casters, "a cleric with spells"
    dozing = {rules.doze_die(ch.con) for ch in c.party}
    assert len(dozing) >= 2, "mixed CON so dozing odds differ"
    assert c.rules.fall_asleep_on_watch
    assert c.camp.resolved_season == "autumn" and "forest" in (c.camp.terrain or "")
    assert c.camp.weather == "damp"
    slots = c.shift_slots()
    assert len(slots) == 4 and all(s.end - s.start == 120 for s in slots)
    assert c.evening.cook is not None and c.evening.entertain is not None


# --- resolution -------------------------------------------------------------------------------


def test_terrain_resolves_to_its_chance() -> None:
    for terrain, x in rules.TERRAIN_CHANCE.items():
        assert cfg(f'camp.terrain="{terrain}"').camp.chance == x
    assert cfg("camp.encounter_chance=0").camp.chance == 0


def test_month_resolves_to_season() -> None:
    for month, season in rules.MONTH_SEASON.items():
        assert cfg(f"camp.month={month}").camp.resolved_season == season


@pytest.mark.parametrize(
    ("weather", "mod"), [("dry", 0), ("damp", -1), ("snow", -2), ("heavy_rain", -4)]
)
def test_weather_resolves_to_firewood_modifier(weather: str, mod: int) -> None:
    assert cfg(f"camp.weather={weather}").camp.wood_modifier == mod


def test_referee_firewood_modifier_and_dry_default() -> None:
    assert cfg("camp.firewood_modifier=-3").camp.wood_modifier == -3
    text = edited('weather = "damp"              # -1 to each firewood roll\n', "")
    assert parse_config(text).camp.wood_modifier == 0  # weather defaults to dry


def test_rota_of_names_splits_the_rest_period_evenly() -> None:
    c = cfg('watch.rota=["Wren", "Moss", "Sir Aldric"]')
    assert [(s.name, s.start, s.end) for s in c.shift_slots()] == [
        ("Wren", 0, 160),
        ("Moss", 160, 320),
        ("Sir Aldric", 320, 480),
    ]
    c = cfg('watch.rota=["Wren", "Moss", "Sir Aldric"]', "rules.rest_hours=7")
    slots = c.shift_slots()
    assert slots[-1].end == 420 and [s.end - s.start for s in slots] == [140, 140, 140]


def test_rota_of_names_that_does_not_divide_the_rest_period() -> None:
    # rules.md 3: a plain list of names splits the rest period evenly; 480 minutes over 7
    # watchers is 68 4/7 each: whole minutes, contiguous, adding up to the rest period exactly.
    names = ["Wren", "Moss", "Sir Aldric", "Wren", "Moss", "Sir Aldric", "Wren"]
    c = cfg(f"watch.rota={names!r}".replace("'", '"'))
    slots = c.shift_slots()
    assert [s.name for s in slots] == names
    assert [s.start for s in slots] == [i * 480 // 7 for i in range(7)]
    assert all(a.end == b.start for a, b in itertools.pairwise(slots))
    assert slots[0].start == 0 and slots[-1].end == 480
    assert {s.end - s.start for s in slots} == {68, 69}


def test_explicit_shifts_and_empty_rota() -> None:
    c = cfg('watch.shifts=[{name="Wren", hours=2.5}, {name="Moss", hours=3}]')
    assert [(s.name, s.start, s.end) for s in c.shift_slots()] == [
        ("Wren", 0, 150),
        ("Moss", 150, 330),
    ]
    assert cfg("watch.rota=[]").shift_slots() == ()


def test_canonical_round_trip() -> None:
    c = cfg()
    assert config_from_data(c.canonical()) == c


# --- --set ------------------------------------------------------------------------------------


def test_set_dotted_path_and_party_member() -> None:
    c = cfg("camp.season=winter", "rules.fall_asleep_on_watch=false", "party.Wren.con=5")
    assert c.camp.resolved_season == "winter" and c.camp.month is None
    assert not c.rules.fall_asleep_on_watch
    assert c.character("Wren").con == 5


def test_set_member_name_with_a_space() -> None:
    assert cfg("party.Sir Aldric.con=3").character("Sir Aldric").con == 3


@pytest.mark.parametrize(
    ("item", "gone", "kept"),
    [
        ("camp.encounter_chance=3", "terrain", "encounter_chance"),
        ("camp.season=winter", "month", "season"),
        ("camp.firewood_modifier=-3", "weather", "firewood_modifier"),
        ('watch.shifts=[{name="Wren", hours=2}]', "rota", "shifts"),
    ],
)
def test_set_one_half_of_a_pair_replaces_the_other(item: str, gone: str, kept: str) -> None:
    raw = tomllib.loads(default_text())
    apply_override(raw, item)
    table = raw["watch"] if kept == "shifts" else raw["camp"]
    assert gone not in table and kept in table
    parse_config(default_text(), [item])  # and the result is valid


def test_set_back_and_forth() -> None:
    c = cfg("camp.encounter_chance=3", 'camp.terrain="swamp"')
    assert c.camp.terrain == "swamp" and c.camp.encounter_chance is None and c.camp.chance == 3


def test_set_bare_word_is_a_string() -> None:
    assert cfg("camp.weather=snow").camp.weather == "snow"


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["19", "2", "0", "14.5", "true", '"14"'])
def test_out_of_range_or_mistyped_score(value: str) -> None:
    msg = bad(edited("con = 14", f"con = {value}"))
    assert "party[0] (Sir Aldric).con" in msg


def test_hp_above_max() -> None:
    msg = bad(edited("hp = 7", "hp = 11"))
    assert "Sir Aldric" in msg and "hp 11 is above max_hp 10" in msg


@pytest.mark.parametrize(
    ("old", "new", "key", "hint"),
    [
        ("terrain = ", "terain = ", "terain", "terrain"),
        ("[rules]", "[rulez]", "rulez", "rules"),
        (
            "fall_asleep_on_watch",
            "fall_asleep_on_wach",
            "fall_asleep_on_wach",
            "fall_asleep_on_watch",
        ),
        ("bedroll = true\ntent = true", "bedroll = true\ntnet = true", "tnet", "tent"),
        ("cook = ", "cok = ", "cok", "cook"),
    ],
)
def test_unknown_key_with_suggestion(old: str, new: str, key: str, hint: str) -> None:
    msg = bad(edited(old, new))
    assert f"unknown key {key!r}" in msg and f"did you mean {hint!r}" in msg


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ('cook = "Wren"', 'cook = "Wrenn"', "evening.cook"),
        ('entertain = "Moss"', 'entertain = "Mos"', "evening.entertain"),
        ('water = ["Sir Aldric"]', 'water = ["Sir Aldrik"]', "evening.water"),
        ('site = ["Sister Ysolde"]', 'site = ["Ysolde"]', "evening.site"),
        ('rota = ["Sir Aldric"', 'rota = ["Sir Aldrc"', "watch.rota"),
        ('cook = "Wren"', 'cook = "Wren"\neaters = ["Bob"]', "evening.eaters"),
    ],
)
def test_names_not_in_the_party(old: str, new: str, where: str) -> None:
    msg = bad(edited(old, new))
    assert msg.startswith(f"{where}: ") and "is not in the party" in msg


def test_shift_name_not_in_the_party() -> None:
    msg = bad(default_text(), 'watch.shifts=[{name="Nobody", hours=2}]')
    assert "watch.shifts" in msg and "'Nobody' is not in the party" in msg


def test_two_preparation_jobs() -> None:
    msg = bad(edited('water = ["Sir Aldric"]', 'water = ["Wren"]'))
    assert "evening.water" in msg and "'Wren' already does firewood" in msg


def test_nobody_on_the_site() -> None:
    assert "evening.site" in bad(edited('site = ["Sister Ysolde"]', "site = []"))
    assert "evening.site" in bad(edited('site = ["Sister Ysolde"]\n', ""))


def test_shifts_longer_than_the_rest_period() -> None:
    msg = bad(default_text(), 'watch.shifts=[{name="Wren", hours=5}, {name="Moss", hours=3.5}]')
    assert "watch.shifts add up to 8.5 hours" in msg and "rest period of 8 hours" in msg
    # Exactly the rest period is fine; so is less (an unwatched end).
    parse_config(default_text(), ['watch.shifts=[{name="Wren", hours=5}, {name="Moss", hours=3}]'])
    parse_config(default_text(), ['watch.shifts=[{name="Wren", hours=1}]'])


def test_shift_not_a_whole_minute() -> None:
    assert "whole minute" in bad(default_text(), 'watch.shifts=[{name="Wren", hours=0.001}]')


def test_both_terrain_and_encounter_chance() -> None:
    msg = bad(edited("[camp]\n", "[camp]\nencounter_chance = 2\n"))
    assert msg.startswith("camp: ") and "terrain or encounter_chance, not both" in msg


def test_neither_terrain_nor_chance_nor_season() -> None:
    assert "terrain" in bad(edited('terrain = "tangled forest"', ""))
    assert "season" in bad(edited('month = "Reedwryme"', ""))


@pytest.mark.parametrize("value", ["7", "-1"])
def test_encounter_chance_outside_0_to_6(value: str) -> None:
    assert "camp.encounter_chance" in bad(default_text(), f"camp.encounter_chance={value}")


@pytest.mark.parametrize("value", ["0", "7", "5", "6", "-1"])
def test_fire_chance_outside_1_to_4(value: str) -> None:
    # rules.md 2 (read again): adverse conditions light the fire on "4-in-6 or less", X 1..4.
    msg = bad(default_text(), f"camp.fire_chance={value}")
    assert "camp.fire_chance" in msg and "1..4" in msg


def test_fire_chance_6_says_what_to_write_instead() -> None:
    # fire_chance = 6 meant normal conditions before the second reading of rules.md.
    msg = bad(default_text(), "camp.fire_chance=6")
    assert 'fire_conditions = "normal"' in msg
    assert "4-in-6 or less" in bad(default_text(), "camp.fire_chance=5")
    for value in ("1", "4"):
        assert cfg(f"camp.fire_chance={value}").camp.fire_chance == int(value)


@pytest.mark.parametrize(
    ("sets", "adverse"),
    [
        ([], False),  # damp
        (["camp.weather=dry"], False),
        (["camp.weather=snow"], True),
        (["camp.weather=heavy_rain"], True),
        (["camp.weather=snow", "camp.fire_conditions=normal"], False),
        (["camp.fire_conditions=adverse"], True),
        (["camp.firewood_modifier=-4"], False),  # no weather to go by: normal unless told
        (["camp.firewood_modifier=-4", "camp.fire_conditions=adverse"], True),
    ],
)
def test_fire_conditions_auto_normal_adverse(sets: list[str], adverse: bool) -> None:
    c = cfg(*sets)
    assert c.camp.fire_adverse is adverse
    assert resolved(c)["fire_adverse"] is adverse


def test_fire_conditions_and_light_fire_are_checked() -> None:
    assert "camp.fire_conditions" in bad(default_text(), "camp.fire_conditions=wet")
    assert "camp.light_fire" in bad(default_text(), 'camp.light_fire="no"')
    assert "rules.sleep_in" in bad(default_text(), "rules.sleep_in=1")


def test_a_night_that_sleeps_in_must_still_fit_in_24_hours() -> None:
    # rules.md 4, sleep_in: the rest period may run on by encounter_minutes.
    fits = ["rules.preparation_minutes=240", "rules.evening_minutes=240", "rules.rest_hours=15"]
    parse_config(default_text(), [*fits, "rules.encounter_minutes=60", "rules.sleep_in=true"])
    parse_config(default_text(), [*fits, "rules.encounter_minutes=61"])  # no sleep_in: fits
    msg = bad(default_text(), *fits, "rules.encounter_minutes=61", "rules.sleep_in=true")
    assert "sleep_in" in msg and "fit in 24 hours" in msg


def test_unknown_terrain_season_month_weather() -> None:
    msg = bad(edited('"tangled forest"', '"tangled forrest"'))
    assert "unknown terrain 'tangled forrest'" in msg and "did you mean 'tangled forest'" in msg
    assert "camp.season" in bad(default_text(), "camp.season=monsoon")
    msg = bad(edited('"Reedwryme"', '"Reedwrym"'))
    assert "unknown month 'Reedwrym'" in msg and "did you mean 'Reedwryme'" in msg
    assert "camp.weather" in bad(default_text(), "camp.weather=wet")


@pytest.mark.parametrize("clock", ["25:00", "7pm", "7:00", "19:60", "", "19:00:00"])
def test_bad_camp_at_clock(clock: str) -> None:
    msg = bad(edited('"19:00"', f'"{clock}"'))
    assert "camp_at" in msg and "HH:MM" in msg


@pytest.mark.parametrize(
    ("key", "value"),
    [("camp.cookware", '"yes"'), ("party.Wren.bedroll", '"no"'), ("rules.quick_rest", "1"),
     ("camp.carried_firewood_hours", '"3"'), ("rules.rest_hours", "7.5")],
)  # fmt: skip
def test_mistyped_values_are_errors_not_coerced(key: str, value: str) -> None:
    msg = bad(default_text(), f"{key}={value}")
    assert key.split(".")[-1] in msg


def test_fire_warmth_longer_than_rest() -> None:
    assert "fire_warmth_hours" in bad(default_text(), "rules.fire_warmth_hours=9")


def test_duplicate_names() -> None:
    msg = bad(edited('name = "Moss"', 'name = "Wren"'))
    assert "two characters are named 'Wren'" in msg


def test_toml_syntax_error_names_the_line() -> None:
    text = edited("wis = 9", "wis = = 9")
    line = text.splitlines().index("wis = = 9") + 1
    msg = bad(text)
    assert "not valid TOML" in msg and f"line {line}" in msg


def test_bad_set_items() -> None:
    assert "expected KEY=VALUE" in bad(default_text(), "camp.season")
    assert "expected KEY=VALUE" in bad(default_text(), "=winter")
    assert "not a dotted key" in bad(default_text(), "camp..season=winter")
    msg = bad(default_text(), "party.Wrenn.con=5")
    assert "no party member named 'Wrenn'" in msg and "did you mean 'Wren'" in msg
    msg = bad(default_text(), "camp.terrain=[1,")
    assert msg.startswith("--set camp.terrain:") and "not a TOML value" in msg
    assert "not a table" in bad(default_text(), "camp.terrain.x=1")
    assert "unknown key 'nope'" in bad(default_text(), "nope=1")


def test_load_config_file_errors(tmp_path: Path) -> None:
    cases = {
        "empty.toml": (b"", "is empty"),
        "blank.toml": (b"  \n\n", "is empty"),
        "binary.toml": (b"\x00\x01\x02", "binary"),
        "latin1.toml": (b'[camp]\nterrain = "caf\xe9"\n', "not UTF-8"),
    }
    for name, (data, words) in cases.items():
        p = tmp_path / name
        p.write_bytes(data)
        with pytest.raises(ConfigError, match=words) as info:
            load_config(p)
        assert str(info.value).startswith(f"{p}: ")
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "missing.toml")
    with pytest.raises(ConfigError, match="is a directory"):
        load_config(tmp_path)


# --- anything else is a ConfigError, never a crash -------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

toml_leaves = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=10),
)
toml_values = st.recursive(
    toml_leaves,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def paths(node: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*prefix, i))
    return out


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_mutation_of_the_default_is_valid_or_one_config_error(data: st.DataObject) -> None:
    raw = tomllib.loads(default_text())
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(raw)))
        node = raw
        for p in where[:-1]:
            node = node[p]
        if data.draw(st.booleans()) and isinstance(node, dict):
            del node[where[-1]]
        else:
            node[where[-1]] = data.draw(toml_values)
    try:
        config_from_data(raw)
    except ConfigError as exc:
        msg = str(exc)
        assert msg and "\n" not in msg and len(msg) < 600, msg


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=40))
def test_any_set_item_is_valid_or_one_config_error(item: str) -> None:
    try:
        parse_config(default_text(), [item])
    except ConfigError as exc:
        assert "\n" not in str(exc)


def test_a_night_must_fit_in_a_day() -> None:
    # Otherwise night 2 of a journey (a day later) would start before night 1 ended.
    msg = bad(
        default_text(),
        "rules.preparation_minutes=360",
        "rules.evening_minutes=360",
        "rules.rest_hours=16",
    )
    assert "fit in 24 hours" in msg
    parse_config(
        default_text(),
        ["rules.preparation_minutes=240", "rules.evening_minutes=240", "rules.rest_hours=16"],
    )


@pytest.mark.parametrize(
    "item", ['party.Wren.name="A\\nB"', 'party.Wren.spells=["x\\ty"]', 'camp.terrain="a\\nb"']
)
def test_control_characters_in_names_are_errors_on_one_line(item: str) -> None:
    msg = bad(default_text(), item)
    assert "party[3]" in msg or "terrain" in msg


def test_unicode_names_are_fine() -> None:
    c = parse_config(default_text().replace('"Wren"', '"Ærin Бор"'))
    assert c.character("Ærin Бор").con == 15


@pytest.mark.parametrize(
    ("item", "where"),
    [
        ("camp.terrain=jungle", "camp.terrain: unknown terrain 'jungle'"),
        ("camp.month=Reedwrym", "camp.month: unknown month 'Reedwrym' (did you mean 'Reedwryme'?)"),
        ('camp.camp_at="25:00"', "camp.camp_at: must be a 24-hour clock time HH:MM"),
    ],
)
def test_a_bad_camp_value_names_its_field(item: str, where: str) -> None:
    from nightsim.config import default_config_path, parse_config
    from nightsim.errors import ConfigError

    text = default_config_path().read_text(encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        parse_config(text, [item])
    assert str(info.value).startswith(where)


# Configs a referee writes by hand, with the mistakes a referee makes.


@pytest.mark.parametrize("creature", ["wolves\\nand more", "\\u001b[31mred wolves", "wolves\\t"])
def test_a_creature_with_a_control_character_is_refused(creature: str) -> None:
    """Names and spells refuse control characters (one-line narration, no escape codes in
    piped output), but creatures did not: `creature = "\\u001b[31m…"` put a raw terminal
    escape into `run | cat`, and a newline split the encounter panel's line."""
    with pytest.raises(ConfigError, match=r"encounters\.night_fire\[0\]\.creature"):
        load_config(
            default_config_path(),
            [f'encounters.night_fire=[{{creature="{creature}"}}]'],
        )


@pytest.mark.parametrize(
    "name",
    ["W\\u0085ren", "W\\u009b31mren", "W\\u2028ren", "\\u202eneroW", "W\\u2066ren"],
)
def test_a_name_with_a_c1_control_line_separator_or_bidi_override_is_refused(
    name: str,
) -> None:
    """The names' rule refused C0 controls only: C1 controls (NEL, the 8-bit CSI), Unicode
    line separators (which str.splitlines splits on) and bidi overrides (which reorder the
    rest of a printed line, hiding what it says) reached the narration and error messages."""
    with pytest.raises(ConfigError, match=r"party\[3\]"):
        load_config(default_config_path(), [f'party.Wren.name="{name}"'])
    with pytest.raises(ConfigError, match=r"encounters\.night_fire\[0\]\.creature"):
        load_config(default_config_path(), [f'encounters.night_fire=[{{creature="{name}"}}]'])


def test_set_reaches_a_member_whose_name_has_a_dot(tmp_path: Path) -> None:
    """Names may hold dots ("St. Marta"), but `--set party.St. Marta.con=5` split the name
    at its dot: "no party member named 'St'"."""
    text = default_config_path().read_text(encoding="utf-8").replace('"Wren"', '"St. Wren"')
    path = tmp_path / "dot.toml"
    path.write_text(text, encoding="utf-8")
    config = load_config(path, ["party.St. Wren.con=5"])
    assert config.character("St. Wren").con == 5
