"""Property tests over generated valid configs and seeds (tests/README.md, "Property")."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nightsim import rules, simulate
from nightsim.config import Config, config_from_data
from tests.helpers.nights import cfg

NAME_POOL = ["Sir Aldric", "Wren", "Moss", "Sister Ysolde", "Ærin", "Б", "x"]
scores = st.integers(rules.ABILITY_MIN, rules.ABILITY_MAX)
seeds = st.one_of(st.integers(0, 2**64), st.text(max_size=12))


@st.composite
def characters(draw: st.DrawFn, name: str) -> dict[str, Any]:
    max_hp = draw(st.integers(1, 20))
    return {
        "name": name,
        "con": draw(scores),
        "wis": draw(scores),
        "cha": draw(scores),
        "max_hp": max_hp,
        "hp": draw(st.integers(0, max_hp)),
        "save_doom": draw(st.integers(2, 20)),
        "bedroll": draw(st.booleans()),
        "tent": draw(st.booleans()),
        "exhaustion": draw(st.integers(0, 3)),
        "spells": draw(st.lists(st.sampled_from(["Light", "Sleep", "Bless"]), max_size=3)),
    }


@st.composite
def configs(draw: st.DrawFn) -> Config:
    names = draw(st.lists(st.sampled_from(NAME_POOL), min_size=1, max_size=6, unique=True))
    party = [draw(characters(n)) for n in names]
    rest_hours = draw(st.integers(1, 12))
    camp: dict[str, Any] = {
        "light_fire": draw(st.booleans()),
        "fire_conditions": draw(st.sampled_from(["auto", "normal", "adverse"])),
        "fire_chance": draw(st.integers(1, 4)),
        "fire_starter": draw(st.booleans()),
        "carried_firewood_hours": draw(st.sampled_from([0, 0.5, 1, 3, 12])),
        "cookware": draw(st.booleans()),
        "ingredients": draw(st.booleans()),
        "camp_at": f"{draw(st.integers(0, 23)):02d}:{draw(st.integers(0, 59)):02d}",
    }
    if draw(st.booleans()):
        camp["terrain"] = draw(st.sampled_from(sorted(rules.TERRAIN_CHANCE)))
    else:
        camp["encounter_chance"] = draw(st.integers(0, 6))
    if draw(st.booleans()):
        camp["season"] = draw(st.sampled_from(rules.SEASONS))
    else:
        camp["month"] = draw(st.sampled_from(rules.MONTHS))
    wood = draw(st.integers(0, 2))
    if wood == 1:
        camp["weather"] = draw(st.sampled_from(sorted(rules.WEATHER_MODIFIER)))
    elif wood == 2:
        camp["firewood_modifier"] = draw(st.integers(-10, 10))
    rules_ = {
        "rest_hours": rest_hours,
        "fall_asleep_on_watch": draw(st.booleans()),
        "quick_rest": draw(st.booleans()),
        "encounter_minutes": draw(st.sampled_from([0, 1, 30, 90, 600])),
        "fire_warmth_hours": draw(st.integers(0, rest_hours)),
        "preparation_minutes": draw(st.sampled_from([0, 1, 60, 360])),
        "evening_minutes": draw(st.sampled_from([0, 1, 60, 61, 360])),
    }
    # rules.md 4, sleep_in: only where the longest sleep-in still fits in the day.
    night = rules_["preparation_minutes"] + rules_["evening_minutes"] + rest_hours * 60
    rules_["sleep_in"] = draw(st.booleans()) and night + rules_["encounter_minutes"] <= 24 * 60
    # Evening jobs: one preparation job each, at least one on the site.
    jobs = [draw(st.sampled_from(["site", "firewood", "water", None])) for _ in names]
    jobs[draw(st.integers(0, len(names) - 1))] = "site"
    evening: dict[str, Any] = {
        job: [n for n, j in zip(names, jobs, strict=True) if j == job]
        for job in ("site", "firewood", "water")
    }
    if draw(st.booleans()):
        evening["cook"] = draw(st.sampled_from(names))
    if draw(st.booleans()):
        evening["entertain"] = draw(st.sampled_from(names))
    if draw(st.booleans()):
        evening["eaters"] = draw(st.lists(st.sampled_from(names), unique=True))
    rest = rest_hours * 60
    if draw(st.booleans()):
        watch: dict[str, Any] = {"rota": draw(st.lists(st.sampled_from(names), max_size=6))}
    else:
        shifts, left = [], rest
        for _ in range(draw(st.integers(0, 5))):
            if left <= 0:
                break
            m = draw(st.integers(1, left))
            left -= m
            shifts.append({"name": draw(st.sampled_from(names)), "hours": m / 60})
        watch = {"shifts": shifts}
    data: dict[str, Any] = {
        "camp": camp,
        "rules": rules_,
        "party": party,
        "evening": evening,
        "watch": watch,
    }
    if draw(st.booleans()):
        data["encounters"] = {
            "night_fire": [{"creature": "wolves", "weight": draw(st.integers(1, 5))}],
            "night_no_fire": [{"creature": "owl"}, {"creature": "bog corpse", "weight": 3}],
        }
    return config_from_data(data)


PROPS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_night(config: Config, seed: int | str, nights: int) -> None:
    night = simulate(config, seed, nights=nights)
    party = [c.name for c in config.party]
    max_hp = {c.name: c.max_hp for c in config.party}
    rest = config.rest_minutes
    assert night.events[0].type == "night.header"
    assert night.events[-1].type == "night.summary"
    assert [e.seq for e in night.events] == list(range(len(night.events)))
    assert len(night.outcomes) == nights
    ts = [e.t for e in night.events]
    assert ts == sorted(ts), "t never goes backwards, across the nights of a journey too"
    broken = False
    hours = Hours(rest)
    for e in night.events:
        d = e.model_dump()
        hours.see(e)
        match e.type:
            case "hour.passed":
                # Every hour's awake + slept_through is exactly the party, each once.
                assert sorted(d["awake"] + d["slept_through"]) == sorted(party)
                assert set(d["dozed"]) <= set(party)
                assert {w["actor"] for w in d["watch"]} <= set(d["awake"])
            case "monster.arrived":
                sleepers = set(party) - set(d["awake"])
                assert sleepers <= set(d["surprised"])  # every sleeper is surprised
                if d["party_surprised"]:
                    assert set(d["surprised"]) == set(party)
                else:
                    assert set(d["surprised"]) == sleepers
                if not d["awake"]:
                    assert d["party_surprised"]
                both = d["party_surprised"] and d["monster_surprised"]
                assert d["distance_ft"] in (range(30, 121, 30) if both else range(60, 361, 30))
                broken = False
            case "watch.dozed":
                broken = True
            case "camp.woke":
                broken = False
            case "watch.began":
                # Nobody takes a watch after a doze until the camp is woken.
                assert not (broken and not d["resumed"])
            case "watch.missed":
                assert broken
            case "rest.checked":
                assert 0 <= d["slept_minutes"] <= rest
                if d["slept_minutes"] < rules.MIN_SLEEP_MINUTES:
                    assert not d["full_rest"]
            case "character.woke":
                assert 0 <= d["hp"] <= max_hp[d["actor"]]
            case "night.began":
                broken = False
    for out in night.outcomes:
        for ch in out.characters:
            assert 0 <= ch.slept_minutes <= rest
            assert ch.hp <= max_hp[ch.name]
            assert ch.full_rest == (ch.exhaustion == 0)
    # Same seed, same events.
    again = simulate(config, seed, nights=nights)
    assert again.events == night.events


def minute_of(face: str, end_face: str, end_t: int) -> int:
    """The `t` of a clock face within the day before the minute `end_t` (clock `end_face`)."""
    h, m = face.split(":")
    he, me = end_face.split(":")
    return end_t - (int(he) * 60 + int(me) - int(h) * 60 - int(m)) % (24 * 60)


class Hours:
    """Checks every `hour.passed` of a log as it goes: its spans and unwatched minutes fill
    the hour without overlapping, and its fire minutes add up to the fire's minutes within
    the rest period (from `fire.lit` / `fire.out`)."""

    def __init__(self, rest_minutes: int) -> None:
        self.rest_minutes = rest_minutes
        self.start: int | None = None
        self.lit: int | None = None
        self.out: int | None = None
        self.fire: int | None = None
        self.rest: int | None = None
        self.extended = 0

    def see(self, e: Any) -> None:
        match e.type:
            case "night.began":
                self.start = self.lit = self.out = self.rest = None
                self.fire = self.extended = 0
            case "rest.extended":  # rules.md 4, sleep_in: the rest period runs on
                self.extended += e.minutes
            case "fire.lit":
                self.lit = e.t
            case "fire.out":
                self.out = e.t
            case "rest.began":
                self.start = self.rest = e.t
            case "hour.passed":
                self.hour(e)
            case "night.summary":
                self.night_done()

    def hour(self, e: Any) -> None:
        assert self.start is not None and self.fire is not None
        length = e.t - self.start
        assert 0 < length <= 60
        at = self.start
        for w in e.watch:
            fr, to = minute_of(w.from_, e.clock, e.t), minute_of(w.to, e.clock, e.t)
            assert at <= fr < to <= e.t, (e, w)  # in order, within the hour, never overlapping
            at = to
        watched = sum(
            minute_of(w.to, e.clock, e.t) - minute_of(w.from_, e.clock, e.t) for w in e.watch
        )
        assert watched + e.unwatched_minutes == length
        assert 0 <= e.fire_minutes <= length
        self.fire += e.fire_minutes
        self.start = e.t

    def night_done(self) -> None:
        if self.rest is None:
            return
        end = self.rest + self.rest_minutes + self.extended
        assert self.start == end, "the strikes cover the rest period"
        burned = 0
        if self.lit is not None:
            out = end if self.out is None else min(self.out, end)
            burned = max(0, out - max(self.lit, self.rest))
        assert self.fire == burned


class HourOracle:
    """Each character's states rebuilt from the `watch.*` and `camp.*` events alone, told
    per hour as `hour.passed` should tell it: the spans on watch, who was awake at any minute,
    who slept through, who dozed."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.start = 0
        self.trail: dict[str, list[tuple[int, str]]] = {n: [(0, "awake")] for n in names}

    def set(self, n: str, t: int, state: str) -> None:
        trail = self.trail[n]
        if trail[-1][0] == t:  # the state it replaces was held no minute
            trail.pop()
        if not trail or trail[-1][1] != state:
            trail.append((t, state))

    def see(self, e: Any) -> None:
        d = e.model_dump()
        match e.type:
            case "night.began":
                self.trail = {n: [(e.t, "awake")] for n in self.names}
            case "rest.began":
                self.start = e.t
                first = d["shifts"][0]["actor"] if d["shifts"] else None
                for n in self.names:
                    if n != first:
                        self.set(n, e.t, "asleep")
            case "watch.began":
                self.set(d["actor"], e.t, "watch")
            case "watch.handed_over" | "watch.ended":
                self.set(d["actor"], e.t, "asleep")
            case "watch.dozed":
                self.set(d["actor"], e.t, "dozing")
            case "camp.woke":
                for n in self.names:
                    self.set(n, e.t, "awake")
            case "camp.settled":
                for n in self.names:
                    if n != d["on_watch"]:
                        self.set(n, e.t, "asleep")
            case "hour.passed":
                self.check(e)

    def check(self, e: Any) -> None:
        spans: list[tuple[int, int, str]] = []
        awake: list[str] = []
        slept: list[str] = []
        dozed: list[str] = []
        for n in self.names:
            trail = self.trail[n]
            held = []
            for k, (since, state) in enumerate(trail):
                fr = max(since, self.start)
                to = min(trail[k + 1][0], e.t) if k + 1 < len(trail) else e.t
                if fr < to:
                    held.append((fr, to, state))
            spans += [(fr, to, n) for fr, to, st in held if st == "watch"]
            (awake if any(st in ("awake", "watch") for *_, st in held) else slept).append(n)
            if any(st == "dozing" for *_, st in held):
                dozed.append(n)
            self.trail[n] = trail[-1:]
        told = [
            (minute_of(w.from_, e.clock, e.t), minute_of(w.to, e.clock, e.t), w.actor)
            for w in e.watch
        ]
        assert told == sorted(spans), (e, spans)
        assert e.unwatched_minutes == e.t - self.start - sum(to - fr for fr, to, _ in spans)
        assert (e.awake, e.slept_through, e.dozed) == (awake, slept, dozed), e
        self.start = e.t


