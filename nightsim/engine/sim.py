"""One night: the actors wired together on one SimPy timeline.

The evening runs up to the rest period; then the rota, the monster (and, when the night is
recorded, the hourly strikes) run until dawn, and the morning applies the rest rules to what
they recorded. Every actor records through the one `Recorder`: `EventLog` for `run`,
`NO_RECORD` for `odds`, which then builds no event at all. tests/engine/test_engine_golden.py holds
the two to the same outcomes.
"""

from __future__ import annotations

from nightsim import rules
from nightsim.config import Config
from nightsim.editions import Readings
from nightsim.engine._simpy import Driven, LeanEnvironment
from nightsim.engine.dice import Dice
from nightsim.engine.evening import EveningChores
from nightsim.engine.fire import Fire
from nightsim.engine.hours import HourStrikes, TracedSleepers
from nightsim.engine.monster import Monster
from nightsim.engine.morning import NightRecord, morning, morning_events
from nightsim.engine.outcome import NightOutcome, PartyState
from nightsim.engine.plan import CURRENT_READINGS, NightPlan, plan_for, stream_names
from nightsim.engine.recorder import NO_RECORD, EventLog, Recorder, Stamp
from nightsim.engine.rota import Rota
from nightsim.engine.shared import AtRest, rest_alone
from nightsim.engine.sleepers import Sleepers
from nightsim.events import Event, NightBegan, RestBegan, ShiftTimes


