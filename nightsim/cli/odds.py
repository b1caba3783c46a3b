"""`nightsim odds`: the chances over many nights, and which watch rota is safest."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

if TYPE_CHECKING:
    from nightsim.measures import Measure

from nightsim.cli.common import (
    EXIT_OK,
    UsageError,
    add_config_args,
    config_from_args,
    fresh_seed,
    parse_seed,
    say,
    shown_seed,
)
from nightsim.cli.odds_grid import grid_plan, run_grid
from nightsim.cli.page import print_odds_page, print_rank_page, print_sweep_page
from nightsim.limits import MAX_INT_DIGITS, shown
from nightsim.told import Said, said_of

DEFAULT_NIGHTS = 10_000
MAX_NIGHTS = 100_000_000
MAX_JOBS = 256
MAX_NIGHTS_PER_JOURNEY = 10_000

EPILOG = """\
examples:
  nightsim odds                                  10,000 nights on the bundled default
  nightsim odds my.toml --nights 50000 --seed 7 --format json
  nightsim odds --set camp.terrain="thorny forest" --set party.Moss.con=3
  nightsim odds --nights-per-journey 7           week-long journeys, state carried over
  nightsim odds --rank-rotas                     every order of the configured watchers
  nightsim odds --rank-rotas --watchers 3        every 3 of the party, in every order
  nightsim odds --rank-rotas --watchers 2,3,4    one ranking per K, and the trade-off
  nightsim odds --rank-rotas --watchers 3 --pin Wren=1 --exclude Moss   Wren first, Moss asleep
  nightsim odds --compare party.Wren.con=14      the same nights with Wren's CON 14
  nightsim odds --sweep rules.rest_hours=6,7,8,9,10 --format html > sweep.html
  nightsim odds --grid camp.light_fire=true,false --grid camp.carried_firewood_hours=0,4,8
                                                 fire or not x how much wood, every pair
  nightsim odds --format csv > odds.csv          one table, for a spreadsheet
  nightsim odds diff before.json after.json      two saved JSON reports side by side
  nightsim odds --lang uk                        in Ukrainian (the text and the page)

