"""`nightsim schema`: a draft 2020-12 JSON Schema that every written line satisfies."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from nightsim.cli import main
from nightsim.config import default_config_path, load_config
from nightsim.events import EVENT_TYPES, EventBase
from nightsim.log import write_events
from nightsim.schema import log_line_schema, schema_json
from nightsim.simulate import iter_raw


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = log_line_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def written(seed: int | str, nights: int = 1, *sets: str) -> Iterator[dict[str, object]]:
    config = load_config(default_config_path(), list(sets))
    out: list[str] = []
    write_events(iter_raw(config, seed, nights), [out.append])
    for line in out:
        yield json.loads(line)


def test_the_schema_is_draft_2020_12_and_discriminated_on_type() -> None:
    schema = log_line_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["discriminator"]["propertyName"] == "type"
    assert sorted(schema["discriminator"]["mapping"]) == sorted(EVENT_TYPES)
    assert len(schema["oneOf"]) == len(EVENT_TYPES)
    for ref in schema["discriminator"]["mapping"].values():
        event = schema["$defs"][ref.rsplit("/", 1)[-1]]
        assert "hash" in event["required"] and "v" in event["required"]
        assert event["properties"]["hash"]["type"] == "string"
        assert event["additionalProperties"] is False


def test_schema_output_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    out = capsys.readouterr().out
    assert out == schema_json() == schema_json()
    assert json.loads(out) == log_line_schema()
    assert out.index('"$defs"') < out.index('"$schema"') < out.index('"oneOf"')  # sorted keys


@pytest.mark.slow
def test_every_line_nightsim_writes_validates(validator: Draft202012Validator) -> None:
    seen: set[str] = set()
    logs = [written(seed) for seed in range(12)]  # seeds 0, 3, 5, 9: encounters
    logs += [
        written(9, 4),
        written(5, 1, "camp.season=winter", "watch.rota=[]"),
        written(14, 1, "rules.fall_asleep_on_watch=false", "camp.weather='heavy_rain'"),
        written(3, 1, "camp.fire_starter=false", "camp.cookware=false"),
        written(3, 1, "watch.shifts=[{name='Wren', hours=2}]"),
        written(3, 1, "rules.sleep_in=true", "camp.light_fire=false"),
    ]
    for log in logs:
        for line in log:
            errors = list(validator.iter_errors(line))
            assert not errors, (line["type"], errors[0].message)
            seen.add(str(line["type"]))
    assert seen == set(EVENT_TYPES), sorted(set(EVENT_TYPES) - seen)  # the whole union


def test_a_line_with_a_wrong_type_or_no_hash_does_not_validate(
    validator: Draft202012Validator,
) -> None:
    line = next(line for line in written(9) if line["type"] == "hour.passed")
    assert validator.is_valid(line)
    assert not validator.is_valid({**line, "type": "hour.ended"})
    assert not validator.is_valid({**line, "type": "fire.out"})  # fields of another type
    assert not validator.is_valid({k: v for k, v in line.items() if k != "hash"})
    assert not validator.is_valid({**line, "hash": None})
    assert not validator.is_valid({**line, "hour": "3"})
    assert not validator.is_valid({**line, "extra": 1})
    assert not validator.is_valid({k: v for k, v in line.items() if k != "v"})


def test_the_readme_table_lists_every_event_type_with_its_fields() -> None:
    """README "Consuming the event stream" documents each type's fields: kept complete."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Consuming the event stream", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for row in section.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = set(re.findall(r"`([^`]+)`", cells[2]))
    base = set(EventBase.model_fields) | {"type"}
    models = {m.model_fields["type"].default: m for m in EventBase.__subclasses__()}
    assert set(rows) == set(models)
    for type_, model in models.items():
        fields = {f.alias or n for n, f in model.model_fields.items()} - base
        assert rows[type_] == fields, type_
