"""`involves`: everyone an event names, derived from the typed event (never written), carried
by the CloudEvents output; `replay --format cloudevents` / `cloudevents-batch` give the bytes
`run` printed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_args

import pytest
from cloudevents.core.formats.json import JSONFormat
from pydantic import BaseModel

from nightsim.cli import main
from nightsim.engine.journey import iter_raw
from nightsim.events import EventBase, NightHeader
from nightsim.involved import NAME_FIELDS, NOT_NAMES, involves, involves_of
from nightsim.log.cloudevents import Wrapper, batches
from nightsim.log.writer import iter_logged
from tests.helpers.nights import cfg

ENVELOPE = set(EventBase.model_fields)
PARTY = ("Sir Aldric", "Sister Ysolde", "Moss", "Wren")


def _holds_text(annotation: Any) -> bool:
    """Whether a field's type may hold a string (a name): str, a model, a list, a dict."""
    if annotation is str or annotation is Any:
        return True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel | dict):
        return True
    return any(_holds_text(arg) for arg in get_args(annotation))


def test_every_text_field_of_every_event_is_classified() -> None:
    """A new field that may hold a name must be put in NAME_FIELDS or NOT_NAMES."""
    seen: set[str] = set()
    for model in EventBase.__subclasses__():
        for name, field in model.model_fields.items():
            if name in ENVELOPE - {"clock", "hash"} or not _holds_text(field.annotation):
                continue
            seen.add(name)
            assert name in NAME_FIELDS or name in NOT_NAMES, (model.__name__, name)
    assert not set(NAME_FIELDS) & NOT_NAMES
    assert set(NAME_FIELDS) <= seen, set(NAME_FIELDS) - seen  # no stale entry


def _strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


@pytest.mark.parametrize(
    ("seed", "nights", "sets"),
    [(2211, 1, ()), (9, 3, ()), (5, 1, ("camp.season=winter", "watch.rota=[]"))],
)
def test_involves_names_every_character_a_line_names_and_no_one_else(
    seed: int, nights: int, sets: tuple[str, ...]
) -> None:
    for event, line in iter_logged(iter_raw(cfg(*sets), seed, nights)):
        data = json.loads(line)
        named = involves(event)
        assert event.involves == named == involves_of(data), data["type"]
        assert len(set(named)) == len(named)
        if isinstance(event, NightHeader):
            assert named == ()
            continue
        assert set(named) == set(_strings(data)) & set(PARTY), data["type"]


def test_moss_is_involved_in_far_more_lines_than_his_subject_names() -> None:
    """A consumer following Moss by `subject` saw a third of his lines; `involves` has all."""
    wrap = Wrapper()
    events = [json.loads(wrap(line) or "") for _, line in iter_logged(iter_raw(cfg(), 2211, 1))]
    by_subject = {e["id"] for e in events if e.get("subject") == "Moss"}
    involved = {e["id"] for e in events if "Moss" in json.loads(e["involves"])}
    assert by_subject < involved and len(involved) >= 2 * len(by_subject)
    for e in events:
        assert JSONFormat().read(None, json.dumps(e)).get_extension("involves") == e["involves"]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("fmt", ["cloudevents", "cloudevents-batch"])
def test_replay_converts_a_stored_log_to_the_bytes_run_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    log = tmp_path / "j.jsonl"
    live = _run(
        capsys, "run", "--seed", "road", "--nights", "3", "--format", fmt, "--log", str(log)
    )
    assert _run(capsys, "replay", str(log), "--format", fmt) == live
    jsonl = _run(capsys, "replay", str(log), "--format", "jsonl")
    assert jsonl.encode() == log.read_bytes()  # jsonl stays the log, byte for byte


def test_a_batch_is_a_night_the_header_opening_the_first() -> None:
    lines = [line for _, line in iter_logged(iter_raw(cfg(), "road", 3))]
    wrap = Wrapper()
    single = [wrap(line) for line in lines]
    arrays = [json.loads(batch) for batch in batches(lines)]
    assert [sorted({e["data"]["night"] for e in a}) for a in arrays] == [[0, 1], [2], [3]]
    assert [
        json.dumps(e, ensure_ascii=False, separators=(",", ":")) for a in arrays for e in a
    ] == single
    assert "".join(batches(lines[:1])).startswith("[{")  # a header alone is one batch
