# ruff: noqa: RUF001  (Ukrainian lines hold Cyrillic letters that look Latin)
"""The log reader's faults are told by code with fields (nightsim/told.py): under `--lang uk`
`verify` and `replay` tell each in Ukrainian, under English as before, and every code the
package can raise has an entry in both catalogues (docs/disputes.md, "The verdict")."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import nightsim
from nightsim.cli import main
from nightsim.narration.catalogue_en import EN
from nightsim.narration.catalogue_uk import UK
from tests.helpers.logs import edited, log_lines, rehash

# What stays Latin in a Ukrainian fault: the program, the log's own words (event types,
# fields, the format's name), the file's name.
LATIN = {
    "nightsim", "night", "header", "began", "summary", "seq", "hash", "type", "json", "utf",
    "lines", "bad", "jsonl", "zzz", "view", "players", "partial", "campaign", "verify",
    "log", "file",
}  # fmt: skip


def latin(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z]{2,}", re.sub(r"\b[0-9a-f]{64}\b", "", text))
    return [w for w in words if w.lower() not in LATIN]


def _lines() -> list[str]:
    return log_lines(9)


def _edit(n: int, change: Callable[[dict[str, object]], object]) -> bytes:
    lines = _lines()
    data = json.loads(lines[n])
    change(data)
    lines[n] = json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n"
    return "".join(rehash(lines)).encode() if n else "".join(lines).encode()


# name -> (the file's bytes, a Ukrainian phrase its answer holds, an English one)
CASES: dict[str, tuple[Callable[[], bytes], str, str]] = {
    "not utf-8": (lambda: b"\xff\xfe\n", "не текст UTF-8", "not UTF-8 text"),
    "empty first line": (lambda: b"\n", "порожній рядок", "empty line;"),
    "binary": (lambda: b"\x00\x01{\n", "двійковий файл", "a binary file"),
    "not json": (lambda: b"{oops\n", "це не JSON", "not JSON;"),
    "not an object": (lambda: b"[1]\n", "не об'єкт JSON", "not a JSON object;"),
    "no header": (lambda: "".join(_lines()[1:]).encode(), "немає рядка night.header",
                  "no night.header"),
    "format": (lambda: _edit(0, lambda d: d.update(v=99)), "версія формату журналу 99",
               "log format version 99"),
    "empty file": (lambda: b"", "порожній файл", "empty file: not a nightsim log"),
    "seq": (lambda: _edit(3, lambda d: d.update(seq="x")), "«seq» дорівнює «x»",
            "'seq' is 'x', expected 3"),
    "v": (lambda: _edit(3, lambda d: d.update(v=7)), "«v» дорівнює 7", "'v' is 7, expected"),
    "unknown type": (lambda: _edit(3, lambda d: d.update(type="Zzz")),
                     "невідомий тип події", "unknown event type"),
    "missing field": (lambda: _edit(1, lambda d: d.pop("night")), "бракує поля",
                      "Field required"),
    "players view": (lambda: b'{"type":"night.header","v":2,"view":"players","seq":0}\n',
                     "вигляд для гравців", "a players' view"),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("command", ["verify", "replay"])
def test_each_fault_is_told_in_ukrainian(
    name: str,
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    make, uk, en = CASES[name]
    Path("bad.jsonl").write_bytes(make())
    assert main([command, "bad.jsonl", "--lang", "uk"]) in (1, 2)
    out, err = capsys.readouterr()
    assert uk in out + err, (name, out, err)
    assert latin(out + err) == [], (name, out + err)
    assert main([command, "bad.jsonl"]) in (1, 2)
    out, err = capsys.readouterr()
    assert en in out + err, (name, out, err)


def test_a_refusal_of_the_program_takes_the_commands_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.jsonl").write_bytes(b"[1]\n")
    assert main(["verify", "bad.jsonl", "--lang", "uk"]) == 2
    assert capsys.readouterr().err.startswith("nightsim: помилка: bad.jsonl: рядок 1:")
    assert main(["verify", "bad.jsonl"]) == 2
    assert capsys.readouterr().err.startswith("nightsim: error: bad.jsonl: line 1: not a JSON")


def test_an_empty_partial_file_is_told_in_ukrainian(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("n.jsonl.partial").write_bytes(b"")
    assert main(["replay", "n.jsonl.partial", "--lang", "uk"]) == 1
    err = capsys.readouterr().err
    assert "журнал обірвався ще до першого рядка" in err and latin(err) == [], err


def test_every_code_the_package_says_has_both_catalogues() -> None:
    """Walk the package's source for every `Said("code"…)`: each code is in both catalogues
    (a `f"fault.first_{what}"` code by each value the reader gives `what`)."""
    root = Path(nightsim.__file__).parent
    codes: set[str] = set()
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'Said\(\s*"([a-z_.0-9]+)"', text))
        for prefix in re.findall(r'Said\(\s*f"([a-z_.]+)\{', text):
            codes |= {k for k in EN if k.startswith(prefix)}
    assert len(codes) > 40
    for code in sorted(codes):
        assert code in EN and code in UK, code
    assert {"fault.first_empty", "fault.first_binary", "fault.first_not_json"} <= codes


@pytest.mark.parametrize(
    ("argv", "uk", "en"),
    [
        (["--head", "zz"], "--head «zz»: потрібно щонайменше 12 з 64", "--head 'zz': expected at"),
        (["--commitment", "abc"], "--commitment «abc»: потрібно 64", "expected the 64 hex"),
        (["--config-sha256", "ab"], "--config-sha256 «ab»: потрібно 64", "expected the 64 hex"),
    ],
)
def test_a_published_value_is_refused_in_the_commands_language(
    argv: list[str],
    uk: str,
    en: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("n.jsonl").write_text("".join(_lines()))
    assert main(["verify", "n.jsonl", *argv, "--lang", "uk"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nightsim: помилка: ") and uk in err, err
    # Latin left: the option and its value, the hash's name, the command, the example's hex
    told = err.replace(argv[0], "").replace(argv[1], "")
    assert set(latin(told)) <= {"SHA", "run", "dd", "ef"}, err
    assert main(["verify", "n.jsonl", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nightsim: error: ") and en in err, err


@pytest.mark.parametrize("command", ["verify", "whatif"])
def test_a_later_releases_log_is_sent_there_in_the_commands_language(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("later.jsonl").write_bytes(_edit(3, lambda d: d.update(type="night.zzz")))
    extra = ["--set", "camp.season=winter"] if command == "whatif" else []
    assert main([command, "later.jsonl", *extra, "--lang", "uk"]) == 3
    out, err = capsys.readouterr()
    assert "рядок 4 має тип події «night.zzz»" in out + err, out + err
    assert "Ланцюжок журналу цілий" in out + err, out + err
    # Latin left: the command that re-simulates it, the version, the command's name
    told = re.sub(r"pipx run nightsim \w+ \S+|\(\S+dev0\)|whatif|later\.jsonl", "", out + err)
    assert latin(told) == [], out + err
    assert main([command, "later.jsonl", *extra]) == 3
    out, err = capsys.readouterr()
    assert "line 4 is of event type 'night.zzz', which this nightsim" in out + err
    assert "Its chain is intact; re-simulate it with a later release: pipx" in out + err


def test_a_differing_summary_is_named_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    lines = _lines()
    data = json.loads(lines[-1])
    assert data["type"] == "night.summary"
    key = next(k for k, v in data.items() if isinstance(v, int) and k not in ("seq", "v", "night"))
    data[key] += 1
    lines[-1] = json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n"
    Path("f.jsonl").write_text("".join(rehash(lines)))
    assert main(["verify", "f.jsonl", "--lang", "uk"]) == 1
    out = capsys.readouterr().out
    assert "підсумок ночі" in out and "night.summary" not in out, out
    assert main(["verify", "f.jsonl"]) == 1
    assert "night.summary" in capsys.readouterr().out


def test_a_value_as_typed_stands_in_ukrainian_quotes(capsys: pytest.CaptureFixture[str]) -> None:
    """Ukrainian typography: «…», not Python's '…', around what was typed and what is
    expected, a listing of them too (told.py); the English keeps its quotes."""
    assert main(["check", "--set", "camp.season=wintr", "--lang", "uk"]) == 2
    err = capsys.readouterr().err
    assert "«winter», «spring», «summer» чи «autumn», отримано «wintr»" in err and "'" not in err
    assert main(["check", "--set", "camp.season=wintr"]) == 2
    assert "got 'wintr'" in capsys.readouterr().err


def test_a_difference_quotes_the_narration_with_its_no_break_spaces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Wren's firewood changed (3 hours -> 4) and the chain recomputed: the verdict quotes
    both sentences as the narration says them, «на 4 години» with its no-break space, never
    a "\\xa0" a reader cannot read; `--details` labels its two lines in Ukrainian."""
    monkeypatch.chdir(tmp_path)
    Path("f.jsonl").write_bytes(_edit(3, lambda d: d.update(hours=4)))
    assert main(["verify", "f.jsonl", "--lang", "uk", "--details"]) == 1
    out = capsys.readouterr().out
    assert "4\u00a0години" in out and "\\xa0" not in out
    assert "\nжурнал: {" in out and "\nмоделювання: {" in out


