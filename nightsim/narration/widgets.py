"""Small rich helpers shared by the narration: width-aware renderables, rolls and lines.

`Responsive` picks its layout when it is rendered, from the width the console offers, so the
narration stays a pure function of the events (no console is needed to build it) while a
60-column terminal still gets a layout that fits (degrade gracefully: docs/table.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from nightsim.codes import Purpose
from nightsim.events import Roll, Target
from nightsim.narration.catalogue import Catalogue

# Below this width the tables drop their less important columns.
NARROW = 80
# Below this width a table no longer fits its names whole ("Sir / Aldr…"): it stacks, one
# block per character, each field as "label: value" (40 columns read cleanly: docs/table.md).
STACK = 60

# One field of a stacked block: its label (a column heading) and its value.
Field = tuple[str, str | Text]


class Responsive:
    """A renderable built at render time from the available width."""

    def __init__(self, build: Callable[[int], RenderableType]) -> None:
        self.build = build

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.build(options.max_width)


def emphasise(text: Text, names: Iterable[str]) -> Text:
    """Bold every character's name in a line (names are data, never rich markup)."""
    text.highlight_words(sorted(set(names), key=len, reverse=True), style="bold")
    return text


def signed(n: int) -> str:
    """A modifier as the source prints it: +1, \u22122 (a true minus sign), 0 as nothing."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"\u2212{-n}"
    return ""


def fits(rows: Sequence[Sequence[object]], width: int, wrapping: int = 0) -> bool:
    """Whether a `plain_table` of these rows (the headings first) fits `width` with no cell
    cut: each column as wide as its widest cell, two columns apart (the padding and the
    box's blank divider), and `wrapping` columns more for a last column, not in `rows`, that
    may wrap (its heading's width). A Ukrainian heading or duration is longer than the
    English ("6 год 40 хв"): a table that does not fit falls back to its narrower layout
    rather than cut "Персо…"."""
    widths = [max(cell_len(str(c)) for c in col) for col in zip(*rows, strict=True)]
    extra = 2 + wrapping if wrapping else 0
    return sum(widths) + 2 * (len(widths) - 1) + extra <= width


def longest_word(text: object) -> int:
    """The cells of `text`'s longest word: the narrowest a wrapping column can be without
    cutting it."""
    return max((cell_len(w) for w in str(text).split()), default=0)


def min_words(cells: Iterable[object]) -> int:
    """A wrapping column's `min_width`: its longest word, so that rich, squeezing a table,
    wraps it between words rather than cut one."""
    return max((longest_word(c) for c in cells), default=1)


def fits_wrapped(rows: Sequence[Sequence[object]], width: int, wraps: Sequence[bool]) -> bool:
    """Whether a `plain_table` of these rows (the headings first) fits `width` with no word
    cut when the columns marked in `wraps` wrap between words: such a column needs its
    longest word, any other its widest cell."""
    cols = list(zip(*rows, strict=True))
    widths = [
        max((longest_word(c) if wrap else cell_len(str(c))) for c in col)
        for col, wrap in zip(cols, wraps, strict=True)
    ]
    return sum(widths) + 2 * (len(widths) - 1) <= width


def plain_table() -> Table:
    """The narration's one table style: a rule under the heading, no frame, one space apart
    (it reads the same in plain text as at a terminal)."""
    return Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0), show_edge=False)


def bedding(bedroll: bool, tent: bool, t: Catalogue) -> str:
    """`bedroll + tent`, `tent`, or no bedding (the header's and `check`'s party tables)."""
    parts = [t("header.bedroll")] if bedroll else []
    if tent:
        parts.append(t("header.tent"))
    return " + ".join(parts) if parts else t("header.no_bedding")


# --- rolls ------------------------------------------------------------------------------------


_OPS = {">=": "\u2265", "<=": "\u2264", "==": ""}


def _target(target: Target) -> str:
    return f"{_OPS[target.op]}{target.value}"


_ON_KEYS = {Purpose.DOZE: "roll.on_doze", Purpose.SPELL_FAILS: "roll.on_spell"}
# A surprise roll as a referee says it: "surprised on 1-2" (docs/rules.md §4), not "≤2".
_UP_TO_KEYS = {
    Purpose.PARTY_SURPRISE: "roll.surprised_on",
    Purpose.MONSTER_SURPRISE: "roll.surprised_on",
}


def _target_words(r: Roll, target: Target, t: Catalogue) -> str:
    up_to = _UP_TO_KEYS.get(r.purpose) if r.purpose and target.op == "<=" else None
    if up_to is not None:
        faces = "1" if target.value == 1 else f"1\u2013{target.value}"
        return t(up_to, faces=faces)
    # A bare number is the face a chance roll hits: its words say what that face means
    # ("засинає на 1", not a bare "на 1").
    on = _ON_KEYS.get(r.purpose, "roll.on") if r.purpose else "roll.on"
    key = on if target.op == "==" else "roll.vs"
    return t(key, target=_target(target))


def roll_text(r: Roll, t: Catalogue, *, purpose: bool = True, target: bool = True) -> str:
    """`WIS check 1d6 [3]+1 = 4 vs ≥4`: the die, its faces, the modifier, total and target."""
    faces = "+".join(str(f) for f in r.faces)
    body = f"{r.dice} [{faces}]"
    if r.mod:
        body += f"{signed(r.mod)} = {t.number(r.total)}"
    if r.target and target:
        body += _target_words(r, r.target, t)
    if purpose and r.purpose:
        return f"{t.code(r.purpose)} {body}"
    return body


def rolls_text(rolls: Sequence[Roll], t: Catalogue) -> str:
    return "; ".join(roll_text(r, t) for r in rolls)


def check_text(rolls: Sequence[Roll], t: Catalogue) -> str:
    """The monster check's die without its label (the sentence names it), then the minute."""
    if not rolls:
        return ""
    first, *rest = rolls
    return "; ".join([roll_text(first, t, purpose=False), *(roll_text(r, t) for r in rest)])


# --- lines ------------------------------------------------------------------------------------


def line(text: str, rolls: Sequence[Roll], t: Catalogue, names: Iterable[str]) -> Text:
    """A sentence with the names in bold (in whatever case it gives them) and its rolls, dim,
    after it."""
    out = emphasise(Text(text), t.spellings(names))
    if rolls:
        out.append("  (" + rolls_text(rolls, t) + ")", style="dim")
    return out


def styled(text: Text, style: str) -> Text:
    text.stylize(style)
    return text


def timed(rows: Sequence[tuple[str, Text]]) -> Table:
    """Lines by the clock: the time in a column of its own."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    for clock, text in rows:
        grid.add_row(clock, text)
    return grid


def indented(body: RenderableType) -> Padding:
    return Padding(body, (0, 0, 0, 2), expand=False)


def stacked(blocks: Sequence[tuple[str, Sequence[Sequence[Field]]]]) -> Group:
    """A narrow terminal's table: per character, the name in bold, then its fields, a few to
    a line ("HP: 7 → 8 · Висн.: 0"); a line too long wraps between words, never cuts one."""
    parts: list[RenderableType] = []
    for name, lines in blocks:
        parts.append(Text(name, style="bold"))
        for fields in lines:
            line = Text()
            for label, value in fields:
                if line:
                    line.append(" \u00b7 ", style="dim")
                line.append(label + ": ", style="dim")
                line.append(value)
            if line:
                parts.append(indented(line))
    return Group(*parts)


def plain_text(console: Console, body: RenderableType, *, crop: bool = True) -> str:
    """`body` as `console` renders it, without the blanks rich pads each line with to the
    width: plain narration (piped, or `narrate()`) is for diffs, `grep` and files.
    `crop=False`: a line wider than the console is kept whole (a hash, night.py)."""
    with console.capture() as cap:
        console.print(body, crop=crop)
    return "\n".join(line.rstrip() for line in cap.get().split("\n"))
