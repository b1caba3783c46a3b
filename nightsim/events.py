"""The typed events of a night: frozen pydantic models in one union discriminated on `type`.

One model per event type of docs/log-format.md; the JSON Schema (`nightsim schema`), the log
reader and `simulate()` all use this union. Each model is one log line: `v`, `seq`, `night`,
`t`, `clock`, `type`, the event's fields, and `hash` (absent until the log writer chains the line).

Log format 2 (docs/log-format.md): every number an event writes is an integer (minutes, not
fractions of hours), so no line depends on how a language formats a float; every
machine-read string is a code of nightsim/codes.py.
"""

from enum import Enum
from typing import Annotated, Any, Literal, Self, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from nightsim import _construct, rules
from nightsim.codes import Meal, Mood, NoFire, NoMeal, Purpose, RestReason, Table

LOG_VERSION = 2
# A header of this rules edition leaves `edition` out (every log written before editions is
# one), so the edition costs no byte of those logs (docs/log-format.md, "Editions").
FIRST_EDITION = 1
Clock = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]
Hash = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class _Frozen(BaseModel):
    # defer_build: a model's core schema (validator and serializer) is built on its first
    # validation, not at import. The engine builds its events with `model_construct` and the
    # writer dumps them with `json_data`, so `nightsim run` builds none (~13 ms of 34 schemas);
    # the reader, `schema` and a direct `Model(...)` call still build and validate.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    @classmethod
    def model_construct(cls, _fields_set: set[str] | None = None, **values: Any) -> Self:  # type: ignore[override]
        """pydantic's `model_construct`, faster (perf only: nightsim/_construct.py). On a
        model's first call its own constructor is made, checked against pydantic's and set
        on the model, so later calls go straight to it; where it cannot be made or builds
        otherwise than pydantic's, every call is pydantic's."""
        if cls not in _construct.MADE:
            made = _construct.make(cls, _Frozen.model_construct.__func__)  # type: ignore[attr-defined]
            if made is not None:
                # Set on `cls` itself: its subclasses find it first and are handed back.
                type.__setattr__(cls, "model_construct", classmethod(made))
                return cast(Self, made(cls, _fields_set, **values))
        return super().model_construct(_fields_set, **values)


class Target(_Frozen):
    """A roll's success condition: the roll succeeds when `total` `op` `value` holds."""

    op: Literal["<=", ">=", "=="] = Field(
        description="how `total` is compared with `value`: `<=` an X-in-6 chance (X or less),"
        " `>=` an ability check or a save (`value` or more), `==` a 1 on the die"
    )
    value: int = Field(description="the number `total` is compared with")

    @classmethod
    def at_most(cls, value: int) -> "Target":
        return cls.model_construct(op="<=", value=value)

    @classmethod
    def at_least(cls, value: int) -> "Target":
        return cls.model_construct(op=">=", value=value)

    @classmethod
    def exactly(cls, value: int) -> "Target":
        return cls.model_construct(op="==", value=value)


class Roll(_Frozen):
    """One roll: `{"dice": "1d6", "faces": [4], "mod": -1, "total": 3}`, its purpose, target."""

    dice: str = Field(
        pattern=r"^\d+d\d+$",
        description="the dice thrown, `NdS`: N dice of S sides (`1d6`, `2d6`; `1d480` picks a"
        " minute)",
    )
    faces: list[int] = Field(description="each die's face, in the order thrown")
    mod: int = Field(0, description="added to the sum of `faces` (ability modifier, bonuses)")
    total: int = Field(description="the sum of `faces` plus `mod`: the number the rules read")
    purpose: Purpose | None = Field(None, description="what the roll decides")
    target: Target | None = Field(
        None,
        description='the success condition, on `total`: `{"op": ">=", "value": 4}` (an'
        " ability check), `<=` 2 (an X-in-6 chance), `==` 1 (a 1 on the die), `>=` 12 (a"
        " save); null when the roll gives a value rather than a pass or a fail",
    )


