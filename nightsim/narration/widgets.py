"""Small rich helpers shared by the narration: width-aware renderables and roll formatting.

`Responsive` picks its layout when it is rendered, from the width the console offers, so the
narration stays a pure function of the events (no console is needed to build it) while a
60-column terminal still gets a layout that fits (issue 4: degrade gracefully).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

# Below this width the tables drop their less important columns.
NARROW = 80


class Responsive:
    """A renderable built at render time from the available width."""

    def __init__(self, build: Callable[[int], RenderableType]) -> None:
        self.build = build

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.build(options.max_width)


def emphasise(text: Text, names: Iterable[str]) -> Text:
    """Bold every character's name in a line (names are data, never rich markup)."""
    text.highlight_words(sorted(set(names), key=len, reverse=True), style="bold")
    return text


def signed(n: int) -> str:
    """A modifier as the source prints it: +1, \u22122 (a true minus sign), 0 as nothing."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"\u2212{-n}"
    return ""


def plain_table() -> Table:
    """The narration's one table style: a rule under the heading, no frame, one space apart
    (it reads the same in plain text as at a terminal)."""
    return Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0), show_edge=False)
