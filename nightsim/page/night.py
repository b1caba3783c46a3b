"""What the page of a night (or a journey) shows, section by section, built from the facts.

Each section takes its words from the terminal narration's own renderers (`header`,
`evening`, `hours`, `encounter`, `morning`, `journey` in `nightsim/narration/`), so the page
and the terminal tell the same night in the same words, in either language, and reveal the
same rolls at the same lines. Nothing here is HTML: the templates draw these frozen views.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never

from rich.text import Text

from nightsim import events as ev
from nightsim.narration import encounter, evening, header, hours, journey, morning
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import (
    EncounterFacts,
    HeaderFacts,
    HourFacts,
    JourneyFacts,
    MorningFacts,
    NightFacts,
    tell,
)
from nightsim.narration.night import head_lines
from nightsim.narration.sleep import STATES
from nightsim.narration.widgets import bedding, emphasise, roll_text
from nightsim.page import chart as journey_chart
from nightsim.page import timeline
from nightsim.page.segments import Segs, plain, segs
from nightsim.view import for_view


@dataclass(frozen=True)
class TableView:
    heads: tuple[str, ...]
    rows: tuple[tuple[Segs, ...], ...]
    numeric: tuple[bool, ...]  # per column: right-aligned


@dataclass(frozen=True)
class Timed:
    clock: str
    text: Segs


@dataclass(frozen=True)
class CampView:
    title: str
    lines: tuple[Segs, ...]
    party: TableView


@dataclass(frozen=True)
class EncounterView:
    title: str
    lines: tuple[Segs, ...]


@dataclass(frozen=True)
class HourView:
    title: str
    watch: Segs
    unwatched: bool
    who: tuple[Segs, ...]
    lines: tuple[Timed, ...]
    encounters: tuple[EncounterView, ...]


@dataclass(frozen=True)
class Morning:
    title: str
    table: TableView
    notes: tuple[Segs, ...]  # spells, then what dawn tells


@dataclass(frozen=True)
class NightView:
    anchor: str
    title: str
    evening_title: str
    evening: tuple[Timed, ...]
    chart: timeline.Chart | None
    hours_title: str
    hours: tuple[HourView, ...]
    morning: Morning


@dataclass(frozen=True)
class JourneyView:
    title: str
    table: TableView
    attacked: str
    hp: journey_chart.LineChart
    exhaustion: journey_chart.LineChart


@dataclass(frozen=True)
class NightPage:
    lang: str
    title: str
    camp: CampView | None
    nights: tuple[NightView, ...]
    journey: JourneyView | None
    words: dict[str, str]  # the chart's labels and legend, the footer
    # The chain head of a log's page (short, then in full); a night from simulate() has none.
    head: tuple[str, ...] = ()


def words(t: Catalogue) -> dict[str, str]:
    states = {s: t("strip." + s) for s in STATES}
    return states | {
        "fire": t("strip.fire"),
        "arrival": t("strip.arrival"),
        "events": t("page.events"),
        "hand_over": t("page.hand_over"),
        "missed": t("page.missed"),
        "doze": t("page.doze"),
        "surprised": t("page.surprised"),
        "rota_broke": t("page.rota_broke"),
        "event": t("page.event"),
        "timeline": t("page.timeline"),
        "how_to": t("page.keys"),
        "footer": t("page.footer"),
        "dawn_key": t("page.dawn_key"),
        "max_hp_key": t("page.max_hp_key"),
    }


def _named(text: str, names: Sequence[str]) -> Segs:
    return segs(emphasise(Text(text), names))


def camp(h: HeaderFacts, t: Catalogue) -> CampView:
    heads = (
        t("col.character"),
        t("abbr.con"),
        t("abbr.wis"),
        t("abbr.cha"),
        t("col.hp"),
        t("col.save_doom"),
        t("col.bedding"),
        t("col.spells"),
    )
    rows = tuple(
        tuple(
            segs(cell)
            for cell in (
                c.name,
                str(c.con),
                str(c.wis),
                str(c.cha),
                f"{c.hp}/{c.max_hp}",
                str(c.save_doom),
                bedding(c.bedroll, c.tent, t),
                ", ".join(map(t.spell, c.spells)) or "\u2014",
            )
        )
        for c in h.party
    )
    numeric = (False, True, True, True, True, True, False, False)
    return CampView(
        title=plain(_title(h, t)),
        lines=tuple(_named(line, h.names) for line in header.camp_lines(h, t)),
        party=TableView(heads, rows, numeric),
    )


def _title(h: HeaderFacts, t: Catalogue) -> str:
    seed = repr(h.seed) if isinstance(h.seed, str) else h.seed
    title = t("header.title", seed=seed, sha=h.commitment)
    if h.nights > 1:
        title += " \u00b7 " + t("header.journey", nights=h.nights)
    return title


def _encounter(e: EncounterFacts, names: Sequence[str], t: Catalogue) -> EncounterView:
    lines = tuple(_named(line, names) for line in encounter.encounter_lines(e, t))
    return EncounterView(t("enc.title", clock=e.clock), lines)


def _hour(h: HourFacts, names: Sequence[str], t: Catalogue) -> HourView:
    watch = emphasise(Text(hours.watch_words(h, t) + " \u00b7 " + hours.fire_words(h, t)), names)
    who = tuple(
        _named(hours.who_text(h, t, key, listed), names) for key, listed, _ in hours.who_parts(h)
    )
    return HourView(
        title=t("hour.title", start=h.start, end=h.end, hour=h.number),
        watch=segs(watch),
        unwatched=not all(turn.actor for turn in h.watch),
        who=who,
        lines=tuple(Timed(n.clock, segs(hours.night_line(n, t, names))) for n in h.lines),
        encounters=tuple(_encounter(e, names, t) for e in h.encounters),
    )


def _morning(m: MorningFacts, names: Sequence[str], t: Catalogue) -> Morning:
    heads = (
        t("col.character"),
        t("col.slept"),
        t("col.difficulty"),
        t("col.check"),
        t("col.rest"),
        t("col.hp"),
        t("col.exhaustion"),
    )
    rows = tuple(
        (
            segs(r.actor),
            segs(t.hm(r.slept_minutes)),
            segs(t.term("difficulty", r.difficulty)),
            segs(roll_text(r.check, t, purpose=False) if r.check else "\u2014"),
            segs(morning.verdict(r, t, False)),
            *(segs(x) for x in morning.hp_exhaustion(r)),
        )
        for r in m.rows
    )
    notes = [segs(morning.spells_line(r, t, names)) for r in m.rows if r.spells]
    notes += [segs(n) for n in morning.dawn_notes(m, t)]
    return Morning(
        title=t("morning.title", night=m.night, clock=m.clock),
        table=TableView(heads, rows, (False, True, False, False, False, True, True)),
        notes=tuple(notes),
    )


def night(n: NightFacts, t: Catalogue) -> NightView:
    t = t.with_pronouns(dict(n.pronouns), {name: dict(c) for name, c in n.forms})
    number = n.title.number if n.title is not None else n.morning.night
    return NightView(
        anchor=f"night-{number}",
        title=evening.title_text(n.title, t) if n.title is not None else "",
        evening_title=t("evening.title"),
        evening=tuple(Timed(e.clock, segs(evening.evening_line(e, t, n.names))) for e in n.evening),
        chart=timeline.chart(n, t),
        hours_title=t("night.hours_title"),
        hours=tuple(_hour(h, n.names, t) for h in n.hours),
        morning=_morning(n.morning, n.names, t),
    )


def _journey(j: JourneyFacts, t: Catalogue, max_hp: dict[str, int]) -> JourneyView:
    heads = (
        t("col.character"),
        t("col.rested"),
        t("col.hp_path"),
        t("col.exhaustion_path"),
        t("col.lost"),
        t("col.surprised"),
    )
    rows = tuple(
        tuple(
            segs(x)
            for x in (
                r.name,
                f"{r.rested}/{j.nights}",
                "\u2192".join(map(str, r.hp)),
                "\u2192".join(map(str, r.exhaustion)),
                str(r.lost),
                str(r.surprised),
            )
        )
        for r in j.rows
    )
    attacked = journey.attacked_text(j, t)
    return JourneyView(
        title=t("journey.title", nights=j.nights),
        table=TableView(heads, rows, (False, True, False, False, True, True)),
        attacked=attacked,
        hp=journey_chart.journey_lines(j, "hp", t("page.hp_chart"), t, max_hp),
        exhaustion=journey_chart.journey_lines(j, "exhaustion", t("page.exhaustion_chart"), t),
    )


def next_commitment(first: list[ev.Event], t: Catalogue) -> tuple[str, ...]:
    """A campaign night's page carries the next night's seed commitment (its header's
    `campaign.next_seed_sha256`), to publish with the head (docs/campaign.md)."""
    header = first[0] if first else None
    link = getattr(header, "campaign", None)
    sha = getattr(link, "next_seed_sha256", None)
    return (t("page.next_seed"), sha) if isinstance(sha, str) else ()


def page(
    events: Iterable[ev.Event],
    lang: str = "en",
    *,
    view: str = "referee",
    title: str | None = None,
) -> NightPage:
    """The page's sections from a log's events (header first), in the narration's language;
    `view` as the narration's (nightsim/view.py); `title` over the seed's own."""
    t = Catalogue(lang, view=view)
    head: CampView | None = None
    seed_title = "nightsim"
    max_hp: dict[str, int] = {}
    nights: list[NightView] = []
    trip: JourneyView | None = None
    last: list[ev.Event] = []

    first: list[ev.Event] = []

    def tracked() -> Iterable[ev.Event]:
        for event in events:
            if not first:
                first.append(event)
            last[:] = [event]
            yield event

    for f in tell(for_view(tracked(), view)):
        match f:
            case HeaderFacts():
                max_hp = {c.name: c.max_hp for c in f.party}
                head = camp(f, t)
                seed_title = head.title
            case NightFacts():
                nights.append(night(f, t))
            case JourneyFacts():
                trip = _journey(f, t, max_hp)
            case _:
                assert_never(f)
    chain: tuple[str, ...] = ()
    if last and last[0].hash is not None:
        chain = head_lines(last[0].hash, t) + next_commitment(first, t)
    shown = title if title is not None else seed_title
    return NightPage(lang, shown, head, tuple(nights), trip, words(t), chain)
