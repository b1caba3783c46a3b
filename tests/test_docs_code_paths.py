"""Every code path the map of the code names exists: docs/architecture.md and
docs/rules-coverage.md name modules, files, functions, classes and their members
(`engine/evening.EveningChores._cook`, `rules.doze_die`, `log.reader.iter_log`,
`tests/engine/test_driven.py`), and a rename that leaves them behind fails here, naming each.

A token in backticks is read as a code path when it looks like one: words joined by `.` or
`/`, or one CamelCase or UPPER_CASE name. It resolves when it is a file or folder of the
repository (under `nightsim/` or the root), a module of `nightsim` (named by its path, its
dotted name, or its last parts: `plan` is `nightsim.engine.plan`) followed by attributes of
it (a pydantic or dataclass field counts), or a name some module of `nightsim` defines
followed by its attributes. What looks like a path and is a name of another kind is known
here too: an event type (`hour.passed`), a catalogue key (`check.dozing_on`), a config key
(`camp.light_fire`); anything else left over is a dead path.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import nightsim
from nightsim.config import Config, default_config_path, load_config
from nightsim.events import EVENT_TYPES, event_keys
from nightsim.narration.catalogue_en import EN

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("docs/architecture.md", "docs/rules-coverage.md")

CODE_LIKE = re.compile(
    r"^(?:[A-Za-z_][\w-]*(?:[./][A-Za-z_*][\w*-]*)+(?:\.py)?/?|[A-Z][a-z]+[A-Z]\w*|[A-Z][A-Z_]{2,})$"
)
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
TICKED = re.compile(r"`([^`\n]+)`")


def _tokens(page: str) -> Iterator[str]:
    """The backticked tokens of a page that look like code paths, as written."""
    text = FENCE.sub("", (ROOT / page).read_text(encoding="utf-8"))
    if page.endswith("rules-coverage.md"):
        # The code column of each table row (the third); the tests column names tests.
        cells = (row.split(" | ") for row in text.splitlines() if row.startswith("| "))
        text = "\n".join(c[2] for c in cells if len(c) >= 4)
    for raw in TICKED.findall(text):
        token = raw.split("(", 1)[0].strip()  # `cli.main(argv) -> int`, `rules.chance()`
        if " " in token or "::" in token:
            continue
        if CODE_LIKE.match(token):
            yield token


@cache
def _modules() -> dict[str, ModuleType | None]:
    """Every module of nightsim by its dotted name, imported on first use."""
    found: dict[str, ModuleType | None] = {"nightsim": None}
    for info in pkgutil.walk_packages(nightsim.__path__, "nightsim."):
        found[info.name] = None
    return found


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def _has(obj: Any, parts: list[str]) -> bool:
    for part in parts:
        if hasattr(obj, part):
            obj = getattr(obj, part)
            continue
        fields: dict[str, Any] = {}
        for klass in getattr(obj, "__mro__", ()):
            fields.update(getattr(klass, "__annotations__", {}))
            fields.update(getattr(klass, "__dataclass_fields__", {}))
        fields.update(getattr(obj, "model_fields", {}) or {})
        return part in fields and part == parts[-1]
    return True


def _by_module(parts: list[str]) -> bool:
    """`parts` as a module of nightsim (named by its last parts; a package stands for its
    modules too), or a script of bench/ or tools/ by its name, and attributes of it."""
    for k in range(len(parts), 0, -1):
        tail = ".".join(parts[:k])
        for name in _modules():
            if name == f"nightsim.{tail}" or name.endswith(f".{tail}") or name == tail:
                inside = [n for n in _modules() if n.startswith(f"{name}.")]
                if any(_has(_module(n), parts[k:]) for n in [name, *inside]):
                    return True
    script = next((p for p in SCRIPTS if p.stem == parts[0]), None)
    return script is not None and _has(_script(script), parts[1:])


SCRIPTS = sorted([*(ROOT / "bench").glob("*.py"), *(ROOT / "tools").glob("*.py")])


@cache
def _script(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_docs_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def _defined() -> dict[str, list[Any]]:
    """Every name a module of nightsim defines (not imports), to what it is."""
    out: dict[str, list[Any]] = {}
    for name in _modules():
        if ".serve" in name and not importlib.util.find_spec("starlette"):
            continue
        module = _module(name)
        for attr, value in vars(module).items():
            if getattr(value, "__module__", name) == name or attr.isupper():
                out.setdefault(attr, []).append(value)
    return out


def _by_name(parts: list[str]) -> bool:
    return any(_has(value, parts[1:]) for value in _defined().get(parts[0], []))


FILE_ENDINGS = (".py", ".md", ".txt", ".toml", ".json", ".js", ".mjs", ".j2", ".css")


def _as_file(token: str) -> bool | None:
    """A path of the repository (None: not written as a path). A bare file name (`chart.py`,
    in a paragraph about `nightsim/page/`) is any file of that name."""
    if "/" not in token and not token.endswith(FILE_ENDINGS):
        return None
    if "/" not in token:
        return any(any(ROOT.glob(f"{d}/**/{token}")) for d in ("nightsim", "bench", "tools"))
    for base in (ROOT / "nightsim", ROOT):
        if "*" in token and list(base.glob(token)):
            return True
        if (base / token).exists():
            return True
    # `engine/evening.EveningChores._cook`: the module by its path, then attributes.
    head, _, rest = token.partition(".")
    if rest.endswith("py") and rest.count(".") == 0:
        return False
    for base in (ROOT / "nightsim", ROOT):
        if (base / f"{head}.py").exists() or (base / head / "__init__.py").exists():
            dotted = (base / head).relative_to(ROOT).as_posix().replace("/", ".")
            return _has(_module(dotted), rest.split(".") if rest else [])
    return False


@cache
def _config_keys() -> frozenset[str]:
    config = load_config(default_config_path())
    keys: set[str] = set()

    def walk(prefix: str, model: Any) -> None:
        for name in type(model).model_fields:
            keys.add(f"{prefix}{name}")
            value = getattr(model, name)
            if hasattr(type(value), "model_fields"):
                walk(f"{prefix}{name}.", value)

    walk("", config)
    assert isinstance(config, Config)
    return frozenset(keys)


def _another_kind(token: str) -> bool:
    """A name that looks like a path but is an event type, a catalogue key or a config key."""
    head, _, field = token.rpartition(".")
    return (
        token in EVENT_TYPES
        or (head in EVENT_TYPES and field in event_keys(head))  # `rest.began.unwatched_from`
        or token in EN
        or token.removesuffix(".*") in {k.split(".", 1)[0] for k in EN}
        or token in _config_keys()
    )


# Written in backticks like a path, and not one: a call as an actor writes it, any model's
# method, the typing module's, the scaffold's mark.
NOT_PATHS = frozenset({"rec.emit", "Model.model_construct", "TypedDict", "TODO"})


def resolves(token: str) -> bool:
    if token in NOT_PATHS:
        return True
    as_file = _as_file(token)
    if as_file is not None:
        return as_file
    if _another_kind(token):
        return True
    parts = token.split(".")
    return _by_module(parts) or _by_name(parts)


@pytest.mark.parametrize("page", PAGES)
def test_every_code_path_a_page_names_exists(page: str) -> None:
    tokens = sorted(set(_tokens(page)))
    assert len(tokens) > 30, f"{page}: the parser found too few code paths to be reading it"
    dead = [t for t in tokens if not resolves(t)]
    assert not dead, f"{page} names code paths that do not exist: {dead}"


@pytest.mark.parametrize(
    "token",
    [
        "rules.no_such_rule",
        "engine/evening.Evening._gather",
        "nightsim/nowhere.py",
        "NoSuchClass",
        "rest.began.no_field",
        "golden_digest.NOT_THERE",
    ],
)
def test_a_dead_path_is_found(token: str) -> None:
    assert not resolves(token)


@pytest.mark.parametrize(
    "token",
    [
        "rules.doze_die",
        "engine/evening.EveningChores",
        "log.reader.iter_log",
        "tests/engine/test_driven.py",
        "Config.shift_slots",
        "hour.passed",
        "camp.light_fire",
        "rest.began.unwatched_from",
        "golden_digest.RELEASED",
        "config.Score",
    ],
)
def test_a_live_path_is_found(token: str) -> None:
    assert resolves(token)


def test_every_test_rules_coverage_names_exists() -> None:
    """The tests column: `file::test`, the file by its name or the page's abbreviation
    (`stats` = `test_engine_stats.py`), the test a function of it."""
    text = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    short = dict(re.findall(r"`(\w+)` =\s+`(test_\w+\.py)`", text))
    assert {"stats", "timeline", "e2"} <= set(short), short
    refs = sorted(set(re.findall(r"`([\w./]+)::(test_\w+)", text)))
    assert len(refs) > 100, "the parser found too few tests to be reading the page"
    dead = []
    for name, test in refs:
        files = list((ROOT / "tests").rglob(Path(short.get(name, name)).name))
        defined = re.compile(rf"^\s*(?:async )?def {test}\(", re.M)
        if not any(defined.search(f.read_text(encoding="utf-8")) for f in files):
            dead.append(f"{name}::{test}")
    assert not dead, f"docs/rules-coverage.md names tests that do not exist: {dead}"
