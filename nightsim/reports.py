"""The numbers a planner asks for, as Python: `odds`, `compare`, `rank_rotas`, `sweep`, and a
public log writer, `write_log` (docs/api.md). `nightsim odds` is a thin shell on these: it
parses the options, calls one, and prints the report as text, JSON, CSV or a page.

Each returns a typed report: a `TypedDict` whose keys are exactly the JSON the matching
`nightsim odds … --format json` prints (less its `command`), so a script reads
`report["probabilities"]["encounter"]["p"]` with its types known to mypy. An estimate is an
`Estimate` (Wilson's 95% interval; `p`, `low`, `high` are None when there were no cases), a
paired difference a `Difference`. The same config, seed and nights give the same report
whatever `jobs` is.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypedDict, cast

from nightsim.config import Config
from nightsim.engine.dice import check_seed

Progress = Callable[[int], None]  # called with the number of nights just finished


class Estimate(TypedDict):
    """A share k/n with its 95% Wilson interval (`p`, `low`, `high` None when n is 0)."""

    p: float | None
    low: float | None
    high: float | None
    k: int
    n: int


class Difference(TypedDict):
    """A paired difference (this config's share minus the first's) with its 95% interval:
    `clear` when the interval, as computed, lies on one side of 0; `identical` when the
    measure came out the same on every night under both (no interval is told then)."""

    diff: float | None
    low: float | None
    high: float | None
    clear: bool
    paired: bool
    identical: bool


class Produced(TypedDict):
    """What produced a report (narration/produced.py), as `odds --format json`'s
    `produced_by`: from the API, `config` is None (a `Config`, not a file) and `set` the
    `changes` a compare was given."""

    nightsim: str
    config: str | None
    config_sha256: str
    set: list[str]
    seed: int | str
    nights: int
    rng: str
    edition: int


class _Provenance(TypedDict):
    nightsim: str
    rng: str
    produced_by: Produced


class OddsReport(_Provenance):
    """`odds`: the party's and each character's chances (`probabilities[measure]`: an
    Estimate for a party measure, {name: Estimate} for a character's), the monsters'
    arrival and distance counts, and the config (`config`, its `config_sha256`)."""

    config_sha256: str
    nights: int
    seed: int | str
    nights_per_journey: int
    journeys: int
    encounter_chance: int
    rest_hours: int
    probabilities: dict[str, Any]
    arrival_hour: dict[str, int]
    arrival_10min: dict[str, int]
    distance_ft: dict[str, int]
    config: dict[str, Any]


class CompareRow(TypedDict):
    """One measure (a character's, or the party's: `character` None) under A and B."""

    measure: str
    character: str | None
    creature: str | None  # the creature of a `creature` row (what comes), else None
    a: Estimate
    b: Estimate
    diff: float | None
    low: float | None
    high: float | None
    clear: bool
    paired: bool
    identical: bool
    unpaired_nights: int | None


class CompareReport(_Provenance):
    """`compare`: B - A on every measure over the same nights."""

    config_a_sha256: str
    config_b_sha256: str
    nights: int
    seed: int | str
    nights_per_journey: int
    journeys: int
    changes: list[str]
    same_config: bool
    measures: list[CompareRow]
    config_a: dict[str, Any]
    config_b: dict[str, Any]


class RankReport(_Provenance):
    """`rank_rotas`: every order of the watchers over the same nights, best first; `top`
    holds the best rows, each with its rota, its measures, its difference from the best
    (`vs_best`) and `tied_with_best` (True for the best itself); `tied_share` what the tied
    rotas have in common that not every rota has (`places`: [{"watch", "name"}], `watchers`);
    `comes` what comes on the best rota's nights (shaped as `odds`'s `table_…` and
    `creature`), `comes_same` whether every rota met the same."""

    config_sha256: str
    nights: int
    nights_per_journey: int
    seed: int | str
    watchers: int | None
    pinned: list[dict[str, Any]]
    excluded: list[str]
    shift_hours: list[float] | None
    rotas: int
    ranked_by: list[str]
    tied_with_best: int
    tied_share: dict[str, Any]
    top: list[dict[str, Any]]
    comes: dict[str, Any] | None
    comes_same: bool
    config: dict[str, Any]


class SweepPoint(TypedDict):
    """One value of the setting: its estimate, and (after the first) its paired
    difference from the first value."""

    value: str
    estimate: Estimate
    vs_first: Difference | None


class SweepMeasure(TypedDict):
    measure: str
    character: str | None
    creature: str | None
    points: list[SweepPoint]


class SweepReport(_Provenance):
    """`sweep`: one setting over several values on the same nights."""

    config_sha256: str
    nights: int
    seed: int | str
    nights_per_journey: int
    journeys: int
    setting: str
    values: list[str]
    points: list[dict[str, str]]
    measures: list[SweepMeasure]
    config: dict[str, Any]


class GridCell(TypedDict):
    """One cell of a grid: its estimate, and (but for the first cell) its paired difference
    from the first cell."""

    estimate: Estimate
    vs_first: Difference | None


class GridMeasure(TypedDict):
    measure: str
    character: str | None
    creature: str | None
    cells: list[list[GridCell]]  # [row][column]


class GridReport(_Provenance):
    """`grid`: two settings at once on the same nights; `settings` the two keys (rows,
    then columns), `rows` and `columns` their values, `cells` each cell's config hash."""

    config_sha256: str
    nights: int
    seed: int | str
    nights_per_journey: int
    journeys: int
    settings: list[str]
    rows: list[str]
    columns: list[str]
    cells: list[dict[str, str]]
    measures: list[GridMeasure]
    config: dict[str, Any]


