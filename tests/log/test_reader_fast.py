"""The reader's fast path (nightsim/log/reader.py, `vouched_line`): it is taken for every line of
a log nightsim writes but the header, and it never changes what the reader says. A log read
with it and without it (every line through the checks one by one) gives the same entries and,
for a damaged or forged log, the same error at the same line, whatever was done to a line."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nightsim.errors import LogError
from nightsim.log import reader
from nightsim.log.reader import LogLine, Skipped, iter_entries, iter_log
from nightsim.log.writer import GENESIS, canonical_json, line_hash
from tests.helpers.logs import log_lines
from tests.helpers.sweeps import sweep

DATA = Path(__file__).resolve().parents[1] / "data"
Outcome = tuple[list[LogLine | Skipped], tuple[str, int | None, str] | None]


@cache
def night() -> tuple[str, ...]:
    """A two-night journey (two frames, a summary in the middle), each line with its `\\n`."""
    return tuple(log_lines(seed=5, nights=2))


@contextmanager
def counted() -> Iterator[list[int]]:
    """The numbers of the lines that met the checks one by one (`parse_json`)."""
    seen: list[int] = []
    real = reader.parse_json

    def spy(number: int, text: str, cut: bool) -> dict[str, Any]:
        seen.append(number)
        return real(number, text, cut)

    with mock.patch.object(reader, "parse_json", spy):
        yield seen


def outcome(lines: list[str] | list[bytes], fast: bool = True) -> Outcome:
    """What the reader yields, and the error it stops at (kind, line, message), if any."""
    got: list[LogLine | Skipped] = []
    patch = mock.patch.object(reader, "vouched_line", lambda *_: None)
    try:
        if not fast:
            patch.start()
        for entry in iter_entries(lines):
            got.append(entry)
    except LogError as exc:
        return got, (type(exc).__name__, exc.line, str(exc))
    finally:
        if not fast:
            patch.stop()
    return got, None


# --- the fast path is taken ------------------------------------------------------------------


def test_every_line_but_the_header_takes_the_fast_path() -> None:
    lines = list(night())
    for given_ in (lines, [line.encode() for line in lines]):
        with counted() as slow:
            entries = list(iter_log(given_))
        assert len(entries) == len(lines)
        assert slow == [1], "the fast path stopped vouching for lines nightsim writes"


def test_the_fast_path_reads_as_the_checks_do() -> None:
    lines = list(night())
    assert outcome(lines) == outcome(lines, fast=False)
    assert outcome(lines)[1] is None


def test_a_format_1_log_never_takes_the_fast_path() -> None:
    path = DATA / "legacy-0.1.0-quick-rest-heavy-rain-fire3.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    with counted() as slow:
        entries = list(iter_log(lines))
    assert entries and all(e.version == 1 for e in entries)
    assert slow == list(range(1, len(lines) + 1))


# --- what was done to a line ------------------------------------------------------------------

_DIGIT = re.compile(r"\d")
_STRING_LETTER = re.compile(r'(?<=":")[A-Za-z]')


def _retyped(line: str, key: str, value: object) -> str:
    data = json.loads(line)
    data[key] = value
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


def _int_keys(line: str) -> list[str]:
    data = json.loads(line)
    return sorted(k for k, v in data.items() if type(v) is int)


def _mutations(line: str, pick: int) -> dict[str, Callable[[], str]]:
    """Each thing a forger or an editor may do to one line's text (`pick` chooses where)."""
    data = json.loads(line)
    keys = sorted(data)
    ints = _int_keys(line) or ["seq"]
    key, int_key = keys[pick % len(keys)], ints[pick % len(ints)]
    digits = [m.start() for m in _DIGIT.finditer(line)]
    letters = [m.start() for m in _STRING_LETTER.finditer(line)]
    body = line[:-1]

    def digit() -> str:
        at = digits[pick % len(digits)]
        return line[:at] + str((int(line[at]) + 1 + pick % 9) % 10) + line[at + 1 :]

    def escaped() -> str:
        if not letters:
            return line.replace("/", "\\/")
        at = letters[pick % len(letters)]
        return line[:at] + f"\\u{ord(line[at]):04x}" + line[at + 1 :]

    def reordered() -> str:
        order = keys[pick % len(keys) :] + keys[: pick % len(keys)]
        return json.dumps({k: data[k] for k in order}, separators=(",", ":")) + "\n"

    return {
        "digit": digit,
        "escaped": escaped,
        "reordered": reordered,
        "spaces": lambda: json.dumps(data, sort_keys=True, ensure_ascii=False) + "\n",
        "true": lambda: _retyped(line, int_key, True),
        "string": lambda: _retyped(line, int_key, str(data[int_key])),
        "float": lambda: _retyped(line, int_key, float(data[int_key])),
        "exponent": lambda: re.sub(
            f'"{int_key}":-?\\d+', f'"{int_key}":{data[int_key]}e0', line, count=1
        ),
        "big": lambda: _retyped(line, int_key, 2**53 + pick),
        "dropped": lambda: canonical_json({k: v for k, v in data.items() if k != key}) + "\n",
        "duplicate": lambda: '{"seq":' + str(data.get("seq")) + "," + line[1:],
        "extra": lambda: canonical_json({**data, "zz_later": pick}) + "\n",
        "later_type": lambda: canonical_json({**data, "type": "later.thing"}) + "\n",
        "non_bmp": lambda: canonical_json({**data, key: "\U0001f525"}) + "\n",
        "header_type": lambda: canonical_json({**data, "type": "night.header"}) + "\n",
        "crlf": lambda: body + "\r\n",
        "trailing_space": lambda: body + " \n",
        "no_newline": lambda: body,
        "brace_for_newline": lambda: body + "}",
        "cut": lambda: line[: 1 + pick % (len(line) - 1)],
        "blank": lambda: "\n",
        "hash_edited": lambda: line.replace(data["hash"], data["hash"][::-1]),
    }


