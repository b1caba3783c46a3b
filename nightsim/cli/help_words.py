"""`--help`'s own texts in Ukrainian: each command's description and examples, and each
option's line, under `--lang uk` (argparse's words are `argparse_words`').

The texts are written once, in English, where each parser is made; `data/help_uk.json`
holds the Ukrainian of each, keyed by its English, and is read only when a Ukrainian
`--help` is printed, so no other command pays for it. tests/cli/test_help_uk.py holds
every text of every parser to an entry there, with the same %-placeholders, and each
command's Ukrainian `--help` to no English word.
"""

from __future__ import annotations

import argparse
import functools
import json
from importlib import resources


@functools.cache
def table() -> dict[str, str]:
    """English text -> its Ukrainian."""
    text = resources.files("nightsim").joinpath("data/help_uk.json").read_text("utf-8")
    words: dict[str, str] = json.loads(text)
    return words


def texts(parser: argparse.ArgumentParser) -> list[str]:
    """The texts `parser`'s own `--help` prints (its description, examples and options,
    and each command's line where it has commands)."""
    out = [t for t in (parser.description, parser.epilog) if t]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            out += [a.help for a in action._choices_actions if a.help]
        elif action.help and action.help != argparse.SUPPRESS:
            out.append(action.help)
    return out


def in_ukrainian(parser: argparse.ArgumentParser) -> None:
    """`parser`'s texts replaced by their Ukrainian (a text with none is left as it is:
    argparse's own, already in Ukrainian)."""
    uk = table()
    parser.description = uk.get(parser.description or "", parser.description)
    parser.epilog = uk.get(parser.epilog or "", parser.epilog)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = uk.get(choice.help or "", choice.help)
        elif action.help and action.help != argparse.SUPPRESS:
            action.help = uk.get(action.help, action.help)
