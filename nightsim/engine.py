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
from dataclasses import dataclass, field
from typing import Any

import simpy
from simpy.events import NORMAL, URGENT, Event, EventPriority

from nightsim import rules
from nightsim.config import Config, ShiftSlot
from nightsim.dice import Dice, Stream, roll_record

RawEvent = tuple[int, str, dict[str, Any]]

# A character's state during the rest period. Dozing on watch counts as sleep (rules.md 5).
AWAKE, WATCH, ASLEEP, DOZING = 0, 1, 2, 3
DAY = 24 * 60
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


@dataclass(frozen=True, slots=True)
class CharacterOutcome:
    name: str
    full_rest: bool
    slept_minutes: int
    interrupted: bool
    surprised: bool
    difficulty: rules.Difficulty
    hp: int
    exhaustion: int
    spells_prepared: tuple[str, ...]
    spells_lost: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EncounterOutcome:
    at: int  # minutes after camp was made (this night)
    creature: str | None
    table: str
    distance_ft: int
    party_surprised: bool
    monster_surprised: bool
    nobody_awake: bool
    surprised: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NightOutcome:
    """What `odds` aggregates and `night.summary` reports."""

    night: int
    characters: tuple[CharacterOutcome, ...]
    encounter: EncounterOutcome | None
    rota_broken_at: int | None  # minutes after camp was made, or None
    fire_lit: bool
    fire_out_at: int | None  # minutes after camp was made, None if unlit or burning at dawn
    fire_lasted: bool
    fire_warmed: bool
    ingredients: bool  # still in the packs at dawn


@dataclass(slots=True)
class PartyState:
    """What carries from one night to the next on a journey."""

    hp: dict[str, int] = field(default_factory=dict)
    exhaustion: dict[str, int] = field(default_factory=dict)
    ingredients: bool = True  # a ruined meal loses them for the rest of the journey


def clock(camp_minute: int, t: int) -> str:
    m = (camp_minute + t) % DAY
    return f"{m // 60:02d}:{m % 60:02d}"


