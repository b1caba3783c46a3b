"""Every event the engine can make, told in every way a night is told: English and
Ukrainian, the text and the page, the referee's view and the players'.

The nights are tests/helpers/every_event.py's (a new event type fails there until a night
makes it). A word an event needs that is missing from a catalogue is a `KeyError` here, not
in `nightsim run` at the table (CONTRIBUTING.md, "Adding an event").
"""

from __future__ import annotations

import pytest

from nightsim.narration.catalogue import LANGS
from nightsim.narration.plain import narrate
from nightsim.page import night_html
from nightsim.view import VIEWS
from tests.helpers.every_event import EVERY_EVENT, every_event_nights, missing_types


def test_the_nights_make_every_event_type() -> None:
    told = [e for _, events in every_event_nights() for e in events]
    assert not missing_types(told), missing_types(told)


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("night", range(len(EVERY_EVENT)))
def test_every_event_is_told_in_text_and_on_the_page(night: int, lang: str, view: str) -> None:
    _, events = every_event_nights()[night]
    text = narrate(events, lang, 80, view=view)
    page = night_html(events, lang, view=view)
    assert text.strip() and page.startswith("<!DOCTYPE html>")
