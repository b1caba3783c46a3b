"""The ASGI app: the route modules, the guard, the static files and the error pages."""

from __future__ import annotations

import importlib
import sys
import traceback
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from nightsim.serve.auth import Guard
from nightsim.serve.context import ServeContext, page_lang, render
from nightsim.serve.hub import EventHub
from nightsim.told import Said, in_lang

# Each module has `routes() -> list[BaseRoute]`.
ROUTE_MODULES = (
    "routes_home",
    "routes_play",
    "routes_stream",
    "routes_api",
    "routes_camps",
    "routes_campaign",
    "routes_verify",
    "routes_whatif",
    "routes_odds",
    "routes_ledger",
)


def create_app(
    root: Path,
    *,
    lang: str = "en",
    referee_token: str | None = None,
    players_token: str | None = None,
    allowed_hosts: frozenset[str] = frozenset(),
) -> Starlette:
    import secrets

    folder = Path(root).resolve(strict=True)
    ctx = ServeContext(
        root=folder,
        lang=lang,
        referee_token=referee_token or secrets.token_urlsafe(24),
        players_token=players_token or secrets.token_urlsafe(24),
        hub=EventHub(folder),
        allowed_hosts=allowed_hosts,
    )
    routes: list[BaseRoute] = []
    for name in ROUTE_MODULES:
        routes += importlib.import_module(f"nightsim.serve.{name}").routes()
    static = Path(__file__).with_name("static")
    routes.append(Mount("/static", app=StaticFiles(directory=static), name="static"))
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
    )
    app.state.ctx = ctx
    app.state.tasks = set()
    app.add_middleware(Guard, ctx=ctx)
    return app


def _json(request: Request) -> bool:
    path = request.url.path
    return path.startswith(("/api", "/events", "/openapi")) or "json" in request.headers.get(
        "accept", ""
    )


def _reason(request: Request, exc: HTTPException) -> str:
    from nightsim.narration.catalogue import Catalogue

    lang = page_lang(request)
    t = Catalogue(lang)

    def told(detail: object) -> str:  # a reason by code (`Said`) in the page's language
        return in_lang(detail, lang) if isinstance(detail, Said) else str(detail)

    if exc.status_code == 403:
        return t("serve.referee_only")
    if exc.status_code == 404:
        return t("serve.not_found") if exc.detail in ("Not Found", None) else told(exc.detail)
    if exc.status_code == 405:
        return t("serve.method")
    return t("serve.bad_request", what=told(exc.detail)[:200])


async def _http_error(request: Request, exc: Any) -> Response:
    reason = _reason(request, exc)
    if _json(request):
        return JSONResponse({"error": reason}, status_code=exc.status_code)
    return render(request, "refused.html.j2", exc.status_code, reason=reason)


async def _server_error(request: Request, exc: Exception) -> Response:
    """A fault of the server's own: told on its stderr; the client gets one line."""
    traceback.print_exception(exc, file=sys.stderr)
    from nightsim.narration.catalogue import Catalogue

    said = Catalogue(page_lang(request))("serve.internal")
    return JSONResponse({"error": said}, status_code=500)
