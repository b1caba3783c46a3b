# ruff: noqa: RUF001  (Ukrainian words and an en dash in the expected text)
"""The narration agrees with itself: the encounter box with the hour's watch line, the hour's
"awake" list with when the events say the sleepers were up (docs/narration.md)."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from nightsim.engine.journey import iter_events
from tests.helpers.narration import STORY, render
from tests.helpers.nights import cfg


def _story(lang: str, width: int = 80) -> str:
    return render(iter_events(cfg(), STORY, 1), lang=lang, width=width)


def _box(text: str) -> str:
    return " ".join(
        re.sub(r"[┃┏┗━]", " ", line).strip() for line in text.splitlines() if "┃" in line
    )


def test_the_box_says_nobody_watched_when_nobody_woke_the_watcher() -> None:
    # Seed STORY: both hand-overs are missed; the wolves come at 01:09 in Sister Ysolde's
    # watch, for which nobody woke her: the hour says "на варті нікого", so does the box.
    uk = _story("uk")
    assert "на варті: ніхто до 01:39, потім Sister Ysolde" in uk
    box = _box(uk)
    assert "На варті нікого: зараз варта Sister Ysolde, але Sister Ysolde ніхто не розбудив." in box
    assert "але вона спить" not in box
    en = _box(_story("en"))
    assert "Nobody was on watch: it was Sister Ysolde's turn, but nobody woke Sister" in en
    assert "but Sister Ysolde was asleep" not in en


def test_the_awake_list_says_when_the_sleepers_were_up() -> None:
    # Moss and Wren slept until the wolves woke the camp at 01:09 and lay down at 01:39:
    # not "awake" for the hour, but awake from 01:09 to 01:39.
    assert "не сплять 01:09–01:39: Moss, Wren" in _story("uk", 100)
    assert "awake 01:09–01:39: Moss, Wren" in _story("en", 100)


def test_the_morning_says_what_an_exhaustion_level_means() -> None:
    # Moss and Wren end the night exhausted: the note under the table says what a level is
    # (docs/rules.md §6.1), in both languages, at a narrow width as at a wide one.
    for lang, said in (
        ("uk", "Виснаження: кожна ніч без повноцінного відпочинку додає рівень"),
        ("en", "Exhaustion: each night without a full rest adds a level"),
    ):
        for width in (60, 100):
            text = " ".join(_story(lang, width).split())
            assert said in text, (lang, width)
            assert "\u22121" in text.split(said)[1][:200], (lang, width)


def test_a_number_never_parts_from_its_noun_at_a_line_end() -> None:
    # "2 ⏎ збирачі", "4 ⏎ години": at every width the no-break space holds them together, and
    # the terminal shows it as a space, not as its escape.
    import io

    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.safe import TextConsole

    uk = Catalogue("uk")
    line = "Багаття розпалено: " + uk("evening.fire_lit", hours=4, until="23:00") + " 50,3\u00a0%"
    for width in range(20, 60):
        out = io.StringIO()
        TextConsole(width=width, file=out, force_terminal=False).print(line)
        text = out.getvalue()
        assert "\\xa0" not in text
        lines = [x.rstrip() for x in text.splitlines()]
        for a, b in pairwise(lines):
            assert not (a[-1:].isdigit() and b.startswith(("годин", "%"))), (width, a, b)
        assert "4\u00a0години" in text or "4 години" in " ".join(lines)


def test_rich_s_word_pattern_is_patched_only_where_it_is_the_one_known(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The no-break spaces are kept by replacing a pattern in rich's private `_wrap`: done
    with the rich installed (a rich that changed it fails here, in CI), and never done over
    a pattern it was not written against."""
    import re

    import rich._wrap

    from nightsim.narration import safe

    assert safe.KEPT_TOGETHER
    other = re.compile(r"\s*\S+\s*?")
    monkeypatch.setattr(rich._wrap, "re_word", other)
    assert not safe.keep_no_break_spaces()
    assert rich._wrap.re_word is other
