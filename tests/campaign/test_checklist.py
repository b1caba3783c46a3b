"""docs/campaign.md's referee's checklist, followed literally with real processes: the
commands of its block in order, the verify line's placeholders filled from the published
block and the head read out, gives no false accusation (exit 0); the same block and a night
played with another --set is refused (played with --not-as-published, it gives the warning
and a verify that names "another config")."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest

from tests.cli.test_faults import ENV, NIGHTSIM, TIMEOUT

DOC = Path(__file__).resolve().parents[2] / "docs" / "campaign.md"


def _checklist() -> list[list[str]]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Publish, play, verify: the referee's checklist") :]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return [shlex.split(line) for line in block.group(1).splitlines() if line.strip()]


def _run(folder: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    assert argv[0] == "nightsim"
    return subprocess.run(
        [*NIGHTSIM, *argv[1:]],
        cwd=folder,
        env=dict(ENV, COLUMNS="40"),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def _block_values(out: str) -> dict[str, str]:
    words = out[out.index("nightsim campaign verify") :].replace("\\\n", " ").split()
    return {w[2:]: words[i + 1] for i, w in enumerate(words) if w.startswith("--")}


def _head(err: str) -> str:
    lines = err.splitlines()
    at = next(i for i, x in enumerate(lines) if re.fullmatch(r"night \d+: head:", x))
    return lines[at + 1]


def _play(folder: Path, steps: list[list[str]]) -> tuple[subprocess.CompletedProcess[str], str]:
    """The checklist's steps after `new`: publish, night, then verify filled in."""
    publish, night, verify = steps
    done = _run(folder, publish)
    assert done.returncode == 0, done.stderr
    block = _block_values(done.stdout)
    played = _run(folder, night)
    assert played.returncode == 0, played.stderr
    fill = {
        "C": block["commitment"],
        "F": block["config-sha256"],
        "E": block["edition"],
        "R": block["rng"],
        "V": block["release"],
        "H": _head(played.stderr),
    }
    argv = [fill.get(word, word) for word in verify]
    argv[argv.index("--night") + 1] = block["night"]
    return _run(folder, argv), played.stderr


@pytest.mark.slow
def test_the_checklist_followed_literally(tmp_path: Path) -> None:
    steps = _checklist()
    assert [s[:3] for s in steps] == [
        ["nightsim", "campaign", "new"],
        ["nightsim", "campaign", "publish"],
        ["nightsim", "campaign", "night"],
        ["nightsim", "campaign", "verify"],
    ]
    assert _run(tmp_path, steps[0]).returncode == 0
    verified, err = _play(tmp_path, steps[1:])
    assert "warning" not in err
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout.startswith("GENUINE: wood.campaign: ")
    assert verified.stdout.splitlines()[1].startswith("verified:")

    # The next session: the same block published, the night played with another --set:
    # refused, naming the way out; played anyway only when the referee says so.
    night = [w.replace("camp.weather=dry", "camp.weather=damp") for w in steps[2]]
    assert night != steps[2]
    assert _run(tmp_path, steps[1]).returncode == 0
    refused = _run(tmp_path, night)
    assert refused.returncode == 2 and "publish again" in refused.stderr, refused.stderr
    assert "--not-as-published" in refused.stderr
    verified, err = _play(tmp_path, [steps[1], [*night, "--not-as-published"], steps[3]])
    assert "nightsim: warning: tonight's config is not the one published for night 2" in err
    assert verified.returncode == 1
    assert verified.stdout.startswith("NOT GENUINE: wood.campaign\n")
    assert "- night 2 was played with another config" in verified.stdout
