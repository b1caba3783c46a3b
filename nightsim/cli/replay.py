"""`nightsim replay LOG`: narrate a night from its log alone, after checking every line.

Two streaming passes over the file: the first checks the whole log (chain, order, form, end),
the second prints. So nothing is printed from a log that turns out broken at its last line,
and memory stays flat however long the journey (issue #6).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, NamedTuple

from nightsim.cli.atomic import PARTIAL_SUFFIX
from nightsim.cli.common import EXIT_FAILED, EXIT_OK, UsageError, error, exit_code, status
from nightsim.errors import EmptyLog, EnvironmentFailure, LogError, NotALog, open_stream
from nightsim.events import event_dict
from nightsim.limits import MAX_SPOOL_BYTES, json_inert, shown
from nightsim.log.writer import canonical_json
from nightsim.told import Said, os_why
from nightsim.view import REFEREE, viewed_lines

EPILOG = """\
examples:
  nightsim replay logs/night-20260101T190000Z-seed-11.jsonl
  nightsim replay night.jsonl --format jsonl | jq -c 'select(.type=="rest.checked")'
  nightsim replay night.jsonl --format cloudevents-batch | curl -d @- -H \
    'content-type: application/cloudevents-batch+json' http://localhost:8080/

exit codes: 0 the log is intact and was narrated, 1 the log is broken (the line is named),
2 not a log at all (missing, empty, not JSON, no header). Lines of event types and fields a
later release added are skipped, each kind named in a note on stderr
"""


def add_parser(sub: Any) -> None:
    from nightsim.cli.pace import add_pace_arg

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
        choices=("text", "jsonl", "cloudevents", "cloudevents-batch", "html"),
        default="text",
        help="text: the narration; jsonl: the checked lines, verbatim (a forged line's"
        " control characters as their JSON escapes); cloudevents: each line as the"
        " CloudEvents 1.0 event `run --format cloudevents` printed, byte for byte;"
        " cloudevents-batch: one JSON array of them per night; html: the night's"
        " self-contained web page (default: text)",
    )
    add_pace_arg(p)
    from nightsim.cli.render import add_narration_args

    add_narration_args(p)
    p.set_defaults(handler=run)


@contextmanager
def open_log(path: Path) -> Iterator[IO[bytes]]:
    """Open a log as bytes: a regular file, or a pipe read as a stream (never a device, and
    a FIFO with no writer reads as empty instead of hanging). The reader decodes and checks
    each line itself (no newline translation, so a rewritten line ending is seen)."""
    with open_stream(path, "a log file", UsageError) as fh:
        yield fh


def lines_of(fh: IO[bytes], path: Path) -> Iterator[bytes]:
    """The log's lines, each at most MAX_LOG_LINE_BYTES (docs/limits.md)."""
    from nightsim.log.reader import log_lines

    return log_lines(fh, shown(path))


def fail(path: Path, exc: LogError, lang: str = "en") -> int:
    """A log that is not a log is bad input (exit 2); a broken log failed its checks (1)."""
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(lang)
    if isinstance(exc, EmptyLog) and path.name.endswith(PARTIAL_SUFFIX):
        # `run` creates FILE.partial, then writes the header: a kill -9 or a power cut between
        # the two leaves it empty. It is a log cut short (1), as any other .partial prefix
        # is, not "not a log" (2); an empty file of any other name is not a log.
        error(t("fault.partial_empty", path=shown(path)), lang)
        return EXIT_FAILED
    if isinstance(exc, NotALog) and _is_campaign(path):
        raise UsageError(t("fault.campaign_file", path=shown(path)))
    message = f"{shown(path)}: {_told(exc, lang)}"
    if exc.line is None and _is_fifo(path):  # nothing at all was read from a named pipe
        message += t("fault.fifo")
    if path.name.endswith(PARTIAL_SUFFIX):
        message += t("fault.partial")
    if isinstance(exc, NotALog):
        raise UsageError(message) from None
    error(message, lang)
    return exit_code(exc)


def _told(exc: LogError, lang: str) -> str:
    """The reader's fault in the command's language: "line 5: …" / «рядок 5: …»."""
    if lang == "en":
        return str(exc)
    from nightsim.narration.catalogue import Catalogue
    from nightsim.told import in_lang

    why = in_lang(exc.message, lang)
    return why if exc.line is None else Catalogue(lang)("fault.line", line=exc.line, why=why)


class _Text(NamedTuple):
    """A line's text where `_paced_texts` reads an entry's."""

    text: str


def _paced_texts(args: argparse.Namespace, entries: Iterable[Any]) -> Iterator[str]:
    """The lines' texts, in table time with --pace."""
    texts: Iterator[str] = (entry.text for entry in entries)
    if args.pace is None:
        return texts
    from nightsim.cli.pace import line_minute, paced

    return paced(texts, args.pace, line_minute)


