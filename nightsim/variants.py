"""The same nights under several configs: the unit of paired odds (issue 13).

Paired odds (`odds --compare`, `odds --rank-rotas`, `whatif --nights`) compare configs on
the same night seeds: unit i of seed S is `run --seed "S/i"` under each config (a journey of
`per_journey` nights when that is more than 1). `paired_units` is the one place that
produces those outcomes, so that what the configs share (the evening, the monster, the
world's dice) can be computed once per night instead of once per config.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from nightsim.config import Config
from nightsim.dice import Dice
from nightsim.night import NightSim
from nightsim.outcome import NightOutcome
from nightsim.simulate import iter_nights


def paired_units(
    configs: Sequence[Config], seed: str, start: int, stop: int, per_journey: int = 1
) -> Iterator[list[tuple[NightOutcome, ...]]]:
    """Units start..stop-1 (1-based): for each, per config (in order), its nights' outcomes
    (one night, or the `per_journey` nights of a journey, night 1 first)."""
    for i in range(start, stop):
        unit_seed = f"{seed}/{i}"
        if per_journey == 1:
            yield [(NightSim(cfg, Dice(unit_seed), record=False).run(),) for cfg in configs]
        else:
            yield [_journey(cfg, unit_seed, per_journey) for cfg in configs]


def _journey(config: Config, seed: str, nights: int) -> tuple[NightOutcome, ...]:
    out = tuple(iter_nights(config, Dice(seed), nights, record=False))
    assert all(isinstance(o, NightOutcome) for o in out)
    return out  # type: ignore[return-value]  # record=False yields outcomes only
