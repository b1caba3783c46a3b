"""Decisions about what a header can say (docs/disputes.md, docs/limits.md): a byte flipped
anywhere in the header never verifies (exit 1 or 2, never 0: a script tests `!= 0`); a header
whose party is past the limit is one line, exit 2; the commitment line names the dice and the
release that made the log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightsim import __version__
from nightsim.cli import main
from nightsim.errors import LogError
from nightsim.limits import MAX_PARTY
from nightsim.log.verify import verify_lines
from nightsim.log.writer import canonical_json
from tests.conftest import log_lines, rehash

DATA = Path(__file__).resolve().parents[1] / "data"


def flipped(lines: list[str], at: int, bit: int) -> list[bytes]:
    raw = [line.encode("utf-8") for line in lines]
    header = bytearray(raw[0])
    header[at] ^= bit
    return [bytes(header), *raw[1:]]


def verifies(lines: list[bytes]) -> bool:
    try:
        return verify_lines(lines).ok
    except (LogError, ValueError):  # not a log, broken, dice it cannot roll
        return False


@pytest.mark.slow
def test_no_byte_flip_in_the_header_verifies() -> None:
    """Every byte of the header (its newline too), each flipped in two ways: a low bit (a
    digit, a letter's neighbour) and 0x20 (a letter's case, a space): never genuine."""
    lines = log_lines(9)
    size = len(lines[0].encode("utf-8"))
    for at in range(size):
        for bit in (0x01, 0x20):
            assert not verifies(flipped(lines, at, bit)), (at, bit)


@pytest.mark.parametrize("at", [0, 5, 40, 300, 900, -60, -20, -2, -1])
def test_a_header_byte_flip_exits_1_or_2_never_0(
    at: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = log_lines(9)
    data = flipped(lines, at % len(lines[0].encode("utf-8")), 0x01)
    log = tmp_path / "flipped.jsonl"
    log.write_bytes(b"".join(data))
    code = main(["verify", str(log)])
    out, err = capsys.readouterr()
    assert code in (1, 2), (code, err)
    # Exit 1 is a verdict on stdout (NOT GENUINE and the line); 2, one line on stderr.
    assert out.startswith("NOT GENUINE: ") if code == 1 else out == "", out
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_header_past_the_party_limit_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = log_lines(9)
    header = json.loads(lines[0])
    party = header["config"]["party"]
    header["config"]["party"] = [
        {**party[i % len(party)], "name": f"P{i}"} for i in range(MAX_PARTY + 1)
    ]
    log = tmp_path / "big.jsonl"
    log.write_text("".join(rehash([canonical_json(header) + "\n", *lines[1:]])), "utf-8")
    for command in (["verify"], ["replay"], ["whatif", "--set", "camp.season=winter"]):
        assert main([command[0], str(log), *command[1:]]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == (
            f"nightsim: error: {log}: line 1: night.header: a party of {MAX_PARTY + 1}, more"
            f" than {MAX_PARTY} (the limit for a party); this nightsim reads no such log\n"
        )


@pytest.mark.parametrize(
    ("name", "dice", "release"),
    [
        ("releases/v0.3.0-encounter-seed-9.jsonl", "sha256-uniform-v2", "0.3.0"),
        ("releases/v0.2.0-encounter-seed-9.jsonl", "sha256-ctr-v1", "0.2.0"),
    ],
)
def test_the_commitment_line_names_the_dice_and_the_release(
    name: str, dice: str, release: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(DATA / name)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("GENUINE: ")
    assert out[2].startswith("seed 9 hashes to the log's own commitment sha256 ")
    assert f" (dice {dice}, nightsim {release}): " in out[2]


def test_a_fresh_log_names_this_release(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "full moon", "--quiet", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["verify", str(log)]) == 0
    assert capsys.readouterr().out.splitlines()[2] == (
        "seed 'full moon' hashes to the log's own commitment sha256"
        " 45e434a23fcfe2725efaccbe558233479245c8a376b7feaaf13c23f87bd8ddcc"
        f" (dice sha256-uniform-v2, nightsim {__version__}): compare it with the one published"
        " before the session (--commitment)"
    )


def test_whatif_on_a_forged_megabyte_header_prints_no_long_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A re-chained header with a seed of a million characters (its commitment matching) and
    its clock edited: the first difference is the header itself. whatif's refusal is one
    verdict, each sentence cut; verify --details keeps the evidence whole."""
    import hashlib

    lines = log_lines(9)
    header = json.loads(lines[0])
    seed = "s" * 1_000_000
    header.update(seed=seed, seed_sha256=hashlib.sha256(seed.encode()).hexdigest())
    header["clock"] = "19:01"
    header["nightsim"] = "0.3.0" + "\u202e" * 100_000
    log = tmp_path / "forged.jsonl"
    log.write_text("".join(rehash([canonical_json(header) + "\n", *lines[1:]])), "utf-8")
    assert main(["whatif", str(log), "--set", "camp.season=winter"]) == 1
    out, err = capsys.readouterr()
    assert [line[:5] for line in err.splitlines()] == ["note:"]
    # The refusal is verify's verdict: NOT GENUINE, then a sentence per difference, each cut.
    said = out.splitlines()
    assert said[0] == f"NOT GENUINE: {log}" and len(said) <= 7
    assert max(len(line) for line in out.splitlines() + err.splitlines()) <= 310, out[:500]
    assert "\u202e" not in out + err and "header is not the one nightsim writes" in said[1]
    assert 'clock "19:01" \u2260 "19:00"' in said[1]
    assert main(["verify", str(log), "--details"]) == 1
    out, err = capsys.readouterr()
    logged = [line for line in out.splitlines() if line.startswith("log: ")]
    assert seed in logged[0]  # the evidence, whole
    assert max(len(line) for line in err.splitlines()) <= 310
