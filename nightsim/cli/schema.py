"""`nightsim schema`: print the JSON Schema (draft 2020-12) of one log line."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from nightsim.cli.common import EXIT_OK, add_lang


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "schema",
        help="print the JSON Schema (draft 2020-12) of one log line",
        description="Print the JSON Schema (draft 2020-12) of one log line, generated from the"
        " event models: `type` picks the one definition a line must match. The repository keeps"
        " the same text as schemas/log-line-v<format version>.json.",
    )
    # The schema is JSON whatever the language; --lang is taken, as by every command, for
    # its refusals and its --help.
    add_lang(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from nightsim.log.schema import schema_json

    sys.stdout.write(schema_json())
    return EXIT_OK
