"""Bad input through `nightsim run`: exit 2, one short line naming file and field, no log file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.config import default_config_path, load_config
from tests.helpers.nights import default_text


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def edited(old: str, new: str) -> str:
    text = default_text()
    assert old in text, old
    return text.replace(old, new, 1)


def fails(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> str:
    """Run `nightsim run ARGS`; assert bad-input handling; return the one error line."""
    logs = tmp_path / "logs"
    code = main(["run", *args, "--seed", "1", "--log-dir", str(logs)])
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert "Traceback" not in err and "Traceback" not in out
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("nightsim: error: ")
    assert len(lines[0]) < 400, "short"
    assert not logs.exists() or not any(logs.iterdir()), "no log file for a run that did not start"
    return lines[0]


CONFIG_CASES = [
    # (name, old, new, words the message must hold)
    ("score", "con = 14", "con = 19", ["party[0] (Sir Aldric).con", "18"]),
    ("score-low", "wis = 9", "wis = 2", ["party[0] (Sir Aldric).wis", "3"]),
    ("hp", "hp = 7", "hp = 11", ["Sir Aldric", "above max_hp"]),
    ("unknown-key", "terrain = ", "terain = ", ["'terain'", "did you mean 'terrain'"]),
    ("not-in-party", 'cook = "Wren"', 'cook = "Bob"', ["evening.cook", "is not in the party"]),
    ("rota-name", 'rota = ["Sir Aldric"', 'rota = ["Sir Aldrc"', ["watch.rota", "Sir Aldrc"]),
    ("two-jobs", 'water = ["Sir Aldric"]', 'water = ["Moss"]', ["evening.water", "'Moss'", "one"]),
    ("no-site", 'site = ["Sister Ysolde"]', "site = []", ["evening.site", "at least one"]),
    ("long-shifts", 'rota = ["Sir Aldric", "Wren", "Sister Ysolde", "Moss"]',
     'shifts = [{name = "Wren", hours = 6}, {name = "Moss", hours = 3}]',
     ["watch.shifts", "9 hours", "8 hours"]),
    ("both", "[camp]\n", "[camp]\nencounter_chance = 1\n", ["camp", "not both"]),
    ("terrain", '"tangled forest"', '"jungle"', ["unknown terrain 'jungle'"]),
    ("season", 'month = "Reedwryme"', 'season = "monsoon"', ["camp.season", "monsoon"]),
    ("month", '"Reedwryme"', '"Smarch"', ["unknown month 'Smarch'"]),
    ("clock", '"19:00"', '"7:00 pm"', ["camp_at", "HH:MM"]),
    ("syntax", "wis = 9", "wis = = 9", ["not valid TOML", "line 28"]),
    ("flag", "cookware = true", 'cookware = "yes"', ["camp.cookware", "true or false"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "old", "new", "words"), CONFIG_CASES, ids=[c[0] for c in CONFIG_CASES]
)
def test_bad_config_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    old: str,
    new: str,
    words: list[str],
) -> None:
    p = write(tmp_path, f"{name}.toml", edited(old, new))
    line = fails(capsys, tmp_path, str(p))
    assert str(p) in line, "names the file"
    for w in words:
        assert w in line


def test_syntax_error_line_is_the_real_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = edited("wis = 9", "wis = = 9")
    line_no = text.splitlines().index("wis = = 9") + 1
    p = write(tmp_path, "s.toml", text)
    assert f"line {line_no}" in fails(capsys, tmp_path, str(p))


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("empty.toml", b"", "is empty"),
        ("blank.toml", b"\n  \n", "is empty"),
        ("binary.toml", bytes(range(256)), "binary"),
        ("latin1.toml", '[camp]\nterrain = "é"\n'.encode("latin-1"), "not UTF-8"),
    ],
)
def test_unreadable_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, data: bytes, words: str
) -> None:
    p = write(tmp_path, name, data)
    line = fails(capsys, tmp_path, str(p))
    assert str(p) in line and words in line


def test_missing_file_and_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    assert "no such file" in fails(capsys, tmp_path, str(missing))
    folder = tmp_path / "folder"
    folder.mkdir()
    assert "is a directory" in fails(capsys, tmp_path, str(folder))


@pytest.mark.parametrize(
    ("item", "words"),
    [
        ("camp.season", ["expected KEY=VALUE"]),
        ("=winter", ["expected KEY=VALUE"]),
        ("party.Bob.con=5", ["party member named 'Bob'"]),
        ("party.Wren.con=19", ["party[3] (Wren).con"]),
        ("camp.terrain=[1,", ["--set camp.terrain", "not a TOML value"]),
        ("camp.terrain=jungle", ["--set camp.terrain=jungle: unknown terrain 'jungle'"]),
        ("camp.encounter_chance=9", ["--set camp.encounter_chance=9: ", "should be at most 6"]),
        ("party.Wren.con=", ["--set party.Wren.con", "not a TOML value"]),
        ("rules.nap=true", ["unknown key 'nap'"]),
    ],
)
def test_bad_set(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, item: str, words: list[str]
) -> None:
    line = fails(capsys, tmp_path, "--set", item)
    for w in words:
        assert w in line
    # A mistake in --set names the --set item, never the file it was set on (docs/limits.md).
    assert line.startswith("nightsim: error: --set "), line
    assert str(default_config_path()) not in line


def test_empty_seed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    assert main(["run", "--seed", "", "--log-dir", str(logs)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nightsim: error: --seed") and len(err.splitlines()) == 1
    assert not logs.exists() or not any(logs.iterdir())


def jsonl(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict]:
    assert main(["run", "--no-log", "--format", "jsonl", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_set_pairs_replace_the_other_half(capsys: pytest.CaptureFixture[str]) -> None:
    lines = jsonl(
        capsys, "--seed", "3", "--set", "camp.encounter_chance=6", "--set", "camp.season=winter"
    )
    camp = lines[0]["config"]["camp"]
    assert camp["encounter_chance"] == 6 and "terrain" not in camp
    assert camp["season"] == "winter" and "month" not in camp
    assert any(x["type"] == "monster.arrived" for x in lines)


def test_seed_forms(capsys: pytest.CaptureFixture[str]) -> None:
    a = jsonl(capsys, "--seed", "007")
    assert a[0]["seed"] == "007"  # kept as given: a string
    b = jsonl(capsys, "--seed", "7")
    assert b[0]["seed"] == 7
    assert a[1:] != b[1:]
    c = jsonl(capsys, "--seed", "11")
    assert c[0]["seed"] == 11
    # The string "11" (through the same log writer) is the same night: every line after the
    # header is the same but for the hash chain, which starts from the header.
    from nightsim.engine.journey import iter_raw
    from nightsim.log.writer import write_events

    config = load_config(default_config_path())
    text: list[str] = []
    write_events(list(iter_raw(config, "11")), [text.append])
    as_text = [json.loads(line) for line in text]
    assert as_text[0]["seed"] == "11" and as_text[0]["seed_sha256"] == c[0]["seed_sha256"]

    def strip(x: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in x.items() if k != "hash"}

    assert [strip(x) for x in c[1:]] == [strip(x) for x in as_text[1:]]
    d = jsonl(capsys, "--seed", "full moon over the bog")
    assert d[0]["seed"] == "full moon over the bog"


def test_good_run_writes_one_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    assert main(["run", "--seed", "5", "--log-dir", str(logs)]) == 0
    err = capsys.readouterr().err
    assert "seed: 5" in err
    (log,) = logs.iterdir()
    assert log.suffix == ".jsonl" and "seed-5" in log.name


# Seeds and usage errors as a referee at the table types them.


@pytest.mark.parametrize("seed", ["full\nmoon", "\x1b[31mred", "tab\there"])
def test_a_seed_with_a_control_character_is_refused(
    seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A phrase seed with a newline or a terminal escape was taken as given: it split the
    "seed: …" status line and reached the terminal (and the CloudEvents ids) raw."""
    assert main(["run", "--seed", seed, "--no-log", "--format", "jsonl"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "--seed" in err and "\x1b" not in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--nights", "x"],
        ["run", "--bogus"],
        ["odds", "--format", "xml"],
        ["replay"],
        ["nope"],
        [],
    ],
)
def test_a_usage_error_is_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """README: bad input gets "one line naming the file and field". argparse printed its
    usage block (up to five lines) before the error."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("nightsim") and "error:" in err and "--help" in err, err
