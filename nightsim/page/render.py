"""The one Jinja2 environment of the page: templates shipped in the package, autoescaped.

`autoescape=True` for every template, whatever its name (Jinja's `select_autoescape` goes by
the file's extension, and ours end in `.j2`); `StrictUndefined`, so a misspelt field fails
a test instead of printing nothing. The one text marked safe is the page's own script, read
from the package: the page's Content-Security-Policy allows that script by its hash and no
other (so even an inline handler that got past the escaping would not run) and no request.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from importlib import resources
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup


@cache
def environment() -> Environment:
    return Environment(
        loader=PackageLoader("nightsim.page", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


@cache
def script() -> tuple[Markup, str]:
    """The page's script and its CSP source ('sha256-...')."""
    text = resources.files("nightsim.page").joinpath("templates/tip.js").read_text("utf-8")
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return Markup(text), f"'sha256-{digest}'"


def render(template: str, **context: Any) -> str:
    code, source = script()
    return environment().get_template(template).render(script=code, script_src=source, **context)
