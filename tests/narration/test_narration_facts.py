"""The narration's first pass (events -> facts) and its renderers: what is revealed when, the
codes' words in both languages, and no hidden state between the sections."""

from __future__ import annotations

import dataclasses
import inspect
import io
from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import Any

import pytest
from rich.console import Console

from nightsim import codes, load_config, simulate
from nightsim import events as ev
from nightsim.codes import Purpose
from nightsim.config import Config, apply_override, config_from_data, default_config_path
from nightsim.narration.catalogue import CODE_KEYS, Catalogue, key_of
from nightsim.narration.catalogue_en import EN
from nightsim.narration.catalogue_uk import UK
from nightsim.narration.facts import (
    CheckLine,
    HourFacts,
    Missed,
    NightFacts,
    ShiftOver,
    WatchLine,
    tell,
)
from nightsim.narration.night import Block, blocks
from tests.helpers.narration import DOZE, ENCOUNTER, QUIET, STORY


@pytest.fixture(scope="module")
def cfg() -> Config:
    return load_config(default_config_path())


def rolls_in(obj: Any) -> Iterator[ev.Roll]:
    """Every roll anywhere inside a fact (records, dataclasses, tuples), by identity."""
    if isinstance(obj, ev.Roll):
        yield obj
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from rolls_in(getattr(obj, f.name))
    elif isinstance(obj, tuple):  # a tuple, or a fact (a NamedTuple): its fields
        for x in obj:
            yield from rolls_in(x)


def nights(events: Sequence[ev.Event], quiet: bool = False) -> list[NightFacts]:
    return [f for f in tell(events, quiet=quiet) if isinstance(f, NightFacts)]


# --- the codes' words -------------------------------------------------------------------------


def code_enums() -> list[type[StrEnum]]:
    return [
        obj
        for _, obj in inspect.getmembers(codes, inspect.isclass)
        if issubclass(obj, StrEnum) and obj is not StrEnum and obj.__module__ == codes.__name__
    ]


def test_every_member_of_every_code_has_a_word_in_both_catalogues() -> None:
    enums = code_enums()
    assert {e.__name__ for e in enums} >= {"Purpose", "NoFire", "NoMeal", "RestReason", "Table"}
    for enum in enums:
        assert enum in CODE_KEYS, f"{enum.__name__} has no catalogue keys"
        for member in enum:
            key = key_of(member)
            assert key in EN and key in UK, (enum.__name__, member.name, key)
            for lang in ("en", "uk"):
                assert Catalogue(lang).code(member, actor="A", eaters="B")


def test_the_words_follow_the_member_not_its_value() -> None:
    # The key is found by member: a value that reads like another enum's changes nothing.
    assert key_of(Purpose.SAVE_DOOM) == "roll.save vs Doom"
    assert key_of(codes.NoMeal.NO_FIRE) != key_of(codes.NoFire.NO_FIREWOOD)
    assert all(isinstance(k, str) for keys in CODE_KEYS.values() for k in keys.values())


# --- what is revealed when --------------------------------------------------------------------


@pytest.mark.parametrize("seed", [ENCOUNTER, QUIET])
def test_the_monster_check_is_not_in_any_hour_before_it_is_revealed(cfg: Config, seed: int) -> None:
    events = simulate(cfg, seed).events
    check = next(e for e in events if isinstance(e, ev.MonsterChecked))
    (night,) = nights(events)
    checks = [n for h in night.hours for n in h.lines if isinstance(n, CheckLine)]
    assert len(checks) == 1 and not list(rolls_in(checks[0]))  # told: its chance, no roll
    # No hour holds the check's roll, nor any roll for wandering monsters.
    for h in night.hours:
        held = list(rolls_in(h.lines))
        assert not any(r is c for r in held for c in check.rolls)
        assert not any(r.purpose is Purpose.MONSTER for r in held)
    encounters = [e for h in night.hours for e in h.encounters]
    if any(isinstance(e, ev.MonsterArrived) for e in events):
        assert len(encounters) == 1 and encounters[0].check == tuple(check.rolls)
        assert not night.morning.no_encounter
    else:
        assert not encounters
        assert night.morning.no_encounter and night.morning.check == tuple(check.rolls)


