"""What every request of `nightsim serve` shares: the served folder, the tokens, the pages'
templates and the event hub; `render` draws a page with what every template needs.

The server is a second shell beside `nightsim.cli` (docs/architecture.md): it reads and
writes files only inside the served folder and calls the same public API the commands do.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse

if TYPE_CHECKING:
    from nightsim.serve.hub import EventHub

LANGS = ("en", "uk")


@cache
def templates() -> Environment:
    # Autoescaped, every template: a camp's names, spells and creatures are text on a page.
    return Environment(
        loader=PackageLoader("nightsim.serve", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )


@dataclass(frozen=True)
class ServeContext:
    root: Path  # the served folder, resolved: no request names a path outside it
    lang: str  # the pages' language unless a request asks for the other (`?lang=`)
    referee_token: str
    players_token: str
    hub: EventHub
    allowed_hosts: frozenset[str]  # the `Host` headers served (DNS rebinding is refused)
    templates: Environment = field(default_factory=templates)

    @property
    def csrf(self) -> str:
        """The forms' CSRF token: bound to this server's referee token, never the token
        itself (a page's source shows the form's field)."""
        key = self.referee_token.encode()
        return hmac.new(key, b"nightsim serve csrf", hashlib.sha256).hexdigest()[:32]


def context(request: Request) -> ServeContext:
    ctx: ServeContext = request.app.state.ctx
    return ctx


def page_lang(request: Request) -> str:
    """`?lang=` if it names a language, else the server's `--lang`."""
    asked = request.query_params.get("lang")
    return asked if asked in LANGS else context(request).lang


def told(request: Request, said: BaseException | str) -> str:
    """A refusal (an exception, or its message) in the page's language: a message by code
    (`told.Said`) is told again in it; any other text as it is."""
    from nightsim.told import in_lang, said_of

    text = said_of(said) if isinstance(said, BaseException) else said
    return in_lang(text, page_lang(request))


def render(request: Request, template: str, status_code: int = 200, **values: Any) -> HTMLResponse:
    """The page `template` with what every template reads: `t` (the catalogue), `lang`, `role`
    ("referee" or "players"), `csrf` and `request`."""
    from nightsim.narration.catalogue import Catalogue

    ctx = context(request)
    lang = values.pop("lang", None) or page_lang(request)
    html = ctx.templates.get_template(template).render(
        request=request,
        t=Catalogue(lang),
        lang=lang,
        role=getattr(request.state, "role", None),
        csrf=ctx.csrf,
        **values,
    )
    return HTMLResponse(html, status_code=status_code)
