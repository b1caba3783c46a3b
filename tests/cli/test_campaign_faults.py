"""The campaign file's faults with real processes (docs/campaign.md, "The file and its
faults"): a player verifying while the referee plays, `kill -9` during `campaign new`, a
full disk at `new` and a hot journal on a read-only file system (a real tmpfs where the test
may mount one), names that print alike, and JSON output as inert as the text."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from nightsim.campaign import Campaign
from nightsim.cli import main
from nightsim.errors import ConfigError
from tests.helpers.nights import cfg

ROOT = Path(__file__).resolve().parents[2]
linux_only = pytest.mark.skipif(sys.platform != "linux", reason="Linux processes and mounts")


def _python(code: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


WRITER = """
import sys, time
from nightsim.campaign import Campaign
from nightsim.errors import CampaignBusy
end = time.monotonic() + float(sys.argv[2])
played = 0
while time.monotonic() < end:
    try:
        with Campaign.open(sys.argv[1], wait=30) as c:
            c.play()
            played += 1
    except CampaignBusy:
        pass
print(played)
"""

READER = """
import contextlib, io, json, sys, time
from nightsim.cli import main
codes, torn = [], []
end = time.monotonic() + float(sys.argv[2])
while time.monotonic() < end:
    page = f"{sys.argv[1]}.{len(codes)}.html"  # checked: every night re-simulated first
    for args in (["verify"], ["show", "--format", "json"], ["page", "--out", page]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["campaign", args[0], sys.argv[1], *args[1:]])
        codes.append([args[0], code, out.getvalue()[-300:] + err.getvalue()[-300:]])
        if args[0] == "show" and code == 0:
            data = json.loads(out.getvalue())
            nights = data["nights"]
            if len(nights) != data["nights_played"] or nights[-1]["head"] != data["head"]:
                torn.append(data["nights_played"])
print(json.dumps({"codes": codes, "torn": torn}))
"""


@pytest.mark.slow
def test_verify_show_and_page_read_one_snapshot_while_nights_are_played(tmp_path: Path) -> None:
    path = tmp_path / "wood.campaign"
    with Campaign.new(path, cfg()) as c:
        c.play_nights(3)
    # 3 s of each: some six rounds of the three readers against a night played every ~0.3 s
    # (both processes keep a core busy all the while: a longer race costs the whole suite).
    writer = _python(WRITER, str(path), "3")
    reader = _python(READER, str(path), "3")
    out, err = reader.communicate(timeout=120)
    played = int(writer.communicate(timeout=10)[0])
    result = json.loads(out)
    assert played >= 3, err
    assert not result["torn"]
    wrong = [c for c in result["codes"] if c[1] not in (0, 75)]
    assert not wrong, wrong  # never a false "the referee cheated" (exit 1)
    # (How many rounds fit in the 3 s depends on the machine's load: at least one whole.)
    assert any(c[0] == "verify" and c[1] == 0 for c in result["codes"])
    assert any(c[0] == "page" and c[1] == 0 for c in result["codes"])


NEW_PAUSED = """
import os, sys, time
from nightsim.campaign import Campaign, chain, ledger
from tests.helpers.nights import cfg
stage = sys.argv[2]

module, name = (chain, "genesis_hash") if stage == "genesis" else (ledger, "place")
real = getattr(module, name)

def pause(*args):
    print("paused", flush=True)
    time.sleep(60)
    return real(*args)

