"""`campaign void`: a night played by mistake marked void by one ledger entry that restores
the party's state from before it, left out of every tally, struck through in `show` and on
the page, checked by `campaign verify` (an entry edited with the real sqlite3 is named); and
`campaign page`, which re-simulates what it shows (docs/campaign.md)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest

from nightsim.cli import main
from tests.helpers.logs import rehash


def _campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str], nights: int) -> str:
    c = str(tmp_path / "wood.campaign")
    assert main(["campaign", "new", c, "--name", "The Wood"]) == 0
    assert main(["campaign", "adjust", c, "--set", "party.Wren.hp=2", "--note", "an arrow"]) == 0
    if nights:
        assert main(["campaign", "night", c, "--quiet", "--nights", str(nights)]) == 0
    capsys.readouterr()
    return c


def _state(c: str) -> dict[str, object]:
    from nightsim.campaign.chain import state_part

    (state,) = sqlite3.connect(c).execute("SELECT state FROM pending").fetchone()
    return state_part(json.loads(state))


def _header(c: str, night: int) -> dict[str, object]:
    (log,) = (
        sqlite3.connect(c).execute("SELECT log FROM nights WHERE number = ?", (night,)).fetchone()
    )
    data = json.loads(bytes(log).decode().splitlines()[0])
    assert isinstance(data, dict)
    return data


def test_void_restores_the_state_before_the_night_and_verify_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from nightsim.campaign.chain import state_part

    c = _campaign(tmp_path, capsys, 3)
    before = state_part(_header(c, 3)["config"])  # type: ignore[arg-type]
    assert _state(c) != before  # night 3 changed the date at least
    assert main(["campaign", "void", c, "3", "--note", "the party never camped"]) == 0
    assert "night 3 is void" in capsys.readouterr().err
    assert _state(c) == before
    assert main(["campaign", "verify", c]) == 0
    capsys.readouterr()
    # The next night starts from the state before night 3, and the chain holds.
    assert main(["campaign", "night", c, "--quiet"]) == 0
    assert state_part(_header(c, 4)["config"]) == before  # type: ignore[arg-type]
    assert main(["campaign", "verify", c]) == 0
    assert "4 nights" in capsys.readouterr().out


def test_only_the_last_night_not_yet_void(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = _campaign(tmp_path, capsys, 3)
    assert main(["campaign", "void", c, "2", "--note", "x"]) == 2
    err = capsys.readouterr().err
    assert "night 2 is not the last night: night 3 started from its morning" in err
    assert main(["campaign", "void", c, "1", "--note", "x"]) == 2
    err = capsys.readouterr().err  # the night after it, not the last, began from its morning
    assert "night 2 started from its morning; void the nights after it first, from the" in err
    assert "from the last (night 3)" in err
    assert main(["campaign", "void", c, "3", "--note", "x"]) == 0
    assert main(["campaign", "void", c, "3", "--note", "x"]) == 2
    assert "already void" in capsys.readouterr().err
    assert main(["campaign", "void", c, "2", "--note", "that one too"]) == 0
    assert main(["campaign", "void", c, "9", "--note", "x"]) == 2
    assert main(["campaign", "void", c, "1", "--note", " "]) == 2
    assert "say why the night is void" in capsys.readouterr().err
    assert main(["campaign", "verify", c]) == 0


def test_a_void_item_is_not_an_adjustment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = _campaign(tmp_path, capsys, 1)
    assert main(["campaign", "adjust", c, "--set", 'void 1 {"party":[],"camp":{}}']) == 2
    assert "campaign void" in capsys.readouterr().err


@pytest.mark.parametrize(
    "sql",
    [
        # the restored state edited (the hash recomputed would not help: the next night lists
        # it, and the state is checked against the night it voids)
        "UPDATE adjustments SET items = replace(items, ':13,', ':18,') WHERE number = 2",
        # the night it voids changed to one never played
        "UPDATE adjustments SET items = replace(items, 'void 2 ', 'void 7 ') WHERE number = 2",
    ],
)
def test_an_edited_void_entry_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sql: str
) -> None:
    c = _campaign(tmp_path, capsys, 2)
    assert main(["campaign", "void", c, "2", "--note", "by mistake"]) == 0
    subprocess.run(["sqlite3", c, sql], check=True, timeout=30)
    capsys.readouterr()
    assert main(["campaign", "verify", c]) == 1
    assert "after night 2" in capsys.readouterr().out


def test_a_void_entry_edited_and_rehashed_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Edited with its hash recomputed, before a later night lists it: the state it restores
    is checked against the night it voids."""
    from nightsim.campaign.chain import Adjustment

    c = _campaign(tmp_path, capsys, 2)
    assert main(["campaign", "void", c, "2", "--note", "by mistake"]) == 0
    conn = sqlite3.connect(c, isolation_level=None)
    (items,) = conn.execute("SELECT items FROM adjustments WHERE number = 2").fetchone()
    forged = json.loads(items)[0].replace('"wis":13', '"wis":18', 1)
    assert forged != json.loads(items)[0]
    sha = Adjustment(2, 2, (forged,), "by mistake").sha256
    conn.execute(
        "UPDATE adjustments SET items = ?, sha256 = ? WHERE number = 2",
        (json.dumps([forged]), sha),
    )
    conn.close()
    capsys.readouterr()
    assert main(["campaign", "verify", c]) == 1
    assert "does not restore the state night 2 started from" in capsys.readouterr().out


