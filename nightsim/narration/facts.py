"""Pass one of the narration: a pure function from a log's events to the facts a reader needs.

`tell(events)` yields, in reading order, the `HeaderFacts`, one `NightFacts` per night (a
night is held only until its summary, so a long journey streams) and, after a journey of more
than one night, the `JourneyFacts`. Every fact is an immutable record; nothing here knows a
word of any language or a rich renderable. The renderers (pass two) only read these facts.

The records are `NamedTuple`s, not frozen dataclasses: Python 3.11 compiles six methods for each
frozen dataclass, and the 22 of them cost a cold `nightsim run` ~9 ms to define (these take
~4 ms). A record is still compared, hashed and printed by its fields, and cannot be changed.

Beyond sorting the events, this pass decides *what is revealed when* (the referee's screen):
- the wandering-monster check is told in its hour without its roll; the roll is told in the
  encounter panel (`EncounterFacts.check`) or, if no monster came, at dawn (`MorningFacts`);
- a shift's dozing roll is told when the shift is over (hand-over, doze, end of the rota, or
  `MorningFacts.held` at dawn), never when it starts: a 1 told at 21:00 would give away the
  doze at 21:47. A watcher standing two shifts in a row has no hand-over: the earlier shift's
  roll is told when the later one begins;
- with `quiet`, the hours are not told, so no shift's roll is revealed at all (the morning
  has no `held` lines).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, assert_never

from nightsim import events as ev
from nightsim import rules
from nightsim.clock import DAY
from nightsim.codes import NoFire, Purpose, RestReason, Table
from nightsim.narration import sleep

Rolls = tuple[ev.Roll, ...]

# --- the header -------------------------------------------------------------------------------


class Member(NamedTuple):
    """One row of the header's party table, as the config gave it."""

    name: str
    con: int
    wis: int
    cha: int
    hp: int
    max_hp: int
    save_doom: int
    bedroll: bool
    tent: bool
    spells: tuple[str, ...]


class ShiftFacts(NamedTuple):
    actor: str
    start: str
    end: str


class HeaderFacts(NamedTuple):
    """The camp as configured: where, when, the fire, the rest period and rota, the party."""

    seed: int | str
    commitment: str  # the seed's SHA-256: what the players' view shows for the seed
    nights: int
    terrain: str | None  # None: the hex's own chance was given instead
    chance: int
    season: str
    month: str | None
    weather: str | None  # None: a firewood modifier as the referee rules
    firewood_modifier: int
    # by_weather: a journey whose `weather_by_night` has nights of both kinds (docs/config.md)
    fire: Literal["dark", "no_starter", "auto", "chance", "by_weather"]
    fire_chance: int
    carried_hours: float
    rest_from: str
    rest_to: str
    shifts: tuple[ShiftFacts, ...]
    party: tuple[Member, ...]
    # A campaign night (the header's `campaign` link): its encounter panel names the night,
    # since `campaign night --nights N` tells several one-night logs in a row.
    campaign: bool = False
    weather_by_night: tuple[str, ...] = ()  # a journey's weather night by night, if given

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.party)


# --- the evening and the hours ----------------------------------------------------------------

EveningEvent = (
    ev.SitePrepared
    | ev.FirewoodGathered
    | ev.WaterFetched
    | ev.FireLit
    | ev.FireNotLit
    | ev.MealCooked
    | ev.MealNotCooked
    | ev.CampEntertained
)
_EVENING = (
    ev.SitePrepared,
    ev.FirewoodGathered,
    ev.WaterFetched,
    ev.FireLit,
    ev.FireNotLit,
    ev.MealCooked,
    ev.MealNotCooked,
    ev.CampEntertained,
)


class NightTitle(NamedTuple):
    number: int
    season: str
    month: str | None
    day: int | None
    weather: str | None = None  # told only for a journey with `weather_by_night`


class RestLine(NamedTuple):
    clock: str
    until: str
    watched: bool  # a rota was set at all
    unwatched_from: str | None


class WatchLine(NamedTuple):
    """A shift begins (or the rota resumes); `told`: an earlier shift's roll, now over."""

    clock: str
    actor: str
    until: str
    resumed: bool
    told: Rolls


