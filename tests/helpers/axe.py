"""axe-core, the accessibility checker, run in a page a test has loaded in the real
Chromium: its own `axe.min.js`, shipped by the PyPI package axe-playwright-python (nothing
is fetched)."""

from __future__ import annotations

import importlib.resources
from typing import Any


def axe_violations(page: Any) -> list[str]:
    """The page's serious and critical violations, one line each."""
    script = importlib.resources.files("axe_playwright_python").joinpath("axe.min.js")
    page.evaluate(script.read_text(encoding="utf-8"))
    results = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]