def test_unknown_dice_and_editions_are_told_in_ukrainian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    def header(**changed: object) -> bytes:  # the header edited, the chain recomputed
        return "".join(edited(_lines(), 0, **changed)).encode()

    Path("k.jsonl").write_bytes(header(rng="xoshiro-v9"))
    assert main(["verify", "k.jsonl", "--lang", "uk"]) == 2
    err = capsys.readouterr().err
    assert "журнал кидали костями «xoshiro-v9», яких цей nightsim не має" in err
    assert latin(re.sub(r"\S*\d\S*", "", err)) == []  # the dice's names hold digits
    Path("ed.jsonl").write_bytes(header(edition=99))
    assert main(["verify", "ed.jsonl", "--lang", "uk"]) == 3
    said = capsys.readouterr()
    assert "(він грає за редакціями 1, 2 і 3)" in said.out + said.err


def test_a_corrupt_campaign_file_is_told_without_sqlite_s_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A page of the file overwritten: SQLite's integrity check fails; the English line
    quotes its first finding on one line, the Ukrainian says what it means."""
    c = tmp_path / "z.campaign"
    assert main(["campaign", "new", str(c)]) == 0
    assert main(["campaign", "night", str(c), "--quiet", "--nights", "3"]) == 0
    with c.open("r+b") as fh:
        fh.seek(8192)
        fh.write(bytes(range(7, 256)) * 2)
    capsys.readouterr()
    assert main(["campaign", "verify", str(c), "--lang", "uk"]) == 2
    (uk,) = capsys.readouterr().err.splitlines()
    assert "файл кампанії пошкоджено (база даних SQLite не проходить" in uk
    assert latin(re.sub(r"\S*/\S*|SQLite", "", uk)) == []  # the program's name stays
    assert main(["campaign", "verify", str(c)]) == 2
    (en,) = capsys.readouterr().err.splitlines()
    assert "the campaign file is corrupt (SQLite's integrity check: " in en and "\\n" not in en


@pytest.mark.parametrize(
    ("line", "changed", "said"),
    [
        (0, {"edition": 0}, "поле «edition» не таке, яким його пише nightsim: має бути не менше 1"),
        (3, {"clock": "25:00"}, "має бути часом доби ГГ:ХХ, отримано «25:00»"),
        (3, {"hours": "far"}, "має бути цілим числом"),
    ],
)
def test_a_field_s_wrong_value_is_told_in_nightsim_s_words(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    line: int,
    changed: dict[str, object],
    said: str,
) -> None:
    """A field's value no nightsim writes (the chain recomputed): what is wrong in the
    config's own words, not pydantic's English."""
    path = tmp_path / "f.jsonl"
    path.write_text("".join(edited(_lines(), line, **changed)), encoding="utf-8")
    assert main(["verify", str(path), "--lang", "uk"]) == 1
    out = capsys.readouterr().out
    assert said in out and "Input should" not in out
    # left out: the file, a field or value in «…», the event type (firewood.gathered)
    assert latin(re.sub(r"\S*/\S*|«[^»]*»|\b\w+\.\w+\b", "", out)) == []
