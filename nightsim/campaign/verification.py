"""`campaign verify`: every night re-simulated (log.verify.verify_lines on its stored lines)
and the campaign's chain checked night by night (docs/campaign.md, "The chain"). The first
problem is one sentence a player follows; nights stream from a cursor (flat memory)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nightsim.campaign import chain, compat, rows, summary
from nightsim.campaign.compat import night_header
from nightsim.campaign.rows import COLUMNS, Damaged
from nightsim.errors import ConfigError, EnvironmentFailure, LogError, UnknownKey
from nightsim.limits import shown
from nightsim.told import Said, said_of

if TYPE_CHECKING:
    from nightsim.campaign import Campaign
    from nightsim.campaign.state import CampaignNight
    from nightsim.log.verify import Replayed, Verdict


@dataclass(frozen=True)
class CampaignVerdict:
    nights: int  # nights checked and sound
    head: str  # the last night's head (the genesis hash before night 1)
    problem: str | None  # the first problem, or None
    referee: tuple[int, ...] = ()  # nights whose seed the referee chose (--seed)
    # The night whose log is not what its dice (or what was published) say, and its
    # verification: `campaign verify` tells its differences as `verify` does.
    night: int | None = None
    log_verdict: Verdict | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


class _Broken(Exception):
    def __init__(self, message: str, night: int | None = None, log: Verdict | None = None):
        super().__init__(message)
        self.night, self.log = night, log


@dataclass
class _Expected:
    """What the next night must link to and start from."""

    number: int
    head: str
    commitment: str
    state: dict[str, Any]
    adjustments: dict[int, list[tuple[chain.Adjustment, str]]] = field(default_factory=dict)
    conn: Any = None  # the file, for a void entry's night (check_voids)
    referee: list[int] = field(default_factory=list)
    first: int = 1  # the first night checked (`--night N`: N)

    def since(self) -> str:
        n = self.number - 1
        return Said("cv.since_night", night=n) if n else Said("cv.since_beginning")


def verify(c: Campaign, only: int | None = None, jobs: int = 1) -> CampaignVerdict:
    """The campaign checked on a copy taken in one read (one snapshot): a night another
    nightsim commits meanwhile is not seen, and the re-simulation, which takes long, never
    holds the file from the referee's next night (docs/campaign.md, "One snapshot"). With
    `jobs` > 1 the nights' logs are re-simulated ahead in that many worker processes
    (campaign/ahead.py): the same verdict, sooner."""
    from nightsim.config.once import once

    with snapshot_copy(c._conn) as conn, once():
        return _verify(conn, only, jobs)


@contextlib.contextmanager
def snapshot_copy(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A connection to a copy of `conn`'s file taken in one read, in a temporary folder
    removed afterwards: read at leisure, the file itself never held."""
    # SQLite's backup API copies the whole file in one step, inside one read transaction
    # (retried while a writer holds the file, as the writer's own commit is quick).
    try:
        folder = tempfile.TemporaryDirectory(prefix="nightsim-verify-")
    except OSError as exc:
        raise EnvironmentFailure(f"cannot make a temporary folder: {exc.strerror}") from None
    with folder:
        copy = sqlite3.connect(Path(folder.name) / "snapshot.campaign", isolation_level=None)
        try:
            try:
                conn.backup(copy)
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorcode", 0) & 0xFF not in _THE_COPYS:
                    raise  # the campaign's own (busy, corrupt): ledger.errors names it
                raise EnvironmentFailure(
                    f"cannot copy the campaign to {folder.name} to verify it: {exc}"
                ) from None
            yield copy
        finally:
            copy.close()


# The copy's own failures (the temporary folder full or failing), not the campaign's.
_THE_COPYS = {sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN}


def _verify(conn: sqlite3.Connection, only: int | None, jobs: int = 1) -> CampaignVerdict:
    cid, name, created, genesis, first = _campaign_row(conn)
    exp = _Expected(1, genesis, first, created, _adjustments(conn), conn=conn)
    checked = 0
    try:
        _check_beginning(conn, cid, name, exp)
        if only is not None:
            _before(conn, exp, only)
        from nightsim.campaign.ahead import rows_ahead

        sql = f"SELECT {COLUMNS}, state_after FROM nights WHERE number >= ? ORDER BY number"
        (count,) = conn.execute("SELECT COUNT(*) FROM nights").fetchone()
        snapshot = next(row[2] for row in conn.execute("PRAGMA database_list") if row[1] == "main")
        ahead = rows_ahead(conn.execute(sql, (exp.number,)), 1 if only else jobs, count, snapshot)
        with contextlib.closing(ahead):  # a refusal ends the workers at once
            for row, outcome in ahead:
                night = rows.night(row)
                if only is not None and night.number != only:
                    break
                _night(cid, exp, night, row[-1], outcome)
                checked += 1
        if only is not None and checked == 0:
            raise _Broken(Said("cv.not_in", night=only))
        if only is None:
            _after(conn, exp)
    except _Broken as exc:
        return CampaignVerdict(
            checked, exp.head, said_of(exc), tuple(exp.referee), exc.night, exc.log
        )
    return CampaignVerdict(checked, exp.head, None, tuple(exp.referee))


