"""`--pace SECONDS` on `run` and `replay`: the same bytes, in table time (one rest hour per
SECONDS; the day between a journey's nights cut to one hour)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.cli.pace import add_pace_arg, line_minute, paced

ROOT = Path(__file__).resolve().parents[2]


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


def test_a_paced_batch_prints_each_nights_array_when_its_night_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--format cloudevents-batch --pace` (docs/stream.md): a batch is a night's events in
    one array, so the pace times the nights: a night's array comes when the next night begins
    in table time (the last one's at its end), the bytes those without --pace."""
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "9", "--nights", "2", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log), "--format", "cloudevents-batch"]) == 0
    unpaced = capsys.readouterr().out
    printed: list[tuple[float, str]] = []  # (the waits so far, what was printed before)
    waited = [0.0]

    def sleep(seconds: float) -> None:
        printed.append((waited[0], capsys.readouterr().out))
        waited[0] += seconds

    monkeypatch.setattr("time.sleep", sleep)
    assert main(["replay", str(log), "--format", "cloudevents-batch", "--pace", "6"]) == 0
    rest = capsys.readouterr().out
    assert "".join(out for _, out in printed) + rest == unpaced
    arrays = [(at, out) for at, out in printed if out] + [(waited[0], rest)]
    assert [len(out.splitlines()) for _, out in arrays] == [1, 1]
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    ends = [e["t"] for e in lines if e["type"] == "night.summary"]
    # night 1's array as night 2 begins (the day between cut to an hour); night 2's at its end
    assert arrays[0][0] == pytest.approx((ends[0] + 60) / 60 * 6)
    began = next(e["t"] for e in lines if e["type"] == "night.began" and e["night"] == 2)
    assert arrays[1][0] == pytest.approx((ends[0] + 60 + ends[1] - began) / 60 * 6)
    # Said where --pace is documented, and in its help.
    manual = " ".join((ROOT / "docs" / "stream.md").read_text(encoding="utf-8").split())
    assert "With `cloudevents-batch` (one array a night) the pace times the nights" in manual
    parser = argparse.ArgumentParser()
    add_pace_arg(parser)
    assert "cloudevents-batch" in " ".join(parser.format_help().split())
