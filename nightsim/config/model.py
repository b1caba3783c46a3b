"""The camp config: frozen pydantic models of the TOML keys in design.md, and their resolution.

Pure: parsing TOML text and applying `--set` overrides are functions of strings; reading the
file is the CLI's job (`load_config` is the one convenience that reads, for the Python API).
"""

import copy
import math
import re
import tomllib
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Annotated, Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import to_jsonable_python

from nightsim import rules
from nightsim.clock import clock
from nightsim.errors import ConfigError, read_input
from nightsim.limits import (
    MAX_CONFIG_BYTES,
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MIN_SHIFT_MINUTES,
    shown,
)

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
    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)


# rules.md 2: the weathers in which a fire is lit in adverse conditions by default.
ADVERSE_WEATHER = frozenset({"snow", "heavy_rain"})


class Camp(_Model):
    terrain: str | None = None
    encounter_chance: Annotated[int, Field(ge=0, le=6, strict=True)] | None = None
    season: rules.Season | None = None
    month: str | None = None
    day: Annotated[int, Field(ge=1, le=31, strict=True)] | None = None
    weather: Literal["dry", "damp", "snow", "heavy_rain"] | None = None
    firewood_modifier: Annotated[int, Field(ge=-10, le=10, strict=True)] | None = None
    # rules.md 2: lighting the fire is the players' choice; in adverse conditions it takes a
    # chance roll of "X-in-6 or less", X 1..4 (snow and heavy rain are adverse by default).
    light_fire: Flag = True
    fire_conditions: Literal["auto", "normal", "adverse"] = "auto"
    fire_chance: Annotated[int, Field(strict=True)] = 4
    fire_starter: Flag = True
    carried_firewood_hours: Annotated[float, Field(ge=0, le=48, strict=True)] = 0
    cookware: Flag = True
    ingredients: Flag = True
    camp_at: str = "19:00"

    # Per-field checks are field validators, so an error names camp.terrain, not just camp.
    @field_validator("terrain")
    @classmethod
    def _terrain(cls, v: str | None) -> str | None:
        if v is not None and v not in rules.TERRAIN_CHANCE:
            raise ValueError(
                f"unknown terrain {shown(v)}{_suggest(v, rules.TERRAIN_CHANCE)};"
                f" expected one of: {', '.join(rules.TERRAIN_CHANCE)}"
            )
        return v

    @field_validator("month")
    @classmethod
    def _month(cls, v: str | None) -> str | None:
        if v is not None and v not in rules.MONTH_SEASON:
            raise ValueError(
                f"unknown month {shown(v)}{_suggest(v, rules.MONTHS)};"
                f" expected one of: {', '.join(rules.MONTHS)}"
            )
        return v

    @field_validator("fire_chance")
    @classmethod
    def _fire_chance(cls, v: int) -> int:
        if v == 6:
            raise ValueError(
                'fire_chance = 6 used to mean normal conditions; write fire_conditions = "normal"'
                " instead (fire_chance is the X-in-6 of adverse conditions, 1..4)"
            )
        if v == 5:
            raise ValueError(
                'must be 1..4: adverse conditions light the fire on "4-in-6 or less"'
                ' (rules.md 2), not 5-in-6; for no roll write fire_conditions = "normal"'
            )
        if not 1 <= v <= 4:
            raise ValueError(f'must be 1..4 (the X of "X-in-6 or less"), got {shown(v)}')
        return v

    @field_validator("camp_at")
    @classmethod
    def _camp_at(cls, v: str) -> str:
        if not _CLOCK.match(v):
            raise ValueError(f"must be a 24-hour clock time HH:MM, got {shown(v)}")
        return v

    @model_validator(mode="after")
    def _either_or(self) -> Self:
        if self.terrain is not None and self.encounter_chance is not None:
            raise ValueError("give terrain or encounter_chance, not both")
        if self.terrain is None and self.encounter_chance is None:
            raise ValueError('needs terrain (e.g. "tangled forest") or encounter_chance (0..6)')
        if self.season is not None and self.month is not None:
            raise ValueError("give season or month, not both")
        if self.season is None and self.month is None:
            raise ValueError("needs season (winter|spring|summer|autumn) or month (e.g. Reedwryme)")
        if self.day is not None and self.month is None:
            raise ValueError("day needs month (the calendar date of the first night)")
        if (
            self.day is not None
            and self.month is not None
            and self.day > rules.MONTH_DAYS[self.month]
        ):
            raise ValueError(
                f"day {self.day}: {self.month} has {rules.MONTH_DAYS[self.month]} days"
            )
        if self.weather is not None and self.firewood_modifier is not None:
            raise ValueError("give weather or firewood_modifier, not both")
        return self

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
        """rules.md 2: whether lighting the fire takes the chance roll. `auto`: adverse in snow
        or heavy rain; with a firewood_modifier instead of weather there is no weather to go
        by, so `auto` is normal (the referee says `adverse` where it is)."""
        if self.fire_conditions != "auto":
            return self.fire_conditions == "adverse"
        return self.weather in ADVERSE_WEATHER

    @property
    def camp_minute(self) -> int:
        """Minutes after midnight at which camp is made."""
        hh, mm = self.camp_at.split(":")
        return int(hh) * 60 + int(mm)