setattr(module, name, pause)
Campaign.new(sys.argv[1], cfg())
"""


@linux_only
@pytest.mark.slow
@pytest.mark.parametrize("stage", ["genesis", "place"])
def test_kill_9_during_new_leaves_the_name_free(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stage: str
) -> None:
    """Killed inside the first transaction (SQLite's journal beside the file) or with the
    whole campaign written but not yet named: the name stays free for the next `new`."""
    path = tmp_path / "wood.campaign"
    proc = _python(NEW_PAUSED, str(path), stage)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "paused", proc.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".wood.campaign.")]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert not path.exists()
    assert main(["campaign", "new", str(path)]) == 0
    assert main(["campaign", "verify", str(path)]) == 0
    capsys.readouterr()


@contextmanager
def _tmpfs(folder: Path, size: str) -> Iterator[Path]:
    """A real tmpfs of `size` mounted at `folder`, or the test skipped where it cannot be
    (mounting needs root)."""
    folder.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {done.stderr!r}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


@linux_only
def test_new_on_a_full_disk_is_74_and_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with _tmpfs(tmp_path / "disk", "16k") as disk:
        path = disk / "wood.campaign"
        assert main(["campaign", "new", str(path)]) == 74
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "full" in err and "Traceback" not in err
        assert err.endswith("; no campaign was created\n")
        assert list(disk.iterdir()) == []


HOT_JOURNAL = """
import os, signal, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA cache_size=1")  # the changed pages spill to the file: the journal is hot
conn.execute("BEGIN IMMEDIATE")
conn.execute("UPDATE nights SET log = log || x'00'")
conn.execute("UPDATE pending SET state = state || ' '")
os.kill(os.getpid(), signal.SIGKILL)
"""


@linux_only
@pytest.mark.slow
def test_a_hot_journal_on_a_read_only_file_system_is_told_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with _tmpfs(tmp_path / "disk", "4m") as disk:
        path = disk / "wood.campaign"
        with Campaign.new(path, cfg()) as c:
            c.play()
        proc = _python(HOT_JOURNAL, str(path))
        proc.communicate(timeout=30)
        assert proc.returncode == -signal.SIGKILL
        journal = disk / "wood.campaign-journal"
        assert journal.stat().st_size > 0
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        for command in ("show", "verify"):
            assert main(["campaign", command, str(path)]) == 74
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and "read-only" in err and "journal" in err
            assert "not a campaign" not in err
        subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
        assert main(["campaign", "verify", str(path)]) == 0  # rolled back: as it was
        assert not journal.exists()
        capsys.readouterr()


MEMBER = ("con=10", "wis=10", "cha=10", "hp=3", "max_hp=3", "save_doom=12")


def _joins(name: str) -> list[str]:
    return [f"party.{name}.{field}" for field in MEMBER]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("wren", "the same name but for case"),
        ("Wr\u0435n", "look alike"),  # a Cyrillic e
        ("M\u043ess", "look alike"),  # a Cyrillic o
        ("M\u1d0fss", "look alike"),  # a Latin small capital O
        ("\u3164", "is blank"),
        ("\u2800", "is blank"),
        ("Jo\u2800", "BRAILLE PATTERN BLANK"),
        ("J\u034fo", "COMBINING GRAPHEME JOINER"),
        ("Jo\ufe0f", "VARIATION SELECTOR-16"),
    ],
)
def test_adjust_refuses_names_that_print_alike(tmp_path: Path, name: str, said: str) -> None:
    with Campaign.new(tmp_path / "c.db", cfg()) as c:
        with pytest.raises(ConfigError, match=said):
            c.adjust(_joins(name), note="a stranger joins")
        assert len(c.state.party) == 4 and not list(c.adjustments())
        c.adjust(_joins("Brother Oswin"), note="a friar joins")  # a new name is fine
        assert len(c.state.party) == 5


def test_names_alike_from_the_first_config_do_not_block_later_adjustments(
    tmp_path: Path,
) -> None:
    """A config with look-alike names is warned about, not refused (`check`, `run`, `new`):
    its campaign still takes adjustments to those members; only a new name is held to it."""
    from nightsim.config import parse_config
    from tests.helpers.nights import default_text

    # Moss renamed with a Cyrillic e for Wren's: a look-alike of Wren, warned about.
    config = parse_config(default_text().replace('"Moss"', '"Wr\u0435n"'))
    with Campaign.new(tmp_path / "c.db", config) as c:
        c.adjust(["party.Wren.hp=3", "party.Wr\u0435n.hp=2"], note="both hurt")
        with pytest.raises(ConfigError, match="'WREN' look alike"):
            c.adjust(_joins("WREN"), note="a third")
        assert [m.hp for m in c.state.party][2:] == [2, 3]


def test_adjust_set_party_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "c.db")
    assert main(["campaign", "new", path]) == 0
    capsys.readouterr()
    for item in ("party=1", "party.Wren=1"):
        assert main(["campaign", "adjust", path, "--set", item]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and item.partition("=")[0] in err


def test_show_json_escapes_what_the_text_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    path = tmp_path / "c.db"
    with Campaign.new(path, cfg(), name="The Wood") as c:
        c.adjust(["party.Wren.hp=3"], note="an arrow")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE campaign SET name = 'The \u202eWood\u009b2J'")
    conn.execute("UPDATE adjustments SET note = 'an \u2066arrow\x1b[31m'")
    conn.close()
    assert main(["campaign", "show", str(path)]) == 0
    text = capsys.readouterr().out
    assert main(["campaign", "show", str(path), "--format", "json"]) == 0
    out = capsys.readouterr().out
    for raw, escaped in (("\u202e", "u202e"), ("\u009b", "u009b"), ("\u2066", "u2066")):
        assert raw not in text and raw not in out and escaped in out
    assert "\x1b" not in out
    data = json.loads(out)
    assert data["name"] == "The \u202eWood\u009b2J"  # the same JSON value
    assert data["adjustments"][0]["note"] == "an \u2066arrow\x1b[31m"


@linux_only
def test_verify_with_its_temporary_folder_full_is_74(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    path = tmp_path / "wood.campaign"
    with Campaign.new(path, cfg()) as c:
        c.play()
    with _tmpfs(tmp_path / "disk", "16k") as disk:
        monkeypatch.setattr(tempfile, "tempdir", str(disk))
        assert main(["campaign", "verify", str(path)]) == 74
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cannot copy the campaign" in err
        assert list(disk.iterdir()) == []


@pytest.mark.parametrize("where", ["the temporary file", "sqlite"])
def test_new_on_a_full_disk_without_a_tmpfs(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    where: str,
) -> None:
    """Where no tmpfs can be mounted: ENOSPC creating the temporary file, and SQLite's own
    SQLITE_FULL (`PRAGMA max_page_count`) while the campaign is built."""
    import errno
    import sqlite3

    from nightsim.campaign import ledger

    if where == "sqlite":
        real = ledger._connect

        def small(path: Path, wait: float) -> sqlite3.Connection:
            conn = real(path, wait)
            conn.execute("PRAGMA max_page_count=2")
            return conn

        monkeypatch.setattr(ledger, "_connect", small)
    else:
        real_open = os.open

        def full(path: object, flags: int, *args: int) -> int:
            if str(path).endswith(".new"):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            return real_open(path, flags, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "open", full)  # the module ledger writes through
    path = tmp_path / "wood.campaign"
    assert main(["campaign", "new", str(path)]) == 74
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("full" in err or "No space" in err)
    assert list(tmp_path.iterdir()) == []
