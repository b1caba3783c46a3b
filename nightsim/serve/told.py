"""The night told in words for the screens (the referee's and the players'), block by block,
each block tied to the message whose release completes it: the narration the commands print
(`nightsim.narration.narrate_blocks`), rendered as plain text at a width a phone holds."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

from nightsim import events as ev

WIDTH = 46  # columns: a 390 px phone in the screen's monospace; a TV scales the type up
VIEWS = ("referee", "players")
LANGS = ("en", "uk")


def blocks(events: Sequence[ev.Event], *, lang: str, view: str) -> list[tuple[int, str]]:
    """(index of the event that completes the block, the block's text), in order."""
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
    told = []
    for block in narrate_blocks(fed(), lang=lang, view=view):
        text = plain_text(out, block.body, crop=block.kind != "head").rstrip("\n")
        told.append((max(consumed - 1, 0), text))
    return told


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
