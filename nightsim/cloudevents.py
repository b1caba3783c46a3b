"""CloudEvents 1.0 structured JSON for each log line (design.md, `--format cloudevents`).

Attributes: `specversion` "1.0"; `id` "<seed>/<seq>" (design.md: "id = seed + seq"; the
slash keeps it unambiguous, as seq is the part after the LAST slash and a seed may hold
slashes itself); `source` "nightsim"; `type` "nightsim.<event type>.v1" (v1: the log format
version); `datacontenttype` "application/json"; `data` the log line as a JSON object, hash
included. No `time`: the log carries no wall clock (a night's events are the same bytes on
every run). The wrapper is a small stateful object because only the header carries the
seed; the lines after it get it from there.
"""

from __future__ import annotations

import json

from nightsim.events import LOG_VERSION
from nightsim.log import canonical_json

SOURCE = "nightsim"


def event_id(seed: int | str, seq: int) -> str:
    return f"{seed}/{seq}"


class Wrapper:
    """Wraps the lines of one log, in order (the header first)."""

    def __init__(self) -> None:
        self.seed: int | str | None = None

    def __call__(self, line: str) -> str:
        data = json.loads(line)
        if data["type"] == "night.header":
            self.seed = data["seed"]
        if self.seed is None:
            raise ValueError("a CloudEvents stream starts with the log's night.header")
        event = {
            "specversion": "1.0",
            "id": event_id(self.seed, data["seq"]),
            "source": SOURCE,
            "type": f"nightsim.{data['type']}.v{LOG_VERSION}",
            "datacontenttype": "application/json",
            "data": data,
        }
        return canonical_json(event)
