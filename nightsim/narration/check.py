"""`nightsim check` at the table: a Checkup (nightsim.config.checkup) as rich renderables. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from nightsim import rules
from nightsim.codes import Table
from nightsim.config.checkup import CharacterInfo, Checkup, Warning
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.widgets import (
    STACK,
    Field,
    Responsive,
    bedding,
    emphasise,
    fits,
    fits_wrapped,
    min_words,
    plain_table,
    signed,
    stacked,
)


def _percent(p: Fraction, t: Catalogue) -> str:
    """A whole percentage as the language writes it: "19%" / "19 %" (a no-break space)."""
    return t("fmt.percent", value=round(100 * p))


def warning_text(w: Warning, t: Catalogue) -> str:
    f: dict[str, Any] = dict(w.fields)
    if w.key == "warn.short_sleep":
        f["watch"], f["sleep"] = t.hm(f["watch"]), t.hm(f["sleep"])
    elif w.key == "warn.cook_no_gear":
        f["what"] = t.listing([t("warn." + x) for x in f["what"]])
    elif w.key == "warn.impossible":
        f["season"] = t.term("season", f["season"])
        f["bedding"] = bedding(f["bedroll"], f["tent"], t)
    elif w.key == "warn.no_table":
        f["table"] = t.code(Table(f["table"]))
    elif w.key in ("warn.caster_woken", "warn.caster_middle"):
        f["spells"] = ", ".join(map(t.spell, f["spells"]))
    elif w.key in ("warn.fire_never_warms", "warn.fire_rarely_warms"):
        _warmth_fields(f, t)
    return t(w.key, **f)


def _warmth_fields(f: dict[str, Any], t: Catalogue) -> None:
    for k in ("most", "need", "warmth"):
        f[k] = t.hm(round(f[k] * 60))
    f["chance"] = _percent(f["chance"], t)
    who = [
        t("warn.colder_one", actor=name, cold=_percent(cold, t), warm=_percent(warm, t))
        for name, warm, cold in f.pop("colder")
    ]
    f["colder"] = t("warn.colder", who="; ".join(who)) if who else ""


def _fire(ck: Checkup, t: Catalogue) -> str:
    if not ck.light_fire:
        return t("check.fire_dark")
    starter = t("word.yes") if ck.fire_starter else t("word.no")
    if not ck.fire_adverse:
        return t("check.fire_normal", starter=starter)
    return t("check.fire", chance=ck.fire_chance, starter=starter)


def _facts(ck: Checkup, t: Catalogue) -> list[str]:
    season = t.term("season", ck.season)
    return [
        t("check.encounter_terrain", chance=ck.chance, terrain=t.term("terrain", ck.terrain))
        if ck.terrain
        else t("check.encounter_given", chance=ck.chance),
        t("check.season_month", season=season, month=t.month(ck.month))
        if ck.month
        else t("check.season_given", season=season),
        t(
            "check.firewood",
            mod=signed(ck.firewood_modifier) or "0",
            source=t.term("weather", ck.weather) if ck.weather else "firewood_modifier",
            gatherers=ck.gatherers,
            carried=ck.carried_hours,
        ),
        *(
            [
                t(
                    "check.weather_by_night",
                    weathers=", ".join(t.term("weather", w) for w in ck.weather_by_night),
                )
            ]
            if ck.weather_by_night
            else []
        ),
        _fire(ck, t),
        t(
            "check.rest",
            start=ck.rest_start,
            end=ck.rest_end,
            hours=ck.rest_hours,
            warmth=ck.fire_warmth_hours,
        ),
        *(
            [t("check.sleep_in", minutes=ck.sleep_in_minutes, end=ck.sleep_in_end)]
            if ck.sleep_in_minutes
            else []
        ),
        # docs/rules.md §3.2: the source offers dozing as an optional rule; say so.
        t("check.dozing_on") if ck.dozing_rule else t("check.dozing_off"),
        *_quick(ck, t),
    ]


def _quick(ck: Checkup, t: Catalogue) -> list[str]:
    """The quick option's line (docs/rules.md §5.4), and in edition 3 what an impossible
    night does to it: adverse, the full procedure."""
    names = t.listing(list(ck.quick_spoiled_cold))
    if ck.quick_rest == "impossible":
        return [t("check.quick_impossible", names=names)]
    lines = [t(f"check.quick_{ck.quick_rest}")] if ck.quick_rest in _QUICK else []
    if ck.quick_spoiled_cold:
        lines.append(t("check.quick_spoiled_cold", names=names))
    return lines


# Checkup.quick_rest values the check tells (docs/rules.md §5.4, the party's decision).
_QUICK = ("taken", "adverse", "gear")


def _rota(ck: Checkup, t: Catalogue, width: int) -> RenderableType:
    """The rota as a table when it fits with every word whole (the watcher's name wrapping
    between words), else a block per shift."""
    heads = [
        t("check.col_shift"),
        t("check.col_from"),
        t("check.col_to"),
        t("check.col_watcher"),
        t("check.col_doze"),
    ]
    rows: list[list[str | Text]] = [
        [str(s.number), s.start, s.end, s.name, _doze(s.doze_die, t)] for s in ck.shifts
    ]
    if ck.unwatched_from:
        rows.append(["", ck.unwatched_from, ck.rest_end, Text(t("check.unwatched_row"), "red"), ""])
    if not fits_wrapped([heads, *rows], width, [False, False, False, True, False]):
        return stacked(
            [
                (f"{r[0]}. {r[3]}" if r[0] else str(r[3]), [[(f"{r[1]}\u2013{r[2]}", r[4])]])
                for r in rows
            ]
        )
    tab = plain_table()
    tab.add_column(heads[0], justify="right")
    tab.add_column(heads[1])
    tab.add_column(heads[2])
    tab.add_column(heads[3], style="bold", min_width=min_words([heads[3], *(r[3] for r in rows)]))
    tab.add_column(heads[4], justify="right")
    for row in rows:
        tab.add_row(*row)
    return tab


def _doze(die: int | None, t: Catalogue) -> str:
    return t("fmt.chance", x=1, n=die) if die else t("check.doze_off")


def _sleep(c: CharacterInfo, t: Catalogue) -> Text:
    short = c.sleep_max_minutes < rules.MIN_SLEEP_MINUTES
    return Text(t.hm(c.sleep_max_minutes), style="red" if short else "")


def _odds(c: CharacterInfo, t: Catalogue) -> list[str]:
    return [
        t("check.odds", difficulty=t.term("difficulty", d), percent=_percent(p, t))
        for d, p in ((c.difficulty_fire, c.odds_fire), (c.difficulty_no_fire, c.odds_no_fire))
    ]


def _member(c: CharacterInfo, t: Catalogue) -> list[str | Text]:
    mark = "* " if c.spells and c.interrupted else ""
    spells = Text(
        mark + (", ".join(map(t.spell, c.spells)) or "\u2014"), style="red" if mark else ""
    )
    return [c.name, str(c.con), bedding(c.bedroll, c.tent, t), _sleep(c, t), *_odds(c, t), spells]


def _stacked(ck: Checkup, t: Catalogue) -> RenderableType:
    blocks = []
    for c in ck.characters:
        fire, no_fire = _odds(c, t)
        lines: list[list[Field]] = [
            [(t("abbr.con"), str(c.con)), (t("col.bedding"), bedding(c.bedroll, c.tent, t))],
            [(t("check.col_sleep"), _sleep(c, t))],
            [(t("check.col_fire"), fire), (t("check.col_no_fire"), no_fire)],
        ]
        if c.spells:
            mark = "* " if c.interrupted else ""
            spells = Text(mark + ", ".join(map(t.spell, c.spells)), style="red" if mark else "")
            lines.append([(t("col.spells"), spells)])
        blocks.append((c.name, lines))
    return stacked(blocks)


def _fits(ck: Checkup, t: Catalogue, width: int) -> bool:
    """The wide party table's columns but its spells (they wrap) fit the width whole."""
    headings = [
        t("col.character"),
        t("abbr.con"),
        t("col.bedding"),
        t("check.col_sleep"),
        t("check.col_fire"),
        t("check.col_no_fire"),
    ]
    rows: list[Sequence[object]] = [headings]
    rows += [_member(c, t)[:-1] for c in ck.characters]
    return fits(rows, width, wrapping=cell_len(t("col.spells")))


