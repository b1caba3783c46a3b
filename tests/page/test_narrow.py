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


def test_the_arrival_mark_stands_on_its_minute() -> None:
    # 22:10: the camp wakes on the same minute, on the same lane; the arrival keeps its place.
    config = load_config(default_config_path(), ["camp.encounter_chance=4"])
    page = night_html(simulate(config, "pedlar-curse-3").events)
    line = re.search(r'<line class="arrival" x1="([0-9.]+)"', page)
    mark = re.search(r'k-monster" transform="translate\(([0-9.]+) ', page)
    assert line and mark and line[1] == mark[1] == "116.67"
    woke = re.search(r'k-event" transform="translate\(([0-9.]+) 270\)[^>]*The whole camp', page)
    assert woke and float(woke[1]) > 116.67  # it made way


def test_names_and_lane_labels_are_lifted_off_their_bars_on_a_phone() -> None:
    css = environment().get_template("style.css").render()
    phone = css[css.index("@media (max-width: 40rem)") :]
    assert ".tl .name, .tl .lane { transform: translateY(-6px); paint-order: stroke;" in phone
