"""The chain head: `run` prints it (stderr and the narration's end), `replay` shows it,
`verify LOG --head HASH` fails unless the log ends exactly there."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.log.verify import head_problem, parse_head, verify_lines
from nightsim.log.writer import canonical_json
from tests.helpers.logs import log_lines, rehash
from tests.helpers.manual import manual_page


def last_hash(lines: list[str]) -> str:
    return str(json.loads(lines[-1])["hash"])


def run_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *argv: str
) -> tuple[Path, str, str]:
    """`run` into a fresh log: the log's path, stdout and stderr."""
    log = tmp_path / "n.jsonl"
    assert main(["run", *argv, "--log", str(log)]) == 0
    out, err = capsys.readouterr()
    return log, out, err


@pytest.mark.parametrize("fmt", ["text", "jsonl", "cloudevents"])
def test_run_prints_the_head_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    log, _, err = run_log(tmp_path, capsys, "--seed", "9", "--nights", "2", "--format", fmt)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert err.splitlines()[-2:] == [f"seed: 9  log: {log}", f"head: {last_hash(lines)}"]


def test_run_without_a_log_prints_the_head_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--seed", "9", "--format", "jsonl", "--no-log"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines()[-1] == f"head: {last_hash(out.splitlines())}"


full = {"en": "in full: ", "uk": "повністю: "}


