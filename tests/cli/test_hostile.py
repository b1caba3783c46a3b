"""Untrusted text stays text: every command with a party of hostile names and forged logs.

Names are rich markup (`[/]`, `[red]X[/red]`, an OSC 8 `[link=…]`), spreadsheet formulas
(`=HYPERLINK(…)`, `@SUM(1,1)`, `+1+1`) and, where only a forged log can carry them, terminal
escapes, newlines and bidi overrides. Each command runs at a forced colour terminal
(FORCE_COLOR) and must exit as the README says, with one-line errors, no traceback, no
hyperlink and no escape sequence of the names' own reaching the output, the log kept, and
no CSV cell a spreadsheet would run as a formula.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.cli.odds import csv_cell
from nightsim.engine.dice import seed_sha256
from nightsim.limits import escaped
from nightsim.log.writer import canonical_json
from tests.helpers.logs import rehash
from tests.helpers.nights import default_text

MARKUP = ["[/]", "[/bold]", "[red]X[/red]", "[link=https://evil.example]Moss[/link]"]
FORMULAS = ['=HYPERLINK("https://evil.example","x")', "=cmd|' /C calc'!A0", "@SUM(1,1)", "+1+1"]
# Only a forged (re-chained) log can carry these: the config refuses them in names.
ESCAPES = [
    "\x1b[31mRed\x1b[0m",
    "\x1b]8;;https://evil.example\x1b\\Moss\x1b]8;;\x1b\\",
    "Mo\nss",
    "\u202eneroW",
    "W\u2028ren\u0085",
]
DEFAULT_NAMES = ["Sir Aldric", "Sister Ysolde", "Moss", "Wren"]
PARTIES = {"markup": MARKUP, "formulas": FORMULAS}
SGR = re.compile(r"\x1b\[[0-9;]*m")  # rich's own colours, the only escapes allowed out


@dataclass
class Ran:
    code: int
    out: str
    err: str


@pytest.fixture(autouse=True)
def colour_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A colour terminal, where markup would become styles and links (OSC 8)."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("NO_COLOR", raising=False)


def nightsim(capsys: pytest.CaptureFixture[str], *argv: str) -> Ran:
    code = main(list(argv))
    out, err = capsys.readouterr()
    ran = Ran(code, out, err)
    assert_text_only(ran)
    return ran


def assert_text_only(ran: Ran) -> None:
    both = ran.out + ran.err
    assert "Traceback" not in both, both
    assert "\x1b]8;" not in both, "an OSC 8 hyperlink reached the terminal"
    # What is left once rich's own colours are taken out: no escape, no bidi, no separator.
    bare = SGR.sub("", both)
    for c in ("\x1b", "\u202e", "\u2028", "\x85", "\x07"):
        assert c not in bare, f"{c!r} reached the terminal"
    errors = [line for line in ran.err.splitlines() if line.startswith("nightsim: error")]
    assert len(errors) <= 1
    # A verdict (verify, whatif, campaign verify: exit 1) is an answer, not an error: NOT
    # GENUINE first, then a line per reason, with no `nightsim: error:` prefix.
    verdict = [
        line for line in both.splitlines() if line.startswith(("NOT GENUINE: ", "НЕСПРАВЖН"))
    ]
    if ran.code == 1 and verdict:
        assert not errors and len(verdict) == 1, both
    elif ran.code not in (0, 3):
        assert len(errors) == 1, ran.err  # one line saying why


def party_config(tmp: Path, names: list[str]) -> Path:
    text = default_text()
    for old, new in zip(DEFAULT_NAMES, names, strict=True):
        text = text.replace(json.dumps(old), json.dumps(new))
    text = text.replace('"Sleep"', json.dumps(names[0])).replace('"a redcap"', json.dumps(names[3]))
    path = tmp / "camp.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module", params=sorted(PARTIES))
def party(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[list[str], Path, Path]]:
    """A hostile party's config and a log of one of its nights (seed 137: an encounter)."""
    names = PARTIES[request.param]
    tmp = tmp_path_factory.mktemp(request.param)
    config = party_config(tmp, names)
    log = tmp / "night.jsonl"
    assert main(["run", str(config), "--seed", "137", "--log", str(log), "--format", "jsonl"]) == 0
    yield names, config, log