class EventBase(_Frozen):
    """What every line carries: its place in the log, its time and its link in the chain."""

    v: Literal[2] = Field(2, description="the log format version of this line")
    seq: int = Field(ge=0, description="the line's number: 0 for the header, then 1, 2, …")
    night: int = Field(
        ge=1,
        description="the night the line belongs to: 1, or 1..`nights` on a journey (the header,"
        " which belongs to the whole log, is 0)",
    )
    t: int = Field(
        ge=0,
        description="minutes since camp was made on the first night; a journey counts on"
        " across nights (night 2 begins at 1440)",
    )
    clock: Clock = Field(description="the time of day at `t`, `HH:MM` on a 24-hour clock")
    hash: Hash | None = Field(
        None,
        description="SHA-256 hex of the previous line's `hash` (64 zeros for line 0) followed"
        " by the JCS (RFC 8785) text of this line without `hash`: editing, deleting, inserting"
        " or reordering a line breaks the chain from there on",
    )

    @property
    def involves(self) -> tuple[str, ...]:
        """Every character this event names, each once (`nightsim.involves`): derived, never
        written to the log."""
        from nightsim.involved import involves

        return involves(self)


class CampaignLink(_Frozen):
    """A campaign night's place in its campaign (docs/campaign.md): the night before it, the
    adjustments made since, and the commitment of the next night's seed."""

    id: str = Field(
        pattern=r"^[0-9a-f]{32}$",
        description="the campaign's id: 32 hex digits drawn when it was created",
    )
    night: int = Field(ge=1, description="this night's number in the campaign: 1, 2, …")
    previous_head: Hash = Field(
        description="the head of the campaign's night before this one (its log's last hash);"
        " for night 1, the campaign's genesis hash"
    )
    adjustments: list[Hash] = Field(
        description="the SHA-256 of each adjustment recorded since the night before, in order"
    )
    next_seed_sha256: Hash = Field(
        description="the commitment (SHA-256 of its text) of the next night's seed, drawn"
        " before this night was played"
    )
    seed: Literal["committed", "referee"] = Field(
        description="`committed`: this night's seed is the one committed before it;"
        " `referee`: the referee chose it (`--seed`)"
    )


class NightHeader(EventBase):
    """Line 0: everything needed to re-run the log's nights (`nightsim verify`)."""

    type: Literal["night.header"] = Field("night.header", description="line 0 of every log")
    night: Literal[0] = Field(
        0, description="0: the header belongs to the whole log, before its first night"
    )
    seed: int | str = Field(
        description="the seed as given: a non-negative integer or any string (the dice hash"
        ' its text, so 11 and "11" give the same night)'
    )
    seed_sha256: Hash = Field(
        description="SHA-256 hex of the seed's text: a commitment the referee can publish"
        " before the session and the players check afterwards"
    )
    config: dict[str, Any] = Field(
        description="the whole config, every default filled in: the night re-runs from it."
        " Its keys are the config file's own, so a few of its numbers may have a fraction"
        " (`carried_firewood_hours`, `fire_warmth_hours`, a shift's `hours`): written, like"
        " every number, in JCS's (ECMAScript's) shortest form, `0.5`, `4` for 4.0"
    )
    resolved: dict[str, Any] = Field(
        description="what the config resolves to, for a human reader (encounter chance,"
        " season, firewood modifier, rest period, shifts with clock times); never read back"
    )
    nightsim: str = Field(
        description="the nightsim version that wrote the log: the one that re-simulates it"
    )
    rng: str = Field(description="the id of the dice generator the night's rolls came from")
    nights: int = Field(1, ge=1, description="how many nights the log holds: 1, or N for a journey")
    edition: int = Field(
        FIRST_EDITION,
        ge=FIRST_EDITION,
        description="the rules edition that played the nights (nightsim/editions.py): written"
        " only from edition 2 on; a header without it is edition 1",
    )
    campaign: CampaignLink | None = Field(
        None,
        description="a campaign night's link to its campaign (`nightsim campaign`): written"
        " only in a campaign's nights; a header without it is a night of its own",
    )


class NightBegan(EventBase):
    """A night starts: the first event of each night, at the minute camp is made."""

    type: Literal["night.began"] = Field("night.began", description="each night starts")
    season: Literal["winter", "spring", "summer", "autumn"] = Field(
        description="the night's season (given, or from the month)"
    )
    month: str | None = Field(
        None,
        description="the Dolmenwood month of this night (a journey's calendar advances a day"
        " a night), or null when the config gives a season",
    )
    day: int | None = Field(
        None, description="the day of `month`, or null when the config gives a season"
    )


