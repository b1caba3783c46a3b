# ruff: noqa: RUF001  (the Ukrainian verdict is Cyrillic)
"""The verdict `verify` gives a player at the table (docs/disputes.md, "The verdict"): GENUINE
or NOT GENUINE first, then one sentence per difference naming whose watch it was; the raw
lines with --details; --head and the re-simulation both answered; and what a published block
binds (docs/disputes.md, "What a published block binds"): one committed seed, one night."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from packaging.version import Version

from nightsim import __version__
from nightsim.cli import main
from nightsim.editions import CURRENT_EDITION
from nightsim.engine.dice import RNG_ID
from nightsim.engine.journey import iter_raw
from nightsim.log.writer import canonical_json, write_events
from tests.helpers.logs import log_lines, rehash
from tests.helpers.nights import cfg

STORY = 2211  # the README's night: the wolves come at 01:09 on Sister Ysolde's watch


def _save(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _forged_awake(tmp_path: Path) -> tuple[Path, int, str]:
    """Sister Ysolde dozed on her watch; the forger counts her awake when the wolves came
    and recomputes every hash: only the dice catch it."""
    lines = log_lines(STORY)
    k = next(i for i, s in enumerate(lines) if '"type":"monster.arrived"' in s)
    data = json.loads(lines[k])
    assert data["awake"] == [] and data["watch_of"] == "Sister Ysolde"
    data["awake"] = ["Sister Ysolde"]
    lines[k] = canonical_json(data) + "\n"
    return _save(tmp_path / "forged.jsonl", rehash(lines)), k + 1, data["clock"]


@pytest.mark.parametrize(
    ("lang", "verdict", "said"),
    [
        (
            "en",
            "NOT GENUINE",
            "line {line}, {clock}, on Sister Ysolde's watch: the log counts Sister Ysolde as"
            " awake; the dice do not",
        ),
        (
            "uk",
            "НЕСПРАВЖНІЙ",
            "рядок {line}, {clock}, на варті — Sister Ysolde: за журналом Sister Ysolde серед"
            " тих, хто не спав; за кістками — ні",
        ),
    ],
)
def test_a_forged_awake_watcher_is_one_sentence_naming_the_watch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, verdict: str, said: str
) -> None:
    log, line, clock = _forged_awake(tmp_path)
    assert main(["verify", str(log), "--lang", lang]) == 1
    out, err = capsys.readouterr()
    assert "nightsim: error" not in err
    assert out.splitlines() == [f"{verdict}: {log}", "- " + said.format(line=line, clock=clock)]


def test_a_forged_watch_names_both_watchers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The forger hands the shift to Moss: the sentence says whose watch the log claims and
    whose it was when the night is played again."""
    lines = log_lines(STORY)
    k = next(i for i, s in enumerate(lines) if '"type":"watch.began"' in s and "Ysolde" in s)
    data = json.loads(lines[k])
    data["actor"] = "Moss"
    lines[k] = canonical_json(data) + "\n"
    log = _save(tmp_path / "watch.jsonl", rehash(lines))
    assert main(["verify", str(log)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"NOT GENUINE: {log}"
    assert out[1].startswith(
        f"- line {k + 1}, {data['clock']}: the log says it was Moss's watch; played again from"
        " its seed and config, it was Sister Ysolde's: "
    )
    assert main(["verify", str(log), "--lang", "uk"]) == 1
    assert (
        "за журналом на варті — Moss, а в ночі, зіграній знову з її зерна й конфігурації,"
        " — Sister Ysolde" in capsys.readouterr().out
    )


def test_a_wrong_head_and_a_forgery_are_both_answered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The night is re-simulated even when the head fails: the player learns both that the
    log is not the one from the table and what was changed."""
    log, line, _ = _forged_awake(tmp_path)
    honest = json.loads(log_lines(STORY)[-1])["hash"]
    assert main(["verify", str(log), "--head", honest[:12]]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and out[0] == f"NOT GENUINE: {log}"
    assert out[1].startswith("- the log ends at hash ") and f"read out {honest[:12]}" in out[1]
    assert out[2].startswith(f"- line {line}, ") and "Sister Ysolde as awake" in out[2]


def test_details_give_the_lines_whole_for_programmers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, line, _ = _forged_awake(tmp_path)
    assert main(["verify", str(log)]) == 1
    assert "log: " not in capsys.readouterr().out
    assert main(["verify", str(log), "--details"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[2:4] == [
        "for programmers (the first differing lines, whole):",
        f"line {line} (monster.arrived): it differs in 'awake'",
    ]
    assert json.loads(out[4].removeprefix("log: "))["awake"] == ["Sister Ysolde"]
    assert json.loads(out[5].removeprefix("sim: "))["awake"] == []


def _written(seed: int, rng: str = RNG_ID, edition: int = CURRENT_EDITION) -> list[str]:
    """A log of the default config, written through the API with the given dice or rules
    edition (as a referee grinding a committed seed could)."""
    out: list[str] = []
    write_events(iter_raw(cfg(), seed, 1, rng, edition=edition), [out.append])
    return [s + "\n" for s in out]


@pytest.mark.parametrize(
    ("how", "words", "names"),
    [
        (
            {"rng": "sha256-ctr-v1"},
            "rolled with the dice sha256-ctr-v1",
            ["--rng", "sha256-ctr-v1"],
        ),
        ({"edition": 1}, "played under rules edition 1", ["--edition", "1"]),
    ],
)
def test_one_committed_seed_admits_one_night(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    how: dict[str, object],
    words: str,
    names: list[str],
) -> None:
    """The grind: the same committed seed written with the older dice or rules edition 1 is
    another night; with a commitment, edition and dice are bound to what this release writes
    unless the published block names them."""
    seed = 2211
    commitment = hashlib.sha256(str(seed).encode()).hexdigest()
    log = _save(tmp_path / "other.jsonl", _written(seed, **how))  # type: ignore[arg-type]
    head = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])["hash"]
    assert main(["verify", str(log), "--head", head]) == 0  # a genuine night of its own
    capsys.readouterr()
    published = ["--commitment", commitment, "--head", head]
    assert main(["verify", str(log), *published]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"NOT GENUINE: {log}" and words in out[1], out
    # Named as its block named them, the older night verifies.
    assert main(["verify", str(log), *published, *names]) == 0
    honest = _save(tmp_path / "honest.jsonl", _written(seed))
    assert main(["verify", str(honest), "--commitment", commitment]) == 0


def test_a_later_release_label_is_refused_with_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A forger labels a log as a later release to be set aside (exit 3) instead of
    compared: against the published release it is NOT GENUINE, exit 1."""
    lines = log_lines(9)
    header = json.loads(lines[0])
    v = Version(__version__)
    later = f"{v.major}.{v.minor + 1}.0"  # a later release than this one, whatever it is
    header["nightsim"] = later
    header["edition"] = CURRENT_EDITION + 1  # an edition this nightsim does not play
    lines[0] = canonical_json(header) + "\n"
    log = _save(tmp_path / "later.jsonl", rehash(lines))
    assert main(["verify", str(log)]) == 3
    capsys.readouterr()
    assert main(["verify", str(log), "--release", __version__]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [
        f"NOT GENUINE: {log}",
        f"- the log says it was written by nightsim {later}, not by the published release"
        f" {__version__}",
    ]
    honest = _save(tmp_path / "honest.jsonl", log_lines(9))
    assert main(["verify", str(honest), "--release", __version__]) == 0


def test_a_cascade_is_counted_not_told(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A line deleted (seq renumbered, rehashed) puts every later line one off: five
    sentences, then how many more, in the verdict's language."""
    lines = log_lines(STORY)
    k = next(i for i, s in enumerate(lines) if '"type":"watch.dozed"' in s)
    del lines[k]
    renumbered = [canonical_json({**json.loads(s), "seq": i}) + "\n" for i, s in enumerate(lines)]
    log = _save(tmp_path / "n.jsonl", rehash(renumbered))
    assert main(["verify", str(log), "--lang", "uk"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"НЕСПРАВЖНІЙ: {log}" and len(out) == 7
    assert out[-1].startswith("- … і ще ") and out[-1].endswith(
        " з відмінностями (--details показує рядки)"
    )
