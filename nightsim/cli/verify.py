"""`nightsim verify LOG`: re-simulate from the log's header and compare event by event."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nightsim.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_OLDER_FORMAT,
    UsageError,
    error,
    status,
)
from nightsim.cli.replay import fail, lines_of, open_log
from nightsim.errors import LogError, UnknownDice
from nightsim.limits import escaped, shown

if TYPE_CHECKING:
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

exit codes: 0 verified; 1 the log ends at another hash than --head (checked first), its
seed or config is not the one given by --commitment or --config-sha256, it is broken, or it
differs from the re-simulated night (the first differing event is shown, log and
simulation side by side); 2 not a log at all, a malformed --head, or a log whose dice (its
header's `rng`) this nightsim does not know; 3 a log this nightsim does not re-simulate (format
1, a rules edition it does not play, what a later release added): its chain is intact, and
the line (on stderr) says which release re-simulates it. A script asking "is it genuine?"
tests the code != 0: a byte flipped in the header can make it no log at all (2).

The commitment line names the dice and the release that made the log: the commitment binds
the seed only, so check them against the release the referee published with the config.
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
        type=_head,
        help="the chain head `run` printed, or its first 12 hex digits or more (case, spaces and"
        " dashes ignored): fail unless the log ends there",
    )
    p.add_argument(
        "--commitment",
        metavar="HASH",
        type=_sha256,
        help="the seed's SHA-256 published before the session (64 hex digits): fail unless the"
        " log's seed is the committed one",
    )
    p.add_argument(
        "--config-sha256",
        metavar="HASH",
        type=_sha256,
        help="the config's fingerprint `check` printed before the session (64 hex digits):"
        " fail unless the log was played with that config",
    )
    p.add_argument(
        "--lang",
        choices=("en", "uk"),
        default="en",
        help="the language of verify's answer, and of a failure's first line: what the log"
        " says and what the dice say (default: en)",
    )
    p.set_defaults(handler=run)


def _sha256(text: str) -> str:
    """A published SHA-256 in full: a prefix is not enough here, since two seeds or two
    configs sharing 12 digits take only about 2^24 hashes to find (docs/disputes.md)."""
    digits = text.strip().lower().replace(" ", "").replace("-", "")
    if not re.fullmatch(r"[0-9a-f]{64}", digits):
        raise argparse.ArgumentTypeError(
            "expected the 64 hex digits of a SHA-256 hash (spaces and dashes ignored)"
        )
    return digits


def _head(text: str) -> str:
    from nightsim.heads import parse_head

    try:
        return parse_head(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def unknown_dice(path: Path, exc: UnknownDice) -> UsageError:
    """A header naming dice this nightsim cannot roll: bad input (2), not tampering (1)."""
    return UsageError(
        f"{shown(path)}: the log's dice are {shown(exc.rng)}, which this nightsim cannot"
        f" roll (it knows {', '.join(exc.known)}): it cannot re-simulate the night"
    )


def refused(
    path: Path, verdict: Verdict, *, one_line: bool = False, lang: str = "en"
) -> int | None:
    """Say why a log failed re-simulation and return its exit code (1); None: it holds.

    The first line says in words, in `lang`, what the log claims and what the dice say
    (narration/verdict.py); the notes and the details follow on stderr. With `whatif`
    (`one_line`) the refusal is that one error line, which points to `verify` for the
    evidence; `verify` prints the two differing lines whole on stdout, its answer."""
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(lang)
    if not verdict.seed_matches:
        for note in verdict.notes:
            status(f"note: {note}")
        said = t("verify.seed_mismatch", seed=shown(verdict.seed), sha=verdict.seed_sha256)
        error(f"{shown(path)}: {said}")
        return EXIT_FAILED
    m = verdict.mismatch
    if m is None:
        for note in verdict.notes:
            status(f"note: {note}")
        return None
    from nightsim.narration.verdict import verdict_words

    line = m.seq + 1  # the file's 1-based line, as replay and the reader count
    if one_line:
        # A forged line can be megabytes (a seed of millions of characters): the sentence
        # cuts it, and verify, whose answer it is, shows it.
        for note in verdict.notes:
            status(f"note: {note}")
        words = verdict_words(line, m.log, m.sim, m.fields, lang)
        error(f"{shown(path)}: {words} (`nightsim verify` shows both lines)")
        return EXIT_FAILED
    error(f"{shown(path)}: {verdict_words(line, m.log, m.sim, m.fields, lang)}")
    for note in verdict.notes:
        status(f"note: {note}")
    what = (
        t("verify.differs_in", fields=", ".join(shown(f) for f in m.fields))
        if m.fields
        else t("verify.not_in_log" if m.log is None else "verify.not_simulated")
    )
    status(t("verify.first_differing", line=line, type=shown(m.type, quote=False), what=what))
    # verify's answer gives the lines whole: they are the evidence; as text, a forged line's
    # JSON keeps its bidi controls and line separators unescaped. The "log:"/"sim:" labels
    # stay as they are in every language: scripts split the answer on them.
    for side, text in (("log", m.log), ("sim", m.sim)):
        print(f"{side}: {t('verify.none') if text is None else escaped(text)}")
    return EXIT_FAILED


def disagreement(verdict: Verdict, args: argparse.Namespace, t: Catalogue) -> str | None:
    """Why the log is not what was published before the session (None: it is, or nothing
    was given): the seed commitment, then the config's fingerprint."""
    if args.commitment is not None and args.commitment != verdict.seed_sha256:
        return t("verify.seed_differs", sha=verdict.seed_sha256, given=args.commitment)
    if args.config_sha256 is not None and args.config_sha256 != verdict.config_sha256:
        return t("verify.config_differs", sha=verdict.config_sha256, given=args.config_sha256)
    return None


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