class ShiftOver(NamedTuple):
    """A shift ends: handed over, dozed off, or the rota's end; its dozing roll is told now."""

    clock: str
    actor: str
    how: Literal["handed_over", "dozed", "ended"]
    to: str | None
    told: Rolls


class Missed(NamedTuple):
    clock: str
    actor: str
    own_shift: bool  # the one who dozed off sleeps through their own next shift


class CheckLine(NamedTuple):
    """The wandering-monster check is rolled: its chance, never its roll (behind the screen)."""

    clock: str
    chance: int


class Happened(NamedTuple):
    """An event its hour tells in words alone: the catalogues' `night.<what>` entry, keyed
    by the event's own type, so an event of this kind needs its words and nothing else."""

    clock: str
    what: str  # the event's `type`: "fire.out", "monster.arrived", "camp.woke"
    actor: str | None = None  # whose row the page marks it in; None: the events lane


class Settled(NamedTuple):
    clock: str
    on_watch: str | None


@dataclass(frozen=True)
class RunOn:
    """The rest period runs on after an encounter (docs/rules.md §4, sleep_in)."""

    clock: str
    until: str


NightLine = RestLine | WatchLine | ShiftOver | Missed | CheckLine | Happened | Settled | RunOn


class EncounterFacts(NamedTuple):
    """The monster's arrival, and the check's roll, revealed with it."""

    clock: str
    check: Rolls  # the wandering-monster check; empty if the log has none
    watch_of: str | None
    watcher_awake: bool
    creature: str | None
    table: Table
    distance_ft: int
    distance: ev.Roll | None
    awake: tuple[str, ...]
    surprised: tuple[str, ...]
    party_surprised: bool
    party_roll: ev.Roll | None
    monster_surprised: bool
    monster_roll: ev.Roll | None
    # Nobody woke `watch_of` for the watch (its hand-over was missed): nobody is on watch,
    # as the hour's line says, though the rota names whose watch it should have been.
    unwoken: bool = False


@dataclass(frozen=True)
class WatchTurn:
    """A stretch of the hour under one watcher, or under nobody (`actor` None)."""

    actor: str | None
    start: str
    end: str


class HourFacts(NamedTuple):
    number: int
    start: str
    end: str
    minutes: int  # 60; a last hour may be shorter when the rest period is not whole hours
    watch: tuple[WatchTurn, ...]  # the whole hour, in order: the log's spans and the gaps
    dozed: tuple[str, ...]
    fire_minutes: int
    asleep: tuple[str, ...]  # asleep all the hour, and not dozing
    awake: tuple[str, ...]  # awake at some minute, besides the hour's watchers
    lines: tuple[NightLine, ...]
    encounters: tuple[EncounterFacts, ...]  # told right after the hour
    # When those in `awake` were up, if not the whole hour: outside a watch a sleeper is up
    # only from the camp's waking to its settling again (docs/rules.md §4), so "awake" alone
    # would read as awake all the hour. None: from the hour's start / to its end.
    awake_from: str | None = None
    awake_until: str | None = None


# --- the morning ------------------------------------------------------------------------------


class Spell(NamedTuple):
    name: str
    prepared: bool
    roll: ev.Roll | None


class RestRow(NamedTuple):
    actor: str
    slept_minutes: int
    difficulty: str
    full_rest: bool
    verdict: RestReason
    check: ev.Roll | None
    hp: tuple[int, int] | None  # before, after; None if the log has no waking
    exhaustion: int
    exhaustion_before: int | None  # None if unknown or unchanged
    spells: tuple[Spell, ...]
    spell_risk: Literal["interrupted", "unrested"] | None


class Held(NamedTuple):
    """A shift that ran to dawn awake: its dozing roll, told at last."""

    actor: str
    rolls: Rolls


class MorningFacts(NamedTuple):
    night: int
    clock: str
    rows: tuple[RestRow, ...]
    held: tuple[Held, ...]
    fire: Literal["unlit", "lasted", "out_warm", "out_cold"] | None
    fire_out_at: str | None
    rota_broken_at: str | None
    no_encounter: bool
    check: Rolls  # revealed at dawn when no monster came


