"""Hostile input (docs/limits.md): each limit of nightsim/limits.py through the CLI (exit 2,
one short line naming the limit, no traceback), the API's `nights`, echoed values shortened
and escaped, `--set` mistakes blamed on the item, and mutated configs that never crash `check`."""

from __future__ import annotations

import os
import re
import signal
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nightsim import events as ev
from nightsim import iter_events, simulate
from nightsim.cli import main
from nightsim.config import ConfigError, default_config_path, load_config, parse_config
from nightsim.engine.journey import iter_raw
from nightsim.limits import (
    MAX_CONFIG_BYTES,
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_LOG_DEPTH,
    MAX_LOG_LINE_BYTES,
    MAX_NIGHTS,
    MAX_SHOWN,
    MAX_SPOOL_BYTES,
    shown,
)
from tests.helpers.manual import manual_section
from tests.helpers.nights import cfg, default_text

LINE_MAX = 400  # a message echoes at most a few shortened values


def one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], prefix: str = "nightsim: error: "
) -> str:
    """Run `nightsim ARGV`; assert bad-input handling (exit 2, one short line, no traceback)."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (code, out[-300:], err[-300:])
    assert "Traceback" not in err and "Traceback" not in out
    lines = err.splitlines()
    assert len(lines) == 1, err[:500]
    assert lines[0].startswith(prefix), lines[0]
    assert len(lines[0]) < LINE_MAX, f"{len(lines[0])} characters: {lines[0][:200]}"
    assert "\x1b" not in err and "\r" not in err
    return lines[0]


def run_and_check(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> list[str]:
    """The same bad input through `run` and `check`: both lines, and no log left behind."""
    logs = tmp_path / "logs"
    lines = [
        one_line(capsys, ["run", *args, "--seed", "1", "--log-dir", str(logs)]),
        one_line(capsys, ["check", *args]),
    ]
    assert not logs.exists() or not any(logs.iterdir())
    return lines


def write(tmp_path: Path, text: str | bytes, name: str = "camp.toml") -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return p


def with_rota(names: list[str]) -> str:
    text = default_text()
    old = 'rota = ["Sir Aldric", "Wren", "Sister Ysolde", "Moss"]'
    assert old in text
    return text.replace(old, "rota = [" + ", ".join(f'"{n}"' for n in names) + "]")


# --- config size ---------------------------------------------------------------------------


def test_a_config_over_the_size_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    p = write(tmp_path, default_text() + "#" * MAX_CONFIG_BYTES + "\n")
    for line in run_and_check(capsys, tmp_path, str(p)):
        assert str(p) in line and f"{MAX_CONFIG_BYTES} bytes" in line and "limit" in line
    with pytest.raises(ConfigError, match=f"{MAX_CONFIG_BYTES} bytes"):
        parse_config(p.read_text(encoding="utf-8"))


def test_a_config_at_the_size_limit_is_read(tmp_path: Path) -> None:
    text = default_text()
    pad = MAX_CONFIG_BYTES - len(text.encode()) - 1
    p = write(tmp_path, text + "#" * pad + "\n")
    assert p.stat().st_size == MAX_CONFIG_BYTES
    load_config(p)


@contextmanager
def no_hang(seconds: int) -> Iterator[None]:
    def alarm(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError("hung")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("special", ["fifo", "/dev/zero"])
def test_a_config_must_be_a_regular_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, special: str
) -> None:
    # A FIFO with no writer would hang the read; /dev/zero would fill memory.
    if special == "fifo":
        path = tmp_path / "camp.toml"
        os.mkfifo(path)
    else:
        path = Path(special)
        if not path.exists():
            pytest.skip("no /dev/zero")
    with no_hang(10):
        line = one_line(capsys, ["check", str(path)])
    assert str(path) in line and "not a regular file" in line


# --- nesting depth -------------------------------------------------------------------------


def nested(n: int) -> str:
    return "[" * n + "]" * n


@pytest.mark.parametrize("depth", [MAX_DEPTH, 3000, 100_000])
def test_toml_nested_past_the_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, depth: int
) -> None:
    # The array sits under the top-level table: `depth` arrays make depth + 1 levels.
    p = write(tmp_path, f"x = {nested(depth)}\n" + default_text())
    for line in run_and_check(capsys, tmp_path, str(p)):
        assert str(p) in line and f"nested more than {MAX_DEPTH} deep" in line


def test_toml_nested_within_the_limit_is_an_ordinary_mistake(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = write(tmp_path, f"x = {nested(MAX_DEPTH - 1)}\n" + default_text())
    line = one_line(capsys, ["check", str(p)])
    assert "unknown key 'x'" in line


def test_deep_tables_past_the_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    header = ".".join(["t"] * 3000)
    p = write(tmp_path, default_text() + f"\n[{header}]\nx = 1\n")
    assert f"nested more than {MAX_DEPTH} deep" in one_line(capsys, ["check", str(p)])


@pytest.mark.parametrize(
    "item",
    [f"camp.x={nested(3000)}", f"camp.x={nested(MAX_DEPTH)}", "a." * 3000 + "b=1"],
    ids=["array-3000", "array-limit", "key-3000"],
)
def test_set_nested_past_the_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, item: str
) -> None:
    for line in run_and_check(capsys, tmp_path, "--set", item):
        assert line.startswith("nightsim: error: --set ")
        assert f"nested more than {MAX_DEPTH} deep" in line
        assert str(default_config_path()) not in line


# --- integer digits ------------------------------------------------------------------------


@pytest.mark.parametrize("digits", [MAX_INT_DIGITS + 1, 5000, 100_000])
def test_an_integer_past_the_digit_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, digits: int
) -> None:
    p = write(tmp_path, default_text().replace("con = 14", "con = " + "9" * digits, 1))
    for line in run_and_check(capsys, tmp_path, str(p)):
        assert str(p) in line and f"more than {MAX_INT_DIGITS} digits" in line
    for line in run_and_check(capsys, tmp_path, "--set", "party.Wren.con=" + "9" * digits):
        assert line.startswith("nightsim: error: --set party.Wren.con")
        assert f"more than {MAX_INT_DIGITS} digits" in line


def test_an_integer_within_the_digit_limit_is_out_of_range(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    line = one_line(capsys, ["check", "--set", "party.Wren.con=" + "9" * MAX_INT_DIGITS])
    assert "at most 18" in line and "…" in line  # the echoed number shortened


@pytest.mark.parametrize("digits", [MAX_INT_DIGITS + 1, 5000])
def test_a_seed_past_the_digit_limit(capsys: pytest.CaptureFixture[str], digits: int) -> None:
    line = one_line(capsys, ["run", "--no-log", "--seed", "9" * digits])
    assert "--seed" in line and f"more than {MAX_INT_DIGITS}" in line


def test_argparse_echoes_are_shortened(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(capsys, ["run", "--no-log", "--nights", "9" * 5000], "nightsim run: error: ")
    assert "--nights" in line and "invalid int value: '999" in line and "…" in line
    assert len(line) < 200


# --- rota length: a shift is at least a minute ---------------------------------------------


def test_a_rota_of_more_names_than_minutes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 481 names in 480 minutes of rest: a shift of none divided by zero in the engine.
    p = write(tmp_path, with_rota(["Wren"] * 481))
    for line in run_and_check(capsys, tmp_path, str(p)):
        assert "watch.rota" in line and "481 names" in line and "at most 480" in line
        assert "a minute" in line
    item = "watch.rota=[" + ",".join(['"Moss"'] * 500) + "]"
    for line in run_and_check(capsys, tmp_path, "--set", item):
        assert line.startswith("nightsim: error: --set watch.rota=")
        assert "500 names" in line and "at most 480" in line


def test_a_rota_of_one_name_a_minute_runs(capsys: pytest.CaptureFixture[str]) -> None:
    config = cfg("watch.rota=[" + ",".join(['"Wren"'] * 480) + "]")
    assert all(s.end - s.start == 1 for s in config.shift_slots())
    for seed in range(12):  # the seeds that divided by zero with 481 names and more
        simulate(config, seed)
    with pytest.raises(ConfigError, match="at most 960 names"):
        cfg("rules.rest_hours=16", "watch.rota=[" + ",".join(['"Wren"'] * 961) + "]")
    cfg("rules.rest_hours=16", "watch.rota=[" + ",".join(['"Wren"'] * 960) + "]")


@pytest.mark.parametrize("hours", ["1e-12", "0.001"])
def test_a_shift_shorter_than_a_minute(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, hours: str
) -> None:
    item = f'watch.shifts=[{{name = "Wren", hours = {hours}}}]'
    for line in run_and_check(capsys, tmp_path, "--set", item):
        assert line.startswith("nightsim: error: --set watch.shifts=")
        assert "minute" in line
    text = default_text().replace(
        'rota = ["Sir Aldric", "Wren", "Sister Ysolde", "Moss"]',
        f'shifts = [{{ name = "Wren", hours = {hours} }}]',
    )
    assert "watch.shifts" in one_line(capsys, ["check", str(write(tmp_path, text))])


def test_shifts_of_a_minute_each_past_the_rest_period(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shift = '{name = "Wren", hours = 0.016666666666666666}'
    assert parse_config(default_text(), [f"watch.shifts=[{shift}]"]).shift_slots()[0].end == 1
    item = "watch.shifts=[" + ",".join([shift] * 481) + "]"
    line = one_line(capsys, ["check", "--set", item])
    assert "8.01667 hours, more than the rest period of 8 hours" in line


# --- the API's nights ----------------------------------------------------------------------


@pytest.mark.parametrize("nights", [MAX_NIGHTS + 1, 2**70, 0, -1])
def test_api_nights_are_capped_like_the_cli(nights: int) -> None:
    config = cfg()
    with pytest.raises(ValueError, match=f"nights: .*1 to {MAX_NIGHTS}"):
        simulate(config, 1, nights=nights)
    with pytest.raises(ValueError, match="nights"):
        next(iter_events(config, 1, nights=nights))
    with pytest.raises(ValueError, match="nights"):
        next(iter_raw(config, 1, nights=nights))


def test_cli_nights_cap_is_the_same(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = one_line(capsys, ["run", "--no-log", "--nights", str(MAX_NIGHTS + 1)])
    assert f"1..{MAX_NIGHTS}" in line
    first = next(iter_raw(cfg(), 1, nights=MAX_NIGHTS))
    assert isinstance(first, ev.NightHeader)


# --- messages: shortened and escaped -------------------------------------------------------


def test_a_long_value_is_shortened(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    p = write(tmp_path, default_text().replace('"tangled forest"', '"' + "x" * 10_000 + '"'))
    line = one_line(capsys, ["check", str(p)])
    assert "camp.terrain" in line and "…" in line and "x" * (MAX_SHOWN + 1) not in line
    for line in run_and_check(capsys, tmp_path, "--set", "camp.terrain=" + "y" * 10_000):
        assert line.startswith("nightsim: error: --set camp.terrain=y") and "…" in line
    p = write(tmp_path, default_text().replace("terrain = ", "k" * 10_000 + " = ", 1))
    assert "unknown key 'kkk" in one_line(capsys, ["check", str(p)])
    line = one_line(capsys, ["check", "--set", "party." + "N" * 10_000 + ".con=5"])
    assert "no party member named" in line


@pytest.mark.parametrize("name", ["a\nb.toml", "a\x1b[31mred.toml", "a\u2028b\u202e.toml"])
def test_a_path_with_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    missing = tmp_path / ("missing-" + name)
    line = one_line(capsys, ["check", str(missing)])
    assert "no such file" in line and "\\" in line
    bad = write(tmp_path, "[camp\n", name)
    line = one_line(capsys, ["check", str(bad)])
    assert "not valid TOML" in line and str(tmp_path) in line
    assert not any(c in line for c in "\n\x1b\u2028\u202e")


def test_a_long_path_keeps_its_file_name(capsys: pytest.CaptureFixture[str]) -> None:
    path = "/no-such-dir" + "/d" * 1500 + "/camp-file.toml"  # under PATH_MAX
    line = one_line(capsys, ["check", path])
    assert line.endswith("/camp-file.toml: no such file") and "…" in line


def test_shown() -> None:
    assert shown("jungle") == "'jungle'"
    assert shown("a\nb\x1b[0m") == "'a\\nb\\x1b[0m'"
    assert shown("a\nb", quote=False) == "a\\nb"
    assert shown("it's") == '"it\'s"'
    assert shown(5.0) == "5.0" and shown([1, "a"]) == "[1, 'a']"
    long = shown("x" * 10_000)
    assert len(long) == MAX_SHOWN and long.startswith("'x") and long.endswith("…'")
    assert len(shown("x" * 10_000, quote=False)) == MAX_SHOWN
    assert len(shown("\x1b" * 10_000)) == MAX_SHOWN
    assert shown(10 ** (MAX_INT_DIGITS * 2)).endswith("…")
    assert shown(Path("a\nb")) == "a\\nb"


# --- `--set` mistakes are the item's, never the file's ------------------------------------

SET_CASES = [
    ("party.Wren.con=5.0", ["party[3] (Wren).con", "whole number", "5.0"]),
    ("", ["--set ''", "expected KEY=VALUE"]),
    ("a.b.c=1", ["unknown key 'a'", "expected one of: camp"]),
    ("party.Wren.name=Moss", ["two characters are named 'Moss'"]),
    ('watch.rota=["Bob"]', ["'Bob' is not in the party"]),
]


@pytest.mark.parametrize(("item", "words"), SET_CASES, ids=[c[0] for c in SET_CASES])
def test_set_mistakes_name_the_item(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, item: str, words: list[str]
) -> None:
    for line in run_and_check(capsys, tmp_path, "--set", item):
        assert line.startswith("nightsim: error: --set " + (item or "''")), line
        assert str(default_config_path()) not in line and "default.toml" not in line
        for w in words:
            assert w in line, (w, line)


def test_the_set_item_that_made_the_mistake_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A cross-field error has no key to match: the item after which it began is named.
    line = one_line(
        capsys, ["check", "--set", "party.Wren.name=Moss", "--set", "camp.season=winter"]
    )
    assert line.startswith("nightsim: error: --set party.Wren.name=Moss: ")
    line = one_line(capsys, ["check", "--set", "camp.season=winter", "--set", "evening.cook=Bob"])
    assert line.startswith("nightsim: error: --set evening.cook=Bob: ")
    # The file's own mistake stays the file's, whatever is set beside it.
    p = write(tmp_path, default_text().replace("con = 14", "con = 19"))
    line = one_line(capsys, ["check", str(p), "--set", "camp.season=winter"])
    assert line.startswith(f"nightsim: error: {p}: party[0] (Sir Aldric).con")
    # ... and a --set that mends the file is no mistake.
    p = write(tmp_path, default_text().replace('month = "Reedwryme"', ""))
    assert main(["check", str(p), "--set", "camp.season=winter"]) == 0
    capsys.readouterr()


# --- mutated configs: `check` answers 0 or 2, never a traceback ---------------------------

JUNK = st.sampled_from([*"[]{}\"'=.,#\\\n\t \x00\x1b\u2028\u202eé0_-+:", "\r\n", '"""'])
DEFAULT_LINES = default_text().splitlines()
VALUE_LINES = [i for i, line in enumerate(DEFAULT_LINES) if re.match(r"^\w+ = ", line)]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    lines = list(DEFAULT_LINES)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "dup", "swap", "junk", "deep", "huge", "value"]))
        i = draw(st.integers(0, len(lines) - 1))
        if op == "delete":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "swap":
            a, b = draw(st.sampled_from(VALUE_LINES)), draw(st.sampled_from(VALUE_LINES))
            if a < len(lines) and b < len(lines) and " = " in lines[a] and " = " in lines[b]:
                ka, va = lines[a].split(" = ", 1)
                kb, vb = lines[b].split(" = ", 1)
                lines[a], lines[b] = f"{ka} = {vb}", f"{kb} = {va}"
        elif op == "junk":
            col = draw(st.integers(0, len(lines[i])))
            bit = "".join(draw(st.lists(JUNK, min_size=1, max_size=4)))
            lines[i] = lines[i][:col] + bit + lines[i][col:]
        elif op == "deep":
            n = draw(st.sampled_from([MAX_DEPTH - 2, MAX_DEPTH, 200, 3000]))
            lines.insert(i, f"deep = {'[' * n}{']' * draw(st.integers(0, n))}")
        elif op == "huge":
            digits = draw(st.sampled_from([19, 20, MAX_INT_DIGITS, MAX_INT_DIGITS + 1, 5000]))
            lines[i] = re.sub(r"\b\d+\b", "9" * digits, lines[i], count=1)
        else:
            value = draw(st.text(max_size=12) | st.integers().map(str) | st.floats().map(repr))
            # Spliced, not a re.sub replacement: drawn text such as "\\A" is no template.
            cut = lines[i].find("= ")
            if cut >= 0:
                lines[i] = lines[i][:cut] + "= " + value
    return "\n".join(lines) + "\n"


