"""`campaign publish`: the block a referee publishes before a session, and `campaign verify
--night N`'s options that check a night against it (docs/campaign.md, "Publish, play,
verify"). Every hash is printed whole on a line of its own, never through rich's wrapping,
so that a copy at any terminal width holds no newline inside a hash."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from nightsim.cli.common import EXIT_OK, UsageError, status
from nightsim.limits import escaped, shown
from nightsim.told import Said

if TYPE_CHECKING:
    from nightsim.campaign import Campaign
    from nightsim.campaign.publish import Publication, Published
    from nightsim.narration.catalogue import Catalogue


def add_publish_parser(cmds: Any, sub: Any) -> None:
    """`campaign publish FILE [--set K=V]… [--lang en|uk]`; `sub` makes a subcommand with
    FILE and --wait (cli/campaign.py)."""
    p: argparse.ArgumentParser = sub(
        cmds,
        "publish",
        "what to publish before the next night: its seed commitment, its"
        " config's fingerprint, the rules edition, the dice and the release",
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="tonight's camp, exactly as you will give it to `campaign night --set`",
    )
    p.add_argument(
        "--lang", choices=("en", "uk"), default="en", help="output language (default: en)"
    )


def add_published_args(p: argparse.ArgumentParser) -> None:
    """`campaign verify --night N`'s published values: one published block admits exactly
    one night."""
    from nightsim.cli.verify import _sha256

    p.add_argument(
        "--commitment",
        metavar="HASH",
        type=_sha256,
        help="with --night N: night N's seed commitment as published (`campaign publish`)",
    )
    p.add_argument(
        "--config-sha256",
        metavar="HASH",
        type=_sha256,
        help="with --night N: the config fingerprint `campaign publish` printed for night N",
    )
    p.add_argument("--edition", type=int, metavar="E", help="with --night N: the rules edition")
    p.add_argument("--rng", metavar="ID", help="with --night N: the dice, as published")
    p.add_argument("--release", metavar="V", help="with --night N: the nightsim release")


def published_of(args: argparse.Namespace) -> Published:
    from nightsim.campaign.publish import Published

    p = Published(args.commitment, args.config_sha256, args.edition, args.rng, args.release)
    if p.given and args.night is None:
        raise UsageError(Said("use.publish_values"))
    return p


def published_problem(c: Campaign, night: int, p: Published) -> str | None:
    """Why night `night` is not the one the published values admit, or None."""
    import json

    from nightsim.campaign.publish import published_problem as problem

    if not p.given:
        return None
    stored = c.night(night)
    if stored is None:
        return Said("cpubw.absent", night=night)
    try:
        header = json.loads(stored.lines[0])
    except (ValueError, IndexError):
        return Said("cpubw.broken", night=night)
    return problem(night, header if isinstance(header, dict) else {}, p)


def _command(file: str, pub: Publication, t: Catalogue) -> list[str]:
    """The command a player runs after the session, one option a line (a shell
    continuation), each hash whole."""
    # A path's control characters escaped: the block stays lines a terminal shows as text.
    return [
        f"nightsim campaign verify {shlex.quote(escaped(file))} --night {pub.night} \\",
        f"  --commitment {pub.commitment} \\",
        f"  --config-sha256 {pub.config_sha256} \\",
        f"  --edition {pub.edition} --rng {shlex.quote(pub.rng)}"
        f" --release {shlex.quote(pub.release)} \\",
        f"  --head {t('cpub.head_word')}",
    ]


def block(c: Campaign, file: str, pub: Publication, t: Catalogue) -> list[str]:
    """The published block's lines: labels in the language, hashes on lines of their own."""
    from nightsim.campaign_shown import quoted

    title = f" {quoted(c.name, t)}" if c.name else ""
    sets = " ".join(shown(s, quote=False) for s in pub.sets) if pub.sets else t("cpub.no_sets")
    return [
        t("cpub.title", night=pub.night, title=title),
        t("cpub.commitment"),
        pub.commitment,
        t("cpub.config", sets=sets),
        pub.config_sha256,
        t("cpub.binding", edition=pub.edition, rng=pub.rng, release=pub.release),
        t("cpub.after"),
        *_command(file, pub, t),
        t("cpub.head"),
    ]


def run_publish(args: argparse.Namespace, opened: Any) -> int:
    from nightsim.campaign.publish import publish
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(args.lang)
    with opened(args) as c:
        c.check_played_here()  # a later release's night: exit 3 naming it, never "unknown key"
        pub = publish(c, args.set)
        lines = block(c, args.file, pub, t)
    sys.stdout.write("".join(line + "\n" for line in lines))
    sys.stdout.flush()
    status(t("cpub.recorded", number=pub.number, night=pub.night))
    return EXIT_OK


class NotAsPublished(NamedTuple):
    """Tonight's config against the block last published for the next night."""

    night: int
    published: str  # the published fingerprint
    tonight: str  # tonight's


def not_as_published(c: Campaign, sets: Sequence[str] | None = None) -> NotAsPublished | None:
    """How tonight's config differs from the block published for the next night; None: it
    is that config, or nothing was published. `sets`: tonight's --set (None: the published
    block's own, to ask whether an adjustment made the block stale)."""
    from nightsim.campaign.publish import last_published
    from nightsim.config.fingerprint import config_sha256

    night = c.state.nights + 1
    pub = last_published(c, night)
    if pub is None:
        return None
    sha = config_sha256(c.next_config(list(pub.sets if sets is None else sets)))
    return None if sha == pub.config_sha256 else NotAsPublished(night, pub.config_sha256, sha)


def differs_warning(d: NotAsPublished) -> str:
    """`campaign night --not-as-published`'s warning, before the night."""
    return Said("publish.differs", night=d.night, published=d.published, tonight=d.tonight)


def refused_unpublished(d: NotAsPublished) -> str:
    """`campaign night`'s refusal when tonight's config is not the one published for it."""
    return Said(
        "publish.not_as_published",
        night=d.night,
        tonight=d.tonight[:12],
        published=d.published[:12],
    )


def stale_warning(d: NotAsPublished) -> str:
    """After an adjustment: the block published for the next night no longer holds (the
    party's HP and the camp are in its fingerprint)."""
    return Said("publish.stale", night=d.night)
