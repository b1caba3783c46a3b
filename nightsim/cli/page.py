"""The page on the command line (issue 14): `--format html` on stdout, `run --html FILE`.

The page itself is `nightsim.page` (pure: events or a report in, text out); this module only
prints it and writes its file. A page file is written like a log is created: never over an
existing file. It is written whole to a temporary file beside it and then linked into place
(a link fails if the name exists), so a reader never sees half a page and a file that
appeared meanwhile is not replaced.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nightsim.cli.common import UsageError

if TYPE_CHECKING:
    from nightsim.events import Event
    from nightsim.narration.whatif import Told


def _events(log: Iterable[str | Event]) -> Iterator[Event]:
    # Imported here: `run` imports this module, and its jsonl output needs no pydantic models.
    from nightsim.events import parse_event

    for item in log:
        yield parse_event(json.loads(item)) if isinstance(item, str) else item


def _out(text: str) -> None:
    """The page as UTF-8 bytes whatever the locale: the same log, the same bytes."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        sys.stdout.flush()
        buffer.write(text.encode("utf-8"))
        buffer.flush()
    else:
        sys.stdout.write(text)


def print_page(log: Iterable[str | Event], *, lang: str = "en") -> None:
    """A night's (or a journey's) page on stdout, from its log lines or typed events."""
    from nightsim.page import night_html

    _out(night_html(_events(log), lang))


def print_whatif_page(told: Told) -> None:
    from nightsim.page import whatif_html

    _out(whatif_html(told))


def print_odds_page(report: Mapping[str, Any], lang: str = "en") -> None:
    from nightsim.page import odds_html

    _out(odds_html(report, lang))


def write_exclusive(path: Path, text: str) -> None:
    """`text` to a new file `path`, whole or not at all; FileExistsError if `path` exists."""
    import tempfile

    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            # mkstemp makes the file private (0600); a page is as readable as a log is.
            umask = os.umask(0)
            os.umask(umask)
            os.fchmod(fh.fileno(), 0o666 & ~umask)
            fh.write(text.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path)  # fails if the name exists: never over another file
        except FileExistsError:
            raise
        except OSError:
            # No hard links here (some network or FAT file systems): claim the name, then
            # move the whole file over the empty one this process just made.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


class PageFile:
    """`run --html FILE`: the log lines kept as they stream, the page written at the end.
    Without a FILE (`path` None) it keeps nothing and writes nothing."""

    def __init__(self, path: str | None, lang: str) -> None:
        self.path = Path(path) if path is not None else None
        self.lang = lang
        self.lines: list[str] = []
        if self.path is None:
            return
        # Checked before the night is run and its log created: bad input leaves no file.
        if self.path.exists():
            raise UsageError(f"{self.path}: already exists; a page is never overwritten")
        if not self.path.parent.is_dir() and str(self.path.parent):
            raise UsageError(f"{self.path.parent}: no such folder for the page")

    def kept(self, lines: Iterable[str]) -> Iterator[str]:
        """`lines` passed on, each kept for the page (with --html)."""
        for line in lines:
            if self.path is not None:
                self.lines.append(line)
            yield line

    def print(self, lines: Iterable[str]) -> None:
        """`--format html`: the page on stdout."""
        print_page(lines, lang=self.lang)

    def write(self) -> None:
        if self.path is None:
            return
        from nightsim.page import night_html

        text = night_html(_events(self.lines), self.lang)
        try:
            write_exclusive(self.path, text)
        except FileExistsError:
            raise UsageError(f"{self.path}: already exists; a page is never overwritten") from None
        except OSError as exc:
            raise UsageError(f"{self.path}: cannot write the page: {exc.strerror}") from None
