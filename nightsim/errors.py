"""The exception types every layer raises, and the one mapping of a file's OS errors to them.

A leaf module (the standard library only): the config, the log reader and the CLI all raise
these, so none of them imports another for its errors. What an error means to the shell (its
exit code) is the CLI's business (`nightsim.cli.common.exit_code`), not the reader's.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from nightsim.limits import shown


class ConfigError(ValueError):
    """Bad config: the message names the file, the field or line, and what was expected."""


class UnknownKey(ConfigError):
    """A config key no table of this nightsim's config takes: `key`, in `where` (the table's
    path, e.g. "party[0] (Moss)"). A misspelling in a file the user wrote, or a key a later
    release added, in a file that release wrote (docs/campaign.md, "Across releases")."""

    def __init__(self, message: str, key: str, where: str) -> None:
        super().__init__(message)
        self.key, self.where = key, where


class UnknownDice(ValueError):
    """A dice generator id (a header's `rng`, the API's `rng=`) this nightsim does not roll:
    its nights cannot be re-simulated here."""

    def __init__(self, rng: object, known: tuple[str, ...]) -> None:
        self.rng = rng
        self.known = known
        super().__init__(f"rng: unknown dice {shown(rng)}; this nightsim rolls {', '.join(known)}")


class LogError(Exception):
    """A log that cannot be accepted; `line` is the 1-based line number, or None."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line is not None else message)

    def said(self) -> str:
        """The message with its line, by code where the message has one (nightsim/told.py),
        so that a command tells it in its language."""
        from nightsim.told import Said

        if self.line is None or not isinstance(self.message, Said):
            return self.args[0] if isinstance(self.args[0], str) else str(self)
        return Said("fault.line", line=self.line, why=self.message)


class NotALog(LogError):
    """Not a nightsim log at all (empty, not JSON, no header, a format we cannot read)."""


class EmptyLog(NotALog):
    """An empty file: not a log, unless the CLI knows more (an empty `.partial` is a run cut
    short before its first line)."""


class BrokenLog(LogError):
    """A log that fails its own checks: chain, order, form, or end."""


class EnvironmentFailure(Exception):
    """The machine failed, not the input: a full disk, a read or write error (ENOSPC, EIO,
    EDQUOT). The message is one line naming the file and what is lost or kept."""


class CampaignError(Exception):
    """A campaign file that cannot be used (docs/campaign.md); the message is one line."""


class NotACampaign(CampaignError):
    """Not a campaign file (missing, not SQLite, another program's, corrupt, a later
    release's), or a campaign command's input refused: exit 2."""


class CampaignBusy(CampaignError):
    """Another nightsim holds the campaign's write lock past the wait: exit 75."""


class Terminated(BaseException):
    """SIGTERM, raised in the main thread like KeyboardInterrupt for SIGINT, so that a
    `kill` takes the same clean path as Ctrl-C (no partial log left, one line)."""


class HungUp(Terminated):
    """SIGHUP (the terminal or SSH session closed): a Terminated, so every clean-up a
    `kill` gets it gets too; only its exit code (129) and its last line differ."""


def _said(code: str, **fields: object) -> str:
    """A message by code (nightsim/told.py), imported when a file is refused, not before."""
    from nightsim.told import Said

    return Said(code, **fields)


# What a file was expected to be, by code: the same words in every language's refusal.
_KINDS = {
    "a log file": "file.kind_log",
    "a TOML config file": "file.kind_config",
    "a JSON report": "file.kind_report",
}


def _kind(expected: str) -> str:
    return _said(_KINDS[expected]) if expected in _KINDS else expected


@contextmanager
def _mapped(path: Path, expected: str, error: Callable[[str], Exception]) -> Iterator[None]:
    """An OS error on opening or reading `path` as one line naming the file: missing, a
    folder where a file was expected (`expected`: "a log file"), or unreadable."""
    try:
        yield
    except FileNotFoundError:
        raise error(_said("file.missing", path=str(path))) from None
    except IsADirectoryError:
        raise error(_said("file.directory", path=str(path), expected=_kind(expected))) from None
    except OSError as exc:
        from nightsim.told import os_why

        raise error(_said("file.unreadable", path=str(path), why=os_why(exc))) from None


