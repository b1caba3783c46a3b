"""Shared helpers: configs built from the bundled default with `--set`-style overrides."""

from __future__ import annotations

import importlib.util
import math
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import settings

from nightsim.config import Config, config_from_data, default_config_path, parse_config
from nightsim.editions import CURRENT_EDITION, readings_for
from nightsim.engine.dice import Dice
from nightsim.engine.outcome import NightOutcome
from nightsim.engine.sim import NightSim
from nightsim.events import Event

# The README's test command runs the same examples every time: a property test whose outcome
# depends on the draw would fail a newcomer at random (tests/README.md, "Property"). Exploring
# with fresh draws is a profile of its own: HYPOTHESIS_PROFILE=explore.
settings.register_profile("derandomized", derandomize=True, database=None)
settings.register_profile("explore", max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "derandomized"))

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
    camp: dict[str, object] | None = None,
    rules: dict[str, object] | None = None,
    evening: dict[str, object] | None = None,
    watch: dict[str, object] | None = None,
    encounters: dict[str, object] | None = None,
) -> Config:
    """A config from plain data: a quiet autumn night (no encounter) unless told otherwise."""
    base_camp: dict[str, object] = {"encounter_chance": 0, "season": "autumn"}
    given = camp or {}
    if "terrain" in given:
        del base_camp["encounter_chance"]
    if "month" in given:
        del base_camp["season"]
    data: dict[str, object] = {
        "camp": {**base_camp, **given},
        "rules": {**(rules or {})},
        "party": party,
        "evening": {"site": [party[0]["name"]], **(evening or {})},
        "watch": watch if watch is not None else {"rota": []},
    }
    if encounters is not None:
        data["encounters"] = encounters
    return config_from_data(data)


def log_lines(seed: int | str = 11, nights: int = 1) -> list[str]:
    """A default-config log as its file's lines, each with its newline (as `open(.., "rb")`
    would give them)."""
    from nightsim.engine.journey import iter_raw
    from nightsim.log.writer import write_events

    config = cfg()
    out: list[str] = []
    write_events(iter_raw(config, seed, nights), [out.append])
    return [line + "\n" for line in out]


def rehash(lines: list[str]) -> list[str]:
    """What a careful forger does after editing: recompute every hash down the chain."""
    import json

    from nightsim.log.writer import GENESIS, canonical_json, line_hash

    prev, out = GENESIS, []
    for line in lines:
        data = json.loads(line)
        data.pop("hash")
        data["hash"] = prev = line_hash(prev, data)
        out.append(canonical_json(data) + "\n")
    return out


# --- the pinned examples of README.md and the manual (docs/*.md) -----------------------------

_ROOT = Path(__file__).resolve().parent.parent


def manual_pages() -> list[Path]:
    """Where a pinned example may live: README.md and every page of the manual."""
    return [_ROOT / "README.md", *sorted((_ROOT / "docs").glob("*.md"))]


def manual_page(needle: str) -> str:
    """The text of the one page (README.md or docs/*.md) that shows `needle`: a block is
    found by what it shows, wherever the manual moves it."""
    found = [p for p in manual_pages() if needle in p.read_text(encoding="utf-8")]
    assert len(found) == 1, f"{needle!r} should be on one page, is on {[p.name for p in found]}"
    return found[0].read_text(encoding="utf-8")


def manual_block(command: str) -> str:
    """What a page shows under `$ command`, up to its code block's end."""
    text = manual_page(f"$ {command}\n")
    start = text.index(f"$ {command}\n") + len(command) + 3
    return text[start : text.index("```", start)]


def manual_section(heading: str) -> str:
    """The section under a heading line (`# The Python API`, a page's title too), up to the
    next heading of its level or above."""
    text = "\n" + manual_page(f"{heading}\n")
    level = heading.split(" ", 1)[0]
    body = text.split(f"\n{heading}\n", 1)[1]
    ends = [body.find(f"\n{'#' * n} ") for n in range(1, len(level) + 1)]
    return body[: min([e for e in ends if e >= 0], default=len(body))]


def regen_tool() -> ModuleType:
    """tools/regen.py as a module (it is a script, not part of the package)."""
    path = Path(__file__).resolve().parents[1] / "tools" / "regen.py"
    spec = importlib.util.spec_from_file_location("regen", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def golden_release(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The package as the release the goldens were made with (tests/golden_release.py):
    every `nightsim` module's `__version__` set to GOLDEN_RELEASE for the test, and put
    back after it, also in a module the test imported for the first time."""
    import nightsim
    from tests.golden_release import GOLDEN_RELEASE, versioned

    real = nightsim.__version__
    for module in versioned():
        monkeypatch.setattr(module, "__version__", GOLDEN_RELEASE)
    yield GOLDEN_RELEASE
    monkeypatch.undo()
    for module in versioned():
        module.__version__ = real  # type: ignore[attr-defined]
