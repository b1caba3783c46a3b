"""`--sink URL`'s options, apart from the sink (nightsim/cli/sink.py): every `run` builds
its parser, and the sink's HTTP client and CloudEvents encoder load only when asked for."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from nightsim.cli.common import UsageError
from nightsim.limits import shown
from nightsim.told import Said

if TYPE_CHECKING:
    from nightsim.cli.sink import Sink

MODES = ("structured", "binary", "batch")
DEFAULT_DRAIN_SECONDS = 10.0
MAX_DRAIN_SECONDS = 3600.0


def add_sink_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--sink",
        metavar="URL",
        help="also POST each event to this CloudEvents HTTP endpoint (http:// or https://),"
        " from the background: a slow or failing sink never slows or fails the night",
    )
    p.add_argument(
        "--sink-mode",
        choices=MODES,
        default="structured",
        help="structured: one event per POST, as --format cloudevents prints it; binary: the"
        " event's attributes as ce-* headers and its data as the body; batch: one POST per"
        " night, as --format cloudevents-batch prints it (default: structured)",
    )
    p.add_argument(
        "--sink-timeout",
        type=float,
        default=DEFAULT_DRAIN_SECONDS,
        metavar="SECONDS",
        help="at the end, how long to wait for the sink to take what is still queued"
        f" (default: {DEFAULT_DRAIN_SECONDS:g})",
    )


def sink_from_args(args: argparse.Namespace) -> Sink | None:
    """The sink `--sink` asks for, or None; bad input is a UsageError (exit 2) before
    anything is written."""
    if args.sink is None:
        return None
    from nightsim.cli.sink import Sink, checked_url

    url = checked_url(args.sink)
    drain = args.sink_timeout
    if not 0 <= drain <= MAX_DRAIN_SECONDS:  # NaN fails both
        raise UsageError(
            Said(
                "use.seconds",
                option="--sink-timeout",
                low=0,
                high=f"{MAX_DRAIN_SECONDS:g}",
                got=shown(drain),
            )
        )
    return Sink(url, args.sink_mode, drain, getattr(args, "lang", None) or "en")
