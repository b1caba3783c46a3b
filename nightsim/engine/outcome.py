"""What a night comes to: the outcome `odds` counts and `night.summary` reports, and the
party's state a journey carries from one night to the next. Plain frozen values."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, TypeVar

from nightsim import rules

_T = TypeVar("_T")


def _quick_init(cls: type[_T]) -> type[_T]:
    """Give a frozen, slotted dataclass without defaults a faster `__init__`.

    Perf only: dataclass(frozen=True) sets each field through `object.__setattr__`; this
    `__init__` (same signature, generated the way dataclasses generates its own) sets them
    through the slots' descriptors, about twice as fast. The instance is as frozen after.
    A night makes one outcome per character, and `odds` makes millions.
    """
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    assert all(f.default is MISSING and f.default_factory is MISSING for f in fields(cls))  # type: ignore[arg-type]
    namespace: dict[str, Any] = {f"_set_{n}": cls.__dict__[n].__set__ for n in names}
    body = "".join(f"\n    _set_{n}(self, {n})" for n in names)
    exec(f"def __init__(self, {', '.join(names)}) -> None:{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


@_quick_init
@dataclass(frozen=True, slots=True)
class CharacterOutcome:
    name: str
    full_rest: bool
    slept_minutes: int
    interrupted: bool
    surprised: bool
    difficulty: rules.Difficulty
    hp: int
    exhaustion: int
    spells_prepared: tuple[str, ...]
    spells_lost: tuple[str, ...]


@_quick_init
@dataclass(frozen=True, slots=True)
class EncounterOutcome:
    at: int  # minutes after camp was made (this night)
    creature: str | None
    table: str
    distance_ft: int
    party_surprised: bool
    monster_surprised: bool
    nobody_awake: bool
    surprised: tuple[str, ...]


@_quick_init
@dataclass(frozen=True, slots=True)
class NightOutcome:
    """What `odds` aggregates and `night.summary` reports."""

    night: int
    characters: tuple[CharacterOutcome, ...]
    encounter: EncounterOutcome | None
    rota_broken_at: int | None  # minutes after camp was made, or None
    fire_lit: bool
    fire_out_at: int | None  # minutes after camp was made, None if unlit or burning at dawn
    fire_lasted: bool
    fire_warmed: bool
    ingredients: bool  # still in the packs at dawn


@dataclass(slots=True)
class PartyState:
    """What carries from one night to the next on a journey."""

    hp: dict[str, int] = field(default_factory=dict)
    exhaustion: dict[str, int] = field(default_factory=dict)
    ingredients: bool = True  # a ruined meal loses them for the rest of the journey
