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
import re
from functools import cache
from importlib import resources
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from nightsim.limits import inert


@cache
def environment() -> Environment:
    return Environment(
        loader=PackageLoader("nightsim.page", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_printable,
    )


def _printable(value: Any) -> Any:
    """Every value a template prints, before it is escaped: a non-printable character of a
    name a forged log carries (ESC, a C1 control, U+202E, which reverses the rest of a line
    in the browser too) is shown as its escape, `\\x1b`, `\\u202e`, as at the terminal
    (docs/limits.md, "Untrusted text stays text"). The page's own markup is left alone, and
    so is a no-break space (the page's numbers: `33,0 %`). A chance, "4-in-6", is one word
    on a narrow screen: its hyphens are non-breaking (U+2011)."""
    if isinstance(value, str) and not isinstance(value, Markup):
        if not value.isprintable():
            return "\n".join(inert(part) for part in value.split("\n"))
        return _CHANCE.sub("\\1\u2011in\u2011\\2", value) if "-in-" in value else value
    return value


# An X-in-N chance (docs/rules.md's "2-in-6"), standing alone.
_CHANCE = re.compile(r"(?<![\w-])(\d+)-in-(\d+)(?![\w-])")


@cache
def script() -> tuple[Markup, str]:
    """The page's script and its CSP source ('sha256-...')."""
    text = resources.files("nightsim.page").joinpath("templates/tip.js").read_text("utf-8")
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return Markup(text), f"'sha256-{digest}'"


def render(template: str, *, scripted: bool = True, **context: Any) -> str:
    """The template drawn; `scripted=False` leaves the script out, and its source out of the
    page's policy (the campaign page: a thousand nights' marks are no place for tooltips)."""
    code, source = script() if scripted else (Markup(""), "")
    return environment().get_template(template).render(script=code, script_src=source, **context)