class SitePrepared(EventBase):
    """The site is cleared, tents pitched, bedrolls laid and the fire pit built."""

    type: Literal["camp.site_prepared"] = Field(
        "camp.site_prepared", description="evening, when the first hour's work is done"
    )
    actors: list[str] = Field(description="who prepared the site (at least one)")


class FirewoodGathered(EventBase):
    """One gatherer's firewood: 1d6 + the weather modifier hours of fire."""

    type: Literal["firewood.gathered"] = Field(
        "firewood.gathered", description="evening, one per gatherer"
    )
    actor: str = Field(description="who gathered it")
    hours: int = Field(
        ge=0,
        description="whole hours of fire: the roll's `total`, never below 0 (a die read in"
        " hours, so an integer; the fire's own length is in minutes)",
    )
    rolls: list[Roll] = Field(description="the 1d6 with the weather modifier as `mod`")


class WaterFetched(EventBase):
    """Water is always found in Dolmenwood: the fetcher fills every waterskin."""

    type: Literal["water.fetched"] = Field("water.fetched", description="evening, per fetcher")
    actor: str = Field(description="who fetched it")


class FireLit(EventBase):
    """The fire is lit; it burns its minutes of wood from now."""

    type: Literal["fire.lit"] = Field("fire.lit", description="evening, when lit")
    minutes: int = Field(
        ge=0,
        description="how long the wood burns, in whole minutes: the night's gathered hours and"
        " any carried wood, times 60 (rounded to the minute)",
    )
    until: Clock = Field(
        description="when the wood runs out: `fire.out` comes then if that is before dawn"
    )
    rolls: list[Roll] = Field(
        description="the X-in-6 chance to light it in adverse conditions; empty when it"
        " lights by itself"
    )


class FireNotLit(EventBase):
    """No fire tonight, and why: the night-without-fire table and rest column apply."""

    type: Literal["fire.not_lit"] = Field(
        "fire.not_lit", description="evening, instead of `fire.lit`"
    )
    reason: NoFire = Field(description="why there is no fire")
    wood_minutes: int = Field(
        ge=0,
        description="the wood there was, in whole minutes of fire (gathered and carried);"
        " 0 when there was none",
    )
    rolls: list[Roll] = Field(
        description="the failed X-in-6 chance when it would not catch; else empty"
    )


class MealCooked(EventBase):
    """The cook's WIS check: a tasty meal gives its eaters +1 on their rest CON checks."""

    type: Literal["meal.cooked"] = Field("meal.cooked", description="evening, after the fire")
    actor: str = Field(description="the cook")
    outcome: Meal = Field(description="how the meal came out")
    eaters: list[str] = Field(description="who ate it (a tasty meal's bonus is theirs)")
    ingredients_lost: bool = Field(
        description="a natural 1 and a failed save vs Doom: the meal is ruined and its"
        " ingredients are gone (in rules edition 1, the party's for the rest of a journey)"
    )
    rolls: list[Roll] = Field(description="the WIS check, then the save vs Doom after a natural 1")


class MealNotCooked(EventBase):
    """A cook was named but could not cook."""

    type: Literal["meal.not_cooked"] = Field(
        "meal.not_cooked", description="evening, instead of `meal.cooked`"
    )
    actor: str = Field(description="the cook")
    reason: NoMeal = Field(description="what was missing")


class CampEntertained(EventBase):
    """The entertainer's CHA check: +1 on everyone's rest CON checks, or -1 on their own."""

    type: Literal["camp.entertained"] = Field(
        "camp.entertained", description="evening, after the meal"
    )
    actor: str = Field(description="the entertainer")
    outcome: Mood = Field(description="how it went")
    rolls: list[Roll] = Field(description="the CHA check, then the save vs Doom after a natural 1")


