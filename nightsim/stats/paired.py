"""Paired differences: config B - config A over the same nights (docs/odds.md, "--compare").
Pure, no I/O.

Every measure is, per unit (a night, or a journey of nights), a count k out of a
denominator M: a yes/no of the night (M = 1), the characters with a full rest (M = the
party), spells lost (M = the spells meant), or a conditional count (someone awake, M = the
nights with an encounter). A measure's value is Σk / ΣM.

`Moments` keeps the integer sums a paired difference needs (n, Σk, ΣM, ΣM², Σk·M and the
cross products Σk_i·k_j between configs), so memory is flat in the nights and chunks merge
by addition: integers, so the result is the same whatever the chunks and their order
(`--jobs` never changes a byte of output).

`difference(m, a, b)` reads them three ways:
- **paired yes/no** (every unit M ≤ 1, the same M for both configs): Newcombe's hybrid
  score interval for paired proportions (Newcombe 1998, Statistics in Medicine 17:2635,
  method 10), built on the Wilson intervals of `odds.wilson`;
- **paired fractions** (M > 1 somewhere: a party's share, journeys): the normal interval on
  the per-unit differences, as a ratio of sums (the linearised variance of Σ(k_B - k_A)/ΣM);
- **unpaired** (the denominators differ between the configs on some unit, e.g. "nobody
  awake, given an encounter" when B changes the encounter chance: the two configs'
  encounter nights are not the same nights): Newcombe's hybrid score interval for
  independent proportions (Newcombe 1998, Statistics in Medicine 17:873, method 10). The
  nights are in fact shared, so this is an approximation, conservative when they agree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import mul
from typing import Any

from nightsim.stats.odds import Z95, wilson


def newcombe_paired(n11: int, n10: int, n01: int, n00: int, z: float = Z95) -> dict[str, Any]:
    """pB - pA of paired yes/no with Newcombe's method 10 interval.

    n11: yes under both; n10: yes under A only; n01: yes under B only; n00: no under both.
    φ is the correlation of the pairs, with Newcombe's continuity adjustment: ad - bc less
    n/2 when it is more than n/2, 0 between 0 and n/2, and as it is when negative.
    """
    n = n11 + n10 + n01 + n00
    if n == 0:
        return {"diff": None, "low": None, "high": None}
    a = wilson(n11 + n10, n, z)
    b = wilson(n11 + n01, n, z)
    pa, pb = a["p"], b["p"]
    margins = (n11 + n10) * (n01 + n00) * (n11 + n01) * (n10 + n00)
    phi = 0.0
    if margins:
        det = n11 * n00 - n10 * n01
        adjusted = det - n / 2 if det > n / 2 else (det if det < 0 else 0)
        phi = adjusted / math.sqrt(margins)
    dla, dua = pa - a["low"], a["high"] - pa
    dlb, dub = pb - b["low"], b["high"] - pb
    d = pb - pa
    low = d - math.sqrt(max(0.0, dlb * dlb - 2 * phi * dlb * dua + dua * dua))
    high = d + math.sqrt(max(0.0, dub * dub - 2 * phi * dub * dla + dla * dla))
    return {"diff": d, "low": max(-1.0, low), "high": min(1.0, high)}


def newcombe_unpaired(ka: int, na: int, kb: int, nb: int, z: float = Z95) -> dict[str, Any]:
    """kb/nb - ka/na of independent samples, Newcombe's method 10 (the Wilson hybrid)."""
    if na == 0 or nb == 0:
        return {"diff": None, "low": None, "high": None}
    a, b = wilson(ka, na, z), wilson(kb, nb, z)
    pa, pb = a["p"], b["p"]
    d = pb - pa
    low = d - math.hypot(pb - b["low"], a["high"] - pa)
    high = d + math.hypot(b["high"] - pb, pa - a["low"])
    return {"diff": d, "low": max(-1.0, low), "high": min(1.0, high)}


