"""`campaign show` and `campaign page`: the ledger as a referee reads it, for both shells (the
command and `nightsim serve`). `show` reads the summary columns only, never a night's log
(docs/campaign.md, "Scale")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

from nightsim.heads import short_head
from nightsim.limits import shown

if TYPE_CHECKING:
    from nightsim.campaign import Campaign, CampaignNight, NextCamp
    from nightsim.narration.catalogue import Catalogue


def quoted(text: str, t: Catalogue) -> str:
    """A name or note in the language's quotation marks ("…", «…»), control characters
    escaped (never a repr)."""
    return t("word.quoted", text=shown(text, quote=False))


def _party(members: Any, t: Catalogue) -> str:
    return "; ".join(
        t(
            "cshow.member",
            name=shown(m.name, quote=False),
            hp=m.hp,
            max_hp=m.max_hp,
            exhaustion=m.exhaustion,
        )
        for m in members
    )


def _date(t: Catalogue, month: str | None, day: int | None, season: str | None = None) -> str:
    """As the narration writes a date: "3 Iggwyld" (", autumn" with a season)."""
    if month is not None:
        if season:
            season = t.term("season", season)
            return t("night.date", day=day, month=t.month_in_date(month), season=season)
        return f"{day} {t.month(month)}"
    return t.term("season", season) if season else "-"


def _value(v: Any) -> str:
    return shown(v, quote=False) if isinstance(v, str) else json.dumps(v)


def _camp(camp: NextCamp, t: Catalogue) -> str:
    where = f"{t.term('terrain', camp.terrain)} " if camp.terrain else ""
    weather = (
        t("cshow.weather", weather=t.term("weather", camp.weather))
        if camp.weather
        else t("cshow.firewood_modifier", mod=f"{camp.firewood_modifier:+d}")
    )
    watch = t.names(
        [shown(n, quote=False) + ("" if h is None else f" {h:g} h") for n, h in camp.watch]
    )
    text = t(
        "cshow.camp",
        where=where,
        chance=camp.encounter_chance,
        weather=weather,
        watch=watch,
    )
    if camp.settings:
        text += t("cshow.settings", items=", ".join(f"{k}={_value(v)}" for k, v in camp.settings))
    return text


def _night_line(n: CampaignNight, t: Catalogue) -> str:
    seed = t("cshow.seed_referee", seed=shown(n.seed)) if n.referee else t("cshow.seed_committed")
    if n.encounter is None:
        met = t("cshow.no_encounter")
    elif n.encounter:
        met = t("cshow.encounter_with", creature=shown(t.creature(n.encounter), quote=False))
    else:
        met = t("cshow.encounter")
    rested = t.names([shown(r, quote=False) for r in n.rested])
    return t(
        "cshow.night",
        number=f"{n.number:>4}",
        date=_date(t, n.month, n.day),
        seed=seed,
        head=short_head(n.head),
        met=met,
        rested=rested,
    )


def _note(text: str, t: Catalogue) -> str:
    """A referee's note in `show`, whole (notes wrap, never cut; at most 500 characters, each
    escaped to at most 10), quoted."""
    return t("word.quoted", text=shown(text, quote=False, limit=5000))


def _wrapped(line: str, width: int) -> str:
    """One line of `show` fitted to `width`: wrapped at spaces under its own indent (two
    more), a word never broken, so a hash or a note is never cut (a hash longer than the
    width stands whole on a line of its own)."""
    import textwrap

    if len(line) <= width:
        return line
    indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
    return textwrap.fill(
        line,
        width=max(width, 20),
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


def _adjustment_items(items: tuple[str, ...], t: Catalogue) -> str:
    from nightsim.campaign.chain import VOID, parse_void
    from nightsim.errors import ConfigError

    out = []
    for item in items:
        voided = None
        if item.startswith(VOID):
            try:
                voided = parse_void(item)
            except ConfigError:
                voided = None
        out.append(t("cshow.void_item", night=voided[0]) if voided else shown(item, quote=False))
    return ", ".join(out)


def _show_lines(c: Campaign, t: Catalogue) -> Iterator[str]:
    from nightsim.campaign.publish import last_published

    s = c.state
    voided = c.void_nights()
    title = f" {quoted(s.name, t)}" if s.name else ""
    counted = t("cshow.title", title=title, id=s.id, nights=s.nights - len(voided))
    yield counted + (t("cshow.voided", n=len(voided)) if voided else "")
    yield t("cshow.party", party=_party(s.party, t))
    yield t(
        "cshow.next",
        date=_date(t, s.month, s.day, s.season),
        hours=f"{s.carried_firewood_hours:g}",
        ingredients=t("cshow.packed" if s.ingredients else "cshow.no_ingredients"),
    )
    yield t("cshow.next_camp", camp=_camp(s.camp, t))
    yield t("cshow.next_seed", sha=s.next_seed_sha256)
    pub = last_published(c, s.nights + 1)
    if pub is not None:
        yield t("cshow.published", night=pub.night, sha=pub.config_sha256)
    yield t("cshow.head", head=s.head)
    yield t("cshow.nights")
    for n in c.nights(logs=False):
        line = _night_line(n, t)
        if n.number in voided:
            mark = t("cshow.void", note=_note(voided[n.number], t))
            # Struck through in words: the mark and the note right after its number.
            line = line.replace(f"{n.number:>4}", f"{n.number:>4}  {mark}", 1)
        yield line
    yield t("cshow.adjustments")
    for a in c.adjustments():
        note = f" ({_note(a.note, t)})" if a.note else ""
        items = _adjustment_items(a.items, t)
        yield (
            t("cshow.adjustment", number=f"{a.number:>4}", after=a.after_night, items=items) + note
        )


def show_text(c: Campaign, t: Catalogue, width: int, out: TextIO) -> None:
    """`show`'s text written to `out`, each line fitted to `width` (the terminal's, or
    COLUMNS; a page's)."""
    for line in _show_lines(c, t):
        out.write(_wrapped(line, width) + "\n")


