"""Editions: the past keeps verifying (docs/log-format.md, "Editions").

Every log a release wrote (tests/data/releases/README.md says how each was made) replays and
verifies: 0, or 3 for a format this nightsim does not re-simulate, never 1; `--head` is
checked first for every format. A key added to the config model with a default changes none
of that. A log this nightsim cannot play (a rules edition it does not know, what a later
release added) is exit 3 naming the release that re-simulates it, not "tampered".
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from packaging.version import Version
from pydantic import create_model

import nightsim.config.model as config_module
from nightsim import __version__
from nightsim.cli import main
from nightsim.editions import CURRENT_EDITION, EDITIONS, is_later, played, release_for, series
from tests.helpers.logs import rehash

DATA = Path(__file__).resolve().parents[1] / "data"
# Every log a release wrote that the repository keeps, and what verify says of it.
FIXTURES = sorted(
    [
        *(DATA / "releases").glob("*.jsonl"),
        DATA / "v0.2.0-sha256-ctr-v1-journey3.jsonl",
        DATA / "legacy-0.1.0-quick-rest-heavy-rain-fire3.jsonl",
        *(DATA / "format1").glob("*.jsonl"),
    ]
)
ROOT = Path(__file__).resolve().parents[2]
# A later release than this nightsim, whatever its version: the next minor's development
# build (PEP 440: later than every 0.x.y of this minor), and its series for `pipx run`.
_V = Version(__version__)
LATER = f"{_V.major}.{_V.minor + 1}.0.dev0"
LATER_SERIES = f"{_V.major}.{_V.minor + 1}"


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def head_of(path: Path) -> str:
    head: str = json.loads(lines_of(path)[-1])["hash"]
    return head


def verified(path: Path) -> int:
    """What verify exits with for a log that was never touched: 3 for format 1."""
    return 3 if json.loads(lines_of(path)[0])["v"] == 1 else 0


def data_of(line: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(line)
    return data


def text_of(data: dict[str, Any]) -> str:
    from nightsim.log.writer import canonical_json

    return canonical_json(data) + "\n"


def test_the_fixtures_are_the_releases_logs() -> None:
    releases = {json.loads(lines_of(p)[0])["nightsim"] for p in FIXTURES}
    assert releases == {"0.1.0", "0.2.0", "0.3.0"}
    made = (DATA / "releases" / "README.md").read_text(encoding="utf-8")
    for path in (DATA / "releases").glob("*.jsonl"):
        assert path.name in made, f"tests/data/releases/README.md does not say how {path.name}"


def test_the_editions_module() -> None:
    assert CURRENT_EDITION in EDITIONS
    assert release_for(CURRENT_EDITION) is None
    assert is_later("99.0.0") and not is_later("0.1.0") and not is_later("not a version")
    # PEP 440's order, relative to this nightsim's own version: its next development build
    # is later; the release it develops towards is later than a development build of it.
    assert is_later(LATER) and not is_later(__version__)
    release = Version(__version__).base_version
    assert is_later(release) == Version(__version__).is_devrelease
    assert series("0.5.2") == "0.5"


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_release_log_replays_and_verifies(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(path)]) == 0
    assert main(["verify", str(path)]) == verified(path)
    assert main(["verify", str(path), "--head", head_of(path)]) == verified(path)
    capsys.readouterr()
    # --head first, for every format: a format-1 log with the wrong head is exit 1.
    assert main(["verify", str(path), "--head", "ab" * 32]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("NOT GENUINE: ") and "not at the head read out" in out, out
    assert out.count("\n") == 2 and "nightsim: error" not in err, out


@pytest.mark.slow
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_release_log_verifies_from_the_command_line(path: Path) -> None:
    """`python -m nightsim verify LOG --head HASH`, as a referee types it."""
    done = subprocess.run(
        [sys.executable, "-m", "nightsim", "verify", str(path), "--head", head_of(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == verified(path), done.stderr


# --- a key added to the model, with a default ---------------------------------------------


@pytest.fixture
def throw_away_key(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """`rules.doze_wakes: bool = False`, used nowhere: the config model as the next release
    that adds a key has it. canonical() writes it, resolved() gains a key for it, and
    `run` writes both into every new header."""
    rules = create_model(
        "Rules", __base__=config_module.Rules, doze_wakes=(config_module.Flag, False)
    )
    model = create_model("Config", __base__=config_module.Config, rules=(rules, rules()))
    plain = config_module.resolved

    def resolved(config: config_module.Config) -> dict[str, Any]:
        return {**plain(config), "doze_wakes": bool(getattr(config.rules, "doze_wakes", False))}

    # Every module that holds the model or `resolved` by name (the model's own, the package
    # that re-exports it, the loader, the journey...), so no reader sees the old one.
    for name in ("nightsim.engine.journey", "nightsim.log.reader", "nightsim.log.verify"):
        importlib.import_module(name)  # loaded first, so the patch below reaches them
    originals = {"Config": config_module.Config, "resolved": plain}
    replacements = {"Config": model, "resolved": resolved}
    for name, module in list(sys.modules.items()):
        if not name.startswith("nightsim"):
            continue
        for attr, original in originals.items():
            if getattr(module, attr, None) is original:
                monkeypatch.setattr(module, attr, replacements[attr])
    yield


@pytest.mark.usefixtures("throw_away_key")
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_a_key_added_later_keeps_every_release_log_verifying(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from nightsim.config import default_config_path, load_config

    assert "doze_wakes" in load_config(default_config_path()).canonical()["rules"]
    assert main(["replay", str(path)]) == 0
    assert main(["verify", str(path)]) == verified(path)
    assert main(["verify", str(path), "--head", head_of(path)]) == verified(path)
    assert "error" not in capsys.readouterr().err


@pytest.mark.usefixtures("throw_away_key")
def test_a_log_written_with_the_added_key_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "night.jsonl"
    assert main(["run", "--seed", "9", "--log", str(log), "--set", "rules.doze_wakes=true"]) == 0
    header = data_of(lines_of(log)[0])
    assert header["config"]["rules"]["doze_wakes"] is True and header["resolved"]["doze_wakes"]
    assert main(["verify", str(log)]) == 0
    capsys.readouterr()


def test_an_unknown_key_in_this_releases_header_is_still_forged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without the key in the model, a header of a release this nightsim knows that holds it
    was edited: exit 1, the message as before."""
    lines = lines_of(DATA / "releases" / "v0.3.0-encounter-seed-9.jsonl")
    header = data_of(lines[0])
    header["config"]["rules"]["doze_wakes"] = False
    log = tmp_path / "forged.jsonl"
    log.write_text("".join(rehash([text_of(header), *lines[1:]])), encoding="utf-8")
    assert main(["verify", str(log)]) == 1
    assert "the config is not valid" in capsys.readouterr().err


