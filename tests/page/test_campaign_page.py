"""The campaign page (`nightsim.page.campaign`), read as text: every night present and
linked, the adjustments in their places, the charts drawn at their values, a hostile title
and note shown as text, no script, no request, both languages
(tests/page/test_page_browser.py opens it in a real browser).

The campaigns here are made as the ledger makes them: one `nightsim run` log a night (the
writer's own lines), each night its own seed, begun from the last morning (HP, exhaustion,
the next day of the calendar), with adjustments between nights applied to the next night's
config.
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from nightsim.errors import BrokenLog
from nightsim.page.campaign import (
    COMPACT_NIGHTS,
    AdjustmentView,
    NightRow,
    campaign_html,
    page,
)
from tests.helpers.campaigns import campaign

HOSTILE = '<script>alert(1)</script></details><img src=x onerror=alert(2)> "&'


@cache
def ten() -> tuple[list[list[str]], list[AdjustmentView]]:
    return campaign(10)


def html(lang: str = "en", title: str = "The Hag's Road") -> str:
    logs, adjustments = ten()
    return campaign_html(title, logs, adjustments, lang=lang)


# --- structure ----------------------------------------------------------------------------


def test_every_night_is_a_row_and_a_section_its_link_finds() -> None:
    text = html()
    links = re.findall(r'<a href="#(night-\d+)">', text)
    ids = re.findall(r'<details class="night" id="(night-\d+)">', text)
    assert ids == [f"night-{i}" for i in range(1, 11)]
    assert links == ids  # one link per night, in order, each to its section
    assert len(set(re.findall(r'\bid="([^"]+)"', text))) == len(re.findall(r'\bid="', text))
    for target in re.findall(r'href="#([^"]+)"', text):
        assert f'id="{target}"' in text


def test_each_section_is_the_night_s_own_page_numbered_in_the_campaign() -> None:
    logs, adjustments = ten()
    view = page("t", logs, adjustments)
    assert [s.title.split(" \u00b7 ")[0] for s in view.sections] == [
        f"Night {i}" for i in range(1, 11)
    ]
    assert view.sections[2].night.morning.title.startswith("Morning after night 3 ")
    text = html()
    # the night page's own parts, in every section: its chart, its hours, its morning table
    assert text.count('<svg class="tl"') == 10
    assert text.count('<table class="stack morning">') == 10
    assert text.count('<div class="card camp">') == 10


def test_the_table_tells_date_camp_watch_encounter_rest_and_head() -> None:
    logs, adjustments = ten()
    view = page("t", logs, adjustments)
    rows = [r for r in view.rows if isinstance(r, NightRow)]
    assert [r.date for r in rows][:2] == ["1 Reedwryme, autumn", "2 Reedwryme, autumn"]
    assert {r.camp for r in rows} == {"tangled forest, damp"}
    assert all(
        set(r.watched.split(", ")) <= {"Sir Aldric", "Wren", "Sister Ysolde", "Moss"} for r in rows
    )
    for r, lines in zip(rows, logs, strict=True):
        head = json.loads(lines[-1])["hash"]
        # The short head as every page shows it: what `verify --head` takes.
        assert (r.head, r.short) == (head, f"{head[:4]}-{head[4:8]}-{head[8:12]}")
        came = [json.loads(x) for x in lines if '"monster.arrived"' in x]
        assert r.attacked == bool(came)
        if came:
            assert came[0]["creature"] in r.encounter
        else:
            assert r.encounter == "none"
        summary = json.loads(lines[-1])
        rested = [c["name"] for c in summary["characters"] if c["full_rest"]]
        assert r.rested == (", ".join(rested) or "nobody")
    text = html()
    for r in rows:
        assert f'<code class="head" title="{r.head}">{r.short}</code>' in text


def test_adjustments_stand_between_their_nights_with_their_notes() -> None:
    logs, adjustments = ten()
    extra = [AdjustmentView(0, ("party.Wren.hp=4",), "before we set out"), *adjustments]
    extra.append(AdjustmentView(10, ("camp.ingredients=false",), "the larder is empty"))
    view = page("t", logs, extra)
    order = [r.number if hasattr(r, "number") else r.when for r in view.rows]
    assert order[0] == "Before the first night"
    assert order[1:4] == [1, 2, "Between nights 2 and 3"]
    assert order[-1] == "After night 10"
    text = campaign_html("t", logs, extra)
    assert '<code>party.Wren.hp=1</code> <span class="note">Wren fought on the road</span>' in text
    with pytest.raises(ValueError, match="after_night 11: expected 0 to 10"):
        page("t", logs, [AdjustmentView(11, (), "")])


def test_the_charts_draw_every_value_where_it_is() -> None:
    """No offset: a point's y is its value's on the axis; the adjustment is a vertical step
    at the nights' edge (Wren after night 2, then HP 1 as night 3 begins)."""
    logs, adjustments = ten()
    view = page("t", logs, adjustments)
    hp, exhaustion = view.charts
    frame = hp.frame
    ticks = {t.label: t.at for t in hp.yticks}
    wren = next(line for line in hp.lines if line.name == "Wren")
    x2 = frame.x(2, 10)
    assert any(m.x == x2 and m.y == frame.y(1, 10) for m in wren.marks)  # HP 1, before night 3
    assert "Wren, before night 3: 1" in [m.tip for m in wren.marks]
    assert ticks["10"] == frame.y(10, 10)  # the axis reaches Sir Aldric's max HP
    assert hp.top == 10
    for chart in (hp, exhaustion):
        for line in chart.lines:
            for m in line.marks:
                value = int(m.tip.rsplit(": ", 1)[1])
                assert m.y == frame.y(value, chart.top)
    # told apart without moving them: each its own dash and shape
    assert len({(line.dash, line.shape) for line in hp.lines}) == 4
    assert hp.lines[0].label == "Sir Aldric (max HP 10)"


