"""The campaign file: one SQLite database (the standard library's `sqlite3`), its schema
and migrations, and the transactions the campaign makes (docs/campaign.md, "The file").

Every write is one transaction begun with `BEGIN IMMEDIATE` (the write lock taken first, so
two commands never both read the same last night and both write the next); a second command
waits up to its `wait` seconds for the lock, then is `CampaignBusy`. Whatever stops a
transaction (an error, a full disk, Ctrl-C, `kill -9`) leaves the file as it was before it:
SQLite's rollback journal, `synchronous=FULL`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

from nightsim.campaign import rows
from nightsim.errors import CampaignBusy, EnvironmentFailure, NotACampaign
from nightsim.limits import shown
from nightsim.told import Said, os_why, said_of

# `PRAGMA application_id`: "NSIM" in ASCII, so `file` and a reader tell a campaign from any
# other SQLite database.
APPLICATION_ID = 0x4E53494D
SCHEMA_VERSION = 2

# Each migration takes the file from version i to i+1 (MIGRATIONS[i]); a new release appends
# one and never edits those before it.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE campaign (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        created TEXT NOT NULL,          -- the first config, canonical JSON
        genesis TEXT NOT NULL,          -- what night 1 links to
        first_seed TEXT NOT NULL,
        first_commitment TEXT NOT NULL,
        one INTEGER NOT NULL UNIQUE CHECK (one = 1)
    );
    CREATE TABLE nights (
        number INTEGER PRIMARY KEY,
        log BLOB NOT NULL,              -- the log's bytes, as `run` writes them
        head TEXT NOT NULL,
        seed TEXT NOT NULL,
        referee INTEGER NOT NULL,       -- 1: --seed, the referee's choice
        state_after TEXT NOT NULL,      -- the next night's config before adjustments
        month TEXT,
        day INTEGER,
        encounter TEXT,                 -- the creature (or "something"), or NULL
        rested TEXT NOT NULL,           -- JSON: who rested fully
        party TEXT NOT NULL             -- JSON: [name, hp, max_hp, exhaustion] at dawn
    );
    CREATE TABLE adjustments (
        number INTEGER PRIMARY KEY,
        after_night INTEGER NOT NULL,
        items TEXT NOT NULL,            -- JSON list of the items, in order
        note TEXT NOT NULL,
        sha256 TEXT NOT NULL
    );
    CREATE INDEX adjustments_after ON adjustments (after_night, number);
    CREATE TABLE pending (
        one INTEGER PRIMARY KEY CHECK (one = 1),
        seed TEXT NOT NULL,             -- the next night's seed, drawn in advance
        commitment TEXT NOT NULL,
        state TEXT NOT NULL             -- the next night's config: last morning + adjustments
    );
    """,
    # 2: what the referee published before a night (`campaign publish`): a ledger-like entry
    # that changes no state; `campaign night` compares tonight's config with the last one.
    """
    CREATE TABLE publications (
        number INTEGER PRIMARY KEY,
        night INTEGER NOT NULL,         -- the night it was published for
        commitment TEXT NOT NULL,       -- that night's seed commitment
        config_sha256 TEXT NOT NULL,    -- the fingerprint of the config it will be played with
        edition INTEGER NOT NULL,
        rng TEXT NOT NULL,
        release TEXT NOT NULL,
        sets TEXT NOT NULL              -- JSON list of tonight's --set items
    );
    """,
)


def _connect(path: Path, wait: float) -> sqlite3.Connection:
    # Autocommit: every transaction is begun and ended here, explicitly.
    conn = sqlite3.connect(path, timeout=wait, isolation_level=None)
    conn.execute("PRAGMA synchronous=FULL")
    return conn


def migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Apply the migrations the file lacks; one from a later nightsim is NotACampaign."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if not isinstance(version, int) or version < 0:
        # Only an edit of the file writes a negative schema number (nightsim counts up from 0).
        raise NotACampaign(Said("campaign.schema_damaged", path=shown(path), got=shown(version)))
    if version > SCHEMA_VERSION:
        raise NotACampaign(
            Said("campaign.schema_later", path=shown(path), got=version, most=SCHEMA_VERSION)
        )
    for i in range(version, SCHEMA_VERSION):
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.executescript(f"BEGIN; {MIGRATIONS[i]}; PRAGMA user_version={i + 1}; COMMIT;")
        except BaseException as exc:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            if version and _read_only(exc):
                # A campaign of an earlier schema on a read-only file (a player's copy):
                # every migration only adds, so it is read as it is; a write is refused.
                return
            raise


