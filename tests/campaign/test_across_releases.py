"""One campaign played back and forth between this nightsim and a later release
(docs/campaign.md, "Across releases"): never called edited (1), never an unknown key (2).

0.3.x, the release before this one, has no campaign, so the later release is made here from
this tree, as the next minor version's development build would be: one copy that only adds
a config key (marked `added`, at its default unless set), one that plays a new rules
edition. Each runs in its own process from its own copy (PYTHONPATH), on this venv's
dependencies. A night the later release played with what this nightsim knows (the key at
its default is left out of the header, config/fingerprint.py) is re-simulated here; a night
it played with what this nightsim does not know is exit 3 in `campaign verify`, `show`,
`page`, `night` and `check`, naming the file and the release that plays it, as `verify`
answers for a log.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.version import Version

from nightsim import __version__
from nightsim.cli import main
from nightsim.editions import CURRENT_EDITION, EDITIONS, is_later, series

ROOT = Path(__file__).resolve().parents[2]
ADDED_KEY = "doze_wakes"
ADDED_PARTY_KEY = "stamina"


def later_version() -> str:
    """The next minor release's development build: later than this one (PEP 440)."""
    v = Version(__version__)
    return f"{v.major}.{v.minor + 1}.0.dev0"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: {old!r} is not there any more: update this test's release"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def make_release(
    where: Path, *, key: bool = False, edition: bool = False, party_key: bool = False
) -> Path:
    """A copy of this tree's package as a later release: its version bumped, and a config
    key added (`rules.doze_wakes`, which plays no part in a night) or the next rules edition
    (read as this tree's latest reads)."""
    pkg = where / "nightsim"
    shutil.copytree(ROOT / "nightsim", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    version = later_version()
    _edit(pkg / "__init__.py", f'__version__ = "{__version__}"', f'__version__ = "{version}"')
    if key:
        _edit(
            pkg / "config" / "model.py",
            "    sleep_in: Flag = False\n",
            "    sleep_in: Flag = False\n"
            f"    {ADDED_KEY}: bool = Field(False, json_schema_extra={{'added': '{version}'}})\n",
        )
    if party_key:  # a member's field: what only an adjustment, not a night's --set, sets
        _edit(
            pkg / "config" / "model.py",
            "    exhaustion: Annotated[int, Field(ge=0, le=999, strict=True)] = 0\n",
            "    exhaustion: Annotated[int, Field(ge=0, le=999, strict=True)] = 0\n"
            f"    {ADDED_PARTY_KEY}: int = Field(0, json_schema_extra={{'added': '{version}'}})\n",
        )
    if edition:
        # The edition after this tree's, read as this tree's latest reads (derived from
        # CURRENT_EDITION, so a new edition in this tree does not break the test).
        editions = pkg / "editions.py"
        now, nxt = CURRENT_EDITION, CURRENT_EDITION + 1
        played = ", ".join(map(str, EDITIONS))
        _edit(editions, f"CURRENT_EDITION = {now}", f"CURRENT_EDITION = {nxt}")
        _edit(
            editions,
            f"EDITIONS: tuple[int, ...] = ({played})",
            f"EDITIONS: tuple[int, ...] = ({played}, {nxt})",
        )
        text = editions.read_text(encoding="utf-8")
        entry = re.search(rf"^    {now}: (Readings\(.*?\)),\n", text, flags=re.M)
        assert entry is not None, f"{editions}: no entry for edition {now}"
        _edit(editions, entry[0], f"{entry[0]}    {nxt}: {entry[1]},\n")
    return where


def later(release: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(release), "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "nightsim", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def here(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().err


def sent_to_later(err: str, file: Path, command: str) -> None:
    """The exit-3 line: the file, and the later release's series with the command."""
    spec = f"'nightsim=={series(later_version())}.*'"
    assert str(file) in err, err
    assert f"pipx run {spec} campaign {command} {file}" in err, err
    assert "edited" not in err and "unknown" not in err.replace("does not know", ""), err


@pytest.mark.slow
def test_a_campaign_goes_back_and_forth_with_a_release_that_adds_a_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    release = make_release(tmp_path / "later", key=True)
    assert is_later(later_version())
    assert later(release, tmp_path, "--version").stdout.strip() == f"nightsim {later_version()}"
    c = tmp_path / "wood.campaign"
    assert here(capsys, "campaign", "new", str(c))[0] == 0
    assert here(capsys, "campaign", "night", str(c))[0] == 0  # night 1, here
    done = later(release, tmp_path, "campaign", "night", str(c))  # night 2, there
    assert done.returncode == 0, done.stderr
    # The key at its default is not in night 2's header: this nightsim re-simulates it.
    assert ADDED_KEY not in c.read_bytes().decode("utf-8", "replace")
    assert here(capsys, "campaign", "verify", str(c))[0] == 0
    assert here(capsys, "campaign", "night", str(c))[0] == 0  # night 3, here again
    done = later(release, tmp_path, "campaign", "verify", str(c))
    assert done.returncode == 0, done.stdout + done.stderr
    # Night 4 with the key set: a night this nightsim cannot play.
    done = later(release, tmp_path, "campaign", "night", str(c), "--set", f"rules.{ADDED_KEY}=true")
    assert done.returncode == 0, done.stderr
    for command in ("verify", "show", "page", "night", "check"):
        code, err = here(capsys, "campaign", command, str(c))
        assert code == 3, (command, err)
        assert f"night 4: nightsim {later_version()}, a later release" in err, err
        assert f"'config.rules.{ADDED_KEY}'" in err, err
        sent_to_later(err, c, command)
    code, err = here(capsys, "campaign", "verify", str(c))
    assert "nights 1 to 3 are sound" in err, err
    done = later(release, tmp_path, "campaign", "verify", str(c))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_a_later_releases_adjustment_with_a_key_this_one_does_not_know_is_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The last entry is an adjustment the later release made, setting a member's field
    this nightsim does not know: no night after it holds the key in its header, so the
    door of the nights cannot send it on; the entry itself does (its hash intact)."""
    release = make_release(tmp_path / "later", party_key=True)
    c = tmp_path / "wood.campaign"
    assert here(capsys, "campaign", "new", str(c))[0] == 0
    assert here(capsys, "campaign", "night", str(c))[0] == 0
    item = f"party.Moss.{ADDED_PARTY_KEY}=3"
    done = later(release, tmp_path, "campaign", "adjust", str(c), "--set", item, "--note", "x")
    assert done.returncode == 0, done.stderr
    for command in ("verify", "show", "page", "night"):
        code, err = here(capsys, "campaign", command, str(c))
        assert code == 3, (command, err)
        said = f"the adjustment 1 (after night 1) sets '{ADDED_PARTY_KEY}' in party[2] (Moss)"
        assert said in err, err
        # No release is recorded with an entry: the latest release is the one to ask.
        run = f"a later release plays this campaign: pipx run nightsim campaign {command} {c}"
        assert run in err, err
        assert "edited" not in err, err
    code, err = here(capsys, "campaign", "verify", str(c), "--lang", "uk")
    assert code == 3 and "поправка 1 (після ночі 1)" in err, err
    assert "; night 1 is sound;" in here(capsys, "campaign", "verify", str(c))[1]
    assert "sound" not in here(capsys, "campaign", "show", str(c))[1]  # show re-simulates none
    done = later(release, tmp_path, "campaign", "verify", str(c))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_a_night_of_a_later_rules_edition_is_exit_3_in_every_campaign_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    release = make_release(tmp_path / "later", edition=True)
    c = tmp_path / "wood.campaign"
    assert here(capsys, "campaign", "new", str(c))[0] == 0
    assert here(capsys, "campaign", "night", str(c))[0] == 0
    done = later(release, tmp_path, "campaign", "night", str(c))
    assert done.returncode == 0, done.stderr
    for command in ("verify", "show", "page", "night", "publish", "adjust", "void"):
        extra = {"adjust": ["--set", "party.Moss.hp=1"], "void": ["2", "--note", "x"]}
        code, err = here(capsys, "campaign", command, str(c), *extra.get(command, []))
        assert code == 3, (command, err)
        wrote = rf"night 2: nightsim \S+ wrote this log with rules edition {CURRENT_EDITION + 1}"
        assert re.search(wrote, err), err
        if command in ("verify", "show", "page", "night"):
            sent_to_later(err, c, command)
    # and in the command's language: the night, why and the release that plays it
    code, err = here(capsys, "campaign", "verify", str(c), "--lang", "uk")
    assert code == 3, err
    assert re.search(r"ніч 2: nightsim \S+ записав цей журнал за редакцією правил", err), err
    assert "ніч 1 справна; кампанію відтворюють за допомогою" in err, err
    assert here(capsys, "campaign", "verify", str(c), "--night", "1")[0] == 0
    done = later(release, tmp_path, "campaign", "verify", str(c))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_a_release_that_only_adds_keys_prints_the_same_fingerprint(tmp_path: Path) -> None:
    release = make_release(tmp_path / "later", key=True)
    ours = subprocess.run(
        [sys.executable, "-m", "nightsim", "check"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    theirs = later(release, tmp_path, "check")
    assert ours.returncode == theirs.returncode == 0, theirs.stderr
    fingerprint = re.compile(r"[0-9a-f]{64}")
    assert fingerprint.findall(ours.stdout + ours.stderr)
    assert fingerprint.findall(ours.stdout + ours.stderr) == fingerprint.findall(
        theirs.stdout + theirs.stderr
    )


# --- the release before this one: 0.3.0 itself ------------------------------------------------


def release_030(where: Path) -> Path:
    """0.3.0's package as released (tests/data/releases/README.md), unpacked to run."""
    import tarfile

    with tarfile.open(ROOT / "tests" / "data" / "releases" / "nightsim-0.3.0.tar.gz") as tar:
        tar.extractall(where, filter="data")
    return where / "nightsim-0.3.0"


@pytest.mark.slow
def test_the_release_before_plays_nights_this_one_verifies_with_its_fingerprint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.3.0, run from its own files: its nights verify here (edition 1, its dice), and its
    header's config has the fingerprint this release's `check` prints for the same camp. It
    has no campaign, and predates editions: it refuses an edition-2 log's `edition` field as
    an edit, which no later release can change; hence the later release above."""
    old = release_030(tmp_path)
    assert later(old, tmp_path, "--version").stdout.strip() == "nightsim 0.3.0"
    done = later(
        old, tmp_path, "run", "--seed", "journey", "--nights", "2", "--format", "jsonl", "--no-log"
    )
    assert done.returncode == 0, done.stderr
    log = tmp_path / "old.jsonl"
    log.write_text(done.stdout, encoding="utf-8")
    assert main(["verify", str(log)]) == 0
    said = capsys.readouterr().out
    # The fingerprint of the config 0.3.0 wrote in its header is the one this release's
    # `check` prints for the same camp (0.3.0's own `check` printed none).
    assert main(["check"]) == 0
    fingerprint = re.compile(r"[0-9a-f]{64}")
    ours = fingerprint.findall(capsys.readouterr().out)
    assert ours and f"the config's fingerprint is sha256 {ours[0]}" in said
    # The other way, 0.3.0 cannot help it: it knows no `edition` and calls the field an edit.
    assert main(["run", "--seed", "journey", "--format", "jsonl", "--no-log"]) == 0
    new = tmp_path / "new.jsonl"
    new.write_text(capsys.readouterr().out, encoding="utf-8")
    refused = later(old, tmp_path, "verify", str(new))
    assert refused.returncode == 1 and "'edition'" in refused.stderr, refused.stderr
