"""What if, in the console: a logged night (uploaded, or a campaign's night) with one or
more `KEY=VALUE` changes, told beside the logged one on the what-if page (docs/disputes.md,
"What if"), the page `nightsim whatif --format html` prints, served as it is.

GET `/whatif` is the form; POST `/whatif` answers with the what-if page, or the form again
with the one line saying why not (400: not a log, a change the config refuses, a log that
verify refuses).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from nightsim.serve import console
from nightsim.serve.routes_verify import MAX_UPLOAD_BYTES, Refused, campaigns, log_of


def routes() -> list[BaseRoute]:
    return [Route("/whatif", whatif, methods=["GET", "POST"])]


async def whatif(request: Request) -> Response:
    console.referee(request)
    if request.method == "GET":
        return _form(request, {})
    form = await console.form_of(request)
    values = console.texts(form)
    sets = [line.strip() for line in values.get("sets", "").splitlines() if line.strip()]
    if not sets:
        return _form(
            request, values, 400, error=console.catalogue(request)("console.whatif_needs_set")
        )
    from nightsim.errors import LogError, UnknownDice
    from nightsim.serve.whatif_page import NotAsked, whatif_html

    try:
        with log_of(request, form) as (fh, where):
            text = whatif_html(fh, where, sets, console.lang(request))
    except Refused as exc:
        return _form(request, values, exc.status, error=exc.reason)
    except (NotAsked, LogError, UnknownDice) as exc:
        return _form(request, values, 400, error=str(exc))
    return console.report(text)


def _form(request: Request, values: dict[str, str], status: int = 200, error: str = "") -> Response:
    return console.page(
        request,
        "console_whatif.html.j2",
        status,
        values=values,
        campaigns=campaigns(request),
        most=f"{MAX_UPLOAD_BYTES // 2**20} MiB",
        error=error,
    )