def replay_sleep(config: Config, events: list[Any]) -> None:
    """An independent oracle: rebuild who is asleep from the events alone and check it against
    every `hour.passed`, and the minutes slept and broken sleep against `rest.checked`
    (rules.md 6.2: edition 2, woken from sleep for a watch; edition 1, two or more stretches
    of sleep)."""
    names = [c.name for c in config.party]
    asleep: dict[str, int | None] = {}
    slept: dict[str, int] = {}
    stretches: dict[str, int] = {}
    woken: dict[str, bool] = {}
    edition = 1
    hours = HourOracle(names)

    def sleep(n: str, t: int) -> None:
        if asleep[n] is None:
            asleep[n] = t
            stretches[n] += 1

    def wake(n: str, t: int) -> None:
        since = asleep[n]
        if since is not None:
            slept[n] += t - since
            asleep[n] = None
            if t == since:  # woken the minute they lay down: not a stretch of sleep
                stretches[n] -= 1

    for e in events:
        d = e.model_dump()
        hours.see(e)
        match e.type:
            case "night.header":
                edition = d["edition"]
            case "rest.began":
                first = d["shifts"][0]["actor"] if d["shifts"] else None
                asleep = dict.fromkeys(names)
                slept = dict.fromkeys(names, 0)
                stretches = dict.fromkeys(names, 0)
                woken = dict.fromkeys(names, False)
                for n in names:
                    if n != first:
                        sleep(n, e.t)
            case "watch.began":
                since = asleep[d["actor"]]
                if since is not None and e.t > since:
                    woken[d["actor"]] = True
                wake(d["actor"], e.t)
            case "watch.handed_over" | "watch.ended" | "watch.dozed":
                sleep(d["actor"], e.t)
            case "camp.woke":
                for n in names:
                    wake(n, e.t)
            case "camp.settled":
                for n in names:
                    if n != d["on_watch"]:
                        sleep(n, e.t)
            case "rest.checked":
                n = d["actor"]
                wake(n, e.t)
                assert d["slept_minutes"] == slept[n], (n, d, slept)
                broken = woken[n] if edition >= 2 else stretches[n] >= 2
                assert d["interrupted"] == broken, (n, d, stretches, woken)


@pytest.mark.slow
@PROPS
@given(configs(), seeds)
def test_sleep_matches_an_independent_replay_of_the_events(config: Config, seed: int | str) -> None:
    for edition in (1, 2):
        replay_sleep(config, list(simulate(config, seed, edition=edition).events))


@pytest.mark.slow
@PROPS
@given(configs(), seeds)
def test_any_valid_night(config: Config, seed: int | str) -> None:
    check_night(config, seed, 1)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), seeds, st.integers(2, 4))
def test_any_valid_journey(config: Config, seed: int | str, nights: int) -> None:
    check_night(config, seed, nights)


@pytest.mark.slow
@PROPS
@given(configs())
def test_config_round_trips_through_its_canonical_form(config: Config) -> None:
    # The log header's config re-runs the night: it must validate back to the same config.
    assert config_from_data(config.canonical()) == config


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**12))
def test_int_seed_and_its_text_give_the_same_night(seed: int) -> None:
    c = cfg()
    # Everything but the header (which keeps the seed as given) is the same.
    assert simulate(c, seed).events[1:] == simulate(c, str(seed)).events[1:]