class Rules(_Model):
    rest_hours: Annotated[int, Field(ge=1, le=16, strict=True)] = 8
    fall_asleep_on_watch: Flag = True
    quick_rest: Flag = False
    # rules.md 4, optional house rule: after an encounter the rest period runs on by as long
    # as the camp was up.
    sleep_in: Flag = False
    encounter_minutes: Annotated[int, Field(ge=0, le=24 * 60, strict=True)] = 30
    fire_warmth_hours: Annotated[float, Field(ge=0, le=16, strict=True)] = 4
    preparation_minutes: Annotated[int, Field(ge=0, le=6 * 60, strict=True)] = 60
    evening_minutes: Annotated[int, Field(ge=0, le=6 * 60, strict=True)] = 60


class Character(_Model):
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
    spells: tuple[Name, ...] = ()
    pronouns: Literal["he", "she", "they"] | None = None
    """Narration only: Ukrainian past tenses agree with it (заснув / заснула / заснули) and
    English says his / her / their; without it a line is phrased so that no gender is needed."""

    @model_validator(mode="after")
    def _hp(self) -> Self:
        if self.hp > self.max_hp:
            raise ValueError(f"hp {self.hp} is above max_hp {self.max_hp}")
        return self


class Evening(_Model):
    site: tuple[Name, ...]
    firewood: tuple[Name, ...] = ()
    water: tuple[Name, ...] = ()
    cook: Name | None = None
    entertain: Name | None = None
    eaters: tuple[Name, ...] | None = None


class Shift(_Model):
    name: Name
    hours: Annotated[float, Field(gt=0, le=16, strict=True)]


class Watch(_Model):
    rota: tuple[Name, ...] | None = None
    shifts: tuple[Shift, ...] | None = None

    @model_validator(mode="after")
    def _one(self) -> Self:
        if self.rota is not None and self.shifts is not None:
            raise ValueError("give rota or shifts, not both")
        return self


class Entry(_Model):
    creature: CreatureName
    weight: Annotated[int, Field(ge=1, le=1000, strict=True)] = 1


class Encounters(_Model):
    night_fire: tuple[Entry, ...] = ()
    night_no_fire: tuple[Entry, ...] = ()


@dataclass(frozen=True, slots=True)
class ShiftSlot:
    """One resolved shift: minutes from the start of the rest period."""

    name: str
    start: int
    end: int


