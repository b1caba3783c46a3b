"""A night played by mistake (docs/campaign.md, "A night played by mistake"): `campaign void
FILE N --note TEXT` records one ledger entry, an adjustment whose one item `void N {state}`
puts the party's state back to what night N started from. The night stays in the chain (a
ledger keeps what happened); it is left out of every tally and shown struck through.

Only the last night not yet void can be voided: a later night started from its morning, so
voiding an earlier one alone would leave a night that follows a night that never was. Nights
are voided from the end, one entry each (night 7, then night 6)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from nightsim.campaign import chain, ledger
from nightsim.errors import ConfigError
from nightsim.limits import shown
from nightsim.told import Said

if TYPE_CHECKING:
    from nightsim.campaign import Campaign
    from nightsim.campaign.chain import Adjustment


def void_nights(c: Campaign) -> dict[int, str]:
    """The nights voided so far, each with its entry's note."""
    out: dict[int, str] = {}
    for adj in c.adjustments():
        for item in adj.items:
            if item.startswith(chain.VOID):
                try:
                    voided = chain.parse_void(item)
                except ConfigError:
                    continue  # an edited entry: `campaign verify` names it
                if voided is not None:
                    out[voided[0]] = adj.note
    return out


def void(c: Campaign, number: int, note: str) -> Adjustment:
    """Void night `number` (the last night not yet void), restoring the party's state from
    before it; ConfigError saying why not (nothing recorded then)."""
    from nightsim.campaign.chain import Adjustment
    from nightsim.log.writer import canonical_json as _json

    if not isinstance(note, str) or not note.strip() or not note.isprintable() or len(note) > 500:
        raise ConfigError(Said("campaign.void_note", note=shown(note)))
    voided = void_nights(c)
    with ledger.transaction(c._conn, c.path) as db:
        last = db.execute("SELECT COALESCE(MAX(number), 0) FROM nights").fetchone()[0]
        _check_voidable(number, last, voided)
        row = db.execute("SELECT log FROM nights WHERE number = ?", (number,)).fetchone()
        if row is None:
            raise ConfigError(Said("campaign.void_missing", night=number))
        try:
            header = json.loads(bytes(row[0]).decode("utf-8").split("\n", 1)[0])
            item = chain.void_item(number, header["config"])
        except (ValueError, LookupError, TypeError, AttributeError):
            # UnicodeDecodeError and JSONDecodeError are ValueErrors: named, never a traceback.
            raise ConfigError(Said("campaign.void_broken", night=number)) from None
        (state,) = db.execute("SELECT state FROM pending").fetchone()
        done = db.execute("SELECT COALESCE(MAX(number), 0) FROM adjustments").fetchone()[0]
        adj = Adjustment(done + 1, last, (item,), note)
        data = chain.validated(json.loads(state), [item], Said("campaign.voiding", night=number))
        db.execute(
            "INSERT INTO adjustments VALUES (?, ?, ?, ?, ?)",
            (adj.number, last, json.dumps([item]), note, adj.sha256),
        )
        db.execute("UPDATE pending SET state = ?", (_json(data),))
    return adj


def _check_voidable(number: int, last: int, voided: dict[int, str]) -> None:
    if not 1 <= number <= last:
        raise ConfigError(Said("campaign.no_night", night=number, last=last))
    if number in voided:
        raise ConfigError(Said("campaign.void_twice", night=number, note=shown(voided[number])))
    later = [n for n in range(number + 1, last + 1) if n not in voided]
    if later:
        raise ConfigError(
            Said("campaign.void_not_last", night=number, next=later[0], later=later[-1])
        )
