"""Campaigns as the ledger makes them, for the campaign page's tests: one `nightsim run` log
a night (the writer's own lines), each night its own seed, begun from the last morning (HP,
exhaustion, the next day of the calendar), with adjustments between nights applied to the
next night's config."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from nightsim import rules
from nightsim.config import config_from_data, default_config_path, load_config
from nightsim.engine.journey import iter_raw
from nightsim.log.writer import iter_log_lines
from nightsim.page.campaign import AdjustmentView

# Wren is hurt after night 2 (HP 1), Sir Aldric after night 4; Moss leaves the party after
# night 5 and comes back before night 8.
HURT = {2: {"Wren": 1}, 4: {"Sir Aldric": 2}}
AWAY = range(6, 8)


@cache
def _default() -> dict[str, Any]:
    data: dict[str, Any] = load_config(default_config_path()).canonical()
    data["camp"]["day"] = 1
    return data


def _without(data: dict[str, Any], name: str) -> None:
    """`name` out of the party and every role (the rota and the evening's chores)."""
    data["party"] = [c for c in data["party"] if c["name"] != name]
    data["watch"]["rota"] = [w for w in data["watch"]["rota"] if w != name]
    evening = data["evening"]
    for role, who in list(evening.items()):
        if isinstance(who, list):
            evening[role] = [w for w in who if w != name]
        elif who == name:
            del evening[role]


def campaign(
    nights: int, *, seed: str = "camp", away: range = AWAY
) -> tuple[list[list[str]], list[AdjustmentView]]:
    """`nights` one-night logs, each night begun where the last morning left the party."""
    data = copy.deepcopy(_default())
    logs: list[list[str]] = []
    adjustments: list[AdjustmentView] = []
    for night in range(1, nights + 1):
        tonight = copy.deepcopy(data)
        if night in away:
            _without(tonight, "Moss")
        lines = list(iter_log_lines(iter_raw(config_from_data(tonight), f"{seed}/{night}", 1)))
        logs.append(lines)
        summary = json.loads(lines[-1])
        morning = {c["name"]: c for c in summary["characters"]}
        for c in data["party"]:
            if c["name"] in morning:
                c["hp"] = morning[c["name"]]["hp"]
                c["exhaustion"] = morning[c["name"]]["exhaustion"]
        camp = data["camp"]
        camp["month"], camp["day"] = rules.next_day(camp["month"], camp["day"])
        for name, hp in HURT.get(night, {}).items():
            next(c for c in data["party"] if c["name"] == name)["hp"] = hp
            item = f'party."{name}".hp={hp}' if " " in name else f"party.{name}.hp={hp}"
            adjustments.append(AdjustmentView(night, (item,), f"{name} fought on the road"))
    return logs, adjustments
