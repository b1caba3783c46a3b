"""A night's plan: what the engine needs from a config, resolved once per config.

Perf only (`odds` runs thousands of nights on one config); every value is a plain function
of the config, and tests/engine/test_engine_golden.py holds the engine to the same nights.
"""

from __future__ import annotations

from typing import Final

from nightsim import rules
from nightsim.config import ADVERSE_WEATHER, Config, ShiftSlot
from nightsim.editions import CURRENT_EDITION, Readings, readings_for
from nightsim.engine.dice import COUNTER_V1, RNG_ID

#: The readings of the edition `run` plays (editions.py).
CURRENT_READINGS = readings_for(CURRENT_EDITION)

# How a shift ends (NightPlan.slot_handover): woken successor, same watcher stays up, the
# last shift ends before dawn (the end of the night unwatched), or with the rest period.
HANDOVER, SAME_WATCHER, UNWATCHED, DAWN = 0, 1, 2, 3


class NightPlan:
    """What a night needs from its config, resolved once per config.

    Perf only: `odds` runs thousands of nights on one config, and reading pydantic
    properties, shift slots, ability modifiers and stream names afresh every night was
    most of a night's cost. Everything here is a plain function of the config; nothing
    here decides a rule.
    """

    __slots__ = (
        "camp_minute",
        "carried",
        "chance",
        "chars",
        "con_mod",
        "config",
        "cook",
        "entertain",
        "evening_half",
        "evening_minutes",
        "exhaustion",
        "fall_asleep",
        "fire",
        "firewood",
        "hp",
        "index",
        "names",
        "preparation_minutes",
        "quick_rest",
        "quick_seasons",
        "quick_spoiled",
        "readings",
        "rest_end",
        "rest_minutes",
        "rest_rows",
        "rest_start",
        "season",
        "sleep_in",
        "sleep_in_moves",
        "slot_doze_die",
        "slot_end",
        "slot_handover",
        "slot_watcher",
        "slots",
        "spell_dice",
        "spells_by_watch",
        "tables",
        "warmth_minutes",
        "wood_modifier",
    )

    def __init__(self, cfg: Config, readings: Readings = CURRENT_READINGS) -> None:
        camp, r, party = cfg.camp, cfg.rules, cfg.party
        self.config = cfg
        # The edition's readings, read by the actors as these flags (editions.Readings).
        self.readings = readings
        self.spells_by_watch = readings.spells_broken_by_watch
        self.sleep_in_moves = readings.sleep_in_moves_handovers
        self.names: tuple[str, ...] = tuple(c.name for c in party)
        self.index = {c.name: i for i, c in enumerate(party)}
        self.camp_minute = camp.camp_minute
        self.carried = camp.carried_firewood_hours
        self.chance = camp.chance
        self.season: rules.Season = camp.resolved_season
        self.wood_modifier = camp.wood_modifier
        self.rest_start = cfg.rest_start
        self.rest_minutes = cfg.rest_minutes
        self.rest_end = self.rest_start + self.rest_minutes
        self.preparation_minutes = r.preparation_minutes
        self.evening_minutes = r.evening_minutes
        self.evening_half = r.evening_minutes // 2
        self.warmth_minutes = r.fire_warmth_hours * 60
        self.fall_asleep = r.fall_asleep_on_watch
        self.quick_rest = r.quick_rest
        self.quick_seasons = _quick_seasons(cfg) if readings.quick_rest_by_party else None
        # docs/rules.md §5.4, edition 3: (fire warmed, season) of the nights the rest table
        # calls impossible for some character: adverse, so no quick option.
        self.quick_spoiled: frozenset[tuple[bool, rules.Season]] = frozenset()
        self.sleep_in = cfg.sleep_in_minutes  # 0: the rest period never runs on
        # docs/rules.md §2: (light the fire at all, has a fire-starter, adverse, X of X-in-6)
        self.fire = (camp.light_fire, camp.fire_starter, camp.fire_adverse, camp.fire_chance)
        self._watches(cfg, readings)
        self.con_mod = tuple(rules.ability_modifier(c.con) for c in party)
        self.hp = tuple(c.hp for c in party)
        # Per character, what the morning reads: name, max HP, spells to prepare.
        self.chars = tuple((c.name, c.max_hp, tuple(c.spells)) for c in party)
        self.exhaustion = tuple(c.exhaustion for c in party)
        self.spell_dice = tuple((rules.SPELL_DIE,) * len(c.spells) for c in party)  # a die a spell
        # rules.rest_difficulty, by character, then fire warmth (False, True), then season.
        self.rest_rows = tuple(
            tuple(_rest_row(c.bedroll, c.tent, warm) for warm in (False, True)) for c in party
        )
        if readings.quick_rest_not_impossible:
            self.quick_spoiled = frozenset(
                (warm, season)
                for rows in self.rest_rows
                for warm in (False, True)
                for season, difficulty in rows[warm].items()
                if difficulty == "impossible"
            )
        self.firewood = tuple(cfg.evening.firewood)
        ev = cfg.evening
        self.cook = _doer(cfg, ev.cook, "wis")
        self.entertain = _doer(cfg, ev.entertain, "cha")
        self.tables: dict[str, tuple[list[int], tuple[str, ...]]] = {
            table: ([e.weight for e in entries], tuple(e.creature for e in entries))
            for table in ("night_fire", "night_no_fire")
            for entries in [getattr(cfg.encounters, table)]
        }

    def _watches(self, cfg: Config, readings: Readings) -> None:
        """The rota's slots and what each hand-over does."""
        # docs/rules.md §3.2, edition 2: one watch however the rota writes it.
        self.slots: tuple[ShiftSlot, ...] = (
            cfg.watches() if readings.doze_per_watch else cfg.shift_slots()
        )
        self.slot_watcher = tuple(self.index[s.name] for s in self.slots)
        self.slot_doze_die = tuple(rules.doze_die(cfg.party[w].con) for w in self.slot_watcher)
        self.slot_end = tuple(self.rest_start + s.end for s in self.slots)
        self.slot_handover = tuple(
            (DAWN if self.rest_start + s.end >= self.rest_end else UNWATCHED)
            if k + 1 == len(self.slots)
            else (SAME_WATCHER if self.slots[k + 1].name == s.name else HANDOVER)
            for k, s in enumerate(self.slots)
        )


