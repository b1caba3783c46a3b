"""The JSON Schema (draft 2020-12) of one log line, generated from the event union.

pydantic's schema describes the in-memory models, where `hash` is optional (an event made by
`simulate()` has none until the log writer chains it) and fields with defaults are optional.
A log line is stricter: the writer fills in every field the model defines and always adds
`hash` (log/writer.py, `Chain`). So every object in the schema gets all its
properties required, and `hash` loses its `null`.

A consumer's view is open where a later release may add (docs/log-format.md, "Versions and
compatibility"): a line of an event type it does not know is held to the envelope alone, and
an event's own fields it does not know are allowed (no `additionalProperties: false` at a
line's top level); the nested models, the codes and the fields it knows stay strict. So one
`$id` per format version, not per release: every format-2 line any release writes
validates under every release's copy of the schema.

pydantic marks the union with OpenAPI's `discriminator`, which JSON Schema validators ignore:
under its `oneOf` every line is tried against every event type and a bad field reads "not
valid under any of the given schemas". The written schema picks one branch by `type` instead:
an `allOf` of `if type is X then $ref X`, plus an `enum` of the known types, so a validator
checks one event model per line and names the field that is wrong. The pydantic models stay
the single source; this module only reshapes their schema.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from nightsim.events import EVENT_ADAPTER, FIRST_EDITION, LOG_VERSION, EventBase

DRAFT = "https://json-schema.org/draft/2020-12/schema"
# `.invalid` is reserved (RFC 2606) and never resolves: the `$id` names the schema, it is not
# a place to fetch it from. Nothing in nightsim or its tests goes to the network.
ID_BASE = "https://nightsim.invalid/schema/log-line"


def schema_id(version: int = LOG_VERSION) -> str:
    """The `$id` of the schema of a format version's log lines (CloudEvents' `dataschema`)."""
    return f"{ID_BASE}/v{version}.json"


def schema_filename(version: int = LOG_VERSION) -> str:
    """The name of the stored copy in the repository's `schemas/` folder."""
    return f"log-line-v{version}.json"


def _require_all(node: Any) -> None:
    """Every object schema (events and nested models alike) requires all its properties."""
    if isinstance(node, dict):
        props = node.get("properties")
        if node.get("type") == "object" and isinstance(props, dict):
            node["required"] = sorted(props)
        for value in node.values():
            _require_all(value)
    elif isinstance(node, list):
        for value in node:
            _require_all(value)


def _written_hash(event: dict[str, Any]) -> None:
    """`Hash | None` in memory -> the Hash string alone in a written line."""
    hash_prop = event["properties"]["hash"]
    (string,) = [s for s in hash_prop.pop("anyOf") if s.get("type") == "string"]
    hash_prop.pop("default", None)
    hash_prop.update(string)


def _written_edition(header: dict[str, Any]) -> None:
    """The header's `edition` is written from edition 2 on (events.FIRST_EDITION is written
    by omission): optional in a written line, and 2 or more where it is there."""
    header["required"].remove("edition")
    edition = header["properties"]["edition"]
    edition.pop("default", None)
    edition["minimum"] = FIRST_EDITION + 1


def _written_campaign(header: dict[str, Any]) -> None:
    """The header's `campaign` is written only in a campaign's nights: optional in a written
    line, and an object where it is there (never null)."""
    header["required"].remove("campaign")
    campaign = header["properties"]["campaign"]
    campaign.pop("default", None)
    (link,) = [s for s in campaign.pop("anyOf") if s.get("type") != "null"]
    campaign.update(link)


def _written_seed(header: dict[str, Any]) -> None:
    """A seed is a non-negative integer or any string (engine/dice.py refuses any other)."""
    for branch in header["properties"]["seed"]["anyOf"]:
        if branch.get("type") == "integer":
            branch["minimum"] = 0


def _open(event: dict[str, Any]) -> None:
    """A later release may add fields to an event type: a consumer ignores them."""
    event.pop("additionalProperties", None)