Night i of a run with seed S is the night `nightsim run --seed "S/i"` tells; with journeys of
J nights, journey j is `nightsim run --seed "S/j" --nights J`. The result depends only on the
config, the seed and the number of nights, not on --jobs.
"""


class _SweepOnce(argparse.Action):
    """`--sweep` given once: a second would silently replace the first (one setting a
    sweep; two settings are a --grid)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        if getattr(namespace, self.dest, None) is not None:
            from nightsim.cli.argparse_words import spoken

            parser.error(spoken(Said("use.sweep_twice", option=option_string)))
        setattr(namespace, self.dest, values)


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "odds",
        help="Monte Carlo over many nights: the chances, with 95%% intervals",
        description="Simulate many nights with the same engine as `run` (no logging) and"
        " report the chance of an encounter, of the rota breaking, of the fire lasting, of"
        " nobody being awake when the monster comes, and per character of being surprised"
        " and of a full rest, each with a 95% Wilson interval; and the arrival hour and"
        " distance of the monsters.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_config_args(p)
    p.add_argument(
        "--nights",
        type=int,
        metavar="N",
        help=f"nights to simulate (default: {DEFAULT_NIGHTS:,}; with --rank-rotas, per rota,"
        " fewer when there are many rotas)",
    )
    p.add_argument(
        "--seed",
        metavar="S",
        help="a non-negative integer or any phrase; without it a fresh seed is printed",
    )
    p.add_argument(
        "--jobs",
        type=int,
        metavar="J",
        help="processes to split the nights over (default: the machine's cores)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="count the nights on a Dask cluster (tcp://HOST:PORT; the extra nightsim[dask]):"
        " the same report, byte for byte, as --jobs on this machine (docs/odds.md)",
    )
    p.add_argument(
        "--format",
        choices=("text", "json", "csv", "html"),
        default="text",
        help="text: tables; json: every estimate with its interval and counts, the version,"
        " config and command that produced it; csv: a row per character (a leading `party`"
        " row for the party's odds), per rota, per measure (--compare) or per measure and"
        " value (--sweep), each with its bounds, every row ending with what produced it;"
        " html: a self-contained web page with interval bars and charts (default: text)",
    )
    p.add_argument(
        "--nights-per-journey",
        type=int,
        default=1,
        metavar="K",
        help="simulate journeys of K nights in a row, the party's HP and exhaustion carried"
        " over (whole journeys: N is rounded up to a multiple of K)",
    )
    _add_compare_args(p)
    _add_rank_args(p)
    p.set_defaults(handler=run)


def _add_compare_args(p: argparse.ArgumentParser) -> None:
    """`--compare` (docs/odds.md) and `--lang`, the language of every text and page of odds."""
    p.add_argument(
        "--compare",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="compare with config B, the config (and --set) with these items on top:"
        " every measure's difference B - A over the same nights, with a paired 95%% interval;"
        " repeatable like --set",
    )
    p.add_argument(
        "--sweep",
        action=_SweepOnce,
        metavar="KEY=V1,V2,...",
        help="one setting over several values (TOML values, as --set takes them) on the same"
        " nights, each paired against the first: every measure at every value, with 95%%"
        " intervals (html: a chart of each measure against the setting)",
    )
    p.add_argument(
        "--grid",
        action="append",
        default=[],
        metavar="KEY=V1,V2,...",
        help="given twice, two settings at once (rows, then columns; values as --sweep takes"
        " them) on the same nights, every cell paired against the first cell (html: a heatmap"
        " per measure)",
    )
    p.add_argument(
        "--lang",
        choices=("en", "uk"),
        default="en",
        help="language of the text and the page: plain odds, journeys, --compare, --sweep,"
        " --grid and --rank-rotas (json and csv keep their keys in any language; default: en)",
    )


def _add_rank_args(p: argparse.ArgumentParser) -> None:
    """`--rank-rotas` and the options that only it reads."""
    p.add_argument(
        "--rank-rotas",
        action="store_true",
        help="try every order of the configured watchers over the same nights and rank them:"
        " someone awake when the monster comes, then full rests, then spells kept; each rota"
        " told against the best with a paired 95%% interval, ties with the best flagged",
    )
    p.add_argument(
        "--watchers",
        action="append",
        metavar="K",
        help="with --rank-rotas: every choice of K party members, in every order; several"
        " values (2,3,4 or the option repeated) rank each K and show the trade-off between"
        " safety and rest across them",
    )
    p.add_argument(
        "--top", type=int, default=10, metavar="T", help="with --rank-rotas: show the best T"
    )
    p.add_argument(
        "--shifts",
        metavar="HOURS,...",
        help="with --rank-rotas: the watches' lengths in hours, in order (3,2.5,2.5): every"
        " rota keeps them; as many watchers as lengths (with --watchers, K lengths)",
    )
    p.add_argument(
        "--pin",
        action="append",
        default=[],
        metavar="NAME=WATCH",
        help="with --rank-rotas: only the rotas with NAME on watch WATCH (numbered from 1);"
        " repeat for several",
    )
    p.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="NAME",
        help="with --rank-rotas: only the rotas in which NAME keeps no watch; repeat for several",
    )


def _range(option: str, low: int, high: int, got: object) -> Said:
    return Said("use.range", option=option, low=low, high=high, got=shown(got))


