"""What the page of `odds --format html` shows, from the report `odds --format json` prints.

In the language the odds' text is told in (`--lang`): the measures are `measures`' tables,
and every word of the page, the template's headings too, the catalogue's (`oddspage.*`). The
same report gives the same page: every value comes from the report in its own order (the
party as configured, the rotas best first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nightsim.measures import CHARACTER, PARTY, ROTA, Measure, by_key, shown_characters
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.figures import count
from nightsim.narration.paired import nights_text
from nightsim.narration.produced import produced_by
from nightsim.narration.rank import (
    AWAKE,
    against_best,
    digits,
    kept_lines,
    nothing_to_rank,
    rank_nights,
    tied_share_text,
)
from nightsim.page import chart


def label(m: Measure[Any], t: Catalogue) -> str:
    """A measure's words on the page: the catalogue's, on one line."""
    return t(m.label).replace("\n", " ")


# The template's fixed words, by the name it reads them under (`page.words`).
WORDS = (
    "party",
    "col_chance",
    "characters",
    "col_character",
    "arrivals",
    "arrivals_label",
    "no_monster",
    "scatter",
    "scatter_note",
    "scatter_label",
    "axis_x",
    "axis_y",
    "rotas",
    "col_rota",
    "comes",
    "whisker_note",
    "hist_axis_x",
    "hist_axis_y",
    "by_night",
    "col_night",
)


def words(t: Catalogue) -> dict[str, str]:
    return {name: t(f"oddspage.{name}") for name in WORDS}


@dataclass(frozen=True)
class OddsRow:
    label: str
    cells: tuple[chart.Interval, ...]
    kind: str = ""  # a rota's: "best", "tied" (with the best on safety) or "other"
    # A rota's paired verdict on safety, as the text's "against the best" column has it.
    verdict: str = ""


@dataclass(frozen=True)
class OddsPage:
    lang: str
    words: dict[str, str]
    footer: str
    title: str
    summary: str
    party: tuple[OddsRow, ...]
    heads: tuple[str, ...]
    characters: tuple[OddsRow, ...]
    arrivals: chart.Histogram | None
    rank_heads: tuple[str, ...]
    rotas: tuple[OddsRow, ...]
    scatter: chart.Scatter | None
    config_sha256: str
    legend: tuple[tuple[str, str], ...] = ()  # (kind, its words)
    rank_vs_head: str = ""  # the rotas' verdict column, on safety
    camp: str = ""  # which camp: terrain, season, weather, party, watch
    comes: tuple[OddsRow, ...] = ()  # what comes (measures.TABLES): tables, creatures
    comes_note: str = ""
    by_night_heads: tuple[str, ...] = ()  # a journey's full rests by night: the characters
    by_night: tuple[OddsRow, ...] = ()


def by_night(t: Catalogue, r: Mapping[str, Any]) -> dict[str, Any]:
    """A journey's full rests by night of the journey, per character, with intervals (the
    text's table); nothing for single nights."""
    rows = r.get("by_night_of_journey")
    if not rows:
        return {}
    names = tuple(rows[0]["full_rest"])
    night = t("odds.col_night")
    return {
        "by_night_heads": names,
        "by_night": tuple(
            OddsRow(
                str(row["night"]),
                tuple(
                    chart.interval(f"{night} {row['night']}, {name}", row["full_rest"][name], t)
                    for name in names
                ),
            )
            for row in rows
        ),
    }


def comes(t: Catalogue, est: Mapping[str, Any] | None) -> dict[str, Any]:
    """What comes, as the page's rows (`narration.odds.comes_rows`) and its note: a config
    without tables says so, a ranking whose rotas differ in it says its figures are the
    best rota's."""
    from nightsim.narration.odds import comes_rows

    if est is None:
        return {}
    rows = tuple(
        OddsRow(lbl.strip(), (chart.interval(lbl.strip(), e, t),))
        for lbl, e in comes_rows(t, dict(est))
    )
    note = "" if est["creature"] else t("odds.comes_no_table")
    return {"comes": rows, "comes_note": note}


def rest_start(config: Mapping[str, Any]) -> int:
    """The rest period's clock in minutes, as the report's config resolves it (the config
    says when camp is made and how long preparation and the evening take)."""
    from nightsim.config import config_from_data

    cfg = config_from_data(dict(config))
    return cfg.camp.camp_minute + cfg.rest_start


def _seed(r: Mapping[str, Any]) -> str:
    return repr(r["seed"]) if isinstance(r["seed"], str) else str(r["seed"])


def _frame(t: Catalogue, r: Mapping[str, Any]) -> dict[str, Any]:
    """What every odds page has: its language, fixed words and footer."""
    footer = t("oddspage.footer", sha=r["config_sha256"][:12])
    if "produced_by" in r:  # what produced the report, as its text's last line says it
        footer = f"{produced_by(t, r['produced_by'])} {footer}"
    return {"lang": t.lang, "words": words(t), "footer": footer}


