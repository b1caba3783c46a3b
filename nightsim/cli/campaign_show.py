"""`campaign show` and `campaign page`: the ledger as a referee reads it. `show` reads the
summary columns only, never a night's log (docs/campaign.md, "Scale")."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from nightsim.heads import short_head
from nightsim.limits import json_inert, shown

if TYPE_CHECKING:
    from nightsim.campaign import Campaign, CampaignNight, NextCamp, PartyMember
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
            return t("night.date", day=day, month=month, season=t.term("season", season))
        return f"{day} {month}"
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
        met = t("cshow.encounter_with", creature=shown(n.encounter, quote=False))
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


def show_text(c: Campaign, t: Catalogue) -> None:
    s = c.state
    title = f" {quoted(s.name, t)}" if s.name else ""
    out = sys.stdout
    out.write(t("cshow.title", title=title, id=s.id, nights=s.nights) + "\n")
    out.write(t("cshow.party", party=_party(s.party, t)) + "\n")
    out.write(
        t(
            "cshow.next",
            date=_date(t, s.month, s.day, s.season),
            hours=f"{s.carried_firewood_hours:g}",
            ingredients=t("cshow.packed" if s.ingredients else "cshow.no_ingredients"),
        )
        + "\n"
    )
    out.write(t("cshow.next_camp", camp=_camp(s.camp, t)) + "\n")
    out.write(t("cshow.next_seed", sha=s.next_seed_sha256) + "\n")
    out.write(t("cshow.head", head=s.head) + "\n")
    out.write(t("cshow.nights") + "\n")
    for n in c.nights(logs=False):
        out.write(_night_line(n, t) + "\n")
    out.write(t("cshow.adjustments") + "\n")
    for a in c.adjustments():
        note = f" ({quoted(a.note, t)})" if a.note else ""
        items = ", ".join(shown(i, quote=False) for i in a.items)
        out.write(
            t("cshow.adjustment", number=f"{a.number:>4}", after=a.after_night, items=items)
            + note
            + "\n"
        )


def _member(m: PartyMember) -> dict[str, Any]:
    return {"name": m.name, "hp": m.hp, "max_hp": m.max_hp, "exhaustion": m.exhaustion}


def _camp_json(camp: NextCamp) -> dict[str, Any]:
    return {
        "terrain": camp.terrain,
        "encounter_chance": camp.encounter_chance,
        "weather": camp.weather,
        "firewood_modifier": camp.firewood_modifier,
        "watch": [{"name": n, "hours": h} for n, h in camp.watch],
        "settings": dict(camp.settings),
    }


class _Inert:
    """stdout with each character a terminal acts on (a bidi mark, a C1 control, read from an
    edited file) written as its JSON escape, as the text form escapes it (limits.json_inert):
    the same JSON value."""

    def __init__(self, out: Any) -> None:
        self._out = out

    def write(self, text: str) -> None:
        body, end = (text[:-1], "\n") if text.endswith("\n") else (text, "")
        self._out.write(json_inert(body) + end)


def show_json(c: Campaign) -> None:
    s = c.state
    out = _Inert(sys.stdout)
    out.write(
        "{"
        + json.dumps(
            {
                "id": s.id,
                "name": s.name,
                "nights_played": s.nights,
                "party": [_member(m) for m in s.party],
                "month": s.month,
                "day": s.day,
                "season": s.season,
                "carried_firewood_hours": s.carried_firewood_hours,
                "ingredients": s.ingredients,
                "next_camp": _camp_json(s.camp),
                "next_seed_sha256": s.next_seed_sha256,
                "head": s.head,
            },
            ensure_ascii=False,
        )[1:-1]
        + ',"nights":['
    )
    # Streamed: a thousand nights are never held at once.
    for i, n in enumerate(c.nights(logs=False)):
        night = {
            "number": n.number,
            "month": n.month,
            "day": n.day,
            "seed": n.seed if n.referee else "committed",
            "head": n.head,
            "encounter": n.encounter,
            "rested": list(n.rested),
            "party": [_member(m) for m in n.party],
        }
        out.write(("," if i else "") + json.dumps(night, ensure_ascii=False))
    out.write('],"adjustments":[')
    for i, a in enumerate(c.adjustments()):
        adj = {"number": a.number, "after_night": a.after_night, "items": list(a.items)}
        adj |= {"note": a.note, "sha256": a.sha256}
        out.write(("," if i else "") + json.dumps(adj, ensure_ascii=False))
    out.write("]}\n")


def _lines(n: CampaignNight) -> list[str]:
    from nightsim.errors import BrokenLog

    try:
        return n.lines
    except UnicodeDecodeError:
        raise BrokenLog(None, f"night {n.number}'s log is broken: it is not UTF-8 text") from None


def page_text(c: Campaign, lang: str) -> str:
    """The campaign's page (nightsim.page.campaign): every night's lines and the ledger; a
    night whose log fails its checks raises LogError naming it."""
    from nightsim.errors import BrokenLog
    from nightsim.page.campaign import AdjustmentView, campaign_html

    nights, numbers = [], []
    for n in c.nights():
        nights.append(_lines(n))
        numbers.append(n.number)
    adjustments = [AdjustmentView(a.after_night, a.items, a.note) for a in c.adjustments()]
    last = numbers[-1] if numbers else 0
    for a in adjustments:
        if a.after_night > last:  # a later night removed: `verify` says so too
            raise BrokenLog(
                None,
                f"an adjustment is recorded after night {a.after_night}, which is not in the"
                f" campaign (it ends at night {last})",
            )
    return str(campaign_html(c.name or "campaign", nights, adjustments, lang=lang, numbers=numbers))