@pytest.mark.slow
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=mutated())
def test_any_mutated_config_is_checked_or_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    path = tmp_path_factory.mktemp("mutated") / "camp.toml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code in (0, 2) and "Traceback" not in err + out
    if code == 2:
        assert len(err.splitlines()) == 1 and err.startswith("nightsim: error: "), err
        assert len(err) < 700 and "\x1b" not in err
    else:
        tomllib.loads(text)  # what was accepted was TOML


SET_KEYS = st.sampled_from(
    [
        "camp.terrain", "camp.month", "camp.day", "camp.season", "camp.encounter_chance",
        "rules.rest_hours", "party.Wren.con", "party.Wren.name", "party.Moss.spells",
        "evening.cook", "evening.site", "watch.rota", "watch.shifts", "encounters.night_fire",
        "nope", "party.Nobody.con", "camp.terrain.x",
    ]
)  # fmt: skip
SET_VALUES = st.one_of(
    st.text(max_size=12),
    st.integers().map(str),
    st.sampled_from(['"Moss"', "[]", '["Wren"]', "{}", "5.0", "true", nested(40), "9" * 200]),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(items=st.lists(st.tuples(SET_KEYS, SET_VALUES).map("=".join), min_size=1, max_size=3))
def test_any_set_mistake_on_the_default_names_a_set_item(
    capsys: pytest.CaptureFixture[str], items: list[str]
) -> None:
    # The bundled default is valid: whatever goes wrong is one of the --set items.
    code = main(["check", *(f"--set={item}" for item in items)])
    out, err = capsys.readouterr()
    assert code in (0, 2) and "Traceback" not in err + out
    if code == 2:
        assert err.startswith("nightsim: error: --set ") and len(err.splitlines()) == 1, err
        assert "default.toml" not in err and len(err) < 700


def test_the_readme_lists_the_limits() -> None:
    section = manual_section("## Limits")
    for words in (
        f"at most {MAX_CONFIG_BYTES // 2**20} MiB",
        f"at most {MAX_DEPTH} deep",
        f"at most {MAX_INT_DIGITS} digits",
        f"at most {MAX_NIGHTS:,} nights",
        f"cut to {MAX_SHOWN} characters",
        f"a log line is at most {MAX_LOG_LINE_BYTES // 2**20} MiB",
        f"nests at most {MAX_LOG_DEPTH} deep (a config's {MAX_DEPTH}",
        f"at most {MAX_SPOOL_BYTES // 2**20} MiB",
    ):
        assert words in section, words
