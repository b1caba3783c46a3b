"""The odds over many nights: the same engine as `run`, counted, never logged.

Night i (1-based) of an odds run with seed S is the night `nightsim run --seed "S/i"` tells
(docs/odds.md: `odds` derives night i's seed as "{seed}/{i}"); with journeys of J nights,
journey j is `nightsim run --seed "S/j" --nights J`. Every count is a sum over nights, so
the result depends only on (config, seed, nights), never on how the nights are split over
processes (`jobs`) or chunks. Memory is flat in the number of nights: a chunk keeps
counters, not outcomes.

Pure computation: no printing. `progress` callbacks let the CLI draw a bar.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from nightsim import __version__
from nightsim.config import Config, config_from_data
from nightsim.engine.dice import RNG_ID, Dice, seed_text
from nightsim.engine.journey import iter_nights
from nightsim.engine.outcome import CharacterOutcome, NightOutcome
from nightsim.engine.sim import NightSim
from nightsim.limits import MIN_SHIFT_MINUTES, shown
from nightsim.log.writer import canonical_json
from nightsim.measures import CHARACTER, CREATURE, PARTY, TABLE_KEYS, TABLES, Measure, creatures_of
from nightsim.stats.orphans import end_with_parent
from nightsim.told import Said

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal
DISTANCES_FT = tuple(range(30, 361, 30))  # 1d4 x 30 ft or 2d6 x 30 ft (docs/rules.md §4)
MAX_ROTAS = 5040  # 7! : more orders than this is a search, not a comparison
MAX_RANK_NIGHTS = 5_000_000  # rotas x nights for --rank-rotas (minutes, not hours, of CPU)

Progress = Callable[[int], None]  # called with the number of nights just finished
R = TypeVar("R")


# --- intervals ------------------------------------------------------------------------


def wilson(k: int, n: int, z: float = Z95) -> dict[str, Any]:
    """The estimate k/n with its Wilson score interval (95% by default).

    Wilson rather than the normal approximation because the odds near 0 and 1 (a rota that
    never breaks with no dozing) still get an honest, non-degenerate interval. With n = 0
    there is nothing to estimate: p, low and high are None.
    """
    if n == 0:
        return {"p": None, "low": None, "high": None, "k": 0, "n": 0}
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # At k = 0 (k = n) the bound is exactly 0 (1): the float sum leaves a residue (1e-19)
    # that a reader of the JSON would take for a number.
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return {"p": p, "low": low, "high": high, "k": k, "n": n}


# --- counting -------------------------------------------------------------------------


@dataclass(slots=True)
class Counts:
    """Counters over a number of nights; `merge` adds another chunk's.

    Per measure of `measures.PARTY` its Σk and Σn (`party_k`, `party_n`, in table order; Σn
    only for a measure with an `of`, the others' is `nights`), per character and measure
    of `measures.CHARACTER` the same (`character_k[i][m]`), and on journeys, for a
    `by_night` measure, its Σk by night of the journey (`by_night[m][k - 1][i]`). Read them
    through `party()` and `characters()`. What comes (`measures.TABLES`, `creatures_of`):
    the nights on each table (`tables`, in `TABLES` order) and each creature's nights
    (`creatures`, in the config's order), counted on encounter nights only.
    """

    names: tuple[str, ...]
    rest_hours: int
    per_journey: int = 1
    nights: int = 0
    party_k: list[int] = field(default_factory=list)
    party_n: list[int] = field(default_factory=list)
    character_k: list[list[int]] = field(default_factory=list)
    character_n: list[list[int]] = field(default_factory=list)
    arrival_hour: list[int] = field(default_factory=list)
    arrival_10min: list[int] = field(default_factory=list)  # the page's histogram
    distance_ft: dict[int, int] = field(default_factory=dict)
    by_night: list[list[list[int]]] = field(default_factory=list)
    tables: list[int] = field(default_factory=lambda: [0] * len(TABLES))
    creatures: dict[str, int] = field(default_factory=dict)

    @classmethod
    def empty(
        cls,
        names: Sequence[str],
        rest_hours: int,
        per_journey: int = 1,
        creatures: Sequence[str] = (),
    ) -> Counts:
        n = len(names)
        return cls(
            names=tuple(names),
            rest_hours=rest_hours,
            per_journey=per_journey,
            party_k=[0] * len(PARTY),
            party_n=[0] * len(PARTY),
            character_k=[[0] * len(CHARACTER) for _ in range(n)],
            character_n=[[0] * len(CHARACTER) for _ in range(n)],
            arrival_hour=[0] * rest_hours,
            arrival_10min=[0] * (rest_hours * 6),
            distance_ft=dict.fromkeys(DISTANCES_FT, 0),
            by_night=[
                [[0] * n for _ in range(per_journey if m.by_night else 0)] for m in CHARACTER
            ],
            creatures=dict.fromkeys(creatures, 0),
        )

    def _comes(self, enc: Any) -> None:
        # On an encounter night only: which table, and the creature (none without a table).
        self.tables[_TABLE_INDEX[enc.table]] += 1
        if enc.creature is not None:
            self.creatures[enc.creature] += 1

    def add(self, out: NightOutcome, rest_start: int, k: int = 1) -> None:
        """Count one night (night k of its journey). The hot loop: kept lean."""
        self.nights += 1
        enc = out.encounter
        if enc is not None:
            # The hour of the rest period in which the monster came: 1..rest_hours.
            minute = enc.at - rest_start
            self.arrival_hour[minute // 60] += 1
            self.arrival_10min[minute // 10] += 1
            self.distance_ft[enc.distance_ft] += 1
            self._comes(enc)
        party_k, party_n = self.party_k, self.party_n
        for j, count in _PARTY_K:
            party_k[j] += count(out)
        for j, of in _PARTY_N:
            party_n[j] += of(out)
        chars = out.characters
        for row, c in zip(self.character_k, chars, strict=True):
            for j, char_count in _CHARACTER_K:
                row[j] += char_count(c)
        for row, c in zip(self.character_n, chars, strict=True):
            for j, char_of in _CHARACTER_N:
                row[j] += char_of(c)
        if self.per_journey > 1:  # read only for journeys (`report`)
            for j, char_count in _BY_NIGHT:
                by_night = self.by_night[j][k - 1]
                for i, v in enumerate(map(char_count, chars)):
                    by_night[i] += v

    def add_nights(self, outs: Sequence[NightOutcome], rest_start: int) -> None:
        """Count single nights (night 1 of their own dice), a measure at a time over them:
        the same sums as `add` on each, with the loops in `sum(map(...))` (the hot path of
        plain odds; `_count` hands nights over in small batches, so memory stays flat)."""
        if self.per_journey > 1:
            for out in outs:
                self.add(out, rest_start)
            return
        for out in outs:
            enc = out.encounter
            if enc is not None:
                minute = enc.at - rest_start
                self.arrival_hour[minute // 60] += 1
                self.arrival_10min[minute // 10] += 1
                self.distance_ft[enc.distance_ft] += 1
                self._comes(enc)
        self.nights += len(outs)
        for j, count in _PARTY_K:
            self.party_k[j] += sum(map(count, outs))
        for j, of in _PARTY_N:
            self.party_n[j] += sum(map(of, outs))
        # Per character, its outcomes over the nights (the party is the same every night).
        columns = zip(*(out.characters for out in outs), strict=True)
        for ks, ns, column in zip(self.character_k, self.character_n, columns, strict=False):
            for j, char_count in _CHARACTER_K:
                ks[j] += sum(map(char_count, column))
            for j, char_of in _CHARACTER_N:
                ns[j] += sum(map(char_of, column))

    def party(self) -> list[tuple[Measure[NightOutcome], int, int]]:
        """Each measure of `measures.PARTY` with its Σk and Σn."""
        return [
            (m, k, self.nights if m.of is None else n)
            for m, k, n in zip(PARTY, self.party_k, self.party_n, strict=True)
        ]

    def characters(self) -> list[tuple[Measure[CharacterOutcome], list[int], list[int]]]:
        """Each measure of `measures.CHARACTER` with its Σk and Σn per character."""
        return [
            (
                m,
                [row[j] for row in self.character_k],
                [self.nights if m.of is None else row[j] for row in self.character_n],
            )
            for j, m in enumerate(CHARACTER)
        ]

    def total(self, key: str, i: int | None = None) -> tuple[int, int]:
        """Σk and Σn of a measure: a party measure, or character i's of a character one."""
        if i is None:
            return next((k, n) for m, k, n in self.party() if m.key == key)
        return next((ks[i], ns[i]) for m, ks, ns in self.characters() if m.key == key)

    def merge(self, other: Counts) -> None:
        self.nights += other.nights
        for mine, theirs in (
            (self.party_k, other.party_k),
            (self.party_n, other.party_n),
            *zip(self.character_k, other.character_k, strict=True),
            *zip(self.character_n, other.character_n, strict=True),
            (self.arrival_hour, other.arrival_hour),
            (self.arrival_10min, other.arrival_10min),
            (self.tables, other.tables),
            *(
                pair
                for rows in zip(self.by_night, other.by_night, strict=True)
                for pair in zip(*rows, strict=True)
            ),
        ):
            for i, v in enumerate(theirs):
                mine[i] += v
        for d, v in other.distance_ft.items():
            self.distance_ft[d] = self.distance_ft.get(d, 0) + v
        for name, v in other.creatures.items():
            self.creatures[name] = self.creatures.get(name, 0) + v


# The hot loop's view of the tables: (index, count) and, for a measure whose n is not one
# per night, (index, of); a measure without `of` has n = nights (`Counts.party`).
_PARTY_K = tuple(enumerate(m.count for m in PARTY))
_PARTY_N = tuple((j, m.of) for j, m in enumerate(PARTY) if m.of is not None)
_CHARACTER_K = tuple(enumerate(m.count for m in CHARACTER))
_CHARACTER_N = tuple((j, m.of) for j, m in enumerate(CHARACTER) if m.of is not None)
_BY_NIGHT = tuple((j, m.count) for j, m in enumerate(CHARACTER) if m.by_night)
_TABLE_INDEX = {t: j for j, t in enumerate(TABLES)}


_BATCH = 256  # nights counted at once by `add_nights`: a few hundred outcomes in memory


def _count(config: Config, seed: str, start: int, stop: int, per_journey: int) -> Counts:
    """Nights (or journeys) start..stop-1 of an odds run, counted. The hot loop."""
    counts = Counts.empty(
        [c.name for c in config.party], config.rules.rest_hours, per_journey, creatures_of([config])
    )
    rest_start = config.rest_start
    add = counts.add
    if per_journey == 1:
        for a in range(start, stop, _BATCH):
            # Night i is the night `run --seed "{seed}/{i}"` tells: night 1 of its own dice.
            counts.add_nights(
                [
                    NightSim(config, Dice(f"{seed}/{i}"), record=False).run()
                    for i in range(a, min(a + _BATCH, stop))
                ],
                rest_start,
            )
    else:
        for j in range(start, stop):
            for k, out in enumerate(
                iter_nights(config, Dice(f"{seed}/{j}"), per_journey, record=False), 1
            ):
                assert isinstance(out, NightOutcome)
                add(out, rest_start, k)
    return counts


# --- splitting the work -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Task:
    """One chunk: units start..stop-1 (nights, or journeys) of variant `variant`."""

    variant: int
    start: int
    stop: int


_WORKER_CONFIGS: dict[int, Config] = {}


def _init_worker(parent: int, configs: list[dict[str, Any]]) -> None:
    # A parent killed outright (`kill -9`) cannot stop its workers: they end with it.
    end_with_parent(parent)
    # Ctrl-C is the main process's to handle: it stops the workers itself (`_stop`).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Rebuilt once per worker from canonical data: no pydantic objects cross the pipe.
    _WORKER_CONFIGS.clear()
    for i, data in enumerate(configs):
        _WORKER_CONFIGS[i] = config_from_data(data)


def _work(task: Task, seed: str, per_journey: int) -> tuple[Task, Counts]:
    return task, _count(_WORKER_CONFIGS[task.variant], seed, task.start, task.stop, per_journey)


def _chunks(units: int, jobs: int, variants: int) -> Iterator[Task]:
    """Contiguous ranges, a few per worker (so the progress bar moves and the cores stay
    busy to the end), 1-based like the nights; made as they are needed."""
    per = max(50, min(5000, units * variants // (jobs * 8)))
    for v in range(variants):
        for start in range(1, units + 1, per):
            yield Task(v, start, min(start + per, units + 1))


def _mp_context() -> Any:
    # fork where the platform has it: a worker starts in milliseconds with nightsim already
    # imported; spawn elsewhere (macOS, Windows). The caller keeps no threads running (the
    # CLI's progress bar refreshes by hand) so forking is safe.
    import multiprocessing  # here, as in `in_pool`

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def count_many(
    configs: Sequence[Config],
    seed: int | str,
    units: int,
    *,
    per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[Counts]:
    """Counts for each config over the same units (nights or journeys) and the same seeds."""
    if units < 1 or per_journey < 1 or jobs < 1:
        raise ValueError("units, per_journey and jobs must be at least 1")
    s = seed_text(seed)
    tasks = _chunks(units, jobs, len(configs))
    results = [
        Counts.empty(
            [c.name for c in cfg.party], cfg.rules.rest_hours, per_journey, creatures_of([cfg])
        )
        for cfg in configs
    ]
    if jobs == 1 and not on_a_cluster():
        for t in tasks:
            results[t.variant].merge(_count(configs[t.variant], s, t.start, t.stop, per_journey))
            if progress is not None:
                progress((t.stop - t.start) * per_journey)
        return results

    def merged(result: tuple[Task, Counts]) -> None:
        task, counts = result
        # Sums: the order chunks finish in cannot change the result.
        results[task.variant].merge(counts)
        if progress is not None:
            progress((task.stop - task.start) * per_journey)

    in_pool(configs, jobs, ((_work, (t, s, per_journey)) for t in tasks), merged)
    return results


def on_a_cluster() -> bool:
    """A scheduler is chosen (stats/cluster.py): even one job's chunks go there."""
    from nightsim.stats.cluster import scheduler

    return scheduler() is not None


def in_pool(
    configs: Sequence[Config],
    jobs: int,
    calls: Iterable[tuple[Callable[..., R], tuple[Any, ...]]],
    done: Callable[[R], None],
) -> None:
    """Run `calls` (a module-level function and its arguments) in `jobs` worker processes,
    each of which rebuilds `configs` once (`_WORKER_CONFIGS`), and hand every result to
    `done` as it comes. A few calls in flight per worker, not all of them: memory flat in
    the nights. Ctrl-C (or an error) ends the workers at once (`_stop`)."""
    from nightsim.stats.cluster import in_cluster, scheduler

    address = scheduler()
    if address is not None:  # `--scheduler`: the same calls, on a Dask cluster
        in_cluster(address, configs, calls, done)
        return
    # Imported here, not with the module: a run on one job never starts a pool, and these
    # (with multiprocessing and logging) are a noticeable part of a short run's start.
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=_mp_context(),
        initializer=_init_worker,
        initargs=(os.getpid(), [cfg.canonical() for cfg in configs]),
    )
    try:
        pending: set[Future[R]] = set()

        def collect() -> None:
            nonlocal pending
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                done(fut.result())

        for fn, args in calls:
            pending.add(pool.submit(fn, *args))
            if len(pending) >= 2 * jobs:
                collect()
        while pending:
            collect()
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Ctrl-C (or an error) mid-run: end the workers now. A graceful shutdown waits for
    the chunks in flight, and a second SIGINT during it (`timeout -s INT` sends two, so does
    an impatient Ctrl-C Ctrl-C) used to leave the process hanging for ever at exit, joining
    workers that waited on a work queue nobody would write to again."""
    main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        # The executor keeps its worker processes private; there is no public way to end them.
        procs = list((getattr(pool, "_processes", None) or {}).values())
        manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
        for proc in procs:
            proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in procs:
            proc.join(timeout=5)
        # The executor's manager thread closes its wake-up pipe as it ends, and at exit
        # CPython (before gh-125451) writes to that pipe without a lock: the two racing
        # printed an "OSError: Bad file descriptor" traceback after a Ctrl-C, now and then.
        # With the thread ended first, the pipe is closed before exit looks at it.
        if manager is not None:
            manager.join(timeout=5)
    finally:
        if old is not None:
            signal.signal(signal.SIGINT, old)


def journeys_for(nights: int, per_journey: int) -> int:
    """Journeys of `per_journey` nights covering at least `nights` nights (whole journeys)."""
    return -(-nights // per_journey)


# --- reports ----------------------------------------------------------------------------


def config_sha256(config: Config) -> str:
    """SHA-256 of the config's canonical JSON: the log's canonical form
    (nightsim.log.writer), so that a change of that form changes both together."""
    return hashlib.sha256(canonical_json(config.canonical()).encode()).hexdigest()


def provenance(config: Config) -> dict[str, Any]:
    """What produced a report besides the seed and nights (docs/odds.md, "What produced a
    report"): the version, the dice (docs/dice.md: the same seed rolls other nights under
    other dice) and the resolved config with its hash. The config goes last in a report: it
    is long."""
    return {"nightsim": __version__, "rng": RNG_ID, "config_sha256": config_sha256(config)}


def report(counts: Counts, seed: int | str, config: Config) -> dict[str, Any]:
    """The JSON shape of `nightsim odds --format json` (docs/odds.md), keys in a fixed order."""
    n = counts.nights
    names = counts.names
    casters = [i for i, c in enumerate(config.party) if c.spells]
    probs: dict[str, Any] = {m.key: wilson(k, d) for m, k, d in counts.party()}
    for m, ks, ns in counts.characters():
        who = casters if m.casters_only else range(len(names))
        probs[m.key] = {names[i]: wilson(ks[i], ns[i]) for i in who}
    # What comes (measures.TABLES): per night, each table's share and each creature's chance.
    for key, k in zip(TABLE_KEYS, counts.tables, strict=True):
        probs[key] = wilson(k, n)
    probs[CREATURE] = {name: wilson(k, n) for name, k in counts.creatures.items()}
    out: dict[str, Any] = provenance(config) | {
        "nights": n,
        "seed": seed,
        "nights_per_journey": counts.per_journey,
        "journeys": n // counts.per_journey,
        "encounter_chance": config.camp.chance,
        "rest_hours": counts.rest_hours,
        "probabilities": probs,
        "arrival_hour": {str(h + 1): c for h, c in enumerate(counts.arrival_hour)},
        # By the minute of the rest period each 10-minute bin begins at: "0", "10", ...
        "arrival_10min": {str(b * 10): c for b, c in enumerate(counts.arrival_10min)},
        "distance_ft": {str(d): counts.distance_ft[d] for d in sorted(counts.distance_ft)},
    }
    if counts.per_journey > 1:
        journeys = n // counts.per_journey
        by_night = [(m, rows) for m, rows in zip(CHARACTER, counts.by_night, strict=True) if rows]
        out["by_night_of_journey"] = [
            {"night": k + 1}
            | {
                m.key: {name: wilson(row[k][i], journeys) for i, name in enumerate(names)}
                for m, row in by_night
            }
            for k in range(counts.per_journey)
        ]
    out["config"] = config.canonical()
    return out


def odds(
    config: Config,
    seed: int | str,
    nights: int = 10_000,
    *,
    per_journey: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Simulate `nights` nights (whole journeys of `per_journey`) and report the odds."""
    units = journeys_for(nights, per_journey)
    (counts,) = count_many(
        [config], seed, units, per_journey=per_journey, jobs=jobs, progress=progress
    )
    return report(counts, seed, config)


# --- which rota is safest ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Constraints:
    """What a ranking may not change: `pin`, (name, watch) pairs, that name on that watch
    (numbered from 1) in every rota; `exclude`, names that keep no watch in any; `hours`,
    the watches' lengths in order, the same in every rota (`--shifts`; empty: the
    configured shifts' lengths, or with --watchers an even split)."""

    pin: tuple[tuple[str, int], ...] = ()
    exclude: tuple[str, ...] = ()
    hours: tuple[float, ...] = ()

    def report(self) -> dict[str, Any]:
        return {
            "pinned": [{"name": n, "watch": w} for n, w in self.pin],
            "excluded": list(self.exclude),
            "shift_hours": list(self.hours) or None,
        }


UNCONSTRAINED = Constraints()


def constraints_of(pins: Sequence[str], excluded: Sequence[str], shifts: str | None) -> Constraints:
    """`NAME=WATCH` pins, excluded names (each name once) and `H1,H2,…` shift lengths, as
    `--pin`, `--exclude` and `--shifts` (and the console's rank fields) give them;
    ValueError naming the item (the names are checked against the watchers by
    `rota_orders`, the lengths by the config)."""
    pinned: dict[str, int] = {}
    for item in pins:
        name, eq, watch = item.rpartition("=")
        watch = watch.strip()
        if not eq or not name.strip() or not watch.isdigit() or len(watch) > 4:
            raise ValueError(Said("use.pin_form", got=shown(item)))
        if name.strip() in pinned or int(watch) in pinned.values():
            raise ValueError(Said("use.pin_twice", got=shown(item)))
        pinned[name.strip()] = int(watch)
    names = [n.strip() for n in excluded]
    for name in names:
        if name in pinned or names.count(name) > 1:
            raise ValueError(Said("use.exclude_twice", name=shown(name)))
    return Constraints(tuple(pinned.items()), tuple(names), _hours(shifts))


def _hours(text: str | None) -> tuple[float, ...]:
    """`3,2.5,2.5`: each a number of hours above 0 (the config checks the rest: whole
    minutes, at most the rest period together)."""
    if text is None:
        return ()
    out: list[float] = []
    for part in text.split(","):
        try:
            hours = float(part.strip())
        except ValueError:
            raise ValueError(Said("use.shifts_form", got=shown(text))) from None
        if not 0 < hours <= 16 or len(part.strip()) > 12:
            raise ValueError(Said("use.shifts_form", got=shown(text)))
        # A length belongs to a watch, not to whoever keeps it: refused here by its place,
        # before the config (which names the watcher) would see it. The engine's clock counts
        # whole minutes, at least MIN_SHIFT_MINUTES a watch (config/model.py).
        minutes = hours * 60
        where = {
            "shifts": shown(text),
            "watch": len(out) + 1,
            "hours": shown(part.strip(), quote=False),
        }
        if minutes < MIN_SHIFT_MINUTES - 1e-9:
            raise ValueError(Said("use.shifts_short", **where))
        if not math.isclose(minutes, round(minutes), abs_tol=1e-9):
            raise ValueError(Said("use.shifts_minute", **where))
        out.append(hours)
    return tuple(out)


def check_rank_nights(rotas: int, nights: int) -> None:
    """A ranking of `rotas` x `nights` within MAX_RANK_NIGHTS, or ValueError saying how many
    nights would fit."""
    if rotas * nights > MAX_RANK_NIGHTS:
        fit = max(1, MAX_RANK_NIGHTS // rotas)
        raise ValueError(
            Said("use.rank_too_many", rotas=rotas, nights=nights, limit=MAX_RANK_NIGHTS, fit=fit)
        )


def rota_orders(
    config: Config, watchers: int | None = None, constraints: Constraints = UNCONSTRAINED
) -> list[tuple[str, ...]]:
    """Every order of the configured watchers, or with `watchers` = K every choice of K
    party members in every order, within `constraints`. Duplicates (a watcher standing two
    shifts) counted once. With `constraints.hours`, K is their count: K of the configured
    watchers (or of the party, with `watchers`, which must be that K)."""
    hours = len(constraints.hours)
    if watchers is not None:
        names: Sequence[str] = [c.name for c in config.party]
        if not 1 <= watchers <= len(names):
            raise ValueError(Said("use.watchers_party", high=len(names), got=watchers))
        if hours and hours != watchers:
            raise ValueError(Said("use.shifts_k", count=hours, k=watchers))
        k = watchers
    else:
        slots = config.shift_slots()
        names = [s.name for s in slots]
        k = hours or len(names)
        if not names:
            raise ValueError(Said("use.no_watchers"))
        if k > len(config.party):
            raise ValueError(Said("use.shifts_party", count=k, party=len(config.party)))
        if k > len(names):
            raise ValueError(Said("use.shifts_watchers", count=k, watchers=len(names)))
    count = math.perm(len(names), k)
    if count > MAX_ROTAS:
        raise ValueError(Said("use.too_many_rotas", count=count, limit=MAX_ROTAS))
    return _within(list(dict.fromkeys(itertools.permutations(names, k))), names, k, constraints)


def _within(
    orders: list[tuple[str, ...]], names: Sequence[str], k: int, constraints: Constraints
) -> list[tuple[str, ...]]:
    """The orders that keep the pins and leave the excluded out; a name that is no
    watcher, a watch past K, or no rota left is refused by name."""
    given = [("--exclude", n) for n in constraints.exclude]
    given += [("--pin", n) for n, _ in constraints.pin]
    for option, name in given:
        if name not in names:
            from nightsim.config.model import suggest

            raise ValueError(
                Said(
                    "use.not_a_watcher",
                    option=option,
                    name=shown(name),
                    hint=suggest(name, names),
                    names=", ".join(dict.fromkeys(names)),
                )
            )
    for name, watch in constraints.pin:
        if not 1 <= watch <= k:
            raise ValueError(Said("use.pin_watch", name=name, watch=watch, k=k))
    kept = [
        o
        for o in orders
        if not set(o) & set(constraints.exclude) and all(o[w - 1] == n for n, w in constraints.pin)
    ]
    if not kept:
        raise ValueError(Said("use.no_rota_left"))
    return kept


def rota_config(
    config: Config, order: Sequence[str], watchers: int | None, hours: Sequence[float] = ()
) -> Config:
    """The config with the watch in `order`: with `hours` (--shifts) watches of those
    lengths; else with --watchers an even split (a plain rota); otherwise the configured
    shifts' lengths kept, in the new order of names."""
    if hours:
        watch: dict[str, Any] = {
            "shifts": [{"name": n, "hours": h} for n, h in zip(order, hours, strict=True)]
        }
    elif watchers is None and config.watch.shifts is not None:
        shifts = [
            {"name": name, "hours": s.hours}
            for name, s in zip(order, config.watch.shifts, strict=True)
        ]
        watch = {"shifts": shifts}
    else:
        watch = {"rota": list(order)}
    data = config.canonical()
    data["watch"] = watch
    return config_from_data(data)


def default_jobs() -> int:
    """The cores this process may run on (a container's share, not the host's)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1
