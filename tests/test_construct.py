"""nightsim/_construct.py, the events' fast `model_construct`, and its two guards: a pydantic
whose slots are elsewhere, or whose `model_construct` builds otherwise, leaves every model
to pydantic's own (tests/engine/test_events.py holds the made ones to pydantic's on every
event the engine builds)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from nightsim import _construct
from nightsim.events import Roll, _Frozen


def _fresh() -> Any:  # a model class built here: its fields are not known to mypy
    """A model no test has built yet (a required field, defaults, an alias)."""

    class Fresh(_Frozen):
        dice: str
        faces: list[int]
        mod: int = 0
        note: str | None = None

    return Fresh


def test_this_pydantic_makes_the_engines_models_their_own() -> None:
    """Under the pydantic installed, the guards pass: the speed is not silently lost."""
    assert _construct.ACTIVE
    Roll.model_construct(dice="1d6", faces=[4], mod=0, total=4)
    assert _construct.MADE[Roll] is not None and "model_construct" in vars(Roll)
    fresh = _fresh()
    built = fresh.model_construct(dice="1d6", faces=[4])
    assert _construct.MADE[fresh] is not None
    assert _construct.layout(built)[1:] != () and built.mod == 0 and built.note is None


def test_a_made_constructor_that_builds_otherwise_is_not_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check before first use: a made constructor whose instance differs from
    pydantic's (here, no fields set) leaves the model to pydantic's."""
    wrong = _construct._source

    def source(names: list[str], optional: list[str]) -> str:
        return wrong(names, optional).replace(
            "_set_fields_set(_m, _fs)", "_set_fields_set(_m, set())"
        )

    monkeypatch.setattr(_construct, "_source", source)
    fresh = _fresh()
    built = fresh.model_construct(dice="1d6", faces=[4])
    assert _construct.MADE[fresh] is None and "model_construct" not in vars(fresh)
    assert built.model_fields_set == {"dice", "faces"}  # pydantic's


def test_a_pydantic_without_the_slots_leaves_every_model_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_construct, "_SLOTS", ("__dict__", "__pydantic_fields_set_v3__"))
    assert _construct._setters() is None
    monkeypatch.setattr(_construct, "ACTIVE", False)
    fresh = _fresh()
    built = fresh.model_construct(dice="1d6", faces=[4], mod=2)
    assert _construct.MADE[fresh] is None and built.mod == 2
    assert built.model_fields_set == {"dice", "faces", "mod"}


# A later pydantic, as far as nightsim can tell: its own model_construct marks every field
# set. Installed before nightsim is imported, in a fresh interpreter.
LATER_PYDANTIC = """
import json, sys
import pydantic
theirs = pydantic.BaseModel.model_construct.__func__
def changed(cls, _fields_set=None, **values):
    m = theirs(cls, _fields_set, **values)
    object.__setattr__(m, "__pydantic_fields_set__", set(cls.model_fields))
    return m
pydantic.BaseModel.model_construct = classmethod(changed)

from nightsim import _construct, simulate
from nightsim.config import default_config_path, load_config
night = simulate(load_config(default_config_path(), ["camp.encounter_chance=6"]), 3)
def models(value):
    if isinstance(value, pydantic.BaseModel):
        yield value
        for name in type(value).model_fields:
            yield from models(getattr(value, name))
    elif isinstance(value, list):
        for v in value:
            yield from models(v)
built = [m for e in night.events for m in models(e)]
print(json.dumps({
    "made": sorted(c.__name__ for c, made in _construct.MADE.items() if made is not None),
    "made_with_defaults": sorted(
        c.__name__
        for c, made in _construct.MADE.items()
        if made is not None and not all(f.is_required() for f in c.model_fields.values())
    ),
    "left": len([c for c, made in _construct.MADE.items() if made is None]),
    "theirs": all(m.model_fields_set == set(type(m).model_fields) for m in built),
    "built": len(built),
}))
"""


@pytest.mark.slow
def test_a_pydantic_that_builds_otherwise_leaves_every_model_its_own() -> None:
    """The real fallback: with pydantic's `model_construct` changed under it, a whole night
    is built as pydantic's own builds it: each model with a default (which the change
    touches) by pydantic's; one with none may keep its own, which the change leaves the
    same."""
    done = subprocess.run(
        [sys.executable, "-c", LATER_PYDANTIC], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    seen: dict[str, Any] = json.loads(done.stdout)
    assert seen["made_with_defaults"] == [] and seen["left"] >= 10
    assert seen["theirs"] and seen["built"] > 50