@dataclass(slots=True)
class Moments:
    """The sums of one measure over units, for k configs (see the module's docstring).

    `mm` and `km` use config 0's denominators: they are read only when no unit's
    denominators differ (`mismatched` = 0), and then every config's are the same.
    """

    k: int
    n: int = 0
    mismatched: int = 0  # units whose denominators differ between configs
    unit_max: int = 0  # the largest denominator of a unit: 1 or less is yes/no
    mm: int = 0  # Σ M²
    s: list[int] = field(default_factory=list)  # Σ k_i
    w: list[int] = field(default_factory=list)  # Σ M_i
    km: list[int] = field(default_factory=list)  # Σ k_i · M
    q: list[list[int]] = field(default_factory=list)  # Σ k_i · k_j

    @classmethod
    def empty(cls, k: int) -> Moments:
        return cls(k, s=[0] * k, w=[0] * k, km=[0] * k, q=[[0] * k for _ in range(k)])

    @classmethod
    def of(
        cls, values: Sequence[list[int]], denoms: Sequence[list[int]], *, star: bool = False
    ) -> Moments:
        """The sums of a chunk: per config, its units' counts and denominators. `star`: only
        the cross products a difference from config 0 reads (`q[0][j]` and `q[j][j]`), for
        reports that tell every config against the first (a sweep, a grid): k of them
        instead of k²/2, the others left 0 and never read."""
        k = len(values)
        m = cls.empty(k)
        if not values or not values[0]:
            return m
        base = denoms[0]
        m.n = len(base)
        m.mismatched = sum(1 for col in zip(*denoms, strict=True) if any(x != col[0] for x in col))
        m.unit_max = max(max(d) for d in denoms)
        m.mm = sum(map(mul, base, base))
        for i, v in enumerate(values):
            m.s[i] = sum(v)
            m.w[i] = sum(denoms[i])
            m.km[i] = sum(map(mul, v, base))
            row = m.q[i]
            for j in range(i, k) if i == 0 or not star else (i,):
                row[j] = sum(map(mul, v, values[j]))
        return m

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.mismatched += other.mismatched
        self.unit_max = max(self.unit_max, other.unit_max)
        self.mm += other.mm
        for i in range(self.k):
            self.s[i] += other.s[i]
            self.w[i] += other.w[i]
            self.km[i] += other.km[i]
            mine, theirs = self.q[i], other.q[i]
            for j in range(i, self.k):
                mine[j] += theirs[j]

    def cross(self, i: int, j: int) -> int:
        return self.q[min(i, j)][max(i, j)]

    def spread(self, i: int) -> float:
        """Σ (k_i - R_i·M)², R_i = Σk_i/ΣM: config i's own per-unit spread."""
        r = self.s[i] / self.w[i]
        return max(0.0, self.q[i][i] - 2 * r * self.km[i] + r * r * self.mm)


def difference(m: Moments, a: int, b: int, z: float = Z95) -> dict[str, Any]:
    """Config b - config a on one measure: the two estimates, the difference, its 95%
    interval, how it was paired, whether the interval holds 0, and `unpaired_units`: the
    units of independent nights an unpaired comparison would need (of each config) for an
    interval as narrow (None when the paired spread is 0 or there was no pairing)."""
    est_a, est_b = wilson(m.s[a], m.w[a], z), wilson(m.s[b], m.w[b], z)
    out: dict[str, Any] = {"a": est_a, "b": est_b}
    if m.mismatched:
        d = newcombe_unpaired(m.s[a], m.w[a], m.s[b], m.w[b], z)
        return out | d | _verdict(d) | {"paired": False, "identical": False, "unpaired_units": None}
    w = m.w[a]
    if w == 0:
        d = {"diff": None, "low": None, "high": None}
        return out | d | _verdict(d) | {"paired": True, "identical": False, "unpaired_units": None}
    qab = m.cross(a, b)
    sdd = max(0.0, m.q[a][a] + m.q[b][b] - 2 * qab)  # Σ (k_b - k_a)²
    diff = (m.s[b] - m.s[a]) / w
    spread_d = max(0.0, sdd - 2 * diff * (m.km[b] - m.km[a]) + diff * diff * m.mm)
    if m.unit_max <= 1:
        n11 = qab
        d = newcombe_paired(n11, m.s[a] - n11, m.s[b] - n11, w - m.s[a] - m.s[b] + n11, z)
    else:
        half = z * math.sqrt(m.n / (m.n - 1) * spread_d) / w if m.n > 1 else math.inf
        d = {"diff": diff, "low": max(-1.0, diff - half), "high": min(1.0, diff + half)}
    unpaired = None
    if spread_d > 0:
        unpaired = math.ceil(m.n * (m.spread(a) + m.spread(b)) / spread_d)
    # `identical`: the measure came out the same on every night under both configs (a rota
    # does not move the monster: its nights are the world's dice). Newcombe's interval
    # is still a little wide of 0 then; the text says "the same on every night" instead.
    same = m.q[a][a] + m.q[b][b] - 2 * qab == 0
    return out | d | _verdict(d) | {"paired": True, "identical": same, "unpaired_units": unpaired}


def _verdict(d: dict[str, Any]) -> dict[str, Any]:
    """`clear`: the interval is on one side of 0 (a difference the nights show)."""
    if d["diff"] is None:
        return {"clear": False}
    return {"clear": not d["low"] <= 0 <= d["high"]}
