"""`GET /events`: every event played through the server, one CloudEvent per server-sent
event, the same bytes `nightsim run --format cloudevents` writes (docs/serve.md, "The
stream"). `id:` is the stream's cursor, `Last-Event-ID` (or `?after=`) resumes after it;
`?view=players` is the players' view, the only one the players' token gets."""

from __future__ import annotations

from collections.abc import AsyncIterator

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from nightsim.serve.auth import require_referee
from nightsim.serve.context import context
from nightsim.told import Said


def routes() -> list[BaseRoute]:
    return [Route("/events", events, methods=["GET"])]


def _after(request: Request) -> int:
    text = request.headers.get("last-event-id") or request.query_params.get("after") or "0"
    if text == "now":  # only what comes next: a bot that does not want the history
        return context(request).hub.last_id
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        raise HTTPException(400, Said("serve.cursor"))
    return int(text)


async def events(request: Request) -> Response:
    view = request.query_params.get("view", "referee")
    if view not in ("referee", "players"):
        raise HTTPException(400, "view")
    if view == "referee":
        require_referee(request)
    after = _after(request)
    hub = context(request).hub

    async def stream() -> AsyncIterator[bytes]:
        yield b"retry: 2000\n\n"
        async for s in hub.follow(after, view):
            if s.id == 0:
                if await request.is_disconnected():
                    return
                yield b": keep-alive\n\n"
                continue
            data = s.message.referee if view == "referee" else s.message.players
            yield f"id: {s.id}\nevent: {s.message.type}\ndata: {data}\n\n".encode()

    headers = {"X-Accel-Buffering": "no"}
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)