def _check(config: object, seed: object, nights: object, per_journey: object) -> None:
    if not isinstance(config, Config):
        raise TypeError(f"config: expected a Config (load_config), got {type(config).__name__}")
    check_seed(seed)
    for name, value in (("nights", nights), ("nights_per_journey", per_journey)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name}: expected an integer of at least 1, got {value!r}")


def odds(
    config: Config,
    seed: int | str,
    nights: int = 10_000,
    *,
    nights_per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> OddsReport:
    """The chances over `nights` nights (whole journeys of `nights_per_journey`), each with
    its 95% interval: `nightsim odds --format json`.

    >>> from nightsim import load_config, odds
    >>> from nightsim.config import default_config_path
    >>> report = odds(load_config(default_config_path()), 7, 200)
    >>> report["nights"], report["probabilities"]["encounter"]["k"]
    (200, 63)
    """
    from nightsim.stats import odds as odds_mod

    _check(config, seed, nights, nights_per_journey)
    report = odds_mod.odds(
        config, seed, nights, per_journey=nights_per_journey, jobs=jobs, progress=progress
    )
    return cast(OddsReport, _produced(report, config, seed))


def compare(
    config_a: Config,
    config_b: Config,
    seed: int | str,
    nights: int = 10_000,
    *,
    nights_per_journey: int = 1,
    jobs: int = 1,
    changes: Sequence[str] = (),
    progress: Progress | None = None,
) -> CompareReport:
    """B - A on every measure over the same nights, paired: `odds --compare`. `changes`
    names what made B (the `--set` items), for the report only."""
    from nightsim.stats.two_configs import compare_configs

    _check(config_a, seed, nights, nights_per_journey)
    _check(config_b, seed, nights, nights_per_journey)
    report = compare_configs(
        config_a,
        config_b,
        seed,
        nights,
        per_journey=nights_per_journey,
        jobs=jobs,
        progress=progress,
        changes=list(changes),
    )
    return cast(CompareReport, _produced(report, config_a, seed, changes))


def rank_rotas(
    config: Config,
    seed: int | str,
    nights: int = 10_000,
    *,
    watchers: int | None = None,
    top: int = 10,
    nights_per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
    pin: Mapping[str, int] | None = None,
    exclude: Sequence[str] = (),
    shifts: Sequence[float] = (),
) -> RankReport:
    """Every order of the configured watchers (or of any `watchers` = K of the party) over
    the same nights, ranked: `odds --rank-rotas`; `pin` keeps a name on a watch (numbered
    from 1) in every rota, `exclude` leaves names out of every rota, `shifts` gives the
    watches' lengths in hours (`--shifts`: as many watchers as lengths). Raises ValueError
    for too many rotas, or none left; ConfigError for lengths that make no watch."""
    from nightsim.stats import rank as rank_mod

    _check(config, seed, nights, nights_per_journey)
    if watchers is not None and (isinstance(watchers, bool) or not isinstance(watchers, int)):
        raise TypeError(
            f"watchers: expected one number of watchers K (an int) or None, got"
            f" {type(watchers).__name__}; for several, call rank_rotas once per K"
            " (`odds --rank-rotas --watchers 2,3` does)"
        )
    from nightsim.stats.odds import Constraints

    if isinstance(shifts, str | bytes):
        raise TypeError("shifts: the watches' lengths in hours, a list of numbers")
    constraints = Constraints(
        tuple((pin or {}).items()), tuple(exclude), tuple(float(h) for h in shifts)
    )
    rows = rank_mod.rank_rotas(
        config,
        seed,
        nights,
        watchers=watchers,
        per_journey=nights_per_journey,
        jobs=jobs,
        progress=progress,
        constraints=constraints,
    )
    report = rank_mod.rank_report(rows, seed, nights, top, config, watchers, constraints)
    return cast(RankReport, _produced(report, config, seed))


def sweep(
    config: Config,
    key: str,
    values: Sequence[str],
    seed: int | str,
    nights: int = 10_000,
    *,
    nights_per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> SweepReport:
    """`key` (a `--set` key) at each of `values` (TOML values, as `--set` takes them) over
    the same nights, each paired against the first: `odds --sweep KEY=V1,V2,…`. Raises
    ConfigError naming the item when a value does not make a config.

    >>> from nightsim import load_config, sweep
    >>> from nightsim.config import default_config_path
    >>> config = load_config(default_config_path())
    >>> report = sweep(config, "rules.rest_hours", ["6", "8"], 7, 200)
    >>> fire = next(m for m in report["measures"] if m["measure"] == "fire_lasts")
    >>> [p["estimate"]["k"] for p in fire["points"]], fire["points"][1]["vs_first"]["clear"]
    ([49, 11], True)
    """
    from nightsim.stats import sweep as sweep_mod

    _check(config, seed, nights, nights_per_journey)
    if not isinstance(key, str) or isinstance(values, str):
        raise TypeError("key: a dotted --set key; values: a list of TOML values as text")
    key, checked = sweep_mod.split_sweep(f"{key}={','.join(values)}")
    if checked != list(values):
        raise ValueError(f"values: each a TOML value without a top-level comma: {values!r}")
    report = sweep_mod.sweep(
        config,
        key,
        checked,
        seed,
        nights,
        per_journey=nights_per_journey,
        jobs=jobs,
        progress=progress,
    )
    return cast(SweepReport, _produced(report, config, seed))


def grid(
    config: Config,
    rows: tuple[str, Sequence[str]],
    columns: tuple[str, Sequence[str]],
    seed: int | str,
    nights: int = 10_000,
    *,
    nights_per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> GridReport:
    """Two settings at once: every pair of a value of `rows` (a `--set` key and its TOML
    values as text) and of `columns` over the same nights, each cell paired against the
    first cell: `odds --grid KEY=V1,… --grid KEY=W1,…`. Raises ConfigError naming the item
    when a value does not make a config, or the grid is past its size.

    >>> from nightsim import grid, load_config
    >>> from nightsim.config import default_config_path
    >>> config = load_config(default_config_path())
    >>> report = grid(config, ("rules.rest_hours", ["6", "8"]),
    ...               ("camp.light_fire", ["true", "false"]), 7, 200)
    >>> fire = next(m for m in report["measures"] if m["measure"] == "fire_lasts")
    >>> [[c["estimate"]["k"] for c in row] for row in fire["cells"]]
    [[49, 0], [11, 0]]
    """
    from nightsim.stats import grid as grid_mod
    from nightsim.stats.sweep import split_sweep

    _check(config, seed, nights, nights_per_journey)
    axes = []
    for axis in (rows, columns):
        if not isinstance(axis, tuple) or len(axis) != 2 or isinstance(axis[1], str):
            raise TypeError("rows, columns: each (a dotted --set key, a list of TOML values)")
        key, values = axis
        checked = split_sweep(f"{key}={','.join(values)}", "--grid")
        if checked[1] != list(values):
            raise ValueError(f"values: each a TOML value without a top-level comma: {values!r}")
        axes.append(f"{checked[0]}={','.join(checked[1])}")
    first, second = grid_mod.split_grid(axes)
    report = grid_mod.grid(
        config,
        first,
        second,
        seed,
        nights,
        per_journey=nights_per_journey,
        jobs=jobs,
        progress=progress,
    )
    return cast(GridReport, _produced(report, config, seed))


def _produced(
    report: Any, config: Config, seed: int | str, changes: Sequence[str] = ()
) -> dict[str, Any]:
    """The report with what produced it, as the CLI's JSON has it (`produced_by`): a
    report saved from a script is told apart from another by it, as `odds`'s is. The CLI
    replaces it with its own, which names the config's file and the `--set` items."""
    from nightsim.narration.produced import produced
    from nightsim.stats.odds import config_sha256

    made = produced(None, config_sha256(config), list(changes), seed, report["nights"])
    return dict(report) | {"produced_by": made}


def write_log(path: str | Path, config: Config, seed: int | str, nights: int = 1) -> str:
    """Simulate the night (or a journey of `nights`) and write its hashed log to `path`,
    atomically: the lines go to a temporary file in the same folder, which is flushed to
    the disk and then given the name, so `path` is either absent or the whole log, never
    a part. An existing `path` is never overwritten (FileExistsError). Returns the chain's
    head, the hash `nightsim run` prints. The bytes are those of `nightsim run --log`."""
    from nightsim.engine.journey import iter_raw
    from nightsim.log.writer import iter_log_lines

    _check(config, seed, nights, 1)
    target = Path(path)
    if target.exists() or target.is_symlink():
        raise FileExistsError(f"path: {target} already exists; a log is never overwritten")
    head = ""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            for line in iter_log_lines(iter_raw(config, seed, nights)):
                fh.write(line.encode("utf-8") + b"\n")
                head = line
            fh.flush()
            os.fsync(fh.fileno())
        _place(tmp, target)
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)
    return str(json.loads(head)["hash"])


def _place(tmp: str, target: Path) -> None:
    """Give the finished file its name without overwriting: a hard link fails if the name
    was taken meanwhile (where links are not supported, a checked rename)."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise FileExistsError(
            f"path: {target} already exists; a log is never overwritten"
        ) from None
    except OSError:
        if os.path.lexists(target):
            raise FileExistsError(f"path: {target} already exists") from None
        os.replace(tmp, target)
