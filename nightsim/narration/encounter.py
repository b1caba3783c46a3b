"""The encounter panel, told right after the hour the monster came in (reads facts only)."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from nightsim.narration.catalogue import Catalogue
from nightsim.narration.facts import EncounterFacts
from nightsim.narration.widgets import check_text, emphasise, roll_text


def _watch(e: EncounterFacts, t: Catalogue) -> str:
    if not e.watch_of:
        return t("enc.unwatched_hour")
    if e.unwoken:  # the hour's line says nobody is on watch: so does the box
        return t("enc.watch_of_unwoken", actor=e.watch_of)
    key = "enc.watch_of" if e.watcher_awake else "enc.watch_of_asleep"
    return t(key, actor=e.watch_of)


def encounter_lines(e: EncounterFacts, t: Catalogue) -> list[str]:
    table = t.code(e.table)
    lines = [t("enc.check", roll=check_text(e.check, t))] if e.check else []
    lines.append(_watch(e, t))
    lines.append(
        t("enc.creature", creature=t.creature(e.creature), table=table)
        if e.creature
        else t("enc.roll_table", table=table)
    )
    dist = roll_text(e.distance, t, purpose=False) if e.distance else ""
    lines.append(t("enc.distance", ft=e.distance_ft, roll=dist))
    if e.awake:  # the verb agrees with how many are awake (Ukrainian: one, or several)
        key = "enc.awake_one" if len(e.awake) == 1 else "enc.awake"
        lines.append(t(key, names=t.names(e.awake)))
    else:
        lines.append(t("enc.nobody_awake"))
    lines.append(t("enc.surprised", names=t.names(e.surprised)))
    if e.party_roll is not None:
        # The party's roll decides for those awake only (docs/rules.md §4): name them, so that
        # "awake" beside "surprised" has its reason.
        key = "enc.party_surprised" if e.party_surprised else "enc.party_not_surprised"
        if len(e.awake) == 1:  # "the one awake", not "those awake (Moss)"
            key += "_one"
        roll = roll_text(e.party_roll, t, purpose=False)
        lines.append(t(key, roll=roll, names=t.names(e.awake)))
    key = "enc.monster_surprised" if e.monster_surprised else "enc.monster_not_surprised"
    monster = roll_text(e.monster_roll, t, purpose=False) if e.monster_roll else ""
    lines.append(t(key, roll=monster))
    return lines


def render(
    e: EncounterFacts, names: Sequence[str], t: Catalogue, *, night: int | None = None
) -> Panel:
    """The encounter's panel; `night`: its title names the night (a campaign's)."""
    body = Table.grid(padding=(0, 1))
    body.add_column(no_wrap=True)
    body.add_column()
    for line in encounter_lines(e, t):
        body.add_row("\u2022", emphasise(Text(line), names))
    return Panel(
        body,
        title=Text(
            t("enc.title", clock=e.clock)
            if night is None
            else t("enc.title_night", night=night, clock=e.clock),
            style="bold red",
        ),
        title_align="left",
        border_style="red",
        box=box.HEAVY,
    )
