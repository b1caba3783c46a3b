"""The campaign as JSON: `campaign show --format json` and the server's
`GET /api/campaigns/{name}` (docs/campaign.md), one form for both shells."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

from nightsim.limits import json_inert

if TYPE_CHECKING:
    from nightsim.campaign import Campaign, NextCamp, PartyMember


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


def _published_json(c: Campaign, night: int) -> dict[str, Any] | None:
    from nightsim.campaign.publish import last_published

    pub = last_published(c, night)
    if pub is None:
        return None
    return {
        "night": pub.night,
        "commitment": pub.commitment,
        "config_sha256": pub.config_sha256,
        "edition": pub.edition,
        "rng": pub.rng,
        "release": pub.release,
        "sets": list(pub.sets),
    }


def write_json(c: Campaign, stream: TextIO) -> None:
    """`campaign show --format json` (and the server's `GET /api/campaigns/{name}`), written
    to `stream` a night at a time."""
    s = c.state
    voided = c.void_nights()
    out = _Inert(stream)
    out.write(
        "{"
        + json.dumps(
            {
                "id": s.id,
                "name": s.name,
                "nights_played": s.nights,
                "nights_void": len(voided),
                "party": [_member(m) for m in s.party],
                "month": s.month,
                "day": s.day,
                "season": s.season,
                "carried_firewood_hours": s.carried_firewood_hours,
                "ingredients": s.ingredients,
                "next_camp": _camp_json(s.camp),
                "next_seed_sha256": s.next_seed_sha256,
                "head": s.head,
                "published": _published_json(c, s.nights + 1),
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
            "void": n.number in voided,
        }
        if n.number in voided:
            night["void_note"] = voided[n.number]
        out.write(("," if i else "") + json.dumps(night, ensure_ascii=False))
    out.write('],"adjustments":[')
    for i, a in enumerate(c.adjustments()):
        adj = {"number": a.number, "after_night": a.after_night, "items": list(a.items)}
        adj |= {"note": a.note, "sha256": a.sha256}
        out.write(("," if i else "") + json.dumps(adj, ensure_ascii=False))
    out.write("]}\n")
