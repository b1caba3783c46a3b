"""The same nights under several configs: the unit of paired odds (docs/architecture.md,
"Paired nights, shared").

Paired odds (`odds --compare`, `odds --rank-rotas`, `whatif --nights`) compare configs on
the same night seeds: unit i of seed S is `run --seed "S/i"` under each config (a journey of
`per_journey` nights when that is more than 1). `paired_units` is the one place that
produces those outcomes, so that what the configs share is computed once per night instead
of once per config.

What is shared, when the configs differ in nothing but their watch (a rota ranking):
- the dice: one `MemoDice` per unit, so each face is hashed once for all the configs;
- the evening (docs/rules.md §1-2): run once, on the first config; the others start from its
  `AtRest` (the meal, the mood, the fire as the rest period begins);
- the characters' mornings: kept by what a rota can change in them (`shared.Mornings`);
- on a journey, each night's evening likewise (`simulate.Journey` steps them side by side;
  HP and exhaustion, which differ by rota, only the morning reads).
The rota, the monster's arrival (who is awake, surprise, settling) and everything else the
watch can touch run per config on the same engine. Configs that differ in more than the
watch run each on its own, as `run` would. tests/stats/test_variants.py holds the shared outcomes
equal to the unshared ones.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from nightsim.config import Config
from nightsim.engine.dice import Dice
from nightsim.engine.journey import Journey, iter_nights
from nightsim.engine.outcome import NightOutcome
from nightsim.engine.shared import MemoDice
from nightsim.engine.sim import NightSim


def paired_units(
    configs: Sequence[Config],
    seed: str,
    start: int,
    stop: int,
    per_journey: int = 1,
    *,
    share: bool = True,
) -> Iterator[list[tuple[NightOutcome, ...]]]:
    """Units start..stop-1 (1-based): for each, per config (in order), its nights' outcomes
    (one night, or the `per_journey` nights of a journey, night 1 first). `share=False`
    runs every config on its own (the reference the shared path is tested against)."""
    shared = share and len(configs) > 1 and only_watch_differs(configs)
    for i in range(start, stop):
        unit_seed = f"{seed}/{i}"
        if per_journey == 1:
            if shared:
                yield [(out,) for out in shared_night(configs, Dice(unit_seed))]
            else:
                yield [(NightSim(cfg, Dice(unit_seed), record=False).run(),) for cfg in configs]
        elif shared:
            yield shared_journey(configs, Dice(unit_seed), per_journey)
        else:
            yield [_journey(cfg, unit_seed, per_journey) for cfg in configs]


def only_watch_differs(configs: Sequence[Config]) -> bool:
    """Whether the configs are the same but for their watch (rota or shifts)."""

    def rest(cfg: Config) -> dict[str, Any]:
        data = cfg.canonical()
        data.pop("watch", None)
        return data

    first = rest(configs[0])
    return all(rest(cfg) == first for cfg in configs[1:])


def shared_night(configs: Sequence[Config], dice: Dice) -> list[NightOutcome]:
    """Night 1 of `dice` under each config, which differ only in their watch: the evening
    once, then the rest period per config from the same `AtRest`, on the same kept dice."""
    kept = MemoDice(dice)
    at_rest = NightSim(configs[0], kept, record=False).evening_only()
    return [NightSim(cfg, kept, record=False, at_rest=at_rest).run() for cfg in configs]


def shared_journey(
    configs: Sequence[Config], dice: Dice, nights: int
) -> list[tuple[NightOutcome, ...]]:
    """A journey of `nights` on `dice` under each config (which differ only in their watch),
    side by side: each night's evening once for the journeys that come to it alike (the
    calendar, the carried wood and the ingredients are the evening's doing, so they do
    unless a config's evening differs), the rest period per config."""
    kept = MemoDice(dice)  # stream names carry the night's number: one memo for the journey
    journeys = [Journey(cfg) for cfg in configs]
    outs: list[list[NightOutcome]] = [[] for _ in configs]
    for k in range(1, nights + 1):
        first = journeys[0]
        at_rest = first.night(kept, k).evening_only()
        for j, out in zip(journeys, outs, strict=True):
            shares = j.evening() == first.evening()
            outcome = j.night(kept, k, at_rest=at_rest if shares else None).run()
            out.append(outcome)
        for j, out in zip(journeys, outs, strict=True):
            j.advance(out[-1])
    return [tuple(o) for o in outs]


def _journey(config: Config, seed: str, nights: int) -> tuple[NightOutcome, ...]:
    out = tuple(iter_nights(config, Dice(seed), nights, record=False))
    assert all(isinstance(o, NightOutcome) for o in out)
    return out  # type: ignore[return-value]  # record=False yields outcomes only
