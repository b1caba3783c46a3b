"""`odds --rank-rotas`: every rota over the same nights, each told against the best (issue 13).

Every rota meets the same nights (`variants.paired_units`): the monster's dice do not depend
on the rota, so the encounter nights are the same for every rota, and "someone awake when a
monster comes" is paired on them; full rests are paired per night (the party's share). A
rota whose safety difference from the best has a 95% interval holding 0 is **tied with the
best**: the nights do not tell them apart. Its full rests are told beside it, so the
trade-off between safety and rest shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from nightsim.config import Config
from nightsim.stats.odds import (
    MAX_RANK_NIGHTS,
    Counts,
    Progress,
    journeys_for,
    provenance,
    rota_config,
    rota_orders,
    wilson,
)
from nightsim.stats.paired import difference
from nightsim.stats.tally import Layout, moments_of, tally_paired

AWAKE, REST = "someone_awake_given_encounter", "full_rest"
RANKED_BY = [AWAKE, REST, "spells_kept"]


@dataclass(frozen=True, slots=True)
class RotaResult:
    """A rota's own counts, and its paired differences from the best rota (this - best;
    None for the best itself)."""

    order: tuple[str, ...]
    counts: Counts
    awake_vs_best: dict[str, Any] | None = None
    rest_vs_best: dict[str, Any] | None = None

    def key(self) -> tuple[float, float, float, tuple[str, ...]]:
        return _key(self.order, self.counts)

    @property
    def tied(self) -> bool | None:
        """Tied with the best on safety (its interval holds 0); None for the best."""
        if self.awake_vs_best is None:
            return None
        return self.awake_vs_best["diff"] is not None and not self.awake_vs_best["clear"]


def _key(order: tuple[str, ...], c: Counts) -> tuple[float, float, float, tuple[str, ...]]:
    """Best first: someone awake when the monster comes (given an encounter), then full
    rests, then spells kept; ties in the order's names, so the ranking is stable."""
    awake = 1 - c.nobody_awake / c.encounter if c.encounter else 0.0
    rests = sum(c.full_rest) / (c.nights * len(c.names)) if c.nights else 0.0
    tried = sum(c.spells_tried)
    kept = 1 - sum(c.spells_lost) / tried if tried else 1.0
    return (-awake, -rests, -kept, order)


def rank_rotas(
    config: Config,
    seed: int | str,
    nights: int,
    *,
    watchers: int | None = None,
    per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[RotaResult]:
    """Every rota over the same per-night seeds, best first, each with its paired
    difference from the best on safety and on full rests."""
    orders = rota_orders(config, watchers)
    if len(orders) * nights > MAX_RANK_NIGHTS:
        raise ValueError(
            f"{len(orders)} rotas x {nights} nights is more than {MAX_RANK_NIGHTS:,} nights;"
            f" use --nights {max(1, MAX_RANK_NIGHTS // len(orders))} or fewer, or --watchers"
        )
    configs = [rota_config(config, o, watchers) for o in orders]
    units = journeys_for(nights, per_journey)
    tally = tally_paired(
        configs,
        Layout.of("rank", configs),
        seed,
        units,
        per_journey=per_journey,
        jobs=jobs,
        progress=progress,
    )
    moments = moments_of(tally)
    awake, rest = moments[(AWAKE, None)], moments[(REST, None)]
    keyed = sorted(range(len(orders)), key=lambda i: _key(orders[i], tally.counts[i]))
    best = keyed[0]
    return [
        RotaResult(
            orders[i],
            tally.counts[i],
            None if i == best else difference(awake, best, i),
            None if i == best else difference(rest, best, i),
        )
        for i in keyed
    ]


def _vs(d: dict[str, Any] | None, per_journey: int) -> dict[str, Any] | None:
    """A difference from the best as the report has it (the two estimates are the rows')."""
    if d is None:
        return None
    unpaired = d["unpaired_units"]
    return {
        "diff": d["diff"],
        "low": d["low"],
        "high": d["high"],
        "clear": d["clear"],
        "paired": d["paired"],
        "unpaired_nights": None if unpaired is None else unpaired * per_journey,
    }


def rota_report(r: RotaResult) -> dict[str, Any]:
    c = r.counts
    return {
        "rota": list(r.order),
        AWAKE: wilson(c.encounter - c.nobody_awake, c.encounter),
        # Character-nights with a full rest, and spells kept of spells meant (approximate
        # intervals: a party's nights are not independent trials).
        REST: wilson(sum(c.full_rest), c.nights * len(c.names)),
        "spells_kept": wilson(sum(c.spells_tried) - sum(c.spells_lost), sum(c.spells_tried)),
        "rota_broken": wilson(c.rota_broken, c.nights),
        # Issue 13: this rota - the best, paired over the same nights (null for the best).
        "vs_best": None
        if r.awake_vs_best is None
        else {
            AWAKE: _vs(r.awake_vs_best, c.per_journey),
            REST: _vs(r.rest_vs_best, c.per_journey),
        },
        "tied_with_best": r.tied,
    }


def _ranking(rows: list[RotaResult], nights: int, top: int) -> dict[str, Any]:
    return {
        "nights": rows[0].counts.nights if rows else nights,
        "rotas": len(rows),
        "ranked_by": RANKED_BY,
        "tied_with_best": sum(1 for r in rows if r.tied),
        "top": [{"rank": i + 1} | rota_report(r) for i, r in enumerate(rows[:top])],
    }


def rank_report(
    results: Iterable[RotaResult],
    seed: int | str,
    nights: int,
    top: int,
    config: Config,
    watchers: int | None = None,
) -> dict[str, Any]:
    """The JSON shape of `nightsim odds --rank-rotas --format json`; `config` is the one the
    rotas were made from (each rota changes only its watch)."""
    rows = list(results)
    ranking = _ranking(rows, nights, top)
    return provenance(config) | {
        "nights": ranking.pop("nights"),
        "seed": seed,
        "watchers": watchers,
        **ranking,
        "config": config.canonical(),
    }


def trade_off(rankings: Sequence[tuple[int, list[RotaResult]]]) -> list[dict[str, Any]]:
    """The best rota of each number of watchers, with both measures: what a watcher more
    buys in safety and costs in rest."""
    out = []
    for k, rows in rankings:
        if rows:
            best = rota_report(rows[0])
            out.append({"watchers": k, "rota": best["rota"], AWAKE: best[AWAKE], REST: best[REST]})
    return out


def rank_many_report(
    rankings: Sequence[tuple[int, list[RotaResult]]],
    seed: int | str,
    nights: int,
    top: int,
    config: Config,
) -> dict[str, Any]:
    """`--rank-rotas --watchers 2,3,4 --format json`: one ranking per K, then the trade-off."""
    parts = [{"watchers": k} | _ranking(rows, nights, top) for k, rows in rankings]
    return provenance(config) | {
        "nights": parts[0]["nights"] if parts else nights,
        "seed": seed,
        "watchers": [k for k, _ in rankings],
        "rankings": parts,
        "trade_off": trade_off(rankings),
        "config": config.canonical(),
    }


def rank_each(
    config: Config,
    seed: int | str,
    nights: int,
    watchers: Sequence[int],
    *,
    per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[tuple[int, list[RotaResult]]]:
    """`rank_rotas` for each K of `watchers`, over the same nights."""
    return [
        (
            k,
            rank_rotas(
                config,
                seed,
                nights,
                watchers=k,
                per_journey=per_journey,
                jobs=jobs,
                progress=progress,
            ),
        )
        for k in watchers
    ]
