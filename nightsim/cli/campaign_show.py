"""`campaign show` and `campaign page`: the ledger as a referee reads it. `show` reads the
summary columns only, never a night's log (docs/campaign.md, "Scale")."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from nightsim.heads import short_head
from nightsim.limits import shown

if TYPE_CHECKING:
    from nightsim.campaign import Campaign, CampaignNight, NextCamp, PartyMember


def quoted(text: str) -> str:
    """A name or note in plain double quotes, control characters escaped (never a repr)."""
    return '"' + shown(text, quote=False) + '"'


def _party(members: Any) -> str:
    return "; ".join(
        f"{shown(m.name, quote=False)} {m.hp}/{m.max_hp} HP, exhaustion {m.exhaustion}"
        for m in members
    )


def _date(month: str | None, day: int | None, season: str | None = None) -> str:
    """As the narration writes a date: "3 Iggwyld" (", autumn" with a season)."""
    if month is not None:
        return f"{day} {month}" + (f", {season}" if season else "")
    return season or "-"


def _value(v: Any) -> str:
    return shown(v, quote=False) if isinstance(v, str) else json.dumps(v)


def _camp(camp: NextCamp) -> str:
    where = f"{camp.terrain} " if camp.terrain else ""
    weather = (
        f"weather {camp.weather}"
        if camp.weather
        else f"firewood modifier {camp.firewood_modifier:+d} (the referee's)"
    )
    watch = ", ".join(
        shown(n, quote=False) + ("" if h is None else f" {h:g} h") for n, h in camp.watch
    )
    text = f"{where}(encounters {camp.encounter_chance}-in-6); {weather}; watch: {watch or 'none'}"
    if camp.settings:
        text += "; set: " + ", ".join(f"{k}={_value(v)}" for k, v in camp.settings)
    return text


def _night_line(n: CampaignNight) -> str:
    seed = f"seed {shown(n.seed)} (the referee's)" if n.referee else "seed committed"
    if n.encounter is None:
        met = "no encounter"
    else:
        met = f"encounter: {shown(n.encounter, quote=False)}" if n.encounter else "encounter"
    rested = ", ".join(shown(r, quote=False) for r in n.rested) or "nobody"
    return (
        f"  {n.number:>4}  {_date(n.month, n.day)}  {seed}  head {short_head(n.head)}  {met};"
        f" rested fully: {rested}"
    )


def show_text(c: Campaign) -> None:
    s = c.state
    title = f" {quoted(s.name)}" if s.name else ""
    out = sys.stdout
    out.write(f"campaign{title} (id {s.id}): {s.nights} nights played\n")
    out.write(f"party now: {_party(s.party)}\n")
    out.write(
        f"next night: {_date(s.month, s.day, s.season)}; carried firewood"
        f" {s.carried_firewood_hours:g} h; ingredients {'packed' if s.ingredients else 'none'}\n"
    )
    out.write(f"next night's camp: {_camp(s.camp)}\n")
    out.write(f"next seed committed: sha256 {s.next_seed_sha256}\n")
    out.write(f"head: {s.head}\n")
    out.write("nights:\n")
    for n in c.nights(logs=False):
        out.write(_night_line(n) + "\n")
    out.write("adjustments:\n")
    for a in c.adjustments():
        note = f" ({quoted(a.note)})" if a.note else ""
        items = ", ".join(shown(i, quote=False) for i in a.items)
        out.write(f"  {a.number:>4}  after night {a.after_night}: {items}{note}\n")


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


def show_json(c: Campaign) -> None:
    s = c.state
    out = sys.stdout
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
    from nightsim.page.campaign import AdjustmentView, campaign_html

    nights, numbers = [], []
    for n in c.nights():
        nights.append(_lines(n))
        numbers.append(n.number)
    adjustments = [AdjustmentView(a.after_night, a.items, a.note) for a in c.adjustments()]
    return str(campaign_html(c.name or "campaign", nights, adjustments, lang=lang, numbers=numbers))
