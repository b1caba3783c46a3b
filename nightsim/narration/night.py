"""The night told at the table: events -> facts (pass one) -> rich renderables (pass two).

`narrate_blocks(events)` yields `Block`s in reading order, one night at a time (so a long journey
streams): the header, then per night its title, the evening, each hour of the rest period,
the encounter panel right after the hour it happened in, the timeline strip and the morning
table; after the last night of a journey, the journey's summary; last, for a log (events that
carry their hashes), the chain's head, the last line's hash, which a referee reads out at the
table (`verify LOG --head HASH`; a night from `simulate()` has no chain, so no head). Pass
one (`facts.tell`) decides what each section knows and what is revealed when; each section's
renderer (`header`, `evening`, `hours`, `encounter`, `strip`, `morning`, `journey`) only
reads those frozen facts, so no section depends on another having been rendered first.
Nothing is printed here: the CLI prints the blocks to a console (and, with --step, waits
between the hours).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Literal, assert_never

from rich.console import Group, RenderableType
from rich.text import Text

from nightsim import events as ev
from nightsim.heads import short_head
from nightsim.narration import encounter, evening, header, hours, journey, morning, strip
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import Facts, HeaderFacts, JourneyFacts, NightFacts, tell
from nightsim.narration.safe import printable
from nightsim.narration.view import for_view
from nightsim.narration.widgets import Responsive

Kind = Literal[
    "header", "night", "evening", "hour", "encounter", "strip", "morning", "journey", "head"
]


@dataclass(frozen=True)
class Block:
    """One piece of the narration; `kind` lets the CLI pause between hours (--step)."""

    kind: Kind
    body: RenderableType


def night_blocks(
    n: NightFacts, t: Catalogue, *, quiet: bool = False, numbered: bool = False
) -> Iterator[Block]:
    """One night's blocks; with `quiet`, only the encounter and the morning. `numbered`:
    the encounter panel names its night (a campaign night's)."""
    if not quiet:
        if n.title is not None:
            yield Block("night", evening.title(n.title, t))
        yield Block("evening", evening.render(n.evening, n.names, t))
        yield Block("hour", hours.heading(t))
    for h in n.hours:
        if not quiet:
            yield Block("hour", hours.render(h, n.names, t))
        for e in h.encounters:
            night = n.morning.night if numbered else None
            yield Block("encounter", encounter.render(e, n.names, t, night=night))
    if n.track is not None:
        yield Block("strip", strip.section(n.track, t))
    yield Block("morning", morning.render(n.morning, n.names, t))


def blocks(facts: Iterable[Facts], t: Catalogue, *, quiet: bool = False) -> Iterator[Block]:
    """Pass two: the blocks of already gathered facts (the same facts give the same blocks)."""
    numbered = False
    for f in facts:
        match f:
            case HeaderFacts():
                numbered = f.campaign
                if not quiet:
                    yield Block("header", header.render(f, t))
            case NightFacts():
                grammar = t.with_pronouns(dict(f.pronouns), {n: dict(c) for n, c in f.forms})
                yield from night_blocks(f, grammar, quiet=quiet, numbered=numbered)
            case JourneyFacts():
                yield Block("journey", journey.render(f, t))
            case _:
                assert_never(f)


def narrate_blocks(
    events: Iterable[ev.Event], *, lang: str = "en", quiet: bool = False, view: str = "referee"
) -> Iterator[Block]:
    """The narration of a log's events, block by block; one night is held at a time.
    `view`: "referee" (everything) or "players" (what the characters know, view.py)."""
    t = Catalogue(lang, view=view)
    last: list[ev.Event] = []

    def tracked() -> Iterator[ev.Event]:
        for event in events:
            last[:] = [event]
            yield printable(event)  # a forged log's strings are told as text (safe.py)

    yield from blocks(tell(for_view(tracked(), view), quiet=quiet), t, quiet=quiet)
    if last and last[0].hash is not None:
        # The head pins where the log ends: `verify --head` fails a log cut short (and its
        # header's `nights` edited) even when every hash was recomputed.
        yield Block("head", head_block(last[0].hash, t))


def head_block(head: str, t: Catalogue) -> RenderableType:
    """The head's two lines; where "in full: <hash>" does not fit the width, the hash goes
    whole on a line of its own, never wrapped: a copied hash holds no newline (printed
    with `crop=False`, cli/render.py)."""
    short, full = head_lines(head, t)

    def build(width: int) -> RenderableType:
        if len(full) <= width:
            return Text(f"{short}\n{full}")
        label = t("chain.full", hash="").rstrip()
        return Group(Text(f"{short}\n{label}"), Text(head, no_wrap=True, overflow="ignore"))

    return Responsive(build)


def head_lines(head: str, t: Catalogue) -> tuple[str, str]:
    """The head to write down (its first 12 hex digits, which `verify --head` takes), then in
    full, for a copy and paste."""
    return t("chain.head", short=short_head(head)), t("chain.full", hash=head)
