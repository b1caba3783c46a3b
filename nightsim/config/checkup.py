"""What a config resolves to, and the likely mistakes in it: the data behind `nightsim check`.

Pure: a function of the Config (no dice, no I/O, no rich); the CLI renders it. Every number
comes from nightsim.rules, so `check` and the simulation cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from nightsim import rules
from nightsim.codes import NoFire
from nightsim.config import ADVERSE_WEATHER, Character, Config, ShiftSlot
from nightsim.editions import CURRENT_EDITION, Readings, readings_for


@dataclass(frozen=True)
class ShiftInfo:
    number: int  # 1-based
    name: str
    start: str  # clock
    end: str
    minutes: int
    doze_die: int | None  # None when the dozing rule is off


@dataclass(frozen=True)
class CharacterInfo:
    name: str
    con: int
    bedding: int  # 0 none, 1 bedroll or tent, 2 both
    bedroll: bool
    tent: bool
    difficulty_fire: rules.Difficulty
    difficulty_no_fire: rules.Difficulty
    odds_fire: Fraction  # chance of a full rest before the evening's modifiers
    odds_no_fire: Fraction
    watch_minutes: int
    sleep_max_minutes: int  # the rest period minus time on watch
    interrupted: bool  # the rota breaks their sleep, so spells are at risk (docs/rules.md §6.2)
    spells: tuple[str, ...]
    doze_chance: Fraction  # chance of dozing on at least one of their watches


@dataclass(frozen=True)
class Warning:
    """A likely mistake: `key` names the catalogue text, `fields` fill it in."""

    key: str
    fields: dict[str, Any]


@dataclass(frozen=True)
class Checkup:
    chance: int
    terrain: str | None  # None: encounter_chance given directly
    season: rules.Season
    month: str | None
    weather: str | None  # None: firewood_modifier given directly
    firewood_modifier: int
    gatherers: int
    carried_hours: float
    light_fire: bool
    fire_adverse: bool
    fire_chance: int
    fire_starter: bool
    rest_start: str
    rest_end: str
    rest_hours: int
    sleep_in_minutes: int  # 0: the rest period never runs on (docs/rules.md §4, sleep_in)
    sleep_in_end: str  # where the longest sleep-in ends
    fire_warmth_hours: float
    dozing_rule: bool
    # docs/rules.md §5.4 (edition 2): None when the quick option is off; else whether the party
    # takes it ("taken"), or why not ("adverse": adverse conditions, "gear": the gear does not
    # suit the weather; edition 3: "impossible", a camp without fire whose night the rest
    # table calls impossible for someone, `quick_spoiled_cold`). Edition 1 decided it per
    # character: "per_character".
    quick_rest: str | None
    shifts: tuple[ShiftInfo, ...]
    unwatched_from: str | None
    characters: tuple[CharacterInfo, ...]
    warnings: tuple[Warning, ...]
    # A journey's weather night by night (docs/config.md); the fields above are night 1's.
    weather_by_night: tuple[str, ...] = ()
    # docs/rules.md §5.4 (edition 3): the characters for whom the rest table calls a night
    # the fire does not warm impossible, so such a night is adverse and the quick option
    # "taken" does not apply to it (empty: it applies to every night it is taken on).
    quick_spoiled_cold: tuple[str, ...] = ()


def check_odds(modifier: int) -> Fraction:
    """P(1d6 + modifier >= 4), a natural 1 failing and a natural 6 succeeding (docs/rules.md)."""
    return Fraction(sum(rules.ability_check(f, modifier) for f in range(1, 7)), 6)


def rest_odds(
    con: int, difficulty: rules.Difficulty, slept_enough: bool = True, quick: str | None = None
) -> Fraction:
    """The chance of a full rest from the table and the CON check, no evening modifiers;
    `quick`: the quick option as `Checkup.quick_rest` says it (docs/rules.md §5.4): the
    party's (edition 2: "taken" spares every night its check) or "per_character" (edition 1:
    a moderate night spared its check)."""
    if quick is None or quick == "per_character":
        decided = rules.rest_decided(slept_enough, difficulty, quick is not None)
    else:
        decided = rules.party_rest_decided(slept_enough, difficulty, quick == "taken")
    if decided is not None:
        return Fraction(int(rules.DECIDED_FULL[decided]))
    return check_odds(rules.ability_modifier(con) + rules.DIFFICULTY_MODIFIER[difficulty])


def _interrupted(spans: list[tuple[int, int]], rest: int) -> bool:
    """Asleep, awake, asleep again: a watch span with sleep on both sides. The first watch
    (from the start) or the last (to the end) does not interrupt (docs/rules.md §6)."""
    merged: list[list[int]] = []
    for a, b in sorted(spans):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return any(a > 0 and b < rest for a, b in merged)


def _quick(config: Config, readings: Readings) -> str | None:
    """docs/rules.md §5.4: the quick option as the check describes it (Checkup.quick_rest)."""
    camp = config.camp
    if not config.rules.quick_rest:
        return None
    if not readings.quick_rest_by_party:
        return "per_character"
    if camp.fire_adverse:
        return "adverse"
    gear = [(c.bedroll, c.tent) for c in config.party]
    wet = camp.weather in ADVERSE_WEATHER
    return "taken" if rules.quick_gear_suits(gear, wet, camp.resolved_season) else "gear"


def checkup(config: Config, edition: int = CURRENT_EDITION) -> Checkup:
    """The check of `config` under the rules `edition` (the one `run` plays by default)."""
    camp, r = config.camp, config.rules
    readings = readings_for(edition)
    rest = config.rest_minutes
    season = camp.resolved_season
    slots = config.shift_slots()
    shifts = tuple(
        ShiftInfo(
            number=i + 1,
            name=s.name,
            start=config.rest_clock(s.start),
            end=config.rest_clock(s.end),
            minutes=s.end - s.start,
            doze_die=rules.doze_die(config.character(s.name).con)
            if r.fall_asleep_on_watch
            else None,
        )
        for i, s in enumerate(slots)
    )
    watched = slots[-1].end if slots else 0
    unwatched_from = config.rest_clock(watched) if slots and watched < rest else None
    quick = _quick(config, readings)
    spoiled = _quick_spoiled_cold(config, readings) if quick == "taken" else ()
    if spoiled and not (camp.light_fire and camp.fire_starter):
        quick = "impossible"  # no fire tonight: every night it is taken on is impossible
    # docs/rules.md §3.2: the dozing rolls, one per watch in edition 2 (one per entry before).
    watches = config.watches() if readings.doze_per_watch else slots
    cold = "impossible" if spoiled else quick
    chars = [_character(c, watches, config, (quick, cold), readings) for c in config.party]
    return Checkup(
        chance=camp.chance,
        terrain=camp.terrain,
        season=season,
        month=camp.month,
        weather=(camp.weather or "dry") if camp.firewood_modifier is None else None,
        firewood_modifier=camp.wood_modifier,
        gatherers=len(config.evening.firewood),
        carried_hours=camp.carried_firewood_hours,
        light_fire=camp.light_fire,
        fire_adverse=camp.fire_adverse,
        fire_chance=camp.fire_chance,
        fire_starter=camp.fire_starter,
        rest_start=config.rest_clock(0),
        rest_end=config.rest_clock(rest),
        rest_hours=r.rest_hours,
        sleep_in_minutes=config.sleep_in_minutes,
        sleep_in_end=config.rest_clock(rest + config.sleep_in_minutes),
        fire_warmth_hours=r.fire_warmth_hours,
        dozing_rule=r.fall_asleep_on_watch,
        quick_rest=quick,
        shifts=shifts,
        unwatched_from=unwatched_from,
        characters=tuple(chars),
        warnings=tuple(_warnings(config, slots, chars, unwatched_from, readings)),
        weather_by_night=tuple(camp.weather_by_night or ()),
        quick_spoiled_cold=spoiled,
    )


def _quick_spoiled_cold(config: Config, readings: Readings) -> tuple[str, ...]:
    """docs/rules.md §5.4, edition 3: who makes a night the fire does not warm impossible by
    the rest table (adverse: no quick option then). With the gear the quick option needs,
    every character has bedding, so a warmed night is never impossible."""
    if not readings.quick_rest_not_impossible:
        return ()
    season = config.camp.resolved_season
    return tuple(
        c.name
        for c in config.party
        if rules.rest_difficulty(False, c.bedroll, c.tent, season) == "impossible"
    )


def _character(
    c: Character,
    watches: Sequence[ShiftSlot],
    config: Config,
    quick: tuple[str | None, str | None],
    rd: Readings,
) -> CharacterInfo:
    """One character's line of the check: their watches, the most they can sleep, and their
    full-rest odds with and without the fire (docs/rules.md §5). `quick`: the quick option
    on a night the fire warms and on one it does not (`Checkup.quick_rest`; edition 3 spoils
    it on an impossible night)."""
    rest, season = config.rest_minutes, config.camp.resolved_season
    spans = [(s.start, s.end) for s in watches if s.name == c.name]
    on_watch = sum(b - a for a, b in spans)
    sleep_max = rest - on_watch
    enough = sleep_max >= rules.MIN_SLEEP_MINUTES
    d_fire = rules.rest_difficulty(True, c.bedroll, c.tent, season)
    d_cold = rules.rest_difficulty(False, c.bedroll, c.tent, season)
    stay_awake = Fraction(1)
    if config.rules.fall_asleep_on_watch:
        for _ in spans:
            stay_awake *= 1 - Fraction(1, rules.doze_die(c.con))
    # docs/rules.md §6.2: edition 2, woken from sleep for a watch (any but one from the start);
    # edition 1, a watch with sleep on both sides.
    broken = any(a > 0 for a, _ in spans) if rd.spells_broken_by_watch else None
    return CharacterInfo(
        name=c.name,
        con=c.con,
        bedding=rules.bedding(c.bedroll, c.tent),
        bedroll=c.bedroll,
        tent=c.tent,
        difficulty_fire=d_fire,
        difficulty_no_fire=d_cold,
        odds_fire=rest_odds(c.con, d_fire, enough, quick[0]),
        odds_no_fire=rest_odds(c.con, d_cold, enough, quick[1]),
        watch_minutes=on_watch,
        sleep_max_minutes=sleep_max,
        interrupted=_interrupted(spans, rest) if broken is None else broken,
        spells=tuple(c.spells),
        doze_chance=1 - stay_awake,
    )


# Below this the fire is more likely out than lit: worth a warning (a house threshold).
LOW_FIRE_CHANCE = 3
# Below this the fire is more likely too short than warm: worth a warning (a house threshold).
RARELY_WARMS = Fraction(1, 2)


def wood_hours(config: Config) -> dict[float, Fraction]:
    """The evening's firewood in hours, and its chance (docs/rules.md §1): what is carried
    plus each gatherer's 1d6 + the weather modifier, floored at 0."""
    mod = config.camp.wood_modifier
    total: dict[float, Fraction] = {float(config.camp.carried_firewood_hours): Fraction(1)}
    for _ in config.evening.firewood:
        step: dict[float, Fraction] = {}
        for hours, p in total.items():
            for face in range(1, 7):
                h = hours + rules.firewood_hours(face, mod)
                step[h] = step.get(h, Fraction(0)) + p / 6
        total = step
    return total


