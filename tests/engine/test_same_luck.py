"""The same luck (docs/dice.md): with sha256-uniform-v2 the world keeps its dice and each person
keeps theirs wherever the rota puts them; a better score never makes a doze more likely on the
same luck; the generator is chosen by the id the header records, and nightsim 0.2's logs
(sha256-ctr-v1) still verify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightsim import iter_events, simulate
from nightsim.cli import main
from nightsim.codes import Purpose
from nightsim.config import Config
from nightsim.engine.dice import COUNTER_V1, UNIFORM_V2, CounterDice, Dice
from nightsim.engine.plan import plan_for, stream_names
from nightsim.engine.sim import NightSim
from nightsim.errors import UnknownDice
from nightsim.events import (
    Event,
    MonsterArrived,
    MonsterChecked,
    NightHeader,
    RestChecked,
    WatchBegan,
)
from nightsim.log.verify import verify_lines
from nightsim.log.writer import canonical_json
from tests.helpers.logs import rehash
from tests.helpers.manual import manual_page
from tests.helpers.nights import cfg

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "v0.2.0-sha256-ctr-v1-journey3.jsonl"
ROTA = '["Sir Aldric","Wren","Sister Ysolde","Moss"]'
REVERSED = '["Moss","Sister Ysolde","Wren","Sir Aldric"]'


def doze_faces(events: list[Event]) -> dict[tuple[str, int], tuple[int, int]]:
    """(watcher, their j-th shift) -> (die, face) of each dozing roll made."""
    out: dict[tuple[str, int], tuple[int, int]] = {}
    seen: dict[str, int] = {}
    for e in events:
        if isinstance(e, WatchBegan) and not e.resumed:
            j = seen[e.actor] = seen.get(e.actor, 0) + 1
            for r in e.rolls:
                if r.purpose is Purpose.DOZE:
                    out[e.actor, j] = (int(r.dice.split("d")[1]), r.faces[0])
    return out


def world(events: list[Event]) -> tuple[object, ...]:
    """The world's dice: the monster check (and its minute), the firewood each gatherer found,
    and the monster's own surprise die and creature when it comes, whoever is awake."""
    check = next(e for e in events if isinstance(e, MonsterChecked))
    wood = [(e.actor, e.rolls[0].faces) for e in events if e.type == "firewood.gathered"]
    arrived = [
        (e.clock, [(r.purpose, r.faces) for r in e.rolls if r.purpose is not Purpose.DISTANCE])
        for e in events
        if isinstance(e, MonsterArrived)
    ]
    monster = [
        (clock, [x for x in rolls if x[0] is not Purpose.PARTY_SURPRISE])
        for clock, rolls in arrived
    ]
    return tuple(r.faces[0] for r in check.rolls), tuple(wood), monster


def rest_faces(events: list[Event]) -> dict[str, list[int]]:
    checks = [e for e in events if isinstance(e, RestChecked)]
    return {e.actor: [f for r in e.rolls for f in r.faces] for e in checks}


def nights(config: Config, seeds: range, rng: str = UNIFORM_V2) -> list[list[Event]]:
    return [list(simulate(config, f"luck/{s}", rng=rng).events) for s in seeds]


def test_each_person_keeps_their_dozing_roll_wherever_the_rota_puts_them() -> None:
    a = nights(cfg(f"watch.rota={ROTA}"), range(150))
    b = nights(cfg(f"watch.rota={REVERSED}"), range(150))
    compared = 0
    for x, y in zip(a, b, strict=True):
        fx, fy = doze_faces(x), doze_faces(y)
        for key in fx.keys() & fy.keys():
            assert fx[key] == fy[key], key
            compared += 1
        assert world(x) == world(y)  # the monster and the firewood do not care about the rota
    assert compared > 300
    # The rota changed who was awake when the monster came, but not the monster's dice.
    awake = [
        (e.awake, f.awake)
        for x, y in zip(a, b, strict=True)
        for e, f in zip(monsters(x), monsters(y), strict=True)
    ]
    assert len(awake) > 30 and any(bool(p) != bool(q) for p, q in awake)


def monsters(events: list[Event]) -> list[MonsterArrived]:
    return [e for e in events if isinstance(e, MonsterArrived)]