def _campaign_row(conn: sqlite3.Connection) -> tuple[str, str, dict[str, Any], str, str]:
    row = rows.one(
        conn,
        "SELECT id, name, created, genesis, first_commitment FROM campaign",
        (),
        "the campaign row",
    )
    return (
        rows.text(row[0], "campaign.id"),
        rows.text(row[1], "campaign.name"),
        rows.json_of(row[2], "campaign.created", dict),
        rows.text(row[3], "campaign.genesis"),
        rows.text(row[4], "campaign.first_commitment"),
    )


def _check_beginning(conn: sqlite3.Connection, cid: str, name: str, exp: _Expected) -> None:
    """The genesis hash over the campaign row, and night 1's seed against its commitment."""
    genesis = chain.genesis_hash(cid, name, exp.state, exp.commitment)
    if genesis != exp.head:
        first = conn.execute("SELECT log FROM nights WHERE number = 1").fetchone()
        link = _link(first[0]) if first is not None and isinstance(first[0], bytes) else {}
        if link.get("previous_head") == genesis:
            raise _Broken(Said("cv.genesis"))
        raise _Broken(Said("cv.beginning"))
    from nightsim.campaign.share import withheld

    (first_seed,) = rows.one(conn, "SELECT first_seed FROM campaign", (), Said("cdmg.campaign_row"))
    seed = rows.text(first_seed, "campaign.first_seed")
    # A players' copy holds no seed (`campaign share`); night 1's log is checked all the same.
    if not withheld(seed) and chain.commitment(seed) != exp.commitment:
        raise _Broken(Said("cv.first_seed"))


def _link(log: bytes) -> dict[str, Any]:
    try:
        link = json.loads(log.split(b"\n", 1)[0])["campaign"]
    except (ValueError, LookupError, TypeError):
        return {}
    return link if isinstance(link, dict) else {}


def _adjustments(conn: Any) -> dict[int, list[tuple[chain.Adjustment, str]]]:
    out: dict[int, list[tuple[chain.Adjustment, str]]] = {}
    sql = "SELECT number, after_night, items, note, sha256 FROM adjustments ORDER BY number"
    for row in conn.execute(sql):
        adj = rows.adjustment(row)
        sha = rows.text(row[4], Said("cdmg.of_adjustment", number=adj.number, column="sha256"))
        out.setdefault(adj.after_night, []).append((adj, sha))
    return out


def _before(conn: sqlite3.Connection, exp: _Expected, only: int) -> None:
    """`--night N`: what night N must link to, from night N-1's stored log (re-simulated
    for its morning, without recording)."""
    if only <= 1:
        return
    row = conn.execute("SELECT head, log FROM nights WHERE number = ?", (only - 1,)).fetchone()
    if row is None:
        raise _Broken(Said("cv.missing_before", before=only - 1, night=only))
    log = rows.blob(row[1], f"night {only - 1}'s log")
    night_header(only - 1, log)  # its morning is a release's this nightsim does not play
    try:
        lines = log.decode("utf-8").splitlines()
        header = json.loads(lines[0])
        exp.number, exp.first, exp.head = only, only, json.loads(lines[-1])["hash"]
        exp.commitment = header.get("campaign", {}).get("next_seed_sha256", "")
        exp.state = chain.state_after(header["config"], _outcome(header))
    except (ValueError, LookupError, TypeError, AttributeError, ConfigError, LogError, Damaged):
        # UnicodeDecodeError and JSONDecodeError are ValueErrors: a corrupt night N-1 is
        # named, never a traceback (its own check says what is wrong with it).
        raise _Broken(Said("cv.before_broken", before=only - 1, night=only)) from None


