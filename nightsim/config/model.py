"""The camp config: frozen pydantic models of the TOML keys of docs/config.md, and their resolution.

Pure: parsing TOML text and applying `--set` overrides are functions of strings; reading the
file is the CLI's job (`load_config` is the one convenience that reads, for the Python API).
"""

import math
import re
import typing
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from nightsim import rules
from nightsim.clock import clock
from nightsim.errors import ConfigError
from nightsim.limits import (
    MAX_NIGHTS,
    MAX_PARTY,
    MIN_SHIFT_MINUTES,
    shown,
)
from nightsim.told import Said

Score = Annotated[int, Field(ge=rules.ABILITY_MIN, le=rules.ABILITY_MAX, strict=True)]
# Names and spells appear in one-line narration and error messages: no newlines or other
# control characters, that is C0 and C1 controls, Unicode line and paragraph separators
# (str.splitlines breaks there), and bidi embeddings, overrides and isolates (they reorder
# the rest of a printed line).
_PRINTABLE_LINE = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]+$"
Name = Annotated[str, Field(min_length=1, max_length=60, pattern=_PRINTABLE_LINE)]
# A creature is printed in the same one-line narration: the same rule, a longer limit.
CreatureName = Annotated[str, Field(min_length=1, max_length=200, pattern=_PRINTABLE_LINE)]
# TOML has real booleans and numbers: `cookware = "no"` or `hours = "2"` is a mistake to report,
# not a string for pydantic's lax mode to coerce ("no" -> False, "2" -> 2.0). Strict floats
# still take TOML integers.
Flag = Annotated[bool, Field(strict=True)]
_CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


