"""`odds --rank-rotas` as text: each rota against the best, ties, and the trade-off across K.

Pure: a report (`rank.rank_report` or `rank.rank_many_report`) in, rich renderables out;
`table=False` gives one line per rota (piped output).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from nightsim.measures import ROTA, by_key
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.figures import bound, percent
from nightsim.narration.paired import nights_text, one_decimal_agrees, signed_points

# The ranking's measures (`measures.ROTA`), in its order: someone awake, full rests, spells
# kept; the table tells the first two against the best.
AWAKE, REST, SPELLS = (m.key for m in ROTA if m.ranked)


def _label(t: Catalogue, key: str) -> str:
    return t(by_key(ROTA, key).label)


def _both(t: Catalogue, est: dict[str, Any], places: int = 1) -> str:
    if est["p"] is None:
        return "\u2014"
    low, high = (bound(t, est[k]) for k in ("low", "high"))
    return t("fmt.p_range", p=percent(t, est["p"], digits=places), low=low, high=high)


def digits(part: Mapping[str, Any], key: str) -> int:
    """A measure's chances with one decimal, or two when some rota's one-decimal chance and
    the best's would not give the difference shown beside it (84.0% and 85.2% beside -1.3
    points): docs/odds.md, "How the numbers are worded", as `--compare` words its sides."""
    best = next((row[key]["p"] for row in part["top"] if row["vs_best"] is None), None)
    for row in part["top"]:
        vs, p = row["vs_best"], row[key]["p"]
        if vs is None or best is None or p is None:
            continue
        d = vs[key]
        if d["diff"] is not None and d["clear"] and not one_decimal_agrees(best, p, d["diff"]):
            return 2
    return 1


def against_best(t: Catalogue, row: dict[str, Any], key: str, best: str = "rank.best") -> str:
    """Against the best: "best", "tied (-1.2 to +0.8)", "-3.4 (-4.1 to -2.7)" points, or
    "the same on every night".
    `best`: the word for the best rota itself, which in a line follows a measure, not the
    rota (Ukrainian agrees it with its noun)."""
    # A line says its unit (Ukrainian: «в. п.»); a table's column heading says it once.
    span_key = "rank.span" if best == "rank.best" else "rank.span_line"
    vs = row["vs_best"]
    if vs is None:
        return t(best)
    d = vs[key]
    if d["diff"] is None:
        return "\u2014"
    if d.get("identical"):  # no interval to tell: the measure was the same on every night
        return t("paired.identical")
    low, high = signed_points(t, d["low"]), signed_points(t, d["high"])
    if not d["clear"]:
        return f"{t('rank.tied')} ({t(span_key, low=low, high=high)})"
    if span_key == "rank.span_line":  # the unit with the difference, as --compare says it
        return (
            f"{t('diff.d', d=signed_points(t, d['diff']))} ({t('rank.span', low=low, high=high)})"
        )
    return f"{signed_points(t, d['diff'])} ({t(span_key, low=low, high=high)})"


def _ranking_table(t: Catalogue, part: dict[str, Any]) -> Table:
    k = part.get("watchers")
    top, rotas = len(part["top"]), part["rotas"]
    title = (
        t("rank.title_k", watchers=k, top=top, rotas=rotas)
        if isinstance(k, int)
        else t("rank.title_configured", top=top, rotas=rotas)
    )
    table = Table(title=title)
    table.add_column("#", justify="right")
    table.add_column(t("rank.col_rota"))
    table.add_column(_label(t, AWAKE), justify="right")
    table.add_column(t("rank.col_vs"), justify="right")
    table.add_column(_label(t, REST), justify="right", no_wrap=True)
    table.add_column(t("rank.col_vs"), justify="right")
    table.add_column(_label(t, SPELLS), justify="right", no_wrap=True)
    awake, rest = digits(part, AWAKE), digits(part, REST)
    for row in part["top"]:
        table.add_row(
            str(row["rank"]),
            ", ".join(row["rota"]),
            _both(t, row[AWAKE], awake),
            against_best(t, row, AWAKE),
            percent(t, row[REST]["p"], digits=rest),
            against_best(t, row, REST),
            percent(t, row[SPELLS]["p"]),
        )
    return table


def _ranking_lines(t: Catalogue, part: dict[str, Any]) -> list[str]:
    awake, rest = digits(part, AWAKE), digits(part, REST)
    return [
        t(
            "rank.line",
            rank=row["rank"],
            rota=", ".join(row["rota"]),
            awake=_both(t, row[AWAKE], awake),
            awake_vs=against_best(t, row, AWAKE, "rank.best_line"),
            rest=percent(t, row[REST]["p"], digits=rest),
            rest_vs=against_best(t, row, REST, "rank.best_line"),
            spells=percent(t, row[SPELLS]["p"]),
        )
        for row in part["top"]
    ]


def nothing_to_rank(t: Catalogue, part: Mapping[str, Any], nights: int) -> str | None:
    """Said instead of the ties where safety cannot tell the rotas apart: one rota only, or
    no monster on any night (the rotas then stand in order of full rests)."""
    if part["rotas"] <= 1:
        return t("rank.one_rota")
    if all(row[AWAKE]["p"] is None for row in part["top"]):
        return t("rank.no_monster", nights=nights_text(t, nights))
    return None


def _ties(t: Catalogue, part: dict[str, Any], nights: int) -> str:
    nothing = nothing_to_rank(t, part, nights)
    if nothing is not None:
        return nothing
    if part["tied_with_best"] <= 1:  # the best alone (it ties with itself)
        return t("rank.none_tied", nights=nights_text(t, nights))
    ties = t(
        "rank.ties",
        tied=part["tied_with_best"],
        rotas=part["rotas"],
        nights=nights_text(t, nights),
    )
    if part["tied_with_best"] >= part["rotas"]:
        return ties  # every rota tied: there is no other rota to tell them apart from
    return f"{ties} {tied_share_text(t, part.get('tied_share'))}"


def tied_share_text(t: Catalogue, share: dict[str, Any] | None) -> str:
    """What the tied rotas have in common that not every rota has (stats/rank.py)."""
    what = [
        t("rank.share_place", name=p["name"], watch=p["watch"])
        for p in (share or {}).get("places", [])
    ]
    if share and share.get("watchers"):
        what.append(t("rank.share_watchers", names=", ".join(share["watchers"])))
    return t("rank.tied_share", what="; ".join(what)) if what else t("rank.share_none")


def _trade(t: Catalogue, rows: list[dict[str, Any]], table: bool) -> list[RenderableType]:
    if not table:
        return [
            Text(
                t(
                    "rank.trade_line",
                    watchers=r["watchers"],
                    rota=", ".join(r["rota"]),
                    awake=percent(t, r[AWAKE]["p"]),
                    rest=percent(t, r[REST]["p"]),
                )
            )
            for r in rows
        ]
    out = Table(title=t("rank.trade_title"))
    out.add_column(t("rank.col_watchers"), justify="right")
    out.add_column(t("rank.col_rota"))
    out.add_column(_label(t, AWAKE), justify="right")
    out.add_column(_label(t, REST), justify="right")
    for r in rows:
        out.add_row(
            str(r["watchers"]),
            ", ".join(r["rota"]),
            _both(t, r[AWAKE]),
            _both(t, r[REST]),
        )
    return [out]


def _comes(t: Catalogue, part: dict[str, Any], table: bool) -> list[RenderableType]:
    """What comes on the ranking's nights (the best rota's, and said so when the rotas
    differ in it), as `odds` tells it."""
    from nightsim.narration.odds import comes_rows, comes_table

    if part.get("comes") is None:
        return []
    out: list[RenderableType] = []
    if table:
        out.append(comes_table(t, part["comes"]))
    else:
        out.append(Text(t("odds.comes_title")))
        for label, est in comes_rows(t, part["comes"]):
            span = "\u2014" if est["p"] is None else _both(t, est)
            out.append(Text(f"{label.strip()}: {span}"))
    if not part["comes_same"]:
        out.append(Text(t("rank.comes_differ")))
    return out


def within_text(t: Catalogue, pinned: list[dict[str, Any]], excluded: list[str]) -> str:
    """The --pin and --exclude the ranking kept: "Only the rotas with Wren on watch 1 and
    without Moss"."""
    what = [t("rank.share_place", name=p["name"], watch=p["watch"]) for p in pinned]
    if excluded:
        what.append(t("rank.without", names=", ".join(excluded)))
    return t("rank.within", what="; ".join(what))


