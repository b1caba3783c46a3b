"""The text catalogues: every user-facing word of the narration and of `check`, per language.

The rendering code only names keys; `catalogue_en.py` and `catalogue_uk.py` hold the words
(the Ukrainian uses the source's own terms, rules.md glossary). A test pins that both
catalogues have the same keys and the same placeholders.
"""

from __future__ import annotations

from typing import Any

from nightsim.narration.catalogue_en import EN
from nightsim.narration.catalogue_uk import UK

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "uk": UK}
LANGS: tuple[str, ...] = tuple(CATALOGUES)


class Catalogue:
    """`t(key, **fields)` -> the text in one language."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in CATALOGUES:
            raise ValueError(f"unknown language {lang!r}; expected one of: {', '.join(LANGS)}")
        self.lang = lang
        self.table = CATALOGUES[lang]

    def __call__(self, key: str, **fields: Any) -> str:
        return self.table[key].format(**fields)

    def term(self, kind: str, value: str) -> str:
        """A word from a closed set (season, terrain, difficulty...); unknown values as given."""
        return self.table.get(f"{kind}.{value}", value)

    def names(self, names: list[str] | tuple[str, ...]) -> str:
        return ", ".join(names) if names else self("word.nobody")

    def hm(self, minutes: int) -> str:
        return self("fmt.hm", h=minutes // 60, m=f"{minutes % 60:02d}")
