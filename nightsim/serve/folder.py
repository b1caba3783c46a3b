"""Files in the served folder (DIR) by name: never a path outside it, never half written.

docs/serve.md, "Security": a name from a request is a file name, not a path: letters, digits,
spaces and `- _ .`, at most 64, no leading dot (no `..`, no hidden file), no `/` or NUL; the
file it names must be a regular file in DIR itself (a symlink is refused, whatever it points
to, and so is a device or a FIFO). A file is written beside its final name and renamed into
it (atomic: a reader sees the old file or the new one), and a new name is taken with a hard
link, which fails if the name appeared meanwhile (never an overwrite by surprise).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from pathlib import Path

_NAME = re.compile(r"^\w[\w .-]{0,63}$")


class BadName(ValueError):
    """Not a file name this server takes (`why`: console.bad_name, not_in_folder, not_found,
    exists: the catalogue's key)."""

    def __init__(self, why: str, name: str) -> None:
        super().__init__(f"{why}: {name!r}")
        self.why, self.name = why, name


def checked_name(name: str, suffix: str) -> str:
    """`name` with `suffix` (`.toml`, `.campaign`) added if it lacks it; BadName if it is not
    a plain file name."""
    base = name.strip()
    if base.endswith(suffix):
        base = base[: -len(suffix)]
    if not _NAME.fullmatch(base) or ".." in base or base.endswith((" ", ".")):
        raise BadName("console.bad_name", name[:80])
    return base + suffix


def existing(root: Path, name: str, suffix: str) -> Path:
    """The regular file `name` in `root` (not a symlink, device or folder); BadName if the
    name is not one or there is no such file."""
    path = root / checked_name(name, suffix)
    try:
        st = path.lstat()
    except FileNotFoundError:
        raise BadName("console.not_found", name[:80]) from None
    if not stat.S_ISREG(st.st_mode):
        raise BadName("console.not_in_folder", name[:80])
    return path


def read_text(path: Path, limit: int) -> str:
    """A file's text, at most `limit` bytes (more, or not UTF-8: BadName not_in_folder)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as fh:
        data = fh.read(limit + 1)
    if len(data) > limit or b"\x00" in data:
        raise BadName("console.not_in_folder", path.name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadName("console.not_in_folder", path.name) from None


def write_text(root: Path, name: str, suffix: str, text: str, *, replace: bool) -> Path:
    """Write `text` as `name` in `root`, atomically. Without `replace`, an existing name is
    BadName("console.exists"); with it, only a regular file is replaced."""
    target = root / checked_name(name, suffix)
    if target.is_symlink() or (target.exists() and not target.is_file()):
        raise BadName("console.not_in_folder", name[:80])
    if target.exists() and not replace:
        raise BadName("console.exists", target.name)
    fd, tmp = tempfile.mkstemp(dir=root, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        if replace:
            os.replace(tmp, target)
        else:
            try:
                os.link(tmp, target)  # fails if the name was taken meanwhile
            except FileExistsError:
                raise BadName("console.exists", target.name) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    return target
