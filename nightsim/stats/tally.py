"""Counting the same nights under several configs for paired odds (docs/architecture.md,
"Paired odds").

`tally_paired` runs units (nights, or journeys) through `variants.paired_units`, the one
place paired outcomes come from, split over processes like `odds.count_many`. A `Tally`
keeps, per measure (a `Layout` of the tables in `measures`), the units' Σk and Σn in
chunk-local lists, folded into `paired.Moments` at the end of the chunk: memory flat in
the nights, the per-night work a few list appends. Each config's own estimate of a measure
is its moments' Σk / Σn (`Moments.s`, `Moments.w`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from nightsim.config import Config
from nightsim.engine.dice import seed_text
from nightsim.engine.outcome import NightOutcome
from nightsim.measures import CHARACTER, CREATURE, PARTY, ROTA, TABLE_KEYS, TABLES, creatures_of
from nightsim.stats.odds import _WORKER_CONFIGS, Progress, in_pool, on_a_cluster
from nightsim.stats.paired import Moments
from nightsim.stats.variants import paired_units

# A measure as a tally reads it: its count, its `of`, and the party index it reads (-1: the
# night itself).
Counted = tuple[Callable[[Any], int], Callable[[Any], int] | None, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """What a tally counts, the same for every process (picklable: plain tuples).

    `kind` "compare" counts every measure of `measures.PARTY`, and of `measures.CHARACTER`
    for `names` (the characters both configs have, matched by name; a `casters_only`
    measure for `casters`); "rank" the measures of `measures.ROTA`. `index[c][i]`: config
    c's party index of names[i]; `cindex[c][i]` of casters[i]. Both kinds end with what
    comes (`measures.TABLES`, then each of `creatures`, the configs' creatures).
    """

    kind: str
    names: tuple[str, ...]
    casters: tuple[str, ...]
    index: tuple[tuple[int, ...], ...]
    cindex: tuple[tuple[int, ...], ...]
    creatures: tuple[str, ...] = ()

    @classmethod
    def of(cls, kind: str, configs: Sequence[Config]) -> Layout:
        parties = [{c.name: (i, len(c.spells)) for i, c in enumerate(cfg.party)} for cfg in configs]
        names = tuple(c.name for c in configs[0].party if all(c.name in p for p in parties))
        casters = tuple(n for n in names if any(p[n][1] for p in parties))
        return cls(
            kind,
            names,
            casters,
            tuple(tuple(p[n][0] for n in names) for p in parties),
            tuple(tuple(p[n][0] for n in casters) for p in parties),
            creatures_of(configs),
        )

    @property
    def star(self) -> bool:
        """Whether only differences from the first config are read (`paired.Moments.of`):
        a comparison, sweep or grid tells every config against the first; a ranking tells
        each against the best, which is any of them."""
        return self.kind == "compare"

    def keys(self) -> list[tuple[str, str | None]]:
        """The measures, in order: (key, character name or None for the party), then what
        comes: (`table_<code>`, None) per table and (`creature`, its name) per creature."""
        if self.kind == "rank":
            return [(m.key, None) for m in ROTA] + self.comes_keys()
        out: list[tuple[str, str | None]] = [(m.key, None) for m in PARTY]
        for m in CHARACTER:
            out += [(m.key, n) for n in (self.casters if m.casters_only else self.names)]
        return out + self.comes_keys()

    def comes_keys(self) -> list[tuple[str, str | None]]:
        """What comes, as `keys` ends: each table's share, each creature's chance."""
        return [(k, None) for k in TABLE_KEYS] + [(CREATURE, c) for c in self.creatures]

    def counted(self, c: int) -> list[Counted]:
        """Config c's measures in `keys` order: (count, of, party index), where a
        character's measure reads `out.characters[index]` and a party's (index -1) the
        night (`measures.Measure`: `of` None counts n = 1 a night)."""
        if self.kind == "rank":
            return [(m.count, m.of, -1) for m in ROTA]
        out: list[Counted] = [(m.count, m.of, -1) for m in PARTY]
        for m in CHARACTER:
            out += [
                (m.count, m.of, p) for p in (self.cindex[c] if m.casters_only else self.index[c])
            ]
        return out


class Tally:
    """Per config its nights; per measure, the paired `Moments` (see the module)."""

    def __init__(self, configs: Sequence[Config], layout: Layout, per_journey: int) -> None:
        self.layout = layout
        self.per_journey = per_journey
        self.nights = 0  # of each config
        self.keys = layout.keys()
        k = len(configs)
        self.moments = [Moments.empty(k) for _ in self.keys]
        counted = len(self.keys) - len(layout.comes_keys())
        self._values: list[list[list[int]]] = [[[] for _ in range(k)] for _ in range(counted)]
        self._denoms: list[list[list[int]]] = [[[] for _ in range(k)] for _ in range(counted)]
        self._counted = [layout.counted(c) for c in range(k)]
        self.comes = Comes(k, len(TABLES), layout.creatures, per_journey, star=layout.star)

    def add(self, unit: list[tuple[NightOutcome, ...]]) -> None:
        """One unit: per config, its nights' outcomes; per measure, its Σk and Σn over them."""
        self.nights += len(unit[0])
        values, denoms = self._values, self._denoms
        for c, outs in enumerate(unit):
            for m, (count, of, p) in enumerate(self._counted[c]):
                v = d = 0
                for out in outs:
                    x = out if p < 0 else out.characters[p]
                    v += count(x)
                    d += 1 if of is None else of(x)
                values[m][c].append(v)
                denoms[m][c].append(d)
        self.comes.add(unit)

    def close(self) -> None:
        """Fold the chunk's lists into the moments (and empty them)."""
        for m, (vals, dens) in enumerate(zip(self._values, self._denoms, strict=True)):
            self.moments[m].merge(Moments.of(vals, dens, star=self.layout.star))
            for lst in (*vals, *dens):
                lst.clear()
        first = len(self._values)
        for j, moments in enumerate(self.comes.moments()):
            self.moments[first + j].merge(moments)
        self.comes.clear()

    def merge(self, other: Tally) -> None:
        self.nights += other.nights
        for mm, om in zip(self.moments, other.moments, strict=True):
            mm.merge(om)


class Comes:
    """What comes, tallied sparsely (`measures.TABLES`): per unit, a config's count of
    nights on each table and of each creature is 0 but on its encounter nights, so only
    those are read, and the sums `paired.Moments` keeps are built from the hits: every
    unit's denominator is its nights (the same under every config), Σk_i and Σk_i·k_j
    from the units' non-zero counts. The same moments `Moments.of` gives the full lists,
    for a fraction of the work on the nights nothing comes."""

    def __init__(
        self, k: int, tables: int, creatures: Sequence[str], per_journey: int, *, star: bool
    ) -> None:
        self.k = k
        self.star = star  # only the cross products with config 0 (`Moments.of`)
        self.per = per_journey
        self.rows = tables + len(creatures)
        self._creature = {c: tables + i for i, c in enumerate(creatures)}
        self._table = {t: i for i, t in enumerate(TABLES)}
        self.clear()

    def clear(self) -> None:
        self.units = 0
        self.s = [[0] * self.k for _ in range(self.rows)]
        self.q = [[[0] * self.k for _ in range(self.k)] for _ in range(self.rows)]

    def add(self, unit: list[tuple[NightOutcome, ...]]) -> None:
        self.units += 1
        hits: list[dict[int, int]] = []
        for outs in unit:
            h: dict[int, int] = {}
            for out in outs:
                enc = out.encounter
                if enc is not None:
                    row = self._table[enc.table]
                    h[row] = h.get(row, 0) + 1
                    if enc.creature is not None:
                        row = self._creature[enc.creature]
                        h[row] = h.get(row, 0) + 1
            hits.append(h)
        for i, hi in enumerate(hits):
            for row, v in hi.items():
                self.s[row][i] += v
                q = self.q[row]
                for j in range(i, self.k) if i == 0 or not self.star else (i,):
                    q[i][j] += v * hits[j].get(row, 0)

    def moments(self) -> list[Moments]:
        """Each row's moments over the units added since `clear`."""
        n, per, k = self.units, self.per, self.k
        out = []
        for row in range(self.rows):
            m = Moments.empty(k)
            if n:
                m.n, m.unit_max, m.mm = n, per, n * per * per
                m.s = list(self.s[row])
                m.w = [n * per] * k
                m.km = [v * per for v in m.s]
                m.q = [list(r) for r in self.q[row]]
            out.append(m)
        return out


def _tally(
    configs: Sequence[Config], layout: Layout, seed: str, start: int, stop: int, per: int
) -> Tally:
    tally = Tally(configs, layout, per)
    add = tally.add
    for unit in paired_units(configs, seed, start, stop, per):
        add(unit)
    tally.close()
    return tally


def _work(layout: Layout, seed: str, start: int, stop: int, per: int) -> tuple[int, Tally]:
    configs = [_WORKER_CONFIGS[i] for i in range(len(_WORKER_CONFIGS))]
    return stop - start, _tally(configs, layout, seed, start, stop, per)


def _chunk_size(units: int, jobs: int, configs: int) -> int:
    # A few chunks per worker (the bar moves, the cores stay busy to the end); a chunk's
    # lists hold chunk x configs counts per measure: bounded, so memory stays flat.
    return max(1, min(5000, 40_000 // configs, -(-units // (jobs * 8))))


def tally_paired(
    configs: Sequence[Config],
    layout: Layout,
    seed: int | str,
    units: int,
    *,
    per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> Tally:
    """Units 1..units of seed `seed` under every config, counted and paired. The result
    depends only on (configs, layout, seed, units, per_journey): sums of integers."""
    if units < 1 or per_journey < 1 or jobs < 1:
        raise ValueError("units, per_journey and jobs must be at least 1")
    s = seed_text(seed)
    per = _chunk_size(units, jobs, len(configs))
    ranges = [(a, min(a + per, units + 1)) for a in range(1, units + 1, per)]
    total = Tally(configs, layout, per_journey)
    nights_per_unit = per_journey * len(configs)
    if jobs == 1 and not on_a_cluster():
        for a, b in ranges:
            total.merge(_tally(configs, layout, s, a, b, per_journey))
            if progress is not None:
                progress((b - a) * nights_per_unit)
        return total
    _in_pool(configs, layout, s, ranges, per_journey, jobs, total, progress)
    return total


def _in_pool(
    configs: Sequence[Config],
    layout: Layout,
    seed: str,
    ranges: list[tuple[int, int]],
    per_journey: int,
    jobs: int,
    total: Tally,
    progress: Callable[[int], None] | None,
) -> None:
    nights_per_unit = per_journey * len(configs)

    def merged(result: tuple[int, Tally]) -> None:
        units, tally = result
        total.merge(tally)  # sums: the order chunks finish in changes nothing
        if progress is not None:
            progress(units * nights_per_unit)

    in_pool(configs, jobs, ((_work, (layout, seed, a, b, per_journey)) for a, b in ranges), merged)


def moments_of(tally: Tally) -> dict[tuple[str, str | None], Moments]:
    """The tally's moments by (measure, character or None)."""
    return dict(zip(tally.keys, tally.moments, strict=True))
