"""The page on the command line (docs/table.md, "The night you can show"): `--format html`
on stdout, `run --html FILE`.

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
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from nightsim.cli.atomic import NO_LINK
from nightsim.cli.common import UsageError
from nightsim.cli.stop import held
from nightsim.limits import shown
from nightsim.told import Said, os_why

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
        data = memoryview(text.encode("utf-8"))
        # A pipe whose reader goes away (`| head -1`) takes part of a large write and the
        # call returns the part it took, without an error: only the next write fails (EPIPE).
        while data:
            data = data[buffer.write(data) :]
        buffer.flush()
    else:
        sys.stdout.write(text)


def print_page(
    log: Iterable[str | Event],
    *,
    lang: str = "en",
    view: str = "referee",
    title: str | None = None,
) -> None:
    """A night's (or a journey's) page on stdout, from its log lines or typed events."""
    from nightsim.page import night_html

    _out(night_html(_events(log), lang, view=view, title=title))


def print_whatif_page(told: Told) -> None:
    from nightsim.page import whatif_html

    _out(whatif_html(told))


def print_odds_page(report: Mapping[str, Any], lang: str = "en") -> None:
    from nightsim.page import odds_html

    _out(odds_html(report, lang))


def print_rank_page(report: Mapping[str, Any], lang: str = "en") -> None:
    from nightsim.page import rank_html

    _out(rank_html(report, lang))


def _temp_beside(path: Path) -> tuple[int, Path]:
    """A new private file in `path`'s folder (same file system: linking it is atomic)."""
    import tempfile

    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    return fd, Path(tmp)


def _write_whole(fd: int, text: str) -> None:
    """`text` to `fd`, then to the disk (fsync), as readable as a log is; `fd` is closed."""
    with os.fdopen(fd, "wb") as fh:
        # mkstemp makes the file private (0600); a page is as readable as a log is.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fh.fileno(), 0o666 & ~umask)
        fh.write(text.encode("utf-8"))
        fh.flush()
        os.fsync(fh.fileno())


def _link_into_place(tmp: Path, path: Path) -> None:
    """The whole file `tmp` under the new name `path`; FileExistsError if `path` exists."""
    try:
        os.link(tmp, path)  # fails if the name exists: never over another file
    except OSError as exc:
        if exc.errno not in NO_LINK:
            raise
        # No hard links here (some network or FAT file systems): claim the name, then move
        # the whole file over the empty one this process just made.
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        try:
            os.replace(tmp, path)
        except OSError:
            with contextlib.suppress(OSError):  # the empty claim, never a page
                os.unlink(path)
            raise


def _check_page_path(path: Path) -> None:
    """docs/limits.md: the page's name is free (nothing at all there: not a file, a FIFO, a
    symlink, even a dangling one) and its folder takes a new file, before the night runs."""
    if os.path.lexists(path):
        what = "use.dangling" if not path.exists() else "use.something"
        raise UsageError(Said("use.page_exists", path=shown(path), what=Said(what)))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(Said("use.no_page_folder", path=shown(folder)))
    with contextlib.suppress(OSError, AttributeError):  # statvfs: POSIX only
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            raise UsageError(Said("use.page_read_only", path=shown(path)))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(Said("use.page_denied", path=shown(path)))


class Logged(NamedTuple):
    """A line of the log as `run` writes it, with the typed event it was written from."""

    event: Event
    line: str


_Line = TypeVar("_Line", str, Logged)


class PageFile:
    """`run --html FILE`: the log lines kept as they stream; once the night is whole the page
    is written beside FILE and flushed to disk (`prepare`, before the log is committed), then
    linked into place (`place`, after). Without a FILE (`path` None) it keeps and writes
    nothing.

    The name and its folder are checked when it is made, before the log is created: bad input
    leaves no file. A failure afterwards is the machine's (a full disk, a read-only remount,
    the name taken meanwhile): `prepare` and `place` return its one line (exit 74), so that
    the log is still committed and its head still shown."""

    def __init__(
        self, path: str | None, lang: str, view: str = "referee", title: str | None = None
    ) -> None:
        self.path = Path(path) if path is not None else None
        self.lang, self.view, self.title = lang, view, title
        self.lines: list[str] = []
        self.tmp: Path | None = None
        if self.path is not None:
            _check_page_path(self.path)

    def kept(self, lines: Iterable[_Line]) -> Iterator[_Line]:
        """`lines` passed on, each kept for the page (with --html)."""
        for x in lines:
            if self.path is not None:
                self.lines.append(x if isinstance(x, str) else x.line)
            yield x

    def print(self, lines: Iterable[str]) -> None:
        """`--format html`: the page on stdout."""
        print_page(lines, lang=self.lang, view=self.view, title=self.title)

    def prepare(self) -> str | None:
        """The page rendered and written whole to a file beside FILE; or why it could not be
        (the file already removed)."""
        if self.path is None:
            return None
        from nightsim.page import night_html

        text = night_html(_events(self.lines), self.lang, view=self.view, title=self.title)
        try:
            with held():  # a stop between creating the file and keeping its name leaks it
                fd, self.tmp = _temp_beside(self.path)
            _write_whole(fd, text)
        except OSError as exc:
            self.discard()
            return Said("file.cannot_write_page", path=shown(self.path), why=os_why(exc))
        return None

    def place(self) -> str | None:
        """The prepared page under its name (never over a file that appeared meanwhile); or
        why not."""
        if self.path is None or self.tmp is None:
            return None
        try:
            with held():  # linked and the temporary name removed, or neither
                _link_into_place(self.tmp, self.path)
                self.discard()
        except FileExistsError:
            return Said("file.page_appeared", path=shown(self.path))
        except OSError as exc:
            return Said("file.cannot_write_page", path=shown(self.path), why=os_why(exc))
        finally:
            self.discard()
        return None

    def discard(self) -> None:
        """Remove the prepared file, if any (a stop, a failure, or once it is linked)."""
        tmp, self.tmp = self.tmp, None
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def print_sweep_page(report: Mapping[str, Any], lang: str = "en") -> None:
    from nightsim.page.sweep import sweep_html

    _out(sweep_html(report, lang))


def print_grid_page(report: Mapping[str, Any], lang: str = "en") -> None:
    from nightsim.page.grid import grid_html

    _out(grid_html(report, lang))


def print_compare_page(report: Mapping[str, Any], lang: str = "en") -> None:
    from nightsim.page.sweep import compare_html

    _out(compare_html(report, lang))