class ShiftTimes(_Frozen):
    """One shift of the rota as planned."""

    actor: str = Field(description="the watcher")
    from_: Clock = Field(alias="from", description="when the shift starts")
    to: Clock = Field(description="when the shift ends")

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class RestBegan(EventBase):
    """The party lies down; the rest period and the rota begin."""

    type: Literal["rest.began"] = Field("rest.began", description="the rest period starts")
    until: Clock = Field(
        description="when the rest period is planned to end (dawn); sleep counts only inside it"
    )
    shifts: list[ShiftTimes] = Field(
        description="the rota's shifts in order (a watcher may stand more than one); empty"
        " when nobody keeps watch"
    )
    unwatched_from: Clock | None = Field(
        description="when the rota's hours run out before dawn, leaving the rest unwatched;"
        " null when the shifts cover the whole rest period"
    )


class WatchBegan(EventBase):
    """A watcher takes up a shift (or the rota resumes it after an encounter)."""

    type: Literal["watch.began"] = Field("watch.began", description="a shift starts (or resumes)")
    actor: str = Field(description="the watcher, awake from now")
    shift: int = Field(ge=1, description="the shift's number in the rota, from 1")
    until: Clock = Field(description="when the shift ends")
    resumed: bool = Field(
        description="the rota resumes this shift after an encounter; its dozing roll, if"
        " already made, is not made again"
    )
    rolls: list[Roll] = Field(
        description="the roll to fall asleep on watch (once per watch; none when the rule is"
        " off), then on a 1 the minute of dozing off, `total` minutes after `t`"
    )


class WatchHandedOver(EventBase):
    """A watcher's shift ends: they wake the next watcher and go to sleep."""

    type: Literal["watch.handed_over"] = Field(
        "watch.handed_over", description="a shift ends, the next watcher woken"
    )
    actor: str = Field(description="the watcher going to sleep")
    to: str = Field(description="the next watcher, woken now")
    shift: int = Field(ge=1, description="the number of the shift that ended")


class WatchDozed(EventBase):
    """The watcher falls asleep: from now nobody is on watch and nobody wakes the next one."""

    type: Literal["watch.dozed"] = Field("watch.dozed", description="a watcher falls asleep")
    actor: str = Field(description="the watcher who fell asleep (a dozing watcher is a sleeper)")
    shift: int = Field(ge=1, description="the number of the shift that broke")


class WatchMissed(EventBase):
    """A shift nobody started: its watcher sleeps on, because the one before dozed off."""

    type: Literal["watch.missed"] = Field("watch.missed", description="a shift nobody started")
    actor: str = Field(description="the watcher nobody woke")
    shift: int = Field(ge=1, description="the number of the shift that was missed")


class WatchEnded(EventBase):
    """The last shift ends before the rest period does: nobody watches from now to dawn."""

    type: Literal["watch.ended"] = Field(
        "watch.ended", description="the last shift ends before the rest does"
    )
    actor: str = Field(description="the last watcher, going to sleep")
    shift: int = Field(ge=1, description="the number of the shift that ended")


class FireOut(EventBase):
    """The fire burns out: no more light, and the night-without-fire table applies."""

    type: Literal["fire.out"] = Field("fire.out", description="the fire burns out")


class WatchSpan(_Frozen):
    """A stretch of one hour that one watcher kept: `{"actor": ..., "from": "21:00", "to":
    "21:47"}`, clock faces like `rest.began`'s `shifts`."""

    actor: str = Field(description="the watcher, awake on watch for the whole span")
    from_: Clock = Field(
        alias="from",
        description="the span's first minute: the hour's start, or when the watch was taken"
        " up (or resumed) within the hour",
    )
    to: Clock = Field(
        description="the minute the span ended: the strike (`clock`) if the watch ran to the"
        " end of the hour, else when it was handed over, ended, dozed off or the camp woke"
    )

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class HourPassed(EventBase):
    """The hour of the rest period that ends at this line's `clock`, told whole: the strike
    comes before anything else at its minute, so a change at the strike belongs to the next
    hour."""

    type: Literal["hour.passed"] = Field(
        "hour.passed", description="at each strike of the rest period, for the hour before it"
    )
    hour: Annotated[int, Field(ge=1, description="1 for the rest period's first hour, and on")]
    watch: list[WatchSpan] = Field(
        description="who was on watch in the hour and from when to when, in order; the spans"
        " never overlap, and with `unwatched_minutes` they add up to the hour"
    )
    unwatched_minutes: Annotated[
        int,
        Field(
            ge=0,
            le=60,
            description="minutes of the hour with nobody on watch (no shift, a dozing watcher,"
            " a missed shift, the camp up after an encounter)",
        ),
    ]
    awake: list[str] = Field(
        description="who was awake at any minute of the hour (on watch or not), party order"
    )
    slept_through: list[str] = Field(
        description="who was asleep (dozing included) every minute of the hour, party order;"
        " with `awake` exactly the party"
    )
    dozed: list[str] = Field(
        description="who was dozing on watch at any minute of the hour (asleep, rota broken)"
    )
    fire_minutes: Annotated[
        int, Field(ge=0, le=60, description="minutes of the hour the fire burned")
    ]