def warm_hours_needed(config: Config) -> float:
    """Hours of wood the fire must have to warm the night (docs/rules.md §5): it is lit once
    the camp is made and burns through the evening, then `fire_warmth_hours` of the rest
    period (engine/morning.fire_overlap)."""
    return config.rules.evening_minutes / 60 + config.rules.fire_warmth_hours


def warm_chance(config: Config) -> Fraction:
    """The chance that the fire warms the night: lit (a fire-starter, and its X-in-6 in
    adverse conditions) and with wood enough for the evening and the warmth hours."""
    camp = config.camp
    if rules.fire_blocked(camp.light_fire, camp.fire_starter, None) is not None:
        return Fraction(0)
    lit = Fraction(camp.fire_chance, 6) if camp.fire_adverse else Fraction(1)
    need = warm_hours_needed(config)
    return lit * sum((p for h, p in wood_hours(config).items() if h >= need), Fraction(0))


def _evening_warnings(config: Config) -> list[Warning]:
    """The fire and the meal (docs/rules.md §2)."""
    camp, ev = config.camp, config.evening
    out: list[Warning] = []
    # Wood is known to be none only with no gatherer and nothing carried.
    wood = 0.0 if not ev.firewood and camp.carried_firewood_hours <= 0 else None
    blocked = rules.fire_blocked(camp.light_fire, camp.fire_starter, wood)
    no_fire = blocked is not None
    # A dark camp is a choice, not a mistake: only a cook without a fire is worth saying.
    if blocked in (NoFire.NO_FIRE_STARTER, NoFire.NO_FIRE_STARTER_NOR_WOOD):
        out.append(Warning("warn.no_fire_starter", {}))
    elif blocked is NoFire.NO_FIREWOOD:
        out.append(Warning("warn.no_wood", {}))
    elif blocked is None and camp.fire_adverse and camp.fire_chance <= LOW_FIRE_CHANCE:
        out.append(Warning("warn.fire_chance_low", {"chance": camp.fire_chance}))
    if ev.cook is not None:
        if no_fire:
            out.append(Warning("warn.cook_no_fire", {"actor": ev.cook}))
        missing = [w for w, ok in (("cookware", camp.cookware), ("ingredients", camp.ingredients))
                   if not ok]  # fmt: skip
        if missing:
            out.append(Warning("warn.cook_no_gear", {"actor": ev.cook, "what": missing}))
    return out