class NightSim:
    """One night. `run()` returns the outcome; `events` holds what was recorded, in order.

    `record=False` (what `odds` runs) is the same timeline with the same dice and the null
    recorder; `recorder` lets a journey number its nights' events in one sequence.
    """

    __slots__ = (
        "at_rest",
        "carried",
        "day",
        "dice",
        "env",
        "evening",
        "exhaustion",
        "fire",
        "hp",
        "monster",
        "month",
        "night",
        "offset",
        "plan",
        "rec",
        "rota",
        "season",
        "sleepers",
        "streams",
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
        recorder: Recorder | None = None,
        at_rest: AtRest | None = None,
        readings: Readings = CURRENT_READINGS,
    ) -> None:
        # The stream names follow the dice's generator (plan.StreamNames); the plan, the
        # edition's readings (editions.Readings: the one place editions differ).
        plan, names_by_night = plan_for(cfg, dice.rng, readings)
        streams = names_by_night.get(night)
        if streams is None:
            streams = stream_names(cfg, night, dice.rng, readings)
        self.streams = streams
        self.plan, self.dice, self.night, self.offset = plan, dice, night, offset
        self.season: rules.Season = season or plan.season
        self.month = month if month is not None else cfg.camp.month
        self.day = day if day is not None else cfg.camp.day
        self.carried = plan.carried if carried_firewood is None else carried_firewood
        if recorder is None:
            recorder = EventLog(plan.camp_minute) if record else NO_RECORD
        self.rec = rec = recorder
        self.env = LeanEnvironment()
        if state is None:
            ingredients, self.hp, self.exhaustion = True, plan.hp, plan.exhaustion
        else:
            ingredients = state.ingredients
            self.hp = tuple(state.hp.get(c.name, c.hp) for c in cfg.party)
            self.exhaustion = tuple(state.exhaustion.get(c.name, c.exhaustion) for c in cfg.party)
        # A night that starts at rest has had its evening (on another config's NightSim).
        assert at_rest is None or not rec.recording, "a recorded night tells its evening"
        self.at_rest = at_rest
        self._cast(cfg, ingredients)

    def _cast(self, cfg: Config, ingredients: bool) -> None:
        """The night's actors. Each is handed the night's streams by name and reads its own
        dice from them by name (plan.StreamNames): a new stream is one entry there, none
        here."""
        env, rec, plan, dice, streams = self.env, self.rec, self.plan, self.dice, self.streams
        # A recorded night traces the sleepers for the hourly strikes; odds pays nothing.
        sleepers = TracedSleepers if rec.recording else Sleepers
        self.sleepers = sleepers(plan.names, plan.readings.woken_then_watch_breaks)
        self.fire = Fire(env, rec)
        self.evening: EveningChores | None = None
        if self.at_rest is None:
            self.evening = EveningChores(
                env, rec, cfg, plan, dice, streams=streams, fire=self.fire, ingredients=ingredients
            )
        self.rota = Rota(env, rec, plan, dice, streams=streams, sleepers=self.sleepers)
        self.monster = Monster(
            env,
            rec,
            plan,
            dice,
            streams=streams,
            actors=(self.sleepers, self.fire, self.rota),
            encounter_minutes=cfg.rules.encounter_minutes,
        )

    @property
    def events(self) -> list[Event]:
        return self.rec.events if isinstance(self.rec, EventLog) else []

    def run(self) -> NightOutcome:
        env, rec, plan = self.env, self.rec, self.plan
        recording = rec.recording  # (no null calls: docs/design-notes.md)
        if recording:
            rec.timed(env, self.offset, self.night)
            rec.emit(night_began, self.season, self.month, self.day)
        if self.evening is not None:
            Driven(env, self.evening.run(self.carried, self._begin_rest))
        else:
            self._resume_at_rest()
        # Every event due before one minute after dawn: the last hour's strike and a fire
        # dying at dawn are still heard. (What env.run(until=...) does, without its stop
        # event: nothing else URGENT is ever due at that minute.)
        Driven.run_until(env, plan.rest_end + 1)
        end = (
            plan.rest_end + self.rota.run_on
        )  # docs/rules.md §4, sleep_in: later after an encounter
        if end != plan.rest_end:
            Driven.run_until(env, end + 1)
        env.minute = end  # the morning happens at dawn, whatever ran last
        facts = self.facts()
        # A night at rest keeps its characters' mornings for the other configs (`shared`).
        kept = None if self.at_rest is None else self.at_rest.mornings.characters
        out = morning(facts, self.dice, kept)
        if recording:
            rec.emit_all(morning_events, facts, out, self.dice)
        return out

    def evening_only(self) -> AtRest:
        """Run the evening alone and return the night as its rest period begins, for other
        configs of the same night to start from (docs/architecture.md, "Paired nights,
        shared"). Nothing after it is run."""
        assert self.evening is not None and not self.rec.recording
        taken: list[AtRest] = []
        Driven(self.env, self.evening.run(self.carried, lambda: taken.append(self._at_rest())))
        Driven.run_until(self.env, self.plan.rest_start + 1)
        return taken[0]

    def _at_rest(self) -> AtRest:
        """The state `_begin_rest` finds: taken at the very call it would be made."""
        ev, fire = self.evening, self.fire
        assert ev is not None
        return AtRest(
            tasty=ev.tasty,
            eaters=ev.eaters,
            lifted=ev.lifted,
            ridiculed=ev.ridiculed,
            ingredients=ev.ingredients,
            fire_lit_at=fire.lit_at,
            fire_out_at=fire.out_at,
            fire_out_due=fire.out_due if fire.burning else None,
            # The check is made as the rest period begins, on dice no watch changes.
            arrival=self.monster.check(),
        )

    def _resume_at_rest(self) -> None:
        """Start where the evening of `at_rest` left the night, as the rest period begins,
        and work it off the timeline (`shared.rest_alone`)."""
        assert self.at_rest is not None
        self.env.begin_at(self.plan.rest_start)
        rest_alone(self.at_rest, self.fire, self.rota, self.monster, self._lie_down)

    def _begin_rest(self) -> None:
        """docs/rules.md §3: everyone lies down but the first watcher; the watches begin, and the
        night's one monster check is made."""
        self._lie_down()
        sleepers, plan, rec = self.sleepers, self.plan, self.rec
        if isinstance(sleepers, TracedSleepers):  # recorded: the strikes describe the hours
            # docs/rules.md §4, sleep_in: the rest period may run on, so the strikes ask each hour.
            rota = self.rota
            HourStrikes(
                self.env, rec, lambda: plan.rest_end + rota.run_on, (sleepers, self.fire)
            ).start()
        self.rota.start()
        self.monster.start()

    def _lie_down(self) -> None:
        plan = self.plan
        first = plan.slot_watcher[0] if plan.slots else None
        self.sleepers.lie_down(self.env.minute, first)
        self.rec.emit(rest_began, plan)

    def facts(self) -> NightRecord:
        """What the night has recorded so far, for the morning."""
        sl, fire, plan = self.sleepers, self.fire, self.plan
        ev = self.evening if self.evening is not None else self.at_rest
        assert ev is not None
        end = plan.rest_end + self.rota.run_on
        return NightRecord(
            night=self.night,
            season=self.season,
            plan=plan,
            streams=self.streams,
            slept=sl.slept_by(end),
            stretches=tuple(sl.stretches),
            woken_for_watch=tuple(sl.woken_for_watch),
            surprised=tuple(sl.surprised),
            hp=self.hp,
            exhaustion=self.exhaustion,
            rest_end=end,
            tasty=ev.tasty,
            eaters=ev.eaters,
            lifted=ev.lifted,
            ridiculed=ev.ridiculed,
            ingredients=ev.ingredients,
            encounter=self.monster.encounter,
            broken_at=self.rota.broken_at,
            fire_lit_at=fire.lit_at,
            fire_out_at=fire.out_at,
        )


def night_began(s: Stamp, season: rules.Season, month: str | None, day: int | None) -> NightBegan:
    # `night` is the envelope's (the recorder's `timed`), as on every line of format 2.
    return NightBegan.model_construct(**s.envelope, season=season, month=month, day=day)


def rest_began(s: Stamp, plan: NightPlan) -> RestBegan:
    slots, start = plan.slots, plan.rest_start
    watched = slots[-1].end if slots else 0
    return RestBegan.model_construct(
        **s.envelope,
        until=s.clock(plan.rest_end),
        shifts=[
            ShiftTimes.model_construct(
                actor=x.name, from_=s.clock(start + x.start), to=s.clock(start + x.end)
            )
            for x in slots
        ],
        unwatched_from=s.clock(start + watched) if watched < plan.rest_minutes else None,
    )
