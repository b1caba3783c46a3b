"""Verify a log in the console: an uploaded log, or a campaign's night, with the values
published before or at the session (head, seed commitment, config fingerprint).

GET `/verify` is the form, POST `/verify` the verdict in words (serve/verify_answer.py,
the functions `nightsim verify` calls). A log that is not one, or a malformed published
value, is bad input (400); a log that fails verification is an answer, not an error (200,
"NOT GENUINE" and why).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import PurePath
from typing import IO, Any

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from nightsim.limits import shown
from nightsim.serve import console
from nightsim.serve.auth import MAX_BODY_BYTES
from nightsim.serve.context import told
from nightsim.serve.folder import BadName, existing
from nightsim.told import in_lang, said_of

MAX_UPLOAD_BYTES = MAX_BODY_BYTES  # the server's body limit: a night is ~20 kB, 100 nights ~2 MB


def routes() -> list[BaseRoute]:
    return [Route("/verify", verify_page, methods=["GET", "POST"])]


def campaigns(request: Request) -> list[str]:
    """The campaigns in DIR by name (their files' names less `.campaign`), sorted."""
    root = console.root(request)
    return sorted(p.name[: -len(".campaign")] for p in root.glob("*.campaign") if p.is_file())


async def verify_page(request: Request) -> Response:
    console.referee(request)
    if request.method == "GET":
        return _form(request, {})
    form = await console.form_of(request)
    values = console.texts(form)
    try:
        published = _published(values, console.catalogue(request))
    except ValueError as exc:
        return _form(request, values, 400, error=told(request, exc))
    try:
        with log_of(request, form) as (fh, where):
            answer = _answer(fh, where, published, console.lang(request))
    except Refused as exc:
        return _form(request, values, exc.status, error=exc.reason)
    return _form(request, values, answer=answer)


class Refused(Exception):
    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.reason, self.status = reason, status


def _published(values: dict[str, str], t: Any) -> Any:
    from nightsim.heads import parse_head
    from nightsim.serve.verify_answer import AskedFor, parse_sha256

    def sha(field: str) -> str | None:
        text = values.get(field, "").strip()
        if not text:
            return None
        try:
            return parse_sha256(text)
        except ValueError:
            raise ValueError(t("console.bad_sha", field=field)) from None

    head_text = values.get("head", "").strip()
    try:
        head = parse_head(head_text) if head_text else None
    except ValueError as exc:
        reason = in_lang(str(exc), t.lang)  # `refuse.head`, told in the page's language
        raise ValueError(t("console.bad_head", field="head", reason=reason)) from None
    return AskedFor(head, sha("commitment"), sha("config_sha256"))


@contextmanager
def log_of(request: Request, form: FormData) -> Iterator[tuple[IO[bytes], str]]:
    """The log to verify: the upload (within MAX_UPLOAD_BYTES) or a campaign night's."""
    t = console.catalogue(request)
    uploaded = console.upload(form, "log")
    if uploaded is not None:
        fh = uploaded.file
        fh.seek(0, io.SEEK_END)
        if fh.tell() > MAX_UPLOAD_BYTES:
            raise Refused(t("console.too_big", most=f"{MAX_UPLOAD_BYTES // 2**20} MiB"), 413)
        fh.seek(0)
        # The name the browser sent, as a message may show it: its last part, escaped.
        yield fh, shown(PurePath(PurePath(uploaded.filename or "upload.jsonl").name))
        return
    name = str(form.get("campaign", "") or "")
    if not name:
        raise Refused(t("console.no_log"))
    log = _night_log(request, name, str(form.get("night", "") or ""))
    yield io.BytesIO(log), shown(PurePath(name))


def _night_log(request: Request, name: str, night_text: str) -> bytes:
    from nightsim.campaign import Campaign
    from nightsim.errors import CampaignError

    t = console.catalogue(request)
    try:
        path = existing(console.root(request), name, ".campaign")
    except BadName as exc:
        status = 404 if exc.why == "console.not_found" else 400
        raise Refused(t(exc.why, name=exc.name), status) from None
    try:
        with Campaign.open(path, wait=2.0) as c:
            nights = c.state.nights
            if nights == 0:
                raise Refused(t("console.no_nights", name=path.name))
            text = night_text.strip()
            if not (text.isdigit() and len(text) < 10 and 1 <= int(text) <= nights):
                raise Refused(t("console.bad_night", field="night", most=nights))
            night = c.night(int(text))
    except CampaignError as exc:
        raise Refused(str(exc), 409) from None
    if night is None:
        raise Refused(t("console.bad_night", field="night", most=nights))
    return night.log


def _answer(fh: IO[bytes], where: str, published: Any, lang: str) -> Any:
    from nightsim.errors import LogError, NotALog, UnknownDice
    from nightsim.serve.verify_answer import Answer, verify_log

    try:
        return verify_log(fh, where, published, lang)
    except (NotALog, UnknownDice) as exc:
        raise Refused(f"{where}: {in_lang(said_of(exc), lang)}") from None
    except LogError as exc:
        # A broken chain is a verdict: the log is not the night it claims.
        return Answer(False, [f"{where}: {exc}"])


def _form(request: Request, values: dict[str, str], status: int = 200, **shown: Any) -> Response:
    shown.setdefault("error", "")
    shown.setdefault("answer", None)
    return console.page(
        request,
        "console_verify.html.j2",
        status,
        values=values,
        campaigns=campaigns(request),
        most=f"{MAX_UPLOAD_BYTES // 2**20} MiB",
        **shown,
    )
