"""A camp config as an HTML form, and the form's fields back into config data. Pure.

The fields are derived from `Config`'s JSON schema (docs/config.md: every key), not listed by
hand: a key added to the model appears in the form with its type, choices and range. A form
field is named by its dotted path (`camp.terrain`, `party.0.con`, `watch.shifts.1.hours`);
a list of names is a text area, one name a line (a name never holds a newline: the model's
pattern refuses it); a list of tables (the party, shifts, encounter tables) is rows.

Validation is `Config`'s own, with `check`'s words: a value that is not a number is passed on
as text, so the message is the one a TOML file with that value gets.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from nightsim import rules

# Free-text keys whose validators know the choices (docs/config.md, "camp"): offered as a
# list to pick from; the schema has no enum for them (a misspelling gets a suggestion).
SUGGESTED: Mapping[str, tuple[str, ...]] = {
    "camp.terrain": tuple(rules.TERRAIN_CHANCE),
    "camp.month": tuple(rules.MONTHS),
}
_INDEX = re.compile(r"^(0|[1-9]\d{0,3})$")  # a row's index: at most 9999 rows a table


@dataclass(frozen=True)
class Scalar:
    """One input: `kind` is text, int, number, bool, choice or lines (a list of names)."""

    path: str
    key: str
    kind: str
    required: bool = False
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    doc: str = ""


@dataclass(frozen=True)
class Group:
    """A table (`[camp]`, a member's `forms`): its fields in the model's order."""

    path: str
    key: str
    fields: tuple[Spec, ...]
    doc: str = ""


@dataclass(frozen=True)
class Rows:
    """A list of tables (`[[party]]`, `shifts`, an encounter table): one `item` per row."""

    path: str
    key: str
    item: Group
    required: bool = False
    doc: str = ""


Spec = Scalar | Group | Rows


def _deref(node: Mapping[str, Any], defs: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = node.get("$ref")
    return defs[ref.rsplit("/", 1)[1]] if isinstance(ref, str) else node


def _unwrap(node: Mapping[str, Any]) -> tuple[Mapping[str, Any], bool]:
    """An `anyOf [X, null]` as X, and whether null was allowed."""
    options = node.get("anyOf")
    if not options:
        return node, False
    kept = [o for o in options if o.get("type") != "null"]
    return kept[0], len(kept) < len(options)


def _scalar(path: str, key: str, node: Mapping[str, Any], prop: Mapping[str, Any]) -> Scalar:
    kind = {"integer": "int", "number": "number", "boolean": "bool"}.get(node.get("type", ""))
    choices: tuple[str, ...] = tuple(node.get("enum", ())) or SUGGESTED.get(path, ())
    if kind is None:
        kind = "lines" if node.get("type") == "array" else "choice" if "enum" in node else "text"
    return Scalar(
        path=path,
        key=key,
        kind=kind,
        default=prop.get("default"),
        choices=choices,
        minimum=node.get("minimum", node.get("exclusiveMinimum")),
        maximum=node.get("maximum"),
    )


def _group(path: str, key: str, model: Mapping[str, Any], defs: Mapping[str, Any]) -> Group:
    required = set(model.get("required", ()))
    out: list[Spec] = []
    for name, prop in model.get("properties", {}).items():
        sub = f"{path}.{name}" if path else name
        node, _ = _unwrap(prop)
        node = _deref(node, defs)
        items = _deref(node.get("items", {}), defs) if node.get("type") == "array" else {}
        if node.get("type") == "object":
            out.append(_group(sub, name, node, defs))
        elif items.get("type") == "object":
            out.append(Rows(sub, name, _group(sub, name, items, defs), name in required))
        else:
            s = _scalar(sub, name, node, prop)
            out.append(Scalar(**{**s.__dict__, "required": name in required}))
    doc = str(model.get("description", "")).split("\n\n")[0]
    return Group(path, key, tuple(out), " ".join(doc.split()))


@cache
def specs() -> Group:
    """The whole config's fields, from `Config.model_json_schema()`."""
    from nightsim.config import Config

    schema = Config.model_json_schema()
    return _group("", "", schema, schema.get("$defs", {}))


# --- config data -> the form's values -----------------------------------------------------


def _text(kind: str, value: Any) -> str:
    if kind == "bool" and isinstance(value, bool):
        return "true" if value else "false"
    if kind == "lines" and isinstance(value, list | tuple):
        return "\n".join(str(v) for v in value)
    return str(value)


def form_values(raw: Mapping[str, Any], group: Group | None = None) -> dict[str, str]:
    """Config data (a TOML file as read) as the form's values: `{dotted path: text}`. A key
    the data leaves out has no value (the field shows its default)."""
    g = specs() if group is None else group
    out: dict[str, str] = {}
    for s in g.fields:
        value = raw.get(s.key) if isinstance(raw, Mapping) else None
        if value is None:
            continue
        if isinstance(s, Group):
            if isinstance(value, Mapping):
                out.update(form_values(value, s))
        elif isinstance(s, Rows):
            for i, row in enumerate(value if isinstance(value, list | tuple) else ()):
                if isinstance(row, Mapping):
                    out.update(form_values(row, _at(s.item, f"{s.path}.{i}")))
        else:
            out[s.path] = _text(s.kind, value)
    return out


def _at(group: Group, path: str) -> Group:
    """The row's fields renamed under `path` (`party` -> `party.2`)."""
    fields: list[Spec] = []
    for s in group.fields:
        sub = f"{path}.{s.key}"
        if isinstance(s, Group):
            fields.append(_at(s, sub))
        elif isinstance(s, Rows):
            fields.append(Rows(sub, s.key, s.item, s.required, s.doc))
        else:
            fields.append(Scalar(**{**s.__dict__, "path": sub}))
    return Group(path, group.key, tuple(fields), group.doc)


# --- the form's values -> config data ------------------------------------------------------


def _number(kind: str, text: str) -> Any:
    """A number as TOML would hold it; text that is none is passed on as text, for the
    model to refuse in `check`'s words ("Input should be a valid integer, got 'x'")."""
    t = text.strip()
    try:
        if kind == "int" or re.fullmatch(r"[+-]?\d+", t):
            return int(t)
        value = float(t)
    except ValueError:
        return text
    return value if value == value and abs(value) != float("inf") else text


def _value(s: Scalar, text: str) -> Any:
    if s.kind in ("int", "number"):
        return _number(s.kind, text)
    if s.kind == "bool":
        return {"true": True, "false": False}.get(text, text)
    if s.kind == "lines":
        return [line.strip() for line in text.splitlines() if line.strip()]
    return text


def row_indices(values: Mapping[str, str], path: str) -> list[int]:
    """The rows of `path` the form holds, in order (`party.0.name`, `party.3.con` -> 0, 3)."""
    found: set[int] = set()
    prefix = path + "."
    for name in values:
        if name.startswith(prefix):
            head = name[len(prefix) :].split(".", 1)[0]
            if _INDEX.match(head):
                found.add(int(head))
    return sorted(found)


def config_data(values: Mapping[str, str], group: Group | None = None) -> dict[str, Any]:
    """The form's values as config data, ready for `Config.model_validate` or a TOML file:
    a blank field is a key left out; a row with every field blank, or marked `.remove`, is
    dropped; a table left with no key is left out."""
    g = specs() if group is None else group
    out: dict[str, Any] = {}
    for s in g.fields:
        if isinstance(s, Group):
            sub = config_data(values, s)
            if sub:
                out[s.key] = sub
        elif isinstance(s, Rows):
            rows = []
            for i in row_indices(values, s.path):
                at = f"{s.path}.{i}"
                if values.get(f"{at}.remove"):
                    continue
                row = config_data(values, _at(s.item, at))
                if row:
                    rows.append(row)
            if rows:
                out[s.key] = rows
        else:
            text = values.get(s.path, "")
            if text.strip() or (s.kind == "text" and text):
                out[s.key] = _value(s, text)
    return out


def with_row(values: Mapping[str, str], path: str) -> tuple[dict[str, str], int]:
    """The form's values with a blank row added to the table at `path` (the "add a member"
    button, which works without a script: the form is posted and drawn again)."""
    if not any(path == r.path for r in walk_rows(specs())):
        raise KeyError(path)
    rows = row_indices(values, path)
    new = rows[-1] + 1 if rows else 0
    out = dict(values)
    out[f"{path}.{new}.__row"] = "1"  # keeps the blank row on the page until it is saved
    return out, new


def walk_rows(group: Group) -> Iterator[Rows]:
    for s in group.fields:
        if isinstance(s, Rows):
            yield s
            yield from walk_rows(s.item)
        elif isinstance(s, Group):
            yield from walk_rows(s)


def rows_of(group: Group, values: Mapping[str, str]) -> Iterator[tuple[Rows, list[Group]]]:
    """For drawing: each table of `group` with its rows' fields (named per row)."""
    for s in group.fields:
        if isinstance(s, Rows):
            yield s, [_at(s.item, f"{s.path}.{i}") for i in row_indices(values, s.path)]


@dataclass
class Checked:
    """A form checked: the config (None: refused), the one error `check` would print and the
    field it names, the warnings, the fingerprint and `check`'s panel as text."""

    config: Any = None
    error: str = ""
    error_field: str = ""
    warnings: list[str] = field(default_factory=list)
    fingerprint: str = ""
    panel: str = ""


def _error_field(exc: Any) -> str:
    """The dotted form field of the error `explain` words (an unknown key first, as there)."""
    errors = exc.errors(include_url=False)
    e = next((x for x in errors if x["type"] == "extra_forbidden"), errors[0])
    loc = [str(p) for p in e["loc"] if not str(p).startswith("function-")]
    return ".".join(loc)


def check_values(
    values: Mapping[str, str], lang: str = "en", width: int = 100, name: str = ""
) -> Checked:
    """Validate the form as `nightsim check` validates a file: the same model, the same
    messages (config/explain.py, config/names.py), the same warnings and fingerprint."""
    from pydantic import ValidationError

    from nightsim.config import Config
    from nightsim.config.explain import explain
    from nightsim.config.names import name_problem
    from nightsim.config.overrides import check_limits
    from nightsim.errors import ConfigError
    from nightsim.told import in_lang, said_of

    raw = config_data(values)
    try:
        check_limits(raw, depth=1)
        config = Config.model_validate(raw)
    except ConfigError as exc:
        return Checked(error=in_lang(said_of(exc), lang))
    except ValidationError as exc:
        return Checked(error=in_lang(explain(exc, raw), lang), error_field=_error_field(exc))
    problem = name_problem(config)
    if problem is not None:
        return Checked(error=in_lang(problem, lang))
    return checked_config(config, lang, width, name)


def checked_config(config: Any, lang: str, width: int, name: str = "") -> Checked:
    """A valid config's warnings (`check`'s words, in `lang`), fingerprint and panel (titled
    with the camp's file `name`, or "a new camp")."""
    from rich.console import Console

    from nightsim.config.checkup import checkup
    from nightsim.config.fingerprint import config_sha256
    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.check import render_checkup, warning_text

    ck = checkup(config)
    party = config.canonical()["party"]
    t = Catalogue(lang).for_party(party)
    sha = config_sha256(config)
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    title = name or Catalogue(lang)("console.camp_new")
    console.print(render_checkup(ck, title, lang=lang, party=party, fingerprint=sha))
    return Checked(
        config=config,
        warnings=[warning_text(w, t) for w in ck.warnings],
        fingerprint=sha,
        panel=console.export_text(),
    )


def toml_text(data: Mapping[str, Any]) -> str:
    """Config data as a TOML file (tomli-w: the standard library reads TOML but writes
    none). Lists of tables within a table (`shifts`, encounter tables) are written inline."""
    import tomli_w

    return tomli_w.dumps(dict(data))


def without_removed(values: Mapping[str, str]) -> dict[str, str]:
    """The form's values less the rows marked `.remove` (drawn again without them)."""
    gone = [name[: -len("remove")] for name, v in values.items() if name.endswith(".remove") and v]
    return {k: v for k, v in values.items() if not any(k.startswith(g) for g in gone)}


@dataclass(frozen=True)
class RowTable:
    """For drawing: a list of tables with its rows, each a Group named for its row."""

    path: str
    key: str
    rows: tuple[Group, ...]


def layout(
    values: Mapping[str, str], group: Group | None = None
) -> tuple[Scalar | Group | RowTable, ...]:
    """The form to draw for `values`: each table's rows are the rows the values hold (a
    blank row once "add" was pressed), each row's fields named under its index."""
    g = specs() if group is None else group
    out: list[Scalar | Group | RowTable] = []
    for s in g.fields:
        if isinstance(s, Rows):
            rows = tuple(_at(s.item, f"{s.path}.{i}") for i in row_indices(values, s.path))
            out.append(RowTable(s.path, s.key, rows))
        else:
            out.append(s)
    return tuple(out)
