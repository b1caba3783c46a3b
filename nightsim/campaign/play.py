"""Playing one campaign night inside the caller's transaction: tonight's config from the
stored state, the night's log lines with its campaign link, the state after it and the next
seed, all written by the same transaction (ledger.transaction)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from nightsim.campaign import chain
from nightsim.config import Config, config_from_data
from nightsim.engine.outcome import NightOutcome
from nightsim.errors import UnknownKey
from nightsim.events import CampaignLink, Event, NightHeader
from nightsim.log.writer import canonical_json
from nightsim.told import Said

if TYPE_CHECKING:
    from nightsim.campaign.state import CampaignNight


def night_lines(
    config: Config, seed: int | str, link: CampaignLink | None
) -> tuple[list[str], NightOutcome]:
    """A one-night log's lines exactly as `run` writes them, its header carrying `link`;
    and the night's outcome."""
    from nightsim.engine.journey import iter_raw
    from nightsim.log.writer import iter_log_lines

    outcomes: list[NightOutcome] = []

    def linked() -> Iterator[Event | NightOutcome]:
        for item in iter_raw(config, seed, 1):
            if isinstance(item, NightOutcome):
                outcomes.append(item)
            elif isinstance(item, NightHeader) and link is not None:
                item = item.model_copy(update={"campaign": link})
            yield item

    lines = list(iter_log_lines(linked()))
    return lines, outcomes[0]


def play_one(
    db: sqlite3.Connection,
    campaign_id: str,
    genesis: str,
    sets: Sequence[str],
    seed: int | str | None,
) -> CampaignNight:
    """The next night, written into the open transaction `db`."""
    from nightsim.campaign import rows
    from nightsim.campaign.rows import COLUMNS

    pending_seed, state = _pending(db)
    # What tonight's header names, read from the file: checked, as the header is.
    rows.hex_digits(campaign_id, "campaign.id", 32)
    number, previous = _next_number(db, genesis)
    try:
        data = chain.validated(state, sets, Said("campaign.tonight"))
    except UnknownKey as exc:  # a later release's adjustment since the last night?
        from nightsim.campaign.compat import later_adjustment

        later_adjustment(db, number - 1, exc)
        raise
    next_seed = chain.new_seed()
    link = CampaignLink.model_construct(
        id=campaign_id,
        night=number,
        previous_head=previous,
        adjustments=_adjustments_before(db, number),
        next_seed_sha256=chain.commitment(next_seed),
        seed="committed" if seed is None else "referee",
    )
    chosen = pending_seed if seed is None else seed
    lines, outcome = night_lines(config_from_data(data), chosen, link)
    after = chain.state_after(data, outcome)
    db.execute(
        "INSERT INTO nights VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (number, *_night_row(lines, chosen, seed is not None, data, after, outcome)),
    )
    db.execute(
        "UPDATE pending SET seed = ?, commitment = ?, state = ?",
        (next_seed, link.next_seed_sha256, canonical_json(after)),
    )
    row = db.execute(f"SELECT {COLUMNS} FROM nights WHERE number = ?", (number,)).fetchone()
    return night_of_row(row)


def _pending(db: sqlite3.Connection) -> tuple[str, dict[str, Any]]:
    """The next night's seed and config; a players' copy (`campaign share`) has no seed."""
    from nightsim.campaign import rows
    from nightsim.campaign.share import PlayersCopy, withheld

    pending = rows.one(db, "SELECT seed, state FROM pending", (), Said("cdmg.pending_row"))
    seed = rows.text(pending[0], "pending.seed")
    if withheld(seed):
        raise PlayersCopy(Said("campaign.players_copy"))
    return seed, rows.json_of(pending[1], "pending.state", dict)


def _next_number(db: sqlite3.Connection, genesis: str) -> tuple[int, str]:
    """The next night's number and the head it follows (the genesis hash before night 1)."""
    from nightsim.campaign import rows

    last = db.execute("SELECT number, head FROM nights ORDER BY number DESC LIMIT 1").fetchone()
    if not last:
        return 1, rows.hex_digits(genesis, "campaign.genesis")
    number = rows.integer(rows.integer(last[0], "nights.number", 1) + 1, "the next night")
    return number, rows.hex_digits(last[1], f"night {number - 1}'s head (nights.head)")


def _adjustments_before(db: sqlite3.Connection, number: int) -> list[str]:
    """The hashes of the adjustments made after night `number - 1`, in order."""
    from nightsim.campaign import rows

    return [
        rows.adjustment(row).sha256
        for row in db.execute(
            "SELECT number, after_night, items, note FROM adjustments WHERE after_night = ?"
            " ORDER BY number",
            (number - 1,),
        )
    ]


def _night_row(
    lines: Sequence[str],
    chosen: int | str,
    referees: bool,
    data: dict[str, Any],
    after: dict[str, Any],
    outcome: NightOutcome,
) -> tuple[Any, ...]:
    """A night's columns after its number: the log, the head, the seed, whose seed it was,
    the party after it, and the summary columns read from it (campaign/summary.py)."""
    encounter = outcome.encounter
    camp = data["camp"]
    return (
        "".join(line + "\n" for line in lines).encode("utf-8"),
        json.loads(lines[-1])["hash"],
        str(chosen),
        int(referees),
        canonical_json(after),
        camp.get("month"),
        (camp.get("day") or 1) if camp.get("month") else None,
        None if encounter is None else (encounter.creature or ""),
        json.dumps([c.name for c in outcome.characters if c.full_rest]),
        json.dumps([[m.name, m.hp, m.max_hp, m.exhaustion] for m in _party(after)]),
    )


def _party(data: dict[str, Any]) -> Any:
    from nightsim.campaign.state import members

    return members(data)


def night_of_row(row: Sequence[Any]) -> CampaignNight:
    """A `nights` row as a CampaignNight (rows.night: each value's type checked)."""
    from nightsim.campaign import rows

    night: CampaignNight = rows.night(row)
    return night
