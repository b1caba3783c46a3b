"""`campaign publish` and what it binds: the block to publish before a night (hashes whole on
lines of their own at any width), `campaign night`'s warning when tonight's config is not the
one published, `campaign verify --night N` with the published values; hashes never broken
across lines at 40 columns (docs/campaign.md, "Publish, play, verify")."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.editions import CURRENT_EDITION

HASH = re.compile(r"[0-9a-f]{64}")


@pytest.fixture
def narrow(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")


def _new(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    c = str(tmp_path / "wood.campaign")
    assert main(["campaign", "new", c, "--name", "The Wood"]) == 0
    capsys.readouterr()
    return c


def _published(out: str) -> dict[str, str]:
    """The values of a published block, read from its verify command."""
    command = out[out.index("nightsim campaign verify") :].replace("\\\n", " ")
    words = command.split()
    return {w[2:]: words[i + 1] for i, w in enumerate(words) if w.startswith("--")}


def _verify_args(c: str, pub: dict[str, str], head: str) -> list[str]:
    args = ["campaign", "verify", c, "--night", pub["night"]]
    for key in ("commitment", "config-sha256", "edition", "rng", "release"):
        args += [f"--{key}", pub[key]]
    return [*args, "--head", head]


def _head(err: str) -> str:
    """The head `campaign night` printed, whole on the line after its label."""
    lines = err.splitlines()
    return lines[lines.index(next(x for x in lines if x.endswith(": head:"))) + 1]


def test_publish_prints_each_hash_whole_at_40_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], narrow: None
) -> None:
    from nightsim import __version__
    from nightsim.campaign import Campaign
    from nightsim.config.fingerprint import config_sha256

    c = _new(tmp_path, capsys)
    assert main(["campaign", "publish", c, "--set", "camp.weather=dry"]) == 0
    done = capsys.readouterr()
    lines = done.out.splitlines()
    with Campaign.open(c) as camp:
        commitment = camp.state.next_seed_sha256
        sha = config_sha256(camp.next_config(["camp.weather=dry"]))
    # Each hash alone on its line (a copy holds no newline), and in the command.
    assert commitment in lines and sha in lines
    assert f"  --commitment {commitment} \\" in lines
    assert f"  --config-sha256 {sha} \\" in lines
    assert lines[0] == 'Publish before night 1 of the campaign "The Wood":'
    assert f"nightsim {__version__}" in done.out and f"rules edition {CURRENT_EDITION}" in done.out
    assert done.err == "publication 1 recorded: night 1\n"
    row = sqlite3.connect(c).execute("SELECT night, config_sha256, sets FROM publications")
    assert row.fetchall() == [(1, sha, '["camp.weather=dry"]')]


def test_publish_in_ukrainian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = _new(tmp_path, capsys)
    assert main(["campaign", "publish", c, "--lang", "uk"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Оприлюдніть перед ніччю 1 кампанії «The Wood»:")
    assert "--set цієї ночі: немає" in out


def test_the_published_round_trip_and_a_night_played_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], narrow: None
) -> None:
    """Published with --set, played with the same --set: verified with every published
    value. Published again, played with another --set: refused; with --not-as-published the
    warning names both fingerprints before the night, and verify says "another config"."""
    c = _new(tmp_path, capsys)
    assert main(["campaign", "publish", c, "--set", "camp.weather=dry"]) == 0
    pub = _published(capsys.readouterr().out)
    assert main(["campaign", "night", c, "--quiet", "--set", "camp.weather=dry"]) == 0
    done = capsys.readouterr()
    assert "warning" not in done.err
    head = _head(done.err)
    assert HASH.fullmatch(head)
    # The fingerprint played, whole, after the head.
    assert pub["config-sha256"] in done.err.splitlines()
    assert main(_verify_args(c, pub, head)) == 0
    assert "verified" in capsys.readouterr().out

    assert main(["campaign", "publish", c, "--set", "camp.terrain=bog"]) == 0
    pub2 = _published(capsys.readouterr().out)
    assert pub2["night"] == "2"
    assert main(["campaign", "night", c, "--quiet"]) == 2  # refused: not as published
    assert "--not-as-published" in capsys.readouterr().err
    assert main(["campaign", "night", c, "--quiet", "--not-as-published"]) == 0
    done = capsys.readouterr()
    warning = done.err[: done.err.index("night 2: head:")]
    assert warning.startswith("nightsim: warning: tonight's config is not the one published")
    assert pub2["config-sha256"] in warning.splitlines()
    played = warning.splitlines()[warning.splitlines().index("tonight:") + 1]
    assert HASH.fullmatch(played) and played != pub2["config-sha256"]
    assert main(_verify_args(c, pub2, _head(done.err))) == 1
    said = capsys.readouterr().out
    assert "night 2 was played with another config" in said and played in said


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("release", "0.4.1", "another release"),
        ("rng", "sha256-ctr-v1", "another dice"),
        ("edition", "1", "another rules edition"),
        ("commitment", "0" * 64, "another seed"),
    ],
)
def test_one_published_block_admits_one_night(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, value: str, said: str
) -> None:
    c = _new(tmp_path, capsys)
    assert main(["campaign", "publish", c]) == 0
    pub = _published(capsys.readouterr().out)
    assert main(["campaign", "night", c, "--quiet"]) == 0
    head = _head(capsys.readouterr().err)
    assert main(_verify_args(c, pub | {key: value}, head)) == 1
    assert said in capsys.readouterr().out


def test_published_values_need_a_night(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = _new(tmp_path, capsys)
    assert main(["campaign", "night", c, "--quiet"]) == 0
    capsys.readouterr()
    assert main(["campaign", "verify", c, "--release", "0.4.0"]) == 2
    assert "give the night with --night N" in capsys.readouterr().err


def test_night_and_check_print_hashes_whole_at_40_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], narrow: None
) -> None:
    c = _new(tmp_path, capsys)
    assert main(["campaign", "check", c]) == 0
    out = capsys.readouterr().out.splitlines()
    assert any(HASH.fullmatch(line) for line in out)
    assert main(["campaign", "night", c, "--quiet"]) == 0
    done = capsys.readouterr()
    head = _head(done.err)
    assert head in done.out.splitlines()  # the narration's "in full:", on its own line
    assert all(HASH.fullmatch(x) or len(x) <= 40 or " " in x for x in done.out.splitlines())


def test_the_nights_page_carries_the_next_commitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = _new(tmp_path, capsys)
    page = tmp_path / "night.html"
    assert main(["campaign", "night", c, "--quiet", "--html", str(page)]) == 0
    capsys.readouterr()
    from nightsim.campaign import Campaign

    with Campaign.open(c) as camp:
        commitment = camp.state.next_seed_sha256
        log = camp.night(1)
    assert log is not None
    assert json.loads(log.lines[0])["campaign"]["next_seed_sha256"] == commitment
    html = page.read_text()
    assert f'<span class="full">{commitment}</span>' in html
    assert "The next night\u2019s seed is committed" in html


def test_show_tells_what_was_published_for_the_next_night(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    c = _new(tmp_path, capsys)
    assert main(["campaign", "show", c, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["published"] is None
    assert main(["campaign", "publish", c, "--set", "camp.weather=dry"]) == 0
    pub = _published(capsys.readouterr().out)
    assert main(["campaign", "show", c]) == 0
    assert f"published for night 1: config sha256 {pub['config-sha256']}" in capsys.readouterr().out
    assert main(["campaign", "show", c, "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)["published"]
    assert shown["config_sha256"] == pub["config-sha256"] and shown["sets"] == ["camp.weather=dry"]
    assert main(["campaign", "night", c, "--quiet", "--set", "camp.weather=dry"]) == 0
    capsys.readouterr()
    assert main(["campaign", "show", c, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["published"] is None  # night 2: none yet


def test_a_schema_1_file_read_only_is_read_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A campaign of schema 1 that cannot be migrated (a read-only connection, SQLite's own
    `mode=ro`) is read as it is: every migration only adds; nothing was published in it."""
    from nightsim.campaign import Campaign, ledger
    from nightsim.campaign.publish import last_published

    c = _new(tmp_path, capsys)
    assert main(["campaign", "night", c, "--quiet"]) == 0
    capsys.readouterr()
    conn = sqlite3.connect(c, isolation_level=None)
    conn.executescript("DROP TABLE publications; PRAGMA user_version = 1;")
    conn.close()
    ro = sqlite3.connect(f"file:{c}?mode=ro", uri=True, isolation_level=None)
    ledger.migrate(ro, Path(c))
    assert ro.execute("PRAGMA user_version").fetchone()[0] == 1
    camp = Campaign(Path(c), ro)
    try:
        assert last_published(camp, 2) is None
        assert camp.verify().ok and camp.state.nights == 1
    finally:
        camp.close()
    # Writable, it is migrated on open, and publishes.
    assert main(["campaign", "publish", c]) == 0
    assert sqlite3.connect(c).execute("PRAGMA user_version").fetchone()[0] == ledger.SCHEMA_VERSION


def test_an_adjustment_after_publishing_says_to_publish_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The party's HP are in the published fingerprint: damage recorded after the block
    was published makes it stale, and `adjust` says so at once (a player's verify of the
    old block would otherwise call an honest night NOT GENUINE)."""
    c = _new(tmp_path, capsys)
    assert main(["campaign", "publish", c]) == 0
    capsys.readouterr()
    assert main(["campaign", "adjust", c, "--set", "party.Moss.hp=1", "--note", "an arrow"]) == 0
    assert "the block published for night 1 no longer holds" in capsys.readouterr().err
    assert main(["campaign", "publish", c]) == 0
    capsys.readouterr()
    assert main(["campaign", "night", c, "--quiet"]) == 0
    assert main(["campaign", "adjust", c, "--set", "party.Moss.hp=2"]) == 0
    assert "no longer holds" not in capsys.readouterr().err  # nothing published for night 2
