"""What produced a report, in one sentence: every odds text, page and CSV names it.

`produced` is the block `odds --format json` prints as `produced_by` (and the CSV's last
columns): the nightsim version, the config's path (null: the bundled default) and the
SHA-256 of its canonical JSON (what a log's header keeps), the `--set` items, the seed, the
nights, the dice and the rules edition. Two saved reports are told apart by it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nightsim.narration.catalogue import Catalogue

#: The CSV's last columns, in this order, on every row of every kind of odds CSV.
COLUMNS = ("nightsim", "config", "config_sha256", "set", "seed", "nights", "rng", "edition")


def produced(
    config_path: str | None, config_sha256: str, sets: Sequence[str], seed: int | str, nights: int
) -> dict[str, Any]:
    from nightsim import __version__
    from nightsim.editions import CURRENT_EDITION
    from nightsim.engine.dice import RNG_ID

    return {
        "nightsim": __version__,
        "config": config_path,
        "config_sha256": config_sha256,
        "set": list(sets),
        "seed": seed,
        "nights": nights,
        "rng": RNG_ID,
        "edition": CURRENT_EDITION,
    }


def produced_by(t: Catalogue, p: Mapping[str, Any]) -> str:
    """The sentence: "Produced by nightsim 0.4.0 from camp.toml (config sha256 …) with --set
    …; seed 7, 10,000 nights, dice sha256-uniform-v2, rules edition 2."."""
    # Here, not at the top: `odds --format json` prints `produced` and no sentence, and
    # the sentence's numbers bring rich in (`narration.paired`).
    from nightsim.narration.paired import nights_text

    config = p["config"] if p["config"] is not None else t("report.default_config")
    sets = t("report.sets", items=" ".join(p["set"])) if p["set"] else ""
    return t(
        "report.produced_by",
        version=p["nightsim"],
        config=config,
        sha=p["config_sha256"],
        sets=sets,
        seed=p["seed"],
        nights=nights_text(t, p["nights"]),
        rng=p["rng"],
        edition=p["edition"],
    )


def csv_cells(p: Mapping[str, Any]) -> list[object]:
    """The CSV's last cells (`COLUMNS`): `set` as the JSON text of its list, unambiguous
    whatever the items hold; no config path is an empty cell."""
    import json

    sets = json.dumps(p["set"], ensure_ascii=False, separators=(",", ":"))
    config = "" if p["config"] is None else p["config"]
    return [
        p["nightsim"],
        config,
        p["config_sha256"],
        sets,
        p["seed"],
        p["nights"],
        p["rng"],
        p["edition"],
    ]
