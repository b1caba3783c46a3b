"""Two configs over the same nights: `odds --compare`, and `whatif --nights N`
(docs/odds.md, "Two configs over the same nights").

`compare(config_a, config_b, seed, nights)` runs both configs on the same night seeds (night
i of seed S is `run --seed "S/i"` under each) and reports, for every measure of the odds
report, A's and B's estimates and the paired difference B - A with its 95% interval
(`paired.difference`). Pure computation: no printing (the text is `narration/compare.py`).

How each measure is paired:
- the party's yes/no of a night (encounter, rota broken, fire lasts, nobody awake) and each
  character's (surprised, full rest, exhausted): paired per night (per journey, as the
  share of its nights, with `nights_per_journey`);
- `nobody_awake_given_encounter`: paired on the encounter nights when both configs have the
  same encounter nights (a change to the watch, the party, the fire); when they differ (a
  change to the encounter chance) it is **unpaired**, an approximate interval of two
  independent proportions, and the report says so (`paired: false`);
- `spell_lost` per caster: the share of the spells meant, paired per night when both configs
  give the caster the same number of spells, unpaired otherwise;
- characters are matched by name: one only one config has is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nightsim import __version__
from nightsim.config import Config
from nightsim.engine.dice import RNG_ID
from nightsim.measures import row_of
from nightsim.stats.odds import Progress, config_sha256, journeys_for
from nightsim.stats.paired import difference
from nightsim.stats.tally import Layout, tally_paired


def compare_configs(
    config_a: Config,
    config_b: Config,
    seed: int | str,
    nights: int = 10_000,
    *,
    per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
    changes: Sequence[str] = (),
) -> dict[str, Any]:
    """B - A over the same `nights` (whole journeys of `per_journey`), every measure.

    The JSON shape of `odds --compare --format json` (keys in a fixed order): provenance
    (`nightsim`, both configs' `config_sha256`), `nights`, `seed`, `nights_per_journey`,
    `journeys`, `changes` (the items that made B, as given), `same_config` (B's config is
    A's: the changes changed nothing), `measures`: a list of
    {measure, character, a, b, diff, low, high, clear, paired, unpaired_nights}, where `a`
    and `b` are Wilson estimates ({p, low, high, k, n}), `clear` says the interval is on one
    side of 0, and `unpaired_nights` is how many independent nights of each config an
    unpaired comparison would need for an interval as narrow (null when the paired
    differences do not vary, or the measure is unpaired); then both configs.
    `whatif --nights N` calls this with the log's config as A.
    """
    configs = [config_a, config_b]
    layout = Layout.of("compare", configs)
    units = journeys_for(nights, per_journey)
    tally = tally_paired(
        configs, layout, seed, units, per_journey=per_journey, jobs=jobs, progress=progress
    )
    rows = []
    for (key, name), m in zip(tally.keys, tally.moments, strict=True):
        d = difference(m, 0, 1)
        unpaired = d.pop("unpaired_units")
        rows.append(
            row_of(key, name)
            | d
            | {"unpaired_nights": None if unpaired is None else unpaired * per_journey}
        )
    n = tally.nights
    sha_a, sha_b = config_sha256(config_a), config_sha256(config_b)
    return {
        "nightsim": __version__,
        "rng": RNG_ID,
        "config_a_sha256": sha_a,
        "config_b_sha256": sha_b,
        "nights": n,
        "seed": seed,
        "nights_per_journey": per_journey,
        "journeys": n // per_journey,
        "changes": list(changes),
        # B is A (the changes set what A has already): every difference is 0 by
        # construction, and the text and the page say so rather than let it pass for a finding.
        "same_config": sha_a == sha_b,
        "measures": rows,
        "config_a": config_a.canonical(),
        "config_b": config_b.canonical(),
    }


def pairing_saves(report: dict[str, Any]) -> dict[str, Any] | None:
    """The row the text's last line tells what pairing saved on: of the clear differences
    with a count of unpaired nights, the largest (the difference a reader looks at first)."""
    best: dict[str, Any] | None = None
    for row in report["measures"]:
        if row["unpaired_nights"] is None or not row["clear"]:
            continue
        if best is None or abs(row["diff"]) > abs(best["diff"]):
            best = row
    return best
