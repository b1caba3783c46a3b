"""The players' view (`--view players`): only what the characters know.

The referee's view is the whole log. The players' drops what stays behind the screen: the
wandering-monster check (its roll, its minute, the chance; the hour's line that the referee
rolls), the creature table, and every roll the referee makes in secret (the dozing rolls of
each watch, the encounter's distance and the monsters' surprise roll, a watch held to dawn).
What the players roll or see stays: the evening's checks, the party's surprise roll, the
rest checks, HP and exhaustion, the spells. The events are filtered before the facts are
gathered, and the catalogue's `@players` texts say the same things without the hidden
numbers, so both the terminal and the page tell one players' view.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from nightsim import events as ev
from nightsim.codes import Purpose

VIEWS: Final = ("referee", "players")
REFEREE, PLAYERS = VIEWS
# The rolls of the encounter the players make or see rolled at the table.
_PLAYERS_ROLL: Final = frozenset({Purpose.PARTY_SURPRISE})


def for_view(events: Iterable[ev.Event], view: str) -> Iterator[ev.Event]:
    """The events as `view` may tell them: all of them for the referee."""
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; expected one of: {', '.join(VIEWS)}")
    if view == REFEREE:
        yield from events
        return
    for e in events:
        match e:
            case ev.MonsterChecked():
                continue  # the check, its chance and its minute: behind the screen
            case ev.MonsterArrived():
                kept = [r for r in e.rolls if r.purpose in _PLAYERS_ROLL]
                yield e.model_copy(update={"rolls": kept})
            case ev.WatchBegan():
                # The dozing rolls (and a dozing's minute), rolled in secret for the watch and
                # told by the referee's view when the watch is over.
                yield e.model_copy(update={"rolls": []})
            case _:
                yield e
