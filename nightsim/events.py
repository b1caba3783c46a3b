"""The typed events of a night: frozen pydantic models in one union discriminated on `type`.

One model per event type in design.md; the JSON Schema (`nightsim schema`), the log reader and
`simulate()` all use this union. Each model is one log line: `v`, `seq`, `t`, `clock`,
`type`, the event's fields, and `hash` (absent until the log writer chains the line).
"""

from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from nightsim.codes import Meal, Mood, NoFire, NoMeal, Purpose, RestReason, Table

LOG_VERSION = 1
Clock = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]
Hash = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class _Frozen(BaseModel):
    # defer_build: a model's core schema (validator and serializer) is built on its first
    # validation, not at import. The engine builds its events with `model_construct` and the
    # writer dumps them with `json_data`, so `nightsim run` builds none (~13 ms of 34 schemas);
    # the reader, `schema` and a direct `Model(...)` call still build and validate.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Roll(_Frozen):
    """One roll: `{"dice": "1d6", "faces": [4], "mod": -1, "total": 3}`, its purpose, target."""

    dice: Annotated[str, Field(pattern=r"^\d+d\d+$")]
    faces: list[int]
    mod: int = 0
    total: int
    purpose: Purpose | None = None
    target: str | None = None


class EventBase(_Frozen):
    v: Literal[1] = 1
    seq: Annotated[int, Field(ge=0)]
    t: Annotated[int, Field(ge=0, description="minutes since camp was made (first night)")]
    clock: Clock
    hash: Hash | None = None


class NightHeader(EventBase):
    type: Literal["night.header"] = "night.header"
    seed: int | str
    seed_sha256: Hash
    config: dict[str, Any]
    resolved: dict[str, Any]
    nightsim: str
    rng: str
    nights: Annotated[int, Field(ge=1)] = 1


class NightBegan(EventBase):
    type: Literal["night.began"] = "night.began"
    night: Annotated[int, Field(ge=1)]
    season: Literal["winter", "spring", "summer", "autumn"]
    month: str | None = None
    day: int | None = None


class SitePrepared(EventBase):
    type: Literal["camp.site_prepared"] = "camp.site_prepared"
    actors: list[str]


class FirewoodGathered(EventBase):
    type: Literal["firewood.gathered"] = "firewood.gathered"
    actor: str
    hours: Annotated[int, Field(ge=0)]
    rolls: list[Roll]


class WaterFetched(EventBase):
    type: Literal["water.fetched"] = "water.fetched"
    actor: str


class FireLit(EventBase):
    type: Literal["fire.lit"] = "fire.lit"
    hours: float
    until: Clock
    rolls: list[Roll]


class FireNotLit(EventBase):
    type: Literal["fire.not_lit"] = "fire.not_lit"
    reason: NoFire
    wood_hours: float
    rolls: list[Roll]


class MealCooked(EventBase):
    type: Literal["meal.cooked"] = "meal.cooked"
    actor: str
    outcome: Meal
    eaters: list[str]
    ingredients_lost: bool
    rolls: list[Roll]


class MealNotCooked(EventBase):
    type: Literal["meal.not_cooked"] = "meal.not_cooked"
    actor: str
    reason: NoMeal


class CampEntertained(EventBase):
    type: Literal["camp.entertained"] = "camp.entertained"
    actor: str
    outcome: Mood
    rolls: list[Roll]


class ShiftTimes(_Frozen):
    actor: str
    from_: Clock = Field(alias="from")
    to: Clock

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class RestBegan(EventBase):
    type: Literal["rest.began"] = "rest.began"
    until: Clock
    shifts: list[ShiftTimes]
    unwatched_from: Clock | None


class WatchBegan(EventBase):
    type: Literal["watch.began"] = "watch.began"
    actor: str
    shift: Annotated[int, Field(ge=1)]
    until: Clock
    resumed: bool
    rolls: list[Roll]


class WatchHandedOver(EventBase):
    type: Literal["watch.handed_over"] = "watch.handed_over"
    actor: str
    to: str
    shift: Annotated[int, Field(ge=1)]


class WatchDozed(EventBase):
    type: Literal["watch.dozed"] = "watch.dozed"
    actor: str
    shift: Annotated[int, Field(ge=1)]


class WatchMissed(EventBase):
    type: Literal["watch.missed"] = "watch.missed"
    actor: str
    shift: Annotated[int, Field(ge=1)]


class WatchEnded(EventBase):
    type: Literal["watch.ended"] = "watch.ended"
    actor: str
    shift: Annotated[int, Field(ge=1)]


class FireOut(EventBase):
    type: Literal["fire.out"] = "fire.out"


class HourPassed(EventBase):
    type: Literal["hour.passed"] = "hour.passed"
    hour: Annotated[int, Field(ge=1)]
    awake: list[str]
    asleep: list[str]
    dozing: list[str]
    on_watch: str | None
    fire: bool


