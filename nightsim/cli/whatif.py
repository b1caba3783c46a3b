"""`nightsim whatif LOG --set KEY=VALUE…`: the logged night again, one thing changed.

The log is verified first, exactly as `nightsim verify` does it: a log that does not verify
gets verify's message and exit code and no answer, so nobody argues "what if" from a
doctored night. Then the night is run again from the header's config with the `--set`
items applied, on the same seed, and the two are told side by side (`nightsim.log.whatif` for
the facts, `narration/whatif.py` for the words, `page/whatif.py` for the page).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nightsim.cli.common import EXIT_OK, EXIT_OLDER_FORMAT, UsageError, error
from nightsim.cli.replay import fail, lines_of, open_log
from nightsim.errors import LogError
from nightsim.limits import shown
from nightsim.told import Said, said_of
from nightsim.view import REFEREE, VIEWS, without_tables

if TYPE_CHECKING:
    from nightsim.log.whatif import Comparison

EPILOG = """\
examples:
  nightsim run --seed 78 --log night.jsonl
  nightsim whatif night.jsonl --set 'watch.rota=["Wren","Sir Aldric","Sister Ysolde","Moss"]'
  nightsim whatif night.jsonl --set party.Moss.con=9 --format json
  nightsim whatif journey.jsonl --set camp.season=winter            each night, in a table
  nightsim whatif journey.jsonl --set camp.season=winter --night 2  night 2 side by side
  nightsim whatif night.jsonl --set rules.fall_asleep_on_watch=false --format html > w.html

--set takes exactly what `run --set` takes (a dotted key, a TOML value); a list is TOML's:
'watch.rota=["Wren","Sir Aldric","Sister Ysolde","Moss"]' (quoted for the shell).

