"""argparse's own words in the command's language: its refusals ("invalid choice", "the
following arguments are required"), `--help`'s section titles and its usage line.

argparse looks each of its sentences up through the module's `_` and `ngettext` (gettext)
when it says it; `speaking(lang)` puts a table of its sentences in their place for one
parse and puts argparse's back after, so an API or a test calling `main` again meets the
untouched module. The language is read from the command line before it is parsed (`--lang
uk`, `--lang=uk`): argparse speaks before it knows any option's value. Each option's own
help stays English (docs/table.md, the `--lang uk` item of "Options of `run`").
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

# argparse's format strings (Python 3.11 to 3.13) and the Ukrainian for each: the same
# %-placeholders, so argparse fills them in as it would its own.
UK: dict[str, str] = {
    "usage: ": "використання: ",
    "argument %(argument_name)s: %(message)s": "аргумент %(argument_name)s: %(message)s",
    "positional arguments": "позиційні аргументи",
    "options": "параметри",
    "show this help message and exit": "показати цю довідку й вийти",
    "the following arguments are required: %s": "потрібні аргументи: %s",
    "one of the arguments %s is required": "потрібен один з аргументів %s",
    "expected one argument": "очікується один аргумент",
    "expected at most one argument": "очікується щонайбільше один аргумент",
    "expected at least one argument": "очікується щонайменше один аргумент",
    "ambiguous option: %(option)s could match %(matches)s": "неоднозначний параметр:"
    " %(option)s може бути %(matches)s",
    # the type's name (int, float) is Python's, not the reader's: the value is enough
    "invalid %(type)s value: %(value)r": "неприпустиме значення «%(value)s»",
    "invalid choice: %(value)r (choose from %(choices)s)": "неприпустимий вибір: «%(value)s»"
    " (виберіть із %(choices)s)",
    "not allowed with argument %s": "не можна разом з аргументом %s",
    "ignored explicit argument %r": "зайвий явний аргумент %r",
    "unexpected option string: %s": "неочікуваний параметр: %s",
    "unrecognized arguments: %s": "нерозпізнані аргументи: %s",
    "expected %s argument": "потрібно стільки аргументів: %s",
    "expected %s arguments": "потрібно стільки аргументів: %s",
}


_now = ["en"]


def current() -> str:
    """The language argparse speaks now (`speaking`'s), for nightsim's own line around it."""
    return _now[0]


def spoken(said: str) -> str:
    """An option's refusal (a message by code) in the language argparse speaks now: an
    `ArgumentTypeError` is printed by argparse as it is."""
    from nightsim.told import in_lang

    return in_lang(said, current())


def lang_of(argv: Sequence[str]) -> str:
    """The `--lang` the command line asks for, read before it is parsed ("en" if none): the
    last given, as argparse takes it (`nightsim --lang uk odds … --lang en` is English)."""
    found = "en"
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = "uk" if argv[i + 1] == "uk" else "en"
        elif arg.startswith("--lang="):
            found = "uk" if arg == "--lang=uk" else "en"
    return found


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """argparse speaks `lang` inside the block (English: argparse as it is)."""
    if lang != "uk":
        yield
        return
    _now[0] = lang
    module = vars(argparse)
    kept = module["_"], module["ngettext"]

    def say(message: str) -> str:
        return UK.get(message, message)

    def say_n(singular: str, plural: str, n: int) -> str:
        return say(singular if n == 1 else plural)

    module["_"], module["ngettext"] = say, say_n
    try:
        yield
    finally:
        module["_"], module["ngettext"] = kept
        _now[0] = "en"
