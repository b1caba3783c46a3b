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
from dataclasses import dataclass

from nightsim import __version__

#: The edition of everything this nightsim plays today, and the one `run` writes.
CURRENT_EDITION = 3

#: The editions this nightsim re-simulates, oldest first.
EDITIONS: tuple[int, ...] = (1, 2, 3)

#: An edition this nightsim no longer plays -> the release series that plays it ("0.4").
RETIRED: dict[int, str] = {}


@dataclass(frozen=True, slots=True)
class Readings:
    """How an edition reads the source where editions differ: one flag per reading, each
    True in the edition that took it up (docs/rules.md names each reading's section). The
    one place the engine learns its edition: `readings_for(edition)` is handed to the plan
    (engine/plan.py), and the actors read these flags, never an edition number.
    """

    #: docs/rules.md §6.2: spells are at risk after sleep broken by a watch (the last watch
    #: included) or without a full rest; an encounter alone costs nothing. Edition 1: after
    #: interrupted sleep (asleep, awake, asleep again; the encounter counts, the last watch
    #: does not).
    spells_broken_by_watch: bool
    #: docs/rules.md §2.2, §7.3: a ruined meal loses that meal's ingredients only. Edition 1:
    #: the packs are empty for the rest of a journey.
    ruined_meal_loses_its_own: bool
    #: docs/rules.md §5.4: the quick option is the party's decision from its gear and the
    #: weather, the full procedure in adverse conditions. Edition 1: per character, a full
    #: rest for a night the rest table calls moderate.
    quick_rest_by_party: bool
    #: docs/rules.md §3.2: one dozing roll per watch: consecutive rota entries of one watcher
    #: are one watch. Edition 1: one roll per rota entry.
    doze_per_watch: bool
    #: docs/rules.md §4.6: sleeping in moves every hand-over still to come. Edition 1: only
    #: the end of the rest period, and a last shift that ends with it, run on.
    sleep_in_moves_handovers: bool
    #: docs/dice.md: stream names no name can forge (a name with `:`, `%` or `+`, or one of
    #: the world's words, is percent-encoded). Edition 1 keeps its names, so its nights stay.
    escaped_stream_names: bool
    #: docs/rules.md §6.2: a caster who slept, was woken by anything (an encounter too) and
    #: stood their own watch without lying down again had their sleep broken by that watch.
    #: Editions 1-2: only one woken from sleep by the watch itself (woken by an encounter
    #: just before it, the caster's spells were not at risk).
    woken_then_watch_breaks: bool
    #: docs/rules.md §5.4: a night the rest table calls impossible for any character is
    #: adverse, so the quick option does not apply. Editions 1-2: the quick option could
    #: turn an impossible night into a full rest.
    quick_rest_not_impossible: bool


_READINGS: dict[int, Readings] = {
    1: Readings(False, False, False, False, False, False, False, False),
    2: Readings(True, True, True, True, True, True, False, False),
    3: Readings(True, True, True, True, True, True, True, True),
}


def readings_for(edition: int) -> Readings:
    """The readings of an edition this nightsim plays (ValueError naming the ones it does)."""
    check_edition(edition)
    return _READINGS[edition]


_RELEASE = re.compile(r"^(\d+)\.(\d+)\.(\d+)")


def plays(edition: int) -> bool:
    """Whether this nightsim re-simulates nights of `edition`."""
    return edition in EDITIONS


def played() -> str:
    """The editions this nightsim plays, for a message, by code (told in any language):
    "editions 1, 2 and 3"."""
    from nightsim.told import Said

    numbers = tuple(map(str, EDITIONS))
    return Said("editions.many" if len(numbers) > 1 else "editions.one", editions=numbers)


def check_edition(edition: object) -> None:
    """An edition this nightsim plays, or ValueError naming the ones it does."""
    if isinstance(edition, bool) or not isinstance(edition, int) or not plays(edition):
        raise ValueError(f"edition: this nightsim plays rules {played()}, not {edition!r}")


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
    """Whether `version` (a header's `nightsim`) is a later release than this one, in PEP
    440's order: a development build `0.5.0.dev0` is later than 0.4.x and earlier than 0.5.0
    (CONTRIBUTING.md, "Releasing"). A version that is not PEP 440's is not called later: its
    log is held to this release's rules."""
    from packaging.version import InvalidVersion, Version

    if len(version) > 64:  # a forged header's: packaging would convert its digits (limits.py)
        return False
    try:
        return Version(version) > Version(__version__)
    except (InvalidVersion, ValueError):
        return False


def series(version: str) -> str:
    """The release series of a version, `0.5.0` -> `0.5`: what `pipx run 'nightsim==0.5.*'`
    installs (its latest patch release re-simulates every log of the series)."""
    t = release_tuple(version)
    return version if t is None else f"{t[0]}.{t[1]}"


def resimulate_command(release_series: str | None, log: str, command: str = "verify") -> str:
    """The one command that re-simulates a log (or, with `command` "campaign verify", a
    campaign) with another release, for a message (None: the latest release)."""
    import shlex

    spec = "nightsim" if release_series is None else f"'nightsim=={release_series}.*'"
    return f"pipx run {spec} {command} {shlex.quote(log)}"
