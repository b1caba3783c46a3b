# ruff: noqa: RUF001, RUF003  (Cyrillic letters are the point of this file)
"""Grammar of the narration : CLDR plurals, pronouns, Ukrainian euphony."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from nightsim import simulate
from nightsim.config import Config, parse_config
from nightsim.narration.catalogue import CLDR_PLURALS, GENDERS, LANGS, Catalogue, plural_rule
from nightsim.narration.euphony import at, conjunction, preposition
from tests.helpers.narration import QUIET, render
from tests.helpers.nights import default_text

UK = Catalogue("uk")
EN = Catalogue("en")

# --- plurals ----------------------------------------------------------------------------------

# 1 and 21: one; 2 and 22: few; 5 and 11: many (11-14 are never "few" or "one").
UK_FORMS = {
    "night": ("ніч", "ночі", "ночей", "ночей", "ніч", "ночі"),
    "member": ("персонаж", "персонажі", "персонажів", "персонажів", "персонаж", "персонажі"),
    "batch": (
        "пакет ночі",
        "пакети ночей",
        "пакетів ночей",
        "пакетів ночей",
        "пакет ночі",
        "пакети ночей",
    ),
    "hour": ("година", "години", "годин", "годин", "година", "години"),
    "hour_acc": ("годину", "години", "годин", "годин", "годину", "години"),
    "minute": ("хвилина", "хвилини", "хвилин", "хвилин", "хвилина", "хвилини"),
    "minute_acc": ("хвилину", "хвилини", "хвилин", "хвилин", "хвилину", "хвилини"),
    "foot": ("фут", "фути", "футів", "футів", "фут", "фути"),
    "gatherer": ("збирач", "збирачі", "збирачів", "збирачів", "збирач", "збирачі"),
    "point": ("в.\u00a0п.",) * 6,  # відсоткові пункти: «в. п.», the same after every number
    "event": ("подія", "події", "подій", "подій", "подія", "події"),
    "measure": ("показник", "показники", "показників", "показників", "показник", "показники"),
    "watcher": ("вартовий", "вартові", "вартових", "вартових", "вартовий", "вартові"),
    "other_event": (
        "інша подія",
        "інші події",
        "інших подій",
        "інших подій",
        "інша подія",
        "інші події",
    ),
}
EN_FORMS = {
    "night": ("night", "nights"),
    "member": ("member", "members"),
    "batch": ("night's batch", "nights' batches"),
    "hour": ("hour", "hours"),
    "hour_acc": ("hour", "hours"),
    "minute": ("minute", "minutes"),
    "minute_acc": ("minute", "minutes"),
    "foot": ("ft", "ft"),
    "gatherer": ("gatherer", "gatherers"),
    "point": ("point", "points"),
    "event": ("event", "events"),
    "measure": ("measure", "measures"),
    "watcher": ("watcher", "watchers"),
    "other_event": ("other event", "other events"),
}


def test_every_counted_noun_is_pinned() -> None:
    nouns = {k[2:] for k in UK.table if k.startswith("n.")}
    assert nouns == set(UK_FORMS) == set(EN_FORMS)


@pytest.mark.parametrize("noun", sorted(UK_FORMS))
def test_ukrainian_plural_forms(noun: str) -> None:
    for n, form in zip((1, 2, 5, 11, 21, 22), UK_FORMS[noun], strict=True):
        assert UK.count(noun, n) == f"{n}\u00a0{form}", (noun, n)  # a no-break space


@pytest.mark.parametrize("noun", sorted(EN_FORMS))
def test_english_plural_forms(noun: str) -> None:
    one, other = EN_FORMS[noun]
    assert EN.count(noun, 1) == f"1 {one}"
    assert EN.count(noun, 2) == f"2 {other}"


def test_fractions_and_whole_floats() -> None:
    # Hours not whole are a duration in hours and minutes, never "2,5 години".
    assert UK.count("hour", 2.5) == "2\u00a0год 30\u00a0хв"
    assert UK.count("hour", 3.0) == "3\u00a0години"  # a whole float is an integer
    assert UK.count("hour_acc", "6.5") == "6\u00a0год 30\u00a0хв"  # type: ignore[arg-type]
    assert UK.count("hour", 0.5) == "30\u00a0хв"
    assert UK.count("night", 2.5) == "2,5\u00a0ночі"  # CLDR "other": not a duration
    assert EN.count("hour", 1.5) == "1 h 30 min"
    assert EN.count("hour", 1.0) == "1 hour"


def test_a_line_with_a_count() -> None:
    assert UK("header.journey", nights=21) == "мандрівка на 21\u00a0ніч"
    assert UK("journey.title", nights=12) == "Мандрівка: 12\u00a0ночей"
    assert UK("evening.fire_lit", hours=1, until="22:00") == (
        "Багаття розпалено: дров на 1\u00a0годину, горітиме до 22:00."
    )
    assert EN("header.journey", nights=1) == "a journey of 1 night"


@pytest.mark.parametrize("lang", LANGS)
def test_the_plural_rules_are_cldrs_as_babel_has_them(lang: str) -> None:
    """catalogue.CLDR_PLURALS is a copy of Babel's locale data (kept so that a count does not
    load the whole locale): the same rules, and the same category for every number here."""
    from babel import localedata

    babel_rule = localedata.load(lang, merge_inherited=False)["plural_form"]
    assert CLDR_PLURALS[lang] == babel_rule.rules
    ours = plural_rule(lang)
    for n in [*range(0, 230), Decimal("0.5"), Decimal("1.5"), Decimal("2.5"), Decimal("21.1")]:
        assert ours(Decimal(n)) == babel_rule(Decimal(n)), n


def test_babel_is_loaded_only_when_a_count_is_told() -> None:
    code = (
        "import sys\n"
        "import nightsim.narration\n"
        "from nightsim.narration import Catalogue\n"
        "before = any(m == 'babel' or m.startswith('babel.') for m in sys.modules)\n"
        "Catalogue('uk').count('night', 3)\n"
        "after = 'babel.plural' in sys.modules\n"
        "print(before, after)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    ).stdout.split()
    assert out == ["False", "True"]


# --- pronouns ---------------------------------------------------------------------------------

# The watcher who held until dawn: one line for every pronoun, in the present tense, so
# nothing needs to agree, and it reads "did not doze", never "did not sleep" (the Ukrainian
# editor's trial read «без сну на варті» and «не спав» as a sleepless night).
HELD = dict.fromkeys(GENDERS, "Moss до світанку не засинає на варті (x).")


@pytest.mark.parametrize("pronoun", GENDERS)
def test_ukrainian_watch_held_is_one_line_for_every_pronoun(pronoun: str) -> None:
    t = UK.with_pronouns({} if pronoun == "none" else {"Moss": pronoun})
    assert t("morning.watch_held", actor="Moss", roll="x") == HELD[pronoun]


@pytest.mark.parametrize(
    ("pronoun", "tail"),
    [
        ("he", "але він спить."),
        ("she", "але вона спить."),
        ("they", "Wren, але спить."),
        (None, "Wren, але спить."),
    ],
)
def test_the_sleeping_watcher_is_named_by_the_pronouns(pronoun: str | None, tail: str) -> None:
    t = UK.with_pronouns({"Wren": pronoun} if pronoun else {})
    assert tail in t("enc.watch_of_asleep", actor="Wren")


@pytest.mark.parametrize(("pronoun", "word"), [("he", "his"), ("she", "her"), ("they", "their")])
def test_english_possessive_follows_the_pronouns(pronoun: str, word: str) -> None:
    t = EN.with_pronouns({"Moss": pronoun})
    assert f"through {word} own next shift" in t("night.missed_self", actor="Moss")
    assert "their own" in EN("night.missed_self", actor="Moss")


def _moss(pronouns: str | None) -> Config:
    text = default_text().replace('pronouns = "they"\n', "")
    if pronouns is not None:
        text = text.replace('name = "Moss"', f'name = "Moss"\npronouns = "{pronouns}"', 1)
    return parse_config(text, [])


@pytest.mark.parametrize("pronoun", [*GENDERS[:3], None])
def test_a_night_tells_the_config_pronouns(pronoun: str | None) -> None:
    # Seed 7: Moss holds the last watch awake until dawn (the morning tells it).
    text = render(simulate(_moss(pronoun), QUIET).events, "uk")
    assert HELD[pronoun or "none"].replace("(x).", "(") in text


# --- euphony ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "form"),
    [
        ("Sir Aldric будить Wren", " передає", "і"),  # after a consonant
        ("Wren будить Sister Ysolde", " передає", "й"),  # after a vowel (a Latin e)
        ("Марія", " Оксана", "й"),  # between vowels
        ("Марія", " Юля", "і"),  # before [j]
        ("Sister Ysolde", " Yara", "і"),  # a Latin y before a vowel is [j]
        ("Sister Ysolde", " Ysolde", "й"),  # ... before a consonant it is [i]
        ("ніч спокійна,", " тиха", "і"),  # after a pause
        ("", " Wren", "І"),  # at the start of a sentence
    ],
)
def test_i_or_y(before: str, after: str, form: str) -> None:
    assert conjunction(before, after) == form


@pytest.mark.parametrize(
    ("before", "after", "form"),
    [
        ("вона була", " лісі", "в"),  # after a vowel before a consonant
        ("брат", " лісі", "у"),  # between consonants
        ("вона була", " Франції", "у"),  # before ф
        ("вона була", " вікні", "у"),  # before в
        ("Moss", " Wrenhall", "у"),  # a Latin w sounds [в]
        ("вона була", " Одесі", "в"),  # between vowels
        ("", " Одесі", "В"),  # at the start, before a vowel
        ("", " лісі", "У"),  # at the start, before a consonant
    ],
)
def test_u_or_v(before: str, after: str, form: str) -> None:
    assert preposition(before, after) == form


@pytest.mark.parametrize(
    ("after", "form"),
    [(" 11:30", "об"), (" 01:58", "о"), (" 21:00", "о"), (" 23:15", "о"), (" одинадцятій", "об")],
)
def test_o_or_ob(after: str, form: str) -> None:
    assert at(after) == form


def test_euphony_in_lines() -> None:
    assert UK("night.handed_over", actor="Wren", to="Moss") == "Wren будить Moss і передає варту."
    assert UK("night.handed_over", actor="Moss", to="Sister Ysolde") == (
        "Moss будить Sister Ysolde й передає варту."
    )
    assert UK("enc.title", clock="11:05") == "Зустріч об 11:05"
    assert UK("morning.rota_broken", clock="01:58") == "Послідовність варт порушено о 01:58."
    assert UK.listing(["Sir Aldric", "Wren"]) == "Sir Aldric і Wren"
    assert UK.listing(["Moss", "Sister Ysolde", "Wren"]) == "Moss, Sister Ysolde й Wren"
    assert EN.listing(["Moss", "Sister Ysolde", "Wren"]) == "Moss, Sister Ysolde and Wren"


def test_a_name_is_never_rewritten() -> None:
    # Only the catalogue's own markers are judged: "і", "у", "в" inside a name stay as given.
    assert UK("night.watch_began", actor="Ганна і Юрко у Львові", until="23:00") == (
        "Ганна і Юрко у Львові заступає на варту до 23:00."
    )


# --- numbers, durations and chances in Ukrainian ----------------------------------------------


@pytest.mark.parametrize(
    ("minutes", "uk", "en"),
    [
        (400, "6\u00a0год 40\u00a0хв", "6h40"),
        (180, "3\u00a0год", "3h00"),
        (40, "40\u00a0хв", "0h40"),
        (365, "6\u00a0год 5\u00a0хв", "6h05"),
        (0, "0\u00a0хв", "0h00"),
    ],
)
def test_a_duration_is_never_a_clock_face(minutes: int, uk: str, en: str) -> None:
    assert UK.hm(minutes) == uk
    assert EN.hm(minutes) == en  # the English as it always was


def test_hours_not_whole_are_hours_and_minutes() -> None:
    assert UK("evening.fire_lit", hours=61 / 60, until="21:01") == (
        "Багаття розпалено: дров на 1\u00a0год 1\u00a0хв, горітиме до 21:01."
    )
    assert EN.count("hour", 61 / 60) == "1 h 1 min"
    assert UK.count("hour", 119.9 / 60) == "2\u00a0години"  # rounds to whole hours
    assert UK.count("night", 1.5) == "1,5\u00a0ночі"  # a decimal comma elsewhere


def test_chances_minus_signs_and_the_sources_abbreviations() -> None:
    from nightsim.events import Roll
    from nightsim.narration.widgets import roll_text

    assert (
        UK("fmt.chance", x=1, n=6) == "1\u00a0з\u00a06" and EN("fmt.chance", x=1, n=6) == "1-in-6"
    )
    roll = Roll(dice="1d6", faces=[1], mod=-2, total=-1)
    assert roll_text(roll, UK, purpose=False) == "1d6 [1]\u22122 = \u22121"
    assert roll_text(roll, EN, purpose=False) == "1d6 [1]\u22122 = -1"
    for key, word in (("abbr.con", "Стат."), ("abbr.wis", "Мудр."), ("abbr.cha", "Хар.")):
        assert UK(key) == word
    no_english = [k for k, v in UK.table.items() if isinstance(v, str) and "-in-" in v]
    assert no_english == []


def test_a_verb_agrees_with_how_many_names_it_lists() -> None:
    assert UK("enc.awake_one", names="Moss") == "Не спить: Moss."
    assert UK("enc.awake", names="Moss, Wren") == "Не сплять: Moss, Wren."
    assert UK("hour.asleep_one", names="Wren") == "спить: Wren"
    assert UK("whatif.row.awake") == "Хто не спить"  # a table row: one name or several


def test_the_sources_terms_and_no_self_contradiction() -> None:
    odds_and_pages = ("measure.", "rank.", "paired.", "page.")  # told by `odds` and the pages
    ours = " ".join(
        v for k, v in UK.table.items() if isinstance(v, str) and not k.startswith(odds_and_pages)
    )
    assert "заскочено" not in ours and "черговість" not in ours
    asleep = UK.with_pronouns({})("enc.watch_of_asleep", actor="Ірина")
    assert asleep == "На варті Ірина, але спить."
    assert UK("whatif.parting", clock="11:08") == "Ночі розходяться об 11:08."


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_party_s_surprise_agrees_with_how_many_are_awake(lang: str) -> None:
    """One awake is "the one awake (Moss)", never "those awake (Moss)"; two are "those"."""
    from nightsim.events import MonsterArrived
    from nightsim.narration.encounter import encounter_lines
    from nightsim.narration.facts import encounter_facts

    t = Catalogue(lang)
    night = simulate(parse_config(default_text()), 137)
    enc = encounter_facts(next(e for e in night.events if isinstance(e, MonsterArrived)), None)
    assert enc.party_roll is not None
    for awake, one in ((("Moss",), True), (("Moss", "Wren"), False)):
        lines = encounter_lines(enc._replace(awake=awake), t)
        said = next(x for x in lines if t.names(awake) in x and "1d6" in x)
        singular = {"en": "The one awake (", "uk": "Того, хто не спить ("}[lang]
        plural = {"en": "Those awake (", "uk": "Тих, хто не спить ("}[lang]
        assert said.startswith(singular if one else plural), said


def test_a_date_s_month_is_in_the_genitive() -> None:
    """«3 Рідрайма», as «3 вересня»: every month has its form after a day; English as is."""
    from nightsim.rules import MONTHS

    for month in MONTHS:
        nominative, genitive = UK.month(month), UK.month_in_date(month)
        assert genitive != nominative and genitive.startswith(nominative[:-1]), month
        assert EN.month_in_date(month) == EN.month(month) == month
    text = default_text().replace('month = "Reedwryme"', 'month = "Reedwryme"\nday = 3')
    assert "day = 3" in text
    night = simulate(parse_config(text), 1)
    assert "Ніч 1 · 3 Рідрайма, осінь" in render(night.events, "uk")
