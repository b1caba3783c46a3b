"""Every switch on an event's type names every type, and a new type is a mypy error.

The narration's switches (`facts._Screen.line`, `sleep._Now.change`) and those over the
narration's own records (a night line, the evening, the facts) end in `assert_never`: a type
nobody handles is a type error, not a line silently left out. Where a consumer ignores an
event it says so in a case of its own. The fast test reads the switches' patterns; the slow
one adds an event to a copy of the package and runs mypy on it.
"""

from __future__ import annotations

import ast
import inspect
import shutil
import subprocess
import sys
import textwrap
import types
import typing
from pathlib import Path

import pytest

from nightsim import events as ev
from nightsim import view
from nightsim.narration import evening, facts, hours, sleep, whatif
from nightsim.page import timeline

ROOT = Path(__file__).resolve().parents[2]


def _members(union: object) -> set[str]:
    """The class names of a union (an `Annotated` one too)."""
    args = typing.get_args(union)
    if args and typing.get_origin(union) is typing.Annotated:
        return _members(args[0])
    return {a.__name__ for a in args}


def _match(function: object) -> ast.Match:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))  # type: ignore[arg-type]
    (match,) = [node for node in ast.walk(tree) if isinstance(node, ast.Match)]
    return match


def _named(pattern: ast.pattern) -> set[str]:
    """The class names a case's pattern matches (`ev.X()`, `X() | Y()`)."""
    if isinstance(pattern, ast.MatchClass):
        cls = pattern.cls
        return {cls.attr if isinstance(cls, ast.Attribute) else ast.unparse(cls)}
    if isinstance(pattern, ast.MatchOr):
        return set().union(*(_named(p) for p in pattern.patterns))
    return set()


SWITCHES = [
    (facts._Screen.line, ev.Event),
    (sleep._Now.change, ev.Event),
    (view._players, ev.Event),  # the players' view: per event type, never by default
    (evening.evening_line, facts.EveningEvent),
    (whatif._sentence, whatif.Sentenced),
    (hours.night_line, facts.NightLine),
    (timeline._line_mark, facts.NightLine),
]


@pytest.mark.parametrize(("function", "union"), SWITCHES, ids=[f.__qualname__ for f, _ in SWITCHES])
def test_a_switch_names_every_type_and_ends_in_assert_never(
    function: object, union: object
) -> None:
    match = _match(function)
    named = set().union(*(_named(case.pattern) for case in match.cases))
    assert named == _members(union), sorted(_members(union) ^ named)
    last = match.cases[-1]
    assert isinstance(last.pattern, ast.MatchAs) and last.pattern.pattern is None
    assert last.guard is None and "assert_never(" in ast.unparse(last.body[0])
    # A guarded case does not narrow: its type would still reach `assert_never`.
    assert all(case.guard is None for case in match.cases), "a guard hides a type"


def test_the_union_is_every_event_model() -> None:
    assert _members(ev.Event) == {m.__name__ for m in ev.EventBase.__subclasses__()}
    assert isinstance(whatif.Sentenced, types.UnionType)


NEW_EVENT = '''

class WatchHeard(EventBase):
    """A watcher hears a noise (a test's throw-away event)."""

    type: Literal["watch.heard"] = Field("watch.heard", description="a noise")
    actor: str = Field(description="the watcher")
'''


@pytest.mark.slow
def test_a_new_event_is_a_mypy_error_where_it_needs_a_case(tmp_path: Path) -> None:
    """The copy's union gains one type: mypy names the switches that must decide on it (the
    hour's line, the sleep states and the players' view, which decides per event type what
    the characters know), and nothing else."""
    shutil.copytree(ROOT / "nightsim", tmp_path / "nightsim")
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    models = tmp_path / "nightsim" / "events.py"
    text = models.read_text(encoding="utf-8")
    text = text.replace("\n\nEvent = Annotated[", NEW_EVENT + "\n\nEvent = Annotated[", 1)
    text = text.replace("    | NightSummary,\n", "    | NightSummary\n    | WatchHeard,\n", 1)
    assert "| WatchHeard," in text
    models.write_text(text, encoding="utf-8")
    # mypy's own cache of this tree, where a contributor's or CI's `mypy nightsim` left one:
    # mypy checks each cached module against its source's hash and its options, so the copy
    # re-checks only what the new type reaches (~2 s instead of ~7 s of a full check).
    if (ROOT / ".mypy_cache").is_dir():
        shutil.copytree(ROOT / ".mypy_cache", tmp_path / ".mypy_cache")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "nightsim"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert run.returncode == 1, run.stdout
    assert {line.split(":", 1)[0] for line in errors} == {
        "nightsim/narration/facts.py",
        "nightsim/narration/sleep.py",
        "nightsim/view.py",
    }, run.stdout
    assert all('"assert_never" has incompatible type "WatchHeard"' in e for e in errors)
