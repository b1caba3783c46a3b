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
    floats_apart,
)
from tests.helpers.sweeps import sweep

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


# The sweeps' sizes (tests/helpers/sweeps.py): every input on which the fast paths and RFC 8785
# may differ is pinned by name below (the `steps_aside` cases, all of U+0000..U+FFFF), so the
# README's command draws a tenth of the examples; HYPOTHESIS_PROFILE=explore all of them.
MANY = sweep(300, 3000)


def jcs_or_error(data: Any) -> bytes | type[BaseException]:
    try:
        return rfc8785.dumps(data)
    except ValueError as exc:
        return type(exc)


@pytest.mark.slow
@settings(max_examples=MANY, deadline=None)
@given(JSON_DATA)
def test_the_fast_path_never_disagrees_with_rfc8785(data: Any) -> None:
    text = fast_text(data)
    if text is not None:
        assert text.encode("utf-8") == rfc8785.dumps(data)


@pytest.mark.slow
@settings(max_examples=MANY, deadline=None)
@given(st.dictionaries(TEXT, JSON_DATA, max_size=6))
def test_floats_apart_never_disagrees_with_rfc8785(data: dict[str, Any]) -> None:
    text = floats_apart(data)
    if text is not None:
        assert text.encode("utf-8") == rfc8785.dumps(data)


@pytest.mark.parametrize(
    "data",
    [
        {"x": 4.0, "y": [1.5, -0.0, 1e21, 1e-7, 5e-324], "z": {"a": 0.1}},
        {"hours": 8.0, "name": "Wren", "n": 3},
        {"\U0001f600": 1.5, "a": "x"},  # a key outside the BMP: the whole goes to rfc8785
    ],
)
def test_floats_apart_writes_each_float_as_jcs(data: dict[str, Any]) -> None:
    text = floats_apart(data)
    if "\U0001f600" in data:
        assert text is None
    else:
        assert text is not None and text.encode("utf-8") == rfc8785.dumps(data)
    assert canonical_bytes(data) == rfc8785.dumps(data)


@pytest.mark.parametrize(
    "data", [{"x": "\ue0000\ue000", "y": 1.5}, {"x": math.nan}, {"x": 2.5, "y": 2**60}]
)
def test_where_floats_apart_cannot_vouch_it_steps_aside(data: dict[str, Any]) -> None:
    assert floats_apart(data) is None


FLOAT_FREE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**53) - 2, max_value=2**53 + 2)
    | TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=MANY, deadline=None)
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


@pytest.mark.slow
@settings(max_examples=sweep(100, 500), deadline=None)
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


# --- the writer's line: `event_line` (orjson, straight from the event) against JCS ---------------


def reference_line(prev: str, ev: Any) -> tuple[str, str] | type[BaseException]:
    """The chained line by the book: the event's JSON data (`json_data`, as a log line holds
    it), its `rfc8785` text for the hash, then `rfc8785` of the line with `hash`; or the
    error JCS raises."""
    import hashlib

    from nightsim.events import json_data, written

    body = written(ev, json_data(ev))
    del body["hash"]
    try:
        digest = hashlib.sha256(prev.encode() + rfc8785.dumps(body)).hexdigest()
    except ValueError as exc:
        return type(exc)
    return rfc8785.dumps({**body, "hash": digest}).decode("utf-8"), digest


@pytest.mark.slow
def test_event_line_writes_every_engine_event_as_jcs() -> None:
    """Every event of tests/helpers/every_event.py's nights (every event type):
    taken by `event_line`, and the JCS line with the JCS text's hash."""
    from nightsim.log.writer import GENESIS, event_line
    from tests.helpers.every_event import every_event_nights, missing_types

    seen = {"night.header"}
    prev = GENESIS
    for _, events in every_event_nights():
        for ev in events:
            want = reference_line(prev, ev)
            assert not isinstance(want, type)
            if ev.type == "night.header":
                assert event_line(prev, ev) is None  # its config may hold a float
            else:
                assert event_line(prev, ev) == want, ev.type
                seen.add(ev.type)
            prev = want[1]
    assert not missing_types(seen), missing_types(seen)


