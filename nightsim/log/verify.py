"""Verification: re-simulate a log's night from its header and compare event by event.

The chain (logread) proves a log was not changed *after* it was written; it cannot prove the
log is what nightsim wrote: a forger can edit a line and recompute every hash after it. The
header carries the fully resolved config, the seed and the journey length
(docs/log-format.md, `night.header`), so the night can be run again and each line compared
with the one the simulation writes through the same structlog pipeline (log.iter_log_lines).
Both sides stream; nothing is held whole.

A log of an older format (format 1, nightsim 0.1.0) is not re-simulated: this nightsim writes
format 2, so every line would differ. Its chain and shape are checked all the same, and the
verdict names the nightsim version that wrote it (the header's `nightsim`), which re-simulates
it. So is a log this nightsim cannot play (docs/log-format.md, "Editions"): a rules edition
it no longer plays or does not know yet, or a later release's log that holds what this one
does not know (a config key, a field, an event type, dice); its verdict (`Elsewhere`) names
the release that re-simulates it. Neither is a forgery: exit 1 is kept for a log the chain,
its end or the dice contradict.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from nightsim import __version__, heads
from nightsim.config import Config, config_from_data, header_config
from nightsim.editions import (
    is_later,
    played,
    plays,
    release_for,
    resimulate_command,
    series,
)
from nightsim.engine.dice import RNG_ID, RNG_IDS, check_rng, seed_sha256
from nightsim.engine.journey import iter_raw
from nightsim.engine.outcome import NightOutcome
from nightsim.errors import BrokenLog, ConfigError, NotALog
from nightsim.events import FIRST_EDITION, LOG_VERSION, Event, NightHeader
from nightsim.limits import MAX_NIGHTS, shown
from nightsim.log.reader import LogLine, Skipped, foreign, iter_entries
from nightsim.log.watches import WatchTrail
from nightsim.log.writer import canonical_bytes, iter_log_lines
from nightsim.told import Said


@dataclass(frozen=True)
class Mismatch:
    """The first event that differs: the log's line and the simulation's (None: absent)."""

    seq: int
    type: str
    log: str | None
    sim: str | None
    fields: tuple[str, ...]  # top-level fields that differ, `hash` left out
    # Whose watch it was on each side at this line (log.watches: None before the rota
    # starts, "" for nobody on watch): a verdict names it (docs/disputes.md).
    log_watch: str | None = None
    sim_watch: str | None = None


@dataclass(frozen=True)
class Elsewhere:
    """A log this nightsim does not re-simulate, its chain checked: why, and the release
    series that re-simulates it (None: a later one than any this nightsim can name)."""

    why: str
    release: str | None

    @property
    def which(self) -> str:
        """The release that plays it, for a sentence: "nightsim 0.5", "a later release"."""
        return self.which_in("en")

    def which_in(self, lang: str) -> str:
        from nightsim.narration.catalogue import Catalogue

        t = Catalogue(lang)
        if self.release is None:
            return t("elsewhere.later")
        return t("elsewhere.release", release=self.release)

    def line(self, log: str, lang: str = "en") -> str:
        """The one line `verify` prints, naming the command that re-simulates `log`, in
        `lang` (`why` is a message by code, nightsim/told.py)."""
        from nightsim.narration.catalogue import Catalogue
        from nightsim.told import in_lang

        return Catalogue(lang)(
            "elsewhere.line",
            why=in_lang(self.why, lang),
            which=self.which_in(lang),
            command=resimulate_command(self.release, log),
        )


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
    # The hash of the log's last line, the chain's head: the log is read to its end even past
    # a difference, so that `--head` is checked first, whatever else the verdict says.
    head: str | None = None
    # A log of format 2 this nightsim cannot play (an edition, a later release's additions):
    # checked (chain, shape), not re-simulated.
    elsewhere: Elsewhere | None = None
    # The header's dice and the release that wrote the log: the seed commitment binds the
    # seed, not them, so verify names both beside it (docs/disputes.md, "The seed
    # commitment"): a log rolled with older dice than the agreed release is not the night.
    rng: str = ""
    nightsim: str = ""
    # The SHA-256 of the header's config (canonical JSON): the fingerprint `check` printed
    # before the session, for `--config-sha256` (config.fingerprint).
    config_sha256: str = ""
    # The header's rules edition: a published block binds it with the dice (log.binding).
    edition: int = 0
    # The differing events, the first of them `mismatch`, up to SHOWN of them; `more`: how
    # many more differ past those (a forged field cascades down a night: it is counted, not
    # told line by line).
    differences: tuple[Mismatch, ...] = ()
    more: int = 0

    @property
    def ok(self) -> bool:
        return (
            self.seed_matches
            and self.mismatch is None
            and self.older_format is None
            and self.elsewhere is None
        )

    @property
    def older_format_line(self) -> str | None:
        """One line for a log of an older format: what was checked, what can re-simulate it."""
        if self.older_format is None:
            return None
        version, by = self.older_format[0], shown(self.older_format[1], quote=False)
        return Said("elsewhere.older_line", version=version, by=by)


def _differing(log: str, sim: str) -> tuple[str, ...]:
    a, b = json.loads(log), json.loads(sim)
    keys = sorted((set(a) | set(b)) - {"hash"})
    return tuple(k for k in keys if a.get(k, ...) != b.get(k, ...))


def _type_of(line: str) -> str:
    return str(json.loads(line).get("type", "?"))


@dataclass
class Replayed:
    """What a re-simulation played: its config and each night's outcome, in order."""

    config: Config | None = None
    outcomes: list[NightOutcome] = field(default_factory=list)