def _lines(n: CampaignNight) -> list[str]:
    from nightsim.errors import BrokenLog

    try:
        return n.lines
    except UnicodeDecodeError:
        raise BrokenLog(None, f"night {n.number}'s log is broken: it is not UTF-8 text") from None


class Unverified(Exception):
    """`campaign page` met a campaign that fails `campaign verify`: the first problem."""


def _checked_line(c: Campaign, lang: str) -> str:
    """Every night re-simulated and the chain checked (`campaign verify`): the page's line
    saying so; Unverified naming the first problem."""
    from nightsim import __version__
    from nightsim.narration.catalogue import Catalogue

    verdict = c.verify()
    if verdict.problem is not None:
        raise Unverified(verdict.problem)
    return Catalogue(lang)("campaignpage.checked", release=__version__, head=verdict.head)


def page_text(c: Campaign, lang: str, *, checked: bool = True, view: str = "referee") -> str:
    """The campaign's page (nightsim.page.campaign): every night's lines and the ledger; a
    night whose log fails its checks raises LogError naming it. `checked`: every night is
    re-simulated first (Unverified: the campaign fails `campaign verify`, and no page is
    made); else the page says plainly that it was not checked. One read transaction: the
    nights verified are the nights shown, whatever is committed meanwhile."""
    from nightsim.narration.catalogue import Catalogue
    from nightsim.page.campaign import AdjustmentView, campaign_html

    with c.snapshot():
        nights, numbers = [], []
        for n in c.nights():
            nights.append(_lines(n))
            numbers.append(n.number)
        adjustments = [AdjustmentView(a.after_night, a.items, a.note) for a in c.adjustments()]
        _adjusted_after_the_last(adjustments, numbers[-1] if numbers else 0)
        void = c.void_nights()
        party = c.state.party  # the party now, as `campaign show` reads it
        line = _checked_line(c, lang) if checked else Catalogue(lang)("campaignpage.unchecked")
    return str(
        campaign_html(
            c.name or "campaign",
            nights,
            adjustments,
            lang=lang,
            numbers=numbers,
            void=void,
            checked=line,
            view=view,
            now=party,
        )
    )


def _adjusted_after_the_last(adjustments: Any, last: int) -> None:
    """An adjustment after a night not in the file (a later night removed, or its
    after_night edited): named as `verify` names it, before the page is drawn."""
    from nightsim.errors import BrokenLog

    for a in adjustments:
        if a.after_night > last:
            raise BrokenLog(
                None,
                f"an adjustment is recorded after night {a.after_night}, which is not in the"
                f" campaign (it ends at night {last})",
            )
