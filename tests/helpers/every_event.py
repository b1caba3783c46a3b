"""Every event type the engine can make, in a few nights: the one list the event, schema and
narration tests share (tests/engine/test_events.py, tests/log/test_schema.py,
tests/narration/test_every_event.py).

`EVERY_EVENT` is a handful of nights (a config's `--set` items, a seed, a number of nights);
`missing_types` names the event types of the union (`nightsim.events.Event`) that they do
not make, so a new event class fails the tests that use this list until a night here makes
it (a rule off by default: a night with that rule on). CONTRIBUTING.md, "Adding an event".
"""

from __future__ import annotations

import typing
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from nightsim import events as ev
from nightsim.config import Config, default_config_path, parse_config
from nightsim.engine.journey import simulate


@dataclass(frozen=True)
class Night:
    """A night (or a journey) to play: the bundled config with `sets`, `seed`, `nights`."""

    sets: tuple[str, ...]
    seed: int
    nights: int = 1

    def config(self) -> Config:
        return _config(self.sets)


EVERY_EVENT: tuple[Night, ...] = (
    # A journey of three: a doze, a missed hand-over, an encounter, a spell lost.
    Night(("camp.day=27", "camp.encounter_chance=3"), 3, 3),
    # A dark camp (no fire, no meal), sleeping in after the encounter (rest.extended).
    Night(("rules.sleep_in=true", "camp.light_fire=false"), 0),
    # The last watch ends before dawn (watch.ended).
    Night(('watch.shifts=[{name="Moss",hours=2.5},{name="Wren",hours=1.75}]',), 0),
    # The words' other branches: no fire-starter nor cookware, nobody on watch in winter,
    # a fire that would not catch, the quick rest.
    Night(("camp.fire_starter=false", "camp.cookware=false"), 3),
    Night(("watch.rota=[]", "camp.season=winter", "camp.encounter_chance=6"), 5),
    Night(("camp.fire_conditions=adverse", "camp.fire_chance=1", "rules.quick_rest=true"), 1),
)


@cache
def _config(sets: tuple[str, ...]) -> Config:
    return parse_config(default_config_path().read_text(encoding="utf-8"), list(sets))


def event_types() -> frozenset[str]:
    """The `type` of every member of the event union."""
    (union, *_) = typing.get_args(ev.Event)  # Annotated[A | B | ..., discriminator]
    return frozenset(m.model_fields["type"].default for m in typing.get_args(union))


@cache
def every_event_nights() -> tuple[tuple[Night, tuple[ev.Event, ...]], ...]:
    """Each night of `EVERY_EVENT` with its events (header first), played once per session."""
    return tuple(
        (n, tuple(simulate(n.config(), n.seed, nights=n.nights).events)) for n in EVERY_EVENT
    )


def missing_types(events: Iterable[ev.Event | str]) -> list[str]:
    """The union's event types not among `events` (events or their types), sorted."""
    seen = {e if isinstance(e, str) else e.type for e in events}
    return sorted(event_types() - seen)
