"""tomllib's syntax errors told by code (config/toml_words.py): each broken text below meets
one of tomllib's sentences, and each is a message of nightsim's, with its place, in both
languages; a sentence the table does not know is told by its place alone."""

from __future__ import annotations

import tomllib

import pytest

from nightsim.config.toml_words import toml_fault
from nightsim.told import in_lang

BROKEN = {
    "[camp": "toml.expected_table_end",
    "[[a]\n": "toml.expected_array_end",
    "a\n": "toml.expected_equals",
    "a = 1 b": "toml.expected_after_statement",
    "a = 'x\n": "toml.expected",
    "a = 1\na = 2": "toml.overwrite",
    "[a]\n[a]": "toml.declared_twice",
    "a = {b = 1}\na.c = 2": "toml.immutable",
    "a = {b=1, b=2}": "toml.duplicate_key",
    'a = "\\U0011FFFF"': "toml.not_scalar",
    'a = "\\uZZZZ"': "toml.bad_hex",
    "= 1": "toml.bad_statement",
    "a = tru": "toml.bad_value",
    "a = [1": "toml.unclosed_array",
    "a = {b=1": "toml.unclosed_table",
    'a = "\\q"': "toml.backslash",
    'a = """x': "toml.unterminated",
    'a="\x01"': "toml.bad_character",
}


def _fault(text: str) -> str:
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    return str(caught.value)


@pytest.mark.parametrize(("text", "code"), BROKEN.items())
def test_each_sentence_is_a_code_with_its_place(text: str, code: str) -> None:
    said = toml_fault(_fault(text))
    assert said.fields["why"].code == code
    assert said.fields["at"].code in ("toml.at", "toml.at_end")
    uk = in_lang(said, "uk")
    assert uk.startswith("неправильний TOML (") and "Expected" not in uk and "Invalid" not in uk


def test_a_place_is_its_line_and_column() -> None:
    said = toml_fault(_fault("a = 1\n= 2"))
    assert str(said) == "not valid TOML: not a key = value line or a [table] (line 2, column 1)"
    assert in_lang(said, "uk").endswith(
        "(рядок 2, стовпець 1): це не рядок «ключ = значення» і не [таблиця]"  # noqa: RUF001 (Ukrainian)
    )


def test_a_sentence_it_does_not_know_is_told_by_its_place() -> None:
    said = toml_fault("Something new (at line 3, column 4)")
    assert said.fields["why"].code == "toml.unknown"
    assert in_lang(said, "uk") == "неправильний TOML (рядок 3, стовпець 4): синтаксична помилка"
