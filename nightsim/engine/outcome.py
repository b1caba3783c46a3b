"""What a night comes to: the outcome `odds` counts and `night.summary` reports, and the
party's state a journey carries from one night to the next. Plain frozen values.

The outcomes are named tuples rather than frozen dataclasses: `odds` builds five or six of
them a night, and a frozen dataclass sets each field through `object.__setattr__`, which
cost a plain `odds` night several per cent (docs/design-notes.md, "Outcomes as named
tuples").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from nightsim import rules


class CharacterOutcome(NamedTuple):
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


class EncounterOutcome(NamedTuple):
    at: int  # minutes after camp was made (this night)
    creature: str | None
    table: str
    distance_ft: int
    party_surprised: bool
    monster_surprised: bool
    nobody_awake: bool
    surprised: tuple[str, ...]


class NightOutcome(NamedTuple):
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
