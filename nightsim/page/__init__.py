"""The night you can show (docs/table.md, "The night you can show"): one self-contained HTML
page of a night, a journey or the odds.

`night_html(events, lang)`, `odds_html(report)` and `rank_html(report)` (the other pages are
`whatif_html`, `page.sweep`'s and `page.campaign`'s) return the page as text: inline CSS and
SVG, a few lines of inline script that only enhance (a tooltip on keyboard focus), nothing
fetched from anywhere. The same input gives the same bytes (no clock, no random, no set
order), so a page can be golden-tested and diffed.

Templating: Jinja2 with autoescaping on for every template. Every name, spell and creature
comes from a config, and a config is input: each is printed through `{{ }}`, which escapes
it, so a party member named `<img src=x onerror=alert(1)>` is text on the page. No value is
ever marked safe, and no HTML is built by string concatenation in Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nightsim.events import Event
    from nightsim.narration.whatif import Told


def night_html(
    events: Iterable[Event], lang: str = "en", *, view: str = "referee", title: str | None = None
) -> str:
    """The page of a night or a journey, from its log's events (header first). `view`:
    "referee" (everything) or "players" (what the characters know); `title`: the page's own
    title (a campaign's, a session's) over the seed's."""
    from nightsim.page.night import page
    from nightsim.page.render import render

    shown = page(events, lang, view=view, title=title)
    return render("night.html.j2", page=shown, lang=shown.lang)


def whatif_html(told: Told) -> str:
    """The what-if page: the logged night and the changed one side by side."""
    from nightsim.page.render import render
    from nightsim.page.whatif import page

    view = page(told)
    return render("whatif.html.j2", page=view, lang=view.lang)


def odds_html(report: Mapping[str, Any], lang: str = "en") -> str:
    """The page of an `odds` report (`--format json`'s dict), or of `--rank-rotas`', in
    `lang` ("en" or "uk")."""
    from nightsim.page.odds import odds_page, rank_page
    from nightsim.page.render import render

    view = rank_page(report, lang) if "top" in report else odds_page(report, lang)
    return render("odds.html.j2", page=view, lang=view.lang)


def rank_html(report: Mapping[str, Any], lang: str = "en") -> str:
    """The page of an `odds --rank-rotas` report (`--format json`'s dict), in `lang`."""
    from nightsim.page.odds import rank_page
    from nightsim.page.render import render

    view = rank_page(report, lang)
    return render("odds.html.j2", page=view, lang=view.lang)
