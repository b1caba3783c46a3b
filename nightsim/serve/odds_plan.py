"""The console's odds form as a job: odds, compare, sweep or rank rotas on a camp.

Each kind calls the planning API `nightsim odds` calls (`nightsim.planning`: odds, compare,
sweep, rank_rotas) with the same checks, made before a night runs, so a mistake is one line
and no job; the report gets what produced it, as the command's does, and is drawn by the
existing report pages (`nightsim/page/odds.py`, `sweep.py`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from nightsim.limits import MAX_INT_DIGITS
from nightsim.serve.jobs import MAX_JOB_NIGHTS, Progress

KINDS = ("odds", "compare", "sweep", "rank")
DEFAULT_NIGHTS = 2_000  # a console job finishes in seconds on a laptop (~2 ms a night)


class PlanError(ValueError):
    """The form asks for no job that can run: the catalogue's key and its fields."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(key)
        self.key, self.fields = key, fields


@dataclass(frozen=True)
class Plan:
    """A job ready to start: what it is, how many nights it simulates, and the work."""

    kind: str
    total: int
    seed: int | str
    work: Callable[[Progress], dict[str, Any]]


def _seed(text: str) -> int | str:
    """As `--seed` takes it: digits are a number, other text a phrase; blank: a fresh one."""
    t = text.strip()
    if not t:
        return secrets.randbelow(1_000_000)
    if t.isdigit():
        if len(t) > MAX_INT_DIGITS:
            raise PlanError("console.odds_bad_seed", seed=t[:20], digits=MAX_INT_DIGITS)
        return int(t)
    if not t.isprintable() or len(t) > 200:
        raise PlanError("console.odds_bad_seed", seed=t[:20], digits=MAX_INT_DIGITS)
    return t


def _nights(text: str) -> int:
    t = text.strip() or str(DEFAULT_NIGHTS)
    if not t.isdigit() or len(t) > 9 or not 1 <= int(t) <= MAX_JOB_NIGHTS:
        raise PlanError("console.odds_bad_nights", got=t[:20], most=MAX_JOB_NIGHTS)
    return int(t)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def plan(values: Mapping[str, str], config: Any, camp: str) -> Plan:
    """The job the form asks for on `config` (the camp `camp`); PlanError for a bad form,
    ConfigError (a ValueError) for a change the config refuses."""
    kind = values.get("kind", "odds")
    if kind not in KINDS:
        raise PlanError("console.odds_bad_kind", got=kind[:20], kinds=", ".join(KINDS))
    nights, seed = _nights(values.get("nights", "")), _seed(values.get("seed", ""))
    if kind == "compare":
        return _compare(config, camp, nights, seed, _lines(values.get("sets", "")))
    if kind == "sweep":
        return _sweep(config, camp, nights, seed, values.get("sweep", ""))
    if kind == "rank":
        return _rank(config, camp, nights, seed)
    return _job(
        "odds", nights, seed, lambda p: _report(_odds(config, seed, nights, p), config, camp, seed)
    )


def _job(
    kind: str, total: int, seed: int | str, work: Callable[[Progress], dict[str, Any]]
) -> Plan:
    if total > MAX_JOB_NIGHTS:
        raise PlanError("console.odds_too_many", total=total, most=MAX_JOB_NIGHTS)
    return Plan(kind, total, seed, work)


def _report(
    report: Mapping[str, Any],
    config: Any,
    camp: str,
    seed: int | str,
    sets: list[str] | None = None,
) -> dict[str, Any]:
    from nightsim.narration.produced import produced
    from nightsim.stats.odds import config_sha256

    made = produced(camp, config_sha256(config), sets or [], seed, report["nights"])
    return dict(report) | {"produced_by": made}


def _odds(config: Any, seed: int | str, nights: int, progress: Progress) -> Mapping[str, Any]:
    from nightsim import planning

    return planning.odds(config, seed, nights, progress=progress)


def _compare(config: Any, camp: str, nights: int, seed: int | str, sets: list[str]) -> Plan:
    from nightsim import planning
    from nightsim.config import with_overrides

    if not sets:
        raise PlanError("console.odds_compare_needs_set")
    other = with_overrides(config.canonical(), sets, source=camp)

    def work(progress: Progress) -> dict[str, Any]:
        report = planning.compare(config, other, seed, nights, changes=sets, progress=progress)
        return _report(report, config, camp, seed, sets)

    return _job("compare", 2 * nights, seed, work)


def _sweep(config: Any, camp: str, nights: int, seed: int | str, item: str) -> Plan:
    from nightsim import planning
    from nightsim.stats.sweep import split_sweep, sweep_configs

    if not item.strip():
        raise PlanError("console.odds_sweep_needs_item")
    key, values = split_sweep(item.strip())
    sweep_configs(config, key, values)  # each value's config made (and refused) first

    def work(progress: Progress) -> dict[str, Any]:
        report = planning.sweep(config, key, values, seed, nights, progress=progress)
        return _report(report, config, camp, seed)

    return _job("sweep", len(values) * nights, seed, work)


def _rank(config: Any, camp: str, nights: int, seed: int | str) -> Plan:
    from nightsim import planning
    from nightsim.stats.odds import rota_orders

    orders = len(rota_orders(config, None))

    def work(progress: Progress) -> dict[str, Any]:
        report = planning.rank_rotas(config, seed, nights, progress=progress)
        return _report(report, config, camp, seed)

    return _job("rank", orders * nights, seed, work)


def report_html(kind: str, report: Mapping[str, Any], lang: str) -> str:
    """The existing report page of a finished job: odds (and rank), compare, sweep."""
    from nightsim.page import odds_html
    from nightsim.page.sweep import compare_html, sweep_html

    if kind == "compare":
        return compare_html(report, lang)
    if kind == "sweep":
        return sweep_html(report, lang)
    return odds_html(report, lang)
