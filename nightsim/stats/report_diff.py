"""Two saved `odds` reports side by side (`nightsim odds diff A.json B.json`): each chance of
both, and the difference B - A with its 95% interval, unpaired (docs/odds.md, "Two saved
reports").

The two reports' nights are independent draws (their own seeds, or their own configs), so
the difference is not paired as `--compare`'s is: its interval is Newcombe's hybrid score
interval (Newcombe 1998, method 10), built from the two Wilson intervals each report already
holds, and wider than a paired one. A difference is "clear" when its interval leaves out 0.
Pure: the shell reads the files and prints.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from nightsim.errors import ConfigError
from nightsim.measures import CREATURE
from nightsim.told import Said

# What makes two reports answer one question: the same measures of the same party over
# journeys of the same length and rest periods of the same hours.
QUESTION = ("rest_hours", "nights_per_journey")
# Chances a report holds beside its `probabilities`, which `odds diff` does not compare.
NOT_COMPARED = ("by_night_of_journey",)


def _estimate(x: Any) -> bool:
    return isinstance(x, Mapping) and all(k in x for k in ("p", "low", "high", "k", "n"))


def measures(report: Mapping[str, Any]) -> Iterator[tuple[str, str | None, Mapping[str, Any]]]:
    """(measure, who or None, estimate) of each chance in a plain `odds` report, in its
    order: the party's, a character's (who: the name), a creature's (who: the creature)."""
    for key, value in report["probabilities"].items():
        if _estimate(value):
            yield key, None, value
        elif isinstance(value, Mapping):
            for who, est in value.items():
                if _estimate(est):
                    yield key, str(who), est


def check_report(name: str, report: Any) -> Mapping[str, Any]:
    """`report` if it is a plain `odds` report (`--format json`, no --compare, --sweep or
    --rank-rotas); ConfigError naming `name` if not."""
    if (
        not isinstance(report, Mapping)
        or not isinstance(report.get("nightsim"), str)
        or not isinstance(report.get("probabilities"), Mapping)
    ):
        raise ConfigError(Said("diff.not_odds", file=name))
    return report


def _newcombe(a: Mapping[str, Any], b: Mapping[str, Any]) -> tuple[float, float, float]:
    """B - A and its 95% interval from each side's Wilson interval (unpaired)."""
    pa, la, ua = float(a["p"]), float(a["low"]), float(a["high"])
    pb, lb, ub = float(b["p"]), float(b["low"]), float(b["high"])
    d = pb - pa
    return d, d - math.hypot(pb - lb, ua - pa), d + math.hypot(ub - pb, pa - la)


def report_diff(
    a: Mapping[str, Any], b: Mapping[str, Any], names: tuple[str, str], force: bool = False
) -> dict[str, Any]:
    """The measures both reports hold, B against A, unpaired; ConfigError if they answer
    different questions (another party, other measures, another rest period or journey
    length) unless `force`, which compares what both hold."""
    ka = {(m, w): e for m, w, e in measures(a)}
    kb = {(m, w): e for m, w, e in measures(b)}
    differs = [q for q in QUESTION if a.get(q) != b.get(q)]
    if not force and (differs or ka.keys() != kb.keys()):
        what = _why_other(a, b, differs, len(ka.keys() ^ kb.keys()))
        raise ConfigError(Said("diff.other_question", a=names[0], b=names[1], what=what))
    # One seed over as many nights and dice: the same draws (which only a paired --compare
    # can use); with one config too, the same run.
    same_seed = all(
        a.get(k) is not None and a.get(k) == b.get(k) for k in ("seed", "nights", "rng")
    )
    same_nights = same_seed and a.get("config_sha256") == b.get("config_sha256")
    rows = []
    for (measure, who), ea in ka.items():
        eb = kb.get((measure, who))
        if eb is None:
            continue
        # One run twice: every difference is exactly 0, with nothing left to estimate.
        d, low, high = (0.0, 0.0, 0.0) if same_nights else _newcombe(ea, eb)
        rows.append(
            {
                "measure": measure,
                # as `--compare`'s rows name them: a character's measure, or a creature's
                "character": None if measure == CREATURE else who,
                "creature": who if measure == CREATURE else None,
                "a": {k: ea[k] for k in ("p", "low", "high", "k", "n")},
                "b": {k: eb[k] for k in ("p", "low", "high", "k", "n")},
                "difference": {"d": d, "low": low, "high": high},
                "clear": not low <= 0 <= high,
            }
        )
    return {
        "a": _side(names[0], a),
        "b": _side(names[1], b),
        "paired": False,
        "same_seed": same_seed,
        "same_nights": same_nights,
        "rows": rows,
        "only_in_a": [_key(k) for k in ka if k not in kb],
        "only_in_b": [_key(k) for k in kb if k not in ka],
        # What --force let through: the settings that make them other questions, and the
        # chances either holds outside `probabilities`, which no row compares.
        "differ": [{"setting": q, "a": a.get(q), "b": b.get(q)} for q in differs],
        "not_compared": [k for k in NOT_COMPARED if k in a or k in b],
    }


def _why_other(
    a: Mapping[str, Any], b: Mapping[str, Any], differs: list[str], only: int
) -> tuple[Said, ...]:
    """Why two reports answer different questions, in words: each setting of `QUESTION`
    that differs with both values, and how many measures only one of them holds."""
    said = [Said(f"diff.q.{q}", a=a.get(q), b=b.get(q)) for q in differs]
    if only:
        said.append(Said("diff.q.measures", count=only))
    return tuple(said)


def _side(name: str, r: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("nightsim", "config_sha256", "seed", "nights", "rng", *QUESTION)
    return {"file": name, **{k: r.get(k) for k in keys}}


def _key(k: tuple[str, str | None]) -> str:
    return k[0] if k[1] is None else f"{k[0]}:{k[1]}"
