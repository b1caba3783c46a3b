"""A players' copy of a campaign (`campaign share`, docs/campaign.md): every night, log,
adjustment and publication, and not the seed of the night to come (nor night 1's, kept
beside its commitment), which the referee's file
holds so that the night can be played (whoever holds that seed foretells the night).

The copy is taken in one read (SQLite's backup API), the seed blanked and the file vacuumed
(so the seed's bytes are not left in a free page), then linked to its name: an existing file
is never overwritten, and a copy stopped half-way leaves no file of that name.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from nightsim.errors import CampaignError

if TYPE_CHECKING:
    from nightsim.campaign import Campaign

#: pending.seed in a players' copy: no seed (a drawn one is 32 hex digits, a referee's is
#: never empty).
WITHHELD = ""


class PlayersCopy(CampaignError):
    """A night asked of a players' copy, which holds no seed for it."""


def withheld(seed: str) -> bool:
    return seed == WITHHELD


def share(c: Campaign, out: Path) -> None:
    """Write the players' copy of `c` to `out` (FileExistsError if it exists)."""
    if os.path.lexists(out):
        raise FileExistsError(out)
    temp = out.with_name(f".{out.name[:200]}.{os.getpid()}.sharing")
    try:
        copy = sqlite3.connect(temp, isolation_level=None)
        try:
            c.copy_into(copy)
            copy.execute("UPDATE pending SET seed = ?", (WITHHELD,))
            # Night 1's seed is kept beside its commitment too: before night 1 it is the seed
            # of the night to come (after it, night 1's log holds it anyway).
            copy.execute("UPDATE campaign SET first_seed = ?", (WITHHELD,))
            copy.execute("VACUUM")
        finally:
            copy.close()
        os.link(temp, out)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
