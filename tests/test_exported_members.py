"""The public API is listed once, `nightsim.__all__`, as httpx's tests/test_exported_members.py
holds httpx's: every name in it imports, the package's public members are exactly it, and
the manual (`help(nightsim)`, the package docstring) and docs/api.md document exactly it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import nightsim
import nightsim.api

ROOT = Path(__file__).resolve().parents[1]


def test_all_is_one_sorted_list_without_repeats() -> None:
    assert nightsim.__all__ == sorted(set(nightsim.__all__), key=lambda n: (n[0].islower(), n))
    assert nightsim.api.__all__ is nightsim.__all__  # the same list, not a second one


@pytest.mark.parametrize("name", nightsim.__all__)
def test_every_name_in_all_imports(name: str) -> None:
    value = getattr(nightsim, name)
    assert value is getattr(nightsim.api, name)
    assert name == "__version__" or getattr(value, "__doc__", None), f"{name} has no docstring"


# In a fresh interpreter: what `import nightsim` and `from nightsim import *` give, once every
# name has been loaded (the lazy ones too).
MEMBERS = """
import json, types
import nightsim
for name in nightsim.__all__:
    getattr(nightsim, name)
public = sorted(
    n for n, v in vars(nightsim).items()
    if (not n.startswith("_") or n == "__version__") and not isinstance(v, types.ModuleType)
)
star = {}
exec("from nightsim import *", star)
print(json.dumps({"public": public, "star": sorted(n for n in star if n != "__builtins__")}))
"""


def test_the_exported_members_are_all() -> None:
    done = subprocess.run(
        [sys.executable, "-c", MEMBERS], capture_output=True, text=True, check=True
    )
    seen = json.loads(done.stdout)
    assert seen["public"] == sorted(nightsim.__all__)
    assert seen["star"] == sorted(nightsim.__all__)


def test_the_manual_documents_exactly_all() -> None:
    """The package docstring (`help(nightsim)`): each function on a line of its own, each
    type and exception by name; nothing documented that is not exported."""
    doc = nightsim.__doc__ or ""
    listed = doc[: doc.index(">>>")]
    functions = set(re.findall(r"^    ([a-z_]+)\(", listed, re.M))
    types = set(re.findall(r"\b([A-Z][A-Za-z]+)\b", listed)) & set(dir(nightsim))
    api = set(nightsim.__all__) - {"__version__"}
    assert functions | types == api, sorted((functions | types) ^ api)


def test_docs_api_documents_exactly_all() -> None:
    """docs/api.md names every exported name, and every name it imports from `nightsim` is
    exported."""
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    missing = [
        n
        for n in nightsim.__all__
        if n != "__version__" and not re.search(rf"`(?:nightsim\.)?{n}\b", page)
    ]
    assert not missing, f"docs/api.md does not document {missing}"
    imported: set[str] = set()
    for names in re.findall(r"from nightsim import ([\w, ]+)", page):
        imported |= {n.strip() for n in names.split(",")}
    assert imported <= set(nightsim.__all__), sorted(imported - set(nightsim.__all__))
