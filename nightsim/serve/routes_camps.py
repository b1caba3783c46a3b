"""The camp as a form: edit a camp's TOML in DIR, check it as `nightsim check` does, save it.

GET `/camps/new` (the bundled default to start from), GET `/camps/{name}/edit`, and POST
`/camps/form`, whose button says what to do: `check`, `save`, `add:TABLE` (a blank row: a
member, a shift, an encounter). The form's own fields are named `__…`, never a config key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from nightsim.serve import camp_form, console
from nightsim.serve.folder import BadName, existing, read_text, write_text

SUFFIX = ".toml"


def routes() -> list[BaseRoute]:
    return [
        Route("/camps/new", new_camp, methods=["GET"]),
        Route("/camps/{name}/edit", edit_camp, methods=["GET"]),
        Route("/camps/form", post_camp, methods=["POST"]),
    ]


def _raw(text: str, lang: str = "en") -> tuple[dict[str, Any], str]:
    """A TOML text as data, or {} and why it could not be read (check's words, in `lang`)."""
    from nightsim.config import parse_toml
    from nightsim.errors import ConfigError
    from nightsim.told import in_lang, said_of

    try:
        return parse_toml(text), ""
    except ConfigError as exc:
        return {}, in_lang(said_of(exc), lang)


async def new_camp(request: Request) -> Response:
    console.referee(request)
    from nightsim.config import default_config_path

    raw, _ = _raw(default_config_path().read_text("utf-8"))
    return _form(request, camp_form.form_values(raw), original="", file="")


async def edit_camp(request: Request) -> Response:
    console.referee(request)
    from nightsim.limits import MAX_CONFIG_BYTES

    name = request.path_params["name"]
    try:
        path = existing(console.root(request), name, SUFFIX)
        text = read_text(path, MAX_CONFIG_BYTES)
    except BadName as exc:
        return console.bad_name(request, exc)
    lang = console.lang(request)
    raw, error = _raw(text, lang)
    values = camp_form.form_values(raw)
    checked = camp_form.check_values(values, lang, name=path.name) if not error else None
    return _form(
        request, values, original=path.name, file=path.name, checked=checked, read_error=error
    )


async def post_camp(request: Request) -> Response:
    console.referee(request)
    form = console.texts(await console.form_of(request))
    values = camp_form.without_removed({k: v for k, v in form.items() if not k.startswith("__")})
    action = form.get("__action", "check")
    original, file = form.get("__camp", ""), form.get("__file", "")
    if action.startswith("add:"):
        try:
            values, _ = camp_form.with_row(values, action[4:])
        except KeyError:
            return console.refused(request, f"__action: {action[:60]!r}")
        return _form(request, values, original=original, file=file)
    checked = camp_form.check_values(values, console.lang(request), name=original)
    if checked.config is None:
        return _form(request, values, 400, original=original, file=file, checked=checked)
    if action != "save":
        return _form(request, values, original=original, file=file, checked=checked)
    text = camp_form.toml_text(camp_form.config_data(values))
    try:
        saved = write_text(
            console.root(request), file, SUFFIX, text, replace=bool(form.get("__replace"))
        )
    except BadName as exc:
        t = console.catalogue(request)
        why = t(exc.why, name=exc.name)
        status = 409 if exc.why == "console.exists" else 400
        return _form(
            request, values, status, original=original, file=file, checked=checked, name_error=why
        )
    said = console.catalogue(request)("console.saved", name=saved.name)
    return _form(request, values, original=saved.name, file=saved.name, checked=checked, saved=said)


def _hints(lang: str) -> Callable[[str], str]:
    """A field's words in `lang` (the catalogue's `console.key.PATH`, row numbers left out);
    a key without them (one a later release adds) is shown by its name alone."""
    from nightsim.narration.catalogue import CATALOGUES, Catalogue

    words, t = CATALOGUES[lang], Catalogue(lang)

    def hint(path: str) -> str:
        key = "console.key." + ".".join(p for p in path.split(".") if not p.isdigit())
        found = words.get(key)
        return t.fill(found, {}) if isinstance(found, str) else ""  # a rule's `{rule.NAME}`

    return hint


def _form(
    request: Request,
    values: Mapping[str, str],
    status: int = 200,
    **shown: Any,
) -> Response:
    shown.setdefault("checked", None)
    shown.setdefault("read_error", "")
    shown.setdefault("name_error", "")
    shown.setdefault("saved", "")
    return console.page(
        request,
        "console_camp.html.j2",
        status,
        values=values,
        layout=camp_form.layout,
        top=camp_form.specs(),
        hint=_hints(console.lang(request)),
        **shown,
    )
