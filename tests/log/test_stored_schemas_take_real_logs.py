"""Each stored schema (`schemas/log-line-vN.json`, the record of log format N) accepts every
line of the real logs of its format that the tests keep: those of the first release
(tests/data/format1/), of later releases (tests/data/releases/) and the others under
tests/data/. A schema that rejects a genuine log is no record of its format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "tests" / "data").rglob("*.jsonl"))


def _validators() -> dict[int, Draft202012Validator]:
    out = {}
    for path in (ROOT / "schemas").glob("log-line-v*.json"):
        version = int(path.stem.removeprefix("log-line-v"))
        out[version] = Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))
    return out


VALIDATORS = _validators()


def test_the_real_logs_cover_every_stored_format() -> None:
    formats = {json.loads(p.read_text(encoding="utf-8").splitlines()[0])["v"] for p in LOGS}
    assert formats == set(VALIDATORS)


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_line_of_a_real_log_is_valid_under_its_formats_schema(log: Path) -> None:
    for number, text in enumerate(log.read_text(encoding="utf-8").splitlines()):
        line = json.loads(text)
        errors = list(VALIDATORS[line["v"]].iter_errors(line))
        assert not errors, f"{log.name} line {number} ({line['type']}): {errors[0].message}"
