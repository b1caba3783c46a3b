"""`nightsim init`: write a commented starter config to edit (never over an existing file)."""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from nightsim.cli.atomic import create
from nightsim.cli.common import EXIT_OK, status
from nightsim.errors import EnvironmentFailure

EPILOG = """\
examples:
  nightsim init                     writes camp.toml in this folder
  nightsim init configs/moor.toml
  nightsim init - | less            print the starter config instead of writing it

An existing file is never overwritten (exit 2). Then: nightsim check camp.toml
"""


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "init",
        help="write a commented starter config",
        description="Write a commented starter camp config (a party of four, every key"
        " explained) to edit for your own table.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "path",
        nargs="?",
        default="camp.toml",
        metavar="PATH",
        help="where to write it (default: camp.toml; - for stdout)",
    )
    p.set_defaults(handler=run)


def starter_text() -> str:
    return (resources.files("nightsim") / "data" / "starter.toml").read_text(encoding="utf-8")


def run(args: argparse.Namespace) -> int:
    text = starter_text()
    if args.path == "-":
        sys.stdout.write(text)
        return EXIT_OK
    path = Path(args.path)
    # Written under camp.toml.partial and renamed into place: a full disk never leaves an
    # empty or half camp.toml behind to block the next `init`.
    out = create(path, "init")
    try:
        out.write(text.encode("utf-8"))
        out.commit()
    except EnvironmentFailure as exc:
        raise EnvironmentFailure(f"{exc}; no file written") from None
    except BaseException:
        out.discard()
        raise
    status(f"wrote {path}; next: nightsim check {path}")
    return EXIT_OK
