"""`nightsim odds diff A.json B.json`: two saved `odds` reports side by side, B against A,
unpaired (nightsim/stats/report_diff.py; docs/odds.md, "Two saved reports")."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from nightsim.cli.common import EXIT_OK, UsageError
from nightsim.errors import ConfigError, read_input
from nightsim.limits import shown
from nightsim.told import Said, said_of

MAX_REPORT_BYTES = 64 * 1024 * 1024  # a report of every rota and night is far smaller


def parser(make: Any) -> argparse.ArgumentParser:
    """`nightsim odds diff`'s own parser (`make`: the CLI's parser class, one-line errors):
    the words after `odds diff` are its, not `odds`'s."""
    p: argparse.ArgumentParser = make(
        prog="nightsim odds diff",
        description="Two saved odds reports (--format json) side by side: each chance of"
        " both, and B - A with its 95% interval, unpaired (a report keeps its chances, not"
        " its nights).",
    )
    add_arguments(p)
    p.set_defaults(handler=run)
    return p


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("a", metavar="A", help="a saved report: nightsim odds … --format json > A")
    p.add_argument("b", metavar="B", help="another, to put beside A (B - A)")
    p.add_argument(
        "--force",
        action="store_true",
        help="compare reports of different questions (another party, other measures, another"
        " rest period): the measures both hold",
    )
    p.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format (default: text)"
    )
    p.add_argument(
        "--lang", choices=("en", "uk"), default="en", help="output language (default: en)"
    )


def _read(path: str) -> Any:
    where = shown(path, quote=False)
    data = read_input(Path(path), "a JSON report", UsageError, limit=MAX_REPORT_BYTES)
    try:
        return json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        raise UsageError(Said("diff.not_json", file=where)) from None


def run(args: argparse.Namespace) -> int:
    from nightsim.stats.report_diff import check_report, report_diff

    names = (shown(args.a, quote=False), shown(args.b, quote=False))
    try:
        a = check_report(names[0], _read(args.a))
        b = check_report(names[1], _read(args.b))
        diff = report_diff(a, b, names, force=args.force)
    except ConfigError as exc:
        raise UsageError(said_of(exc)) from None
    if args.format == "json":
        sys.stdout.write(json.dumps(diff, ensure_ascii=False, indent=1) + "\n")
    else:
        from nightsim.narration.report_diff import render_diff

        sys.stdout.write(render_diff(diff, args.lang))
    return EXIT_OK