def _events_of(text: st.SearchStrategy[str], ints: st.SearchStrategy[int]) -> Any:
    """Events built as the engine builds them (`model_construct`), with any text where the
    engine puts a name or a clock face and any integer where it puts a number: a flat one,
    one with rolls (nested models, an enum) and two with aliased nested models (`from`)."""
    from nightsim.codes import Purpose
    from nightsim.events import (
        HourPassed,
        RestBegan,
        Roll,
        ShiftTimes,
        SpellLost,
        Target,
        WatchSpan,
        WaterFetched,
    )

    env = st.fixed_dictionaries({"seq": ints, "night": ints, "t": ints, "clock": text})
    roll = st.builds(
        lambda faces, mod, v: Roll.model_construct(
            dice="1d6",
            faces=faces,
            mod=mod,
            total=sum(faces) + mod,
            purpose=Purpose.SPELL_FAILS,
            target=Target.at_most(v),
        ),
        st.lists(ints, max_size=2),
        ints,
        ints,
    )
    return st.one_of(
        st.builds(lambda e, a: WaterFetched.model_construct(**e, actor=a), env, text),
        st.builds(
            lambda e, a, s, r: SpellLost.model_construct(**e, actor=a, spell=s, rolls=r),
            env,
            text,
            text,
            st.lists(roll, max_size=2),
        ),
        st.builds(
            lambda e, u, shifts: RestBegan.model_construct(
                **e,
                until=u,
                shifts=[ShiftTimes.model_construct(actor=a, from_=f, to=t) for a, f, t in shifts],
                unwatched_from=None,
            ),
            env,
            text,
            st.lists(st.tuples(text, text, text), max_size=3),
        ),
        st.builds(
            lambda e, n, spans, names: HourPassed.model_construct(
                **e,
                hour=n,
                watch=[WatchSpan.model_construct(actor=a, from_=f, to=t) for a, f, t in spans],
                unwatched_minutes=n,
                awake=names,
                slept_through=names[::-1],
                dozed=[],
                fire_minutes=n,
            ),
            env,
            ints,
            st.lists(st.tuples(text, text, text), max_size=3),
            st.lists(text, max_size=3),
        ),
    )


# Text the fast line mostly writes (BMP, no lone surrogate), beside any text at all.
BMP_TEXT = st.text(st.characters(max_codepoint=0xFFFF, exclude_categories=["Cs"]))
# The placeholder, the `hash` member's own text, a character outside the BMP.
NEAR_MISSES = ["\x7f", 'a","hash":"\x7f', "\U0001f600"]
ANY_INT = (
    st.integers(min_value=0, max_value=10_000)
    | st.integers()
    | st.integers(min_value=-(2**53) - 2, max_value=2**53 + 2)
)


@pytest.mark.slow
@settings(max_examples=sweep(300, 1500), deadline=None)
@given(_events_of(TEXT | BMP_TEXT | st.sampled_from(NEAR_MISSES), ANY_INT))
def test_event_line_is_jcs_wherever_it_writes(ev: Any) -> None:
    """Any text (every code point, lone surrogates, the placeholder DEL, the `hash` member's
    own text), any integer: `event_line` writes the JCS line or steps aside."""
    from nightsim.log.writer import GENESIS, event_line

    got = event_line(GENESIS, ev)
    if got is not None:
        assert got == reference_line(GENESIS, ev)


@pytest.mark.parametrize(
    ("actor", "seq"),
    [
        ("\U0001f600", 1),  # outside the BMP: JCS may sort keys otherwise
        ("a\x7fb", 1),  # a second placeholder
        ("\ud800", 1),  # a lone surrogate: not UTF-8
        ("Wren", 2**53),  # JCS refuses it
    ],
)
def test_where_the_event_line_may_differ_it_steps_aside(actor: str, seq: int) -> None:
    from nightsim.events import WaterFetched
    from nightsim.log.writer import GENESIS, event_line

    ev = WaterFetched.model_construct(seq=seq, night=1, t=0, clock="18:00", actor=actor)
    assert event_line(GENESIS, ev) is None
    plain = WaterFetched.model_construct(seq=1, night=1, t=0, clock="18:00", actor="Wren")
    assert event_line(GENESIS, plain) == reference_line(GENESIS, plain)
