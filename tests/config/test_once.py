"""config/once.py: within `once()` the same config data is validated once; outside it, and for
data whose JSON text cannot tell NaN from null, every call validates again."""

from __future__ import annotations

import contextlib
import copy
import math

import pytest

from nightsim.config import ConfigError, config_from_data, default_config_path, load_config
from nightsim.config.once import once


def _data() -> dict:
    return load_config(default_config_path()).canonical()


def test_outside_a_scope_nothing_is_kept() -> None:
    data = _data()
    assert config_from_data(data) is not config_from_data(copy.deepcopy(data))


def test_within_a_scope_equal_data_gives_the_same_config() -> None:
    data = _data()
    with once():
        first = config_from_data(data)
        assert config_from_data(copy.deepcopy(data)) is first
    assert config_from_data(data) is not first  # the scope is gone


def test_an_integer_is_not_its_float() -> None:
    data = _data()
    other = copy.deepcopy(data)
    other["rules"]["fire_warmth_hours"] = 5.0
    data["rules"]["fire_warmth_hours"] = 5
    with once():
        assert config_from_data(data) is not config_from_data(other)


def test_data_holding_null_is_never_kept() -> None:
    data = _data()
    data["camp"]["day"] = None
    with once():
        assert config_from_data(data) is not config_from_data(copy.deepcopy(data))


def test_a_refusal_is_made_every_time() -> None:
    data = _data()
    data["party"][0]["hp"] = "many"
    with once():
        for _ in range(2):
            with pytest.raises(ConfigError):
                config_from_data(data)


def test_only_a_few_are_kept() -> None:
    data = _data()
    with once():
        first = config_from_data(data)
        for hp in range(1, 10):
            other = copy.deepcopy(data)
            other["party"][0]["hp"] = hp
            config_from_data(other)
        assert config_from_data(data) is not first


def test_nan_never_passes_for_null() -> None:
    data = _data()
    data["rules"]["fire_warmth_hours"] = None
    nan = copy.deepcopy(data)
    nan["rules"]["fire_warmth_hours"] = math.nan
    with once():
        with pytest.raises(ConfigError):
            config_from_data(data)
        got = None
        with contextlib.suppress(ConfigError):
            got = config_from_data(nan)
        assert got is None or math.isnan(got.rules.fire_warmth_hours)