class Config(_Model):
    camp: Camp
    rules: Rules = Rules()
    party: tuple[Character, ...] = Field(min_length=1)
    evening: Evening
    watch: Watch = Watch()
    encounters: Encounters = Encounters()

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
                raise ValueError(f"party: two characters are named {shown(n)}")
            seen.add(n)
        return names

    def _check_evening(self, names: list[str]) -> None:
        ev = self.evening
        if not ev.site:
            raise ValueError("evening.site: at least one character must prepare the site")
        jobs: dict[str, str] = {}
        for job in ("site", "firewood", "water"):
            for n in getattr(ev, job):
                _member(f"evening.{job}", n, names)
                if n in jobs:
                    raise ValueError(
                        f"evening.{job}: {shown(n)} already does {jobs[n]}; a character does"
                        " one preparation job"
                    )
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
            raise ValueError(
                f"rules: preparation_minutes + evening_minutes + rest_hours make a night of"
                f" {night / 60:g} hours; a night must fit in 24 hours"
            )
        if night + self.sleep_in_minutes > 24 * 60:
            raise ValueError(
                f"rules: with sleep_in, an encounter's {self.rules.encounter_minutes} minutes"
                f" make a night of up to {(night + self.sleep_in_minutes) / 60:g} hours; a"
                " night must fit in 24 hours"
            )
        if self.rules.fire_warmth_hours > self.rules.rest_hours:
            raise ValueError(
                f"rules.fire_warmth_hours ({self.rules.fire_warmth_hours:g}) is longer than"
                f" rules.rest_hours ({self.rules.rest_hours})"
            )

    def _check_shifts(self) -> None:
        """Every shift a whole minute, and at least one (MIN_SHIFT_MINUTES): the engine's
        clock counts whole minutes, and a shift of none would divide the watch by zero."""
        rest = self.rest_minutes
        rota = self.watch.rota or ()
        if len(rota) > rest // MIN_SHIFT_MINUTES:
            raise ValueError(
                f"watch.rota: {len(rota)} names split {self.rules.rest_hours} hours of rest"
                f" into shifts shorter than a minute; at most {rest // MIN_SHIFT_MINUTES}"
                " names (a shift is at least a minute)"
            )
        for s in self.watch.shifts or ():
            name = shown(s.name, quote=False)
            if not math.isclose(s.hours * 60, round(s.hours * 60), abs_tol=1e-9):
                raise ValueError(f"watch.shifts: {name}'s {s.hours} hours is not a whole minute")
            if round(s.hours * 60) < MIN_SHIFT_MINUTES:
                raise ValueError(
                    f"watch.shifts: {name}'s {s.hours:g} hours is shorter than a minute;"
                    " a shift is at least a minute"
                )
        total = sum(s.end - s.start for s in self.shift_slots())
        if self.watch.shifts is not None and total > rest:
            raise ValueError(
                f"watch.shifts add up to {total / 60:g} hours, more than the rest period of"
                f" {self.rules.rest_hours} hours"
            )

    @property
    def rest_minutes(self) -> int:
        return self.rules.rest_hours * 60

    @property
    def sleep_in_minutes(self) -> int:
        """The longest the rest period can run on (rules.md 4, sleep_in): an encounter keeps
        the camp up `encounter_minutes` and, with the end moved as far, it always settles."""
        return self.rules.encounter_minutes if self.rules.sleep_in else 0

    @property
    def rest_start(self) -> int:
        """Minutes after camp is made at which the rest period begins (rules.md timeline)."""
        return self.rules.preparation_minutes + self.rules.evening_minutes

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

    def character(self, name: str) -> Character:
        for c in self.party:
            if c.name == name:
                return c
        raise KeyError(name)

    def canonical(self) -> dict[str, Any]:
        """Every key explicit (defaults filled in), as TOML-ready plain data: the log header's
        `config`, which `Config.model_validate` accepts back."""
        return self.model_dump(mode="json", exclude_none=True)


def resolved(config: Config) -> dict[str, Any]:
    """What the config resolves to, for a reader of the header (not read back)."""
    rs = config.rest_start
    cm = config.camp.camp_minute
    return {
        "encounter_chance": config.camp.chance,
        "season": config.camp.resolved_season,
        "firewood_modifier": config.camp.wood_modifier,
        "fire_adverse": config.camp.fire_adverse,
        "rest_from": clock(cm, rs),
        "rest_to": clock(cm, rs + config.rest_minutes),
        "shifts": [
            {"actor": s.name, "from": clock(cm, rs + s.start), "to": clock(cm, rs + s.end)}
            for s in config.shift_slots()
        ],
    }


