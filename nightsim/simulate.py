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
from nightsim.dice import RNG_ID, Dice, check_seed, seed_sha256
from nightsim.events import Event, NightHeader, NightSummary
from nightsim.limits import MAX_NIGHTS, shown
from nightsim.night import NightSim
from nightsim.night.recorder import NO_RECORD, EventLog
from nightsim.outcome import NightOutcome, PartyState


def header(config: Config, seed: int | str, nights: int = 1) -> NightHeader:
    """Line 0 of a log: what it takes to run the night again (design.md)."""
    return NightHeader.model_construct(
        seq=0,
        t=0,
        clock=clock(config.camp.camp_minute, 0),
        seed=seed,
        seed_sha256=seed_sha256(seed),
        config=config.canonical(),
        resolved=resolved(config),
        nightsim=__version__,
        rng=RNG_ID,
        nights=nights,
    )


def iter_raw(config: Config, seed: int | str, nights: int = 1) -> Iterator[Event | NightOutcome]:
    """The header, then each night's typed events followed by that night's outcome."""
    # Checked here, the one source of a night: a bad value is a ValueError that says what
    # was expected, not a validation dump from the header's event model.
    check_seed(seed)
    if isinstance(nights, bool) or not isinstance(nights, int) or not 1 <= nights <= MAX_NIGHTS:
        raise ValueError(
            f"nights: expected a whole number of nights from 1 to {MAX_NIGHTS} (the limit),"
            f" got {shown(nights)}"
        )
    yield header(config, seed, nights)
    yield from iter_nights(config, Dice(seed), nights, record=True)


def iter_nights(
    config: Config, dice: Dice, nights: int, *, record: bool
) -> Iterator[Event | NightOutcome]:
    """Night after night with the party's state carried over (HP, exhaustion), the calendar
    advanced a day per night from camp.month + camp.day, and carried firewood spent on the
    first night. `t` counts on across the days, and `seq` after the header's 0."""
    camp = config.camp
    log = EventLog(camp.camp_minute, seq=1) if record else None
    state = PartyState()
    month, day = camp.month, camp.day
    if month is not None and day is None:
        day = 1
    for k in range(1, nights + 1):
        season = rules.MONTH_SEASON[month] if month is not None else camp.resolved_season
        sim = NightSim(
            config,
            dice,
            night=k,
            offset=(k - 1) * DAY,
            state=state,
            season=season,
            month=month,
            day=day,
            carried_firewood=None if k == 1 else 0.0,
            recorder=log if log is not None else NO_RECORD,
        )
        outcome = sim.run()
        if log is not None:
            yield from log.drain()
        yield outcome
        state = PartyState(
            hp={c.name: c.hp for c in outcome.characters},
            exhaustion={c.name: c.exhaustion for c in outcome.characters},
            ingredients=outcome.ingredients,
        )
        if month is not None and day is not None:
            month, day = rules.next_day(month, day)


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


def iter_events(config: Config, seed: int | str, nights: int = 1) -> Iterator[Event]:
    """Typed events as the night unfolds."""
    for item in iter_raw(config, seed, nights):
        if not isinstance(item, NightOutcome):
            yield item


def simulate(config: Config, seed: int | str, nights: int = 1) -> Night:
    events: list[Event] = []
    outcomes: list[NightOutcome] = []
    for item in iter_raw(config, seed, nights):
        if isinstance(item, NightOutcome):
            outcomes.append(item)
        else:
            events.append(item)
    return Night(seed, config, tuple(events), tuple(outcomes))
