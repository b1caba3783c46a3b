"""The pinned examples of README.md and the manual (docs/*.md), found by what they show; and
tools/regen.py, which writes them, as a module."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

_ROOT = Path(__file__).resolve().parents[2]


def manual_pages() -> list[Path]:
    """Where a pinned example may live: README.md and every page of the manual."""
    return [_ROOT / "README.md", *sorted((_ROOT / "docs").glob("*.md"))]


def manual_page(needle: str) -> str:
    """The text of the one page (README.md or docs/*.md) that shows `needle`: a block is
    found by what it shows, wherever the manual moves it."""
    found = [p for p in manual_pages() if needle in p.read_text(encoding="utf-8")]
    assert len(found) == 1, f"{needle!r} should be on one page, is on {[p.name for p in found]}"
    return found[0].read_text(encoding="utf-8")


def manual_block(command: str) -> str:
    """What a page shows under `$ command`, up to its code block's end."""
    text = manual_page(f"$ {command}\n")
    start = text.index(f"$ {command}\n") + len(command) + 3
    return text[start : text.index("```", start)]


def manual_section(heading: str) -> str:
    """The section under a heading line (`# The Python API`, a page's title too), up to the
    next heading of its level or above."""
    text = "\n" + manual_page(f"{heading}\n")
    level = heading.split(" ", 1)[0]
    body = text.split(f"\n{heading}\n", 1)[1]
    ends = [body.find(f"\n{'#' * n} ") for n in range(1, len(level) + 1)]
    return body[: min([e for e in ends if e >= 0], default=len(body))]


def regen_tool() -> ModuleType:
    """tools/regen.py as a module (it is a script, not part of the package)."""
    path = _ROOT / "tools" / "regen.py"
    spec = importlib.util.spec_from_file_location("regen", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