def kept_lines(t: Catalogue, r: Mapping[str, Any]) -> list[str]:
    """What the ranking was held to: the --pin and --exclude it kept, the --shifts lengths."""
    out = []
    if r.get("pinned") or r.get("excluded"):
        out.append(within_text(t, r.get("pinned", []), r.get("excluded", [])))
    if r.get("shift_hours"):
        hours = ", ".join(f"{h:g}".replace(".", t("fmt.decimal")) for h in r["shift_hours"])
        out.append(t("rank.shift_hours", hours=hours))
    return out


def rank_nights(t: Catalogue, r: Mapping[str, Any]) -> str:
    """A ranking's nights for its title, with its journeys' length as `--compare` says it."""
    nights = nights_text(t, r["nights"])
    if r.get("nights_per_journey", 1) > 1:
        nights = t("paired.journeys", nights=nights, per=r["nights_per_journey"])
    return nights


def render_rank(r: dict[str, Any], lang: str = "en", *, table: bool = True) -> RenderableType:
    """One ranking (or one per K, then the trade-off across K), with the ties told."""
    t = Catalogue(lang)
    parts = r.get("rankings", [r])
    out: list[RenderableType] = [Text(t("rank.title", nights=rank_nights(t, r), seed=r["seed"]))]
    out += [Text(line) for line in kept_lines(t, r)]
    for part in parts:
        if table:
            out.append(_ranking_table(t, part))
        else:
            title = _ranking_table(t, part).title
            out.append(Text(str(title)))
            out += [Text(line) for line in _ranking_lines(t, part)]
        out.append(Text(_ties(t, part, r["nights"])))
        out += _comes(t, part, table)
    if "trade_off" in r:
        if table:
            out += _trade(t, r["trade_off"], table)
        else:
            out += [Text(t("rank.trade_title")), *_trade(t, r["trade_off"], table)]
    out.append(Text(t("rank.note")))
    return Group(*out)