def test_a_header_without_a_key_that_has_a_default_reads_as_the_default(tmp_path: Path) -> None:
    """A header written before a key (here `rules.sleep_in`) and before a resolved key
    (`fire_adverse`): read as if it had the default, and re-simulated with the header as
    written, so the chain compares byte for byte."""
    lines = lines_of(DATA / "releases" / "v0.3.0-encounter-seed-9.jsonl")
    header = data_of(lines[0])
    assert header["config"]["rules"].pop("sleep_in") is False
    del header["resolved"]["fire_adverse"]
    log = tmp_path / "older.jsonl"
    log.write_text("".join(rehash([text_of(header), *lines[1:]])), encoding="utf-8")
    assert main(["replay", str(log)]) == 0
    assert main(["verify", str(log)]) == 0


# --- what this nightsim cannot play: exit 3, naming the release -----------------------------


def edited(tmp_path: Path, name: str, header: dict[str, Any], extra: list[str] = ()) -> Path:  # type: ignore[assignment]
    """The 0.3.0 encounter log with its header changed by `header` and `extra` lines
    appended, every hash recomputed (what a later release would have written)."""
    lines = lines_of(DATA / "releases" / "v0.3.0-encounter-seed-9.jsonl")
    first = data_of(lines[0])
    first.update(header)
    log = tmp_path / name
    log.write_text("".join(rehash([text_of(first), *lines[1:], *extra])), encoding="utf-8")
    return log


