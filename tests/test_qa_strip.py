"""QA: the sleep strip with the names referees really give (emoji, CJK, long)."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.strip import ASLEEP, Track, render


def _rows(names: list[str]) -> list[str]:
    track = Track(
        start=0,
        minutes=60,
        first_hour="21:00",
        rows=tuple((n, (ASLEEP,) * 60) for n in names),
        fire=(False,) * 60,
        arrival=None,
    )
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    console.print(render(track, 100, Catalogue("en")))
    return console.export_text().splitlines()


def test_wide_characters_in_names_keep_the_cells_in_one_column() -> None:
    """Names were padded by characters, not terminal cells: an emoji (two cells) pushed its
    row one cell right of the others, a CJK name several."""
    names = ["Піп 🦊", "Wren", "龍之介龍之介龍之介龍之介"]
    lines = _rows(names)
    starts = {cell_len(line[: line.index("\u00b7")]) for line in lines[1:4]}
    assert len(starts) == 1, lines[:4]
    assert lines[3].startswith("龍之介")


def test_the_monster_row_label_is_not_cut_by_short_names() -> None:
    """The label column was as wide as the longest name or "fire": with a party of short
    names the monster's row read "mons" ("чудо" in Ukrainian)."""
    track = Track(
        start=0,
        minutes=60,
        first_hour="21:00",
        rows=(("Solo", (ASLEEP,) * 60),),
        fire=(False,) * 60,
        arrival=30,
    )
    for lang, word in (("en", "monster"), ("uk", "чудовисько")):
        console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
        console.print(render(track, 100, Catalogue(lang)))
        text = console.export_text()
        assert word in text, text