def _member(where: str, name: str, names: list[str]) -> None:
    if name not in names:
        raise ValueError(
            f"{where}: {shown(name)} is not in the party{_suggest(name, names)}"
            f" (party: {shown(', '.join(names), quote=False, limit=200)})"
        )


def _suggest(word: str, choices: Any) -> str:
    # Imported here: only a bad name needs it, and every config load would pay ~1 ms.
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {shown(close[0])}?)" if close else ""


# --- parsing and errors -----------------------------------------------------------------


def _allowed_keys(loc: tuple[int | str, ...]) -> list[str]:
    model: Any = Config
    for part in loc:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        if field is None:
            break
        ann = field.annotation
        inner = _model_in(ann)
        if inner is None:
            return []
        model = inner
    return list(model.model_fields)


def _model_in(ann: Any) -> type[BaseModel] | None:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann
    for arg in getattr(ann, "__args__", ()):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _loc_text(loc: tuple[int | str, ...], raw: Any) -> str:
    parts: list[str] = []
    node = raw
    for p in loc:
        if isinstance(p, int):
            label = f"[{p}]"
            if isinstance(node, list) and p < len(node):
                node = node[p]
                name = node.get("name") if isinstance(node, dict) else None
                if isinstance(name, str) and name.isprintable():
                    label = f"[{p}] ({shown(name, quote=False)})"
            parts.append(label)
        else:
            parts.append(("." if parts else "") + shown(p, quote=False))
            node = node.get(p) if isinstance(node, dict) else None
    return "".join(parts)


def _explain(err: ValidationError, raw: Any) -> str:
    e = err.errors(include_url=False)[0]
    loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    kind = e["type"]
    if kind == "extra_forbidden":
        key = str(loc[-1])
        where = _loc_text(loc[:-1], raw)
        allowed = _allowed_keys(loc[:-1])
        hint = _suggest(key, allowed)
        return (
            f"unknown key {shown(key)} in {where or 'the top level'}{hint};"
            f" expected one of: {', '.join(allowed)}"
        )
    where = _loc_text(loc, raw)
    msg = e["msg"]
    if kind == "value_error":
        msg = msg.removeprefix("Value error, ")
    elif kind == "missing":
        msg = "is required"
    elif kind == "string_pattern_mismatch":  # the one pattern: no control characters
        msg = f"no newlines, control characters or bidi overrides, got {shown(e['input'])}"
    elif "input" in e and kind not in ("model_type",):
        msg = f"{msg}, got {shown(e['input'])}"
    return f"{where}: {msg}" if where else msg


def check_overrides(overrides: object) -> None:
    """The `--set` items of the API: a list or tuple of "key=value" strings. A bare string
    is refused, not walked character by character as items "c", "a", "m", …"""
    if isinstance(overrides, str | bytes) or not isinstance(overrides, list | tuple):
        hint = f" (one item: [{shown(overrides)}])" if isinstance(overrides, str) else ""
        raise TypeError(
            f"overrides: expected a list or tuple of KEY=VALUE strings, got"
            f" {type(overrides).__name__}{hint}"
        )
    for i, item in enumerate(overrides):
        if not isinstance(item, str):
            raise TypeError(
                f"overrides[{i}]: expected a KEY=VALUE string, got {type(item).__name__}"
            )


def parse_config(text: str, overrides: list[str] | tuple[str, ...] = ()) -> Config:
    """TOML text (+ `--set` overrides) -> a validated Config; raises ConfigError (no file name:
    a message names the field; `load_config` tells the file's mistakes from the items')."""
    if not isinstance(text, str):
        raise TypeError(f"text: expected TOML text (a str), got {type(text).__name__}")
    check_overrides(overrides)
    raw = parse_toml(text)
    for item in overrides:
        apply_override(raw, item)
    return config_from_data(raw)


def config_from_data(raw: dict[str, Any]) -> Config:
    """Plain data (a log header's `config`, `Config.canonical()`) -> a validated Config;
    raises ConfigError naming the field."""
    if not isinstance(raw, dict):
        raise TypeError(f"raw: expected a dict of config data, got {type(raw).__name__}")
    _check_limits(raw, depth=1)
    try:
        return Config.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError(_explain(exc, raw)) from None


