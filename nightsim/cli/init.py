"""`nightsim init`: write a commented starter config, or one of the ready camps, to edit (never
over an existing file); `--list` names the ready camps."""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from nightsim.cli.atomic import create
from nightsim.cli.common import EXIT_OK, UsageError, add_lang, say
from nightsim.errors import EnvironmentFailure
from nightsim.limits import shown
from nightsim.told import Said, said_of

EPILOG = """\
examples:
  nightsim init                     writes camp.toml in this folder
  nightsim init configs/moor.toml
  nightsim init - | less            print the starter config instead of writing it
  nightsim init --list              the ready camps, one line each
  nightsim init --from two-casters  writes two-casters.toml: a ready camp to start from

An existing file is never overwritten (exit 2). Then: nightsim check camp.toml
"""


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "init",
        help="write a commented starter config",
        description="Write a commented starter camp config (a party of four, every key"
        " explained) to edit for your own table.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "path",
        nargs="?",
        metavar="PATH",
        help="where to write it (default: camp.toml, or NAME.toml with --from; - for stdout)",
    )
    p.add_argument(
        "--list",
        action="store_true",
        help="name the ready camps (configs/ in the repository), one line each, and write nothing",
    )
    p.add_argument(
        "--from",
        dest="camp",
        metavar="NAME",
        help="write the ready camp NAME (see --list) instead of the starter config",
    )
    add_lang(p)
    p.set_defaults(handler=run)


def starter_text(lang: str = "en") -> str:
    """The starter config, its comments (and its party, spells and creatures, the referee's
    own words) in `lang`: `--lang uk` writes a Ukrainian table's camp."""
    name = "starter.uk.toml" if lang == "uk" else "starter.toml"
    return (resources.files("nightsim") / "data" / name).read_text(encoding="utf-8")


# The ready camps: one copy, in the package (so `init --from` works after a plain install),
# which the repository's top-level configs/ links to.
_CAMPS = ("data", "configs")
_SUMMARY = "# Ready camp: "


def ready_camps() -> dict[str, str]:
    """The ready camps by name (the file's stem), in name order, each with its text."""
    folder = resources.files("nightsim").joinpath(*_CAMPS)
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    return {f.name.removesuffix(".toml"): f.read_text(encoding="utf-8") for f in files}


def summary(text: str) -> str:
    """A ready camp's one line: its first line, after "# Ready camp: "."""
    first = text.split("\n", 1)[0]
    return first.removeprefix(_SUMMARY).rstrip(".")


def _list(lang: str) -> int:
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(lang)
    camps = ready_camps()
    width = max(map(len, camps))
    for name, text in camps.items():
        # The catalogue tells each bundled camp in the language (its English is the file's
        # own first line, a test holds them equal); a camp it does not know, by that line.
        told = t(f"camp.{name}") if f"camp.{name}" in t.table else summary(text)
        sys.stdout.write(f"{name:<{width}}  {told}\n")
    sys.stdout.write(t("init.write_one") + "\n")
    return EXIT_OK


def _chosen(args: argparse.Namespace) -> tuple[str, str]:
    """The text to write and where: the starter, or the ready camp `--from` names."""
    if args.camp is None:
        return starter_text(args.lang), args.path or "camp.toml"
    camps = ready_camps()
    name = args.camp.removesuffix(".toml")
    if name not in camps:
        raise UsageError(Said("use.no_camp", camp=shown(args.camp), camps=", ".join(camps)))
    return _headed(name, camps[name], args.lang), args.path or f"{name}.toml"


def _headed(name: str, text: str, lang: str) -> str:
    """A ready camp as written in `lang`: its first line (what it is) in that language, as
    `--list` tells it; the one camp meant for a Ukrainian table is commented in Ukrainian
    throughout, another says that its comments below are the repository's English."""
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(lang)
    if lang == "en" or f"camp.{name}" not in t.table:
        return text
    first, _, rest = text.partition("\n")
    head = t("init.ready_head", what=t(f"camp.{name}"))
    if _SUMMARY in first and name != "ukrainian-party":
        head += "\n" + t("init.ready_english")
    return f"{head}\n{rest}"


def run(args: argparse.Namespace) -> int:
    if args.list:
        if args.camp is not None or args.path is not None:
            raise UsageError(Said("use.list_alone"))
        return _list(args.lang)
    text, where = _chosen(args)
    if where == "-":
        sys.stdout.write(text)
        return EXIT_OK
    path = Path(where)
    # Written under camp.toml.partial and renamed into place: a full disk never leaves an
    # empty or half camp.toml behind to block the next `init`.
    out = create(path, "init")
    try:
        out.write(text.encode("utf-8"))
        out.commit()
    except EnvironmentFailure as exc:
        raise EnvironmentFailure(Said("file.none_written", problem=said_of(exc))) from None
    except BaseException:
        out.discard()
        raise
    say(args, "status.init_wrote", path=str(path))
    return EXIT_OK
