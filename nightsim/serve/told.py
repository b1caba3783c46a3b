"""The night told in words for the screens (the referee's and the players'), block by block,
each block tied to the event whose release completes it at the table: the title with the
night's start, the evening (and the hours' heading) with the start of the rest, each hour
with its strike (`hour.passed`), an encounter with the strike of the hour it happened in,
the morning with the night's summary (docs/serve.md, "The screens"). The words are the
narration the commands print (`nightsim.narration.narrate_blocks`), rendered as plain text
at a width a phone holds."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

from nightsim import events as ev

WIDTH = 46  # columns: a 390 px phone in the screen's monospace; a TV scales the type up
VIEWS = ("referee", "players")
LANGS = ("en", "uk")


def blocks(events: Sequence[ev.Event], *, lang: str, view: str) -> list[tuple[int, str]]:
    """(index of the event that completes the block at the table, the block's text), in
    order; the indices never go down."""
    from rich.console import Console

    from nightsim.narration.night import narrate_blocks
    from nightsim.narration.widgets import plain_text

    consumed = 0

    def fed() -> Iterator[ev.Event]:
        nonlocal consumed
        for e in events:
            consumed += 1
            yield e

    out = Console(file=io.StringIO(), width=WIDTH, color_system=None, force_terminal=False)
    told: list[tuple[int, str]] = []
    night = _Night(events)
    for block in narrate_blocks(fed(), lang=lang, view=view):
        text = plain_text(out, block.body, crop=block.kind != "head").rstrip("\n")
        # The narration holds a night until its summary is read; at the table each part is
        # released with the event that ends it, not with the summary.
        at = night.anchor(block.kind, max(consumed - 1, 0))
        told.append((max(at, told[-1][0]) if told else at, text))
    return told


class _Night:
    """Where, in the log, each part of the night being told ends."""

    def __init__(self, events: Sequence[ev.Event]) -> None:
        self.events = events
        self.end = -1  # the index the current night's blocks were read up to
        self.begun = self.rest = 0
        self.strikes: list[int] = []
        self.hour = 0  # the hour blocks given so far this night (the heading is the first)

    def anchor(self, kind: str, read: int) -> int:
        if kind in ("header", "journey", "head"):
            return read
        if read != self.end:
            self._read(read)
        if kind == "night":
            return self.begun
        if kind == "evening":
            return self.rest
        if kind == "hour":
            self.hour += 1  # the first is the hours' heading, told as the rest begins
        if kind in ("hour", "encounter"):  # an encounter: with the strike of its hour
            if self.hour <= 1:
                return self.rest
            if self.hour - 2 < len(self.strikes):
                return self.strikes[self.hour - 2]
        return read  # the strip and the morning, or a log whose hours do not add up

    def _read(self, read: int) -> None:
        """The night that ends at `read`: where it began, rested and struck each hour."""
        start = read
        while start > 0 and not isinstance(self.events[start], ev.NightBegan):
            start -= 1
        span = range(start, read + 1)
        self.end, self.begun, self.hour = read, start, 0
        self.rest = next((i for i in span if isinstance(self.events[i], ev.RestBegan)), read)
        self.strikes = [i for i in span if isinstance(self.events[i], ev.HourPassed)]


def told_by_event(events: Sequence[ev.Event]) -> list[dict[str, str]]:
    """For each event, the text of the blocks it completes, per `view/lang`."""
    out: list[dict[str, str]] = [{} for _ in events]
    for view in VIEWS:
        for lang in LANGS:
            for index, text in blocks(events, lang=lang, view=view):
                key = f"{view}/{lang}"
                before = out[index].get(key)
                out[index][key] = text if before is None else before + "\n\n" + text
    return out
