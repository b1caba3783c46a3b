# ruff: noqa: RUF001  (the Ukrainian answer is Cyrillic)
"""`nightsim verify`: re-simulates from the header; a rehashing forger is caught."""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from nightsim import __version__
from nightsim.cli import main
from nightsim.log.verify import SHOWN, verify_lines
from nightsim.log.writer import canonical_json
from tests.helpers.logs import log_lines, rehash

make_lines = log_lines


def save(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("seed", [11, 9, "full moon", "007"])
def test_an_honest_log_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int | str
) -> None:
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", str(seed), "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["verify", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    n = len(log.read_text(encoding="utf-8").splitlines())
    assert out[0] == f"GENUINE: {log} is the night its seed and config play"
    assert out[1] == f"verified: {n} events match (1 night)"
    # GENUINE without --head: the last line says where the log ends was not checked.
    assert out[-1] == (
        "where the log ends is not checked: give --head with the head read out at the table"
    )
    commitment = hashlib.sha256(str(seed).encode()).hexdigest()
    assert out[2] == (
        f"seed {seed!r} hashes to the log's own commitment sha256 {commitment} (dice"
        f" sha256-uniform-v2, nightsim {__version__}): compare it with the one published before"
        " the session (--commitment)"
    )
    assert main(["verify", str(log), "--commitment", commitment.upper()]) == 0
    assert capsys.readouterr().out.splitlines()[2] == (
        f"seed {seed!r} matches the published commitment sha256 {commitment} (dice"
        f" sha256-uniform-v2, nightsim {__version__})"
    )


def test_a_swapped_seed_fails_the_published_commitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A night re-run with another seed verifies against itself, not against what was
    published before the session."""
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "45", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    published = hashlib.sha256(b"44").hexdigest()
    assert main(["verify", str(log), "--commitment", published]) == 1
    out, err = capsys.readouterr()
    assert "verified" not in out and "nightsim: error" not in err
    assert out.splitlines() == [
        f"NOT GENUINE: {log}",
        f"- the log's seed commits to sha256 {hashlib.sha256(b'45').hexdigest()}, not to the"
        f" published commitment {published}: the night was played with another seed",
    ]


def test_verify_answers_in_ukrainian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--lang uk`: the answer on stdout and a refusal against what was published are the
    referee's language too, counted nouns in their Ukrainian forms; the hashes unchanged."""
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "45", "--nights", "2", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    n = len(log.read_text(encoding="utf-8").splitlines())
    head = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])["hash"]
    assert main(["verify", str(log), "--lang", "uk", "--head", head[:12]]) == 0
    out = capsys.readouterr().out.splitlines()
    many = "подій" if n % 10 not in (1, 2, 3, 4) or n % 100 in (11, 12, 13, 14) else "події"
    assert out[0] == f"СПРАВЖНІЙ: {log} — саме та мандрівка, яку дають його зерно й конфігурація"
    assert out[1] == f"перевірено: усі події збігаються ({n}\u00a0{many}, 2\u00a0ночі)"
    commitment = hashlib.sha256(b"45").hexdigest()
    assert out[2].startswith(f"геш зерна 45, записаного в журналі, — sha256 {commitment} (")
    assert out[3].startswith("відбиток конфігурації — sha256 ")
    assert out[4] == (
        f"журнал закінчується очікуваним останнім гешем ланцюжка {head[:12]} (повністю: {head})"
    )
    published = hashlib.sha256(b"44").hexdigest()
    assert main(["verify", str(log), "--lang", "uk", "--commitment", published]) == 1
    said, err = capsys.readouterr()
    assert err == ""
    assert said.splitlines() == [
        f"НЕСПРАВЖНІЙ: {log}",
        f"- геш зерна журналу — sha256 {commitment}, а не оприлюднений {published}:"
        " ніч зіграно з іншим зерном",
    ]