def _as_written(
    raw: Iterator[Event | NightOutcome],
    header: NightHeader,
    replayed: Replayed | None = None,
) -> Iterator[Event | NightOutcome]:
    """The simulation's events with its header's metadata as the log has it: the `nightsim`
    version, the `config` and `resolved` as they were written (a key added since, or a
    resolved key added since, is not in them), and a campaign night's `campaign` link.
    logread.check_header has shown they are the config the night is played from; stamped,
    the header and (through the chain) every hash after it compare byte for byte."""
    stamp = {
        "nightsim": header.nightsim,
        "config": header.config,
        "resolved": header.resolved,
        # A campaign night's link (docs/campaign.md) is the campaign's, not the dice's: it
        # is carried as written, and `campaign verify` checks it against the ledger.
        "campaign": header.campaign,
    }
    for item in raw:
        if isinstance(item, NightHeader):
            item = item.model_copy(update=stamp)
        elif replayed is not None and isinstance(item, NightOutcome):
            replayed.outcomes.append(item)
        yield item


def _drained(last: LogLine | Skipped, reader: Iterator[LogLine | Skipped]) -> tuple[int, str]:
    """Read the rest of the log (every check of the reader): how many lines after `last`,
    and the chain's head."""
    count = 0
    for entry in reader:
        last, count = entry, count + 1
    return count, last.hash


def _older_format(
    version: int, header: NightHeader, first: LogLine, reader: Iterator[LogLine | Skipped]
) -> Verdict:
    """Read the rest of an older-format log (every check of its own format) without
    re-simulating it: this nightsim's lines are format 2."""
    rest, head = _drained(first, reader)
    return Verdict(
        events=1 + rest,
        nights=header.nights,
        seed=header.seed,
        seed_sha256=header.seed_sha256,
        seed_matches=seed_sha256(header.seed) == header.seed_sha256,
        notes=(),
        mismatch=None,
        older_format=(version, header.nightsim),
        head=head,
        config_sha256=_config_sha256(header.config),
        rng=header.rng,
        nightsim=header.nightsim,
        edition=header.edition,
    )


def read_header(line: str | bytes) -> tuple[NightHeader, Elsewhere | None]:
    """A log's first line through the reader's checks (NotALog / BrokenLog at a fault) and
    the compatibility rules: its header, and why this nightsim does not play it (None: it
    does). The one door to a header for whatever holds logs of its own (the campaign: every
    night's header), so that a night this nightsim cannot play is sent to the release that
    plays it there as `verify` sends it, never called edited (docs/log-format.md,
    "Editions")."""
    if isinstance(line, bytes):
        line = line if line.endswith(b"\n") else line + b"\n"
    else:
        line = line if line.endswith("\n") else line + "\n"
    first = next(iter_entries([line]))  # line 1 is checked whole before it is yielded
    assert isinstance(first, LogLine)  # the reader's line 1 is always the header
    header = first.event
    assert isinstance(header, NightHeader)
    if first.version != LOG_VERSION:
        return header, Elsewhere(
            Said(
                "elsewhere.older",
                version=first.version,
                by=shown(header.nightsim, quote=False),
            ),
            series(header.nightsim),
        )
    return header, elsewhere(first)


def surely_played(data: Mapping[str, Any]) -> bool:
    """The door's quick test, on a header's JSON before any check: True when this nightsim
    plays it whatever else the header holds (a rules edition it plays, written by this
    release or an earlier one), so `elsewhere` has nothing to say of it; False: ask
    `read_header`. Lets the campaign pass a thousand nights' headers in milliseconds."""
    edition, by = data.get("edition", FIRST_EDITION), data.get("nightsim")
    return (
        isinstance(edition, int)
        and not isinstance(edition, bool)
        and plays(edition)
        and isinstance(by, str)
        and not is_later(by)
    )


