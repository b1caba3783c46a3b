"""The JSON Schema (draft 2020-12) of one log line, generated from the event union.

pydantic's schema describes the in-memory models, where `hash` is optional (an event made by
`simulate()` has none until the log writer chains it) and fields with defaults are optional.
A log line is stricter: the writer fills in every field the model defines and always adds
`hash` (log.py, `dump` + `Chain`). So every object in the schema gets all its
properties required, and `hash` loses its `null`.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from nightsim.events import EVENT_ADAPTER, LOG_VERSION

DRAFT = "https://json-schema.org/draft/2020-12/schema"


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


def log_line_schema() -> dict[str, Any]:
    schema = copy.deepcopy(EVENT_ADAPTER.json_schema(mode="serialization"))
    defs: dict[str, Any] = schema["$defs"]
    mapping: dict[str, str] = schema["discriminator"]["mapping"]
    for ref in mapping.values():
        event = defs[ref.rsplit("/", 1)[-1]]
        hash_prop = event["properties"]["hash"]
        # `Hash | None` in memory -> the Hash string alone in a written line.
        (string,) = [s for s in hash_prop.pop("anyOf") if s.get("type") == "string"]
        hash_prop.pop("default", None)
        hash_prop.update(string)
        hash_prop["description"] = (
            "SHA-256 hex of the previous line's hash (64 zeros for seq 0) followed by the"
            " canonical JSON of this line without `hash`"
        )
    _require_all(defs)
    return {
        "$schema": DRAFT,
        "title": f"nightsim log line (format v{LOG_VERSION})",
        "description": (
            "One line of a nightsim JSON Lines log: an event, discriminated on `type`."
        ),
        **schema,
    }


def schema_json() -> str:
    """Deterministic text: sorted keys, two-space indent, trailing newline."""
    return json.dumps(log_line_schema(), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
