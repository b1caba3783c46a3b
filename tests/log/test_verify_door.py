"""One door to a log's header (log.verify.read_header): `verify` and the campaign ask the same
function whether this nightsim plays a night, so a night of a later rules edition, dice or
config key is exit 3 naming the release in both, never "edited" or "unknown key"
(docs/log-format.md, "Editions"; docs/campaign.md, "Across releases")."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from packaging.version import Version

from nightsim import __version__
from nightsim.cli import main
from nightsim.editions import CURRENT_EDITION
from nightsim.errors import BrokenLog
from nightsim.log.verify import read_header, verify_lines
from nightsim.log.writer import canonical_json
from tests.helpers.logs import rehash

DATA = Path(__file__).resolve().parents[1] / "data"
_V = Version(__version__)
LATER = f"{_V.major}.{_V.minor + 1}.0.dev0"  # the next minor's development build
NEXT_EDITION = CURRENT_EDITION + 1  # an edition no release plays yet
SERIES = f"{_V.major}.{_V.minor + 1}"


def release_log() -> list[str]:
    path = DATA / "releases" / "v0.3.0-encounter-seed-9.jsonl"
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def with_header(lines: list[str], **changes: Any) -> list[str]:
    header = json.loads(lines[0])
    header.update(changes)
    return rehash([canonical_json(header) + "\n", *lines[1:]])


def later_key(lines: list[str]) -> list[str]:
    config = json.loads(lines[0])["config"]
    config["rules"]["doze_wakes"] = True
    return with_header(lines, nightsim=LATER, config=config)


def later_edition(lines: list[str]) -> list[str]:
    return with_header(lines, nightsim=LATER, edition=NEXT_EDITION)


def later_dice(lines: list[str]) -> list[str]:
    return with_header(lines, nightsim=LATER, rng="sha256-someday-v9")


CASES: dict[str, Callable[[list[str]], list[str]]] = {
    "edition": later_edition,
    "key": later_key,
    "dice": later_dice,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_verify_and_the_door_say_the_same(case: str) -> None:
    lines = CASES[case](release_log())
    verdict = verify_lines(lines)
    header, elsewhere = read_header(lines[0])
    assert elsewhere is not None and verdict.elsewhere == elsewhere
    assert elsewhere.release == SERIES and header.nightsim == LATER


def test_a_night_this_nightsim_plays_passes_the_door() -> None:
    lines = release_log()
    header, elsewhere = read_header(lines[0].rstrip("\n").encode())
    assert elsewhere is None and header.nightsim == "0.3.0"
    # Only a later release's label sets a log aside: the same key in a log that claims this
    # release (or an earlier one) is an edit, for the reader to refuse.
    config = json.loads(lines[0])["config"]
    config["rules"]["doze_wakes"] = True
    with pytest.raises(BrokenLog, match=r"unknown key .doze_wakes."):
        read_header(with_header(lines, config=config)[0])


def relabelled(path: Path, night: int, **changes: Any) -> None:
    """Night `night`'s stored log with its header changed and rehashed, as a later release
    would have written it (its head column too)."""
    conn = sqlite3.connect(path)
    with conn:
        (log,) = conn.execute("SELECT log FROM nights WHERE number = ?", (night,)).fetchone()
        lines = with_header(log.decode("utf-8").splitlines(keepends=True), **changes)
        head = json.loads(lines[-1])["hash"]
        conn.execute(
            "UPDATE nights SET log = ?, head = ? WHERE number = ?",
            ("".join(lines).encode("utf-8"), head, night),
        )
    conn.close()


@pytest.mark.parametrize(
    "command", [pytest.param("verify", marks=pytest.mark.slow), "show", "page", "night"]
)
def test_a_campaign_night_of_a_later_edition_is_exit_3_in_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    c = tmp_path / "wood.campaign"
    assert main(["campaign", "new", str(c)]) == 0
    assert main(["campaign", "night", str(c)]) == 0
    relabelled(c, 1, nightsim=LATER, edition=NEXT_EDITION)
    capsys.readouterr()
    assert main(["campaign", command, str(c)]) == 3
    err = capsys.readouterr().err
    assert err.startswith(
        f"{c}: night 1: nightsim {LATER} wrote this log with rules edition {NEXT_EDITION},"
    )
    assert err.endswith(f"pipx run 'nightsim=={SERIES}.*' campaign {command} {c}\n"), err
