"""Logs for the tests: a default-config log's lines or file, and a forger's re-chaining."""

from __future__ import annotations

from pathlib import Path

from nightsim.config import default_config_path, load_config
from nightsim.engine.journey import iter_raw
from nightsim.log.writer import write_events
from tests.helpers.narration import STORY
from tests.helpers.nights import cfg


def log_lines(seed: int | str = 11, nights: int = 1) -> list[str]:
    """A default-config log as its file's lines, each with its newline (as `open(.., "rb")`
    would give them)."""
    config = cfg()
    out: list[str] = []
    write_events(iter_raw(config, seed, nights), [out.append])
    return [line + "\n" for line in out]


def edited(lines: list[str], at: int, **changes: object) -> list[str]:
    """Line `at` with `changes` on top, every hash down the chain recomputed (`rehash`)."""
    import json

    out = list(lines)
    out[at] = json.dumps({**json.loads(out[at]), **changes}) + "\n"
    return rehash(out)


def rehash(lines: list[str]) -> list[str]:
    """What a careful forger does after editing: recompute every hash down the chain."""
    import json

    from nightsim.log.writer import GENESIS, canonical_json, line_hash

    prev, out = GENESIS, []
    for line in lines:
        data = json.loads(line)
        data.pop("hash")
        data["hash"] = prev = line_hash(prev, data)
        out.append(canonical_json(data) + "\n")
    return out


def write_log(path: Path, seed: int | str, nights: int = 1, sets: tuple[str, ...] = ()) -> Path:
    """The log `run --log PATH --set …` writes, written to `path`."""
    config = load_config(default_config_path(), list(sets))
    lines: list[str] = []
    write_events(list(iter_raw(config, seed, nights)), [lines.append])
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def log_text(seed: int | str = STORY, nights: int = 1) -> str:
    """The text of the default config's log (the README's night unless told)."""
    lines: list[str] = []
    write_events(list(iter_raw(load_config(default_config_path()), seed, nights)), [lines.append])
    return "".join(line + "\n" for line in lines)
