"""The package is typed for its users: mypy --strict checks a consumer script that uses the
API (its `py.typed` found through the install alone, run from outside the repository), and
the script runs."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CONSUMER = Path(__file__).resolve().parent / "data" / "consumer_strict.py"


@pytest.mark.slow
def test_mypy_strict_accepts_a_consumer_script_and_it_runs(tmp_path: Path) -> None:
    script = tmp_path / "planner.py"
    shutil.copy(CONSUMER, script)
    # From tmp_path, with no MYPYPATH: mypy finds nightsim as an installed, typed package.
    env = {"PATH": str(Path(sys.executable).parent), "HOME": str(tmp_path)}
    cache = ["--cache-dir", str(tmp_path / ".mypy_cache")]
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *cache, "planner.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    ran = subprocess.run(
        [sys.executable, "planner.py", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert "lines involve Moss" in ran.stdout and "refused: " in ran.stdout
    assert (tmp_path / "night.jsonl").is_file()
