"""Names compared as a reader sees them (docs/config.md, "Names"; nightsim/config/names.py):
blank names, whitespace at an end, invisible characters and names equal after NFC and case
folding are refused in configs and `--set` items (one line naming the field, exit 2); names
mixing scripts and look-alike pairs are warned about by `check` and `run`; a log written
before, with such names, still replays, verifies and answers `whatif`, its names as written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from nightsim.cli import main
from nightsim.config import ConfigError, parse_config
from nightsim.config.names import name_warnings, same_name_key, skeleton
from tests.helpers.nights import cfg, default_text

DATA = Path(__file__).resolve().parents[1] / "data"
FIXTURE = DATA / "lookalike-names-seed-9.jsonl"


def renamed(old: str, new: str) -> str:
    """The default config with a character renamed everywhere (party, evening, rota)."""
    return default_text().replace(f'"{old}"', json.dumps(new, ensure_ascii=False))


REFUSED = [
    ("Moss", " ", "party[2].name: ' ' is blank; give a name"),
    ("Moss", "Moss ", "party[2].name: 'Moss ' has whitespace at its end"),
    ("Moss", "\u3000Moss", "party[2].name: '\\u3000Moss' has whitespace at its start"),
    ("Moss", "Mo\u200bss", "holds \\u200b ZERO WIDTH SPACE, an invisible character"),
    ("Moss", "Mo\u2060ss", "holds \\u2060 WORD JOINER, an invisible character"),
    ("Moss", "\ufeffMoss", "holds \\ufeff ZERO WIDTH NO-BREAK SPACE, an invisible character"),
    ("Moss", "Mo\u00adss", "holds \\u00ad SOFT HYPHEN, an invisible character"),
    # Blank or invisible, yet neither whitespace nor a format character (Cf): Hangul filler
    # (Lo), braille blank (So), combining grapheme joiner and a selector after a letter (Mn).
    ("Moss", "\u3164", "is blank; give a name"),
    ("Moss", "\u2800", "is blank; give a name"),
    ("Moss", "Moss\u2800", "holds \\u2800 BRAILLE PATTERN BLANK, an invisible character"),
    ("Moss", "Mo\u034fss", "holds \\u034f COMBINING GRAPHEME JOINER, an invisible character"),
    ("Moss", "Moss\ufe0f", "holds \\ufe0f VARIATION SELECTOR-16, an invisible character"),
    ("Sir Aldric", "wren", "party: 'wren' and 'Wren' are the same name but for case"),
    ("Sir Aldric", "WREN", "party: 'WREN' and 'Wren' are the same name but for case"),
    (
        "Wren",
        "Wre\u0301n",
        "are the same name in two Unicode forms, composed and decomposed (Wr\\u00e9n and"
        " Wre\\u0301n)",
    ),
]


@pytest.mark.parametrize(("old", "new", "said"), REFUSED)
def test_a_look_alike_name_is_refused_in_a_config(
    old: str, new: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = renamed(old, new)
    if "same name" in said and "Unicode forms" in said:
        text = renamed("Sir Aldric", "Wr\u00e9n").replace('"Wren"', json.dumps(new))
    path = tmp_path / "camp.toml"
    path.write_text(text, encoding="utf-8")
    for argv in (["check", str(path)], ["run", str(path), "--no-log"], ["odds", str(path)]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1, err
        assert err.startswith(f"nightsim: error: {path}: ") and said in err, err
    with pytest.raises(ConfigError, match="name"):
        parse_config(text)


def test_a_look_alike_name_is_refused_in_a_set_item(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--set", "party.Moss.spells=['Sleep\u200b']"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "nightsim: error: --set party.Moss.spells=['Sleep\\u200b']: party[2] (Moss).spells[0]:"
        " 'Sleep\\u200b' holds \\u200b ZERO WIDTH SPACE, an invisible character, so it prints"
        " like another name; remove it\n"
    )
    items = [
        "party.Wren.name=MOSS",
        "evening.cook=MOSS",
        "evening.firewood=['MOSS','Moss']",
        'watch.rota=["Sir Aldric","MOSS","Sister Ysolde","Moss"]',
    ]
    assert main(["check", *(arg for item in items for arg in ("--set", item))]) == 2
    err = capsys.readouterr().err
    # Blamed on the item that made the config whole (the rota), the clash named.
    assert err.startswith("nightsim: error: --set watch.rota=") and len(err.splitlines()) == 1
    assert "'Moss' and 'MOSS' are the same name but for case" in err


WARNED = [
    ("Sir Aldric", "Wr\u0435n", ["mixes Cyrillic and Latin letters (\\u0435 CYRILLIC SMALL"
                                 " LETTER IE)", "'Wr\u0435n' and 'Wren' look alike"]),
    ("Moss", "M\u03bfss", ["mixes Greek and Latin letters"]),
    ("Sir Aldric", "Wr\uff45n", ["look alike"]),  # a full-width e: NFKC folds it
    ("Moss", "VVren", []),  # two letters for one: not in the table, no warning
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "said"), WARNED)
def test_mixed_scripts_and_look_alikes_are_warned_about(
    old: str, new: str, said: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "camp.toml"
    path.write_text(renamed(old, new), encoding="utf-8")
    for argv in (["check", str(path)], ["run", str(path), "--no-log", "--quiet", "--seed", "1"]):
        assert main(argv) == 0
        out, err = capsys.readouterr()
        warnings = [line for line in err.splitlines() if line.startswith("nightsim: warning:")]
        assert len(warnings) == len(said), err
        for line, part in zip(warnings, said, strict=True):
            assert part in line, line
        assert new in out or not said  # the narration tells the name as given


@pytest.mark.parametrize(("old", "new", "said"), WARNED)
def test_check_points_to_the_name_warnings_never_says_there_are_none(
    old: str, new: str, said: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "camp.toml"
    path.write_text(renamed(old, new), encoding="utf-8")
    for lang, pointer in (("en", "see the warnings after this panel"), ("uk", "після цієї панелі")):
        assert main(["check", str(path), "--lang", lang]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert (pointer in out) == bool(said), out


def test_honest_names_are_not_warned_about() -> None:
    assert name_warnings(cfg()) == []
    ukrainian = default_text()
    names = (
        "\u041e\u043b\u0435\u043a\u0441\u0430",
        "\u0406\u0440\u0438\u043d\u0430",
        "\u041c\u043e\u0445",
        "\u042f\u0440\u0435\u043c\u0430",
    )  # Олекса, Ірина …
    for old, new in zip(("Sir Aldric", "Sister Ysolde", "Moss", "Wren"), names, strict=True):
        ukrainian = ukrainian.replace(f'"{old}"', f'"{new}"')
    assert name_warnings(parse_config(ukrainian)) == []
    japanese = renamed("Moss", "山田たろう")  # Han with kana: one writing system
    assert name_warnings(parse_config(japanese)) == []
    assert name_warnings(parse_config(renamed("Moss", "R2-D2"))) == []


@pytest.mark.parametrize(
    ("name", "refused"),
    [
        ("Wr\u200den", True),  # a joiner between Latin letters only hides
        ("Wr\u200cen", True),
        ("\u200dMoss", True),  # at an end it joins nothing
        ("Moss \U0001f426\u200d", True),
        ("Moss \U0001f426\u200d\u2b1b", False),  # a black bird: one emoji of two
        ("\U0001f469\u200d\U0001f469\u200d\U0001f467", False),  # a family
        ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", False),  # Persian's ZWNJ
        ("\u092e\u094b\u094d\u200d\u0938", False),  # after a virama (Devanagari)
    ],
)
def test_a_joiner_is_kept_only_where_it_joins(name: str, refused: bool) -> None:
    text = renamed("Moss", name)
    if refused:
        with pytest.raises(ConfigError, match="an invisible character"):
            parse_config(text)
    else:
        assert parse_config(text).party[2].name == name


def test_the_keys() -> None:
    assert same_name_key("Wren") == same_name_key("wREN") == same_name_key("WREN")
    assert same_name_key("Wr\u00e9n") == same_name_key("Wre\u0301n")
    assert same_name_key("Stra\u00dfe") == same_name_key("STRASSE")
    assert skeleton("Wr\u0435n") == skeleton("Wren") == skeleton("W\u0433en".replace("\u0433", "r"))
    assert skeleton("\u0410\u0406") == skeleton("Al") == skeleton("A1")
    assert skeleton("Moss") != skeleton("Moth")


def test_a_log_written_with_such_names_replays_verifies_and_answers_whatif(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The fixture: nightsim 0.3.0 (before the names were refused) with `wren` and `Wren`, a
    Cyrillic U+0435 and a trailing space in Sister Ysolde's name, and U+200B in Moss's."""
    header = json.loads(FIXTURE.read_text(encoding="utf-8").splitlines()[0])
    names = [c["name"] for c in header["config"]["party"]]
    assert names == ["wren", "Sist\u0435r Ysolde ", "Mo\u200bss", "Wren"]
    log = tmp_path / FIXTURE.name
    shutil.copy(FIXTURE, log)
    assert main(["verify", str(log)]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("verified: ")
    assert main(["replay", str(log), "--format", "jsonl"]) == 0
    assert capsys.readouterr().out == FIXTURE.read_text(encoding="utf-8")
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert "wren" in out and "Wren" in out and "Sist\u0435r Ysolde" in out
    assert main(["whatif", str(log), "--set", "camp.season=winter", "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in answer["nights"][0]["characters"]] == names


def test_a_creature_is_held_to_the_same_rule() -> None:
    """A creature is told in the same lines as the names: a bidi mark in one would reorder
    the line on a terminal and go raw into `--format jsonl`."""
    text = default_text().replace('creature = "', 'creature = "\u200f', 1)
    with pytest.raises(ConfigError, match=r"encounters\.night_fire\[0\]\.creature: .*\\u200f"):
        parse_config(text)


def test_an_emoji_with_its_selector_is_a_name_and_a_small_capital_looks_like_its_letter() -> None:
    from nightsim.config.names import skeleton

    assert parse_config(renamed("Moss", "Moss \u2764\ufe0f")).party[2].name == "Moss \u2764\ufe0f"
    assert skeleton("M\u1d0fss") == skeleton("Moss")
    warned = name_warnings(parse_config(renamed("Sir Aldric", "M\u1d0fss")))
    assert any("look alike" in line for line in warned)


def test_a_mixed_name_is_told_in_ukrainian_without_unicode_s_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under `--lang uk` the scripts are named in Ukrainian and the letter by its code point
    alone: Unicode's character names are English."""
    path = tmp_path / "camp.toml"
    path.write_text(renamed("Sir Aldric", "Wr\u0435n"), encoding="utf-8")
    assert main(["check", str(path), "--lang", "uk"]) == 0
    (line,) = [x for x in capsys.readouterr().err.splitlines() if "писемностей" in x]
    assert "(кирилиця й латиниця: \\u0435)" in line and "CYRILLIC" not in line
    path.write_text(renamed("Moss", "Mo\u200bss"), encoding="utf-8")
    assert main(["check", str(path), "--lang", "uk"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "містить \\u200b, невидимий символ" in line and "ZERO" not in line
