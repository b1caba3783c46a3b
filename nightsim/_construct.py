"""The events' fast `model_construct`: speed only, and never trusted blind.

pydantic's `model_construct` is most of what building an event costs, and every line of a
log is an event built so (docs/design-notes.md, "Unvalidated events"): `run --nights 1000`
spends about a fifth of its CPU time less with a model's own constructor (measured with
`bench/log_bench.py` and an A/B of the same command, docs/design-notes.md). Such a
constructor is made per model on its first call (`make`), the way dataclasses make an
`__init__`, and sets what pydantic's sets through `BaseModel`'s own slot descriptors: those
are pydantic's internals, not its API, so a later pydantic 2.x may change them. Hence two
guards, and pydantic's own `model_construct` wherever either fails:

- at import, `ACTIVE`: the descriptors this module writes through are where pydantic 2.6 to
  2.x put them (a release that moved them leaves every model to pydantic);
- once per model, before its constructor is first used: the made constructor and pydantic's
  build the same instance from the same values (a sample with every field given, and one
  with the required fields only, so defaults count): the same type, `__dict__` (in field
  order), fields set, extra and private. Any difference, and the model keeps pydantic's.

`tests/test_construct.py` holds both guards to a pydantic that builds otherwise (a real
`model_construct` changed under them), and tests/engine/test_events.py every event the
engine builds to pydantic's.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from keyword import iskeyword
from typing import Any

from pydantic import BaseModel

#: A model's own `model_construct`, or None where it is left to pydantic's (by model).
MADE: dict[type[BaseModel], Callable[..., BaseModel] | None] = {}
# Defaults kept as they are: pydantic hands these out uncopied (`smart_deepcopy`).
_IMMUTABLE = (type(None), bool, int, str, Enum, tuple, frozenset)
_MISSING = object()  # a keyword not given
_SLOTS = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")


def _setters() -> dict[str, Callable[[Any, Any], None]] | None:
    """The setters of the slot descriptors pydantic's own `model_construct` fills (by
    `object.__setattr__`), or None if this pydantic has them elsewhere."""
    try:
        found = {name: BaseModel.__dict__[name].__set__ for name in _SLOTS}
    except (KeyError, AttributeError):
        return None
    return found if all(callable(s) for s in found.values()) else None


_SETTERS = _setters()
#: Whether this pydantic lets a model have its own constructor at all.
ACTIVE: bool = _SETTERS is not None


def pydantics(cls: type[BaseModel], *args: Any, **values: Any) -> BaseModel:
    """pydantic's own `model_construct` for `cls`, whatever `cls` overrides it with."""
    built: BaseModel = BaseModel.model_construct.__func__(cls, *args, **values)  # type: ignore[attr-defined]
    return built


def layout(m: BaseModel) -> tuple[Any, ...]:
    """Everything `model_construct` sets on an instance, values compared by identity."""
    return (
        type(m),
        [(k, id(v)) for k, v in m.__dict__.items()],
        m.__pydantic_fields_set__,
        m.__pydantic_extra__,
        m.__pydantic_private__,
    )


def make(
    cls: type[BaseModel], generic: Callable[..., BaseModel]
) -> Callable[..., BaseModel] | None:
    """`cls`'s own `model_construct` (kept in `MADE`), or None for pydantic's: when this
    pydantic is not the one it was written for, the model is one it does not make (below),
    or the made one builds otherwise than pydantic's on a sample. `generic` takes every call
    the made one hands back (an alias, an unknown name, a required name missing, the fields
    set given, a subclass)."""
    if cls not in MADE:
        made = _constructor(cls, generic) if ACTIVE else None
        MADE[cls] = made if made is not None and _same_as_pydantics(cls, made) else None
    return MADE[cls]


def _same_as_pydantics(cls: type[BaseModel], made: Callable[..., BaseModel]) -> bool:
    """The made constructor and pydantic's agree on every field given, and on the required
    ones alone (the defaults filled in)."""
    fields = cls.model_fields
    every = {name: object() for name in fields}
    required = {name: every[name] for name, f in fields.items() if f.is_required()}
    try:
        return all(
            layout(made(cls, None, **v)) == layout(pydantics(cls, **v)) for v in (every, required)
        )
    except Exception:  # any failure of the made one leaves the model to pydantic's
        return False


