"""What the page of `odds --format html` shows, from the report `odds --format json` prints.

In English, as the odds' text tables are; the measures are `measures`' tables and their words
the catalogue's. The same report gives the same page: every value comes from the report in
its own order (the party as configured, the rotas best first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nightsim.measures import CHARACTER, PARTY, ROTA, Measure, shown_characters
from nightsim.narration.catalogue import Catalogue
from nightsim.page import chart


def label(m: Measure[Any]) -> str:
    """A measure's words on the page: the catalogue's, on one line."""
    return Catalogue("en")(m.label).replace("\n", " ")


@dataclass(frozen=True)
class OddsRow:
    label: str
    cells: tuple[chart.Interval, ...]


@dataclass(frozen=True)
class OddsPage:
    title: str
    summary: str
    party: tuple[OddsRow, ...]
    heads: tuple[str, ...]
    characters: tuple[OddsRow, ...]
    arrivals: chart.Histogram | None
    rank_heads: tuple[str, ...]
    rotas: tuple[OddsRow, ...]
    scatter: chart.Scatter | None
    config_sha256: str


def rest_start(config: Mapping[str, Any]) -> int:
    """The rest period's clock in minutes, as the report's config resolves it (the config
    says when camp is made and how long preparation and the evening take)."""
    from nightsim.config import config_from_data

    cfg = config_from_data(dict(config))
    return cfg.camp.camp_minute + cfg.rest_start


def _seed(r: Mapping[str, Any]) -> str:
    return repr(r["seed"]) if isinstance(r["seed"], str) else str(r["seed"])


def odds_page(r: Mapping[str, Any]) -> OddsPage:
    pr = r["probabilities"]
    journeys = r.get("nights_per_journey", 1) > 1
    shown = shown_characters(journeys, bool(pr["spell_lost"]))
    characters = tuple(
        OddsRow(
            name,
            tuple(chart.interval(f"{name}, {label(m)}", pr[m.key].get(name)) for m in shown),
        )
        for name in pr[CHARACTER[0].key]
    )
    per = f", {r['journeys']:,} journeys of {r['nights_per_journey']}" if journeys else ""
    bins = r.get("arrival_10min")
    return OddsPage(
        title=f"Odds over {r['nights']:,} nights{per} (seed {_seed(r)})",
        summary=f"Wandering monsters {r['encounter_chance']}-in-6; a rest period of"
        f" {r['rest_hours']} hours; each chance with its 95% Wilson interval.",
        party=tuple(OddsRow(label(m), (chart.interval(label(m), pr[m.key]),)) for m in PARTY),
        heads=tuple(label(m) for m in shown),
        characters=characters,
        arrivals=chart.arrivals(bins, rest_start(r["config"])) if bins else None,
        rank_heads=(),
        rotas=(),
        scatter=None,
        config_sha256=r["config_sha256"],
    )


def rank_page(r: Mapping[str, Any]) -> OddsPage:
    rows = tuple(
        OddsRow(
            f"#{row['rank']} {', '.join(row['rota'])}",
            tuple(chart.interval(f"#{row['rank']}, {label(m)}", row[m.key]) for m in ROTA),
        )
        for row in r["top"]
    )
    return OddsPage(
        title=f"The safest watch rotas: the best {len(r['top'])} of {r['rotas']},"
        f" {r['nights']:,} nights each (seed {_seed(r)})",
        summary="Ranked by the chance that someone is awake when a monster comes, then full"
        " rests (of all character-nights), then spells kept (of all spells meant); every"
        " rota over the same nights.",
        party=(),
        heads=(),
        characters=(),
        arrivals=None,
        rank_heads=tuple(label(m) for m in ROTA),
        rotas=rows,
        scatter=chart.rotas(r["top"]),
        config_sha256=r["config_sha256"],
    )
