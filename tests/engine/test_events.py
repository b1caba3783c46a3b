"""The engine builds its events with `model_construct` (no validation, so no core schema is
built on `nightsim run`) and the writer dumps them with `events.json_data` (no serializer).
These tests hold both to what pydantic itself would make: every event the engine records is
exactly the event validation would give for the same values (the same types all the way
down: a float stays a float, a list a list), and `json_data` is pydantic's JSON dump."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from nightsim.engine.journey import simulate
from nightsim.events import EVENT_TYPES, Event, event_dict, json_data
from tests.conftest import cfg

VARIANTS: list[tuple[tuple[str, ...], int]] = [
    ((), 1),
    (("camp.encounter_chance=6",), 1),
    (("camp.fire_conditions=adverse", "camp.fire_chance=3", "camp.encounter_chance=4"), 1),
    (("rules.sleep_in=true", "camp.encounter_chance=6"), 1),
    (("camp.fire_starter=false", "rules.quick_rest=true"), 1),
    (("camp.weather=heavy_rain", "camp.carried_firewood_hours=0.5"), 1),
    (("camp.carried_firewood_hours=2", "camp.encounter_chance=6"), 1),
    (("watch.rota=[]", "camp.encounter_chance=6"), 1),
    (('watch.shifts=[{name="Moss",hours=2.5},{name="Wren",hours=1.75}]',), 1),
    (("camp.day=27", "camp.encounter_chance=3"), 3),
]


def typed(value: Any) -> Any:
    """A value with the type of every part spelt out (so 3 and 3.0, [] and () differ)."""
    if isinstance(value, BaseModel):
        return type(value), {k: typed(v) for k, v in value.__dict__.items()}
    if isinstance(value, list | tuple):
        return type(value), [typed(v) for v in value]
    if isinstance(value, dict):
        return type(value), {k: typed(v) for k, v in value.items()}
    return type(value), value


def as_input(value: Any) -> Any:
    """The values a validating constructor would have been called with: nested models as
    the fields they were given, every other value as it is (so validation converts what it
    would, and a required field left out fails)."""
    if isinstance(value, BaseModel):
        return {k: as_input(getattr(value, k)) for k in value.model_fields_set}
    if isinstance(value, list):
        return [as_input(v) for v in value]
    return value


@pytest.fixture(scope="module")
def engine_events() -> list[Event]:
    out: list[Event] = []
    for overrides, nights in VARIANTS:
        config = cfg(*overrides)
        out += [e for seed in range(12) for e in simulate(config, seed, nights=nights).events]
    return out


def test_the_variants_cover_every_event_type(engine_events: list[Event]) -> None:
    assert {e.type for e in engine_events} == set(EVENT_TYPES)


def test_every_engine_event_is_what_validation_would_make(engine_events: list[Event]) -> None:
    for e in engine_events:
        validated = type(e).model_validate(as_input(e))
        assert typed(e) == typed(validated), e.type
        assert e.model_fields_set == validated.model_fields_set, e.type


def test_json_data_is_pydantics_json_dump(engine_events: list[Event]) -> None:
    for e in engine_events:
        validated = type(e).model_validate(as_input(e))
        assert json_data(e) == validated.model_dump(mode="json", by_alias=True), e.type
        assert json_data(validated) == json_data(e), e.type


def test_event_dict_leaves_out_an_absent_hash_only(engine_events: list[Event]) -> None:
    e = engine_events[0]
    assert "hash" not in event_dict(e)
    chained = e.model_copy(update={"hash": "0" * 64})
    assert event_dict(chained)["hash"] == "0" * 64
