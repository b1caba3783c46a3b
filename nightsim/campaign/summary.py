"""What `campaign verify` holds the file's stored columns to: each night's summary (what
`show` lists without reading a log) against the night its log re-simulates, and the pending
row (the next seed and the next night's config) against the last night and the ledger. An
edit of any of them with the sqlite3 CLI is named with its night and column
(docs/campaign.md, "The file and its faults")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from nightsim.campaign import chain
from nightsim.errors import ConfigError, UnknownKey
from nightsim.limits import shown
from nightsim.log.writer import canonical_json
from nightsim.told import Said, said_of

if TYPE_CHECKING:
    from nightsim.campaign.state import CampaignNight
    from nightsim.engine.outcome import NightOutcome

# Columns whose values a message can echo (short scalars); the others are only named.
_ECHOED = frozenset({"seed", "referee", "month", "day", "encounter"})


def night_problem(
    night: CampaignNight,
    state_after: Any,
    header: dict[str, Any],
    outcome: NightOutcome,
    after: dict[str, Any],
) -> str | None:
    """The first stored column of `night` that is not what its log (`header`, re-simulated
    as `outcome`, its morning `after`) says, as one sentence; or None."""
    from nightsim.campaign.state import PartyMember

    camp = header.get("config", {}).get("camp", {})
    month = camp.get("month")
    link = header.get("campaign") or {}
    encounter = outcome.encounter
    expected: Sequence[tuple[str, Any, Any]] = (
        ("seed", night.seed, str(header.get("seed"))),
        ("referee", night.referee, link.get("seed") == "referee"),
        ("month", night.month, month),
        ("day", night.day, (camp.get("day") or 1) if month else None),
        ("encounter", night.encounter, None if encounter is None else encounter.creature or ""),
        ("rested", night.rested, tuple(c.name for c in outcome.characters if c.full_rest)),
        (
            "party",
            night.party,
            tuple(
                PartyMember(m["name"], m["hp"], m["max_hp"], m.get("exhaustion", 0))
                for m in after["party"]
            ),
        ),
        ("state_after", state_after, canonical_json(after)),
    )
    for column, got, want in expected:
        if got != want:
            values: str = (
                Said("cv.column_values", got=shown(got), want=shown(want))
                if column in _ECHOED
                else ""
            )
            return Said("cv.column", night=night.number, column=column, values=values)
    return None


def pending_problem(
    seed: str, commitment: str, state: str, last: int, morning: dict[str, Any], adjustments: Any
) -> str | None:
    """The pending row against what follows night `last`: its seed against its commitment,
    its config against `morning` (night `last`'s, or the first config) with the adjustments
    since applied one by one, as `campaign adjust` applies them."""
    from nightsim.campaign.share import withheld

    # A players' copy (`campaign share`) holds no next seed: its commitment is still checked
    # against the chain, which is what a player verifies.
    if not withheld(seed) and chain.commitment(seed) != commitment:
        return Said("cv.pending_seed")
    expected = morning
    try:
        for adj in adjustments:
            expected = chain.validated(expected, adj.items, Said("campaign.an_adjustment"))
    except UnknownKey:
        raise  # the caller asks the ledger whether a later release's entry set it
    except ConfigError as exc:
        return Said("cv.adj_after_no_longer", last=last, problem=said_of(exc))
    if canonical_json(expected) != state:
        since = Said("cv.morning_of", night=last) if last else Said("cv.first_config")
        return Said("cv.pending_state", since=since)
    return None


def publication_problem(conn: Any, night: int, commitment: str) -> str | None:
    """Each block recorded as published for night `night` (`campaign publish`) against the
    seed commitment the chain holds for it; None where the file has no `publications`
    (schema 1 read-only). Its fingerprint, edition, dice and release are the referee's
    record of what was published: the players hold the block itself and check the night
    against it (`campaign verify --night N --commitment … --config-sha256 …`)."""
    from nightsim.campaign import rows

    (version,) = conn.execute("PRAGMA user_version").fetchone()
    if version < 2:
        return None
    sql = "SELECT number, commitment FROM publications WHERE night = ? ORDER BY number"
    for number, published in conn.execute(sql, (night,)):
        if rows.text(published, "publications.commitment") != commitment:
            return Said("cv.publication", night=night, number=number)
    return None
