"""Shared helpers: configs built from the bundled default with `--set`-style overrides."""

from __future__ import annotations

import math
from functools import cache

from nightsim.config import Config, default_config_path, parse_config
from nightsim.dice import Dice
from nightsim.engine import NightOutcome, NightSim, RawEvent


@cache
def default_text() -> str:
    return default_config_path().read_text(encoding="utf-8")


def cfg(*overrides: str) -> Config:
    """The bundled default night with `--set KEY=VALUE` overrides applied."""
    return parse_config(default_text(), list(overrides))


def night(config: Config, seed: int | str) -> tuple[list[RawEvent], NightOutcome]:
    """One recorded night: its raw events `(t, type, fields)` and its outcome."""
    sim = NightSim(config, Dice(seed))
    out = sim.run()
    return sim.events, out


def outcome(config: Config, seed: int | str) -> NightOutcome:
    return NightSim(config, Dice(seed), record=False).run()


def events(config: Config, seed: int | str) -> list[RawEvent]:
    return night(config, seed)[0]


def assert_rate(hits: int, n: int, p: float, what: str = "") -> None:
    """hits/n within ~3.3 standard deviations of the exact probability p."""
    sd = math.sqrt(n * p * (1 - p))
    lo, hi = n * p - 3.3 * sd, n * p + 3.3 * sd
    assert lo <= hits <= hi, f"{what}: {hits}/{n} = {hits / n:.4f}, expected p = {p:.4f}"