class NightFacts(NamedTuple):
    names: tuple[str, ...]
    title: NightTitle | None
    evening: tuple[EveningEvent, ...]
    hours: tuple[HourFacts, ...]
    track: sleep.Track | None  # None when quiet, or if the night never reached rest
    morning: MorningFacts
    # name -> "he" / "she" / "they", from the header's config (the grammar of some lines)
    pronouns: tuple[tuple[str, str], ...] = ()
    # name -> ((case, form), ...), the header's config's `party.forms` (a name's cases)
    forms: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()


# --- the journey ------------------------------------------------------------------------------


class JourneyRow(NamedTuple):
    name: str
    rested: int
    hp: tuple[int, ...]  # before the first night, then after each
    exhaustion: tuple[int, ...]
    lost: int
    surprised: int


class JourneyFacts(NamedTuple):
    nights: int = 0
    rows: tuple[JourneyRow, ...] = ()
    attacked: tuple[int, ...] = ()


Facts = HeaderFacts | NightFacts | JourneyFacts


# --- pass one ---------------------------------------------------------------------------------


def header_facts(h: ev.NightHeader) -> HeaderFacts:
    cfg, res = h.config, h.resolved
    camp: dict[str, Any] = cfg.get("camp", {})
    # A log written before docs/rules.md's second reading has no `fire_adverse`: its
    # fire_chance = 6 meant normal conditions.
    adverse = res.get("fire_adverse", camp.get("fire_chance", 6) < 6)
    blocked = rules.fire_blocked(camp.get("light_fire", True), camp.get("fire_starter", True), None)
    if blocked is NoFire.DARK_CAMP:
        fire: Literal["dark", "no_starter", "auto", "chance", "by_weather"] = "dark"
    elif blocked is not None:
        fire = "no_starter"
    elif _mixed_weather(camp) and h.nights > 1:
        fire = "by_weather"
    elif not adverse:
        fire = "auto"
    else:
        fire = "chance"
    return HeaderFacts(
        seed=h.seed,
        commitment=h.seed_sha256,
        nights=h.nights,
        terrain=camp.get("terrain"),
        chance=res["encounter_chance"],
        season=res["season"],
        month=camp.get("month"),
        weather=camp.get("weather"),
        firewood_modifier=res["firewood_modifier"],
        fire=fire,
        fire_chance=camp.get("fire_chance", 6),
        carried_hours=camp.get("carried_firewood_hours", 0),
        rest_from=res["rest_from"],
        rest_to=res["rest_to"],
        shifts=tuple(ShiftFacts(s["actor"], s["from"], s["to"]) for s in res.get("shifts", [])),
        party=tuple(_member(c) for c in cfg.get("party", [])),
        campaign=h.campaign is not None,
        weather_by_night=tuple(camp.get("weather_by_night") or ()),
    )


def _mixed_weather(camp: Mapping[str, Any]) -> bool:
    """A journey whose weather, night by night, is adverse for the fire on some nights and
    not on others (`fire_conditions = "auto"`: adverse in snow or heavy rain)."""
    by_night = camp.get("weather_by_night") or ()
    if not by_night or camp.get("fire_conditions", "auto") != "auto":
        return False
    # Loaded only for such a log: a reader of any other loads no config model.
    from nightsim.config import ADVERSE_WEATHER

    return len({w in ADVERSE_WEATHER for w in by_night}) == 2


def _member(c: dict[str, Any]) -> Member:
    return Member(
        name=c["name"],
        con=c["con"],
        wis=c["wis"],
        cha=c["cha"],
        hp=c["hp"],
        max_hp=c["max_hp"],
        save_doom=c["save_doom"],
        bedroll=bool(c.get("bedroll")),
        tent=bool(c.get("tent")),
        spells=tuple(c.get("spells", [])),
    )


def _forms(
    party: Sequence[Mapping[str, Any]],
) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Each character's `forms` (case -> form), in a fixed order; anything but strings (a
    forged header's) is left out, the name then declined by the rules."""
    out = []
    for c in party:
        given = c.get("forms")
        if isinstance(given, Mapping):
            cases = tuple(sorted((k, v) for k, v in given.items() if isinstance(v, str)))
            out.append((str(c["name"]), cases))
    return tuple(out)


