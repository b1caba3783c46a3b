"""The API's reports say what produced them (`produced_by`), as `odds --format json` does:
a report saved from a script is told apart from another by it (docs/odds.md, "What produced
a report")."""

from __future__ import annotations

import json

import pytest

import nightsim
from nightsim.cli import main
from nightsim.config import default_config_path
from nightsim.stats.odds import config_sha256


def test_the_api_odds_report_has_the_clis_produced_by(
    capsys: pytest.CaptureFixture[str],
) -> None:
    config = nightsim.load_config(default_config_path())
    api = nightsim.odds(config, 7, 60)
    assert main(["odds", "--seed", "7", "--nights", "60", "--format", "json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    # The bundled default: no file named either way, so the two blocks are the same.
    assert api["produced_by"] == cli["produced_by"]


def test_every_api_report_names_its_config_seed_and_nights() -> None:
    config = nightsim.load_config(default_config_path())
    winter = nightsim.load_config(default_config_path(), ["camp.season=winter"])
    reports = {
        "odds": nightsim.odds(config, "s", 40),
        "compare": nightsim.compare(config, winter, "s", 40, changes=["camp.season=winter"]),
        "rank": nightsim.rank_rotas(config, "s", 10, top=2),
        "sweep": nightsim.sweep(config, "rules.rest_hours", ["7", "8"], "s", 40),
    }
    for kind, report in reports.items():
        made = report["produced_by"]
        assert made["config"] is None, kind
        assert made["config_sha256"] == config_sha256(config), kind
        assert made["seed"] == "s" and made["nights"] == report["nights"], kind
        assert made["nightsim"] == nightsim.__version__, kind
        assert made["set"] == (["camp.season=winter"] if kind == "compare" else []), kind
