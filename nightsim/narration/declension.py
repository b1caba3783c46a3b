# ruff: noqa: RUF001, RUF002, RUF003  (Cyrillic letters are the point of this file)
"""Ukrainian names in the case a sentence needs: «будить Ірину», «Ніхто не будить Остапа».

A catalogue line writes `{to:@acc}`; `Catalogue` asks `decline` for the form. The forms a
config gives (`party.forms`, docs/config.md) win over these rules; without them a name is
declined here by the regular paradigms of Ukrainian first names and surnames, and a name
the rules do not cover stays as it is, as an indeclinable name does.

Why rules and not a morphology library: pymorphy3 with its Ukrainian dictionary declines the
same names (a test holds these rules to its forms, reviewed, for 113 names), but costs 31 MB
installed (it always brings its Russian dictionary too), ~0.3 s and ~30 MB of memory to load
on every Ukrainian night, and gives the words of whichever dictionary is installed. These
rules are the same on every machine, cost nothing to load, and a config fixes what they miss.

What is declined: a name in Cyrillic letters (an apostrophe and a hyphen allowed), word by
word up to the first word in lower case («Марко з Полісся» → «Марка з Полісся»). A name
with a Latin letter (Moss, Sir Aldric) is never touched. The gender comes from the
character's pronouns: "she" leaves a name ending in a consonant or -о undeclined
(Ковальчук, Бондаренко, as the rules for women's surnames say), "he", "they" or none
decline it as a man's; names in -а/-я decline alike for both.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final, Literal

Case = Literal["gen", "dat", "acc", "ins", "loc", "voc"]
CASES: Final[tuple[Case, ...]] = ("gen", "dat", "acc", "ins", "loc", "voc")

_WORD = re.compile(r"[А-ЩЬЮЯҐЄІЇа-щьюяґєії'’ʼ-]+")
_CYRILLIC_NAME = re.compile(r"[А-ЩЬЮЯҐЄІЇа-щьюяґєії'’ʼ -]+")
_APOSTROPHES = "'’ʼ"
_VOWELS = "аеєиіїоуюя"
_SIBILANTS = "жчшщ"
# г, к, х before the dative's і: Ольга → Ользі, Одарка → Одарці, Явдоха → Явдосі.
_VELAR_SHIFT: Final = {"г": "з", "к": "ц", "х": "с"}

# Endings by case: gen, dat, acc, ins, loc, voc (appended to the stem).
_HARD_A = ("и", "і", "у", "ою", "і", "о")  # Ірина, Микола
_MIXED_A = ("і", "і", "у", "ею", "і", "о")  # Параша
_SOFT_YA = ("і", "і", "ю", "ею", "і", "е")  # Настя, Ілля
_VOWEL_YA = ("ї", "ї", "ю", "єю", "ї", "є")  # Марія
_HARD = ("а", "ові", "а", "ом", "і", "е")  # Остап, Петро (про Остапа: на Остапі)
_VELAR = ("а", "ові", "а", "ом", "ові", "у")  # Олег, Сашко
_MIXED = ("а", "еві", "а", "ем", "еві", "у")  # Кузьмич
_SOFT = ("я", "еві", "я", "ем", "еві", "ю")  # Василь, Ігор
_J = ("я", "єві", "я", "єм", "єві", "ю")  # Андрій
_ADJ_M = ("ого", "ому", "ого", "им", "ому", "ий")  # Шевський (stem Шевськ)
_ADJ_F = ("ої", "ій", "у", "ою", "ій", "а")  # Шевська

# Men's names whose stem changes its vowel (і in the closed last syllable, о or е when it
# opens: Федір → Федора), and Ігор, soft although it ends in a hard р.
_STEMS: Final = {
    "Федір": "Федор",
    "Сидір": "Сидор",
    "Нечипір": "Нечипор",
    "Антін": "Антон",
    "Прокіп": "Прокоп",
    "Тиміш": "Тимош",
    "Григір": "Григор",
}
_SOFT_NAMES: Final = frozenset({"Ігор"})
# Whole paradigms the rules would get wrong (Яковові: the dative avoids -ов-ові).
_IRREGULAR: Final = {"Яків": ("Якова", "Якову", "Якова", "Яковом", "Якові", "Якове")}
# Women's names ending in a consonant that decline (the third declension).
_THIRD: Final = {"Любов": ("і", "і", "", "'ю", "і", "е")}


def _ending(ends: tuple[str, ...], case: Case) -> str:
    return ends[CASES.index(case)]


def _feminine_a(stem: str, ends: tuple[str, ...], case: Case) -> str:
    if case in ("dat", "loc") and ends is _HARD_A and stem[-1:] in _VELAR_SHIFT:
        stem = stem[:-1] + _VELAR_SHIFT[stem[-1]]
    return stem + _ending(ends, case)


def _word(word: str, case: Case, she: bool) -> str:
    """One word of a name in `case`, or the word itself when no rule covers it."""
    low = word.lower()
    if low.endswith(("ський", "цький", "зький")):
        return word[:-2] + _ending(_ADJ_M, case) if not she else word
    if low.endswith(("ська", "цька", "зька")):
        return word[:-1] + _ending(_ADJ_F, case)
    last, before = low[-1:], low[-2:-1]
    stem = word[:-1]
    if last == "а" and before and before not in _VOWELS:
        return _feminine_a(stem, _MIXED_A if before in _SIBILANTS else _HARD_A, case)
    if last == "я" and before:
        vowel = before in _VOWELS or before in _APOSTROPHES
        if case == "voc" and before in "сл" and low[-3:-2] != before:
            return stem + "ю"  # Лесю, Олю, Марусю (but Ілле, Насте)
        return stem + _ending(_VOWEL_YA if vowel else _SOFT_YA, case)
    if she:
        return word + _ending(_THIRD[word], case) if word in _THIRD else word
    return _masculine(word, case)


def _masculine(word: str, case: Case) -> str:
    low = word.lower()
    last, before = low[-1:], low[-2:-1]
    if last == "о" and before and before not in _VOWELS:
        stem = word[:-1]
        return stem + _ending(_VELAR if before in _VELAR_SHIFT else _HARD, case)
    if last == "й" and before in _VOWELS:
        return word[:-1] + _ending(_J, case)
    if last == "ь":
        return word[:-1] + _ending(_SOFT, case)
    if not last or last in _VOWELS or last in _APOSTROPHES or last == "-":
        return word  # Хосе, Ману, Кеті: indeclinable
    if word in _IRREGULAR:
        return _ending(_IRREGULAR[word], case)
    if word in _SOFT_NAMES:
        return word + _ending(_SOFT, case)
    stem = _STEMS.get(word, word)
    if last in _SIBILANTS:
        return stem + _ending(_MIXED, case)
    return stem + _ending(_VELAR if last in _VELAR_SHIFT else _HARD, case)


def declinable(name: str) -> bool:
    """Whether the rules touch `name`: Cyrillic letters only, starting with a capital."""
    return bool(_CYRILLIC_NAME.fullmatch(name)) and name[:1].isupper()


@cache
def decline(name: str, case: Case, pronouns: str | None = None) -> str:
    """`name` in `case` ("gen", "dat", "acc", "ins", "loc", "voc"); `pronouns` "he", "she",
    "they" or None. A name in Latin letters, or one no rule covers, is returned as given."""
    if not declinable(name):
        return name
    she = pronouns == "she"
    out: list[str] = []
    pos = 0
    lower_seen = False
    for m in _WORD.finditer(name):
        out.append(name[pos : m.start()])
        token = m.group()
        lower_seen = lower_seen or not token[:1].isupper()
        if lower_seen:
            out.append(token)
        else:
            out.append("-".join(_word(p, case, she) if p else p for p in token.split("-")))
        pos = m.end()
    out.append(name[pos:])
    return "".join(out)
