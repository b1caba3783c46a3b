"""Names as a reader sees them: a party's names compared after Unicode normalisation, and
look-alikes refused or warned about (docs/config.md, "Names").

Refused (`name_problem`), because two such names print identically or a name prints as
another: a blank name, one with whitespace at either end, one holding an invisible format
character (Unicode category Cf: U+200B, U+2060, U+FEFF, the soft hyphen …), and two names
equal after NFC and case folding (`Wren` and `wren`, an NFC and an NFD `é`). Warned about
(`name_warnings`), because such a name can be honest (a Greek or Cyrillic name is fine, and
so is one with digits): a name whose letters come from more than one script (`Wren`
with a Cyrillic U+0435 for its `e`), and two names whose look-alike skeletons agree (`Wren`
and that one).

These apply to what a referee types (a config file, `--set`), not to a log's header: a log
written before them keeps replaying and verifying, its names told exactly as written.

Why no library for Unicode's confusables (UTS #39): the one kept on the package index,
confusable-homoglyphs, loads a 900 KB table on import (every config load would pay for it),
offers no skeleton to compare two names, and was last released in 2024. The look-alikes a
party's names meet are Latin, Greek and Cyrillic letters of the same shape, which the
table below holds, after NFKC has folded the compatibility forms (full-width letters,
ligatures, mathematical letters).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING

from nightsim.limits import shown
from nightsim.told import Said

if TYPE_CHECKING:
    from nightsim.config.model import Config

# Letters of other scripts drawn as a Latin letter is (UTS #39's confusables for the Greek and
# Cyrillic letters that share a Latin letter's shape), and the digits and the capital I that
# read as O and l. Applied after NFKC, before case folding: a Cyrillic capital VE looks like
# `B`, its small letter does not.
_LOOKALIKE = str.maketrans(
    # from: Cyrillic, then Greek letters, then I 1 | 0 (escaped: they look like their
    # Latin letters, which is the point)
    "\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0423\u0406\u0408"
    "\u0405\u051a\u051c\u04c0\u04ae\u04ba\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456"
    "\u0458\u0455\u0501\u051b\u051d\u04af\u04bb\u04cf\u0451\u0457\u0391\u0392\u0395\u0396"
    "\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7\u03bf\u03bd\u03c1\u03b9"
    "\u03ba\u03c5\u03c7\u03f2\u03f3\u03b1I1|0"
    # then the Latin small capitals drawn as the small letter is (NFKC keeps them)
    "\u1d04\u1d0f\u1d1c\u1d20\u1d21\u1d22\ua731",
    # to: the Latin letter each is drawn like
    "ABEKMHOPCTXYlJSQWlYhaeopcyxijsdqwyhl\u00eb\u00efABEZHlKMNOPTYXovpikuxcjalllOcouvwzs",
)

# Characters that print as nothing or as a blank, yet are neither whitespace nor a format
# character (Cf): the Hangul fillers (letters, Lo), the braille blank (a symbol, So), the
# combining grapheme joiner (a mark, Mn). A name holding one prints like another name.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")
# Variation selectors: they choose how the character before them is drawn (VS-16 an emoji's
# picture, the ideographic ones a Han character's form); after a letter of an alphabet they
# change nothing visible, so a name with one there prints like the name without it.
_SELECTORS = (("\ufe00", "\ufe0f"), ("\U000e0100", "\U000e01ef"), ("\u180b", "\u180f"))

# Scripts a name may mix and still be one writing system: Japanese writes Han with kana,
# Korean Han with Hangul.
_SCRIPT_OF_WORD = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK", "BOPOMOFO": "CJK"}
# The words of a letter's Unicode name that say its form, not its script.
_FORM_WORDS = frozenset({"FULLWIDTH", "HALFWIDTH", "SMALL", "CAPITAL", "MODIFIER", "LETTER"})


def same_name_key(name: str) -> str:
    """What two names that print alike share: NFC, case folded (then NFC again, as case
    folding may decompose)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def skeleton(name: str) -> str:
    """A name as it looks: NFKC (full-width and mathematical letters, ligatures folded), each
    look-alike letter as the Latin letter it is drawn like, then case folded."""
    return unicodedata.normalize("NFKC", name).translate(_LOOKALIKE).casefold()


