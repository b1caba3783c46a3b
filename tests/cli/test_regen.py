"""tools/regen.py: one command regenerates what is derived from the code, and `--check`
says what differs without writing. The cheap parts (the schema, the docs' generated tables)
run here; the pinned outputs, goldens and digests have their own tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from nightsim.log.schema import event_table
from tests.helpers.manual import regen_tool

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "regen.py"


def regen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return regen_tool()


def test_the_schema_and_the_tables_are_regenerated() -> None:
    done = regen("--only", "schema,tables", "--check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""


@pytest.mark.slow
def test_check_lists_what_differs_and_writes_nothing(tmp_path: Path) -> None:
    for name in ("README.md", "docs", "schemas"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy)(src, tmp_path / name)
    readme = tmp_path / "docs" / "stream.md"  # where the event table lives
    text = readme.read_text(encoding="utf-8")
    row = next(line for line in event_table().splitlines() if "`fire.out`" in line)
    readme.write_text(text.replace(row + "\n", ""), encoding="utf-8")
    schema = tmp_path / "schemas" / "log-line-v2.json"
    schema.write_text("{}\n", encoding="utf-8")
    edited = readme.read_text(encoding="utf-8")

    done = regen("--only", "schema,tables", "--check", "--root", str(tmp_path))
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "differ: schemas/log-line-v2.json",
        "differ: docs/stream.md",
    ]
    assert readme.read_text(encoding="utf-8") == edited and schema.read_text() == "{}\n"

    assert regen("--only", "schema,tables", "--root", str(tmp_path)).returncode == 0
    assert readme.read_text(encoding="utf-8") == text
    assert regen("--only", "schema,tables", "--check", "--root", str(tmp_path)).returncode == 0


def test_a_block_is_found_in_any_doc_and_must_be_somewhere(tmp_path: Path) -> None:
    """A block is found by its markers in README.md or any docs/*.md page, wherever it moves."""
    (tmp_path / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "log-format.md", tmp_path / "docs")
    text = (ROOT / "docs" / "stream.md").read_text(encoding="utf-8")
    begin = text.index("<!-- events:")
    block = text[begin : text.index("<!-- /events -->") + len("<!-- /events -->")]
    (tmp_path / "docs" / "events.md").write_text("# Events\n\n" + block + "\n", encoding="utf-8")
    assert regen("--only", "tables", "--check", "--root", str(tmp_path)).returncode == 0
    (tmp_path / "docs" / "events.md").unlink()
    done = regen("--only", "tables", "--check", "--root", str(tmp_path))
    assert done.returncode != 0 and "events" in done.stderr


def test_a_pinned_output_keeps_its_elisions(tool: ModuleType) -> None:
    real = ["{", "  a", "  b", "  c", "}"]
    assert tool._pick(["{", "  a", "…", "}"], (real, real)) == ["{", "  a", "…", "}"]
    assert tool._pick(["…", "  b"], (real, real)) == ["…", "  b"]  # an excerpt
    # Changed: the real output, keeping one `…` with as many lines around it as before.
    assert tool._pick(["{", "  x", "…", "}"], (real, real)) == ["{", "  a", "…", "}"]
    assert tool._pick(["x"], (real, real)) == real
    # stdout alone, or with stderr: the stream the shown output shares lines with.
    assert tool._pick(["…", "head: 1"], (["out"], ["out", "head: 2"])) == ["…", "head: 2"]


def test_every_kept_golden_is_regenerated(tool: ModuleType) -> None:
    """The goldens a test keeps by hand (the night page, the seed-7 log's hash) are
    regenerated with those kept through `check_golden`: `--check` cannot pass them by."""
    found = {Path(p).relative_to(ROOT).as_posix() for p in tool._golden_tests(ROOT)}
    assert {"tests/page/test_page.py", "tests/log/test_log.py"} <= found
    assert "tests/narration/test_narration.py" in found


def test_a_moved_head_is_followed_in_the_prose(tool: ModuleType) -> None:
    old_head, new_head = "ab" * 32, "cd" * 32
    old = f"$ nightsim run --seed 9\nChain head: abab-abab-abab\nin full: {old_head}\n"
    new = f"$ nightsim run --seed 9\nChain head: cdcd-cdcd-cdcd\nin full: {new_head}\n"
    moved = tool.moved_hashes(old, new)
    assert moved == {old_head: new_head}
    prose = f"ends with `Chain head: abab-abab-abab`, then\n  head: {old_head}\n"
    assert tool.follow_hashes(prose, moved) == (
        f"ends with `Chain head: cdcd-cdcd-cdcd`, then\n  head: {new_head}\n"
    )
    assert tool.moved_hashes(old, old) == {}
