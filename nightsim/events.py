"""The typed events of a night: frozen pydantic models in one union discriminated on `type`.

One model per event type in design.md; the JSON Schema (`nightsim schema`), the log reader and
`simulate()` all use this union. Each model is one log line: `v`, `seq`, `t`, `clock`,
`type`, the event's fields, and `hash` (absent until the log writer chains the line).
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from nightsim.codes import Meal, Mood, NoFire, NoMeal, Purpose, RestReason, Table

LOG_VERSION = 1
Clock = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]
Hash = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class _Frozen(BaseModel):
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


class WatchSpan(_Frozen):
    """A stretch of one hour that one watcher kept: `{"actor": ..., "from": "21:00", "to":
    "21:47"}`, clock faces like `rest.began`'s `shifts`."""

    actor: str = Field(description="the watcher, awake on watch for the whole span")
    from_: Clock = Field(
        alias="from",
        description="the span's first minute: the hour's start, or when the watch was taken"
        " up (or resumed) within the hour",
    )
    to: Clock = Field(
        description="the minute the span ended: the strike (`clock`) if the watch ran to the"
        " end of the hour, else when it was handed over, ended, dozed off or the camp woke"
    )

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class HourPassed(EventBase):
    """The hour of the rest period that ends at this line's `clock`, told whole: the strike
    comes before anything else at its minute, so a change at the strike belongs to the next
    hour."""

    type: Literal["hour.passed"] = "hour.passed"
    hour: Annotated[int, Field(ge=1, description="1 for the rest period's first hour, and on")]
    watch: list[WatchSpan] = Field(
        description="who was on watch in the hour and from when to when, in order; the spans"
        " never overlap, and with `unwatched_minutes` they add up to the hour"
    )
    unwatched_minutes: Annotated[
        int,
        Field(
            ge=0,
            le=60,
            description="minutes of the hour with nobody on watch (no shift, a dozing watcher,"
            " a missed shift, the camp up after an encounter)",
        ),
    ]
    awake: list[str] = Field(
        description="who was awake at any minute of the hour (on watch or not), party order"
    )
    slept_through: list[str] = Field(
        description="who was asleep (dozing included) every minute of the hour, party order;"
        " with `awake` exactly the party"
    )
    dozed: list[str] = Field(
        description="who was dozing on watch at any minute of the hour (asleep, rota broken)"
    )
    fire_minutes: Annotated[
        int, Field(ge=0, le=60, description="minutes of the hour the fire burned")
    ]


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


def event_dict(ev: Event) -> dict[str, Any]:
    """The event as plain JSON data (the log line's content, `hash` left out when absent)."""
    out: dict[str, Any] = EVENT_ADAPTER.dump_python(ev, mode="json", by_alias=True)
    if ev.hash is None:
        del out["hash"]
    return out