class _Screen:
    """What the referee keeps behind the screen while one night is told, hour by hour.

    Private to `night_facts` and alive for one night only: the facts it returns are frozen."""

    def __init__(self) -> None:
        self.doze: dict[int, tuple[str, Rolls]] = {}  # shift -> (watcher, dozing roll), untold
        self.dozer: str | None = None  # who dozed off on watch tonight
        self.unwoken: set[str] = set()  # whose watch was missed and who has not stood since

    def _over(self, shift: int) -> Rolls:
        return self.doze.pop(shift, ("", ()))[1]

    def line(self, e: ev.Event) -> NightLine | None:
        match e:
            case ev.RestBegan():
                return RestLine(e.clock, e.until, bool(e.shifts), e.unwatched_from)
            case ev.WatchBegan():
                self.unwoken.discard(e.actor)
                earlier = [s for s in self.doze if s < e.shift]
                told = tuple(r for s in earlier for r in self.doze.pop(s)[1])
                if e.rolls:
                    self.doze[e.shift] = (e.actor, tuple(e.rolls))
                return WatchLine(e.clock, e.actor, e.until, e.resumed, told)
            case ev.WatchHandedOver():
                return ShiftOver(e.clock, e.actor, "handed_over", e.to, self._over(e.shift))
            case ev.WatchDozed():
                self.dozer = e.actor
                return ShiftOver(e.clock, e.actor, "dozed", None, self._over(e.shift))
            case ev.WatchEnded():
                return ShiftOver(e.clock, e.actor, "ended", None, self._over(e.shift))
            case ev.WatchMissed():
                self.unwoken.add(e.actor)
                return Missed(e.clock, e.actor, own_shift=e.actor == self.dozer)
            case ev.MonsterChecked():
                return CheckLine(e.clock, e.chance)
            case ev.FireOut() | ev.MonsterArrived() | ev.CampWoke():
                return Happened(e.clock, e.type)
            case ev.CampSettled():
                return Settled(e.clock, e.on_watch)
            case ev.RestExtended():
                return RunOn(e.clock, e.until)
            # Told elsewhere, not as a line of an hour: the title, the evening (`_EVENING`),
            # the hour itself (`HourFacts`), the morning table and the night's summary.
            case (
                ev.NightHeader()
                | ev.NightBegan()
                | ev.SitePrepared()
                | ev.FirewoodGathered()
                | ev.WaterFetched()
                | ev.FireLit()
                | ev.FireNotLit()
                | ev.MealCooked()
                | ev.MealNotCooked()
                | ev.CampEntertained()
                | ev.HourPassed()
                | ev.RestChecked()
                | ev.CharacterWoke()
                | ev.SpellPrepared()
                | ev.SpellLost()
                | ev.NightSummary()
            ):
                return None
            case _:  # a new event type: mypy names it here until it has its case
                assert_never(e)

    def held(self) -> tuple[Held, ...]:
        """The shifts still untold at dawn: they ran to the end awake."""
        return tuple(Held(actor, rolls) for actor, rolls in self.doze.values())


def line_of(e: ev.Event) -> NightLine | None:
    """One event's line told alone, after the fact (`nightsim whatif`): nothing is kept
    behind the screen, so a line tells no earlier shift's roll."""
    return _Screen().line(e)


def _roll(rolls: Sequence[ev.Roll], purpose: Purpose) -> ev.Roll | None:
    return next((r for r in reversed(rolls) if r.purpose == purpose), None)


def encounter_facts(
    e: ev.MonsterArrived, check: ev.MonsterChecked | None, unwoken: Set[str] = frozenset()
) -> EncounterFacts:
    return EncounterFacts(
        clock=e.clock,
        check=tuple(check.rolls) if check else (),
        watch_of=e.watch_of,
        watcher_awake=e.watch_of in e.awake,
        creature=e.creature,
        table=e.table,
        distance_ft=e.distance_ft,
        distance=_roll(e.rolls, Purpose.DISTANCE),
        awake=tuple(e.awake),
        surprised=tuple(e.surprised),
        party_surprised=e.party_surprised,
        party_roll=_roll(e.rolls, Purpose.PARTY_SURPRISE),
        monster_surprised=e.monster_surprised,
        monster_roll=_roll(e.rolls, Purpose.MONSTER_SURPRISE),
        unwoken=e.watch_of in unwoken and e.watch_of not in e.awake,
    )


