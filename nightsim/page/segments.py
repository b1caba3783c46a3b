"""The narration's rich `Text` as runs of plain text with CSS classes, for the page.

The page tells the night in the terminal narration's own words: each section's renderer in
`nightsim/narration/` builds its lines as rich `Text` (names in bold, a doze in red, rolls
dim), and this module turns such a line into `Seg`s a template prints. A run's text is data
and is escaped by the template (Jinja2's autoescaping); its class comes from a fixed table
of rich style words, never from the text, so nothing of a config reaches an attribute.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from rich.text import Text

# The narration's style words and the page's classes for them; a word not here adds none.
CLASSES = {
    "bold": "b",
    "dim": "dim",
    "red": "bad",
    "green": "good",
    "yellow": "warn",
    "magenta": "warn",
    "cyan": "clock",
}


@dataclass(frozen=True)
class Seg:
    text: str
    cls: str  # space-separated classes, sorted; "" for none


Segs = tuple[Seg, ...]


def _classes(styles: Iterable[str]) -> str:
    return " ".join(sorted({CLASSES[w] for s in styles for w in s.split() if w in CLASSES}))


def segs(text: Text | str) -> Segs:
    """`text` cut where its styles change; a plain str is one run without a class."""
    if isinstance(text, str):
        return (Seg(text, ""),) if text else ()
    plain = text.plain
    base = [str(text.style)] if text.style else []
    cuts = sorted({0, len(plain), *(s.start for s in text.spans), *(s.end for s in text.spans)})
    out: list[Seg] = []
    for a, b in pairwise(cuts):
        if a >= b:
            continue
        styles = base + [str(s.style) for s in text.spans if s.start <= a and b <= s.end]
        cls = _classes(styles)
        if out and out[-1].cls == cls:
            out[-1] = Seg(out[-1].text + plain[a:b], cls)
        else:
            out.append(Seg(plain[a:b], cls))
    return tuple(out)


def plain(text: Text | str) -> str:
    return text if isinstance(text, str) else text.plain
