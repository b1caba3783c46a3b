"""`--pace SECONDS` on `run` and `replay`: the night's events in table time.

One rest hour (60 minutes of the log's `t`) takes SECONDS of real time: before each event the
stream waits for the minutes since the one before, so a live overlay or a bot sees the watch
change, the monster come and the camp wake as the night goes. The wait between one night of
a journey and the next (a day on the road, 12 hours and more) is cut to one hour's SECONDS.
Nothing printed changes, only when: the bytes are those without `--pace`.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from nightsim.cli.argparse_words import spoken
from nightsim.limits import shown
from nightsim.told import Said

T = TypeVar("T")
MAX_PACE = 3600.0  # an hour of the night in an hour of the table: slower is a clock, not a pace


def pace_seconds(text: str) -> float:
    """`--pace`'s value: seconds of real time per rest hour, more than 0, at most an hour."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_PACE:  # NaN fails both
        raise argparse.ArgumentTypeError(
            spoken(Said("use.pace_value", most=f"{MAX_PACE:g}", got=shown(text)))
        )
    return value


def add_pace_arg(p: argparse.ArgumentParser) -> None:
    """`--pace SECONDS`, as `run` and `replay` take it."""
    p.add_argument(
        "--pace",
        type=pace_seconds,
        metavar="SECONDS",
        help="stream the events in table time: one rest hour of the night per SECONDS of"
        " real time (the wait between a journey's nights cut to one hour's); text, jsonl"
        " and cloudevents; cloudevents-batch: each night's array when the next night"
        " begins, the last at its end; not html",
    )


def line_minute(line: str) -> tuple[int | None, bool]:
    """A log line's `t` and whether it begins a night (for `paced`)."""
    data = json.loads(line)
    t = data.get("t")
    return (t if isinstance(t, int) else None), data.get("type") == "night.began"


def paced(
    items: Iterable[T],
    seconds: float,
    minute: Callable[[T], tuple[int | None, bool]],
    sleep: Callable[[float], None] | None = None,
) -> Iterator[T]:
    """`items` as they are, each after the wait its minutes since the last one ask for."""
    wait = time.sleep if sleep is None else sleep
    last: int | None = None
    for item in items:
        t, begins = minute(item)
        if t is not None:
            if last is not None and t > last:
                gap = min(t - last, 60) if begins else t - last
                wait(gap / 60 * seconds)
            last = t
        yield item
