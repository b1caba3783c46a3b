"""`nightsim campaign` with real processes, real signals and the real sqlite3: a referee's
sessions from the README, two commands at once, a stop or `kill -9` mid-night, files that
are not campaigns (docs/campaign.md, "Nothing lost")."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from nightsim.cli import main
from tests.helpers.processes import ENV, NIGHTSIM, TIMEOUT, handles, linux_only, wait_until

NB = "\u00a0"  # a no-break space, as the Ukrainian catalogue joins a number to its noun


def cli(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*NIGHTSIM, *args], cwd=folder, env=ENV, capture_output=True, text=True, timeout=TIMEOUT
    )


def snapshot(path: Path) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        rows: list[tuple[object, ...]] = []
        for table in ("campaign", "nights", "adjustments", "pending"):
            rows += conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
        return rows
    finally:
        conn.close()


@pytest.mark.slow
def test_ten_sessions_from_the_readme(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """In-process for speed (the CLI's own main): new, night, adjust, night…, show, log,
    then `nightsim verify` on the log alone."""
    c = str(tmp_path / "wood.campaign")
    assert main(["campaign", "new", c, "--name", "The Wood"]) == 0
    assert "night 1's seed is committed: sha256" in capsys.readouterr().err
    for session in range(10):
        if session == 2:
            assert (
                main(
                    [
                        "campaign",
                        "adjust",
                        c,
                        "--set",
                        "party.Wren.hp=3",
                        "--note",
                        "a bandit's arrow",
                    ]
                )
                == 0
            )
        sets = ["--set", "camp.weather=dry"] if session == 4 else []
        assert main(["campaign", "night", c, "--quiet", *sets]) == 0
        err = capsys.readouterr().err
        # Each hash whole on the line after its label (never wrapped with it).
        assert f"night {session + 1}: head:\n" in err
        assert "the next night's seed is committed: sha256:\n" in err
    assert main(["campaign", "show", c]) == 0
    shown = capsys.readouterr().out
    assert "10 nights played" in shown and "a bandit's arrow" in shown
    out = tmp_path / "n3.jsonl"
    assert main(["campaign", "log", c, "3", "--out", str(out)]) == 0
    assert main(["verify", str(out)]) == 0
    assert main(["campaign", "log", c, "3", "--out", str(out)]) == 2  # never overwritten
    assert main(["campaign", "verify", c]) == 0
    last = capsys.readouterr().out.split("head: ")[-1].strip()
    assert main(["campaign", "verify", c, "--head", last[:12]]) == 0
    assert main(["campaign", "verify", c, "--head", "0" * 16]) == 1
    assert "not at the head read out" in capsys.readouterr().out
    assert main(["campaign", "verify", c, "--night", "4"]) == 0


def test_state_keys_go_through_adjust(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = str(tmp_path / "c.db")
    assert main(["campaign", "new", c]) == 0
    assert main(["campaign", "night", c, "--set", "party.Wren.hp=1"]) == 2
    assert "campaign adjust" in capsys.readouterr().err
    assert main(["campaign", "adjust", c, "--set", "party.Wren.hp=9"]) == 2
    assert "hp 9 is above max_hp 5" in capsys.readouterr().err
    assert main(["campaign", "adjust", c, "--set", "party.Wern.hp=3"]) == 2
    err = capsys.readouterr().err
    assert "Wern is not in the party (did you mean 'Wren'?); a new member needs con," in err
    assert "Traceback" not in err and err.count("\n") == 1
    assert main(["campaign", "log", c, "1"]) == 2
    assert main(["campaign", "new", c]) == 2
    assert "already exists" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (None, "no such file"),
        (b"night after night\n" * 200, "not a SQLite database"),
        (b"", "an empty file, not a nightsim campaign"),
    ],
)
def test_not_a_campaign_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, said: str
) -> None:
    path = tmp_path / "x.db"
    if content is not None:
        path.write_bytes(content)
    for command, rest in (("show", []), ("night", []), ("verify", []), ("log", ["1"])):
        assert main(["campaign", command, str(path), *rest]) == 2
        err = capsys.readouterr().err
        assert said in err and "x.db" in err


def test_a_corrupt_campaign_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = tmp_path / "c.db"
    assert main(["campaign", "new", str(c)]) == 0
    assert main(["campaign", "night", str(c), "--quiet"]) == 0
    data = bytearray(c.read_bytes())
    data[4096 + 8 : 4096 + 64] = b"\xff" * 56  # a page's header trampled
    c.write_bytes(bytes(data))
    capsys.readouterr()
    assert main(["campaign", "show", str(c)]) == 2
    assert "c.db" in capsys.readouterr().err


@pytest.mark.slow
def test_busy_is_exit_75(tmp_path: Path) -> None:
    c = tmp_path / "c.db"
    assert cli(tmp_path, "campaign", "new", "c.db").returncode == 0
    holder = sqlite3.connect(c, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        done = cli(tmp_path, "campaign", "night", "c.db", "--wait", "0.3")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert done.returncode == 75, done.stderr
    assert (
        "the campaign" in done.stderr
        and "is busy (another nightsim is writing it): try again in a moment, or raise --wait"
        in done.stderr
    )
    assert cli(tmp_path, "campaign", "verify", "c.db").returncode == 0


@pytest.mark.slow
def test_two_nights_at_once_are_two_nights(tmp_path: Path) -> None:
    assert cli(tmp_path, "campaign", "new", "c.db").returncode == 0
    procs = [
        subprocess.Popen(
            [*NIGHTSIM, "campaign", "night", "c.db", "--quiet", "--nights", "3"],
            cwd=tmp_path,
            env=ENV,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    codes = [p.wait(TIMEOUT) for p in procs]
    for p in procs:
        assert p.stderr is not None
        p.stderr.close()
    nights = len([r for r in snapshot(tmp_path / "c.db") if len(r) == 11])
    assert sorted(codes) in ([0, 0], [0, 75])
    assert nights == 3 * codes.count(0)
    assert cli(tmp_path, "campaign", "verify", "c.db").returncode == 0


@pytest.mark.slow
@linux_only
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
def test_a_stop_mid_night_leaves_the_ledger(tmp_path: Path, sig: int) -> None:
    assert cli(tmp_path, "campaign", "new", "c.db").returncode == 0
    assert cli(tmp_path, "campaign", "night", "c.db", "--quiet").returncode == 0
    before = snapshot(tmp_path / "c.db")
    proc = subprocess.Popen(
        [*NIGHTSIM, "campaign", "night", "c.db", "--quiet", "--nights", "200"],
        cwd=tmp_path,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    # The transaction has begun writing once its rollback journal exists (after the first
    # of the 200 nights): the stop lands mid-transaction.
    wait_until(lambda: handles(proc.pid, signal.SIGINT), "the handlers")
    wait_until(lambda: (tmp_path / "c.db-journal").exists(), "the transaction")
    time.sleep(0.2)
    proc.send_signal(sig)
    code = proc.wait(TIMEOUT)
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert code == (-9 if sig == signal.SIGKILL else 128 + sig), err
    assert "Traceback" not in err
    if snapshot(tmp_path / "c.db") != before:
        # The stop came while the commit was held (cli/stop.py): the 200 nights are in, and
        # the last line says so. On a quick machine the polling can first see the journal
        # of the final write, moments before that commit (kill -9 then says nothing).
        assert sig == signal.SIGKILL or "night 201 is in the campaign" in err, err
    done = cli(tmp_path, "campaign", "verify", "c.db")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_step_without_a_terminal_tells_the_whole_night(tmp_path: Path) -> None:
    assert cli(tmp_path, "campaign", "new", "c.db").returncode == 0
    proc = subprocess.Popen(
        [*NIGHTSIM, "campaign", "night", "c.db", "--step"],
        cwd=tmp_path,
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0, err
    assert os.path.exists(tmp_path / "c.db")


@pytest.mark.slow
@linux_only
def test_a_full_disk_mid_night_leaves_the_ledger(tmp_path: Path) -> None:
    """A real full file system (a tmpfs, mounting needs root): the night's transaction
    cannot be written, the command says so (exit 74), and the file is as it was."""
    tiny = tmp_path / "tiny"
    tiny.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(tiny)]
    if os.geteuid() != 0 or subprocess.run(mount, capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        assert cli(tiny, "campaign", "new", "c.db").returncode == 0
        assert cli(tiny, "campaign", "night", "c.db", "--quiet").returncode == 0
        before = snapshot(tiny / "c.db")
        free = os.statvfs(tiny).f_bavail * os.statvfs(tiny).f_frsize
        # Leave a few KiB: less than one night's log and its rollback journal.
        (tiny / "filler").write_bytes(b"\0" * (free - 4096))
        done = cli(tiny, "campaign", "night", "c.db", "--quiet")
        assert done.returncode == 74, done.stderr
        assert done.stderr == (
            "nightsim: error: c.db: cannot write: the disk (or the database) is full;"
            " the campaign is as it was\n"
        )
        assert "Traceback" not in done.stderr
        (tiny / "filler").unlink()
        assert snapshot(tiny / "c.db") == before
        assert sorted(p.name for p in tiny.iterdir()) == ["c.db"]
        assert cli(tiny, "campaign", "verify", "c.db").returncode == 0
    finally:
        subprocess.run(["umount", str(tiny)], check=False)


def test_show_and_check_tell_the_next_camp(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    c = str(tmp_path / "c.db")
    assert main(["campaign", "new", c]) == 0
    night = ["campaign", "night", c, "--quiet", "--set", "camp.terrain=bog"]
    assert main([*night, "--set", "rules.sleep_in=true"]) == 0
    assert main(["campaign", "adjust", c, "--set", "party.Wren.hp=3", "--note", "Wren's fall"]) == 0
    capsys.readouterr()
    assert main(["campaign", "show", c]) == 0
    out = capsys.readouterr().out
    assert "next night: 2 Reedwryme, autumn;" in out
    flat = " ".join(out.split())  # the words, wherever the terminal's width breaks them
    assert (
        "next night's camp: bog (wandering monsters 2-in-6); weather damp; watch: Sir Aldric"
        in flat
    )
    assert "set: rules.sleep_in=true" in out
    assert "  1  1 Reedwryme  seed committed" in out
    assert '("Wren\'s fall")' in out
    assert main(["campaign", "show", c, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["season"] == "autumn"
    assert data["next_camp"]["terrain"] == "bog"
    assert data["next_camp"]["settings"] == {"rules.sleep_in": True}
    assert main(["campaign", "check", c, "--set", "camp.weather=dry"]) == 0
    out = capsys.readouterr().out
    assert "night 2" in out and "(bog)" in out and "(dry)" in out
    assert main(["campaign", "check", c, "--set", "party.Wren.hp=1"]) == 2
    assert main(["campaign", "show", c, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["nights_played"] == 1  # check recorded nothing


def _set_log(path: Path, night: int, log: bytes) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE nights SET log = ? WHERE number = ?", (log, night))
    conn.close()


def _log_of(path: Path, night: int) -> bytes:
    conn = sqlite3.connect(path)
    (log,) = conn.execute("SELECT log FROM nights WHERE number = ?", (night,)).fetchone()
    conn.close()
    return bytes(log)


@pytest.mark.parametrize(
    ("tamper", "said"),
    [
        (lambda log: log.replace(b'"clock":"20:00"', b'"clock":"20:01"', 1), "line 3: hash"),
        (lambda log: log[: len(log) // 2], "not JSON"),
        (lambda log: b"\xff\xfe" + log, "not UTF-8 text"),
    ],
)
def test_a_broken_night_is_named_by_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tamper: object, said: str
) -> None:
    """A night's log tampered with or corrupt: `page` names it in one line, exit 1, writes
    nothing; `verify --night` of the night after names it; the rest do not read logs."""
    c = tmp_path / "c.db"
    assert main(["campaign", "new", str(c)]) == 0
    for _ in range(3):
        assert main(["campaign", "night", str(c), "--quiet"]) == 0
    assert callable(tamper)
    _set_log(c, 2, tamper(_log_of(c, 2)))
    capsys.readouterr()
    page = tmp_path / "c.html"
    assert main(["campaign", "page", str(c), "--out", str(page)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("nightsim: error: campaign page: night 2's log is broken: ")
    assert said in err and err.count("\n") == 1 and not page.exists()
    assert main(["campaign", "verify", str(c), "--night", "2"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"NOT GENUINE: {c}\n- night 2")
    if said != "line 3: hash":  # an edit inside night 2 leaves the morning night 3 links to
        assert main(["campaign", "verify", str(c), "--night", "3"]) == 1
        assert "night 2's log is broken" in capsys.readouterr().out
    out = str(tmp_path / "n2.jsonl")  # the stored bytes, as they are: the evidence
    for command in (["show"], ["check"], ["log", "2", "--out", out], ["night", "--quiet"]):
        assert main(["campaign", command[0], str(c), *command[1:]]) == 0


def test_an_old_head_is_named_and_a_night_past_the_end_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = str(tmp_path / "c.db")
    assert main(["campaign", "new", c]) == 0
    for _ in range(4):
        assert main(["campaign", "night", c, "--quiet"]) == 0
    capsys.readouterr()
    assert main(["campaign", "show", c, "--format", "json"]) == 0
    import json

    heads = [n["head"] for n in json.loads(capsys.readouterr().out)["nights"]]
    verdicts = {
        (None, heads[2]): f"that is night 3's head; 1 night has been played since (night 4, head"
        f" {heads[3]}); `--night 3 --head {heads[2][:12]}` checks that night alone",
        (None, heads[1]): "that is night 2's head; 2 nights have been played since (nights 3 to"
        f" 4; night 4's head {heads[3]})",
        ("2", heads[0]): f"that is night 1's head, not night 2's ({heads[1]})",
        (None, "f" * 12): f"the campaign ends at head {heads[3]}, not at the head read out"
        f" ({'f' * 12}), which is no night's of this campaign: it was cut, added to or rewritten",
        ("3", "f" * 12): f"night 3 ends at head {heads[2]}, not at the head read out",
    }
    for (night, head), said in verdicts.items():
        at = ["--night", night] if night else []
        assert main(["campaign", "verify", c, *at, "--head", head[:12]]) == 1
        assert said in capsys.readouterr().out
    assert main(["campaign", "verify", c, "--night", "3", "--head", heads[2][:12]]) == 0
    assert "night 3 and its links" in capsys.readouterr().out
    for night in ("5", "0"):
        assert main(["campaign", "verify", c, "--night", night]) == 2
        assert f"no night {night} (the campaign has 4)" in capsys.readouterr().err


def test_a_campaign_file_given_where_a_log_goes_is_pointed_to_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = str(tmp_path / "c.campaign")
    assert main(["campaign", "new", c]) == 0
    assert main(["campaign", "night", c, "--quiet"]) == 0
    capsys.readouterr()
    for command in (["verify"], ["replay"], ["whatif", "--set", "camp.weather=dry"]):
        assert main([command[0], c, *command[1:]]) == 2
        err = capsys.readouterr().err
        assert "c.campaign: this is a nightsim campaign file: use `nightsim campaign verify`" in err
        assert err.count("\n") == 1


def test_a_missing_night_is_warned_of_and_the_rest_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = tmp_path / "c.db"
    assert main(["campaign", "new", str(c)]) == 0
    for _ in range(4):
        assert main(["campaign", "night", str(c), "--quiet"]) == 0
    assert main(["campaign", "adjust", str(c), "--set", "party.Wren.hp=1"]) == 0
    conn = sqlite3.connect(c, isolation_level=None)
    conn.execute("DELETE FROM nights WHERE number = 2")
    conn.close()
    capsys.readouterr()
    warning = "nightsim: warning: night 2 is missing — run `nightsim campaign verify`\n"
    assert main(["campaign", "show", str(c)]) == 0
    done = capsys.readouterr()
    assert done.err == warning and "     3  3 Reedwryme" in done.out
    # The page re-simulates first: a campaign with a night missing is no page at all (1);
    # --unchecked shows the rest, and says plainly it was not checked.
    assert main(["campaign", "page", str(c)]) == 1
    done = capsys.readouterr()
    assert done.err.startswith(warning) and "night 2 is missing" in done.err and not done.out
    assert main(["campaign", "page", str(c), "--unchecked"]) == 0
    done = capsys.readouterr()
    assert done.err == warning and "NOT CHECKED" in done.out
    assert 'id="night-3"' in done.out and 'id="night-2"' not in done.out
    assert main(["campaign", "verify", str(c)]) == 1
    assert "night 2 is missing" in capsys.readouterr().out
    # Nothing is played onto it: the ledger is as it was.
    before = c.read_bytes()
    assert main(["campaign", "night", str(c), "--quiet", "--lang", "uk"]) == 2
    done = capsys.readouterr()
    assert "у файлі бракує ночі 2" in done.err and len(done.err.splitlines()) == 1  # noqa: RUF001
    assert not done.out and c.read_bytes() == before


def test_a_mistyped_option_points_to_its_command_help(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["campaign", "show", str(tmp_path / "c.db"), "--formt", "json"]) == 2
    assert capsys.readouterr().err == (
        "nightsim campaign show: error: unrecognized arguments: --formt json"
        " (see nightsim campaign show --help)\n"
    )


def test_every_key_of_show_json_is_documented(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    c = str(tmp_path / "c.db")
    assert main(["campaign", "new", c]) == 0
    assert main(["campaign", "night", c, "--quiet"]) == 0
    assert main(["campaign", "adjust", c, "--set", "party.Wren.hp=1", "--note", "n"]) == 0
    capsys.readouterr()
    assert main(["campaign", "show", c, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    doc = (Path(__file__).resolve().parents[2] / "docs" / "campaign.md").read_text(encoding="utf-8")
    section = doc.split("### `campaign show --format json`")[1].split("\n## ")[0]
    keys = set(data) | set(data["next_camp"]) | set(data["nights"][0]) | set(data["adjustments"][0])
    missing = [k for k in sorted(keys) if f"`{k}`" not in section]
    assert not missing, f"campaign show --format json keys not in docs/campaign.md: {missing}"


def test_show_and_verify_speak_the_referees_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`campaign show --lang uk` and `campaign verify --lang uk`: the ledger's words, counted
    nouns and the config's terms in Ukrainian; the names, hashes and settings as stored. One
    night is "1 night", not "1 nights". (Wide: each line whole, unwrapped.)"""
    monkeypatch.setenv("COLUMNS", "300")
    c = str(tmp_path / "wood.campaign")
    assert main(["campaign", "new", c, "--name", "Ліс"]) == 0
    assert main(["campaign", "night", c, "--quiet", "--set", "camp.weather=heavy_rain"]) == 0
    capsys.readouterr()
    assert main(["campaign", "show", c]) == 0
    en = capsys.readouterr().out.splitlines()
    assert en[0].endswith("): 1 night played")
    assert "; weather heavy rain; watch: " in en[3]
    assert main(["campaign", "show", c, "--lang", "uk"]) == 0
    uk = capsys.readouterr().out.splitlines()
    assert uk[0].startswith("кампанія «Ліс» (ідентифікатор ") and uk[0].endswith(
        f"): зіграно 1{NB}ніч"
    )
    assert uk[1].startswith("загін зараз: Sir Aldric ")
    assert uk[3] == (
        "табір наступної ночі: нетрі (шанс зустрічі 2 з 6); сильна злива; послідовність варт:"
        " Sir Aldric, Wren, Sister Ysolde, Moss"
    )
    assert uk[5] == en[5].replace("head: ", "останній геш ланцюжка: ")
    assert uk[6] == "ночі:" and uk[8] == "поправки:"
    assert uk[7].startswith("     1  1 Рідрайм  зерно приховано  геш ")
    assert "  без зустрічі; повноцінно відпочили: " in uk[7] or "  зустріч" in uk[7]
    assert main(["campaign", "verify", c, "--lang", "uk"]) == 0
    verdict, said = capsys.readouterr().out.strip().splitlines()
    assert verdict.startswith(f"СПРАВЖНЯ: {c}: кожна перевірена ніч")
    assert said.startswith(f"перевірено: кампанія «Ліс»: 1{NB}ніч; останній геш ланцюжка: ")
    head = said.split()[-1]
    # As read out at the table (groups, capitals); echoed as the hex digits it stands for.
    read_out = "-".join(head[k : k + 4] for k in (0, 4, 8)).upper()
    assert main(["campaign", "verify", c, "--lang", "uk", "--head", read_out]) == 0
    assert capsys.readouterr().out.splitlines()[2] == (
        f"кампанія закінчується названим останнім гешем ланцюжка {head[:12]}"
    )
