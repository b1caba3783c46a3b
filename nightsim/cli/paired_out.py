"""`nightsim odds --compare KEY=VALUE...`: config B against config A over the same nights."""

from __future__ import annotations

import argparse
from typing import Any

from nightsim.cli.common import UsageError, config_from_args
from nightsim.config.overrides import blamed_on
from nightsim.told import Said

Row = list[object]


def config_b(args: argparse.Namespace) -> Any:
    """The config with --set, then the --compare items on top. A mistake in an item is
    blamed on it as `--compare ITEM` (the config and --set alone have loaded already)."""
    try:
        config, _ = config_from_args(args.config, [*args.set, *args.compare])
    except UsageError as exc:
        said = exc.args[0] if exc.args else None
        if isinstance(said, Said) and "option" in said.fields:  # a --set item's problem
            raise UsageError(blamed_on(said, "--compare")) from None
        raise
    return config


def run_compare(
    args: argparse.Namespace, config: Any, other: Any, seed: int | str, jobs: int, per: int
) -> int:
    from nightsim.cli.odds import (
        DEFAULT_NIGHTS,
        ReportOutputs,
        _progress,
        rendered,
        tell_report,
        with_produced,
    )
    from nightsim.cli.page import print_compare_page
    from nightsim.stats import odds as odds_mod
    from nightsim.stats.two_configs import compare_configs as compare

    nights = args.nights if args.nights is not None else DEFAULT_NIGHTS
    units = odds_mod.journeys_for(nights, per)
    with _progress(units * per * 2, Said("progress.a_b"), args.lang) as progress:
        report = compare(
            config,
            other,
            seed,
            nights,
            per_journey=per,
            jobs=jobs,
            progress=progress,
            changes=args.compare,
        )
    report = with_produced(report, args, config, seed)
    text = rendered("nightsim.narration.paired", "render_compare")
    return tell_report(
        args, report, seed, per, ReportOutputs(compare_table, print_compare_page, text)
    )


def compare_table(r: dict[str, Any]) -> tuple[list[str], list[Row]]:
    """`odds --compare --format csv`: a row per measure (and character), the JSON's numbers:
    A's and B's estimates with their bounds, the difference B - A with its bounds, and
    `clear`, `paired`, `identical`, `unpaired_nights` (empty where the JSON has null); then
    what B was, on every row: `compare`, the `--compare` items (the JSON text of their list,
    as `set` names A's `--set` items), and `config_b_sha256`. Without them a saved CSV
    could not tell one comparison from another."""
    import json

    header = [
        "measure",
        "character",
        "creature",
        *(f"{side}{s}" for side in ("a", "b") for s in ("", "_low", "_high")),
        "diff",
        "diff_low",
        "diff_high",
        "clear",
        "paired",
        "identical",
        "unpaired_nights",
        "compare",
        "config_b_sha256",
    ]
    b = [json.dumps(r["changes"], ensure_ascii=False, separators=(",", ":")), r["config_b_sha256"]]
    rows: list[Row] = []
    for m in r["measures"]:
        cells: Row = [m["measure"], m["character"] or "", m.get("creature") or ""]
        for side in ("a", "b"):
            est = m[side]
            cells += ["" if est[k] is None else est[k] for k in ("p", "low", "high")]
        cells += ["" if m[k] is None else m[k] for k in ("diff", "low", "high")]
        cells += [
            m["clear"],
            m["paired"],
            m["identical"],
            "" if m["unpaired_nights"] is None else m["unpaired_nights"],
            *b,
        ]
        rows.append(cells)
    return header, rows