def _check(args: argparse.Namespace) -> None:
    if args.nights is not None and not 1 <= args.nights <= MAX_NIGHTS:
        raise UsageError(_range("--nights", 1, MAX_NIGHTS, args.nights))
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(_range("--jobs", 1, MAX_JOBS, args.jobs))
    if not 1 <= args.nights_per_journey <= MAX_NIGHTS_PER_JOURNEY:
        raise UsageError(
            _range("--nights-per-journey", 1, MAX_NIGHTS_PER_JOURNEY, args.nights_per_journey)
        )
    if not args.rank_rotas and (
        args.watchers is not None or args.top != 10 or args.pin or args.exclude or args.shifts
    ):
        raise UsageError(Said("use.rank_only"))
    args.constraints = _constraints(args.pin, args.exclude, args.shifts)
    if args.top < 1:
        raise UsageError(Said("use.at_least", option="--top", low=1, got=shown(args.top)))
    args.watchers = _watchers(args.watchers)
    asked = [
        o
        for o, on in (
            ("--compare", args.compare),
            ("--rank-rotas", args.rank_rotas),
            ("--sweep", args.sweep),
            ("--grid", args.grid),
        )
        if on
    ]
    if len(asked) > 1:
        raise UsageError(Said("use.one_question", options=", ".join(asked), count=len(asked)))
    _check_compare_keys(args.compare)
    if args.format == "html" and len(args.watchers or ()) > 1:
        raise UsageError(Said("use.html_one_ranking"))
    if args.shifts and len(args.watchers or ()) > 1:
        raise UsageError(Said("use.shifts_one_k", shifts=shown(args.shifts)))


def _check_compare_keys(items: list[str]) -> None:
    """The same key twice in --compare would keep the last value while the report names
    both: refused, naming the key."""
    seen: dict[str, str] = {}
    for item in items:
        key = item.partition("=")[0].strip()
        if key in seen:
            raise UsageError(
                Said("use.compare_twice", item=shown(item), name=shown(key), other=shown(seen[key]))
            )
        seen[key] = item


def _constraints(pins: list[str], excluded: list[str], shifts: str | None) -> Any:
    """--pin, --exclude and --shifts as the ranking's constraints (stats/odds.py)."""
    from nightsim.stats.odds import constraints_of

    try:
        return constraints_of(pins, excluded, shifts)
    except ValueError as exc:
        raise UsageError(said_of(exc)) from None


def _watchers(items: list[str] | None) -> list[int] | None:
    """--watchers 2,3,4 or --watchers 2 --watchers 3: the Ks in the order given, once each."""
    if items is None:
        return None
    out: list[int] = []
    for item in items:
        for part in item.split(","):
            # A number of thousands of digits is no K either (Python refuses to convert it).
            if not part.strip().isdigit() or len(part.strip()) > MAX_INT_DIGITS:
                raise UsageError(Said("use.watchers_form", got=shown(item)))
            if int(part) not in out:
                out.append(int(part))
    return out


@contextmanager
def _progress(total: int, label: str, lang: str = "en") -> Iterator[Callable[[int], None] | None]:
    """A rich progress bar on stderr when stderr is a terminal, updated per chunk; `label`
    (a message by code) in `lang`.

    Refreshed by hand (no refresh thread), so that worker processes can be forked safely.
    """
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        auto_refresh=False,
        transient=True,
    )
    from nightsim.told import in_lang

    task = bar.add_task(in_lang(label, lang), total=total)

    def advance(n: int) -> None:
        bar.advance(task, n)
        bar.refresh()

    with bar:
        yield advance


def run(args: argparse.Namespace) -> int:
    """The report, its nights counted here (--jobs) or on a Dask cluster (--scheduler)."""
    from nightsim.stats import cluster

    if args.scheduler is None:
        return _report(args)
    try:
        address = cluster.check_address(args.scheduler)
    except cluster.ClusterUnavailable as exc:
        raise UsageError(said_of(exc)) from None
    if args.jobs is None:  # chunks for every thread of the cluster (the counts are sums)
        args.jobs = min(MAX_JOBS, cluster.threads(address))
    with cluster.on_cluster(address):
        return _report(args)


