"""`campaign adjust`: one ledger entry between nights, and the next night's config it makes
(docs/campaign.md, "Tonight's camp and the party's state"). A member who joins is held to
the names a config is (config/names.py), and to looking like no member already there."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from nightsim.campaign import chain, ledger, rows
from nightsim.campaign.chain import Adjustment
from nightsim.errors import ConfigError
from nightsim.limits import shown
from nightsim.log.writer import canonical_json
from nightsim.told import Said

if TYPE_CHECKING:
    from nightsim.campaign import Campaign


def adjust(c: Campaign, items: Sequence[str], note: str) -> Adjustment:
    """Campaign.adjust: the entry recorded, or ConfigError naming the item (nothing then)."""
    items = tuple(items)
    if not items:
        raise ConfigError(Said("campaign.adjust_empty"))
    if not isinstance(note, str) or not note.isprintable() or len(note) > 500:
        raise ConfigError(Said("campaign.adjust_note", note=shown(note)))
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"items: expected strings, got {type(item).__name__}")
        chain.check_adjustment_item(item)
    with ledger.transaction(c._conn, c.path) as db:
        (state,) = rows.one(db, "SELECT state FROM pending", (), Said("cdmg.pending_row"))
        after = db.execute("SELECT COALESCE(MAX(number), 0) FROM nights").fetchone()[0]
        number = db.execute("SELECT COALESCE(MAX(number), 0) FROM adjustments").fetchone()[0]
        after = rows.integer(after, "nights.number", 0)
        number = rows.integer(rows.integer(number, "adjustments.number", 0) + 1, "the next")
        adj = Adjustment(number, after, items, note)
        where = Said("cv.after_night", night=after) if after else Said("cv.before_first")
        raw = rows.json_of(state, "pending.state", dict)
        data = chain.validated(raw, items, Said("campaign.the_adjustment", where=where))
        refused = chain.name_refused(data, raw)
        if refused:
            raise ConfigError(
                Said(
                    "config.at", where=Said("campaign.the_adjustment", where=where), problem=refused
                )
            )
        db.execute(
            "INSERT INTO adjustments VALUES (?, ?, ?, ?, ?)",
            (adj.number, after, json.dumps(list(items)), note, adj.sha256),
        )
        db.execute("UPDATE pending SET state = ?", (canonical_json(data),))
    return adj