def test_an_unknown_later_edition_is_exit_3_naming_the_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = edited(tmp_path, "edition.jsonl", {"edition": CURRENT_EDITION + 1, "nightsim": LATER})
    assert main(["replay", str(log)]) == 0
    assert f"rules edition {CURRENT_EDITION + 1}" in capsys.readouterr().err
    assert main(["verify", str(log), "--head", head_of(log)]) == 3
    out = capsys.readouterr().err
    assert out == (
        f"nightsim {LATER} wrote this log with rules edition {CURRENT_EDITION + 1}, which this"
        f" nightsim ({nightsim_version()}) does not know (it plays {played()}). Its chain is"
        " intact;"
        f" re-simulate it with nightsim {LATER_SERIES}: pipx run 'nightsim=={LATER_SERIES}.*'"
        f" verify {log}\n"
    )
    assert main(["verify", str(log), "--head", "ab" * 32]) == 1
    assert main(["whatif", str(log), "--set", "camp.season=winter"]) == 3
    assert f"pipx run 'nightsim=={LATER_SERIES}.*'" in capsys.readouterr().err


def test_an_edition_written_as_1_is_not_as_nightsim_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = edited(tmp_path, "one.jsonl", {"edition": 1})
    assert main(["verify", str(log)]) == 1
    assert "field 'edition' is not as nightsim writes it" in capsys.readouterr().err


def test_an_unknown_event_type_appended_replays_with_a_note_and_verifies_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    last = data_of(lines_of(DATA / "releases" / "v0.3.0-encounter-seed-9.jsonl")[-1])
    heard = {**last, "seq": last["seq"] + 1, "type": "watch.heard", "actor": "Wren"}
    for key in ("characters", "encounter", "fire"):
        heard.pop(key, None)
    log = edited(tmp_path, "heard.jsonl", {}, [text_of(heard)])
    assert main(["replay", str(log)]) == 0
    out, err = capsys.readouterr()
    assert "Chain head" in out or out
    assert err == (
        f"note: skipped line {heard['seq'] + 1} of event type 'watch.heard', which this"
        " nightsim does not know (a later release wrote it)\n"
    )
    assert main(["replay", str(log), "--format", "jsonl"]) == 0
    assert capsys.readouterr().out == log.read_text(encoding="utf-8")
    assert main(["verify", str(log), "--head", head_of(log)]) == 3
    out = capsys.readouterr().err
    assert out.startswith(f"line {heard['seq'] + 1} is of event type 'watch.heard'"), out
    assert out.endswith(f"re-simulate it with a later release: pipx run nightsim verify {log}\n")


def test_a_later_releases_key_and_field_are_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = data_of(lines_of(DATA / "releases" / "v0.3.0-encounter-seed-9.jsonl")[0])["config"]
    config["rules"]["doze_wakes"] = True
    log = edited(tmp_path, "key.jsonl", {"nightsim": LATER, "config": config})
    assert main(["replay", str(log)]) == 0
    assert "'config.rules.doze_wakes'" in capsys.readouterr().err
    assert main(["verify", str(log)]) == 3
    out = capsys.readouterr().err
    assert "holds 'config.rules.doze_wakes'" in out and f"'nightsim=={LATER_SERIES}.*'" in out
    # A later release's field on a line: not re-simulated; on this release's own log, the
    # field differs from the re-simulation (1), as any edit does.
    lines = lines_of(DATA / "releases" / "v0.3.0-encounter-seed-9.jsonl")
    fetched = data_of(lines[5])
    fetched["mood"] = "calm"
    for version, code in ((LATER, 3), ("0.3.0", 1)):
        first = {**data_of(lines[0]), "nightsim": version}
        log.write_text(
            "".join(rehash([text_of(first), *lines[1:5], text_of(fetched), *lines[6:]])),
            encoding="utf-8",
        )
        assert main(["verify", str(log)]) == code, version
        assert main(["replay", str(log)]) == 0
        assert "ignored 'mood' of water.fetched on line 6" in capsys.readouterr().err


def test_a_later_release_that_adds_nothing_is_re_simulated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = edited(tmp_path, "later.jsonl", {"nightsim": LATER})
    assert main(["verify", str(log)]) == 0
    assert f"written by nightsim {LATER}" in capsys.readouterr().err


def nightsim_version() -> str:
    from nightsim import __version__

    return __version__
