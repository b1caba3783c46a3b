"""The Python API (`simulate`, `iter_events`) as a tool builder calls it, with the values a
tool may pass."""

from __future__ import annotations

import doctest
import io
import pydoc
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import nightsim
from nightsim import iter_events, iter_log, load_config, narrate, read_log, simulate
from nightsim.cli import main
from nightsim.config import Config, config_from_data, default_config_path, parse_config
from nightsim.log.writer import iter_log_lines
from nightsim.narration import Catalogue
from nightsim.narration.night import head_lines


def test_a_nights_outcome_is_a_frozen_named_tuple_read_by_name() -> None:
    """docs/api.md: `simulate(...).outcomes` holds one `NightOutcome` a night, a named tuple
    (its characters' and its encounter's outcomes too): read by name, immutable, `_asdict`
    for a dict of its fields; what the night summary tells."""
    night = simulate(load_config(default_config_path()), 9)
    (out,) = night.outcomes
    summary = night.events[-1]
    assert summary.type == "night.summary"
    assert [c.name for c in out.characters] == [c.name for c in summary.characters]
    assert [c.full_rest for c in out.characters] == [c.full_rest for c in summary.characters]
    first = out.characters[0]
    assert list(first._asdict()) == [
        "name",
        "full_rest",
        "slept_minutes",
        "interrupted",
        "surprised",
        "difficulty",
        "hp",
        "exhaustion",
        "spells_prepared",
        "spells_lost",
    ]
    with pytest.raises(AttributeError):
        first.hp = 99  # type: ignore[misc]
    assert hash(out) == hash(simulate(load_config(default_config_path()), 9).outcomes[0])


@pytest.mark.parametrize("seed", [-1, True, 1.5, None, b"11"])
def test_a_seed_the_cli_would_refuse_is_a_clear_value_error(seed: object) -> None:
    """docs/log-format.md: a seed is a non-negative integer or a string. simulate() took -1 and True
    (whose header then said seed 1 while the dice rolled "True": a log verify refuses),
    and answered 1.5 or None with a pydantic dump about the event union."""
    config = load_config(default_config_path())
    with pytest.raises(ValueError, match="seed") as info:
        simulate(config, seed)  # type: ignore[arg-type]
    assert "tagged-union" not in str(info.value)
    with pytest.raises(ValueError, match="seed"):
        next(iter_events(config, seed))  # type: ignore[arg-type]


@pytest.mark.parametrize("nights", [0, -3, 1.5, True])
def test_nights_must_be_a_positive_integer(nights: object) -> None:
    config = load_config(default_config_path())
    with pytest.raises(ValueError, match="nights") as info:
        simulate(config, 11, nights)  # type: ignore[arg-type]
    assert "tagged-union" not in str(info.value)


# --- docs/api.md: every public function checks its arguments at the boundary ------------------


@pytest.fixture(scope="module")
def config() -> Config:
    return load_config(default_config_path())


@pytest.fixture(scope="module")
def log_lines(config: Config) -> list[str]:
    return [text + "\n" for text in iter_log_lines(iter_events(config, 9))]


# Wrong types on purpose, as a caller without a type checker passes them: each case's
# `type: ignore` is its point.
@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        # simulate({...}, 1) raised AttributeError from deep in the engine.
        (lambda c: simulate({"camp": {}}, 1), TypeError, r"^config: expected a Config"),  # type: ignore[arg-type]
        (lambda c: simulate(c.canonical(), 1), TypeError, r"got dict"),
        (lambda c: simulate(None, 1), TypeError, r"^config: "),  # type: ignore[arg-type]
        (lambda c: simulate(c, 1, "3"), ValueError, r"^nights: "),  # type: ignore[arg-type]
        # Raised when called, not at the first next().
        (lambda c: iter_events("camp.toml", 1), TypeError, r"^config: .* got str"),  # type: ignore[arg-type]
        (lambda c: iter_events(c, -1), ValueError, r"^seed: "),
        # load_config(p, "camp.season=winter") walked the string as items "c", "a", …
        (
            lambda c: load_config(default_config_path(), "camp.season=winter"),  # type: ignore[arg-type]
            TypeError,
            r"^overrides: expected a list or tuple .* got str \(one item: \['camp",
        ),
        (lambda c: load_config(default_config_path(), [1]), TypeError, r"^overrides\[0\]: "),  # type: ignore[list-item]
        (lambda c: load_config(default_config_path(), None), TypeError, r"^overrides: .*NoneType"),  # type: ignore[arg-type]
        (lambda c: load_config(7), TypeError, r"^path: expected a str or a path, got int"),  # type: ignore[arg-type]
        (lambda c: parse_config(b"[camp]"), TypeError, r"^text: "),  # type: ignore[arg-type]
        (lambda c: parse_config("", "camp.season=winter"), TypeError, r"^overrides: "),  # type: ignore[arg-type]
        (lambda c: config_from_data("camp.toml"), TypeError, r"^raw: "),  # type: ignore[arg-type]
        (lambda c: read_log(7), TypeError, r"^path: expected a str or a path, got int"),  # type: ignore[arg-type]
        (lambda c: read_log(None), TypeError, r"^path: "),  # type: ignore[arg-type]
        # rank_rotas(watchers=[2, 3]) compared an int with a list deep in the rota orders.
        (
            lambda c: nightsim.rank_rotas(c, 1, 10, watchers=[2, 3]),  # type: ignore[arg-type]
            TypeError,
            r"^watchers: expected one number .* got list; .*once per K",
        ),
    ],
)
def test_a_bad_argument_is_named(
    config: Config, call: Callable[[Config], object], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        call(config)


@pytest.mark.parametrize(
    ("lines", "match"),
    [
        ("logs/night.jsonl", r"^lines: .* got str; to read a file by its path, use read_log"),
        (Path("logs/night.jsonl"), r"^lines: .* got PosixPath; .*read_log|^lines: .*Path"),
        (b'{"seq":0}\n', r"^lines: .* got bytes$"),
        (7, r"^lines: .* got int$"),
    ],
)
def test_iter_log_wants_the_lines_not_a_path(lines: object, match: str) -> None:
    with pytest.raises(TypeError, match=match):
        iter_log(lines)  # type: ignore[arg-type]


def test_iter_log_names_a_line_that_is_not_text(log_lines: list[str]) -> None:
    reader = iter_log([log_lines[0], 42, log_lines[2]])  # type: ignore[list-item]
    assert next(reader).number == 1
    with pytest.raises(TypeError, match=r"^lines: line 2 is a int, not str or bytes"):
        next(reader)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"lang": "fr"}, ValueError, r"^lang: expected one of 'en', 'uk', got 'fr'"),
        ({"lang": None}, ValueError, r"^lang: "),
        ({"width": 19}, ValueError, r"^width: expected 20\.\.1000 columns, got 19"),
        ({"width": 1001}, ValueError, r"^width: "),
        ({"width": "80"}, TypeError, r"^width: expected an int .* got str"),
        ({"width": True}, TypeError, r"^width: "),
        ({"width": 80.0}, TypeError, r"^width: "),
    ],
)
def test_narrate_checks_lang_and_width(
    config: Config, kwargs: dict[str, object], error: type[Exception], match: str
) -> None:
    events = simulate(config, 9).events
    with pytest.raises(error, match=match):
        narrate(events, **kwargs)  # type: ignore[arg-type]