def not_resimulated(verdict: Verdict, log: str) -> str | None:
    """The one line for a log this nightsim does not re-simulate (exit 3), naming the
    release that does; None: it was re-simulated."""
    if verdict.older_format_line is not None:
        return verdict.older_format_line
    if verdict.elsewhere is not None:
        return verdict.elsewhere.line(log)
    return None


def run(args: argparse.Namespace) -> int:
    from nightsim.log.verify import head_problem, verify_lines

    path = Path(args.log)
    try:
        with open_log(path) as fh:
            verdict = verify_lines(lines_of(fh, path))
    except LogError as exc:
        return fail(path, exc)
    except UnknownDice as exc:
        raise unknown_dice(path, exc) from None
    # The head first, for every log: where a log ends is checked whether or not this
    # nightsim can re-simulate it, and before what the re-simulation says.
    if args.head is not None:
        problem = head_problem(verdict, args.head)
        if problem is not None:
            error(f"{shown(path)}: {problem}: it was cut, added to or rewritten since")
            return EXIT_FAILED
    # The narration's catalogue, imported here: only the commands that speak load it.
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(args.lang)
    agreed = disagreement(verdict, args, t)
    if agreed is not None:
        error(f"{shown(path)}: {agreed}")
        return EXIT_FAILED
    elsewhere = not_resimulated(verdict, args.log)
    if elsewhere is not None:
        # A refusal, like every other failing line: on stderr, so that stdout only ever
        # holds verify's own answer (docs/limits.md).
        status(escaped(elsewhere))
        return EXIT_OLDER_FORMAT
    code = refused(path, verdict, lang=args.lang)
    if code is not None:
        return code
    print(t("verify.verified", events=verdict.events, nights=verdict.nights))
    for line in agreed_lines(verdict, args, t):
        print(line)
    if args.head is not None:
        if args.head == verdict.head:
            print(t("verify.head", head=args.head))
        else:
            print(t("verify.head_full", head=args.head, full=verdict.head))
    return EXIT_OK
