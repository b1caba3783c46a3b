"""A message by code with fields: what a layer below the shell says (the log reader's faults),
kept as a catalogue key and its fields so that the shell tells it in the command's language
(`--lang`), never as an English sentence a Ukrainian answer would have to quote.

A `Said` is a `str` (its English text, so every caller that reads a message as text keeps
working) that also carries its `code` and `fields`; `in_lang` tells it again in another
language. The catalogue is imported only when a message is made: the reader's fast path never
makes one.
"""

from __future__ import annotations

import re
from typing import Any


class Said(str):
    """A catalogue entry's English text, with the key and fields it was made from."""

    code: str
    fields: dict[str, Any]

    def __new__(cls, code: str, **fields: Any) -> Said:
        from nightsim.narration.catalogue import Catalogue

        made = super().__new__(cls, Catalogue("en")(code, **fields))
        made.code, made.fields = code, fields
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # across a process (a worker's error): the same
        return (_said, (self.code, self.fields))


def _said(code: str, fields: dict[str, Any]) -> Said:
    return Said(code, **fields)


def _in_lang(value: Any, lang: str) -> Any:
    if isinstance(value, Said):
        return in_lang(value, lang)
    if isinstance(value, tuple) and any(isinstance(v, Said) for v in value):
        return tuple(in_lang(v, lang) if isinstance(v, str) else v for v in value)
    return value


# A value quoted as typed (`limits.shown`: 'Moss', "Mo'ss"), or a listing of such values.
# repr quotes with " only a value holding a ' (a TOML example's "Moss" is shell, not a value)
_ONE = "'[^'\\n]*'|\"[^\"\\n]*'[^\"\\n]*\""
_QUOTED = re.compile(f"({_ONE})(, ({_ONE}))*")


def guillemets(value: str) -> str:
    """Values quoted as typed in Ukrainian quotes, «Moss»: Ukrainian typography; what is
    inside stays as typed and escaped."""
    if not _QUOTED.fullmatch(value):
        return value
    return ", ".join(f"\u00ab{v[1:-1]}\u00bb" for v in _items(value))


def _items(value: str) -> list[str]:
    return [m[0] for m in re.finditer(_ONE, value)]


def in_lang(text: str, lang: str) -> str:
    """`text` in `lang`: a `Said` told from its code, any other text as it is."""
    if isinstance(text, Said) and lang != "en":
        from nightsim.narration.catalogue import Catalogue

        # A field that is itself a message (a phrase: "after night 3", a reader's fault) is
        # told in the same language.
        fields = {k: _in_lang(v, lang) for k, v in text.fields.items()}
        return Catalogue(lang)(text.code, **fields)
    return str(text)


def said_of(exc: BaseException) -> str:
    """What `exc` says: its message by code (a `Said`, told in any language) when it was
    raised with one, else its text."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Said) else str(exc)


# The operating system's reasons a user meets most (a full disk, a read-only folder, a server
# that is down), by code, so they are told in the command's language; the English entries
# are Linux's own words (os.strerror). Any other reason stays as the system gives it.
_OS_REASONS = frozenset(
    {
        "ENOSPC", "EDQUOT", "EACCES", "EPERM", "EROFS", "ENOENT", "EISDIR", "ENOTDIR", "EEXIST",
        "EPIPE", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EIO", "ENAMETOOLONG", "EMFILE",
    }
)  # fmt: skip


def os_why(exc: BaseException) -> str:
    """Why an OSError happened, by code where it is one of the common reasons, else the
    system's words (its `strerror`, or its text)."""
    import errno

    number = getattr(exc, "errno", None)
    name = errno.errorcode.get(number) if isinstance(number, int) else None
    if name in _OS_REASONS:
        return Said(f"os.{name}")
    return str(getattr(exc, "strerror", None) or exc or type(exc).__name__)
