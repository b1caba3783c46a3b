"""`nightsim check` and the pure checkup behind it (nightsim.config.checkup)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from rich.cells import cell_len

from nightsim import rules
from nightsim.cli import main
from nightsim.config import Config, default_config_path, parse_config
from nightsim.config.checkup import Checkup, _interrupted, check_odds, checkup, rest_odds
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.check import warning_text

BASE = default_config_path().read_text(encoding="utf-8")


def ck(*sets: str) -> Checkup:
    return checkup(parse_config(BASE, list(sets)))


def keys(c: Checkup) -> list[str]:
    return [w.key for w in c.warnings]


# --- the odds ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("modifier", "expected"),
    # 1d6 + mod >= 4; a natural 1 fails, a natural 6 succeeds (rules.md "Dice conventions")
    [(-5, 1), (-3, 1), (-2, 1), (-1, 2), (0, 3), (1, 4), (2, 5), (3, 5), (5, 5)],
)
def test_check_odds_count_the_faces(modifier: int, expected: int) -> None:
    assert check_odds(modifier) == Fraction(expected, 6)


def test_rest_odds_follow_the_table() -> None:
    assert rest_odds(10, "easy") == 1
    assert rest_odds(18, "impossible") == 0
    assert rest_odds(10, "moderate") == Fraction(1, 2)
    assert rest_odds(10, "hard") == Fraction(1, 6)  # 0 - 2: only the natural 6
    assert rest_odds(16, "hard") == Fraction(1, 2)  # +2 - 2
    assert rest_odds(18, "easy", slept_enough=False) == 0


def test_interrupted_sleep_is_asleep_awake_asleep() -> None:
    assert not _interrupted([(0, 120)], 480)  # the first watch
    assert not _interrupted([(360, 480)], 480)  # the last watch
    assert not _interrupted([(0, 120), (360, 480)], 480)  # first and last: one sleep between
    assert _interrupted([(120, 240)], 480)  # a middle watch
    assert not _interrupted([(0, 120), (120, 200)], 480)  # one long first watch
    assert not _interrupted([(120, 240), (240, 480)], 480)  # one long last watch
    assert _interrupted([(0, 120), (200, 300)], 480)  # asleep 120-200, then again after 300
    assert not _interrupted([], 480)


# --- the default config -----------------------------------------------------------------------


def test_default_config_resolves() -> None:
    c = ck()
    assert (c.chance, c.terrain, c.season, c.month) == (2, "tangled forest", "autumn", "Reedwryme")
    assert (c.weather, c.firewood_modifier, c.gatherers) == ("damp", -1, 2)
    assert (c.rest_start, c.rest_end) == ("21:00", "05:00")
    assert [(s.name, s.start, s.end, s.doze_die) for s in c.shifts] == [
        ("Sir Aldric", "21:00", "23:00", 10),
        ("Wren", "23:00", "01:00", 20),  # CON 15: 1-in-20
        ("Sister Ysolde", "01:00", "03:00", 10),
        ("Moss", "03:00", "05:00", 6),  # CON 6: 1-in-6
    ]
    assert c.unwatched_from is None
    by = {x.name: x for x in c.characters}
    # rules.md 6.2 (edition 2): Moss is woken for the last watch; edition 1 spared it.
    assert by["Sister Ysolde"].interrupted and by["Moss"].interrupted
    assert all(x.sleep_max_minutes == 360 for x in c.characters)
    assert by["Moss"].doze_chance == Fraction(1, 6)
    assert keys(c) == ["warn.six_hours", "warn.caster_woken", "warn.caster_woken"]
    one = checkup(parse_config(BASE, []), edition=1)
    assert [x.interrupted for x in one.characters] == [False, True, False, True]
    assert [w.key for w in one.warnings] == ["warn.six_hours", "warn.caster_middle"]


def test_rest_difficulty_is_the_rules_table() -> None:
    cfg: Config = parse_config(BASE, ["camp.season=winter"])
    c = checkup(cfg)
    for ch, info in zip(cfg.party, c.characters, strict=True):
        assert info.difficulty_fire == rules.rest_difficulty(True, ch.bedroll, ch.tent, "winter")
        assert info.difficulty_no_fire == rules.rest_difficulty(
            False, ch.bedroll, ch.tent, "winter"
        )
        mod = rules.ability_modifier(ch.con) + rules.DIFFICULTY_MODIFIER.get(
            info.difficulty_fire, 0
        )
        if info.difficulty_fire in ("moderate", "hard"):
            assert info.odds_fire == check_odds(mod)


# --- warnings ---------------------------------------------------------------------------------


def test_unwatched_end_and_short_sleep() -> None:
    c = ck('watch.shifts=[{name="Wren",hours=3},{name="Moss",hours=3}]')
    assert c.unwatched_from == "03:00"
    assert "warn.unwatched_end" in keys(c)
    short = [w.fields["actor"] for w in c.warnings if w.key == "warn.short_sleep"]
    assert short == ["Moss", "Wren"]
    # Moss (a caster) is woken for the watch 00:00-03:00: broken sleep
    assert any(w.key == "warn.caster_woken" and w.fields["actor"] == "Moss" for w in c.warnings)


def test_no_watch() -> None:
    assert keys(ck("watch.rota=[]"))[0] == "warn.no_watch"


def test_caster_on_the_first_watch_alone_is_not_warned() -> None:
    """rules.md 6.2: edition 2 breaks the sleep of a caster woken for the last watch too;
    edition 1 warned of a middle watch only."""
    first = 'watch.rota=["Sister Ysolde", "Wren", "Sir Aldric"]'
    assert "warn.caster_woken" not in keys(ck(first, "party.Moss.spells=[]"))
    both = 'watch.rota=["Sister Ysolde", "Wren", "Sir Aldric", "Sister Ysolde"]'
    assert ("warn.caster_woken", "Sister Ysolde") in {
        (w.key, w.fields.get("actor")) for w in ck(both).warnings
    }
    one = checkup(parse_config(BASE, [both]), edition=1)
    assert not {"warn.caster_middle", "warn.caster_woken"} & {w.key for w in one.warnings}


def test_fire_warnings() -> None:
    c = ck("camp.fire_starter=false")
    assert {"warn.no_fire_starter", "warn.cook_no_fire"} <= set(keys(c))
    c = ck("evening.firewood=[]", "evening.water=[]")
    assert "warn.no_wood" in keys(c)
    assert "warn.no_wood" not in keys(ck("evening.firewood=[]", "camp.carried_firewood_hours=2"))
    adverse = "camp.fire_conditions=adverse"
    assert "warn.fire_chance_low" in keys(ck(adverse, "camp.fire_chance=3"))
    assert "warn.fire_chance_low" not in keys(ck(adverse, "camp.fire_chance=4"))
    # Normal conditions roll no die, whatever fire_chance says (rules.md 2).
    assert "warn.fire_chance_low" not in keys(ck("camp.fire_chance=3"))
    assert "warn.fire_chance_low" in keys(ck("camp.weather=snow", "camp.fire_chance=3"))
    # A dark camp is a choice: no fire warning but the cook's.
    dark = keys(ck("camp.light_fire=false", "camp.fire_starter=false"))
    assert "warn.cook_no_fire" in dark
    assert not {"warn.no_fire_starter", "warn.no_wood", "warn.fire_chance_low"} & set(dark)


def test_cook_without_gear() -> None:
    c = ck("camp.cookware=false", "camp.ingredients=false")
    (w,) = [w for w in c.warnings if w.key == "warn.cook_no_gear"]
    assert w.fields["what"] == ["cookware", "ingredients"]
    assert "warn.cook_no_gear" not in keys(ck())


def test_winter_without_bedding_is_impossible() -> None:
    c = ck("camp.season=winter", "party.Wren.bedroll=false")
    assert [w.fields["actor"] for w in c.warnings if w.key == "warn.impossible"] == ["Wren"]
    assert "warn.impossible" not in keys(ck("camp.season=summer", "party.Wren.bedroll=false"))


def test_missing_encounter_tables() -> None:
    c = ck("encounters.night_fire=[]")
    assert [w.fields["table"] for w in c.warnings if w.key == "warn.no_table"] == ["night_fire"]


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_every_warning_renders(lang: str) -> None:
    t = Catalogue(lang)
    c = ck(
        "camp.season=winter",
        "party.Wren.bedroll=false",
        'watch.shifts=[{name="Wren",hours=3},{name="Moss",hours=3}]',
        "camp.cookware=false",
        "camp.fire_conditions=adverse",
        "camp.fire_chance=2",
        "encounters.night_fire=[]",
    )
    texts = [warning_text(w, t) for w in c.warnings]
    assert len(texts) >= 7 and all(texts)
    extras = (ck("watch.rota=[]"), ck("camp.fire_starter=false"), ck("evening.firewood=[]"), ck())
    assert "warn.six_hours" in keys(extras[-1])
    for extra in extras:
        assert all(warning_text(w, t) for w in extra.warnings)


# --- the command --------------------------------------------------------------------------------


def test_check_cli_shows_the_rota_and_warnings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "Wandering monsters: 2-in-6 (tangled forest)." in out
    assert "Season: autumn (from the month Reedwryme)." in out
    assert re.search(r"3 +01:00 +03:00 +Sister Ysolde +1-in-10", out)
    assert "is woken for a watch" in out
    assert "Dozing on watch: on, the source's optional rule" in out
    assert "\x1b[" not in out


def test_check_cli_ukrainian_and_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--lang", "uk", "--set", "camp.season=winter"]) == 0
    out = capsys.readouterr().out
    assert "Пора року: зима." in out and "Попередження" in out


def test_check_cli_invalid_config_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE.replace('terrain = "tangled forest"', 'terrain = "tangled forrest"'))
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "did you mean 'tangled forest'" in err
    assert main(["check", str(tmp_path / "none.toml")]) == 2


@pytest.mark.parametrize("width", [60, 100])
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_check_fits_the_width(
    width: int, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    assert main(["check", "--lang", lang, "--set", "camp.season=winter"]) == 0
    out = capsys.readouterr().out
    # The fingerprint alone may run past the width: it is printed whole, never wrapped.
    lines = [line for line in out.splitlines() if not re.fullmatch(r"[0-9a-f]{64}", line)]
    assert max(cell_len(line) for line in lines) <= width


@pytest.mark.parametrize("width", [40, 60])
def test_check_fingerprint_whole_on_its_own_line(
    width: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from nightsim.config import load_config
    from nightsim.config.fingerprint import config_sha256

    monkeypatch.setenv("COLUMNS", str(width))
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert config_sha256(load_config(default_config_path())) in out.splitlines()


def test_six_hours_for_every_watcher_is_warned() -> None:
    # rules.md 5: 6 hours is the least for a full rest; a rota that leaves every watcher
    # exactly that makes any encounter cost full rests. The default 4 x 2 h over 8 h does.
    assert "warn.six_hours" in keys(ck())
    assert "warn.six_hours" in keys(ck("rules.sleep_in=true"))  # the last watcher still pays
    assert "warn.six_hours" not in keys(ck("rules.rest_hours=9"))
    # Not every watcher: Moss stands 1h30 and may sleep 6h30.
    assert "warn.six_hours" not in keys(
        ck('watch.shifts=[{name="Wren",hours=2},{name="Moss",hours=1.5}]')
    )
    # Under 6 hours is the short-sleep warning, not this one; nobody on watch is its own.
    three = keys(ck('watch.rota=["Wren","Moss","Sir Aldric"]'))
    assert "warn.short_sleep" in three and "warn.six_hours" not in three
    assert "warn.six_hours" not in keys(ck("watch.rota=[]"))


def test_check_tells_the_fire_conditions_and_sleeping_in() -> None:
    from rich.console import Console

    from nightsim.narration.check import render_checkup

    def text(*sets: str) -> str:
        con = Console(width=120, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
        con.print(render_checkup(ck(*sets), "c.toml"))
        return con.export_text()

    assert "Fire: normal conditions, lights without a roll" in text()
    assert "Fire: lights on 4-in-6" in text("camp.weather=snow")
    assert "camps dark by choice" in text("camp.light_fire=false")
    assert "runs on by 30 min (to 05:30)" in text("rules.sleep_in=true")
    assert "runs on by" not in text()


def test_check_prints_the_fingerprint_the_header_and_the_reports_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One fingerprint for one config: `check`'s, the SHA-256 of a log header's `config`
    (canonical JSON) and the reports' `config_sha256`."""
    import hashlib
    import json

    import rfc8785

    from nightsim.config import default_config_path, load_config
    from nightsim.stats.odds import config_sha256

    assert main(["check", "--lang", "uk"]) == 0
    lines = capsys.readouterr().out.splitlines()
    sha = lines[lines.index("Відбиток (SHA-256 розгорнутої конфігурації):") + 1]
    assert sha == config_sha256(load_config(default_config_path()))
    log = tmp_path / "n.jsonl"
    assert main(["run", "--seed", "3", "--quiet", "--log", str(log)]) == 0
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert hashlib.sha256(rfc8785.dumps(header["config"])).hexdigest() == sha