def _warnings(
    config: Config,
    slots: Any,
    chars: list[CharacterInfo],
    unwatched_from: str | None,
    readings: Readings,
) -> list[Warning]:
    camp = config.camp
    out: list[Warning] = []
    if not slots:
        out.append(Warning("warn.no_watch", {}))
    elif unwatched_from is not None:
        watched = slots[-1].end
        out.append(
            Warning(
                "warn.unwatched_end",
                {"watched": f"{watched / 60:g}", "hours": config.rules.rest_hours,
                 "clock": unwatched_from},
            )
        )  # fmt: skip
    for c in chars:
        if c.watch_minutes and c.sleep_max_minutes < rules.MIN_SLEEP_MINUTES:
            out.append(
                Warning(
                    "warn.short_sleep",
                    {"actor": c.name, "watch": c.watch_minutes, "sleep": c.sleep_max_minutes},
                )
            )
    watchers = [c for c in chars if c.watch_minutes]
    if watchers and all(c.sleep_max_minutes == rules.MIN_SLEEP_MINUTES for c in watchers):
        # docs/rules.md §5: 6 hours is the least for a full rest, so any time awake beyond the
        # watch (an encounter) costs every watcher who lost sleep to it their full rest.
        out.append(Warning("warn.six_hours", {}))
    # docs/rules.md §6.2: a caster whose sleep the rota breaks (edition 2: woken for any
    # watch but the first; edition 1: a middle watch).
    caster = "warn.caster_woken" if readings.spells_broken_by_watch else "warn.caster_middle"
    for c in chars:
        if c.spells and c.interrupted:
            out.append(Warning(caster, {"actor": c.name, "spells": tuple(c.spells)}))
    out += _evening_warnings(config)
    out += _warmth_warnings(config, chars)
    for c in chars:
        if c.difficulty_fire == "impossible" and c.difficulty_no_fire == "impossible":
            out.append(
                Warning(
                    "warn.impossible",
                    {"actor": c.name, "season": camp.resolved_season, "bedding": c.bedding,
                     "bedroll": c.bedroll, "tent": c.tent},
                )
            )  # fmt: skip
    for table in ("night_fire", "night_no_fire"):
        if not getattr(config.encounters, table):
            out.append(Warning("warn.no_table", {"table": table}))
    if config.rules.fall_asleep_on_watch and "fall_asleep_on_watch" not in (
        config.rules.model_fields_set
    ):
        # docs/rules.md §3.2: the source's optional rule, on by default; a config that does
        # not say so may not know it is played (one that writes it has agreed to it).
        out.append(Warning("warn.dozing_on", {}))
    return out