def elsewhere(first: LogLine) -> Elsewhere | None:
    """Why this nightsim cannot re-simulate a format-2 log, from its header line (None: it
    can): an edition it does not play, or a later release's header with what this one does
    not know (the reader left it out: `first.ignored`), or dice it cannot roll. `verify` and
    `read_header` both ask here."""
    header = first.event
    assert isinstance(header, NightHeader)
    by = f"nightsim {header.nightsim}"
    later = series(header.nightsim) if is_later(header.nightsim) else None
    if not plays(header.edition):
        retired = release_for(header.edition)
        code = "elsewhere.retired" if retired is not None else "elsewhere.edition"
        return Elsewhere(
            Said(code, by=by, edition=header.edition, this=__version__, plays=played()),
            retired if retired is not None else later,
        )
    if later is None:
        return None
    if first.ignored:
        return Elsewhere(
            Said("elsewhere.fields", by=by, names=_names(first.ignored), this=__version__),
            later,
        )
    if header.rng not in RNG_IDS:
        return Elsewhere(
            Said("elsewhere.dice", by=by, dice=shown(header.rng), this=__version__),
            later,
        )
    return None


def _unknown_line(header: NightHeader, entry: LogLine | Skipped) -> Elsewhere | None:
    """A line this nightsim does not know ends the comparison (its own lines would differ
    from there on, hashes and all): an event type it does not know, or (in a later
    release's log) fields it does not know. None: the line is compared."""
    if isinstance(entry, Skipped):
        said = Said(
            "elsewhere.line_type", line=entry.number, type=shown(entry.type), this=__version__
        )
    elif entry.ignored and foreign(header):
        names = _names(entry.ignored)
        said = Said("elsewhere.line_fields", line=entry.number, names=names, this=__version__)
    else:
        return None
    later = series(header.nightsim) if is_later(header.nightsim) else None
    return Elsewhere(said, later)


def _names(names: tuple[str, ...]) -> str:
    return ", ".join(repr(n) for n in names)


def _notes(header: NightHeader) -> list[str]:
    """What the verdict says besides match or mismatch: another version, older dice.
    An older generator is re-rolled as it was (a log keeps verifying when the default dice
    change); one this nightsim does not know cannot be: UnknownDice, not a mismatch."""
    notes: list[str] = []
    if header.nightsim != __version__:
        notes.append(
            # The header's text, a forger's to choose: escaped and cut like any echoed input.
            Said("note.version", by=shown(header.nightsim, quote=False), this=__version__)
        )
    check_rng(header.rng)
    if header.rng != RNG_ID:
        notes.append(Said("note.dice", dice=shown(header.rng), own=repr(RNG_ID)))
    return notes


def _resimulated(header: NightHeader, replayed: Replayed | None = None) -> Iterator[str]:
    """The log lines this nightsim writes for the header's config, seed, nights, dice and
    rules edition, its header as the log has it."""
    try:
        config = config_from_data(header_config(header.config)[0])
    except ConfigError as exc:
        raise BrokenLog(1, f"the header's config is not valid: {exc}") from None
    raw = iter_raw(config, header.seed, header.nights, header.rng, edition=header.edition)
    if replayed is not None:
        replayed.config = config
    return iter_log_lines(_as_written(raw, header, replayed))


def verify_lines(lines: Iterable[str | bytes], replayed: Replayed | None = None) -> Verdict:
    """Check the log (as `iter_log` does) and compare it with a fresh simulation.

    Raises NotALog / BrokenLog when the log itself is not intact (a verified log must be),
    NotALog when its header asks for more nights than a run writes; UnknownDice when its
    header names dice this nightsim cannot roll (and is not a later release's: then the
    verdict sends it there).

    `replayed`, when given, receives the config re-simulated and each night's outcome
    (`campaign verify` carries a night's morning into the next without playing it again).
    """
    reader = iter_entries(lines)
    first = next(reader)
    assert isinstance(first, LogLine)  # iter_log guarantees line 1 is the header
    header = first.event
    assert isinstance(header, NightHeader)
    if first.version != LOG_VERSION:
        return _older_format(first.version, header, first, reader)
    other = elsewhere(first)
    if other is not None:
        rest, head = _drained(first, reader)
        return _verdict(header, 1 + rest, elsewhere=other, head=head)
    if header.nights > MAX_NIGHTS:
        # No run writes more (docs/limits.md): a forged or foreign header, refused as input
        # before a simulation that would refuse it with a traceback.
        raise NotALog(
            1,
            f"night.header: nights {header.nights} is past the limit of {MAX_NIGHTS} nights"
            " a run writes: this nightsim cannot re-simulate it",
        )
    return _compared(header, itertools.chain([first], reader), replayed)


