"""Printing a night's narration (shared by `run` and `replay`)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from nightsim.events import parse_event
from nightsim.narrate import narrate


def print_night(lines: Iterable[str], *, lang: str = "en") -> None:
    events = [parse_event(json.loads(line)) for line in lines]
    for text in narrate(events):
        print(text)