def test_another_config_fails_the_agreed_fingerprint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`check` prints the fingerprint; a night played with another rota fails against it."""
    assert main(["check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    agreed = lines[lines.index("Fingerprint (SHA-256 of the resolved config):") + 1]
    log = tmp_path / "n.jsonl"
    rota = 'watch.rota=["Wren","Sir Aldric","Sister Ysolde","Moss"]'
    assert main(["run", "--seed", "44", "--quiet", "--set", rota, "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["verify", str(log), "--config-sha256", agreed]) == 1
    out = capsys.readouterr().out
    assert out.startswith("NOT GENUINE: ") and "the night was played with another config" in out
    honest = tmp_path / "h.jsonl"
    assert main(["run", "--seed", "44", "--quiet", "--log", str(honest)]) == 0
    capsys.readouterr()
    assert main(["verify", str(honest), "--config-sha256", agreed]) == 0
    assert capsys.readouterr().out.splitlines()[3] == (
        f"the config is the agreed one, fingerprint sha256 {agreed}"
    )


@pytest.mark.parametrize("bad", ["", "ab" * 31, "ab" * 33, "g" * 64])
def test_a_published_hash_is_64_hex_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    log = tmp_path / "n.jsonl"
    log.write_text("".join(make_lines(9)), encoding="utf-8")
    for flag in ("--commitment", "--config-sha256"):
        assert main(["verify", str(log), flag, bad]) == 2
        assert "64 hex digits" in capsys.readouterr().err


def test_a_forger_who_rehashes_passes_replay_but_fails_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The player says "I was awake!": the forger gives Wren a full rest and rehashes."""
    lines = make_lines(9)
    k = next(
        i for i, s in enumerate(lines) if '"type":"rest.checked"' in s and '"full_rest":false' in s
    )
    data = json.loads(lines[k])
    data["full_rest"] = True
    lines[k] = canonical_json(data) + "\n"
    log = save(tmp_path / "forged.jsonl", rehash(lines))

    assert main(["replay", str(log), "--format", "jsonl"]) == 0  # the chain holds
    capsys.readouterr()
    assert main(["verify", str(log)]) == 1
    out, err = capsys.readouterr()
    # The verdict first, then in words what the log claims and what the dice say, the line
    # and the minute; no raw lines without --details.
    verdict, first = out.splitlines()
    assert verdict == f"NOT GENUINE: {log}" and "nightsim: error" not in err
    assert first.startswith(f"- line {k + 1}, 05:00, on Moss's watch: the log says \u201c05:00 ")
    assert ": a full rest.\u201d, but the dice say \u201c05:00 " in first
    assert first.endswith(": no full rest.\u201d")
    assert main(["verify", str(log), "--lang", "uk"]) == 1
    verdict, first = capsys.readouterr().out.splitlines()
    assert verdict == f"НЕСПРАВЖНІЙ: {log}"
    assert f"рядок {k + 1}, 05:00, на варті — Moss: журнал каже \u00ab05:00 " in first
    assert "повноцінний відпочинок.\u00bb, \u0430 кості \u2014 \u00ab05:00 " in first
    assert first.endswith("без повноцінного відпочинку.\u00bb")
    assert main(["verify", str(log), "--details"]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[2] == "for programmers (the first differing lines, whole):"
    assert f"line {k + 1} (rest.checked)" in out and "'full_rest'" in out
    log_line, sim_line = out.splitlines()[-2:]
    assert log_line.startswith("log: ") and sim_line.startswith("sim: ")
    assert json.loads(log_line[5:])["full_rest"] is True
    assert json.loads(sim_line[5:])["full_rest"] is False
    assert json.loads(sim_line[5:])["seq"] == k


def test_verify_checks_the_chain_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = make_lines(9)
    data = json.loads(lines[4])
    data["t"] += 5
    lines[4] = canonical_json(data) + "\n"
    log = save(tmp_path / "n.jsonl", lines)
    assert main(["verify", str(log)]) == 1
    out, err = capsys.readouterr()
    assert "line 5: hash does not match" in err
    # A verdict, not a failure of the program: on stdout, in the verdict's language.
    assert out.startswith(f"NOT GENUINE: {log}\n- line 5: the log is not as nightsim wrote")
    assert "nightsim: error" not in err
    assert main(["verify", str(log), "--lang", "uk"]) == 1
    assert capsys.readouterr().out.startswith(f"НЕСПРАВЖНІЙ: {log}\n- рядок 5: журнал не такий")


def test_a_forged_seed_fails_its_commitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Swapping the seed for a kinder one (and rehashing) no longer matches the commitment
    published before the session."""
    lines = make_lines(9)
    header = json.loads(lines[0])
    header["seed"] = 10
    lines[0] = canonical_json(header) + "\n"
    log = save(tmp_path / "n.jsonl", rehash(lines))
    assert main(["verify", str(log)]) == 1
    assert "- seed 10 does not match its commitment" in capsys.readouterr().out


def test_a_forged_config_is_caught_at_the_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Editing the header's config (no cookware) changes the night: the forged log still
    shows the meal cooked, the simulation of that config does not."""
    lines = make_lines(9)
    header = json.loads(lines[0])
    header["config"]["camp"]["cookware"] = False
    lines[0] = canonical_json(header) + "\n"
    log = save(tmp_path / "n.jsonl", rehash(lines))
    assert main(["verify", str(log), "--details"]) == 1
    out = capsys.readouterr().out
    assert "line 8 (meal.cooked)" in out and "'outcome'" in out
    sims = [s for s in out.splitlines() if s.startswith("sim: ")]
    assert json.loads(sims[0][5:])["type"] == "meal.not_cooked"


def test_another_version_is_named_and_still_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA: an untouched log of another version used to fail at its header, on the version
    field itself (and so every hash after it): "still compared" compared nothing. The
    simulation now stamps the log's version, so the nights themselves are compared."""
    lines = make_lines(11)
    header = json.loads(lines[0])
    header["nightsim"] = "0.0.1"
    lines[0] = canonical_json(header) + "\n"
    log = save(tmp_path / "n.jsonl", rehash(lines))
    assert main(["verify", str(log)]) == 0
    out, err = capsys.readouterr()
    assert f"written by nightsim 0.0.1, this is nightsim {__version__}" in err
    assert "verified: " in out and "events match (1 night)" in out


def test_another_version_with_an_edited_night_names_the_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = make_lines(11)
    header = json.loads(lines[0])
    header["nightsim"] = "0.0.1"
    lines[0] = canonical_json(header) + "\n"
    k = next(i for i, s in enumerate(lines) if '"type":"character.woke"' in s)
    woke = json.loads(lines[k])
    woke["hp"] += 1
    lines[k] = canonical_json(woke) + "\n"
    log = save(tmp_path / "n.jsonl", rehash(lines))
    assert main(["verify", str(log), "--details"]) == 1
    out, err = capsys.readouterr()
    assert "written by nightsim 0.0.1" in err
    assert f"line {k + 1} (character.woke): it differs in 'hp'" in out


def test_not_a_log_and_a_missing_file_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(tmp_path / "nope.jsonl")]) == 2
    empty = save(tmp_path / "e.jsonl", [])
    assert main(["verify", str(empty)]) == 2
    assert "empty file" in capsys.readouterr().err


