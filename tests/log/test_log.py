"""The log writer: canonical, chained, streamed, and the same bytes everywhere."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from nightsim.config import default_config_path, load_config
from nightsim.engine.journey import iter_raw
from nightsim.engine.outcome import NightOutcome
from nightsim.events import Event
from nightsim.log.writer import canonical_json, iter_log_lines, write_events
from tests.helpers.narration import check_golden

ROOT = Path(__file__).resolve().parents[2]

# The default night's log for seed 7 (`nightsim run --seed 7 --format jsonl --no-log`), kept
# as its SHA-256 in tests/golden/night-7.jsonl.sha256. It changes only when the rules, the
# engine, the default dice or the log format change on purpose; the header names the release,
# so the night is written as the goldens' release (the `golden_release` fixture) and a version
# bump moves nothing. `python tools/regen.py` rewrites it with the other goldens; say in the
# commit why the night changed (a new rules edition: CONTRIBUTING.md, "Changing a rule").


def lines_of(seed: int | str, nights: int = 1) -> list[str]:
    config = load_config(default_config_path())
    out: list[str] = []
    write_events(iter_raw(config, seed, nights), [out.append])
    return out


def jsonl(python: str, *args: str) -> bytes:
    return subprocess.run(
        [python, "-m", "nightsim", "run", "--format", "jsonl", "--no-log", *args],
        cwd=ROOT,
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout


@pytest.mark.usefixtures("golden_release")
def test_golden_default_night() -> None:
    text = "".join(line + "\n" for line in lines_of(7))
    check_golden("night-7.jsonl.sha256", hashlib.sha256(text.encode()).hexdigest() + "\n")


def test_lines_are_canonical_json() -> None:
    for line in lines_of("Drúne ✦ fen", nights=2):
        data = json.loads(line)
        assert line == canonical_json(data)
        assert list(data) == sorted(data)
        assert "\n" not in line
    header = lines_of("Drúne ✦ fen")[0]
    assert '"seed":"Drúne ✦ fen"' in header  # UTF-8 as itself, not \u escapes


def test_the_pulled_pipeline_writes_the_same_lines_as_the_pushed_one() -> None:
    config = load_config(default_config_path())
    pulled = list(iter_log_lines(iter_raw(config, "road", 3)))
    assert pulled == lines_of("road", 3)


def test_each_line_is_out_before_the_next_event_is_made() -> None:
    """Flushed line by line: a crash mid-night leaves every line before it readable."""
    config = load_config(default_config_path())
    written: list[str] = []

    def crashing() -> Iterator[Event | NightOutcome]:
        for i, item in enumerate(iter_raw(config, 9)):
            if i == 10:
                assert len(written) == 10  # every line so far is already out
                raise RuntimeError("the engine broke")
            yield item

    with pytest.raises(RuntimeError):
        write_events(crashing(), [written.append])
    assert len(written) == 10
    assert [json.loads(s)["seq"] for s in written] == list(range(10))


def test_no_wall_clock_two_runs_are_the_same_bytes() -> None:
    assert lines_of(9, 2) == lines_of(9, 2)
    header = json.loads(lines_of(9)[0])
    assert not {"time", "date", "created", "timestamp"} & set(header)


@pytest.mark.parametrize("version", ["3.12", "3.13"])
def test_byte_identical_under_other_python_versions(version: str) -> None:
    """A log written under Python 3.12 / 3.13 is byte-identical to this interpreter's.

    The interpreter comes from NIGHTSIM_PYTHON_3_12 / NIGHTSIM_PYTHON_3_13 (`.ci/run` makes
    those venvs when the machine has the Pythons; then a failure here is a failure), or from a
    throwaway venv such as /tmp/py312 with the runtime dependencies; skipped when neither is
    there.
    """
    env_var = f"NIGHTSIM_PYTHON_{version.replace('.', '_')}"
    given = os.environ.get(env_var)
    python = Path(given) if given else Path(f"/tmp/py{version.replace('.', '')}/bin/python")
    if not python.exists():
        assert not given, f"{env_var}={given} does not exist"
        pytest.skip(f"no Python {version} venv at {python}")
    probe = subprocess.run(
        [str(python), "-c", "import simpy, pydantic, structlog, rich, sys; print(sys.version)"],
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0 or not probe.stdout.startswith(version):
        assert not given, f"{env_var}={given} is not a Python {version} with the dependencies"
        pytest.skip(f"{python} is not a Python {version} with nightsim's dependencies")
    for args in (["--seed", "7"], ["--seed", "full moon", "--nights", "3"]):
        assert jsonl(str(python), *args) == jsonl(sys.executable, *args)


def test_lines_are_jcs_and_events_hold_no_float() -> None:
    """Log format 2: every line is its RFC 8785 text; no event writes a fractional number
    (only the header's config may, in JCS's number form: `0.5`, `4` for 4.0)."""
    import rfc8785

    def floats(node: object) -> list[float]:
        if isinstance(node, dict):
            return [f for v in node.values() for f in floats(v)]
        if isinstance(node, list):
            return [f for v in node for f in floats(v)]
        return [node] if isinstance(node, float) else []

    sets = ["camp.carried_firewood_hours=0.5", "rules.fire_warmth_hours=2.5"]
    config = load_config(default_config_path(), sets)
    out: list[str] = []
    write_events(iter_raw(config, "jcs", 3), [out.append])
    for line in out:
        data = json.loads(line)
        assert line.encode() == rfc8785.dumps(data)
        if data["type"] != "night.header":
            assert floats(data) == [], data["type"]
    assert '"carried_firewood_hours":0.5' in out[0] and '"fire_warmth_hours":2.5' in out[0]
    assert '"minutes":' in next(line for line in out if '"fire.lit"' in line)


def test_an_integer_seed_past_2_53_is_written_as_its_text() -> None:
    from nightsim.engine.dice import seed_sha256
    from nightsim.log.verify import verify_lines

    big = 2**60
    lines = lines_of(big)
    header = json.loads(lines[0])
    assert header["seed"] == str(big) and header["seed_sha256"] == seed_sha256(big)
    assert lines[1:] == lines_of(str(big))[1:]  # the same night
    assert verify_lines([line + "\n" for line in lines]).ok
