"""The engine builds its events with `model_construct` (no validation, so no core schema is
built on `nightsim run`) and the writer dumps them with `events.json_data` (no serializer).
These tests hold both to what pydantic itself would make: every event the engine records is
exactly the event validation would give for the same values (the same types all the way
down: a float stays a float, a list a list), and `json_data` is pydantic's JSON dump."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from nightsim.events import Event, event_dict, json_data
from tests.helpers.every_event import every_event_nights, missing_types


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
    return [e for _, events in every_event_nights() for e in events]


def test_the_nights_make_every_event_type(engine_events: list[Event]) -> None:
    """A new event class fails here until a night of tests/helpers/every_event.py makes it."""
    assert not missing_types(engine_events), missing_types(engine_events)


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


def pydantics(value: Any) -> Any:
    """`value` built again, all the way down, by pydantic's own `model_construct` from the
    values it was given (not the events' faster one)."""
    if isinstance(value, BaseModel):
        given = {k: pydantics(getattr(value, k)) for k in value.model_fields_set}
        return BaseModel.model_construct.__func__(type(value), **given)  # type: ignore[attr-defined]
    if isinstance(value, list):
        return [pydantics(v) for v in value]
    return value


def layout(value: Any) -> Any:
    """Everything of an instance `model_construct` sets: `__dict__` (typed, in order), the
    fields set, extra and private, all the way down."""
    if isinstance(value, BaseModel):
        return (
            type(value),
            [(k, layout(v)) for k, v in value.__dict__.items()],
            value.model_fields_set,
            value.__pydantic_extra__,
            value.__pydantic_private__,
        )
    if isinstance(value, list | tuple):
        return type(value), [layout(v) for v in value]
    return type(value), value


def test_the_events_model_construct_is_pydantics(engine_events: list[Event]) -> None:
    """events._Frozen.model_construct (perf) makes the instance pydantic's would: every
    event the engine builds, and a call it leaves to pydantic (by alias, fields set given)."""
    for e in engine_events:
        assert layout(e) == layout(pydantics(e)), e.type
    from nightsim.events import ShiftTimes

    by_alias = ShiftTimes.model_construct(**{"actor": "A", "from": "22:00", "to": "23:00"})  # type: ignore[arg-type]  # the alias, as a log spells it
    assert by_alias.from_ == "22:00" and by_alias.model_fields_set == {"actor", "from_", "to"}
    given = ShiftTimes.model_construct({"actor"}, actor="A", from_="22:00", to="23:00")
    assert given.model_fields_set == {"actor"}
    defaults = ShiftTimes.model_construct(actor="A")  # type: ignore[call-arg]  # the defaults
    assert layout(defaults) == layout(BaseModel.model_construct.__func__(ShiftTimes, actor="A"))  # type: ignore[attr-defined]


def test_a_models_own_model_construct_hands_back_what_it_does_not_make() -> None:
    """The `model_construct` made per model (nightsim/_construct.py) takes every value by name;
    a call with an unknown name, a required name missing or the fields set given, and a
    call for a subclass (which inherits the model's), make what pydantic's would."""
    from nightsim.codes import Purpose
    from nightsim.events import Roll, Target

    def theirs(cls: type[BaseModel], *args: Any, **kw: Any) -> Any:
        return layout(BaseModel.model_construct.__func__(cls, *args, **kw))  # type: ignore[attr-defined]

    full: dict[str, Any] = {
        "dice": "1d6",
        "faces": [4],
        "mod": -1,
        "total": 3,
        "purpose": Purpose.FIREWOOD,
    }
    assert layout(Roll.model_construct(**full)) == theirs(Roll, **full)
    assert "model_construct" in vars(Roll)  # made on the first call, then Roll's own
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((), {"dice": "1d6", "faces": [4], "total": 4}),  # defaults
        ((), {"dice": "1d6", "faces": [4], "total": 4, "target": Target.at_most(2)}),
        ((), {"dice": "1d6", "faces": [4], "total": 4, "bogus": 1}),  # an unknown name
        ((), {"dice": "1d6", "total": 4}),  # a required name missing
        (({"dice"},), {"dice": "1d6", "faces": [4], "total": 4}),  # the fields set given
    ]
    for args, kw in calls:
        assert layout(Roll.model_construct(*args, **kw)) == theirs(Roll, *args, **kw), kw

    class Aimed(Roll):
        aim: str = "ahead"

    left: dict[str, Any] = {"dice": "1d6", "faces": [4], "total": 4, "aim": "left"}
    aimed = Aimed.model_construct(**left)
    assert type(aimed) is Aimed and layout(aimed) == theirs(Aimed, **left)
    assert layout(Aimed.model_construct(**full)) == theirs(Aimed, **full)


def test_model_construct_is_made_on_first_use_not_at_import() -> None:
    """A cold start makes no model's `model_construct` it does not use."""
    import subprocess
    import sys

    code = "import nightsim, nightsim._construct as c; print(len(c.MADE))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


def _leaf_types(annotation: Any, seen: set[type[BaseModel]]) -> set[Any]:
    """The scalar types a field's annotation may hold, through models, lists, tuples,
    unions, `Annotated` and `Literal` (its values' types)."""
    import typing

    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _leaf_types(typing.get_args(annotation)[0], seen)
    if origin is typing.Literal:
        return {type(v) for v in typing.get_args(annotation)}
    if origin is not None:  # list, tuple, dict, a union
        return set().union(*(_leaf_types(a, seen) for a in typing.get_args(annotation)))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:
            return set()
        seen.add(annotation)
        return set().union(
            *(_leaf_types(f.annotation, seen) for f in annotation.model_fields.values())
        )
    return {annotation}


def test_no_event_but_the_header_can_hold_a_float() -> None:
    """The log's hot path writes and reads an event's JSON with orjson (log/writer.py,
    `float_free_jcs`), which writes NaN as `null`: only the header (its config) may hold a
    float, and it is written by `canonical_text`."""
    from enum import Enum

    from nightsim.events import EventBase, NightHeader

    allowed = (int, str, bool, type(None), Enum)
    for model in EventBase.__subclasses__():
        if model is NightHeader:
            continue
        for leaf in _leaf_types(model, set()):
            assert isinstance(leaf, type), (model.__name__, leaf)
            assert issubclass(leaf, allowed) and not issubclass(leaf, float), (
                model.__name__,
                leaf,
            )
