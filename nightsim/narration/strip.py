"""The timeline strip: one row per character across the rest period, one cell per few minutes.

It draws the `sleep.Track` of the night's facts (who was in which state when, derived once,
`sleep.py`); the page's timeline draws the same track.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size
from rich.console import Group, RenderableType
from rich.text import Text

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.sleep import ASLEEP, AWAKE, DOZING, STATES, WATCH, Track
from nightsim.narration.widgets import Responsive

# When a cell holds two states equally long, the rarer, more telling one wins.
_PRIORITY = {DOZING: 3, AWAKE: 2, WATCH: 1, ASLEEP: 0}
SYMBOL = {ASLEEP: "\u00b7", WATCH: "\u2588", AWAKE: "\u25cb", DOZING: "z"}
STYLE = {ASLEEP: "dim", WATCH: "yellow", AWAKE: "bold magenta", DOZING: "bold red"}
FIRE, MONSTER = "\u25b2", "!"
CELL_CHOICES = (5, 10, 15, 20, 30, 60)


def cell_minutes(track_: Track, width: int, label: int) -> int:
    """The finest cell that fits the width beside a name column `label` wide."""
    room = max(8, width - label - 1)
    for c in CELL_CHOICES:
        if -(-track_.minutes // c) <= room:
            return c
    return CELL_CHOICES[-1]


def _cell_state(states: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for s in states:
        counts[s] = counts.get(s, 0) + 1
    return max(counts, key=lambda s: (counts[s], _PRIORITY[s]))


def _ruler(track_: Track, cell: int, cells: int) -> str:
    """Hour labels over the cells: HH:MM where an hour has room for it, else HH; where an
    hour is too narrow for its label and a blank, every second (third…) hour is labelled,
    so that labels never run together ("21 23 01", not "212223")."""
    hh, mm = (int(x) for x in track_.first_hour.split(":"))
    per_hour = max(1, 60 // cell)
    label_len = 5 if per_hour >= 6 else 2
    step = per_hour * -(-(label_len + 1) // per_hour)
    chars = [" "] * cells
    for k in range(0, cells, step):
        m = (hh * 60 + mm + k * cell) % (24 * 60)
        label = f"{m // 60:02d}:{m % 60:02d}" if label_len == 5 else f"{m // 60:02d}"
        for j, ch in enumerate(label):
            if k + j < cells:
                chars[k + j] = ch
    return "".join(chars).rstrip()


def _fit(text: str, width: int) -> str:
    """`text` cut or padded to `width` terminal cells (an emoji or a CJK letter takes two)."""
    return set_cell_size(text, width)


# The fewest cells a row may have beside its name: the rest period in 30-minute cells.
_SIDE_CELL = 30


def render(track_: Track, width: int, t: Catalogue) -> RenderableType:
    # The label column holds the names and the rows' own labels (fire, and the monster's
    # row when one came) whole: no name is cut. When the names leave too little room beside
    # them, each row's label goes on a line of its own above its cells.
    labels = [t("strip.fire"), *(n for n, _ in track_.rows)]
    if track_.arrival is not None:
        labels.append(t("strip.monster"))
    longest = max(cell_len(x) for x in labels)
    beside = width - longest - 1 >= -(-track_.minutes // _SIDE_CELL)
    label = longest if beside else 0
    cell = cell_minutes(track_, width if beside else width + 1, label)
    cells = -(-track_.minutes // cell)
    lines: list[Text] = []
    pad = " " * (label + 1) if beside else ""
    lines.append(Text(pad + _ruler(track_, cell, cells), style="dim"))

    def row(name: str, style: str = "") -> Text:
        if beside:
            return Text(_fit(name, label) + " ", style=style)
        lines.append(Text(name, style=style or "bold"))
        return Text()

    for name, states in track_.rows:
        line = row(name)
        for k in range(cells):
            s = _cell_state(states[k * cell : (k + 1) * cell])
            line.append(SYMBOL[s], style=STYLE[s])
        lines.append(line)
    fire = row(t("strip.fire"), "dim")
    for k in range(cells):
        part = track_.fire[k * cell : (k + 1) * cell]
        burning = sum(part) * 2 >= len(part)
        fire.append(FIRE if burning else " ", style="red" if burning else "")
    lines.append(fire)
    if track_.arrival is not None:
        k = min(cells - 1, track_.arrival // cell)
        mark = row(t("strip.monster"), "dim")
        mark.append(" " * k)
        mark.append(MONSTER, style="bold red")
        lines.append(mark)
    items = [f"{SYMBOL[s]} {t('strip.' + s)}" for s in STATES]
    items.append(f"{FIRE} {t('strip.fire_burning')}")
    if track_.arrival is not None:
        items.append(f"{MONSTER} {t('strip.arrival')}")
    items.append(t("strip.cell", minutes=cell))
    # Packed by hand so that no legend item is split across two lines.
    legend: list[str] = []
    for item in items:
        if legend and len(legend[-1]) + 2 + len(item) <= width:
            legend[-1] += "  " + item
        else:
            legend.append(item)
    lines.extend(Text(line, style="dim") for line in legend)
    return Group(*lines)


def section(track_: Track, t: Catalogue) -> RenderableType:
    """The strip under its title, drawn at the width the console offers."""
    return Group(
        Text(t("strip.title"), style="bold underline"),
        Responsive(lambda width: render(track_, width, t)),
    )
