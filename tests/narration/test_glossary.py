# ruff: noqa: RUF001  (Cyrillic letters are the point of this file)
"""One word per game term: docs/glossary.md's table ("One word per game term") names, for each
term, the English and Ukrainian words every printed line uses and the variants no line may say.
This test reads that table and holds both catalogues and the page templates to it, so the
glossary is the one place a term's word is chosen (a reviewer changes it there, and the test
names every line that still says the old word)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from nightsim.cli.help_words import table as help_table
from nightsim.narration.catalogue_en import EN
from nightsim.narration.catalogue_uk import UK

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
TEMPLATES = [
    *sorted((ROOT / "nightsim" / "page" / "templates").glob("*.j2")),
    *sorted((ROOT / "nightsim" / "serve" / "templates").glob("*.j2")),
]
SECTION = "## One word per game term"
HEADER = [
    "Term",
    "English",
    "Українською",
    "What it means",
    "Never in Ukrainian",
    "Never in English",
]


@dataclass(frozen=True)
class Term:
    name: str
    english: list[str]  # the forms the English lines say (any one must appear)
    ukrainian: list[str]  # the «…» forms the Ukrainian lines say (any one must appear)
    never_uk: list[re.Pattern[str]]
    never_en: list[re.Pattern[str]]


def _cells(row: str) -> list[str]:
    """A markdown table row's cells; `\\|` inside a cell is a pipe, not a border."""
    parts = re.split(r"(?<!\\)\|", row.strip().strip("|"))
    return [p.strip().replace("\\|", "|") for p in parts]


def _patterns(cell: str) -> list[re.Pattern[str]]:
    return [re.compile(p, re.IGNORECASE | re.MULTILINE) for p in re.findall(r"`([^`]+)`", cell)]


def terms() -> list[Term]:
    text = GLOSSARY.read_text(encoding="utf-8")
    assert SECTION in text, f"{GLOSSARY}: no section {SECTION!r}"
    rows = [r for r in text.split(SECTION, 1)[1].splitlines() if r.startswith("|")]
    assert _cells(rows[0]) == HEADER, _cells(rows[0])
    found = []
    for row in rows[2:]:
        name, english, ukrainian, meaning, never_uk, never_en = _cells(row)
        uk_forms = re.findall(r"«([^»]+)»", ukrainian)
        assert name and meaning and uk_forms, f"glossary row without its words: {row}"
        found.append(
            Term(
                name=name,
                english=[e.strip() for e in english.split(",")],
                ukrainian=uk_forms,
                never_uk=_patterns(never_uk),
                never_en=_patterns(never_en),
            )
        )
    return found


def _lines(table: dict[str, str | dict[str, str]]) -> Iterator[tuple[str, str]]:
    """(key, text) of every catalogue line, each form of a gendered one; a "\\n" (where a
    narrow column or heading breaks the words) is the space it stands for."""
    for key, entry in table.items():
        for text in [entry] if isinstance(entry, str) else entry.values():
            yield key, text.replace("\n", " ")


def _template_words(path: Path) -> str:
    """A template's own words: what is left outside `{{ }}`, `{% %}` and tags."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", " ", text, flags=re.DOTALL)
    return re.sub(r"<[^>]*>", " ", text)


TERMS = terms()


def test_the_glossary_names_the_terms_of_the_source() -> None:
    names = {t.name for t in TERMS}
    wanted = {
        "watch", "watcher", "rota", "dozing on watch", "surprise", "full rest", "quick option",
        "exhaustion", "exhaustion level", "save vs Doom", "HP", "max HP", "spell preparation",
        "rest difficulty", "easy", "moderate", "hard", "impossible", "encounter chance",
        "wandering monster", "fire", "firewood", "bedroll", "tent", "chain head",
        "seed commitment", "config fingerprint", "edition", "dice", "players' view",
        "journey", "campaign",
    }  # fmt: skip
    assert wanted <= names, sorted(wanted - names)
    assert len(names) == len(TERMS), "a term listed twice"


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t.name)
def test_no_line_says_a_forbidden_variant(term: Term) -> None:
    said = [
        (lang, key, m[0])
        for lang, table, patterns in (("uk", UK, term.never_uk), ("en", EN, term.never_en))
        for key, text in _lines(table)
        for pattern in patterns
        if (m := pattern.search(text))
    ]
    said += [
        ("uk --help", english[:40], m[0])  # --help --lang uk's texts (cli/help_words.py)
        for english, text in help_table().items()
        for pattern in term.never_uk
        if (m := pattern.search(text.replace("\n", " ")))
    ]
    starter = (ROOT / "nightsim" / "data" / "starter.uk.toml").read_text(encoding="utf-8")
    said += [
        ("starter.uk.toml", "", m[0])  # `init --lang uk`'s comments
        for pattern in term.never_uk
        if (m := pattern.search(starter))
    ]
    said += [
        (path.name, "", m[0])
        for path in TEMPLATES
        for pattern in (*term.never_uk, *term.never_en)
        if (m := pattern.search(_template_words(path)))
    ]
    assert not said, f"{term.name}: say {term.ukrainian[0]!r} / {term.english[0]!r}: {said}"


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t.name)
def test_each_term_is_said_in_its_word(term: Term) -> None:
    # A no-break space (as in «в.\u00a0п.») is a space to the reader.
    uk = "\n".join(text for _, text in _lines(UK)).replace("\u00a0", " ").casefold()
    en = "\n".join(text for _, text in _lines(EN)).replace("\u00a0", " ").casefold()
    assert any(f.casefold() in uk for f in term.ukrainian), (term.name, term.ukrainian)
    assert any(e.casefold() in en for e in term.english), (term.name, term.english)


def test_a_forbidden_variant_is_caught() -> None:
    """The check itself can fail: a line with the old word for surprise is named."""
    surprise = next(t for t in TERMS if t.name == "surprise")
    assert any(p.search("був заскочений зненацька") for p in surprise.never_uk)
    save = next(t for t in TERMS if t.name == "save vs Doom")
    assert any(p.search("Загибель") for p in save.never_uk)
    assert not any(p.search("рятувальний кидок проти Загибелі") for p in save.never_uk)
    assert not any(p.search("РК Загибелі") for p in save.never_uk)
