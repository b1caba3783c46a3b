"""The writer's canonical form: `json.dumps`'s fast path and RFC 8785 (`rfc8785`) never write
JSON data differently where the fast path is taken, and the fast path is taken for every
line nightsim writes (nightsim/log/writer.py, `fast_text`)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
import rfc8785
from hypothesis import given, settings
from hypothesis import strategies as st

from nightsim.log.writer import (
    canonical_bytes,
    canonical_text,
    dumps_sorted,
    fast_text,
    float_free_jcs,
)

# Every str Python can hold: BMP and beyond, lone surrogates, control characters.
TEXT = st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF))
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**53) - 2, max_value=2**53 + 2)
    | st.floats(allow_nan=True, allow_infinity=True)
    | TEXT
)
JSON_DATA = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=20,
)


def jcs_or_error(data: Any) -> bytes | type[BaseException]:
    try:
        return rfc8785.dumps(data)
    except ValueError as exc:
        return type(exc)


@settings(max_examples=3000, deadline=None)
@given(JSON_DATA)
def test_the_fast_path_never_disagrees_with_rfc8785(data: Any) -> None:
    text = fast_text(data)
    if text is not None:
        assert text.encode("utf-8") == rfc8785.dumps(data)


FLOAT_FREE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**53) - 2, max_value=2**53 + 2)
    | TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=3000, deadline=None)
@given(FLOAT_FREE)
def test_orjson_never_disagrees_with_rfc8785_on_float_free_data(data: Any) -> None:
    out = float_free_jcs(data)
    if out is not None:
        assert out == rfc8785.dumps(data)


@pytest.mark.parametrize(
    "data",
    [
        {"x": 2**53},  # JCS refuses it
        {"x": -(2**53)},
        {"x": 2**64},  # beyond orjson too
        {"\U0001f600": 1, "\ufb01": 2},  # UTF-16 order differs from code point order
        {"x": "\ud800"},  # a lone surrogate: not UTF-8
        {1: "x"},  # not a str key
    ],
)
def test_where_orjson_may_differ_it_steps_aside(data: dict[Any, Any]) -> None:
    assert float_free_jcs(data) is None


def test_orjson_writes_every_bmp_character_as_json_dumps_does() -> None:
    """Escapes (`\\u001f`, `\\n`, `\\"`), and every other character as itself, in a key and
    in a value: the JCS forms, which `dumps_sorted` writes."""
    for cp in range(0x10000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        data = {"k" + chr(cp): chr(cp), "k": 1}
        assert float_free_jcs(data) == dumps_sorted(data).encode("utf-8")


def test_the_integer_bounds_are_jcs_own() -> None:
    assert float_free_jcs({"x": 2**53 - 1}) == b'{"x":9007199254740991}'
    assert float_free_jcs({"x": -(2**53 - 1)}) == b'{"x":-9007199254740991}'


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(TEXT, JSON_DATA, max_size=6))
def test_canonical_bytes_is_rfc8785_on_any_json_data(data: dict[str, Any]) -> None:
    """With or without the fast path: the JCS bytes, or the error rfc8785 raises."""
    want = jcs_or_error(data)
    if isinstance(want, bytes):
        assert canonical_bytes(data) == want
    else:
        with pytest.raises(want):
            canonical_bytes(data)


@pytest.mark.parametrize(
    "data",
    [
        {"x": 4.0},  # JCS: 4
        {"x": 1e21},  # JCS: 1e+21
        {"x": 2**53},  # JCS refuses it
        {"x": -(2**60)},
        {"\U0001f600": 1, "\ufb01": 2},  # UTF-16 order differs from code point order
        {"x": "\ud800"},  # a lone surrogate: not UTF-8
        {"x": math.nan},
    ],
)
def test_where_they_may_differ_the_fast_path_steps_aside(data: dict[str, Any]) -> None:
    assert fast_text(data) is None


def test_every_line_nightsim_writes_takes_the_fast_path() -> None:
    """The log's lines (a journey of the default config) are all the fast path's but the
    header's (its config may hold a float: shift hours)."""
    from nightsim.config import default_config_path, load_config
    from nightsim.engine.journey import iter_events
    from nightsim.log.writer import iter_log_lines

    config = load_config(default_config_path())
    for line in list(iter_log_lines(iter_events(config, 3, 5)))[1:]:
        body = {k: v for k, v in json.loads(line).items() if k != "hash"}
        text, fast = canonical_text(body)
        assert fast, text
