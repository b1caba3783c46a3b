"""The console's odds form as a job: odds, compare, sweep, grid or rank rotas on a camp.

Each kind calls the planning API `nightsim odds` calls (`nightsim.reports`: odds, compare,
sweep, grid, rank_rotas, the ranking narrowed as `--pin`, `--exclude`, `--shifts` narrow it)
with the same checks, made before a night runs, so a mistake is one line and no job; the
report gets what produced it, as the command's does, and is drawn by the existing report
pages (`nightsim/page/odds.py`, `sweep.py`, `grid.py`).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nightsim.limits import MAX_INT_DIGITS
from nightsim.serve.jobs import MAX_JOB_NIGHTS, Progress

KINDS = ("odds", "compare", "sweep", "grid", "rank")
DEFAULT_NIGHTS = 2_000  # a console job finishes in seconds on a laptop (~2 ms a night)


class PlanError(ValueError):
    """The form asks for no job that can run: the catalogue's key and its fields."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(key)
        self.key, self.fields = key, fields


@dataclass(frozen=True)
class Plan:
    """A job ready to start: what it is, how many nights it simulates, and its task (plain,
    picklable data: the job runs in a process of its own, serve/jobs.py)."""

    kind: str
    total: int
    seed: int | str
    task: dict[str, Any]


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
    ConfigError (a ValueError) for a change the config refuses: all before a night runs."""
    kind = values.get("kind", "odds")
    if kind not in KINDS:
        raise PlanError("console.odds_bad_kind", got=kind[:20], kinds=", ".join(KINDS))
    nights, seed = _nights(values.get("nights", "")), _seed(values.get("seed", ""))
    task: dict[str, Any] = {
        "kind": kind,
        "config": config.canonical(),
        "camp": camp,
        "seed": seed,
        "nights": nights,
    }
    variants = 1
    if kind == "compare":
        from nightsim.config import with_overrides

        sets = _lines(values.get("sets", ""))
        if not sets:
            raise PlanError("console.odds_compare_needs_set")
        with_overrides(task["config"], sets, source=camp)  # refused here, not in the job
        task["sets"], variants = sets, 2
    elif kind == "sweep":
        from nightsim.stats.sweep import split_sweep, sweep_configs

        item = values.get("sweep", "").strip()
        if not item:
            raise PlanError("console.odds_sweep_needs_item")
        key, swept = split_sweep(item)
        sweep_configs(config, key, swept)  # each value's config made (and refused) first
        task["key"], task["values"], variants = key, swept, len(swept)
    elif kind == "grid":
        variants = _grid(values, config, task)
    elif kind == "rank":
        variants = _rank(values, config, task)
    if variants * nights > MAX_JOB_NIGHTS:
        raise PlanError("console.odds_too_many", total=variants * nights, most=MAX_JOB_NIGHTS)
    return Plan(kind, variants * nights, seed, task)


def _grid(values: Mapping[str, str], config: Any, task: dict[str, Any]) -> int:
    """Rows the sweep's field, columns the grid's (`odds --grid`): each cell's config made
    (and refused) before a night runs; the cells' count."""
    from nightsim.stats.grid import grid_configs, split_grid

    items = [values.get("sweep", "").strip(), values.get("grid", "").strip()]
    if not all(items):
        raise PlanError("console.odds_grid_needs_items")
    rows, columns = split_grid(items)
    grid_configs(config, rows, columns)
    task["rows"], task["columns"] = rows, columns
    return len(rows[1]) * len(columns[1])


def _rank(values: Mapping[str, str], config: Any, task: dict[str, Any]) -> int:
    """The rank's pins, exclusions and shift lengths (`--pin`, `--exclude`, `--shifts`),
    checked as the command checks them; the rotas' count."""
    from nightsim.stats.odds import constraints_of, rota_config, rota_orders

    shifts = values.get("shifts", "").strip() or None
    kept = constraints_of(_lines(values.get("pin", "")), _lines(values.get("exclude", "")), shifts)
    orders = rota_orders(config, None, kept)
    if kept.hours:
        rota_config(config, orders[0], None, kept.hours)  # lengths a watch can have, or refused
    task["pin"], task["exclude"], task["shifts"] = dict(kept.pin), list(kept.exclude), kept.hours
    return len(orders)


def run_task(task: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """A planned job's report (in the job's own process): the planning API's function for
    its kind, with what produced it, as `odds --format json` gives it."""
    from nightsim import reports
    from nightsim.config import config_from_data, with_overrides
    from nightsim.narration.produced import produced
    from nightsim.stats.odds import config_sha256

    config = config_from_data(dict(task["config"]))
    kind, seed, nights, sets = task["kind"], task["seed"], task["nights"], task.get("sets", [])
    report: Mapping[str, Any]
    if kind == "compare":
        other = with_overrides(task["config"], sets, source=task["camp"])
        report = reports.compare(config, other, seed, nights, changes=sets, progress=progress)
    elif kind == "sweep":
        report = reports.sweep(config, task["key"], task["values"], seed, nights, progress=progress)
    elif kind == "grid":
        axes = task["rows"], task["columns"]
        report = reports.grid(config, *axes, seed, nights, progress=progress)
    elif kind == "rank":
        report = reports.rank_rotas(
            config,
            seed,
            nights,
            progress=progress,
            pin=task["pin"],
            exclude=task["exclude"],
            shifts=task["shifts"],
        )
    else:
        report = reports.odds(config, seed, nights, progress=progress)
    made = produced(task["camp"], config_sha256(config), sets, seed, report["nights"])
    return dict(report) | {"produced_by": made}


def report_html(kind: str, report: Mapping[str, Any], lang: str) -> str:
    """The existing report page of a finished job: odds (and rank), compare, sweep, grid."""
    from nightsim.page import odds_html
    from nightsim.page.sweep import compare_html, sweep_html

    if kind == "grid":
        from nightsim.page.grid import grid_html

        return grid_html(report, lang)
    if kind == "compare":
        return compare_html(report, lang)
    if kind == "sweep":
        return sweep_html(report, lang)
    return odds_html(report, lang)
