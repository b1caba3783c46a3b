# ruff: noqa: RUF001  (Ukrainian lines hold Cyrillic letters that look Latin)
"""Every command takes `--lang`, and its status lines on stderr speak it: under `--lang uk`
no English word is left but names, commands, file names and hashes (docs/campaign.md,
"Commands")."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from nightsim.cli import build_parser, main

# What stays in Latin letters in a Ukrainian line: the program, its commands and options,
# the hash's name, the files this test names.
ALLOWED = {
    "nightsim",
    "campaign",
    "verify",
    "check",
    "sha",
    "no",
    "log",
    "jsonl",
    "toml",
    "camp",
    "stdout",
    "seed",
}
FILES = {"w", "p", "n1", "a"}


def english(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z]{2,}", re.sub(r"\b[0-9a-f]{64}\b", "", text))
    return [w for w in words if w.lower() not in ALLOWED | FILES]


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[str]:
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return [" ".join(path)]
    return [c for s in subs for n, p in s.choices.items() for c in commands(p, (*path, n))]


@pytest.mark.parametrize("command", commands(build_parser()))
def test_every_command_takes_lang(command: str) -> None:
    if command == "schema":
        pytest.skip("schema prints the JSON Schema alone: no words to translate")
    parser = build_parser()
    for name in command.split():
        (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        parser = sub.choices[name]
    assert "--lang" in parser._option_string_actions, command


def test_lang_before_the_command_is_the_command_s(capsys: pytest.CaptureFixture[str]) -> None:
    """`nightsim --lang uk check` is `nightsim check --lang uk`; the command's own wins."""
    assert main(["--lang", "uk", "check"]) == 0
    assert "Перевірка конфігурації" in capsys.readouterr().out
    assert main(["--lang=uk", "check", "--lang", "en"]) == 0
    assert "Check of default.toml" in capsys.readouterr().out
    assert main(["--lang", "uk"]) == 2  # no command: refused in its language
    assert "потрібні аргументи: COMMAND" in capsys.readouterr().err
    assert main(["--lang", "uk", "check", "--nope"]) == 2
    assert "нерозпізнані аргументи" in capsys.readouterr().err


def test_the_status_lines_of_a_campaign_are_ukrainian(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    runs = [
        ["run", "--seed", "9", "--quiet", "--log", "a.jsonl"],
        ["run", "--quiet", "--view", "players", "--no-log"],
        ["campaign", "new", "w.campaign"],
        ["campaign", "night", "w.campaign", "--quiet"],
        ["campaign", "night", "w.campaign", "--quiet", "--seed", "77"],
        ["campaign", "adjust", "w.campaign", "--set", "party.Moss.hp=2", "--note", "x"],
        ["campaign", "void", "w.campaign", "2", "--note", "x"],
        ["campaign", "share", "w.campaign", "p.campaign"],
        ["campaign", "log", "w.campaign", "1", "--out", "n1.jsonl"],
        ["init"],
    ]
    for argv in runs:
        assert main([*argv, "--lang", "uk"]) == 0, argv
        err = capsys.readouterr().err
        assert err.strip(), argv
        assert english(err) == [], (argv, err)


def test_the_english_status_lines_are_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["campaign", "new", "w.campaign"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "campaign 'w.campaign' created: 4 in the party"
    assert err[1] == "night 1's seed is committed: sha256:"
    assert main(["campaign", "new", "u.campaign", "--lang", "uk"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "кампанію «u.campaign» створено: у загоні 4\u00a0персонажі"
    assert err[1] == "геш зерна ночі 1 записано: sha256:"


# The log's own words a fault names: event types and fields, as the log holds them.
LOG_WORDS = {
    "rest",
    "began",
    "night",
    "summary",
    "header",
    "hash",
    "seq",
    "json",
    "utf",
    "cr",
    "lf",
}


def damaged(log: Path) -> dict[str, bytes]:
    """The log edited as a hand would: each way the reader names."""
    raw = log.read_bytes()
    lines = raw.split(b"\n")
    return {
        "edited": raw.replace(b'"Wren"', b'"Wrem"', 1),
        "cut": b"\n".join(lines[:10]) + b"\n",
        "cut mid-line": raw[:-40],
        "duplicated": b"\n".join([*lines[:5], lines[4], *lines[5:]]),
        "deleted": b"\n".join([*lines[:5], *lines[6:]]),
        "blank": b"\n".join([*lines[:5], b"", *lines[5:]]),
        "crlf": raw.replace(b"\n", b"\r\n"),
        "not json": b"\n".join([*lines[:5], b"{oops", *lines[6:]]),
    }


@pytest.mark.parametrize("command", ["verify", "replay", "whatif"])
def test_a_damaged_log_is_told_in_ukrainian(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    log = Path("n.jsonl")
    assert main(["run", "--seed", "9", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    for name, data in damaged(log).items():
        bad = Path("bad.jsonl")
        bad.write_bytes(data)
        extra = ["--set", "camp.season=winter"] if command == "whatif" else []
        code = main([command, str(bad), *extra, "--lang", "uk"])
        out, err = capsys.readouterr()
        assert code == 1, (command, name, code, out, err)
        words = [w for w in english(out + err) if w.lower() not in LOG_WORDS | {"bad"}]
        assert words == [], (command, name, out + err)


@pytest.mark.parametrize(
    ("stop", "lang", "said"),
    [
        (KeyboardInterrupt, "uk", "nightsim: перервано (SIGINT): зупинено"),
        (KeyboardInterrupt, "en", "nightsim: interrupted (SIGINT): stopped"),
    ],
)
def test_a_stopped_command_says_so_in_its_language(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    stop: type[BaseException],
    lang: str,
    said: str,
) -> None:
    """A stop's last line (cli/stop.py) is in the command's --lang, as `run`'s own is."""
    from nightsim.cli import check

    def stopped(*_: object, **__: object) -> None:
        raise stop()

    monkeypatch.setattr(check, "show_checkup", stopped)
    assert main(["check", "--lang", lang]) == 130
    assert capsys.readouterr().err.splitlines()[-1] == said


def test_the_progress_bar_s_label_is_in_the_command_s_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At a terminal, `odds` and its kin draw a bar on stderr: its label is a message by
    code, told in the command's --lang."""
    import sys

    from nightsim.cli.odds import _progress
    from nightsim.told import Said

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    for lang, said in (("uk", "послідовностей варт: 24"), ("en", "24 rotas")):
        with _progress(10, Said("progress.rotas", count=24), lang) as advance:
            assert advance is not None
            advance(5)
        assert said in capsys.readouterr().err
