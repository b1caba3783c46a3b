"""A campaign between nights, in the console: a new campaign from a camp, and `campaign
adjust` as a form (docs/campaign.md): damage and healing, a member who joins or leaves,
supplies, the date, the chores, the watch, and a note.

GET/POST `/campaigns/new`; GET/POST `/campaigns/{name}/adjust`. The adjustment is checked
by `Campaign.adjust` itself (the next night's config built): a refused item is a 400 naming
it, and nothing is recorded. Publishing and voiding (another release's) go where the page
says so.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from nightsim.serve import console
from nightsim.serve.context import told
from nightsim.serve.folder import BadName, checked_name, existing

SUFFIX = ".campaign"


def routes() -> list[BaseRoute]:
    return [
        Route("/campaigns/new", new_campaign, methods=["GET", "POST"]),
        Route("/campaigns/{name}/adjust", adjust, methods=["GET", "POST"]),
    ]


def _camps(request: Request) -> list[str]:
    from nightsim.serve.routes_odds import camps

    return camps(request)


async def new_campaign(request: Request) -> Response:
    console.referee(request)
    if request.method == "GET":
        return _new_form(request, {})
    values = console.texts(await console.form_of(request))
    t = console.catalogue(request)
    from nightsim.campaign import Campaign
    from nightsim.config import load_config
    from nightsim.errors import CampaignError, ConfigError

    root = console.root(request)
    try:
        camp = existing(root, values.get("camp", ""), ".toml")
        target = root / checked_name(values.get("name", ""), SUFFIX)
        if target.exists() or target.is_symlink():
            raise BadName("console.exists", target.name)
        config = load_config(camp)
        with Campaign.new(target, config, name=target.name[: -len(SUFFIX)], wait=2.0) as c:
            sha = c.state.next_seed_sha256
    except BadName as exc:
        status = 409 if exc.why == "console.exists" else 400
        return _new_form(request, values, status, error=t(exc.why, name=exc.name))
    except (ConfigError, CampaignError) as exc:
        return _new_form(request, values, 400, error=told(request, exc).replace(f"{root}/", ""))
    said = t("console.campaign_created", name=target.name, sha=sha)
    return _new_form(request, {}, created=said, campaign=target.name[: -len(SUFFIX)])


def _new_form(
    request: Request, values: dict[str, str], status: int = 200, **shown: Any
) -> Response:
    shown.setdefault("error", "")
    shown.setdefault("created", "")
    shown.setdefault("campaign", "")
    return console.page(
        request,
        "console_campaign_new.html.j2",
        status,
        values=values,
        camps=_camps(request),
        **shown,
    )


async def adjust(request: Request) -> Response:
    console.referee(request)
    t = console.catalogue(request)
    try:
        path = existing(console.root(request), request.path_params["name"], SUFFIX)
    except BadName as exc:
        return console.bad_name(request, exc)
    if request.method == "GET":
        return _adjust_form(request, path, {})
    form = await console.form_of(request)
    values = console.texts(form)
    from nightsim.serve.campaign_form import adjust_items

    leave = [v for v in form.getlist("leave") if isinstance(v, str)]
    items = adjust_items(values, leave)
    if not items:
        return _adjust_form(request, path, values, 400, error=t("console.adjust_empty"))
    from nightsim.campaign import Campaign
    from nightsim.errors import CampaignBusy, CampaignError, ConfigError

    try:
        with Campaign.open(path, wait=2.0) as c:
            adj = c.adjust(items, values.get("note", "").strip())
    except CampaignBusy:
        return _adjust_form(request, path, values, 409, error=t("console.busy", name=path.name))
    except (ConfigError, CampaignError, TypeError) as exc:
        return _adjust_form(request, path, values, 400, error=told(request, exc))
    said = t("console.adjust_recorded", number=adj.number, after=adj.after_night, sha=adj.sha256)
    return _adjust_form(request, path, {}, recorded=said)


def _adjust_form(
    request: Request, path: Any, values: dict[str, str], status: int = 200, **shown: Any
) -> Response:
    from nightsim.campaign import Campaign
    from nightsim.errors import CampaignError
    from nightsim.serve.campaign_form import member_fields

    try:
        with Campaign.open(path, wait=2.0) as c:
            state = c.state
    except CampaignError as exc:
        return console.refused(request, told(request, exc), 409)
    shown.setdefault("error", "")
    shown.setdefault("recorded", "")
    return console.page(
        request,
        "console_adjust.html.j2",
        status,
        campaign=path.name[: -len(SUFFIX)],
        state=state,
        values=values,
        fields=member_fields(),
        rows=range(4),
        **shown,
    )
