"""A campaign as the referee reads it between nights: `campaign show` as a page
(`/campaigns/{name}/show`), the campaign's own page (`/campaigns/{name}/page`, every night
re-simulated first, `?view=players` the one to post for the table), and the block to publish
before a session (`/campaigns/{name}/publish`): the same functions the commands use
(nightsim/campaign_shown.py, nightsim/campaign/publish.py)."""

from __future__ import annotations

import io

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from nightsim.serve import console
from nightsim.serve.context import render
from nightsim.serve.folder import BadName, existing

SHOW_WIDTH = 80


def routes() -> list[BaseRoute]:
    return [
        Route("/campaigns/{name}/show", show, methods=["GET"]),
        Route("/campaigns/{name}/page", page, methods=["GET"]),
    ]


async def show(request: Request) -> Response:
    console.referee(request)
    try:
        path = existing(console.root(request), request.path_params["name"], ".campaign")
    except BadName as exc:
        return console.bad_name(request, exc)
    lang = console.lang(request)

    def text() -> str:
        from nightsim.campaign import Campaign
        from nightsim.campaign_shown import show_text
        from nightsim.narration.catalogue import Catalogue

        out = io.StringIO()
        with Campaign.open(path, wait=2.0) as c, c.snapshot():
            show_text(c, Catalogue(lang), SHOW_WIDTH, out)
        return out.getvalue()

    try:
        shown = await to_thread.run_sync(text)
    except Exception as exc:
        return _refused(request, exc)
    return render(request, "ledger_show.html.j2", name=path.stem, shown=shown)


async def page(request: Request) -> Response:
    console.referee(request)
    view = request.query_params.get("view", "referee")
    if view not in ("referee", "players"):
        return console.refused(request, "view: referee | players")
    try:
        path = existing(console.root(request), request.path_params["name"], ".campaign")
    except BadName as exc:
        return console.bad_name(request, exc)
    lang = console.lang(request)

    def made() -> str:
        from nightsim.campaign import Campaign
        from nightsim.campaign_shown import page_text

        with Campaign.open(path, wait=2.0) as c, c.frozen() as f:
            return page_text(f, lang, checked=True, view=view)

    try:
        text = await to_thread.run_sync(made)
    except Exception as exc:
        return _refused(request, exc)
    return console.report(text)


def _refused(request: Request, exc: Exception) -> Response:
    """A campaign that cannot be read, or that fails its verification, as a refusal in one
    line (409 for one that contradicts its logs); anything else is the server's fault."""
    from nightsim.campaign_shown import Unverified
    from nightsim.errors import CampaignError, LogError
    from nightsim.serve.context import page_lang
    from nightsim.told import in_lang, said_of

    said = in_lang(said_of(exc), page_lang(request))  # in the console's language
    if isinstance(exc, Unverified):
        return console.refused(request, said.splitlines()[0][:300], 409)
    if isinstance(exc, (CampaignError, LogError)):
        return console.refused(request, said.splitlines()[0][:300], 400)
    raise exc