def told_literally(out: str, names: list[str]) -> None:
    """Each name is printed as its own characters (markup not applied, not dropped)."""
    bare = SGR.sub("", out)
    for name in names:
        assert name in bare, f"{name!r} is not printed as text"


# --- every command with a hostile party ------------------------------------------------------


def test_check(party: tuple[list[str], Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    names, config, _ = party
    ran = nightsim(capsys, "check", str(config))
    assert ran.code == 0 and SGR.search(ran.out), "no colour: the terminal was not forced"
    told_literally(ran.out, names)


@pytest.mark.slow
def test_run_keeps_the_log(
    party: tuple[list[str], Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    names, config, _ = party
    log = tmp_path / "x.jsonl"
    ran = nightsim(capsys, "run", str(config), "--seed", "137", "--log", str(log))
    assert ran.code == 0 and "head: " in ran.err
    told_literally(ran.out, names)
    assert nightsim(capsys, "verify", str(log)).code == 0


@pytest.mark.slow
def test_a_journey_and_a_seed_of_markup(
    party: tuple[list[str], Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    names, config, _ = party
    ran = nightsim(capsys, "run", str(config), "--seed", "[/]", "--nights", "3", "--no-log")
    assert ran.code == 0
    told_literally(ran.out, names)


def test_replay_and_verify(
    party: tuple[list[str], Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    names, _, log = party
    ran = nightsim(capsys, "replay", str(log))
    assert ran.code == 0
    told_literally(ran.out, names)
    assert nightsim(capsys, "verify", str(log)).code == 0


def test_whatif(party: tuple[list[str], Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    names, _, log = party
    rota = json.dumps([names[1], names[0]])
    ran = nightsim(capsys, "whatif", str(log), "--set", f"watch.rota={rota}")
    assert ran.code == 0
    told_literally(ran.out, names[:2])


ODDS = {
    "plain": [],
    "seed": ["--seed", "[/]"],
    "compare": ["--compare", "camp.season=winter"],
    "rank": ["--rank-rotas", "--nights", "20"],
    "journeys": ["--nights-per-journey", "3"],
}


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["text", "csv"])
@pytest.mark.parametrize("kind", sorted(ODDS))
def test_odds(
    party: tuple[list[str], Path, Path],
    capsys: pytest.CaptureFixture[str],
    kind: str,
    fmt: str,
) -> None:
    names, config, _ = party
    args = ["odds", str(config), "--nights", "60", "--seed", "3", "--jobs", "1", *ODDS[kind]]
    ran = nightsim(capsys, *args, "--format", fmt)
    assert ran.code == 0
    if fmt == "csv":
        cells = [c for row in csv.reader(io.StringIO(ran.out)) for c in row]
        assert formula_cells(cells) == []
        if kind != "compare":  # --compare's rows are measures: the characters' names too
            assert any(c.lstrip("'") in names for c in cells)
    elif kind != "compare":  # a ranking's table may wrap a long name: its start, then
        told_literally(ran.out, names if kind != "rank" else [n[:10] for n in names])


def formula_cells(cells: list[str]) -> list[str]:
    return [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r") and not _number(c)]


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+1+1", "'+1+1"),
        ("-1+1", "'-1+1"),
        ("@SUM(1,1)", "'@SUM(1,1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-2", "-2"),  # a number: read as one, never run
        ("+0.5e-3", "+0.5e-3"),
        (-0.05, -0.05),
        ("Moss", "Moss"),
        ("", ""),
    ],
)
def test_csv_cell(cell: object, written: object) -> None:
    assert csv_cell(cell) == written


# --- forged logs: escapes only a log can carry, and headers that cannot be read -------------


def forged(log: Path, tmp: Path, edit: dict[str, object], line: int = 0) -> Path:
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    data = json.loads(lines[line])
    data.update(edit)
    lines[line] = canonical_json(data) + "\n"
    out = tmp / "forged.jsonl"
    out.write_text("".join(rehash(lines)), encoding="utf-8")
    return out


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _actor_line(log: Path) -> int:
    lines = log.read_text(encoding="utf-8").splitlines()
    return next(i for i, s in enumerate(lines) if i > 0 and '"actor":' in s)


@pytest.fixture(scope="module")
def plain_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = tmp_path_factory.mktemp("plain") / "night.jsonl"
    assert main(["run", "--seed", "137", "--log", str(log), "--format", "jsonl"]) == 0
    return log


@pytest.mark.parametrize("name", ESCAPES + MARKUP)
def test_a_forged_actor_is_told_as_text(
    plain_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    capsys.readouterr()
    log = forged(plain_log, tmp_path, {"actor": name}, _actor_line(plain_log))
    ran = nightsim(capsys, "replay", str(log))
    assert ran.code == 0  # the chain holds: replay tells what it holds
    # Its characters, each control escaped as error messages escape them (\x1b, \u202e, \n):
    # compared without white space, where a long line may have wrapped.
    assert squeezed(escaped(name)) in squeezed(SGR.sub("", ran.out))
    assert nightsim(capsys, "verify", str(log)).code == 1  # re-simulation catches it
    assert nightsim(capsys, "whatif", str(log), "--set", "camp.season=winter").code == 1


@pytest.mark.parametrize("name", [*ESCAPES, "\x9b31mC1", "W\u200fren\u2067"])
def test_replay_jsonl_gives_a_forged_line_inert(
    plain_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """`replay --format jsonl` gives the log's lines back, but a forged line's controls (a C1
    CSI, a bidi mark) as JSON escapes: the same JSON value, nothing a terminal acts on."""
    capsys.readouterr()
    log = forged(plain_log, tmp_path, {"actor": name}, _actor_line(plain_log))
    ran = nightsim(capsys, "replay", str(log), "--format", "jsonl")
    assert ran.code == 0
    written = log.read_text(encoding="utf-8").split("\n")[:-1]
    printed = ran.out.split("\n")[:-1]
    assert [json.loads(line) for line in printed] == [json.loads(line) for line in written]
    assert all(c.isprintable() or c == " " for line in printed for c in line), printed
    genuine = plain_log.read_text(encoding="utf-8").splitlines()
    assert printed[: _actor_line(plain_log)] == genuine[: _actor_line(plain_log)]


@pytest.mark.parametrize("text", ESCAPES + MARKUP + ["9" * 10_000])
# A header of another version is re-simulated whole (twice, by verify and whatif): slow.
@pytest.mark.parametrize("field", [pytest.param("nightsim", marks=pytest.mark.slow), "seed", "rng"])
def test_a_forged_header_field_is_shown_as_text(
    plain_log: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    field: str,
    text: str,
) -> None:
    edit: dict[str, object] = {field: text}
    if field == "seed":
        edit["seed_sha256"] = seed_sha256(text)  # a commitment that matches
    log = forged(plain_log, tmp_path, edit)
    expected = {"nightsim": 0, "seed": 1, "rng": 2}[field]
    for command in (["verify"], ["whatif", "--set", "camp.season=winter"]):
        ran = nightsim(capsys, *command, str(log))
        assert ran.code == expected
        assert all(len(line) < 400 for line in ran.err.splitlines())  # input echoed cut
    assert nightsim(capsys, "replay", str(log)).code == 0


@pytest.mark.parametrize(
    ("edit", "code"),
    [
        ({"nights": 100_001}, 2),  # past the limit: no simulation is tried
        ({"nights": 10**15}, 2),
        ({"rng": "dice-from-elsewhere"}, 2),
        # Not the header's form: a broken log, as every other field of the wrong type.
        ({"rng": 7}, 1),
        ({"nightsim": 3}, 1),
        ({"nights": 0}, 1),
        ({"nights": 2}, 1),  # one night where the header says two: cut short
    ],
)
def test_a_forged_header_is_one_line_and_its_exit_code(
    plain_log: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    edit: dict[str, object],
    code: int,
) -> None:
    log = forged(plain_log, tmp_path, edit)
    for command in (["verify"], ["whatif", "--set", "camp.season=winter"]):
        assert nightsim(capsys, *command, str(log)).code == code
    assert nightsim(capsys, "replay", str(log)).code in (0, 1, 2)


# --- the log is kept when the telling fails -------------------------------------------------


def test_a_failing_narration_keeps_the_log(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import nightsim.cli.render as render

    def broken(lines: Iterator[str], **_: object) -> None:
        next(iter(lines))
        raise RuntimeError("the narration broke")

    monkeypatch.setattr(render, "print_night", broken)
    log = tmp_path / "kept.jsonl"
    with pytest.raises(RuntimeError):
        main(["run", "--seed", "137", "--log", str(log)])
    err = capsys.readouterr().err
    assert f"the log is complete: {log}" in err and "head: " in err
    assert main(["verify", str(log)]) == 0
