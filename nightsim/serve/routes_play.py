"""Playing a night and watching it told: the referee's `POST /campaigns/{name}/play` and
`POST /camps/{name}/play`, the referee's `/watch` page, the players' screen `/table`, and
`/live`, the told blocks as server-sent events for both screens (docs/serve.md)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from anyio import to_thread
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from nightsim.serve.auth import require_referee
from nightsim.serve.context import context, page_lang, render
from nightsim.serve.folder import BadName, existing
from nightsim.serve.hub import Stored
from nightsim.serve.play import Played, camp_night, campaign_night
from nightsim.serve.views import messages

MAX_PACE = 60.0  # seconds an event: a night told over a session at most


def routes() -> list[BaseRoute]:
    return [
        Route("/campaigns/{name}/play", play_campaign, methods=["POST"]),
        Route("/camps/{name}/play", play_camp, methods=["POST"]),
        Route("/watch", watch, methods=["GET"]),
        Route("/table", table, methods=["GET"]),
        Route("/live", live, methods=["GET"]),
    ]


class NightBusy(Exception):
    """Another night is being played on this campaign (409)."""


_locks: dict[str, asyncio.Lock] = {}


async def publish(request: Request, played: Played, pace: float) -> list[Stored]:
    """The committed night into the stream: stored now, released (paced) in the background."""
    hub = context(request).hub
    found = await to_thread.run_sync(lambda: list(messages(played.lines)))
    stored = hub.reserve(found)
    task = asyncio.get_running_loop().create_task(hub.release(stored, pace))
    request.app.state.tasks.add(task)
    task.add_done_callback(request.app.state.tasks.discard)
    return stored


async def play_campaign_night(
    request: Request, name: str, sets: list[str], pace: float
) -> tuple[Played, list[Stored]]:
    """The campaign's next night, committed, then published. NightBusy while another night
    is being played on it (this server's tabs, or another nightsim on the file)."""
    from nightsim.errors import CampaignBusy

    path = existing(context(request).root, name, ".campaign")
    lock = _locks.setdefault(path.name, asyncio.Lock())
    if lock.locked():
        raise NightBusy(path.name)
    async with lock:
        try:
            played = await to_thread.run_sync(lambda: campaign_night(path, sets))
        except CampaignBusy:
            raise NightBusy(path.name) from None
    return played, await publish(request, played, pace)


def _pace(value: Any) -> float:
    try:
        pace = float(value or 0)
    except (TypeError, ValueError):
        raise HTTPException(400, "pace") from None
    if not 0 <= pace <= MAX_PACE:
        raise HTTPException(400, "pace")
    return pace


async def play_campaign(request: Request) -> Response:
    require_referee(request)
    form = await request.form()
    pace = _pace(form.get("pace"))
    sets = [s for s in str(form.get("sets") or "").splitlines() if s.strip()]
    t = context(request)
    try:
        _, stored = await play_campaign_night(request, request.path_params["name"], sets, pace)
    except NightBusy:
        return _refused(request, 409, "serve.busy")
    except BadName as exc:
        return _refused(request, 404 if exc.why == "console.not_found" else 400, exc.why, exc.name)
    except Exception as exc:  # a config or campaign refusal: one line, in words
        return _refusal_of(request, exc)
    del t
    return RedirectResponse(f"/watch?from={stored[0].id}&lang={page_lang(request)}", 303)


async def play_camp(request: Request) -> Response:
    require_referee(request)
    form = await request.form()
    pace = _pace(form.get("pace"))
    sets = [s for s in str(form.get("sets") or "").splitlines() if s.strip()]
    seed = str(form.get("seed") or "").strip() or None
    try:
        path = existing(context(request).root, request.path_params["name"], ".toml")
        root = context(request).root
        played = await to_thread.run_sync(lambda: camp_night(root, path, seed, sets))
    except BadName as exc:
        return _refused(request, 404 if exc.why == "console.not_found" else 400, exc.why, exc.name)
    except Exception as exc:
        return _refusal_of(request, exc)
    stored = await publish(request, played, pace)
    return RedirectResponse(f"/watch?from={stored[0].id}&lang={page_lang(request)}", 303)


def _refused(request: Request, status: int, key: str, name: str = "") -> Response:
    from nightsim.narration.catalogue import Catalogue

    reason = Catalogue(page_lang(request))(key, name=name)
    return render(request, "refused.html.j2", status, reason=reason)


def _refusal_of(request: Request, exc: Exception) -> Response:
    """A refusal the API raises for bad input (a config, a limit, a campaign's state) as a
    400 with its one line; anything else is the server's own fault and is raised."""
    from nightsim.errors import ConfigError, NotACampaign
    from nightsim.serve.context import told

    if isinstance(exc, (ConfigError, NotACampaign, ValueError)):
        reason = told(request, exc)  # in the page's language
        return render(request, "refused.html.j2", 400, reason=reason.splitlines()[0][:300])
    raise exc


def _night_blocks(request: Request, first: int, view: str) -> list[str]:
    key = f"{view}/{page_lang(request)}"
    hub = context(request).hub
    return [s.message.told[key] for s in hub.night_of(first) if key in s.message.told]


def _first(request: Request) -> int:
    try:
        return int(request.query_params.get("from", "0"))
    except ValueError:
        raise HTTPException(400, "from") from None


async def watch(request: Request) -> Response:
    """The referee's screen of a night just played: told as it is released (script), or
    whole (no script)."""
    require_referee(request)
    first = _first(request)
    return render(
        request,
        "watch.html.j2",
        view="referee",
        first=first,
        blocks=_night_blocks(request, first, "referee"),
        telling=context(request).hub.telling(first),
    )


async def table(request: Request) -> Response:
    """The players' screen: the last night played, in the players' view, live."""
    first = context(request).hub.last_night_first()
    return render(
        request,
        "table.html.j2",
        view="players",
        first=first,
        blocks=_night_blocks(request, first, "players") if first else [],
    )


async def live(request: Request) -> Response:
    """The told blocks as server-sent events (`event: told`), from cursor `from` on, for
    `view` (the players' token: the players' view only)."""
    view = request.query_params.get("view", "players")
    if view not in ("referee", "players"):
        raise HTTPException(400, "view")
    if view == "referee":
        require_referee(request)
    key = f"{view}/{page_lang(request)}"
    after = _first(request) - 1
    last = request.headers.get("last-event-id")
    if last and last.isdigit():
        after = int(last)
    hub = context(request).hub

    async def stream() -> AsyncIterator[bytes]:
        yield b"retry: 2000\n\n"
        async for s in hub.follow(after, view):
            if await request.is_disconnected():
                return
            if s.id == 0:
                yield b": keep-alive\n\n"
                continue
            text = s.message.told.get(key)
            night = s.message.type.startswith("nightsim.night.header.")
            if text is None and not night:
                continue
            data = json.dumps({"text": text or "", "night": night}, ensure_ascii=False)
            yield f"id: {s.id}\nevent: told\ndata: {data}\n\n".encode()

    return StreamingResponse(stream(), media_type="text/event-stream")
