"""No night of a released rules edition moves (CONTRIBUTING.md, "Changing a rule: a new rules
edition"): a change to how a night plays is a new edition, scaffolded by
`tools/new_edition.py`, never a rewritten digest store.

`bench/golden_digest.py --check` is the whole fingerprint (thousands of nights a store, some
30 s each); here a sample of each store's lines is worked out again, so a night that moves
fails the tests too, with the recipe in its message. Beside it: every edition has its stores
and its row in docs/rules.md §9, no scaffold is left half-written, and the scaffolding tool
itself, run on a copy of the tree.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from nightsim.editions import CURRENT_EDITION, EDITIONS
from nightsim.engine.dice import RNG_IDS

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "new_edition.py"
RECIPE_HEADING = "## Changing a rule: a new rules edition"
MARKER = re.compile(r"TODO\(edition \d+\)")


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def golden() -> ModuleType:
    return _load(ROOT / "bench" / "golden_digest.py")


STORES = [(e, rng) for e in EDITIONS for rng in RNG_IDS]


def _id(store: tuple[int, str]) -> str:
    return f"edition{store[0]}-{store[1]}"


@pytest.mark.parametrize("store", STORES, ids=_id)
def test_every_edition_has_a_store_per_dice(golden: ModuleType, store: tuple[int, str]) -> None:
    edition, rng = store
    path = golden.store(rng, edition)
    assert path.exists(), f"{path.name} missing: `python tools/new_edition.py` writes it"
    names = [line.split()[0] for line in path.read_text().splitlines()]
    assert names == [n for n, _, _ in golden.VARIANTS for _ in (0, 1)], path.name


# A sample of each store: the default night's log, and the outcomes of a journey and of
# sleeping in (the lines the golden files do not pin for every edition and dice).
SAMPLE = (("default", False), ("default", True), ("journey5", True), ("sleep_in", True))


@pytest.mark.slow
@pytest.mark.parametrize("store", STORES, ids=_id)
def test_no_night_of_an_edition_moves(golden: ModuleType, store: tuple[int, str]) -> None:
    edition, rng = store
    want = golden.store(rng, edition).read_text().splitlines()
    variants = {name: (sets, nights) for name, sets, nights in golden.VARIANTS}
    got = [golden.line(name, *variants[name], 300, rng, edition, odds) for name, odds in SAMPLE]
    moved = golden.moved(want, got)
    assert not moved, golden.moved_message(edition, rng, moved)


def test_a_moved_night_names_the_recipe(golden: ModuleType) -> None:
    want = ["default 300x1 aa", "default odds 1500x1 bb", "rota3 300x1 cc"]
    assert golden.moved(want, ["default 300x1 aa", "default odds 1500x1 bb"]) == []
    assert golden.moved(want, [*want, "new_variant 300x1 dd"]) == []  # a line added
    assert golden.moved(want, ["default 30x1 aa", "default odds 1500x1 b0"]) == want[:2]
    released = golden.moved_message(1, "sha256-ctr-v1", want[:2])
    assert "edition 1" in released and "(default)" in released
    assert 'CONTRIBUTING.md, "Changing a rule: a new rules edition"' in released
    assert "--write" in golden.moved_message(CURRENT_EDITION + 1, "x", want[:1])
    # The message sends the contributor to a section that exists.
    assert RECIPE_HEADING in (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_released_store_is_never_rewritten(tmp_path: Path) -> None:
    """`--write` over a released edition whose nights moved writes nothing (fewer seeds:
    every line moves)."""
    bench = tmp_path / "bench"
    shutil.copytree(ROOT / "bench", bench, ignore=shutil.ignore_patterns("__pycache__"))
    kept = (bench / "golden_digest.txt").read_bytes()
    done = subprocess.run(
        [sys.executable, "bench/golden_digest.py", "--edition", "1", "--seeds", "1", "--write"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and "Changing a rule: a new rules edition" in done.stderr
    assert (bench / "golden_digest.txt").read_bytes() == kept


def test_every_edition_is_in_the_rules() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = rules[rules.index("## 9. Rules editions") :]
    for edition in EDITIONS:
        assert f"- **Edition {edition}**" in section, f"docs/rules.md §9: edition {edition}"


def test_no_edition_is_left_half_written() -> None:
    """tools/new_edition.py marks what only the contributor can write; none is left."""
    left = []
    for folder in ("nightsim", "docs", "bench", "tests", "tools"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in {".py", ".md", ".txt", ".toml"} or path == TOOL:
                continue
            if path == Path(__file__).resolve() or ".venv" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            left += [f"{path.relative_to(ROOT)}: {m[0]}" for m in MARKER.finditer(text)]
    for name in ("CHANGELOG.md", "CONTRIBUTING.md", "README.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        left += [f"{name}: {m[0]}" for m in MARKER.finditer(text)]
    assert not left, f"a scaffolded edition is not finished ({RECIPE_HEADING[3:]}): {left}"


# --- tools/new_edition.py, on a copy of the tree ----------------------------------------------


def _copy(tmp_path: Path) -> Path:
    for name in ("nightsim", "bench", "docs"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "CHANGELOG.md", tmp_path / "CHANGELOG.md")
    return tmp_path


def _tool(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), "--root", str(root), *args],
        capture_output=True,
        text=True,
        check=False,
    )


def _texts(root: Path) -> dict[Path, bytes]:
    """Every file of a tree but Python's byte code (written where it is allowed to)."""
    return {
        p.relative_to(root): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


@pytest.mark.slow
def test_new_edition_scaffolds_the_next_edition(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    before = _texts(root)
    real = {rel: (ROOT / rel).read_bytes() for rel in before}
    done = _tool(root, "--seeds", "2")
    assert done.returncode == 0, done.stderr
    assert all((ROOT / rel).read_bytes() == text for rel, text in real.items())  # untouched
    assert not list((ROOT / "bench").glob(f"golden_digest-edition{CURRENT_EDITION + 1}*"))
    new = CURRENT_EDITION + 1
    asked = subprocess.run(
        [
            sys.executable,
            "-c",
            "import nightsim.editions as e; "
            f"print(e.CURRENT_EDITION, e.EDITIONS, e.readings_for({new}) == "
            f"e.readings_for({new - 1}))",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    assert asked.stdout.split(" ", 1) == [str(new), f"{(*EDITIONS, new)} True\n"]
    changed = {p for p, text in _texts(root).items() if before.get(p) != text}
    stores = {Path("bench") / f"golden_digest-edition{new}{s}.txt" for s in ("", "-sha256-ctr-v1")}
    docs = {Path(p) for p in ("docs/rules.md", "docs/log-format.md", "docs/rules-coverage.md")}
    assert changed == {Path("nightsim/editions.py"), Path("CHANGELOG.md"), *docs, *stores}
    for rel in (Path("nightsim/editions.py"), Path("CHANGELOG.md"), *docs):
        assert f"TODO(edition {new})" in (root / rel).read_text(encoding="utf-8"), rel
    # A copy of the edition before: the same outcomes; the logs differ by their header.
    golden = _load(ROOT / "bench" / "golden_digest.py")
    old = [
        golden.line(n, s, k, 2, "sha256-uniform-v2", new - 1, o)
        for n, s, k in golden.VARIANTS[:3]
        for o in (False, True)
    ]
    got = (root / "bench" / f"golden_digest-edition{new}.txt").read_text().splitlines()[:6]
    assert [g for g in got if " odds " in g] == [o for o in old if " odds " in o]
    assert not set(got) & {o for o in old if " odds " not in o}


def test_new_edition_dry_run_writes_nothing(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    before = _texts(root)
    done = _tool(root, "--dry-run")
    assert done.returncode == 0, done.stderr
    assert "would write: nightsim/editions.py" in done.stdout
    assert _texts(root) == before


def test_new_edition_refuses_a_tree_it_does_not_know(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "bench" / f"golden_digest-edition{CURRENT_EDITION + 1}.txt").write_text("x\n")
    before = _texts(root)
    done = _tool(root)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "already scaffolded" in done.stderr and _texts(root) == before
    (root / "bench" / f"golden_digest-edition{CURRENT_EDITION + 1}.txt").unlink()
    rules = root / "docs" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("## 9. Rules editions", "## 9."))
    before = _texts(root)
    done = _tool(root)
    assert done.returncode == 2 and "docs/rules.md" in done.stderr and _texts(root) == before
