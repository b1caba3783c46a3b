"""The referee's console home (`/`): the camps and campaigns in the folder, each with what
can be done with it."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from nightsim.serve.auth import require_referee
from nightsim.serve.context import context, render
from nightsim.serve.routes_api import listed


def routes() -> list[BaseRoute]:
    return [Route("/", home, methods=["GET"])]


async def home(request: Request) -> Response:
    require_referee(request)
    ctx = context(request)
    base = str(request.base_url).rstrip("/")
    return render(
        request,
        "home.html.j2",
        camps=listed(request, ".toml"),
        campaigns=listed(request, ".campaign"),
        folder=str(ctx.root),
        players_url=f"{base}/table?t={ctx.players_token}",
        last=ctx.hub.last_night_first(),
    )
