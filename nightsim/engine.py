"""The night as a SimPy timeline.

Processes: the evening (preparation, fire, meal, mood), the fire burning down, the clock
striking each hour of the rest period, the watch rota (each shift taken up, handed over or
missed; a watcher may doze), and the wandering monster, which interrupts the rota with a typed
`Encounter` cause (the pattern of SimPy's machine_shop example). The morning applies the rest
rules to what the timeline recorded.

Every process only emits raw events `(t, type, fields)` into a list: typing, hashing and
rendering happen downstream, so `odds` can run this same engine with `record=False` and pay
for none of it. All rule decisions are calls into `nightsim.rules`.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

import simpy
from simpy.events import NORMAL, URGENT, Event, EventPriority, Process, Timeout

from nightsim import rules
from nightsim.clock import clock
from nightsim.codes import Meal, Mood, NoFire, NoMeal, Purpose, RestReason, Table
from nightsim.config import Config, ShiftSlot
from nightsim.dice import Dice, Stream, roll_record
from nightsim.driven import Driven, LeanEnvironment
from nightsim.outcome import (
    CharacterOutcome,
    EncounterOutcome,
    NightOutcome,
    PartyState,
    summary_fields,
)
from nightsim.plan import (
    DAWN,
    SAME_WATCHER,
    UNWATCHED,
    plan_for,
    stream_names,
)

RawEvent = tuple[int, str, dict[str, Any]]

# A character's state during the rest period. Dozing on watch counts as sleep (rules.md 5).
AWAKE, WATCH, ASLEEP, DOZING = 0, 1, 2, 3
# The monster's arrival sorts after every ordinary event due at the same minute (hand-overs,
# a watch taken up, a doze, the fire going out): the arrival minute belongs to the shift that
# starts at it, as `_shift_at` (and the event's `watch_of`) reads it.
LATE = EventPriority(NORMAL + 1)


@dataclass(frozen=True, slots=True)
class Encounter:
    """The cause with which the monster interrupts the rota."""

    at: int
    settles_at: int | None
    settled: Event


class NightSim:
    """One night. `run()` returns the outcome; `events` holds what happened, in order.

    With `record=False` (what `odds` runs) the night is the same timeline with the same
    dice; only the bookkeeping for the log is skipped: no event dicts, no roll records, no
    clock strings, and no hourly strikes (they only describe the hour just passed). The
    monster's check, which only rolls dice on its own stream, happens when the rest period
    begins instead of in a process of its own. tests/test_engine_golden.py holds the two
    paths to the same outcomes.
    """

    # Slots: a night's state is a fixed set of fields (perf: no instance dict to grow).
    __slots__ = (
        "asleep_since",
        "broken",
        "broken_at",
        "carried",
        "cfg",
        "dawn",
        "day",
        "dice",
        "doze_at",
        "doze_rolled",
        "eaters",
        "encounter",
        "env",
        "events",
        "ever_surprised",
        "exhaustion",
        "fire_burning",
        "fire_lit_at",
        "fire_out_at",
        "hp",
        "index",
        "ingredients",
        "lifted",
        "month",
        "names",
        "night",
        "offset",
        "on_watch",
        "plan",
        "record",
        "rest_end",
        "rest_start",
        "ridiculed",
        "rota",
        "season",
        "slept",
        "slots",
        "state",
        "streams",
        "stretches",
        "tasty",
    )

    def __init__(
        self,
        cfg: Config,
        dice: Dice,
        *,
        night: int = 1,
        offset: int = 0,
        state: PartyState | None = None,
        season: rules.Season | None = None,
        month: str | None = None,
        day: int | None = None,
        carried_firewood: float | None = None,
        record: bool = True,
    ) -> None:
        plan, names_by_night = plan_for(cfg)
        self.plan = plan
        streams = names_by_night.get(night)
        self.streams = streams if streams is not None else stream_names(cfg, night)
        self.cfg = cfg
        self.dice = dice
        self.night = night
        self.offset = offset
        self.season: rules.Season = season or plan.season
        self.month = month if month is not None else cfg.camp.month
        self.day = day if day is not None else cfg.camp.day
        self.record = record
        self.carried = plan.carried if carried_firewood is None else carried_firewood
        self.events: list[RawEvent] = []
        self.env: simpy.Environment = LeanEnvironment()
        party = cfg.party
        self.names = plan.names
        self.index = plan.index
        if state is None:
            self.ingredients = True
            self.hp = list(plan.hp)
            self.exhaustion = list(plan.exhaustion)
        else:
            self.ingredients = state.ingredients
            self.hp = [state.hp.get(c.name, c.hp) for c in party]
            self.exhaustion = [state.exhaustion.get(c.name, c.exhaustion) for c in party]
        n = len(party)
        self.state = [AWAKE] * n
        self.asleep_since = [0] * n
        self.slept = [0] * n
        self.stretches = [0] * n
        self.ever_surprised = [False] * n
        self.rest_start = plan.rest_start
        self.rest_end = plan.rest_end
        self.slots: tuple[ShiftSlot, ...] = plan.slots
        self.doze_rolled = [False] * len(self.slots)
        self.doze_at: list[int | None] = [None] * len(self.slots)
        self.on_watch: int | None = None  # index of the shift whose watcher is awake on it
        self.broken = False
        self.broken_at: int | None = None
        self.fire_burning = False
        self.fire_lit_at: int | None = None
        self.fire_out_at: int | None = None
        self.tasty = False
        self.lifted = False
        self.ridiculed: str | None = None
        self.eaters: tuple[str, ...] = ()
        self.encounter: EncounterOutcome | None = None
        self.rota: simpy.Process | Driven | None = None
        self.dawn = False  # set once the timeline has run: the morning happens at rest_end

    # --- plumbing -----------------------------------------------------------------------

    def emit(self, type_: str, fields: dict[str, Any]) -> None:
        if self.record:
            now = self.rest_end if self.dawn else int(self.env.now)
            self.events.append((self.offset + now, type_, fields))

    def stream(self, purpose: str) -> Stream:
        return self.dice.stream(f"n{self.night}:{purpose}")

    def clock(self, t: int) -> str:
        return clock(self.plan.camp_minute, t)

    def _second(self, name: bytes, first: int, n: int) -> int:
        """The second roll on a stream whose first roll (a die of `first` faces) was taken
        with `Dice.first` (a natural 1, an encounter: the second roll is the rarer)."""
        return self.dice.second(name, first, n)

    # The callers pass the minute (the clock is read once per event, not once per sleeper).
    def _sleep(self, i: int, now: int, state: int = ASLEEP) -> None:
        if self.state[i] < ASLEEP:
            self.asleep_since[i] = now
            self.stretches[i] += 1
        self.state[i] = state

    def _wake(self, i: int, now: int, state: int = AWAKE) -> None:
        if self.state[i] >= ASLEEP:
            since = self.asleep_since[i]
            if now == since:
                # Woken the minute they lay down (a monster at a hand-over, or as the rest
                # period begins): they had not slept, so this was no stretch of sleep and the
                # next one is not sleeping "again" (rules.md 6, interrupted sleep).
                self.stretches[i] -= 1
            else:
                self.slept[i] += now - since
        self.state[i] = state

    def run(self) -> NightOutcome:
        env = self.env
        # Events due exactly at `until` do not run: stop one minute after dawn so the last
        # hour's strike and a fire dying at dawn are still heard.
        until = self.rest_end + 1
        if self.record:
            Process(env, self._evening())
            env.run(until=until)
        else:
            Driven(env, self._evening())
            # What run(until=...) does here, without its stop event and exception: every
            # event due before `until`. (run's stop event is URGENT at `until`; with nothing
            # recorded no other URGENT event is ever due then, so the same events run.)
            peek, step = env.peek, env.step
            while peek() < until:
                step()
        return self._morning()

    # --- the evening (rules.md 1-2) ----------------------------------------------------

    def _evening(self) -> Generator[Event, Any, None]:
        cfg, plan, env, rec = self.cfg, self.plan, self.env, self.record
        if rec:
            self.emit(
                "night.began",
                {"night": self.night, "season": self.season, "month": self.month, "day": self.day},
            )
        yield Timeout(env, plan.preparation_minutes)
        ev = cfg.evening
        if rec:
            self.emit("camp.site_prepared", {"actors": list(ev.site)})
        wood: float = self.carried
        mod = plan.wood_modifier
        first = self.dice.first
        for name, sname in zip(plan.firewood, self.streams.firewood, strict=True):
            face = first(sname, 6)
            hours = rules.firewood_hours(face, mod)
            wood += hours
            if rec:
                self.emit(
                    "firewood.gathered",
                    {
                        "actor": name,
                        "hours": hours,
                        "rolls": [roll_record("1d6", [face], mod, purpose=Purpose.FIREWOOD)],
                    },
                )
        if rec:
            for name in ev.water:
                self.emit("water.fetched", {"actor": name})
        half = plan.evening_half
        # The timeout is made before the fire starts burning down, as when the fire was a
        # process started here: at a tie the meal is cooked before the fire goes out.
        cooking = Timeout(env, half)
        self._light_fire(wood)
        yield cooking
        if ev.cook is not None:
            self._cook(ev.cook)
        yield Timeout(env, plan.evening_minutes - half)
        if ev.entertain is not None:
            self._entertain(ev.entertain)
        self._begin_rest()

    def _light_fire(self, wood: float) -> None:
        camp = self.cfg.camp
        rolls: list[dict[str, object]] = []
        reason = None
        if not camp.fire_starter:
            reason = NoFire.NO_FIRE_STARTER
        elif wood <= 0:
            reason = NoFire.NO_FIREWOOD
        elif camp.fire_chance < 6:
            # Adverse conditions: an X-in-6 chance roll; 6-in-6 is normal conditions, no roll.
            face = self.dice.first(self.streams.fire, 6)
            if self.record:
                rolls.append(
                    roll_record(
                        "1d6", [face], purpose=Purpose.LIGHT_FIRE, target=f"<= {camp.fire_chance}"
                    )
                )
            if not rules.chance(face, camp.fire_chance):
                reason = NoFire.WOULD_NOT_CATCH
        if reason is not None:
            if self.record:
                self.emit("fire.not_lit", {"reason": reason, "wood_hours": wood, "rolls": rolls})
            return
        burn = round(wood * 60)
        now = int(self.env.now)
        self.fire_burning = True
        self.fire_lit_at = now
        if self.record:
            self.emit("fire.lit", {"hours": wood, "until": self.clock(now + burn), "rolls": rolls})
        if self.record:
            Process(self.env, self._fire(burn))
        else:
            Driven(self.env, self._fire(burn))

    def _fire(self, burn: int) -> Generator[Event, Any, None]:
        yield Timeout(self.env, burn)
        self.fire_burning = False
        self.fire_out_at = int(self.env.now)
        if self.record:
            self.emit("fire.out", {})

    def _cook(self, cook: str) -> None:
        camp, ev = self.cfg.camp, self.cfg.evening
        reason = None
        if not self.fire_burning:
            reason = NoMeal.NO_FIRE
        elif not camp.cookware:
            reason = NoMeal.NO_COOKWARE
        elif not (camp.ingredients and self.ingredients):
            reason = NoMeal.NO_INGREDIENTS
        if reason is not None:
            if self.record:
                self.emit("meal.not_cooked", {"actor": cook, "reason": reason})
            return
        assert self.plan.cook is not None
        mod, save_doom = self.plan.cook
        passed, mishap, rolls = self._evening_check(
            self.streams.cook, Purpose.WIS_CHECK, mod, save_doom
        )
        outcome = Meal.TASTY if passed else Meal.RUINED if mishap else Meal.PLAIN
        self.tasty = outcome is Meal.TASTY
        self.ingredients = outcome is not Meal.RUINED
        self.eaters = ev.eaters if ev.eaters is not None else self.names
        if self.record:
            self.emit(
                "meal.cooked",
                {
                    "actor": cook,
                    "outcome": outcome,
                    "eaters": list(self.eaters) if outcome is not Meal.RUINED else [],
                    "ingredients_lost": outcome is Meal.RUINED,
                    "rolls": rolls,
                },
            )

    def _evening_check(
        self, stream: bytes, check: Purpose, mod: int, save_doom: int
    ) -> tuple[bool, bool, list[dict[str, object]]]:
        """The cook's and the entertainer's roll (rules.md 2): an ability check; on a
        natural 1, a save vs Doom whose failure is the mishap (a ruined meal, ridicule).
        Returns (passed, mishap, rolls)."""
        face = self.dice.first(stream, 6)
        rec = self.record
        rolls = [roll_record("1d6", [face], mod, purpose=check, target=">= 4")] if rec else []
        if rules.ability_check(face, mod):
            return True, False, rolls
        if face != 1:
            return False, False, rolls
        sv = self._second(stream, 6, 20)
        if rec:
            rolls.append(
                roll_record("1d20", [sv], purpose=Purpose.SAVE_DOOM, target=f">= {save_doom}")
            )
        return False, not rules.save(sv, save_doom), rolls

    def _entertain(self, who: str) -> None:
        assert self.plan.entertain is not None
        mod, save_doom = self.plan.entertain
        passed, mishap, rolls = self._evening_check(
            self.streams.entertain, Purpose.CHA_CHECK, mod, save_doom
        )
        outcome = Mood.LIFTED if passed else Mood.RIDICULED if mishap else Mood.FLAT
        self.lifted = passed
        if mishap:
            self.ridiculed = who
        if self.record:
            self.emit("camp.entertained", {"actor": who, "outcome": outcome, "rolls": rolls})

    # --- the rest period (rules.md 3-4) -------------------------------------------------

    def _begin_rest(self) -> None:
        env, slots = self.env, self.slots
        first = self.plan.slot_watcher[0] if slots else None
        now = int(env.now)
        state, since, stretches = self.state, self.asleep_since, self.stretches
        for i in range(len(state)):
            if i != first:  # self._sleep(i, now), inlined: everyone is awake until now
                since[i] = now
                stretches[i] += 1
                state[i] = ASLEEP
        if self.record:
            watched = slots[-1].end if slots else 0
            self.emit(
                "rest.began",
                {
                    "until": self.clock(self.rest_end),
                    "shifts": [
                        {
                            "actor": s.name,
                            "from": self.clock(self.rest_start + s.start),
                            "to": self.clock(self.rest_start + s.end),
                        }
                        for s in slots
                    ],
                    "unwatched_from": (
                        self.clock(self.rest_start + watched)
                        if watched < self.plan.rest_minutes
                        else None
                    ),
                },
            )
            Process(env, self._clock())
        if self.record:
            if slots:
                self.rota = Process(env, self._rota())
            Process(env, self._monster())
            return
        # The same processes in the same order (rota, then monster), without the strikes;
        # the monster's check only rolls its own stream.
        if slots:
            self.rota = Driven(env, self._rota())
        m = self._monster_check()
        if m is not None:
            Driven(env, self._monster_arrives(m))

    def _clock(self) -> Generator[Event, Any, None]:
        env = self.env
        names = self.names
        for hour in range(1, self.cfg.rules.rest_hours + 1):
            # URGENT: the strike of hour k describes the hour just passed, so it comes before
            # anything else due at that minute (design.md).
            strike = Event(env)
            strike._ok = True
            strike._value = None
            env.schedule(strike, URGENT, 60)
            yield strike
            if self.record:
                st = self.state
                w = self.on_watch
                self.emit(
                    "hour.passed",
                    {
                        "hour": hour,
                        "awake": [n for i, n in enumerate(names) if st[i] < ASLEEP],
                        "asleep": [n for i, n in enumerate(names) if st[i] >= ASLEEP],
                        "dozing": [n for i, n in enumerate(names) if st[i] == DOZING],
                        "on_watch": self.slots[w].name if w is not None else None,
                        "fire": self.fire_burning,
                    },
                )

    def _shift_at(self, t: int) -> int | None:
        off = t - self.rest_start
        for i, s in enumerate(self.slots):
            if s.start <= off < s.end:
                return i
        return None

    def _rota(self) -> Generator[Event, Any, None]:
        env, slots, ends = self.env, self.slots, self.plan.slot_end
        take_up, end_shift, doze_at, timeout = (
            self._take_up,
            self._end_shift,
            self.doze_at,
            Timeout,
        )
        i, resumed = 0, False
        while i < len(slots):
            try:
                if self.broken and not resumed:
                    # rules.md 3: a dozing watcher wakes nobody; this watcher sleeps on.
                    if self.record:
                        self.emit("watch.missed", {"actor": slots[i].name, "shift": i + 1})
                else:
                    take_up(i, resumed)
                    resumed = False
                    d = doze_at[i]
                    # A doze minute already past (fell while the camp was awake) is void.
                    if d is not None and d >= env.now:
                        yield timeout(env, d - env.now)
                        self._doze(i)
                yield timeout(env, ends[i] - env.now)
                end_shift(i)
                i += 1
            except simpy.Interrupt as intr:
                cause = intr.cause
                assert isinstance(cause, Encounter)
                self.on_watch = None
                if cause.settles_at is None:
                    return
                yield cause.settled
                # rules.md 4 (house reading): the rota resumes with the shift covering this
                # minute, mending a broken chain.
                nxt = self._shift_at(int(env.now))
                if nxt is None:
                    return
                i, resumed = nxt, True
                self.broken = False

    def _take_up(self, i: int, resumed: bool) -> None:
        plan = self.plan
        w = plan.slot_watcher[i]
        if self.state[w] >= ASLEEP:
            self._wake(w, int(self.env.now), WATCH)
        else:
            self.state[w] = WATCH
        self.on_watch = i
        rolls: list[dict[str, object]] = []  # filled only when recording
        if plan.fall_asleep and not self.doze_rolled[i]:
            # House reading: one roll per shift, when its watcher takes it up; a resumed shift
            # is the same shift and is not rolled again (design.md).
            self.doze_rolled[i] = True
            die = plan.slot_doze_die[i]
            face = self.dice.first(self.streams.doze[i], die)
            if self.record:
                rolls.append(roll_record(f"1d{die}", [face], purpose=Purpose.DOZE, target="1"))
            if face == 1:
                now = int(self.env.now)
                left = plan.slot_end[i] - now
                m = self._second(self.streams.doze[i], die, left)
                if self.record:
                    rolls.append(roll_record(f"1d{left}", [m], -1, purpose=Purpose.DOZE_MINUTE))
                self.doze_at[i] = now + m - 1
        if self.record:
            s = self.slots[i]
            self.emit(
                "watch.began",
                {
                    "actor": s.name,
                    "shift": i + 1,
                    "until": self.clock(self.rest_start + s.end),
                    "resumed": resumed,
                    "rolls": rolls,
                },
            )

    def _doze(self, i: int) -> None:
        now = int(self.env.now)
        self._sleep(self.plan.slot_watcher[i], now, DOZING)
        self.on_watch = None
        self.broken = True
        if self.broken_at is None:
            self.broken_at = now
        if self.record:
            self.emit("watch.dozed", {"actor": self.slots[i].name, "shift": i + 1})

    def _end_shift(self, i: int) -> None:
        if self.on_watch != i:
            return
        handover = self.plan.slot_handover[i]
        if handover == SAME_WATCHER:
            return  # the next shift is the same watcher's: they stay up
        self.on_watch = None
        if handover == DAWN:
            return  # the last shift ends with the rest period
        self._sleep(self.plan.slot_watcher[i], int(self.env.now))
        if self.record:
            s = self.slots[i]
            if handover == UNWATCHED:
                self.emit("watch.ended", {"actor": s.name, "shift": i + 1})
            else:
                nxt = self.slots[i + 1]
                self.emit("watch.handed_over", {"actor": s.name, "to": nxt.name, "shift": i + 1})

    def _monster(self) -> Generator[Event, Any, None]:
        m = self._monster_check()
        if m is None:
            return
        yield from self._monster_arrives(m)

    def _monster_check(self) -> int | None:
        """The night's one check; the minute of arrival (1-based) or None."""
        plan = self.plan
        chance = plan.chance
        face = self.dice.first(self.streams.monster, 6)
        hit = rules.chance(face, chance)
        m = self._second(self.streams.monster, 6, plan.rest_minutes) if hit else None
        if self.record:
            rolls = [roll_record("1d6", [face], purpose=Purpose.MONSTER, target=f"<= {chance}")]
            if m is not None:
                rolls.append(
                    roll_record(f"1d{plan.rest_minutes}", [m], -1, purpose=Purpose.ARRIVAL_MINUTE)
                )
            self.emit("monster.checked", {"encounter": hit, "chance": chance, "rolls": rolls})
        return m

    def _monster_arrives(self, m: int) -> Generator[Event, Any, None]:
        env, plan, rec = self.env, self.plan, self.record
        arrival = Event(env)
        arrival._ok = True
        arrival._value = None
        env.schedule(arrival, LATE, m - 1)
        yield arrival
        now = int(env.now)
        names = self.names
        awake: list[int] = []
        asleep: list[int] = []
        for i, st in enumerate(self.state):
            (awake if st < ASLEEP else asleep).append(i)
        rolls = []
        dice = self.dice
        if awake:
            pf, mf = dice.rolls(self.streams.surprise, 6, 6)
            party_surprised = rules.surprised(pf)
            if rec:
                rolls.append(
                    roll_record("1d6", [pf], purpose=Purpose.PARTY_SURPRISE, target="<= 2")
                )
        else:
            party_surprised = True  # nobody awake: the party side is surprised
            mf = dice.first(self.streams.surprise, 6)
        monster_surprised = rules.surprised(mf)
        if party_surprised and monster_surprised:
            faces = [dice.first(self.streams.distance, 4)]
        else:
            faces = dice.rolls(self.streams.distance, 6, 6)
        if rec:
            rolls.append(roll_record("1d6", [mf], purpose=Purpose.MONSTER_SURPRISE, target="<= 2"))
            if len(faces) == 1:
                rolls.append(roll_record("1d4", faces, purpose=Purpose.DISTANCE))
            else:
                rolls.append(roll_record("2d6", faces, purpose=Purpose.DISTANCE))
        table = Table.NIGHT_FIRE if self.fire_burning else Table.NIGHT_NO_FIRE
        weights, creatures = plan.tables[table]
        creature = None
        if weights:
            total = sum(weights)
            cf = self.dice.first(self.streams.creature, total)
            if rec:
                rolls.append(roll_record(f"1d{total}", [cf], purpose=Purpose.CREATURE))
            creature = creatures[rules.weighted_pick(weights, cf)]
        # Everyone when the party side is surprised (the sleepers and the waking alike).
        surprised = list(range(len(names))) if party_surprised else asleep
        for i in surprised:
            self.ever_surprised[i] = True
        settles_at = now + self.cfg.rules.encounter_minutes
        settles_at_or_none = None if settles_at >= self.rest_end else settles_at
        self.encounter = EncounterOutcome(
            at=now,
            creature=creature,
            table=table,
            distance_ft=rules.distance_ft(faces),
            party_surprised=party_surprised,
            monster_surprised=monster_surprised,
            nobody_awake=not awake,
            surprised=tuple(names[i] for i in surprised),
        )
        if rec:
            covering = self._shift_at(now)
            self.emit(
                "monster.arrived",
                {
                    "awake": [names[i] for i in awake],
                    "surprised": [names[i] for i in surprised],
                    "party_surprised": party_surprised,
                    "monster_surprised": monster_surprised,
                    "distance_ft": self.encounter.distance_ft,
                    "table": table,
                    "creature": creature,
                    "watch_of": self.slots[covering].name if covering is not None else None,
                    "rolls": rolls,
                },
            )
        # House reading: the encounter wakes everyone; the fight is the referee's.
        for i in asleep:
            self._wake(i, now)
        for i in awake:
            self.state[i] = AWAKE
        if rec:
            self.emit("camp.woke", {"woken": [names[i] for i in asleep]})
        settled = Event(env)
        if self.rota is not None and self.rota.is_alive:
            self.rota.interrupt(Encounter(now, settles_at_or_none, settled))
        if settles_at_or_none is None:
            return
        yield Timeout(env, self.cfg.rules.encounter_minutes)
        now = int(env.now)
        nxt = self._shift_at(now)
        keep = plan.slot_watcher[nxt] if nxt is not None else None
        for i in range(len(names)):
            if i != keep:
                self._sleep(i, now)
        if rec:
            self.emit(
                "camp.settled", {"on_watch": self.slots[nxt].name if nxt is not None else None}
            )
        settled.succeed()

    # --- the morning (rules.md 5-6) -------------------------------------------------------

    def _prepare_spells(
        self, i: int, name: str, spells: tuple[str, ...], risky: bool
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        rec = self.record
        prepared, lost = [], []
        faces = self.dice.rolls(self.streams.spells[i], *(6 for _ in spells)) if risky else None
        for k, spell in enumerate(spells):
            srolls = []
            if faces is not None:
                f = faces[k]
                if rec:
                    srolls.append(roll_record("1d6", [f], purpose=Purpose.SPELL_FAILS, target="1"))
                if rules.spell_lost(f):
                    lost.append(spell)
                    if rec:
                        self.emit("spell.lost", {"actor": name, "spell": spell, "rolls": srolls})
                    continue
            prepared.append(spell)
            if rec:
                self.emit("spell.prepared", {"actor": name, "spell": spell, "rolls": srolls})
        return tuple(prepared), tuple(lost)

    def _fire_overlap(self) -> int:
        if self.fire_lit_at is None:
            return 0
        out = self.fire_out_at if self.fire_out_at is not None else self.rest_end
        return max(0, min(out, self.rest_end) - max(self.fire_lit_at, self.rest_start))

    def _morning(self) -> NightOutcome:
        plan, rec = self.plan, self.record
        quick_rest = plan.quick_rest
        # Close every stretch of sleep at dawn; sleep counts only inside the rest period.
        self.dawn = True
        rest_end, slept_l, since = self.rest_end, self.slept, self.asleep_since
        for i, st in enumerate(self.state):
            if st >= ASLEEP:  # self._wake(i, rest_end), inlined
                slept_l[i] += rest_end - since[i]
                self.state[i] = AWAKE
        lit = self.fire_lit_at is not None
        warmed = lit and self._fire_overlap() >= plan.warmth_minutes
        season = self.season
        streams = self.streams
        first = self.dice.first
        stretches, hp_l, exh_l = self.stretches, self.hp, self.exhaustion
        surprised_l, rest_rows, con_mod = self.ever_surprised, plan.rest_rows, plan.con_mod
        min_sleep = rules.MIN_SLEEP_MINUTES
        outcomes = []
        for i, (name, bedded, max_hp, spells) in enumerate(plan.chars):
            slept = slept_l[i]
            interrupted = stretches[i] >= 2
            difficulty = rest_rows[i][warmed][season]
            mod = 0
            face: int | None = None  # the CON check's die, if one was rolled
            if slept < min_sleep:
                full, reason = False, RestReason.SHORT_SLEEP
            elif quick_rest and bedded:
                full, reason = True, RestReason.QUICK_REST
            elif difficulty == "easy":
                full, reason = True, RestReason.EASY
            elif difficulty == "impossible":
                full, reason = False, RestReason.IMPOSSIBLE
            else:
                mod = (
                    con_mod[i]
                    + rules.DIFFICULTY_MODIFIER[difficulty]
                    + rules.rest_modifier(
                        self.tasty and name in self.eaters,
                        self.lifted,
                        self.ridiculed == name,
                    )
                )
                face = first(streams.rest[i], 6)
                full = rules.ability_check(face, mod)
                if rec:
                    reason = RestReason.checked(difficulty, full)
            hp_before, exh_before = hp_l[i], exh_l[i]
            hp, exh = rules.wake(hp_before, max_hp, exh_before, full)
            if rec:
                self.emit(
                    "rest.checked",
                    {
                        "actor": name,
                        "slept_minutes": slept,
                        "difficulty": difficulty,
                        "full_rest": full,
                        "reason": reason,
                        "interrupted": interrupted,
                        "rolls": []
                        if face is None
                        else [
                            roll_record(
                                "1d6", [face], mod, purpose=Purpose.CON_CHECK, target=">= 4"
                            )
                        ],
                    },
                )
                self.emit(
                    "character.woke",
                    {"actor": name, "hp": hp, "hp_before": hp_before, "exhaustion": exh},
                )
            if not spells or not (rec or not full or interrupted):
                # No spells, or a rested caster whose sleep was whole: every spell prepared,
                # no roll (the record path below emits them one by one).
                prepared: tuple[str, ...] = spells
                lost: tuple[str, ...] = ()
            else:
                prepared, lost = self._prepare_spells(i, name, spells, not full or interrupted)
            # Positional, in field order (name, full_rest, slept_minutes, interrupted,
            # surprised, difficulty, hp, exhaustion, spells_prepared, spells_lost): cheaper.
            outcomes.append(
                CharacterOutcome(
                    name,
                    full,
                    slept,
                    interrupted,
                    surprised_l[i],
                    difficulty,
                    hp,
                    exh,
                    prepared,
                    lost,
                )
            )
        out = NightOutcome(
            night=self.night,
            characters=tuple(outcomes),
            encounter=self.encounter,
            rota_broken_at=self.broken_at,
            fire_lit=lit,
            fire_out_at=self.fire_out_at,
            fire_lasted=lit and (self.fire_out_at is None or self.fire_out_at >= self.rest_end),
            fire_warmed=warmed,
            ingredients=self.ingredients,
        )
        if rec:
            self.emit("night.summary", summary_fields(out, self.clock))
        return out
