"""`nightsim whatif`: verify the log, then the same night with one thing changed, side by side.

Golden renders live in tests/golden/whatif-*.txt; after a deliberate change, regenerate them
with `NIGHTSIM_REGEN_GOLDEN=1 python -m pytest tests/log/test_whatif.py` and review the diff.
"""

from __future__ import annotations

import io
import json
import re
import shlex
from pathlib import Path

import pytest
from rich.console import Console

from nightsim import load_config, simulate
from nightsim.cli import main
from nightsim.config import default_config_path
from nightsim.log.whatif import first_parting, side_by_side, substance, to_json
from nightsim.log.writer import canonical_json
from nightsim.narration import Catalogue
from nightsim.narration.whatif import render, words
from tests.helpers.logs import rehash, write_log
from tests.helpers.manual import manual_page
from tests.helpers.narration import WREN_FIRST, WREN_SEED, check_golden, text_of

ROOT = Path(__file__).resolve().parents[2]
# The Wren question: on the default config, seed 495's log has Sir Aldric doze off on the
# first watch (the rota breaks, the wolves find everyone asleep at 22:26); with Wren on
# the first watch, she is awake when they come and not surprised, and Sir Aldric, who keeps
# his own dozing roll, nods off on the second watch instead, so Sister Ysolde and Moss sleep
# through (found by scanning seeds 1..3000 for a night where nobody was awake and the move
# leaves someone awake).


@pytest.fixture
def night(tmp_path: Path) -> Path:
    return write_log(tmp_path / "night.jsonl", WREN_SEED)


@pytest.fixture
def journey(tmp_path: Path) -> Path:
    return write_log(tmp_path / "journey.jsonl", 9, nights=3)