def _quick_seasons(cfg: Config) -> frozenset[rules.Season]:
    """docs/rules.md §5.4, edition 2: the seasons in which the party takes the quick option
    (its gear suits the weather there, and the night is not adverse). Edition 1 reads it per
    character (the plan's `quick_seasons` is then None)."""
    camp = cfg.camp
    if not cfg.rules.quick_rest or camp.fire_adverse:
        return frozenset()
    gear = [(c.bedroll, c.tent) for c in cfg.party]
    wet = camp.weather in ADVERSE_WEATHER
    return frozenset(s for s in rules.SEASONS if rules.quick_gear_suits(gear, wet, s))


def _rest_row(bedroll: bool, tent: bool, warm: bool) -> dict[rules.Season, rules.Difficulty]:
    """rules.rest_difficulty for one character and one warmth, by season."""
    return {s: rules.rest_difficulty(warm, bedroll, tent, s) for s in rules.SEASONS}


def _doer(cfg: Config, name: str | None, ability: str) -> tuple[int, int] | None:
    """The cook's or the entertainer's check (docs/rules.md §2): their ability modifier and their
    Save vs Doom target, or None when nobody does it."""
    if name is None:
        return None
    c = cfg.character(name)
    return rules.ability_modifier(getattr(c, ability)), c.save_doom


# The world's dice, one stream each, `n{K}:{word}` (StreamNames sets an attribute of that
# name): a new die of the world is one entry here, read by its actor as `streams.{word}`.
WORLD_STREAMS: Final = ("fire", "monster", "surprise", "distance", "creature")
# The words the world's streams use after `n{K}:` (StreamNames): a person's name that equals
# one is escaped in edition 2, so that no person's stream can read as the world's.
WORLD_WORDS = frozenset({*WORLD_STREAMS, "firewood"})
_ESCAPED = str.maketrans({"%": "%25", ":": "%3A", "+": "%2B"})


