"""CloudEvents 1.0 structured JSON for each log line (design.md, `--format cloudevents`)."""

from __future__ import annotations

import json

from nightsim.log import canonical_json


def wrap(line: str) -> str:
    data = json.loads(line)
    event = {
        "specversion": "1.0",
        "id": f"{data['seed'] if data['type'] == 'night.header' else ''}{data['seq']}",
        "source": "nightsim",
        "type": f"nightsim.{data['type']}.v1",
        "datacontenttype": "application/json",
        "data": data,
    }
    return canonical_json(event)
