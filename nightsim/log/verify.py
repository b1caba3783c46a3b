"""Verification: re-simulate a log's night from its header and compare event by event.

The chain (logread) proves a log was not changed *after* it was written; it cannot prove the
log is what nightsim wrote: a forger can edit a line and recompute every hash after it. The
header carries the fully resolved config, the seed and the journey length (design.md), so the
night can be run again and each line compared with the one the simulation writes through the
same structlog pipeline (log.iter_log_lines). Both sides stream; nothing is held whole.

A log of an older format (format 1, nightsim 0.1.0) is not re-simulated: this nightsim writes
format 2, so every line would differ. Its chain and shape are checked all the same, and the
verdict names the nightsim version that wrote it (the header's `nightsim`), which re-simulates
it.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from nightsim import __version__
from nightsim.config import config_from_data, upgrade_legacy
from nightsim.engine.dice import RNG_ID, check_rng, seed_sha256
from nightsim.engine.journey import iter_raw
from nightsim.engine.outcome import NightOutcome
from nightsim.errors import BrokenLog, ConfigError, NotALog
from nightsim.events import LOG_VERSION, Event, NightHeader
from nightsim.limits import MAX_NIGHTS, shown
from nightsim.log.reader import LogLine, iter_log
from nightsim.log.writer import iter_log_lines


@dataclass(frozen=True)
class Mismatch:
    """The first event that differs: the log's line and the simulation's (None: absent)."""

    seq: int
    type: str
    log: str | None
    sim: str | None
    fields: tuple[str, ...]  # top-level fields that differ, `hash` left out


@dataclass(frozen=True)
class Verdict:
    events: int  # events compared and equal
    nights: int
    seed: int | str
    seed_sha256: str
    seed_matches: bool  # sha256(seed text) == the header's commitment
    notes: tuple[str, ...]  # e.g. the log was written by another nightsim version
    mismatch: Mismatch | None
    # A log of an older format: checked (chain, shape) but not re-simulated. Its format
    # version and the nightsim that wrote it, which re-simulates it; None for format 2.
    older_format: tuple[int, str] | None = None
    # The hash of the log's last line, the chain's head; None when the comparison stopped at
    # a difference before the log's end (the log failed already; its end is not read).
    head: str | None = None

    @property
    def ok(self) -> bool:
        return self.seed_matches and self.mismatch is None and self.older_format is None

    @property
    def older_format_line(self) -> str | None:
        """One line for a log of an older format: what was checked, what can re-simulate it."""
        if self.older_format is None:
            return None
        version, by = self.older_format[0], shown(self.older_format[1], quote=False)
        return (
            f"format {version} log written by nightsim {by}: its chain is intact; re-simulate"
            f" it with nightsim {by} (pip install nightsim=={by})"
        )


def _differing(log: str, sim: str) -> tuple[str, ...]:
    a, b = json.loads(log), json.loads(sim)
    keys = sorted((set(a) | set(b)) - {"hash"})
    return tuple(k for k in keys if a.get(k, ...) != b.get(k, ...))


def _type_of(line: str) -> str:
    return str(json.loads(line).get("type", "?"))


def _stamped(raw: Iterator[Event | NightOutcome], version: str) -> Iterator[Event | NightOutcome]:
    """The simulation's events with the header's `nightsim` set to `version`."""
    for item in raw:
        if isinstance(item, NightHeader):
            item = item.model_copy(update={"nightsim": version})
        yield item


def _older_format(version: int, header: NightHeader, reader: Iterator[LogLine]) -> Verdict:
    """Read the rest of an older-format log (every check of its own format) without
    re-simulating it: this nightsim's lines are format 2."""
    events = 1 + sum(1 for _ in reader)
    return Verdict(
        events=events,
        nights=header.nights,
        seed=header.seed,
        seed_sha256=header.seed_sha256,
        seed_matches=seed_sha256(header.seed) == header.seed_sha256,
        notes=(),
        mismatch=None,
        older_format=(version, header.nightsim),
    )


