"""Paired odds as text: `odds --compare` (and `whatif --nights`) and `odds --rank-rotas`.

Pure: a report dict (`compare.compare`, `rank.rank_report`, `rank.rank_many_report`) in,
rich renderables or plain lines out, in the catalogue's language. `table=True` gives rich
tables (a terminal); `table=False` one line per measure or rota, to read or grep when piped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from nightsim.measures import CHARACTER, CREATURE, PARTY, TABLE_KEYS, by_key
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.figures import number, percent


def nights_text(t: Catalogue, n: int) -> str:
    """ "10,000 nights" / "10 000 ночей": Ukrainian joins them by a no-break space, as
    `Catalogue.count` does (a line never ends between a number and its noun)."""
    return f"{number(t, n, 0)}{t('fmt.unit_space')}{t.form('night', n)}"


def points(t: Catalogue, d: float) -> str:
    """A difference of chances in percentage points, signed: "-8.6 points"."""
    value = round(d * 100, 1) + 0.0  # + 0.0 turns -0.0 into 0.0 (no "minus zero")
    sign = "+" if value > 0 else ""
    # Shown with one decimal ("1.0"): CLDR counts its visible fraction digit (v = 1), which
    # is the "other" form in English and Ukrainian alike ("1.0 points", "1,0 пункту").
    forms = t.table["n.point"]
    assert not isinstance(forms, str)
    return t("paired.points", value=sign + number(t, value), points=forms["other"])


def signed_points(t: Catalogue, x: float) -> str:
    """A bound or a difference in points, signed. A value that one decimal would show as
    0.0 is given to the first digit that is not 0 (up to 3 decimals), so a bound never
    hides which side of 0 it is on: "-1.3 to -0.04" is a clear difference, "-0.02 to +0.1"
    is not, as the verdict (computed from the interval, not the rounded bounds) says."""
    digits = 1
    while digits < 3 and x != 0 and round(x * 100, digits) == 0:
        digits += 1
    value = round(x * 100, digits) + 0.0  # + 0.0 turns -0.0 into 0.0 (no "minus zero")
    return ("+" if value > 0 else "") + number(t, value, digits)


def one_decimal_agrees(a: float, b: float, diff: float) -> bool:
    """Whether chances `a` and `b` shown with one decimal give `diff` as shown (in points,
    one decimal): where not, the chances are worded with two (docs/odds.md, "How the
    numbers are worded")."""
    return round(round(b * 100, 1) - round(a * 100, 1), 1) == round(diff * 100, 1)


def places(points: Iterable[Mapping[str, Any]]) -> int:
    """One decimal for a measure's chances, or two when some point's one-decimal chance and
    the first point's would not give the difference printed beside it (65.6% and 79.8%
    beside +14.1 points): docs/odds.md, "How the numbers are worded". A point is a sweep's
    value or a grid's cell: its `estimate` and its `vs_first` (None for the first); only a
    clear difference is printed as a number."""
    first: float | None = None
    for i, point in enumerate(points):
        vs, p = point["vs_first"], point["estimate"]["p"]
        if i == 0:
            first = p
            continue
        if vs is None or vs["diff"] is None or not vs["clear"] or p is None or first is None:
            continue
        if not one_decimal_agrees(first, p, vs["diff"]):
            return 2
    return 1


def sides(
    t: Catalogue, a: float | None, b: float | None, diff: float | None, width: int = 0
) -> tuple[str, str]:
    """A's and B's chances as shown beside their difference: with one decimal, or two when
    the one-decimal sides would not give the difference shown (14.7% → 15.1% beside
    +0.5 points reads as a slip; 14.66% → 15.14% does not); `width` pads each number."""
    places = 1
    if a is not None and b is not None and diff is not None and not one_decimal_agrees(a, b, diff):
        places = 2
    return percent(t, a, width, places), percent(t, b, width, places)


def interval(t: Catalogue, d: dict[str, Any]) -> str:
    """The 95% interval of a difference; none ("—") where there is nothing to estimate or
    the measure came out the same on every night (an interval around 0 would suggest it
    might have moved)."""
    if d["diff"] is None or d.get("identical"):
        return "\u2014"
    return t("paired.ci", low=signed_points(t, d["low"]), high=signed_points(t, d["high"]))


def verdict(t: Catalogue, d: dict[str, Any], nights: int) -> str:
    """The difference in points, or "no clear difference at N nights"; "(unpaired)" after
    a measure the two configs could not be paired on."""
    if d["diff"] is None:
        text = "\u2014"
    elif d.get("identical"):
        text = t("paired.identical")
    elif d["clear"]:
        text = points(t, d["diff"])
    else:
        text = t("paired.no_clear", nights=nights_text(t, nights))
    return text if d.get("paired", True) else f"{text} {t('paired.unpaired')}"


def measure_label(t: Catalogue, row: dict[str, Any]) -> str:
    """A row's measure in words: a party's as it is, a character's after the name, what
    comes (measures.TABLES) as the table or the creature (named as the config names it)."""
    if row["measure"] == CREATURE:
        return t("measure.comes.creature", creature=t.creature(row["creature"]))
    if row["measure"] in TABLE_KEYS:
        return t(f"measure.comes.{row['measure']}")
    if row["character"] is None:
        return t(by_key(PARTY, row["measure"]).label)
    words = t(by_key(CHARACTER, row["measure"]).label)
    return t("paired.character", name=row["character"], measure=words)


# --- odds --compare ---------------------------------------------------------------------


def compare_title(t: Catalogue, r: dict[str, Any]) -> str:
    """The comparison's title: what made B, against A, over how many nights."""
    return _title(t, r)


def same_config(t: Catalogue, r: dict[str, Any]) -> list[str]:
    """The line that says B is A (its changes changed nothing), or none."""
    return [t("paired.same_config")] if r.get("same_config") else []


def _title(t: Catalogue, r: dict[str, Any]) -> str:
    nights = nights_text(t, r["nights"])
    if r["nights_per_journey"] > 1:
        nights = t("paired.journeys", nights=nights, per=r["nights_per_journey"])
    changes = ", ".join(r["changes"]) or "B"
    return t("paired.title", changes=changes, nights=nights, seed=r["seed"])


def compare_lines(r: dict[str, Any], lang: str = "en") -> list[str]:
    """One line per measure: "surprised: 31.0% → 22.4%, -8.6 points, 95% CI -9.4 to -7.8"."""
    t = Catalogue(lang)
    out = [_title(t, r), *same_config(t, r)]
    for row in r["measures"]:
        a, b = sides(t, row["a"]["p"], row["b"]["p"], row["diff"])
        fields = {"measure": measure_label(t, row), "a": a, "b": b}
        diff = verdict(t, row, r["nights"])
        if row.get("identical"):
            out.append(t("paired.line_same", **fields, diff=diff))
        else:
            out.append(t("paired.line", **fields, diff=diff, ci=interval(t, row)))
    out += _footer(t, r)
    return out


def _footer(t: Catalogue, r: dict[str, Any]) -> list[str]:
    out = [t("paired.note")]
    best = _saves(r)
    # Pairing that saves no night says nothing worth a sentence ("200 nights for an
    # interval as wide as 200 nights'"): left out.
    if best is not None and best["unpaired_nights"] > r["nights"]:
        out.append(
            t(
                "paired.saves",
                measure=measure_label(t, best),
                unpaired=nights_text(t, best["unpaired_nights"]),
                nights=nights_text(t, r["nights"]),
            )
        )
    return out


def _saves(r: dict[str, Any]) -> dict[str, Any] | None:
    from nightsim.stats.two_configs import pairing_saves

    return pairing_saves(r)


def compare_table(r: dict[str, Any], lang: str = "en") -> RenderableType:
    """The same as `compare_lines`, as a rich table and its notes."""
    t = Catalogue(lang)
    table = Table(title=_title(t, r))
    table.add_column(t("paired.col_measure"))
    table.add_column(t("paired.col_ab"), justify="right", no_wrap=True)
    table.add_column(t("paired.col_diff"), justify="right")
    table.add_column(t("paired.col_ci"), justify="right")
    table.add_column(t("paired.col_unpaired"), justify="right")
    for row in r["measures"]:
        unpaired = row["unpaired_nights"]
        a, b = sides(t, row["a"]["p"], row["b"]["p"], row["diff"])
        table.add_row(
            measure_label(t, row),
            f"{a} \u2192 {b}",
            Text(verdict(t, row, r["nights"]), style="bold" if row["clear"] else "dim"),
            interval(t, row),
            "\u2014" if unpaired is None else nights_text(t, unpaired),
        )
    notes = [*same_config(t, r), *_footer(t, r)]
    return Group(table, *(Text(line) for line in notes))


def render_compare(r: dict[str, Any], lang: str = "en", *, table: bool = True) -> RenderableType:
    """`odds --compare`'s text, and `whatif --nights N`'s: a table at a terminal, lines
    otherwise."""
    if table:
        return compare_table(r, lang)
    return Text("\n".join(compare_lines(r, lang)))
