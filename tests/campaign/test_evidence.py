"""The campaign file as evidence end to end (docs/campaign.md, "The file and its faults"):
every stored column edited with the real `sqlite3` CLI is caught by `campaign verify`, a
damaged file is one line and exit 2, byte flips over the whole file never give a traceback
nor a changed display that verifies."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest

from nightsim.campaign import Campaign
from nightsim.campaign.rows import TABLES
from nightsim.cli import main
from tests.helpers.nights import cfg
from tests.helpers.sweeps import sweep

needs_sqlite3 = pytest.mark.skipif(shutil.which("sqlite3") is None, reason="no sqlite3 CLI")


def _campaign(folder: Path) -> Path:
    """Two nights, an adjustment between them and one after the last (not yet in a log)."""
    from nightsim.campaign.publish import publish

    path = folder / "wood.campaign"
    with Campaign.new(path, cfg(), name="The Wood") as c:
        c.play()
        c.adjust(["party.Wren.hp=3"], note="a bandit's arrow")
        publish(c, ["camp.weather=dry"])
        c.play(sets=["camp.weather=dry"])
        c.adjust(["party.Moss.exhaustion=1", "camp.carried_firewood_hours=2"], note="a hard road")
        publish(c)
    return path


# What the referee recorded of a published block besides its night and seed commitment: the
# players hold the block itself and check a night against it (`campaign verify --night N
# --config-sha256 …`); an edit of the referee's copy changes no night (docs/campaign.md).
RECORD_ONLY = {"number", "config_sha256", "edition", "rng", "release", "sets"}


def sqlite3_cli(path: Path, sql: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["sqlite3", str(path), sql], capture_output=True, text=True, timeout=30, check=False
    )


def _columns(path: Path, table: str) -> list[str]:
    out = sqlite3_cli(path, f"PRAGMA table_info({table})").stdout
    return [line.split("|")[1] for line in out.splitlines()]


def _mutated_json(data: Any) -> tuple[Any, bool]:
    """`data` with its first whole number raised by one (or, with none, a list one shorter
    or one longer): the same JSON shape, another value."""
    if isinstance(data, int) and not isinstance(data, bool):
        return data + 1, True
    if isinstance(data, dict):
        for key, value in data.items():
            new, done = _mutated_json(value)
            if done:
                return {**data, key: new}, True
    if isinstance(data, list):
        for i, value in enumerate(data):
            new, done = _mutated_json(value)
            if done:
                return [*data[:i], new, *data[i + 1 :]], True
    return data, False


def _edited(value: Any) -> str:
    """An SQL literal of the same type as `value` and another value."""
    if value is None:
        return "'a dragon'"
    if isinstance(value, int):
        return str(value + 100)
    if isinstance(value, bytes):  # a log: Wren's HP in its last line, as a forger would
        return "X'" + value.replace(b'"hp":', b'"hp": ', 1).hex() + "'"
    assert isinstance(value, str)
    try:
        data = json.loads(value)
    except ValueError:
        data = None
    if isinstance(data, (dict, list)):
        new, done = _mutated_json(data)
        if not done:
            assert isinstance(new, list)
            new = new[:-1] if new else ["Wren"]
        text = json.dumps(new, separators=(",", ":"))
    else:
        last = value[-1:] or "a"
        text = value[:-1] + ("b" if last == "a" else "a")
    return "'" + text.replace("'", "''") + "'"


def _verify(path: Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, str]:
    code = main(["campaign", "verify", str(path), *more])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


# What stays Latin in a Ukrainian verdict: the program and its commands, the file's stored
# names (tables and columns, which a referee greps for), and the edited values themselves.
LATIN = {
    "nightsim", "campaign", "verify", "night", "nights", "head", "log", "adjustments",
    "pending", "commitment", "state", "seed", "first_seed", "first_commitment", "genesis",
    "created", "name", "id", "number", "publications", "config_sha256", "edition", "rng",
    "release", "sets", "items", "note", "after_night", "sha256", "outcome", "state_after",
    "summary", "seq", "hash", "type", "hp", "exhaustion", "party", "camp", "wren", "moss",
    "carried_firewood_hours", "wood", "the", "edited", "details", "json", "utf", "blob",
    "sqlite",
}  # fmt: skip


def latin(text: str) -> list[str]:
    """Latin words of two letters or more in `text` outside LATIN (hashes, paths and dotted
    config keys left out: a key is named as the config file spells it, in any language)."""
    text = re.sub(
        r"[0-9a-f]{16,}|\S*/\S*|'[^']*'|«[^»]*»|\"[^\"]*\"|\b[a-z_]+(?:\.[a-z_]+)+", "", text
    )
    stored = {c.lower() for table in TABLES.values() for c in table} | set(TABLES)
    allowed = LATIN | stored | {"true", "false", "none", "null"}
    return [w for w in re.findall(r"[A-Za-z_]{2,}", text) if w.lower() not in allowed]


@needs_sqlite3
@pytest.mark.slow
def test_every_column_edited_is_caught_by_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = _campaign(tmp_path)
    assert _verify(original, capsys)[0] == 0
    edits = 0
    for table in TABLES:
        columns = _columns(original, table)
        assert columns == list(TABLES[table])
        conn = sqlite3.connect(original)
        rows = conn.execute(f"SELECT rowid, * FROM {table}").fetchall()
        conn.close()
        assert rows, table
        for row in rows:
            for column, value in zip(columns, row[1:], strict=True):
                copy = tmp_path / f"{table}.{column}.{row[0]}.campaign"
                shutil.copyfile(original, copy)
                sql = f"UPDATE {table} SET {column} = {_edited(value)} WHERE rowid = {row[0]}"
                done = sqlite3_cli(copy, sql)
                if done.returncode != 0:  # the schema itself refuses it: nothing changed
                    assert "CHECK constraint failed" in done.stderr, (sql, done.stderr)
                    continue
                edits += 1
                code, said = _verify(copy, capsys)
                if table == "publications" and column in RECORD_ONLY:
                    assert code == 0, (sql, said)
                    continue
                assert code == 1, (sql, said)
                code_uk, said_uk = _verify(copy, capsys, "--lang", "uk")
                assert code_uk == 1 and latin(said_uk) == [], (sql, said_uk)
                if table == "nights":
                    number = row[columns.index("number") + 1]
                    assert f"night {number}" in said, (sql, said)
                    assert f"nights.{column}" in said or column == "log", (sql, said)
                elif table == "adjustments":
                    assert "adjustment" in said, (sql, said)
                else:
                    assert f"{table}.{column}" in said, (sql, said)
                copy.unlink()
    assert edits >= 25


def _damage(path: Path, sql: str) -> None:
    done = sqlite3_cli(path, sql)
    assert done.returncode == 0, done.stderr


@needs_sqlite3
@pytest.mark.parametrize(
    ("sql", "said", "commands"),
    [
        ("DELETE FROM pending", "'pending' has no row", "show verify page log night check adjust"),
        ("DROP TABLE adjustments", "'adjustments' is missing", "show verify page log night"),
        (
            "UPDATE nights SET log = CAST(log AS TEXT) WHERE number = 2",
            "night 2's log (nights.log) is text, expected the log's bytes",
            "verify page log",
        ),
        (
            "UPDATE nights SET party = '[[\"Wren\", 5' WHERE number = 1",
            "night 1's party (nights.party) is not JSON",
            "show verify page",
        ),
        (
            "UPDATE pending SET state = '{\"camp\": '",
            "pending.state is not JSON",
            "show verify check night adjust",
        ),
        (
            # JSON, but no config this nightsim takes: the problem is told in --lang too.
            "UPDATE pending SET state = json_set(state, '$.camp.encounter_chance', 99)",
            "pending.state is not a valid config (camp.encounter_chance:",
            "show verify night page",
        ),
        (
            "UPDATE adjustments SET items = 'party.Wren.hp=3' WHERE number = 1",
            "adjustment 1's items (adjustments.items) is not JSON",
            "show verify page",
        ),
        (
            # A schema SQLite cannot read, whose name is not UTF-8 (its message quotes it).
            "PRAGMA writable_schema=ON; UPDATE sqlite_master SET name = CAST(X'70656EA6' AS"
            " TEXT), sql = 'CREATE TABLE x(' WHERE name = 'pending'",
            "corrupt: its schema is not text",
            "show verify page log night check adjust",
        ),
        # What tonight's header would name, read from the file, is checked before a night
        # is played on it (verify names these as edits: exit 1).
        ("UPDATE campaign SET id = 'zz'", "campaign.id is not 32 hex digits", "night"),
        (
            "UPDATE nights SET head = 'x' WHERE number = 2",
            "night 2's head (nights.head) is not 64 hex digits",
            "night",
        ),
        (
            "UPDATE nights SET number = 9223372036854775807 WHERE number = 2",
            "nights.number is 9223372036854775807, out of range",
            "night",
        ),
        (
            # Past the JSON a header or `show --format json` can hold exactly (JCS).
            "UPDATE adjustments SET number = 9223372036854775807 WHERE number = 2",
            "adjustments.number is 9223372036854775807, out of range",
            "show verify adjust night",
        ),
        (
            "UPDATE publications SET sets = 'camp.weather=dry' WHERE number = 2",
            "publication 2's sets (publications.sets) is not JSON",
            "show night",
        ),
        (
            "UPDATE publications SET number = 9223372036854775807 WHERE number = 2",
            "publications.number is 9223372036854775807, out of range",
            "show publish",
        ),
        (
            "ALTER TABLE nights DROP COLUMN rested",
            "'nights' has the columns",
            "show verify night",
        ),
    ],
)
def test_a_damaged_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sql: str, said: str, commands: str
) -> None:
    original = _campaign(tmp_path)
    for command in commands.split():
        path = tmp_path / f"{command}.campaign"
        shutil.copyfile(original, path)
        _damage(path, sql)
        extra = {"log": ["2"], "adjust": ["--set", "party.Wren.hp=2"]}.get(command, [])
        code = main(["campaign", command, str(path), *extra])
        err = capsys.readouterr().err
        assert code == 2, (command, err)
        assert err.count("\n") == 1 and str(path) in err and said in err, (command, err)
        # and in Ukrainian, with nothing English but the file's stored names
        assert main(["campaign", command, str(path), *extra, "--lang", "uk"]) == 2
        uk = capsys.readouterr().err
        assert uk.startswith("nightsim: помилка: ") and latin(uk) == [], (command, uk)


def test_an_adjustment_after_a_night_not_played_is_exit_1_on_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _campaign(tmp_path)
    _damage(path, "UPDATE adjustments SET after_night = 9 WHERE number = 2")
    for command in ("verify", "page"):
        assert main(["campaign", command, str(path)]) == 1
        captured = capsys.readouterr()
        assert "after night 9, which is not in the campaign" in captured.out + captured.err


def test_numbers_out_of_range_are_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(_campaign(tmp_path))
    huge = "99999999999999999999"
    for args in (
        ["log", path, huge],
        ["log", path, "-" + huge],
        ["verify", path, "--night", huge],
        ["night", path, "--nights", huge],
        ["show", path, "--wait", "nan"],
        ["show", path, "--wait", "1e400"],
    ):
        assert main(["campaign", *args]) == 2, args
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err


def _displayed(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[list[int], str]:
    """What a referee or a player is shown: show (both forms), page, every night's log
    (written with --out: a log's bytes are the evidence, whatever they are)."""
    out, codes = [], []
    for args in (["show"], ["show", "--format", "json"], ["page"]):
        codes.append(main(["campaign", args[0], str(path), *args[1:]]))
        out.append(capsys.readouterr().out)
    for night in ("1", "2"):
        log = path.with_name(f"night{night}.jsonl")
        log.unlink(missing_ok=True)
        codes.append(main(["campaign", "log", str(path), night, "--out", str(log)]))
        capsys.readouterr()
        out.append(log.read_bytes().hex() if log.exists() else "")
    return codes, "\n".join(out)


@pytest.mark.slow
def test_byte_flips_over_the_whole_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original = _campaign(tmp_path)
    data = original.read_bytes()
    _, shown_before = _displayed(original, capsys)
    # A sweep (tests/helpers/sweeps.py): each column edited is pinned above; the README's
    # command flips a byte in every 40th part of the file, HYPOTHESIS_PROFILE=explore in
    # every 100th.
    step = max(1, len(data) // sweep(40, 100))
    offsets = sorted({*range(0, 100, 7), *range(step // 2, len(data), step)})
    changed, verdicts = 0, dict[int, int]()
    for offset in offsets:
        path = tmp_path / "flipped.campaign"
        path.unlink(missing_ok=True)
        flipped = bytearray(data)
        flipped[offset] ^= 1 << (offset % 8)
        path.write_bytes(bytes(flipped))
        shown_codes, shown_after = _displayed(path, capsys)
        codes = {}
        for command, extra in (("verify", []), ("check", []), ("night", ["--quiet"])):
            codes[command] = main(["campaign", command, str(path), *extra])
            capsys.readouterr()
            assert codes[command] in (0, 1, 2, 74), (offset, command)
        assert set(shown_codes) <= {0, 1, 2, 74}, (offset, shown_codes)
        verdicts[codes["verify"]] = verdicts.get(codes["verify"], 0) + 1
        if shown_after != shown_before:
            changed += 1
            assert codes["verify"] != 0, f"a flip at byte {offset} changes what is shown"
    print(f"{len(offsets)} flips over {len(data)} bytes: verify {verdicts}, {changed} shown")
    assert changed > len(offsets) // 4  # most flips land in something shown