def test_a_log_cut_short_fails_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = save(tmp_path / "n.jsonl", make_lines(9)[:-3])
    assert main(["verify", str(log)]) == 1
    assert "cut short" in capsys.readouterr().err


def test_a_journey_verifies_and_a_forged_later_night_is_found() -> None:
    lines = make_lines("road", nights=3)
    verdict = verify_lines(lines)
    assert verdict.ok and verdict.events == len(lines) and verdict.nights == 3
    k = max(i for i, s in enumerate(lines) if '"type":"character.woke"' in s)
    data = json.loads(lines[k])
    data["exhaustion"] += 1
    lines[k] = canonical_json(data) + "\n"
    verdict = verify_lines(rehash(lines))
    assert verdict.mismatch is not None
    assert (verdict.mismatch.seq, verdict.mismatch.fields) == (k, ("exhaustion",))
    assert verdict.events == k


def test_verify_of_a_default_night_takes_under_a_second(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "9", "--log", str(log)]) == 0
    start = time.process_time()  # CPU time: another test worker cannot inflate it
    assert main(["verify", str(log)]) == 0
    assert time.process_time() - start < 1.0


@pytest.mark.slow
def test_a_1000_night_journey_verifies_streaming() -> None:
    """Both sides are streams: the generator of log lines is consumed as it is compared."""
    lines = make_lines("long road", nights=1000)
    consumed = 0

    def source() -> Iterator[str]:
        nonlocal consumed
        for line in lines:
            consumed += 1
            yield line

    verdict = verify_lines(source())
    assert verdict.ok and verdict.events == len(lines) == consumed


def test_a_forger_who_deletes_the_dozing_and_renumbers_is_found(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Watcher dozed? Delete the line, renumber seq, rehash: the chain holds, verify names
    the missing event."""
    lines = make_lines(2211)  # test_narration.STORY: Sir Aldric dozes
    k = next(i for i, s in enumerate(lines) if '"type":"watch.dozed"' in s)
    del lines[k]
    renumbered = []
    for i, s in enumerate(lines):
        data = json.loads(s)
        data["seq"] = i
        renumbered.append(canonical_json(data) + "\n")
    log = save(tmp_path / "n.jsonl", rehash(renumbered))
    assert main(["replay", str(log), "--format", "jsonl"]) == 0
    capsys.readouterr()
    assert main(["verify", str(log)]) == 1
    out = capsys.readouterr().out.splitlines()
    # In words: the log has someone else's line where the dice have the dozing, on Sir
    # Aldric's watch; every line after it is one off, so the verdict tells the first few
    # and counts the rest instead of telling each.
    assert out[0] == f"NOT GENUINE: {log}"
    first = out[1]
    assert first.startswith(f"- line {k + 1}, ") and "Sir Aldric's watch" in first
    assert "the log says" in first and "dozes off on watch" in first
    told = [s for s in out if s.startswith("- line ")]
    assert len(told) == SHOWN
    assert re.fullmatch(
        r"- \u2026 and differences in \d+ other events \(--details shows the lines\)", out[-1]
    )
    assert main(["verify", str(log), "--details"]) == 1
    out = capsys.readouterr().out.splitlines()
    sims = [s for s in out if s.startswith("sim: ")]
    assert len(sims) == SHOWN and json.loads(sims[0][5:])["type"] == "watch.dozed"


def test_a_journey_is_called_a_journey(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "j.jsonl"
    assert main(["run", "--seed", "9", "--nights", "2", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["verify", str(log), "--lang", "uk"]) == 0
    assert "саме та мандрівка, яку дають його зерно" in capsys.readouterr().out