def _rechained(lines: list[str], at: int) -> list[str]:
    """What a careful forger does after editing line `at`: its hash made right for its data
    (written into its text as it is), and every later line re-chained."""
    out = lines[:at]
    prev = json.loads(out[-1])["hash"] if out else GENESIS
    for number, line in enumerate(lines[at:], start=at):
        try:
            data = json.loads(line)
            old = data.pop("hash")
            new = line_hash(prev, data)
        except (ValueError, KeyError, TypeError, AttributeError):
            out.append(line)  # nothing a forger could re-chain
            continue
        if number == at:
            line = (
                line.replace(f'"hash":"{old}"', f'"hash":"{new}"') if isinstance(old, str) else line
            )
        else:
            data["hash"] = new
            line = canonical_json(data) + "\n"
        prev = new
        out.append(line)
    return out


_KINDS = sorted(_mutations(night()[1], 0))
_SHAPES = ("none", "removed", "repeated", "swapped")


@pytest.mark.slow
# A sweep (tests/helpers/sweeps.py): every kind of edit at a middle and at the last line is
# pinned by the test below it; the README's command draws a third of the examples.
@settings(max_examples=sweep(100, 300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    at=st.integers(min_value=0, max_value=10_000),
    kind=st.sampled_from(_KINDS),
    pick=st.integers(min_value=0, max_value=10_000),
    rechain=st.booleans(),
    shape=st.sampled_from(_SHAPES),
    as_bytes=st.booleans(),
)
def test_the_fast_path_never_changes_what_the_reader_says(
    at: int, kind: str, pick: int, rechain: bool, shape: str, as_bytes: bool
) -> None:
    lines = list(night())
    at %= len(lines)
    if shape == "none" or at == 0:
        lines[at] = _mutations(lines[at], pick)[kind]()
    elif shape == "removed":
        del lines[at]
    elif shape == "repeated":
        lines.insert(at, lines[at])
    else:
        lines[at - 1], lines[at] = lines[at], lines[at - 1]
    if rechain and at < len(lines):
        lines = _rechained(lines, at)
    given_: list[str] | list[bytes] = (
        [s.encode("utf-8", "surrogatepass") for s in lines] if as_bytes else lines
    )
    assert outcome(given_) == outcome(given_, fast=False)


@pytest.mark.slow
def test_a_rechained_edit_of_each_kind_is_told_as_the_checks_tell_it() -> None:
    """Every kind at a line in the middle and at the last line, re-chained: the deep checks,
    not the hash, see it."""
    base = list(night())
    for at, kind, pick in itertools.product((5, len(base) - 1), _KINDS, range(4)):
        lines = list(base)
        lines[at] = _mutations(lines[at], pick)[kind]()
        lines = _rechained(lines, at)
        fast, slow = outcome(lines), outcome(lines, fast=False)
        assert fast == slow, (at, kind, pick)


def test_bytes_that_are_not_utf8_are_told_as_before() -> None:
    lines = [line.encode() for line in night()]
    lines[4] = lines[4][:10] + b"\xff" + lines[4][11:]
    fast = outcome(lines)
    assert fast == outcome(lines, fast=False)
    assert fast[1] is not None and "not UTF-8" in fast[1][2]


@pytest.mark.parametrize(
    ("kind", "last"),
    [
        ("digit", False),
        ("true", False),
        ("dropped", False),
        ("extra", False),
        ("later_type", False),
        ("brace_for_newline", True),
    ],
)
def test_a_forged_line_is_told_as_the_checks_tell_it(kind: str, last: bool) -> None:
    """The quick loop's sample of the tests above (marked slow)."""
    lines = list(night())
    at = len(lines) - 1 if last else 5
    lines[at] = _mutations(lines[at], 1)[kind]()
    lines = _rechained(lines, at)
    assert outcome(lines) == outcome(lines, fast=False)


@pytest.mark.slow
def test_the_fast_paths_event_bytes_are_pydantics_dump_on_every_event_type() -> None:
    """`json_fields` stands for `model_dump(mode="json", by_alias=True)` (`_validated_dict`) in
    the fast path: the same JCS bytes for every event type, as the reader validates them."""
    from nightsim.events import EVENT_ADAPTER
    from nightsim.log.reader import _validated_dict
    from nightsim.log.writer import float_free_jcs, iter_log_lines, json_fields
    from tests.helpers.every_event import every_event_nights, missing_types

    seen = {"night.header"}
    for _, events in every_event_nights():
        for text in iter_log_lines(iter(events)):
            event = EVENT_ADAPTER.validate_json(text)
            ours = float_free_jcs(event, default=json_fields)
            if event.type == "night.header":
                continue  # never on the fast path (`written` drops fields of it)
            assert ours == float_free_jcs(_validated_dict(event)) == text.encode(), text
            seen.add(event.type)
    assert not missing_types(seen), missing_types(seen)
