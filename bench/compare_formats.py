"""Log format 1 -> 2: check that the only differences are the ones format 2 makes.

The old logs come from a checkout of the code before format 2 (`--old`, e.g. `git worktree add
/tmp/fmtbase 9d36216`), run in a subprocess; the new ones from this tree; the same golden
variants and seeds as bench/golden_digest.py. Each old line is mapped by the changes format 2
makes, written out here independently of nightsim/log/format1.py:

- `v` 1 -> 2; `night` added (0 for the header, else the night the line is in);
- every code: the old member's value -> the new member's value, matched by member *name*
  between the two trees' nightsim.codes (`purpose`, `reason`);
- roll targets `<= X` / `>= X` / `1` -> `{"op": ..., "value": ...}`;
- `fire.lit.hours` -> `minutes`, `fire.not_lit.wood_hours` -> `wood_minutes` (round(h * 60));
- the header's `nightsim` 0.1.0 -> 0.2.0; `hash` recomputed.

Then the mapped old line must equal the new line (without `hash`) as JCS text, every new line
must be its own JCS text, and every new hash must chain. The script prints what it changed,
by kind, and exits 1 on any other difference.

    python bench/compare_formats.py --old /tmp/fmtbase [--seeds 300]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rfc8785  # noqa: E402

from bench.golden_digest import VARIANTS  # noqa: E402
from nightsim import codes  # noqa: E402
from nightsim.config import default_config_path, load_config  # noqa: E402
from nightsim.engine.journey import iter_raw  # noqa: E402
from nightsim.log.writer import write_events  # noqa: E402

OLD_SCRIPT = """
import enum, json, sys
sys.path.insert(0, sys.argv[1])
from nightsim.events import LOG_VERSION
assert LOG_VERSION == 1, "--old is not a checkout of format 1"
from nightsim.config import default_config_path, load_config
# The format-1 tree's own module names (before the packages of nightsim/log/ and engine/).
from nightsim.log import write_events
from nightsim.simulate import iter_raw
sets, nights, seeds = json.loads(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
cfg = load_config(default_config_path(), sets)
out = sys.stdout
for s in range(seeds):
    write_events(iter_raw(cfg, s, nights), [lambda line: out.write(line + "\\n")])
    out.write("--\\n")
"""

OLD_CODES = """
import enum, json, sys
sys.path.insert(0, sys.argv[1])
from nightsim import codes
sets = [c for c in vars(codes).values() if isinstance(c, type) and issubclass(c, enum.StrEnum)]
print(json.dumps({c.__name__: {m.name: m.value for m in c} for c in sets if c is not enum.StrEnum}))
"""


def jcs(data: Any) -> str:
    return rfc8785.dumps(data).decode()


def old_logs(old: Path, sets: list[str], nights: int, seeds: int) -> list[list[str]]:
    args = [str(old), json.dumps(sets), str(nights), str(seeds)]
    text = subprocess.run(
        [sys.executable, "-c", OLD_SCRIPT, *args],
        cwd=old,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [chunk.splitlines() for chunk in text.split("--\n")[:-1]]


def code_map(old: Path) -> dict[str, str]:
    """old value -> new value, by member name, over every StrEnum of nightsim.codes."""
    got = subprocess.run(
        [sys.executable, "-c", OLD_CODES, str(old)], cwd=old, check=True, capture_output=True
    ).stdout
    old_sets: dict[str, dict[str, str]] = json.loads(got)
    out: dict[str, str] = {}
    for name, members in old_sets.items():
        new_set = getattr(codes, name)
        for member, value in members.items():
            out[value] = new_set[member].value
    return out


def target(t: Any) -> Any:
    if t is None:
        return None
    for op in ("<=", ">="):
        if t.startswith(op + " "):
            return {"op": op, "value": int(t[3:])}
    return {"op": "==", "value": int(t)}


def mapped(old: dict[str, Any], night: int, codes_: dict[str, str], seen: Counter[str]) -> Any:
    out = dict(old)
    out.pop("hash")
    out["v"] = 2
    seen["v"] += 1
    out["night"] = night
    seen["night"] += 1
    if out["type"] == "night.header":
        assert out["nightsim"] == "0.1.0"
        out["nightsim"] = "0.2.0"
        seen["header nightsim version"] += 1
    if "reason" in out and out["reason"] != codes_[out["reason"]]:
        out["reason"] = codes_[out["reason"]]
        seen["code: reason"] += 1
    for r in out.get("rolls", []):
        if r["purpose"] is not None and r["purpose"] != codes_[r["purpose"]]:
            r["purpose"] = codes_[r["purpose"]]
            seen["code: roll purpose"] += 1
        if r["target"] is not None:
            r["target"] = target(r["target"])
            seen["roll target structured"] += 1
    if out["type"] == "fire.lit":
        out["minutes"] = round(out.pop("hours") * 60)
        seen["fire.lit hours -> minutes"] += 1
    if out["type"] == "fire.not_lit":
        out["wood_minutes"] = round(out.pop("wood_hours") * 60)
        seen["fire.not_lit wood_hours -> wood_minutes"] += 1
    return out


def compare(old: list[str], new: list[str], codes_: dict[str, str], seen: Counter[str]) -> None:
    assert len(old) == len(new), (len(old), len(new))
    prev, night = "0" * 64, 0
    for o_text, n_text in zip(old, new, strict=True):
        o, n = json.loads(o_text), json.loads(n_text)
        assert n_text == jcs(n), "a new line is not its own JCS text"
        body = {k: v for k, v in n.items() if k != "hash"}
        assert n["hash"] == hashlib.sha256((prev + jcs(body)).encode()).hexdigest()
        prev = n["hash"]
        seen["hash recomputed"] += o["hash"] != n["hash"]
        if o["type"] == "night.began":
            night = o["night"]
        want = mapped(o, 0 if o["type"] == "night.header" else night, codes_, seen)
        if jcs(want) != jcs(body):
            diff = sorted(k for k in set(want) | set(body) if want.get(k) != body.get(k))
            raise AssertionError(f"unexpected difference in {o['type']}: {diff}")
        old_form = json.dumps(want, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        if old_form != jcs(want):
            # The only text-form difference: a number with a fraction (`4.0` -> `4`).
            assert old_form.replace(".0,", ",").replace(".0}", "}") == jcs(want), o["type"]
            seen["text form (JCS numbers: 4.0 -> 4)"] += 1
        seen["lines"] += 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", type=Path, required=True, help="checkout of the format-1 code")
    ap.add_argument("--seeds", type=int, default=300)
    args = ap.parse_args()
    codes_ = code_map(args.old)
    total: Counter[str] = Counter()
    for name, sets, nights in VARIANTS:
        seeds = max(1, args.seeds // nights)
        seen: Counter[str] = Counter()
        new_logs = []
        config = load_config(default_config_path(), sets)
        for s in range(seeds):
            out: list[str] = []
            write_events(iter_raw(config, s, nights), [out.append])
            new_logs.append(out)
        old = old_logs(args.old, sets, nights, seeds)
        assert len(old) == len(new_logs)
        for o, n in zip(old, new_logs, strict=True):
            compare(o, n, codes_, seen)
        print(f"{name} {seeds}x{nights}: {seen['lines']} lines, as expected", flush=True)
        total += seen
    print(f"{len(VARIANTS)} variants, {total['lines']} lines; the only differences:")
    for kind, n in sorted(total.items()):
        if kind != "lines":
            print(f"  {kind}: {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
