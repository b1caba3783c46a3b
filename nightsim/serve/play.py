"""Playing a night from the server: a campaign's next night, or a camp's night with its log
written in DIR/logs/ as `nightsim run` writes one. Each is committed (the campaign's
transaction, the log's rename) before a single event is shown (docs/serve.md)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path


@dataclass(frozen=True)
class Played:
    lines: list[str]  # the night's log lines, header first
    number: int  # the campaign's night number (1 for a camp's night)
    head: str
    log: str  # where the log is, relative to DIR


def campaign_night(path: Path, sets: Sequence[str] = (), wait: float = 0.0) -> Played:
    from nightsim.campaign import Campaign

    with Campaign.open(path, wait=wait) as c:
        night = c.play(sets=list(sets))
    return Played(night.lines, night.number, night.head, f"{path.name}#{night.number}")


def camp_night(root: Path, toml: Path, seed: str | None, sets: Sequence[str] = ()) -> Played:
    from nightsim import load_config, write_log
    from nightsim.limits import SECRET_SEED_CHARS, guessable

    if seed and guessable(seed):
        # The players' screen shows the seed's commitment: a short seed is found back from
        # it, and with it every roll behind the screen (docs/serve.md).
        from nightsim.told import Said

        raise ValueError(Said("serve.seed_short", chars=SECRET_SEED_CHARS))
    config = load_config(toml, list(sets))
    chosen: str | int = seed if seed else secrets.randbelow(2**63)
    logs = root / "logs"
    logs.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in str(chosen))[:40]
    target = logs / f"night-{stamp}-{safe}.jsonl"
    n = 1
    while target.exists():
        n += 1
        target = logs / f"night-{stamp}-{safe}-{n}.jsonl"
    head = write_log(target, config, chosen)
    lines = target.read_text(encoding="utf-8").splitlines()
    return Played(lines, 1, head, os.path.relpath(target, root))
