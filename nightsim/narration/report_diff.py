"""`odds diff` in words: each side's run, then each measure of both with B - A and its
interval, unpaired (nightsim/stats/report_diff.py computes it; docs/odds.md, "Two saved
reports"). The numbers and labels are `--compare`'s own (narration/paired.py)."""

from __future__ import annotations

from typing import Any

from nightsim.limits import shown
from nightsim.measures import CREATURE
from nightsim.narration.catalogue import Catalogue
from nightsim.narration.figures import count, percent
from nightsim.narration.paired import measure_label, sides, signed_points


def render_diff(diff: dict[str, Any], lang: str) -> str:
    t = Catalogue(lang)
    same = diff["same_nights"]  # one run twice: no interval to tell, nothing independent
    out = [t("diff.title_same" if same else "diff.title")]
    for side in ("a", "b"):
        s = diff[side]
        out.append(
            t(
                "diff.side",
                side=side.upper(),
                file=s["file"],
                nights=count(t, s["nights"]),
                seed=shown(str(s["seed"]), quote=False),
                config=str(s["config_sha256"])[:12],
                release=s["nightsim"],
            )
        )
    if same:
        out.append(t("diff.same_nights"))
    elif diff["same_seed"]:
        out.append(t("diff.same_seed", seed=shown(str(diff["a"]["seed"]), quote=False)))
    if diff.get("differ"):  # what --force let through, said before the rows it qualifies
        why = tuple(t(f"diff.q.{d['setting']}", a=d["a"], b=d["b"]) for d in diff["differ"])
        out.append(t("diff.forced", what=why))
    out.append("")
    for row in diff["rows"]:
        d = row["difference"]
        span = t("paired.ci", low=signed_points(t, d["low"]), high=signed_points(t, d["high"]))
        a, b = sides(t, row["a"]["p"], row["b"]["p"], d["d"], width=5)
        if 0 < abs(d["d"]) < 0.0005:  # shown to its first digit (+0.03): the sides to two
            a, b = (percent(t, row[side]["p"], 5, 2) for side in ("a", "b"))
        line = f"{measure_label(t, row):<46} {a}"
        line += f"  {b}  {t('diff.d', d=signed_points(t, d['d']))}"
        line += "" if same else f"  ({span})"
        out.append(f"{line} {t('diff.clear')}" if row["clear"] else line)
    for side in ("a", "b"):  # what --force left out: measures only one report holds
        only = diff.get(f"only_in_{side}") or []
        if only:
            what = ", ".join(_named(t, key) for key in only)
            out.append(t("diff.only_in", side=side.upper(), what=what))
    out += [t(f"diff.not_compared.{key}") for key in diff.get("not_compared", ())]
    if not same:  # the note is about intervals, which one run twice does not have
        out += ["", t("diff.note")]
    return "\n".join(out) + "\n"


def _named(t: Catalogue, key: str) -> str:
    """A key of `only_in_a`/`only_in_b` ("full_rest:Moss", "creature:redcap", "encounter")
    in words; as written where this release does not know the measure (a later release's)."""
    measure, _, who = key.partition(":")
    row = {
        "measure": measure,
        "character": None if measure == CREATURE or not who else who,
        "creature": who if measure == CREATURE else None,
    }
    try:
        return measure_label(t, row)
    except KeyError:
        return key
