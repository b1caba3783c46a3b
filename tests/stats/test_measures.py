"""The odds measures live in one table (`nightsim.measures`): every output reads it."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from nightsim.cli import main
from nightsim.config import Config, default_config_path, load_config
from nightsim.measures import ALL, CHARACTER, PARTY, ROTA, Measure, shown_characters
from nightsim.narration.catalogue import CATALOGUES, Catalogue
from nightsim.narration.produced import COLUMNS as PRODUCED_COLUMNS
from nightsim.page.odds import odds_page, rank_page
from nightsim.stats.odds import odds
from nightsim.stats.two_configs import compare_configs as compare

ROOT = Path(__file__).resolve().parents[2]


# The measures a plain `odds` run shows: the party's, then each character's.
SHOWN: tuple[Measure[Any], ...] = (*PARTY, *CHARACTER)


def cfg() -> Config:
    return load_config(default_config_path())


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["odds", "--nights", "60", "--seed", "m", "--jobs", "1", *args]) == 0
    return capsys.readouterr().out


def test_every_measure_has_words_in_every_language_and_its_own_columns() -> None:
    for lang, table in CATALOGUES.items():
        for m in ALL:
            assert isinstance(table.get(m.label), str) and table[m.label], (lang, m.label)
    for level in (PARTY, CHARACTER, ROTA):
        columns = [c for m in level for c in m.columns]
        assert len(columns) == len(set(columns))
        assert all(re.fullmatch(r"[a-z_]+", c) for c in columns)


def test_no_measure_words_outside_the_catalogues() -> None:
    # The English words of a measure are the catalogue's alone: not in cli/ nor page/.
    en = Catalogue("en")
    words = {en(m.label).replace("\n", " ") for m in ALL if len(en(m.label)) > 12}
    for path in [*(ROOT / "nightsim" / "cli").glob("*.py"), *(ROOT / "nightsim/page").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert not [w for w in words if f'"{w}"' in text], path


def test_the_report_the_csv_and_the_compare_rows_follow_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    r = json.loads(run_cli(capsys, "--format", "json"))
    assert list(r["probabilities"]) == [m.key for m in SHOWN]
    header = next(csv.reader(io.StringIO(run_cli(capsys, "--format", "csv"))))
    measures = [c for m in SHOWN for c in m.columns]
    assert header == ["level", "name", *measures, *PRODUCED_COLUMNS]
    c = compare(cfg(), cfg(), "m", 60)
    assert [row["measure"] for row in c["measures"]][: len(PARTY)] == [m.key for m in PARTY]
    assert list(dict.fromkeys(row["measure"] for row in c["measures"])) == [m.key for m in SHOWN]


def test_the_page_and_the_text_show_the_same_measures_in_the_same_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = run_cli(capsys)
    r = json.loads(run_cli(capsys, "--format", "json"))
    page = odds_page(r)
    en = Catalogue("en")
    assert [row.label for row in page.party] == [en(m.label) for m in PARTY]
    positions = [text.index(en(m.label)) for m in PARTY]
    assert positions == sorted(positions)
    shown = shown_characters(False, True)
    assert "exhausted" not in [m.key for m in shown]
    assert list(page.heads) == [en(m.label) for m in shown]
    head = next(line for line in text.splitlines() if page.heads[0] in line)
    assert all(h in head for h in page.heads)
    assert [head.index(h) for h in page.heads] == sorted(head.index(h) for h in page.heads)


def test_the_ranking_shows_the_rota_table(capsys: pytest.CaptureFixture[str]) -> None:
    r = json.loads(run_cli(capsys, "--rank-rotas", "--format", "json"))
    top = r["top"][0]
    assert [k for k in top if k in {m.key for m in ROTA}] == [m.key for m in ROTA]
    assert r["ranked_by"] == [m.key for m in ROTA if m.ranked]
    assert list(top["vs_best"] or r["top"][1]["vs_best"]) == [m.key for m in ROTA if m.against_best]
    en = Catalogue("en")
    assert list(rank_page(r).rank_heads) == [en(m.label).replace("\n", " ") for m in ROTA]


def test_plain_odds_and_paired_counting_agree() -> None:
    # The same nights counted by `odds` (Counts) and by the paired tally (Moments): every
    # measure's k and n the same, for the party and for each character.
    config = cfg()
    r = odds(config, "agree", 120)["probabilities"]
    rows = compare(config, config, "agree", 120)["measures"]
    for row in rows:
        est = r[row["measure"]]
        mine = est if row["character"] is None else est[row["character"]]
        assert (row["a"]["k"], row["a"]["n"]) == (mine["k"], mine["n"]), row["measure"]


def test_counting_a_batch_is_counting_night_by_night() -> None:
    from nightsim.engine.dice import Dice
    from nightsim.engine.sim import NightSim
    from nightsim.stats.odds import Counts

    config = cfg()
    outs = [NightSim(config, Dice(f"batch/{i}"), record=False).run() for i in range(300)]
    names = [c.name for c in config.party]
    one, batch = (Counts.empty(names, config.rules.rest_hours) for _ in range(2))
    for out in outs:
        one.add(out, config.rest_start)
    batch.add_nights(outs[:7], config.rest_start)
    batch.add_nights(outs[7:], config.rest_start)
    assert one == batch
