"""The command line: the one place that reads files, prints and exits.

Each command lives in its own module with `add_parser(subparsers)` and `run(args) -> int`;
`main(argv)` parses, dispatches and turns bad input into one message and exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from nightsim import __version__
from nightsim.cli import argparse_words, stop
from nightsim.cli.common import (
    EXIT_IOERR,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    error,
    silence_stdout,
    status,
)
from nightsim.errors import EnvironmentFailure
from nightsim.limits import MAX_SHOWN_LINE, shown
from nightsim.told import Said, os_why, said_of

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

COMMANDS = (
    "run",
    "replay",
    "verify",
    "whatif",
    "check",
    "odds",
    "schema",
    "init",
    "campaign",
    "serve",
)

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
  nightsim run --seed 7 --log night.jsonl   keep the log under a name of your own
  nightsim replay night.jsonl            narrate a night from its log
  nightsim verify night.jsonl            re-simulate and compare, event by event
  nightsim whatif night.jsonl --set 'watch.rota=["Wren","Sir Aldric","Sister Ysolde","Moss"]'
                                         the same night, Wren on the first watch
  nightsim odds --nights 20000           the odds over many nights
  nightsim COMMAND --help                each command's options and examples

output: colour at a terminal; plain text without escape codes when piped or redirected;
NO_COLOR=1 turns colour off; the narration fits the terminal's width (COLUMNS when piped).

exit codes:
  0    success
  1    a log failed verification or its chain is broken (only that)
  2    bad input: usage, a config or log that cannot be read or is not one, a limit
  3    verify, whatif and campaign only: a log (or a campaign's night) this nightsim does
       not re-simulate (format 1, a rules edition it does not play, a later release's
       additions), chain intact; the line names the release that does
  74   the environment failed: a full disk, a write or read error, stdout failing
       (sysexits' EX_IOERR); a finished log is kept, a partial one is removed
  75   campaign only: the campaign file is busy (another nightsim is writing it, past
       --wait): try again in a moment, or raise --wait (sysexits' EX_TEMPFAIL)
  130  interrupted (SIGINT, Ctrl-C); 143 terminated (SIGTERM); 129 hung up (SIGHUP, the
       terminal or SSH session closed): a log not yet whole is removed; one already whole
       is kept and named, with its head; `--jobs` workers end with nightsim, `kill -9`
       included
"""


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (docs/limits.md: bad input gets one line, exit 2); the usage
    block is one `--help` away. Subcommand parsers are made of this class too."""

    def error(self, message: str) -> NoReturn:
        # argparse echoes the argument it refused ("invalid int value: '...'"): shortened and
        # escaped like every other echoed value.
        message = re.sub(r"'([^']*)'", lambda m: shown(m.group(1)), message)
        text = shown(message, quote=False, limit=MAX_SHOWN_LINE)
        if argparse_words.current() == "en":  # the common path loads no catalogue
            self.exit(EXIT_USAGE, f"{self.prog}: error: {text} (see {self.prog} --help)\n")
        from nightsim.narration.catalogue import Catalogue

        t = Catalogue(argparse_words.current())
        text = re.sub(r"'([^'\n]*)'", "\u00ab\\1\u00bb", text)  # Ukrainian quotes: «run»
        self.exit(EXIT_USAGE, t("status.usage_error", prog=self.prog, message=text) + "\n")

    def format_help(self) -> str:
        if argparse_words.current() == "uk":  # --help --lang uk: the texts in Ukrainian too
            from nightsim.cli import help_words

            help_words.in_ukrainian(self)
        return super().format_help()

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops a write error silently: `--help > /dev/full` would exit 0 having
        # printed nothing. On stdout it is the environment's failure, exit 74 (cli.main).
        if message and file is sys.stdout:
            file.write(message)
            return
        super()._print_message(message, file)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or (given a command) the top level and that command only: a
    command loads only what it uses, not every other command's modules
    (tests/cli/test_imports.py)."""
    parser = _Parser(
        prog="nightsim",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"nightsim {__version__}")
    # Moved to the command before parsing (`_lang_to_command`); here for --help, and for
    # `nightsim --lang uk` with no command, refused in its language.
    parser.add_argument(
        "--lang",
        choices=("en", "uk"),
        dest="top_lang",
        help="the command's language, as its own --lang: nightsim --lang uk run",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in (command,) if command in COMMANDS else COMMANDS:
        importlib.import_module(f"nightsim.cli.{name}").add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The command line, `argv` or sys.argv; returns the exit code (README "Exit codes")."""
    stop.kept("")  # (the API or a test calling main again: nothing of the last command's)
    try:
        code = _dispatch(argv)
        # Redirected, stdout is block-buffered: a full disk or a closed pipe often shows only
        # here, and not at all if Python's flush at exit meets it (a message, exit 120).
        sys.stdout.flush()
        return code
    except BaseException as exc:
        return _failed(exc, argparse_words.lang_of(sys.argv[1:] if argv is None else argv))


def _failed(exc: BaseException, lang: str = "en") -> int:
    """The exit code of what escaped a command, or `exc` raised again (a bug of nightsim's)."""
    # First: a library may wrap a stop in an error of its own (pydantic's SchemaError).
    signum = stop.cause(exc)
    if signum:
        return _signalled(signum, lang)
    if isinstance(exc, BrokenPipeError):
        # The reader (`| head`) went away: not our failure. Silence the flush at exit.
        silence_stdout()
        return EXIT_OK
    if isinstance(exc, OSError):
        # Every input and the log writer raise their own errors: what is left is stdout's.
        silence_stdout()
        error(Said("file.cannot_write", path=exc.filename or "stdout", why=os_why(exc)), lang)
        return EXIT_IOERR
    raise exc


def _unrecognized(
    parser: argparse.ArgumentParser, args: argparse.Namespace, extra: Sequence[str]
) -> NoReturn:
    """argparse's "unrecognized arguments", pointing to the help that lists the options: a
    command's own (`nightsim odds --help`, `nightsim campaign show --help`), not the top
    level's."""
    where = parser
    if getattr(args, "campaign_command", None):
        where = _Parser(prog=f"nightsim campaign {args.campaign_command}")
    elif getattr(args, "command", None):
        where = _Parser(prog=f"nightsim {args.command}")
    # argparse's own sentence, through its gettext name (argparse_words puts a language there)
    said: str = vars(argparse)["_"]("unrecognized arguments: %s")
    where.error(said % " ".join(extra))


def _lang_to_command(argv: list[str]) -> list[str]:
    """`nightsim --lang uk run …` is `nightsim run … --lang uk` (argparse would take "uk"
    for the command, and a command's defaults override the top level's); the command's own
    --lang, given too, wins. Before an option (`--help`) it stays at the top level."""
    if argv[:1] == ["--lang"] and len(argv) > 2:
        lang, rest = argv[:2], argv[2:]
    elif argv[:1] and argv[0].startswith("--lang=") and len(argv) > 1:
        lang, rest = argv[:1], argv[1:]
    else:
        return argv
    if rest[0].startswith("-"):
        return argv
    cut = rest.index("--") if "--" in rest else len(rest)
    if any(a == "--lang" or a.startswith("--lang=") for a in rest[:cut]):
        return rest
    return rest[:cut] + lang + rest[cut:]


def _dispatch(argv: Sequence[str] | None) -> int:
    args_list = _lang_to_command(list(sys.argv[1:] if argv is None else argv))
    # `nightsim run …`: only `run`'s parser. Anything else (`--help`, a typo) gets them all,
    # so the top-level help and "invalid choice" list every command.
    # argparse's own words (its refusals, --help's titles) in the command's --lang
    with argparse_words.speaking(argparse_words.lang_of(args_list)):
        if args_list[:2] == ["odds", "diff"]:  # two saved reports; a config named diff: ./diff
            from nightsim.cli import odds_diff

            parser, args_list = odds_diff.parser(_Parser), args_list[2:]
        else:
            parser = build_parser(args_list[0] if args_list else None)
        try:
            args, extra = parser.parse_known_args(args_list)
            if extra:
                _unrecognized(parser, args, extra)
        except SystemExit as exc:  # argparse has printed usage and the error, or --help
            return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        code: int = args.handler(args)
        return code
    except (UsageError, EnvironmentFailure) as exc:
        if stop.cause(exc):
            raise  # a stop that a library turned into an error (a config "unreadable")
        # the command's language (`--lang`), for its refusals as for its answers
        error(said_of(exc), getattr(args, "lang", None) or "en")
        return EXIT_USAGE if isinstance(exc, UsageError) else EXIT_IOERR


def _signalled(signum: int, lang: str = "en") -> int:
    stop.stopping()
    stop.end_children()
    if sys.stderr.isatty():
        status("")  # off the line the terminal's ^C is on
    status(stop.said(signum, lang))
    return 128 + signum
