"""The hostile suite's sample (`tools/hostile.py --quick`): every class with 0 failures.

The script throws hostile input at every command (docs/limits.md, "How we test hostile
input"); this test runs its quick sample once and asserts each class's failure counts: 0
tracebacks, hangs, lost logs, formula cells, escapes, wrong exits, multi-line errors.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "hostile.py"

# Every class, and the stream names of each rules edition: edition 1's collisions are
# expected (its logs keep the names they were rolled with), the current edition's must be 0.
CLASSES = [
    "names", "csv", "headers", "signals", "streams e1", "streams e2", "streams e3", "special"
]  # fmt: skip


@pytest.fixture(scope="module")
def summary(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, str(TOOL), "--quick", "--json", "--seed", "19"],
        capture_output=True,
        text=True,
        timeout=900,
        env=env,
        cwd=tmp_path_factory.mktemp("hostile"),
    )
    assert done.returncode in (0, 1), done.stderr[-2000:]
    data: dict[str, Any] = json.loads(done.stdout)
    return data


@pytest.mark.slow
@pytest.mark.parametrize("name", CLASSES)
def test_no_failure(summary: dict[str, Any], name: str) -> None:
    # A stream class per rules edition: edition 1's is expected (its logs keep their names)
    # once a later edition is current; the current edition's must be 0.
    tally = summary["classes"].get(name)
    if tally is None and name.startswith("streams"):
        pytest.skip(f"{name}: no such edition")
    assert tally is not None, f"{name} was not run"
    assert tally["inputs"] > 0, f"{name}: no input tried"
    if tally["expected"]:
        return
    assert tally["failures"] == 0, "\n".join(tally["examples"])


@pytest.mark.slow
def test_every_class_tried_something(summary: dict[str, Any]) -> None:
    classes = summary["classes"]
    assert {"names", "csv", "headers", "signals", "special"} <= set(classes)
    assert any(k.startswith("streams") for k in classes)
    assert summary["inputs"] >= 300
    for name, tally in classes.items():
        assert tally["tracebacks"] == 0, (name, tally["examples"])