def test_under_the_old_dice_the_roll_went_with_the_slot() -> None:
    # What the new names fix: sha256-ctr-v1 keyed the dozing die by the slot, so moving a
    # watcher gave them another roll.
    a = nights(cfg(f"watch.rota={ROTA}"), range(40), COUNTER_V1)
    b = nights(cfg(f"watch.rota={REVERSED}"), range(40), COUNTER_V1)
    differ = sum(
        doze_faces(x)[key] != doze_faces(y)[key]
        for x, y in zip(a, b, strict=True)
        for key in doze_faces(x).keys() & doze_faces(y).keys()
    )
    assert differ > 10


def test_a_watcher_standing_twice_keeps_each_shifts_roll() -> None:
    # Moss's first and second shift are Moss:doze:1 and Moss:doze:2 whatever comes between.
    one = cfg('watch.rota=["Moss","Wren","Moss"]', "camp.encounter_chance=0")
    two = cfg('watch.rota=["Wren","Moss","Sir Aldric","Moss"]', "camp.encounter_chance=0")
    names = stream_names(one, 1)
    assert names.doze == (b"n1:Moss:doze:1\x00", b"n1:Wren:doze:1\x00", b"n1:Moss:doze:2\x00")
    assert stream_names(two, 1).doze[3] == b"n1:Moss:doze:2\x00"
    for x, y in zip(nights(one, range(80)), nights(two, range(80)), strict=True):
        fx, fy = doze_faces(x), doze_faces(y)
        for key in fx.keys() & fy.keys():
            assert fx[key][1] == fy[key][1], key


def test_rest_and_spells_are_each_persons_own() -> None:
    a = nights(cfg(f"watch.rota={ROTA}"), range(60))
    b = nights(cfg(f"watch.rota={REVERSED}"), range(60))
    for x, y in zip(a, b, strict=True):
        rx, ry = rest_faces(x), rest_faces(y)
        for who in rx.keys() & ry.keys():
            if rx[who] and ry[who]:
                assert rx[who] == ry[who], who


@pytest.mark.slow
@pytest.mark.parametrize(
    ("worse", "better", "dice"),
    [(14, 15, (10, 20)), (6, 7, (6, 10)), (3, 18, (6, 20))],
)
def test_a_better_con_never_makes_a_doze_more_likely_on_the_same_luck(
    worse: int, better: int, dice: tuple[int, int]
) -> None:
    # rules.doze_die: CON <= 6 rolls a d6, 7..14 a d10, 15+ a d20 (a 1 dozes). On the same U a
    # 1 on the larger die is a 1 on the smaller one, and the minute (U_1 on the minutes left)
    # is the same. (The old dice's w % n + 1 kept this for d10/d20 by luck of divisibility,
    # not for d6/d10.)
    def first_shifts(con: int) -> list[list[Event]]:
        sets = [f"party.Moss.con={con}", 'watch.rota=["Moss","Wren"]', "camp.encounter_chance=0"]
        return nights(cfg(*sets), range(400))

    dozed = {n: 0 for n in dice}
    for x, y in zip(first_shifts(worse), first_shifts(better), strict=True):
        fx, fy = doze_faces(x)["Moss", 1], doze_faces(y)["Moss", 1]
        assert (fx[0], fy[0]) == dice
        dozed[fx[0]] += fx[1] == 1
        dozed[fy[0]] += fy[1] == 1
        if fy[1] == 1:
            assert fx[1] == 1
            at = [e.clock for e in x if e.type == "watch.dozed"][:1]
            assert at == [e.clock for e in y if e.type == "watch.dozed"][:1]
    assert dozed[dice[0]] > dozed[dice[1]] > 0


def test_stream_names_are_cached_per_config_and_dice() -> None:
    config = cfg()
    plan, v2 = plan_for(config)
    again, v1 = plan_for(config, COUNTER_V1)
    assert again is plan and v1 is not v2
    assert stream_names(config, 1, COUNTER_V1).doze[0] == b"n1:doze:1\x00"
    assert stream_names(config, 1).doze[0] == b"n1:Sir Aldric:doze:1\x00"
    # A night with either dice on the same config object takes its own names.
    NightSim(config, Dice(1), record=False).run()
    assert NightSim(config, CounterDice(1)).streams.rest[0] == b"n1:rest:Sir Aldric\x00"
    assert NightSim(config, Dice(1)).streams.rest[0] == b"n1:Sir Aldric:rest\x00"


# --- the generator by id, in the API and in the header --------------------------------------


