"""Odds in the console: odds, compare, sweep or rank rotas on a camp in DIR, as a background
job with a progress bar, then the report page `odds --format html` draws.

GET `/odds` is the form; POST `/odds` checks the plan (every mistake one line, before a
night runs) and starts the job (303 to its page); GET `/odds/jobs/{id}` is its progress
(htmx polls `?part=bar` every second; without a script the page refreshes itself) and, once
done, a link to GET `/odds/jobs/{id}/report`; POST `/odds/jobs/{id}/cancel` stops it.
Bounded: serve/jobs.py (docs/limits.md, "The referee's console").
"""

from __future__ import annotations

import re
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from nightsim.serve import console
from nightsim.serve.context import told
from nightsim.serve.folder import BadName, existing
from nightsim.serve.jobs import MAX_JOB_NIGHTS, MAX_KEPT, MAX_RUNNING, Busy, Job, Jobs

_JOB_ID = re.compile(r"^[0-9a-f]{16}$")


def routes() -> list[BaseRoute]:
    return [
        Route("/odds", odds_page, methods=["GET", "POST"]),
        Route("/odds/jobs/{job}", job_page, methods=["GET"]),
        Route("/odds/jobs/{job}/report", job_report, methods=["GET"]),
        Route("/odds/jobs/{job}/cancel", job_cancel, methods=["POST"]),
    ]


def jobs(request: Request) -> Jobs:
    """The server's jobs, made on first use and shared by every request."""
    state = request.app.state
    if getattr(state, "console_jobs", None) is None:
        state.console_jobs = Jobs()
    found: Jobs = state.console_jobs
    return found


def camps(request: Request) -> list[str]:
    root = console.root(request)
    return sorted(p.name for p in root.glob("*.toml") if p.is_file() and not p.is_symlink())


async def odds_page(request: Request) -> Response:
    console.referee(request)
    if request.method == "GET":
        return _form(request, {})
    values = console.texts(await console.form_of(request))
    t = console.catalogue(request)
    from nightsim.config import load_config
    from nightsim.errors import ConfigError
    from nightsim.serve.odds_plan import PlanError, plan

    try:
        path = existing(console.root(request), values.get("camp", ""), ".toml")
        config = load_config(path)
        planned = plan(values, config, path.name)
    except BadName as exc:
        return _form(request, values, 400, error=t(exc.why, name=exc.name))
    except PlanError as exc:
        return _form(request, values, 400, error=t(exc.key, **exc.fields))
    except (ConfigError, ValueError) as exc:
        return _form(
            request, values, 400, error=told(request, exc).replace(f"{console.root(request)}/", "")
        )
    try:
        job = jobs(request).start(planned.kind, path.name, planned.total, planned.task)
    except Busy:
        return _form(request, values, 429, error=t("console.job_busy", most=MAX_RUNNING))
    return RedirectResponse(f"/odds/jobs/{job.id}", status_code=303)


def _job(request: Request) -> Job | None:
    job_id = request.path_params["job"]
    return jobs(request).get(job_id) if _JOB_ID.match(job_id) else None


def _unknown(request: Request) -> Response:
    return console.refusal(request, "console.job_unknown", 404, most=MAX_KEPT)


async def job_page(request: Request) -> Response:
    console.referee(request)
    job = _job(request)
    if job is None:
        return _unknown(request)
    t = console.catalogue(request)
    kind = t(f"console.kind_{job.kind}")
    part = request.query_params.get("part") == "bar"
    # `?part=bar`: the bar alone, for htmx to swap in; once the job is finished the bar
    # carries the report's link and no more polling.
    return console.page(
        request,
        "console_job_bar.html.j2" if part else "console_job.html.j2",
        job=job,
        failed=told(request, job.error) if job.error else "",
        kind=kind,
        title=t("console.job_title", kind=kind, camp=job.camp),
    )


async def job_report(request: Request) -> Response:
    console.referee(request)
    job = _job(request)
    if job is None or job.report is None:
        return _unknown(request)
    from nightsim.serve.odds_plan import report_html

    return console.report(report_html(job.kind, job.report, console.lang(request)))


async def job_cancel(request: Request) -> Response:
    console.referee(request)
    await console.form_of(request)  # the CSRF token is checked on the posted form
    job = _job(request)
    if job is None:
        return _unknown(request)
    jobs(request).cancel(job.id)
    return RedirectResponse(f"/odds/jobs/{job.id}", status_code=303)


def _form(request: Request, values: dict[str, str], status: int = 200, error: str = "") -> Response:
    from nightsim.narration.figures import count
    from nightsim.serve.odds_plan import DEFAULT_NIGHTS, KINDS

    # The limit as the page's language writes a number ("200,000" / "200 000").
    nights = count(console.catalogue(request), MAX_JOB_NIGHTS)
    shown: dict[str, Any] = {"nights": nights, "jobs": MAX_RUNNING}
    return console.page(
        request,
        "console_odds.html.j2",
        status,
        values=values,
        camps=camps(request),
        kinds=KINDS,
        default_nights=DEFAULT_NIGHTS,
        limits=shown,
        error=error,
    )