class NightSim:
    """One night. `run()` returns the outcome; `events` holds what happened, in order."""

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
        self.cfg = cfg
        self.dice = dice
        self.night = night
        self.offset = offset
        self.season: rules.Season = season or cfg.camp.resolved_season
        self.month = month if month is not None else cfg.camp.month
        self.day = day if day is not None else cfg.camp.day
        self.record = record
        self.carried = (
            cfg.camp.carried_firewood_hours if carried_firewood is None else carried_firewood
        )
        self.events: list[RawEvent] = []
        self.env = simpy.Environment()
        party = cfg.party
        self.names = [c.name for c in party]
        self.index = {c.name: i for i, c in enumerate(party)}
        st = state or PartyState()
        self.ingredients = st.ingredients
        self.hp = [st.hp.get(c.name, c.hp) for c in party]
        self.exhaustion = [st.exhaustion.get(c.name, c.exhaustion) for c in party]
        n = len(party)
        self.state = [AWAKE] * n
        self.asleep_since = [0] * n
        self.slept = [0] * n
        self.stretches = [0] * n
        self.ever_surprised = [False] * n
        self.rest_start = cfg.rest_start
        self.rest_end = cfg.rest_start + cfg.rest_minutes
        self.slots: tuple[ShiftSlot, ...] = cfg.shift_slots()
        self.on_watch: int | None = None  # index of the shift whose watcher is awake on it
        self.broken = False
        self.broken_at: int | None = None
        self.doze_rolled = [False] * len(self.slots)
        self.doze_at: list[int | None] = [None] * len(self.slots)
        self.fire_burning = False
        self.fire_lit_at: int | None = None
        self.fire_out_at: int | None = None
        self.tasty = False
        self.lifted = False
        self.ridiculed: str | None = None
        self.eaters: tuple[str, ...] = ()
        self.encounter: EncounterOutcome | None = None
        self.rota: simpy.Process | None = None
        self.dawn = False  # set once the timeline has run: the morning happens at rest_end

    # --- plumbing -----------------------------------------------------------------------

    def emit(self, type_: str, fields: dict[str, Any]) -> None:
        if self.record:
            now = self.rest_end if self.dawn else int(self.env.now)
            self.events.append((self.offset + now, type_, fields))

    def stream(self, purpose: str) -> Stream:
        return self.dice.stream(f"n{self.night}:{purpose}")

    def clock(self, t: int) -> str:
        return clock(self.cfg.camp.camp_minute, t)

    def _sleep(self, i: int, state: int = ASLEEP) -> None:
        if self.state[i] < ASLEEP:
            self.asleep_since[i] = int(self.env.now)
            self.stretches[i] += 1
        self.state[i] = state

    def _wake(self, i: int, state: int = AWAKE) -> None:
        if self.state[i] >= ASLEEP:
            now = self.rest_end if self.dawn else int(self.env.now)
            self.slept[i] += now - self.asleep_since[i]
        self.state[i] = state

    def run(self) -> NightOutcome:
        env = self.env
        env.process(self._evening())
        # Events due exactly at `until` do not run: stop one minute after dawn so the last
        # hour's strike and a fire dying at dawn are still heard.
        env.run(until=self.rest_end + 1)
        return self._morning()

    # --- the evening (rules.md 1-2) ----------------------------------------------------

    def _evening(self) -> Generator[Event, Any, None]:
        cfg, camp, env = self.cfg, self.cfg.camp, self.env
        self.emit(
            "night.began",
            {"night": self.night, "season": self.season, "month": self.month, "day": self.day},
        )
        yield env.timeout(cfg.rules.preparation_minutes)
        ev = cfg.evening
        self.emit("camp.site_prepared", {"actors": list(ev.site)})
        wood: float = self.carried
        mod = camp.wood_modifier
        for name in ev.firewood:
            face = self.stream(f"firewood:{name}").die(6)
            hours = rules.firewood_hours(face, mod)
            wood += hours
            self.emit(
                "firewood.gathered",
                {
                    "actor": name,
                    "hours": hours,
                    "rolls": [roll_record("1d6", [face], mod, purpose="firewood")],
                },
            )
        for name in ev.water:
            self.emit("water.fetched", {"actor": name})
        self._light_fire(wood)
        half = cfg.rules.evening_minutes // 2
        yield env.timeout(half)
        if ev.cook is not None:
            self._cook(ev.cook)
        yield env.timeout(cfg.rules.evening_minutes - half)
        if ev.entertain is not None:
            self._entertain(ev.entertain)
        self._begin_rest()

    def _light_fire(self, wood: float) -> None:
        camp = self.cfg.camp
        rolls: list[dict[str, object]] = []
        reason = None
        if not camp.fire_starter:
            reason = "no fire-starter"
        elif wood <= 0:
            reason = "no firewood"
        elif camp.fire_chance < 6:
            # Adverse conditions: an X-in-6 chance roll; 6-in-6 is normal conditions, no roll.
            face = self.stream("fire").die(6)
            rolls.append(
                roll_record(
                    "1d6", [face], purpose="light the fire", target=f"<= {camp.fire_chance}"
                )
            )
            if not rules.chance(face, camp.fire_chance):
                reason = "the fire would not catch"
        if reason is not None:
            self.emit("fire.not_lit", {"reason": reason, "wood_hours": wood, "rolls": rolls})
            return
        burn = round(wood * 60)
        now = int(self.env.now)
        self.fire_burning = True
        self.fire_lit_at = now
        out = now + burn
        self.emit("fire.lit", {"hours": wood, "until": self.clock(out), "rolls": rolls})
        self.env.process(self._fire(burn))

    def _fire(self, burn: int) -> Generator[Event, Any, None]:
        yield self.env.timeout(burn)
        self.fire_burning = False
        self.fire_out_at = int(self.env.now)
        self.emit("fire.out", {})

    def _cook(self, cook: str) -> None:
        camp, ev = self.cfg.camp, self.cfg.evening
        reason = None
        if not self.fire_burning:
            reason = "no fire"
        elif not camp.cookware:
            reason = "no cookware"
        elif not (camp.ingredients and self.ingredients):
            reason = "no ingredients"
        if reason is not None:
            self.emit("meal.not_cooked", {"actor": cook, "reason": reason})
            return
        c = self.cfg.party[self.index[cook]]
        s = self.stream("cook")
        face = s.die(6)
        mod = rules.ability_modifier(c.wis)
        rolls = [roll_record("1d6", [face], mod, purpose="WIS check", target=">= 4")]
        if rules.ability_check(face, mod):
            outcome = "tasty"
        else:
            outcome = "plain"
            if face == 1:
                sv = s.die(20)
                rolls.append(
                    roll_record("1d20", [sv], purpose="save vs Doom", target=f">= {c.save_doom}")
                )
                if not rules.save(sv, c.save_doom):
                    outcome = "ruined"
        self.tasty = outcome == "tasty"
        self.ingredients = outcome != "ruined"
        self.eaters = ev.eaters if ev.eaters is not None else tuple(self.names)
        self.emit(
            "meal.cooked",
            {
                "actor": cook,
                "outcome": outcome,
                "eaters": list(self.eaters) if outcome != "ruined" else [],
                "ingredients_lost": outcome == "ruined",
                "rolls": rolls,
            },
        )

    def _entertain(self, who: str) -> None:
        c = self.cfg.party[self.index[who]]
        s = self.stream("entertain")
        face = s.die(6)
        mod = rules.ability_modifier(c.cha)
        rolls = [roll_record("1d6", [face], mod, purpose="CHA check", target=">= 4")]
        if rules.ability_check(face, mod):
            outcome = "lifted"
            self.lifted = True
        else:
            outcome = "flat"
            if face == 1:
                sv = s.die(20)
                rolls.append(
                    roll_record("1d20", [sv], purpose="save vs Doom", target=f">= {c.save_doom}")
                )
                if not rules.save(sv, c.save_doom):
                    outcome = "ridiculed"
                    self.ridiculed = who
        self.emit("camp.entertained", {"actor": who, "outcome": outcome, "rolls": rolls})

    # --- the rest period (rules.md 3-4) -------------------------------------------------

    def _begin_rest(self) -> None:
        env = self.env
        first = self.index[self.slots[0].name] if self.slots else None
        for i in range(len(self.names)):
            if i != first:
                self._sleep(i)
        watched = self.slots[-1].end if self.slots else 0
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
                    for s in self.slots
                ],
                "unwatched_from": (
                    self.clock(self.rest_start + watched)
                    if watched < self.cfg.rest_minutes
                    else None
                ),
            },
        )
        env.process(self._clock())
        if self.slots:
            self.rota = env.process(self._rota())
        env.process(self._monster())

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
        env, slots, rs = self.env, self.slots, self.rest_start
        i, resumed = 0, False
        while i < len(slots):
            s = slots[i]
            try:
                if self.broken and not resumed:
                    # rules.md 3: a dozing watcher wakes nobody; this watcher sleeps on.
                    self.emit("watch.missed", {"actor": s.name, "shift": i + 1})
                else:
                    self._take_up(i, resumed)
                    resumed = False
                    d = self.doze_at[i]
                    # A doze minute already past (fell while the camp was awake) is void.
                    if d is not None and d >= env.now:
                        yield env.timeout(d - env.now)
                        self._doze(i)
                yield env.timeout(rs + s.end - env.now)
                self._end_shift(i)
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
        s = self.slots[i]
        w = self.index[s.name]
        self._wake(w, WATCH)
        self.on_watch = i
        rolls = []
        if self.cfg.rules.fall_asleep_on_watch and not self.doze_rolled[i]:
            # House reading: one roll per shift, when its watcher takes it up; a resumed shift
            # is the same shift and is not rolled again (design.md).
            self.doze_rolled[i] = True
            st = self.stream(f"doze:{i + 1}")
            die = rules.doze_die(self.cfg.party[w].con)
            face = st.die(die)
            rolls.append(
                roll_record(f"1d{die}", [face], purpose="falls asleep on watch", target="1")
            )
            if face == 1:
                now = int(self.env.now)
                left = self.rest_start + s.end - now
                m = st.die(left)
                rolls.append(roll_record(f"1d{left}", [m], -1, purpose="minute of dozing off"))
                self.doze_at[i] = now + m - 1
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
        s = self.slots[i]
        self._sleep(self.index[s.name], DOZING)
        self.on_watch = None
        self.broken = True
        if self.broken_at is None:
            self.broken_at = int(self.env.now)
        self.emit("watch.dozed", {"actor": s.name, "shift": i + 1})

    def _end_shift(self, i: int) -> None:
        if self.on_watch != i:
            return
        s = self.slots[i]
        w = self.index[s.name]
        nxt = self.slots[i + 1] if i + 1 < len(self.slots) else None
        if nxt is None:
            self.on_watch = None
            if self.rest_start + s.end < self.rest_end:
                self._sleep(w)
                self.emit("watch.ended", {"actor": s.name, "shift": i + 1})
        elif nxt.name != s.name:
            self.on_watch = None
            self._sleep(w)
            self.emit("watch.handed_over", {"actor": s.name, "to": nxt.name, "shift": i + 1})

    def _monster(self) -> Generator[Event, Any, None]:
        env, cfg = self.env, self.cfg
        chance = cfg.camp.chance
        s = self.stream("monster")
        face = s.die(6)
        rolls = [roll_record("1d6", [face], purpose="wandering monster", target=f"<= {chance}")]
        hit = rules.chance(face, chance)
        if hit:
            m = s.die(cfg.rest_minutes)
            rolls.append(roll_record(f"1d{cfg.rest_minutes}", [m], -1, purpose="minute of arrival"))
        self.emit("monster.checked", {"encounter": hit, "chance": chance, "rolls": rolls})
        if not hit:
            return
        arrival = Event(env)
        arrival._ok = True
        arrival._value = None
        env.schedule(arrival, LATE, m - 1)
        yield arrival
        now = int(env.now)
        names = self.names
        awake = [i for i, st in enumerate(self.state) if st < ASLEEP]
        asleep = [i for i, st in enumerate(self.state) if st >= ASLEEP]
        rolls = []
        sp = self.stream("surprise")
        if awake:
            pf = sp.die(6)
            party_surprised = rules.surprised(pf)
            rolls.append(roll_record("1d6", [pf], purpose="party surprise", target="<= 2"))
        else:
            party_surprised = True  # nobody awake: the party side is surprised
        mf = sp.die(6)
        monster_surprised = rules.surprised(mf)
        rolls.append(roll_record("1d6", [mf], purpose="monster surprise", target="<= 2"))
        ds = self.stream("distance")
        if party_surprised and monster_surprised:
            faces = [ds.die(4)]
            rolls.append(roll_record("1d4", faces, purpose="distance x 30 ft"))
        else:
            faces = [ds.die(6), ds.die(6)]
            rolls.append(roll_record("2d6", faces, purpose="distance x 30 ft"))
        table = "night_fire" if self.fire_burning else "night_no_fire"
        entries = getattr(cfg.encounters, table)
        creature = None
        if entries:
            weights = [e.weight for e in entries]
            cf = self.stream("creature").die(sum(weights))
            rolls.append(roll_record(f"1d{sum(weights)}", [cf], purpose="creature"))
            creature = entries[rules.weighted_pick(weights, cf)].creature
        surprised = sorted(asleep + (awake if party_surprised else []))
        for i in surprised:
            self.ever_surprised[i] = True
        covering = self._shift_at(now)
        settles_at = now + cfg.rules.encounter_minutes
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
            self._wake(i)
        for i in awake:
            self.state[i] = AWAKE
        self.emit("camp.woke", {"woken": [names[i] for i in asleep]})
        settled = env.event()
        if self.rota is not None and self.rota.is_alive:
            self.rota.interrupt(Encounter(now, settles_at_or_none, settled))
        if settles_at_or_none is None:
            return
        yield env.timeout(cfg.rules.encounter_minutes)
        nxt = self._shift_at(int(env.now))
        keep = self.index[self.slots[nxt].name] if nxt is not None else None
        for i in range(len(names)):
            if i != keep:
                self._sleep(i)
        self.emit("camp.settled", {"on_watch": self.slots[nxt].name if nxt is not None else None})
        settled.succeed()

    # --- the morning (rules.md 5-6) -------------------------------------------------------

    def _fire_overlap(self) -> int:
        if self.fire_lit_at is None:
            return 0
        out = self.fire_out_at if self.fire_out_at is not None else self.rest_end
        return max(0, min(out, self.rest_end) - max(self.fire_lit_at, self.rest_start))

    def _morning(self) -> NightOutcome:
        cfg = self.cfg
        r = cfg.rules
        n = len(self.names)
        # Close every stretch of sleep at dawn; sleep counts only inside the rest period.
        self.dawn = True
        for i in range(n):
            self._wake(i)
        lit = self.fire_lit_at is not None
        warmed = lit and self._fire_overlap() >= r.fire_warmth_hours * 60
        outcomes = []
        for i, c in enumerate(cfg.party):
            slept = self.slept[i]
            interrupted = self.stretches[i] >= 2
            difficulty = rules.rest_difficulty(warmed, c.bedroll, c.tent, self.season)
            mod = 0
            rolls: list[dict[str, object]] = []
            if slept < rules.MIN_SLEEP_MINUTES:
                full, reason = False, "slept under 6 hours"
            elif r.quick_rest and (c.bedroll or c.tent):
                full, reason = True, "quick rest: has bedding"
            elif difficulty == "easy":
                full, reason = True, "easy night"
            elif difficulty == "impossible":
                full, reason = False, "impossible night"
            else:
                mod = (
                    rules.ability_modifier(c.con)
                    + rules.DIFFICULTY_MODIFIER[difficulty]
                    + rules.rest_modifier(
                        self.tasty and c.name in self.eaters,
                        self.lifted,
                        self.ridiculed == c.name,
                    )
                )
                face = self.stream(f"rest:{c.name}").die(6)
                rolls.append(roll_record("1d6", [face], mod, purpose="CON check", target=">= 4"))
                full = rules.ability_check(face, mod)
                reason = f"{difficulty} night, CON check {'passed' if full else 'failed'}"
            self.emit(
                "rest.checked",
                {
                    "actor": c.name,
                    "slept_minutes": slept,
                    "difficulty": difficulty,
                    "full_rest": full,
                    "reason": reason,
                    "interrupted": interrupted,
                    "rolls": rolls,
                },
            )
            hp_before, exh_before = self.hp[i], self.exhaustion[i]
            hp, exh = rules.wake(hp_before, c.max_hp, exh_before, full)
            self.emit(
                "character.woke",
                {"actor": c.name, "hp": hp, "hp_before": hp_before, "exhaustion": exh},
            )
            prepared, lost = [], []
            risky = not full or interrupted
            if c.spells:
                sp = self.stream(f"spells:{c.name}")
                for spell in c.spells:
                    srolls = []
                    if risky:
                        f = sp.die(6)
                        srolls.append(roll_record("1d6", [f], purpose="spell fails", target="1"))
                        if rules.spell_lost(f):
                            lost.append(spell)
                            self.emit(
                                "spell.lost", {"actor": c.name, "spell": spell, "rolls": srolls}
                            )
                            continue
                    prepared.append(spell)
                    self.emit("spell.prepared", {"actor": c.name, "spell": spell, "rolls": srolls})
            outcomes.append(
                CharacterOutcome(
                    name=c.name,
                    full_rest=full,
                    slept_minutes=slept,
                    interrupted=interrupted,
                    surprised=self.ever_surprised[i],
                    difficulty=difficulty,
                    hp=hp,
                    exhaustion=exh,
                    spells_prepared=tuple(prepared),
                    spells_lost=tuple(lost),
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
        if self.record:
            self.emit("night.summary", summary_fields(out, self.clock))
        return out


def summary_fields(out: NightOutcome, clk: Any) -> dict[str, Any]:
    enc = out.encounter
    return {
        "night": out.night,
        "characters": [
            {
                "name": c.name,
                "full_rest": c.full_rest,
                "slept_minutes": c.slept_minutes,
                "interrupted": c.interrupted,
                "surprised": c.surprised,
                "difficulty": c.difficulty,
                "hp": c.hp,
                "exhaustion": c.exhaustion,
                "spells_prepared": list(c.spells_prepared),
                "spells_lost": list(c.spells_lost),
            }
            for c in out.characters
        ],
        "encounter": None
        if enc is None
        else {
            "at": clk(enc.at),
            "creature": enc.creature,
            "table": enc.table,
            "distance_ft": enc.distance_ft,
            "party_surprised": enc.party_surprised,
            "monster_surprised": enc.monster_surprised,
            "nobody_awake": enc.nobody_awake,
            "surprised": list(enc.surprised),
        },
        "rota_broken_at": None if out.rota_broken_at is None else clk(out.rota_broken_at),
        "fire": {
            "lit": out.fire_lit,
            "out_at": None if out.fire_out_at is None else clk(out.fire_out_at),
            "lasted": out.fire_lasted,
            "warmed": out.fire_warmed,
        },
    }
