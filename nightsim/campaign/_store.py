"""`Campaign`: an open campaign file (docs/campaign.md), the class behind the package's face
(`nightsim.campaign`). Each write is one transaction (ledger.transaction); what it reads is
checked row by row (rows.py); the night is played by play.py, checked by verification.py."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from os import PathLike
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from nightsim.campaign import chain, ledger, rows
from nightsim.campaign.chain import Adjustment
from nightsim.campaign.compat import check_last_night, check_nights
from nightsim.campaign.rows import COLUMNS
from nightsim.campaign.state import CampaignNight, CampaignState, read_state
from nightsim.config import Config
from nightsim.errors import ConfigError, EnvironmentFailure, NotACampaign
from nightsim.limits import MAX_CAMPAIGN_NIGHTS, shown
from nightsim.log.writer import canonical_json
from nightsim.told import Said, said_of

if TYPE_CHECKING:
    from nightsim.campaign.verification import CampaignVerdict


class Campaign:
    """An open campaign file. `Campaign.new(path, config)` creates one, `Campaign.open(path)`
    opens one; use it as a context manager (or `close()`). `wait`: seconds a write waits for
    another nightsim's (then CampaignBusy)."""

    def __init__(self, path: Path, conn: Any) -> None:
        self.path = path
        self._conn = conn
        # What holds a night's commit and records it (cli/stop.held; campaign.md "Nothing lost")
        self.commit_guard: ledger.Guard = contextlib.nullcontext
        self.on_commit: Callable[[tuple[CampaignNight, ...]], None] = lambda played: None
        with ledger.errors(path):
            row = rows.one(
                conn, "SELECT id, name, genesis FROM campaign", (), Said("cdmg.campaign_row")
            )
            self.id = rows.text(row[0], "campaign.id")
            self.name = rows.text(row[1], "campaign.name")
            self.genesis = rows.text(row[2], "campaign.genesis")

    @classmethod
    def new(
        cls, path: str | PathLike[str], config: Config, *, name: str = "", wait: float = 10.0
    ) -> Campaign:
        """A new campaign at `path` (never over an existing file) starting from `config`;
        night 1's seed is drawn now and its commitment is `state.next_seed_sha256`."""
        if not isinstance(config, Config):
            raise TypeError(f"config: expected a Config, got {type(config).__name__}")
        p = Path(path)
        if not name.isprintable() or len(name) > 200:
            raise NotACampaign(Said("campaign.name_form", name=shown(name)))
        try:
            _create(p, config, name, wait)
        except EnvironmentFailure as exc:  # the disk's: say that nothing was created
            said = said_of(exc)
            if isinstance(said, Said) and said.code == "campaign.disk_full":
                said = Said("campaign.disk_full_new", **said.fields)
            else:
                said = Said("campaign.none_created", problem=said)
            raise EnvironmentFailure(said) from None
        return cls.open(p, wait=wait)

    @classmethod
    def open(cls, path: str | PathLike[str], *, wait: float = 10.0) -> Campaign:
        """An existing campaign; NotACampaign naming the file if it is not one."""
        p = Path(path)
        conn = ledger.open_file(p, wait)
        try:
            with ledger.errors(p):
                return cls(p, conn)
        except BaseException:
            conn.close()
            raise

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Campaign:
        return self

    def __exit__(
        self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        with ledger.errors(self.path):
            return self._conn.execute(sql, args).fetchone()

    @property
    def state(self) -> CampaignState:
        """The party now, the date, the supplies, the next seed's commitment."""
        with ledger.errors(self.path):
            return read_state(self._conn, self.id, self.name, self.genesis)

    def next_config(self, sets: Sequence[str] = ()) -> Config:
        """The next night's config exactly as `play(sets)` would play it (`campaign check`):
        the stored state with tonight's `sets`; ConfigError naming an item refused."""
        with ledger.errors(self.path):
            (state,) = rows.one(
                self._conn, "SELECT state FROM pending", (), Said("cdmg.pending_row")
            )
            data = rows.json_of(state, "pending.state", dict)
        names = [str(m.get("name")) for m in data.get("party", []) if isinstance(m, dict)]
        for item in sets:
            chain.check_camp_item(item, names)
        try:
            return chain.config_of(chain.validated(data, sets, Said("campaign.tonight")))
        except ConfigError:
            with ledger.errors(self.path):
                check_last_night(self._conn)  # a later release's morning: exit 3, not 2
            raise

    def adjust(self, items: Sequence[str], note: str = "") -> Adjustment:
        """Record an adjustment between nights: `party.NAME.field=VALUE` (a new NAME joins,
        given every field a member needs), `leave NAME`, the supplies, the date, the chores
        and the watch (docs/campaign.md). ConfigError naming the item if the next night's
        config would not be valid: nothing is recorded then."""
        from nightsim.campaign.adjust import adjust

        return adjust(self, items, note)

    def play(self, sets: Sequence[str] = (), seed: int | str | None = None) -> CampaignNight:
        """Play the next night from the stored state, tonight's camp changed by `sets`
        (kept for later nights); `seed` overrides the committed seed (the log says the
        referee chose it). One transaction: the night, the state after it, the next seed."""
        return self.play_nights(1, sets, seed)[0]

    def play_nights(
        self,
        nights: int,
        sets: Sequence[str] = (),
        seed: int | str | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> tuple[CampaignNight, ...]:
        """`nights` nights in a row in ONE transaction (all or none; at most
        MAX_CAMPAIGN_NIGHTS, which hold the write lock throughout); `sets` and `seed` are for
        the first night (the sets are kept for the others); `progress(1)` after each."""
        from nightsim.campaign.play import play_one

        limit = MAX_CAMPAIGN_NIGHTS
        if isinstance(nights, bool) or not isinstance(nights, int) or not 1 <= nights <= limit:
            raise ValueError(f"nights: expected 1..{limit}, got {shown(nights)}")
        for item in sets:
            chain.check_camp_item(item)
        played: list[CampaignNight] = []
        done = lambda: self.on_commit(tuple(played))  # noqa: E731
        with ledger.transaction(self._conn, self.path, self.commit_guard, done) as db:
            check_nights(db)  # a night of a release this nightsim does not play: exit 3
            for k in range(nights):
                played.append(
                    play_one(
                        db, self.id, self.genesis, sets if k == 0 else (), seed if k == 0 else None
                    )
                )
                if progress is not None:
                    progress(1)
        return tuple(played)

    def nights(self, start: int = 1, *, logs: bool = True) -> Iterator[CampaignNight]:
        """Every night from `start` in order, streamed from the file (flat memory). With
        `logs=False` each night's `log` is left empty (b""): `show` reads no log."""
        from nightsim.campaign.play import night_of_row

        columns = COLUMNS if logs else COLUMNS.replace("log", "x''")
        with ledger.errors(self.path):
            cursor = self._conn.execute(
                f"SELECT {columns} FROM nights WHERE number >= ? ORDER BY number", (start,)
            )
            for row in cursor:
                yield night_of_row(row)

    def night(self, number: int) -> CampaignNight | None:
        from nightsim.campaign.play import night_of_row

        row = self._one(f"SELECT {COLUMNS} FROM nights WHERE number = ?", (number,))
        with ledger.errors(self.path):
            return None if row is None else night_of_row(row)

    @property
    def last_night(self) -> int:
        """The last night's number (0 before night 1), read without the stored state: a
        campaign a later release went on with is counted too (`campaign verify --night`)."""
        row = self._one("SELECT COALESCE(MAX(number), 0) FROM nights")
        with ledger.errors(self.path):
            return rows.integer(row[0], "nights.number", 0)

    def first_missing(self) -> int | None:
        """The first night missing before the last (`last_night`, whose range is checked
        first: a number out of range is that damage, not a gap), or None."""
        row = self._one(
            "SELECT CASE WHEN MIN(number) > 1 THEN 1 ELSE (SELECT n.number + 1 FROM nights n"
            " WHERE n.number < ? AND NOT EXISTS (SELECT 1 FROM nights m WHERE m.number ="
            " n.number + 1) ORDER BY n.number LIMIT 1) END FROM nights",
            (self.last_night,),
        )
        return None if row is None or row[0] is None else int(row[0])

    def head_night(self, prefix: str) -> int | None:
        """The first night whose head starts with `prefix` (lower-case hex), or None."""
        if not prefix or any(ch not in "0123456789abcdef" for ch in prefix):
            raise ValueError(f"prefix: expected lower-case hex digits, got {shown(prefix)}")
        row = self._one(
            "SELECT number FROM nights WHERE substr(head, 1, ?) = ? ORDER BY number LIMIT 1",
            (len(prefix), prefix),
        )
        return None if row is None else int(row[0])

    def adjustments(self) -> Iterator[Adjustment]:
        with ledger.errors(self.path):
            cursor = self._conn.execute(
                "SELECT number, after_night, items, note FROM adjustments ORDER BY number"
            )
            for row in cursor:
                yield rows.adjustment(row)

    def void(self, number: int, note: str) -> Adjustment:
        """Void night `number` played by mistake (the last not yet void): one ledger entry
        that restores the party's state from before it (campaign/void.py)."""
        from nightsim.campaign.void import void

        return void(self, number, note)

    def void_nights(self) -> dict[int, str]:
        """The nights voided, each with its note: left out of every tally."""
        from nightsim.campaign.void import void_nights

        return void_nights(self)

    def check_played_here(self) -> None:
        """PlayedElsewhere at the first night of a release this one does not play (an edition,
        dice, a config key), naming it: each header through `verify`'s door (compat.py)."""
        with ledger.errors(self.path):
            check_nights(self._conn)

    def verify(self, *, night: int | None = None, jobs: int = 1) -> CampaignVerdict:
        """Every night re-simulated and the chain checked (or `night` with its links): the first
        problem in a player's words, or none; PlayedElsewhere at a later release's night.
        `jobs` > 1: logs re-simulated ahead in processes (ahead.py; not amid threads)."""
        from nightsim.campaign.verification import verify

        with ledger.errors(self.path):
            return verify(self, night, jobs)

    @contextlib.contextmanager
    def frozen(self) -> Iterator[Campaign]:
        """The campaign as it is now, on a copy taken in one read (as `verify` takes one):
        read and re-simulate it at leisure while the file itself is never held (`page`:
        docs/campaign.md, "One snapshot")."""
        from nightsim.campaign.verification import snapshot_copy

        with ledger.errors(self.path), snapshot_copy(self._conn) as conn:
            yield Campaign(self.path, conn)

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """One read transaction: everything read inside it is one state of the file, a night
        committed meanwhile by another nightsim not seen (`show`, `page`: docs/campaign.md,
        "One snapshot"). A writer waits (its `--wait`) for it to end."""
        with ledger.errors(self.path):
            self._conn.execute("BEGIN")
        try:
            yield
        finally:
            with contextlib.suppress(sqlite3.Error):
                self._conn.execute("COMMIT")

    def copy_into(self, target: sqlite3.Connection) -> None:
        """The whole file copied into `target` in one read (SQLite's backup API)."""
        with ledger.errors(self.path):
            self._conn.backup(target)


def _create(path: Path, config: Config, name: str, wait: float) -> None:
    """A whole new campaign at `path`, or nothing (ledger.create, ledger.place)."""
    conn, temp = ledger.create(path, wait)
    try:
        cid, seed, data = chain.new_id(), chain.new_seed(), config.canonical()
        first = chain.commitment(seed)
        genesis = chain.genesis_hash(cid, name, data, first)
        with ledger.transaction(conn, path) as db:
            db.execute(
                "INSERT INTO campaign VALUES (?, ?, ?, ?, ?, ?, 1)",
                (cid, name, canonical_json(data), genesis, seed, first),
            )
            db.execute(
                "INSERT INTO pending VALUES (1, ?, ?, ?)", (seed, first, canonical_json(data))
            )
        conn.close()
        ledger.place(temp, path)
    except BaseException:
        conn.close()
        ledger.discard(temp)
        raise