def _check(*sets: str) -> Checkup:
    return checkup(parse_config(default_config_path().read_text(encoding="utf-8"), sets))


def _keys(ck: Checkup) -> list[str]:
    return [w.key for w in ck.warnings]


def test_the_fire_never_warms_in_heavy_rain_and_two_can_never_rest() -> None:
    """Heavy rain: two gatherers bring at most 2 hours each, and the fire must burn the
    evening's hour and then 4: the "with fire" odds cannot happen. In winter, without the
    fire, Sister Ysolde's and Wren's nights are impossible: they can never rest fully."""
    from nightsim.config.checkup import warm_chance

    ck = _check("camp.weather=heavy_rain", "camp.season=winter")
    assert warm_chance(parse_config(default_config_path().read_text(encoding="utf-8"),
                                    ["camp.weather=heavy_rain"])) == 0  # fmt: skip
    never = [w for w in ck.warnings if w.key == "warn.never_rests"]
    assert [w.fields["actor"] for w in never] == ["Sister Ysolde", "Wren"]
    fire = next(w for w in ck.warnings if w.key == "warn.fire_never_warms")
    assert fire.fields["most"] == 4 and fire.fields["need"] == 5
    text = warning_text(fire, Catalogue("en"))
    assert "at most 4h00" in text and "Wren 0% instead of 33%" in text
    assert "Wren \u2014 0\u00a0% замість 33\u00a0%" in warning_text(fire, Catalogue("uk"))


