"""One setting over several values on the same nights: `odds --sweep KEY=V1,V2,…`.

Each value is the config with `KEY=value` on top (a `--set` item), all run on the same night
seeds by `tally.tally_paired` (night i of seed S is `run --seed "S/i"` under each), so every
value after the first is paired against the first, as `--compare` pairs B against A
(`paired.difference`). Pure computation: no printing (the words are `narration/sweep.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nightsim import __version__
from nightsim.config import Config, ConfigError, with_overrides
from nightsim.config.overrides import blamed_on
from nightsim.engine.dice import RNG_ID
from nightsim.limits import shown
from nightsim.measures import row_of
from nightsim.stats.odds import Progress, config_sha256, journeys_for, wilson
from nightsim.stats.paired import difference
from nightsim.stats.tally import Layout, tally_paired
from nightsim.told import Said, said_of

#: Values in one sweep: a chart of a dozen points is read; more is a search, and each value
#: is another config's nights.
MAX_SWEEP_VALUES = 12


def split_sweep(item: str, option: str = "--sweep") -> tuple[str, list[str]]:
    """`KEY=V1,V2,…` -> the key and its values (TOML values, as `--set` takes them; a comma
    inside brackets or quotes belongs to the value). Raises ConfigError naming the item and
    its `option` (`--sweep`, or `--grid`, whose axes are sweeps)."""
    key, sep, text = item.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ConfigError(Said("sweep.form", option=option, item=shown(item)))
    parts = _split_top(text)
    if parts is None:
        raise ConfigError(Said("sweep.unclosed", option=option, item=shown(item)))
    values = [v.strip() for v in parts]
    if len(values) < 2 or any(not v for v in values):
        raise ConfigError(Said("sweep.two", option=option, item=shown(item)))
    if len(values) > MAX_SWEEP_VALUES:
        raise ConfigError(
            Said("sweep.most", option=option, item=shown(item), most=MAX_SWEEP_VALUES)
        )
    seen: dict[str, str] = {}
    for v in values:  # a value given twice, or spelled two ways (8 and +8)
        as_read = _as_value(v)
        first = seen.get(as_read)
        if first is not None:
            raise ConfigError(
                Said("sweep.twice", option=option, item=shown(item), value=shown(v))
                if first == v
                else Said("sweep.same", option=option, item=shown(item), a=shown(first), b=shown(v))
            )
        seen[as_read] = v
    return key, values


def _as_value(text: str) -> str:
    """A value as TOML reads it (what `--set` would set), for telling two spellings of one
    value apart. Text TOML cannot read (a bare word, a number past Python's digit limit, a
    nesting too deep) stays as typed: building its config refuses it, as `--set` would."""
    import json
    import tomllib

    try:
        return json.dumps(tomllib.loads(f"v = {text}")["v"], sort_keys=True, default=str)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return json.dumps(text)


def _split_top(text: str) -> list[str] | None:
    """Commas outside brackets, braces and quotes; None where a bracket or quote is left
    open (the values cannot be told apart)."""
    parts, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if depth != 0 or quote:
        return None
    return [*parts, text[start:]]


def sweep_configs(
    config: Config, key: str, values: Sequence[str], option: str = "--sweep"
) -> list[Config]:
    """The config under each value (`KEY=value` on top, blamed on the item if wrong)."""
    return [set_items(config, [(key, v)], option) for v in values]


def set_items(config: Config, items: Sequence[tuple[str, str]], option: str) -> Config:
    """The config with each `KEY=value` on top, a mistake blamed on the item and `option`."""
    try:
        return with_overrides(config.canonical(), [f"{k}={v}" for k, v in items], source=option)
    except ConfigError as exc:  # blamed on its `--set` item: it is the sweep's (or grid's)
        said = said_of(exc)
        if isinstance(said, Said) and said.code == "config.set_at":
            fields = said.fields
            said = Said("sweep.at", option=option, item=fields["item"], problem=fields["problem"])
        elif isinstance(said, Said):
            said = blamed_on(said, option)
        raise ConfigError(said) from None


Cell = dict[str, Any]


def head(config: Config, nights: int, seed: int | str, per_journey: int) -> dict[str, Any]:
    """A report's first keys, in order: what made it, and over which nights."""
    return {
        "nightsim": __version__,
        "rng": RNG_ID,
        "config_sha256": config_sha256(config),
        "nights": nights,
        "seed": seed,
        "nights_per_journey": per_journey,
        "journeys": nights // per_journey,
    }


def against_first(
    configs: Sequence[Config],
    seed: int | str,
    nights: int,
    per_journey: int,
    jobs: int,
    progress: Progress | None,
) -> tuple[int, list[tuple[dict[str, Any], list[Cell]]]]:
    """The configs over the same nights, each paired against the first: the nights counted,
    and per measure its row (`measures.row_of`) and per config {estimate, vs_first}, the
    Wilson estimate and (but for the first) the paired difference from the first."""
    layout = Layout.of("compare", configs)
    units = journeys_for(nights, per_journey)
    tally = tally_paired(
        configs, layout, seed, units, per_journey=per_journey, jobs=jobs, progress=progress
    )
    out = []
    for (measure, name), m in zip(tally.keys, tally.moments, strict=True):
        cells: list[Cell] = [{"estimate": wilson(m.s[0], m.w[0]), "vs_first": None}]
        for i in range(1, len(configs)):
            d = difference(m, 0, i)
            vs = {k: d[k] for k in ("diff", "low", "high", "clear", "paired", "identical")}
            cells.append({"estimate": d["b"], "vs_first": vs})
        out.append((row_of(measure, name), cells))
    return tally.nights, out


def sweep(
    config: Config,
    key: str,
    values: Sequence[str],
    seed: int | str,
    nights: int = 10_000,
    *,
    per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """`key` at each of `values` over the same `nights` (whole journeys of `per_journey`).

    The JSON shape of `odds --sweep --format json`: provenance, `nights`, `seed`,
    `nights_per_journey`, `journeys`, `setting` (the key), `values` (as given), `points`
    (each value's `config_sha256`), `measures`: a list of {measure, character, points},
    each point {value, estimate, vs_first}: the Wilson estimate ({p, low, high, k, n}) and,
    after the first value, its paired difference from the first ({diff, low, high, clear,
    paired, identical}); then the base config.
    """
    configs = sweep_configs(config, key, values)
    n, rows = against_first(configs, seed, nights, per_journey, jobs, progress)
    measures = [
        row | {"points": [{"value": v} | cell for v, cell in zip(values, cells, strict=True)]}
        for row, cells in rows
    ]
    return head(config, n, seed, per_journey) | {
        "setting": key,
        "values": list(values),
        "points": [
            {"value": v, "config_sha256": config_sha256(c)}
            for v, c in zip(values, configs, strict=True)
        ],
        "measures": measures,
        "config": config.canonical(),
    }
