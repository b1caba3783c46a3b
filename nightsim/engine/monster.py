"""The wandering monster (docs/rules.md §4): the night's one check, the arrival, surprise,
distance, the creature, and the camp settling again after `encounter_minutes`.

The arrival interrupts the rota with an `Encounter` (the pattern of SimPy's machine_shop
example); the camp wakes, and once it settles the rota resumes.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import NamedTuple

from simpy.events import NORMAL, Event, EventPriority, Timeout

from nightsim import rules
from nightsim.codes import Purpose, Table
from nightsim.engine._simpy import Driven, LeanEnvironment
from nightsim.engine.dice import Dice
from nightsim.engine.fire import Fire
from nightsim.engine.outcome import EncounterOutcome
from nightsim.engine.plan import NightPlan, StreamNames
from nightsim.engine.recorder import Recorder, Stamp, roll
from nightsim.engine.rota import EncounterCause, Rota
from nightsim.engine.sleepers import Sleepers
from nightsim.events import (
    CampSettled,
    CampWoke,
    MonsterArrived,
    MonsterChecked,
    RestExtended,
    Roll,
    Target,
)

# The arrival sorts after every ordinary event due at the same minute (hand-overs, a watch
# taken up, a doze, the fire going out): the arrival minute belongs to the shift that
# starts at it, as `Rota.shift_at` (and the event's `watch_of`) reads it.
LATE = EventPriority(NORMAL + 1)


class Faces(NamedTuple):
    """The dice of an arrival, for its event's `rolls`."""

    party: int | None  # None: nobody awake, the party side did not roll
    monster: int
    distance: list[int]
    creature: int | None
    creature_die: int


class Monster:
    __slots__ = (
        "dice",
        "encounter",
        "encounter_minutes",
        "env",
        "fire",
        "plan",
        "rec",
        "rota",
        "sleepers",
        "streams",
    )

    def __init__(
        self,
        env: LeanEnvironment,
        rec: Recorder,
        plan: NightPlan,
        dice: Dice,
        *,
        streams: StreamNames,
        actors: tuple[Sleepers, Fire, Rota],
        encounter_minutes: int,
    ) -> None:
        self.env, self.rec, self.plan, self.dice, self.streams = env, rec, plan, dice, streams
        self.sleepers, self.fire, self.rota = actors
        self.encounter_minutes = encounter_minutes
        self.encounter: EncounterOutcome | None = None

    def start(self) -> None:
        """The check, as the rest period begins; on an encounter, the arrival's process."""
        m = self.check()
        if m is not None:
            Driven(self.env, self._arrives(m))

    def check(self) -> int | None:
        """docs/rules.md §4: one X-in-6 check a night; the minute of arrival (1-based, uniform
        over the rest period) or None."""
        plan, dice, stream = self.plan, self.dice, self.streams.monster
        face = dice.first(stream, rules.CHANCE_DIE)
        hit = rules.chance(face, plan.chance)
        m = dice.second(stream, rules.CHANCE_DIE, plan.rest_minutes) if hit else None
        self.rec.emit(monster_checked, plan, face, m)
        return m

    def _arrives(self, m: int) -> Generator[Event, None, None]:
        env = self.env
        yield Driven.fired(env, LATE, m - 1)
        settled = Event(env)
        encounter = self.arrive(env.minute, settled)
        self.rota.interrupt(encounter)
        if encounter.settles_at is None:
            return
        yield Timeout(env, self.encounter_minutes)
        self.settle(env.minute)
        settled.succeed()

    def arrive(self, now: int, settled: Event | None) -> EncounterCause:
        """docs/rules.md §4: the monster comes at `now`: the encounter, the camp woken, the rest
        period run on (sleep_in); the cause to interrupt the rota with."""
        sleepers = self.sleepers
        awake, asleep = sleepers.split()
        enc, faces = self._meet(now, awake, asleep)
        self.encounter = enc
        rec = self.rec
        if rec.recording:  # (not even the null recorder's call: docs/design-notes.md)
            rec.emit(monster_arrived, enc, faces, awake, sleepers.names, self.rota, now)
        # House reading: the encounter wakes everyone; the fight is the referee's.
        for i in range(len(sleepers.names)):
            sleepers.wake(i, now)  # the watcher too: on watch no more, but awake
        rec.emit(camp_woke, asleep, sleepers.names)
        run_on = self.plan.sleep_in
        if run_on:
            # docs/rules.md §4, sleep_in: the rest period runs on by as long as the camp is up, so
            # it always settles before the (later) end.
            self.rota.sleep_in(now, run_on)
            self.rec.emit(rest_extended, self.plan.rest_end + run_on, run_on)
        settles_at = now + self.encounter_minutes
        settles = settles_at < self.plan.rest_end + run_on
        return EncounterCause(now, settles_at if settles else None, settled)

    def _meet(
        self, now: int, awake: list[int], asleep: list[int]
    ) -> tuple[EncounterOutcome, Faces]:
        """docs/rules.md §4: surprise (every sleeper; the waking roll once for the party side),
        distance, and the creature from the table the fire picks."""
        dice, streams = self.dice, self.streams
        pf: int | None = None
        if awake:
            pf, mf = dice.rolls(streams.surprise, 6, 6)
            party_surprised = rules.surprised(pf)
        else:
            party_surprised = True  # nobody awake: the party side is surprised
            # The monster's own die whether or not the party rolls (plan.StreamNames.by_who).
            s = streams.surprise
            mf = dice.second(s, 6, 6) if streams.by_who else dice.first(s, 6)
        monster_surprised = rules.surprised(mf)
        if party_surprised and monster_surprised:
            distance = [dice.first(streams.distance, 4)]
        else:
            distance = dice.rolls(streams.distance, 6, 6)
        table = Table.NIGHT_FIRE if self.fire.burning else Table.NIGHT_NO_FIRE
        weights, creatures = self.plan.tables[table]
        creature = cf = None
        total = 0
        if weights:
            total = sum(weights)
            cf = dice.first(streams.creature, total)
            creature = creatures[rules.weighted_pick(weights, cf)]
        # Everyone when the party side is surprised (the sleepers and the waking alike).
        names = self.sleepers.names
        surprised = range(len(names)) if party_surprised else asleep
        marks = self.sleepers.surprised
        for i in surprised:
            marks[i] = True
        enc = EncounterOutcome(
            now,
            creature,
            table,
            rules.distance_ft(distance),
            party_surprised,
            monster_surprised,
            not awake,
            names if party_surprised else tuple([names[i] for i in asleep]),
        )
        return enc, Faces(pf, mf, distance, cf, total)

    def settle(self, now: int) -> None:
        """docs/rules.md §4 (house reading): after `encounter_minutes` the party lies down again,
        all but the watcher of the shift covering this minute."""
        nxt = self.rota.shift_at(now)
        keep = self.plan.slot_watcher[nxt] if nxt is not None else None
        for i in range(len(self.sleepers.names)):
            if i != keep:
                self.sleepers.sleep(i, now)
        if self.rec.recording:  # (not even the null recorder's call: docs/design-notes.md)
            self.rec.emit(camp_settled, self.plan.slots[nxt].name if nxt is not None else None)


