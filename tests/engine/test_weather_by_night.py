"""`camp.weather_by_night`: a journey's weather night by night (docs/config.md, "Weather night
by night"). Each night plays its own weather (its firewood modifier, whether the fire needs a
roll); a config without the list is written, fingerprinted and played as before."""

from __future__ import annotations

import pytest

from nightsim import simulate
from nightsim.config import Config
from nightsim.config.fingerprint import config_sha256
from nightsim.engine.journey import night_config
from nightsim.errors import ConfigError
from nightsim.events import Event, FireLit, FireNotLit, FirewoodGathered, NightBegan
from tests.helpers.nights import cfg

LIST = '["dry", "heavy_rain", "snow"]'


def _on_night(events: tuple[Event, ...], night: int, kind: type[Event]) -> list[Event]:
    return [e for e in events if e.night == night and isinstance(e, kind)]


def _fields(e: Event) -> dict[str, object]:
    return e.model_dump(exclude={"seq", "night", "t", "hash"})


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_each_night_gathers_and_lights_in_its_own_weather(seed: int) -> None:
    """Night k's firewood rolls and fire-lighting are night k's of a journey whose weather is
    that night's all along: the same dice (streams are named by night), that weather's
    modifier and conditions."""
    by_night = simulate(cfg(f"camp.weather_by_night={LIST}"), seed, nights=3).events
    for k, weather in enumerate(("dry", "heavy_rain", "snow"), 1):
        steady = simulate(cfg(f'camp.weather="{weather}"'), seed, nights=3).events
        for kind in (FirewoodGathered, FireLit, FireNotLit):
            got = [_fields(e) for e in _on_night(by_night, k, kind)]
            want = [_fields(e) for e in _on_night(steady, k, kind)]
            assert got == want, (k, weather, kind.__name__)


def test_the_weather_moves_the_firewood_modifier() -> None:
    events = simulate(cfg(f"camp.weather_by_night={LIST}"), 1, nights=4).events
    mods = {e.night: e.rolls[0].mod for e in events if isinstance(e, FirewoodGathered)}
    # dry 0, heavy rain -4, snow -2, and the list's last after its end (docs/rules.md §1)
    assert mods == {1: 0, 2: -4, 3: -2, 4: -2}


def test_weather_on_keeps_the_last_after_the_list() -> None:
    camp = cfg('camp.weather_by_night=["damp", "snow"]').camp
    assert [camp.weather_on(k) for k in (1, 2, 3, 10)] == ["damp", "snow", "snow", "snow"]
    assert camp.weather == "damp"  # night 1's: what a single night and the header read
    plain = cfg().camp
    assert plain.weather_by_night is None
    assert plain.weather_on(5) == plain.weather


def test_night_config_is_the_config_itself_without_a_list_and_is_kept() -> None:
    plain = cfg()
    assert night_config(plain, 3) is plain
    journey = cfg(f"camp.weather_by_night={LIST}")
    assert night_config(journey, 1) is journey
    second = night_config(journey, 2)
    assert second.camp.weather == "heavy_rain" and second.camp.fire_adverse
    assert night_config(journey, 2) is second  # one plan per weather, not per night


def test_a_config_without_the_list_keeps_its_canonical_form_and_fingerprint() -> None:
    plain = cfg()
    assert "weather_by_night" not in plain.canonical()["camp"]
    listed = cfg(f"camp.weather_by_night={LIST}")
    assert listed.canonical()["camp"]["weather_by_night"] == ["dry", "heavy_rain", "snow"]
    assert config_sha256(listed) != config_sha256(plain)
    # The canonical form reads back (a log's header is replayed and verified from it).
    assert Config.model_validate(listed.canonical()) == listed


@pytest.mark.parametrize(
    ("sets", "message"),
    [
        (["camp.weather_by_night=[]"], "at least 1"),
        (['camp.weather_by_night=["wet"]'], "camp.weather_by_night"),
        ([f"camp.weather_by_night={LIST}", 'camp.weather="snow"'], None),
    ],
)
def test_bad_lists_are_refused_and_set_weather_replaces_the_list(
    sets: list[str], message: str | None
) -> None:
    if message is None:
        # --set of one weather replaces the list, as it replaces firewood_modifier
        assert cfg(*sets).camp.weather_by_night is None
        return
    with pytest.raises(ConfigError, match=message):
        cfg(*sets)


def test_the_list_and_its_first_or_a_modifier_are_checked() -> None:
    from nightsim.config.model import Camp

    with pytest.raises(ConfigError, match="must be weather_by_night's first"):
        Camp(terrain="bog", season="autumn", weather="dry", weather_by_night=["snow"])
    assert Camp(terrain="bog", season="autumn", weather="snow", weather_by_night=["snow"])
    with pytest.raises(ConfigError, match="weather_by_night or firewood_modifier"):
        Camp(terrain="bog", season="autumn", firewood_modifier=1, weather_by_night=["snow"])


def test_the_nights_begin_as_before() -> None:
    """The log's events carry no new field: the night's weather is the header's config."""
    began = [
        e
        for e in simulate(cfg(f"camp.weather_by_night={LIST}"), 1, nights=2).events
        if isinstance(e, NightBegan)
    ]
    assert "weather" not in began[0].model_dump()


def test_the_narration_and_the_page_name_each_nights_weather() -> None:
    from nightsim import narrate
    from nightsim.page import night_html

    events = simulate(cfg(f"camp.weather_by_night={LIST}"), 5, nights=3).events
    text = narrate(events, width=100)
    for k, words in ((1, "dry"), (2, "heavy rain"), (3, "snow")):
        assert f" Night {k} \u00b7 {k} Reedwryme, autumn \u00b7 {words} " in text
    assert "weather night by night: dry, heavy rain, snow" in text
    uk = narrate(events, lang="uk", width=100)
    assert " Ніч 2 \u00b7 2 Рідрайма, осінь \u00b7 сильна злива " in uk
    page = night_html(events)
    assert "Night 2 \u00b7 2 Reedwryme, autumn \u00b7 heavy rain" in page
    # without the list, the titles are as before: no weather in them
    plain = narrate(simulate(cfg(), 5, nights=2).events, width=100)
    assert " Night 2 \u00b7 2 Reedwryme, autumn " in plain
    assert "Reedwryme, autumn \u00b7" not in plain


def test_the_header_says_how_the_fire_lights_in_each_kind_of_weather() -> None:
    from nightsim import narrate

    mixed = narrate(simulate(cfg(f"camp.weather_by_night={LIST}"), 5, nights=2).events)
    flat = " ".join(mixed.replace("│", " ").split())
    assert "the fire lights without a roll on a dry or damp night, only on 4-in-6 in snow" in flat
    wet = narrate(simulate(cfg('camp.weather_by_night=["snow","heavy_rain"]'), 5, nights=2).events)
    assert "lights only on 4-in-6" in " ".join(wet.replace("│", " ").split())
    one = narrate(simulate(cfg(f"camp.weather_by_night={LIST}"), 5).events)  # night 1: dry
    assert "lights without a roll." in " ".join(one.replace("│", " ").split())