exit codes: 0 answered; 1 the log does not verify (edited, forged, cut short, broken: verify's
verdict, NOT GENUINE and each difference in words, no answer); 2 not a log, a --set item
the log's config cannot take (the item is named), --night out of range; 3 a log this
nightsim does not re-simulate (format 1, a rules edition it does not play, what a later
release added: the message says which release does)
"""


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "whatif",
        help="verify a log, then tell its night again with one thing changed, side by side",
        description="Verify a log as `verify` does; then re-simulate its night (or journey)"
        " from the header's config with the --set items applied, on the same seed, and tell"
        " the two side by side: where they first part, the encounter in each, each"
        " character at dawn.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("log", metavar="LOG", help="a nightsim log (JSON Lines)")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="the change: a config key as `run --set` takes it (dotted path, TOML value:"
        " camp.season=winter, party.Wren.con=9); repeatable; at least one",
    )
    p.add_argument(
        "--night",
        type=int,
        metavar="K",
        help="a journey: tell night K side by side (default: a table of every night)",
    )
    p.add_argument(
        "--nights",
        type=int,
        metavar="N",
        help="instead of the one night, the paired odds of the change: the log's config"
        " against the changed one over the same N nights (or journeys as long as the log's),"
        " seeded from the log's seed as `odds` seeds them (text or json)",
    )
    p.add_argument(
        "--jobs",
        type=int,
        metavar="J",
        help="with --nights: processes to split the nights over (default: the machine's cores)",
    )
    _add_output(p)
    p.set_defaults(handler=run)


def _add_output(p: argparse.ArgumentParser) -> None:
    """How the answer is shown: format, language, the evidence, the view."""
    p.add_argument(
        "--format",
        choices=("text", "json", "html"),
        default="text",
        help="text: the two nights side by side; json: the same as data (docs/disputes.md,"
        ' "What if"); html: a self-contained side-by-side page (default: text)',
    )
    p.add_argument(
        "--lang", choices=("en", "uk"), default="en", help="text and html language (default: en)"
    )
    p.add_argument(
        "--details",
        action="store_true",
        help="a log that does not verify: after the verdict, the differing lines whole, as"
        " `verify --details` shows them",
    )
    p.add_argument(
        "--view",
        choices=VIEWS,
        default=REFEREE,
        help="referee: everything (default); players: only what the characters know, no seed"
        " and no roll behind the screen, in either night",
    )


class _Header:
    """Keeps the log's first line as it streams past verify: the header, once verified, is
    the config, seed and dice the night is run again from."""

    def __init__(self) -> None:
        self.text: bytes | str | None = None

    def kept(self, lines: Iterator[bytes]) -> Iterator[bytes]:
        for line in lines:
            if self.text is None:
                self.text = line
            yield line

    def data(self) -> dict[str, Any]:
        assert self.text is not None  # verify has read (and checked) the header
        data: dict[str, Any] = json.loads(self.text)
        return data


def _night(args: argparse.Namespace, nights: int) -> int | None:
    night: int | None = args.night
    if night is not None and not 1 <= night <= nights:
        of = Said("use.night_one") if nights == 1 else Said("use.night_of", nights=nights)
        raise UsageError(Said("use.night_range", night=shown(night), of=of))
    return night


def _side_by_side(args: argparse.Namespace, header: dict[str, Any], head: str | None) -> Comparison:
    """The logged night and the changed one (the log verified), compared."""
    from nightsim.errors import ConfigError
    from nightsim.log.whatif import from_header

    night = _night(args, header["nights"])
    try:
        return from_header(header, args.set, head=head, night=night, view=args.view)
    except ConfigError as exc:
        raise UsageError(said_of(exc)) from None


def run(args: argparse.Namespace) -> int:
    from nightsim.cli.verify import not_resimulated, refused, unknown_dice
    from nightsim.errors import UnknownDice
    from nightsim.log.verify import verify_lines

    if not args.set:
        raise UsageError(Said("use.whatif_change"))
    _check_odds_options(args)
    path = Path(args.log)
    header = _Header()
    try:
        with open_log(path) as fh:
            verdict = verify_lines(header.kept(lines_of(fh, path)))
    except LogError as exc:
        return fail(path, exc, args.lang)
    except UnknownDice as exc:
        raise unknown_dice(path, exc) from None
    elsewhere = not_resimulated(verdict, args.log, args.lang)
    if elsewhere is not None:
        from nightsim.narration.catalogue import Catalogue

        said = Catalogue(args.lang)("elsewhere.whatif", path=shown(path), why=elsewhere)
        error(said, args.lang)
        return EXIT_OLDER_FORMAT
    # The verdict is whatif's answer then: on stdout as text; beside a JSON or HTML answer
    # (likely redirected to a file) on stderr, where the player sees it.
    out = sys.stdout if args.format == "text" else sys.stderr
    code = refused(path, verdict, lang=args.lang, out=out, with_details=args.details)
    if code is not None:
        return code
    if args.nights is not None:
        return _paired_odds(args, header.data())
    comparison = _side_by_side(args, header.data(), verdict.head)
    _print(comparison, args)
    return EXIT_OK


def _check_odds_options(args: argparse.Namespace) -> None:
    from nightsim.cli.odds import MAX_JOBS, MAX_NIGHTS

    if args.nights is None:
        if args.jobs is not None:
            raise UsageError(Said("use.jobs_nights"))
        return
    # The same bounds and words as `odds --nights`.
    if not 1 <= args.nights <= MAX_NIGHTS:
        raise UsageError(
            Said("use.range", option="--nights", low=1, high=MAX_NIGHTS, got=shown(args.nights))
        )
    if args.night is not None:
        raise UsageError(Said("use.night_or_nights"))
    if args.format == "html":
        raise UsageError(Said("use.odds_not_html"))
    if args.view != REFEREE:
        # The odds are the referee's planning: they name the log's seed, its config (the
        # encounter chance) and how often a monster comes, all behind the screen (docs/table.md).
        raise UsageError(Said("use.odds_referee"))
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(
            Said("use.range", option="--jobs", low=1, high=MAX_JOBS, got=shown(args.jobs))
        )


def _paired_odds(args: argparse.Namespace, header: dict[str, Any]) -> int:
    """`--nights N`: the log's config (A) against the changed one (B) over the same nights,
    night i seeded "{log seed}/{i}" as `odds --seed` seeds it; a journey log compares
    journeys of as many nights as it holds."""
    from nightsim.cli.odds import _console, _progress
    from nightsim.config import config_from_data, header_config, with_overrides
    from nightsim.errors import ConfigError
    from nightsim.narration.paired import render_compare
    from nightsim.stats import odds as odds_mod
    from nightsim.stats.two_configs import compare_configs as paired

    raw = header_config(header["config"])[0]
    try:
        changed = with_overrides(raw, args.set, source="the log's config")
    except ConfigError as exc:
        raise UsageError(said_of(exc)) from None
    seed, per = header["seed"], header["nights"]
    jobs = args.jobs if args.jobs is not None else odds_mod.default_jobs()
    units = odds_mod.journeys_for(args.nights, per)
    with _progress(units * per * 2, Said("progress.whatif"), args.lang) as progress:
        report = paired(
            config_from_data(raw),
            changed,
            seed,
            args.nights,
            per_journey=per,
            jobs=jobs,
            progress=progress,
            changes=args.set,
        )
    if args.format == "json":
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    con = _console()
    con.print(
        render_compare(report, args.lang, table=con.is_terminal), soft_wrap=not con.is_terminal
    )
    return EXIT_OK


def _print(c: Comparison, args: argparse.Namespace) -> None:
    if args.format == "json":
        from nightsim.log.whatif import to_json

        data = to_json(c) if args.view == REFEREE else without_tables(to_json(c))
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return
    from nightsim.narration import Catalogue
    from nightsim.narration.whatif import words

    told = words(c, Catalogue(args.lang, view=args.view))
    if args.format == "html":
        from nightsim.cli.page import print_whatif_page

        print_whatif_page(told)
        return
    from nightsim.cli.render import make_console
    from nightsim.narration.whatif import render
    from nightsim.narration.widgets import plain_text

    out = make_console()
    if out.is_terminal:
        out.print(render(told))
    else:
        out.out(plain_text(out, render(told)), highlight=False)
