"""The campaign file's values read with their types checked, and its tables with their
columns: a hand-edited or damaged file (a row deleted, a table dropped, a log stored as text,
a summary column that is not JSON, a bit flipped) is one line naming what is wrong, never a
traceback (docs/campaign.md, "The file and its faults"). `ledger.errors` names the file.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from nightsim.limits import MAX_LOG_DEPTH, shown
from nightsim.told import Said

# Every table's columns in order, as schema version 1 creates them (ledger.MIGRATIONS).
TABLES: dict[str, tuple[str, ...]] = {
    "campaign": ("id", "name", "created", "genesis", "first_seed", "first_commitment", "one"),
    "nights": (
        "number",
        "log",
        "head",
        "seed",
        "referee",
        "state_after",
        "month",
        "day",
        "encounter",
        "rested",
        "party",
    ),
    "adjustments": ("number", "after_night", "items", "note", "sha256"),
    "pending": ("one", "seed", "commitment", "state"),
    # Schema 2 (`campaign publish`); a schema-1 file read where it cannot be migrated
    # (read-only) has none (ledger.migrate).
    "publications": (
        "number",
        "night",
        "commitment",
        "config_sha256",
        "edition",
        "rng",
        "release",
        "sets",
    ),
}
# A `nights` row as `rows.night` reads it (the Campaign's queries select these).
COLUMNS = "number, head, seed, referee, month, day, encounter, rested, party, log"

# The tables each schema version adds to the one before.
_SINCE = {"publications": 2}


class Damaged(Exception):
    """A value or a table of the file is not what nightsim writes: the message names the row
    and the column; `ledger.errors` makes it NotACampaign naming the file (exit 2)."""


def check_tables(conn: sqlite3.Connection) -> None:
    """Each table of the file's schema version there with its columns, and the one
    `campaign` and `pending` row."""
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    for table, columns in TABLES.items():
        got = tuple(row[1] for row in conn.execute(f"PRAGMA table_info({table})"))
        if not got and version < _SINCE.get(table, 1):
            continue
        if not got:
            raise Damaged(Said("cdmg.table_missing", table=repr(table)))
        if got != columns:
            raise Damaged(
                Said("cdmg.columns", table=repr(table), got=", ".join(got), want=", ".join(columns))
            )
    for table in ("campaign", "pending"):
        (count,) = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
        if count != 1:
            raise Damaged(
                Said("cdmg.rows" if count else "cdmg.no_row", table=repr(table), count=count)
            )


#: Where a value sits, for a refusal: a message, or a function that makes it (a night's
#: columns are read a thousand times a verify; their names are made only for a refusal).
Where = str | Callable[[], str]


def _told(where: Where) -> str:
    return where() if callable(where) else where


def one(conn: sqlite3.Connection, sql: str, args: Sequence[Any], where: Where) -> tuple[Any, ...]:
    """The one row `sql` selects; Damaged naming `where` if there is none."""
    row = conn.execute(sql, args).fetchone()
    if row is None:
        raise Damaged(Said("cdmg.row_missing", where=_told(where)))
    return tuple(row)


def _wrong(value: Any, where: Where, expected: str) -> Damaged:
    kind = {bytes: "bytes", str: "text", int: "number", float: "number"}.get(type(value), "empty")
    return Damaged(
        Said("cdmg.wrong", where=_told(where), kind=Said(f"cdmg.kind_{kind}"), want=Said(expected))
    )


def text(value: Any, where: Where) -> str:
    if not isinstance(value, str):
        raise _wrong(value, where, "cdmg.want_text")
    return value


def hex_digits(value: Any, where: Where, digits: int = 64) -> str:
    """A head or a hash (64 lower-case hex digits), or the campaign's id (32), as a night's
    header must name one."""
    hexed = text(value, where)
    if len(hexed) != digits or any(c not in "0123456789abcdef" for c in hexed):
        raise Damaged(Said("cdmg.hex", where=_told(where), digits=digits, got=shown(hexed)))
    return hexed


def optional_text(value: Any, where: Where) -> str | None:
    return None if value is None else text(value, where)


# A whole number the file holds goes into JSON (a header, `show --format json`): at most
# I-JSON's largest exact integer (RFC 7493), which the canonical form (JCS) insists on.
MAX_EXACT = 2**53 - 1


def integer(value: Any, where: Where, low: int = -MAX_EXACT) -> int:
    if not isinstance(value, int):
        raise _wrong(value, where, "cdmg.want_int")
    if not low <= value <= MAX_EXACT:
        raise Damaged(Said("cdmg.range", where=_told(where), value=value))
    return value


def optional_integer(value: Any, where: Where) -> int | None:
    return None if value is None else integer(value, where)


def blob(value: Any, where: Where) -> bytes:
    """A log's bytes: stored as a BLOB, never as text (text is not the evidence's bytes)."""
    if not isinstance(value, bytes):
        raise _wrong(value, where, "cdmg.want_blob")
    return value


def json_of(value: Any, where: Where, kind: type = object) -> Any:
    """The JSON text `value` parsed, of type `kind` (dict, list); Damaged naming `where`."""
    try:
        data = json.loads(text(value, where))
    except (ValueError, RecursionError):
        raise Damaged(Said("cdmg.not_json", where=_told(where), got=shown(value))) from None
    if not isinstance(data, kind) or _depth(data) > MAX_LOG_DEPTH:
        raise Damaged(Said("cdmg.json", where=_told(where)))
    return data


def _depth(data: Any) -> int:
    if isinstance(data, dict):
        return 1 + max(map(_depth, data.values()), default=0)
    if isinstance(data, list):
        return 1 + max(map(_depth, data), default=0)
    return 0


def adjustment(row: Sequence[Any]) -> Any:
    """An `adjustments` row (number, after_night, items, note) as a chain.Adjustment."""
    from nightsim.campaign.chain import Adjustment

    number = integer(row[0], "adjustments.number", 1)

    def where(column: str) -> str:
        return Said("cdmg.of_adjustment", number=number, column=column)

    items = json_of(row[2], where("items"), list)
    if not all(isinstance(i, str) for i in items):
        raise Damaged(Said("cdmg.not_all_text", where=where("items")))
    after = integer(row[1], where("after_night"), 0)
    return Adjustment(number, after, tuple(items), text(row[3], where("note")))


def night(row: Sequence[Any]) -> Any:
    """A `nights` row (COLUMNS) as a CampaignNight, every value's type checked."""
    from nightsim.campaign.state import CampaignNight, PartyMember

    number = integer(row[0], "nights.number", 1)

    def where(column: str) -> Callable[[], str]:
        return lambda: Said("cdmg.of_night", night=number, column=column)

    party = json_of(row[8], where("party"), list)
    if not all(_member_row(m) for m in party):
        raise Damaged(Said("cdmg.party", where=_told(where("party"))))
    rested = json_of(row[7], where("rested"), list)
    if not all(isinstance(r, str) for r in rested):
        raise Damaged(Said("cdmg.rested", where=_told(where("rested"))))
    referee = integer(row[3], where("referee"))
    return CampaignNight(
        number=number,
        head=text(row[1], where("head")),
        seed=text(row[2], where("seed")),
        referee=bool(referee),
        month=optional_text(row[4], where("month")),
        day=optional_integer(row[5], where("day")),
        encounter=optional_text(row[6], where("encounter")),
        rested=tuple(rested),
        party=tuple(PartyMember(*m) for m in party),
        log=blob(row[9], where("log")),
    )


def _member_row(m: Any) -> bool:
    return (
        isinstance(m, list)
        and len(m) == 4
        and isinstance(m[0], str)
        and all(isinstance(v, int) and not isinstance(v, bool) for v in m[1:])
    )
