"""The command line: the one place that reads files, prints and exits.

Each command lives in its own module with `add_parser(subparsers)` and `run(args) -> int`;
`main(argv)` parses, dispatches and turns bad input into one message and exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from nightsim import __version__
from nightsim.cli.common import EXIT_USAGE, UsageError, error
from nightsim.limits import MAX_SHOWN_LINE, shown

COMMANDS = ("run", "replay", "verify", "check", "odds", "schema", "init")

DESCRIPTION = """\
Simulate a night in a Dolmenwood wilderness camp: the evening's chores, the watch rota
(a watcher may doze off and break the chain), one wandering monster, who is surprised,
how everyone slept and what the morning brings. Every night is written to a
hash-chained JSON Lines log that can be replayed and verified.
"""

EPILOG = """\
examples:
  nightsim init                          write a commented starter config, camp.toml
  nightsim check camp.toml               what it resolves to, with warnings
  nightsim run                           a night on the bundled default config
  nightsim run camp.toml --seed "full moon" --set camp.season=winter
  nightsim run --step                    at the table: one hour at a time, Enter for the next
  nightsim run --quiet --lang uk         only the encounter and the morning, in Ukrainian
  nightsim run --nights 7 --quiet        a week-long journey and its summary table
  nightsim run --format jsonl --no-log | jq -c 'select(.type=="monster.arrived")'
  nightsim replay logs/night-*.jsonl     narrate a night from its log
  nightsim verify logs/night-*.jsonl     re-simulate and compare, event by event
  nightsim odds --nights 20000           the odds over many nights
  nightsim COMMAND --help                each command's options and examples

output: colour at a terminal; plain text without escape codes when piped or redirected;
NO_COLOR=1 turns colour off; the narration fits the terminal's width (COLUMNS when piped).

exit codes: 0 success, 1 a log failed verification or its chain is broken, 2 bad input
"""


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (README: bad input gets one line, exit 2); the usage
    block is one `--help` away. Subcommand parsers are made of this class too."""

    def error(self, message: str) -> NoReturn:
        # argparse echoes the argument it refused ("invalid int value: '...'"): shortened and
        # escaped like every other echoed value.
        message = re.sub(r"'([^']*)'", lambda m: shown(m.group(1)), message)
        text = shown(message, quote=False, limit=MAX_SHOWN_LINE)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {text} (see {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or (given a command) the top level and that command only: a
    command loads only what it uses, not every other command's modules (issue 9)."""
    parser = _Parser(
        prog="nightsim",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"nightsim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in (command,) if command in COMMANDS else COMMANDS:
        importlib.import_module(f"nightsim.cli.{name}").add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # `nightsim run …`: only `run`'s parser. Anything else (`--help`, a typo) gets them all,
    # so the top-level help and "invalid choice" list every command.
    parser = build_parser(args_list[0] if args_list else None)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # argparse has printed usage and the error
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        code: int = args.handler(args)
        return code
    except UsageError as exc:
        error(str(exc))
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader (`| head`) went away: not our failure. Silence the flush at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130
