"""The night's actors are wired by name (engine/sim.py): each is handed the night's dice
streams (`plan.StreamNames`) as a keyword and reads its own by name, and what the night
hands the morning is built by keyword. So a new stream is one named entry in `StreamNames`
(a die of the world: one word of `plan.WORLD_STREAMS`) and nothing moves in `sim.py`;
CONTRIBUTING.md, "Adding an event"."""

from __future__ import annotations

import ast
import inspect

import pytest

from nightsim.engine import sim
from nightsim.engine.evening import EveningChores
from nightsim.engine.monster import Monster
from nightsim.engine.plan import WORLD_STREAMS, WORLD_WORDS, StreamNames, stream_names
from nightsim.engine.rota import Rota
from tests.helpers.every_event import Night


@pytest.mark.parametrize("actor", [EveningChores, Rota, Monster])
def test_an_actor_takes_the_nights_streams_by_keyword_only(actor: type) -> None:
    parameters = inspect.signature(actor).parameters
    assert parameters["streams"].kind is inspect.Parameter.KEYWORD_ONLY
    assert parameters["streams"].annotation == "StreamNames"


def test_sim_builds_the_actors_and_the_mornings_record_by_keyword() -> None:
    tree = ast.parse(inspect.getsource(sim))
    calls = {
        node.func.id: node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    for name in ("NightRecord", "AtRest"):
        assert not calls[name].args, f"{name} is built positionally in engine/sim.py"
    for name in ("EveningChores", "Rota", "Monster"):
        assert "streams" in {k.arg for k in calls[name].keywords}, name


def test_the_worlds_streams_are_one_table() -> None:
    """A world's die is a word of WORLD_STREAMS: typed on StreamNames, set from the table,
    and a word no person's name may take (plan.stream_word escapes it)."""
    assert set(StreamNames.__annotations__) == set(WORLD_STREAMS)
    assert set(WORLD_STREAMS) <= WORLD_WORDS
    s = stream_names(Night((), 1).config(), 2)
    assert {w: getattr(s, w) for w in WORLD_STREAMS} == {
        w: f"n2:{w}\x00".encode() for w in WORLD_STREAMS
    }