# --- limits (nightsim/limits.py): checked before tomllib or pydantic can recurse or refuse --

_TOO_DEEP = f"tables and arrays nested more than {MAX_DEPTH} deep (the limit)"
_TOO_LONG = f"an integer of more than {MAX_INT_DIGITS} digits (the limit)"
_INT_BOUND = 10**MAX_INT_DIGITS


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text -> plain data within the limits of nightsim/limits.py; ConfigError if not."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_CONFIG_BYTES:
        raise ConfigError(f"{size} bytes, more than the {MAX_CONFIG_BYTES} bytes a config may be")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(_TOO_DEEP) from None
    except ValueError:
        # int() refused a number past Python's own digit limit (640 or more), which is
        # well past ours.
        raise ConfigError(_TOO_LONG) from None
    _check_limits(raw, depth=1)
    return raw


def _check_limits(value: Any, depth: int) -> None:
    """`value`, found `depth` tables/arrays deep, nests at most MAX_DEPTH deep and holds no
    integer of more than MAX_INT_DIGITS digits. A loop, not recursion: the input is hostile."""
    stack = [(value, depth)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, dict | list):
            if d > MAX_DEPTH:
                raise ConfigError(_TOO_DEEP)
            stack.extend((v, d + 1) for v in (node.values() if isinstance(node, dict) else node))
        elif isinstance(node, int) and not -_INT_BOUND < node < _INT_BOUND:
            raise ConfigError(_TOO_LONG)


def _resolve(raw: dict[str, Any], overrides: list[str] | tuple[str, ...], source: str) -> Config:
    """Apply the `--set` items to data read from `source` (a shown path) and validate; a
    mistake is blamed on the `--set` item that made it, else on the source."""
    base = copy.deepcopy(raw) if overrides else raw
    for item in overrides:
        apply_override(raw, item)  # a malformed item is that item's error, never the file's
    try:
        return Config.model_validate(raw)
    except ValidationError as exc:
        msg = _explain(exc, raw)
    culprit = _culprit(base, overrides, msg)
    if culprit is None:
        raise ConfigError(f"{source}: {msg}")
    key = culprit.partition("=")[0].strip()
    raise ConfigError(f"--set {shown(culprit, quote=False)}: {msg.removeprefix(f'{key}: ')}")


def with_overrides(
    raw: dict[str, Any], overrides: list[str] | tuple[str, ...], source: str
) -> Config:
    """Plain config data (a log header's `config`) with `--set` items applied, validated;
    raises ConfigError blaming the item that made a mistake (`nightsim whatif`), or
    `source` if the data had it already. `raw` is not changed."""
    check_overrides(overrides)
    _check_limits(raw, depth=1)
    return _resolve(copy.deepcopy(raw), overrides, source=source)


def _culprit(base: dict[str, Any], overrides: list[str] | tuple[str, ...], msg: str) -> str | None:
    """The `--set` item after which the error `msg` (of all the items applied) last began, or
    None if the file alone has it. A cross-field error (two characters named 'Moss') has no
    key to match against an item, so the items are replayed in order, latest first."""

    def error_after(k: int) -> str | None:
        raw = copy.deepcopy(base)
        for item in overrides[:k]:
            apply_override(raw, item)
        try:
            Config.model_validate(raw)
        except ValidationError as exc:
            return _explain(exc, raw)
        return None

    for k in range(len(overrides), 0, -1):
        if error_after(k - 1) != msg:
            return overrides[k - 1]
    return None


# --set of one half of an either/or pair replaces the other half (design.md).
_PAIRS = {
    "terrain": "encounter_chance",
    "encounter_chance": "terrain",
    "season": "month",
    "month": "season",
    "weather": "firewood_modifier",
    "firewood_modifier": "weather",
    "rota": "shifts",
    "shifts": "rota",
}


