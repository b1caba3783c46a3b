"""A SHA-256 over the jsonl logs of many nights on several configs: the engine's fingerprint.

Run it before and after a change to the engine's hot path (a "perf:" commit): the digest
must not move. It is a script, not a test, because a deliberate rule fix *should* move it;
record the new digest in bench/golden_digest.txt in the same commit as the fix.

    python bench/golden_digest.py            # print the digests
    python bench/golden_digest.py --check    # compare with bench/golden_digest.txt (exit 1)
    python bench/golden_digest.py --write    # store them
    python bench/golden_digest.py --rng sha256-ctr-v1 --check   # the older dice's nights
    python bench/golden_digest.py --edition 1 --check   # the nights of rules edition 1

Each rules edition (editions.EDITIONS; the default is the one `run` plays) and each dice
generator (dice.RNG_IDS) has its own store: golden_digest.txt for edition 1's nights on the
default dice, golden_digest-{rng}.txt on the others, golden_digest-edition{N}[-{rng}].txt
for a later edition's. An edition's nights never change once released (a log of it, or of
the older dice, must keep verifying): `--write` refuses to move a line of a released
edition's store (`RELEASED`), and `--check` names the recipe a change to how a night plays
follows instead, a new rules edition (CONTRIBUTING.md, "Changing a rule: a new rules
edition"; `tools/new_edition.py` scaffolds it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nightsim.engine.journey  # noqa: E402
from nightsim.config import Config, default_config_path, load_config  # noqa: E402
from nightsim.editions import CURRENT_EDITION, EDITIONS, readings_for  # noqa: E402
from nightsim.engine.dice import RNG_ID, RNG_IDS, dice_for  # noqa: E402
from nightsim.engine.journey import iter_nights, iter_raw  # noqa: E402
from nightsim.log.writer import write_events  # noqa: E402

# The digests fingerprint the nights, not the release: every header is written as if by the
# release the stores were first made with, so a version bump moves no digest (the header's
# `nightsim` is the only byte a release number changes).
DIGEST_VERSION = "0.3.0"

STORE = Path(__file__).with_name("golden_digest.txt")

#: The editions a release has played, each with the first release that played it: their
#: nights are frozen (a log of them must keep verifying), so their stores are checked, never
#: rewritten. An edition that is not here yet (one `tools/new_edition.py` scaffolded, on its
#: way to a release) may still change; the release that first plays it adds it here.
RELEASED: dict[int, str] = {1: "0.1.0", 2: "0.4.0"}

#: Where a contributor whose change moved a released edition's nights is sent.
RECIPE = 'CONTRIBUTING.md, "Changing a rule: a new rules edition" (tools/new_edition.py)'

# (name, --set overrides, nights per log)
VARIANTS: list[tuple[str, list[str], int]] = [
    ("default", [], 1),
    ("encounter6", ["camp.encounter_chance=6"], 1),
    ("fire3", ["camp.fire_conditions=adverse", "camp.fire_chance=3"], 1),
    ("rota3", ['watch.rota=["Sir Aldric","Moss","Wren"]'], 1),
    (
        "shifts_unwatched",
        [
            'watch.shifts=[{name="Moss",hours=2.5},{name="Wren",hours=1.75},'
            '{name="Moss",hours=1},{name="Sir Aldric",hours=2}]',
            "camp.encounter_chance=4",
        ],
        1,
    ),
    ("rest10", ["rules.rest_hours=10", "camp.encounter_chance=3"], 1),
    ("journey5", ["camp.day=27", "camp.encounter_chance=3"], 5),
    (
        "winter_same_watcher_twice",
        [
            "camp.season=winter",
            'watch.rota=["Moss","Moss","Wren","Sister Ysolde"]',
            "camp.encounter_chance=5",
            "rules.encounter_minutes=90",
        ],
        1,
    ),
    ("empty_rota", ["watch.rota=[]", "camp.encounter_chance=6"], 1),
    ("no_fire_quick", ["camp.fire_starter=false", "rules.quick_rest=true"], 1),
    ("heavy_rain_fire2", ["camp.weather=heavy_rain", "camp.fire_chance=2"], 1),
    # Ties at one minute: the fire dying as the meal is cooked (0.5 h of wood, half of the
    # evening), as the rest period begins (1 h), an encounter that settles at once.
    # (Normal conditions: heavy rain alone would make the fire a 4-in-6 roll, rules.md 2.)
    (
        "tie_cook_fire",
        [
            "camp.weather=heavy_rain",
            "camp.fire_conditions=normal",
            "camp.carried_firewood_hours=0.5",
        ],
        1,
    ),
    (
        "tie_fire_rest",
        [
            "camp.weather=heavy_rain",
            "camp.fire_conditions=normal",
            "camp.carried_firewood_hours=1",
            "camp.encounter_chance=6",
        ],
        1,
    ),
    ("encounter_minutes0", ["rules.encounter_minutes=0", "camp.encounter_chance=6"], 1),
    # rules.md's second reading: snow is adverse by default; the quick option only for easy
    # or moderate nights; a dark camp by choice; carried wood kept on a night without fire;
    # sleeping in after an encounter (with the last shift at dawn, and with the end unwatched).
    ("snow_auto", ["camp.weather=snow"], 1),
    ("winter_quick", ["camp.season=winter", "rules.quick_rest=true"], 1),
    ("dark_camp", ["camp.light_fire=false", "camp.encounter_chance=3"], 1),
    (
        "journey_carried_adverse",
        ["camp.weather=heavy_rain", "camp.fire_chance=2", "camp.carried_firewood_hours=3"],
        4,
    ),
    (
        "sleep_in",
        ["rules.sleep_in=true", "rules.encounter_minutes=45", "camp.encounter_chance=6"],
        1,
    ),
    (
        "sleep_in_unwatched",
        [
            "rules.sleep_in=true",
            "rules.encounter_minutes=90",
            'watch.shifts=[{name="Moss",hours=2.5},{name="Wren",hours=1.75},'
            '{name="Moss",hours=1},{name="Sir Aldric",hours=2}]',
            "camp.encounter_chance=6",
        ],
        1,
    ),
]


def store(rng: str, edition: int = 1) -> Path:
    stem = "golden_digest" if edition == 1 else f"golden_digest-edition{edition}"
    return STORE.with_name(f"{stem}.txt" if rng == RNG_ID else f"{stem}-{rng}.txt")


@contextmanager
def _written_by(version: str) -> Iterator[None]:
    """Headers written as if by `version` for the while (put back after: a test that imports
    this module leaves every other log as it was)."""
    journey: Any = nightsim.engine.journey
    was = journey.__version__
    journey.__version__ = version
    try:
        yield
    finally:
        journey.__version__ = was


def digest(
    config: Config, seeds: int, nights: int, rng: str = RNG_ID, edition: int = CURRENT_EDITION
) -> str:
    h = hashlib.sha256()

    def out(line: str) -> None:
        h.update(line.encode())
        h.update(b"\n")

    with _written_by(DIGEST_VERSION):
        for s in range(seeds):
            write_events(iter_raw(config, s, nights, rng, edition=edition), [out])
    return h.hexdigest()


def outcome_digest(
    config: Config, seeds: int, nights: int, rng: str = RNG_ID, edition: int = CURRENT_EDITION
) -> str:
    """The outcomes of record=False runs (the odds path), seeded as odds seeds them.

    Each outcome is hashed as the JSON of its fields (`fields_of`), not its repr, so that a
    change of the outcome's Python types (a str that becomes a StrEnum member, a class
    renamed, the dataclasses that became named tuples) keeps the digest while any change of
    a value moves it."""
    h = hashlib.sha256()
    for s in range(seeds):
        dice = dice_for(f"golden/{s}", rng)
        readings = readings_for(edition)
        for item in iter_nights(config, dice, nights, record=False, readings=readings):
            h.update(json.dumps(fields_of(item), sort_keys=True).encode())
    return h.hexdigest()


def fields_of(value: Any) -> Any:
    """An outcome as `dataclasses.asdict` gave it while the outcomes were dataclasses: each
    named tuple a dict of its fields, any other tuple a list (the same JSON, so the same
    digests)."""
    if isinstance(value, tuple):
        items = [fields_of(v) for v in value]
        names = getattr(value, "_fields", None)
        return items if names is None else dict(zip(names, items, strict=True))
    return value


def line(
    name: str, sets: list[str], nights: int, seeds: int, rng: str, edition: int, odds: bool
) -> str:
    """One line of a store: a variant's log digest, or (`odds`) its outcomes' digest."""
    cfg = load_config(default_config_path(), sets)
    seeds = max(1, seeds // nights)
    if odds:
        sha = outcome_digest(cfg, seeds * 5, nights, rng, edition)
        return f"{name} odds {seeds * 5}x{nights} {sha}"
    return f"{name} {seeds}x{nights} {digest(cfg, seeds, nights, rng, edition)}"


def moved(want: list[str], got: list[str]) -> list[str]:
    """The lines of `want` (a store) that `got` (the digests now) gives otherwise: a line
    only in `got` (a variant added to VARIANTS) moves nothing."""
    now = {_key(g): g for g in got}
    return [w for w in want if now.get(_key(w), w) != w]


def _key(line: str) -> tuple[str, bool]:
    """A store line's variant and kind (its log or its outcomes), whatever its nights."""
    words = line.split()
    return words[0], words[1] == "odds"


