"""A night's log lines as the stream's messages: the referee's CloudEvent (the same bytes as
`nightsim run --format cloudevents`) and the players' (the players' view of
`nightsim.narration.view`, marked as a view: never evidence), or None where the players'
view leaves the event out."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from nightsim import events as ev
from nightsim.log.cloudevents import Wrapper
from nightsim.log.writer import canonical_json

VIEW_ATTRIBUTE = "nightsimview"  # a CloudEvents extension attribute: lowercase, <= 20 chars


@dataclass(frozen=True)
class Message:
    type: str  # the CloudEvent's type (the SSE `event:` field)
    referee: str  # the CloudEvent JSON, one line
    players: str | None  # the players' view of it, or None: behind the screen
    told: dict[str, str] = field(default_factory=dict)  # "view/lang": the blocks it completes


def messages(lines: Sequence[str]) -> Iterator[Message]:
    from nightsim.narration.view import PLAYERS, for_view
    from nightsim.serve.told import told_by_event

    wrap = Wrapper()
    told = told_by_event([ev.parse_event(json.loads(line)) for line in lines])
    for line, words in zip(lines, told, strict=True):
        referee = wrap(line)
        data: dict[str, Any] = json.loads(referee)
        event = ev.parse_event(data["data"])
        seen = list(for_view([event], PLAYERS))
        players = None
        if seen:
            shown = ev.json_data(seen[0])
            shown.pop("hash", None)
            if isinstance(shown.get("seed"), (str, int)):
                shown.pop("seed")  # the seed foretells the night: only its commitment
            shown["view"] = PLAYERS
            data["data"] = shown
            data[VIEW_ATTRIBUTE] = PLAYERS
            players = canonical_json(data)
        yield Message(data["type"], referee, players, words)
