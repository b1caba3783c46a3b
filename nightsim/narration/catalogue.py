# ruff: noqa: RUF002, RUF003  (Ukrainian words in the docs: і/й, у/в, о/об)
"""The text catalogues: every user-facing word of the narration and of `check`, per language.

The rendering code only names keys; `catalogue_en.py` and `catalogue_uk.py` hold the words
(the Ukrainian uses the source's own terms, docs/rules.md glossary). A test pins that both
catalogues have the same keys and the same placeholders.

A machine-read string of the log (a `nightsim.codes` member: a roll's purpose, a reason, an
outcome, a table) is looked up by *member* through `CODE_KEYS`, never by its value: the log's
wording can change (the log-format issue) without touching a word of either language. The
keys themselves are names chosen once (some still read like the values they were first
derived from); a test pins that every member of every enum has a word in both catalogues.

Three kinds of entry:
- a line, `str.format` style; `{hours:#hour}` fills in a number with its counted noun
  ("3 години", "1 hour"), `{і}`, `{у}`, `{о}` are Ukrainian euphony (`euphony.py`);
  `{rule.NAME}` is a rule's number, filled from `rules.told_numbers()` whatever the caller
  gives (a line never writes a rule's number itself: "under {rule.min_sleep_hours} h");
- a counted noun (`n.*`): its CLDR plural forms, `{"one": "ніч", "few": "ночі", "many":
  "ночей", "other": "ночі"}`, picked by Babel's plural rule for the language;
- a line whose grammar follows the `actor`'s pronouns: `{"he": ..., "she": ..., "they":
  ..., "none": ...}` ("none": phrased so that no gender is needed).

A name takes the case its sentence needs with `{to:@acc}` (gen, dat, acc, ins, loc, voc):
the form a config gives (`party.forms`) or, in Ukrainian, `declension.decline`'s; English
names stay as they are. A field given a list of names is told as a listing, each name in
that case (`для {eaters:@gen}`: "для Ірини й Остапа").
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from enum import StrEnum
from functools import cache
from typing import Any, Final

from nightsim.codes import Meal, Mood, NoFire, NoMeal, Purpose, RestReason, Table
from nightsim.narration.catalogue_en import EN
from nightsim.narration.catalogue_uk import UK
from nightsim.narration.declension import CASES, decline
from nightsim.narration.euphony import MARKERS, resolve
from nightsim.rules import told_numbers
from nightsim.told import guillemets

Entry = str | Mapping[str, str]
# name -> case -> form, as a config's `party.forms` gives them
Forms = Mapping[str, Mapping[str, str]]
CATALOGUES: dict[str, Mapping[str, Entry]] = {"en": EN, "uk": UK}
LANGS: tuple[str, ...] = tuple(CATALOGUES)
GENDERS: Final = ("he", "she", "they", "none")

PURPOSE_KEYS: Final[Mapping[Purpose, str]] = {
    Purpose.FIREWOOD: "roll.firewood",
    Purpose.LIGHT_FIRE: "roll.light the fire",
    Purpose.WIS_CHECK: "roll.WIS check",
    Purpose.CHA_CHECK: "roll.CHA check",
    Purpose.SAVE_DOOM: "roll.save vs Doom",
    Purpose.DOZE: "roll.falls asleep on watch",
    Purpose.DOZE_MINUTE: "roll.minute of dozing off",
    Purpose.MONSTER: "roll.wandering monster",
    Purpose.ARRIVAL_MINUTE: "roll.minute of arrival",
    Purpose.PARTY_SURPRISE: "roll.party surprise",
    Purpose.MONSTER_SURPRISE: "roll.monster surprise",
    Purpose.DISTANCE: "roll.distance x 30 ft",
    Purpose.CREATURE: "roll.creature",
    Purpose.CON_CHECK: "roll.CON check",
    Purpose.SPELL_FAILS: "roll.spell fails",
}
NO_FIRE_KEYS: Final[Mapping[NoFire, str]] = {
    NoFire.NO_FIRE_STARTER: "reason.no fire-starter",
    NoFire.NO_FIREWOOD: "reason.no firewood",
    NoFire.WOULD_NOT_CATCH: "reason.the fire would not catch",
    NoFire.DARK_CAMP: "reason.camped dark by choice",
    NoFire.NO_FIRE_STARTER_NOR_WOOD: "reason.no fire-starter nor wood",
}
NO_MEAL_KEYS: Final[Mapping[NoMeal, str]] = {
    NoMeal.NO_FIRE: "reason.no fire",
    NoMeal.NO_COOKWARE: "reason.no cookware",
    NoMeal.NO_INGREDIENTS: "reason.no ingredients",
}
MEAL_KEYS: Final[Mapping[Meal, str]] = {
    Meal.TASTY: "evening.meal_tasty",
    Meal.PLAIN: "evening.meal_plain",
    Meal.RUINED: "evening.meal_ruined",
}
MOOD_KEYS: Final[Mapping[Mood, str]] = {
    Mood.LIFTED: "evening.mood_lifted",
    Mood.FLAT: "evening.mood_flat",
    Mood.RIDICULED: "evening.mood_ridiculed",
}
TABLE_KEYS: Final[Mapping[Table, str]] = {
    Table.NIGHT_FIRE: "table.night_fire",
    Table.NIGHT_NO_FIRE: "table.night_no_fire",
}
# The morning table's verdict: one word per outcome, whatever the difficulty that led to it.
REST_KEYS: Final[Mapping[RestReason, str]] = {
    RestReason.SHORT_SLEEP: "rest.short",
    RestReason.QUICK_REST: "rest.quick",
    RestReason.QUICK_REST_BEDDING: "rest.quick",
    RestReason.EASY: "rest.easy",
    RestReason.IMPOSSIBLE: "rest.impossible",
    RestReason.MODERATE_PASSED: "rest.check_passed",
    RestReason.MODERATE_FAILED: "rest.check_failed",
    RestReason.HARD_PASSED: "rest.check_passed",
    RestReason.HARD_FAILED: "rest.check_failed",
}
# One table per enum, not one merged dict: StrEnum members hash as their values, so members
# of two enums that happened to share a value would collide.
CODE_KEYS: Final[Mapping[type[StrEnum], Mapping[Any, str]]] = {
    Purpose: PURPOSE_KEYS,
    NoFire: NO_FIRE_KEYS,
    NoMeal: NO_MEAL_KEYS,
    Meal: MEAL_KEYS,
    Mood: MOOD_KEYS,
    Table: TABLE_KEYS,
    RestReason: REST_KEYS,
}


def key_of(code: StrEnum) -> str:
    """The catalogue key of a log code, found by its member (a KeyError names a missing one)."""
    return CODE_KEYS[type(code)][code]


# CLDR's plural rules, exactly as Babel's locale data holds them (`localedata.load(lang)
# ["plural_form"].rules`; a test checks they still are). Babel parses and runs them: loading
# the locale's data for its rule alone unpickles the whole locale and imports babel.dates and
# babel.numbers with it (~9 ms for "en", ~12 ms for "uk"), where this takes ~3 ms, on every
# narrated night (each counts something).
CLDR_PLURALS: Final[dict[str, dict[str, str]]] = {
    "en": {"one": "i in 1 and v in 0"},
    "uk": {
        "few": "v in 0 and i mod 10 in 2..4 and i mod 100 not in 12..14",
        "many": "v in 0 and i mod 10 in 0 or v in 0 and i mod 10 in 5..9"
        " or v in 0 and i mod 100 in 11..14",
        "one": "v in 0 and i mod 10 in 1 and i mod 100 not in 11",
    },
}


@cache
def plural_rule(lang: str) -> Callable[[Decimal], str]:
    """CLDR's plural rule for a language: the number -> "one", "few", "many" or "other".

    Babel runs the CLDR rules (Ukrainian: 1, 21 ніч; 2-4, 22 ночі; 5-20, 11-14 ночей; 2,5
    ночі), so none is written by hand. Imported here, once per language, only when a count
    is first told: it keeps Babel off the CLI's import path.
    """
    from babel.plural import PluralRule

    rule: Callable[[Decimal], str] = PluralRule(CLDR_PLURALS[lang])
    return rule


_HOURS = frozenset({"hour", "hour_acc"})  # nouns whose fractions are told as hours and minutes


def _number(n: float | Decimal) -> Decimal:
    """A count as CLDR reads it: 3.0 is 3 (an integer, "3 години"), 2.5 keeps its fraction;
    a fraction is told to two places at most (61 minutes of wood: 1.02 hours, never
    1.0166666666666666)."""
    d = Decimal(str(n))
    if d != d.to_integral_value():
        d = d.quantize(Decimal("0.01"))
    return d.quantize(Decimal(1)) if d == d.to_integral_value() else d.normalize()


# The config keys whose values the catalogue words (`Catalogue.setting`).
_SETTING_TERMS = {"camp.season": "season", "camp.weather": "weather", "camp.terrain": "terrain"}


class Catalogue:
    """`t(key, **fields)` -> the text in one language."""

    def __init__(
        self,
        lang: str = "en",
        pronouns: Mapping[str, str] | None = None,
        forms: Forms | None = None,
        view: str = "referee",
    ) -> None:
        if lang not in CATALOGUES:
            raise ValueError(f"unknown language {lang!r}; expected one of: {', '.join(LANGS)}")
        self.lang = lang
        self.table = CATALOGUES[lang]
        self.pronouns: Mapping[str, str] = pronouns or {}
        self.forms: Forms = forms or {}
        # "players": a key with an `@players` form says its line without the hidden numbers
        # (nightsim/view.py); the referee's view is every key as written.
        self.view = view

    def with_pronouns(self, pronouns: Mapping[str, str], forms: Forms | None = None) -> Catalogue:
        """The same language, with the party's pronouns (name -> he/she/they) and the forms
        its config gives (name -> case -> form)."""
        return Catalogue(self.lang, pronouns, forms, self.view)

    def for_party(self, party: Sequence[Mapping[str, Any]]) -> Catalogue:
        """The same language with a config's party: its `pronouns` and `forms` (a log
        header's `config["party"]`, or `Config.canonical()`'s)."""
        pronouns = {c["name"]: c["pronouns"] for c in party if c.get("pronouns")}
        forms = {c["name"]: c["forms"] for c in party if c.get("forms")}
        return self.with_pronouns(pronouns, forms)

    def case(self, name: str, case: str) -> str:
        """`name` in `case`: the config's form, else (Ukrainian) the declension rules'."""
        given = self.forms.get(name, {}).get(case)
        if given:
            return given
        if self.lang == "uk":
            for known in CASES:
                if known == case:
                    return decline(name, known, self.pronouns.get(name))
        return name

    def __call__(self, key: str, **fields: Any) -> str:
        entry = self.table[key]
        if self.view == "players":
            entry = self.table.get(key + "@players", entry)
        if not isinstance(entry, str):
            entry = entry[self.pronouns.get(fields.get("actor", ""), "none")]
        return self.fill(entry, fields)

    def fill(self, text: str, fields: Mapping[str, Any]) -> str:
        """`text` with its fields: `{x}` formatted, `{x:#noun}` counted, euphony resolved."""
        out: list[str] = []
        euphony = False
        for literal, name, spec, conv in string.Formatter().parse(text):
            out.append(literal)
            if name is None:
                continue
            if name in MARKERS:
                out.append(MARKERS[name])
                euphony = True
                continue
            # `{rule.NAME}`: a rule's number, as rules.py has it now (rules.told_numbers).
            value = told_numbers()[name[5:]] if name.startswith("rule.") else fields[name]
            if self.lang == "uk" and isinstance(value, str):
                value = guillemets(value)  # a value as typed, in Ukrainian quotes (told.py)
            if conv:
                value = repr(value) if conv == "r" else str(value)
            if spec and spec.startswith("#"):
                out.append(self.count(spec[1:], value))
            elif spec and spec.startswith("@"):
                out.append(self._cased(value, spec[1:]))
            elif isinstance(value, tuple | list):
                out.append(self.listing(value))
            else:
                out.append(format(value, spec or ""))
        text = "".join(out)
        return resolve(text) if euphony else text

    def spellings(self, names: Iterable[str]) -> tuple[str, ...]:
        """Every form a line may give these names (to bold them wherever they stand)."""
        out = dict.fromkeys(names)
        for name in list(out):
            for case in CASES:
                out.setdefault(self.case(name, case))
        return tuple(out)

    def _cased(self, value: Any, case: str) -> str:
        """`{x:@case}`: a name, or each name of a list told as a listing, in `case`."""
        if isinstance(value, tuple | list):
            return self.listing([self.case(v, case) for v in value])
        return self.case(str(value), case)

    def form(self, noun: str, n: float | Decimal) -> str:
        """The counted noun's form for `n` (`n.night`, 21 -> "ніч")."""
        forms = self.table["n." + noun]
        assert not isinstance(forms, str), noun
        category = plural_rule(self.lang)(_number(n))
        return forms.get(category, forms["other"])

    def count(self, noun: str, n: float | Decimal) -> str:
        """`n` and its noun: "3 ночі", "1 night"; hours not whole are a duration, "1 год
        1 хв" / "1 h 1 min", never "1,02 години". Ukrainian joins the number to its noun by a
        no-break space (`fmt.unit_space`): a line never ends between them."""
        if noun in _HOURS and float(n) != int(float(n)):
            h, m = divmod(round(float(n) * 60), 60)
            if m:
                return self("fmt.duration", h=h, m=m) if h else self("fmt.duration_m", m=m)
            n = h
        number = str(_number(n)).replace(".", self("fmt.decimal"))
        return f"{number}{self('fmt.unit_space')}{self.form(noun, n)}"

    def code(self, code: StrEnum, **fields: Any) -> str:
        """The words for a log code (a `nightsim.codes` member), looked up by member."""
        return self(key_of(code), **fields)

    def term(self, kind: str, value: str) -> str:
        """A word from a closed set of the config (season, terrain, weather, difficulty);
        unknown values as given."""
        entry = self.table.get(f"{kind}.{value}", value)
        return entry if isinstance(entry, str) else value

    def month(self, month: str) -> str:
        """A month of the Dolmenwood calendar in the language's letters ("Reedwryme" /
        "Рідрайм"); a month the catalogue does not know, as given."""
        return self.term("month", month)

    def month_in_date(self, month: str) -> str:
        """The month after a day ("1 Reedwryme" / «1 Рідрайма»: Ukrainian's genitive, as
        «1 вересня»), the `month_date.*` entries; a month not in them, as `month` gives it."""
        entry = self.table.get(f"month_date.{month}")
        return entry if isinstance(entry, str) else self.month(month)

    def setting(self, key: str, value: str) -> str:
        """A value a sweep or a grid tries (`camp.season=winter,summer`), as a table in the
        language reads it: a season, weather or terrain in its words, a switch as yes or no
        («зима», «так»); English keeps what was typed (the option's own words)."""
        if self.lang == "en":
            return value
        if value in ("true", "false"):
            return self("word.yes" if value == "true" else "word.no")
        kind = _SETTING_TERMS.get(key)
        return value if kind is None else self.term(kind, value)

    def creature(self, name: str) -> str:
        """A creature of the bundled camps' encounter tables in the language's words ("a pack
        of wolves" / «зграя вовків»); a creature the referee named in their own config, as
        they named it (the log keeps the config's name either way)."""
        return self.term("creature", name)

    def spell(self, name: str) -> str:
        """A spell of the bundled camps in the language's words ("Sleep" / «Сон»); a spell
        the referee named in their own config, as they named it."""
        return self.term("spell", name)

    def names(self, names: Sequence[str]) -> str:
        """A list to read at a glance (the hour's sleepers): commas only."""
        return ", ".join(names) if names else self("word.nobody")

    def listing(self, items: Sequence[str]) -> str:
        """A list inside a sentence: "A, B and C" / "A, B і C" (і/й by its neighbours)."""
        if not items:
            return self("word.nobody")
        if len(items) == 1:
            return items[0]
        conj = self.table["word.and"]  # raw: its `{і}` is judged between the two names
        assert isinstance(conj, str)
        return self.fill(
            "{head}" + conj + "{last}", {"head": ", ".join(items[:-1]), "last": items[-1]}
        )

    def hm(self, minutes: int) -> str:
        """A duration: "6h40" / "6 год 40 хв"; whole hours and under an hour have words of
        their own ("3 год", "40 хв": a Ukrainian duration is never a clock face)."""
        h, m = divmod(minutes, 60)
        if h and m:
            return self("fmt.hm", h=h, m=m)
        return self("fmt.h", h=h) if h else self("fmt.m", m=m)

    def number(self, n: int) -> str:
        """A whole number as the language prints it: −1 with a true minus sign in Ukrainian."""
        return f"{self('fmt.minus')}{-n}" if n < 0 else str(n)
