"""`nightsim check`: validate a config and show what it resolves to, with warnings."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from nightsim.cli.common import EXIT_OK, add_config_args, config_from_args, warn_names

if TYPE_CHECKING:
    from nightsim.config import Config

EPILOG = """\
examples:
  nightsim check camp.toml
  nightsim check camp.toml --set camp.season=winter --lang uk
  nightsim check                      the bundled default config

shows: the config's fingerprint (the SHA-256 of its resolved form, which a log's header
commits to: publish it before the session, and `verify --config-sha256` checks a log
against it), the encounter chance (and the terrain it comes from), the season (from the month),
the firewood modifier, the rota with clock times and each watcher's dozing odds, each
character's rest difficulty and full-rest odds with and without a fire (before the evening's
meal and mood), who sleeps under 6 hours because of the rota, which casters' sleep the rota
interrupts; then warnings for likely mistakes, and on stderr names that look alike (mixed
scripts, look-alike letters). Warnings do not fail the check. A blank name, one with
whitespace at an end or an invisible character, and two names equal but for case or Unicode
form are refused (exit 2).

exit codes: 0 the config is valid (warnings or not), 2 it is not (the message names the
file, the field and what was expected)
"""


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "check",
        help="validate a config and show what it resolves to",
        description="Validate a camp config and show what it resolves to, with warnings.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_config_args(p)
    p.add_argument(
        "--lang", choices=("en", "uk"), default="en", help="output language (default: en)"
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    config, path = config_from_args(args.config, args.set)
    label = str(path) if args.config is not None else "default.toml"
    return show_checkup(config, label, args.lang)


def show_checkup(config: Config, label: str, lang: str) -> int:
    """`check`'s panel for `config` under `label` (`campaign check` shows the next night's)."""
    from nightsim.cli.render import make_console
    from nightsim.config.checkup import checkup
    from nightsim.narration.check import render_checkup

    party = config.canonical()["party"]
    from nightsim.config.names import name_warnings

    # Look-alike names on stderr, as `run` warns of them: the check's own warnings are the
    # catalogue's, in the chosen language; these name the characters' code points.
    warned = bool(name_warnings(config))
    from nightsim.config.fingerprint import config_sha256

    ck = checkup(config)
    sha = config_sha256(config)
    make_console().print(
        render_checkup(ck, label, lang=lang, party=party, names_warned=warned, fingerprint=sha),
        crop=False,  # the fingerprint is printed whole on its own line, never cut
    )
    warn_names(config, lang)
    return EXIT_OK
