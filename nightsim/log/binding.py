"""What was published before a session, checked against a verified log.

A published block (docs/disputes.md, "What a published block binds") names the seed's
commitment, the config's fingerprint, the rules edition, the dice and the release. The seed
commitment alone binds the seed, not the edition nor the dice it was played with: one seed
gives a night under each edition and each dice this nightsim still plays, and a referee
could choose among them. So a commitment binds the edition and the dice too: those named
(`edition`, `rng`), else the ones this release writes, as its published block names them.

Each problem is a catalogue key and its values (narration words it, in the verdict's
language); `verify` and `campaign verify` call the same function.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from nightsim.editions import CURRENT_EDITION
from nightsim.engine.dice import RNG_ID
from nightsim.limits import shown

if TYPE_CHECKING:
    from nightsim.log.verify import Verdict


@dataclass(frozen=True)
class Published:
    """What the referee published before the session (None: not given)."""

    commitment: str | None = None
    config_sha256: str | None = None
    edition: int | None = None
    rng: str | None = None
    release: str | None = None

    @property
    def given(self) -> bool:
        return any(v is not None for v in vars(self).values())


@dataclass(frozen=True)
class Unbound:
    """One way the log is not the published night: a catalogue key and its values."""

    key: str
    values: dict[str, Any]


def bound(published: Published) -> Published:
    """What `published` binds: with a commitment, the edition and the dice named, else this
    release's (one committed seed, one night); without one, only what was given."""
    if published.commitment is None:
        return published
    return replace(
        published,
        edition=CURRENT_EDITION if published.edition is None else published.edition,
        rng=RNG_ID if published.rng is None else published.rng,
    )


def unbound(verdict: Verdict, published: Published) -> list[Unbound]:
    """Every way the verified log differs from what was published (empty: none). The
    release comes first: a log labelled as another release is refused, not sent to it."""
    out: list[Unbound] = []
    claimed = shown(verdict.nightsim, quote=False)
    if published.release is not None and verdict.nightsim != published.release:
        out.append(Unbound("bind.release", {"log": claimed, "given": published.release}))
    if published.commitment is not None and published.commitment != verdict.seed_sha256:
        out.append(
            Unbound(
                "verify.seed_differs", {"sha": verdict.seed_sha256, "given": published.commitment}
            )
        )
    if published.config_sha256 is not None and published.config_sha256 != verdict.config_sha256:
        out.append(
            Unbound(
                "verify.config_differs",
                {"sha": verdict.config_sha256, "given": published.config_sha256},
            )
        )
    edition, rng = bound(published).edition, bound(published).rng
    if edition is not None and verdict.edition != edition:
        out.append(Unbound("bind.edition", {"log": verdict.edition, "given": edition}))
    if rng is not None and verdict.rng != rng:
        out.append(Unbound("bind.rng", {"log": shown(verdict.rng, quote=False), "given": rng}))
    return out