def moved_message(edition: int, rng: str, lines: list[str]) -> str:
    """What a moved night tells: which nights, and the recipe to follow instead."""
    names = ", ".join(dict.fromkeys(w.split()[0] for w in lines))
    if edition in RELEASED:
        what = (
            f"rules edition {edition} was released (nightsim {RELEASED[edition]} on) and its "
            "logs must keep verifying: a change to how a night plays is a new rules edition, "
            f"never a rewritten store. See {RECIPE}."
        )
    else:
        what = (
            f"edition {edition} is not released yet: if the change is meant, store it with "
            f"`python bench/golden_digest.py --edition {edition} --rng {rng} --write`."
        )
    return f"DIGEST CHANGED: the nights of rules edition {edition} on {rng} moved ({names}); {what}"


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--seeds", type=int, default=300)
    ap.add_argument(
        "--rng", choices=RNG_IDS, default=RNG_ID, help="the dice (default: %(default)s)"
    )
    ap.add_argument(
        "--edition",
        type=int,
        choices=EDITIONS,
        default=CURRENT_EDITION,
        help="the rules edition (default: %(default)s)",
    )
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--check", action="store_true")
    g.add_argument("--write", action="store_true")
    args = ap.parse_args()
    lines = []
    for name, sets, nights in VARIANTS:
        for odds in (False, True):
            lines.append(line(name, sets, nights, args.seeds, args.rng, args.edition, odds))
            print(lines[-1], flush=True)
    path = store(args.rng, args.edition)
    want = path.read_text().splitlines() if path.exists() else []
    if args.write:
        frozen = moved(want, lines) if args.edition in RELEASED else []
        if frozen:
            print(moved_message(args.edition, args.rng, frozen), file=sys.stderr)
            print(f"{path.name} not written", file=sys.stderr)
            return 1
        path.write_text("\n".join(lines) + "\n")
    if args.check:
        if want != lines:
            print(
                moved_message(args.edition, args.rng, moved(want, lines) or want), file=sys.stderr
            )
            return 1
        print("digests match")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
