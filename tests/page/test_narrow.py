"""A page on a 390 px phone: a chance is one word, the full head wraps instead of clipping."""

from __future__ import annotations

import re

from nightsim import simulate
from nightsim.config import default_config_path, load_config
from nightsim.page import night_html
from nightsim.page.render import environment


def test_a_chance_never_breaks_and_a_name_keeps_its_hyphens() -> None:
    page = night_html(simulate(load_config(default_config_path()), 2211).events)
    assert "2\u2011in\u20116" in page and not re.search(r"\d-in-\d", page)
    finalize = environment().finalize
    assert finalize is not None
    assert finalize("Anne-in-6 and 1-in-6") == "Anne-in-6 and 1\u2011in\u20116"


def test_the_full_head_wraps_rather_than_scrolls() -> None:
    css = environment().get_template("style.css").render()
    rule = next(x for x in css.splitlines() if x.startswith(".head .full"))
    assert "overflow-wrap: anywhere" in rule and "nowrap" not in rule