@dataclass
class _Rest:
    """A rest.checked row and what follows it (its waking, its spells), while sorting."""

    rest: ev.RestChecked
    woke: ev.CharacterWoke | None = None
    spells: list[ev.SpellPrepared | ev.SpellLost] = field(default_factory=list)


@dataclass
class _Parts:
    """One night's events sorted: evening (before rest), hours (split on each strike), rests."""

    evening: list[ev.Event] = field(default_factory=list)
    hours: list[tuple[ev.HourPassed, list[ev.Event]]] = field(default_factory=list)
    rests: list[_Rest] = field(default_factory=list)


def _sort(night: Sequence[ev.Event]) -> _Parts:
    parts = _Parts()
    pending: list[ev.Event] = []
    resting = False
    for e in night:
        resting = resting or isinstance(e, ev.RestBegan)
        if isinstance(e, ev.RestChecked):
            parts.rests.append(_Rest(e))
        elif isinstance(e, ev.CharacterWoke) and parts.rests:
            parts.rests[-1].woke = e
        elif isinstance(e, ev.SpellPrepared | ev.SpellLost) and parts.rests:
            parts.rests[-1].spells.append(e)
        elif isinstance(e, ev.HourPassed):
            parts.hours.append((e, pending))
            pending = []
        elif not resting:
            parts.evening.append(e)
        elif not parts.rests and not isinstance(e, ev.NightSummary):
            pending.append(e)
    if pending and parts.hours:  # what happened at dawn, after the last strike, joins the last
        parts.hours[-1][1].extend(pending)
    return parts


def _awake_span(start: str, inside: Sequence[ev.Event]) -> tuple[str | None, str | None]:
    """From when to when the hour's non-watchers were up: the camp's waking (an encounter)
    and its settling again inside the hour; None where that is the hour's own edge."""
    woke = next((e.clock for e in inside if isinstance(e, ev.CampWoke)), None)
    settled = next((e.clock for e in reversed(inside) if isinstance(e, ev.CampSettled)), None)
    if woke is not None and settled is not None:
        first_woke = next(i for i, e in enumerate(inside) if isinstance(e, ev.CampWoke))
        last_settled = max(i for i, e in enumerate(inside) if isinstance(e, ev.CampSettled))
        if last_settled < first_woke:  # settled from an earlier waking, then woken again
            return None, None
    return (woke if woke != start else None), settled


def _hours(
    parts: _Parts, start: str, check: ev.MonsterChecked | None, screen: _Screen
) -> tuple[HourFacts, ...]:
    hours: list[HourFacts] = []
    for passed, inside in parts.hours:
        lines: list[NightLine] = []
        encounters: list[EncounterFacts] = []
        for e in inside:  # in order: an encounter reads who was left unwoken before it
            if (told := screen.line(e)) is not None:
                lines.append(told)
            if isinstance(e, ev.MonsterArrived):
                encounters.append(encounter_facts(e, check, screen.unwoken))
        watchers = {span.actor for span in passed.watch}
        awake_from, awake_until = _awake_span(start, inside)
        hours.append(
            HourFacts(
                number=passed.hour,
                start=start,
                end=passed.clock,
                minutes=passed.unwatched_minutes + sum(_span(w.from_, w.to) for w in passed.watch),
                watch=watch_turns(passed, start),
                dozed=tuple(passed.dozed),
                fire_minutes=passed.fire_minutes,
                asleep=tuple(n for n in passed.slept_through if n not in passed.dozed),
                awake=tuple(n for n in passed.awake if n not in watchers),
                lines=tuple(lines),
                encounters=tuple(encounters),
                awake_from=awake_from,
                awake_until=awake_until,
            )
        )
        start = passed.clock
    return tuple(hours)


_QUICK = (RestReason.QUICK_REST, RestReason.QUICK_REST_BEDDING)