def _night(
    cid: str, exp: _Expected, night: CampaignNight, state_after: Any, outcome: Any = None
) -> None:
    """Night `night` checked in its turn; `outcome`: its log's, re-simulated by a worker
    that found the log whole (campaign/ahead.py), or None to re-simulate it here."""
    n, log = exp.number, night.log
    if night.number != n:
        raise _Broken(Said("cv.missing", night=n, found=night.number, before=n - 1))
    night_header(n, log, n - exp.first)  # the door `verify` uses: exit 3, never edited
    lines = log.decode("utf-8", "replace").splitlines()
    try:
        header = json.loads(lines[0])
        link = header["campaign"]
        assert isinstance(link, dict)
    except (IndexError, ValueError, KeyError, TypeError, AssertionError):
        raise _Broken(Said("cv.no_link", night=n)) from None
    if link.get("id") != cid:
        raise _Broken(Said("cv.other_campaign", night=n, other=f"{link.get('id')!s:.32}"))
    if link.get("night") != n:
        raise _Broken(Said("cv.moved", night=n, said=shown(link.get("night"), quote=False)))
    if link.get("previous_head") != exp.head:
        before = Said("cv.the_night", night=n - 1) if n > 1 else Said("cv.the_beginning")
        raise _Broken(Said("cv.not_following", night=n, before=before))
    _check_adjustments(exp, n, link.get("adjustments"))
    check_voids(exp.conn, exp.adjustments.get(n - 1, []))
    if link.get("seed") == "referee":
        exp.referee.append(n)
    elif header.get("seed_sha256") != exp.commitment:
        raise _Broken(Said("cv.rerolled", night=n, since=exp.since()))
    _check_state(exp, n, header)
    _check_publications(exp.conn, n, exp.commitment)
    if outcome is None:
        outcome = _check_log(n, log.splitlines(keepends=True), night.head, header)
    after = chain.state_after(header["config"], outcome)
    problem = summary.night_problem(night, state_after, header, outcome, after)
    if problem is not None:
        raise _Broken(problem)
    exp.state = after
    exp.number, exp.head = n + 1, night.head
    exp.commitment = link.get("next_seed_sha256", "")


def _check_adjustments(exp: _Expected, n: int, listed: Any) -> None:
    rows = exp.adjustments.get(n - 1, [])
    where = Said("cv.after_night", night=n - 1) if n > 1 else Said("cv.before_first")
    for i, (adj, stored) in enumerate(rows):
        note = Said("cv.note", note=shown(adj.note)) if adj.note else ""
        if not isinstance(listed, list) or i >= len(listed):
            raise _Broken(Said("cv.adj_added", where=where, note=note, night=n))
        if adj.sha256 != listed[i] or stored != adj.sha256:
            raise _Broken(Said("cv.adj_edited", where=where, note=note, night=n))
    if isinstance(listed, list) and len(listed) > len(rows):
        raise _Broken(Said("cv.adj_removed", where=where, night=n))


def _check_state(exp: _Expected, n: int, header: dict[str, Any]) -> None:
    items: list[str] = []
    for adj, _ in exp.adjustments.get(n - 1, []):
        items.extend(adj.items)
    try:
        expected = chain.validated(exp.state, items, Said("campaign.the_adjustments"))
    except ConfigError as exc:
        raise _Broken(Said("cv.adj_no_longer", night=n, problem=said_of(exc))) from None
    got = chain.state_part(header.get("config") or {})
    diff = chain.first_difference(got, chain.state_part(expected))
    if diff:
        before = Said("cv.morning_of", night=n - 1) if n > 1 else Said("cv.first_party")
        raise _Broken(Said("cv.not_starting", night=n, before=before, diff=diff))


def outcome_of(n: int, log: bytes, head: str) -> Any:
    """Night `n`'s outcome from its log re-simulated, as `_night` reads the log (a worker's
    task: campaign/ahead.py); raises where the log is not whole."""
    header = json.loads(log.decode("utf-8", "replace").splitlines()[0])
    return _check_log(n, log.splitlines(keepends=True), head, header)


def _check_log(n: int, lines: Sequence[bytes], head: str, header: dict[str, Any]) -> Any:
    """The night's log verified (`verify`'s re-simulation); returns the night's outcome."""
    from nightsim.log.verify import Replayed, verify_lines

    played = Replayed()
    try:
        verdict = verify_lines(lines, played)
    except LogError as exc:
        raise _Broken(Said("cv.log_broken", night=n, problem=exc.said())) from None
    if not verdict.ok:
        where = Said("cv.at_line", line=verdict.mismatch.seq + 1) if verdict.mismatch else ""
        raise _Broken(Said("cv.not_its_dice", night=n, where=where), n, verdict)
    if verdict.head != head:
        raise _Broken(Said("cv.head_column", night=n))
    return _replayed(header, played)