@pytest.mark.parametrize("width", [40, 60, 80, 100])
def test_show_marks_a_void_night_and_fits_the_width(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    c = _campaign(tmp_path, capsys, 2)
    note = "played by mistake: the party stayed at the abbey that night, warm and dry " * 2
    assert main(["campaign", "void", c, "2", "--note", note.strip()]) == 0
    monkeypatch.setenv("COLUMNS", str(width))
    capsys.readouterr()
    assert main(["campaign", "show", c]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert all(len(x) <= width or not x.strip().count(" ") for x in lines), out
    # Words wrap, never cut: the note is all there once the wrapping is undone.
    flat = " ".join(x.strip() for x in lines)
    assert "(1 void, not counted)" in flat
    assert f'VOID "{note.strip()}":' in flat
    assert ": 1 night played" in flat
    assert main(["campaign", "show", c, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [n["void"] for n in data["nights"]] == [False, True]
    assert data["nights"][1]["void_note"] == note.strip() and data["nights_void"] == 1


def test_the_page_strikes_a_void_night_and_leaves_it_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = _campaign(tmp_path, capsys, 2)
    assert main(["campaign", "void", c, "2", "--note", "by mistake"]) == 0
    capsys.readouterr()
    assert main(["campaign", "page", c]) == 0
    html = capsys.readouterr().out
    assert html.count('<tr class="void">') == 1 and "<del>2</del>" in html
    assert "1 night:" in html  # the glance counts night 1 alone
    assert "Checked: every night on this page was re-simulated" in html
    assert "void night 2" in html and '"party"' not in html  # the entry in words


def test_the_page_refuses_a_forged_night(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A forger edits the last night's log, recomputes every hash and the stored head: the
    reader's checks pass, the re-simulation does not; the page says so and writes nothing
    (exit 1); `--unchecked` shows it, and says plainly that it did not check."""
    c = _campaign(tmp_path, capsys, 2)
    conn = sqlite3.connect(c, isolation_level=None)
    (log,) = conn.execute("SELECT log FROM nights WHERE number = 2").fetchone()
    lines = bytes(log).decode().splitlines(keepends=True)
    at = next(i for i, x in enumerate(lines) if '"clock":"20:00"' in x)
    edited = [
        *lines[:at],
        lines[at].replace('"clock":"20:00"', '"clock":"20:01"'),
        *lines[at + 1 :],
    ]
    assert edited != lines
    forged = rehash(edited)
    head = json.loads(forged[-1])["hash"]
    conn.execute(
        "UPDATE nights SET log = ?, head = ? WHERE number = 2", ("".join(forged).encode(), head)
    )
    conn.close()
    page = tmp_path / "wood.html"
    assert main(["campaign", "page", c, "--out", str(page)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("nightsim: error: campaign page: night 2") and not page.exists()
    assert main(["campaign", "page", c, "--unchecked", "--out", str(page)]) == 0
    assert "NOT CHECKED" in page.read_text()


def test_voiding_a_broken_night_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = _campaign(tmp_path, capsys, 1)
    subprocess.run(
        ["sqlite3", c, "UPDATE nights SET log = CAST(X'FFFE' || log AS BLOB) WHERE number = 1"],
        check=True,
        timeout=30,
    )
    before = _state(c)
    assert main(["campaign", "void", c, "1", "--note", "x"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "nightsim: error: night 1's log is broken: `nightsim campaign verify --night 1` names"
        " what is wrong; nothing is recorded\n"
    )
    assert _state(c) == before
