"""The fast JCS path (`fast_text`) takes ASCII text whose float-looking digits are inside
strings only (a header's release, "0.5.0"), and still steps aside for a number that JCS writes
otherwise (a float, a long integer), wherever it stands."""

from __future__ import annotations

import pytest
import rfc8785

from nightsim.log.writer import canonical_text, fast_text


@pytest.mark.parametrize(
    "data",
    [{"nightsim": "0.5.0", "n": 1}, {"at": "2.5 ft", "list": ["1e5", 3]}, {"q": 'a\\"3.3"'}],
)
def test_digits_inside_strings_take_the_fast_path(data: dict) -> None:
    text = fast_text(data)
    assert text is not None
    assert text.encode() == rfc8785.dumps(data)


@pytest.mark.parametrize(
    "data",
    [
        {"n": 4.0},
        {"n": [1, -2.5]},
        {"n": 1e-05},
        {"n": 12345678901234567},
        {"s": ":2.5", "n": 1},  # looks like a number: only slower, never wrong
    ],
)
def test_a_number_jcs_may_write_otherwise_steps_aside(data: dict) -> None:
    assert fast_text(data) is None
    if not isinstance(data.get("n"), int) or data["n"] < 2**53:
        assert canonical_text(data)[0].encode() == rfc8785.dumps(data)


def test_a_number_alone_is_checked_too() -> None:
    assert fast_text(9007199254740992) is None
    assert fast_text(2.5) is None
    assert fast_text(3) == "3"