def _span(start: str, end: str) -> int:
    """Minutes from one clock face to a later one within a day (an hour may cross midnight)."""
    h0, m0 = start.split(":")
    h1, m1 = end.split(":")
    return (int(h1) * 60 + int(m1) - int(h0) * 60 - int(m0)) % DAY


def watch_turns(passed: ev.HourPassed, start: str) -> tuple[WatchTurn, ...]:
    """The hour from `start` to the strike as turns: each span of the log, and nobody's
    turns between them (the spans are in order and never overlap, so clock faces compare
    by equality alone, midnight or not)."""
    turns: list[WatchTurn] = []
    at = start
    for span in passed.watch:
        if span.from_ != at:
            turns.append(WatchTurn(None, at, span.from_))
        turns.append(WatchTurn(span.actor, span.from_, span.to))
        at = span.to
    if at != passed.clock or not turns:
        turns.append(WatchTurn(None, at, passed.clock))
    return tuple(turns)


def _verdict(r: ev.RestChecked) -> RestReason:
    # A quick rest on a night that was easy anyway reads as an easy night (the wording the
    # table has always had: the quick-rest rule changed nothing for that character).
    # (Logs before docs/rules.md's second reading gave a quick rest to anyone with bedding.)
    if r.reason in _QUICK and r.difficulty == "easy":
        return RestReason.EASY
    return r.reason


def _rest_row(m: _Rest, before: int | None) -> RestRow:
    r, woke = m.rest, m.woke
    after = woke.exhaustion if woke else 0
    if not r.full_rest:
        risk: Literal["interrupted", "unrested"] | None = "unrested"
    else:
        risk = "interrupted" if r.interrupted else None
    return RestRow(
        actor=r.actor,
        slept_minutes=r.slept_minutes,
        difficulty=r.difficulty,
        full_rest=r.full_rest,
        verdict=_verdict(r),
        check=r.rolls[0] if r.rolls else None,
        hp=(woke.hp_before, woke.hp) if woke else None,
        exhaustion=after,
        exhaustion_before=before if before is not None and before != after else None,
        spells=tuple(
            Spell(s.spell, isinstance(s, ev.SpellPrepared), s.rolls[0] if s.rolls else None)
            for s in m.spells
        ),
        spell_risk=risk,
    )


def _morning(
    number: int,
    rests: Sequence[_Rest],
    summary: ev.NightSummary | None,
    check: ev.MonsterChecked | None,
    held: tuple[Held, ...],
    exhaustion: Mapping[str, int],
) -> MorningFacts:
    fire = summary.fire if summary else None
    fire_end: Literal["unlit", "lasted", "out_warm", "out_cold"] | None = None
    if fire is not None:
        if not fire.lit:
            fire_end = "unlit"
        elif fire.lasted:
            fire_end = "lasted"
        else:
            fire_end = "out_warm" if fire.warmed else "out_cold"
    return MorningFacts(
        night=number,
        clock=rests[0].rest.clock if rests else "",
        rows=tuple(_rest_row(m, exhaustion.get(m.rest.actor)) for m in rests),
        held=held,
        fire=fire_end,
        fire_out_at=fire.out_at if fire else None,
        rota_broken_at=summary.rota_broken_at if summary else None,
        no_encounter=summary is not None and summary.encounter is None,
        check=tuple(check.rolls) if check else (),
    )


def night_facts(
    night: Sequence[ev.Event],
    names: Sequence[str],
    exhaustion: Mapping[str, int],
    *,
    quiet: bool = False,
    pronouns: tuple[tuple[str, str], ...] = (),
    forms: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (),
    first: int = 1,
    weather_by_night: Sequence[str] = (),
) -> NightFacts:
    """One night's facts; `exhaustion` is each character's before the night (for the table);
    `first` is the number the log's own night 1 is told by (`first_night`);
    `weather_by_night` the header config's list of each night's weather, if it has one."""
    began = next((e for e in night if isinstance(e, ev.NightBegan)), None)
    summary = next((e for e in night if isinstance(e, ev.NightSummary)), None)
    check = next((e for e in night if isinstance(e, ev.MonsterChecked)), None)
    number = (began.night if began else 1) + first - 1
    parts = _sort(night)
    start = next((e.clock for e in night if isinstance(e, ev.RestBegan)), "")
    screen = _Screen()
    hours = _hours(parts, start, check, screen)
    held = () if quiet else screen.held()
    return NightFacts(
        names=tuple(names),
        title=NightTitle(
            number, began.season, began.month, began.day, _weather(weather_by_night, began.night)
        )
        if began
        else None,
        evening=tuple(e for e in parts.evening if isinstance(e, _EVENING)),
        hours=hours,
        track=None if quiet else sleep.track(night, names),
        morning=_morning(number, parts.rests, summary, check, held, exhaustion),
        pronouns=pronouns,
        forms=forms,
    )