class MonsterChecked(EventBase):
    """The night's one wandering-monster check (X-in-6), made as the rest period begins."""

    type: Literal["monster.checked"] = Field(
        "monster.checked", description="the wandering-monster check"
    )
    encounter: bool = Field(description="a monster comes tonight (`monster.arrived` follows)")
    chance: int = Field(
        ge=0, le=6, description="the X of the X-in-6 chance: from the terrain or the config"
    )
    rolls: list[Roll] = Field(  # the check is always rolled
        min_length=1,
        description="the 1d6 check, then on an encounter its minute, `total` minutes after"
        " the rest period began",
    )


class MonsterArrived(EventBase):
    """A wandering monster arrives: who was awake, who is surprised, how far, and what."""

    type: Literal["monster.arrived"] = Field("monster.arrived", description="an encounter")
    awake: list[str] = Field(
        description="who was awake at the arrival (a dozing watcher is asleep)"
    )
    surprised: list[str] = Field(
        description="who is surprised: every sleeper, and everyone when the party side is"
    )
    party_surprised: bool = Field(
        description="the party side is surprised: rolled by the waking (1-2 on 1d6), or"
        " nobody was awake"
    )
    monster_surprised: bool = Field(description="the monsters are surprised (1-2 on 1d6)")
    distance_ft: int = Field(
        ge=30,
        description="the distance in feet: 2d6 x 30, or 1d4 x 30 when both sides are surprised",
    )
    table: Table = Field(
        description="the encounter table used, which the fire picks: burning at this minute or not"
    )
    creature: str | None = Field(
        description="what came, from the config's table; null when the config has no table"
        " (the referee rolls on their own, in the column `table` names)"
    )
    watch_of: str | None = Field(
        description="whose shift covers this minute, awake or not (a shift starting at this"
        " minute counts: its watcher meets the monster); null when no shift does"
    )
    rolls: list[Roll] = Field(
        description="party surprise (only when someone is awake), monster surprise, distance,"
        " and the creature (only with a table)"
    )


class CampWoke(EventBase):
    """The encounter wakes the camp: everyone is up until it settles."""

    type: Literal["camp.woke"] = Field("camp.woke", description="the camp wakes to the encounter")
    woken: list[str] = Field(description="who was asleep (dozing watchers too) and is woken")


class CampSettled(EventBase):
    """The party lies down again `encounter_minutes` after the arrival (if before dawn)."""

    type: Literal["camp.settled"] = Field("camp.settled", description="the camp settles again")
    on_watch: str | None = Field(
        description="who stays up: the watcher of the shift covering this minute (the rota"
        " resumes there, mended); null when no shift does"
    )


class RestExtended(EventBase):
    """docs/rules.md §4, `sleep_in`: the rest period (and the last shift) runs on after an
    encounter."""

    type: Literal["rest.extended"] = Field(
        "rest.extended", description="the rest period runs on: the camp sleeps in"
    )
    until: Clock = Field(description="the clock (HH:MM) at which the rest period now ends")
    minutes: int = Field(
        ge=1, description="how many minutes later than planned the rest period ends"
    )