def test_the_fires_chance_to_warm_is_exact() -> None:
    """Damp: each gatherer 1d6-1 (0..5); the fire warms with 5 hours of wood or more: 21 of
    the 36 pairs, 7/12 (the engine's rate over 600 nights was 0.572). Snow: 1d6-2 each,
    5/27; below one half, a warning."""
    from nightsim.config.checkup import warm_chance

    text = default_config_path().read_text(encoding="utf-8")
    assert warm_chance(parse_config(text)) == Fraction(7, 12)
    assert "warn.fire_rarely_warms" not in _keys(_check())
    assert warm_chance(parse_config(text, ["camp.weather=snow"])) == Fraction(5, 27)
    snow = next(w for w in _check("camp.weather=snow").warnings if "warms" in w.key)
    assert snow.key == "warn.fire_rarely_warms"
    assert warning_text(snow, Catalogue("en")).startswith(
        "The fire warms the camp on only 19% of nights"
    )


def test_dozing_on_by_default_is_a_warning_and_written_down_is_agreed() -> None:
    text = default_config_path().read_text(encoding="utf-8")
    assert "warn.dozing_on" not in _keys(checkup(parse_config(text)))
    omitted = text.replace("fall_asleep_on_watch = true", "")
    assert "warn.dozing_on" in _keys(checkup(parse_config(omitted)))