def _script(ch: str) -> str | None:
    """The script of a letter (the first word of its Unicode name that is not a form:
    LATIN, CYRILLIC, GREEK, CJK …); None for anything else (digits, spaces, punctuation)."""
    if unicodedata.category(ch) not in ("Lu", "Ll", "Lt", "Lo"):
        return None  # a modifier letter (an apostrophe) belongs to no one script
    words = unicodedata.name(ch, "").split()
    word = next((w for w in words if w not in _FORM_WORDS), "UNKNOWN")
    return _SCRIPT_OF_WORD.get(word, word)


# The joiners: U+200D builds one emoji of several (a black bird is a bird, U+200D, a black
# square) and, with U+200C, shapes Indic and Arabic-script words. Between Latin, Greek or
# Cyrillic letters they only hide.
_JOINERS = frozenset("\u200c\u200d")
_HIDING_SCRIPTS = frozenset({"LATIN", "GREEK", "CYRILLIC"})


def _joins(before: str, after: str) -> bool:
    """Whether a joiner between `before` and `after` joins something visible (Unicode's
    own uses: after a virama, between two symbols of an emoji sequence, between two letters
    of a script that shapes with joiners)."""
    if unicodedata.combining(before) == 9:  # a virama: Indic conjuncts
        return True
    kinds = {unicodedata.category(before), unicodedata.category(after)}
    if kinds <= {"So", "Sk", "Mn"}:  # emoji, their modifiers and variation selectors
        return True
    scripts = {_script(before), _script(after)}
    return len(scripts) == 1 and None not in scripts and not scripts & _HIDING_SCRIPTS


def _selector(ch: str) -> bool:
    return any(lo <= ch <= hi for lo, hi in _SELECTORS)


def _selects(before: str) -> bool:
    """Whether a variation selector after `before` changes how it is drawn: after a symbol
    (an emoji) or a Han character, never after a letter of an alphabet."""
    return unicodedata.category(before) == "So" or _script(before) == "CJK"


def _invisible(name: str) -> str | None:
    """The first invisible character: a format character (Cf) that does not join two
    visible ones, a blank (_BLANKS), or a variation selector that selects nothing."""
    for i, ch in enumerate(name):
        if ch in _BLANKS:
            return ch
        if _selector(ch):
            if i == 0 or not _selects(name[i - 1]):
                return ch
            continue
        if unicodedata.category(ch) != "Cf":
            continue
        inside = 0 < i < len(name) - 1
        if not (ch in _JOINERS and inside and _joins(name[i - 1], name[i + 1])):
            return ch
    return None


def _codepoint(ch: str) -> str:
    """A character as a message names it: `\\u200b ZERO WIDTH SPACE`."""
    return " ".join(filter(None, (f"\\u{ord(ch):04x}", unicodedata.name(ch, ""))))


def _escaped(name: str) -> str:
    """A name with every character past ASCII as its code point, to tell apart two names
    that print the same."""
    return "".join(c if c.isascii() else f"\\u{ord(c):04x}" for c in name)


def _one_name(where: str, name: str) -> str | None:
    """Why one name is refused, or None."""
    if not name.strip() or all(c.isspace() or c in _BLANKS for c in name):
        return Said("names.blank", where=where, name=shown(name))
    if name != name.strip():
        end = "start" if name[0].isspace() else "end"
        return Said(f"names.space_{end}", where=where, name=shown(name))
    ch = _invisible(name)
    if ch is not None:
        return Said(
            "names.invisible",
            where=where,
            name=shown(name),
            char=_codepoint(ch),
            point=f"\\u{ord(ch):04x}",
        )
    return None


