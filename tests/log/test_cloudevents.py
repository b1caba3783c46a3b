# ruff: noqa: RUF001  (Ukrainian names: Cyrillic letters that look Latin)
"""`run --format cloudevents`: CloudEvents 1.0 structured JSON, attributes by the spec, that
the official SDK accepts; `source` + `id` never repeat across configs, seeds or nights."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cloudevents.core.formats.json import JSONFormat
from cloudevents.v1.http import from_json

from nightsim.cli import main
from nightsim.config import Config, parse_config
from nightsim.engine.journey import iter_raw
from nightsim.events import LOG_VERSION
from nightsim.log.cloudevents import Wrapper, source_of
from nightsim.log.schema import schema_id
from nightsim.log.writer import iter_log_lines
from tests.helpers.manual import manual_block
from tests.helpers.nights import cfg, default_text

# RFC 3986 4.3: absolute-URI = scheme ":" hier-part [ "?" query ], no fragment; every other
# character unreserved, a sub-delim, ":", "@", "/", "?" or percent-encoded.
ABSOLUTE_URI = re.compile(
    r"[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})+"
)
ROOT = Path(__file__).resolve().parents[2]


def wrapped(config: Config, seed: int | str, nights: int = 1) -> list[tuple[dict, str]]:
    """Each log line (as a dict) with its CloudEvent (as written)."""
    wrap = Wrapper()
    out = []
    for line in iter_log_lines(iter_raw(config, seed, nights)):
        event = wrap(line)
        assert event is not None  # every line of a log is an event (a batch wraps none)
        out.append((json.loads(line), event))
    return out


def names_of_the_table() -> Config:
    """The default party renamed as referees name them: Ukrainian, emoji, accents."""
    text = default_text()
    for old, new in (("Sir Aldric", "Сер Олдрік 🛡️"), ("Wren", "Піп 🦊"), ("Moss", "Mósś")):
        text = text.replace(f'"{old}"', f'"{new}"')
    return parse_config(text, [])


def check_event(wrapped_line: str, data: dict, source: str) -> None:
    """One event, parsed by both SDK APIs, against the line it wraps."""
    core = JSONFormat().read(None, wrapped_line)
    assert core.get_specversion() == "1.0"
    assert core.get_source() == source
    assert core.get_id() == str(data["seq"])
    assert core.get_type() == f"nightsim.{data['type']}.v{data['v']}"
    assert core.get_dataschema() == schema_id(data["v"])
    assert core.get_datacontenttype() == "application/json"
    assert core.get_subject() == data.get("actor")  # absent (None) where no actor
    assert core.get_data() == data  # the log line, hash and all
    legacy = from_json(wrapped_line)
    assert legacy["id"] == core.get_id() and legacy["source"] == source
    assert legacy.data == data
    raw = json.loads(wrapped_line)
    # No wall clock anywhere (the SDK's reader fills in its own `time`, the moment it reads).
    assert "time" not in raw and ("subject" in raw) == ("actor" in data)


@pytest.mark.parametrize(("seed", "nights"), [("9", 1), ("a/b 7", 2)])
def test_every_line_parses_with_the_official_sdk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str, nights: int
) -> None:
    log = tmp_path / "n.jsonl"
    argv = ["run", "--seed", seed, "--nights", str(nights), "--format", "cloudevents"]
    assert main([*argv, "--log", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(out) == len(lines)
    source = source_of(json.loads(lines[0])["hash"])
    for wrapped_line, line in zip(out, lines, strict=True):
        check_event(wrapped_line, json.loads(line), source)


def test_names_in_any_script_make_valid_subjects() -> None:
    events = wrapped(names_of_the_table(), 14, nights=2)
    source = source_of(events[0][0]["hash"])
    subjects = set()
    for data, line in events:
        check_event(line, data, source)
        subjects.add(json.loads(line).get("subject"))
    assert {"Сер Олдрік 🛡️", "Піп 🦊", "Mósś", "Sister Ysolde"} <= subjects


def test_source_and_id_never_repeat_across_configs_seeds_and_nights() -> None:
    """The issue's case: seed 9 under an autumn and a winter config gave the same `source`
    "nightsim" and the same ids. Now each log is its own source, whatever differs."""
    autumn, winter = cfg(), cfg("camp.month=Grimvold")
    logs = {
        "autumn 9": wrapped(autumn, 9),
        "winter 9": wrapped(winter, 9),
        "autumn 10": wrapped(autumn, 10),
        "autumn '9'": wrapped(autumn, "9"),  # the phrase "9" is another seed than 9
        "autumn 9 x3": wrapped(autumn, 9, nights=3),  # a journey: its nights, one source
        "winter 9 x2": wrapped(winter, 9, nights=2),
    }
    assert logs["winter 9"][0][0]["resolved"]["season"] == "winter"
    seen: dict[tuple[str, str], str] = {}
    sources = set()
    for name, events in logs.items():
        for _, line in events:
            event = json.loads(line)
            key = (event["source"], event["id"])
            assert key not in seen, f"{key} of {name} repeats {seen[key]}"
            seen[key] = name
        sources.add(json.loads(events[0][1])["source"])
    assert len(sources) == len(logs)
    journey = logs["autumn 9 x3"]
    assert {data.get("night") for data, _ in journey} >= {1, 2, 3}


def test_the_same_night_is_the_same_source_and_the_same_events() -> None:
    """Re-running a night under the same config and seed gives the same events: the spec lets
    a consumer take identical `source` + `id` for duplicates, and here they are."""
    assert wrapped(cfg(), 24) == wrapped(cfg(), 24)


@pytest.mark.parametrize("seed", [9, "a/b 7", "Піп 🦊 #?"])
def test_source_and_dataschema_are_absolute_uris(seed: int | str) -> None:
    for _, line in wrapped(cfg(), seed):
        event = json.loads(line)
        for attribute in ("source", "dataschema"):
            assert ABSOLUTE_URI.fullmatch(event[attribute]), (attribute, event[attribute])
        assert re.fullmatch(r"urn:nightsim:log:[0-9a-f]{64}", event["source"])
        assert re.fullmatch(r"nightsim\.[a-z_.]+\.v[0-9]+", event["type"])


def test_a_stream_must_start_with_its_header() -> None:
    with pytest.raises(ValueError, match=r"starts with the log.s night\.header"):
        Wrapper()('{"seq":1,"type":"night.began"}')


def readme_output(command: str) -> list[str]:
    """The lines the manual shows under `$ command` (up to the next `$` or the block's end)."""
    block = manual_block(command)
    return [line.strip() for line in block.split("$ ")[0].splitlines() if line.strip()]


RUN_STORY = "nightsim run --seed 2211 --format cloudevents --no-log | jq"  # test_narration.STORY


@pytest.mark.usefixtures("golden_release")
def test_readme_cloudevents_examples_are_real() -> None:
    """docs/stream.md: the jq examples, their filters done in Python."""
    events = [json.loads(line) for _, line in wrapped(cfg(), 2211)]
    (dozed,) = [e for e in events if e["data"]["type"] == "watch.dozed"]
    shown = readme_output(f"{RUN_STORY} 'select(.data.type==\"watch.dozed\")'")
    assert json.loads("".join(shown)) == dozed
    assert dozed["subject"] == dozed["data"]["actor"] == "Sir Aldric"

    arrived = f"nightsim.monster.arrived.v{LOG_VERSION}"
    shown = readme_output(
        f"{RUN_STORY} -c 'select(.type==\"{arrived}\") | {{id, at: .data.clock}}'"
    )
    arrivals = [e for e in events if e["type"] == f"nightsim.monster.arrived.v{LOG_VERSION}"]
    assert [json.loads(line) for line in shown] == [
        {"id": e["id"], "at": e["data"]["clock"]} for e in arrivals
    ]
    shown = readme_output(f"{RUN_STORY} -c 'select(.subject==\"Moss\") | {{id, type}}'")
    assert [json.loads(line) for line in shown] == [
        {"id": e["id"], "type": e["type"]} for e in events if e.get("subject") == "Moss"
    ]