def _party(ck: Checkup, t: Catalogue, width: int) -> RenderableType:
    # Stacked rather than narrow where the wide table does not fit: a narrow table would drop
    # the spells, and with them the `*` that the odds' note and the warnings point at.
    if width < STACK or not _fits(ck, t, width):
        return _stacked(ck, t)
    tab = plain_table()
    tab.add_column(t("col.character"), style="bold", no_wrap=True)
    tab.add_column(t("abbr.con"), justify="right", no_wrap=True)
    tab.add_column(t("col.bedding"), no_wrap=True)
    tab.add_column(t("check.col_sleep"), justify="right", no_wrap=True)
    tab.add_column(t("check.col_fire"), no_wrap=True)
    tab.add_column(t("check.col_no_fire"), no_wrap=True)
    tab.add_column(t("col.spells"))
    for c in ck.characters:
        tab.add_row(*_member(c, t))
    return tab


def _fingerprint(sha: str, t: Catalogue) -> list[Text]:
    if not sha:
        return []
    # The hash on a line of its own, whole, to copy; the label wraps, never the hash.
    return [
        Text(t("check.fingerprint"), style="bold"),
        Text(sha, no_wrap=True, overflow="ignore"),
        Text(t("check.fingerprint_use"), style="dim"),
    ]