def _config_sha256(config: dict[str, Any]) -> str:
    """config.fingerprint.data_sha256: the SHA-256 of the same JCS bytes, by the writer's
    faster road to them (tests/log/test_canonical.py); a campaign's verify makes a verdict
    every night."""
    return hashlib.sha256(canonical_bytes(config)).hexdigest()


def _verdict(header: NightHeader, events: int, **rest: Any) -> Verdict:
    return Verdict(
        events=events,
        nights=header.nights,
        seed=header.seed,
        seed_sha256=header.seed_sha256,
        seed_matches=seed_sha256(header.seed) == header.seed_sha256,
        rng=header.rng,
        nightsim=header.nightsim,
        config_sha256=_config_sha256(header.config),
        edition=header.edition,
        notes=rest.pop("notes", ()),
        mismatch=rest.pop("mismatch", None),
        **rest,
    )


# The differing events a verdict tells one by one; past them it says how many more.
SHOWN = 5


class _Differences:
    """The differing lines of a comparison: the first SHOWN kept, the rest counted."""

    def __init__(self) -> None:
        self.kept: list[Mismatch] = []
        self.more = 0

    def add(self, m: Mismatch) -> None:
        if len(self.kept) < SHOWN:
            self.kept.append(m)
        else:
            self.more += 1

    def outcome(self) -> dict[str, Any]:
        first = self.kept[0] if self.kept else None
        return {"mismatch": first, "differences": tuple(self.kept), "more": self.more}


def _actor(data: dict[str, Any]) -> object:
    return data.get("actor")


def _compared(
    header: NightHeader,
    entries: Iterator[LogLine | Skipped],
    replayed: Replayed | None = None,
) -> Verdict:
    """Every line against the simulation's, to the log's end (its head). Past the first
    difference the comparison goes on without the hashes (a forger's re-chaining changes
    every one after an edit), so that each line that differs in what it says is counted."""
    notes = tuple(_notes(header))
    sim = _resimulated(header, replayed)
    found = _Differences()
    said, played = WatchTrail(), WatchTrail()
    matched, head, read = 0, None, 0
    for entry in entries:
        read = entry.number
        other = _unknown_line(header, entry)
        if other is not None:
            _, head = _drained(entry, entries)
            return _verdict(header, matched, notes=notes, elsewhere=other, head=head)
        assert isinstance(entry, LogLine)  # a Skipped line is one _unknown_line names
        head = entry.hash
        expected = next(sim, None)
        log_watch = said.seen(entry.event.type, getattr(entry.event, "actor", None))
        if expected == entry.text:
            played.seen(entry.event.type, getattr(entry.event, "actor", None))
            matched += 0 if found.kept else 1
            continue
        if expected is None:
            found.add(Mismatch(entry.number - 1, entry.event.type, entry.text, None, ()))
            continue
        data = json.loads(expected)
        sim_watch = played.seen(str(data.get("type", "?")), _actor(data))
        fields = _differing(entry.text, expected)
        if fields or not found.kept:
            m = Mismatch(entry.number - 1, entry.event.type, entry.text, expected, fields)
            found.add(_with_watches(m, log_watch, sim_watch))
    for seq, extra in enumerate(sim, start=read):
        found.add(Mismatch(seq, _type_of(extra), None, extra, ()))
    return _verdict(header, matched, notes=notes, head=head, **found.outcome())


def _with_watches(m: Mismatch, log_watch: str | None, sim_watch: str | None) -> Mismatch:
    return Mismatch(m.seq, m.type, m.log, m.sim, m.fields, log_watch, sim_watch)


def parse_head(text: str) -> str:
    """A published chain head, or a prefix of at least 12 of its hex digits (any case,
    spaces and dashes ignored: it may have been copied by hand); `heads.parse_head`."""
    return heads.parse_head(text)


def head_problem(verdict: Verdict, expected: str) -> str | None:
    """Why the log does not end at the published head `expected`, a prefix of one (None:
    it does).

    The chain alone cannot see a journey cut short whose header's `nights` was edited and
    every hash recomputed: re-simulation agrees with it too. The head read out at the table
    (`run` prints it) pins where the log ends: any line cut, added or changed gives another.
    """
    if verdict.head is not None and heads.matches(verdict.head, expected):
        return None
    what = "head" if len(expected) == heads.FULL else "head's first digits"
    return f"the log ends at hash {verdict.head}, not at the expected {what} {expected}"
