"""`--pace SECONDS` on `run` and `replay`: the same bytes, in table time (one rest hour per
SECONDS; the day between a journey's nights cut to one hour)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.cli.pace import line_minute, paced


def test_the_waits_follow_the_minutes_and_cut_the_day_between_nights() -> None:
    lines = [
        json.dumps({"t": t, "type": ty})
        for t, ty in [
            (0, "night.header"),
            (0, "night.began"),
            (60, "x"),
            (90, "y"),
            (720, "night.summary"),
            (1440, "night.began"),
            (1500, "z"),
        ]
    ]
    waits: list[float] = []
    assert list(paced(lines, 2.0, line_minute, waits.append)) == lines
    assert waits == [2.0, 1.0, 21.0, 2.0, 2.0]  # 60, 30, 630 minutes; 720 cut to 60; 60


@pytest.mark.parametrize("fmt", ["jsonl", "cloudevents", "text"])
def test_run_and_replay_print_the_same_bytes_paced(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    waits: list[float] = []
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "9", "--format", fmt, "--log", str(log)]) == 0
    plain = capsys.readouterr().out
    monkeypatch.setattr("time.sleep", waits.append)
    again = tmp_path / "again.jsonl"
    assert main(["run", "--seed", "9", "--format", fmt, "--log", str(again), "--pace", "6"]) == 0
    assert capsys.readouterr().out == plain and again.read_bytes() == log.read_bytes()
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sum(waits) == pytest.approx((lines[-1]["t"] - lines[0]["t"]) / 60 * 6)
    waits.clear()
    assert main(["replay", str(log), "--format", fmt]) == 0
    unpaced = capsys.readouterr().out
    assert waits == []
    assert main(["replay", str(log), "--format", fmt, "--pace", "6"]) == 0
    assert capsys.readouterr().out == unpaced
    assert sum(waits) == pytest.approx((lines[-1]["t"] - lines[0]["t"]) / 60 * 6)


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "3601", "fast"])
def test_a_bad_pace_or_a_paced_page_is_refused(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "--seed", "9", "--no-log", "--pace", value]) == 2
    assert "--pace" in capsys.readouterr().err
    assert main(["run", "--seed", "9", "--no-log", "--pace", "1", "--format", "html"]) == 2
    assert "a page is written whole" in capsys.readouterr().err
