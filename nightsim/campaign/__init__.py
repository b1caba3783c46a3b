"""A campaign: night after night, session after session, in one SQLite file (docs/campaign.md).

    >>> from nightsim.campaign import Campaign            # doctest: +SKIP
    >>> with Campaign.new("wood.campaign", config, name="The Wood") as c:  # doctest: +SKIP
    ...     night = c.play()                              # night 1, from the committed seed
    ...     c.adjust(["party.Wren.hp=3"], note="a bandit's arrow")
    ...     night = c.play(sets=["camp.weather=dry"])     # night 2, from night 1's morning
    ...     verdict = c.verify()

A night is a one-night log exactly as `nightsim run` writes one, its header naming its place
in the campaign (`campaign`: events.CampaignLink). Each write is one transaction; the CLI
(`nightsim campaign`) is a thin shell on this class.
"""

from __future__ import annotations

from nightsim.campaign._store import Campaign
from nightsim.campaign.chain import Adjustment
from nightsim.campaign.state import CampaignNight, CampaignState, NextCamp, PartyMember
from nightsim.campaign.verification import CampaignVerdict

__all__ = [
    "Adjustment",
    "Campaign",
    "CampaignNight",
    "CampaignState",
    "CampaignVerdict",
    "NextCamp",
    "PartyMember",
]