def whatif(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["whatif", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# --- the answer ---------------------------------------------------------------------------


def test_the_wren_question_is_answered(night: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = whatif([str(night), "--set", WREN_FIRST], capsys)
    assert code == 0, err
    assert "The log is verified (1 night)" in out
    assert "The nights part at 21:00." in out
    assert "as logged:       21:00  Sir Aldric takes the watch until 23:00." in out
    assert "with the change: 21:00  Wren takes the watch until 23:00." in out
    lines = out.splitlines()
    k = next(i for i, line in enumerate(lines) if line.strip().startswith("Surprised"))
    end = next(i for i, line in enumerate(lines) if line.strip().startswith("Party's roll"))
    surprised = " ".join(lines[k:end])
    assert surprised.split()[1:4] == ["Sir", "Aldric,", "Sister"]  # as logged: everyone
    assert surprised.count("Wren") == 1 and surprised.endswith("Moss *")  # changed: Wren awake
    # Each side's surprise roll, said: nobody awake to roll as logged, Wren's roll changed.
    assert " ".join(lines[end].split()) == (
        "Party's roll none: nobody awake to roll 1d6 [6]: not surprised *"
    )
    awake = next(line for line in out.splitlines() if line.strip().startswith("Awake"))
    assert awake.split() == ["Awake", "nobody", "Wren", "*"]


def test_the_answer_is_the_two_simulations(night: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The json's encounters are what `simulate` gives under each config, same seed."""
    code, out, _ = whatif([str(night), "--set", WREN_FIRST, "--format", "json"], capsys)
    assert code == 0
    data = json.loads(out)
    logged = simulate(load_config(default_config_path()), WREN_SEED).summary
    changed = simulate(load_config(default_config_path(), [WREN_FIRST]), WREN_SEED).summary
    (n,) = data["nights"]
    for side, summary in (("logged", logged), ("changed", changed)):
        assert summary.encounter is not None
        assert n["encounter"][side]["surprised"] == summary.encounter.surprised
        assert [c[side]["hp"] for c in n["characters"]] == [c.hp for c in summary.characters]
        assert [c[side]["slept_minutes"] for c in n["characters"]] == [
            c.slept_minutes for c in summary.characters
        ]


def test_the_json_shape_is_stable(night: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = whatif([str(night), "--set", WREN_FIRST, "--format", "json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert list(data) == [
        "whatif",
        "seed",
        "head",
        "set",
        "nights_in_log",
        "differs",
        "first_difference",
        "night",
        "nights",
    ]
    assert data["whatif"] == 1 and data["seed"] == WREN_SEED and data["set"] == [WREN_FIRST]
    assert re.fullmatch(r"[0-9a-f]{64}", data["head"])
    assert data["head"] == json.loads(night.read_text().splitlines()[-1])["hash"]
    assert data["night"] == 1 and data["differs"] is True
    first = data["first_difference"]
    assert list(first) == ["night", "t", "clock", "logged", "changed"]
    assert first["logged"]["actor"] == "Sir Aldric" and first["changed"]["actor"] == "Wren"
    assert "seq" not in first["logged"] and "hash" not in first["logged"]
    (n,) = data["nights"]
    assert list(n) == [
        "night",
        "differs",
        "first_difference",
        "encounter",
        "full_rests",
        "characters",
    ]
    enc = n["encounter"]["logged"]
    assert list(enc) == [
        "clock",
        "creature",
        "table",
        "watch_of",
        "watcher_awake",
        "awake",
        "surprised",
        "party_surprised",
        "monster_surprised",
        "distance_ft",
    ]
    assert enc["party_surprised"] is True and n["encounter"]["changed"]["party_surprised"] is False
    row = n["characters"][0]
    assert list(row) == ["name", "logged", "changed", "differs"]
    assert list(row["logged"]) == [
        "full_rest",
        "slept_minutes",
        "hp",
        "exhaustion",
        "surprised",
        "spells_prepared",
        "spells_lost",
    ]
    assert row["name"] == "Sir Aldric" and row["differs"] == ["slept_minutes"]
    wren = n["characters"][3]
    assert wren["name"] == "Wren"
    assert wren["differs"] == ["full_rest", "slept_minutes", "exhaustion", "surprised"]


def test_a_change_that_changes_nothing_says_so(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = whatif([str(night), "--set", "camp.cookware=true"], capsys)
    assert code == 0
    assert "The two nights do not differ at all" in out
    assert "*" not in out.replace("*: not as in the log.", "")


def test_html_is_the_side_by_side_page(night: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = whatif([str(night), "--set", WREN_FIRST, "--format", "html"], capsys)
    assert code == 0
    assert out.startswith("<!DOCTYPE html>")
    assert not re.search(r"https?://|\bsrc=|<link|@import|url\(", out), "a request"
    assert (
        'class="side logged">as logged<' in out and 'class="side changed">with the change<' in out
    )
    assert '<tr class="differs"><th scope="row">Surprised</th>' in out
    assert "Sir Aldric, Sister Ysolde, Moss, Wren</td>" in out


def test_html_escapes_what_the_config_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    evil = "<img src=x onerror=alert(1)>"
    log = write_log(tmp_path / "n.jsonl", WREN_SEED, sets=(f'party.Moss.spells=["{evil}"]',))
    code, out, _ = whatif([str(log), "--set", WREN_FIRST, "--format", "html"], capsys)
    assert code == 0
    assert evil not in out and "&lt;img src=x onerror=alert(1)&gt;" in out


# --- journeys -----------------------------------------------------------------------------


def test_a_journey_is_a_table_of_its_nights(
    journey: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = whatif([str(journey), "--set", "camp.season=winter"], capsys)
    assert code == 0
    assert "The journey, night by night" in out
    rows = [line.split() for line in out.splitlines() if re.match(r"\s+[123]\s+(yes|no)\b", line)]
    assert [r[0] for r in rows] == ["1", "2", "3"]
    assert "One night side by side: --night K (K from 1 to 3)." in out
    assert "Each character at dawn" not in out


def test_night_k_of_a_journey_side_by_side(
    journey: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = whatif([str(journey), "--set", "camp.season=winter", "--night", "2"], capsys)
    assert code == 0
    assert "Night 2 of 3" in out and "Each character at dawn" in out
    code, out, _ = whatif(
        [str(journey), "--set", "camp.season=winter", "--night", "2", "--format", "json"], capsys
    )
    assert json.loads(out)["night"] == 2


@pytest.mark.parametrize("k", ["0", "4"])
def test_night_out_of_range(journey: Path, k: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = whatif([str(journey), "--set", "camp.season=winter", "--night", k], capsys)
    assert code == 2 and out == ""
    assert err.strip() == f"nightsim: error: --night {k}: out of range (K from 1 to 3)"


# --- a log that does not verify gets no answer --------------------------------------------


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def _forge(path: Path, field: str, recompute: bool) -> Path:
    lines = _lines(path)
    k = next(i for i, s in enumerate(lines) if '"type":"rest.checked"' in s and '"Moss"' in s)
    data = json.loads(lines[k])
    data[field] = not data[field]
    lines[k] = canonical_json(data) + "\n"
    forged = path.with_name("forged.jsonl")
    forged.write_text("".join(rehash(lines) if recompute else lines), encoding="utf-8")
    return forged


def test_a_forged_log_gets_verifys_message_and_no_answer(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = _forge(night, "full_rest", recompute=True)
    code, out, err = whatif([str(forged), "--set", WREN_FIRST], capsys)
    assert code == 1 and "nightsim: error" not in err
    assert main(["verify", str(forged)]) == 1
    v_out, _ = capsys.readouterr()
    # verify's verdict, word for word: NOT GENUINE and the difference in words, no answer.
    assert out == v_out and out.startswith("NOT GENUINE: ")
    assert "the log says" in out and "full rest" in out and "log: " not in out
    # Beside a JSON (or HTML) answer the verdict goes to stderr, stdout stays empty; the raw
    # lines with --details.
    code, out, err = whatif([str(forged), "--set", WREN_FIRST, "--format", "json"], capsys)
    assert code == 1 and out == "" and err.startswith("NOT GENUINE: ")
    code, out, _ = whatif([str(forged), "--set", WREN_FIRST, "--details"], capsys)
    assert code == 1 and [s[:5] for s in out.splitlines()[-2:]] == ["log: ", "sim: "]


def test_an_edited_log_gets_no_answer(night: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edited = _forge(night, "full_rest", recompute=False)
    code, out, err = whatif([str(edited), "--set", WREN_FIRST, "--format", "json"], capsys)
    assert code == 1 and out == ""
    assert "hash does not match" in err


def test_a_swapped_seed_gets_no_answer(night: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _lines(night)
    header = json.loads(lines[0])
    header["seed"] = 79
    lines[0] = canonical_json(header) + "\n"
    forged = night.with_name("seed.jsonl")
    forged.write_text("".join(rehash(lines)), encoding="utf-8")
    code, out, _ = whatif([str(forged), "--set", WREN_FIRST], capsys)
    assert code == 1 and out.startswith("NOT GENUINE: ")
    assert out.splitlines()[1].startswith("- seed 79 does not match its commitment")


def test_not_a_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "x.jsonl"
    bad.write_text("hello\n", encoding="utf-8")
    code, out, err = whatif([str(bad), "--set", WREN_FIRST], capsys)
    assert code == 2 and out == "" and err.startswith("nightsim: error: ")


def test_an_older_format_log_is_not_resimulated(capsys: pytest.CaptureFixture[str]) -> None:
    log = ROOT / "tests" / "data" / "format1" / "encounter-seed-4.jsonl"
    code, out, err = whatif([str(log), "--set", WREN_FIRST], capsys)
    assert code == 3 and out == ""
    assert "format 1 log written by nightsim 0.1.0" in err and "whatif needs a log" in err


# --- the change ---------------------------------------------------------------------------


def test_at_least_one_set_is_required(night: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = whatif([str(night)], capsys)
    assert code == 2 and out == "" and "--set" in err


@pytest.mark.parametrize(
    ("item", "said"),
    [
        ('watch.rota=["Wren","Bob"]', "--set watch.rota="),
        ("party.Wren.con=99", "--set party.Wren.con=99"),
        ("party.Nobody.con=9", "no party member named 'Nobody'"),
        ("camp.season", "expected KEY=VALUE"),
    ],
)
def test_a_bad_set_names_the_item(
    night: Path, item: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = whatif([str(night), "--set", "camp.cookware=true", "--set", item], capsys)
    assert code == 2 and out == ""
    assert err.startswith("nightsim: error: --set ") and said in err, err
    assert "camp.cookware" not in err  # the good item is not blamed
    assert len(err.splitlines()) == 1


# --- the facts ----------------------------------------------------------------------------


def test_the_envelope_is_not_a_difference() -> None:
    cfg = load_config(default_config_path())
    events = list(simulate(cfg, 9).events)
    shifted = [e.model_copy(update={"seq": e.seq + 5, "hash": "0" * 64}) for e in events]
    assert first_parting(events[1:], shifted[1:]) is None
    assert "seq" not in substance(events[3]) and "t" in substance(events[3])


def test_a_night_cut_short_parts_where_it_ends() -> None:
    cfg = load_config(default_config_path())
    events = list(simulate(cfg, 9).events)[1:]
    p = first_parting(events, events[:-1])
    assert p is not None and p.changed is None and p.logged is events[-1]


def test_the_nights_compared_night_by_night() -> None:
    cfg = load_config(default_config_path())
    winter = load_config(default_config_path(), ["camp.season=winter"])
    c = side_by_side(
        simulate(cfg, 9, 3).events, simulate(winter, 9, 3).events, seed=9, head=None, sets=()
    )
    assert c.nights == 3 and c.night is None and c.detail is None
    assert c.parting is not None and c.parting.night == 1
    assert to_json(c)["night"] is None


# --- golden renders -----------------------------------------------------------------------


def _render(log: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, _ = whatif([str(log), "--set", WREN_FIRST, "--format", "json"], capsys)
    assert code == 0
    cfg = load_config(default_config_path())
    changed = load_config(default_config_path(), [WREN_FIRST])
    head = json.loads(out)["head"]
    c = side_by_side(
        simulate(cfg, WREN_SEED).events,
        simulate(changed, WREN_SEED).events,
        seed=WREN_SEED,
        head=head,
        sets=(WREN_FIRST,),
        pronouns=(
            ("Sir Aldric", "he"),
            ("Sister Ysolde", "she"),
            ("Moss", "they"),
            ("Wren", "she"),
        ),
    )
    con = Console(
        record=True, width=100, force_terminal=False, color_system=None, file=io.StringIO()
    )
    con.print(render(words(c, Catalogue(lang))))
    return text_of(con)


@pytest.mark.usefixtures("golden_release")
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_golden_wren_question(
    night: Path, lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    text = _render(night, lang, capsys)
    check_golden(f"whatif-{WREN_SEED}-wren-first-{lang}.txt", text)
    # The command prints the same (piped: plain text at COLUMNS).
    code, out, _ = whatif([str(night), "--set", WREN_FIRST, "--lang", lang], capsys)
    assert code == 0 and out.rstrip("\n") == text.rstrip("\n")


# --- the manual shows real output ---------------------------------------------------------


@pytest.mark.usefixtures("golden_release")
def test_the_readme_whatif_example_is_real(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/disputes.md "What if": run command by command; the first shows only its last
    status line."""
    first = f"$ nightsim run --seed {WREN_SEED} --quiet --log night.jsonl\n"
    readme = manual_page(first)
    start = readme.index(first)
    block = readme[start : readme.index("```", start)]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    for n, chunk in enumerate(block.split("$ nightsim ")[1:]):
        command, *shown = chunk.rstrip("\n").split("\n")
        code = main(shlex.split(command))
        out, err = capsys.readouterr()
        assert code == 0, err
        if n == 0:
            assert shown == ["…", err.splitlines()[-1]]
        else:
            assert out.rstrip("\n").splitlines() == shown, command


# --- whatif --nights N: the paired odds of the change ---------------------------------------


def _measures(out: str) -> dict[tuple[str, str | None], dict[str, object]]:
    return {(m["measure"], m["character"]): m for m in json.loads(out)["measures"]}


def test_nights_gives_the_paired_odds_of_the_change(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The log's config against the changed one, night i seeded "{log seed}/i": the numbers
    are `compare` on the two configs, and a rota does not move the monster (world dice), so
    the encounter is the same on every night."""
    from nightsim.stats.two_configs import compare_configs as paired

    argv = [str(night), "--set", WREN_FIRST, "--nights", "400", "--jobs", "1", "--format", "json"]
    code, out, err = whatif(argv, capsys)
    assert code == 0, err
    base = load_config(default_config_path())
    changed = load_config(default_config_path(), [WREN_FIRST])
    expected = paired(base, changed, WREN_SEED, 400, changes=[WREN_FIRST])
    assert json.loads(out) == json.loads(json.dumps(expected))
    enc = _measures(out)[("encounter", None)]
    assert enc["identical"] is True and enc["diff"] == 0
    assert enc["a"] == enc["b"]
    # Wren stands another shift's hours: her rest is not the same on every night.
    assert _measures(out)[("full_rest", "Wren")]["identical"] is False


def test_nights_text_says_the_same_on_every_night(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = whatif(
        [str(night), "--set", WREN_FIRST, "--nights", "200", "--jobs", "1"], capsys
    )
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("a monster comes:"))
    assert "the same on every night" in line
    assert "B against A over 200 nights (seed 495)" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--nights", "0"], "--nights: expected 1..100000000, got 0"),
        (["--nights", "100000001"], "--nights: expected 1..100000000, got 100000001"),
        (["--nights", "10", "--night", "1"], "choose one"),
        (["--nights", "10", "--format", "html"], "not html"),
        (["--jobs", "2"], "--jobs: only with --nights N"),
        (["--nights", "10", "--jobs", "0"], "--jobs: expected 1.."),
        (["--nights", "10", "--view", "players"], "--view players: the paired odds"),
    ],
)
def test_nights_options_refused(
    night: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    code, out, err = whatif([str(night), "--set", WREN_FIRST, *extra], capsys)
    assert code == 2
    assert out == ""
    assert message in err


def test_nights_refuses_a_forged_log(night: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Verified first, with --nights too: a forged log gets no odds."""
    lines = night.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace('"t":', '"t": ', 1)
    night.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = whatif([str(night), "--set", WREN_FIRST, "--nights", "50"], capsys)
    assert code != 0
    assert out == ""


@pytest.mark.slow
def test_the_readme_whatif_nights_example_is_real(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/disputes.md "What if": the paired odds of moving Wren first, over 10,000 nights."""
    readme = manual_page("$ nightsim whatif night.jsonl --set 'watch.rota=")
    start = readme.index("$ nightsim whatif night.jsonl --set 'watch.rota=")
    start = readme.index("--nights 10000\n", start)
    begin = readme.rindex("$ nightsim whatif", 0, start)
    block = readme[begin : readme.index("```", begin)]
    command, *shown = block.rstrip("\n").split("\n")
    argv = shlex.split(command.removeprefix("$ nightsim "))
    argv[1] = str(night)
    code = main([*argv, "--jobs", "2"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.rstrip("\n").splitlines() == shown


def test_the_mark_s_note_stands_only_under_a_mark(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "*: not as in the log." explains a mark: a change that alters nothing at dawn nor in
    the encounter shows no mark, and so no note, as text and as the page."""
    note = "not as in the log"
    for item, marked in (("party.Wren.cha=11", False), (WREN_FIRST, True)):
        code, out, _ = whatif([str(night), "--set", item], capsys)
        assert code == 0 and (note in out) is marked, item
        code, page, _ = whatif([str(night), "--set", item, "--format", "html"], capsys)
        assert code == 0 and (f'<p class="dim">*: {note}.</p>' in page) is marked, item
