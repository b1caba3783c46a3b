# ruff: noqa: RUF001  (Ukrainian names are the point of some of these logs)
"""Proof in another language (docs/log-format.md): tools/check-log.mjs, a Node.js checker
written from docs/log-format.md with no npm packages, agrees with nightsim on every line of
logs of single nights, journeys, Ukrainian and emoji names and fractional config numbers,
and rejects tampered ones, naming the line.

Skipped only where `node` is missing outside CI; in CI (CI=true) a missing node fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from nightsim.config import parse_config
from nightsim.engine.journey import iter_raw
from nightsim.log.writer import canonical_json, line_hash, write_events
from tests.helpers.nights import default_text

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "tools" / "check-log.mjs"
NODE = shutil.which("node")

if NODE is None:
    if os.environ.get("CI") == "true":
        pytest.fail("node is missing in CI: .ci/run installs it", pytrace=False)
    pytest.skip("node is not installed (outside CI)", allow_module_level=True)

NAMES = {
    "Sir Aldric": "Пан Олексій",
    "Sister Ysolde": "Сестра Ярина",
    "Moss": "Мох 🍄",
    "Wren": "Вільшанка 🐦‍⬛",
}


def _config(ukrainian: bool, *sets: str) -> object:
    text = default_text()
    if ukrainian:
        for en, uk in NAMES.items():
            text = text.replace(f'"{en}"', json.dumps(uk, ensure_ascii=False))
    return parse_config(text, list(sets))


# (name, ukrainian names, --set items, seed, nights)
CASES = [
    ("night seed 9", False, [], 9, 1),
    ("night seed 14, encounter", False, ["camp.encounter_chance=6"], 14, 1),
    ("journey of 4", False, ["camp.encounter_chance=3"], "road", 4),
    ("ukrainian names", True, ["camp.encounter_chance=6"], "Ніч на Купала", 1),
    ("ukrainian journey", True, ["camp.season=winter"], 3, 3),
    (
        "fractional config numbers",
        False,
        [
            "camp.carried_firewood_hours=0.3",
            "rules.fire_warmth_hours=2.75",
            'watch.shifts=[{name="Moss",hours=2.5},{name="Wren",hours=1.75},'
            '{name="Sir Aldric",hours=0.1}]',
        ],
        "🔥 emoji seed ✦",
        2,
    ),
    ("a big integer seed", False, [], 2**60, 1),
]


def log_text(ukrainian: bool, sets: list[str], seed: int | str, nights: int) -> list[str]:
    out: list[str] = []
    write_events(iter_raw(_config(ukrainian, *sets), seed, nights), [out.append])  # type: ignore[arg-type]
    return [line + "\n" for line in out]


def node(path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run(
        [NODE, str(CHECKER), *flags, str(path)], capture_output=True, text=True, timeout=60
    )


def test_the_checker_is_small_and_uses_no_packages() -> None:
    source = CHECKER.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 80
    imports = [line for line in source.splitlines() if line.startswith("import")]
    assert all(' from "node:' in line for line in imports), imports


@pytest.mark.parametrize(("name", "ukrainian", "sets", "seed", "nights"), CASES)
def test_node_agrees_with_nightsim_on_every_line(
    tmp_path: Path,
    name: str,
    ukrainian: bool,
    sets: list[str],
    seed: int | str,
    nights: int,
) -> None:
    lines = log_text(ukrainian, sets, seed, nights)
    path = tmp_path / "night.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    done = node(path)
    assert done.returncode == 0, (name, done.stderr)
    head = json.loads(lines[-1])["hash"]
    assert done.stdout == f"ok: {len(lines)} lines, head {head}\n"
    if "fractional" in name:
        assert '"carried_firewood_hours":0.3' in lines[0] and '"hours":1.75' in lines[0]


def _rehashed(lines: list[str], k: int, text: str) -> list[str]:
    """Line k replaced by `text` (its data, in some other form) and every hash from there on
    recomputed, as a forger would: the chain holds, so only the form can give it away."""
    prev = json.loads(lines[k - 1])["hash"] if k else "0" * 64
    data = json.loads(text)
    stale = data.pop("hash")
    prev = line_hash(prev, data)
    out = [*lines[:k], text.replace(stale, prev) + "\n"]
    for line in lines[k + 1 :]:
        data = json.loads(line)
        data.pop("hash")
        data["hash"] = prev = line_hash(prev, data)
        out.append(canonical_json(data) + "\n")
    return out


def test_node_rejects_tampered_logs_naming_the_line(tmp_path: Path) -> None:
    lines = log_text(True, ["camp.encounter_chance=6"], "tampered", 2)
    k = next(i for i, t in enumerate(lines) if '"rest.checked"' in t)
    cases = {
        "edited": (
            [
                *lines[:k],
                lines[k].replace('"slept_minutes":', '"slept_minutes":1'),
                *lines[k + 1 :],
            ],
            f"line {k + 1}: hash does not match",
        ),
        "deleted": (lines[:k] + lines[k + 1 :], f"line {k + 1}: seq is {k + 1}, expected {k}"),
        "spaces, rehashed": (
            _rehashed(lines, k, json.dumps(json.loads(lines[k]), ensure_ascii=False)),
            f"line {k + 1}: not in JCS form",
        ),
        "a float, rehashed": (
            _rehashed(
                lines,
                0,
                lines[0].rstrip("\n").replace('"fire_warmth_hours":4', '"fire_warmth_hours":4.0'),
            ),
            "line 1: not in JCS form",
        ),
        "cut short": ([*lines[:-1], lines[-1].rstrip("\n")], f"line {len(lines)}: no newline"),
        # A header made to say format 1 is checked as format 1: its hash gives it away.
        "format 1": ([lines[0].replace('"v":2', '"v":1'), *lines[1:]], "line 1: hash does not"),
        "format 1 then 2": (
            [lines[0], lines[1].replace('"v":2', '"v":1'), *lines[2:]],
            "line 2: 'v' is 1, expected 2",
        ),
    }
    for what, (bad, said) in cases.items():
        path = tmp_path / "bad.jsonl"
        path.write_text("".join(bad), encoding="utf-8")
        done = node(path)
        assert done.returncode == 1, what
        assert done.stderr.startswith(said), (what, done.stderr)


def test_node_reads_stdin(tmp_path: Path) -> None:
    assert NODE is not None
    text = "".join(log_text(False, [], 9, 1))
    done = subprocess.run(
        [NODE, str(CHECKER)], input=text, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stdout.startswith("ok: ")


def test_node_fails_a_log_cut_at_a_line_boundary_or_appended_to(tmp_path: Path) -> None:
    """A prefix of a log is a chain that holds: only its end shows it was cut."""
    lines = log_text(False, [], "cut", 2)
    began = [i for i, t in enumerate(lines) if '"night.began"' in t]
    path = tmp_path / "cut.jsonl"
    for cut, ends in ((began[1], "night.summary (night 1)"), (began[1] + 3, "(night 2)")):
        path.write_text("".join(lines[:cut]), encoding="utf-8")
        done = node(path)
        assert done.returncode == 1
        assert done.stderr.startswith(f"line {cut}: the log was cut short: it ends with")
        assert ends in done.stderr and "night.summary of night 2" in done.stderr
    path.write_text("".join(lines[:1]), encoding="utf-8")
    assert "cut short" in node(path).stderr
    one = log_text(False, [], "cut", 1)
    extra = json.loads(one[-1])
    extra.pop("hash")
    extra["seq"] = len(one)
    extra["hash"] = line_hash(json.loads(one[-1])["hash"], extra)
    path.write_text("".join([*one, canonical_json(extra) + "\n"]), encoding="utf-8")
    done = node(path)
    assert done.returncode == 1 and done.stderr.startswith(
        f"line {len(one) + 1}: night.summary after"
    )


def test_node_names_bad_utf8_and_a_byte_order_mark(tmp_path: Path) -> None:
    lines = log_text(True, [], "utf", 1)
    data = "".join(lines).encode("utf-8")
    k = next(i for i, t in enumerate(lines) if "Олексій" in t and i > 0)
    at = data.index("Олексій".encode(), sum(len(t.encode()) for t in lines[:k]))
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data[:at] + b"\xd0\x28" + data[at + 2 :])  # a lead byte, no follower
    done = node(path)
    assert done.returncode == 1
    assert done.stderr.startswith(f"line {k + 1}: not UTF-8"), done.stderr
    path.write_bytes(b"\xef\xbb\xbf" + data)
    assert node(path).stderr.startswith("line 1: starts with a byte-order mark")


def test_node_checks_the_seed_commitment(tmp_path: Path) -> None:
    lines = log_text(False, [], "moon", 1)
    header = json.loads(lines[0])
    forged = lines[0].rstrip("\n").replace(header["seed_sha256"], "ab" * 32)
    path = tmp_path / "forged.jsonl"
    path.write_text("".join(_rehashed(lines, 0, forged)), encoding="utf-8")
    done = node(path)
    assert done.returncode == 1
    assert done.stderr.startswith('line 1: seed "moon" does not match its commitment')
    for seed in (0, 11, 2**53 - 1):
        path.write_text("".join(log_text(False, [], seed, 1)), encoding="utf-8")
        assert node(path).returncode == 0, seed


@pytest.mark.slow
def test_node_head_takes_a_prefix_as_verify_does(tmp_path: Path) -> None:
    lines = log_text(False, [], 9, 1)
    head = json.loads(lines[-1])["hash"]
    path = tmp_path / "night.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    spaced = " ".join(head[i : i + 4] for i in range(0, 16, 4)).upper()
    for given in (head, head[:12], spaced, f"{head[:6]}-{head[6:14]}"):
        done = node(path, "--head", given)
        assert done.returncode == 0, (given, done.stderr)
    other = ("0" if head[0] != "0" else "1") + head[1:12]
    done = node(path, "--head", other)
    assert done.returncode == 1
    assert (
        done.stderr
        == f"line {len(lines)}: the log ends at hash {head}, not at the expected head {other}\n"
    )
    for bad in (head[:11], "g" * 12, head + "0", ""):
        done = node(path, "--head", bad)
        assert done.returncode == 2 and done.stderr.startswith("--head: expected"), bad


FORMAT1 = sorted((ROOT / "tests" / "data" / "format1").glob("*.jsonl"))


@pytest.mark.parametrize("log", FORMAT1, ids=lambda p: p.name)
def test_a_genuine_format_1_log_is_exit_3_as_verify_says(log: Path) -> None:
    """`verify` of a format-1 log checks its chain and exits 3 (docs/log-format.md): the
    checker agrees, and names the release that re-simulates it."""
    from nightsim.cli import main

    done = node(log)
    assert done.returncode == 3 == main(["verify", str(log)]), done.stderr
    head = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])["hash"]
    assert done.stdout.startswith("format 1 log written by nightsim 0.1.0: its chain is intact")
    assert f"head {head}" in done.stdout and "nightsim==0.1.0" in done.stdout


def test_a_broken_format_1_log_is_exit_1_at_the_line_verify_names(tmp_path: Path) -> None:
    from nightsim.cli import main

    lines = FORMAT1[0].read_text(encoding="utf-8").splitlines(keepends=True)
    k = next(i for i, t in enumerate(lines) if '"hour":2,' in t)
    path = tmp_path / "edited.jsonl"
    path.write_text(
        "".join([*lines[:k], lines[k].replace('"hour":2,', '"hour":3,'), *lines[k + 1 :]])
    )
    done = node(path)
    assert done.returncode == 1 == main(["verify", str(path)])
    assert done.stderr.startswith(f"line {k + 1}: hash does not match")
    path.write_text("".join(lines[:-1]))  # cut before its summary
    done = node(path)
    assert done.returncode == 1 and "cut short" in done.stderr
