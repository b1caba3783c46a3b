"""What a referee publishes before a night (docs/campaign.md, "Publish, play, verify"): the
next night's seed commitment, the fingerprint of exactly the config it will be played with
(the stored camp and tonight's `--set`, as `campaign night` applies them), the rules edition,
the dice and the release. One published block admits exactly one night: `campaign verify
--night N` with these values refuses a log that differs in any of them.

Each publication is recorded in the campaign file (a ledger-like entry that changes no
state), so that `campaign night` can say when tonight's config is not the one published."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nightsim.campaign import ledger, rows
from nightsim.limits import shown
from nightsim.log.binding import Published as Published
from nightsim.log.binding import bound
from nightsim.told import Said

if TYPE_CHECKING:
    from nightsim.campaign import Campaign


@dataclass(frozen=True)
class Publication:
    """One published block: night `night`'s seed commitment and config fingerprint, the
    rules edition, the dice (`rng` id) and the release that will play it."""

    number: int
    night: int
    commitment: str
    config_sha256: str
    edition: int
    rng: str
    release: str
    sets: tuple[str, ...]


def current_binding() -> tuple[int, str, str]:
    """The rules edition, the dice and the release this nightsim plays a night with."""
    from nightsim import __version__
    from nightsim.editions import CURRENT_EDITION
    from nightsim.engine.dice import RNG_ID

    return CURRENT_EDITION, RNG_ID, __version__


def publish(c: Campaign, sets: Sequence[str] = ()) -> Publication:
    """The block for the next night as `c.play(sets)` would play it, recorded in the file;
    ConfigError naming an item refused (nothing recorded then)."""
    from nightsim.config.fingerprint import config_sha256

    sha = config_sha256(c.next_config(sets))
    edition, rng, release = current_binding()
    with ledger.transaction(c._conn, c.path) as db:
        (commitment,) = rows.one(db, "SELECT commitment FROM pending", (), Said("cdmg.pending_row"))
        commitment = rows.text(commitment, "pending.commitment")
        (night,) = db.execute("SELECT COALESCE(MAX(number), 0) FROM nights").fetchone()
        night = rows.integer(rows.integer(night, "nights.number", 0) + 1, "the next night")
        (number,) = db.execute("SELECT COALESCE(MAX(number), 0) FROM publications").fetchone()
        number = rows.integer(number, "publications.number", 0) + 1
        number = rows.integer(number, "the next publication")
        pub = Publication(number, night, commitment, sha, edition, rng, release, tuple(sets))
        db.execute(
            "INSERT INTO publications VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (pub.number, night, commitment, sha, edition, rng, release, json.dumps(list(sets))),
        )
    return pub


def last_published(c: Campaign, night: int) -> Publication | None:
    """The last block published for night `night`, or None (none in a file of schema 1
    read where it cannot be migrated: read-only)."""
    (version,) = c._one("PRAGMA user_version")
    if version < 2:
        return None
    row = c._one(
        "SELECT number, night, commitment, config_sha256, edition, rng, release, sets"
        " FROM publications WHERE night = ? ORDER BY number DESC LIMIT 1",
        (night,),
    )
    if row is None:
        return None
    with ledger.errors(c.path):
        return _publication(row)


def _publication(row: Sequence[Any]) -> Publication:
    """A `publications` row, each value's type checked (rows.py: a damaged or hand-edited
    file is one line, never a traceback)."""
    number = rows.integer(row[0], "publications.number", 1)

    def where(column: str) -> str:
        return Said("cdmg.of_publication", number=number, column=column)

    sets = rows.json_of(row[7], where("sets"), list)
    if not all(isinstance(item, str) for item in sets):
        raise rows.Damaged(Said("cdmg.not_all_text", where=where("sets")))
    return Publication(
        number,
        rows.integer(row[1], where("night"), 1),
        rows.text(row[2], where("commitment")),
        rows.text(row[3], where("config_sha256")),
        rows.integer(row[4], where("edition")),
        rows.text(row[5], where("rng")),
        rows.text(row[6], where("release")),
        tuple(sets),
    )


def published_problem(night: int, header: Mapping[str, Any], p: Published) -> str | None:
    """Why night `night`'s log (its header) is not the night the published block admits, or
    None: the seed commitment, the config's fingerprint, the rules edition, the dice, the
    release — a log that claims another release is refused, not set aside."""
    from nightsim.config.fingerprint import data_sha256
    from nightsim.events import FIRST_EDITION

    # A commitment binds the edition and the dice too (log.binding, docs/disputes.md).
    p = bound(p)
    if p.commitment is not None and header.get("seed_sha256") != p.commitment:
        seed = shown(str(header.get("seed_sha256")), quote=False)
        return Said("cpubw.seed", night=night, got=seed, published=p.commitment)
    if p.config_sha256 is not None:
        sha = data_sha256(header.get("config") or {})
        if sha != p.config_sha256:
            return Said("cpubw.config", night=night, got=sha, published=p.config_sha256)
    edition = header.get("edition", FIRST_EDITION)
    checks = (
        (p.edition, edition, "cpubw.edition"),
        (p.rng, header.get("rng"), "cpubw.rng"),
        (p.release, header.get("nightsim"), "cpubw.release"),
    )
    for want, got, code in checks:
        if want is not None and got != want:
            # Both echoed escaped and cut (limits.shown): a forged header or a pasted value
            # may hold anything.
            said, published = shown(str(got), quote=False), shown(str(want), quote=False)
            return Said(code, night=night, got=said, published=published)
    return None