def _warmth_warnings(config: Config, chars: list[CharacterInfo]) -> list[Warning]:
    """The fire too short to warm the night with this weather's wood, what that costs each
    character's rest, and who can then never rest fully (docs/rules.md §1, §5)."""
    camp = config.camp
    if rules.fire_blocked(camp.light_fire, camp.fire_starter, None) is not None:
        return []  # no fire at all: _evening_warnings says why (a dark camp is a choice)
    warm = warm_chance(config)
    if warm >= RARELY_WARMS:
        return []
    colder = [(c.name, c.odds_fire, c.odds_no_fire) for c in chars if c.odds_fire > c.odds_no_fire]
    wood = wood_hours(config)
    fields = {
        "most": max(wood),
        "need": warm_hours_needed(config),
        "warmth": config.rules.fire_warmth_hours,
        "chance": warm,
        "colder": colder,
    }
    out = [Warning("warn.fire_never_warms" if warm == 0 else "warn.fire_rarely_warms", fields)]
    if warm == 0:
        # Those whose only full rest was by the fire: never, and no other warning says so.
        for c in chars:
            short = c.sleep_max_minutes < rules.MIN_SLEEP_MINUTES
            impossible = c.difficulty_fire == c.difficulty_no_fire == "impossible"
            if c.odds_no_fire == 0 and c.odds_fire > 0 and not short and not impossible:
                out.append(Warning("warn.never_rests", {"actor": c.name}))
    return out