def stream_word(name: str) -> str:
    """A person's name as edition 2 writes it in a stream name (docs/dice.md): as is, unless
    it holds `:`, `%` or `+` or is one of the world's words (`WORLD_WORDS`); then
    percent-encoded (`%` -> `%25`, `:` -> `%3A`, `+` -> `%2B`; a world's word has its first
    letter written `%xx`: `firewood` -> `%66irewood`). Every ordinary name is itself, so its
    dice are unchanged.

    Why no two different (who, purpose) pairs share a stream. The word is injective: a word
    without `%` is a name written as is (an escaped one always holds a `%`), so two names
    with that word are the word itself; a word with `%` is an escaped name, and decoding
    every `%xx` gives it back (`%` itself was escaped), so two names with that word are the
    decoded word. A word holds no `:` and no `+`, and is none of `WORLD_WORDS`. Now read a
    stream `n{K}:{rest}` (K a number, so the first `:` ends it). In `rest`, a `+` begins the
    dice's extension suffix (engine/dice.py: `name + "+" + k`), since no word, purpose or K
    holds one; without it: no `:` in `rest` is a world's die (`monster`, `fire`...); else
    the part before the first `:` is `firewood`, and the part after is a gatherer's word,
    or it is a person's word (it is not a world's word) and the part after is the purpose
    (`rest`, `spells`, `cook`, `entertain`, `doze:{j}`). Each case gives back its (who,
    purpose) and no other; tests/engine/test_stream_names.py decodes every name so.
    """
    if name in WORLD_WORDS:
        return f"%{ord(name[0]):02X}{name[1:]}"
    if "%" in name or ":" in name or "+" in name:
        return name.translate(_ESCAPED)
    return name


def _as_is(name: str) -> str:
    return name


class StreamNames:
    """The encoded names (`utf8(name) 0x00`) of one night's dice streams, for the generator
    `rng` (engine/dice.py).

    sha256-uniform-v2 keys each die by who rolls it, not by where they stand (docs/dice.md, the
    same luck): the world's dice are `n{night}:monster` (the check, then its minute),
    `surprise`, `distance`, `creature`, `fire` and `firewood:{gatherer}`; each person's are
    `n{night}:{name}:doze:{j}` for their j-th shift of the night (whatever the slots before
    it), `{name}:rest`, `{name}:spells`, `{name}:cook` and `{name}:entertain`. So a change
    of rota moves a watcher's shifts but not their dice. In edition 2 each name is written
    as `stream_word` writes it, so no name can forge another's stream (edition 1 kept the
    names as they are: a gatherer `B:doze:1` and a watcher `firewood:B` shared one).
    sha256-ctr-v1 keeps the names of nightsim 0.2 (`doze:{slot}`, `cook`, `entertain`,
    `rest:{name}`, `spells:{name}`), so its logs verify; they cannot be forged in any
    edition: each is a fixed word, then at most one `:` and one name that runs to the end.
    """

    __slots__ = (
        "by_who",
        "cook",
        "doze",
        "entertain",
        "firewood",
        "rest",
        "spells",
        *WORLD_STREAMS,
    )
    # The world's streams (WORLD_STREAMS), typed for their readers; set from the table.
    fire: bytes
    monster: bytes
    surprise: bytes
    distance: bytes
    creature: bytes

    def __init__(self, plan: NightPlan, night: int, rng: str = RNG_ID) -> None:
        def b(purpose: str) -> bytes:
            return f"n{night}:{purpose}\x00".encode()

        v1 = rng == COUNTER_V1
        word = stream_word if plan.readings.escaped_stream_names and not v1 else _as_is
        self.firewood = tuple(b(f"firewood:{word(name)}") for name in plan.firewood)
        for world in WORLD_STREAMS:  # self.fire = b"n1:fire\x00", ... (declared above)
            setattr(self, world, b(world))
        # v2: the monster's surprise die is always U_1 of `surprise` (U_0 is the party's), so
        # that whether anyone is awake does not change the monster's luck; v1 rolled it first
        # when nobody was awake.
        self.by_who = not v1
        if v1:
            self.cook = b("cook")
            self.entertain = b("entertain")
            self.doze = tuple(b(f"doze:{i + 1}") for i in range(len(plan.slots)))
            self.rest = tuple(b(f"rest:{name}") for name in plan.names)
            self.spells = tuple(b(f"spells:{name}") for name in plan.names)
            return
        ev = plan.config.evening
        # Nobody cooks (or entertains): the stream is never rolled.
        self.cook = b(f"{word(ev.cook)}:cook") if ev.cook is not None else b""
        self.entertain = b(f"{word(ev.entertain)}:entertain") if ev.entertain is not None else b""
        shifts: dict[str, int] = {}
        doze = []
        for slot in plan.slots:
            j = shifts[slot.name] = shifts.get(slot.name, 0) + 1
            doze.append(b(f"{word(slot.name)}:doze:{j}"))
        self.doze = tuple(doze)
        self.rest = tuple(b(f"{word(name)}:rest") for name in plan.names)
        self.spells = tuple(b(f"{word(name)}:spells") for name in plan.names)