# Kernel pseudo-filesystems: their files are regular to stat(), but a read may wait for ever
# (/proc/kmsg waits for the kernel's next message), fail (/proc/self/mem: EIO) or never end.
# No log or config lives there, so one is refused before a byte is read.
_KERNEL_FILESYSTEMS = frozenset(
    {
        "proc", "sysfs", "debugfs", "tracefs", "securityfs", "configfs", "cgroup", "cgroup2",
        "pstore", "efivarfs", "bpf", "fusectl", "binfmt_misc", "selinuxfs",
    }
)  # fmt: skip


def kernel_filesystem(st: os.stat_result) -> str | None:
    """The type of the kernel pseudo-filesystem (`proc`, `sysfs` …) a file `st` is on, or
    None. Such filesystems have no block device (major number 0), and /proc/self/mountinfo
    names each mount's type beside its device number; without it (not Linux), None."""
    if not hasattr(os, "major") or os.major(st.st_dev) != 0:
        return None  # a filesystem on a disk: a real file
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as fh:
            mounts = fh.read()
    except OSError:
        return None
    device = f"{os.major(st.st_dev)}:{os.minor(st.st_dev)}"
    for line in mounts.splitlines():
        fields = line.split(" ")
        if len(fields) > 2 and fields[2] == device:
            kind = line.partition(" - ")[2].split(" ", 1)[0]
            return kind if kind in _KERNEL_FILESYSTEMS else None
    return None


def _open_checked(
    path: Path,
    expected: str,
    error: Callable[[str], Exception],
    where: str,
    *,
    streams: bool,
) -> int:
    """`path` opened for reading, as a blocking descriptor: a regular file (not a kernel
    file), or with `streams` a pipe or socket too; anything else becomes `error(message)`.

    O_NONBLOCK opens a FIFO with no writer at once instead of waiting for one for ever; it is
    cleared before anything is read (a read of a non-blocking descriptor may return nothing
    at all), so a pipe whose writer is still writing is read to its end and a FIFO nobody
    writes to reads as empty. O_NOCTTY: a terminal named as input never becomes ours."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    with _mapped(Path(where), expected, error):
        fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        mode = st.st_mode
        if stat.S_ISDIR(mode):
            raise error(_said("file.directory", path=where, expected=_kind(expected)))
        if stat.S_ISREG(mode):
            kind = kernel_filesystem(st)
            if kind is not None:
                raise error(_said("file.kernel", path=where, kind=kind, expected=_kind(expected)))
        elif not streams:
            raise error(_said("file.not_regular", path=where))
        elif not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
            raise error(_said("file.device", path=where))
        os.set_blocking(fd, True)
        return fd
    except BaseException:
        os.close(fd)
        raise


def read_input(
    path: Path,
    expected: str,
    error: Callable[[str], Exception],
    *,
    limit: int,
    where: str | None = None,
) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; an OS error, a file
    that is not regular (a FIFO would hang the read, a device such as /dev/zero never ends, a
    kernel file may do either) or one larger than `limit` becomes `error(message)`."""
    where = shown(path) if where is None else where
    fd = _open_checked(path, expected, error, where, streams=False)
    try:
        with _mapped(Path(where), expected, error), os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise error(_said("file.too_large", path=where, limit=limit, expected=_kind(expected)))
    return data


def open_stream(path: Path, expected: str, error: Callable[[str], Exception]) -> BinaryIO:
    """`path` opened for reading as bytes: a regular file, or a pipe or socket (`<(…)`,
    `/dev/stdin`) read as a stream. A device (/dev/zero, a terminal), a kernel file
    (/proc/kmsg) or a folder becomes `error(message)`, as does an OS error on opening; a
    FIFO nobody writes to reads as empty instead of hanging (_open_checked)."""
    fd = _open_checked(path, expected, error, shown(path), streams=True)
    return os.fdopen(fd, "rb")