def test_a_misspelt_key_is_named_as_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cons` for `con`: the unknown key is the mistake, not the missing `con`."""
    text = default_config_path().read_text(encoding="utf-8").replace("con = ", "cons = ", 1)
    path = tmp_path / "c.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "unknown key 'cons'" in err and "(did you mean 'con'?)" in err


def test_a_list_of_bare_names_is_told_how_to_quote(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--set", "watch.rota=[Ash, Ярема]"]) == 2
    err = capsys.readouterr().err
    assert err.strip().endswith(
        "is not a TOML value; quote each name, and the item for the shell:"
        ' --set \'watch.rota=["Ash", "Ярема"]\''
    )


def test_the_star_note_stands_only_under_a_table_that_shows_a_star() -> None:
    """`*` marks a caster whose sleep the rota breaks; with no such caster, no `*` note."""
    from rich.console import Console

    from nightsim.narration.check import render_checkup

    def text(lang: str, *sets: str) -> str:
        con = Console(width=120, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
        con.print(render_checkup(ck(*sets), "c.toml", lang=lang))
        return con.export_text()

    for lang in ("en", "uk"):
        starred, plain = text(lang), text(lang, "watch.rota=[]")
        assert "* " in starred and "*: " in starred, lang
        assert "*" not in plain, (lang, plain)


# docs/rules.md §5.4, edition 3: tents, no bedroll, winter, the quick option on.
TENTS_IN_WINTER = [
    "camp.season=winter",
    "camp.weather=dry",
    "rules.quick_rest=true",
    *(
        f"party.{n}.{k}"
        for n in ("Sir Aldric", "Sister Ysolde", "Moss", "Wren")
        for k in ("bedroll=false", "tent=true")
    ),
]


def _render(c: Checkup, lang: str = "en") -> str:
    from rich.console import Console

    from nightsim.narration.check import render_checkup

    con = Console(width=120, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    con.print(render_checkup(c, "c.toml", lang=lang))
    return con.export_text()


def test_an_impossible_night_takes_no_quick_option_in_edition_3() -> None:
    """A dark camp: every night is impossible, so the forecast is 0%, as edition 3 plays it
    (edition 2 forecast, and played, a full rest: 100%)."""
    dark = parse_config(BASE, [*TENTS_IN_WINTER, "camp.light_fire=false"])
    three, two = checkup(dark, edition=3), checkup(dark, edition=2)
    assert three.quick_rest == "impossible" and two.quick_rest == "taken"
    assert {(c.difficulty_no_fire, c.odds_no_fire) for c in three.characters} == {
        ("impossible", Fraction(0))
    }
    assert {c.odds_no_fire for c in two.characters} == {Fraction(1)}
    text = _render(three)
    assert "impossible 0%" in text and "impossible 100%" not in text
    assert "Quick rest: the rest table calls a night without fire impossible" in text
    assert "неможлива" in _render(three, "uk")


def test_a_lit_camp_keeps_the_quick_option_when_the_fire_warms() -> None:
    lit = checkup(parse_config(BASE, TENTS_IN_WINTER), edition=3)
    assert lit.quick_rest == "taken" and len(lit.quick_spoiled_cold) == 4
    assert {(c.difficulty_fire, c.odds_fire) for c in lit.characters} == {("hard", Fraction(1))}
    assert {c.odds_no_fire for c in lit.characters} == {Fraction(0)}
    assert "Without the fire's warmth, though" in _render(lit)


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_quick_options_gear_line_says_heavy_rain(lang: str) -> None:
    line = Catalogue(lang)("check.quick_gear")
    assert ("heavy rain" if lang == "en" else "сильний дощ") in line
