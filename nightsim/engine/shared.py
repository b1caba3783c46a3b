"""Speed only: what configs that differ only in their watch share on one night (a rota
ranking, `variants.paired_units`), in one module, so that the actors read as the rules.

Nothing here decides a rule. Each piece answers exactly as the plain path would, and
tests/stats/test_variants.py holds every shared outcome equal to the unshared one; each piece's
measured gain is in docs/design-notes.md.

- `MemoDice`: the night's dice, each answer kept, so a face is hashed once for all configs.
- `AtRest`: the night as its rest period begins, so the evening is run once
  (`NightSim.evening_only`) and each config starts from it (`NightSim(at_rest=...)`).
- `rest_alone`: such a night's rest period worked off the timeline where nothing else is
  due: the rota's own `watch` stepped through at once, the monster's `arrive` and `settle`
  called at their minutes.
- `Mornings`: the characters' mornings, kept by what a rota can change in them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from nightsim.engine._simpy import Driven
from nightsim.engine.dice import Dice, DieStream
from nightsim.engine.fire import Fire
from nightsim.engine.monster import Monster
from nightsim.engine.morning import NightRecord, broken_sleep, characters_morning
from nightsim.engine.outcome import CharacterOutcome
from nightsim.engine.rota import Rota


class MemoDice(Dice):
    """The dice of `inner`, each answer kept: for many configs run on one night's seed.

    A face depends only on (seed, stream, dice), so the configs of one night ask the same
    questions, and after the first config the answer is a dictionary look-up instead of a
    SHA-256. It answers exactly as `inner` does, whatever its algorithm; streams
    (`stream_bytes`, the rare rejected word) are `inner`'s, not kept.
    """

    __slots__ = ("_firsts", "_inner", "_rolls", "_seconds")

    def __init__(self, inner: Dice) -> None:
        # `rng` is the class's: the stream names a night reads follow it, so a memo of other
        # dice would name v2's streams and roll v1's faces. Paired odds roll the current dice.
        if inner.rng != self.rng:
            raise ValueError(f"MemoDice keeps {self.rng} dice, not {inner.rng}")
        super().__init__(inner.seed)
        self._inner = inner
        self._firsts: dict[tuple[bytes, int], int] = {}
        self._seconds: dict[tuple[bytes, int, int], int] = {}
        self._rolls: dict[tuple[bytes, tuple[int, ...]], tuple[int, ...]] = {}

    def stream(self, name: str) -> DieStream:
        return self._inner.stream(name)

    def first(self, name: bytes, n: int) -> int:
        key = (name, n)
        face = self._firsts.get(key)
        if face is None:
            face = self._firsts[key] = self._inner.first(name, n)
        return face

    def second(self, name: bytes, first: int, n: int) -> int:
        key = (name, first, n)
        face = self._seconds.get(key)
        if face is None:
            face = self._seconds[key] = self._inner.second(name, first, n)
        return face

    def rolls(self, name: bytes, *faces: int) -> list[int]:
        key = (name, faces)
        out = self._rolls.get(key)
        if out is None:
            out = self._rolls[key] = tuple(self._inner.rolls(name, *faces))
        return list(out)  # a fresh list each time: the caller may keep or change it

    def stream_bytes(self, name: bytes) -> DieStream:
        return self._inner.stream_bytes(name)


class Mornings:
    """A night's characters' mornings, kept across the configs that share the night: by
    (index, minutes slept, broken sleep, surprised, fire warmed, HP, exhaustion), everything
    a character's morning reads that a rota can change. A character's morning is a pure
    function of that key on one night's facts and dice (`morning.characters_morning`), so a
    kept one is the one this config would work out. `characters` stands in for
    `morning.characters_morning`."""

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: dict[tuple[int, int, bool, bool, bool, int, int], CharacterOutcome] = {}

    def characters(
        self, facts: NightRecord, warmed: bool, dice: Dice
    ) -> tuple[CharacterOutcome, ...]:
        kept, out = self._kept, []
        slept, surprised = facts.slept, facts.surprised
        hp, exhaustion = facts.hp, facts.exhaustion
        broken = broken_sleep(facts)
        for i in range(len(facts.plan.chars)):
            key = (i, slept[i], broken[i], surprised[i], warmed, hp[i], exhaustion[i])
            c = kept.get(key)
            if c is None:
                (c,) = characters_morning(facts, warmed, dice, (i,))
                kept[key] = c
            out.append(c)
        return tuple(out)


@dataclass(frozen=True, slots=True, kw_only=True)
class AtRest:
    """A night as its rest period begins: what its evening decided (docs/rules.md §1-2), which no
    watch changes, and the monster check made as the rest period begins, on dice no watch
    changes. Configs that differ only in their watch share it on the same dice:
    `NightSim(at_rest=...)` starts there instead of running the evening again. `mornings`
    keeps the characters' mornings worked out so far on this night."""

    tasty: bool
    eaters: tuple[str, ...]
    lifted: bool
    ridiculed: str | None
    ingredients: bool
    fire_lit_at: int | None
    fire_out_at: int | None
    fire_out_due: int | None  # still burning as the rest period begins: out at that minute
    arrival: (
        int | None
    )  # the monster check's minute of arrival (docs/rules.md §4), None: no monster
    mornings: Mornings = field(default_factory=Mornings, compare=False)


def rest_alone(
    a: AtRest, fire: Fire, rota: Rota, monster: Monster, lie_down: Callable[[], None]
) -> None:
    """The rest period of a night started at rest, worked off the timeline.

    Such a night records nothing and knows its monster's arrival. Up to the arrival's
    minute (its ordinary events included: the arrival comes after them, `monster.LATE`),
    or dawn, nothing but the rota reads the watch or the sleepers, and nothing reads the
    fire: with no reader in between and no event to stamp, the rota's steps taken at once,
    at their minutes, make the same night as steps waited for on the timeline. The
    encounter then runs as `Monster._arrives` runs it: the interrupt reaches the rota before
    anything else of the minute; by the settling minute, what is due runs first (the fire
    going out, scheduled before the monster's wait); once the camp has settled the night's
    one monster has been, nothing reads the watch again, and the rota works on to dawn.
    """
    env, plan, m = rota.env, rota.plan, a.arrival
    alone = plan.rest_end if m is None else plan.rest_start + m - 1
    out_due = a.fire_out_due
    if out_due is not None and out_due <= alone:
        fire.resume(a.fire_lit_at, out_due, None)  # out at its minute, as `Fire._out` leaves it
    else:
        fire.resume(a.fire_lit_at, a.fire_out_at, out_due)  # its going out scheduled first
    lie_down()
    waiting = _steps_until(rota.watch(0, env.minute), alone)
    if m is None:
        return
    env.advance_to(alone)
    encounter = monster.arrive(alone, None)
    resumes = waiting is not None and rota.interrupted(encounter)
    settles_at = encounter.settles_at
    if settles_at is None:
        return
    Driven.run_until(env, settles_at + 1)
    env.advance_to(settles_at)
    monster.settle(settles_at)
    if resumes:
        _steps_until(rota.resumed(settles_at), plan.rest_end + rota.run_on)


def _steps_until(watch: Iterator[int] | None, until: int) -> Iterator[int] | None:
    """Take the steps of `watch` due by minute `until` at once: None when it is done, else
    the watch, waiting for its next minute."""
    if watch is not None:
        for t in watch:
            if t > until:
                return watch
    return None