def _names(config: Config) -> Iterator[tuple[str, str]]:
    """Each name a referee typed, with its field: the party's names and their spells, and
    the creatures of the encounter tables (told in the same lines)."""
    for i, c in enumerate(config.party):
        yield f"party[{i}].name", c.name
        for j, spell in enumerate(c.spells):
            yield f"party[{i}] ({shown(c.name, quote=False)}).spells[{j}]", spell
    for table in ("night_fire", "night_no_fire"):
        for k, entry in enumerate(getattr(config.encounters, table)):
            yield f"encounters.{table}[{k}].creature", entry.creature


def name_problem(config: Config) -> str | None:
    """The first reason the config's names are refused (one line naming the field), or None.
    For configs and `--set` items only, never a log's header (module docstring)."""
    for where, name in _names(config):
        problem = _one_name(where, name)
        if problem is not None:
            return problem
    seen: dict[str, str] = {}
    for c in config.party:
        key = same_name_key(c.name)
        if key in seen:
            first = seen[key]
            if unicodedata.normalize("NFC", first) == unicodedata.normalize("NFC", c.name):
                how = Said(
                    "names.how_forms",
                    a=shown(_escaped(first), quote=False),
                    b=shown(_escaped(c.name), quote=False),
                )
            else:
                how = Said("names.how_case")
            return Said("names.same", a=shown(first), b=shown(c.name), how=how)
        seen[key] = c.name
    return None


def joining_problem(config: Config, before: Collection[str]) -> str | None:
    """Why a member joining a party already played (`campaign adjust`: a name of `config`'s
    party not in `before`) is refused, as one line; or None. Besides `name_problem`'s rules,
    a new name that looks like another member's (their skeletons agree) is refused, not
    warned about: the party has been played, and the new name is the one to change."""
    for i, c in enumerate(config.party):
        if c.name in before:
            continue
        problem = _one_name(f"party[{i}].name", c.name)
        if problem is not None:
            return problem
        for other in config.party:
            if other.name == c.name:
                continue
            if same_name_key(other.name) == same_name_key(c.name):
                how = Said("names.are_case")
            elif skeleton(other.name) == skeleton(c.name):
                how = Said(
                    "names.look_alike_as",
                    a=shown(_escaped(other.name), quote=False),
                    b=shown(_escaped(c.name), quote=False),
                )
            else:
                continue
            return Said("names.joining", a=shown(other.name), b=shown(c.name), how=how)
    return None


def name_warnings(config: Config) -> list[str]:
    """Look-alike names, each a line for `check` and `run` to warn with: a name mixing
    scripts, two names whose skeletons agree."""
    out: list[str] = []
    for i, c in enumerate(config.party):
        scripts = sorted({s for s in map(_script, c.name) if s is not None})
        if len(scripts) > 1:
            most = _script_of_most(c.name)
            odd = dict.fromkeys(ch for ch in c.name if _script(ch) not in (None, most))
            out.append(
                Said(
                    "names.mixes",
                    i=i,
                    name=shown(c.name),
                    scripts=tuple(map(_script_said, scripts)),
                    chars=", ".join(map(_codepoint, odd)),
                    codes=", ".join(f"\\u{ord(ch):04x}" for ch in odd),
                )
            )
    kept: dict[str, str] = {}
    for c in config.party:
        key = skeleton(c.name)
        if key in kept:
            out.append(Said("names.look_alike", a=shown(kept[key]), b=shown(c.name)))
        else:
            kept[key] = c.name
    return out


# The scripts a warning names in the reader's language; another keeps its Unicode word.
_NAMED_SCRIPTS = frozenset(
    {"LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "GEORGIAN", "HEBREW", "ARABIC", "CJK"}
)


def _script_said(script: str) -> str:
    return Said(f"script.{script}") if script in _NAMED_SCRIPTS else script.title()


def _script_of_most(name: str) -> str | None:
    """The script most of a name's letters are in (the first of a tie)."""
    counts: dict[str, int] = {}
    for s in map(_script, name):
        if s is not None:
            counts[s] = counts.get(s, 0) + 1
    return max(counts, key=lambda s: counts[s]) if counts else None
