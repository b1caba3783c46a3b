"""Rules editions: which ways of playing a night this nightsim still plays.

An edition is one way of playing every night: the rules, their readings and the defaults
(docs/log-format.md, "Editions"). A log's header names the edition that played it (beside
`rng`, the dice); any change to how a night is played is a new edition, so a log keeps the
meaning it was written with. This nightsim re-simulates the editions in `EDITIONS`; for one
it no longer plays, `RETIRED` names the release series that does, and `verify` points there.

Edition 1 is written by omission (a header without `edition`), so every log written before
editions existed is edition 1 and keeps its bytes.

The version helpers tell whether a log was written by a later release than this one: such a
log may carry what this nightsim cannot play (a config key, an event type, a field), and is
then not called tampered but sent to the release that wrote it.
"""

from __future__ import annotations

import re

from nightsim import __version__

#: The edition of everything this nightsim plays today, and the one `run` writes.
CURRENT_EDITION = 1

#: The editions this nightsim re-simulates, oldest first.
EDITIONS: tuple[int, ...] = (1,)

#: An edition this nightsim no longer plays -> the release series that plays it ("0.4").
RETIRED: dict[int, str] = {}

_RELEASE = re.compile(r"^(\d+)\.(\d+)\.(\d+)")


def plays(edition: int) -> bool:
    """Whether this nightsim re-simulates nights of `edition`."""
    return edition in EDITIONS


def check_edition(edition: object) -> None:
    """An edition this nightsim plays, or ValueError naming the ones it does."""
    if isinstance(edition, bool) or not isinstance(edition, int) or not plays(edition):
        known = ", ".join(map(str, EDITIONS))
        raise ValueError(f"edition: this nightsim plays rules edition {known}, not {edition!r}")


def release_for(edition: int) -> str | None:
    """The release series ("0.4") that re-simulates a retired `edition`; None for one this
    nightsim plays, or one it does not know (a later release's: the log's own `nightsim`
    names it)."""
    return RETIRED.get(edition)


def release_tuple(version: str) -> tuple[int, int, int] | None:
    """`X.Y.Z` (anything after it ignored: `0.5.0rc1`) as numbers; None if it is not one."""
    m = _RELEASE.match(version)
    return None if m is None else (int(m[1]), int(m[2]), int(m[3]))


def is_later(version: str) -> bool:
    """Whether `version` (a header's `nightsim`) is a later release than this one. A version
    that is not `X.Y.Z` is not called later: its log is held to this release's rules."""
    theirs, ours = release_tuple(version), release_tuple(__version__)
    return theirs is not None and ours is not None and theirs > ours


def series(version: str) -> str:
    """The release series of a version, `0.5.0` -> `0.5`: what `pipx run 'nightsim==0.5.*'`
    installs (its latest patch release re-simulates every log of the series)."""
    t = release_tuple(version)
    return version if t is None else f"{t[0]}.{t[1]}"


def resimulate_command(release_series: str | None, log: str) -> str:
    """The one command that re-simulates a log with another release, for a message (None:
    the latest release)."""
    import shlex

    spec = "nightsim" if release_series is None else f"'nightsim=={release_series}.*'"
    return f"pipx run {spec} verify {shlex.quote(log)}"
