"""`nightsim replay`: narrates exactly what `run` printed, refuses broken logs, streams."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.config import default_config_path, load_config
from nightsim.engine.journey import iter_raw
from nightsim.log.writer import write_events
from tests.helpers.logs import log_lines


def write_log(path: Path, seed: int | str, nights: int = 1) -> Path:
    config = load_config(default_config_path())
    with path.open("x", encoding="utf-8", newline="\n") as fh:
        write_events(
            iter_raw(config, seed, nights),
            [lambda line: print(line, file=fh)],
        )
    return path


@pytest.mark.parametrize(
    ("seed", "extra"),
    [
        ("11", []),
        ("9", []),  # an encounter, a missed watch
        ("14", ["--lang", "uk"]),
        pytest.param("moonless", ["--nights", "3"], marks=pytest.mark.slow),
        ("7", ["--set", "camp.season=winter", "--set", "watch.rota=[]"]),
    ],
)
def test_replay_prints_exactly_what_run_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str, extra: list[str]
) -> None:
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", seed, "--log", str(log), *extra]) == 0
    live = capsys.readouterr().out
    lang = extra[extra.index("--lang") :][:2] if "--lang" in extra else []
    assert main(["replay", str(log), *lang]) == 0
    replayed = capsys.readouterr()
    assert replayed.out == live
    assert live.strip()
    assert replayed.err == ""


def test_replay_jsonl_prints_the_file_verbatim(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = write_log(tmp_path / "n.jsonl", 9, nights=2)
    assert main(["replay", str(log), "--format", "jsonl"]) == 0
    assert capsys.readouterr().out == log.read_text(encoding="utf-8")


def _tamper(log: Path, how: str) -> None:
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    if how == "edit":
        data = json.loads(lines[6])
        data["t"] += 1
        lines[6] = json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"
    elif how == "delete":
        del lines[6]
    elif how == "duplicate":
        lines.insert(6, lines[5])
    elif how == "swap":
        lines[6], lines[7] = lines[7], lines[6]
    elif how == "truncate":
        del lines[-1]
    elif how == "cut":
        lines[-1] = lines[-1][:40]
    log.write_text("".join(lines), encoding="utf-8")


@pytest.mark.parametrize(
    ("how", "line", "words"),
    [
        ("edit", 7, "hash does not match"),
        ("delete", 7, "deleted"),
        ("duplicate", 7, "duplicated"),
        ("swap", 7, "reordered"),
        ("truncate", None, "cut short"),
        ("cut", None, "cut short mid-line"),
    ],
)
@pytest.mark.parametrize("fmt", ["text", "jsonl", "html"])
def test_a_broken_log_exits_1_naming_the_line_and_prints_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    how: str,
    line: int | None,
    words: str,
    fmt: str,
) -> None:
    log = write_log(tmp_path / "n.jsonl", 9)
    n = len(log.read_text(encoding="utf-8").splitlines())
    _tamper(log, how)
    assert main(["replay", str(log), "--format", fmt]) == 1
    out, err = capsys.readouterr()
    assert out == ""  # checked first, printed after: nothing from a broken log
    expected_line = line if line is not None else n - 1 if how == "truncate" else n
    assert f"{log}: line {expected_line}: " in err
    assert words in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty file"),
        (b"not json at all\n", "line 1: not JSON"),
        (b'{"type":"config","camp":{}}\n', "no night.header"),
        (b"\x00\x01\x02binary", "a binary file"),
        (b"\xff\xd8\xff\xe0 a photo", "not UTF-8"),
    ],
)
def test_not_a_log_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, words: str
) -> None:
    path = tmp_path / "x.jsonl"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert str(path) in err and words in err
    assert err.count("\n") == 1  # one clear message, no traceback


def test_a_missing_file_or_a_folder_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["replay", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


@pytest.fixture(scope="module")
def journey_1000(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_log(tmp_path_factory.mktemp("journey") / "j.jsonl", "long road", nights=1000)


@pytest.mark.slow
def test_a_1000_night_journey_replays(journey_1000: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open(os.devnull, "w") as devnull:
        monkeypatch.setattr(sys, "stdout", devnull)
        assert main(["replay", str(journey_1000), "--format", "jsonl"]) == 0


@pytest.mark.slow
def test_replay_streams_in_flat_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Peak memory stays far below the file's size and does not grow with the journey.

    200 nights rather than 1,000 only because tracemalloc slows Python down ~5x (measured on
    the 1,000-night, 10.9 MB log: a peak of ~0.1 MB after warm-up). A first replay warms up
    the one-time allocations (imports, pydantic validators) outside the measurement.
    """

    def peak_of(log: Path) -> int:
        tracemalloc.start()
        try:
            assert main(["replay", str(log), "--format", "jsonl"]) == 0
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    short = write_log(tmp_path / "short.jsonl", "long road", nights=20)
    long = write_log(tmp_path / "long.jsonl", "long road", nights=200)
    with open(os.devnull, "w") as devnull:
        monkeypatch.setattr(sys, "stdout", devnull)
        assert main(["replay", str(short), "--format", "jsonl"]) == 0  # warm-up
        small, big = peak_of(short), peak_of(long)
    size = long.stat().st_size
    assert size > 2_000_000
    assert big < size / 10, (big, size)
    assert big < 2 * small + 100_000, (small, big)  # ten times the file, not ten times the memory


