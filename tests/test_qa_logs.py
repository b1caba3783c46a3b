"""QA: logs a referee may be handed (forged, rewritten, glued), as `replay` and `verify` see them.

Each test pins a defect found by using the CLI as a referee settling a dispute would.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import log_lines, rehash

from nightsim.cli import main
from nightsim.log import canonical_json


def make_log(seed: int | str = 9) -> list[str]:
    return log_lines(seed)


def forged_header(**changes: object) -> list[str]:
    lines = make_log()
    head = json.loads(lines[0])
    head.update(changes)
    lines[0] = canonical_json(head) + "\n"
    return rehash(lines)


def _party_without_con() -> dict[str, object]:
    config = json.loads(make_log()[0])["config"]
    del config["party"][0]["con"]
    return dict(config)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"resolved": {}}, "resolved"),
        ({"config": _party_without_con()}, "config"),
        ({"seed": -3}, "seed"),  # design.md: a non-negative integer or a string
    ],
)
@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_forged_header_is_a_broken_log_not_a_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    changes: dict[str, object],
    words: str,
) -> None:
    """A header whose `resolved` or `config` was rewritten (hashes recomputed) made `replay`
    crash with a KeyError traceback in the narration: the reader must refuse it, line 1."""
    log = tmp_path / "forged.jsonl"
    log.write_text("".join(forged_header(**changes)), encoding="utf-8")
    assert main([command, str(log)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    assert "line 1" in err and words in err, err


def test_a_log_saved_with_a_byte_order_mark_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An editor that saves "UTF-8 with BOM" rewrote the log: replay said "not JSON; a
    nightsim log starts with a JSON night.header" (exit 2, not a log at all) about a line
    that reads as a perfect header, where CR LF endings are named and exit 1."""
    log = tmp_path / "bom.jsonl"
    log.write_bytes(b"\xef\xbb\xbf" + "".join(make_log()).encode())
    for command in ("replay", "verify"):
        assert main([command, str(log)]) == 1
        err = capsys.readouterr().err
        assert "line 1" in err and "byte-order mark" in err, err


def test_another_log_glued_on_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`cat a.jsonl b.jsonl`: the second header was reported as "seq is 0, expected 42: a line
    was inserted or duplicated, or lines were reordered"."""
    log = tmp_path / "glued.jsonl"
    first = make_log(9)
    log.write_text("".join(first + make_log(10)), encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert f"line {len(first) + 1}: a second night.header" in err, err
    assert "another log" in err, err


def test_a_wandering_monster_check_without_its_roll_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The check is always rolled (rules.md 4). A rehashed log whose monster.checked had
    `rolls: []` passed the reader and crashed replay's narration with a ValueError
    traceback (`first, *rest = check.rolls`)."""
    lines = make_log()
    k = next(i for i, s in enumerate(lines) if '"type":"monster.checked"' in s)
    data = json.loads(lines[k])
    data["rolls"] = []
    lines[k] = canonical_json(data) + "\n"
    log = tmp_path / "forged.jsonl"
    log.write_text("".join(rehash(lines)), encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert f"line {k + 1}: monster.checked: field 'rolls'" in err, err


def test_replay_of_a_pipe_narrates_it(tmp_path: Path) -> None:
    """`nightsim replay <(…)` or `… | nightsim replay /dev/stdin`: replay reads the file
    twice (check, then print), and the second read of a pipe found it drained: "empty file:
    not a nightsim log", exit 2, for an intact log."""
    import os
    import subprocess
    import sys

    text = "".join(make_log())
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-m", "nightsim", "replay", "/dev/stdin", "--format", "jsonl"],
        input=text.encode(),
        capture_output=True,
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(root)),
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode() == text