@pytest.mark.parametrize(
    ("lang", "label", "quiet"),
    [
        ("en", "Chain head: ", False),
        ("uk", "Останній геш ланцюжка: ", False),
        ("en", "Chain head: ", True),
    ],
)
def test_the_narration_ends_with_the_head_and_replay_shows_it(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    label: str,
    quiet: bool,
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    flags = ["--lang", lang, *(["--quiet"] if quiet else [])]
    log, out, _ = run_log(tmp_path, capsys, "--seed", "14", "--nights", "2", *flags)
    head = last_hash(log.read_text(encoding="utf-8").splitlines())
    short = f"{head[:4]}-{head[4:8]}-{head[8:12]}"
    assert out.rstrip("\n").splitlines()[-2:] == [label + short, full[lang] + head]
    assert main(["replay", str(log), *flags]) == 0
    assert capsys.readouterr().out == out  # replay reads exactly like the live run


@pytest.mark.parametrize(("columns", "lines"), [("100", 1), ("70", 2)])
def test_the_hash_stays_whole_on_one_line(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    columns: str,
    lines: int,
) -> None:
    """Copied from the terminal, the hash comes out whole: when the line is too long the
    label wraps, not the hash (only a terminal under 64 columns folds it)."""
    monkeypatch.setenv("COLUMNS", columns)
    log, out, _ = run_log(tmp_path, capsys, "--seed", "9", "--lang", "uk")
    head = last_hash(log.read_text(encoding="utf-8").splitlines())
    tail = out.rstrip("\n").splitlines()[-lines:]
    assert tail == ([f"повністю: {head}"] if lines == 1 else ["повністю:", head])


def test_verify_with_the_published_head(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log, _, err = run_log(tmp_path, capsys, "--seed", "9")
    head = err.splitlines()[-1].removeprefix("head: ")
    # Copied by hand: upper case and stray blanks are the same hash.
    assert main(["verify", str(log), "--head", f" {head.upper()} "]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("GENUINE: ") and out[1].startswith("verified: ")
    assert out[-1] == f"the log ends at the expected head {head}"


def test_a_journey_cut_short_and_rehashed_passes_verify_but_not_the_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's forgery: a 3-night journey, its bad third night cut, the header's `nights`
    set to 2 and every hash recomputed. The chain holds and the re-simulation agrees (it is
    an honest 2-night journey); only the head read out at the table tells."""
    journey, log = tmp_path / "journey.jsonl", tmp_path / "forged.jsonl"
    journey.write_text("".join(log_lines(9, nights=3)), encoding="utf-8")
    published = last_hash(journey.read_text(encoding="utf-8").splitlines())
    forge_the_cut(journey, log)
    forged = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(forged[0])["nights"] == 2 and len(forged) < 100

    assert main(["verify", str(log)]) == 0
    assert "verified: " in capsys.readouterr().out
    assert main(["verify", str(log), "--head", published]) == 1
    out, err = capsys.readouterr()
    assert "verified" not in out and "nightsim: error" not in err
    # The head's answer; the re-simulation of what is left agrees, so nothing else is told.
    assert out.splitlines() == [
        f"NOT GENUINE: {log}",
        f"- the log ends at hash {last_hash(forged)}, not at the head read out {published}:"
        " it was cut, added to or rewritten since",
    ]


@pytest.mark.parametrize(
    "bad",
    ["", "abc", "g" * 64, "a" * 11, "a" * 65, "0x" + "a" * 62, "abcd-ef01-234", "abcd_ef01_2345"],
)
def test_a_malformed_head_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    log = tmp_path / "n.jsonl"
    log.write_text("".join(log_lines(9)), encoding="utf-8")
    assert main(["verify", str(log), "--head", bad]) == 2
    err = capsys.readouterr().err
    assert "--head" in err and "at least 12 of the 64 hex digits" in err
    assert len(err.strip().splitlines()) == 1
    with pytest.raises(ValueError, match="64 hex digits"):
        parse_head(bad)


def test_the_verdict_knows_the_head_even_past_a_difference() -> None:
    lines = log_lines(9)
    verdict = verify_lines(lines)
    assert verdict.ok and verdict.head == last_hash(lines)
    assert head_problem(verdict, last_hash(lines)) is None
    assert head_problem(verdict, "0" * 64) is not None
    # Changed in the middle: the comparison stops there, but the log is read (and its chain
    # checked) to its end, so that `--head` is checked first whatever else is wrong.
    k = next(i for i, s in enumerate(lines) if '"type":"rest.checked"' in s)
    data = json.loads(lines[k])
    data["full_rest"] = not data["full_rest"]
    lines[k] = canonical_json(data) + "\n"
    forged = rehash(lines)
    changed = verify_lines(forged)
    assert changed.mismatch is not None and changed.head == last_hash(forged)
    assert head_problem(changed, last_hash(lines)) is not None


@pytest.mark.usefixtures("golden_release")
def test_the_readme_shows_the_story_nights_real_head() -> None:
    head = last_hash(log_lines(2211))  # test_narration.STORY, the manual's night
    assert manual_page(f"\n  head: {head}\n")  # the status lines of `run`
    short = f"{head[:4]}-{head[4:8]}-{head[8:12]}"
    assert manual_page(f"\nChain head: {short}\nin full: {head}\n```")  # the narration's end


@pytest.mark.usefixtures("golden_release")
def test_the_readme_verify_head_example_is_real(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/disputes.md: the journey, its cut forgery and what verify says of each,
    run here command by command (a line "…" stands for the narration)."""
    first = "$ nightsim run --seed 9 --nights 3 --quiet --log journey.jsonl\n"
    readme = manual_page(first)
    start = readme.index(first)
    block = readme[start : readme.index("```", start)]
    monkeypatch.chdir(tmp_path)
    for n, chunk in enumerate(block.split("$ nightsim ")[1:]):
        command, *shown = chunk.rstrip("\n").split("\n")
        argv = shlex.split(command, comments=True)
        if not Path("cut.jsonl").exists() and argv[1] == "cut.jsonl":
            forge_the_cut(Path("journey.jsonl"), Path("cut.jsonl"))
        code = main(argv)
        out, err = capsys.readouterr()
        if n == 0:
            assert code == 0 and shown == ["…", err.splitlines()[-1]]
        else:
            assert (out + err).splitlines() == shown, command
            assert code == (1 if "NOT GENUINE" in out else 0)


def forge_the_cut(journey: Path, cut: Path) -> None:
    """The journey without its last night, the header saying 2 nights, rehashed."""
    lines = journey.read_text(encoding="utf-8").splitlines(keepends=True)
    third = next(i for i, s in enumerate(lines) if '"type":"night.began"' in s and '"night":3' in s)
    header = json.loads(lines[0])
    header["nights"] = 2
    cut.write_text("".join(rehash([canonical_json(header) + "\n", *lines[1:third]])), "utf-8")


@pytest.mark.parametrize("written", ["{p}", "{P}", " {a} {b} {c} ", "{a}-{b}-{c}", "{p}0"])
def test_verify_takes_the_short_head_as_written_down(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str
) -> None:
    """Twelve hex digits or more of the head, in any case, grouped by spaces or dashes."""
    log = tmp_path / "n.jsonl"
    log.write_text("".join(log_lines(9)), encoding="utf-8")
    head = last_hash(log.read_text(encoding="utf-8").splitlines())
    p = head[:12]
    if written == "{p}0":
        p = head[:13]
        written = "{p}"
    text = written.format(p=p, P=p.upper(), a=p[:4], b=p[4:8], c=p[8:12])
    assert main(["verify", str(log), "--head", text]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"the log ends at the expected head {p} (in full: {head})"
    )


def test_a_prefix_of_another_head_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "n.jsonl"
    log.write_text("".join(log_lines(9)), encoding="utf-8")
    head = last_hash(log.read_text(encoding="utf-8").splitlines())
    other = head[:11] + ("0" if head[11] != "0" else "1")
    assert main(["verify", str(log), "--head", other]) == 1
    out = capsys.readouterr().out
    assert f"not at the head read out {other}: it was cut" in out


def test_short_head_groups_the_first_twelve_digits() -> None:
    from nightsim.heads import short_head

    assert short_head("5743776d9e2f0ede" + "0" * 48) == "5743-776d-9e2f"
