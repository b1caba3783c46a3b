"""What the page of `odds --format html` shows, from the report `odds --format json` prints.

In English, as the odds' text tables are. The same report gives the same page: every value
comes from the report in its own order (the party as configured, the rotas best first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nightsim.page import chart

PARTY = (
    ("encounter", "a monster comes"),
    ("rota_broken", "the rota breaks (a watcher dozes)"),
    ("fire_lasts", "the fire lasts the rest period"),
    ("nobody_awake", "a monster comes and nobody is awake"),
    ("nobody_awake_given_encounter", "nobody awake, when a monster comes"),
)
CHARACTER = (
    ("surprised", "surprised"),
    ("full_rest", "full rest"),
    ("exhausted", "exhausted"),
    ("spell_lost", "a spell lost"),
)
ROTA = (
    ("someone_awake_given_encounter", "someone awake when a monster comes"),
    ("full_rest", "full rests"),
    ("spells_kept", "spells kept"),
    ("rota_broken", "the rota breaks"),
)


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
    """The rest period's clock in minutes: camp is made, then preparation and the evening."""
    camp_at = str(config.get("camp", {}).get("camp_at", "19:00"))
    rules = config.get("rules", {})
    h, m = camp_at.split(":")
    return (
        int(h) * 60
        + int(m)
        + int(rules.get("preparation_minutes", 60))
        + int(rules.get("evening_minutes", 60))
    )


def _seed(r: Mapping[str, Any]) -> str:
    return repr(r["seed"]) if isinstance(r["seed"], str) else str(r["seed"])


def odds_page(r: Mapping[str, Any]) -> OddsPage:
    pr = r["probabilities"]
    journeys = r.get("nights_per_journey", 1) > 1
    keys = [k for k in CHARACTER if k[0] != "exhausted" or journeys]
    if not pr["spell_lost"]:
        keys = [k for k in keys if k[0] != "spell_lost"]
    characters = tuple(
        OddsRow(
            name,
            tuple(chart.interval(f"{name}, {label}", pr[key].get(name)) for key, label in keys),
        )
        for name in pr["surprised"]
    )
    per = f", {r['journeys']:,} journeys of {r['nights_per_journey']}" if journeys else ""
    bins = r.get("arrival_10min")
    return OddsPage(
        title=f"Odds over {r['nights']:,} nights{per} (seed {_seed(r)})",
        summary=f"Wandering monsters {r['encounter_chance']}-in-6; a rest period of"
        f" {r['rest_hours']} hours; each chance with its 95% Wilson interval.",
        party=tuple(OddsRow(label, (chart.interval(label, pr[key]),)) for key, label in PARTY),
        heads=tuple(label for _, label in keys),
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
            tuple(chart.interval(f"#{row['rank']}, {label}", row[key]) for key, label in ROTA),
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
        rank_heads=tuple(label for _, label in ROTA),
        rotas=rows,
        scatter=chart.rotas(r["top"]),
        config_sha256=r["config_sha256"],
    )