def test_a_member_away_leaves_a_gap_not_a_line() -> None:
    logs, adjustments = ten()
    hp = page("t", logs, adjustments).charts[0]
    moss = next(line for line in hp.lines if line.name == "Moss")
    assert moss.path.count("M") == 2  # nights 1-5, then 8-10
    tips = [m.tip for m in moss.marks]
    assert not any("night 6" in tip or "night 7" in tip for tip in tips)


def test_a_thousand_nights_stay_readable() -> None:
    """The chart's labels thinned (at most ~10 on the night axis), a bounded number of marks,
    and the sections compact beyond COMPACT_NIGHTS (checked on a short campaign with the
    limit lowered: the thousand nights are measured in bench, not here)."""
    from nightsim.page.campaign_chart import MARKS, CampaignSeries, Sample, campaign_lines

    samples = tuple(Sample(k, k % 7, f"p{k}") for k in range(1001))
    chart = campaign_lines("hp", "nights", [CampaignSeries("A", "A", (samples,))] * 3, 1000, 7)
    assert [t.label for t in chart.xticks] == [str(k) for k in range(0, 1001, 100)]
    assert all(len(line.marks) <= MARKS + 1 for line in chart.lines)
    assert len({line.marks[0].x for line in chart.lines}) == 3  # each series' marks apart


def test_compact_sections_leave_out_the_timeline(monkeypatch: pytest.MonkeyPatch) -> None:
    import nightsim.page.campaign as module

    logs, adjustments = ten()
    monkeypatch.setattr(module, "COMPACT_NIGHTS", 5)
    text = campaign_html("t", logs, adjustments)
    assert '<svg class="tl"' not in text
    assert "more than 5 nights" in text
    assert text.count('<table class="stack morning">') == 10
    assert COMPACT_NIGHTS >= 100


# --- safety ---------------------------------------------------------------------------------


def test_a_hostile_title_and_note_are_text() -> None:
    logs, _ = ten()
    hostile = [AdjustmentView(3, (HOSTILE,), HOSTILE)]
    text = campaign_html(HOSTILE, logs, hostile)
    assert HOSTILE not in text
    assert "<script" not in text
    assert "<img" not in text
    assert text.count("</details>") == 10  # the sections' own, none from the input
    escaped = (
        "&lt;script&gt;alert(1)&lt;/script&gt;&lt;/details&gt;&lt;img src=x onerror=alert(2)&gt;"
    )
    assert text.count(escaped) == 4  # <title>, <h1>, the item, the note


def test_the_page_requests_nothing_and_runs_no_script() -> None:
    for lang in ("en", "uk"):
        text = html(lang)
        assert not re.search(r"https?://|\bsrc=|<link|@import|url\(", text), "a request"
        assert "<script" not in text
        assert (
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\';'
            " style-src 'unsafe-inline'\">"
        ) in text
        assert "script-src" not in text
        assert "tabindex" not in text.split('<details class="night"')[0]


def test_the_same_campaign_gives_the_same_bytes() -> None:
    assert html() == html()


def test_a_broken_night_is_refused_naming_it() -> None:
    logs, adjustments = ten()
    broken = [list(x) for x in logs]
    broken[3][5] = broken[3][5].replace('"t":', '"t": ', 1)
    with pytest.raises(BrokenLog, match=r"^night 4's log is broken: line 6: "):
        campaign_html("t", broken, adjustments)


def test_no_night_yet() -> None:
    text = campaign_html("New", [], [AdjustmentView(0, ("party.Wren.hp=4",), "")])
    assert "No night has been played yet." in text
    assert "<details" not in text and "<svg" not in text


# --- languages ------------------------------------------------------------------------------


def test_the_ukrainian_page() -> None:
    text = html("uk")
    assert '<html lang="uk">' in text
    assert "Огляд кампанії" in text
    assert "Між ночами 2 і 3" in text  # noqa: RUF001 (Ukrainian)
    assert (
        "Ніч 10 \u00b7 10 Рідрайма, осінь" in text
    )  # the month in Ukrainian letters, after a day its genitive
    assert text.count('<details class="night"') == 10


def test_every_catalogue_key_the_page_uses_exists_in_both() -> None:
    from nightsim.narration.catalogue_en import EN
    from nightsim.narration.catalogue_uk import UK
    from nightsim.page import campaign, campaign_chart

    keys = {k for k in EN if k.startswith("campaignpage.")}
    assert keys == {k for k in UK if k.startswith("campaignpage.")}
    used: set[str] = set()
    for module in (campaign, campaign_chart):
        with open(str(module.__file__), encoding="utf-8") as fh:
            used |= set(re.findall(r'"(campaignpage\.[a-z_]+)"', fh.read()))
    assert used and used <= keys
