"""Every benchmark script in bench/ runs once, small, so that none can rot unseen: each one is
found by glob (a new script is covered without a line here), run as a subprocess in the small
mode its `QUICK` names, and must exit 0 having printed its figures. The figures themselves are
not checked: a loaded machine makes them anything.

golden_digest.py has tests of its own (tests/golden); benchlib.py is their shared module, run
by every one of them; compare_formats.py is left out (NOT_FIGURES says why). A script that
takes `--floor PATH` is given a stand-in floor written here, a few bare SimPy nights with the
real floor's interface (a module with `night(rng)` that prints nights per second when run), so
no test depends on a file outside the repository."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
# compare_formats.py is a one-off check of the format 1 -> 2 migration: it needs a checkout of
# the format-1 code (`--old`) and compares its nights with what this tree plays, which later
# rules editions no longer match; it is not a figure script.
NOT_FIGURES = {"benchlib.py", "golden_digest.py", "compare_formats.py"}
SCRIPTS = sorted(p for p in BENCH.glob("*.py") if p.name not in NOT_FIGURES)

STAND_IN_FLOOR = """
import random, sys, time
import simpy

def night(rng):
    env = simpy.Environment()
    def watch():
        for _ in range(4):
            yield env.timeout(120 if rng.random() < 0.9 else 60)
    env.process(watch())
    env.run(until=481)
    return 1

if __name__ == "__main__":
    nights = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(nights):
        night(rng)
    print(f"{nights / (time.perf_counter() - start):.0f} nights/s")
"""


def quick_args(script: Path) -> tuple[str, ...]:
    """The script's `QUICK = (...)`: the arguments of its small mode."""
    for node in ast.parse(script.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "QUICK" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple) and all(isinstance(a, str) for a in value)
            return value
    pytest.fail(f"bench/{script.name} has no QUICK: give it a small mode for this test")


def test_the_scripts_are_found() -> None:
    assert {"campaign_bench.py", "campaign_verify_bench.py", "odds_bench.py"} <= {
        p.name for p in SCRIPTS
    }


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_runs_small(script: Path, tmp_path: Path) -> None:
    args = list(quick_args(script))
    if '"--floor"' in script.read_text(encoding="utf-8"):
        floor = tmp_path / "stand_in_floor.py"
        floor.write_text(STAND_IN_FLOOR, encoding="utf-8")
        args += ["--floor", str(floor)]
    env = {**os.environ, "COLUMNS": "100"}
    proc = subprocess.run(
        [sys.executable, str(script), *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    # Its figures: some line with a number in it.
    assert any(ch.isdigit() for ch in proc.stdout), proc.stdout[-2000:]