def test_the_header_records_the_dice_and_the_api_takes_them() -> None:
    config = cfg()
    (header,) = [e for e in simulate(config, 5).events if isinstance(e, NightHeader)]
    assert header.rng == UNIFORM_V2
    old = simulate(config, 5, rng=COUNTER_V1).events
    assert isinstance(old[0], NightHeader) and old[0].rng == COUNTER_V1
    assert old[1:] != simulate(config, 5).events[1:]  # other dice, another night
    assert list(iter_events(config, 5, rng=COUNTER_V1)) == list(old)


@pytest.mark.parametrize("call", [simulate, iter_events])
def test_unknown_dice_are_refused_at_the_call(call: object) -> None:
    with pytest.raises(UnknownDice, match="sha256-ctr-v1, sha256-uniform-v2"):
        call(cfg(), 1, rng="mersenne")  # type: ignore[operator]


# --- older logs keep working ----------------------------------------------------------------


def fixture_lines() -> list[str]:
    return FIXTURE.read_text(encoding="utf-8").splitlines(keepends=True)


def test_a_log_of_nightsim_0_2_verifies_with_its_own_dice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    header = json.loads(fixture_lines()[0])
    assert (header["nightsim"], header["rng"], header["nights"]) == ("0.2.0", COUNTER_V1, 3)
    verdict = verify_lines(fixture_lines())
    assert verdict.ok and verdict.events == len(fixture_lines())
    assert any("sha256-ctr-v1" in note for note in verdict.notes)
    assert any("nightsim 0.2.0" in note for note in verdict.notes)
    assert main(["verify", str(FIXTURE)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"GENUINE: {FIXTURE} ")
    assert out.splitlines()[1] == f"verified: {len(fixture_lines())} events match (3 nights)"
    assert "re-simulated with the log's" in err
    assert main(["replay", str(FIXTURE), "--quiet"]) == 0


def test_an_edited_copy_of_the_old_log_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = fixture_lines()
    k = next(i for i, s in enumerate(lines) if '"type":"watch.dozed"' in s)
    del lines[k]
    renumbered = [canonical_json({**json.loads(s), "seq": i}) + "\n" for i, s in enumerate(lines)]
    forged = tmp_path / "forged.jsonl"
    forged.write_text("".join(rehash(renumbered)), encoding="utf-8")
    assert main(["verify", str(forged)]) == 1
    # The file's 1-based line, as every command numbers lines (line k + 1 holds seq k).
    assert capsys.readouterr().out.splitlines()[1].startswith(f"- line {k + 1}, ")


def test_a_log_of_unknown_dice_is_not_a_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = fixture_lines()
    header = json.loads(lines[0])
    header["rng"] = "sha256-ctr-v9"
    log = tmp_path / "future.jsonl"
    log.write_text("".join(rehash([canonical_json(header) + "\n", *lines[1:]])), "utf-8")
    with pytest.raises(UnknownDice):
        verify_lines(log.read_text(encoding="utf-8").splitlines(keepends=True))
    assert main(["verify", str(log)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "'sha256-ctr-v9'" in err and "cannot re-simulate" in err
    assert "sha256-uniform-v2" in err and "Traceback" not in err
    assert main(["replay", str(log), "--quiet"]) == 0  # replay does not re-simulate


def shifts(lines: list[str]) -> list[dict[str, object]]:
    """README's jq filter `$SHIFTS`, in Python."""
    out: list[dict[str, object]] = []
    for line in lines:
        e = json.loads(line)
        if e["type"] in ("watch.began", "watch.dozed", "monster.arrived"):
            faces = [f for r in e.get("rolls", []) for f in r["faces"]]
            out.append(
                {"clock": e["clock"], "type": e["type"], "actor": e.get("actor"), "faces": faces}
            )
    return out


def test_the_readmes_same_luck_example_is_real(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/dice.md: each command's lines, the jq filter done in Python."""
    import shlex

    first = '$ nightsim run --seed 2211 --format jsonl --no-log | jq -c "$SHIFTS"'
    readme = manual_page(first)
    start = readme.index(first)
    block = readme[start : readme.index("```", start)]
    commands = block.split("$ ")[1:]
    assert len(commands) == 3
    for chunk in commands:
        command, *shown = chunk.rstrip("\n").split("\n")
        argv = shlex.split(command.split(" | ")[0])[1:]
        assert main(argv) == 0
        real = shifts(capsys.readouterr().out.splitlines())
        assert [json.loads(line) for line in shown] == real, command
