"""A planner's script, as a user writes it against the installed package: every report typed.

tests/test_api_typed.py copies it out of the repository, checks it with `mypy --strict` (so
mypy must find `nightsim` and its `py.typed` through the install alone) and runs it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nightsim
from nightsim import (
    CompareReport,
    ConfigError,
    Estimate,
    OddsReport,
    SweepReport,
    compare,
    involves,
    load_config,
    odds,
    read_log,
    sweep,
    write_log,
)
from nightsim.config import Watch, default_config_path


def share(estimate: Estimate) -> str:
    p = estimate["p"]
    return "-" if p is None else f"{100 * p:.1f}%"


def main(folder: Path) -> None:
    config = load_config(default_config_path(), ["camp.season=winter"])
    report: OddsReport = odds(config, 7, 200)
    print("encounter", share(report["probabilities"]["encounter"]), report["nightsim"])

    warmer = load_config(default_config_path(), ["camp.season=winter", "party.Moss.tent=true"])
    diff: CompareReport = compare(config, warmer, 7, 200, changes=["party.Moss.tent=true"])
    for row in diff["measures"]:
        if row["clear"] and row["diff"] is not None:
            print(row["measure"], row["character"], f"{100 * row['diff']:+.1f} points")

    swept: SweepReport = sweep(config, "rules.rest_hours", ["6", "8", "10"], 7, 200)
    for measure in swept["measures"]:
        if measure["measure"] == "fire_lasts":
            print([share(point["estimate"]) for point in measure["points"]])

    head = write_log(folder / "night.jsonl", config, 9)
    events = read_log(folder / "night.jsonl")
    moss = [e.type for e in events if "Moss" in involves(e)]
    print(head[:12], len(moss), "lines involve Moss")

    try:
        Watch(rota=("Moss", "Wren"), shifts=())
    except ConfigError as exc:
        print("refused:", exc)
    print(nightsim.__version__)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
