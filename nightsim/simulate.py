"""The Python API: `simulate(config, seed)` runs a night (or a journey) and returns typed events.

No files, no output. `iter_raw` is the one source of a night's events, shared by `simulate`,
the log writer and `verify`, so everything downstream sees the same stream.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from nightsim import __version__, rules
from nightsim.clock import DAY, clock
from nightsim.config import Config, resolved
from nightsim.dice import RNG_ID, Dice, check_seed, seed_sha256
from nightsim.engine import NightSim, RawEvent
from nightsim.events import LOG_VERSION, Event, NightSummary, parse_event
from nightsim.limits import MAX_NIGHTS, shown
from nightsim.outcome import NightOutcome, PartyState


def header_fields(config: Config, seed: int | str, nights: int = 1) -> dict[str, Any]:
    return {
        "seed": seed,
        "seed_sha256": seed_sha256(seed),
        "config": config.canonical(),
        "resolved": resolved(config),
        "nightsim": __version__,
        "rng": RNG_ID,
        "nights": nights,
    }


def iter_raw(config: Config, seed: int | str, nights: int = 1) -> Iterator[RawEvent | NightOutcome]:
    """The header, then each night's raw events followed by that night's outcome."""
    # Checked here, the one source of a night: a bad value is a ValueError that says what
    # was expected, not a validation dump from the header's event model.
    check_seed(seed)
    if isinstance(nights, bool) or not isinstance(nights, int) or not 1 <= nights <= MAX_NIGHTS:
        raise ValueError(
            f"nights: expected a whole number of nights from 1 to {MAX_NIGHTS} (the limit),"
            f" got {shown(nights)}"
        )
    yield (0, "night.header", header_fields(config, seed, nights))
    yield from iter_nights(config, Dice(seed), nights, record=True)


def iter_nights(
    config: Config, dice: Dice, nights: int, *, record: bool
) -> Iterator[RawEvent | NightOutcome]:
    """Night after night with the party's state carried over (HP, exhaustion), the calendar
    advanced a day per night from camp.month + camp.day, and carried firewood spent on the
    first night. `t` counts on across the days."""
    camp = config.camp
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
            record=record,
        )
        outcome = sim.run()
        yield from sim.events
        yield outcome
        state = PartyState(
            hp={c.name: c.hp for c in outcome.characters},
            exhaustion={c.name: c.exhaustion for c in outcome.characters},
            ingredients=outcome.ingredients,
        )
        if month is not None and day is not None:
            month, day = rules.next_day(month, day)


def stamp(seq: int, t: int, type_: str, fields: dict[str, Any], camp_minute: int) -> dict[str, Any]:
    """A raw event as the content of a log line, before its hash."""
    return {
        "v": LOG_VERSION,
        "seq": seq,
        "t": t,
        "clock": clock(camp_minute, t),
        "type": type_,
        **fields,
    }


def iter_lines(config: Config, seed: int | str, nights: int = 1) -> Iterator[dict[str, Any]]:
    """The night's log lines as plain dicts (no hash), in order."""
    cm = config.camp.camp_minute
    seq = 0
    for item in iter_raw(config, seed, nights):
        if isinstance(item, NightOutcome):
            continue
        t, type_, fields = item
        yield stamp(seq, t, type_, fields, cm)
        seq += 1


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
    for line in iter_lines(config, seed, nights):
        yield parse_event(line)


def simulate(config: Config, seed: int | str, nights: int = 1) -> Night:
    events: list[Event] = []
    outcomes: list[NightOutcome] = []
    cm = config.camp.camp_minute
    seq = 0
    for item in iter_raw(config, seed, nights):
        if isinstance(item, NightOutcome):
            outcomes.append(item)
            continue
        t, type_, fields = item
        events.append(parse_event(stamp(seq, t, type_, fields, cm)))
        seq += 1
    return Night(seed, config, tuple(events), tuple(outcomes))
