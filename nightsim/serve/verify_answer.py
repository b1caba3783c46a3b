"""`verify` for the console: a log's verdict as lines of words, in the page's language.

The same checks, in the same order, as `nightsim verify` (docs/disputes.md): the chain head
first, then the published seed commitment and config fingerprint, then the re-simulation;
the same functions give the words (nightsim/log/verify.py, narration/verdict.py and the
catalogue's `verify.*` lines), so the console and the command line never disagree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING

from nightsim.limits import escaped, shown

if TYPE_CHECKING:
    from nightsim.log.verify import Verdict
    from nightsim.narration.catalogue import Catalogue

_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class AskedFor:
    """What was published before or at the session, each optional (already parsed)."""

    head: str | None = None
    commitment: str | None = None
    config_sha256: str | None = None


@dataclass
class Answer:
    """`ok`: True verified, False failed (the log is not the night), None not re-simulated
    (an older format, another edition). `lines`: the answer; `evidence`: the two differing
    lines, whole, as `verify` prints them."""

    ok: bool | None
    lines: list[str] = field(default_factory=list)
    evidence: list[tuple[str, str]] = field(default_factory=list)


def parse_sha256(text: str) -> str:
    """A published SHA-256 in full (spaces and dashes ignored), as `verify` takes it;
    ValueError otherwise (a prefix is not enough, docs/disputes.md)."""
    digits = text.strip().lower().replace(" ", "").replace("-", "")
    if not _SHA256.fullmatch(digits):
        raise ValueError("expected the 64 hex digits of a SHA-256 hash (spaces and dashes ignored)")
    return digits


def verify_log(fh: IO[bytes], where: str, published: AskedFor, lang: str) -> Answer:
    """The verdict on the log read from `fh` (`where` names it in the lines: already
    escaped, `limits.shown` of a path). Raises
    LogError (not a log, or broken) and UnknownDice as the reader does: the caller tells
    a broken log (a failed verdict) from bad input."""
    from nightsim.log.binding import Published
    from nightsim.log.reader import log_lines
    from nightsim.log.verify import verify_lines
    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.verdict import reasons

    verdict = verify_lines(log_lines(fh, where))
    t = Catalogue(lang)
    elsewhere = verdict.older_format_line or (
        verdict.elsewhere.line(where) if verdict.elsewhere is not None else None
    )
    # The reasons `verify` gives, in its order (head, what was published, the seed, each
    # difference): the console and the command never disagree.
    said = reasons(
        verdict,
        t,
        published=Published(published.commitment, published.config_sha256),
        head=published.head,
        resimulated=elsewhere is None,
    )
    if said:
        return Answer(False, [*said, *verdict.notes], _evidence(verdict, t))
    if elsewhere is not None:
        return Answer(None, [escaped(elsewhere)])
    return Answer(True, [*_agreed(verdict, published, t), *verdict.notes])


def _evidence(verdict: Verdict, t: Catalogue) -> list[tuple[str, str]]:
    """The first differing lines whole, as `verify --details` shows them."""
    m = verdict.mismatch
    if m is None:
        return []
    none = t("verify.none")
    return [("log", m.log or none), ("sim", m.sim or none)]


def _agreed(verdict: Verdict, published: AskedFor, t: Catalogue) -> list[str]:
    made = {
        "seed": shown(verdict.seed),
        "sha": verdict.seed_sha256,
        "dice": shown(verdict.rng, quote=False),
        "release": shown(verdict.nightsim, quote=False),
    }
    seed_key = "verify.seed_published" if published.commitment else "verify.seed_own"
    config_key = "verify.config_agreed" if published.config_sha256 else "verify.config_own"
    lines = [
        t("verify.verified", events=verdict.events, nights=verdict.nights),
        t(seed_key, **made),
        t(config_key, sha=verdict.config_sha256),
    ]
    if published.head is not None:
        if published.head == verdict.head:
            lines.append(t("verify.head", head=published.head))
        else:
            lines.append(t("verify.head_full", head=published.head, full=verdict.head))
    return lines
