"""The Python API (`simulate`, `iter_events`) as a tool builder calls it, with the values a
tool may pass."""

from __future__ import annotations

import pytest

from nightsim import iter_events, load_config, simulate
from nightsim.config import default_config_path


@pytest.mark.parametrize("seed", [-1, True, 1.5, None, b"11"])
def test_a_seed_the_cli_would_refuse_is_a_clear_value_error(seed: object) -> None:
    """design.md: a seed is a non-negative integer or a string. simulate() took -1 and True
    (whose header then said seed 1 while the dice rolled "True": a log verify refuses),
    and answered 1.5 or None with a pydantic dump about the event union."""
    config = load_config(default_config_path())
    with pytest.raises(ValueError, match="seed") as info:
        simulate(config, seed)  # type: ignore[arg-type]
    assert "tagged-union" not in str(info.value)
    with pytest.raises(ValueError, match="seed"):
        next(iter_events(config, seed))  # type: ignore[arg-type]


@pytest.mark.parametrize("nights", [0, -3, 1.5, True])
def test_nights_must_be_a_positive_integer(nights: object) -> None:
    config = load_config(default_config_path())
    with pytest.raises(ValueError, match="nights") as info:
        simulate(config, 11, nights)  # type: ignore[arg-type]
    assert "tagged-union" not in str(info.value)
