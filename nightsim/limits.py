"""The input limits, stated once (docs/limits.md), and the one way to echo input in a message.

A limit turns hostile or mistaken input (a huge file, arrays nested thousands deep, a number of
thousands of digits, a journey of 2**70 nights) into one line naming the limit, where Python
would otherwise recurse, refuse an int conversion or run for ever.
"""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import Any

#: A config file (or the text given to `parse_config`) larger than this is refused unread.
MAX_CONFIG_BYTES = 1024 * 1024
#: Tables and arrays nested deeper than this, in a config or a `--set` value (with its dotted
#: key), are refused: a real config nests 4 deep (party -> member -> spells), and tomllib and
#: pydantic recurse once per level.
MAX_DEPTH = 32
#: An integer with more digits than this is refused, in a config, a `--set` value or `--seed`:
#: every config number fits in 4 digits, and Python refuses to convert some 4,300 digits.
MAX_INT_DIGITS = 100
#: A seed shorter than this many characters is guessable: trying every such seed finds it
#: back from its commitment, which the players' view shows (docs/table.md).
SECRET_SEED_CHARS = 16


def guessable(seed: int | str) -> bool:
    """A seed short enough to be found from its commitment by trying every seed."""
    return len(str(seed)) < SECRET_SEED_CHARS


#: The nights of one run or journey, for `nightsim run --nights` and the API's `nights`.
MAX_NIGHTS = 100_000
#: `campaign --wait SECONDS`: how long a command waits for another's write lock, at most a
#: day (a longer wait is a command left hanging, and `nan` or `inf` is no number of seconds).
MAX_WAIT_SECONDS = 86_400
#: The nights `campaign night --nights N` plays in one transaction, which holds the campaign's
#: write lock throughout: at some 80 ms a night, 1,000 nights hold the file for a minute or two
#: (100,000 held it for hours). Play more as several commands.
MAX_CAMPAIGN_NIGHTS = 1_000
#: The members of a party. A Dolmenwood party is a handful of characters and their hirelings;
#: the cost of a night grows faster than its party (a 14,000-member party took 12 s a night),
#: and at this limit a night still takes some 15 ms to simulate and `odds` some 2 ms a
#: night (docs/limits.md). A log's header over it is refused as bad input, never simulated.
MAX_PARTY = 64
#: A watch shift is at least a minute (the engine's clock counts whole minutes), so a `rota`
#: has at most one name per minute of rest.
MIN_SHIFT_MINUTES = 1
#: A log line longer than this (without its newline) is refused, read in chunks of at most this
#: much: the longest line nightsim writes is the header, which carries the config (at most
#: MAX_CONFIG_BYTES as TOML) and what it resolves to, a little over MAX_CONFIG_BYTES as JSON.
MAX_LOG_LINE_BYTES = 4 * MAX_CONFIG_BYTES
#: A log line's JSON nests at most this deep: a config's MAX_DEPTH inside the line's own
#: object (the header's `config`). pydantic and json recurse once per level.
MAX_LOG_DEPTH = MAX_DEPTH + 1
#: `replay` reads a log twice, so a pipe (`… | nightsim replay /dev/stdin`) is first copied to
#: a temporary file, of at most this many bytes (some 25,000 nights); a longer journey is
#: replayed from its file. `verify` reads once and streams a pipe with no copy and no cap.
MAX_SPOOL_BYTES = 256 * 1024 * 1024
#: An echoed value (a key, a value, a `--set` item) is cut to this many characters, then `…`.
MAX_SHOWN = 60
#: A message made by a library that echoes input whole (argparse) is cut to this length.
MAX_SHOWN_LINE = 300
#: An echoed path keeps its start and its end (the file's name) around a `…` past this length.
MAX_SHOWN_PATH = 200


def escaped(text: str) -> str:
    # repr's escape of each non-printable character (\n, \x1b, \u2028, \u202e ...): one
    # would split the one-line message, or colour or reorder the terminal's line.
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


# The no-break spaces the catalogues put between a number and its unit ("12 год", "50,3 %"):
# Python calls them unprintable, but a terminal shows them as spaces.
_SPACES = frozenset("\u00a0\u202f")


def said_line(text: str) -> str:
    """A message of nightsim's own, on one line: `escaped`, but its no-break spaces kept
    (a value it echoes was escaped by `shown` already, so a user's own no-break space still
    shows as `\\xa0`)."""
    return "".join(c if c.isprintable() or c in _SPACES else repr(c)[1:-1] for c in text)


# What a terminal acts on rather than shows: C0 and C1 controls, DEL, the line and paragraph
# separators, bidi marks, embeddings, overrides and isolates. (An invisible character such as
# U+200B changes nothing on a terminal; a config refuses it in a name, docs/config.md.)
_TERMINAL_ACTIVE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def inert(text: str) -> str:
    """`text` with each character a terminal or a browser would act on rather than show (see
    `_TERMINAL_ACTIVE`) written as its escape (`\\x1b`, `\\u202e`); a no-break space or
    any other printable character stays itself."""
    return _TERMINAL_ACTIVE.sub(lambda m: repr(m[0])[1:-1], text)


def json_inert(line: str) -> str:
    """A JSON line with every character a terminal would act on written as its JSON escape
    (`\\u009b`): the same JSON value, inert on a terminal. Only a forged or damaged log holds
    one (a config refuses them; 0.3.0 took a bidi mark in a name), so a genuine line comes
    back byte for byte."""
    # Raw C0 characters are valid JSON only as whitespace between tokens (a tab, a CR): a
    # space is the same there; every other one can only be inside a string.
    return _TERMINAL_ACTIVE.sub(lambda m: " " if m[0] in "\t\r" else f"\\u{ord(m[0]):04x}", line)


def shown(value: Any, *, quote: bool = True, limit: int = MAX_SHOWN) -> str:
    """User input as it may appear in a one-line message: control characters escaped, cut to
    `limit` characters with `…`. A string is its repr (`'jungle'`), or with `quote=False` its
    escaped text (a `--set` item); a path is its escaped text, cut in the middle to
    MAX_SHOWN_PATH; any other value is its repr."""
    if isinstance(value, PurePath):
        text = escaped(str(value))
        if len(text) <= MAX_SHOWN_PATH:
            return text
        half = MAX_SHOWN_PATH // 2
        return text[: half - 1] + "…" + text[-half:]
    if isinstance(value, str):
        head = value[: limit * 12]  # an escape is at most 10 characters: enough to cut from
        text = repr(head) if quote else escaped(head)
        if quote and len(text) > limit:
            return text[: max(limit - 2, 1)] + "…" + text[0]
    else:
        try:
            text = escaped(repr(value))
        except (ValueError, RecursionError):  # an int past Python's digit limit, a deep list
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: max(limit - 1, 1)] + "…"
