"""The Python API: `simulate(config, seed)` runs a night (or a journey) and returns typed events.

No files, no output. `iter_raw` is the one source of a night's typed events, shared by
`simulate`, the log writer and `verify`, so everything downstream sees the same stream.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from nightsim import __version__, rules
from nightsim.clock import DAY, clock
from nightsim.config import Config, resolved
from nightsim.editions import CURRENT_EDITION, Readings, check_edition, readings_for
from nightsim.engine.dice import RNG_ID, Dice, check_rng, check_seed, dice_for, seed_sha256
from nightsim.engine.outcome import NightOutcome, PartyState
from nightsim.engine.plan import CURRENT_READINGS
from nightsim.engine.recorder import NO_RECORD, EventLog, Recorder
from nightsim.engine.shared import AtRest
from nightsim.engine.sim import NightSim
from nightsim.events import Event, NightHeader, NightSummary
from nightsim.limits import MAX_NIGHTS, shown

# The largest integer RFC 8785 (and JavaScript's JSON.parse) writes and reads exactly.
MAX_JSON_INT = 2**53 - 1


def header(
    config: Config,
    seed: int | str,
    nights: int = 1,
    rng: str = RNG_ID,
    edition: int = CURRENT_EDITION,
) -> NightHeader:
    """Line 0 of a log: what it takes to run the night again (docs/log-format.md,
    `night.header`)."""
    return NightHeader.model_construct(
        seq=0,
        night=0,
        t=0,
        clock=clock(config.camp.camp_minute, 0),
        # An integer seed past 2**53 - 1 has no exact JCS number: it is written as its
        # decimal text, which is the same night (the dice hash the seed's text) and the same
        # commitment.
        seed=str(seed) if isinstance(seed, int) and seed > MAX_JSON_INT else seed,
        seed_sha256=seed_sha256(seed),
        config=config.canonical(),
        resolved=resolved(config),
        nightsim=__version__,
        rng=rng,
        nights=nights,
        edition=edition,
    )


def check_args(config: object, seed: object, nights: object, rng: object = RNG_ID) -> None:
    """The API's arguments, checked where they come in: a bad one is an error that names it
    and says what was expected, not an AttributeError from deep in the engine or a
    validation dump from the header's event model. A seed or a number of nights of the wrong
    type is a ValueError, as it always was (tests/test_api.py)."""
    if not isinstance(config, Config):
        raise TypeError(
            f"config: expected a Config (from load_config), got {type(config).__name__}"
        )
    check_seed(seed)
    if isinstance(nights, bool) or not isinstance(nights, int) or not 1 <= nights <= MAX_NIGHTS:
        raise ValueError(
            f"nights: expected a whole number of nights from 1 to {MAX_NIGHTS} (the limit),"
            f" got {shown(nights)}"
        )
    check_rng(rng)


def iter_raw(
    config: Config,
    seed: int | str,
    nights: int = 1,
    rng: str = RNG_ID,
    *,
    edition: int = CURRENT_EDITION,
) -> Iterator[Event | NightOutcome]:
    """The header, then each night's typed events followed by that night's outcome, rolled
    with the dice `rng` (engine/dice.py; verify passes the log's own) under the rules
    `edition` (editions.py; verify and whatif pass the log's own)."""
    # Checked here too, the one source of a night (the log writer and verify call it).
    check_args(config, seed, nights, rng)
    check_edition(edition)
    yield header(config, seed, nights, rng, edition)
    # Where the edition meets the engine: its readings, handed down to the plan.
    readings = readings_for(edition)
    yield from iter_nights(config, dice_for(seed, rng), nights, record=True, readings=readings)


def iter_nights(
    config: Config,
    dice: Dice,
    nights: int,
    *,
    record: bool,
    readings: Readings = CURRENT_READINGS,
) -> Iterator[Event | NightOutcome]:
    """Night after night with the party's state carried over (HP, exhaustion), the calendar
    advanced a day per night from camp.month + camp.day, and carried firewood spent on the
    first night whose fire is lit (docs/rules.md, a confirmed reading: a dark camp keeps it).
    `t` counts on across the days, and `seq` after the header's 0. `readings`: the rules
    edition's (editions.readings_for; the default is what `run` plays)."""
    log = EventLog(config.camp.camp_minute, seq=1) if record else None
    journey = Journey(config, readings)
    for k in range(1, nights + 1):
        outcome = journey.night(dice, k, log if log is not None else NO_RECORD).run()
        if log is not None:
            yield from log.drain()
        yield outcome
        journey.advance(outcome)


class Journey:
    """What a journey carries from one night to the next: the party's state, the calendar,
    the carried firewood. `iter_nights` steps one; paired odds step several side by side
    (`variants`: configs that differ only in their watch share each night's evening)."""

    __slots__ = ("carried", "config", "day", "month", "readings", "state")

    def __init__(self, config: Config, readings: Readings = CURRENT_READINGS) -> None:
        camp = config.camp
        self.config = config
        self.readings = readings
        self.state = PartyState()
        self.month, self.day = camp.month, camp.day
        self.carried = camp.carried_firewood_hours
        if self.month is not None and self.day is None:
            self.day = 1

    def evening(self) -> tuple[object, ...]:
        """What the next night's evening reads of the journey (HP and exhaustion only the
        morning reads): two journeys equal in this have the same evening on the same dice,
        if their configs differ only in their watch."""
        return (self.month, self.day, self.carried, self.state.ingredients)

    def night(
        self, dice: Dice, k: int, recorder: Recorder = NO_RECORD, at_rest: AtRest | None = None
    ) -> NightSim:
        """Night k (1-based) of the journey, ready to run."""
        month, camp = self.month, self.config.camp
        season = rules.MONTH_SEASON[month] if month is not None else camp.resolved_season
        return NightSim(
            night_config(self.config, k),
            dice,
            night=k,
            offset=(k - 1) * DAY,
            state=self.state,
            season=season,
            month=month,
            day=self.day,
            carried_firewood=self.carried,
            recorder=recorder,
            at_rest=at_rest,
            readings=self.readings,
        )

    def advance(self, outcome: NightOutcome) -> None:
        """The morning after: the party's state as the night left it, the next day."""
        if outcome.fire_lit:
            self.carried = 0.0  # burnt with the night's gathered wood
        self.state = PartyState(
            hp={c.name: c.hp for c in outcome.characters},
            exhaustion={c.name: c.exhaustion for c in outcome.characters},
            ingredients=outcome.ingredients,
        )
        if self.month is not None and self.day is not None:
            self.month, self.day = rules.next_day(self.month, self.day)


# The config of each weather a journey's `weather_by_night` names, kept with the config it
# comes from (so that its id cannot be reused while the entry lives): the engine's plan is
# cached per config (engine/plan.py), and a journey of odds would otherwise build a plan per
# night. Bounded: cleared when full.
_BY_WEATHER: dict[tuple[int, str], tuple[Config, Config]] = {}
_BY_WEATHER_MAX = 256


def night_config(config: Config, night: int) -> Config:
    """The config night `night` of a journey plays: `config` itself, or with `weather_by_night`
    (docs/config.md, "Weather night by night") the same camp in that night's weather."""
    camp = config.camp
    weather = camp.weather_on(night)
    if weather is None or weather == camp.weather:
        return config
    key = (id(config), weather)
    hit = _BY_WEATHER.get(key)
    if hit is None or hit[0] is not config:
        if len(_BY_WEATHER) >= _BY_WEATHER_MAX:
            _BY_WEATHER.clear()
        tonight = config.model_copy(update={"camp": camp.model_copy(update={"weather": weather})})
        hit = _BY_WEATHER[key] = (config, tonight)
    return hit[1]


@dataclass(frozen=True)
class Night:
    """A simulated night (or journey): its typed events in order and the outcome of each night."""

    seed: int | str
    config: Config
    events: tuple[Event, ...]
    outcomes: tuple[NightOutcome, ...]

    @property
    def summary(self) -> NightSummary:
        last = self.events[-1]
        assert isinstance(last, NightSummary)
        return last


def iter_events(
    config: Config,
    seed: int | str,
    nights: int = 1,
    *,
    rng: str = RNG_ID,
    edition: int = CURRENT_EDITION,
) -> Iterator[Event]:
    """The typed events of a night (or a journey of `nights`), one by one as it unfolds.

    The same events as `simulate(config, seed, nights).events`, header first, without
    holding them: a 1,000-night journey streams in flat memory. The arguments are checked
    when it is called, before the first event.

    >>> from nightsim import iter_events, load_config
    >>> from nightsim.config import default_config_path
    >>> config = load_config(default_config_path())
    >>> for event in iter_events(config, 9):
    ...     if event.type == "monster.arrived":
    ...         print(event.clock, event.creature, event.distance_ft)
    04:37 a giant centipede 240

    `rng` names the dice (dice.RNG_IDS; the default is what `run` rolls), `edition` the
    rules edition (editions.EDITIONS; the default is what `run` plays).

    Raises TypeError if `config` is not a Config, ValueError for a seed that is not a
    non-negative int or a str, `nights` not an int from 1 to 100,000 (MAX_NIGHTS), an
    unknown `rng` (nightsim.errors.UnknownDice) or an edition this nightsim does not play.
    """
    check_args(config, seed, nights, rng)
    check_edition(edition)
    return _events(iter_raw(config, seed, nights, rng, edition=edition))


def _events(raw: Iterator[Event | NightOutcome]) -> Iterator[Event]:
    for item in raw:
        if not isinstance(item, NightOutcome):
            yield item


def simulate(
    config: Config,
    seed: int | str,
    nights: int = 1,
    *,
    rng: str = RNG_ID,
    edition: int = CURRENT_EDITION,
) -> Night:
    """Simulate a night (or a journey of `nights` nights, the party's HP, exhaustion and
    the calendar carried over) and return it whole: a `Night`.

    `config` comes from `load_config`; `seed` is a non-negative int or any str (the same
    config and seed always give the same night, the one `nightsim run --seed` tells).
    `Night.events` are the typed events in order, header first (their `hash` is None:
    hashes belong to the log writer); `Night.outcomes` one `NightOutcome` per night;
    `Night.summary` the last night's `night.summary` event.

    >>> from nightsim import load_config, simulate
    >>> from nightsim.config import default_config_path
    >>> config = load_config(default_config_path(), ["camp.season=winter"])
    >>> night = simulate(config, "full moon")
    >>> [c.name for c in night.summary.characters if not c.full_rest]
    ['Sir Aldric', 'Sister Ysolde', 'Moss', 'Wren']
    >>> week = simulate(config, "full moon", nights=7)
    >>> len(week.outcomes), week.events[0].type, week.events[-1].type
    (7, 'night.header', 'night.summary')

    `rng` names the dice (dice.RNG_IDS; the default is what `run` rolls), `edition` the
    rules edition (editions.EDITIONS; the default is what `run` plays).

    Raises TypeError if `config` is not a Config, ValueError for a seed that is not a
    non-negative int or a str, `nights` not an int from 1 to 100,000 (MAX_NIGHTS), an
    unknown `rng` (nightsim.errors.UnknownDice) or an edition this nightsim does not play.
    """
    check_args(config, seed, nights, rng)
    check_edition(edition)
    events: list[Event] = []
    outcomes: list[NightOutcome] = []
    for item in iter_raw(config, seed, nights, rng, edition=edition):
        if isinstance(item, NightOutcome):
            outcomes.append(item)
        else:
            events.append(item)
    return Night(seed, config, tuple(events), tuple(outcomes))
