"""Writing a file so that its final name only ever holds the whole of it (docs/limits.md).

The bytes go to `NAME.partial` in the same folder (same filesystem: the rename is atomic),
each write straight to the descriptor (no buffer: nothing is left to fail in `close()`, and a
crash or `kill -9` leaves a readable prefix); at the end the file is flushed to disk and only
then takes its final name. So a full disk, a failing stdout or a signal never leaves a torn
or empty file under the final name, and an existing file is never overwritten.

The final name is taken with `os.link(partial, final)` then `unlink(partial)`: link fails with
EEXIST if the name exists, atomically, so a file that appeared while the night ran (another
program, another run) is never replaced — a rename would silently overwrite it. The partial
name is created with O_EXCL, so two runs choosing the same name do not share a partial file.
On a filesystem without hard links (some FUSE, FAT) it falls back to checking that the name is
free and renaming, which leaves a window between the check and the rename.

While it is written, the partial file is locked (`flock`, held by a second descriptor until
the partial name is gone), so that a run that finds it can tell a live writer, whose file it
must not be told to remove, from a leftover whose writer was killed (`writer_of`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from pathlib import Path

from nightsim.cli.common import UsageError
from nightsim.errors import EnvironmentFailure
from nightsim.limits import shown
from nightsim.told import Said, os_why

PARTIAL_SUFFIX = ".partial"

# The system calls, by name, so that the fault-injection tests can make them fail (ENOSPC
# after N bytes, EIO on fsync, ENOSPC from close) without LD_PRELOAD.
_write = os.write
_fsync = os.fsync
_close = os.close

# A filesystem that cannot hard-link: fall back to check-then-rename.
NO_LINK = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EMLINK, errno.EXDEV}


# An error on creating a file that is the machine's (the disk), not the path's (exit 74).
_ENVIRONMENT = {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG, errno.ENOMEM}


def partial_path(final: Path) -> Path:
    return final.with_name(final.name + PARTIAL_SUFFIX)


def create(path: Path, what: str) -> AtomicFile:
    """An AtomicFile for `path`, or one line saying why not: `what` ("a log", "init") is
    what never overwrites a file."""
    try:
        return AtomicFile(path)
    except OSError as exc:
        raise creation_error(path, exc, what) from None


def creation_error(path: Path, exc: OSError, what: str) -> Exception:
    """The one line for a file that could not be created: bad input (exit 2), or the
    machine's failure (a full disk: exit 74)."""
    if isinstance(exc, FileExistsError):
        partial = partial_path(path)
        state = writer_of(partial) if str(exc.filename) == str(partial) else "gone"
        if state == "live":
            # Its writer holds the lock: removing the file would lose that run's night.
            kind = "log" if what == "a log" else "file"
            return UsageError(Said(f"file.being_written_{kind}", path=shown(partial)))
        if state == "left":
            return UsageError(Said("file.partial_left", partial=shown(partial), path=shown(path)))
        kind = {"a log": "log", "a page": "page"}.get(what, "init")
        return UsageError(Said(f"file.exists_{kind}", path=shown(path)))
    if isinstance(exc, IsADirectoryError):
        hint = Said("file.log_dir_hint") if what == "a log" else ""
        return UsageError(Said("file.is_directory", path=shown(path), hint=hint))
    message = Said("file.cannot_write", path=shown(path), why=os_why(exc))
    return EnvironmentFailure(message) if exc.errno in _ENVIRONMENT else UsageError(message)