def _weather(by_night: Sequence[str], night: int) -> str | None:
    """Night `night`'s weather by the config's `weather_by_night` (config.Camp.weather_on:
    the list's last for the nights after it), or None without a list."""
    return by_night[min(night, len(by_night)) - 1] if by_night else None


def journey_after(
    j: JourneyFacts, s: ev.NightSummary, hp_before: Mapping[str, int], exh: Mapping[str, int]
) -> JourneyFacts:
    """The journey so far with one more night; `hp_before`/`exh` as the night began."""
    rows = {r.name: r for r in j.rows}
    for c in s.characters:
        r = rows.get(c.name) or JourneyRow(
            c.name, 0, (hp_before.get(c.name, c.hp),), (exh.get(c.name, 0),), 0, 0
        )
        rows[c.name] = JourneyRow(
            name=c.name,
            rested=r.rested + int(c.full_rest),
            hp=(*r.hp, c.hp),
            exhaustion=(*r.exhaustion, c.exhaustion),
            lost=r.lost + len(c.spells_lost),
            surprised=r.surprised + int(c.surprised),
        )
    attacked = (*j.attacked, s.night) if s.encounter is not None else j.attacked
    return JourneyFacts(j.nights + 1, tuple(rows.values()), attacked)


def first_night(h: ev.NightHeader) -> int:
    """The number a log's first night is told by: a campaign night is a one-night log whose
    header names its place in the campaign (docs/campaign.md, "The chain"), so its night 1
    is the campaign's night N; any other log starts at night 1."""
    return h.campaign.night if h.campaign is not None else 1


def tell(events: Iterable[ev.Event], *, quiet: bool = False) -> Iterator[Facts]:
    """The facts of a log in reading order; one night's events are held at a time."""
    names: tuple[str, ...] = ()
    pronouns: tuple[tuple[str, str], ...] = ()
    forms: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    exhaustion: dict[str, int] = {}
    journey = JourneyFacts()
    night: list[ev.Event] = []
    first = 1
    weathers: tuple[str, ...] = ()

    def told() -> NightFacts:
        """The night so far, as the header last read says its party and weather."""
        seen = names or tuple(x.actor for x in night if isinstance(x, ev.RestChecked))
        return night_facts(
            night,
            seen,
            exhaustion,
            quiet=quiet,
            pronouns=pronouns,
            forms=forms,
            first=first,
            weather_by_night=weathers,
        )

    for e in events:
        if isinstance(e, ev.NightHeader):
            header = header_facts(e)
            first = first_night(e)
            names = header.names
            party = e.config.get("party", [])
            exhaustion = {c["name"]: int(c.get("exhaustion", 0)) for c in party}
            pronouns = tuple((c["name"], c["pronouns"]) for c in party if c.get("pronouns"))
            forms = _forms(party)
            weathers = tuple(e.config.get("camp", {}).get("weather_by_night") or ())
            yield header
            continue
        night.append(e)
        if not isinstance(e, ev.NightSummary):
            continue
        names = names or tuple(x.actor for x in night if isinstance(x, ev.RestChecked))
        facts = told()
        yield facts
        hp_before = {r.actor: r.hp[0] for r in facts.morning.rows if r.hp}
        journey = journey_after(journey, e, hp_before, exhaustion)
        exhaustion = {c.name: c.exhaustion for c in e.characters}
        night = []
    if night:  # a log cut short: tell what there is
        yield told()
    if journey.nights > 1:
        yield journey
