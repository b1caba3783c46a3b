# ruff: noqa: RUF001, RUF002, RUF003  (Cyrillic letters are the point of this file)
"""Ukrainian euphony (милозвучність): і/й, у/в and о/об chosen by the neighbouring sounds.

Names come from configs, so the choice is made at render time, after a catalogue line is
filled in: a catalogue line writes `{і}`, `{у}` or `{о}` where the conjunction or preposition
goes, `Catalogue` leaves a marker there, and `resolve` picks the form by the text around it.
Only these markers are touched: a name or a creature from a config is never rewritten.

The rules (Правопис 2019, §23–24, as Shevelov sums them up: у/і after a consonant, в/й after
a vowel), for the cases a line of the narration can meet:
- й, в after a vowel; і, у after a consonant, after a pause (a comma, a colon, a dash...)
  and at the start of a sentence (there в/В before a vowel, у/У before a consonant);
- і, whatever comes before, before й, є, ї, ю, я (a sound starting with [j]);
- у, whatever comes before, before в, ф and the clusters хв, льв, св, тв, зв;
- о before a consonant, об before a vowel: "об 11:00" (об одинадцятій), "о 01:00" (о першій).
A name in Latin letters is judged by its letters as a Ukrainian reader says them: a, e, i,
o, u, y are vowels ("Ysolde" ends in one), w, v and f sound [в]/[ф], a y before a vowel is
[j] ("Yara").
"""

from __future__ import annotations

import re
from typing import Final

# Private-use characters: never in a catalogue line, a name, or anything a config may hold
# in practice; `Catalogue` writes them for `{і}`, `{у}`, `{о}` and `resolve` replaces them.
MARKERS: Final[dict[str, str]] = {"і": "\ue001", "у": "\ue002", "о": "\ue003"}
_KIND = {v: k for k, v in MARKERS.items()}

_VOWELS = frozenset("аеєиіїоуюяaeiouy")
_IOTATED = frozenset("йєїюя")
_V_SOUNDS = ("в", "ф", "хв", "льв", "св", "тв", "зв", "w", "v", "f", "wh")
_PAUSE = frozenset(",;:—–-(«\"'")
_SENTENCE_END = frozenset(".!?\n")
# How a number is said starts with a vowel only for один/одинадцять (1, 11, 1xx is сто...),
# and with [в] for вісім, вісімнадцять, вісімдесят, вісімсот (8, 18, 80-89, 800-899).
_NUMBER = re.compile(r"\d+")


def _said(word: str) -> str:
    """The start of a word as it is said, in lower-case Cyrillic-like letters."""
    w = word.lower()
    m = _NUMBER.match(w)
    if m is None:
        return w
    n = int(m.group())
    if n in (1, 11):
        return "о"
    if n in (8, 18) or 80 <= n <= 89 or 800 <= n <= 899:
        return "в"
    return "д"  # два, три, чотири, п'ять, ... : a consonant


def _after(text: str) -> str:
    """What precedes a marker: 'vowel', 'consonant', 'pause' or 'start' (of a sentence)."""
    t = text.rstrip(" ")
    if not t or t[-1] in _SENTENCE_END:
        return "start"
    last = t[-1].lower()
    if last in _PAUSE:
        return "pause"
    if last in _VOWELS:
        return "vowel"
    return "consonant" if last.isalnum() else "pause"


def _next_word(text: str) -> str:
    return _said(text.lstrip(" ").lstrip("«\"'("))


def _iotated(said: str) -> bool:
    if said[:1] in _IOTATED:
        return True
    return said[:1] == "y" and said[1:2] in _VOWELS


def _vowel(said: str) -> bool:
    return said[:1] in _VOWELS and not _iotated(said)


def conjunction(before: str, after: str) -> str:
    """і or й between `before` (the text so far) and `after` (the rest of the line)."""
    nxt = _next_word(after)
    where = _after(before)
    if where == "start":
        return "І"
    if where == "vowel" and not _iotated(nxt):
        return "й"
    return "і"


def preposition(before: str, after: str) -> str:
    """у or в between `before` and `after`."""
    nxt = _next_word(after)
    where = _after(before)
    if nxt.startswith(_V_SOUNDS):
        return "У" if where == "start" else "у"
    if where == "start":
        return "В" if _vowel(nxt) else "У"
    if where == "vowel" or (where == "pause" and _vowel(nxt)):
        return "в"
    return "у"


def at(after: str) -> str:
    """о or об before `after`: об before a vowel, о before a consonant. A clock is said as
    an ordinal (о першій, о двадцять першій): only 11:xx starts with a vowel (об одинадцятій)."""
    clock = re.match(r"\s*(\d{1,2}):\d\d", after)
    if clock is not None:
        return "об" if int(clock.group(1)) == 11 else "о"
    return "об" if _vowel(_next_word(after)) else "о"


def resolve(text: str) -> str:
    """Replace each marker by its form, judged by the text around it."""
    out = text
    for i in range(len(out) - 1, -1, -1):  # right to left: what follows is already final
        kind = _KIND.get(out[i])
        if kind is None:
            continue
        before, after = out[:i], out[i + 1 :]
        if kind == "і":
            form = conjunction(before, after)
        elif kind == "у":
            form = preposition(before, after)
        else:
            form = at(after)
        out = before + form + after
    return out