def _read_only(exc: BaseException) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    # The primary code: SQLITE_READONLY_DBMOVED and the like are read-only too.
    return (
        isinstance(exc, sqlite3.OperationalError)
        and code is not None
        and code & 0xFF == sqlite3.SQLITE_READONLY
    )


# A filesystem that cannot hard-link (some FUSE, FAT): `place` checks then renames.
_NO_LINK = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EMLINK, errno.EXDEV}
# An error on creating a file that is the machine's (the disk), not the path's (exit 74).
_ENVIRONMENT = {errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG, errno.ENOMEM}


def _os_error(path: Path, exc: OSError) -> Exception:
    said = Said("file.cannot_create_campaign", path=shown(path), why=os_why(exc))
    return EnvironmentFailure(said) if exc.errno in _ENVIRONMENT else NotACampaign(said)


def _exists(path: Path) -> NotACampaign:
    return NotACampaign(Said("campaign.exists", path=shown(path)))


def create(path: Path, wait: float = 10.0) -> tuple[sqlite3.Connection, Path]:
    """A new, empty campaign file for `path`, built under a temporary name in the same folder
    (`.NAME.XXXXXXXX.new`) and its connection: `place` gives it its name once it is whole,
    so a failure or a `kill -9` meanwhile never leaves a file that blocks the name."""
    if os.path.lexists(path):
        raise _exists(path)
    temp = path.with_name(f".{path.name[:200]}.{secrets.token_hex(4)}.new")
    try:
        os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except OSError as exc:
        raise _os_error(path, exc) from None
    try:
        with errors(path):
            conn = _connect(temp, wait)
            try:
                conn.execute("PRAGMA journal_mode=DELETE")
                conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
                migrate(conn, path)
            except BaseException:
                conn.close()
                raise
    except BaseException:
        discard(temp)
        raise
    return conn, temp


def place(temp: Path, path: Path) -> None:
    """The whole campaign `temp` (closed) on disk, then under its name `path`, never over an
    existing file: a hard link fails if the name is taken (a rename would replace it)."""
    try:
        fd = os.open(temp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temp, path)
        except FileExistsError:
            raise _exists(path) from None
        except OSError as exc:
            if exc.errno not in _NO_LINK:
                raise
            if os.path.lexists(path):
                raise _exists(path) from None
            os.rename(temp, path)
        else:
            os.unlink(temp)
        _sync_folder(path.parent)
    except OSError as exc:
        raise _os_error(path, exc) from None


def discard(temp: Path) -> None:
    for leftover in (temp, _journal(temp)):
        with contextlib.suppress(OSError):
            os.unlink(leftover)


def _sync_folder(folder: Path) -> None:
    """The new name on disk too (a folder's fsync; not every filesystem allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def is_campaign_file(path: Path) -> bool:
    """Whether `path` starts as a campaign file does (SQLite's header with the campaign's
    application id), read without opening it as a database: for the one-log commands, to
    point a campaign given to them to `nightsim campaign`."""
    try:
        if not path.is_file():  # a FIFO or a device is never opened here (it could block)
            return False
        with path.open("rb") as fh:
            head = fh.read(72)
    except OSError:
        return False
    return head[:16] == b"SQLite format 3\x00" and head[68:72] == APPLICATION_ID.to_bytes(4, "big")


def open_file(path: Path, wait: float = 10.0) -> sqlite3.Connection:
    """An existing campaign file, checked: a SQLite database (not a text file, not corrupt),
    a campaign's (its application id), of a schema this nightsim reads."""
    if not path.is_file():
        code = "campaign.missing" if not os.path.lexists(path) else "campaign.not_regular"
        raise NotACampaign(Said(code, path=shown(path)))
    if path.stat().st_size == 0:  # SQLite would open it as an empty database
        raise NotACampaign(Said("campaign.empty", path=shown(path)))
    with errors(path):
        conn = _connect(path, wait)
    try:
        with errors(path):
            app = conn.execute("PRAGMA application_id").fetchone()[0]
            if app != APPLICATION_ID:
                raise NotACampaign(Said("campaign.other_sqlite", path=shown(path)))
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                # SQLite's first finding, without its "*** in database main ***" heading
                found = [line for line in str(check).splitlines() if not line.startswith("***")]
                said = shown(found[0] if found else str(check), quote=False, limit=120)
                raise NotACampaign(Said("campaign.corrupt", path=shown(path), check=said))
            migrate(conn, path)
            rows.check_tables(conn)
    except BaseException:
        conn.close()
        raise
    return conn


