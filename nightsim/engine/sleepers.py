"""Who is asleep, since when: each character's stretches of sleep and minutes slept.

No SimPy: the actors call in with the minute (read once per event, not once per sleeper).
The counts are what the morning reads: minutes slept (docs/rules.md §5, the 6-hour rule),
stretches of sleep (edition 1's interrupted sleep) and who was woken for a watch (edition 2's
sleep broken by a watch; docs/rules.md §6.2).
"""

from __future__ import annotations

from typing import Final

# A character's state during the rest period. Dozing on watch counts as sleep (docs/rules.md §5).
AWAKE: Final = 0
WATCH: Final = 1
ASLEEP: Final = 2
DOZING: Final = 3


class Sleepers:
    """The party's sleep, by character index (the config's party order)."""

    __slots__ = (
        "names",
        "since",
        "slept",
        "state",
        "stretches",
        "surprised",
        "woken_at",
        "woken_before_watch",
        "woken_for_watch",
    )

    def __init__(self, names: tuple[str, ...], woken_before_watch: bool = False) -> None:
        n = len(names)
        self.names = names
        self.state = [AWAKE] * n
        self.since = [0] * n  # the minute the current stretch of sleep began
        self.slept = [0] * n  # minutes slept in closed stretches
        self.stretches = [0] * n
        self.surprised = [False] * n  # ever surprised in an encounter this night
        # Woken from sleep to stand a watch (docs/rules.md §6.2, edition 2's broken sleep).
        self.woken_for_watch = [False] * n
        # docs/rules.md §6.2, edition 3: a watch taken up by one who slept, was woken by
        # anything before it began and has not lain down since breaks their sleep too
        # (`woken_at`: the minute they were woken from sleep, -1 once asleep again).
        self.woken_before_watch = woken_before_watch
        self.woken_at = [-1] * n

    def sleep(self, i: int, now: int, state: int = ASLEEP) -> None:
        if self.state[i] < ASLEEP:
            self.since[i] = now
            self.stretches[i] += 1
        self.woken_at[i] = -1
        self.state[i] = state

    def wake(self, i: int, now: int, state: int = AWAKE, began: int = 0) -> None:
        """`i` is up at `now`: awake, or on watch (`state` WATCH) in a watch that `began`
        at that minute (its hand-over, moved by sleeping in)."""
        if self.state[i] >= ASLEEP:
            since = self.since[i]
            if now == since:
                # Woken the minute they lay down (a monster at a hand-over, or as the rest
                # period begins): they had not slept, so this was no stretch of sleep and the
                # next one is not sleeping "again" (docs/rules.md §6, interrupted sleep).
                self.stretches[i] -= 1
            else:
                self.slept[i] += now - since
                if state == WATCH:
                    self.woken_for_watch[i] = True
                else:
                    self.woken_at[i] = now
        elif state == WATCH and self.woken_before_watch and 0 <= self.woken_at[i] <= began:
            # Woken by an encounter (or anything) before their watch began and up until it:
            # the watch kept them from lying down again, so it broke their sleep
            # (docs/rules.md §6.2). One woken inside a watch already theirs (asleep on it
            # because the chain broke, or dozing) and resuming it was not woken for it.
            self.woken_for_watch[i] = True
        self.state[i] = state

    def lie_down(self, now: int, but: int | None) -> None:
        """The rest period begins: everyone lies down but the first watcher (docs/rules.md §3)."""
        state, since, stretches = self.state, self.since, self.stretches
        for i in range(len(state)):
            if i != but:  # self.sleep(i, now), inlined: everyone is awake until now
                since[i] = now
                stretches[i] += 1
                state[i] = ASLEEP

    def split(self) -> tuple[list[int], list[int]]:
        """(awake, asleep): the indices of who is up (on watch or not) and who sleeps."""
        awake: list[int] = []
        asleep: list[int] = []
        for i, st in enumerate(self.state):
            (awake if st < ASLEEP else asleep).append(i)
        return awake, asleep

    def slept_by(self, end: int) -> tuple[int, ...]:
        """Minutes slept, each stretch still open closed at `end` (dawn: sleep counts only
        inside the rest period)."""
        slept, since, state = list(self.slept), self.since, self.state
        for i, st in enumerate(state):
            if st >= ASLEEP:
                slept[i] += end - since[i]
        return tuple(slept)
