"""The JSON API for scripts (docs/serve.md, "JSON for scripts"), described by
`/openapi.json`. `{name}` is a file's name in DIR less `.campaign` or `.toml`."""

from __future__ import annotations

import io
import json
from typing import Any

from anyio import to_thread
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from nightsim.serve.auth import require_referee
from nightsim.serve.context import context
from nightsim.serve.folder import BadName, existing
from nightsim.serve.routes_play import MAX_PACE, NightBusy, play_campaign_night
from nightsim.told import Said

MAX_NIGHT_NUMBER = 10**9


def routes() -> list[BaseRoute]:
    return [
        Route("/api/camps", camps, methods=["GET"]),
        Route("/api/campaigns", campaigns, methods=["GET"]),
        Route("/api/campaigns/{name}", campaign, methods=["GET"]),
        Route("/api/campaigns/{name}/nights", play, methods=["POST"]),
        Route("/api/campaigns/{name}/nights/{n}/log", night_log, methods=["GET"]),
        Route("/openapi.json", openapi, methods=["GET"]),
    ]


def error(status: int, reason: str) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


def listed(request: Request, suffix: str) -> list[str]:
    """The regular files of DIR with `suffix`, by name less it (symlinks and the rest left
    out: they are never served)."""
    root = context(request).root
    names = []
    for p in sorted(root.iterdir()):
        ours = p.name.endswith(suffix) and not p.name.startswith(".")
        if ours and p.is_file() and not p.is_symlink():
            names.append(p.name[: -len(suffix)])
    return names


async def camps(request: Request) -> Response:
    require_referee(request)
    return JSONResponse({"camps": listed(request, ".toml")})


async def campaigns(request: Request) -> Response:
    require_referee(request)
    return JSONResponse({"campaigns": listed(request, ".campaign")})


def _campaign_path(request: Request) -> Any:
    try:
        return existing(context(request).root, request.path_params["name"], ".campaign")
    except BadName as exc:
        status = 404 if exc.why == "console.not_found" else 400
        raise HTTPException(status, Said("serve.no_campaign", name=exc.name)) from None


async def campaign(request: Request) -> Response:
    require_referee(request)
    path = _campaign_path(request)

    def shown() -> str:
        from nightsim.campaign import Campaign
        from nightsim.campaign.as_json import write_json

        out = io.StringIO()
        with Campaign.open(path, wait=2.0) as c:
            write_json(c, out)
        return out.getvalue()

    return Response(await to_thread.run_sync(shown), media_type="application/json")


async def play(request: Request) -> Response:
    """Play the campaign's next night: 201 with its number and head, 409 while another is
    being played on it."""
    require_referee(request)
    _campaign_path(request)
    body = await request.body()
    try:
        data = json.loads(body or b"{}")
    except (ValueError, RecursionError):  # RecursionError: nested past Python's stack
        raise HTTPException(400, Said("serve.body_not_json")) from None
    if not isinstance(data, dict):
        raise HTTPException(400, Said("serve.body_object"))
    pace, sets = data.get("pace", 0), data.get("sets", [])
    if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not 0 <= pace <= MAX_PACE:
        raise HTTPException(400, Said("serve.api_pace", most=f"{MAX_PACE:g}"))
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets) or len(sets) > 200:
        raise HTTPException(400, Said("serve.api_sets"))
    try:
        played, stored = await play_campaign_night(
            request, request.path_params["name"], sets, float(pace)
        )
    except NightBusy:
        return error(409, "another night is being played on this campaign")
    except Exception as exc:
        from nightsim.errors import CampaignError, ConfigError

        if isinstance(exc, (ConfigError, CampaignError, ValueError)):
            from nightsim.serve.context import told

            return error(400, told(request, exc).splitlines()[0][:300])
        raise
    return JSONResponse(
        {
            "number": played.number,
            "head": played.head,
            "first_event_id": stored[0].id,
            "last_event_id": stored[-1].id,
        },
        status_code=201,
    )


async def night_log(request: Request) -> Response:
    require_referee(request)
    path = _campaign_path(request)
    text = request.path_params["n"]
    if not text.isdigit() or not 1 <= int(text) <= MAX_NIGHT_NUMBER:
        raise HTTPException(400, Said("serve.night_number", most=MAX_NIGHT_NUMBER))

    def log() -> bytes | None:
        from nightsim.campaign import Campaign

        with Campaign.open(path, wait=2.0) as c:
            night = c.night(int(text))
        return None if night is None else night.log

    found = await to_thread.run_sync(log)
    if found is None:
        raise HTTPException(404, Said("serve.no_night", night=text))
    return Response(found, media_type="application/x-ndjson")


async def openapi(request: Request) -> Response:
    from nightsim.serve.openapi import description

    return JSONResponse(description())
