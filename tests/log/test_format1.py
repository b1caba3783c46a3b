# ruff: noqa: RUF001  (a party with Ukrainian names is the point of one of the logs)
"""Format-1 logs (nightsim 0.1.0) after log format 2: read by their own rules, replayed, and
named by `verify` (docs/disputes.md, "Other versions, and format 1").

tests/data/format1/ holds logs written by the first release (commit fb3b23e, `nightsim run
… --log`): a night with an encounter (fire with carried wood: fractional hours), a 3-night
journey, and a party with Ukrainian names and an emoji.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.codes import NoFire, Purpose, RestReason
from nightsim.events import LOG_VERSION, FireLit, HourPassed, NightHeader, Roll
from nightsim.log.format1 import canonical_json_v1, line_hash_v1, upgrade_v1
from nightsim.log.reader import iter_log
from tests.helpers.manual import manual_page

DATA = Path(__file__).resolve().parents[1] / "data" / "format1"
LOGS = {
    "encounter-seed-4.jsonl": ["Sir Aldric", "Sister Ysolde", "Moss", "Wren"],
    "journey-3-nights.jsonl": ["Sir Aldric", "Sister Ysolde", "Moss", "Wren"],
    "ukrainian-party.jsonl": ["Пан Олексій", "Сестра Ярина", "Мох 🍄", "Вільшанка"],
}


def lines_of(name: str) -> list[str]:
    return (DATA / name).read_text(encoding="utf-8").splitlines(keepends=True)


def test_the_stored_logs_are_format_1_of_nightsim_0_1_0() -> None:
    assert sorted(p.name for p in DATA.iterdir()) == sorted(LOGS)
    for name in LOGS:
        header = json.loads(lines_of(name)[0])
        assert (header["v"], header["nightsim"]) == (1, "0.1.0"), name


@pytest.mark.parametrize("name", sorted(LOGS))
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_each_format_1_log_replays_in_both_languages(
    name: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(DATA / name), "--lang", lang]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    for who in LOGS[name]:
        assert who in out, (name, lang, who)
    title = "Night" if lang == "en" else "Ніч"
    nights = json.loads(lines_of(name)[0]).get("nights", 1)
    assert out.count(f"{title} {nights}") >= 1 and f"{title} {nights + 1}" not in out


@pytest.mark.parametrize("name", sorted(LOGS))
def test_each_line_is_upgraded_to_the_current_models(name: str) -> None:
    read = list(iter_log(lines_of(name)))
    assert {line.version for line in read} == {1}
    header = read[0].event
    assert isinstance(header, NightHeader) and header.night == 0 and header.v == LOG_VERSION
    night = 0
    for line in read[1:]:
        old, event = json.loads(line.text), line.event
        if event.type == "night.began":
            night = old["night"]
        assert event.night == night >= 1  # from the journey's position
        assert event.hash == old["hash"]  # the line's own format-1 link
        for roll in getattr(event, "rolls", []):
            assert isinstance(roll, Roll) and (roll.purpose is None or roll.purpose in Purpose)
        if isinstance(event, FireLit):
            assert event.minutes == round(old["hours"] * 60)
    assert night == header.nights


def test_a_fractional_hour_of_fire_becomes_whole_minutes() -> None:
    (fire,) = [json.loads(t) for t in lines_of("encounter-seed-4.jsonl") if '"fire.lit"' in t]
    assert fire["hours"] == 8.5  # 0.5 h carried
    (upgraded,) = [
        line.event for line in iter_log(lines_of("encounter-seed-4.jsonl"))
        if line.event.type == "fire.lit"
    ]  # fmt: skip
    assert isinstance(upgraded, FireLit) and upgraded.minutes == 510


def test_upgrade_v1_maps_phrases_targets_and_the_old_hour() -> None:
    watched = {
        "v": 1, "seq": 13, "t": 180, "clock": "22:00", "type": "hour.passed", "hour": 1,
        "awake": ["A"], "asleep": ["B", "C"], "dozing": ["C"], "on_watch": "A", "fire": True,
    }  # fmt: skip
    new = upgrade_v1(watched, 1)
    assert HourPassed.model_validate(new) == HourPassed(
        seq=13, night=1, t=180, clock="22:00", hour=1, awake=["A"], slept_through=["B", "C"],
        dozed=["C"], watch=[{"actor": "A", "from": "21:00", "to": "22:00"}],
        unwatched_minutes=0, fire_minutes=60,
    )  # fmt: skip
    nobody = upgrade_v1({**watched, "clock": "00:00", "on_watch": None, "fire": False}, 2)
    assert nobody["watch"] == [] and nobody["unwatched_minutes"] == 60
    assert (nobody["fire_minutes"], nobody["night"]) == (0, 2)
    checked = upgrade_v1(
        {"type": "rest.checked", "reason": "hard night, CON check failed", "rolls": [
            {"purpose": "CON check", "target": ">= 4"},
            {"purpose": "falls asleep on watch", "target": "1"},
            {"purpose": "wandering monster", "target": "<= 6"},
            {"purpose": "minute of arrival", "target": None},
        ]},
        3,
    )  # fmt: skip
    assert checked["reason"] == RestReason.HARD_FAILED and checked["v"] == 2
    assert [(r["purpose"], r["target"]) for r in checked["rolls"]] == [
        (Purpose.CON_CHECK, {"op": ">=", "value": 4}),
        (Purpose.DOZE, {"op": "==", "value": 1}),
        (Purpose.MONSTER, {"op": "<=", "value": 6}),
        (Purpose.ARRIVAL_MINUTE, None),
    ]
    no_fire = upgrade_v1(
        {"type": "fire.not_lit", "reason": "no fire-starter", "wood_hours": 2.5}, 1
    )
    assert no_fire == {
        "type": "fire.not_lit", "reason": NoFire.NO_FIRE_STARTER, "wood_minutes": 150,
        "v": 2, "night": 1,
    }  # fmt: skip
    assert upgrade_v1({"type": "night.header", "v": 1}, 1)["night"] == 0


def test_verify_of_a_format_1_log_is_one_line_and_exit_3(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in LOGS:
        assert main(["verify", str(DATA / name)]) == 3
        out, err = capsys.readouterr()
        # A refusal: on stderr, as every failing line (docs/limits.md); stdout stays empty.
        assert err == (
            "format 1 log written by nightsim 0.1.0: its chain is intact; re-simulate it with"
            " nightsim 0.1.0 (pip install nightsim==0.1.0)\n"
        )
        assert out == ""


def _rehash_v1(lines: list[str]) -> list[str]:
    out, prev = [], "0" * 64
    for text in lines:
        data = json.loads(text)
        data.pop("hash")
        data["hash"] = prev = line_hash_v1(prev, data)
        out.append(canonical_json_v1(data) + "\n")
    return out


def test_a_tampered_format_1_log_is_refused_by_replay_and_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = lines_of("journey-3-nights.jsonl")
    k = next(i for i, t in enumerate(lines) if '"rest.checked"' in t)
    minutes = json.loads(lines[k])["slept_minutes"]
    lines[k] = lines[k].replace(f'"slept_minutes":{minutes},', f'"slept_minutes":{minutes + 1},')
    assert lines[k] != lines_of("journey-3-nights.jsonl")[k]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines), encoding="utf-8")
    for command in ("replay", "verify"):
        assert main([command, str(bad)]) == 1
        err = capsys.readouterr().err
        assert f"line {k + 1}: hash does not match" in err, err


def test_a_format_1_log_keeps_its_own_rules(tmp_path: Path) -> None:
    from nightsim.errors import BrokenLog

    lines = lines_of("encounter-seed-4.jsonl")
    assert _rehash_v1(lines) == lines  # the stored logs are format 1's own bytes
    # A format-2 version inside a format-1 log.
    mixed = [lines[0], lines[1].replace('"v":1', '"v":2'), *lines[2:]]
    with pytest.raises(BrokenLog, match="line 2: 'v' is 2, expected 1"):
        list(iter_log(_rehash_v1(mixed)))
    # A line rewritten with spaces: the same data (its hash still links), not the same text.
    spaced = json.dumps(json.loads(lines[2])) + "\n"
    with pytest.raises(BrokenLog, match="line 3: not format 1's canonical JSON"):
        list(iter_log([*lines[:2], spaced, *lines[3:]]))
    # A phrase format 1 never wrote, rehashed: the upgrade keeps it and the model names it.
    odd = [t.replace('"purpose":"firewood"', '"purpose":"kindling"') for t in lines]
    with pytest.raises(BrokenLog, match=r"firewood\.gathered: field 'rolls\.0\.purpose'"):
        list(iter_log(_rehash_v1(odd)))


def test_the_readme_shows_the_verify_line_of_a_format_1_log(
    capsys: pytest.CaptureFixture[str],
) -> None:
    readme = manual_page("$ nightsim verify tests/data/format1/")
    command, said = readme.split("$ nightsim verify tests/data/format1/", 1)[1].split("\n")[:2]
    root = Path(__file__).resolve().parents[2]
    assert main(["verify", str(root / "tests/data/format1" / command)]) == 3
    assert capsys.readouterr().err == said + "\n"
