"""The players' view (`--view players`): only what the characters know, defined once.

The referee's view is the whole log. The players' view is decided here, per event type, for
every output: the text narration and the pages read `for_view`'s events, the `jsonl` and
CloudEvents streams `viewed_data`'s JSON objects (both come from `_players`, one `match` over
the event union that mypy holds exhaustive: a new event type is an error until it is decided
here). It sits beside `events.py`, below `log/`, `narration/` and `page/`, so each of them
may import it (docs/architecture.md: the arrows point one way).

What each event type keeps in the players' view (docs/rules.md names the rolls):

- `night.header`: no `seed` (with it and a stock config a player re-plays the night: it is
  blanked in the events and left out of a stream); its commitment `seed_sha256` stays. The
  config without its `encounters` tables (what may come is the referee's) and, in a stream,
  without the encounter chance (`camp.encounter_chance`, `resolved.encounter_chance`: the
  chance of the hidden check; the narration's `@players` texts leave it out too). The
  party, the rest of the camp, the rota and the rules stay (the characters chose them).
- `monster.checked`: dropped whole: the hourly check, its chance, its roll and the minute it
  rolled are behind the screen (§5); the players learn of a monster when it arrives.
- `monster.arrived`: only the party's surprise roll stays (the players roll it); the
  arrival minute, the distance, the monsters' surprise and the creature rolls go. What the
  characters see stays: who is awake or surprised, the distance, the creature, whose watch.
  `table` (which creature table was rolled on) is kept in the events, which need it, and
  left out of a stream; no players' narration or page tells it.
- `watch.began`: no rolls: the dozing rolls of the watch (and a dozing's minute) are rolled
  in secret for the whole watch and would foretell it.
- `night.summary`: its encounter without `table` in a stream, as `monster.arrived`.
- Every other event (the evening's checks, the rota, the hours, hand-overs, dozing as it
  happens, the camp waking and settling, the morning's rest checks, HP and spells): kept
  whole: the characters see or roll all of it.

A view is not the log: a players' stream says so in each line (`"view": "players"`, for a
CloudEvent the `nightsimview` attribute) and carries no `hash`, so that no line of it can
pass for a line of a log (docs/stream.md). The log itself is never changed by a view.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final, assert_never

from nightsim import events as ev
from nightsim.codes import Purpose

VIEWS: Final = ("referee", "players")
REFEREE, PLAYERS = VIEWS
# The rolls of the encounter the players make or see rolled at the table.
_PLAYERS_ROLL: Final = frozenset({Purpose.PARTY_SURPRISE})
# The JSON key of a players' line (and, lowercase alphanumeric as CloudEvents 1.0 asks of an
# extension attribute's name, of a players' CloudEvent) that says it is a view.
VIEW_FIELD: Final = "view"
VIEW_ATTRIBUTE: Final = "nightsimview"

# What a players' stream leaves out of an event's JSON object besides what `_players`
# removes from the event itself (fields the typed events must keep): (path…) per type.
_Hidden = tuple[tuple[str, ...], ...]
_NONE: Final[_Hidden] = ()


def check_view(view: str) -> None:
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; expected one of: {', '.join(VIEWS)}")


def _players(e: ev.Event) -> tuple[ev.Event | None, _Hidden]:
    """The event as the players may know it (None: not at all), and the fields a stream
    leaves out on top. Exhaustive over the event union: see the module's docstring."""
    match e:
        case ev.NightHeader():
            config = {k: v for k, v in e.config.items() if k != "encounters"}
            hidden = (
                ("seed",),
                ("config", "camp", "encounter_chance"),
                ("resolved", "encounter_chance"),
            )
            return e.model_copy(update={"seed": "", "config": config}), hidden
        case ev.MonsterChecked():
            return None, _NONE
        case ev.MonsterArrived():
            kept = [r for r in e.rolls if r.purpose in _PLAYERS_ROLL]
            return e.model_copy(update={"rolls": kept}), (("table",),)
        case ev.WatchBegan():
            return e.model_copy(update={"rolls": []}), _NONE
        case ev.NightSummary():
            return e, (("encounter", "table"),)
        case (
            ev.NightBegan()
            | ev.SitePrepared()
            | ev.FirewoodGathered()
            | ev.WaterFetched()
            | ev.FireLit()
            | ev.FireNotLit()
            | ev.MealCooked()
            | ev.MealNotCooked()
            | ev.CampEntertained()
            | ev.RestBegan()
            | ev.WatchHandedOver()
            | ev.WatchDozed()
            | ev.WatchMissed()
            | ev.WatchEnded()
            | ev.FireOut()
            | ev.HourPassed()
            | ev.CampWoke()
            | ev.CampSettled()
            | ev.RestExtended()
            | ev.RestChecked()
            | ev.CharacterWoke()
            | ev.SpellPrepared()
            | ev.SpellLost()
        ):
            return e, _NONE
        case _:
            assert_never(e)


def for_view(events: Iterable[ev.Event], view: str) -> Iterator[ev.Event]:
    """The events as `view` may tell them: all of them for the referee."""
    check_view(view)
    if view == REFEREE:
        yield from events
        return
    for e in events:
        shown, _ = _players(e)
        if shown is not None:
            yield shown


def without_tables(data: Any) -> Any:
    """JSON data (a `whatif --format json` comparison) without any `table` key: which
    creature table was rolled on is the referee's, wherever it is told."""
    if isinstance(data, dict):
        return {k: without_tables(v) for k, v in data.items() if k != "table"}
    if isinstance(data, list):
        return [without_tables(v) for v in data]
    return data


def _without(data: dict[str, Any], path: tuple[str, ...]) -> None:
    head, *rest = path
    if not rest:
        data.pop(head, None)
    elif isinstance(data.get(head), dict):
        _without(data[head], tuple(rest))


def viewed_data(event: ev.Event) -> dict[str, Any] | None:
    """A log line's event as the players' view shows it in a stream (None: not shown): its
    JSON object marked as a view, without `hash` and the fields a stream leaves out."""
    shown, hidden = _players(event)
    if shown is None:
        return None
    out = ev.event_dict(shown)
    for path in (*hidden, ("hash",)):
        _without(out, path)
    out[VIEW_FIELD] = PLAYERS
    return out


def viewed_lines(lines: Iterable[str]) -> Iterator[str]:
    """A log's lines (JSON text) as the players' stream: each shown event's canonical JSON."""
    from nightsim.log.writer import canonical_json

    for line in lines:
        data = viewed_data(ev.EVENT_ADAPTER.validate_json(line))
        if data is not None:
            yield canonical_json(data)
