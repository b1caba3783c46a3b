"""A night's log lines as the stream's messages: the referee's CloudEvent (the same bytes as
`nightsim run --format cloudevents`) and the players' (the players' view of
`nightsim.view`, marked as a view: never evidence), or None where the players'
view leaves the event out."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from nightsim import events as ev
from nightsim.log.cloudevents import Wrapper
from nightsim.view import PLAYERS


@dataclass(frozen=True)
class Message:
    type: str  # the CloudEvent's type (the SSE `event:` field)
    referee: str  # the CloudEvent JSON, one line
    players: str | None  # the players' view of it, or None: behind the screen
    told: dict[str, str] = field(default_factory=dict)  # "view/lang": the blocks it completes


def messages(lines: Sequence[str]) -> Iterator[Message]:
    from nightsim.serve.told import told_by_event

    # The players' CloudEvent is `--format cloudevents --view players`'s, byte for byte: the
    # one definition of the view (nightsim/view.py) and of its marks.
    referee_of, players_of = Wrapper(), Wrapper(PLAYERS)
    told = told_by_event([ev.parse_event(json.loads(line)) for line in lines])
    for line, words in zip(lines, told, strict=True):
        referee = referee_of(line)
        assert referee is not None  # the referee's view shows every line
        players = players_of(line)
        yield Message(json.loads(referee)["type"], referee, players, words)
