"""Whose watch it was, followed line by line on one side of a verification.

A verdict names the watch at each difference (docs/disputes.md, "The verdict"): the log's
side is followed from the log's events, the re-simulation's from its own, so a forged
`watch.began` shows as two different watchers. Before the rota starts (the evening) there is
no watch to name; after `watch.ended`, nobody is on watch.
"""

from __future__ import annotations

from dataclasses import dataclass

# No rota yet (the evening, or a new night of a journey): no watch is named.
NO_ROTA: str | None = None
# The rota has started and nobody stands a watch now (it ended).
NOBODY = ""


@dataclass
class WatchTrail:
    """The watcher now on one side: NO_ROTA, NOBODY or a name (asleep on it when dozing)."""

    now: str | None = NO_ROTA

    def seen(self, type_: str, actor: object) -> str | None:
        """Follow one event (its type and its `actor`, if any); the watcher after it."""
        if type_ in ("night.began", "night.header"):
            self.now = NO_ROTA
        elif type_ == "rest.began":
            self.now = NOBODY
        elif type_ in ("watch.began", "watch.missed") and isinstance(actor, str):
            # A missed shift is still its watcher's: asleep on it, nobody having woken them.
            self.now = actor
        elif type_ == "watch.ended":
            self.now = NOBODY
        return self.now