def _notes(header: NightHeader) -> list[str]:
    """What the verdict says besides match or mismatch: another version, older dice.
    An older generator is re-rolled as it was (a log keeps verifying when the default dice
    change); one this nightsim does not know cannot be: UnknownDice, not a mismatch."""
    notes = []
    if header.nightsim != __version__:
        notes.append(
            # The header's text, a forger's to choose: escaped and cut like any echoed input.
            f"the log was written by nightsim {shown(header.nightsim, quote=False)}, this is"
            f" nightsim"
            f" {__version__}: a difference may come from the version, not from tampering"
        )
    check_rng(header.rng)
    if header.rng != RNG_ID:
        notes.append(
            f"the log's dice are {shown(header.rng)} (this nightsim's own are {RNG_ID!r}):"
            " re-simulated with the log's"
        )
    return notes


def _resimulated(header: NightHeader) -> Iterator[str]:
    """The log lines this nightsim writes for the header's config, seed, nights and dice."""
    try:
        config = config_from_data(upgrade_legacy(header.config))
    except ConfigError as exc:
        raise BrokenLog(1, f"the header's config is not valid: {exc}") from None
    raw = iter_raw(config, header.seed, header.nights, header.rng)
    if header.nightsim != __version__:
        # The version is the header's metadata, not the night: stamp the log's own, or its
        # header (and, through the chain, every hash after it) could never match.
        raw = _stamped(raw, header.nightsim)
    return iter_log_lines(raw)


def verify_lines(lines: Iterable[str | bytes]) -> Verdict:
    """Check the log (as `iter_log` does) and compare it with a fresh simulation.

    Raises NotALog / BrokenLog when the log itself is not intact (a verified log must be),
    NotALog when its header asks for more nights than a run writes, UnknownDice when it
    names dice this nightsim cannot roll.
    """
    reader = iter_log(lines)
    first = next(reader)
    header = first.event
    assert isinstance(header, NightHeader)  # iter_log guarantees line 1 is the header
    if first.version != LOG_VERSION:
        return _older_format(first.version, header, reader)
    if header.nights > MAX_NIGHTS:
        # No run writes more (README "Limits"): a forged or foreign header, refused as input
        # before a simulation that would refuse it with a traceback.
        raise NotALog(
            1,
            f"night.header: nights {header.nights} is past the limit of {MAX_NIGHTS} nights"
            " a run writes: this nightsim cannot re-simulate it",
        )
    notes = _notes(header)
    sim = _resimulated(header)

    def verdict(events: int, mismatch: Mismatch | None, head: str | None = None) -> Verdict:
        return Verdict(
            events=events,
            nights=header.nights,
            seed=header.seed,
            seed_sha256=header.seed_sha256,
            seed_matches=seed_sha256(header.seed) == header.seed_sha256,
            notes=tuple(notes),
            mismatch=mismatch,
            head=head,
        )

    matched, head = 0, None
    for line in itertools.chain([first], reader):
        head = line.event.hash
        expected = next(sim, None)
        if expected != line.text:
            fields = _differing(line.text, expected) if expected is not None else ()
            return verdict(
                matched, Mismatch(line.number - 1, line.event.type, line.text, expected, fields)
            )
        matched += 1
    extra = next(sim, None)
    if extra is not None:
        return verdict(matched, Mismatch(matched, _type_of(extra), None, extra, ()), head)
    return verdict(matched, None, head)


HEAD = re.compile(r"[0-9a-f]{64}")


def parse_head(text: str) -> str:
    """A published chain head: 64 hex digits (any case: it may have been copied by hand)."""
    head = text.strip().lower()
    if not HEAD.fullmatch(head):
        raise ValueError("expected the 64 hex digits of a SHA-256 hash, as `run` prints it")
    return head


def head_problem(verdict: Verdict, expected: str) -> str | None:
    """Why the log does not end at the published head `expected` (None: it does).

    The chain alone cannot see a journey cut short whose header's `nights` was edited and
    every hash recomputed: re-simulation agrees with it too. The head read out at the table
    (`run` prints it) pins where the log ends: any line cut, added or changed gives another.
    """
    if verdict.head == expected:
        return None
    return f"the log ends at hash {verdict.head}, not at the expected head {expected}"
