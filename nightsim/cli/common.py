"""What the commands share: errors and their exit codes, seeds, config loading."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nightsim.errors import BrokenLog, ConfigError, LogError, NotALog
from nightsim.limits import MAX_INT_DIGITS, said_line, shown
from nightsim.told import Said, said_of

if TYPE_CHECKING:
    from nightsim.config import Config

# The exit codes (README "Exit codes", `nightsim --help`): 1 means only "a log failed its
# checks", so a script can trust it. An environment failure (a full disk, a failing stdout, a
# read error) is sysexits.h's EX_IOERR, 74: not the input's fault (2) nor the log's (1), and
# out of the shell's own range (126, 127, 128+N for a signal), so a script can retry it.
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_IOERR = 0, 1, 2, 74
# verify only: a log of an older format whose chain is intact but which this nightsim does
# not re-simulate (neither verified, 0, nor broken, 1).
EXIT_OLDER_FORMAT = 3
# The campaign file is busy (another nightsim holds its write lock past --wait): sysexits'
# EX_TEMPFAIL, "try again later", not the input's fault nor the machine's.
EXIT_BUSY = 75
# 128 + the signal's number, as a shell reports a process a signal ended.
EXIT_SIGHUP, EXIT_SIGINT, EXIT_SIGTERM = 129, 130, 143

# README.md's exit codes ("Exit codes"): a log whose promise is broken failed its checks
# (1); an input that is not a nightsim log at all is bad input (2). The shell's meaning of
# an error lives here, not in the reader that raises it.
LOG_EXIT_CODES: dict[type[LogError], int] = {BrokenLog: EXIT_FAILED, NotALog: EXIT_USAGE}


class UsageError(Exception):
    """Bad input: printed as one line, exit code 2."""


def exit_code(exc: LogError) -> int:
    """The exit code of a log error: its most specific class in LOG_EXIT_CODES."""
    for cls in type(exc).__mro__:
        if cls in LOG_EXIT_CODES:
            return LOG_EXIT_CODES[cls]
    return EXIT_FAILED


def error(message: str, lang: str = "en") -> None:
    # Each echoed value is already shown() (escaped, shortened); escaping again here keeps
    # the line one line, uncoloured, whatever a message forgot (a path from an OS error).
    from nightsim.narration.catalogue import Catalogue
    from nightsim.told import in_lang

    # A message by code (nightsim/told.py) is told in `lang`; any other text as it is.
    said = said_line(in_lang(message, lang))
    print(Catalogue(lang)("status.error", message=said), file=sys.stderr)


def status(message: str) -> None:
    print(message, file=sys.stderr)


def add_lang(p: argparse.ArgumentParser) -> None:
    """`--lang` on a command that has none yet: every command speaks both languages (its
    answer, its status lines on stderr)."""
    # argparse refuses a second --lang (ArgumentError): the command has one already
    with contextlib.suppress(argparse.ArgumentError):
        p.add_argument(
            "--lang",
            choices=("en", "uk"),
            default="en",
            help="the language of its words and status lines (default: en)",
        )


def say(args: argparse.Namespace, key: str, **fields: Any) -> None:
    """A status line on stderr in the command's language (`--lang`), from the catalogues."""
    from nightsim.narration.catalogue import Catalogue

    status(Catalogue(getattr(args, "lang", "en"))(key, **fields))


def silence_stdout() -> None:
    """After stdout failed (a full disk, a closed pipe): point it at /dev/null, so that what
    is still buffered and the flush at exit go nowhere instead of failing again (Python would
    print a second message and exit 120)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, io.UnsupportedOperation):
        return  # not a real descriptor (a test's capture): nothing will flush to fd 1
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def shown_seed(seed: int | str) -> str:
    """A seed as a message shows it (`seed: …`): as typed, escaped and cut to MAX_SHOWN
    characters like every echoed value (a 100,000-character phrase is a seed too)."""
    return shown(str(seed), quote=False)


def rerun_flags(seed: int | str, nights: int = 1) -> str:
    """The flags that tell the same night (or journey) again, for a message (a seed past
    MAX_SHOWN characters is cut there: the log's header keeps it whole)."""
    import shlex

    flags = f"--seed {shown(shlex.quote(str(seed)), quote=False)}"
    return flags + (f" --nights {nights}" if nights != 1 else "")


def parse_seed(text: str) -> int | str:
    """A seed is a non-negative integer or any string; "007" stays a string (kept as given)."""
    if re.fullmatch(r"0|[1-9][0-9]*", text):
        if len(text) > MAX_INT_DIGITS:
            raise UsageError(Said("use.seed_long", digits=len(text), limit=MAX_INT_DIGITS))
        return int(text)
    if not text:
        raise UsageError(Said("use.seed_empty"))
    if not text.isprintable():
        # It is printed on one status line and kept in the log (and CloudEvents ids): a
        # newline or a terminal escape in it would split or colour those.
        raise UsageError(Said("use.seed_control", text=shown(text)))
    return text


def fresh_seed() -> int:
    """A seed nobody chose: about 63 random bits. Its commitment is shown to the players
    (nightsim/view.py); a seed of a few digits could be found back from it by trying
    every one (docs/table.md, "What the players see")."""
    import secrets

    return 10**18 + secrets.randbelow(2**63 - 10**18)  # always 19 digits: never short


def config_from_args(path: str | None, overrides: list[str] | None) -> tuple[Config, Path]:
    # Imported here: `schema`, `init` and `replay` never read a config.
    from nightsim.config import default_config_path, load_config

    p = Path(path) if path is not None else default_config_path()
    try:
        return load_config(p, overrides or ()), p
    except ConfigError as exc:
        raise UsageError(said_of(exc)) from None


def add_config_args(parser: object) -> None:
    import argparse

    assert isinstance(parser, argparse.ArgumentParser)
    parser.add_argument(
        "config",
        nargs="?",
        metavar="CONFIG",
        help="a TOML camp config (default: the bundled nightsim/data/default.toml)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override a config key: dotted path, TOML value (camp.season=winter,"
        " rules.fall_asleep_on_watch=false, party.Wren.con=5); repeatable",
    )


def warn_names(config: Config, lang: str = "en") -> None:
    """Look-alike names (config/names.py): a warning each on stderr, from `run` and `check`,
    like the unwatched end of a rota, in `lang`."""
    from nightsim.config.names import name_warnings
    from nightsim.narration.catalogue import Catalogue
    from nightsim.told import in_lang

    for line in name_warnings(config):
        status(Catalogue(lang)("status.warning", message=in_lang(line, lang)))