def _toml_value(key: str, text: str, depth: int) -> Any:
    """`text` as a TOML value set `depth` tables deep, within the limits."""
    where = f"--set {shown(key, quote=False)}"
    if depth > MAX_DEPTH:  # the dotted key alone nests too deep
        raise ConfigError(f"{where}: {_TOO_DEEP}")
    try:
        value = tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        # A bare word (`camp.season=winter`) is taken as a string, as a referee would type it.
        if text and "\n" not in text and not text.lstrip().startswith(("[", "{", '"', "'")):
            return text
        raise ConfigError(f"{where}: {shown(text)} is not a TOML value") from None
    except RecursionError:
        raise ConfigError(f"{where}: {_TOO_DEEP}") from None
    except ValueError:  # int() refused a number past Python's digit limit
        raise ConfigError(f"{where}: {_TOO_LONG}") from None
    try:
        _check_limits(value, depth)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    return value


def apply_override(raw: dict[str, Any], item: str) -> None:
    """Apply one `KEY=VALUE` (dotted path, TOML value; `party.NAME.field`) to raw TOML data."""
    key, sep, value = item.partition("=")
    key = key.strip()
    if not key.isprintable():
        # A key with a newline or control character would split the one-line error message.
        raise ConfigError(f"--set {shown(item)}: the key has a control character")
    if not sep or not key:
        raise ConfigError(f"--set {shown(item)}: expected KEY=VALUE, e.g. camp.season=winter")
    parts = key.split(".")
    if any(not p for p in parts):
        raise ConfigError(f"--set {shown(item)}: {shown(key)} is not a dotted key")
    # The value sits under the top level and a table per dotted part before the last.
    val = _toml_value(key, value.strip(), depth=len(parts))
    node: Any = raw
    i = 0
    while i < len(parts) - 1:
        part = parts[i]
        if isinstance(node, list):
            # A name may hold dots ("St. Wren"): take the longest run of parts that names a
            # member, leaving at least the field after it.
            for j in range(len(parts) - 1, i + 1, -1):
                joined = ".".join(parts[i:j])
                if any(isinstance(x, dict) and x.get("name") == joined for x in node):
                    parts[i:j] = [joined]
                    part = joined
                    break
            found = [x for x in node if isinstance(x, dict) and x.get("name") == part]
            if not found:
                names = [x.get("name") for x in node if isinstance(x, dict)]
                raise ConfigError(
                    f"--set {shown(key, quote=False)}: no {'.'.join(parts[:i])} member named"
                    f" {shown(part)}{_suggest(part, [n for n in names if isinstance(n, str)])}"
                )
            node = found[0]
        elif isinstance(node, dict):
            nxt = node.get(part)
            if nxt is None:
                nxt = node[part] = {}
            if not isinstance(nxt, dict | list):
                raise ConfigError(
                    f"--set {shown(key, quote=False)}:"
                    f" {shown('.'.join(parts[: i + 1]), quote=False)} is not a table"
                )
            node = nxt
        i += 1
    if not isinstance(node, dict):
        raise ConfigError(
            f"--set {shown(key, quote=False)}: {shown('.'.join(parts[:-1]), quote=False)}"
            " is not a table"
        )
    last = parts[-1]
    other = _PAIRS.get(last)
    if other is not None:
        node.pop(other, None)
    node[last] = val


def load_config(path: str | Path, overrides: list[str] | tuple[str, ...] = ()) -> Config:
    """Read a TOML config file, apply `overrides` (the CLI's `--set` items, in order) and
    return the validated, frozen `Config`.

    `nightsim.config.default_config_path()` is the bundled default; `parse_config(text)`
    and `config_from_data(dict)` do the same without a file.

    >>> from nightsim import load_config
    >>> from nightsim.config import default_config_path
    >>> config = load_config(default_config_path(), ["camp.season=winter", "party.Moss.con=3"])
    >>> config.camp.season, config.character("Moss").con
    ('winter', 3)
    >>> [c.name for c in config.party]
    ['Sir Aldric', 'Sister Ysolde', 'Moss', 'Wren']

    Raises ConfigError naming the file (or the `--set` item) and the field for a file that
    cannot be read or a config that is not valid; TypeError if `path` is not a str or a
    path, or `overrides` is not a list or tuple of strings (a bare string included).
    """
    if not isinstance(path, str | PathLike):
        raise TypeError(f"path: expected a str or a path, got {type(path).__name__}")
    check_overrides(overrides)
    p = Path(path)
    where = shown(p)
    text = _read_config(p, where)
    try:
        raw = parse_toml(text)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    return _resolve(raw, overrides, source=where)