def _envelope(defs: dict[str, Any], mapping: dict[str, str]) -> dict[str, Any]:
    """The fields every line carries (any event's own `v` … `hash`), for the root: a line of
    an event type this schema does not know is held to them and to a `type` named as nightsim
    names event types; `night` is 0 or more, as a later release's line after a journey's
    nights may be (log/reader.py, `check_skipped`)."""
    fire_out = defs[mapping["fire.out"].rsplit("/", 1)[-1]]  # no fields of its own
    props = {k: copy.deepcopy(v) for k, v in fire_out["properties"].items() if k != "type"}
    for prop in props.values():
        for key in ("default", "title"):
            prop.pop(key, None)
    props["night"]["minimum"] = 0
    props["type"] = {
        "description": (
            "the event type (dotted, lower case, past tense); a known type picks the line's"
            " fields, an unknown one is a later release's, held to this envelope alone"
        ),
        "type": "string",
        "pattern": TYPE_PATTERN,
    }
    return props


#: An event type's name as nightsim writes it (`watch.dozed`): log/reader.py's `_TYPE_NAME`.
TYPE_PATTERN = r"^[a-z][a-z_]*(\.[a-z][a-z_]*)+$"


def _type_in(types: list[str]) -> dict[str, Any]:
    # `required`: a line without `type` matches no branch (the root's `required` names it).
    check = {"const": types[0]} if len(types) == 1 else {"enum": types}
    return {"properties": {"type": check}, "required": ["type"]}


def _pick(branches: list[tuple[str, str]]) -> dict[str, Any]:
    """`if`/`then`/`else` that applies the one `$defs` entry a line's `type` names.

    A binary search over the sorted types: `if` the type is in the first half `then` look
    there, `else` in the second, down to one type per leaf. A validator makes about five
    tests a line, where a flat list of 27 `if`s costs it 27 (3x slower with `jsonschema`).
    Each leaf tests its type again, so an unknown type falls through every branch and is held
    to the root's envelope alone.
    """
    if len(branches) == 1:
        ((type_, ref),) = branches
        return {"if": _type_in([type_]), "then": {"$ref": ref}}
    half = len(branches) // 2
    return {
        "if": _type_in([type_ for type_, _ in branches[:half]]),
        "then": _pick(branches[:half]),
        "else": _pick(branches[half:]),
    }


def log_line_schema() -> dict[str, Any]:
    union = copy.deepcopy(EVENT_ADAPTER.json_schema(mode="serialization"))
    defs: dict[str, Any] = union["$defs"]
    # type -> "#/$defs/Model" (pydantic's discriminator mapping, the union in events.py).
    mapping: dict[str, str] = union["discriminator"]["mapping"]
    for ref in mapping.values():
        _written_hash(defs[ref.rsplit("/", 1)[-1]])
        _open(defs[ref.rsplit("/", 1)[-1]])
    _require_all(defs)
    header = defs[mapping["night.header"].rsplit("/", 1)[-1]]
    _written_edition(header)
    _written_seed(header)
    _written_campaign(header)
    envelope = _envelope(defs, mapping)
    return {
        "$schema": DRAFT,
        "$id": schema_id(),
        "title": f"nightsim log line (format v{LOG_VERSION})",
        "description": (
            "One line of a nightsim JSON Lines log: an event. `type` names the event and"
            " picks the one definition in `$defs` the line must match. Open to what a later"
            " release of the same format adds: an event type this schema does not know is"
            " held to the envelope alone, and fields it does not know at a line's top level"
            " are allowed (a consumer ignores both)."
        ),
        "$comment": (
            "A known `type` (the root's `if`) goes down the `then` tree, a binary search on"
            " `type` over the sorted types: a validator makes about five tests a line, not one"
            " per type; each leaf applies the one `$defs` entry of its type. Any other type"
            " (`else`) is a later release's, held to the envelope every line carries."
        ),
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"description": envelope["type"]["description"], "type": "string"}},
        "if": {"properties": {"type": {"enum": sorted(mapping)}}},
        "then": _pick(sorted(mapping.items())),
        "else": {"required": sorted(envelope), "properties": envelope},
        "$defs": defs,
    }


def schema_json() -> str:
    """Deterministic text: sorted keys, two-space indent, trailing newline."""
    return json.dumps(log_line_schema(), sort_keys=True, indent=2, ensure_ascii=False) + "\n"


