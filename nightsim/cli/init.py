"""`nightsim init`: write a commented starter config to edit (never over an existing file)."""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from nightsim.cli.common import EXIT_OK, UsageError, status

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
    try:
        with path.open("x", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    except FileExistsError:
        raise UsageError(f"{path}: already exists; init never overwrites a file") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror}") from None
    status(f"wrote {path}; next: nightsim check {path}")
    return EXIT_OK
