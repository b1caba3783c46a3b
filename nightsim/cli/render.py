"""Printing a night's narration (shared by `run` and `replay`).

Rich is imported here lazily, inside the functions, so that parsing arguments and
`run --format jsonl` never pay for it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from nightsim.cli.argparse_words import spoken
from nightsim.events import Event, parse_event
from nightsim.told import Said

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

InputFn = Callable[[str], str]


def add_narration_args(p: argparse.ArgumentParser) -> None:
    """--lang, --quiet, --step: the narration's options, the same on `run` and `replay`."""
    p.add_argument(
        "--lang", choices=("en", "uk"), default="en", help="narration language (default: en)"
    )
    p.add_argument(
        "--quiet",
        action="store_true",
        help="text format: print only the encounter and the morning",
    )
    p.add_argument(
        "--view",
        choices=("referee", "players"),
        default="referee",
        help="text and html: 'players' tells only what the characters know (no monster check,"
        " no creature table, no roll behind the screen); default: referee, everything",
    )
    p.add_argument(
        "--title",
        metavar="TEXT",
        type=_title,
        help="html: the page's title (a campaign's, a session's) over the seed's own",
    )
    p.add_argument(
        "--step",
        action="store_true",
        help="text format, at a terminal: tell the night one hour at a time, waiting for Enter"
        " (without a terminal on stdin the whole night is printed)",
    )


def _title(text: str) -> str:
    """A page title: printable text of at most 200 characters (it is escaped on the page)."""
    from nightsim.limits import shown

    if not text.strip() or not text.isprintable() or len(text) > 200:
        raise argparse.ArgumentTypeError(spoken(Said("use.title_text", got=shown(text))))
    return text.strip()


def make_console() -> Console:
    """stdout as rich sees it: colour only at a terminal and without NO_COLOR (rich reads
    NO_COLOR itself), plain text without escape codes when piped; width from the terminal
    (or COLUMNS). Untrusted text stays text: no markup, control characters escaped
    (narration/safe.py)."""
    from nightsim.narration.safe import TextConsole

    class _Console(TextConsole):
        def on_broken_pipe(self) -> None:
            # rich exits 1 here, the code for a log that failed verification: a reader that
            # went away (`| head`) is not a failure. cli.main turns this into exit 0.
            self.quiet = True
            raise BrokenPipeError

    return _Console(soft_wrap=False)


def _terminal_input(prompt: str) -> str:
    sys.stderr.write(prompt)
    sys.stderr.flush()
    return sys.stdin.readline()


def _events(log: Iterable[str | Event]) -> Iterator[Event]:
    for item in log:
        yield parse_event(json.loads(item)) if isinstance(item, str) else item


def print_night(
    log: Iterable[str | Event],
    *,
    lang: str = "en",
    quiet: bool = False,
    step: bool = False,
    console: Console | None = None,
    input_fn: InputFn | None = None,
    view: str = "referee",
) -> None:
    """Narrate a night (or a journey) to the console: from its log lines (JSON text, one
    event each) or from typed events. With `step`, wait for Enter after each hour.

    `step` waits only if an input function is given or stdin is a terminal: piped into a
    file or a script, --step prints the whole night (docs/table.md)."""
    from nightsim.narration import Catalogue, narrate_blocks

    out = console if console is not None else make_console()
    if step and input_fn is None and sys.stdin is not None and sys.stdin.isatty():
        input_fn = _terminal_input
    wait = input_fn if step else None
    hours_seen = False
    for block in narrate_blocks(_events(log), lang=lang, quiet=quiet, view=view):
        if wait is not None and block.kind == "hour":
            if hours_seen and wait(Catalogue(lang)("step.prompt")) == "":
                wait = None  # stdin closed: tell the rest at once
            hours_seen = True
        elif block.kind == "night":
            hours_seen = False
        # The head's hash is printed whole past a narrow width, never cut (night.py).
        _print_block(out, block.body, crop=block.kind != "head")


# The same function under its older name (tests and callers that hold typed events use it).
print_events = print_night


def _print_block(out: Console, body: RenderableType, *, crop: bool = True) -> None:
    """A block and a blank line. Off a terminal, without the blanks rich pads each line
    with to the width: piped narration is for diffs, `grep` and files."""
    if out.is_terminal:
        out.print(body, crop=crop)
        out.print()
        return
    from nightsim.narration.widgets import plain_text

    out.out(plain_text(out, body, crop=crop), highlight=False)