def _replayed(header: dict[str, Any], played: Replayed) -> Any:
    """The outcome the log's re-simulation just played (it matched the log line by line),
    when that was the night `_outcome` plays: one night from the same config (a header
    `verify` read with defaults filled in differently is played again as it is written).
    The seed, dice and edition are the header's in both."""
    from nightsim.config import config_from_data

    if len(played.outcomes) == 1 and played.config == config_from_data(header["config"]):
        return played.outcomes[0]
    return _outcome(header)


def _outcome(header: dict[str, Any]) -> Any:
    """The night's outcome, played again without recording (its morning is the next
    night's start)."""
    from nightsim.config import config_from_data
    from nightsim.editions import readings_for
    from nightsim.engine.dice import dice_for
    from nightsim.engine.journey import iter_nights

    config = config_from_data(header["config"])
    dice = dice_for(header["seed"], header["rng"])
    readings = readings_for(header.get("edition", 1))
    (outcome,) = iter_nights(config, dice, 1, record=False, readings=readings)
    return outcome


def _after(conn: Any, exp: _Expected) -> None:
    """What follows the last night: the next seed it committed, and adjustments made after
    it (and none after a night never played)."""
    last = exp.number - 1
    row = rows.one(
        conn, "SELECT seed, commitment, state FROM pending", (), Said("cdmg.pending_row")
    )
    seed = rows.text(row[0], "pending.seed")
    pending = rows.text(row[1], "pending.commitment")
    if pending != exp.commitment:
        raise _Broken(Said("cv.pending_commitment", since=exp.since()))
    for after in sorted(exp.adjustments):
        if after > last:
            raise _Broken(Said("cv.adj_after_missing", after=after, last=last))
        for adj, stored in exp.adjustments[after]:
            if after == last and stored != adj.sha256:
                note = Said("cv.note", note=shown(adj.note)) if adj.note else ""
                raise _Broken(Said("cv.adj_after_edited", after=after, note=note))
        if after == last:
            check_voids(conn, exp.adjustments[after])

    _check_publications(conn, last + 1, pending)
    (later,) = conn.execute(
        "SELECT MAX(night) FROM publications" if _published(conn) else "SELECT NULL"
    ).fetchone()
    if later is not None and rows.integer(later, "publications.night") > last + 1:
        raise _Broken(Said("cv.published_later", later=later, next=last + 1))
    since = [adj for adj, _ in exp.adjustments.get(last, [])]
    try:
        problem = summary.pending_problem(
            seed, pending, rows.text(row[2], "pending.state"), last, exp.state, since
        )
    except UnknownKey as exc:
        compat.later_adjustment(conn, last, exc, checked=last)
        problem = Said("cv.adj_after_no_longer", last=last, problem=said_of(exc))
    if problem is not None:
        raise _Broken(problem)


def _published(conn: Any) -> bool:
    return int(conn.execute("PRAGMA user_version").fetchone()[0]) >= 2


def _check_publications(conn: Any, night: int, commitment: str) -> None:
    problem = summary.publication_problem(conn, night, commitment)
    if problem is not None:
        raise _Broken(problem)


def check_voids(conn: Any, entries: Sequence[tuple[chain.Adjustment, str]]) -> None:
    """A void entry (`campaign void`) names a night played before it and restores exactly
    the state that night started from (its header's config): checked like an adjustment,
    and against the night it voids."""
    for adj, _ in entries:
        for item in adj.items:
            if not item.startswith(chain.VOID):
                continue
            where = Said("cv.void_entry", after=adj.after_night)
            try:
                number, _state = chain.parse_void(item) or (0, {})
            except ConfigError:
                raise _Broken(Said("cv.void_not_one", where=where)) from None
            row = None
            if 1 <= number <= adj.after_night:
                sql = "SELECT log FROM nights WHERE number = ?"
                row = conn.execute(sql, (number,)).fetchone()
            if row is None:
                raise _Broken(Said("cv.void_unplayed", where=where, night=number))
            try:
                header = json.loads(
                    rows.blob(row[0], f"night {number}'s log").decode("utf-8").split("\n", 1)[0]
                )
                expected = chain.void_item(number, header["config"])
            except (ValueError, LookupError, TypeError, Damaged):
                raise _Broken(Said("cv.void_log_broken", night=number)) from None
            if item != expected:
                raise _Broken(Said("cv.void_not_restoring", where=where, night=number))