# A log that arrives through a pipe.


@pytest.mark.slow
def test_replay_of_a_pipe_narrates_it(tmp_path: Path) -> None:
    """`nightsim replay <(…)` or `… | nightsim replay /dev/stdin`: replay reads the file
    twice (check, then print), and the second read of a pipe found it drained: "empty file:
    not a nightsim log", exit 2, for an intact log."""
    text = "".join(log_lines(9))
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "nightsim", "replay", "/dev/stdin", "--format", "jsonl"],
        input=text.encode(),
        capture_output=True,
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(root)),
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode() == text


# --- logs written before rules.md's second reading ----------------------------------------------

LEGACY = (
    Path(__file__).resolve().parents[1] / "data" / "legacy-0.1.0-quick-rest-heavy-rain-fire3.jsonl"
)


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_log_from_before_the_second_reading_still_replays(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Written by nightsim before `fire_conditions`, `light_fire` and `sleep_in` (its header
    # has fire_chance = 3 for adverse conditions, and "quick rest: has bedding" reasons):
    # a referee's old logs stay readable, and read as they were written.
    from nightsim import codes
    from nightsim.log.reader import iter_log

    lines = LEGACY.read_text(encoding="utf-8").splitlines(keepends=True)
    events = [r.event for r in iter_log(lines)]
    header = events[0].config["camp"]  # type: ignore[union-attr]
    assert "fire_conditions" not in header and header["fire_chance"] == 3
    reasons = {e.reason for e in events if e.type == "rest.checked"}
    assert codes.RestReason.QUICK_REST_BEDDING in reasons
    assert main(["replay", str(LEGACY), "--lang", lang]) == 0
    out = capsys.readouterr().out
    chance = {"en": "3-in-6", "uk": "3 з 6"}[lang]  # the header's own fire chance
    assert (chance in out) and ("Sister Ysolde" in out)


def test_verify_of_a_log_from_before_the_second_reading_names_its_nightsim() -> None:
    # Log format 2 (docs/log-format.md, "Versions and compatibility"): a format-1 log is not
    # re-simulated (every line of this nightsim's would differ); its chain is checked and
    # the verdict names the nightsim that re-simulates it, instead of a difference in the header.
    from nightsim.log.verify import verify_lines

    verdict = verify_lines(LEGACY.read_text(encoding="utf-8").splitlines(keepends=True))
    assert not verdict.ok and verdict.mismatch is None and verdict.seed_matches
    assert verdict.older_format == (1, "0.1.0") and verdict.events == 43
