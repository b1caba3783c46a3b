"""`odds --rank-rotas`: every rota over the same nights, each told against the best (docs/odds.md).

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
from fractions import Fraction
from typing import Any

from nightsim.config import Config
from nightsim.measures import CREATURE, ROTA
from nightsim.stats.odds import (
    UNCONSTRAINED,
    Constraints,
    Progress,
    check_rank_nights,
    journeys_for,
    provenance,
    rota_config,
    rota_orders,
    wilson,
)
from nightsim.stats.paired import difference
from nightsim.stats.tally import Layout, moments_of, tally_paired

AWAKE = ROTA[0].key  # the first of the ranking, and what "tied with the best" is about
RANKED_BY = [m.key for m in ROTA if m.ranked]
_AGAINST_BEST = [m for m in ROTA if m.against_best]


@dataclass(frozen=True, slots=True)
class RotaResult:
    """A rota's nights (of `per_journey`), its Σk and Σn of each measure of `measures.ROTA`
    (`totals`), and its paired differences from the best rota on the `against_best`
    measures (this - best; None for the best itself)."""

    order: tuple[str, ...]
    nights: int
    per_journey: int
    totals: dict[str, tuple[int, int]]
    vs_best: dict[str, dict[str, Any]] | None = None
    # What comes (`Layout.comes_keys`): (key, creature or None, Σk, Σn) in order.
    comes: tuple[tuple[str, str | None, int, int], ...] = ()

    def key(self) -> tuple[float, ...]:
        return _key(self.order, self.totals)

    @property
    def tied(self) -> bool | None:
        """Tied with the best on safety (its interval holds 0); None for the best."""
        if self.vs_best is None:
            return None
        awake = self.vs_best[AWAKE]
        return awake["diff"] is not None and not awake["clear"]


def _key(order: tuple[str, ...], totals: dict[str, tuple[int, int]]) -> tuple[Any, ...]:
    """Best first on each `ranked` measure in turn (someone awake when the monster comes,
    given an encounter, then full rests, then spells kept); ties in the order's names, so
    the ranking is stable. Exact fractions: two rotas tie only when their shares are equal.
    A measure with no cases (no encounter, no spells) has none for every rota: the rotas
    of one ranking share their nights and their party."""
    shares = [totals[m.key] for m in ROTA if m.ranked]
    return (*(-Fraction(k, n) if n else 0 for k, n in shares), order)


def rank_rotas(
    config: Config,
    seed: int | str,
    nights: int,
    *,
    watchers: int | None = None,
    per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
    constraints: Constraints = UNCONSTRAINED,
) -> list[RotaResult]:
    """Every rota (within `constraints`) over the same per-night seeds, best first, each
    with its paired difference from the best on safety and on full rests."""
    orders = rota_orders(config, watchers, constraints)
    check_rank_nights(len(orders), nights)
    configs = [rota_config(config, o, watchers, constraints.hours) for o in orders]
    units = journeys_for(nights, per_journey)
    layout = Layout.of("rank", configs)
    tally = tally_paired(
        configs,
        layout,
        seed,
        units,
        per_journey=per_journey,
        jobs=jobs,
        progress=progress,
    )
    return _ranked(orders, moments_of(tally), layout, tally.nights, per_journey)


def _ranked(
    orders: list[tuple[str, ...]],
    moments: dict[Any, Any],
    layout: Layout,
    nights: int,
    per_journey: int,
) -> list[RotaResult]:
    """Each rota's totals and what came, best first, each told against the best."""
    totals = [
        {m.key: (moments[(m.key, None)].s[i], moments[(m.key, None)].w[i]) for m in ROTA}
        for i in range(len(orders))
    ]
    comes = [
        tuple(
            (key, who, moments[(key, who)].s[i], moments[(key, who)].w[i])
            for key, who in layout.comes_keys()
        )
        for i in range(len(orders))
    ]
    keyed = sorted(range(len(orders)), key=lambda i: _key(orders[i], totals[i]))
    best = keyed[0]
    return [
        RotaResult(
            orders[i],
            nights,
            per_journey,
            totals[i],
            None
            if i == best
            else {m.key: difference(moments[(m.key, None)], best, i) for m in _AGAINST_BEST},
            comes[i],
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
        "identical": d["identical"],
        "unpaired_nights": None if unpaired is None else unpaired * per_journey,
    }


def rota_report(r: RotaResult) -> dict[str, Any]:
    """A rota's row: each measure of `measures.ROTA`, its differences from the best, and
    whether it is tied with the best."""
    per_journey = r.per_journey
    return (
        {"rota": list(r.order)}
        | {m.key: wilson(*r.totals[m.key]) for m in ROTA}
        | {
            # This rota - the best, paired over the same nights (null for the best).
            "vs_best": None
            if r.vs_best is None
            else {key: _vs(d, per_journey) for key, d in r.vs_best.items()},
            # The best ties with itself: true, so a filter on it keeps every rota that
            # ties with the best, the best included.
            "tied_with_best": True if r.vs_best is None else r.tied,
        }
    )


def comes_report(r: RotaResult) -> dict[str, Any]:
    """What comes on a rota's nights, shaped as `odds`'s probabilities tell it: each
    table's share (`table_<code>`) and `creature`: {name: estimate}."""
    out: dict[str, Any] = {}
    creatures: dict[str, Any] = {}
    for key, who, k, n in r.comes:
        if who is None:
            out[key] = wilson(k, n)
        else:
            creatures[who] = wilson(k, n)
    return out | {CREATURE: creatures}


def tied_share(rows: Sequence[RotaResult]) -> dict[str, Any]:
    """What the rotas tied with the best (the best included) have in common that the
    ranking's rotas do not all have: a watch that has the same watcher in each of them
    (`places`: watch number from 1 and name), and the characters who keep a watch in each
    (`watchers`, with --watchers K; a name given a place is not repeated). Empty when the
    best ties with no other rota."""
    tied = [r.order for r in rows if r.tied is not False]
    orders = [r.order for r in rows]
    if len(tied) < 2:
        return {"places": [], "watchers": []}

    def same(group: list[tuple[str, ...]], i: int) -> bool:
        return all(len(o) > i and o[i] == group[0][i] for o in group)

    places = [
        {"watch": i + 1, "name": tied[0][i]}
        for i in range(len(tied[0]))
        if same(tied, i) and not same(orders, i)
    ]
    watchers = [
        name
        for name in dict.fromkeys(tied[0])
        if all(name in o for o in tied)
        and not all(name in o for o in orders)
        and all(p["name"] != name for p in places)  # said once, by the place
    ]
    return {"places": places, "watchers": watchers}


def _ranking(rows: list[RotaResult], nights: int, top: int) -> dict[str, Any]:
    return {
        "nights": rows[0].nights if rows else nights,
        "rotas": len(rows),
        "ranked_by": RANKED_BY,
        # One definition with the rows': the rotas tied with the best, the best included
        # (its row says true), so filtering every row on it gives this count.
        "tied_with_best": sum(1 for r in rows if r.tied is not False),
        "tied_share": tied_share(rows),
        "top": [{"rank": i + 1} | rota_report(r) for i, r in enumerate(rows[:top])],
        # What comes, on the best rota's nights; `comes_same`: on every rota's the same
        # (the monster's dice do not depend on the rota; the fire may, if a watcher tends it).
        "comes": comes_report(rows[0]) if rows else None,
        "comes_same": all(r.comes == rows[0].comes for r in rows),
    }


def _per_journey(rows: Sequence[RotaResult]) -> int:
    """The nights of a journey (1: each night a journey of its own), as `odds` reports it."""
    return rows[0].per_journey if rows else 1


def rank_report(
    results: Iterable[RotaResult],
    seed: int | str,
    nights: int,
    top: int,
    config: Config,
    watchers: int | None = None,
    constraints: Constraints = UNCONSTRAINED,
) -> dict[str, Any]:
    """The JSON shape of `nightsim odds --rank-rotas --format json`; `config` is the one the
    rotas were made from (each rota changes only its watch)."""
    rows = list(results)
    ranking = _ranking(rows, nights, top)
    return provenance(config) | {
        "nights": ranking.pop("nights"),
        "nights_per_journey": _per_journey(rows),
        "seed": seed,
        "watchers": watchers,
        **constraints.report(),
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
            out.append(
                {"watchers": k, "rota": best["rota"]} | {m.key: best[m.key] for m in _AGAINST_BEST}
            )
    return out


def rank_many_report(
    rankings: Sequence[tuple[int, list[RotaResult]]],
    seed: int | str,
    nights: int,
    top: int,
    config: Config,
    constraints: Constraints = UNCONSTRAINED,
) -> dict[str, Any]:
    """`--rank-rotas --watchers 2,3,4 --format json`: one ranking per K, then the trade-off."""
    parts = [{"watchers": k} | _ranking(rows, nights, top) for k, rows in rankings]
    return provenance(config) | {
        "nights": parts[0]["nights"] if parts else nights,
        "nights_per_journey": _per_journey([r for _, rows in rankings for r in rows]),
        "seed": seed,
        "watchers": [k for k, _ in rankings],
        **constraints.report(),
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
    constraints: Constraints = UNCONSTRAINED,
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
                constraints=constraints,
            ),
        )
        for k in watchers
    ]
