"""The campaign page: every night of a campaign in one self-contained file.

`campaign_html(title, nights, adjustments, lang=)` takes each night's log lines (a one-night
log as `nightsim run` writes it, as the campaign ledger keeps it) and the adjustments made
between nights, and returns the page: the campaign at a glance, a table of the nights with
the adjustments in their places, each character's HP and exhaustion over the whole campaign,
and each night's own page (what `night_html` shows) in a `<details>` the table links to.

Every log is read by the project's own reader (`log.reader.iter_log`: chain, order, form,
end) and told by the narration's facts layer, as `replay --format html` does; nothing here
knows a rule. A night is numbered by its place in the campaign (the facts layer reads the
same number from the log's campaign link). The page runs no script (its policy allows none)
and makes no request; every title, name, note and `--set` item is printed escaped (Jinja2
autoescaping), so text stays text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from nightsim.errors import LogError
from nightsim.heads import short_head
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.evening import when_text
from nightsim.narration.facts import HeaderFacts, NightFacts, tell
from nightsim.page import night as night_page
from nightsim.page.campaign_chart import CampaignChart, CampaignSeries, Sample, campaign_lines
from nightsim.page.night import CampView, NightView, TableView
from nightsim.page.segments import segs
from nightsim.view import REFEREE, for_view

# Beyond this many nights each night's section leaves out its timeline chart (the largest
# part of a night's page): 1,000 full nights would make a file of ~30 MB (docs/table.md).
COMPACT_NIGHTS = 200


class MemberNow(Protocol):
    """A character as the campaign holds them now (nightsim.campaign's `PartyMember`)."""

    @property
    def name(self) -> str: ...
    @property
    def hp(self) -> int: ...
    @property
    def max_hp(self) -> int: ...
    @property
    def exhaustion(self) -> int: ...


@dataclass(frozen=True)
class AdjustmentView:
    """An adjustment between nights, as the ledger recorded it."""

    after_night: int  # 0 = before night 1
    items: tuple[str, ...]  # the --set items as given, e.g. "party.Wren.hp=3"
    note: str


@dataclass(frozen=True)
class NightRow:
    number: int
    anchor: str
    date: str
    camp: str
    watched: str
    encounter: str
    attacked: bool
    rested: str
    head: str
    short: str
    void: str | None = None  # the void entry's note (`campaign void`): struck through


@dataclass(frozen=True)
class AdjustRow:
    when: str
    items: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    head: str
    short: str
    head_line: str  # the terminal's own words for it
    camp: CampView
    night: NightView


@dataclass(frozen=True)
class CampaignPage:
    lang: str
    title: str
    glance: tuple[str, ...]
    last_head: str
    party: TableView | None
    heads: tuple[str, ...]  # the nights table's column headings
    rows: tuple[NightRow | AdjustRow, ...]
    charts: tuple[CampaignChart, ...]
    compact: str  # why the sections are compact; "" when they are not
    sections: tuple[Section, ...]
    words: dict[str, str]
    # Whether every night shown was re-simulated when the page was made, in words
    # (docs/campaign.md, "The page").
    checked: str = ""


@dataclass(frozen=True)
class _Night:
    number: int
    header: HeaderFacts
    facts: NightFacts
    head: str


def read_night(number: int, lines: Sequence[str], view: str = REFEREE) -> _Night:
    """One night's log read and checked by the project's reader, told as facts; a log that
    fails its checks raises its LogError, its message naming the night as `campaign verify`
    does ("night 4's log is broken: line 6: …"). `view`: whose (nightsim/view.py)."""
    from nightsim.log.reader import iter_log

    try:
        events = [line.event for line in iter_log(text + "\n" for text in lines)]
    except LogError as exc:  # worded as `campaign verify` words it
        raise type(exc)(None, f"night {number}'s log is broken: {exc}") from None
    header: HeaderFacts | None = None
    facts: NightFacts | None = None
    for f in tell(for_view(events, view)):
        if isinstance(f, HeaderFacts):
            header = f
        elif isinstance(f, NightFacts) and facts is None:
            facts = f
    if header is None or facts is None:  # iter_log accepts no log without both
        raise ValueError(f"night {number}: the log tells no night")
    head = events[-1].hash or ""
    # The ledger's place wins over the header's link if they ever disagree (verify names it).
    if facts.title is not None:
        facts = facts._replace(title=facts.title._replace(number=number))
    facts = facts._replace(morning=facts.morning._replace(night=number))
    return _Night(number, header, facts, head)


def _date(n: _Night, t: Catalogue) -> str:
    if n.facts.title is not None:
        return when_text(n.facts.title, t)
    return t.term("season", n.header.season)


def _camp(h: HeaderFacts, t: Catalogue) -> str:
    if h.terrain is not None:
        where = t.term("terrain", h.terrain)
    else:
        where = t("campaignpage.chance", chance=h.chance)
    weather = t.term("weather", h.weather) if h.weather else t("campaignpage.weather_custom")
    return t("campaignpage.camp", terrain=where, weather=weather)


def _watched(f: NightFacts) -> tuple[str, ...]:
    """Who stood a watch that night, in the order they first took it (the log's spans)."""
    seen = dict.fromkeys(turn.actor for h in f.hours for turn in h.watch if turn.actor)
    return tuple(name for name in seen if name is not None)


def _encounter(f: NightFacts, t: Catalogue) -> str:
    told = [
        t("campaignpage.encounter", creature=t.creature(e.creature), clock=e.clock)
        if e.creature
        else t("campaignpage.encounter_unnamed", clock=e.clock)
        for h in f.hours
        for e in h.encounters
    ]
    return "; ".join(told) or t("campaignpage.none")


def night_row(n: _Night, t: Catalogue) -> NightRow:
    rested = tuple(r.actor for r in n.facts.morning.rows if r.full_rest)
    encounter = _encounter(n.facts, t)
    return NightRow(
        number=n.number,
        anchor=f"night-{n.number}",
        date=_date(n, t),
        camp=_camp(n.header, t),
        watched=t.names(_watched(n.facts)),
        encounter=encounter,
        attacked=any(h.encounters for h in n.facts.hours),
        rested=t.names(rested),
        head=n.head,
        short=short_head(n.head),
    )


def _void_items(items: Sequence[str], t: Catalogue) -> tuple[str, ...]:
    """A void entry's item in words ("void night 5"), not its stored state."""
    from nightsim.campaign.chain import VOID

    return tuple(
        t("cshow.void_item", night=item[len(VOID) :].partition(" ")[0])
        if item.startswith(VOID)
        else item
        for item in items
    )


def adjust_row(a: AdjustmentView, nights: int, t: Catalogue) -> AdjustRow:
    if a.after_night == 0:
        when = t("campaignpage.adjust_first")
    elif a.after_night < nights:
        when = t("campaignpage.adjust_between", night=a.after_night, next=a.after_night + 1)
    else:
        when = t("campaignpage.adjust_after", night=a.after_night)
    return AdjustRow(when, _void_items(a.items, t), a.note)


def section(n: _Night, t: Catalogue, compact: bool) -> Section:
    view = night_page.night(n.facts, t)
    if compact:
        view = replace(view, chart=None)
    return Section(
        anchor=view.anchor,
        title=view.title,
        head=n.head,
        short=short_head(n.head),
        head_line=t("chain.head", short=short_head(n.head)),
        camp=night_page.camp(n.header, t),
        night=view,
    )


class _Tracks:
    """Each character's HP and exhaustion, night after night, as the charts' samples: the
    value a night began with (the header's HP; the morning's exhaustion before) at the
    night's start, the morning's at its end; a night without them ends their stretch."""

    def __init__(self, t: Catalogue) -> None:
        self.t = t
        self.order: dict[str, None] = {}
        self.max_hp: dict[str, int] = {}
        self.hp: dict[str, list[list[Sample]]] = {}
        self.exhaustion: dict[str, list[list[Sample]]] = {}
        self.last: dict[str, int] = {}  # the last night each character was in

    def add(self, n: _Night) -> None:
        start = {m.name: m for m in n.header.party}
        for r in n.facts.morning.rows:
            member = start.get(r.actor)
            if member is None or r.hp is None:
                continue
            self.order.setdefault(r.actor)
            self.max_hp[r.actor] = member.max_hp
            fresh = self.last.get(r.actor) != n.number - 1
            self.last[r.actor] = n.number
            before = r.exhaustion if r.exhaustion_before is None else r.exhaustion_before
            self._put(self.hp, r.actor, n.number, (r.hp[0], r.hp[1]), fresh)
            self._put(self.exhaustion, r.actor, n.number, (before, r.exhaustion), fresh)

    def _put(
        self,
        track: dict[str, list[list[Sample]]],
        name: str,
        night: int,
        values: tuple[int, int],
        fresh: bool,
    ) -> None:
        stretches = track.setdefault(name, [])
        if fresh or not stretches:
            stretches.append([])
        stretch = stretches[-1]
        began, ended = values
        if not stretch or stretch[-1].value != began:
            when = (
                self.t("page.start")
                if night == 1
                else self.t("campaignpage.before_night", night=night)
            )
            stretch.append(Sample(night - 1, began, self._tip(name, when, began)))
        when = self.t("page.after_night", night=night)
        stretch.append(Sample(night, ended, self._tip(name, when, ended)))

    def _tip(self, name: str, when: str, value: int) -> str:
        return self.t("page.point", actor=name, when=when, value=value)

    def charts(self, nights: int) -> tuple[CampaignChart, ...]:
        t = self.t
        out = []
        for key, track in (("hp", self.hp), ("exhaustion", self.exhaustion)):
            series = [
                CampaignSeries(
                    name,
                    t("campaignpage.legend", name=name, max_hp=self.max_hp[name]),
                    tuple(tuple(s) for s in track[name]),
                )
                for name in self.order
            ]
            values = [p.value for s in series for st in s.stretches for p in st]
            vmax = max([1, *values, *(self.max_hp.values() if key == "hp" else ())])
            title = t(f"campaignpage.{key}_chart")
            out.append(campaign_lines(title, t("campaignpage.axis"), series, nights, vmax))
        return tuple(out)


def _party(
    told: Sequence[_Night], t: Catalogue, now: Sequence[MemberNow] | None = None
) -> TableView | None:
    """Each character after the last night they were in: HP of max, exhaustion, and the
    nights they rested fully. `now`: the campaign's party as it stands (`campaign show`'s),
    whose HP and exhaustion are the ones shown, an adjustment after the last night included:
    one source for the party's state (docs/campaign.md)."""
    if not told and not now:
        return None
    rows: dict[str, tuple[str, ...]] = {}
    rested: dict[str, int] = {}
    present: dict[str, int] = {}
    for n in told:
        top = {m.name: m.max_hp for m in n.header.party}
        for r in n.facts.morning.rows:
            present[r.actor] = present.get(r.actor, 0) + 1
            rested[r.actor] = rested.get(r.actor, 0) + int(r.full_rest)
            hp = f"{r.hp[1]}/{top.get(r.actor, '?')}" if r.hp else "\u2014"
            rows[r.actor] = (r.actor, hp, str(r.exhaustion), str(n.number))
    if now is not None:
        rows = {
            m.name: (
                m.name,
                f"{m.hp}/{m.max_hp}",
                str(m.exhaustion),
                rows[m.name][3] if m.name in rows else "\u2014",
            )
            for m in now
        }
    heads = (
        t("col.character"),
        t("col.hp"),
        t("col.exhaustion"),
        t("campaignpage.col_last"),
        t("campaignpage.col_rested"),
    )
    cells = tuple(
        tuple(segs(x) for x in (*row, f"{rested.get(name, 0)}/{present.get(name, 0)}"))
        for name, row in rows.items()
    )
    return TableView(heads, cells, (False, True, True, True, True))


def _glance(told: Sequence[_Night], adjustments: int, t: Catalogue) -> tuple[str, ...]:
    if not told:
        return (t("campaignpage.empty"),)
    first, last = _date(told[0], t), _date(told[-1], t)
    attacked = sum(1 for n in told if any(h.encounters for h in n.facts.hours))
    return (
        # One night, or nights of one date: the date once, not "1 Chysting to 1 Chysting".
        t("campaignpage.span", nights=len(told), first=first, last=last)
        if first != last
        else t("campaignpage.span_one", nights=len(told), first=first),
        t("campaignpage.tally", attacked=attacked, adjustments=adjustments),
    )


def _rows(
    nights: Sequence[NightRow], adjustments: Sequence[AdjustmentView], last: int, t: Catalogue
) -> tuple[NightRow | AdjustRow, ...]:
    """The nights in order, each adjustment right after the night it followed (in the order
    given among those of one night); `last` is the last night's number."""
    after: dict[int, list[AdjustRow]] = {}
    for a in adjustments:
        after.setdefault(a.after_night, []).append(adjust_row(a, last, t))
    rows: list[NightRow | AdjustRow] = list(after.get(0, []))
    for n in nights:
        rows.append(n)
        rows.extend(after.get(n.number, []))
    return tuple(rows)


def _checked(adjustments: Iterable[AdjustmentView], nights: int) -> list[AdjustmentView]:
    out = list(adjustments)
    for a in out:
        if not 0 <= a.after_night <= nights:
            raise ValueError(
                f"adjustment after_night {a.after_night}: expected 0 to {nights} (the nights given)"
            )
    return out


def _numbered(nights: Sequence[Sequence[str]], numbers: Sequence[int] | None) -> list[int]:
    if numbers is None:
        return list(range(1, len(nights) + 1))
    out = list(numbers)
    if len(out) != len(nights) or any(b <= a for a, b in zip([0, *out], out, strict=False)):
        raise ValueError("numbers: expected one rising night number (1 or more) a night")
    return out


def _told(
    numbered: Sequence[int],
    nights: Sequence[Sequence[str]],
    void: Mapping[int, str],
    tracks: _Tracks,
    compact: bool,
    t: Catalogue,
) -> tuple[list[_Night], list[NightRow], list[Section]]:
    """Each night read, checked and told: the nights counted (a void one is not: struck
    through in the table, left out of the tallies and the charts), the rows, the sections."""
    told: list[_Night] = []
    rows: list[NightRow] = []
    sections: list[Section] = []
    for number, lines in zip(numbered, nights, strict=True):
        n = read_night(number, lines, t.view)
        sections.append(section(n, t, compact))
        if number in void:
            rows.append(replace(night_row(n, t), void=void[number]))
            continue
        tracks.add(n)
        rows.append(night_row(n, t))
        told.append(n)
    return told, rows, sections


def page(
    title: str,
    nights: Sequence[Sequence[str]],
    adjustments: Sequence[AdjustmentView],
    lang: str = "en",
    numbers: Sequence[int] | None = None,
    void: Mapping[int, str] | None = None,
    checked: str = "",
    view: str = REFEREE,
    now: Sequence[MemberNow] | None = None,
) -> CampaignPage:
    """The campaign page's views; each night's log is read, checked and told one at a time.
    A void night (`void`: its number and note) is struck through in the table and left out
    of the tallies, the party table and the charts. `now`: the party as the campaign holds
    it, for the party table (else each character as their last night left them)."""
    t = Catalogue(lang, view=view)
    numbered = _numbered(nights, numbers)
    last = numbered[-1] if numbered else 0
    adjusted = _checked(adjustments, last)
    compact = len(nights) > COMPACT_NIGHTS
    tracks = _Tracks(t)
    told, rows, sections = _told(numbered, nights, void or {}, tracks, compact, t)
    last_head = sections[-1].head if sections else ""
    heads = tuple(
        t(f"campaignpage.col_{c}")
        for c in ("night", "date", "camp", "watched", "encounter", "rested", "head")
    )
    return CampaignPage(
        lang=t.lang,
        title=title,
        glance=_glance(told, len(adjusted), t),
        last_head=last_head,
        party=_party(told, t, now),
        heads=heads,
        rows=_rows(rows, adjusted, last, t),
        charts=tracks.charts(last) if told else (),
        compact=t("campaignpage.compact", limit=COMPACT_NIGHTS) if compact else "",
        sections=tuple(sections),
        words=night_page.words(t)
        | {
            "glance": t("campaignpage.glance"),
            "last_head": t("campaignpage.last_head"),
            "nights": t("campaignpage.nights"),
            "charts": t("campaignpage.charts"),
            "chart_note": t("campaignpage.chart_note"),
            "sections": t("campaignpage.sections"),
            "back": t("campaignpage.back"),
            "footer": t("campaignpage.footer"),
            "void": t("campaignpage.void"),
            "exhaustion": t("morning.exhaustion"),
        },
        checked=checked,
    )


def campaign_html(
    title: str,
    nights: Sequence[Sequence[str]],
    adjustments: Sequence[AdjustmentView],
    *,
    lang: str = "en",
    numbers: Sequence[int] | None = None,
    void: Mapping[int, str] | None = None,
    checked: str = "",
    view: str = REFEREE,
    now: Sequence[MemberNow] | None = None,
) -> str:
    """The campaign page. `nights[i]` is night i+1's log (night `numbers[i]`'s, where a
    ledger missing a night gives its numbers): the lines of a one-night `nightsim run` log,
    each without its newline; `adjustments` those made between nights. A log that fails the
    reader's checks raises its `LogError` (NotALog / BrokenLog) naming the night; an
    adjustment after a night not given raises ValueError. The same input gives the same
    bytes. `void`: the nights voided and their notes; `checked`: whether the nights were
    re-simulated, in words, shown at the top; `view`: the referee's (everything) or the
    players' (nightsim/view.py: no seed, no roll behind the screen); `now`: the campaign's
    party as it stands (its state), which the party table shows.
    """
    from nightsim.page.render import render

    shown = page(title, nights, adjustments, lang, numbers, void, checked, view, now)
    return render("campaign.html.j2", scripted=False, page=shown, lang=shown.lang)
