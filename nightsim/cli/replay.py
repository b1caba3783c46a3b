"""`nightsim replay LOG`: narrate a night from its log alone, after checking every line.

Two streaming passes over the file: the first checks the whole log (chain, order, form, end),
the second prints. So nothing is printed from a log that turns out broken at its last line,
and memory stays flat however long the journey (issue #6).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from nightsim.cli.common import EXIT_OK, UsageError, error, exit_code
from nightsim.errors import LogError, NotALog, open_input

EPILOG = """\
examples:
  nightsim replay logs/night-20260101T190000Z-seed-11.jsonl
  nightsim replay night.jsonl --format jsonl | jq -c 'select(.type=="rest.checked")'

exit codes: 0 the log is intact and was narrated, 1 the log is broken (the line is named),
2 not a log at all (missing, empty, not JSON, no header)
"""


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "replay",
        help="narrate a night from its log (refuses a broken chain)",
        description="Check a log line by line (JSON, event fields, seq, hash chain, the"
        " last night's summary at the end) and narrate it exactly as `run` did.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("log", metavar="LOG", help="a nightsim log (JSON Lines)")
    p.add_argument(
        "--format",
        choices=("text", "jsonl", "html"),
        default="text",
        help="text: the narration; jsonl: the checked lines, verbatim; html: the night's"
        " self-contained web page (default: text)",
    )
    from nightsim.cli.render import add_narration_args

    add_narration_args(p)
    p.set_defaults(handler=run)


@contextmanager
def open_log(path: Path) -> Iterator[IO[bytes]]:
    """Open a log as bytes: the reader decodes and checks each line itself (no newline
    translation, so a rewritten line ending is seen)."""
    with open_input(path, "a log file", UsageError) as fh:
        yield fh


def fail(path: Path, exc: LogError) -> int:
    """A log that is not a log is bad input (exit 2); a broken log failed its checks (1)."""
    if isinstance(exc, NotALog):
        raise UsageError(f"{path}: {exc}") from None
    error(f"{path}: {exc}")
    return exit_code(exc)


@contextmanager
def rereadable(fh: IO[bytes]) -> Iterator[IO[bytes]]:
    """`fh` itself if it can be read again from the start (a regular file); else (a pipe:
    `replay <(…)`, `… | replay /dev/stdin`) a temporary file holding a copy, so that the
    second pass does not find the pipe drained. Either way memory stays flat."""
    import os
    import stat

    if stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
        yield fh
        return
    import shutil
    import tempfile

    with tempfile.TemporaryFile() as copy:
        shutil.copyfileobj(fh, copy)
        copy.seek(0)
        yield copy


def run(args: argparse.Namespace) -> int:
    from nightsim.logread import iter_log

    path = Path(args.log)
    try:
        with open_log(path) as opened, rereadable(opened) as fh:
            for _ in iter_log(fh):
                pass
            fh.seek(0)
            texts = (line.text for line in iter_log(fh))
            if args.format == "jsonl":
                for text in texts:
                    sys.stdout.write(text + "\n")
            elif args.format == "html":
                from nightsim.cli.page import print_page

                print_page(texts, lang=args.lang)
            else:
                from nightsim.cli.render import print_night

                print_night(texts, lang=args.lang, quiet=args.quiet, step=args.step)
    except LogError as exc:
        return fail(path, exc)
    return EXIT_OK