# A plan per config in use, kept with its config (so that its id cannot be reused while the
# entry lives), per edition's readings; stream names are cached per night and per generator:
# the same config may be rolled with either dice (verify). The cache is sized by the work: it
# starts at 64 plans and doubles when, full, it is asked again for a plan it dropped (a ranking of
# 120 rotas runs each rota every night: a fixed 64 rebuilt every plan every night,
# docs/design-notes.md), up to a bound beyond any ranking (odds.MAX_ROTAS).
_Planned = tuple[Config, NightPlan, dict[str, dict[int, StreamNames]]]
_PLANS: dict[tuple[int, Readings], _Planned] = {}
_DROPPED: dict[int, None] = {}  # ids of configs whose plans were dropped, oldest first
_PLANS_MAX = [64]  # grows; a list: one mutable cell, not a `global`
_PLANS_BOUND = 8192
_NAMED_NIGHTS = 64  # stream names kept for the first nights of a journey; later ones are built


def _make_room(cfg_id: int) -> None:
    full = len(_PLANS) >= _PLANS_MAX[0]
    if _DROPPED.pop(cfg_id, False) is None and full and _PLANS_MAX[0] < _PLANS_BOUND:
        _PLANS_MAX[0] *= 2  # the work holds more configs than the cache: grow, not thrash
    while len(_PLANS) >= _PLANS_MAX[0]:
        dropped = next(iter(_PLANS))
        del _PLANS[dropped]
        _DROPPED[dropped[0]] = None
        if len(_DROPPED) > _PLANS_BOUND:
            del _DROPPED[next(iter(_DROPPED))]


def plan_for(
    cfg: Config, rng: str = RNG_ID, readings: Readings = CURRENT_READINGS
) -> tuple[NightPlan, dict[int, StreamNames]]:
    """The config's plan under `readings`, and its stream names by night for the dice `rng`
    (a cache)."""
    key = (id(cfg), readings)
    hit = _PLANS.get(key)
    if hit is None or hit[0] is not cfg:
        _make_room(key[0])
        hit = _PLANS[key] = (cfg, NightPlan(cfg, readings), {})
    names = hit[2].get(rng)
    if names is None:
        names = hit[2][rng] = {}
    return hit[1], names


def stream_names(
    cfg: Config, night: int, rng: str = RNG_ID, readings: Readings = CURRENT_READINGS
) -> StreamNames:
    plan, cache = plan_for(cfg, rng, readings)
    names = cache.get(night)
    if names is None:
        names = StreamNames(plan, night, rng)
        if night <= _NAMED_NIGHTS:
            cache[night] = names
    return names
