"""The campaign's ledger and chain through the API, against the real sqlite3: sessions in a
row, every tamper `campaign verify` must name, the file's checks (docs/campaign.md)."""

from __future__ import annotations

import itertools
import json
import sqlite3
from pathlib import Path

import pytest

from nightsim.campaign import Campaign, ledger
from nightsim.campaign.chain import Adjustment, commitment, state_part
from nightsim.errors import ConfigError, NotACampaign
from nightsim.log.verify import verify_lines
from tests.conftest import cfg


def _played(tmp_path: Path, nights: int = 4, name: str = "c.db") -> Path:
    path = tmp_path / name
    with Campaign.new(path, cfg(), name="The Wood") as c:
        c.play()
        c.adjust(["party.Wren.hp=3"], note="healed at the shrine")
        for _ in range(nights - 1):
            c.play()
    return path


def _verify(path: Path) -> str | None:
    with Campaign.open(path) as c:
        return c.verify().problem


def _sql(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    for s in statements:
        conn.execute(s)
    conn.close()


def test_sessions_in_a_row_carry_the_party_and_verify(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with Campaign.new(path, cfg(), name="The Wood") as c:
        first = c.state.next_seed_sha256
        one = c.play()
    for session in range(9):
        with Campaign.open(path) as c:
            if session == 3:
                c.adjust(["party.Moss.hp=1", "camp.carried_firewood_hours=3"], note="ambush")
            c.play(sets=["camp.weather=dry"] if session == 5 else ())
    with Campaign.open(path) as c:
        nights = list(c.nights())
        assert [n.number for n in nights] == list(range(1, 11))
        assert c.verify().ok
        assert c.verify(night=6).ok
    header = json.loads(one.lines[0])
    assert header["seed_sha256"] == first  # night 1 plays the seed committed at `new`
    for before, after in itertools.pairwise(nights):
        link = json.loads(after.lines[0])["campaign"]
        assert link["previous_head"] == before.head
        assert (
            json.loads(after.lines[0])["seed_sha256"]
            == json.loads(before.lines[0])["campaign"]["next_seed_sha256"]
        )
        assert verify_lines(after.log.splitlines(keepends=True)).ok  # a log alone
    # The state the next night starts from: night 1's dawn, a day later.
    second = json.loads(nights[1].lines[0])["config"]
    assert [m["hp"] for m in second["party"]] == [m.hp for m in nights[0].party]
    assert (second["camp"]["month"], second["camp"]["day"]) == ("Reedwryme", 2)
    fifth = json.loads(nights[4].lines[0])
    assert fifth["campaign"]["adjustments"] and fifth["config"]["party"][2]["hp"] == 1


def test_a_non_campaign_log_keeps_every_byte() -> None:
    from nightsim.engine.journey import simulate

    header = simulate(cfg(), 7).events[0]
    from nightsim.events import event_dict

    assert "campaign" not in event_dict(header)


def test_referee_seed_is_said(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with Campaign.new(path, cfg()) as c:
        c.play(seed="the referee's")
        c.play()
        verdict = c.verify()
    assert verdict.ok and verdict.referee == (1,)


@pytest.mark.parametrize(
    ("tamper", "said"),
    [
        (["DELETE FROM nights WHERE number = 2"], "night 2 is missing: night 3 follows night 1"),
        (
            ["UPDATE adjustments SET note = 'found a potion'"],
            "the adjustment after night 1 (note: 'found a potion') was edited after night 2"
            " was played",
        ),
        (
            ["UPDATE adjustments SET items = '[\"party.Wren.hp=5\"]'"],
            "the adjustment after night 1 (note: 'healed at the shrine') was edited",
        ),
        (
            [
                "UPDATE nights SET number = 9 WHERE number = 2",
                "UPDATE nights SET number = 2 WHERE number = 3",
                "UPDATE nights SET number = 3 WHERE number = 9",
            ],
            "night 2 was moved",
        ),
        (["DELETE FROM nights WHERE number = 4"], "a later night was removed"),
        (["DELETE FROM adjustments"], "an adjustment before night 1 was removed"),
        (
            ["UPDATE nights SET head = 'x' WHERE number = 3"],
            "night 3's recorded head is not its log's",
        ),
    ],
)
def test_every_tamper_is_named(tmp_path: Path, tamper: list[str], said: str) -> None:
    path = _played(tmp_path)
    assert _verify(path) is None
    _sql(path, *tamper)
    problem = _verify(path)
    assert problem is not None
    if "removed" in said and "adjustment" in said:
        said = "an adjustment after night 1 was removed after night 2 was played"
    assert said in problem


def test_a_re_rolled_night_is_named(tmp_path: Path) -> None:
    path = _played(tmp_path)
    # The referee deletes night 4, draws another seed and plays it again.
    _sql(path, "DELETE FROM nights WHERE number = 4")
    state = json.loads(_row(path, "SELECT state_after FROM nights WHERE number = 3"))
    escaped = json.dumps(state).replace("'", "''")
    _sql(
        path,
        f"UPDATE pending SET seed = 'another', commitment = '{commitment('another')}',"
        f" state = '{escaped}'",
    )
    with Campaign.open(path) as c:
        c.play()
        problem = c.verify().problem
    assert problem == ("night 4 was re-rolled: its seed is not the one committed after night 3")


def _row(path: Path, sql: str) -> str:
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute(sql).fetchone()[0])
    finally:
        conn.close()


def test_edited_log_bytes_and_a_night_from_another_campaign(tmp_path: Path) -> None:
    path = _played(tmp_path)
    conn = sqlite3.connect(path, isolation_level=None)
    log = bytes(conn.execute("SELECT log FROM nights WHERE number = 2").fetchone()[0])
    conn.execute(
        "UPDATE nights SET log = ? WHERE number = 2", (log.replace(b'"hp":', b'"hp": ', 1),)
    )
    conn.close()
    assert "night 2's log is broken" in (_verify(path) or "")
    other = _played(tmp_path, name="other.db")
    foreign = _row(other, "SELECT hex(log) FROM nights WHERE number = 2")
    _sql(path, f"UPDATE nights SET log = x'{foreign}' WHERE number = 2")
    assert "night 2 is from another campaign" in (_verify(path) or "")


def test_adjustments_are_checked_and_the_state_key_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with Campaign.new(path, cfg()) as c:
        with pytest.raises(ConfigError, match=r"before night 1: party\[3\] \(Wren\): hp 99"):
            c.adjust(["party.Wren.hp=99"], note="too much")
        with pytest.raises(ConfigError, match="campaign adjust"):
            c.play(sets=["party.Wren.hp=1"])
        with pytest.raises(ConfigError, match="an adjustment changes the party"):
            c.adjust(["camp.terrain=bog"])
        assert list(c.adjustments()) == []
        c.adjust(
            [
                "leave Moss",
                "party.Bran.con=12",
                "party.Bran.wis=10",
                "party.Bran.cha=9",
                "party.Bran.hp=4",
                "party.Bran.max_hp=6",
                "party.Bran.save_doom=12",
                'evening.firewood=["Wren", "Bran"]',
                'evening.entertain="Bran"',
            ],
            note="Moss leaves, Bran joins",
        )
        assert [m.name for m in c.state.party] == ["Sir Aldric", "Sister Ysolde", "Wren", "Bran"]
        night = c.play()
        assert [m.name for m in night.party][-1] == "Bran"
        assert c.verify().ok


def test_a_misspelt_member_is_named_as_one(tmp_path: Path) -> None:
    """A name not in the party, with too little to be a new member, is a misspelling: the
    nearest name and what a new member needs, not a missing field of a stranger."""
    needs = "a new member needs con, wis, cha, hp, max_hp, save_doom"
    with Campaign.new(tmp_path / "c.db", cfg()) as c:
        with pytest.raises(ConfigError) as err:
            c.adjust(["party.Wern.hp=3"], note="a typo")
        assert str(err.value) == (
            "the adjustment before night 1: --set party.Wern.hp=3: Wern is not in the party"
            f" (did you mean 'Wren'?); {needs}"
        )
        with pytest.raises(ConfigError, match=rf"Bran is not in the party; {needs}"):
            c.adjust(["party.Bran.con=12", "party.Bran.wis=10"])
        with pytest.raises(ConfigError, match=r"leave 'Mos': .* \(did you mean 'Moss'\?\)"):
            c.adjust(["leave Mos"])
        assert list(c.adjustments()) == []


def test_adjustment_hash_is_over_exactly_its_row() -> None:
    a = Adjustment(1, 0, ("party.Wren.hp=3",), "n")
    assert a.sha256 != Adjustment(1, 0, ("party.Wren.hp=3",), "m").sha256
    assert a.sha256 != Adjustment(1, 1, ("party.Wren.hp=3",), "n").sha256
    assert state_part({"camp": {}, "party": []})["party"] == []


def test_the_file_is_checked(tmp_path: Path) -> None:
    with pytest.raises(NotACampaign, match="no such file"):
        Campaign.open(tmp_path / "missing.db")
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100)
    with pytest.raises(NotACampaign, match="not a SQLite database"):
        Campaign.open(text)
    other = tmp_path / "other.sqlite"
    _sql(other, "CREATE TABLE t (x)")
    with pytest.raises(NotACampaign, match="not a nightsim campaign"):
        Campaign.open(other)
    path = _played(tmp_path, nights=1)
    with pytest.raises(NotACampaign, match="already exists"):
        Campaign.new(path, cfg())


def test_migrations_from_empty_and_a_later_schema(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    conn = sqlite3.connect(path, isolation_level=None)
    ledger.migrate(conn, path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == ledger.SCHEMA_VERSION
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"campaign", "nights", "adjustments", "pending", "publications"} <= tables
    conn.close()
    later = _played(tmp_path, nights=1)
    _sql(later, f"PRAGMA user_version = {ledger.SCHEMA_VERSION + 1}")
    with pytest.raises(
        NotACampaign,
        match=rf"from a later nightsim \(campaign schema {ledger.SCHEMA_VERSION + 1}; this one"
        rf" reads up to {ledger.SCHEMA_VERSION}\)",
    ):
        Campaign.open(later)


@pytest.mark.parametrize("number", [-1, -100, -(2**31)])
def test_a_negative_schema_number_is_a_damaged_file(tmp_path: Path, number: int) -> None:
    """Only an edit writes one (`sqlite3 f "PRAGMA user_version=-100"`): one line, no
    migration indexed by it (an IndexError traceback before)."""
    path = _played(tmp_path, nights=1)
    _sql(path, f"PRAGMA user_version = {number}")
    with pytest.raises(NotACampaign, match=rf"damaged: its campaign schema number is {number}"):
        Campaign.open(path)


def test_full_database_rolls_back(tmp_path: Path) -> None:
    """SQLITE_FULL for real: the file capped with `PRAGMA max_page_count` (no tmpfs needed),
    the night's transaction rolled back whole."""
    from nightsim.errors import EnvironmentFailure

    path = _played(tmp_path, nights=2)
    before = path.read_bytes()
    with Campaign.open(path) as c:
        pages = c._conn.execute("PRAGMA page_count").fetchone()[0]
        c._conn.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(EnvironmentFailure, match="full"):
            c.play()
        assert c.state.nights == 2
    assert path.read_bytes() == before
    assert _verify(path) is None


def test_the_next_camp_is_what_the_next_night_plays(tmp_path: Path) -> None:
    """`state.camp` and `next_config` (what `campaign show` and `campaign check` read) are
    exactly what `play` then plays: the kept `--set`s and tonight's."""
    path = tmp_path / "c.db"
    with Campaign.new(path, cfg(), name="The Wood") as c:
        c.play(sets=["camp.terrain=bog", "rules.sleep_in=true", 'watch.rota=["Moss","Wren"]'])
        camp = c.state.camp
        assert (camp.terrain, camp.encounter_chance, camp.weather) == ("bog", 2, "damp")
        assert camp.watch == (("Moss", None), ("Wren", None))
        assert ("rules.sleep_in", True) in camp.settings
        assert c.state.season == "autumn" and c.state.day == 2  # the season from the month
        preview = c.next_config(["camp.weather=dry"]).canonical()
        played = c.play(sets=["camp.weather=dry"])
        assert json.loads(played.lines[0])["config"] == preview
        with pytest.raises(ConfigError, match="campaign adjust"):
            c.next_config(["party.Wren.hp=1"])