class RestChecked(EventBase):
    """Did a character get a full night's rest? Asleep 6 hours, then the rest table."""

    type: Literal["rest.checked"] = Field("rest.checked", description="morning, per character")
    actor: str = Field(description="the character")
    slept_minutes: int = Field(
        ge=0,
        description="minutes asleep within the rest period: dozing on watch counts, watching"
        f" and the encounter do not; under {rules.MIN_SLEEP_MINUTES} is never a full rest",
    )
    difficulty: Literal["easy", "moderate", "hard", "impossible"] = Field(
        description="the night's difficulty for this character by the rest table (the fire"
        " column if it warmed the camp, their bedding, the season)"
    )
    full_rest: bool = Field(description="a full night's rest: regain 1 HP, exhaustion ends")
    reason: RestReason = Field(description="why `full_rest` is what it is")
    interrupted: bool = Field(
        description="sleep broken, so the caster's spells may fail: woken from sleep to stand"
        " a watch, the last one too (rules edition 2; from edition 3 also woken by anything"
        " before the watch and up until it); in edition 1, asleep, awake, then"
        " asleep again within the rest period (a shift between two stretches of sleep, or"
        " the encounter)"
    )
    rolls: list[Roll] = Field(
        description="the CON check when the night calls for one (`mod`: the CON modifier, -2"
        " on a hard night, the meal and the entertainment); else empty"
    )


class CharacterWoke(EventBase):
    """A character at dawn: hit points and exhaustion after the night."""

    type: Literal["character.woke"] = Field("character.woke", description="morning, per character")
    actor: str = Field(description="the character")
    hp: int = Field(description="hit points now: +1 after a full rest, never above the maximum")
    hp_before: int = Field(description="hit points when the night began")
    exhaustion: int = Field(
        ge=0,
        description="nights in a row without a full rest, carried across nights; 0 after a"
        " full rest",
    )


class SpellPrepared(EventBase):
    """A caster prepares a spell for the day."""

    type: Literal["spell.prepared"] = Field("spell.prepared", description="morning, per spell")
    actor: str = Field(description="the caster")
    spell: str = Field(description="the spell, as the config names it")
    rolls: list[Roll] = Field(
        description="the 1-in-6 chance to lose it, rolled only after no full rest or"
        " broken sleep (`interrupted`); else empty"
    )


class SpellLost(EventBase):
    """A spell fails to be prepared: its slot stays empty for the day."""

    type: Literal["spell.lost"] = Field("spell.lost", description="morning, per spell")
    actor: str = Field(description="the caster")
    spell: str = Field(description="the spell, as the config names it")
    rolls: list[Roll] = Field(description="the 1-in-6 chance that lost it")


class CharacterSummary(_Frozen):
    """One character's night, as `rest.checked`, `character.woke` and the spells told it."""

    name: str = Field(description="the character")
    full_rest: bool = Field(description="got a full night's rest")
    slept_minutes: int = Field(description="minutes asleep within the rest period")
    interrupted: bool = Field(
        description="sleep broken: woken for a watch (edition 2; edition 3: or woken"
        " before it and up until it); asleep, awake, asleep"
        " again (edition 1)"
    )
    surprised: bool = Field(description="surprised by the night's encounter")
    difficulty: Literal["easy", "moderate", "hard", "impossible"] = Field(
        description="the night's difficulty for this character by the rest table"
    )
    hp: int = Field(description="hit points at dawn")
    exhaustion: int = Field(description="exhaustion level at dawn (0: none)")
    spells_prepared: list[str] = Field(description="spells prepared for the day, in order")
    spells_lost: list[str] = Field(description="spells that failed, their slots empty")


class EncounterSummary(_Frozen):
    """The night's encounter, as `monster.arrived` told it."""

    at: Clock = Field(description="when the monster arrived")
    creature: str | None = Field(description="what came; null when the config has no table")
    table: Table = Field(description="the encounter table used (the fire at that minute)")
    distance_ft: int = Field(description="the distance in feet")
    party_surprised: bool = Field(description="the party side was surprised")
    monster_surprised: bool = Field(description="the monsters were surprised")
    nobody_awake: bool = Field(description="nobody was awake when it arrived")
    surprised: list[str] = Field(description="who was surprised")


class FireSummary(_Frozen):
    """The night's fire."""

    lit: bool = Field(description="the fire was lit")
    out_at: Clock | None = Field(
        description="when it burned out; null when it was never lit or burned past dawn"
    )
    lasted: bool = Field(description="lit and still burning at dawn (the rest period's end)")
    warmed: bool = Field(
        description="burned `fire_warmth_hours` of the rest period: the rest table's fire"
        " column applied"
    )


