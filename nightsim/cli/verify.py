"""`nightsim verify LOG`: re-simulate from the log's header and compare event by event."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from nightsim.cli.argparse_words import spoken
from nightsim.cli.atomic import PARTIAL_SUFFIX
from nightsim.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_OLDER_FORMAT,
    UsageError,
    status,
)
from nightsim.cli.replay import fail, lines_of, open_log
from nightsim.errors import BrokenLog, LogError, UnknownDice
from nightsim.limits import escaped, said_line, shown
from nightsim.told import Said, in_lang

if TYPE_CHECKING:
    from nightsim.log.binding import Published
    from nightsim.log.verify import Verdict
    from nightsim.narration.catalogue import Catalogue

EPILOG = """\
examples:
  nightsim verify logs/night-20260101T190000Z-seed-11.jsonl
  nightsim verify night.jsonl --head 5743-776d-9e2f   the head read out at the table
  nightsim verify night.jsonl --head HASH              or all 64 hex digits of it

--head takes any prefix of at least 12 hex digits (case, spaces and dashes ignored): to end
a log elsewhere with the same 12 digits, a forger re-simulates about 2^48 nights (see
docs/disputes.md, "The chain head").

--head HASH also proves the log ends exactly where it ended at the table: a journey cut short,
its header's `nights` edited and every hash recomputed re-simulates cleanly, but ends at
another hash.

The answer comes first: GENUINE or NOT GENUINE, then one sentence per reason (the head, a
published value, each differing event with its line, minute and whose watch it was; five
told, the rest counted); --details adds the differing lines whole, for programmers.

--commitment binds the rules edition and the dice too: to --edition and --rng when given,
else to this release's; --release refuses a log that claims another release (exit 1).

