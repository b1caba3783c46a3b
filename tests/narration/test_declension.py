# ruff: noqa: RUF001  (Cyrillic letters are the point of this file)
"""Names in the case a Ukrainian sentence needs (nightsim/narration/declension.py), and the
config's `party.forms` that win over the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.declension import CASES, declinable, decline

NAMES = Path(__file__).resolve().parents[1] / "data" / "uk-names.tsv"


def _rows() -> list[list[str]]:
    lines = NAMES.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


def test_the_table_holds_over_a_hundred_names_of_both_genders() -> None:
    rows = _rows()
    assert len(rows) >= 100
    assert {r[1] for r in rows} == {"he", "she"}
    assert all(len(r) == 2 + len(CASES) for r in rows)


@pytest.mark.parametrize("row", _rows(), ids=lambda r: f"{r[0]}-{r[1]}")
def test_every_name_in_every_case(row: list[str]) -> None:
    name, pronouns, *forms = row
    assert [decline(name, case, pronouns) for case in CASES] == forms


@pytest.mark.parametrize(
    ("name", "acc", "dat"),
    [
        ("Ірина", "Ірину", "Ірині"),
        ("Остап", "Остапа", "Остапові"),
        ("Мар'яна", "Мар'яну", "Мар'яні"),
        ("Мар’яна", "Мар’яну", "Мар’яні"),  # the typographic apostrophe too
        ("Ярема", "Ярему", "Яремі"),
    ],
)
def test_the_issues_party(name: str, acc: str, dat: str) -> None:
    assert decline(name, "acc") == acc
    assert decline(name, "dat") == dat


@pytest.mark.parametrize("name", ["Moss", "Wren", "Sir Aldric", "Sister Ysolde", "Остап Moss"])
def test_a_name_with_latin_letters_stays_as_it_is(name: str) -> None:
    assert not declinable(name)
    assert {decline(name, case, "he") for case in CASES} == {name}


def test_a_womans_name_in_a_consonant_or_o_stays_and_a_mans_declines() -> None:
    assert decline("Бондаренко", "gen", "she") == "Бондаренко"
    assert decline("Бондаренко", "gen", "he") == "Бондаренка"
    assert decline("Ткачук", "dat", "she") == "Ткачук"
    assert decline("Ткачук", "dat", None) == "Ткачукові"  # no pronouns: a man's declension
    assert decline("Ткачук", "dat", "they") == "Ткачукові"
    assert decline("Любов", "ins", "she") == "Любов'ю"  # the third declension


def test_names_of_several_words_decline_up_to_the_first_in_lower_case() -> None:
    assert decline("Тарас Шевченко", "acc", "he") == "Тараса Шевченка"
    assert decline("Сестра Ізольда", "dat", "she") == "Сестрі Ізольді"
    assert decline("Марко з Полісся", "gen", "he") == "Марка з Полісся"
    assert decline("Анна-Марія", "ins", "she") == "Анною-Марією"
    assert decline("Олена Ковальська", "gen", "she") == "Олени Ковальської"
    assert decline("Петро Ковальський", "dat", "he") == "Петрові Ковальському"


@pytest.mark.parametrize("name", ["Хосе", "Кеті", "Ману", "Ґете"])
def test_names_ending_as_no_ukrainian_declension_does_stay(name: str) -> None:
    assert {decline(name, case) for case in CASES} == {name}


# --- in the catalogue -------------------------------------------------------------------------


def _party(**forms: dict[str, str]) -> list[dict[str, object]]:
    people: list[dict[str, object]] = [
        {"name": "Ярема", "pronouns": "he"},
        {"name": "Ірина", "pronouns": "she"},
        {"name": "Остап", "pronouns": "he"},
        {"name": "Мар'яна", "pronouns": "she"},
        {"name": "Wren", "pronouns": "she"},
    ]
    for person in people:
        if person["name"] in forms:
            person["forms"] = forms[str(person["name"])]
    return people


def test_the_lines_name_each_in_its_case() -> None:
    t = Catalogue("uk").for_party(_party())
    assert (
        t("night.handed_over", actor="Ярема", to="Ірина") == "Ярема будить Ірину й передає варту."
    )
    assert t("night.missed", actor="Остап").startswith("Ніхто не будить Остапа: ")
    assert t("night.missed", actor="Остап").endswith(", Остап спить далі.")
    warning = t("warn.caster_middle", actor="Мар'яна", spells="Sleep")
    assert "Призначте Мар'яні першу або останню варту." in warning
    tasty = t("evening.meal_tasty", actor="Ірина", eaters=("Ірина", "Остап"))
    assert tasty.endswith("для Ірини й Остапа.")
    assert t("evening.meal_tasty", actor="Ірина", eaters="всіх").endswith("для всіх.")


def test_english_names_stay_and_english_lines_are_as_they_were() -> None:
    uk = Catalogue("uk").for_party(_party())
    assert uk("night.handed_over", actor="Ірина", to="Wren") == "Ірина будить Wren і передає варту."
    en = Catalogue("en").for_party(_party())
    assert en("night.handed_over", actor="Ярема", to="Ірина") == (
        "Ярема wakes Ірина and hands over the watch."
    )
    assert en("evening.meal_tasty", actor="Wren", eaters=("Wren", "Moss")).endswith(
        "CON checks to rest for Wren and Moss."
    )


def test_the_configs_forms_win_over_the_rules() -> None:
    t = Catalogue("uk").for_party(
        _party(Остап={"acc": "Остапа-Вітра"}, Wren={"acc": "Рен", "dat": "Рен"})
    )
    assert t("night.missed", actor="Остап").startswith("Ніхто не будить Остапа-Вітра:")
    assert t("night.handed_over", actor="Ярема", to="Wren") == "Ярема будить Рен і передає варту."
    # a case the config leaves out is the rules'
    assert t.case("Остап", "dat") == "Остапові"
    # English uses a given form too: the config's words are the referee's
    en = Catalogue("en").for_party(_party(Wren={"acc": "Рен"}))
    assert en.case("Wren", "acc") == "Рен" and en.case("Wren", "dat") == "Wren"


def test_every_spelling_of_a_name_is_bold_in_a_line() -> None:
    from nightsim.narration.widgets import line

    t = Catalogue("uk").for_party(_party())
    text = line(t("night.handed_over", actor="Ярема", to="Ірина"), [], t, ["Ярема", "Ірина"])
    bold = {text.plain[s.start : s.end] for s in text.spans if s.style == "bold"}
    assert bold == {"Ярема", "Ірину"}
