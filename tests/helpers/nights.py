"""Nights for the tests: configs from the bundled default with `--set`-style overrides or
from plain data, a night's events and outcome, and a rate held to the rules' probability."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from typing import Any

from nightsim.config import Config, config_from_data, default_config_path, parse_config
from nightsim.editions import CURRENT_EDITION, readings_for
from nightsim.engine.dice import Dice
from nightsim.engine.outcome import NightOutcome
from nightsim.engine.sim import NightSim
from nightsim.events import Event

# An event as the timeline tests read it: (t, type, its own fields), the envelope left out.
RawEvent = tuple[int, str, dict[str, Any]]
_ENVELOPE = {"v", "seq", "night", "t", "clock", "type", "hash"}


def raw(ev: Event) -> RawEvent:
    return ev.t, ev.type, ev.model_dump(by_alias=True, exclude=_ENVELOPE)


@cache
def default_text() -> str:
    return default_config_path().read_text(encoding="utf-8")


def cfg(*overrides: str) -> Config:
    """The bundled default night with `--set KEY=VALUE` overrides applied."""
    return parse_config(default_text(), list(overrides))


def night(
    config: Config, seed: int | str, edition: int = CURRENT_EDITION
) -> tuple[list[RawEvent], NightOutcome]:
    """One recorded night under the rules `edition`: its events as `(t, type, fields)` and
    its outcome."""
    sim = NightSim(config, Dice(seed), readings=readings_for(edition))
    out = sim.run()
    return [raw(e) for e in sim.events], out


def outcome(config: Config, seed: int | str, edition: int = CURRENT_EDITION) -> NightOutcome:
    return NightSim(config, Dice(seed), record=False, readings=readings_for(edition)).run()


def events(config: Config, seed: int | str) -> list[RawEvent]:
    return night(config, seed)[0]


def assert_rate(hits: int, n: int, p: float, what: str = "") -> None:
    """hits/n within ~3.3 standard deviations of the exact probability p."""
    sd = math.sqrt(n * p * (1 - p))
    lo, hi = n * p - 3.3 * sd, n * p + 3.3 * sd
    assert lo <= hits <= hi, f"{what}: {hits}/{n} = {hits / n:.4f}, expected p = {p:.4f}"


def fails(hits: int, n: int, p: float) -> bool:
    """Whether `assert_rate` refuses hits/n against p: how a test shows that an older
    edition's rate is not the new one's."""
    try:
        assert_rate(hits, n, p)
    except AssertionError:
        return True
    return False


def person(name: str, **fields: object) -> dict[str, object]:
    """A party member with plain defaults (CON/WIS/CHA 10, 5 of 10 HP, save 12)."""
    base: dict[str, object] = {
        "name": name,
        "con": 10,
        "wis": 10,
        "cha": 10,
        "hp": 5,
        "max_hp": 10,
        "save_doom": 12,
    }
    base.update(fields)
    return base


def make(
    party: list[dict[str, object]],
    *,
    camp: Mapping[str, object] | None = None,
    rules: Mapping[str, object] | None = None,
    evening: Mapping[str, object] | None = None,
    watch: Mapping[str, object] | None = None,
    encounters: Mapping[str, object] | None = None,
) -> Config:
    """A config from plain data: a quiet autumn night (no encounter) unless told otherwise."""
    base_camp: dict[str, object] = {"encounter_chance": 0, "season": "autumn"}
    given = dict(camp or {})
    if "terrain" in given:
        del base_camp["encounter_chance"]
    if "month" in given:
        del base_camp["season"]
    data: dict[str, object] = {
        "camp": {**base_camp, **given},
        "rules": {**(rules or {})},
        "party": party,
        "evening": {"site": [party[0]["name"]], **(evening or {})},
        "watch": dict(watch) if watch is not None else {"rota": []},
    }
    if encounters is not None:
        data["encounters"] = dict(encounters)
    return config_from_data(data)
