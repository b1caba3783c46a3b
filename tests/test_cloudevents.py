"""`run --format cloudevents`: CloudEvents 1.0 structured JSON the official SDK accepts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cloudevents.core.formats.json import JSONFormat
from cloudevents.v1.http import from_json

from nightsim.cli import main
from nightsim.cloudevents import Wrapper, event_id


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
    ids = set()
    for wrapped, line in zip(out, lines, strict=True):
        data = json.loads(line)
        core = JSONFormat().read(None, wrapped)
        assert core.get_specversion() == "1.0"
        assert core.get_source() == "nightsim"
        assert core.get_type() == f"nightsim.{data['type']}.v{data['v']}"
        assert core.get_datacontenttype() == "application/json"
        assert core.get_data() == data  # the log line, hash and all
        assert core.get_id() == f"{seed}/{data['seq']}"
        legacy = from_json(wrapped)
        assert legacy["id"] == core.get_id() and legacy.data == data
        assert "time" not in json.loads(wrapped)  # no wall clock anywhere
        ids.add(core.get_id())
    assert len(ids) == len(lines)


def test_the_id_is_unambiguous_even_when_the_seed_has_slashes() -> None:
    """seq is what follows the last slash; the seed is everything before it."""
    for seed, seq in [("a/1", 2), ("a", 12), (11, 0), ("11/", 3)]:
        head, _, tail = event_id(seed, seq).rpartition("/")
        assert (head, int(tail)) == (str(seed), seq)


def test_a_stream_must_start_with_its_header() -> None:
    with pytest.raises(ValueError, match=r"starts with the log.s night\.header"):
        Wrapper()('{"seq":1,"type":"night.began"}')
