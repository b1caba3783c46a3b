"""`nightsim check` (not built yet)."""

from __future__ import annotations

import argparse
from typing import Any

from nightsim.cli.common import UsageError


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("check", help="(not built yet)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    raise UsageError("'check' is not built yet")
