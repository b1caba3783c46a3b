"""What the console's route modules share: the referee check, a page with a status, a
refusal in the page's language, and a posted form read within the limits.

Every console route is the referee's: the players' token gets 403 (`require_referee`).
Bad input is a 4xx page whose first line says why, in the page's language (docs/serve.md).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from nightsim.serve.folder import BadName

if TYPE_CHECKING:
    from nightsim.narration.catalogue import Catalogue

MAX_FIELD_BYTES = 256 * 1024  # one form field (a long encounter table, a list of changes)
MAX_FIELDS = 2_000  # fields of one form: 64 members x 20 fields, the tables, the rest


def referee(request: Request) -> None:
    """403 unless the request carries the referee's token."""
    from nightsim.serve.auth import require_referee

    require_referee(request)


def root(request: Request) -> Path:
    path: Path = request.app.state.ctx.root
    return path


def lang(request: Request) -> str:
    """The page's language: `?lang=` if it names one, else the server's `--lang`."""
    asked = request.query_params.get("lang")
    default: str = request.app.state.ctx.lang
    return asked if asked in ("en", "uk") else default


def catalogue(request: Request) -> Catalogue:
    from nightsim.narration.catalogue import Catalogue

    return Catalogue(lang(request))


def page(request: Request, template: str, status: int = 200, **values: Any) -> Response:
    """The console's page `template`, drawn by the server's `render`, with `status`."""
    from nightsim.serve.context import render

    response: Response = render(request, template, **values)
    response.status_code = status
    return response


def refusal(request: Request, key: str, status: int = 400, **fields: Any) -> Response:
    """A 4xx page whose one line, in the page's language, says why (catalogue `key`)."""
    return refused(request, catalogue(request)(key, **fields), status)


def refused(request: Request, reason: str, status: int = 400) -> Response:
    """A 4xx page saying `reason` (a line already in words)."""
    t = catalogue(request)
    line = t("console.refused", reason=reason)
    return page(request, "console_refused.html.j2", status, title=line, reason=line)


def bad_name(request: Request, exc: BadName) -> Response:
    status = 404 if exc.why == "console.not_found" else 409 if exc.why == "console.exists" else 400
    return refusal(request, exc.why, status, name=exc.name)


async def form_of(request: Request) -> FormData:
    """The posted form, within the field limits (python-multipart counts them as it
    parses); a form past them is a 413 with its reason, never read whole."""
    try:
        return await request.form(max_files=1, max_fields=MAX_FIELDS, max_part_size=MAX_FIELD_BYTES)
    except HTTPException as exc:
        raise HTTPException(
            413 if exc.status_code == 400 else exc.status_code, exc.detail
        ) from None


def texts(form: FormData) -> dict[str, str]:
    """The form's text fields (the last value of a repeated name; files left out)."""
    return {k: v for k, v in form.items() if isinstance(v, str)}


def upload(form: FormData, name: str) -> UploadFile | None:
    value = form.get(name)
    return value if isinstance(value, UploadFile) and value.filename else None


_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def report(text: str, status: int = 200) -> HTMLResponse:
    """A page nightsim's `page` package drew (a report, the what-if page), as it is: a
    standalone page, whose own policy (its inline style, its script by hash, no request at
    all) is sent as the response's Content-Security-Policy too."""
    response = HTMLResponse(text, status_code=status)
    found = _POLICY.search(text)
    if found is not None:
        response.headers["Content-Security-Policy"] = html.unescape(found.group(1))
    return response