def _read_config(p: Path, where: str) -> str:
    """The text of a config file: a regular file (read_input) of at most MAX_CONFIG_BYTES."""
    data = read_input(p, "a TOML config file", ConfigError, limit=MAX_CONFIG_BYTES, where=where)
    if b"\x00" in data:
        raise ConfigError(f"{where}: is a binary file, expected a TOML config file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{where}: not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise ConfigError(f"{where}: is empty, expected a TOML config (try `nightsim init`)")
    return text


def default_config_path() -> Path:
    return Path(__file__).parent.parent / "data" / "default.toml"


def upgrade_legacy(data: dict[str, Any]) -> dict[str, Any]:
    """A log header's config as nightsim writes it now, from one written before the second
    reading of rules.md (no `camp.fire_conditions`: `fire_chance = 6` meant normal conditions
    and 1..5 adverse; no `light_fire`, no `sleep_in`). Anything else is returned as it is.

    Only for reading old logs (replay, verify): a config file with `fire_chance = 6` is an
    error that says what to write instead. An old 5-in-6 has no new equivalent and reads as
    4-in-6; the narration still tells the header's own number."""
    camp = data.get("camp")
    if not isinstance(camp, dict) or "fire_conditions" in camp:
        return data
    chance = camp.get("fire_chance", 6)
    adverse = isinstance(chance, int) and chance < 6
    new = copy.deepcopy(data)
    new["camp"] = {
        **camp,
        "light_fire": True,
        "fire_conditions": "adverse" if adverse else "normal",
        "fire_chance": min(chance, 4) if adverse else 4,
    }
    rules_ = new.get("rules")
    if isinstance(rules_, dict):
        rules_.setdefault("sleep_in", False)
    return new


def header_config(
    data: dict[str, Any], *, drop_unknown: bool = False
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A log header's config read as this nightsim reads a config: the legacy upgrade first
    (upgrade_legacy), then every key the header lacks that has a default filled in with it,
    as `Config.canonical()` writes it. A key added after the log was written carries a
    default that plays the night as before (docs/log-format.md, "Editions"), so the header
    reads as if it had it.

    With `drop_unknown`, keys this nightsim's model does not know (a later release's) are
    left out and named, dotted (`rules.doze_wakes`, `party.Wren.mood`); without it they stay,
    for `config_from_data` to refuse. Returns the config data and the keys left out."""
    dropped: list[str] = []
    filled = _filled(upgrade_legacy(data), Config, "", dropped if drop_unknown else None)
    return filled, tuple(dropped)


def _filled(
    data: dict[str, Any], model: type[BaseModel], where: str, dropped: list[str] | None
) -> dict[str, Any]:
    """`data` (one table of `model`) with its defaults filled in, recursively; unknown keys
    appended to `dropped` and left out (when it is given)."""
    fields = model.model_fields
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key not in fields and dropped is not None:
            dropped.append(f"{where}{key}")
            continue
        inner = _model_in(fields[key].annotation) if key in fields else None
        if inner is not None and isinstance(value, dict):
            value = _filled(value, inner, f"{where}{key}.", dropped)
        elif inner is not None and isinstance(value, list):
            value = [
                _filled(v, inner, f"{where}{key}.{_label(v, i)}.", dropped)
                if isinstance(v, dict)
                else v
                for i, v in enumerate(value)
            ]
        out[key] = value
    for key, field in fields.items():
        if key in out or field.is_required():
            continue
        default = field.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            out[key] = default.model_dump(mode="json", exclude_none=True)
        elif default is not None:  # canonical() leaves None out
            out[key] = to_jsonable_python(default)
    return out


def _label(item: dict[str, Any], index: int) -> str:
    """A list member's name in a dotted key, as `--set party.NAME.field` names it."""
    name = item.get("name")
    return name if isinstance(name, str) else str(index)
