"""Who may ask what (docs/serve.md, "Security"): every request carries a token, the referee's
or the players'; a request for another host is refused; a form posted without the CSRF token
is refused; a body past its limit is refused before it is read whole.

A pure ASGI middleware, so that the body can be counted as it arrives and a form's CSRF
field read before the route sees it (the route reads the same bytes again).
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from starlette.datastructures import Headers, QueryParams
from starlette.exceptions import HTTPException
from starlette.requests import Request

from nightsim.serve.context import ServeContext

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "nightsim_token"
MAX_BODY_BYTES = 8 * 1024 * 1024  # an uploaded log of a long journey; docs/limits.md
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# The pages' policy: the app's own files only, no inline script, nothing from elsewhere.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)


def role_of(ctx: ServeContext, token: str | None) -> str | None:
    """ "referee", "players" or None; both compared in constant time, always both."""
    if not token:
        return None
    given = token.encode()
    referee = hmac.compare_digest(given, ctx.referee_token.encode())
    players = hmac.compare_digest(given, ctx.players_token.encode())
    return "referee" if referee else "players" if players else None


def require_referee(request: Request) -> None:
    """403 unless the request carries the referee's token."""
    if getattr(request.state, "role", None) != "referee":
        raise HTTPException(403, "referee")


def _token(scope: Scope) -> tuple[str | None, str]:
    """The token a request carries and how: "query", "bearer", "cookie" or ""."""
    query = QueryParams(scope.get("query_string", b"").decode("latin-1"))
    if "t" in query:
        return query["t"], "query"
    headers = Headers(scope=scope)
    auth = headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip(), "bearer"
    for part in headers.get("cookie", "").split(";"):
        name, _, value = part.strip().partition("=")
        if name == COOKIE:
            return value, "cookie"
    return None, ""


_LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


def host_ok(scope: Scope, host: str, extra: frozenset[str]) -> bool:
    """`Host` names the address the request came in on (so a DNS name that an attacker
    points at 127.0.0.1 is refused: DNS rebinding), `localhost` for a loopback address, or
    one of `extra`."""
    if host in extra:
        return True
    server = scope.get("server")
    if not server:
        return False
    address, port = str(server[0]), int(server[1] or 0)
    names = {address, f"[{address}]"} | (
        {"localhost", "127.0.0.1", "[::1]"} if address in _LOOPBACK else set()
    )
    return any(host in (f"{n}:{port}", n if port == 80 else "") for n in names if n)


def _wants_json(scope: Scope) -> bool:
    path: str = scope.get("path", "")
    accept = Headers(scope=scope).get("accept", "")
    return path.startswith(("/api", "/events", "/openapi")) or "application/json" in accept


async def refuse(scope: Scope, send: Send, status: int, reason: str) -> None:
    """One line, in JSON for the API and the stream, in a short page elsewhere."""
    if _wants_json(scope):
        body = json.dumps({"error": reason}, ensure_ascii=False).encode()
        kind = b"application/json"
    else:
        from html import escape

        text = f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{status}</title>'
        text += f'</head><body><p role="alert">{escape(reason)}</p></body></html>'
        body, kind = text.encode(), b"text/html; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
    if status == 401:
        headers.append((b"www-authenticate", b'Bearer realm="nightsim"'))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _words(scope: Scope, ctx: ServeContext, key: str, **fields: Any) -> str:
    from nightsim.narration.catalogue import Catalogue

    query = QueryParams(scope.get("query_string", b"").decode("latin-1"))
    asked = query.get("lang")
    lang = asked if asked is not None and asked in ("en", "uk") else ctx.lang
    return Catalogue(lang)(key, **fields)


class Guard:
    """The middleware: host, token, role, body limit, CSRF, and the security headers."""

    def __init__(self, app: ASGIApp, ctx: ServeContext) -> None:
        self.app, self.ctx = app, ctx

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        ctx = self.ctx
        host = Headers(scope=scope).get("host", "")
        if not host_ok(scope, host, ctx.allowed_hosts):
            await refuse(scope, send, 421, _words(scope, ctx, "serve.wrong_host", host=host[:80]))
            return
        token, how = _token(scope)
        role = role_of(ctx, token)
        # Every request, the static files too (docs/serve.md, "Security"): a page opened with
        # `?t=` has set the cookie its stylesheet and scripts are then asked for with.
        if role is None:
            await refuse(scope, send, 401, _words(scope, ctx, "serve.no_token"))
            return
        scope.setdefault("state", {})["role"] = role
        if scope["method"] not in SAFE_METHODS:
            try:
                body = None if _declared(scope) > MAX_BODY_BYTES else await _body(receive)
            except _Gone:
                return  # the client left before its body was whole: nothing is done
            if body is None:
                await refuse(scope, send, 413, _words(scope, ctx, "serve.too_large"))
                return
            if how != "bearer" and not _csrf_ok(scope, body, ctx.csrf):
                await refuse(scope, send, 403, _words(scope, ctx, "serve.csrf"))
                return
            receive = _replay(body)
        await self.app(scope, receive, _headers(send, token if how == "query" else None))


class _Gone(Exception):
    """The client disconnected before its request's body was whole."""


def _declared(scope: Scope) -> int:
    """The body's length as the request declares it (0: not declared, or not a number: the
    server refuses a malformed one before the app sees it)."""
    length = Headers(scope=scope).get("content-length", "")
    if not length.isascii() or not length.isdigit():
        return 0
    return int(length) if len(length) <= 18 else MAX_BODY_BYTES + 1


async def _body(receive: Receive) -> bytes | None:
    """The whole body, or None past MAX_BODY_BYTES (never held whole past it). A request
    whose client leaves mid-body is not acted on (a night is not played on half a body)."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise _Gone
        chunk: bytes = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


def _csrf_ok(scope: Scope, body: bytes, expected: str) -> bool:
    headers = Headers(scope=scope)
    given = headers.get("x-csrf-token")
    if given is None:
        given = _form_field(headers.get("content-type", ""), body, "csrf")
    return given is not None and hmac.compare_digest(given.encode(), expected.encode())


def _form_field(kind: str, body: bytes, name: str) -> str | None:
    """A posted form's field `name`: urlencoded, or a multipart part of that name."""
    if kind.startswith("application/x-www-form-urlencoded"):
        values = parse_qs(body.decode("latin-1"), keep_blank_values=True).get(name)
        return values[-1] if values else None
    if kind.startswith("multipart/form-data"):
        marker = f'name="{name}"\r\n\r\n'.encode()
        at = body.find(marker)
        if at < 0:
            return None
        start = at + len(marker)
        end = body.find(b"\r\n", start)
        return body[start:end].decode("latin-1") if end >= 0 else None
    return None


def _headers(send: Send, set_token: str | None) -> Send:
    """Every answer's security headers; the token's cookie when a page was opened with
    `?t=` (HttpOnly, SameSite=Strict: no other site's page can send it)."""

    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            names = {k.lower() for k, _ in headers}
            if b"content-security-policy" not in names:
                headers.append((b"content-security-policy", CSP.encode()))
            headers += [
                (b"x-content-type-options", b"nosniff"),
                (b"referrer-policy", b"no-referrer"),  # the token may be in the address
                (b"x-frame-options", b"DENY"),
                (b"cache-control", b"no-store"),
            ]
            if set_token:
                cookie = f"{COOKIE}={set_token}; Path=/; HttpOnly; SameSite=Strict"
                headers.append((b"set-cookie", cookie.encode()))
            message["headers"] = headers
        await send(message)

    return wrapped
