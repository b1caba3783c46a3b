"""Names a package loads on first use (PEP 562's module `__getattr__`), each from its module:
`import nightsim` and `import nightsim.narration` stay cheap, and a command that never uses
a name never imports what defines it (docs/design-notes.md, "Imports where they are used")."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any


def attribute(owner: str, table: Mapping[str, str], name: str) -> Any:
    """`name` of the module `owner`, imported from the module `table` names for it."""
    module = table.get(name)
    if module is None:
        raise AttributeError(f"module {owner!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