def _hour_of(night: NightFacts, pred: Any) -> int:
    """The index of the first hour with a line (or, after the last hour, a dawn note) for which
    `pred` holds; len(hours) stands for dawn."""
    for i, h in enumerate(night.hours):
        if any(pred(n) for n in h.lines):
            return i
    assert any(pred(x) for x in night.morning.held)
    return len(night.hours)


@pytest.mark.parametrize("seed", [STORY, DOZE, QUIET, ENCOUNTER])
def test_a_doze_roll_is_in_the_facts_only_once_its_shift_is_over(cfg: Config, seed: int) -> None:
    events = simulate(cfg, seed).events
    (night,) = nights(events)
    for began in (e for e in events if isinstance(e, ev.WatchBegan)):
        opened = _hour_of(
            night, lambda n, b=began: isinstance(n, WatchLine) and (n.clock, n.actor) == (
                b.clock, b.actor)
        )  # fmt: skip
        for roll in began.rolls:
            where: list[Any] = [
                n for h in night.hours for n in h.lines if any(r is roll for r in rolls_in(n))
            ]
            where += [x for x in night.morning.held if any(r is roll for r in x.rolls)]
            assert len(where) == 1, (began.actor, where)  # told once
            told = where[0]
            assert not (isinstance(told, WatchLine) and told.clock == began.clock)
            assert _hour_of(night, lambda n, x=told: n is x) >= opened  # never before the shift
    if seed == STORY:
        over = [n for h in night.hours for n in h.lines if isinstance(n, ShiftOver)]
        assert any(n.how == "dozed" and n.told for n in over)
        assert any(n.how == "handed_over" and n.told for n in over)
        assert [x.actor for x in night.morning.held] == ["Moss"]
        watch = [n for h in night.hours for n in h.lines if isinstance(n, WatchLine)]
        assert not watch[0].told  # the first shift's roll: not when it begins


def test_quiet_reveals_no_shift_roll_at_all(cfg: Config) -> None:
    events = simulate(cfg, 9).events
    (loud,) = nights(events)
    (quiet,) = nights(events, quiet=True)
    assert loud.morning.held and not quiet.morning.held
    assert quiet.track is None and loud.track is not None


def test_a_dozer_missing_their_own_next_shift_is_a_fact(cfg: Config) -> None:
    data = cfg.canonical()
    for item in (
        'watch.rota=["Moss","Moss","Wren"]',
        "camp.encounter_chance=0",
        "party.Moss.con=3",
    ):
        apply_override(data, item)
    # Edition 1 only: edition 2 joins the two entries into one watch (rules.md 3.2).
    (night,) = nights(simulate(config_from_data(data), 7, edition=1).events)
    missed = [n for h in night.hours for n in h.lines if isinstance(n, Missed)]
    assert [(m.actor, m.own_shift) for m in missed] == [("Moss", True), ("Wren", False)]


def test_the_facts_are_frozen_and_the_same_every_time(cfg: Config) -> None:
    events = simulate(cfg, ENCOUNTER, nights=3).events
    first, second = list(tell(events)), list(tell(events))
    assert first == second
    hour = next(f for f in first if isinstance(f, NightFacts)).hours[0]
    assert isinstance(hour, HourFacts)
    with pytest.raises(AttributeError):  # a NamedTuple's fields are read-only
        hour.number = 99  # type: ignore[misc]


# --- no hidden state in the renderers ---------------------------------------------------------


def text(block: Block, width: int = 100) -> str:
    con = Console(
        record=True, width=width, force_terminal=False, color_system=None, file=io.StringIO()
    )
    con.print(block.body)
    return con.export_text()


@pytest.mark.parametrize("seed", [DOZE, ENCOUNTER])
def test_the_same_facts_render_the_same_text_in_any_order(cfg: Config, seed: int) -> None:
    events = simulate(cfg, seed, nights=2).events
    facts = list(tell(events))
    t = Catalogue("en")
    forward = [text(b) for b in blocks(facts, t)]
    again = [text(b) for b in blocks(facts, t)]
    assert forward == again
    # Each fact on its own, last first: a section never leans on one rendered before it.
    backward = [[text(b) for b in blocks([f], t)] for f in reversed(facts)]
    assert [x for part in reversed(backward) for x in part] == forward
    # And the blocks of one pass, printed last first.
    built = list(blocks(facts, t))
    assert [text(b) for b in reversed(built)][::-1] == forward
    assert list(tell(events)) == facts  # rendering changed no fact
