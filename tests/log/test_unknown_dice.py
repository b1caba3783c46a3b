"""A log whose `rng` this nightsim does not know: `verify` never calls it forged. A later
release's is exit 3, naming that release; one that claims this release (or an earlier one)
is bad input, exit 2. docs/log-format.md and docs/dice.md say the same."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nightsim import __version__
from nightsim.cli import main
from tests.helpers.logs import log_lines, rehash

ROOT = Path(__file__).resolve().parents[2]


def _log_with_dice(tmp_path: Path, written_by: str) -> Path:
    lines = [line.rstrip("\n") for line in log_lines(3)]
    head = json.loads(lines[0])
    head["rng"], head["nightsim"] = "xoshiro-v9", written_by
    path = tmp_path / f"{written_by}.jsonl"
    chained = rehash([json.dumps(head), *lines[1:]])
    path.write_text("".join(x if x.endswith("\n") else x + "\n" for x in chained))
    return path


@pytest.mark.parametrize(("written_by", "code"), [("99.0.0", 3), (__version__, 2)])
def test_verify_of_dice_it_cannot_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], written_by: str, code: int
) -> None:
    path = _log_with_dice(tmp_path, written_by)
    assert main(["verify", str(path)]) == code
    out = capsys.readouterr()
    said = out.out + out.err
    assert "xoshiro-v9" in said and "cannot roll" in said
    assert ("nightsim==99" in said) == (code == 3)
    assert main(["replay", str(path)]) == 0  # replay re-simulates nothing


def test_the_manual_says_what_verify_does() -> None:
    text = (ROOT / "docs" / "log-format.md").read_text(encoding="utf-8")
    para = next(p for p in text.split("\n\n") if p.startswith("The header's `rng`"))
    flat = re.sub(r"\s+", " ", para)
    assert "later release" in flat and "exits 3" in flat and "exits 2" in flat
    dice = re.sub(r"\s+", " ", (ROOT / "docs" / "dice.md").read_text(encoding="utf-8"))
    assert "(exit 3)" in dice and "(exit 2)" in dice
