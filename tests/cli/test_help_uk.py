"""`--help --lang uk`: each command's description, examples and option lines in Ukrainian
(nightsim/cli/help_words.py; docs/table.md, "Options of `run`")."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from nightsim.cli import _Parser, build_parser, main, odds_diff
from nightsim.cli.help_words import table, texts
from tests.cli.test_no_english_under_uk import latin

# What a Ukrainian --help keeps Latin beyond a Ukrainian line's own (test_no_english_under_uk):
# the tools its examples pipe to, the environment's names, the standards it cites.
HELP_ALLOWED = {
    "jq", "curl", "select", "no_color", "columns", "stdin", "stdout", "stderr", "ex_ioerr",
    "ex_tempfail", "sysexits", "sigint", "sigterm", "sighup", "ctrl", "ssh", "kill",
    "http", "https", "post", "ce", "localhost", "schema", "draft", "monte", "carlo",
    "structured", "binary", "referee", "players", "mkdocs", "ascii", "svg", "png",
    "enter", "lines", "serve", "unicode", "less", "diff",
    "rotas",  # --rank-rotas, broken at its hyphen by argparse's wrapping
    "camps",  # `serve camps`: a folder's name
    "version",  # schemas/log-line-v<version>.json, a path broken by argparse's wrapping
    "curse", "forest", "thorny", "bog",  # an example's seed phrase and terrain
}  # fmt: skip


def _parsers() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    def walk(
        name: str, p: argparse.ArgumentParser
    ) -> Iterator[tuple[str, argparse.ArgumentParser]]:
        yield name, p
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub, child in action.choices.items():
                    yield from walk(f"{name} {sub}", child)

    yield from walk("nightsim", build_parser())
    yield "nightsim odds diff", odds_diff.parser(_Parser)


PARSERS = dict(_parsers())


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%\([a-z_]+\)[sd]|%%", text))


def test_every_text_of_every_parser_has_its_ukrainian() -> None:
    """A text added in English and not in data/help_uk.json fails here, naming it; the
    Ukrainian keeps argparse's %-placeholders, and no entry is left that no parser holds."""
    uk = table()
    held = {text for p in PARSERS.values() for text in texts(p)}
    missing = sorted(t[:60] for t in held if t not in uk)
    assert not missing, missing
    for english in held:
        assert _placeholders(uk[english]) == _placeholders(english), english[:60]
    assert set(uk) <= held, sorted(set(uk) - held)[:3]


@pytest.mark.parametrize("command", sorted(PARSERS))
def test_help_in_ukrainian_holds_no_english(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = command.split()[1:]
    assert main([*argv, "--help", "--lang", "uk"]) == 0
    out = capsys.readouterr().out
    body = out.split("\n\n", 1)[1]  # the usage block is argparse's, its metavariables too
    body = re.sub(r"\{[^}]*\}|\b[A-Z][A-Z0-9_=-]+\b", " ", body)  # choices, metavariables
    # code in backticks, and a section of the (English) manual named by its title
    body = re.sub(r"`[^`]*`|«[A-Za-z ]+»", " ", body)
    left = [w for w in latin(body) if w.lower() not in HELP_ALLOWED]
    assert not left, left