class MonsterChecked(EventBase):
    type: Literal["monster.checked"] = "monster.checked"
    encounter: bool
    chance: Annotated[int, Field(ge=0, le=6)]
    rolls: Annotated[list[Roll], Field(min_length=1)]  # the check is always rolled


class MonsterArrived(EventBase):
    type: Literal["monster.arrived"] = "monster.arrived"
    awake: list[str]
    surprised: list[str]
    party_surprised: bool
    monster_surprised: bool
    distance_ft: Annotated[int, Field(ge=30)]
    table: Table
    creature: str | None
    watch_of: str | None
    rolls: list[Roll]


class CampWoke(EventBase):
    type: Literal["camp.woke"] = "camp.woke"
    woken: list[str]


class CampSettled(EventBase):
    type: Literal["camp.settled"] = "camp.settled"
    on_watch: str | None


class RestChecked(EventBase):
    type: Literal["rest.checked"] = "rest.checked"
    actor: str
    slept_minutes: Annotated[int, Field(ge=0)]
    difficulty: Literal["easy", "moderate", "hard", "impossible"]
    full_rest: bool
    reason: RestReason
    interrupted: bool
    rolls: list[Roll]


class CharacterWoke(EventBase):
    type: Literal["character.woke"] = "character.woke"
    actor: str
    hp: int
    hp_before: int
    exhaustion: Annotated[int, Field(ge=0)]


class SpellPrepared(EventBase):
    type: Literal["spell.prepared"] = "spell.prepared"
    actor: str
    spell: str
    rolls: list[Roll]


class SpellLost(EventBase):
    type: Literal["spell.lost"] = "spell.lost"
    actor: str
    spell: str
    rolls: list[Roll]


class CharacterSummary(_Frozen):
    name: str
    full_rest: bool
    slept_minutes: int
    interrupted: bool
    surprised: bool
    difficulty: Literal["easy", "moderate", "hard", "impossible"]
    hp: int
    exhaustion: int
    spells_prepared: list[str]
    spells_lost: list[str]


class EncounterSummary(_Frozen):
    at: Clock
    creature: str | None
    table: Table
    distance_ft: int
    party_surprised: bool
    monster_surprised: bool
    nobody_awake: bool
    surprised: list[str]


class FireSummary(_Frozen):
    lit: bool
    out_at: Clock | None
    lasted: bool
    warmed: bool


class NightSummary(EventBase):
    type: Literal["night.summary"] = "night.summary"
    night: Annotated[int, Field(ge=1)]
    characters: list[CharacterSummary]
    encounter: EncounterSummary | None
    rota_broken_at: Clock | None
    fire: FireSummary


Event = Annotated[
    NightHeader
    | NightBegan
    | SitePrepared
    | FirewoodGathered
    | WaterFetched
    | FireLit
    | FireNotLit
    | MealCooked
    | MealNotCooked
    | CampEntertained
    | RestBegan
    | WatchBegan
    | WatchHandedOver
    | WatchDozed
    | WatchMissed
    | WatchEnded
    | FireOut
    | HourPassed
    | MonsterChecked
    | MonsterArrived
    | CampWoke
    | CampSettled
    | RestChecked
    | CharacterWoke
    | SpellPrepared
    | SpellLost
    | NightSummary,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event, config=ConfigDict(defer_build=True))
EVENT_TYPES: tuple[str, ...] = tuple(
    m.model_fields["type"].default for m in EventBase.__subclasses__()
)


def parse_event(data: dict[str, Any]) -> Event:
    return EVENT_ADAPTER.validate_python(data)


_KEYS: dict[type[BaseModel], tuple[tuple[str, str], ...]] = {}


def _keys(cls: type[BaseModel]) -> tuple[tuple[str, str], ...]:
    """(attribute, JSON key) of each field of a model, in order (the key is the alias: `from`)."""
    keys = _KEYS.get(cls)
    if keys is None:
        keys = _KEYS[cls] = tuple(
            (name, f.serialization_alias or f.alias or name) for name, f in cls.model_fields.items()
        )
    return keys


def json_data(value: Any) -> Any:
    """A model (or any value inside one) as plain JSON data: what pydantic's
    `model_dump(mode="json", by_alias=True)` gives for these models (every field, enums as
    their values, tuples as lists), without building a serializer for each model class: the
    engine's events never need one otherwise (see `_Frozen`). tests/test_events.py holds the
    two to the same output on every event type."""
    if isinstance(value, BaseModel):
        d = value.__dict__
        return {key: json_data(d[name]) for name, key in _keys(type(value))}
    if isinstance(value, list | tuple):
        return [json_data(v) for v in value]
    if isinstance(value, dict):
        return {k: json_data(v) for k, v in value.items()}
    if isinstance(value, Enum):
        return value.value
    return value


def event_dict(ev: Event) -> dict[str, Any]:
    """The event as plain JSON data (the log line's content, `hash` left out when absent)."""
    out: dict[str, Any] = json_data(ev)
    if ev.hash is None:
        del out["hash"]
    return out
