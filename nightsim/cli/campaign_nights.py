"""`campaign night --nights N`: the journey table `run --nights N` ends with, built from the
N one-night logs the campaign recorded (docs/campaign.md, "`--nights N`, `--seed`")."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nightsim.campaign import CampaignNight
    from nightsim.narration.facts import JourneyFacts


def journey_of(played: Sequence[CampaignNight]) -> JourneyFacts:
    """The nights as one journey: each character's rests, HP and exhaustion night after
    night, the nights with an encounter by their number in the campaign."""
    from nightsim import events as ev
    from nightsim.narration.facts import JourneyFacts, NightFacts, journey_after, tell

    journey = JourneyFacts()
    for night in played:
        events = [ev.parse_event(json.loads(line)) for line in night.lines]
        header = events[0]
        assert isinstance(header, ev.NightHeader)
        exhaustion = {c["name"]: int(c.get("exhaustion", 0)) for c in header.config["party"]}
        facts = [f for f in tell(events, quiet=True) if isinstance(f, NightFacts)]
        summary = next(e for e in events if isinstance(e, ev.NightSummary))
        hp_before = {r.actor: r.hp[0] for r in facts[0].morning.rows if r.hp}
        numbered = summary.model_copy(update={"night": night.number})
        journey = journey_after(journey, numbered, hp_before, exhaustion)
    return journey


def print_journey(played: Sequence[CampaignNight], lang: str) -> None:
    """The journey table on stdout, as `run --nights N` prints it after its nights."""
    from nightsim.cli.render import make_console
    from nightsim.narration.catalogue import Catalogue
    from nightsim.narration.journey import render

    make_console().print(render(journey_of(played), Catalogue(lang)))