class NightSummary(EventBase):
    """The last line of each night: its outcome for a reader who skips the rest."""

    type: Literal["night.summary"] = Field("night.summary", description="each night ends")
    characters: list[CharacterSummary] = Field(description="each character, in party order")
    encounter: EncounterSummary | None = Field(
        description="the night's encounter; null when no monster came"
    )
    rota_broken_at: Clock | None = Field(
        description="when a watcher first dozed off and the rota broke; null when it held"
    )
    fire: FireSummary = Field(description="the night's fire")


Event = Annotated[
    NightHeader
    | NightBegan
    | SitePrepared
    | FirewoodGathered
    | WaterFetched
    | FireLit
    | FireNotLit
    | MealCooked
    | MealNotCooked
    | CampEntertained
    | RestBegan
    | WatchBegan
    | WatchHandedOver
    | WatchDozed
    | WatchMissed
    | WatchEnded
    | FireOut
    | HourPassed
    | MonsterChecked
    | MonsterArrived
    | CampWoke
    | CampSettled
    | RestExtended
    | RestChecked
    | CharacterWoke
    | SpellPrepared
    | SpellLost
    | NightSummary,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event, config=ConfigDict(defer_build=True))
EVENT_TYPES: tuple[str, ...] = tuple(
    m.model_fields["type"].default for m in EventBase.__subclasses__()
)


_MODELS: dict[str, type[EventBase]] = {
    m.model_fields["type"].default: m for m in EventBase.__subclasses__()
}


def parse_event(data: dict[str, Any]) -> Event:
    return EVENT_ADAPTER.validate_python(data)


def event_keys(type_: str) -> frozenset[str]:
    """The JSON keys a line of event type `type_` holds (empty for a type not in the union):
    the log reader leaves any other key out of the typed event (a later release's field)."""
    model = _MODELS.get(type_)
    return frozenset(key for _, key in json_keys(model)) if model is not None else frozenset()


_KEYS: dict[type[BaseModel], tuple[tuple[str, str], ...]] = {}


def json_keys(cls: type[BaseModel]) -> tuple[tuple[str, str], ...]:
    """(attribute, JSON key) of each field of a model, in order (the key is the alias: `from`)."""
    keys = _KEYS.get(cls)
    if keys is None:
        keys = _KEYS[cls] = tuple(
            (name, f.serialization_alias or f.alias or name) for name, f in cls.model_fields.items()
        )
    return keys


# JSON's own scalar types, exactly (not a subclass: an enum member is written as its value).
_AS_IS = frozenset({str, int, bool, float, type(None)})


def json_data(value: Any) -> Any:
    """A model (or any value inside one) as plain JSON data: what pydantic's
    `model_dump(mode="json", by_alias=True)` gives for these models (every field, enums as
    their values, tuples as lists), without building a serializer for each model class: the
    engine's events never need one otherwise (see `_Frozen`). tests/engine/test_events.py holds the
    two to the same output on every event type."""
    if type(value) in _AS_IS:
        return value
    if isinstance(value, BaseModel):
        d = value.__dict__
        # Most fields are plain scalars: taken as they are without a call (the writer's
        # hot path: every line of `run` goes through here, docs/design-notes.md).
        return {
            key: v if type(v := d[name]) in _AS_IS else json_data(v)
            for name, key in json_keys(type(value))
        }
    if isinstance(value, list | tuple):
        return [v if type(v) in _AS_IS else json_data(v) for v in value]
    if isinstance(value, dict):
        return {k: json_data(v) for k, v in value.items()}
    if isinstance(value, Enum):
        return value.value
    return value


def event_dict(ev: Event) -> dict[str, Any]:
    """The event as plain JSON data (the log line's content, `hash` left out when absent)."""
    out: dict[str, Any] = json_data(ev)
    if ev.hash is None:
        del out["hash"]
    return written(ev, out)


def written(ev: EventBase, out: dict[str, Any]) -> dict[str, Any]:
    """`out` (the event's JSON data) as a log line holds it: a header of the first edition
    leaves `edition` out, and a night outside a campaign leaves `campaign` out."""
    if isinstance(ev, NightHeader):
        if ev.edition == FIRST_EDITION:
            del out["edition"]
        if ev.campaign is None:
            del out["campaign"]
    return out