def _report(args: argparse.Namespace) -> int:
    from nightsim import reports
    from nightsim.stats import odds as odds_mod

    _check(args)
    config, _ = config_from_args(args.config, args.set)
    seed = parse_seed(args.seed) if args.seed is not None else fresh_seed()
    jobs = args.jobs if args.jobs is not None else odds_mod.default_jobs()
    per = args.nights_per_journey
    # Every usage check before the fresh seed is told: a mistake prints only its error.
    plan = _rank_plan(args, config) if args.rank_rotas else None
    other = None
    if args.compare:
        from nightsim.cli.paired_out import config_b

        other = config_b(args)
    swept = _sweep_plan(args, config) if args.sweep else None
    axes = grid_plan(args, config) if args.grid else None
    if args.seed is None:
        # Before the nights, with the flags that repeat them: a stop or a failure still tells
        # it, and the end does not tell it again (`_told_seed`).
        nights = plan[2] if plan is not None else args.nights or DEFAULT_NIGHTS
        covered = odds_mod.journeys_for(nights, per) * per
        say(args, "status.odds_seed", seed=shown_seed(seed), flags=_repeat(seed, covered, per))
    if plan is not None:
        return _rank(args, config, seed, jobs, per, plan)
    if other is not None:
        from nightsim.cli.paired_out import run_compare

        return run_compare(args, config, other, seed, jobs, per)
    if swept is not None:
        return _sweep(args, config, seed, jobs, per, swept)
    if axes is not None:
        return run_grid(args, config, seed, jobs, per, axes)
    nights = args.nights if args.nights is not None else DEFAULT_NIGHTS
    units = odds_mod.journeys_for(nights, per)
    with _progress(units * per, Said("progress.nights"), args.lang) as progress:
        typed = reports.odds(
            config, seed, nights, nights_per_journey=per, jobs=jobs, progress=progress
        )
    result: dict[str, Any] = with_produced(dict(typed), args, config, seed)
    return tell_report(
        args, result, seed, per, ReportOutputs(odds_table, print_odds_page, _print_odds)
    )


T = TypeVar("T")


def planned(option: str, make: Callable[[], T]) -> T:
    """`make()`, which reads an option's values and makes each config (--sweep, --grid); a
    mistake is a UsageError before a night runs, blamed on `option` where the config's
    words blame `--set`."""
    from nightsim.config import ConfigError

    try:
        return make()
    except ConfigError as exc:
        said = said_of(exc)
        if not isinstance(said, Said):  # a mistake of the option's values, told as its own
            said = str(said).replace("--set ", f"{option} ", 1)
        raise UsageError(said) from None


def _sweep_plan(args: argparse.Namespace, config: Any) -> tuple[str, list[str]]:
    """The key and values of --sweep, each value's config made (and refused, naming the
    item) before a night runs."""
    from nightsim.stats.sweep import split_sweep, sweep_configs

    def make() -> tuple[str, list[str]]:
        key, values = split_sweep(args.sweep)
        sweep_configs(config, key, values)
        return key, values

    return planned("--sweep", make)


def _sweep(
    args: argparse.Namespace,
    config: Any,
    seed: int | str,
    jobs: int,
    per: int,
    swept: tuple[str, list[str]],
) -> int:
    from nightsim import reports
    from nightsim.stats import odds as odds_mod

    key, values = swept
    nights = args.nights if args.nights is not None else DEFAULT_NIGHTS
    units = odds_mod.journeys_for(nights, per)
    label = Said("progress.values", count=len(values))
    with _progress(units * per * len(values), label, args.lang) as progress:
        typed = reports.sweep(
            config,
            key,
            values,
            seed,
            nights,
            nights_per_journey=per,
            jobs=jobs,
            progress=progress,
        )
    report = with_produced(dict(typed), args, config, seed)
    text = rendered("nightsim.narration.sweep", "render_sweep")
    return tell_report(args, report, seed, per, ReportOutputs(sweep_table, print_sweep_page, text))


def sweep_table(r: dict[str, Any]) -> tuple[list[str], list[Row]]:
    """`odds --sweep --format csv`: a row per measure (and character) and value: the
    estimate with its bounds and counts, then the difference from the first value with its
    bounds and `clear`, `paired`, `identical` (empty on the first value's rows)."""
    header = ["measure", "character", "creature", "setting", "value", "p", "low", "high", "k", "n"]
    header += ["diff", "diff_low", "diff_high", "clear", "paired", "identical"]
    rows: list[Row] = []
    for m in r["measures"]:
        for point in m["points"]:
            rows.append(against_first_row(m, [r["setting"], point["value"]], point))
    return header, rows