def render_checkup(
    ck: Checkup,
    path: str,
    *,
    lang: str = "en",
    party: Sequence[Mapping[str, Any]] = (),
    names_warned: bool = False,
    fingerprint: str = "",
) -> RenderableType:
    """`party`: the config's party as data (`Config.canonical()["party"]`), for the names'
    pronouns and forms (a warning tells a name in the case its sentence needs).
    `names_warned`: look-alike names are warned about on stderr (they name code points, as
    errors do): the panel points there rather than say there is no warning.
    `fingerprint`: the config's SHA-256 (`config.fingerprint`), shown under the panel."""
    t = Catalogue(lang).for_party(party)
    names = t.spellings(c.name for c in ck.characters)
    # The `*` is explained only under a table that shows one (_member, _stacked).
    starred = any(c.spells and c.interrupted for c in ck.characters)
    notes = [t("check.odds_note"), *([t("check.odds_star")] if starred else [])]
    warnings: list[RenderableType] = [
        emphasise(Text("\u26a0 " + warning_text(w, t), style="yellow"), names) for w in ck.warnings
    ]
    if names_warned:
        warnings.append(Text("\u26a0 " + t("check.names_warned"), style="yellow"))
    warnings = warnings or [Text(t("check.no_warnings"), style="green")]
    return Group(
        Panel(
            Group(*(emphasise(Text(f), names) for f in _facts(ck, t))),
            title=Text(t("check.title", path=path), style="bold"),
            title_align="left",
            box=box.ROUNDED,
        ),
        *_fingerprint(fingerprint, t),
        Text(""),
        Text(t("check.rota_title"), style="bold underline"),
        Responsive(lambda width: _rota(ck, t, width)),
        Text(""),
        Text(t("check.party_title"), style="bold underline"),
        Responsive(lambda width: _party(ck, t, width)),
        *(Text(n, style="dim") for n in notes),
        Text(""),
        Text(t("check.warnings_title"), style="bold underline"),
        *warnings,
    )
