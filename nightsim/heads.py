"""The chain head as people handle it: shown short, accepted as a prefix.

A leaf any layer may import. The head is the hash of a log's last line (docs/log-format.md);
what is read out at the table and written on paper is its first `SHORT` hex digits, grouped
by four (`5743-776d-9e2f`), and `verify --head` takes any prefix of at least `SHORT` digits,
case, spaces and dashes ignored. What a prefix of that length costs a forger is in
docs/disputes.md ("The chain head").
"""

from __future__ import annotations

import re
from typing import Final

SHORT: Final = 12  # hex digits: 48 bits
FULL: Final = 64
_HEX = re.compile(r"[0-9a-f]+")
_IGNORED = str.maketrans("", "", " -\t")


def short_head(head: str) -> str:
    """The first `SHORT` hex digits of a head, grouped by four with dashes."""
    prefix = head[:SHORT]
    return "-".join(prefix[i : i + 4] for i in range(0, len(prefix), 4))


def parse_head(text: str) -> str:
    """A published head or a prefix of it, lower case, without the spaces and dashes it was
    written down with; ValueError when it is not `SHORT` to `FULL` hex digits."""
    head = text.strip().lower().translate(_IGNORED)
    if not (SHORT <= len(head) <= FULL and _HEX.fullmatch(head)):
        from nightsim.told import Said  # a message by code: the shell tells it in --lang

        raise ValueError(Said("refuse.head", short=SHORT, full=FULL))
    return head


def matches(head: str, published: str) -> bool:
    """Does the head `head` begin with the parsed prefix `published`?"""
    return head.startswith(published)