def against_first_row(measure: Mapping[str, Any], where: Row, cell: Mapping[str, Any]) -> Row:
    """A CSV row of a sweep's or grid's cell: the measure, `where` (its settings' values),
    the estimate and its counts, the difference from the first (blank on the first's)."""
    est, vs = cell["estimate"], cell["vs_first"]
    out: Row = [measure["measure"], measure["character"] or "", measure.get("creature") or ""]
    out += where
    out += [_blank(est[k]) for k in ("p", "low", "high", "k", "n")]
    keys = ("diff", "low", "high", "clear", "paired", "identical")
    return out + ([""] * 6 if vs is None else [_blank(vs[k]) for k in keys])


def _blank(value: object) -> object:
    return "" if value is None else value


def _rank_plan(args: argparse.Namespace, config: Any) -> tuple[list[int | None], list[int], int]:
    """The Ks to rank, the count of rotas of each, and the nights each: every usage error of
    `--rank-rotas` (too many rotas, too many nights) raised before a night runs."""
    from nightsim.stats import odds as odds_mod

    ks: list[int | None] = list(args.watchers) if args.watchers else [None]
    try:
        orders = [odds_mod.rota_orders(config, k, args.constraints) for k in ks]
    except ValueError as exc:
        raise UsageError(said_of(exc)) from None
    counts = [len(o) for o in orders]
    if args.constraints.hours:  # the lengths make a valid watch, or are refused by name
        from nightsim.config import ConfigError

        try:
            odds_mod.rota_config(config, orders[0][0], ks[0], args.constraints.hours)
        except ConfigError as exc:
            problem, shifts = said_of(exc), shown(args.shifts)
            if isinstance(problem, Said) and problem.code == "cfg.shifts_total":
                # The lengths given, not the config's watch.shifts: the user typed no such key.
                said = Said("use.shifts_total", shifts=shifts, **problem.fields)
                raise UsageError(said) from None
            raise UsageError(Said("use.shifts_bad", shifts=shifts, problem=problem)) from None

    nights: int | None = args.nights
    if nights is None:
        # Many rotas: fewer nights each, so that the whole ranking stays minutes, not hours.
        nights = min(DEFAULT_NIGHTS, max(1, odds_mod.MAX_RANK_NIGHTS // max(counts)))
        if nights < DEFAULT_NIGHTS:
            say(args, "status.rank_nights", rotas=max(counts), nights=nights)
    try:
        odds_mod.check_rank_nights(max(counts), nights)
    except ValueError as exc:
        raise UsageError(said_of(exc)) from None
    return ks, counts, nights


def _rank(
    args: argparse.Namespace,
    config: Any,
    seed: int | str,
    jobs: int,
    per: int,
    plan: tuple[list[int | None], list[int], int],
) -> int:
    from nightsim.stats import odds as odds_mod
    from nightsim.stats import rank as rank_mod

    ks, counts, nights = plan
    units = odds_mod.journeys_for(nights, per)
    label = Said("progress.rotas", count=sum(counts))
    with _progress(units * per * sum(counts), label, args.lang) as progress:
        try:
            rankings = [
                rank_mod.rank_rotas(
                    config,
                    seed,
                    nights,
                    watchers=k,
                    per_journey=per,
                    jobs=jobs,
                    progress=progress,
                    constraints=args.constraints,
                )
                for k in ks
            ]
        except ValueError as exc:
            raise UsageError(said_of(exc)) from None
    if len(ks) == 1:
        report = rank_mod.rank_report(
            rankings[0], seed, nights, args.top, config, ks[0], args.constraints
        )
    else:
        pairs = [(k, rows) for k, rows in zip(args.watchers, rankings, strict=True)]
        report = rank_mod.rank_many_report(pairs, seed, nights, args.top, config, args.constraints)
    report = with_produced(report, args, config, seed)
    text = rendered("nightsim.narration.rank", "render_rank")
    return tell_report(args, report, seed, per, ReportOutputs(rank_table, print_rank_page, text))


class ReportOutputs(NamedTuple):
    """How a planner's report is told besides JSON: its CSV table, the page's printer (one
    of nightsim/cli/page.py's, which imports the page itself only when it is asked for) and
    its text."""

    table: Callable[[dict[str, Any]], tuple[list[str], list[Row]]]
    page: Callable[[Mapping[str, Any], str], None]
    text: Callable[[dict[str, Any], str], None]


def tell_report(
    args: argparse.Namespace, report: dict[str, Any], seed: int | str, per: int, told: ReportOutputs
) -> int:
    """The report in `--format` (the text and the CSV end with what produced it), then the
    seed and the command that repeats it, on stderr."""
    if args.format == "json":
        _print_json(report, _command(args, seed, report["nights"], per))
    elif args.format == "csv":
        _write_csv(*told.table(report), produced=report["produced_by"])
    elif args.format == "html":
        told.page(report, args.lang)
    else:
        told.text(report, args.lang)
        print_produced(report, args.lang)
    _told_seed(args, seed, report["nights"], per)
    return EXIT_OK


def _told_seed(args: argparse.Namespace, seed: int | str, nights: int, per: int) -> None:
    """The seed and the flags that repeat the report, last on stderr; a fresh seed was told
    before the nights, with the same flags, and is not told twice."""
    if args.seed is not None:
        say(args, "status.odds_seed", seed=shown_seed(seed), flags=_repeat(seed, nights, per))


def rendered(module: str, name: str) -> Callable[[dict[str, Any], str], None]:
    """The text of a report rendered by `module.name(report, lang, table=...)`: a table on a
    terminal, plain lines (not cut to the width) when piped."""

    def text(report: dict[str, Any], lang: str) -> None:
        render = getattr(importlib.import_module(module), name)
        con = _console()
        con.print(render(report, lang, table=con.is_terminal), soft_wrap=not con.is_terminal)

    return text


def _repeat(seed: int | str, nights: int, per: int) -> str:
    """The flags that give the same nights again: journeys of `per` nights are other nights
    than single ones (journey j is run --seed "S/j" --nights per)."""
    flags = f"--seed {shown(_quote(seed), quote=False)} --nights {nights}"
    return flags + (f" --nights-per-journey {per}" if per > 1 else "")


def _quote(seed: int | str) -> str:
    import shlex

    return shlex.quote(str(seed))


# --- json ---------------------------------------------------------------------------------


def _command(args: argparse.Namespace, seed: int | str, nights: int, per: int) -> list[str]:
    """The argv that gives this JSON again, byte for byte (docs/odds.md, "What produced a
    report"): the options that change the result, with the seed and nights actually used (a
    fresh seed, a default N, N rounded up to whole journeys) and never --jobs, which does
    not change it. Run from the same directory: the config is named as it was given (its
    hash, beside it, tells whether the file still holds the same config)."""
    argv = ["nightsim", "odds"]
    if args.config is not None:
        # A path that starts with "-" would be read back as an option.
        argv.append(f"./{args.config}" if args.config.startswith("-") else args.config)
    for item in args.set:
        argv += ["--set", item]
    # "--seed=S": a phrase that starts with "-" is not taken for an option.
    text = str(seed)
    argv += [f"--seed={text}"] if text.startswith("-") else ["--seed", text]
    argv += ["--nights", str(nights)]
    if per > 1:
        argv += ["--nights-per-journey", str(per)]
    for item in args.compare:
        argv += ["--compare", item]
    if args.sweep:
        argv += ["--sweep", args.sweep]
    for item in args.grid:
        argv += ["--grid", item]
    if args.rank_rotas:
        argv.append("--rank-rotas")
        if args.watchers:
            argv += ["--watchers", ",".join(str(k) for k in args.watchers)]
        for name, watch in args.constraints.pin:
            argv += ["--pin", f"{name}={watch}"]
        for name in args.constraints.exclude:
            argv += ["--exclude", name]
        if args.shifts:
            argv += ["--shifts", args.shifts]
        argv += ["--top", str(args.top)]
    return [*argv, "--format", "json"]


def _print_json(report: dict[str, Any], command: list[str]) -> None:
    """The report with `command` after `nightsim`, its first key, then `produced_by`."""
    first, *rest = ((k, v) for k, v in report.items() if k != "produced_by")
    produced = [("produced_by", report["produced_by"])] if "produced_by" in report else []
    out = dict([first, ("command", command), *produced, *rest])
    print(json.dumps(out, indent=2, ensure_ascii=False))


def with_produced(
    report: dict[str, Any], args: argparse.Namespace, config: Any, seed: int | str
) -> dict[str, Any]:
    """The report with what produced it (`narration/produced.py`): the config as given (and
    the SHA-256 of config A, the one `--set` made), the `--set` items, seed, nights."""
    from nightsim.narration.produced import produced
    from nightsim.stats.odds import config_sha256

    path = args.config
    if path is not None and path.startswith("-"):
        path = f"./{path}"  # as `command` names it (a path read back as an option otherwise)
    made = produced(path, config_sha256(config), args.set, seed, report["nights"])
    return report | {"produced_by": made}


def print_produced(report: dict[str, Any], lang: str) -> None:
    """The text's last line: what produced it."""
    from rich.text import Text

    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.produced import produced_by

    line = produced_by(Catalogue(lang), report["produced_by"])
    console = _console()
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        # Piped, it is one line of its own, whole: a file or `grep "Produced by"` gets the
        # hash and the seed on the same line, not cut at the 80 columns rich assumes (a
        # width asked for with COLUMNS is kept, as the tables keep it).
        console.file.write(line + "\n")
        return
    # Wrapped here, each line's end trimmed: a break before the 64-digit hash would leave a
    # trailing space, which a diff of two saved reports (or docs/odds.md's blocks) trips on.
    for part in Text(line).wrap(console, console.width):
        part.rstrip()
        console.print(part)


# --- csv ----------------------------------------------------------------------------------

Row = list[object]


def _columns(measures: Sequence[Measure[Any]]) -> list[str]:
    return [c for m in measures for c in m.columns]


def _cells(est: dict[str, Any] | None) -> Row:
    """An estimate's p, low and high, as the JSON has them; empty cells for no estimate
    (no cases, or a measure that is not this row's)."""
    if est is None:
        return ["", "", ""]
    return [est["p"], est["low"], est["high"]]


def odds_table(r: dict[str, Any]) -> tuple[list[str], list[Row]]:
    """`odds --format csv`: one table a spreadsheet reads whole. A leading row of `level`
    `party` holds the party's odds, in their own columns; then a row per character (level
    `character`), the characters' columns filled. `spell_lost` is empty for non-casters.
    Then what comes: a row per table (level `table`, named by its code) and per creature
    (level `creature`), its chance a night in the `comes` columns."""
    from nightsim.measures import CHARACTER, CREATURE, PARTY, TABLES, table_key

    pr = r["probabilities"]
    header = ["level", "name", *_columns(PARTY), *_columns(CHARACTER), *COMES_COLUMNS]
    blank_party = _cells(None) * len(PARTY)
    blank_characters = _cells(None) * len(CHARACTER)
    rows: list[Row] = [
        [
            "party",
            "",
            *(c for m in PARTY for c in _cells(pr[m.key])),
            *blank_characters,
            *_cells(None),
        ]
    ]
    for name in pr[CHARACTER[0].key]:
        cells = [c for m in CHARACTER for c in _cells(pr[m.key].get(name))]
        rows.append(["character", name, *blank_party, *cells, *_cells(None)])
    comes = [("table", t, pr[table_key(t)]) for t in TABLES]
    comes += [(CREATURE, name, est) for name, est in pr[CREATURE].items()]
    for level, name, est in comes:
        rows.append([level, name, *blank_party, *blank_characters, *_cells(est)])
    return header, rows


COMES_COLUMNS = ("comes", "comes_low", "comes_high")


def rank_table(r: dict[str, Any]) -> tuple[list[str], list[Row]]:
    """`odds --rank-rotas --format csv`: a row per rota shown, best first; its watchers in
    `watch_1`…`watch_K` (first watch first), then each measure with its bounds, then its
    paired difference from the best on safety and on rest with their bounds (empty for
    the best), `tied_with_best`, and `watchers` (K; empty for the configured watchers).
    With several --watchers, every ranking's rows, one after another. Then what comes on
    the ranking's nights (its best rota's; `comes_same`: the same on every rota): each
    table's chance a night (`table_<code>` and bounds) and each creature's
    (`creature:<name>` and bounds)."""
    from nightsim.measures import CREATURE, ROTA, TABLE_KEYS

    vs_best = [m.key for m in ROTA if m.against_best]
    parts = r.get("rankings", [r])
    width = max((len(row["rota"]) for p in parts for row in p["top"]), default=0)
    header = [
        "rank",
        *(f"watch_{i}" for i in range(1, width + 1)),
        *_columns(ROTA),
        *(f"vs_best_{c}" for m in ROTA if m.against_best for c in m.columns),
        "tied_with_best",
        "watchers",
    ]
    creatures = list(
        dict.fromkeys(n for p in parts for n in (p.get("comes") or {CREATURE: {}})[CREATURE])
    )
    header += [c for key in TABLE_KEYS for c in (key, f"{key}_low", f"{key}_high")]
    header += [
        c for n in creatures for c in (f"creature:{n}", f"creature:{n}_low", f"creature:{n}_high")
    ]
    header.append("comes_same")
    rows: list[Row] = []
    for part in parts:
        k = part["watchers"]
        comes = part.get("comes") or {CREATURE: {}}
        tail = [c for key in TABLE_KEYS for c in _cells(comes.get(key))]
        tail += [c for n in creatures for c in _cells(comes[CREATURE].get(n))]
        tail.append(part.get("comes_same", ""))
        for row in part["top"]:
            watchers = row["rota"] + [""] * (width - len(row["rota"]))
            vs = row["vs_best"] or {}
            rows.append(
                [
                    row["rank"],
                    *watchers,
                    *(c for m in ROTA for c in _cells(row[m.key])),
                    *(c for key in vs_best for c in _diff_cells(vs.get(key))),
                    "" if row["tied_with_best"] is None else row["tied_with_best"],
                    "" if k is None else k,
                    *tail,
                ]
            )
    return header, rows


def _diff_cells(d: dict[str, Any] | None) -> Row:
    if d is None or d["diff"] is None:
        return ["", "", ""]
    return [d["diff"], d["low"], d["high"]]


# A spreadsheet runs a cell that starts with one of these as a formula (`=HYPERLINK(…)`,
# `=cmd|' /C calc'!A0`, `@SUM(1,1)`, `+1+1`); tab and CR are read past to the next character.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet reads as text, never as a formula: a string that starts like
    one gets a leading `'` (OWASP's CSV injection advice), unless it is a number (`-0.05`,
    and a name such as `-2`, which a spreadsheet reads as that number and nothing more).
    Numbers go out as Python writes them, so a cell reads back as the JSON's float."""
    if not isinstance(value, str) or not value.startswith(_FORMULA_STARTS):
        return value
    return value if _NUMBER.fullmatch(value) else "'" + value


def _write_csv(
    header: list[str], rows: list[Row], *, produced: dict[str, Any] | None = None
) -> None:
    """Every CSV nightsim writes (`odds --format csv`: plain, journeys, --compare,
    --rank-rotas, --sweep) goes out here, each cell through `csv_cell`: names come from a
    config. Every row ends with the same columns, what produced the report
    (`narration/produced.COLUMNS`), so each kind's table names its config and seed."""
    import csv

    if produced is not None:
        from nightsim.narration.produced import COLUMNS, csv_cells

        header = [*header, *COLUMNS]
        rows = [[*row, *csv_cells(produced)] for row in rows]
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow([csv_cell(c) for c in header])
    out.writerows([csv_cell(c) for c in row] for row in rows)


# --- text ---------------------------------------------------------------------------------


def _console() -> Any:
    # The narration's stdout console: a reader that went away (`| head`) exits 0, not 1.
    from nightsim.cli.render import make_console

    return make_console()


def _print_odds(r: dict[str, Any], lang: str) -> None:
    """The tables in `lang`, the measures' words from the catalogue (`measures`, `measure.*`)."""
    from nightsim.narration.odds import render_odds

    con = _console()
    for table in render_odds(r, lang):
        con.print(table)