class _Model(BaseModel):
    """A frozen part of the config. Built directly (`Watch(rota=["Moss", "Wren"])`), a bad
    value raises ConfigError naming the class and field, as a config file's does."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)

    def __init__(self, /, **data: Any) -> None:
        if _VALIDATING.get():
            # A part validated inside a whole (pydantic calls a custom __init__ for nested
            # models): its errors go up as they are, placed by the whole's validation.
            super().__init__(**data)
            return
        token = _VALIDATING.set(True)
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise ConfigError(f"{type(self).__name__}: {_described(exc)}") from None
        finally:
            _VALIDATING.reset(token)

    @classmethod
    def model_validate(cls, obj: Any, **kwargs: Any) -> Self:
        """Pydantic's, with the parts' errors left to it (config/load.py explains them)."""
        token = _VALIDATING.set(True)
        try:
            return super().model_validate(obj, **kwargs)
        finally:
            _VALIDATING.reset(token)


# Set while a config (or a part built directly) is being validated: see `_Model.__init__`.
_VALIDATING: ContextVar[bool] = ContextVar("nightsim_config_validating", default=False)


def _described(exc: ValidationError) -> str:
    """The first error as `field: what is wrong` (config/explain.py words a file's)."""
    e = exc.errors(include_url=False)[0]
    loc = ".".join(str(p) for p in e["loc"] if not str(p).startswith("function-"))
    msg = str(e["msg"]).removeprefix("Value error, ")
    if e["type"] == "missing":
        msg = "is required"
    elif e["type"] == "extra_forbidden":
        return f"unknown key {shown(loc)}"
    elif "input" in e and e["type"] != "value_error":
        msg = f"{msg}, got {shown(e['input'])}"
    return f"{loc}: {msg}" if loc else msg


Weather = Literal["dry", "damp", "snow", "heavy_rain"]
_WEATHERS = frozenset(typing.get_args(Weather))

# What a caller may pass where a config holds a tuple: any sequence (a list, as TOML reads
# it), stored as a tuple. mypy sees the sequence; pydantic validates into the tuple.
if TYPE_CHECKING:
    Names = Sequence[str]
    Shifts = Sequence["Shift"]
    Entries = Sequence["Entry"]
    Party = Sequence["Character"]
    Weathers = Sequence[Weather]
else:
    Names = tuple[Name, ...]
    Shifts = tuple["Shift", ...]
    Entries = tuple["Entry", ...]
    Party = tuple["Character", ...]
    Weathers = tuple[Weather, ...]


# docs/rules.md §2: the weathers in which a fire is lit in adverse conditions by default.
ADVERSE_WEATHER = frozenset({"snow", "heavy_rain"})


class Camp(_Model):
    """`[camp]`: where and when the party camps, the weather, the fire and the evening's
    supplies (docs/config.md, "camp"). Every key optional; `resolved()` fills what is left."""

    terrain: str | None = None
    encounter_chance: Annotated[int, Field(ge=0, le=6, strict=True)] | None = None
    season: rules.Season | None = None
    month: str | None = None
    day: Annotated[int, Field(ge=1, le=31, strict=True)] | None = None
    weather: Weather | None = None
    # A journey's weather night by night (docs/config.md, "Weather night by night"): a list
    # the referee gives, not a roll, so no die and no dice stream is added and every night
    # without it plays as before. Left out of the canonical form when absent (None).
    weather_by_night: Annotated[Weathers, Field(min_length=1, max_length=MAX_NIGHTS)] | None = (
        Field(None, json_schema_extra={"added": "0.5.0"})
    )
    firewood_modifier: Annotated[int, Field(ge=-10, le=10, strict=True)] | None = None
    # docs/rules.md §2: lighting the fire is the players' choice; in adverse conditions it takes a
    # chance roll of "X-in-6 or less", X 1..4 (snow and heavy rain are adverse by default).
    light_fire: Flag = True
    fire_conditions: Literal["auto", "normal", "adverse"] = "auto"
    fire_chance: Annotated[int, Field(strict=True)] = 4
    fire_starter: Flag = True
    carried_firewood_hours: Annotated[float, Field(ge=0, le=48, strict=True)] = 0
    cookware: Flag = True
    ingredients: Flag = True
    camp_at: str = "19:00"

    @model_validator(mode="before")
    @classmethod
    def _first_weather(cls, data: Any) -> Any:
        """With `weather_by_night`, `weather` is night 1's: filled from the list when left
        out, so everything that reads one night's weather (the header, `check`, a single
        night) reads night 1's."""
        if isinstance(data, dict) and "weather" not in data and "firewood_modifier" not in data:
            by_night = data.get("weather_by_night")
            if isinstance(by_night, list | tuple) and by_night and by_night[0] in _WEATHERS:
                data = {**data, "weather": by_night[0]}
        return data

    # Per-field checks are field validators, so an error names camp.terrain, not just camp.
    @field_validator("terrain")
    @classmethod
    def _terrain(cls, v: str | None) -> str | None:
        if v is not None and v not in rules.TERRAIN_CHANCE:
            hint = suggest(v, rules.TERRAIN_CHANCE)
            choices = ", ".join(rules.TERRAIN_CHANCE)
            raise ValueError(Said("cfg.terrain", got=shown(v), hint=hint, choices=choices))
        return v

    @field_validator("month")
    @classmethod
    def _month(cls, v: str | None) -> str | None:
        if v is not None and v not in rules.MONTH_SEASON:
            hint = suggest(v, rules.MONTHS)
            raise ValueError(
                Said("cfg.month", got=shown(v), hint=hint, choices=", ".join(rules.MONTHS))
            )
        return v

    @field_validator("fire_chance")
    @classmethod
    def _fire_chance(cls, v: int) -> int:
        if v == 6:
            raise ValueError(Said("cfg.fire_chance_6"))
        if v == 5:
            raise ValueError(Said("cfg.fire_chance_5"))
        if not 1 <= v <= 4:
            raise ValueError(Said("cfg.fire_chance", got=shown(v)))
        return v

    @field_validator("camp_at")
    @classmethod
    def _camp_at(cls, v: str) -> str:
        if not _CLOCK.match(v):
            raise ValueError(Said("cfg.clock", got=shown(v)))
        return v

    @model_validator(mode="after")
    def _either_or(self) -> Self:
        if self.terrain is not None and self.encounter_chance is not None:
            raise ValueError(Said("cfg.not_both", a="terrain", b="encounter_chance"))
        if self.terrain is None and self.encounter_chance is None:
            raise ValueError(Said("cfg.needs_terrain"))
        if self.season is not None and self.month is not None:
            raise ValueError(Said("cfg.not_both", a="season", b="month"))
        if self.season is None and self.month is None:
            raise ValueError(Said("cfg.needs_season"))
        if self.day is not None and self.month is None:
            raise ValueError(Said("cfg.day_needs_month"))
        if (
            self.day is not None
            and self.month is not None
            and self.day > rules.MONTH_DAYS[self.month]
        ):
            raise ValueError(
                Said("cfg.day", day=self.day, month=self.month, days=rules.MONTH_DAYS[self.month])
            )
        if self.weather is not None and self.firewood_modifier is not None:
            raise ValueError(Said("cfg.not_both", a="weather", b="firewood_modifier"))
        by_night = self.weather_by_night
        if by_night is not None and self.firewood_modifier is not None:
            raise ValueError(Said("cfg.not_both", a="weather_by_night", b="firewood_modifier"))
        if by_night is not None and self.weather != by_night[0]:
            raise ValueError(Said("cfg.weather_first", weather=self.weather, first=by_night[0]))
        return self

    def weather_on(self, night: int) -> Weather | None:
        """The weather of night `night` (1-based) of a journey: `weather_by_night`'s entry,
        the list's last for the nights after it; `weather` without a list."""
        by_night = self.weather_by_night
        if by_night is None:
            return self.weather
        return by_night[min(night, len(by_night)) - 1]

    @property
    def chance(self) -> int:
        """The night's encounter chance X (in 6)."""
        if self.encounter_chance is not None:
            return self.encounter_chance
        assert self.terrain is not None
        return rules.TERRAIN_CHANCE[self.terrain]

    @property
    def resolved_season(self) -> rules.Season:
        if self.season is not None:
            return self.season
        assert self.month is not None
        return rules.MONTH_SEASON[self.month]

    @property
    def wood_modifier(self) -> int:
        if self.firewood_modifier is not None:
            return self.firewood_modifier
        return rules.WEATHER_MODIFIER[self.weather or "dry"]

    @property
    def fire_adverse(self) -> bool:
        """docs/rules.md §2: whether lighting the fire takes the chance roll. `auto`: adverse
        in snow or heavy rain; with a firewood_modifier instead of weather there is no weather
        to go by, so `auto` is normal (the referee says `adverse` where it is)."""
        if self.fire_conditions != "auto":
            return self.fire_conditions == "adverse"
        return self.weather in ADVERSE_WEATHER

    @property
    def camp_minute(self) -> int:
        """Minutes after midnight at which camp is made."""
        hh, mm = self.camp_at.split(":")
        return int(hh) * 60 + int(mm)


class Rules(_Model):
    """`[rules]`: the rest period and the options of the rules (docs/rules.md; docs/config.md,
    "rules"): `rest_hours`, dozing on watch, quick rests, sleeping in, the fire's warmth."""

    rest_hours: Annotated[int, Field(ge=1, le=16, strict=True)] = 8
    fall_asleep_on_watch: Flag = True
    quick_rest: Flag = False
    # docs/rules.md §4, optional house rule: after an encounter the rest period runs on by as long
    # as the camp was up.
    sleep_in: Flag = False
    encounter_minutes: Annotated[int, Field(ge=0, le=24 * 60, strict=True)] = 30
    fire_warmth_hours: Annotated[float, Field(ge=0, le=16, strict=True)] = 4
    preparation_minutes: Annotated[int, Field(ge=0, le=6 * 60, strict=True)] = 60
    evening_minutes: Annotated[int, Field(ge=0, le=6 * 60, strict=True)] = 60


class Forms(_Model):
    """A name's forms in the cases the narration needs (narration only; docs/config.md):
    each given one wins over the Ukrainian declension rules; a case left out is declined by
    them (a name in Latin letters then stays as it is)."""

    gen: Name | None = None  # родовий: «для Ірини»
    dat: Name | None = None  # давальний: «Призначте Ірині»
    acc: Name | None = None  # знахідний: «будить Ірину»
    ins: Name | None = None  # орудний
    loc: Name | None = None  # місцевий
    voc: Name | None = None  # кличний


class Character(_Model):
    """One `[[party]]` member: name, CON/WIS/CHA, HP, the save vs Doom, bedroll and tent,
    exhaustion, spells to prepare; `pronouns` and `forms` are for the narration only."""

    name: Name
    con: Score
    wis: Score
    cha: Score
    hp: Annotated[int, Field(ge=0, le=999, strict=True)]
    max_hp: Annotated[int, Field(ge=1, le=999, strict=True)]
    save_doom: Annotated[int, Field(ge=2, le=20, strict=True)]
    bedroll: Flag = False
    tent: Flag = False
    exhaustion: Annotated[int, Field(ge=0, le=999, strict=True)] = 0
    spells: Names = ()
    pronouns: Literal["he", "she", "they"] | None = None
    """Narration only: Ukrainian past tenses agree with it (заснув / заснула) and English says
    his / her / their; without it (or with "they") a line is phrased so that no gender is
    needed."""
    forms: Forms | None = None
    """Narration only: the name in the cases a Ukrainian sentence needs, where the rules
    would decline it wrongly (or not at all: a name in Latin letters)."""

    @model_validator(mode="after")
    def _hp(self) -> Self:
        if self.hp > self.max_hp:
            raise ValueError(Said("cfg.hp", hp=self.hp, max_hp=self.max_hp))
        return self


class Evening(_Model):
    """`[evening]`: who prepares the site, gathers firewood, fetches water, cooks, entertains,
    and who eats (default: everyone); every name a party member's."""

    site: Names
    firewood: Names = ()
    water: Names = ()
    cook: Name | None = None
    entertain: Name | None = None
    eaters: Names | None = None


class Shift(_Model):
    """One watch of `[watch] shifts`: the watcher and the hours they stand."""

    name: Name
    hours: Annotated[float, Field(gt=0, le=16, strict=True)]


class Watch(_Model):
    """`[watch]`: the rota (names in order, the rest period shared evenly) or `shifts` (each
    with its hours), not both; neither means nobody watches."""

    rota: Names | None = None
    shifts: Shifts | None = None

    @model_validator(mode="after")
    def _one(self) -> Self:
        if self.rota is not None and self.shifts is not None:
            raise ValueError(Said("cfg.not_both", a="rota", b="shifts"))
        return self


class Entry(_Model):
    """One line of an encounter table: the creature and its weight."""

    creature: CreatureName
    weight: Annotated[int, Field(ge=1, le=1000, strict=True)] = 1


class Encounters(_Model):
    """`[encounters]`: the tables by the fire (`night_fire`) and without it (`night_no_fire`)."""

    night_fire: Entries = ()
    night_no_fire: Entries = ()


@dataclass(frozen=True, slots=True)
class ShiftSlot:
    """One resolved shift: minutes from the start of the rest period."""

    name: str
    start: int
    end: int


class Config(_Model):
    """A whole camp config, validated and frozen: `load_config`, `parse_config` or
    `config_from_data` make one (a bad one raises ConfigError naming the file and field),
    and so does `Config(camp=Camp(...), party=[...], evening=Evening(...))`. `canonical()`
    is its data as a log's header keeps it."""

    camp: Camp
    rules: Rules = Rules()
    party: Party = Field(min_length=1)
    evening: Evening
    watch: Watch = Watch()
    encounters: Encounters = Encounters()

    @field_validator("party", mode="before")
    @classmethod
    def _party_size(cls, v: Any) -> Any:
        # docs/limits.md: counted before any member is validated, so a huge party costs
        # nothing to refuse.
        if isinstance(v, list | tuple) and len(v) > MAX_PARTY:
            raise ValueError(Said("cfg.party_size", n=len(v), limit=MAX_PARTY))
        return v

    @model_validator(mode="after")
    def _cross(self) -> Self:
        names = self._names()
        self._check_evening(names)
        self._check_watch(names)
        self._check_length()
        return self

    def _names(self) -> list[str]:
        """The party's names, each once."""
        names = [c.name for c in self.party]
        seen: set[str] = set()
        for n in names:
            if n in seen:
                raise ValueError(Said("cfg.twice", name=shown(n)))
            seen.add(n)
        return names

    def _check_evening(self, names: list[str]) -> None:
        ev = self.evening
        if not ev.site:
            raise ValueError(Said("cfg.site"))
        jobs: dict[str, str] = {}
        for job in ("site", "firewood", "water"):
            for n in getattr(ev, job):
                _member(f"evening.{job}", n, names)
                if n in jobs:
                    raise ValueError(Said("cfg.one_job", job=job, name=shown(n), other=jobs[n]))
                jobs[n] = job
        for job in ("cook", "entertain"):
            n = getattr(ev, job)
            if n is not None:
                _member(f"evening.{job}", n, names)
        for n in ev.eaters or ():
            _member("evening.eaters", n, names)

    def _check_watch(self, names: list[str]) -> None:
        for n in self.watch.rota or ():
            _member("watch.rota", n, names)
        for s in self.watch.shifts or ():
            _member("watch.shifts", s.name, names)
        self._check_shifts()

    def _check_length(self) -> None:
        # A journey starts each night a day (1440 minutes) after the last: a longer night
        # would run into the next one and `t` would go backwards in the log.
        night = self.rest_start + self.rest_minutes
        if night > 24 * 60:
            raise ValueError(Said("cfg.night_too_long", hours=f"{night / 60:g}"))
        if night + self.sleep_in_minutes > 24 * 60:
            hours = f"{(night + self.sleep_in_minutes) / 60:g}"
            minutes = self.rules.encounter_minutes
            raise ValueError(Said("cfg.sleep_in_too_long", minutes=minutes, hours=hours))
        if self.rules.fire_warmth_hours > self.rules.rest_hours:
            warmth, rest = f"{self.rules.fire_warmth_hours:g}", self.rules.rest_hours
            raise ValueError(Said("cfg.warmth_longer", warmth=warmth, rest=rest))

    def _check_shifts(self) -> None:
        """Every shift a whole minute, and at least one (MIN_SHIFT_MINUTES): the engine's
        clock counts whole minutes, and a shift of none would divide the watch by zero."""
        rest = self.rest_minutes
        rota = self.watch.rota or ()
        if len(rota) > rest // MIN_SHIFT_MINUTES:
            most = rest // MIN_SHIFT_MINUTES
            hours = self.rules.rest_hours
            raise ValueError(Said("cfg.rota_too_many", n=len(rota), hours=hours, most=most))
        for s in self.watch.shifts or ():
            name = shown(s.name, quote=False)
            if not math.isclose(s.hours * 60, round(s.hours * 60), abs_tol=1e-9):
                raise ValueError(Said("cfg.shift_minute", name=name, hours=s.hours))
            if round(s.hours * 60) < MIN_SHIFT_MINUTES:
                raise ValueError(Said("cfg.shift_short", name=name, hours=f"{s.hours:g}"))
        total = sum(s.end - s.start for s in self.shift_slots())
        if self.watch.shifts is not None and total > rest:
            total_hours, rest_hours = f"{total / 60:g}", self.rules.rest_hours
            raise ValueError(Said("cfg.shifts_total", total=total_hours, rest=rest_hours))

    @property
    def rest_minutes(self) -> int:
        return self.rules.rest_hours * 60

    @property
    def sleep_in_minutes(self) -> int:
        """The longest the rest period can run on (docs/rules.md §4, sleep_in): an encounter keeps
        the camp up `encounter_minutes` and, with the end moved as far, it always settles."""
        return self.rules.encounter_minutes if self.rules.sleep_in else 0

    @property
    def rest_start(self) -> int:
        """Minutes after camp is made at which the rest period begins (docs/rules.md timeline)."""
        return self.rules.preparation_minutes + self.rules.evening_minutes

    def rest_clock(self, minute: int) -> str:
        """The clock `minute` minutes into the rest period: the one place shift and rest
        times become clock times (the header's `resolved`, `check`, run's warnings)."""
        return clock(self.camp.camp_minute, self.rest_start + minute)

    def shift_slots(self) -> tuple[ShiftSlot, ...]:
        """The rota as contiguous shifts from the start of the rest period.

        A plain list of names splits the rest period evenly, to the whole minute: shift i
        starts at floor(i * R / n), so the shifts always add up to R exactly.
        """
        if self.watch.shifts is not None:
            out, at = [], 0
            for s in self.watch.shifts:
                m = round(s.hours * 60)
                out.append(ShiftSlot(s.name, at, at + m))
                at += m
            return tuple(out)
        rota = self.watch.rota or ()
        n, r = len(rota), self.rest_minutes
        return tuple(ShiftSlot(name, i * r // n, (i + 1) * r // n) for i, name in enumerate(rota))

    def watches(self) -> tuple[ShiftSlot, ...]:
        """The rota's watches (docs/rules.md §3.2, edition 2): `shift_slots` with consecutive
        entries of the same watcher joined into one, so `["A", "A", "B"]` is A's one long
        watch."""
        out: list[ShiftSlot] = []
        for s in self.shift_slots():
            if out and out[-1].name == s.name:
                out[-1] = ShiftSlot(s.name, out[-1].start, s.end)
            else:
                out.append(s)
        return tuple(out)

    def character(self, name: str) -> Character:
        for c in self.party:
            if c.name == name:
                return c
        raise KeyError(name)

    def canonical(self) -> dict[str, Any]:
        """Every key explicit (defaults filled in), as TOML-ready plain data: the log header's
        `config`, which `Config.model_validate` accepts back. A key added after 0.4.0 is
        left out at its default (config/fingerprint.py), so a release that only adds keys
        writes the header, and the fingerprint, the release before it wrote."""
        from nightsim.config.fingerprint import omit_added_defaults

        return omit_added_defaults(self.model_dump(mode="json", exclude_none=True))


def resolved(config: Config) -> dict[str, Any]:
    """What the config resolves to, for a reader of the header (not read back)."""
    return {
        "encounter_chance": config.camp.chance,
        "season": config.camp.resolved_season,
        "firewood_modifier": config.camp.wood_modifier,
        "fire_adverse": config.camp.fire_adverse,
        "rest_from": config.rest_clock(0),
        "rest_to": config.rest_clock(config.rest_minutes),
        "shifts": [
            {"actor": s.name, "from": config.rest_clock(s.start), "to": config.rest_clock(s.end)}
            for s in config.shift_slots()
        ],
    }


def _member(where: str, name: str, names: list[str]) -> None:
    if name not in names:
        party = shown(", ".join(names), quote=False, limit=200)
        hint = suggest(name, names)
        raise ValueError(
            Said("cfg.not_member", where=where, name=shown(name), hint=hint, party=party)
        )


def suggest(word: str, choices: Any) -> str:
    # Imported here: only a bad name needs it, and every config load would pay ~1 ms.
    import difflib

    from nightsim.told import Said

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return Said("config.did_you_mean", name=shown(close[0])) if close else ""


# --- parsing and errors -----------------------------------------------------------------


# --- limits (nightsim/limits.py): checked before tomllib or pydantic can recurse or refuse --