def camp_line(r: Mapping[str, Any], t: Catalogue, *, watch: bool = True) -> str:
    """Which camp the page describes: terrain, season, weather, the party and (but for a
    ranking of rotas) its watch, from the report's resolved config."""
    if "config" not in r:
        return ""
    from nightsim.config import config_from_data

    cfg = config_from_data(dict(r["config"]))
    camp = cfg.camp
    where = t.term("terrain", camp.terrain) if camp.terrain else t("oddspage.camp_hex")
    weather = t.term("weather", camp.weather) if camp.weather else t("oddspage.camp_wood")
    party = ", ".join(c.name for c in cfg.party)
    key = "oddspage.camp" if watch else "oddspage.camp_party"
    rota = " \u2192 ".join(dict.fromkeys(s.name for s in cfg.shift_slots())) or t("word.nobody")
    season = t.term("season", camp.resolved_season)
    return t(key, where=where, season=season, weather=weather, party=party, rota=rota)


def odds_page(r: Mapping[str, Any], lang: str = "en") -> OddsPage:
    t = Catalogue(lang)
    pr = r["probabilities"]
    journeys = r.get("nights_per_journey", 1) > 1
    shown = shown_characters(journeys, bool(pr["spell_lost"]))
    characters = tuple(
        OddsRow(
            name,
            tuple(chart.interval(f"{name}, {label(m, t)}", pr[m.key].get(name), t) for m in shown),
        )
        for name in pr[CHARACTER[0].key]
    )
    per = ""
    if journeys:
        per = t("odds.journeys", journeys=count(t, r["journeys"]), per=r["nights_per_journey"])
    bins = r.get("arrival_10min")
    return OddsPage(
        **_frame(t, r),
        title=t("odds.title", nights=nights_text(t, r["nights"]), journeys=per, seed=_seed(r)),
        summary=t("oddspage.summary", chance=r["encounter_chance"], hours=r["rest_hours"]),
        party=tuple(
            OddsRow(label(m, t), (chart.interval(label(m, t), pr[m.key], t),)) for m in PARTY
        ),
        heads=tuple(label(m, t) for m in shown),
        characters=characters,
        arrivals=chart.arrivals(bins, rest_start(r["config"]), t) if bins else None,
        rank_heads=(),
        rotas=(),
        scatter=None,
        config_sha256=r["config_sha256"],
        camp=camp_line(r, t),
        **comes(t, pr),
        **by_night(t, r),
    )


def rank_page(r: Mapping[str, Any], lang: str = "en") -> OddsPage:
    t = Catalogue(lang)
    # Two decimals for a measure where the text gives them (narration/rank.py, `digits`).
    places = {m.key: digits(r, m.key) if m.against_best else 1 for m in ROTA}
    rows = tuple(
        OddsRow(
            f"#{row['rank']} {', '.join(row['rota'])}",
            tuple(
                chart.interval(f"#{row['rank']}, {label(m, t)}", row[m.key], t, places[m.key])
                for m in ROTA
            ),
            chart._kind(row),
            against_best(t, row, AWAKE),
        )
        for row in r["top"]
    )
    return OddsPage(
        **_frame(t, r),
        title=t(
            "oddspage.rank_title",
            top=len(r["top"]),
            rotas=count(t, r["rotas"]),
            nights=rank_nights(t, r),
            seed=_seed(r),
        ),
        summary=" ".join([t("oddspage.rank_summary"), *_kept(t, r), _ties(t, r)]),
        party=(),
        heads=(),
        characters=(),
        arrivals=None,
        rank_heads=tuple(label(m, t) for m in ROTA),
        rotas=rows,
        scatter=chart.rotas(r["top"], t),
        config_sha256=r["config_sha256"],
        # Only the kinds the rows have: no "tied with the best" where none is.
        legend=tuple(
            (k, t(f"oddspage.legend_{k}"))
            for k in ("best", "tied", "other")
            if any(row.kind == k for row in rows)
        ),
        rank_vs_head=t("oddspage.col_vs", measure=label(by_key(ROTA, AWAKE), t)),
        camp=camp_line(r, t, watch=False),
        **comes(t, r.get("comes")),
    )


def _kept(t: Catalogue, r: Mapping[str, Any]) -> list[str]:
    """What the ranking was held to, as the text says it (narration/rank.py)."""
    return kept_lines(t, r)


def _ties(t: Catalogue, r: Mapping[str, Any]) -> str:
    """Which rotas tie with the best on safety (their paired interval, as computed, holds
    0), by rank, the best included as `tied_with_best` counts them; the verdict the text's
    ranking gives too."""
    nothing = nothing_to_rank(t, r, r["nights"])
    if nothing is not None:
        return nothing
    tied = [f"#{row['rank']}" for row in r["top"] if row["tied_with_best"]]
    if r["tied_with_best"] <= 1:  # the best alone
        return t("rank.none_tied", nights=nights_text(t, r["nights"]))
    listed = t("oddspage.tied_list", ranks=", ".join(tied), count=count(t, r["tied_with_best"]))
    if r["tied_with_best"] >= r["rotas"]:
        return listed  # every rota tied: none other to tell them apart from
    return f"{listed} {tied_share_text(t, r.get('tied_share'))}"
