"""The morning: who rested, HP and exhaustion, spells, and what dawn reveals (facts only)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from nightsim.codes import RestReason
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import MorningFacts, RestRow
from nightsim.narration.widgets import (
    Field,
    Responsive,
    check_text,
    emphasise,
    fits,
    fits_wrapped,
    min_words,
    plain_table,
    roll_text,
    rolls_text,
    signed,
    stacked,
)


def verdict(r: RestRow, t: Catalogue, narrow: bool) -> Text:
    if narrow and r.check is not None:
        faces = "+".join(str(f) for f in r.check.faces)
        verdict = f"[{faces}]{signed(r.check.mod)}={r.check.total}"
    elif narrow and r.verdict is RestReason.SHORT_SLEEP:
        verdict = t("rest.short_abbr")
    else:
        verdict = t.code(r.verdict)
    mark = "\u2713 " if r.full_rest else "\u2717 "
    return Text(mark + verdict, style="green" if r.full_rest else "red")


def hp_exhaustion(r: RestRow) -> tuple[str, str]:
    """HP and exhaustion: "7 → 8", "1 → 0" (or the one value if it did not change)."""
    # No-break spaces: "7 → 8" is one value, never split at a narrow terminal's line end.
    hp = f"{r.hp[0]}\u00a0\u2192\u00a0{r.hp[1]}" if r.hp else "?"
    exh = (
        f"{r.exhaustion_before}\u00a0\u2192\u00a0{r.exhaustion}"
        if r.exhaustion_before is not None
        else str(r.exhaustion)
    )
    return hp, exh


def _cells(r: RestRow, t: Catalogue, narrow: bool) -> list[str | Text]:
    cells: list[str | Text] = [
        r.actor,
        t.hm(r.slept_minutes),
        t.term("difficulty", r.difficulty),
    ]
    if not narrow:
        cells.append(roll_text(r.check, t, purpose=False) if r.check else "\u2014")
    return [*cells, verdict(r, t, narrow), *hp_exhaustion(r)]


def _stacked(rows: Sequence[RestRow], t: Catalogue) -> RenderableType:
    blocks = []
    for r in rows:
        hp, exh = hp_exhaustion(r)
        night = t.term("difficulty", r.difficulty)
        lines: list[list[Field]] = [
            [(t("col.slept"), t.hm(r.slept_minutes)), (t("col.difficulty"), night)]
        ]
        if r.check is not None:
            lines.append([(t("col.check"), roll_text(r.check, t, purpose=False))])
        lines.append([(t("col.rest"), verdict(r, t, narrow=False))])
        # A stacked block has room for the whole word ("Виснаження", not the table's "Висн.").
        lines.append([(t("col.hp"), hp), (t("col.exhaustion_path"), exh)])
        blocks.append((r.actor, lines))
    return stacked(blocks)


def _headings(t: Catalogue, narrow: bool) -> list[str]:
    return [
        t("col.character"),
        t("col.slept"),
        t("col.difficulty"),
        *([] if narrow else [t("col.check")]),
        t("abbr.rest") if narrow else t("col.rest"),
        t("col.hp"),
        t("abbr.exhaustion") if narrow else t("col.exhaustion"),
    ]


def _table(rows: Sequence[RestRow], t: Catalogue, width: int) -> RenderableType:
    """The widest layout that cuts nothing a referee needs (names, HP, targets): every
    column whole; then without the check column, the headings abbreviated and a name
    wrapping between its words; else a block per character."""
    wide: list[Sequence[object]] = [_headings(t, False), *(_cells(r, t, False) for r in rows)]
    if fits(wide, width):
        return _build(rows, t, narrow=False)
    narrow: list[Sequence[object]] = [_headings(t, True), *(_cells(r, t, True) for r in rows)]
    if fits_wrapped(narrow, width, [True] + [False] * (len(narrow[0]) - 1)):
        return _build(rows, t, narrow=True)
    return _stacked(rows, t)


def _build(rows: Sequence[RestRow], t: Catalogue, *, narrow: bool) -> RenderableType:
    tab = plain_table()
    words = min_words([t("col.character"), *(r.actor for r in rows)]) if narrow else None
    tab.add_column(t("col.character"), style="bold", no_wrap=not narrow, min_width=words)
    tab.add_column(t("col.slept"), justify="right", no_wrap=True)
    tab.add_column(t("col.difficulty"), no_wrap=True)
    if not narrow:
        tab.add_column(t("col.check"), no_wrap=True)
    tab.add_column(t("abbr.rest") if narrow else t("col.rest"), no_wrap=True)
    tab.add_column(t("col.hp"), justify="right", no_wrap=True)
    tab.add_column(
        t("abbr.exhaustion") if narrow else t("col.exhaustion"), justify="right", no_wrap=True
    )
    for r in rows:
        tab.add_row(*_cells(r, t, narrow))
    return tab


def spells_line(r: RestRow, t: Catalogue, names: Sequence[str]) -> Text:
    text = Text(t("morning.spells", actor=r.actor) + " ")
    for i, s in enumerate(r.spells):
        if i:
            text.append(", ")
        mark = "\u2713 " if s.prepared else "\u2717 "
        text.append(mark + t.spell(s.name), style="green" if s.prepared else "bold red")
        if s.roll is not None:
            roll = roll_text(s.roll, t, purpose=False, target=False)
            text.append(" (" + roll + ")", style="dim")
    if r.spell_risk is not None:
        text.append("  " + t("morning.spell_risk_" + r.spell_risk), style="dim")
    return emphasise(text, names)


def dawn_notes(m: MorningFacts, t: Catalogue) -> list[Text]:
    """What dawn tells: held watches' rolls, the fire, the rota, the unanswered check, and
    what an exhaustion level means when someone has one."""
    notes = [
        Text(t("morning.watch_held", actor=h.actor, roll=rolls_text(h.rolls, t))) for h in m.held
    ]
    if m.fire is not None:
        notes.append(Text(t("morning.fire_" + m.fire, clock=m.fire_out_at)))
    if m.rota_broken_at:
        notes.append(Text(t("morning.rota_broken", clock=m.rota_broken_at), style="red"))
    if m.no_encounter:
        notes.append(Text(t("morning.no_encounter", roll=check_text(m.check, t))))
    if any(r.exhaustion for r in m.rows):  # what a level means (docs/rules.md §6.1)
        notes.append(Text(t("morning.exhaustion"), style="dim"))
    return notes


def render(m: MorningFacts, names: Sequence[str], t: Catalogue) -> RenderableType:
    title = t("morning.title", night=m.night, clock=m.clock)
    return Group(
        Text(title, style="bold underline"),
        Group(
            Responsive(lambda width: _table(m.rows, t, width)),
            *(spells_line(r, t, names) for r in m.rows if r.spells),
            *dawn_notes(m, t),
        ),
    )
