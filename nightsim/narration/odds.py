"""`nightsim odds` as text: the party's chances, each character's, when and how far the
monster comes, and a journey's full rests night by night, in the catalogue's language.

Pure: the report `odds --format json` prints in, rich tables out. Names stay as the config
gives them, in the nominative: each is a row's label or a column's heading, never inside a
sentence, so no language needs its case.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table

from nightsim.measures import CHARACTER, CREATURE, PARTY, TABLE_KEYS, shown_characters
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.figures import count, percent, span, with_span
from nightsim.narration.paired import nights_text

# A bar of the histograms: 40 cells for all the encounters.
BAR = 40


def _title(t: Catalogue, r: dict[str, Any]) -> str:
    journeys = ""
    if r["nights_per_journey"] > 1:
        journeys = t("odds.journeys", journeys=count(t, r["journeys"]), per=r["nights_per_journey"])
    return t("odds.title", nights=nights_text(t, r["nights"]), journeys=journeys, seed=r["seed"])


def _interval(t: Catalogue, est: dict[str, Any]) -> str:
    return t("odds.no_cases") if est["p"] is None else span(t, est["low"], est["high"])


def _estimate(t: Catalogue, est: dict[str, Any]) -> str:
    """A chance with its interval in brackets, or "—" with no cases."""
    return "\u2014" if est["p"] is None else with_span(t, est["p"], est["low"], est["high"])


def _party(t: Catalogue, r: dict[str, Any]) -> Table:
    pr = r["probabilities"]
    table = Table(title=_title(t, r))
    table.add_column("", no_wrap=True)
    table.add_column(t("odds.col_chance"), justify="right")
    table.add_column(t("odds.col_interval"), justify="right")
    for m in PARTY:
        # A yes/no given another's nights reads as a line under it.
        label = ("  " if m.conditional else "") + t(m.label)
        table.add_row(label, percent(t, pr[m.key]["p"], 5), _interval(t, pr[m.key]))
    return table


def _characters(t: Catalogue, r: dict[str, Any]) -> Table:
    pr = r["probabilities"]
    shown = shown_characters(r["nights_per_journey"] > 1, bool(pr["spell_lost"]))
    table = Table(title=t("odds.characters_title"))
    table.add_column(t("odds.col_character"), no_wrap=True)
    # Cells may wrap at the space between the chance and its interval: at 80 columns (piped
    # output) no_wrap cut the intervals to "26.6% (23.4-…".
    for m in shown:
        table.add_column(t(m.label), justify="right")
    for name in pr[CHARACTER[0].key]:
        cells = []
        for m in shown:
            est = pr[m.key].get(name)
            shown_est = None if est is None else (est["p"], est["low"], est["high"])
            cells.append("\u2014" if shown_est is None else with_span(t, *shown_est))
        table.add_row(name, *cells)
    return table


def comes_rows(t: Catalogue, comes: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """What comes (measures.TABLES), as labelled estimates: each table's share of the
    nights, then each creature's chance a night, named as the config names it."""
    rows = [(t(f"measure.comes.{key}"), comes[key]) for key in TABLE_KEYS]
    for name, est in comes[CREATURE].items():
        rows.append(("  " + t("measure.comes.creature", creature=t.creature(name)), est))
    return rows


def comes_table(t: Catalogue, comes: dict[str, Any]) -> Table:
    """What comes: the chance a night of each table and each creature, with intervals
    (`odds`'s probabilities, or `--rank-rotas`'s `comes`); a config without tables says so."""
    table = Table(title=t("odds.comes_title"))
    # A creature's name may be long (a referee's, or a Ukrainian one): it wraps, and the
    # numbers never do.
    table.add_column("")
    table.add_column(t("odds.col_chance"), justify="right", no_wrap=True)
    table.add_column(t("odds.col_interval"), justify="right", no_wrap=True)
    for label, est in comes_rows(t, comes):
        table.add_row(label, percent(t, est["p"], 5), _interval(t, est))
    if not comes[CREATURE]:
        table.caption = t("odds.comes_no_table")
    return table


def _histogram(t: Catalogue, title: str, label: str, counts: dict[str, int], total: int) -> Table:
    """Nights per value, their share of the encounters, and a bar."""
    table = Table(title=title)
    table.add_column(label, justify="right")
    table.add_column(t("odds.col_nights"), justify="right")
    table.add_column(t("odds.col_share"), justify="right")
    table.add_column("")
    for value, n in counts.items():
        table.add_row(value, count(t, n), percent(t, n / total), "\u2588" * round(n / total * BAR))
    return table


def _by_night(t: Catalogue, r: dict[str, Any]) -> Table:
    table = Table(title=t("odds.by_night_title"))
    table.add_column(t("odds.col_night"), justify="right")
    for name in r["probabilities"]["full_rest"]:
        table.add_column(name, justify="right")
    for row in r["by_night_of_journey"]:
        # Each with its 95% interval, as every other chance of the report.
        cells = (_estimate(t, e) for e in row["full_rest"].values())
        table.add_row(str(row["night"]), *cells)
    return table


def render_odds(r: dict[str, Any], lang: str = "en") -> list[Table]:
    """The tables of plain `odds`, in order: the party, the characters, when the monster
    comes and how far away (when one came), and a journey's full rests by night."""
    t = Catalogue(lang)
    out = [_party(t, r), _characters(t, r), comes_table(t, r["probabilities"])]
    total = sum(r["arrival_hour"].values())
    if total:
        out.append(
            _histogram(t, t("odds.arrival_title"), t("odds.col_hour"), r["arrival_hour"], total)
        )
        out.append(
            _histogram(t, t("odds.distance_title"), t("odds.col_feet"), r["distance_ft"], total)
        )
    if "by_night_of_journey" in r:
        out.append(_by_night(t, r))
    return out
