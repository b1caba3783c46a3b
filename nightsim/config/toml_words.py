"""tomllib's syntax errors as messages by code, so a referee reads where and what went
wrong in the command's language (a `Said`, nightsim/told.py). tomllib says each fault in one
of a closed set of English sentences, followed by "(at line L, column C)" or "(at end of
document)"; a sentence this table does not know (a later Python's) is told by its place
alone, never in English under another language."""

from __future__ import annotations

import ast
import re

from nightsim.limits import shown
from nightsim.told import Said

_AT = re.compile(
    r"^(?P<what>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)$", re.S
)

# tomllib's sentences (Lib/tomllib/_parser.py, Python 3.11-3.13): a code, and the pattern
# whose groups are its fields.
_FAULTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (code, re.compile(pattern, re.S))
    for code, pattern in (
        ("toml.expected_after_statement", r"Expected newline or end of document after a statement"),
        ("toml.expected_equals", r"Expected '=' after a key in a key/value pair"),
        ("toml.expected_table_end", r"Expected '\]' at the end of a table declaration"),
        ("toml.expected_array_end", r"Expected '\]\]' at the end of an array declaration"),
        ("toml.expected", r"Expected (?P<what>.+)"),
        ("toml.overwrite", r"Cannot overwrite a value"),
        ("toml.declared_twice", r"Cannot declare (?P<name>.+) twice"),
        ("toml.immutable", r"Cannot mutate immutable namespace (?P<name>.+)"),
        ("toml.redefine", r"Cannot redefine namespace (?P<name>.+)"),
        ("toml.duplicate_key", r"Duplicate inline table key (?P<name>.+)"),
        ("toml.not_scalar", r"Escaped character is not a Unicode scalar value"),
        ("toml.bad_date", r"Invalid date or datetime"),
        ("toml.bad_hex", r"Invalid hex value"),
        ("toml.bad_key", r"Invalid initial character for a key part"),
        ("toml.bad_statement", r"Invalid statement"),
        ("toml.bad_value", r"Invalid value"),
        ("toml.unclosed_array", r"Unclosed array"),
        ("toml.unclosed_table", r"Unclosed inline table"),
        ("toml.backslash", r"Unescaped '\\' in a string"),
        ("toml.unterminated", r"Unterminated string"),
        ("toml.bad_character", r"(?:Found invalid|Illegal) character (?P<char>.+)"),
    )
)


def _field(text: str) -> str:
    """A key or character tomllib printed as Python's repr (`('camp', 'party')`, `'"'`): as
    the config writes it (`camp.party`, `"`), escaped and cut as any echoed input is (the
    catalogue quotes it)."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        value = text
    if isinstance(value, tuple):
        value = ".".join(map(str, value))
    return shown(str(value), quote=False)


def toml_fault(message: str) -> Said:
    """tomllib's `TOMLDecodeError` text as the fault and where it is, by code."""
    found = _AT.match(message)
    what, line, column = (
        (found["what"], found["line"], found["column"]) if found else (message, None, None)
    )
    at = (
        Said("toml.at", line=int(line), column=int(column))
        if line is not None and column is not None
        else Said("toml.at_end")
        if found
        else Said("toml.at_unknown")
    )
    for code, pattern in _FAULTS:
        matched = pattern.fullmatch(what)
        if matched:
            fields = {k: _field(v) for k, v in matched.groupdict().items()}
            return Said("config.not_toml", why=Said(code, **fields), at=at)
    return Said("config.not_toml", why=Said("toml.unknown"), at=at)
