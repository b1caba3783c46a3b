"""The narration as plain text: `nightsim.narrate` of the Python API.

The same blocks as `nightsim replay` prints (`narrate` in nightsim/narration/night.py),
rendered the way replay renders them off a terminal (cli/render.py `_print_block`): each
block at the given width, the blanks rich pads lines with stripped, a blank line between
blocks, no colour and no escape codes. The text ends with its last line, not with the blank
line replay prints after its last block: tests/test_api.py holds `narrate(…) + "\n"` to
replay's bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping
from os import PathLike
from typing import TYPE_CHECKING, Any

from nightsim.limits import shown
from nightsim.narration.catalogue import LANGS

if TYPE_CHECKING:
    from nightsim.events import Event

MIN_WIDTH = 20  # narrower, rich's tables cannot hold a clock and a name
# A rule or a panel spans the width: a width of millions is millions of dashes per line.
MAX_WIDTH = 1000


def narrate(
    events: Iterable[Event], lang: str = "en", width: int = 100, *, view: str = "referee"
) -> str:
    """The narration of a night (or a journey) from its events, as plain text.

    What `nightsim replay` prints for the same events with `--lang lang` and
    `COLUMNS=width`, when its output is not a terminal (nor FORCE_COLOR set), less the blank
    line replay ends with: no colour, no escape codes, no trailing blanks, and the text ends
    with one newline. `events` is an iterable of typed events, header
    first: a `Night`'s `.events`, `iter_events(...)`, `read_log(path)`, or `line.event` for
    each line of `iter_log(...)`. A journey is read one night at a time. A log's events
    (they carry their hashes) end with the chain head; `simulate()`'s have none.

    >>> from nightsim import load_config, narrate, simulate
    >>> from nightsim.config import default_config_path
    >>> night = simulate(load_config(default_config_path()), 9)
    >>> text = narrate(night.events, width=80)
    >>> max(len(line) for line in text.splitlines()) <= 80
    True
    >>> "Encounter at 04:37" in text
    True
    >>> narrate(night.events, lang="uk").count("\\n") > 50
    True
    >>> text.endswith(".\\n") and not text.endswith("\\n\\n")
    True

    `view="players"` tells only what the characters know: no monster check, no creature
    table, no roll behind the screen (`run --view players`).

    Raises TypeError (`events` not an iterable of events, `width` not an int) or ValueError
    (`lang` not "en" or "uk", `width` below 20 or above 1000), each naming the argument.
    """
    _check(lang, width)
    if view not in ("referee", "players"):
        raise ValueError(f"view: expected 'referee' or 'players', got {view!r}")
    typed = _typed(_iterable(events))

    from nightsim.narration.night import narrate_blocks as blocks
    from nightsim.narration.safe import TextConsole
    from nightsim.narration.widgets import plain_text

    # As cli/render.py's make_console, off a terminal; force_terminal=False overrules
    # FORCE_COLOR from the environment (plain text, always), and the width is ours, not
    # COLUMNS'.
    console = TextConsole(
        file=io.StringIO(),
        width=width,
        force_terminal=False,
        color_system=None,
        soft_wrap=False,
        legacy_windows=False,
    )
    out: list[str] = []
    for block in blocks(typed, lang=lang, view=view):
        out.append(plain_text(console, block.body, crop=block.kind != "head") + "\n")
    # A blank line between blocks, none after the last (a caller joins or prints it as is).
    return "".join(out).removesuffix("\n") if out else ""


def _check(lang: object, width: object) -> None:
    if not isinstance(lang, str) or lang not in LANGS:
        raise ValueError(f"lang: expected one of {', '.join(map(repr, LANGS))}, got {shown(lang)}")
    if isinstance(width, bool) or not isinstance(width, int):
        raise TypeError(f"width: expected an int (columns), got {type(width).__name__}")
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width: expected {MIN_WIDTH}..{MAX_WIDTH} columns, got {width}")


def _iterable(events: object) -> Iterable[Any]:
    """`events` if it is an iterable of items; a str, bytes, a path or a mapping (a single
    JSON line, a log's text or path, one event's dict) is not, though Python iterates it."""
    hint = ""
    if isinstance(events, str | bytes | PathLike):
        hint = "; to narrate a log file, pass read_log(path)"
    elif hasattr(events, "events") and not isinstance(events, Iterable):
        hint = "; for a Night, pass night.events"
    if hint or isinstance(events, Mapping) or not isinstance(events, Iterable):
        raise TypeError(
            f"events: expected an iterable of events, got {type(events).__name__}{hint}"
        )
    return events


def _typed(events: Iterable[Any]) -> Iterator[Event]:
    from nightsim.events import EventBase

    for i, item in enumerate(events):
        if not isinstance(item, EventBase):
            hint = ""
            if hasattr(item, "event") and isinstance(item.event, EventBase):
                hint = " (a LogLine: pass line.event)"
            elif isinstance(item, str | bytes | Mapping):
                hint = " (a log line: read the log with read_log or iter_log)"
            raise TypeError(
                f"events: item {i} is a {type(item).__name__}{hint}, expected an event"
                " (nightsim.events)"
            )
        yield item  # type: ignore[misc]