def writer_of(partial: Path) -> str:
    """Who has `partial`: "live" (a running nightsim writes it: it holds the file's lock),
    "left" (nobody: its writer was killed, kill -9 or a power cut) or "gone" (no such file
    now: its writer has just finished or given up).

    A writer locks its partial file the moment it creates it (AtomicFile); a file found
    unlocked is looked at twice more, 50 ms apart, for the instant between the two."""
    for attempt in range(3):
        if attempt:
            time.sleep(0.05)
        flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(partial, flags | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return "gone"
        except OSError:
            return "left"  # not ours to read (a planted symlink, no permission)
        try:
            if _locked_by_another(fd):
                return "live"
        finally:
            os.close(fd)
    return "left"


def _locked_by_another(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # no flock (Windows): every partial file reads as a leftover
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:  # a filesystem without locks: as if unlocked
        return False
    return False  # closing `fd` lets it go


def _hold_lock(fd: int) -> int | None:
    """A second descriptor of the partial file holding an exclusive lock on it while it is
    written, so that another run can tell a live writer from a leftover (writer_of). It
    outlives the writing descriptor, closed before the file takes its final name, and is let
    go only after the partial name is gone. None: no lock on this system or filesystem."""
    try:
        import fcntl
    except ImportError:
        return None
    lock = os.dup(fd)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(lock)
        return None
    return lock


class AtomicFile:
    """A file being written under `partial_path(final)`; `commit()` gives it its final name.

    Opening raises FileExistsError (the final or the partial name exists), IsADirectoryError,
    or another OSError; every write, flush and rename error afterwards is an
    EnvironmentFailure naming the file, the partial file already removed."""

    def __init__(self, final: Path) -> None:
        self.final = final
        self.partial = partial_path(final)
        self.committed = False
        self.kept = False  # whole, but the final name was taken meanwhile: kept as partial
        if final.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(final))
        if os.path.lexists(final):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(final))
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
        self.fd: int | None = os.open(self.partial, flags, 0o644)
        self._lock = _hold_lock(self.fd)

    def write(self, data: bytes) -> None:
        """All of `data`, to the disk's page cache now (a crash keeps it)."""
        view = memoryview(data)
        try:
            while view:
                assert self.fd is not None
                view = view[_write(self.fd, view) :]
        except OSError as exc:
            self._fail("file.cannot_write", exc)

    def commit(self) -> Path:
        """Flush to disk, close, and take the final name (never over an existing file)."""
        assert self.fd is not None
        try:
            _fsync(self.fd)
            fd, self.fd = self.fd, None
            _close(fd)  # NFS reports a full disk here
        except OSError as exc:
            self._fail("file.cannot_write", exc)
        try:
            self._take_name()
        except FileExistsError:
            self._release()
            self.kept = True
            raise EnvironmentFailure(
                Said("file.appeared_kept", path=shown(self.final), partial=shown(self.partial))
            ) from None
        except OSError as exc:
            self._fail("file.cannot_rename", exc)
        self._release()
        _sync_folder(self.final.parent)
        return self.final

    def _take_name(self) -> None:
        try:
            os.link(self.partial, self.final)
        except OSError as exc:
            if exc.errno not in NO_LINK:
                raise
            if os.path.lexists(self.final):
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST)) from None
            os.rename(self.partial, self.final)
            self.committed = True
            return
        self.committed = True
        with contextlib.suppress(OSError):  # a second name of the whole file: harmless
            os.unlink(self.partial)

    def discard(self) -> None:
        """Close and remove the partial file (a stop, an error); never the final name."""
        fd, self.fd = self.fd, None
        if fd is not None:
            with contextlib.suppress(OSError):  # the file goes anyway
                _close(fd)
        if not (self.committed or self.kept):
            # Already gone, or the folder went: either way nothing is under the final name.
            with contextlib.suppress(OSError):
                os.unlink(self.partial)
        self._release()

    def _release(self) -> None:
        """Let the partial file's lock go: its name is gone (or kept whole, nobody's)."""
        lock, self._lock = self._lock, None
        if lock is not None:
            with contextlib.suppress(OSError):
                os.close(lock)

    def _fail(self, code: str, exc: OSError) -> None:
        self.discard()
        raise EnvironmentFailure(Said(code, path=shown(self.final), why=os_why(exc))) from None


def _sync_folder(folder: Path) -> None:
    """The new name itself to disk (the file's bytes already are): best effort, as some
    filesystems refuse to fsync a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
