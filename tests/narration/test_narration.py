"""The narration at the table: golden renders, widths, languages, replay = live, --step, --quiet.

Golden files live in tests/golden/; after a deliberate change to the narration, regenerate
them with `python tools/regen.py --only goldens` and review the diff like any other change.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from nightsim import events as ev
from nightsim import load_config, simulate
from nightsim.cli import main
from nightsim.cli.render import make_console, print_night
from nightsim.config import Config, default_config_path
from nightsim.engine.journey import iter_raw
from nightsim.log.writer import write_events
from nightsim.narration import Catalogue, narrate_blocks
from nightsim.narration.catalogue_en import EN
from nightsim.narration.catalogue_uk import UK
from nightsim.narration.night import head_lines
from nightsim.narration.sleep import ASLEEP, Track
from nightsim.narration.strip import render as render_strip
from tests.helpers.manual import manual_block
from tests.helpers.narration import (
    DOZE,
    ENCOUNTER,
    QUIET,
    STORY,
    check_golden,
    recording,
    render,
    text_of,
)


@pytest.fixture(scope="module")
def cfg() -> Config:
    return load_config(default_config_path())


def log_lines(cfg: Config, seed: int | str, nights: int = 1) -> list[str]:
    lines: list[str] = []
    write_events(list(iter_raw(cfg, seed, nights)), [lines.append])
    return lines


# --- the seeds show what they are chosen for ----------------------------------------------


def test_golden_seeds_show_their_kind_of_night(cfg: Config) -> None:
    def types(seed: int) -> set[str]:
        return {e.type for e in simulate(cfg, seed).events}

    assert not {"watch.dozed", "monster.arrived"} & types(QUIET)
    assert {"watch.dozed", "watch.missed"} <= types(DOZE)
    assert "monster.arrived" in types(ENCOUNTER)
    assert "monster.arrived" not in types(DOZE)


# --- golden renders ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("seed", [QUIET, DOZE, ENCOUNTER])
def test_golden_night(cfg: Config, seed: int, lang: str) -> None:
    check_golden(f"night-{seed}-{lang}.txt", render(simulate(cfg, seed).events, lang))


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_golden_night_at_40_columns(cfg: Config, lang: str) -> None:
    """A narrow terminal: the tables stack, one block per character (docs/table.md)."""
    check_golden(
        f"night-{ENCOUNTER}-40-{lang}.txt", render(simulate(cfg, ENCOUNTER).events, lang, 40)
    )


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_golden_journey_quiet(cfg: Config, lang: str) -> None:
    text = render(simulate(cfg, 9, nights=3).events, lang, quiet=True)
    check_golden(f"journey-9x3-quiet-{lang}.txt", text)


# --- replay reads exactly like the live run ---------------------------------------------------


def with_head(text: str, lines: list[str], lang: str = "en") -> str:
    """simulate()'s narration as a log's: a log's ends with its chain head (its last hash),
    a night from simulate() has no chain."""
    head = "\n".join(head_lines(json.loads(lines[-1])["hash"], Catalogue(lang)))
    return f"{text}{head}\n\n"


@pytest.mark.parametrize("seed", [QUIET, DOZE, ENCOUNTER, "the pedlar's curse"])
def test_replay_renders_the_same_text_as_the_live_run(cfg: Config, seed: int | str) -> None:
    lines = log_lines(cfg, seed)
    live = with_head(render(simulate(cfg, seed).events), lines)
    con = recording(100)
    print_night(lines, console=con)
    assert text_of(con) == live


def test_replay_of_a_journey_renders_the_same_text(cfg: Config) -> None:
    lines = log_lines(cfg, 5, nights=4)
    live = with_head(render(simulate(cfg, 5, nights=4).events, "uk"), lines, "uk")
    con = recording(100)
    print_night(lines, lang="uk", console=con)
    assert text_of(con) == live


# --- widths -----------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [100, 60, 59, 40])
@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("seed", [QUIET, DOZE, ENCOUNTER, 9])
def test_every_line_fits_the_width(cfg: Config, seed: int, lang: str, width: int) -> None:
    night = simulate(cfg, seed, nights=2)
    text = render(night.events, lang, width)
    # The head alone runs past a narrow width: printed whole on a line of its own, never
    # wrapped, so that a copy of it holds no newline.
    head = night.events[-1].hash
    assert head is None or head in text.splitlines() or f"in full: {head}" in text
    too_wide = [
        line
        for line in text.splitlines()
        if cell_len(line) > width and not re.fullmatch(r"[0-9a-f]{64}", line)
    ]
    assert not too_wide
    if width < 60:  # stacked tables: nothing is cut to "Sir / Aldr…"
        assert "\u2026" not in text


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_where_a_table_would_cut_a_word_the_tables_stack(cfg: Config, lang: str) -> None:
    """Layout by content: at 40 columns no table of the default party fits with every word
    whole, so each is a block per character; at 60 the tables fit."""
    from nightsim.narration.catalogue import Catalogue

    t = Catalogue(lang)
    text = render(simulate(cfg, 9, nights=2).events, lang, 40)
    lines = [line.strip("\u2502 ") for line in text.splitlines()]  # the header's frame aside
    for c in cfg.party:  # a block per character: the whole name alone on its line, fields under it
        blocks = [k for k, line in enumerate(lines[:-1]) if line == c.name and ": " in lines[k + 1]]
        assert len(blocks) == 4, c.name  # the header, 2 mornings, the journey
    assert f"  {t('col.hp')}: " in text and t("col.character") not in text
    wide = render(simulate(cfg, 9, nights=2).events, lang, 60)
    assert t("col.character") in wide


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("seed", [QUIET, DOZE, ENCOUNTER])
def test_at_100_columns_each_morning_row_is_one_line(cfg: Config, seed: int, lang: str) -> None:
    night = simulate(cfg, seed)
    text = render(night.events, lang, 100)
    title = EN["morning.title"]
    assert isinstance(title, str)
    morning = text[text.index(title.split()[0] if lang == "en" else "Ранок") :]
    for c in cfg.party:
        row = next(line for line in morning.splitlines() if line.startswith(c.name))
        assert "\u2192" in row, f"{c.name}'s morning row wrapped: {row!r}"


def test_at_60_columns_the_strip_is_coarser_and_tables_narrower(cfg: Config) -> None:
    wide = render(simulate(cfg, DOZE).events, "en", 100)
    narrow = render(simulate(cfg, DOZE).events, "en", 60)
    assert "one cell = 10 min" in wide and "one cell = 15 min" in narrow
    # the check column folds (the morning's table; the evening may name CON checks)
    wide_morning, narrow_morning = wide.split("Morning after")[1], narrow.split("Morning after")[1]
    assert "CON check" in wide_morning and "CON check" not in narrow_morning
    # the strip: 8 hours in 10-minute cells = 48 cells; in 15-minute cells = 32
    row = next(line for line in narrow.splitlines() if line.startswith("Wren "))
    assert len(row.split(" ", 1)[1].strip()) == 32


# --- languages --------------------------------------------------------------------------------


def test_catalogues_have_the_same_keys_and_placeholders() -> None:
    """Same keys, same fields in every form of an entry; the Ukrainian euphony markers
    (`euphony.MARKERS`) aside. A counted noun has exactly its language's CLDR plural categories, a
    gendered line exactly he/she/they/none, and every `{x:#noun}` names a counted noun."""
    import string

    from nightsim.narration.catalogue import GENDERS, plural_rule
    from nightsim.narration.euphony import MARKERS

    assert EN.keys() == UK.keys()

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f and f not in MARKERS}

    def forms(entry: str | dict[str, str]) -> list[str]:
        return [entry] if isinstance(entry, str) else list(entry.values())

    for lang, cat in (("en", EN), ("uk", UK)):
        categories = set(plural_rule(lang).tags) | {"other"}  # type: ignore[attr-defined]
        for key, entry in cat.items():
            if key.startswith("n."):
                assert isinstance(entry, dict) and set(entry) == categories, (lang, key)
            elif isinstance(entry, dict):
                assert tuple(entry) == GENDERS, (lang, key)
            for text in forms(entry):
                for _, _, spec, _ in string.Formatter().parse(text):
                    if spec and spec.startswith("#"):
                        assert "n." + spec[1:] in cat, (lang, key, spec)
    for key in EN:
        if key.startswith("n."):
            continue
        wanted = fields(forms(EN[key])[0])
        for text in forms(EN[key]) + forms(UK[key]):
            assert fields(text) == wanted, key


def test_ukrainian_uses_the_sources_terms(cfg: Config) -> None:
    text = render(simulate(cfg, ENCOUNTER).events, "uk")
    for term in ("Мудрості", "Харизми", "захоплено зненацька", "Ведучий гри", "варт"):
        assert term in text, term
    assert "Статури" in UK["evening.meal_tasty"] and "Загибелі" in UK["roll.save vs Doom"]
    # No English leaks into the Ukrainian narration: once the config's own strings (names,
    # spells, creatures, the month) are taken out, no Latin word is left but the program's name.
    import re

    given = [c.name for c in cfg.party] + [s for c in cfg.party for s in c.spells]
    given += [e.creature for e in (*cfg.encounters.night_fire, *cfg.encounters.night_no_fire)]
    given.append("Reedwryme")
    for word in sorted(given, key=len, reverse=True):
        text = text.replace(word, "")
    assert set(re.findall(r"[A-Za-z]{3,}", text)) == {"nightsim"}


# Every event type in both languages, text and page, both views: test_every_event.py.


# --- quiet, journeys --------------------------------------------------------------------------


def test_quiet_prints_only_the_encounter_and_the_morning(cfg: Config) -> None:
    kinds = [b.kind for b in narrate_blocks(simulate(cfg, ENCOUNTER).events, quiet=True)]
    assert kinds == ["encounter", "morning"]
    kinds = [b.kind for b in narrate_blocks(simulate(cfg, QUIET).events, quiet=True)]
    assert kinds == ["morning"]
    text = render(simulate(cfg, QUIET).events, quiet=True)
    assert "No wandering monster came (1d6 [3] vs ≤2)." in text and "hour 1" not in text


def test_a_journey_tells_each_night_and_sums_it_up(cfg: Config) -> None:
    night = simulate(cfg, 9, nights=3)
    blocks = list(narrate_blocks(night.events))
    assert [b.kind for b in blocks].count("night") == 3
    assert blocks[-1].kind == "journey"
    text = render(night.events)
    table = text[text.index("The journey: 3 nights") :]
    summaries = [e for e in night.events if isinstance(e, ev.NightSummary)]
    for c in cfg.party:
        hp = [c.hp] + [next(x for x in s.characters if x.name == c.name).hp for s in summaries]
        rested = sum(next(x for x in s.characters if x.name == c.name).full_rest for s in summaries)
        row = next(line for line in table.splitlines() if line.startswith(c.name))
        assert "\u2192".join(map(str, hp)) in row
        assert f"{rested}/3" in row
    attacked = [s.night for s in summaries if s.encounter is not None]
    assert f"Nights with an encounter: {len(attacked)}" in table


def test_a_long_journey_keeps_the_paths_short(cfg: Config) -> None:
    text = render(simulate(cfg, 3, nights=30).events, quiet=True)
    table = text[text.index("The journey: 30 nights") :]
    assert "\u2026" in table
    assert all(cell_len(line) <= 100 for line in table.splitlines())


# --- the timeline strip -----------------------------------------------------------------------


def test_strip_shows_the_rota_and_its_break(cfg: Config) -> None:
    from nightsim.narration import sleep

    night = simulate(cfg, DOZE)
    names = [c.name for c in cfg.party]
    tr = sleep.track(night.events, names)
    assert tr is not None and tr.minutes == 480
    rows = dict(tr.rows)
    # the rota: Sir Aldric 21-23, Wren 23-01, Sister Ysolde from 01:00 until she dozes
    assert set(rows["Sir Aldric"][:120]) == {sleep.WATCH}
    assert set(rows["Wren"][120:240]) == {sleep.WATCH}
    dozed = next(e for e in night.events if isinstance(e, ev.WatchDozed))
    at = dozed.t - tr.start
    assert rows[dozed.actor][at - 1] == sleep.WATCH and rows[dozed.actor][at] == sleep.DOZING
    assert set(rows[dozed.actor][at:]) == {sleep.DOZING}
    assert set(rows["Moss"]) == {sleep.ASLEEP}  # the missed hand-over: Moss never watched


def test_strip_shows_the_encounter_waking_everyone(cfg: Config) -> None:
    from nightsim.narration import sleep

    night = simulate(cfg, ENCOUNTER)
    tr = sleep.track(night.events, [c.name for c in cfg.party])
    assert tr is not None and tr.arrival is not None
    for _, states in tr.rows:
        assert states[tr.arrival] == sleep.AWAKE
        assert states[tr.arrival + 29] == sleep.AWAKE  # encounter_minutes = 30


# --- --step -----------------------------------------------------------------------------------


def test_step_waits_between_hours(cfg: Config) -> None:
    con = recording(100)
    seen: list[str] = []

    def fake_input(prompt: str) -> str:
        seen.append(text_of(con))
        return "\n"

    print_night(log_lines(cfg, QUIET), step=True, console=con, input_fn=fake_input)
    assert len(seen) == 8  # before each of the 8 hours
    for k, before in enumerate(seen, start=1):
        assert f"hour {k}" not in before
        if k > 1:
            assert f"hour {k - 1}" in before
    assert "Morning after night 1" in text_of(con)


def test_step_reads_enter_from_a_terminal_stdin(
    cfg: Config, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Tty("\n" * 3))  # Enter three times, then stdin closes
    con = recording(100)
    print_night(log_lines(cfg, QUIET), step=True, console=con)
    err = capsys.readouterr().err
    assert err.count("[Enter: the next hour]") == 4  # the 4th read meets EOF: the rest at once
    assert "hour 8" in text_of(con)


def test_step_without_a_terminal_prints_everything(
    cfg: Config, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["run", "--seed", str(QUIET), "--no-log", "--step"]) == 0
    out, err = capsys.readouterr()
    assert "hour 8" in out and "Enter" not in err


# --- the command line: plain output, NO_COLOR, lazy rich ------------------------------------


def test_run_piped_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--seed", str(ENCOUNTER), "--no-log", "--lang", "uk"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out
    assert Catalogue("uk")("enc.title", clock="22:05") in out


def test_no_color_is_respected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert make_console().no_color
    monkeypatch.delenv("NO_COLOR")
    assert not make_console().no_color


@pytest.mark.slow
def test_jsonl_does_not_load_the_narration() -> None:
    code = (
        "import sys\n"
        "from nightsim.cli import main\n"
        "main(['run', '--seed', '1', '--no-log', '--format', 'jsonl'])\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('nightsim.narration'))),"
        " file=sys.stderr)\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", "import json\n" + code],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        check=True,
    )
    # The status lines on stderr ("seed: 1  (no log)", "head: …") speak the command's
    # --lang: the catalogue and its helpers load (a few ms), no renderer of the narration.
    words = {"", ".catalogue", ".catalogue_en", ".catalogue_uk", ".declension", ".euphony"}
    loaded = json.loads(res.stderr.strip().splitlines()[-1])
    assert [m for m in loaded if m.removeprefix("nightsim.narration") not in words] == []


def test_quiet_run_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--seed", str(ENCOUNTER), "--no-log", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Encounter at" in out and "Morning after night 1" in out
    assert "Evening" not in out and "hour 1" not in out


# --- the manual shows real output -----------------------------------------------------------


def readme_block(command: str) -> str:
    return manual_block(command)


@pytest.mark.usefixtures("golden_release")
def test_readme_night_is_a_real_run(cfg: Config) -> None:
    shown = readme_block(f"COLUMNS=100 nightsim run --seed {STORY} --no-log")
    con = recording(100)
    print_night(log_lines(cfg, STORY), console=con)  # as `run` prints it: the head last
    assert text_of(con).rstrip("\n") == shown.rstrip("\n")
    assert render(simulate(cfg, STORY).events).rstrip("\n") in shown  # the night itself


def test_readme_check_is_real(cfg: Config) -> None:
    from nightsim.config.checkup import checkup
    from nightsim.config.fingerprint import config_sha256
    from nightsim.narration.check import render_checkup

    con = recording(100)
    con.print(render_checkup(checkup(cfg), "default.toml", fingerprint=config_sha256(cfg)))
    assert text_of(con).rstrip("\n") == readme_block("COLUMNS=100 nightsim check").rstrip("\n")


def test_the_monster_check_stays_behind_the_screen_until_it_comes(cfg: Config) -> None:
    """Told hour by hour, the check says nothing of its outcome; the roll is shown when the
    monster comes (encounter panel) or at dawn (the morning), never before."""
    for seed in (ENCOUNTER, QUIET):
        text = render(simulate(cfg, seed).events)
        hours = text[text.index("The night, hour by hour") : text.index("Who slept when")]
        before = hours.split("Encounter at")[0]
        assert "behind the screen" in before
        assert "1d6" not in before.split("behind the screen")[1].split("\n")[0]
        assert "wandering monsters 1d6" not in before
    assert "The wandering monster check: 1d6 [" in render(simulate(cfg, ENCOUNTER).events)


def test_a_shifts_dozing_roll_is_told_when_the_shift_is_over(cfg: Config) -> None:
    """Not at the start of the shift (a 1 there would give the doze away): on the doze, the
    hand-over, or at dawn for the last watch."""
    text = render(simulate(cfg, STORY).events)
    assert "Sir Aldric takes the watch until 23:00.\n" in text.replace(" \n", "\n")
    flat = " ".join(text.split())  # the words, wherever a line breaks them
    assert "dozes off on watch. From now on nobody is watching. (dozing roll 1d10 [1]," in flat
    assert "hands over the watch. (dozing roll 1d10 [3], dozes on a 1)" in flat
    assert "Moss stayed awake on watch until dawn (dozing roll 1d6 [2], dozes on a 1)." in flat
    for line in text.splitlines():
        if "takes the watch" in line or "keeps the watch until" in line:
            assert "dozing" not in line, line


def test_a_dozer_who_misses_their_own_next_shift_is_told_so(cfg: Config) -> None:
    from nightsim.config import apply_override, config_from_data

    data = cfg.canonical()
    for item in (
        'watch.rota=["Moss","Moss","Wren"]',
        "camp.encounter_chance=0",
        "party.Moss.con=3",
    ):
        apply_override(data, item)
    # Edition 1 only: edition 2 joins the two entries into one watch (rules.md 3.2), but an
    # edition-1 log is still told.
    text = render(simulate(config_from_data(data), 7, edition=1).events)
    assert "Moss sleeps on through their own next shift." in text
    assert "Nobody wakes Moss" not in text
    assert "Nobody wakes Wren: the hand-over is missed, Wren sleeps on." in text


@pytest.mark.slow
@pytest.mark.parametrize("width", [60, 80, 100])
def test_a_long_journeys_summary_keeps_names_and_headers_whole(cfg: Config, width: int) -> None:
    text = render(simulate(cfg, 5, nights=120).events, width=width, quiet=True)
    table = text[text.index("The journey: 120 nights") :].splitlines()
    # A heading may wrap over two lines, whole words (layout by content): the header ends at
    # the rule, "Character" on its last line.
    rule = next(i for i, line in enumerate(table) if line.startswith("─"))
    assert table[rule - 1].startswith("Character ")
    # Every heading word whole (a narrow table abbreviates by the catalogue, or drops a
    # column; it never cuts a word).
    whole = {"Character", "Rested", "HP", "Exhaustion", "Exh.", "Spells", "lost", "Nights"}
    heading = " ".join(table[1:rule]).split()
    assert {"Character", "Rested", "HP"} <= set(heading)
    assert set(heading) <= whole | {"surprised"}, (width, heading)
    for name in ("Sir Aldric ", "Sister Ysolde ", "Moss ", "Wren "):
        assert any(line.startswith(name) for line in table), (width, name)
    assert all(len(line) <= width for line in table)


# The sleep strip with the names referees really give (emoji, CJK, long).


def _rows(names: list[str]) -> list[str]:
    track = Track(
        start=0,
        minutes=60,
        first_hour="21:00",
        rows=tuple((n, (ASLEEP,) * 60) for n in names),
        fire=(False,) * 60,
        arrival=None,
    )
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    console.print(render_strip(track, 100, Catalogue("en")))
    return console.export_text().splitlines()


def test_wide_characters_in_names_keep_the_cells_in_one_column() -> None:
    """Names were padded by characters, not terminal cells: an emoji (two cells) pushed its
    row one cell right of the others, a CJK name several."""
    names = ["Піп 🦊", "Wren", "龍之介龍之介龍之介龍之介"]
    lines = _rows(names)
    starts = {cell_len(line[: line.index("\u00b7")]) for line in lines[1:4]}
    assert len(starts) == 1, lines[:4]
    assert lines[3].startswith("龍之介")


def test_the_monster_row_label_is_not_cut_by_short_names() -> None:
    """The label column was as wide as the longest name or "fire": with a party of short
    names the monster's row read "mons" ("чудо" in Ukrainian)."""
    track = Track(
        start=0,
        minutes=60,
        first_hour="21:00",
        rows=(("Solo", (ASLEEP,) * 60),),
        fire=(False,) * 60,
        arrival=30,
    )
    for lang, word in (("en", "monster"), ("uk", "чудовисько")):
        console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
        console.print(render_strip(track, 100, Catalogue(lang)))
        text = console.export_text()
        assert word in text, text


# --- rules.md's second reading: a dark camp, both missing, sleeping in --------------------------


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_dark_camp_reads_as_a_choice_and_sleeping_in_is_told(cfg: Config, lang: str) -> None:
    t = Catalogue(lang)
    dark_choice = t("reason.camped dark by choice")
    neither = t("reason.no fire-starter nor wood")
    slept_in = t("night.rest_extended", until="05:30")
    # The header and the evening both say it is a choice, not a lack.
    dark = load_config(default_config_path(), ["camp.light_fire=false"])
    text = render(simulate(dark, QUIET).events, lang)
    assert t("header.fire_dark") in text and t("evening.fire_not_lit", reason=dark_choice) in text
    none = load_config(default_config_path(), ["camp.fire_starter=false", "evening.firewood=[]"])
    assert neither in render(simulate(none, QUIET).events, lang)
    late = load_config(default_config_path(), ["rules.sleep_in=true", "camp.encounter_chance=6"])
    text = render(simulate(late, ENCOUNTER).events, lang)
    assert slept_in in text
    assert "05:00\u201305:30" in text  # the ninth, part hour