def test_narrate_wants_events(config: Config, log_lines: list[str]) -> None:
    night = simulate(config, 9)
    cases: list[tuple[object, str]] = [
        ("logs/night.jsonl", r"^events: .* got str; to narrate a log file, pass read_log"),
        (Path("night.jsonl"), r"^events: .*read_log\(path\)"),
        (night, r"^events: .* got Night; for a Night, pass night.events"),
        (night.events[0].model_dump(), r"^events: .* got dict"),
        (7, r"^events: .* got int"),
        (log_lines, r"^events: item 0 is a str \(a log line: read the log"),
        (iter_log(log_lines), r"^events: item 0 is a LogLine \(a LogLine: pass line.event\)"),
        ([night.events[0], None], r"^events: item 1 is a NoneType"),
    ]
    for events, match in cases:
        with pytest.raises(TypeError, match=match):
            narrate(events)  # type: ignore[arg-type]


# --- narrate() is what `nightsim replay` prints -------------------------------------------


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize(("seed", "nights", "width"), [(9, 1, 100), ("a/b 7", 3, 64)])
def test_narrate_is_replays_output(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    seed: int | str,
    nights: int,
    width: int,
) -> None:
    log = tmp_path / "night.jsonl"
    argv = ["run", "--seed", str(seed), "--nights", str(nights), "--log", str(log), "--quiet"]
    assert main(argv) == 0
    monkeypatch.setenv("COLUMNS", str(width))
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    capsys.readouterr()
    assert main(["replay", str(log), "--lang", lang]) == 0
    printed = capsys.readouterr().out
    text = narrate(read_log(log), lang=lang, width=width)
    # replay ends with a blank line after its last block; narrate() ends with its last line.
    assert not text.endswith("\n\n") and text + "\n" == printed
    # Plain text whatever the environment asks of a terminal (replay, told FORCE_COLOR,
    # colours its pipe).
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "33")
    assert narrate(read_log(log), lang=lang, width=width) == text
    assert "\x1b" not in text
    # The same from the typed events of simulate(), and streamed through iter_log.
    config = read_log(log)[0].config  # type: ignore[union-attr]
    # A night from simulate() has no chain, so no head: it tells the log's narration without
    # its last block, the chain head (the log's last hash).
    last = read_log(log)[-1].hash
    assert last is not None
    label = Catalogue(lang)("chain.head", short="")
    head_at = printed.rindex(label.split()[0])
    assert printed[head_at:].split() == " ".join(head_lines(last, Catalogue(lang))).split()
    night = simulate(config_from_data(config), seed, nights)
    assert narrate(night.events, lang, width) + "\n" == printed[:head_at]
    with log.open("rb") as fh:
        assert narrate((line.event for line in iter_log(fh)), lang=lang, width=width) == text


# --- the docstrings' examples run; help(nightsim) is a short manual -------------------------

API = ["load_config", "simulate", "iter_events", "read_log", "iter_log", "narrate"]


@pytest.mark.parametrize("name", ["nightsim", *API])
def test_the_docstring_examples_run(name: str) -> None:
    obj = nightsim if name == "nightsim" else getattr(nightsim, name)
    tests = doctest.DocTestFinder(recurse=False).find(obj, name, globs={})
    examples = sum(len(t.examples) for t in tests)
    assert examples >= 3, f"{name}'s docstring has {examples} examples"
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()


def test_help_nightsim_reads_like_a_manual() -> None:
    text = pydoc.render_doc(nightsim, renderer=pydoc.plaintext)  # type: ignore[attr-defined]
    manual = nightsim.__doc__ or ""
    for name in API:
        assert re.search(rf"^    {name}\(", manual, re.M), f"{name} not in the package docstring"
        assert (getattr(nightsim, name).__doc__ or "").strip(), f"{name} has no docstring"
        assert f"{name}(" in text
    assert set(API) <= set(nightsim.__all__)
    example = [line for line in manual.splitlines() if line.startswith("    >>> ")]
    assert 5 <= len(example) <= 12