def monster_checked(s: Stamp, plan: NightPlan, face: int, m: int | None) -> MonsterChecked:
    chance = plan.chance
    rolls = [roll("1d6", [face], purpose=Purpose.MONSTER, target=Target.at_most(chance))]
    if m is not None:
        rolls.append(roll(f"1d{plan.rest_minutes}", [m], -1, Purpose.ARRIVAL_MINUTE))
    return MonsterChecked.model_construct(
        **s.envelope, encounter=m is not None, chance=chance, rolls=rolls
    )


def _arrival_rolls(f: Faces) -> list[Roll]:
    rolls = []
    if f.party is not None:
        rolls.append(
            roll("1d6", [f.party], purpose=Purpose.PARTY_SURPRISE, target=Target.at_most(2))
        )
    rolls.append(
        roll("1d6", [f.monster], purpose=Purpose.MONSTER_SURPRISE, target=Target.at_most(2))
    )
    die = "1d4" if len(f.distance) == 1 else "2d6"
    rolls.append(roll(die, f.distance, purpose=Purpose.DISTANCE))
    if f.creature is not None:
        rolls.append(roll(f"1d{f.creature_die}", [f.creature], purpose=Purpose.CREATURE))
    return rolls


def monster_arrived(
    s: Stamp,
    enc: EncounterOutcome,
    faces: Faces,
    awake: list[int],
    names: tuple[str, ...],
    rota: Rota,
    now: int,
) -> MonsterArrived:
    return MonsterArrived.model_construct(
        **s.envelope,
        awake=[names[i] for i in awake],
        surprised=list(enc.surprised),
        party_surprised=enc.party_surprised,
        monster_surprised=enc.monster_surprised,
        distance_ft=enc.distance_ft,
        table=Table(enc.table),
        creature=enc.creature,
        watch_of=rota.watcher_at(now),
        rolls=_arrival_rolls(faces),
    )


def camp_woke(s: Stamp, woken: list[int], names: tuple[str, ...]) -> CampWoke:
    return CampWoke.model_construct(**s.envelope, woken=[names[i] for i in woken])


def camp_settled(s: Stamp, on_watch: str | None) -> CampSettled:
    return CampSettled.model_construct(**s.envelope, on_watch=on_watch)


def rest_extended(s: Stamp, until: int, minutes: int) -> RestExtended:
    return RestExtended.model_construct(**s.envelope, until=s.clock(until), minutes=minutes)