def _given(_extra: dict[str, Any], **named: Any) -> dict[str, Any]:
    """The keywords a made `model_construct` was called with, for pydantic's."""
    return {k: v for k, v in named.items() if v is not _MISSING} | _extra


def _constructor(
    cls: type[BaseModel], generic: Callable[..., BaseModel]
) -> Callable[..., BaseModel] | None:
    """`cls`'s own `model_construct`: every field a keyword (a default kept only where
    pydantic would hand the default out as it is), the instance from `object.__new__`
    (`BaseModel` has none of its own), its `__dict__` a dict display in field order, and
    what pydantic's `object.__setattr__` calls set, through `BaseModel`'s own slot
    descriptors. A call that is not for `cls` itself (a subclass inherits it) or not all
    by name goes to `generic`. None (pydantic's, always) for a model with a default it
    would copy or make, a post-init, extra or private attributes, or no fields."""
    fields = cls.model_fields
    defaults = {n: f.default for n, f in fields.items() if not f.is_required()}
    if (
        _SETTERS is None
        or not fields
        or cls.__pydantic_post_init__
        or cls.model_config.get("extra") == "allow"
        or cls.__private_attributes__
        or any(not n.isidentifier() or iskeyword(n) for n in fields)
        or any(fields[n].default_factory is not None for n in defaults)
        or not all(isinstance(d, _IMMUTABLE) for d in defaults.values())
    ):
        return None
    scope = {
        **{f"_d_{n}": d for n, d in defaults.items()},
        "_owner": cls,
        "_MISSING": _MISSING,
        "_given": _given,
        "_generic": generic,
        "_new": object.__new__,
        "_set_dict": _SETTERS["__dict__"],
        "_set_fields_set": _SETTERS["__pydantic_fields_set__"],
        "_set_extra": _SETTERS["__pydantic_extra__"],
        "_set_private": _SETTERS["__pydantic_private__"],
    }
    exec(_source(list(fields), list(defaults)), scope)
    made: Callable[..., BaseModel] = scope["model_construct"]
    made.__qualname__ = f"{cls.__qualname__}.model_construct"
    return made


def _source(names: list[str], optional: list[str]) -> str:
    """The text of a model's `model_construct` (`_constructor`), for a Roll:

    def model_construct(_cls, _fields_set=None, *, dice=_MISSING, ..., **_extra):
        if _cls is not _owner or _fields_set is not None or _extra or dice is _MISSING ...:
            return _generic(_cls, _fields_set, **_given(_extra, dice=dice, ...))
        _fs = {'dice', 'faces', 'total'}
        if mod is _MISSING:
            mod = _d_mod
        else:
            _fs.add('mod')
        ...
        _m = _new(_cls)
        _set_dict(_m, {'dice': dice, 'faces': faces, 'mod': mod, ...})
        ...
    """
    required = [n for n in names if n not in optional]
    params = "".join(f"{n}=_MISSING, " for n in names)
    unusual = "".join(f" or {n} is _MISSING" for n in required)
    passed = ", ".join(f"{n}={n}" for n in names)
    lines = [
        f"def model_construct(_cls, _fields_set=None, *, {params}**_extra):",
        f"    if _cls is not _owner or _fields_set is not None or _extra{unusual}:",
        f"        return _generic(_cls, _fields_set, **_given(_extra, {passed}))",
        f"    _fs = {{{', '.join(repr(n) for n in required)}}}" if required else "    _fs = set()",
    ]
    for n in optional:
        lines += [
            f"    if {n} is _MISSING:",
            f"        {n} = _d_{n}",
            "    else:",
            f"        _fs.add({n!r})",
        ]
    return "\n".join(
        [
            *lines,
            "    _m = _new(_cls)",
            f"    _set_dict(_m, {{{', '.join(f'{n!r}: {n}' for n in names)}}})",
            "    _set_fields_set(_m, _fs)",
            "    _set_extra(_m, None)",
            "    _set_private(_m, None)",
            "    return _m",
        ]
    )