exit codes: 0 GENUINE; 1 NOT GENUINE: the log ends at another hash than --head, it is not
what --commitment, --config-sha256, --edition, --rng or --release say, it is broken, or it
differs from the re-simulated night (checked even when the head fails); 2 not a log at all,
a malformed --head, or a log whose dice (its header's `rng`) this nightsim does not know; 3 a
log this nightsim does not re-simulate (format 1, a rules edition it does not play, what a
later release added): its chain is intact, and the line (on stderr) says which release
re-simulates it. A script asking "is it genuine?" tests the code != 0: a byte flipped in the
header can make it no log at all (2).
"""

# Neither "verified" (0: nothing was re-simulated) nor "failed" (1: nothing is wrong with it).


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "verify",
        help="re-simulate a log's night and compare, event by event (--head: and its end)",
        description="Check a log's chain, re-run its night from the header (config, seed,"
        " nights) and compare every event; show that the seed matches its commitment (with"
        " the dice and the release that made the log); with --head, that the log ends at the"
        " chain head published at the table.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("log", metavar="LOG", help="a nightsim log (JSON Lines)")
    p.add_argument(
        "--head",
        metavar="HASH",
        help="the chain head `run` printed, or its first 12 hex digits or more (case, spaces and"
        " dashes ignored): fail unless the log ends there",
    )
    p.add_argument(
        "--commitment",
        metavar="HASH",
        help="the seed's SHA-256 published before the session (64 hex digits): fail unless the"
        " log's seed is the committed one",
    )
    p.add_argument(
        "--config-sha256",
        metavar="HASH",
        help="the config's fingerprint `check` printed before the session (64 hex digits):"
        " fail unless the log was played with that config",
    )
    add_published(p)
    p.add_argument(
        "--details",
        action="store_true",
        help="after the verdict, for programmers: each differing event's type and fields and"
        " the two lines whole (the log's and the re-simulation's)",
    )
    p.add_argument(
        "--lang",
        choices=("en", "uk"),
        default="en",
        help="the language of verify's answer: the verdict and each difference in words"
        " (default: en)",
    )
    p.set_defaults(handler=run)


def add_published(p: argparse.ArgumentParser) -> None:
    """The rest of a published block, beside --commitment and --config-sha256: the rules
    edition, the dice and the release (docs/disputes.md, "What a published block binds")."""
    p.add_argument(
        "--edition",
        type=_edition,
        metavar="N",
        help="the rules edition published with the commitment: fail unless the log was played"
        " under it (with --commitment and without --edition: this release's edition)",
    )
    p.add_argument(
        "--rng",
        metavar="ID",
        help="the dice published with the commitment: fail unless the log was rolled with them"
        " (with --commitment and without --rng: this release's dice)",
    )
    p.add_argument(
        "--release",
        metavar="VERSION",
        help="the nightsim release published with the commitment: fail (exit 1) unless the log"
        " says that release wrote it",
    )


def _sha256(text: str) -> str:
    """A published SHA-256 in full: a prefix is not enough here, since two seeds or two
    configs sharing 12 digits take only about 2^24 hashes to find (docs/disputes.md)."""
    digits = text.strip().lower().replace(" ", "").replace("-", "")
    if not re.fullmatch(r"[0-9a-f]{64}", digits):
        raise argparse.ArgumentTypeError(spoken(Said("use.sha256_form")))
    return digits


def _edition(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 999:
        raise argparse.ArgumentTypeError(spoken(Said("use.edition_form")))
    return int(text)


def _checked(args: argparse.Namespace) -> None:
    """The published values given as text, checked in the command's language (`--lang`;
    argparse, which would check them, reads the options before it knows the language)."""
    from nightsim.heads import parse_head
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(args.lang)
    option = "--head"
    try:
        args.head = None if args.head is None else parse_head(args.head)
        for option in ("--commitment", "--config-sha256"):
            dest = option[2:].replace("-", "_")
            setattr(args, dest, _sha256_of(getattr(args, dest)))
    except ValueError as exc:
        text = getattr(args, option[2:].replace("-", "_"))
        why = in_lang(exc.args[0] if exc.args else str(exc), args.lang)
        raise UsageError(t("refuse.option", option=option, text=shown(text), why=why)) from None


def _sha256_of(text: str | None) -> str | None:
    if text is None:
        return None
    digits = text.strip().lower().replace(" ", "").replace("-", "")
    if not re.fullmatch(r"[0-9a-f]{64}", digits):
        from nightsim.told import Said

        raise ValueError(Said("refuse.sha256"))
    return digits


def unknown_dice(path: Path, exc: UnknownDice) -> UsageError:
    """A header naming dice this nightsim cannot roll: bad input (2), not tampering (1)."""
    return UsageError(
        Said("refuse.dice", path=shown(path), rng=shown(exc.rng), known=", ".join(exc.known))
    )


def refused(
    path: Path,
    verdict: Verdict,
    *,
    lang: str = "en",
    out: TextIO | None = None,
    with_details: bool = False,
) -> int | None:
    """Tell why a re-simulated log is not its night and return its exit code (1); None: it
    holds. The verdict comes first (cli/verdict_out.py); `whatif` calls it too."""
    from nightsim.cli.verdict_out import details, notes, tell
    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.verdict import reasons

    t = Catalogue(lang)
    notes(verdict, lang)
    said = reasons(verdict, t)
    if not said:
        return None
    tell(shown(path, quote=False), said, t, out=out)
    if with_details:
        details(verdict, t, out=out)
    return EXIT_FAILED


def published(args: argparse.Namespace) -> Published:
    """What the referee published, as `verify`'s (or `campaign verify`'s) options give it."""
    from nightsim.log.binding import Published

    return Published(
        commitment=args.commitment,
        config_sha256=args.config_sha256,
        edition=args.edition,
        rng=args.rng,
        release=args.release,
    )


def agreed_lines(verdict: Verdict, args: argparse.Namespace, t: Catalogue) -> list[str]:
    """What the seed and the config were checked against. Without the values published
    before the session, the log is only consistent with itself, and the lines say so."""
    # The commitment binds the seed alone: the dice and the release that rolled the night are
    # named with it, for the referee's published release to be checked against.
    made = {
        "seed": shown(verdict.seed),
        "sha": verdict.seed_sha256,
        "dice": shown(verdict.rng, quote=False),
        "release": shown(verdict.nightsim, quote=False),
    }
    said = t("verify.seed_published" if args.commitment is not None else "verify.seed_own", **made)
    key = "verify.config_agreed" if args.config_sha256 is not None else "verify.config_own"
    return [said, t(key, sha=verdict.config_sha256)]


def not_resimulated(verdict: Verdict, log: str, lang: str = "en") -> str | None:
    """The one line for a log this nightsim does not re-simulate (exit 3), naming the
    release that does, in `lang`; None: it was re-simulated."""
    if verdict.older_format_line is not None:
        return in_lang(verdict.older_format_line, lang)
    if verdict.elsewhere is not None:
        return verdict.elsewhere.line(log, lang)
    return None


def _broken(path: Path, exc: BrokenLog, lang: str) -> int:
    """A log whose own chain breaks (edited and not re-chained, cut, reordered) is a verdict
    like any other, NOT GENUINE on stdout with the line and what the reader found there
    (docs/disputes.md, "The verdict"), not a failure of the program; a `.partial` file, a
    run stopped before its end, is still told as the reader's failure (`replay`'s words)."""
    from nightsim.cli.verdict_out import tell
    from nightsim.narration.catalogue import Catalogue

    if path.name.endswith(PARTIAL_SUFFIX):
        return fail(path, exc, lang)
    t = Catalogue(lang)
    why = said_line(in_lang(exc.message, lang))
    said = (
        t("verify.broken_whole", why=why)
        if exc.line is None
        else t("verify.broken", line=exc.line, why=why)
    )
    tell(shown(path, quote=False), [said], t)
    # The reader's own line, for scripts and for programmers, on stderr as before (without
    # the `nightsim: error:` of a failure: the program did its job).
    at = t("fault.line", line=exc.line, why=why) if exc.line is not None else why
    status(f"{shown(path)}: {at}")
    return EXIT_FAILED


def run(args: argparse.Namespace) -> int:
    from nightsim.cli.verdict_out import details, notes, tell
    from nightsim.log.verify import verify_lines
    from nightsim.narration.verdict import reasons

    _checked(args)
    path = Path(args.log)
    try:
        with open_log(path) as fh:
            verdict = verify_lines(lines_of(fh, path))
    except BrokenLog as exc:
        return _broken(path, exc, args.lang)
    except LogError as exc:
        return fail(path, exc, args.lang)
    except UnknownDice as exc:
        raise unknown_dice(path, exc) from None
    # The narration's catalogue, imported here: only the commands that speak load it.
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(args.lang)
    elsewhere = not_resimulated(verdict, args.log, args.lang)
    # Where the log ends and what was published are checked for every log, whether or not
    # this nightsim re-simulates it; the re-simulation goes on when the head fails, so that
    # the verdict says what was changed, not only that something was.
    said = reasons(
        verdict, t, published=published(args), head=args.head, resimulated=elsewhere is None
    )
    if said:
        tell(shown(path, quote=False), said, t)
        if elsewhere is not None:
            status(escaped(elsewhere))
        notes(verdict, args.lang)
        if args.details:
            details(verdict, t)
        return EXIT_FAILED
    if elsewhere is not None:
        # A refusal, like every other failing line: on stderr, so that stdout only ever
        # holds verify's own answer (docs/limits.md).
        status(escaped(elsewhere))
        return EXIT_OLDER_FORMAT
    notes(verdict, args.lang)
    genuine = "verdict.genuine" if verdict.nights <= 1 else "verdict.genuine_journey"
    print(t(genuine, file=shown(path, quote=False)))
    print(t("verify.verified", events=verdict.events, nights=verdict.nights))
    for line in agreed_lines(verdict, args, t):
        print(line)
    if args.head is None:
        # A journey cut short and re-chained re-simulates cleanly (docs/disputes.md, "The
        # chain head"): GENUINE says nothing of where the log ends unless --head is given.
        print(t("verify.no_head"))
    elif args.head == verdict.head:
        print(t("verify.head", head=args.head))
    else:
        print(t("verify.head_full", head=args.head, full=verdict.head))
    return EXIT_OK