@contextlib.contextmanager
def errors(path: Path) -> Iterator[None]:
    """SQLite's errors as nightsim's: busy (75), full disk, I/O or a read-only file system
    (74), not a database, corrupt or a value not what nightsim writes (2)."""
    try:
        yield
    except rows.Damaged as exc:
        raise NotACampaign(Said("config.at", where=shown(path), problem=said_of(exc))) from None
    except sqlite3.OperationalError as exc:
        raise _operational(path, exc) from None
    except sqlite3.DatabaseError as exc:
        if str(exc) == "file is not a database":  # SQLite's words for the common case
            raise NotACampaign(Said("campaign.not_a_database", path=shown(path))) from None
        raise NotACampaign(
            Said("campaign.not_sqlite", path=shown(path), why=_sqlite_why(exc))
        ) from None
    except UnicodeDecodeError:
        # SQLite's message quotes the file's damaged schema, which is not UTF-8 text.
        raise NotACampaign(Said("campaign.schema_not_text", path=shown(path))) from None


# SQLite's own words for a damaged file, each by code (told in the command's language); any
# other stays SQLite's.
_SQLITE_WHY = {
    "database disk image is malformed": "sqlite.malformed",
    "file is encrypted or is not a database": "sqlite.not_a_database",
}


def _sqlite_why(exc: sqlite3.DatabaseError) -> str:
    code = _SQLITE_WHY.get(str(exc))
    return Said(code) if code else str(exc)


def _operational(path: Path, exc: sqlite3.OperationalError) -> Exception:
    # Python gives SQLite's extended code (SQLITE_READONLY_ROLLBACK is 776); its low byte
    # is the primary code.
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    text = str(exc)
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text:
        return CampaignBusy(Said("campaign.busy", path=shown(path)))
    if code == sqlite3.SQLITE_FULL or "full" in text:
        return EnvironmentFailure(Said("campaign.disk_full", path=shown(path)))
    if code == sqlite3.SQLITE_READONLY and _hot_journal(path):
        return EnvironmentFailure(
            Said("campaign.hot_journal", path=shown(path), journal=shown(_journal(path)))
        )
    if code in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
        return EnvironmentFailure(Said("campaign.io", path=shown(path), text=text))
    if text.startswith("no such table") or text.startswith("no such column"):
        return NotACampaign(Said("campaign.not_whole", path=shown(path), text=text))
    return NotACampaign(Said("campaign.not_campaign", path=shown(path), text=text))


def _journal(path: Path) -> Path:
    return path.with_name(path.name + "-journal")


def _hot_journal(path: Path) -> bool:
    """A rollback journal left beside the file by a write cut short (a non-empty one)."""
    try:
        return _journal(path).stat().st_size > 0
    except OSError:
        return False


Guard = Callable[[], contextlib.AbstractContextManager[None]]


@contextlib.contextmanager
def transaction(
    conn: sqlite3.Connection,
    path: Path,
    guard: Guard = contextlib.nullcontext,
    committed: Callable[[], None] = lambda: None,
) -> Iterator[sqlite3.Connection]:
    """One write: `BEGIN IMMEDIATE` … `COMMIT`, or nothing at all (ROLLBACK on anything,
    a stop included; `kill -9` leaves the journal SQLite rolls back on the next open).
    `guard` holds the commit and `committed` (the CLI: signals wait, so a stop lands
    before the commit or after the record that it happened)."""
    with errors(path):
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            with guard():
                conn.execute("COMMIT")
                committed()
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