def _is_campaign(path: Path) -> bool:
    from nightsim.campaign.ledger import is_campaign_file

    return is_campaign_file(path)


def _is_fifo(path: Path) -> bool:
    import stat

    try:
        return stat.S_ISFIFO(path.stat().st_mode)
    except OSError:
        return False


@contextmanager
def rereadable(fh: IO[bytes], path: Path) -> Iterator[IO[bytes]]:
    """`fh` itself if it can be read again from the start (a regular file); else (a pipe:
    `replay <(…)`, `… | replay /dev/stdin`) a temporary file holding a copy of at most
    MAX_SPOOL_BYTES, so that the second pass does not find the pipe drained. Either way
    memory stays flat."""
    import os
    import stat

    if stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
        yield fh
        return
    import tempfile

    with tempfile.TemporaryFile() as copy:
        _spool(fh, copy, path)
        copy.seek(0)
        yield copy


def _spool(fh: IO[bytes], copy: IO[bytes], path: Path) -> None:
    copied = 0
    try:
        while chunk := fh.read(1 << 20):
            copied += len(chunk)
            if copied > MAX_SPOOL_BYTES:
                raise UsageError(
                    Said("use.pipe_too_big", path=shown(path), mib=MAX_SPOOL_BYTES // 2**20)
                )
            copy.write(chunk)
        copy.flush()
    except OSError as exc:
        raise EnvironmentFailure(
            Said("file.cannot_copy_pipe", path=shown(path), why=os_why(exc))
        ) from None


def _tell_notes(notes: list[str], lang: str) -> None:
    """What the reader skipped or ignored, a note a line on stderr, in `lang`."""
    from nightsim.narration.catalogue import Catalogue
    from nightsim.told import in_lang

    for note in notes:
        status(Catalogue(lang)("status.note", note=in_lang(note, lang)))


def run(args: argparse.Namespace) -> int:
    from nightsim.log.reader import Unread, iter_entries, iter_log

    if args.pace is not None and args.format == "html":
        raise UsageError(Said("use.pace_page"))
    path = Path(args.log)
    try:
        with open_log(path) as opened, rereadable(opened, path) as fh:
            unread = Unread()
            for entry in iter_entries(lines_of(fh, path)):
                unread.add(entry)
            _tell_notes(unread.notes(), args.lang)
            fh.seek(0)
            lines = iter_log(lines_of(fh, path))
            if args.format == "jsonl" and args.view != REFEREE:
                # The players' view of the checked events, not the log (nightsim/view.py).
                shown = viewed_lines(canonical_json(event_dict(line.event)) for line in lines)
                for text in _paced_texts(args, (_Text(x) for x in shown)):
                    sys.stdout.write(json_inert(text) + "\n")
                    sys.stdout.flush()
            elif args.format == "jsonl":
                # Every line, a skipped one too: the output is the log, with its head; a
                # forged line's controls as JSON escapes, the same value (docs/limits.md).
                for text in _paced_texts(args, iter_entries(lines_of(fh, path))):
                    sys.stdout.write(json_inert(text) + "\n")
                    sys.stdout.flush()
            elif args.format in ("cloudevents", "cloudevents-batch"):
                from nightsim.log.cloudevents import cloudevents_out

                # Every line, a skipped one too, as `run` printed it; a forged line's
                # controls as JSON escapes, as for jsonl.
                texts = _paced_texts(args, iter_entries(lines_of(fh, path)))
                if args.view != REFEREE:  # the checked events, a format-1 line's upgraded
                    whole = (_Text(canonical_json(event_dict(line.event))) for line in lines)
                    texts = _paced_texts(args, whole)
                batch = args.format == "cloudevents-batch"
                for out in cloudevents_out(texts, batch=batch, view=args.view):
                    sys.stdout.write(json_inert(out) + "\n")
                    sys.stdout.flush()
            elif args.format == "html":
                from nightsim.cli.page import print_page

                # The checked events, as for text: a format-1 line's event is its upgrade.
                events = (line.event for line in lines)
                print_page(events, lang=args.lang, view=args.view, title=args.title)
            else:
                from nightsim.cli.render import print_night

                # The checked events, not the texts: a format-1 line's event is its upgrade.
                told: Iterator[Any] = (line.event for line in lines)
                if args.pace is not None:
                    from nightsim.cli.pace import paced

                    told = paced(told, args.pace, lambda e: (e.t, e.type == "night.began"))
                print_night(told, lang=args.lang, quiet=args.quiet, step=args.step, view=args.view)
    except LogError as exc:
        return fail(path, exc, args.lang)
    return EXIT_OK
