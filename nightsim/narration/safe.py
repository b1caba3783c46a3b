"""Untrusted text stays text at a terminal: the one console every renderer prints through.

Names, spells, seeds, paths and a log's strings come from a config, a log or an argument that
somebody else may have typed. Two things would let such text act instead of being read:

- rich markup: a str handed to rich is parsed as markup, so a character named `[/]` raised
  MarkupError, `[red]X[/red]` printed a red `X` posing as another character, and
  `[link=…]Moss[/link]` put an OSC 8 hyperlink on a colour terminal. `TextConsole` parses no
  markup and no emoji codes: a str renderable is its own characters. The narration's styles
  are `Text` spans and `Style`s, never markup, so nothing of ours is lost.
- control characters: ESC starts a terminal sequence, U+202E reverses the rest of a line, a
  newline forges a line of its own. Every character `str.isprintable` refuses (C0 and C1
  controls, DEL, the bidi controls, line and paragraph separators, zero-width formatting) is
  written as its Python escape, `\\x1b`, `\\u202e`, `\\n`, as the one-line error messages
  already do (`nightsim.limits.escaped`): visible, unambiguous, and what a referee can type
  back, where U+FFFD would hide which character it was.

The escaping happens where rich turns its segments into the text it writes
(`_render_buffer`): after the layout, so no renderable can slip past it (a table cell, a
panel title, a rule); rich's own colour codes are made there from styles, not from text, and
are kept. A newline inside one value cannot be told from a line break there, so the events
a narration reads are made printable first (`printable`): the config refuses such names
already; only a forged, re-chained log can carry them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from pydantic import BaseModel
from rich.console import Console
from rich.segment import Segment

from nightsim.limits import escaped

M = TypeVar("M", bound=BaseModel)


# The no-break spaces Ukrainian typography sets between a number and its unit ("50,3 %",
# "2 години"): `str.isprintable` refuses them, yet a terminal only shows them, as a space.
_KEPT = frozenset("\u00a0\u202f")


# A no-break space joins what it stands between (Unicode's line breaking, UAX #14: "2 години",
# "50,3 %", "7 → 8" are one unit each), but rich's word splitter takes any whitespace for a
# break: its pattern, with the two no-break spaces part of a word. Set once, here, where the
# one console every renderer prints through is made. It is rich's private module, so the
# pattern is only replaced where it is the one this was written against, and checked on a
# sample after; on any difference rich's own stays (a number may then end a line apart from
# its noun: tests/narration/test_narration_agrees.py says so on a rich that changed).
_RICH_WORD = r"\s*\S+\s*"
_KEEPING_WORD = re.compile(r"[^\S\u00a0\u202f]*[\S\u00a0\u202f]+[^\S\u00a0\u202f]*")


def keep_no_break_spaces() -> bool:
    """Whether rich's wrapping keeps a no-break space inside a word (patched here if not)."""
    try:
        import rich._wrap as wrap
    except ImportError:
        return False
    sample = "2\u00a0hours x"
    if getattr(wrap, "re_word", None) is _KEEPING_WORD:
        return True
    if getattr(getattr(wrap, "re_word", None), "pattern", None) != _RICH_WORD:
        return False
    original = wrap.re_word
    wrap.re_word = _KEEPING_WORD
    try:
        if [w for _, _, w in wrap.words(sample)] == ["2\u00a0hours ", "x"]:
            return True
    except Exception:  # a changed private function: rich's own stays
        pass
    wrap.re_word = original
    return False


KEPT_TOGETHER = keep_no_break_spaces()


def _shown(text: str) -> bool:
    return text.isprintable() or all(c.isprintable() or c in _KEPT for c in text)


def visible(text: str) -> str:
    """`text` with each non-printable character escaped but its line breaks kept."""
    if _shown(text):
        return text
    return "\n".join(
        "".join(c if c in _KEPT else escaped(c) for c in part) for part in text.split("\n")
    )


def _visible(buffer: Iterable[Segment]) -> Iterator[Segment]:
    for segment in buffer:
        text, style, control = segment
        if control or text == "\n" or _shown(text):
            yield segment
        else:
            yield Segment(visible(text), style, control)


class TextConsole(Console):
    """A rich console that prints untrusted text as text: no markup, no emoji codes, no
    highlighting, and every non-printable character of the output escaped."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.update(markup=False, emoji=False, highlight=False)
        super().__init__(*args, **kwargs)

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(_visible(buffer))


def _printable(value: Any) -> Any:
    if isinstance(value, str):
        return value if value.isprintable() else escaped(value)
    if isinstance(value, BaseModel):
        return printable(value)
    if isinstance(value, tuple | list):
        items = [_printable(v) for v in value]
        if any(a is not b for a, b in zip(items, value, strict=True)):
            return type(value)(items)
    elif isinstance(value, dict):
        pairs = [(_printable(k), _printable(v)) for k, v in value.items()]
        if any(
            k is not a or v is not b for (k, v), (a, b) in zip(pairs, value.items(), strict=True)
        ):
            return dict(pairs)
    return value


def printable(event: M) -> M:
    """`event` itself if every string in it is printable, else a copy with each string that
    is not escaped (a forged name's newline would otherwise start a line of its own)."""
    changed = {}
    for name, value in event.__dict__.items():
        new = _printable(value)
        if new is not value:
            changed[name] = new
    return event.model_copy(update=changed) if changed else event