# --- docs/log-format.md's field tables, from the same schema (a test keeps them equal) -----

_ENVELOPE = ("v", "seq", "night", "t", "clock", "type", "hash")


def _type_of(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    """A property's JSON type in a few words: `integer ≥ 0`, a code set, a nested model."""
    if "anyOf" in prop:
        return " or ".join(_type_of(p, defs) for p in prop["anyOf"])
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        target = defs[name]
        return f"code ({name})" if "enum" in target else f"{name} (below)"
    if "const" in prop:
        return f"`{json.dumps(prop['const'])}`"
    if "enum" in prop:
        return "one of " + ", ".join(f"`{v}`" for v in prop["enum"])
    kind = str(prop.get("type", "any"))
    if kind == "array":
        return f"array of {_type_of(prop.get('items', {}), defs)}"
    if kind == "string" and "pattern" in prop:
        pattern = prop["pattern"]
        return {"^[0-9a-f]{64}$": "64 hex digits"}.get(
            pattern, "`HH:MM`" if ":" in pattern else "string"
        )
    bounds = [f"≥ {prop['minimum']}"] if "minimum" in prop else []
    bounds += [f"≤ {prop['maximum']}"] if "maximum" in prop else []
    return " ".join([kind, *bounds])


def _rows(model: dict[str, Any], defs: dict[str, Any], skip: tuple[str, ...]) -> list[str]:
    rows = ["| field | type | meaning |", "|---|---|---|"]
    for name, prop in model["properties"].items():
        if name not in skip:
            desc = str(prop.get("description", "")).replace("|", "\\|").replace("\n", " ")
            rows.append(f"| `{name}` | {_type_of(prop, defs)} | {desc} |")
    return rows


def field_tables() -> str:
    """Markdown tables of every field, from `log_line_schema()`: the envelope every line
    carries, then each event type's own fields in the order events come, the nested models
    and the code sets. docs/log-format.md holds this text (tests/log/test_log_format_doc.py)."""
    schema = log_line_schema()
    defs: dict[str, Any] = schema["$defs"]
    # In the order the union lists them (events.py): roughly the order a night writes them.
    by_type = {m.model_fields["type"].default: m.__name__ for m in EventBase.__subclasses__()}
    first = defs[by_type["fire.out"]]  # the event with no fields of its own: the envelope
    out = ["### Every line", "", *_rows(first, defs, ("type",)), ""]
    for type_, name in by_type.items():
        model = defs[name]
        out += [f"### `{type_}`", "", str(model.get("description", "")), ""]
        own = [n for n in model["properties"] if n not in _ENVELOPE]
        skip = tuple(n for n in model["properties"] if n not in own)
        out += [*_rows(model, defs, skip), ""] if own else ["(no fields of its own)", ""]
    nested = sorted(n for n, d in defs.items() if "enum" not in d and n not in by_type.values())
    for name in nested:
        out += [f"### {name}", "", str(defs[name].get("description", "")), ""]
        out += [*_rows(defs[name], defs, ()), ""]
    out += ["### Codes", "", "| set | codes |", "|---|---|"]
    for name in sorted(n for n, d in defs.items() if "enum" in d):
        out.append(f"| {name} | {', '.join(f'`{v}`' for v in defs[name]['enum'])} |")
    return "\n".join(out) + "\n"


def event_table() -> str:
    """The event types as one Markdown table: each type, when it comes (its `type` field's
    description), what it says (its model's docstring, first paragraph) and its own fields,
    in the union's order. The README's event table is this text (tools/regen.py)."""
    rows = ["| type | when | what | fields |", "|---|---|---|---|"]
    for model in EventBase.__subclasses__():
        type_field = model.model_fields["type"]
        what = " ".join((model.__doc__ or "").strip().split("\n\n", 1)[0].split())
        own = [
            f.serialization_alias or f.alias or name
            for name, f in model.model_fields.items()
            if name not in _ENVELOPE
        ]
        fields = ", ".join(f"`{name}`" for name in own) or "(none)"
        cells = (f"`{type_field.default}`", type_field.description or "", what, fields)
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(rows) + "\n"
