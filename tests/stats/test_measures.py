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
from nightsim.measures import (
    ALL,
    CHARACTER,
    CREATURE,
    PARTY,
    ROTA,
    TABLE_KEYS,
    Measure,
    creatures_of,
    shown_characters,
)
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
    # Then what comes: each table's share, each creature's chance (measures.TABLES).
    comes = [*TABLE_KEYS, CREATURE]
    assert list(r["probabilities"]) == [m.key for m in SHOWN] + comes
    header = next(csv.reader(io.StringIO(run_cli(capsys, "--format", "csv"))))
    measures = [c for m in SHOWN for c in m.columns]
    comes_columns = ["comes", "comes_low", "comes_high"]
    assert header == ["level", "name", *measures, *comes_columns, *PRODUCED_COLUMNS]
    c = compare(cfg(), cfg(), "m", 60)
    assert [row["measure"] for row in c["measures"]][: len(PARTY)] == [m.key for m in PARTY]
    keys = [m.key for m in SHOWN] + comes
    assert list(dict.fromkeys(row["measure"] for row in c["measures"])) == keys
    creatures = [row["creature"] for row in c["measures"] if row["measure"] == CREATURE]
    assert creatures == list(creatures_of([cfg()])) == list(r["probabilities"][CREATURE])


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
        who = row["character"] if row["creature"] is None else row["creature"]
        mine = est if who is None else est[who]
        assert (row["a"]["k"], row["a"]["n"]) == (mine["k"], mine["n"]), row["measure"]


def test_counting_a_batch_is_counting_night_by_night() -> None:
    from nightsim.engine.dice import Dice
    from nightsim.engine.sim import NightSim
    from nightsim.stats.odds import Counts

    config = cfg()
    outs = [NightSim(config, Dice(f"batch/{i}"), record=False).run() for i in range(300)]
    names = [c.name for c in config.party]
    creatures = creatures_of([config])
    one, batch = (Counts.empty(names, config.rules.rest_hours, 1, creatures) for _ in range(2))
    for out in outs:
        one.add(out, config.rest_start)
    batch.add_nights(outs[:7], config.rest_start)
    batch.add_nights(outs[7:], config.rest_start)
    assert one == batch
    assert sum(one.tables) == sum(one.creatures.values()) == one.party_k[0] > 0  # encounters


def test_what_comes_tallied_sparsely_is_what_full_lists_give() -> None:
    # The paired tally counts what comes on encounter nights only (`tally.Comes`): its
    # moments must be those `Moments.of` gives the full per-unit lists, for single nights
    # and journeys, three configs (the fire lit, unlit, and a lower chance).
    from nightsim.config import with_overrides
    from nightsim.stats.paired import Moments
    from nightsim.stats.tally import Layout, Tally
    from nightsim.stats.variants import paired_units

    base = cfg()
    configs = [
        base,
        with_overrides(base.canonical(), ["camp.light_fire=false"], source="--set"),
        with_overrides(base.canonical(), ["camp.encounter_chance=1"], source="--set"),
    ]
    layout = Layout.of("compare", configs)
    for per in (1, 3):
        units = list(paired_units(configs, "sparse", 1, 121, per))
        tally = Tally(configs, layout, per)
        for unit in units:
            tally.add(unit)
        tally.close()
        got = dict(zip(tally.keys, tally.moments, strict=True))
        hit = 0
        for key, who in layout.comes_keys():

            def count(out: Any, key: str = key, who: str | None = who) -> int:
                e = out.encounter
                if e is None:
                    return 0
                return e.creature == who if key == CREATURE else f"table_{e.table}" == key

            values = [[sum(count(o) for o in unit[c]) for unit in units] for c in range(3)]
            denoms = [[per] * len(units) for _ in range(3)]
            full = Moments.of(values, denoms, star=layout.star)
            assert got[(key, who)] == full, (per, key, who)
            hit += sum(map(sum, values))
        assert hit > 0
