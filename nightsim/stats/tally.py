"""Counting the same nights under several configs for paired odds (issue 13).

`tally_paired` runs units (nights, or journeys) through `variants.paired_units`, the one
place paired outcomes come from, split over processes like `odds.count_many`. A `Tally`
keeps, per config, the plain `odds.Counts` (each side's own odds) and, per measure (a
`Layout`), the units' counts in chunk-local lists, folded into `paired.Moments` at the end
of the chunk: memory flat in the nights, the per-night work a few list appends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nightsim.config import Config
from nightsim.engine.dice import seed_text
from nightsim.engine.outcome import NightOutcome
from nightsim.stats.odds import _WORKER_CONFIGS, Counts, Progress, in_pool
from nightsim.stats.paired import Moments
from nightsim.stats.variants import paired_units

# The measures of `odds --compare`, in the report's order: (key, per character?).
PARTY_KEYS = ("encounter", "rota_broken", "fire_lasts", "nobody_awake")
CHARACTER_KEYS = ("surprised", "full_rest", "exhausted")
# `--rank-rotas`: someone awake when the monster comes (of the encounter nights), the
# party's full rests (of the character-nights), and the encounter, their denominator.
RANK_KEYS = ("someone_awake_given_encounter", "full_rest", "encounter")


@dataclass(frozen=True, slots=True)
class Layout:
    """What a tally counts, the same for every process (picklable: plain tuples).

    `kind` "compare" counts every odds measure of `names` (the characters both configs
    have, matched by name) and the spells of `casters`; "rank" the three RANK_KEYS.
    `index[c][i]`: config c's party index of names[i]; `cindex[c][i]` of casters[i], and
    `spells[c][i]` its count of spells meant.
    """

    kind: str
    names: tuple[str, ...]
    casters: tuple[str, ...]
    index: tuple[tuple[int, ...], ...]
    cindex: tuple[tuple[int, ...], ...]
    spells: tuple[tuple[int, ...], ...]

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
            tuple(tuple(p[n][1] for n in casters) for p in parties),
        )

    def keys(self) -> list[tuple[str, str | None]]:
        """The measures, in order: (key, character name or None for the party)."""
        if self.kind == "rank":
            return [(k, None) for k in RANK_KEYS]
        out: list[tuple[str, str | None]] = [(k, None) for k in PARTY_KEYS]
        out.append(("nobody_awake_given_encounter", None))
        out += [(k, n) for k in CHARACTER_KEYS for n in self.names]
        return out + [("spell_lost", n) for n in self.casters]


class Tally:
    """Per config its `Counts`; per measure, the paired `Moments` (see the module)."""

    def __init__(self, configs: Sequence[Config], layout: Layout, per_journey: int) -> None:
        self.layout = layout
        self.per_journey = per_journey
        self.rest_start = [cfg.rest_start for cfg in configs]
        self.counts = [
            Counts.empty([c.name for c in cfg.party], cfg.rules.rest_hours, per_journey)
            for cfg in configs
        ]
        self.keys = layout.keys()
        k = len(configs)
        self.moments = [Moments.empty(k) for _ in self.keys]
        self._values: list[list[list[int]]] = [[[] for _ in range(k)] for _ in self.keys]
        self._denoms: list[list[list[int]]] = [[[] for _ in range(k)] for _ in self.keys]
        self._party = [len(cfg.party) for cfg in configs]

    def add(self, unit: list[tuple[NightOutcome, ...]]) -> None:
        """One unit: per config, its nights' outcomes."""
        row = self._rank_row if self.layout.kind == "rank" else self._compare_row
        for c, outs in enumerate(unit):
            counts, rest_start = self.counts[c], self.rest_start[c]
            for k, out in enumerate(outs, 1):
                counts.add(out, rest_start, k)
            vals, dens = row(c, outs)
            for m, (v, d) in enumerate(zip(vals, dens, strict=True)):
                self._values[m][c].append(v)
                self._denoms[m][c].append(d)

    def _rank_row(self, c: int, outs: tuple[NightOutcome, ...]) -> tuple[list[int], list[int]]:
        enc = awake = rested = 0
        for out in outs:
            e = out.encounter
            if e is not None:
                enc += 1
                awake += not e.nobody_awake
            rested += sum(1 for ch in out.characters if ch.full_rest)
        nights = len(outs)
        return [awake, rested, enc], [enc, nights * self._party[c], nights]

    def _compare_row(self, c: int, outs: tuple[NightOutcome, ...]) -> tuple[list[int], list[int]]:
        lay = self.layout
        index, spells = lay.index[c], lay.spells[c]
        nights = len(outs)
        vals = [0] * len(self.keys)
        nn = len(index)
        for out in outs:
            e = out.encounter
            vals[0] += e is not None
            vals[1] += out.rota_broken_at is not None
            vals[2] += out.fire_lasted
            nobody = e is not None and e.nobody_awake
            vals[3] += nobody
            vals[4] += nobody
            chars = out.characters
            for i, p in enumerate(index):
                ch = chars[p]
                vals[5 + i] += ch.surprised
                vals[5 + nn + i] += ch.full_rest
                vals[5 + 2 * nn + i] += ch.exhaustion > 0
        base = 5 + 3 * nn
        for i, p in enumerate(lay.cindex[c]):
            vals[base + i] = sum(len(out.characters[p].spells_lost) for out in outs)
        dens = [nights] * len(self.keys)
        dens[4] = vals[0]  # nobody awake, of the encounter nights
        for i, s in enumerate(spells):
            dens[base + i] = s * nights
        return vals, dens

    def close(self) -> None:
        """Fold the chunk's lists into the moments (and empty them)."""
        for m, (vals, dens) in enumerate(zip(self._values, self._denoms, strict=True)):
            self.moments[m].merge(Moments.of(vals, dens))
            for lst in (*vals, *dens):
                lst.clear()

    def merge(self, other: Tally) -> None:
        for mine, theirs in zip(self.counts, other.counts, strict=True):
            mine.merge(theirs)
        for mm, om in zip(self.moments, other.moments, strict=True):
            mm.merge(om)


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
    if jobs == 1:
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
